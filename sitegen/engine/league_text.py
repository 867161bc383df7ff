"""The league's words for players: why each rule moved a player, and the outcome sentences.

Every text is a whole clause or sentence with named placeholders (``{division}``, ``{rule}``),
filled with :meth:`str.format`, so that each can be translated as one string. Rule ids are
those of ../shared/rules/000_8831272a7af7d6bd.txt ("league") and stay in the visible text.
:mod:`sitegen.engine.league_next` words its decisions with these clauses and
:mod:`sitegen.engine.league_outcome` composes them into one sentence per player.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- why a rule moved a player

GROUP_LEADER = "group leader"
TIED_LEADER = "shares the first place of the group, equal on every criterion of D"
NEXT_BEST = "next best by the criteria of D"
DEMOTION_SPOT = "demotion spot by the criteria of D"
FIXED_PROMOTION = "one of the best {count} of the group, a number the league fixes"
FIXED_RELEGATION = "one of the last {count} of the group, a number the league fixes"
MIDDLE = "middle position"
FINAL_SPOT = "direct promotion spot of division {division}"
WITHDREW = "the {spot} is forfeited and not passed on"
SPOTS = {"promotion": "promotion spot", "demotion": "demotion spot", "place": "place"}
"""What a withdrawn player forfeits (B.4)."""
WITHDREW_LEFT = "promotion and demotion merits are forfeited"

FORCED_BY_RANK = "rank {rank} may not be placed below division {division}: forced promotion"
NEW_BY_RANK = "placed by rank {rank} in the lowest division it allows"
NEW_BOTTOM = "placed in the bottom division, as {why}"
NEW_PROVISIONAL = "a provisional rank gives no promotion by rank (C.1 addendum)"
NEW_NO_BAND = "no rank band applies"
NOT_GROWING = "division {division} does not grow: placed in the division below"
OVER_CAPACITY = "division {division} may hold at most {cap} players: moved to the division below"
RANK_OVERRIDES = {
    "promotion": "a promotion by rank overrides the direct promotion, as division {division} has space under C.5",
    "demotion": "a promotion by rank overrides the demotion, as division {division} has space under C.5",
}
BY_RANK = "promotable by rank {rank} to division {division}, which has space"
E1_DIRECT = "the next direct promotion by the criteria of D under B.3 and B.5"
E1_FORCED = "nobody is applicable, so the highest ranked by D.2 is forcefully promoted"
E1_NEEDS = "{pick}, as division {division} needs at least {need} players under A.i.1 and A.i.2"
E1_THRICE = ("{pick}, as division {below} may hold at most {growth} times the players of "
             "division {division} under A.i.2")
E1_FEW_LEFT = {
    "one": "only {count} player would be left below division {division}, fewer than the "
           "{minimum} that A.i.2 requires",
    "other": "only {count} players would be left below division {division}, fewer than the "
             "{minimum} that A.i.2 requires",
}
E1_NEEDS_BELOW = "division {division} needs at least {minimum} players under A.i.2"

# --------------------------------------------------------------------------- the final round's qualifiers

FINALIST_LEADER = "group leader of division {division}"
FINALIST_NEXT = "direct promotion spot of division {division} by the criteria of D"
FINALIST_DOES_NOT_PLAY = "qualified as a direct promotion spot of division {division} but does not play"
CHAMPION_ELIGIBLE = "defending champion, eligible"
CHAMPION_NOT_ELIGIBLE = ("defending champion, not eligible: did not play division A, withdrew or "
                         "ended in a demotion spot")
THIRD_BY_POINTS = "next direct promotion spot by D, with no fewer gamepoints than the defending champion"
THIRD_BY_PLACE = "next direct promotion spot by D, in place {place} of division {division}"
TITLE_VOID = "fewer than three eligible players are willing to play: the title is void"

# --------------------------------------------------------------------------- outcome sentences

HEADLINES = {
    "promoted": "Promoted to division {division}",
    "promoted by rank": "Promoted by rank to division {division}",
    "stays": "Stays in division {division}",
    "finalist": "Stays in division {division} and plays the final round",
    "demoted": "Demoted to division {division}",
    "relegated": "Relegated to division {division}",
    "promoted-top": "Promoted",
    "withdrew": "Withdrew",
    "new": "New player in division {division}",
}
"""The final decision about a player, by move (``finalist``: stays in division A and plays the
final round; ``relegated``, ``promoted-top``: recorded outcomes, the latter in division A)."""
CHOICE = {key: text[0].lower() + text[1:] for key, text in HEADLINES.items()}
"""The same, inside a sentence (an undecided outcome lists them)."""

SENTENCE = "{headline}: {reasons}."
PROVISIONAL = "{headline} if the season ended today"
STEP = "{reason} ({rule})"
CANCELLED = "{before}, cancelled by {rule}: {reason}"
THEN = {
    "up": "{before}; then moved up by {rule}: {reason}",
    "down": "{before}; then moved down by {rule}: {reason}",
}
THEN_TIE = "{before}; {tie}"
FINAL_TOO = "{before}; plays the final round as the {reason} ({rule})"
RECORDED = "{headline}: the organizers' decision."
UNDECIDED = "Undecided: {choices}"
OR = "{first} or {second}"
TIE_OPEN = ("tie with {others} on every criterion of D for {spots} ({rule}), "
            "to be decided by a playoff (D.2)")
TIE_RECORD = ("tie with {others} on every criterion of D for {spots} ({rule}), "
              "decided by the organizers")
TIE_MOOT = ("tie with {others} on every criterion of D for {spots} ({rule}), "
            "which gives the same outcome either way")
TIE_SPOTS = {
    ("promotion", "one"): "one promotion spot", ("promotion", "other"): "{count} promotion spots",
    ("demotion", "one"): "one demotion spot", ("demotion", "other"): "{count} demotion spots",
    ("final round", "one"): "one place in the final round",
    ("final round", "other"): "{count} places in the final round",
}
TIE_NAMED = ("{players} are equal on every criterion of D for {spots} ({rule}) in division "
             "{division}, which only a playoff can decide (D.2)")
AND = "{first} and {last}"

FINAL_WON = "{player} won the final round by winning two games (final round)."
FINAL_WON_ADVANTAGE = ("{player} won the final round: each finalist won one game, and the "
                       "advantaged position breaks the tie ([7]).")
FINAL_LEVEL = ("The final round is undecided: {players} end level on {points} gamepoints, each "
               "with an advantaged position ([7]).")
FINAL_NO_RESULT = "The final round has no result yet."
FINAL_TIE = "A place in the final round is undecided: {tie}."
VOIDED = ("The games of {player} are void: they withdrew having played {played} of {games} games, "
          "fewer than half (league setting void_games_of_early_withdrawals).")


def plural(count: int) -> str:
    """Return the plural form key of ``count`` (``one`` or ``other``, as gettext's ngettext)."""
    return "one" if count == 1 else "other"


def names_and(names: list[str]) -> str:
    """Return ``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return AND.format(first=", ".join(names[:-1]), last=names[-1])
