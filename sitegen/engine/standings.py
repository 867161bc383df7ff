"""Group standings of a round-robin league group (league D.1, main criteria).

Order: more gamepoints (a win or forfeit win is 1, a jigo 1/2); then higher SODOS (sum of
the gamepoints of the opponents a player beat, half of it for a jigo: placement SODOS); then
more gamepoints scored in the games among the players still tied. Players equal on all three
share the place. Void, unknown and unplayed games give no gamepoints and do not enter SODOS.

:func:`standings_by_rule` computes the table in these steps, in Fractions. The build calls
:func:`group_standings`, which gives the same rows counting in integer half points (at the end
of this module, with the measured reason); a property test compares the two.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..model.common import Colour, Game, Outcome
from ..model.league import Group
from . import placement


@dataclass(frozen=True)
class StandingRow:
    """One row of a group table (league D.1)."""

    place: int
    """1-based place; players tied on every criterion share the place."""
    shared: bool
    """True when another row has the same place."""
    player: str
    gamepoints: Fraction
    """Gamepoints scored in the group: 1 per win (forfeits included), 1/2 per jigo."""
    sodos: Fraction
    """Sum of defeated opponents' gamepoints (league D.1, placement SODOS)."""
    tied_gamepoints: Fraction | None
    """Gamepoints among the players tied on gamepoints and SODOS; None when not tied."""
    wins: int
    losses: int
    jigos: int
    forfeit_wins: int
    forfeit_losses: int
    unknown: int
    """Games played whose result is unknown (SGF '?')."""
    to_play: int
    """Games against group members not played yet (missing, unplayed or void); unknown results
    were played and are not counted here."""


def group_standings(group: Group) -> list[StandingRow]:
    """Return the standings of one round-robin group, best first (league D.1).

    Rows of players tied on gamepoints, SODOS and gamepoints among the tied players share
    one place and are listed by player id so that output is deterministic. Raises KeyError
    for a counting game against a player outside the group.

    The rows are those of :func:`standings_by_rule`, which reads as the rule does; they are
    computed by :func:`_standings_in_half_points` (faster: see there why it is needed).
    """
    return _standings_in_half_points(group)


def standings_by_rule(group: Group) -> list[StandingRow]:
    """Return the rows of :func:`group_standings` computed step by step as league D.1 reads.

    Gamepoints and SODOS are Fractions; the tie-break among the tied players counts only the
    games between them. Raises KeyError for a counting game against a player outside the group.
    """
    counting = [game for game in group.games if game.result.counts]
    points = gamepoints(counting, group.players)
    sodos = {player: sodos_of(player, counting, points) for player in group.players}
    tied = gamepoints_among_tied(counting, points, sodos)

    def criteria(player: str) -> tuple[Fraction, Fraction, Fraction]:
        """The three criteria of D.1, negated so that the best sorts first."""
        return (-points[player], -sodos[player], -(tied[player] or Fraction(0)))

    ordered = sorted(group.players, key=lambda player: (criteria(player), player))
    places = _places([criteria(player) for player in ordered])
    return _rows(group, ordered, places, points, sodos, tied)


def gamepoints(games: Iterable[Game], players: Iterable[str]) -> dict[str, Fraction]:
    """Return each of ``players``' gamepoints over ``games``: 1 a win, 1/2 a jigo (league D.1).

    Games of other players give them nothing and are not an error.
    """
    totals = {player: Fraction(0) for player in players}
    for game in games:
        for player in game.players:
            if player in totals:
                totals[player] += game.points(player)
    return totals


def sodos_of(player: str, games: Iterable[Game], points: dict[str, Fraction]) -> Fraction:
    """Return ``player``'s SODOS: the gamepoints of each opponent beaten, half for a jigo.

    ``games`` are the counting games, ``points`` every player's gamepoints (league D.1,
    placement SODOS). Raises KeyError for a game of ``player`` against someone not in
    ``points``.
    """
    return placement.sodos_of_results((game.points(player), points[game.opponent(player)])
                                      for game in games if player in game.players)


def gamepoints_among_tied(games: list[Game], points: dict[str, Fraction],
                          sodos: dict[str, Fraction]) -> dict[str, Fraction | None]:
    """Return each player's gamepoints in the games among the players equal to them on
    gamepoints and SODOS, or None for a player equal to nobody (league D.1, third criterion).

    ``games`` are the counting games; ``points`` and ``sodos`` hold every player of the group.
    """
    equal: dict[tuple[Fraction, Fraction], list[str]] = {}
    for player in points:
        equal.setdefault((points[player], sodos[player]), []).append(player)
    tied: dict[str, Fraction | None] = {}
    for players in equal.values():
        if len(players) == 1:
            tied[players[0]] = None
            continue
        among = set(players)
        tied.update(gamepoints(
            [game for game in games if game.black in among and game.white in among], players))
    return tied


@dataclass(slots=True)
class Record:
    """What a player's games in the group came to, for the table's record column."""

    wins: int = 0
    """Wins, forfeit wins included."""
    losses: int = 0
    """Losses, forfeit losses included."""
    jigos: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    unknown: int = 0
    """Games played whose result is unknown (SGF '?')."""


def records(group: Group) -> dict[str, Record]:
    """Return the record of each member of ``group`` over all its games (league D.1).

    Void and unplayed games are left out; an unknown result counts as played; games against
    players outside the group count for the member.
    """
    of = {player: Record() for player in group.players}
    for game in group.games:
        outcome = game.result.outcome
        if outcome is Outcome.WIN or outcome is Outcome.FORFEIT:
            winner, forfeit = game.winner(), outcome is Outcome.FORFEIT
            for player in game.players:
                record = of.get(player)
                if record is None:
                    continue
                if player == winner:
                    record.wins += 1
                    if forfeit:
                        record.forfeit_wins += 1
                else:
                    record.losses += 1
                    if forfeit:
                        record.forfeit_losses += 1
        elif outcome is Outcome.JIGO or outcome is Outcome.UNKNOWN:
            for player in game.players:
                record = of.get(player)
                if record is None:
                    continue
                if outcome is Outcome.JIGO:
                    record.jigos += 1
                else:
                    record.unknown += 1
    return of


def _places(keys: list[tuple]) -> list[int]:
    """Return the 1-based place of each of the sorted ``keys``; equal keys share a place."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and keys[index - 1] == key else index + 1)
    return places


def _rows(group: Group, ordered: list[str], places: list[int], points: dict[str, Fraction],
          sodos: dict[str, Fraction], tied: dict[str, Fraction | None]) -> list[StandingRow]:
    """Return the table rows of the ``ordered`` players at their ``places`` (league D.1)."""
    shared = {place for place, count in Counter(places).items() if count > 1}
    record_of = records(group)
    rows = []
    for place, player in zip(places, ordered):
        record = record_of[player]
        played = record.wins + record.losses + record.jigos + record.unknown
        rows.append(StandingRow(
            place=place, shared=place in shared, player=player, gamepoints=points[player],
            sodos=sodos[player], tied_gamepoints=tied[player], wins=record.wins,
            losses=record.losses, jigos=record.jigos, forfeit_wins=record.forfeit_wins,
            forfeit_losses=record.forfeit_losses, unknown=record.unknown,
            to_play=max(0, len(group.players) - 1 - played)))
    return rows


# --------------------------------------------------------------------------- the faster form


def _standings_in_half_points(group: Group) -> list[StandingRow]:
    """Return the rows of :func:`standings_by_rule`, counting in integers: gamepoints in half
    points, SODOS in quarter points (exact; Fractions only in the rows).

    Why: Fraction arithmetic is most of the rule's form's time. bench/standings.py, 6,000
    random groups of 5-9 players (124,082 games, the size of the federation archive of
    bench/run.py at scale 1, whose build takes each group's standings once, while planning),
    best of 9 on a shared machine: 2.01 s by the rule's form, 0.39 s here.
    tests/properties/test_standings_properties.py checks that the two give the same rows.
    """
    scores = [_half_points(game) for game in group.games if game.result.counts]
    halves = {player: 0 for player in group.players}
    for black, white, black_halves, white_halves in scores:
        if black in halves:
            halves[black] += black_halves
        if white in halves:
            halves[white] += white_halves
    quarters = {player: 0 for player in group.players}  # SODOS x 4
    for black, white, black_halves, white_halves in scores:
        if black in quarters:
            quarters[black] += black_halves * halves[white]
        if white in quarters:
            quarters[white] += white_halves * halves[black]
    tied = _tied_half_points(scores, halves, quarters)

    def criteria(player: str) -> tuple[int, int, int]:
        return (-halves[player], -quarters[player], -(tied[player] or 0))

    ordered = sorted(group.players, key=lambda player: (criteria(player), player))
    places = _places([criteria(player) for player in ordered])
    return _rows(group, ordered, places,
                 {player: _fraction(value, 2) for player, value in halves.items()},
                 {player: _fraction(value, 4) for player, value in quarters.items()},
                 {player: None if value is None else _fraction(value, 2)
                  for player, value in tied.items()})


def _half_points(game: Game) -> tuple[str, str, int, int]:
    """Return (black, white, Black's half points, White's) of a game that counts."""
    result = game.result
    if result.outcome is Outcome.JIGO:
        return game.black, game.white, 1, 1
    if result.winner is Colour.BLACK:
        return game.black, game.white, 2, 0
    if result.winner is Colour.WHITE:
        return game.black, game.white, 0, 2
    return game.black, game.white, 0, 0


def _tied_half_points(scores: list[tuple[str, str, int, int]], halves: dict[str, int],
                      quarters: dict[str, int]) -> dict[str, int | None]:
    """Return :func:`gamepoints_among_tied` in half points, from :func:`_half_points` scores."""
    equal: dict[tuple[int, int], list[str]] = {}
    for player in halves:
        equal.setdefault((halves[player], quarters[player]), []).append(player)
    tied: dict[str, int | None] = {}
    for players in equal.values():
        if len(players) == 1:
            tied[players[0]] = None
            continue
        among = {player: 0 for player in players}
        for black, white, black_halves, white_halves in scores:
            if black in among and white in among:
                among[black] += black_halves
                among[white] += white_halves
        tied.update(among)
    return tied


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    """Return ``Fraction(numerator, denominator)``, shared (Fractions are immutable)."""
    return Fraction(numerator, denominator)
