"""What is already certain in a season in progress (sitegen/engine/league_certainty.py), by hand.

Groups are "perfect orders" (the player listed first beats every later one) with some games
left out: those are still to play, and each may end either way or in jigo. Kinds, best first:
promoted, finalist, stays, demoted, withdrew.
"""

from __future__ import annotations

import itertools

from sitegen.engine.league_certainty import (Certainty, completions, group_tables,
                                             formation_cost, remaining_pairs, season_certainty,
                                             table_cost)
from sitegen.engine.league_outcome import form_outcome
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result
from sitegen.model.league import Division, Group, LeagueSettings, Season

WIN = Result(Outcome.WIN, Colour.BLACK)
A = ["a1", "a2", "a3", "a4", "a5"]
B = ["b1", "b2", "b3", "b4", "b5", "b6"]
X = ["x1", "x2", "x3", "x4", "x5"]
ONE_GROUP = LeagueSettings(top_division_groups=1)


def group(gid: str, players: list[str], skip: tuple[tuple[str, str], ...] = (), **extra) -> Group:
    games = tuple(Game(a, b, WIN) for a, b in itertools.combinations(players, 2)
                  if (a, b) not in skip)
    return Group(gid, gid.upper(), tuple(players), games, **extra)


def players_of(*ids: str) -> dict[str, Player]:
    return {p: Player(p, p.upper(), Rank(-5)) for p in ids}


def season(a: Group, b: Group, **extra) -> Season:
    return Season("s", "S", (Division("A", (a,)), Division("B", (b,))), **extra)


def seen(found, player: str) -> tuple[bool, str | None, str | None]:
    c = found.players[player]
    return c.certain, c.best, c.worst


def test_a_leader_who_can_no_longer_be_caught_is_certainly_promoted_b_1():
    """B: b1 won all five; b2 - b3 and b3 - b4 are still to play. b2 can reach 4 points, b3 4,
    b4 3: nobody reaches b1's 5, so b1 leads whatever happens and promotes (B.1). The second
    promotion (B.3: at least two per division) is open between b2, b3 and b4 (b4 can tie b2
    and b3 on 3 points); b5 and b6 can only stay (the bottom division demotes nobody, B.2).
    Division A is complete: a1, a2 are finalists, a4, a5 demoted (B.2: as many as B promotes,
    two whatever B's order), a3 stays."""
    b = group("b", B, skip=(("b2", "b3"), ("b3", "b4")))
    found = season_certainty(season(group("a", A), b), players_of(*A, *B), ONE_GROUP)
    assert (found.games_left, found.within_budget) == (2, True)
    assert seen(found, "b1") == (True, "promoted", "promoted")
    assert seen(found, "b2") == (False, "promoted", "stays")
    assert seen(found, "b3") == (False, "promoted", "stays")
    assert seen(found, "b5") == (True, "stays", "stays")
    assert seen(found, "a1") == (True, "finalist", "finalist")
    assert seen(found, "a3") == (True, "stays", "stays")
    assert seen(found, "a5") == (True, "demoted", "demoted")


def test_safe_from_demotion_because_e_1_cancels_it():
    """B is the bottom division and demotes its last two (setting demote_from_bottom_division)
    into a new division; two players cannot open one (A.i.2), so E.1 cancels both demotions.
    b4 - b6 and b5 - b6 are still to play: b6 may end anywhere from 4th to last, and whoever
    ends last stays in B all the same (E.1): b4, b5 and b6 are certain to stay."""
    settings = LeagueSettings(top_division_groups=1, demote_from_bottom_division=True)
    b = group("b", B, skip=(("b4", "b6"), ("b5", "b6")))
    found = season_certainty(season(group("a", A), b), players_of(*A, *B), settings)
    for player in ("b4", "b5", "b6"):
        assert seen(found, player) == (True, "stays", "stays")


def test_e_1_cancels_a_demotion_whatever_division_a_s_last_games_give():
    """b5, b6 withdrew (B.4): B promotes b1, b2 and A's two demotions would leave 4 players
    below A, fewer than 5 (A.i.2): E.1 keeps them in A. a4 - a5 and a3 - a5 are still to play:
    whoever of a3, a4, a5 ends in the demotion spots, nobody leaves A (certain stays); b3, b4
    are moved up by E.1 whatever A's results (certain promoted)."""
    a = group("a", A, skip=(("a4", "a5"), ("a3", "a5")))
    b = group("b", B, withdrawn=("b5", "b6"))
    found = season_certainty(season(a, b), players_of(*A, *B), ONE_GROUP)
    for player in ("a3", "a4", "a5"):
        assert seen(found, player) == (True, "stays", "stays")
    assert seen(found, "b3") == (True, "promoted", "promoted")
    assert seen(found, "b5") == (True, "withdrew", "withdrew")


def test_an_outcome_that_depends_on_another_group_b_3_final_round():
    """Division A has two groups, A1 (a1..a5) and A2 (x1..x5); the defending champion b1 did not
    play division A, so the third place in the final round goes to the next best of division
    A by gamepoints, then SODOS across its groups (B.3, final round). A1 is complete: a2 has 3
    points. In A2, x2 - x3 and x2 - x4 are still to play: x2 has 2 points and may end with 2, 3
    or 4 (or with jigos between). a2's place in the final depends on A2's games only: open,
    best the final round, worst stays; a1 and x1 lead their groups whatever (B.1): certain
    finalists. Were the season complete as a perfect order, a2 and x2 would be tied (D.2)."""
    a1 = group("a1", A)
    a2 = group("a2", X, skip=(("x2", "x3"), ("x2", "x4")))
    b = group("b", B)
    s = Season("s", "S", (Division("A", (a1, a2)), Division("B", (b,))), defending_champion="b1")
    found = season_certainty(s, players_of(*A, *X, *B), LeagueSettings())
    assert seen(found, "a2") == (False, "finalist", "stays")
    assert seen(found, "a1") == (True, "finalist", "finalist")
    assert seen(found, "x1") == (True, "finalist", "finalist")
    complete = Season("s", "S", (Division("A", (a1, group("a2", X))), Division("B", (b,))),
                      defending_champion="b1")
    done = season_certainty(complete, players_of(*A, *X, *B), LeagueSettings())
    # With every game played, x2 beat x3, x4, x5 like a2 beat a3, a4, a5: equal gamepoints and
    # SODOS, in different groups, equal on D.2: a tie only a playoff decides, not certain.
    assert done.games_left == 0 and done.outcomes == 1
    assert seen(done, "a2") == seen(done, "x2") == (False, "finalist", "stays")


def test_beyond_the_budget_nothing_is_claimed():
    """Four games still to play in B (3^4 = 81 results, fewer distinct tables). The work: 81
    standings of B's 6 players at 20 units a row (9,720 units), then each distinct table's
    completion formed at least once, each formation of the season's 11 players 146 units
    (11^1.5 = 36.48, plus 10 a player). One unit short of it at either stage, nobody is certain and no best or
    worst is given; with exactly the work, every completion is computed."""
    b = group("b", B, skip=(("b1", "b2"), ("b3", "b4"), ("b5", "b6"), ("b2", "b5")))
    s, players = season(group("a", A), b), players_of(*A, *B)
    pending = remaining_pairs(b, set())
    assert table_cost(b, pending) == 9720 and formation_cost(11) == 146
    tables = group_tables(b, pending)
    formations = sum(form_outcome(done, players, ONE_GROUP).formations
                     for done in completions(s, [[s.divisions[0].groups[0]], tables]))
    assert formations >= len(tables)
    nobody = {Certainty(p, False, None, None) for p in A + B}
    for budget, computed in ((1, 0), (9720 + 146 * len(tables) - 1, 0),
                             (9720 + 146 * formations - 1, len(tables))):
        found = season_certainty(s, players, ONE_GROUP, budget=budget)
        assert not found.within_budget and found.outcomes <= computed, budget
        assert set(found.players.values()) == nobody
    found = season_certainty(s, players, ONE_GROUP, budget=9720 + 146 * formations)
    assert found.within_budget and found.outcomes == len(tables)
    # b1 beat b3-b6: 4 points whatever happens, and only b2 can pass them: second at worst,
    # promoted by B.1 or B.3 (at least two per division).
    assert seen(found, "b1") == (True, "promoted", "promoted")


def test_a_completion_whose_ties_need_more_formations_stops_before_them():
    """The complete season of the finalists' test: a2 and x2 tie for the last place in the
    final round (2 ways), so the outcome forms the next season 1 + 2 times; with at most 2
    allowed it forms it once and gives nobody an outcome."""
    a2 = group("a2", X)
    s = Season("s", "S", (Division("A", (group("a1", A), a2)), Division("B", (group("b", B),))),
               defending_champion="b1")
    players = players_of(*A, *X, *B)
    full = form_outcome(s, players, LeagueSettings())
    assert full.formations == 3 and full.players["a2"].undecided
    stopped = form_outcome(s, players, LeagueSettings(), max_formations=2)
    assert stopped.formations == 3 and stopped.players == {} and stopped.error is None
    assert form_outcome(s, players, LeagueSettings(), max_formations=3) == full


def test_equal_tables_are_computed_once():
    """b5 - b6 still to play: three results, three different tables (b5 1 point, b6 1 point,
    ½ each). b1 - b2 and b5 - b6: nine results, nine tables (each game moves its own pair)."""
    b = group("b", B, skip=(("b5", "b6"),))
    assert remaining_pairs(b, set()) == [("b5", "b6")]
    assert len(group_tables(b, remaining_pairs(b, set()))) == 3
    assert remaining_pairs(b, {"b6"}) == []
