"""A league season planned again in the same process (sitegen.pages.league_games.SeasonGroupsMade,
the dev server's speed path of issue 31) gives each group's standings and each player's games
list as the plain functions do (``group_standings``, ``league_games``), whatever changed between
the plans: groups replaced or kept, players renamed, withdrawals, the season's state, the
language."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings, strategies as st

from sitegen.engine.standings import group_standings
from sitegen.i18n import words
from sitegen.model.common import Colour, Game, Outcome, Result
from sitegen.model.league import Group
from sitegen.pages.league_games import SeasonGroupsMade, league_games

PLAYERS = ("ann", "ben", "dan", "eve")
RESULTS = [Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE),
           Result(Outcome.FORFEIT, Colour.WHITE), Result(Outcome.JIGO), Result(Outcome.UNKNOWN),
           Result(Outcome.VOID), Result(Outcome.UNPLAYED)]
LANGS = (words("en"), words("fr"))

games = st.builds(lambda pair, result, known, date: Game(pair[0], pair[1], result, known, date),
                  st.permutations(PLAYERS).map(lambda order: order[:2]), st.sampled_from(RESULTS),
                  st.booleans(), st.one_of(st.none(), st.dates(dt.date(2020, 1, 1), dt.date(2020, 1, 9))))
groups = st.builds(lambda number, found: Group(f"g{number}", f"G{number}", PLAYERS, tuple(found)),
                   st.integers(0, 9), st.lists(games, max_size=6))
NAMES = {p: p.title() for p in PLAYERS}
names = st.sampled_from([NAMES, {**NAMES, "ben": "Benjamin"}, {**NAMES, "eve": "Eva"}])  # most often the same
plans = st.tuples(st.lists(st.integers(0, 2), min_size=1, max_size=3),  # which groups of the pool
                  names, st.frozensets(st.sampled_from(PLAYERS), max_size=2), st.booleans(),
                  st.sampled_from(LANGS), st.booleans())  # the last: keep (the season's file edited)


@settings(max_examples=200, deadline=None)
@given(st.lists(groups, min_size=3, max_size=3), st.lists(plans, min_size=1, max_size=6))
def test_a_season_planned_again_gives_what_the_plain_functions_give(pool, steps):
    """Each plan takes some groups of a pool (the same objects when taken again, as the
    validator keeps unedited groups), with the step's names, withdrawn players, state and
    language, kept or not from its first plan on (``keep``: its file edited); every standings
    and games list equals the plain function's."""
    earlier = None
    for chosen, named, withdrawn, in_progress, lang, keep in steps:
        made = SeasonGroupsMade(earlier, lang, in_progress, set(withdrawn), keep=keep)
        for index in chosen:
            group = pool[index]
            assert made.standings(group) == group_standings(group)
            for player in group.players:
                assert made.league_games(group, player, dict(named)) == league_games(
                    group, player, dict(named), set(withdrawn), in_progress, lang)
        earlier = made


def _group(result: Result) -> Group:
    return Group("a1", "A1", ("ann", "ben", "cy"), (
        Game("ann", "ben", result, True, dt.date(2024, 3, 1)),
        Game("ben", "cy", Result(Outcome.UNPLAYED), False, None)))


def test_a_kept_group_keeps_its_lists_until_a_name_changes():
    """Hand-worked: a season's first plan keeps nothing; its second keeps what it makes; the
    third takes the same lists for the same group (ann's win over Ben, then her game with Cy
    still to play: the season is in progress), and makes them again when Ben is renamed or the
    group is replaced."""
    en = words("en")
    names = {"ann": "Ann", "ben": "Ben", "cy": "Cy"}
    group = _group(Result(Outcome.WIN, Colour.BLACK))
    first = SeasonGroupsMade(None, en, True, set())
    assert first.league_games(group, "ann", names) is not first.league_games(group, "ann", names)
    second = SeasonGroupsMade(first, en, True, set())
    kept = second.league_games(group, "ann", names)
    assert [(row["opponent"], row["status"], row["kind"]) for row in kept] == [
        ("Ben", "played", "win"), ("Cy", "to-play", "unplayed")]
    third = SeasonGroupsMade(second, en, True, set())
    assert third.league_games(group, "ann", names) is kept
    assert third.standings(group) == group_standings(group)
    renamed = SeasonGroupsMade(third, en, True, set())
    again = renamed.league_games(group, "ann", {**names, "ben": "Benjamin"})
    assert again is not kept and again[0]["opponent"] == "Benjamin"
    replaced = SeasonGroupsMade(renamed, en, True, set())
    lost = replaced.league_games(_group(Result(Outcome.WIN, Colour.WHITE)), "ann", names)
    assert [(row["opponent"], row["kind"]) for row in lost] == [("Ben", "loss"), ("Cy", "unplayed")]


def test_an_edited_seasons_first_plan_keeps_what_it_makes():
    """Hand-worked (stop 51): the first plan of a season whose file was edited (``keep``: the
    dev server's first edit after its start, the start's helper having planned the season)
    keeps its lists and standings; the second plan takes them for the same group (ann's win
    over Ben, then her game with Cy to play), and makes them anew for a replaced group."""
    en = words("en")
    names = {"ann": "Ann", "ben": "Ben", "cy": "Cy"}
    group = _group(Result(Outcome.WIN, Colour.BLACK))
    first = SeasonGroupsMade(None, en, True, set(), keep=True)
    kept, rows = first.league_games(group, "ann", names), first.standings(group)
    assert first.league_games(group, "ann", names) is kept
    assert [(row["opponent"], row["status"], row["kind"]) for row in kept] == [
        ("Ben", "played", "win"), ("Cy", "to-play", "unplayed")]
    assert [(row.place, row.player, row.wins) for row in rows] == [(1, "ann", 1), (2, "ben", 0), (2, "cy", 0)]
    second = SeasonGroupsMade(first, en, True, set())
    assert second.league_games(group, "ann", names) is kept
    again = second.standings(group)
    assert again == rows and all(a is b for a, b in zip(again, rows))
    assert second.league_games(_group(Result(Outcome.WIN, Colour.WHITE)), "ann", names) is not kept
