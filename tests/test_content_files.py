"""Only regular files inside content/ are read (issue 15, item 3; sitegen/validate, sitegen/load.py).

A symbolic link in content (to ``/dev/zero``, ``/dev/urandom``, a FIFO, a secret file, a
folder elsewhere) and a special file (a FIFO) are refused before anything is opened, and
nothing of the target is printed. The dangerous cases run ``sitegen build`` in a child process
under a memory limit and a time bound, so that the code before the fix (which read
``/dev/zero`` until memory ran out and waited on a FIFO forever) fails instead of hanging the
suite; the bound is a guard, not a speed measurement.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.diagnostics import Diagnostics
from sitegen.load import read_text

REPO = Path(__file__).parent.parent
SECRET = "ghp_TOKEN_THAT_MUST_NOT_LEAK"
LINK_ERROR = ("error: symbolic links are not followed in content; put the file itself in the "
              "content folder [content.symlink]")


def limited() -> None:
    """Cap the child's memory at 2 GB: reading /dev/zero then fails instead of swapping."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def build_in_child(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SITEGEN_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-m", "sitegen", "build"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60, preexec_fn=limited)


@pytest.fixture
def outside(tmp_path):
    """A folder beside the site holding a secret file and a FIFO."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "secret").write_text(f"{SECRET}\n")
    (folder / "secrets.yaml").write_text(f"players: {SECRET}\n")
    os.mkfifo(folder / "fifo")
    return folder


@pytest.mark.parametrize("link, target", [
    ("content/pages/zero.md", "/dev/zero"),
    ("content/pages/random.md", "/dev/urandom"),
    ("content/site.yaml", "elsewhere/fifo"),
    ("content/site.yaml", "elsewhere/secret"),
    ("content/players/more.yaml", "elsewhere/secrets.yaml"),
])
def test_a_link_to_a_special_or_secret_file_is_refused_and_nothing_is_read(site, outside, link, target):
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    (root / link).parent.mkdir(parents=True, exist_ok=True)
    (root / link).unlink(missing_ok=True)
    (root / link).symlink_to(target if target.startswith("/") else root / target)
    done = build_in_child(root)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"{link}:1:1: {LINK_ERROR}", "1 error; nothing was written"]
    assert SECRET not in done.stdout + done.stderr
    assert not (root / "output").exists()


def test_a_linked_folder_is_refused_and_its_files_are_not_read(site, outside):
    root = site({})
    (root / "content/players").symlink_to(outside, target_is_directory=True)
    done = build_in_child(root)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"content/players:1:1: {LINK_ERROR}", "1 error; nothing was written"]
    assert SECRET not in done.stdout + done.stderr


def test_a_fifo_in_content_is_refused_without_waiting_on_it(site):
    root = site({})
    (root / "content/pages").mkdir()
    os.mkfifo(root / "content/pages/news.md")
    done = build_in_child(root)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "content/pages/news.md:1:1: error: a FIFO is not a regular file; content holds only files "
        "and folders; remove it [content.special]", "1 error; nothing was written"]


def test_a_linked_content_folder_is_refused(site, run):
    root = site({})
    os.rename(root / "content", root / "real")
    (root / "content").symlink_to(root / "real", target_is_directory=True)
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == ("content:1:1: error: the content folder is a symbolic link; pass the folder "
                      "itself with --content [content.symlink]")
    assert (status, run("--content", "real", "build")[0]) == (1, 0)


def test_no_file_outside_content_is_opened(site, outside):
    """No file the build opens (Python's audit event "open") leads outside content/."""
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    (root / "content/pages/leak.md").symlink_to(outside / "secret")
    (root / "content/players").mkdir()
    (root / "content/players/more.yaml").symlink_to(outside / "secrets.yaml")
    opened: list[str] = []
    recording = [True]

    def hook(event: str, args: tuple) -> None:
        if recording[0] and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            opened.append(os.fsdecode(args[0]))

    sys.addaudithook(hook)  # audit hooks cannot be removed: this one is switched off below
    try:
        with pytest.raises(Exception) as refused:
            render(root / "content", None)
        (root / "content/players.yaml").read_bytes()  # the hook sees what is opened
    finally:
        recording[0] = False
    assert type(refused.value).__name__ == "SitegenError"
    assert opened[-1] == str(root / "content/players.yaml")
    elsewhere = os.path.realpath(outside) + os.sep
    assert [path for path in opened if os.path.realpath(path).startswith(elsewhere)] == []


def test_reading_a_link_directly_opens_nothing(outside, tmp_path):
    """read_text, the only reader, refuses a link or a FIFO itself (lstat, O_NOFOLLOW)."""
    (tmp_path / "link.yaml").symlink_to(outside / "secret")
    diags = Diagnostics()
    assert read_text(tmp_path / "link.yaml", "link.yaml", diags) is None
    assert read_text(outside / "fifo", "fifo", diags) is None
    assert [d.format() for d in diags.sorted()] == [
        "fifo:1:1: error: not a regular file; content holds only files and folders; remove it "
        "[content.special]", f"link.yaml:1:1: {LINK_ERROR}"]
