"""Round-trip YAML writing for commands that create or edit content files.

Edits go through ruamel.yaml's round-trip mode (``typ="rt"``), so the organizer's comments,
key order, quoting and flow style survive; files are replaced atomically (a temporary file in
the same folder, then ``os.replace``), so a reader never sees half a file.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq


def round_trip_yaml() -> YAML:
    """Return a round-trip YAML instance in the content files' style (2-space indents, ``- `` items)."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_rt(path: Path) -> Any:
    """Return the round-trip tree of the YAML file at ``path`` (CommentedMap for a mapping)."""
    with open(path, encoding="utf-8-sig") as handle:
        return round_trip_yaml().load(handle)


def dump_rt(data: Any) -> str:
    """Return ``data`` (plain or round-trip objects) as YAML text."""
    stream = io.StringIO()
    round_trip_yaml().dump(data, stream)
    return stream.getvalue()


def flow_list(items) -> CommentedSeq:
    """Return ``items`` as a list written on one line: ``[a, b, c]``."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def flow_map(pairs) -> CommentedMap:
    """Return ``pairs`` as a mapping written on one line: ``{a: 1, b: 2}``."""
    mapping = CommentedMap(pairs)
    mapping.fa.set_flow_style()
    return mapping


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) via a temporary file in the same folder and ``os.replace``.

    A file that had Windows line ends (CRLF) keeps them, so that an organizer's editor and git
    see only the lines that changed; new files get ``\\n``.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        newline = "\r\n" if b"\r\n" in path.read_bytes() else "\n"
    except OSError:
        newline = "\n"
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
