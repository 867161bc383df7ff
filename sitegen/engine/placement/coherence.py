"""The coherence of a tournament's placement criteria list, as OpenGotha checks it
(placement: criteria; ../shared/reference/opengotha.md 1.1, ``checkCriteriaCoherence``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ...model.tournament import Criterion

MAX_CRITERIA = 6
"""At most six criteria (OpenGotha ``PlacementParameterSet``)."""


@dataclass(frozen=True)
class CriteriaProblem:
    """A problem of a criteria list: ``level`` is ``error`` or ``warning``."""

    level: str
    message: str
    hint: str = "OpenGotha warns of it too; the standings are computed as listed"


_DC_WITH_SDC = ("DC and SDC both appear; computed as OpenGotha does: both among the players "
                "tied on the criteria before the first of them, DC then ordered by the "
                "criteria after DC (SDC among them with the value just found)")


_SWISS_FAMILY = frozenset({Criterion.CAT, Criterion.NBW, Criterion.SOSW, Criterion.SOSW_1,
                 Criterion.SOSW_2, Criterion.SODOSW, Criterion.SOSOSW, Criterion.CUSSW,
                 Criterion.EXT, Criterion.EXR})
_MCMAHON_FAMILY = frozenset({Criterion.MMS, Criterion.SOSM, Criterion.SOSM_1, Criterion.SOSM_2,
                   Criterion.SODOSM, Criterion.SOSOSM, Criterion.CUSSM, Criterion.STS,
                   Criterion.SOSTS})
"""OpenGotha's two families (``checkCriteriaCoherence``); RANK, RATING, DC, SDC and CPS are
in neither."""


def check_criteria(criteria: Iterable[Criterion]) -> list[CriteriaProblem]:
    """Return the problems of an ordered criteria list (placement: criteria; OpenGotha checks).

    Error: more than six criteria (OpenGotha keeps six). Warnings: a criterion twice and DC
    with SDC (OpenGotha opens such a file and computes it: :mod:`.direct_confrontation`), and,
    as OpenGotha's coherence check: CPS with a criterion of either family, else McMahon and
    Swiss criteria mixed; SODOSM (not recommended); STS or SOSTS (only for a McMahon
    tournament whose top group plays an elimination bracket).
    """
    crits = list(criteria)
    problems: list[CriteriaProblem] = []
    if len(crits) > MAX_CRITERIA:
        problems.append(CriteriaProblem(
            "error", f"{len(crits)} placement criteria given; at most {MAX_CRITERIA} are allowed"))
    seen: set[Criterion] = set()
    repeated: set[Criterion] = set()
    for c in crits:
        if c in seen and c not in repeated:
            repeated.add(c)
            problems.append(CriteriaProblem(
                "warning", f"{c.value} appears more than once; computed as OpenGotha does: "
                "the same value again, which changes no place", "list each criterion once"))
        seen.add(c)
    if Criterion.DC in seen and Criterion.SDC in seen:
        problems.append(CriteriaProblem(
            "warning", _DC_WITH_SDC, "keep one of them (OpenGotha warns of it too)"))
    families = seen & (_SWISS_FAMILY | _MCMAHON_FAMILY)
    if Criterion.CPS in seen and families:
        others = ", ".join(c.value for c in crits if c in families)
        problems.append(CriteriaProblem(
            "warning", f"CPS (cup score) is mixed with McMahon or Swiss criteria ({others})"))
    elif seen & _SWISS_FAMILY and seen & _MCMAHON_FAMILY:
        swiss = ", ".join(c.value for c in crits if c in _SWISS_FAMILY)
        mm = ", ".join(c.value for c in crits if c in _MCMAHON_FAMILY)
        problems.append(CriteriaProblem(
            "warning", f"McMahon criteria ({mm}) are mixed with Swiss criteria ({swiss})"))
    if Criterion.SODOSM in seen:
        problems.append(CriteriaProblem("warning", "SODOSM is not recommended (OpenGotha)"))
    if seen & {Criterion.STS, Criterion.SOSTS}:
        problems.append(CriteriaProblem(
            "warning", "STS and SOSTS only make sense in a McMahon tournament whose top group "
            "plays a single-elimination bracket (OpenGotha)"))
    return problems
