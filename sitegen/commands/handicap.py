"""``sitegen handicap RUNG RUNG [--ladder ID]``: print the ladder handicap for a game between
two rungs, with a ladder's own rung list and handicap settings."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from ..diagnostics import (Diagnostic, Diagnostics, SitegenError, SourcePos, command_pos,
                           did_you_mean)
from ..engine.ladder import handicap as ladder_handicap
from ..model.common import Colour
from ..model.ladder import (DEFAULT_RUNGS, ClubLadder, HandicapRules, Rung, RungList,
                            format_decimal, parse_rung)
from ..rulesets import holding, load_rule_set
from ..validate import read_common

_COLOUR = {Colour.WHITE: "White", Colour.BLACK: "Black"}


def ladder_of(content_dir: Path, ladder_id: str | None) -> ClubLadder | None:
    """Return the ladder ``ladder_id`` of the content, or without an id the content's only
    ladder; None (the text's rungs and handicap) when there is no content or no ladder.

    Raises SitegenError for an unknown id, for several ladders and no id, and for errors in
    the players or ladder files."""
    pos = command_pos("sitegen handicap")
    if not content_dir.is_dir():
        if ladder_id is not None:
            raise SitegenError([_problem(pos, f"--ladder {ladder_id}: no content folder "
                                              f"{content_dir}", "run it where content/ is, or pass --content")])
        return None
    diags = Diagnostics()
    common = read_common(content_dir, diags)
    ladders = load_rule_set(holding(ClubLadder), content_dir, common, diags) if common else ()
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    ids = [ladder.id for ladder in ladders]
    if ladder_id is None:
        if len(ladders) > 1:
            raise SitegenError([_problem(pos, f"the content has {len(ladders)} ladders",
                                         "choose one with --ladder: " + ", ".join(ids))])
        return ladders[0] if ladders else None
    for ladder in ladders:
        if ladder.id == ladder_id:
            return ladder
    raise SitegenError([_problem(pos, f"no ladder '{ladder_id}' in {content_dir}",
                                 did_you_mean(ladder_id, ids) or
                                 ("the ladders are: " + ", ".join(ids) if ids else "the content has no ladder"))])


def _problem(pos: SourcePos, message: str, hint: str) -> Diagnostic:
    return Diagnostic(pos, message, "handicap.ladder", hint)


def handicap(rung_a: str, rung_b: str, out: TextIO, rungs: RungList | None = None,
             rules: HandicapRules | None = None, ladder_name: str | None = None) -> int:
    """Print the handicap of a ladder game between two rungs; return the exit code.

    Prints the strengths, the handicap in levels, who takes White, the stones, the komi
    (points, and to whom) and who plays first (ladder: handicap), by ``rules`` (default: the
    text's). Returns 0, or 2 after printing a message naming the accepted forms or the closest
    rung when a rung does not parse or is not on ``rungs`` (default: the text's list, 25k to
    5d). ``ladder_name`` names the ladder whose rungs and rules are used.
    """
    rungs = DEFAULT_RUNGS if rungs is None else rungs
    rules = HandicapRules() if rules is None else rules
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
    result = ladder_handicap(a, b, rules)
    difference = abs(a.strength - b.strength)
    out.write(f"{a} against {b} (ladder: handicap)" + (f", ladder {ladder_name}" if ladder_name else "")
              + "\n")
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

