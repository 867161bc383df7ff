"""Players named in ``sitegen result add`` and ``result from-issue`` as people type them:
without diacritics, in another case, surname first (sitegen.results.names); several players
who fit are listed with their ids.

The repository is the one ``sitegen new --kind league --name Club`` writes, with ann renamed
"Łukasz Wąsowski" (id lukasz-wasowski) in the players file and the season: group A1 of
season 1 is lukasz-wasowski, ben, cho and dee, its six games listed without results.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from sitegen.commands.new import new_repository
from sitegen.model.common import Player
from sitegen.results.names import name_forms, players_named

sys.path.insert(0, str(Path(__file__).parent))
from test_issue_form import body, issue  # noqa: E402

PLAYERS = "content/players.yaml"
SEASON = "content/leagues/club/seasons/1.yaml"


@pytest.fixture
def league(tmp_path, monkeypatch):
    root = new_repository(tmp_path / "club", "Club", "league")
    for relative in (PLAYERS, SEASON):
        path = root / relative
        text = re.sub(r"\bann\b", "lukasz-wasowski", path.read_text(encoding="utf-8"))
        path.write_text(text.replace("Ann Example", "Łukasz Wąsowski"), encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def second_lukasz(league) -> None:
    """Add "Lukasz Wasowski", another person (not in the season), as lukasz-wasowski-2."""
    with open(league / PLAYERS, "a", encoding="utf-8") as handle:
        handle.write("  - {id: lukasz-wasowski-2, name: Lukasz Wasowski}\n")


def test_name_forms_fold_and_turn_the_words_round():
    assert name_forms("Łukasz  Wąsowski") == {"lukasz wasowski", "wasowski lukasz"}
    assert name_forms("Anna Maria Kowalska") == {"anna maria kowalska", "maria kowalska anna",
                                                 "kowalska anna maria"}
    players = {"lw": Player("lw", "Łukasz Wąsowski"), "am": Player("am", "Anna Maria Kowalska")}
    assert players_named("KOWALSKA Anna Maria", players) == ["am"]
    assert players_named("Maria Anna Kowalska", players) == []  # not a turn of the words
    assert players_named("  ", players) == []


@pytest.mark.parametrize("typed", ["lukasz wasowski", "Wasowski Lukasz", "ŁUKASZ WĄSOWSKI",
                                   "wąsowski  łukasz"])
def test_result_add_takes_a_name_typed_without_diacritics_case_or_order(league, run, typed):
    status, out, err = run("result", "add", "leagues/club", typed, "ben", "B+R", "--date", "2025-03-01")
    assert (status, err) == (0, [])
    assert out.startswith("entered lukasz-wasowski - ben B+R in content/leagues/club/seasons/1.yaml:12 ")
    assert "{black: lukasz-wasowski, white: ben, result: B+R, date: 2025-03-01}" in (
        league / SEASON).read_text(encoding="utf-8")


def test_result_add_takes_the_winner_by_a_name_typed_surname_first(league, run):
    status, _, err = run("result", "add", "club", "--players", "ben", "lukasz wasowski",
                         "--winner", "Wasowski Lukasz", "--date", "2025-03-01")
    assert (status, err) == (0, [])
    assert "{players: [ben, lukasz-wasowski], winner: lukasz-wasowski, date: 2025-03-01}" in (
        league / SEASON).read_text(encoding="utf-8")


def test_result_add_lists_the_players_a_name_fits_with_their_ids(league, run):
    second_lukasz(league)
    before = (league / SEASON).read_text(encoding="utf-8")
    status, out, err = run("result", "add", "leagues/club", "lukasz wasowski", "wasowski lukasz", "B+R")
    assert (status, out) == (1, "")
    assert err == [
        "sitegen result add: error: 'lukasz wasowski' matches 2 players: lukasz-wasowski "
        "(Łukasz Wąsowski), lukasz-wasowski-2 (Lukasz Wasowski); give the id [result.player]",
        "sitegen result add: error: 'wasowski lukasz' matches 2 players: lukasz-wasowski "
        "(Łukasz Wąsowski), lukasz-wasowski-2 (Lukasz Wasowski); give the id [result.player]",
        "2 errors; nothing was written"]
    assert (league / SEASON).read_text(encoding="utf-8") == before


def test_an_exact_name_wins_over_a_folded_one(league, run):
    """Each Łukasz by the name as written: lukasz-wasowski-2 is not in the season."""
    second_lukasz(league)
    assert run("result", "add", "leagues/club", "Łukasz Wąsowski", "ben", "B+R")[0] == 0
    status, _, err = run("result", "add", "leagues/club", "Lukasz Wasowski", "cho", "B+R")
    assert status == 1
    assert err[0] == ("content/leagues/club/seasons/1.yaml:1:1: error: lukasz-wasowski-2 does not "
                      "play in season 1 of leagues/club; the season's groups list who plays "
                      "[result.unpaired]")


def test_from_issue_takes_a_name_typed_without_diacritics(league, run, tmp_path):
    status, _, err = issue(run, tmp_path, body(black="Lukasz Wasowski", white="Ben Example",
                                               date="2025-03-02"))
    assert (status, err) == (0, [])
    assert "{black: lukasz-wasowski, white: ben, result: B+R, date: 2025-03-02}" in (
        league / SEASON).read_text(encoding="utf-8")


def test_from_issue_lists_the_players_a_name_fits(league, run, tmp_path):
    second_lukasz(league)
    report = tmp_path / "report"
    status, _, err = issue(run, tmp_path, body(black="wasowski lukasz"), "--out", str(report))
    assert status == 1
    assert err[0] == ("issue #12, field 'Black (or first player)': error: 'wasowski lukasz' "
                      "matches 2 players: lukasz-wasowski (Łukasz Wąsowski), lukasz-wasowski-2 "
                      "(Lukasz Wasowski); give the id [result.player]")
    assert ("- **Black (or first player)**: `wasowski lukasz` fits several players: `lukasz-wasowski "
            "(Łukasz Wąsowski), lukasz-wasowski-2 (Lukasz Wasowski)`; write the id of the one you mean\n"
            ) in (report / "comment.md").read_text(encoding="utf-8")
