"""A player's games of a league group, as their player page's league section lists them
(:func:`league_games`, used by :mod:`sitegen.pages.league`).

Apart from :mod:`sitegen.pages.players` (the pages gathered across rule sets, which iterates
:data:`sitegen.rulesets.RULE_SETS`) so that the league's planner does not import it.
"""

from __future__ import annotations

from typing import Any

from ..display import game_cell, record_links
from ..engine.standings import StandingRow, group_standings
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


class SeasonGroupsMade:
    """The standings (:func:`~sitegen.engine.standings.group_standings`) and the players' games
    lists (:func:`league_games`) that one plan of a league season made of its groups, taken
    again by the next plan of the season in the same process (the dev server's:
    ``Remembered.league_seasons``) for each group that is the very same object (a ``Group`` is
    immutable; sitegen.validate.league keeps the groups an edit did not touch), its games lists
    only when what they were made from is the same: the site's language, whether the season is
    in progress, the names of the group's players and which of them withdrew.

    Why: the changed season's 200 groups, 4,176 games lists and standings were half of a league
    change's planning at full size (about 0.1 s of CPU each change, issue 31); one edit changes
    one group. Each method returns what the plain function returns (a property test holds
    them to it: tests/test_league_again.py).

    Only a season planned before in the process (``earlier`` given) or whose file was edited in
    it (``keep``: sitegen.load.LastReads.changed) keeps what it makes: as with the files' trees
    (sitegen.load.LastReads), only the seasons being edited are kept, not every season a build
    plans in the process (each about 10 MB at full size). A season's first edit after the dev
    server's start is planned in the server's process for the first time (the start's build
    planned the leagues in its forked helper): kept from then on, its second edit takes the
    groups the edit did not touch again (issue 31: not before the third, before stop 51)."""

    def __init__(self, earlier: SeasonGroupsMade | None, lang: Words, in_progress: bool,
                 withdrawn: set[str], keep: bool = False) -> None:
        self.lang, self.in_progress, self.withdrawn = lang, in_progress, withdrawn
        self.made_from = (lang.tag, in_progress)
        self.keep = keep or earlier is not None
        """Whether this plan keeps what it makes (the season was planned before, or edited)."""
        same = earlier is not None and earlier.made_from == self.made_from
        self.earlier_rows = earlier.rows if earlier is not None else {}
        self.earlier_games = earlier.games if same and earlier is not None else {}
        self.rows: dict[int, tuple[Group, list[StandingRow]]] = {}
        """Each group's standings, by the group's ``id``: (group, rows)."""
        self.games: dict[int, tuple[Group, tuple, dict[str, list[dict[str, Any]]]]] = {}
        """Each group's games lists, by the group's ``id``: (group, what they were made from
        besides :attr:`made_from`, {player: rows})."""

    def standings(self, group: Group) -> list[StandingRow]:
        """Return ``group_standings(group)`` (a new list of the same frozen rows)."""
        if not self.keep:
            return group_standings(group)
        found = self.earlier_rows.get(id(group))
        rows = found[1] if found is not None and found[0] is group else group_standings(group)
        self.rows[id(group)] = (group, rows)
        return list(rows)

    def league_games(self, group: Group, player: str, names: dict[str, str]) -> list[dict[str, Any]]:
        """Return ``league_games(group, player, names, withdrawn, in_progress, lang)`` with this
        season's ``withdrawn``, ``in_progress`` and ``lang``."""
        if not self.keep:
            return league_games(group, player, names, self.withdrawn, self.in_progress, self.lang)
        made = self.games.get(id(group))
        if made is None or made[0] is not group:
            involved = dict.fromkeys(group.players)
            for game in group.games:
                involved[game.black] = involved[game.white] = None
            key = (tuple(names.get(p) for p in involved), frozenset(self.withdrawn.intersection(involved)))
            found = self.earlier_games.get(id(group))
            kept = found[2] if found is not None and found[0] is group and found[1] == key else {}
            made = self.games[id(group)] = (group, key, kept)
        lists = made[2]
        rows = lists.get(player)
        if rows is None:
            rows = lists[player] = league_games(group, player, names, self.withdrawn, self.in_progress,
                                                self.lang)
        return rows
