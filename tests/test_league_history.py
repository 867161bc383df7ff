"""History as it happened, and one decision per player with the record (issue 28), on small
content trees (tests/league_trees.py, worked by hand there and below), each checked on every
surface: the season, group and player pages, standings.json, the CSV, ``sitegen check``'s
warnings and ``sitegen league next-season``'s lines and written file.

- A season's pages show the outcome a player earned in it; not playing the next season is a
  separate fact said after it ("did not play the next season: the spot is not passed on
  (B.4)"), and what the next season's formation uses. "Withdrew" is for a withdrawal during
  the season (docs/league-rules.md, "History as it happened").
- The pages show the decision formed with the organizers' record followed, as next-season
  forms it: a player without a record whom others' records move reads as placed there.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from fresh_renders import render

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, PLAYERS, group, perfect, season, tree  # noqa: E402
from test_league_outcomes import SIGNUPS_ALL, everywhere, tie_tree, words_of  # noqa: E402

SEASON = "content/leagues/club/seasons/2024.yaml"
NEXT = "content/leagues/club/seasons/2025.yaml"


def data_rows(built: dict[str, bytes], group_id: str) -> tuple[dict, dict]:
    """Return the rows of a group's standings.json and standings.csv, by player id."""
    base = f"leagues/club/2024/{group_id}/"
    rows = {r["id"]: r for r in json.loads(built[base + "standings.json"])["rows"]}
    lines = built[base + "standings.csv"].decode().splitlines()
    header = next(csv.reader(lines[:1]))
    cells = {r[header.index("id")]: dict(zip(header, r)) for r in csv.reader(lines[1:])}
    return rows, cells


def where(root: Path, player: str, key: str = "relegated") -> str:
    """Return ``path:line:col`` of ``player`` in the season file's line holding ``key``."""
    lines = (root / SEASON).read_text().splitlines()
    number = next(i for i, t in enumerate(lines, 1) if t.strip().startswith(key) or
                  (key == "players" and t.strip().startswith("players:") and player in t))
    return f"{SEASON}:{number}:{lines[number - 1].index(player) + 1}"


NOT_BACK = "; did not play the next season: the spot is not passed on (B.4)"


def test_a_recorded_relegation_of_a_player_who_then_does_not_return(site, run):
    """A relegates a3 and a4 by the record; the rules demote a4, a5 (B.2) and keep a3 (middle
    position). a3 does not sign up again. The pages show a3's season as it happened: the
    recorded relegation, then that a3 did not play the next season (never "Withdrew"); a5,
    not listed, stays by the record. check warns for both, with the rules' outcome and its
    reason; next-season says the same and places a5 in A, a4 in B, a3 nowhere."""
    root = site(tree(season(group("A", A, perfect(A), "relegated: [a3, a4]"),
                            group("B", B, perfect(B))),
                     **{"leagues/club/signups/2025.yaml": "returning: [a1, a2, a4, a5, b1, b2, "
                        "b3, b4, b5, b6]\nwithdrawn: [a3]\n"}))
    built = words_of(render(root / "content", None))
    a3 = "Demoted to division B: the organizers' decision" + NOT_BACK + "."
    assert everywhere(built, "a3", "Ada", "a") == {a3}
    assert everywhere(built, "a5", "Amy", "a") == {"Stays in division A: the organizers' decision."}
    assert everywhere(built, "a4", "Al", "a") == {
        "Demoted to division B: demotion spot by the criteria of D (B.2)."}
    rows, cells = data_rows(built, "a")
    assert [(rows[p]["outcome"], rows[p]["to_division"], rows[p]["rules"], rows[p]["decided_by"])
            for p in ("a3", "a5")] == [("relegated", "B", ["B.4"], "organizers"),
                                       ("stays", "A", [], "organizers")]
    assert (cells["a3"]["outcome"], cells["a3"]["to_division"], cells["a3"]["rules"]) == (
        "relegated", "B", "B.4")
    status, out, err = run("check")
    rules_a3 = "stays in division A: middle position (B)" + NOT_BACK
    assert status == 0 and err == [
        f"{where(root, 'a5', 'players')}: warning: a5 is in neither the promoted nor the relegated "
        "list of group A, but the league rules give: demoted to division B (rules B.2); the site "
        "shows the recorded outcome as the organizers' decision; correct the list if it is a "
        "mistake [league.recorded-differs]",
        f"{where(root, 'a3')}: warning: a3 is recorded as relegated in group A, but the league "
        f"rules give: {rules_a3} (rules B, B.4); the site shows the recorded outcome as the "
        "organizers' decision; correct the list if it is a mistake [league.recorded-differs]"]
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    lines = out.splitlines()
    assert f"a3: recorded demoted to division B; the rules give: {rules_a3}" in lines
    assert ("a5: recorded stays in division A; the rules give: demoted to division B (B.2); the "
            "record is followed") in lines
    written = (root / NEXT).read_text()
    assert "players: [a1, a2, a5, b1, b2]" in written and "players: [a4, b3, b4, b5, b6]" in written


def test_a_player_who_played_the_season_out_and_left_keeps_what_they_earned(site, run):
    """No record. b1 leads B (B.1) and does not sign up again: b1's pages say "Promoted to
    division A: group leader (B.1)", then that b1 did not play the next season (B.4), never
    "Withdrew" (b1 played every game); the spot is not passed on, and b1 is in no division of
    the written season. Nothing to warn about."""
    root = site(tree(season(group("A", A, perfect(A)), group("B", B, perfect(B))),
                     **{"leagues/club/signups/2025.yaml": "returning: [a1, a2, a3, a4, a5, b2, "
                        "b3, b4, b5, b6]\nwithdrawn: [b1]\n"}))
    built = words_of(render(root / "content", None))
    b1 = "Promoted to division A: group leader (B.1)" + NOT_BACK + "."
    assert everywhere(built, "b1", "Bob", "b") == {b1}
    rows, cells = data_rows(built, "b")
    assert (rows["b1"]["outcome"], rows["b1"]["to_division"], rows["b1"]["rules"],
            rows["b1"]["decided_by"]) == ("promoted", "A", ["B.1", "B.4"], "rules")
    assert cells["b1"]["rules"] == "B.1 B.4"
    status, out, err = run("check")
    assert (status, err) == (0, [])
    status, out, err = run("league", "next-season", "club")
    assert status == 0 and f"b1: {b1}" in out.splitlines()
    assert "b1" not in (root / NEXT).read_text().split("divisions:")[1]


def test_a_recorded_promotion_the_rules_do_not_give_on_every_surface(site, run):
    """B records b1 and b3 promoted; the rules promote b1 (B.1) and b2 (B.3). b3 reads as
    promoted and b2 as staying, as the organizers' decision, in the pages, standings.json and
    the CSV; check warns for both; next-season follows the record: b3 to A, b2 stays."""
    root = site(tree(season(group("A", A, perfect(A)), group("B", B, perfect(B),
                                                              "promoted: [b1, b3]")),
                     **{"leagues/club/signups/2025.yaml": SIGNUPS_ALL}))
    built = words_of(render(root / "content", None))
    assert everywhere(built, "b3", "Bea", "b") == {"Promoted to division A: the organizers' decision."}
    assert everywhere(built, "b2", "Ben", "b") == {"Stays in division B: the organizers' decision."}
    rows, cells = data_rows(built, "b")
    assert [(rows[p]["outcome"], rows[p]["to_division"], cells[p]["to_division"],
             rows[p]["decided_by"]) for p in ("b3", "b2")] == [
        ("promoted", "A", "A", "organizers"), ("stays", "B", "B", "organizers")]
    status, out, err = run("check")
    assert status == 0 and [e.split(": warning: ")[1].split(";")[0] for e in err] == [
        "b2 is in neither the promoted nor the relegated list of group B, but the league rules "
        "give: promoted to division A (rules B.3)",
        "b3 is recorded as promoted in group B, but the league rules give: stays in division B "
        "(rules B)"]
    status, out, err = run("league", "next-season", "club")
    lines = out.splitlines()
    assert ("b3: recorded promoted to division A; the rules give: stays in division B (B); the "
            "record is followed") in lines
    assert ("b2: recorded stays in division B; the rules give: promoted to division A (B.3); "
            "the record is followed") in lines
    written = (root / NEXT).read_text()
    assert "players: [a1, a2, a3, b1, b3]" in written
    assert "players: [a4, a5, b2, b4, b5, b6]" in written


def test_a_player_without_a_record_reads_as_the_record_of_others_places_them(site, run):
    """The partial record of tests/test_league_outcomes.py: B promotes b1 alone by the record
    (b2, b3, b4 stay). By the rules alone A demotes a4 and a5 (B.2); formed with the record,
    A would hold a1, a2, a3 and b1, fewer than 5 (A.i.1, A.i.2): E.1 keeps a4. The pages once
    said "Demoted" while next-season kept a4 in A; now every surface says what next-season
    does, and check's comparison is still with the rules' outcome (a tie warning only). E.1
    forcefully promotes the highest ranked by D.2 of those below A: a4, the one 1d among a4,
    a5 (1k) and b2 .. b6 (3k .. 7k), by rank, and says so."""
    root = site(tie_tree(record="promoted: [b1]",
                         **{"leagues/club/signups/2025.yaml": SIGNUPS_ALL}))
    built = words_of(render(root / "content", None))
    a4 = ("Stays in division A: demotion spot by the criteria of D (B.2), cancelled by E.1: "
          "nobody is applicable, so the highest ranked by D.2 is forcefully promoted, as "
          "division A needs at least 5 players under A.i.1 and A.i.2, decided by rank (D.2).")
    assert everywhere(built, "a4", "Al", "a") == {a4}
    assert everywhere(built, "a5", "Amy", "a") == {
        "Demoted to division B: demotion spot by the criteria of D (B.2)."}
    rows, cells = data_rows(built, "a")
    assert (rows["a4"]["outcome"], rows["a4"]["to_division"], rows["a4"]["rules"]) == (
        "stays", "A", ["B.2", "E.1"])
    assert (cells["a4"]["outcome"], cells["a4"]["to_division"]) == ("stays", "A")
    status, out, err = run("check")
    assert status == 0 and len(err) == 1 and err[0].endswith("[league.tie]")
    status, out, err = run("league", "next-season", "club")
    assert status == 0 and f"a4: {a4}" in out.splitlines()
    assert "players: [a1, a2, a3, a4, b1]" in (root / NEXT).read_text()


def test_one_withdrawal_one_wording_on_every_surface_b_4(site, run):
    """B.4, one fact worded once (pages/league_words.gone). b2 - b6 is never played: B reads
    b1 5, b2 3 (SODOS b3 3 + b4 2 + b5 1 = 6), b3 3 (SODOS 2 + 1 + 0 = 3), b4 2, b5 1, b6 0.
    The record promotes b1, b2 and b3; b2 does not sign up again, so b2 withdrew during the
    season (a game left unplayed, never to be played), from B's second promotion spot. b4
    played every game and does not sign up again: b4 did not play the next season. n1 (9k) is
    new. The rules: A would hold a1 a2 a3 b1, fewer than 5, so E.1 promotes the next direct
    promotion b3, as the record does (A: a1 a2 a3 b1 b3; B: a4 a5 b5 b6 n1). The pages
    show b2's record, then the withdrawal in the very words of check's warning and
    next-season's line, never "did not play the next season: the spot is not passed on",
    which is b4's fact."""
    root = site(tree(season(group("A", A, perfect(A)),
                            group("B", B, perfect(B, skip=(("b2", "b6"),)), "promoted: [b1, b2, b3]")),
                     **{"leagues/club/signups/2025.yaml": "returning: [a1, a2, a3, a4, a5, b1, "
                        "b3, b5, b6]\nwithdrawn: [b2, b4]\nnew: [n1]\n",
                        "players.yaml": PLAYERS + "  - {id: n1, name: Nia, rank: 9k}\n"}))
    built = words_of(render(root / "content", None))
    withdrew = ("withdrew: left games unplayed and did not play the next season: the promotion "
                "spot is forfeited and not passed on (B.4)")
    b2 = f"Promoted to division A: the organizers' decision; {withdrew}."
    b4 = "Stays in division B: middle position (B)" + NOT_BACK + "."
    assert everywhere(built, "b2", "Ben", "b") == {b2}
    assert everywhere(built, "b4", "Bo", "b") == {b4}
    rows, cells = data_rows(built, "b")
    assert [(cells[p]["outcome_text"], cells[p]["rules"], rows[p]["rules"]) for p in ("b2", "b4")] == [
        (b2, "B.4", ["B.4"]), (b4, "B B.4", ["B", "B.4"])]
    # b2 - b6 will never be played (the record closes the season): no game "to play" in the
    # data either, as in the group table (it once read 1 for both)
    assert [(rows[p]["to_play"], cells[p]["to_play"]) for p in ("b2", "b6")] == [(0, "0")] * 2
    status, out, err = run("check")
    assert status == 0 and err == [
        f"{where(root, 'b2', 'promoted')}: warning: b2 is recorded as promoted in group B, but "
        f"the league rules give: {withdrew} (rules B.4); the site shows the recorded outcome as "
        "the organizers' decision; correct the list if it is a mistake [league.recorded-differs]"]
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    lines = out.splitlines()
    assert f"b2: recorded promoted to division A; the rules give: {withdrew}" in lines
    assert f"b4: {b4}" in lines
    written = (root / NEXT).read_text()
    assert "players: [a1, a2, a3, b1, b3]" in written and "players: [a4, a5, b5, b6, n1]" in written
