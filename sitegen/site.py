"""The site-wide part of the plan: what needs every rule set, and the check of its addresses.

The rule sets' planners (held by :mod:`sitegen.pipeline`) each add their pages, their entries
on the home page and their sections of the players' pages. :func:`complete_plan` then adds the
players' overviews and pages, the Markdown pages, home and 404
(:mod:`sitegen.pages.players`, :mod:`sitegen.pages.home`), the "last updated" dates, the feed
and the sitemap (:mod:`sitegen.pages.extras`) and the header menu of every page
(:mod:`sitegen.pages.navigation`), and checks that no two outputs want one address.
"""

from __future__ import annotations

from functools import partial

from .diagnostics import Diagnostic, SitegenError, command_pos
from .i18n import Words
from .model import Content
from .pages.extras import finish_site
from .pages.home import plan_home_and_pages
from .pages.navigation import add_menu, site_menu
from .pages.records import plan_records
from .pages.players import plan_player_extras, plan_players
from .pages.players_index import filed_players
from .plan import SitePlan


def complete_plan(content: Content, plan: SitePlan, lang: Words, check: bool = True) -> SitePlan:
    """Add what needs every rule set to ``plan`` (whose rule-set pages are planned): the players'
    overviews and pages, the Markdown pages, home, 404, dates, feed, sitemap and the header menu.
    Returns ``plan``; raises SitegenError for clashing paths (see :func:`check_paths`), unless
    ``check`` is False (an incremental build whose addresses are those of the last good build)."""
    # the order of the players index and of search.json (kept by a cached build whose players
    # did not change: sitegen.plan.NamesTable.filed)
    filed = plan.filed_players(content.players, partial(filed_players, content))
    overviews = plan_player_extras(content, plan, lang, filed)
    plan_players(content, plan, lang, filed, overviews)
    plan_home_and_pages(content, plan, lang)
    plan_records(content, plan)
    finish_site(content, plan, lang)
    # the menu the rule sets' pages were given, which the build's cache registered: the keys
    # of the pages added here take it by its digest (a menu made again here was pickled whole
    # in each player page's key, 15 % of it; issue 31)
    add_menu(plan, plan.menu if plan.menu is not None else site_menu(content, lang))
    if check:
        check_paths(plan)
    return plan


def check_paths(plan: SitePlan) -> None:
    """Raise SitegenError when two outputs want one path, or a file stands where a folder is.

    Ids come from the organizer (a group named ``final``, a page named ``search.json``), so
    clashes with generated pages are content errors, found here before anything is written.
    """
    paths = plan.paths()
    seen: set[str] = set()
    clashes: list[str] = []
    for path in paths:
        if path in seen:
            clashes.append(f"two pages of the site want the same address '{path}'")
        seen.add(path)
    folders = {folder for path in seen if "/" in path for folder in _parents(path.rsplit("/", 1)[0])}
    for path in sorted(seen & folders):
        clashes.append(f"'{path}' is both a file and a folder of the site")
    problems = [Diagnostic(command_pos("sitegen"), message, "site.path",
                           "rename the group, page, season or id that clashes with a page the "
                           "site makes itself") for message in sorted(set(clashes))]
    problems += [Diagnostic(command_pos("sitegen"), message, "site.path-case",
                            "give the two ids different names, or write both the same way")
                 for message in _case_clashes(seen | folders)]
    if problems:
        raise SitegenError(problems)


def _case_clashes(paths: set[str]) -> list[str]:
    """Windows and macOS do not tell upper from lower case in file names: two addresses that
    differ only so would be one file there (an organizer's local build, a downloaded copy).
    Only the first level that clashes is reported (not every file below it)."""
    first: dict[str, str] = {}
    clashing: set[str] = set()
    messages = []
    for path in sorted(paths, key=lambda p: (p.count("/"), p)):
        folded = path.casefold()
        if any(parent.casefold() in clashing for parent in _parents(path)[:-1]):
            continue
        other = first.setdefault(folded, path)
        if other != path:
            clashing.add(folded)
            messages.append(f"'{other}' and '{path}' differ only in upper and lower case, which "
                            "Windows and macOS take for the same file")
    return messages


def _parents(folder: str) -> list[str]:
    parts = folder.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


