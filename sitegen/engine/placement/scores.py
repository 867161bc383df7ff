"""The fast form's base scores: every player's points, NBW, MMS, CPS and STS after each round,
computed once per tournament (OpenGotha ``Tournament.fillBaseScoringInfo``; placement: NBW,
MMS; ../shared/reference/opengotha.md 1.2). :mod:`.fast` computes the criteria from them.

Scores are kept as ints where whole (see :func:`exact`): as exact as Fractions, and much
cheaper to add. The same scores read as the rule text in :mod:`.rules` (:func:`~.rules.nbw`,
:func:`~.rules.mms`, :func:`~.rules.cps`, :func:`~.rules.sts`).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...model.tournament import GameResult, Tournament, TournamentGame
from .rows import HALF, Participation, game_suffix, no_game_string
from .rules import category, smms

Score = Fraction | int
"""A score inside the fast form: an int where whole, else a Fraction."""


def exact(x: Fraction) -> Score:
    """Return ``x`` as an int when it is whole: exact, and much cheaper to add than a Fraction."""
    return x.numerator if x.denominator == 1 else x


def game_points(game: TournamentGame, player_id: str) -> Score:
    """Return :meth:`TournamentGame.points` as an int where whole (1, 0; ½ stays a Fraction)."""
    result = game.result
    if result is GameResult.WHITE_WINS:
        return 1 if player_id == game.white else 0
    if result is GameResult.BLACK_WINS:
        return 1 if player_id == game.black else 0
    if result is GameResult.JIGO:
        return HALF
    if result is GameResult.BOTH_WIN:
        return 1
    return 0


class BaseScores:
    """All per-round base scores of one tournament (OpenGotha ``fillBaseScoringInfo``), for
    rounds 1..``last_index + 1``: every list is indexed by round index (0 for round 1), so the
    scores after an earlier round are a prefix and one ``BaseScores`` serves the standings of
    every round.
    """

    def __init__(self, tournament: Tournament, last_index: int):
        self.tournament = tournament
        self.params = params = tournament.parameters
        self.rounds_counted = max(last_index + 1, 0)
        self.player_ids = player_ids = [pl.id for pl in tournament.players]
        self.players = {pl.id: pl for pl in tournament.players}
        self.game_of_round: dict[str, list[TournamentGame | None]] = {
            pid: [None] * self.rounds_counted for pid in player_ids}
        """Each player's game per round index: the last one listed (the one for SOS)."""
        self.participation: dict[str, list[Participation]] = {
            pid: [Participation.NOT_ASSIGNED] * self.rounds_counted for pid in player_ids}
        self.games_as_white: dict[str, list[TournamentGame]] = {}
        """Every game of the tournament (any round) by its White player (for DC and SDC)."""
        self.other_games_of_round: dict[tuple[str, int], list[TournamentGame]] = {}
        """A player's other games of a round (OpenGotha file): their points count, not them."""
        self._enter_rounds(tournament)
        self.start_mms = {pid: smms(self.players[pid], params) for pid in player_ids}
        self.category = {pid: category(self.players[pid], params) for pid in player_ids}
        self.rank = {pid: self.players[pid].rank.value for pid in player_ids}
        self.rating = {pid: exact(Fraction(self.players[pid].rating or 0)) for pid in player_ids}
        self.bye_points = (exact(params.nbw_bye), exact(params.mms_bye))
        """(NBW, MMS) points of a bye."""
        self.absence_points = (exact(params.nbw_absent), exact(params.mms_absent))
        """(NBW, MMS) points of a declared absence."""
        self.unplayed_as_half = params.count_unplayed_as_half
        self.round_points: dict[str, list[Score]] = {}
        """The points of the player's games in each round (every game of the round)."""
        self.nbw: dict[str, list[Score]] = {}
        self.mms: dict[str, list[Score]] = {}
        self.cps: dict[str, list[Score]] = {}
        self.nbw_virtual: dict[str, list[Score]] = {}
        """NBW after each round with every unplayed game counted ½ (count_unplayed_as_half)."""
        self.mms_virtual: dict[str, list[Score]] = {}
        self.sts: dict[str, list[Score]] = {}
        """STS after each round: MMS plus the Strasbourg bonuses (placement: STS)."""
        for pid in player_ids:
            self._base(pid)
            self.sts[pid] = self._strasbourg(self.mms[pid])
        self.opponents: dict[str, tuple[str | None, ...]] = {}
        """Each player's opponent per round (None without a game)."""
        self.game_text: dict[str, list[str]] = {}
        """Each player's game string per round (:attr:`PlacementRow.games`) without the
        opponent's row number (the whole string without a game)."""
        for pid in player_ids:
            self._game_strings(pid)
        self.fractions: dict[int, Fraction] = {}
        """One shared Fraction per whole value (Fractions are immutable; creating one is slow)."""

    def _enter_rounds(self, tournament: Tournament) -> None:
        """Fill the participation, the games per round and by White from ``tournament``: a
        game makes a player paired, else a bye, else a declared absence; a player's game listed
        last in a round is the one for SOS, the others go to ``other_games_of_round``."""
        participation, game_of_round = self.participation, self.game_of_round
        counted = self.rounds_counted
        for absence in tournament.absences:
            if 1 <= absence.round <= counted and absence.player in participation:
                participation[absence.player][absence.round - 1] = Participation.ABSENT
        for bye in tournament.byes:
            if 1 <= bye.round <= counted and bye.player in participation:
                participation[bye.player][bye.round - 1] = Participation.BYE
        for game in tournament.games:
            self.games_as_white.setdefault(game.white, []).append(game)
            if 1 <= game.round <= counted:
                index = game.round - 1
                for pid in (game.white, game.black):
                    if pid in participation:
                        participation[pid][index] = Participation.PAIRED
                        if (before := game_of_round[pid][index]) is not None:
                            self.other_games_of_round.setdefault((pid, index), []).append(before)
                        game_of_round[pid][index] = game

    def _game_strings(self, pid: str) -> None:
        """Set the player's opponents and game strings (without the opponent's row) per round."""
        opponents: list[str | None] = []
        texts: list[str] = []
        for index, game in enumerate(self.game_of_round[pid]):
            if game is None:
                opponents.append(None)
                texts.append(no_game_string(self.tournament, self.participation[pid][index]))
            else:
                opponents.append(game.opponent(pid))
                texts.append(game_suffix(game, pid))
        self.opponents[pid], self.game_text[pid] = tuple(opponents), texts

    def _base(self, pid: str) -> None:
        """Set the player's points, NBW, MMS, CPS and virtual NBW and MMS per round (placement:
        NBW, MMS, CPS; OpenGotha: bye and absence points summed, then rounded down)."""
        start = self.start_mms[pid]
        participation, game_of_round = self.participation[pid], self.game_of_round[pid]
        bye_points, absence_points = self.bye_points, self.absence_points
        round_down = self.params.round_down
        games_points: Score = 0
        nbw_special: Score = 0
        mms_special: Score = 0
        cup: Score = 0
        points_list: list[Score] = []
        nbw: list[Score] = []
        mms: list[Score] = []
        cps: list[Score] = []
        nbw_virtual: list[Score] = []
        mms_virtual: list[Score] = []
        played_points: Score = 0
        unplayed = 0
        for index in range(self.rounds_counted):
            game = game_of_round[index]
            points: Score = 0
            round_nbw_special: Score = 0
            round_mms_special: Score = 0
            if game is not None:  # the last game of the round, and the points of every game
                for other in (*self.other_games_of_round.get((pid, index), ()), game):
                    points += game_points(other, pid)
                    played_points += game_points(other, pid) if other.is_played else 0
                games_points += points
                unplayed += 0 if game.is_played else 1
            else:
                unplayed += 1
                status = participation[index]
                if status is Participation.BYE:
                    round_nbw_special, round_mms_special = bye_points
                elif status is Participation.ABSENT:
                    round_nbw_special, round_mms_special = absence_points
            nbw_special += round_nbw_special
            mms_special += round_mms_special
            nbw_extra, mms_extra = ((math.floor(nbw_special), math.floor(mms_special))
                                    if round_down else (nbw_special, mms_special))
            nbw.append(games_points + nbw_extra)
            mms.append(start + games_points + mms_extra)
            # the games' points double each round; the bye and absence points do not
            # (OpenGotha adds the NBW ones, as for NBW, after the doubling)
            cup = 2 * cup + points
            cps.append(cup + nbw_extra)
            points_list.append(points)
            if self.unplayed_as_half:
                nbw_virtual.append(exact(played_points + HALF * unplayed))
                mms_virtual.append(exact(start + played_points + HALF * unplayed))
        self.round_points[pid], self.nbw[pid], self.mms[pid] = points_list, nbw, mms
        self.cps[pid], self.nbw_virtual[pid], self.mms_virtual[pid] = cps, nbw_virtual, mms_virtual

    def _strasbourg(self, mms: list[Score]) -> list[Score]:
        """Return the STS after each round from the MMS: 2 points more from the quarter-final
        (round ``rounds - 2``) on for a player whose MMS after it is the bar's starting score
        plus a win in each of those rounds, and 2 more from the semi-final on likewise
        (OpenGotha ``fillBaseScoringInfo`` 2b, which counts the bar's score as 30 + the bar's
        rank whatever the zero). No bonus for a round before the first (fewer than 3 rounds).
        """
        sts = list(mms)
        rounds, top = self.tournament.rounds, 30 + self.params.bar.value
        for index, target in ((rounds - 3, top + rounds - 2), (rounds - 2, top + rounds - 1)):
            if 0 <= index < len(mms) and mms[index] == target:
                for later in range(index, len(sts)):
                    sts[later] += 2
        return sts

    def as_fraction(self, x: Score) -> Fraction:
        """Return an internal score (int or Fraction) as a Fraction."""
        if type(x) is int:
            f = self.fractions.get(x)
            if f is None:
                f = self.fractions[x] = Fraction(x)
            return f
        return x if isinstance(x, Fraction) else Fraction(x)
