"""Kept units left undecoded (issue 31; sitegen/standins.py, sitegen.ruleset.KeptApart): a
league season kept by the build cache is a stand-in holding its skeleton (ids, names, dates, who
played in which group) and its summary (each game's players, result and date); its other fields
are decoded from its blob when first read, and the site-wide lists read the summary instead,
giving what they give from the season itself."""

from __future__ import annotations

import datetime as dt
import pickle
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site  # noqa: E402

from sitegen import store  # noqa: E402
from sitegen.commands.build import build  # noqa: E402
from sitegen.i18n import words  # noqa: E402
from sitegen.model import Outcome  # noqa: E402
from sitegen.model.common import Colour, Game, GameRecord, Result  # noqa: E402
from sitegen.model.league import Division, FinalData, Group, League, Season  # noqa: E402
from sitegen.pages import league_lists as pages  # noqa: E402
from sitegen.pages.newest import newest  # noqa: E402
from sitegen.standins import kept_summary, skeleton, standin  # noqa: E402

ANN_BEN = Game("ann", "ben", Result.parse("B+R"), date=dt.date(2024, 1, 14),
               record=GameRecord(link="https://example.org/1"))
CY_ANN = Game("cy", "ann", Result.parse("0"))
BEN_CY = Game("ben", "cy", Result.parse("unplayed"), date=dt.date(2024, 1, 20))
SEASON = Season("s1", "Season 1", (Division("A", (Group("a1", "A1", ("ann", "ben", "cy"),
                                                        (ANN_BEN, CY_ANN, BEN_CY), promoted=("ann",)),)),),
                start=dt.date(2024, 1, 1), end=dt.date(2024, 3, 1),
                final=FinalData(champion="ann", games=(Game("ann", "cy", Result.parse("W+3.5")),)))


def kept(season: Season, real: Season | None = None) -> tuple[Season, list[int]]:
    """Return the stand-in of ``season`` as the cache gives it (skeleton and summary through
    the cache's JSON), and the list its decodes are counted in (``real``: what its blob gives,
    else ``season``)."""
    encoded = store._Encoder().dumps({"skeleton": skeleton(season, pages.SEASON_EAGER),
                                      "summary": pages.season_summary(season)})
    raw = store._Decoder().loads(encoded)
    loads: list[int] = []

    def load() -> Season:
        loads.append(1)
        return real if real is not None else season

    return standin(raw["skeleton"], pages.SEASON_EAGER, raw["summary"], load, pages.read_summary), loads


def test_a_stand_in_holds_its_skeleton_and_decodes_the_rest_when_first_read():
    found, loads = kept(SEASON)
    assert isinstance(found, Season) and type(found) is not Season
    group = found.divisions[0].groups[0]
    assert (found.id, found.name, found.start, found.end) == ("s1", "Season 1", dt.date(2024, 1, 1), dt.date(2024, 3, 1))
    assert (found.divisions[0].name, group.id, group.name, group.players) == ("A", "a1", "A1", ("ann", "ben", "cy"))
    assert loads == []
    assert group.games == (ANN_BEN, CY_ANN, BEN_CY)  # a deferred field: the whole season decoded once
    assert loads == [1]
    assert group.promoted == ("ann",) and found.final == SEASON.final and found.playoffs == ()
    assert found.divisions[0].groups[0] is group and loads == [1]
    again = pickle.loads(pickle.dumps(found))  # pickled as the model object itself
    assert type(again) is Season and again == SEASON


def test_a_blob_that_is_not_the_skeletons_unit_is_refused_when_read():
    """The unit's blob decodes into a season whose groups hold other players than the
    skeleton said: the stand-in is not filled in (a forged or foreign blob)."""
    other = Season("s1", "Season 1", (Division("A", (Group("a1", "A1", ("ann", "ben", "dee"), ()),)),),
                   start=dt.date(2024, 1, 1), end=dt.date(2024, 3, 1))
    found, _ = kept(SEASON, other)
    with pytest.raises(ValueError, match="does not hold what its summary says"):
        found.final


def test_a_season_summary_by_hand():
    """Each game as [black, white, outcome, winner's colour, date's ordinal]; the group's latest
    counted game's date (the unplayed game of 20 January is not counted, league D.1); the feed's
    two counted games and their latest date; three games played (the unplayed one not, the
    final's win yes); both results with a winner or a draw may be among the newest (the jigo
    listed by the win above it, 14 January); the records in the order of league_records."""
    summary = pages.season_summary(SEASON)
    assert summary["groups"] == [[["ann", "ben", "win", "B", 738899], ["cy", "ann", "jigo", None, None],
                                  ["ben", "cy", "unplayed", None, 738905]]]
    assert summary["dates"] == [738899]
    assert summary["feed"] == [2, 738899]
    assert summary["played"] == 3
    assert summary["newest"] == [[0, 738899, 738899, "ann", "ben", "ann"], [0, 738899, None, "cy", "ann", None]]
    assert "final" not in summary
    assert summary["records"] == [GameRecord(link="https://example.org/1")]
    assert dt.date.fromordinal(738899) == dt.date(2024, 1, 14)


def test_a_summary_read_back_is_checked_and_made_what_the_lists_take():
    """The summary of SEASON read back (through the cache's JSON): its rows with their outcome,
    colour and date made, its dates, its feed, its count and its newest results; a summary
    with a count that is no count, a group number that is not one of the season's, a date
    that is no date, another number of groups than the skeleton's, or a record that is not one
    is refused (ValueError or TypeError: the store then does not use the cache)."""
    found, loads = kept(SEASON)
    summary = kept_summary(found)
    day = dt.date(2024, 1, 14)
    assert summary["rows"] == [[("ann", "ben", Outcome.WIN, Colour.BLACK, day), ("cy", "ann", Outcome.JIGO, None, None),
                                ("ben", "cy", Outcome.UNPLAYED, None, dt.date(2024, 1, 20))]]
    assert summary["dates"] == [day] and summary["feed"] == (2, day) and summary["played"] == 3
    assert summary["newest"] == [(day, day, None, 0, "ann", "ben", "ann"), (day, None, None, 0, "cy", "ann", None)]
    assert summary["records"] == [GameRecord(link="https://example.org/1")] and loads == []
    good = pages.season_summary(SEASON)
    for key, value, error in [("played", "3", TypeError), ("played", -1, ValueError), ("feed", [2, "x"], TypeError),
                              ("newest", [[1, 738899, None, "ann", "ben", None]], ValueError),
                              ("newest", [[0, 10 ** 18, None, "ann", "ben", None]], ValueError),
                              ("dates", [738899, None], ValueError), ("groups", [], ValueError),
                              ("records", [7], TypeError)]:
        with pytest.raises(error):
            pages.read_summary(found, {**good, key: value})


def test_a_season_summary_keeps_only_the_results_that_may_be_among_the_newest():
    """Home lists 8 results, at most 4 of one page (a group): of a group's six wins, dated 1 to 6
    March, the four newest (3-6 March); of another group's two, both; an undated game after the
    first one is listed by its date (the season's start before any dated game)."""
    day = dt.date(2024, 3, 1)
    many = tuple(Game("ann", "ben", Result.parse("B+R"), date=day + dt.timedelta(days=n)) for n in range(6))
    few = (Game("cy", "dee", Result.parse("W+R")), Game("dee", "cy", Result.parse("B+3.5"), date=day))
    season = Season("s2", "Season 2", (Division("A", (Group("a1", "A1", ("ann", "ben"), many),
                                                      Group("a2", "A2", ("cy", "dee"), few))),),
                    start=dt.date(2024, 2, 1), end=dt.date(2024, 4, 1))
    newest = pages.season_summary(season)["newest"]
    first = day.toordinal()
    assert newest == [[0, first + 2, first + 2, "ann", "ben", "ann"], [0, first + 3, first + 3, "ann", "ben", "ann"],
                      [0, first + 4, first + 4, "ann", "ben", "ann"], [0, first + 5, first + 5, "ann", "ben", "ann"],
                      [1, dt.date(2024, 2, 1).toordinal(), None, "cy", "dee", "dee"],
                      [1, first, first, "dee", "cy", "dee"]]


def test_the_site_wide_lists_of_a_stand_in_by_hand_without_decoding_it():
    """Home's results, the head-to-head meetings (league D.1: a jigo half a point, Black's
    side), the pages' dates (the latest counted game: the unplayed one is not), the feed, the
    counts (the final's game counted, the unplayed not) and the records, from the summary."""
    found, loads = kept(SEASON)
    leagues = (League("club", "Club", (found,)),)
    url = "leagues/club/s1/a1/"
    assert pages.league_results(leagues) == [
        (dt.date(2024, 1, 14), dt.date(2024, 1, 14), "Club · Season 1", url, "ann", "ben", "ann"),
        (dt.date(2024, 1, 14), None, "Club · Season 1", url, "cy", "ann", None)]
    assert pages.league_results(leagues) == pages.league_results((League("club", "Club", (SEASON,)),))
    assert pages.league_meetings(leagues) == [("ann", "ben", pages.ONE, dt.date(2024, 1, 14), "Club", url),
                                              ("cy", "ann", pages.HALF, dt.date(2024, 3, 1), "Club", url)]
    assert pages.league_dates(leagues) == [(url, dt.date(2024, 1, 14)), ("leagues/club/s1/", dt.date(2024, 1, 14)),
                                           ("leagues/club/", dt.date(2024, 1, 14))]
    feed = list(pages.league_feed(leagues, words("en")))
    assert [(entry["url"], entry["date"], entry["summary"]) for entry in feed] == [
        ("leagues/club/s1/", dt.date(2024, 1, 14), "2 games with a result.")]
    assert pages.count_leagues(leagues) == {"leagues": 1, "seasons": 1, "groups": 1, "games": 3}
    assert list(pages.league_records(leagues)) == [GameRecord(link="https://example.org/1")]
    assert loads == [] and kept_summary(found) is not None and kept_summary(SEASON) is None


def test_the_demos_kept_seasons_give_the_lists_their_seasons_give(tmp_path, monkeypatch):
    """The demo's twelve seasons read back from the build cache (stand-ins, none decoded) give
    every site-wide list that the seasons themselves give (pickled, a stand-in is its season);
    of the results with a winner or a draw, those that may be among home's newest, in the same
    order, and home's newest of them are the newest of all (with each limit up to eight)."""
    site = demo_site(tmp_path / "demo")
    build(site / "content", site / "output")
    decoded: list[str] = []
    original = store._kept_unit
    monkeypatch.setattr(store, "_kept_unit", lambda folder, name, digest: decoded.append(name) or original(folder, name, digest))
    state, _ = store.load(store.cache_folder(site / "output"))
    leagues = tuple(unit.model[0] for (kind, _), unit in sorted(state.units.items()) if kind == "leagues")
    assert leagues and all(kept_summary(season) is not None for league in leagues for season in league.seasons)
    lang = words("en")

    def lists(of: tuple) -> tuple:
        return (pages.league_meetings(of), pages.league_dates(of),
                list(pages.league_feed(of, lang)), pages.count_leagues(of), list(pages.league_records(of)))

    found, results = lists(leagues), pages.league_results(leagues)
    assert decoded == []
    real = pickle.loads(pickle.dumps(leagues))
    assert len(decoded) == sum(len(league.seasons) for league in leagues)
    assert all(type(season) is Season for league in real for season in league.seasons)
    assert found == lists(real) and found[0] and found[1] and found[4]
    every = pages.league_results(real)
    assert results and len(results) < len(every)
    assert [row for row in every if row in results] == results  # the same results, in the same order
    for limit in range(1, 9):
        assert [results[i] for i in newest(results, limit)] == [every[i] for i in newest(every, limit)]
