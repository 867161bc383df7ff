"""Round-trip YAML writing for commands that create or edit content files.

Edits go through ruamel.yaml's round-trip mode (``typ="rt"``), so the organizer's comments,
key order, quoting and flow style survive; files are replaced atomically (a temporary file in
the same folder, then ``os.replace``), so a reader never sees half a file, and keep the
permissions of the file they replace (a new file gets those of the umask).

One thing ruamel alone would lose is kept here: the comment lines at the end of a file
(ruamel attaches them to the last value, so they vanish or move when that value is replaced
or followed by new ones): :func:`load_rt` sets them aside and :func:`dump_rt` and
:func:`dump_unwrapped` put them back last. What a command writes anew is merged into the
file's tree by :mod:`sitegen.yamlmerge` (the organizer's keys, comments and quotes kept).
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
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Iterable, TextIO

from ruamel.yaml import YAML, events
from ruamel.yaml.error import YAMLError
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.emitter import RoundTripEmitter

from .folders import entries_below


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

    The temporary file is named ``.<name>.<pid>.<8 hex digits>.tmp`` (:func:`temporary_for`):
    a process killed before the rename leaves it, and the next command that writes content
    removes it (:func:`remove_leftovers`). Raises OSError naming ``path`` (a full disk,
    ENOSPC; a file size limit, EFBIG) with ``path`` unchanged, the temporary file removed and
    a folder made for it removed again.
    """
    made = _make_folder(path.parent)
    temp = temporary_for(path)
    try:
        _create(temp, _encoded(path, text), file_mode(path))
        os.replace(temp, path)
    except BaseException as error:
        _remove(temp)
        _remove_folders(made)
        if isinstance(error, OSError):
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise


def _encoded(path: Path, text: str) -> bytes:
    """Return ``text`` as UTF-8 with the line ends of the file it replaces (CRLF kept)."""
    try:
        crlf = b"\r\n" in path.read_bytes()
    except OSError:
        crlf = False
    return (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")


def temporary_for(path: Path) -> Path:
    """Return a new temporary file name beside ``path``: ``.<name>.<pid>.<8 hex digits>.tmp``."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


LEFTOVER = re.compile(r"\.(?P<name>.+?)\.(?:(?P<pid>[0-9]+)\.)?[0-9A-Za-z_]{8}\.tmp")
"""The name of a temporary file of :func:`write_atomic` or :func:`write_new_files` (the
process id is missing from those of sitegen before 0.x: tempfile's random names)."""


def leftovers(folder: Path) -> list[Path]:
    """Return the temporary files under ``folder`` (regular files named as :data:`LEFTOVER`),
    sorted: left by a write that was killed, or being written by a running command."""
    found = []
    for entry, _ in entries_below(os.fspath(folder)):
        if LEFTOVER.fullmatch(entry.name) and _is_file(Path(entry.path)):
            found.append(Path(entry.path))
    return sorted(found)


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files under ``folder`` left by a write that was killed: those
    whose name carries the id of a process that no longer runs; return them. A temporary
    file of a running command, or of unknown origin, is kept (``sitegen check`` names it)."""
    removed = []
    for path in leftovers(folder):
        pid = LEFTOVER.fullmatch(path.name).group("pid")  # type: ignore[union-attr]
        if pid is None or int(pid) == os.getpid() or _running(int(pid)):
            continue
        _remove(path)
        removed.append(path)
    return removed


def tidy_content(content_dir: Path, out: TextIO | None) -> list[Path]:
    """Remove what killed writes left under ``content_dir`` (:func:`remove_leftovers`), say
    which on ``out``, and return them: every command that writes content calls it first."""
    if not content_dir.is_dir() or content_dir.is_symlink():
        return []
    removed = remove_leftovers(content_dir)
    if removed and out is not None:
        out.write("removed what an interrupted write left: "
                  + ", ".join(os.path.relpath(path) for path in removed) + "\n")
    return removed


IMPORT_JOURNAL = ".sitegen-import.json"
"""The journal of the import being written, in the content folder (:func:`write_new_files`):
while it is there, an import is unfinished and ``sitegen check`` refuses the content."""


def journal_paths(journal: Path) -> list[str]:
    """Return the paths (relative, with ``/``) that the journal of :func:`write_new_files`
    names, or [] when it cannot be read; a link or a special file is never opened."""
    if not _is_file(journal) or os.lstat(journal).st_size > 1 << 20:
        return []
    try:
        entries = json.loads(journal.read_bytes())["files"]
        return [str(entry["path"]) for entry in entries]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def _running(pid: int) -> bool:
    """True when a process ``pid`` exists (or cannot be told apart from one)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError, OSError):
        return True
    return True


def _make_folder(folder: Path) -> list[Path]:
    """Make ``folder`` and its missing parents; return those made, deepest first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(exist_ok=True)
    return missing


def _remove_folders(folders: list[Path]) -> None:
    """Remove the folders of :func:`_make_folder` (deepest first) that are still empty."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def file_mode(path: Path) -> int:
    """Return the permission bits ``path`` has, or those of a new file under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# --------------------------------------------------------------------------- sets of new files


def write_new_files(files: dict[Path, str], journal: Path, replace: bool = False) -> None:
    """Create the new files ``files`` ({path: UTF-8 text}) as one unit, in the given order.

    First the ``journal`` (a JSON list of the paths, relative to its folder, their temporary
    files and the SHA-256 of their bytes) is created; then every text goes to a temporary file
    beside its path; then the temporary files are renamed into place one by one (give the files
    that others refer to first, so that every prefix is valid content); then the journal is
    removed. On an error everything written so far is removed again and the error re-raised.
    A process killed on the way leaves the journal behind: :func:`undo_file_set` then removes
    what it names, and ``sitegen check`` refuses the content while it is there. New files get
    the umask's mode.

    With ``replace``, files that exist are replaced (keeping their mode and line ends, as
    :func:`write_atomic`); the journal marks them, and undoing keeps them (what they held is
    gone: the command is run again). A full disk or a file size limit stops the writing of
    the temporary files, before any file is in place.

    Raises FileExistsError (nothing written) when the journal or, without ``replace``, one of
    the paths exists; OSError naming the file for a failed write.
    """
    base = journal.parent
    entries = []
    for path, text in files.items():
        entries.append(_NewFile(path.relative_to(base).as_posix(),
                                temporary_for(path).relative_to(base).as_posix(),
                                _encoded(path, text), replace and path.exists(), file_mode(path)))
        if path.exists() and not replace:
            raise FileExistsError(errno.EEXIST, "file exists", str(path))
    _create(journal, json.dumps({"files": [entry.journal_entry() for entry in entries]},
                                indent=1).encode())
    made: list[Path] = []
    try:
        for entry in entries:
            made += _make_folder((base / entry.temp).parent)
            try:
                _create(base / entry.temp, entry.data, entry.mode)
            except OSError as error:
                raise OSError(error.errno, error.strerror, str(base / entry.path)) from None
        for entry in entries:
            if (base / entry.path).exists() and not entry.replaces:
                raise FileExistsError(errno.EEXIST, "file exists", str(base / entry.path))
            os.replace(base / entry.temp, base / entry.path)
    except BaseException:
        undo_file_set(journal)
        _remove_folders(made)
        raise
    os.unlink(journal)


@dataclass(frozen=True)
class _NewFile:
    """One file of :func:`write_new_files`: its path and its temporary file's (both relative
    to the journal's folder, with ``/``) and its bytes."""

    path: str
    temp: str
    data: bytes
    replaces: bool = False
    """True when the file exists and is replaced: undoing keeps it."""
    mode: int = 0o666

    def journal_entry(self) -> dict[str, str | int | bool]:
        """Return what the journal holds of the file: its paths, size and SHA-256, and
        whether it replaces a file."""
        return {"path": self.path, "temp": self.temp, "size": len(self.data),
                "sha256": hashlib.sha256(self.data).hexdigest(), "replaces": self.replaces}


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
        if temp is not None and LEFTOVER.fullmatch(temp.name) and _is_file(temp):
            os.unlink(temp)
        if (path is not None and entry.get("replaces") is not True and _is_file(path) and os.lstat(path).st_size == size
                and hashlib.sha256(path.read_bytes()).hexdigest() == digest):
            os.unlink(path)
            removed.append(path)
    try:
        os.unlink(journal)
    except FileNotFoundError:
        pass
    return removed


def _create(path: Path, data: bytes, mode: int | None = None) -> None:
    """Create ``path`` (refused when it exists) holding ``data``, flushed to the disk; with
    ``mode``, with those permissions (else the umask's)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None:
                os.chmod(path, mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as error:
        os.unlink(path)
        if isinstance(error, OSError) and not error.filename:
            raise OSError(error.errno, error.strerror, str(path)) from None
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


def dump_unwrapped(data: Any) -> str:
    """Return ``data`` as :func:`dump_rt` does, but with no line folded -- each flow mapping and
    list on one line however long (the import's one player and one game per line) -- and
    with the quotes of :class:`ReaderSafeEmitter`; it ends with the comment lines its file
    ended with, as :func:`dump_rt` does (an entry added at the end of a list comes before
    them)."""
    yaml = round_trip_yaml()
    yaml.Emitter = ReaderSafeEmitter
    yaml.width = 1 << 30
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue() + getattr(data, _TRAILING, "")
