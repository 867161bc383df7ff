"""A club ladder as content: rungs, rung lists, handicap rules, members and the log of games
and re-gradings, and :class:`ClubLadder`, a ladder of the site.

Source of the terms: ../shared/rules/004_a6a48a51e626b017.txt, "Handicaps" ("ladder:
handicap") and "Club Ladder" ("ladder: club ladder"). A rung is a strength grade such as
``13.5k`` or ``1.3d``; strength (ladder: handicap): x kyu = -x, y dan = y - 1, so 13.5k = -13.5,
1d = 0, 1.3d = 0.3. The handicap and the replay of the log are in :mod:`sitegen.engine.ladder`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Iterator, Sequence

from ..diagnostics import SourcePos, did_you_mean
from ..numbers import MAX_DIGITS, parse_decimal, shown_number
from .common import NOWHERE, Colour, GameRecord, Rank

# --------------------------------------------------------------------------- rungs

_RUNG_RE = re.compile(r"^\s*(?P<number>[0-9.]+)\s*(?P<unit>k|kyu|d|dan)?\s*$", re.IGNORECASE)

RUNG_FORMS = "a rung such as 25k, 13.5k, 9.2k (or 9.2), 0.2k, 1d or 1.3d"
"""The accepted forms of a rung, for error messages."""

_WEAKEST = Fraction(-30)
_STRONGEST = Fraction(8)


def _is_decimal(value: Fraction) -> bool:
    """Return True when ``value`` has a finite decimal expansion."""
    den = value.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    return den == 1


def _decimal_text(value: Fraction) -> str:
    """Return the shortest exact decimal text of a non-negative decimal Fraction."""
    num, den = value.numerator, value.denominator
    places = 0
    while den != 1 and (num * 10**places) % den:  # integers only: the same digits, faster
        places += 1
    digits = str(num * 10**places // den).rjust(places + 1, "0")
    return digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"


def format_decimal(value: Fraction) -> str:
    """Return the exact, shortest decimal text of a Fraction: ``-13.5``, ``0.3``, ``40``.

    Raises ValueError when ``value`` has no finite decimal form (e.g. 1/3).
    """
    value = Fraction(value)
    if not _is_decimal(value):
        raise ValueError(f"{value} has no finite decimal form")
    return ("-" if value < 0 else "") + _decimal_text(abs(value))


def _rung_number(text: str) -> Fraction:
    """Return the number of a rung's text (``13.5`` of ``13.5k``): a plain, unsigned decimal
    of at most 9 + 6 digits (sitegen.numbers); the unit's range is checked by the caller.
    Raises ValueError otherwise."""
    if text[:1] in "+-":
        raise ValueError(f"'{text}' is not the number of a rung")
    return parse_decimal(text, 0, 10 ** MAX_DIGITS, what="the number of a rung")


@dataclass(frozen=True, order=True)
class Rung:
    """A ladder rung as its exact strength (ladder: handicap): x kyu = -x, y dan = y - 1.

    So ``25k`` = -25, ``13.5k`` = -13.5, ``0.2k`` = -0.2, ``1d`` = 0, ``1.3d`` = 0.3, ``5d`` = 4.
    Rungs order by strength, weakest first. Valid strengths are decimals from -30 (30k) to
    8 (9d); whether a rung is on a particular ladder is a question for its :class:`RungList`.
    """

    strength: Fraction
    """The strength in handicap levels (stones): negative for kyu, 0 or more for dan."""

    def __post_init__(self) -> None:
        strength = self.strength
        if isinstance(strength, bool) or not isinstance(strength, (int, Fraction)):
            raise TypeError(f"a rung's strength must be an int or Fraction, not {strength!r}")
        strength = Fraction(strength)
        object.__setattr__(self, "strength", strength)
        if not _is_decimal(strength):
            raise ValueError(f"strength {strength} has no finite decimal form")
        if not _WEAKEST <= strength <= _STRONGEST:
            raise ValueError(f"strength {strength} is outside 30k (-30) to 9d (8)")

    @classmethod
    def parse(cls, text: str) -> "Rung":
        """Parse ``13.5k``, ``13.5 kyu``, ``1.3d``, ``2 dan``, ``25K``; a bare number is kyu.

        A bare number such as ``9.2`` is a kyu rung (the rung list of the text lost a few
        ``k``s). Raises ValueError naming the accepted forms for anything else, including
        ``0k``, kyu above 30k and dan below 1d or above 9d.
        """
        match = _RUNG_RE.match(text)
        not_a_rung = ValueError(f"'{shown_number(text)}' is not a rung; expected {RUNG_FORMS}")
        if match is None:
            raise not_a_rung
        try:
            number = _rung_number(match.group("number"))
        except ValueError:
            raise not_a_rung from None
        unit = (match.group("unit") or "k").lower()[0]
        if unit == "k":
            if not 0 < number <= 30:
                raise ValueError(f"'{text}': kyu rungs go from 30k up to just below 1d, e.g. 0.2k")
            return cls(-number)
        if not 1 <= number <= 9:
            raise ValueError(f"'{text}': dan rungs go from 1d to 9d")
        return cls(number - 1)

    @classmethod
    def kyu(cls, number: int | Fraction | str) -> "Rung":
        """Return the kyu rung ``number``k, e.g. ``Rung.kyu("13.5")``; ValueError if invalid."""
        number = _rung_number(number) if isinstance(number, str) else Fraction(number)
        if not 0 < number <= 30:
            raise ValueError(f"{number}: kyu rungs go from 30k up to just below 1d, e.g. 0.2k")
        return cls(-number)

    @classmethod
    def dan(cls, number: int | Fraction | str) -> "Rung":
        """Return the dan rung ``number``d, e.g. ``Rung.dan("1.3")``; ValueError if invalid."""
        number = _rung_number(number) if isinstance(number, str) else Fraction(number)
        if not 1 <= number <= 9:
            raise ValueError(f"{number}: dan rungs go from 1d to 9d")
        return cls(number - 1)

    @classmethod
    def from_rank(cls, rank: Rank) -> "Rung":
        """Return the rung of a whole rank: 3k -> 3k, 1d -> 1d (same strength scale)."""
        return cls(Fraction(rank.value))

    @property
    def is_dan(self) -> bool:
        return self.strength >= 0

    @property
    def number(self) -> Fraction:
        """Return the number before the unit: 13.5 for ``13.5k``, 1.3 for ``1.3d``."""
        return self.strength + 1 if self.is_dan else -self.strength

    def __hash__(self) -> int:
        value = self.__dict__.get("_hash")  # the dataclass's hash((strength,)), kept once made
        if value is None:
            value = hash((self.strength,))
            self.__dict__["_hash"] = value
        return value

    def __str__(self) -> str:
        text = self.__dict__.get("_text")  # a cache beside the field: not compared or hashed
        if text is None:
            text = f"{_decimal_text(self.number)}{'d' if self.is_dan else 'k'}"
            self.__dict__["_text"] = text
        return text


DEFAULT_RUNG_TEXT = (
    "25k 24k 23k 22k 21k 20k 19.5k 19k 18.5k 18k 17.5k 17k 16.5k 16k 15.5k 15k 14.5k 14k "
    "13.5k 13k 12.5k 12k 11.5k 11k 10.5k 10k 9.8k 9.6k 9.4k 9.2 9k 8.8k 8.6k 8.4k 8.2 8k "
    "7.8k 7.6k 7.4k 7.2 7k 6.8k 6.6k 6.4k 6.2 6k 5.8k 5.6k 5.4k 5.2 5k 4.8k 4.6k 4.4k 4.2 "
    "4k 3.8k 3.6k 3.4k 3.2 3k 2.8k 2.6k 2.4k 2.2 2k 1.8k 1.6k 1.4k 1.2 1k 0.8k 0.6k 0.4k "
    "0.2k 1d 1.1d 1.2d 1.3d 1.4d 1.5d 1.6d 1.7d 1.8d 1.9d 2d 2.1d 2.2d 2.3d 2.4d 2.5d 2.6d "
    "2.7d 2.8d 2.9d 3d 3.1d 3.2d 3.3d 3.4d 3.5d 3.6d 3.7d 3.8d 3.9d 4d 4.1d 4.2d 4.3d 4.4d "
    "4.5d 4.6d 4.7d 4.8d 4.9d 5d"
)
"""The text's rung list ("The rungs:"), as printed there: bare numbers are kyu rungs."""


def _split_entries(text: str) -> list[str]:
    return [entry for entry in re.split(r"[\s,]+", text) if entry]


def rung_list_problems(entries: Sequence[str]) -> list[tuple[int, str]]:
    """Return ``(entry index, message)`` for every problem of a rung list given weakest first.

    Problems: an entry that is not a rung, a rung listed twice (``9.2`` and ``9.2k`` are the
    same rung), a rung weaker than the entry before it, an empty list. Rule: ladder: club
    ladder ("The rungs are not evenly spaced": any strictly increasing list is allowed).
    """
    problems: list[tuple[int, str]] = []
    if not entries:
        return [(0, "the rung list is empty")]
    seen: dict[Rung, int] = {}
    previous: Rung | None = None
    for index, text in enumerate(entries):
        try:
            rung = Rung.parse(text)
        except ValueError as error:
            problems.append((index, str(error)))
            continue
        if rung in seen:
            problems.append((index, f"rung {rung} is listed twice (entries {seen[rung] + 1} "
                                    f"and {index + 1})"))
        elif previous is not None and rung < previous:
            problems.append((index, f"rung {rung} (entry {index + 1}) comes after the stronger "
                                    f"{previous}; list the rungs weakest first"))
        seen.setdefault(rung, index)
        previous = rung
    return problems


@dataclass(frozen=True)
class RungList:
    """The rungs of a ladder, weakest first, strictly increasing in strength.

    Raises ValueError on construction for an empty, unordered or duplicated list.
    The bottom rung is the floor ("no player can be demoted beyond 25k" with the default
    list) and the top rung the ceiling (ladder: club ladder).
    """

    rungs: tuple[Rung, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rungs", tuple(self.rungs))
        problems = rung_list_problems([str(rung) for rung in self.rungs])
        if problems:
            raise ValueError("; ".join(message for _, message in problems))

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> "RungList":
        """Parse a rung list given weakest first, as one string (spaces or commas) or entries.

        Raises ValueError listing every problem (see :func:`rung_list_problems`).
        """
        entries = _split_entries(text) if isinstance(text, str) else [str(e) for e in text]
        problems = rung_list_problems(entries)
        if problems:
            raise ValueError("; ".join(message for _, message in problems))
        return cls(tuple(Rung.parse(entry) for entry in entries))

    @property
    def bottom(self) -> Rung:
        """Return the weakest rung, the floor."""
        return self.rungs[0]

    @property
    def top(self) -> Rung:
        """Return the strongest rung, the ceiling."""
        return self.rungs[-1]

    def index(self, rung: Rung) -> int:
        """Return the 0-based place of ``rung``, 0 for the weakest; ValueError if not listed."""
        places = self.__dict__.get("_places")  # strength -> index, built once (not a field)
        if places is None:
            places = {listed.strength: number for number, listed in enumerate(self.rungs)}
            self.__dict__["_places"] = places
        place = places.get(rung.strength)
        if place is None:
            raise ValueError(f"{rung} is not a rung of the ladder")
        return place

    def up(self, rung: Rung) -> Rung:
        """Return the rung one above ``rung``, or ``rung`` itself at the top.

        Rule: ladder: club ladder (nobody goes above the top rung).

        Raises ValueError when ``rung`` is not in the list.
        """
        return self.rungs[min(self.index(rung) + 1, len(self.rungs) - 1)]

    def down(self, rung: Rung) -> Rung:
        """Return the rung one below ``rung``, or ``rung`` itself at the floor.

        Rule: ladder: club ladder ("no player can be demoted beyond 25k").

        Raises ValueError when ``rung`` is not in the list.
        """
        return self.rungs[max(self.index(rung) - 1, 0)]

    def closest(self, rung: Rung) -> tuple[Rung, ...]:
        """Return the listed rung nearest in strength to ``rung``: one, or two on a tie."""
        best = min(abs(listed.strength - rung.strength) for listed in self.rungs)
        return tuple(r for r in self.rungs if abs(r.strength - rung.strength) == best)

    def __contains__(self, rung: object) -> bool:
        if not isinstance(rung, Rung):
            return False
        try:
            self.index(rung)
        except ValueError:
            return False
        return True

    def __iter__(self) -> Iterator[Rung]:
        return iter(self.rungs)

    def __len__(self) -> int:
        return len(self.rungs)

    def __getitem__(self, index: int) -> Rung:
        return self.rungs[index]

    def __str__(self) -> str:
        return " ".join(str(rung) for rung in self.rungs)


DEFAULT_RUNGS = RungList.parse(DEFAULT_RUNG_TEXT)
"""The text's rungs, 25k to 5d (ladder: club ladder)."""


def parse_rung(text: str, rungs: RungList = DEFAULT_RUNGS) -> Rung:
    """Parse ``text`` as a rung of ``rungs``.

    Raises ValueError with a readable reason: the accepted forms when it does not parse,
    or the closest listed rung(s) when it parses but is not in the list.
    """
    try:
        rung = Rung.parse(text)
    except ValueError as error:
        hint = did_you_mean(text.strip(), [str(r) for r in rungs])
        raise ValueError(f"{error}{'; ' + hint if hint else ''}") from None
    if rung not in rungs:
        raise ValueError(f"'{text}' is not on the rung list ({rungs.bottom} to {rungs.top}); "
                         f"{closest_rung_hint(rung, rungs)}")
    return rung


def closest_rung_hint(rung: Rung, rungs: RungList) -> str:
    """Return a hint naming the listed rung(s) closest to ``rung``."""
    closest = [str(r) for r in rungs.closest(rung)]
    if len(closest) == 1:
        return f"the closest rung is {closest[0]}"
    return f"the closest rungs are {' and '.join(closest)}"


# --------------------------------------------------------------------------- handicap rules


@dataclass(frozen=True)
class HandicapRules:
    """The handicap scheme's parameters (ladder: handicap); the defaults are the text's."""

    cap: int = 14
    """"A handicap above 14 is set to 14"."""
    max_stones: int = 9
    """Handicap stones go "up to nine"; levels above become komi for Black."""
    stone_komi: int = 10
    """"One handicap stone is equivalent to 10 komi"."""
    even_komi: int = 6
    """"For a handicap of 0, white receives 6 komi"."""

    def __post_init__(self) -> None:
        if self.cap < 0 or self.max_stones < 2 or self.stone_komi < 0 or self.even_komi < 0:
            raise ValueError("handicap rules need cap >= 0, max_stones >= 2 and komi >= 0")


# --------------------------------------------------------------------------- members and log


@dataclass(frozen=True)
class Member:
    """A ladder member: their id, starting rung and whether they are an anchor."""

    id: str
    rung: Rung
    """The rung the member starts on, before the first event of the log."""
    anchor: bool = False
    """An anchor's rung does not move after a game; re-grading still sets it."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class LadderGame:
    """One ladder game: who took White and Black, and the winning colour (None: a draw)."""

    date: dt.date
    white: str
    black: str
    winner: Colour | None
    """WHITE or BLACK for a win, None for a draw."""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
    record: GameRecord | None = None
    """Where the game can be replayed (``link:``, ``sgf:``), when given."""

    @property
    def players(self) -> tuple[str, str]:
        return (self.white, self.black)


@dataclass(frozen=True)
class Regrading:
    """A re-grading: from ``date`` on, ``member`` stands on ``rung`` (ladder: club ladder)."""

    date: dt.date
    member: str
    rung: Rung
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


LadderEvent = LadderGame | Regrading


@dataclass(frozen=True)
class Ladder:
    """A club ladder: its rung list, members, and chronological log of games and re-gradings."""

    members: tuple[Member, ...]
    events: tuple[LadderEvent, ...] = ()
    rungs: RungList = DEFAULT_RUNGS
    handicap_rules: HandicapRules = HandicapRules()
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class ClubLadder:
    """A ladder of the site: its id (file name), display name, description (Markdown) and its
    :class:`Ladder` (members by player id, log, rungs, handicap rules)."""

    id: str
    name: str
    ladder: Ladder
    description: str = ""
    pos: SourcePos = field(default=NOWHERE, compare=False, repr=False)
