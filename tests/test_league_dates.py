"""The "last updated" dates of a league's pages (sitegen.pages.league_lists.league_dates), read
from a season's games without decoding them into rows (issue 31: the dev server dates every
season at each change): the same as the clear form, ``_group_dates(_decoded_rows(season))``."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from sitegen.model.common import Colour, Game, Outcome, Result
from sitegen.model.league import Division, Group, League, Season
from sitegen.pages.league_lists import _decoded_rows, _group_dates, league_dates, season_group_dates

RESULTS = [Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE),
           Result(Outcome.FORFEIT, Colour.WHITE), Result(Outcome.JIGO), Result(Outcome.UNKNOWN),
           Result(Outcome.VOID), Result(Outcome.UNPLAYED)]

games = st.builds(Game, st.sampled_from(["ann", "ben", "cat"]), st.sampled_from(["dan", "eve"]),
                  st.sampled_from(RESULTS), st.booleans(),
                  st.one_of(st.none(), st.dates(dt.date(2020, 1, 1), dt.date(2020, 12, 31))))
groups = st.builds(lambda number, found: Group(f"g{number}", f"G{number}", ("ann", "ben", "dan"), tuple(found)),
                   st.integers(0, 99), st.lists(games, max_size=8))
seasons = st.builds(lambda divisions: Season("2020", "2020", tuple(
                        Division(name, tuple(found)) for name, found in zip("ABC", divisions))),
                    st.lists(st.lists(groups, max_size=3), max_size=3))


@given(seasons)
def test_a_seasons_group_dates_are_those_of_its_decoded_rows(season):
    """League D.1: a group's date is its latest counted game's (a win, forfeit or jigo), None
    without one; the fast form equals the clear one for any season."""
    assert season_group_dates(season) == _group_dates(_decoded_rows(season))


def test_group_dates_worked_by_hand():
    """Group A1: a win on 3 March, a jigo on 9 March, a void game on 20 March and an unplayed
    one on 25 March: 9 March (void and unplayed games do not count, league D.1). Group A2: only
    an undated win and an unknown result on 1 April: None. Its season page and league page take
    the latest of their groups' dates."""
    win = Result(Outcome.WIN, Colour.BLACK)
    a1 = Group("a1", "A1", ("ann", "ben", "cat"), (
        Game("ann", "ben", win, date=dt.date(2024, 3, 3)),
        Game("ben", "cat", Result(Outcome.JIGO), date=dt.date(2024, 3, 9)),
        Game("cat", "ann", Result(Outcome.VOID), date=dt.date(2024, 3, 20)),
        Game("ann", "cat", Result(Outcome.UNPLAYED), date=dt.date(2024, 3, 25))))
    a2 = Group("a2", "A2", ("dan", "eve"), (
        Game("dan", "eve", win),
        Game("eve", "dan", Result(Outcome.UNKNOWN), date=dt.date(2024, 4, 1))))
    season = Season("2024", "2024", (Division("A", (a1, a2)),), start=dt.date(2024, 1, 1),
                    end=dt.date(2024, 12, 31))
    assert season_group_dates(season) == [dt.date(2024, 3, 9), None]
    found = league_dates((League("national", "National", (season,)),))
    assert found == [("leagues/national/2024/a1/", dt.date(2024, 3, 9)),
                     ("leagues/national/2024/", dt.date(2024, 3, 9)),
                     ("leagues/national/", dt.date(2024, 3, 9)),
                     # A2 has no counted dated game: the season's end
                     ("leagues/national/2024/a2/", dt.date(2024, 12, 31)),
                     ("leagues/national/2024/", dt.date(2024, 12, 31)),
                     ("leagues/national/", dt.date(2024, 12, 31))]
