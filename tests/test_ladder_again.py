"""A ladder read, replayed and planned again after an edit, in one process (the dev server's
speed paths, a sitegen.remembered.Remembered handed from one build to the next): the same as
read, replayed and planned anew (a new Remembered, as in a new process), with what the edit did
not touch taken from the last build.

The expected rungs are worked by hand from ladder: club ladder on the default rung list
(13k -> 12.5k -> 12k going up: rungs are halves from 19.5k to 10k).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.devsite import Site
from sitegen.diagnostics import Diagnostics
from sitegen.engine.ladder import replay
from sitegen.model.common import Player
from sitegen.model.ladder import Rung
from sitegen.pipeline import prepare
from sitegen.remembered import Remembered
from sitegen.render import render_site
from sitegen.validate.league import PlayerRefs
from sitegen.validate.ladder import load_ladder

PLAYERS = {pid: Player(pid, name) for pid, name in (("ann", "Ann"), ("bob", "Bob"), ("cy", "Cy"))}


def ladder_text(results: list[str]) -> str:
    games = "".join(f"  - {{date: 2025-01-{day:02}, white: {white}, black: {black}, result: {result}}}\n"
                    for day, (white, black, result) in enumerate(
                        zip(["ann", "bob", "cy"] * 9, ["bob", "cy", "ann"] * 9, results), start=1))
    return ("name: Club\nmembers:\n  - {player: ann, rung: 13k}\n  - {player: bob, rung: 13k}\n"
            "  - {player: cy, rung: 13k}\nlog:\n" + games)


pytestmark = pytest.mark.usefixtures("every_tree_kept")  # tests/conftest.py


def read(path: Path, remembered: Remembered):
    """Load the ladder at ``path`` with what the last reads left in ``remembered``."""
    diags = Diagnostics()
    club = load_ladder(path, "ladders/club.yaml", PlayerRefs(PLAYERS, diags, remembered=remembered), diags)
    return club, diags.items


def test_a_ladder_read_again_after_an_edit_is_the_ladder_read_anew(tmp_path):
    """The edited entry is read again; the others are the last read's own events."""
    path = tmp_path / "club.yaml"
    results = ["W+"] * 9
    path.write_text(ladder_text(results))
    remembered = Remembered()
    first, problems = read(path, remembered)
    assert [p.level for p in problems] == ["warning"] * 6  # colours: the weaker took White
    results[4] = "B+"
    path.write_text(ladder_text(results))
    again = read(path, remembered)
    anew = read(path, Remembered())  # a new process
    assert again == anew
    old, new = first.ladder.events, again[0].ladder.events
    assert [a is b for a, b in zip(old, new)] == [True] * 4 + [False] + [True] * 4
    assert new[4].winner is not None and new[4].winner.name == "BLACK"


def test_a_ladder_replay_is_remembered_and_continued(tmp_path):
    """ladder: club ladder. The same ladder gives the same replay object; an edited one the
    replay of the edited log, its games before the edit the last replay's."""
    path = tmp_path / "club.yaml"
    results = ["W+"] * 6
    path.write_text(ladder_text(results))
    club = read(path, Remembered())[0]
    remembered = Remembered()
    first = remembered.replay("club", club.ladder)
    assert remembered.replay("club", club.ladder) is first
    results[5] = "B+"  # the last game, cy against ann on the 6th: now ann (Black) wins
    path.write_text(ladder_text(results))
    edited = read(path, Remembered())[0]
    again = remembered.replay("club", edited.ladder)
    assert again == replay(edited.ladder)
    assert all(a is b for a, b in zip(again.games[:5], first.games[:5]))
    # All start on 13k; White wins: ann beats bob (ann 12.5k, bob 13.5k), bob beats cy (bob 13k,
    # cy 13.5k), cy beats ann (cy 13k, ann 13k), ann beats bob (ann 12.5k, bob 13.5k), bob
    # beats cy (bob 13k, cy 13.5k); the 6th game, cy against ann: as entered first cy wins
    # (cy 13k, ann 13k); corrected, ann (Black) wins (ann 12k, cy 14k).
    assert (first.final["ann"], first.final["cy"]) == (Rung.parse("13k"), Rung.parse("13k"))
    assert (again.final["ann"], again.final["cy"]) == (Rung.parse("12k"), Rung.parse("14k"))


def test_ladder_pages_planned_again_are_the_pages_planned_anew(tmp_path):
    """After a result of the log is corrected, the ladder's pages and its members' player
    pages made with the last build's rows and sections are byte for byte those made anew;
    the rows of the games the correction did not move are the last build's."""
    content = tmp_path / "content"
    (content / "ladders").mkdir(parents=True)
    (content / "players.yaml").write_text(
        "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n  - {id: cy, name: Cy}\n")
    results = ["W+"] * 9
    (content / "ladders/club.yaml").write_text(ladder_text(results))
    remembered = Remembered()  # the dev server's, from one build to the next
    site, first = prepare(content, remembered=remembered)
    render_site(first, site.config, None)
    rows_before = dict(remembered.made["club"].rows)
    results[7] = "B+"
    (content / "ladders/club.yaml").write_text(ladder_text(results))
    site, again = prepare(content, remembered=remembered)
    files = render_site(again, site.config, None)
    site, anew = prepare(content, remembered=Remembered())  # a new process
    assert files == render_site(anew, site.config, None)
    rows_after = remembered.made["club"].rows
    kept = [key for key in rows_after if key in rows_before and rows_after[key][1] is rows_before[key][1]]
    assert len(kept) == 7  # games 1-7; games 8 (corrected) and 9 (after it) are made again


def test_the_dev_server_hands_its_remembered_to_each_build(tmp_path):
    """The dev server's site (sitegen.devsite.Site) keeps one Remembered across its builds and
    hands it to each, through the cached build's units: after a result of the log is corrected,
    the rows of the games the correction did not move are the last build's, and the site is
    byte for byte the one a new dev server (a new Remembered) builds."""
    content = tmp_path / "content"
    (content / "ladders").mkdir(parents=True)
    (content / "players.yaml").write_text(
        "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n  - {id: cy, name: Cy}\n")
    results = ["W+"] * 9
    (content / "ladders/club.yaml").write_text(ladder_text(results))
    site = Site(content, None, None)
    site.build()
    remembered = site.remembered
    rows_before = dict(remembered.made["club"].rows)
    results[7] = "B+"
    (content / "ladders/club.yaml").write_text(ladder_text(results))
    changes, _ = site.build()
    assert changes  # the cached build kept the rest and made the ladder's pages again
    assert site.remembered is remembered
    rows_after = remembered.made["club"].rows
    kept = [key for key in rows_after if key in rows_before and rows_after[key][1] is rows_before[key][1]]
    assert len(kept) == 7  # games 1-7; games 8 (corrected) and 9 (after it) are made again
    anew = Site(content, None, None)
    anew.build()
    assert anew.remembered is not remembered
    assert site.files == anew.files
