"""What a line of the standings holds and how it is written, shared by both forms of the
placement engine: :class:`PlacementRow`, the game strings (``12+/w2``, ``0=``), a value with
½, ¼ or ¾ and the order of names (placement; ../shared/reference/opengotha.md 1.2-1.3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ...model.tournament import (Criterion, GameResult, Tournament, TournamentGame,
                                 TournamentPlayer)

HALF = Fraction(1, 2)
ZERO = Fraction(0)


class Participation(Enum):
    """A player's status in one round (OpenGotha ``ScoredPlayer``)."""

    PAIRED = "paired"
    BYE = "bye"
    ABSENT = "absent"
    NOT_ASSIGNED = "not assigned"


@dataclass(frozen=True)
class PlacementRow:
    """One line of the standings after a round.

    ``row`` is the 1-based line number (the number game strings refer to); ``place`` is shared
    by tied players (``shared`` True on each of them). ``values`` holds each criterion's value
    in the tournament's order. ``games`` has one string per round in the ``12+/w2`` notation
    (opponent's row, result, ``/`` or ``!`` for a forfeit, colour, handicap; ``0+``/``0=``/``0-``
    without a game) and ``opponents`` the opponent's id per round (None without a game).
    """

    row: int
    place: int
    shared: bool
    player: TournamentPlayer
    values: dict[Criterion, Fraction]
    nbw: Fraction
    mms: Fraction
    games: tuple[str, ...]
    """The player's game in each round, in OpenGotha notation: ``12+/w2`` is a win (``+``;
    ``-`` a loss, ``=`` a jigo, ``?`` unknown) against row 12 with White (``b`` Black, ``?``
    colour unknown) and handicap 2; a forfeit has ``!`` for ``/``. Without a game: ``0+``,
    ``0=`` or ``0-`` from the bye or absence value (McMahon values when MMS is the first
    criterion);
    a round not assigned is always ``0-``."""
    opponents: tuple[str | None, ...]

    @property
    def player_id(self) -> str:
        return self.player.id



def format_value(value: Fraction | int) -> str:
    """Return a value with its fraction as ½, ¼ or ¾: ``Fraction(7, 2)`` -> ``3½``.

    Other fractions (not produced by the criteria) fall back to ``a/b``. Works on the integer
    numerator and denominator (no Fraction arithmetic: it formats every cell of every table).
    """
    if type(value) is int:
        return str(value)
    if not isinstance(value, Fraction):
        value = Fraction(value)
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    sign = "-" if num < 0 else ""
    num = abs(num)
    glyph = _GLYPHS.get((num % den, den))
    if glyph is None:
        return f"{sign}{num}/{den}"
    return f"{sign}{num // den}{glyph}"


def opengotha_text(value: Fraction | int) -> str:
    """Return a value as OpenGotha prints it (``ScoredPlayer.formatScore``, in its h9 files):
    :func:`format_value`, but a negative value that is not whole loses its fraction and is
    cut towards zero (Java's ``/`` and ``%`` on the doubled or quadrupled value: -½ is ``0``,
    -3½ and -3¾ are ``-3``)."""
    if value < 0 and Fraction(value).denominator != 1:
        return str(-(-Fraction(value).numerator // Fraction(value).denominator))
    return format_value(value)


_GLYPHS = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾"}
"""(remainder, denominator) of a reduced fraction -> its glyph (format_value)."""


def java_order(text: str) -> bytes:
    """Return a name's sort key as OpenGotha compares names (Java ``String.compareTo``: by
    UTF-16 code unit, so capitals before lower case and ``Z`` before ``de``)."""
    return text.encode("utf-16-be", "surrogatepass")


def no_game_string(tournament: Tournament, status: Participation) -> str:
    """Return ``0+``, ``0=`` or ``0-``: a round without a game (:attr:`PlacementRow.games`),
    from the McMahon bye and absence values when MMS is the first criterion, else from the
    number-of-wins values (OpenGotha's tournament type); not assigned is always ``0-``."""
    params = tournament.parameters
    mcmahon = params.mms_main
    if status is Participation.BYE:
        value = params.mms_bye if mcmahon else params.nbw_bye
    elif status is Participation.ABSENT:
        value = params.mms_absent if mcmahon else params.nbw_absent
    else:
        value = ZERO
    return "0" + ("+" if value == 1 else "=" if value == HALF else "-")


def game_suffix(game: TournamentGame, player_id: str) -> str:
    """Return what follows the opponent's row in ``player_id``'s game string: ``+/w2``
    (:attr:`PlacementRow.games`)."""
    white = game.white == player_id
    res = game.result
    if res is GameResult.UNKNOWN:
        sym = "?"
    elif res is GameResult.JIGO:
        sym = "="
    elif res is GameResult.BOTH_WIN:
        sym = "+"
    elif res is GameResult.BOTH_LOSE:
        sym = "-"
    else:
        won = (res is GameResult.WHITE_WINS) == white
        sym = "+" if won else "-"
    mark = "!" if game.forfeit and res is not GameResult.UNKNOWN else "/"
    colour = ("w" if white else "b") if game.colours_known else "?"
    return f"{sym}{mark}{colour}{game.handicap}"
