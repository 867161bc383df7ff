"""The removal of earlier runs' temporary folders that tests/conftest.py starts beside the tests
(tests/earlier_runs.py): it removes what pytest's own end-of-session removal would, and no more."""

from __future__ import annotations

import subprocess
import time

from earlier_runs import removal_command


def test_the_removal_keeps_the_newest_runs_and_a_running_one(tmp_path):
    """Five runs' folders with 3 kept: pytest-4 and pytest-5 and this run's pytest-6 stay;
    pytest-1 and pytest-3 (older, lock gone) and a leftover garbage folder go; pytest-2, as old
    but locked a moment ago (its run is still going), stays."""
    root = tmp_path / "pytest-of-someone"
    for number in range(1, 7):
        (root / f"pytest-{number}" / "test_x0").mkdir(parents=True)
        (root / f"pytest-{number}" / "test_x0" / "file.txt").write_text("x")
    (root / "garbage-0123").mkdir()
    (root / "pytest-2" / ".lock").write_text("")
    dead_before = time.time() - 3600  # a lock older than an hour is a dead run's
    done = subprocess.run(removal_command(root, 3, dead_before), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in root.iterdir()) == ["pytest-2", "pytest-4", "pytest-5", "pytest-6"]
    assert (root / "pytest-4" / "test_x0" / "file.txt").read_text() == "x"
