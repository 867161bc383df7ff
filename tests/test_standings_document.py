"""A tournament's ``standings.json`` document (sitegen.pages.tournament, placement: criteria)
after round 1 of a Swiss tournament, hand-worked, and the criteria as dict keys (issue 31: a
criterion hashes by identity).

Round 1: a (White) beats b, c and d draw (jigo). NBW: a 1, c and d 1/2, b 0. SOSW (the
opponents' NBW): a 0 (b), b 1 (a), c 1/2 (d), d 1/2 (c). By NBW then SOSW: a first; c and d
level on both, sharing place 2 (shown by name: C before D); b fourth.
"""

from __future__ import annotations

import pickle

import sitegen.pages.tournament as tournament
from sitegen.engine.placement.fast import compute_values, standings
from sitegen.model.common import Rank
from sitegen.model.tournament import (Criterion as C, GameResult as R, System, Tournament,
                                      TournamentGame as G, TournamentParameters, TournamentPlayer)

PLAYERS = tuple(TournamentPlayer(p, p.upper(), "", Rank(-10)) for p in "abcd")
T = Tournament("t", "T", 2, PLAYERS, (G(1, "a", "b", R.WHITE_WINS), G(1, "c", "d", R.JIGO)),
               parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW, C.SOSW)))


def test_the_document_after_round_1_names_from_the_table_or_else_the_record():
    """Only a is in the names table ("Alice"); b, c, d are named by their record (surname,
    no first name). Criteria as keys in the tournament's order; whole values as ints."""
    doc = tournament._standings_data(T, 1, {"a": "Alice"}, standings(T, 1))
    assert (doc["tournament"], doc["after_round"], doc["rounds"], doc["final"], doc["criteria"]) == \
        ("t", 1, 2, False, ["NBW", "SOSW"])
    assert doc["rows"] == [
        {"place": 1, "shared": False, "row": 1, "id": "a", "name": "Alice", "rank": "10k",
         "NBW": 1, "SOSW": 0, "games": ["4+/w0"], "opponents": ["b"]},
        {"place": 2, "shared": True, "row": 2, "id": "c", "name": "C", "rank": "10k",
         "NBW": 0.5, "SOSW": 0.5, "games": ["3=/w0"], "opponents": ["d"]},
        {"place": 2, "shared": True, "row": 3, "id": "d", "name": "D", "rank": "10k",
         "NBW": 0.5, "SOSW": 0.5, "games": ["2=/b0"], "opponents": ["c"]},
        {"place": 4, "shared": False, "row": 4, "id": "b", "name": "B", "rank": "10k",
         "NBW": 0, "SOSW": 1, "games": ["1-/b0"], "opponents": ["a"]}]
    assert [list(row)[6:8] for row in doc["rows"]] == [["NBW", "SOSW"]] * 4  # after rank


def test_a_criterion_unpickled_finds_its_value():
    """A render worker's or the cache's values are looked up by criteria that went through
    pickle: each comes back as the same member, so its identity hash finds the entry."""
    values = compute_values(T, 1)
    again = pickle.loads(pickle.dumps((values, list(C))))
    table, members = again
    assert members == list(C) and all(a is b for a, b in zip(members, C))
    assert table["c"][pickle.loads(pickle.dumps(C.SOSW))] == values["c"][C.SOSW] == 0.5
    assert {member: member.value for member in C}[C.SOSW_1] == "SOSW-1"
