"""league D.1 group standings: the build's form in half points gives the rule's rows.

:func:`group_standings` counts gamepoints in integer half points and SODOS in quarter points;
:func:`standings_by_rule` computes the same table step by step in Fractions, as D.1 reads.
On random groups (every kind of result, pairs played twice, games against players outside
the group) both give the same rows, or both refuse the group (KeyError: a counting game
against an outsider has no SODOS value).
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from sitegen.engine.standings import group_standings, standings_by_rule
from sitegen.model.common import Game, Result
from sitegen.model.league import Group

RESULTS = [Result.parse(text) for text in (
    "B+R", "W+R", "B+3.5", "W+0.5", "B+F", "W+F", "0", "?", "Void", "unplayed")]
NOT_COUNTING = [result for result in RESULTS if not result.counts]


@st.composite
def groups(draw, outsiders_counting: bool = True) -> Group:
    """Return a group of 2-9 players with random games among them (a pair may play twice,
    or not at all) and up to three games involving players outside the group."""
    size = draw(st.integers(2, 9))
    members = [f"p{i}" for i in range(size)]
    pairs = st.lists(st.sampled_from(members), min_size=2, max_size=2, unique=True)
    games = [Game(black, white, draw(st.sampled_from(RESULTS)))
             for black, white in draw(st.lists(pairs, max_size=3 * size))]
    outsiders = st.sampled_from(["x", "y"])
    for _ in range(draw(st.integers(0, 3))):
        member, outsider = draw(st.sampled_from(members)), draw(outsiders)
        players = (member, outsider) if draw(st.booleans()) else (outsider, member)
        if draw(st.booleans()):
            players = ("x", "y")  # a game of two outsiders: nobody of the group plays it
        result = draw(st.sampled_from(RESULTS if outsiders_counting else NOT_COUNTING))
        games.insert(draw(st.integers(0, len(games))), Game(*players, result))
    return Group("g", "G", tuple(draw(st.permutations(members))), tuple(games))


def rows_or_error(function, group: Group):
    try:
        return function(group)
    except KeyError:
        return KeyError


@settings(max_examples=400, deadline=None)
@given(groups())
def test_league_d1_half_points_give_the_rules_rows(group):
    """league D.1: same rows (places, shares, gamepoints, SODOS, tied gamepoints, records)."""
    assert rows_or_error(group_standings, group) == rows_or_error(standings_by_rule, group)


@settings(max_examples=200, deadline=None)
@given(groups(outsiders_counting=False))
def test_league_d1_half_points_give_the_rules_rows_with_outsiders_unscored(group):
    """league D.1: games against outsiders that give no gamepoints (unknown, void, unplayed)
    still enter the records and the games to play; both forms build a table."""
    rows = group_standings(group)
    assert rows == standings_by_rule(group)
    assert sorted(row.player for row in rows) == sorted(group.players)


@settings(max_examples=200, deadline=None)
@given(groups(outsiders_counting=False))
def test_league_d1_gamepoints_sum_to_the_counting_games(group):
    """league D.1: each counting game gives one gamepoint in all (1 + 0, or 1/2 + 1/2)."""
    counting = sum(1 for game in group.games if game.result.counts
                   and game.black in group.players and game.white in group.players)
    assert sum(row.gamepoints for row in group_standings(group)) == counting
