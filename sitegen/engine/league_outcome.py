"""One decision per player: a season's outcome, computed once by the next season's formation.

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"). The outcome of a season is what
:func:`sitegen.engine.league_next.next_season` decides (B, C, E.1, A): the season, group and
player pages, ``standings.json``, ``sitegen check`` and ``sitegen league next-season`` all read
it from :func:`season_outcome`, so they say the same thing. The season's sign-ups are an input
where present; without them every player of the season who did not withdraw is assumed to
return, with no new players (docs/league-rules.md, "Outcomes on the site").

Also here: the season's status (final, provisional, no game played), the league setting that
voids the games of an early withdrawal, the ties the rules leave open, and the sentence that
tells each player their outcome with the chain of rules that made it. Pure functions.
"""

from __future__ import annotations

import enum
import itertools
import math
from dataclasses import dataclass, field, replace
from typing import Collection, Iterable, Mapping, Sequence

from ..model.common import Outcome, Player, Result
from ..model.league import Group, LeagueSettings, PlayerInfo, Season, SeasonSignups, player_info
from .league_reasons import Reason, reason
from .league import Decision, LeagueRuleError, Move, RecordNotHonoured, Tie
from .league_final import FinalRound, final_round
from .league_first import first_season
from .league_next import DivisionRestrictions, NextSeasonPlan, Signups, next_season

# --------------------------------------------------------------------------- status


class Status(enum.Enum):
    """How far a season is: what its outcomes may say."""

    FINAL = "final"
    """Every game played, or the organizers recorded the outcomes: the outcomes are final."""
    PROVISIONAL = "provisional"
    """Games still to play: the outcomes are those "if the season ended today"."""
    EMPTY = "empty"
    """No game played and nothing recorded: no outcomes at all."""


def withdrawn_players(season: Season) -> set[str]:
    """Return the players who withdrew during ``season``: its groups' ``withdrawn`` lists and
    the final round's record (B.4)."""
    gone = {p for d in season.divisions for g in d.groups for p in g.withdrawn}
    return gone | set(season.final.withdrawn if season.final else ())


def _played(result: Result) -> bool:
    """A game was played when it gives gamepoints or its result is unknown (league D.1)."""
    return result.counts or result.outcome is Outcome.UNKNOWN


def games_to_play(season: Season) -> int:
    """Return how many games of the season's round-robins are still to play: pairs of group
    members, neither withdrawn, without a played game (missing, unplayed or void)."""
    gone = withdrawn_players(season)
    left = 0
    for division in season.divisions:
        for group in division.groups:
            active = [p for p in group.players if p not in gone]
            played = {frozenset(g.players) for g in group.games if _played(g.result)}
            left += sum(1 for i, a in enumerate(active) for b in active[i + 1:]
                        if frozenset((a, b)) not in played)
    return left


def has_record(season: Season) -> bool:
    """Return True when the organizers recorded the season's outcome: a group's ``promoted``
    or ``relegated`` list, or the final round's champion or void title."""
    groups = (g for d in season.divisions for g in d.groups)
    final = season.final
    return any(g.promoted or g.relegated for g in groups) or bool(
        final and (final.champion or final.void))


def season_status(season: Season) -> Status:
    """Return the season's :class:`Status`: final when no game is still to play or the
    organizers recorded its outcome (their record closes a season whose last games will not
    be played); empty when no game was played; provisional otherwise."""
    if has_record(season):
        return Status.FINAL
    if not any(_played(g.result) for d in season.divisions for grp in d.groups for g in grp.games):
        return Status.EMPTY
    return Status.FINAL if games_to_play(season) == 0 else Status.PROVISIONAL


# --------------------------------------------------------------------------- early withdrawals


@dataclass(frozen=True)
class Voided:
    """A withdrawn player whose games are void (league setting
    ``void_games_of_early_withdrawals``)."""

    player: str
    group: str
    played: int
    games: int


def void_early_withdrawals(season: Season, settings: LeagueSettings
                           ) -> tuple[Season, tuple[Voided, ...]]:
    """Return ``season`` with the games of each early withdrawal void, and those players.

    With ``settings.void_games_of_early_withdrawals``, a player who withdrew (B.4) having
    played fewer than half of their group's games (n - 1 in a group of n) has every game of
    that group void, as if not played. Played: a win, a loss or a jigo on the board, or an
    unknown result; a forfeit is a game not played. Without the setting, ``season`` as is.
    """
    if not settings.void_games_of_early_withdrawals:
        return season, ()
    gone = withdrawn_players(season)
    voided: list[Voided] = []
    divisions = []
    for division in season.divisions:
        groups = []
        for group in division.groups:
            early = []
            for player in (p for p in group.players if p in gone):
                played = sum(1 for g in group.games if player in g.players
                             and _played(g.result) and g.result.outcome is not Outcome.FORFEIT)
                games = len(group.players) - 1
                if 2 * played < games:
                    early.append(player)
                    voided.append(Voided(player, group.name, played, games))
            if early:
                void = Result(Outcome.VOID)
                group = replace(group, games=tuple(
                    replace(g, result=void) if set(g.players) & set(early) else g
                    for g in group.games))
            groups.append(group)
        divisions.append(replace(division, groups=tuple(groups)))
    if not voided:
        return season, ()
    return replace(season, divisions=tuple(divisions)), tuple(voided)


# --------------------------------------------------------------------------- the rules' data


def season_infos(season: Season, players: Mapping[str, Player]) -> dict[str, PlayerInfo]:
    """Return the rules' view of every player of ``season`` (D.2: rank, rating,
    correspondence rank and rating, the season's ``concedes`` and ``playoffs``), with their
    recorded outcome (:attr:`PlayerInfo.recorded`)."""
    playoffs = season.playoff_places()
    out = {}
    for division in season.divisions:
        for group in division.groups:
            for p in group.players:
                if p in players:
                    out[p] = player_info(players[p], playoffs, season.concedes, group.recorded(p))
    return out


def season_signups(season: Season, players: Mapping[str, Player],
                   signups: SeasonSignups | None) -> Signups:
    """Return who plays the season after ``season``, with the rules' data (C, D.2).

    With ``signups``, its players: each entry's own data, the season's playoff place,
    forfeiture and recorded outcome where the entry gives none. Without, every player of the
    season who did not withdraw returns (the site's assumption) and nobody new comes.
    """
    known = season_infos(season, players)
    if signups is None:
        gone = withdrawn_players(season)
        return Signups(tuple(info for p, info in sorted(known.items()) if p not in gone),
                       tuple(info for p, info in sorted(known.items()) if p in gone))
    merged = []
    for entry in signups.players:
        before = known.get(entry.id)
        if before is not None:
            entry = replace(entry, concedes=entry.concedes or before.concedes,
                            playoff=entry.playoff if entry.playoff is not None else before.playoff,
                            recorded=before.recorded)
        merged.append(entry)
    signed = {entry.id for entry in merged}
    return Signups(tuple(merged), tuple(info for p, info in sorted(known.items())
                                        if p not in signed))


# --------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class PlayerOutcome:
    """The final decision about one player, and the chain of rules that made it."""

    player: str
    move: Move
    """PROMOTED, PROMOTED_BY_RANK, STAYS, DEMOTED, WITHDREW or NEW: from ``from_division``
    to ``to_division``, as the next season places the player."""
    from_division: str | None
    to_division: str | None
    steps: tuple[Decision, ...]
    """Every decision about the player, in the order taken (B, then C, then E.1, A)."""
    finalist: bool = False
    """Stays in division A and plays the final round."""
    tie: Tie | None = None
    """The tie that decides (or decided) this player's outcome, if any (D.2)."""
    undecided: tuple[tuple[Move, str | None, bool], ...] = ()
    """For an open tie: the outcomes it may give, as (move, division, finalist), best first;
    empty when the outcome is decided."""
    tie_step: int | None = None
    """0 for a tie that decides nothing here: the chain is the tie alone."""
    final_reason: tuple[str, Reason, str | None] | None = None
    """(rule, why, decided_by) a finalist qualified other than by a direct promotion spot ([8],
    B.3); ``decided_by``: the criterion of D.2 that gave the place, if one did."""
    left: bool = False
    """Played the season out but not the next one: ``move`` is the one earned in the season
    (B), placed nowhere, the spot not passed on (B.4)."""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids of the chain, each once, in order (B.4 last for a player who left)."""
        rules = [step.rule for step in self.steps]
        if self.tie is not None:
            rules.append(self.tie.rule)
        return tuple(dict.fromkeys(rules + ["B.4"] * self.left))


@dataclass(frozen=True)
class SeasonOutcome:
    """A season's outcome for every player of it, computed once (:func:`season_outcome`)."""

    status: Status
    players: Mapping[str, PlayerOutcome] = field(default_factory=dict)
    ties: tuple[Tie, ...] = ()
    """Ties that decide an outcome and that no playoff or record decides: undecided (D.2)."""
    final: FinalRound | None = None
    """The final round, when the season records one (``final:``, ``defending_champion:``)."""
    error: str | None = None
    """Why the next season cannot be formed by the rules (a LeagueRuleError), if it cannot."""
    assumed: bool = True
    """True when no sign-ups exist: every player who did not withdraw is assumed to return."""
    voided: tuple[Voided, ...] = ()
    plan: NextSeasonPlan | None = None
    season: Season | None = None
    """The season as the outcome reads it: with the games of early withdrawals void."""
    games_left: int = 0
    """Games still to play (:func:`games_to_play`)."""
    formations: int = 1
    """Formations of the next season the outcome takes (:func:`formations_needed`); above
    :func:`form_outcome`'s ``max_formations``, none but the first was made: no players."""
    conflict: RecordNotHonoured | None = None
    """When ``error`` is a record that cannot be followed: the error, with the rule that would
    break and the players concerned."""


def season_outcome(season: Season, players: Mapping[str, Player], settings: LeagueSettings,
                   signups: SeasonSignups | None = None,
                   restrictions: DivisionRestrictions | None = None) -> SeasonOutcome:
    """Return the outcome of ``season`` for each of its players (league B, C, E.1, A, final
    round), as :func:`form_outcome` gives it, for a season as played so far
    (:func:`season_status`): none for a season with no game played."""
    status = season_status(season)
    if status is Status.EMPTY or not season.divisions:
        return SeasonOutcome(Status.EMPTY, season=season)
    return form_outcome(season, players, settings, signups, restrictions, status)


def form_outcome(season: Season, players: Mapping[str, Player], settings: LeagueSettings,
                 signups: SeasonSignups | None = None,
                 restrictions: DivisionRestrictions | None = None,
                 status: Status = Status.FINAL,
                 recorded: Mapping[str, Move] = {},
                 max_formations: int | None = None) -> SeasonOutcome:
    """Return the outcome of ``season`` computed by :func:`next_season` from its sign-ups,
    or assuming every player who did not withdraw returns (:func:`season_signups`).

    ``recorded``: the organizers' recorded outcomes to follow (:func:`recorded_moves`; by
    default none: the rules' outcome). A tie all of whose players the record places is the
    organizers' to decide then (their places are the record's): decided by the record.

    With the league setting ``void_games_of_early_withdrawals`` the games of early
    withdrawals are void first. ``restrictions``: the new season's (C), by default those of
    ``signups``, else the season's own. A LeagueRuleError (SeasonCancelled included) leaves
    the outcome without players, its message in ``error``. ``max_formations``: when the open
    ties would take more formations of the next season (:func:`formations_needed`), only the
    first is made and the outcome has no players (its ``formations`` says how many it needs).
    """
    season, voided = void_early_withdrawals(season, settings)
    left = games_to_play(season)
    if restrictions is None:
        restrictions = ((signups.restrictions if signups else None) or season.restrictions
                        or DivisionRestrictions())
    signed = season_signups(season, players, signups)
    try:
        plan = next_season(season, signed, restrictions, settings, recorded)
    except LeagueRuleError as error:
        return SeasonOutcome(status, error=str(error), assumed=signups is None, voided=voided,
                             season=season, games_left=left,
                             conflict=error if isinstance(error, RecordNotHonoured) else None)
    infos = season_infos(season, players)
    final = _final(season, infos, settings)
    named = [replace(t, by_record=True) if recorded and all(p in recorded for p in t.players)
             else t for t in _named_ties(plan, final, season)]
    shared = sharing([t for t in named if not t.by_record])
    need = formations_needed(shared, infos)
    if max_formations is not None and need > max_formations:
        return SeasonOutcome(status, assumed=signups is None, voided=voided, plan=plan,
                             season=season, games_left=left, formations=need)
    choices = {}
    for together in shared:
        joint = (joint_choices(together, season, signed, infos, restrictions, settings, recorded)
                 if len(together) > 1 else None)
        for tie in together:
            found = joint or tie_choices(tie, season, signed, infos, restrictions, settings,
                                         recorded)
            if found is not None:
                choices[tie] = found
    outcomes = player_outcomes(plan, final, named, choices)
    ties = tuple(t for t in named if any(
        outcomes[p].undecided for p in t.players if p in outcomes))
    return SeasonOutcome(status, outcomes, ties, final, None, signups is None, voided, plan,
                         season, left, need)


def formations_needed(shared: Sequence[Sequence[Tie]], infos: Collection[str]) -> int:
    """Return at most how many times :func:`form_outcome` forms the next season: once, plus
    one per way of each open tie (:func:`resolutions`), plus one per order of the players of
    ties sharing players when they are few enough to order (:data:`JOINT`). ``shared``: the
    open ties as :func:`sharing` groups them. A bound: the ways the record rules out, and the
    ties' own ways once a joint order is formed, are not formed."""
    need = 1
    for together in shared:
        need += sum(len(resolutions(tie, infos)) for tie in together)
        players = {p for tie in together for p in tie.players}
        if len(together) > 1 and math.factorial(len(players)) <= JOINT:
            need += math.factorial(len(players))
    return need


def first_season_outcome(settings: LeagueSettings, signups: SeasonSignups,
                         restrictions: DivisionRestrictions) -> SeasonOutcome:
    """Return the outcome of forming a league's first season from its sign-ups
    (:func:`sitegen.engine.league_first.first_season`): every player's placement with its rules.

    A tie matters only when its players end in different divisions (they are equal on every
    criterion, so any playoff gives the same divisions to others). A LeagueRuleError leaves the
    outcome without players, its message in ``error``.
    """
    try:
        plan = first_season(Signups(signups.players), restrictions, settings)
    except LeagueRuleError as error:
        return SeasonOutcome(Status.FINAL, error=str(error), assumed=False)
    where = {p: d.name for d in plan.divisions for g in d.groups for p in g.players}
    ties = tuple(t for t in plan.ties if len({where[p] for p in t.players}) > 1)
    outcomes = player_outcomes(plan, None, ties)
    return SeasonOutcome(Status.FINAL, outcomes, ties, assumed=False, plan=plan)


def _final(season: Season, infos: Mapping[str, PlayerInfo],
           settings: LeagueSettings) -> FinalRound | None:
    """Return the season's final round (final round, [8]) when it records one."""
    if season.final is None and season.defending_champion is None:
        return None
    record = season.final
    return final_round(season, season.defending_champion, infos, settings,
                       record.declined if record else (), record.withdrawn if record else ())


Key = tuple[Move, str | None, bool]
"""An outcome as a tie's choices list it: (move, division, finalist)."""

RESOLUTIONS = 16
"""The most ways of a tie's spots to form the next season with; beyond, each shown player's two."""


def resolutions(tie: Tie, shown: Collection[str]) -> list[tuple[str, ...]]:
    """Return the ways ``tie``'s spots can fall, each as the players who take them (D.2):
    every way when there are at most :data:`RESOLUTIONS`, else for each player of ``shown``
    (the finished season's) a way where they take a spot and one where they do not (the
    others by id); none when the tie has no such player."""
    players = sorted(tie.players)
    if math.comb(len(players), tie.spots) <= RESOLUTIONS:
        return list(itertools.combinations(players, tie.spots))
    ways: set[tuple[str, ...]] = set()
    for player in (p for p in players if p in shown):
        others = [p for p in players if p != player]
        ways.add(tuple(sorted([player, *others[:tie.spots - 1]])))
        ways.add(tuple(others[:tie.spots]))
    return sorted(ways)


def playoff_for(tie: Tie, takers: Sequence[str]) -> dict[str, int]:
    """Return the playoff places (D.2, 1 the winner) that give ``tie``'s spots to ``takers``:
    the first places for a promotion or a place in the final round, the last for a demotion."""
    rest = [p for p in sorted(tie.players) if p not in takers]
    order = [*rest, *takers] if tie.spot == "demotion" else [*takers, *rest]
    return {player: place for place, player in enumerate(order, start=1)}


def _as_recorded(tie: Tie, takers: Sequence[str], infos: Mapping[str, PlayerInfo]) -> bool:
    """Return False when the organizers' record orders a player who does not take ``tie``'s
    spots above one who takes them, against the way they fall (a promotion to a player
    recorded lower, a demotion to one recorded higher): the record decides what it can."""
    def recorded(player: str) -> int:
        return infos[player].recorded if player in infos else 0

    sign = -1 if tie.spot == "demotion" else 1
    return all(sign * (recorded(taker) - recorded(other)) >= 0
               for taker in takers for other in tie.players if other not in takers)


@dataclass(frozen=True)
class Choices:
    """What an open tie may give each player (:func:`tie_choices`)."""

    outcomes: Mapping[str, tuple[Key, ...]]
    """Each player's possible outcomes, best first; one when the tie does not change theirs."""
    by_record: bool = False
    """The organizers' record ruled some ways out (it orders some of the tied players)."""


def tie_choices(tie: Tie, season: Season, signed: Signups, infos: Mapping[str, PlayerInfo],
                restrictions: DivisionRestrictions, settings: LeagueSettings,
                recorded: Mapping[str, Move] = {}) -> Choices | None:
    """Return the outcomes each player may get by how ``tie`` is decided, best first (D.2).

    The next season is formed (and the final round drawn) once for each way the spots can
    fall (:func:`resolutions`; ``infos``: the season's players) that the organizers' record
    allows (:func:`_as_recorded`), as if a playoff had decided it: a player's choices are the
    final outcomes they get over those ways. A player whose outcome is a fact about them (a
    withdrawal, B.4) has that one choice. A way the rules cannot form is left out; None when
    no way is formed. ``recorded``: the recorded outcomes followed (:func:`form_outcome`).
    """
    ways = resolutions(tie, infos)
    allowed = [takers for takers in ways if _as_recorded(tie, takers, infos)]
    return _choices([playoff_for(tie, takers) for takers in allowed], len(allowed) < len(ways),
                    season, signed, infos, restrictions, settings, recorded)


JOINT = 120
"""The most orders of the players of ties that share players to form the next season with."""


def joint_choices(ties: Sequence[Tie], season: Season, signed: Signups,
                  infos: Mapping[str, PlayerInfo], restrictions: DivisionRestrictions,
                  settings: LeagueSettings, recorded: Mapping[str, Move] = {}) -> Choices | None:
    """Return :func:`tie_choices` for ties that share players (e.g. one class cut by a place in
    the final round and by a demotion spot): every order of their players that the record
    allows, as a playoff would give it, so that no tie is left to the players' ids while
    another is decided. None when they are too many to order (:data:`JOINT`)."""
    players = sorted({p for tie in ties for p in tie.players})
    if math.factorial(len(players)) > JOINT:
        return None

    def record(player: str) -> int:
        return infos[player].recorded if player in infos else 0

    orders = list(itertools.permutations(players))
    allowed = [o for o in orders
               if all(record(a) >= record(b) for a, b in zip(o, o[1:]))]
    return _choices([{p: i for i, p in enumerate(order, start=1)} for order in allowed],
                    len(allowed) < len(orders), season, signed, infos, restrictions, settings,
                    recorded)


def _choices(ways: Sequence[Mapping[str, int]], by_record: bool, season: Season,
             signed: Signups, infos: Mapping[str, PlayerInfo],
             restrictions: DivisionRestrictions, settings: LeagueSettings,
             recorded: Mapping[str, Move] = {}) -> Choices | None:
    """Return each player's outcomes over ``ways`` (playoff places, D.2) of forming the next
    season and drawing the final round; None when the rules form none of them."""
    seen: dict[str, set[Key]] = {}
    for places in ways:

        def forced(entry: PlayerInfo) -> PlayerInfo:
            return replace(entry, playoff=places[entry.id]) if entry.id in places else entry

        try:
            plan = next_season(season, Signups(tuple(map(forced, signed.players)),
                                               tuple(map(forced, signed.finished))),
                               restrictions, settings, recorded)
        except LeagueRuleError:
            continue
        final = _final(season, {p: forced(i) for p, i in infos.items()}, settings)
        for player, outcome in player_outcomes(plan, final, ties=()).items():
            seen.setdefault(player, set()).add(_key(outcome))
    if not seen:
        return None
    return Choices({player: tuple(sorted(keys, key=_rank)) for player, keys in seen.items()},
                   by_record)


def sharing(ties: Sequence[Tie]) -> list[list[Tie]]:
    """Return ``ties`` in groups that share players (directly or through another), in order."""
    groups: list[list[Tie]] = []
    for tie in ties:
        joined = [g for g in groups if any(set(tie.players) & set(t.players) for t in g)]
        merged = [t for g in joined for t in g] + [tie]
        groups = [g for g in groups if g not in joined] + [merged]
    return groups


def _named_ties(plan: NextSeasonPlan, final: FinalRound | None, season: Season) -> list[Tie]:
    """Return every tie of the plan and the final round once: the direct promotion spots of
    the top division (B.1, B.3) are places in the final round; a promotion into it (E.1, C.5)
    stays a promotion spot."""
    top = season.divisions[0].name if season.divisions else None
    ties = [replace(t, spot="final round") if t.spot == "promotion" and t.division == top
            and t.rule in ("B.1", "B.3") else t for t in plan.ties]
    return ties + [t for t in (final.ties if final else ()) if t.rule == "B.3"]


def player_outcomes(plan: NextSeasonPlan, final: FinalRound | None = None,
                    ties: Iterable[Tie] | None = None,
                    choices: Mapping[Tie, Choices] = {}
                    ) -> dict[str, PlayerOutcome]:
    """Return every player's outcome from a formed next season, one each: the final move
    (``plan.outcomes``), the chain of decisions, whether they play the final round (the
    ``final``'s finalists, else the direct promotion spots of division A), and the ties
    that decide them (D.2: open, decided by the organizers' record, or deciding nothing):
    ``ties``, by default the plan's and the final round's; ``choices``: each open tie's
    outcomes per player (:func:`tie_choices`), by default the tied players' own."""
    steps: dict[str, list[Decision]] = {}
    for decision in plan.decisions:
        steps.setdefault(decision.player, []).append(decision)
    finalists = ({f.player for f in final.finalists} if final is not None  # none if void
                 else {d.player for d in plan.decisions if d.rule == "final round"})
    qualified = {f.player: (f.rule, f.reason, f.decided_by)
                 for f in (final.finalists if final else ())}
    out = {}
    for player, result in plan.outcomes.items():
        move = result.outcome
        if move in (Move.PROMOTED, Move.PROMOTED_BY_RANK, Move.DEMOTED) \
                and result.from_division == result.to_division:
            move = Move.STAYS  # e.g. a demotion cancelled by a promotion by rank (C.2)
        chain = tuple(steps.get(player, ()))
        finalist = player in finalists and move is Move.STAYS
        direct = any(step.rule == "final round" for step in chain)
        out[player] = PlayerOutcome(player, move, result.from_division, result.to_division, chain,
                                    finalist=finalist, final_reason=qualified.get(player)
                                    if finalist and not direct else None,
                                    left=player in plan.left)
    if ties is None:
        ties = list(plan.ties) + [t for t in (final.ties if final else ()) if t.rule == "B.3"]
    for tie in ties:
        _apply_tie(out, tie, choices.get(tie))
    for tie, found in choices.items():  # players outside a tie whose outcome hangs on it
        for player, keys in found.outcomes.items():
            outcome = out.get(player)
            if outcome is not None and len(keys) > 1 and outcome.tie is None \
                    and outcome.move not in FACTS and player not in tie.players:
                out[player] = replace(outcome, tie=tie, undecided=keys)
    return out


def _key(outcome: PlayerOutcome) -> Key:
    return outcome.move, outcome.to_division, outcome.finalist


FACTS = (Move.WITHDREW,)
"""Moves that are facts about one player (B.4), never a choice of a tie."""


def _apply_tie(out: dict[str, PlayerOutcome], tie: Tie, choices: Choices | None = None) -> None:
    """Mark the players of ``tie`` (D.2): undecided, with their own choices (``choices``, by
    default the outcomes of the tied players who are not withdrawals), when it may give them
    different outcomes and no record decides; a tie the organizers' record decides is noted as
    decided by them (even when the rules would give its players the same outcome either way:
    the record tells them apart); a player it may not move is noted as decided by the
    organizers (when their record ruled ways out) or as a tie that changes nothing for them,
    the tied step alone. A withdrawal is a fact, not a choice (B.4): it stays as it is."""
    members = [out[p] for p in tie.players if p in out and out[p].tie is None]
    if len(members) < 2:
        return
    if not tie.by_record:  # which spot a withdrawal forfeited is the tie's to say (B.4)
        for m in members:
            if m.move is Move.WITHDREW:
                out[m.player] = replace(m, steps=(Decision(
                    m.player, Move.WITHDREW, "B.4", reason("WITHDREW_LEFT"), m.from_division, None),))
    playing = [m for m in members if m.move not in FACTS]
    keys = sorted({_key(m) for m in playing}, key=_rank)
    if tie.by_record:  # the organizers' record decided it, even where the rules would give
        for m in playing:  # the same outcome either way: each keeps their own chain (by record)
            out[m.player] = replace(m, tie=tie)
        return
    if choices is not None:
        own = {m.player: choices.outcomes.get(m.player, (_key(m),)) for m in playing}
        for m in playing:
            out[m.player] = (replace(m, tie=tie, undecided=own[m.player])
                             if len(own[m.player]) > 1 else
                             replace(m, tie=tie) if choices.by_record else _moot(m, tie))
        return
    elif len(keys) > 1:
        for m in playing:
            out[m.player] = replace(m, tie=tie, undecided=tuple(keys))
        return
    if len(keys) > 1 or len(playing) < 2:
        return
    # The same outcome whoever took the spot: each player's chain is the tie alone (the steps
    # of whoever took the spot would name one of them, by id).
    for m in playing:
        out[m.player] = _moot(m, tie)


def _moot(outcome: PlayerOutcome, tie: Tie) -> PlayerOutcome:
    """Return ``outcome`` as one that ``tie`` does not change: its chain is the tie alone."""
    return replace(outcome, steps=(), tie=tie, tie_step=0, final_reason=None)


def _rank(key: tuple[Move, str | None, bool]) -> tuple:
    move, division, finalist = key
    return (division is None, len(division or ""), division or "", not finalist, move.value)


# --------------------------------------------------------------------------- recorded outcomes


@dataclass(frozen=True)
class Difference:
    """A recorded outcome (a group's list, or the final's champion) other than the computed."""

    player: str
    group: Group
    recorded: str
    """``promoted``, ``relegated`` or ``stays`` (in a group with recorded lists but not in them)."""
    computed: PlayerOutcome


RECORDED_MOVES = {"promoted": Move.PROMOTED, "relegated": Move.DEMOTED, "stays": Move.STAYS}


def recorded_moves(season: Season) -> dict[str, Move]:
    """Return the organizers' recorded outcome of each player of ``season`` in a group that
    records outcomes (:func:`recorded_direction`) as the move :func:`form_outcome` follows:
    PROMOTED, DEMOTED or STAYS. Players who withdrew (B.4) are left out: a withdrawal is a
    fact, not a decision."""
    gone = withdrawn_players(season)
    found = {}
    for division in season.divisions:
        for group in division.groups:
            for player in group.players:
                direction = recorded_direction(group, player)
                if direction is not None and player not in gone:
                    found[player] = RECORDED_MOVES[direction]
    return found


def recorded_direction(group: Group, player: str) -> str | None:
    """Return ``player``'s recorded outcome: ``promoted``, ``relegated``, ``stays`` (not listed
    in a group that records outcomes), or None when the group records none."""
    if not (group.promoted or group.relegated):
        return None
    return "promoted" if player in group.promoted else "relegated" if player in group.relegated \
        else "stays"


def agrees(recorded: str, outcome: PlayerOutcome, top: bool, index_of: Mapping[str, int]) -> bool:
    """Return True when ``recorded`` says what ``outcome`` does (the same direction).

    In the top division a recorded promotion is the title: a finalist agrees with it and with
    no promotion recorded. An undecided outcome agrees when one of its choices does. A
    withdrawal during the season (B.4) agrees with no promotion or relegation recorded."""
    keys = outcome.undecided or ((outcome.move, outcome.to_division, outcome.finalist),)
    for move, division, finalist in keys:
        if move is Move.WITHDREW:
            continue
        start, end = index_of.get(outcome.from_division or ""), index_of.get(division or "")
        if start is None or end is None:
            direction = "relegated" if move is Move.DEMOTED else "promoted"
        else:
            direction = "promoted" if end < start else "relegated" if end > start else "stays"
        if top and finalist and recorded in ("promoted", "stays"):
            return True
        if direction == recorded:
            return True
    return outcome.move is Move.WITHDREW and recorded == "stays"


def differences(season: Season, outcome: SeasonOutcome) -> list[Difference]:
    """Return every recorded outcome of ``season`` that differs from the computed one, in the
    order of the season file (for the organizers: ``sitegen check``)."""
    if outcome.status is not Status.FINAL or not outcome.players:
        return []
    index_of = {d.name: i for i, d in enumerate(season.divisions)}
    found = []
    for number, division in enumerate(season.divisions):
        for group in division.groups:
            for player in group.players:
                recorded = recorded_direction(group, player)
                computed = outcome.players.get(player)
                if recorded is None or computed is None:
                    continue
                if not agrees(recorded, computed, number == 0, index_of):
                    found.append(Difference(player, group, recorded, computed))
    return found


def ordered_players(plan_outcomes: Mapping[str, PlayerOutcome], season: Season,
                    order: Sequence[Sequence[str]] = ()) -> list[str]:
    """Return the players of ``plan_outcomes``: the season's by division and ``order`` (each
    division's players best first), then the new players by id."""
    seen: list[str] = []
    for players in order:
        seen.extend(p for p in players if p in plan_outcomes and p not in seen)
    for division in season.divisions:
        for group in division.groups:
            seen.extend(p for p in group.players if p in plan_outcomes and p not in seen)
    seen.extend(sorted(p for p in plan_outcomes if p not in seen))
    return seen
