"""The league's words for players: why each rule moved a player, and the outcome sentences.

Every text is a whole clause or sentence with named placeholders (``{division}``, ``{rule}``),
filled with :meth:`str.format`, so that each can be translated as one string. Rule ids are
those of ../shared/rules/000_8831272a7af7d6bd.txt ("league") and stay in the visible text; the
one id in words, "final round", is shown in the site's language (:func:`rule_id`).
:mod:`sitegen.engine.league_next` words its decisions with these clauses and
:mod:`sitegen.engine.league_outcome` composes them into one sentence per player.

The texts are marked for the catalogs with :func:`~sitegen.i18n.N_` and translated where they
are used, ``_(text.GROUP_LEADER)`` (:mod:`sitegen.i18n`): in the site's language while a build
plans its pages, in English on the command line. A counted text is a function (:func:`few_left`,
:func:`tie_spots`) that picks the language's plural form.
"""

from __future__ import annotations

from ..i18n import N_, _, ngettext, pgettext

# --------------------------------------------------------------------------- why a rule moved a player

GROUP_LEADER = N_("group leader")
TIED_LEADER = N_("shares the first place of the group, equal on every criterion of D")
NEXT_BEST = N_("next best by the criteria of D")
DEMOTION_SPOT = N_("demotion spot by the criteria of D")
FIXED_PROMOTION = N_("one of the best {count} of the group, a number the league fixes")
FIXED_RELEGATION = N_("one of the last {count} of the group, a number the league fixes")
MIDDLE = N_("middle position")
FINAL_SPOT = N_("direct promotion spot of division {division}")
WITHDREW = {"promotion": N_("the promotion spot is forfeited and not passed on"),
            "demotion": N_("the demotion spot is forfeited and not passed on"),
            "place": N_("the place is forfeited and not passed on")}
"""What a withdrawn player forfeits (B.4), by the spot they were in."""
WITHDREW_UNPLAYED = {
    "promotion": N_("left games unplayed and did not play the next season: the promotion spot is "
                    "forfeited and not passed on"),
    "demotion": N_("left games unplayed and did not play the next season: the demotion spot is "
                   "forfeited and not passed on"),
    "place": N_("left games unplayed and did not play the next season: the place is forfeited "
                "and not passed on")}
"""What a player who withdrew during the season without a ``withdrawn`` record forfeits (B.4):
one with group games left unplayed, which will never be played, who did not sign up again."""
WITHDREW_LEFT = N_("promotion and demotion merits are forfeited")

FORCED_BY_RANK = N_("rank {rank} may not be placed below division {division}: forced promotion")
NEW_BY_RANK = N_("placed by rank {rank} in the lowest division it allows")
NEW_BOTTOM = N_("placed in the bottom division, as {why}")
FIRST_BY_RANK = N_("first season, divisions filled from the top in the order of D.2: rank {rank} "
                   "has a place in division {division}, whose ideal size under A.i is {size} players")
NEW_PROVISIONAL = N_("a provisional rank gives no promotion by rank (C.1 addendum)")
NEW_NO_BAND = N_("no rank band applies")
NOT_GROWING = N_("division {division} does not grow: placed in the division below")
OVER_CAPACITY = N_("division {division} may hold at most {cap} players: moved to the division below")
RANK_OVERRIDES = {
    "promotion": N_("a promotion by rank overrides the direct promotion, as division {division} has space under C.5"),
    "demotion": N_("a promotion by rank overrides the demotion, as division {division} has space under C.5"),
}
BY_RANK = N_("promotable by rank {rank} to division {division}, which has space")
E1_DIRECT = N_("the next direct promotion by the criteria of D under B.3 and B.5")
E1_FORCED = N_("nobody is applicable, so the highest ranked by D.2 is forcefully promoted")
E1_NEEDS = N_("{pick}, as division {division} needs at least {need} players under A.i.1 and A.i.2")
E1_THRICE = N_("{pick}, as division {below} may hold at most {growth} times the players of "
               "division {division} under A.i.2")
E1_NEEDS_BELOW = N_("division {division} needs at least {minimum} players under A.i.2")


def few_left(count: int, division: str | None, minimum: int) -> str:
    """Return why E.1 moves a player up: ``only 2 players would be left below division A,
    fewer than the 5 that A.i.2 requires`` (``count`` the players left)."""
    return ngettext("only {count} player would be left below division {division}, fewer than "
                    "the {minimum} that A.i.2 requires",
                    "only {count} players would be left below division {division}, fewer than "
                    "the {minimum} that A.i.2 requires", count).format(
        count=count, division=division, minimum=minimum)

# --------------------------------------------------------------------------- the final round's qualifiers

FINALIST_LEADER = N_("group leader of division {division}")
FINALIST_NEXT = N_("direct promotion spot of division {division} by the criteria of D")
FINALIST_DOES_NOT_PLAY = N_("qualified as a direct promotion spot of division {division} but does not play")
CHAMPION_ELIGIBLE = N_("defending champion, eligible")
CHAMPION_NOT_ELIGIBLE = N_("defending champion, not eligible: did not play division A, withdrew or "
                           "ended in a demotion spot")
THIRD_BY_POINTS = N_("next direct promotion spot by D, with no fewer gamepoints than the defending champion")
THIRD_BY_PLACE = N_("next direct promotion spot by D, in place {place} of division {division}")
TITLE_VOID = N_("fewer than three eligible players are willing to play: the title is void")

# --------------------------------------------------------------------------- outcome sentences

HEADLINES = {
    "promoted": N_("Promoted to division {division}"),
    "promoted by rank": N_("Promoted by rank to division {division}"),
    "stays": N_("Stays in division {division}"),
    "finalist": N_("Stays in division {division} and plays the final round"),
    "demoted": N_("Demoted to division {division}"),
    "relegated": N_("Relegated to division {division}"),
    "relegated-bottom": N_("Relegated from the bottom division"),
    "promoted-top": N_("Promoted"),
    "withdrew": N_("Withdrew"),
    "new": N_("New player in division {division}"),
}
"""The final decision about a player, by move (``finalist``: stays in division A and plays the
final round; ``relegated``, ``relegated-bottom``, ``promoted-top``: recorded outcomes, the second
from the bottom division, which has no division below to name, the last in division A)."""
CHOICE = {
    "promoted": N_("promoted to division {division}"),
    "promoted by rank": N_("promoted by rank to division {division}"),
    "stays": N_("stays in division {division}"),
    "finalist": N_("stays in division {division} and plays the final round"),
    "demoted": N_("demoted to division {division}"),
    "relegated": N_("relegated to division {division}"),
    "promoted-top": N_("promoted"),
    "withdrew": N_("withdrew"),
    "new": N_("new player in division {division}"),
}
"""The same, inside a sentence (an undecided outcome lists them: ``Undecided: promoted to
division B or stays in division B``)."""

# Translators: an outcome: its headline ("Promoted to division B"), then the chain of reasons.
SENTENCE = N_("{headline}: {reasons}.")
PROVISIONAL = N_("{headline} if the season ended today")
# Translators: the first step of a chain of reasons: a reason, then its rule id.
STEP = N_("{reason} ({rule})")
# Translators: {before} is the chain of reasons so far; {reason} a reason of the league rules.
CANCELLED = N_("{before}, cancelled by {rule}: {reason}")
THEN = {
    "up": N_("{before}; then moved up by {rule}: {reason}"),
    "down": N_("{before}; then moved down by {rule}: {reason}"),
}
THEN_TIE = N_("{before}; {tie}")
# Translators: after the outcome a player earned in a season ({before}: its reasons), that
# they did not play the next season; B.4 is a rule id.
NOT_RETURNING = N_("{before}; did not play the next season: the spot is not passed on (B.4)")
FINAL_TOO = N_("{before}; plays the final round as the {reason} ({rule})")
RECORDED = N_("{headline}: the organizers' decision.")
RECORD_FOLLOWED = N_("the organizers' decision")
"""Why a recorded outcome that the next season follows places its player (a step of the
formation's chain, rule ``record``)."""
UNDECIDED = N_("Undecided: {choices}")
OR = N_("{first} or {second}")
TIE_OPEN = N_("tie with {others} on every criterion of D for {spots} ({rule}), "
              "to be decided by a playoff (D.2)")
TIE_RECORD = N_("tie with {others} on every criterion of D for {spots} ({rule}), "
                "decided by the organizers")
TIE_MOOT = N_("tie with {others} on every criterion of D for {spots} ({rule}), "
              "which gives the same outcome either way")
TIE_DEPENDS = N_("depends on the tie of {players} on every criterion of D for {spots} ({rule}) "
                 "in division {division}, to be decided by a playoff (D.2)")
TIE_NAMED = N_("{players} are equal on every criterion of D for {spots} ({rule}) in division "
               "{division}, which only a playoff can decide (D.2)")
# Translators: the last two of a list of names ({first} may be several, joined by commas).
AND = N_("{first} and {last}")

FINAL_WON = N_("{player} won the final round by winning two games (final round).")
FINAL_WON_ADVANTAGE = N_("{player} won the final round: each finalist won one game, and the "
                         "advantaged position breaks the tie ([7]).")
FINAL_LEVEL = N_("The final round is undecided: {players} end level on {points} gamepoints, each "
                 "with an advantaged position ([7]).")
FINAL_NO_RESULT = N_("The final round has no result yet.")
FINAL_TIE = N_("A place in the final round is undecided: {tie}.")
VOIDED = N_("The games of {player} are void: they withdrew having played {played} of {games} games, "
            "fewer than half (league setting void_games_of_early_withdrawals).")


def tie_spots(spot: str, count: int) -> str:
    """Return what ``count`` tied players contend for: ``one promotion spot``, ``2 demotion
    spots``, ``one place in the final round`` (``spot``: promotion, demotion, final round)."""
    if spot == "promotion":
        text = ngettext("one promotion spot", "{count} promotion spots", count)
    elif spot == "demotion":
        text = ngettext("one demotion spot", "{count} demotion spots", count)
    elif spot == "final round":
        text = ngettext("one place in the final round", "{count} places in the final round", count)
    else:
        raise ValueError(f"no words for a tie over {spot!r}")
    return text.format(count=count)


def names_and(names: list[str]) -> str:
    """Return ``a``, ``a and b``, ``a, b and c`` (in the active language)."""
    if len(names) <= 1:
        return "".join(names)
    return _(AND).format(first=", ".join(names[:-1]), last=names[-1])


def rule_id(rule: str) -> str:
    """Return a rule id as a page shows it: the league text's ids (``B.1``, ``E.1``, ``[7]``)
    as they are, its one id in words, ``final round``, in the active language."""
    if rule == "final round":
        # Translators: the league rules' part on the final round, cited like a rule id: "(final round)".
        return pgettext("rule", "final round")
    return rule
