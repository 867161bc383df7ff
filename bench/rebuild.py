"""Benchmark: rebuild after one result changes in a league of 1,000 players (issue 7).

The league: one season, five divisions of round-robin groups of 7 (the ideal size, league
A.i): A 2 groups, B 6, C 18, D 54 (each division three times the one above, A.i.2) and E 63,
143 groups in all; the last group has 6 players, so 1,000 players and 2,997 games, every
game played. Measured:

1. a full build (``render`` in memory, then ``write_site`` into an empty folder);
2. the rebuild after one result in a group of division E is reversed: time and files rewritten;
3. the dev server end to end: from the editor's rename to the new version being announced to
   the browser (debounce included), with ``sitegen serve``'s own ``DevServer``.

Run: ``python bench/rebuild.py`` (from the repository root). Prints Markdown for bench/README.md.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitegen.commands.build import render  # noqa: E402
from sitegen.commands.serve import make_server  # noqa: E402
from sitegen.write import write_site  # noqa: E402

DIVISIONS = (("A", 2), ("B", 6), ("C", 18), ("D", 54), ("E", 63))
PLAYERS = 1000
GROUP_SIZE = 7


def make_league(root: Path) -> tuple[Path, str, str]:
    """Write the content tree; return the season file and one game line to flip."""
    content = root / "content"
    (content / "leagues/bench/seasons").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Bench league\nbase_url: /\n")
    (content / "leagues/bench/league.yaml").write_text("name: Bench league\n")
    ids = [f"p{n:04d}" for n in range(PLAYERS)]
    (content / "players.yaml").write_text("players:\n" + "".join(
        f"  - {{id: {pid}, name: Player {pid[1:]}, rank: {1 + n % 25}k}}\n" for n, pid in enumerate(ids)))
    lines = ["name: Season 1\nstart: 2024-01-01\nend: 2024-06-30\ndivisions:\n"]
    at = 0
    target = ""
    for letter, groups in DIVISIONS:
        lines.append(f"  - name: {letter}\n    groups:\n")
        for g in range(groups):
            members = ids[at:at + GROUP_SIZE]
            at += len(members)
            lines.append(f"      - name: {letter}{g + 1}\n        players: [{', '.join(members)}]\n"
                         "        games:\n")
            for i, black in enumerate(members):
                for white in members[i + 1:]:
                    # A deterministic mix of results: the lower id usually wins.
                    result = "W+R" if (int(black[1:]) * 7 + int(white[1:])) % 5 == 0 else "B+R"
                    line = f"          - {{black: {black}, white: {white}, result: {result}}}\n"
                    lines.append(line)
                    if letter == "E" and g == 10 and not target and result == "B+R":
                        target = line
    assert at == PLAYERS, at
    season = content / "leagues/bench/seasons/s1.yaml"
    season.write_text("".join(lines))
    return season, target, target.replace("B+R", "W+R")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="sitegen-bench-") as temp:
        root = Path(temp)
        season, old, new = make_league(root)
        games = season.read_text().count("result:")
        os.chdir(root)
        content, output = Path("content"), Path("output")

        started = time.perf_counter()
        files = render(content, None)
        rendered = time.perf_counter()
        report = write_site(files, output)
        full = time.perf_counter() - started
        full_render = rendered - started

        text = season.read_text()
        season.write_text(text.replace(old, new, 1))
        started = time.perf_counter()
        files = render(content, None)
        rendered = time.perf_counter()
        report2 = write_site(files, output)
        rebuild = time.perf_counter() - started
        rebuild_render = rendered - started

        # End to end through the dev server: rename over the file, wait for the new version.
        server = make_server(content, None, output, port=0, watch_theme=False, log=lambda line: None)
        server.start()
        try:
            base = f"http://127.0.0.1:{server.port}/__sitegen/version"
            version = json.load(urllib.request.urlopen(base, timeout=60))["version"]
            temp_file = season.with_name(".s1.yaml.tmp")
            temp_file.write_text(text)  # back to the original result
            started = time.perf_counter()
            os.replace(temp_file, season)
            info = json.load(urllib.request.urlopen(f"{base}?after={version}", timeout=60))
            fresh = time.perf_counter() - started
            assert info["ok"] and info["version"] == version + 1, info
        finally:
            server.stop()

    pages = sum(1 for path in files if path.endswith(".html"))
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}\n")
    print(f"League: {PLAYERS} players, {sum(g for _l, g in DIVISIONS)} groups in "
          f"{len(DIVISIONS)} divisions, {games} games; {pages} pages, {len(files)} files.\n")
    print("| step | time | files written | unchanged |")
    print("|---|---:|---:|---:|")
    print(f"| full build (render {full_render:.2f} s + write) | {full:.2f} s | {len(report.written)} | "
          f"{report.unchanged} |")
    print(f"| one result changed: rebuild (render {rebuild_render:.2f} s + write) | {rebuild:.2f} s | "
          f"{len(report2.written)} | {report2.unchanged} |")
    print(f"| dev server: rename to new version announced (debounce {server.debounce:.2f} s included) "
          f"| {fresh:.2f} s | | |")
    print(f"\nFiles rewritten after the change: {', '.join(sorted(report2.written))}")


if __name__ == "__main__":
    main()
