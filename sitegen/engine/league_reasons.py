"""Why the league engine decided what it did, as data: a :class:`Reason` per decision.

The engine words nothing: each decision carries the kind of its step (``GROUP_LEADER``,
``NEW_BOTTOM``, ``E1_NEEDS``, ...) and the players, divisions and numbers involved, by name.
The words are made from them in one place, :mod:`sitegen.pages.league_words`, in the site's
language or in English on the command line. A reason may hold another (``E1_NEEDS`` holds the
pick that E.1 made, ``NEW_BOTTOM`` why the bottom division).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """One reason of the league rules: its ``kind`` and its named values (``args``, sorted by
    name: strings, numbers, or a nested Reason). Frozen and hashable, compared by value."""

    kind: str
    args: tuple[tuple[str, object], ...] = ()

    def arg(self, name: str, default: object = None) -> object:
        """Return the value named ``name``, ``default`` when the reason has none."""
        return dict(self.args).get(name, default)


def reason(kind: str, **args: object) -> Reason:
    """Return the Reason of ``kind`` with ``args``: ``reason("FIXED_PROMOTION", count=2)``."""
    return Reason(kind, tuple(sorted(args.items())))
