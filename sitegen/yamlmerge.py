"""What a command writes merged into a content file that the organizer may have edited.

The one merging mechanism of the commands that rewrite part of a content file: ``sitegen import
... --replace`` (a tournament file imported again) and ``sitegen league next-season`` (a season
file formed again); ``result add`` and ``pair`` edit the loaded tree in place instead. The rule:
:func:`merge` edits the file's round-trip tree (``old``) into the command's new tree (``new``):

- every value the command writes takes the file's place; an equal value keeps the file's
  spelling and quotes (``club: "01Ca"`` stays quoted);
- a key the command writes (:attr:`Shape.owned`) that ``new`` no longer gives is removed; every
  other key of the file is the organizer's and stays where it was, with its comments (a game's
  ``sgf:``, a group's ``promoted:``);
- a key new to the file goes after the key it follows in ``new`` and after the organizer's keys
  that follow that one;
- entries of lists are matched as :attr:`Shape.entry` names them (players by ``id``, games by
  their two players, a league's groups by ``id`` else ``name``): a matched entry is merged and
  keeps its comment, a new one is added, one that ``new`` lacks is left out;
- comment lines the command itself writes (:attr:`Shape.notes`, e.g. ``# starting gamepoints:
  10 (league A.ii.1, [4])``) are replaced by those of ``new``, never repeated;
- the comment lines at the end of the file are kept by :func:`sitegen.yamlwrite.load_rt` and
  written back last by the dump functions of :mod:`sitegen.yamlwrite`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping

from ruamel.yaml.comments import CommentedMap, CommentedSeq

Merge = Callable[[Any, Any], Any]
EntryKey = Callable[[Any], Hashable]


@dataclass(frozen=True)
class Shape:
    """What a command writes in one value of a file.

    For a mapping: ``owned``, the keys the command writes (one that the new tree lacks is
    removed; ``None``: none is, every key of the file that the command leaves out is kept);
    ``values``, the shapes of the values of some keys (any other value is a leaf, or a mapping
    merged with no owned keys); ``notes``, the comment lines the command writes there (those
    of the file are dropped, those of the new tree carried over). For a
    list of entries: ``entry``, how an entry is named, and ``item``, the entries' shape.
    ``merge`` replaces all of this with a function of (old, new) (an import's kept games).
    """

    owned: frozenset[str] | None = None
    values: Mapping[str, "Shape"] = field(default_factory=dict)
    entry: EntryKey | None = None
    item: "Shape | None" = None
    notes: re.Pattern[str] | None = None
    merge: Merge | None = None


def merge(old: Any, new: Any, shape: Shape | None = None) -> Any:
    """Return ``old`` (a file's round-trip value) edited into ``new`` (the module docstring's
    rule), or ``new`` when the two are not of one kind."""
    shape = shape or Shape()
    if shape.merge is not None:
        return shape.merge(old, new)
    if isinstance(old, CommentedMap) and isinstance(new, CommentedMap):
        return _merge_map(old, new, shape)
    if isinstance(old, CommentedSeq) and isinstance(new, CommentedSeq) and shape.entry is not None:
        return merge_entries(old, new, shape.entry, lambda a, b: merge(a, b, shape.item))
    return same_or_new(old, new)


def _merge_map(old: CommentedMap, new: CommentedMap, shape: Shape) -> CommentedMap:
    if shape.notes is not None:
        drop_notes(old, shape.notes)
    for key in [k for k in old if shape.owned is not None and k in shape.owned and k not in new]:
        del old[key]
    previous = None
    for key, value in new.items():
        if key in old:
            merged = merge(old[key], value, shape.values.get(key))
            if merged is not old[key]:  # removed and put back: an assignment keeps the old quotes
                at, comment = list(old).index(key), old.ca.items.get(key)
                del old[key]
                old.insert(at, key, merged)
                if comment is not None:
                    old.ca.items[key] = comment
        else:
            old.insert(_place(old, new, previous), key, value)
        if shape.notes is not None:
            _carry_comment(old, new, key)
        previous = key
    return old


def _place(old: CommentedMap, new: CommentedMap, previous: Hashable) -> int:
    """Return where a key new to ``old`` goes: after ``previous`` (the key before it in
    ``new``) and the organizer's keys that follow it (those ``new`` lacks), else first."""
    keys = list(old)
    if previous not in old:
        return 0
    at = keys.index(previous) + 1
    while at < len(keys) and keys[at] not in new:
        at += 1
    return at


def _carry_comment(old: CommentedMap, new: CommentedMap, key: Hashable) -> None:
    """Give ``old``'s key the comments ``new`` has on it where ``old`` has none there."""
    comment = new.ca.items.get(key)
    if comment is None or not any(part is not None for part in comment):
        return
    mine = old.ca.items.setdefault(key, [None] * len(comment))
    for index, part in enumerate(comment):
        if part is not None and index < len(mine) and mine[index] is None:
            mine[index] = part


def drop_notes(tree: CommentedMap, notes: re.Pattern[str]) -> None:
    """Remove from the comments of the mapping ``tree`` (not of its values) the comment lines
    that ``notes`` matches (``notes.search`` on the line without its ``#``): a command's own
    notes, written again by it."""
    slots = [tree.ca.comment] if tree.ca.comment is not None else []
    slots += [parts for parts in tree.ca.items.values() if parts is not None]
    for parts in slots:
        for index, part in enumerate(parts):
            if isinstance(part, list):
                kept = [token for token in part if token is None or not _drop_lines(token, notes)]
                parts[index] = kept or None
            elif part is not None and _drop_lines(part, notes):
                parts[index] = None


def _drop_lines(token: Any, notes: re.Pattern[str]) -> bool:
    """Remove the lines that ``notes`` matches from a comment token; True when none is left."""
    value = getattr(token, "value", None)
    if not isinstance(value, str):
        return False
    lines = value.splitlines(keepends=True)
    kept = [line if not notes.search(line.strip().lstrip("#").strip()) or not line.strip().startswith("#")
            else ("\n" if number == 0 and not value.startswith("\n") else "")
            for number, line in enumerate(lines)]
    if kept == lines:
        return False
    token.value = "".join(kept)
    return not token.value.strip("\n")


def same_or_new(old: Any, new: Any) -> Any:
    """Return ``old`` when it says what ``new`` says (so it keeps its quotes and style), else ``new``."""
    if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
        same = isinstance(old, type(new)) or isinstance(new, type(old))
        return old if same and _plain(old) == _plain(new) else new
    return old if _kind(old) == _kind(new) and old == new else new


def _kind(value: Any) -> str:
    """Return what a scalar is for comparing (``True`` is not ``1``; a quoted text is text)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return "text" if isinstance(value, str) else type(value).__name__


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def merge_entries(old: Any, new: Any, key_of: EntryKey, merge_entry: Merge) -> Any:
    """Return ``new``'s list of entries with each entry that ``old`` holds too (same
    ``key_of``) merged into the old one (``merge_entry``), which keeps its comment; entries of
    ``old`` that ``new`` lacks are left out."""
    if not isinstance(old, CommentedSeq) or not isinstance(new, CommentedSeq):
        return new
    by_key = {key_of(entry): index for index, entry in enumerate(old) if key_of(entry) is not None}
    merged = CommentedSeq()
    for index, entry in enumerate(new):
        found = by_key.get(key_of(entry))
        if found is None:
            merged.append(entry)
            if index in new.ca.items:
                merged.ca.items[len(merged) - 1] = new.ca.items[index]
            continue
        merged.append(merge_entry(old[found], entry))
        if found in old.ca.items:
            merged.ca.items[len(merged) - 1] = old.ca.items[found]
    merged.ca.comment = old.ca.comment
    if old.fa.flow_style():
        merged.fa.set_flow_style()
    return merged


def add_missing(tree: Any, key: str, before: list[Any], entries: list[Any], key_of: EntryKey) -> None:
    """Put in the list ``tree[key]`` each of ``entries`` whose ``key_of`` it lacks (an entry of
    the file kept as the file has it, which the command left out): after the entry that
    preceded it in ``before`` (the file's list), else first."""
    if not entries or not isinstance(tree, dict):
        return
    items = tree.setdefault(key, CommentedSeq())
    if not isinstance(items, list):
        return
    for entry in entries:
        have = [key_of(e) for e in items]
        if key_of(entry) in have:
            continue
        at = next((i for i, e in enumerate(before) if key_of(e) == key_of(entry)), 0)
        previous = [key_of(e) for e in before[:at]]
        after = max((have.index(k) + 1 for k in previous if k in have), default=0)
        items.insert(after, entry)


def id_or_name(entry: Any) -> Hashable:
    """Name a list entry by its ``id``, else its ``name`` (a league's divisions and groups)."""
    if not isinstance(entry, dict):
        return None
    if "id" in entry:
        return ("id", str(entry["id"]))
    return ("name", str(entry["name"])) if "name" in entry else None
