"""Forked worker processes, the one place where a build uses more than one core.

Two stages of a build run in parallel: preparing the rule sets (:mod:`sitegen.pipeline`, with
:func:`run_beside`) and rendering and writing the pages (:mod:`sitegen.render`, with
:func:`map_forked`). Workers are forked so that they inherit the content and the plan (the
``shared`` argument) without pickling them; only the tasks and the results travel through
pipes. This module also holds the garbage-collector settings of those stages, with the
measurement that justifies each.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import threading
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
               processes: int) -> list[Result]:
    """Return ``[fn(shared, task) for task in tasks]``, computed by ``processes`` forked workers.

    ``shared`` is inherited by the workers (never pickled); tasks and results are pickled.
    Each task goes to the next free worker (one at a time, for balance). The objects alive now
    are frozen out of the workers' cyclic garbage collector: they are never garbage, and a
    collection would walk them and write to their memory pages, copying them in every worker
    (copy-on-write).
    """
    gc.freeze()
    try:
        with _inherited(shared), _fork_pool(processes) as pool:
            return pool.map(_call, [(fn, task) for task in tasks], chunksize=1)
    finally:
        gc.unfreeze()


def run_beside(fn: Callable[[Shared, Task], Result], shared: Shared, mine: Task,
               theirs: Task) -> tuple[Result, Result]:
    """Return ``(fn(shared, mine), fn(shared, theirs))``: ``theirs`` is done by one forked
    helper while this process does ``mine``. ``shared`` is inherited, not pickled."""
    with _inherited(shared), _fork_pool(1) as pool:
        pending = pool.apply_async(_call, ((fn, theirs),))
        here = fn(shared, mine)
        return here, pending.get()


@contextlib.contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Turn the cyclic garbage collector off while loading and planning.

    They build millions of small objects and no reference cycles worth collecting; the
    collector would only rescan them: about a third of the time of a federation-size build
    (bench/README.md). Reference counting still frees everything as usual.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


# --------------------------------------------------------------------------- inside


_SHARED: Any = None
"""The ``shared`` argument of the running :func:`map_forked` or :func:`run_beside`: set just
before forking, so that every worker inherits it."""


@contextlib.contextmanager
def _inherited(shared: Any) -> Iterator[None]:
    global _SHARED
    _SHARED = shared
    try:
        yield
    finally:
        _SHARED = None


def _call(job: tuple[Callable[[Any, Any], Any], Any]) -> Any:
    fn, task = job
    return fn(_SHARED, task)


def _fork_pool(processes: int) -> Any:
    """Return a pool of ``processes`` forked workers that die with this process."""
    return multiprocessing.get_context("fork").Pool(processes, initializer=_die_with_parent,
                                                    initargs=(os.getpid(),))


def _die_with_parent(parent: int) -> None:
    """Have a worker killed with its parent (Linux), so a killed build leaves no writer behind."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: a worker then ends when it next reads from its closed pipe
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
