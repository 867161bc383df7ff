"""The placement engine's two forms agree (placement: every criterion, Dir, DC, SDC).

:func:`standings` and :func:`compute_values` (the fast form the site uses: base scores once per
tournament, then every criterion per round) give, on random small tournaments and after every
round, exactly the values and rows of :func:`standings_by_rule` and :func:`values_by_rule`,
which compute each criterion by its own function as the rule text reads
(sitegen/engine/placement/rules.py), as ``standings_by_rule`` of the league is tied to its
half-point form (test_standings_properties.py).

The tournaments hold byes, declared absences, rounds without games, unknown results, forfeits,
jigo, both-win and both-lose, handicaps, colours unknown, McMahon bars, floors and
corrections, categories, ratings, a player twice in one round (a round-robin entered as one
round: the game listed last is the one for SOS), registered players without any game, and any
criteria list (empty: every criterion NULL) with any parameters.
"""

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from sitegen.engine.placement import (compute_values, standings, standings_by_rule,
                                      values_by_rule)
from sitegen.engine.placement.rules import After, exploit_coefficient, sos_terms, Score
from sitegen.model.common import Rank
from sitegen.model.tournament import (Absence, Bye, Criterion as C, DCVariant, GameResult as R,
                                      System, Tournament, TournamentGame, TournamentParameters,
                                      TournamentPlayer)

RANKS = st.integers(-30, 8).map(Rank)


@st.composite
def players(draw, n):
    return tuple(TournamentPlayer(
        f"p{k}", draw(st.sampled_from(["Abe", "abe", "Zhang", "de Vries", "Öz"])),
        draw(st.sampled_from(["", "Ann", "ann"])), draw(RANKS),
        rating=draw(st.none() | st.integers(-900, 2900)),
        smms_correction=draw(st.integers(-1, 2))) for k in range(n))


@st.composite
def a_round(draw, number, n):
    """The games, bye and absences of one round: some pairs, maybe a second game for some
    players already paired (listed after), a bye (sometimes for a paired player: the game
    wins), absences."""
    order = draw(st.permutations(range(n)))
    pairs = draw(st.integers(0, n // 2))
    game = st.builds(
        lambda res, hcp, forfeit, known: (res, hcp, forfeit, known),
        st.sampled_from(list(R)), st.integers(0, 9), st.booleans(), st.booleans())
    games = []
    for j in range(pairs):
        res, hcp, forfeit, known = draw(game)
        games.append(TournamentGame(number, f"p{order[2 * j]}", f"p{order[2 * j + 1]}", res,
                                    handicap=hcp, forfeit=forfeit, colours_known=known))
    if pairs and draw(st.integers(0, 3)) == 0:  # a player twice in the round
        a, b = draw(st.lists(st.sampled_from(order), min_size=2, max_size=2, unique=True))
        res, hcp, forfeit, known = draw(game)
        games.append(TournamentGame(number, f"p{a}", f"p{b}", res, handicap=hcp,
                                    forfeit=forfeit, colours_known=known, table=99))
    byes = [Bye(number, f"p{draw(st.sampled_from(order))}")] if draw(st.booleans()) else []
    absences = [Absence(number, f"p{x}") for x in order if draw(st.integers(0, 3)) == 0]
    return games, byes, absences


@st.composite
def tournaments(draw, sizes=st.integers(2, 7), lengths=st.integers(1, 5)):
    n = draw(sizes)
    rounds = draw(lengths)
    games, byes, absences = [], [], []
    for number in range(1, rounds + 1):
        if draw(st.integers(0, 4)) == 0:
            continue  # a round without any game
        g, b, a = draw(a_round(number, n))
        games += g
        byes += b
        absences += a
    values = st.sampled_from([Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1)])
    params = TournamentParameters(
        system=draw(st.sampled_from(list(System))),
        bar=draw(RANKS), floor=draw(st.integers(-30, 0).map(Rank)),
        nbw_bye=draw(values), nbw_absent=draw(values), mms_bye=draw(values),
        mms_absent=draw(values), round_down=draw(st.booleans()),
        count_unplayed_as_half=draw(st.booleans()), sosm_minus_defect=draw(st.booleans()),
        dc_variant=draw(st.sampled_from(list(DCVariant))),
        criteria=tuple(draw(st.lists(st.sampled_from(list(C)), max_size=6, unique=True))),
        category_limits=tuple(sorted(draw(st.lists(RANKS, max_size=2, unique=True)),
                                     key=lambda r: -r.value)))
    return Tournament("t", "T", rounds, draw(players(n)), tuple(games), tuple(byes),
                      tuple(absences), params)


@st.composite
def direct_confrontations(draw):
    """Few players, many rounds, mostly plain results, criteria with DC or SDC (or both, or
    one twice): big tied groups with cycles of wins, and players who beat the same opponent
    twice."""
    t = draw(tournaments(st.integers(2, 5), st.integers(2, 7)))
    plain = st.sampled_from([R.WHITE_WINS, R.BLACK_WINS, R.WHITE_WINS, R.BLACK_WINS, R.JIGO])
    games = tuple(replace(g, result=draw(plain), forfeit=draw(st.integers(0, 5)) == 0)
                  for g in t.games)
    direct = draw(st.sampled_from([C.DC, C.SDC]))
    before = draw(st.lists(st.sampled_from([C.NBW, C.MMS, C.CAT, C.SOSW]), max_size=2,
                           unique=True))
    # after it: DC and SDC together and repeated criteria too (OpenGotha opens such files)
    after = draw(st.lists(st.sampled_from([C.RANK, C.SOSM, C.RATING, C.EXT, C.DC, C.SDC,
                                           C.NBW]), max_size=3))
    return replace(t, games=games, parameters=replace(
        t.parameters, criteria=(*before, direct, *after)))


@settings(max_examples=250, deadline=None)
@given(tournaments())
def test_every_criterion_by_rule_equals_the_fast_form(t):
    """Every criterion of every registered player after every round: values_by_rule ==
    compute_values (DC and SDC 0 in both: they belong to the standings)."""
    for r in range(1, t.rounds + 1):
        assert values_by_rule(t, r) == compute_values(t, r), r


@settings(max_examples=250, deadline=None)
@given(tournaments(), st.booleans())
def test_standings_by_rule_equal_the_fast_form(t, everyone):
    """The rows after every round (order, places, values, DC, SDC, game strings, NBW, MMS):
    standings_by_rule == standings."""
    for r in range(1, t.rounds + 1):
        assert standings_by_rule(t, r, everyone) == standings(t, r, everyone), r


@settings(max_examples=250, deadline=None)
@given(direct_confrontations(), st.booleans())
def test_direct_confrontation_by_rule_equals_the_fast_form(t, everyone):
    """DC (OpenGotha's and Dir) and SDC of tied groups with cycles: both forms agree."""
    for r in range(1, t.rounds + 1):
        assert standings_by_rule(t, r, everyone) == standings(t, r, everyone), r


def test_the_rule_form_by_hand():
    """A 9k (rank -9) receives 9 stones from a 1d (rank 0) as Black, and wins: for the 9k the
    actual handicap is -9 (received) and the natural one -9 (placement ExT: AH = NH, coef 1);
    for the 1d AH = 9 (given) and NH = 0 - (-9) = 9: coef 1 too. SOSM after round 1:
    the 9k's opponent has 30 + min(0, 3) = 30 MMS, minus 9 stones received: 21."""
    t = Tournament("t", "T", 1, (TournamentPlayer("k", "K", "", Rank(-9)),
                                 TournamentPlayer("d", "D", "", Rank(0))),
                   (TournamentGame(1, "d", "k", R.BLACK_WINS, handicap=9),))
    at = After(t, 1)
    assert exploit_coefficient(at, t.games[0], "k") == 1
    assert exploit_coefficient(at, t.games[0], "d") == 1
    assert sos_terms(at, "k", Score.MMS) == [21]
    assert values_by_rule(t, 1)["k"][C.EXR] == 0  # the 1d's NBW after round 1 is 0
