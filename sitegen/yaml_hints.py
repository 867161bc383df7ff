"""Hints for YAML syntax errors caused by indentation (stop 48's newcomer check: a line indented
one space too few gave "YAML syntax error: did not find expected key" and nothing more).

Pure functions over the file's lines; :func:`sitegen.load.parse_yaml` adds the hint after the
parser's own words, at the parser's line and column. Columns are 1-based, as in the message's
position.
"""

from __future__ import annotations

import re

BLOCK_PROBLEMS = ("did not find expected key", "did not find expected '-' indicator",
                  "expected <block end>")
"""The parser's words (the start of its problem) when a line does not fit the block around it:
a key or a list item indented too little, too much, or in the column of the wrong block."""

_ITEM = re.compile(r"(?:-[ ]+)+")
"""The "- " marks that open a line (one for each list a line opens: "- - a")."""
_KEY_VALUE = re.compile(r"""^[ ]*(?:-[ ]+)*(?:"[^"]*"|'[^']*'|[^\s#'"{\[][^:#]*?):[ ]+(?P<value>[^\s#].*)$""")
"""A line of a key and its value on the same line (``groups: 1``, ``- id: a``): the value ends
at that line unless it is a block scalar (``|``, ``>``) or opens a flow collection."""


def _content_lines(lines: list[str], before: int) -> list[tuple[int, str]]:
    """Return ``(line number, text)`` of the lines above line ``before`` (1-based) that hold
    YAML, nearest first: neither blank nor only a comment, nor a document marker."""
    found = []
    for number in range(min(before, len(lines) + 1) - 1, 0, -1):
        text = lines[number - 1]
        stripped = text.strip()
        if stripped and not stripped.startswith("#") and stripped not in ("---", "..."):
            found.append((number, text))
    return found


def _columns(text: str) -> list[int]:
    """Return the columns where ``text``'s blocks start: its first character's, and after each
    opening "- " the next one's (``  - id: a`` gives 3 and 5)."""
    indent = len(text) - len(text.lstrip(" "))
    columns = [indent + 1]
    items = _ITEM.match(text, indent)
    if items:
        at = indent
        for mark in re.finditer(r"-[ ]+", items.group()):
            at = indent + mark.end()
            columns.append(at + 1)
    return columns


def open_columns(lines: list[str], line: int) -> list[int]:
    """Return the columns that a line at ``line`` can line up with, smallest first: the start
    of each block still open above it (each content line above that starts further left than
    every line between, and the columns its "- " marks open)."""
    columns: set[int] = set()
    leftmost = None
    for _number, text in _content_lines(lines, line):
        starts = _columns(text)
        if leftmost is None or starts[0] < leftmost:
            columns.update(starts if leftmost is None else [c for c in starts if c < leftmost])
            leftmost = starts[0]
        if leftmost == 1:
            break
    return sorted(columns)


def _words(columns: list[int]) -> str:
    """Return ``column 1``, ``columns 1 and 3``, ``columns 1, 3 and 5``."""
    if len(columns) == 1:
        return f"column {columns[0]}"
    return "columns " + ", ".join(map(str, columns[:-1])) + f" and {columns[-1]}"


def indentation_hint(lines: list[str], line: int, problem: str, shift: int = 0) -> str | None:
    """Return a hint for the parser's ``problem`` at ``line`` (1-based) of ``lines`` when it
    is one of indentation, else None. The lines it names are shifted by ``shift`` (front
    matter: the lines of the Markdown file above it), as the error's own position is.

    - A line that does not fit its block (:data:`BLOCK_PROBLEMS`): the column it starts at and
      the columns of the blocks open above it ("line 3 starts at column 2, the lines above it
      at columns 1 and 3"), what lines up with what, and a tab that indents a line above.
    - "mapping values are not allowed" on a line indented more than the key-and-value line
      above it: that line's value has ended, so the line is a key out of place.
    """
    if not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    indent = len(text) - len(text.lstrip(" "))
    if problem.startswith(BLOCK_PROBLEMS):
        above = _content_lines(lines, line)
        tabbed = next((n for n, t in above if t[:len(t) - len(t.lstrip(" \t"))].count("\t")), None)
        if tabbed is not None:
            return f"line {tabbed + shift} is indented with a tab: indent with spaces only"
        columns = open_columns(lines, line)
        if not columns:
            return None
        return (f"check the indentation: line {line + shift} starts at column {indent + 1}, the lines above "
                f"it at {_words(columns)}; a key starts in the column of the other keys of its "
                "mapping, a '- ' in the column of the other items of its list (line "
                f"{above[0][0] + shift}, just above, may be the one to move)")
    if problem.startswith("mapping values are not allowed"):
        above = _content_lines(lines, line)
        if not above:
            return None
        number, previous = above[0]
        key_column = _columns(previous)[-1]
        value = _KEY_VALUE.match(previous)
        if (indent + 1 > key_column and value is not None
                and value.group("value")[0] not in "|>[{&*!"):
            return (f"line {line + shift} is indented more than line {number + shift}, whose key already has its "
                    f"value: start it at column {key_column} like that key, or at a column further "
                    "left; or, if it continues a value with ': ' in it, quote that value")
    return None
