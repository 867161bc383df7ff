"""Numbers in content (issue 15, item 4): the text's shape and length are checked before it is
converted, so ``komi: 1e10000000`` is refused with a positioned error instead of stalling the
build, and every number is held to its documented range (docs/content-format.md, "Numbers").

The builds of hostile numbers run in a child process with a time limit: on code that converts
first, ``Fraction("1e100000000")`` never returns and cannot be interrupted, and the test must
fail rather than hang the test run. The assertions are on the messages, not on the time.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from sitegen.model.common import Result
from sitegen.model.ladder import Rung

LONG = "9" * 5000


@pytest.mark.parametrize("text, value", [
    ("6.5", Fraction(13, 2)), ("0.5", Fraction(1, 2)), ("-3", Fraction(-3)), ("+2", Fraction(2)),
    (".5", Fraction(1, 2)), ("0.25", Fraction(1, 4)), ("-0", Fraction(0)), (" 7 ", Fraction(7)),
    ("123456789.123456", Fraction(123456789123456, 10 ** 6)),
])
def test_plain_decimals_are_read_exactly(text, value):
    from sitegen.numbers import parse_decimal

    assert parse_decimal(text, -10 ** 9, 10 ** 9) == value


@pytest.mark.parametrize("text", [
    "1e10000000", "1e100000000", "1E5", "inf", "-inf", "nan", "1_000", "6.", "١٢", "²", "0x10",
    "1/2", "½", "6,5", "--1", "", " ", "1234567890", "0.1234567", LONG, "0." + LONG,
])
def test_other_forms_and_overlong_numbers_are_refused(text):
    from sitegen.numbers import parse_decimal

    with pytest.raises(ValueError):
        parse_decimal(text, -10 ** 9, 10 ** 9)


def test_points_may_be_written_as_a_ratio():
    from sitegen.numbers import parse_decimal

    assert parse_decimal("1/2", 0, 1, ratio=True) == Fraction(1, 2)
    assert parse_decimal("½", 0, 1, ratio=True) == Fraction(1, 2)
    for text in ("1/0", "1234/2", "1/2/3", "-1/2"):
        with pytest.raises(ValueError):
            parse_decimal(text, 0, 1, ratio=True)


def test_messages_name_the_problem():
    from sitegen.numbers import parse_komi, parse_whole

    with pytest.raises(ValueError, match=r"^'1e10000000' is not a komi$"):
        parse_komi("1e10000000")
    with pytest.raises(ValueError, match=r"^150 is out of range -100..100$"):
        parse_komi("150")
    with pytest.raises(ValueError, match=r"^'6.3' is not a komi in steps of 0.5$"):
        parse_komi("6.3")
    with pytest.raises(ValueError, match=r"^'99999999999999999999...' has too many digits for a "
                                         r"komi \(at most 9 before the point and 6 after it\)$"):
        parse_komi(LONG)
    with pytest.raises(ValueError, match=r"^'99999999999999999999...' is not a whole number of at "
                                         r"most 9 digits$"):
        parse_whole(LONG)


def test_komi_is_whole_or_half_points_within_100():
    from sitegen.numbers import parse_komi

    assert [parse_komi(t) for t in ("6.5", "-100", "100", "0", "7.50")] == [
        Fraction(13, 2), -100, 100, 0, Fraction(15, 2)]


def test_result_margins_and_rungs_read_only_plain_decimals():
    """A margin is 0.5 to 1000 in halves; a rung's number has at most 6 decimals."""
    assert str(Result.parse("W+3.5")) == "W+3.5" and str(Result.parse("B+.5")) == "B+0.5"
    for text in ("W+" + LONG, "W+0." + LONG, "W+1001", "W+3.25", "W+1e5", "B+١"):
        with pytest.raises(ValueError):
            Result.parse(text)
    assert str(Rung.parse("13.5k")) == "13.5k" and str(Rung.kyu("0.2")) == "0.2k"
    for text in (LONG + "k", "0." + LONG + "k", "1e9k", "١٣k"):
        with pytest.raises(ValueError, match="is not a rung"):
            Rung.parse(text)
    with pytest.raises(ValueError):
        Rung.kyu("1e100000000")


def _sitegen(folder: Path, *argv: str) -> subprocess.CompletedProcess:
    """Run sitegen in a child process in ``folder``; fail (not hang) if it stalls."""
    try:
        return subprocess.run([sys.executable, "-m", "sitegen", *argv], cwd=folder,
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"sitegen {' '.join(argv)} stalled on a huge number")


HOSTILE = {
    "content/site.yaml": "title: T\n",
    "content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n"
                            "  - {id: cy, name: Cy}\n",
    "content/leagues/l1/league.yaml": "name: L1\nsettings:\n  finalist_advantage: 1e100000000\n",
    "content/leagues/l2/league.yaml": "name: L2\nsettings:\n  finalist_advantage: 1e5000\n",
    "content/leagues/l2/seasons/s1.yaml": (
        "name: S1\n"
        "divisions:\n"
        "  - name: A\n"
        "    groups:\n"
        "      - name: A1\n"
        "        players: [ann, bob, cy]\n"
        "        games:\n"
        "          - {black: ann, white: bob, result: B+R, komi: 1e10000000}\n"
        f"          - {{black: bob, white: cy, result: W+{LONG}}}\n"
        "playoffs:\n"
        "  ann: \u00b2\n"),
    "content/tournaments/cup.yaml": (
        "name: Cup\n"
        "system: mcmahon\n"
        "number_of_rounds: 1\n"
        "komi: 1e10000000\n"
        "parameters:\n"
        "  bye: {nbw: 1e100000000, mms: 1}\n"
        "players:\n"
        "  - {id: ann, rank: 1k}\n"),
    "content/swiss/sw/league.yaml": "name: SW\nsettings:\n  bye_value: -1e100000000\n",
    "content/ladders/club.yaml": (
        "name: Club\n"
        f"rungs: 20k {LONG}k 10k\n"
        "members:\n"
        "  - {player: ann, rung: 20k}\n"),
}


def test_huge_exponents_and_overlong_numbers_are_refused_with_their_positions(site):
    """komi (league game, tournament), a league setting's gamepoints, bye values, a margin, a
    playoff place and a rung list: every one refused at its value, in one run."""
    done = _sitegen(site(HOSTILE), "check")
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == [
        "content/ladders/club.yaml:2:8: error: rungs: '99999999999999999999...' is not a rung; "
        "expected a rung such as 25k, 13.5k, 9.2k (or 9.2), 0.2k, 1d or 1.3d [ladder.rungs]",
        "content/leagues/l1/league.yaml:3:23: error: finalist_advantage: '1e100000000' is not a "
        "number of gamepoints; expected gamepoints such as 1 or 0.5 [schema.value]",
        "content/leagues/l2/league.yaml:3:23: error: finalist_advantage: '1e5000' is not a "
        "number of gamepoints; expected gamepoints such as 1 or 0.5 [schema.value]",
        "content/leagues/l2/seasons/s1.yaml:8:57: error: komi: '1e10000000' is not a komi; "
        "expected a komi such as 6.5, 0.5 or -3 [schema.value]",
        "content/leagues/l2/seasons/s1.yaml:9:45: error: result: 'W+999999999999999999...': "
        "'99999999999999999999...' has too many digits for a margin (at most 9 before the point "
        "and 6 after it); expected e.g. B+R, W+3.5, B+T, B+F (forfeit), 0 (jigo), Void, ? "
        "(unknown) [result.syntax]",
        "content/leagues/l2/seasons/s1.yaml:11:8: error: playoff place of 'ann' must be a whole "
        "number from 1 to 1000, found '\u00b2' [playoffs.place]",
        "content/swiss/sw/league.yaml:3:14: error: bye_value: '-1e100000000' is not a bye value; "
        "expected a number of points such as 1 or 0.5 [schema.value]",
        "content/tournaments/cup.yaml:4:7: error: komi: '1e10000000' is not a komi; expected a "
        "komi such as 7.5, 6.5 or 0 [schema.value]",
        "content/tournaments/cup.yaml:6:14: error: nbw: '1e100000000' is not 0, 1/2 or 1; "
        "expected 0, 1/2 or 1 [schema.value]",
        "9 errors"]


def test_an_imported_komi_with_a_huge_exponent_is_refused(site, tmp_path):
    """OpenGotha's komi attribute goes through the same parser as the content's komi."""
    source = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"
    bad = tmp_path / "huge.xml"
    bad.write_bytes(source.read_bytes().replace(b'komi="7.5"', b'komi="1e100000000"'))
    root = site({})
    done = _sitegen(root, "import", "opengotha", str(bad), "--id", "huge")
    assert done.returncode == 1
    assert done.stderr.splitlines()[0].endswith(
        ":437:1: error: <GeneralParameterSet>: komi='1e100000000' is not a number of points "
        "[opengotha.content]")
    assert not (root / "content/tournaments/huge.yaml").exists()
