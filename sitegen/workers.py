"""Forked worker processes, the one place where a build uses more than one core.

Two stages of a build run in parallel: preparing the rule sets (:mod:`sitegen.pipeline`, with
:func:`run_beside`) and rendering and writing the pages (:mod:`sitegen.render`, with
:func:`map_forked`). Workers are forked so that they inherit the content and the plan (the
``shared`` argument) without pickling them; only the tasks and the results travel through
pipes, and the counts of progress that the workers report (shown by the parent alone,
:mod:`sitegen.progress`). This module also holds the garbage-collector settings of those stages, with the
measurement that justifies each.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
import threading
from functools import partial
from typing import Any, Callable, Iterator, Sequence, TypeVar

Shared = TypeVar("Shared")
Task = TypeVar("Task")
Result = TypeVar("Result")


def can_fork(jobs: int | None) -> bool:
    """True when ``jobs`` (default: the CPUs) allows more than one process and forking is safe:
    the system has ``fork`` and no other thread runs (the dev server's do; forking them is
    unsafe)."""
    return ((jobs or os.cpu_count() or 1) >= 2 and not threads_running()
            and "fork" in multiprocessing.get_all_start_methods())


def threads_running() -> bool:
    """True when this process runs threads besides the main one."""
    return threading.active_count() > 1


def map_forked(fn: Callable[[Shared, Task], Result], shared: Shared, tasks: Sequence[Task],
               processes: int, on_done: Callable[[int, Result], None] | None = None) -> list[Result]:
    """Return ``[fn(shared, task) for task in tasks]``, computed by ``processes`` forked workers.

    ``shared`` is inherited by the workers (never pickled); tasks and results are pickled.
    Each task goes to the next free worker (one at a time, for balance). ``on_done(index,
    result)`` is called in this process as each task's result arrives, in the order they
    finish (the list returned keeps the tasks' order): the render reports its progress so,
    from the process that shows it. The objects alive now are frozen out of the workers'
    cyclic garbage collector: they are never garbage, and a collection would walk them and
    write to their memory pages, copying them in every worker (copy-on-write).
    """
    gc.freeze()
    try:
        with _inherited(shared), _fork_pool(processes) as pool:
            results: list[Any] = [None] * len(tasks)
            jobs = [(fn, (index, task)) for index, task in enumerate(tasks)]
            for index, result in pool.imap_unordered(_call_numbered, jobs, chunksize=1):
                results[index] = result
                if on_done is not None:
                    on_done(index, result)
            return results
    finally:
        gc.unfreeze()


Send = Callable[[Any], None]
"""How :func:`run_beside`'s function hands a message (a small picklable value) to its caller."""


def run_beside(fn: Callable[[Shared, Task, Send], Result], shared: Shared, mine: Task,
               theirs: Task, on_message: Send | None = None) -> tuple[Result, Result]:
    """Return ``(fn(shared, mine, send), fn(shared, theirs, send))``: ``theirs`` is done by one
    forked helper while this process does ``mine``. ``shared`` is inherited, not pickled.

    ``send(message)`` hands a message to ``on_message`` (default: dropped), always in this
    process and on its main thread: the helper's messages travel through a pipe and are handed
    over whenever this process sends one of its own, and while it waits for the helper. They
    must be small and few (the pipe holds 64 KB while this process is busy): counts of
    progress, not results.
    """
    deliver = on_message or _drop
    reader, writer = multiprocessing.get_context("fork").Pipe(duplex=False)

    def theirs_arrived() -> bool:
        """Deliver the helper's messages waiting in the pipe; True once it said it is done."""
        while reader.poll():
            message = reader.recv()
            if message == _DONE:
                return True
            deliver(message)
        return False

    def send_here(message: Any) -> None:
        theirs_arrived()
        deliver(message)

    try:
        with _inherited(shared, writer), _fork_pool(1) as pool:
            pending = pool.apply_async(_call_beside, ((fn, theirs),))
            here = fn(shared, mine, send_here)
            done = theirs_arrived()
            while not done and not pending.ready():
                if reader.poll(0.05):
                    done = theirs_arrived()
            theirs_arrived()
            return here, pending.get()
    finally:
        reader.close()
        writer.close()


def alongside(mine: Callable[[], Any], theirs: Callable[[], Result]) -> tuple[Any, Result]:
    """Return ``(mine(), theirs())``: ``theirs`` is run by a forked helper while this process
    runs ``mine`` when forking is possible (:func:`can_fork`), else here, first. ``theirs``'s
    exception is raised before ``mine``'s (it must pickle, as its result must)."""
    if not can_fork(None):
        found = theirs()
        return mine(), found
    tasks: dict[str, Callable[[], Any]] = {"mine": partial(_outcome, mine), "theirs": theirs}
    here: Any
    here, found = run_beside(_call_shared, tasks, "mine", "theirs")
    if here[0] == "raised":
        raise here[1]
    return here[1], found


def _call_shared(shared: dict[str, Callable[[], Any]], task: str, send: Send) -> Any:
    return shared[task]()


def _outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "returned", fn()
    except Exception as error:
        return "raised", error


@contextlib.contextmanager
def no_cycle_collection(keep: bool = False) -> Iterator[None]:
    """Turn the cyclic garbage collector off while loading and planning.

    They build millions of small objects and no reference cycles worth collecting; the
    collector would only rescan them: about a third of the time of a federation-size build
    (bench/README.md). Reference counting still frees everything as usual. ``keep``: what is
    alive at the end stays alive until the process ends (a command's content and plan): it is
    frozen out of the collector's way, so that the next collection does not walk it (0.5 s
    for the model objects a cached build reads back at full size).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
        if keep:
            gc.freeze()
    finally:
        if collecting:
            gc.enable()


# --------------------------------------------------------------------------- inside


_SHARED: Any = None
"""The ``shared`` argument of the running :func:`map_forked` or :func:`run_beside`: set just
before forking, so that every worker inherits it."""

_RELAY: Any = None
"""The pipe end through which :func:`run_beside`'s helper sends its messages (inherited)."""

_DONE = "sitegen.workers: done"
"""The helper's last message: its function returned (or raised)."""


@contextlib.contextmanager
def _inherited(shared: Any, relay: Any = None) -> Iterator[None]:
    global _SHARED, _RELAY
    _SHARED, _RELAY = shared, relay
    try:
        yield
    finally:
        _SHARED = _RELAY = None


def _call_numbered(job: tuple[Callable[[Any, Any], Any], tuple[int, Any]]) -> tuple[int, Any]:
    fn, (index, task) = job
    return index, fn(_SHARED, task)


def _call_beside(job: tuple[Callable[[Any, Any, Send], Any], Any]) -> Any:
    fn, task = job
    relay = _RELAY
    try:
        return fn(_SHARED, task, relay.send if relay is not None else _drop)
    finally:
        if relay is not None:
            relay.send(_DONE)


def _drop(message: Any) -> None:
    pass


def _fork_pool(processes: int) -> Any:
    """Return a pool of ``processes`` forked workers that die with this process."""
    return multiprocessing.get_context("fork").Pool(processes, initializer=_die_with_parent,
                                                    initargs=(os.getpid(),))


def _die_with_parent(parent: int) -> None:
    """Have a worker killed with its parent (Linux), so a killed build leaves no writer behind."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: a worker then ends when it next reads from its closed pipe
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
