"""Round-trip YAML writing for commands that create or edit content files.

Edits go through ruamel.yaml's round-trip mode (``typ="rt"``), so the organizer's comments,
key order, quoting and flow style survive; files are replaced atomically (a temporary file in
the same folder, then ``os.replace``), so a reader never sees half a file, and keep the
permissions of the file they replace (a new file gets those of the umask).

Two things ruamel alone would lose are kept here: the comment lines at the end of a file
(ruamel attaches them to the last value, so they vanish or move when that value is replaced
or followed by new ones: :func:`load_rt` sets them aside and :func:`dump_rt` puts them back
last), and what the organizer added to a list of entries that a command writes anew
(:func:`keep_added`: a group's ``promoted:`` list, say).
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable

from ruamel.yaml import YAML, events
from ruamel.yaml.error import YAMLError
from ruamel.yaml.comments import CommentedMap, CommentedSeq


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


def keep_added(old: Any, new: Any) -> Any:
    """Return ``new`` (what a command writes) with what the organizer added in ``old`` kept.

    For mappings: keys of ``old`` that ``new`` lacks are added, after the key they followed,
    with their comments; keys in both take ``new``'s value (merged again if both are lists or
    mappings) and keep ``old``'s comments where ``new`` has none. For lists of entries: an
    entry of ``new`` is merged with the entry of ``old`` with the same ``id`` (or, without
    ids, the same ``name``); entries of ``old`` that ``new`` lacks are dropped. Anything else
    is ``new``. E.g. a group's ``promoted: [ann]  # agreed at the AGM`` survives a next-season
    run that writes the group's players anew.
    """
    if isinstance(old, CommentedMap) and isinstance(new, CommentedMap):
        return _keep_added_keys(old, new)
    if isinstance(old, CommentedSeq) and isinstance(new, CommentedSeq):
        for index, item in enumerate(new):
            found = _same_entry(old, item)
            if found is not None:
                new[index] = keep_added(old[found], item)
                if found in old.ca.items and index not in new.ca.items:
                    new.ca.items[index] = old.ca.items[found]  # the entry's own comment
        return new
    return new


def _keep_added_keys(old: CommentedMap, new: CommentedMap) -> CommentedMap:
    for key in list(new):
        if key in old:
            new[key] = keep_added(old[key], new[key])
    previous = None
    for key in old:
        if key not in new:
            new.insert(list(new).index(previous) + 1 if previous in new else 0, key, old[key])
        previous = key
    for key, comment in old.ca.items.items():
        if key in new and key not in new.ca.items:
            new.ca.items[key] = comment
    if new.ca.comment is None and old.ca.comment is not None:
        new.ca.comment = old.ca.comment
    return new


def _same_entry(old: CommentedSeq, item: Any) -> int | None:
    """Return the index of the entry of ``old`` that is ``item`` (same id, else same name)."""
    if not isinstance(item, dict):
        return None
    for index, candidate in enumerate(old):
        if not isinstance(candidate, CommentedMap):
            continue
        if "id" in item and "id" in candidate:
            if str(item["id"]) == str(candidate["id"]):
                return index
        elif "name" in item and "name" in candidate and str(item["name"]) == str(candidate["name"]):
            return index
    return None


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
    see only the lines that changed; new files get ``\\n``. The file keeps the permissions of
    the one it replaces; a new file gets those the umask gives (not the temporary file's 0600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        newline = "\r\n" if b"\r\n" in path.read_bytes() else "\n"
    except OSError:
        newline = "\n"
    mode = file_mode(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(temp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


def file_mode(path: Path) -> int:
    """Return the permission bits ``path`` has, or those of a new file under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def edit_yaml_file(path: Path, edit: Callable[[Any], Any]) -> str:
    """Return the text of ``path`` after ``edit`` changed its round-trip tree (nothing is written).

    ``edit`` receives the loaded tree and may return a replacement (None keeps the tree).
    """
    data = load_rt(path)
    result = edit(data)
    return dump_rt(data if result is None else result)
