"""The league rules: sizes, seeding, priority and its ties, direct moves.

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"); rule ids A.i.1-5, A.ii.1-2,
B.1-5, C.1-5, D.1-2, E.1, footnotes [1]-[8] and "final round" refer to that text, and
docs/league-rules.md explains every reading taken here. The final round is in
:mod:`sitegen.engine.league_final`, next-season formation (C, E.1) in
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

from ..model.league import (Division, ExtraDemotions, Group, LeagueSettings, PlayerInfo, Season,
                            division_letter)
from .league_reasons import Reason
from .standings import StandingRow, group_standings


class LeagueRuleError(Exception):
    """The rules cannot all be met; the message names the rule (e.g. "... (C.3)").

    An engine error, not a diagnostic: the validators and commands that call the engine turn
    it into a positioned one."""


RECORD_CONFLICT = "the recorded outcomes cannot be followed"
"""How the message of RecordNotHonoured begins."""


class RecordNotHonoured(LeagueRuleError):
    """The organizers' recorded outcomes cannot all be followed: a rule of sizes (A.i) or of
    ranks (C.3) would break. The message names the rule and the players concerned:
    ``the recorded outcomes cannot be followed: <why>: <named>``."""

    def __init__(self, why: str, named: str, players: tuple[str, ...]) -> None:
        super().__init__(f"{RECORD_CONFLICT}: {why}: {named}")
        self.why = why
        """The rule that would break, with its id: ``only 1 player would be left below
        division C, fewer than 5 (A.i.2)``."""
        self.named = named
        """The players concerned by where their record puts them: ``recorded as relegated to
        division D: Pakasu63``."""
        self.players = players
        """The players concerned, sorted."""


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


def deciding_criteria(tied: Iterable[str], chosen: Iterable[str], info: Mapping[str, PlayerInfo],
                      settings: LeagueSettings = LeagueSettings()) -> dict[str, str]:
    """Return, for each ``chosen`` player of ``tied`` (players the criteria before D.2 do not
    tell apart), the criterion of D.2 (its name in :func:`_secondary_criteria`) after which
    their class holds no unchosen player: the datum that gave them the spot. A chosen player
    D.2 leaves tied with an unchosen one has none (a tie, :func:`find_ties`); none either when
    every player of ``tied`` or none was chosen (nothing to decide)."""
    tied, chosen = sorted(tied), set(chosen)
    if not any(p in chosen for p in tied) or all(p in chosen for p in tied):
        return {}
    found: dict[str, str] = {}
    classes = [tied]
    for name, split in _secondary_criteria(info, settings, False):
        classes = _refine(classes, split)
        for tied_class in classes:
            if all(p in chosen for p in tied_class):
                found.update((p, name) for p in tied_class if p not in found)
    return found


def decided_by_d2(classes: Iterable[Sequence[str]], pool: Iterable[str], chosen: Iterable[str],
                  info: Mapping[str, PlayerInfo],
                  settings: LeagueSettings = LeagueSettings()) -> dict[str, str]:
    """Return the players of ``chosen`` whose spot D.2 gave among the players of ``pool`` in
    their class of ``classes`` (equal on what comes before D.2: D.1 for a direct move, the
    final round's third place or an E.1 direct promotion; nothing for a promotion by rank,
    C.5, or E.1's forced one, whose one class is the pool), with its criterion
    (:func:`deciding_criteria`)."""
    pool, chosen = set(pool), set(chosen)
    found: dict[str, str] = {}
    for tied in classes:
        members = [p for p in tied if p in pool]
        for player, name in deciding_criteria(members, [p for p in members if p in chosen],
                                              info, settings).items():
            found.setdefault(player, name)
    return found


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
    """For a spot D.2 gave among players equal on D.1: its criterion (:func:`deciding_criteria`)."""
    main_classes: tuple[tuple[str, ...], ...] = ()
    """``order`` as classes by D.1 alone (gamepoints, SODOS, among the tied), best first: what
    D.2 decides within (:func:`decided_by_d2`)."""


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
        main = division_classes(division.groups, {}, settings, False, tables)  # D.1 alone
        decided = _decided_by_d2(division, info, settings, promoted[index], demoted,
                                 rules[index], tables, main)
        result.append(DivisionMoves(
            index=index, name=division.name, order=tuple(orders[index]),
            leaders=tuple(order[0] for order in group_orders[index] if order),
            promoted=tuple(promoted[index]), demoted=tuple(demoted),
            rule=dict(rules[index]), extra_demotions=extra, ties=ties, classes=classes,
            decided_by=decided, main_classes=tuple(tuple(tied) for tied in main)))
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
                   tables: Mapping[str, Sequence[StandingRow]],
                   across: list[list[str]]) -> dict[str, str]:
    """Return the players whose spot D.2 gave among players equal on D.1 (``across``: the
    division's classes by D.1 alone), with its criterion."""
    found: dict[str, str] = {}
    for _spot, _rule, classes, among, chosen in _cut_classes(
            division, {}, settings, promoted, demoted, rules, tables, across):
        for player, name in decided_by_d2(classes, among, chosen, info, settings).items():
            found.setdefault(player, name)
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
