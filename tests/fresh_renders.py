"""Fresh builds made once per set of files, for tests that compare a build with a fresh build
(tests/test_build_cache.py; tests/conftest.py's ``fresh_renders``).

A fresh build (``sitegen.commands.build.render``) makes its files from nothing but the files of
the folders it is given (their names and bytes, not their times) and its arguments. So a test
that needs the fresh build of a site whose folders hold exactly the files of one built before
in the same test process (the small site with the same page edited, the demo after the same
league result) gets that build's files again instead of making them anew. The key is every name
under the folders (files, folders, links) with each file's SHA-256 and each link's target, so
any change of a name or a byte makes a new fresh build; the caller adds the arguments. A fresh
build whose files depended on anything else (a folder's path, the time) would show as a
difference from the build it is compared with, not hide one: what is handed out is exactly what
a fresh build of those files returned. Its warnings are another matter: they name the files by
their path from the working folder, so a caller that compares warnings must put the folder's
path and the working folder in the key too, or work in the site's folder
(tests/properties/test_incremental.py's chains do: each example copies the demo into a new
folder and works there, so its warnings name ``content/...`` and its first fresh build is the
one of the examples before it).

:func:`render` is the fresh build the tests take: ``sitegen.commands.build.render`` with the
default theme's kept code, as ``sitegen build`` uses it.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

from sitegen.commands.build import render as build_render
from sitegen.progress import Progress

T = TypeVar("T")


def tree_key(*folders: Path | None) -> str:
    """A digest of everything under ``folders`` (in order; ``None`` for a folder not given, a
    missing folder told apart from an empty one): each entry's kind, relative name and, for a
    file, its bytes' SHA-256, for a link its target."""
    entries: list[tuple[str, ...]] = []
    for folder in folders:
        if folder is None or not folder.exists():
            entries.append(("none" if folder is None else "missing",))
            continue
        entries.append(("folder",))
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.is_symlink():
                entries.append(("link", name, os.readlink(path)))
            elif path.is_dir():
                entries.append(("dir", name))
            elif path.is_file():
                entries.append(("file", name, hashlib.sha256(path.read_bytes()).hexdigest()))
            else:
                entries.append(("other", name))
    return hashlib.sha256(repr(entries).encode()).hexdigest()


class FreshRenders:
    """The last ``keep`` fresh builds of one test process, by key (:func:`tree_key` and the
    build's arguments); the least recently used goes first (a demo render is ~5 MB)."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self.made: OrderedDict[Hashable, object] = OrderedDict()
        self.hits = 0

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``'s result for ``key``, made now unless made before. What ``make`` raises
        is raised and nothing is kept. The caller hands out copies of mutable results."""
        if key in self.made:
            self.made.move_to_end(key)
            self.hits += 1
            return self.made[key]  # type: ignore[return-value]
        made = make()
        self.made[key] = made
        if len(self.made) > self.keep:
            self.made.popitem(last=False)
        return made


def render(content_dir: Path, templates_dir: Path | None = None, base_url: str | None = None,
           progress: Progress | None = None) -> dict[str, bytes]:
    """A fresh build in memory, as ``sitegen.commands.build.render`` makes it, with the default
    theme's compiled templates kept beside it (``theme_code=True``), as ``sitegen build`` uses
    them: compiling the theme's templates from their source was about 0.2 s of a small site's
    0.23 s (bench/README.md, stop 51), and is not what the tests that take this render test.
    The tests of the templates' compiling call ``sitegen.commands.build.render`` itself
    (tests/test_theme_code.py, test_template_sandbox.py, test_languages.py,
    test_render_parallel.py), and tests/test_theme_code.py pins the kept code against the
    code compiled from source."""
    return build_render(content_dir, templates_dir, base_url, progress, theme_code=True)
