"""A large site is rendered and written by worker processes (issue 9) with the same bytes as by
one process, and a rebuild rewrites exactly the files whose bytes changed.

Each build is ``sitegen build`` in a fresh process that sees one or two CPUs
(tests/processes.py); the number of processes it forked shows that the work was split.
"""

import re
import shutil
import sys
from pathlib import Path

import pytest

from sitegen.commands.build import render
from sitegen.write import MARKER, MARKER_TEXT

sys.path.insert(0, str(Path(__file__).parent))
from processes import large_archive, sitegen, stamps, tree  # noqa: E402

pytestmark = pytest.mark.slow  # a generated site of ~750 pages, built in fresh processes


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A large archive built with one CPU into one/ and with two into two/: ``(folder, runs)``."""
    root = tmp_path_factory.mktemp("large")
    large_archive(root)
    runs = {name: sitegen("build", "--output", name, cpus=cpus, cwd=root)
            for name, cpus in (("one", 1), ("two", 2))}
    return root, runs


def stages(err: str) -> list[str]:
    """Return the lines of stderr with the times of the progress lines taken out (issue 19):
    ``["computing: 4 competitions", ..., "swapping"]``; any other line is kept whole."""
    return [re.sub(r"(?: in [\d.]+ s(?: \(\d+ pages/s\))?|: [\d.]+ s)$", "", line)
            for line in err.splitlines()]


def test_two_processes_build_what_one_does(built):
    """The two-CPU build forks more processes than its front half alone (``sitegen check``):
    the pages are rendered and written by workers too. Both builds write the in-memory site,
    byte for byte, every round of every tournament with its standings.json and CSV. Their
    progress (stderr, one line per stage off a terminal) counts the same files, competitions
    and pages, those of the helper process and the render workers included (issue 19)."""
    root, runs = built
    one, two = runs["one"], runs["two"]
    front_half = sitegen("check", cpus=2, cwd=root)
    assert one.forks == 0 and two.forks > front_half.forks, "the render was not split"
    expected = {**render(root / "content"), MARKER: MARKER_TEXT}
    content = root / "content"
    files = sum(1 for path in content.rglob("*") if path.suffix in (".yaml", ".md"))
    competitions = (len([path for path in (content / "leagues").iterdir() if path.is_dir()])
                    + len(list((content / "tournaments").glob("*.yaml")))
                    + len(list((content / "ladders").glob("*.yaml"))))
    pages = sum(1 for path in expected if path.endswith(".html"))
    progress = [f"loading and validating: {files} files", f"computing: {competitions} competitions",
                f"rendering and writing: {pages} pages", "swapping"]
    assert (one.status, two.status, stages(one.err), stages(two.err)) == (0, 0, progress, progress)
    assert tree(root / "one") == expected
    assert tree(root / "two") == expected
    rounds = [path for path in expected if path.startswith("tournaments/") and "/round-" in path]
    assert len(rounds) >= 3 * 5  # index.html, standings.json and .csv of 5 rounds or more
    # A round's first page sits in round-N/ with its files; its later pages (round-N/2/, ...)
    # carry more rows of the same round and no files of their own (issue 31).
    firsts = [path for path in rounds if re.search(r"/round-\d+/index\.html$", path)]
    assert len(firsts) >= 5
    for page in firsts:
        folder = page.removesuffix("index.html")
        assert folder + "standings.json" in expected and folder + "standings.csv" in expected


def test_rebuild_by_two_processes_rewrites_only_changed_files(built, tmp_path):
    """After one changed result, the next two-CPU build writes the new site; files whose bytes
    changed are written anew (new inode and time), the others are kept as they were."""
    content, output = tmp_path / "content", tmp_path / "output"
    shutil.copytree(built[0] / "content", content)
    shutil.copytree(built[0] / "two", output)
    before, old = tree(output), stamps(output)

    season = sorted((content / "leagues").rglob("*.yaml"))[-1]
    text = season.read_text()
    assert "result: B+R" in text
    season.write_text(text.replace("result: B+R", "result: W+R", 1))
    after = {**render(content), MARKER: MARKER_TEXT}
    changed = sorted(path for path in after if before.get(path) != after[path])
    assert 0 < len(changed) < 20

    rebuilt = sitegen("build", cpus=2, cwd=tmp_path)
    assert rebuilt.status == 0 and rebuilt.forks >= 1
    assert f"({len(changed)} files written, {len(after) - len(changed)} unchanged)" in rebuilt.out
    assert tree(output) == after
    new = stamps(output)
    assert sorted(path for path in new if new[path] != old.get(path)) == changed
