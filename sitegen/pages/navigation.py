"""What helps a reader find their way on every page: the header's menu of the site's
competitions and pages, and the search index (``search.json``) behind the header's search box.

The menu is plain links inside a ``<details>`` element, so it works without JavaScript; the
search box is a form that leads to the players index, and ``static/site.js`` turns it into a
search as you type over ``search.json``. Names there are folded by
:func:`sitegen.display.fold`, and the index carries the table the script folds typed text with,
so both fold alike.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from ..display import fold, fold_table
from ..i18n import Words
from ..model import Content
from ..model.common import Player
from ..plan import File, SitePlan
from ..rulesets import RULE_SETS
from ..urls import SEARCH_INDEX, page_url, player_url
from .players_index import filed_players

MENU_ITEMS = 8
"""At most this many links per kind of competition in the menu (the newest); the home page
lists them all."""

PLAYED_SHOWN = 3
"""A player's search entry names at most this many of their competitions."""


class Menu(list):
    """The header menu: a list of its own type, so that the keys of the site's pages can take
    it by one digest (sitegen.incremental registers it) rather than each pickling it: it was
    15 % of a player page's key at full size."""


def site_menu(content: Content, lang: Words) -> Menu:
    """Return the header menu: ``[{title, items: [{name, url}], more}]`` per kind of
    competition that the site has (each rule set's ``listed``, in the site's order) and its
    Markdown pages (news left out); ``more`` is True when links were left out. Between them
    the rules pages of the kinds the site has (each rule set's ``listed.rules``, named by its
    ``listed.title``), a group with ``row`` True: its links in a row (a phone's menu grows by
    two or three lines). A rule set's link there is the site's plain summary of its rules, its
    first Markdown page of the rule set's ``listed.summary`` kind (:func:`summary_page`: the
    leagues' ``rules``), when it has one: that
    page links the league rules id by id (``leagues/rules/``), and "Pages" leaves it out (one
    link to it in the menu, not two). Each link of that row says whose rules it explains
    (``of``: the rule set's name, ``leagues``) and the summary page's title (``summary``, ""
    when the link is to the rules page): the league, season and group pages and the league
    rules page link the summary by it (templates/macros/rules.html, stop 53)."""
    groups: list[dict[str, Any]] = []

    def add(title: str, items: list[dict[str, str]]) -> None:
        if items:
            groups.append({"title": title, "items": items[:MENU_ITEMS], "more": len(items) > MENU_ITEMS,
                           "row": False})

    for rule_set in RULE_SETS:
        add(lang._(rule_set.listed.title), [{"name": name, "url": url}
                                           for name, url in rule_set.listed.menu(getattr(content, rule_set.field))])
    rules = []
    for rule_set in RULE_SETS:
        if rule_set.listed.rules and getattr(content, rule_set.field):
            url, title = summary_page(content, rule_set.listed.summary)
            rules.append({"name": lang._(rule_set.listed.title), "url": url or rule_set.listed.rules,
                          "of": rule_set.name, "summary": title})
    if rules:
        groups.append({"title": lang._("The rules in plain words"), "items": rules, "more": False, "row": True})
    linked = {item["url"] for item in rules}  # the plain summary once, in the rules row
    pages = sorted((p for p in content.pages if p.kind != "news"), key=lambda p: (p.order, p.slug))
    add(lang._("Pages"), [{"name": p.title, "url": page_url(p.slug)} for p in pages
                          if page_url(p.slug) not in linked])
    return Menu(groups)


def summary_page(content: Content, kind: str) -> tuple[str, str]:
    """Return the address and title of the site's first Markdown page of ``kind`` by ``order``
    then slug (kind ``rules``: the demo's ``rules/``, "How the league works"), or ``("", "")``
    when it has none or ``kind`` is ""."""
    pages = sorted((p for p in content.pages if kind and p.kind == kind), key=lambda p: (p.order, p.slug))
    return (page_url(pages[0].slug), pages[0].title) if pages else ("", "")


def add_menu(plan: SitePlan, menu: list[dict[str, Any]]) -> None:
    """Give every page of ``plan`` the header menu (one list shared by all pages) and keep it
    as ``plan.menu`` for the pages planned later (:func:`sitegen.site.complete_plan`)."""
    plan.menu = menu
    for page in plan.pages:
        page.context.setdefault("menu", menu)


# --------------------------------------------------------------------------- search index


def search_index(content: Content, competitions: dict[str, set[str]], lang: Words,
                 filed: list[str] | None = None) -> bytes:
    """Return ``search.json``: ``{"fold": {character: folded}, "players": [[name, url, detail,
    folded], ...], "competitions": [[name, url, detail, folded], ...]}``.

    ``players``: every player, in the order of the players index
    (:func:`sitegen.display.player_order`: by family name where known), which the search box
    keeps among the names that match as well; ``detail`` is the rank and up to three
    competitions played (``competitions``: player id -> competition names), so two players of
    the same name can be told apart. ``competitions``: every league, season, group,
    tournament, ladder, Swiss league and tournament and Markdown page, sorted by folded name;
    ``detail`` says what it is and where it belongs, and the folded text includes that place
    (``2021-09 online`` finds the season of the Online league). URLs are relative to the
    site's root; ``fold`` is :func:`sitegen.display.fold_table` of every name. ``filed``: the
    players' ids in that order, when the caller has them (the players index sorts them too).
    """
    made = search_file(content, competitions, lang, filed).data
    assert callable(made)
    return made()


def search_file(content: Content, competitions: dict[str, set[str]], lang: Words,
                filed: list[str] | None = None) -> File:
    """Return ``search.json`` (:func:`search_index`) as a file made when it is written
    (:class:`sitegen.plan.File` with a function for its data): its key is the digest of what
    the function is given, the players' records in the index's order, each one's competitions
    played (sorted), the other entries and the site's words. A build with the cache then makes
    it only when one of those changed: a changed result seldom changes who played where, and
    making the 20,000 players' entries took 0.15-0.19 s of each cached build at full size
    (issue 31)."""
    ordered = filed_players(content) if filed is None else filed
    players = content.players
    entries = _competition_entries(content, lang)
    return File(SEARCH_INDEX, partial(search_bytes, [players[pid] for pid in ordered], ordered,
                                      [tuple(sorted(competitions.get(pid, ()))) for pid in ordered],
                                      entries, lang))


def search_bytes(players: list[Player], ids: list[str], played: list[tuple[str, ...]],
                 entries: list[list[str]], lang: Words) -> bytes:
    """Return the text of ``search.json`` (:func:`search_index`) from ``players`` in the order
    of the players index, their ``ids`` and their competitions played (``played``: each
    player's, sorted; same order), and the other ``entries`` (:func:`_competition_entries`)."""
    rows = []
    for p, pid, found in zip(players, ids, played):
        detail = [str(p.rank)] if p.rank else []
        if found:
            more = len(found) - PLAYED_SHOWN
            shown = ", ".join(found[:PLAYED_SHOWN])
            detail.append(shown if more <= 0 else lang._("{shown} and {more} more").format(shown=shown, more=more))
        rows.append([p.name, player_url(pid), " · ".join(detail), fold(p.name)])
    comps = sorted(entries, key=lambda item: (item[3], item[1]))
    names = [item[0] for item in rows] + [item[0] + " " + item[2] for item in comps]
    data = {"fold": fold_table(names), "players": rows, "competitions": comps}
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _competition_entries(content: Content, lang: Words) -> list[list[str]]:
    """Return ``[name, url, detail, folded name and detail]`` of everything but players."""
    entries: list[tuple[str, str, str]] = []
    for rule_set in RULE_SETS:
        entries += rule_set.listed.search(getattr(content, rule_set.field), lang)
    entries += [(p.title, page_url(p.slug), lang._("news") if p.kind == "news" else lang._("page")) for p in content.pages]
    return [[name, url, detail, fold(f"{name} {detail}")] for name, url, detail in entries]
