"""The input files of a build (issue 18): each file's stamp and digest, and sitegen's own folder
(its code is an input of every build); the digest of a root's files (sitegen.incremental)."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Mapping

from ..depends import sha, unit_of
from ..folders import entries_below


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
    return Path(__file__).resolve().parent.parent


def unclaimed(stamps: Mapping[str, tuple[Stamp, bytes]]) -> dict[str, tuple[Stamp, bytes]]:
    """Return the entries of ``stamps`` (content files) that no unit claims, ``site.yaml`` aside."""
    return {path: stamp for path, stamp in stamps.items() if path != "site.yaml" and unit_of(path) is None}


def stamps_digest(stamps: Mapping[str, tuple[Stamp, bytes]]) -> bytes:
    """Return the digest of ``stamps``' paths and files' digests."""
    return sha(b"".join(path.encode() + b"\0" + digest for path, (_, digest) in sorted(stamps.items())))
