"""The last differences between sitegen and OpenGotha 3.51 (issue 28, "OpenGotha, the last
differences"), each worked by hand from OpenGotha's sources (lucvannier/opengotha, V3.51.02;
the file and method named in each test)."""

from dataclasses import replace

from sitegen.engine.placement import standings
from sitegen.model.common import Rank
from sitegen.model.tournament import (Criterion as C, GameResult as R, System, Tournament,
                                      TournamentGame as G, TournamentParameters,
                                      TournamentPlayer as P)


def _group(criteria: tuple[C, ...]) -> Tournament:
    """a beat b (round 1) and c (round 3), b beat c (round 2); z registered, 5k, no game, no
    bye. a 1k, b 2k, c 1d."""
    players = (P("a", "A", "", Rank.parse("1k")), P("b", "B", "", Rank.parse("2k")),
               P("c", "C", "", Rank.parse("1d")), P("z", "Z", "", Rank.parse("5k")))
    games = (G(1, "a", "b", R.WHITE_WINS), G(2, "b", "c", R.WHITE_WINS),
             G(3, "a", "c", R.WHITE_WINS))
    return Tournament("t", "T", 3, players, games,
                      parameters=TournamentParameters(system=System.SWISS, criteria=criteria))


def test_sdc_counts_a_registered_player_without_game():
    """SDC (OG Tournament.orderedScoredPlayersList sorts hmScoredPlayers, every registered
    player; fillDirScoringInfo groups them; defineDirForExAequoGroup gives SDC only if every
    pair of the group has a non-zero balance). z met nobody, so SDC is 0 for all, and the
    places come from RANK: c (1d), a (1k), b (2k). z is left out of what is shown
    (ExternalDocument.generateH9File removes the players not implied after ordering).
    Without z it would be a 2, b 1, c 0."""
    rows = standings(_group((C.SDC, C.RANK)))
    assert [(r.player_id, r.values[C.SDC], r.place) for r in rows] == [
        ("c", 0, 1), ("a", 0, 2), ("b", 0, 3)]


def test_dc_counts_a_registered_player_without_game():
    """DC (OG defineDirForExAequoGroup and mw.go.confrontation.Confrontation): the group is
    a, b, c, z; sc from RANK (the criteria after DC): a, b, c 4, z 1. Players who beat no
    remaining member, lowest sc first: z (rank 4), then c (3), b (2), a (1); DC = 4 - rank:
    a 3, b 2, c 1 (z 0, not shown). Without z it would be a 2, b 1, c 0."""
    t = _group((C.DC, C.RANK))
    t = replace(t, players=tuple(replace(p, rank=Rank.parse("1k")) if p.id != "z" else p
                                 for p in t.players))
    rows = standings(t)
    assert [(r.player_id, r.values[C.DC], r.place) for r in rows] == [
        ("a", 3, 1), ("b", 2, 2), ("c", 1, 3)]
    assert [r.values[C.DC] for r in standings(t, include_not_implied=True)] == [3, 2, 1, 0]
