"""``sitegen league next-season`` follows the organizers' record (issue 28): one decision per
player, on the pages and in the next season's file alike.

Small leagues of tests/league_trees.py, worked by hand: season 2024 has division A (a1..a5)
and B (b1..b6), one group each, perfect orders (the player listed first wins every game), one
group per division (``top_division_groups: 1``). By the rules (league B): B promotes b1 (B.1)
and b2 (B.3); A demotes a4, a5 (B.2); a1, a2 are A's direct spots (final round); a3, b3..b6
stay (middle position). Every player signs up again.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from fresh_renders import render

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, PLAIN, group, perfect, season, tree  # noqa: E402

SIGNUPS_ALL = {"leagues/club/signups/2025.yaml":
               "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, b6]\n"}
SEASON_FILE = "content/leagues/club/seasons/2025.yaml"


def written_players(root: Path) -> list[list[str]]:
    """Return the players of each group of the written season 2025, in file order."""
    lines = (root / SEASON_FILE).read_text().splitlines()
    return [line.split("[", 1)[1].rstrip("]").split(", ") for line in lines
            if line.strip().startswith("players: [")]


# --------------------------------------------------------------------------- record followed


def test_a_recorded_promotion_the_rules_do_not_give_is_followed_and_said(site, run):
    """Recorded in B: promoted [b1, b3] (A records nothing). The pages show b3 promoted and b2
    staying, the organizers' decision; next-season once promoted b2 (the rules' B.3 spot) and
    kept b3 in B, exit 0, nothing said. Now it follows the record: A = a1 a2 a3 b1 b3 (a4, a5
    demoted by B.2 as the rules give, A records nothing), B = a4 a5 b2 b4 b5 b6, and it says
    so for b2 and b3, one line each; check keeps its two warnings."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B), "promoted: [b1, b3]"))
    root = site(tree(text, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    assert written_players(root) == [["a1", "a2", "a3", "b1", "b3"],
                                     ["a4", "a5", "b2", "b4", "b5", "b6"]]
    lines = out.splitlines()
    assert "b2: recorded stays in division B; the rules give: promoted to division A (B.3); " \
           "the record is followed" in lines
    assert "b3: recorded promoted to division A; the rules give: stays in division B (B); " \
           "the record is followed" in lines
    assert "b1: Promoted to division A: group leader (B.1)." in lines  # agrees: the rules' words
    assert "a4: Demoted to division B: demotion spot by the criteria of D (B.2)." in lines
    assert sum("the record is followed" in line for line in lines) == 2
    status, out, err = run("check")
    assert status == 0 and [e.split(" warning: ")[1].split(",")[0] for e in err] == [
        "b2 is in neither the promoted nor the relegated list of group B",
        "b3 is recorded as promoted in group B"]


def test_a_recorded_promotion_has_its_division_in_standings_json_and_the_csv(site):
    """The same record: b3's row names division A as its decision does, b2's division B
    (once null for every recorded outcome); b1, whose record agrees, keeps the rules' row."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B), "promoted: [b1, b3]"))
    root = site(tree(text))
    built = render(root / "content", None)
    rows = {r["id"]: r for r in json.loads(built["leagues/club/2024/b/standings.json"])["rows"]}
    assert [(rows[p]["outcome"], rows[p]["to_division"], rows[p]["decided_by"])
            for p in ("b1", "b2", "b3")] == [("promoted", "A", "rules"),
                                             ("stays", "B", "organizers"),
                                             ("promoted", "A", "organizers")]
    lines = built["leagues/club/2024/b/standings.csv"].decode().splitlines()
    header = lines[0].split(",")
    cells = {row.split(",")[header.index("id")]: row.split(",") for row in lines[1:]}
    assert [cells[p][header.index("to_division")] for p in ("b2", "b3")] == ["B", "A"]


def test_a_recorded_relegation_from_the_bottom_division_names_no_division(site):
    """B is the bottom division: a relegation recorded there names no division it goes to (its
    headline says 'a new division below division B', in the league text's word, "demoted",
    the words of the rules' demotion out of the bottom division: one wording for one
    meaning), so to_division stays null."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B), "relegated: [b6]"))
    built = render(site(tree(text)) / "content", None)
    rows = {r["id"]: r for r in json.loads(built["leagues/club/2024/b/standings.json"])["rows"]}
    assert (rows["b6"]["outcome_text"], rows["b6"]["to_division"]) == (
        "Demoted to a new division below division B: the organizers' decision.", None)


def test_a_record_the_sizes_do_not_allow_is_refused_naming_its_players(site, run):
    """size_limit_base 2: division A holds at most 2 x 3 = 6 players (A.i.4). Recorded: A
    relegates a5 only (a1..a4 stay), B promotes b1..b4: A would hold 8, and every one of them
    is placed by the record, so none may move down. Refused, nothing written, the players
    named by their record (once: b3, b4 kept in B, a4 demoted, exit 0, nothing said)."""
    league = "name: Club league\nsettings:\n  top_division_groups: 1\n  size_limit_base: 2\n"
    text = season(group("A", A, perfect(A), "relegated: [a5]"),
                  group("B", B, perfect(B), "promoted: [b1, b2, b3, b4]"))
    root = site(tree(text, league, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == [
        "content/leagues/club/seasons/2024.yaml:1:1: error: season 2025 cannot be formed from "
        "season 2024: the recorded outcomes cannot be followed: division A would hold 8 players "
        "but may hold at most 6 (A.i.4): recorded as staying in division A: a1, a2, a3, a4; "
        "recorded as promoted to division A: b1, b2, b3, b4; correct the groups' promoted and "
        "relegated lists [league.record]", "1 error; nothing was written"]
    assert not (root / SEASON_FILE).exists()


def test_a_record_that_leaves_a_division_too_small_is_refused(site, run):
    """Recorded: B (the bottom division, league ``demote_from_bottom_division``) promotes b1,
    b2 and relegates b5, b6 to a division C; A records nothing and demotes a4, a5 (B.2). B
    would hold a4, a5, b3, b4: fewer than one group of 5 (A.i.2), and the only players below
    it who could be promoted into it (E.1) are b5, b6, whom the record places in C. Refused;
    the rules (E.1) would keep b5 in B."""
    league = ("name: Club league\nsettings:\n  top_division_groups: 1\n"
              "  demote_from_bottom_division: true\n")
    text = season(group("A", A, perfect(A)),
                  group("B", B, perfect(B), "promoted: [b1, b2]\nrelegated: [b5, b6]"))
    root = site(tree(text, league, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == [
        "content/leagues/club/seasons/2024.yaml:1:1: error: season 2025 cannot be formed from "
        "season 2024: the recorded outcomes cannot be followed: division B would hold 4 players, "
        "fewer than 5 (A.i.1, A.i.2), and the record places every player who could be promoted "
        "into it (E.1): recorded as relegated to division C: b5, b6; correct the groups' "
        "promoted and relegated lists [league.record]", "1 error; nothing was written"]
    assert not (root / SEASON_FILE).exists()


def test_check_says_a_refused_record_once_in_the_warning_of_each_entry_that_differs(site, run):
    """The record above, which next-season refuses. The rules: C would hold b5 and b6 alone,
    fewer than one group (A.i.2), so E.1 keeps both in B: each recorded relegation differs,
    one warning each, which also says that next-season would refuse the record and why (the
    rule that would break, and the record's players). No warning of its own repeats it
    (league.record): one fact, one warning (issue 28)."""
    league = ("name: Club league\nsettings:\n  top_division_groups: 1\n"
              "  demote_from_bottom_division: true\n")
    text = season(group("A", A, perfect(A)),
                  group("B", B, perfect(B), "promoted: [b1, b2]\nrelegated: [b5, b6]"))
    site(tree(text, league, **SIGNUPS_ALL))
    status, out, err = run("check")
    refused = ("`league next-season` would refuse this record: division B would hold 4 players, "
               "fewer than 5 (A.i.1, A.i.2), and the record places every player who could be "
               "promoted into it (E.1), with the record followed (recorded as relegated to "
               "division C: b5, b6)")
    assert status == 0 and err == [
        f"content/leagues/club/seasons/2024.yaml:24:{column}: warning: {player} is recorded as "
        "relegated in group B, but the league rules give: stays in division B (rules B.2, E.1); "
        f"{refused}; the site shows the recorded outcome as the organizers' decision; correct "
        "the list if it is a mistake [league.recorded-differs]"
        for player, column in (("b5", 21), ("b6", 25))]


# --------------------------------------------------------------------------- unfinished seasons


UNFINISHED = season(group("A", A, perfect(A, skip=(("a1", "a2"),))),
                    group("B", B, perfect(B, skip=(("b5", "b6"), ("b4", "b6")))))
"""a1 - a2, b5 - b6 and b4 - b6 still to play: 3 games; no record."""


def test_a_season_with_games_still_to_play_is_refused_without_provisional(site, run):
    root = site(tree(UNFINISHED, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == ["content/leagues/club/seasons/2024.yaml:1:1: error: season 2024 has 3 games "
                   "still to play; enter their results, or give --provisional: --provisional "
                   "forms it from the standings as they are [league.season-not-finished]",
                   "1 error; nothing was written"]
    assert not (root / SEASON_FILE).exists()


def test_provisional_formed_again_says_so_once(site, run):
    """Formed provisionally twice, the file is the same: its "Formed provisionally" comment
    once (before: once more on every run)."""
    root = site(tree(UNFINISHED, **SIGNUPS_ALL))
    assert run("league", "next-season", "club", "--provisional")[0] == 0
    first = (root / SEASON_FILE).read_text()
    assert first.count("# Formed provisionally: ") == 1
    assert run("league", "next-season", "club", "--season", "2025", "--provisional")[0] == 0
    assert (root / SEASON_FILE).read_text() == first


def test_provisional_forms_it_from_the_standings_as_they_are_and_says_so(site, run):
    """The standings as they are: a1 and a2 both beat a3..a5 and have not met (equal by D.1,
    a1 first by rank, D.2), then a3, a4, a5; B in order, b4 and b6 with a game less. So the
    outcome is the plain season's (A = a1 a2 a3 b1 b2), each line "if the season ended today",
    and the file says in a comment that it was formed provisionally."""
    root = site(tree(UNFINISHED, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club", "--provisional")
    assert (status, err) == (0, [])
    lines = out.splitlines()
    assert "b1: Promoted to division A if the season ended today: group leader (B.1)." in lines
    assert lines[-1] == ("wrote content/leagues/club/seasons/2025.yaml: A: A (5); B: B (6) "
                         "(formed provisionally: season 2024 has 3 games still to play)")
    assert (root / SEASON_FILE).read_text() == textwrap.dedent("""\
        # Season 2025 of Club league, formed by `sitegen league next-season` from season
        # 2024 and signups/2025.yaml. Review it, then enter the games.
        name: Season 2025
        # Formed provisionally: season 2024 has 3 games still to play, so these divisions are
        # those of its standings as they were; form it again once they are played.
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
                players: [a4, a5, b3, b4, b5, b6]
        """)


def test_a_season_with_no_game_played_says_so(site, run):
    """Once: every player tied on every criterion, a request for a playoff of all of them."""
    root = site(tree(season(group("A", A, []), group("B", B, [])), **SIGNUPS_ALL))
    for argv in ((), ("--provisional",)):
        status, out, err = run("league", "next-season", "club", *argv)
        assert (status, out) == (1, "")
        assert err == ["content/leagues/club/seasons/2024.yaml:1:1: error: no game of season "
                       "2024 has been played; the next season is formed from its results: enter "
                       "them first [league.season-not-played]", "1 error; nothing was written"]
    assert not (root / SEASON_FILE).exists()


# --------------------------------------------------------------------------- group ids


def test_the_groups_of_a_division_with_several_are_named_and_numbered_from_1(site, run):
    """Default settings: two groups at the top from 10 players (A.i.1, [1]). All 11 return:
    A needs 10, so E.1 keeps a4 and promotes b3..b6 after b1, b2, and a5 stays as only one
    would be left below (A.i.2): A holds all 11, two groups of 5 and 6 seeded in zig-zag by
    D.2 (a1 3d, a2 2d, a3 a4 1d, a5 1k, b1 2k .. b6 7k): A1 takes seeds 1, 4, 5, 8, 9, A2 the
    others. The ids are exactly a1, a2 (once a shift to a2, a3 passed every fast test), and
    the site builds their pages there."""
    root = site(tree(PLAIN, "name: Club league\n", **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    assert out.splitlines()[-1] == ("wrote content/leagues/club/seasons/2025.yaml: "
                                    "A: A1 (5), A2 (6)")
    assert (root / SEASON_FILE).read_text() == textwrap.dedent("""\
        # Season 2025 of Club league, formed by `sitegen league next-season` from season
        # 2024 and signups/2025.yaml. Review it, then enter the games.
        name: Season 2025
        divisions:
          - name: A
            # starting gamepoints: 0 (league A.ii.1, [4])
            groups:
              - name: A1
                id: a1
                players: [a1, a4, a5, b3, b4]
              - name: A2
                id: a2
                players: [a2, a3, b1, b2, b5, b6]
        """)
    built = render(root / "content", None)
    assert {"leagues/club/2025/a1/index.html", "leagues/club/2025/a2/index.html"} <= set(built)
    assert "leagues/club/2025/a3/index.html" not in built


def test_a_record_against_a_rank_restriction_is_refused(site, run):
    """The sign-ups restrict 1d and stronger to division A (C.3: lowest division A); A records
    a4 (1d) and a5 as relegated. The rules would keep a4 in A (a forced promotion by rank); the
    record cannot be followed without breaking C.3: refused, naming a4 and the limit."""
    text = season(group("A", A, perfect(A), "relegated: [a4, a5]"), group("B", B, perfect(B)))
    signups = (SIGNUPS_ALL["leagues/club/signups/2025.yaml"]
               + "restrictions:\n  - {weakest: 1d, highest: A, lowest: A}\n")
    root = site(tree(text, **{"leagues/club/signups/2025.yaml": signups}))
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err[0] == (
        "content/leagues/club/seasons/2024.yaml:1:1: error: season 2025 cannot be formed from "
        "season 2024: the recorded outcomes cannot be followed: a rank may not be placed below "
        "the lowest division it allows (C.3): a4 (1d: division A): recorded as relegated to "
        "division B: a4; correct the groups' promoted and relegated lists [league.record]")
    assert not (root / SEASON_FILE).exists()
