"""The only reader of content files: bytes -> positioned YAML nodes and Markdown pages.

YAML is read as YAML 1.2 with ruamel.yaml's event parser, then built into a small tree of
:class:`YMap`, :class:`YSeq` and :class:`YScalar` that keeps the 1-based position of every
key and value. Scalars keep their source text: the validator decides what type a field has,
so ids such as ``NO``, ``on`` or ``0123`` stay exactly as written.

Problems (bad UTF-8, YAML syntax, duplicate keys, aliases, tags, too deep nesting, several
documents, oversized files) become diagnostics; nothing here raises on bad content.
"""

from __future__ import annotations

import bisect
import contextlib
import contextvars
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping, Union

from ruamel.yaml import YAML, events
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from .diagnostics import Diagnostics, SourcePos
from .text import hint_for, refused_all
from .yaml_hints import indentation_hint

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Content files larger than this are refused (a guard against accidents and hostile input)."""
MAX_REFUSED_SHOWN = 50
"""Refused characters reported one by one per file; the rest are counted in one more error."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and sequences accepted in a content file."""

NULL_WORDS = {"", "~", "null", "Null", "NULL"}


@dataclass(slots=True)
class YScalar:
    """A scalar with its source text; ``quoted`` is True for quoted and block scalars."""

    text: str
    pos: SourcePos
    quoted: bool = False

    @property
    def is_null(self) -> bool:
        return not self.quoted and self.text in NULL_WORDS


@dataclass(slots=True)
class YSeq:
    """A YAML sequence; ``items`` keep their own positions."""

    items: list["YNode"]
    pos: SourcePos


@dataclass(slots=True)
class YMap:
    """A YAML mapping with string keys, in file order; ``key_pos`` gives each key's position."""

    entries: dict[str, "YNode"]
    pos: SourcePos
    key_pos: dict[str, SourcePos] = field(default_factory=dict)

    def get(self, key: str) -> "YNode | None":
        return self.entries.get(key)


YNode = Union[YScalar, YSeq, YMap]


def read_text(path: Path, shown: str, diags: Diagnostics) -> str | None:
    """Return the UTF-8 text of ``path`` without a BOM, or None after recording why not.

    Only a regular file is read: a symbolic link is refused before anything is opened
    (``lstat``, then ``O_NOFOLLOW``), and a FIFO or a device is never read (``O_NONBLOCK``, and
    the opened file must be the regular file that was checked).
    """
    instead = _INSTEAD.get().get(os.path.abspath(path)) if _INSTEAD.get() else None
    data = instead.encode("utf-8") if instead is not None else _read_regular_file(path, shown, diags)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        diags.error(SourcePos(shown, line, col), f"invalid UTF-8 byte 0x{data[exc.start]:02x}",
                    "file.encoding", "save the file as UTF-8")
        return None
    text = text.removeprefix("\ufeff")
    refused = refused_all(text)
    for bad in refused[:MAX_REFUSED_SHOWN]:  # not only the first: every error in one run
        line = text.count("\n", 0, bad.index) + 1
        col = bad.index - (text.rfind("\n", 0, bad.index) + 1) + 1
        diags.error(SourcePos(shown, line, col), f"{bad} is not allowed in content files",
                    "text.character", hint_for(bad.char))
    if len(refused) > MAX_REFUSED_SHOWN:
        diags.error(SourcePos(shown), f"{len(refused) - MAX_REFUSED_SHOWN} more characters that "
                    "are not allowed in content files", "text.character",
                    "is it a text file? remove them")
    return None if refused else text


_INSTEAD: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("texts_instead", default={})
"""The texts read in place of files inside :func:`texts_instead`, by absolute path."""


@contextlib.contextmanager
def texts_instead(texts: Mapping[Path, str]) -> Iterator[None]:
    """Read ``texts`` ({path: text}) in place of those files in the ``with`` block: the
    content as a command will write it is checked in memory, exactly as a build will read
    it, before anything is written (no copy of the content folder, no temporary file). A
    path need not exist; the text is checked as the file's bytes would be."""
    token = _INSTEAD.set({**_INSTEAD.get(), **{os.path.abspath(p): t for p, t in texts.items()}})
    try:
        yield
    finally:
        _INSTEAD.reset(token)


def _read_regular_file(path: Path, shown: str, diags: Diagnostics) -> bytes | None:
    """Return the bytes of the regular file ``path`` (at most MAX_FILE_BYTES), or None after
    recording why not."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        diags.error(SourcePos(shown), f"cannot read file: {exc.strerror}", "file.read")
        return None
    if stat.S_ISLNK(info.st_mode):
        diags.error(SourcePos(shown), "symbolic links are not followed in content", "content.symlink",
                    "put the file itself in the content folder")
        return None
    if not stat.S_ISREG(info.st_mode):
        diags.error(SourcePos(shown), "not a regular file; content holds only files and folders",
                    "content.special", "remove it")
        return None
    if info.st_size > MAX_FILE_BYTES:
        diags.error(SourcePos(shown), f"file is {info.st_size} bytes; content files may be at most "
                    f"{MAX_FILE_BYTES} bytes", "file.size", "split it into smaller files")
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        diags.error(SourcePos(shown), f"cannot read file: {exc.strerror}", "file.read")
        return None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            diags.error(SourcePos(shown), "the file changed while it was read", "file.read", "build again")
            return None
        with open(fd, "rb", closefd=False) as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        diags.error(SourcePos(shown), f"cannot read file: {exc.strerror}", "file.read")
        return None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        diags.error(SourcePos(shown), f"file is over {MAX_FILE_BYTES} bytes; content files may be at "
                    f"most {MAX_FILE_BYTES} bytes", "file.size", "split it into smaller files")
        return None
    return data


def _parser() -> YAML:
    """Return a YAML 1.2 event parser: libyaml through ruamel.yaml.clib, else pure Python."""
    try:
        return YAML(typ="safe", pure=False)
    except Exception:  # pragma: no cover - ruamel.yaml.clib missing
        return YAML(typ="rt")


def parse_yaml(text: str, shown: str, diags: Diagnostics, line_offset: int = 0) -> YNode | None:
    """Parse one YAML document into positioned nodes; None (with diagnostics) if it is unusable.

    The tree is built straight from the parser's events (much faster than composing
    ruamel's own nodes), with every key and value's position. ``line_offset`` shifts
    reported lines, for front matter inside a Markdown file. An empty document gives an
    empty :class:`YMap`.
    """
    builder = _TreeBuilder(shown, diags, line_offset)
    # The hot paths, a plain untagged scalar (most of a season's millions of events) and the
    # start and end of an untagged list or mapping (a game's flow list: two fifths of the
    # events of a league or a tournament), are handled here without the general dispatch of
    # _TreeBuilder.feed.
    attach, feed, scalar_event, new_pos = builder.attach, builder.feed, events.ScalarEvent, tuple.__new__
    open_, starts = builder.open, (events.SequenceStartEvent, events.MappingStartEvent)
    close, ends = builder.stack.pop, (events.SequenceEndEvent, events.MappingEndEvent)
    line_base = 1 + line_offset
    try:
        for event in _parser().parse(text):
            kind = type(event)
            if kind is scalar_event and not event.tag and event.anchor is None:
                mark = event.start_mark
                ok = attach(YScalar(event.value, new_pos(SourcePos, (shown, mark.line + line_base,
                                                                      mark.column + 1)),
                                    event.style not in (None, "")))
            elif kind in ends:  # no tag or anchor: the open list or mapping is complete
                ok = attach(close()[0])
            elif kind in starts and not event.tag and event.anchor is None:
                ok = open_(event)
            else:
                ok = feed(event)
            if not ok:
                return None
        if builder.refused:
            return None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        lines = text.splitlines()
        found = lines[line - 1][col - 1:col] if 0 < line <= len(lines) else ""
        score = _colon_score(lines[line - 1] if 0 < line <= len(lines) else "", col - 1)
        if score is not None:
            diags.error(SourcePos(shown, line + line_offset, score.start() + 1),
                        f"'{score.group()}' is not a result: a match's score is written "
                        f"{score.group().replace(':', '-')}", "result.syntax",
                        f"write e.g. [ann, bob, {score.group().replace(':', '-')}]")
            return None
        tabbed = found == "\t" or "tab" in problem
        diags.error(SourcePos(shown, line + line_offset, col), f"YAML syntax error: {problem}",
                    "yaml.syntax", (None if tabbed else indentation_hint(lines, line, problem, line_offset))
                    or _syntax_hint(problem, found) or _unclosed_hint(exc, mark, line_offset))
        return None
    except YAMLError as exc:
        reason = " ".join(str(exc).split())
        diags.error(SourcePos(shown, 1 + line_offset, 1), f"YAML error: {reason}", "yaml.syntax")
        return None
    if builder.root is None:
        return YMap({}, SourcePos(shown, 1 + line_offset, 1))
    return builder.root


def _colon_score(line: str, at: int) -> re.Match[str] | None:
    """Return the best-of-three score written with a colon (``2:1``, digits 0 to 2) whose colon at column ``at`` (0-based)
    of ``line`` the parser refused in a flow list (``[ann, bob, 2:1]``), or None."""
    for found in re.finditer(r"(?<![\w.:-])[0-2]:[0-2](?![\w.:])", line):
        if found.start() < at < found.end():
            return found
    return None


def _syntax_hint(problem: str, found: str) -> str | None:
    if found == "\t" or "tab" in problem:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in problem:
        return "quote a value that contains ': '"
    return None


def _unclosed_hint(exc: MarkedYAMLError, problem_at: object, line_offset: int) -> str | None:
    """Name where the flow collection that the parser could not close was opened.

    The parser reports the line where it gave up (often the next entry), while the missing
    ``}`` or ``]`` belongs to the ``{`` or ``[`` it names as its context; lines are 1-based and
    shifted by ``line_offset`` as the error's own position is.
    """
    opened = exc.context_mark
    bracket = {"while parsing a flow mapping": ("{", "}"), "while parsing a flow sequence": ("[", "]")}
    if opened is None or opened is problem_at or exc.context not in bracket:
        return None
    start, end = bracket[exc.context]
    return (f"the '{start}' at line {opened.line + 1 + line_offset}, column {opened.column + 1} "
            f"is not closed: end it with '{end}'")


_CORE_TAGS = "tag:yaml.org,2002:"
"""The prefix that ``!!`` stands for."""


def _clip(text: str, limit: int = 60) -> str:
    """Return ``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[:limit] + "..."


class _TreeBuilder:
    """Turns a stream of YAML events into YMap/YSeq/YScalar, reporting what content refuses."""

    def __init__(self, shown: str, diags: Diagnostics, line_offset: int):
        self.shown = shown
        self.diags = diags
        self.line_offset = line_offset
        self.root: YNode | None = None
        self.documents = 0
        self.refused = False
        """True after a tag or an anchor: the file is reported and not used, but read on to
        report every other tag and anchor in it."""
        # Each open collection: [node, pending key (str) or None, pending key position, skip]
        self.stack: list[list] = []

    def pos(self, event: events.Event) -> SourcePos:
        mark = event.start_mark
        return SourcePos(self.shown, mark.line + 1 + self.line_offset, mark.column + 1)

    def feed(self, event: events.Event) -> bool:
        """Take one event; False when the document must be abandoned (already reported)."""
        if isinstance(event, events.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                self.diags.error(self.pos(event), "a content file holds one YAML document only",
                                 "yaml.documents", "remove the second '---'")
                return False
            return True
        if isinstance(event, (events.StreamStartEvent, events.StreamEndEvent,
                              events.DocumentEndEvent)):
            return True
        if isinstance(event, events.AliasEvent):
            self.diags.error(self.pos(event), "YAML anchors and aliases are not supported in content",
                             "yaml.alias", "write the value out in full")
            return False
        self.refuse_tag_and_anchor(event)
        if isinstance(event, (events.MappingStartEvent, events.SequenceStartEvent)):
            return self.open(event)
        if isinstance(event, (events.MappingEndEvent, events.SequenceEndEvent)):
            node, _, _, _ = self.stack.pop()
            return self.attach(node)
        if isinstance(event, events.ScalarEvent):
            style = event.style
            return self.attach(YScalar(str(event.value), self.pos(event), quoted=style not in (None, "")))
        return True  # pragma: no cover - no other event kinds exist

    def open(self, event: events.CollectionStartEvent) -> bool:
        """Open the list or mapping ``event`` starts; False when it nests too deep (reported)."""
        if len(self.stack) >= MAX_DEPTH:
            self.diags.error(self.pos(event), f"nesting deeper than {MAX_DEPTH} levels", "yaml.depth")
            return False
        node: YNode = (YMap({}, self.pos(event)) if isinstance(event, events.MappingStartEvent)
                       else YSeq([], self.pos(event)))
        self.stack.append([node, None, None, False])
        return True

    def refuse_tag_and_anchor(self, event: events.Event) -> None:
        """Report a tag (``!!binary``, ``!<tag:...>``, ``!custom``, even ``!!str``) or an anchor
        (``&x``) on ``event``: content is plain data, and the docs promise both are refused."""
        tag = getattr(event, "tag", None)
        if tag:
            shown = "!!" + tag[len(_CORE_TAGS):] if tag.startswith(_CORE_TAGS) else tag
            self.diags.error(self.pos(event), f"YAML tag '{_clip(shown)}' is not supported in content",
                             "yaml.tag", "remove the tag; values are read as plain text")
            self.refused = True
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self.diags.error(self.pos(event), f"YAML anchor '&{_clip(anchor)}' is not supported in "
                             "content", "yaml.anchor", "remove the anchor and write values out in full")
            self.refused = True

    def attach(self, node: YNode) -> bool:
        if not self.stack:
            self.root = node
            return True
        frame = self.stack[-1]
        parent = frame[0]
        if isinstance(parent, YSeq):
            parent.items.append(node)
            return True
        if frame[1] is None and not frame[3]:  # this node is a key
            if not isinstance(node, YScalar):
                self.diags.error(node.pos, "mapping keys must be plain words", "yaml.key")
                frame[3] = True  # skip its value
                frame[1] = ""
                return True
            key = node.text
            if key == "<<":
                self.diags.error(node.pos, "YAML merge keys ('<<') are not supported in content",
                                 "yaml.alias", "write the keys out in full")
                frame[3] = True
            elif key in parent.key_pos:
                first = parent.key_pos[key]
                self.diags.error(node.pos, f"duplicate key '{key}' (first at line {first.line})",
                                 "yaml.duplicate-key", "remove one of them")
                frame[3] = True
            frame[1], frame[2] = key, node.pos
            return True
        key, key_pos, skip = frame[1], frame[2], frame[3]
        frame[1], frame[2], frame[3] = None, None, False
        if not skip:
            parent.key_pos[key] = key_pos
            parent.entries[key] = node
        return True


def load_yaml_file(path: Path, shown: str, diags: Diagnostics, last: LastReads | None = None) -> YNode | None:
    """Read and parse one YAML content file (telling ``diags.on_file``). ``last``: what the
    last builds of this process read (the dev server's, :class:`sitegen.remembered.Remembered`),
    to parse again only what an edit touched (:func:`parse_yaml_again`); None: parse whole."""
    diags.file_read()
    text = read_text(path, shown, diags)
    if text is None:
        return None
    if last is not None and (last.edited(shown, text) or len(text) >= REMEMBER_FROM_CHARS
                             or shown in last.parses):
        return parse_yaml_again(text, shown, diags, last)
    return parse_yaml(text, shown, diags)


# --------------------------------------------------------------------------- large files again

REMEMBER_FROM_CHARS = 256 * 1024
"""A YAML file at least this long is remembered after a clean parse, so that the next parse
of its edited text can re-read only what the edit touched (:func:`parse_yaml_again`); a
smaller one once it has been edited (:meth:`LastReads.edited`)."""

@dataclass(eq=False)
class LastReads:
    """What the last builds of one process read of the YAML content files (the part of
    :class:`sitegen.remembered.Remembered` that :func:`parse_yaml_again` reads and replaces).
    A new one has read nothing, as in a new process."""

    parses: dict[str, tuple[str, YMap]] = field(default_factory=dict)
    """The last clean parse of each large (or edited) file, by its shown path: (text, tree)."""
    texts: dict[str, int] = field(default_factory=dict)
    """The hash of the last text of each file, by its shown path."""
    changed: set[str] = field(default_factory=set)
    """The shown paths of the files whose text changed in this process (:meth:`edited`): the
    files an organizer is editing, whatever their size (sitegen.pages.league keeps what it
    planned of a season from its file's first edit on: ``SeasonGroupsMade``)."""

    def edited(self, shown: str, text: str) -> bool:
        """True when the file ``shown`` was read before with another text: an organizer is
        editing it (the dev server), so it is remembered from now on, whatever its size. At
        full size a league season's file (260 kB) and a tournament's (130 kB) take 0.05-0.1 s
        to parse whole; the next edits of the same file re-read only the edited division or
        round. Only the files edited are kept (the tree of every season would be about 200 MB);
        their shown paths are added to :attr:`changed`."""
        digest = hash(text)
        last = self.texts.get(shown)
        self.texts[shown] = digest
        if last is not None and last != digest:
            self.changed.add(shown)
            return True
        return False

    def texts_since(self, known: Mapping[str, int]) -> dict[str, int]:
        """Return the entries of :attr:`texts` that are not in ``known`` (an earlier copy of
        it) as they are now: what this process read since that copy was taken."""
        return {shown: digest for shown, digest in self.texts.items() if known.get(shown) != digest}

    def take_texts(self, read: Mapping[str, int]) -> None:
        """Take the hashes of the texts another process read (:meth:`texts_since` in a forked
        helper, whose hash function is this process's): a file the helper read is then known
        as read here, so that its first edit keeps its tree (:meth:`edited`). At full size the
        helper reads the league seasons; without this the second edit of a season after the dev
        server's start parsed the whole file again (about 0.1 s of CPU, issue 31)."""
        self.texts.update(read)


_OTHER_LINE_BREAKS = ("\r", "\x85", "\u2028", "\u2029")
"""Line breaks of the YAML reader that ``str.split("\\n")`` would not count."""


def parse_yaml_again(text: str, shown: str, diags: Diagnostics, last: LastReads) -> YNode | None:
    """Return ``parse_yaml(text, shown, diags)``, re-reading only the items of one block
    sequence when ``text`` is the last clean parse's text (``last.parses[shown]``) with lines
    of that sequence edited; a clean parse replaces it there.

    The dev server's speed path: a ladder's one file of 20,000 games takes 0.45 s to parse,
    and an edit changes a line or adds a few at the end of its log. The new tree shares every
    node outside the edited items with the last one (the validator recognises them). It is
    used only where it cannot differ from a whole parse: the edited lines lie within one
    top-level key's block sequence, whole items are read again at their own lines and
    columns, and the lines after them keep their numbers; else the whole text is parsed.
    A property test holds it to :func:`parse_yaml`.
    """
    earlier = last.parses.pop(shown, None)
    root: YNode | None = None
    # lines counted by str.split("\n") are the parser's lines only without other breaks,
    # in the new text and in the remembered one (whose tree gives the items' lines)
    lines_known = not any(brk in text for brk in _OTHER_LINE_BREAKS)
    if earlier is not None and lines_known:
        root = earlier[1] if earlier[0] == text else _splice(earlier[0], earlier[1], text, shown)
    if root is None:
        count = len(diags.items)
        root = parse_yaml(text, shown, diags)
        if len(diags.items) > count:
            return root
    if isinstance(root, YMap) and lines_known:
        last.parses[shown] = (text, root)
    return root


def _splice(old_text: str, old_root: YMap, text: str, shown: str) -> YMap | None:
    """Return the tree of ``text`` made from ``old_root`` (the clean tree of ``old_text``) and
    the re-read items of the one sequence the edit touched; None when the edit is not so."""
    old_lines, new_lines = old_text.split("\n"), text.split("\n")
    start, old_end, new_end = _edited_lines(old_lines, new_lines)
    keys = list(old_root.key_pos)
    for number, key in enumerate(keys):  # the top-level key whose value holds the edit
        first = old_root.key_pos[key].line  # 0-based index of the line after the key's
        end = old_root.key_pos[keys[number + 1]].line - 1 if number + 1 < len(keys) else len(old_lines)
        if first <= start and old_end <= end:
            break
    else:
        return None
    seq = old_root.entries[key]
    if not isinstance(seq, YSeq) or not seq.items or seq.pos.line - 1 < first:
        return None
    column = seq.pos.col - 1
    starts = [item.pos.line - 1 for item in seq.items]
    low = bisect.bisect_right(starts, start) - 1
    high = bisect.bisect_left(starts, min(max(old_end, start + 1), end))
    if low < 0:
        return None
    old_stop = starts[high] if high < len(starts) else end
    if not all(_item_start(old_lines[starts[k]], column) for k in (low, high) if k < len(starts)):
        return None  # an item whose node starts below its dash: its lines are not known
    shift = len(new_lines) - len(old_lines)
    if shift and (high < len(starts) or number + 1 < len(keys)):
        return None  # nodes after the edit would move: read the whole text
    stop = old_stop + shift
    lines = new_lines[starts[low]:stop]
    if not lines or not _item_start(lines[0], column) or not all(
            _within_items(line, column) for line in lines):
        return None
    scratch = Diagnostics()
    # the line break after the last line too, unless the text ends there: a block scalar
    # kept with its trailing lines (``|+``) must end as it does in the whole text
    fragment_text = "\n".join(lines) + ("\n" if stop < len(new_lines) else "")
    fragment = parse_yaml(fragment_text, shown, scratch, line_offset=starts[low])
    if (scratch.items or not isinstance(fragment, YSeq) or fragment.pos.col != seq.pos.col
            or (low == 0 and fragment.pos != seq.pos) or _depth(fragment) > MAX_DEPTH - 2):
        return None
    if stop < len(new_lines) and _last_line(fragment) > stop:
        # a node placed where the fragment ends (the empty value of ``? key``) takes the
        # position of the token after it, which in the whole text is the next line's
        return None
    entries = dict(old_root.entries)
    entries[key] = YSeq(seq.items[:low] + fragment.items + seq.items[high:], seq.pos)
    return YMap(entries, old_root.pos, dict(old_root.key_pos))


def _edited_lines(old: list[str], new: list[str]) -> tuple[int, int, int]:
    """Return the 0-based index of the first line that differs, and where the edited lines end
    in ``old`` and in ``new`` (the lines after them are the same in both)."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    same = 0
    while same < limit - start and old[-1 - same] == new[-1 - same]:
        same += 1
    return start, len(old) - same, len(new) - same


def _item_start(line: str, column: int) -> bool:
    """True for a line ``- ...`` (or ``-``) whose dash is at ``column``."""
    return line[:column].strip(" ") == "" and (line[column:] == "-" or line[column:column + 2] == "- ")


def _within_items(line: str, column: int) -> bool:
    """True for a line that belongs to a block sequence's items at ``column``: blank, a
    comment, an item's start, or more indented than the dash."""
    stripped = line.lstrip(" ")
    if not stripped or stripped.startswith("#"):
        return "\t" not in line
    indent = len(line) - len(stripped)
    return "\t" not in line[:indent + 1] and (indent > column or _item_start(line, column))


def _last_line(node: YNode) -> int:
    """Return the last line at which ``node`` or a node inside it starts."""
    while isinstance(node, (YSeq, YMap)):
        inner = node.items if isinstance(node, YSeq) else list(node.entries.values())
        if not inner:
            break
        node = inner[-1]
    return node.pos.line


def _depth(node: YNode) -> int:
    """Return how deeply ``node``'s collections nest (a scalar: 0)."""
    if isinstance(node, YSeq):
        return 1 + max((_depth(item) for item in node.items), default=0)
    if isinstance(node, YMap):
        return 1 + max((_depth(value) for value in node.entries.values()), default=0)
    return 0


@dataclass
class MarkdownSource:
    """A Markdown page split into its front matter and body."""

    front: YMap
    body: str
    path: str


def load_markdown_file(path: Path, shown: str, diags: Diagnostics) -> MarkdownSource | None:
    """Read a Markdown page with an optional ``---`` YAML front matter block (telling
    ``diags.on_file``)."""
    diags.file_read()
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


MAX_RECORD_BYTES = 512 * 1024
"""SGF files larger than this are refused: a game record is a few kilobytes, even with comments."""


def load_record_file(content_dir: Path, relative: str, pos: SourcePos, diags: Diagnostics) -> bytes | None:
    """Read the SGF file ``relative`` (a path below ``content_dir``, already checked to be made
    of plain names) for a game's ``sgf:`` key; record an error at ``pos`` and return None when
    it is missing, is not a plain file inside the content folder (a symbolic link on the way
    included), is larger than :data:`MAX_RECORD_BYTES` or does not start like an SGF file."""
    path = content_dir / relative
    where = f"sgf: '{relative}'"
    hint = "give the path of an .sgf file inside the content folder, e.g. games/2024/ann-bob.sgf"
    current = content_dir
    for part in Path(relative).parts:
        current = current / part
        if current.is_symlink():
            diags.error(pos, f"{where}: symbolic links are not followed in content", "record.sgf", hint)
            return None
    try:
        inside = path.resolve().is_relative_to(content_dir.resolve())
    except OSError:
        inside = False
    if not inside or not path.is_file():
        diags.error(pos, f"{where}: no such file in the content folder", "record.sgf", hint)
        return None
    size = path.stat().st_size
    if size > MAX_RECORD_BYTES:
        diags.error(pos, f"{where}: the file is {size} bytes; at most {MAX_RECORD_BYTES} are allowed",
                    "record.sgf", "an SGF game record is a few kilobytes; check the file")
        return None
    data = path.read_bytes()
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"("):
        diags.error(pos, f"{where}: the file is not an SGF game record (it does not start with '(')",
                    "record.sgf", hint)
        return None
    return data
