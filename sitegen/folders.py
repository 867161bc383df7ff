"""Walking a folder tree without following links: the one walk behind the content folder's
digests (sitegen.incremental), its check for links and special files (sitegen.validate), the
check of the output folder against the build cache and of the cache itself (sitegen.store);
and making a folder that is never a link (:func:`real_folder`, the cache's folders)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Iterator


class Unreadable(OSError):
    """A folder of the tree cannot be listed (raised only by a walk that asked for it)."""


def entries_below(root: str, skip: frozenset[str] = frozenset(), strict: bool = False
                  ) -> Iterator[tuple[os.DirEntry, str]]:
    """Yield ``(entry, relative POSIX path)`` of every entry under the folder ``root`` that is
    not a folder: files, symbolic links (never followed, to folders neither) and special files.

    Folders are told by their listing's entry type (no ``stat`` call: a third of the 66,000
    calls of a full-size output folder were for folders); those named in ``skip`` are not
    entered. A folder that cannot be listed is passed over, or raises :class:`Unreadable`
    with ``strict``. The order is the file system's: callers sort what they need sorted.
    """
    base = len(root) + 1
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as scan:
                entries = list(scan)
        except OSError as error:
            if strict:
                raise Unreadable(error.errno, f"cannot list {folder}") from None
            continue
        for entry in entries:
            try:
                folder_entry = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue  # gone, or not even its type can be read: as if not there
            if folder_entry:
                if entry.name not in skip:
                    stack.append(entry.path)
                continue
            yield entry, entry.path[base:].replace(os.sep, "/")


def real_folder(path: Path) -> Path:
    """Make the folder ``path`` (its parent must exist) unless it is there; return it. Raises
    OSError when ``path`` is a link or not a folder: nothing is written through it."""
    try:
        os.mkdir(path)
    except FileExistsError:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder (a link?)", os.fspath(path)) from None
    return path
