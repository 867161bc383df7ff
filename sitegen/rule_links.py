"""Rule ids of the league text as links to the page that explains them (one place per id).

The league's outcome sentences, notes and column explanations cite the ids of
../shared/rules/000_8831272a7af7d6bd.txt ("league"): ``B.1``, ``A.i.2``, a section's letter in
parentheses ``(D)`` or after "criteria of" (``by the criteria of D``), the footnote ``[7]`` and
the part "final round". :func:`link_rule_ids` turns each into a link to its anchor
(:func:`rule_anchor`) on the league rules page (:data:`sitegen.urls.LEAGUE_RULES`); the text
itself is unchanged, so standings.json, the CSV and the command line, which word the same
sentences, are unaffected. Only the ids of :data:`RULE_IDS` are linked: the page explains each.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

RULE_IDS = ("A", "A.i", "A.i.1", "A.i.2", "A.i.3", "A.i.4", "A.i.5", "A.ii", "A.ii.1", "A.ii.2",
            "B", "B.1", "B.2", "B.3", "B.4", "B.5",
            "C", "C.1", "C.2", "C.3", "C.4", "C.5",
            "D", "D.1", "D.2", "E", "E.1", "final round", "[7]")
"""Every id the league rules page explains, in the text's order ("final round": the text's
part on the final round; ``[7]``: its footnote on the advantaged position)."""

_DOTTED = r"(?<![\w.])(?P<dotted>[A-E]\.(?:ii?\.[1-5]|ii?|[1-5]))(?![\w.])"
_SECTION = r"(?<=\()(?P<paren>[A-E])(?=[),])"
# a section's letter after the words that cite it as a rule in the catalogs' languages:
# "by the criteria of D", "next direct promotion spot by D" (en), "według kryteriów D",
# "według D" (pl), "selon les critères de D", "selon D" (fr); never "division D"
_CITED = (r"(?:(?<=criteria of )|(?<=criterion of )|(?<=spot by )|(?<=kryteriów )|(?<=kryterium )"
          r"|(?<=według )|(?<=critères de )|(?<=critère de )|(?<=selon ))(?P<cited>[A-E])(?![\w.])")
_NOTE = r"(?<=\()(?P<note>\[7\])(?=\))"


def rule_anchor(rule: str) -> str:
    """Return the anchor of a rule id on the league rules page: ``B.1`` -> ``rule-B-1``,
    ``A.i.2`` -> ``rule-A-i-2``, ``final round`` -> ``rule-final-round``, ``[7]`` -> ``rule-note-7``."""
    if rule == "final round":
        return "rule-final-round"
    if rule.startswith("["):
        return "rule-note-" + rule.strip("[]")
    return "rule-" + rule.replace(".", "-")


def _pattern(final_round: str) -> re.Pattern[str]:
    words = r"(?<=\()(?P<final>" + re.escape(str(escape(final_round))) + r")(?=\))"
    return re.compile("|".join((_DOTTED, _SECTION, _CITED, _NOTE, words)))


class RuleLinks:
    """The ``rule_links`` filter of one environment: ``text|rule_links`` is ``text`` escaped,
    each league rule id in it a link to ``page`` (the rules page's address, base path
    included) at the id's anchor. ``final_round`` is the part "final round" as the site's
    language cites it (``(final round)``, league_words.rule_id)."""

    def __init__(self, page: str, final_round: str) -> None:
        self.page = page
        self.final_round = final_round
        self.pattern = _pattern(final_round)

    def rule(self, found: re.Match[str]) -> str:
        text = found.group(0)
        rule = "final round" if found.lastgroup == "final" else text
        if rule not in RULE_IDS:
            return text
        return f'<a class="rule-id" href="{self.page}#{rule_anchor(rule)}">{text}</a>'

    def __call__(self, text: str) -> Markup:
        return Markup(self.pattern.sub(self.rule, str(escape(text))))
