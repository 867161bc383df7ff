"""How values and games are shown on pages: points with ½ ¼ ¾, exact JSON numbers, names
sorted and searched as people expect, and a game from one player's side (crosstable cells and
game lists).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from fractions import Fraction
from typing import Any

from .model.common import Colour, Game, Outcome


# --------------------------------------------------------------------------- formatting


@functools.lru_cache(maxsize=8192)
def format_points(value: Fraction | int | None) -> str:
    """Return ``value`` with halves and quarters as ½, ¼, ¾ (``3½``, ``¼``, ``-1½``)."""
    if value is None:
        return ""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    glyph = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return sign + str(round(float(value), 2))
    if whole == 0 and glyph:
        return sign + glyph
    return f"{sign}{int(whole)}{glyph}"


def json_number(value: Fraction | int | None) -> int | float | None:
    """Return an exact JSON number: an int, or a float for halves and quarters (exact in binary)."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def fold(text: str) -> str:
    """Return ``text`` lower-cased without accents (``Étienne`` -> ``etienne``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_order(name: str) -> tuple:
    """Return a sort key for people's names: accents and case ignored, numbers in number order
    (``Clément`` before ``Clio``, ``Player 2`` before ``Player 10``)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", fold(name)) if part)


# --------------------------------------------------------------------------- cells


CELL_TEXT = {
    "win": ("1", "won"), "loss": ("0", "lost"), "jigo": ("½", "jigo (draw)"),
    "forfeit-win": ("+", "won by forfeit"), "forfeit-loss": ("−", "lost by forfeit"),
    "unknown": ("?", "result unknown"), "void": ("v", "void"), "unplayed": ("·", "not played"),
}


def game_cell(game: Game | None, player: str) -> dict[str, str]:
    """Describe ``game`` from ``player``'s side for a crosstable cell or a games list: ``kind``
    (win, loss, jigo, forfeit-win, ...), ``symbol``, ``colour`` (b, w or empty) and its
    ``colour_name``, ``outcome_words`` (e.g. "won"), ``words`` (with the colour) and ``result``."""
    if game is None:
        kind = "unplayed"
    else:
        outcome = game.result.outcome
        if outcome is Outcome.JIGO:
            kind = "jigo"
        elif outcome in (Outcome.WIN, Outcome.FORFEIT):
            won = game.winner() == player
            kind = ("forfeit-" if outcome is Outcome.FORFEIT else "") + ("win" if won else "loss")
            if outcome is Outcome.WIN:
                kind = "win" if won else "loss"
        elif outcome is Outcome.UNKNOWN:
            kind = "unknown"
        elif outcome is Outcome.VOID:
            kind = "void"
        else:
            kind = "unplayed"
    symbol, outcome_words = CELL_TEXT[kind]
    colour = colour_name = ""
    words = outcome_words
    if game is not None and game.colours_known:
        colour = "b" if game.colour_of(player) is Colour.BLACK else "w"
        colour_name = "Black" if colour == "b" else "White"
        words = _WITH_COLOUR[(outcome_words, colour_name)]
    return {"kind": kind, "symbol": symbol, "colour": colour, "colour_name": colour_name,
            "words": words, "outcome_words": outcome_words,
            "result": _result_text(game.result) if game is not None and game.colours_known else ""}


_WITH_COLOUR = {(words, colour): f"{words} with {colour}"
                for _, words in CELL_TEXT.values() for colour in ("Black", "White")}


@functools.lru_cache(maxsize=4096)
def _result_text(result: Any) -> str:
    """``str(result)``, one shared string per distinct result."""
    return str(result)
