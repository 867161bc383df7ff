"""Hand-worked values for the result and rank parsers (content format v1)."""

from fractions import Fraction

import pytest

from sitegen.model.common import Colour, Outcome, Rank, Result


@pytest.mark.parametrize("text, outcome, winner, how", [
    ("B+R", Outcome.WIN, Colour.BLACK, "R"),
    ("W+Resign", Outcome.WIN, Colour.WHITE, "R"),
    ("W+3.5", Outcome.WIN, Colour.WHITE, "3.5"),
    ("B+0.5", Outcome.WIN, Colour.BLACK, "0.5"),
    ("B+12", Outcome.WIN, Colour.BLACK, "12"),
    ("B+T", Outcome.WIN, Colour.BLACK, "T"),
    ("w+time", Outcome.WIN, Colour.WHITE, "T"),
    ("B+F", Outcome.FORFEIT, Colour.BLACK, "F"),
    ("W+Forfeit", Outcome.FORFEIT, Colour.WHITE, "F"),
    ("B+", Outcome.WIN, Colour.BLACK, ""),
    ("0", Outcome.JIGO, None, ""),
    ("Draw", Outcome.JIGO, None, ""),
    ("jigo", Outcome.JIGO, None, ""),
    ("Void", Outcome.VOID, None, ""),
    ("?", Outcome.UNKNOWN, None, ""),
    ("unplayed", Outcome.UNPLAYED, None, ""),
])
def test_result_parse_sgf_re(text, outcome, winner, how):
    result = Result.parse(text)
    assert (result.outcome, result.winner, result.how) == (outcome, winner, how)


@pytest.mark.parametrize("text", ["B+R", "W+3.5", "B+T", "W+F", "B+", "0", "Void", "?", "unplayed"])
def test_result_round_trip(text):
    assert str(Result.parse(text)) == text
    assert Result.parse(str(Result.parse(text))) == Result.parse(text)


@pytest.mark.parametrize("text", ["", "B", "B+X", "X+R", "B-R", "W+-3", "1-0", "B+0", "B+3.5.5"])
def test_result_parse_rejects(text):
    with pytest.raises(ValueError):
        Result.parse(text)


def test_result_points_league_d1():
    """league D.1: a win is 1 gamepoint, a jigo 1/2, a forfeit counts, unknown/void give 0."""
    assert Result.parse("B+R").points(Colour.BLACK) == 1
    assert Result.parse("B+R").points(Colour.WHITE) == 0
    assert Result.parse("0").points(Colour.WHITE) == Fraction(1, 2)
    assert Result.parse("W+F").points(Colour.WHITE) == 1
    assert Result.parse("?").points(Colour.BLACK) == 0
    assert Result.parse("Void").points(Colour.WHITE) == 0
    assert not Result.parse("?").counts and Result.parse("B+F").counts


@pytest.mark.parametrize("text, value, shown", [
    ("30k", -30, "30k"), ("1k", -1, "1k"), ("3K", -3, "3k"), ("15 kyu", -15, "15k"),
    ("1d", 0, "1d"), ("2D", 1, "2d"), ("9d", 8, "9d"), ("4 dan", 3, "4d"),
])
def test_rank_parse(text, value, shown):
    rank = Rank.parse(text)
    assert rank.value == value
    assert str(rank) == shown


@pytest.mark.parametrize("text", ["0k", "31k", "0d", "10d", "3", "3x", "1p", "k3", "", "3kd"])
def test_rank_parse_rejects(text):
    with pytest.raises(ValueError):
        Rank.parse(text)


def test_rank_order():
    assert Rank.parse("2d") > Rank.parse("1d") > Rank.parse("1k") > Rank.parse("30k")
