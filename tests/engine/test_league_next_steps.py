"""The steps of next-season formation, one at a time, worked by hand from the league text.

Each test builds the state (:class:`Formation`) of a small finished season and runs one step
of :func:`next_season` on it: sizes (A.i.1, A.i.2, A.i.4), direct moves (B, B.4), rank
limits (C.1, C.3), a division that does not grow (A.i.5), promotions by rank (C.2, C.5), the
promotions that resolve a size conflict (E.1), and the smallest division below (A.i.2).
"""

from __future__ import annotations

import itertools

import pytest

from sitegen.engine.league import LeagueRuleError, Move, RecordNotHonoured, Tie
from sitegen.engine.league_next import (
    Formation, Signups, apply_rank_limits, division_capacity, keep_previous_size, leave_enough_below,
    least_players, move_down_over_capacity, next_season, promote_by_rank, promote_to_size, restrictions_from_rows,
    take_direct_moves, take_leaving_enough,
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
    b3 comes first by D.1 (3 gamepoints in B against b4's 2; their ratings, 2920 and 2910, are
    within 10 points, a virtual tie by D.2 [6]) and is promoted by rank (C.5); b4 does not fit. In a
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


def test_recorded_outcomes_are_followed_where_the_rules_give_another_division():
    """The organizers' record is followed instead of the direct move (B) where it differs: a3
    (middle of A by B) recorded relegated goes to B; b1 (B.1 leader, promoted by B) recorded
    staying stays in B; b3 (middle of B) recorded promoted goes to A. a1's recorded promotion
    in the top division is its title: a1 stays in A, which is the rules' own decision (the
    final round spot), so the record is not noted again."""
    state = state_of(two_divisions(), EVERYONE)
    state.recorded = {"a1": Move.PROMOTED, "a3": Move.DEMOTED, "b1": Move.STAYS,
                      "b3": Move.PROMOTED}
    take_direct_moves(state)
    assert state.pinned == {"a1": 0, "a3": 1, "b1": 1, "b3": 0}
    assert {p: state.assured[p] for p in state.pinned} == {"a1": 0, "a3": 1, "b1": 1, "b3": 0}
    assert [(d.player, d.outcome, d.rule, d.from_division, d.to_division)
            for d in state.decisions if d.rule == "record"] == [
        ("a3", Move.DEMOTED, "record", "A", "B"),
        ("b1", Move.STAYS, "record", "B", "B"),
        ("b3", Move.PROMOTED, "record", "B", "A")]
    assert state.last["a1"][0] == "final round"


def test_a_i_5_a_new_player_moved_down_goes_to_the_division_below():
    """A.i.5: B (index 1) had 6 players; the two worst new players without a lowest division
    (n2, 20k, then n1) move to the division below B, which is C: each decision names it."""
    players = {**EVERYONE, "n0": KYU5, "n1": KYU5, "n2": Rank(-20)}
    state = state_of(two_divisions(), players)
    chosen = {"b3", "b4", "b5", "b6", "a5", "n0", "n1", "n2"}
    state.unbound.update({"n0", "n1", "n2"})
    keep_previous_size(state, 1, chosen, 6)
    assert [(d.player, d.outcome, d.from_division, d.to_division) for d in state.decisions] == [
        ("n2", Move.NEW, None, "C"), ("n1", Move.NEW, None, "C")]
    assert words(state.decisions[0].reason, ENGLISH_WORDS) == words(
        reason("NOT_GROWING", division="B"), ENGLISH_WORDS)


def test_c_5_one_space_for_two_players_in_a_virtual_tie_is_a_tie_of_c_5_in_division_a():
    """C.5 with D.2 and footnote [6]: b3 and b4 (2d, promotable into A) are rated 2920 and 2910,
    within 10 points: a virtual tie, and A has room for one. The step takes b3 (by id, which is
    not a rule) and records the tie it cuts: one promotion spot of rule C.5 in division A."""
    players = {**EVERYONE, "b3": DAN, "b4": DAN}
    state = state_of(two_divisions(), players, RESTRICTIONS)
    take_direct_moves(state)
    apply_rank_limits(state)
    assert (state.info["b3"].rating, state.info["b4"].rating) == (2920, 2910)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(state, 0, chosen, 5, 18)
    assert state.ties == [Tie(("b3", "b4"), 1, "promotion", "C.5", "A")]


def test_e_1_a_division_below_more_than_three_times_larger_takes_a_forced_promotion():
    """E.1 for A.i.2: 30 new 10k players join B. A holds a1..a4, b1, b2 and needs 10 (A.i.1):
    B's next direct promotions b3..b6 make 10 (E1_NEEDS). B would then hold a5, a6 and the 30
    new players: 32 > 3 x 10, so A takes one more. Nobody of B is applicable any more (a5 and
    a6 were A's), so the highest ranked by D.2 is forcefully promoted: a5 (5k, rated 2960;
    a6 2950 is within 10 points, a virtual tie of one E.1 spot in A). Then 31 <= 3 x 11."""
    new = {f"n{i:02d}": Rank(-10) for i in range(30)}
    state = state_of(two_divisions(), {**EVERYONE, **new})
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = {p for p in state.remaining if state.floor[p] == 0}
    assert chosen == {"a1", "a2", "a3", "a4", "b1", "b2"}
    promote_to_size(state, 0, chosen, 18, 10)
    assert chosen == {"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "b6"}
    last = state.decisions[-1]
    assert (last.player, last.outcome, last.rule, last.to_division) == ("a5", Move.PROMOTED, "E.1", "A")
    assert last.reason == reason("E1_THRICE", pick=reason("E1_FORCED"), division="A", growth=3,
                                 below="B")
    assert words(last.reason, ENGLISH_WORDS) == (
        "nobody is applicable, so the highest ranked by D.2 is forcefully promoted, as division "
        "B may hold at most 3 times the players of division A under A.i.2")
    assert state.ties == [Tie(("a5", "a6"), 1, "promotion", "E.1", "A")]


def test_a_i_2_promotions_by_rank_hold_back_only_when_the_few_left_cannot_join():
    """A.i.2 in C.5: A holds a1..a6 and takes 4 of b1..b4, leaving 2 of the 12 players below,
    fewer than a group of 5. With room for all (6 + 4 + 2 = 12 <= 18) the 4 are taken: the 2
    left join A afterwards (E.1). Without (at most 10), only 4 - (5 - 2) = 1 is taken, so that
    5 are left below."""
    state = state_of(two_divisions(), EVERYONE)
    chosen = {f"a{i}" for i in range(1, 7)}
    candidates = ["b1", "b2", "b3", "b4"]
    assert take_leaving_enough(state, candidates, chosen, 4, 18) == candidates
    assert take_leaving_enough(state, candidates, chosen, 4, 10) == ["b1"]


def test_a_i_2_a_record_that_leaves_too_few_below_is_refused_naming_the_recorded_players():
    """A.i.2 with recorded outcomes: A (at most 9) holds a1..a6, b1, b2, b3 and 3 players
    would be left below, fewer than 5; two of A must move down, but the record places all of
    A but b3 there (a1..a6 staying, b1 and b2 promoted): the record cannot be followed. The
    error names those eight by where their record puts them, not b3, whom it does not place."""
    in_a = {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3"}
    state = state_of(two_divisions(), EVERYONE)
    take_direct_moves(state)
    apply_rank_limits(state)
    state.pinned = {p: 0 for p in in_a - {"b3"}}
    with pytest.raises(RecordNotHonoured) as refused:
        leave_enough_below(state, 0, set(in_a), 9, 5)
    assert refused.value.players == ("a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2")
    assert refused.value.why == "only 3 players would be left below division A, fewer than 5 (A.i.2)"
    assert refused.value.named == ("recorded as staying in division A: a1, a2, a3, a4, a5, a6; "
                                   "recorded as promoted to division A: b1, b2")


def test_a_i_2_players_moved_down_to_leave_a_group_below_say_why():
    """A.i.2 (E.1): with A at most 9, b3 then b2 move down to B so that B holds 5; each
    decision says that division B needs at least 5 players."""
    full = state_of(two_divisions(), EVERYONE)
    take_direct_moves(full)
    apply_rank_limits(full)
    leave_enough_below(full, 0, {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3"}, 9, 5)
    assert [(d.player, d.from_division, d.to_division, d.reason) for d in full.decisions[-2:]] == [
        (p, "A", "B", reason("E1_NEEDS_BELOW", division="B", minimum=5)) for p in ("b3", "b2")]
    assert words(full.decisions[-1].reason, ENGLISH_WORDS) == (
        "division B needs at least 5 players under A.i.2")


def test_c_a_band_of_one_rank_is_a_band():
    """Division restrictions per rank: a band may hold a single rank (2d to 2d); only a band
    whose strongest rank is below its weakest is empty."""
    one = restrictions_from_rows([("2d", "2d", "A", "B")])
    assert one.limits(DAN) == (0, 1)
    with pytest.raises(LeagueRuleError, match="is empty"):
        restrictions_from_rows([("2d", "1d", "A", "B")])


# Issue 29: the run over every mutant of league_next left these decisions unchecked in full.

def decided(state: Formation, start: int = 0) -> list[tuple]:
    """The decisions from index ``start`` as published: who, move, rule, reason, from, to."""
    return [(d.player, d.outcome, d.rule, d.reason, d.from_division, d.to_division, d.decided_by)
            for d in state.decisions[start:]]


def test_c_3_and_c_1_rank_limit_decisions_in_full_returning_players_first():
    """Dan: highest and lowest division A; 1-10 kyu: highest B, no lowest. a6 (2d, demoted
    from A by B.2) and b3 (2d, middle of B) are forced up to A (C.3), each reason naming the
    rank and the division. The new a0 (2d) is placed in A, its rank's lowest division (C.3);
    the new n2 (5k: its band sets no lowest division) and n4 (15k: no band) go to the bottom
    division, B (C.1). Returning players are decided first, by their previous division, then
    the new ones by id: a6, b3, a0, n2, n4."""
    rows = restrictions_from_rows([("1d", None, "A", "A"), ("10k", "1k", "B", None)])
    players = {**EVERYONE, "a6": DAN, "b3": DAN, "a0": DAN, "n2": KYU5, "n4": Rank(-15)}
    state = state_of(two_divisions(), players, rows)
    take_direct_moves(state)
    start = len(state.decisions)
    apply_rank_limits(state)
    assert decided(state, start) == [
        ("a6", Move.PROMOTED_BY_RANK, "C.3", reason("FORCED_BY_RANK", rank="2d", division="A"),
         "A", "A", None),
        ("b3", Move.PROMOTED_BY_RANK, "C.3", reason("FORCED_BY_RANK", rank="2d", division="A"),
         "B", "A", None),
        ("a0", Move.NEW, "C.3", reason("NEW_BY_RANK", rank="2d"), None, "A", None),
        ("n2", Move.NEW, "C.1", reason("NEW_BOTTOM", why=reason("NEW_BAND_NO_LOWEST", rank="5k")),
         None, "B", None),
        ("n4", Move.NEW, "C.1", reason("NEW_BOTTOM", why=reason("NEW_NO_BAND")), None, "B", None)]
    assert {p: state.floor[p] for p in ("a6", "b3", "a0", "n2", "n4")} == {
        "a6": 0, "b3": 0, "a0": 0, "n2": 1, "n4": 1}
    assert state.unbound == {"n2", "n4"}


def test_c_1_the_bottom_division_of_a_one_division_league_is_its_only_division():
    """A league of one division, A: a new player without a band is placed in A (C.1), the
    bottom division, not in a division B that does not exist."""
    season = Season("s", "s", (Division("A", (perfect("a", [f"a{i}" for i in range(1, 7)]),)),))
    state = state_of(season, {**{f"a{i}": KYU5 for i in range(1, 7)}, "n1": KYU5})
    take_direct_moves(state)
    apply_rank_limits(state)
    assert state.floor["n1"] == 0
    assert decided(state)[-1] == ("n1", Move.NEW, "C.1",
                                  reason("NEW_BOTTOM", why=reason("NEW_NO_BAND")), None, "A", None)


def test_c_3_a_record_below_the_lowest_division_of_the_rank_is_refused_naming_them():
    """Dan: lowest division A. The record relegates a5 and a6 (2d) to B, below it (C.3): it
    cannot be followed; the error names both with their rank and lowest division. a3 (2d),
    recorded staying in A, its lowest division, and a4 (5k, no limit), recorded relegated,
    break no limit and are not named."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    state = state_of(two_divisions(), {**EVERYONE, "a3": DAN, "a5": DAN, "a6": DAN}, only_a)
    state.recorded = {"a3": Move.STAYS, "a4": Move.DEMOTED, "a5": Move.DEMOTED,
                      "a6": Move.DEMOTED}
    take_direct_moves(state)
    with pytest.raises(RecordNotHonoured) as refused:
        apply_rank_limits(state)
    assert refused.value.players == ("a5", "a6")
    assert refused.value.why == ("a rank may not be placed below the lowest division it allows "
                                 "(C.3): a5 (2d: division A), a6 (2d: division A)")
    assert refused.value.named == "recorded as relegated to division B: a5, a6"


def rated(state: Formation, ratings: dict[str, int]) -> Formation:
    """``state`` with the players of ``ratings`` given those ratings (D.2)."""
    for p, rating in ratings.items():
        old = state.info[p]
        state.info[p] = PlayerInfo(p, old.rank, rating, provisional=old.provisional)
    return state


def test_a_i_4_over_capacity_decisions_in_full_and_the_tie_the_cut_goes_through():
    """A (cap 3 by A.i.4 here) holds a1..a5 and the new n1: 3 must move down, the worst by D.2
    whose rank allows it (a5, 2d, has lowest division A): n1 (2000), a4 (2200), a3 (2300).
    a3 and a4 stay in A by B, so they are demoted; n1, new, is placed below (NEW); each from A
    to B, the reason naming A and its cap of 3. a2 (2305) is within 10 points of a3: a
    virtual tie (D.2 [6]) that the cut goes through: one demotion spot of A.i.4 in A."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    state = state_of(two_divisions(), {**EVERYONE, "a5": DAN, "n1": KYU5}, only_a)
    rated(state, {"a1": 2500, "a2": 2305, "a3": 2300, "a4": 2200, "a5": 2100, "n1": 2000})
    take_direct_moves(state)
    apply_rank_limits(state)
    start = len(state.decisions)
    chosen = {"a1", "a2", "a3", "a4", "a5", "n1"}
    move_down_over_capacity(state, 0, chosen, 3, "A.i.4")
    assert chosen == {"a1", "a2", "a5"}
    over = reason("OVER_CAPACITY", division="A", cap=3)
    assert decided(state, start) == [("n1", Move.NEW, "A.i.4", over, "A", "B", None),
                                     ("a4", Move.DEMOTED, "A.i.4", over, "A", "B", None),
                                     ("a3", Move.DEMOTED, "A.i.4", over, "A", "B", None)]
    assert (state.floor["n1"], state.floor["a4"], state.floor["a3"]) == (1, 1, 1)
    assert state.ties == [Tie(("a2", "a3"), 1, "demotion", "A.i.4", "A")]


def test_a_i_4_a_division_at_its_cap_moves_no_one():
    """A holds exactly its cap (3): no one moves down, nothing is decided (A.i.4)."""
    state = state_of(two_divisions(), EVERYONE)
    take_direct_moves(state)
    apply_rank_limits(state)
    start = len(state.decisions)
    chosen = {"a1", "a2", "a3"}
    move_down_over_capacity(state, 0, chosen, 3, "A.i.4")
    assert chosen == {"a1", "a2", "a3"} and decided(state, start) == [] and state.ties == []


def test_a_i_4_over_capacity_with_the_record_placing_the_movable_is_refused():
    """A may hold 3 and holds a1..a5; by rank (lowest A) only a4 and a5 (5k) may move down,
    and the record keeps both in A: the record cannot be followed (A.i.4). The error names the
    recorded players of A, a4 and a5; a1..a3 (2d) cannot move by rank whatever the record."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    players = {**EVERYONE, **{p: DAN for p in ("a1", "a2", "a3")}}
    state = state_of(two_divisions(), players, only_a)
    state.recorded = {"a4": Move.STAYS, "a5": Move.STAYS}
    take_direct_moves(state)
    apply_rank_limits(state)
    with pytest.raises(RecordNotHonoured) as refused:
        move_down_over_capacity(state, 0, {"a1", "a2", "a3", "a4", "a5"}, 3, "A.i.4")
    assert refused.value.players == ("a4", "a5")
    assert refused.value.why == "division A would hold 5 players but may hold at most 3 (A.i.4)"
    assert refused.value.named == "recorded as staying in division A: a4, a5"


def test_e_1_a_i_2_moving_down_to_leave_a_group_below_in_full_with_its_tie():
    """A may hold 10 and holds a1..a6, b1, b2, b3 and the new n1; b4, b5, b6 (3) would be left
    below, fewer than 5 (A.i.2), and do not fit in A: its 2 worst by D.2 move down (E.1), n1
    (1900, new: NEW) and b3 (2000, promoted by B: DEMOTED), each from A to B because B needs 5.
    A keeps 8, its least (8) still met. b2 (2005) is within 10 points of b3: the cut goes
    through a virtual tie (D.2 [6]), one demotion spot of E.1 in A."""
    state = state_of(two_divisions(), {**EVERYONE, "n1": KYU5})
    rated(state, {"b1": 2200, "b2": 2005, "b3": 2000, "n1": 1900})
    take_direct_moves(state)
    apply_rank_limits(state)
    start = len(state.decisions)
    in_a = {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "n1"}
    chosen = set(in_a)
    leave_enough_below(state, 0, chosen, 10, 8)
    assert chosen == in_a - {"n1", "b3"}
    needs = reason("E1_NEEDS_BELOW", division="B", minimum=5)
    assert decided(state, start) == [("n1", Move.NEW, "E.1", needs, "A", "B", None),
                                     ("b3", Move.DEMOTED, "E.1", needs, "A", "B", None)]
    assert (state.floor["n1"], state.floor["b3"]) == (1, 1)
    assert state.ties == [Tie(("b2", "b3"), 1, "demotion", "E.1", "A")]


def test_e_1_a_i_2_exactly_as_many_movable_as_needed_move_down():
    """Dan: lowest division A. A (at most 9) holds a1..a6, b1 (2d) and b2, b3 (5k); 3 are left
    below: 2 must move down and exactly 2 may by rank, b3 and b2: they do (E.1)."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    dans = {p: DAN for p in ("a1", "a2", "a3", "a4", "a5", "a6", "b1")}
    state = state_of(two_divisions(), {**EVERYONE, **dans}, only_a)
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3"}
    leave_enough_below(state, 0, chosen, 9, 5)
    assert chosen == {"a1", "a2", "a3", "a4", "a5", "a6", "b1"}
    assert [(d.player, d.rule, d.to_division) for d in state.decisions[-2:]] == [
        ("b3", "E.1", "B"), ("b2", "E.1", "B")]


def test_a_i_2_one_player_left_below_a_full_division_whose_ranks_may_not_move_is_an_error():
    """Dan: lowest division A. A (at most 11) holds everyone but b6, all 2d: b6 alone would be
    left below (1, fewer than 5), cannot join the full A, and no one of A may move down (C.3):
    the restrictions must be revised; the error says so with the count and the cap."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    state = state_of(two_divisions(), {**{p: DAN for p in EVERYONE}, "b6": KYU5}, only_a)
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = set(EVERYONE) - {"b6"}
    with pytest.raises(LeagueRuleError) as refused:
        leave_enough_below(state, 0, chosen, 11, 5)
    assert not isinstance(refused.value, RecordNotHonoured)
    assert str(refused.value) == (
        "1 player is left below division A, which is full (11): the sizes of A.i.2 and A.i.4 "
        "cannot be met; division restrictions must be revised (C.3)")
    two = state_of(two_divisions(), {**{p: DAN for p in EVERYONE}, "b5": KYU5, "b6": KYU5},
                   only_a)
    take_direct_moves(two)
    apply_rank_limits(two)
    with pytest.raises(LeagueRuleError, match=r"^2 players are left below division A, which "
                                              r"is full \(10\)"):
        leave_enough_below(two, 0, set(EVERYONE) - {"b5", "b6"}, 10, 5)


def test_b_direct_moves_in_full_with_withdrawals_and_players_who_do_not_return():
    """A: a1..a6, a5 withdrew during the season; B: b1..b6, the game b5-b6 not played. a6 and
    b6 do not sign up again. A: a1, a2 take the final round spots and stay; a3, a4 stay (B);
    a5 forfeits the demotion spot (B.4); a6 played the season out and keeps the demotion to B
    (B.2, placed nowhere). B: b1 leads (B.1), b2 is the next best (B.3); b3..b5 stay; b6 left
    a game unplayed and did not return: withdrew, the place forfeited (B.4). With a fixed
    number of relegations (2) a6's reason names it."""
    season = Season("s", "s", (
        Division("A", (perfect("a", [f"a{i}" for i in range(1, 7)], ("a5",)),)),
        Division("B", (Group("b", "B", tuple(f"b{i}" for i in range(1, 7)), tuple(
            g for g in perfect("b", [f"b{i}" for i in range(1, 7)]).games
            if {g.black, g.white} != {"b5", "b6"})),))))
    players = {p: r for p, r in EVERYONE.items() if p not in ("a6", "b6")}
    state = state_of(season, players)
    take_direct_moves(state)
    stays, middle = reason("FINAL_SPOT", division="A"), reason("MIDDLE")
    assert decided(state) == [
        ("a1", Move.STAYS, "final round", stays, "A", "A", None),
        ("a2", Move.STAYS, "final round", stays, "A", "A", None),
        ("a3", Move.STAYS, "B", middle, "A", "A", None),
        ("a4", Move.STAYS, "B", middle, "A", "A", None),
        ("a5", Move.WITHDREW, "B.4", reason("WITHDREW", spot="demotion"), "A", None, None),
        ("a6", Move.DEMOTED, "B.2", reason("DEMOTION_SPOT"), "A", "B", None),
        ("b1", Move.PROMOTED, "B.1", reason("GROUP_LEADER"), "B", "A", None),
        ("b2", Move.PROMOTED, "B.3", reason("NEXT_BEST"), "B", "A", None),
        ("b3", Move.STAYS, "B", middle, "B", "B", None),
        ("b4", Move.STAYS, "B", middle, "B", "B", None),
        ("b5", Move.STAYS, "B", middle, "B", "B", None),
        ("b6", Move.WITHDREW, "B.4", reason("WITHDREW_UNPLAYED", spot="place"), "B", None, None)]
    assert state.left == {"a6"} and "a6" not in state.assured
    fixed = state_of(season, players, settings=LeagueSettings(fixed_relegations_per_group=2))
    take_direct_moves(fixed)
    assert [d.reason for d in fixed.decisions if d.player == "a6"] == [
        reason("FIXED_RELEGATION", count=2)]


def test_b_a_record_that_agrees_with_the_rules_is_not_noted_as_the_record():
    """b1 (B.1 leader) recorded promoted and a5 (B.2) recorded relegated: the rules give the
    same division, so the rules' decision stands (B.1, B.2). b2 (B.3) recorded staying: the
    record is followed, stays in B, rule "record"."""
    state = state_of(two_divisions(), EVERYONE)
    state.recorded = {"b1": Move.PROMOTED, "a5": Move.DEMOTED, "b2": Move.STAYS}
    take_direct_moves(state)
    assert state.pinned == {"b1": 0, "a5": 1, "b2": 1}
    assert [(d.player, d.outcome, d.rule) for d in state.decisions
            if d.player in ("b1", "a5")] == [("a5", Move.DEMOTED, "B.2"),
                                             ("b1", Move.PROMOTED, "B.1")]
    assert [x for x in decided(state) if x[0] == "b2"] == [
        ("b2", Move.STAYS, "record", reason("RECORD_FOLLOWED"), "B", "B", None)]


def three_divisions() -> Season:
    """A: a1..a6, B: b1..b6, C: c1..c6, one group each, in finishing order."""
    return Season("s", "s", tuple(
        Division(x.upper(), (perfect(x, [f"{x}{i}" for i in range(1, 7)]),)) for x in "abc"))


def test_c_2_a_promotion_by_rank_overrides_a_direct_promotion_or_demotion_in_full():
    """Dan: highest A. c1 (2d) leads C (B.1: promoted to B) and a6 (2d) is demoted from A to B
    (B.2); A holds a1..a4 with room for 6: both are promoted into A by rank, which overrides
    their direct moves (C.2): the reasons name the spot overridden and the division A, each
    from the finished season's division. The kyu players of B and C (highest B) are not."""
    players = {**{f"{x}{i}": KYU5 for x in "abc" for i in range(1, 7)}, "a6": DAN, "c1": DAN}
    state = state_of(three_divisions(), players, RESTRICTIONS)
    take_direct_moves(state)
    apply_rank_limits(state)
    assert (state.direct["a6"], state.direct["c1"]) == (Move.DEMOTED, Move.PROMOTED)
    start = len(state.decisions)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(state, 0, chosen, 6, 18)
    assert chosen == {"a1", "a2", "a3", "a4", "a6", "c1"}
    assert sorted(x[:6] for x in decided(state, start)) == [
        ("a6", Move.PROMOTED_BY_RANK, "C.2",
         reason("RANK_OVERRIDES", spot="demotion", division="A"), "A", "A"),
        ("c1", Move.PROMOTED_BY_RANK, "C.2",
         reason("RANK_OVERRIDES", spot="promotion", division="A"), "C", "A")]


def test_c_5_a_promotion_by_rank_in_full():
    """Dan: highest A. b4 (2d) stays in B by B; A holds a1..a4 with room for 5: b4 is
    promoted into A by rank (C.5), the reason naming the rank 2d and A, from B to A."""
    state = state_of(two_divisions(), {**EVERYONE, "b4": DAN}, RESTRICTIONS)
    take_direct_moves(state)
    apply_rank_limits(state)
    start = len(state.decisions)
    chosen = {"a1", "a2", "a3", "a4"}
    promote_by_rank(state, 0, chosen, 5, 18)
    assert [x[:6] for x in decided(state, start)] == [
        ("b4", Move.PROMOTED_BY_RANK, "C.5", reason("BY_RANK", rank="2d", division="A"),
         "B", "A")]


def test_b_4_outcomes_of_players_who_withdrew_left_or_return_as_new():
    """A: a1..a6, a4 and a5 withdrew during the season; a5 signs up again, a4 does not; a6
    and b6 played the season out and do not sign up. A keeps a1, a2 (final round spots) and
    a3 (B) and takes b1 (B.1) and b2 (B.3): 5. Left below: a5 (returning after a withdrawal:
    a new player, B.4), b3, b4, b5: 4, fewer than 5, and A has room: all join A (E.1). The
    outcomes: a4 withdrew and left (B.4, from A, nowhere); a5 is new, from A to A; a6 and b6
    keep the moves they earned (B.2 to B; staying in B), placed nowhere."""
    season = Season("s", "s", (
        Division("A", (perfect("a", [f"a{i}" for i in range(1, 7)], ("a4", "a5")),)),
        Division("B", (perfect("b", [f"b{i}" for i in range(1, 7)]),))))
    ids = ["a1", "a2", "a3", "a5", "b1", "b2", "b3", "b4", "b5"]
    plan = next_season(season, Signups(
        tuple(PlayerInfo(p, KYU5, 3000 - 10 * i) for i, p in enumerate(ids)),
        (PlayerInfo("a6", KYU5, 2900), PlayerInfo("b6", KYU5, 2890))))
    assert [(d.name, [g.players for g in d.groups]) for d in plan.divisions] == [
        ("A", [("a1", "a2", "a3", "a5", "b1", "b2", "b3", "b4", "b5")])]
    few = reason("FEW_LEFT", count=4, division="A", minimum=5)
    final, middle = reason("FINAL_SPOT", division="A"), reason("MIDDLE")
    assert {p: (d.player, d.outcome, d.rule, d.reason, d.from_division, d.to_division)
            for p, d in plan.outcomes.items()} == {
        "a1": ("a1", Move.STAYS, "final round", final, "A", "A"),
        "a2": ("a2", Move.STAYS, "final round", final, "A", "A"),
        "a3": ("a3", Move.STAYS, "B", middle, "A", "A"),
        "a4": ("a4", Move.WITHDREW, "B.4", reason("WITHDREW_LEFT"), "A", None),
        "a5": ("a5", Move.NEW, "E.1", few, "A", "A"),
        "a6": ("a6", Move.DEMOTED, "B.2", reason("DEMOTION_SPOT"), "A", "B"),
        "b1": ("b1", Move.PROMOTED, "B.1", reason("GROUP_LEADER"), "B", "A"),
        "b2": ("b2", Move.PROMOTED, "B.3", reason("NEXT_BEST"), "B", "A"),
        "b3": ("b3", Move.PROMOTED, "E.1", few, "B", "A"),
        "b4": ("b4", Move.PROMOTED, "E.1", few, "B", "A"),
        "b5": ("b5", Move.PROMOTED, "E.1", few, "B", "A"),
        "b6": ("b6", Move.STAYS, "B", middle, "B", "B")}
    assert plan.left == ("a6", "b6")


def test_c_restrictions_errors_name_the_bands_and_bands_at_the_limits_are_accepted():
    """Division restrictions per rank (C, definitions): a band's lowest division may not be
    above its highest; bands may not share a rank (1k in both is an overlap); superior ranks'
    limits may not be lower, a lowest division "none" (no limit) being the lowest of all.
    Equal highest divisions, and a superior lowest division above the inferior's, are fine."""
    def refused(rows) -> str:
        with pytest.raises(LeagueRuleError) as error:
            restrictions_from_rows(rows)
        return str(error.value)

    assert refused([("10k", "1k", "B", "A")]) == (
        "rank band from 10k: lowest division A is above its highest division B")
    assert refused([("5k", "1k", "B", None), ("1k", None, "A", None)]) == (
        "rank bands from 5k and from 1k overlap")
    assert refused([("10k", "1k", "B", "C"), ("1d", None, "A", None)]) == (
        "rank band from 1d has a lower lowest division (none) than the weaker band from 10k "
        "(C); limits of superior ranks cannot be lower")
    same_highest = restrictions_from_rows([("10k", "1k", "B", None), ("1d", None, "B", None)])
    assert same_highest.limits(DAN) == (1, None)
    stepped = restrictions_from_rows([("10k", "1k", "B", "C"), ("1d", None, "A", "B")])
    assert (stepped.limits(KYU5), stepped.limits(DAN)) == ((1, 2), (0, 1))


def test_a_i_5_new_players_moved_down_in_full_and_the_tie_the_cut_goes_through():
    """B (previous size 6) holds 8 with the new n0, n1 (5k, rated 2880, 2870) and n2 (20k):
    the 2 worst new players by D.2, n2 then n1, move down to C, each new (NEW), the reason
    naming B (A.i.5). n0 and n1 are within 10 points: a virtual tie (D.2 [6]) that the cut
    goes through, one demotion spot of A.i.5 in B."""
    players = {**EVERYONE, "n0": KYU5, "n1": KYU5, "n2": Rank(-20)}
    state = state_of(two_divisions(), players)
    chosen = {"b3", "b4", "b5", "b6", "a5", "n0", "n1", "n2"}
    state.unbound.update({"n0", "n1", "n2"})
    keep_previous_size(state, 1, chosen, 6)
    growing = reason("NOT_GROWING", division="B")
    assert decided(state) == [("n2", Move.NEW, "A.i.5", growing, None, "C", None),
                              ("n1", Move.NEW, "A.i.5", growing, None, "C", None)]
    assert state.ties == [Tie(("n0", "n1"), 1, "demotion", "A.i.5", "B")]


def test_b_fixed_promotions_per_group_say_so():
    """With a fixed number of promotions per group (2, the real league's setting), B's second
    promoted player, b2, is promoted as one of the group's best 2, not as the next best."""
    state = state_of(two_divisions(), EVERYONE,
                     settings=LeagueSettings(fixed_promotions_per_group=2))
    take_direct_moves(state)
    assert [(d.outcome, d.reason) for d in state.decisions if d.player == "b2"] == [
        (Move.PROMOTED, reason("FIXED_PROMOTION", count=2))]


def test_b_4_a_player_who_leaves_after_a_demotion_from_the_bottom_division_goes_nowhere():
    """With the bottom division demoting too, B demotes b5 and b6 (B.2) into a new C; b6 does
    not sign up: the demotion is noted from B to no division (none is formed for b6), b5 goes
    to C."""
    state = state_of(two_divisions(), {p: r for p, r in EVERYONE.items() if p != "b6"},
                     settings=LeagueSettings(demote_from_bottom_division=True))
    take_direct_moves(state)
    assert [x for x in decided(state) if x[0] in ("b5", "b6")] == [
        ("b5", Move.DEMOTED, "B.2", reason("DEMOTION_SPOT"), "B", "C", None),
        ("b6", Move.DEMOTED, "B.2", reason("DEMOTION_SPOT"), "B", None, None)]
    assert state.left == {"b6"}


def test_d_2_the_leagues_virtual_tie_setting_orders_and_ties_the_players_moved_down():
    """As in the E.1 case above, but b3 (2005) is rated 5 points above b2 (2000) and the
    league sets no virtual tie (0 points, footnote [6] configurable): b2 is the worse by D.2
    and moves down with n1, and no tie is cut (with 10 points they would be tied)."""
    settings = LeagueSettings(rating_virtual_tie=0)
    state = state_of(two_divisions(), {**EVERYONE, "n1": KYU5}, settings=settings)
    rated(state, {"b1": 2200, "b2": 2000, "b3": 2005, "n1": 1900})
    take_direct_moves(state)
    apply_rank_limits(state)
    chosen = {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "n1"}
    leave_enough_below(state, 0, chosen, 10, 8)
    assert chosen == {"a1", "a2", "a3", "a4", "a5", "a6", "b1", "b3"}
    assert state.ties == []


def test_a_ii_1_starting_gamepoints_follow_the_leagues_setting():
    """A.ii.1 with 5 gamepoints per division below (configurable, [4]): every player of the
    next season's top division starts with 5 x (divisions - 1), of the bottom one with 0."""
    ids = [f"{x}{i}" for x in "abc" for i in range(1, 7)]
    players = tuple(PlayerInfo(p, KYU5, 3000 - 10 * i) for i, p in enumerate(ids))
    plan = next_season(three_divisions(), Signups(players),
                       settings=LeagueSettings(starting_gamepoints_per_division=5))
    count = len(plan.divisions)
    assert count >= 2
    assert {i: {plan.starting_gamepoints[p] for g in d.groups for p in g.players}
            for i, d in enumerate(plan.divisions)} == {i: {5 * (count - 1 - i)}
                                                       for i in range(count)}
