"""The site an earlier build left in ``output/``, served by ``sitegen serve`` while its first
build runs (issue 31, "the first page at once").

The dev server builds everything in memory before it can serve its own site: at federation
scale (26,486 pages) that takes about a minute. Until then it serves the files of the output
folder as they are, read from disk when asked for, each HTML page under a notice saying that
the site is being rebuilt and the page may be out of date (:data:`sitegen.serve.NOTICE`; added by the dev
server to its responses, never written to a file). The first good build replaces them all,
and every open page reloads. Only a folder that carries sitegen's marker file
(:func:`sitegen.write.is_earlier_site`) is served; without one, every page says it is being
built (status 503) and reloads when it is.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, Mapping

from .diagnostics import Diagnostics
from .serve import ServedBuild
from .validate import load_config
from .write import is_earlier_site


class EarlierFiles(Mapping[str, bytes]):
    """The files of an output folder, ``{path relative to it: bytes}``, read from disk when
    asked for (nothing is held in memory). A file that cannot be read (removed, or the folder
    being replaced by the first build's write) is missing."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _path(self, relative: str) -> str | None:
        parts = relative.split("/")
        if not relative or any(part in ("", ".", "..") for part in parts) or "\\" in relative:
            return None
        return os.path.join(self.folder, *parts)

    def __getitem__(self, relative: str) -> bytes:
        path = self._path(relative)
        if path is None or os.path.islink(path):
            raise KeyError(relative)
        try:
            with open(path, "rb") as handle:
                return handle.read()
        except OSError:
            raise KeyError(relative) from None

    def __contains__(self, relative: object) -> bool:
        path = self._path(relative) if isinstance(relative, str) else None
        return path is not None and os.path.isfile(path) and not os.path.islink(path)

    def __iter__(self) -> Iterator[str]:
        for root, dirs, files in os.walk(self.folder):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    yield os.path.relpath(path, self.folder).replace(os.sep, "/")

    def __len__(self) -> int:
        return sum(1 for _ in self)


def earlier_site(output_dir: Path | None, content_dir: Path, base_url: str | None) -> ServedBuild:
    """Return what ``sitegen serve`` serves until its first build is done: the files an earlier
    build left in ``output_dir`` (each page with :data:`sitegen.serve.NOTICE`), or none (no folder, or one
    without sitegen's marker: every page then says it is being built). The base path is read
    from ``content_dir``'s ``site.yaml`` (``base_url`` overrides it); settings with errors give
    ``/`` (the build reports them)."""
    config = load_config(content_dir / "site.yaml", "site.yaml", Diagnostics())
    if base_url is not None:
        config = type(config)(base_url=base_url)
    found = output_dir is not None and is_earlier_site(output_dir)
    files = EarlierFiles(output_dir) if output_dir is not None and found else {}
    return ServedBuild(files, config.base_path, earlier=True)
