"""A player section kept from the part that made it (issue 18): its data as JSON (dates
tagged), its digest (which stands for it in its player page's key), and where its text is: in
memory, in a render worker's spill file, or in a file of the build cache (sitegen.store)."""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, chain
from operator import itemgetter
from pathlib import Path
from typing import Any, Iterator, NamedTuple, Sequence

from ..depends import Digests, reference, sha
from ..folders import real_folder
from ..modeljson import cache_loads
from ..plan import PlayerSection, SectionTable, StaleInput


class KeptText(NamedTuple):
    """Where a kept section's text is in a file of the build cache (sitegen.store): read only
    when its player page is made again, and checked then against the section's digest.

    A cached build after one changed result makes about 1,400 player pages again; reading
    every part's sections when the cache was opened (98 MB at full size) took 1-1.4 s."""

    path: str
    offset: int
    length: int


class DamagedSection(StaleInput):
    """A kept section's text is not what its digest says: the cache file it is read from was
    changed after the build began (the message says which). Raised when its player page is
    rendered (the page's deferred sections: sitegen.pages.players), and let through by the
    render (sitegen.plan.StaleInput)."""


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


_DATE = "\x00date"


def _to_json(value: Any) -> Any:
    if type(value) is dt.date:
        return {_DATE: value.isoformat()}
    raise TypeError(f"{type(value).__name__} in a player section's data")


def _from_json(obj: dict) -> Any:
    if len(obj) == 1 and _DATE in obj:
        return dt.date.fromisoformat(obj[_DATE])
    return obj


_SECTION_JSON = json.JSONEncoder(default=_to_json, ensure_ascii=False, separators=(",", ":"))
"""The encoder of :func:`section_text`, made once: ``json.dumps`` with these settings makes a
new one for each call, a third of the time of a player section's JSON (10,671 sections at
scale 0.3: 0.35 -> 0.25 CPU-s; issue 31, render52). It keeps nothing between calls."""


def section_text(data: Any) -> str:
    """Return a player section's data as JSON (dates tagged). Raises TypeError for a value that
    is neither JSON nor a date."""
    return _SECTION_JSON.encode(data)


def stored_section(section: PlayerSection, digests: Digests, spill: "Spill | None" = None) -> StoredSection:
    """Return ``section`` (made by a part; ``make`` None) as kept in the state, with its digest;
    its text is written to ``spill`` when given. Raises TypeError when its data is not JSON and
    dates."""
    text = section_text(section.data)
    data = text.encode("utf-8")
    digest = section_digest(section.template, digests.of_key(section.sort_key), data)
    return StoredSection(section.template, section.sort_key, text if spill is None else spill.put(data),
                         digest)


def section_digest(template: str, sort_key: bytes, data: bytes) -> bytes:
    """Return the digest of a player section (``sort_key``: the digest of its sort key;
    ``data``: its JSON, UTF-8), which stands for it in its player page's key."""
    return sha(b"section\0" + template.encode() + b"\0" + sort_key + data)


class Spill:
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


def stored_reduce(section: StoredSection) -> tuple:
    """A kept player section counts in digests by its own digest (``Digests.dispatch``)."""
    return reference, (section.digest,)


_PLAYER, _ROW = itemgetter(0), itemgetter(1)


class KeptSections(SectionTable):
    """A kept part's player sections as the build cache lists them (sitegen.store: per player,
    a flat row of ``kind, digest, length`` for each section; ``kinds``: the part's table of
    templates and sort keys; ``lines``: the file of its ``.lines`` blob, the sections' texts
    one a line, in order), made :class:`StoredSection` s only for the players read
    (:meth:`of`), or for all when iterated (pairs of a player id and a tuple of sections, in
    the blob's order). Made by :func:`kept_sections`, which checks the rows whole.

    Issue 31: making the 65,000 kept sections of a full-size site when the cache was opened,
    and merging them by player, was about 0.2 s of each cached build, which makes a handful of
    player pages again."""

    def __init__(self, lines: str, kinds: list[tuple[str, tuple]], players: list[str], rows: list[list[Any]],
                 kind_of: list[int], digests: bytes, lengths: list[int]):
        self.lines, self.kinds, self.players, self.rows = lines, kinds, players, rows
        self.kind_of, self.digests, self.lengths = kind_of, digests, lengths
        self._firsts: list[int] = []
        self._offsets: list[int] = []
        self._index: dict[str, list[int]] | None = None
        self._made: dict[int, tuple[StoredSection, ...]] = {}

    def of(self, player: str) -> Sequence[Any]:
        """Return player ``player``'s sections of the part (none: empty), in order."""
        if self._index is None:
            self._index = {}
            for number, found in enumerate(self.players):
                self._index.setdefault(found, []).append(number)
        rows = self._index.get(player, ())
        if len(rows) == 1:
            return self._row(rows[0])
        return tuple(section for number in rows for section in self._row(number))

    def _row(self, number: int) -> tuple[StoredSection, ...]:
        """The sections of the ``number``-th row, made once."""
        made = self._made.get(number)
        if made is None:
            if not self._firsts:  # each row's first section, each section's place in the .lines file
                self._firsts = [size // 3 for size in accumulate(map(len, self.rows), initial=0)]
                self._offsets = list(accumulate((length + 1 for length in self.lengths), initial=0))
            kinds, kind_of, digests, lengths, offsets = self.kinds, self.kind_of, self.digests, self.lengths, self._offsets
            made = self._made[number] = tuple(
                kept_section(*kinds[kind_of[at]], tuple.__new__(KeptText, (self.lines, offsets[at], lengths[at])),
                             digests[32 * at:32 * at + 32])
                for at in range(self._firsts[number], self._firsts[number + 1]))
        return made

    def __iter__(self) -> Iterator[tuple[str, tuple[StoredSection, ...]]]:
        return ((player, self._row(number)) for number, player in enumerate(self.players))

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, number: int) -> tuple[str, tuple[StoredSection, ...]]:
        if not -len(self.players) <= number < len(self.players):
            raise IndexError(number)
        number %= len(self.players)
        return self.players[number], self._row(number)

    @property
    def size(self) -> int:
        """The size in bytes of the ``.lines`` file these sections are in (each text and its line's end)."""
        return sum(self.lengths) + len(self.lengths)


def kept_sections(lines: str, kinds: list[tuple[str, tuple]], found: Any) -> KeptSections:
    """Return a part's sections as its blob lists them (``found``: ``[[player, [kind, digest,
    length, ...]], ...]``; :class:`KeptSections`), checked whole: raises ValueError unless each
    entry is a player id (text) and a row of whole triples, each kind a number of ``kinds``'s
    table (an int, not a bool), each digest 64 hexadecimal digits, each length an int of at
    least 0. The checks run over the part's flat lists at once (C loops), not section by
    section (issue 31)."""
    if type(found) is not list or not set(map(type, found)) <= {list} or not set(map(len, found)) <= {2}:
        raise ValueError("a part's sections are not a list of pairs")
    players, rows = list(map(_PLAYER, found)), list(map(_ROW, found))
    if not set(map(type, players)) <= {str} or not set(map(type, rows)) <= {list}:
        raise ValueError("a part's sections are not players and rows")
    if any(size % 3 for size in set(map(len, rows))):
        raise ValueError("a row of a part's sections is cut short")
    flat = list(chain.from_iterable(rows))
    kind_of, hexes, lengths = flat[0::3], flat[1::3], flat[2::3]
    if not set(map(type, kind_of)) <= {int} or (kind_of and not 0 <= min(kind_of) <= max(kind_of) < len(kinds)):
        raise ValueError("a section's kind is not in its part's table")
    if not set(map(type, lengths)) <= {int} or (lengths and min(lengths) < 0):
        raise ValueError("a section's length is not a length")
    if not set(map(type, hexes)) <= {str} or not set(map(len, hexes)) <= {64}:
        raise ValueError("a section's digest is not a digest")
    digests = bytes.fromhex("".join(hexes))
    if len(digests) != 32 * len(hexes):  # no blanks (which fromhex skips): 64 digits each
        raise ValueError("a section's digest is not a digest")
    return KeptSections(lines, kinds, players, rows, kind_of, digests, lengths)
