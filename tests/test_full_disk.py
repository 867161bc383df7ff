"""A full disk or a file size limit stops every writing command cleanly (issue 30 item 8).

Each command runs in a fresh process whose file size limit (``RLIMIT_FSIZE``, ``ulimit -f``)
is smaller than any file it writes: the write fails with EFBIG, as on a full disk with ENOSPC
(sitegen ignores SIGXFSZ at its start, so the limit is an error, not a kill). The command must
exit 1 with one error naming the file and what happened, no traceback, and leave the content,
the site and its cache exactly as they were (bytes, mtimes, no new entry); the same command
without the limit then succeeds. Nothing goes to the system's temporary folder.

Only the limited commands need a process of their own; the builds that make the site and the
commands run again without the limit run in the test process (:func:`unlimited`), with the
same temporary folder and ``$SITEGEN_TODAY``: a new Python process importing sitegen was about
0.35 s of CPU each.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen.cli import main

sys.path.insert(0, str(Path(__file__).parent))
from writing_site import COMMANDS, FILES, PLAYERS  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
LIMIT = 100
"""Bytes: less than any file the commands below write (a season, a tournament, a page)."""

HINT = ("; free space on that disk (or raise the file size limit, ulimit -f), then run the command "
        "again: the files are as they were before [file.write]")


def sitegen(root: Path, *argv: str, limit: int | None = None) -> subprocess.CompletedProcess:
    """Run ``sitegen ARGV`` in ``root`` in a fresh process, with a file size limit of
    ``limit`` bytes if given; the system's temporary folder is ``root/tmp``."""
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": str(root / "tmp"),
           "PYTHONPATH": str(REPO), "SITEGEN_TODAY": "2025-03-02"}
    return subprocess.run([sys.executable, "-m", "sitegen", *argv], cwd=root, capture_output=True,
                          text=True, timeout=300, env=env,
                          preexec_fn=limited if limit is not None else None)


def state(root: Path) -> dict[str, tuple]:
    """Return every entry under ``root``: files with their bytes and mtime, folders, links
    (the output folder's lock file, which every build opens, by its bytes only)."""
    found = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        relative = path.relative_to(root).as_posix()
        if relative == ".output.sitegen-lock":
            found[relative] = ("lock", path.read_bytes())
        elif path.is_symlink():
            found[relative] = ("link", os.readlink(path))
        elif path.is_dir():
            found[relative] = ("folder",)
        else:
            found[relative] = ("file", path.read_bytes(), info.st_mtime_ns)
    return found


@pytest.fixture
def unlimited(run, monkeypatch):
    """Return a function that runs ``sitegen ARGV`` in ``root`` in this process without a
    limit, as :func:`sitegen` does in a fresh one (``root/tmp`` the temporary folder,
    ``$SITEGEN_TODAY`` set): ``(exit status, stdout, stderr's lines)`` (tests/conftest.py's
    ``run``)."""
    import tempfile

    monkeypatch.setenv("SITEGEN_TODAY", "2025-03-02")

    def invoke(root: Path, *argv: str) -> tuple[int, str, list[str]]:
        monkeypatch.chdir(root)
        monkeypatch.setattr(tempfile, "tempdir", str(root / "tmp"))
        return run(*argv)

    return invoke


@pytest.fixture
def league_site(tmp_path, unlimited):
    """A site with a league to start, a Swiss tournament to pair and to enter a result in,
    built once (so that a site and its cache exist)."""
    root = tmp_path / "site"
    for relative, text in FILES.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    (root / "tmp").mkdir()
    status, _, err = unlimited(root, "build")
    assert status == 0, err
    return root


@pytest.mark.slow  # a dozen fresh processes
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_size_limit_stops_a_content_writer_cleanly_and_the_next_run_succeeds(league_site, command, unlimited):
    argv, named = COMMANDS[command]
    before = state(league_site)
    done = sitegen(league_site, *argv, limit=LIMIT)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr == f"{named}: error: cannot write: File too large{HINT}\n1 error; nothing was written\n"
    assert state(league_site) == before
    status, _, err = unlimited(league_site, *argv)
    assert status == 0, err
    assert state(league_site) != before
    assert list((league_site / "tmp").iterdir()) == []


@pytest.mark.slow
def test_a_size_limit_stops_a_build_and_keeps_the_site_and_its_cache(league_site, unlimited):
    """The content changes, so the build writes new pages; the limit stops it: output/ and
    the cache beside it are as the last build left them, and the next build succeeds."""
    players = league_site / "content" / "players.yaml"
    players.write_text(PLAYERS.replace("name: Ann", "name: Anna"), encoding="utf-8")
    before = state(league_site)
    done = sitegen(league_site, "build", limit=LIMIT)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.endswith(
        "sitegen build: error: cannot write the output folder output: File too large; free space "
        "on that disk (or raise the file size limit, ulimit -f); the site is as it was [output]\n"
        "1 error; nothing was written\n"), done.stderr
    assert state(league_site) == before
    status, _, err = unlimited(league_site, "build")
    assert status == 0, err
    assert list((league_site / "tmp").iterdir()) == []
    assert "Anna" in (league_site / "output" / "players" / "ann" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_size_limit_stops_new_and_leaves_no_folder(tmp_path, unlimited):
    (tmp_path / "tmp").mkdir()
    done = sitegen(tmp_path, "new", "club", limit=LIMIT)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr == f"club: error: cannot write: File too large{HINT}\n1 error; nothing was written\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tmp"]
    assert unlimited(tmp_path, "new", "club")[0] == 0
    assert list((tmp_path / "tmp").iterdir()) == []


def test_result_add_checks_the_change_in_memory(tmp_path, monkeypatch, capsys):
    """No copy of the content folder (issue 30): the temporary folder stays empty, even
    while the command runs (copying is refused), and the result is entered."""
    for relative, text in FILES.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def refused(*args, **kwargs):
        raise AssertionError("the content folder was copied")
    monkeypatch.setattr(shutil, "copytree", refused)
    monkeypatch.setattr("tempfile.mkdtemp", refused)
    assert main(["result", "add", "swiss/spring/t1", "ben", "dee", "2-0"]) == 0
    assert "      - [ben, dee, 2-0]\n" in (tmp_path / COMMANDS["result add"][1]).read_text(encoding="utf-8")
    assert capsys.readouterr().out.startswith("entered ")
