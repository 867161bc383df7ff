"""The pages every site has: home (each rule set's section, news, pages), the Markdown pages
of ``content/pages`` and the 404 page."""

from __future__ import annotations

from itertools import count
from operator import itemgetter
from typing import Any, Iterator

from ..i18n import Words
from ..model import Content
from ..plan import FAR_PAST, Page, SitePlan
from ..ruleset import Finished
from ..rulesets import RULE_SETS
from ..urls import HOME, NOT_FOUND, page_url, player_url

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
    results = _finished(content)
    picked = _newest(results, limit)
    rows: list[dict[str, Any]] = []
    for index in picked:
        _listed, date, name, url, first, second, winner = results[index]
        a = {"name": names.get(first, first), "url": player_url(first)}
        b = {"name": names.get(second, second), "url": player_url(second)}
        row: dict[str, Any] = {"date": date, "competition": {"name": name, "url": url}}
        if winner is None:
            row["players"] = [a, b]
        else:
            row["winner"], row["loser"] = (a, b) if winner == first else (b, a)
        rows.append(row)
    return rows


def _newest(results: list[Finished], limit: int) -> list[int]:
    """Return the indexes of the results :func:`latest_results` lists, in its order: newest
    first by listed date (undated last), the later in the content first among equal dates; at
    most :data:`LATEST_PER_COMPETITION` of one competition's page, ``limit`` in all.

    :func:`_by_age` gives every index in that order; the first ones are taken."""
    picked: list[int] = []
    shown: dict[str, int] = {}
    if limit <= 0:
        return picked
    for index in _by_age(results):
        url = results[index][3]
        shown[url] = shown.get(url, 0) + 1
        if shown[url] <= LATEST_PER_COMPETITION:
            picked.append(index)
            if len(picked) == limit:
                break
    return picked


_FIRST = itemgetter(0)
"""A result's listed date (:data:`Finished`), and a sort key's date."""


def _by_age(results: list[Finished]) -> Iterator[int]:
    """Yield the indexes of ``results``, newest listed date first, the later in the content
    first among equal dates, then the undated ones, the later first (as sorting every result by
    ``(dated, date, index)``, newest first).

    The dated results' sort keys ``(date, index)`` are made and filtered in C (``zip``, ``map``,
    ``filter``: a date is never false), without a Python step per result: 204,000 results at
    issue 31's size, whose keys made in a comprehension were 0.17 s of a cached build's profile.
    The undated ones are looked for only when the dated ones did not fill the list. Picking
    the newest few with ``heapq.nlargest`` instead was slower: the content lists results in
    ascending dates (each one replaces the heap's top) and one season's thousands of newest
    games, all of one page, make it look at more and more."""
    dated = sorted(filter(_FIRST, zip(map(_FIRST, results), count())), reverse=True)
    yield from map(itemgetter(1), dated)
    yield from (index for index in range(len(results) - 1, -1, -1) if results[index][0] is None)


def _finished(content: Content) -> list[Finished]:
    """Return every result with a winner or a draw, in the content's order, rule set by rule set
    (each one's ``listed.finished``, lists put end to end; see :func:`latest_results`)."""
    found: list[Finished] = []
    for rule_set in RULE_SETS:
        found += rule_set.listed.finished(getattr(content, rule_set.field))
    return found
