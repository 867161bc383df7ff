"""Incremental builds (issue 18): what a build keeps for the next, and how the next one uses it.

The dev server (:mod:`sitegen.devsite`) keeps a :class:`State` in memory from one build to the
next; ``sitegen build`` keeps it beside the output folder (:mod:`sitegen.store`). A
:class:`Build` takes the previous state and, with the dependencies of :mod:`sitegen.depends`:

1. *settings*: when the site settings (``site.yaml``, the base URL), the site's templates, the
   theme or sitegen itself changed, the state is dropped and everything is built (``reason``
   says why);
2. *validate*: every content file's digest is taken (SHA-256 of its bytes; a file whose size,
   times and inode did not change keeps its last digest). The settings, players and pages are
   read again only if one of their files changed. A unit (a tournament, a ladder, a Swiss
   league, a league; each season file of a league on its own) is validated again only if one
   of its files changed or a player its validation looked up did; otherwise its model objects
   are kept (:meth:`_Caches.unit`);
3. *plan*: a part of the plan (:meth:`sitegen.plan.SitePlan.part`) whose inputs and pages'
   "last updated" dates are those of the last build is not planned again; ghost bundles stand
   for its pages and files, and its player sections come from the state (as JSON);
4. *decide*: each output of a part planned again, and each page that lists everything (player
   pages, the players index, home, search, feed, sitemap, Markdown pages, 404, static files)
   gets its key; an output whose key differs from the last build's is made (:meth:`Build.front`,
   :meth:`Build.rest`); outputs no longer planned are removed;
5. the caller renders those outputs (the dev server: the files open in a browser first,
   :meth:`Build.front`'s ``first``), and :meth:`Build.finish` returns the state for the next
   build.

The result is the site a fresh build would make, byte for byte (tests/properties/
test_incremental.py edits a site at random and compares after each step).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import stat
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple

from . import __version__
from .depends import COMMON, Digests, reference, player_ids, sha, unit_of
from .diagnostics import Diagnostic, Diagnostics
from .folders import entries_below, real_folder
from .model import Content
from .modeljson import cache_loads
from .model.common import Player
from .pages.extras import mark_updated, updated_dates
from .i18n import language
from .pages.navigation import add_menu, site_menu
from .pipeline import Unit, finish_plan, prepare_rule_sets
from .plan import Bundle, File, Page, PlayerSection, SitePlan, player_names
from .progress import Progress
from .render import default_templates_dir, static_files
from .site import check_paths
from .urls import player_url
from .validate import Common, read_common, refuse_links_and_special_files, report_interrupted_writes
from .validate.league import PlayerRefs, load_season
from .validate.records import RecordReader
from .workers import no_cycle_collection


# --------------------------------------------------------------------------- files


Stamp = tuple[int, int, int, int]
"""What tells whether a file may have changed: size, mtime_ns, ctime_ns, inode."""


RACY_NS = 2_000_000_000
"""A file modified this recently (ns) may change again within its stamp's time resolution
without its stamp changing: its stamp is not trusted by the next build."""


def file_digests(root: Path, old: Mapping[str, tuple[Stamp, bytes]]) -> dict[str, tuple[Stamp, bytes]]:
    """Return ``{relative POSIX path: (stamp, SHA-256)}`` of every regular file under ``root``
    (none when it is absent). A file whose stamp equals its entry in ``old`` keeps that digest;
    the others are read (symbolic links and special files are never followed or read). A file
    modified less than :data:`RACY_NS` ago gets a stamp no file has (size -1): the next build
    reads it again."""
    racy = time.time_ns() - RACY_NS
    found: dict[str, tuple[Stamp, bytes]] = {}
    for entry, relative in entries_below(os.fspath(root), skip=frozenset({"__pycache__"})):
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        stamp = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        previous = old.get(relative)
        if previous is not None and previous[0] == stamp:
            found[relative] = previous
            continue
        data = _read_regular(entry.path)
        if data is not None:
            if max(info.st_mtime_ns, info.st_ctime_ns) > racy:
                stamp = (-1, *stamp[1:])
            found[relative] = (stamp, sha(data))
    return found


def _read_regular(path: str) -> bytes | None:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with open(fd, "rb", closefd=False) as stream:
            return stream.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def code_folder() -> Path:
    """Return sitegen's own package folder (its code is an input of every build)."""
    return Path(__file__).resolve().parent


# --------------------------------------------------------------------------- records


@dataclass
class UnitRecord:
    """A validated unit (or a league's season file): its files' digests, the players its
    validation looked up and the digest of their records, its model objects and its problems
    (warnings only: a unit with errors is never kept)."""

    files: tuple[tuple[str, bytes], ...]
    refs: tuple[str, ...]
    records: bytes
    model: tuple
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def key(self) -> bytes:
        """The digest that stands for the unit's model objects."""
        return sha(b"unit\0" + b"".join(path.encode() + b"\0" + digest for path, digest in self.files)
                   + self.records)


class KeptText(NamedTuple):
    """Where a kept section's text is in a file of the build cache (sitegen.store): read only
    when its player page is made again, and checked then against the section's digest.

    A cached build after one changed result makes about 1,400 player pages again; reading
    every part's sections when the cache was opened (98 MB at full size) took 1-1.4 s."""

    path: str
    offset: int
    length: int


class DamagedSection(Exception):
    """A kept section's text is not what its digest says: the cache file it is read from was
    changed after the build began (the message says which)."""


@dataclass(frozen=True)
class StoredSection:
    """A player section kept from the part that made it: the section's data as JSON, read
    back when the page is made again (``data``; sitegen.plan.PlayerSection otherwise).

    ``where`` is the JSON text, ``(file, offset, length)`` of it in a file a render worker
    wrote it to (so that a build from scratch does not hold every section's text at once), or
    a :class:`KeptText` of the build cache.
    """

    template: str
    sort_key: tuple
    where: Any
    digest: bytes
    make: None = None

    @property
    def text(self) -> str:
        """The section's data as JSON. Raises DamagedSection when the cache's copy does not
        match the digest, OSError when it cannot be read."""
        where = self.where
        if type(where) is str:
            return where
        file, offset, length = where
        try:
            with open(file, "rb") as stream:
                stream.seek(offset)
                data = stream.read(length)
        except OSError:
            if type(where) is KeptText:
                raise DamagedSection(f"blob {Path(file).name} cannot be read") from None
            raise
        if type(where) is KeptText and section_digest(self.template, _PLAIN.of(self.sort_key), data) != self.digest:
            raise DamagedSection(f"blob {Path(file).name} does not match its digest")
        return data.decode("utf-8")

    @cached_property
    def data(self) -> dict[str, Any]:
        """The section's data. Raises DamagedSection when the cache's copy does not decode
        within the cache's limits (sitegen.modeljson.cache_loads)."""
        if type(self.where) is not KeptText:
            return json.loads(self.text, object_hook=_from_json)
        try:
            data = cache_loads(self.text, _from_json)
            if type(data) is not dict:
                raise ValueError("not an object")
        except (ValueError, TypeError, RecursionError) as error:
            raise DamagedSection(f"blob {Path(self.where.path).name} does not decode: {error}") from None
        return data


def kept_section(template: str, sort_key: tuple, where: Any, digest: bytes) -> StoredSection:
    """Return a :class:`StoredSection`, its fields set at once (its frozen dataclass's
    ``__init__`` sets them one by one: half of the 0.15 s that reading the 65,000 sections of a
    full-size site took, and as much of what a build from scratch spends taking them back from
    its render workers)."""
    section = object.__new__(StoredSection)
    object.__setattr__(section, "__dict__", {"template": template, "sort_key": sort_key, "where": where,
                                             "digest": digest, "make": None})
    return section


_PLAIN = Digests()
"""Digests of plain values (a section's sort key: dates, numbers, text), with nothing registered."""


@dataclass
class PartRecord:
    """A planned part: the digest of its inputs, its value, what its bundles were (page url,
    template and file name, and output paths), its pages' "updated" dates, its player
    sections; and, in the build that planned it, the bundles themselves."""

    inputs: bytes
    value: Any
    bundles: tuple[tuple[tuple[str, str, str] | None, tuple[str, ...]], ...]
    dates: tuple[tuple[str, dt.date | None], ...]
    sections: tuple[tuple[str, tuple[StoredSection, ...]], ...]
    people: frozenset[str] = frozenset()
    """The players found in its inputs (whose pages may show what the part made)."""
    warnings: tuple[Diagnostic, ...] = ()
    """The warnings its planner gave (``SitePlan.warnings``), given again when it is reused."""
    made: list[Bundle] | None = None
    """The bundles, in the build that made the part (not kept)."""
    originals: list[tuple[str, list[PlayerSection]]] | None = None
    """The sections as made, per player, in the build that made the part (not kept): they are
    written down (:attr:`sections`) by :meth:`Build.store_sections`."""
    shape: bytes = b""
    """The digest of the part's name and inputs without the players' records (a part whose
    shape is unchanged while no player's record changed is the same part)."""


@dataclass
class State:
    """What a build keeps for the next one (see the module's docstring)."""

    settings: bytes = b""
    stamps: dict[str, dict[str, tuple[Stamp, bytes]]] = field(default_factory=dict)
    """Per root (``content``, ``templates``, ``theme``, ``code``): each file's stamp and digest."""
    common: Common | None = None
    common_files: tuple[tuple[str, bytes], ...] = ()
    common_diagnostics: tuple[Diagnostic, ...] = ()
    units: dict[Unit, UnitRecord] = field(default_factory=dict)
    seasons: dict[str, UnitRecord] = field(default_factory=dict)
    parts: dict[tuple, PartRecord] = field(default_factory=dict)
    keys: dict[str, bytes] = field(default_factory=dict)
    """Every output's key."""
    shas: dict[str, bytes] = field(default_factory=dict)
    """Every output's SHA-256 (of its bytes)."""
    players: dict[str, bytes] = field(default_factory=dict)
    """The digest of each player's record (of ``common``). Kept with the state, so that a
    build whose players are unchanged need not digest their records again, nor the players'
    records of each part kept (:meth:`_Memo.part`): together 0.15-0.3 s at full size."""
    leagues: dict[str, bytes] = field(default_factory=dict)
    """Per league: the digest of its seasons' order, ids and divisions (:func:`league_outline`)."""
    dates: dict[tuple, tuple[tuple, dict[str, dt.date]]] = field(default_factory=dict)
    """Per rule set: its model objects and its pages' "last updated" dates (in memory only)."""
    rule_paths: bytes = b""
    """Digest of the rule sets' output paths of the last good build."""
    paths: bytes = b""
    """Digest of every output path of the last good build (its paths were checked)."""
    menu: bytes = b""
    """Digest of the header menu every page shows (sitegen.pages.navigation)."""
    warnings: tuple[Diagnostic, ...] = ()
    """The warnings of the last good build (shown again by a build that changes nothing)."""
    census: dict[str, dict[str, int]] = field(default_factory=dict)
    """What the last good build was made from (sitegen.census), for a build that changes nothing."""

    @property
    def empty(self) -> bool:
        return not self.settings


# --------------------------------------------------------------------------- JSON of sections


_DATE = "\x00date"


def _to_json(value: Any) -> Any:
    if type(value) is dt.date:
        return {_DATE: value.isoformat()}
    raise TypeError(f"{type(value).__name__} in a player section's data")


def _from_json(obj: dict) -> Any:
    if len(obj) == 1 and _DATE in obj:
        return dt.date.fromisoformat(obj[_DATE])
    return obj


def section_text(data: Any) -> str:
    """Return a player section's data as JSON (dates tagged). Raises TypeError for a value that
    is neither JSON nor a date."""
    return json.dumps(data, default=_to_json, ensure_ascii=False, separators=(",", ":"))


def stored_section(section: PlayerSection, digests: Digests, spill: "_Spill | None" = None) -> StoredSection:
    """Return ``section`` (made by a part; ``make`` None) as kept in the state, with its digest;
    its text is written to ``spill`` when given. Raises TypeError when its data is not JSON and
    dates."""
    text = section_text(section.data)
    data = text.encode("utf-8")
    digest = section_digest(section.template, digests.of(section.sort_key), data)
    return StoredSection(section.template, section.sort_key, text if spill is None else spill.put(data),
                         digest)


def section_digest(template: str, sort_key: bytes, data: bytes) -> bytes:
    """Return the digest of a player section (``sort_key``: the digest of its sort key;
    ``data``: its JSON, UTF-8), which stands for it in its player page's key."""
    return sha(b"section\0" + template.encode() + b"\0" + sort_key + data)


class _Spill:
    """A file of this process (``<folder>/spill-<pid>``) that section texts are appended to.

    Buffered, and flushed by :meth:`flush` once per player page rather than once per section:
    at full size a build from scratch spills about 65,000 sections (98 MB), and a write and a
    path built per section cost its render workers about 1 s of CPU (measured, scale 1)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.stream: Any = None
        self.name = ""
        self.pid = 0
        self.offset = 0

    def put(self, data: bytes) -> tuple[str, int, int]:
        if self.stream is None or self.pid != os.getpid():
            self.pid = os.getpid()
            real_folder(real_folder(self.folder.parent) / self.folder.name)  # never a link
            self.name = str(self.folder / f"spill-{self.pid}")
            fd = os.open(self.name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
            self.stream = open(fd, "wb")  # noqa: SIM115 - kept open
            self.offset = 0
        offset = self.offset
        self.stream.write(data)
        self.offset += len(data)
        return (self.name, offset, len(data))

    def flush(self) -> None:
        """Write what was put so far (before the worker hands its results back)."""
        if self.stream is not None and self.pid == os.getpid():
            self.stream.flush()


# --------------------------------------------------------------------------- players looked up


class _Recorder(Mapping):
    """The players table, recording which ids are looked up (validation's dependencies)."""

    def __init__(self, players: Mapping[str, Player]):
        self.players = players
        self.seen: set[str] = set()
        self.everything = False

    def __getitem__(self, key: str) -> Player:
        self.seen.add(key)
        return self.players[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen.add(key)
        return key in self.players

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        return self.players.get(key, default)

    def __iter__(self) -> Iterator[str]:
        self.everything = True
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)


def player_digests(players: Mapping[str, Player], digests: Digests) -> dict[str, bytes]:
    """Return the digest of each player's record (its compared fields), registering it."""
    found = {}
    for pid, player in players.items():
        found[pid] = digest = digests.record(player)
        digests.register(player, digest)
    return found


def records_digest(known: Mapping[str, bytes], ids: Iterable[str]) -> bytes:
    """Return the digest of the records of players ``ids`` (``known``: :func:`player_digests`;
    an id without a player counts as absent)."""
    return sha(b"".join(pid.encode("utf-8") + b"\0" + known.get(pid, b"absent") for pid in sorted(ids)))


# --------------------------------------------------------------------------- one build


class Build:
    """One build from the previous :class:`State` (see the module's docstring).

    Call :meth:`front`, then :meth:`rest`, render what they return, then :meth:`finish`.
    ``jobs`` caps the processes of a build from scratch (an incremental one uses one);
    ``progress`` is told the stages (sitegen.progress; default: shown nowhere).
    """

    def __init__(self, state: State | None, content_dir: Path, templates_dir: Path | None,
                 base_url: str | None, jobs: int | None = None, progress: Progress | None = None):
        self.old = state or State()
        self.content_dir = content_dir
        self.templates_dir = templates_dir
        self.base_url = base_url
        self.progress = progress or Progress()
        self.stamps = {name: file_digests(root, self.old.stamps.get(name, {}))
                       for name, root in self._roots().items()}
        self.settings = self._settings()
        self.reason = self._reason()
        self.files = {path: digest for path, (_, digest) in self.stamps["content"].items()}
        self._start(jobs)

    def _start(self, jobs: int | None) -> None:
        """Forget what this build has made so far (and the last build, when there is a
        ``reason`` not to use it)."""
        if self.reason is not None:
            self.old = State(stamps=self.old.stamps)
        self.jobs = jobs if self.old.empty else 1
        self.digests = Digests()
        self.digests.dispatch[StoredSection] = _stored_reduce
        self.caches = _Caches(self)
        self.content: Content | None = None
        self.plan: SitePlan | None = None
        self.keys: dict[str, bytes] = {}
        self.made: set[int] = set()
        self.made_shas: dict[str, bytes] = {}
        """The digests of the outputs this build made (set by the caller that makes them)."""
        self.made_blobs: dict[str, str] = {}
        """Texts of the cache's blobs written by the render workers (sitegen.store)."""
        self.player_pages: dict[str, str] = {}
        self._later: list[Bundle] = []
        self.leagues: dict[str, bytes] = {}
        self.rule_paths = self.paths = self.menu = b""

    def _roots(self) -> dict[str, Path]:
        roots = {"content": self.content_dir, "theme": default_templates_dir(), "code": code_folder()}
        if self.templates_dir is not None:
            roots["templates"] = self.templates_dir
        return roots

    def _settings(self) -> bytes:
        parts = [__version__, self.base_url or "", str(self.templates_dir is not None)]
        for name in ("templates", "theme", "code"):
            for path, (_, digest) in sorted(self.stamps.get(name, {}).items()):
                parts.append(f"{name}/{path}:{digest.hex()}")
        for path, (_, digest) in sorted(self.stamps["content"].items()):
            # site.yaml, and any file no unit claims: a loader may read it that depends.py
            # does not know of, so a change to it rebuilds everything.
            if path == "site.yaml" or unit_of(path) is None:
                parts.append(f"content/{path}:{digest.hex()}")
        return sha("\n".join(parts).encode("utf-8", "surrogateescape"))

    def _reason(self) -> str | None:
        """Return why nothing of the last build can be kept, or None."""
        old = self.old
        if old.empty:
            return None if not old.stamps else "nothing kept from an earlier build"
        if old.settings == self.settings:
            return None
        changed = [name for name in ("code", "theme", "templates")
                   if _digest_of(old.stamps.get(name, {})) != _digest_of(self.stamps.get(name, {}))]
        if "code" in changed:
            return "sitegen itself changed"
        if changed:
            return "the templates changed"
        if _digest_of(_unclaimed(old.stamps.get("content", {}))) != _digest_of(_unclaimed(self.stamps["content"])):
            return "a file of the content folder that no competition reads changed"
        return "the site settings changed"

    def unchanged(self) -> bool:
        """True when no input changed since the last build (whose outputs then stand)."""
        return (self.reason is None and not self.old.empty
                and self.files == {path: digest for path, (_, digest) in self.old.stamps.get("content", {}).items()})

    # ------------------------------------------------------------------ the rule sets

    def front(self, jobs: int | None = None, first: frozenset[str] = frozenset()) -> list[Bundle]:
        """Validate and plan the rule sets; return the outputs of the parts planned again
        whose keys changed (pages first, shallow addresses first), reduced to those outputs.
        With ``first`` (files of the site open in a browser), return only those of the
        bundles holding one of them; :meth:`later` returns the others. When the header menu
        of every page changed, nothing of the last build is kept (the pages of the parts kept
        would show the old menu): the build starts again from scratch with ``jobs``
        processes. Raises SitegenError with every problem of the content."""
        content, plan = prepare_rule_sets(self.content_dir, self.base_url, self.jobs, self.caches,
                                          self.progress)
        self.content, self.plan = content, plan
        with language(content.config.language):
            menu = site_menu(content)
        self.menu = self.digests.of(menu)
        self.digests.register(menu, self.menu)  # every page's key takes it by its digest
        if not self.old.empty and self.menu != self.old.menu:
            self.reason = "the header menu changed (a competition or page was added, renamed or removed)"
            self._start(jobs)
            return self.front(jobs, first)
        add_menu(plan, menu)  # before the keys are taken: every page shows it
        made = [bundle for record in self.caches.new_parts.values() if record.made is not None
                for bundle in record.made]
        self.made = {id(bundle) for bundle in made}
        for ghost in self.caches.ghost_bundles:  # the outputs of parts kept: as they are
            for path in ghost.paths:
                self.keys[path] = self.old.keys.get(path, b"")
        updated = self.caches.updated if self.jobs == 1 else updated_dates(content)
        mark_updated((bundle.page for bundle in made if bundle.page is not None), updated)
        self.digests.table(player_names(content.players))
        self.rule_paths = self.digests.of(sorted(plan.paths()))
        if self.old.empty:
            return list(made)  # keyed by the workers that make them (:meth:`key_of`)
        if first:  # keying a season's or tournament's pages takes 0.05-0.15 s at full size
            self._later = [bundle for bundle in made if not any(path in first for path in bundle.paths)]
            made = [bundle for bundle in made if any(path in first for path in bundle.paths)]
        return self._dirty_in_order(made)

    def later(self) -> list[Bundle]:
        """Return the outputs :meth:`front` left for later (not open in a browser) whose keys
        changed, in the same order and form as :meth:`front`'s."""
        later, self._later = self._later, []
        return self._dirty_in_order(later)

    def _dirty_in_order(self, made: list[Bundle]) -> list[Bundle]:
        dirty = self._dirty(made)
        dirty.sort(key=lambda bundle: (bundle.page is None, bundle.page.url.count("/") if bundle.page else 0))
        return dirty

    @property
    def safe_to_show(self) -> bool:
        """True when the rule sets' outputs have the addresses of the last good build (no new
        clash of addresses is possible): what :meth:`front` returned may be shown at once."""
        return bool(self.old.rule_paths) and self.rule_paths == self.old.rule_paths

    # ------------------------------------------------------------------ the rest

    def rest(self) -> list[Bundle]:
        """Complete the plan (player pages, home, feed, ...; the addresses are checked when
        they changed) and return the outputs of those that changed. Raises SitegenError."""
        assert self.content is not None and self.plan is not None
        if not self.old.empty:  # only the player pages read them: after the first pages are shown
            self.store_sections(self.caches.new_parts.values())
        ghosts = self.caches.ghosts
        before = {id(bundle) for bundle in self.plan.bundles}
        finish_plan(self.content, self.plan, self.progress, check=False)
        self.paths = self.digests.of(sorted(self.plan.paths()))
        if self.paths != self.old.paths:
            check_paths(self.plan)
        extra = [bundle for bundle in self.plan.bundles
                 if id(bundle) not in before and id(bundle) not in ghosts]
        extra += [Bundle(None, (file,)) for file in static_files(self.templates_dir)]
        candidates = self._candidates()
        pages = self.player_pages = {player_url(pid): pid for pid in self.content.players}
        if self.old.empty:
            return extra
        return self._dirty(extra, lambda bundle: (
            candidates is not None and bundle.page is not None and bundle.page.url in pages
            and pages[bundle.page.url] not in candidates))

    def _candidates(self) -> set[str] | None:
        """Return the players whose pages may have changed (None: every player's):
        those found in a part planned again or no longer planned, those whose record changed,
        and every player of a league whose seasons' outline changed."""
        assert self.content is not None
        self.leagues = {league.id: league_outline(league) for league in self.content.leagues}
        if self.old.empty:
            return None
        caches, old = self.caches, self.old
        found: set[str] = set()
        for ident, record in caches.new_parts.items():
            if record.made is not None:
                found |= record.people
        for ident, record in old.parts.items():
            if ident not in caches.new_parts:
                found |= record.people
        if caches.common_value is not old.common:
            found |= {pid for pid in set(caches.players) | set(old.players)
                      if caches.players.get(pid) != old.players.get(pid)}
        changed = {league for league, digest in self.leagues.items() if old.leagues.get(league) != digest}
        for ident, record in caches.new_parts.items():
            if ident[0] == "league-season" and ident[1] in changed:
                found |= record.people
        return found

    def _dirty(self, bundles: list[Bundle], keep: Callable[[Bundle], bool] | None = None) -> list[Bundle]:
        """Record the keys of ``bundles``' outputs; return those whose key changed, each bundle
        reduced to its changed outputs. A bundle for which ``keep`` is true keeps the keys of
        the last build, when it had them (it is not made)."""
        dirty = []
        old = self.old.keys
        for bundle in bundles:
            if keep is not None and keep(bundle) and all(path in old for path in bundle.paths):
                self.keys.update((path, old[path]) for path in bundle.paths)
                continue
            keys = self.digests.output_keys(bundle)
            self.keys.update(keys)
            changed = {path for path, key in keys if old.get(path) != key}
            if changed:
                dirty.append(_reduced(bundle, changed))
        return dirty

    def store_sections(self, records: Iterable[PartRecord],
                       found: Mapping[int, tuple[Any, bytes]] | None = None) -> None:
        """Write down the player sections of the parts planned by this build (as JSON, with
        their digests, which stand for them in the player pages' keys): from ``found`` (where
        the render workers wrote each one's text, and its digest, by the section's id:
        :meth:`key_of`), else here. A part with a section that is not JSON is kept by no
        state: every build plans it again."""
        for record in records:
            if record.originals is None:
                continue
            sections = []
            for player, made in record.originals:
                kept = []
                for section in made:
                    written = found.get(id(section)) if found is not None else None
                    if written is not None:
                        stored = kept_section(section.template, section.sort_key, *written)
                    else:
                        try:
                            stored = stored_section(section, self.digests)
                        except TypeError:
                            record.inputs = b""
                            continue
                    self.digests.register(section, stored.digest)
                    kept.append(stored)
                sections.append((player, tuple(kept)))
            record.sections = tuple(sections)

    def key_of(self, every: bool, spill: Path | None = None) -> Callable[[Bundle], list[tuple[str, Any]]]:
        """For a build from scratch, return the function that gives each bundle's outputs
        their keys (run by the render workers, :func:`sitegen.render.render_work`): every
        output's, or (``every`` False) only the player pages'. A player page's key comes with
        its player's sections written down (:meth:`store_sections`), their texts appended to a
        file of ``spill`` when given. An output left without a key is made again when a later
        build plans its part again."""
        pages = self.player_pages
        plan = self.plan
        assert plan is not None
        spilled = _Spill(spill) if spill is not None else None

        def keys(bundle: Bundle) -> list[tuple[str, Any]]:
            player = pages.get(bundle.page.url) if bundle.page is not None else None
            if player is None:
                return self.digests.output_keys(bundle) if every else []
            written = []
            for section in plan.player_sections.get(player, ()):
                if section.make is None and self.digests.known(section) is None:
                    try:
                        stored = stored_section(section, self.digests, spilled)
                    except TypeError:
                        continue
                    self.digests.register(section, stored.digest)
                    # Only where its text is and its digest travel back (the builder has the
                    # section): pickling whole StoredSections back and forth cost the builder
                    # about 1 s at full size.
                    written.append((id(section), stored.where, stored.digest))
            if spilled is not None:
                spilled.flush()
            found = self.digests.output_keys(bundle)
            return [(found[0][0], (found[0][1], written))] + found[1:]
        return keys

    def take_keys(self, made: Iterable[tuple[str, Any, Any]]) -> None:
        """Record the keys the render workers gave (:meth:`key_of`), and the player sections
        they wrote down; outputs without a key get none (an empty key, which no key equals)."""
        found: dict[int, tuple[Any, bytes]] = {}
        # Everything alive now lives until the end of the build: a collection here would walk
        # the whole content and plan (about 2 s at full size, measured in the builder).
        with no_cycle_collection():
            for path, _, key in made:
                if type(key) is tuple:
                    key, written = key
                    for ident, where, digest in written:
                        found[ident] = (where, digest)
                self.keys[path] = key or b""
            self.store_sections(self.caches.new_parts.values(), found)

    def host_files(self, files: dict[str, bytes]) -> dict[str, bytes]:
        """Return those of ``files`` (CNAME, .nojekyll) whose key changed, recording them."""
        changed = {}
        for path, data in files.items():
            key = sha(b"host\0" + data)
            self.keys[path] = key
            if self.old.keys.get(path) != key:
                changed[path] = data
        return changed

    def removed(self) -> list[str]:
        """Return the outputs of the last build that this one no longer has (after :meth:`rest`
        and :meth:`host_files`)."""
        return sorted(set(self.old.keys) - set(self.keys))

    # ------------------------------------------------------------------ the next state

    def finish(self, shas: Mapping[str, bytes], census: dict[str, dict[str, int]] | None = None) -> State:
        """Return the state for the next build; ``shas``: the SHA-256 of each output made by
        this build; ``census``: what the site was made from (sitegen.census), if counted."""
        old = self.old
        new_shas = {path: old.shas[path] for path in self.keys if path in old.shas}
        new_shas.update({path: digest for path, digest in shas.items() if path in self.keys})
        for record in self.caches.new_parts.values():
            record.made = None
            record.originals = None
        return State(
            settings=self.settings, stamps=self.stamps, common=self.caches.common_value,
            common_files=self.caches.common_files, common_diagnostics=self.caches.common_diags,
            players=self.caches.players, leagues=self.leagues, dates=self.caches.dates,
            units=self.caches.new_units, seasons=self.caches.new_seasons,
            parts=self.caches.new_parts, keys=dict(self.keys), shas=new_shas,
            rule_paths=self.rule_paths, paths=self.paths, menu=self.menu,
            warnings=tuple(self.plan.warnings) if self.plan is not None else (),
            census=census or {})


def league_outline(league: Any) -> bytes:
    """Return the digest of what every player page of a league's players shows of the league
    as a whole (the division chart): its seasons in order, their ids and division letters."""
    seasons = sorted(league.seasons, key=lambda s: (s.start or dt.date.min, s.id))
    return sha(repr((league.id, league.name, [(s.id, [d.name for d in s.divisions]) for s in seasons]))
               .encode("utf-8"))


def _unclaimed(stamps: Mapping[str, tuple[Stamp, bytes]]) -> dict[str, tuple[Stamp, bytes]]:
    return {path: stamp for path, stamp in stamps.items() if path != "site.yaml" and unit_of(path) is None}


def _stored_reduce(section: StoredSection) -> tuple:
    """A kept player section counts in digests by its own digest."""
    return reference, (section.digest,)


def _digest_of(stamps: Mapping[str, tuple[Stamp, bytes]]) -> bytes:
    return sha(b"".join(path.encode() + b"\0" + digest for path, (_, digest) in sorted(stamps.items())))


def _reduced(bundle: Bundle, paths: set[str]) -> Bundle:
    """Return ``bundle`` with only the outputs that make one of ``paths``."""
    page = bundle.page if bundle.page is not None and bundle.page.path in paths else None
    files = tuple(file for file in bundle.files if any(path in paths for path in file.paths))
    if page is bundle.page and len(files) == len(bundle.files):
        return bundle
    return Bundle(page, files, bundle.shared)


# --------------------------------------------------------------------------- the caches


READ = "@"
"""Marks, in a unit's files, a game record its validation read (``@games/a.sgf``)."""


class _RecordingReader(RecordReader):
    """Reads the games' records (sitegen.validate.records) and remembers the SGF files read."""

    def __init__(self, content_dir: Path):
        super().__init__(content_dir)
        self.read_paths: set[str] = set()

    def read(self, fields: Any, diags: Diagnostics) -> Any:
        record = super().read(fields, diags)
        if record is not None and record.sgf:
            self.read_paths.add(record.sgf)
        return record

    def files(self, digests: Mapping[str, bytes]) -> tuple[tuple[str, bytes], ...]:
        """Return the SGF files read, marked (:data:`READ`), with their digests in ``digests``."""
        return tuple((READ + path, digests.get(path, b"")) for path in sorted(self.read_paths))


class _Caches:
    """The units and parts of the last build, lent to the front half (sitegen.pipeline.Caches)."""

    def __init__(self, build: Build):
        self.files = build.files
        self.digests = build.digests
        self.content_dir = build.content_dir
        self.old = build.old
        self.new_units: dict[Unit, UnitRecord] = {}
        self.new_seasons: dict[str, UnitRecord] = {}
        self.new_parts: dict[tuple, PartRecord] = {}
        self.ghosts: set[int] = set()
        self.ghost_bundles: list[Bundle] = []
        self.common_value: Common | None = None
        self.common_files: tuple[tuple[str, bytes], ...] = ()
        self.common_diags: tuple[Diagnostic, ...] = ()
        self.refs: dict[int, tuple[str, ...]] = {}
        """The players each kept or validated model object's validation looked up, by id."""
        self.players: dict[str, bytes] = {}
        """The digest of each player's record."""
        self.updated: dict[str, dt.date] = {}
        """The "last updated" dates of the rule sets' pages planned in this process."""
        self.dates: dict[tuple, tuple[tuple, dict[str, dt.date]]] = {}
        """Per rule set (by its model objects): its pages' "last updated" dates."""

    # ------------------------------------------------------------------ common

    def common(self, content_dir: Path, diags: Diagnostics) -> Common | None:
        """Return the settings, players and pages: kept when none of their files changed."""
        files = tuple(sorted((path, digest) for path, digest in self.files.items()
                             if unit_of(path) == COMMON))
        old = self.old
        if (old.common is not None and old.common_files == files and content_dir.is_dir()
                and not content_dir.is_symlink()):
            if refuse_links_and_special_files(content_dir, diags):
                return None
            report_interrupted_writes(content_dir, diags)
            common: Common | None = old.common
            found = old.common_diagnostics
        else:
            own = Diagnostics()
            common = read_common(content_dir, own)
            found = tuple(own.items)
        diags.extend(found)
        if common is None:
            return None
        if not any(d.level == "error" for d in found):
            self.common_value, self.common_files, self.common_diags = common, files, found
        digests = self.digests
        digests.table(player_names(common.players))
        if common is old.common and old.players:
            self.players = old.players
            for pid, player in common.players.items():
                digests.register(player, self.players[pid])
        else:
            self.players = player_digests(common.players, digests)
        return common

    def records(self, ids: Iterable[str]) -> bytes:
        """Return the digest of the records of players ``ids``."""
        return records_digest(self.players, ids)

    # ------------------------------------------------------------------ units

    def _read(self, record: UnitRecord) -> tuple[tuple[str, bytes], ...]:
        """Return the current digests of the game records ``record``'s validation read."""
        return tuple((path, self.files.get(path[1:], b"")) for path, _ in record.files
                     if path.startswith(READ))

    def _files_of(self, unit: Unit) -> tuple[tuple[str, bytes], ...]:
        return tuple(sorted((path, digest) for path, digest in self.files.items()
                            if unit_of(path) == unit))

    def unit(self, unit: Unit, load: Callable[..., tuple], common: Common, diags: Diagnostics) -> tuple:
        """Return ``unit``'s model objects: kept when its files and the records of the
        players it looked up are unchanged, else validated again (``load``)."""
        files = self._files_of(unit)
        record = self.old.units.get(unit)
        digests = self.digests
        if record is not None and self._unchanged(record, files, common):
            diags.extend(record.diagnostics)
        else:
            def validate(refs: PlayerRefs, own: Diagnostics, recorder: _Recorder) -> tuple:
                seasons = self._season_loader(common, recorder) if unit[0] == "leagues" else None
                return load(refs, own, seasons)

            record, kept = self._validate(unit, files, common, common.complete, validate, diags)
            if not kept:
                return record.model
        self.new_units[unit] = record
        key = record.key
        for obj in record.model:
            digests.register(obj, key)
            self.refs[id(obj)] = record.refs
            if unit[0] == "leagues" and record is self.old.units.get(unit):
                self._keep_seasons(obj)
        return record.model

    def _validate(self, unit: Unit | None, files: tuple[tuple[str, bytes], ...], common: Common,
                  complete: bool, load: Callable[[PlayerRefs, Diagnostics, _Recorder], tuple],
                  diags: Diagnostics) -> tuple[UnitRecord, bool]:
        """Validate a unit (or, ``unit`` None, a league's season file) from ``files`` with
        ``load``, recording the players and game records it looked up; return its record and
        whether it may be kept for the next build (no error, and it did not read the whole
        players table)."""
        recorder = _Recorder(common.players)
        own = Diagnostics()
        reader = _RecordingReader(self.content_dir)
        model = load(PlayerRefs(recorder, own, complete=complete, records=reader), own, recorder)
        diags.extend(own.items)
        reads = self._reads(unit, reader) if unit is not None else reader.files(self.files)
        record = UnitRecord(files + reads, tuple(sorted(recorder.seen)), self.records(recorder.seen),
                            model, tuple(own.items))
        return record, not (own.has_errors or recorder.everything)

    def _reads(self, unit: Unit, reader: _RecordingReader) -> tuple[tuple[str, bytes], ...]:
        """Return the game records a unit's validation read, marked (:data:`READ`): a league's
        include those its seasons read (a league whose files are unchanged is kept whole, its
        seasons with it: an edited record must validate it again)."""
        reads = set(reader.files(self.files))
        if unit[0] == "leagues":
            reads.update(entry for relative, season in self.new_seasons.items() if unit_of(relative) == unit
                         for entry in season.files if entry[0].startswith(READ))
        return tuple(sorted(reads))

    def _unchanged(self, record: UnitRecord, files: tuple, common: Common) -> bool:
        """Return whether ``record`` was made from ``files`` as they are now (and the files it
        read beside them), with the players' records it looked up unchanged."""
        return (record.files == files + self._read(record)
                and (common is self.old.common or self.records(record.refs) == record.records))

    def _keep_seasons(self, league: Any) -> None:
        """A league kept as it was keeps its seasons' records (their digests and players)."""
        records = {id(record.model[0]): (relative, record) for relative, record in self.old.seasons.items()
                   if record.model}
        for season in league.seasons:
            relative, record = records[id(season)]
            self.new_seasons[relative] = record
            self.digests.register(season, record.key)
            self.refs[id(season)] = record.refs

    def _season_loader(self, common: Common, outer: _Recorder) -> Callable:
        """Return a season loader (for ``load_league``) that keeps the seasons of unchanged
        files."""
        def load(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> Any:
            relative = path.relative_to(self.content_dir).as_posix()
            files = ((relative, self.files.get(relative, b"")),)
            record = self.old.seasons.get(relative)
            digests = self.digests
            if record is not None and self._unchanged(record, files, common):
                diags.extend(record.diagnostics)
            else:
                def validate(season_refs: PlayerRefs, own: Diagnostics, recorder: _Recorder) -> tuple:
                    season = load_season(path, shown, season_refs, own)
                    return () if season is None else (season,)

                record, kept = self._validate(None, files, common, refs.complete, validate, diags)
                if not kept:
                    outer.everything = True
                    return record.model[0] if record.model else None
            outer.seen.update(record.refs)
            self.new_seasons[relative] = record
            for obj in record.model:
                digests.register(obj, record.key)
                self.refs[id(obj)] = record.refs
            return record.model[0] if record.model else None
        return load

    # ------------------------------------------------------------------ parts

    def memo(self, content: Content) -> "_Memo":
        objects = (content.leagues, content.tournaments, content.ladders, content.swiss_leagues)
        ids = tuple(id(obj) for group in objects for obj in group)
        kept = self.old.dates.get(ids)
        updated = kept[1] if kept is not None and all(
            a is b for a, b in zip(kept[0], (obj for group in objects for obj in group))) else updated_dates(content)
        self.dates[ids] = (tuple(obj for group in objects for obj in group), updated)
        self.updated.update(updated)
        return _Memo(self, updated)

    def harvest(self) -> Any:
        return (self.new_units, self.new_seasons, self.new_parts, self.ghost_bundles)

    def absorb(self, made: Any) -> None:
        """Take the units and parts a forked helper made (its bundles and model objects came
        back in the same pickle as its plan, so they are the plan's own objects)."""
        units, seasons, parts, ghosts = made
        digests = self.digests
        for table, records in ((self.new_units, units), (self.new_seasons, seasons)):
            for key, record in records.items():
                table[key] = record
                for obj in record.model:
                    digests.register(obj, record.key)
                    self.refs[id(obj)] = record.refs
        self.new_parts.update(parts)
        self.ghost_bundles.extend(ghosts)
        self.ghosts.update(id(bundle) for bundle in ghosts)


class _Memo:
    """The previous build's parts, for :meth:`sitegen.plan.SitePlan.part`; ``updated``: the
    "last updated" dates of the rule set's pages in this build."""

    def __init__(self, caches: _Caches, updated: dict[str, dt.date]):
        self.caches = caches
        self.updated = updated

    def part(self, plan: SitePlan, ident: tuple, inputs: Any, make: Callable[[SitePlan], Any]) -> Any:
        caches = self.caches
        digests = caches.digests
        shape = digests.of((ident, inputs))
        old = caches.old.parts.get(ident)
        if (old is not None and old.inputs and old.shape == shape and caches.players is caches.old.players
                and self._same_dates(old)):
            # The same inputs and the same players' records as the last build: the same part
            # (finding the players in the inputs and digesting their records is most of the
            # time a kept part costs: 0.2 of 0.25 s in a full-size league's 30 seasons).
            self._reuse(plan, old)
            caches.new_parts[ident] = old
            return old.value
        players = caches.common_value.players if caches.common_value else {}
        people, covered = player_ids(inputs, players, caches.refs)
        digest = sha(shape + caches.records(people))
        if old is not None and old.inputs == digest and self._same_dates(old):
            old.shape = shape
            self._reuse(plan, old)
            caches.new_parts[ident] = old
            return old.value
        sub = SitePlan(memo=plan.memo)
        value = make(sub)
        assert not sub.home_sections, f"a part adds no home section: {ident}"
        plan.bundles.extend(sub.bundles)
        plan.warnings.extend(sub.warnings)
        for player, found in sub.player_sections.items():
            for section in found:
                plan.add_player_section(player, section)
        record = PartRecord(digest, value, tuple(
            ((b.page.url, b.page.template, b.page.file_name) if b.page else None,
             tuple(path for f in b.files for path in f.paths)) for b in sub.bundles),
            self._dates(sub.bundles), (), frozenset(people | covered), tuple(sub.warnings),
            made=list(sub.bundles), originals=list(sub.player_sections.items()), shape=shape)
        caches.new_parts[ident] = record
        return value

    def _dates(self, bundles: Iterable[Bundle]) -> tuple[tuple[str, dt.date | None], ...]:
        return tuple((b.page.url, self.updated.get(b.page.url)) for b in bundles
                     if b.page is not None and b.page.file_name == "index.html")

    def _same_dates(self, old: PartRecord) -> bool:
        return all(self.updated.get(url) == date for url, date in old.dates)

    def _reuse(self, plan: SitePlan, old: PartRecord) -> None:
        """Add ghost bundles standing for the part's outputs, and its kept player sections."""
        ghosts = [Bundle(Page(page[0], page[1], {}, page[2]) if page else None,
                         tuple(File(path, b"") for path in paths))
                  for page, paths in old.bundles]
        plan.bundles.extend(ghosts)
        plan.warnings.extend(old.warnings)
        self.caches.ghosts.update(id(ghost) for ghost in ghosts)
        self.caches.ghost_bundles.extend(ghosts)
        found = plan.player_sections
        for player, sections in old.sections:
            found.setdefault(player, []).extend(sections)  # type: ignore[arg-type]
