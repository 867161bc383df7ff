"""What the league's pages say about each player's outcome, and what ``check`` tells organizers.

One outcome per player (:func:`sitegen.engine.league_outcome.season_outcome`, the next
season's formation) is shown alike on the season page, the group page, the player's page and
in ``standings.json``: the final decision with the chain of rules that made it, or, where the
organizers recorded another outcome (a group's ``promoted``/``relegated`` lists), the recorded
one as the organizers' decision. The comparison of the two, the ties the rules leave open and
a season the rules cannot form the next of are warnings for the organizers
(:func:`season_warnings`), never shown to players. A season with games still to play shows its
outcomes as provisional; a season with no game played shows none. A league without
``settings:`` shows the recorded outcomes only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Any, Mapping, Sequence

from ..diagnostics import Diagnostic, SourcePos
from ..engine.league import Move, RecordNotHonoured, Tie
from ..engine.league_final import FinalRound, final_result, final_round
from ..engine.league_certainty import KINDS, Certainty, season_certainty
from ..engine.league_outcome import (PlayerOutcome, SeasonOutcome, Status, agrees, differences,
                                     form_outcome, recorded_direction, recorded_moves,
                                     season_infos, season_outcome, season_status)
from ..engine.standings import StandingRow
from ..i18n import ENGLISH, ENGLISH_WORDS, N_, Words
from ..model.common import Player
from ..model.league import (Group, League, LeagueSettings, PlayerInfo, Season, SeasonSignups,
                            division_index, player_info)
from ..plan import FAR_PAST
from . import league_words as text
from .league_words import Name, bottom_below, recorded_headline, sentence, tie_sentence

SYMBOLS = {"promoted": "▲", "promoted-by-rank": "▲", "stays": "•", "finalist": "★",
           "demoted": "▼", "relegated": "▼", "withdrew": "×", "undecided": "?", "new": "×"}
"""The mark of each outcome, always shown with its words (never alone): a table's outcome
cell shows it with a short word (templates/macros/tables.html, ``outcome_word``)."""
JSON_WORDS = {"promoted": "promoted", "promoted-by-rank": "promoted", "stays": "stays",
              "finalist": "stays", "demoted": "relegated", "relegated": "relegated",
              "withdrew": "withdrew", "undecided": "undecided", "new": "withdrew"}
"""The ``outcome`` of a ``standings.json`` row: the words of the recorded lists, plus
``stays``, ``withdrew`` and ``undecided``. A player of the season whom the next season takes
as new (a withdrawal who signs up again, B.4) withdrew from this one."""

NOTE_EMPTY = N_("No game of this season has been played yet, so no outcome is shown.")
NOTE_ASSUMED = N_("The outcomes are worked out as if every player who did not withdraw plays the "
                  "next season, with no new players (no sign-ups have been entered).")
NOTE_ASSUMED_OVER = N_("The season is over and the next one has not been entered yet: the "
                       "outcomes are worked out as if every player who did not withdraw plays it, "
                       "with no new players.")
"""NOTE_ASSUMED for a finished season: whether sign-ups are still to come is not said (the
organizers may enter the next season, with its new players, at any time)."""
NOTE_SIGNUPS = N_("The outcomes are worked out from the sign-ups for the next season.")
NOTE_NEXT_SEASON = N_("The outcomes are worked out from who played the next season, "
                      "{season}: its new players included; the spot of a player who did not "
                      "play it is not passed on (B.4).")
# Translators: {reason} is the league rules' error, in English (as on the command line).
NOTE_ERROR = N_("The league rules cannot form the next season from this one ({reason}), so no "
                "outcome is shown; the organizers decide.")
NOTE_RECORDED = N_("Promotions and demotions as recorded by the organizers.")
NOTE_ORGANIZERS = N_("Where the organizers recorded another outcome than the rules give, the "
                     "organizers' decision is shown.")
"""The notes at the top of a season's pages, English (translated where used)."""


def note_provisional(games_left: int, lang: Words) -> str:
    """Return the note of a season with ``games_left`` games still to play."""
    return lang.ngettext("Provisional: {count} game is still to play. The outcomes below are those "
                         "the league rules give if the season ended today.",
                         "Provisional: {count} games are still to play. The outcomes below are those "
                         "the league rules give if the season ended today.",
                         games_left).format(count=games_left)


RECORDED_KINDS = {"promoted": (N_("promoted"), N_("Promoted")),
                  "relegated": (N_("demoted"), N_("Demoted")),
                  "withdrew": (N_("withdrew"), N_("Withdrew"))}
"""A recorded outcome of a league without settings: its word alone, and as a headline (the
record's ``relegated`` reads "demoted", the league text's word)."""

RECORDED_WORDS = {"promoted": "is recorded as promoted in group {group}",
                  "relegated": "is recorded as relegated in group {group}",
                  "stays": "is in neither the promoted nor the relegated list of group {group}"}
"""What a warning says of a recorded outcome (the command line's words: English)."""


@dataclass
class SeasonView:
    """What a season's pages show of its outcome."""

    season: Season
    """The season as played: with the games of early withdrawals void, if the league says so."""
    status: Status
    outcome: SeasonOutcome | None
    """The rules' outcome, which the record is compared with (``check``); None for a league
    without settings (recorded outcomes only)."""
    decided: SeasonOutcome | None = None
    """The outcome formed with the organizers' recorded moves followed
    (``form_outcome(..., recorded=recorded_moves(season))``), as ``league next-season`` forms
    it: what the pages show for every player; ``outcome`` when nothing is recorded."""
    record_error: str | None = None
    """Why the recorded moves cannot be followed (RecordNotHonoured), if they cannot: the
    pages then show the rules' outcome with the record where it differs."""
    record_conflict: RecordNotHonoured | None = None
    """The same as data: the rule that would break and the players concerned."""
    shown: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each player's shown outcome (:func:`_shown_row`); players without one are left out."""
    notes: list[str] = field(default_factory=list)
    """Sentences for the top of the season's pages (provisional, assumptions, void games)."""
    status_note: str | None = None
    """The first of ``notes`` when the season is provisional or has no game played."""
    games_left: int = 0
    final: FinalRound | None = None
    """The final round, when the season records one and a game was played."""
    certainty: dict[str, Certainty] = field(default_factory=dict)
    """Of a provisional season: what is already certain of each player
    (:func:`sitegen.engine.league_certainty.season_certainty`)."""
    infos: Mapping[str, PlayerInfo] = field(default_factory=dict)
    """The rules' data of the season's players (D.2), when the league has settings."""
    settings: LeagueSettings | None = None
    formed: tuple[str, ...] = ()
    """The divisions of the next season, when it is entered: a demotion out of the bottom
    division names the one below only when it is one of them (B.2, :func:`formed_only`)."""
    played_next: Mapping[str, str] = field(default_factory=dict)
    """The division each player of the entered next season played (``{id: division}``):
    ``check`` compares a record that differs from the rules with it (:func:`next_season_warning`)."""
    next_id: str | None = None
    """The entered next season's id, None when it is not entered."""


def season_view(league: League, season: Season, players: Mapping[str, Player],
                names: Mapping[str, str], lang: Words) -> SeasonView:
    """Return what the pages of ``season`` show of its outcome (see the module's text)."""
    if league.settings is None:
        return _recorded_view(season, players, lang)
    signups = next((s for s in league.signups if s.finished == season.id), None)
    following = next_season_of(league, season) if signups is None else None
    if following is not None:
        signups = signups_from_season(season, following, players)
    formed = tuple(d.name for d in following.divisions) if following is not None else ()
    outcome = formed_only(season_outcome(season, players, league.settings, signups), season, formed)
    view = SeasonView(outcome.season or season, outcome.status, outcome, outcome,
                      final=outcome.final, infos=season_infos(season, players),
                      settings=league.settings, formed=formed,
                      played_next={p: d.name for d in following.divisions for g in d.groups
                                   for p in g.players} if following is not None else {},
                      next_id=following.id if following is not None else None)
    record = recorded_moves(season) if outcome.status is Status.FINAL else {}
    if record and outcome.error is None:
        decided = form_outcome(season, players, league.settings, signups, None, outcome.status,
                               record)
        if decided.error is None:
            view.decided = formed_only(decided, season, formed)
        else:
            view.record_error, view.record_conflict = decided.error, decided.conflict
    if outcome.status is Status.EMPTY:
        view.status_note = lang._(NOTE_EMPTY)
        view.notes.append(view.status_note)
        return view
    view.games_left = outcome.games_left
    if outcome.status is Status.PROVISIONAL:
        view.status_note = note_provisional(outcome.games_left, lang)
        view.notes.append(view.status_note)
        view.certainty = dict(season_certainty(season, players, league.settings,
                                               signups).players)
    if outcome.error is not None:
        view.notes.append(lang._(NOTE_ERROR).format(reason=outcome.error))
    else:
        assumed = NOTE_ASSUMED_OVER if outcome.status is Status.FINAL else NOTE_ASSUMED
        view.notes.append(lang._(assumed) if outcome.assumed else
                          lang._(NOTE_NEXT_SEASON).format(season=following.name) if following is not None
                          else lang._(NOTE_SIGNUPS))
    for voided in outcome.voided:
        view.notes.append(lang._(text.VOIDED).format(player=names.get(voided.player, voided.player),
                                             played=voided.played, games=voided.games))
    name = lambda p: names.get(p, p)  # noqa: E731
    index_of = {d.name: i for i, d in enumerate(season.divisions)}
    for number, division in enumerate(view.season.divisions):
        for group in division.groups:
            for player in group.players:
                row = _shown_row(player, group, number, view, name, index_of, lang)
                if row is not None:
                    view.shown[player] = row
    if any(row["decided_by"] == "organizers" for row in view.shown.values()):
        view.notes.append(lang._(NOTE_ORGANIZERS))
    return view


def formed_only(outcome: SeasonOutcome, season: Season, formed: Sequence[str]) -> SeasonOutcome:
    """Return ``outcome`` with the rules' demotions out of the bottom division (B.2 with
    ``demote_from_bottom_division``) naming the division below it only when the next season
    (``formed``, its divisions' names; empty when it is not entered) has it, and else none
    (``to_division`` None, in an open tie's choices too), worded ``Demoted to a new division
    below division F``. The formation of the next season names the division it would form
    (``G``), and none for a player who did not play it; the league's pages, ``standings.json``
    and ``check`` never name a division the league never had (stop 52's newcomer: Rorogo38's
    2021-01 line said "Demoted to division G", and 2021-03 had no division G), and name the one
    it had (2021-05 F's last two, who left: 2021-08 had a division G)."""
    known = {d.name for d in season.divisions} | set(formed)
    bottom = season.divisions[-1].name if season.divisions else None

    def named(move: Move, division: str | None, origin: str | None) -> str | None:
        if move is not Move.DEMOTED or division in known:
            return division
        return bottom_below(origin, formed) if origin == bottom and origin is not None else None

    players = {player: replace(found, to_division=named(found.move, found.to_division,
                                                        found.from_division),
                               undecided=tuple((m, named(m, d, found.from_division), f)
                                               for m, d, f in found.undecided))
               for player, found in outcome.players.items()}
    return replace(outcome, players=players)


def next_season_of(league: League, season: Season) -> Season | None:
    """Return the season after ``season`` in the league (by start date, then id), or None."""
    ordered = sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id))
    index = next(i for i, s in enumerate(ordered) if s.id == season.id)
    return ordered[index + 1] if index + 1 < len(ordered) else None


def signups_from_season(season: Season, following: Season,
                        players: Mapping[str, Player]) -> SeasonSignups:
    """Return who played ``following`` as the sign-ups after ``season``: its players of
    ``season`` return, its other players are new, and ``season``'s players who do not play it
    withdraw (B.4). When the next season exists, it is what the league really had to form."""
    before = {p for d in season.divisions for g in d.groups for p in g.players}
    after = list(dict.fromkeys(p for d in following.divisions for g in d.groups for p in g.players))
    returning = tuple(p for p in after if p in before)
    new = tuple(p for p in after if p not in before)
    infos = tuple(player_info(players[p]) for p in returning + new if p in players)
    return SeasonSignups(following.id, infos, returning, tuple(sorted(before - set(after))), new,
                         finished=season.id)


def _recorded_view(season: Season, players: Mapping[str, Player], lang: Words) -> SeasonView:
    """Return the view of a league without settings: the recorded lists only, and the final
    round by the default rules when the season records one."""
    view = SeasonView(season, season_status(season), None)
    if view.status is not Status.EMPTY and (season.final or season.defending_champion) \
            and season.divisions:
        record = season.final
        view.final = final_round(season, season.defending_champion, season_infos(season, players),
                                 LeagueSettings(), record.declined if record else (),
                                 record.withdrawn if record else ())
    for division in season.divisions:
        for group in division.groups:
            for player in group.players:
                kind = ("promoted" if player in group.promoted else
                        "relegated" if player in group.relegated else
                        "withdrew" if player in group.withdrawn else "")
                if kind:
                    word, head = RECORDED_KINDS[kind]
                    said = lang._(text.RECORDED).format(headline=lang._(head))
                    view.shown[player] = {
                        "kind": kind, "symbol": SYMBOLS[kind], "headline": lang._(word), "detail": "",
                        "sentence": said, "rules": [], "decided_by": "organizers",
                        "to_division": None, "finalist": False, "json": JSON_WORDS[kind],
                        "choices": None}
    if view.shown:
        view.notes.append(lang._(NOTE_RECORDED))
    return view


def _shown_row(player: str, group: Group, number: int, view: SeasonView, name: Name,
               index_of: Mapping[str, int], lang: Words) -> dict[str, Any] | None:
    """Return the outcome shown for ``player``: the one formed with the record followed
    (``view.decided``), or the recorded one, as the organizers' decision, where the rules'
    outcome (``view.outcome``) differs from the record (or leaves it to a tie). A player who
    did not play the next season reads so after the outcome (B.4)."""
    outcome, decided = view.outcome, view.decided or view.outcome
    assert outcome is not None and decided is not None
    computed = outcome.players.get(player)
    recorded = recorded_direction(group, player) if outcome.status is Status.FINAL else None
    if recorded is not None and (computed is None or computed.undecided
                                 or not agrees(recorded, computed, number == 0, index_of)):
        division = view.season.divisions[number].name
        head = recorded_headline(recorded, division, number, view.season, lang, view.formed)
        kind = {"promoted": "promoted", "relegated": "relegated", "stays": "stays"}[recorded]
        shown = decided.players.get(player, computed)
        if shown is not None and (shown.left or shown.move is Move.WITHDREW):
            said = lang._(text.SENTENCE).format(headline=head, reasons=text.gone(
                lang._(text.RECORD_FOLLOWED), shown, name, lang))
            return _row(kind, head, said, ["B.4"], "organizers",
                        recorded_division(recorded, number, view.season, view.formed), False)
        return _row(kind, head, lang._(text.RECORDED).format(headline=head), [], "organizers",
                    recorded_division(recorded, number, view.season, view.formed), False)
    computed = decided.players.get(player)
    if computed is None:
        return None
    head, said = sentence(computed, name, lang, outcome.status is Status.PROVISIONAL)
    if computed.undecided:
        # Nothing in the data decides the tie: the division and the final round are the
        # alternatives', and the rules are the tie's (D.2), not those of whoever the engine
        # took by id (docs/content-format.md).
        rules = [computed.tie.rule, "D.2"] if computed.tie is not None else ["D.2"]
        undecided = _row("undecided", head, said, rules, "rules", None, None)
        undecided["choices"] = [{"outcome": JSON_WORDS["finalist" if finalist else move.value
                                                   .replace(" ", "-")],
                             "to_division": division, "finalist": finalist}
                            for move, division, finalist in computed.undecided]
        return undecided
    # A step the record decided (rule "record", sitegen.engine.league_next) is the organizers'
    # decision, as its sentence says; "record" is no rule id of the league text.
    by_record = "record" in computed.rules
    return _row(_kind(computed), head, said, [r for r in computed.rules if r != "record"],
                "organizers" if by_record else "rules", computed.to_division, computed.finalist)


OUTCOME_ORDER = {"promoted": 0, "promoted-by-rank": 0, "finalist": 1, "undecided": 2, "stays": 3,
                 "demoted": 4, "relegated": 4, "withdrew": 5, "new": 5}
"""Where each shown outcome (:data:`SYMBOLS`' kinds) goes among the rows of one shared place
(:func:`outcomes_in_order`): promoted first, then the final round, undecided, stays, demoted, and
who withdrew last; a row without a shown outcome goes with those who stay."""


def outcomes_in_order(rows: Sequence[StandingRow], view: SeasonView) -> list[StandingRow]:
    """Return a group's rows (``place``, ``shared``, ``player`` each, in table order) with the
    rows of each shared place ordered by their shown outcome (:data:`OUTCOME_ORDER`: promoted
    first, demoted last), players of the same outcome in the order they came. A shared place is
    one no rule orders inside (D.2 gives players it tells apart their own places:
    ``sitegen.pages.league.places_by_rules``), so the order inside it is the site's choice; the
    outcomes read top to bottom as a table's do (issue 31, stop 46's newcomer check: a promoted
    player sorted below two who stay). Places themselves and every other row keep their order."""
    def rank(row: StandingRow) -> int:
        shown = view.shown.get(row.player)
        return OUTCOME_ORDER.get(shown["kind"], OUTCOME_ORDER["stays"]) if shown else OUTCOME_ORDER["stays"]

    # rows of one place are next to each other, and share it (StandingRow.shared)
    return [row for _place, same in groupby(rows, key=lambda row: row.place)
            for row in sorted(same, key=rank)]


def shared_place_notes(table: Sequence[Mapping[str, Any]], view: SeasonView, name: Name,
                       lang: Words) -> list[str]:
    """Return the notes under a group's table, one per place shared by players with different
    shown outcomes (``table``: the group table's rows, ``place``, ``shared``, ``id`` and
    ``outcome`` each), saying why without a tap on any row (the rows keep their sentences):

    - a tie on every criterion of D the organizers' record decided (D.2: no rule can), as the
      sentence of a player whose outcome the rules gave says it, is named once for all;
    - players whose shown outcome is the organizers' record (``decided_by``) are named so;
    - players who withdrew are named with B.4;
    - when none of these applies, each player's outcome sentence is given.
    Players who share a place and an outcome get no note."""
    places: dict[int, list[str]] = {}
    outcomes: dict[int, set[str]] = {}
    for row in table:
        if row["shared"]:
            places.setdefault(row["place"], []).append(row["id"])
            outcomes.setdefault(row["place"], set()).add(row["outcome"])
    return [_shared_note(players, place, view, name, lang) for place, players in places.items()
            if len(outcomes[place]) > 1]


def _shared_note(sharing: list[str], place: int, view: SeasonView, name: Name,
                 lang: Words) -> str:
    """Return the note for ``sharing`` (ids) who share ``place`` (:func:`shared_place_notes`)."""
    decided = view.decided or view.outcome
    shown = {p: view.shown[p] for p in sharing if p in view.shown}
    ties: list[Tie] = []
    for player, row in shown.items():
        outcome = decided.players.get(player) if decided is not None else None
        if (row["decided_by"] != "organizers" and outcome is not None and outcome.tie is not None
                and not outcome.undecided and outcome.tie_step is None and outcome.tie not in ties):
            ties.append(outcome.tie)  # a tie the record decided, as the row's sentence says
    clauses = [text.shared_tie(tie, sharing, name, lang) for tie in ties]
    recorded = sorted((name(p) for p, row in shown.items() if row["decided_by"] == "organizers"),
                      key=str.casefold)
    if recorded:
        clauses.append(text.shared_recorded(recorded, lang))
    gone = sorted((name(p) for p, row in shown.items()
                   if row["decided_by"] != "organizers" and row["kind"] in ("withdrew", "new")),
                  key=str.casefold)
    if gone:
        clauses.append(lang._(text.SHARED_WITHDREW).format(players=text.names_and(gone, lang)))
    if not clauses:
        clauses = [lang._(text.SHARED_OUTCOME).format(player=name(p),
                                                      outcome=row["sentence"].removesuffix("."))
                   for p, row in shown.items()]
    names = sorted((name(p) for p in sharing), key=str.casefold)
    return text.shared_place(names, place, clauses, lang)


def recorded_division(recorded: str, index: int, season: Season,
                      formed: Sequence[str] = ()) -> str | None:
    """Return the division a recorded outcome of a player of division ``index`` names, as its
    headline does (:func:`recorded_headline`): the one above for a promotion, below for a
    relegation, the player's own for a stay; None for a promotion in the top division (the
    title) and a relegation from the bottom one, unless the next season's divisions
    (``formed``) have the one below it (B.2)."""
    names = [d.name for d in season.divisions]
    target = index - 1 if recorded == "promoted" else index + 1 if recorded == "relegated" else index
    if recorded == "relegated" and target == len(names) and names:
        return bottom_below(names[-1], formed)
    return names[target] if 0 <= target < len(names) else None


def _kind(outcome: PlayerOutcome) -> str:
    if outcome.undecided:
        return "undecided"
    if outcome.finalist:
        return "finalist"
    return outcome.move.value.replace(" ", "-")


def _row(kind: str, head: str, said: str, rules: list[str], decided_by: str,
         to_division: str | None, finalist: bool | None) -> dict[str, Any]:
    """Return a shown outcome: ``headline`` (short), ``detail`` (the rest of the sentence,
    its rules included), the whole ``sentence``, the marks and the JSON words (``choices``:
    an undecided outcome's alternatives, else None)."""
    # The colon after the headline, with the space some languages put before it (French).
    detail = said[len(head):].strip().removeprefix(":").strip() if said.startswith(head) else said
    return {"kind": kind, "symbol": SYMBOLS[kind], "headline": head, "detail": detail,
            "sentence": said, "rules": rules, "decided_by": decided_by,
            "to_division": to_division, "finalist": finalist, "json": JSON_WORDS[kind],
            "choices": None}


# --------------------------------------------------------------------------- for the organizers


def season_warnings(view: SeasonView, names: Mapping[str, str], lang: Words) -> list[Diagnostic]:
    """Return the warnings ``check`` and ``build`` print for ``view``'s season: every recorded
    outcome that differs from the computed one, every tie the rules leave open (D.2) that no
    record decides, and a next season the rules cannot form. One fact, one warning: a record
    that ``league next-season`` would refuse (RecordNotHonoured) is said in the warnings of
    its entries that differ from the rules, with the rule that would break; in a warning of
    its own (``league.record``) only when none of them differs. None for a season that is not
    final."""
    outcome = view.outcome
    if outcome is None or outcome.status is not Status.FINAL:
        return []
    season = view.season
    found: list[Diagnostic] = []
    if outcome.error is not None:
        found.append(Diagnostic(season.pos, f"season {season.id}: the league rules cannot form "
                                f"the next season: {outcome.error}", "league.rules",
                                "the site shows no computed outcome for this season",
                                level="warning"))
    found_differences = differences(season, outcome)
    conflict = view.record_conflict
    concerned = set(conflict.players) if conflict is not None else set()
    if view.record_error is not None and not any(d.player in concerned for d in found_differences):
        found.append(Diagnostic(season.pos, f"season {season.id}: {view.record_error}",
                                "league.record", "the site shows the rules' outcome with the "
                                "record where it differs; `league next-season` refuses until "
                                "the recorded lists are corrected", level="warning"))
    for difference in found_differences:
        computed, said = sentence(difference.computed, lambda p: p, lang)
        if difference.computed.left or difference.computed.move is Move.WITHDREW:
            computed = said.removesuffix(".")  # the reason: not in the next season (B.4)
        pos = difference.group.position(difference.player, "promoted", "relegated")
        recorded = RECORDED_WORDS[difference.recorded].format(group=difference.group.name)
        refused = (f"; `league next-season` would refuse this record: {conflict.why}, with the "
                   f"record followed ({conflict.named})"
                   if conflict is not None and difference.player in concerned else "")
        found.append(Diagnostic(
            pos, f"{difference.player} {recorded}, but the league rules give: "
                 f"{computed[0].lower()}{computed[1:]} (rules {', '.join(difference.computed.rules)})"
                 + refused,
            "league.recorded-differs", "the site shows the recorded outcome as the organizers' "
            "decision; correct the list if it is a mistake", level="warning"))
        found.extend(next_season_warning(view, difference.player, difference.recorded,
                                         difference.group, pos))
    groups = {p: g for d in season.divisions for g in d.groups for p in g.players}
    for tie in outcome.ties:  # each one `league next-season` refuses, recorded lists or not
        if any(p in groups for p in tie.players):  # not one of the next season's new players
            found.append(_tie_warning(tie, season, groups, lang))
    if season.final is not None and outcome.final is not None:
        found.extend(_final_warnings(view, names))
    return found


def contradicts(recorded: str, division: str, played: str) -> bool:
    """Return True when a recorded outcome of a player of ``division`` (``promoted`` or
    ``relegated``; a stay is no list entry) says the opposite of where the next season placed
    them (``played``): a promotion below division A that the next season does not place higher,
    a relegation it does not place lower (B: "Direct Promotions & Demotions"). A division's
    name that is no letter contradicts nothing."""
    try:
        start, end = division_index(division), division_index(played)
    except ValueError:
        return False
    if recorded == "promoted":
        return 0 < start <= end
    return recorded == "relegated" and end <= start


def next_season_warning(view: SeasonView, player: str, recorded: str, group: Group,
                        pos: SourcePos) -> list[Diagnostic]:
    """Return the warning (one, or none) for ``player``'s recorded outcome that differs from
    the rules' and that the entered next season contradicts too (:func:`contradicts`): the
    site shows the record, as the organizers' decision, and neither the rules nor the next
    season reached it (stop 52's newcomer: Kanana5, recorded as relegated from 2021-08 A, played
    A in 2021-09; Ririba37, recorded as relegated from 2021-08 H, the bottom division, played G).
    At the list entry (``pos``), code ``league.record-next-season``."""
    played = view.played_next.get(player)
    division = next(d.name for d in view.season.divisions if group in d.groups)
    if played is None or view.next_id is None or not contradicts(recorded, division, played):
        return []
    return [Diagnostic(pos, f"{player} {RECORDED_WORDS[recorded].format(group=group.name)}, "
                            f"but played division {played} in the next season, {view.next_id}",
                       "league.record-next-season", "the site shows the recorded outcome as the "
                       "organizers' decision, which neither the league rules nor the next season "
                       "give; correct the list if it is a mistake", level="warning")]


def english_warnings(league: League, season: Season, players: Mapping[str, Player],
                     names: Mapping[str, str], view: SeasonView, lang: Words) -> list[Diagnostic]:
    """Return :func:`season_warnings` for ``view``, the view of ``season``, in English.

    The command line speaks English (docs/translating.md) while ``view`` speaks the site's
    language: its outcomes' reasons were worded when they were worked out. So a site in another
    language works the season's outcome out again in English, only when it has a warning."""
    warnings = season_warnings(view, names, lang)
    if not warnings or lang.tag == ENGLISH:
        return warnings
    return season_warnings(season_view(league, season, players, names, ENGLISH_WORDS), names,
                           ENGLISH_WORDS)


def _tie_warning(tie: Tie, season: Season, groups: Mapping[str, Group], lang: Words) -> Diagnostic:
    """Return the warning naming an open tie, with the YAML that decides it (D.2).

    Recorded lists that give the tied players the same outcome (e.g. a ``promoted`` list
    without the tie's spot) do not decide it: the pages show the record, and ``league
    next-season`` follows it, but the rules' tie stays open, and the warning says so."""
    first = tie.players[0]
    pos = groups[first].position(first) if first in groups else season.pos
    places = ", ".join(f"{p}: {i}" for i, p in enumerate(tie.players, start=1))
    message = tie_sentence(tie, lambda p: p, lang)
    hint = f"enter the playoff's result in this season file, 1 the winner: 'playoffs: {{{places}}}'"
    if all(groups[p].promoted or groups[p].relegated for p in tie.players if p in groups):
        message += ("; the recorded lists do not decide it: they record alike tied players "
                    "whom the rules may give different outcomes (the pages show the record as "
                    "the organizers' decision)")
        hint += ", or correct the recorded lists"
    return Diagnostic(pos, message, "league.tie", hint, level="warning")


def _final_warnings(view: SeasonView, names: Mapping[str, str]) -> list[Diagnostic]:
    """Return the warning for a recorded champion the final's games do not give."""
    season = view.season
    assert season.final is not None and view.outcome is not None and view.outcome.final is not None
    winner = final_result(view.outcome.final, season.final.games)
    recorded = season.final.champion
    if recorded is None or winner.champion is None or winner.champion == recorded:
        return []
    return [Diagnostic(season.final.champion_pos, f"the final round's champion is recorded as "
                       f"{recorded}, but its games give {winner.champion} (league final round)",
                       "league.recorded-differs", "the site shows the recorded champion as the "
                       "organizers' decision", level="warning")]


def json_outcome(view: SeasonView, player: str) -> dict[str, Any]:
    """Return the outcome fields of ``player``'s ``standings.json`` row. An undecided outcome
    (a tie only a playoff can decide, D.2) has null ``to_division`` and ``finalist``, the
    tie's rules, and its alternatives in ``choices`` (each ``outcome``, ``to_division``,
    ``finalist``); ``choices`` is null for every other row."""
    row = view.shown.get(player)
    if row is None:
        return {"outcome": None, "to_division": None, "finalist": False, "rules": [],
                "choices": None, "decided_by": None, "outcome_text": None,
                "certain": None, "best": None, "worst": None}
    return {"outcome": row["json"], "to_division": row["to_division"],
            "finalist": row["finalist"], "rules": row["rules"], "choices": row["choices"],
            "decided_by": row["decided_by"], "outcome_text": row["sentence"],
            **certainty_of(view, player)}


CERTAIN_KINDS = {"promoted": "promoted", "promoted-by-rank": "promoted", "finalist": "finalist",
                 "stays": "stays", "demoted": "demoted", "relegated": "demoted",
                 "withdrew": "withdrew", "new": "withdrew"}
"""A shown outcome's kind (:data:`SYMBOLS`) as a kind of
:data:`sitegen.engine.league_certainty.KINDS`."""


def certainty_of(view: SeasonView, player: str) -> dict[str, Any]:
    """Return ``certain``, ``best`` and ``worst`` of ``player`` (kinds of
    :data:`sitegen.engine.league_certainty.KINDS`, best first: promoted, finalist, stays,
    demoted, withdrew). A provisional season: what every completion of its games gives
    (``certain`` false and no best or worst beyond the engine's budget). A final season: the
    outcome shown, certain, unless a tie leaves it open (its choices' extremes). Nulls
    where no outcome is shown."""
    row = view.shown.get(player)
    if row is None:
        return {"certain": None, "best": None, "worst": None}
    if view.status is Status.PROVISIONAL:
        found = view.certainty.get(player)
        if found is None:
            return {"certain": False, "best": None, "worst": None}
        return {"certain": found.certain, "best": found.best, "worst": found.worst}
    if row["choices"]:
        kinds = [CERTAIN_KINDS["finalist" if c["finalist"] else _choice_kind(c["outcome"])]
                 for c in row["choices"]]
        ordered = sorted(set(kinds), key=KINDS.index)
        return {"certain": len(ordered) == 1, "best": ordered[0], "worst": ordered[-1]}
    kind = CERTAIN_KINDS.get(row["kind"])
    return {"certain": kind is not None, "best": kind, "worst": kind}


def _choice_kind(word: str) -> str:
    return {"relegated": "demoted"}.get(word, word)



CERTAIN_SYMBOLS = {"promoted": "▲", "finalist": "★", "stays": "•", "demoted": "▼",
                   "withdrew": "×"}
"""The mark of each kind in what is certain, always with its words."""


def certainty_words(kind: str, lang: Words) -> str:
    """Return a kind of :data:`sitegen.engine.league_certainty.KINDS` as a short word."""
    return {"promoted": lang.pgettext("certainty", "promoted"),
            "finalist": lang.pgettext("certainty", "final round"),
            "stays": lang.pgettext("certainty", "stays"),
            "demoted": lang.pgettext("certainty", "demoted"),
            "withdrew": lang.pgettext("certainty", "withdrew")}[kind]


def certainty_fields(view: SeasonView, player: str, lang: Words) -> dict[str, Any] | None:
    """Return what the tables of a provisional season say of ``player`` beside the outcome
    "if the season ended today": ``certain: promoted ▲``, ``still open: best promoted, worst
    stays``, or ``still open`` (beyond the engine's budget); None for a final season or a
    player with no outcome shown."""
    if view.status is not Status.PROVISIONAL or player not in view.shown:
        return None
    found = certainty_of(view, player)
    best, worst = found["best"], found["worst"]
    if found["certain"]:
        said = lang._("certain: {outcome}").format(outcome=certainty_words(best, lang))
    elif best is not None and worst is not None:
        said = lang._("still open: best {best}, worst {worst}").format(
            best=certainty_words(best, lang), worst=certainty_words(worst, lang))
    else:
        said = lang._("still open")
    return {"certain": bool(found["certain"]), "text": said,
            "symbol": CERTAIN_SYMBOLS[best] if found["certain"] else ""}
