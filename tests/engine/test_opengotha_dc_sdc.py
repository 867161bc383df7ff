"""Criteria lists OpenGotha opens though its coherence check warns of them (issue 28, "A file
OpenGotha opens as a tournament imports"): a criterion listed twice, and DC with SDC. Each
worked by hand from OpenGotha's sources (lucvannier/opengotha, V3.51.02,
``Tournament.orderedScoredPlayersList``, ``fillDirScoringInfo``, ``defineDirForExAequoGroup``,
``ScoredPlayerComparator``). At the end, DC and SDC values the placement mutation test found
unchecked (issue 29): a pair that met three times, cycles of wins."""

from sitegen.engine.placement import check_criteria, standings
from sitegen.engine.placement.rules_standings import standings_by_rule
from sitegen.formats.h9 import write_h9
from sitegen.model.common import Rank
from sitegen.model.tournament import (Bye, Criterion as C, GameResult as R, System, Tournament,
                                      TournamentGame as G, TournamentParameters,
                                      TournamentPlayer as P)


def _round_robin(criteria: tuple[C, ...]) -> Tournament:
    """Four 1k players, every pair plays once: a beats b and c, b beats c and d, c beats d,
    d beats a. Wins: a 2, b 2, c 1, d 1."""
    players = tuple(P(x, x.upper(), "", Rank.parse("1k")) for x in "abcd")
    games = (G(1, "a", "b", R.WHITE_WINS), G(1, "c", "d", R.WHITE_WINS),
             G(2, "a", "c", R.WHITE_WINS), G(2, "b", "d", R.WHITE_WINS),
             G(3, "b", "c", R.WHITE_WINS), G(3, "d", "a", R.WHITE_WINS))
    return Tournament("t", "T", 3, players, games,
                      parameters=TournamentParameters(system=System.SWISS, criteria=criteria))


def _table(t: Tournament) -> list[tuple]:
    rows = standings(t)
    assert rows == standings_by_rule(t)  # the rule form computes it the same way
    return [(r.player_id, r.place, *(int(r.values[c]) for c in t.parameters.criteria))
            for r in rows]


def test_dc_with_sdc_after_it_orders_dc_by_the_sdc_just_found():
    """[DC, SDC]: no criterion before DC, so the group is all four. Every pair has a balance:
    SDC a 2, b 2, c 1, d 1. DC's secondary criteria are those after DC: SDC, already set for
    the group (defineDirForExAequoGroup computes SDC first), so sc = 4 - players above by SDC:
    a 4, b 4, c 2, d 2. The wins make one cycle (a>b>d>a, a>c>d), one block: the lowest sc
    first, c and d share rank 3, a and b rank 1; DC = 3 - rank: a 2, b 2, c 0, d 0.
    With DC alone (no secondary criterion) everyone has DC 0."""
    assert _table(_round_robin((C.DC, C.SDC))) == [
        ("a", 1, 2, 2), ("b", 1, 2, 2), ("c", 3, 0, 1), ("d", 3, 0, 1)]
    assert _table(_round_robin((C.DC,))) == [("a", 1, 0), ("b", 1, 0), ("c", 1, 0), ("d", 1, 0)]


def test_sdc_before_dc_leaves_dc_without_secondary_criteria():
    """[SDC, DC]: the group is the same (the criteria before the first of them, none), SDC as
    above; DC has no criterion after it, so sc is 4 for all and DC is 0 for all: the places
    come from SDC."""
    assert _table(_round_robin((C.SDC, C.DC))) == [
        ("a", 1, 2, 0), ("b", 1, 2, 0), ("c", 3, 1, 0), ("d", 3, 1, 0)]


def test_criteria_between_sdc_and_dc_do_not_order_dc():
    """[SDC, RANK, DC]: a 1k and b 2k, each with a bye, no game. The group (tied before SDC) is
    both; they did not play, so SDC is 0. DC's secondary criteria are those after DC (none),
    not RANK: both have sc 2, both rank 1, DC 0 (RANK as secondary would give a 1, b 0).
    Places by RANK: a 1, b 2."""
    players = (P("a", "A", "", Rank.parse("1k")), P("b", "B", "", Rank.parse("2k")))
    t = Tournament("t", "T", 1, players, (), (Bye(1, "a"), Bye(1, "b")),
                   parameters=TournamentParameters(system=System.SWISS,
                                                   criteria=(C.SDC, C.RANK, C.DC)))
    assert _table(t) == [("a", 1, 0, -1, 0), ("b", 2, 0, -2, 0)]


def test_dc_twice_and_sdc_twice_count_once():
    """[DC, SDC, DC] and [SDC, NBW, DC, SDC]: a repeated DC is 0 while DC is found (OpenGotha
    sets it after ordering the group) and a repeated SDC holds the same value, so both give
    the values of [DC, SDC] above; NBW (a 2, b 2, c 1, d 1) splits nothing more."""
    assert _table(_round_robin((C.DC, C.SDC, C.DC))) == [
        ("a", 1, 2, 2, 2), ("b", 1, 2, 2, 2), ("c", 3, 0, 1, 0), ("d", 3, 0, 1, 0)]
    assert _table(_round_robin((C.SDC, C.NBW, C.DC, C.SDC))) == [
        ("a", 1, 2, 2, 2, 2), ("b", 1, 2, 2, 2, 2), ("c", 3, 1, 1, 0, 1), ("d", 3, 1, 1, 0, 1)]


def test_a_repeated_criterion_is_a_second_column_of_the_same_values():
    """[NBW, RATING, NBW] (ratings 0): ScoredPlayerComparator compares NBW again, equal by then:
    the order and places of [NBW, RATING]; the h9 file has the NBW column twice
    (ExternalDocument.generateH9File writes one 5-wide column per criterion)."""
    t = _round_robin((C.NBW, C.RATING, C.NBW))
    assert _table(t) == [("a", 1, 2, 0, 2), ("b", 1, 2, 0, 2), ("c", 3, 1, 0, 1),
                         ("d", 3, 1, 0, 1)]
    lines = write_h9(t).decode("iso8859_15").splitlines()
    assert lines[6] == "; Pl Name                            Rk Co Club  NBWRatin  NBW"
    assert lines[7].startswith("   1 A                               1K XX xxxx    2    0    2 ")


def test_repeated_criteria_and_dc_with_sdc_are_warnings():
    """Both are warnings now (OpenGotha computes them), each named once; more than six
    criteria is still an error (OpenGotha keeps six)."""
    assert [(p.level, p.message) for p in check_criteria([C.NBW, C.DC, C.SDC, C.NBW, C.NBW])] == [
        ("warning", "NBW appears more than once; computed as OpenGotha does: the same value "
                    "again, which changes no place"),
        ("warning", "DC and SDC both appear; computed as OpenGotha does: both among the players "
                    "tied on the criteria before the first of them, DC then ordered by the "
                    "criteria after DC (SDC among them with the value just found)")]


def test_each_criteria_warning_tells_the_organizer_what_to_do():
    """placement: criteria: a criterion twice asks to list it once; DC with SDC asks to keep one
    of them (OpenGotha warns of it too); a mixed list keeps the default hint."""
    assert [p.hint for p in check_criteria([C.NBW, C.DC, C.SDC, C.NBW, C.MMS])] == [
        "list each criterion once",
        "keep one of them (OpenGotha warns of it too)",
        "OpenGotha warns of it too; the standings are computed as listed"]


# Issue 29, the placement mutants of direct_confrontation.py that survived: DC and SDC of a pair
# that met three times, and of cycles of wins that Tarjan's search reaches from a player before
# them or starts at a later root (reference 1.2, "DC and SDC", steps 3 to 5).

def _a_and_b_after_three_meetings(games: tuple) -> list:
    """The table of a 2k (SMMS 28) and b 1k (29) who met in all three rounds of a McMahon
    tournament, under [MMS, DC] and under [MMS, SDC]: one table per criteria list."""
    players = (P("a", "A", "", Rank.parse("2k")), P("b", "B", "", Rank.parse("1k")))
    return [_table(Tournament("t", "T", 3, players, games, parameters=TournamentParameters(
        system=System.MCMAHON, criteria=criteria))) for criteria in ((C.MMS, C.DC), (C.MMS, C.SDC))]


def test_dc_and_sdc_count_the_net_balance_of_a_pair_that_met_three_times():
    """placement DC/SDC, reference 1.2 step 3 (the pair's algebraic sum of plain wins; DC
    counts a balance of exactly +1, the matrix OpenGotha builds again after sorting): McMahon,
    a 2k (SMMS 28) and b 1k (29) meet in all three rounds; a wins rounds 1 and 3 as White,
    b round 2 as White. MMS a 28 + 2 = 30, b 29 + 1 = 30: tied. Balance a - b = 2 - 1 = +1:
    a beat b. SDC (every pair decided) a 1, b 0; DC: b beat no one, ranked last (2), a 1,
    DC = 2 - rank: a 1, b 0. Places 1 and 2."""
    games = (G(1, "a", "b", R.WHITE_WINS), G(2, "b", "a", R.WHITE_WINS),
             G(3, "a", "b", R.WHITE_WINS))
    assert _a_and_b_after_three_meetings(games) == [[("a", 1, 30, 1), ("b", 2, 30, 0)]] * 2


def test_dc_and_sdc_count_a_win_as_black_as_one_win_in_the_balance():
    """placement DC/SDC, reference 1.2 step 3 (the pair's algebraic sum of plain wins, each
    win one, whatever the colour): as above, a 2k (SMMS 28) and b 1k (29) meet in all three
    rounds, now with wins as Black: round 1 b White, a wins as Black; round 2 a White, b wins
    as Black; round 3 a wins as White. MMS a 28 + 2 = 30, b 29 + 1 = 30: tied. Balance a - b
    = +1 (round 1) - 1 (round 2) + 1 (round 3) = +1: a beat b. SDC a 1, b 0; DC a 1, b 0;
    places 1 and 2. (The rule form's balance with -2 for b's win as Black, mutation test
    ``rules_standings.balance_25``, read a - b as 0: SDC and DC 0 for both, both place 1.)"""
    games = (G(1, "b", "a", R.BLACK_WINS), G(2, "a", "b", R.BLACK_WINS),
             G(3, "a", "b", R.WHITE_WINS))
    assert _a_and_b_after_three_meetings(games) == [[("a", 1, 30, 1), ("b", 2, 30, 0)]] * 2


def test_dc_collapses_a_cycle_of_wins_reached_from_the_player_who_beat_into_it():
    """placement DC, reference 1.2 step 5: [NBW, DC, RANK], four players with one win each:
    r (3k) beat c, and c > d > e > c (2k each) is a cycle of wins, one node keeping its
    outside loss to r. sc by RANK: c, d, e 4, r 1. The players who beat no one left: the
    cycle (r beat c); all three share the lowest sc, rank 2; then r, rank 1. DC = 2 - rank:
    r 1, c, d, e 0. So r is first though the weakest; c, d, e share place 2 (by RANK)."""
    players = (P("r", "R", "", Rank.parse("3k")),
               *(P(x, x.upper(), "", Rank.parse("2k")) for x in "cde"))
    games = (G(1, "r", "c", R.WHITE_WINS), G(1, "d", "e", R.WHITE_WINS),
             G(2, "c", "d", R.WHITE_WINS), G(3, "e", "c", R.WHITE_WINS))
    t = Tournament("t", "T", 3, players, games,
                   parameters=TournamentParameters(system=System.SWISS,
                                                   criteria=(C.NBW, C.DC, C.RANK)))
    assert _table(t) == [("r", 1, 1, 1, -3), ("c", 2, 1, 0, -2), ("d", 2, 1, 0, -2),
                         ("e", 2, 1, 0, -2)]


def test_dc_collapses_a_cycle_of_wins_listed_after_a_player_without_wins():
    """placement DC, reference 1.2 step 5: [NBW, DC, RANK], five players with one win each
    (a and e by two jigos between them, ignored by DC): b > c > d > b is a cycle of wins, one
    node; a (2k) and e (1d) beat no one and lost to no one. sc by RANK: e 5, b, c, d (1k) 4,
    a 1. Everyone has beaten no one left outside their cycle: the lowest sc, a, is ranked
    last (5); then b, c, d (sc 4) rank 2; then e rank 1. DC = 5 - rank: e 4, b, c, d 3,
    a 0."""
    players = (P("a", "A", "", Rank.parse("2k")),
               *(P(x, x.upper(), "", Rank.parse("1k")) for x in "bcd"),
               P("e", "E", "", Rank.parse("1d")))
    games = (G(1, "b", "c", R.WHITE_WINS), G(1, "a", "e", R.JIGO),
             G(2, "c", "d", R.WHITE_WINS), G(2, "e", "a", R.JIGO),
             G(3, "d", "b", R.WHITE_WINS))
    t = Tournament("t", "T", 3, players, games,
                   parameters=TournamentParameters(system=System.SWISS,
                                                   criteria=(C.NBW, C.DC, C.RANK)))
    assert _table(t) == [("e", 1, 1, 4, 0), ("b", 2, 1, 3, -1), ("c", 2, 1, 3, -1),
                         ("d", 2, 1, 3, -1), ("a", 5, 1, 0, -2)]
