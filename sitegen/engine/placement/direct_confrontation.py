"""Direct confrontation, the fast form: DC and SDC (and the rule text's Dir) of the groups of
players tied on the criteria before them, as OpenGotha computes them (placement: Dir, "DC and
SDC ... OpenGotha User Manual"; ../shared/reference/opengotha.md 1.2, "DC and SDC").

The build uses this module through :func:`set_direct_confrontation`. The same rules read as
the text in :mod:`.rules` (:func:`~.rules.dc`, :func:`~.rules.sdc`, :func:`~.rules.dir_`);
``tests/properties/test_placement_by_rule.py`` shows that both give the same values.
"""

from __future__ import annotations

from fractions import Fraction

from ...model.tournament import Criterion, DCVariant, GameResult, Tournament, TournamentGame

Net = dict[tuple[str, str], int]
"""``(a, b)`` -> a's plain wins over b minus b's over a (absent: 0)."""


def sort_key(criteria: tuple[str, ...], values: dict[str, Fraction | int]) -> tuple:
    """Return the ascending sort key (best first) of a player's internal ``values`` over the
    criteria named ``criteria`` (CAT is kept negated inside, so every criterion sorts the
    same way)."""
    return tuple([-values[name] for name in criteria])


def set_direct_confrontation(tournament: Tournament, after_round: int, player_ids: list[str],
                             values: dict[str, dict[str, Fraction | int]],
                             games_as_white: dict[str, list[TournamentGame]]) -> None:
    """Set DC and SDC in ``values`` for the players tied on every criterion before DC or SDC
    in ``tournament``'s order, from the plain wins among them up to ``after_round`` (1-based)
    (placement: direct confrontation, as OpenGotha: DC by the order of the criteria after it,
    or by the DIR variant); nothing without DC or SDC among the criteria. ``player_ids``: every
    registered player (OpenGotha groups them all, shown or not); ``games_as_white``: every game
    of the tournament by its White player.
    """
    criteria = tournament.parameters.criteria
    names = tuple(c.value for c in criteria)
    dc_at = next((n for n, c in enumerate(criteria) if c in (Criterion.DC, Criterion.SDC)), None)
    if dc_at is None:
        return
    before = names[:dc_at]
    after = secondary_criteria(criteria)
    groups: dict[tuple, list[str]] = {}
    for player in player_ids:
        groups.setdefault(sort_key(before, values[player]), []).append(player)
    for group in groups.values():
        if len(group) < 2:
            continue
        net = _plain_wins(games_as_white, group, after_round)
        for player, value in _sdc(group, net).items():
            values[player]["SDC"] = value
        if tournament.parameters.dc_variant is DCVariant.DIR:
            dc = _dir(group, net)
        else:
            dc = _dc(group, net, _secondary_scores(group, after, values))
        for player, value in dc.items():
            values[player]["DC"] = value


def secondary_criteria(criteria: tuple[Criterion, ...]) -> tuple[str, ...]:
    """Return the names of the criteria that order a tied group for DC: those after the first
    DC, DC itself left out (OpenGotha ``defineDirForExAequoGroup``: DC is still 0 then) and
    SDC kept with the group's value, computed first. With DC and SDC both listed, the criteria
    between them do not count; a repeated criterion counts as once (placement: DC, as
    OpenGotha computes it; docs/placement.md)."""
    if Criterion.DC not in criteria:
        return ()
    first = criteria.index(Criterion.DC)
    return tuple(c.value for c in criteria[first + 1:] if c is not Criterion.DC)


def _secondary_scores(group: list[str], after: tuple[str, ...],
                      values: dict[str, dict[str, Fraction | int]]) -> dict[str, int]:
    """Return each member's secondary score for DC: the group's size minus the number of
    members placed above it by the criteria ``after`` DC (tied members score the same)."""
    ordered = sorted(group, key=lambda player: sort_key(after, values[player]))
    place: dict[str, int] = {}
    for n, player in enumerate(ordered):
        previous = ordered[n - 1] if n else None
        if previous is not None and sort_key(after, values[player]) == sort_key(
                after, values[previous]):
            place[player] = place[previous]
        else:
            place[player] = n
    return {player: len(group) - place[player] for player in group}


def _plain_wins(games_as_white: dict[str, list[TournamentGame]], group: list[str],
                last_round: int) -> Net:
    """Return net plain wins between group members (jigo, forfeits, both-win/lose ignored).

    Reads only the group members' games (``games_as_white``), not the whole tournament's.
    """
    members = set(group)
    net: Net = {}
    for white in group:
        for game in games_as_white.get(white, ()):
            if game.round > last_round or game.forfeit or game.black not in members:
                continue
            if game.result is GameResult.WHITE_WINS:
                winner, loser = game.white, game.black
            elif game.result is GameResult.BLACK_WINS:
                winner, loser = game.black, game.white
            else:
                continue
            net[(winner, loser)] = net.get((winner, loser), 0) + 1
            net[(loser, winner)] = net.get((loser, winner), 0) - 1
    return net


def _sdc(group: list[str], net: Net) -> dict[str, int]:
    """Return SDC: wins among peers if every pair has a decided balance, else 0 (placement: SDC)."""
    for a in group:
        for b in group:
            if a != b and net.get((a, b), 0) == 0:
                return {a: 0 for a in group}
    return {a: sum(1 for b in group if b != a and net.get((a, b), 0) > 0) for a in group}


def _dir(group: list[str], net: Net) -> dict[str, int]:
    """Return the rule text's Dir: 1 for who beat all tied players and lost to none (placement: Dir)."""
    out = {a: 0 for a in group}
    for a in group:
        if all(net.get((a, b), 0) > 0 for b in group if b != a):
            out[a] = 1
    return out


def _dc(group: list[str], net: Net, secondary: dict[str, int]) -> dict[str, int]:
    """Return OpenGotha's DC for one tied group (placement: DC).

    Winner-above-loser graph; cycles (strongly connected sets) collapse into one node keeping
    their outside wins and losses; repeatedly the players who beat no remaining member, with
    the lowest ``secondary`` score, are ranked last. DC = max rank - rank.
    """
    # beats[a] = set of members a beat (only a net balance of exactly +1, as OpenGotha)
    beats = {a: {b for b in group if b != a and net.get((a, b), 0) == 1} for a in group}
    component = _strong_components(group, beats)
    # collapsed graph: each member inherits the outside wins/losses of its cycle
    collapsed_beats: dict[str, set[str]] = {a: set() for a in group}
    for a in group:
        for b in group:
            if component[a] == component[b]:
                continue
            if any(y in beats[x] for x in group if component[x] == component[a]
                   for y in group if component[y] == component[b]):
                collapsed_beats[a].add(b)
    remaining = set(group)
    rank: dict[str, int] = {}
    while remaining:
        candidates = [a for a in remaining if not (collapsed_beats[a] & remaining)]
        if not candidates:  # cannot happen after collapsing cycles; keep the rest together
            candidates = list(remaining)
        low = min(secondary[a] for a in candidates)
        chosen = [a for a in candidates if secondary[a] == low]
        current = 1 + len(remaining) - len(chosen)
        for a in chosen:
            rank[a] = current
            remaining.discard(a)
    top = max(rank.values())
    return {a: top - rank[a] for a in group}


def _strong_components(nodes: list[str], edges: dict[str, set[str]]) -> dict[str, int]:
    """Return a component number per node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    comp: dict[str, int] = {}
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                cid = len(set(comp.values()))
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp[x] = cid
                    if x == node:
                        break
    return comp
