"""Game records and player profiles: the ``link:`` and ``sgf:`` keys every kind of game may
carry, and a player's ``egd_pin``, ``ogs`` and ``kgs`` (docs/content-format.md, "Game
records and profiles").

A link is shown to every visitor, so only ``http`` and ``https`` addresses with a host are
accepted (no ``javascript:``, ``data:`` or relative address). An SGF file is copied to the site:
its path is relative to the content folder, made of plain names (letters, digits, ``-``, ``_``,
``.``) and ends in ``.sgf``; the file itself is read by :func:`sitegen.load.load_record_file`.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

from ..diagnostics import Diagnostics
from ..load import YMap, load_record_file
from ..model.common import GameRecord
from .fields import Fields, is_ident

RECORD_KEYS = ("link", "sgf")
"""The keys of a game's record, accepted in every kind of game."""
PROFILE_KEYS = ("egd_pin", "ogs", "kgs")
"""A player's profile ids."""

MAX_LINK = 500
"""Longest address accepted for a game's link."""
LINK_HINT = "give the game's web address, e.g. https://online-go.com/game/12345"
SGF_HINT = "give the path of an .sgf file inside the content folder, e.g. games/2024/ann-bob.sgf"
_LINK_REFUSED = re.compile(r"[\s\"'<>\\`\x00-\x1f\x7f]")
_INVISIBLE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"))
"""Unicode categories refused in a link: controls, format characters (U+200B zero width
space, U+202E right-to-left override, ...), surrogates, private use and unassigned code
points, separators: they make an address that reads as another."""


def link_problem(text: str, shown: str | None = None) -> str | None:
    """Return why ``text`` is not a usable link to a game, or None: it must be an ``http`` or
    ``https`` address with a host, at most :data:`MAX_LINK` characters, without spaces, quotes,
    angle brackets, backslashes, control or invisible (format) characters. The one check of a
    link, for the content and for ``sitegen result``; ``shown``: the text to quote in the
    reason (default ``text``)."""
    shown = text if shown is None else shown
    if len(text) > MAX_LINK:
        return f"the link is {len(text)} characters long; at most {MAX_LINK} are allowed"
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return f"link '{shown}' is not a web address"
    if parts.scheme.lower() not in ("http", "https"):
        return f"link '{shown}' is not an http or https address"
    if not parts.hostname:
        return f"link '{shown}' has no host"
    if _LINK_REFUSED.search(text):
        return f"link '{shown}' holds a space, quote, angle bracket, backslash or control character"
    invisible = next((c for c in text if unicodedata.category(c) in _INVISIBLE), None)
    if invisible is not None:
        return (f"link '{shown}' holds the invisible character U+{ord(invisible):04X} "
                f"({unicodedata.name(invisible, 'unnamed')})")
    return None


def sgf_problem(text: str) -> str | None:
    """Return why ``text`` is not a usable SGF path, or None: a relative path of plain names
    (each a valid id, so no ``..``, no ``/`` at the start, no spaces) ending in ``.sgf``."""
    parts = text.split("/")
    if text.startswith("/") or any(not is_ident(part) for part in parts):
        return (f"sgf '{text}' is not a path inside the content folder made of plain names "
                "(letters, digits, '-', '_', '.')")
    if not text.lower().endswith(".sgf"):
        return f"sgf '{text}' is not an .sgf file"
    return None


def _as_written(fields: Fields, key: str) -> str:
    """Return the text of ``key`` as the file writes it (spaces around it aside): a link is
    checked with the invisible characters a display text drops (U+200B)."""
    value = fields.scalar(key)
    return value.text.strip(" \t\r\n") if value is not None else ""


class RecordReader:
    """Reads the ``link:`` and ``sgf:`` of games, the SGF files from ``content_dir`` (None:
    the paths are checked but no file is read, e.g. when a command reloads one file)."""

    def __init__(self, content_dir: Path | None = None):
        self.content_dir = content_dir

    def read(self, fields: Fields, diags: Diagnostics) -> GameRecord | None:
        """Return the record of the game whose keys ``fields`` holds (None when it has neither
        key, or when a value is unusable: reported)."""
        if not (fields.has("link") or fields.has("sgf")):
            return None
        link = fields.text("link", "", max_len=MAX_LINK) or ""
        usable = True
        if link and (problem := link_problem(_as_written(fields, "link"))):
            diags.error(fields.pos("link"), problem, "record.link", LINK_HINT)
            usable = False  # the sgf is still checked: every error in one run
        sgf = fields.text("sgf", "") or ""
        data = b""
        if sgf and (problem := sgf_problem(sgf)):
            diags.error(fields.pos("sgf"), problem, "record.sgf", SGF_HINT)
            return None
        if sgf and self.content_dir is not None:
            loaded = load_record_file(self.content_dir, sgf, fields.pos("sgf"), diags)
            if loaded is None:
                return None
            data = loaded
        if not usable or not (link or sgf):
            return None
        return GameRecord(link, sgf, data, fields.node.pos)

    def read_map(self, node: YMap, diags: Diagnostics) -> GameRecord | None:
        """Return the record of a mapping that holds only ``link:`` and ``sgf:`` (a Swiss
        match's fourth item); unknown keys are reported."""
        return self.read(Fields(node, diags, "a match's record", optional=RECORD_KEYS), diags)


_PIN = re.compile(r"^[0-9]{5,9}$")
_OGS = re.compile(r"^[0-9]{1,10}$")
_KGS = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,9}$")


def read_profiles(fields: Fields, diags: Diagnostics) -> dict[str, str | None]:
    """Return a player's ``egd_pin``, ``ogs`` and ``kgs`` (None when absent or unusable:
    reported): an EGD PIN of 5 to 9 digits, an OGS player id of digits, a KGS name of up to
    10 letters and digits starting with a letter."""
    checks = {"egd_pin": (_PIN, "an EGD PIN is 5 to 9 digits, e.g. 12345678"),
              "ogs": (_OGS, "an OGS id is the number in the player's address, "
                            "e.g. 12345 for https://online-go.com/player/12345"),
              "kgs": (_KGS, "a KGS name is up to 10 letters and digits, starting with a letter")}
    found: dict[str, str | None] = {}
    for key, (pattern, hint) in checks.items():
        value = fields.scalar(key)
        found[key] = None
        if value is None:
            continue
        if pattern.match(value.text):
            found[key] = value.text
        else:
            diags.error(value.pos, f"{key} '{value.text[:40]}' is not valid", "player.profile", hint)
    return found
