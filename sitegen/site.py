"""Computed results -> the list of pages of the site (compute + page planning, no I/O).

Each :class:`Page` names its URL, its template and a context of plain values: templates
format, they do not compute. Machine-readable twins (``standings.json``) are :class:`File`.

``plan_site`` asks one planner per rule set (``sitegen/pages/*.py``) to add its pages, its
entries on the home page and its sections of the players' pages, then adds the pages every
site has: home, players, Markdown pages and 404.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from .model import Content
from .model.common import Colour, Game, Outcome


@dataclass(frozen=True)
class Page:
    """One HTML page: ``url`` is a folder path such as ``leagues/iglo/`` (``""`` = home).

    ``deferred``, when set, returns the rest of the context (keys added to ``context``): the
    large tables of a page are then built by the render workers, in parallel, rather than
    while planning. It must be a picklable callable (e.g. ``functools.partial``) of plain data.
    """

    url: str
    template: str
    context: dict[str, Any]
    file_name: str = "index.html"
    deferred: Callable[[], dict[str, Any]] | None = None

    @property
    def path(self) -> str:
        return self.url + self.file_name

    def full_context(self) -> dict[str, Any]:
        """Return the context with the deferred part made (made anew on each call)."""
        if self.deferred is None:
            return self.context
        return {**self.context, **self.deferred()}


@dataclass(frozen=True)
class File:
    """A non-HTML output file: its bytes, or a function making them when the site is written.

    Deferred files (e.g. the CSV twins) are made by the render workers, in parallel.
    """

    path: str
    data: bytes | Callable[[], bytes]

    def content(self) -> bytes:
        """Return the file's bytes, making them if they were deferred."""
        return self.data() if callable(self.data) else self.data


class JsonData:
    """The deferred data of a JSON file: ``make()`` returns the document (plain dicts, lists,
    text, numbers); calling the object gives the file's bytes (compact UTF-8 JSON).

    The last document made is kept, so that the CSV twin written right after its JSON file
    (sitegen.pages.extras) does not make it again. ``make`` must be picklable.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def document(self) -> Any:
        return made_last(self, self.make)

    def __call__(self) -> bytes:
        return (json.dumps(self.document(), ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")

    def __reduce__(self):
        return (JsonData, (self.make,))


def made_last(key: Any, make: Callable[[], Any]) -> Any:
    """Return ``make()``, or the value made last when it was made for an equal ``key``.

    A render worker makes a page and then the files of its folder one after the other
    (sitegen.render): they share what the first of them computed (a round's standings, a JSON
    document for its CSV twin) through this one remembered value, instead of each computing it.
    """
    global _LAST_MADE
    if _LAST_MADE[0] is None or _LAST_MADE[0] != key:
        value = make()
        _LAST_MADE = (key, value)
        return value
    return _LAST_MADE[1]


_LAST_MADE: tuple[Any, Any] = (None, None)


@dataclass(frozen=True)
class PlayerSection:
    """A part of a player's page contributed by one rule set.

    ``template`` renders ``data`` (as ``entry``); sections are shown newest first by ``sort_key``.
    ``make``, when set, makes ``data`` while the page is rendered (by a render worker), from
    indexes built once for every player; a section it makes None for is left out.
    """

    template: str
    sort_key: tuple
    data: dict[str, Any] | None
    make: Callable[[], dict[str, Any] | None] | None = None


@dataclass
class SitePlan:
    """Everything to render: pages, ready-made files, home-page sections, player sections."""

    pages: list[Page] = field(default_factory=list)
    files: list[File] = field(default_factory=list)
    home_sections: list[dict[str, Any]] = field(default_factory=list)
    """``{"title": ..., "items": [{"name", "url", "detail", "more"}]}`` per rule set, in order;
    ``more`` is None or a ``{"name", "url"}`` link shown after the detail."""
    player_sections: dict[str, list[PlayerSection]] = field(default_factory=dict)

    def add_player_section(self, player_id: str, section: PlayerSection) -> None:
        self.player_sections.setdefault(player_id, []).append(section)


FAR_PAST = dt.date(1, 1, 1)
"""Sort key for a missing date."""


# --------------------------------------------------------------------------- formatting


@functools.lru_cache(maxsize=8192)
def format_points(value: Fraction | int | None) -> str:
    """Return ``value`` with halves and quarters as ½, ¼, ¾ (``3½``, ``¼``, ``-1½``)."""
    if value is None:
        return ""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    glyph = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return sign + str(round(float(value), 2))
    if whole == 0 and glyph:
        return sign + glyph
    return f"{sign}{int(whole)}{glyph}"


def json_number(value: Fraction | int | None) -> int | float | None:
    """Return an exact JSON number: an int, or a float for halves and quarters (exact in binary)."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def fold(text: str) -> str:
    """Return ``text`` lower-cased without accents (``Étienne`` -> ``etienne``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_order(name: str) -> tuple:
    """Return a sort key for people's names: accents and case ignored, numbers in number order
    (``Clément`` before ``Clio``, ``Player 2`` before ``Player 10``)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", fold(name)) if part)


@functools.lru_cache(maxsize=1 << 16)
def player_url(player_id: str) -> str:
    """Return the address of a player's page (one shared string per player: the plan of a
    federation holds it a million times, and pickles it once)."""
    return f"players/{player_id}/"


# --------------------------------------------------------------------------- cells


CELL_TEXT = {
    "win": ("1", "won"), "loss": ("0", "lost"), "jigo": ("½", "jigo (draw)"),
    "forfeit-win": ("+", "won by forfeit"), "forfeit-loss": ("−", "lost by forfeit"),
    "unknown": ("?", "result unknown"), "void": ("v", "void"), "unplayed": ("·", "not played"),
}


def game_cell(game: Game | None, player: str) -> dict[str, str]:
    """Describe ``game`` from ``player``'s side for a crosstable cell or a games list: ``kind``
    (win, loss, jigo, forfeit-win, ...), ``symbol``, ``colour`` (b, w or empty) and its
    ``colour_name``, ``outcome_words`` (e.g. "won"), ``words`` (with the colour) and ``result``."""
    if game is None:
        kind = "unplayed"
    else:
        outcome = game.result.outcome
        if outcome is Outcome.JIGO:
            kind = "jigo"
        elif outcome in (Outcome.WIN, Outcome.FORFEIT):
            won = game.winner() == player
            kind = ("forfeit-" if outcome is Outcome.FORFEIT else "") + ("win" if won else "loss")
            if outcome is Outcome.WIN:
                kind = "win" if won else "loss"
        elif outcome is Outcome.UNKNOWN:
            kind = "unknown"
        elif outcome is Outcome.VOID:
            kind = "void"
        else:
            kind = "unplayed"
    symbol, outcome_words = CELL_TEXT[kind]
    colour = colour_name = ""
    words = outcome_words
    if game is not None and game.colours_known:
        colour = "b" if game.colour_of(player) is Colour.BLACK else "w"
        colour_name = "Black" if colour == "b" else "White"
        words = _WITH_COLOUR[(outcome_words, colour_name)]
    return {"kind": kind, "symbol": symbol, "colour": colour, "colour_name": colour_name,
            "words": words, "outcome_words": outcome_words,
            "result": _result_text(game.result) if game is not None and game.colours_known else ""}


_WITH_COLOUR = {(words, colour): f"{words} with {colour}"
                for _, words in CELL_TEXT.values() for colour in ("Black", "White")}


@functools.lru_cache(maxsize=4096)
def _result_text(result: Any) -> str:
    """``str(result)``, one shared string per distinct result."""
    return str(result)


# --------------------------------------------------------------------------- planning


def rule_set_planners() -> dict[str, Callable[[Content, "SitePlan"], None]]:
    """Return the page planner of each rule set (``validate.RULE_SETS``), in the order their
    pages and sections appear. A planner reads only the players and its own rule set."""
    from .pages.ladder import plan_ladders
    from .pages.league import plan_leagues
    from .pages.swiss import plan_swiss
    from .pages.tournament import plan_tournaments

    return {"leagues": plan_leagues, "tournaments": plan_tournaments, "ladders": plan_ladders,
            "swiss": plan_swiss}


def plan_site(content: Content) -> SitePlan:
    """Return every page and file of the site for ``content``. Raises SitegenError for clashing
    paths (see :func:`check_paths`)."""
    plan = SitePlan()
    for planner in rule_set_planners().values():
        planner(content, plan)
    return complete_plan(content, plan)


def complete_plan(content: Content, plan: SitePlan) -> SitePlan:
    """Add what needs every rule set to ``plan`` (whose rule-set pages are planned): the players'
    overviews and pages, the Markdown pages, home, 404, the CSV twins, dates, feed and sitemap.
    Returns ``plan``; raises SitegenError for clashing paths."""
    from .pages.extras import finish_site  # CSV twins, updated dates, feed, sitemap
    from .pages.players import plan_player_extras

    plan_player_extras(content, plan)
    _plan_players(content, plan)
    _plan_pages(content, plan)
    finish_site(content, plan)
    check_paths(plan)
    return plan


def merge_plans(parts: list[SitePlan]) -> SitePlan:
    """Join rule-set plans made apart, in order: the same plan as planning them one after another."""
    plan = SitePlan()
    for part in parts:
        plan.pages.extend(part.pages)
        plan.files.extend(part.files)
        plan.home_sections.extend(part.home_sections)
        for player, sections in part.player_sections.items():
            plan.player_sections.setdefault(player, []).extend(sections)
    return plan


def check_paths(plan: SitePlan) -> None:
    """Raise SitegenError when two outputs want one path, or a file stands where a folder is.

    Ids come from the organizer (a group named ``final``, a page named ``search.json``), so
    clashes with generated pages are content errors, found here before anything is written.
    """
    from .diagnostics import Diagnostic, SitegenError, command_pos

    paths = [page.path for page in plan.pages] + [file.path for file in plan.files]
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


def _plan_players(content: Content, plan: SitePlan) -> None:
    for pid, player in sorted(content.players.items()):
        sections = sorted(plan.player_sections.get(pid, []), key=lambda s: s.sort_key, reverse=True)
        context = {"title": player.name, "player": {
            "id": pid, "name": player.name, "rank": str(player.rank) if player.rank else "",
            "rating": player.rating, "club": player.club or "", "country": player.country or ""}}
        if any(section.make is not None for section in sections):
            plan.pages.append(Page(player_url(pid), "player.html", context,
                                   deferred=functools.partial(_made_sections, sections)))
        else:
            plan.pages.append(Page(player_url(pid), "player.html", {**context, "sections": sections}))
    index = sorted(({"name": p.name, "url": player_url(pid), "id": pid} for pid, p in content.players.items()),
                   key=lambda item: (name_order(item["name"]), item["id"]))
    letters: dict[str, list[dict[str, str]]] = {}
    for item in index:
        first = fold(item["name"][:1]).upper()
        letters.setdefault(first if first.isalpha() else "#", []).append(item)
    plan.pages.append(Page("players/", "players.html", {
        "title": "Players", "letters": sorted(letters.items())}))


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


def _plan_pages(content: Content, plan: SitePlan) -> None:
    pages = sorted(content.pages, key=lambda p: (p.order, p.slug))
    news = sorted((p for p in pages if p.kind == "news"), key=lambda p: (p.date or FAR_PAST, p.slug),
                  reverse=True)
    for page in pages:
        plan.pages.append(Page(f"{page.slug}/", "page.html", {
            "title": page.title, "body": page.body, "kind": page.kind, "date": page.date}))
    plan.pages.append(Page("", "home.html", {
        "title": content.config.title, "description": content.config.description,
        "sections": plan.home_sections,
        "news": [{"title": p.title, "url": f"{p.slug}/", "date": p.date} for p in news],
        "pages": [{"title": p.title, "url": f"{p.slug}/"} for p in pages if p.kind != "news"]}))
    plan.pages.append(Page("", "404.html", {"title": "Page not found"}, file_name="404.html"))
