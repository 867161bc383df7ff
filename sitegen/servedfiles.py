"""The tables of files the dev server serves (issue 31, "half the memory"): a site written to
``output/`` is served from there (:class:`OnDisk`: only the paths are held in memory), the
pages a later build changed from memory over it (:class:`Layered`) until they are written too.

A file of ``output/`` is only ever replaced whole (sitegen.write: each changed file by one
rename, a whole site by swapping the two folders in one ``renameat2``), so a page read from
there is never half-written: it is the old bytes or the new ones. A page changed by a build
is served from the layer above until the write of that build is done; only then is the table
read from disk alone.
"""

from __future__ import annotations

import abc
import os
import weakref
from pathlib import Path
from typing import Iterator, Mapping


class _Listed(Mapping[str, bytes]):
    """A table of files whose paths are held in memory (``paths``: a mapping or set of them)
    and whose bytes are read when asked for (:meth:`_read`). A path not among ``paths``, or a
    file that cannot be read, is missing (KeyError)."""

    paths: Mapping[str, object] | frozenset[str]

    @abc.abstractmethod
    def _read(self, relative: str) -> bytes:
        """Return the bytes of ``relative``; raises OSError if it cannot be read."""

    def __getitem__(self, relative: str) -> bytes:
        if relative not in self.paths:
            raise KeyError(relative)
        try:
            return self._read(relative)
        except OSError:
            raise KeyError(relative) from None

    def __contains__(self, relative: object) -> bool:
        return relative in self.paths

    def __iter__(self) -> Iterator[str]:
        return iter(self.paths)

    def __len__(self) -> int:
        return len(self.paths)


class OnDisk(_Listed):
    """The files of a build as written to ``folder``: ``{path relative to it: bytes}``, the
    bytes read from disk when asked for, the paths (``paths``' keys, e.g. the build's digests)
    held in memory. A file that cannot be read (removed from the folder by hand) is missing
    (KeyError), as is any path not among ``paths``."""

    def __init__(self, folder: Path, paths: Mapping[str, object]):
        self.folder = folder
        self.paths = paths

    def _read(self, relative: str) -> bytes:
        with open(os.path.join(self.folder, *relative.split("/")), "rb") as handle:
            return handle.read()


class Folder:
    """An open folder (a file descriptor, closed when the object is collected): files are
    opened relative to it, so they are found in it even after it is renamed, e.g. when a
    staging folder is swapped into ``output/`` (sitegen.write)."""

    def __init__(self, path: Path):
        self.fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        weakref.finalize(self, os.close, self.fd)


class Staged(_Listed):
    """The files of a build being written, ``paths`` of them so far, read from ``folder``
    (the staging folder, wherever it is renamed to) when asked for: each is complete before it
    is named here. A file that cannot be read is missing (KeyError)."""

    def __init__(self, folder: Folder, paths: frozenset[str]):
        self.folder = folder
        self.paths = paths

    def _read(self, relative: str) -> bytes:
        with open(os.open(relative, os.O_RDONLY, dir_fd=self.folder.fd), "rb") as handle:
            return handle.read()


class Layered(Mapping[str, bytes]):
    """Files changed over a table below: ``top`` maps a path to its new bytes, or to None for
    a file removed (then missing even if ``below`` has it); every other path is ``below``'s.
    ``top`` is the layer's own dict (never shared with another table), or the files of a build
    being written (:class:`Staged`)."""

    def __init__(self, top: Mapping[str, bytes | None], below: Mapping[str, bytes]):
        self.top = top
        self.below = below

    def __getitem__(self, relative: str) -> bytes:
        if relative in self.top:
            data = self.top[relative]
            if data is None:
                raise KeyError(relative)
            return data
        return self.below[relative]

    def __contains__(self, relative: object) -> bool:
        if relative in self.top:
            return self.top[relative] is not None  # type: ignore[index]
        return relative in self.below

    def __iter__(self) -> Iterator[str]:
        for path in self.below:
            if path not in self.top:
                yield path
        for path, data in self.top.items():
            if data is not None:
                yield path

    def __len__(self) -> int:
        return sum(1 for _ in self)


def layered(files: Mapping[str, bytes], changes: Mapping[str, bytes | None]) -> Mapping[str, bytes]:
    """Return a new table: ``files`` with ``changes`` (None: removed). A table in memory (a
    dict) is copied; over one read from disk the changes are a layer (one layer: the changes
    of a layer below are merged into the new one). ``files`` is left as it was (it may still be
    served). Changes that are a :class:`Staged` table (all the files of a build so far) are a
    layer in place of the last such layer."""
    if isinstance(changes, Staged):
        staged = isinstance(files, Layered) and isinstance(files.top, Staged)
        return Layered(changes, files.below if isinstance(files, Layered) and staged else files)
    if isinstance(files, dict):
        table = dict(files)
        for path, data in changes.items():
            if data is None:
                table.pop(path, None)
            else:
                table[path] = data
        return table
    if isinstance(files, Layered) and isinstance(files.top, dict):
        return Layered({**files.top, **changes}, files.below)
    return Layered(dict(changes), files)
