"""Round-trip YAML writing for commands that create or edit content files.

Edits go through ruamel.yaml's round-trip mode (``typ="rt"``), so the organizer's comments,
key order, quoting and flow style survive; files are replaced atomically (a temporary file in
the same folder, then ``os.replace``), so a reader never sees half a file, and keep the
permissions of the file they replace (a new file gets those of the umask).

Two things ruamel alone would lose are kept here: the comment lines at the end of a file
(ruamel attaches them to the last value, so they vanish or move when that value is replaced
or followed by new ones: :func:`load_rt` sets them aside and :func:`dump_rt` puts them back
last), and what the organizer added to a list of entries that a command writes anew
(:func:`keep_added`: a group's ``promoted:`` list, say).
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import re
import secrets
import stat
import tempfile
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Iterable

from ruamel.yaml import YAML, events
from ruamel.yaml.error import YAMLError
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.emitter import RoundTripEmitter


def round_trip_yaml() -> YAML:
    """Return a round-trip YAML instance in the content files' style (2-space indents, ``- `` items)."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_rt(path: Path) -> Any:
    """Return the round-trip tree of the YAML file at ``path`` (CommentedMap for a mapping).

    The comment lines after the last value are kept aside on the tree and written back last
    by :func:`dump_rt`, wherever the edit puts new values.
    """
    with open(path, encoding="utf-8-sig") as handle:
        text = handle.read()
    body, trailing = split_trailing_comments(text)
    data = round_trip_yaml().load(body)
    if trailing and isinstance(data, (CommentedMap, CommentedSeq)):
        setattr(data, _TRAILING, trailing)
    return data


_TRAILING = "sitegen_trailing_comments"
"""Attribute of a loaded tree holding the comment lines that ended its file."""


def dump_rt(data: Any) -> str:
    """Return ``data`` (plain or round-trip objects) as YAML text, ending with the comment
    lines its file ended with (see :func:`load_rt`)."""
    stream = io.StringIO()
    round_trip_yaml().dump(data, stream)
    text = stream.getvalue()
    trailing = getattr(data, _TRAILING, "")
    return text + trailing if trailing else text


def split_trailing_comments(text: str) -> tuple[str, str]:
    """Return ``text`` cut into its YAML and the comment (and blank) lines after its last value.

    The last value is found with the parser (a ``#`` line inside a block scalar is text, not
    a comment); a comment on the last value's own line stays with it. Text that does not parse
    is returned whole, with no trailing part.
    """
    last = -1
    flow: list[bool] = []  # for each open collection: is it written in flow style ([...], {...})?
    try:
        for event in round_trip_yaml().parse(text):
            if isinstance(event, (events.SequenceStartEvent, events.MappingStartEvent)):
                flow.append(bool(event.flow_style))
                continue
            ends_flow = isinstance(event, (events.SequenceEndEvent, events.MappingEndEvent)) and flow.pop()
            if ends_flow or isinstance(event, events.ScalarEvent):  # a block's end is not on its line
                end = event.end_mark
                last = max(last, end.line - 1 if end.column == 0 and end.line > 0 else end.line)
    except YAMLError:
        return text, ""
    lines = text.splitlines(keepends=True)
    tail = lines[last + 1:]
    if not any(line.strip().startswith("#") for line in tail):
        return text, ""
    if any(line.strip() and not line.strip().startswith("#") for line in tail):
        return text, ""  # not only comments (a document end marker, say): leave it be
    return "".join(lines[:last + 1]), "".join(tail)


def keep_added(old: Any, new: Any) -> Any:
    """Return ``new`` (what a command writes) with what the organizer added in ``old`` kept.

    For mappings: keys of ``old`` that ``new`` lacks are added, after the key they followed,
    with their comments; keys in both take ``new``'s value (merged again if both are lists or
    mappings) and keep ``old``'s comments where ``new`` has none. For lists of entries: an
    entry of ``new`` is merged with the entry of ``old`` with the same ``id`` (or, without
    ids, the same ``name``); entries of ``old`` that ``new`` lacks are dropped. Anything else
    is ``new``. E.g. a group's ``promoted: [ann]  # agreed at the AGM`` survives a next-season
    run that writes the group's players anew.
    """
    if isinstance(old, CommentedMap) and isinstance(new, CommentedMap):
        return _keep_added_keys(old, new)
    if isinstance(old, CommentedSeq) and isinstance(new, CommentedSeq):
        for index, item in enumerate(new):
            found = _same_entry(old, item)
            if found is not None:
                new[index] = keep_added(old[found], item)
                if found in old.ca.items and index not in new.ca.items:
                    new.ca.items[index] = old.ca.items[found]  # the entry's own comment
        return new
    return new


def _keep_added_keys(old: CommentedMap, new: CommentedMap) -> CommentedMap:
    for key in list(new):
        if key in old:
            new[key] = keep_added(old[key], new[key])
    previous = None
    for key in old:
        if key not in new:
            new.insert(list(new).index(previous) + 1 if previous in new else 0, key, old[key])
        previous = key
    for key, comment in old.ca.items.items():
        if key in new and key not in new.ca.items:
            new.ca.items[key] = comment
    if new.ca.comment is None and old.ca.comment is not None:
        new.ca.comment = old.ca.comment
    return new


def _same_entry(old: CommentedSeq, item: Any) -> int | None:
    """Return the index of the entry of ``old`` that is ``item`` (same id, else same name)."""
    if not isinstance(item, dict):
        return None
    for index, candidate in enumerate(old):
        if not isinstance(candidate, CommentedMap):
            continue
        if "id" in item and "id" in candidate:
            if str(item["id"]) == str(candidate["id"]):
                return index
        elif "name" in item and "name" in candidate and str(item["name"]) == str(candidate["name"]):
            return index
    return None


def flow_list(items: Iterable[object]) -> CommentedSeq:
    """Return ``items`` as a list written on one line: ``[a, b, c]``."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def flow_map(pairs: Iterable[tuple[str, object]]) -> CommentedMap:
    """Return ``pairs`` as a mapping written on one line: ``{a: 1, b: 2}``."""
    mapping = CommentedMap(pairs)
    mapping.fa.set_flow_style()
    return mapping


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) via a temporary file in the same folder and ``os.replace``.

    A file that had Windows line ends (CRLF) keeps them, so that an organizer's editor and git
    see only the lines that changed; new files get ``\\n``. The file keeps the permissions of
    the one it replaces; a new file gets those the umask gives (not the temporary file's 0600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        newline = "\r\n" if b"\r\n" in path.read_bytes() else "\n"
    except OSError:
        newline = "\n"
    mode = file_mode(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(temp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


def file_mode(path: Path) -> int:
    """Return the permission bits ``path`` has, or those of a new file under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# --------------------------------------------------------------------------- sets of new files


def write_new_files(files: dict[Path, str], journal: Path) -> None:
    """Create the new files ``files`` ({path: UTF-8 text}) as one unit, in the given order.

    First the ``journal`` (a JSON list of the paths, relative to its folder, their temporary
    files and the SHA-256 of their bytes) is created; then every text goes to a temporary file
    beside its path; then the temporary files are renamed into place one by one (give the files
    that others refer to first, so that every prefix is valid content); then the journal is
    removed. On an error everything written so far is removed again and the error re-raised.
    A process killed on the way leaves the journal behind: :func:`undo_file_set` then removes
    what it names. New files get the umask's mode.

    Raises FileExistsError (nothing written) when the journal or one of the paths exists.
    """
    base = journal.parent
    entries = []
    for path, text in files.items():
        temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        entries.append(_NewFile(path.relative_to(base).as_posix(), temp.relative_to(base).as_posix(),
                                text.encode("utf-8")))
        if path.exists():
            raise FileExistsError(errno.EEXIST, "file exists", str(path))
    _create(journal, json.dumps({"files": [entry.journal_entry() for entry in entries]},
                                indent=1).encode())
    try:
        for entry in entries:
            (base / entry.temp).parent.mkdir(parents=True, exist_ok=True)
            _create(base / entry.temp, entry.data)
        for entry in entries:
            if (base / entry.path).exists():
                raise FileExistsError(errno.EEXIST, "file exists", str(base / entry.path))
            os.replace(base / entry.temp, base / entry.path)
    except BaseException:
        undo_file_set(journal)
        raise
    os.unlink(journal)


@dataclass(frozen=True)
class _NewFile:
    """One file of :func:`write_new_files`: its path and its temporary file's (both relative
    to the journal's folder, with ``/``) and its bytes."""

    path: str
    temp: str
    data: bytes

    def journal_entry(self) -> dict[str, str | int]:
        """Return what the journal holds of the file: its paths, size and SHA-256."""
        return {"path": self.path, "temp": self.temp, "size": len(self.data),
                "sha256": hashlib.sha256(self.data).hexdigest()}


def undo_file_set(journal: Path) -> list[Path]:
    """Remove what an unfinished :func:`write_new_files` left, and its journal; return the
    files removed from their places (not the temporary ones).

    Only regular files inside the journal's folder are touched (never through a link),
    temporary files only by the name :func:`write_new_files` gives them, and a file in its
    place only while its bytes are still those written (a file changed since is kept). A
    journal that cannot be read is removed.
    """
    base = journal.parent
    entries = []
    if _is_file(journal) and os.lstat(journal).st_size <= 1 << 20:
        try:
            entries = json.loads(journal.read_bytes())["files"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
    removed = []
    for entry in entries if isinstance(entries, list) else []:
        try:
            path, temp = _inside(base, entry["path"]), _inside(base, entry["temp"])
            size, digest = entry["size"], entry["sha256"]
        except (KeyError, TypeError, ValueError):
            continue
        if temp is not None and re.fullmatch(r"\..+\.[0-9a-f]{8}\.tmp", temp.name) and _is_file(temp):
            os.unlink(temp)
        if (path is not None and _is_file(path) and os.lstat(path).st_size == size
                and hashlib.sha256(path.read_bytes()).hexdigest() == digest):
            os.unlink(path)
            removed.append(path)
    try:
        os.unlink(journal)
    except FileNotFoundError:
        pass
    return removed


def _create(path: Path, data: bytes) -> None:
    """Create ``path`` (refused when it exists) holding ``data``, flushed to the disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.unlink(path)
        raise


def _inside(base: Path, relative: object) -> Path | None:
    """Return ``base / relative`` for a relative path with no ``..``; None for anything else."""
    if not isinstance(relative, str):
        raise TypeError(relative)
    parts = relative.split("/")
    if not relative or relative.startswith("/") or any(p in ("", ".", "..") or "\\" in p or ":" in p
                                                      for p in parts):
        return None
    return base.joinpath(*parts)


def _is_file(path: Path) -> bool:
    """True for a regular file that is not a symbolic link."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


class ReaderSafeEmitter(RoundTripEmitter):
    """ruamel's round-trip emitter, quoting what the content reader would read otherwise.

    The reader is libyaml's parser (``load.py``): in a flow mapping or list it refuses a plain
    scalar holding ``?`` or ``:`` (``{v: a?}``, ``[:a]``), which ruamel writes plain, and it
    folds a NEL (U+0085) inside a single-quoted scalar into a space.
    """

    def analyze_scalar(self, scalar: Any) -> Any:
        analysis = super().analyze_scalar(scalar)
        if "?" in scalar or ":" in scalar:
            analysis.allow_flow_plain = False
        if "\x85" in scalar:
            analysis.allow_flow_plain = analysis.allow_block_plain = False
            analysis.allow_single_quoted = analysis.allow_block = False
        return analysis


def dump_unwrapped(data: Any, trailing: bool = False) -> str:
    """Return ``data`` as :func:`dump_rt` does, but with no line folded -- each flow mapping and
    list on one line however long (the import's one player and one game per line) -- and
    with the quotes of :class:`ReaderSafeEmitter`. ``trailing``: end with the comment lines
    its file ended with, as :func:`dump_rt` does (an entry added at the end of a list then
    comes before them)."""
    yaml = round_trip_yaml()
    yaml.Emitter = ReaderSafeEmitter
    yaml.width = 1 << 30
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue() + (getattr(data, _TRAILING, "") if trailing else "")
