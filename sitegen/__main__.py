"""``python -m sitegen``: the same as the ``sitegen`` command."""

from .cli import run

run()
