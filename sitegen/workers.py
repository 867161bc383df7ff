"""Forked worker processes, shared by the two parallel stages of a build: preparing the rule
sets (sitegen.pipeline) and rendering and writing the pages (sitegen.render).

Workers are forked so that they inherit the content and the plan without pickling them.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from multiprocessing.pool import Pool


def can_fork(jobs: int | None) -> bool:
    """True when ``jobs`` (default: the CPUs) allows more than one process and forking is safe:
    the system has ``fork`` and no other thread runs (the dev server's do; forking them is
    unsafe)."""
    return ((jobs or os.cpu_count() or 1) >= 2 and not threads_running()
            and "fork" in multiprocessing.get_all_start_methods())


def threads_running() -> bool:
    """True when this process runs threads besides the main one."""
    return threading.active_count() > 1


def fork_pool(processes: int) -> Pool:
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
