"""Swiss league: scoring, standings and the league table, worked by hand from
../shared/rules/002_26d12e6ad94aa01f.txt ("swiss: tournaments", "swiss: the league")."""

from fractions import Fraction as F

import pytest

from sitegen.engine.swiss import (is_present, league_score, league_scores, league_table, present_players, scores, standings)
from sitegen.model.swiss import (DecidingMatch, Entry, Match, MatchResult, Round, SwissLeague, SwissSettings, SwissTournament)

R = MatchResult.parse


def tournament(tid, players, rounds, settings=SwissSettings(), entries=None):
    return SwissTournament(tid, tid, entries or tuple(Entry(p) for p in players), tuple(rounds),
                      settings)


# --------------------------------------------------------------------- swiss: tournaments


@pytest.mark.parametrize("text, points", [
    ("2-0", (1, 0)), ("2-1", (1, 0)), ("1-0", (1, 0)),   # 1-0 counts as a win
    ("1-1", (F(1, 2), F(1, 2))),
    ("0-1", (0, 1)), ("1-2", (0, 1)), ("0-2", (0, 1)),
    ("+-", (1, 0)), ("-+", (0, 1)), ("--", (0, 0)),      # forfeit: the present player wins
])
def test_swiss_tournaments_match_points(text, points):
    """swiss: tournaments: 1 for a win (1-0 too), 1/2 each for 1-1, forfeit to the present."""
    assert R(text).points() == points


@pytest.mark.parametrize("text", ["2-0", "2-1", "1-0", "1-1", "0-1", "1-2", "0-2", "+-", "-+", "--"])
def test_swiss_tournaments_result_round_trip(text):
    assert str(R(text)) == text
    assert R(str(R(text))) == R(text)


def test_swiss_tournaments_result_tolerates_spaces_and_colon():
    assert R(" 2 : 1 ") == R("2-1")


@pytest.mark.parametrize("text, words", [
    ("3-0", "cannot happen in a best-of-three"),
    ("2-2", "cannot happen in a best-of-three"),
    ("0-0", "no game was finished"),
    ("W+R", "not a match result"),
    ("", "not a match result"),
])
def test_swiss_tournaments_result_errors(text, words):
    with pytest.raises(ValueError, match=words):
        R(text)


def test_swiss_tournaments_scores_with_bye_value_setting():
    """Bye value is a setting: default 1, here also 1/2. A beats B 2-1, C has the bye; then
    A-C 1-1, B has the bye. A = 1 + 1/2, C = bye + 1/2, B = 0 + bye."""
    rounds = [Round(1, (Match("A", "B", R("2-1")),), bye="C"),
              Round(2, (Match("A", "C", R("1-1")),), bye="B")]
    t = tournament("t", "ABC", rounds)
    assert scores(t) == {"A": F(3, 2), "B": F(1), "C": F(3, 2)}
    assert scores(t, through_round=1) == {"A": F(1), "B": F(0), "C": F(1)}
    half = tournament("t", "ABC", rounds, SwissSettings(bye_value=F(1, 2)))
    assert scores(half) == {"A": F(3, 2), "B": F(1, 2), "C": F(1)}


def test_swiss_tournaments_late_entry_and_exit():
    """swiss: tournaments: a player can enter after round 1 and/or exit before round 5."""
    t = tournament("t", "", [], entries=(Entry("A"), Entry("B", first_round=2),
                                         Entry("C", last_round=3)))
    assert present_players(t, 1) == ["A", "C"]
    assert present_players(t, 2) == ["A", "B", "C"]
    assert present_players(t, 4) == ["A", "B"]
    assert not is_present(t, "B", 1) and is_present(t, "C", 3) and not is_present(t, "C", 4)


def test_swiss_tournaments_no_show_is_forfeit_and_drop():
    """A no-show in round 2 loses by forfeit (D wins 1 point) and is dropped: not present
    in round 3; a player forfeited who came before the end of the round stays."""
    rounds = [Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("1-1")))),
              Round(2, (Match("A", "C", R("+-")), Match("B", "D", R("-+"))), dropped=("C",))]
    t = tournament("t", "ABCD", rounds)
    assert scores(t) == {"A": F(2), "B": F(0), "C": F(1, 2), "D": F(3, 2)}
    assert present_players(t, 3) == ["A", "B", "D"]
    assert present_players(t, 2) == ["A", "B", "C", "D"]


def test_swiss_tournaments_standings_score_then_league_score():
    """A 2, F 2 (equal league score 0: shared 1st), C 1 and B 1 tied on score: league
    score 4 (C) beats 3 (B); D 0 and E 0 share 5th."""
    rounds = [Round(1, (Match("A", "B", R("2-0")), Match("C", "D", R("2-1")),
                        Match("E", "F", R("0-2")))),
              Round(2, (Match("A", "C", R("1-0")), Match("B", "D", R("2-0")),
                        Match("F", "E", R("2-0"))))]
    t = tournament("t", "ABCDEF", rounds)
    rows = standings(t, league_scores={"B": F(3), "C": F(4)})
    assert [(r.place, r.player, r.score, r.shared) for r in rows] == [
        (1, "A", F(2), True), (1, "F", F(2), True), (3, "C", F(1), False),
        (4, "B", F(1), False), (5, "D", F(0), True), (5, "E", F(0), True)]


# --------------------------------------------------------------------- swiss: the league


def test_swiss_the_league_score_is_best_three():
    """swiss: the league: 3 + 2.5 + 2 of (1, 3, 2, 2.5, 0) = 7.5."""
    assert league_score([F(1), F(3), F(2), F(5, 2), F(0)]) == F(15, 2)
    assert league_score([F(2)]) == F(2)


def _league(scores_by_tournament):
    """Build a league whose tournament scores are exactly the given ones: in each of five
    rounds player ``p`` meets a fresh dummy 'z-...' and wins 2-0 (1 point), draws 1-1
    (1/2) or loses 0-2, until the score is reached."""
    tournaments = []
    for k, table in enumerate(scores_by_tournament):
        tid = f"t{k + 1}"
        entries, rounds = [], {}
        for p, s in table.items():
            entries.append(Entry(p))
            halves = int(s * 2)
            for r in range(1, 6):
                dummy = f"z-{tid}-{p}-{r}"
                entries.append(Entry(dummy))
                if halves >= 2:
                    res, halves = R("2-0"), halves - 2
                elif halves == 1:
                    res, halves = R("1-1"), 0
                else:
                    res = R("0-2")
                rounds.setdefault(r, []).append(Match(p, dummy, res))
        tournaments.append(SwissTournament(tid, tid, tuple(entries),
                                      tuple(Round(r, tuple(m)) for r, m in sorted(rounds.items()))))
    return tournaments


def _rows(league):
    return {r.player: r for r in league_table(league) if not r.player.startswith("z-")}


def test_swiss_the_league_table_best_three_and_tiebreaks():
    """Hand-worked (swiss: the league):
    A: 3, 2, 2, 1, -, -  -> league 7, tie-breaks (1, 0, 0)
    B: 3, 3, 1, 0, 0, 0  -> league 7, tie-breaks (0, 0, 0)      -> A above B (4th best)
    C: 4, 1, 1, 1, 1, 0  -> league 6, tie-breaks (1, 1, 0)
    D: 2, 2, 2, 1, 1, -  -> league 6, tie-breaks (1, 1, 0)      -> C, D share (5th, 6th equal)
    E: -, -, -, -, -, 5  -> league 5 (joins with the 6th tournament).
    """
    table = [
        {"A": F(3), "B": F(3), "C": F(4), "D": F(2)},
        {"A": F(2), "B": F(3), "C": F(1), "D": F(2)},
        {"A": F(2), "B": F(1), "C": F(1), "D": F(2)},
        {"A": F(1), "B": F(0), "C": F(1), "D": F(1)},
        {"B": F(0), "C": F(1), "D": F(1)},
        {"B": F(0), "C": F(0), "E": F(5)},
    ]
    league = SwissLeague("s", "s", tuple(_league(table)))
    rows = _rows(league)
    assert rows["A"].league_score == F(7) and rows["A"].tiebreaks == (F(1), F(0), F(0))
    assert rows["B"].league_score == F(7) and rows["B"].tiebreaks == (F(0), F(0), F(0))
    assert rows["A"].place < rows["B"].place and not rows["A"].shared
    assert rows["C"].league_score == F(6) and rows["C"].tiebreaks == (F(1), F(1), F(0))
    assert rows["D"].league_score == F(6) and rows["D"].tiebreaks == (F(1), F(1), F(0))
    assert rows["C"].place == rows["D"].place and rows["C"].shared
    assert rows["C"].deciding_match_possible and not rows["A"].deciding_match_possible
    assert rows["E"].league_score == F(5)
    assert rows["E"].tournament_scores == (None, None, None, None, None, F(5))
    assert rows["A"].tournament_scores[4] is None
    assert rows["A"].counted == (0, 1, 2)
    assert rows["C"].counted[0] == 0  # the 4 of tournament 1 counts


def test_swiss_the_league_deciding_match_orders_tied_players():
    """C and D tied on everything; D wins the deciding match 2-1: D above C, no longer shared,
    both still flagged as having been tied (deciding_match_possible)."""
    table = [{"C": F(2), "D": F(2)}]
    plain = SwissLeague("s", "s", tuple(_league(table)))
    decided = SwissLeague("s", "s", plain.tournaments, (DecidingMatch("C", "D", R("1-2")),))
    before, after = _rows(plain), _rows(decided)
    assert before["C"].place == before["D"].place
    assert after["D"].place < after["C"].place
    assert not after["D"].shared and after["D"].deciding_match_possible
    assert after["D"].deciding_points == F(1) and after["C"].deciding_points == F(0)


def test_swiss_the_league_scores_before_a_tournament():
    """Criterion 2 for tournament t2 counts t1 only."""
    table = [{"A": F(3)}, {"A": F(1), "B": F(2)}]
    league = SwissLeague("s", "s", tuple(_league(table)))
    assert league_scores(league, before="t2")["A"] == F(3)
    assert "B" not in league_scores(league, before="t2")
    assert league_scores(league)["A"] == F(4)
