"""A build killed at any moment leaves the previous site intact (issue 9; sitegen/write.py).

The site is generated (bench/synthetic.py), built once, then changed so that every page
changes; builds of the new content are killed with SIGKILL while computing and at moments
after their write phase has begun. After each kill ``output/`` must be byte-identical to
either the old site or the complete new one, never a mix.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))

from synthetic import generate  # noqa: E402

from sitegen.commands.build import build as build_with  # noqa: E402
from fresh_renders import render  # noqa: E402
from sitegen.write import MARKER, MARKER_TEXT  # noqa: E402


def build(*args, **kwargs):
    """``sitegen.commands.build.build`` with the default theme's kept code, as ``sitegen build``
    runs it (sitegen.theme_code): compiling the theme's templates from their source was three
    quarters of the CPU of a build of the small site from scratch, and is not what is tested here."""
    return build_with(*args, theme_code=True, **kwargs)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow  # a generated site built twice and six builds killed
def test_killed_build_leaves_previous_site_intact(tmp_path):
    generate(tmp_path, scale=0.02)
    content, output = tmp_path / "content", tmp_path / "output"
    build(content, output)
    old = snapshot(output)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(site_yaml.read_text().replace("Synthetic Federation", "Renamed Federation"))
    new = {**render(content, None), MARKER: MARKER_TEXT}
    assert new != old

    command = [sys.executable, "-m", "sitegen", "--content", str(content), "build", "--output", str(output)]
    # Kill once while the site is still being computed, then at moments after the write phase
    # has begun (its staging folder exists), where a non-atomic writer would leave a mix.
    kills = 0
    for delay in (None, 0.0, 0.002, 0.01, 0.03, 0.1):
        build_old_site(tmp_path, old)
        process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        if delay is None:
            time.sleep(0.3)
        else:
            wait_for_staging(tmp_path, process)
            time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        if process.wait() == -signal.SIGKILL:
            kills += 1
        after = snapshot(output)
        assert after == old or after == new, f"mixed site after a kill (delay {delay})"
    assert kills >= 3
    # The next build clears the staging folders that killed builds left behind.
    build(content, output)
    assert snapshot(output) == new
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".output.staging")] == []


def wait_for_staging(root: Path, process: subprocess.Popen, limit: float = 120.0) -> None:
    """Return as soon as the build's staging folder appears (or the build has ended)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and process.poll() is None:
        if any(p.name.startswith(".output.staging-") for p in root.iterdir()):
            return
        time.sleep(0.0005)


def build_old_site(root: Path, old: dict[str, bytes]) -> None:
    """Put the old site back in ``output/`` exactly."""
    import shutil

    output = root / "output"
    shutil.rmtree(output)
    for path, data in old.items():
        target = output / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


# --------------------------------------------------------------------------- content writers

sys.path.insert(0, str(Path(__file__).parent))
from killing import killer  # noqa: E402
from writing_site import COMMANDS, write_site  # noqa: E402

WRITE_STEPS = """\
os.open = before(os.open, lambda args: under_content(args) and args[1] & os.O_CREAT)
for name in ("replace", "rename", "unlink"):
    setattr(os, name, before(getattr(os, name), under_content))"""
"""A file created, renamed into place or removed under content/ (and every flush) is a step."""


def content_files(root: Path) -> dict[str, bytes]:
    """Return every file under ``root/content`` by its relative path, hidden ones included."""
    return snapshot(root / "content")


@pytest.mark.slow  # four commands, each killed at every step of its write
@pytest.mark.parametrize("command", ["result add", "next-season", "pair", "player add"])
def test_a_killed_content_writer_leaves_old_or_new_content_and_no_stray_file(tmp_path, command, run,
                                                                            monkeypatch):
    """issue 30 item 9: a command that writes content, SIGKILLed before each step of its write,
    leaves the content old or new; a temporary file it leaves is named by check (a warning)
    and removed by the next command that writes content, which then succeeds; nothing goes
    to the system's temporary folder.

    Only the killed command runs in a process of its own (it must be killed); the commands
    around it (the command that makes the new content, check after each kill, the command run
    again) run in this one, in the site's folder with the same ``$SITEGEN_TODAY`` and the same
    temporary folder (``tempfile.tempdir``): a new Python process importing sitegen for each was
    about 0.35 s of CPU, two or three times per kill."""
    import tempfile

    argv, _ = COMMANDS[command]
    temporary = tmp_path / "tmp"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "TMPDIR": str(temporary),
           "SITEGEN_TODAY": "2025-03-02", "PYTHONDONTWRITEBYTECODE": "1"}
    temporary.mkdir()
    monkeypatch.setenv("SITEGEN_TODAY", env["SITEGEN_TODAY"])
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))

    def sitegen(root: Path, *arguments: str) -> tuple[int, str, list[str]]:
        """``run`` (tests/conftest.py) in ``root``: exit status, stdout, stderr's lines."""
        monkeypatch.chdir(root)
        return run(*arguments)

    old = content_files(write_site(tmp_path / "old"))
    status, _, err = sitegen(write_site(tmp_path / "new"), *argv)
    assert status == 0, err
    new = content_files(tmp_path / "new")
    assert new != old
    script = tmp_path / "kill.py"
    kills = leftovers = 0
    for k in range(1, 20):
        root = tmp_path / f"k{k}"
        write_site(root)
        script.write_text(killer(k, WRITE_STEPS), encoding="utf-8")
        proc = subprocess.run([sys.executable, str(script), *argv], cwd=root, capture_output=True,
                              text=True, env=env)
        assert list(temporary.iterdir()) == [], k
        if proc.returncode != -signal.SIGKILL:
            assert proc.returncode == 0, proc.stderr
            assert content_files(root) == new
            break
        kills += 1
        after = content_files(root)
        stray = sorted(set(after) - set(old) - set(new))
        assert {p: after[p] for p in after if p not in stray} in (old, new), k
        assert all(re.fullmatch(r"(.*/)?\.[^/]+\.[0-9]+\.[0-9a-f]{8}\.tmp", p) for p in stray), stray
        status, _, err = sitegen(root, "check")
        assert status == 0, err
        named = [line for line in err if "[content.leftover]" in line]
        assert named == [f"content/{p}:1:1: warning: a temporary file left by a sitegen command "
                         "killed while writing; the file it was for is whole; remove it (the next "
                         "sitegen command that writes content does), and do not commit it "
                         "[content.leftover]" for p in stray], (k, err)
        leftovers += bool(stray)
        if after == new:
            continue  # done: running the command again would be refused (a result entered)
        status, out, err = sitegen(root, *argv)
        assert status == 0, (k, err)
        assert out.startswith("removed what an interrupted write left: ") == bool(stray), k
        assert content_files(root) == new, k
    assert list(temporary.iterdir()) == []
    assert kills >= 3 and leftovers >= 2, (kills, leftovers)


sys.path.insert(0, str(Path(__file__).parent))
from edits import demo_site, flip_league_result  # noqa: E402


@pytest.fixture(scope="module")
def flipped_demo(tmp_path_factory) -> tuple[tuple[dict[str, bytes], dict[str, bytes]], ...]:
    """What the killed-cache tests compare with, made once for their ten cases (each case's
    content is the same: the demo of tests/edits.py with league result 2 reversed, then 5 too):
    ``((content files, fresh build's output), ...)`` after each of the two edits, the output
    with sitegen's marker. Each case checks that its own content equals these files before it
    compares its output with the fresh build's, so the output is compared with a fresh build
    of the very content it was built from."""
    root = demo_site(tmp_path_factory.mktemp("flipped"))
    made = []
    for number in (2, 5):
        flip_league_result(root, number)
        made.append((content_files(root), {**render(root / "content", None), MARKER: MARKER_TEXT}))
    return tuple(made)


@pytest.mark.parametrize("point", ["unit", "torn", "replace", "before-index", "cleanup"])
@pytest.mark.parametrize("cached", [False, True])
def test_a_build_killed_while_writing_the_cache_leaves_one_the_next_build_can_trust(tmp_path, point, cached,
                                                                                   flipped_demo):
    """Issue 30: a build killed (SIGKILL) at points of writing the cache (after a unit's blob,
    half-way through a file, before a file's rename, before the index, before the unused blobs
    are deleted; the hook SITEGEN_TEST_KILL_SAVE of sitegen/store.py), in a build from scratch
    and in a cached build: the next build and the one after give a fresh build's bytes (the
    fresh builds: :func:`flipped_demo`)."""
    import shutil

    (first_content, first_fresh), (second_content, second_fresh) = flipped_demo
    root = demo_site(tmp_path)
    content, output = root / "content", root / "output"
    if cached:
        build(content, output)
    flip_league_result(root, 2)
    assert content_files(root) == first_content
    command = [sys.executable, "-m", "sitegen", "--content", str(content), "build", "--output", str(output)]
    killed = subprocess.run(command, cwd=root, env={**os.environ, "SITEGEN_TEST_KILL_SAVE": point},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert killed.returncode == -signal.SIGKILL
    build(content, output)
    assert snapshot(output) == first_fresh
    flip_league_result(root, 5)
    assert content_files(root) == second_content
    again = build(content, output)
    assert again.note == ""
    assert snapshot(output) == second_fresh
    shutil.rmtree(output)
