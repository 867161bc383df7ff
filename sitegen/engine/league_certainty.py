"""What is already certain in a season in progress: each player's outcome whatever the rest.

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"), docs/league-rules.md ("What is
already certain"). A season with games still to play shows its outcomes "if the season ended
today" (:func:`sitegen.engine.league_outcome.season_outcome`). This module says, per player,
whether their outcome is already the same in every **completion** of the remaining games, and
the best and worst outcomes still reachable. A completion gives every game still to play
(:func:`sitegen.engine.league_outcome.games_to_play`: a pair of group members, neither
withdrawn, without a played game) one of three results: either player wins, or jigo (the
league has no setting that rules jigo out, so it is always considered). A forfeit scores as a
win (league D.1: gamepoints and SODOS alike, ``standings.group_standings``) and is not a game
played only for the early-withdrawal setting, whose games are never still to play: forfeits
add no completion. Each completion's outcome is :func:`form_outcome` itself, with the same
sign-ups and restrictions the pages use, so a claim is the site's own decision in every case:
other groups' results reach a player through B.2, B.3, E.1 and the final round because the
whole season is formed each time.

Outcome **kinds**, best first (:data:`KINDS`): ``promoted`` (a direct promotion or a
promotion by rank, B, C: a spot in a higher division), ``finalist`` (stays in division A and
plays the final round, "final round": the top division's direct promotion spots), ``stays``
(a middle position, or a move cancelled, e.g. by E.1 or C.2), ``demoted`` (B.2, B.3, A.i.4),
``withdrew`` (B.4: a fact about the player, never a result of the games; last so the order
is total). A finalist ranks above a plain stay (it is the top division's promotion, "as if
they were direct promotions") and below a promotion (which only lower divisions have).

**Soundness.** Certain is claimed only when every completion has been computed and all give
the player one kind; a tie the rules leave open in some completion (D.2) counts each of its
choices as reached. Two reductions keep the work small and are exact:

1. *Per-group tables.* :func:`form_outcome` reads a group's games only through its standings
   (``group_standings``: place, gamepoints, SODOS, gamepoints among the tied), so
   completions of one group with equal rows are interchangeable; each group's completions
   are reduced to one per distinct table (:func:`group_tables`). The property test
   (tests/properties/test_league_certainty.py) checks the reduction against enumerating every
   completion without it.
2. *Budget.* The work is bounded before it is done, by a deterministic **cost model** (no
   timer: the same content gives the same page on any machine). One formation of the next
   season of P players costs ``floor(P^1.5) + 10 P`` units (:func:`formation_cost`), one
   player's row of a group's standings 20 (:func:`table_cost`: 3^k tables of a group with
   k games left). A completion forms the next season once, plus once per way of each open
   tie (``SeasonOutcome.formations``, known after the first formation: ``form_outcome(...,
   max_formations=)`` stops there when they would not fit). The enumeration goes on while
   the units spent, plus one formation for each completion still to compute, stay within
   ``budget`` (:data:`BUDGET`, 120,000); beyond, nothing is claimed: every player reads
   still open, with no best or worst (``None``). A season with no game left is formed
   whatever its cost (the same work as its outcome). A completion in which the rules cannot
   form the next season (a LeagueRuleError) proves nothing about anybody: everyone reads
   still open.

   *Measurements* (bench/certainty.py, bench/README.md; 2 CPUs shared, shortest of several
   runs): one formation of a synthetic season cut by one game takes 0.55 ms for 14 players
   (1 division), 2.7 ms for 56 (2), 16 ms for 182 (3), 52 ms for 560 (4), 105 ms for 980
   (5), 175 ms for 1,400 (6 divisions, 200 groups); of the real league's seasons 0.7-0.9 ms
   for 18 players (3 divisions), 1.4-1.5 ms for 36, 1.9-2.0 ms for 48: 2.4 to 3.6
   microseconds a unit throughout (a fixed part per player, and sorting divisions of up to
   420 players by D.1 and D.2, which grows faster than the players: P^1.5). The open ties
   multiply it: 1, 1, 5, 13, 24 and 38 formations for the synthetic sizes, so a whole
   outcome grows about as P^2 (5 ms for 48 players, 7 to 9 s for 1,400). Under the other
   helpers' load (4-fold) a unit takes 6 to 13 microseconds. A real league season of 33
   players (520 units a formation) gets about 230 formations; a federation-scale season
   (66,383 units a formation) one: its completions are never computed.

Pure functions: no I/O, no words (the pages word the kinds).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from typing import Iterator, Mapping, Sequence

from ..model.common import Colour, Game, Outcome, Player, Result
from ..model.league import Group, LeagueSettings, Season, SeasonSignups
from .league import Move
from .league_next import DivisionRestrictions
from .league_outcome import (PlayerOutcome, SeasonOutcome, Status, _played, form_outcome,
                             void_early_withdrawals, withdrawn_players)
from .standings import group_standings

KINDS = ("promoted", "finalist", "stays", "demoted", "withdrew")
"""Outcome kinds, best first (see the module's text)."""
RANK = {kind: index for index, kind in enumerate(KINDS)}

BUDGET = 120_000
"""Default budget, in work units (the module's cost model): about 0.4 s on the machine of
bench/certainty.py when it is not shared (2.4 to 3.6 microseconds a unit), about 1 s when
other work loads its 2 CPUs 4-fold."""
TABLE_ROW = 20
"""Work units of one player's row of a group's standings (``group_standings``)."""

RESULTS = (Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE),
           Result(Outcome.JIGO))
"""A game's results in a completion: Black (the pair's first) wins, White wins, jigo."""


@dataclass(frozen=True)
class Certainty:
    """What is known of one player's outcome before the season ends."""

    player: str
    certain: bool
    """True when every completion of the remaining games gives ``best`` (= ``worst``)."""
    best: str | None
    """The best kind reached in some completion (:data:`KINDS`); None when not computed."""
    worst: str | None


@dataclass(frozen=True)
class SeasonCertainty:
    """Every player's :class:`Certainty`, and what it took."""

    players: Mapping[str, Certainty]
    games_left: int
    outcomes: int
    """Completions computed with :func:`form_outcome`, the last one perhaps only in part
    when the budget stopped it (0 when it stopped before any)."""
    within_budget: bool


def kind(outcome: PlayerOutcome) -> tuple[str, ...]:
    """Return the kinds ``outcome`` may be: one, or each choice of an open tie (D.2)."""
    keys = outcome.undecided or ((outcome.move, outcome.to_division, outcome.finalist),)
    return tuple(dict.fromkeys(_kind_of(move, finalist) for move, _division, finalist in keys))


def _kind_of(move: Move, finalist: bool) -> str:
    if move in (Move.PROMOTED, Move.PROMOTED_BY_RANK):
        return "promoted"
    if move is Move.DEMOTED:
        return "demoted"
    if move in (Move.WITHDREW, Move.NEW):  # a player the next season takes as new withdrew (B.4)
        return "withdrew"
    return "finalist" if finalist else "stays"


def remaining_pairs(group: Group, gone: set[str]) -> list[tuple[str, str]]:
    """Return the pairs of ``group``'s players still to play, neither in ``gone`` (withdrawn),
    without a played game, in the order of the group's players."""
    active = [p for p in group.players if p not in gone]
    played = {frozenset(g.players) for g in group.games if _played(g.result)}
    return [(a, b) for i, a in enumerate(active) for b in active[i + 1:]
            if frozenset((a, b)) not in played]


def complete(group: Group, pairs: Sequence[tuple[str, str]],
             results: Sequence[Result]) -> Group:
    """Return ``group`` with each pair's game given its result (the pair's first is Black):
    the pair's games not played (unplayed, void, missing) are replaced."""
    pending = {frozenset(p) for p in pairs}
    kept = tuple(g for g in group.games
                 if _played(g.result) or frozenset(g.players) not in pending)
    added = tuple(Game(a, b, result) for (a, b), result in zip(pairs, results))
    return replace(group, games=kept + added)


def table_key(group: Group) -> tuple:
    """Return what :func:`form_outcome` reads of ``group``'s games: its standings (D.1)."""
    return tuple((r.player, r.place, r.gamepoints, r.sodos, r.tied_gamepoints)
                 for r in group_standings(group))


def group_tables(group: Group, pairs: Sequence[tuple[str, str]]) -> list[Group]:
    """Return one completion of ``group`` per distinct table over every result of ``pairs``
    (3^k of them), in enumeration order."""
    seen: dict[tuple, Group] = {}
    for results in itertools.product(RESULTS, repeat=len(pairs)):
        done = complete(group, pairs, results)
        seen.setdefault(table_key(done), done)
    return list(seen.values())


def completions(season: Season, tables: Sequence[Sequence[Group]]
                ) -> Iterator[Season]:
    """Yield ``season`` once per combination of its groups' ``tables`` (flattened in the
    order of divisions and groups)."""
    shape = [len(d.groups) for d in season.divisions]
    for chosen in itertools.product(*tables):
        groups = iter(chosen)
        divisions = tuple(replace(d, groups=tuple(next(groups) for _ in range(count)))
                          for d, count in zip(season.divisions, shape))
        yield replace(season, divisions=divisions)


def season_certainty(season: Season, players: Mapping[str, Player], settings: LeagueSettings,
                     signups: SeasonSignups | None = None,
                     restrictions: DivisionRestrictions | None = None,
                     budget: int = BUDGET) -> SeasonCertainty:
    """Return what is certain of each player of ``season`` (see the module's text): for a
    season with no game left, each player's outcome as :func:`form_outcome` gives it (certain
    unless a tie leaves it open, whatever its cost: the same work as the season's outcome);
    else by every completion, when the work they take stays within ``budget`` units (the
    module's cost model), else nothing is claimed."""
    season, _voided = void_early_withdrawals(season, settings)
    gone = withdrawn_players(season)
    groups = [g for d in season.divisions for g in d.groups]
    pairs = [remaining_pairs(g, gone) for g in groups]
    left = sum(len(p) for p in pairs)
    everyone = [p for g in groups for p in g.players]
    size = formation_cost(len(everyone))
    beyond = SeasonCertainty(_open(everyone), left, 0, False)
    spent = 0
    tables = []
    count = 1
    for group, pending in zip(groups, pairs):  # stop as soon as the budget is passed
        spent += table_cost(group, pending) if pending else 0
        if spent + count * size > budget:
            return beyond
        tables.append(group_tables(group, pending) if pending else [group])
        count *= len(tables[-1])
    reached: dict[str, set[str]] = {p: set() for p in everyone}
    for index, done in enumerate(completions(season, tables)):
        if left and spent + (count - index) * size > budget:  # each forms at least once
            return replace(beyond, outcomes=index)
        allowed = (budget - spent) // size - (count - index - 1) if left else None
        outcome = form_outcome(done, players, settings, signups, restrictions, Status.FINAL,
                               max_formations=allowed)
        if allowed is not None and outcome.formations > allowed:
            return replace(beyond, outcomes=index + 1)
        spent += outcome.formations * size
        if outcome.error is not None:
            return SeasonCertainty(_open(everyone), left, index + 1, True)
        _collect(outcome, reached)
    return SeasonCertainty({p: _certainty(p, kinds) for p, kinds in reached.items()},
                           left, count, True)


def formation_cost(players: int) -> int:
    """Return the work units of forming the next season of ``players`` once (at least 1):
    players^1.5 (rounded down) plus 10 per player (the module's cost model)."""
    return max(1, math.isqrt(players ** 3) + 10 * players)


def table_cost(group: Group, pairs: Sequence[tuple[str, str]]) -> int:
    """Return the work units of :func:`group_tables`: 3^k standings of the group's players,
    :data:`TABLE_ROW` units per player (the module's cost model)."""
    return 3 ** len(pairs) * len(group.players) * TABLE_ROW


def _collect(outcome: SeasonOutcome, reached: dict[str, set[str]]) -> None:
    """Add each player's kinds in ``outcome`` to ``reached``; a player without an outcome in
    it reaches every kind (nothing is proven about them)."""
    for player, kinds in reached.items():
        computed = outcome.players.get(player)
        kinds.update(kind(computed) if computed is not None else KINDS)


def _certainty(player: str, kinds: set[str]) -> Certainty:
    ordered = sorted(kinds, key=RANK.__getitem__)
    if not ordered:
        return Certainty(player, False, None, None)
    return Certainty(player, len(ordered) == 1, ordered[0], ordered[-1])


def _open(players: Sequence[str]) -> dict[str, Certainty]:
    """Return everyone as still open, nothing computed (nothing is claimed unproven)."""
    return {p: Certainty(p, False, None, None) for p in players}
