"""League engine: every rule of ../shared/rules/000_8831272a7af7d6bd.txt, worked by hand.

Groups are built as "perfect orders" (the i-th listed player beats every later one), so a
group of n has gamepoints n-1, n-2, ..., 0 and SODOS sum(n-2-i ... 0); equal places across
groups are then decided by D.2 (rank, then rating). Ratings are 3000 - 20 x (position in
ALL) so D.2 follows that list whenever ranks are equal.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from sitegen.engine.league import (LeagueRuleError, Move, SeasonCancelled, direct_moves, division_order, group_count, group_order, group_sizes, secondary_classes, seed_groups, size_violations, starting_gamepoints)
from sitegen.engine.league_final import final_round
from sitegen.model.league import ExtraDemotions, LeagueSettings, PlayerInfo
from sitegen.engine.league_next import (
    Signups, is_promotable, next_season, plan_group_sizes,
    restrictions_from_rows,
)
from sitegen.pages.league_words import words
from sitegen.model.common import Colour, Game, Outcome, Rank, Result
from sitegen.model.league import Division, Group, Season
from sitegen.i18n import ENGLISH_WORDS


def perfect(gid: str, players: list[str], withdrawn: tuple[str, ...] = ()) -> Group:
    """Return a finished group where each player beats every player listed after them."""
    games = tuple(Game(a, b, Result(Outcome.WIN, Colour.BLACK)) for a, b in itertools.combinations(players, 2))
    return Group(gid, gid.upper(), tuple(players), games, withdrawn=withdrawn)


def names(prefix: str, first: int, last: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(first, last + 1)]


A1, A2 = names("a", 1, 6), names("a", 7, 12)
B1, B2 = names("b", 1, 7), names("b", 8, 14)
C1 = names("c", 1, 7)
ALL = A1 + A2 + B1 + B2 + C1


def info_for(players, rank: Rank = Rank(-5), **special: Rank) -> dict[str, PlayerInfo]:
    """Players at ``rank`` (5k) with ratings 3000 - 20 x position in ALL; ``special`` ranks."""
    out = {}
    for p in players:
        position = ALL.index(p) if p in ALL else 100 + sorted(players).index(p)
        out[p] = PlayerInfo(p, special.get(p, rank), 3000 - 20 * position)
    return out


def league3(withdrawn_a: tuple[str, ...] = ()) -> Season:
    """A: two groups of 6; B: two groups of 7; C: one group of 7 (35 players)."""
    return Season("s1", "Season 1", (
        Division("A", (perfect("a1", A1, withdrawn_a), perfect("a2", A2))),
        Division("B", (perfect("b1", B1), perfect("b2", B2))),
        Division("C", (perfect("c1", C1),)),
    ))


def signups(players, **special: Rank) -> Signups:
    return Signups(tuple(info_for(players, **special).values()))


# --------------------------------------------------------------------------- A: sizes


def test_a_i_4_limit_6x3n_with_top_division_n_1():
    """A.i.4: n = 1 for A gives 18 (two groups of 9), then 54 and 162."""
    s = LeagueSettings()
    assert [s.division_size_limit(i) for i in range(3)] == [18, 54, 162]
    assert LeagueSettings(top_division_n=0).division_size_limit(0) == 6


def test_a_i_1_top_division_has_two_groups_footnote_1_one_below_10():
    assert group_count(14, 0, None) == 2
    assert group_count(9, 0, None) == 1
    with pytest.raises(LeagueRuleError, match="A.i.1"):
        group_count(9, 0, None, total_players=30)  # 30 players: A needs two groups of >= 5


def test_a_i_3_group_count_nearest_ideal_7_within_three_times_above():
    # 20 players: 3 groups (6.67 from 7 by 1/3) beat 4 groups (5, by 2).
    assert group_count(20, 1, 2) == 3
    # 28 players: 4 groups of 7 exactly.
    assert group_count(28, 1, 2) == 4
    # 28 players below a single group: at most 3 groups of at most 9 = 27 < 28.
    with pytest.raises(LeagueRuleError, match="A.i.3"):
        group_count(28, 1, 1)
    with pytest.raises(LeagueRuleError, match="A.i.2"):
        group_count(4, 2, 1)


def test_footnote_3_group_sizes_differ_by_at_most_one_smaller_first():
    assert group_sizes(13, 2) == [6, 7]
    assert group_sizes(20, 3) == [6, 7, 7]
    assert group_sizes(14, 2) == [7, 7]


def test_footnote_5_zigzag_seeding_smaller_groups_take_top_seeds():
    seeds = [str(i) for i in range(1, 14)]
    assert seed_groups(seeds, 2) == [
        ["1", "4", "5", "8", "9", "12"], ["2", "3", "6", "7", "10", "11", "13"]]
    seeds = [str(i) for i in range(1, 21)]
    assert seed_groups(seeds, 3) == [
        ["1", "6", "7", "12", "13", "18"],
        ["2", "5", "8", "11", "14", "17", "19"],
        ["3", "4", "9", "10", "15", "16", "20"]]


def test_a_ii_1_footnote_4_ten_gamepoints_per_division_below():
    assert [starting_gamepoints(i, 3) for i in range(3)] == [20, 10, 0]
    with pytest.raises(ValueError):
        starting_gamepoints(3, 3)


def test_size_violations_names_each_rule():
    assert size_violations([[7, 7], [7, 7, 6]]) == []
    problems = size_violations([[7], [4, 9], [45]])
    assert any(p.startswith("A.i.1") for p in problems)
    assert any(p.startswith("A.i.3") for p in problems)
    assert any(p.startswith("[3]") for p in problems)
    assert any(p.startswith("A.i.2") and "more than 3 x 13" in p for p in problems)


# --------------------------------------------------------------------------- D: priority


def test_d_1_then_d_2_three_way_cycle_broken_by_rank():
    """D.1: x>y, y>z, z>x all have 1 gamepoint, SODOS 1 and 1 among the tied; D.2 rank decides."""
    w = Colour.BLACK
    group = Group("g", "G", ("x", "y", "z"), (
        Game("x", "y", Result(Outcome.WIN, w)), Game("y", "z", Result(Outcome.WIN, w)),
        Game("z", "x", Result(Outcome.WIN, w))))
    info = {"x": PlayerInfo("x", Rank(-10)), "y": PlayerInfo("y", Rank(-3)), "z": PlayerInfo("z", Rank(1))}
    assert group_order(group, info) == ["z", "y", "x"]


def test_d_2_footnote_6_virtual_tie_within_10_rating_points():
    info = {
        "p": PlayerInfo("p", Rank(-2), 1500, Rank(-8)),
        "q": PlayerInfo("q", Rank(-2), 1509, Rank(-9)),
        "r": PlayerInfo("r", Rank(-2), 1521, Rank(-9)),
    }
    # q and p are within 10: tied on rating, p's correspondence rank (8k) beats q's (9k);
    # r is 12 above q: ahead by rating.
    assert secondary_classes(["p", "q", "r"], info) == [["r"], ["p"], ["q"]]
    # A chain 1500 - 1508 - 1516 stays one virtual tie (reading of [6]).
    chain = {p: PlayerInfo(p, Rank(0), v) for p, v in (("u", 1500), ("v", 1508), ("w", 1516))}
    assert [sorted(c) for c in secondary_classes(["u", "v", "w"], chain)] == [["u", "v", "w"]]


def test_d_2_forfeiture_then_playoff():
    info = {
        "p": PlayerInfo("p", Rank(0), concedes=True),
        "q": PlayerInfo("q", Rank(0), playoff=2),
        "r": PlayerInfo("r", Rank(0), playoff=1),
    }
    assert secondary_classes(["p", "q", "r"], info) == [["r"], ["q"], ["p"]]


def test_d_1_across_groups_gamepoints_then_sodos_then_d_2():
    """Two groups of 5 vs 6 (perfect orders): leaders have 4 and 5 gamepoints."""
    g1 = perfect("g1", ["p1", "p2", "p3", "p4", "p5"])
    g2 = perfect("g2", ["q1", "q2", "q3", "q4", "q5", "q6"])
    info = {p: PlayerInfo(p, Rank(0)) for p in g1.players + g2.players}
    info["p2"] = PlayerInfo("p2", Rank(3))
    order = division_order([g1, g2], info)
    # Gamepoints: q1 5; p1 4, q2 4; p2 3, q3 3; ... SODOS: p1 beat 3+2+1+0 = 6,
    # q2 beat 3+2+1+0 = 6: tied, different groups -> D.2: equal ranks, no ratings -> by id.
    # p2 (SODOS 3) and q3 (SODOS 3) tie; p2's 4d rank wins.
    assert order[:5] == ["q1", "p1", "q2", "p2", "q3"]


# --------------------------------------------------------------------------- B: direct moves


def test_b_1_b_2_b_3_leaders_promote_two_per_division_demotions_matched():
    moves = direct_moves(league3(), info_for(ALL))
    a, b, c = moves
    assert a.promoted == ("a1", "a7")                      # A's leaders: the finalists
    assert b.promoted == ("b1", "b8") and b.rule["b8"] == "B.1"
    assert c.promoted == ("c1", "c2") and c.rule["c2"] == "B.3"  # one group: 2nd by D
    assert set(a.demoted) == {"a6", "a12"}                 # = B's 2 promotions (B.2)
    assert set(b.demoted) == {"b7", "b14"}                 # = C's 2 promotions
    assert c.demoted == ()                                 # bottom division


def test_b_2_extra_demotion_for_a_group_of_10():
    season = Season("s", "s", (Division("A", (perfect("a", names("x", 1, 10)),)),
                               Division("B", (perfect("b", names("y", 1, 7)),))))
    a = direct_moves(season)[0]
    assert a.extra_demotions == 1
    assert a.demoted == ("x8", "x9", "x10")                # 2 matched + 1 extra
    per_ten = LeagueSettings(extra_demotions=ExtraDemotions.PER_TEN_PLAYERS)
    assert direct_moves(league3(), info_for(ALL), per_ten)[0].extra_demotions == 1  # 12 players
    none = LeagueSettings(extra_demotions=ExtraDemotions.NONE)
    assert direct_moves(season, settings=none)[0].demoted == ("x9", "x10")


def test_b_5_promotions_and_demotions_never_overlap():
    """B of 5 must demote C's 4 promotions but only 3 are not promoted."""
    c_groups = tuple(perfect(f"c{i}", names(f"c{i}_", 1, 5)) for i in range(4))
    season = Season("s", "s", (Division("A", (perfect("a1", names("x", 1, 5)), perfect("a2", names("z", 1, 5)))),
                               Division("B", (perfect("b", names("y", 1, 5)),)),
                               Division("C", c_groups)))
    b = direct_moves(season)[1]
    assert b.promoted == ("y1", "y2")
    assert b.demoted == ("y3", "y4", "y5")


def test_b_4_withdrawal_in_a_promotion_spot_loses_the_spot():
    """b1 (B1 leader) does not sign up again: the spot is lost, b2 does not take it; A gets
    only b8. b1 keeps the promotion earned in the season (history as it happened), placed
    nowhere (``plan.left``, B.4)."""
    players = [p for p in ALL if p != "b1"]
    plan = next_season(league3(), signups(players))
    assert (plan.outcomes["b1"].outcome, plan.outcomes["b1"].rule) == (Move.PROMOTED, "B.1")
    assert plan.left == ("b1",) and all("b1" not in g.players for d in plan.divisions
                                       for g in d.groups)
    a_players = {p for g in plan.divisions[0].groups for p in g.players}
    assert a_players == set(names("a", 1, 5) + names("a", 7, 11) + ["b8"])  # 11: A.i.5 keeps <= 12
    assert plan.outcomes["b2"].outcome is Move.STAYS



def test_b_4_a_withdrawal_during_the_season_forfeits_the_spot_it_held_and_leaves_division_a():
    """B.4: a1, leader of group a1 (a final round spot of A), is in the group's withdrawn list
    and does not sign up again. The decision says the promotion spot is forfeited and not
    passed on; the outcome is a withdrawal from division A to no division."""
    players = [p for p in ALL if p != "a1"]
    plan = next_season(league3(withdrawn_a=("a1",)), signups(players))
    outcome = plan.outcomes["a1"]
    assert (outcome.outcome, outcome.rule, outcome.from_division, outcome.to_division) == (
        Move.WITHDREW, "B.4", "A", None)
    said = [words(d.reason, ENGLISH_WORDS) for d in plan.decisions if d.player == "a1"]
    assert said == ["the promotion spot is forfeited and not passed on"]

def test_fixed_number_per_group_setting():
    season = Season("s", "s", tuple(
        Division(d, (perfect(d.lower(), names(d.lower(), 1, 6)),)) for d in "ABC"))
    fixed = LeagueSettings(fixed_promotions_per_group=2, fixed_relegations_per_group=2)
    a, b, c = direct_moves(season, settings=fixed)
    assert (a.promoted, a.demoted) == (("a1", "a2"), ("a5", "a6"))  # A's spots: the finalists
    assert (b.promoted, b.demoted) == (("b1", "b2"), ("b5", "b6"))
    assert (c.promoted, c.demoted) == (("c1", "c2"), ())              # the bottom demotes nobody
    bottom = LeagueSettings(fixed_promotions_per_group=2, fixed_relegations_per_group=2,
                            demote_from_bottom_division=True)
    assert direct_moves(season, settings=bottom)[2].demoted == ("c5", "c6")


# --------------------------------------------------------------------------- next season


def test_next_season_no_changes_keeps_sizes_and_seeds_in_zigzag():
    plan = next_season(league3(), signups(ALL))
    assert plan_group_sizes(plan) == [[6, 6], [7, 7], [7]]
    a = plan.divisions[0]
    # Seeds by rating: a1 a2 a3 a4 a5 a7 a8 a9 a10 a11 b1 b8, zig-zag into 2 groups.
    assert [g.players for g in a.groups] == [
        ("a1", "a4", "a5", "a9", "a10", "b8"), ("a2", "a3", "a7", "a8", "a11", "b1")]
    assert [g.name for g in a.groups] == ["A1", "A2"] and plan.divisions[2].groups[0].name == "C"
    c = set(plan.divisions[2].groups[0].players)
    assert c == set(names("c", 3, 7) + ["b7", "b14"])
    assert plan.outcomes["b1"].outcome is Move.PROMOTED and plan.outcomes["b1"].rule == "B.1"
    assert plan.outcomes["c2"].rule == "B.3"
    assert plan.outcomes["a6"].outcome is Move.DEMOTED
    assert plan.starting_gamepoints["a1"] == 20 and plan.starting_gamepoints["c1"] == 10
    assert plan.starting_gamepoints["b7"] == 0


def test_footnote_2_fewer_than_5_players_cancels_the_season():
    with pytest.raises(SeasonCancelled, match=r"\[2\]"):
        next_season(league3(), signups(["a1", "a2", "b1", "c1"]))


DAN = Rank(1)     # 2d
KYU5 = Rank(-5)   # 5k
RESTRICTIONS = restrictions_from_rows([
    ("1d", None, "A", "B"),    # dan: highest A, lowest B
    ("10k", "1k", "B", None),  # 1-10 kyu: highest B
    ("30k", "11k", "C", None),
])


def test_c_restrictions_validate_monotonic_and_disjoint():
    with pytest.raises(LeagueRuleError, match="superior ranks cannot be lower"):
        restrictions_from_rows([("1d", None, "B", None), ("10k", "1k", "A", None)])
    with pytest.raises(LeagueRuleError, match="superior ranks cannot be lower"):
        restrictions_from_rows([("1d", None, "A", None), ("10k", "1k", "B", "C")])
    with pytest.raises(LeagueRuleError, match="overlap"):
        restrictions_from_rows([("5k", None, "A", None), ("10k", "3k", "B", None)])
    assert RESTRICTIONS.limits(Rank.parse("3k")) == (1, None)
    assert RESTRICTIONS.limits(Rank.parse("3d")) == (0, 1)


def test_c_4_c_1_promotable_and_provisional_addendum():
    assert is_promotable(PlayerInfo("p", DAN), 0, RESTRICTIONS)
    assert not is_promotable(PlayerInfo("p", KYU5), 0, RESTRICTIONS)
    assert is_promotable(PlayerInfo("p", KYU5), 1, RESTRICTIONS)
    assert not is_promotable(PlayerInfo("p", DAN, provisional=True), 0, RESTRICTIONS)
    assert is_promotable(PlayerInfo("p", DAN, provisional=True), 0, RESTRICTIONS,
                         LeagueSettings(provisional_promotion_by_rank=True))


def test_c_2_promotion_by_rank_overrides_a_demotion():
    """a3 withdraws from A: A keeps 12 - 1 - 2 + 2 = 11 of its 12 (A.i.5), one space (C.5).

    a12 (2d, highest A) was demoted; promotable to A, it takes the space back (C.2).
    a6 (5k, highest B) was demoted too and is not promotable to A.
    """
    players = [p for p in ALL if p != "a3"]
    plan = next_season(league3(), signups(players, a12=DAN), RESTRICTIONS)
    out = plan.outcomes["a12"]
    assert out.outcome is Move.PROMOTED_BY_RANK and out.rule == "C.2"
    assert out.to_division == "A"
    assert plan.outcomes["a6"].outcome is Move.DEMOTED
    assert sum(len(g.players) for g in plan.divisions[0].groups) == 12


def test_c_5_space_goes_to_the_higher_ranked_promotable_player_d_2():
    """a3 withdraws from A: one space (C.5). b3 (3d) and b4 (2d) are promotable to A: b3
    has the higher rank (D.2)."""
    players = [p for p in ALL if p != "a3"]
    plan = next_season(league3(), signups(players, b3=Rank(2), b4=DAN), RESTRICTIONS)
    assert plan.outcomes["b3"].outcome is Move.PROMOTED_BY_RANK and plan.outcomes["b3"].rule == "C.5"
    assert plan.outcomes["b4"].outcome is Move.STAYS


def test_c_3_forced_promotion_to_the_lowest_allowed_division():
    """c5 is 2d: lowest division B, so it is forced up from C (C.3); no space in A."""
    plan = next_season(league3(), signups(ALL, c5=DAN), RESTRICTIONS)
    out = plan.outcomes["c5"]
    assert out.outcome is Move.PROMOTED_BY_RANK and out.rule == "C.3"
    assert out.to_division == "B"


def test_c_3_new_player_placed_by_rank_and_provisional_in_the_bottom():
    new = [PlayerInfo("n1", DAN, 1000), PlayerInfo("n2", DAN, 1000, provisional=True)]
    plan = next_season(league3(), Signups(tuple(info_for(ALL).values()) + tuple(new)), RESTRICTIONS)
    assert plan.outcomes["n1"].outcome is Move.NEW and plan.outcomes["n1"].to_division == "B"
    assert plan.outcomes["n2"].outcome is Move.NEW and plan.outcomes["n2"].to_division == "C"


def test_c_3_restrictions_must_be_revised_when_a_exceeds_a_i_4():
    """19 players forced into A by a dan-only band (lowest A) exceed 6x3 = 18 (A.i.4)."""
    only_a = restrictions_from_rows([("1d", None, "A", "A")])
    ranks = {p: DAN for p in names("a", 1, 12) + names("b", 1, 7)}
    with pytest.raises(LeagueRuleError, match=r"must be revised \(C.3\)"):
        next_season(league3(), signups(ALL, **ranks), only_a)


def small_a_season() -> Season:
    return Season("s", "s", (
        Division("A", (perfect("a1", names("a", 1, 5)), perfect("a2", names("a", 6, 10)))),
        Division("B", (perfect("b1", B1), perfect("b2", B2))),
        Division("C", (perfect("c1", C1),)),
    ))


def test_e_1_size_conflict_resolved_by_direct_promotion_from_the_division_below():
    """A of 10 loses a3: 10 - 1 - 2 + 2 = 9 < 10 (A.i.1). E.1 promotes B's best stayer:
    b2 and b9 (5 gamepoints, SODOS 10) tie across groups, b2 has the higher rating (D.2)."""
    players = [p for p in names("a", 1, 10) + B1 + B2 + C1 if p != "a3"]
    plan = next_season(small_a_season(), signups(players))
    out = plan.outcomes["b2"]
    assert out.outcome is Move.PROMOTED and out.rule == "E.1"
    assert plan_group_sizes(plan) == [[5, 5], [6, 7], [7]]
    assert plan.outcomes["b9"].outcome is Move.STAYS


def test_e_1_bottom_division_too_small_is_absorbed():
    """C of 7 loses c3..c6: 7 - 2 promoted - 4 withdrawn + 2 demoted = 3 < 5 (A.i.2):
    its players join B (E.1)."""
    players = [p for p in ALL if p not in ("c3", "c4", "c5", "c6")]
    plan = next_season(league3(), signups(players))
    assert len(plan.divisions) == 2
    assert plan.outcomes["c7"].outcome is Move.PROMOTED and plan.outcomes["c7"].rule == "E.1"
    assert size_violations(plan_group_sizes(plan)) == []


def test_a_i_5_new_players_do_not_grow_the_bottom_division_a_new_one_opens():
    new = [PlayerInfo(f"n{i}", Rank(-20), 500 - i) for i in range(6)]
    plan = next_season(league3(), Signups(tuple(info_for(ALL).values()) + tuple(new)))
    assert len(plan.divisions) == 4
    assert set(plan.divisions[3].groups[0].players) == {f"n{i}" for i in range(6)}
    assert plan.outcomes["n0"].rule == "A.i.5"


# --------------------------------------------------------------------------- final round
# Division A of league3: order a1, a7 (5 gp), a2, a8 (4), a3, a9 (3), a4, a10, a5, a11, a6, a12.


def finalists(final):
    return [(f.player, f.advantaged) for f in final.finalists]


def test_final_round_defending_champion_eligible_takes_third_place_leaders_advantaged():
    final = final_round(league3(), "a3", info_for(ALL))
    assert finalists(final) == [("a1", True), ("a7", True), ("a3", False)]
    assert final.finalists[0].bonus == Fraction(1)


def test_final_round_champion_is_a_group_leader_third_by_b_4th_place_or_better():
    final = final_round(league3(), "a1", info_for(ALL))
    assert finalists(final) == [("a1", True), ("a7", False), ("a2", False)]


def test_final_round_champion_demoted_is_not_eligible_footnote_8():
    final = final_round(league3(), "a6", info_for(ALL))
    assert [f.player for f in final.finalists] == ["a1", "a7", "a2"]
    assert any(d.rule == "[8]" and d.player == "a6" for d in final.decisions)


def test_final_round_no_fewer_gamepoints_than_the_champion():
    """Champion a9 (3 gp) declines, a2 and a8 decline too: a3 (5th, 3 gp >= 3) qualifies."""
    final = final_round(league3(), "a9", info_for(ALL), declined={"a9", "a2", "a8"})
    assert [f.player for f in final.finalists] == ["a1", "a7", "a3"]
    assert "no fewer gamepoints than the defending champion" in words(final.finalists[2].reason, ENGLISH_WORDS)


def test_final_round_withdrawal_of_a_leader_draws_the_next_and_void_title():
    final = final_round(league3(), None, info_for(ALL), declined={"a7"})
    assert finalists(final) == [("a1", True), ("a2", False), ("a8", False)]
    # No champion in A, 3rd and 4th decline: nobody else is 4th or better -> void.
    void = final_round(league3(), "zz", info_for(ALL), declined={"a2", "a8"})
    assert void.void and void.finalists == ()
