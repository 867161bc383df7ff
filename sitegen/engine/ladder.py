"""The club ladder: rungs, the handicap between two rungs, and the replay of a ladder's log.

Source: ../shared/rules/004_a6a48a51e626b017.txt, headings "Handicaps" ("ladder: handicap")
and "Club Ladder" ("ladder: club ladder"). Decisions taken where the text is silent are in
docs/ladder-rules.md. Pure functions over frozen dataclasses; strengths are exact Fractions.

A rung is a strength grade such as ``13.5k`` or ``1.3d``; many members can stand on one rung.
Strength (ladder: handicap): x kyu = -x, y dan = y - 1, so 13.5k = -13.5, 1d = 0, 1.3d = 0.3.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from ..model.common import Colour
from ..model.ladder import HandicapRules, Ladder, LadderEvent, LadderGame, Regrading, Rung, RungList

# --------------------------------------------------------------------------- handicap


@dataclass(frozen=True)
class Handicap:
    """The conditions of one ladder game between two rungs (ladder: handicap).

    Symmetric by construction: ``handicap(a, b) == handicap(b, a)``.
    """

    levels: int
    """The rung strengths' difference with the fraction dropped, capped (0..14)."""
    stones: int
    """Handicap stones Black places before White's first move (0, or 2..9)."""
    komi: Fraction
    """Komi in points, given to ``komi_to``; 0 when there is none."""
    komi_to: Colour | None
    """WHITE at handicap 0, BLACK from handicap 10 up, None when there is no komi."""
    white: Rung
    """The stronger rung, who takes White (either rung when ``nigiri``)."""
    black: Rung
    """The weaker rung, who takes Black."""
    first: Colour
    """Who makes the first move on the board: BLACK at handicap 0 and 1, else WHITE."""
    nigiri: bool = False
    """True when both rungs are equal: the players choose colours by nigiri."""


@dataclass(frozen=True)
class RungStep:
    """A stretch of a rung list whose rungs are evenly spaced (ladder: club ladder, "The rungs
    are not evenly spaced"): from ``weakest`` to ``strongest``, each rung ``size`` handicap
    levels (stones) above the one below it."""

    weakest: Rung
    strongest: Rung
    size: Fraction


def rung_steps(rungs: RungList) -> tuple[RungStep, ...]:
    """Return ``rungs``' spacing, weakest first: one :class:`RungStep` per stretch of equal
    steps, each stretch starting where the one before it ends. The rules' list (ladder: club
    ladder) gives 25k-20k 1, 20k-10k ½, 10k-1d 0.2 (1d is 0.2 above 0.2k), 1d-5d 0.1 (ladder:
    handicap: "treat 'x'kyu = -x; 'y'dan = y-1"). A list of one rung has no step: ()."""
    listed = rungs.rungs
    steps: list[RungStep] = []
    for lower, upper in zip(listed, listed[1:]):
        size = upper.strength - lower.strength
        if steps and steps[-1].size == size:
            steps[-1] = RungStep(steps[-1].weakest, upper, size)
        else:
            steps.append(RungStep(lower, upper, size))
    return tuple(steps)


def handicap_levels(a: Rung, b: Rung, rules: HandicapRules = HandicapRules()) -> int:
    """Return the handicap in levels between two rungs: 0..``rules.cap`` (ladder: handicap).

    "Subtract the two strengths then ignore any fractions": the absolute difference of the
    strengths truncated to a whole number, then at most 14. 1.3d vs 13.5k: 13.8 -> 13.
    """
    difference = abs(a.strength - b.strength)
    return min(int(difference), rules.cap)


def handicap(a: Rung, b: Rung, rules: HandicapRules = HandicapRules()) -> Handicap:
    """Return the handicap, stones, komi and colours for a game between rungs ``a`` and ``b``.

    ladder: handicap. The stronger rung takes White; equal rungs choose colours by nigiri.
    Levels 0: no stones, Black first, 6 komi to White; 1: no stones, no komi, Black first;
    2..9: that many stones, then White moves; 10..14: nine stones plus 10 komi to Black per
    level above 9, then White moves. Units: stones and komi points.
    """
    return _handicap(a, b, rules)


@functools.lru_cache(maxsize=65536)
def _handicap(a: Rung, b: Rung, rules: HandicapRules) -> Handicap:
    """:func:`handicap`, remembered (a Handicap is immutable; rungs are compared by strength)."""
    levels = handicap_levels(a, b, rules)
    white, black = (a, b) if a >= b else (b, a)
    if levels == 0:
        stones, komi, komi_to, first = 0, Fraction(rules.even_komi), Colour.WHITE, Colour.BLACK
    elif levels == 1:
        stones, komi, komi_to, first = 0, Fraction(0), None, Colour.BLACK
    elif levels <= rules.max_stones:
        stones, komi, komi_to, first = levels, Fraction(0), None, Colour.WHITE
    else:
        stones, first = rules.max_stones, Colour.WHITE
        komi, komi_to = Fraction(rules.stone_komi * (levels - rules.max_stones)), Colour.BLACK
    if komi == 0:
        komi_to = None
    return Handicap(levels, stones, komi, komi_to, white, black, first, nigiri=a == b)


# --------------------------------------------------------------------------- the ladder's log


def move_after_game(rungs: RungList, white: Rung, black: Rung, winner: Colour | None,
                    white_anchor: bool = False, black_anchor: bool = False) -> tuple[Rung, Rung]:
    """Return the White and Black players' rungs after one game (ladder: club ladder).

    The winner goes one rung up and the loser one rung down, neither beyond the ends of
    ``rungs``; a draw (``winner`` None) changes nothing; an anchor stays where they are
    while their opponent still moves. Raises ValueError for a rung not in ``rungs``.
    """
    rungs.index(white)
    rungs.index(black)
    if winner is None:
        return white, black
    if winner is Colour.WHITE:
        new_white, new_black = rungs.up(white), rungs.down(black)
    else:
        new_white, new_black = rungs.down(white), rungs.up(black)
    return (white if white_anchor else new_white, black if black_anchor else new_black)


@dataclass(frozen=True)
class RungChange:
    """One member's rung before and after an event; equal when they did not move."""

    member: str
    before: Rung
    after: Rung

    @property
    def steps(self) -> int:
        """Return +1 when the member moved up, -1 down, 0 when they stayed (same list)."""
        return (self.after > self.before) - (self.after < self.before)


@dataclass(frozen=True)
class PlayedGame:
    """A game of the log with its handicap and the rung changes it caused."""

    game: LadderGame
    handicap: Handicap
    """The handicap from the two rungs before the game."""
    white: RungChange
    black: RungChange


@dataclass(frozen=True)
class HistoryEntry:
    """A member's rung after one event of the log (or their starting rung: ``event`` None)."""

    date: dt.date | None
    """The event's date; None for the starting rung."""
    rung: Rung
    event: LadderEvent | None = None


@dataclass(frozen=True)
class Replay:
    """The ladder after replaying its whole log (ladder: club ladder)."""

    ladder: Ladder
    games: tuple[PlayedGame, ...]
    """Every game, in replay order, with its handicap and rung changes."""
    history: Mapping[str, tuple[HistoryEntry, ...]]
    """Per member id: the starting rung, then the rung after each of their events."""

    def rungs_on(self, date: dt.date | None = None) -> dict[str, Rung]:
        """Return each member's rung after every event dated on or before ``date``.

        ``date`` None gives the final rungs. Before the first event: the starting rungs.
        """
        if date is None:  # each member's last entry (no walk through 20,000 games' entries)
            return {member: entries[-1].rung for member, entries in self.history.items()}
        rungs: dict[str, Rung] = {}
        for member, entries in self.history.items():
            rung = entries[0].rung
            for entry in entries[1:]:
                if date is not None and entry.date is not None and entry.date > date:
                    break
                rung = entry.rung
            rungs[member] = rung
        return rungs

    @property
    def final(self) -> dict[str, Rung]:
        """Return each member's rung after the whole log (a new dict each time)."""
        final = self.__dict__.get("_final")  # computed once per replay (not a field)
        if final is None:
            final = self.rungs_on(None)
            self.__dict__["_final"] = final
        return dict(final)

    def last_game(self, member: str) -> dt.date | None:
        """Return the date of ``member``'s last game, or None when they have not played.

        Raises KeyError for a member not on the ladder."""
        last = self.__dict__.get("_last_games")  # computed once per replay (not a field)
        if last is None:
            last = {}
            for who, entries in self.history.items():
                # in the order played, so by date: the last game is the latest
                last[who] = next((entry.event.date for entry in reversed(entries)
                                  if isinstance(entry.event, LadderGame)), None)
            self.__dict__["_last_games"] = last
        if member not in last:
            raise KeyError(member)
        return last[member]


def group_by_rung(rungs: Mapping[str, Rung]) -> tuple[tuple[Rung, tuple[str, ...]], ...]:
    """Return the rung list for display: ``(rung, sorted member ids)``, strongest rung first.

    Only occupied rungs appear; many members can share a rung (a rung is a grade).
    """
    by_rung: dict[Rung, list[str]] = {}
    for member, rung in rungs.items():
        by_rung.setdefault(rung, []).append(member)
    return tuple((rung, tuple(sorted(by_rung[rung]))) for rung in sorted(by_rung, reverse=True))


def in_log_order(events: Iterable[LadderEvent]) -> list[LadderEvent]:
    """Return the events sorted by date, keeping log order within a date."""
    return sorted(events, key=lambda event: event.date)


def replay(ladder: Ladder) -> Replay:
    """Replay a ladder's log from the members' starting rungs (ladder: club ladder).

    Events are applied by date, in log order within a date. After a game the winner goes one
    rung up and the loser one down (anchors stay; ends of the list block); a draw changes
    nothing; a re-grading sets the member's rung. Raises ValueError for an event naming a
    member not on the ladder, a member playing themself, or a rung not in the list:
    run :func:`sitegen.validate.ladder.ladder_rule_problems` first to report those with their positions.
    """
    current: dict[str, Rung] = {}
    history: dict[str, list[HistoryEntry] | tuple[HistoryEntry, ...]] = {}
    for member in ladder.members:
        ladder.rungs.index(member.rung)
        current[member.id] = member.rung
        history[member.id] = [HistoryEntry(None, member.rung)]
    return _play(ladder, in_log_order(ladder.events), current, history, [])


def _play(ladder: Ladder, events: Iterable[LadderEvent], current: dict[str, Rung],
          history: dict[str, list[HistoryEntry] | tuple[HistoryEntry, ...]],
          played: list[PlayedGame]) -> Replay:
    """Apply ``events`` (in log order) to the rungs ``current``, appending to ``history`` (a
    list for every member an event names; a tuple is kept as it is) and ``played``."""
    rungs = ladder.rungs
    members = {member.id: member for member in ladder.members}
    for event in events:
        if isinstance(event, Regrading):
            if event.member not in members:
                raise ValueError(f"{event.pos}: re-grading of '{event.member}', not on the ladder")
            rungs.index(event.rung)
            current[event.member] = event.rung
            history[event.member].append(HistoryEntry(event.date, event.rung, event))  # type: ignore[union-attr]
            continue
        for player in event.players:
            if player not in members:
                raise ValueError(f"{event.pos}: '{player}' is not on the ladder")
        if event.white == event.black:
            raise ValueError(f"{event.pos}: '{event.white}' cannot play themself")
        white_before, black_before = current[event.white], current[event.black]
        white_after, black_after = move_after_game(
            rungs, white_before, black_before, event.winner,
            members[event.white].anchor, members[event.black].anchor)
        current[event.white], current[event.black] = white_after, black_after
        history[event.white].append(HistoryEntry(event.date, white_after, event))  # type: ignore[union-attr]
        history[event.black].append(HistoryEntry(event.date, black_after, event))  # type: ignore[union-attr]
        played.append(PlayedGame(
            event, handicap(white_before, black_before, ladder.handicap_rules),
            RungChange(event.white, white_before, white_after),
            RungChange(event.black, black_before, black_after)))
    return Replay(ladder, tuple(played), {k: tuple(v) for k, v in history.items()})


def _members_of(event: LadderEvent) -> tuple[str, ...]:
    return (event.member,) if isinstance(event, Regrading) else event.players


def _same_event(a: LadderEvent, b: LadderEvent) -> bool:
    """True when two events are one and the same entry of the log (its position included)."""
    return a is b or (a == b and a.pos == b.pos)


def replay_continued(earlier: Replay, ladder: Ladder) -> Replay:
    """Return ``replay(ladder)``, taking from ``earlier`` (a replay of the same ladder before an
    edit) everything up to the first event where the two logs differ.

    The speed path of the dev server: replaying 20,000 games takes 0.2 s, and an edit is
    usually near the end of the log (a result corrected, a game added). The games and history
    entries before that event are ``earlier``'s own objects, and a member no later event names
    keeps ``earlier``'s history tuple itself, so the pages made from them can be recognised by
    identity. Equal to :func:`replay` (a property test holds them together); raises what it
    raises. A changed member list, rung list or handicap rules replays the whole log.
    """
    before = earlier.ladder
    if (before.members != ladder.members or before.rungs != ladder.rungs
            or before.handicap_rules != ladder.handicap_rules):
        return replay(ladder)
    old, new = in_log_order(before.events), in_log_order(ladder.events)
    same = 0
    for a, b in zip(old, new):
        if not _same_event(a, b):
            break
        same += 1
    taken_back: dict[str, int] = {}  # per member: their history entries made after ``same``
    games_after = 0
    for event in old[same:]:
        games_after += isinstance(event, LadderGame)
        for named in _members_of(event):
            taken_back[named] = taken_back.get(named, 0) + 1
    named_later = set(taken_back).union(*(_members_of(event) for event in new[same:]))
    current: dict[str, Rung] = {}
    history: dict[str, list[HistoryEntry] | tuple[HistoryEntry, ...]] = {}
    for member in ladder.members:
        entries = earlier.history[member.id]
        if taken_back.get(member.id):
            entries = entries[:-taken_back[member.id]]
        history[member.id] = list(entries) if member.id in named_later else entries
        current[member.id] = entries[-1].rung
    return _play(ladder, new[same:], current, history,
                 list(earlier.games[:len(earlier.games) - games_after]))

