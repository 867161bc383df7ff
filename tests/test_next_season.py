"""``sitegen league next-season``: the written season file, kept comments, refusals, C.3 failure.

The small league (hand-worked): season 2024 has division A (a1..a5) and B (b1..b5), one group
each; in every game the player listed first wins, so each group's order is 1..5 by id.
Settings: one group at the top (``top_division_groups: 1``), defaults otherwise.
B.1/B.3: A's spots a1, a2 are the final's (they stay in A); B promotes b1 (leader, B.1) and
b2 (next by D, B.3). B.2: A demotes as many as B promotes: a5 and a4. b5 withdraws (B.4);
n1 is new with no rank band (C.1: bottom division). Next season: A = a1 a2 a3 b1 b2,
B = a4 a5 b3 b4 n1; starting gamepoints 10 in A and 0 in B (A.ii.1, [4]).
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from fresh_renders import render

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024, group  # noqa: E402

SIGNUPS = """\
# Sign-ups collected in December
start: 2025-03-01
returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]
withdrawn: [b5]
new:
  - {id: n1, rank: 9k}   # rank change since the players file
"""


def league_tree(site, **extra: str):
    files = {"content/players.yaml": PLAYERS,
             "content/leagues/club/league.yaml": "name: Club league\nsettings:\n  top_division_groups: 1\n",
             "content/leagues/club/seasons/2024.yaml": SEASON_2024,
             "content/leagues/club/signups/2025.yaml": SIGNUPS}
    files.update(extra)
    return site(files)


def test_next_season_writes_divisions_groups_and_starting_gamepoints(site, run):
    root = league_tree(site)
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    text = (root / "content/leagues/club/seasons/2025.yaml").read_text()
    assert text == textwrap.dedent("""\
        # Season 2025 of Club league, formed by `sitegen league next-season` from season
        # 2024 and signups/2025.yaml. Review it, then enter the games.
        name: Season 2025
        start: 2025-03-01
        divisions:
          - name: A
            # starting gamepoints: 10 (league A.ii.1, [4])
            groups:
              - name: A
                id: a
                players: [a1, a2, a3, b1, b2]
          - name: B
            # starting gamepoints: 0 (league A.ii.1, [4])
            groups:
              - name: B
                id: b
                players: [a4, a5, b3, b4, n1]
        """)
    # One line per player, the final decision with the rules that made it.
    assert out.splitlines() == [
        "a1: Stays in division A and plays the final round: division A is the top division, with "
        "no division above it: its direct promotion spots are the places in the final round, which "
        "decides the champion (final round).",
        "a2: Stays in division A and plays the final round: division A is the top division, with "
        "no division above it: its direct promotion spots are the places in the final round, which "
        "decides the champion (final round).",
        "a3: Stays in division A: middle position (B).",
        "a4: Demoted to division B: demotion spot by the criteria of D (B.2).",
        "a5: Demoted to division B: demotion spot by the criteria of D (B.2).",
        "b1: Promoted to division A: group leader (B.1).",
        "b2: Promoted to division A: next best by the criteria of D (B.3).",
        "b3: Stays in division B: middle position (B).",
        "b4: Stays in division B: middle position (B).",
        "b5: Stays in division B: middle position (B); did not play the next season: the spot "
        "is not passed on (B.4).",
        "n1: New player in division B: placed in the bottom division, as no rank band applies (C.1).",
        "wrote content/leagues/club/seasons/2025.yaml: A: A (5); B: B (5)"]
    # The written file is valid content: the site builds with the new season.
    files = render(root / "content", None)
    assert "leagues/club/2025/a/index.html" in files
    assert "leagues/club/2025/movements/index.html" in files


def test_existing_season_file_keeps_comments_and_key_order(site, run):
    draft = ("# The organizer's draft: dates agreed at the AGM\n"
             "name: Season 2025   # spring to autumn\n"
             "start: 2025-03-01\n"
             "end: 2025-10-31\n"
             "divisions: []\n")
    root = league_tree(site, **{"content/leagues/club/seasons/2025.yaml": draft})
    status, out, err = run("league", "next-season", "club", "--season", "2025")
    assert (status, err) == (0, [])
    text = (root / "content/leagues/club/seasons/2025.yaml").read_text()
    assert text.startswith("# The organizer's draft: dates agreed at the AGM\n"
                           "name: Season 2025   # spring to autumn\n"
                           "start: 2025-03-01\nend: 2025-10-31\ndivisions:\n  - name: A\n")
    assert "players: [a4, a5, b3, b4, n1]" in text
    assert out.splitlines()[-1].startswith("updated content/leagues/club/seasons/2025.yaml")


def test_refuses_to_overwrite_a_season_with_results(site, run):
    played = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
              + group("A", ["a1", "a2", "a3", "b1", "b2"]))
    root = league_tree(site, **{"content/leagues/club/seasons/2025.yaml": played})
    before = (root / "content/leagues/club/seasons/2025.yaml").read_text()
    status, out, err = run("league", "next-season", "club", "--season", "2025")
    assert status == 1 and out == ""
    assert err[0] == ("content/leagues/club/seasons/2025.yaml:1:1: error: season 2025 already has "
                      "results; it is not overwritten; choose another id with --season, or delete the "
                      "file yourself if it really should be formed again [league.season-has-results]")
    assert (root / "content/leagues/club/seasons/2025.yaml").read_text() == before


def test_restrictions_that_cannot_be_met_fail_with_c3_and_write_nothing(site, run):
    """A.i.4 with size_limit_base 2: division A holds at most 2 x 3 = 6 players. C.3: every
    player of 5k or stronger may not be placed below A; nine of them (a1..a5, b1..b4) signed
    up, nobody may move down, so the restrictions must be revised (C.3)."""
    signups = SIGNUPS + "restrictions:\n  - {weakest: 5k, highest: A, lowest: A}\n"
    root = league_tree(site, **{
        "content/leagues/club/league.yaml":
            "name: Club league\nsettings:\n  top_division_groups: 1\n  size_limit_base: 2\n",
        "content/leagues/club/signups/2025.yaml": signups})
    status, out, err = run("league", "next-season", "club")
    assert status == 1 and out == ""
    assert err[0] == ("content/leagues/club/signups/2025.yaml:1:1: error: season 2025 cannot be formed "
                      "from season 2024: division A must hold 9 players by their ranks but may hold at "
                      "most 6 (A.i.4): division restrictions must be revised (C.3) [league.rules]")
    assert not (root / "content/leagues/club/seasons/2025.yaml").exists()


def test_signups_must_account_for_every_player(site, run):
    signups = "returning: [a1, a2, a3, a4, a5, b1, b2, b3]\nnew: [b4x]\n"
    league_tree(site, **{"content/leagues/club/signups/2025.yaml": signups})
    status, out, err = run("league", "next-season", "club")
    assert status == 1
    assert err[:2] == [
        "content/leagues/club/signups/2025.yaml:1:12: error: player 'b4' of season 2024 is neither "
        "'returning' nor 'withdrawn'; list every player of the finished season in one of the two "
        "[signups.missing]",
        "content/leagues/club/signups/2025.yaml:1:12: error: player 'b5' of season 2024 is neither "
        "'returning' nor 'withdrawn'; list every player of the finished season in one of the two "
        "[signups.missing]"]
    assert any("unknown player id 'b4x'" in line for line in err)


def test_refuses_a_season_with_games_only_scheduled(site, run):
    """Games entered by hand, even without results, would be lost by forming the season again."""
    scheduled = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
                 "      - name: A\n        players: [a1, a2]\n        games:\n"
                 "          - {black: a1, white: a2}  # scheduled by hand\n")
    root = league_tree(site, **{"content/leagues/club/seasons/2025.yaml": scheduled})
    status, _, err = run("league", "next-season", "club", "--season", "2025")
    assert status == 1
    assert "season 2025 already has results; it is not overwritten" in err[0]
    assert (root / "content/leagues/club/seasons/2025.yaml").read_text() == scheduled


def test_season_id_must_be_an_id(site, run):
    league_tree(site)
    status, _, err = run("league", "next-season", "club", "--season", "../signups/2025")
    assert status == 1
    assert err[0] == ("--season: error: '../signups/2025' is not a season id; use 1-64 letters, "
                      "digits, '-', '_' or '.', e.g. 2025 [league.next-season]")


def test_check_and_build_report_signup_mistakes(site, run):
    """Sign-ups are checked with the rest of the content, so a mistake shows in the pull
    request, not only when the season is formed."""
    signups = "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]\nwithdrawn: [b5, n1]\n"
    league_tree(site, **{"content/leagues/club/signups/2025.yaml": signups})
    for command in (("check",), ("build",)):
        status, _, err = run(*command)
        assert status == 1
        assert err[0] == ("content/leagues/club/signups/2025.yaml:2:17: error: 'n1' did not play "
                          "season 2024; list new players under 'new' [signups.returning]")


def test_signups_of_a_formed_season_are_checked_against_the_season_before(site, run):
    """Once 2025 is formed, signups/2025.yaml still lists 2024's players: it stays valid."""
    league_tree(site)
    assert run("league", "next-season", "club")[0] == 0
    status, out, err = run("check")
    assert (status, err) == (0, [])


def test_a_new_player_whose_band_sets_no_lowest_division_is_told_so_c_1(site, run):
    """n1 signs up at 2d; the sign-ups' one band, 1d and stronger, allows division A at best
    and sets no lowest division. n1 has no lowest division by rank, so goes to the bottom
    division, B (C.1), as in the season above; the line says that the band applies and sets no
    lowest division (issue 28: it read "as no rank band applies", false for n1)."""
    signups = (SIGNUPS.replace("{id: n1, rank: 9k}", "{id: n1, rank: 2d}")
               + "restrictions:\n  - {weakest: 1d, highest: A}\n")
    root = league_tree(site, **{"content/leagues/club/signups/2025.yaml": signups})
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    assert ("n1: New player in division B: placed in the bottom division, as the rank band of 2d "
            "sets no lowest division (C.1).") in out.splitlines()
    written = (root / "content/leagues/club/seasons/2025.yaml").read_text()
    assert "players: [n1, a4, a5, b3, b4]" in written  # B seeded by rank, 2d first (A.ii.2)
