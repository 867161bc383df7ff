"""sitegen/workers.py: :func:`alongside` runs one function in a forked helper while this process
runs another (the cached build checks its output folder while it reads its cache)."""

from __future__ import annotations

import os
from functools import partial
import threading

import pytest

from sitegen import workers


class Refused(Exception):
    pass


def _pid() -> int:
    return os.getpid()


def _raise(message: str) -> None:
    raise Refused(message)


def test_alongside_runs_the_other_function_in_a_helper():
    if not workers.can_fork(None):
        pytest.skip("this machine cannot fork a helper; threads running: "
                    + ", ".join(t.name for t in threading.enumerate()))
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
