"""Ids for what an outside file names only by text: players by their names, a tournament by
its title."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container, Iterable

_FOLD = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "ß": "ss", "Đ": "D", "đ": "d",
                       "Æ": "AE", "æ": "ae"})
"""Letters that Unicode does not decompose into an ASCII letter and a mark."""


def slug(text: str) -> str:
    """Return ``text`` as an id: ASCII letters and digits, lower-cased, runs of anything else
    as one ``-`` (``Zoé Abelard`` -> ``zoe-abelard``); empty when no letter or digit is left."""
    ascii_text = unicodedata.normalize("NFKD", text.translate(_FOLD)).encode("ascii", "ignore")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.decode().lower()).strip("-")


def unique_id(base: str, taken: Container[str]) -> str:
    """Return ``base``, or ``base-2``, ``base-3``, ... : the first not in ``taken``."""
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}-{n}", n + 1
    return ident


class UniqueIds:
    """Ids made unique one after the other, as :func:`unique_id` makes them (``base``, then
    ``base-2``, ``base-3``, ...: the first not taken), in time linear in the ids made: the ids
    taken are a set, and each base remembers the suffix after the last one it gave (the ids
    taken only grow, so every smaller suffix is still taken). 100,000 players of one name take
    100,000 steps, not 5 billion."""

    def __init__(self, taken: Iterable[str] = ()):
        self.taken: set[str] = set(taken)
        self._next: dict[str, int] = {}

    def __contains__(self, ident: object) -> bool:
        return ident in self.taken

    def add(self, ident: str) -> None:
        """Mark ``ident`` taken (an id kept from before, not made here)."""
        self.taken.add(ident)

    def make(self, base: str) -> str:
        """Return the first of ``base``, ``base-2``, ... not taken, and mark it taken."""
        ident, n = base, self._next.get(base, 2)
        if ident in self.taken:
            while (ident := f"{base}-{n}") in self.taken:
                n += 1
            self._next[base] = n + 1
        self.taken.add(ident)
        return ident
