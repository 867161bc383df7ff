"""The steps of next-season formation, one at a time, worked by hand from the league text.

Each test builds the state (:class:`Formation`) of a small finished season and runs one step
of :func:`next_season` on it: sizes (A.i.1, A.i.2, A.i.4), direct moves (B, B.4), rank
limits (C.1, C.3), a division that does not grow (A.i.5), promotions by rank (C.2, C.5), the
promotions that resolve a size conflict (E.1), and the smallest division below (A.i.2).
"""

from __future__ import annotations

import itertools

import pytest

from sitegen.engine.league import LeagueRuleError, Move
from sitegen.engine.league_next import (
    Formation, apply_rank_limits, division_capacity, keep_previous_size, leave_enough_below,
    least_players, move_down_over_capacity, promote_by_rank, promote_to_size, restrictions_from_rows,
    take_direct_moves,
)
from sitegen.engine.league_reasons import reason
from sitegen.pages.league_words import words
from sitegen.model.common import Colour, Game, Outcome, Rank, Result
from sitegen.model.league import (Division, DivisionRestrictions, Group, LeagueSettings,
                                  PlayerInfo, Season)
from sitegen.i18n import ENGLISH_WORDS

DAN = Rank(1)     # 2d
KYU5 = Rank(-5)   # 5k
RESTRICTIONS = restrictions_from_rows([
    ("1d", None, "A", "B"),    # dan: highest A, lowest B
    ("10k", "1k", "B", None),  # 1-10 kyu: highest B
])


def perfect(gid: str, players: list[str], withdrawn: tuple[str, ...] = ()) -> Group:
    """A finished group where each player beats every player listed after them."""
    games = tuple(Game(a, b, Result(Outcome.WIN, Colour.BLACK))
                  for a, b in itertools.combinations(players, 2))
    return Group(gid, gid.upper(), tuple(players), games, withdrawn=withdrawn)


def two_divisions(withdrawn: tuple[str, ...] = ()) -> Season:
    """A: a1..a6 in one group; B: b1..b6 in one group (each listed in finishing order)."""
    return Season("s", "s", (
        Division("A", (perfect("a", [f"a{i}" for i in range(1, 7)], withdrawn),)),
        Division("B", (perfect("b", [f"b{i}" for i in range(1, 7)]),)),
    ))


def state_of(season: Season, players: dict[str, Rank], restrictions=DivisionRestrictions(),
             settings=LeagueSettings(), provisional=()) -> Formation:
    """The state before any step; ratings fall with the order of ``players`` (D.2)."""
    info = {p: PlayerInfo(p, rank, 3000 - 10 * i, provisional=p in provisional)
            for i, (p, rank) in enumerate(players.items())}
    return Formation.start(season, info, restrictions, settings)


EVERYONE = {f"{d}{i}": KYU5 for d in "ab" for i in range(1, 7)}


def test_a_i_4_and_a_i_2_division_capacity():
    """A.i.4: A may hold 6x3^1 = 18. A.i.2: B at most three times A: with 7 in A, 21 < 54."""
    state = state_of(two_divisions(), EVERYONE)
    assert division_capacity(state, 0) == (18, "A.i.4")
    state.placed.append([f"x{i}" for i in range(7)])
    assert division_capacity(state, 1) == (21, "A.i.2")
    state.placed[0] = [f"x{i}" for i in range(20)]  # 3 x 20 = 60 > 6x3^2 = 54
    assert division_capacity(state, 1) == (54, "A.i.4")


def test_a_i_1_least_players_two_groups_at_the_top_from_10_players_footnote_1():
    """A.i.1: A has two groups of at least 5 (10) when 10 or more play; else one ([1])."""
    state = state_of(two_divisions(), EVERYONE)  # 12 players
    assert (least_players(state, 0), least_players(state, 1)) == (10, 5)
    ten = state_of(two_divisions(), dict(list(EVERYONE.items())[:10]))
    nine = state_of(two_divisions(), dict(list(EVERYONE.items())[:9]))
    assert (least_players(ten, 0), least_players(nine, 0)) == (10, 5)


def test_b_direct_moves_assure_a_division_and_b_4_withdrawal_forfeits():
    """Two divisions of one group of 6: A's best two qualify for the final round and stay; B
    promotes two (B.1: its leader b1 and the next best, b2), so A demotes two (B.2): a5, a6.
    a4 withdrew during the season: the middle place is forfeited (B.4)."""
    state = state_of(two_divisions(withdrawn=("a4",)), EVERYONE)
    take_direct_moves(state)
    assert state.assured == {"a1": 0, "a2": 0, "a3": 0, "a5": 1, "a6": 1,
                             "b1": 0, "b2": 0, "b3": 1, "b4": 1, "b5": 1, "b6": 1}
    assert state.direct["b1"] is Move.PROMOTED and state.direct["a5"] is Move.DEMOTED
    assert state.last["a1"][0] == "final round" and state.last["b1"][0] == "B.1"
    assert state.last["a4"] == ("B.4", reason("WITHDREW", spot="place"))
    assert words(state.last["a4"][1], ENGLISH_WORDS) == "the place is forfeited and not passed on"


def test_c_3_new_players_placed_by_rank_c_1_without_a_band_or_provisional():
    """Dan ranks play in A or B (lowest B). a6 (2d), demoted to B, may play there: no forced
    promotion. A new 2d player is placed in B, the lowest division of the rank (C.3); a new 5k
    player's band sets no lowest division: to the bottom division, B (C.1), as a new 15k with
    no band; a provisional 2d sets no limit and goes there too (C.1 addendum)."""
    players = {**EVERYONE, "a6": DAN, "n1": DAN, "n2": KYU5, "n3": DAN, "n4": Rank(-15)}
    state = state_of(two_divisions(), players, RESTRICTIONS, provisional=("n3",))
    take_direct_moves(state)
    apply_rank_limits(state)
    assert state.floor["a6"] == 1 and state.last["a6"][0] == "B.2"
    assert (state.highest["n1"], state.lowest["n1"]) == (0, 1)
    assert state.last["n1"][0] == "C.3" and state.floor["n1"] == 1
    assert state.last["n2"][0] == "C.1" and state.floor["n2"] == 1
    assert (state.highest["n3"], state.lowest["n3"]) == (None, None)
    assert state.unbound == {"n2", "n3", "n4"}
    # Each reason says what is so: 5k's band (1-10 kyu) applies and sets no lowest division;
    # 15k has no band; the provisional 2d is the addendum's, cited once.
    said = {p: (state.last[p][0], words(state.last[p][1], ENGLISH_WORDS)) for p in ("n2", "n3", "n4")}
    assert said == {
        "n2": ("C.1", "placed in the bottom division, as the rank band of 5k sets no lowest "
                      "division"),
        "n3": ("C.1 addendum", "placed in the bottom division, as a provisional rank gives no "
                               "promotion by rank"),
        "n4": ("C.1", "placed in the bottom division, as no rank band applies")}


def test_c_3_forced_promotion_of_a_returning_player():
    """With a band whose lowest division is A, a 2d demoted from A (a6) is forced back up."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    state = state_of(two_divisions(), {**EVERYONE, "a6": DAN}, only_a)
    take_direct_moves(state)
    apply_rank_limits(state)
    assert state.floor["a6"] == 0
    decision = state.decisions[-1]
    assert (decision.player, decision.outcome, decision.rule) == ("a6", Move.PROMOTED_BY_RANK, "C.3")


def test_a_i_5_new_players_beyond_the_previous_size_move_down_worst_first():
    """B had 6 players; with 8 placed in it, the 2 worst by D.2 of the new players without a
    lowest division move down: n2 (20k), then n1 (5k, rated below n0)."""
    players = {**EVERYONE, "n0": KYU5, "n1": KYU5, "n2": Rank(-20)}
    state = state_of(two_divisions(), players)
    chosen = {"b3", "b4", "b5", "b6", "a5", "n0", "n1", "n2"}
    state.unbound.update({"n0", "n1", "n2"})
    keep_previous_size(state, 1, chosen, 6)
    assert chosen == {"b3", "b4", "b5", "b6", "a5", "n0"}
    assert (state.floor["n2"], state.floor["n1"]) == (2, 2)
    assert [d.rule for d in state.decisions] == ["A.i.5", "A.i.5"]


def test_a_i_4_over_capacity_moves_the_worst_movable_down_or_needs_revised_restrictions():
    """Division A of capacity 3 holding 5: the two worst by D.2 whose rank allows it move
    down (a5's rank has lowest division A: a4 and a3 go). With 4 of lowest A, C.3 fails."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    players = {**EVERYONE, "a5": DAN}
    state = state_of(two_divisions(), players, only_a)
    apply_rank_limits(state)
    chosen = {"a1", "a2", "a3", "a4", "a5"}
    move_down_over_capacity(state, 0, chosen, 3, "A.i.4")
    assert chosen == {"a1", "a2", "a5"}
    assert [(d.player, d.rule) for d in state.decisions[-2:]] == [("a4", "A.i.4"), ("a3", "A.i.4")]
    stuck = state_of(two_divisions(), {**EVERYONE, **{p: DAN for p in ("a1", "a2", "a3", "a4")}}, only_a)
    apply_rank_limits(stuck)
    with pytest.raises(LeagueRuleError, match=r"must be revised \(C.3\)"):
        move_down_over_capacity(stuck, 0, {"a1", "a2", "a3", "a4", "a5"}, 3, "A.i.4")


def test_c_5_space_goes_to_promotable_players_and_c_2_overrides_a_demotion():
    """A holds a1..a4 and has room for 5: of the players promotable to A (dan: highest A),
    b3 has the better rating (D.2) and is promoted by rank (C.5); b4 does not fit. In a
    second run a6 (2d), demoted by B, takes the space: C.2. Kyu players (highest B) are
    never promoted into A by rank."""
    players = {**EVERYONE, "b3": DAN, "b4": DAN}
    state = state_of(two_divisions(), players, RESTRICTIONS)
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(state, 0, chosen, 5, 18)
    assert chosen == {"a1", "a2", "a3", "a4", "b3"}
    assert state.decisions[-1].rule == "C.5" and state.decisions[-1].from_division == "B"
    demoted = state_of(two_divisions(), {**EVERYONE, "a6": DAN}, RESTRICTIONS)
    take_direct_moves(demoted)
    apply_rank_limits(demoted)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(demoted, 0, chosen, 5, 18)
    assert "a6" in chosen and demoted.decisions[-1].rule == "C.2"
    kyu = state_of(two_divisions(), EVERYONE, RESTRICTIONS)
    take_direct_moves(kyu)
    apply_rank_limits(kyu)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(kyu, 0, chosen, 5, 18)
    assert chosen == {"a1", "a2", "a3", "a4"}


def test_e_1_a_too_small_division_takes_the_next_direct_promotions_from_below():
    """a5 does not sign up: 11 players, so A needs two groups of 5 (A.i.1, [1]). A holds its
    stayers a1..a4 and B's direct promotions b1, b2: 6. E.1 promotes B's next players by D
    who stay in B (B.3): b3, b4, b5, b6, until A holds 10; a6 (demoted) is not applicable."""
    state = state_of(two_divisions(), {p: r for p, r in EVERYONE.items() if p != "a5"})
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    assert chosen == {"a1", "a2", "a3", "a4", "b1", "b2"}
    assert least_players(state, 0) == 10
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == {"a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "b5", "b6"}
    assert [(d.player, d.outcome, d.rule, d.from_division, d.to_division)
            for d in state.decisions[-4:]] == [
        (p, Move.PROMOTED, "E.1", "B", "A") for p in ("b3", "b4", "b5", "b6")]
    assert words(state.decisions[-1].reason, ENGLISH_WORDS) == (
        "the next direct promotion by the criteria of D under B.3 and B.5, as division A needs "
        "at least 10 players under A.i.1 and A.i.2")


def test_a_i_2_fewer_than_five_left_below_join_the_division_or_it_gives_some_back():
    """Three players would be left below A (b4, b5, b6), fewer than 5. A holds 9 of at most
    18: they join A (E.1). With A at most 9, A's two worst by D.2 whose rank allows it
    (all 5k; ratings fall a1 ... b3: b3, then b2) move down to make five below."""
    in_a = {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3"}
    state = state_of(two_divisions(), EVERYONE)
    take_direct_moves(state)
    chosen = set(in_a)
    leave_enough_below(state, 0, chosen, 18, 5)
    assert chosen == in_a | {"b4", "b5", "b6"}
    assert words(state.decisions[-1].reason, ENGLISH_WORDS) == (
        "only 3 players would be left below division A, fewer than the 5 that A.i.2 requires")
    full = state_of(two_divisions(), EVERYONE)
    take_direct_moves(full)
    apply_rank_limits(full)
    chosen = set(in_a)
    leave_enough_below(full, 0, chosen, 9, 5)
    assert chosen == in_a - {"b2", "b3"}
    assert [(d.player, d.outcome, d.rule) for d in full.decisions[-2:]] == [
        ("b3", Move.DEMOTED, "E.1"), ("b2", Move.DEMOTED, "E.1")]
    assert full.floor["b2"] == full.floor["b3"] == 1
