"""Next-season formation of the league: promotion by rank (C) and implementation (E.1).

Source: ../shared/rules/000_8831272a7af7d6bd.txt ("league"); see :mod:`sitegen.engine.league`
for the settings, priority (D), direct moves (B), sizes and seeding (A) and the final round,
and docs/league-rules.md for the readings taken. Pure functions, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..model.common import Outcome, Rank
from ..model.league import (Division, DivisionRestrictions, Group, LeagueSettings, PlayerInfo,
                            RankBand, Season, division_index, division_letter)
from .league_reasons import Reason, reason
from .league import (Decision, DivisionMoves, LeagueRuleError, Move, RecordNotHonoured,
                     SeasonCancelled, Tie,
                     decided_by_d2, direct_moves, find_ties, group_count, secondary_classes,
                     secondary_order, seed_groups, starting_gamepoints)

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
    highest, _lowest = restrictions.limits(info.rank)
    return highest is not None and highest <= index


# --------------------------------------------------------------------------- plan


@dataclass(frozen=True)
class Signups:
    """The players of the next season: returning and new, with their current rank data.

    Players of the finished season who are not listed withdraw (B.4). A player in a group's
    ``withdrawn`` list who signs up again is placed as a new player (B.4: merits forfeited).
    """

    players: tuple[PlayerInfo, ...]
    finished: tuple[PlayerInfo, ...] = ()
    """The rules' data of the finished season's players who do not sign up: they do not play,
    but D orders them in the finished season (D.2, a playoff among tied players included), so
    that the spots they take are the ones lost (B.4)."""


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
    ties: tuple[Tie, ...] = field(default=())
    """Every tie a step cut through (D.2), the direct moves' first; the players were taken
    by id, which is not a rule (see :attr:`sitegen.engine.league_outcome.SeasonOutcome.ties`)."""
    left: tuple[str, ...] = ()
    """Players of the finished season who played it out and do not play the next: their
    outcome is the direct move they earned (B), the spot not passed on (B.4)."""


# --------------------------------------------------------------------------- next season


def next_season(season: Season, signups: Signups,
                restrictions: DivisionRestrictions = DivisionRestrictions(),
                settings: LeagueSettings = LeagueSettings(),
                recorded: Mapping[str, Move] = {}) -> NextSeasonPlan:
    """Return the next season's divisions and groups after ``season`` (B, C, E.1, A).

    Steps: direct promotions and demotions (B) give each returning player an assured
    division; withdrawals forfeit theirs (B.4); a lowest division restriction forces a
    promotion (C.3); new players are placed at their lowest allowed division, or the bottom
    division without one (C.1, C.3). Divisions are then filled from the top (E.1): a division
    takes the players assured to it, promotable players by D.2 into the space left below its
    previous size (C.4, C.5, C.2; A.i.5), and direct promotions from the division below when
    it is too small (E.1 for A.i.1, A.i.2); players over the 6x3^n limit move down (A.i.4).
    Groups are formed by :func:`group_count` and seeded in zig-zag (A.ii.2, [5]).

    ``recorded``: the organizers' recorded outcome of returning players of ``season``
    (PROMOTED, DEMOTED or STAYS, e.g. from a group's ``promoted``/``relegated`` lists), followed
    instead of their direct move: each is placed in the division their record names and no
    later step moves them (:attr:`Formation.pinned`); the other players are placed by the rules
    around them. A recorded promotion in the top division is its title: the player stays.

    Raises SeasonCancelled with fewer than five players ([2]) and LeagueRuleError when the
    restrictions or sizes cannot all be met, e.g. "division restrictions must be revised (C.3)";
    RecordNotHonoured when they cannot be met with the recorded outcomes followed.
    """
    check_restrictions(restrictions)
    state = Formation.start(season, _signed_up(signups, settings), restrictions, settings,
                            {entry.id: entry for entry in signups.finished})
    state.recorded = dict(recorded)
    take_direct_moves(state)
    apply_rank_limits(state)
    while state.remaining:
        fill_division(state, len(state.placed))
    divisions, where = form_groups(state)
    check_pinned(state, where)
    start = {p: starting_gamepoints(where[p], len(divisions), settings) for p in where}
    ties = [tie for moves in state.moves for tie in moves.ties] + state.ties
    return NextSeasonPlan(tuple(divisions), tuple(state.decisions), _outcomes(state, where),
                          start, state.moves, tuple(ties), tuple(sorted(state.left)))


def _signed_up(signups: Signups, settings: LeagueSettings) -> dict[str, PlayerInfo]:
    """Return the sign-ups by id; raise LeagueRuleError for a player signed up twice and
    SeasonCancelled with fewer than ``settings.min_season_players`` (footnote [2])."""
    info: dict[str, PlayerInfo] = {}
    for entry in signups.players:
        if entry.id in info:
            raise LeagueRuleError(f"player '{entry.id}' signs up twice")
        info[entry.id] = entry
    if len(info) < settings.min_season_players:
        raise SeasonCancelled(
            f"only {len(info)} players signed up, fewer than {settings.min_season_players}: "
            f"the season is cancelled and the title void (footnote [2])")
    return info


@dataclass
class Formation:
    """What the steps of :func:`next_season` read, and what they decide, in one place.

    :meth:`start` fills in the finished season's facts; then :func:`take_direct_moves` (B),
    :func:`apply_rank_limits` (C), :func:`fill_division` for each division from the top (E.1
    with A.i.5, A.i.4, C.5, A.i.2) and :func:`form_groups` (A.i.3, A.ii.2) read and extend it.
    Divisions are numbered from 0 (A).
    """

    season: Season
    """The finished season."""
    info: dict[str, PlayerInfo]
    """Every player of the next season, by id (the sign-ups)."""
    restrictions: DivisionRestrictions
    settings: LeagueSettings
    moves: tuple[DivisionMoves, ...]
    """The finished season's direct promotions and demotions per division (B)."""
    previous: dict[str, int]
    """The division of each player of the finished season."""
    previous_sizes: list[int]
    """The number of players of each division of the finished season (A.i.5)."""
    left_season: set[str]
    """Players recorded in a group's ``withdrawn`` list of the finished season (B.4)."""
    decisions: list[Decision] = field(default_factory=list)
    """Every decision, in the order taken."""
    last: dict[str, tuple[str, Reason]] = field(default_factory=dict)
    """The latest (rule, reason) of each player's decisions."""
    assured: dict[str, int] = field(default_factory=dict)
    """The division each returning player is assured by the direct moves (B)."""
    direct: dict[str, Move] = field(default_factory=dict)
    """Each returning player's direct move: PROMOTED, DEMOTED or STAYS (B)."""
    highest: dict[str, int | None] = field(default_factory=dict)
    """The highest division each player may be promoted into by rank (C.4); None: none."""
    lowest: dict[str, int | None] = field(default_factory=dict)
    """The lowest division each player's rank allows (C.3); None: no limit."""
    floor: dict[str, int] = field(default_factory=dict)
    """The division each player is placed in unless promoted: assured (B), raised by rank
    (C.3) or, for a new player, given by rank or the bottom division (C.1); the size steps
    lower it by one when they move a player down (A.i.5, A.i.4, A.i.2)."""
    unbound: set[str] = field(default_factory=set)
    """New players placed in the bottom division without a lowest division (C.1): the first
    to move down when a division does not grow (A.i.5)."""
    remaining: set[str] = field(default_factory=set)
    """Players not yet placed."""
    placed: list[list[str]] = field(default_factory=list)
    """The players of each division filled so far, top first, sorted by id."""
    ties: list[Tie] = field(default_factory=list)
    """The ties the steps cut through (D.2), in the order found."""
    recorded: dict[str, Move] = field(default_factory=dict)
    """The organizers' recorded outcome of players of the finished season, to follow."""
    pinned: dict[str, int] = field(default_factory=dict)
    """The division each returning player with a recorded outcome is placed in: the record's,
    which no step changes (a step that would have to raises RecordNotHonoured)."""
    unfinished: set[str] = field(default_factory=set)
    """Players of the finished season with a group game left unplayed against a member who did
    not withdraw: one who does not sign up again withdrew during the season (B.4)."""
    left: set[str] = field(default_factory=set)
    """Players who played the finished season out and did not sign up again: they keep the
    direct move they earned (B), placed nowhere, the spot not passed on (B.4)."""

    @classmethod
    def start(cls, season: Season, info: dict[str, PlayerInfo],
              restrictions: DivisionRestrictions, settings: LeagueSettings,
              gone: Mapping[str, PlayerInfo] = {}) -> "Formation":
        """Return the state before any step: the finished season's divisions and moves (B),
        ordered with the data of the players who do not sign up (``gone``) too."""
        divisions = season.divisions
        return cls(
            season=season, info=info, restrictions=restrictions, settings=settings,
            moves=direct_moves(season, {**gone, **info}, settings),
            previous={p: i for i, d in enumerate(divisions) for g in d.groups for p in g.players},
            previous_sizes=[sum(len(g.players) for g in d.groups) for d in divisions],
            left_season={p for d in divisions for g in d.groups for p in g.withdrawn},
            remaining=set(info), unfinished=unplayed_players(season))

    @property
    def total(self) -> int:
        """The number of players of the next season."""
        return len(self.info)

    def may_go_below(self, player: str, index: int) -> bool:
        """Return whether ``player``'s rank allows a division below ``index`` (C.3)."""
        lowest = self.lowest[player]
        return lowest is None or lowest > index

    def may_be_promoted_into(self, player: str, index: int) -> bool:
        """Return whether ``player``'s rank allows promotion into division ``index`` (C.4)."""
        highest = self.highest[player]
        return highest is not None and highest <= index

    def name(self, index: int | None) -> str | None:
        """Return the name of division ``index``: the finished season's, else its letter."""
        if index is None:
            return None
        divisions = self.season.divisions
        return divisions[index].name if index < len(divisions) else division_letter(index)

    def note(self, player: str, move: Move, rule: str, why: Reason, src: int | None,
             dst: int | None, decided_by: str | None = None) -> None:
        """Record a decision about ``player``, from division ``src`` to ``dst``; ``decided_by``:
        the criterion of D.2 that gave the spot, if one did."""
        self.decisions.append(Decision(player, move, rule, why, self.name(src), self.name(dst),
                                       decided_by))
        self.last[player] = (rule, why)

    def source(self, player: str) -> int | None:
        """Return a returning player's division of the finished season; None for a new one."""
        return self.previous.get(player) if player in self.assured else None

    def free(self, players: Iterable[str]) -> list[str]:
        """Return ``players`` without those the organizers' record places (:attr:`pinned`),
        in the same order."""
        return [p for p in players if p not in self.pinned]

    def worst_first(self, players: Iterable[str]) -> list[str]:
        """Return ``players`` worst first by the secondary criteria (D.2)."""
        return list(reversed(secondary_order(players, self.info, self.settings)))

    def cut(self, pool: Iterable[str], chosen: Iterable[str], spot: str, rule: str,
            d: int) -> None:
        """Record the tie, if any, that choosing ``chosen`` among ``pool`` by D.2 cuts
        through (:func:`sitegen.engine.league.find_ties`); ``spot`` of division ``d``."""
        pool = list(pool)
        classes = secondary_classes(pool, self.info, self.settings, record=False)
        self.ties.extend(find_ties(classes, pool, chosen, spot, rule, self.name(d) or "",
                                   self.info))


def unplayed_players(season: Season) -> set[str]:
    """Return the players of ``season`` with a group game left unplayed (missing, unplayed or
    void) against a member of their group, neither in the group's ``withdrawn`` list."""
    found: set[str] = set()
    for division in season.divisions:
        for group in division.groups:
            active = [p for p in group.players if p not in group.withdrawn]
            played = {frozenset(g.players) for g in group.games
                      if g.result.counts or g.result.outcome is Outcome.UNKNOWN}
            for index, first in enumerate(active):
                for second in active[index + 1:]:
                    if frozenset((first, second)) not in played:
                        found.update((first, second))
    return found


def take_direct_moves(state: Formation) -> None:
    """Assure each returning player the division of their direct move (B.1-B.3, B.5).

    A player who withdrew during the season (a group's ``withdrawn`` list, or games left
    unplayed and not signed up again: :attr:`Formation.unfinished`) forfeits the promotion,
    demotion or place and is not passed on (B.4). A player who played the season out and did
    not sign up again keeps the move they earned in it, noted as for a returning player, but is
    placed nowhere: the spot is not passed on either (B.4, :attr:`Formation.left`). In the top
    division the promotion spots qualify for the final round and the players stay.
    """
    for moves in state.moves:
        here = moves.index
        for player in moves.order:
            rule = moves.rule.get(player, "B")
            gone = player not in state.info
            if player in state.left_season or (gone and player in state.unfinished):
                spot = ("promotion" if player in moves.promoted else
                        "demotion" if player in moves.demoted else "place")
                kind = "WITHDREW_UNPLAYED" if gone and player in state.unfinished \
                    and player not in state.left_season else "WITHDREW"
                state.note(player, Move.WITHDREW, "B.4", reason(kind, spot=spot), here, None)
                continue
            if not gone and follow_record(state, moves, player):
                continue
            move, rule, why, target = _direct_move(state, moves, player, rule)
            by = moves.decided_by.get(player)
            if gone:  # a demotion from the bottom division names none (none is formed)
                state.left.add(player)
                state.note(player, move, rule, why, here,
                           target if target < len(state.season.divisions) else None, by)
                continue
            state.assured[player] = target
            state.direct[player] = move
            state.note(player, move, rule, why, here, target, by)


def _direct_move(state: Formation, moves: DivisionMoves, player: str,
                 rule: str) -> tuple[Move, str, Reason, int]:
    """Return ``player``'s direct move (B) in division ``moves.index``: the move, its rule, why,
    and the division it gives (a promotion spot of the top division: the final round, stays)."""
    here = moves.index
    if player in moves.promoted and here > 0:
        rule, why = _promotion_why(state, moves, player, rule)
        return Move.PROMOTED, rule, why, here - 1
    if player in moves.demoted:
        fixed = state.settings.fixed_relegations_per_group
        why = (reason("DEMOTION_SPOT") if fixed is None
               else reason("FIXED_RELEGATION", count=fixed))
        return Move.DEMOTED, rule, why, here + 1
    if player in moves.promoted:
        return Move.STAYS, "final round", reason("FINAL_SPOT", division=moves.name), here
    return Move.STAYS, "B", reason("MIDDLE"), here


def follow_record(state: Formation, moves: DivisionMoves, player: str) -> bool:
    """Place ``player`` of division ``moves.index`` in the division of their recorded outcome
    (:attr:`Formation.recorded`), which no later step changes (:attr:`Formation.pinned`);
    return True when it noted the record as the decision, False when the player has no record
    or the rules' direct move gives the same division (its rules are then the decision).
    A recorded promotion in the top division is its title: the player stays."""
    move = state.recorded.get(player)
    if move is None:
        return False
    here = moves.index
    target = (here - 1 if move is Move.PROMOTED and here > 0 else
              here + 1 if move is Move.DEMOTED else here)
    state.pinned[player] = target
    by_rules = (here - 1 if player in moves.promoted and here > 0 else
                here + 1 if player in moves.demoted else here)
    if target == by_rules:
        return False
    state.assured[player] = target
    state.direct[player] = (Move.STAYS if target == here else
                            Move.PROMOTED if target < here else Move.DEMOTED)
    state.note(player, state.direct[player], "record", reason("RECORD_FOLLOWED"), here, target)
    return True


def _players(count: int) -> str:
    """``1 player``, ``3 players``: a count of players in an error's words."""
    return f"{count} player" if count == 1 else f"{count} players"


def record_conflict(state: Formation, why: str, players: Iterable[str]) -> RecordNotHonoured:
    """Return the error for recorded outcomes that ``why`` (a rule, with its id) does not let
    be followed, naming ``players`` (those of the record) with where their record puts them."""
    by_place: dict[tuple[str, str], list[str]] = {}
    for player in sorted(set(players)):
        before, after = state.previous[player], state.pinned[player]
        move = ("promoted to" if after < before else "relegated to" if after > before
                else "staying in")
        by_place.setdefault((move, state.name(after) or ""), []).append(player)
    named = "; ".join(f"recorded as {move} division {division}: {', '.join(found)}"
                      for (move, division), found in by_place.items())
    return RecordNotHonoured(why, named, tuple(sorted(set(players))))


def check_pinned(state: Formation, where: Mapping[str, int]) -> None:
    """Raise RecordNotHonoured for a player the record places whom a step placed elsewhere
    (the steps leave them where the record puts them; this names any that did not)."""
    moved = [p for p, d in state.pinned.items() if where.get(p, d) != d]
    if moved:
        rules = ", ".join(sorted({state.last[p][0] for p in moved}))
        raise record_conflict(state, f"the rules ({rules}) place them elsewhere", moved)


def _promotion_why(state: Formation, moves: DivisionMoves, player: str,
                   rule: str) -> tuple[str, Reason]:
    """Return the rule and why ``player`` has a direct promotion spot: group leader (B.1),
    sharing the first place (B.1 for each: no leader is picked by id), one of the group's best
    (fixed per group), or next best by D (``rule``, B.3)."""
    group = next(g for g in state.season.divisions[moves.index].groups if player in g.players)
    tied = next((c for c in moves.classes if player in c), (player,))
    first = [p for p in tied if p in group.players]  # equal by the rules within the group
    if player in moves.leaders and len(first) == 1:
        return "B.1", reason("GROUP_LEADER")
    if any(p in moves.leaders for p in first):
        return "B.1", reason("TIED_LEADER")
    fixed = state.settings.fixed_promotions_per_group
    return rule, reason("NEXT_BEST") if fixed is None else reason("FIXED_PROMOTION", count=fixed)


def apply_rank_limits(state: Formation) -> None:
    """Set each player's division limits by rank and the division they are placed in (C).

    A returning player below the lowest division of their rank is promoted to it (C.3,
    forced); a new player goes to the lowest division of their rank (C.3) or, without one,
    to the bottom division (C.1). A provisional rank sets no limit unless the league allows
    promotion by provisional ranks (C.1 addendum).
    """
    info, settings = state.info, state.settings
    for player, entry in info.items():
        trusted = not entry.provisional or settings.provisional_promotion_by_rank
        highest, lowest = state.restrictions.limits(entry.rank) if trusted else (None, None)
        state.highest[player], state.lowest[player] = highest, lowest
    count = len(state.season.divisions)
    bottom = max(count - 1, 0)
    below_rank = sorted(p for p, d in state.pinned.items()
                        if p in info and (lowest := state.lowest[p]) is not None and lowest < d)
    if below_rank:
        limits = ", ".join(f"{p} ({info[p].rank}: division {state.name(state.lowest[p])})"
                           for p in below_rank)
        raise record_conflict(state, f"a rank may not be placed below the lowest division it "
                              f"allows (C.3): {limits}", below_rank)
    for player in sorted(info, key=lambda p: (state.previous.get(p, count), p)):
        low = state.lowest[player]
        if player in state.assured:
            state.floor[player] = state.assured[player]
            if low is not None and low < state.assured[player]:
                state.floor[player] = low
                state.note(player, Move.PROMOTED_BY_RANK, "C.3", reason(
                    "FORCED_BY_RANK", rank=str(info[player].rank), division=state.name(low)), state.previous[player], low)
        elif low is not None:
            state.floor[player] = low
            state.note(player, Move.NEW, "C.3", reason("NEW_BY_RANK", rank=str(info[player].rank)),
                       None, low)
        else:
            state.floor[player] = bottom
            state.unbound.add(player)
            rule, why = bottom_reason(state, player)
            state.note(player, Move.NEW, rule, reason("NEW_BOTTOM", why=why), None, bottom)


def bottom_reason(state: Formation, player: str) -> tuple[str, Reason]:
    """Return the rule and why a player with no lowest division by rank is placed in the
    bottom division: a provisional rank the league does not trust (C.1 addendum), a rank band
    that sets a highest division but no lowest (C.1), or no band at all (C.1)."""
    entry = state.info[player]
    if entry.provisional and not state.settings.provisional_promotion_by_rank:
        return "C.1 addendum", reason("NEW_PROVISIONAL")
    if state.restrictions.limits(entry.rank)[0] is not None:
        return "C.1", reason("NEW_BAND_NO_LOWEST", rank=str(entry.rank))
    return "C.1", reason("NEW_NO_BAND")


def fill_division(state: Formation, d: int) -> None:
    """Place the players of division ``d``, the divisions above it being full (E.1).

    The division takes the players placed in it or above and not yet placed, then in turn:
    new players beyond its previous size move down (A.i.5); players over its limit move down
    (A.i.4, A.i.2); promotable players fill the space (C.5, C.2); it takes promotions from
    below while too small (E.1 for A.i.1, A.i.2); and it never leaves fewer than the smallest
    group below it (A.i.2). Raises LeagueRuleError when the restrictions leave no way.
    """
    cap, cap_rule = division_capacity(state, d)
    target = state.previous_sizes[d] if d < len(state.previous_sizes) else None
    chosen = {p for p in state.remaining if state.floor[p] <= d}
    if target is not None:
        keep_previous_size(state, d, chosen, target)
    move_down_over_capacity(state, d, chosen, cap, cap_rule)
    promote_by_rank(state, d, chosen, min(cap, target) if target is not None else cap, cap)
    need = least_players(state, d)
    absorb_the_rest(state, d, chosen, cap)
    promote_to_size(state, d, chosen, cap, need)
    leave_enough_below(state, d, chosen, cap, need)
    state.placed.append(sorted(chosen))
    state.remaining -= chosen


def division_capacity(state: Formation, d: int) -> tuple[int, str]:
    """Return the most players division ``d`` may hold and the rule that limits it: 6x3^n
    (A.i.4), or three times the division above (A.i.2)."""
    limit = state.settings.division_size_limit(d)
    if d == 0:
        return limit, "A.i.4"
    cap = min(limit, state.settings.growth_factor * len(state.placed[d - 1]))
    return cap, "A.i.4" if cap == limit else "A.i.2"


def least_players(state: Formation, d: int) -> int:
    """Return the fewest players division ``d`` may hold: one group (A.i.2, A.i.3), two for
    the top division when enough players play the season (A.i.1, footnote [1])."""
    minimum = state.settings.min_group_size
    if d == 0 and state.total >= state.settings.two_groups_from:
        return state.settings.top_division_groups * minimum
    return minimum


def keep_previous_size(state: Formation, d: int, chosen: set[str], target: int) -> None:
    """Move new players without a lowest division down while division ``d`` holds more than
    its ``target`` (previous) size, worst first by D.2: new players do not grow it (A.i.5)."""
    if len(chosen) <= target:
        return
    excess = len(chosen) - target
    unbound = [p for p in state.worst_first(chosen) if p in state.unbound]
    state.cut(unbound, unbound[:excess], "demotion", "A.i.5", d)
    for player in unbound[:excess]:
        state.floor[player] = d + 1
        chosen.discard(player)
        state.note(player, Move.NEW, "A.i.5", reason("NOT_GROWING", division=state.name(d)),
                   None, d + 1)


def move_down_over_capacity(state: Formation, d: int, chosen: set[str], cap: int,
                            cap_rule: str) -> None:
    """Move the worst players by D.2 whose rank allows it down until division ``d`` holds at
    most ``cap`` (A.i.4 or A.i.2, as ``cap_rule``); raise LeagueRuleError when too few may."""
    if len(chosen) <= cap:
        return
    by_rank = [p for p in state.worst_first(chosen) if state.may_go_below(p, d)]
    movable = state.free(by_rank)
    excess = len(chosen) - cap
    if len(movable) < excess <= len(by_rank):
        raise record_conflict(state, f"division {state.name(d)} would hold {len(chosen)} players "
                              f"but may hold at most {cap} ({cap_rule})",
                              [p for p in chosen if p in state.pinned])
    if len(movable) < excess:
        raise LeagueRuleError(
            f"division {state.name(d)} must hold {len(chosen)} players by their ranks but may "
            f"hold at most {cap} ({cap_rule}): division restrictions must be revised (C.3)")
    state.cut(movable, movable[:excess], "demotion", cap_rule, d)
    for player in movable[:excess]:
        state.floor[player] = d + 1
        chosen.discard(player)
        state.note(player, Move.DEMOTED if player in state.assured else Move.NEW, cap_rule,
                   reason("OVER_CAPACITY", division=state.name(d), cap=cap), d, d + 1)


def take_leaving_enough(state: Formation, candidates: list[str], chosen: set[str], space: int,
                        cap: int) -> list[str]:
    """Return the first ``space`` of ``candidates`` (ordered best first by D.2) for a division
    that holds ``chosen`` and may hold ``cap``: fewer when the players left for the divisions
    below would be fewer than one group and could not all join this division (A.i.2)."""
    take = candidates[:space]
    rest = len(state.remaining) - len(chosen) - len(take)
    minimum = state.settings.min_group_size
    if 0 < rest < minimum and len(chosen) + len(take) + rest > cap:
        take = take[:max(0, len(take) - (minimum - rest))]
    return take


def promote_by_rank(state: Formation, d: int, chosen: set[str], size: int, cap: int) -> None:
    """Fill division ``d`` up to ``size`` with players promotable into it by rank, best first
    by D.2 (C.4, C.5); a promotion by rank overrides a direct promotion or demotion (C.2).

    Fewer are taken when the players left for the divisions below would be fewer than one
    group and could not all join this one (A.i.2).
    """
    space = size - len(chosen)
    if space <= 0:
        return
    candidates = [p for p in secondary_order(state.free(state.remaining - chosen), state.info,
                                             state.settings)
                  if state.may_be_promoted_into(p, d)]
    take = take_leaving_enough(state, candidates, chosen, space, cap)
    state.cut(candidates, take, "promotion", "C.5", d)
    decided = decided_by_d2([candidates], candidates, take, state.info, state.settings)
    for player in take:
        chosen.add(player)
        direct = state.direct.get(player) if player in state.assured else None
        if direct in (Move.PROMOTED, Move.DEMOTED):
            spot = "promotion" if direct is Move.PROMOTED else "demotion"
            rule, why = "C.2", reason("RANK_OVERRIDES", spot=spot, division=state.name(d))
        else:
            rule, why = "C.5", reason("BY_RANK", rank=str(state.info[player].rank),
                                      division=state.name(d))
        state.note(player, Move.PROMOTED_BY_RANK, rule, why, state.source(player), d, decided.get(player))


def promote_to_size(state: Formation, d: int, chosen: set[str], cap: int, need: int) -> None:
    """Promote players from below into division ``d`` while it holds fewer than ``need``
    (A.i.1, A.i.2) or the division below would hold more than three times its players
    (A.i.2), up to ``cap``: the next direct promotion by D, else the highest ranked (E.1)."""
    growth = state.settings.growth_factor
    tied: list[Tie] = []
    picked: set[str] = set()
    while len(chosen) < cap:
        left = state.remaining - chosen
        if not left:
            break
        below = sum(1 for p in left if state.floor[p] <= d + 1)
        if len(chosen) >= need and growth * len(chosen) >= below:
            break
        if not state.free(left):
            why = (f"division {state.name(d)} would hold {len(chosen)} players, fewer than "
                   f"{need} (A.i.1, A.i.2)" if len(chosen) < need else
                   f"division {state.name(d + 1)} would hold more than {growth} times the "
                   f"players of division {state.name(d)} (A.i.2)")
            raise record_conflict(state, f"{why}, and the record places every player who "
                                  f"could be promoted into it (E.1)", left)
        player, pick, tie, decided_by = _e1_pick(state, d, set(state.free(left)))
        chosen.add(player)
        picked.add(player)
        tied.extend([tie] if tie is not None else [])
        said = (reason("E1_NEEDS", pick=pick, division=state.name(d), need=need)
                if len(chosen) <= need else
                reason("E1_THRICE", pick=pick, division=state.name(d), growth=growth,
                       below=state.name(d + 1)))
        state.note(player, Move.PROMOTED, "E.1", said, state.source(player), d, decided_by)
    # One pick at a time: a tie is one only if its players were not all picked in the end.
    found = {tie.players: tie for tie in tied}
    for players, tie in found.items():
        taken = [p for p in players if p in picked]
        if len(taken) < len(players):
            state.ties.append(Tie(players, len(taken), tie.spot, tie.rule, tie.division,
                                  tie.by_record))


def _e1_pick(state: Formation, d: int, left: set[str]
             ) -> tuple[str, Reason, Tie | None, str | None]:
    """Choose the player promoted into division ``d`` for a size conflict (E.1), with why, the
    tie the pick cuts (D.2), if any, and the criterion of D.2 that chose them, if one did:
    among the applicable equal on D.1 (B.3, B.5), or among all for the highest ranked."""
    moves = state.moves[d + 1] if d + 1 < len(state.moves) else None
    applicable = [p for p in (moves.order if moves else ()) if p in left and state.previous.get(p)
                  == d + 1 and state.assured.get(p) == d + 1 and state.floor[p] == d + 1]
    classes: Sequence[Sequence[str]]
    if moves is not None and applicable:
        pick, why, classes, main = applicable[0], "E1_DIRECT", moves.classes, moves.main_classes
    else:
        applicable = [p for p in left if state.floor[p] == d + 1] or list(left)
        pick, why = secondary_order(applicable, state.info, state.settings)[0], "E1_FORCED"
        classes = secondary_classes(applicable, state.info, state.settings, record=False)
        main = (tuple(applicable),)
    decided = decided_by_d2(main, applicable, [pick], state.info, state.settings)
    return pick, reason(why), _first_tie(state, classes, applicable, pick, d), decided.get(pick)


def _first_tie(state: Formation, classes: Iterable[Sequence[str]], pool: list[str], player: str,
               d: int) -> Tie | None:
    """Return the tie of ``player``'s class in ``pool`` when picking them alone cuts it."""
    ties = find_ties(classes, pool, [player], "promotion", "E.1", state.name(d) or "", state.info)
    return ties[0] if ties else None


def absorb_the_rest(state: Formation, d: int, chosen: set[str], cap: int) -> bool:
    """Take every player not yet placed into division ``d`` when they are fewer than one group
    and ``d`` has room for them all (E.1, A.i.2); return True when it did. Done before
    :func:`promote_to_size`, so that they join for this one reason, none picked first."""
    minimum = state.settings.min_group_size
    left = state.remaining - chosen
    if not 0 < len(left) < minimum or len(chosen) + len(left) > cap or state.free(left) != list(left):
        return False
    for player in sorted(left):
        chosen.add(player)
        state.note(player, Move.PROMOTED, "E.1", reason(
            "FEW_LEFT", count=len(left), division=state.name(d), minimum=minimum), state.source(player), d)
    return True


def leave_enough_below(state: Formation, d: int, chosen: set[str], cap: int, need: int) -> None:
    """Never leave fewer players than one group for the divisions below ``d`` (A.i.2): take
    them all into ``d`` when it has room (E.1), else move its worst movable players down;
    raise LeagueRuleError when neither fits the sizes of A.i.2 and A.i.4."""
    minimum = state.settings.min_group_size
    left = state.remaining - chosen
    if not 0 < len(left) < minimum or absorb_the_rest(state, d, chosen, cap):
        return
    by_rank = [p for p in state.worst_first(chosen) if state.may_go_below(p, d)]
    movable = state.free(by_rank)
    short = minimum - len(left)
    if len(movable) < short or len(chosen) - short < need:
        pinned = [p for p in left if p in state.pinned]
        if (pinned and len(chosen) + len(left) <= cap) or (
                len(chosen) - short >= need and len(by_rank) >= short):
            raise record_conflict(state, f"only {_players(len(left))} would be left below "
                                  f"division {state.name(d)}, fewer than {minimum} (A.i.2)",
                                  pinned + [p for p in chosen if p in state.pinned])
        raise LeagueRuleError(
            f"{_players(len(left))} {'is' if len(left) == 1 else 'are'} left below division {state.name(d)}, which is full "
            f"({cap}): the sizes of A.i.2 and A.i.4 cannot be met; division "
            f"restrictions must be revised (C.3)")
    state.cut(movable, movable[:short], "demotion", "E.1", d)
    for player in movable[:short]:
        chosen.discard(player)
        state.floor[player] = d + 1
        state.note(player, Move.DEMOTED if player in state.assured else Move.NEW, "E.1",
                   reason("E1_NEEDS_BELOW", division=state.name(d + 1), minimum=minimum),
                   d, d + 1)


def form_groups(state: Formation) -> tuple[list[Division], dict[str, int]]:
    """Return the divisions with their groups, and each player's division index: each
    division's group count (A.i.1, A.i.3) and its players seeded in zig-zag by D.2 (A.ii.2,
    [5]). Groups are named by the division's letter, numbered when there are several."""
    divisions = []
    groups_above: int | None = None
    where: dict[str, int] = {}
    for index, members in enumerate(state.placed):
        letter = division_letter(index)
        count = group_count(len(members), index, groups_above, state.settings, state.total)
        seeded = seed_groups(secondary_order(members, state.info, state.settings), count)
        groups = tuple(
            Group(id=(letter.lower() if count == 1 else f"{letter.lower()}{i + 1}"),
                  name=(letter if count == 1 else f"{letter}{i + 1}"),
                  players=tuple(players), games=())
            for i, players in enumerate(seeded))
        divisions.append(Division(name=letter, groups=groups))
        groups_above = count
        for player in members:
            where[player] = index
    return divisions, where


def _outcomes(state: Formation, where: Mapping[str, int]) -> dict[str, Decision]:
    """Return each player's resulting outcome: the finished season's players who do not play
    (B.4), then every placed player by the last decision about them."""
    out: dict[str, Decision] = {}
    earned = {d.player: d for d in state.decisions if d.player in state.left}
    for player, before in sorted(state.previous.items()):
        if player in earned:  # the move earned in the season, placed nowhere (B.4)
            out[player] = earned[player]
        elif player not in where or player not in state.assured:
            out[player] = Decision(player, Move.WITHDREW, "B.4", reason("WITHDREW_LEFT"),
                                   state.name(before), None)
    for player, after in sorted(where.items()):
        rule, why = state.last[player]
        target = division_letter(after)
        if player not in state.assured:
            out[player] = Decision(player, Move.NEW, rule, why,
                                   state.name(state.previous.get(player)), target)
            continue
        before = state.previous[player]
        if rule.startswith("C.") and after < state.assured[player]:
            move = Move.PROMOTED_BY_RANK
        elif after < before:
            move = Move.PROMOTED
        elif after > before:
            move = Move.DEMOTED
        else:
            move = Move.STAYS
        out[player] = Decision(player, move, rule, why, state.name(before), target)
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
