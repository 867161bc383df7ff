"""The plan of the site: what to render and write, as plain values (no I/O, no rendering).

A :class:`SitePlan` is a list of :class:`Bundle`\\ s. A bundle is one unit of render work: a
:class:`Page` and the files of its folder (its ``standings.json`` with the CSV twin, a
tournament's ``results.h9``), made by one call in one render worker (:mod:`sitegen.render`).
What the page and its files both need, such as a tournament's standings after a round, is
the bundle's ``shared`` value: computed once by that call and passed as the one argument of the
page's ``deferred`` context and of each file's maker. Nothing is remembered between bundles.

Large parts of a page (crosstables, tournament tables, player overviews) are deferred: the
planner gives a function, the render worker makes them. Such functions must be picklable
(e.g. ``functools.partial`` of a module's function and plain data), since plans move between
processes and an incremental build digests them (:mod:`sitegen.depends`).

A planner plans each competition (a league season, a tournament, ...) as a *part*
(:meth:`SitePlan.part`): a module function given its inputs, the players (:class:`People`)
and nothing else, so that it cannot read what its key does not cover; an incremental build
reuses a part whose inputs did not change instead of planning it again
(:mod:`sitegen.incremental`).
"""

from __future__ import annotations

import csv
import datetime as dt
import inspect
import io
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar

from .diagnostics import Diagnostic
from .i18n import Words
from .remembered import Remembered

T = TypeVar("T")

FAR_PAST = dt.date(1, 1, 1)
"""Sort key for a missing date."""
NEXT_PAIRING = (dt.date.max, "next")
"""Sort key of a player's next pairing (a round paired, not played): above every other section
of the player's page, which are shown newest first."""


@dataclass(frozen=True)
class Page:
    """One HTML page: ``url`` is a folder path such as ``leagues/iglo/`` (``""`` = home).

    ``deferred``, when set, returns the rest of the context (keys added to ``context``); it
    takes the bundle's shared value as its one argument when the bundle has one.
    """

    url: str
    template: str
    context: dict[str, Any]
    file_name: str = "index.html"
    deferred: Callable[..., dict[str, Any]] | None = None

    @property
    def path(self) -> str:
        return self.url + self.file_name

    def full_context(self, *shared: Any) -> dict[str, Any]:
        """Return the context with the deferred part made (made anew on each call);
        ``shared``: the bundle's shared value, when it has one."""
        if self.deferred is None:
            return self.context
        return {**self.context, **self.deferred(*shared)}


@dataclass(frozen=True)
class File:
    """A non-HTML output file: its bytes, or a function making them when the site is written
    (taking the bundle's shared value when the bundle has one)."""

    path: str
    data: bytes | Callable[..., bytes]

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.path,)

    def contents(self, *shared: Any) -> Iterator[tuple[str, bytes]]:
        """Yield ``(path, bytes)``, making the bytes if they were deferred."""
        yield self.path, self.data(*shared) if callable(self.data) else self.data


@dataclass(frozen=True)
class JsonFile:
    """A JSON document (``standings.json``, ``rungs.json``) and, with ``csv``, its CSV twin
    beside it (``standings.csv``), both written from the one document.

    ``document`` is the document (plain dicts, lists, text, numbers) or a function making it
    (taking the bundle's shared value when the bundle has one). JSON is UTF-8, compact unless
    ``indent`` is given; the CSV is described at :func:`csv_of_document`.
    """

    path: str
    document: Any
    csv: bool = False
    indent: int | None = None

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.path, self.csv_path) if self.csv else (self.path,)

    @property
    def csv_path(self) -> str:
        return self.path.removesuffix(".json") + ".csv"

    def contents(self, *shared: Any) -> Iterator[tuple[str, bytes]]:
        """Yield the JSON file's ``(path, bytes)`` and then its CSV twin's."""
        doc = self.document(*shared) if callable(self.document) else self.document
        separators = (",", ":") if self.indent is None else None
        text = json.dumps(doc, ensure_ascii=False, indent=self.indent, separators=separators)
        yield self.path, (text + "\n").encode("utf-8")
        if self.csv:
            yield self.csv_path, csv_of_document(doc)


Output = File | JsonFile


@dataclass(frozen=True)
class Bundle:
    """One unit of render work: a page (or none) and the files of its folder.

    ``shared``, when set, is called once when the bundle is made, and its value is passed to
    the page's ``deferred`` and to each deferred file (see the module's docstring).
    """

    page: Page | None
    files: tuple[Output, ...] = ()
    shared: Callable[[], Any] | None = None

    @property
    def paths(self) -> list[str]:
        """Return every output path of the bundle, the page's first."""
        return ([self.page.path] if self.page else []) + [p for f in self.files for p in f.paths]

    def shared_value(self) -> tuple[Any, ...]:
        """Return ``(value,)`` of ``shared``, or ``()`` when the bundle has none."""
        return (self.shared(),) if self.shared is not None else ()


@dataclass(frozen=True)
class GhostBundle(Bundle):
    """A bundle standing for the outputs of a part an incremental build keeps (never made:
    sitegen.incremental.reuse): its paths are given once, not worked out from its page and
    files on each call (the rule sets' paths are gone through twice before the dev server
    shows a changed page: 30,000 bundles at full size, issue 31)."""

    given: tuple[str, ...] = ()
    """Every output path, the page's first (:attr:`paths`)."""

    @property
    def paths(self) -> list[str]:
        return list(self.given)

    def page_context(self) -> dict[str, Any]:
        """Return the page's whole context, its deferred part made (the bundle has a page)."""
        assert self.page is not None
        return self.page.full_context(*self.shared_value())


class StaleInput(Exception):
    """What a page's deferred context reads while the page is rendered is not what the build
    was planned with (a kept player section whose copy in the build cache changed:
    sitegen.incremental.sections.DamagedSection). The render lets it through as it is (not as a
    template's problem): the caller that planned with it knows what to do."""


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


class SectionTable(ABC):
    """A whole table of player sections that can be read player by player (a kept part's,
    sitegen.incremental.sections.KeptSections): :meth:`of` gives one player's sections (what
    iterating gives for that player, in order; none: empty), iterating gives ``(player id,
    sections)`` pairs in the table's order. Added to a plan whole
    (:meth:`SitePlan.add_player_sections`), it is read only for the players whose sections are
    asked for (:meth:`SitePlan.sections_of`) until the plan's merged sections are read."""

    @abstractmethod
    def of(self, player: str) -> Sequence[Any]:
        """One player's sections, in order (none: empty)."""

    @abstractmethod
    def __iter__(self) -> Iterator[tuple[str, Sequence[Any]]]:
        """``(player id, sections)`` pairs in the table's order."""


class _Merged(SectionTable):
    """Tables of player sections merged by player (:meth:`SitePlan.sections_of`): each
    player's sections in the order they were added."""

    def __init__(self, by_player: dict[str, list[PlayerSection]]):
        self.by_player = by_player

    def of(self, player: str) -> Sequence[PlayerSection]:
        return self.by_player.get(player, ())

    def __iter__(self) -> Iterator[tuple[str, Sequence[PlayerSection]]]:
        return iter(self.by_player.items())


class SectionsByPlayer:
    """The player sections a plan had when :meth:`SitePlan.sections_by_player` was called,
    read one player at a time (:meth:`of`); it holds the plan's tables, not the plan."""

    __slots__ = ("tables",)

    def __init__(self, tables: tuple[SectionTable, ...]):
        self.tables = tables

    def of(self, player: str) -> list[PlayerSection]:
        """Return player ``player``'s sections, in the order they were added (as
        ``SitePlan.player_sections.get(player, [])`` would)."""
        found: list[PlayerSection] = []
        for table in self.tables:
            found.extend(table.of(player))
        return found


class PartMemo(Protocol):
    """What an incremental build gives a plan to reuse parts (:mod:`sitegen.incremental`)."""

    def part(self, plan: "SitePlan", ident: tuple, inputs: Any,
             make: Callable[["SitePlan"], T]) -> T: ...


class PlayerNames(dict):
    """``{player id: name}`` of every player: one table per build, shared by the planners
    (a dict of its own type, so that a digest can name it instead of copying it)."""


class NamesTable:
    """Where a build's planners get the players' names table (:meth:`of`): one object per
    build, handed to every plan of it (:attr:`SitePlan.names`); the dev server hands its own
    to each build, so that a build whose players are the same shares the last one's table."""

    def __init__(self) -> None:
        self._last: tuple[Mapping, PlayerNames] | None = None
        self._filed: tuple[Mapping, list[str]] | None = None

    def of(self, players: Mapping[str, Any]) -> PlayerNames:
        """Return the names table of ``players`` (the same object for the same players mapping)."""
        if self._last is not None and self._last[0] is players:
            return self._last[1]
        names = PlayerNames((pid, p.name) for pid, p in players.items())
        self._last = (players, names)
        return names

    def filed(self, players: Mapping[str, Any], make: Callable[[], list[str]]) -> list[str]:
        """Return the ids of ``players`` in the order of the players index: the order kept for
        this players mapping (:meth:`keep_filed`, or an earlier call), else ``make()``'s (which
        sorts them; sitegen.pages.players_index.filed_players). Issue 31: sorting the 20,000
        players took about 0.1 s of each cached build at full size; the order is a function
        of the players' records, which a changed result does not change."""
        if self._filed is not None and self._filed[0] is players:
            return self._filed[1]
        order = make()
        self._filed = (players, order)
        return order

    def keep_filed(self, players: Mapping[str, Any], order: list[str]) -> None:
        """Take ``order`` as the players index's order of ``players`` (that of the last build,
        whose players were these: sitegen.incremental)."""
        self._filed = (players, order)

    def filed_of(self, players: Mapping[str, Any]) -> list[str] | None:
        """Return the order :meth:`filed` gave or was given for ``players``, if any."""
        return self._filed[1] if self._filed is not None and self._filed[0] is players else None


@dataclass(frozen=True)
class People:
    """What every part reads besides its inputs: the players' records (``players``, by id),
    their names (``names``) and the site's words (``lang``, site.yaml's language). A part's key
    covers the records of the players its inputs name (:func:`sitegen.depends.player_ids`), not
    these whole tables: a part looks up only the players its inputs name; the language is a
    site setting, whose change keeps no part of an earlier build."""

    players: Mapping[str, Any]
    names: PlayerNames
    lang: Words


def check_part_maker(ident: tuple, make: Any, inputs: Any) -> None:
    """Raise TypeError unless ``make`` can read nothing but what :meth:`SitePlan.part` hands it:
    a function defined at the top of its module (not a lambda, a nested function, a method or a
    ``partial``: those carry values of their own), with no default values, and ``inputs`` a
    tuple."""
    plain = (inspect.isfunction(make) and make.__closure__ is None and make.__qualname__ == make.__name__
             and make.__defaults__ is None and make.__kwdefaults__ is None)
    if not plain:
        raise TypeError(f"part {ident!r}: {make!r} is not a module function: a part's maker "
                        "receives its inputs and the players and nothing else, so that it reads "
                        "nothing its key does not cover")
    if type(inputs) is not tuple:
        raise TypeError(f"part {ident!r}: its inputs must be a tuple, not {type(inputs).__name__}")


@dataclass
class SitePlan:
    """Everything to render: bundles of pages and files, home-page and player sections."""

    bundles: list[Bundle] = field(default_factory=list)
    home_sections: list[dict[str, Any]] = field(default_factory=list)
    """``{"title": ..., "items": [{"name", "url", "detail", "more"}]}`` per rule set, in order;
    ``more`` is None or a ``{"name", "url"}`` link shown after the detail."""
    _sections: dict[str, list[PlayerSection]] = field(default_factory=dict, init=False, repr=False)
    """The player sections merged so far (:attr:`player_sections`)."""
    _pending: list[Iterable[tuple[str, Iterable[PlayerSection]]]] = field(
        default_factory=list, init=False, compare=False, repr=False)
    """Whole tables of player sections added after :attr:`_sections`, in order, not yet merged."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """What the organizer should look at, found while validating and planning (an undecided
    tie, a recorded outcome the rules do not reach, ...): printed by ``check`` and ``build``,
    which still succeed unless ``--strict``."""
    memo: PartMemo | None = field(default=None, compare=False, repr=False)
    """Set by an incremental build: parts whose inputs did not change are taken from it."""
    names: NamesTable | None = field(default=None, compare=False, repr=False)
    """The build's players' names table (:meth:`player_names`); a plan made alone has its own."""
    player_results: Any = field(default=None, compare=False, repr=False)
    """The players' results by opponent (sitegen.pages.players.PlayerResults), worked out when
    first asked for; None before the plan is completed."""
    remembered: Remembered | None = field(default=None, compare=False, repr=False)
    """What the last builds of this process planned, for the planners' speed paths (a ladder's
    replay and pages: sitegen.pages.ladder; the dev server's, sitegen.remembered); None: none."""
    updated: dict[str, dt.date] | None = field(default=None, compare=False, repr=False)
    """The rule sets' pages' "last updated" dates (sitegen.pages.extras.updated_dates), when
    the build has worked them out already (sitegen.incremental: from each rule set's, kept with
    its model objects); None: worked out from the content when the plan is completed."""
    menu: list[dict[str, Any]] | None = field(default=None, compare=False, repr=False)
    """The header menu every page shows (sitegen.pages.navigation.add_menu), one object for the
    whole site: a build with the cache registers it, so that each page's key takes it by its
    digest; None until the rule sets' pages have it."""

    def player_names(self, players: Mapping[str, Any]) -> PlayerNames:
        """Return the names table of ``players``: one object for every planner of a build."""
        if self.names is None:
            self.names = NamesTable()
        return self.names.of(players)

    def filed_players(self, players: Mapping[str, Any], make: Callable[[], list[str]]) -> list[str]:
        """Return the ids of ``players`` in the order of the players index
        (:meth:`NamesTable.filed`: ``make()``'s unless the build's table has it)."""
        if self.names is None:
            self.names = NamesTable()
        return self.names.filed(players, make)

    def people(self, players: Mapping[str, Any], lang: Words) -> People:
        """Return the :class:`People` of ``players`` (its names table the build's,
        :meth:`player_names`), worded in ``lang``."""
        return People(players, self.player_names(players), lang)

    def part(self, ident: tuple, make: Callable[..., T], inputs: tuple, players: People) -> T:
        """Plan one part of the site: ``make(plan, players, *inputs)`` adds its bundles and
        player sections to the plan it is given and returns a plain value (a summary for the
        home page, say).

        ``ident`` names the part (e.g. ``("tournament", id)``); ``inputs`` (model objects and
        plain values, compared between builds) and ``players`` are all ``make`` receives:
        ``make`` must be a module function (:func:`check_part_maker`, else TypeError), so a
        part cannot read an input it did not declare. Returns ``make``'s value.
        """
        check_part_maker(ident, make, inputs)
        made = partial(make_part, make, players, inputs)
        if self.memo is None:
            return made(self)
        return self.memo.part(self, ident, inputs, made)

    def add(self, page: Page | None, *files: Output, shared: Callable[[], Any] | None = None) -> None:
        """Add ``page`` with the files of its folder as one bundle (see :class:`Bundle`)."""
        self.bundles.append(Bundle(page, files, shared))

    def add_file(self, file: Output) -> None:
        """Add a file that belongs to no page (``search.json``, ``feed.xml``)."""
        self.bundles.append(Bundle(None, (file,)))

    @property
    def player_sections(self) -> dict[str, list[PlayerSection]]:
        """The sections of each player's page, by player id, in the order they were added
        (:meth:`add_player_section`, :meth:`add_player_sections`)."""
        if self._pending:
            self._merge()
        return self._sections

    def add_player_section(self, player_id: str, section: PlayerSection) -> None:
        """Add ``section`` to player ``player_id``'s page, after the sections added before."""
        if self._pending:
            self._merge()
        self._sections.setdefault(player_id, []).append(section)

    def add_player_sections(self, found: Iterable[tuple[str, Iterable[PlayerSection]]]) -> None:
        """Add each player's sections of ``found`` (pairs of a player id and sections, not
        changed afterwards) after the sections added before, as :meth:`add_player_section` one
        by one would. They are merged when :attr:`player_sections` is first read: in the dev
        server, after the changed competition's page is shown (only the player pages read
        them). Merging the kept parts' sections of 20,000 players one by one was 0.1-0.4 s of
        each change's way to its page at full size (issue 31)."""
        self._pending.append(found)

    def sections_by_player(self) -> SectionsByPlayer:
        """Return the player sections added so far, to be read one player at a time, without
        merging the whole tables added (:class:`SectionTable`: a kept part's). A cached build
        makes a handful of the 20,000 player pages again at full size: merging every kept
        part's 65,000 sections per player, and reading them from the cache, was about 0.2 s
        of each cached build (issue 31). Sections added to the plan later are not in it."""
        tables: list[SectionTable] = [_Merged(self._sections)] if self._sections else []
        self._sections = {}  # merged again when read: the tables' lists are never extended
        run: dict[str, list[PlayerSection]] = {}
        for found in self._pending:
            if isinstance(found, SectionTable) and not isinstance(found, _Merged):
                if run:
                    tables.append(_Merged(run))
                    run = {}
                tables.append(found)
            else:
                for player, sections in found:
                    run.setdefault(player, []).extend(sections)
        if run:
            tables.append(_Merged(run))
        self._pending = list(tables)  # a table of pairs is read once (it may be an iterator)
        return SectionsByPlayer(tuple(tables))

    def _merge(self) -> None:
        merged = self._sections
        for found in self._pending:
            for player, sections in found:
                merged.setdefault(player, []).extend(sections)
        self._pending = []

    @property
    def pages(self) -> list[Page]:
        """Return every page, in plan order."""
        return [bundle.page for bundle in self.bundles if bundle.page is not None]

    def paths(self) -> list[str]:
        """Return every output path, in plan order (pages and files)."""
        return [path for bundle in self.bundles for path in bundle.paths]

    def extend(self, other: SitePlan) -> None:
        """Append ``other``'s bundles and sections after this plan's: joining rule-set plans
        made apart gives the same plan as planning them one after another."""
        self.bundles.extend(other.bundles)
        self.home_sections.extend(other.home_sections)
        self.warnings.extend(other.warnings)
        if other._sections:
            self.add_player_sections(list(other._sections.items()))
        for found in other._pending:
            self.add_player_sections(found)


def make_part(make: Callable[..., T], players: People, inputs: tuple, plan: "SitePlan") -> T:
    """Call a part's maker with the plan, the players and its inputs (:meth:`SitePlan.part`)."""
    return make(plan, players, *inputs)


# --------------------------------------------------------------------------- CSV twins


def csv_of_document(doc: Any) -> bytes:
    """Return the CSV of a ``standings.json`` document (its ``rows``) or ``rungs.json`` (its
    ``members``).

    One column per key, in the order the first row has them (later rows' extra keys appended);
    null is empty, true/false are ``true``/``false``, lists are joined with spaces (nulls
    as ``_``, so that a list starting with one, such as the opponents of a player with a bye in
    round 1, does not start with ``-``), numbers as in the JSON; any other cell starting with
    ``= + - @`` or a control character (a name such as ``=cmd|' /C calc'!A0`` or ``-2``) gets a
    leading ``'`` so that spreadsheets do not run it as a formula (issue 30). UTF-8,
    comma-separated, ``\\r\\n`` line ends (RFC 4180).
    """
    rows = (doc.get("rows", doc.get("members")) if isinstance(doc, dict) else None) or []
    columns = list(dict.fromkeys(key for row in rows for key in row))  # first seen first
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    cell = _cell
    writer.writerows([[cell(row.get(key)) for key in columns] for row in rows])
    return out.getvalue().encode("utf-8")


_FORMULA_START = frozenset("=+-@\x7f" + "".join(map(chr, range(0x20))))
"""A cell's first character that a spreadsheet may read as the start of a formula (OWASP's
list, and every control character), looked up as ``text[:1]``: about half the time of a
pattern's ``match`` (a standings file's lists hold thousands of game strings and ids)."""


def _cell(value: Any) -> str:
    """Return the CSV text of one JSON value (:func:`csv_of_document`); no text starts with
    :data:`_FORMULA_START` unless it is a number (``-14.5``)."""
    kind = type(value)  # the common cells first: a standings file has hundreds of thousands
    if kind is str:
        return "'" + value if value[:1] in _FORMULA_START else value
    if kind is int or kind is float:
        return str(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)  # a number, read as one: a negative one is not a formula
    if isinstance(value, (list, tuple)):
        # a list's texts (game strings, ids) checked here, each as :func:`_cell` would
        text = " ".join([("'" + v if v[:1] in _FORMULA_START else v) if type(v) is str
                         else "_" if v is None else _cell(v) for v in value])
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    else:
        text = str(value)
    if text[:1] in _FORMULA_START:
        # A spreadsheet would run a cell starting like this as a formula (CSV injection):
        # a leading apostrophe keeps it text.
        return "'" + text
    return text
