"""The fuzzing's mutation operators (issues 9, 15 and 30), shared by the Hypothesis tests of
``tests/properties/test_fuzz_content.py`` and the seeded run of ``python -m tests.fuzz``.

An operator takes a *draw* (:class:`RandomDraw` for the seeded run, :class:`HypothesisDraw`
inside a ``@st.composite``), a content file's relative path and its bytes, and returns
``(kind, new bytes)``. The kinds ``symlink`` and ``fifo`` are not bytes: the file is replaced
by a symbolic link (its target named by the bytes, see ``LINK_TARGETS``) or by a FIFO.
"""

from __future__ import annotations

import random
import re
from typing import Any, Sequence

BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))

SECRET = "ghp_FUZZ_SECRET_VALUE"
TAGS = ["!!python/name:os.system", "!!python/object/apply:os.system", "!<tag:yaml.org,2002:str>",
        "!!binary", "!custom", "!!str", "!", "!<tag:example.com,2000:x>", "!!map", "!!seq"]
LINK_TARGETS = ["/dev/zero", "/dev/urandom", "FIFO", "SECRET", "SECRET_YAML"]
"""Where a content file's symbolic link leads: FIFO and SECRET* are made outside content/."""

WRONG_VALUES = ["[1, 2]", "{a: b}", "12345678901234567890123", "-", "''", "~", "true", "1e999",
                "!!binary aGk=", "!custom x", "9" * 5000, "'" + "x" * 20000 + "'", "*nope", "&a"]

GENERIC_KINDS = ["truncate", "wrong-type", "unknown-key", "deep", "huge-number", "bad-utf8", "bom", "tab",
                 "laughs", "duplicate-line", "random-bytes", "tag", "anchor", "symlink", "fifo"]
"""The operators of issues 9 and 15 (:func:`mutate_generic`), in the order Hypothesis draws them."""

CONTROL_CHARACTERS = ["\x00", "\x08", "\x1b", "\x7f", "\x85", "\x9b", "\ud800", "\ufdd0", "\ufffe",
                      "\uffff", "\U0001fffe", "\U0010ffff", "\u202a", "\u202e", "\u2066", "\u2069",
                      "\u200b", "\u200e", "\t", "\r", "\u2028"]
"""Control characters, non-characters, a surrogate, bidirectional controls and marks."""
BIDI = ["\u200e", "\u200f", "\u061c", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066",
        "\u2067", "\u2068", "\u2069", "\u200b", "\u200d", "\ufeff"]
"""Bidirectional marks, embeddings, overrides and isolates, and zero-width characters."""
RTL_NAMES = ["محمد علي", "דוד לוי", "فاطمة‎ زهراء", "سارا", "אבי (Avi) 3d", "علی رضایی"]
"""Names in right-to-left scripts (Arabic, Hebrew, Persian), one with a mark inside."""
HUGE_NUMBERS = ["1e10000000", "-1e10000000", "1E400", "1e5000", "9" * 5000, "0." + "9" * 5000,
                ".5e3", "inf", "nan", "1_000", "\u0661\u0662", "1/0", "0x10", "6.", "+-1", "1e-10000000"]
"""Numbers whose exact value is slow to compute or whose form is not a plain decimal."""

MARKUP = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\"><svg onload=alert(1)>",
          "javascript:alert(1)", "</title><script>alert(1)</script>", "{{ 7*7 }}{% raw %}", "]]><x>",
          "<a href=\"javascript:alert(1)\">x</a>", "&lt;script&gt;", "<!--", "' onmouseover='alert(1)",
          "<iframe src=//evil.example>", "<base href=//evil.example/>", "</script><script>alert(1)//",
          "<meta http-equiv=refresh content=0;url=javascript:alert(1)>", "\\u003cscript\\u003e"]
"""Markup and script written into names, titles and descriptions: all must come out as text."""
MARKDOWN = ["[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x](&#106;avascript:alert(1))",
            "[x](java\tscript:alert(1))", "<javascript:alert(1)>", "![x](x\" onerror=\"alert(1))",
            "[x]: javascript:alert(1)\n\n[y][x]", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
            "<iframe src=javascript:alert(1)></iframe>", "<a href=\"javascript:alert(1)\">a</a>",
            "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "<style>*{}</style>",
            "<div onclick=alert(1)>d</div>", "[x](vbscript:msgbox(1))", "<svg><script>alert(1)</script>",
            "```\n<script>alert(1)</script>\n```", "> " * 200 + "deep", "- " * 300 + "deep",
            "[" * 5000 + "x" + "]" * 5000, "*" * 10000, "<!-- " * 1000, "|a|b|\n|-|-|\n|<script>|x|"]
"""Markdown with raw HTML, script links and nesting, added to the Markdown pages."""
SITE_OPTIONS = ["markdown_html: false", "markdown_html: 'yes'", "markdown_html: [true]",
                "base_url: javascript:alert(1)", "base_url: '//evil.example/'", "base_url: '\"><script>'",
                "base_url: https://example.org/a b/", "base_url: ''", "language: '<script>'",
                "language: xx", "language: ar", "language: he", "language: ../../etc",
                "cname: '<script>'", "cname: evil.example\\nx", "cname: " + "a" * 300, "nojekyll: maybe",
                "description: <script>alert(1)</script>", "title: ''", "title: [a, b]", "theme: dark",
                "templates: /etc", "title: {{ 7*7 }}", "description: " + "\u202e" + "x"]
"""site.yaml options (the template-free ones) with hostile or wrong values, or unknown ones."""
YAML_TRICKS = ["<<: *nope", "<<: {a: 1}", "? [a, b]\n: c", "!!set {a, b}", "&a x", "*a", "!!omap [a: 1]",
               "%YAML 1.1\n---", "--- !!map", "...", "!!timestamp 2024-01-01", "!!python/tuple [1]",
               "!!float .nan", "!!int 0b1", "2024-02-30", "0o17"]
"""YAML tags, anchors, aliases, merge keys, complex keys and directives."""
FIELD = re.compile(rb"\b(name|title|description|club|country|rank)(: )([^,}\n]*)")
NUMBER = re.compile(rb"\b(rating|handicap|komi|round|board|score|points)(: )([^,}\n]*)")


class RandomDraw:
    """Draws from a seeded :class:`random.Random`: a mutation is its seed and index."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choice(self, values: Sequence[Any]) -> Any:
        return values[self.rng.randrange(len(values))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def binary(self, low: int, high: int) -> bytes:
        return self.rng.randbytes(self.rng.randint(low, high))


class HypothesisDraw:
    """Draws through a ``@st.composite``'s ``draw``: Hypothesis shrinks what fails."""

    def __init__(self, draw):
        from hypothesis import strategies as st

        self.draw, self.st = draw, st

    def choice(self, values: Sequence[Any]) -> Any:
        return self.draw(self.st.sampled_from(values))

    def integer(self, low: int, high: int) -> int:
        return self.draw(self.st.integers(low, high))

    def binary(self, low: int, high: int) -> bytes:
        return self.draw(self.st.binary(min_size=low, max_size=high))


def mutate_generic(draw, data: bytes) -> tuple[str, bytes]:
    """The operators of issues 9 and 15 on any content file: truncation, wrong types, unknown
    keys, deep nesting, huge numbers, bad UTF-8, a BOM, a tab, the billion laughs, a duplicated
    line, random bytes, YAML tags and anchors, a symbolic link and a FIFO."""
    kind = draw.choice(GENERIC_KINDS)
    lines = data.split(b"\n")
    at = draw.integer(0, max(0, len(lines) - 1))
    if kind == "truncate":
        data = data[:draw.integer(0, len(data))]
    elif kind == "wrong-type":
        value = draw.choice(WRONG_VALUES).encode()
        if b": " in lines[at]:
            lines[at] = lines[at].split(b": ", 1)[0] + b": " + value
        data = b"\n".join(lines)
    elif kind == "unknown-key":
        indent = len(lines[at]) - len(lines[at].lstrip(b" -"))
        lines.insert(at, b" " * indent + b"colour_of_the_sky: blue")
        data = b"\n".join(lines)
    elif kind == "deep":
        depth = draw.choice([10, 70, 1000, 100000])
        data = b"players: " + b"[" * depth + b"]" * depth + b"\n"
    elif kind == "huge-number":
        data = data.replace(b"rating: 2150", b"rating: " + b"9" * draw.integer(10, 5000))
        data = data.replace(b"handicap: 0", b"handicap: " + b"9" * draw.integer(2, 400))
    elif kind == "bad-utf8":
        pos = draw.integer(0, len(data))
        data = data[:pos] + draw.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + data[pos:]
    elif kind == "bom":
        data = b"\xef\xbb\xbf" + data
    elif kind == "tab":
        lines[at] = b"\t" + lines[at].lstrip(b" ")
        data = b"\n".join(lines)
    elif kind == "laughs":
        data = BILLION_LAUGHS.encode()
    elif kind in ("tag", "anchor"):
        mark = draw.choice(TAGS) if kind == "tag" else "&" + draw.choice(["a", "x1", "anchor", "ä"])
        if b": " in lines[at]:
            key, value = lines[at].split(b": ", 1)
            lines[at] = key + b": " + mark.encode() + b" " + value
        else:
            lines[at] = mark.encode() + b" " + lines[at]
        data = b"\n".join(lines)
    elif kind == "symlink":
        data = draw.choice(LINK_TARGETS).encode()
    elif kind == "fifo":
        data = b""
    elif kind == "duplicate-line":
        lines.insert(at, lines[at])
        data = b"\n".join(lines)
    else:
        pos = draw.integer(0, len(data))
        data = data[:pos] + draw.binary(1, 20) + data[pos:]
    return kind, data


def _yaml_quoted(text: str) -> bytes:
    """``text`` as a double-quoted YAML scalar (escapes for what YAML cannot hold typed)."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or 0x7F <= ord(char) <= 0x9F or 0xD800 <= ord(char) <= 0xDFFF \
                or char in "\ufeff\ufffe\uffff" or (ord(char) & 0xFFFE) == 0xFFFE:
            out.append(f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
        else:
            out.append(char)
    return ('"' + "".join(out) + '"').encode("utf-8")


def _replace_value(draw, data: bytes, pattern: re.Pattern, make) -> bytes:
    """Replace the value of one ``key: value`` matched by ``pattern`` with ``make(old value)``."""
    matches = list(pattern.finditer(data))
    if not matches:
        return data
    match = draw.choice(matches)
    old = match.group(3).strip().strip(b"'\"").decode("utf-8", "replace")
    return data[:match.start(3)] + make(old) + data[match.end(3):]


HOSTILE_KINDS = ["markup", "bidi", "rtl", "control", "number", "yaml", "nesting", "markdown",
                 "site-option", "front-matter"]
"""The operators of issue 30 (:func:`mutate_hostile`); the last three are for pages and site.yaml."""


def mutate_hostile(draw, kind: str, data: bytes) -> tuple[str, bytes]:
    """The operator ``kind`` of issue 30, aimed at a hostile site: names with markup,
    bidirectional marks and right-to-left names, control characters, huge numbers, YAML tags,
    anchors and aliases, deep nesting, Markdown with raw HTML and links (a page), site.yaml
    options (site.yaml) and a page's front matter."""
    at = draw.integer(0, 40)
    if kind == "markup":
        payload = draw.choice(MARKUP)
        data = _replace_value(draw, data, FIELD, lambda old: _yaml_quoted(old[:at] + payload + old[at:]))
    elif kind in ("bidi", "control"):
        char = draw.choice(BIDI if kind == "bidi" else CONTROL_CHARACTERS)
        data = _replace_value(draw, data, FIELD, lambda old: _yaml_quoted(old[:at] + char + old[at:]))
        kind += f" U+{ord(char):04X}"
    elif kind == "rtl":
        rtl = draw.choice(RTL_NAMES)
        data = _replace_value(draw, data, FIELD, lambda old: _yaml_quoted(rtl))
    elif kind == "number":
        value = draw.choice(HUGE_NUMBERS + ["-1", "0", "2147483648", "-9" * 30, "1e308", "1e-320"])
        data = _replace_value(draw, data, NUMBER, lambda old: value.encode())
        kind += f" {value[:12]}"
    elif kind == "yaml":
        data = _yaml_trick(draw, data, draw.choice(YAML_TRICKS))
    elif kind == "nesting":
        depth = draw.choice([30, 200, 2000, 50000])
        opener, closer = draw.choice([(b"[", b"]"), (b"{a: ", b"}"), (b"- ", b"")])
        data = _replace_value(draw, data, FIELD, lambda old: opener * depth + b"x" + closer * depth)
        kind += f" {depth}"
    elif kind == "markdown":
        text = "\n\n".join(draw.choice(MARKDOWN) for _ in range(draw.integer(1, 4)))
        data = data + b"\n\n" + text.encode("utf-8") + b"\n"
    elif kind == "site-option":
        option = draw.choice(SITE_OPTIONS)
        data = re.sub(rb"(?m)^" + re.escape(option.split(":")[0].encode()) + rb":.*\n?", b"", data)
        data = data.rstrip(b"\n") + b"\n" + option.encode("utf-8") + b"\n"
    else:
        payload = draw.choice(MARKUP + RTL_NAMES + ["", "x" * 300, "[a, b]", "&a", "*a"])
        data = b"---\ntitle: " + _yaml_quoted(payload) + b"\n---\n" + data.split(b"\n---\n", 1)[-1]
    return kind, data


def _yaml_trick(draw, data: bytes, trick: str) -> bytes:
    """Put a YAML tag, anchor, alias, merge key or directive at a line of ``data``: as a value
    of a ``key:`` or as a line of its own (an alias then names an anchor set just before)."""
    lines = data.split(b"\n")
    at = draw.integer(0, max(0, len(lines) - 1))
    if b": " in lines[at] and draw.choice([True, False]):
        key = lines[at].split(b": ", 1)[0]
        lines[at] = key + b": " + trick.encode("utf-8")
    else:
        indent = len(lines[at]) - len(lines[at].lstrip(b" -"))
        lines.insert(at, b" " * indent + trick.encode("utf-8"))
    if trick in ("*a", "<<: *nope") and draw.choice([True, False]):
        named = [i for i, line in enumerate(lines[:at]) if b": " in line]
        if named:
            first = draw.choice(named)
            key, value = lines[first].split(b": ", 1)
            lines[first] = key + b": " + (b"&a " if trick == "*a" else b"&nope ") + value
    return b"\n".join(lines)


def mutate(draw, files: Sequence[str], read) -> tuple[str, str, bytes]:
    """Choose a file of ``files`` and an operator (generic or hostile, about half each; the
    Markdown and site options apply to their files): ``(file, kind, bytes)``. ``read(name)``
    gives a file's bytes."""
    if draw.choice(["generic", "hostile"]) == "generic":
        name = draw.choice(files)
        kind, data = mutate_generic(draw, read(name))
        return name, kind, data
    kind = draw.choice(HOSTILE_KINDS)
    pages = [name for name in files if name.endswith(".md")]
    if kind in ("markdown", "front-matter") and pages:
        name = draw.choice(pages)
    elif kind == "site-option" and "site.yaml" in files:
        name = "site.yaml"
    else:
        name = draw.choice([name for name in files if not name.endswith(".md")] or files)
    kind, data = mutate_hostile(draw, kind, read(name))
    return name, kind, data
