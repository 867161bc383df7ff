"""Published values of the placement engine that the mutation test over every placement
mutant (issue 29, docs/testing.md "Placement, every mutant") found unchecked, each worked by
hand from the placement rule text (../shared/rules/003_fac0675ce42e5780.txt) and OpenGotha's
definitions (../shared/reference/opengotha.md section 1), the criterion in the test's name."""

from fractions import Fraction as F

from sitegen.engine.placement import standings, standings_by_round
from sitegen.model.common import Rank
from sitegen.model.tournament import (Absence, Bye, Criterion as C, GameResult as R, System,
                                      Tournament, TournamentGame as G, TournamentParameters,
                                      TournamentPlayer as P)


def _p(pid: str, rank: str = "5k") -> P:
    return P(pid, pid.upper(), "", Rank.parse(rank))


def test_standings_by_round_leaves_out_a_player_without_game_or_bye_by_default():
    """placement standings, every round at once: as ``standings``, a registered player with
    neither a game nor a bye (e) is not in the table unless asked for; a beat b in round 1."""
    t = Tournament("t", "T", 1, (_p("a"), _p("b"), _p("e")), (G(1, "a", "b", R.WHITE_WINS),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    assert [[r.player_id for r in rows] for rows in standings_by_round(t)] == [["a", "b"]]
    assert [r.player_id for r in standings_by_round(t, include_not_implied=True)[0]] == [
        "a", "b", "e"]
