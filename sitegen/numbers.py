"""Read the numbers written in content: plain decimals of bounded length, each within its range.

Every number of a content file (komi, gamepoints, bye values, rungs, margins, ratings,
handicaps, ...) is text until a validator converts it. Python's own conversions accept far
more than a person writes: ``Fraction("1e100000000")`` computes a hundred-million-digit
integer (minutes, or memory exhausted), and ``int`` and ``Fraction`` also take ``1_000``,
digits of other scripts (``١٢``) and, for ``float``, ``inf`` and ``nan``. So the text's shape
and length are checked first, and only then is it converted and held to the field's range
(docs/content-format.md, "Numbers").

Accepted forms: an optional sign, at most :data:`MAX_DIGITS` ASCII digits, and optionally a
point followed by 1 to :data:`MAX_PLACES` digits: ``6.5``, ``-3``, ``+2``, ``0.25``, ``.5``.
Fields counted in points may also take a fraction of two small whole numbers (``1/2``) or
``½``. Exponents, ``inf``, ``nan``, ``1_000``, ``6.`` and spaces inside are refused.
"""

from __future__ import annotations

import re
from fractions import Fraction

MAX_DIGITS = 9
"""Most digits before the decimal point (or in a whole number)."""
MAX_PLACES = 6
"""Most digits after the decimal point."""

_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,%d}(?:\.[0-9]{1,%d})?|\.[0-9]{1,%d})"
                      % (MAX_DIGITS, MAX_PLACES, MAX_PLACES))
_WHOLE = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS)
_RATIO = re.compile(r"([0-9]{1,3})/([0-9]{1,3})")
_DIGITS_ONLY = re.compile(r"[+-]?[0-9]*(?:\.[0-9]*)?")


def shown_number(text: str) -> str:
    """Return the text of a number short enough for a message."""
    return text if len(text) <= 24 else text[:20] + "..."


def _refuse(text: str, what: str, whole: bool = False) -> ValueError:
    """Return the error for a text that is not a plain number: too long, or another shape."""
    shown = shown_number(text)
    if _DIGITS_ONLY.fullmatch(text) and any(c in "0123456789" for c in text):
        before, point, after = text.lstrip("+-").partition(".")
        if whole and not point:
            return ValueError(f"'{shown}' is not {what} of at most {MAX_DIGITS} digits")
        if not whole and (len(before) > MAX_DIGITS or len(after) > MAX_PLACES):
            return ValueError(f"'{shown}' has too many digits for {what} (at most {MAX_DIGITS} "
                              f"before the point and {MAX_PLACES} after it)")
    return ValueError(f"'{shown}' is not {what}")


def format_number(value: Fraction | int) -> str:
    """Return ``value`` as a message shows it: ``-100``, ``0.5``, ``1/3``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator in (2, 4, 5, 8, 10, 20, 25, 50, 100):
        return str(float(value))
    return str(value)


def parse_decimal(text: str, low: Fraction | int, high: Fraction | int, *,
                  step: Fraction | None = None, what: str = "a number",
                  ratio: bool = False) -> Fraction:
    """Return the exact value of a plain decimal ``text`` from ``low`` to ``high`` (inclusive).

    ``step``: the value must be a whole multiple of it (``Fraction(1, 2)``: whole or half
    points). ``ratio``: ``1/2`` (at most three digits each side) and ``½`` are accepted too.
    ``what`` names the field's kind in messages (``"a komi"``). Surrounding spaces are
    ignored. Raises ValueError naming the problem: not a plain number (an exponent, ``inf``,
    letters), too many digits, out of range, or not a multiple of ``step``.
    """
    word = text.strip()
    if _DECIMAL.fullmatch(word):
        value = Fraction(word)  # bounded length: fast and exact
    elif ratio and (word == "½" or _RATIO.fullmatch(word)):
        numerator, _, denominator = ("1/2" if word == "½" else word).partition("/")
        if int(denominator) == 0:
            raise ValueError(f"'{shown_number(text)}' divides by zero")
        value = Fraction(int(numerator), int(denominator))
    else:
        raise _refuse(word, what)
    if not low <= value <= high:
        raise ValueError(f"{shown_number(word)} is out of range {format_number(low)}..{format_number(high)}")
    if step is not None and value % step:
        raise ValueError(f"'{shown_number(word)}' is not {what} in steps of {format_number(step)}")
    return value


def parse_whole(text: str, low: int | None = None, high: int | None = None, *,
                what: str = "a whole number") -> int:
    """Return the whole number ``text`` (at most :data:`MAX_DIGITS` digits, optional sign)
    from ``low`` to ``high`` (inclusive; None: no bound beyond the digits).

    Raises ValueError when it is not a plain whole number or out of range.
    """
    word = text.strip()
    if not _WHOLE.fullmatch(word):
        raise _refuse(word, what, whole=True)
    number = int(word)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{number} is out of range {low}..{high}")
    return number


# --------------------------------------------------------------------------- shared fields

HALF = Fraction(1, 2)
QUARTER = Fraction(1, 4)
KOMI_LIMIT = 100
"""Komi goes from -100 to 100 points, in whole or half points."""


def parse_komi(text: str) -> Fraction:
    """Return a komi in points: -100 to 100, whole or half (``6.5``, ``0.5``, ``-3``).

    Used for league games, tournaments and imported files. Raises ValueError otherwise.
    """
    return parse_decimal(text, -KOMI_LIMIT, KOMI_LIMIT, step=HALF, what="a komi")
