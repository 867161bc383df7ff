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

import os
from pathlib import Path
from typing import Iterator, Mapping


class OnDisk(Mapping[str, bytes]):
    """The files of a build as written to ``folder``: ``{path relative to it: bytes}``, the
    bytes read from disk when asked for, the paths (``paths``' keys, e.g. the build's digests)
    held in memory. A file that cannot be read (removed from the folder by hand) is missing
    (KeyError), as is any path not among ``paths``."""

    def __init__(self, folder: Path, paths: Mapping[str, object]):
        self.folder = folder
        self.paths = paths

    def __getitem__(self, relative: str) -> bytes:
        if relative not in self.paths:
            raise KeyError(relative)
        try:
            with open(os.path.join(self.folder, *relative.split("/")), "rb") as handle:
                return handle.read()
        except OSError:
            raise KeyError(relative) from None

    def __contains__(self, relative: object) -> bool:
        return relative in self.paths

    def __iter__(self) -> Iterator[str]:
        return iter(self.paths)

    def __len__(self) -> int:
        return len(self.paths)


class Layered(Mapping[str, bytes]):
    """Files changed in memory over a table below: ``top`` maps a path to its new bytes, or
    to None for a file removed (then missing even if ``below`` has it); every other path is
    ``below``'s. ``top`` is the layer's own dict, never shared with another table."""

    def __init__(self, top: dict[str, bytes | None], below: Mapping[str, bytes]):
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
            return self.top[relative] is not None
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
    served)."""
    if isinstance(files, dict):
        table = dict(files)
        for path, data in changes.items():
            if data is None:
                table.pop(path, None)
            else:
                table[path] = data
        return table
    if isinstance(files, Layered):
        return Layered({**files.top, **changes}, files.below)
    return Layered(dict(changes), files)
