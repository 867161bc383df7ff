"""Facts about the computed standings, each rule set's in its own words: what
:mod:`sitegen.summary` compares between two versions of the content (``result add`` and
``diff`` print the standings change).

A :class:`Fact` is one comparable statement: "in group A1 of season 2024, the game Ann - Cy is
'Ann won (B+3.5)'", "Cy is 2nd", "Ann is promoted", "Dee stands on 12k", "in round 3 Ann plays
Bob". Each rule set gives its facts through its description
(:attr:`sitegen.ruleset.RuleSet.summarized`, naming one function here):
``facts(units, players) -> Iterable[Fact]``, of a tuple of its model objects and the players by
id (for their names). Facts are pure values computed with the engine; nothing here reads files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping

from .engine.ladder import replay
from .engine.placement import standings as placement_standings
from .engine.standings import group_standings
from .engine.swiss import league_table, standings as swiss_standings
from .model.common import Game, Outcome, Player
from .model.league import League
from .model.ladder import ClubLadder
from .model.swiss import SwissLeague
from .model.tournament import GameResult, Tournament, TournamentGame

KINDS = ("result", "pairing", "place", "promotion", "relegation", "qualification", "withdrawal", "rung")
"""The kinds of facts, in the order the Markdown lists them within a section."""


@dataclass(frozen=True, order=True)
class Fact:
    """One comparable statement about the computed standings.

    ``(scope, kind, key)`` identifies the fact; ``value`` is what it says now. ``title`` and
    ``label`` are how the scope and key are shown (names may change without the fact changing
    its identity).
    """

    scope: str
    """Stable id of where the fact belongs, e.g. ``leagues/iglo/2021-09/A/a``."""
    kind: str
    """One of :data:`KINDS`."""
    key: str
    """Stable id within the scope and kind: a player id, or ``ann|cy`` for a game."""
    value: str
    """What the fact says, as shown: ``Ann won (B+3.5)``, ``2nd``, ``promoted``, ``3k``."""
    title: str = ""
    """The scope as shown, e.g. ``IGLO · Season 2021-09 · Group A``."""
    label: str = ""
    """The key as shown, e.g. ``Ann – Cy`` or ``Ann``."""
    order: tuple = ()
    """Sort key within the scope and kind (e.g. the place); facts are shown in this order."""


def ordinal(place: int, shared: bool = False) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``11th``...; with ``=`` appended for a shared place."""
    if 10 <= place % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}" + ("=" if shared else "")


def game_text(game: Game, names: dict[str, str]) -> str:
    """Return a league game's result in words: ``Ann won (B+3.5)``, ``jigo``, ``Cy won by forfeit``."""
    result = game.result
    outcome = result.outcome
    if outcome in (Outcome.WIN, Outcome.FORFEIT):
        winner = names.get(game.winner() or "", game.winner() or "")
        how = " by forfeit" if outcome is Outcome.FORFEIT else ""
        shown = f" ({result})" if game.colours_known else ""
        return f"{winner} won{how}{shown}"
    return {Outcome.JIGO: "jigo", Outcome.UNKNOWN: "result unknown", Outcome.VOID: "void",
            Outcome.UNPLAYED: "not played"}[outcome]


def league_facts(leagues: tuple[League, ...], players: Mapping[str, Player]) -> Iterator[Fact]:
    """Yield results, places (league D.1), promotions, relegations and withdrawals of every group.

    Promotions and relegations are the ones recorded by the organizer in the season file.
    """
    names = {pid: p.name for pid, p in players.items()}
    for league in leagues:
        for season in league.seasons:
            for division in season.divisions:
                for group in division.groups:
                    scope = f"leagues/{league.id}/{season.id}/{division.name}/{group.id}"
                    title = f"{league.name} · {season.name} · Group {group.name}"
                    for game in group.games:
                        pair = sorted(game.players)
                        yield Fact(scope, "result", "|".join(pair), game_text(game, names), title,
                                   " – ".join(names.get(p, p) for p in pair), tuple(pair))
                    for row in group_standings(group):
                        yield Fact(scope, "place", row.player, ordinal(row.place, row.shared), title,
                                   names.get(row.player, row.player), (row.place, row.player))
                    for kind, listed in (("promotion", group.promoted), ("relegation", group.relegated),
                                         ("withdrawal", group.withdrawn)):
                        for player in sorted(listed):
                            yield Fact(scope, kind, player, KIND_WORD[kind], title,
                                       names.get(player, player), (player,))


KIND_WORD = {"promotion": "promoted", "relegation": "relegated", "withdrawal": "withdrawn",
              "qualification": "qualified"}
"""How a fact of a kind that is present or not reads (``promoted``), in a fact and in a change."""


def ladder_facts(clubs: tuple[ClubLadder, ...], players: Mapping[str, Player]) -> Iterator[Fact]:
    """Yield every ladder member's rung after replaying the ladder's log (ladder: club ladder)."""
    names = {pid: p.name for pid, p in players.items()}
    for club in clubs:
        ladder, ident, title = club.ladder, club.id, f"Ladder {club.name}"
        final = replay(ladder).final
        for member, rung in sorted(final.items()):
            yield Fact(f"ladders/{ident}", "rung", member, str(rung), title, names.get(member, member),
                       (-ladder.rungs.index(rung), member))


def tournament_facts(tournaments: tuple[Tournament, ...], players: Mapping[str, Player]) -> Iterator[Fact]:
    """Yield each tournament's pairings, results and final places (placement: all criteria)."""
    for tournament in tournaments:
        scope = f"tournaments/{tournament.id}"
        title = f"Tournament {tournament.name}"
        # the players' names as the pages show them (players files), else as the tournament has them
        names = {p.id: p.name for p in tournament.players} | {
            p.id: players[p.id].name for p in tournament.players if p.id in players}
        for game in tournament.games:
            white, black = names.get(game.white, game.white), names.get(game.black, game.black)
            for me, other in ((game.white, black), (game.black, white)):
                yield Fact(scope, "pairing", f"{game.round}|{me}", other, title,
                           f"Round {game.round} · {names.get(me, me)}", (game.round, me))
            pair = "|".join(sorted((game.white, game.black)))
            result = _tournament_result(game, white, black)
            yield Fact(scope, "result", f"{game.round}|{pair}", result, title,
                       f"Round {game.round} · {white} (W) – {black} (B)", (game.round, pair))
        for bye in tournament.byes:
            yield Fact(scope, "pairing", f"{bye.round}|{bye.player}", "bye", title,
                       f"Round {bye.round} · {names.get(bye.player, bye.player)}", (bye.round, bye.player))
        if tournament.rounds:
            for row in placement_standings(tournament):
                yield Fact(scope, "place", row.player.id, ordinal(row.place, row.shared), title,
                           names[row.player.id], (row.place, row.player.id))


def _tournament_result(game: TournamentGame, white: str, black: str) -> str:
    """Return a tournament game's result in words: ``Aubert Victor won (B)``, ``jigo``."""
    forfeit = " by forfeit" if game.forfeit else ""
    return {GameResult.WHITE_WINS: f"{white} won{forfeit} (W)", GameResult.BLACK_WINS: f"{black} won{forfeit} (B)",
            GameResult.JIGO: "jigo", GameResult.BOTH_WIN: "both won", GameResult.BOTH_LOSE: "both lost",
            GameResult.UNKNOWN: "result unknown"}.get(game.result, str(game.result.value))


def swiss_facts(leagues: tuple[SwissLeague, ...], players: Mapping[str, Player]) -> Iterator[Fact]:
    """Yield each Swiss tournament's pairings, results and places, and the league table's places
    (swiss: tournaments, swiss: the league)."""
    names = {pid: p.name for pid, p in players.items()}
    for league in leagues:
        for tournament in league.tournaments:
            scope = f"swiss/{league.id}/{tournament.id}"
            title = f"{league.name} · {tournament.name}"
            for rnd in tournament.rounds:
                for match in rnd.matches:
                    for me in match.players:
                        other = match.opponent(me)
                        yield Fact(scope, "pairing", f"{rnd.number}|{me}", names.get(other, other), title,
                                   f"Round {rnd.number} · {names.get(me, me)}", (rnd.number, me))
                    pair = "|".join(sorted(match.players))
                    yield Fact(scope, "result", f"{rnd.number}|{pair}",
                               "not played" if match.result is None else str(match.result), title,
                               f"Round {rnd.number} · " + " – ".join(names.get(p, p) for p in match.players),
                               (rnd.number, pair))
                if rnd.bye is not None:
                    yield Fact(scope, "pairing", f"{rnd.number}|{rnd.bye}", "bye", title,
                               f"Round {rnd.number} · {names.get(rnd.bye, rnd.bye)}", (rnd.number, rnd.bye))
            for row in swiss_standings(tournament):
                yield Fact(scope, "place", row.player, ordinal(row.place, row.shared), title,
                           names.get(row.player, row.player), (row.place, row.player))
        for table_row in league_table(league):
            yield Fact(f"swiss/{league.id}", "place", table_row.player,
                       ordinal(table_row.place, table_row.shared), league.name,
                       names.get(table_row.player, table_row.player), (table_row.place, table_row.player))
