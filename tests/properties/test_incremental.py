"""Incremental builds give, after any sequence of edits, the site a fresh build gives, byte for
byte (issue 18; sitegen/incremental/).

Hypothesis chooses sequences of edits of the demo site (tests/edits.py: results reversed in
leagues, tournaments, ladders and Swiss leagues, games and seasons added, seasons removed,
players renamed and added, tournaments added, pages, templates and settings edited, files saved
unchanged or put back as they were). After each edit the dev server's builder
(:class:`sitegen.devsite.Site`, keeping its state from build to build) and ``sitegen build``
with its cache (the state written beside the output and read back by the next build) must give
exactly what a fresh build gives: the same files with the same bytes and the same warnings,
or the same errors.
The example count is small and the examples derandomized, so that CI runs the same few.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from edits import EDITS, demo_site  # noqa: E402
from fresh_renders import FreshRenders, tree_key  # noqa: E402

from sitegen import load  # noqa: E402
from sitegen.commands.build import build, plan  # noqa: E402
from sitegen.diagnostics import SitegenError  # noqa: E402
from sitegen.hostfiles import host_files  # noqa: E402
from sitegen.devsite import Site  # noqa: E402
from sitegen.render import make_environment, render_site  # noqa: E402
from sitegen.write import MARKER  # noqa: E402

BASE_URL = "https://example.org/league/"
"""A full address, so that the feed and the sitemap are made too."""

pytestmark = pytest.mark.slow  # dozens of builds of the demo site


@pytest.fixture(autouse=True)
def every_file_read_again():
    """Every YAML file goes through sitegen.load.parse_yaml_again, not only the large ones:
    the incremental builds here take each speed path that a federation's archive takes."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load, "REMEMBER_FROM_CHARS", 0)
        yield

edit_sequences = st.lists(st.tuples(st.sampled_from(EDITS), st.integers(0, 10**6)), min_size=1,
                          max_size=5)


Outcome = tuple[dict[str, bytes] | None, list[str]]
"""A build's files and warning lines, or None and its error lines."""


def fresh_once(site: Path, renders: FreshRenders) -> Outcome:
    """:func:`fresh` of ``site``, made once per set of files in the test process (tests/fresh_renders.py)
    and handed out again: every example starts from the same demo (its first fresh build was
    made five times for the first test here and once more for the second), and an edit may put the
    files back as an earlier step had them. The caller works in ``site`` (its warnings then name
    the files by the same path, ``content/...``, whatever folder the example copied the demo to),
    and changes nothing it is handed."""
    return renders.get(("incremental chain", tree_key(site / "content", site / "templates"), BASE_URL,
                        Path.cwd() == site), lambda: fresh(site))


def fresh(site: Path) -> Outcome:
    """Build ``site`` from scratch, as a new ``sitegen build`` process would (``plan`` hands the
    build a new sitegen.remembered.Remembered: nothing remembered from the builds before; the
    default theme's templates compiled once and kept beside it, sitegen.theme_code, as the
    command keeps them: compiling them from their source took about 30 % of each fresh build's
    CPU; the dev server still compiles them from their source):
    ``(files, warnings)`` or ``(None, error lines)``."""
    try:
        content, planned = plan(site / "content", BASE_URL)
        environment = make_environment(content.config, site / "templates", theme_code=True)
        files = render_site(planned, content.config, site / "templates", environment=environment)
    except SitegenError as error:
        return None, [d.format() for d in error.diagnostics]
    files.update(host_files(content.config))
    return files, [d.format() for d in planned.warnings]


def incremental(builder: Site) -> Outcome:
    try:
        builder.build()
    except SitegenError as error:
        return None, [d.format() for d in error.diagnostics]
    assert builder.state is not None
    return dict(builder.files), [d.format() for d in builder.state.warnings]


def built(site: Path) -> Outcome:
    """Run ``sitegen build`` (with the cache of the last one and, as the command does, the
    default theme's kept code) into ``site/output``; return what the output folder then holds
    (without sitegen's marker file) and the warnings, or the errors."""
    output = site / "output"
    try:
        result = build(site / "content", output, site / "templates", BASE_URL, theme_code=True)
    except SitegenError as error:
        return None, [d.format() for d in error.diagnostics]
    return {p.relative_to(output).as_posix(): p.read_bytes() for p in output.rglob("*")
            if p.is_file() and p.name != MARKER}, [d.format() for d in result.warnings]


def differences(got: dict[str, bytes] | None, want: dict[str, bytes] | None) -> list[str]:
    if got is None or want is None:
        return []
    return sorted(path for path in set(got) | set(want) if got.get(path) != want.get(path))


@settings(max_examples=5, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(edits=edit_sequences)
def test_incremental_builds_equal_fresh_builds(tmp_path_factory, fresh_renders, edits):
    site = demo_site(tmp_path_factory.mktemp("site"))
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(site)
        chain(site, edits, fresh_renders)


def chain(site: Path, edits: list[tuple], renders: FreshRenders) -> list[str | None]:
    """Build ``site`` (the working folder) with the dev server's builder and with ``sitegen
    build``, then make each ``(edit, number)`` in turn and build again; after each, both must
    give what a fresh build gives (:func:`fresh_once`). Return the edits' descriptions."""
    builder = Site(site / "content", site / "templates", BASE_URL)
    want = fresh_once(site, renders)
    assert incremental(builder) == want and built(site) == want
    done = []
    for edit, number in edits:
        done.append(edit(site, number))
        want = fresh_once(site, renders)
        got = incremental(builder)
        assert got == want, ("dev server", done, differences(got[0], want[0]), got[1], want[1])
        got = built(site)
        assert got == want, ("sitegen build", done, differences(got[0], want[0]), got[1], want[1])
    return done


def test_every_kind_of_edit_in_turn(tmp_path, monkeypatch, fresh_renders):
    """Each kind of edit once, one after another, so that every kind is met whatever examples
    Hypothesis draws."""
    site = demo_site(tmp_path)
    monkeypatch.chdir(site)
    done = chain(site, [(edit, 11) for edit in EDITS], fresh_renders)
    assert None not in done, done  # every edit found something to change
