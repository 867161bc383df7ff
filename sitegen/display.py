"""How values and games are shown on pages: points with ½ ¼ ¾, exact JSON numbers, names
sorted and searched as people expect, and a game from one player's side (crosstable cells and
game lists).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from anyascii import anyascii

from .i18n import N_, Words
from .model.common import Colour, Game, Outcome, Player
from .urls import sgf_url


# --------------------------------------------------------------------------- formatting


def format_points(value: Fraction | int | None, lang: Words) -> str:
    """Return ``value`` with halves and quarters as ½, ¼, ¾ (``3½``, ``¼``, ``-1½``); other
    fractions as decimals in the language ``lang`` (``0.33``, ``0,33``)."""
    return _format_points(value, lang)


@functools.lru_cache(maxsize=8192)
def _format_points(value: Fraction | int | None, lang: Words) -> str:
    if value is None:
        return ""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    glyph = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return sign + lang.format_decimal(value)
    if whole == 0 and glyph:
        return sign + glyph
    return f"{sign}{int(whole)}{glyph}"


def points_text(value: Fraction | int, lang: Words) -> str:
    """Return a number of points in words: ``1 point``, ``2 points``, ``1½ points`` (a
    fraction takes its own form: Polish ``1½ punktu``)."""
    value = Fraction(value)
    if value.denominator == 1:
        count = int(value)
        return lang.ngettext("{points} point", "{points} points", count).format(points=count)
    return lang.pgettext("a fraction", "{points} points").format(points=format_points(value, lang))


def date_range(start: dt.date | None, end: dt.date | None, lang: Words) -> str:
    """Return a compact date or range in the language ``lang``: ``2021-09-19 – 10-23`` within
    one year (the end's year left out), ``2021-12-19 – 2022-01-09`` across years, one date alone
    when the other is missing or equal (French: ``19 sept. – 23 oct. 2021``). Pages keep it on
    one line."""
    return lang.format_date_range(start, end)


def json_number(value: Fraction | int | None) -> int | float | None:
    """Return an exact JSON number: an int, or a float for halves and quarters (exact in binary)."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


@functools.lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Return ``text`` as people search and sort it: transliterated to ASCII by anyascii and
    lower-cased (``Étienne`` -> ``etienne``, ``Łukasz`` -> ``lukasz``, ``Ørjan`` -> ``orjan``,
    ``Ștefan`` -> ``stefan``, ``Đorđe`` -> ``dorde``, ``Straße`` -> ``strasse``).

    The search box folds what is typed the same way, with :func:`fold_table` (search.json).
    """
    return anyascii(unicodedata.normalize("NFC", text)).casefold()


@functools.lru_cache(maxsize=1 << 16)
def name_order(name: str) -> tuple:
    """Return a sort key for people's names: folded as :func:`fold` (so ``Łukasz`` sorts beside
    ``Lukas``, ``Ørjan`` beside ``Olaf``), numbers in number order (``Clément`` before ``Clio``,
    ``Player 2`` before ``Player 10``); names that fold alike are ordered by their own text.

    Kept for the names seen (as :func:`fold` is): the players index, search.json and the
    other alphabetical lists (:func:`filed_order`) sort the same 20,000 names in one build
    (issue 31's size), each a regular expression's split, 0.3 s at that size without it."""
    parts = tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                  for part in re.split(r"(\d+)", fold(name)) if part)
    return (parts, name)


def filed_order(name: str, family_name: str | None, ident: str) -> tuple:
    """Return the sort key of a person in the site's alphabetical lists of players (the players
    index, a Swiss tournament's entries and withdrawals, a ladder's members within a rung and
    its handicap calculator's choices, the players moving between two seasons, search.json):
    the family name where the players file gives it (``family_name``), else the name, as
    :func:`name_order` sorts it; then the whole name; then the id, so that the order is the same
    for any names. ``Gao Lin`` (family name ``Gao``) comes before ``Aiko Mori`` (``Mori``);
    ``Zoé Abelard`` without a family name is filed as ``Zoé``, after both. Without any family
    name this is the order of :func:`name_order`, then the id. Lists ordered by standing, rung
    or games played keep their order (docs/content-format.md, "Family names")."""
    return (name_order(family_name or name), name_order(name), ident)


def player_order(players: Mapping[str, Player]) -> Callable[[str], tuple]:
    """Return the :func:`filed_order` of a player id, their name and family name from
    ``players`` (an id not among them is filed as itself)."""
    def key(ident: str) -> tuple:
        player = players.get(ident)
        if player is None:
            return filed_order(ident, None, ident)
        return filed_order(player.name, player.family_name, ident)
    return key


FOLD_RANGES = ((0x00C0, 0x024F), (0x1E00, 0x1EFF))
"""Latin letters with diacritics (Latin-1, Latin Extended-A and -B, Latin Extended Additional):
always in the search box's table, so that typing ``Ł`` finds a name written ``L``."""


def fold_table(texts: Iterable[str]) -> dict[str, str]:
    """Return ``{character: folded}`` for the characters the search box must fold as
    :func:`fold` does: every letter of :data:`FOLD_RANGES` and every other non-ASCII
    character of ``texts`` whose fold is not its lower case; sorted by character. A text all
    ASCII (its NFC form is itself) is passed over whole, in C: its characters are not looked at
    one by one (issue 31: the 20,000 players' names of search.json in every cached build)."""
    chars = {chr(code) for low, high in FOLD_RANGES for code in range(low, high + 1)}
    for text in texts:
        if not text.isascii():
            chars.update(c for c in unicodedata.normalize("NFC", text) if ord(c) > 127)
    table = {}
    for char in sorted(chars):
        folded = fold(char)
        if folded != char.lower():
            table[char] = folded
    return table


def profile_links(egd_pin: str | None, ogs: str | None, kgs: str | None) -> list[dict[str, str]]:
    """Return a player's profile pages as ``[{site, id, url}]``: EGD, OGS, then KGS."""
    links = []
    if egd_pin:
        links.append({"site": "EGD", "id": egd_pin,
                      "url": f"https://www.europeangodatabase.eu/EGD/Player_Card.php?key={egd_pin}"})
    if ogs:
        links.append({"site": "OGS", "id": ogs, "url": f"https://online-go.com/player/{ogs}"})
    if kgs:
        links.append({"site": "KGS", "id": kgs, "url": f"https://www.gokgs.com/gameArchives.jsp?user={kgs}"})
    return links


def record_links(record: Any) -> dict[str, str] | None:
    """Return a game's record for a template, ``{link, sgf}`` (``sgf``: the copy's address on
    the site, see :func:`sitegen.urls.sgf_url`), or None when the game has none."""
    if record is None:
        return None
    return {"link": record.link, "sgf": sgf_url(record.sgf) if record.sgf else ""}


# --------------------------------------------------------------------------- cells


CELL_TEXT = {
    "win": ("1", N_("won")), "loss": ("0", N_("lost")), "jigo": ("½", N_("jigo (draw)")),
    "forfeit-win": ("+", N_("won by forfeit")), "forfeit-loss": ("−", N_("lost by forfeit")),
    "unknown": ("?", N_("result unknown")), "void": ("v", N_("void")),
    "unplayed": ("·", N_("not played")),
}


def game_cell(game: Game | None, player: str, lang: Words) -> dict[str, str]:
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
    side = game.colour_of(player) is Colour.BLACK if game is not None and game.colours_known else None
    symbol, outcome_words, colour, colour_name, words = _cell_table(lang)[(kind, side)]
    return {"kind": kind, "symbol": symbol, "colour": colour, "colour_name": colour_name,
            "words": words, "outcome_words": outcome_words,
            "result": _result_text(game.result) if game is not None and game.colours_known else ""}


@functools.lru_cache(maxsize=8)
def _cell_words(lang: Words) -> dict[str, tuple[str, str]]:
    """:data:`CELL_TEXT` in the language ``lang``."""
    return {kind: (symbol, lang._(words)) for kind, (symbol, words) in CELL_TEXT.items()}


@functools.lru_cache(maxsize=8)
def _colour_words(lang: Words) -> dict[tuple[str, bool], tuple[str, str, str]]:
    """``{(kind, black): (colour letter, colour name, words with the colour)}`` in the language
    ``lang``, e.g. ``("b", "Black", "won with Black")``."""
    table = {}
    for kind, (_symbol, words) in _cell_words(lang).items():
        for black in (True, False):
            name = lang._("Black") if black else lang._("White")
            letter = lang.pgettext("colour letter", "b") if black else lang.pgettext("colour letter", "w")
            text = (lang._("{result} with Black") if black else lang._("{result} with White")).format(result=words)
            table[(kind, black)] = (letter, name, text)
    return table


@functools.lru_cache(maxsize=8)
def _cell_table(lang: Words) -> dict[tuple[str, bool | None], tuple[str, str, str, str, str]]:
    """``{(kind, black): (symbol, outcome words, colour letter, colour name, words)}`` in the
    language ``lang``: :func:`_cell_words` and :func:`_colour_words` in one table, ``black``
    None when the colours are not known (no colour; the words are the outcome's). One look-up
    per cell (issue 31: a season's 8,422 cells while planning its players' sections)."""
    table: dict[tuple[str, bool | None], tuple[str, str, str, str, str]] = {}
    for kind, (symbol, words) in _cell_words(lang).items():
        table[(kind, None)] = (symbol, words, "", "", words)
        for black in (True, False):
            table[(kind, black)] = (symbol, words, *_colour_words(lang)[(kind, black)])
    return table


@functools.lru_cache(maxsize=4096)
def _result_text(result: Any) -> str:
    """``str(result)``, one shared string per distinct result."""
    return str(result)
