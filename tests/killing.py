"""A script that runs sitegen and SIGKILLs it just before its k-th counted step of writing under
content/: the interrupted-write tests of tests/test_import.py and tests/test_interrupt.py."""

from __future__ import annotations

_SCRIPT = '''\
"""Run sitegen and SIGKILL it just before its {k}th counted step under content/."""
import os, signal, sys
from pathlib import Path
from sitegen.cli import main

content = str(Path("content").resolve())
count = 0


def before(fn, counts):
    def wrapper(*args, **kwargs):
        global count
        if counts(args):
            count += 1
            if count == {k}:
                os.kill(os.getpid(), signal.SIGKILL)
        return fn(*args, **kwargs)
    return wrapper


def under_content(args):
    return any(isinstance(a, (str, Path)) and os.path.abspath(a).startswith(content) for a in args[:2])


{counted}
os.fsync = before(os.fsync, lambda args: True)
sys.exit(main(sys.argv[1:]))
'''


def killer(k: int, counted: str) -> str:
    """Return the script's text: ``counted`` wraps the ``os`` functions whose calls under
    content/ count as steps (each with ``before(fn, counts)``); ``os.fsync`` always counts."""
    return _SCRIPT.replace("{k}", str(k)).replace("{counted}", counted)
