"""The front half of a build split over two processes (sitegen.pipeline, issue 9) gives the
same content as one process, and still reports every problem in one run.

Each run is a fresh process that sees one or two CPUs (tests/processes.py); the number of
processes it forked shows that the two-CPU run really split its work.
"""

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from processes import large_archive, prepare, sitegen  # noqa: E402

pytestmark = pytest.mark.slow  # a generated archive, prepared and checked in fresh processes

NOT_SPLIT = "the two-CPU run forked nothing: is the archive still large enough to be split?"


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    return large_archive(tmp_path_factory.mktemp("large"))


def test_two_processes_prepare_what_one_does(archive, tmp_path):
    one, one_forks = prepare(archive, 1, tmp_path)
    two, two_forks = prepare(archive, 2, tmp_path)
    assert one_forks == 0 and two_forks >= 1, NOT_SPLIT
    assert not isinstance(one, list), one  # the content, not diagnostics
    assert two == one


def test_errors_of_both_processes_are_reported_together(archive, tmp_path):
    """A mistake in every rule set (whichever process loads it): both runs report all of them,
    with the same lines, exit status 1."""
    content = tmp_path / "content"
    shutil.copytree(archive, content)
    broken = []
    for folder in ("leagues", "tournaments", "ladders"):
        target = sorted((content / folder).rglob("*.yaml"))[-1]
        with open(target, "a", encoding="utf-8") as file:
            file.write("\nnot_a_key: 1\n")
        broken.append(target.relative_to(tmp_path).as_posix())
    serial = sitegen("check", cpus=1, cwd=tmp_path)
    parallel = sitegen("check", cpus=2, cwd=tmp_path)
    assert serial.forks == 0 and parallel.forks >= 1, NOT_SPLIT
    assert (serial.status, parallel.status) == (1, 1)
    assert parallel.err == serial.err
    errors = [line for line in parallel.err.splitlines() if ": error: " in line]
    assert sorted(line.split(":")[0] for line in errors) == sorted(broken), parallel.err
    assert all("not_a_key" in line for line in errors), parallel.err
