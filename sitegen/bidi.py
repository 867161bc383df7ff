"""Right-to-left names on left-to-right pages: every untrusted text a page prints that holds a
right-to-left letter or an Arabic digit is isolated, so it cannot reorder what surrounds it
("2. محمد 3 wins" keeps its order; without isolation the 3 would join the name's run).

Done in two steps, with no template having to say so (a league's own templates included):

1. :func:`mark`, the environment's ``finalize`` and the filter the page words put on each
   value of a sentence (``_("leader %(player)s", player=...)``), wraps a plain ``str`` that
   holds such a character in two sentinels, the non-characters U+FDD0 and U+FDD1. Content
   never holds them (:mod:`sitegen.text` refuses every non-character), so only this module
   writes them. Markup (what a template or Markdown made) and other values pass as they are.
2. :func:`isolate_page`, on each rendered page, turns the sentinels into what the place they
   ended up in allows: ``<bdi>...</bdi>`` in a page's text; the Unicode isolate U+2068 FIRST
   STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE where no element may be (the page's
   ``<title>``, an ``<option>``, SVG text) and in an attribute shown as text (``title``,
   ``aria-label``, ``alt``, a ``<meta>``'s ``content``...); nothing in another attribute (an
   address, a value a script reads), a comment, a ``<script>``, a ``<style>`` or a
   ``<textarea>``.

Left-to-right text is left as it is: on the theme's pages (English, French, Polish: all left to
right) it reads the same isolated or not. Content refuses the bidirectional controls and marks
themselves (docs/content-format.md, "Text").
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup, escape

OPEN = "\ufdd0"
"""Sentinel: an isolated text starts (a non-character: no content holds it)."""
CLOSE = "\ufdd1"
"""Sentinel: an isolated text ends."""

RIGHT_TO_LEFT_CHARACTERS = ("\u0590-\u08ff\ufb1d-\ufdcf\ufdf0-\ufdff\ufe70-\ufefe"
                            "\U00010800-\U00010fff\U0001e800-\U0001efff")
"""The ranges of :data:`RIGHT_TO_LEFT`, as the inside of a character class: the characters
:func:`mark` acts on (sitegen.render hands them to the printer of ``{{ }}``, which prints a text
without any of them, or any character to escape, as it is without calling :func:`mark`)."""
RIGHT_TO_LEFT = re.compile(f"[{RIGHT_TO_LEFT_CHARACTERS}]")
"""A character of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
Mandaic and their presentation forms, and the right-to-left blocks of plane 1), Arabic digits
(U+0660-U+0669, U+06F0-U+06F9) included: what makes a text need isolating."""

_FLAT = frozenset(("title", "option", "svg"))
"""Elements whose text may hold no element: isolated with U+2068 ... U+2069."""
_RAW = frozenset(("script", "style", "textarea"))
"""Elements whose text is not shown as a page's text (or not as written): sentinels dropped."""
_TOKEN = re.compile(r"<!--.*?-->|<(/?)([A-Za-z][A-Za-z0-9-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>"
                    f"|[{OPEN}{CLOSE}]", re.S)
_SENTINELS = re.compile(f"[{OPEN}{CLOSE}]")
_ATTRIBUTE = re.compile(r"([A-Za-z][A-Za-z0-9:_-]*)=(\"[^\"]*\"|'[^']*')")
_SHOWN = frozenset(("title", "alt", "aria-label", "content", "label", "placeholder"))
"""Attributes whose value is shown or read to a reader as text: isolated with U+2068 ...
U+2069. Other attributes (an address, a value a script reads) lose the sentinels."""
_FLAT_MARKS = str.maketrans({OPEN: "\u2068", CLOSE: "\u2069"})


def mark(value: Any) -> Any:
    """Return ``value`` wrapped in the sentinels (as escaped Markup) when it is a plain
    ``str`` holding a right-to-left character; else ``value`` itself."""
    if type(value) is str and RIGHT_TO_LEFT.search(value):
        return Markup(f"{OPEN}{escape(value)}{CLOSE}")
    return value


def isolate_page(html: str) -> str:
    """Return the rendered page ``html`` with each sentinel replaced as the place it is in
    allows (the module's docstring): ``<bdi>``/``</bdi>`` in text, U+2068/U+2069 in a
    ``<title>``, ``<option>`` or ``<svg>`` and in an attribute shown as text, nothing in another
    attribute, a comment, script, style or textarea. A page without sentinels is returned as
    it is."""
    if OPEN not in html:
        return html
    out: list[str] = []
    flat = 0  # depth of open <title>, <option>, <svg> elements
    position = 0
    while (found := _TOKEN.search(html, position)) is not None:
        out.append(html[position:found.start()])
        token, position = found.group(), found.end()
        name = (found.group(2) or "").lower()
        if token in (OPEN, CLOSE):
            if flat:
                out.append(token.translate(_FLAT_MARKS))
            else:
                out.append("<bdi>" if token == OPEN else "</bdi>")
            continue
        if OPEN in token:  # in a tag's attributes or a comment
            token = _SENTINELS.sub("", _ATTRIBUTE.sub(_attribute, token))
        out.append(token)
        if name in _RAW and not found.group(1):
            end = html.lower().find(f"</{name}", position)
            end = len(html) if end < 0 else end
            out.append(_SENTINELS.sub("", html[position:end]))
            position = end
        elif name in _FLAT and not token.endswith("/>"):
            flat = max(0, flat + (-1 if found.group(1) else 1))
    out.append(html[position:])
    return "".join(out)


def _attribute(found: re.Match[str]) -> str:
    """Return a tag's attribute with its sentinels as :func:`isolate_page` puts them: U+2068
    ... U+2069 in an attribute shown as text (:data:`_SHOWN`), else none."""
    if found.group(1).lower() in _SHOWN:
        return found.group().translate(_FLAT_MARKS)
    return _SENTINELS.sub("", found.group())


def isolated(text: str) -> str:
    """Return ``text`` between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE
    when it holds a right-to-left character, else as it is: for a name put into a sentence
    made in Python ("{player} against {opponent}: {result}", "league · season"), so that the
    sentence keeps the page's direction and its order around the name."""
    return f"\u2068{text}\u2069" if RIGHT_TO_LEFT.search(text) else text
