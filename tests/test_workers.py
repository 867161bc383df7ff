"""sitegen/workers.py: :func:`alongside` runs one function in a forked helper while this process
runs another (the cached build checks its output folder while it reads its cache)."""

from __future__ import annotations

import multiprocessing
import os
import sys
from functools import partial
import threading
from pathlib import Path

import pytest

from sitegen import workers


class Refused(Exception):
    pass


def _pid() -> int:
    return os.getpid()


def _raise(message: str) -> None:
    raise Refused(message)


def test_alongside_runs_the_other_function_in_a_helper():
    assert not workers.threads_running(), (  # an earlier test's thread: its cleanup to fix
        "threads running, forking is unsafe: " + ", ".join(t.name for t in threading.enumerate()))
    if not workers.can_fork(None):
        pytest.skip(f"this machine cannot fork a helper: {os.cpu_count()} CPU(s), start methods "
                    + ", ".join(multiprocessing.get_all_start_methods()))
    mine, theirs = workers.alongside(_pid, _pid)
    assert mine == os.getpid() and theirs != os.getpid()


def test_alongside_raises_the_helpers_exception_first():
    """The output folder's reason is given before the cache's, as when the two ran in turn."""
    with pytest.raises(Refused, match="theirs"):
        workers.alongside(partial(_raise, "mine"), partial(_raise, "theirs"))
    with pytest.raises(Refused, match="mine"):
        workers.alongside(partial(_raise, "mine"), _pid)


def test_alongside_without_forking_runs_both_here(monkeypatch):
    monkeypatch.setattr(workers, "can_fork", lambda jobs: False)
    assert workers.alongside(_pid, _pid) == (os.getpid(), os.getpid())
    with pytest.raises(Refused, match="theirs"):
        workers.alongside(partial(_raise, "mine"), partial(_raise, "theirs"))


def test_the_thread_guard_names_a_thread_a_test_left_running():
    """tests/conftest.py's guard (tests/threads.py): a thread started since ``before`` and still
    running after its grace is named, daemon or not; one that ends within the grace is not."""
    sys.path.insert(0, str(Path(__file__).parent))
    from threads import thread_names, threads_left, threads_now

    before = threads_now()
    stop = threading.Event()
    left = threading.Thread(target=stop.wait, name="left-behind", daemon=True)
    ending = threading.Thread(target=stop.wait, args=(0.05,), name="ending")
    left.start()
    ending.start()
    try:
        found = threads_left(before, grace=1.0)
        assert found == [left]
        assert thread_names(found) == "left-behind, daemon"
        assert thread_names([left, ending]) == "left-behind, daemon; ending"
    finally:
        stop.set()
        left.join()
    assert threads_left(before, grace=0.0) == []
