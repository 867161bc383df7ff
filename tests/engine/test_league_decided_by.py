"""Which criterion of D.2 gave a spot, said alike for every rule that picks by D (issue 28).

A direct move (B.1-B.3) read "..., decided by rank (D.2)" where players equal on D.1 were told
apart by D.2; an E.1 pick, a promotion by rank (C.5) and the final round's third place (B.3)
said nothing of it. Each small case below is worked by hand from the league text
(../shared/rules/000_8831272a7af7d6bd.txt), groups in "perfect order" (the player listed first
beats every later one) unless said; every player is 5k without rating unless said.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from sitegen.engine.league import Move, decided_by_d2, deciding_criteria
from sitegen.engine.league_final import final_round
from sitegen.engine.league_next import Signups, next_season
from sitegen.engine.league_outcome import form_outcome, player_outcomes
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result
from sitegen.model.league import (Division, DivisionRestrictions, Group, LeagueSettings,
                                  PlayerInfo, RankBand, Season)
from sitegen.i18n import ENGLISH_WORDS
from sitegen.pages.league_words import sentence

WIN = Result(Outcome.WIN, Colour.BLACK)
JIGO = Result(Outcome.JIGO, None)
ONE_GROUP = LeagueSettings(top_division_groups=1)
A = ["a1", "a2", "a3", "a4", "a5"]
B = ["b1", "b2", "b3", "b4", "b5", "b6"]


def perfect(gid: str, players: list[str], skip: tuple[str, str] | None = None, **extra) -> Group:
    """The group where the player listed first wins; ``skip``: a pair that draws (jigo)."""
    games = tuple(Game(a, b, JIGO if {a, b} == set(skip or ()) else WIN)
                  for a, b in itertools.combinations(players, 2))
    return Group(gid, gid.upper(), tuple(players), games, **extra)


def season(a: Group, b: Group) -> Season:
    return Season("s", "S", (Division("A", (a,)), Division("B", (b,))))


def players_of(*ids: str, **ranks: Rank) -> dict[str, Player]:
    return {p: Player(p, p.upper(), ranks.get(p, Rank(-5))) for p in ids}


def test_deciding_criteria_names_for_each_chosen_player_the_datum_that_set_them_apart():
    """x 2d, y and z 1d with ratings 2100 and 2000, w 1d 2000; two spots taken by x and y:
    x is apart from the others by rank, y by rating. Nothing is decided when all or none are
    chosen, and a chosen player still equal with an unchosen one has no criterion (a tie)."""
    info = {"x": PlayerInfo("x", Rank(1)), "y": PlayerInfo("y", Rank(0), 2100),
            "z": PlayerInfo("z", Rank(0), 2000), "w": PlayerInfo("w", Rank(0), 2000)}
    assert deciding_criteria("xyzw", "xy", info) == {"x": "rank", "y": "rating"}
    assert deciding_criteria("xyzw", "xyzw", info) == {} == deciding_criteria("xyzw", "", info)
    assert deciding_criteria("xzw", "xz", info) == {"x": "rank"}
    assert decided_by_d2([["x"], ["y", "z"]], "xyz", "xy", info) == {"y": "rating"}


def test_e_1_the_next_direct_promotion_among_players_equal_on_d_1_is_decided_by_rank():
    """E.1 (the next direct promotion, B.3, B.5). a3 withdrew (B.4): A keeps a1, a2 (final
    round) and takes b1 (B.1), b2 (B.3), 4 players, fewer than 5 (A.i.2). B: b3 and b4 draw,
    beat b5 and b6 and lose to b1, b2: 2.5 gamepoints, SODOS 1 + 2.5 / 2 = 2.25 (b5's
    gamepoint, half the other's), 0.5 among them: equal on D.1. b4 is 3k, b3 5k: the
    next direct promotion is b4 by rank (D.2, first criterion), who says so; b3 stays."""
    outcome = form_outcome(season(perfect("a", A, withdrawn=("a3",)), perfect("b", B, ("b3", "b4"))),
                           players_of(*A, *B, b4=Rank(-3)), ONE_GROUP)
    b4 = outcome.players["b4"]
    assert (b4.move, b4.to_division, b4.rules) == (Move.PROMOTED, "A", ("B", "E.1"))
    assert sentence(b4, str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: middle position (B); then moved up by E.1: the next direct "
        "promotion by the criteria of D under B.3 and B.5, as division A needs at least 5 "
        "players under A.i.1 and A.i.2, decided by rank (D.2).")
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[1] == "Stays in division B: middle position (B)."
    assert outcome.ties == ()


def test_e_1_the_forced_promotion_of_the_highest_ranked_is_decided_by_rating():
    """E.1, "if nobody is applicable for direct promotion, the highest ranked player is
    forcefully promoted (using the criteria on rule D.2)". a3, a4, a5 and b3, b4, b5 withdrew
    (B.4): A holds a1, a2, b1, b2, fewer than 5 (A.i.2), and B has nobody staying to promote
    directly. The new players n1 .. n6 are placed in the bottom division B (no rank band,
    C.1); n1 and n2 are 3k, n1 rated 2000 and n2 1500 (beyond the virtual tie [6]), the rest
    5k: n1 is forcefully promoted, by rating, the criterion of D.2 that set n1 apart."""
    finished = season(perfect("a", A, withdrawn=("a3", "a4", "a5")),
                      perfect("b", B[:5], withdrawn=("b3", "b4", "b5")))
    new = [PlayerInfo("n1", Rank(-3), 2000), PlayerInfo("n2", Rank(-3), 1500)] + [
        PlayerInfo(f"n{i}", Rank(-5)) for i in range(3, 7)]
    signups = Signups(tuple(PlayerInfo(p, Rank(-5)) for p in ("a1", "a2", "b1", "b2")) + tuple(new))
    outcomes = player_outcomes(next_season(finished, signups, settings=ONE_GROUP))
    n1 = outcomes["n1"]
    assert (n1.move, n1.to_division) == (Move.NEW, "A")
    assert sentence(n1, str, ENGLISH_WORDS)[1].endswith(
        "then moved up by E.1: nobody is applicable, so the highest ranked by D.2 is forcefully "
        "promoted, as division A needs at least 5 players under A.i.1 and A.i.2, decided by "
        "rating (D.2).")
    assert outcomes["n2"].to_division == "B"


def test_c_5_a_promotion_by_rank_among_promotable_players_is_decided_by_rating():
    """C.5: "whenever there's available space (A.i.4, A.i.5) and a promotable player, they
    shall promote. Priority is granted according to rule D.2." a3 withdrew (B.4): A keeps 4
    assured players (a1, a2; b1 B.1, b2 B.3) of its previous 5 (A.i.5): one space. Band 3k and
    stronger: highest division A (C.4). b3 and b4 are 3k (promotable), b3 rated 1500, b4 2000:
    equal on rank, D.2 gives the space to b4 by rating; b3 stays."""
    players = players_of(*A, *B, b3=Rank(-3), b4=Rank(-3))
    players["b3"] = replace(players["b3"], rating=1500)
    players["b4"] = replace(players["b4"], rating=2000)
    bands = DivisionRestrictions((RankBand(Rank(-3), None, "A"),))
    outcome = form_outcome(season(perfect("a", A, withdrawn=("a3",)), perfect("b", B)), players,
                           ONE_GROUP, restrictions=bands)
    b4 = outcome.players["b4"]
    assert (b4.move, b4.to_division, b4.rules) == (Move.PROMOTED_BY_RANK, "A", ("B", "C.5"))
    assert sentence(b4, str, ENGLISH_WORDS)[1] == (
        "Promoted by rank to division A: middle position (B); then moved up by C.5: promotable "
        "by rank 3k to division A, which has space, decided by rating (D.2).")
    assert outcome.players["b3"].to_division == "B"


def test_the_final_rounds_third_place_among_players_equal_on_d_1_is_decided_by_rank():
    """Final round: the two direct promotions of A qualify (a1 B.1, a2 B.3); the defending
    champion b1 did not play A, not eligible ([8]); the third is the next of A by B.3 placed
    4th or better. A of 6: a3 and a4 draw and beat a5, a6: 2.5 gamepoints each, equal SODOS,
    0.5 among them: they share 3rd place by D.1. a4 is 3k, a3 5k: a4 plays the final round,
    decided by rank (D.2); a3 does not. The final's table says so, as a4's sentence does."""
    six = ["a1", "a2", "a3", "a4", "a5", "a6"]
    finished = replace(season(perfect("a", six, ("a3", "a4")), perfect("b", B)),
                       defending_champion="b1")
    players = players_of(*six, *B, a4=Rank(-3))
    outcome = form_outcome(finished, players, ONE_GROUP)
    assert outcome.final is not None
    (third,) = [f for f in outcome.final.finalists if f.rule == "B.3" and f.player != "a2"]
    assert (third.player, third.decided_by) == ("a4", "rank")
    assert sentence(outcome.players["a4"], str, ENGLISH_WORDS)[1] == (
        "Stays in division A and plays the final round: middle position (B); plays the final "
        "round as the next direct promotion spot by D, in place 3 of division A (B.3), decided "
        "by rank (D.2).")
    assert not outcome.players["a3"].finalist
    plain = final_round(finished, "b1", {p: PlayerInfo(p, players[p].rank) for p in players},
                        ONE_GROUP)
    assert {f.player: f.decided_by for f in plain.finalists} == {"a1": None, "a2": None, "a4": "rank"}


def test_e_1_a_tie_the_record_decides_reads_decided_by_the_organizers_and_is_no_final_place():
    """The E.1 case above with b3 and b4 both 5k: equal on every criterion of D for the next
    direct promotion into A (E.1). The record promotes b4 (and b1, b2): the rules' outcome
    gives b4 the spot, "decided by the organizers", as a direct move's tie reads. The spot is
    a promotion into division A, not a place in the final round (once "one place in the final
    round (E.1)": only A's own direct promotion spots, B.1 and B.3, are final places)."""
    b = replace(perfect("b", B, ("b3", "b4")), promoted=("b1", "b2", "b4"))
    outcome = form_outcome(season(perfect("a", A, withdrawn=("a3",)), b), players_of(*A, *B),
                           ONE_GROUP)
    tie = ("level with {other} on everything the table is ordered by (D.1), so the organizers "
           "decided who gets one promotion spot (E.1)")
    assert sentence(outcome.players["b4"], str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: middle position (B); then moved up by E.1: the next direct "
        "promotion by the criteria of D under B.3 and B.5, as division A needs at least 5 "
        "players under A.i.1 and A.i.2; " + tie.format(other="b3") + ".")
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[1] == (
        "Stays in division B: middle position (B); " + tie.format(other="b4") + ".")
    assert outcome.ties == ()
