"""The guard against threads left running by a test (tests/conftest.py's autouse fixture
``no_thread_left_running``): a thread left running makes forking unsafe for every later test
in the same process (pytest-xdist worker), so sitegen's forked helpers and render workers
would run in one process there (sitegen.workers.can_fork)."""

from __future__ import annotations

import threading
import time

THREADS_ALLOWED: frozenset[str] = frozenset()
"""Names of threads a test may leave running because they belong to the whole process (a
library's own, started once): none so far. Give the reason beside each name added."""
THREAD_GRACE = 5.0
"""Seconds a test's threads get, all together, to end after the test (a server told to stop)."""


def threads_now() -> set[threading.Thread]:
    """The threads running now (to pass to :func:`threads_left` afterwards)."""
    return set(threading.enumerate())


def threads_left(before: set[threading.Thread], grace: float = THREAD_GRACE) -> list[threading.Thread]:
    """The threads running now that are not in ``before`` nor allowed by name
    (:data:`THREADS_ALLOWED`), each given until ``grace`` seconds from now to end."""
    deadline = time.monotonic() + grace
    left = []
    for thread in threading.enumerate():
        if thread in before or thread.name in THREADS_ALLOWED:
            continue
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            left.append(thread)
    return left


def thread_names(threads: list[threading.Thread]) -> str:
    """``"Thread-1 (serve_forever), daemon; sitegen-builder"``: names, and which are daemons."""
    return "; ".join(thread.name + (", daemon" if thread.daemon else "") for thread in threads)
