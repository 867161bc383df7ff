"""The build cache of ``sitegen build``: the :class:`sitegen.incremental.records.CacheState` of
the last good build, kept beside the output folder and read back by the next build (issue 18).

``.<output>.sitegen-cache/`` holds ``index.json`` (the settings' digest, every input file's
digest, every output's key, digest and file stamp, the digest of each player's record, and the
names of the blobs below) and ``blobs/<name>.json``: the settings, players and pages; one blob
per validated unit (a tournament, a ladder, a Swiss league, a league, each league season); one
per planned part (its value, the addresses of its outputs, the digest of its inputs and
shape, its player sections' templates and sort keys once and each section's digest and length). A blob is named after what it was made from,
so an unchanged unit or part keeps its blob; the others are written anew and the unused ones
deleted. A unit file whose rule set keeps it apart (a league season:
:class:`sitegen.ruleset.KeptApart`) also has ``t<key>.json``, its summary and skeleton: the
cache is opened with those, its model objects are stand-ins (:mod:`sitegen.standins`), and its
own blob is read, checked (digest, limits, what it was made from) and decoded only when the
build first reads one of its other fields (issue 31: the seasons' blobs, 19 MB at full size,
are otherwise not decoded by a cached build). A part's player sections are kept apart, one JSON document per line
(``<name>.lines``): opening the cache checks only the file's size; a section is read when its
player page is made again, and checked then against its digest
(:class:`sitegen.incremental.sections.KeptText`).

**Why JSON.** In CI the cache comes back from a cache service (``actions/cache``); whoever can
write that cache could, with pickle or marshal, run code on the machine that builds and
deploys the site (it holds the deployment token). JSON cannot run code when read: the model's
objects are made again only from an allow-list of sitegen's own model classes, field by field
from plain numbers and strings (:mod:`sitegen.modeljson`; the classes that check their values
through their constructor). A forged cache can at worst make wrong pages, as a forged
``output/`` restored beside it could anyway. A cache made by another version of sitegen (or
another format), one whose blobs do not match the digests of its index (truncated, edited),
or one that does not decode, is not used: the build starts from scratch and says why in one
line (a player section found changed when read, too: nothing has been written then).
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import enum
import json
import os
import shutil
import signal
import stat
import sys
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, Callable

from . import __version__
from .depends import sha, unit_of
from .diagnostics import Diagnostic, SourcePos
from .folders import Unreadable, entries_below, real_folder
from .incremental.records import CacheState, PartRecord, UnitRecord
from .incremental.sections import DamagedSection, kept_sections
from .outputstamps import KnownRow, OutputStamp, Unusable, output_rows, read_output_rows
from .modeljson import ALLOWED, NAMES, cache_loads, check_limits, loads_unchecked, plan, tuples
from .ruleset import KeptApart
from .rulesets import rule_set
from .standins import real_class, skeleton, standin
from .validate import Common
from .workers import Result, alongside

FORMAT = 8
"""The layout of the cache; a cache of another format is not used (5: a league season's summary
holds its lists' shares, sitegen.pages.league_lists; 6: each output's stamp, key and digest on one
row of the index, :func:`output_rows`; 7: a part's sections' templates and sort keys written once
per part, :func:`_part_text`; 8: the players' order of the players index kept with the players,
:func:`_filed`)."""

MAX_FILE = 256 << 20
"""The largest file a cache may hold (bytes): at full size (bench/synthetic.py, scale 1) the
largest is the index, about 10 MB; a larger one is refused before it is read."""


def cache_folder(output: Path) -> Path:
    """Return where the cache of the site built into ``output`` is kept: the hidden folder
    ``.<output>.sitegen-cache`` in the output folder's parent."""
    output = output.resolve()
    return output.parent / f".{output.name}.sitegen-cache"


def check_folder(folder: Path) -> None:
    """Check that the cache ``folder`` holds only folders and regular files, and is a folder
    itself: nothing is read, written or deleted through a link (the cache is untrusted input:
    in CI it is restored by ``actions/cache``, which restores links). Raises Unusable (none
    found, the folder or something in it a link or a special file, unreadable, a file
    larger than :data:`MAX_FILE`)."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        raise Unusable("none was found") from None
    except OSError as error:
        raise Unusable(f"it cannot be read: {error.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise Unusable("its folder is a link")
    if not stat.S_ISDIR(info.st_mode):
        raise Unusable("its folder is not a folder")
    try:
        for entry, relative in entries_below(os.fspath(folder), strict=True):
            if entry.is_symlink():
                raise Unusable(f"{relative} in it is a link")
            if not entry.is_file(follow_symlinks=False):
                raise Unusable(f"{relative} in it is not a file")
            if entry.stat(follow_symlinks=False).st_size > MAX_FILE:
                raise Unusable(f"{relative} in it is larger than {MAX_FILE >> 20} MB")
    except Unreadable:
        raise Unusable("it cannot be read") from None


# --------------------------------------------------------------------------- the JSON codec


TAG = "\x00"


class _Encoder:
    """``json.dumps`` hook: model objects, dates and fractions as tagged objects
    ``{"\\0": [kind, ...]}`` (a dataclass: its class name and every field, in order);
    ``refs`` names objects stored in other blobs."""

    def __init__(self, refs: dict[int, str] | None = None):
        self.refs = refs or {}

    def __call__(self, obj: Any) -> Any:
        if self.refs:
            ref = self.refs.get(id(obj))
            if ref is not None:
                return {TAG: ["ref", ref]}
        cls = type(obj)
        name = NAMES.get(cls)
        if name is None and real_class(cls) is not cls:  # a stand-in of a kept unit (sitegen.standins)
            cls = real_class(cls)
            name = NAMES.get(cls)
        if name is not None:
            if isinstance(obj, enum.Enum):
                return {TAG: [name, obj.value]}
            return {TAG: [name, *plan(cls)[0](obj)]}
        if cls is dt.date:
            return {TAG: ["date", obj.toordinal()]}
        if cls is Fraction:
            return {TAG: ["frac", obj.numerator, obj.denominator]}
        if cls is bytes:  # a game record's SGF file
            return {TAG: ["bytes", base64.b64encode(obj).decode("ascii")]}
        if cls is SourcePos:  # pragma: no cover - positions sit in typed fields
            return {TAG: ["pos", *obj]}
        raise TypeError(f"{cls.__name__} cannot be kept in the build cache")

    def dumps(self, value: Any) -> str:
        return json.dumps(value, default=self, ensure_ascii=False, separators=(",", ":"))


class _Decoder:
    """``json.loads`` object hook, the inverse of :class:`_Encoder`; ``refs``: the objects of
    other blobs by name. Raises Unusable for anything it does not know."""

    def __init__(self, refs: dict[str, Any] | None = None):
        self.refs = refs or {}

    def __call__(self, obj: dict) -> Any:
        tag = obj.get(TAG)
        if tag is None:
            return obj
        try:
            kind = tag[0]
            if kind == "date":
                return dt.date.fromordinal(int(tag[1]))
            if kind == "frac":
                return Fraction(int(tag[1]), int(tag[2]))
            if kind == "bytes":
                return base64.b64decode(str(tag[1]), validate=True)
            if kind == "ref":
                return self.refs[tag[1]]
            if kind == "pos":
                return SourcePos(str(tag[1]), int(tag[2]), int(tag[3]))
            cls = ALLOWED[kind]
            if issubclass(cls, enum.Enum):
                return cls(tag[1])
            return plan(cls)[1](tag[1:])
        except (KeyError, IndexError, TypeError, ValueError, ArithmeticError, RecursionError,
                binascii.Error) as error:
            raise Unusable(f"an entry does not decode ({type(error).__name__})") from None

    def loads(self, text: str | bytes, name: str = "", checked: bool = True) -> Any:
        """Decode a cache file's JSON (``name``: the file, for the message) within the limits
        of :func:`sitegen.modeljson.cache_loads` (``checked`` False: without checking its text
        for them first, for :func:`load_blobs_beside`). Raises Unusable."""
        try:
            return cache_loads(text, self) if checked else loads_unchecked(text, self)
        except ValueError as error:
            why = "it is not JSON" if isinstance(error, json.JSONDecodeError) else str(error)
            raise Unusable(f"{name or 'a file'} does not decode: {why}") from None


# --------------------------------------------------------------------------- saving


def unit_blobs(seasons: dict[str, UnitRecord], units: dict[Any, UnitRecord]) -> dict[str, Callable[[], str]]:
    """Return the blobs of the validated units (file name -> a function writing its text): a
    league's seasons are blobs of their own, which the league's blob refers to."""
    refs = {id(obj): _season_blob(record) for record in seasons.values() for obj in record.model}
    blobs: dict[str, Callable[[], str]] = {
        _season_blob(record): partial(_unit_text, record, {}) for record in seasons.values()}
    blobs.update({_unit_blob(record): partial(_unit_text, record, refs) for record in units.values()})
    return blobs


def common_blob(common: Common | None, files: tuple[tuple[str, bytes], ...],
                diagnostics: tuple[Diagnostic, ...],
                filed: list[str] | None = None) -> tuple[str, Callable[[], str]] | None:
    """Return the blob of the settings, players and pages (file name, a function writing its
    text), or None without them; ``files``: their files' digests; ``diagnostics``: their
    warnings; ``filed``: the players' ids in the order of the players index, if known (a
    function of the players' records, so of ``files``: not part of the blob's name)."""
    if common is None:
        return None
    key = sha(repr(files).encode() + repr(diagnostics).encode())
    return f"c{key.hex()}.json", partial(_common_text, common, files, diagnostics, filed)


def _season_blob(record: UnitRecord) -> str:
    return f"s{record.key.hex()}.json"


def _kept_apart(relative: str) -> KeptApart | None:
    """How the rule set of the unit file ``relative`` keeps its objects undecoded, if it does."""
    unit = unit_of(relative)
    return None if unit is None else rule_set(unit[0]).kept_apart


def _summary_blob(relative: str, record: UnitRecord) -> tuple[str, Callable[[], str]] | None:
    """Return the blob of a unit file's summary and skeleton (file name, a function writing its
    text; sitegen.standins), or None when its rule set keeps none (or it has no model object)."""
    kept = _kept_apart(relative)
    if kept is None or len(record.model) != 1:
        return None
    return f"t{record.key.hex()}.json", partial(_summary_text, record, kept)


def _summary_text(record: UnitRecord, kept: KeptApart) -> str:
    obj = record.model[0]
    return _Encoder().dumps({"files": [[path, digest.hex()] for path, digest in record.files],
                             "refs": list(record.refs), "records": record.records.hex(),
                             "diagnostics": list(record.diagnostics),
                             "skeleton": skeleton(obj, kept.eager), "summary": kept.summary(obj)})


def _unit_blob(record: UnitRecord) -> str:
    return f"u{record.key.hex()}.json"


def save(state: CacheState, outputs: dict[str, OutputStamp], folder: Path, made: dict[str, str] | None = None,
         known: dict[str, str] | None = None, rows: dict[str, KnownRow] | None = None) -> None:
    """Write ``state`` and the stamps of the output files into ``folder`` (made if needed): new
    blobs first, the index last (atomically), unused blobs removed. ``made``: the digests of blobs
    written by the render workers (:func:`write_blob`); ``known``: of the blobs the last index
    listed (read back by this build); ``rows``: its outputs' rows (CacheState.rows). Raises OSError."""
    blobs = real_folder(real_folder(folder) / "blobs")
    put = _Putter(blobs, made or {}, known or {})
    for file, make in unit_blobs(state.seasons, state.units).items():
        put(file, make)
        _kill_point("unit")
    seasons = []
    for relative, record in sorted(state.seasons.items()):
        summary = _summary_blob(relative, record)
        seasons.append([relative, _season_blob(record), None if summary is None else put(*summary)])
    units = [[unit[0], unit[1], _unit_blob(record)] for unit, record in sorted(state.units.items())]
    blob = common_blob(state.common, state.common_files, state.common_diagnostics, state.filed)
    common = put(*blob) if blob is not None else None
    # The parts' blobs are most of the work (1-1.5 s at full size, after the render): half of
    # them are written by a forked helper meanwhile.
    records = [(number, ident, record) for number, (ident, record) in enumerate(state.parts.items())
               if record.inputs]
    (mine, written_here), (theirs, written_there) = alongside(partial(_put_parts, put, records[0::2]),
                                                              partial(_put_parts, put, records[1::2]))
    written = {**put.written, **written_here, **written_there}
    entries = {**mine, **theirs}
    parts = [entries[number] for number in sorted(entries)]
    index = {
        "format": FORMAT, "sitegen": __version__, "settings": state.settings.hex(),
        "stamps": {root: {path: [*stamp, digest.hex()] for path, (stamp, digest) in files.items()}
                   for root, files in state.stamps.items()},
        "common": common, "seasons": seasons, "units": units, "parts": parts,
        "outputs": output_rows(state.keys, state.shas, outputs, rows),
        "players": {pid: digest.hex() for pid, digest in state.players.items()},
        "leagues": {league: digest.hex() for league, digest in state.leagues.items()},
        "rule_paths": state.rule_paths.hex(), "paths": state.paths.hex(), "blobs": written,
        "menu": state.menu.hex(), "warnings": json.loads(_Encoder().dumps(list(state.warnings))),
        "census": state.census,
    }
    _kill_point("before-index")
    _atomic_write(folder / "index.json", json.dumps(index, separators=(",", ":")).encode("utf-8"))
    _kill_point("cleanup")
    real_folder(blobs)  # still no link: the files below are its own
    for name in {path.name for path in blobs.iterdir()} - set(written):
        (blobs / name).unlink(missing_ok=True)  # unused blobs and the render workers' spill files


class _Putter:
    """Writes the blobs of :func:`save` into ``blobs`` unless there already, recording each
    one's digest (hex) in ``written``; ``made``: the digests of those written by the render
    workers; ``known``: of those the last index listed."""

    def __init__(self, blobs: Path, made: dict[str, str], known: dict[str, str],
                 present: set[str] | None = None):
        self.blobs = blobs
        self.made = made
        self.known = known
        self.present = {path.name for path in blobs.iterdir()} if present is None else present
        self.written: dict[str, str] = {}

    def fresh(self) -> "_Putter":
        """Return a putter of the same blobs that has written nothing yet."""
        return _Putter(self.blobs, self.made, self.known, self.present)

    def __call__(self, file: str, make: Callable[[], str | bytes]) -> str:
        """Write the blob ``file`` (its text or bytes made by ``make``) unless there; return
        ``file``. Raises OSError."""
        if file in self.made:
            self.written[file] = self.made[file]  # written by a render worker (write_blob)
        elif file in self.present:
            self.written[file] = self.known.get(file) or _blob_digest(self.blobs / file)
        else:
            data = make()
            data = data.encode("utf-8") if isinstance(data, str) else data
            _atomic_write(self.blobs / file, data)
            self.written[file] = sha(data).hex()
        return file


def _put_parts(put: _Putter, records: list[tuple[int, tuple, PartRecord]]
               ) -> tuple[dict[int, list[str]], dict[str, str]]:
    """Write the blobs of the parts ``records`` (numbered); return their index entries by
    number, and the digests of the blobs written. Raises OSError."""
    put = put.fresh()
    entries = {}
    spilled: dict[str, Any] = {}
    try:
        for number, ident, record in records:
            try:
                name = "p" + record.inputs.hex()
                put(name + ".lines", partial(_lines, record, spilled))
                entries[number] = [_Encoder().dumps(ident), put(name + ".json", partial(_part_text, record))]
            except TypeError:
                pass  # a value JSON cannot hold: the next build plans the part again
    finally:
        for stream in spilled.values():
            stream.close()
    return entries, put.written


def write_blob(folder: Path, file: str, make: Callable[[], str]) -> str:
    """Write the blob ``file`` (its text made by ``make``) into the cache ``folder``; return its
    digest (hex). Run by a render worker: the text does not travel back."""
    data = make().encode("utf-8")
    real_folder(real_folder(folder) / "blobs")
    _atomic_write(folder / "blobs" / file, data)
    return sha(data).hex()


def spill_folder(folder: Path) -> Path:
    """Return where render workers append player sections' texts during a build from scratch."""
    return folder / "blobs"


def _lines(record: PartRecord, spilled: dict[str, Any]) -> bytes:
    """Return a part's ``.lines`` blob: each player section's JSON on a line of its own
    (``spilled``: the render workers' files, opened once)."""
    chunks = []
    for _, sections in record.sections:
        for section in sections:
            where = section.where
            if type(where) is str:
                chunks.append(where.encode("utf-8"))
            else:
                file, offset, length = where
                stream = spilled.get(file)
                if stream is None:
                    stream = spilled[file] = open(file, "rb")  # noqa: SIM115 - closed by save
                stream.seek(offset)
                chunks.append(stream.read(length))
            chunks.append(b"\n")
    return b"".join(chunks)


def _blob_digest(path: Path) -> str:
    return sha(path.read_bytes()).hex()


def _atomic_write(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        temporary.unlink(missing_ok=True)  # a killed build's, or a link: never written through
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
        with open(fd, "wb") as stream:
            stream.write(data[:len(data) // 2])
            stream.flush()
            _kill_point("torn")
            stream.write(data[len(data) // 2:])
        _kill_point("replace")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _kill_point(name: str) -> None:
    """The test hook of tests/test_interrupt.py: ``SITEGEN_TEST_KILL_SAVE=<name>`` kills this
    process (SIGKILL) at the point ``name`` of writing the cache."""
    if os.environ.get("SITEGEN_TEST_KILL_SAVE") == name:
        os.kill(os.getpid(), signal.SIGKILL)


def _unit_text(record: UnitRecord, refs: dict[int, str]) -> str:
    return _Encoder(refs).dumps({"files": [[path, digest.hex()] for path, digest in record.files],
                                 "refs": list(record.refs), "records": record.records.hex(),
                                 "model": list(record.model), "diagnostics": list(record.diagnostics)})


def _part_text(record: PartRecord) -> str:
    """A part's blob: its sections' templates and sort keys each written once (``kinds``, the
    part's sections share a few: a league season's 2,700 players one), and per player a flat
    list of ``kind, digest, length`` for each of their sections (:func:`_part_record`)."""
    encoder = _Encoder()
    kinds: dict[tuple, int] = {}
    table: list[list[Any]] = []
    sections = []
    for player, found in record.sections:
        row: list[Any] = []
        for s in found:
            kind = _kind(s.template, s.sort_key, encoder)
            number = kinds.get(kind)
            if number is None:
                number = kinds[kind] = len(table)
                table.append([s.template, list(s.sort_key)])
            row += (number, s.digest.hex(), _length(s.where))
        sections.append([player, row])
    return encoder.dumps({
        "inputs": record.inputs.hex(), "shape": record.shape.hex(), "value": record.value,
        "bundles": [[list(page) if page else None, list(paths)] for page, paths in record.bundles],
        "dates": [[url, date] for url, date in record.dates], "people": sorted(record.people),
        "warnings": list(record.warnings), "kinds": table, "sections": sections})


_SAME_IN_JSON = frozenset({str, int, dt.date, type(None)})
"""Types whose equal values are written the same in JSON (not so ``float``: ``0.0`` and
``-0.0``; nor ``bool`` against ``int``: ``True == 1``)."""


def _kind(template: str, sort_key: tuple, encoder: "_Encoder") -> tuple:
    """What stands for a section's template and sort key in :func:`_part_text`'s table: two
    sections get the same entry only when they would be written the same, so that each reads
    back exactly as it would from a row of its own (its sort key's JSON when a value of it is
    not of :data:`_SAME_IN_JSON`)."""
    if all(type(value) in _SAME_IN_JSON for value in sort_key):
        return (template, sort_key)
    return (template, encoder.dumps(list(sort_key)))


def _length(where: Any) -> int:
    """The length (bytes, UTF-8) of a section's text (a StoredSection's ``where``)."""
    return len(where.encode("utf-8")) if type(where) is str else where[2]


def _common_text(common: Common, files: tuple[tuple[str, bytes], ...],
                 diagnostics: tuple[Diagnostic, ...], filed: list[str] | None = None) -> str:
    return _Encoder().dumps({"config": common.config, "players": dict(common.players),
                             "pages": list(common.pages), "complete": common.complete,
                             "files": [[path, digest.hex()] for path, digest in files],
                             "diagnostics": list(diagnostics), "filed": filed})


# --------------------------------------------------------------------------- loading


def load(folder: Path) -> tuple[CacheState, dict[str, OutputStamp]]:
    """Read the state and the output stamps kept in ``folder``. Raises Unusable (absent,
    another version or format, corrupt)."""
    state, stamps, index = load_index(folder)
    load_blobs(state, folder, index)
    return state, stamps


def load_index(folder: Path) -> tuple[CacheState, dict[str, OutputStamp], dict]:
    """Read the cache's index only: a state with the settings, the input files' digests and
    the outputs' keys and digests (enough to tell that nothing changed), the output stamps, and
    the index itself (for :func:`load_blobs`). Raises Unusable (also for a link in the cache:
    :func:`check_folder`)."""
    check_folder(folder)
    try:
        raw = (folder / "index.json").read_bytes()
    except FileNotFoundError:
        raise Unusable("none was found") from None
    except OSError as error:
        raise Unusable(f"it cannot be read: {error.strerror}") from None
    try:
        index = cache_loads(raw)
        if not isinstance(index, dict):
            raise ValueError
    except ValueError as error:
        why = str(error) if str(error) and not isinstance(error, json.JSONDecodeError) else ""
        raise Unusable("its index does not decode" + (f": {why}" if why else "")) from None
    if index.get("format") != FORMAT:
        raise Unusable(f"it has another format ({index.get('format')!r}, this sitegen reads {FORMAT})")
    if index.get("sitegen") != __version__:
        raise Unusable(f"it was made by sitegen {index.get('sitegen')} (this is {__version__})")
    try:
        state = CacheState(settings=bytes.fromhex(index["settings"]),
                      rule_paths=bytes.fromhex(index["rule_paths"]), paths=bytes.fromhex(index["paths"]),
                      menu=bytes.fromhex(index["menu"]),
                      warnings=_diagnostics(_Decoder().loads(json.dumps(index["warnings"]))),
                      census=_census(index["census"]))
        state.stamps = {root: {path: ((int(v[0]), int(v[1]), int(v[2]), int(v[3])), bytes.fromhex(v[4]))
                               for path, v in files.items()} for root, files in index["stamps"].items()}
        state.leagues = {league: bytes.fromhex(digest) for league, digest in index["leagues"].items()}
        state.players = {pid: bytes.fromhex(digest) for pid, digest in index["players"].items()}
        state.keys, state.shas, stamps = read_output_rows(index["outputs"], state.rows)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError):
        raise Unusable("its index is not as this sitegen writes it") from None
    return state, stamps, index


def load_blobs(state: CacheState, folder: Path, index: dict, read: dict[str, bytes] | None = None) -> None:
    """Read into ``state`` (of :func:`load_index`) the units, parts, settings, players and
    pages the cache keeps (``read``: blobs already read, by name, checked here as the others).
    Raises Unusable."""
    _load_blobs(state, folder, index, read or {}, True)


def _load_blobs(state: CacheState, folder: Path, index: dict, read: dict[str, bytes], checked: bool) -> None:
    try:
        _load(state, folder, index, read, checked)
    except Unusable:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError):
        raise Unusable("its index is not as this sitegen writes it") from None


def load_blobs_beside(state: CacheState, folder: Path, index: dict, theirs: Callable[[], Result]) -> Result:
    """:func:`load_blobs`, its checks split over two processes (issue 31): the blobs are read
    first; then a forked helper runs ``theirs`` (the output folder's check: its exception is
    raised first, as :func:`sitegen.workers.alongside`'s) and checks every blob's digest and
    limits (:func:`sitegen.modeljson.check_limits`: a third as long again as the parse, 0.3 s
    at full size) while this process parses them. What the parse made is used only when every
    check passed: otherwise the blobs are read again the plain way, which checks each one before
    parsing it and raises the same Unusable, at the same blob, as :func:`load_blobs`. Return
    what ``theirs`` returned. Raises Unusable.

    A parse of text that is not checked yet stays bounded: the parser refuses deep nesting
    itself (RecursionError) and reads no number longer than the interpreter's limit of digits
    (4,300 by default, ``sys.get_int_max_str_digits``); where that limit is off or higher,
    each blob is checked before it is parsed, as :func:`load_blobs` does."""
    if not 0 < sys.get_int_max_str_digits() <= _INT_DIGITS:
        found = theirs()
        load_blobs(state, folder, index)
        return found
    read = _read_listed(folder, index)

    def mine() -> Unusable | None:
        try:
            _load_blobs(state, folder, index, read, False)
        except Unusable as why:
            return why
        return None

    def checks() -> tuple[Result, bool]:
        return theirs(), _within(read, index["blobs"])

    failed, (found, within) = alongside(mine, checks)
    if failed is not None or not within:
        load_blobs(state, folder, index, read)  # the checks in order: raises the first problem
        raise failed or Unusable("its blobs are not as this sitegen writes them")  # pragma: no cover
    return found


_INT_DIGITS = 4300
"""The interpreter's default limit of digits in a number read from text (Python 3.11)."""


def _read_listed(folder: Path, index: dict) -> dict[str, bytes]:
    """Return the texts of the blobs that :func:`_load` reads, those that can be read (a name
    that is not listed or not a plain file name is left to :func:`_load`, which refuses it)."""
    names = [index.get("common")]
    try:  # a season kept with its summary is read from its own blob only when needed
        names += [entry[2] if entry[2] is not None else entry[1] for entry in index["seasons"]]
    except (KeyError, IndexError, TypeError):
        pass
    for entries, at in (("units", 2), ("parts", 1)):
        try:
            names += [entry[at] for entry in index[entries]]
        except (KeyError, IndexError, TypeError):
            break
    listed = index.get("blobs")
    read = {}
    for name in names:
        if (isinstance(listed, dict) and type(name) is str and name in listed and "/" not in name
                and not name.startswith(".")):
            try:
                read[name] = (folder / "blobs" / name).read_bytes()
            except OSError:
                pass
    return read


def _within(read: dict[str, bytes], digests: Any) -> bool:
    """Whether each blob of ``read`` matches its digest in the index and keeps the cache's
    limits (:func:`sitegen.modeljson.check_limits`)."""
    try:
        for name, data in read.items():
            if sha(data).hex() != digests[name]:
                return False
            check_limits(data)
    except (KeyError, TypeError, ValueError):
        return False
    return True


def _load(state: CacheState, folder: Path, index: dict, read: dict[str, bytes], checked: bool) -> None:
    digests: dict[str, str] = index["blobs"]

    def blob(name: str, refs: dict[str, Any] | None = None, raw: bool | None = False) -> Any:
        """Read and check a blob (``raw`` None: only check that it is listed)."""
        if name not in digests or "/" in name or name.startswith("."):
            raise Unusable("its index names a file it does not list")
        if raw is None:
            return None
        data = read.get(name)
        if data is None:
            try:
                data = (folder / "blobs" / name).read_bytes()
            except OSError:
                raise Unusable(f"blob {name} is missing") from None
        if checked and sha(data).hex() != digests[name]:
            raise Unusable(f"blob {name} does not match its digest")
        return data if raw else _Decoder(refs).loads(data, f"blob {name}", checked)

    def made_of(name: str, key: bytes | str) -> None:
        """Check that a blob holds what its name says it was made from (a blob of another
        content tree, or of another unit, listed under this name is refused)."""
        if name[1:].removesuffix(".json") != (key.hex() if type(key) is bytes else key):
            raise Unusable(f"blob {name} is not what its name says it was made from")

    if index["common"] is not None:
        raw = blob(index["common"])
        state.common = Common(raw["config"], raw["players"], tuple(raw["pages"]), bool(raw["complete"]))
        state.common_files = tuple((path, bytes.fromhex(digest)) for path, digest in raw["files"])
        state.common_diagnostics = tuple(raw["diagnostics"])
        if state.players.keys() != state.common.players.keys():
            raise Unusable("its players are not those of its index")
        state.filed = _filed(raw["filed"], state.common.players)
    by_name: dict[str, Any] = {}
    for relative, name, summary in index["seasons"]:
        if summary is None:
            record = _unit_record(blob(name))
        else:
            blob(name, raw=None)  # read when one of its fields is (sitegen.standins)
            if not os.path.isfile(folder / "blobs" / name):
                raise Unusable(f"blob {name} is missing")
            kept = _kept_apart(relative)
            if kept is None:
                raise Unusable(f"blob {summary} is kept for a unit that keeps none")
            record = _summary_record(blob(summary), kept, partial(_kept_unit, folder, name, digests[name]))
            made_of(summary, record.key)
        made_of(name, record.key)
        state.seasons[relative] = record
        if record.model:
            by_name[name] = record.model[0]
    for kind, entry, name in index["units"]:
        unit = _unit_record(blob(name, by_name))
        state.units[(kind, entry)] = unit
        made_of(name, unit.key)
    for ident, name in index["parts"]:
        lines = name.removesuffix(".json") + ".lines"
        blob(lines, raw=None)  # its sections are read when their pages are made again
        part = _part_record(blob(name), str(folder / "blobs" / lines))
        made_of(name, part.inputs)
        state.parts[_as_tuple(_Decoder().loads(ident, "a part's name", checked))] = part


def _filed(found: Any, players: dict) -> list[str] | None:
    """Return the players index's order kept in the cache (None: none kept); Unusable unless it
    lists each of ``players`` once."""
    if found is None or (type(found) is list and len(found) == len(players)
                         and all(type(pid) is str for pid in found) and set(found) == players.keys()):
        return found
    raise Unusable("its players' order is not that of its players")


def _unit_record(raw: dict) -> UnitRecord:
    return UnitRecord(tuple((path, bytes.fromhex(digest)) for path, digest in raw["files"]),
                      tuple(raw["refs"]), bytes.fromhex(raw["records"]), tuple(raw["model"]),
                      tuple(raw["diagnostics"]))


def _summary_record(raw: dict, kept: KeptApart, load: Callable[[], Any]) -> UnitRecord:
    """A unit file's record from its summary blob: its model object a stand-in
    (sitegen.standins) that ``load`` decodes when one of its deferred fields is read."""
    try:
        found = standin(raw["skeleton"], kept.eager, raw["summary"], load, kept.read)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise Unusable(f"a unit's summary does not decode ({type(error).__name__})") from None
    return UnitRecord(tuple((path, bytes.fromhex(digest)) for path, digest in raw["files"]),
                      tuple(raw["refs"]), bytes.fromhex(raw["records"]), (found,),
                      tuple(raw["diagnostics"]))


def _kept_unit(folder: Path, name: str, digest: str) -> Any:
    """Read, check and decode the blob ``name`` of a unit kept with its summary, when the build
    first reads one of its deferred fields: its digest (``digest``, the index's), the cache's
    limits, and that it was made from what its name says. Raises DamagedSection (the build
    starts again from scratch, saying why: nothing is written before the build has planned)."""
    try:
        try:
            data = (folder / "blobs" / name).read_bytes()
        except OSError:
            raise Unusable(f"blob {name} is missing") from None
        if sha(data).hex() != digest:
            raise Unusable(f"blob {name} does not match its digest")
        try:
            record = _unit_record(_Decoder().loads(data, f"blob {name}"))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise Unusable(f"blob {name} is not as this sitegen writes it") from None
        if name[1:].removesuffix(".json") != record.key.hex() or len(record.model) != 1:
            raise Unusable(f"blob {name} is not what its name says it was made from")
    except Unusable as why:
        raise DamagedSection(str(why)) from None
    return record.model[0]


def _part_record(raw: dict, lines: str) -> PartRecord:
    """A part read back (:func:`_part_text`); its sections' texts are left in ``lines`` (its
    ``.lines`` blob, whose size is checked: they are checked one by one when read, by their
    digests). Each template and sort key is decoded once (issue 31: 65,000 sections at full
    size, each with its own sort key to decode, were a third of the parts' parse); the sections'
    rows are checked whole, and made sections only for the players whose pages are made again
    (sitegen.incremental.sections.KeptSections)."""
    sections = kept_sections(lines, [(template, tuples(key)) for template, key in raw["kinds"]], raw["sections"])
    try:
        size = os.stat(lines).st_size
    except OSError:
        size = -1
    if size != sections.size:
        raise Unusable(f"blob {Path(lines).name} does not match its digest")
    bundles = tuple((tuple(page) if page else None, tuple(paths)) for page, paths in raw["bundles"])
    return PartRecord(bytes.fromhex(raw["inputs"]), raw["value"], bundles,
                      tuple((url, date) for url, date in raw["dates"]), sections,
                      frozenset(raw["people"]), _diagnostics(raw["warnings"]),
                      shape=bytes.fromhex(raw["shape"]))


def _diagnostics(found: Any) -> tuple[Diagnostic, ...]:
    """Return the warnings kept in the cache (Unusable if it holds anything else)."""
    if not isinstance(found, list) or not all(type(d) is Diagnostic for d in found):
        raise Unusable("its warnings are not as this sitegen writes them")
    return tuple(found)


def _census(found: Any) -> dict[str, dict[str, int]]:
    """Return the counts kept in the cache (Unusable if they are not counts)."""
    if not (isinstance(found, dict) and all(
            isinstance(counts, dict) and all(type(n) is int for n in counts.values())
            for counts in found.values())):
        raise Unusable("its counts are not as this sitegen writes them")
    return found


def _as_tuple(value: Any) -> tuple:
    return tuple(_as_tuple(item) if type(item) is list else item for item in value)


def remove(folder: Path) -> None:
    """Delete the cache in ``folder`` (its index first: a half-deleted cache is never read).
    A ``folder`` that is a link (or a file) is removed itself, never what it points at; links
    inside it are removed, never followed (``shutil.rmtree`` works on folder descriptors)."""
    try:
        info = os.lstat(folder)
    except OSError:
        return
    if not stat.S_ISDIR(info.st_mode):
        folder.unlink(missing_ok=True)
        return
    (folder / "index.json").unlink(missing_ok=True)
    shutil.rmtree(folder, ignore_errors=True)
