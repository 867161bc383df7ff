"""The sentences under a tournament's standings that say how its scores are counted: the
McMahon bar and floor, what a bye and a declared absence add to each score, and how those
points are rounded (placement: NBW, MMS; opengotha.md 1.2: "only the accumulated
special-result points are rounded down")."""

from __future__ import annotations

import math
from fractions import Fraction

from ..display import format_points
from ..i18n import N_, Words
from ..model.tournament import System, Tournament, TournamentParameters

ROUNDING_EXAMPLES: dict[tuple[str, str], str] = {
    ("absence", "mms"): N_("one declared absence adds {one} to the McMahon score, two add {two}, "
                           "three add {three}"),
    ("absence", "nbw"): N_("one declared absence adds {one} to the number of wins, two add {two}, "
                           "three add {three}"),
    ("bye", "mms"): N_("one bye adds {one} to the McMahon score, two add {two}, three add {three}"),
    ("bye", "nbw"): N_("one bye adds {one} to the number of wins, two add {two}, three add {three}"),
}
"""The worked example of the rounding, for the first value of a bye or an absence that is not a
whole number (:func:`rounding_example`)."""


def rounding_example(p: TournamentParameters) -> tuple[str, str, Fraction] | None:
    """Return ``(kind, score, value)`` of the first bye or absence value that is not a whole
    number, absences first and the McMahon score first (the defaults: an absence's MMS ½), or
    None when every value is whole (then rounding changes nothing)."""
    for kind, score, value in (("absence", "mms", p.mms_absent), ("absence", "nbw", p.nbw_absent),
                               ("bye", "mms", p.mms_bye), ("bye", "nbw", p.nbw_bye)):
        if Fraction(value).denominator != 1:
            return kind, score, Fraction(value)
    return None


def parameters_text(t: Tournament, lang: Words) -> list[str]:
    """Return the sentences on the scores under a tournament's standings, one per list item:
    the system (McMahon bar and floor, or Swiss), a bye's and a declared absence's points,
    each named with its score, and how they are rounded (placement NBW, MMS)."""
    p = t.parameters
    lines = []
    if p.system is System.MCMAHON:
        lines.append(lang._("McMahon bar {bar}, floor {floor}: your starting score is your rank, "
                            "counted as {bar} if stronger and as {floor} if weaker.").format(
                                bar=p.bar, floor=p.floor))
    else:
        lines.append(lang._("Swiss system: the number of wins is the main score."))
    lines.append(lang._("A bye adds {wins} to the number of wins and {points} to the McMahon score.").format(
        wins=format_points(p.nbw_bye, lang), points=format_points(p.mms_bye, lang)))
    lines.append(lang._("A declared absence adds {wins} to the number of wins and {points} to the "
                        "McMahon score.").format(
                            wins=format_points(p.nbw_absent, lang), points=format_points(p.mms_absent, lang)))
    example = rounding_example(p)
    if example is not None:
        lines.append(_rounding_text(p, example, lang))
    if p.count_unplayed_as_half:
        lines.append(lang._("For the sums of opponents' scores, every game an opponent did not play "
                            "counts ½ point."))
    return lines


def _rounding_text(p: TournamentParameters, example: tuple[str, str, Fraction], lang: Words) -> str:
    """Return how the bye and absence points are rounded: added up over the rounds, then
    rounded down to a whole number when the tournament says so, with the example of one, two
    and three such rounds (the defaults: 0, 1 and 1 for an absence's ½); else not rounded."""
    if not p.round_down:
        return lang._("The points of byes and declared absences are not rounded.")
    kind, score, value = example
    counts = {name: format_points(Fraction(math.floor(n * value)), lang)
              for n, name in ((1, "one"), (2, "two"), (3, "three"))}
    return lang._("A player's points for byes and declared absences are added up over the rounds, "
                  "then rounded down to a whole number (the ½ of a jigo is never rounded): "
                  "{example}.").format(example=lang._(ROUNDING_EXAMPLES[kind, score]).format(**counts))
