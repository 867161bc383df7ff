"""Invariants of the placement engine over random tournaments (placement: NBW, SOS)."""

import pickle
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from sitegen.engine.placement import RoundByRound, compute_values, standings, standings_by_round
from sitegen.model.tournament import (Absence, Bye, Criterion as C, DCVariant, GameResult as R, System, Tournament, TournamentGame, TournamentParameters, TournamentPlayer)
from sitegen.model.common import Rank

RESULTS = [R.WHITE_WINS, R.BLACK_WINS, R.JIGO, R.UNKNOWN]


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 4))
    players = tuple(TournamentPlayer(f"p{i}", f"P{i}", "", Rank(draw(st.integers(-25, 5))))
                    for i in range(n))
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(range(n)))
        k = draw(st.integers(0, n // 2))
        for j in range(k):
            a, b = order[2 * j], order[2 * j + 1]
            games.append(TournamentGame(r, f"p{a}", f"p{b}", draw(st.sampled_from(RESULTS)),
                                        handicap=draw(st.integers(0, 9)),
                                        forfeit=draw(st.booleans())))
        rest = order[2 * k:]
        if rest and draw(st.booleans()):
            byes.append(Bye(r, f"p{rest[0]}"))
            rest = rest[1:]
        for x in rest:
            if draw(st.booleans()):
                absences.append(Absence(r, f"p{x}"))
    system = draw(st.sampled_from([System.SWISS, System.MCMAHON]))
    crits = (C.NBW, C.SOSW, C.DC) if system is System.SWISS else (C.MMS, C.SOSM, C.SOSOSM)
    return Tournament("t", "T", rounds, players, tuple(games), tuple(byes), tuple(absences),
                      TournamentParameters(system=system, criteria=crits))


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_nbw_sum_equals_decided_games_plus_byes(t):
    """placement NBW: the sum of NBW is the number of decided games plus bye points."""
    v = compute_values(t, t.rounds)
    decided = sum(1 for g in t.games if g.result is not R.UNKNOWN)
    assert sum(v[p.id][C.NBW] for p in t.players) == decided + len(t.byes)


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_sosw_sum_is_symmetric(t):
    """placement SOS: sum of SOSW = sum over players of NBW x number of games played."""
    v = compute_values(t, t.rounds)
    games = {p.id: sum(1 for g in t.games if p.id in (g.white, g.black)) for p in t.players}
    assert sum(v[p.id][C.SOSW] for p in t.players) == sum(
        v[p.id][C.NBW] * games[p.id] for p in t.players)


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_standings_places_consistent(t):
    """placement: rows are sorted by the criteria; equal values share the place."""
    rows = standings(t, include_not_implied=True)
    assert sorted(r.row for r in rows) == list(range(1, len(rows) + 1))
    crits = t.parameters.criteria
    for a, b in zip(rows, rows[1:]):
        ka = tuple(a.values[c] for c in crits)
        kb = tuple(b.values[c] for c in crits)
        assert ka >= kb
        assert (a.place == b.place) == (ka == kb)
        assert isinstance(a.values[crits[0]], Fraction)


@st.composite
def parameters(draw, t):
    """Random placement parameters for ``t``: any criteria, bye/absence values, rounding."""
    values = st.sampled_from([Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1)])
    return replace(t.parameters, criteria=tuple(draw(st.lists(st.sampled_from(list(C)), min_size=1,
                                                             max_size=6, unique=True))),
                   nbw_bye=draw(values), nbw_absent=draw(values), mms_bye=draw(values),
                   mms_absent=draw(values), round_down=draw(st.booleans()),
                   count_unplayed_as_half=draw(st.booleans()),
                   sosm_minus_defect=draw(st.booleans()),
                   dc_variant=draw(st.sampled_from(list(DCVariant))))


@settings(max_examples=80, deadline=None)
@given(st.data(), tournaments(), st.booleans())
def test_standings_by_round_equals_each_round(data, t, everyone):
    """placement: the standings after every round, computed in one pass, are those of
    ``standings`` after that round (any criteria and parameters)."""
    t = replace(t, parameters=data.draw(parameters(t)))
    by_round = standings_by_round(t, include_not_implied=everyone)
    assert len(by_round) == t.rounds
    for r, rows in enumerate(by_round, start=1):
        assert rows == standings(t, r, include_not_implied=everyone)
        assert all(isinstance(x, Fraction) for row in rows for x in row.values.values())


@settings(max_examples=80, deadline=None)
@given(st.data(), tournaments(), st.booleans())
def test_round_by_round_equals_standings_after_each_round(data, t, everyone):
    """placement: the standings after any round from the base scores computed once
    (RoundByRound, the form the site's pages use) are those computed from scratch by
    ``standings`` after that round, whichever rounds are asked for and in whatever order
    (any criteria and parameters); unpickled, it is the same."""
    t = replace(t, parameters=data.draw(parameters(t)))
    asked = data.draw(st.lists(st.integers(1, t.rounds), min_size=1, max_size=2 * t.rounds))
    rounds = RoundByRound(t, include_not_implied=everyone)
    for r in asked:
        assert rounds.after(r) == standings(t, r, include_not_implied=everyone)
    again = pickle.loads(pickle.dumps(rounds))
    assert again.after(asked[0]) == standings(t, asked[0], include_not_implied=everyone)


def test_round_by_round_refuses_a_round_outside_the_tournament():
    """A round outside 1..rounds is refused, as by ``standings``."""
    t = Tournament("t", "T", 2, (TournamentPlayer("a", "A", "", Rank(-5)),), (), (), (),
                   TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    for r in (0, 3):
        with pytest.raises(ValueError, match=rf"^round {r} is outside 1\.\.2$"):
            RoundByRound(t).after(r)
