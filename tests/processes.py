"""sitegen in a fresh process that sees a given number of CPUs and counts what it forks.

Shared by the tests of the two-process build (tests/test_pipeline.py,
tests/test_render_parallel.py). A fresh process matters twice: sitegen never forks a process
that runs threads (a test may have left one running: tests/conftest.py fails such a test, but a
fresh process does not depend on it), and its default number of processes is the number of
CPUs it sees, so the very same public command runs in one process (``cpus=1``) or in two
(``cpus=2``). The number of forks tells the two apart, so a test cannot pass by comparing a
one-process build with another one.

A large archive is what makes a build split its work; :func:`large_archive` writes one that
is large by both measures sitegen uses today (bytes of rule-set files, pages), yet quick to
build: a synthetic federation at 3 % (bench/synthetic.py, about 750 pages) whose ladder file
carries 4 MB of comment lines.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
from synthetic import generate  # noqa: E402

PRELUDE = """\
import os, sys
forks = []
os.register_at_fork(after_in_parent=lambda: forks.append(1))
cpus = int(os.environ["SITEGEN_TEST_CPUS"])
os.cpu_count = lambda: cpus
os.sched_getaffinity = lambda pid: set(range(cpus))
os.process_cpu_count = lambda: cpus
def report_forks():
    with open(os.environ["SITEGEN_TEST_FORKS"], "w") as file:
        file.write(str(len(forks)))
"""

CLI = PRELUDE + """\
from sitegen.cli import main
try:
    status = main(sys.argv[1:])
finally:
    report_forks()
sys.exit(status)
"""

PREPARE = PRELUDE + """\
import pickle
from pathlib import Path
from sitegen.diagnostics import SitegenError
from sitegen.pipeline import prepare
try:
    result = prepare(Path(sys.argv[1]), None, int(sys.argv[2]))[0]
except SitegenError as error:
    result = error.diagnostics
finally:
    report_forks()
with open(sys.argv[3], "wb") as file:
    pickle.dump(result, file)
"""


@dataclass(frozen=True)
class Run:
    """A finished sitegen process: exit status, stdout, stderr, and how many processes it forked."""

    status: int
    out: str
    err: str
    forks: int


def sitegen(*argv: str, cpus: int, cwd: Path) -> Run:
    """Run ``sitegen ARGV...`` in a fresh process that sees ``cpus`` CPUs."""
    forks = cwd / ".forks"
    done = subprocess.run([sys.executable, "-c", CLI, *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env=_environ(cpus, forks))
    return Run(done.returncode, done.stdout, done.stderr, int(forks.read_text()))


def prepare(content_dir: Path, jobs: int, scratch: Path) -> tuple[object, int]:
    """Return what ``sitegen.pipeline.prepare(content_dir, None, jobs)`` gives in a fresh process
    (the Content, or the diagnostics it raised) and how many processes it forked."""
    forks, result = scratch / ".forks", scratch / "prepared.pickle"
    subprocess.run([sys.executable, "-c", PREPARE, str(content_dir), str(jobs), str(result)],
                   check=True, timeout=300, env=_environ(jobs, forks))
    with open(result, "rb") as file:
        return pickle.load(file), int(forks.read_text())


def _environ(cpus: int, forks: Path) -> dict[str, str]:
    return {**os.environ, "SITEGEN_TEST_CPUS": str(cpus), "SITEGEN_TEST_FORKS": str(forks),
            "SITEGEN_NO_CACHE": "1"}


def large_archive(root: Path) -> Path:
    """Write a synthetic archive that a build splits over two processes; return its content
    folder."""
    generate(root, scale=0.03)
    ladder = root / "content" / "ladders" / "federation.yaml"
    with open(ladder, "a", encoding="utf-8") as file:
        file.write(("# " + "notes of the ladder's history " * 2 + "\n") * 64_000)
    return root / "content"


def tree(folder: Path) -> dict[str, bytes]:
    """Return ``{relative path: bytes}`` of every file under ``folder``."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    """Return ``{relative path: (inode, mtime_ns)}``: a file written anew changes both."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}
