"""The small league shared by tests/test_next_season.py and tests/test_league_site.py
(hand-worked in test_next_season.py): in every game the player listed first wins, so each
group's order is by id. Season 2024: division A = a1..a5 and B = b1..b5, one group each;
n1 is a player new to the league."""

import league_trees  # the outcome tests' builder of the same YAML

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
  - {id: n1, name: Nia, rank: 10k}
"""


def group(name: str, players: list[str]) -> str:
    """Return a group of ``players`` in which the player listed first wins every game."""
    return league_trees.group(name, players, league_trees.perfect(players))


SEASON_2024 = ("name: Season 2024\nstart: 2024-01-01\ndivisions:\n  - name: A\n    groups:\n"
               + group("A", ["a1", "a2", "a3", "a4", "a5"])
               + "  - name: B\n    groups:\n" + group("B", ["b1", "b2", "b3", "b4", "b5"]))
