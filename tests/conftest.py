"""Shared fixtures: small content trees written into temporary folders, and a CLI runner.

Layers follow the pipeline: a site folder -> loaded content -> a built output folder.
"""

from __future__ import annotations

import gc
import os
import re
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import settings

from sitegen.cli import main
from sitegen.progress import STAGES

sys.path.insert(0, str(Path(__file__).parent))
from earlier_runs import finish_removing, start_removing  # noqa: E402
from fresh_renders import FreshRenders, render  # noqa: E402
from threads import thread_names, threads_left, threads_now  # noqa: E402

# Property tests draw the same examples on every run (CI, a newcomer's first run), so that a
# red run is a change's doing, not a new draw; SITEGEN_FUZZ_RANDOM=1 draws afresh to hunt for
# new counterexamples (then add what it finds as an explicit example). No deadline: the suite
# asserts no speed (bench/ measures it), and Hypothesis's default 200 ms per example failed
# tests/test_first_season.py's placement property on a loaded machine (an example took 261 ms:
# DeadlineExceeded, then FlakyFailure); 36 tests had already turned it off one by one.
settings.register_profile("fixed", derandomize=True, deadline=None)
settings.register_profile("random", derandomize=False, deadline=None)
settings.load_profile("random" if os.environ.get("SITEGEN_FUZZ_RANDOM") == "1" else "fixed")

TESTS = Path(__file__).parent
REPO = TESTS.parent
SHARED = REPO.parent / "shared"


def pytest_sessionstart(session):
    """Remove earlier runs' temporary folders beside the tests (tests/earlier_runs.py)."""
    start_removing(session.config)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session):
    """Wait for that removal before pytest's own (which then finds nothing to remove), in a
    line saying so if it is still going, instead of pytest's silent wait before the summary.

    In a pytest-xdist worker: collect the garbage once and freeze what is left (``gc.freeze``)
    before the worker reports that it has finished. Otherwise the full collections of pytest's
    ``pytest_unconfigure`` and cleanup (each a few seconds over a worker's heap on a loaded
    machine, holding the GIL) ran after that report, while the main process was already telling
    the worker to exit; execnet gives a worker 5 s and then sends it a SIGINT, which landed in
    Hypothesis's gc callback as a ``PytestUnraisableExceptionWarning`` (or, past 10 s, the
    worker was killed). Garbage freed here still meets pytest's unraisable-exception hook."""
    finish_removing(session.config)
    if hasattr(session.config, "workerinput"):
        gc.collect()
        gc.freeze()


def pytest_collection_modifyitems(items):
    """Put the tests marked ``early`` first, in their order, the rest after them in theirs.

    Each is one long test (a minute or more of one worker on CI's two cores). pytest-xdist's
    ``load`` scheduler hands the collection out in order, so a long test collected late started
    near the end of the run and ended it alone on one worker while the other had nothing left
    to do (tests/test_release.py's wheel test, 80 % of the way through the collection). First,
    it runs while the other worker takes the short tests, which then fill both workers' end."""
    items.sort(key=lambda item: item.get_closest_marker("early") is None)


@pytest.fixture(autouse=True)
def no_thread_left_running():
    """Fail a test that leaves a thread running (daemon or not) that was not running when it
    started: such a thread makes forking unsafe for every later test in the same process
    (pytest-xdist worker), so sitegen's forked helpers and render workers would quietly run
    in one process there (sitegen.workers.can_fork), and tests/test_workers.py and
    tests/test_template_sandbox.py fail. Threads of higher-scoped fixtures, started before,
    are not the test's; the error names the threads left."""
    before = threads_now()
    yield
    left = threads_left(before)
    if left:
        pytest.fail(f"the test left {len(left)} thread(s) running: {thread_names(left)}; "
                    "stop and join them in the test (or its fixtures)", pytrace=False)


MINIMAL_PLAYERS = """\
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cy, name: Cy}
"""


def write_tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` ({relative path: text}, dedented) under ``root``; return ``root``."""
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture
def every_tree_kept():
    """Keep every content file's parse tree for the next reading, not only the large files'
    (sitegen.load.REMEMBER_FROM_CHARS 0): the "read again" tests of the dev server's kept
    groups, rounds and ladder entries (tests/test_*_again.py) use small files."""
    from sitegen import load
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load, "REMEMBER_FROM_CHARS", 0)
        yield


@pytest.fixture(scope="session")
def demo_files() -> Mapping[str, bytes]:
    """The demo site (the repository's content/, no base URL, the built-in templates) as
    ``sitegen.commands.build.render`` returns it, ``{relative path: bytes}``, rendered once per
    test process (each pytest-xdist worker) and shared read-only (a ``MappingProxyType``: a test
    that tried to change it would fail). Tests that read the unchanged demo take it from here
    instead of rendering it again, each (eight renders of the demo in seven files before)."""
    return MappingProxyType(render(REPO / "content", None))


@pytest.fixture(scope="session")
def fresh_renders() -> FreshRenders:
    """The fresh builds of this test process, each made once per set of files
    (tests/fresh_renders.py): tests/test_build_cache.py's tests, which compare a cached build's
    output with a fresh build of the same files, take it from here (the small site with the
    same page edited, in many of them; the demo after the same league result, in three)."""
    return FreshRenders()


@pytest.fixture
def site(tmp_path, monkeypatch):
    """Return a function that writes a content tree into a fresh folder and cds there."""
    monkeypatch.chdir(tmp_path)

    def make(files: dict[str, str]) -> Path:
        base = {"content/site.yaml": "title: Test\n", "content/players.yaml": MINIMAL_PLAYERS}
        base.update(files)
        return write_tree(tmp_path, base)

    return make


STAGE_LINE = re.compile(r"(?:%s): .* s(?: \(\d+ \w+/s\))?" % "|".join(
    re.escape(label) for label, _ in STAGES.values()))
"""A line of the progress display off a terminal (sitegen.progress), e.g.
``computing: 3 competitions in 0.01 s``."""


@pytest.fixture
def run(capsys):
    """Run the CLI; return (exit status, stdout, stderr lines). The stderr lines are the
    errors, warnings and messages: the progress display's stage lines, which build, check and
    serve also print there, are left out (tests/test_progress.py tests them)."""

    def invoke(*argv: str):
        status = main(list(argv))
        captured = capsys.readouterr()
        return status, captured.out, [line for line in captured.err.splitlines()
                                      if line and not STAGE_LINE.fullmatch(line)]

    return invoke

