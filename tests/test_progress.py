"""Progress by stage and the build's summary (issue 19): bars on a terminal, one line per stage
in a log or a pipe, nothing but errors and warnings with --quiet, the skipped and reused work
with --verbose, and a summary whose counts are the site's.

The command line runs as a user runs it: in a fresh process, under a pseudo-terminal (the
``pty`` module) or with its output piped.
"""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from sitegen.progress import LineProgress, Progress, TerminalProgress, for_stream
from sitegen.workers import map_forked, run_beside

TESTS = Path(__file__).parent
REPO = TESTS.parent
SMALL = TESTS / "sites" / "small" / "content"

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""Any control character but tab and newline: a carriage return, an escape sequence."""


def environ(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("GITHUB_ACTIONS", "SITEGEN_NO_CACHE", "TERM", "COLUMNS")}
    return {**env, "PYTHONPATH": str(REPO), **extra}


def piped(*argv: str, cwd: Path, **env: str) -> tuple[int, str, str]:
    """Run ``sitegen ARGV`` with stdout and stderr piped: ``(status, stdout, stderr)``."""
    done = subprocess.run([sys.executable, "-m", "sitegen", *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env=environ(**env))
    return done.returncode, done.stdout, done.stderr


def on_terminal(*argv: str, cwd: Path, until: str | None = None, program: list[str] | None = None,
                columns: int = 100, **env: str) -> tuple[int, str]:
    """Run ``sitegen ARGV`` (``program``: default ``python -m sitegen``) on a pseudo-terminal
    of ``columns`` x 24 (stdin, stdout and stderr): ``(status, everything it wrote)``. With
    ``until``, stop the process (SIGTERM) once its output holds that text (a server): status 0."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24 if columns else 0, columns, 0, 0))
    program = program or [sys.executable, "-m", "sitegen"]
    process = subprocess.Popen([*program, *argv], cwd=cwd, stdin=slave,
                               stdout=slave, stderr=slave, env=environ(TERM="xterm", **env))
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if until is not None and until.encode() in output:
                process.terminate()
                break
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError as error:  # EIO: the process closed the terminal
                if error.errno != errno.EIO:
                    raise
                break
            if not chunk:
                break
            output += chunk
        status = process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return (0 if until is not None else status), output.decode("utf-8", "replace")


def stage_lines(err: str) -> list[str]:
    """Return the lines of ``err`` with the stage times taken out."""
    return [re.sub(r"(?: in [\d.]+ s(?: \(\d+ pages/s\))?|: [\d.]+ s)$", "", line)
            for line in err.splitlines()]


@pytest.fixture
def small(tmp_path) -> Path:
    """The folder holding a copy of the small test site as ``content/``."""
    shutil.copytree(SMALL, tmp_path / "content")
    return tmp_path


SMALL_STAGES = ["loading and validating: 5 files", "computing: 1 competition",
                "rendering and writing: 14 pages", "swapping"]
"""The small site's stages, counted by hand: site.yaml, players.yaml, league.yaml, 2024.yaml
and about.md; one league; the pages home, 404, about, the players' index, five players, the
league, its season, two groups and the league rules page (the rule ids explained)."""


# --------------------------------------------------------------------------- the reporters


def test_a_count_of_a_later_stage_is_kept_until_it_starts():
    """The pipeline's helper may compute while this process still loads: its competitions are
    counted from the start of "computing"."""
    progress = Progress()
    with progress:
        progress.start("load")
        progress.advance("load", 2)
        progress.advance("compute", 3)
        progress.start("compute", total=5)
        progress.advance("compute", 2)
    assert [(s.name, s.count, s.total) for s in progress.stages.values()] == [
        ("load", 2, None), ("compute", 5, 5)]
    assert all(s.seconds is not None for s in progress.stages.values())


def test_lines_one_per_stage_and_none_for_a_failed_one():
    stream = io.StringIO()
    progress = LineProgress(stream)
    with pytest.raises(RuntimeError), progress:
        progress.start("load")
        progress.advance("load", 4)
        progress.note("only with --verbose")
        progress.start("compute", total=2)
        raise RuntimeError("a failure while computing")
    assert stage_lines(stream.getvalue()) == ["loading and validating: 4 files"]


def test_the_terminal_display_starts_no_thread(monkeypatch):
    """A thread would keep the build from forking its render workers (workers.can_fork):
    tqdm's monitor thread (started with a first bar, by default) is turned off."""
    from tqdm import tqdm

    monkeypatch.setattr(tqdm, "monitor_interval", 10)  # tqdm's default
    threads = threading.active_count()
    stream = io.StringIO()
    progress = TerminalProgress(stream)
    with progress:
        progress.start("render", total=300)
        for _ in range(3):
            progress.advance("render", 100)
        assert threading.active_count() == threads
    assert "rendering and writing" in stream.getvalue()


def test_a_stream_gets_the_reporter_it_can_show(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 2

    assert type(for_stream(io.StringIO())) is LineProgress
    assert type(for_stream(io.StringIO(), quiet=True)) is Progress
    assert type(for_stream(Terminal(), quiet=True)) is Progress
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((100, 24)))
    assert type(for_stream(Terminal())) is TerminalProgress
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((0, 0)))
    assert type(for_stream(Terminal())) is LineProgress  # bars of no width would show nothing
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((39, 24)))
    assert type(for_stream(Terminal())) is LineProgress  # bars would wrap on every redraw
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((40, 24)))
    assert type(for_stream(Terminal())) is TerminalProgress
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((100, 24)))
    assert type(for_stream(Terminal())) is LineProgress


# --------------------------------------------------------------------------- reports of other processes


def _square(shared: int, task: int) -> int:
    return shared + task * task


def test_map_forked_reports_each_task_as_it_finishes():
    done: list[tuple[int, int]] = []
    results = map_forked(_square, 100, list(range(7)), 2, on_done=lambda i, r: done.append((i, r)))
    assert results == [100 + n * n for n in range(7)]
    assert sorted(done) == list(enumerate(results))


def _counting(shared: str, task: list[str], send) -> str:
    for item in task:
        send((os.getpid(), item))
    return shared + "".join(task)


def test_run_beside_hands_over_the_helpers_messages():
    """Every message of both processes reaches the caller, each process's in its order."""
    received: list[tuple[int, str]] = []
    mine, theirs = run_beside(_counting, ">", list("abc"), list("xyz"), on_message=received.append)
    assert (mine, theirs) == (">abc", ">xyz")
    here = [item for pid, item in received if pid == os.getpid()]
    there = [item for pid, item in received if pid != os.getpid()]
    assert (here, there) == (list("abc"), list("xyz"))


# --------------------------------------------------------------------------- the command line


def test_piped_build_prints_one_line_per_stage_and_no_control_characters(small):
    status, out, err = piped("build", cwd=small)
    assert status == 0
    assert stage_lines(err) == SMALL_STAGES
    assert not CONTROL.search(out) and not CONTROL.search(err)
    assert out.startswith("built 14 pages into output/ (")


def test_build_on_a_terminal_shows_each_stage_then_the_summary(small):
    status, out = on_terminal("build", cwd=small)
    assert status == 0
    for label in ("loading and validating: ", "computing: ", "rendering and writing: ", "swapping"):
        assert label in out
    assert re.search(r"rendering and writing: +\d+%\|.*\| *\d+/14 pages \[.*pages/s\]", out)
    assert "\r" in out  # redrawn in place
    assert not re.search(r"rendering and writing: 14 pages in", out)  # stage lines: --verbose
    lines = out.split("\r\n")
    summary = lines.index("  leagues: 1 league, 1 season, 2 groups, 6 games")
    assert lines[summary - 1].endswith("built 14 pages into output/ (25 files written, 0 unchanged)")
    assert lines[summary + 1:summary + 2] == ["  players: 5"]


def test_a_terminal_of_no_width_gets_one_line_per_stage(small):
    """A pseudo-terminal that says it is 0 columns wide (``script`` run without a terminal, a
    bare ``pty.openpty()``) would draw bars of no width; it gets the stage lines instead."""
    status, out = on_terminal("build", cwd=small, columns=0)
    assert status == 0
    assert stage_lines(out.replace("\r\n", "\n"))[:4] == SMALL_STAGES[:4]


def test_verbose_on_a_terminal_keeps_each_stage_with_its_time(small):
    status, out = on_terminal("build", "--verbose", cwd=small)
    assert status == 0
    for line in SMALL_STAGES:
        assert re.search(re.escape(line) + r"(?: in|:) [\d.]+ s", out), line


def test_quiet_prints_nothing_on_a_valid_build(small):
    assert piped("build", "--quiet", cwd=small) == (0, "", "")
    assert piped("check", "-q", cwd=small) == (0, "", "")
    assert on_terminal("build", "--quiet", "--output", "other", cwd=small) == (0, "")
    assert on_terminal("check", "--quiet", cwd=small) == (0, "")


def test_quiet_prints_warnings_and_errors_as_always(small):
    ladder = ("name: L\nmembers:\n  - {player: ann, rung: 3k}\n  - {player: bob, rung: 3k}\n"
              "log:\n  - {date: 2025-01-07, white: ann, black: bob, result: B+R}\n"
              "  - {date: 2025-01-07, white: ann, black: bob, result: B+R}\n")
    (small / "content" / "ladders").mkdir()
    (small / "content" / "ladders" / "l.yaml").write_text(ladder, encoding="utf-8")
    status, out, quiet = piped("build", "-q", "--output", "quiet", cwd=small)
    assert (status, out) == (0, "")
    status, _, err = piped("build", cwd=small)
    warnings = err.splitlines()[len(SMALL_STAGES):]
    assert quiet.splitlines() == warnings and warnings
    assert all(line.startswith("content/ladders/l.yaml:7:") and ": warning: " in line for line in warnings)
    (small / "content" / "players.yaml").write_text("players: [", encoding="utf-8")
    status, out, quiet = piped("build", "-q", cwd=small)
    assert (status, out, quiet) == (1, "", piped("build", cwd=small)[2])
    assert quiet.splitlines()[-1].startswith("1 error, ")


def test_an_error_while_rendering_is_printed_whole_after_the_bar(small):
    """A template that fails while its pages are rendered: the bar is cleared, and the error
    starts a line of its own, as without a terminal."""
    (small / "templates").mkdir()
    (small / "templates" / "group.html").write_text("{{ no_such_value }}\n", encoding="utf-8")
    status, out = on_terminal("build", cwd=small)
    assert status == 1
    assert "rendering and writing: " in out  # the bar was shown, then cleared
    lines = out.split("\r\n")
    at = next(n for n, line in enumerate(lines) if ": error: " in line)
    error = lines[at].rsplit("\r", 1)[-1]
    for more in lines[at + 1:]:  # on a terminal a long diagnostic is wrapped, its lines indented (stop 48)
        if not more.startswith("    "):
            break
        error += " " + more.strip()
    assert error.startswith(
        "templates/group.html:1:1: error: template group.html failed while rendering ")
    status, _, err = piped("build", cwd=small)
    assert status == 1 and stage_lines(err)[:2] == SMALL_STAGES[:2]
    assert err.splitlines()[2].startswith("templates/group.html:1:1: error: template group.html failed")


@pytest.mark.slow  # waits for the build cache's window of recent edits (2 s), twice
def test_verbose_tells_what_the_cache_and_the_writer_reused(small):
    time.sleep(2.1)  # content newer than 2 s is not recorded (sitegen/commands/build.py)
    status, _, err = piped("build", "-v", cwd=small)
    assert status == 0
    assert err.splitlines()[0] == "build cache: no record of an earlier build here: full build"
    assert err.splitlines()[-1] == "writing: 25 files written, 0 unchanged (kept as they were, not rewritten)"

    status, out, err = piped("build", "-v", cwd=small)
    assert status == 0
    assert err.splitlines() == ["build cache: nothing changed since the last build: loading, "
                                "rendering and writing skipped (25 files kept)"]
    assert "  leagues: 1 league, 1 season, 2 groups, 6 games" in out.splitlines()
    assert out.splitlines()[-1].endswith(" s (nothing changed since the last build: nothing was rebuilt)")

    # One page edited: the cache of the last build makes again only what the page reaches (the
    # settings, players and pages read again: 3 files; the pages that list everything keyed).
    about = small / "content" / "pages" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    status, out, err = piped("build", "-v", cwd=small)
    assert status == 0
    lines = stage_lines(err)
    assert lines[:2] == ["loading and validating: 3 files", "computing: 1 competition"]
    assert re.fullmatch(r"build cache: \d+ of the site's 24 outputs to make again, the rest kept "
                        r"from the last build", lines[2])
    assert lines[3].startswith("rendering and writing: ") and lines[3] != SMALL_STAGES[2]
    assert lines[4:] == ["writing: 1 file written, 24 unchanged (kept as they were, not rewritten)"]

    # Built less than 2 s after the edit: the file's stamp is not trusted, it is read again
    # (same bytes: nothing changed).
    status, out, err = piped("build", "-v", cwd=small)
    assert status == 0 and err.splitlines()[0].startswith("build cache: nothing changed since the last build")


def test_check_shows_loading_and_computing(small):
    status, out, err = piped("check", cwd=small)
    assert status == 0 and out == "content is valid (14 pages would be built)\n"
    assert stage_lines(err) == SMALL_STAGES[:2]


# --------------------------------------------------------------------------- the summary


def test_the_summary_counts_the_small_site_by_hand(small):
    """tests/sites/small: one league, one season of groups A1 and B1, six games (all in A1),
    five players; 14 pages (the league rules page among them) and 25 files (with the feed, the
    sitemap, search.json, the two groups' JSON and CSV, the theme's three static files and the
    output marker)."""
    status, out, _ = piped("build", cwd=small)
    assert status == 0
    lines = out.splitlines()
    assert lines[:4] == ["built 14 pages into output/ (25 files written, 0 unchanged)",
                         "  leagues: 1 league, 1 season, 2 groups, 6 games", "  players: 5",
                         lines[3]]
    assert re.fullmatch(r"  no warnings, [\d.]+ s", lines[3])
    files = [path for path in (small / "output").rglob("*") if path.is_file()]
    assert len(files) == 25 and sum(1 for path in files if path.suffix == ".html") == 14


@pytest.mark.slow  # the demo site, about 340 pages
def test_the_summary_counts_equal_the_demo_sites(tmp_path):
    """Every count of the summary, found again in the built demo site: its pages and folders
    (docs/urls.md) and the games in its JSON files."""
    status, out, _ = piped("--content", str(REPO / "content"), "build", "--output",
                           str(tmp_path / "site"), cwd=tmp_path)
    assert status == 0
    site = tmp_path / "site"
    plural = {"league": "leagues", "season": "seasons", "group": "groups", "game": "games",
              "tournament": "tournaments", "round": "rounds", "ladder": "ladders",
              "member": "members", "match": "matches"}
    counts: dict = {}
    for line in out.splitlines()[1:-1]:
        kind, _, items = line.strip().partition(": ")
        counts[kind] = {plural.get(what, what): int(number.replace(",", ""))
                        for number, what in (item.split(" ", 1) for item in items.split(", "))} \
            if kind != "players" else int(items.replace(",", ""))

    def pages(pattern: str) -> list[Path]:
        return sorted(site.glob(pattern))

    # leagues/rules/ is the league rules page, not a league (a league may not be named rules)
    leagues = [p for p in pages("leagues/*/index.html") if p.parent.name != "rules"]
    seasons = [p for p in pages("leagues/*/*/index.html")]
    groups = [p for p in pages("leagues/*/*/*/standings.json")]
    league_games = sum(sum(row["wins"] + row["losses"] + row["jigos"] + row["unknown"]
                           for row in json.loads(p.read_text())["rows"]) for p in groups) // 2
    assert counts["leagues"] == {"leagues": len(leagues), "seasons": len(seasons),
                                 "groups": len(groups), "games": league_games}
    tournaments = pages("tournaments/*/standings.json")
    rounds = len(tournaments) + len(pages("tournaments/*/round-*/index.html"))
    games = sum(1 for p in tournaments for row in json.loads(p.read_text())["rows"]
                for game in row["games"] if not game.startswith("0")) // 2
    assert counts["tournaments"] == {"tournaments": len(tournaments), "rounds": rounds, "games": games}
    rungs = [json.loads(p.read_text()) for p in pages("ladders/*/rungs.json")]
    assert counts["ladders"] == {
        "ladders": len(rungs), "members": sum(len(r["members"]) for r in rungs),
        "games": sum(m["games"] for r in rungs for m in r["members"]) // 2}
    rounds_of_swiss = pages("swiss/*/*/round-*/standings.json")
    assert counts["Swiss leagues"] == {
        "leagues": len(pages("swiss/*/standings.json")),
        "tournaments": len(pages("swiss/*/*/index.html")), "rounds": len(rounds_of_swiss),
        "matches": sum(len(json.loads(p.read_text())["pairings"]) for p in rounds_of_swiss)}
    assert counts["players"] == len(pages("players/*/index.html"))
    html = [p for p in site.rglob("*.html")]
    files = [p for p in site.rglob("*") if p.is_file()]
    assert out.splitlines()[0] == f"built {len(html)} pages into {site}/ ({len(files)} files written, 0 unchanged)"
    assert min(counts["leagues"]["games"], counts["tournaments"]["games"], counts["ladders"]["games"]) > 0


@pytest.mark.slow  # a generated archive of ~750 pages, large enough to be built by two processes
def test_the_terminal_display_leaves_the_build_parallel(tmp_path):
    """On a terminal too, a large archive is prepared by two processes and rendered by
    workers (a thread of the display would prevent it), and the bar counts every page."""
    sys.path.insert(0, str(TESTS))
    from processes import CLI, large_archive

    large_archive(tmp_path)
    forks = tmp_path / ".forks"
    status, out = on_terminal("build", "--timings", cwd=tmp_path, program=[sys.executable, "-c", CLI],
                              SITEGEN_TEST_CPUS="2", SITEGEN_TEST_FORKS=str(forks))
    assert status == 0
    pages = int(re.search(r"built (\d+) pages", out).group(1))
    assert int(forks.read_text()) >= 3  # the prepare helper and two render workers
    assert re.search(rf"rendering and writing: 100%\|.*\| {pages}/{pages} pages", out)


@pytest.mark.slow  # a server started and stopped
def test_serve_shows_the_first_builds_progress_on_a_terminal(small):
    # The server answers at once and builds behind it (issue 31): the address comes first,
    # then the first build's stages, then its summary line.
    status, out = on_terminal("serve", "--port", "0", "--output", "site", cwd=small, until="build 1: ")
    assert status == 0
    assert "rendering and writing: " in out and "pages/s" in out
    assert (out.index("serving http://127.0.0.1:") < out.index("rendering and writing: ")
            < out.index("build 1: "))


def test_a_count_of_one_takes_the_singular():
    """"computing: 1 competitions" read wrong: a count of one names its unit in the singular."""
    from sitegen.progress import Stage
    assert Stage("compute", count=1, seconds=0.5).line() == "computing: 1 competition in 0.50 s"
    assert Stage("compute", count=3, seconds=0.5).line() == "computing: 3 competitions in 0.50 s"
    assert Stage("load", count=1, seconds=0.25).line() == "loading and validating: 1 file in 0.25 s"
