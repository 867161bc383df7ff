"""The output folder beside the build cache (issue 18, issue 30): the stamps of the files a
build wrote, and the check that the folder still holds exactly them (:mod:`sitegen.store`,
which keeps the stamps in its index, one row per output with its key and digest:
:func:`output_rows`; sitegen.commands.build)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, Iterable

from .depends import sha
from .folders import Unreadable, entries_below
from .modeljson import MAX_DIGITS

OutputStamp = tuple[int, int, int, int]
"""An output file's size, mtime_ns, ctime_ns and inode when the build wrote it."""

KnownRow = tuple[OutputStamp | None, bytes | None, bytes | None, str]
"""A row of :func:`output_rows` read back: the stamp, key and digest made from it, and the row."""


class Unusable(Exception):
    """The cache cannot be used; the message says why, in a few words."""


def output_stamps(output: Path, paths: Iterable[str]) -> dict[str, OutputStamp]:
    """Return the stamps of ``paths`` in ``output`` (those that are regular files)."""
    stamps = {}
    for path in paths:
        try:
            info = os.lstat(output / path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            stamps[path] = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
    return stamps


def check_output(output: Path, stamps: dict[str, OutputStamp], shas: dict[str, bytes],
                 marker: str) -> dict[str, OutputStamp]:
    """Check that ``output`` holds exactly the files the last build wrote, unchanged: a file
    whose size, modification time, change time (ns) and inode are those recorded is taken as
    unchanged; one of the recorded size whose stamp differs otherwise is compared by its
    digest. A file edited in place changes its change time, which no program can set back
    (issue 30: the same size and a restored modification time are still noticed); a cache
    restored in CI changes every file's inode and change time, and every file is then read
    once (0.25 s of CPU at scale 0.3, 92 MB: bench/README.md). Return the stamps as they are
    now. Raises Unusable when a file was added, removed or changed."""
    found = {}
    try:
        for entry, relative in entries_below(os.fspath(output), strict=True):
            if relative == marker:
                continue
            if not entry.is_file(follow_symlinks=False):
                raise Unusable(f"the output folder holds {relative}, which is not a file")
            info = entry.stat(follow_symlinks=False)
            found[relative] = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
    except Unreadable:
        raise Unusable("the output folder cannot be read") from None
    if set(found) != set(stamps):
        raise Unusable("files were added to or removed from the output folder since the last build")
    for path, stamp in found.items():
        recorded = stamps[path]
        if stamp != recorded:
            if stamp[0] != recorded[0] or sha((output / path).read_bytes()) != shas.get(path):
                raise Unusable(f"{path} in the output folder was changed since the last "
                              "sitegen build (by hand, or by sitegen serve writing there)")
    return found


def outputs_moved(output: Path, stamps: dict[str, OutputStamp], count: int = 32) -> bool:
    """Whether some of ``count`` outputs spread over ``stamps`` (the recorded stamps) differ
    from the files in ``output``: then :func:`check_output` will read files to compare their
    digests (every file, when the output folder was restored in CI) and is the longer of the two
    checks a cached build runs at once (sitegen.commands.build). A sample only: it decides who
    does which check, never whether the output is trusted."""
    paths = list(stamps)
    for path in paths[::max(1, len(paths) // count)]:
        try:
            info = os.lstat(output / path)
        except OSError:
            return True
        if (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino) != tuple(stamps[path]):
            return True
    return False


def output_rows(keys: dict[str, bytes], shas: dict[str, bytes], stamps: dict[str, OutputStamp],
                known: dict[str, KnownRow] | None = None) -> list[str]:
    """Return the index's rows of the outputs: per output (those of ``keys`` in their order,
    then those of ``shas`` and ``stamps`` without a key), ``"size mtime_ns ctime_ns inode key
    digest path"``: its stamp (``- - - -`` when it has none), its key and its digest in hex
    (``-`` when it has none), its path last (it may hold spaces). Issue 31: at full size (41,848
    outputs) three JSON objects keyed by the paths took 0.22 s of CPU to read back (parse, limits,
    conversion) and 0.17 s to write in each cached build; these rows 0.10 s and 0.08 s
    (bench/README.md). ``known``: the rows read back by :func:`read_output_rows`, by path, with
    the objects read from them: a row whose stamp, key and digest are those very objects is
    written as it was read (a cached build keeps all but a few outputs as they were)."""
    rows = []
    known = known or {}
    for path in {**keys, **shas, **stamps}:
        stamp = stamps.get(path)
        key = keys.get(path)
        digest = shas.get(path)
        was = known.get(path)
        if was is not None and was[0] is stamp and was[1] is key and was[2] is digest:
            rows.append(was[3])
            continue
        rows.append(f"{'- - - -' if stamp is None else '%d %d %d %d' % stamp} "
                    f"{'-' if key is None else key.hex()} {'-' if digest is None else digest.hex()} {path}")
    return rows



def read_output_rows(rows: Any, known: dict[str, KnownRow] | None = None
                     ) -> tuple[dict[str, bytes], dict[str, bytes], dict[str, OutputStamp]]:
    """Return the outputs' keys, digests and stamps from the index's rows (:func:`output_rows`);
    put each row, by path, with the objects made from it into ``known`` when given (for
    :func:`output_rows`). Raises Unusable for a number of more than
    :data:`sitegen.modeljson.MAX_DIGITS` characters (checked before it is read, a sign counted
    as a digit: the cache's limit on numbers, issue 30); ValueError, TypeError or
    AttributeError for a row that is not one."""
    if type(rows) is not list:
        raise TypeError("not a list")
    keys: dict[str, bytes] = {}
    shas: dict[str, bytes] = {}
    stamps: dict[str, OutputStamp] = {}
    fromhex = bytes.fromhex
    longest = MAX_DIGITS  # characters: a sign takes a digit's place
    for row in rows:
        size, modified, changed, inode, key, digest, path = row.split(" ", 6)
        stamp = found = made = None
        if size != "-" or modified != "-" or changed != "-" or inode != "-":
            if (len(size) > longest or len(modified) > longest or len(changed) > longest
                    or len(inode) > longest):
                raise Unusable("its index does not decode: a number has more than 19 digits")
            stamp = stamps[path] = (int(size), int(modified), int(changed), int(inode))
        if key != "-":
            found = keys[path] = fromhex(key)
        if digest != "-":
            made = shas[path] = fromhex(digest)
        if known is not None:
            known[path] = (stamp, found, made, row)
    return keys, shas, stamps
