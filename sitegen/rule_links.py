"""Rule ids of the league text as links to the page that explains them (one place per id).

The league's outcome sentences, notes and column explanations cite the ids of
../shared/rules/000_8831272a7af7d6bd.txt ("league"): ``B.1``, ``A.i.2``, a section's letter in
parentheses ``(D)`` or after "criteria of" (``by the criteria of D``), the footnote ``[7]`` and
the part "final round". :func:`link_rule_ids` turns each into a link to its anchor
(:func:`rule_anchor`) on the league rules page (:data:`sitegen.urls.LEAGUE_RULES`); the text
itself is unchanged, so standings.json, the CSV and the command line, which word the same
sentences, are unaffected. Only the ids of :data:`RULE_IDS` are linked: the page explains each.

The tournament and ladder pages cite their texts' ids whole, in parentheses: "(placement: SOS)"
(../shared/rules/003_fac0675ce42e5780.txt) and "(ladder: handicap)" (004_a6a48a51e626b017.txt),
as the site's language words them (:func:`citation`). ``text|rule_links("placement")`` and
``text|rule_links("ladder")`` link each citation of :data:`CITED_IDS` to its anchor
(:func:`cited_anchor`) on the page of :data:`CITED_PAGES`, and nothing else (no league id).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from .urls import LADDER_RULES, SWISS_RULES, TOURNAMENT_RULES

if TYPE_CHECKING:
    from .i18n import Words

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


CITED_IDS: dict[str, tuple[str, ...]] = {
    "placement": ("NBW, MMS", "SOS", "SOSOS", "SODOS", "ExT, ExR", "CUSS", "Dir"),
    "ladder": ("club ladder", "handicap"),
    "swiss": ("the league", "tournaments", "pairings"),
}
"""The ids the tournament pages ("placement": the criteria of the placement text, its opening
line then its headings; sitegen.pages.tournament_words.RULE_IDS), the ladder pages
("ladder": the ladder text's parts "Club Ladder" and "Handicaps") and the Swiss league pages
("swiss": the Swiss league text's parts "The League", "The Tournaments", "The Pairings", the
rule ids of sitegen.engine.swiss and sitegen.engine.pairing) cite, in the texts' order."""

CITED_PAGES = {"placement": TOURNAMENT_RULES, "ladder": LADDER_RULES, "swiss": SWISS_RULES}
"""The page that explains each text's ids."""


def citation(text: str, rule: str, lang: Words) -> str:
    """Return how the pages cite ``rule`` of ``text`` ("placement", "ladder", "swiss") in
    ``lang``'s words, without the parentheses: en ``placement: SOS``, ``ladder: handicap``,
    ``swiss: pairings``; pl ``klasyfikacja: SOS``, ``drabinka: fora``; fr ``départage : SOS``,
    ``échelle : handicap``."""
    if text == "placement":
        return str(lang._("placement: {id}")).format(id=rule)
    # the ladder's and the Swiss league's parts, each cited by its own words
    parts = {"club ladder": lambda: lang.pgettext("rule", "ladder: club ladder"),
             "handicap": lambda: lang.pgettext("rule", "ladder: handicap"),
             "the league": lambda: lang.pgettext("rule", "swiss: the league"),
             "tournaments": lambda: lang.pgettext("rule", "swiss: tournaments"),
             "pairings": lambda: lang.pgettext("rule", "swiss: pairings")}
    return str(parts[rule]())


def cited_anchor(text: str, rule: str) -> str:
    """Return the anchor of a cited id on its page: ``placement`` ``NBW, MMS`` ->
    ``placement-NBW-MMS``, ``ExT, ExR`` -> ``placement-ExT-ExR``, ``ladder`` ``club ladder`` ->
    ``ladder-club-ladder``."""
    return text + "-" + re.sub(r"[ ,]+", "-", rule)


def cited_links(lang: Words, url: Callable[[str], str]) -> dict[str, dict[str, str]]:
    """Return, for each text of :data:`CITED_IDS`, ``{citation: link}``: each id's
    :func:`citation` in ``lang``'s words and the address of its anchor (``url``: a page's
    address with the site's base path)."""
    return {text: {citation(text, rule, lang): f"{url(CITED_PAGES[text])}#{cited_anchor(text, rule)}"
                   for rule in rules} for text, rules in CITED_IDS.items()}


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


def _cited_pattern(links: dict[str, str]) -> re.Pattern[str]:
    """A citation of ``links`` between parentheses (longest first: none is cut short)."""
    said = sorted((re.escape(str(escape(c))) for c in links), key=len, reverse=True)
    return re.compile(r"(?<=\()(?:" + "|".join(said) + r")(?=\))")


class RuleLinks:
    """The ``rule_links`` filter of one environment: ``text|rule_links`` is ``text`` escaped,
    each league rule id in it a link to ``page`` (the rules page's address, base path
    included) at the id's anchor. ``final_round`` is the part "final round" as the site's
    language cites it (``(final round)``, league_words.rule_id). ``text|rule_links("placement")``
    (or ``"ladder"``, ``"swiss"``) links instead the citations of ``cited`` (:func:`cited_links`) in
    it."""

    def __init__(self, page: str, final_round: str, cited: dict[str, dict[str, str]] | None = None) -> None:
        self.page = page
        self.final_round = final_round
        self.pattern = _pattern(final_round)
        self.cited = {text: (_cited_pattern(links), {str(escape(c)): href for c, href in links.items()})
                      for text, links in (cited or {}).items()}

    def rule(self, found: re.Match[str]) -> str:
        text = found.group(0)
        rule = "final round" if found.lastgroup == "final" else text
        if rule not in RULE_IDS:
            return text
        return f'<a class="rule-id" href="{self.page}#{rule_anchor(rule)}">{text}</a>'

    def __call__(self, text: str, cited: str = "") -> Markup:
        if not cited:
            return Markup(self.pattern.sub(self.rule, str(escape(text))))
        pattern, links = self.cited[cited]
        return Markup(pattern.sub(lambda found: f'<a class="rule-id" href="{links[found.group(0)]}">'
                                                f'{found.group(0)}</a>', str(escape(text))))
