"""A league season read again after an edit, in one process (the dev server's speed path,
``Remembered.groups``, issue 31): the same season as read anew (a new Remembered, as in a new
process), the groups of the divisions the edit did not touch taken from the last read, and the
same problems and player look-ups when a kept group would now clash with an edited one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.diagnostics import Diagnostics
from sitegen.incremental.reuse import _Recorder
from sitegen.model.common import Player
from sitegen.remembered import Remembered
from sitegen.validate.league import PlayerRefs, load_season

SHOWN = "leagues/club/seasons/2025.yaml"
PLAYERS = {pid: Player(pid, pid.title()) for pid in ("ann", "bob", "cy", "dan", "eve", "fay")}


def season_text(first: str = "B+R", a1: str = "ann, bob") -> str:
    return f"""\
name: Season 2025
divisions:
  - name: A
    groups:
      - name: A1
        players: [{a1}]
        games:
          - {{black: ann, white: bob, result: {first}}}
  - name: B
    groups:
      - name: B1
        players: [cy, dan]
        games:
          - {{black: cy, white: dan, result: W+R}}
      - name: B2
        players: [eve, fay]
"""


pytestmark = pytest.mark.usefixtures("every_tree_kept")  # tests/conftest.py


def read(path: Path, remembered: Remembered):
    """Load the season at ``path``: the season, its problems and the players looked up."""
    diags = Diagnostics()
    players = _Recorder(PLAYERS)
    season = load_season(path, SHOWN, PlayerRefs(players, diags, remembered=remembered),
                         diags)
    return season, [d.format() for d in diags.items], players.seen


def test_a_season_read_again_keeps_the_groups_of_the_divisions_not_edited(tmp_path):
    path = tmp_path / "2025.yaml"
    remembered = Remembered()
    path.write_text(season_text())
    read(path, remembered)
    path.write_text(season_text("W+R"))  # the first edit: the file is parsed whole, and kept
    second, _, _ = read(path, remembered)
    path.write_text(season_text("B+R"))  # the second: only division A's item is parsed again
    third, problems, seen = read(path, remembered)
    anew, anew_problems, anew_seen = read(path, Remembered())
    assert third == anew and problems == anew_problems == [] and seen == anew_seen == {
        "ann", "bob", "cy", "dan", "eve", "fay"}
    assert third.divisions[0].groups[0].games[0].result.winner.value == "B"  # A1 read again
    assert third.divisions[0].groups[0] is not second.divisions[0].groups[0]
    assert [g for g in third.divisions[1].groups] == [g for g in second.divisions[1].groups]
    assert all(kept is before for kept, before in zip(third.divisions[1].groups, second.divisions[1].groups))
    assert set(remembered.groups[SHOWN]) == {id(node) for node in _group_nodes(remembered)}


def test_a_kept_group_whose_player_an_edit_put_in_another_group_is_read_again(tmp_path):
    """Cy added to group A1 (read before B1): B1, not edited, is read again and says that Cy is
    already in A1 and that its game Cy - Dan is not between two of its players, as reading it
    anew says."""
    path = tmp_path / "2025.yaml"
    remembered = Remembered()
    for text in (season_text(), season_text("W+R"), season_text("W+R", "ann, bob, cy")):
        path.write_text(text)
        season, problems, seen = read(path, remembered)
    anew, anew_problems, anew_seen = read(path, Remembered())
    assert season == anew and seen == anew_seen and problems == anew_problems
    assert len(problems) == 2 and "player 'cy' is already in group A1 of this season (line 6)" in problems[0]
    assert "game between players not in the same group: 'cy' is not in group B1" in problems[1]
    assert [g.players for g in season.divisions[1].groups] == [("dan",), ("eve", "fay")]


def test_a_kept_group_with_a_player_no_longer_known_is_read_again(tmp_path):
    """A player removed from the players: the kept group is not taken; reading it says so."""
    path = tmp_path / "2025.yaml"
    remembered = Remembered()
    for text in (season_text(), season_text("W+R")):
        path.write_text(text)
        read(path, remembered)
    del PLAYERS["fay"]
    try:
        path.write_text(season_text("B+R"))
        season, problems, _ = read(path, remembered)
        anew, anew_problems, _ = read(path, Remembered())
    finally:
        PLAYERS["fay"] = Player("fay", "Fay")
    assert season == anew and problems == anew_problems
    assert len(problems) == 1 and "unknown player id 'fay'" in problems[0]


def _group_nodes(remembered: Remembered) -> list:
    """The group nodes of the season's last parse (kept by sitegen.load)."""
    tree = remembered.yaml.parses[SHOWN][1]
    return [group for division in tree.entries["divisions"].items for group in division.entries["groups"].items]
