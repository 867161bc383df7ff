"""The league's words: why each rule moved a player, and the outcome sentences, made in one place.

The engine words nothing: each of its decisions carries a
:class:`~sitegen.engine.league_reasons.Reason` (the kind of step and its values), and
:func:`words` makes the clause from it; :func:`sentence` composes a player's outcome from the
chain of reasons (:class:`~sitegen.engine.league_outcome.PlayerOutcome`). The season pages,
standings.json, the CSV and ``sitegen league next-season`` all word a fact with these functions.

Every text is a whole clause or sentence with named placeholders (``{division}``, ``{rule}``),
filled with :meth:`str.format`, so that each can be translated as one string. Rule ids are
those of ../shared/rules/000_8831272a7af7d6bd.txt ("league") and stay in the visible text; the
one id in words, "final round", is shown in the site's language (:func:`rule_id`).

The texts are marked for the catalogs with :func:`~sitegen.i18n.N_` and translated when worded,
in the language ``lang`` given (a :class:`~sitegen.i18n.Words`): the site's while a build plans
its pages, English on the command line. A counted text is a function (:func:`few_left`, :func:`tie_spots`) that
picks the language's plural form.
"""

from __future__ import annotations

from typing import Callable, Collection, Sequence

from ..engine.league import Move, Tie
from ..engine.league_outcome import PlayerOutcome
from ..engine.league_reasons import Reason
from ..i18n import N_, Words
from ..model.league import Season, division_index, division_letter

# --------------------------------------------------------------------------- why a rule moved a player

GROUP_LEADER = N_("group leader")
TIED_LEADER = N_("shares the first place of the group, level on everything the table is "
                 "ordered by")
NEXT_BEST = N_("next best by the criteria of D")
DEMOTION_SPOT = N_("demotion spot by the criteria of D")
FIXED_PROMOTION = N_("one of the best {count} of the group, a number the league fixes")
FIXED_RELEGATION = N_("one of the last {count} of the group, a number the league fixes")
FIXED_PROMOTION_TIED = N_("in a tie for a place among the best {count} of the group, a number the "
                          "league fixes")
FIXED_RELEGATION_TIED = N_("in a tie for a place among the last {count} of the group, a number the "
                           "league fixes")
"""FIXED_PROMOTION and FIXED_RELEGATION for a player level with others across the line of the
fixed number (:func:`first_words`): not "one of the best 2" when three share place 2."""
MIDDLE = N_("middle position")
FINAL_SPOT = N_("division {division} is the top division, with no division above it: its direct "
                "promotion spots are the places in the final round, which decides the champion")
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
NEW_PROVISIONAL = N_("a provisional rank gives no promotion by rank")
NEW_NO_BAND = N_("no rank band applies")
NEW_BAND_NO_LOWEST = N_("the rank band of {rank} sets no lowest division")
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


def few_left(count: int, division: str | None, minimum: int, lang: Words) -> str:
    """Return why E.1 moves a player up: ``only 2 players would be left below division A,
    fewer than the 5 that A.i.2 requires`` (``count`` the players left)."""
    return lang.ngettext("only {count} player would be left below division {division}, fewer than "
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
    "relegated": N_("Demoted to division {division}"),
    "demoted-bottom": N_("Demoted to a new division below division {division}"),
    "promoted-top": N_("Promoted"),
    "withdrew": N_("Withdrew"),
    "new": N_("New player in division {division}"),
}
"""The final decision about a player, by move (``finalist``: stays in division A and plays the
final round; ``relegated``, ``promoted-top``: recorded outcomes, the last in division A;
``demoted-bottom``: a demotion out of the bottom division ``{division}``, the rules' (a league's
``demote_from_bottom_division``, B.2) and the record's alike, into a new division below it that
the next season does not have (or that is not entered yet): one wording for one meaning, and
no page names a division the league never had). Pages say "demoted" for both the rules' and
the record's outcome (the league text's word, 000 B); the record's word ``relegated`` is the
data's key only, and the sentence after a recorded headline says it is the organizers'
decision."""
CHOICE = {
    "promoted": N_("promoted to division {division}"),
    "promoted by rank": N_("promoted by rank to division {division}"),
    "stays": N_("stays in division {division}"),
    "finalist": N_("stays in division {division} and plays the final round"),
    "demoted": N_("demoted to division {division}"),
    "relegated": N_("demoted to division {division}"),
    "demoted-bottom": N_("demoted to a new division below division {division}"),
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
# Translators: {before} is a step of the chain of reasons, with its rule id; the players equal
# on D.1 were told apart by the named criterion of D.2.
DECIDED_BY = {
    "rank": N_("{before}, decided by rank (D.2)"),
    "rating": N_("{before}, decided by rating (D.2)"),
    "correspondence rank": N_("{before}, decided by correspondence rank (D.2)"),
    "correspondence rating": N_("{before}, decided by correspondence rating (D.2)"),
    "concession": N_("{before}, decided by a concession (D.2)"),
    "playoff": N_("{before}, decided by a playoff (D.2)"),
}
"""Which criterion of D.2 gave a spot among players equal on D.1 (``Decision.decided_by``)."""
# Translators: after the outcome a player earned in a season ({before}: its reasons), that
# they did not play the next season; B.4 is a rule id.
NOT_RETURNING = N_("{before}; did not play the next season: the spot is not passed on (B.4)")
# Translators: after a player's recorded outcome ({before}), that they withdrew during the
# season; {reasons} is the withdrawal's chain of reasons with its rule id (B.4), as in
# "Withdrew: {reasons}."
WITHDREW_TOO = N_("{before}; withdrew: {reasons}")
FINAL_TOO = N_("{before}; plays the final round as the {reason} ({rule})")
RECORDED = N_("{headline}: the organizers' decision.")
RECORD_FOLLOWED = N_("the organizers' decision")
"""Why a recorded outcome that the next season follows places its player (a step of the
formation's chain, rule ``record``)."""
UNDECIDED = N_("Undecided: {choices}")
OR = N_("{first} or {second}")
TIE_OPEN = N_("level with {others} on everything the table is ordered by (D.1), so a "
              "playoff (D.2) will decide who gets {spots} ({rule})")
TIE_RECORD = N_("level with {others} on everything the table is ordered by (D.1), so the "
                "organizers decided who gets {spots} ({rule})")
TIE_MOOT = N_("level with {others} on everything the table is ordered by (D.1), but "
              "whoever gets {spots} ({rule}), the outcome is the same")
TIE_DEPENDS = N_("depends on which of {players}, level on everything the table is "
                 "ordered by (D.1), gets {spots} ({rule}) in division {division}, which a "
                 "playoff (D.2) will decide")
TIE_NAMED = N_("{players} are equal on every criterion of D for {spots} ({rule}) in division "
               "{division}, which only a playoff can decide (D.2)")
# Translators: the last two of a list of names ({first} may be several, joined by commas).
AND = N_("{first} and {last}")

# Translators: under a group's table: {players} (two or more names, joined as by "{first} and
# {last}") share place {place} (a number) but not their outcome; {reasons} are the clauses below
# (SHARED_TIE ... SHARED_OUTCOME), joined by BOTH.
SHARED_PLACE = N_("{players} share place {place}, with different outcomes: {reasons}.")
SHARED_TIE = N_("they are level on everything the table is ordered by (D.1), so the "
                "organizers decided who gets {spots} ({rule})")
SHARED_TIE_OF = N_("{players} are level on everything the table is ordered by (D.1), so the "
                   "organizers decided who gets {spots} ({rule})")
SHARED_WITHDREW = N_("{players} withdrew (B.4)")
# Translators: a player's name, then their outcome sentence (without its full stop).
SHARED_OUTCOME = N_("{player}: {outcome}")
# Translators: two clauses of a note, one after the other.
BOTH = N_("{first}; {second}")
"""Why players who share a place have different outcomes (:func:`shared_place`)."""

FINAL_WON = N_("{player} won the final round by winning two games (final round).")
FINAL_WON_ADVANTAGE = N_("{player} won the final round: each finalist won one game, and the "
                         "advantaged position breaks the tie ([7]).")
FINAL_LEVEL = N_("The final round is undecided: {players} end level on {points} gamepoints, each "
                 "with an advantaged position ([7]).")
FINAL_NO_RESULT = N_("The final round has no result yet.")
FINAL_TIE = N_("A place in the final round is undecided: {tie}.")
VOIDED = N_("The games of {player} are void: they withdrew having played {played} of {games} games, "
            "fewer than half (league setting void_games_of_early_withdrawals).")


def tie_spots(spot: str, count: int, lang: Words) -> str:
    """Return what ``count`` tied players contend for: ``one promotion spot``, ``2 demotion
    spots``, ``one place in the final round`` (``spot``: promotion, demotion, final round)."""
    if spot == "promotion":
        text = lang.ngettext("one promotion spot", "{count} promotion spots", count)
    elif spot == "demotion":
        text = lang.ngettext("one demotion spot", "{count} demotion spots", count)
    elif spot == "final round":
        text = lang.ngettext("one place in the final round", "{count} places in the final round", count)
    else:
        raise ValueError(f"no words for a tie over {spot!r}")
    return text.format(count=count)


def names_and(names: list[str], lang: Words) -> str:
    """Return ``a``, ``a and b``, ``a, b and c`` (in the language ``lang``)."""
    if len(names) <= 1:
        return "".join(names)
    return lang._(AND).format(first=", ".join(names[:-1]), last=names[-1])


def clauses_joined(clauses: list[str], lang: Words) -> str:
    """Return ``clauses`` (one or more) one after the other as :data:`BOTH` joins two, ``a; b;
    c`` in English (French puts a no-break space before the ";")."""
    said = clauses[0]
    for clause in clauses[1:]:
        said = lang._(BOTH).format(first=said, second=clause)
    return said


def rule_id(rule: str, lang: Words) -> str:
    """Return a rule id as a page shows it: the league text's ids (``B.1``, ``E.1``, ``[7]``)
    as they are, its one id in words, ``final round``, in the language ``lang``."""
    if rule == "final round":
        # Translators: the league rules' part on the final round, cited like a rule id: "(final round)".
        return lang.pgettext("rule", "final round")
    return rule


# --------------------------------------------------------------------------- a reason's words

REASONS: dict[str, str] = {
    "GROUP_LEADER": GROUP_LEADER, "TIED_LEADER": TIED_LEADER, "NEXT_BEST": NEXT_BEST,
    "DEMOTION_SPOT": DEMOTION_SPOT, "FIXED_PROMOTION": FIXED_PROMOTION,
    "FIXED_RELEGATION": FIXED_RELEGATION, "MIDDLE": MIDDLE, "FINAL_SPOT": FINAL_SPOT,
    "WITHDREW_LEFT": WITHDREW_LEFT, "FORCED_BY_RANK": FORCED_BY_RANK, "NEW_BY_RANK": NEW_BY_RANK,
    "NEW_BOTTOM": NEW_BOTTOM, "FIRST_BY_RANK": FIRST_BY_RANK, "NEW_PROVISIONAL": NEW_PROVISIONAL,
    "NEW_NO_BAND": NEW_NO_BAND, "NEW_BAND_NO_LOWEST": NEW_BAND_NO_LOWEST,
    "NOT_GROWING": NOT_GROWING, "OVER_CAPACITY": OVER_CAPACITY, "BY_RANK": BY_RANK,
    "E1_DIRECT": E1_DIRECT, "E1_FORCED": E1_FORCED, "E1_NEEDS": E1_NEEDS, "E1_THRICE": E1_THRICE,
    "E1_NEEDS_BELOW": E1_NEEDS_BELOW, "RECORD_FOLLOWED": RECORD_FOLLOWED,
    "FINALIST_LEADER": FINALIST_LEADER, "FINALIST_NEXT": FINALIST_NEXT,
    "FINALIST_DOES_NOT_PLAY": FINALIST_DOES_NOT_PLAY, "CHAMPION_ELIGIBLE": CHAMPION_ELIGIBLE,
    "CHAMPION_NOT_ELIGIBLE": CHAMPION_NOT_ELIGIBLE, "THIRD_BY_POINTS": THIRD_BY_POINTS,
    "THIRD_BY_PLACE": THIRD_BY_PLACE, "TITLE_VOID": TITLE_VOID,
}
"""The text of each kind of reason that has one text; ``WITHDREW``, ``WITHDREW_UNPLAYED`` and
``RANK_OVERRIDES`` pick theirs by the reason's ``spot``, ``FEW_LEFT`` is counted."""
BY_SPOT: dict[str, dict[str, str]] = {"WITHDREW": WITHDREW, "WITHDREW_UNPLAYED": WITHDREW_UNPLAYED,
                                      "RANK_OVERRIDES": RANK_OVERRIDES}


def words(reason: Reason, lang: Words) -> str:
    """Return ``reason`` worded in the language ``lang``: ``group leader``, ``placed in the
    bottom division, as no rank band applies``. Raises KeyError for a kind with no words."""
    values = {name: words(value, lang) if isinstance(value, Reason) else value
              for name, value in reason.args}
    if reason.kind == "FEW_LEFT":
        return few_left(values["count"], values["division"], values["minimum"], lang)  # type: ignore[arg-type]
    if reason.kind in BY_SPOT:
        return lang._(BY_SPOT[reason.kind][values["spot"]]).format(**values)  # type: ignore[index]
    return lang._(REASONS[reason.kind]).format(**values)

# --------------------------------------------------------------------------- composed


Name = Callable[[str], str]


def headline(move: Move, division: str | None, lang: Words, finalist: bool = False,
             origin: str | None = None) -> str:
    """Return the decision as a short sentence: ``Promoted to division B``. A demotion from
    the bottom division ``origin`` (``division`` None: a player who left, so no division below
    was formed for them) reads ``Demoted to a new division below division F`` (B.2 with the
    league's ``demote_from_bottom_division``)."""
    key = "finalist" if finalist else move.value
    if move is Move.DEMOTED and division is None:
        return lang._(HEADLINES["demoted-bottom"]).format(division=origin or "")
    return lang._(HEADLINES[key]).format(division=division or "")


def spots_text(tie: Tie, lang: Words) -> str:
    """Return what a tie's players contend for: ``one promotion spot``, ``2 demotion spots``."""
    return tie_spots(tie.spot, tie.spots, lang)


def tie_clause(tie: Tie, player: str, name: Name, kind: str, lang: Words) -> str:
    """Return the clause naming ``player``'s tie: ``kind`` is ``open``, ``record`` or ``moot``;
    an open tie ``player`` is not in is one their outcome depends on."""
    if kind == "open" and player not in tie.players:
        shown = sorted((name(p) for p in tie.players), key=str.casefold)
        return lang._(TIE_DEPENDS).format(players=names_and(shown, lang), spots=spots_text(tie, lang),
                                     rule=rule_id(tie.rule, lang), division=tie.division)
    others = sorted((name(p) for p in tie.players if p != player), key=str.casefold)
    template = {"open": TIE_OPEN, "record": TIE_RECORD, "moot": TIE_MOOT}[kind]
    return lang._(template).format(others=names_and(others, lang), spots=spots_text(tie, lang), rule=rule_id(tie.rule, lang))


def tie_sentence(tie: Tie, name: Name, lang: Words) -> str:
    """Return the tie as a clause naming all its players (for the organizers and the final)."""
    shown = sorted((name(p) for p in tie.players), key=str.casefold)
    return lang._(TIE_NAMED).format(players=names_and(shown, lang), spots=spots_text(tie, lang),
                               rule=rule_id(tie.rule, lang), division=tie.division)


def decided(before: str, criterion: str | None, lang: Words) -> str:
    """Return ``before`` (a step with its rule id) followed by the criterion of D.2 that gave
    the spot, when one did (``Decision.decided_by``): ``next best by the criteria of D (B.3),
    decided by rank (D.2)``; the same words for a direct move (B.1-B.3), an E.1 pick, a
    promotion by rank (C.5, C.2) and the final round's third place (B.3)."""
    if criterion is None:
        return before
    return lang._(DECIDED_BY[criterion]).format(before=before)


TIED_WORDS = {"FIXED_PROMOTION": ("promotion", FIXED_PROMOTION_TIED),
              "FIXED_RELEGATION": ("demotion", FIXED_RELEGATION_TIED)}
"""The fixed numbers' reasons for a player in a tie over that kind of spot."""


def first_words(reason: Reason, outcome: PlayerOutcome, lang: Words) -> str:
    """Return the first step's reason worded (:func:`words`), unless the player is in a tie
    over the spots of a fixed number (``outcome.tie``, B.1, B.2): then ``in a tie for a place
    among the best 2 of the group, ...``, true whichever side of the line they end on."""
    spot, tied = TIED_WORDS.get(reason.kind, (None, ""))
    tie = outcome.tie
    if spot is None or tie is None or tie.spot != spot or outcome.player not in tie.players:
        return words(reason, lang)
    return lang._(tied).format(**dict(reason.args))


def reasons(outcome: PlayerOutcome, name: Name, lang: Words) -> str:
    """Return the chain of rules behind ``outcome`` as one clause: each step with its rule id
    (the organizers' recorded decision cites none: ``record`` is no rule of the text); a step
    that brings the player back where they started cancels the one before. A tie that decides
    nothing is the whole chain."""
    steps = outcome.steps
    origin = steps[0].from_division if steps else None
    said = ""
    for index, step in enumerate(steps):
        if index == 0 and step.rule == "record":  # the organizers' word, no rule to cite
            said = words(step.reason, lang)
        elif index == 0:
            said = lang._(STEP).format(reason=first_words(step.reason, outcome, lang),
                                       rule=rule_id(step.rule, lang))
        elif step.to_division == origin and steps[index - 1].to_division != origin:
            said = lang._(CANCELLED).format(before=said, rule=rule_id(step.rule, lang), reason=words(step.reason, lang))
        else:
            way = "up" if step.outcome in (Move.PROMOTED, Move.PROMOTED_BY_RANK) else "down"
            said = lang._(THEN[way]).format(before=said, reason=words(step.reason, lang),
                                            rule=rule_id(step.rule, lang))
        said = decided(said, step.decided_by, lang)
    if outcome.final_reason is not None:
        rule, why, by = outcome.final_reason
        said = decided(lang._(FINAL_TOO).format(before=said, reason=words(why, lang), rule=rule_id(rule, lang)),
                       by, lang)
    if outcome.tie is not None and not outcome.undecided:
        kind = "moot" if outcome.tie_step is not None else "record"
        clause = tie_clause(outcome.tie, outcome.player, name, kind, lang)
        said = lang._(THEN_TIE).format(before=said, tie=clause) if said else clause
    return said


def sentence(outcome: PlayerOutcome, name: Name, lang: Words, provisional: bool = False) -> tuple[str, str]:
    """Return ``(headline, sentence)`` telling a player their outcome with its rules, e.g.
    ``("Stays in division A", "Stays in division A: demotion spot by the criteria of D (B.2),
    cancelled by E.1: only 2 players would be left below division A, fewer than 5 (A.i.2).")``;
    ``provisional``: "if the season ended today"."""
    if outcome.undecided:
        choices = [lang._(CHOICE[choice_key(m, d, f)]).format(
                       division=d or outcome.from_division or "")
                   for m, d, f in outcome.undecided]
        said = choices[0]
        for choice in choices[1:]:
            said = lang._(OR).format(first=said, second=choice)
        head = lang._(UNDECIDED).format(choices=said)
        why = tie_clause(outcome.tie, outcome.player, name, "open", lang) if outcome.tie else ""
    else:
        head = headline(outcome.move, outcome.to_division if outcome.move is not Move.WITHDREW
                        else None, lang, outcome.finalist, outcome.from_division)
        why = reasons(outcome, name, lang)
    if outcome.left:
        why = gone(why, outcome, name, lang)
    if provisional:
        head = lang._(PROVISIONAL).format(headline=head)
    return head, lang._(SENTENCE).format(headline=head, reasons=why) if why else head + "."


def choice_key(move: Move, division: str | None, finalist: bool) -> str:
    """Return the key of :data:`CHOICE` for one outcome an open tie may give: a demotion into
    no division the next season has (``division`` None) is ``demoted-bottom``, worded with the
    player's own division (B.2)."""
    if finalist:
        return "finalist"
    return "demoted-bottom" if move is Move.DEMOTED and division is None else move.value


def gone(before: str, outcome: PlayerOutcome, name: Name, lang: Words) -> str:
    """Return ``before`` (what is said of a player's season) followed by why they are not in
    the next season, worded alike wherever it is said (B.4): a player who withdrew during the
    season (``outcome.move`` WITHDREW) ``withdrew:`` with the withdrawal's reasons, as the
    sentence ``Withdrew: ...`` of :func:`sentence` gives them; one who played the season out
    and did not sign up again (``outcome.left``) ``did not play the next season: the spot is
    not passed on (B.4)``."""
    if outcome.move is Move.WITHDREW:
        return lang._(WITHDREW_TOO).format(before=before, reasons=reasons(outcome, name, lang))
    return lang._(NOT_RETURNING).format(before=before)


def recorded_headline(recorded: str, division: str, index: int, season: Season, lang: Words,
                      formed: Collection[str] = ()) -> str:
    """Return the recorded outcome as a headline: ``Promoted to division B``, ``Demoted to
    division C`` (the record's ``relegated``: pages say "demoted", as the league text does). A
    relegation from the bottom division reads as the rules' demotion out of it does (B.2),
    ``Demoted to a new division below division F``, unless the next season's divisions
    (``formed``, their names; empty when it is not entered) have the one below it (``Demoted
    to division G``): a page never names a division the league never had."""
    names = [d.name for d in season.divisions]
    if recorded == "promoted":
        return (lang._(HEADLINES["promoted"]).format(division=names[index - 1]) if index > 0
                else lang._(HEADLINES["promoted-top"]))
    if recorded == "relegated":
        below = names[index + 1] if index + 1 < len(names) else bottom_below(division, formed)
        if below is None:
            return lang._(HEADLINES["demoted-bottom"]).format(division=division)
        return lang._(HEADLINES["relegated"]).format(division=below)
    return lang._(HEADLINES["stays"]).format(division=division)


def bottom_below(bottom: str, formed: Collection[str]) -> str | None:
    """Return the division below the bottom division ``bottom`` (``F`` -> ``G``) when the next
    season's divisions ``formed`` have it, else None (a new division, B.2)."""
    try:
        below = division_letter(division_index(bottom) + 1)
    except ValueError:
        return None
    return below if below in formed else None


def record_differs(recorded: str, rules_give: str, followed_rules: Sequence[str] | None = None) -> str:
    """Return ``league next-season``'s line for a player whose record differs from the rules
    (English, as the command's other lines): ``recorded promoted to division A; the rules give:
    stays in division B (B); the record is followed``; without ``followed_rules`` (a player not
    in the next season: nothing to follow) only the two outcomes."""
    said = f"recorded {recorded[0].lower()}{recorded[1:]}; the rules give: {rules_give[0].lower()}{rules_give[1:]}"
    if followed_rules is None:
        return said
    return f"{said} ({', '.join(followed_rules)}); the record is followed"


# --------------------------------------------------------------------------- a shared place


def shared_place(players: list[str], place: int, clauses: list[str], lang: Words) -> str:
    """Return the note under a group's table for ``players`` (names, two or more) who share
    ``place`` with different outcomes, ``clauses`` (one or more, joined) saying why: ``Bea, Ben
    and Bo share place 2, with different outcomes: their tie on every criterion of D for one
    promotion spot (B.3) was decided by the organizers.``"""
    return lang._(SHARED_PLACE).format(players=names_and(players, lang), place=place,
                                       reasons=clauses_joined(clauses, lang))


def shared_tie(tie: Tie, sharing: list[str], name: Name, lang: Words) -> str:
    """Return the clause of a tie the organizers' record decided among players who share a
    place (``sharing``, ids): ``their tie on every criterion of D for one promotion spot (B.3)
    was decided by the organizers``; the tie's players by name when they are not ``sharing``."""
    spots, rule = spots_text(tie, lang), rule_id(tie.rule, lang)
    if set(tie.players) == set(sharing):
        return lang._(SHARED_TIE).format(spots=spots, rule=rule)
    shown = sorted((name(p) for p in tie.players), key=str.casefold)
    return lang._(SHARED_TIE_OF).format(players=names_and(shown, lang), spots=spots, rule=rule)


def shared_recorded(players: list[str], lang: Words) -> str:
    """Return the clause for ``players`` (names) whose shown outcome is the organizers' record:
    ``the outcome of Bo is the organizers' decision``."""
    return lang.ngettext("the outcome of {players} is the organizers' decision",
                         "the outcomes of {players} are the organizers' decision",
                         len(players)).format(players=names_and(players, lang))
