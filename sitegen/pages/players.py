"""What the player pages gather across competitions: head-to-head records, the division path
chart, and the search index (``search.json``) behind the players page's search box.

Every rule set already adds its own section to a player's page (league seasons, tournaments,
ladder rung history with its chart, Swiss leagues). This planner adds one more section at the
top: the division per season in each league (an SVG chart from :mod:`sitegen.svg`) and the
records against frequent opponents over all competitions. The ladder's rung-over-time chart is
drawn by :mod:`sitegen.pages.ladder` and not repeated here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Iterator

from ..bidi import isolated
from ..model import Content
from ..model.common import Colour, Outcome
from ..model.ladder import LadderGame
from ..model.tournament import GameResult
from ..display import format_points, name_order, profile_links
from ..i18n import Words
from .navigation import search_index
from .players_index import plan_players_index
from ..plan import FAR_PAST, File, Page, PlayerSection, SitePlan
from ..svg import DivisionPoint, division_chart
from ..urls import (SEARCH_INDEX, group_url, ladder_url, league_url, player_url,
                    swiss_league_url, swiss_tournament_url, tournament_url)

FREQUENT = 2
"""Opponents met at least this many times get a head-to-head row."""
HEAD_TO_HEAD_ROWS = 12
"""At most this many head-to-head rows per player (the most frequent opponents)."""
OVERVIEW = (dt.date.min,)
"""Sort key of the overview section (division charts, head-to-head): below every competition's
section (shown newest first), after the results (issue 27: "how am I doing and what is next",
then results)."""
NOW = (dt.date.max, "now")
"""Sort key of the current competitions' section: first of all."""


@dataclass(frozen=True)
class Meeting:
    """One counted result between two players, from ``player``'s side.

    ``points`` is 1 for a win (forfeit wins too), 1/2 for a jigo or a drawn match, 0 for a loss.
    """

    player: str
    opponent: str
    points: Fraction
    date: dt.date | None
    competition: str
    url: str


ONE, ZERO, HALF = Fraction(1), Fraction(0), Fraction(1, 2)
Result = tuple[str, str, Fraction, "dt.date | None", str, str]
"""One counted result: (player, opponent, the player's points, date, competition, url)."""


def meetings(content: Content) -> list[Meeting]:
    """Return every counted result of every competition, twice (once from each side).

    Leagues: games with a win, forfeit or jigo (league D.1), dated by the game or the season's
    end. Tournaments: games won by one side or drawn (both-win, both-lose and unknown results
    left out), dated by the tournament's last day. Ladders: every game (ladder: club ladder).
    Swiss leagues: each match counts once (1-0 and 2-1 are wins, 1-1 a draw, a forfeit a win
    for the player present; ``--`` left out), dated by the tournament's date.
    """
    found: list[Meeting] = []
    for a, b, points_a, date, name, url in _results(content):
        found.append(Meeting(a, b, points_a, date, name, url))
        found.append(Meeting(b, a, _other_side(points_a), date, name, url))
    return found


def _other_side(points: Fraction) -> Fraction:
    """Return ``1 - points`` (the opponent's points), without arithmetic for 1, 0 and ½."""
    if points is ONE:
        return ZERO
    if points is ZERO:
        return ONE
    if points is HALF:
        return HALF
    return 1 - points


def _results(content: Content) -> Iterator[Result]:
    """Yield every counted result of :func:`meetings` once, from the first player's side."""
    jigo, win, forfeit = Outcome.JIGO, Outcome.WIN, Outcome.FORFEIT
    for league in content.leagues:
        for season in league.seasons:
            for division in season.divisions:
                for group in division.groups:
                    url = group_url(league, season, group)
                    name = league.name
                    for game in group.games:
                        result = game.result
                        outcome = result.outcome
                        if outcome is jigo:
                            points = HALF
                        elif outcome is win or outcome is forfeit:  # Black's points (league D.1)
                            points = ONE if result.winner is Colour.BLACK else ZERO
                        else:
                            continue
                        yield (game.black, game.white, points, game.date or season.end, name, url)
    for t in content.tournaments:
        url, date = tournament_url(t), t.end or t.begin
        for tournament_game in t.games:
            if tournament_game.result is GameResult.WHITE_WINS:
                points = ONE
            elif tournament_game.result is GameResult.BLACK_WINS:
                points = ZERO
            elif tournament_game.result is GameResult.JIGO:
                points = HALF
            else:
                continue
            yield (tournament_game.white, tournament_game.black, points, date, t.name, url)
    for club in content.ladders:
        url = ladder_url(club)
        for event in club.ladder.events:
            if not isinstance(event, LadderGame):
                continue  # a re-grading
            if event.winner is None:
                points = HALF
            else:
                points = ONE if event.winner is Colour.WHITE else ZERO
            yield (event.white, event.black, points, event.date, club.name, url)
    for swiss in content.swiss_leagues:
        for swiss_tournament in swiss.tournaments:
            for rnd in swiss_tournament.rounds:
                for match in rnd.matches:
                    match_result = match.result
                    if match_result is None or (match_result.is_forfeit and not any(match_result.present)):
                        continue
                    yield (match.first, match.second, match_result.points()[0], swiss_tournament.date,
                           swiss.name, swiss_tournament_url(swiss, swiss_tournament))


Record = tuple[Fraction, "dt.date | None", str]
"""One result against one opponent: (points, date, competition url)."""


def head_to_head(found: list[Meeting], player: str, names: dict[str, str],
                 lang: Words, minimum: int = FREQUENT, limit: int = HEAD_TO_HEAD_ROWS) -> list[dict[str, Any]]:
    """Return ``player``'s records against opponents met at least ``minimum`` times.

    Rows ``{name, url, games, wins, losses, draws, score, last}`` (score in points: wins plus
    half the draws), most games first, then by name; at most ``limit`` rows.
    """
    by_opponent: dict[str, list[Record]] = {}
    for m in found:
        if m.player == player:
            by_opponent.setdefault(m.opponent, []).append((m.points, m.date, m.url))
    return _head_to_head_rows(by_opponent, names, minimum, limit, lang)


def _head_to_head_rows(by_opponent: dict[str, list[Record]], names: dict[str, str],
                       minimum: int, limit: int, lang: Words) -> list[dict[str, Any]]:
    """Return the rows of :func:`head_to_head` from one player's results by opponent."""
    rows: list[dict[str, Any]] = []
    for opponent, ms in by_opponent.items():
        if len(ms) < minimum:
            continue
        wins = sum(1 for points, _, _ in ms if points == 1)
        losses = sum(1 for points, _, _ in ms if points == 0)
        dates = [date for _, date, _ in ms if date is not None]
        rows.append({"id": opponent, "name": names.get(opponent, opponent), "url": player_url(opponent),
                     "games": len(ms), "wins": wins, "losses": losses, "draws": len(ms) - wins - losses,
                     "score": format_points(sum((points for points, _, _ in ms), Fraction(0)), lang),
                     "last": max(dates) if dates else None,
                     "competitions": len({url for _, _, url in ms})})
    rows.sort(key=lambda r: (-r["games"], name_order(r["name"]), r["id"]))
    return rows[:limit]


@dataclass(frozen=True)
class LeaguePaths:
    """One league's seasons for the division charts, worked out once per build."""

    league: Any
    seasons: list
    """The seasons in date order."""
    where: list[dict[str, str]]
    """Per season (same order): ``{player: division}`` (the first division listing them)."""
    order: list[str]
    """The division letters from the top down, as the seasons list them."""
    played: dict[str, list[int]]
    """Per player: the indexes of the seasons they played, ascending."""
    points: list[dict[str | None, DivisionPoint]]
    """Per season (same order): the chart point of each division, and of None (not played),
    shared by every player's path (points are immutable)."""


def season_divisions(content: Content) -> list[LeaguePaths]:
    """Return, per league of ``content`` (same order), its :class:`LeaguePaths`.

    Computed once per build so :func:`division_paths` costs O(seasons) per player.
    """
    index = []
    for league in content.leagues:
        seasons = sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id))
        maps = []
        played: dict[str, list[int]] = {}
        for number, season in enumerate(seasons):
            where: dict[str, str] = {}
            for d in season.divisions:
                for g in d.groups:
                    for p in g.players:
                        if p not in where:
                            where[p] = d.name
                            played.setdefault(p, []).append(number)
            maps.append(where)
        order: list[str] = []
        for season in seasons:  # division letters from the top down, as the seasons list them
            for d in season.divisions:
                if d.name not in order:
                    order.append(d.name)
        order.sort(key=lambda name: (len(name), name))
        points = [{division: DivisionPoint(season.id, division)
                   for division in (None, *(d.name for d in season.divisions))}
                  for season in seasons]
        index.append(LeaguePaths(league, seasons, maps, order, played, points))
    return index


def division_paths(content: Content, player: str,
                   index: list[LeaguePaths] | None = None) -> list[dict[str, Any]]:
    """Return one chart per league the player played in: the division of every season from the
    player's first to last season there (seasons missed in between break the line).

    ``index``: :func:`season_divisions` of ``content``, when already computed."""
    if index is None:
        index = season_divisions(content)
    charts = []
    for paths in index:
        played = paths.played.get(player, ())
        if len(played) < 2:
            continue  # one season: the section of that season says it all
        path = [paths.points[k][paths.where[k].get(player)]
                for k in range(played[0], played[-1] + 1)]
        charts.append({"league": paths.league.name, "url": league_url(paths.league),
                       "seasons": len(played), "path": path, "order": paths.order})
    return charts


def plan_player_extras(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add each player's overview section (division charts, head-to-head) and ``search.json``.

    The overview is made by the render worker that renders the page, from the player's own
    results and division path (worked out here once per build): the function and its arguments
    are all it depends on."""
    names = plan.player_names(content.players)
    competitions: dict[str, set[str]] = {}
    by_player: dict[str, dict[str, list[Record]]] = {}  # player -> opponent -> results
    for a, b, points_a, date, name, url in _results(content):
        competitions.setdefault(a, set()).add(name)
        competitions.setdefault(b, set()).add(name)
        by_player.setdefault(a, {}).setdefault(b, []).append((points_a, date, url))
        by_player.setdefault(b, {}).setdefault(a, []).append((_other_side(points_a), date, url))
    index = season_divisions(content)
    for pid in sorted(content.players):
        plan.add_player_section(pid, PlayerSection("partials/player_overview.html", OVERVIEW, None,
                                                   make=partial(_overview, pid, names,
                                                                by_player.get(pid, {}),
                                                                division_paths(content, pid, index), lang)))
    plan.add_file(File(SEARCH_INDEX, search_index(content, competitions, lang)))


def _overview(pid: str, names: dict[str, str], opponents: dict[str, list[Record]],
              paths: list[dict[str, Any]], lang: Words) -> dict[str, Any] | None:
    """Return the overview section's data of player ``pid``, or None when it would be empty;
    ``paths``: the player's :func:`division_paths`."""
    charts = []
    for number, chart in enumerate(paths, start=1):
        title = lang._("{player}'s division in {league}, season by season").format(player=names[pid], league=chart["league"])
        charts.append({"league": chart["league"], "url": chart["url"], "title": title,
                       "svg": division_chart(chart["path"], chart["order"], title, f"path-{number}", lang),
                       "rows": [{"season": point.label, "division": point.division} for point in chart["path"]]})
    rows = _head_to_head_rows(opponents, names, FREQUENT, HEAD_TO_HEAD_ROWS, lang)
    if not charts and not rows:
        return None
    return {"name": names[pid], "charts": charts, "head_to_head": rows, "minimum": FREQUENT}


# --------------------------------------------------------------------------- a season's games


# --------------------------------------------------------------------------- player pages


SWISS_SECTION = "partials/player_swiss.html"


def plan_players(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add every player's page (the sections the rule sets gave, newest first) and the
    players' index (A-Z, a page per letter: :mod:`sitegen.pages.players_index`) to ``plan``.

    A page's sections are its deferred context (:func:`_page_sections`): they are read and
    arranged only when the page is rendered. A build with the cache keeps most player pages
    as they were, and their kept sections are then never decoded (issue 31: decoding every
    kept section was 0.6 s of a cached build after one result at scale 0.3)."""
    open_swiss = tuple(sorted(swiss_league_url(league) for league in content.swiss_leagues
                              if _swiss_open(league)))
    for pid, player in sorted(content.players.items()):
        sections = sorted(plan.player_sections.get(pid, []), key=lambda s: s.sort_key, reverse=True)
        context = {"title": player.name, "player": {
            "id": pid, "name": player.name, "rank": str(player.rank) if player.rank else "",
            "rating": player.rating, "club": player.club or "", "country": player.country or "",
            "profiles": profile_links(player.egd_pin, player.ogs, player.kgs)}}
        # Only a player with a Swiss league's section depends on which are in progress (its
        # template is known without reading a kept section's data).
        swiss = open_swiss if any(section.template == SWISS_SECTION for section in sections) else ()
        plan.add(Page(player_url(pid), "player.html", context,
                      deferred=partial(_page_sections, sections, swiss, lang)))
    plan_players_index(content, plan, lang)


def _page_sections(sections: list[PlayerSection], open_swiss: tuple[str, ...],
                   lang: Words) -> dict[str, Any]:
    """Return a player page's deferred context, ``{"sections": ...}``: ``sections`` (newest
    first) with the current competitions first (:func:`_with_current`; ``open_swiss``: the
    urls of the Swiss leagues in progress) and each section that is made while the page is
    rendered made (or left out if empty). Raises sitegen.incremental.sections.DamagedSection
    for a kept section whose copy in the build cache changed."""
    return _made_sections(_with_current(sections, set(open_swiss), lang))


def _swiss_open(league: Any) -> bool:
    """Return True while a Swiss league is in progress: fewer tournaments than its settings
    say, a tournament with fewer rounds than its settings say, or a match without a result."""
    if len(league.tournaments) < league.settings.tournaments:
        return True
    return any(len(t.rounds) < t.settings.rounds or any(m.result is None for r in t.rounds for m in r.matches)
               for t in league.tournaments)


def _with_current(sections: list[PlayerSection], open_swiss: set[str], lang: Words) -> list[PlayerSection]:
    """Return ``sections`` (newest first) with a "current competitions" section first when the
    player has one: each league season in progress, tournament in progress, Swiss league in
    progress (its url in ``open_swiss``) and ladder, with place, score and the games to play.
    The "next game" sections of tournaments and Swiss leagues go into their competition's entry
    (or an entry of their own) and are left out of the list."""
    cards: list[dict[str, Any]] = []
    rest: list[PlayerSection] = []
    nexts: list[dict[str, Any]] = []
    for section in sections:
        data, template = section.data, section.template
        if template == "partials/player_next.html" and data is not None:
            nexts.append(data)
            continue
        rest.append(section)
        if data is None:
            continue
        if template == "partials/player_league.html" and data.get("in_progress"):
            cards.append({"kind": "league", "name": f"{isolated(data['league'])} · {isolated(data['season'])}", "url": data["url"],
                          "entry": data, "next": [_league_next(game, data, lang) for game in data["to_play"]]})
        elif template == "partials/player_tournament.html" and (
                data["after_round"] != data["rounds"] or data["provisional"]):
            cards.append({"kind": "tournament", "name": data["tournament"], "url": data["url"],
                          "entry": data, "next": []})
        elif template == SWISS_SECTION and data["url"] in open_swiss:
            cards.append({"kind": "swiss", "name": data["league"], "url": data["url"], "entry": data, "next": []})
        elif template == "partials/player_ladder.html":
            cards.append({"kind": "ladder", "name": data["ladder"], "url": data["url"], "entry": data, "next": []})
    for pairing in nexts:
        card = next((c for c in cards if c["kind"] in ("tournament", "swiss")
                     and pairing["url"].startswith(c["url"])), None)
        if card is None:
            card = {"kind": "next", "name": pairing["competition"], "url": pairing["url"], "entry": {}, "next": []}
            cards.append(card)
        card["next"].append({"opponent": pairing["opponent"], "side": pairing["colour"],
                             "handicap": pairing["handicap"], "round": pairing["round"],
                             "board": pairing["board"], "competition": pairing["competition"],
                             "url": pairing["url"], "record": pairing["record"], "deadline": None})
    if not cards:
        return rest
    return [PlayerSection("partials/player_now.html", NOW, {"cards": cards}), *rest]


def _league_next(game: dict[str, Any], season: dict[str, Any], lang: Words) -> dict[str, Any]:
    """Return a league game still to play (a row of :func:`sitegen.pages.league_games.league_games`) as a next game."""
    stones = game["handicap"]
    return {"opponent": {"name": game["opponent"], "url": game["opponent_url"]}, "side": game["side"],
            "handicap": lang.ngettext("{stones} stone", "{stones} stones", stones).format(stones=stones)
            if stones else "",
            "round": None, "board": None, "competition": season["league"], "url": season["url"],
            "record": game["record"], "deadline": season["end"]}


def _made_sections(sections: list[PlayerSection]) -> dict[str, Any]:
    """Return ``{"sections": ...}`` with each deferred section made (or left out if empty)."""
    made = []
    for section in sections:
        if section.make is None:
            made.append(section)
        else:
            data = section.make()
            if data is not None:
                made.append(PlayerSection(section.template, section.sort_key, data))
    return {"sections": made}
