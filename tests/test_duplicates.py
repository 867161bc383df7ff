"""Lists in which an entry may appear once: every repeat is an error at its own position
that names the line of the first (docs/content-format.md). Divisions, group ids and sign-ups
of a league; players and rounds of a tournament."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024, group  # noqa: E402

SEASON = ("name: Season 2025\ndivisions:\n"
          "  - name: A\n    groups:\n" + group("A", ["a1", "a2", "a3", "a4", "a5"])
          + "  - name: B\n    groups:\n" + group("A", ["b1", "b2", "b3", "b4", "b5"])
          + "  - name: A\n    groups: []\n")

SIGNUPS = "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5]\nnew: [n1, a2]\n"

CUP = """\
name: Club Cup
system: mcmahon
number_of_rounds: 2
players:
  - {id: ann, rank: 3k}
  - {id: bob, rank: 5k}
  - {id: ann, rank: 4k}
rounds:
  - round: 1
    games:
      - {white: ann, black: bob, result: W+R}
  - round: 1
    games: []
"""


def test_each_repeat_reported_at_its_line_naming_the_first(site, run):
    """Season 2025: group id 'a' (from the name A) again in division B (line 20), division A
    again after B (line 33); sign-ups: a2 again under 'new'. Cup: ann again on line 7, round 1
    again on line 12."""
    site({"content/players.yaml": PLAYERS + "  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n",
          "content/leagues/club/league.yaml": "name: Club league\n",
          "content/leagues/club/seasons/2024.yaml": SEASON_2024,
          "content/leagues/club/seasons/2025.yaml": SEASON,
          "content/leagues/club/signups/2026.yaml": SIGNUPS,
          "content/tournaments/cup.yaml": CUP})
    status, _out, err = run("check")
    assert status == 1
    assert err[-1] == "5 errors"
    assert err[:-1] == [
        "content/leagues/club/seasons/2025.yaml:20:9: error: group id 'a' is used twice in this "
        "season (first at line 5) [group.duplicate]",
        "content/leagues/club/seasons/2025.yaml:33:5: error: division 'A' appears twice in this "
        "season (first at line 3) [division.duplicate]",
        "content/leagues/club/signups/2026.yaml:2:11: error: player 'a2' is listed twice in the "
        "sign-ups (first at line 1) [signups.twice]",
        "content/tournaments/cup.yaml:7:10: error: player 'ann' is listed twice in this "
        "tournament (first at line 5) [tournament.player-twice]",
        "content/tournaments/cup.yaml:12:12: error: round 1 appears twice (first at line 9) "
        "[round.duplicate]",
    ]


def test_seen_before_records_the_first_and_reports_each_repeat():
    """The first of a key is recorded and passes; every later one is an error at its own
    position naming the first's line, with the hint given."""
    from sitegen.diagnostics import Diagnostics, SourcePos
    from sitegen.validate.fields import seen_before

    first: dict[str, SourcePos] = {}
    diags = Diagnostics()
    at = [SourcePos("f.yaml", line, 3) for line in (4, 6, 9)]
    flags = [seen_before(first, "ann", pos, diags, "'ann' twice", "x.twice", "list once")
             for pos in at]
    assert flags == [False, True, True] and first == {"ann": at[0]}
    assert [(d.pos, d.message, d.code, d.hint) for d in diags.items] == [
        (at[1], "'ann' twice (first at line 4)", "x.twice", "list once"),
        (at[2], "'ann' twice (first at line 4)", "x.twice", "list once")]


def test_a_player_listed_twice_in_a_group(site, run):
    """A group's players are listed once; the repeat is reported where it stands and left
    out, so the group is still a round-robin of a1..a5."""
    season = SEASON_2024.replace("players: [a1, a2, a3, a4, a5]", "players: [a1, a2, a3, a4, a5, a2]")
    site({"content/players.yaml": PLAYERS,
          "content/leagues/club/league.yaml": "name: Club league\n",
          "content/leagues/club/seasons/2024.yaml": season})
    status, _out, err = run("check")
    assert status == 1
    assert err == ["content/leagues/club/seasons/2024.yaml:7:39: error: player 'a2' is listed "
                   "twice in group A [group.player-twice]", "1 error"]
