"""A league's first season: divisions and groups formed from the sign-ups alone (A, C, E.1).

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"); docs/league-rules.md, "The first
season", has the readings taken. Every player is new (C.1) and nobody has merits (no D.1), so
the divisions are filled from the top (E.1) in the order of D.2 (rank first), each up to its
ideal size (A.i), within the division restrictions per rank (C.3, C.4). The steps are those of
:mod:`sitegen.engine.league_next` for a later season's new players, over the same
:class:`~sitegen.engine.league_next.Formation` state. Pure functions, no I/O.
"""

from __future__ import annotations

from ..model.league import DivisionRestrictions, LeagueSettings, Season
from .league_reasons import reason
from .league import Move, secondary_order, starting_gamepoints
from .league_next import (Formation, NextSeasonPlan, Signups, _outcomes, _signed_up,
                          absorb_the_rest, check_restrictions, division_capacity, form_groups,
                          leave_enough_below, least_players, move_down_over_capacity,
                          promote_to_size, take_leaving_enough)


def ideal_sizes(total: int, settings: LeagueSettings = LeagueSettings()) -> list[int]:
    """Return the number of players each division of a first season is filled to, top first,
    enough divisions for ``total`` players: the ideal group size (7) times the division's
    groups, two in A (A.i.1; one with fewer than 10 players, [1]) and three times the groups of
    the division above below it (A.i.3), never over the 6x3^n limit (A.i.4). E.g. 14, 42, 126.
    """
    groups = settings.top_division_groups if total >= settings.two_groups_from else 1
    sizes: list[int] = []
    while sum(sizes) < total:
        limit = settings.division_size_limit(len(sizes))
        sizes.append(min(settings.ideal_group_size * groups, limit))
        groups *= settings.growth_factor
    return sizes


def first_season(signups: Signups, restrictions: DivisionRestrictions = DivisionRestrictions(),
                 settings: LeagueSettings = LeagueSettings()) -> NextSeasonPlan:
    """Return a league's first season formed from its sign-ups (A.i, A.ii, C.1, C.3, E.1).

    Each division from the top takes the players whose lowest division it is (C.3), then the
    best players by D.2 whose highest division allows it up to its ideal size
    (:func:`ideal_sizes`; C.1, C.4); a provisional rank, unless the league trusts it, places
    its player in the bottom division (C.1 addendum). Sizes are then kept as in a later
    season: fewer than 5 players left below join (E.1, A.i.2), a division too small takes the
    highest ranked by D.2 (E.1, A.i.1, A.i.2). Groups are seeded in zig-zag (A.ii.2, [5]).

    Raises SeasonCancelled with fewer than five players ([2]) and LeagueRuleError when the
    restrictions cannot be met, e.g. "division restrictions must be revised (C.3)".
    """
    check_restrictions(restrictions)
    info = _signed_up(signups, settings)
    state = Formation(season=Season("", "", ()), info=info, restrictions=restrictions,
                      settings=settings, moves=(), previous={},
                      previous_sizes=ideal_sizes(len(info), settings), left_season=set(),
                      remaining=set(info))
    set_rank_limits(state)
    while state.remaining:
        fill_first_division(state, len(state.placed))
    divisions, where = form_groups(state)
    start = {p: starting_gamepoints(where[p], len(divisions), settings) for p in where}
    return NextSeasonPlan(tuple(divisions), tuple(state.decisions), _outcomes(state, where),
                          start, (), tuple(state.ties))


def set_rank_limits(state: Formation) -> None:
    """Set each player's highest and lowest division by rank (C.3, C.4); a player without a
    lowest division is placed in the bottom division unless placed higher. A provisional rank
    sets no limit and places by rank nowhere unless the league trusts it (C.1 addendum)."""
    bottom = len(state.info)  # below every division the season may have
    for player, entry in state.info.items():
        trusted = not entry.provisional or state.settings.provisional_promotion_by_rank
        highest, lowest = state.restrictions.limits(entry.rank) if trusted else (None, None)
        state.highest[player], state.lowest[player] = highest, lowest
        state.floor[player] = bottom if lowest is None else lowest
        if not trusted:
            state.unbound.add(player)


def may_be_placed_in(state: Formation, player: str, d: int) -> bool:
    """Return whether ``player`` is placed by rank in division ``d`` of a first season: a
    trusted rank (C.1 addendum) whose highest division, if any, is ``d`` or above (C.4)."""
    highest = state.highest[player]
    return player not in state.unbound and (highest is None or highest <= d)


def fill_first_division(state: Formation, d: int) -> None:
    """Place the players of division ``d`` of a first season, the divisions above being full:
    its players by their lowest division (C.3), the best by D.2 up to its ideal size (C.1),
    the provisional players when only they are left (C.1 addendum), then the sizes of a later
    season (:func:`sitegen.engine.league_next.fill_division`: A.i.4, E.1, A.i.1, A.i.2)."""
    cap, cap_rule = division_capacity(state, d)
    ideal = state.previous_sizes[d] if d < len(state.previous_sizes) else cap
    chosen = {p for p in state.remaining if state.floor[p] <= d}
    for player in sorted(chosen):
        if player not in state.last:
            state.note(player, Move.NEW, "C.3", reason(
                "NEW_BY_RANK", rank=str(state.info[player].rank)), None, d)
    move_down_over_capacity(state, d, chosen, cap, cap_rule)
    place_by_rank(state, d, chosen, ideal, cap)
    need = least_players(state, d)
    if not place_at_bottom(state, d, chosen, cap):
        absorb_the_rest(state, d, chosen, cap)
    promote_to_size(state, d, chosen, cap, need)
    leave_enough_below(state, d, chosen, cap, need)
    state.placed.append(sorted(chosen))
    state.remaining -= chosen


def place_by_rank(state: Formation, d: int, chosen: set[str], ideal: int, cap: int) -> None:
    """Fill division ``d`` up to its ``ideal`` size (at most ``cap``) with the best players by
    D.2 that may be placed in it (C.1, C.4); fewer when the players left below would be fewer
    than one group and could not all join this division (A.i.2). A tie at the cut is recorded
    (D.2)."""
    space = min(ideal, cap) - len(chosen)
    if space <= 0:
        return
    candidates = [p for p in secondary_order(state.remaining - chosen, state.info, state.settings)
                  if may_be_placed_in(state, p, d)]
    take = take_leaving_enough(state, candidates, chosen, space, cap)
    state.cut(candidates, take, "promotion", "C.1", d)
    for player in take:
        chosen.add(player)
        state.note(player, Move.NEW, "C.1", reason(
            "FIRST_BY_RANK", rank=str(state.info[player].rank), division=state.name(d), size=ideal), None, d)


def place_at_bottom(state: Formation, d: int, chosen: set[str], cap: int) -> bool:
    """Place the players left whose provisional rank places them nowhere by rank in the
    bottom division (C.1 addendum): division ``d`` when nobody else is left and they are
    fewer than one group or ``d`` has nobody yet, and they fit (A.i.4); return True if so."""
    left = state.remaining - chosen
    if not left or not left <= state.unbound or len(chosen) + len(left) > cap:
        return False
    if chosen and len(left) >= state.settings.min_group_size:
        return False  # they form the division below
    why = reason("NEW_BOTTOM", why=reason("NEW_PROVISIONAL"))
    for player in sorted(left):
        chosen.add(player)
        state.note(player, Move.NEW, "C.1 addendum", why, None, d)
    return True
