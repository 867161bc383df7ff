"""Group standings of a round-robin league group (league D.1, main criteria).

Order: more gamepoints (a win or forfeit win is 1, a jigo 1/2); then higher SODOS (sum of
the gamepoints of the opponents a player beat, half of it for a jigo: placement SODOS); then
more gamepoints scored in the games among the players still tied. Players equal on all three
share the place. Void, unknown and unplayed games give no gamepoints and do not enter SODOS.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..model.common import Colour, Game, Outcome
from ..model.league import Group


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


def counting_games(group: Group) -> list[Game]:
    """Return the group's games whose result gives gamepoints (win, forfeit, jigo)."""
    return [game for game in group.games if game.result.counts]


def gamepoints(games: Iterable[Game], players: Iterable[str]) -> dict[str, Fraction]:
    """Return each player's gamepoints over ``games`` (league D.1: total gamepoints)."""
    totals = {player: Fraction(0) for player in players}
    for game in games:
        for player in game.players:
            if player in totals:
                totals[player] += game.points(player)
    return totals


def group_standings(group: Group) -> list[StandingRow]:
    """Return the standings of one round-robin group, best first (league D.1).

    Rows of players tied on gamepoints, SODOS and gamepoints among the tied players share
    one place and are listed by player id so that output is deterministic. Raises KeyError
    for a counting game against a player outside the group.
    """
    # Exact integer arithmetic: gamepoints in halves, SODOS in quarters (Fractions at the end).
    members = group.players
    halves = {player: 0 for player in members}
    tallies = {player: [0, 0, 0, 0, 0, 0] for player in members}  # see _TALLY
    counting: list[tuple[str, str, int, int]] = []  # (black, white, black's halves, white's)
    for game in group.games:
        result = game.result
        outcome = result.outcome
        black, white = game.black, game.white
        if outcome is Outcome.JIGO:
            scored = (black, white, 1, 1)
            for player in (black, white):
                if player in tallies:
                    tallies[player][_JIGOS] += 1
        elif outcome is Outcome.WIN or outcome is Outcome.FORFEIT:
            scored = (black, white, 2, 0) if result.winner is Colour.BLACK else \
                (black, white, 0, 2) if result.winner is Colour.WHITE else (black, white, 0, 0)
            winner = game.winner()
            forfeit = outcome is Outcome.FORFEIT
            for player in (black, white):
                if player in tallies:
                    tally = tallies[player]
                    won = winner == player
                    tally[_WINS if won else _LOSSES] += 1
                    if forfeit:
                        tally[_FORFEIT_WINS if won else _FORFEIT_LOSSES] += 1
        else:
            if outcome is Outcome.UNKNOWN:
                for player in (black, white):
                    if player in tallies:
                        tallies[player][_UNKNOWN] += 1
            continue
        counting.append(scored)
        if black in halves:
            halves[black] += scored[2]
        if white in halves:
            halves[white] += scored[3]
    quarters = {player: 0 for player in members}  # SODOS x 4 (placement SODOS)
    for black, white, black_halves, white_halves in counting:
        if black in quarters:
            quarters[black] += black_halves * halves[white]
        if white in quarters:
            quarters[white] += white_halves * halves[black]

    # Tie among players equal on (gamepoints, SODOS): gamepoints in their mutual games.
    by_key: dict[tuple[int, int], list[str]] = {}
    for player in members:
        by_key.setdefault((halves[player], quarters[player]), []).append(player)
    mutual: dict[str, int | None] = {}
    for tied in by_key.values():
        if len(tied) == 1:
            mutual[tied[0]] = None
            continue
        among = set(tied)
        mini = {player: 0 for player in tied}
        for black, white, black_halves, white_halves in counting:
            if black in among and white in among:
                mini[black] += black_halves
                mini[white] += white_halves
        mutual.update(mini)

    def sort_key(player: str) -> tuple:
        return (-halves[player], -quarters[player], -(mutual[player] or 0), player)

    ordered = sorted(members, key=sort_key)
    places: list[int] = []
    for index, player in enumerate(ordered):
        if index and sort_key(ordered[index - 1])[:3] == sort_key(player)[:3]:
            places.append(places[-1])
        else:
            places.append(index + 1)
    shared_places = {place for place, count in Counter(places).items() if count > 1}
    size = len(members)
    rows: list[StandingRow] = []
    for place, player in zip(places, ordered):
        tally = tallies[player]
        counted = tally[_WINS] + tally[_LOSSES] + tally[_JIGOS] + tally[_UNKNOWN]
        tied = mutual[player]
        rows.append(StandingRow(
            place=place, shared=place in shared_places, player=player,
            gamepoints=_fraction(halves[player], 2), sodos=_fraction(quarters[player], 4),
            tied_gamepoints=None if tied is None else _fraction(tied, 2),
            wins=tally[_WINS], losses=tally[_LOSSES], jigos=tally[_JIGOS],
            forfeit_wins=tally[_FORFEIT_WINS], forfeit_losses=tally[_FORFEIT_LOSSES],
            unknown=tally[_UNKNOWN], to_play=max(0, size - 1 - counted)))
    return rows


_WINS, _LOSSES, _JIGOS, _FORFEIT_WINS, _FORFEIT_LOSSES, _UNKNOWN = range(6)
"""Positions in a player's tally of :func:`group_standings`."""


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    """Return ``Fraction(numerator, denominator)``, shared (Fractions are immutable)."""
    return Fraction(numerator, denominator)
