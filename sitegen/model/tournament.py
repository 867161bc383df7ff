"""A tournament (Swiss or McMahon) as plain frozen dataclasses: players, games, byes, absences
and the parameters OpenGotha keeps (placement: parameters).

Rounds are numbered from 1. Scores and values are exact Fractions (points).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ..diagnostics import SourcePos
from .common import NOWHERE, GameRecord, Rank


class System(Enum):
    """The pairing and scoring system."""

    SWISS = "swiss"
    """Number of wins (NBW) is the main score."""
    MCMAHON = "mcmahon"
    """McMahon score (MMS) is the main score; players start from SMMS."""


class Criterion(Enum):
    """A placement criterion (tie-breaker), by its usual abbreviation (placement: criteria)."""

    NBW = "NBW"
    """Number of wins."""
    MMS = "MMS"
    """McMahon score."""
    SOSW = "SOSW"
    """Sum of opponents' NBW."""
    SOSW_1 = "SOSW-1"
    """SOSW without the lowest opponent's score."""
    SOSW_2 = "SOSW-2"
    """SOSW without the two lowest opponents' scores."""
    SOSM = "SOSM"
    """Sum of opponents' MMS (handicap-corrected)."""
    SOSM_1 = "SOSM-1"
    """SOSM without the lowest value."""
    SOSM_2 = "SOSM-2"
    """SOSM without the two lowest values."""
    SOSOSW = "SOSOSW"
    """Sum of opponents' SOSW."""
    SOSOSM = "SOSOSM"
    """Sum of opponents' SOSM."""
    SODOSW = "SODOSW"
    """Sum of defeated opponents' NBW."""
    SODOSM = "SODOSM"
    """Sum of defeated opponents' MMS."""
    CUSSW = "CUSSW"
    """Cumulative sum of NBW after each round."""
    CUSSM = "CUSSM"
    """Cumulative sum of MMS after each round."""
    EXT = "EXT"
    """Exploits tentés: opponents' NBW weighted by the game's difficulty."""
    EXR = "EXR"
    """Exploits réussis: EXT over won games only."""
    DC = "DC"
    """Direct confrontation (OpenGotha's, or the rule text's Dir by setting)."""
    SDC = "SDC"
    """Simplified direct confrontation."""
    CPS = "CPS"
    """Cup score: early wins outweigh later ones."""
    RANK = "RANK"
    """The player's rank."""
    RATING = "RATING"
    """The player's rating."""
    CAT = "CAT"
    """Category: the rank band of the player (1 the strongest); a lower number places higher."""
    STS = "STS"
    """Strasbourg score: MMS plus 2 points from the quarter-final and 2 more from the
    semi-final for a player of the top group who won every game until then."""
    SOSTS = "SOSTS"
    """Sum of opponents' STS (handicap-corrected, as SOSM)."""

    # A criterion's hash is its identity's (members are singletons and compare by identity):
    # Enum's own ``__hash__`` hashes the name in Python, and the standings' values are looked
    # up by criterion in dicts several hundred thousand times a build (each tournament row's
    # values, its standings.json, the engine's second-order sums; issue 31).
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, text: str) -> "Criterion":
        """Parse an abbreviation, case-insensitive: ``SOSM-1``, ``SOSM_1``, ``Rank``, ``sodosw``.

        Raises ValueError for an unknown name.
        """
        key = text.strip().upper().replace("_", "-")
        for member in cls:
            if member.value == key:
                return member
        raise ValueError(f"'{text}' is not a placement criterion; expected one of "
                         + ", ".join(m.value for m in cls))

    @property
    def short_name(self) -> str:
        """Return OpenGotha's short name, used as the h9 column heading (``SOSM`` -> ``SOS``)."""
        return _SHORT.get(self, self.value)


_SHORT = {
    Criterion.SOSW: "SOS", Criterion.SOSM: "SOS", Criterion.SOSW_1: "SOS-1",
    Criterion.SOSM_1: "SOS-1", Criterion.SOSW_2: "SOS-2", Criterion.SOSM_2: "SOS-2",
    Criterion.SODOSW: "SODOS", Criterion.SODOSM: "SODOS", Criterion.SOSOSW: "SOSOS",
    Criterion.SOSOSM: "SOSOS", Criterion.CUSSW: "CUSS", Criterion.CUSSM: "CUSS",
    Criterion.RANK: "Rank", Criterion.RATING: "Rating",
}

OPENGOTHA_NAMES = {c: c.value for c in Criterion} | {
    Criterion.RANK: "Rank", Criterion.RATING: "Rating"}
"""Each criterion's name in OpenGotha's XML files (``PlacementCriterion name=``): its long
name, ``SOSM-1``, ``Rank``; ``NULL`` stands for none."""


class DCVariant(Enum):
    """Which direct-confrontation rule DC follows (placement: Dir / DC)."""

    OPENGOTHA = "opengotha"
    """OpenGotha's DC: a topological sort of the tied group, winners above losers."""
    DIR = "dir"
    """The rule text's Dir: 1 for a player who beat every tied player and lost to none, else 0."""


class GameResult(Enum):
    """A tournament game's result, as OpenGotha stores it (without the by-default flag)."""

    WHITE_WINS = "white"
    BLACK_WINS = "black"
    JIGO = "jigo"
    BOTH_WIN = "bothwin"
    BOTH_LOSE = "bothlose"
    UNKNOWN = "unknown"
    """Not known (yet): no points, but the opponent still counts for SOS."""


@dataclass(frozen=True)
class TournamentPlayer:
    """A tournament participant. ``id`` is stable; ``surname`` and ``first_name`` as entered."""

    id: str
    surname: str
    first_name: str = ""
    rank: Rank = Rank(-30)
    rating: int | None = None
    club: str = ""
    country: str = ""
    smms_correction: int = 0
    """McMahon correction in points (OpenGotha allows -1..+2)."""
    egd_pin: str = ""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)

    @property
    def name(self) -> str:
        """Return ``Surname Firstname``."""
        return f"{self.surname} {self.first_name}".strip()


@dataclass(frozen=True)
class TournamentGame:
    """A game of one round (1-based). With ``colours_known`` False, white/black are as entered."""

    round: int
    white: str
    black: str
    result: GameResult
    handicap: int = 0
    """Handicap stones (0 = even game)."""
    colours_known: bool = True
    forfeit: bool = False
    """By-default (forfeit) result: counts for scores, not for DC/SDC; marked ``!`` in h9."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    record: GameRecord | None = None
    """Where the game can be replayed (``link:``, ``sgf:``), when given."""
    table: int | None = field(default=None, compare=False)
    """The table number (from 1) OpenGotha gave the game, when known: an imported file's, or
    ``table:`` in the content. Only a round where a player plays twice needs it."""

    def points(self, player_id: str) -> Fraction:
        """Return the player's points: 1 win or both-win, 1/2 jigo, 0 otherwise."""
        r = self.result
        if r is GameResult.JIGO:
            return Fraction(1, 2)
        if r is GameResult.BOTH_WIN:
            return Fraction(1)
        if r is GameResult.WHITE_WINS:
            return Fraction(1 if player_id == self.white else 0)
        if r is GameResult.BLACK_WINS:
            return Fraction(1 if player_id == self.black else 0)
        return Fraction(0)

    @property
    def is_played(self) -> bool:
        """True when the game was played: a known result and not by default (OpenGotha)."""
        return self.result is not GameResult.UNKNOWN and not self.forfeit

    def opponent(self, player_id: str) -> str:
        return self.black if player_id == self.white else self.white


@dataclass(frozen=True)
class Bye:
    """The bye of one round."""

    round: int
    player: str
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Absence:
    """A declared absence: the player does not take part in that round."""

    round: int
    player: str
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class TournamentParameters:
    """Scoring and placement parameters, with OpenGotha's defaults (placement: parameters)."""

    system: System = System.MCMAHON
    bar: Rank = Rank(3)
    """McMahon bar (default 4d): stronger players start as if they were at the bar."""
    floor: Rank = Rank(-20)
    """McMahon floor (default 20k)."""
    nbw_bye: Fraction = Fraction(1)
    nbw_absent: Fraction = Fraction(0)
    mms_bye: Fraction = Fraction(1)
    mms_absent: Fraction = Fraction(1, 2)
    round_down: bool = True
    """Round the accumulated bye/absence points down to a whole number (not jigo halves)."""
    count_unplayed_as_half: bool = False
    """For SOS, count every unplayed game of an opponent as 1/2 point (virtual scores)."""
    criteria: tuple[Criterion, ...] = (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)
    sosm_minus_defect: bool = True
    """Reproduce OpenGotha: SOSM-1 and SOSM-2 are 0 after rounds 1 and 2. False: corrected."""
    dc_variant: DCVariant = DCVariant.OPENGOTHA
    category_limits: tuple[Rank, ...] = ()
    """The lowest rank of each category but the last, strongest first (OpenGotha's
    ``lowerLimit``): ``(1d, 5k)`` makes three categories, 1d and up, 5k to 1k, 6k and below.
    Empty: one category."""

    @property
    def mms_main(self) -> bool:
        """True when MMS is the first criterion: a round without a game is then shown with its
        McMahon value (``0=`` for an absence worth ½), as OpenGotha's tournament type."""
        return bool(self.criteria) and self.criteria[0] is Criterion.MMS


@dataclass(frozen=True)
class Tournament:
    """A whole tournament. ``rounds`` is the number of rounds planned."""

    id: str
    name: str
    rounds: int
    players: tuple[TournamentPlayer, ...]
    games: tuple[TournamentGame, ...] = ()
    byes: tuple[Bye, ...] = ()
    absences: tuple[Absence, ...] = ()
    parameters: TournamentParameters = TournamentParameters()
    location: str = ""
    begin: dt.date | None = None
    end: dt.date | None = None
    komi: Fraction | None = None
    handicap_correction: int = 0
    """Handicap reduction (stones below the rank difference); h9 ``HA[h<n>]``."""
    egf_class: str = "X"
    """EGF tournament class A/B/C/D/X (h9 ``CL``)."""
    adjusted_time: int | None = None
    """EGF adjusted time in minutes (h9 ``TM``)."""
    time_system: str = ""
    """Overtime system as OpenGotha names it (h9 ``CM``), e.g. ``Standard byo-yomi``."""
    short_games: bool = False
    """Write the h9 round results short, as OpenGotha's "short" game format: ``12+``,
    without forfeit mark, colour and handicap."""
    rounds_held: int | None = None
    """The last round of the tournament so far: the highest round the content lists (an entry
    of ``rounds:``, even an empty one). None (a file that holds the whole tournament: OpenGotha,
    h9): every round, ``rounds``."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)

    @property
    def last_round(self) -> int:
        """Return the last round of the tournament so far (:attr:`rounds_held`, else every
        round): the final standings and the players' pages are after it."""
        return self.rounds if self.rounds_held is None else min(self.rounds_held, self.rounds)

    def player(self, player_id: str) -> TournamentPlayer:
        """Return the player with ``player_id``; KeyError if unknown."""
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
