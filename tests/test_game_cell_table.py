"""The crosstable cell's one-look-up table (:func:`sitegen.display._cell_table`, issue 31) gives
the words of the two tables it is made of, for every outcome, side and language."""

from __future__ import annotations

import pytest

from sitegen.display import _cell_words, _colour_words, game_cell
from sitegen.i18n import words as words_of
from sitegen.model.common import Colour, Game, Outcome, Result

RESULTS = [Result(Outcome.WIN, Colour.BLACK, "R"), Result(Outcome.WIN, Colour.WHITE, "3.5"),
           Result(Outcome.FORFEIT, Colour.BLACK, "F"), Result(Outcome.FORFEIT, Colour.WHITE, "F"),
           Result(Outcome.JIGO), Result(Outcome.UNKNOWN), Result(Outcome.VOID), Result(Outcome.UNPLAYED)]


def _cell_by_two_tables(game: Game | None, player: str, kind: str, lang) -> dict[str, str]:
    """game_cell's words as it looked them up before: the outcome's, then the colour's."""
    symbol, outcome_words = _cell_words(lang)[kind]
    colour = colour_name = ""
    words = outcome_words
    if game is not None and game.colours_known:
        colour, colour_name, words = _colour_words(lang)[(kind, game.colour_of(player) is Colour.BLACK)]
    return {"kind": kind, "symbol": symbol, "colour": colour, "colour_name": colour_name,
            "words": words, "outcome_words": outcome_words,
            "result": str(game.result) if game is not None and game.colours_known else ""}


@pytest.mark.parametrize("tag", ["en", "pl"])
def test_every_cell_reads_as_the_two_tables_give_it(tag: str) -> None:
    lang = words_of(tag)
    for result in RESULTS:
        for known in (True, False):
            game = Game("ann", "bob", result, colours_known=known)
            for player in ("ann", "bob"):
                cell = game_cell(game, player, lang)
                assert list(cell) == ["kind", "symbol", "colour", "colour_name", "words",
                                      "outcome_words", "result"]
                assert cell == _cell_by_two_tables(game, player, cell["kind"], lang)
    assert game_cell(None, "ann", lang) == _cell_by_two_tables(None, "ann", "unplayed", lang)


def test_a_cell_by_hand() -> None:
    lang = words_of("en")
    cell = game_cell(Game("ann", "bob", Result(Outcome.WIN, Colour.WHITE, "R")), "bob", lang)
    assert cell == {"kind": "win", "symbol": "1", "colour": "w", "colour_name": "White",
                    "words": "won with White", "outcome_words": "won", "result": "W+R"}
    cell = game_cell(Game("ann", "bob", Result(Outcome.FORFEIT, Colour.BLACK, "F"), colours_known=False), "bob", lang)
    assert cell["kind"] == "forfeit-loss" and cell["colour"] == "" and cell["words"] == "lost by forfeit"
