"""The league rules page (``leagues/rules/``): each rule id the league pages cite, in plain words.

The outcome sentences, notes and column explanations of the league pages cite the ids of
../shared/rules/000_8831272a7af7d6bd.txt ("league"): ``B.1``, ``(D.1)``, ``A.i.2``, ``final
round``, ``[7]``; the ``rule_links`` filter (:mod:`sitegen.rule_links`) links each to its
anchor here (:func:`sitegen.rule_links.rule_anchor`). Every id of
:data:`sitegen.rule_links.RULE_IDS` has an entry: its heading and what it says, written from the
rule text in the site's language. One page serves every league of the site: they all play by
that one text; a league's own settings (fixed numbers per group, for instance) are said where
a rule allows them.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Words
from ..plan import Page, SitePlan
from ..rule_links import RULE_IDS, rule_anchor
from ..urls import LEAGUE_RULES

SECTIONS: tuple[tuple[str, str], ...] = (
    ("A", N_("Divisions and groups")),
    ("B", N_("Direct promotions and demotions")),
    ("C", N_("Promotions by rank")),
    ("D", N_("Order of priority and tie-breakers")),
    ("E", N_("How the rules are applied")),
    ("final round", N_("The final round")),
)
"""The text's parts, in its order: the id that opens each, and its title."""

EXPLAINED: dict[str, str] = {
    "A": N_("Players are placed in divisions: A is the highest, then B, C and so on. A division "
            "is split into groups when it is large, and in a group every player plays every other "
            "player once."),
    "A.i": N_("The sizes of divisions and groups: a group of 7 players is the ideal, and the "
              "rules allow 2 players more or fewer."),
    "A.i.1": N_("The top division has two groups, about 14 players in all (unless fewer than 10 "
                "players take part)."),
    "A.i.2": N_("A division has at least 5 players, and at most three times as many players as "
                "the division directly above it."),
    "A.i.3": N_("A division's groups differ in size by one player at most, no group has fewer "
                "than 5 players, and a division has at most three times as many groups as the "
                "division above it."),
    "A.i.4": N_("A division may not grow beyond a natural limit of 6×3ⁿ players (n: its place "
                "from the top), whatever other rules say, unless a rule says otherwise."),
    "A.i.5": N_("A division does not grow from one season to the next, unless A.i.1, A.i.2 or "
                "C.3 require it; a new division is not bound by this."),
    "A.ii": N_("Fairness: every player of a division should have the same chance to be promoted "
               "and to avoid demotion."),
    "A.ii.1": N_("All players of a division begin with the same number of gamepoints."),
    "A.ii.2": N_("The groups of a division are seeded by rank, in zig-zag order, so that they "
                 "are equally strong."),
    "B": N_("Who goes up and who goes down at the end of a season. A direct promotion assures a "
            "place in (at least) the division above next season, a demotion one in (at least) "
            "the division below. Players who get neither are in a middle position: they keep "
            "(at least) a place in their own division."),
    "B.1": N_("Every group leader is promoted to the division above, and every division promotes "
              "at least two players. Some leagues fix instead how many players of each group are "
              "promoted; their pages then say \"a number the league fixes\"."),
    "B.2": N_("A division sends down into the division directly below it as many players as "
              "that division promotes, plus one more for every group of 10 players. The bottom "
              "division has no division below it, so it sends nobody down, unless the league says "
              "it does: then its last players go down into a new division below it, when enough "
              "of them go to fill one (A.i.2, E.1). Some leagues fix instead how many players of "
              "each group go down; their pages then say \"a number the league fixes\"."),
    "B.3": N_("Promotion and demotion spots that B.1 and B.2 do not give to a named player go by "
              "the order of D: the best players of the division get the promotion spots, the "
              "last ones the demotion spots."),
    "B.4": N_("A player who withdraws loses the promotion or demotion they earned. The spot is "
              "not passed on to anybody else: it is simply lost."),
    "B.5": N_("Nobody gets a direct promotion and a demotion at the same time."),
    "C": N_("A player whose rank is high enough may be placed in a higher division than the "
            "other rules give: this fills places left by withdrawals and gives strong players a "
            "way to the top. The organizers give each rank a highest and a lowest division."),
    "C.1": N_("Every player, new or not, can be promoted by rank; for a player with a "
              "provisional rank, the organizers decide."),
    "C.2": N_("A promotion by rank can override a direct promotion or a demotion, when it "
              "places the player in a higher division than those would."),
    "C.3": N_("Nobody is placed below the lowest division their rank allows: a player who would "
              "be is promoted into it."),
    "C.4": N_("A player can be promoted by rank to a division only if the highest division "
              "their rank allows is that division or a higher one."),
    "C.5": N_("When a division has space (A.i.4, A.i.5) and a player can be promoted by rank to "
              "it, the player is promoted; when there are more such players than places, D.2 "
              "decides who comes first."),
    "D": N_("The order in which players are considered for a promotion, or to avoid a demotion: "
            "the one placed higher comes first. D.1 and D.2 give the criteria."),
    "D.1": N_("The main criteria, for players who played the season, in this order: more "
              "gamepoints (1 for each win, ½ for a jigo); then a higher SODOS (the gamepoints of "
              "the opponents the player beat, added up); then, for players of the same group, "
              "more gamepoints in the games among the players still level. A group's table is "
              "ordered by these three: players level on all three share their place."),
    "D.2": N_("The secondary criteria, for players D.1 leaves level, or for players who did not "
              "play the season, in this order: higher overall rank, higher overall rating, higher "
              "correspondence rank, higher correspondence rating, the other players giving up "
              "the spot, and last a live playoff game (15 minutes main time and 3×25 seconds "
              "byo-yomi)."),
    "E": N_("When rules seem to contradict each other, they are read as this part intends."),
    "E.1": N_("This rule comes before any other. The divisions are filled in order, from the "
              "top down. When a division would be too small or too large for A.i.2, the "
              "division the problem comes from gives one more direct promotion (by B.3 and "
              "B.5); if nobody can get one, the highest ranked player (by D.2) is promoted."),
    "final round": N_("Division A, the top division, has no division above it to be promoted "
                      "to: its direct promotion spots are the places in the final round, which "
                      "decides the league's champion. The two group leaders qualify; the third "
                      "place goes to the defending champion if they played division A and did "
                      "not end in a demotion spot, else to the next player by the rules of B who "
                      "scored no fewer gamepoints than the defending champion or ended in 4th "
                      "place or better. The three play each other; the first to win two games "
                      "is the champion."),
    "[7]": N_("An advantaged position counts as one extra gamepoint in the final round, to "
              "break a tie of three players with one win each. If the defending champion is a "
              "group leader, only they have it; otherwise both group leaders have it."),
}
"""What each rule id says, in plain words (every id of :data:`RULE_IDS`)."""

HEADINGS: dict[str, str] = {"[7]": N_("Advantaged position ([7])")}
"""Headings for ids that are not a rule's number: a footnote's number alone reads as a leftover
(stop 48's newcomer check). "final round" is shown in the site's language; the others as is."""


def rules_context(lang: Words) -> dict[str, Any]:
    """Return the league rules page's context: ``sections``, each ``{"title", "rules"}`` with
    its rules ``{"id", "anchor", "text"}`` in the text's order (``final round`` shown in the
    site's language)."""
    sections: list[dict[str, Any]] = []
    opening = dict(SECTIONS)
    for rule in RULE_IDS:
        key = "final round" if rule in ("final round", "[7]") else rule[0]
        if rule == key:  # the id that opens a part
            sections.append({"key": key, "title": lang._(opening[key]), "rules": []})
        shown = (lang.pgettext("rule", "final round") if rule == "final round"
                 else lang._(HEADINGS[rule]) if rule in HEADINGS else rule)
        sections[-1]["rules"].append({"id": shown, "anchor": rule_anchor(rule),
                                      "text": lang._(EXPLAINED[rule])})
    return {"title": lang._("The league rules, id by id"), "sections": sections}


def plan_league_rules(plan: SitePlan, lang: Words) -> None:
    """Add the league rules page (:data:`~sitegen.urls.LEAGUE_RULES`) to ``plan``."""
    plan.add(Page(LEAGUE_RULES, "league_rules.html", rules_context(lang)))
