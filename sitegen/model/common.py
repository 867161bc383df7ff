"""What every rule set shares: ranks, results, players, league games, site settings, pages.

Every object that came from a file keeps its :class:`~sitegen.diagnostics.SourcePos` (not
compared), so later checks can name a line.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from urllib.parse import urlsplit

from ..diagnostics import SourcePos
from ..numbers import parse_decimal, shown_number

NOWHERE = SourcePos("<generated>")


# --------------------------------------------------------------------------- ranks


_RANK_RE = re.compile(r"^\s*([0-9]{1,2})\s*(k|kyu|d|dan|p|pro)\s*$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Rank:
    """A Go rank as one integer, OpenGotha style: 30k = -30 ... 1k = -1, 1d = 0 ... 9d = 8.

    Professional ranks are not accepted: leagues and tournaments list amateur ranks.
    """

    value: int

    @classmethod
    def parse(cls, text: str) -> "Rank":
        """Parse ``3k``, ``18K``, ``2d``, ``1 dan``, ``5 kyu``.

        Raises ValueError with a readable reason for anything else (0k, 31k, 10d, 1p, ``3``).
        """
        match = _RANK_RE.match(text)
        if not match:
            raise ValueError(f"'{text}' is not a rank")
        number, unit = int(match.group(1)), match.group(2).lower()[0]
        if unit == "k":
            if not 1 <= number <= 30:
                raise ValueError(f"'{text}': kyu ranks go from 30k to 1k")
            return cls(-number)
        if unit == "d":
            if not 1 <= number <= 9:
                raise ValueError(f"'{text}': dan ranks go from 1d to 9d")
            return cls(number - 1)
        raise ValueError(f"'{text}': professional ranks are not supported; give the amateur rank")

    @property
    def is_dan(self) -> bool:
        return self.value >= 0

    def __str__(self) -> str:
        return f"{self.value + 1}d" if self.value >= 0 else f"{-self.value}k"


# --------------------------------------------------------------------------- results


class Colour(Enum):
    BLACK = "B"
    WHITE = "W"

    @property
    def other(self) -> "Colour":
        return Colour.WHITE if self is Colour.BLACK else Colour.BLACK


class Outcome(Enum):
    """What happened in a game, independent of who won."""

    WIN = "win"
    """One side won (by score, resignation, time or an unspecified margin)."""
    FORFEIT = "forfeit"
    """One side won because the other did not play; counts as a result (league D.1)."""
    JIGO = "jigo"
    """A draw: half a gamepoint each."""
    UNKNOWN = "unknown"
    """Played, result not known (SGF ``?``): no points, not a result for tie-breaks."""
    VOID = "void"
    """Annulled (SGF ``Void``): as if not played."""
    UNPLAYED = "unplayed"
    """Scheduled but not played: does not count."""


_WIN_RE = re.compile(
    r"^(?P<side>[BW])\+(?P<how>R|Resign|T|Time|F|Forfeit|[0-9.]+|)$", re.IGNORECASE)
MAX_MARGIN = 1000
"""The largest winning margin accepted (points); margins are whole or half points."""


@dataclass(frozen=True)
class Result:
    """A game result in SGF ``RE`` notation.

    ``winner`` is the winning colour for WIN and FORFEIT, else None. ``how`` keeps the
    margin text for a win: ``R``, ``T`` or a score such as ``3.5`` (empty when not given).
    """

    outcome: Outcome
    winner: Colour | None = None
    how: str = ""

    @classmethod
    @functools.lru_cache(maxsize=4096)
    def parse(cls, text: str) -> "Result":
        """Parse ``B+R``, ``W+3.5``, ``B+T``, ``B+F``, ``B+``, ``0``/``Draw``/``jigo``,
        ``Void``, ``?`` and ``unplayed``.

        Raises ValueError for anything else.
        """
        word = text.strip()
        lower = word.lower()
        if lower in ("0", "draw", "jigo", "0.5-0.5", "½-½"):
            return cls(Outcome.JIGO)
        if lower == "void":
            return cls(Outcome.VOID)
        if lower in ("?", "unknown"):
            return cls(Outcome.UNKNOWN)
        if lower in ("unplayed", "-"):
            return cls(Outcome.UNPLAYED)
        match = _WIN_RE.match(word)
        if not match:
            raise ValueError(f"'{text}' is not a result")
        side = Colour(match.group("side").upper())
        how = match.group("how")
        how_lower = how.lower()
        if how_lower in ("f", "forfeit"):
            return cls(Outcome.FORFEIT, side, "F")
        if how_lower in ("r", "resign"):
            how = "R"
        elif how_lower in ("t", "time"):
            how = "T"
        elif how:
            try:
                score = parse_decimal(how, 0, MAX_MARGIN, step=Fraction(1, 2), what="a margin")
            except ValueError as error:
                raise ValueError(f"'{shown_number(text)}': {error}") from None
            if score == 0:
                raise ValueError(f"'{text}': a win by 0 points is a jigo; write 0")
            how = _format_margin(score)
        return cls(Outcome.WIN, side, how)

    def __str__(self) -> str:
        if self.outcome is Outcome.JIGO:
            return "0"
        if self.outcome is Outcome.VOID:
            return "Void"
        if self.outcome is Outcome.UNKNOWN:
            return "?"
        if self.outcome is Outcome.UNPLAYED:
            return "unplayed"
        assert self.winner is not None
        return f"{self.winner.value}+{self.how}"

    @property
    def counts(self) -> bool:
        """True when the result gives gamepoints: a win, a forfeit or a jigo."""
        return self.outcome in (Outcome.WIN, Outcome.FORFEIT, Outcome.JIGO)

    def points(self, colour: Colour) -> Fraction:
        """Return the gamepoints of ``colour``: 1 win, 1/2 jigo, 0 otherwise."""
        if self.outcome is Outcome.JIGO:
            return Fraction(1, 2)
        if self.outcome in (Outcome.WIN, Outcome.FORFEIT):
            return Fraction(1) if self.winner is colour else Fraction(0)
        return Fraction(0)


def _format_margin(score: Fraction) -> str:
    if score.denominator == 1:
        return str(score.numerator)
    return str(float(score))


# --------------------------------------------------------------------------- people and games


@dataclass(frozen=True)
class Player:
    """A person, known everywhere by a stable ``id``."""

    id: str
    name: str
    rank: Rank | None = None
    rating: int | None = None
    club: str | None = None
    country: str | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    egd_pin: str | None = None
    """The player's PIN in the European Go Database (digits)."""
    ogs: str | None = None
    """The player's id on OGS (online-go.com, digits)."""
    kgs: str | None = None
    """The player's account name on KGS."""
    correspondence_rank: Rank | None = None
    """Rank in correspondence (turn-based) play: league D.2, third criterion."""
    correspondence_rating: int | None = None
    """Rating in correspondence play: league D.2, fourth criterion."""
    family_name: str | None = None
    """The family name, when the players file gives it (one or more whole words of ``name``):
    the players index files and sorts the player under it (docs/content-format.md, "Family
    names"). None: not known; ``name`` alone is sorted, from its first word."""


@dataclass(frozen=True)
class GameRecord:
    """Where a game can be replayed: ``link``, an http(s) address (OGS, KGS, any viewer), and
    ``sgf``, an SGF file's path under the content folder, with its bytes (copied to the site).
    Either may be empty."""

    link: str = ""
    sgf: str = ""
    data: bytes = field(default=b"", compare=False, repr=False)
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Game:
    """One game between two players.

    When ``colours_known`` is False, ``black`` and ``white`` are simply the first and second
    player as entered, and ``result.winner`` refers to that order.
    """

    black: str
    white: str
    result: Result
    colours_known: bool = True
    date: dt.date | None = None
    handicap: int = 0
    komi: Fraction | None = None
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    record: GameRecord | None = None
    """Where the game can be replayed (``link:``, ``sgf:``), when given."""

    @property
    def players(self) -> tuple[str, str]:
        return (self.black, self.white)

    def colour_of(self, player_id: str) -> Colour:
        if player_id == self.black:
            return Colour.BLACK
        if player_id == self.white:
            return Colour.WHITE
        raise KeyError(player_id)

    def opponent(self, player_id: str) -> str:
        return self.white if player_id == self.black else self.black

    def points(self, player_id: str) -> Fraction:
        """Return the gamepoints ``player_id`` scored in this game (league D.1)."""
        return self.result.points(self.colour_of(player_id))

    def winner(self) -> str | None:
        """Return the winner's id for a win or forfeit, else None."""
        if self.result.winner is None:
            return None
        return self.black if self.result.winner is Colour.BLACK else self.white


# --------------------------------------------------------------------------- site


@dataclass(frozen=True)
class MarkdownPage:
    """A Markdown page from ``content/pages``."""

    slug: str
    title: str
    body: str
    kind: str = "page"
    """``page``, ``news`` or ``rules``."""
    date: dt.date | None = None
    order: int = 0
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    description: str = ""
    """The page's own ``<meta name="description">`` (front matter ``description:``); empty:
    one is made from its title and the site's."""


@dataclass(frozen=True)
class SiteConfig:
    """Site settings from ``content/site.yaml``."""

    title: str = "Go results"
    base_url: str = "/"
    """Where the site is served; only its path matters for links (``/`` or ``/league/``)."""
    language: str = "en"
    markdown_html: bool = False
    """Allow raw HTML inside Markdown pages. Off by default: page text is untrusted."""
    description: str = ""
    cname: str = ""
    """A custom domain for the host's ``CNAME`` file at the site's root (sitegen.hostfiles)."""
    nojekyll: bool = False
    """Write an empty ``.nojekyll`` at the site's root (GitHub Pages from a branch)."""

    @property
    def base_path(self) -> str:
        """Return the path part of ``base_url``, with a leading and trailing slash."""
        path = urlsplit(self.base_url).path or "/"
        if not path.startswith("/"):
            path = "/" + path
        if not path.endswith("/"):
            path += "/"
        return path
