"""The criteria columns of an h9 file: their heading, the criteria it names, and what the
columns tell beyond the games (ratings, categories).

OpenGotha heads each criterion column with its short name, right-aligned in 5 characters and
cut to 5, so that names of 5 characters run together (``SOSSOSOS`` is SOS then SOSOS, and
``Ratin`` is Rating). A heading sitegen cannot name is an error (docs/placement.md, "h9
files"): no column is dropped unread.
"""

from __future__ import annotations

from ..model.common import Rank
from ..model.tournament import Criterion, System

_NAMES = ("SOSOS", "SODOS", "SOSTS", "SOS-1", "SOS-2", "Rating", "Ratin", "CUSS", "Rank", "NULL",
          "NONE", "SOS", "MMS", "NBW", "EXT", "EXR", "SDC", "DC", "CPS", "CAT", "STS")
"""The short names OpenGotha writes (``Ratin`` is ``Rating`` cut to 5), longest first where one
begins another; ``NULL`` and ``NONE`` head a column that holds no criterion."""

NO_CRITERION = ("NULL", "NONE")

_PLAIN = {"MMS": Criterion.MMS, "NBW": Criterion.NBW, "EXT": Criterion.EXT,
          "EXR": Criterion.EXR, "DC": Criterion.DC, "SDC": Criterion.SDC, "CPS": Criterion.CPS,
          "Rank": Criterion.RANK, "Rating": Criterion.RATING, "Ratin": Criterion.RATING,
          "CAT": Criterion.CAT, "STS": Criterion.STS, "SOSTS": Criterion.SOSTS}
"""Short names that name one criterion; SOS, SOS-1, SOS-2, SODOS, SOSOS and CUSS name the
Swiss or the McMahon one (by NBW or MMS among the columns)."""

_FAMILY = ("SOS", "SOS-1", "SOS-2", "SODOS", "SOSOS", "CUSS")


def split_heading(tokens: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Return the short names of the heading fields after ``Club``, each with its 1-based
    column: a field of names run together is split (``SOSSOSOS`` at 40 gives SOS at 40 and
    SOSOS at 43); a part no short name begins is returned whole, to be reported."""
    names: list[tuple[str, int]] = []
    for text, col in tokens:
        at = 0
        while at < len(text):
            name = next((n for n in _NAMES if text.startswith(n, at)), text[at:])
            names.append((name, col + at))
            at += len(name)
    return names


def unknown_names(names: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Return the heading names that are no criterion sitegen knows, with their columns."""
    return [(name, col) for name, col in names if name not in _NAMES]


def heading_criteria(names: list[str]) -> tuple[System, tuple[Criterion, ...]]:
    """Return the system and the criteria that known heading names give, in order (NULL and
    NONE left out): McMahon unless NBW is among them without MMS (then SOS is SOSW, ...)."""
    swiss = "NBW" in names and "MMS" not in names
    suffix = "W" if swiss else "M"
    criteria: list[Criterion] = []
    for name in names:
        if name in _FAMILY:
            base, tail = (name[:3], name[3:]) if name.startswith("SOS-") else (name, "")
            criteria.append(Criterion.parse(f"{base}{suffix}{tail}"))
        elif name in _PLAIN:
            criteria.append(_PLAIN[name])
    return (System.SWISS if swiss else System.MCMAHON), tuple(criteria)


def category_limits(categories: list[tuple[Rank, int]]) -> tuple[Rank, ...] | str:
    """Return the categories' lower limits that put each (rank, category) where the CAT
    column does, strongest first: category c starts at the lowest rank of its players (an
    empty category at the limit of the one before, so that nobody is in it); or the reason
    why no limits can (a player ranked above one of a better category)."""
    if not categories:
        return ()
    last = max(cat for _, cat in categories)
    ranks = {c: [rank.value for rank, cat in categories if cat == c] for c in range(1, last + 1)}
    limits: list[Rank] = []
    for c in range(1, last):
        if ranks[c]:
            low = min(ranks[c])
        else:
            low = limits[-1].value if limits else 8
        below = [v for k in range(c + 1, last + 1) for v in ranks[k]]
        if below and max(below) >= low:
            return (f"a player of category {c + 1} or below is ranked {Rank(max(below))}, as "
                    f"high as one of category {c} ({Rank(low)}): no rank limits give these "
                    "categories")
        limits.append(Rank(low))
    return tuple(limits)
