"""The pages every site has: home (each rule set's section, news, pages), the Markdown pages
of ``content/pages`` and the 404 page."""

from __future__ import annotations

from typing import Any

from ..i18n import Words
from ..model import Content
from ..plan import FAR_PAST, Page, SitePlan
from ..ruleset import Finished
from ..rulesets import RULE_SETS
from ..urls import HOME, NOT_FOUND, page_url, player_url
from .newest import LATEST_PER_COMPETITION, LATEST_RESULTS, newest as _newest

__all__ = ["LATEST_PER_COMPETITION", "LATEST_RESULTS", "latest_results", "plan_home_and_pages"]


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
    latest entered (lowest in its file) first.

    ``limit`` is at most :data:`LATEST_RESULTS`: a unit kept by the build cache lists only the
    results that can be among so many (:func:`sitegen.pages.newest.contenders`); a larger one
    raises ValueError."""
    if limit > LATEST_RESULTS:
        raise ValueError(f"at most {LATEST_RESULTS} newest results are listed, not {limit}")
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


def _finished(content: Content) -> list[Finished]:
    """Return every result with a winner or a draw, in the content's order, rule set by rule set
    (each one's ``listed.finished``, lists put end to end; see :func:`latest_results`)."""
    found: list[Finished] = []
    for rule_set in RULE_SETS:
        found += rule_set.listed.finished(getattr(content, rule_set.field))
    return found
