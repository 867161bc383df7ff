"""Placement criteria worked by hand from ../shared/rules/003_fac0675ce42e5780.txt and
OpenGotha's definitions (../shared/reference/opengotha.md section 1).

The four-player McMahon case (bar 4d, floor 20k, OpenGotha defaults):
A 1d (SMMS 30), B 1k (29), C 2k (28), D 2k (28).
Round 1: A (White, handicap 1) beats B; C (White) and D draw (jigo).
Round 2: C (White) beats A by forfeit; B has the bye; D is declared absent.
"""

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sitegen.engine.placement import (check_criteria, compute_values, format_value,
                                      sodos_of_results, standings, standings_by_round,
                                      standings_by_rule)
from sitegen.model.tournament import (Absence, Bye, Criterion as C, DCVariant, GameResult as R, System, Tournament, TournamentGame as G, TournamentParameters, TournamentPlayer as P)
from sitegen.model.common import Rank


def _four(**params) -> Tournament:
    players = (P("a", "A", "", Rank.parse("1d")), P("b", "B", "", Rank.parse("1k")),
               P("c", "C", "", Rank.parse("2k")), P("d", "D", "", Rank.parse("2k")))
    games = (G(1, "a", "b", R.WHITE_WINS, handicap=1), G(1, "c", "d", R.JIGO),
             G(2, "c", "a", R.WHITE_WINS, forfeit=True))
    return Tournament("t", "T", 2, players, games, byes=(Bye(2, "b"),),
                      absences=(Absence(2, "d"),), parameters=TournamentParameters(**params))


def test_placement_mms_bye_absence_round_down():
    """placement MMS: bye +1, absence +1/2 rounded down, jigo halves kept."""
    v = compute_values(_four(), 2)
    assert [v[i][C.MMS] for i in "abcd"] == [31, 30, F(59, 2), F(57, 2)]
    v = compute_values(_four(round_down=False), 2)
    assert v["d"][C.MMS] == 29


def test_placement_nbw_bye_absence_forfeit():
    """placement NBW: forfeit win counts 1, bye 1, absence 0."""
    v = compute_values(_four(), 2)
    assert [v[i][C.NBW] for i in "abcd"] == [1, 1, F(3, 2), F(1, 2)]


def test_placement_sosm_handicap_correction_bye_absence():
    """placement SOSM: opponent's MMS after the round, +h as White, -h as Black; own SMMS
    for a bye or an absence."""
    v = compute_values(_four(), 2)
    assert [v[i][C.SOSM] for i in "abcd"] == [F(121, 2), 59, F(119, 2), F(115, 2)]


def test_placement_sosm_after_round_1_uses_scores_after_round_1():
    """placement SOS: the score at calculation time, here after round 1."""
    v = compute_values(_four(), 1)
    # A: B's MMS after round 1 is 29, +1 handicap as White
    assert v["a"][C.SOSM] == 30
    assert v["c"][C.SOSM] == F(57, 2)


def test_placement_sosw_no_handicap_and_zero_for_bye():
    """placement SOSW: opponents' NBW, no handicap correction, 0 for bye/absence."""
    v = compute_values(_four(), 2)
    assert [v[i][C.SOSW] for i in "abcd"] == [F(5, 2), 1, F(3, 2), F(3, 2)]


def test_placement_sosw_virtual_half_point_option():
    """placement SOS, 'count unplayed games as half a point': B's bye and C's forfeit win
    count 1/2 each for A's SOSW."""
    v = compute_values(_four(count_unplayed_as_half=True), 2)
    assert v["a"][C.SOSW] == F(3, 2)


def test_placement_sososm_own_smms_times_rounds_for_bye():
    """placement SOSOS: sum of opponents' SOSM; SMMS x (r+1) for a round without a game."""
    v = compute_values(_four(), 2)
    assert v["a"][C.SOSOSM] == F(237, 2)
    assert v["b"][C.SOSOSM] == F(121, 2) + 58
    assert v["d"][C.SOSOSM] == F(119, 2) + 56


def test_placement_sodos_jigo_quarter_and_forfeit_win():
    """placement SODOS: jigo adds half the opponent's score, a forfeit win the whole."""
    v = compute_values(_four(), 2)
    assert v["c"][C.SODOSM] == F(57, 4) + 31
    assert v["c"][C.SODOSW] == F(5, 4)
    assert v["a"][C.SODOSM] == 31  # B's 30 + 1 handicap as White
    assert format_value(v["c"][C.SODOSM]) == "45¼"


def test_placement_sodos_league_helper():
    """placement SODOS: win adds the whole score, jigo half, loss nothing."""
    assert sodos_of_results([(F(1), F(3)), (F(1, 2), F(2)), (F(0), F(5))]) == 4


def test_placement_cuss_cumulative():
    """placement CUSS: sum of the player's own score after each round."""
    v = compute_values(_four(), 2)
    assert v["a"][C.CUSSM] == 62
    assert v["d"][C.CUSSM] == 57
    assert v["c"][C.CUSSW] == 2


def test_placement_ext_exr_coefficients():
    """placement ExT/ExR: coef 0/1/2/3 from actual vs natural handicap, weighted NBW."""
    v = compute_values(_four(), 2)
    assert (v["a"][C.EXT], v["a"][C.EXR]) == (1, 1)       # coef 1 vs B, coef 0 vs C
    assert (v["b"][C.EXT], v["b"][C.EXR]) == (1, 0)       # received 1 stone from 1d: coef 1
    assert (v["c"][C.EXT], v["c"][C.EXR]) == (F(7, 2), 3)  # even vs 1d: coef 3, forfeit win


def test_placement_ext_rule_text_example_9k_receiving_9_stones():
    """placement ExT: a 9k who received 9 stones from a 1d played a normal game (coef 1)."""
    t = Tournament("t", "T", 1, (P("k", "K", "", Rank.parse("9k")), P("d", "D", "", Rank.parse("1d"))),
                   (G(1, "d", "k", R.BLACK_WINS, handicap=9),),
                   parameters=TournamentParameters(system=System.SWISS))
    v = compute_values(t, 1)
    assert (v["k"][C.EXT], v["k"][C.EXR]) == (0, 0)  # coef 1 x the 1d's 0 wins
    assert v["d"][C.EXT] == 1  # the 1d gave 9 stones, natural 9: coef 1 x 1 win
    t2 = replace(t, games=(G(1, "d", "k", R.WHITE_WINS, handicap=9),))
    assert compute_values(t2, 1)["k"][C.EXT] == 1  # coef 1 x the 1d's one win


def test_placement_cps_early_wins_weigh_more():
    """placement CPS: cps(r) = 2 cps(r-1) + points(r)."""
    v = compute_values(_four(), 2)
    assert [v[i][C.CPS] for i in "abcd"] == [2, 1, 2, 1]


def test_placement_sosm_minus_defect_and_corrected():
    """placement SOS-1: OpenGotha leaves SOSM-1 at 0 after round 2; corrected keeps the best."""
    assert compute_values(_four(), 2)["c"][C.SOSM_1] == 0
    assert compute_values(_four(sosm_minus_defect=False), 2)["c"][C.SOSM_1] == 31
    assert compute_values(_four(), 2)["c"][C.SOSW_1] == 1  # SOSW-1 is stored correctly
    assert compute_values(_four(), 1)["c"][C.SOSW_1] == 0


def test_placement_sos_minus_drops_lowest_including_substitutes():
    """placement SOS-1/-2: the lowest per-round values are dropped, bye substitutes included."""
    t = _four()
    t = replace(t, rounds=3, games=t.games + (G(3, "b", "d", R.WHITE_WINS),))
    v = compute_values(t, 3)
    # B: vs A (Black, h1) 31-1 = 30, bye 29, vs D 28 1/2 (D: 28 + 1/2 + 0 absent)
    assert v["b"][C.SOSM] == 30 + 29 + F(57, 2)
    assert v["b"][C.SOSM_1] == 30 + 29
    assert v["b"][C.SOSM_2] == 30


def test_placement_unknown_result_no_points_opponent_counts():
    """placement: unknown result gives 0 points, the opponent still counts for SOS."""
    t = replace(_four(), games=(G(1, "a", "b", R.UNKNOWN),), byes=(), absences=(), rounds=1)
    v = compute_values(t, 1)
    assert (v["a"][C.MMS], v["b"][C.MMS]) == (30, 29)
    assert v["a"][C.SOSM] == 29
    assert standings(t, 1)[0].games == ("2?/w0",)


def test_placement_game_strings_and_rows():
    """placement: 12+/w2 notation, forfeit '!', bye 0+, absence 0= (McMahon values)."""
    rows = standings(_four(), 2)
    assert [r.player.id for r in rows] == ["a", "b", "c", "d"]
    assert [r.games for r in rows] == [("2+/w1", "3-!b0"), ("1-/b1", "0+"),
                                        ("4=/w0", "1+!w0"), ("3=/b0", "0=")]
    assert rows[3].opponents == ("c", None)


def test_placement_standings_by_round():
    """placement (all rounds at once): after round 1, a (1d, MMS start 30) beat b (1k, 29)
    giving 1 stone: MMS 31 and 29; c and d (2k, 28) drew: 28½ each, with SOSM 28½ (each
    other's MMS, even game) and SOSOSM 28½, a full tie: place 3 shared, listed by name.
    After round 2 the rows are those of ``standings(t, 2)``."""
    first, second = standings_by_round(_four())
    half = F(57, 2)
    assert [(r.player.id, r.row, r.place, r.shared, r.mms) for r in first] == [
        ("a", 1, 1, False, 31), ("b", 2, 2, False, 29), ("c", 3, 3, True, half),
        ("d", 4, 3, True, half)]
    assert [(r.values[C.SOSM], r.values[C.SOSOSM]) for r in first[2:]] == [(half, half)] * 2
    assert [r.games for r in first] == [("2+/w1",), ("1-/b1",), ("4=/w0",), ("3=/b0",)]
    assert second == standings(_four(), 2)
    assert standings_by_round(_four(), 1) == [first]
    assert standings_by_round(_four(), 0) == []
    with pytest.raises(ValueError):
        standings_by_round(_four(), 3)


def _cycle(**params) -> Tournament:
    """A beat B, B beat C, C beat A, D beat B: all on 1 win."""
    players = tuple(P(x, x.upper(), "", Rank.parse("5k")) for x in "abcd")
    games = (G(1, "a", "b", R.WHITE_WINS), G(2, "b", "c", R.WHITE_WINS),
             G(3, "c", "a", R.WHITE_WINS), G(4, "d", "b", R.WHITE_WINS))
    crit = params.pop("criteria", (C.NBW, C.DC))
    return Tournament("t", "T", 4, players, games,
                      parameters=TournamentParameters(system=System.SWISS, criteria=crit, **params))


def test_placement_dc_cycle_case():
    """placement DC (OpenGotha): the A>B>C>A cycle is one node; D beat B, so D is above the
    whole cycle: DC(D) = 1, DC(A) = DC(B) = DC(C) = 0, places 1 and 2 (shared)."""
    rows = standings(_cycle())
    assert [(r.player.id, r.values[C.DC], r.place, r.shared) for r in rows] == [
        ("d", 1, 1, False), ("a", 0, 2, True), ("b", 0, 2, True), ("c", 0, 2, True)]



def test_placement_dc_cycle_case_by_the_rule_form():
    """placement DC, the rule text's form (standings_by_rule): the same hand-worked values as
    above: the cycle A>B>C>A is one block, below D who beat B: DC(D) = 1, the cycle 0."""
    rows = standings_by_rule(_cycle())
    assert [(r.player.id, r.values[C.DC], r.place, r.shared) for r in rows] == [
        ("d", 1, 1, False), ("a", 0, 2, True), ("b", 0, 2, True), ("c", 0, 2, True)]

def test_placement_dir_cycle_case_rule_text():
    """placement Dir (rule text): nobody beat all the tied players, so Dir = 0 for all."""
    rows = standings(_cycle(dc_variant=DCVariant.DIR))
    assert all(r.values[C.DC] == 0 and r.place == 1 for r in rows)


def test_placement_sdc_needs_every_pair():
    """placement SDC: 0 for everyone when some tied players did not meet."""
    rows = standings(_cycle(criteria=(C.NBW, C.SDC)))
    assert all(r.values[C.SDC] == 0 for r in rows)


def test_placement_sdc_round_robin_and_dc_chain():
    """placement SDC/DC: in a complete group A>B, A>C, B>C gives SDC 2, 1, 0 and DC 2, 1, 0."""
    players = tuple(P(x, x.upper(), "", Rank.parse("5k")) for x in "abc")
    games = (G(1, "a", "b", R.WHITE_WINS), G(2, "c", "a", R.BLACK_WINS),
             G(3, "b", "c", R.WHITE_WINS))
    t = Tournament("t", "T", 3, players, games,
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.SDC,)))
    assert [(r.player.id, r.values[C.SDC]) for r in standings(t)] == [("a", 2), ("b", 1), ("c", 0)]
    t = replace(t, parameters=replace(t.parameters, criteria=(C.DC,)))
    assert [(r.player.id, r.values[C.DC]) for r in standings(t)] == [("a", 2), ("b", 1), ("c", 0)]


def test_placement_dc_ignores_forfeit_and_jigo():
    """placement DC: forfeits and jigo are ignored in the head-to-head matrix."""
    players = tuple(P(x, x.upper(), "", Rank.parse("5k")) for x in "ab")
    t = Tournament("t", "T", 1, players, (G(1, "b", "a", R.WHITE_WINS, forfeit=True),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.DC,)))
    assert [r.values[C.DC] for r in standings(t)] == [0, 0]


def test_placement_full_tie_shares_place_and_orders_by_name():
    """placement: all criteria equal -> shared place, shown by name."""
    players = (P("z", "Zed", "", Rank.parse("5k")), P("y", "Alpha", "", Rank.parse("5k")))
    t = Tournament("t", "T", 1, players, (G(1, "z", "y", R.JIGO),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    rows = standings(t)
    assert [(r.player.id, r.place, r.shared) for r in rows] == [("y", 1, True), ("z", 1, True)]


def test_placement_round_out_of_range():
    with pytest.raises(ValueError):
        standings(_four(), 3)


def test_format_value_glyphs():
    assert format_value(F(7, 2)) == "3½"
    assert format_value(F(1, 4)) == "0¼"
    assert format_value(F(23, 4)) == "5¾"
    assert format_value(F(12)) == "12"
    assert format_value(F(-3, 2)) == "-1½"
    assert format_value(F(-1, 4)) == "-0¼"
    assert format_value(-2) == "-2"
    assert format_value(F(1, 3)) == "1/3"  # not produced by the criteria: plain a/b
    assert format_value(F(-7, 3)) == "-7/3"


def test_check_criteria_problems():
    """placement criteria: more than six is an error; DC with SDC (computed as OpenGotha
    does), mixing families and CPS with others are warnings."""
    assert check_criteria([C.MMS, C.SOSM, C.SOSOSM]) == []

    def levels(crits):
        return sorted(p.level for p in check_criteria(crits))

    assert levels([C.NBW, C.DC, C.SDC]) == ["warning"]
    assert levels([C.MMS, C.SOSW]) == ["warning"]
    assert levels([C.CPS, C.NBW]) == ["warning"]
    assert levels([C.MMS, C.STS]) == ["warning"]
    assert levels([C.MMS, C.SODOSM]) == ["warning"]
    assert "at most 6" in check_criteria([C.NBW, C.SOSW, C.SOSOSW, C.CUSSW, C.EXT, C.EXR,
                                          C.RATING])[0].message


def test_criterion_parse():
    assert C.parse("sosm-1") is C.SOSM_1
    assert C.parse("Rank") is C.RANK
    with pytest.raises(ValueError):
        C.parse("SOSX")
