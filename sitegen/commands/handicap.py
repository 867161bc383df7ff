"""``sitegen handicap RUNG RUNG``: print the ladder handicap for a game between two rungs."""

from __future__ import annotations

from typing import TextIO

from ..engine.ladder import handicap as ladder_handicap
from ..model.common import Colour
from ..model.ladder import DEFAULT_RUNGS, Rung, RungList, format_decimal, parse_rung

_COLOUR = {Colour.WHITE: "White", Colour.BLACK: "Black"}


def handicap(rung_a: str, rung_b: str, out: TextIO, rungs: RungList | None = None) -> int:
    """Print the handicap of a ladder game between two rungs; return the exit code.

    Prints the strengths, the handicap in levels, who takes White, the stones, the komi
    (points, and to whom) and who plays first (ladder: handicap). Returns 0, or 2 after
    printing a message naming the accepted forms or the closest rung when a rung does not
    parse or is not on ``rungs`` (default: the text's list, 25k to 5d).
    """
    rungs = DEFAULT_RUNGS if rungs is None else rungs
    parsed: list[Rung] = []
    failed = False
    for text in (rung_a, rung_b):
        try:
            parsed.append(parse_rung(text, rungs))
        except ValueError as error:
            out.write(f"sitegen handicap: error: {error}\n")
            failed = True
    if failed:
        return 2
    a, b = parsed
    result = ladder_handicap(a, b)
    difference = abs(a.strength - b.strength)
    out.write(f"{a} against {b} (ladder: handicap)\n")
    out.write(f"strengths: {a} = {format_decimal(a.strength)}, {b} = {format_decimal(b.strength)}; "
              f"difference {format_decimal(difference)}\n")
    capped = " (capped)" if difference >= result.levels + 1 else ""
    out.write(f"handicap: {result.levels} level{'s' if result.levels != 1 else ''}{capped}\n")
    if result.nigiri:
        out.write("White: either player (equal rungs: decide colours by nigiri)\n")
    else:
        out.write(f"White: {result.white} (the stronger player)\n")
        out.write(f"Black: {result.black}\n")
    out.write(f"stones: {result.stones}\n")
    if result.komi_to is None:
        out.write("komi: none\n")
    else:
        out.write(f"komi: {format_decimal(result.komi)} to {_COLOUR[result.komi_to]}\n")
    if result.stones:
        out.write(f"first move: White (after Black's {result.stones} handicap stones)\n")
    else:
        out.write(f"first move: {_COLOUR[result.first]}\n")
    return 0

