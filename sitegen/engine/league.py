"""The league rules: sizes, seeding, priority and its ties, direct moves, the final round.

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"); rule ids A.i.1-5, A.ii.1-2,
B.1-5, C.1-5, D.1-2, E.1, footnotes [1]-[8] and "final round" refer to that text, and
docs/league-rules.md explains every reading taken here. Next-season formation (C, E.1) is in
:mod:`sitegen.engine.league_next`, a season's outcome from it in
:mod:`sitegen.engine.league_outcome`. Players equal on every criterion of D are kept as classes
(:func:`group_classes`, :func:`division_classes`); a spot that cuts such a class is a
:class:`Tie` (:func:`find_ties`), never decided by id. Pure functions over the model's frozen
data classes; scores are exact Fractions. Every decision carries its reason as data
(:class:`~sitegen.engine.league_reasons.Reason`); the words are made outside the engine
(:mod:`sitegen.pages.league_words`).

Divisions are numbered by index, 0 being the top division A (league definitions).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from ..model.common import Game
from ..model.league import (Division, ExtraDemotions, Group, LeagueSettings, PlayerInfo, Season,
                            division_letter)
from .league_reasons import Reason, reason
from .standings import StandingRow, group_standings


class LeagueRuleError(Exception):
    """The rules cannot all be met; the message names the rule (e.g. "... (C.3)").

    An engine error, not a diagnostic: the validators and commands that call the engine turn
    it into a positioned one."""


class SeasonCancelled(LeagueRuleError):
    """Fewer than five players: the season is cancelled and the title void (footnote [2])."""


# --------------------------------------------------------------------------- players and decisions


class Move(enum.Enum):
    """A player's outcome of a season, as shown on the season page."""

    PROMOTED = "promoted"
    """Direct promotion (B.1, B.3) or a promotion resolving a size conflict (E.1)."""
    PROMOTED_BY_RANK = "promoted by rank"
    """Promotion by rank (C.2, C.3, C.5)."""
    STAYS = "stays"
    """Middle position: same division next season."""
    DEMOTED = "demoted"
    """Demotion (B.2, B.3), or a move down forced by a size limit (A.i.4, A.i.5)."""
    WITHDREW = "withdrew"
    """Withdrawal: merits forfeited (B.4)."""
    NEW = "new"
    """New player, placed by rank (C.1, C.3)."""
    FINALIST = "finalist"
    """Qualified for the final round."""


@dataclass(frozen=True)
class Decision:
    """One decision of the engine about one player, with the rule that made it."""

    player: str
    outcome: Move
    rule: str
    """Rule id in the league text, e.g. ``B.1``, ``C.2``, ``E.1``, ``final round``."""
    reason: Reason
    """Why, as data, worded by :func:`sitegen.pages.league_words.words`."""
    from_division: str | None = None
    to_division: str | None = None
    decided_by: str | None = None
    """The criterion of D.2 that gave the spot among players equal on D.1, if one did."""


# --------------------------------------------------------------------------- D: priority


def _negated(place: int | None) -> int | None:
    """Return ``-place`` (a play-off place sorts ascending), None when there is none."""
    return None if place is None else -place


def _split_by_key(tied: list[str], key: Callable[[str], object | None]) -> list[list[str]]:
    """Split ``tied`` into classes of equal key, higher key first, None last."""
    known = [p for p in tied if key(p) is not None]
    unknown = [p for p in tied if key(p) is None]
    classes: list[list[str]] = []
    for player in sorted(known, key=key, reverse=True):  # type: ignore[arg-type]
        if classes and key(classes[-1][0]) == key(player):
            classes[-1].append(player)
        else:
            classes.append([player])
    if unknown:
        classes.append(unknown)
    return classes


def _split_virtual(tied: list[str], value: Callable[[str], int | None], within: int) -> list[list[str]]:
    """Split by a rating, higher first, keeping chains of ratings within ``within`` tied ([6])."""
    known = sorted((p for p in tied if value(p) is not None), key=value, reverse=True)  # type: ignore[arg-type]
    unknown = [p for p in tied if value(p) is None]
    classes: list[list[str]] = []
    for player in known:
        if classes and value(classes[-1][-1]) - value(player) <= within:  # type: ignore[operator]
            classes[-1].append(player)
        else:
            classes.append([player])
    if unknown:
        classes.append(unknown)
    return classes


def _refine(classes: list[list[str]], split: Callable[[list[str]], list[list[str]]]) -> list[list[str]]:
    out: list[list[str]] = []
    for tied in classes:
        out.extend(split(tied) if len(tied) > 1 else [tied])
    return out


def secondary_classes(players: Iterable[str], info: Mapping[str, PlayerInfo],
                      settings: LeagueSettings = LeagueSettings(),
                      record: bool = True) -> list[list[str]]:
    """Return ``players`` as classes still tied after the secondary criteria, best first (D.2).

    In order: higher overall rank, higher overall rating (virtual tie within
    ``settings.rating_virtual_tie`` points, footnote [6]: ratings chained by such gaps stay
    tied), higher correspondence rank, higher correspondence rating (same virtual tie), then
    the player who does not concede, then the better place in the organizer's playoff.
    Unknown values rank last. With ``record``, players still tied are then ordered by the
    organizers' recorded outcome (``PlayerInfo.recorded``: promoted first, relegated last),
    the organizers' decision of a tie the rules leave open; without it, the classes are the
    rules' own (what :func:`find_ties` compares with).
    """
    classes = [sorted(players)]
    for _name, split in _secondary_criteria(info, settings, record):
        classes = _refine(classes, split)
    return [c for c in classes if c]


Split = Callable[[list[str]], list[list[str]]]


def _secondary_criteria(info: Mapping[str, PlayerInfo], settings: LeagueSettings,
                        record: bool) -> list[tuple[str, Split]]:
    """Return the criteria of D.2 in order, named, with the split of a tied class each makes
    (:func:`secondary_classes`)."""
    none = PlayerInfo("")

    def get(player: str) -> PlayerInfo:
        return info.get(player, none)

    within = settings.rating_virtual_tie
    criteria: list[tuple[str, Split]] = [
        ("rank", lambda t: _split_by_key(t, lambda p: get(p).rank)),
        ("rating", lambda t: _split_virtual(t, lambda p: get(p).rating, within)),
        ("correspondence rank", lambda t: _split_by_key(t, lambda p: get(p).correspondence_rank)),
        ("correspondence rating", lambda t: _split_virtual(
            t, lambda p: get(p).correspondence_rating, within)),
        ("concession", lambda t: _split_by_key(t, lambda p: not get(p).concedes)),
        ("playoff", lambda t: _split_by_key(t, lambda p: _negated(get(p).playoff))),
    ]
    if record:
        criteria.append(("record", lambda t: _split_by_key(t, lambda p: get(p).recorded)))
    return criteria


def deciding_criterion(tied: Iterable[str], chosen: Iterable[str], info: Mapping[str, PlayerInfo],
                       settings: LeagueSettings = LeagueSettings()) -> str | None:
    """Return the criterion of D.2 (its name in :func:`_secondary_criteria`) after which no
    class of ``tied`` (equal on D.1) holds a ``chosen`` and an unchosen player; None when D.2
    leaves it open (a tie, :func:`find_ties`)."""
    chosen = set(chosen)
    classes = [sorted(tied)]
    for name, split in _secondary_criteria(info, settings, False):
        classes = _refine(classes, split)
        if all(len({p in chosen for p in tied_class}) == 1 for tied_class in classes):
            return name
    return None


def _flatten(classes: list[list[str]]) -> list[str]:
    """Flatten tie classes; players still tied are listed by id (determinism, not a rule)."""
    return [player for tied in classes for player in sorted(tied)]


def secondary_order(players: Iterable[str], info: Mapping[str, PlayerInfo],
                    settings: LeagueSettings = LeagueSettings()) -> list[str]:
    """Return ``players`` best first by the secondary criteria (D.2), then by id."""
    return _flatten(secondary_classes(players, info, settings))


def group_classes(group: Group, info: Mapping[str, PlayerInfo] = {},
                  settings: LeagueSettings = LeagueSettings(),
                  rows: Sequence[StandingRow] | None = None, record: bool = True) -> list[list[str]]:
    """Return the group's players as classes still tied after D.1 (gamepoints, SODOS, among
    the tied) and D.2, best first; ``record`` as in :func:`secondary_classes`."""
    rows = list(rows) if rows is not None else group_standings(group)
    classes: list[list[str]] = []
    for before, row in zip([None, *rows], rows):
        if before is not None and before.place == row.place:
            classes[-1].append(row.player)
        else:
            classes.append([row.player])
    return _refine(classes, lambda t: secondary_classes(t, info, settings, record))


def group_order(group: Group, info: Mapping[str, PlayerInfo] = {},
                settings: LeagueSettings = LeagueSettings(),
                rows: Sequence[StandingRow] | None = None) -> list[str]:
    """Return the group's players best first: D.1 (gamepoints, SODOS, among the tied), then D.2."""
    return _flatten(group_classes(group, info, settings, rows))


def division_classes(groups: Sequence[Group], info: Mapping[str, PlayerInfo] = {},
                     settings: LeagueSettings = LeagueSettings(), record: bool = True,
                     standings: Mapping[str, Sequence[StandingRow]] | None = None
                     ) -> list[list[str]]:
    """Return a division's players as classes still tied, best first across its groups (D.1,
    then D.2); ``record`` as in :func:`secondary_classes`; ``standings``: each group's rows by
    group id, when already computed.

    Players of different groups compare by gamepoints, then SODOS; the gamepoints among the
    tied apply only when every tied player shared one group (D.1 "if they were in the same
    group"); then D.2. Players of one group keep the classes of :func:`group_classes`.
    """
    tables = {g.id: (standings[g.id] if standings is not None else group_standings(g)) for g in groups}
    rows = {row.player: row for table in tables.values() for row in table}
    group_of = {player: group.id for group in groups for player in group.players}
    in_group = {p: i for group in groups
                for i, tied in enumerate(group_classes(group, info, settings, tables[group.id], record))
                for p in tied}
    classes = [sorted(rows)]
    classes = _refine(classes, lambda t: _split_by_key(t, lambda p: rows[p].gamepoints))
    classes = _refine(classes, lambda t: _split_by_key(t, lambda p: rows[p].sodos))

    def by_mutual_or_secondary(tied: list[str]) -> list[list[str]]:
        if len({group_of[p] for p in tied}) == 1:
            return _split_by_key(tied, lambda p: -in_group[p])
        return secondary_classes(tied, info, settings, record)

    return _refine(classes, by_mutual_or_secondary)


def division_order(groups: Sequence[Group], info: Mapping[str, PlayerInfo] = {},
                   settings: LeagueSettings = LeagueSettings(),
                   standings: Mapping[str, Sequence[StandingRow]] | None = None) -> list[str]:
    """Return a division's players best first across its groups (D.1, then D.2); see
    :func:`division_classes`. Players still tied are listed by id (not a rule: see
    :func:`find_ties`)."""
    return _flatten(division_classes(groups, info, settings, standings=standings))


# --------------------------------------------------------------------------- ties


@dataclass(frozen=True)
class Tie:
    """Players equal on every criterion of D whose order decides something (D.2).

    ``spots`` of the ``players`` get the ``spot`` of rule ``rule`` in division ``division``
    and the others do not; the rules cannot tell which, so a playoff must (D.2, last
    criterion). ``by_record``: the organizers' recorded outcome of the season decides it
    (see :func:`secondary_classes`). Meanwhile the engine goes on with the players by id,
    which is not a rule: the outcome shows the tie as undecided.
    """

    players: tuple[str, ...]
    """The tied players, by id."""
    spots: int
    spot: str
    """What they contend for: ``promotion``, ``demotion`` or ``final round`` (a place in it)."""
    rule: str
    """The rule whose spots these are, e.g. ``B.1``, ``B.2``, ``E.1``, ``final round``."""
    division: str
    by_record: bool = False


def find_ties(classes: Iterable[Sequence[str]], pool: Iterable[str], chosen: Iterable[str],
              spot: str, rule: str, division: str,
              info: Mapping[str, PlayerInfo] = {}) -> list[Tie]:
    """Return the ties the choice of ``chosen`` among ``pool`` cuts through (D.2).

    ``classes`` are the players still tied by the rules (``record=False``). A class of
    ``pool`` of which some but not all were chosen is a tie; it is ``by_record`` when every
    chosen player of it has another recorded outcome (``info``) than every unchosen one.
    """
    pool, chosen = set(pool), set(chosen)

    def recorded(player: str) -> int:
        return info[player].recorded if player in info else 0

    ties = []
    for tied in classes:
        members = sorted(p for p in tied if p in pool)
        taken = [p for p in members if p in chosen]
        if not taken or len(taken) == len(members):
            continue
        open_ = any(recorded(a) == recorded(b) for a in taken for b in members if b not in chosen)
        ties.append(Tie(tuple(members), len(taken), spot, rule, division, by_record=not open_))
    return ties


# --------------------------------------------------------------------------- A: sizes and seeding


def starting_gamepoints(index: int, division_count: int,
                        settings: LeagueSettings = LeagueSettings()) -> Fraction:
    """Return the gamepoints every player of division ``index`` starts with (A.ii.1, [4]).

    Ten per division below: with divisions A, B, C a player of A starts with 20, of C with 0.
    """
    if not 0 <= index < division_count:
        raise ValueError(f"division index {index} outside 0..{division_count - 1}")
    return Fraction(settings.starting_gamepoints_per_division * (division_count - 1 - index))


def group_count(size: int, index: int, groups_above: int | None,
                settings: LeagueSettings = LeagueSettings(), total_players: int | None = None) -> int:
    """Return how many groups a division of ``size`` players has (A.i.1, A.i.3, [1]).

    The top division (``index`` 0) has two groups, or one when fewer than 10 players play the
    season ([1]; ``total_players`` defaults to ``size``). Other divisions take the count whose
    average group size is nearest 7 (fewer groups on a tie), with groups of 5 to 9 players and
    at most three times ``groups_above``. Raises LeagueRuleError (A.i.2, A.i.3) when no
    count fits.
    """
    total = size if total_players is None else total_players
    lo_size, hi_size = settings.min_group_size, settings.max_group_size
    if index == 0:
        count = settings.top_division_groups if total >= settings.two_groups_from else 1
        if not count * lo_size <= size <= count * hi_size:
            raise LeagueRuleError(
                f"division A cannot hold {size} players in {count} group(s) of "
                f"{lo_size} to {hi_size} (A.i.1, A.i.3)")
        return count
    most = size // lo_size
    if groups_above is not None:
        most = min(most, settings.growth_factor * groups_above)
    least = -(-size // hi_size)
    if least > most or size < lo_size:
        raise LeagueRuleError(
            f"division {division_letter(index)} cannot hold {size} players in groups of "
            f"{lo_size} to {hi_size}, at most {most} groups (A.i.2, A.i.3)")
    return min(range(least, most + 1),
               key=lambda g: (abs(Fraction(size, g) - settings.ideal_group_size), g))


def group_sizes(size: int, count: int) -> list[int]:
    """Return the sizes of ``count`` groups sharing ``size`` players, smaller groups first ([3])."""
    base, extra = divmod(size, count)
    return [base] * (count - extra) + [base + 1] * extra


def seed_groups(seeds: Sequence[str], count: int) -> list[list[str]]:
    """Return ``seeds`` (best first) dealt into ``count`` groups in zig-zag order (A.ii.2, [5]).

    Groups are listed smaller first ([3]); each row of seeds goes across the groups, the next
    row back, and the last, partial row goes to the larger groups only, so the smaller groups
    hold the top seeds ([5]). E.g. seeds 1..13 in 2 groups: [1,4,5,8,9,12], [2,3,6,7,10,11,13].
    """
    sizes = group_sizes(len(seeds), count)
    groups: list[list[str]] = [[] for _ in range(count)]
    full_rows = min(sizes)
    position = 0
    for row in range(full_rows):
        order = range(count) if row % 2 == 0 else range(count - 1, -1, -1)
        for g in order:
            groups[g].append(seeds[position])
            position += 1
    larger = [g for g in range(count) if sizes[g] > full_rows]
    if full_rows % 2 == 1:
        larger.reverse()
    for g in larger:
        groups[g].append(seeds[position])
        position += 1
    return groups


def size_violations(divisions: Sequence[Sequence[int]],
                    settings: LeagueSettings = LeagueSettings()) -> list[str]:
    """Return every size rule broken by ``divisions`` (group sizes per division, top first).

    Checks A.i.1 with [1], A.i.2, A.i.3 with [3], A.i.4. An empty list means all hold.
    """
    problems: list[str] = []
    total = sum(sum(groups) for groups in divisions)
    for index, groups in enumerate(divisions):
        letter = division_letter(index)
        size = sum(groups)
        if index == 0:
            want = settings.top_division_groups if total >= settings.two_groups_from else 1
            if len(groups) != want:
                problems.append(f"A.i.1: division A has {len(groups)} groups, not {want}")
        if size < settings.min_group_size:
            problems.append(f"A.i.2: division {letter} has {size} players, fewer than {settings.min_group_size}")
        if any(not settings.min_group_size <= g <= settings.max_group_size for g in groups):
            problems.append(f"A.i.3: division {letter} has groups of sizes {list(groups)}")
        if groups and max(groups) - min(groups) > 1:
            problems.append(f"[3]: groups of division {letter} differ by more than one: {list(groups)}")
        if size > settings.division_size_limit(index):
            problems.append(f"A.i.4: division {letter} has {size} players, more than "
                            f"{settings.division_size_limit(index)}")
        if index > 0:
            above = divisions[index - 1]
            if size > settings.growth_factor * sum(above):
                problems.append(f"A.i.2: division {letter} has {size} players, more than "
                                f"{settings.growth_factor} x {sum(above)}")
            if len(groups) > settings.growth_factor * len(above):
                problems.append(f"A.i.3: division {letter} has {len(groups)} groups, more than "
                                f"{settings.growth_factor} x {len(above)}")
    return problems


# --------------------------------------------------------------------------- B: direct moves


@dataclass(frozen=True)
class DivisionMoves:
    """The direct promotions and demotions of one division of a finished season (B)."""

    index: int
    name: str
    order: tuple[str, ...]
    """The division's players best first (D)."""
    leaders: tuple[str, ...]
    """Group leaders (B.1)."""
    promoted: tuple[str, ...]
    """Direct promotion spots, best first, withdrawn players included (B.1, B.3). In the top
    division these are the automatic finalists (final round)."""
    demoted: tuple[str, ...]
    """Demotion spots, withdrawn players included (B.2, B.3, B.5)."""
    rule: Mapping[str, str] = field(default_factory=dict)
    """Rule id behind each promotion and demotion."""
    extra_demotions: int = 0
    """B.2's additional demotions counted in ``demoted``."""
    ties: tuple[Tie, ...] = ()
    """Ties the promotions and demotions cut through (D.2); empty when D decides them all."""
    classes: tuple[tuple[str, ...], ...] = ()
    """``order`` as classes still tied by the rules (D.1, D.2), best first."""
    decided_by: Mapping[str, str] = field(default_factory=dict)
    """For a spot D.2 gave among players equal on D.1: its criterion (:func:`deciding_criterion`)."""


def extra_demotions(group_sizes_: Sequence[int], settings: LeagueSettings = LeagueSettings()) -> int:
    """Return B.2's additional demotions of a division with these group sizes (B.2).

    Default reading: one per group of 10 or more players (``ExtraDemotions``).
    """
    if settings.extra_demotions is ExtraDemotions.NONE:
        return 0
    if settings.extra_demotions is ExtraDemotions.PER_TEN_PLAYERS:
        return sum(group_sizes_) // settings.extra_demotion_group_size
    return sum(1 for size in group_sizes_ if size >= settings.extra_demotion_group_size)


def direct_moves(season: Season, info: Mapping[str, PlayerInfo] = {},
                 settings: LeagueSettings = LeagueSettings()) -> tuple[DivisionMoves, ...]:
    """Return the direct promotions and demotions of each division of a finished season (B).

    B.1: every group leader promotes, and the best others by D up to two per division. B.2:
    a division demotes as many as the division below promotes, plus the extra demotions of
    B.2. B.3: the spots not named by B.1/B.2 go by D (division order). B.5: no player both.
    Spots are counted with withdrawn players, who keep them and lose them (B.4). The bottom
    division demotes nobody unless ``settings.demote_from_bottom_division``. With
    ``settings.fixed_promotions_per_group`` / ``fixed_relegations_per_group`` each group
    moves that many of its best / last players instead.
    """
    count = len(season.divisions)
    tables = {g.id: group_standings(g) for d in season.divisions for g in d.groups}  # once each
    group_orders = [[group_order(g, info, settings, tables[g.id]) for g in d.groups]
                    for d in season.divisions]
    orders = [division_order(d.groups, info, settings, tables) for d in season.divisions]
    rules: list[dict[str, str]] = [dict() for _ in range(count)]
    promoted = [_promotions(group_orders[i], orders[i], settings, rules[i]) for i in range(count)]
    result = []
    for index, division in enumerate(season.divisions):
        below = promoted[index + 1] if index + 1 < count else None
        demoted, extra = _demotions(division, group_orders[index], orders[index], promoted[index],
                                    below, settings, rules[index])
        ties, classes = _direct_ties(division, info, settings, promoted[index], demoted,
                                     rules[index], tables)
        decided = _decided_by_d2(division, info, settings, promoted[index], demoted,
                                 rules[index], tables)
        result.append(DivisionMoves(
            index=index, name=division.name, order=tuple(orders[index]),
            leaders=tuple(order[0] for order in group_orders[index] if order),
            promoted=tuple(promoted[index]), demoted=tuple(demoted),
            rule=dict(rules[index]), extra_demotions=extra, ties=ties, classes=classes,
            decided_by=decided))
    return tuple(result)


def _cut_classes(division: Division, info: Mapping[str, PlayerInfo], settings: LeagueSettings,
                 promoted: Sequence[str], demoted: Sequence[str], rules: Mapping[str, str],
                 tables: Mapping[str, Sequence[StandingRow]],
                 across: list[list[str]]
                 ) -> Iterable[tuple[str, str, list[list[str]], list[str], Sequence[str]]]:
    """Yield what a division's spots may cut, as (spot, rule, classes, pool, chosen): the
    promotion and demotion spots (B.1-B.3), within each group, and across the division
    (``across``, its classes) where the spots are the division's (not fixed per group)."""
    within = [group_classes(g, info, settings, tables[g.id], record=False) for g in division.groups]
    everyone = [p for g in division.groups for p in g.players]
    # A group leader alone in the first class of their group has their spot by B.1 whatever
    # the division's order: across the division they contend for no spot (B.3's are the rest).
    sure = {classes[0][0] for classes in within
            if classes and len(classes[0]) == 1 and rules.get(classes[0][0]) == "B.1"}
    for spot, rule, pool, chosen, fixed in (
            ("promotion", "B.1", everyone, promoted, settings.fixed_promotions_per_group),
            ("demotion", "B.2", [p for p in everyone if p not in promoted], demoted,
             settings.fixed_relegations_per_group)):
        for classes in within:
            yield spot, rule, classes, pool, chosen
        if fixed is None:
            yield spot, rule, across, [p for p in pool if p not in sure], chosen


def _direct_ties(division: Division, info: Mapping[str, PlayerInfo], settings: LeagueSettings,
                 promoted: Sequence[str], demoted: Sequence[str], rules: Mapping[str, str],
                 tables: Mapping[str, Sequence[StandingRow]]
                 ) -> tuple[tuple[Tie, ...], tuple[tuple[str, ...], ...]]:
    """Return the ties a division's promotions and demotions cut through (B.1-B.3 by D; D.2,
    :func:`_cut_classes`), each with the rule of the spot taken (``rules``); and the
    division's classes by the rules."""
    across = division_classes(division.groups, info, settings, False, tables)
    found: list[Tie] = []
    for spot in ("promotion", "demotion"):
        ties = [tie for kind, rule, classes, among, chosen
                in _cut_classes(division, info, settings, promoted, demoted, rules, tables, across)
                if kind == spot
                for tie in find_ties(classes, among, chosen, spot, rule, division.name, info)]
        spots = promoted if spot == "promotion" else demoted
        ties = [replace(tie, rule=max((rules.get(p, tie.rule) for p in tie.players if p in spots),
                                      default=tie.rule)) for tie in ties]
        found.extend(tie for tie in ties if not any(
            set(tie.players) < set(other.players) for other in ties))
    unique = {(tie.spot, tie.players): tie for tie in found}
    return tuple(unique.values()), tuple(tuple(tied) for tied in across)


def _decided_by_d2(division: Division, info: Mapping[str, PlayerInfo], settings: LeagueSettings,
                   promoted: Sequence[str], demoted: Sequence[str], rules: Mapping[str, str],
                   tables: Mapping[str, Sequence[StandingRow]]) -> dict[str, str]:
    """Return the players whose spot D.2 gave among players equal on D.1, with its criterion."""
    across = division_classes(division.groups, {}, settings, False, tables)  # D.1 alone
    found: dict[str, str] = {}
    for _spot, _rule, classes, among, chosen in _cut_classes(
            division, {}, settings, promoted, demoted, rules, tables, across):
        for tied in classes:
            members = [p for p in tied if p in among]
            taken = [p for p in members if p in chosen]
            if taken and len(taken) < len(members):
                name = deciding_criterion(members, taken, info, settings)
                found.update((p, name) for p in taken if name is not None and p not in found)
    return found


def _promotions(group_orders: list[list[str]], order: list[str], settings: LeagueSettings,
                rules: dict[str, str]) -> list[str]:
    """Return a division's direct promotions in its order ``order`` and set their rules:
    every group leader (B.1), then the best others by D until there are at least
    ``settings.min_direct_promotions`` (B.1, B.3); or each group's best
    ``settings.fixed_promotions_per_group``."""
    fixed = settings.fixed_promotions_per_group
    if fixed is not None:
        chosen = [p for group in group_orders for p in group[:fixed]]
        for p in chosen:
            rules[p] = "B.1"
        return sorted(chosen, key=order.index)
    chosen = [group[0] for group in group_orders if group]
    for p in chosen:
        rules[p] = "B.1"
    for player in order:
        if len(chosen) >= settings.min_direct_promotions:
            break
        if player not in chosen:
            chosen.append(player)
            rules[player] = "B.3"
    return sorted(chosen, key=order.index)


def _demotions(division: Division, group_orders: list[list[str]], order: list[str],
               promoted: list[str], promoted_below: list[str] | None, settings: LeagueSettings,
               rules: dict[str, str]) -> tuple[list[str], int]:
    """Return a division's direct demotions in its order ``order``, with its extra demotions,
    and set their rules (B.2): as many as the division below promotes (``promoted_below``;
    None for the bottom division) plus the extra demotions of B.2, the worst by D who are not
    promoted (B.5); or each group's worst ``settings.fixed_relegations_per_group``. The bottom
    division demotes only with ``settings.demote_from_bottom_division``."""
    bottom = promoted_below is None
    extra = 0
    if settings.fixed_relegations_per_group is not None:
        demoted = []
        if not bottom or settings.demote_from_bottom_division:
            take = settings.fixed_relegations_per_group
            for group in group_orders:
                last = [p for p in group if p not in promoted]
                demoted.extend(last[len(last) - take:] if take else [])
    else:
        if promoted_below is not None:
            matched = len(promoted_below)
        elif settings.demote_from_bottom_division:
            matched = settings.min_direct_promotions
        else:
            matched = 0
        if matched or not bottom:
            extra = extra_demotions([len(g.players) for g in division.groups], settings)
        candidates = [p for p in reversed(order) if p not in promoted]  # B.5
        demoted = candidates[:matched + extra]
    for p in demoted:
        rules[p] = "B.2"
    return sorted(demoted, key=order.index), extra


# --------------------------------------------------------------------------- final round


@dataclass(frozen=True)
class Finalist:
    """One player of the final round."""

    player: str
    rule: str
    reason: Reason
    advantaged: bool
    """Advantaged position: ``bonus`` extra gamepoints for the round ([7])."""
    bonus: Fraction


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
        chosen.append((defending_champion, "[8]", reason("CHAMPION_ELIGIBLE")))
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


def _direct_finalists(top: DivisionMoves, unavailable: set[str], division: str,
                      decisions: list[Decision]) -> list[tuple[str, str, Reason]]:
    """Return the direct promotions of division A who play the final, as (player, rule, why)
    (final round, B.1, B.3); record the others as not playing."""
    chosen = []
    for player in top.promoted:
        if player in unavailable:
            decisions.append(Decision(player, Move.WITHDREW, "final round",
                                      reason("FINALIST_DOES_NOT_PLAY", division=division),
                                      division, None))
        else:
            why = reason("FINALIST_LEADER" if player in top.leaders else "FINALIST_NEXT",
                         division=division)
            chosen.append((player, top.rule.get(player, "B.1"), why))
    return chosen


def _add_next_by_b3(chosen: list[tuple[str, str, Reason]], top: DivisionMoves,
                    rows: Mapping[str, StandingRow], bar: Fraction | None, unavailable: set[str],
                    settings: LeagueSettings, info: Mapping[str, PlayerInfo]) -> list[Tie]:
    """Fill ``chosen`` up to three with the next players of division A by D (B.3) who are not
    in a demotion spot and scored no fewer gamepoints than the champion (``bar``) or placed
    ``settings.final_place_limit`` or better (final round); return the tie the choice cuts
    through, if any (D.2). Players tied by the rules share their place."""
    place: dict[str, int] = {}
    for tied in top.classes:
        shared = len(place) + 1
        place.update((player, shared) for player in tied)
    taken = {c[0] for c in chosen}
    pool = [p for p in top.order if p not in taken and p not in top.demoted and p not in unavailable
            and ((bar is not None and rows[p].gamepoints >= bar)
                 or place[p] <= settings.final_place_limit)]
    picked = pool[:max(0, 3 - len(chosen))]
    for player in picked:
        enough = bar is not None and rows[player].gamepoints >= bar
        why = (reason("THIRD_BY_POINTS") if enough
               else reason("THIRD_BY_PLACE", place=place[player], division=top.name))
        chosen.append((player, "B.3", why))
    return find_ties(top.classes, pool, picked, "final round", "B.3", top.name, info)


def _seated_finalists(chosen: list[tuple[str, str, Reason]], top: DivisionMoves,
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
    for player, rule, why in chosen:
        bonus = settings.finalist_advantage if player in advantaged else Fraction(0)
        finalists.append(Finalist(player, rule, why, player in advantaged, bonus))
        decisions.append(Decision(player, Move.FINALIST, rule, why, division, division))
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
