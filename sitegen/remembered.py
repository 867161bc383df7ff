"""Tables one build leaves for the next build in the same process: the dev server's speed paths.

A large content file's last parse (:func:`sitegen.load.parse_yaml_again`), a ladder's log
entries (sitegen.validate.ladder), its replay (:func:`sitegen.engine.ladder.remembered_replay`)
and what its pages were made from (sitegen.pages.ladder) are kept here so that an edit near the
end of a 20,000-game log costs its few changed entries, not the whole log (docs/architecture.md,
"Builds in one process"). Each table is only a shortcut: what is found in it is used only where
it is the same as what would be made anew, so a build gives the same site with the tables
empty. :func:`set_aside` runs a build as a new process would, for the tests that say so.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

_TABLES: list[dict[Any, Any]] = []


def table() -> dict[Any, Any]:
    """Return a new empty table, known to :func:`set_aside`."""
    new: dict[Any, Any] = {}
    _TABLES.append(new)
    return new


@contextlib.contextmanager
def set_aside() -> Iterator[None]:
    """Run the ``with`` block with every table empty, as in a new process; put them back after."""
    saved = [dict(t) for t in _TABLES]
    for t in _TABLES:
        t.clear()
    try:
        yield
    finally:
        for t, kept in zip(_TABLES, saved):
            t.clear()
            t.update(kept)
