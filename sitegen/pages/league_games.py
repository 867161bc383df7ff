"""A player's games of a league group, as their player page's league section lists them
(:func:`league_games`, used by :mod:`sitegen.pages.league`).

Apart from :mod:`sitegen.pages.players` (the pages gathered across rule sets, which iterates
:data:`sitegen.rulesets.RULE_SETS`) so that the league's planner does not import it.
"""

from __future__ import annotations

from typing import Any

from ..display import game_cell, record_links
from ..i18n import Words
from ..model.common import Colour, Game, Outcome
from ..model.league import Group
from ..plan import FAR_PAST
from ..urls import player_url


def league_games(group: Group, player: str, names: dict[str, str], withdrawn: set[str],
                 in_progress: bool, lang: Words) -> list[dict[str, Any]]:
    """Return ``player``'s games of a league group for their page, in the order played.

    Played games (any result, void included) first, by date, games without a date in the
    order of the file; then the games still to play when the season is ``in_progress`` (an
    ``unplayed`` game or a pair of the group without a game, group order); then the games that
    will never be played because a player withdrew (league B.4), saying who. An unplayed game
    of a finished season is listed as "not played"; a missing pair of a finished season is not
    listed. Rows: :func:`sitegen.display.game_cell`'s fields, ``opponent``, ``opponent_url``,
    ``status`` (played, to-play, not-played), ``handicap`` (stones, 0 for even), ``date``,
    ``record`` and ``reason`` (why a game is not played, else empty).
    """
    played: list[tuple[Any, int, dict[str, Any]]] = []
    pending: dict[str, Game | None] = {}  # opponent -> their unplayed game (None: no game)
    for index, game in enumerate(group.games):
        if (player != game.black and player != game.white) or game.black == game.white:
            continue
        other = game.opponent(player)
        if game.result.outcome is Outcome.UNPLAYED:
            pending.setdefault(other, game)
            continue
        pending[other] = game  # played: not pending, whatever else the file says
        played.append((game.date or FAR_PAST, index, _game_row(game, player, other, names, "played", lang)))
    played.sort(key=lambda item: item[:2])
    rows = [row for _, _, row in played]
    later = []
    for other in group.players:
        if other == player:
            continue
        waiting = pending.get(other, None)
        if waiting is not None and waiting.result.outcome is not Outcome.UNPLAYED:
            continue
        gone = next((p for p in (player, other) if p in withdrawn), None)
        if gone is not None:
            row = _game_row(waiting, player, other, names, "not-played", lang)
            row["reason"] = lang._("not played: {player} withdrew").format(player=names.get(gone, gone))
            later.append(row)
        elif in_progress:
            rows.append(_game_row(waiting, player, other, names, "to-play", lang))
        elif waiting is not None:
            rows.append(_game_row(waiting, player, other, names, "not-played", lang))
    return rows + later


def _game_row(game: Game | None, player: str, other: str, names: dict[str, str],
              status: str, lang: Words) -> dict[str, Any]:
    """Return one row of :func:`league_games`: ``game`` (None: a pair without a game) from
    ``player``'s side against ``other``."""
    cell: dict[str, Any] = game_cell(game, player, lang)
    if status == "to-play":
        cell["outcome_words"] = lang._("to play")
    side = ""
    if game is not None and game.colours_known:
        side = "Black" if game.colour_of(player) is Colour.BLACK else "White"
    cell.update(opponent=names.get(other, other), opponent_url=player_url(other),  # game_cell's own dict
                status=status, reason="", side=side,
                handicap=game.handicap if game is not None else 0,
                date=game.date if game is not None else None,
                record=record_links(game.record) if game is not None else None)
    return cell
