"""Club ladder and handicap, worked by hand from ../shared/rules/004_a6a48a51e626b017.txt.

Rule ids: "ladder: handicap" (heading "Handicaps") and "ladder: club ladder" (heading
"Club Ladder"). Strength: x kyu = -x, y dan = y - 1.
"""

from __future__ import annotations

import datetime as dt
import io
from fractions import Fraction

import pytest

from sitegen.commands.handicap import handicap as handicap_command
from sitegen.diagnostics import SourcePos
from sitegen.engine.ladder import (group_by_rung, rung_steps, handicap, handicap_levels, move_after_game, replay,
                                   replay_continued)
from sitegen.model.ladder import (DEFAULT_RUNGS, ClubLadder, HandicapRules, Ladder, LadderGame, Member, Regrading, Rung, RungList, format_decimal, parse_rung, rung_list_problems)
from sitegen.pages.ladder import ladder_dates
from sitegen.validate.ladder import ladder_rule_problems
from sitegen.model.common import Colour, Rank

W, B = Colour.WHITE, Colour.BLACK
R = Rung.parse
D = dt.date


def pos(line: int) -> SourcePos:
    return SourcePos("content/ladder.yaml", line, 3)


# --------------------------------------------------------------------------- rungs


@pytest.mark.parametrize("text, strength, canonical", [
    ("25k", Fraction(-25), "25k"),
    ("13.5k", Fraction(-27, 2), "13.5k"),
    ("9.2", Fraction(-46, 5), "9.2k"),          # the text's list lost this 'k'
    ("0.2k", Fraction(-1, 5), "0.2k"),
    ("1d", Fraction(0), "1d"),
    ("1.3d", Fraction(3, 10), "1.3d"),
    ("5d", Fraction(4), "5d"),
    ("13.5 kyu", Fraction(-27, 2), "13.5k"),
    ("2 Dan", Fraction(1), "2d"),
    ("1.30D", Fraction(3, 10), "1.3d"),
    (" 18K ", Fraction(-18), "18k"),
])
def test_rung_parse_strength_and_text(text, strength, canonical):
    """ladder: handicap: x kyu = -x, y dan = y - 1; str() gives the canonical text."""
    rung = Rung.parse(text)
    assert rung.strength == strength
    assert isinstance(rung.strength, Fraction)
    assert str(rung) == canonical
    assert Rung.parse(str(rung)) == rung


@pytest.mark.parametrize("text", ["", "k", "0k", "0d", "0.5d", "31k", "9.5d", "10d", "1p",
                                  "1.3x", "-3k", "1/2k", "13,5k", "1.3 d d"])
def test_rung_parse_rejects(text):
    with pytest.raises(ValueError):
        Rung.parse(text)


def test_rung_constructors_and_rank():
    assert Rung.kyu("13.5") == R("13.5k")
    assert Rung.kyu(Fraction(1, 5)) == R("0.2k")
    assert Rung.dan(2) == R("2d")
    assert Rung.from_rank(Rank.parse("3k")) == R("3k")
    assert Rung.from_rank(Rank.parse("1d")) == R("1d")
    with pytest.raises(ValueError):
        Rung(Fraction(1, 3))           # no finite decimal, cannot be printed exactly
    with pytest.raises(TypeError):
        Rung(0.5)                      # no floats
    assert R("1.3d").number == Fraction(13, 10) and R("1.3d").is_dan
    assert R("0.2k").number == Fraction(1, 5) and not R("0.2k").is_dan


def test_rung_order_weakest_first():
    assert R("25k") < R("13.5k") < R("0.2k") < R("1d") < R("1.3d") < R("5d")


def test_default_rung_list():
    """ladder: club ladder, "The rungs": 25k ... 5d, 116 entries, bare numbers are kyu."""
    rungs = DEFAULT_RUNGS
    # 25k..20k: 6; 19.5k..10k in halves: 20; 9.8k..0.2k in fifths: 49; 1d..5d in tenths: 41.
    assert len(rungs) == 6 + 20 + 49 + 41 == 116
    assert rungs.bottom == R("25k") and rungs.top == R("5d")
    assert rungs.index(R("25k")) == 0
    assert rungs.index(R("19.5k")) == 6
    assert rungs.index(R("10k")) == 25
    assert rungs.index(R("9.8k")) == 26
    assert rungs.index(R("9.2k")) == 29
    assert rungs.index(R("0.2k")) == 74
    assert rungs.index(R("1d")) == 75
    assert rungs.index(R("5d")) == 115
    assert R("9.2") in rungs and R("13.3k") not in rungs and "9k" not in rungs
    assert str(rungs).startswith("25k 24k 23k 22k 21k 20k 19.5k 19k")
    assert "9.4k 9.2k 9k" in str(rungs) and "0.2k 1d 1.1d" in str(rungs)
    assert RungList.parse(str(rungs)) == rungs


def test_up_down_bounded():
    rungs = DEFAULT_RUNGS
    assert rungs.up(R("13.5k")) == R("13k")
    assert rungs.down(R("13.5k")) == R("14k")
    assert rungs.up(R("0.2k")) == R("1d")
    assert rungs.down(R("1d")) == R("0.2k")
    assert rungs.up(R("10k")) == R("9.8k")
    assert rungs.down(R("25k")) == R("25k")      # the floor
    assert rungs.up(R("5d")) == R("5d")          # the top
    with pytest.raises(ValueError):
        rungs.up(R("13.3k"))
    with pytest.raises(ValueError):
        rungs.index(R("6d"))


def test_custom_rung_list_and_errors():
    rungs = RungList.parse("20k, 15k 10k 5k 1d 3d")
    assert rungs.bottom == R("20k") and rungs.top == R("3d")
    assert rungs.up(R("5k")) == R("1d")
    with pytest.raises(ValueError, match="twice"):
        RungList.parse("10k 9.2 9.2k 9k")
    with pytest.raises(ValueError, match="weakest first"):
        RungList.parse("10k 12k 9k")
    with pytest.raises(ValueError, match="empty"):
        RungList.parse("")
    with pytest.raises(ValueError, match="not a rung"):
        RungList.parse("10k x 9k")
    with pytest.raises(ValueError):
        RungList((R("5k"), R("10k")))
    assert rung_list_problems(["10k", "12k", "12k", "bad", "9k"]) == [
        (1, "rung 12k (entry 2) comes after the stronger 10k; list the rungs weakest first"),
        (2, "rung 12k is listed twice (entries 2 and 3)"),
        (3, "'bad' is not a rung; expected a rung such as 25k, 13.5k, 9.2k (or 9.2), 0.2k, "
            "1d or 1.3d"),
    ]


def test_closest_and_parse_rung():
    assert DEFAULT_RUNGS.closest(R("13.3k")) == (R("13.5k"),)      # 0.2 vs 0.3 away
    assert DEFAULT_RUNGS.closest(R("9.7k")) == (R("9.8k"), R("9.6k"))
    assert DEFAULT_RUNGS.closest(R("7d")) == (R("5d"),)
    assert parse_rung("9.2") == R("9.2k")
    with pytest.raises(ValueError, match="closest rung is 13.5k"):
        parse_rung("13.3k")
    with pytest.raises(ValueError, match="did you mean '13.5k'"):
        parse_rung("13.5kk")


def test_format_decimal():
    assert format_decimal(Fraction(1, 8)) == "0.125"  # 125/1000: three places
    assert format_decimal(Fraction(-13, 4)) == "-3.25"
    assert format_decimal(Fraction(-27, 2)) == "-13.5"
    assert format_decimal(Fraction(3, 10)) == "0.3"
    assert format_decimal(Fraction(40)) == "40"
    assert format_decimal(Fraction(-1, 5)) == "-0.2"
    with pytest.raises(ValueError):
        format_decimal(Fraction(1, 3))


# --------------------------------------------------------------------------- handicap


def test_ladder_handicap_1_3d_vs_13_5k():
    """The text's worked example (ladder: handicap, ladder: club ladder).

    Fred 1.3d = 0.3, Bert 13.5k = -13.5; 0.3 - (-13.5) = 13.8 -> 13 levels: 9 stones and
    (13 - 9) * 10 = 40 komi for Black. Fred is stronger: White. When Bert wins he goes to 13k
    and Fred to 1.2d.
    """
    fred, bert = R("1.3d"), R("13.5k")
    assert fred.strength == Fraction(3, 10) and bert.strength == Fraction(-27, 2)
    h = handicap(fred, bert)
    assert h.levels == 13
    assert h.stones == 9
    assert h.komi == 40 and h.komi_to is B
    assert h.white == fred and h.black == bert and not h.nigiri
    assert h.first is W
    assert move_after_game(DEFAULT_RUNGS, fred, bert, winner=B) == (R("1.2d"), R("13k"))

    ladder = Ladder(
        members=(Member("fred", fred), Member("bert", bert)),
        events=(LadderGame(D(2024, 3, 5), white="fred", black="bert", winner=B),))
    assert ladder_rule_problems(ladder) == []
    result = replay(ladder)
    assert result.final == {"fred": R("1.2d"), "bert": R("13k")}
    (game,) = result.games
    assert game.handicap == h
    assert (game.white.before, game.white.after, game.white.steps) == (fred, R("1.2d"), -1)
    assert (game.black.before, game.black.after, game.black.steps) == (bert, R("13k"), 1)


@pytest.mark.parametrize("a, b, levels, stones, komi, komi_to, first", [
    # handicap 0: no stones, Black first, White receives 6 komi
    ("10k", "10k", 0, 0, 6, W, B),
    ("14k", "13.5k", 0, 0, 6, W, B),       # 0.5 -> 0
    ("0.2k", "1d", 0, 0, 6, W, B),         # -0.2 vs 0: 0.2 -> 0
    ("1d", "1.9d", 0, 0, 6, W, B),         # 0.9 -> 0
    # handicap 1: no stones, no komi, Black first
    ("10k", "9k", 1, 0, 0, None, B),
    ("10k", "8.2k", 1, 0, 0, None, B),     # 1.8 -> 1
    ("1.8k", "1d", 1, 0, 0, None, B),      # -1.8 vs 0: 1.8 -> 1
    # 2..9: that many stones, then White moves
    ("12k", "10k", 2, 2, 0, None, W),
    ("5k", "2d", 6, 6, 0, None, W),        # -5 vs 1
    ("9.4k", "1.2d", 9, 9, 0, None, W),    # -9.4 vs 0.2: 9.6 -> 9
    ("20k", "11k", 9, 9, 0, None, W),
    # 10..14: nine stones plus 10 komi to Black per level above 9
    ("20k", "10k", 10, 9, 10, B, W),
    ("19.5k", "9.2k", 10, 9, 10, B, W),    # 10.3 -> 10
    ("15k", "1.2d", 14, 9, 50, B, W),      # -15 vs 0.2: 15.2 -> 15, capped at 14
    ("20k", "2d", 14, 9, 50, B, W),        # -20 vs 1: 21 -> 14
    ("24k", "12k", 12, 9, 30, B, W),
    ("25k", "11k", 14, 9, 50, B, W),       # exactly 14, not capped
    ("25k", "5d", 14, 9, 50, B, W),        # -25 vs 4: 29 -> 14
])
def test_handicap_bands(a, b, levels, stones, komi, komi_to, first):
    """ladder: handicap: levels, stones, komi and first move of each band, and the cap at 14."""
    h = handicap(R(a), R(b))
    assert (h.levels, h.stones, h.komi, h.komi_to, h.first) == (
        levels, stones, Fraction(komi), komi_to, first)
    assert handicap(R(b), R(a)) == h
    assert h.white == max(R(a), R(b)) and h.black == min(R(a), R(b))
    assert handicap_levels(R(a), R(b)) == levels


def test_handicap_equal_rungs_nigiri():
    h = handicap(R("3k"), R("3k"))
    assert h.nigiri and h.white == h.black == R("3k")
    assert not handicap(R("3k"), R("2.8k")).nigiri


def test_handicap_stronger_takes_white_even_at_zero():
    """ladder: handicap: "The stronger player is white", also when the difference is < 1."""
    h = handicap(R("13.5k"), R("14k"))
    assert h.white == R("13.5k") and h.black == R("14k") and h.komi_to is W


def test_handicap_rules_parameters():
    rules = HandicapRules(cap=9)
    assert handicap(R("25k"), R("5d"), rules).levels == 9
    assert handicap(R("25k"), R("5d"), rules).komi == 0
    rules = HandicapRules(even_komi=7, stone_komi=7)
    assert handicap(R("1d"), R("1d"), rules).komi == 7
    assert handicap(R("20k"), R("9k"), rules).komi == 14      # 11 levels: (11 - 9) * 7
    with pytest.raises(ValueError):
        HandicapRules(max_stones=1)


# --------------------------------------------------------------------------- one game


def test_game_floor_at_25k():
    """ladder: club ladder: "no player can be demoted beyond 25k"; the winner still moves."""
    assert move_after_game(DEFAULT_RUNGS, R("24k"), R("25k"), W) == (R("23k"), R("25k"))
    assert move_after_game(DEFAULT_RUNGS, R("25k"), R("25k"), B) == (R("25k"), R("24k"))


def test_game_top_rung():
    """Nobody goes above the top rung (5d); the loser still moves down."""
    assert move_after_game(DEFAULT_RUNGS, R("5d"), R("4.9d"), W) == (R("5d"), R("4.8d"))


def test_game_draw_changes_nothing():
    """ladder: club ladder: "A draw leaves the rungs unaltered"."""
    assert move_after_game(DEFAULT_RUNGS, R("3k"), R("5k"), None) == (R("3k"), R("5k"))


def test_game_anchor_stays_opponent_moves():
    """ladder: club ladder: anchors do not move; their opponent still does."""
    # anchor 3d (White) loses to 1d: 3d stays, 1d -> 1.1d
    assert move_after_game(DEFAULT_RUNGS, R("3d"), R("1d"), B, white_anchor=True) == (
        R("3d"), R("1.1d"))
    # anchor 3d wins against 2.5d: 3d stays, 2.5d -> 2.4d
    assert move_after_game(DEFAULT_RUNGS, R("3d"), R("2.5d"), W, white_anchor=True) == (
        R("3d"), R("2.4d"))
    # anchor as Black
    assert move_after_game(DEFAULT_RUNGS, R("2d"), R("1.5d"), W, black_anchor=True) == (
        R("2.1d"), R("1.5d"))


def test_game_rung_not_in_list():
    with pytest.raises(ValueError):
        move_after_game(DEFAULT_RUNGS, R("13.3k"), R("14k"), W)


# --------------------------------------------------------------------------- replay


def _club() -> Ladder:
    return Ladder(
        members=(
            Member("ann", R("2d"), anchor=True, pos=pos(2)),
            Member("bob", R("1.1d"), pos=pos(3)),
            Member("cat", R("10k"), pos=pos(4)),
            Member("dan", R("25k"), pos=pos(5)),
            Member("eve", R("24k"), pos=pos(6)),
        ),
        events=(
            # bob 1.1d beats anchor ann 2d: bob -> 1.2d, ann stays 2d
            LadderGame(D(2024, 1, 10), "ann", "bob", B, pos=pos(10)),
            # eve 24k beats dan 25k: eve -> 23k, dan stays 25k (floor)
            LadderGame(D(2024, 1, 10), "eve", "dan", W, pos=pos(11)),
            # draw: nothing changes
            LadderGame(D(2024, 2, 1), "bob", "cat", None, pos=pos(12)),
            # cat re-graded to 5k after a tournament
            Regrading(D(2024, 3, 1), "cat", R("5k"), pos=pos(13)),
            # cat 5k beats eve 23k: cat -> 4.8k, eve -> 24k
            LadderGame(D(2024, 3, 15), "cat", "eve", W, pos=pos(14)),
            # bob 1.2d loses to cat 4.8k: bob -> 1.1d, cat -> 4.6k
            LadderGame(D(2024, 4, 2), "bob", "cat", B, pos=pos(15)),
        ),
    )


def test_replay_club():
    """ladder: club ladder: anchors, the floor, a draw and a re-grading, worked by hand."""
    ladder = _club()
    assert ladder_rule_problems(ladder) == []
    result = replay(ladder)
    assert result.final == {"ann": R("2d"), "bob": R("1.1d"), "cat": R("4.6k"),
                            "dan": R("25k"), "eve": R("24k")}
    assert result.rungs_on(D(2023, 12, 31)) == {m.id: m.rung for m in ladder.members}
    assert result.rungs_on(D(2024, 1, 10)) == {"ann": R("2d"), "bob": R("1.2d"), "cat": R("10k"),
                                               "dan": R("25k"), "eve": R("23k")}
    assert result.rungs_on(D(2024, 2, 29))["cat"] == R("10k")
    assert result.rungs_on(D(2024, 3, 1))["cat"] == R("5k")
    assert result.rungs_on(D(2024, 3, 20)) == {"ann": R("2d"), "bob": R("1.2d"), "cat": R("4.8k"),
                                               "dan": R("25k"), "eve": R("24k")}
    changes = [((g.white.member, g.white.before, g.white.after),
                (g.black.member, g.black.before, g.black.after)) for g in result.games]
    assert changes == [
        (("ann", R("2d"), R("2d")), ("bob", R("1.1d"), R("1.2d"))),
        (("eve", R("24k"), R("23k")), ("dan", R("25k"), R("25k"))),
        (("bob", R("1.2d"), R("1.2d")), ("cat", R("10k"), R("10k"))),
        (("cat", R("5k"), R("4.8k")), ("eve", R("23k"), R("24k"))),
        (("bob", R("1.2d"), R("1.1d")), ("cat", R("4.8k"), R("4.6k"))),
    ]
    # handicap by the rungs before each game: ann 2d (1) vs bob 1.1d (0.1): 0.9 -> 0
    assert result.games[0].handicap.levels == 0
    # cat 5k (-5) vs eve 23k (-23): 18 -> 14, 9 stones + 50 komi
    assert (result.games[3].handicap.levels, result.games[3].handicap.komi) == (14, 50)
    assert [(e.date, e.rung) for e in result.history["cat"]] == [
        (None, R("10k")), (D(2024, 2, 1), R("10k")), (D(2024, 3, 1), R("5k")),
        (D(2024, 3, 15), R("4.8k")), (D(2024, 4, 2), R("4.6k"))]
    assert result.last_game("cat") == D(2024, 4, 2)
    assert result.last_game("ann") == D(2024, 1, 10)
    assert group_by_rung(result.final) == (
        (R("2d"), ("ann",)), (R("1.1d"), ("bob",)), (R("4.6k"), ("cat",)),
        (R("24k"), ("eve",)), (R("25k"), ("dan",)))


def test_regrading_of_anchor_sets_rung():
    ladder = Ladder(members=(Member("ann", R("2d"), anchor=True), Member("bob", R("1d"))),
                    events=(Regrading(D(2024, 5, 1), "ann", R("3d")),
                            LadderGame(D(2024, 5, 2), "ann", "bob", W)))
    assert replay(ladder).final == {"ann": R("3d"), "bob": R("0.2k")}


def test_group_by_rung_shares_rungs():
    """A rung is a grade, not a position: many members can stand on it."""
    table = group_by_rung({"b": R("3k"), "a": R("3k"), "c": R("1d")})
    assert table == ((R("1d"), ("c",)), (R("3k"), ("a", "b")))


def test_replay_raises_on_invalid_log():
    with pytest.raises(ValueError, match="not on the ladder"):
        replay(Ladder(members=(Member("ann", R("2d")),),
                      events=(LadderGame(D(2024, 1, 1), "ann", "zed", W),)))
    with pytest.raises(ValueError):
        replay(Ladder(members=(Member("ann", R("13.3k")),)))


# --------------------------------------------------------------------------- validation


def test_validate_reports_every_problem_with_its_position():
    ladder = Ladder(
        members=(
            Member("ann", R("2d"), pos=pos(2)),
            Member("bob", R("13.3k"), pos=pos(3)),         # not a rung of the list
            Member("cat", R("10k"), pos=pos(4)),
            Member("ann", R("1d"), pos=pos(5)),            # listed twice
        ),
        events=(
            LadderGame(D(2024, 2, 1), "ann", "cat", W, pos=pos(10)),
            LadderGame(D(2024, 1, 15), "cat", "ann", B, pos=pos(11)),  # date, and colours
            LadderGame(D(2024, 2, 2), "anne", "cat", W, pos=pos(12)),  # unknown member
            Regrading(D(2024, 2, 3), "cat", R("9.7k"), pos=pos(13)),   # rung not in list
            LadderGame(D(2024, 2, 4), "cat", "cat", W, pos=pos(14)),   # plays themself
        ),
    )
    found = [(d.pos.line, d.code, d.message, d.hint) for d in ladder_rule_problems(ladder)]
    assert sorted(found) == sorted([
        (3, "ladder.rung", "the starting rung of 'bob', 13.3k, is not on the rung list (25k to 5d)",
         "the closest rung is 13.5k"),
        (5, "ladder.member", "member 'ann' is listed twice", None),
        (11, "ladder.date", "date 2024-01-15 comes after 2024-02-01 in the log; "
                            "list events in date order", None),
        # replayed by date, 15 Jan comes first: cat 10k took White against ann 2d
        (11, "ladder.colour", "'cat' (on rung 10k on 2024-01-15) took White against the "
                              "stronger 'ann' (rung 2d); the stronger player takes White "
                              "(ladder: handicap)",
         "if the game was played so, leave it; else swap white and black"),
        (12, "ladder.member", "'anne' is not a member of the ladder", "did you mean 'ann'?"),
        (13, "ladder.rung", "the re-grading rung, 9.7k, is not on the rung list (25k to 5d)",
         "the closest rungs are 9.8k and 9.6k"),
        (14, "ladder.member", "'cat' plays against themself", None),
    ])
    assert all(d.pos.path == "content/ladder.yaml" for d in ladder_rule_problems(ladder))


def test_validate_colours_use_rungs_at_the_time():
    """ladder: handicap: the stronger *at the time of the game* takes White."""
    ladder = Ladder(
        members=(Member("ann", R("10k")), Member("bob", R("9.8k"))),
        events=(
            LadderGame(D(2024, 1, 1), "bob", "ann", B, pos=pos(10)),  # ann -> 9.8k, bob -> 10k
            LadderGame(D(2024, 1, 2), "bob", "ann", W, pos=pos(11)),  # bob 10k White vs 9.8k
            # bob won: bob -> 9.8k, ann -> 10k; now bob is the stronger and takes White
            LadderGame(D(2024, 1, 3), "bob", "ann", W, pos=pos(12)),
        ))
    problems = ladder_rule_problems(ladder)
    assert [(d.pos.line, d.code) for d in problems] == [(11, "ladder.colour")]


def test_validate_equal_rungs_either_colour():
    ladder = Ladder(members=(Member("ann", R("3k")), Member("bob", R("3k"))),
                    events=(LadderGame(D(2024, 1, 1), "ann", "bob", W),
                            LadderGame(D(2024, 1, 2), "ann", "bob", None)))
    # after the first game ann is 2.8k and bob 3.2k, so ann correctly takes White again
    assert ladder_rule_problems(ladder) == []
    ladder = Ladder(members=(Member("ann", R("3k")), Member("bob", R("3k"))),
                    events=(LadderGame(D(2024, 1, 1), "bob", "ann", W),))
    assert ladder_rule_problems(ladder) == []


# --------------------------------------------------------------------------- the command


def test_handicap_command_worked_example():
    out = io.StringIO()
    assert handicap_command("1.3d", "13.5k", out) == 0
    assert out.getvalue() == (
        "1.3d against 13.5k (ladder: handicap)\n"
        "strengths: 1.3d = 0.3, 13.5k = -13.5; difference 13.8\n"
        "handicap: 13 levels\n"
        "White: 1.3d (the stronger player)\n"
        "Black: 13.5k\n"
        "stones: 9\n"
        "komi: 40 to Black\n"
        "first move: White (after Black's 9 handicap stones)\n")


def test_handicap_command_even_and_capped():
    out = io.StringIO()
    assert handicap_command("10k", "10k", out) == 0
    text = out.getvalue()
    assert "handicap: 0 levels\n" in text and "nigiri" in text
    assert "komi: 6 to White\n" in text and "first move: Black\n" in text
    out = io.StringIO()
    assert handicap_command("25k", "5d", out) == 0
    assert "handicap: 14 levels (capped)\n" in out.getvalue()
    assert "komi: 50 to Black\n" in out.getvalue()
    out = io.StringIO()
    assert handicap_command("9k", "10k", out) == 0
    assert "komi: none\n" in out.getvalue() and "first move: Black\n" in out.getvalue()


def test_handicap_command_bad_rungs_exit_2():
    out = io.StringIO()
    assert handicap_command("13.3k", "1.3d", out) == 2
    assert "the closest rung is 13.5k" in out.getvalue()
    out = io.StringIO()
    assert handicap_command("1.3d", "strong", out) == 2
    assert "expected a rung such as 25k, 13.5k, 9.2k (or 9.2), 0.2k, 1d or 1.3d" in out.getvalue()
    out = io.StringIO()
    assert handicap_command("9.2", "1.3d", out) == 0    # a bare number is a kyu rung
    assert "9.2k against 1.3d" in out.getvalue()


def test_rungs_are_values_equal_by_strength():
    """ladder: handicap: a rung is its strength. Two spellings of 13.5k are one rung: equal,
    one key of a dict or set, printed 13.5k however often and in whichever order they are
    printed; a rung made from the strength -27/2 is that rung too; 13.4k is another."""
    a, b = R("13.5k"), R("13.5 kyu")
    assert str(a) == str(a) == "13.5k"
    assert a == b == Rung(Fraction(-27, 2)) and a != R("13.4k")
    assert {a: "x"}[b] == "x" and len({a, b, Rung(Fraction(-27, 2))}) == 1
    assert str(b) == "13.5k"


def test_replay_final_is_a_fresh_dict_each_time():
    """ladder: club ladder: a caller changing the ``final`` dict it got does not change the
    replay's rungs."""
    ladder = Ladder((Member("ann", R("2k")), Member("bob", R("3k"))),
                    (LadderGame(D(2024, 1, 1), "ann", "bob", W),))
    result = replay(ladder)
    first = result.final
    assert first == {"ann": R("1.8k"), "bob": R("3.2k")}
    first["ann"] = R("25k")
    assert result.final == {"ann": R("1.8k"), "bob": R("3.2k")}
    assert result.last_game("bob") == D(2024, 1, 1)
    with pytest.raises(KeyError):
        result.last_game("cat")


def test_a_re_grading_is_the_event_of_its_history_entry():
    """ladder: club ladder: each entry of a member's history after the starting rung names the
    event that set it, the re-grading as much as a game (the member's page lists it as
    "re-graded" from that event). cat: start 10k, the draw with bob, re-graded to 5k on
    2024-03-01, then two games."""
    ladder = _club()
    entries = replay(ladder).history["cat"]
    assert [entry.event for entry in entries] == [
        None, ladder.events[2], ladder.events[3], ladder.events[4], ladder.events[5]]
    assert isinstance(entries[2].event, Regrading) and entries[2].rung == R("5k")


def test_a_continued_replay_after_new_handicap_rules_takes_the_new_handicaps():
    """ladder: handicap: the same log with "a handicap above 14 is set to 14" changed to 12
    gives other handicaps, so continuing the earlier replay must not keep its games. Game 4,
    cat 5k (-5) vs eve 23k (-23): 18 levels, capped at 12: 9 stones and (12 - 9) x 10 = 30
    komi to Black (it was 14 levels, 50 komi). The rungs do not change."""
    before = _club()
    after = Ladder(before.members, before.events, before.rungs, HandicapRules(cap=12))
    continued = replay_continued(replay(before), after)
    game = continued.games[3].handicap
    assert (game.levels, game.stones, game.komi, game.komi_to) == (12, 9, 30, B)
    assert continued == replay(after)
    assert continued.final == replay(before).final


def test_replay_names_the_event_it_refuses():
    """ladder: club ladder: the engine refuses a log it cannot replay and says which event and
    why (the validator reports these first with file and line; a direct caller of ``replay``
    gets the same facts): a re-grading of someone not on the ladder, a member playing
    themself."""
    members = (Member("ann", R("2d")), Member("bob", R("1d")))
    with pytest.raises(ValueError, match=r"content/ladder.yaml:7:3: re-grading of 'zed', "
                                         r"not on the ladder"):
        replay(Ladder(members, (Regrading(D(2024, 1, 1), "zed", R("3k"), pos=pos(7)),)))
    with pytest.raises(ValueError, match=r"content/ladder.yaml:8:3: 'ann' cannot play themself"):
        replay(Ladder(members, (LadderGame(D(2024, 1, 1), "ann", "ann", W, pos=pos(8)),)))


def test_last_game_of_a_member_without_a_game_is_none():
    """ladder: club ladder: the rung list's "last game" column is empty for a member who has
    not played: fay joined at 10k and played nothing; gil was only re-graded (a re-grading is
    not a game). Someone not on the ladder is a KeyError naming them."""
    ladder = Ladder((Member("fay", R("10k")), Member("gil", R("5k")), Member("hal", R("6k"))),
                    (Regrading(D(2024, 2, 1), "gil", R("4k")),))
    result = replay(ladder)
    assert (result.last_game("fay"), result.last_game("gil"), result.last_game("hal")) == (
        None, None, None)
    with pytest.raises(KeyError) as raised:
        result.last_game("zed")
    assert raised.value.args == ("zed",)


def test_a_continued_replay_after_a_new_member_replays_the_whole_log():
    """ladder: club ladder: a member added to the ladder (the same rungs, rules and log) makes
    the earlier replay unusable, since it holds no rung for them: the whole log is replayed.
    fay joins at 10k and has played nothing: she stands on 10k with no last game; the others'
    rungs are those of the club's replay (test_replay_club)."""
    before = _club()
    after = Ladder(before.members + (Member("fay", R("10k"), pos=pos(7)),), before.events)
    continued = replay_continued(replay(before), after)
    assert continued.final == {"ann": R("2d"), "bob": R("1.1d"), "cat": R("4.6k"),
                               "dan": R("25k"), "eve": R("24k"), "fay": R("10k")}
    assert continued.last_game("fay") is None
    assert continued == replay(after)


def test_last_game_is_the_latest_game_even_when_a_re_grading_or_an_earlier_entry_follows():
    """ladder: club ladder: the "last game" column is the date of a member's latest game. ann
    plays bob on 5 January and cat on 20 January, then is re-graded on 1 February: her last
    game is 20 January (the re-grading is no game). The log lists cat's game after a game of
    10 January between bob and cat, and the replay takes events by date: bob's last game is
    10 January, cat's 20 January."""
    members = (Member("ann", R("5k")), Member("bob", R("6k")), Member("cat", R("7k")))
    ladder = Ladder(members, (
        LadderGame(D(2024, 1, 5), "ann", "bob", W),
        LadderGame(D(2024, 1, 20), "ann", "cat", B),
        LadderGame(D(2024, 1, 10), "bob", "cat", W),
        Regrading(D(2024, 2, 1), "ann", R("3k")),
    ))
    result = replay(ladder)
    assert (result.last_game("ann"), result.last_game("bob"), result.last_game("cat")) == (
        D(2024, 1, 20), D(2024, 1, 10), D(2024, 1, 20))
    # the default list steps 0.2 in these kyu rungs: ann 5k -> 4.8k (beat bob) -> 5k (lost to
    # cat) -> 3k (re-graded); bob 6k -> 6.2k (lost to ann) -> 6k (beat cat);
    # cat 7k -> 7.2k (lost to bob, 10 Jan) -> 7k (beat ann, 20 Jan)
    assert result.final == {"ann": R("3k"), "bob": R("6k"), "cat": R("7k")}
    assert result.rungs_on(D(2024, 1, 15)) == {"ann": R("4.8k"), "bob": R("6k"), "cat": R("7.2k")}


def test_each_ladder_page_is_dated_by_its_latest_event():
    """The "last updated" dates of a ladder's pages (sitegen.pages.ladder.ladder_dates, read by
    sitegen.pages.extras.updated_dates): the rung list, games and handicap pages by the log's
    latest event (3 February, a re-grading: any event counts), each month's games page by that
    month's latest event (January: 5 and 20 January, so the 20th), one date per page."""
    members = (Member("ann", R("5k")), Member("bob", R("6k")))
    club = ClubLadder("club", "Club", Ladder(members, (
        LadderGame(D(2024, 1, 5), "ann", "bob", W),
        LadderGame(D(2024, 1, 20), "bob", "ann", B),
        Regrading(D(2024, 2, 3), "bob", R("4k")),
    )))
    dated = list(ladder_dates((club,)))
    assert dated == [("ladders/club/", D(2024, 2, 3)), ("ladders/club/games/", D(2024, 2, 3)),
                     ("ladders/club/handicap/", D(2024, 2, 3)),
                     ("ladders/club/games/2024-01/", D(2024, 1, 20)),
                     ("ladders/club/games/2024-02/", D(2024, 2, 3))]


# --------------------------------------------------------------------------- a rung's size


def test_rung_steps_of_the_rules_list_ladder_club_ladder():
    """ladder: club ladder, "The rungs are not evenly spaced", and ladder: handicap, "x kyu = -x,
    y dan = y - 1": 25k (-25) to 20k (-20) by 1; 20k to 10k (-10) by 0.5 (19.5k, 19k...); 10k
    to 1d (0) by 0.2 (9.8k... 0.2k, then 1d); 1d to 5d (4) by 0.1 (1.1d...)."""
    steps = rung_steps(DEFAULT_RUNGS)
    assert [(str(s.weakest), str(s.strongest), s.size) for s in steps] == [
        ("25k", "20k", Fraction(1)), ("20k", "10k", Fraction(1, 2)), ("10k", "1d", Fraction(1, 5)),
        ("1d", "5d", Fraction(1, 10))]


def test_rung_steps_of_a_ladders_own_list():
    """A list 10k 8k 6k 5k 4.5k: 10k to 6k by 2, 6k to 5k by 1, 5k to 4.5k by ½; one rung: no
    step; two rungs: one stretch."""
    steps = rung_steps(RungList.parse("10k 8k 6k 5k 4.5k"))
    assert [(str(s.weakest), str(s.strongest), s.size) for s in steps] == [
        ("10k", "6k", Fraction(2)), ("6k", "5k", Fraction(1)), ("5k", "4.5k", Fraction(1, 2))]
    assert rung_steps(RungList.parse("3k")) == ()
    assert [(str(s.weakest), str(s.strongest), s.size) for s in rung_steps(RungList.parse("3k 1d"))] == [
        ("3k", "1d", Fraction(3))]
