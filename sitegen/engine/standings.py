"""Group standings of a round-robin league group (league D.1, main criteria).

Order: more gamepoints (a win or forfeit win is 1, a jigo 1/2); then higher SODOS (sum of
the gamepoints of the opponents a player beat, half of it for a jigo: placement SODOS); then
more gamepoints scored in the games among the players still tied. Players equal on all three
share the place. Void, unknown and unplayed games give no gamepoints and do not enter SODOS.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..model import Game, Group, Outcome
from .placement import sodos


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
    one place and are listed by player id so that output is deterministic.
    """
    games = counting_games(group)
    points = gamepoints(games, group.players)
    sodos_of = {
        player: sodos(
            (game.points(player), points[game.opponent(player)])
            for game in games if player in game.players)
        for player in group.players
    }

    # Tie among players equal on (gamepoints, SODOS): gamepoints in their mutual games.
    by_key: dict[tuple[Fraction, Fraction], list[str]] = {}
    for player in group.players:
        by_key.setdefault((points[player], sodos_of[player]), []).append(player)
    mutual: dict[str, Fraction | None] = {}
    for tied in by_key.values():
        if len(tied) == 1:
            mutual[tied[0]] = None
            continue
        among = set(tied)
        mini = gamepoints((g for g in games if set(g.players) <= among), tied)
        mutual.update(mini)

    def sort_key(player: str):
        return (-points[player], -sodos_of[player], -(mutual[player] or 0), player)

    ordered = sorted(group.players, key=sort_key)
    rows: list[StandingRow] = []
    size = len(group.players)
    for index, player in enumerate(ordered):
        key = sort_key(player)[:3]
        place = index + 1
        if rows and sort_key(rows[-1].player)[:3] == key:
            place = rows[-1].place
        tally = _tally(player, group.games)
        counted = tally["wins"] + tally["losses"] + tally["jigos"] + tally["unknown"]
        rows.append(StandingRow(
            place=place, shared=False, player=player, gamepoints=points[player],
            sodos=sodos_of[player], tied_gamepoints=mutual[player],
            wins=tally["wins"], losses=tally["losses"], jigos=tally["jigos"],
            forfeit_wins=tally["forfeit_wins"], forfeit_losses=tally["forfeit_losses"],
            unknown=tally["unknown"], to_play=max(0, size - 1 - counted)))
    places = [row.place for row in rows]
    return [_with_shared(row, places.count(row.place) > 1) for row in rows]


def _with_shared(row: StandingRow, shared: bool) -> StandingRow:
    from dataclasses import replace

    return replace(row, shared=shared)


def _tally(player: str, games: Iterable[Game]) -> dict[str, int]:
    tally = dict(wins=0, losses=0, jigos=0, forfeit_wins=0, forfeit_losses=0, unknown=0)
    for game in games:
        if player not in game.players:
            continue
        outcome = game.result.outcome
        if outcome is Outcome.JIGO:
            tally["jigos"] += 1
        elif outcome is Outcome.UNKNOWN:
            tally["unknown"] += 1
        elif outcome in (Outcome.WIN, Outcome.FORFEIT):
            won = game.winner() == player
            tally["wins" if won else "losses"] += 1
            if outcome is Outcome.FORFEIT:
                tally["forfeit_wins" if won else "forfeit_losses"] += 1
    return tally
