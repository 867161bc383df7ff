"""Positioned diagnostics: every problem found in one run, printed as ``path:line:col: error: ...``.

Validators never raise on bad content; they append a :class:`Diagnostic` to a
:class:`Diagnostics` collector and carry on, so the organizer sees every mistake at once.
"""

from __future__ import annotations

import difflib
import errno
import os
import re
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, NamedTuple

from .text import REFUSED, REFUSED_ONE_LINE


_NOT_SHOWN = {True: re.compile(f"{REFUSED_ONE_LINE.pattern}|\n(?!  )"), False: REFUSED}


def shown_text(text: str, one_line: bool = True) -> str:
    """Return ``text`` with the characters content may not hold (:mod:`sitegen.text`) written
    as Python escapes (``\\x1b``, ``\\u202e``); for ``one_line`` also tabs, CRs and the line
    ends not followed by an indented line (a message's own continuation lines stay), so no
    quoted key or value starts a line of the log."""
    pattern = _NOT_SHOWN[one_line]
    if pattern.search(text) is None:
        return text
    return pattern.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"),
                       text)


class SourcePos(NamedTuple):
    """A 1-based position in a content file (a named tuple: cheap, ordered, hashable)."""

    path: str
    """Path as shown to the user (relative to the site folder where possible)."""
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        if self.line == 0:  # a command's own error, about no file
            return self.path
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in the content."""

    pos: SourcePos
    message: str
    code: str = "content"
    """A short dotted category such as ``result.syntax``; shown in brackets."""
    hint: str | None = None
    """A suggestion (``did you mean 'alice'?``), printed after the message."""
    level: str = "error"

    def format(self) -> str:
        """Return the one-line form ``path:line:col: error: message; hint [code]``.

        Characters content may not hold, tabs and line ends (a message may quote a key or a
        value) are shown as escapes such as ``\\x1b`` (:func:`shown_text`): they could
        otherwise forge a line of the log or drive the terminal."""
        text = f"{self.pos}: {self.level}: {self.message}"
        if self.hint:
            text += f"; {self.hint}"
        return shown_text(f"{text} [{self.code}]")

    def wrapped(self, width: int) -> str:
        """Return :meth:`format`'s text in lines of at most ``width`` characters (a word longer
        than that, such as a long path, keeps its own line), the lines after the first indented
        by 4 spaces: the same words, for a person at a terminal (stop 48's newcomer check: the
        demo's build printed warnings of up to 612 characters on one line). Joining the lines
        with single spaces, their indentation left out, gives :meth:`format`'s text again."""
        return "\n".join(textwrap.wrap(self.format(), width, subsequent_indent="    ",
                                        break_long_words=False, break_on_hyphens=False))

    def github_annotation(self) -> str:
        """Return the GitHub Actions workflow command for this diagnostic."""
        message = shown_text(self.message + (f"; {self.hint}" if self.hint else ""), one_line=False)
        message = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        if self.pos.line == 0:
            return f"::{self.level}::{message}"
        path = self.pos.path.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
        return f"::{self.level} file={path},line={self.pos.line},col={self.pos.col}::{message}"


@dataclass
class Diagnostics:
    """An append-only collector of diagnostics, sorted by position when read; it goes with every
    content file read, and tells ``on_file`` (when given) of each one (:meth:`file_read`)."""

    items: list[Diagnostic] = field(default_factory=list)
    on_file: Callable[[], None] | None = field(default=None, compare=False, repr=False)
    """Called once for every YAML or Markdown content file read with this collector (the
    progress of loading, sitegen.pipeline); a collector made for part of the reading takes its
    caller's (``Diagnostics(on_file=diags.on_file)``)."""

    def file_read(self) -> None:
        """Tell ``on_file`` that a content file is read (sitegen.load)."""
        if self.on_file is not None:
            self.on_file()

    def error(self, pos: SourcePos, message: str, code: str = "content", hint: str | None = None) -> None:
        """Record an error at ``pos``."""
        self.items.append(Diagnostic(pos, message, code, hint))

    def warning(self, pos: SourcePos, message: str, code: str = "content", hint: str | None = None) -> None:
        """Record a warning at ``pos``: something the organizer should look at, which does not
        stop the build (``--strict`` makes it stop)."""
        self.items.append(Diagnostic(pos, message, code, hint, level="warning"))

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def has_errors(self) -> bool:
        return any(d.level == "error" for d in self.items)

    @property
    def warnings(self) -> list[Diagnostic]:
        """Return the warnings, sorted (see :meth:`sorted`)."""
        return [d for d in self.sorted() if d.level == "warning"]

    def sorted(self) -> list[Diagnostic]:
        """Return the diagnostics ordered by file, line and column, without duplicates."""
        unique = {(d.pos, d.message, d.code, d.hint, d.level): d for d in self.items}
        return sorted(unique.values(), key=lambda d: (d.pos, d.code, d.message))

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.sorted())

    def __len__(self) -> int:
        return len(self.items)


def command_pos(command: str) -> SourcePos:
    """Return the position of an error that belongs to a command, not to a file.

    It prints as ``sitegen pair: error: ...`` (line 0 means "no file position").
    """
    return SourcePos(command, 0, 0)


def write_failed(error: OSError, command: str) -> "SitegenError":
    """Return the error of a write that failed (a full disk, a file size limit): the file
    (else the command ``command``) and the system's words, e.g. ``content/players.yaml:
    error: cannot write: No space left on device; free space ... [file.write]``."""
    if error.filename:
        name = os.fsdecode(error.filename)
        try:
            name = os.path.relpath(name)
        except ValueError:  # pragma: no cover - another drive on Windows
            pass
        pos = SourcePos(name, 0, 0)
    else:
        pos = command_pos(command)
    words = error.strerror or (os.strerror(error.errno) if error.errno else str(error))
    return SitegenError([Diagnostic(pos, f"cannot write: {words}", "file.write",
                                    write_hint(error) + ", then run the command again: the files "
                                    "are as they were before")])


def write_hint(error: OSError) -> str:
    """Return what to do about a failed write: free space for a full disk, a quota or a file
    size limit (ENOSPC, EDQUOT, EFBIG), else make the folder writable."""
    if error.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "free space on that disk (or raise the file size limit, ulimit -f)"
    return "check that the folder is writable"


class SitegenError(Exception):
    """An expected failure: bad content or a refused command. Carries its diagnostics.

    The CLI prints the diagnostics and exits with status 1, with no traceback.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic] | str):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic(command_pos("sitegen"), diagnostics, "command")]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """Return ``did you mean 'x'?`` for the closest of ``choices``, or None."""
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None
