"""A season's outcome, computed once (sitegen/engine/league_outcome.py), worked by hand.

Status (provisional, empty), the league setting that voids an early withdrawal's games, the ties
the rules leave open (D.2) and how the organizers' record or a playoff decides them, the chain
of rules in one sentence, and the final round's result ("the one to win two games", [7]).
Groups are "perfect orders" (the player listed first beats every later one) unless said.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

from sitegen.engine.league import find_ties
from sitegen.engine.league_final import FinalRound, Finalist, final_result
from sitegen.engine.league_next import Signups, next_season
from sitegen.engine.league_outcome import (Status, form_outcome, games_to_play, player_outcomes,
                                           season_status, void_early_withdrawals)
from sitegen.engine.league_reasons import reason
from sitegen.pages.league_words import recorded_headline, sentence
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result
from sitegen.model.league import (Division, Group, LeagueSettings, PlayerInfo, Season,
                                  SeasonSignups)
from sitegen.i18n import ENGLISH_WORDS

WIN = Result(Outcome.WIN, Colour.BLACK)


def game(winner: str, loser: str) -> Game:
    return Game(winner, loser, WIN)


def perfect(gid: str, players: list[str], **extra) -> Group:
    games = tuple(game(a, b) for a, b in itertools.combinations(players, 2))
    return Group(gid, gid.upper(), tuple(players), games, **extra)


def players_of(*ids: str, rank: Rank = Rank(-5)) -> dict[str, Player]:
    return {p: Player(p, p.upper(), rank) for p in ids}


A = ["a1", "a2", "a3", "a4", "a5"]
B = ["b1", "b2", "b3", "b4", "b5", "b6"]
ONE_GROUP = LeagueSettings(top_division_groups=1)


def two_divisions(a: Group | None = None, b: Group | None = None) -> Season:
    return Season("s", "S", (Division("A", (a or perfect("a", A),)),
                             Division("B", (b or perfect("b", B),))))


# --------------------------------------------------------------------------- status


def test_status_final_provisional_empty_and_closed_by_the_record():
    """No game played: empty. One game left: provisional. Every pair played: final. A
    recorded outcome closes a season whose last game will never be played."""
    full = two_divisions()
    assert season_status(full) is Status.FINAL and games_to_play(full) == 0
    missing = perfect("b", B)
    missing = Group("b", "B", missing.players, missing.games[:-1])  # b5 - b6 not played
    assert season_status(two_divisions(b=missing)) is Status.PROVISIONAL
    assert games_to_play(two_divisions(b=missing)) == 1
    closed = Group("b", "B", missing.players, missing.games, promoted=("b1", "b2"))
    assert season_status(two_divisions(b=closed)) is Status.FINAL
    empty = Season("s", "S", (Division("A", (Group("a", "A", tuple(A), ()),)),))
    assert season_status(empty) is Status.EMPTY


def test_a_withdrawn_players_games_are_not_waited_for_b_4():
    """b6 withdrew before playing b5: that game is not still to play (B.4)."""
    b = perfect("b", B)
    b = Group("b", "B", b.players, b.games[:-1], withdrawn=("b6",))
    assert games_to_play(two_divisions(b=b)) == 0


# --------------------------------------------------------------------------- early withdrawals


def test_void_games_of_early_withdrawals_fewer_than_half_played():
    """a5 withdrew having played 1 of 4 games (a win over a3): void, with the setting; a forfeit
    is not a game played. With 2 of 4 played (half), the games stay."""
    games = tuple(g for g in perfect("a", A).games if "a5" not in g.players)
    one = Group("a", "A", tuple(A), games + (game("a5", "a3"), Game("a4", "a5", Result(Outcome.FORFEIT, Colour.BLACK, "F"))),
                withdrawn=("a5",))
    season = two_divisions(a=one)
    assert void_early_withdrawals(season, LeagueSettings()) == (season, ())
    voided, who = void_early_withdrawals(season, LeagueSettings(void_games_of_early_withdrawals=True))
    assert [(v.player, v.played, v.games) for v in who] == [("a5", 1, 4)]
    a5_games = [g for g in voided.divisions[0].groups[0].games if "a5" in g.players]
    assert len(a5_games) == 2 and all(g.result.outcome is Outcome.VOID for g in a5_games)
    two = Group("a", "A", tuple(A), games + (game("a5", "a3"), game("a4", "a5")), withdrawn=("a5",))
    kept = two_divisions(a=two)
    assert void_early_withdrawals(kept, LeagueSettings(void_games_of_early_withdrawals=True))[1] == ()


# --------------------------------------------------------------------------- ties


def test_find_ties_a_cut_class_is_a_tie_unless_the_record_orders_it():
    """b, c, d are equal on every criterion and one of them is taken: a tie for one spot; when
    the organizers' record puts the taken one apart from the others, the record decided it."""
    classes = [["a"], ["b", "c", "d"], ["e"]]
    (tie,) = find_ties(classes, "abcde", {"a", "b"}, "promotion", "B.3", "B")
    assert (tie.players, tie.spots, tie.by_record) == (("b", "c", "d"), 1, False)
    info = {"b": PlayerInfo("b", recorded=1), "c": PlayerInfo("c"), "d": PlayerInfo("d")}
    (tie,) = find_ties(classes, "abcde", {"a", "b"}, "promotion", "B.3", "B", info)
    assert tie.by_record
    assert find_ties(classes, "abcde", {"a", "b", "c", "d"}, "promotion", "B.3", "B") == []


def cycle_group() -> Group:
    """B: b1 beats all; b2 > b3 > b4 > b2 (a cycle); b2, b3, b4 beat b5 and b6; b5 > b6. b2, b3
    and b4 have 3 gamepoints, SODOS 3 + 1 = 4 and 1 gamepoint among them: equal on D.1."""
    games = [game("b1", p) for p in B[1:]] + [game("b2", "b3"), game("b3", "b4"), game("b4", "b2")]
    games += [game(w, loser) for w in ("b2", "b3", "b4") for loser in ("b5", "b6")] + [game("b5", "b6")]
    return Group("b", "B", tuple(B), tuple(games))


def test_three_way_tie_for_the_b_3_promotion_is_undecided_then_a_playoff_decides():
    """B.1: b1 leads B. B.3: the second promotion goes to the next best by D, but b2, b3 and b4
    are equal on D.1 and, all 5k without ratings, on D.2: undecided, by no player id.
    playoffs b3: 1 (D.2, last criterion): b3 is promoted, b2 and b4 stay."""
    season = two_divisions(b=cycle_group())
    players = players_of(*A, *B)
    outcome = form_outcome(season, players, ONE_GROUP)
    (tie,) = outcome.ties
    assert (tie.players, tie.spots, tie.spot, tie.rule, tie.by_record) == (("b2", "b3", "b4"), 1, "promotion", "B.3", False)
    for p in ("b2", "b3", "b4"):
        head, said = sentence(outcome.players[p], str, ENGLISH_WORDS)
        assert head == "Undecided: promoted to division A or stays in division B"
        others = " and ".join(x for x in ("b2", "b3", "b4") if x != p)
        assert said == (f"{head}: level with {others} on everything the table is ordered by (D.1), "
                        f"so a playoff (D.2) will decide who gets one promotion spot (B.3).")
    decided = form_outcome(Season("s", "S", season.divisions, playoffs=(("b3", 1),)), players, ONE_GROUP)
    assert decided.ties == ()
    assert sentence(decided.players["b3"], str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: next best by the criteria of D (B.3), decided by a playoff "
        "(D.2).")
    assert sentence(decided.players["b2"], str, ENGLISH_WORDS)[1] == "Stays in division B: middle position (B)."


def test_the_organizers_record_decides_a_tie_the_rules_leave_open():
    """Recorded promoted: b1, b4. The record orders b4 before b2 and b3 (still equal on D):
    b4 takes the B.3 spot, and the sentence says the organizers decided the tie."""
    b = cycle_group()
    b = Group("b", "B", b.players, b.games, promoted=("b1", "b4"))
    outcome = form_outcome(two_divisions(b=b), players_of(*A, *B), ONE_GROUP)
    assert outcome.ties == ()  # no open tie
    assert sentence(outcome.players["b4"], str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: next best by the criteria of D (B.3); level with b2 and b3 on "
        "everything the table is ordered by (D.1), so the organizers decided who gets one promotion "
        "spot (B.3).")
    assert outcome.players["b2"].move.value == "stays"


def test_players_sharing_first_place_are_both_leaders_b_1_not_one_by_id():
    """b1 and b2 did not play each other and beat everyone else: equal on every criterion.
    B.1 promotes "each group leader" and B.3 the next best: both are promoted either way, and
    each reads as sharing first place (B.1), with no leader picked by id."""
    games = tuple(g for g in perfect("b", B).games if set(g.players) != {"b1", "b2"})
    outcome = form_outcome(two_divisions(b=Group("b", "B", tuple(B), games)), players_of(*A, *B),
                           ONE_GROUP)
    for player in ("b1", "b2"):
        assert sentence(outcome.players[player], str, ENGLISH_WORDS)[1] == (
            "Promoted to division A: shares the first place of the group, level on everything the "
            "table is ordered by (B.1).")
    assert outcome.ties == ()


# --------------------------------------------------------------------------- one decision, its chain


def test_e_1_cancels_a_demotion_when_the_division_below_would_be_too_small():
    """b5, b6 withdrew (B.4). B promotes b1 (B.1), b2 (B.3); A demotes a4, a5 (B.2). Left for
    B: a4, a5, b3, b4, fewer than 5 (A.i.2): they all stay in or join A (E.1)."""
    b = perfect("b", B, withdrawn=("b5", "b6"))
    outcome = form_outcome(two_divisions(b=b), players_of(*A, *B), ONE_GROUP)
    assert sentence(outcome.players["a4"], str, ENGLISH_WORDS)[1] == (
        "Stays in division A: demotion spot by the criteria of D (B.2), cancelled by E.1: only 4 "
        "players would be left below division A, fewer than the 5 that A.i.2 requires.")
    assert outcome.players["a4"].rules == ("B.2", "E.1")
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: middle position (B); then moved up by E.1: only 4 players would "
        "be left below division A, fewer than the 5 that A.i.2 requires.")
    assert sentence(outcome.players["b5"], str, ENGLISH_WORDS)[1] == (
        "Withdrew: the place is forfeited and not passed on (B.4).")
    assert [len(g.players) for d in outcome.plan.divisions for g in d.groups] == [9]


def test_a_bottom_demotion_is_cancelled_when_no_division_can_open_below():
    """The bottom division B demotes its last two (setting demote_from_bottom_division), b5 and
    b6, into a new division C; two players cannot open it (A.i.2): both stay in B (E.1)."""
    settings = LeagueSettings(top_division_groups=1, demote_from_bottom_division=True)
    outcome = form_outcome(two_divisions(), players_of(*A, *B), settings)
    assert sentence(outcome.players["b6"], str, ENGLISH_WORDS)[1] == (
        "Stays in division B: demotion spot by the criteria of D (B.2), cancelled by E.1: only 2 "
        "players would be left below division B, fewer than the 5 that A.i.2 requires.")


def test_a_tie_that_decides_nothing_gives_every_tied_player_the_same_sentence():
    """b4, b5 and b6 did not play each other and lost to everyone else: equal on every criterion
    (all 5k). Two of them get the bottom's demotion spots (setting), but the two cannot open a
    division (A.i.2): all three stay in B either way (E.1). The tie decides nothing: no warning,
    no refusal, and the same words for each, with no player picked by id."""
    games = tuple(g for g in perfect("b", B).games if not set(g.players) <= {"b4", "b5", "b6"})
    settings = LeagueSettings(top_division_groups=1, demote_from_bottom_division=True)
    outcome = form_outcome(two_divisions(b=Group("b", "B", tuple(B), games)), players_of(*A, *B),
                           settings)
    assert outcome.ties == ()
    assert sentence(outcome.players["b4"], str, ENGLISH_WORDS)[1] == (
        "Stays in division B: level with b5 and b6 on everything the table is ordered by (D.1), but "
        "whoever gets 2 demotion spots (B.2), the outcome is the same.")
    assert sentence(outcome.players["b6"], str, ENGLISH_WORDS)[1] == (
        "Stays in division B: level with b4 and b5 on everything the table is ordered by (D.1), but "
        "whoever gets 2 demotion spots (B.2), the outcome is the same.")


def test_a_group_leader_is_in_no_tie_for_the_spot_b_1_gives_them():
    """Division B has two groups. b1 (x1..x5): x1 beats x2, x3, x4 and loses to x5; x2 beats
    x3, x4; x3 beats x4, x5; x4 beats x5; x5 beats x2: x1 3 gamepoints, alone first, SODOS
    x2 + x3 + x4 = 2 + 2 + 1 = 5. b2 (y1..y6): y1 beats everyone; y2 beats y3, y4, y5 and
    loses to y6; y3 beats y4, y6; y4 beats y5, y6; y5 beats y3; y6 beats y5: y2 third with
    3 gamepoints, SODOS y3 + y4 + y5 = 2 + 2 + 1 = 5. Across the division x1 and y2 are equal
    on every criterion of D, but B's two promotion spots are its group leaders' (B.1: x1, y1)
    whatever their order: no tie, and neither sentence speaks of one (issue 28: it read "tie
    with y2 ... for one promotion spot (B.1), which gives the same outcome either way")."""
    x = [f"x{i}" for i in range(1, 6)]
    y = [f"y{i}" for i in range(1, 7)]
    b1 = Group("b1", "B1", tuple(x), tuple(game(w, loser) for w, loser in (
        ("x1", "x2"), ("x1", "x3"), ("x1", "x4"), ("x5", "x1"), ("x2", "x3"), ("x2", "x4"),
        ("x5", "x2"), ("x3", "x4"), ("x3", "x5"), ("x4", "x5"))))
    b2 = Group("b2", "B2", tuple(y), tuple(game(w, loser) for w, loser in (
        *(("y1", p) for p in y[1:]), ("y2", "y3"), ("y2", "y4"), ("y2", "y5"), ("y6", "y2"),
        ("y3", "y4"), ("y4", "y5"), ("y5", "y3"), ("y3", "y6"), ("y4", "y6"), ("y6", "y5"))))
    season = Season("s", "S", (Division("A", (perfect("a", A),)), Division("B", (b1, b2))))
    outcome = form_outcome(season, players_of(*A, *x, *y), ONE_GROUP)
    assert outcome.ties == () and outcome.plan.ties == ()
    assert sentence(outcome.players["x1"], str, ENGLISH_WORDS)[1] == "Promoted to division A: group leader (B.1)."
    assert sentence(outcome.players["y2"], str, ENGLISH_WORDS)[1] == "Stays in division B: middle position (B)."


def test_a_three_way_tie_broken_by_correspondence_rank_says_so_d_2():
    """B (one group of 6): b1 beats everyone; b2, b3, b4 beat each other in a cycle (b2 > b3 >
    b4 > b2) and beat b5, b6; b5 beats b6. b2, b3 and b4 have 3 gamepoints each and SODOS
    3 + 1 + 0 = 4 each (one of the three, b5, b6): equal on D.1. All 5k without rating;
    correspondence ranks b3 2k, b2 3k, b4 4k: D.2's third criterion gives B's second promotion
    spot (B.3) to b3, the sentence names it (issue 28: it read "next best by the criteria of D
    (B.3)" alone)."""
    order = [("b1", p) for p in B[1:]] + [
        ("b2", "b3"), ("b3", "b4"), ("b4", "b2"), *((p, q) for p in ("b2", "b3", "b4")
                                                    for q in ("b5", "b6")), ("b5", "b6")]
    b = Group("b", "B", tuple(B), tuple(game(w, loser) for w, loser in order))
    players = players_of(*A, *B)
    for player, rank in (("b3", -2), ("b2", -3), ("b4", -4)):
        players[player] = replace(players[player], correspondence_rank=Rank(rank))
    outcome = form_outcome(two_divisions(b=b), players, ONE_GROUP)
    assert outcome.ties == ()
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[1] == (
        "Promoted to division A: next best by the criteria of D (B.3), decided by "
        "correspondence rank (D.2).")
    assert sentence(outcome.players["b1"], str, ENGLISH_WORDS)[1] == "Promoted to division A: group leader (B.1)."
    assert sentence(outcome.players["b2"], str, ENGLISH_WORDS)[1] == "Stays in division B: middle position (B)."


# --------------------------------------------------------------------------- final round


def finalists(advantaged: tuple[str, ...]) -> FinalRound:
    return FinalRound(tuple(Finalist(p, "B.1", reason("GROUP_LEADER"), p in advantaged, Fraction(p in advantaged))
                            for p in ("x", "y", "z")), False, ())


def test_final_round_two_wins_crown_the_champion_advantage_breaks_a_three_way_tie():
    """Final round: "the one to win two games is crowned champion" (x beats y and z, whatever
    the advantages). Each wins one: the advantaged position breaks the tie ([7]); two
    advantaged leaders level: undecided. Before all games, no result unless two wins."""
    assert final_result(finalists(("y", "z")), [game("x", "y"), game("x", "z")]).champion == "x"
    cycle = [game("x", "y"), game("y", "z"), game("z", "x")]
    assert final_result(finalists(("x",)), cycle).champion == "x"
    level = final_result(finalists(("x", "y")), cycle)
    assert (level.champion, level.level, level.totals["x"]) == (None, ("x", "y"), 2)
    assert final_result(finalists(("x", "y")), cycle[:2]).champion is None


# --------------------------------------------------------------------------- a property


def test_each_player_has_one_outcome_where_the_next_season_places_them():
    """Every player of the plan has one outcome; a placed player's division is where the plan
    put them; a withdrawn one has none (B.4)."""
    b = perfect("b", B, withdrawn=("b6",))
    signups = Signups(tuple(PlayerInfo(p, Rank(-5)) for p in A + B[:5]))
    plan = next_season(two_divisions(b=b), signups, settings=ONE_GROUP)
    outcomes = player_outcomes(plan)
    where = {p: d.name for d in plan.divisions for g in d.groups for p in g.players}
    assert set(outcomes) == set(A + B)
    for player, outcome in outcomes.items():
        assert outcome.to_division == where.get(player)


def cycle_bottom_of_a() -> Group:
    """A: a1 beats all, a2 beats a3, a4, a5; a3 > a4 > a5 > a3 (a cycle). a3, a4, a5 have 1
    gamepoint, SODOS 1 and 1 gamepoint among them: equal on D.1."""
    games = [game("a1", p) for p in A[1:]] + [game("a2", p) for p in A[2:]]
    games += [game("a3", "a4"), game("a4", "a5"), game("a5", "a3")]
    return Group("a", "A", tuple(A), tuple(games))


def test_a_tie_for_demotion_spots_offers_its_real_alternatives_and_no_withdrawal_b_2_b_4():
    """No ranks (D.2 equal for all). B promotes b1 (B.1) and b2 (B.3); A demotes 2 (B.2), the
    last of A by D: a3, a4, a5 are equal on every criterion of D, a tie for 2 demotion spots.
    a5 does not sign up again (B.4: withdrew, whatever the playoff says). Worked by hand, each
    way the spots can fall (10 players, A needs 5 (A.i.2), one group of A (A.i.1 setting)):
    - a4, a5 demoted: a5's spot is lost (B.4); A = a1, a2, a3, b1, b2; a4 to B;
    - a3, a5 demoted: the same with a3 and a4 swapped;
    - a3, a4 demoted: A = a1, a2, b1, b2, 4 players: E.1 promotes b3, the best middle
      position of B (B.3, B.5); a3, a4 to B.
    So a3 and a4 may stay in A or be demoted to B; b3's outcome hangs on the tie: promoted to
    A or stays in B. a5 played the season out: what a5 earned in it is the tie's too (stays
    or demoted), and a5 did not play the next season (B.4), said after it; withdrew is no
    choice of the tie."""
    season = two_divisions(a=cycle_bottom_of_a(), b=perfect("b", B))
    players = {p: Player(p, p.upper(), None) for p in A + B}
    signups = SeasonSignups("next", tuple(PlayerInfo(p) for p in A[:4] + B),
                            tuple(A[:4] + B), ("a5",), ())
    outcome = form_outcome(season, players, ONE_GROUP, signups)
    (tie,) = outcome.ties
    assert (tie.players, tie.spots, tie.spot, tie.rule) == (("a3", "a4", "a5"), 2, "demotion", "B.2")
    for p, others in (("a3", "a4 and a5"), ("a4", "a3 and a5")):
        assert sentence(outcome.players[p], str, ENGLISH_WORDS)[1] == (
            f"Undecided: stays in division A or demoted to division B: level with {others} on "
            f"everything the table is ordered by (D.1), so a playoff (D.2) will decide who gets 2 "
            f"demotion spots (B.2).")
    assert sentence(outcome.players["a5"], str, ENGLISH_WORDS)[1] == (
        "Undecided: stays in division A or demoted to division B: level with a3 and a4 on "
        "everything the table is ordered by (D.1), so a playoff (D.2) will decide who gets 2 "
        "demotion spots (B.2); did not play the next season: the spot is not passed on (B.4).")
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[1] == (
        "Undecided: promoted to division A or stays in division B: depends on which of a3, a4 and "
        "a5, level on everything the table is ordered by (D.1), gets 2 demotion spots (B.2) in "
        "division A, which a playoff (D.2) will decide.")
    # A playoff decides it (D.2, last criterion): a5 last, a4 next: a3 stays, a4 is demoted.
    decided = Season("s", "S", season.divisions, playoffs=(("a3", 1), ("a4", 2), ("a5", 3)))
    outcome = form_outcome(decided, players, ONE_GROUP, signups)
    assert outcome.ties == ()
    assert sentence(outcome.players["a3"], str, ENGLISH_WORDS)[0] == "Stays in division A"
    assert sentence(outcome.players["a4"], str, ENGLISH_WORDS)[0] == "Demoted to division B"
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[0] == "Stays in division B"


def test_the_record_decides_what_it_can_of_a_tie_b_2():
    """The same tie, with the organizers' record: a4 and a5 relegated, a3 not. The record
    orders a3 above a4 and a5, so it gives the 2 demotion spots to a4 and a5 (the data of a5,
    who did not return, counts: B.4 keeps the spot and loses it); a3 and b3 stay, a4 is
    demoted: decided by the organizers, nothing left open."""
    a = cycle_bottom_of_a()
    a = Group("a", "A", a.players, a.games, relegated=("a4", "a5"))
    season = two_divisions(a=a, b=perfect("b", B))
    players = {p: Player(p, p.upper(), None) for p in A + B}
    signups = SeasonSignups("next", tuple(PlayerInfo(p) for p in A[:4] + B),
                            tuple(A[:4] + B), ("a5",), ())
    outcome = form_outcome(season, players, ONE_GROUP, signups)
    assert sentence(outcome.players["a3"], str, ENGLISH_WORDS)[1] == (
        "Stays in division A: middle position (B); level with a4 and a5 on everything the table "
        "is ordered by (D.1), so the organizers decided who gets 2 demotion spots (B.2).")
    assert outcome.ties == ()
    assert sentence(outcome.players["a4"], str, ENGLISH_WORDS)[1] == (
        "Demoted to division B: demotion spot by the criteria of D (B.2); level with a3 and a5 on "
        "everything the table is ordered by (D.1), so the organizers decided who gets 2 demotion "
        "spots (B.2).")
    assert sentence(outcome.players["b3"], str, ENGLISH_WORDS)[0] == "Stays in division B"


def test_a_recorded_relegation_from_the_bottom_division_names_no_division():
    """The bottom division has no division below: a recorded relegation from it names none it
    goes to, only the one it is below, in the words of the rules' demotion out of it (B.2,
    docs/league-rules.md, "Recorded outcomes"), unless the next season's divisions have the one
    below (C, when they are A, B, C; not when they are A, B); from above it, the division below.
    Pages say "demoted", the league text's word (000 B), for the record's ``relegated`` too."""
    season = two_divisions()
    assert recorded_headline("relegated", "B", 1, season, ENGLISH_WORDS) == (
        "Demoted to a new division below division B")
    assert recorded_headline("relegated", "B", 1, season, ENGLISH_WORDS, ("A", "B")) == (
        "Demoted to a new division below division B")
    assert recorded_headline("relegated", "B", 1, season, ENGLISH_WORDS, ("A", "B", "C")) == (
        "Demoted to division C")
    assert recorded_headline("relegated", "A", 0, season, ENGLISH_WORDS) == "Demoted to division B"


def test_a_demotion_out_of_the_bottom_division_names_only_a_division_the_league_had():
    """B is the bottom division of a season of A and B; the rules' plan demotes b6 into C, a
    new division below it (B.2 with demote_from_bottom_division), and an open tie may demote b5
    there too. The pages' outcome (formed_only) names C only when the next season has it (A, B,
    C), and otherwise none, worded "Demoted to a new division below division B", in the tie's
    choices too; a player who left (placed nowhere, division None) gets C when the next season
    has it. A demotion from A to B keeps B either way."""
    from sitegen.engine.league import Move
    from sitegen.engine.league_outcome import PlayerOutcome, SeasonOutcome
    from sitegen.pages.league_outcomes import formed_only

    outcome = SeasonOutcome(Status.FINAL, {
        "b6": PlayerOutcome("b6", Move.DEMOTED, "B", "C", ()),
        "b4": PlayerOutcome("b4", Move.DEMOTED, "B", None, (), left=True),
        "b5": PlayerOutcome("b5", Move.STAYS, "B", "B", (),
                            undecided=((Move.STAYS, "B", False), (Move.DEMOTED, "C", False))),
        "a5": PlayerOutcome("a5", Move.DEMOTED, "A", "B", ())})
    season = two_divisions()
    lacking = formed_only(outcome, season, ("A", "B")).players
    assert [lacking[p].to_division for p in ("b6", "b4", "a5")] == [None, None, "B"]
    assert lacking["b5"].undecided == ((Move.STAYS, "B", False), (Move.DEMOTED, None, False))
    assert sentence(lacking["b6"], str, ENGLISH_WORDS)[0] == "Demoted to a new division below division B"
    assert sentence(lacking["b5"], str, ENGLISH_WORDS)[0] == (
        "Undecided: stays in division B or demoted to a new division below division B")
    having = formed_only(outcome, season, ("A", "B", "C")).players
    assert [having[p].to_division for p in ("b6", "b4", "a5")] == ["C", "C", "B"]
    assert having["b5"].undecided == outcome.players["b5"].undecided
    assert sentence(having["b6"], str, ENGLISH_WORDS)[0] == "Demoted to division C"
    not_entered = formed_only(outcome, season, ()).players
    assert [not_entered[p].to_division for p in ("b6", "b4", "a5")] == [None, None, "B"]
