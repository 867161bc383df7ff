"""One build at a time per output folder (issue 15, item 1; sitegen/write.py, commands/build.py).

Two builds into one folder (``sitegen serve`` while ``sitegen build`` runs, two CI jobs on one
runner) used to delete each other's staging folders and swap in a partial site with exit 0.
Now the folder's lock lets one write at a time (the other stops with a clear message), and a
staging folder is removed only when the process that made it is dead.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen.cli import main
from fresh_renders import render
from sitegen.write import MARKER, MARKER_TEXT, OutputBusy, OutputLock

SMALL = Path(__file__).parent / "sites" / "small" / "content"
BUSY = "another sitegen process (pid {pid}) is writing the output folder output"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _build_at_the_signal(start, results, index: int) -> None:
    """A forked build: wait for the start signal, build, report (status, stderr)."""
    err = io.StringIO()
    start.wait()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(["build"])
    results.put((index, status, err.getvalue()))


@pytest.mark.slow
def test_two_builds_started_together_always_leave_a_complete_site(tmp_path, monkeypatch):
    """20 times: two builds released at the same instant; each ends in a complete build or in
    the lock's message, and output/ is always the complete site."""
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SITEGEN_NO_CACHE", "1")  # both really build, every time
    complete = {**render(Path("content"), None), MARKER: MARKER_TEXT}
    context = multiprocessing.get_context("fork")
    outcomes = []
    for _ in range(20):
        start, results = context.Event(), context.Queue()
        builds = [context.Process(target=_build_at_the_signal, args=(start, results, i)) for i in (0, 1)]
        for process in builds:
            process.start()
        start.set()
        done = sorted(results.get(timeout=120) for _ in builds)
        for process in builds:
            process.join(timeout=60)
        for index, status, err in done:
            # The holder's id is shown once it has written it into the lock file.
            busy = (rf"sitegen build: error: another sitegen process( \(pid {builds[1 - index].pid}\))? "
                    r"is writing the output folder output; ")
            assert status == 0 or re.match(busy, err), (status, err)
            outcomes.append(status)
        assert snapshot(Path("output")) == complete
        assert [p.name for p in tmp_path.iterdir() if ".staging" in p.name] == []
    assert 0 in outcomes


def test_a_held_lock_stops_the_build_with_a_clear_message(site, run):
    site({})
    assert run("build")[0] == 0
    before = snapshot(Path("output"))
    with OutputLock(Path("output")):
        status, _out, err = run("build")
    assert status == 1
    assert err == [f"sitegen build: error: {BUSY.format(pid=os.getpid())}; wait until it has "
                   "finished, or choose another --output [output.busy]", "1 error; nothing was written"]
    assert snapshot(Path("output")) == before
    assert run("build")[0] == 0  # released: the next build runs


def test_the_lock_of_a_killed_process_is_taken_over(site, run):
    site({})
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from sitegen.write import "
         "OutputLock; OutputLock(Path('output')).acquire(); print('held', flush=True); time.sleep(600)"],
        cwd=Path.cwd(), stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(OutputBusy, match=f"pid {holder.pid}"):
            OutputLock(Path("output")).acquire()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        holder.stdout.close()
    assert Path(".output.sitegen-lock").read_text() == f"{holder.pid}\n"  # left by the dead process
    assert run("build")[0] == 0


def test_a_staging_folder_of_a_live_process_is_never_deleted(site, run):
    """Only the staging folders of dead processes are removed, never another build's."""
    site({})
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        theirs = Path(f".output.staging-{other.pid}-abc")
        (theirs / "leagues").mkdir(parents=True)
        (theirs / "leagues/index.html").write_text("being written")
        assert run("build")[0] == 0
        assert (theirs / "leagues/index.html").read_text() == "being written"
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait()
    unknown = Path(".output.staging-made-by-hand")
    unknown.mkdir()
    Path("content/site.yaml").write_text("title: Changed\n")
    assert run("build")[0] == 0
    assert not theirs.exists()  # its process is dead now
    assert unknown.is_dir()  # no process to ask: left alone
