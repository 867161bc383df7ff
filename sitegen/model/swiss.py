"""A Swiss league as content: settings, tournaments, rounds, best-of-three matches, entries
and deciding matches.

Source of the terms: ../shared/rules/002_26d12e6ad94aa01f.txt ("swiss: tournaments", "swiss:
the league"). Scores are exact Fractions (match points). Standings and the league table are in
:mod:`sitegen.engine.swiss`, pairing in :mod:`sitegen.engine.pairing`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..diagnostics import SourcePos
from .common import NOWHERE, GameRecord

WIN = Fraction(1)
HALF = Fraction(1, 2)
LOSS = Fraction(0)


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class SwissSettings:
    """The parameters of a Swiss league (swiss: tournaments, swiss: the league)."""

    bye_value: Fraction = Fraction(1)
    """Points for a bye (rule: "the value of a bye is a setting"; default 1)."""
    rounds: int = 5
    """Rounds per tournament."""
    tournaments: int = 6
    """Tournaments per league season."""
    counted: int = 3
    """How many best tournament scores make the league score."""


DEFAULT_SETTINGS = SwissSettings()


# --------------------------------------------------------------------------- match results


_SCORE_RE = re.compile(r"^\s*([0-9]{1,2})\s*[-:]\s*([0-9]{1,2})\s*$")
_FORFEIT_TEXT = {"+-": (True, False), "-+": (False, True), "--": (False, False)}
_LEGAL_GAME_SCORES = {(2, 0), (2, 1), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2)}


@dataclass(frozen=True)
class MatchResult:
    """The result of one best-of-three match, seen from the first player listed.

    A played match keeps its game score (``games`` = first player's game wins, second's):
    2-0, 2-1, 1-0, 1-1, 0-1, 1-2, 0-2. A forfeit (``games`` is None) records who was present:
    ``+-`` the first player was there and wins, ``-+`` the second, ``--`` neither (both lose).
    """

    games: tuple[int, int] | None = None
    present: tuple[bool, bool] = (True, True)

    @classmethod
    def parse(cls, text: str) -> "MatchResult":
        """Parse ``2-0``, ``2-1``, ``1-0``, ``1-1``, ``0-1``, ``1-2``, ``0-2`` or a forfeit
        ``+-``, ``-+``, ``--`` (swiss: tournaments).

        Raises ValueError naming what is wrong: an impossible best-of-three score (``3-0``,
        ``2-2``, ``0-0``) or an unknown notation.
        """
        word = str(text).strip()
        if word in _FORFEIT_TEXT:
            return cls(None, _FORFEIT_TEXT[word])
        match = _SCORE_RE.match(word)
        if not match:
            raise ValueError(
                f"'{text}' is not a match result; expected a game score such as 2-0, 2-1, "
                "1-0, 1-1, 0-1, 1-2, 0-2 or a forfeit +- / -+ / --")
        games = (int(match.group(1)), int(match.group(2)))
        if games == (0, 0):
            raise ValueError(f"'{text}': no game was finished; enter a forfeit (+-, -+ or --)")
        if games not in _LEGAL_GAME_SCORES:
            raise ValueError(
                f"'{text}' cannot happen in a best-of-three match; a match ends 2-0, 2-1, "
                "1-0 or 1-1 (or the reverse)")
        return cls(games)

    def __post_init__(self) -> None:
        if self.games is not None and tuple(self.games) not in _LEGAL_GAME_SCORES:
            raise ValueError(f"{self.games[0]}-{self.games[1]} is not a best-of-three result")
        if self.games is not None and self.present != (True, True):
            raise ValueError("a played match has both players present")

    def __str__(self) -> str:
        if self.games is None:
            return {v: k for k, v in _FORFEIT_TEXT.items()}[self.present]
        return f"{self.games[0]}-{self.games[1]}"

    @property
    def is_forfeit(self) -> bool:
        """True when at least one player did not show up."""
        return self.games is None

    def points(self) -> tuple[Fraction, Fraction]:
        """Return (first, second) match points: 1 win (1-0 too), 1/2 each for 1-1, 0 loss;
        a forfeit gives 1 to a present player and 0 to an absent one (swiss: tournaments)."""
        if self.games is None:
            return (WIN if self.present[0] and not self.present[1] else LOSS,
                    WIN if self.present[1] and not self.present[0] else LOSS)
        a, b = self.games
        if a == b:
            return (HALF, HALF)
        return (WIN, LOSS) if a > b else (LOSS, WIN)


# --------------------------------------------------------------------------- tournament data


@dataclass(frozen=True)
class Entry:
    """A player's entry in one tournament: present from ``first_round`` to ``last_round``
    inclusive (None: to the end). Late entries and announced exits (swiss: tournaments)."""

    player: str
    first_round: int = 1
    last_round: int | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Match:
    """One match of a round; ``result`` is None while it has not been played."""

    first: str
    second: str
    result: MatchResult | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    record: GameRecord | None = None
    """Where the match's games can be replayed (``link:``, ``sgf:``), when given."""

    @property
    def players(self) -> tuple[str, str]:
        return (self.first, self.second)

    def opponent(self, player: str) -> str:
        return self.second if player == self.first else self.first

    def points(self, player: str) -> Fraction:
        """Return the match points of ``player`` (0 while unplayed)."""
        if self.result is None:
            return LOSS
        first, second = self.result.points()
        return first if player == self.first else second


@dataclass(frozen=True)
class Round:
    """One round: its matches, the bye (if any), the seed the pairing used, and the players
    who did not show up before the end of the round (dropped: no later rounds)."""

    number: int
    matches: tuple[Match, ...] = ()
    bye: str | None = None
    seed: int | None = None
    dropped: tuple[str, ...] = ()
    """No-shows: forfeited this round and dropped from the tournament (swiss: tournaments)."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)

    @property
    def has_results(self) -> bool:
        """True when any match of the round has a result."""
        return any(m.result is not None for m in self.matches)

    def players(self) -> set[str]:
        out = {p for m in self.matches for p in m.players}
        if self.bye is not None:
            out.add(self.bye)
        return out


@dataclass(frozen=True)
class SwissTournament:
    """One Swiss tournament of the league (``rounds`` in order, numbered from 1)."""

    id: str
    name: str
    entries: tuple[Entry, ...]
    rounds: tuple[Round, ...] = ()
    settings: SwissSettings = DEFAULT_SETTINGS
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    date: dt.date | None = None
    """The day it is played (None: not set yet)."""
    path: str = ""
    """Its file as shown to the user, for commands that write it back (``sitegen pair``)."""

    def entry(self, player: str) -> Entry | None:
        for entry in self.entries:
            if entry.player == player:
                return entry
        return None

    def round(self, number: int) -> Round | None:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None


@dataclass(frozen=True)
class DecidingMatch:
    """A match played at the end of the season between players still tied in the league
    table (swiss: the league); ``result`` is read as in :class:`MatchResult`."""

    first: str
    second: str
    result: MatchResult
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class SwissLeague:
    """A season of the Swiss league: its tournaments in order and any deciding matches."""

    id: str
    name: str
    tournaments: tuple[SwissTournament, ...]
    deciding_matches: tuple[DecidingMatch, ...] = ()
    settings: SwissSettings = DEFAULT_SETTINGS
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    description: str = ""
    """Markdown shown on the league's page."""
    folder: str = ""
    """Its folder as shown to the user."""
