"""Published values of the placement engine that the mutation test over every placement
mutant (issue 29, docs/testing.md "Placement, every mutant") found unchecked, each worked by
hand from the placement rule text (../shared/rules/003_fac0675ce42e5780.txt) and OpenGotha's
definitions (../shared/reference/opengotha.md section 1), the criterion in the test's name."""

import pytest

from sitegen.engine.placement import (compute_values, standings, standings_by_round,
                                      standings_by_rule, values_by_rule)
from sitegen.model.common import Rank
from sitegen.model.tournament import (Criterion as C, GameResult as R, System,
                                      Tournament, TournamentGame as G, TournamentParameters,
                                      TournamentPlayer as P)


def _p(pid: str, rank: str = "5k") -> P:
    return P(pid, pid.upper(), "", Rank.parse(rank))


def test_standings_by_round_leaves_out_a_player_without_game_or_bye_by_default():
    """placement standings, every round at once: as ``standings``, a registered player with
    neither a game nor a bye (e) is not in the table unless asked for; a beat b in round 1."""
    t = Tournament("t", "T", 1, (_p("a"), _p("b"), _p("e")), (G(1, "a", "b", R.WHITE_WINS),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    assert [[r.player_id for r in rows] for rows in standings_by_round(t)] == [["a", "b"]]
    assert [r.player_id for r in standings_by_round(t, include_not_implied=True)[0]] == [
        "a", "b", "e"]


def test_standings_by_rule_leaves_out_a_player_without_game_or_bye_by_default():
    """placement standings, the rule form (``rules_standings.standings_by_rule``, which the
    property tests compare with the published table): as ``standings``, a registered player
    with neither a game nor a bye (e) is not in the table unless asked for; a beat b in round
    1, so a 1 win, place 1, b 0, place 2, e 0, place 2 when shown (the players above: a)."""
    t = Tournament("t", "T", 1, (_p("a"), _p("b"), _p("e")), (G(1, "a", "b", R.WHITE_WINS),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    assert [(r.player_id, r.place) for r in standings_by_rule(t)] == [("a", 1), ("b", 2)]
    assert [(r.player_id, r.place) for r in standings_by_rule(t, include_not_implied=True)] == [
        ("a", 1), ("b", 2), ("e", 2)]
    assert standings_by_rule(t) == standings(t)


def test_a_round_outside_the_tournament_is_refused_with_its_number_and_range():
    """placement "after round r": a two-round tournament has standings after rounds 1 and 2
    only; each form names the round asked for and the rounds there are."""
    t = Tournament("t", "T", 2, (_p("a"), _p("b")), (G(1, "a", "b", R.WHITE_WINS),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    for compute in (standings, standings_by_rule, compute_values, values_by_rule):
        with pytest.raises(ValueError, match=r"^round 3 is outside 1\.\.2$"):
            compute(t, 3)
        with pytest.raises(ValueError, match=r"^round 0 is outside 1\.\.2$"):
            compute(t, 0)


def test_criteria_coherence_errors_and_warnings_word_for_word():
    """placement: criteria, OpenGotha's ``checkCriteriaCoherence`` (reference 1.1): every problem
    of a criteria list with its level and words, as `sitegen check` prints them (the coherence
    survivors of the every-placement-mutant run: the level, ``>`` for ``>=``, DC *and* SDC, the
    families' lists joined by ", ", SODOSM's words)."""
    from sitegen.engine.placement.coherence import check_criteria

    def said(*criteria):
        return [(p.level, p.message) for p in check_criteria(criteria)]

    # Six criteria are allowed (OpenGotha keeps six); seven are an error.
    assert said(C.MMS, C.SOSM, C.SOSOSM, C.CUSSM, C.RANK, C.RATING) == []
    assert said(C.MMS, C.SOSM, C.SOSOSM, C.CUSSM, C.RANK, C.RATING, C.SOSM_1) == [
        ("error", "7 placement criteria given; at most 6 are allowed")]
    # DC alone and SDC alone are no problem; both together are one warning.
    assert said(C.NBW, C.DC, C.SOSW) == [] and said(C.NBW, C.SDC, C.SOSW) == []
    assert [level for level, _ in said(C.NBW, C.DC, C.SDC)] == ["warning"]
    assert said(C.NBW, C.DC, C.SDC)[0][1].startswith("DC and SDC both appear")
    # McMahon and Swiss mixed: each family's criteria in their listed order, ", " between.
    assert said(C.MMS, C.NBW, C.SOSM, C.SOSW) == [
        ("warning", "McMahon criteria (MMS, SOSM) are mixed with Swiss criteria (NBW, SOSW)")]
    assert said(C.MMS, C.SODOSM) == [("warning", "SODOSM is not recommended (OpenGotha)")]


def test_sts_after_each_round_of_one_pass_gets_each_bonus_from_its_round_on():
    """placement STS (opengotha.md 1.2: "a bonus of 2 points from the quarter-final on, and
    another 2 from the semi-final on"), every round at once (``standings_by_round``, the site's
    round tables): four players at the bar (4d; SMMS 33), four rounds, so the quarter-final is
    round 2 (MMS 30 + 3 + 4 - 2 = 35 needed) and the semi-final round 3 (36). Ann wins rounds 1-3:
    MMS 34, 35, 36, 36, STS 34, 37, 40, 40: no bonus after round 1, though the one pass knows
    she reaches both; Cy (lost round 2) none at all."""
    players = tuple(_p(pid, "5d" if pid == "ann" else "4d") for pid in ("ann", "bob", "cy", "dee"))
    games = (G(1, "ann", "bob", R.WHITE_WINS), G(1, "cy", "dee", R.WHITE_WINS),
             G(2, "ann", "cy", R.WHITE_WINS), G(2, "bob", "dee", R.WHITE_WINS),
             G(3, "ann", "dee", R.WHITE_WINS), G(3, "bob", "cy", R.BLACK_WINS),
             G(4, "ann", "cy", R.BLACK_WINS), G(4, "bob", "dee", R.WHITE_WINS))
    t = Tournament("t", "T", 4, players, games,
                   parameters=TournamentParameters(criteria=(C.STS, C.MMS)))
    by_round = standings_by_round(t)
    sts = [{r.player_id: (r.values[C.STS], r.values[C.MMS]) for r in rows} for rows in by_round]
    assert [s["ann"] for s in sts] == [(34, 34), (37, 35), (40, 36), (40, 36)]
    assert [s["cy"] for s in sts] == [(34, 34), (34, 34), (35, 35), (36, 36)]
    for r in (1, 2, 3, 4):
        assert {row.player_id: row.values[C.STS] for row in standings(t, r)} == {
            pid: v[0] for pid, v in sts[r - 1].items()}


def test_java_order_compares_utf16_code_units_even_a_lone_surrogate():
    """placement: order of names (reference 1.3, Java ``String.compareTo``): by UTF-16 code
    unit. U+1F600 is the pair D83D DE00, so it sorts before U+FFFD (code unit FFFD), the
    reverse of code-point order; a lone surrogate (a Java string may hold one; sitegen's
    validation refuses it in names) is its one code unit, D800, not an encoding error."""
    from sitegen.engine.placement.rows import java_order

    assert java_order("\U0001F600") == b"\xd8\x3d\xde\x00"
    assert sorted(["\ufffd", "\U0001F600"], key=java_order) == ["\U0001F600", "\ufffd"]
    assert java_order("a\ud800") == b"\x00a\xd8\x00"
    assert java_order("Z") < java_order("de")


@pytest.mark.parametrize(("criteria", "expected"), [((C.MMS, C.SOSM), "0="), ((C.NBW, C.SOSW), "0+")])
def test_a_bye_is_written_with_the_first_criterions_family_value(criteria, expected):
    """placement: game strings (reference 1.3): a round without a game is ``0+``, ``0=`` or
    ``0-`` from the bye value of the tournament's type: the McMahon bye value when MMS is the
    first criterion, else the number-of-wins one. Here the McMahon bye is worth ½ (``0=``)
    and the NBW bye 1 (``0+``)."""
    from fractions import Fraction

    from sitegen.engine.placement.rows import Participation, no_game_string

    t = Tournament("t", "T", 1, (_p("a"), _p("b")), (),
                   parameters=TournamentParameters(system=System.MCMAHON, criteria=criteria,
                                                   nbw_bye=Fraction(1), mms_bye=Fraction(1, 2)))
    assert no_game_string(t, Participation.BYE) == expected
    assert no_game_string(t, Participation.NOT_ASSIGNED) == "0-"


def test_mms_starts_at_the_rank_between_floor_and_bar_plus_30_plus_the_correction():
    """placement MMS (reference 1.2, SMMS: "clamp(rank - zero, floor - zero, bar - zero) +
    smmsCorrection", zero 30k; floor 20k, bar 4d): a 5d +1 starts at the bar, 3 + 30 + 1 = 34;
    b 25k -1 at the floor, -20 + 30 - 1 = 9; c 2k +2 at -2 + 30 + 2 = 30; d 1d at 30. Round 1:
    b beats a, c beats d: MMS a 34, b 10, c 31, d 30; SOSM (the opponent's MMS, no handicap):
    a 10, b 34, c 30, d 31."""
    players = (P("a", "A", "", Rank.parse("5d"), smms_correction=1),
               P("b", "B", "", Rank.parse("25k"), smms_correction=-1),
               P("c", "C", "", Rank.parse("2k"), smms_correction=2),
               P("d", "D", "", Rank.parse("1d")))
    t = Tournament("t", "T", 1, players,
                   (G(1, "a", "b", R.BLACK_WINS), G(1, "c", "d", R.WHITE_WINS)),
                   parameters=TournamentParameters(criteria=(C.MMS, C.SOSM)))
    expected = [("a", 34, 10), ("c", 31, 30), ("d", 30, 31), ("b", 10, 34)]
    for compute in (standings, standings_by_rule):
        assert [(r.player_id, r.values[C.MMS], r.values[C.SOSM]) for r in compute(t, 1)] == expected
