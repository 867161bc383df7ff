"""A plain, comparable summary of the computed standings, and the Markdown of what changed.

A summary is a set of :class:`Fact` s: "in group A1 of season 2024, the game Ann - Cy is
'Ann won (B+3.5)'", "Cy is 2nd", "Ann is promoted", "Dee stands on 12k", "in round 3 Ann
plays Bob". Two summaries (say, of a pull request's base and of its head) are compared fact by
fact with :func:`compare`, and :func:`markdown` prints the changes for a reviewer.

Each rule set contributes one function ``Content -> Iterable[Fact]``, listed in
:func:`summarizers`; a new rule set adds its function there (one import and one list entry).
Facts are pure values computed with the engine; nothing here reads files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from .engine.ladder import replay
from .engine.placement import standings as placement_standings
from .engine.standings import group_standings
from .engine.swiss import league_table, standings as swiss_standings
from .model import Content
from .model.common import Game, Outcome
from .model.tournament import GameResult, TournamentGame

KINDS = ("result", "pairing", "place", "promotion", "relegation", "qualification", "withdrawal", "rung")
"""The kinds of facts, in the order the Markdown lists them within a section."""

KIND_TITLES = {
    "result": "Results", "pairing": "Pairings", "place": "Places", "promotion": "Promotions",
    "relegation": "Relegations", "qualification": "Qualifications", "withdrawal": "Withdrawals",
    "rung": "Ladder rungs",
}


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


Summary = dict[tuple[str, str, str], Fact]
"""Facts by identity ``(scope, kind, key)``."""


@dataclass(frozen=True)
class Change:
    """A fact added (``before`` None), removed (``after`` None) or changed."""

    before: Fact | None
    after: Fact | None

    @property
    def fact(self) -> Fact:
        """Return the fact as it is now, or as it was when it was removed."""
        fact = self.after if self.after is not None else self.before
        if fact is None:
            raise ValueError("a change has a fact before it, after it or both")
        return fact


# --------------------------------------------------------------------------- building summaries


def summarizers() -> list[Callable[[Content], Iterable[Fact]]]:
    """Return one summary function per rule set, in the order their sections are shown."""
    return [league_facts, ladder_facts, tournament_facts, swiss_facts]


def summarize(content: Content) -> Summary:
    """Return every fact of ``content``'s computed standings, by identity.

    Raises ValueError if two facts share an identity (a bug in a summary function).
    """
    facts: Summary = {}
    for summarizer in summarizers():
        for fact in summarizer(content):
            ident = (fact.scope, fact.kind, fact.key)
            if ident in facts:
                raise ValueError(f"two facts share the identity {ident}")
            facts[ident] = fact
    return facts


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


def league_facts(content: Content) -> Iterator[Fact]:
    """Yield results, places (league D.1), promotions, relegations and withdrawals of every group.

    Promotions and relegations are the ones recorded by the organizer in the season file.
    """
    names = {pid: p.name for pid, p in content.players.items()}
    for league in content.leagues:
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
                    for kind, players in (("promotion", group.promoted), ("relegation", group.relegated),
                                          ("withdrawal", group.withdrawn)):
                        for player in sorted(players):
                            yield Fact(scope, kind, player, _KIND_WORD[kind], title,
                                       names.get(player, player), (player,))


_KIND_WORD = {"promotion": "promoted", "relegation": "relegated", "withdrawal": "withdrawn",
              "qualification": "qualified"}


def ladder_facts(content: Content) -> Iterator[Fact]:
    """Yield every ladder member's rung after replaying the ladder's log (ladder: club ladder)."""
    names = {pid: p.name for pid, p in content.players.items()}
    for club in content.ladders:
        ladder, ident, title = club.ladder, club.id, f"Ladder {club.name}"
        final = replay(ladder).final
        for member, rung in sorted(final.items()):
            yield Fact(f"ladders/{ident}", "rung", member, str(rung), title, names.get(member, member),
                       (-ladder.rungs.index(rung), member))


def tournament_facts(content: Content) -> Iterator[Fact]:
    """Yield each tournament's pairings, results and final places (placement: all criteria)."""
    for tournament in content.tournaments:
        scope = f"tournaments/{tournament.id}"
        title = f"Tournament {tournament.name}"
        # the players' names as the pages show them (players files), else as the tournament has them
        names = {p.id: p.name for p in tournament.players} | {
            p.id: content.players[p.id].name for p in tournament.players if p.id in content.players}
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


def swiss_facts(content: Content) -> Iterator[Fact]:
    """Yield each Swiss tournament's pairings, results and places, and the league table's places
    (swiss: tournaments, swiss: the league)."""
    names = {pid: p.name for pid, p in content.players.items()}
    for league in content.swiss_leagues:
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


# --------------------------------------------------------------------------- comparing


def compare(before: Summary, after: Summary) -> list[Change]:
    """Return the facts added, removed or changed from ``before`` to ``after``, sorted for display."""
    changes = []
    for ident in before.keys() | after.keys():
        old, new = before.get(ident), after.get(ident)
        if old is not None and new is not None and old.value == new.value:
            continue
        changes.append(Change(old, new))
    return sorted(changes, key=lambda c: (c.fact.scope, KINDS.index(c.fact.kind)
                                          if c.fact.kind in KINDS else len(KINDS), c.fact.kind,
                                          c.fact.order, c.fact.key))


def _line(change: Change, escape: Callable[[str], str]) -> str:
    fact = change.fact
    label = escape(fact.label or fact.key)
    if fact.kind in _KIND_WORD:  # promotions and the like: present or not
        return f"- {label}: {'newly' if change.before is None else 'no longer'} {_KIND_WORD[fact.kind]}"
    if change.before is None:
        return f"- {label}: {escape(fact.value)} (new)"
    if change.after is None:
        return f"- {label}: {escape(fact.value)} (removed)"
    return f"- {label}: {escape(change.before.value)} → {escape(change.after.value)}"


def _md(text: str) -> str:
    """Escape Markdown and HTML syntax in untrusted text (names come from content files), and
    keep GitHub from turning it into links or notifications: a zero-width joiner (U+200D)
    follows every ``@`` (mentions, e-mail addresses), the ``:`` of ``://`` and the ``www`` of
    ``www.`` (bare URLs) and a ``#`` before a digit (issue references). The text reads the same.
    """
    out = []
    for char in text:
        if char in "\\`*_{}[]<>|~&":
            out.append("\\" + char if char not in "<>&" else {"<": "&lt;", ">": "&gt;", "&": "&amp;"}[char])
        else:
            out.append(char)
    return _AUTOLINKS.sub("\u200d", "".join(out).replace("\n", " "))


_AUTOLINKS = re.compile(r"(?<=@)|(?<=:)(?=//)|(?<=www)(?=\.)|(?<=#)(?=\d)", re.IGNORECASE)
"""Where GitHub's Markdown would start a mention, a link or a reference: a joiner goes there."""


def _plain(text: str) -> str:
    """Return text for a terminal: as it is, on one line (content refuses control characters)."""
    return text.replace("\n", " ")


def markdown(changes: list[Change], heading: str = "Standings changes", plain: bool = False) -> str:
    """Return the Markdown summary of ``changes``: one section per scope, one list per kind.

    Empty string when there are no changes. ``plain``: the same lines for a terminal, names
    as they are (no Markdown escapes, no ``&lt;``).
    """
    if not changes:
        return ""
    escape = _plain if plain else _md
    lines = [f"## {heading}"]
    scope = kind = None
    for change in changes:
        fact = change.fact
        if fact.scope != scope:
            scope, kind = fact.scope, None
            lines += ["", f"### {escape(fact.title or fact.scope)}"]
        if fact.kind != kind:
            kind = fact.kind
            lines += ["", f"**{KIND_TITLES.get(kind, kind)}**", ""]
        lines.append(_line(change, escape))
    return "\n".join(lines) + "\n"
