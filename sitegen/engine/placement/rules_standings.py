"""The standings read as the rule text: players ordered by the tournament's criteria, and
direct confrontation (Dir, DC, SDC) among the players tied on the criteria before it.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("Dir: Direct Confrontation", and "DC ... and
SDC ... OpenGotha User Manual"), OpenGotha's definitions (../shared/reference/opengotha.md 1.2,
"DC and SDC", "Final ordering") and docs/placement.md. Each criterion's value comes from
:mod:`.rules`; the site uses the fast form (:func:`~.fast.standings`), and
``tests/properties/test_placement_by_rule.py`` shows that both give the same rows.
"""

from __future__ import annotations

from fractions import Fraction

from ...model.tournament import Criterion, DCVariant, GameResult, Tournament
from .rows import PlacementRow, game_suffix, java_order, no_game_string
from .rules import After, criterion_value, mms, nbw, participation, the_game

DIRECT = (Criterion.DC, Criterion.SDC)


# --------------------------------------------------------------------------- Dir, DC, SDC


def balance(at: After, a: str, b: str) -> int:
    """Return a's plain wins over b minus b's over a in the rounds counted: only a game won on
    the board counts; a jigo, a forfeit, both win and both lose do not (opengotha.md 1.2, DC
    and SDC step 3)."""
    total = 0
    for game in at.tournament.games:
        if game.round > at.round or game.forfeit or {game.white, game.black} != {a, b}:
            continue
        if game.result is GameResult.WHITE_WINS:
            total += 1 if game.white == a else -1
        elif game.result is GameResult.BLACK_WINS:
            total += 1 if game.black == a else -1
    return total


def sdc(at: After, group: list[str]) -> dict[str, int]:
    """Return SDC, the simplified direct confrontation of a tied group: "if they all have
    played against each others, SDC value for a player is the number of victory among its
    peers; if they haven't, SDC value is 0 for all of them" (OpenGotha's help; a pair whose
    balance is even has not decided)."""
    others = {a: [b for b in group if b != a] for a in group}
    if any(balance(at, a, b) == 0 for a in group for b in others[a]):
        return {a: 0 for a in group}
    return {a: sum(1 for b in others[a] if balance(at, a, b) > 0) for a in group}


def dir_(at: After, group: list[str]) -> dict[str, int]:
    """Return Dir (placement: Dir): "If one player has won against all the other players with
    the same score and lost against no one, then Dir = 1 for this player and Dir = 0 for the
    other players" (``dc_variant: dir``)."""
    return {a: int(all(balance(at, a, b) > 0 for b in group if b != a)) for a in group}


def dc(at: After, group: list[str], secondary: dict[str, int]) -> dict[str, int]:
    """Return OpenGotha's DC of a tied group (placement: DC; opengotha.md 1.2 step 5): "a
    special sort on players having the same score ..., so that a player is above the ones he
    has defeated". A player beat another when the balance is exactly one win (as OpenGotha);
    a cycle of wins is one block keeping its wins and losses outside; repeatedly, of the
    players who beat no one left, those with the lowest ``secondary`` score (the order by
    the criteria after DC) are ranked last. DC = the highest rank - the player's rank.
    """
    beat = {(a, b) for a in group for b in group if a != b and balance(at, a, b) == 1}
    reaches = _reaches(group, beat)

    def block(a: str) -> set[str]:
        return {b for b in group if b == a or ((a, b) in reaches and (b, a) in reaches)}

    def above(a: str, b: str) -> bool:
        return b not in block(a) and any((x, y) in beat for x in block(a) for y in block(b))

    remaining = set(group)
    rank: dict[str, int] = {}
    while remaining:
        bottom = [a for a in remaining if not any(above(a, b) for b in remaining)] or list(
            remaining)
        lowest = min(secondary[a] for a in bottom)
        chosen = [a for a in bottom if secondary[a] == lowest]
        for a in chosen:
            rank[a] = 1 + len(remaining) - len(chosen)
        remaining -= set(chosen)
    top = max(rank.values())
    return {a: top - rank[a] for a in group}


def _reaches(group: list[str], beat: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """Return the pairs (a, b) such that a chain of wins leads from a to b."""
    reaches = set(beat)
    for middle in group:
        reaches |= {(a, b) for a in group for b in group
                    if (a, middle) in reaches and (middle, b) in reaches}
    return reaches


# --------------------------------------------------------------------------- the order


def better_first(values: dict[Criterion, Fraction], criteria: tuple[Criterion, ...]) -> tuple:
    """Return a sort key that puts the better values first: higher first on each criterion,
    but CAT lower first (placement: criteria; docs/placement.md)."""
    return tuple(values[c] if c is Criterion.CAT else -values[c] for c in criteria)


def set_direct_confrontation(at: After, values: dict[str, dict[Criterion, Fraction]]) -> None:
    """Set DC and SDC for every group of registered players (shown or not: OpenGotha orders
    them all) tied on the criteria before the first DC or SDC: SDC by :func:`sdc`, then DC by
    :func:`dc` with the secondary score from the criteria after the first DC (or by
    :func:`dir_`). With DC and SDC both listed (OpenGotha ``defineDirForExAequoGroup``), SDC
    after DC orders the group by the SDC just found, DC after DC counts as 0 (not yet found)
    and what lies between an earlier SDC and DC does not count."""
    criteria = at.params.criteria
    first = next((n for n, c in enumerate(criteria) if c in DIRECT), None)
    if first is None:
        return
    before = criteria[:first]
    after = (() if Criterion.DC not in criteria else tuple(
        c for c in criteria[criteria.index(Criterion.DC) + 1:] if c is not Criterion.DC))
    groups: dict[tuple, list[str]] = {}
    for p in at.tournament.players:
        groups.setdefault(better_first(values[p.id], before), []).append(p.id)
    for group in (g for g in groups.values() if len(g) > 1):
        simplified = sdc(at, group)
        for a in group:
            values[a][Criterion.SDC] = Fraction(simplified[a])
        keys = {a: better_first(values[a], after) for a in group}
        secondary = {a: len(group) - sum(1 for b in group if keys[b] < keys[a]) for a in group}
        direct = (dir_(at, group) if at.params.dc_variant is DCVariant.DIR
                  else dc(at, group, secondary))
        for a in group:
            values[a][Criterion.DC] = Fraction(direct[a])


def standings_by_rule(t: Tournament, after_round: int | None = None,
                      include_not_implied: bool = False) -> list[PlacementRow]:
    """Return the standings after ``after_round`` (1-based; default the last round) as
    :func:`~.fast.standings` does, each value by its rule: ordered by the criteria, better
    first; players equal on every criterion share the place (the number of players above
    plus one) and are listed by surname, then first name, as OpenGotha compares them.
    Players without a game or a bye are left out unless ``include_not_implied``. Raises
    ValueError for a round outside 1..rounds."""
    r = t.rounds if after_round is None else after_round
    if not 1 <= r <= t.rounds:
        raise ValueError(f"round {r} is outside 1..{t.rounds}")
    at = After(t, r)
    criteria = t.parameters.criteria
    values = {p.id: {c: criterion_value(at, p.id, c) for c in criteria} for p in t.players}
    set_direct_confrontation(at, values)
    implied = ({g.white for g in t.games} | {g.black for g in t.games}
               | {b.player for b in t.byes})
    shown = [p for p in t.players if include_not_implied or p.id in implied]
    key = {p.id: better_first(values[p.id], criteria) for p in shown}
    ordered = sorted(shown, key=lambda p: (key[p.id], java_order(p.surname),
                                           java_order(p.first_name), p.id))
    row_of = {p.id: n for n, p in enumerate(ordered, start=1)}
    rows = []
    for n, p in enumerate(ordered, start=1):
        games, opponents = [], []
        for rnd in at.rounds():
            game = the_game(at, p.id, rnd)
            opponent = None if game is None else game.opponent(p.id)
            opponents.append(opponent)
            games.append(no_game_string(t, participation(at, p.id, rnd)) if game is None
                         else f"{row_of.get(opponent or '', 0)}{game_suffix(game, p.id)}")
        rows.append(PlacementRow(
            row=n, place=1 + sum(1 for q in shown if key[q.id] < key[p.id]),
            shared=sum(1 for q in shown if key[q.id] == key[p.id]) > 1, player=p,
            values={c: values[p.id][c] for c in criteria}, nbw=nbw(at, p.id), mms=mms(at, p.id), games=tuple(games),
            opponents=tuple(opponents)))
    return rows
