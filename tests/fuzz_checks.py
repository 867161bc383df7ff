"""What the fuzzing checks in a built site (issue 30): ill-formed outputs and injections.

:func:`ill_formed` lists, for ``{relative path: bytes}``: HTML whose elements do not nest
(an end tag that closes nothing open, an element left open, a duplicated attribute), text a
page or feed may not hold (``NOT_IN_OUTPUT``), JSON that does not parse (or holds NaN),
XML that does not parse, a sitemap that is not a ``urlset`` of absolute ``loc`` addresses,
and text that is not UTF-8. :func:`injections` lists a script or handler that reached a page:
a ``<script>`` other than the theme's (its ``static/site.js``, a JSON data block or one of
the theme's inline scripts), an ``on...=`` attribute, a ``javascript:``/``vbscript:``/
``data:`` address, and the elements that run or load code (iframe, object, embed, base, a form
other than the theme's search and handicap forms, ...).
"""

from __future__ import annotations

import html.parser
import json
import re
import xml.etree.ElementTree as ET

NOT_IN_OUTPUT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\u202a-\u202e"
                           "\u2066-\u2069" + "".join(chr(p * 0x10000 + 0xFFFE) + chr(p * 0x10000 + 0xFFFF)
                                                    for p in range(17)) + "]")
"""What no page or feed may hold: C0 and C1 controls but tab and line ends, surrogates,
non-characters, bidirectional embeddings, overrides and isolates (docs/content-format.md),
except the first-strong isolates sitegen itself puts around right-to-left text where no
``<bdi>`` may go (:data:`SITEGEN_ISOLATE`)."""
SITEGEN_ISOLATE = re.compile("\u2068[^\u2066-\u2069]*\u2069")
"""A balanced pair U+2068 ... U+2069 holding no other isolate (sitegen/bidi.py)."""
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
RAW_OPENERS = {"p", "li", "dt", "dd", "tr", "td", "th", "option", "thead", "tbody"}
"""Elements whose end tag HTML lets a page leave out; an unclosed one is not an error here."""
DANGEROUS = {"iframe", "object", "embed", "frame", "frameset", "base", "applet", "form", "math", "portal"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset",
                  "background", "ping"}
"""Attributes whose value is an address. Not ``content``: a description ``<meta>`` holds text (a
refresh ``<meta>``, whose content is an address, is an injection whatever it holds)."""
BAD_SCHEME = re.compile(r"^(javascript|vbscript|data(?!:image/(png|gif|jpeg|webp)))\s*:", re.I)


class _Page(html.parser.HTMLParser):
    """One page's nesting problems and injections (see the module's docstring)."""

    def __init__(self, base_path: str, theme_scripts: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.base_path, self.theme_scripts = base_path, theme_scripts
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.injected: list[str] = []
        self.script: list[str] | None = None
        self.script_attrs: dict = {}

    def handle_starttag(self, tag, attrs):
        names = [name for name, _ in attrs]
        if len(set(names)) != len(names):
            self.problems.append(f"<{tag}> with a duplicated attribute: {names}")
        for name, value in attrs:
            if name.startswith("on"):
                self.injected.append(f"<{tag} {name}=...>")
            clean = re.sub(r"[\x00-\x20]", "", value or "")
            if name in URL_ATTRIBUTES and BAD_SCHEME.match(clean):
                self.injected.append(f"<{tag} {name}={value[:60]!r}>")
        theme_form = tag == "form" and (dict(attrs).get("class") in ("site-search", "handicap-form"))
        if (tag in DANGEROUS and not theme_form) or (tag == "meta" and dict(attrs).get("http-equiv", "").lower() == "refresh"):
            self.injected.append(f"<{tag}> element")
        if tag == "script":
            self.script, self.script_attrs = [], dict(attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag == "script" and self.script is not None:
            self._script_ended("".join(self.script))
            self.script = None
        if tag in VOID:
            return
        if tag not in self.stack:
            self.problems.append(f"</{tag}> closes nothing open")
            return
        while self.stack and self.stack[-1] != tag:
            left = self.stack.pop()
            if left not in RAW_OPENERS:
                self.problems.append(f"<{left}> left open inside <{tag}>")
        self.stack.pop()

    def handle_data(self, data):
        if self.script is not None:
            self.script.append(data)

    def _script_ended(self, text: str) -> None:
        attrs = self.script_attrs
        if attrs.get("type") == "application/json" and set(attrs) <= {"type", "id"}:
            try:
                json.loads(text)
            except ValueError:
                self.problems.append(f"a JSON data block that does not parse: {text[:60]!r}")
            if "</" in text:
                self.injected.append("'</' inside a JSON data block")
        elif attrs.get("src") == self.base_path + "static/site.js" and set(attrs) <= {"src", "defer"}:
            pass
        elif attrs or text.strip() not in self.theme_scripts:
            self.injected.append(f"<script {attrs}>{text[:60]!r}")

    def finish(self) -> None:
        self.close()
        left = [tag for tag in self.stack if tag not in RAW_OPENERS]
        if left:
            self.problems.append(f"left open at the end: {left}")


def theme_scripts(files: dict[str, bytes]) -> set[str]:
    """The inline scripts (no attribute) of a site built from unmutated content: the theme's."""
    found = set()
    for path, data in files.items():
        if path.endswith(".html"):
            for match in re.finditer(r"<script>(.*?)</script>", data.decode("utf-8"), re.S):
                found.add(match.group(1).strip())
    return found


def _without_isolates(text: str) -> str:
    """Return ``text`` with sitegen's balanced isolate pairs blanked, nested ones too (a name
    isolated inside an isolated sentence), so that a lone or unbalanced one is still found."""
    while True:
        blanked = SITEGEN_ISOLATE.sub(lambda m: " " + m.group()[1:-1] + " ", text)
        if blanked == text:
            return text
        text = blanked


def _text(path: str, data: bytes, problems: list[str]) -> str | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.append(f"{path}: not UTF-8 ({error})")
        return None
    found = NOT_IN_OUTPUT.search(_without_isolates(text))
    if found:
        problems.append(f"{path}: holds U+{ord(found.group()):04X} at {found.start()}")
    return text


def _xml(path: str, text: str, base_url: str, problems: list[str]) -> None:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        problems.append(f"{path}: XML does not parse ({error})")
        return
    if path == "sitemap.xml":
        name = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
        locs = [loc.text or "" for loc in root.iter(name + "loc")]
        if root.tag != name + "urlset" or not locs:
            problems.append(f"{path}: not a urlset of loc elements")
        for loc in locs:
            if not loc.startswith(base_url) or not re.match(r"^https?://[^\s<>\"]+$", loc):
                problems.append(f"{path}: loc {loc[:80]!r} is not an address under {base_url}")


def _json(path: str, text: str, problems: list[str]) -> None:
    def refuse(name: str):
        raise ValueError(f"{name} is not JSON")
    try:
        json.loads(text, parse_constant=refuse)
    except ValueError as error:
        problems.append(f"{path}: JSON does not parse ({error})")


def check_site(files: dict[str, bytes], base_url: str, base_path: str, scripts: set[str],
               trusted_pages: set[str]) -> tuple[list[str], list[str]]:
    """Return ``(ill-formed, injections)`` of a built site ``{path: bytes}``; ``trusted_pages``:
    the pages of Markdown files when site.yaml allows their raw HTML (not counted as injected)."""
    problems: list[str] = []
    injected: list[str] = []
    for path, data in sorted(files.items()):
        suffix = path.rsplit(".", 1)[-1]
        if suffix not in ("html", "xml", "json", "csv", "txt"):
            continue
        text = _text(path, data, problems)
        if text is None:
            continue
        if suffix == "html":
            page = _Page(base_path, scripts)
            page.feed(text)
            page.finish()
            problems += [f"{path}: {problem}" for problem in page.problems]
            if path not in trusted_pages:
                injected += [f"{path}: {what}" for what in page.injected]
        elif suffix == "xml":
            _xml(path, text, base_url, problems)
        elif suffix == "json":
            _json(path, text, problems)
    return problems, injected
