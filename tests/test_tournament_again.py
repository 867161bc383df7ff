"""A tournament read again after an edit, in one process (the dev server's speed path,
``Remembered.rounds``, issue 31): the same tournament as read anew (a new Remembered, as in a
new process), the rounds the edit did not touch taken from the last read, and the same
problems and player look-ups when a kept round would now be read otherwise (its player no
longer in the tournament, its number taken by an edited round before it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen.diagnostics import Diagnostics
from sitegen.incremental.reuse import _Recorder
from sitegen.model.common import Player
from sitegen.remembered import Remembered
from sitegen.validate.league import PlayerRefs
from sitegen.validate.tournament import load_tournament

SHOWN = "tournaments/open.yaml"
PLAYERS = {pid: Player(pid, pid.title(), rank=None) for pid in ("ann", "bob", "cy", "dan", "eve")}


def tournament_text(first: str = "B+R", fourth: str = "dan", third_round: int = 3) -> str:
    return f"""\
name: Open
system: mcmahon
number_of_rounds: 3
players:
  - {{id: ann, rank: 1d}}
  - {{id: bob, rank: 2k}}
  - {{id: cy, rank: 3k}}
  - {{id: {fourth}, rank: 4k}}
rounds:
  - round: 1
    games:
      - {{white: ann, black: bob, result: {first}}}
      - {{white: cy, black: dan, result: W+R}}
  - round: 2
    games:
      - {{white: ann, black: cy, result: B+3.5}}
    byes: [bob]
    absent: [dan]
  - round: {third_round}
    games:
      - {{white: dan, black: ann, result: W+R}}
      - {{white: bob, black: cy, result: "?"}}
"""


pytestmark = pytest.mark.usefixtures("every_tree_kept")  # tests/conftest.py


def read(path: Path, remembered: Remembered):
    """Load the tournament at ``path``: the tournament, its problems and the players looked up."""
    diags = Diagnostics()
    players = _Recorder(PLAYERS)
    tournament = load_tournament(path, SHOWN, PlayerRefs(players, diags, remembered=remembered), diags)
    return tournament, [d.format() for d in diags.items], players.seen


def test_a_tournament_read_again_keeps_the_rounds_not_edited(tmp_path):
    """Rule of Remembered.rounds: round 1 edited (ann's result reversed), rounds 2 and 3 are
    taken from the last read (the same game objects), and the tournament equals one read
    anew, with the same (no) problems and the same players looked up."""
    path = tmp_path / "open.yaml"
    remembered = Remembered()
    path.write_text(tournament_text())
    first, _, _ = read(path, remembered)
    path.write_text(tournament_text("W+R"))  # only round 1's item is parsed again
    second, problems, seen = read(path, remembered)
    anew, anew_problems, anew_seen = read(path, Remembered())
    assert second == anew and problems == anew_problems == [] and seen == anew_seen
    assert [g.result.name for g in second.games[:2]] == ["WHITE_WINS", "WHITE_WINS"]
    assert second.games[0] is not first.games[0]  # round 1 read again
    assert all(kept is before for kept, before in zip(second.games[2:], first.games[2:]))  # 2, 3 kept
    assert second.byes[0] is first.byes[0] and second.absences[0] is first.absences[0]
    assert len(remembered.rounds[SHOWN]) == 3


def test_a_kept_round_whose_player_left_the_tournament_is_read_again(tmp_path):
    """Dan replaced by Eve in the players list (rounds not edited): rounds 1, 2 and 3 name
    Dan and are read again, saying he is not a player of the tournament, as reading anew says."""
    path = tmp_path / "open.yaml"
    remembered = Remembered()
    for text in (tournament_text(), tournament_text(fourth="eve")):
        path.write_text(text)
        tournament, problems, seen = read(path, remembered)
    anew, anew_problems, anew_seen = read(path, Remembered())
    assert tournament is None and anew is None and problems == anew_problems and seen == anew_seen
    assert len(problems) == 3 and all("player 'dan' is not a player of this tournament" in p
                                      for p in problems)


def test_a_kept_round_whose_number_an_edited_round_took_is_read_again(tmp_path):
    """Round 1's item edited to say round 3: the kept third round (not edited) is read again
    and says that round 3 appears twice, as reading anew says."""
    path = tmp_path / "open.yaml"
    remembered = Remembered()
    for text in (tournament_text(), tournament_text().replace("  - round: 1\n", "  - round: 3\n")):
        path.write_text(text)
        tournament, problems, seen = read(path, remembered)
    anew, anew_problems, anew_seen = read(path, Remembered())
    assert tournament is None and anew is None and problems == anew_problems and seen == anew_seen
    assert len(problems) == 1 and "round 3 appears twice (first at line 10)" in problems[0]


def test_a_round_with_a_problem_is_not_kept(tmp_path):
    """A round whose reading reported something (round 2: Bob given a bye while paired) is
    read again at each reading, so its problem is reported again."""
    path = tmp_path / "open.yaml"
    remembered = Remembered()
    text = tournament_text().replace("byes: [bob]", "byes: [ann]")
    for edit in (text, text.replace("B+R", "W+R")):
        path.write_text(edit)
        tournament, problems, _ = read(path, remembered)
        assert tournament is None and len(problems) == 1 and "both paired and given a bye" in problems[0]
    assert len(remembered.rounds[SHOWN]) == 2


DEMO = Path(__file__).parent.parent / "content"
JUVISY = "tournaments/juvisy-2019.yaml"


def test_the_dev_servers_pages_after_tournament_edits_are_a_fresh_builds(tmp_path):
    """The demo in the dev server (sitegen.devsite.Site): round 1 of a tournament edited twice
    (a result reversed, then back), a round 2 result then; after each edit the site is a fresh
    build's, and from the second edit on the rounds not edited are taken from the last read."""
    from fresh_renders import render
    from sitegen.devsite import Site

    content = tmp_path / "content"
    shutil.copytree(DEMO, content)
    site = Site(content, None, None)
    site.build()
    path = content / JUVISY
    text = path.read_text(encoding="utf-8")
    first = "{white: rosa-etienne, black: clement-carmody-2, handicap: 0, result: W+}"
    second = "{white: zoe-garnier, black: tomas-moreau, handicap: 0, result: B+}"
    assert text.count(first) == text.count(second) == 1
    kept_before = None
    for edit in (text.replace(first, first.replace("W+", "B+")), text,
                 text.replace(second, second.replace("B+", "W+"))):
        path.write_text(edit, encoding="utf-8")
        changes, _ = site.build()
        assert changes is not None and "tournaments/juvisy-2019/index.html" in changes
        assert dict(site.files) == render(content, None)
        rounds = site.remembered.rounds[_shown(site.remembered.rounds, JUVISY)]
        assert rounds  # the edited file's clean rounds are remembered
        if kept_before is not None:
            assert any(found is kept_before.get(node) for node, found in rounds.items())
        kept_before = dict(rounds)


def _shown(table: dict, relative: str) -> str:
    found = [shown for shown in table if shown.endswith(relative)]
    assert len(found) == 1, sorted(table)
    return found[0]
