"""Next-season formation at its boundaries, worked by hand from the league text (issue 29).

The run over every mutant of league_next left these unchecked: where A.i.2 holds players
back or takes them all, which refusal is raised (the organizers' record or the division
restrictions) and its words, E.1 in a league of three divisions and into a division below
the finished season's, the league's virtual-tie setting and the organizers' record in the
D.2 order and ties of E.1, C.5, A.i.4 and the seeding, and the decisions' from-division.
Each test names the rule it pins; the players' ratings fall by 20 in the order listed, so
no two are within the 10 points of a virtual tie (D.2 [6]) unless a test says so.
"""

from __future__ import annotations

import itertools

import pytest

from sitegen.engine.league import LeagueRuleError, Move, RecordNotHonoured, Tie
from sitegen.engine.league_next import (
    Formation, Signups, apply_rank_limits, leave_enough_below, move_down_over_capacity,
    next_season, promote_by_rank, promote_to_size, restrictions_from_rows, take_direct_moves,
    take_leaving_enough,
)
from sitegen.engine.league_reasons import reason
from sitegen.model.common import Colour, Game, Rank, Result, Outcome
from sitegen.model.league import (Division, DivisionRestrictions, Group, LeagueSettings,
                                  PlayerInfo, Season)

DAN = Rank(1)     # 2d
KYU5 = Rank(-5)   # 5k
ONLY_A = restrictions_from_rows([("1d", None, "A", "A")])  # dan: highest and lowest A


def perfect(gid: str, players: list[str], withdrawn: tuple[str, ...] = ()) -> Group:
    """A finished group where each player beats every player listed after them."""
    games = tuple(Game(a, b, Result(Outcome.WIN, Colour.BLACK))
                  for a, b in itertools.combinations(players, 2))
    return Group(gid, gid.upper(), tuple(players), games, withdrawn=withdrawn)


def season(*divisions: list[list[str]], names: str = "ABCDEF") -> Season:
    """A finished season: each division a list of groups, each group its players in
    finishing order; divisions named by ``names`` (letters by default)."""
    built = []
    for name, groups in zip(names, divisions):
        gids = [name.lower()] if len(groups) == 1 else [f"{name.lower()}{i + 1}"
                                                        for i in range(len(groups))]
        built.append(Division(name, tuple(perfect(g, ps) for g, ps in zip(gids, groups))))
    return Season("s", "s", tuple(built))


def players(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(1, count + 1)]


TWO = season([players("a", 6)], [players("b", 6)])
THREE = season([players("a", 6)], [players("b", 6)], [players("c", 6)])
ALL_TWO = players("a", 6) + players("b", 6)
ALL_THREE = ALL_TWO + players("c", 6)


def state_of(finished: Season, ids: list[str], ranks: dict[str, Rank] | None = None,
             restrictions: DivisionRestrictions = DivisionRestrictions(),
             settings: LeagueSettings = LeagueSettings(),
             ratings: dict[str, int] | None = None,
             recorded: dict[str, int] | None = None) -> Formation:
    """The state after the direct moves (B) and the rank limits (C): ``ids`` sign up, 5k
    unless ``ranks`` says otherwise, rated 3000, 2980, ... in that order unless ``ratings``
    says otherwise."""
    ranks, ratings, recorded = ranks or {}, ratings or {}, recorded or {}
    info = {p: PlayerInfo(p, ranks.get(p, KYU5), ratings.get(p, 3000 - 20 * i),
                          recorded=recorded.get(p, 0))
            for i, p in enumerate(ids)}
    state = Formation.start(finished, info, restrictions, settings)
    take_direct_moves(state)
    apply_rank_limits(state)
    return state


def decided(state: Formation, start: int = 0) -> list[tuple]:
    """The decisions from index ``start`` as published: who, move, rule, reason, from, to,
    decided by."""
    return [(d.player, d.outcome, d.rule, d.reason, d.from_division, d.to_division, d.decided_by)
            for d in state.decisions[start:]]


def placed(state: Formation, division: set[str]) -> None:
    """Division ``division`` is formed above the one a step fills next (E.1: top-down)."""
    state.placed.append(sorted(division))
    state.remaining -= division


# --------------------------------------------------------------------------- A.i.2


def test_a_i_2_promotions_by_rank_hold_back_at_its_boundaries():
    """A.i.2 in C.5 (12 players; A holds a1..a6): with 4 taken, 2 are left below; 6 + 4 + 2
    is exactly A's cap of 12, so all fit and the 4 are taken (the 2 join A after). With 5
    taken, 1 is left: 6 + 5 + 1 = 12 > 11, so only 5 - (5 - 1) = 1 is taken, leaving 5
    below. With 11 players and 2 taken, 3 are left: 6 + 2 + 3 = 11 > 10 and 2 - (5 - 3) = 0:
    none is taken."""
    state = state_of(TWO, ALL_TWO)
    in_a = set(players("a", 6))
    assert take_leaving_enough(state, ["b1", "b2", "b3", "b4"], in_a, 4, 12) == [
        "b1", "b2", "b3", "b4"]
    assert take_leaving_enough(state, ["b1", "b2", "b3", "b4", "b5"], in_a, 5, 11) == ["b1"]
    eleven = state_of(TWO, ALL_TWO[:-1])
    assert take_leaving_enough(eleven, ["b1", "b2"], in_a, 2, 10) == []


def test_a_i_2_few_left_join_a_division_that_holds_them_exactly_each_from_their_division():
    """E.1 for A.i.2: A holds a1..a6 and b1..b3 (9) and may hold 12; b4, b5 and b6 (3, fewer
    than 5) would be left below: 9 + 3 = 12 fits exactly, so all three join A, each promoted
    from B to A because only 3 would be left below A."""
    state = state_of(TWO, ALL_TWO)
    start = len(state.decisions)
    chosen = set(players("a", 6)) | {"b1", "b2", "b3"}
    leave_enough_below(state, 0, chosen, 12, 5)
    assert chosen == set(ALL_TWO)
    few = reason("FEW_LEFT", count=3, division="A", minimum=5)
    assert decided(state, start) == [(p, Move.PROMOTED, "E.1", few, "B", "A", None)
                                     for p in ("b4", "b5", "b6")]


def test_b_4_a_player_returning_after_a_withdrawal_joins_from_no_division():
    """B.4: a5 withdrew from A during the season and signs up again: a new player, so the
    E.1 decision that takes them into A (with the others left below: 4, fewer than 5) names
    no division they come from; b3, b4 and b5 come from B. (The season of
    test_b_4_outcomes_of_players_who_withdrew_left_or_return_as_new.)"""
    finished = Season("s", "s", (
        Division("A", (perfect("a", players("a", 6), ("a4", "a5")),)),
        Division("B", (perfect("b", players("b", 6)),))))
    ids = ["a1", "a2", "a3", "a5", "b1", "b2", "b3", "b4", "b5"]
    plan = next_season(finished, Signups(
        tuple(PlayerInfo(p, KYU5, 3000 - 20 * i) for i, p in enumerate(ids)),
        (PlayerInfo("a6", KYU5, 2800), PlayerInfo("b6", KYU5, 2780))))
    few = reason("FEW_LEFT", count=4, division="A", minimum=5)
    assert [(d.player, d.outcome, d.rule, d.reason, d.from_division, d.to_division)
            for d in plan.decisions if d.rule == "E.1"] == [
        ("a5", Move.PROMOTED, "E.1", few, None, "A"),
        ("b3", Move.PROMOTED, "E.1", few, "B", "A"),
        ("b4", Move.PROMOTED, "E.1", few, "B", "A"),
        ("b5", Move.PROMOTED, "E.1", few, "B", "A")]


def test_a_i_2_moving_down_below_the_divisions_least_is_refused_as_a_restriction():
    """A.i.2: A (at most 9) holds a1..a6, b1..b3 and must hold at least 8 here; b4..b6 (3)
    would be left below, so 2 of A must move down, which would leave 7, fewer than 8. All
    may move by rank and no one is recorded: the sizes cannot be met, the error says so
    (not the record's)."""
    state = state_of(TWO, ALL_TWO)
    chosen = set(players("a", 6)) | {"b1", "b2", "b3"}
    with pytest.raises(LeagueRuleError) as refused:
        leave_enough_below(state, 0, chosen, 9, 8)
    assert not isinstance(refused.value, RecordNotHonoured)
    assert str(refused.value) == (
        "3 players are left below division A, which is full (9): the sizes of A.i.2 and A.i.4 "
        "cannot be met; division restrictions must be revised (C.3)")


def dans_but(*kyu: str) -> dict[str, Rank]:
    return {p: (KYU5 if p in kyu else DAN) for p in ALL_TWO}


def test_a_i_2_one_left_below_recorded_staying_is_the_restrictions_fault_when_a_is_full():
    """Dan: lowest division A; everyone but b6 (5k) is 2d, b6 recorded staying in B. A (at
    most 11) holds the 11 others: b6 alone would be left below and cannot join the full A;
    no one may move down by rank (C.3). Without the record it would be the same, so the
    error is the restrictions' (A.i.2, A.i.4), not the record's."""
    state = state_of(TWO, ALL_TWO, dans_but("b6"), ONLY_A)
    state.pinned["b6"] = 1  # the record: b6 stays in B, as the rules decide
    with pytest.raises(LeagueRuleError) as refused:
        leave_enough_below(state, 0, set(ALL_TWO) - {"b6"}, 11, 5)
    assert not isinstance(refused.value, RecordNotHonoured)
    assert str(refused.value) == (
        "1 player is left below division A, which is full (11): the sizes of A.i.2 and A.i.4 "
        "cannot be met; division restrictions must be revised (C.3)")


def test_a_i_2_one_left_below_recorded_staying_who_would_fit_in_a_refuses_the_record():
    """As above, but A may hold 12: b6 would join A (E.1, 11 + 1 = 12), but the record keeps
    b6 in B: the record cannot be followed (A.i.2), and the error names b6 by their record."""
    state = state_of(TWO, ALL_TWO, dans_but("b6"), ONLY_A)
    state.pinned["b6"] = 1
    with pytest.raises(RecordNotHonoured) as refused:
        leave_enough_below(state, 0, set(ALL_TWO) - {"b6"}, 12, 5)
    assert refused.value.why == "only 1 player would be left below division A, fewer than 5 (A.i.2)"
    assert refused.value.named == "recorded as staying in division B: b6"
    assert refused.value.players == ("b6",)


def test_a_i_2_a_record_that_keeps_a_at_exactly_its_least_is_refused():
    """A.i.2: A (at most 9, at least 7 here) holds a1..a6, b1, b2, b3; b4..b6 (3) would be
    left below, so 2 must move down, leaving exactly 7: the sizes allow it, but the record
    places all of A but b3. The record is at fault: RecordNotHonoured."""
    state = state_of(TWO, ALL_TWO)
    in_a = set(players("a", 6)) | {"b1", "b2", "b3"}
    state.pinned = {p: 0 for p in in_a - {"b3"}}
    with pytest.raises(RecordNotHonoured) as refused:
        leave_enough_below(state, 0, set(in_a), 9, 7)
    assert refused.value.why == "only 3 players would be left below division A, fewer than 5 (A.i.2)"
    assert refused.value.players == ("a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2")


def test_a_i_2_exactly_as_many_may_move_by_rank_as_must_but_one_is_recorded():
    """Dan: lowest division A. A (at most 9) holds a1..a6, b1 (2d) and b2, b3 (5k); 3 would
    be left below, so 2 must move down, and exactly 2 may by rank: b3 and b2. b2 is recorded
    promoted (B.3, as the rules decide): the record keeps b2 in A, so it is refused, naming
    b2."""
    state = state_of(TWO, ALL_TWO, dans_but("b2", "b3", "b4", "b5", "b6"), ONLY_A)
    state.pinned["b2"] = 0
    chosen = set(players("a", 6)) | {"b1", "b2", "b3"}
    with pytest.raises(RecordNotHonoured) as refused:
        leave_enough_below(state, 0, chosen, 9, 5)
    assert refused.value.why == "only 3 players would be left below division A, fewer than 5 (A.i.2)"
    assert refused.value.named == "recorded as promoted to division A: b2"


def test_e_1_a_i_2_moving_down_from_b_of_three_divisions_goes_to_c():
    """E.1 for A.i.2 in divisions A, B, C: A is formed (a1..a4, b1, b2); c5 and c6 do not
    sign up. B (at most 6 here) holds a5, a6 (demoted from A), b3, b4 and c1, c2 (promoted
    from C); b5, b6 (demoted) and c3, c4 (4) would be left below. One must move down: B's
    worst by D.2, c2, goes back to C, because division C needs at least 5 players."""
    state = state_of(THREE, ALL_THREE[:-2])
    placed(state, {"a1", "a2", "a3", "a4", "b1", "b2"})
    start = len(state.decisions)
    chosen = {"a5", "a6", "b3", "b4", "c1", "c2"}
    leave_enough_below(state, 1, chosen, 6, 5)
    assert chosen == {"a5", "a6", "b3", "b4", "c1"}
    assert decided(state, start) == [
        ("c2", Move.DEMOTED, "E.1", reason("E1_NEEDS_BELOW", division="C", minimum=5), "B", "C",
         None)]
    assert state.floor["c2"] == 2


# --------------------------------------------------------------------------- A.i.4


def test_a_i_4_exactly_as_many_may_move_by_rank_as_must_and_they_do():
    """A.i.4: A (at most 3) holds a1..a5; a1, a2, a5 are 2d (lowest division A), so exactly
    the 2 that must move down may: a4, then a3, each demoted from A to B."""
    state = state_of(TWO, ALL_TWO, {"a1": DAN, "a2": DAN, "a5": DAN}, ONLY_A)
    start = len(state.decisions)
    chosen = set(players("a", 5))
    move_down_over_capacity(state, 0, chosen, 3, "A.i.4")
    assert chosen == {"a1", "a2", "a5"}
    over = reason("OVER_CAPACITY", division="A", cap=3)
    assert decided(state, start) == [("a4", Move.DEMOTED, "A.i.4", over, "A", "B", None),
                                     ("a3", Move.DEMOTED, "A.i.4", over, "A", "B", None)]


def test_a_i_4_too_many_by_rank_says_which_division_and_how_many():
    """A.i.4 with C.3: A (at most 3) holds a1..a5, four of them 2d (lowest A): only a5 may
    move down, 2 must: the restrictions must be revised; the error names A, 5 and 3."""
    state = state_of(TWO, ALL_TWO, {p: DAN for p in ("a1", "a2", "a3", "a4")}, ONLY_A)
    with pytest.raises(LeagueRuleError) as refused:
        move_down_over_capacity(state, 0, set(players("a", 5)), 3, "A.i.4")
    assert str(refused.value) == (
        "division A must hold 5 players by their ranks but may hold at most 3 (A.i.4): "
        "division restrictions must be revised (C.3)")


def test_a_i_4_a_tie_the_record_decides_is_by_record():
    """A.i.4 with D.2 [6]: as in the over-capacity case of the steps, a2 (2305) and a3 (2300)
    are in a virtual tie and one demotion spot goes through it; a3 is recorded relegated (the
    organizers' record orders the tie): the tie is one the record decides."""
    ratings = {"a1": 2500, "a2": 2305, "a3": 2300, "a4": 2200, "a5": 2100}
    state = state_of(TWO, ALL_TWO, {"a5": DAN}, ONLY_A, ratings=ratings, recorded={"a3": -1})
    chosen = set(players("a", 5))
    move_down_over_capacity(state, 0, chosen, 3, "A.i.4")
    assert chosen == {"a1", "a2", "a5"}
    assert state.ties == [Tie(("a2", "a3"), 1, "demotion", "A.i.4", "A", by_record=True)]


# --------------------------------------------------------------------------- E.1


def test_e_1_record_refused_when_a_is_too_small_and_everyone_below_is_recorded():
    """E.1 for A.i.1 in divisions A, B, C: A holds a1..a4, b1, b2 (6) and needs 10; every
    player below is recorded where the rules put them, so no one may be promoted into A: the
    record cannot be followed; the error names them by their record."""
    state = state_of(THREE, ALL_THREE)
    chosen = {"a1", "a2", "a3", "a4", "b1", "b2"}
    state.pinned = {p: state.floor[p] for p in set(ALL_THREE) - chosen}
    with pytest.raises(RecordNotHonoured) as refused:
        promote_to_size(state, 0, chosen, 18, 10)
    assert refused.value.why == (
        "division A would hold 6 players, fewer than 10 (A.i.1, A.i.2), and the record places "
        "every player who could be promoted into it (E.1)")
    assert refused.value.named == (
        "recorded as relegated to division B: a5, a6; recorded as staying in division B: b3, "
        "b4; recorded as relegated to division C: b5, b6; recorded as promoted to division B: "
        "c1, c2; recorded as staying in division C: c3, c4, c5, c6")
    assert refused.value.players == tuple(sorted(set(ALL_THREE) - chosen))


def test_e_1_record_refused_when_the_division_below_would_be_over_three_times_larger():
    """E.1 for A.i.2 in divisions A, B, C of 6, 6 and 24 (four groups of 6): C's four
    leaders are promoted (B.1) and B demotes four, b3..b6 (B.2); A is formed. B holds a5,
    a6 (demoted from A) and the four leaders: 6, its least here; C would hold b3..b6 and the
    20 others: 24 > 3 x 6. Everyone in C is recorded there: the record is refused, the error
    naming C and B."""
    groups = [players("c", 24)[i:i + 6] for i in range(0, 24, 6)]
    finished = season([players("a", 6)], [players("b", 6)], groups)
    ids = ALL_TWO + players("c", 24)
    state = state_of(finished, ids)
    placed(state, {"a1", "a2", "a3", "a4", "b1", "b2"})
    chosen = {p for p in state.remaining if state.floor[p] == 1}
    assert chosen == {"a5", "a6", "c1", "c7", "c13", "c19"}
    below = state.remaining - chosen
    assert len(below) == 24
    state.pinned = {p: 2 for p in below}
    with pytest.raises(RecordNotHonoured) as refused:
        promote_to_size(state, 1, chosen, 18, 6)
    assert refused.value.why == (
        "division C would hold more than 3 times the players of division B (A.i.2), and the "
        "record places every player who could be promoted into it (E.1)")
    assert refused.value.players == tuple(sorted(below))


def new_10k(count: int) -> list[str]:
    return [f"n{i:02d}" for i in range(count)]


def test_e_1_a_division_below_exactly_three_times_larger_takes_no_more():
    """A.i.2 at its boundary: as in the steps' E1_THRICE case but with 28 new 10k players:
    A takes b3..b6 (E.1) to hold its least, 10; B then holds a5, a6 and the 28 new: 30, which
    is 3 x 10, not more: no one else is promoted."""
    state = state_of(TWO, ALL_TWO + new_10k(28), {p: Rank(-10) for p in new_10k(28)})
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == set(players("a", 4)) | set(players("b", 6))


def test_e_1_three_times_counts_the_division_directly_below_only():
    """A.i.2 and E.1 in divisions A, B, C; rank band 6-10k: highest and lowest B. 30 new 10k
    players are placed in B (C.3). A holds a1..a4, b1, b2 and needs 10: B's next direct
    promotions b3, b4 (E.1, B.3), then, nobody applicable, the highest ranked of B: a5, a6.
    B then holds c1, c2 and the 30 new: 32 > 3 x 10: c1 (5k as c2, above the 10k players;
    rated above c2) is forcefully promoted, as B may hold at most 3 times A. 31 <= 33: done. C's players (b5,
    b6, c3..c6) do not count: C is not directly below A."""
    bands = restrictions_from_rows([("10k", "6k", "B", "B")])
    state = state_of(THREE, ALL_THREE + new_10k(30), {p: Rank(-10) for p in new_10k(30)},
                     bands)
    start = len(state.decisions)
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "b4", "c1"}
    direct, forced = reason("E1_DIRECT"), reason("E1_FORCED")
    needs = {p: reason("E1_NEEDS", pick=pick, division="A", need=10)
             for p, pick in (("b3", direct), ("b4", direct), ("a5", forced), ("a6", forced))}
    thrice = reason("E1_THRICE", pick=forced, division="A", growth=3, below="B")
    assert decided(state, start) == [
        ("b3", Move.PROMOTED, "E.1", needs["b3"], "B", "A", None),
        ("b4", Move.PROMOTED, "E.1", needs["b4"], "B", "A", None),
        ("a5", Move.PROMOTED, "E.1", needs["a5"], "A", "A", "rating"),
        ("a6", Move.PROMOTED, "E.1", needs["a6"], "A", "A", "rating"),
        ("c1", Move.PROMOTED, "E.1", thrice, "C", "A", "rating")]


def test_e_1_the_forced_promotion_is_the_highest_ranked_of_the_division_below_only():
    """E.1 in divisions A, B, C: A (needs 10) takes B's next direct promotions b3, b4, then,
    nobody applicable, forcefully the highest ranked of those placed in B: a5, a6 (5k). c3
    (2d) ranks higher but is placed in C, not in the division from which the contradiction
    stems."""
    state = state_of(THREE, ALL_THREE, {"c3": DAN})
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == set(players("a", 6)) | {"b1", "b2", "b3", "b4"}


def test_e_1_with_no_one_placed_directly_below_the_highest_ranked_left_is_promoted():
    """E.1 in divisions A, B, C where no one is placed in B: a5, a6 (demoted from A), b3, b4
    (middle of B) and c1, c2 (promoted from C) do not sign up. A holds a1..a4, b1, b2 and
    needs 10: nobody is applicable and no one is in B, so the highest ranked of those left
    are forcefully promoted, one at a time: b5, b6 (demoted to C), then c3, c4."""
    gone = {"a5", "a6", "b3", "b4", "c1", "c2"}
    state = state_of(THREE, [p for p in ALL_THREE if p not in gone])
    start = len(state.decisions)
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == {"a1", "a2", "a3", "a4", "b1", "b2", "b5", "b6", "c3", "c4"}
    needs = reason("E1_NEEDS", pick=reason("E1_FORCED"), division="A", need=10)
    assert decided(state, start) == [
        (p, Move.PROMOTED, "E.1", needs, src, "A", "rating")
        for p, src in (("b5", "B"), ("b6", "B"), ("c3", "C"), ("c4", "C"))]


def test_e_1_into_the_bottom_division_from_a_new_division_below_it():
    """E.1 where the bottom division demotes too (a league setting): B demotes b5, b6 into
    a new C. A is formed (a1..a4, b1, b2); B holds a5, a6, b3, b4: 4, fewer than 5 (A.i.2).
    The finished season had no C, so no one there has a direct promotion: the highest
    ranked, b5, is forcefully promoted back into B (from B, where they played)."""
    state = state_of(TWO, ALL_TWO, settings=LeagueSettings(demote_from_bottom_division=True))
    placed(state, {"a1", "a2", "a3", "a4", "b1", "b2"})
    start = len(state.decisions)
    chosen = {"a5", "a6", "b3", "b4"}
    promote_to_size(state, 1, chosen, 18, 5)
    assert chosen == {"a5", "a6", "b3", "b4", "b5"}
    assert decided(state, start) == [
        ("b5", Move.PROMOTED, "E.1",
         reason("E1_NEEDS", pick=reason("E1_FORCED"), division="B", need=5), "B", "B",
         "rating")]


def test_d_2_the_leagues_virtual_tie_setting_decides_the_forced_promotion_of_e_1():
    """E.1 with D.2 and no virtual tie (the league's setting, footnote [6] configurable): as
    above, A (needs 9 here) takes b3, b4, then one forced promotion of a5 (2900) and a6
    (2905): a6, 5 points higher, by rating, and no tie is cut (with 10 points it would be)."""
    state = state_of(THREE, ALL_THREE, ratings={"a5": 2900, "a6": 2905},
                     settings=LeagueSettings(rating_virtual_tie=0))
    start = len(state.decisions)
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 9)
    assert [(d.player, d.decided_by) for d in state.decisions[start:]] == [
        ("b3", None), ("b4", None), ("a6", "rating")]
    assert state.ties == []


def test_d_2_a_virtual_tie_the_record_decides_in_the_forced_promotion_of_e_1():
    """E.1 with D.2 [6]: as above with the default 10 points, a5 (2900) and a6 (2895) are in
    a virtual tie for the one forced promotion; a6 is recorded promoted, which orders the
    tie (the organizers' decision): a6 is promoted, and the tie is one the record decides."""
    state = state_of(THREE, ALL_THREE, ratings={"a5": 2900, "a6": 2895}, recorded={"a6": 1})
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    promote_to_size(state, 0, chosen, 18, 9)
    assert "a6" in chosen and "a5" not in chosen
    assert state.ties == [Tie(("a5", "a6"), 1, "promotion", "E.1", "A", by_record=True)]


# --------------------------------------------------------------------------- C.5


def test_d_2_the_leagues_virtual_tie_setting_decides_a_promotion_by_rank():
    """C.5 with D.2 and no virtual tie (the league's setting): b3 (2900) and b4 (2905), 2d,
    promotable into A (dan: highest A); A holds a1..a4 with room for 5: b4, 5 points higher,
    is promoted by rank, decided by rating."""
    bands = restrictions_from_rows([("1d", None, "A", "B"), ("10k", "1k", "B", None)])
    state = state_of(TWO, ALL_TWO, {"b3": DAN, "b4": DAN}, bands,
                     LeagueSettings(rating_virtual_tie=0), ratings={"b3": 2900, "b4": 2905})
    start = len(state.decisions)
    chosen = set(players("a", 4))
    promote_by_rank(state, 0, chosen, 5, 18)
    assert decided(state, start) == [
        ("b4", Move.PROMOTED_BY_RANK, "C.5", reason("BY_RANK", rank="2d", division="A"), "B",
         "A", "rating")]


# --------------------------------------------------------------------------- A.i.3, A.ii.2


def test_a_ii_2_seeding_follows_the_leagues_virtual_tie_setting_and_groups_start_empty():
    """A.ii.2 [5] with D.2 and no virtual tie: 12 players of two divisions all end in A (E.1:
    b3, b4, then a5, a6; b5, b6 join as the few left), two groups of 6 (A.i.1). b6 is rated
    5 points above b5: seeds 1..12 are a1..a6, b1..b4, b6, b5, dealt in zig-zag: A1 takes
    seeds 1, 4, 5, 8, 9, 12; A2 seeds 2, 3, 6, 7, 10, 11. No group has a game yet."""
    ids = ALL_TWO
    ratings = {p: 3000 - 20 * i for i, p in enumerate(ids)} | {"b6": 2805}
    plan = next_season(TWO, Signups(tuple(PlayerInfo(p, KYU5, ratings[p]) for p in ids)),
                       settings=LeagueSettings(rating_virtual_tie=0))
    assert [(g.id, g.name, g.players, g.games) for d in plan.divisions for g in d.groups] == [
        ("a1", "A1", ("a1", "a4", "a5", "b2", "b3", "b5"), ()),
        ("a2", "A2", ("a2", "a3", "a6", "b1", "b4", "b6"), ())]


# --------------------------------------------------------------------------- B


def test_b_divisions_are_named_as_in_the_finished_season():
    """B with divisions named "Upper" and "Lower" (names are the organizers'): each direct
    move says the division by that name: b1 from Lower to Upper, a6 from Upper to Lower."""
    named = season([players("a", 6)], [players("b", 6)], names=("Upper", "Lower"))
    state = state_of(named, ALL_TWO)
    moves = {d.player: (d.from_division, d.to_division) for d in state.decisions}
    assert (moves["b1"], moves["a6"], moves["a3"]) == (
        ("Lower", "Upper"), ("Upper", "Lower"), ("Upper", "Upper"))


def test_b_4_a_player_who_leaves_keeps_the_d_2_criterion_that_gave_their_spot():
    """B.3 with D.2: in B, b1 beats everyone; b2 and b3 draw and beat b4..b6: equal on D.1
    (3.5 gamepoints, equal SODOS, half a point each between them). b3 is 3k, b2 5k: b3 takes
    B's second promotion spot (B.3), decided by rank (D.2). b3 does not sign up again but
    played the season out: the promotion earned is noted (placed nowhere, B.4), from B to A,
    decided by rank all the same."""
    jigo = Result(Outcome.JIGO, None)
    b = players("b", 6)
    games = tuple(Game(x, y, jigo if {x, y} == {"b2", "b3"} else Result(Outcome.WIN, Colour.BLACK))
                  for x, y in itertools.combinations(b, 2))
    finished = Season("s", "s", (Division("A", (perfect("a", players("a", 6)),)),
                                 Division("B", (Group("b", "B", tuple(b), games),))))
    ids = [p for p in ALL_TWO if p != "b3"]
    info = {p: PlayerInfo(p, KYU5, 3000 - 20 * i) for i, p in enumerate(ids)}
    state = Formation.start(finished, info, DivisionRestrictions(), LeagueSettings(),
                            {"b3": PlayerInfo("b3", Rank(-3), 2000)})
    take_direct_moves(state)
    assert [x for x in decided(state) if x[0] in ("b1", "b3")] == [
        ("b1", Move.PROMOTED, "B.1", reason("GROUP_LEADER"), "B", "A", None),
        ("b3", Move.PROMOTED, "B.3", reason("NEXT_BEST"), "B", "A", "rank")]
    assert state.left == {"b3"}


def test_b_4_a_game_played_with_an_unknown_result_is_played_a_void_one_is_not():
    """B.4: a6 and b6 do not sign up again. b5-b6 was played, its result unknown (SGF "?"):
    b6 played the season out and keeps the move earned (the middle place, placed nowhere).
    a5-a6 is void (as if not played): a6 left a game unplayed and withdrew during the season,
    forfeiting the demotion spot."""
    def group(gid: str, ids: list[str], pair: set[str], result: Result) -> Group:
        return Group(gid, gid.upper(), tuple(ids), tuple(
            Game(x, y, result if {x, y} == pair else Result(Outcome.WIN, Colour.BLACK))
            for x, y in itertools.combinations(ids, 2)))
    finished = Season("s", "s", (
        Division("A", (group("a", players("a", 6), {"a5", "a6"}, Result(Outcome.VOID, None)),)),
        Division("B", (group("b", players("b", 6), {"b5", "b6"},
                             Result(Outcome.UNKNOWN, None)),))))
    state = state_of(finished, [p for p in ALL_TWO if p not in ("a6", "b6")])
    assert [x for x in decided(state) if x[0] in ("a6", "b6")] == [
        ("a6", Move.WITHDREW, "B.4", reason("WITHDREW_UNPLAYED", spot="demotion"), "A", None,
         None),
        ("b6", Move.STAYS, "B", reason("MIDDLE"), "B", "B", None)]
    assert state.left == {"b6"}


def test_e_1_a_i_2_a_full_top_division_gives_its_worst_back_so_that_b_holds_five():
    """E.1 for A.i.2 in next_season: A had two groups of 9 (a1..a9, a10..a18), B four
    players. A's group leaders qualify for the final round; B promotes b1 (B.1) and b2 (B.3),
    so A demotes its two worst, a9 and a18 (B.2). A then holds 18, its limit (A.i.4), and
    only a9, a18, b3, b4 (4, fewer than 5) would be left for B: A's worst by D.2, b2 (the
    lowest rated), moves down so that B holds 5. A keeps 17 in two groups, A1 and A2 (A.i.1,
    smaller first [3]), B 5 in one group named as the division (A.i.3)."""
    finished = season([players("a", 9), [f"a{i}" for i in range(10, 19)]], [players("b", 4)])
    ids = [f"a{i}" for i in range(1, 19)] + players("b", 4)
    plan = next_season(finished, Signups(
        tuple(PlayerInfo(p, KYU5, 3000 - 20 * i) for i, p in enumerate(ids))))
    assert [(d.player, d.outcome, d.rule, d.reason, d.from_division, d.to_division)
            for d in plan.decisions if d.rule == "E.1"] == [
        ("b2", Move.DEMOTED, "E.1", reason("E1_NEEDS_BELOW", division="B", minimum=5), "A",
         "B")]
    assert [[(g.id, g.name, len(g.players)) for g in d.groups] for d in plan.divisions] == [
        [("a1", "A1", 8), ("a2", "A2", 9)], [("b", "B", 5)]]


def test_a_player_signed_up_twice_is_refused_by_name():
    """The sign-ups list each player of the next season once: b1 listed twice is refused,
    the error naming b1."""
    entries = tuple(PlayerInfo(p, KYU5, 3000 - 20 * i) for i, p in enumerate(ALL_TWO))
    with pytest.raises(LeagueRuleError) as refused:
        next_season(TWO, Signups(entries + (PlayerInfo("b1", KYU5, 2000),)))
    assert str(refused.value) == "player 'b1' signs up twice"
