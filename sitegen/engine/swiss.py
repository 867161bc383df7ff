"""The Swiss league: tournaments of best-of-three matches, their standings, the league table.

Source: ../shared/rules/002_26d12e6ad94aa01f.txt. Rule ids used in docstrings and tests:

- "swiss: tournaments": matches, forfeits, drops, late entries, scoring, standings;
- "swiss: the league": league score (best three), 4th/5th/6th tie-breaks, shared places and
  the deciding match.

Pure functions over frozen dataclasses; every score is an exact :class:`~fractions.Fraction`.
Pairing lives in :mod:`sitegen.engine.pairing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from ..model.swiss import LOSS, DecidingMatch, SwissLeague, SwissTournament

# --------------------------------------------------------------------------- presence, scores


def dropped_after(tournament: SwissTournament, player: str) -> int | None:
    """Return the round after which ``player`` was dropped as a no-show, or None."""
    for rnd in sorted(tournament.rounds, key=lambda r: r.number):
        if player in rnd.dropped:
            return rnd.number
    return None


def is_present(tournament: SwissTournament, player: str, round_no: int) -> bool:
    """Return True when ``player`` takes part in round ``round_no`` (swiss: tournaments).

    A player takes part from their entry's ``first_round`` to its ``last_round`` and not
    after a round in which they were dropped as a no-show.
    """
    entry = tournament.entry(player)
    if entry is None or round_no < entry.first_round:
        return False
    if entry.last_round is not None and round_no > entry.last_round:
        return False
    dropped = dropped_after(tournament, player)
    return dropped is None or round_no <= dropped


def withdrawn_before(tournament: SwissTournament, round_no: int) -> dict[str, int]:
    """Return ``{player: last round played}`` for the players who withdrew before round
    ``round_no`` and have no match nor bye in it (swiss: tournaments): an announced exit (their
    entry's ``last_round`` is before it) or a no-show dropped in an earlier round. A player who
    had not entered by then (``first_round`` later) did not withdraw and is not listed."""
    rnd = tournament.round(round_no)
    seated = rnd.players() if rnd is not None else set()
    out: dict[str, int] = {}
    for entry in tournament.entries:
        if entry.first_round > round_no or entry.player in seated:
            continue
        ends = [n for n in (entry.last_round, dropped_after(tournament, entry.player))
                if n is not None and n < round_no]
        if ends:
            out[entry.player] = min(ends)
    return out


def present_players(tournament: SwissTournament, round_no: int) -> list[str]:
    """Return the ids of the players present in round ``round_no``, sorted (as
    :func:`is_present`, in one pass)."""
    dropped: dict[str, int] = {}
    for rnd in sorted(tournament.rounds, key=lambda r: r.number, reverse=True):
        for player in rnd.dropped:
            dropped[player] = rnd.number
    return sorted(
        e.player for e in tournament.entries
        if e.first_round <= round_no
        and (e.last_round is None or round_no <= e.last_round)
        and (e.player not in dropped or round_no <= dropped[e.player]))


def scores(tournament: SwissTournament, through_round: int | None = None) -> dict[str, Fraction]:
    """Return every entered player's tournament score after ``through_round`` (None: all
    rounds), in points: 1 a match win, 1/2 a 1-1, the bye value for a bye (swiss: tournaments).
    """
    out = {e.player: LOSS for e in tournament.entries}
    for rnd in tournament.rounds:
        if through_round is not None and rnd.number > through_round:
            continue
        if rnd.bye is not None:
            out[rnd.bye] = out.get(rnd.bye, LOSS) + tournament.settings.bye_value
        for match in rnd.matches:
            for player in match.players:
                out[player] = out.get(player, LOSS) + match.points(player)
    return out


def participated(tournament: SwissTournament) -> set[str]:
    """Return the players who played in the tournament (a match, a forfeit or a bye)."""
    out: set[str] = set()
    for rnd in tournament.rounds:
        out |= rnd.players()
    return out


@dataclass(frozen=True)
class SwissStandingRow:
    """One row of a tournament's standings."""

    place: int
    """1-based; tied players share the place."""
    player: str
    score: Fraction
    """Tournament score in points."""
    league_score: Fraction
    """League score before this tournament: the first tie-break."""
    shared: bool
    """True when the place is shared."""


def standings(tournament: SwissTournament, through_round: int | None = None,
              league_scores: Mapping[str, Fraction] | None = None) -> list[SwissStandingRow]:
    """Return the standings after ``through_round`` (None: all rounds) (swiss: tournaments).

    Order: tournament score, then the league score before this tournament (pairing criterion
    2, the only tie-break the rule text names), then a shared place; rows of a shared place
    are listed by player id. Only players who have played at least once are listed.

    Integration point: the placement engine's tie-breaks (SOS, SODOS, ...) are meant to sit
    between the league score and the shared place; pass them in when it is ready.
    """
    league_scores = league_scores or {}
    played: set[str] = set()
    for rnd in tournament.rounds:
        if through_round is None or rnd.number <= through_round:
            played |= rnd.players()
    score = scores(tournament, through_round)
    keyed = sorted(played, key=lambda p: (-score[p], -league_scores.get(p, LOSS), p))
    rows: list[SwissStandingRow] = []
    for i, player in enumerate(keyed):
        key = (score[player], league_scores.get(player, LOSS))
        if rows and (rows[-1].score, rows[-1].league_score) == key:
            place = rows[-1].place
        else:
            place = i + 1
        rows.append(SwissStandingRow(place, player, key[0], key[1], False))
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.place] = counts.get(row.place, 0) + 1
    return [SwissStandingRow(r.place, r.player, r.score, r.league_score, counts[r.place] > 1)
            for r in rows]


# --------------------------------------------------------------------------- the league


def league_score(tournament_scores: Iterable[Fraction], counted: int = 3) -> Fraction:
    """Return the sum of the ``counted`` best tournament scores (swiss: the league)."""
    best = sorted(tournament_scores, reverse=True)
    return sum(best[:counted], LOSS)


def league_scores(league: SwissLeague, before: str | None = None) -> dict[str, Fraction]:
    """Return each player's league score, counting tournaments before the one with id
    ``before`` (None: all). This is pairing criterion 2 for tournament ``before``."""
    per_player: dict[str, list[Fraction]] = {}
    for tournament in league.tournaments:
        if tournament.id == before:
            break
        score = scores(tournament)
        for player in participated(tournament):
            per_player.setdefault(player, []).append(score[player])
    return {p: league_score(s, league.settings.counted) for p, s in per_player.items()}


@dataclass(frozen=True)
class SwissLeagueRow:
    """One row of the league table (swiss: the league)."""

    place: int
    """1-based; players still tied after all tie-breaks and deciding matches share it."""
    player: str
    tournament_scores: tuple[Fraction | None, ...]
    """Score per tournament of the league, None where the player did not take part."""
    counted: tuple[int, ...]
    """Indexes into ``tournament_scores`` of the counted (best) scores."""
    league_score: Fraction
    tiebreaks: tuple[Fraction, ...]
    """The 4th, 5th and 6th best scores (0 for tournaments not played)."""
    shared: bool
    """True when the place is shared."""
    deciding_match_possible: bool
    """True when tied on league score and every tie-break: a deciding match may be played."""
    deciding_points: Fraction | None = None
    """Points from deciding matches among the tied players, when any were entered."""


def league_table(league: SwissLeague) -> list[SwissLeagueRow]:
    """Return the league table: league score (best ``counted`` tournament scores), then the
    next best scores in turn (4th, 5th, 6th), then deciding matches (swiss: the league).

    A player joins the table with their first tournament. Players equal on all of these
    share the place; ``deciding_match_possible`` says a deciding match may be played. Deciding
    matches (``league.deciding_matches``) between players of one tie order them by the match
    points won in them; players still equal keep sharing. Counted tournaments among equal
    scores are the earliest ones.
    """
    settings = league.settings
    n = len(league.tournaments)
    per: dict[str, list[Fraction | None]] = {}
    for i, tournament in enumerate(league.tournaments):
        score = scores(tournament)
        for player in participated(tournament):
            per.setdefault(player, [None] * n)[i] = score[player]
    depth = max(settings.tournaments, n)
    data = {}
    for player, row in per.items():
        played = {i: points for i, points in enumerate(row) if points is not None}
        ranked = sorted(played, key=lambda i: (-played[i], i))
        best = [played[i] for i in ranked] + [LOSS] * (depth - len(ranked))
        counted = tuple(sorted(ranked[:settings.counted]))
        data[player] = (sum(best[:settings.counted], LOSS), tuple(best[settings.counted:depth]),
                        counted)
    key = {p: (d[0], d[1]) for p, d in data.items()}
    groups: dict[tuple, list[str]] = {}
    for player, k in key.items():
        groups.setdefault(k, []).append(player)
    rows: list[SwissLeagueRow] = []
    place = 1
    for k in sorted(groups, reverse=True):
        tied = sorted(groups[k])
        decided = _deciding_points(league.deciding_matches, tied) if len(tied) > 1 else {}
        sub: dict[Fraction | None, list[str]] = {}
        for player in tied:
            sub.setdefault(decided.get(player), []).append(player)
        for dp in sorted(sub, key=lambda v: -(v if v is not None else 0)):
            members = sorted(sub[dp])
            for player in members:
                d = data[player]
                rows.append(SwissLeagueRow(place, player, tuple(per[player]), d[2], d[0], d[1],
                                      len(members) > 1, len(tied) > 1, dp))
            place += len(members)
    return rows


def _deciding_points(matches: Iterable[DecidingMatch], tied: list[str]) -> dict[str, Fraction]:
    """Return match points won in deciding matches among ``tied`` (empty when none)."""
    members = set(tied)
    points: dict[str, Fraction] = {}
    for match in matches:
        if match.first in members and match.second in members:
            a, b = match.result.points()
            points[match.first] = points.get(match.first, LOSS) + a
            points[match.second] = points.get(match.second, LOSS) + b
    if not points:
        return {}
    return {p: points.get(p, LOSS) for p in tied}
