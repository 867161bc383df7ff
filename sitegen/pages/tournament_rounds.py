"""What the standings pages of a tournament read of its games round by round: the results
still to come after a round, the rounds without a game, whether standings are final
(docs/urls.md, "Tournament pages"), counted once for all the pages of a tournament
(:func:`rounds_played`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..model.tournament import GameResult, Tournament


def rounds_without_games(t: Tournament, last: int) -> list[int]:
    """Return the rounds 1..``last`` in which no game was played (byes and absences at most)."""
    played = {g.round for g in t.games}
    return [r for r in range(1, last + 1) if r not in played]


def results_to_come(t: Tournament, r: int) -> int:
    """Return how many games of rounds 1 to ``r`` are paired without a result yet (``?``)."""
    return sum(1 for g in t.games if g.round <= r and g.result is GameResult.UNKNOWN)


def final_after(t: Tournament, r: int, to_come: int | None = None) -> bool:
    """Return whether the standings after round ``r`` are the final standings: the
    tournament's last round, and every game with a result (``to_come``: the
    :func:`results_to_come` of ``r``, when known: it reads every game)."""
    return r == t.rounds and not (results_to_come(t, r) if to_come is None else to_come)


@dataclass(frozen=True)
class RoundsPlayed:
    """What the standings pages of a tournament read of its games round by round, counted once
    for all its pages (:func:`rounds_played`): each page read every game twice for it, 1.8
    million games for the 885 pages of the scale-0.3 archive of ``bench/synthetic.py``."""

    to_come: tuple[int, ...]
    """``to_come[r]``: :func:`results_to_come` of round ``r`` (0 to the tournament's rounds)."""
    played: frozenset[int]
    """The rounds in which a game was played."""

    def without_games(self, r: int) -> list[int]:
        """Return :func:`rounds_without_games` of round ``r``."""
        return [k for k in range(1, r + 1) if k not in self.played]


def rounds_played(t: Tournament) -> RoundsPlayed:
    """Return the :class:`RoundsPlayed` of ``t``, reading its games once."""
    unknown = Counter(g.round for g in t.games if g.result is GameResult.UNKNOWN)
    to_come = [0]
    for r in range(1, t.rounds + 1):
        to_come.append(to_come[-1] + unknown[r])
    return RoundsPlayed(tuple(to_come), frozenset(g.round for g in t.games))
