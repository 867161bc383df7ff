"""The characters content may hold: one filter for content files, names, titles and pages.

Refused everywhere (docs/content-format.md, "Text"), each with its position:

- control characters: C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F). Tab and
  line ends are allowed only where a text may span lines (a file, a description, a page);
- non-characters (U+FDD0-U+FDEF, and U+FFFE and U+FFFF of every plane) and lone
  surrogates: XML (the Atom feed, sitemap.xml) may not hold them;
- bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they
  make a text show in another order than it is written, so a name could read as another or
  a line of a pull request hide what it holds. They are refused rather than isolated, so the
  text of a file reads as it is stored;
- in a one-line text (a name, a title) also the bidirectional marks U+200E LEFT-TO-RIGHT
  MARK, U+200F RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK: the pages isolate every
  right-to-left name (:mod:`sitegen.bidi`), so a mark is never needed there, and an invisible
  one would make two names that read the same differ. A page or a description may hold them
  (they set the direction of a mixed line of prose, inside its own paragraph).

A character is refused however it is written: typed, as a YAML escape (``"\\e"``,
``"\\u202E"``) or as an HTML numeric character reference (``&#x202E;``, which Markdown turns
into the character). The loader applies :func:`refused_at` to the raw text of every content
file (so a typed character or a reference is reported at its line and column); the
validators apply it to every text value, which also catches YAML escapes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17))
_BIDI = "\u202a-\u202e\u2066-\u2069"
_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"

REFUSED = re.compile(f"[{_CONTROLS}{_BIDI}\ud800-\udfff{_NONCHARACTERS}]")
"""Characters no content file and no multi-line text may hold (tab, LF and CR are allowed)."""
_MARKS = "\u200e\u200f\u061c"
REFUSED_ONE_LINE = re.compile(f"[\t\r{_CONTROLS}{_BIDI}{_MARKS}\ud800-\udfff{_NONCHARACTERS}]")
"""Characters no one-line text (a name, a title) may hold: also tab, CR and the bidirectional
marks."""
_REFUSED_ASCII = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""What :data:`REFUSED` finds in an ASCII text: its C0 controls and DEL. Scanning a text for
the whole class is about ten times slower (44 ms for a 1.3 MB ladder file read again after
each save in the dev server, issue 31; 4 ms with this one)."""
LINE_BREAKS = re.compile("[\n\r\u2028\u2029]")
"""What ends a line: a one-line text may not hold these."""


_REFERENCE = re.compile(r"&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));")


@dataclass(frozen=True)
class Refused:
    """A character content may not hold, found in a text."""

    index: int
    """Where it starts in the text (0-based)."""
    char: str
    reference: str = ""
    """The HTML character reference it is written as (``&#x202E;``), or empty."""

    def __str__(self) -> str:
        written = f" written as {self.reference}" if self.reference else ""
        return f"{describe(self.char)}{written}"


def refused_at(text: str, one_line: bool = False) -> Refused | None:
    """Return the first character of ``text`` content may not hold, or None.

    ``one_line``: tab and CR are refused too. A numeric character reference is refused when
    the character it names would be refused in a multi-line text.
    """
    match = (REFUSED_ONE_LINE if one_line else REFUSED).search(text)
    end = match.start() if match else len(text)
    if "&#" in text:
        for ref in _REFERENCE.finditer(text, 0, end):
            code = int(ref.group(1), 16) if ref.group(1) else int(ref.group(2))
            if code <= 0x10FFFF and REFUSED.match(chr(code)):
                return Refused(ref.start(), chr(code), ref.group())
    return Refused(match.start(), match.group()) if match else None


def refused_all(text: str) -> list[Refused]:
    """Return every character of ``text`` content may not hold (multi-line rules: tab and line
    ends pass), typed or written as a numeric character reference, in the order they appear."""
    found = [Refused(m.start(), m.group()) for m in (_REFUSED_ASCII if text.isascii() else REFUSED).finditer(text)]
    if "&#" in text:
        for ref in _REFERENCE.finditer(text):
            code = int(ref.group(1), 16) if ref.group(1) else int(ref.group(2))
            if code <= 0x10FFFF and REFUSED.match(chr(code)):
                found.append(Refused(ref.start(), chr(code), ref.group()))
    return sorted(found, key=lambda bad: bad.index)


def describe(char: str) -> str:
    """Return what a refused character is, for a message: ``U+202E (RIGHT-TO-LEFT OVERRIDE, a
    bidirectional control)``, ``U+200F (RIGHT-TO-LEFT MARK, a bidirectional mark)``, ``U+001B
    (a control character)``, ``U+FFFF (a non-character)``."""
    code = f"U+{ord(char):04X}"
    if char == "\t":
        return f"{code} (a tab)"
    if re.fullmatch(f"[{_BIDI}]", char):
        return f"{code} ({unicodedata.name(char)}, a bidirectional control)"
    if char in _MARKS:
        return f"{code} ({unicodedata.name(char)}, a bidirectional mark)"
    if re.fullmatch(f"[{_CONTROLS}\r]", char):
        return f"{code} (a control character)"
    if "\ud800" <= char <= "\udfff":
        return f"{code} (a lone surrogate, not a character)"
    return f"{code} (a non-character)"


def hint_for(char: str) -> str:
    """Return the hint of the error for a refused character."""
    if char == "\t":
        return "write a space instead"
    if re.fullmatch(f"[{_BIDI}]", char):
        return "remove it: it makes the text show in another order than it is written"
    if char in _MARKS:
        return ("remove it: it is invisible, and the pages keep a right-to-left name apart from "
                "the text around it without it")
    if re.fullmatch(f"[{_CONTROLS}\r]", char):
        return "remove it; it is invisible in most editors"
    return "remove it: it is not a character, and no page or feed may hold it"
