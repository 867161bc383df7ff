"""What the site-wide parts read of the league seasons (:class:`sitegen.ruleset.Listed`,
:class:`~sitegen.ruleset.Gathered`, :class:`~sitegen.ruleset.Counted`), and a season's summary
that a build cache keeps for them (:class:`sitegen.ruleset.KeptApart`, issue 31).

Each list is made per season by one function of its games' rows (:data:`GameRow`): a season
decoded in this build gives them from its games; a season kept by the cache (a stand-in,
:mod:`sitegen.standins`) gives what the same functions gave when its summary was written
(:func:`season_summary`): its pages' dates, its feed entry's count and date, its games played,
the results that may be among the home page's newest (:func:`sitegen.pages.newest.contenders`)
and its game records, without a pass over its games. Only the head-to-head records
(:func:`league_meetings`) read every kept game's row.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterator

from ..bidi import isolated
from ..i18n import Words
from ..model import Outcome
from ..model.common import Colour, Game, GameRecord
from ..model.league import Division, Group, League, Season
from ..ruleset import HALF, ONE, ZERO, Finished, Met
from ..standins import kept_summary
from ..urls import group_url, league_url, season_url
from .newest import contenders

GameRow = tuple[str, str, Outcome, "Colour | None", "dt.date | None"]
"""What the site-wide lists read of a league game: black, white, outcome, winning colour, date."""

SeasonResult = tuple["dt.date | None", "dt.date | None", None, int, str, str, "str | None"]
"""One result of a season with a winner or a draw, as :data:`sitegen.ruleset.Finished` without
the season's names and addresses: (listed date, date, None, its group's number in the season
(divisions in order: the page that :func:`sitegen.pages.newest.newest` counts), black, white,
winner or None)."""

SEASON_EAGER: dict[type, tuple[str, ...]] = {Season: ("id", "name", "divisions", "start", "end"),
                                              Division: ("name", "groups"), Group: ("id", "name", "players")}
"""What every build reads of a kept season (its planners' outlines, the division charts, the
search index, the lists' addresses): a stand-in holds it; the rest is read from its blob when
first needed (sitegen.standins)."""

_COUNTING = frozenset((Outcome.WIN, Outcome.FORFEIT, Outcome.JIGO))
"""The outcomes that give gamepoints (``Result.counts``)."""
_NOT_PLAYED = (Outcome.UNPLAYED, Outcome.VOID)
"""The outcomes of games not counted as played (as in the standings)."""


def season_summary(season: Season) -> dict[str, Any]:
    """Return what the site-wide lists read of ``season`` beyond its skeleton
    (:class:`KeptApart`), as JSON values and game records, dates as ordinals:

    ``groups``: per group (divisions in order), each game as ``[black, white, outcome, winner's
    colour or None, date or None]`` (:func:`league_meetings`); ``dates``: per group, its latest
    counted game's date or None (:func:`_group_dates`); ``feed``: ``[games counted, the latest
    one's date or None]`` (:func:`_feed_of`); ``played``: the games played, the final round's
    included (:func:`_played`); ``newest``: the results that may be among the home page's
    newest (:func:`_season_results`, :func:`sitegen.pages.newest.contenders`), each as
    ``[group number, listed date, date, black, white, winner or None]``; ``records``: the game
    records in the order of :func:`league_records`."""
    final = season.final.games if season.final is not None else ()
    groups = _season_groups(season)
    rows = _decoded_rows(season)
    results = _season_results(season.start, rows)
    count, latest = _feed_of(rows)
    return {"groups": [[_row_of(game) for game in group.games] for group in groups],
            "dates": [_ordinal(date) for date in _group_dates(rows)],
            "feed": [count, _ordinal(latest)],
            "played": _played(rows, [_game_row(game) for game in final]),
            "newest": [[group, _ordinal(listed), _ordinal(date), black, white, winner]
                       for listed, date, _, group, black, white, winner
                       in (results[index] for index in contenders(results))],
            "records": [game.record for group in groups for game in group.games if game.record is not None]
                       + [game.record for game in final if game.record is not None]}


def _ordinal(date: dt.date | None) -> int | None:
    return None if date is None else date.toordinal()


def _row_of(game: Game) -> list[Any]:
    result = game.result
    return [game.black, game.white, result.outcome.value, None if result.winner is None else result.winner.value,
            _ordinal(game.date)]


_OUTCOMES = {outcome.value: outcome for outcome in Outcome}
_COLOURS: dict[str | None, Colour | None] = {None: None, **{colour.value: colour for colour in Colour}}


def _season_groups(season: Season) -> list[Group]:
    return [group for division in season.divisions for group in division.groups]


def _game_row(game: Game) -> GameRow:
    """Return ``game`` as a :data:`GameRow` (a game of a season decoded in this build)."""
    return (game.black, game.white, game.result.outcome, game.result.winner, game.date)


def _decoded_rows(season: Season) -> list[list[GameRow]]:
    """Return each group's games (divisions in order) of a season decoded in this build as
    :data:`GameRow` s."""
    return [[_game_row(game) for game in group.games] for group in _season_groups(season)]


def _group_rows(season: Season) -> list[list[GameRow]]:
    """Return each group's games (divisions in order) as :data:`GameRow` s: from the season's
    summary when it is a stand-in kept by the cache (:func:`read_summary`), else from its
    games."""
    kept, rows = _lists_of(season)
    return kept["rows"] if kept is not None else rows


def _rows_of(found: list, days: dict[int, dt.date]) -> list[GameRow]:
    """Return the rows of a summary (:func:`season_summary`) as :data:`GameRow` s (``days``:
    the dates made so far, by ordinal). Raises KeyError, ValueError or TypeError for a row
    that is not one."""
    rows = []
    outcomes, colours = _OUTCOMES, _COLOURS
    for black, white, outcome, winner, ordinal in found:
        date = None
        if ordinal is not None:
            date = days.get(ordinal)
            if date is None:
                date = days[ordinal] = dt.date.fromordinal(ordinal)
        rows.append((str(black), str(white), outcomes[outcome], colours[winner], date))
    return rows


def _date(ordinal: Any) -> dt.date | None:
    """A summary's date (an ordinal or None). Raises TypeError or ValueError for another value."""
    if ordinal is None:
        return None
    if type(ordinal) is not int:
        raise TypeError("a date's ordinal is a whole number")
    try:
        return dt.date.fromordinal(ordinal)
    except OverflowError:
        raise ValueError("a date's ordinal is out of range") from None


def _count(value: Any) -> int:
    """A summary's count. Raises TypeError or ValueError for another value."""
    if type(value) is not int:
        raise TypeError("a count is a whole number")
    if value < 0:
        raise ValueError("a count is not negative")
    return value


def _text(value: Any) -> str:
    """A summary's player id. Raises TypeError for another value."""
    if type(value) is not str:
        raise TypeError("a player id is text")
    return value


def read_summary(season: Season, found: Any) -> dict[str, Any]:
    """Return the summary (:func:`season_summary`) of the kept ``season`` (a stand-in: only its
    skeleton is read) as the build cache gives it back (JSON values, game records), each value
    checked and made what the lists read: ``rows``:
    per group, each game as a :data:`GameRow`; ``dates``: per group, a date or None; ``feed``:
    ``(games counted, date or None)``; ``played``: a count; ``newest``: :data:`SeasonResult` s
    (each group number one of the season's groups); ``records``: the game records
    (:class:`sitegen.ruleset.KeptApart`: the store calls it when the cache is opened).

    Raises KeyError, IndexError, TypeError or ValueError for anything else (a forged cache: the
    store then does not use it, before the build has planned anything)."""
    days: dict[int, dt.date] = {}
    rows = [_rows_of(group, days) for group in found["groups"]]
    dates = [_date(date) for date in found["dates"]]
    count, latest = found["feed"]
    newest: list[SeasonResult] = []
    for group, listed, date, black, white, winner in found["newest"]:
        if type(group) is not int or not 0 <= group < len(rows):
            raise ValueError("a result's group is not one of the season's")
        newest.append((_date(listed), _date(date), None, group, _text(black), _text(white),
                       None if winner is None else _text(winner)))
    records = list(found["records"])
    if not len(dates) == len(rows) == len(_season_groups(season)):
        raise ValueError("a season's summary has another number of groups")
    if not all(type(record) is GameRecord for record in records):
        raise TypeError("a game record is not one")
    return {"rows": rows, "dates": dates, "feed": (_count(count), _date(latest)),
            "played": _count(found["played"]), "newest": newest, "records": records}


# ------------------------------------------------------------------- one season's lists


def _season_results(start: dt.date | None, rows: list[list[GameRow]]) -> list[SeasonResult]:
    """Return the games of ``rows`` (per group) with a winner or a draw as
    :data:`SeasonResult` s; an undated game is listed by the date of the nearest dated game
    above it in its group, else the season's ``start``."""
    found: list[SeasonResult] = []
    win, forfeit, jigo, black_side = Outcome.WIN, Outcome.FORFEIT, Outcome.JIGO, Colour.BLACK
    for number, group in enumerate(rows):
        listed = start
        for black, white, outcome, winner, date in group:
            if date is not None:
                listed = date
            if outcome is not win and outcome is not forfeit and outcome is not jigo:
                continue
            found.append((listed, date, None, number, black, white,
                          None if winner is None else black if winner is black_side else white))
    return found


def _group_dates(rows: list[list[GameRow]]) -> list[dt.date | None]:
    """Return each group's latest date of a counted game (league D.1: a win, forfeit or jigo),
    None for a group without one."""
    counting = _COUNTING
    return [max((row[4] for row in group if row[4] is not None and row[2] in counting), default=None)
            for group in rows]


def season_group_dates(season: Season) -> list[dt.date | None]:
    """Return :func:`_group_dates` of a season decoded in this build, read from its games
    without decoding them into rows (``_group_dates(_decoded_rows(season))``, which is what
    the tests compare it with): each build of the dev server dates every season's groups, and
    the rows of a federation's 30 seasons were most of the time that took (issue 31)."""
    counting = _COUNTING
    return [max((game.date for game in group.games if game.date is not None and game.result.outcome in counting),
                default=None) for group in _season_groups(season)]


def _feed_of(rows: list[list[GameRow]]) -> tuple[int, dt.date | None]:
    """Return the number of counted games of ``rows`` and the latest date among them (None:
    none dated)."""
    counting = _COUNTING
    games = [row for group in rows for row in group if row[2] in counting]
    return len(games), max((row[4] for row in games if row[4] is not None), default=None)


def _played(rows: list[list[GameRow]], final: list[GameRow]) -> int:
    """Return the games of ``rows`` and of the final round ``final`` played (with a result, or
    ``?``: not unplayed nor void, as in the standings)."""
    not_played = _NOT_PLAYED
    return sum(1 for group in (*rows, final) for row in group if row[2] not in not_played)


def _lists_of(season: Season) -> tuple[dict[str, Any] | None, list[list[GameRow]]]:
    """Return ``(summary, [])`` for a kept season, ``(None, its rows)`` for a decoded one."""
    kept = kept_summary(season)
    return (kept, []) if kept is not None else (None, _decoded_rows(season))


# ------------------------------------------------------------------- the site-wide lists


def count_leagues(leagues: tuple[League, ...]) -> dict[str, int]:
    """The build summary's counts of ``leagues``: leagues, seasons, groups and the games played
    (with a result, or ``?``; a scheduled, unplayed or void game does not count, as in its
    standings), the final rounds' included."""
    seasons = [season for league in leagues for season in league.seasons]
    groups = [group for season in seasons for group in _season_groups(season)]
    games = 0
    for season in seasons:
        kept, rows = _lists_of(season)
        if kept is not None:
            games += kept["played"]
        else:
            final = season.final.games if season.final is not None else ()
            games += _played(rows, [_game_row(game) for game in final])
    return {"leagues": len(leagues), "seasons": len(seasons), "groups": len(groups), "games": games}


def league_results(leagues: tuple[League, ...]) -> list[Finished]:
    """Return the league games with a winner or a draw (:func:`_season_results`); of a season
    kept by the cache, only those that may be among the home page's newest (its summary's
    ``newest``: :func:`sitegen.pages.newest.contenders` of the same results).

    A list made in one loop, not a generator: a site-wide page goes through every result (issue
    29's Keep, issue 31: a generator's resumption per result was most of this pass)."""
    found: list[Finished] = []
    for league in leagues:
        for season in league.seasons:
            title = f"{isolated(league.name)} · {isolated(season.name)}"
            urls = [group_url(league, season, group) for group in _season_groups(season)]
            kept, rows = _lists_of(season)
            results = kept["newest"] if kept is not None else _season_results(season.start, rows)
            found += [(listed, date, title, urls[group], black, white, winner)
                      for listed, date, _, group, black, white, winner in results]
    return found


def league_records(leagues: tuple[League, ...]) -> Iterator[GameRecord]:
    """Yield the record of every league game and final-round game that has one
    (:class:`sitegen.ruleset.Gathered`)."""
    for league in leagues:
        for season in league.seasons:
            kept = kept_summary(season)
            if kept is not None:
                yield from kept["records"]
                continue
            for division in season.divisions:
                for group in division.groups:
                    yield from (g.record for g in group.games if g.record is not None)
            if season.final is not None:
                yield from (g.record for g in season.final.games if g.record is not None)


def league_meetings(leagues: tuple[League, ...]) -> list[Met]:
    """Return the league games with a win, forfeit or jigo (league D.1), from Black's side,
    dated by the game or the season's end (a list made in one loop: see :func:`league_results`)."""
    found: list[Met] = []
    jigo, win, forfeit, black_side = Outcome.JIGO, Outcome.WIN, Outcome.FORFEIT, Colour.BLACK
    for league in leagues:
        name = league.name
        for season in league.seasons:
            end = season.end
            for group, rows in zip(_season_groups(season), _group_rows(season)):
                url = group_url(league, season, group)
                for black, white, outcome, winner, date in rows:
                    if outcome is jigo:
                        points = HALF
                    elif outcome is win or outcome is forfeit:  # Black's points (league D.1)
                        points = ONE if winner is black_side else ZERO
                    else:
                        continue
                    found.append((black, white, points, date or end, name, url))
    return found


def league_dates(leagues: tuple[League, ...]) -> list[tuple[str, dt.date | None]]:
    """Return each group page's latest game date (:func:`_group_dates`), else the season's end
    (else start), for the group, its season and its league; a season without groups gives its
    end (else start)."""
    found: list[tuple[str, dt.date | None]] = []
    for league in leagues:
        league_page = league_url(league)
        for season in league.seasons:
            fallback = season.end or season.start
            season_page = season_url(league, season)
            kept = kept_summary(season)
            dates = kept["dates"] if kept is not None else season_group_dates(season)
            groups = _season_groups(season)
            for group, latest in zip(groups, dates):
                date = latest or fallback
                found += ((group_url(league, season, group), date), (season_page, date), (league_page, date))
            if not groups:
                found += ((season_page, fallback), (league_page, fallback))
    return found


def league_feed(leagues: tuple[League, ...], lang: Words) -> Iterator[dict[str, Any]]:
    """Yield one feed entry per league season with results (:func:`_feed_of`), dated by its
    latest game, else its end."""
    for league in leagues:
        for season in league.seasons:
            kept, rows = _lists_of(season)
            if kept is not None:
                count, latest = kept["feed"]
            else:
                count, latest = _feed_of(rows)
            date = latest or season.end
            if date is None or not count:
                continue
            yield {"id": f"results/{season_url(league, season)}",
                   "title": lang._("{competition}: results").format(competition=f"{isolated(league.name)} · {isolated(season.name)}"),
                   "url": season_url(league, season), "date": date,
                   "summary": lang.ngettext("{count} game with a result.", "{count} games with a result.",
                                            count).format(count=count)}
