"""Placement criteria read as the rule text: one function per criterion, in its terms.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("Placement in go tournaments": SOS, SOSOS,
SODOS, ExT/ExR, CUSS, Dir, and DC/SDC by the OpenGotha manual), with OpenGotha's exact
definitions where the text leaves a choice (../shared/reference/opengotha.md 1.2 and 1.3: byes,
absences, handicap, unplayed games) and the project's decisions (docs/placement.md).

This form computes each value from the tournament as written, slowly and plainly (an
opponent's SOS is computed again for each player who met them); the site uses the fast form
(:mod:`.fast`), and ``tests/properties/test_placement_by_rule.py`` shows that both give the
same values and standings after every round. Every function takes ``at``, the tournament as
it stands after a round (:class:`After`), and a player's id; values are exact Fractions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Iterable

from ...model.tournament import (Criterion, Tournament, TournamentGame, TournamentParameters,
                                 TournamentPlayer)
from .rows import HALF, ZERO, Participation

ONE = Fraction(1)


class Score(Enum):
    """The score a criterion sums: number of wins (Swiss, the ``W`` criteria) or McMahon
    score (the ``M`` criteria). Placement: "Placement is based on Number of wins (Swiss
    tournaments) or on Mac-Mahon score (Mac-Mahon tournaments)"."""

    NBW = "NBW"
    MMS = "MMS"


@dataclass(frozen=True)
class After:
    """The tournament ``tournament`` as it stands after round ``round`` (1-based): what counts
    is every game, bye and absence of rounds 1..``round`` (placement: SOS, "the score at
    calculation time (and not at game time)")."""

    tournament: Tournament
    round: int

    @property
    def params(self) -> TournamentParameters:
        return self.tournament.parameters

    def player(self, player_id: str) -> TournamentPlayer:
        return self.tournament.player(player_id)

    def rounds(self) -> range:
        """Return the rounds counted, 1..``round``."""
        return range(1, self.round + 1)

    def earlier(self, round_number: int) -> After:
        """Return the tournament as it stood after an earlier round (for CUSS and STS)."""
        return After(self.tournament, round_number)


# --------------------------------------------------------------------------- a player's rounds


def games_in_round(at: After, player_id: str, round_number: int) -> list[TournamentGame]:
    """Return the player's games of a round, in the order listed (more than one only in a
    round-robin entered as one round: docs/placement.md, "a player who plays more than once
    in a round")."""
    return [g for g in at.tournament.games
            if g.round == round_number and player_id in (g.white, g.black)]


def the_game(at: After, player_id: str, round_number: int) -> TournamentGame | None:
    """Return the player's game of a round as SOS, SOSOS, SODOS, EXT and EXR see it: the one
    listed last (OpenGotha keeps one game per player and round), or None."""
    games = games_in_round(at, player_id, round_number)
    return games[-1] if games else None


def participation(at: After, player_id: str, round_number: int) -> Participation:
    """Return the player's status in a round: paired (a game), else a bye, else a declared
    absence, else not assigned (opengotha.md 1.1, "Participation status")."""
    if games_in_round(at, player_id, round_number):
        return Participation.PAIRED
    if any(b.round == round_number and b.player == player_id for b in at.tournament.byes):
        return Participation.BYE
    if any(a.round == round_number and a.player == player_id for a in at.tournament.absences):
        return Participation.ABSENT
    return Participation.NOT_ASSIGNED


def round_points(at: After, player_id: str, round_number: int) -> Fraction:
    """Return the player's points from the games of a round: 1 a win (a forfeit win, both
    win too), ½ a jigo, 0 a loss or an unknown result (opengotha.md 1.2, "Game results ->
    points"); every game of the round counts."""
    return sum((g.points(player_id) for g in games_in_round(at, player_id, round_number)), ZERO)


def opponent_and_handicap(game: TournamentGame, player_id: str) -> tuple[str, int]:
    """Return the player's opponent and the handicap as the player met it: the stones given
    as White (+), received as Black (-) (opengotha.md 1.2, SOSM: "plus h if p was White,
    minus h if p was Black")."""
    if game.white == player_id:
        return game.black, game.handicap
    return game.white, -game.handicap


# --------------------------------------------------------------------------- the scores


def smms(player: TournamentPlayer, params: TournamentParameters) -> int:
    """Return the starting McMahon score: clamp(rank, floor, bar) + 30 + correction (points).

    In a Swiss tournament too (OpenGotha computes it always; its McMahon zero is always 30k,
    whatever a file's ``genMMZero``). Placement: MMS.
    """
    rank = min(max(player.rank.value, params.floor.value), params.bar.value)
    return rank + 30 + player.smms_correction


def category(player: TournamentPlayer, params: TournamentParameters) -> int:
    """Return the player's category, 1 for the strongest: the first whose lower limit the
    rank reaches, else the last (OpenGotha ``Player.category``; placement: CAT)."""
    for number, limit in enumerate(params.category_limits, start=1):
        if player.rank.value >= limit.value:
            return number
    return len(params.category_limits) + 1


def special_points(at: After, player_id: str, score: Score) -> Fraction:
    """Return the bye and absence points of the rounds counted, summed, then rounded down when
    the tournament says so (opengotha.md 1.2: "only the accumulated special-result points are
    rounded down"; defaults: NBW bye 1, absence 0; MMS bye 1, absence ½)."""
    p = at.params
    bye, absent = (p.nbw_bye, p.nbw_absent) if score is Score.NBW else (p.mms_bye, p.mms_absent)
    total = ZERO
    for rnd in at.rounds():
        status = participation(at, player_id, rnd)
        total += bye if status is Participation.BYE else (
            absent if status is Participation.ABSENT else ZERO)
    return Fraction(math.floor(total)) if p.round_down else total


def nbw(at: After, player_id: str) -> Fraction:
    """Return NBW, the number of wins: the points of every game (a jigo ½), plus the bye and
    absence points (placement: "Number of wins (Swiss tournaments)"; opengotha.md 1.2 NBW)."""
    games = sum((round_points(at, player_id, rnd) for rnd in at.rounds()), ZERO)
    return games + special_points(at, player_id, Score.NBW)


def mms(at: After, player_id: str) -> Fraction:
    """Return MMS, the McMahon score: the starting score (:func:`smms`), the points of every
    game and the bye and absence points (placement: "Mac-Mahon score"; opengotha.md 1.2 MMS)."""
    start = smms(at.player(player_id), at.params)
    games = sum((round_points(at, player_id, rnd) for rnd in at.rounds()), ZERO)
    return start + games + special_points(at, player_id, Score.MMS)


def score(at: After, player_id: str, kind: Score) -> Fraction:
    """Return the player's NBW or MMS after the round."""
    return nbw(at, player_id) if kind is Score.NBW else mms(at, player_id)


def score_seen_by_opponents(at: After, player_id: str, kind: Score) -> Fraction:
    """Return the score of the player that their opponents' SOS and SODOS take: the score,
    or, with unplayed games counted as half a point, the points of the played games plus ½
    for each round without a played game (opengotha.md 1.2, "Virtual scores": a bye, an
    absence, no game, an unknown result or a forfeit; docs/placement.md)."""
    if not at.params.count_unplayed_as_half:
        return score(at, player_id, kind)
    total = Fraction(smms(at.player(player_id), at.params)) if kind is Score.MMS else ZERO
    for rnd in at.rounds():
        games = games_in_round(at, player_id, rnd)
        total += sum((g.points(player_id) for g in games if g.is_played), ZERO)
        if not games or not games[-1].is_played:
            total += HALF
    return total


# --------------------------------------------------------------------------- SOS, SOSOS, SODOS


def sos_terms(at: After, player_id: str, kind: Score) -> list[Fraction]:
    """Return SOS's value of each round: the opponent's score after the round (placement SOS:
    "the score at calculation time (and not at game time)"), for MMS corrected by the
    handicap; a round without a game gives 0 (SOSW) or the player's own starting score
    (SOSM) (opengotha.md 1.3)."""
    terms = []
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is None:
            own = smms(at.player(player_id), at.params)
            terms.append(ZERO if kind is Score.NBW else Fraction(own))
            continue
        opponent, handicap = opponent_and_handicap(game, player_id)
        value = score_seen_by_opponents(at, opponent, kind)
        terms.append(value + handicap if kind is Score.MMS else value)
    return terms


def sos(at: After, player_id: str, kind: Score) -> Fraction:
    """Return SOS, the "Sum of Opponents Scores" (placement: SOS; SOSW over NBW, SOSM over
    MMS): the sum of :func:`sos_terms`."""
    return sum(sos_terms(at, player_id, kind), ZERO)


def sos_minus(at: After, player_id: str, kind: Score, dropped: int) -> Fraction:
    """Return SOS-1 (``dropped`` 1) or SOS-2 (2): SOS without the lowest one or two of its
    round values (opengotha.md 1.2 "SOS-1 / SOS-2"). After round 1 both are 0; after round 2
    SOS-2 is 0 and SOS-1 the higher value, but SOSM-1 0 when ``sosm_minus_defect`` reproduces
    OpenGotha (docs/placement.md)."""
    terms = sos_terms(at, player_id, kind)
    if at.round == 1 or (at.round == 2 and dropped == 2):
        return ZERO
    if at.round == 2:
        return ZERO if kind is Score.MMS and at.params.sosm_minus_defect else max(terms)
    return sum(sorted(terms)[dropped:], ZERO)


def sosos(at: After, player_id: str, kind: Score) -> Fraction:
    """Return SOSOS, the "Sum of Opponents SOS" (placement: SOSOS): each opponent's SOS after
    the round; a round without a game adds 0 (SOSOSW) or the player's own starting score
    times the rounds counted (SOSOSM) (opengotha.md 1.3)."""
    total = ZERO
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is None:
            if kind is Score.MMS:
                total += smms(at.player(player_id), at.params) * at.round
            continue
        total += sos(at, game.opponent(player_id), kind)
    return total


def sodos(at: After, player_id: str, kind: Score) -> Fraction:
    """Return SODOS, the "Sum of Defeated Opponents scores" (placement: SODOS): for each round,
    the opponent's score (the one SOS takes, handicap-corrected for MMS) times the player's
    points in the round's game: a win the whole score, a jigo half of it, forfeit wins too
    (opengotha.md 1.2 SODOSW). A player with several games in a round: the points of the game
    that SOS takes (OpenGotha ``Tournament.fillBaseScoringInfoIfNecessary``:
    ``getWX2(g, sp)`` of ``sp.getGame(rr)``), not of every game."""
    total = ZERO
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is None:
            continue
        opponent, handicap = opponent_and_handicap(game, player_id)
        value = score_seen_by_opponents(at, opponent, kind)
        if kind is Score.MMS:
            value += handicap
        total += game.points(player_id) * value
    return total


def sodos_of_results(results: Iterable[tuple[Fraction, Fraction]]) -> Fraction:
    """Return SODOS over given results (placement: SODOS), for other competitions (a Swiss
    league): ``results`` holds, for each game that counts, ``(points the player scored in it,
    the opponent's score)``: a win adds the opponent's whole score, a jigo half of it, a loss
    nothing. Forfeit wins count (OpenGotha SODOSW).
    """
    return sum((points * opponent_score for points, opponent_score in results), ZERO)


# --------------------------------------------------------------------------- CUSS, ExT, ExR


def cuss(at: After, player_id: str, kind: Score) -> Fraction:
    """Return CUSS, the "CUmulative Sum of Scores" (placement: CUSS): "CUSS after round n is
    the CUSS of round n-1 plus the score of the player himself after round n" (CUSSM starts
    from the starting score, so each round adds it once: opengotha.md 1.2)."""
    return sum((score(at.earlier(rnd), player_id, kind) for rnd in at.rounds()), ZERO)


def exploit_coefficient(at: After, game: TournamentGame, player_id: str) -> int:
    """Return the game's difficulty for the player (placement: ExT, ExR): the actual handicap
    AH (the stones as :func:`opponent_and_handicap` gives them) against the natural handicap
    NH (the rank difference): "if AH < NH, then coef = 0 (easy game); if AH = NH, then coef =
    1 (normal game); if AH = NH +1 then coef = 2 (difficult game); if AH >= NH +2 then coef =
    3 (very difficult game)"."""
    opponent, actual = opponent_and_handicap(game, player_id)
    natural = at.player(player_id).rank.value - at.player(opponent).rank.value
    if actual < natural:
        return 0
    return min(actual - natural + 1, 3)


def ext(at: After, player_id: str) -> Fraction:
    """Return ExT, "Exploits Tentés": "the sum of opponents scores, with coef as a weight
    factor" (placement: ExT), the opponents' number of wins also in a McMahon tournament
    (opengotha.md 1.2 EXT)."""
    total = ZERO
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is not None:
            opponent = game.opponent(player_id)
            total += exploit_coefficient(at, game, player_id) * nbw(at, opponent)
    return total


def exr(at: After, player_id: str) -> Fraction:
    """Return ExR, "Exploits Réussis": "the sum of defeated opponents scores, with coef as a
    weight factor" (placement: ExR): as :func:`ext` over the rounds whose game the player won
    (a win, a forfeit win, both win; opengotha.md 1.2 EXR); with several games in a round,
    the game that SOS takes (OpenGotha: ``bWin`` of ``sp.getGame(rr)``)."""
    total = ZERO
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is not None and game.points(player_id) == ONE:
            opponent = game.opponent(player_id)
            total += exploit_coefficient(at, game, player_id) * nbw(at, opponent)
    return total


# --------------------------------------------------------------------------- CPS, STS, SOSTS


def cps(at: After, player_id: str) -> Fraction:
    """Return CPS, the cup score: each round doubles the earlier score and adds the round's
    points, then the bye and absence points (NBW values) are added once, without doubling
    (opengotha.md 1.2 CPS; docs/placement.md)."""
    cup = ZERO
    for rnd in at.rounds():
        cup = 2 * cup + round_points(at, player_id, rnd)
    return cup + special_points(at, player_id, Score.NBW)


def sts(at: After, player_id: str) -> Fraction:
    """Return STS, the Strasbourg score: MMS, plus 2 from the quarter-final (round N-2 of N) on
    and 2 more from the semi-final (round N-1) on, each when the player's MMS after that round
    is the bar's starting score (30 + the bar's rank) plus one win per round
    (opengotha.md 1.2 STS; docs/placement.md: no bonus for a round before the first)."""
    total = mms(at, player_id)
    rounds, bar_start = at.tournament.rounds, 30 + at.params.bar.value
    for bracket_round in (rounds - 2, rounds - 1):
        if 1 <= bracket_round <= at.round and (
                mms(at.earlier(bracket_round), player_id) == bar_start + bracket_round):
            total += 2
    return total


def sosts(at: After, player_id: str) -> Fraction:
    """Return SOSTS, the sum of the opponents' STS, handicap-corrected as SOSM; a round without
    a game counts the player's own starting score. With unplayed games counted as half a
    point, each opponent's STS counts 0 (OpenGotha's never-filled "virtual" STS, reproduced:
    docs/placement.md)."""
    total = ZERO
    for rnd in at.rounds():
        game = the_game(at, player_id, rnd)
        if game is None:
            total += smms(at.player(player_id), at.params)
            continue
        opponent, handicap = opponent_and_handicap(game, player_id)
        opponent_sts = ZERO if at.params.count_unplayed_as_half else sts(at, opponent)
        total += opponent_sts + handicap
    return total


# --------------------------------------------------------------------------- every criterion


def criterion_value(at: After, player_id: str, criterion: Criterion) -> Fraction:
    """Return one criterion's value for the player after the round, by the functions above
    (CAT as the category's number, lower is better; DC and SDC, which depend on the tied
    group, are 0 here: see :mod:`.rules_standings`)."""
    player = at.player(player_id)
    by_name = {
        Criterion.NBW: lambda: nbw(at, player_id),
        Criterion.MMS: lambda: mms(at, player_id),
        Criterion.SOSW: lambda: sos(at, player_id, Score.NBW),
        Criterion.SOSM: lambda: sos(at, player_id, Score.MMS),
        Criterion.SOSW_1: lambda: sos_minus(at, player_id, Score.NBW, 1),
        Criterion.SOSW_2: lambda: sos_minus(at, player_id, Score.NBW, 2),
        Criterion.SOSM_1: lambda: sos_minus(at, player_id, Score.MMS, 1),
        Criterion.SOSM_2: lambda: sos_minus(at, player_id, Score.MMS, 2),
        Criterion.SOSOSW: lambda: sosos(at, player_id, Score.NBW),
        Criterion.SOSOSM: lambda: sosos(at, player_id, Score.MMS),
        Criterion.SODOSW: lambda: sodos(at, player_id, Score.NBW),
        Criterion.SODOSM: lambda: sodos(at, player_id, Score.MMS),
        Criterion.CUSSW: lambda: cuss(at, player_id, Score.NBW),
        Criterion.CUSSM: lambda: cuss(at, player_id, Score.MMS),
        Criterion.EXT: lambda: ext(at, player_id),
        Criterion.EXR: lambda: exr(at, player_id),
        Criterion.CPS: lambda: cps(at, player_id),
        Criterion.STS: lambda: sts(at, player_id),
        Criterion.SOSTS: lambda: sosts(at, player_id),
        Criterion.RANK: lambda: Fraction(player.rank.value),
        Criterion.RATING: lambda: Fraction(player.rating or 0),
        Criterion.CAT: lambda: Fraction(category(player, at.params)),
        Criterion.DC: lambda: ZERO,
        Criterion.SDC: lambda: ZERO,
    }
    return by_name[criterion]()


def values_by_rule(t: Tournament, after_round: int) -> dict[str, dict[Criterion, Fraction]]:
    """Return every criterion's value for every registered player after round ``after_round``
    (1-based), as :func:`~.fast.compute_values` returns them (DC and SDC 0), one criterion
    function at a time. Raises ValueError for a round outside 1..``t.rounds``."""
    if not 1 <= after_round <= t.rounds:
        raise ValueError(f"round {after_round} is outside 1..{t.rounds}")
    at = After(t, after_round)
    return {p.id: {c: criterion_value(at, p.id, c) for c in Criterion} for p in t.players}
