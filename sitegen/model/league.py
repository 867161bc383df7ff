"""A round-robin league as content: settings, seasons, divisions, groups, games, the final
round's record, division restrictions per rank and sign-ups.

Source of the terms: ../shared/rules/000_8831272a7af7d6bd.txt ("league"). Divisions are named
by letter, A the top; :func:`division_index` numbers them from 0. The rules themselves (sizes,
moves, priority, the final) are in :mod:`sitegen.engine.league` and
:mod:`sitegen.engine.league_next`.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass, field
from collections.abc import Iterable, Mapping
from fractions import Fraction

from ..diagnostics import SourcePos
from .common import NOWHERE, Game, Player, Rank

# --------------------------------------------------------------------------- divisions


def division_letter(index: int) -> str:
    """Return the letter of division ``index`` (0 -> A, 1 -> B, ...; league definitions)."""
    if index < 26:
        return chr(ord("A") + index)
    return division_letter(index // 26 - 1) + division_letter(index % 26)


def division_index(letter: str) -> int:
    """Return the index of division ``letter`` (A -> 0); raises ValueError for a non-letter."""
    text = letter.strip().upper()
    if not text.isalpha() or not text.isascii():
        raise ValueError(f"'{letter}' is not a division letter (A, B, C, ...)")
    value = 0
    for char in text:
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value - 1


# --------------------------------------------------------------------------- the rules' parameters


class ExtraDemotions(enum.Enum):
    """Readings of B.2's "one additional demotion for every group of 10 players"."""

    PER_GROUP_OF_TEN = "per-group-of-ten"
    """One extra demotion for each group of the division that has 10 or more players (default).

    A.i.4 precludes groups of 10, so this only drains groups that grew past the limit: it
    keeps sizes in equilibrium, which is B's stated intent."""
    PER_TEN_PLAYERS = "per-ten-players"
    """One extra demotion for every full 10 players of the division (floor(size / 10))."""
    NONE = "none"
    """No extra demotions."""


@dataclass(frozen=True)
class LeagueSettings:
    """The parameters of the league rules, with the defaults that follow the text."""

    ideal_group_size: int = 7
    """Ideal number of players in a group (A.i, A.i.3)."""
    min_group_size: int = 5
    """No group shall contain fewer players (A.i.3); also the smallest division (A.i.2)."""
    max_group_size: int = 9
    """No group shall contain more players: 7 + 2 (A.i, A.i.4 "precludes groups of 10")."""
    top_division_groups: int = 2
    """Number of groups in the top division (A.i.1)."""
    two_groups_from: int = 10
    """The top division has one group when fewer players play the season (footnote [1])."""
    min_season_players: int = 5
    """With fewer players the season is cancelled and the title void (footnote [2])."""
    growth_factor: int = 3
    """A division holds at most this many times the players and groups of the one above (A.i.2, A.i.3)."""
    size_limit_base: int = 6
    """The 6 of A.i.4's limit of 6x3^n players on the n-th division."""
    top_division_n: int = 1
    """The n of A.i.4 for the top division (A); division index i has n = i + top_division_n.

    n = 1 gives 18 = 2 groups of 9 for A, and each division below may triple its groups of at
    most 9: the reading under which the limit "precludes groups of 10 players"."""
    min_direct_promotions: int = 2
    """At least this many direct promotions per division (B.1)."""
    extra_demotions: ExtraDemotions = ExtraDemotions.PER_GROUP_OF_TEN
    """The reading of B.2's additional demotions."""
    extra_demotion_group_size: int = 10
    """The "10 players" of B.2."""
    fixed_promotions_per_group: int | None = None
    """When set, each group promotes exactly this many (its best by D), replacing B.1-B.3.

    Leagues such as the real data's promoted a fixed number per group."""
    fixed_relegations_per_group: int | None = None
    """When set, each group demotes exactly this many (its last by D), replacing B.2-B.3."""
    demote_from_bottom_division: bool = False
    """Whether the bottom division demotes too (into a new division below). B.2 gives it nothing
    to match; leagues with fixed relegations per group may set this."""
    provisional_promotion_by_rank: bool = False
    """Whether provisional players get promotions by rank, forced ones included (C.1 addendum,
    organizers' discretion). Off: a provisional rank is not trusted to jump divisions."""
    rating_virtual_tie: int = 10
    """Ratings within this many points are a virtual tie (footnote [6])."""
    starting_gamepoints_per_division: int = 10
    """Gamepoints a player starts with for every division below their own (A.ii.1, [4])."""
    finalist_advantage: Fraction = Fraction(1)
    """Extra gamepoints of an advantaged position in the final round (footnote [7])."""
    final_place_limit: int = 4
    """The third finalist must have "ended up in 4th place or better" (final round)."""
    void_games_of_early_withdrawals: bool = False
    """Whether the games of a player who withdrew having played fewer than half of their
    group's games are void (a common league rule, not in the text; off by default)."""

    def division_size_limit(self, index: int) -> int:
        """Return the most players division ``index`` may hold: 6x3^n (A.i.4)."""
        return self.size_limit_base * self.growth_factor ** (index + self.top_division_n)


# --------------------------------------------------------------------------- players and restrictions


@dataclass(frozen=True)
class PlayerInfo:
    """What the secondary criteria and the rank rules know of a player (D.2, C)."""

    id: str
    rank: Rank | None = None
    """Overall rank now (C restrictions, D.2 first criterion)."""
    rating: int | None = None
    """Overall rating (D.2, virtual tie [6])."""
    correspondence_rank: Rank | None = None
    correspondence_rating: int | None = None
    provisional: bool = False
    """Provisional rank (C.1 addendum)."""
    concedes: bool = False
    """The player voluntarily or implicitly forfeits ties (D.2, second-to-last criterion)."""
    playoff: int | None = None
    """Place in the organizer's live playoff among tied players, 1 the winner (D.2, last)."""
    recorded: int = 0
    """The organizers' recorded outcome of the finished season: 1 promoted, -1 relegated, 0
    neither. It orders players still equal after every criterion of D (the organizers'
    decision of a tie the rules leave open; docs/league-rules.md)."""


def player_info(player: Player, playoffs: Mapping[str, int] | None = None,
                concedes: Iterable[str] = (), recorded: int = 0) -> PlayerInfo:
    """Return the rules' view of ``player``: rank, rating, correspondence rank and rating,
    forfeiture (``concedes``) and playoff place (D.2), and the recorded outcome."""
    return PlayerInfo(player.id, player.rank, player.rating, player.correspondence_rank,
                      player.correspondence_rating, concedes=player.id in set(concedes),
                      playoff=(playoffs or {}).get(player.id), recorded=recorded)


@dataclass(frozen=True)
class RankBand:
    """One row of the division restrictions per rank: a rank range and its division limits."""

    weakest: Rank
    """Weakest rank of the band (inclusive)."""
    strongest: Rank | None
    """Strongest rank of the band (inclusive); None: no upper end."""
    highest_division: str
    """Highest division (letter) a player of the band may be placed in (C.4)."""
    lowest_division: str | None = None
    """Lowest division (letter) a player of the band may be placed in (C.3); None: no limit."""

    def covers(self, rank: Rank) -> bool:
        return self.weakest <= rank and (self.strongest is None or rank <= self.strongest)


@dataclass(frozen=True)
class DivisionRestrictions:
    """The division restrictions per rank of one season (league "Division Restrictions per Rank")."""

    bands: tuple[RankBand, ...] = ()

    def limits(self, rank: Rank | None) -> tuple[int | None, int | None]:
        """Return (highest, lowest) division index allowed for ``rank``; None where not limited."""
        if rank is None:
            return None, None
        for band in self.bands:
            if band.covers(rank):
                low = None if band.lowest_division is None else division_index(band.lowest_division)
                return division_index(band.highest_division), low
        return None, None


# --------------------------------------------------------------------------- seasons


@dataclass(frozen=True)
class Group:
    """A round-robin group of one division (league A.i.3)."""

    id: str
    name: str
    players: tuple[str, ...]
    games: tuple[Game, ...]
    promoted: tuple[str, ...] = ()
    """Players recorded as promoted after the season (as entered by the organizer)."""
    relegated: tuple[str, ...] = ()
    """Players recorded as relegated after the season (as entered by the organizer)."""
    withdrawn: tuple[str, ...] = ()
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    positions: Mapping[tuple[str, str], SourcePos] = field(default_factory=dict, compare=False,
                                                           repr=False)
    """Where each player is written: ``(list, player id)`` to the entry's position, the list
    being ``players``, ``promoted``, ``relegated`` or ``withdrawn``."""

    def position(self, player: str, *lists: str) -> SourcePos:
        """Return where ``player`` is written in the first of ``lists`` that names them, else
        in ``players``, else the group's position."""
        for name in (*lists, "players"):
            if (name, player) in self.positions:
                return self.positions[(name, player)]
        return self.pos

    def recorded(self, player: str) -> int:
        """Return the organizers' recorded outcome of ``player``: 1 promoted, -1 relegated, 0."""
        return 1 if player in self.promoted else -1 if player in self.relegated else 0


@dataclass(frozen=True)
class Division:
    """A division: ``name`` is its letter, A being the top (league definitions)."""

    name: str
    groups: tuple[Group, ...]
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class FinalData:
    """What the organizers recorded about a season's final round (league "final round")."""

    declined: tuple[str, ...] = ()
    """Qualified players who do not play the final; the next eligible player replaces them."""
    withdrawn: tuple[str, ...] = ()
    """Players who withdrew from the league during the season (B.4, [8])."""
    games: tuple[Game, ...] = ()
    """Games of the final round between the finalists."""
    champion: str | None = None
    """The champion as recorded by the organizers."""
    void: bool = False
    """The organizers declared the title void."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    champion_pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Season:
    """One season of a league: its divisions and groups, and the rules' data of its file."""

    id: str
    name: str
    divisions: tuple[Division, ...]
    start: dt.date | None = None
    end: dt.date | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    restrictions: DivisionRestrictions | None = None
    """Division restrictions per rank for this season (C), None when not given."""
    defending_champion: str | None = None
    """Last season's champion, who may qualify for this season's final ([8])."""
    final: FinalData | None = None
    """The organizers' record of the final round, None when the file has no ``final:``."""
    playoffs: tuple[tuple[str, int], ...] = ()
    """Organizer's playoff places among tied players (D.2, last criterion), 1 the winner."""
    concedes: tuple[str, ...] = ()
    """Players who concede their place in a tie (D.2, "voluntary or implicit forfeiture")."""

    def playoff_places(self) -> dict[str, int]:
        """Return ``{player id: playoff place}`` (D.2, last criterion)."""
        return dict(self.playoffs)


@dataclass(frozen=True)
class League:
    """A round-robin league: its seasons and, when league.yaml has ``settings:``, the rules'
    parameters (None: the site shows the recorded outcomes only)."""

    id: str
    name: str
    seasons: tuple[Season, ...]
    description: str = ""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    settings: LeagueSettings | None = None
    signups: tuple["SeasonSignups", ...] = ()
    """The sign-ups files, each checked against the season it follows (``finished``)."""


@dataclass(frozen=True)
class SeasonSignups:
    """``leagues/<id>/signups/<new-season-id>.yaml``: who plays the next season."""

    season_id: str
    players: tuple[PlayerInfo, ...]
    """Returning players first, then new players, each with rank and rating (C, D.2)."""
    returning: tuple[str, ...]
    withdrawn: tuple[str, ...]
    new: tuple[str, ...]
    restrictions: DivisionRestrictions | None = None
    """The new season's division restrictions per rank (C), if given here."""
    name: str | None = None
    start: dt.date | None = None
    end: dt.date | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    finished: str | None = None
    """The id of the season these sign-ups follow (the season before theirs)."""
