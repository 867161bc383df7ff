"""Placement criteria (tie-breakers) of Go tournaments, as OpenGotha computes them.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("placement"), with OpenGotha's exact
definitions (../shared/reference/opengotha.md). Values are exact Fractions. The modules, one
job each (docs/placement.md, "Where each criterion lives"):

- :mod:`.rules`: every criterion read as the rule text, one function each (``nbw``, ``mms``,
  ``sos``, ``sos_minus``, ``sosos``, ``sodos``, ``cuss``, ``ext``, ``exr``, ``cps``, ``sts``,
  ``sosts``, ``smms``, ``category``); :mod:`.rules_standings`: the order and direct
  confrontation (``dc``, ``sdc``, ``dir_``) read as the text, ``standings_by_rule``.
- :mod:`.scores` and :mod:`.fast`: the fast form the site uses (base scores once per
  tournament, every criterion of every player per round; ``RoundByRound``: the standings after
  any round from them); :mod:`.direct_confrontation`: its
  DC and SDC. ``tests/properties/test_placement_by_rule.py`` ties it to the rule form.
- :mod:`.rows`: a line of the standings and its game strings; :mod:`.coherence`: the check
  of a criteria list.
"""

from .coherence import MAX_CRITERIA, CriteriaProblem, check_criteria
from .fast import RoundByRound, compute_values, standings, standings_by_round
from .rows import PlacementRow, Participation, format_value, opengotha_text
from .rules import category, smms, sodos_of_results, values_by_rule
from .rules_standings import standings_by_rule

__all__ = ["MAX_CRITERIA", "CriteriaProblem", "Participation", "PlacementRow", "RoundByRound", "category",
           "check_criteria", "compute_values", "format_value", "opengotha_text", "smms",
           "sodos_of_results", "standings", "standings_by_round", "standings_by_rule", "values_by_rule"]
