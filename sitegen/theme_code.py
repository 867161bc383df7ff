"""The default theme's compiled templates, kept beside the theme (issue 31): a Jinja bytecode
cache (:class:`ThemeCode`) for ``sitegen build``.

Compiling the 13 templates that a build after one result renders (parsing them, generating
their Python, compiling that) was about 0.12 s of its 1.3-1.5 s at scale 0.3; a build from
scratch compiled its 23 in each render worker, about 0.25 s of CPU a worker. A template of the
default theme compiled once is kept in the theme's own ``__pycache__`` folder, as Python keeps a
module's bytecode beside its source: a folder only those who can change sitegen's code can
write, never the build cache (which CI restores from a store that a pull request can fill:
issue 30, so nothing there is ever run as code). A site's own templates (``templates/`` of the
content repository) are always compiled from their source.

What a compiled template depends on is its key (:func:`fingerprint`): sitegen's version and the
digest of every file of its package (the code generator, the template extensions, the
catalogs whose words are put into templates when they are compiled), Jinja's version,
Python's bytecode tag, the site's language and whether the words are put in at compile time;
Jinja checks the template's source against its checksum. A file that cannot be written (a
read-only installation) is not kept; one that does not load is compiled again.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from . import __version__

FOLDER = "__pycache__"
"""The folder of the theme that keeps its compiled templates (its stamps skip it:
sitegen.incremental.stamps)."""


def fingerprint(language: str, constant_words: tuple[bool, bool], settings: str = "") -> bytes:
    """Return the digest of what the default theme's compiled code depends on besides each
    template's source: sitegen's version and package files (every file below its package
    folder but ``__pycache__``, by path and content), Jinja's version, Python's bytecode tag,
    ``language``, ``constant_words`` (whether ``_()`` and ``pgettext()`` are translated
    while compiling) and ``settings``: the site's settings that the environment's filters read
    (the base path of ``|url``, Markdown's raw HTML), since Jinja's optimizer calls a filter on a
    constant while compiling and keeps its value in the code (``"/static/style.css"|url``).
    About 10 ms for sitegen's 180 files."""
    digest = hashlib.sha256()
    for part in (__version__, jinja2.__version__, sys.implementation.cache_tag, language,
                 repr(constant_words), settings):
        digest.update(part.encode() + b"\0")
    package = Path(__file__).resolve().parent
    for folder, subfolders, files in os.walk(package):
        subfolders[:] = sorted(name for name in subfolders if name != FOLDER)
        for name in sorted(files):
            path = os.path.join(folder, name)
            with open(path, "rb") as stream:
                data = stream.read()
            digest.update(os.path.relpath(path, package).encode() + b"\0")
            digest.update(len(data).to_bytes(8, "big") + data)
    return digest.digest()


class ThemeCode(BytecodeCache):
    """Jinja's bytecode cache for the templates below ``theme`` (the default theme's folder),
    kept in ``theme/__pycache__`` under a key made of ``key`` (:func:`fingerprint`) and the
    template's name; any other template gets no key, and is neither loaded nor kept."""

    def __init__(self, theme: Path, key: bytes) -> None:
        self.theme = os.path.realpath(theme)
        self.folder = os.path.join(self.theme, FOLDER)
        self.key = key

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        if filename is None or os.path.realpath(filename) != os.path.join(self.theme, *name.split("/")):
            return ""  # a site's own template: compiled from its source
        return hashlib.sha256(self.key + name.encode()).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        if not bucket.key:
            return
        try:
            with open(os.path.join(self.folder, bucket.key + ".jinja"), "rb") as stream:
                bucket.load_bytecode(stream)
        except Exception:  # a damaged file (pickle and marshal raise many kinds): compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        if not bucket.key:
            return
        try:
            os.makedirs(self.folder, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        except OSError:
            return  # a folder this process cannot write
        try:
            with os.fdopen(fd, "wb") as stream:
                bucket.write_bytecode(stream)
            os.replace(temporary, os.path.join(self.folder, bucket.key + ".jinja"))
        except OSError:
            _remove(temporary)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def theme_code(theme: Path, environment: Any, language: str, settings: str) -> ThemeCode:
    """Return the :class:`ThemeCode` of ``theme`` for ``environment`` (made by
    sitegen.render.make_environment for a site in ``language``; ``settings``: the text of the
    site's settings its filters read, see :func:`fingerprint`)."""
    constant = (hasattr(environment, "constant_gettext"), hasattr(environment, "constant_pgettext"))
    return ThemeCode(theme, fingerprint(language, constant, settings))
