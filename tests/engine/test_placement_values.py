"""Published values of the placement engine that the mutation test over every placement
mutant (issue 29, docs/testing.md "Placement, every mutant") found unchecked, each worked by
hand from the placement rule text (../shared/rules/003_fac0675ce42e5780.txt) and OpenGotha's
definitions (../shared/reference/opengotha.md section 1), the criterion in the test's name."""

import pytest

from sitegen.engine.placement import (compute_values, standings, standings_by_round,
                                      standings_by_rule, values_by_rule)
from sitegen.model.common import Rank
from sitegen.model.tournament import (Criterion as C, GameResult as R, System,
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


def test_a_round_outside_the_tournament_is_refused_with_its_number_and_range():
    """placement "after round r": a two-round tournament has standings after rounds 1 and 2
    only; each form names the round asked for and the rounds there are."""
    t = Tournament("t", "T", 2, (_p("a"), _p("b")), (G(1, "a", "b", R.WHITE_WINS),),
                   parameters=TournamentParameters(system=System.SWISS, criteria=(C.NBW,)))
    for compute in (standings, standings_by_rule, compute_values, values_by_rule):
        with pytest.raises(ValueError, match=r"^round 3 is outside 1\.\.2$"):
            compute(t, 3)
        with pytest.raises(ValueError, match=r"^round 0 is outside 1\.\.2$"):
            compute(t, 0)
