"""Typed, positioned access to YAML mappings, recording every problem as a diagnostic.

A :class:`Fields` wraps one :class:`~sitegen.load.YMap` with the keys it may hold. Unknown
and missing keys are reported when it is created; each getter returns the converted value
or None after recording why the value was unusable, so validators can carry on.
"""

from __future__ import annotations

import builtins
import datetime as dt
import functools
import re
from pathlib import Path
from typing import Callable, TypeVar

from ..diagnostics import Diagnostics, SourcePos, did_you_mean
from ..load import YMap, YNode, YScalar, YSeq, load_yaml_file
from ..numbers import parse_whole
from ..remembered import Remembered
from ..text import LINE_BREAKS, hint_for, refused_at
from ..urls import LADDER_RULES, LEAGUE_RULES, SWISS_RULES, TOURNAMENT_RULES

T = TypeVar("T")

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
MAX_TEXT = 200
"""Longest display text accepted for names, titles and similar one-line fields."""

BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False}


def kind_of(node: YNode) -> str:
    if isinstance(node, YMap):
        return "a mapping"
    if isinstance(node, YSeq):
        return "a list"
    return f"'{node.text}'" if len(node.text) <= 40 else "a long text"


def expect_map(node: YNode | None, diags: Diagnostics, what: str, pos: SourcePos) -> YMap | None:
    """Return ``node`` if it is a mapping, else record an error naming ``what``."""
    if isinstance(node, YMap):
        return node
    at = node.pos if node is not None else pos
    found = kind_of(node) if node is not None else "nothing"
    diags.error(at, f"expected {what} (a mapping of keys to values), found {found}", "schema.type")
    return None


def load_map(path: Path, shown: str, diags: Diagnostics, what: str,
             remembered: Remembered | None = None) -> YMap | None:
    """Load a YAML file that must hold a mapping; None if it is unusable (already reported).
    ``remembered``: what the last builds of this process read (the dev server's), or None."""
    node = load_yaml_file(path, shown, diags, None if remembered is None else remembered.yaml)
    if node is None:
        return None
    return expect_map(node, diags, what, SourcePos(shown))


def expect_list(node: YNode | None, diags: Diagnostics, what: str, pos: SourcePos) -> list[YNode]:
    """Return the items of a sequence, or [] after recording an error naming ``what``."""
    if isinstance(node, YSeq):
        return node.items
    if node is None or (isinstance(node, YScalar) and node.is_null):
        return []
    diags.error(node.pos, f"expected {what} (a list), found {kind_of(node)}", "schema.type",
                "write one item per line starting with '- '")
    return []


class Fields:
    """Checked access to the keys of one mapping.

    ``required`` and ``optional`` name the keys the mapping may hold; anything else is an
    "unknown key" error with a did-you-mean hint.
    """

    def __init__(self, node: YMap, diags: Diagnostics, what: str,
                 required: tuple[str, ...] = (), optional: tuple[str, ...] = ()):
        self.node = node
        self.diags = diags
        self.what = what
        allowed = _allowed(required, optional)
        if allowed.issuperset(node.key_pos) and all(_filled(node.entries.get(key)) for key in required):
            return  # the common case: nothing to report
        for key, key_pos in node.key_pos.items():
            if key not in allowed:
                diags.error(key_pos, f"unknown key '{key}' in {what}", "schema.unknown-key",
                            did_you_mean(key, allowed) or f"expected one of: {', '.join(sorted(allowed))}")
        for key in required:
            if key not in node.key_pos:
                diags.error(node.pos, f"{what} is missing the key '{key}'", "schema.missing-key")
            elif not _filled(node.entries.get(key)):
                diags.error(node.key_pos[key], f"'{key}' has no value", "schema.missing-value",
                            f"give {what} a value for '{key}'")

    def has(self, key: str) -> bool:
        return key in self.node.entries

    def pos(self, key: str) -> SourcePos:
        """Return the position of the value of ``key`` (or of the mapping if absent)."""
        value = self.node.entries.get(key)
        if value is not None:
            return value.pos
        return self.node.key_pos.get(key, self.node.pos)

    def raw(self, key: str) -> YNode | None:
        return self.node.entries.get(key)

    def scalar(self, key: str) -> YScalar | None:
        value = self.node.entries.get(key)
        if value is None or (isinstance(value, YScalar) and value.is_null):
            return None
        if not isinstance(value, YScalar):
            self.diags.error(value.pos, f"'{key}' must be a single value, found {kind_of(value)}",
                             "schema.type")
            return None
        return value

    def text(self, key: str, default: str | None = None, max_len: int = MAX_TEXT,
             outer_blanks: bool = False) -> str | None:
        """Return a one-line display text (names, titles), or ``default`` when absent.

        ``outer_blanks``: a quoted text that has nothing to clean but its outer spaces keeps
        them (a tournament's name and location: OpenGotha writes them as is in the h9 file)."""
        value = self.scalar(key)
        if value is None:
            return default
        cleaned = check_text(value.text, value.pos, self.diags, key, max_len)
        if outer_blanks and cleaned is not None and value.text.strip(" ") == cleaned:
            return value.text
        return cleaned

    def long_text(self, key: str, default: str = "") -> str:
        """Return a text that may span lines (a description), or ``default`` when absent or
        holding a character content may not hold (reported, see :mod:`sitegen.text`)."""
        value = self.scalar(key)
        if value is None or not text_characters_ok(value.text, value.pos, self.diags, key):
            return default
        return value.text

    def ident(self, key: str) -> str | None:
        value = self.scalar(key)
        if value is None:
            return None
        return check_ident(value.text, value.pos, self.diags, key)

    def convert(self, key: str, parse: Callable[[str], T], expected: str,
                hint: str | None = None, code: str = "schema.value") -> T | None:
        """Return ``parse(text)`` of the value; a ValueError becomes a positioned error."""
        value = self.scalar(key)
        if value is None:
            return None
        try:
            return parse(value.text)
        except (ValueError, ArithmeticError) as exc:
            reason = str(exc) or f"'{value.text}' is not {expected}"
            self.diags.error(value.pos, f"{key}: {reason}", code, hint or f"expected {expected}")
            return None

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int | None:
        """Return a whole number of at most 9 digits from ``low`` to ``high`` (sitegen.numbers)."""
        return self.convert(key, lambda text: parse_whole(text, low, high), "a whole number")

    def boolean(self, key: str, default: bool) -> bool:
        def parse(text: str) -> bool:
            try:
                return BOOL_WORDS[text.strip().lower()]
            except KeyError:
                raise ValueError(f"'{text}' is not true or false") from None
        value = self.convert(key, parse, "true or false")
        return default if value is None else value

    def date(self, key: str) -> dt.date | None:
        """Return a ``YYYY-MM-DD`` date; one outside the years :data:`PLAUSIBLE_YEARS` is a
        warning at it (a typing error: a ladder game of 0001 would head the log)."""
        def parse(text: str) -> dt.date:
            try:
                return dt.date.fromisoformat(text.strip())
            except ValueError:
                raise ValueError(f"'{text}' is not a date") from None
        date = self.convert(key, parse, "a date like 2024-03-31")
        low, high = PLAUSIBLE_YEARS
        if date is not None and not low <= date.year <= high:
            self.diags.warning(self.pos(key), f"{key}: {date.isoformat()} is not in the years {low} "
                               f"to {high}", "schema.date-range", "check the year: is it a typing error?")
        return date

    def list(self, key: str, what: str | None = None) -> list[YNode]:
        return expect_list(self.node.entries.get(key), self.diags, what or f"'{key}'", self.pos(key))

    def ident_list(self, key: str) -> builtins.list[tuple[str, SourcePos]]:  # list: the method above
        """Return the ids in a list of ids, each with its position."""
        result = []
        for item in self.list(key, f"'{key}' (a list of player ids)"):
            if not isinstance(item, YScalar):
                self.diags.error(item.pos, f"'{key}' items must be ids, found {kind_of(item)}",
                                 "schema.type")
                continue
            ident = check_ident(item.text, item.pos, self.diags, key)
            if ident is not None:
                result.append((ident, item.pos))
        return result


PLAUSIBLE_YEARS = (1900, 2199)
"""The years of a plausible date in the content (fixed, not from the clock: the same content
gives the same warnings every year); a date outside them is a warning (docs/content-format.md)."""


@functools.lru_cache(maxsize=64)
def _allowed(required: tuple[str, ...], optional: tuple[str, ...]) -> frozenset[str]:
    return frozenset(required) | frozenset(optional)


@functools.lru_cache(maxsize=1 << 16)
def is_ident(text: str) -> bool:
    """Return True if ``text`` is a safe id (cached: ids repeat across a whole archive)."""
    return (bool(_ID_RE.fullmatch(text)) and ".." not in text and not text.endswith(".")
            and not is_reserved_name(text))


_RESERVED = re.compile(r"(?i)^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$")


def is_reserved_name(text: str) -> bool:
    """True for a name Windows keeps for devices (``con``, ``NUL.txt``, ``com1``...): an id
    becomes a folder name, and an organizer building on Windows could not write it."""
    return bool(_RESERVED.match(text))


def _filled(value: YNode | None) -> bool:
    """Return False for an absent value or an empty scalar (``key:``, ``key: ~``, ``key: ''``)."""
    if value is None:
        return False
    if isinstance(value, YScalar):
        return not value.is_null and value.text.strip() != ""
    return True


RULES_PAGES: dict[str, tuple[str, str, str, str]] = {
    LEAGUE_RULES: ("a league folder", "'rules'", "the league rules", "league.name"),
    TOURNAMENT_RULES: ("a tournament file", "'rules.yaml'", "the placement criteria", "tournament.name"),
    LADDER_RULES: ("a ladder file", "'rules.yaml'", "the ladder rules", "ladder.name"),
    SWISS_RULES: ("a Swiss league folder", "'rules'", "the Swiss league rules", "swiss.name"),
}
"""Each rules page (sitegen.urls) that shares its folder with the competitions it explains:
``page: (what a competition's id names, the refused name, what the page explains, the error's
code)``. A league folder (tournament file, ladder file, Swiss league folder) named ``rules``
would overwrite it."""


def not_rules_page(ident: str | None, page: str, pos: SourcePos, diags: Diagnostics) -> str | None:
    """Return ``ident``, or None after an error (its code in :data:`RULES_PAGES`) when it is
    ``rules``: ``page``'s address, the rules page beside the competition. E.g. "a tournament file may not be named 'rules.yaml'; tournaments/rules/ is the
    page that explains the placement criteria; rename the file"."""
    if ident != "rules":
        return ident
    named, name, explains, code = RULES_PAGES[page]
    diags.error(pos, f"{named} may not be named {name}", code,
                f"{page} is the page that explains {explains}; rename the {named.split()[-1]}")
    return None


def check_ident(text: str, pos: SourcePos, diags: Diagnostics, what: str = "id") -> str | None:
    """Return ``text`` if it is a safe id (letters, digits, ``-``, ``_``, ``.``), else None.

    Ids become parts of URLs and file names, so nothing else is allowed (no ``/``, no ``..``).
    """
    if is_ident(text):
        return text
    if is_reserved_name(text):
        base, dot, rest = text.partition(".")  # Windows judges the part before the first dot
        diags.error(pos, f"{what} '{_shorten(text)}' is a name Windows keeps for a device; ids "
                    "become folder names", "schema.id", f"add to it, e.g. '{base}-1{dot}{rest}'")
        return None
    if _ID_RE.fullmatch(text) and text.endswith("."):
        diags.error(pos, f"{what} '{_shorten(text)}' ends with a dot, which Windows drops from "
                    "folder names", "schema.id", f"leave the dot out: '{text.rstrip('.')}'")
        return None
    diags.error(pos, f"{what} '{_shorten(text)}' is not a valid id", "schema.id",
                "use 1-64 letters, digits, '-', '_' or '.', starting with a letter or digit")
    return None


_INVISIBLE = re.compile("[\u200b-\u200d\ufeff]")


def text_characters_ok(text: str, pos: SourcePos, diags: Diagnostics, what: str,
                       one_line: bool = False, offset: int = 0) -> bool:
    """Return True if ``text`` holds only characters content may hold (:mod:`sitegen.text`:
    no control characters but tab and line ends in a multi-line text, no non-characters, no
    bidirectional controls, and in a ``one_line`` text no bidirectional marks); else record an error at ``pos`` naming the character and its
    place in the value (``offset``: where ``text`` starts in it), and return False."""
    bad = refused_at(text, one_line)
    if bad is None:
        return True
    diags.error(pos, f"{what} holds {bad} at character {offset + bad.index + 1}",
                "text.character", hint_for(bad.char))
    return False


def check_text(text: str, pos: SourcePos, diags: Diagnostics, what: str, max_len: int = MAX_TEXT) -> str | None:
    """Return a cleaned one-line text, or None when it is unusable.

    A line break, a tab, a bidirectional mark (U+200E, U+200F, U+061C) or a character no text
    may hold (:func:`text_characters_ok`) is an error; zero-width characters (U+200B-U+200D,
    U+FEFF) are removed (they can disguise a name); text longer than ``max_len`` characters
    is an error.
    """
    stripped = text.strip(" \t\r\n")  # spaces and line ends around a quoted text are harmless
    if LINE_BREAKS.search(stripped):
        diags.error(pos, f"{what} must fit on one line", "schema.text")
        return None
    if not text_characters_ok(stripped, pos, diags, what, one_line=True, offset=text.index(stripped)):
        return None
    cleaned = _INVISIBLE.sub("", stripped).strip()
    if len(cleaned) > max_len:
        diags.error(pos, f"{what} is {len(cleaned)} characters long; at most {max_len} are allowed",
                    "schema.text", "shorten it")
        return None
    if not cleaned:
        diags.error(pos, f"{what} is empty", "schema.text")
        return None
    return cleaned


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


K = TypeVar("K")
"""A key of :func:`seen_before`: an id, a name, a round number, a pair of ids."""


def seen_before(first: dict[K, SourcePos], key: K, pos: SourcePos, diags: Diagnostics,
                message: str, code: str, hint: str | None = None) -> bool:
    """Return True when ``key`` was seen before, after reporting "``message`` (first at line
    N)" at ``pos``; else record ``pos`` in ``first`` as where ``key`` first appears, and
    return False.

    For the lists in which an id, a name, a number or a pair may appear once: every repeat
    is reported at its own position and names the line of the first.
    """
    earlier = first.get(key)
    if earlier is None:
        first[key] = pos
        return False
    diags.error(pos, f"{message} (first at line {earlier.line})", code, hint)
    return True
