#!/usr/bin/env python3
"""Convert the real online league data (IGLO ``seasons.json``) into sitegen content files.

Usage::

    python scripts/convert_iglo.py [../shared/data/league/seasons.json] [--out content]

Writes ``players/iglo.yaml`` and ``leagues/iglo/{league.yaml,seasons/*.yaml}`` under ``--out`` and
``docs/demo-data.md``, the report of every quirk of the source and how it was resolved:

- a game where both players are marked as winners, or both as losers, is entered with the
  unknown result ``?`` (it gives no gamepoints to either player), with a comment in the file;
- a pair marked ``-`` both ways is entered as unplayed;
- a stored summary value (wins, SODOS) that disagrees with a recount of the source matrix is
  listed; the site shows the recount from the games, never the stored value;
- the McMahon group ("Grupa H", 2021-09) is left out: it is a tournament, not a round-robin
  group, and is listed in the report.

The same input gives byte-identical output.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED_SOURCE = HERE.parent / "shared" / "data" / "league" / "seasons.json"
COPIED_SOURCE = HERE / "tests" / "reference" / "iglo" / "seasons.json"
DEFAULT_SOURCE = SHARED_SOURCE if SHARED_SOURCE.exists() else COPIED_SOURCE
"""../shared/ during development; elsewhere the copy the tests keep (the same bytes)."""
LEAGUE_ID = "iglo"


def season_id(season: dict) -> str:
    start = dt.datetime.fromtimestamp(season["startDate"] / 1000, dt.timezone.utc)
    return f"{start.year:04d}-{start.month:02d}"


def day(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc).date().isoformat()


def _rename(table: dict, old: str, new: str) -> dict:
    """Return a copy of ``table`` with player ``old`` called ``new`` everywhere."""
    swap = lambda names: [new if n == old else n for n in names]  # noqa: E731
    return {**table, "players": swap(table["players"]), "win": swap(table.get("win", [])),
            "loss": swap(table.get("loss", []))}


def recount(table: dict) -> tuple[list[int], list[Fraction]]:
    """Recount wins and SODOS from the source matrix alone (cells equal to 1 are wins)."""
    results = table["results"]
    size = len(results)
    wins = [sum(1 for j in range(size) if results[i][j] == 1) for i in range(size)]
    sodos = [Fraction(sum(wins[j] for j in range(size) if results[i][j] == 1)) for i in range(size)]
    return wins, sodos


def quirk_cells(table: dict) -> list[tuple[int, int, str]]:
    """Return the pairs (i < j) whose two cells contradict each other."""
    results = table["results"]
    found = []
    for i in range(len(results)):
        for j in range(i + 1, len(results)):
            a, b = results[i][j], results[j][i]
            if a == 1 and b == 1:
                found.append((i, j, "both marked as winners"))
            elif a == 0 and b == 0:
                found.append((i, j, "both marked as losers"))
            elif (a == "-") != (b == "-"):
                found.append((i, j, f"one cell says '{a}', the other '{b}'"))
    return found


def convert(source: Path, out: Path, report_path: Path) -> list[str]:
    seasons = json.loads(source.read_text(encoding="utf-8"))
    report: list[str] = []
    players: set[str] = set()
    display: dict[str, str] = {}
    season_dir = out / "leagues" / LEAGUE_ID / "seasons"
    season_dir.mkdir(parents=True, exist_ok=True)
    for season in sorted(seasons, key=lambda s: s["startDate"]):
        sid = season_id(season)
        lines = [
            f"# Season {sid} of the online league, converted by scripts/convert_iglo.py.",
            "# Colours were not recorded: games give the two players and the winner.",
            f"name: Season {sid}",
            f"start: {day(season['startDate'])}",
            f"end: {day(season['endDate'])}",
            "divisions:",
        ]
        in_season: dict[str, str] = {}
        for table in season["tables"]:
            if table.get("type") == "MCMAHON":
                report.append(f"- {sid} {table['name']}: a McMahon group of {len(table['players'])} "
                              "players; left out (tournaments are not part of the league format).")
                continue
            letter = table["name"].split()[-1]
            names = list(table["players"])
            for index, name in enumerate(names):
                if name in in_season:
                    renamed = f"{name}-{sid}-{letter}"
                    report.append(f"- {sid} group {letter}: {name} is also in group "
                                  f"{in_season[name]} of this season; a player belongs to one group "
                                  f"per season, so this entry becomes the separate player `{renamed}`.")
                    names[index] = renamed
                    display[renamed] = f"{name} (2nd entry {sid} {letter})"
                    table = _rename(table, name, renamed)
                else:
                    in_season[name] = letter
            players.update(names)
            quirks = {(i, j): why for i, j, why in quirk_cells(table)}
            lines += [
                f"  - name: {letter}",
                "    groups:",
                f"      - name: {letter}",
                f"        players: [{', '.join(names)}]",
            ]
            if table.get("win"):
                lines.append(f"        promoted: [{', '.join(table['win'])}]")
            if table.get("loss"):
                lines.append(f"        relegated: [{', '.join(table['loss'])}]")
            lines.append("        games:")
            results = table["results"]
            for i in range(len(names)):
                for j in range(i + 1, len(names)):
                    a, b = names[i], names[j]
                    cell, other = results[i][j], results[j][i]
                    if (i, j) in quirks:
                        why = quirks[(i, j)]
                        report.append(f"- {sid} group {letter}: {a} vs {b}: {why}; entered as "
                                      "unknown result `?`.")
                        lines.append(f"          # source quirk: {why}; entered as unknown")
                        lines.append(f"          - {{players: [{a}, {b}], result: '?'}}")
                    elif cell == "-":
                        lines.append(f"          - {{players: [{a}, {b}], result: unplayed}}")
                    else:
                        winner = a if cell == 1 else b
                        lines.append(f"          - {{players: [{a}, {b}], winner: {winner}}}")
            wins, sodos = recount(table)
            for index, name in enumerate(names):
                stored = table["summary"][index]
                if stored[0] != wins[index] or Fraction(stored[1]) != sodos[index]:
                    report.append(f"- {sid} group {letter}: {name}: stored wins {stored[0]}, "
                                  f"SODOS {stored[1]}; recount from the games gives wins "
                                  f"{wins[index]}, SODOS {sodos[index]}. The site shows the recount.")
        (season_dir / f"{sid}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    player_lines = ["# Players of the online league (online handles; no ranks were recorded).",
                    "players:"]
    for name in sorted(players, key=str.lower):
        shown = display.get(name, name)
        if name.startswith("withdrawn-"):
            shown = name.replace("withdrawn-", "Deleted account ")
        if ":" in shown or "(" in shown:
            shown = f"'{shown}'"
        player_lines.append(f"  - {{id: {name}, name: {shown}}}")
    (out / "players").mkdir(exist_ok=True)
    (out / "players" / "iglo.yaml").write_text("\n".join(player_lines) + "\n", encoding="utf-8")
    league_file = out / "leagues" / LEAGUE_ID / "league.yaml"
    if not league_file.exists():  # the league's settings are edited by hand: never overwrite
        league_file.write_text(
            "name: Online Go League\n"
            "description: >\n"
            "  Twelve seasons (2020-04 to 2021-09) of a real online Go league, anonymised.\n"
            "  Each division is one round-robin group; the top of each group promotes.\n",
            encoding="utf-8")
    write_report(report_path, report)
    return report


REPORT_HEAD = (
    "# Demo data: conversion report\n\n"
    "`content/` holds the 12 seasons of `../shared/data/league/seasons.json`, converted by\n"
    "`scripts/convert_iglo.py` (re-run it to regenerate both the content and this report).\n"
    "Every quirk of the source is listed here with the rule that resolved it:\n\n"
    "- both players marked as winners (or both as losers) of one game: the game is entered\n"
    "  with the unknown result `?`, which gives no gamepoints to either player;\n"
    "- a stored summary value that disagrees with a recount of the source's own result\n"
    "  matrix is listed; the site always shows values computed from the games;\n"
    "- the source's column labelled \"SOS\" holds wins; its second column is SODOS.\n\n")
QUIRKS_HEADING = "## Quirks found\n"


def write_report(path: Path, report: list[str]) -> None:
    """Write the quirks section of ``path``, keeping any later sections written by hand."""
    later = ""
    if path.exists():
        text = path.read_text(encoding="utf-8")
        start = text.find(QUIRKS_HEADING)
        following = text.find("\n## ", start + len(QUIRKS_HEADING)) if start >= 0 else -1
        later = text[following:] if following >= 0 else ""
    path.write_text(REPORT_HEAD + QUIRKS_HEADING + "\n" + "\n".join(report) + "\n" + later,
                    encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=HERE / "content")
    parser.add_argument("--report", type=Path, default=HERE / "docs" / "demo-data.md")
    args = parser.parse_args()
    report = convert(args.source, args.out, args.report)
    print("\n".join(report))
    print(f"{len(report)} quirks reported in {args.report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
