"""What a rule set is, for the rest of sitegen: one :class:`RuleSet` per rule set (league,
tournament, ladder, Swiss league), defined beside its planner (``pages/<name>.py``) and listed
once, in site order, in :data:`sitegen.rulesets.RULE_SETS`.

Everything that treats the rule sets alike iterates that tuple: the load path of every command
(:mod:`sitegen.rulesets`), the build's split over two processes and its planning
(:mod:`sitegen.pipeline`), the build's summary (:mod:`sitegen.census`), the header menu, the
search index (:mod:`sitegen.pages.navigation`) and the home page's latest results
(:mod:`sitegen.pages.home`), which unit reads a content file (:func:`sitegen.depends.unit_of`),
what a cached build keeps of a unit (:mod:`sitegen.incremental.reuse`), ``sitegen result add``
(:mod:`sitegen.results.target`, :mod:`sitegen.results.reply`, :mod:`sitegen.commands.result`),
the player pages' cards and head-to-head records (:mod:`sitegen.pages.players`), the SGF copies
(:mod:`sitegen.pages.records`), and the "last updated" dates and the feed
(:mod:`sitegen.pages.extras`). What is one rule set's alone (``league next-season``, ``pair``,
``handicap``, ``import``, a player's division path chart) finds its description in that tuple
by its model class (:func:`sitegen.rulesets.holding`). No module outside the descriptions names
a rule set to choose what to do, or reads a rule set's tuple of the content itself
(tests/test_rule_sets.py).
"""

from __future__ import annotations

import datetime as dt
import functools
import importlib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

if TYPE_CHECKING:
    import gettext

    from .diagnostics import Diagnostics
    from .i18n import Words
    from .model import Content
    from .model.common import GameRecord, Player
    from .facts import Fact
    from .plan import SitePlan
    from .results.request import ResultRequest
    from .validate.league import PlayerRefs


def entry_step(module: str, name: str) -> Callable[..., Any]:
    """Return a step of ``sitegen result add`` for an :class:`Entered` (``name`` in ``module``,
    a module of :mod:`sitegen.results` such as ``"check"``) that imports its module when first
    called: a build describes every rule set but enters no result, so it does not import the
    result-entry modules (issue 31: 10-20 ms of each cached build)."""

    def step(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(f"sitegen.results.{module}"), name)(*args, **kwargs)

    step.__name__ = step.__qualname__ = name
    return step


@dataclass(frozen=True)
class UnitLayout:
    """How a rule set's folder is cut into units (each validated and kept on its own):
    ``folders`` True: each folder is a unit, with every file below it (a league, a Swiss
    league); False: each ``*.yaml`` file directly in the folder is one (a tournament, a ladder)."""

    folders: bool

    def entries(self, folder: Path) -> list[str]:
        """Return the units' folder or file names in ``folder`` (an existing folder), sorted."""
        if self.folders:
            return [path.name for path in sorted(p for p in folder.iterdir() if p.is_dir())]
        return [path.name for path in sorted(folder.glob("*.yaml"))]

    def entry_of(self, parts: tuple[str, ...]) -> str | None:
        """Return the unit's entry of the file whose path below the rule set's folder is
        ``parts`` (``("iglo", "seasons", "s1.yaml")`` -> ``"iglo"``), or None when no unit
        reads it (a file beside the league folders, a README beside the tournaments)."""
        if self.folders:
            return parts[0] if len(parts) >= 2 else None
        return parts[0] if len(parts) == 1 and parts[0].endswith(".yaml") else None


EACH_FOLDER = UnitLayout(folders=True)
EACH_YAML_FILE = UnitLayout(folders=False)


@dataclass(frozen=True)
class Counted:
    """What the build's summary (:mod:`sitegen.census`) counts of a rule set.

    ``kind``: the summary line's label (``"Swiss leagues"``); ``words``: the things counted,
    ``(plural, singular)`` in the order shown (``("games", "game")``); ``count(units)``: the
    counts of a non-empty tuple of the rule set's model objects, ``{plural: n}`` (each key one
    of ``words``)."""

    kind: str
    words: tuple[tuple[str, str], ...]
    count: Callable[[tuple], dict[str, int]]


Finished = tuple[dt.date | None, dt.date | None, str, str, str, str, str | None]
"""One result for the home page's latest results: (the date it is listed by or None, the date
shown or None, competition, its page, first player, second player, winner or None for a draw)."""


@dataclass(frozen=True)
class Listed:
    """How a rule set's competitions are listed on every page (:mod:`sitegen.pages.navigation`).

    ``title``: the header menu's heading of them, marked with ``N_`` (translated where shown);
    ``menu(units)``: ``(name, url)`` of each of a tuple of its model objects, in the menu's order
    (the first few are shown); ``search(units, lang)``: the search index's entries
    ``(name, url, detail)`` of each competition and of its pages, worded in ``lang``;
    ``finished(units)``: every result with a winner or a draw (:data:`Finished`), in the
    content's order, for the home page's latest results (:mod:`sitegen.pages.home`): a list
    made in one loop (see :class:`Gathered`); of a unit kept by the build cache undecoded
    (:class:`KeptApart`), only those of its results that may be among them, in the same order
    (:func:`sitegen.pages.newest.contenders`: a unit's pages are its own); ``rules``: the
    address of the page that explains the rules its pages cite (``leagues/rules/``; made when
    the site has such competitions), linked in the menu's row "The rules in plain words" under
    ``title``, or "" for none; ``summary``: the kind of Markdown page that sums these rules up in
    plain words (the leagues': ``rules``, docs/content-format.md), linked there instead when the
    site has one, or "" for none."""

    title: str
    menu: Callable[[tuple], list[tuple[str, str]]]
    search: Callable[[tuple, "Words"], list[tuple[str, str, str]]]
    finished: Callable[[tuple], list[Finished]]
    rules: str = ""
    summary: str = ""


Met = tuple[str, str, Fraction, dt.date | None, str, str]
"""One counted result for the players' head-to-head records, from the first player's side:
(player, opponent, the player's points, date or None, competition, its page). The points are
:data:`ONE`, :data:`ZERO` or :data:`HALF` where they can be (the other side's are then found
without arithmetic)."""

ONE, ZERO, HALF = Fraction(1), Fraction(0), Fraction(1, 2)


@dataclass(frozen=True)
class Gathered:
    """What the site-wide parts gather from a rule set's competitions, each from a tuple of
    its model objects, in the content's order.

    ``records(units)``: the record (:class:`~sitegen.model.common.GameRecord`) of every game
    that has one (:mod:`sitegen.pages.records`: one copy of each SGF file);
    ``meetings(units)``: every counted result (:data:`Met`), the players' head-to-head records
    (:mod:`sitegen.pages.players`); ``dates(units)``: ``(page url, date or None)`` for its
    standings pages, the latest date a page is given being its "last updated" date and the
    sitemap's (:mod:`sitegen.pages.extras`); ``feed(units, lang)``: the Atom feed's result
    entries, ``{id, title, url, date, summary}`` worded in ``lang``, undated ones left out.

    ``meetings`` and ``dates`` (and :attr:`Listed.finished`) go through every game of the site
    in each build, the cached ones too: each is a list made in one loop (appended to, each
    page's address worked out once per group, tournament or round), which the site-wide parts
    put end to end. A generator there, resumed once per game and again by the part that
    chains the rule sets, was issue 29's one figure worse beyond noise (named29: the cached
    build after one result +7 % at full size; bench/README.md)."""

    records: Callable[[tuple], Iterable["GameRecord"]]
    meetings: Callable[[tuple], list[Met]]
    dates: Callable[[tuple], list[tuple[str, dt.date | None]]]
    feed: Callable[[tuple, "Words"], Iterable[dict[str, Any]]]


@dataclass(frozen=True)
class Scaffolded:
    """What ``sitegen new --kind KIND`` (``KIND``: :attr:`Entered.kind`) starts a repository with
    (:mod:`sitegen.commands.new`), besides the scaffold's files ``scaffold/KIND/`` and its
    README's section ``scaffold/readme/KIND.md``.

    ``address``: the first competition's address and ``file`` its content file (``{id}``: its
    id); ``what``: what the repository starts with, in English, and ``what_in`` in the
    scaffold's other languages, ``(code, words)``; ``example``: a result as ``result add``
    takes it for that competition."""

    address: str
    file: str
    what: str
    example: str
    what_in: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Jump:
    """One section of a player page as its "On this page" list names it
    (:mod:`sitegen.pages.players`, ``partials/player_jump.html``).

    ``anchor``: the section's ``id`` on the page, its kind and the content's ids
    (``tournament-cup``, ``league-iglo-2021-09``: letters, digits, ``-``, ``_`` and ``.``, as ids
    are; a second section of the page with the same anchor gets ``-2``); ``text``: the
    section's heading text; ``small``: the heading's small print (a tournament's dates) or "";
    ``fold``: the key of the sections listed together in a ``<details>`` when a player has
    :data:`sitegen.pages.players.FOLD_FROM` or more of them (a league's id: its seasons), or ""
    for none; ``fold_name``: the fold's name (the league's); ``short``: the section's text
    inside the fold (the season's name)."""

    anchor: str
    text: str
    small: str = ""
    fold: str = ""
    fold_name: str = ""
    short: str = ""


def named_jump(kind: str, name: str, small: str | None = None) -> Callable[[dict[str, Any]], Jump]:
    """Return the :attr:`Carded.jump` of a section whose data names the competition under the key
    ``name`` and holds its id under ``"id"`` (anchor ``<kind>-<id>``), with the small print under
    the key ``small`` when given (a tournament's ``"dates"``)."""
    return functools.partial(_named_jump, kind, name, small)


def _named_jump(kind: str, name: str, small: str | None, data: dict[str, Any]) -> Jump:
    """Return the :class:`Jump` of :func:`named_jump` for one section's ``data``."""
    return Jump(f"{kind}-{data['id']}", data[name], data[small] if small else "")


@dataclass(frozen=True)
class Carded:
    """A player page's card of a competition in progress, under "Current competitions"
    (:mod:`sitegen.pages.players`), and its sections' entries in the page's "On this page" list.

    ``template``: the template of the player-page sections the rule set's planner gives
    (``"partials/player_league.html"``); ``card(data, lang)``: the card of one such section's
    data, ``{"kind", "name", "url", "entry", "next"}`` (``kind`` chooses the card's words in
    ``partials/player_now.html``; ``next``: the games to play), or None when the competition is
    not in progress; ``paired``: the "next game" sections of its rounds
    (``partials/player_next.html``) go into its card (tournaments, Swiss leagues); ``jump(data)``:
    the section's :class:`Jump` (its anchor and the list's words for it)."""

    template: str
    card: Callable[[dict[str, Any], "Words"], dict[str, Any] | None]
    jump: Callable[[dict[str, Any]], Jump]
    paired: bool = False


@dataclass(frozen=True)
class Entered:
    """How ``sitegen result add`` enters a reported result into a rule set's competitions
    (:mod:`sitegen.commands.result`, :mod:`sitegen.results`).

    ``kind``: the competition's kind in messages (``"league"``, ``"swiss"``);
    ``names(units)``: each competition of a tuple of its model objects as named in addresses
    after the rule set's folder (``club``, ``spring/t1``);
    ``match(entered, units, folder, rest)``: the :class:`~sitegen.results.target.Target` that the
    address parts ``rest`` (after the folder's name) name among ``units``, the rule set's content
    folder being ``folder``, or None; ``settle(target, request)``: the target with ``--season``
    applied and a league's latest season filled in, or None when the rule set has no seasons
    (``--season`` is then refused); ``rounds``: ``--round`` applies (tournaments, Swiss
    leagues);
    ``check(request)``: the request's result as written into the file (``B+R``, ``0``, ``2-1``),
    raising SitegenError for one the rule set does not take; ``parses(text)``: whether ``text``
    is a result of the rule set (a text that is not may name the winner); ``no_winner``: None
    when a winner may be reported instead of a result, else the refusal's (message, hint);
    ``dated``: a game reported without a date is dated today (a league's, a ladder's);
    ``enter(tree, data, request, target, shown, today)``: the result written into the file's
    round-trip YAML ``data`` (``tree``: the same file as the validator reads it), returning
    where it went (``group A1``, ``round 2``, a ladder game's date);
    ``worded(words, result, first)``: the result as the player's reply words it (``words``: the
    reply's gettext catalog; ``first``: the first player's name), or None to word it as a game's
    result (a Swiss match's score has its own words);
    ``no_date``: what the player's reply says of a date given for a game that has no date field
    (marked with ``N_``), or None when its games have a date.

    (A target is typed ``Any`` here: :mod:`sitegen.results.target` reads these descriptions.)"""

    kind: str
    names: Callable[[tuple], list[str]]
    match: Callable[["Entered", tuple, Path, list[str]], Any]
    check: Callable[["ResultRequest"], str]
    parses: Callable[[str], bool]
    enter: Callable[..., str]
    settle: Callable[[Any, "ResultRequest"], Any] | None = None
    rounds: bool = False
    no_winner: tuple[str, str] | None = None
    dated: bool = False
    worded: Callable[["gettext.NullTranslations", str, str], str] | None = None
    no_date: str | None = None


@dataclass(frozen=True)
class KeptApart:
    """How the build cache keeps a unit validated apart (:attr:`RuleSet.load_apart`: a league's
    season) without decoding it in a build that does not change it (issue 31,
    :mod:`sitegen.standins`).

    ``eager``: per model class, the fields every build reads of such a unit (the planners'
    inputs and outlines, the division charts, the search index): a stand-in holds them from
    the start; its other fields are decoded from the unit's blob when first read.
    ``summary(obj)``: what the site-wide lists (:class:`Listed`, :class:`Gathered`,
    :class:`Counted`) need of the rest, as values the build cache can keep (JSON, dates and
    model objects); ``read(standin, found)``: that summary as read back from the cache
    (``found``), checked and made what those lists take (raising KeyError, IndexError,
    TypeError or ValueError for one that is not a summary: the cache is then not used, before
    anything is planned; it may read the stand-in's eager fields); those lists read it with
    :func:`sitegen.standins.kept_summary` instead of the stand-in's deferred fields."""

    eager: Mapping[type, tuple[str, ...]]
    summary: Callable[[Any], Any]
    read: Callable[[Any, Any], Any]


@dataclass(frozen=True)
class RuleSet:
    """One rule set, as the rest of sitegen sees it.

    ``name``: its folder under ``content/`` (and the first element of its units, e.g.
    ``("tournaments", "cup.yaml")``); ``field``: its tuple in :class:`~sitegen.model.Content`;
    ``units``: how its folder is cut into units; ``load(path, shown, refs, diags)``: one unit
    validated (its folder or file, the path shown in messages), its model object or None when
    it is unusable (every problem recorded in ``diags``); ``plan(content, plan, lang)``: its
    pages added to ``plan`` from ``content`` (holding the players and this rule set only),
    worded in ``lang`` (site.yaml's language);
    ``work_per_byte``: the rough cost of loading and planning a byte of it, used only to
    balance a large archive over two processes; ``counted``: what the build's summary counts
    of it; ``listed``: how its competitions are listed in the header menu and the search index;
``entered``: how ``sitegen result add`` enters a result into one of its competitions;
``carded``: its card on a player page while a competition is in progress; ``gathered``: what
the site-wide parts (game records, head-to-head records, "last updated" dates, the feed) take
from it; ``summarized(units, players)``: its facts about the computed standings, compared
between two versions of the content (:mod:`sitegen.summary`: the standings change ``result
add`` and ``diff`` print; a function of :mod:`sitegen.facts`, ``players`` by id for names);
``scaffolded``: what ``sitegen new`` starts a repository of it with; ``model``: the class of
its model objects (:class:`~sitegen.model.league.League`), by which a command of this rule set
alone (``league next-season``, ``pair``, ``handicap``) finds its description in
:data:`sitegen.rulesets.RULE_SETS` (:func:`sitegen.rulesets.holding`).

    ``kept_apart``: how the build cache keeps such a file's model object undecoded
    (:class:`KeptApart`; None: decoded with the unit).
    ``load_apart``, when set, loads one file of a unit on its own (a league's season:
    ``load_apart(path, shown, refs, diags)``); ``load`` then takes, as a fifth argument, the
    loader of those files to use instead (a cached build's keeps the unchanged ones)."""

    name: str
    field: str
    units: UnitLayout
    load: Callable[..., Any]
    plan: Callable[["Content", "SitePlan", "Words"], None]
    work_per_byte: float
    counted: Counted
    listed: Listed
    entered: Entered
    carded: Carded
    gathered: Gathered
    summarized: Callable[[tuple, Mapping[str, "Player"]], Iterable["Fact"]]
    scaffolded: Scaffolded
    model: type
    load_apart: Callable[[Path, str, "PlayerRefs", "Diagnostics"], Any] | None = None
    kept_apart: "KeptApart | None" = None

    def folder(self, content_dir: Path) -> Path:
        """Return its folder in ``content_dir`` (``content/leagues``); a unit's folder or file
        is there under the unit's entry (a league's or Swiss league's id, ``cup.yaml``)."""
        return content_dir / self.name

    def competitions(self, content: "Content") -> tuple:
        """Return its model objects in ``content`` (the tuple :attr:`field`), in the content's
        order."""
        return getattr(content, self.field)

    def load_unit(self, path: Path, shown: str, refs: "PlayerRefs", diags: "Diagnostics",
                  apart_loader: Callable[..., Any] | None = None) -> Any:
        """Load one unit (``load``), its files apart through ``apart_loader`` when given."""
        if self.load_apart is None:
            return self.load(path, shown, refs, diags)
        return self.load(path, shown, refs, diags, apart_loader)
