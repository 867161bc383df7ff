"""The placement, ladder and Swiss league rules pages (``tournaments/rules/``, ``ladders/rules/``,
``swiss/rules/``): each id the tournament, ladder and Swiss league pages cite, in plain words.

The tournament pages' "How the places are decided" cites the placement text's ids
(../shared/rules/003_fac0675ce42e5780.txt, "(placement: SOS)"), the ladder pages the ladder
text's parts (004_a6a48a51e626b017.txt, "(ladder: handicap)"), the Swiss league pages the Swiss
league text's parts (002_26d12e6ad94aa01f.txt, "(swiss: pairings)"); ``text|rule_links("placement")``,
``("ladder")`` and ``("swiss")`` (:mod:`sitegen.rule_links`) link each to its anchor here
(:func:`sitegen.rule_links.cited_anchor`). Every id of :data:`sitegen.rule_links.CITED_IDS` has
an entry, headed by the citation the pages show (:func:`sitegen.rule_links.citation`). A page is
made only when the site has a tournament (a ladder, a Swiss league): the pages that cite it are
theirs.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Words
from ..plan import Page, People, SitePlan
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
                  "stand after the round shown (not as they stood at the time of the game). It "
                  "comes in two kinds: SOSM adds up the opponents' McMahon scores, the usual "
                  "kind, and SOSW adds up their numbers of wins. SOSM-1 and SOSM-2 (SOSW-1, "
                  "SOSW-2) leave out the opponents' one or two lowest scores."),
        "SOSOS": N_("Sum of Opponents' SOS: the SOS of each of the player's opponents, added up "
                    "(SOSOSM over McMahon scores, SOSOSW over wins)."),
        "SODOS": N_("Sum of Defeated Opponents' Scores: the scores of the opponents the player beat, "
                    "added up, and half the score of an opponent whose game with the player ended "
                    "in a jigo (SODOSM over McMahon scores, SODOSW over wins)."),
        "ExT, ExR": N_("Feats tried and feats achieved (ExT and ExR, from the French “exploits "
                       "tentés” and “exploits réussis”): how hard the player's games were. Each game is weighed by its handicap against the "
                       "handicap the two ranks call for: 0 when it was easier for the player, 1 "
                       "when it was the same, 2 when one stone harder, 3 when two or more harder. "
                       "ExT adds up the opponents' scores so weighed, ExR only those of the "
                       "opponents the player beat."),
        "CUSS": N_("Cumulative Sum of Scores: the player's own score after round 1, plus their score "
                   "after round 2, and so on up to the round shown. It favours the player who won "
                   "the early games, and it does not depend on how the opponents did later."),
        "Dir": N_("Direct confrontation: if one of the players still level beat all the others "
                  "and lost to none of them, that player is placed above them; if no one did, it "
                  "does not tell them apart. The tournament's settings say how it is counted, in "
                  "one of the two ways of the OpenGotha pairing program: direct confrontation "
                  "(DC) or simplified direct confrontation (SDC)."),
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
                       "most 14. The first nine levels are handicap stones for Black, and each "
                       "level above nine gives Black 10 points of komi; then White plays first. "
                       "At handicap 1 Black plays first without "
                       "komi; at 0 White receives 6 komi and Black plays first. For example 1.3d "
                       "and 13.5k are 13.8 apart: handicap 13, 9 stones and 40 komi to Black. A "
                       "ladder may set other numbers; its handicap page shows them."),
    },
    "swiss": {
        "the league": N_("The league is a series of Swiss tournaments, and a player may play in any "
                         "number of them: they join the league table with their first tournament. "
                         "A player's league score is the sum of their three best tournament scores "
                         "(a league may count another number; its table says how many). Between "
                         "equal league scores the next best tournament score decides, then the one "
                         "after it (0 for a tournament not played). Players still equal share the "
                         "place and may play a deciding match at the end of the season."),
        "tournaments": N_("Each tournament has five rounds. Two players meet in a match of up to "
                          "three games, with a deadline, so a match can end 2-0, 2-1, 1-0 or 1-1. A "
                          "won match (1-0 included) gives 1 point, a lost one 0, and 1-1 gives ½ to "
                          "each; a bye gives the points the league sets. A player who does not "
                          "show up is forfeited for the round, and dropped from the tournament if "
                          "they do not come back before its end; a player may join after round 1 "
                          "or leave before round 5 by telling the coordinator."),
        "pairings": N_("Each round, players are paired by their score in the tournament first, "
                       "then by their league score, then by how often they were already paired "
                       "down against a lower player (downfloats: fewer first), and last by lot. "
                       "Two players meet at most once in a tournament, and nobody gets a second "
                       "bye: the bye goes to the lowest player who has not had one."),
    },
}
"""What each cited id says, in plain words (every id of :data:`sitegen.rule_links.CITED_IDS`)."""

NAMES: dict[str, dict[str, str]] = {
    "placement": {"NBW, MMS": N_("The score: wins or McMahon score"),
                  "SOS": N_("SOS: the opponents' scores"),
                  "SOSOS": N_("SOSOS: the opponents' SOS"),
                  "SODOS": N_("SODOS: the scores of the opponents beaten"),
                  "ExT, ExR": N_("ExT and ExR: how hard the games were"),
                  "CUSS": N_("CUSS: the score round by round"),
                  "Dir": N_("Direct confrontation: the games among the players level")},
    "ladder": {"club ladder": N_("Rungs: one up for the winner, one down for the loser"),
               "handicap": N_("Handicap: from the two rungs")},
    "swiss": {"the league": N_("The league: the three best tournaments count"),
              "tournaments": N_("The tournaments: matches of up to three games"),
              "pairings": N_("The pairings: who meets whom")},
}
"""Each cited id's heading on its rules page, in plain words (the citation follows it)."""

TITLES = {"placement": N_("How the places in a tournament are decided"),
          "ladder": N_("How the ladder works"), "swiss": N_("How the Swiss league works")}
INTROS = {"placement": N_("Players are placed by their score first: their number of wins, or in a "
                          "McMahon tournament their McMahon score. Players with the same score are "
                          "then told apart by tie-breakers such as SOS. Each tournament chooses its "
                          "tie-breakers and their order: its page lists them under “%(heading)s”, "
                          "each with a link to its explanation here."),
          "ladder": N_("Each ladder page shows the members by rung and the handicap of each game. "
                       "Where it names the rule behind them, it links here: how the rungs go up "
                       "and down, and how the handicap follows from two rungs."),
          "swiss": N_("A Swiss league is a series of Swiss tournaments with one league table. "
                      "Where its pages name the rule behind a score or a pairing, they link here: "
                      "the league table, the tournaments' matches and the pairings.")}
DESCRIPTIONS = {"placement": N_("What each placement criterion cited on the tournament pages means, in plain words"),
                "ladder": N_("What each part of the ladder rules cited on the ladder pages means, in plain words"),
                "swiss": N_("What each part of the Swiss league rules cited on the Swiss league pages means, "
                            "in plain words")}
HEADINGS = {"placement": N_("How the places are decided"), "ladder": "", "swiss": ""}
"""The heading of the part of a tournament page that lists its criteria (templates/tournament.html),
named by the placement page's intro."""


SECTIONS = {"placement": (N_("Tournaments"), "tournaments"), "ladder": (N_("Ladders"), "ladders"),
            "swiss": (N_("Swiss leagues"), "swiss-leagues")}
"""The home page's section of the competitions each text's page explains: its title and anchor
(templates/home.html, ``id`` of the section), the rules page's way back in its breadcrumb."""


def back_to(text: str, lang: Words) -> dict[str, str]:
    """Return the breadcrumb back from ``text``'s rules page: ``{"name": "Tournaments", "url":
    "#tournaments"}`` (the home page's section, :data:`SECTIONS`; the url as the templates'
    ``url`` filter takes it, the home page being the base path)."""
    title, anchor = SECTIONS[text]
    return {"name": lang._(title), "url": "#" + anchor}


def home_section(text: str, lang: Words, items: list[Any]) -> dict[str, Any]:
    """Return the home page's section of the competitions ``text``'s rules page explains
    (:data:`SECTIONS`): ``{"title", "anchor", "rules": rules_link(...), "items": items}``."""
    title, anchor = SECTIONS[text]
    return {"title": lang._(title), "anchor": anchor, "rules": rules_link(text, lang), "items": items}


def rules_link(text: str, lang: Words) -> dict[str, str]:
    """Return the link to ``text``'s rules page under its home section: ``{"name": the page's
    title, "url": its address}``."""
    return {"name": lang._(TITLES[text]), "url": CITED_PAGES[text]}


def cited_rules_context(text: str, lang: Words) -> dict[str, Any]:
    """Return the rules page of ``text`` ("placement", "ladder", "swiss"): ``title``, ``intro``,
    ``description``, ``back`` (the breadcrumb's ``{"name", "url"}`` of the home page's section of
    the text's competitions) and ``rules``, each ``{"id", "name", "anchor", "text"}`` in the
    text's order, ``id`` being the citation as the pages show it in the site's language
    ("placement: SOS"), ``name`` its heading in plain words."""
    heading = lang._(HEADINGS[text]) if HEADINGS[text] else ""
    intro = str(lang._(INTROS[text])) % {"heading": heading} if heading else lang._(INTROS[text])
    return {"title": lang._(TITLES[text]), "intro": intro,
            "description": lang._(DESCRIPTIONS[text]), "back": back_to(text, lang),
            "rules": [{"id": citation(text, rule, lang), "name": lang._(NAMES[text][rule]),
                       "anchor": cited_anchor(text, rule), "text": lang._(EXPLAINED[text][rule])}
                      for rule in CITED_IDS[text]]}


def rules_part(plan: SitePlan, players: People, text: str) -> None:
    """Plan the rules page of ``text`` ("placement", "ladder", "swiss"; its address
    :data:`sitegen.rule_links.CITED_PAGES`) in the site's language: the part maker of the
    tournament, ladder and Swiss league planners (``plan.part(("tournament-rules",), rules_part,
    ("placement",), everyone)``), a part so that a cached build replays it."""
    plan.add(Page(CITED_PAGES[text], "cited_rules.html", cited_rules_context(text, players.lang)))
