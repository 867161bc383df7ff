"""The league's final round: who plays it, with which advantage, and its result.

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"), part "Final Round" and footnotes
[7], [8]: the direct promotion spots of division A qualify (B.1, B.3), the defending champion
if eligible, else the next of division A by D (B.3). Split from :mod:`sitegen.engine.league`,
whose direct moves (B) and priority (D) it uses; pure functions, exact Fractions, every
decision with its reason as data (:class:`~sitegen.engine.league_reasons.Reason`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Mapping

from ..model.common import Game
from ..model.league import LeagueSettings, PlayerInfo, Season
from .league import Decision, DivisionMoves, Move, Tie, decided_by_d2, direct_moves, find_ties
from .league_reasons import Reason, reason
from .standings import StandingRow, group_standings


@dataclass(frozen=True)
class Finalist:
    """One player of the final round."""

    player: str
    rule: str
    reason: Reason
    advantaged: bool
    """Advantaged position: ``bonus`` extra gamepoints for the round ([7])."""
    bonus: Fraction
    decided_by: str | None = None
    """The criterion of D.2 that gave the place among players equal on D.1, if one did (the
    third place by B.3)."""


@dataclass(frozen=True)
class FinalRound:
    """The three players of the final round, or a void title."""

    finalists: tuple[Finalist, ...]
    void: bool
    decisions: tuple[Decision, ...]
    ties: tuple[Tie, ...] = ()
    """Places in the final round that a tie decides (D.2): the direct promotion spots of
    division A, or the third place (B.3)."""


def final_round(season: Season, defending_champion: str | None = None,
                info: Mapping[str, PlayerInfo] = {}, settings: LeagueSettings = LeagueSettings(),
                declined: Iterable[str] = (), withdrawn: Iterable[str] = ()) -> FinalRound:
    """Return who plays the final round and with which advantage (final round, [7], [8]).

    The two direct promotions of division A (its group leaders, B.1) qualify. The third is
    the defending champion if eligible ([8]: played division A this season, not in a
    demotion spot, not withdrawn), else the next of division A by B.3 (D order) who scored
    no fewer gamepoints than the champion or placed 4th or better in division A. A finalist
    in ``declined`` is replaced by the next eligible player under the same rules; when three
    cannot be found the title is void. Advantaged positions: the champion if a group leader,
    else both group leaders. ``withdrawn`` adds season withdrawals to the groups' own.
    """
    if not season.divisions:
        return FinalRound((), True, ())
    total = sum(len(g.players) for d in season.divisions for g in d.groups)
    if total < settings.min_season_players:
        return FinalRound((), True, ())
    top = direct_moves(season, info, settings)[0]
    division = season.divisions[0]
    gone = set(withdrawn) | {p for g in division.groups for p in g.withdrawn}
    unavailable = gone | set(declined)
    rows = {row.player: row for g in division.groups for row in group_standings(g)}
    champion_ok = (defending_champion in rows and defending_champion not in top.demoted
                   and defending_champion not in gone)
    decisions: list[Decision] = []
    chosen = _direct_finalists(top, unavailable, division.name, decisions)

    if champion_ok and defending_champion is not None \
            and defending_champion not in [c[0] for c in chosen] \
            and defending_champion not in unavailable:
        chosen.append((defending_champion, "[8]", reason("CHAMPION_ELIGIBLE"), None))
    elif defending_champion is not None and not champion_ok:
        decisions.append(Decision(defending_champion, Move.STAYS, "[8]",
                                  reason("CHAMPION_NOT_ELIGIBLE"), None, None))

    bar = rows[defending_champion].gamepoints if defending_champion in rows else None
    ties = [replace(tie, spot="final round") for tie in top.ties if tie.spot == "promotion"]
    ties += _add_next_by_b3(chosen, top, rows, bar, unavailable, settings, info)
    if len(chosen) < 3:
        decisions.append(Decision(defending_champion or "-", Move.STAYS, "final round",
                                  reason("TITLE_VOID")))
        return FinalRound((), True, tuple(decisions), tuple(ties))
    final = _seated_finalists(chosen, top, defending_champion, division.name, settings, decisions)
    return replace(final, ties=tuple(ties))


Chosen = list[tuple[str, str, Reason, str | None]]
"""Finalists so far, as (player, rule, why, the criterion of D.2 that decided, if one did)."""


def _direct_finalists(top: DivisionMoves, unavailable: set[str], division: str,
                      decisions: list[Decision]) -> Chosen:
    """Return the direct promotions of division A who play the final, as (player, rule, why,
    decided_by) (final round, B.1, B.3); record the others as not playing."""
    chosen = []
    for player in top.promoted:
        if player in unavailable:
            decisions.append(Decision(player, Move.WITHDREW, "final round",
                                      reason("FINALIST_DOES_NOT_PLAY", division=division),
                                      division, None))
        else:
            why = reason("FINALIST_LEADER" if player in top.leaders else "FINALIST_NEXT",
                         division=division)
            chosen.append((player, top.rule.get(player, "B.1"), why, top.decided_by.get(player)))
    return chosen


def _add_next_by_b3(chosen: Chosen, top: DivisionMoves,
                    rows: Mapping[str, StandingRow], bar: Fraction | None, unavailable: set[str],
                    settings: LeagueSettings, info: Mapping[str, PlayerInfo]) -> list[Tie]:
    """Fill ``chosen`` up to three with the next players of division A by D (B.3) who are not
    in a demotion spot and scored no fewer gamepoints than the champion (``bar``) or placed
    ``settings.final_place_limit`` or better (final round); return the tie the choice cuts
    through, if any (D.2). Players tied by the rules share their place; a player D.2 set
    apart from others equal on D.1 notes its criterion (:func:`decided_by_d2`)."""
    place: dict[str, int] = {}
    for tied in top.classes:
        shared = len(place) + 1
        place.update((player, shared) for player in tied)
    taken = {c[0] for c in chosen}
    pool = [p for p in top.order if p not in taken and p not in top.demoted and p not in unavailable
            and ((bar is not None and rows[p].gamepoints >= bar)
                 or place[p] <= settings.final_place_limit)]
    picked = pool[:max(0, 3 - len(chosen))]
    decided = decided_by_d2(top.main_classes, pool, picked, info, settings)
    for player in picked:
        enough = bar is not None and rows[player].gamepoints >= bar
        why = (reason("THIRD_BY_POINTS") if enough
               else reason("THIRD_BY_PLACE", place=place[player], division=top.name))
        chosen.append((player, "B.3", why, decided.get(player)))
    return find_ties(top.classes, pool, picked, "final round", "B.3", top.name, info)


def _seated_finalists(chosen: Chosen, top: DivisionMoves,
                      defending_champion: str | None, division: str, settings: LeagueSettings,
                      decisions: list[Decision]) -> FinalRound:
    """Return the final round of the ``chosen`` three: advantaged are the champion if one of
    the first two direct promotions, else those two ([7])."""
    automatic = [p for p in top.promoted if p in [c[0] for c in chosen]][:2]
    if defending_champion in automatic:
        advantaged = {defending_champion}
    else:
        advantaged = set(automatic)
    finalists = []
    for player, rule, why, decided_by in chosen:
        bonus = settings.finalist_advantage if player in advantaged else Fraction(0)
        finalists.append(Finalist(player, rule, why, player in advantaged, bonus, decided_by))
        decisions.append(Decision(player, Move.FINALIST, rule, why, division, division,
                                  decided_by))
    return FinalRound(tuple(finalists), False, tuple(decisions))


@dataclass(frozen=True)
class FinalResult:
    """The final round's result by its games (final round, footnote [7])."""

    points: Mapping[str, Fraction]
    """Each finalist's gamepoints in the final's games, the advantage not included."""
    totals: Mapping[str, Fraction]
    """The same with the advantaged positions' extra gamepoints ([7])."""
    champion: str | None
    """The winner by the games, None while undecided."""
    level: tuple[str, ...] = ()
    """When every game is played and no rule decides: the leaders who end level."""
    complete: bool = False
    """Every game between the three finalists has a counting result."""


def final_result(final: FinalRound, games: Iterable[Game]) -> FinalResult:
    """Return who won the final round by its ``games`` (final round, [7]).

    "The one to win two games is crowned champion": a finalist with two gamepoints wins. When
    every game is played and nobody won two (each won one, a three-way tie), the advantaged
    positions break the tie: their extra gamepoint ([7]) decides, and two advantaged leaders
    who end level leave the title undecided (``level``). Jigos count half a gamepoint.
    """
    finalists = [f.player for f in final.finalists]
    bonus = {f.player: f.bonus for f in final.finalists}
    points = {p: Fraction(0) for p in finalists}
    games = [g for g in games if g.result.counts and all(p in points for p in g.players)]
    for game in games:
        for player in game.players:
            points[player] += game.points(player)
    totals = {p: points[p] + bonus[p] for p in finalists}
    pairs = {frozenset(g.players) for g in games}
    complete = len(finalists) == 3 and all(frozenset((a, b)) in pairs for i, a in enumerate(finalists)
                                           for b in finalists[i + 1:])
    two = [p for p in finalists if points[p] >= 2]
    if len(two) == 1:
        return FinalResult(points, totals, two[0], (), complete)
    if not complete:
        return FinalResult(points, totals, None, (), complete)
    best = max(points.values())
    leaders = [p for p in finalists if points[p] == best]
    if len(leaders) > 1:
        best = max(totals[p] for p in leaders)
        leaders = [p for p in leaders if totals[p] == best]
    if len(leaders) == 1:
        return FinalResult(points, totals, leaders[0], (), complete)
    return FinalResult(points, totals, None, tuple(sorted(leaders)), complete)
