"""Earlier runs' temporary folders removed while the tests run, not after the last one
(tests/conftest.py's ``pytest_sessionstart`` and ``pytest_sessionfinish``).

pytest keeps the base temporary folders of the last 3 runs (``tmp_path_retention_count``) under
``/tmp/pytest-of-USER/pytest-N`` and removes the older ones in its own ``pytest_sessionfinish``,
after the last test's ``[100%]`` and before the summary line. A whole run of this suite leaves
about 70,000 files (650 MB) there, and removing one run's folder took 12 to 96 s on the
project's machines (ext4 mounted with online discard: the time is the disk's, not the CPU's),
so a run looked hung after ``[100%]`` (bench/README.md, "The wait after [100%]").

Here the same removal, by pytest's own function (``_pytest.pathlib.cleanup_numbered_dir``, with
the same count and the same lock rule: a folder whose run is still going is kept), starts in a
child process when the session starts, beside the tests, and the session's end waits for it
only if it has not finished, saying so in one line. pytest's own removal still runs after it and
finds nothing left to do; if the child failed, that removal does the work, as before, after the
line that says so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REMOVER = """\
import os, sys
from pathlib import Path
from _pytest.pathlib import cleanup_numbered_dir
os.nice(10)
cleanup_numbered_dir(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
"""
"""The child's program: argv ``root prefix keep dead_before`` as pytest's own cleanup takes them."""

PREFIX = "pytest-"
"""The prefix of pytest's numbered base temporary folders (``TempPathFactory.getbasetemp``)."""

removal_key = pytest.StashKey[subprocess.Popen]()
"""Where the session keeps its child (``config.stash``)."""


def removal_command(root: Path, keep: int, dead_before: float) -> list[str]:
    """The command that removes the numbered folders under ``root`` older than the newest
    ``keep`` (and leftover ``garbage-*`` folders), skipping a folder whose lock file is newer
    than ``dead_before`` (seconds since the epoch: its run is still going)."""
    return [sys.executable, "-c", REMOVER, str(root), PREFIX, str(keep), str(dead_before)]


def start_removing(config: pytest.Config) -> None:
    """Start removing earlier runs' base temporary folders beside the tests (the main process
    only: an xdist worker is given its base folder, as is a run with ``--basetemp``)."""
    factory = getattr(config, "_tmp_path_factory", None)
    keep = int(config.getini("tmp_path_retention_count"))
    if (factory is None or config.option.basetemp or keep == 0
            or config.getini("tmp_path_retention_policy") == "none"):
        return
    from _pytest.pathlib import LOCK_TIMEOUT

    basetemp = factory.getbasetemp()
    command = removal_command(basetemp.parent, keep, basetemp.stat().st_mtime - LOCK_TIMEOUT)
    config.stash[removal_key] = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def finish_removing(config: pytest.Config) -> None:
    """Wait for the removal started by :func:`start_removing`, saying so if it is still going,
    and say so if it failed (pytest's own removal then does it, after this line)."""
    child = config.stash.get(removal_key, None)
    if child is None:
        return
    del config.stash[removal_key]
    running = child.poll() is None
    if not running and child.returncode == 0:
        return
    terminal = config.get_terminal_writer()
    if terminal.width_of_current_line:  # after the progress's "[100%]"
        terminal.line()
    if running:
        terminal.line("removing earlier runs' temporary folders (pytest keeps the last "
                      f"{config.getini('tmp_path_retention_count')}) ...")
        child.wait()
    if child.returncode != 0:
        terminal.line(f"the removal of earlier runs' temporary folders failed (exit {child.returncode}); "
                      "pytest removes them now ...")
