"""Swiss pairing, worked by hand from ../shared/rules/002_26d12e6ad94aa01f.txt, "The Pairings"
("swiss: pairings", "swiss: pairing criteria")."""

import random
from fractions import Fraction as F

import pytest

from sitegen.engine.pairing import (NoLegalPairing, PlayerState, explain,
                                    format_explanation, pair_players, pair_round,
                                    player_states)
from sitegen.model.swiss import Entry, Match, MatchResult, Round, SwissTournament

R = MatchResult.parse


def tournament(players, rounds, entries=None):
    return SwissTournament("t", "t", entries or tuple(Entry(p) for p in players), tuple(rounds))


def state(p, score, league=0, down=0, paired=0, opponents=(), had_bye=False):
    return PlayerState(p, F(score), F(league), down, paired, frozenset(opponents), had_bye)


def pairset(pairing):
    return {frozenset(p) for p in pairing.pairs}


def test_swiss_pairings_greedy_corner_case():
    """After A-B, C-D and A-C, B-D (all 1-1: equal scores) the only legal round is A-D, B-C."""
    t = tournament("ABCD", [
        Round(1, (Match("A", "B", R("1-1")), Match("C", "D", R("1-1")))),
        Round(2, (Match("A", "C", R("1-1")), Match("B", "D", R("1-1"))))])
    for seed in range(5):
        assert pairset(pair_round(t, 3, seed)) == {frozenset("AD"), frozenset("BC")}


def test_swiss_pairings_greedy_corner_case_with_winners():
    """Same history with A 2, B 1, C 1, D 0 (B beat D): a greedy top-down pass pairs A with
    its closest legal opponent... the only legal round is still A-D, B-C, and it is found."""
    t = tournament("ABCD", [
        Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("2-0")))),
        Round(2, (Match("A", "C", R("2-1")), Match("B", "D", R("2-0"))))])
    assert pairset(pair_round(t, 3, 7)) == {frozenset("AD"), frozenset("BC")}


def test_swiss_pairings_odd_field_lowest_player_already_had_bye():
    """A 2, B 1, C 1, D 0, E 0 (E lowest by league score, already had a bye): the bye goes
    to D, the lowest player without one. Then (costs: score difference squared, league
    difference squared, in points): A-B + C-E = score 1+1, league 1+1; A-C + B-E = score
    1+1, league 1+9; A-E + B-C = score 4+0. So A-B, C-E."""
    states = {s.player: s for s in [
        state("A", 2, league=2), state("B", 1, league=3), state("C", 1, league=1),
        state("D", 0, league=1), state("E", 0, league=0, had_bye=True)]}
    pairing = pair_players(states, 3, seed=3)
    assert pairing.bye == "D"
    assert pairset(pairing) == {frozenset("AB"), frozenset("CE")}


def test_swiss_pairings_bye_skips_player_whose_bye_leaves_no_legal_round():
    """D (0 points, league 0) is lowest and has no bye, but without D the rest cannot be
    paired: A, B, E have all met each other, so one of them would need a rematch. The bye
    goes to the next lowest, E (0 points, league 1); then A-C and B-D (score cost 1 + 1)
    beat A-D and B-C (4 + 0)."""
    states = {s.player: s for s in [
        state("A", 2, league=3, opponents="BE"), state("B", 1, league=2, opponents="AE"),
        state("C", 1, league=2), state("D", 0, league=0), state("E", 0, league=1, opponents="AB")]}
    pairing = pair_players(states, 3, seed=1)
    assert pairing.bye == "E"
    assert pairset(pairing) == {frozenset("AC"), frozenset("BD")}
    text = format_explanation(pairing)
    assert "E: bye" in text and "a bye for D would leave no legal pairing" in text


def test_swiss_pairings_late_entry():
    """F enters at round 2. Round 1 pairs A, B, C, D only. In round 2, A 1, C 1, B 0, D 0,
    F 0 (lowest: league 0 below B's 1 and D's 2) -> bye F, A-C, B-D."""
    entries = (Entry("A"), Entry("B"), Entry("C"), Entry("D"), Entry("F", first_round=2))
    league = {"A": F(3), "C": F(2), "B": F(1), "D": F(2), "F": F(0)}
    t0 = tournament("", [], entries)
    r1 = pair_round(t0, 1, seed=1, league_scores=league)
    assert "F" not in {p for pair in r1.pairs for p in pair} and r1.bye is None
    t = tournament("", [Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("2-1"))))],
                   entries)
    r2 = pair_round(t, 2, seed=1, league_scores=league)
    assert r2.bye == "F"
    assert pairset(r2) == {frozenset("AC"), frozenset("BD")}


def test_swiss_pairings_no_show_forfeit_and_drop():
    """Round 2: C does not show up (A wins +-, C dropped), B-D 1-1. Round 3 has A 2, B 1/2,
    D 1/2 present: bye to the lowest, B (league 0 below D's 1), and A-D."""
    t = tournament("ABCD", [
        Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("2-0")))),
        Round(2, (Match("A", "C", R("+-")), Match("B", "D", R("1-1"))), dropped=("C",))])
    pairing = pair_round(t, 3, seed=5, league_scores={"D": F(1)})
    assert pairing.bye == "B"
    assert pairing.pairs == (("A", "D"),)


def test_swiss_pairings_forfeit_is_not_a_game_played():
    """Decision (docs/swiss-league.md): a forfeited match does not forbid a later pairing."""
    t = tournament("AB", [Round(1, (Match("A", "B", R("+-")),))])
    assert pair_round(t, 2, seed=1).pairs == (("A", "B"),)
    assert player_states(t, 2, forfeits_count_as_played=True)["A"].opponents == {"B"}


def test_swiss_pairing_criteria_score_strictly_before_league():
    """A 1 (league 0), B 1 (league 15), C 0 (league 0), D 0 (league 15): A-B, C-D costs league
    2 * 30^2 in half points but no score difference; A-C, B-D is the league-perfect choice
    with two floats. Criterion 1 wins outright."""
    states = {s.player: s for s in [state("A", 1, 0), state("B", 1, 15),
                                    state("C", 0, 0), state("D", 0, 15)]}
    assert pairset(pair_players(states, 2, 1)) == {frozenset("AB"), frozenset("CD")}


def test_swiss_pairing_criteria_league_before_downfloats():
    """All on 1 point. A (league 5), B (league 4), C (league 1), D (league 0): close league
    scores pair A-B, C-D even though A and C have downfloated in every round before."""
    states = {s.player: s for s in [state("A", 1, 5, down=2, paired=2), state("B", 1, 4),
                                    state("C", 1, 1, down=2, paired=2), state("D", 1, 0)]}
    assert pairset(pair_players(states, 3, 1)) == {frozenset("AB"), frozenset("CD")}


def test_swiss_pairing_criteria_downfloat_goes_to_least_downfloated():
    """A, B, C on 1 point, D on 0, all league 0. One of A, B, C floats down to D; A and C
    have downfloated 1 of 1 round, B 0 of 1: B meets D, A meets C, whatever the seed."""
    states = {s.player: s for s in [state("A", 1, down=1, paired=1), state("B", 1, paired=1),
                                    state("C", 1, down=1, paired=1), state("D", 0, paired=1)]}
    for seed in range(10):
        assert pairset(pair_players(states, 2, seed)) == {frozenset("AC"), frozenset("BD")}


def test_swiss_pairings_no_legal_pairing_lists_rematches():
    """Four players who met all three others: any round needs two rematches; no silent
    rematch, the exception names them."""
    t = tournament("ABCD", [
        Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("2-0")))),
        Round(2, (Match("A", "C", R("2-0")), Match("B", "D", R("2-0")))),
        Round(3, (Match("A", "D", R("2-0")), Match("B", "C", R("2-0")))),
    ])
    with pytest.raises(NoLegalPairing, match="no legal pairing for round 4") as err:
        pair_round(t, 4, seed=1)
    assert err.value.options
    assert all(len(o.rematches) == 2 for o in err.value.options)
    assert "rematch" in str(err.value)


def test_swiss_pairings_no_legal_pairing_second_bye():
    """Three players, each already had a bye and met both others: a fourth round needs one
    rematch and one second bye."""
    states = {p: state(p, 1, opponents=set("ABC") - {p}, had_bye=True, paired=2) for p in "ABC"}
    with pytest.raises(NoLegalPairing) as err:
        pair_players(states, 4, seed=1)
    best = err.value.options[0]
    assert len(best.rematches) == 1 and len(best.repeated_byes) == 1
    assert "second bye" in str(err.value)


def test_swiss_pairings_seed_is_reproducible_and_recorded():
    t, league = _random_tournament(30, 3, seed=11)
    a = pair_round(t, 4, seed=123, league_scores=league)
    b = pair_round(t, 4, seed=123, league_scores=league)
    assert a.seed == 123 and a.pairs == b.pairs and a.bye == b.bye


def test_swiss_pairings_seed_changes_ties():
    """Eight newcomers, all equal: different seeds give different first rounds."""
    t = tournament("ABCDEFGH", [])
    assert len({pair_round(t, 1, seed).pairs for seed in range(10)}) > 1


def test_swiss_pairings_explain_mentions_floats_and_alternatives():
    states = {s.player: s for s in [state("A", 1, down=1, paired=1), state("B", 1, paired=1),
                                    state("C", 1, down=1, paired=1), state("D", 0, paired=1),
                                    state("E", 0, paired=1)]}
    pairing = pair_players(states, 2, 1)
    text = format_explanation(pairing)
    assert "downfloated" in text and "alternative" in text and "bye" in text
    items = explain(pairing)
    assert len(items) == 3


# --------------------------------------------------------------------- sparse = complete


RESULTS = [R(t) for t in ("2-0", "2-1", "1-0", "1-1", "0-1", "1-2", "0-2")]


def _random_tournament(n, rounds, seed, league_levels=31, late=False):
    rng = random.Random(seed)
    ids = [f"p{i:02d}" for i in range(n)]
    entries = tuple(Entry(p, first_round=rng.choice([1, 1, 1, 2, 3]) if late else 1,
                          last_round=rng.choice([None, None, None, 3, 4]) if late else None)
                    for p in ids)
    league = {p: F(rng.randrange(league_levels), 2) for p in ids}
    t = SwissTournament("t", "t", entries)
    for r in range(1, rounds + 1):
        p = pair_round(t, r, seed=rng.randrange(10**6), league_scores=league)
        matches = tuple(Match(a, b, rng.choice(RESULTS)) for a, b in p.pairs)
        t = SwissTournament("t", "t", entries, t.rounds + (Round(r, matches, p.bye),))
    return t, league


@pytest.mark.parametrize("seed", range(12))
def test_swiss_pairings_sparse_graph_same_optimum_as_complete(seed):
    """The proven sparse graph reaches the complete graph's optimal cost vector."""
    n = 12 + 7 * seed
    league_levels = [1, 3, 31][seed % 3]  # all equal, few classes, spread
    t, league = _random_tournament(n, 3, seed, league_levels, late=seed % 2 == 1)
    sparse = pair_round(t, 4, seed, league)
    full = pair_round(t, 4, seed, league, sparse=False)
    assert sparse.cost == full.cost
    assert not sparse.used_fallback
