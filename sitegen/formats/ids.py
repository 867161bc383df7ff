"""Ids for what an outside file names only by text: players by their names, a tournament by
its title."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container

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
