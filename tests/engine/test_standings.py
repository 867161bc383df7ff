"""league D.1 group standings: gamepoints, then SODOS, then gamepoints among the tied players.

Every expected value below is worked by hand in the docstring. Each test runs twice: on
``group_standings`` (what the build uses, in half points) and on ``standings_by_rule`` (the
rule's steps in Fractions).
"""

from fractions import Fraction

import pytest

from sitegen.engine.standings import (Record, gamepoints, gamepoints_among_tied, group_standings,
                                     records, sodos_of, standings_by_rule)
from sitegen.model.common import Game, Result
from sitegen.model.league import Group


def game(a: str, b: str, result: str) -> Game:
    """``a`` plays Black, ``b`` White."""
    return Game(a, b, Result.parse(result))


@pytest.fixture(params=[group_standings, standings_by_rule], ids=["half-points", "by-rule"])
def standings(request):
    return request.param


def table(standings, group: Group):
    return [(r.player, r.place, r.shared, r.gamepoints, r.sodos, r.tied_gamepoints)
            for r in standings(group)]


def test_league_d1_gamepoints_then_jigo_half(standings):
    """A beat B, A-C jigo, B beat C.

    GP: A 1 + 1/2 = 3/2, B 1, C 1/2.
    SODOS: A = GP(B) + 1/2 GP(C) = 1 + 1/4 = 5/4; B = GP(C) = 1/2; C = 1/2 GP(A) = 3/4.
    """
    group = Group("g", "G", ("A", "B", "C"), (
        game("A", "B", "B+R"), game("A", "C", "0"), game("B", "C", "B+2.5")))
    assert table(standings, group) == [
        ("A", 1, False, Fraction(3, 2), Fraction(5, 4), None),
        ("B", 2, False, Fraction(1), Fraction(1, 2), None),
        ("C", 3, False, Fraction(1, 2), Fraction(3, 4), None),
    ]


def test_league_d1_sodos_decides_equal_gamepoints(standings):
    """A>C, A>D, B>C, B>E, C>D, C>E, D>E (A-B, A-E, B-D not played).

    GP: A 2, B 2, C 2, D 1, E 0.
    SODOS: A = GP(C)+GP(D) = 2+1 = 3; B = GP(C)+GP(E) = 2+0 = 2; C = GP(D)+GP(E) = 1;
    D = GP(E) = 0; E = 0. Order A, B, C by SODOS, then D, E.
    """
    group = Group("g", "G", ("A", "B", "C", "D", "E"), (
        game("A", "C", "B+R"), game("A", "D", "B+R"), game("B", "C", "B+R"),
        game("B", "E", "B+R"), game("C", "D", "B+R"), game("C", "E", "B+R"),
        game("D", "E", "B+R")))
    assert [(p, place, gp, s) for p, place, _, gp, s, _ in table(standings, group)] == [
        ("A", 1, 2, 3), ("B", 2, 2, 2), ("C", 3, 2, 1), ("D", 4, 1, 0), ("E", 5, 0, 0)]


def test_league_d1_gamepoints_among_tied_players(standings):
    """A>B, A>D, B>C, B>E, C>A, C>D, E>D (A-E, B-D, C-E not played).

    GP: A 2, B 2, C 2, D 0, E 1.
    SODOS: A = GP(B)+GP(D) = 2+0 = 2; B = GP(C)+GP(E) = 2+1 = 3; C = GP(A)+GP(D) = 2.
    A and C tie on (2, 2); C beat A, so C has 1 gamepoint among the tied, A 0.
    Order: B, C, A, E, D.
    """
    group = Group("g", "G", ("A", "B", "C", "D", "E"), (
        game("A", "B", "B+R"), game("A", "D", "B+R"), game("B", "C", "B+R"),
        game("B", "E", "B+R"), game("C", "A", "B+R"), game("C", "D", "B+R"),
        game("E", "D", "B+R")))
    assert table(standings, group) == [
        ("B", 1, False, 2, 3, None),
        ("C", 2, False, 2, 2, 1),
        ("A", 3, False, 2, 2, 0),
        ("E", 4, False, 1, 0, None),
        ("D", 5, False, 0, 0, None),
    ]


def test_league_d1_three_way_tie_shares_the_place(standings):
    """A>B, B>C, C>A (a cycle), and A, B, C each beat D.

    GP: A, B, C 2 each, D 0. SODOS: each beat one cycle player (2) and D (0): 2.
    Among the three: 1 gamepoint each. All equal: A, B, C share place 1; D is 4th.
    """
    group = Group("g", "G", ("A", "B", "C", "D"), (
        game("A", "B", "B+R"), game("B", "C", "B+R"), game("C", "A", "B+R"),
        game("A", "D", "B+R"), game("B", "D", "B+R"), game("C", "D", "B+R")))
    assert table(standings, group) == [
        ("A", 1, True, 2, 2, 1),
        ("B", 1, True, 2, 2, 1),
        ("C", 1, True, 2, 2, 1),
        ("D", 4, False, 0, 0, None),
    ]


def test_league_d1_forfeit_counts_unknown_and_unplayed_do_not(standings):
    """A beat B by forfeit; A-C result unknown; B-C unplayed.

    GP: A 1 (forfeits count), B 0, C 0. SODOS A = GP(B) = 0.
    B and C tie on (0, 0) and have no game between them: they share place 2.
    """
    group = Group("g", "G", ("A", "B", "C"), (
        game("A", "B", "B+F"), game("A", "C", "?"), game("B", "C", "unplayed")))
    rows = standings(group)
    assert table(standings, group) == [
        ("A", 1, False, 1, 0, None),
        ("B", 2, True, 0, 0, 0),
        ("C", 2, True, 0, 0, 0),
    ]
    a = rows[0]
    assert (a.wins, a.forfeit_wins, a.unknown, a.to_play) == (1, 1, 1, 0)
    assert (rows[1].forfeit_losses, rows[1].to_play) == (1, 1)


def test_league_d1_void_game_gives_nothing(standings):
    """A void game is as if not played: A-B void gives 0 to both, shared place 1."""
    group = Group("g", "G", ("A", "B"), (game("A", "B", "Void"),))
    assert [(p, place, shared, gp) for p, place, shared, gp, _, _ in table(standings, group)] == [
        ("A", 1, True, 0), ("B", 1, True, 0)]


def test_league_d1_counting_game_with_an_outsider_is_an_error(standings):
    """league D.1 counts games among the group's players only: a counted game against a player
    outside the group has no SODOS value to take, so the engine refuses it (KeyError)."""
    group = Group("g", "G", ("A", "B"), (game("A", "B", "B+R"), game("A", "X", "W+R")))
    with pytest.raises(KeyError):
        standings(group)


def test_league_d1_sodos_in_quarters_and_tally(standings):
    """A beat B by forfeit, B-C jigo, C beat A, A-B again unknown ('?').

    GP: A 1, B 1/2, C 1 + 1/2 = 3/2. SODOS: A = GP(B) = 1/2; B = 1/2 GP(C) = 3/4;
    C = GP(A) + 1/2 GP(B) = 1 + 1/4 = 5/4. Order C (3/2), A (1), B (1/2).
    Tallies: A 1 win (forfeit), 1 loss, 1 unknown; B 1 loss (forfeit), 1 jigo, 1 unknown.
    """
    group = Group("g", "G", ("A", "B", "C"), (
        game("A", "B", "B+F"), game("B", "C", "0"), game("C", "A", "B+R"), game("B", "A", "?")))
    assert table(standings, group) == [
        ("C", 1, False, Fraction(3, 2), Fraction(5, 4), None),
        ("A", 2, False, Fraction(1), Fraction(1, 2), None),
        ("B", 3, False, Fraction(1, 2), Fraction(3, 4), None),
    ]
    rows = {r.player: r for r in standings(group)}
    assert (rows["A"].wins, rows["A"].losses, rows["A"].forfeit_wins, rows["A"].unknown) == (1, 1, 1, 1)
    assert (rows["B"].losses, rows["B"].forfeit_losses, rows["B"].jigos, rows["B"].unknown) == (1, 1, 1, 1)
    assert rows["C"].to_play == 0 and rows["A"].to_play == 0


def test_league_d1_gamepoints_among_tied_counts_each_tie_apart():
    """A beat B, C beat D, B-D jigo, A beat E, C beat E; A-C not played.

    GP: A 2, C 2, B 1/2, D 1/2, E 0. SODOS: A = GP(B) + GP(E) = 1/2; C = GP(D) + GP(E) = 1/2;
    B = 1/2 GP(D) = 1/4; D = 1/2 GP(B) = 1/4; E 0.
    Ties: {A, C} on (2, 1/2), who did not meet: 0 each; {B, D} on (1/2, 1/4): their jigo,
    1/2 each (A's and C's games against B and D do not count among these two). E: None.
    """
    group = Group("g", "G", ("A", "B", "C", "D", "E"), (
        game("A", "B", "B+R"), game("C", "D", "B+R"), game("B", "D", "0"),
        game("A", "E", "B+R"), game("C", "E", "B+R")))
    counting = list(group.games)
    points = gamepoints(counting, group.players)
    assert points == {"A": 2, "B": Fraction(1, 2), "C": 2, "D": Fraction(1, 2), "E": 0}
    sodos = {p: sodos_of(p, counting, points) for p in group.players}
    assert sodos == {"A": Fraction(1, 2), "B": Fraction(1, 4), "C": Fraction(1, 2),
                     "D": Fraction(1, 4), "E": 0}
    assert gamepoints_among_tied(counting, points, sodos) == {
        "A": 0, "C": 0, "B": Fraction(1, 2), "D": Fraction(1, 2), "E": None}


def test_league_d1_records_count_unknown_games_against_outsiders():
    """A beat B by forfeit, A-X unknown (X outside the group), B-A void, X-B unplayed.

    A: 1 win (forfeit) and 1 unknown result, the game against X included (it was played);
    B: 1 loss (forfeit). The void and the unplayed game are left out.
    """
    group = Group("g", "G", ("A", "B"), (
        game("A", "B", "B+F"), game("A", "X", "?"), game("B", "A", "Void"),
        game("X", "B", "unplayed")))
    of = records(group)
    assert of["A"] == Record(wins=1, forfeit_wins=1, unknown=1)
    assert of["B"] == Record(losses=1, forfeit_losses=1)


def test_league_d1_no_game_among_the_tied_is_zero_below_a_jigo(standings):
    """b beat a, c beat a, e beat a, d beat b, b-e jigo, c-d jigo (the rest to play).

    GP: a 0; b, c, d, e 1 + 1/2 = 3/2.
    SODOS: b = GP(a) + 1/2 GP(e) = 3/4; c = GP(a) + 1/2 GP(d) = 3/4; d = GP(b) + 1/2 GP(c)
    = 9/4; e = GP(a) + 1/2 GP(b) = 3/4. d is first; b, c, e are tied on GP and SODOS.
    Among them only b-e was played (a jigo): b 1/2, e 1/2, c 0. b and e share 2nd, c is 4th.
    """
    group = Group("g", "G", ("a", "b", "c", "d", "e"), (
        game("b", "a", "B+R"), game("c", "a", "B+R"), game("e", "a", "B+R"),
        game("d", "b", "B+R"), game("b", "e", "0"), game("c", "d", "0")))
    h = Fraction(1, 2)
    assert table(standings, group) == [
        ("d", 1, False, 3 * h, Fraction(9, 4), None),
        ("b", 2, True, 3 * h, Fraction(3, 4), h),
        ("e", 2, True, 3 * h, Fraction(3, 4), h),
        ("c", 4, False, 3 * h, Fraction(3, 4), 0),
        ("a", 5, False, 0, 0, None),
    ]


def test_league_d1_record_counts_every_forfeit_win(standings):
    """A beat B and C by forfeit and lost to D on the board: 2 wins, both forfeits, 1 loss."""
    group = Group("g", "G", ("A", "B", "C", "D"), (
        game("A", "B", "B+F"), game("C", "A", "W+F"), game("A", "D", "W+R")))
    row = next(r for r in standings(group) if r.player == "A")
    assert (row.wins, row.forfeit_wins, row.losses, row.forfeit_losses) == (2, 2, 1, 0)


def test_league_d1_records_count_every_loss_jigo_and_unknown_result():
    """league D.1 records (the group table's W-L-J and standings.json): each loss, forfeit
    loss, jigo and unknown result is counted, also when the opponent outside the group is
    Black (listed first). Group A, B; X, Y, Z, V outside it:
    X-A B+R (A loses), Y-A jigo, A-B W+F and B-A B+F (A loses twice by forfeit), A-Z jigo,
    A-Z ? and V-A ? (unknown).
    A: 0 wins, 3 losses (2 by forfeit), 2 jigos, 2 unknown; B: 2 wins, both by forfeit."""
    group = Group("g", "G", ("A", "B"), (
        game("X", "A", "B+R"), game("Y", "A", "0"), game("A", "B", "W+F"), game("B", "A", "B+F"),
        game("A", "Z", "0"), game("A", "Z", "?"), game("V", "A", "?")))
    of = records(group)
    assert of["A"] == Record(losses=3, forfeit_losses=2, jigos=2, unknown=2)
    assert of["B"] == Record(wins=2, forfeit_wins=2)
