"""Progress of long commands, stage by stage: a bar on a terminal, one line per stage elsewhere.

A build goes through the stages of :data:`STAGES`: loading and validating (counted in files),
computing (competitions), rendering and writing (pages, of a known total) and swapping. The
functions that do the work (:func:`sitegen.pipeline.prepare`, :func:`sitegen.render.render_into`,
:func:`sitegen.commands.build.build`) take an optional reporter and tell it when a stage starts
and how much of it is done; the commands choose how it is shown (:func:`for_stream`):

- :class:`Progress` shows nothing. It is the default of every function (library use, tests)
  and what ``--quiet`` gives.
- :class:`TerminalProgress`, on a terminal: the running stage as a bar (tqdm) with its count,
  its rate and, when the total is known, the time left. A finished stage's bar is cleared;
  with ``--verbose`` it is replaced by its line (as below) and the notes are shown too.
- :class:`LineProgress`, anywhere else (a CI log, a pipe, a file): no bars and no control
  characters, one line per stage when it ends, with its count and time, e.g.
  ``rendering and writing: 1148 pages in 1.62 s (708 pages/s)``; with ``--verbose``, also the
  notes (what the build cache and the writer skipped or reused).

Everything a reporter shows goes to its stream, which for the command line is stderr (as the
errors and warnings are): stdout keeps the command's result and summary, so a script reading
it, or ``sitegen build > log``, gets the same lines as before. Errors and warnings are printed
by the command after the reporter has stopped (a failed stage is dropped, its bar cleared), so
no bar ever hides or splits them.

Only the process that made the reporter writes to it. The pipeline's helper process and the
render workers report counts that reach it through :mod:`sitegen.workers` (messages through a
pipe, results as they arrive), and the display is redrawn on the main thread when a count
arrives. No thread is started for the display: a running thread would keep the build from
forking its workers (:func:`sitegen.workers.can_fork`), which tqdm's monitor thread would do,
so it is turned off.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from types import TracebackType
from typing import IO, Any

STAGES: dict[str, tuple[str, str]] = {
    "load": ("loading and validating", "files"),
    "compute": ("computing", "competitions"),
    "render": ("rendering and writing", "pages"),
    "swap": ("swapping", ""),
}
"""Each stage's name: the words shown for it and the unit it is counted in ("" when it is not)."""
UNIT_ONE = {"files": "file", "competitions": "competition", "pages": "page"}
"""Each unit for a count of one (the command line speaks English: docs/translating.md)."""


@dataclass
class Stage:
    """One stage of a command: what is done of it, of how much, and how long it took."""

    name: str
    count: int = 0
    total: int | None = None
    """The whole amount when it is known before the stage starts (pages to render), else None."""
    started: float | None = None
    """``time.perf_counter()`` when the stage started; None until then."""
    seconds: float | None = None
    """Wall seconds from its start to its end; None until it ended."""

    @property
    def label(self) -> str:
        return STAGES[self.name][0]

    @property
    def unit(self) -> str:
        return STAGES[self.name][1]

    def line(self) -> str:
        """Return the stage's line, e.g. ``computing: 3 competitions in 0.21 s``."""
        seconds = self.seconds or 0.0
        if not self.unit:
            return f"{self.label}: {seconds:.2f} s"
        unit = UNIT_ONE[self.unit] if self.count == 1 else self.unit
        text = f"{self.label}: {self.count} {unit} in {seconds:.2f} s"
        if self.name == "render" and seconds > 0 and self.count:
            text += f" ({self.count / seconds:.0f} {self.unit}/s)"
        return text


class Progress:
    """Record the stages of one command and show nothing (library use, tests, ``--quiet``).

    A command runs inside ``with progress:`` (which forgets the stages of an earlier run, e.g.
    the dev server's previous build, and on leaving ends the running stage, or drops it when an
    exception leaves). Inside, :meth:`start` begins a stage (ending the one running),
    :meth:`advance` counts work done in a stage (also in a later stage, whose count then starts
    there: the pipeline's helper may compute while this process still loads), :meth:`finish`
    ends the running stage and :meth:`note` gives a detail for ``--verbose``. Subclasses show
    them through the ``_shown_*`` methods.
    """

    verbose = False

    def __init__(self) -> None:
        self.stages: dict[str, Stage] = {}
        self.current: Stage | None = None

    def __enter__(self) -> "Progress":
        self.stages = {}
        self.current = None
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is None:
            self.finish()
        else:
            self.abort()

    def stage(self, name: str) -> Stage:
        """Return the stage ``name`` (one of :data:`STAGES`) of this run, made if new."""
        found = self.stages.get(name)
        if found is None:
            if name not in STAGES:
                raise ValueError(f"unknown stage {name!r}")
            found = self.stages[name] = Stage(name)
        return found

    def start(self, name: str, total: int | None = None) -> None:
        """End the running stage and start ``name``; ``total``: its whole amount, if known."""
        self.finish()
        stage = self.stage(name)
        stage.total = total
        stage.started = time.perf_counter()
        self.current = stage
        self._shown_start(stage)

    def advance(self, name: str, count: int = 1) -> None:
        """Count ``count`` more units of stage ``name`` done."""
        stage = self.stage(name)
        stage.count += count
        if stage is self.current:
            self._shown_advance(stage, count)

    def finish(self) -> None:
        """End the running stage, if any (its time is then known)."""
        stage = self.current
        if stage is None or stage.started is None:
            return
        stage.seconds = time.perf_counter() - stage.started
        self.current = None
        self._shown_end(stage)

    def abort(self) -> None:
        """Drop the running stage after a failure: it shows no line and its bar is cleared."""
        stage, self.current = self.current, None
        if stage is not None:
            self._shown_drop(stage)

    def note(self, text: str) -> None:
        """Show ``text`` with ``--verbose`` only: e.g. what the build cache reused."""
        if self.verbose:
            self._shown_note(text)

    def describe(self, name: str, text: str) -> None:
        """Say what stage ``name`` is doing now, if it is running (on a terminal, beside its
        label): e.g. the site-wide pages planned once every competition is computed."""
        if self.current is not None and self.current.name == name:
            self._shown_describe(self.current, text)

    def _shown_start(self, stage: Stage) -> None:
        pass

    def _shown_advance(self, stage: Stage, count: int) -> None:
        pass

    def _shown_end(self, stage: Stage) -> None:
        pass

    def _shown_drop(self, stage: Stage) -> None:
        pass

    def _shown_note(self, text: str) -> None:
        pass

    def _shown_describe(self, stage: Stage, text: str) -> None:
        pass


class LineProgress(Progress):
    """One line per stage when it ends (count and time), for logs and pipes: no bars, no control
    characters. ``verbose``: the notes too."""

    def __init__(self, stream: IO[str], verbose: bool = False) -> None:
        super().__init__()
        self.stream = stream
        self.verbose = verbose

    def _shown_end(self, stage: Stage) -> None:
        self._write(stage.line())

    def _shown_note(self, text: str) -> None:
        self._write(text)

    def _write(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()


BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}{unit} [{elapsed}<{remaining}, {rate_fmt}]"
COUNT_FORMAT = "{desc}: {n_fmt}{unit} [{elapsed}, {rate_fmt}]"
TIME_FORMAT = "{desc} [{elapsed}]"


class TerminalProgress(Progress):
    """The running stage as a tqdm bar on ``stream`` (a terminal), cleared when it ends;
    ``verbose``: each ended stage's line and the notes stay above the bar."""

    def __init__(self, stream: IO[str], verbose: bool = False) -> None:
        super().__init__()
        from tqdm import tqdm  # about 45 ms to import: only when bars are drawn, on a terminal

        # tqdm's monitor thread would stop sitegen from forking its workers (see the module).
        tqdm.monitor_interval = 0
        self._tqdm = tqdm
        self.stream = stream
        self.verbose = verbose
        self._bar: Any = None

    def _shown_start(self, stage: Stage) -> None:
        if not stage.unit:
            bar_format, unit = TIME_FORMAT, ""
        else:
            bar_format = BAR_FORMAT if stage.total is not None else COUNT_FORMAT
            unit = f" {stage.unit}"
        self._bar = self._tqdm(total=stage.total, initial=stage.count, desc=stage.label, unit=unit,
                               file=self.stream, leave=False, dynamic_ncols=True, mininterval=0.1,
                               smoothing=0.1, bar_format=bar_format)

    def _shown_advance(self, stage: Stage, count: int) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def _shown_end(self, stage: Stage) -> None:
        if self._bar is not None:
            self._bar.refresh()  # its last count, which tqdm may not have drawn yet
        self._close_bar()
        if self.verbose:
            self._write(stage.line())

    def _shown_drop(self, stage: Stage) -> None:
        self._close_bar()

    def _shown_describe(self, stage: Stage, text: str) -> None:
        if self._bar is not None:
            self._bar.set_description_str(f"{stage.label} ({text})")

    def _shown_note(self, text: str) -> None:
        if self._bar is not None:
            self._bar.clear()
            self._write(text)
            self._bar.refresh()
        else:
            self._write(text)

    def _close_bar(self) -> None:
        bar, self._bar = self._bar, None
        if bar is not None:
            bar.close()

    def _write(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()


def for_stream(stream: IO[str], quiet: bool = False, verbose: bool = False) -> Progress:
    """Return the reporter a command shows on ``stream``: none when ``quiet``, bars when
    ``stream`` is a terminal (not ``TERM=dumb``) at least :data:`BAR_COLUMNS` wide, else one
    line per stage (a terminal that says it is 0 columns wide, as ``script`` or a bare
    pseudo-terminal may, would show bars of no width; a narrow one, bars that wrap on every
    redraw)."""
    if quiet:
        return Progress()
    if (_is_terminal(stream) and os.environ.get("TERM") != "dumb"
            and _columns(stream) >= BAR_COLUMNS):
        return TerminalProgress(stream, verbose)
    return LineProgress(stream, verbose)


BAR_COLUMNS = 40
"""The narrowest terminal that gets bars: a stage's label and count take about 35 columns."""


def _columns(stream: IO[str]) -> int:
    """Return the width of the terminal ``stream`` is, in columns (0 when it does not say)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
