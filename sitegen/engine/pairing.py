"""Pair one round of a Swiss tournament as one maximum-weight matching (swiss: pairings).

Source: ../shared/rules/002_26d12e6ad94aa01f.txt, "The Pairings". Rule id: "swiss: pairings".

Hard constraints (an edge is simply absent from the graph):
  no rematch within the tournament; at most one bye per player per tournament; only players
  present in the round (late entries, announced exits and no-show drops respected).

Preferences, strictly in this order (lexicographic), each a non-negative integer cost per pair:
  0. ``bye``: the bye goes to the lowest eligible player: cost = how many present players
     stand strictly below the bye player in (score, league score). Only the bye "pair" has it.
  1. ``score``: (difference of tournament scores)**2, in the smallest score unit (half points).
  2. ``league``: (difference of league scores)**2, likewise.
  3. ``downfloat``: when the two differ in (score, league score) the higher one is
     downfloated; cost = D + q * (its downfloats so far / its rounds paired so far), q the lcm
     of the rounds counts, D = q + 1, so fewer downfloats overall and then the least
     downfloated player are preferred. Equal (score, league score): 0.
  4. ``random``: the seed shuffles the present players; rho = position among the players
     of the same (score, league score) class in that random order; cost =
     (rho difference)**2, so among otherwise equal pairings, players adjacent in a random
     order meet. The bye pair costs rho of the bye player.

Weight of an edge = BIG - sum_k cost_k * M_k, with M_4 = 1 and M_k = 1 + P * sum_{j>k}
max_j * M_j (P the number of pairs incl. the bye, max_j an upper bound of cost_j over all
edges). A matching's total lower-level cost is then < M_k, so one unit of a higher level
outweighs every lower-level difference: comparing totals is comparing the cost vectors
lexicographically. Solved with ``rustworkx.max_weight_matching(max_cardinality=True)`` (all
weights positive, every perfect matching has P edges, so max weight = min total cost).

Sparse graph (proof). An optimal perfect matching M* of the complete legal graph G never uses
an edge (u, v) with ``|W| - bad >= 2F + 1`` where F = number of present previous opponents
of u plus those of v, and W, bad are:

* s_u > s_v: W = players with score strictly between, plus players of u's or v's score group
  whose league score is strictly between; bad = 1 + 2(2R + 1), R the largest number of
  present previous opponents of any player.
* s_u = s_v, L_u != L_v: W = players of that score group with league score strictly between;
  bad = 1.
* s_u = s_v, L_u = L_v: W = players of that (score, league) class with rho strictly between;
  bad = 1 + 2(2R + 1).

Why: take a witness x in W and its partner y in M* (not the bye). Of the three ways to pair
{u, v, x, y}, the "adjacent" one A (pair the two lowest and the two highest by the relevant
value t = score, league or rho) has strictly smaller sum of (t difference)**2 than
{(u,v),(x,y)} because x lies strictly between u and v (for a<=b<=c<=d:
(c-a)**2+(d-b)**2 - (b-a)**2-(d-c)**2 = 2(c-b)**2 + 2(b-a)(c-b) + 2(d-c)(c-b) > 0 if b < c,
and (d-a)**2+(c-b)**2 - (b-a)**2-(d-c)**2 >= 2(b-a)(d-c) > 0 otherwise). The higher levels
do not get worse under A: scores of the same group are interchangeable, and a witness of a
score group is "bad" only when its partner lies beyond the group on the far side (above u's
group, below v's group, or outside the class for rho); A then could cost more higher up. Such
bad partners are few: two downfloats into one group from above can be swapped into two
pairs each of which is strictly cheaper on level 1 (or level 2 inside one score group), so in
M* every two of them are blocked by a previous game, and each pair blocks at most 2R others:
at most 2R + 1 per side (+1 for the bye). A is blocked only when one of its two new pairs is a
rematch, and each previous opponent of u or v sits in one pair of M*: at most F pairs are
blocked. Witnesses fill at least (|W| - bad)/2 distinct pairs, so if that exceeds F, some
pair allows an unblocked A that lowers the cost vector: M* was not optimal. Hence every
optimal matching of G lies in the sparse graph, so both have the same optimum, and G has a
perfect matching iff the sparse graph has. (If the sparse graph has none, we still fall back
to G before declaring the round unpairable.) Bye edges are never left out.

The bye is a dummy vertex joined to every eligible player, so the bye and the pairs are
decided in the same single matching: the lowest eligible player gets it unless the rest
could then not be paired legally.
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Mapping

import rustworkx as rx

from ..model.swiss import SwissTournament
from .swiss import present_players

LEVELS = ("bye", "score", "league", "downfloat", "random")
"""Names of the cost levels, most important first (swiss: pairing criteria)."""


class NoLegalPairing(Exception):
    """No pairing of the round meets the hard constraints (swiss: pairings).

    ``options`` lists the least bad ways out, fewest violations first. An engine error: the
    ``pair`` command turns it into a positioned diagnostic.
    """

    def __init__(self, message: str, options: list["PairingOption"]):
        super().__init__(message)
        self.options = options


@dataclass(frozen=True)
class PairingOption:
    """A pairing that breaks hard constraints, proposed when no legal pairing exists."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    rematches: tuple[tuple[str, str], ...]
    """Pairs that already met in this tournament."""
    repeated_byes: tuple[str, ...]
    """A player who would get a second bye."""


@dataclass(frozen=True)
class PlayerState:
    """What pairing knows about one present player before the round."""

    player: str
    score: Fraction
    """Tournament score before the round (points)."""
    league_score: Fraction
    """League score before the tournament (points)."""
    downfloats: int
    """Rounds in which this player met a lower (score, league score) opponent."""
    rounds_paired: int
    """Rounds in which this player had a match (not a bye)."""
    opponents: frozenset[str]
    had_bye: bool

    @property
    def key(self) -> tuple[Fraction, Fraction]:
        """The pairing order: criteria 1 and 2."""
        return (self.score, self.league_score)


@dataclass(frozen=True)
class Pairing:
    """The pairing of one round: pairs (higher player first), the bye, the seed used.

    ``cost`` is the total per level (see LEVELS), the quantity the matching minimised.
    """

    round: int
    seed: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    cost: tuple[int, ...]
    states: Mapping[str, PlayerState] = field(repr=False, compare=False, default_factory=dict)
    sparse_edges: int = field(default=0, compare=False)
    """How many edges the solved graph had (for the bench)."""
    used_fallback: bool = field(default=False, compare=False)


# --------------------------------------------------------------------------- state


def player_states(tournament: SwissTournament, round_no: int,
                  league_scores: Mapping[str, Fraction] | None = None,
                  forfeits_count_as_played: bool = False) -> dict[str, PlayerState]:
    """Return the state before round ``round_no`` of every player present in it.

    Previous rounds are those numbered below ``round_no``. A forfeited match does not make
    the two players "have played" unless ``forfeits_count_as_played`` (decision, documented
    in docs/swiss-league.md); it does count as a round paired for downfloats.
    """
    league_scores = league_scores or {}
    present = present_players(tournament, round_no)
    score: dict[str, Fraction] = {}
    opponents: dict[str, set[str]] = {}
    down: dict[str, int] = {}
    paired: dict[str, int] = {}
    byes: set[str] = set()
    for rnd in sorted(tournament.rounds, key=lambda r: r.number):
        if rnd.number >= round_no:
            break
        key = {}
        for m in rnd.matches:
            for p in m.players:
                key[p] = (score.get(p, Fraction(0)), league_scores.get(p, Fraction(0)))
        for m in rnd.matches:
            a, b = m.players
            if m.result is None or not m.result.is_forfeit or forfeits_count_as_played:
                opponents.setdefault(a, set()).add(b)
                opponents.setdefault(b, set()).add(a)
            for p, o in ((a, b), (b, a)):
                paired[p] = paired.get(p, 0) + 1
                if key[p] > key[o]:
                    down[p] = down.get(p, 0) + 1
        if rnd.bye is not None:
            byes.add(rnd.bye)
            score[rnd.bye] = score.get(rnd.bye, Fraction(0)) + tournament.settings.bye_value
        for m in rnd.matches:
            for p in m.players:
                score[p] = score.get(p, Fraction(0)) + m.points(p)
    return {p: PlayerState(p, score.get(p, Fraction(0)), Fraction(league_scores.get(p, 0)),
                           down.get(p, 0), paired.get(p, 0),
                           frozenset(opponents.get(p, set())), p in byes)
            for p in present}


# --------------------------------------------------------------------------- costs


class _Problem:
    """Integer data of one round, shared by the sparse and the complete graph."""

    def __init__(self, states: Mapping[str, PlayerState], seed: int):
        self.ids = sorted(states)
        self.states = [states[p] for p in self.ids]
        n = self.n = len(self.ids)
        index = {p: i for i, p in enumerate(self.ids)}
        unit = math.lcm(*(x.denominator for st in self.states
                          for x in (st.score, st.league_score)), 1)
        self.s = [int(st.score * unit) for st in self.states]
        self.L = [int(st.league_score * unit) for st in self.states]
        order = list(range(n))
        random.Random(seed).shuffle(order)
        self.rho = [0] * n
        seen: dict[tuple[int, int], int] = {}
        for i in order:  # rho = random position within the player's (score, league) class
            k = (self.s[i], self.L[i])
            self.rho[i] = seen.get(k, 0)
            seen[k] = self.rho[i] + 1
        self.q = math.lcm(*(st.rounds_paired for st in self.states if st.rounds_paired), 1)
        self.df = [self.q + 1 + (self.q * st.downfloats) // st.rounds_paired
                   if st.rounds_paired else self.q + 1 for st in self.states]
        self.opp = [frozenset(index[o] for o in st.opponents if o in index) for st in self.states]
        self.F = [len(o) for o in self.opp]
        self.R = max(self.F, default=0)
        self.odd = n % 2 == 1
        self.bye_node = n if self.odd else None
        keys = [(self.s[i], self.L[i]) for i in range(n)]
        sorted_keys = sorted(keys)
        self.below = [bisect.bisect_left(sorted_keys, k) for k in keys]
        self.eligible = [not st.had_bye for st in self.states]
        # upper bounds of each level's cost over all edges, then the multipliers
        ds = (max(self.s) - min(self.s)) if n else 0
        dl = (max(self.L) - min(self.L)) if n else 0
        top = max(seen.values(), default=1) - 1
        maxima = [n, ds * ds, dl * dl, 2 * self.q + 1, top * top]
        pairs = (n + 1) // 2
        mult = [0] * 5
        lower_total = 0
        for level in range(4, -1, -1):
            mult[level] = lower_total + 1
            lower_total += pairs * maxima[level] * mult[level]
        self.mult = mult
        self.big = lower_total + 1

    def costs(self, u: int, v: int) -> tuple[int, int, int, int, int]:
        """Return the cost vector of pairing u with v (v may be the bye node)."""
        if v == self.bye_node:
            return (self.below[u], 0, 0, 0, self.rho[u])
        if u == self.bye_node:
            return self.costs(v, u)
        ds = self.s[u] - self.s[v]
        dl = self.L[u] - self.L[v]
        if (ds, dl) == (0, 0):
            down = 0
        else:
            down = self.df[u] if (ds, dl) > (0, 0) else self.df[v]
        dr = self.rho[u] - self.rho[v]
        return (0, ds * ds, dl * dl, down, dr * dr)

    def weight(self, u: int, v: int) -> int:
        return self.big - sum(c * m for c, m in zip(self.costs(u, v), self.mult))

    def weighted_edges(self, edges: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        """Return ``(u, v, weight)`` for each edge; the same numbers as :meth:`weight`."""
        s, L, rho, df, bye = self.s, self.L, self.rho, self.df, self.bye_node
        _, m1, m2, m3, _ = self.mult
        big = self.big
        out = []
        for u, v in edges:
            if v == bye or u == bye:
                out.append((u, v, self.weight(u, v)))
                continue
            ds = s[u] - s[v]
            dl = L[u] - L[v]
            dr = rho[u] - rho[v]
            if ds == 0 and dl == 0:
                down = 0
            else:
                down = df[u] if (ds > 0 or (ds == 0 and dl > 0)) else df[v]
            out.append((u, v, big - (ds * ds * m1 + dl * dl * m2 + down * m3 + dr * dr)))
        return out

    # ------------------------------------------------------------------ edges

    def bye_edges(self, allow_repeat: bool = False) -> list[tuple[int, int]]:
        if not self.odd:
            return []
        return [(i, self.n) for i in range(self.n) if allow_repeat or self.eligible[i]]

    def complete_edges(self) -> list[tuple[int, int]]:
        """Return every legal edge (no rematch), bye edges included."""
        edges = [(u, v) for u in range(self.n) for v in range(u + 1, self.n)
                 if v not in self.opp[u]]
        return edges + self.bye_edges()

    def sparse_edges(self) -> list[tuple[int, int]]:
        """Return the legal edges the module docstring's proof cannot rule out.

        Score group by score group (highest first): the pairs of one (score, league score)
        class, then of one score group, then with the lower score groups, each edge kept
        unless its witnesses W, less the bad ones, reach 2F + 1.
        """
        bad_far = 1 + 2 * (2 * self.R + 1)
        most = 2 * (2 * self.R) + 1  # 2F + 1 with F at its largest
        groups: dict[int, list[int]] = {}
        for i in range(self.n):
            groups.setdefault(self.s[i], []).append(i)
        svals = sorted(groups, reverse=True)
        sorted_levels = {s: sorted(self.L[i] for i in groups[s]) for s in svals}
        edges: list[tuple[int, int]] = []
        keep = edges.append
        opp, F = self.opp, self.F

        def ok(u: int, v: int, w: int, bad: int) -> None:
            """Keep the edge (u, v) with ``w`` witnesses of which ``bad`` may be bad."""
            if v not in opp[u] and w - bad < 2 * (F[u] + F[v]) + 1:
                keep((u, v))

        for gi, s in enumerate(svals):
            levels = self._levels(groups[s])
            self._same_class_edges(levels, most + bad_far, bad_far, ok)
            self._same_group_edges(levels, most, ok)
            self._lower_group_edges(gi, svals, groups, sorted_levels, most, bad_far, ok)
        return edges + self.bye_edges()

    def _levels(self, members: list[int]) -> dict[int, list[int]]:
        """Return ``members`` by league score (level L), in the order given."""
        levels: dict[int, list[int]] = {}
        for i in members:
            levels.setdefault(self.L[i], []).append(i)
        return levels

    def _same_class_edges(self, levels: dict[int, list[int]], reach: int, bad: int,
                          ok: Callable[[int, int, int, int], None]) -> None:
        """Offer the pairs of each (score, league score) class: the witnesses are the
        players of the class with rho strictly between (bad = 1 + 2(2R + 1))."""
        for lv in sorted(levels):
            cls = sorted(levels[lv], key=lambda i: self.rho[i])
            for a in range(len(cls)):
                for b in range(a + 1, min(len(cls), a + 1 + reach)):
                    ok(cls[a], cls[b], b - a - 1, bad)

    def _same_group_edges(self, levels: dict[int, list[int]], most: int,
                          ok: Callable[[int, int, int, int], None]) -> None:
        """Offer the pairs of one score group with different league scores: the witnesses
        are the group's players with league score strictly between (bad = 1)."""
        lvals = sorted(levels)
        counts = [len(levels[lv]) for lv in lvals]
        for a in range(len(lvals)):
            between = 0
            for b in range(a + 1, len(lvals)):
                if between - 1 >= most:
                    break
                for u in levels[lvals[a]]:
                    for v in levels[lvals[b]]:
                        ok(u, v, between, 1)
                between += counts[b]

    def _lower_group_edges(self, gi: int, svals: list[int], groups: dict[int, list[int]],
                           sorted_levels: dict[int, list[int]], most: int, bad_far: int,
                           ok: Callable[[int, int, int, int], None]) -> None:
        """Offer the pairs of score group ``svals[gi]`` with the lower score groups: the
        witnesses are the players of the groups strictly between, and those of the two
        groups with league score strictly between (bad = 1 + 2(2R + 1)); ``sorted_levels``
        holds each score group's league scores, sorted."""
        s = svals[gi]
        LS = sorted_levels[s]
        between_groups = 0
        for gj in range(gi + 1, len(svals)):
            if between_groups - bad_far >= most:
                break
            t = svals[gj]
            LT = sorted_levels[t]
            tlevels = self._levels(groups[t])
            tl = sorted(tlevels)
            for u in groups[s]:
                lu = self.L[u]
                start = bisect.bisect_left(tl, lu)

                def witnesses(lv: int) -> int:
                    lo, hi = min(lu, lv), max(lu, lv)
                    return (between_groups
                            + max(0, bisect.bisect_left(LS, hi) - bisect.bisect_right(LS, lo))
                            + max(0, bisect.bisect_left(LT, hi) - bisect.bisect_right(LT, lo)))

                for rng in (range(start, len(tl)), range(start - 1, -1, -1)):
                    for li in rng:
                        w = witnesses(tl[li])
                        if w - bad_far >= most:
                            break
                        for v in tlevels[tl[li]]:
                            ok(u, v, w, bad_far)
            between_groups += len(groups[t])


def _solve(problem: _Problem, edges: list[tuple[int, int]],
           weight: Callable[[int, int], int] | None = None) -> list[tuple[int, int]] | None:
    """Return the maximum-weight perfect matching on ``edges``, or None if there is none."""
    nodes = problem.n + (1 if problem.odd else 0)
    if nodes == 0:
        return []
    graph = rx.PyGraph()
    graph.add_nodes_from(range(nodes))
    if weight is None:
        graph.add_edges_from(problem.weighted_edges(edges))
    else:
        graph.add_edges_from([(u, v, weight(u, v)) for u, v in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) != nodes:
        return None
    return sorted((min(e), max(e)) for e in matching)


def _total(problem: _Problem, matching: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    total = [0] * 5
    for u, v in matching:
        for k, c in enumerate(problem.costs(u, v)):
            total[k] += c
    return tuple(total)


def _as_pairing(problem: _Problem, round_no: int, seed: int, matching: list[tuple[int, int]],
                states: Mapping[str, PlayerState], edges: int, fallback: bool) -> Pairing:
    pairs = []
    bye = None
    for u, v in matching:
        if v == problem.bye_node:
            bye = problem.ids[u]
            continue
        a, b = problem.ids[u], problem.ids[v]
        if (states[b].key, a) > (states[a].key, b):
            a, b = b, a
        pairs.append((a, b))
    pairs.sort(key=lambda ab: (tuple(-x for x in states[ab[0]].key), ab[0]))
    return Pairing(round_no, seed, tuple(pairs), bye, _total(problem, matching), states,
                   edges, fallback)


# --------------------------------------------------------------------------- public API


def pair_players(states: Mapping[str, PlayerState], round_no: int, seed: int,
                 sparse: bool = True) -> Pairing:
    """Pair the players of ``states`` as one maximum-weight matching (swiss: pairings).

    ``sparse=False`` solves on the complete legal graph (the baseline; same optimum).
    Raises NoLegalPairing when no pairing meets the hard constraints, with the least bad
    options (fewest rematches and repeated byes).
    """
    problem = _Problem(states, seed)
    fallback = False
    edges = problem.sparse_edges() if sparse else problem.complete_edges()
    matching = _solve(problem, edges)
    if matching is None and sparse:
        fallback = True
        edges = problem.complete_edges()
        matching = _solve(problem, edges)
    if matching is None:
        raise _no_legal_pairing(problem, round_no)
    return _as_pairing(problem, round_no, seed, matching, states, len(edges), fallback)


def pair_round(tournament: SwissTournament, round_no: int, seed: int,
               league_scores: Mapping[str, Fraction] | None = None,
               sparse: bool = True) -> Pairing:
    """Pair round ``round_no`` of ``tournament`` with random seed ``seed`` (swiss: pairings).

    ``league_scores`` are criterion 2: league scores before this tournament (see
    :func:`sitegen.engine.swiss.league_scores`), 0 for players not listed. Rounds numbered
    below ``round_no`` are taken as played. The same inputs give the same pairing.
    Raises NoLegalPairing (see :func:`pair_players`).
    """
    states = player_states(tournament, round_no, league_scores)
    return pair_players(states, round_no, seed, sparse)


# --------------------------------------------------------------------------- no legal pairing


def _no_legal_pairing(problem: _Problem, round_no: int) -> NoLegalPairing:
    n = problem.n
    allowed = set(problem.complete_edges())
    every = [(u, v) for u in range(n) for v in range(u + 1, n)] + problem.bye_edges(True)
    penalty = problem.big * (n + 2)

    def relaxed(banned: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
        def weight(u: int, v: int) -> int:
            cost = sum(c * m for c, m in zip(problem.costs(u, v), problem.mult))
            violation = 0 if (u, v) in allowed else penalty
            return penalty * (n + 2) + problem.big - cost - violation
        return _solve(problem, [e for e in every if e not in banned], weight)

    options: list[PairingOption] = []
    seen = set()
    first = relaxed(set())
    queue = [first] if first is not None else []
    if first is not None:
        for e in first:
            if e not in allowed:
                other = relaxed({e})
                if other is not None:
                    queue.append(other)
    for matching in queue:
        key = tuple(matching)
        if key in seen:
            continue
        seen.add(key)
        pairs, rematches, byes, bye = [], [], [], None
        for u, v in matching:
            if v == problem.bye_node:
                bye = problem.ids[u]
                if not problem.eligible[u]:
                    byes.append(bye)
            else:
                pair = (problem.ids[u], problem.ids[v])
                pairs.append(pair)
                if (u, v) not in allowed:
                    rematches.append(pair)
        options.append(PairingOption(tuple(pairs), bye, tuple(rematches), tuple(byes)))
    options.sort(key=lambda o: len(o.rematches) + len(o.repeated_byes))
    options = options[:3]
    lines = [f"no legal pairing for round {round_no}: the {n} players present cannot all be "
             "paired without a rematch or a second bye (swiss: pairings)."]
    for i, o in enumerate(options, 1):
        what = [f"rematch {a}-{b}" for a, b in o.rematches]
        what += [f"second bye for {p}" for p in o.repeated_byes]
        lines.append(f"  option {i}: " + ", ".join(what) + "; pairs "
                     + ", ".join(f"{a}-{b}" for a, b in o.pairs)
                     + (f"; bye {o.bye}" if o.bye else ""))
    lines.append("  or let a player sit out the round, or end the tournament early.")
    return NoLegalPairing("\n".join(lines), options)


# --------------------------------------------------------------------------- explain


@dataclass(frozen=True)
class PairExplanation:
    """Why one pair (or the bye) was chosen (swiss: pairings, ``--explain``)."""

    first: str
    second: str | None
    """None for the bye."""
    reason: str
    costs: tuple[int, ...]
    """This pair's cost per level (LEVELS)."""
    alternatives: tuple[str, ...]
    """The cheapest legal swaps with another pair and what they would cost more."""


def explain(pairing: Pairing, alternatives: int = 2) -> list[PairExplanation]:
    """Return, for each pair and the bye, why: scores, league scores, floats, and what the
    cheapest swaps with other pairs would have cost (as a lexicographic cost increase)."""
    states = pairing.states
    problem = _Problem(states, pairing.seed)
    index = {p: i for i, p in enumerate(problem.ids)}
    out: list[PairExplanation] = []

    def fmt(st: PlayerState) -> str:
        return (f"{st.player} (score {_pts(st.score)}, league {_pts(st.league_score)}, "
                f"downfloats {st.downfloats}/{st.rounds_paired})")

    def delta(old: list[tuple[int, int]], new: list[tuple[int, int]]) -> str:
        d = [b - a for a, b in zip(_total(problem, old), _total(problem, new))]
        parts = [f"{LEVELS[k]} {d[k]:+d}" for k in range(5) if d[k]]
        return ", ".join(parts) or "same cost"

    pair_idx = [(index[a], index[b]) for a, b in pairing.pairs]
    for a, b in pairing.pairs:
        sa, sb = states[a], states[b]
        u, v = index[a], index[b]
        if sa.key == sb.key:
            reason = f"{fmt(sa)} and {fmt(sb)}: same score and league score"
        else:
            what = "score group" if sa.score != sb.score else "league score"
            reason = f"{fmt(sa)} downfloated to {fmt(sb)} (different {what})"
        swaps = []
        for x, y in pair_idx:
            if (x, y) == (u, v):
                continue
            for p1, p2 in (((u, x), (v, y)), ((u, y), (v, x))):
                if p1[1] in problem.opp[p1[0]] or p2[1] in problem.opp[p2[0]]:
                    continue
                d = tuple(b - a for a, b in zip(_total(problem, [(u, v), (x, y)]),
                                                _total(problem, [p1, p2])))
                swaps.append((d, p1, p2, (x, y)))
        swaps.sort()
        alts = tuple(
            f"{problem.ids[p1[0]]}-{problem.ids[p1[1]]} and {problem.ids[p2[0]]}-"
            f"{problem.ids[p2[1]]} instead of {problem.ids[xy[0]]}-{problem.ids[xy[1]]}: "
            + delta([(u, v), xy], [p1, p2])
            for _, p1, p2, xy in swaps[:alternatives])
        out.append(PairExplanation(a, b, reason, problem.costs(u, v), alts))
    if pairing.bye is not None:
        st = states[pairing.bye]
        lower = sorted((p for p in states if states[p].key < st.key),
                       key=lambda p: states[p].key)
        why = []
        for p in lower:
            if states[p].had_bye:
                why.append(f"{p} already had a bye")
            else:
                why.append(f"a bye for {p} would leave no legal pairing for the rest")
        reason = (f"{fmt(st)} is the lowest player without a bye whom the rest can be paired "
                  "around" + (": " + "; ".join(why) if why else ""))
        out.append(PairExplanation(pairing.bye, None, reason,
                                   problem.costs(index[pairing.bye], problem.n), ()))
    return out


def format_explanation(pairing: Pairing) -> str:
    """Return the ``--explain`` text of a pairing: one block per pair and the bye."""
    lines = [f"Round {pairing.round}, seed {pairing.seed}; total cost "
             + ", ".join(f"{n} {c}" for n, c in zip(LEVELS, pairing.cost))]
    for item in explain(pairing):
        head = f"{item.first} - {item.second}" if item.second else f"{item.first}: bye"
        lines.append(head)
        lines.append(f"  why: {item.reason}")
        for alt in item.alternatives:
            lines.append(f"  alternative: {alt}")
    return "\n".join(lines)


def _pts(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
