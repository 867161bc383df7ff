"""Placement criteria (tie-breakers) of Go tournaments, as OpenGotha computes them.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("placement"), with OpenGotha's exact
definitions (../shared/reference/opengotha.md). Values are exact Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable


def sodos(results: Iterable[tuple[Fraction, Fraction]]) -> Fraction:
    """Return SODOS, the sum of defeated opponents' scores (placement: SODOS).

    ``results`` holds, for each game that counts, ``(points the player scored in it,
    the opponent's score)``: a win adds the opponent's whole score, a jigo half of it,
    a loss nothing. Forfeit wins count (OpenGotha SODOSW).
    """
    return sum((points * opponent_score for points, opponent_score in results), Fraction(0))
