"""The placement and ladder rules pages (``tournaments/rules/``, ``ladders/rules/``): each id the
tournament and ladder pages cite, in plain words.

The tournament pages' "How the places are decided" cites the placement text's ids
(../shared/rules/003_fac0675ce42e5780.txt, "(placement: SOS)"), the ladder pages the ladder
text's parts (004_a6a48a51e626b017.txt, "(ladder: handicap)"); ``text|rule_links("placement")``
and ``("ladder")`` (:mod:`sitegen.rule_links`) link each to its anchor here
(:func:`sitegen.rule_links.cited_anchor`). Every id of :data:`sitegen.rule_links.CITED_IDS` has
an entry, headed by the citation the pages show (:func:`sitegen.rule_links.citation`). A page is
made only when the site has a tournament (a ladder): the pages that cite it are theirs.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Words
from ..plan import Page, SitePlan
from ..rule_links import CITED_IDS, CITED_PAGES, citation, cited_anchor

EXPLAINED: dict[str, dict[str, str]] = {
    "placement": {
        "NBW, MMS": N_("The score the places go by first. In a Swiss tournament it is the number of "
                      "wins (NBW: 1 for a win, ½ for a jigo); in a McMahon tournament the McMahon "
                      "score (MMS): the starting score the player's rank gives, plus the number of "
                      "wins. A bye and a declared absence add the points the tournament sets. "
                      "Players with the same score are told apart by the tie-breakers below, in "
                      "the order the tournament chose."),
        "SOS": N_("Sum of Opponents' Scores: the scores of the player's opponents, added up, as they "
                  "stand after the round shown (not as they stood at the time of the game). SOS "
                  "covers both kinds of score: SOSM adds up the opponents' McMahon scores (the "
                  "usual one, the text says) and SOSW their numbers of wins. SOSM-1 and SOSM-2 "
                  "(SOSW-1, SOSW-2) leave out the lowest one or two of them."),
        "SOSOS": N_("Sum of Opponents' SOS: the SOS of each of the player's opponents, added up "
                    "(SOSOSM over McMahon scores, SOSOSW over wins)."),
        "SODOS": N_("Sum of Defeated Opponents' Scores: the scores of the opponents the player beat, "
                    "added up, and half the score of an opponent whose game with the player ended "
                    "in a jigo (SODOSM over McMahon scores, SODOSW over wins)."),
        "ExT, ExR": N_("Exploits tentés, exploits réussis (feats tried, feats achieved): how hard the "
                       "player's games were. Each game is weighed by its handicap against the "
                       "handicap the two ranks call for: 0 when it was easier for the player, 1 "
                       "when it was the same, 2 when one stone harder, 3 when two or more harder. "
                       "ExT adds up the opponents' scores so weighed, ExR only those of the "
                       "opponents the player beat."),
        "CUSS": N_("Cumulative Sum of Scores: the player's own score after round 1, plus their score "
                   "after round 2, and so on up to the round shown. It favours the player who won "
                   "the early games, and it does not depend on how the opponents did later."),
        "Dir": N_("Direct confrontation: among players still level, one who beat every other of them "
                  "and lost to none is placed above them; otherwise it does not tell them apart. "
                  "The tournament's parameters say which of OpenGotha's two forms it follows, DC "
                  "or the simplified SDC."),
    },
    "ladder": {
        "club ladder": N_("Every member stands on a rung, from 25k (the weakest) up to 5d. After a "
                          "ladder game the winner goes up one rung and the loser down one; a jigo "
                          "leaves both where they are. Nobody goes below the lowest rung, and an "
                          "anchor's rung (a strong player's) does not move. The rungs are not evenly "
                          "spaced: whole grades up to 20k, half grades up to 10k, fifths of a grade "
                          "up to 1 kyu and tenths among the dan rungs. After a tournament a member "
                          "may move to the rung the tournament showed."),
        "handicap": N_("The stronger player takes White. For the handicap a rung counts as a "
                       "strength: x kyu is -x, y dan is y - 1 (13.5k is -13.5, 1.3d is 0.3). The "
                       "handicap is the difference of the two strengths, its fraction dropped, at "
                       "most 14. Up to nine levels are stones, and each level beyond them is 10 "
                       "komi to Black; then White moves. At handicap 1 Black plays first without "
                       "komi; at 0 White receives 6 komi and Black plays first. For example 1.3d "
                       "and 13.5k are 13.8 apart: handicap 13, 9 stones and 40 komi to Black. A "
                       "ladder may set other numbers; its handicap page shows them."),
    },
}
"""What each cited id says, in plain words (every id of :data:`sitegen.rule_links.CITED_IDS`)."""

TITLES = {"placement": N_("The placement criteria, id by id"),
          "ladder": N_("The ladder rules, part by part")}
INTROS = {"placement": N_("The tournament pages say how the places are decided, citing for each "
                          "criterion its id in the placement rules the tournaments follow, such as "
                          "SOS. Each citation is a link to its explanation here."),
          "ladder": N_("The ladder pages cite the part of the ladder's rules behind a rung or a "
                       "handicap: the club ladder or the handicap. Each citation is a link to its "
                       "explanation here.")}
DESCRIPTIONS = {"placement": N_("What each placement criterion cited on the tournament pages means, in plain words"),
                "ladder": N_("What each part of the ladder rules cited on the ladder pages means, in plain words")}


def cited_rules_context(text: str, lang: Words) -> dict[str, Any]:
    """Return the rules page of ``text`` ("placement", "ladder"): ``title``, ``intro``,
    ``description`` and ``rules``, each ``{"id", "anchor", "text"}`` in the text's order, ``id``
    being the citation as the pages show it in the site's language ("placement: SOS")."""
    return {"title": lang._(TITLES[text]), "intro": lang._(INTROS[text]),
            "description": lang._(DESCRIPTIONS[text]),
            "rules": [{"id": citation(text, rule, lang), "anchor": cited_anchor(text, rule),
                       "text": lang._(EXPLAINED[text][rule])} for rule in CITED_IDS[text]]}


def plan_cited_rules(plan: SitePlan, text: str, lang: Words) -> None:
    """Add the rules page of ``text`` (:data:`sitegen.rule_links.CITED_PAGES`) to ``plan``."""
    plan.add(Page(CITED_PAGES[text], "cited_rules.html", cited_rules_context(text, lang)))
