"""A generator of synthetic federation archives in the content format (issue 9).

``generate(root, scale)`` writes ``root/content`` for a federation sized by one parameter.
At ``scale=1`` (the full size): 20,000 players; 30 league seasons of 6 divisions (2, 6, 18,
54, 60 and 60 groups of 6 to 8 players: about 4,000 games a season); 60 tournaments of 50 to
700 players (5 rounds); a ladder of 300 members with 20,000 games; about 200,000 games in all.
Every count scales linearly (at least one of each kind). Output is deterministic for a seed.

Rule sets whose content format is not known to this module are skipped; see ``PARTS``.
"""

from __future__ import annotations

import random
from pathlib import Path

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


PARTS = {"leagues": write_leagues}
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


if __name__ == "__main__":  # pragma: no cover
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    print(generate(args.root, args.scale))
