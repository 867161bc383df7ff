"""Next-season formation of the league: promotion by rank (C) and implementation (E.1).

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"); see :mod:`sitegen.engine.league`
for the settings, priority (D), direct moves (B), sizes and seeding (A) and the final round,
and docs/league-rules.md for the readings taken. Pure functions, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping

from ..model.common import Rank
from ..model.league import (Division, DivisionRestrictions, Group, LeagueSettings, PlayerInfo,
                            RankBand, Season, division_index, division_letter)
from .league import (Decision, DivisionMoves, LeagueRuleError, Move, SeasonCancelled, direct_moves,
                     group_count, secondary_order, seed_groups, starting_gamepoints)

# --------------------------------------------------------------------------- C: restrictions


def check_restrictions(restrictions: DivisionRestrictions) -> None:
    """Check the rank bands of ``restrictions``; raise LeagueRuleError naming the problem (C).

    Bands must not overlap, each highest division must be at or above its lowest one, and
    "both limits for superior ranks cannot be any lower than the limits for inferior
    ranks" (league definitions).
    """
    bands = sorted(restrictions.bands, key=lambda b: b.weakest)
    for band in bands:
        if band.strongest is not None and band.strongest < band.weakest:
            raise LeagueRuleError(f"rank band {band.weakest}-{band.strongest} is empty")
        low = band.lowest_division
        if low is not None and division_index(low) < division_index(band.highest_division):
            raise LeagueRuleError(
                f"rank band from {band.weakest}: lowest division {low} is above its highest "
                f"division {band.highest_division}")
    for inferior, superior in zip(bands, bands[1:]):
        if inferior.strongest is None or superior.weakest <= inferior.strongest:
            raise LeagueRuleError(
                f"rank bands from {inferior.weakest} and from {superior.weakest} overlap")
        if division_index(superior.highest_division) > division_index(inferior.highest_division):
            raise LeagueRuleError(
                f"rank band from {superior.weakest} has a lower highest division "
                f"({superior.highest_division}) than the weaker band from {inferior.weakest} "
                f"({inferior.highest_division}); limits of superior ranks cannot be lower")
        sup_low = _low_index(superior.lowest_division)
        inf_low = _low_index(inferior.lowest_division)
        if sup_low > inf_low:
            raise LeagueRuleError(
                f"rank band from {superior.weakest} has a lower lowest division "
                f"({superior.lowest_division or 'none'}) than the weaker band from "
                f"{inferior.weakest} ({inferior.lowest_division or 'none'}); limits of "
                f"superior ranks cannot be lower")


def _low_index(letter: str | None) -> float:
    return float("inf") if letter is None else division_index(letter)


def is_promotable(info: PlayerInfo, index: int, restrictions: DivisionRestrictions,
                  settings: LeagueSettings = LeagueSettings()) -> bool:
    """Return True when the player may be promoted by rank into division ``index`` (C.4, C.1)."""
    if info.provisional and not settings.provisional_promotion_by_rank:
        return False
    highest, _ = restrictions.limits(info.rank)
    return highest is not None and highest <= index


# --------------------------------------------------------------------------- plan


@dataclass(frozen=True)
class Signups:
    """The players of the next season: returning and new, with their current rank data.

    Players of the finished season who are not listed withdraw (B.4). A player in a group's
    ``withdrawn`` list who signs up again is placed as a new player (B.4: merits forfeited).
    """

    players: tuple[PlayerInfo, ...]


@dataclass(frozen=True)
class NextSeasonPlan:
    """The next season's divisions and groups, with every decision that formed them."""

    divisions: tuple[Division, ...]
    """Divisions A, B, ... with seeded groups and no games."""
    decisions: tuple[Decision, ...]
    """Every step, in the order taken: B, then C.3, then per division top-down C.5, E.1, A.i.4."""
    outcomes: Mapping[str, Decision]
    """The resulting outcome of every player (finished season's and new)."""
    starting_gamepoints: Mapping[str, Fraction]
    """Each player's starting gamepoints (A.ii.1, [4])."""
    moves: tuple[DivisionMoves, ...] = field(default=())
    """The direct promotions and demotions of the finished season (B)."""


# --------------------------------------------------------------------------- next season


def next_season(season: Season, signups: Signups,
                restrictions: DivisionRestrictions = DivisionRestrictions(),
                settings: LeagueSettings = LeagueSettings()) -> NextSeasonPlan:
    """Return the next season's divisions and groups after ``season`` (B, C, E.1, A).

    Steps: direct promotions and demotions (B) give each returning player an assured
    division; withdrawals forfeit theirs (B.4); a lowest division restriction forces a
    promotion (C.3); new players are placed at their lowest allowed division, or the bottom
    division without one (C.1, C.3). Divisions are then filled from the top (E.1): a division
    takes the players assured to it, promotable players by D.2 into the space left below its
    previous size (C.4, C.5, C.2; A.i.5), and direct promotions from the division below when
    it is too small (E.1 for A.i.1, A.i.2); players over the 6x3^n limit move down (A.i.4).
    Groups are formed by :func:`group_count` and seeded in zig-zag (A.ii.2, [5]).

    Raises SeasonCancelled with fewer than five players ([2]) and LeagueRuleError when the
    restrictions or sizes cannot all be met, e.g. "division restrictions must be revised (C.3)".
    """
    check_restrictions(restrictions)
    info: dict[str, PlayerInfo] = {}
    for entry in signups.players:
        if entry.id in info:
            raise LeagueRuleError(f"player '{entry.id}' signs up twice")
        info[entry.id] = entry
    total = len(info)
    if total < settings.min_season_players:
        raise SeasonCancelled(
            f"only {total} players signed up, fewer than {settings.min_season_players}: "
            f"the season is cancelled and the title void (footnote [2])")

    names = [d.name for d in season.divisions]
    count = len(season.divisions)
    previous = {p: i for i, d in enumerate(season.divisions) for g in d.groups for p in g.players}
    left_season = {p for d in season.divisions for g in d.groups for p in g.withdrawn}
    prev_sizes = [sum(len(g.players) for g in d.groups) for d in season.divisions]
    moves = direct_moves(season, info, settings)
    log: list[Decision] = []
    last: dict[str, tuple[str, str]] = {}

    def name(index: int | None) -> str | None:
        if index is None:
            return None
        return names[index] if index < count else division_letter(index)

    def note(player: str, move: Move, rule: str, why: str, src: int | None, dst: int | None) -> None:
        log.append(Decision(player, move, rule, why, name(src), name(dst)))
        last[player] = (rule, why)

    # B: direct promotions and demotions, withdrawals.
    assured: dict[str, int] = {}
    b_move: dict[str, Move] = {}
    for m in moves:
        for player in m.order:
            here = m.index
            rule = m.rule.get(player, "B")
            if player not in info or player in left_season:
                spot = ("promotion" if player in m.promoted else
                        "demotion" if player in m.demoted else "place")
                note(player, Move.WITHDREW, "B.4",
                     f"withdrew; the {spot} merit is forfeited and not passed on", here, None)
            elif player in m.promoted and here > 0:
                assured[player] = here - 1
                b_move[player] = Move.PROMOTED
                why = "group leader" if rule == "B.1" else "next best by the criteria of D"
                note(player, Move.PROMOTED, rule, why, here, here - 1)
            elif player in m.demoted:
                assured[player] = here + 1
                b_move[player] = Move.DEMOTED
                note(player, Move.DEMOTED, rule, "in a demotion spot by the criteria of D", here, here + 1)
            else:
                assured[player] = here
                b_move[player] = Move.STAYS
                why = ("direct promotion spot of the top division: qualifies for the final round"
                       if player in m.promoted else "middle position")
                note(player, Move.STAYS, "final round" if player in m.promoted else "B", why, here, here)

    # C: rank limits, forced promotions, new players.
    def limits(player: str) -> tuple[int | None, int | None]:
        entry = info[player]
        if entry.provisional and not settings.provisional_promotion_by_rank:
            return None, None
        return restrictions.limits(entry.rank)

    highest = {p: limits(p)[0] for p in info}
    lowest = {p: limits(p)[1] for p in info}
    floor: dict[str, int] = {}
    soft: set[str] = set()
    bottom = max(count - 1, 0)
    for player in sorted(info, key=lambda p: (previous.get(p, count), p)):
        low = lowest[player]
        if player in assured:
            floor[player] = assured[player]
            if low is not None and low < assured[player]:
                floor[player] = low
                note(player, Move.PROMOTED_BY_RANK, "C.3",
                     f"rank {info[player].rank} may not be placed below division {name(low)}: "
                     f"forced promotion", previous[player], low)
        elif low is not None:
            floor[player] = low
            note(player, Move.NEW, "C.3", f"new player placed by rank {info[player].rank} at "
                 f"the lowest division allowed", None, low)
        else:
            floor[player] = bottom
            soft.add(player)
            why = ("provisional rank: no promotion by rank (C.1 addendum)"
                   if info[player].provisional and not settings.provisional_promotion_by_rank
                   else "no rank band applies")
            note(player, Move.NEW, "C.1", f"new player placed in the bottom division; {why}", None, bottom)

    # E.1: fill divisions top-down.
    remaining = set(info)
    placed: list[list[str]] = []
    minimum = settings.min_group_size
    d = 0
    while remaining:
        limit = settings.division_size_limit(d)
        cap = limit if d == 0 else min(limit, settings.growth_factor * len(placed[d - 1]))
        cap_rule = "A.i.4" if cap == limit else "A.i.2"
        target = prev_sizes[d] if d < count else None
        members = {p for p in remaining if floor[p] <= d}

        if target is not None and len(members) > target:  # A.i.5: new players do not grow it
            excess = len(members) - target
            for player in [p for p in reversed(secondary_order(members, info, settings)) if p in soft][:excess]:
                floor[player] = d + 1
                members.discard(player)
                note(player, Move.NEW, "A.i.5", f"division {name(d)} does not grow: placed in the "
                     f"division below", None, d + 1)

        if len(members) > cap:  # A.i.4 / A.i.2: the worst movable players go down
            movable = [p for p in reversed(secondary_order(members, info, settings))
                       if lowest[p] is None or lowest[p] > d]
            excess = len(members) - cap
            if len(movable) < excess:
                raise LeagueRuleError(
                    f"division {name(d)} must hold {len(members)} players by their ranks but may "
                    f"hold at most {cap} ({cap_rule}): division restrictions must be revised (C.3)")
            for player in movable[:excess]:
                floor[player] = d + 1
                members.discard(player)
                note(player, Move.DEMOTED if player in assured else Move.NEW, cap_rule,
                     f"division {name(d)} may hold at most {cap} players: moved to the division below",
                     d, d + 1)
        chosen = set(members)

        # C.5: promotable players fill the space (A.i.4, A.i.5), in D.2 order.
        space = (cap if target is None else min(cap, target)) - len(chosen)
        if space > 0:
            candidates = [p for p in secondary_order(remaining - chosen, info, settings)
                          if highest[p] is not None and highest[p] <= d]
            take = candidates[:space]
            rest = len(remaining) - len(chosen) - len(take)
            if 0 < rest < minimum and len(chosen) + len(take) + rest > cap:
                take = take[:max(0, len(take) - (minimum - rest))]
            for player in take:
                chosen.add(player)
                src = previous.get(player) if player in assured else None
                if player in assured and b_move.get(player) in (Move.PROMOTED, Move.DEMOTED):
                    rule, why = "C.2", (f"promotion by rank overrides the direct "
                                        f"{b_move[player].value[:-1]}ion: space in division {name(d)} (C.5)")
                else:
                    rule, why = "C.5", f"promotable by rank {info[player].rank} to division {name(d)}, which has space"
                note(player, Move.PROMOTED_BY_RANK, rule, why, src, d)

        # E.1: too small for A.i.1 / A.i.2, or too small for the division below (A.i.2's 3x).
        need = minimum
        if d == 0 and total >= settings.two_groups_from:
            need = settings.top_division_groups * minimum
        while len(chosen) < cap:
            rest_set = remaining - chosen
            if not rest_set:
                break
            below = sum(1 for p in rest_set if floor[p] <= d + 1)
            if len(chosen) >= need and settings.growth_factor * len(chosen) >= below:
                break
            player, why = _e1_pick(d, rest_set, previous, assured, floor, moves, info, settings)
            chosen.add(player)
            reason = (f"division {name(d)} needs at least {need} players (A.i.1, A.i.2)"
                      if len(chosen) <= need else
                      f"division {name(d + 1)} may hold at most {settings.growth_factor} times "
                      f"division {name(d)} (A.i.2)")
            note(player, Move.PROMOTED, "E.1", f"{why}; {reason}",
                 previous.get(player) if player in assured else None, d)

        # A.i.2: never leave fewer than five players for the divisions below.
        rest_set = remaining - chosen
        if 0 < len(rest_set) < minimum:
            if len(chosen) + len(rest_set) <= cap:
                for player in sorted(rest_set):
                    chosen.add(player)
                    note(player, Move.PROMOTED, "E.1",
                         f"only {len(rest_set)} player{'s' if len(rest_set) != 1 else ''} would be "
                         f"left below division {name(d)}, "
                         f"fewer than {minimum} (A.i.2)",
                         previous.get(player) if player in assured else None, d)
            else:
                movable = [p for p in reversed(secondary_order(chosen, info, settings))
                           if lowest[p] is None or lowest[p] > d]
                short = minimum - len(rest_set)
                if len(movable) < short or len(chosen) - short < need:
                    raise LeagueRuleError(
                        f"{len(rest_set)} players are left below division {name(d)}, which is full "
                        f"({cap}): the sizes of A.i.2 and A.i.4 cannot be met; division "
                        f"restrictions must be revised (C.3)")
                for player in movable[:short]:
                    chosen.discard(player)
                    floor[player] = d + 1
                    note(player, Move.DEMOTED if player in assured else Move.NEW, "E.1",
                         f"division {name(d + 1)} needs at least {minimum} players (A.i.2)", d, d + 1)
        placed.append(sorted(chosen))
        remaining -= chosen
        d += 1

    # A.i.3, A.ii.2: groups, seeded in zig-zag by rank.
    divisions = []
    groups_above: int | None = None
    where: dict[str, int] = {}
    for index, members in enumerate(placed):
        letter = division_letter(index)
        groups_n = group_count(len(members), index, groups_above, settings, total)
        seeded = seed_groups(secondary_order(members, info, settings), groups_n)
        groups = tuple(
            Group(id=(letter.lower() if groups_n == 1 else f"{letter.lower()}{i + 1}"),
                  name=(letter if groups_n == 1 else f"{letter}{i + 1}"),
                  players=tuple(players), games=())
            for i, players in enumerate(seeded))
        divisions.append(Division(name=letter, groups=groups))
        groups_above = groups_n
        for player in members:
            where[player] = index

    start = {p: starting_gamepoints(where[p], len(placed), settings) for p in where}
    outcomes = _outcomes(season, info, previous, left_season, assured, b_move, where, last, names)
    return NextSeasonPlan(tuple(divisions), tuple(log), outcomes, start, moves)


def _e1_pick(d: int, left: set[str], previous: Mapping[str, int], assured: Mapping[str, int],
             floor: Mapping[str, int], moves: tuple[DivisionMoves, ...],
             info: Mapping[str, PlayerInfo], settings: LeagueSettings) -> tuple[str, str]:
    """Choose the player promoted into division ``d`` to resolve a size conflict (E.1)."""
    if d + 1 < len(moves):
        order = moves[d + 1].order
        applicable = [p for p in order if p in left and previous.get(p) == d + 1
                      and assured.get(p) == d + 1 and floor[p] == d + 1]
        if applicable:
            return applicable[0], "direct promotion by the criteria of D (B.3, B.5)"
    source = [p for p in left if floor[p] == d + 1] or list(left)
    return secondary_order(source, info, settings)[0], "nobody applicable: highest ranked (D.2) forcefully promoted"


def _outcomes(season: Season, info: Mapping[str, PlayerInfo], previous: Mapping[str, int],
              left_season: set[str], assured: Mapping[str, int], b_move: Mapping[str, Move],
              where: Mapping[str, int], last: Mapping[str, tuple[str, str]],
              names: list[str]) -> dict[str, Decision]:
    def name(index: int) -> str:
        return names[index] if index < len(names) else division_letter(index)

    out: dict[str, Decision] = {}
    for player, before in sorted(previous.items()):
        if player not in where or player not in assured:
            out[player] = Decision(player, Move.WITHDREW, "B.4",
                                   "withdrew; promotion and demotion merits forfeited", name(before), None)
    for player, after in sorted(where.items()):
        rule, why = last[player]
        target = division_letter(after)
        if player not in assured:
            src = name(previous[player]) if player in previous else None
            out[player] = Decision(player, Move.NEW, rule, why, src, target)
            continue
        before = previous[player]
        src = name(before)
        if rule.startswith("C.") and after < assured[player]:
            move = Move.PROMOTED_BY_RANK
        elif after < before:
            move = Move.PROMOTED
        elif after > before:
            move = Move.DEMOTED
        else:
            move = Move.STAYS
        out[player] = Decision(player, move, rule, why, src, target)
    return out


def plan_group_sizes(plan: NextSeasonPlan) -> list[list[int]]:
    """Return the group sizes per division of a plan, top first (for :func:`size_violations`)."""
    return [[len(g.players) for g in division.groups] for division in plan.divisions]


def restrictions_from_rows(rows: Iterable[tuple[str, str | None, str, str | None]]) -> DivisionRestrictions:
    """Return restrictions from ``(weakest, strongest, highest, lowest)`` text rows, e.g.
    ``("5k", "1k", "A", "B")``; ``strongest`` and ``lowest`` may be None. Raises ValueError
    for a bad rank and LeagueRuleError for inconsistent bands.
    """
    bands = tuple(RankBand(Rank.parse(weak), None if strong is None else Rank.parse(strong), high, low)
                  for weak, strong, high, low in rows)
    restrictions = DivisionRestrictions(bands)
    check_restrictions(restrictions)
    return restrictions
