"""The sentences under a tournament's standings that say how its scores are counted: the
McMahon bar and floor, what a bye and a declared absence add to each score, and how those
points are rounded (placement: NBW, MMS; opengotha.md 1.2: "only the accumulated
special-result points are rounded down")."""

from __future__ import annotations

import math
from fractions import Fraction

from ..display import format_points
from ..i18n import N_, Words
from ..model.tournament import Criterion, System, Tournament, TournamentParameters
from .league_words import clauses_joined

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


# --------------------------------------------------------------------------- the order, by the table

RULE_IDS: dict[Criterion, str] = {
    Criterion.NBW: "NBW, MMS", Criterion.MMS: "NBW, MMS",
    Criterion.SOSW: "SOS", Criterion.SOSM: "SOS", Criterion.SOSW_1: "SOS", Criterion.SOSW_2: "SOS",
    Criterion.SOSM_1: "SOS", Criterion.SOSM_2: "SOS",
    Criterion.SOSOSW: "SOSOS", Criterion.SOSOSM: "SOSOS",
    Criterion.SODOSW: "SODOS", Criterion.SODOSM: "SODOS",
    Criterion.CUSSW: "CUSS", Criterion.CUSSM: "CUSS",
    Criterion.EXT: "ExT, ExR", Criterion.EXR: "ExT, ExR",
    Criterion.DC: "Dir", Criterion.SDC: "Dir",
}
"""The id of each criterion in the placement text (../shared/rules/003_fac0675ce42e5780.txt:
its opening line names the number of wins and the McMahon score, then its headings "SOS, SOSOS
and SODOS", "ExT, ExR", "CUSS", "Dir"); CPS, STS, SOSTS, CAT, Rank and Rating are OpenGotha's,
not the text's, and are cited with no id."""

SUMS_OF_MMS = frozenset({Criterion.SOSM, Criterion.SOSM_1, Criterion.SOSM_2, Criterion.SOSOSM, Criterion.SOSTS})
SUMS_OF_NBW = frozenset({Criterion.SOSW, Criterion.SOSW_1, Criterion.SOSW_2, Criterion.SOSOSW})


def order_steps(columns: list[dict[str, str]], lang: Words) -> list[str]:
    """Return how the places are reached, one item per criterion in order (``columns``:
    the page's ``{key, short, long}``, :func:`sitegen.pages.tournament.criterion_columns`), each
    citing its placement rule id when the text has one (:data:`RULE_IDS`): for Juvisy 2019
    "MMS (McMahon score), highest first (placement: NBW, MMS).", "If equal: SOSM (Sum of
    opponents' McMahon scores), highest first (placement: SOS).", "If still equal: SOSOSM (Sum
    of opponents' SOSM), highest first (placement: SOSOS)." (CAT: lowest first)."""
    steps = []
    for n, col in enumerate(columns):
        criterion = Criterion(col["key"])
        name = lang._("{short} ({long})").format(short=col["short"], long=col["long"])
        lowest = criterion is Criterion.CAT
        if n == 0:
            step = lang._("{criterion}, lowest first") if lowest else lang._("{criterion}, highest first")
        elif n == 1:
            step = (lang._("If equal: {criterion}, lowest first") if lowest else
                    lang._("If equal: {criterion}, highest first"))
        else:
            step = (lang._("If still equal: {criterion}, lowest first") if lowest else
                    lang._("If still equal: {criterion}, highest first"))
        step = step.format(criterion=name)
        if criterion in RULE_IDS:
            step += " (" + lang._("placement: {id}").format(id=RULE_IDS[criterion]) + ")"
        steps.append(step + ".")
    return steps


def without_game_text(t: Tournament, lang: Words) -> str:
    """Return what a round without a game (a bye, a declared absence, a round not paired) gives
    under the tournament's criteria, so that a place such as a player's who lost his only game
    and was absent three times (Juvisy 2019's 2nd) reads right: the bye's and the absence's
    points of the main score (MMS or NBW, whichever the criteria hold first), rounded down over
    the rounds when the tournament says so and one of them is not whole, and what the round
    counts in the first sum of opponents' scores among the criteria (SOSM and its kin: the
    player's own starting score; SOSW and its kin: 0; opengotha.md 1.3; placement: SOS).
    "" when the criteria hold no such score."""
    p = t.parameters
    main = next((c for c in p.criteria if c in (Criterion.MMS, Criterion.NBW)), None)
    sums_of_mms = next((c for c in p.criteria if c in SUMS_OF_MMS), None)
    sums_of_nbw = next((c for c in p.criteria if c in SUMS_OF_NBW), None)
    parts = []
    if main is not None:
        bye, absent = (p.mms_bye, p.mms_absent) if main is Criterion.MMS else (p.nbw_bye, p.nbw_absent)
        parts.append(lang._("a bye adds {bye} to the {score} and a declared absence {absent}").format(
            bye=format_points(bye, lang), score=main.value, absent=format_points(absent, lang)))
        if p.round_down and any(Fraction(v).denominator != 1 for v in (bye, absent)):
            parts[0] += " " + lang._("(added up over the rounds, then rounded down)")
    if sums_of_mms is not None:
        parts.append(lang._("in {criterion} the round counts the player's own starting score (from "
                            "their rank)").format(criterion=sums_of_mms.value))
    elif sums_of_nbw is not None:
        parts.append(lang._("in {criterion} the round counts 0").format(criterion=sums_of_nbw.value))
    if not parts:
        return ""
    text = lang._("A round without a game: {parts}.").format(parts=clauses_joined(parts, lang))
    if main is Criterion.MMS and sums_of_mms is not None:
        text += " " + lang._("So a strong player who missed rounds can stand above players with the same "
                             "MMS who played them.")
    return text
