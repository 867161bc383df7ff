"""A generator of synthetic federation archives in the content format (issue 9).

``generate(root, scale)`` writes ``root/content`` for a federation sized by one parameter.
At ``scale=1`` (the full size): 20,000 players; 30 league seasons of 6 divisions (2, 6, 18,
54, 60 and 60 groups of 6 to 8 players: about 4,000 games a season); 60 tournaments of 50 to
700 players (5 rounds); a ladder of 300 members with 20,000 games; about 200,000 games in all.
Every count scales linearly (at least one of each kind). Output is deterministic for a seed.

Tournaments (``content/tournaments/t<nn>.yaml``): McMahon, 5 rounds, sizes spread evenly
from 50 to 700 players (capped at the number of players), each round paired at random with a
bye for the odd player out. The ladder (``content/ladders/federation.yaml``) starts its members
on random rungs of the default list and replays every game with the ladder engine so that the
stronger member always takes White (ladder: handicap), as validation requires.
Swiss leagues are not generated; see ``PARTS``.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitegen.engine.ladder import move_after_game
from sitegen.model.ladder import DEFAULT_RUNGS
from sitegen.model.common import Colour

DIVISION_GROUPS = (2, 6, 18, 54, 60, 60)
FULL = {"players": 20_000, "seasons": 30, "tournaments": 60, "ladder_members": 300,
        "ladder_games": 20_000}


def scaled(name: str, scale: float) -> int:
    return max(1, round(FULL[name] * scale))


def write_players(content: Path, count: int, rng: random.Random) -> list[str]:
    ids = [f"p{i:05d}" for i in range(count)]
    lines = ["players:"]
    for ident in ids:
        rank = rng.choice([f"{k}k" for k in range(1, 26)] + [f"{d}d" for d in range(1, 7)])
        lines.append(f"  - {{id: {ident}, name: Player {ident[1:]}, rank: {rank}}}")
    (content / "players").mkdir(parents=True, exist_ok=True)
    (content / "players" / "federation.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ids


def write_leagues(content: Path, players: list[str], scale: float, rng: random.Random) -> int:
    """Write the league seasons; return the number of games."""
    seasons = scaled("seasons", scale)
    groups_per_division = [max(2 if index == 0 else 1, round(groups * scale))
                           for index, groups in enumerate(DIVISION_GROUPS)]
    folder = content / "leagues" / "national"
    (folder / "seasons").mkdir(parents=True, exist_ok=True)
    (folder / "league.yaml").write_text("name: National League\n", encoding="utf-8")
    games = 0
    for number in range(seasons):
        pool = players[:]
        rng.shuffle(pool)
        lines = [f"name: Season {1995 + number}", f"start: {1995 + number}-01-15",
                 f"end: {1995 + number}-06-30", "divisions:"]
        for index, groups in enumerate(groups_per_division):
            letter = chr(ord("A") + index)
            lines += [f"  - name: {letter}", "    groups:"]
            for group_number in range(1, groups + 1):
                size = rng.randint(6, 8)
                members, pool = pool[:size], pool[size:]
                if len(members) < 2:
                    break
                lines += [f"      - name: {letter}{group_number}",
                          f"        players: [{', '.join(members)}]", "        games:"]
                for i, black in enumerate(members):
                    for white in members[i + 1:]:
                        result = rng.choice(["B+R", "W+R", "B+3.5", "W+0.5", "B+T", "W+F"])
                        lines.append(f"          - {{black: {black}, white: {white}, result: {result}}}")
                        games += 1
        (folder / "seasons" / f"{1995 + number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return games


TOURNAMENT_ROUNDS = 5
TOURNAMENT_SIZES = (50, 700)


def tournament_sizes(count: int, players: int) -> list[int]:
    """Return ``count`` tournament sizes spread evenly from 50 to 700, capped at ``players``."""
    low, high = TOURNAMENT_SIZES
    if count == 1:
        return [min(players, (low + high) // 2)]
    return [min(players, low + (high - low) * i // (count - 1)) for i in range(count)]


def write_tournaments(content: Path, players: list[str], scale: float, rng: random.Random) -> int:
    """Write the tournaments; return the number of games."""
    folder = content / "tournaments"
    folder.mkdir(parents=True, exist_ok=True)
    games = 0
    for number, size in enumerate(tournament_sizes(scaled("tournaments", scale), len(players)), 1):
        year = 1995 + (number - 1) % 30
        entrants = sorted(rng.sample(players, size))
        lines = [f"name: Open {number}", f"start: {year}-09-{1 + number % 27:02d}",
                 f"end: {year}-09-{2 + number % 27:02d}", "system: mcmahon",
                 f"number_of_rounds: {TOURNAMENT_ROUNDS}", "komi: 6.5", "players:"]
        lines += [f"  - {{id: {ident}}}" for ident in entrants]
        lines.append("rounds:")
        for round_no in range(1, TOURNAMENT_ROUNDS + 1):
            order = entrants[:]
            rng.shuffle(order)
            lines += [f"  - round: {round_no}", "    games:"]
            for white, black in zip(order[0::2], order[1::2]):
                result = rng.choice(["W+R", "B+R", "W+2.5", "B+0.5", "W+T"])
                lines.append(f"      - {{white: {white}, black: {black}, handicap: 0, result: {result}}}")
                games += 1
            if len(order) % 2:
                lines.append(f"    byes: [{order[-1]}]")
        (folder / f"t{number:02d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return games


def write_ladder(content: Path, players: list[str], scale: float, rng: random.Random) -> int:
    """Write the ladder; return the number of games."""
    members = sorted(rng.sample(players, min(len(players), max(2, scaled("ladder_members", scale)))))
    count = scaled("ladder_games", scale)
    rungs = list(DEFAULT_RUNGS)
    current = {member: rng.choice(rungs[20:90]) for member in members}
    lines = ["name: Federation ladder", "description: A synthetic ladder for the benchmark.",
             "members:"]
    lines += [f"  - {{player: {member}, rung: {current[member]}}}" for member in members]
    lines.append("log:")
    start = dt.date(2000, 1, 1)
    for number in range(count):
        date = start + dt.timedelta(days=number * 3650 // count)
        a, b = rng.sample(members, 2)
        white, black = (a, b) if current[a] >= current[b] else (b, a)
        winner = rng.choice([Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.BLACK, None])
        result = {Colour.WHITE: "W+R", Colour.BLACK: "B+R", None: "jigo"}[winner]
        lines.append(f"  - {{date: {date.isoformat()}, white: {white}, black: {black}, result: {result}}}")
        current[white], current[black] = move_after_game(
            DEFAULT_RUNGS, current[white], current[black], winner)
    folder = content / "ladders"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "federation.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


PARTS = {"leagues": write_leagues, "tournaments": write_tournaments, "ladder": write_ladder}
"""The rule sets this generator writes, by name."""


def generate(root: Path, scale: float = 1.0, seed: int = 1) -> dict[str, int]:
    """Write a synthetic archive under ``root/content``; return counts of what was written."""
    rng = random.Random(seed)
    content = root / "content"
    content.mkdir(parents=True, exist_ok=True)
    (content / "site.yaml").write_text("title: Synthetic Federation\nbase_url: /\n", encoding="utf-8")
    players = write_players(content, scaled("players", scale), rng)
    counts = {"players": len(players)}
    for name, part in PARTS.items():
        counts[f"{name}_games"] = part(content, players, scale, rng)
    return counts


def copy_archive(source: Path, root: Path) -> dict[str, int]:
    """Copy an archive this script wrote (``python bench/synthetic.py DIR``) into ``root``
    and return its counts: the benches' ``--archive DIR``, so that a measurement need not
    generate its archive while it holds the machine (the archive is the same for a seed)."""
    shutil.copytree(source / "content", root / "content", dirs_exist_ok=True)
    kept = json.loads((source / "counts.json").read_text(encoding="utf-8"))
    # bench/keep29.py's --archive keeps {"scale": S, "counts": {...}} (its scale checked on reuse).
    return kept["counts"] if "counts" in kept else kept


if __name__ == "__main__":  # pragma: no cover
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    found = generate(args.root, args.scale)
    (args.root / "counts.json").write_text(json.dumps(found) + "\n", encoding="utf-8")
    print(found)

