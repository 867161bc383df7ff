"""Small leagues for the outcome tests (tests/test_league_outcomes.py), worked by hand.

Players a1..a5 (3d, 2d, 1d, 1d, 1k) play division A and b1..b6 (2k .. 7k) division B of
season 2024, one group each. In a "perfect" group the player listed first beats every later
one, so the order by D.1 is the listed order: A = a1 a2 a3 a4 a5, B = b1 b2 b3 b4 b5 b6.
Settings: one group at the top (``top_division_groups: 1``), the rest by default.

The rules on that season (league B): B promotes its leader b1 (B.1) and the next best b2
(B.3); A demotes as many (B.2), its last two a4, a5; A's two direct promotion spots a1, a2
qualify for the final round and stay (final round); a3 and b3..b6 stay (middle position).
"""

from __future__ import annotations

import itertools

PLAYERS = """\
players:
  - {id: a1, name: Ann, rank: 3d}
  - {id: a2, name: Abe, rank: 2d}
  - {id: a3, name: Ada, rank: 1d}
  - {id: a4, name: Al, rank: 1d}
  - {id: a5, name: Amy, rank: 1k}
  - {id: b1, name: Bob, rank: 2k}
  - {id: b2, name: Ben, rank: 3k}
  - {id: b3, name: Bea, rank: 4k}
  - {id: b4, name: Bo, rank: 5k}
  - {id: b5, name: Bud, rank: 6k}
  - {id: b6, name: Bix, rank: 7k}
"""
A = ["a1", "a2", "a3", "a4", "a5"]
B = ["b1", "b2", "b3", "b4", "b5", "b6"]
LEAGUE = "name: Club league\nsettings:\n  top_division_groups: 1\n"


def perfect(players: list[str], skip: tuple[tuple[str, str], ...] = ()) -> list[tuple[str, str]]:
    """Return the games (winner, loser) of a group where the player listed first wins,
    leaving out the pairs in ``skip``."""
    return [(a, b) for a, b in itertools.combinations(players, 2)
            if (a, b) not in skip and (b, a) not in skip]


def group(name: str, players: list[str], games: list[tuple[str, str]], extra: str = "") -> str:
    """Return a group's YAML: ``games`` as (winner, loser); ``extra`` lines (e.g. withdrawn)."""
    lines = [f"      - name: {name}", f"        players: [{', '.join(players)}]"]
    lines += [f"        {line}" for line in extra.splitlines() if line]
    if games:
        lines.append("        games:")
        lines += [f"          - {{players: [{w}, {loser}], winner: {w}}}" for w, loser in games]
    return "\n".join(lines) + "\n"


def season(a_group: str, b_group: str, extra: str = "", name: str = "Season 2024",
           start: str = "2024-01-01") -> str:
    """Return a season file of divisions A and B, each of one group."""
    return (f"name: {name}\nstart: {start}\n{extra}divisions:\n  - name: A\n    groups:\n"
            + a_group + "  - name: B\n    groups:\n" + b_group)


def tree(season_text: str, league: str = LEAGUE, **more: str) -> dict[str, str]:
    """Return the content files of the league with ``season_text`` as season 2024."""
    files = {"content/players.yaml": PLAYERS, "content/leagues/club/league.yaml": league,
             "content/leagues/club/seasons/2024.yaml": season_text}
    files.update({f"content/{path}": text for path, text in more.items()})
    return files


PLAIN = season(group("A", A, perfect(A)), group("B", B, perfect(B)))
"""Season 2024 as described above."""
