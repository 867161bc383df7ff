"""What each page and file of the site is made from, and the digests that tell whether it
changed (issue 18). An incremental build (:mod:`sitegen.incremental`) makes again only what
these dependencies say may have changed; docs/architecture.md has the whole table.

**Content files -> units.** Each content file belongs to one validated *unit*
(:func:`unit_of`): ``site.yaml``, the players files and the Markdown pages are the *common*
part; ``leagues/<id>/...`` is one league (each season file validated apart), a tournament is its
file, a ladder its file, a Swiss league its folder. A unit's model objects depend on its files
and on the records of the players its validation looked up; nothing else.

**Units -> parts of the plan.** A planner plans in *parts* (:meth:`sitegen.plan.SitePlan.part`):
a league season, a league's own page, a tournament, a ladder, a Swiss league. A part declares
its inputs (model objects and small plain values); its pages, files and player sections depend
on those, on the players they show (every player id found in the inputs), on the "last updated"
dates of its pages, on the site settings and on the templates.

**Outputs.** Each page or file of the plan has a *key*: the digest of its template, context,
deferred function and arguments, and its bundle's shared value (:meth:`Digests.output_keys`).
Large model objects enter a key by the digest of their unit (:meth:`Digests.register`), the
players' names by the digest of the table. The pages that list everything (home, players, search,
feed, sitemap) and every player page get a key on each build: a player page's key covers its
sections (each section by the digest of its data) and the deferred overview's arguments (the
player's results, opponents and division charts).

**Digests** are SHA-256 of the value's pickle, taken without pickle's memo (equal values give
equal bytes whatever objects they share), with registered objects by their own digest. They
are only ever compared, never loaded: nothing is unpickled. A player's record is digested by
its compared fields (where it stands in its file does not count).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import io
import pickle
from functools import partial
from pathlib import PurePosixPath
from typing import Any, Iterable, Mapping

from . import rulesets

COMMON = ("common",)
"""The unit of ``site.yaml``, the players files and ``pages/*.md``."""

RECORDS = ("records",)
"""What an SGF game record outside a competition's folder belongs to: no unit of its own; each
unit whose games name it lists it among its files when it is validated
(:class:`sitegen.incremental.UnitRecord`), so that its change validates those units again."""

SETTINGS = "site.yaml"


def unit_of(relative: str) -> tuple[str, ...] | None:
    """Return the unit that reads the content file ``relative`` (a POSIX path inside the
    content folder), or None when no loader reads it (a README beside the seasons, say).

    ``("common",)``; a rule set's ``(name, entry)``, e.g. ``("leagues", id)`` or
    ``("tournaments", file)``: the same folders and patterns its loader reads (its description's
    ``units``, :func:`sitegen.rulesets.unit_list`); :data:`RECORDS` for any other ``.sgf`` file
    (a game's record, read by the units that name it).
    """
    unit = _unit_of(relative)
    return RECORDS if unit is None and relative.endswith(".sgf") else unit


def _unit_of(relative: str) -> tuple[str, ...] | None:
    parts = PurePosixPath(relative).parts
    if not parts:
        return None
    top = parts[0]
    if len(parts) == 1:
        return COMMON if top in (SETTINGS, "players.yaml") else None
    if top == "players":
        return COMMON if len(parts) == 2 and relative.endswith(".yaml") else None
    if top == "pages":
        return COMMON if len(parts) == 2 and relative.endswith(".md") else None
    for found in rulesets.RULE_SETS:
        if found.name == top:
            entry = found.units.entry_of(parts[1:])
            return None if entry is None else (top, entry)
    return None


# --------------------------------------------------------------------------- digests


def sha(data: bytes) -> bytes:
    """Return the SHA-256 of ``data`` (32 bytes)."""
    return hashlib.sha256(data).digest()


def reference(digest: bytes) -> bytes:  # pragma: no cover - only named in digests, never called
    """What a registered object is reduced to in a digest: ``(reference, (its digest,))``."""
    return digest


_COMPARED: dict[type, tuple[str, ...]] = {}


def compared_fields(cls: type) -> tuple[str, ...]:
    """Return the names of a dataclass's fields that take part in its equality."""
    names = _COMPARED.get(cls)
    if names is None:
        names = _COMPARED[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.compare)
    return names


def _reduce_known(known: dict[int, tuple[Any, bytes]], obj: Any) -> Any:
    """Reduce a registered object to its digest (any other to what pickle does)."""
    entry = known.get(id(obj))
    if entry is not None and entry[0] is obj:
        return reference, (entry[1],)
    return obj.__reduce_ex__(5)


class _Pickler(pickle.Pickler):
    """A pickler for digests: no memo, and registered objects by their digest (the classes of
    registered objects go through ``dispatch_table``; everything else is pickled by C code)."""

    def __init__(self, file: io.BytesIO, digests: "Digests"):
        super().__init__(file, protocol=5)
        self.fast = True  # no memo: sharing does not show in the bytes
        self.dispatch_table = digests.dispatch


_KEY_ITEMS = frozenset((str, int, dt.date))
"""The items of a sort key that :meth:`Digests.of_key` keeps the digest of (exact types)."""


class Digests:
    """Digests of values for one build (SHA-256, 32 bytes).

    :meth:`register` gives an object a digest of its own (a unit's model objects, the players'
    names table, a player section): any value holding it is digested with that digest in its
    place, which keeps digests cheap and makes them depend on what the object was made from.
    Registered objects are kept alive, so that their ids stay theirs.
    """

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, bytes]] = {}
        self.dispatch: dict[type, Any] = {}
        self._reduce = partial(_reduce_known, self._known)  # no cycle through self
        self._keys: dict[tuple, bytes] = {}

    def register(self, obj: Any, digest: bytes) -> None:
        """Digest ``obj`` as ``digest`` from now on."""
        self._known[id(obj)] = (obj, digest)
        self.dispatch.setdefault(type(obj), self._reduce)

    def known(self, obj: Any) -> bytes | None:
        """Return the digest registered for ``obj``, or None."""
        entry = self._known.get(id(obj))
        return entry[1] if entry is not None and entry[0] is obj else None

    def of(self, value: Any) -> bytes:
        """Return the digest of ``value``. Raises pickle.PicklingError (or TypeError,
        AttributeError) for a value holding a lambda, a closure or a local class."""
        buffer = io.BytesIO()
        _Pickler(buffer, self).dump(value)
        return sha(buffer.getvalue())

    def of_key(self, key: Any) -> bytes:
        """:meth:`of` a player section's sort key, each such key digested once by this object
        when it is a tuple of text, whole numbers and dates only (equal ones then pickle to the
        same bytes; not so 1 and True, or 1 and 1.0): every player of a season or tournament
        has a section of the same key (issue 31, render52: 10,671 sections at scale 0.3, a
        pickler and a SHA-256 each). Any other value is digested each time."""
        if type(key) is not tuple or not all(type(item) in _KEY_ITEMS for item in key):
            return self.of(key)
        found = self._keys.get(key)
        if found is None:
            found = self._keys[key] = self.of(key)
        return found

    def record(self, obj: Any) -> bytes:
        """Return the digest of a dataclass's compared fields (a player's record: not where
        it stands in its file)."""
        return self.of((type(obj).__qualname__, tuple(getattr(obj, name) for name in compared_fields(type(obj)))))

    def table(self, obj: Any) -> bytes:
        """Register ``obj`` (a large table shared by many outputs) with the digest of its
        value; return that digest."""
        digest = self.known(obj)
        if digest is None:
            digest = self.of(dict(obj))
            self.register(obj, digest)
        return digest

    def output_keys(self, bundle: Any) -> list[tuple[str, bytes]]:
        """Return ``[(path, key)]`` for every output of ``bundle`` (a :class:`sitegen.plan.Bundle`):
        the page's key covers the page and the bundle's shared value, each file's key the
        file and the shared value. A value that cannot be digested gives a key that never
        matches (the output is made again each build)."""
        keys = []
        if bundle.page is not None:
            keys.append((bundle.page.path, self._key(("page", bundle.page, bundle.shared))))
        for file in bundle.files:
            key = self._key(("file", file, bundle.shared))
            keys += [(path, key + path.encode("utf-8")) for path in file.paths]
        return keys

    def _key(self, value: Any) -> bytes:
        try:
            return self.of(value)
        except (pickle.PicklingError, TypeError, AttributeError, ValueError):
            return NEVER


NEVER = b"never"
"""The key of an output whose inputs cannot be digested: it never equals a stored key."""


def player_ids(value: Any, players: Any, registered: Mapping[int, Iterable[str]] | None = None
               ) -> tuple[set[str], set[str]]:
    """Return the player ids (keys of ``players``) found in ``value`` -- strings, and the
    contents of tuples, lists, dicts and dataclasses (their compared fields) -- and those of the
    registered objects found in it (``registered``: id -> the ids its digest covers; such an
    object is not walked)."""
    found: set[str] = set()
    covered: set[str] = set()
    registered = registered or {}
    stack = [value]
    while stack:
        item = stack.pop()
        cls = type(item)
        if cls is str:
            if item in players:
                found.add(item)
        elif cls is tuple or cls is list:
            stack.extend(item)
        elif cls is dict:
            stack.extend(item.keys())
            stack.extend(item.values())
        elif id(item) in registered:
            covered.update(registered[id(item)])
        elif dataclasses.is_dataclass(cls):
            stack.extend(getattr(item, name) for name in compared_fields(cls))
    return found, covered
