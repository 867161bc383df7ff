"""The pages every site has: home (each rule set's section, news, pages), the Markdown pages
of ``content/pages`` and the 404 page."""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterator

from ..i18n import Words
from ..bidi import isolated
from ..model import Content
from ..model.common import Colour, Outcome
from ..model.ladder import LadderGame
from ..model.tournament import GameResult
from ..plan import FAR_PAST, Page, SitePlan
from ..urls import (HOME, NOT_FOUND, group_url, ladder_url, page_url, player_url,
                    swiss_round_url, tournament_url)

LATEST_RESULTS = 8
"""The home page lists this many of the newest results ..."""
LATEST_PER_COMPETITION = 4
"""... at most this many of one competition, so that a busy ladder leaves room for the others."""


def plan_home_and_pages(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add the Markdown pages, the home page (the rule sets' home sections, news, pages) and
    the 404 page to ``plan``."""
    pages = sorted(content.pages, key=lambda p: (p.order, p.slug))
    news = sorted((p for p in pages if p.kind == "news"), key=lambda p: (p.date or FAR_PAST, p.slug),
                  reverse=True)
    for page in pages:
        plan.add(Page(page_url(page.slug), "page.html", {
            "title": page.title, "body": page.body, "kind": page.kind, "date": page.date,
            "meta_description": page.description}))
    plan.add(Page(HOME, "home.html", {
        "title": content.config.title, "description": content.config.description,
        "sections": plan.home_sections,
        "news": [{"title": p.title, "url": page_url(p.slug), "date": p.date} for p in news],
        "pages": [{"title": p.title, "url": page_url(p.slug)} for p in pages if p.kind != "news"],
        "latest": latest_results(content)}))
    plan.add(Page(HOME, "404.html", {"title": lang._("Page not found")}, file_name=NOT_FOUND))


Finished = tuple[dt.date | None, dt.date | None, str, str, str, str, str | None]
"""One result: (the date it is listed by or None, the date shown or None, competition, its
page, first player, second player, winner or None for a draw)."""


def latest_results(content: Content, limit: int = LATEST_RESULTS) -> list[dict[str, Any]]:
    """Return the newest results of every competition for the home page, newest first:
    ``{date (None: not dated), competition: {name, url}, winner, loser: {name, url} (a win), or
    players: [a, b] (a draw)}``; at most :data:`LATEST_PER_COMPETITION` of one competition's page.

    A result is listed by its date: a league game's own, a ladder game's, a tournament game's
    the tournament's last day, a Swiss match's the tournament's date. A league game without a
    date (entered before ``sitegen result add`` dated games today) is listed by the latest
    date it can have, as its group's file says: that of the nearest game above it in the group
    that has one, else the season's start; it shows no date. A result with no date at all (a
    league game with no dated game above it in a season without a start, a tournament or Swiss
    tournament without a date) comes after every dated one. Ties keep the content's order,
    latest entered (lowest in its file) first."""
    names = {pid: p.name for pid, p in content.players.items()}
    found = sorted(enumerate(_finished(content)), reverse=True,
                   key=lambda item: (item[1][0] is not None, item[1][0] or dt.date.min, item[0]))
    rows: list[dict[str, Any]] = []
    shown: dict[str, int] = {}
    for _order, (_listed, date, name, url, first, second, winner) in found:
        if len(rows) == limit:
            break
        shown[url] = shown.get(url, 0) + 1
        if shown[url] > LATEST_PER_COMPETITION:
            continue
        a = {"name": names.get(first, first), "url": player_url(first)}
        b = {"name": names.get(second, second), "url": player_url(second)}
        row: dict[str, Any] = {"date": date, "competition": {"name": name, "url": url}}
        if winner is None:
            row["players"] = [a, b]
        else:
            row["winner"], row["loser"] = (a, b) if winner == first else (b, a)
        rows.append(row)
    return rows


def _finished(content: Content) -> Iterator[Finished]:
    """Yield every result with a winner or a draw, in the content's order (see
    :func:`latest_results`)."""
    yield from _league_finished(content)
    for t in content.tournaments:
        day = t.end or t.begin
        for g in t.games:
            if g.result in (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.JIGO):
                winner = (g.white if g.result is GameResult.WHITE_WINS else
                          g.black if g.result is GameResult.BLACK_WINS else None)
                yield (day, day, t.name, tournament_url(t), g.white, g.black, winner)
    for club in content.ladders:
        for event in club.ladder.events:
            if isinstance(event, LadderGame):
                winner = (event.white if event.winner is Colour.WHITE else
                          event.black if event.winner is Colour.BLACK else None)
                yield (event.date, event.date, club.name, ladder_url(club), event.white, event.black, winner)
    for swiss in content.swiss_leagues:
        for st in swiss.tournaments:
            for rnd in st.rounds:
                for match in rnd.matches:
                    result = match.result
                    if result is None or (result.is_forfeit and not any(result.present)):
                        continue
                    first, second = result.points()
                    winner = match.first if first > second else match.second if second > first else None
                    yield (st.date, st.date, f"{isolated(swiss.name)} · {isolated(st.name)}", swiss_round_url(swiss, st, rnd.number),
                           match.first, match.second, winner)


def _league_finished(content: Content) -> Iterator[Finished]:
    """Yield the league games with a winner or a draw; an undated game is listed by the date of
    the nearest dated game above it in its group, else the season's start."""
    for league in content.leagues:
        for season in league.seasons:
            title = f"{isolated(league.name)} · {isolated(season.name)}"
            for division in season.divisions:
                for group in division.groups:
                    listed = season.start
                    for game in group.games:
                        listed = game.date or listed
                        if game.result.outcome not in (Outcome.WIN, Outcome.FORFEIT, Outcome.JIGO):
                            continue
                        yield (listed, game.date, title, group_url(league, season, group), game.black,
                               game.white, game.winner())
