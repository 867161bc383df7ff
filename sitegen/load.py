"""The only reader of content files: bytes -> positioned YAML nodes and Markdown pages.

YAML is read as YAML 1.2 with ruamel.yaml's composer, then turned into a small tree of
:class:`YMap`, :class:`YSeq` and :class:`YScalar` that keeps the 1-based position of every
key and value. Scalars keep their source text: the validator decides what type a field has,
so ids such as ``NO``, ``on`` or ``0123`` stay exactly as written.

Problems (bad UTF-8, YAML syntax, duplicate keys, anchors and aliases, tags, too deep
nesting, oversized files) become diagnostics; nothing here raises on bad content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Diagnostics, SourcePos

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Content files larger than this are refused (a guard against accidents and hostile input)."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and sequences accepted in a content file."""

NULL_WORDS = {"", "~", "null", "Null", "NULL"}


@dataclass
class YScalar:
    """A scalar with its source text; ``quoted`` is True for quoted and block scalars."""

    text: str
    pos: SourcePos
    quoted: bool = False

    @property
    def is_null(self) -> bool:
        return not self.quoted and self.text in NULL_WORDS


@dataclass
class YSeq:
    """A YAML sequence; ``items`` keep their own positions."""

    items: list["YNode"]
    pos: SourcePos


@dataclass
class YMap:
    """A YAML mapping with string keys, in file order; ``key_pos`` gives each key's position."""

    entries: dict[str, "YNode"]
    pos: SourcePos
    key_pos: dict[str, SourcePos] = field(default_factory=dict)

    def get(self, key: str) -> "YNode | None":
        return self.entries.get(key)


YNode = Union[YScalar, YSeq, YMap]


def read_text(path: Path, shown: str, diags: Diagnostics) -> str | None:
    """Return the UTF-8 text of ``path`` without a BOM, or None after recording why not."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            diags.error(SourcePos(shown), f"file is {size} bytes; content files may be at most "
                        f"{MAX_FILE_BYTES} bytes", "file.size", "split it into smaller files")
            return None
        data = path.read_bytes()
    except OSError as exc:
        diags.error(SourcePos(shown), f"cannot read file: {exc.strerror}", "file.read")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        diags.error(SourcePos(shown, line, col), f"invalid UTF-8 byte 0x{data[exc.start]:02x}",
                    "file.encoding", "save the file as UTF-8")
        return None
    return text.removeprefix("\ufeff")


def parse_yaml(text: str, shown: str, diags: Diagnostics, line_offset: int = 0) -> YNode | None:
    """Parse one YAML document into positioned nodes; None (with diagnostics) if it is unusable.

    ``line_offset`` shifts reported lines, for front matter inside a Markdown file.
    An empty document gives an empty :class:`YMap`.
    """
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = True  # duplicates are found below, all of them, with positions
    try:
        node = yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        diags.error(SourcePos(shown, line + line_offset, col), f"YAML syntax error: {problem}",
                    "yaml.syntax", _syntax_hint(problem))
        return None
    except YAMLError as exc:
        diags.error(SourcePos(shown, 1 + line_offset, 1), f"YAML error: {exc}", "yaml.syntax")
        return None
    except RecursionError:
        diags.error(SourcePos(shown, 1 + line_offset, 1), "YAML nesting is too deep", "yaml.depth")
        return None
    if node is None:
        return YMap({}, SourcePos(shown, 1 + line_offset, 1))
    return _Converter(shown, diags, line_offset).convert(node, 0)


def _syntax_hint(problem: str) -> str | None:
    if "tab" in problem or "\\t" in problem:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in problem:
        return "quote a value that contains ': '"
    return None


class _Converter:
    def __init__(self, shown: str, diags: Diagnostics, line_offset: int):
        self.shown = shown
        self.diags = diags
        self.line_offset = line_offset
        self.seen: set[int] = set()

    def pos(self, node: Node) -> SourcePos:
        mark = node.start_mark
        return SourcePos(self.shown, mark.line + 1 + self.line_offset, mark.column + 1)

    def convert(self, node: Node, depth: int, where: SourcePos | None = None) -> YNode | None:
        pos = self.pos(node)
        if id(node) in self.seen:
            # ruamel hands an alias back as the anchored node itself: refuse it, so a
            # "billion laughs" document cannot expand.
            self.diags.error(where or pos, "YAML anchors and aliases are not supported in content",
                             "yaml.alias", "write the value out in full")
            return None
        self.seen.add(id(node))
        if depth > MAX_DEPTH:
            self.diags.error(pos, f"nesting deeper than {MAX_DEPTH} levels", "yaml.depth")
            return None
        tag = node.tag or ""
        if tag.startswith("!") and not tag.startswith("!!"):
            self.diags.error(pos, f"YAML tag '{tag}' is not supported", "yaml.tag", "remove the tag")
            return None
        if isinstance(node, ScalarNode):
            return YScalar(str(node.value), pos, quoted=node.style is not None)
        if isinstance(node, SequenceNode):
            items = []
            for item in node.value:
                converted = self.convert(item, depth + 1, self.pos(item))
                if converted is not None:
                    items.append(converted)
            return YSeq(items, pos)
        if isinstance(node, MappingNode):
            result = YMap({}, pos)
            for key_node, value_node in node.value:
                key_pos = self.pos(key_node)
                if not isinstance(key_node, ScalarNode):
                    self.diags.error(key_pos, "mapping keys must be plain words", "yaml.key")
                    continue
                key = str(key_node.value)
                if key == "<<":
                    self.diags.error(key_pos, "YAML merge keys ('<<') are not supported in content",
                                     "yaml.alias", "write the keys out in full")
                    continue
                value = self.convert(value_node, depth + 1, key_pos)
                if key in result.entries or key in result.key_pos:
                    first = result.key_pos[key]
                    self.diags.error(key_pos, f"duplicate key '{key}' (first at line {first.line})",
                                     "yaml.duplicate-key", "remove one of them")
                    continue
                result.key_pos[key] = key_pos
                if value is not None:
                    result.entries[key] = value
            return result
        self.diags.error(pos, "unsupported YAML node", "yaml.node")  # pragma: no cover
        return None


def load_yaml_file(path: Path, shown: str, diags: Diagnostics) -> YNode | None:
    """Read and parse one YAML content file."""
    text = read_text(path, shown, diags)
    if text is None:
        return None
    return parse_yaml(text, shown, diags)


@dataclass
class MarkdownSource:
    """A Markdown page split into its front matter and body."""

    front: YMap
    body: str
    path: str


def load_markdown_file(path: Path, shown: str, diags: Diagnostics) -> MarkdownSource | None:
    """Read a Markdown page with an optional ``---`` YAML front matter block."""
    text = read_text(path, shown, diags)
    if text is None:
        return None
    front: YNode | None = YMap({}, SourcePos(shown, 1, 1))
    body = text
    lines = text.splitlines(keepends=True)
    if lines and lines[0].rstrip() == "---":
        for index in range(1, len(lines)):
            if lines[index].rstrip() in ("---", "..."):
                front = parse_yaml("".join(lines[1:index]), shown, diags, line_offset=1)
                body = "".join(lines[index + 1:])
                break
        else:
            diags.error(SourcePos(shown, 1, 1), "front matter opened with '---' is never closed",
                        "page.front-matter", "add a line '---' after the front matter")
            return None
    if front is None:
        return None
    if not isinstance(front, YMap):
        diags.error(front.pos, "front matter must be a mapping of keys to values", "page.front-matter")
        return None
    return MarkdownSource(front, body, shown)
