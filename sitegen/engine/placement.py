"""Placement criteria (tie-breakers) of Go tournaments, as OpenGotha computes them.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("placement"), with OpenGotha's exact
definitions (../shared/reference/opengotha.md). Values are exact Fractions.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Iterable

from .tournament import (Criterion, DCVariant, GameResult, System, Tournament, TournamentGame,
                         TournamentParameters, TournamentPlayer)

HALF = Fraction(1, 2)
ZERO = Fraction(0)
MAX_CRITERIA = 6


def sodos(results: Iterable[tuple[Fraction, Fraction]]) -> Fraction:
    """Return SODOS, the sum of defeated opponents' scores (placement: SODOS).

    ``results`` holds, for each game that counts, ``(points the player scored in it,
    the opponent's score)``: a win adds the opponent's whole score, a jigo half of it,
    a loss nothing. Forfeit wins count (OpenGotha SODOSW).
    """
    return sum((points * opponent_score for points, opponent_score in results), Fraction(0))


# --------------------------------------------------------------------------- formatting


def format_value(value: Fraction | int) -> str:
    """Return a value with its fraction as ½, ¼ or ¾: ``Fraction(7, 2)`` -> ``3½``.

    Other fractions (not produced by the criteria) fall back to ``a/b``.
    """
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole = value.numerator // value.denominator
    rest = value - whole
    glyph = {ZERO: "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return f"{sign}{value.numerator}/{value.denominator}"
    if whole == 0 and glyph:
        return f"{sign}0{glyph}" if sign else f"0{glyph}"
    return f"{sign}{whole}{glyph}"


# --------------------------------------------------------------------------- coherence


@dataclass(frozen=True)
class CriteriaProblem:
    """A problem of a criteria list: ``level`` is ``error`` or ``warning``."""

    level: str
    message: str


_SWISS_FAMILY = {Criterion.NBW, Criterion.SOSW, Criterion.SOSW_1, Criterion.SOSW_2,
                 Criterion.SODOSW, Criterion.SOSOSW, Criterion.CUSSW, Criterion.EXT,
                 Criterion.EXR}
_MCMAHON_FAMILY = {Criterion.MMS, Criterion.SOSM, Criterion.SOSM_1, Criterion.SOSM_2,
                   Criterion.SODOSM, Criterion.SOSOSM, Criterion.CUSSM}


def check_criteria(criteria: Iterable[Criterion]) -> list[CriteriaProblem]:
    """Return the problems of an ordered criteria list (placement: criteria; OpenGotha checks).

    Errors: more than six criteria, a criterion twice, DC and SDC together. Warnings: McMahon
    and Swiss criteria mixed, CPS with other criteria, SODOSM (not recommended by OpenGotha).
    """
    crits = list(criteria)
    problems: list[CriteriaProblem] = []
    if len(crits) > MAX_CRITERIA:
        problems.append(CriteriaProblem(
            "error", f"{len(crits)} placement criteria given; at most {MAX_CRITERIA} are allowed"))
    seen: set[Criterion] = set()
    for c in crits:
        if c in seen:
            problems.append(CriteriaProblem("error", f"{c.value} appears more than once"))
        seen.add(c)
    if Criterion.DC in seen and Criterion.SDC in seen:
        problems.append(CriteriaProblem(
            "error", "DC and SDC both appear; use only one direct-confrontation criterion"))
    if seen & _SWISS_FAMILY and seen & _MCMAHON_FAMILY:
        swiss = ", ".join(c.value for c in crits if c in _SWISS_FAMILY)
        mm = ", ".join(c.value for c in crits if c in _MCMAHON_FAMILY)
        problems.append(CriteriaProblem(
            "warning", f"McMahon criteria ({mm}) are mixed with Swiss criteria ({swiss})"))
    if Criterion.CPS in seen and len(seen) > 1 and seen - {Criterion.CPS, Criterion.RATING}:
        problems.append(CriteriaProblem(
            "warning", "CPS (cup score) is mixed with other criteria"))
    if Criterion.SODOSM in seen:
        problems.append(CriteriaProblem("warning", "SODOSM is not recommended (OpenGotha)"))
    return problems


# --------------------------------------------------------------------------- scores


class Participation(Enum):
    """A player's status in one round (OpenGotha ``ScoredPlayer``)."""

    PAIRED = "paired"
    BYE = "bye"
    ABSENT = "absent"
    NOT_ASSIGNED = "not assigned"


@dataclass(frozen=True)
class PlacementRow:
    """One line of the standings after a round.

    ``row`` is the 1-based line number (the number game strings refer to); ``place`` is shared
    by tied players (``shared`` True on each of them). ``values`` holds each criterion's value
    in the tournament's order. ``games`` has one string per round in the ``12+/w2`` notation
    (opponent's row, result, ``/`` or ``!`` for a forfeit, colour, handicap; ``0+``/``0=``/``0-``
    without a game) and ``opponents`` the opponent's id per round (None without a game).
    """

    row: int
    place: int
    shared: bool
    player: TournamentPlayer
    values: dict[Criterion, Fraction]
    nbw: Fraction
    mms: Fraction
    games: tuple[str, ...]
    opponents: tuple[str | None, ...]

    @property
    def player_id(self) -> str:
        return self.player.id


def smms(player: TournamentPlayer, params: TournamentParameters) -> int:
    """Return the starting McMahon score: clamp(rank, floor, bar) + 30 + correction (points).

    In a Swiss tournament too (OpenGotha computes it always). Placement: MMS.
    """
    rank = min(max(player.rank.value, params.floor.value), params.bar.value)
    return rank + 30 + player.smms_correction


def _exact(x: Fraction) -> Fraction | int:
    """Return ``x`` as an int when it is whole: exact, and much cheaper to add than a Fraction.

    Scores inside :func:`_compute` are ints or Fractions; the values it returns are Fractions.
    """
    return x.numerator if x.denominator == 1 else x


def _as_fractions(v: dict[Criterion, Fraction | int]) -> dict[Criterion, Fraction]:
    return {c: Fraction(x) if type(x) is int else x for c, x in v.items()}


class _Scores:
    """All per-round base scores of one tournament (OpenGotha ``fillBaseScoringInfo``).

    Scores are kept as ints where whole (see :func:`_exact`), as exact as Fractions.
    """

    def __init__(self, t: Tournament, last: int):
        self.t = t
        self.p = t.parameters
        self.n = last + 1  # rounds 0..last
        ids = [pl.id for pl in t.players]
        self.ids = ids
        self.players = {pl.id: pl for pl in t.players}
        self.game: dict[str, list[TournamentGame | None]] = {i: [None] * self.n for i in ids}
        self.part: dict[str, list[Participation]] = {
            i: [Participation.NOT_ASSIGNED] * self.n for i in ids}
        for a in t.absences:
            if 1 <= a.round <= self.n and a.player in self.part:
                self.part[a.player][a.round - 1] = Participation.ABSENT
        for b in t.byes:
            if 1 <= b.round <= self.n and b.player in self.part:
                self.part[b.player][b.round - 1] = Participation.BYE
        for g in t.games:
            if 1 <= g.round <= self.n:
                for who in (g.white, g.black):
                    if who in self.part:
                        self.part[who][g.round - 1] = Participation.PAIRED
                        self.game[who][g.round - 1] = g
        self.smms = {i: smms(self.players[i], self.p) for i in ids}
        self.bye = (_exact(self.p.nbw_bye), _exact(self.p.mms_bye))
        self.absent = (_exact(self.p.nbw_absent), _exact(self.p.mms_absent))
        self.nbw: dict[str, list[Fraction]] = {}
        self.mms: dict[str, list[Fraction]] = {}
        self.cps: dict[str, list[Fraction]] = {}
        self.nbw_v: dict[str, Fraction] = {}
        self.mms_v: dict[str, Fraction] = {}
        for i in ids:
            self._base(i)

    def _base(self, i: str) -> None:
        p = self.p
        games_pts = 0
        nbw_special = 0
        mms_special = 0
        cps = 0
        nbw, mms, cpss = [], [], []
        played_pts = 0
        unplayed = 0
        for k in range(self.n):
            status = self.part[i][k]
            g = self.game[i][k]
            pts = 0
            special_nbw = special_mms = 0
            if g is not None:
                pts = _exact(g.points(i))
                games_pts += pts
                if g.is_played:
                    played_pts += pts
                else:
                    unplayed += 1
            else:
                unplayed += 1
                if status is Participation.BYE:
                    special_nbw, special_mms = self.bye
                elif status is Participation.ABSENT:
                    special_nbw, special_mms = self.absent
            nbw_special += special_nbw
            mms_special += special_mms
            if p.round_down:
                nbw.append(games_pts + math.floor(nbw_special))
                mms.append(self.smms[i] + games_pts + math.floor(mms_special))
            else:
                nbw.append(games_pts + nbw_special)
                mms.append(self.smms[i] + games_pts + mms_special)
            cps = 2 * cps + pts + special_nbw
            cpss.append(cps)
        self.nbw[i], self.mms[i], self.cps[i] = nbw, mms, cpss
        self.nbw_v[i] = _exact(played_pts + HALF * unplayed)
        self.mms_v[i] = _exact(self.smms[i] + played_pts + HALF * unplayed)


def _is_white(g: TournamentGame, i: str) -> bool:
    return g.white == i


def compute_values(t: Tournament, after_round: int) -> dict[str, dict[Criterion, Fraction]]:
    """Return every criterion's value for every player after round ``after_round`` (1-based).

    Opponents' scores are taken after that round. DC and SDC are 0 here: they depend on the
    ordering and are set by :func:`standings`. Raises ValueError for a round outside
    1..``t.rounds``. Placement: NBW, MMS, SOS, SOS-1/-2, SOSOS, SODOS, CUSS, EXT/EXR, CPS.
    """
    return _compute(t, after_round)[0]


_SECOND_ORDER = frozenset({Criterion.SODOSW, Criterion.SODOSM, Criterion.SOSOSW, Criterion.SOSOSM,
                           Criterion.EXT, Criterion.EXR})


def _compute(t: Tournament, after_round: int, needed: frozenset[Criterion] | None = None
             ) -> tuple[dict[str, dict[Criterion, Fraction]], "_Scores"]:
    """Return every criterion's value per player (or only ``needed`` ones, plus NBW and MMS:
    the others are then absent) and the base scores."""
    if not 1 <= after_round <= t.rounds:
        raise ValueError(f"round {after_round} is outside 1..{t.rounds}")
    s = _Scores(t, after_round - 1)
    r = after_round - 1
    p = t.parameters
    virtual = p.count_unplayed_as_half
    values: dict[str, dict[Criterion, Fraction]] = {}
    sosw, sosm = {}, {}
    per_round_w: dict[str, list[Fraction]] = {}
    per_round_m: dict[str, list[Fraction]] = {}
    for i in s.ids:
        ow, om = [], []
        for k in range(r + 1):
            g = s.game[i][k]
            if g is not None:
                opp = g.opponent(i)
                ow.append(s.nbw_v[opp] if virtual else s.nbw[opp][r])
                base = s.mms_v[opp] if virtual else s.mms[opp][r]
                om.append(base + (g.handicap if _is_white(g, i) else -g.handicap))
            else:
                ow.append(0)
                om.append(s.smms[i])
        per_round_w[i], per_round_m[i] = ow, om
        sosw[i], sosm[i] = sum(ow), sum(om)
    for i in s.ids:
        pl = s.players[i]
        v: dict[Criterion, Fraction] = {}
        v[Criterion.NBW] = s.nbw[i][r]
        v[Criterion.MMS] = s.mms[i][r]
        if needed is not None:  # only what the caller asked for (standings: its criteria)
            _needed_values(v, needed, s, i, r, sosw, sosm, per_round_w[i], per_round_m[i], p)
            values[i] = _as_fractions(v)
            continue
        v[Criterion.CPS] = s.cps[i][r]
        v[Criterion.CUSSW] = sum(s.nbw[i][: r + 1], ZERO)
        v[Criterion.CUSSM] = sum(s.mms[i][: r + 1], ZERO)
        v[Criterion.SOSW] = sosw[i]
        v[Criterion.SOSM] = sosm[i]
        v[Criterion.SOSW_1], v[Criterion.SOSW_2] = _sos_minus(per_round_w[i], r, False)
        v[Criterion.SOSM_1], v[Criterion.SOSM_2] = _sos_minus(
            per_round_m[i], r, p.sosm_minus_defect)
        sodosw = sodosm = sososw = sososm = ext = exr = 0
        for k in range(r + 1):
            g = s.game[i][k]
            if g is None:
                sososm += s.smms[i] * (r + 1)
                continue
            opp = g.opponent(i)
            w = _exact(g.points(i))
            hcp = g.handicap if _is_white(g, i) else -g.handicap
            sodosw += w * s.nbw[opp][r]
            sodosm += w * (s.mms[opp][r] + hcp)
            sososw += sosw[opp]
            sososm += sosm[opp]
            natural = pl.rank.value - s.players[opp].rank.value
            d = hcp - natural
            coef = 0 if d < 0 else 1 if d == 0 else 2 if d == 1 else 3
            ext += coef * s.nbw[opp][r]
            if w == 1:
                exr += coef * s.nbw[opp][r]
        v[Criterion.SODOSW], v[Criterion.SODOSM] = sodosw, sodosm
        v[Criterion.SOSOSW], v[Criterion.SOSOSM] = sososw, sososm
        v[Criterion.EXT], v[Criterion.EXR] = ext, exr
        v[Criterion.RANK] = Fraction(pl.rank.value)
        v[Criterion.RATING] = Fraction(pl.rating or 0)
        v[Criterion.DC] = v[Criterion.SDC] = ZERO
        values[i] = _as_fractions(v)
    return values, s


def _needed_values(v: dict[Criterion, Fraction], needed: frozenset[Criterion], s: "_Scores", i: str,
                   r: int, sosw: dict[str, Fraction], sosm: dict[str, Fraction],
                   ow: list[Fraction], om: list[Fraction], p: TournamentParameters) -> None:
    """Fill ``v`` with the ``needed`` criteria of player ``i``, as :func:`_compute` computes them."""
    pl = s.players[i]
    if Criterion.CPS in needed:
        v[Criterion.CPS] = s.cps[i][r]
    if Criterion.CUSSW in needed:
        v[Criterion.CUSSW] = sum(s.nbw[i][: r + 1], ZERO)
    if Criterion.CUSSM in needed:
        v[Criterion.CUSSM] = sum(s.mms[i][: r + 1], ZERO)
    v[Criterion.SOSW] = sosw[i]
    v[Criterion.SOSM] = sosm[i]
    if needed & {Criterion.SOSW_1, Criterion.SOSW_2}:
        v[Criterion.SOSW_1], v[Criterion.SOSW_2] = _sos_minus(ow, r, False)
    if needed & {Criterion.SOSM_1, Criterion.SOSM_2}:
        v[Criterion.SOSM_1], v[Criterion.SOSM_2] = _sos_minus(om, r, p.sosm_minus_defect)
    if needed & _SECOND_ORDER:
        sodosw = sodosm = sososw = sososm = ext = exr = 0
        for k in range(r + 1):
            g = s.game[i][k]
            if g is None:
                sososm += s.smms[i] * (r + 1)
                continue
            opp = g.opponent(i)
            w = _exact(g.points(i))
            hcp = g.handicap if _is_white(g, i) else -g.handicap
            sodosw += w * s.nbw[opp][r]
            sodosm += w * (s.mms[opp][r] + hcp)
            sososw += sosw[opp]
            sososm += sosm[opp]
            natural = pl.rank.value - s.players[opp].rank.value
            d = hcp - natural
            coef = 0 if d < 0 else 1 if d == 0 else 2 if d == 1 else 3
            ext += coef * s.nbw[opp][r]
            if w == 1:
                exr += coef * s.nbw[opp][r]
        v[Criterion.SODOSW], v[Criterion.SODOSM] = sodosw, sodosm
        v[Criterion.SOSOSW], v[Criterion.SOSOSM] = sososw, sososm
        v[Criterion.EXT], v[Criterion.EXR] = ext, exr
    v[Criterion.RANK] = Fraction(pl.rank.value)
    v[Criterion.RATING] = Fraction(pl.rating or 0)
    v[Criterion.DC] = v[Criterion.SDC] = ZERO


def _sos_minus(per_round: list[Fraction], r: int, defect: bool) -> tuple[Fraction, Fraction]:
    """Return (SOS-1, SOS-2) from per-round values (placement: SOS-1/-2, OpenGotha rules)."""
    if r == 0:
        return ZERO, ZERO
    if r == 1:
        return (ZERO if defect else max(per_round)), ZERO
    ordered = sorted(per_round)
    return sum(ordered[1:], ZERO), sum(ordered[2:], ZERO)


# --------------------------------------------------------------------------- DC / SDC


def _plain_wins(t: Tournament, group: list[str], last_round: int) -> dict[tuple[str, str], int]:
    """Return net plain wins between group members (jigo, forfeits, both-win/lose ignored)."""
    members = set(group)
    net: dict[tuple[str, str], int] = {}
    for g in t.games:
        if g.round > last_round or g.forfeit or g.white not in members or g.black not in members:
            continue
        if g.result is GameResult.WHITE_WINS:
            winner, loser = g.white, g.black
        elif g.result is GameResult.BLACK_WINS:
            winner, loser = g.black, g.white
        else:
            continue
        net[(winner, loser)] = net.get((winner, loser), 0) + 1
        net[(loser, winner)] = net.get((loser, winner), 0) - 1
    return net


def _sdc(group: list[str], net: dict[tuple[str, str], int]) -> dict[str, int]:
    """Return SDC: wins among peers if every pair has a decided balance, else 0 (placement: SDC)."""
    for a in group:
        for b in group:
            if a != b and net.get((a, b), 0) == 0:
                return {a: 0 for a in group}
    return {a: sum(1 for b in group if b != a and net.get((a, b), 0) > 0) for a in group}


def _dir(group: list[str], net: dict[tuple[str, str], int]) -> dict[str, int]:
    """Return the rule text's Dir: 1 for who beat all tied players and lost to none (placement: Dir)."""
    out = {a: 0 for a in group}
    for a in group:
        if all(net.get((a, b), 0) > 0 for b in group if b != a):
            out[a] = 1
    return out


def _dc(group: list[str], net: dict[tuple[str, str], int], sc: dict[str, int]) -> dict[str, int]:
    """Return OpenGotha's DC for one tied group (placement: DC).

    Winner-above-loser graph; cycles (strongly connected sets) collapse into one node keeping
    their outside wins and losses; repeatedly the players who beat no remaining member, with
    the lowest secondary score ``sc``, are ranked last. DC = max rank - rank.
    """
    # beats[a] = set of members a beat (only a net balance of exactly +1, as OpenGotha)
    beats = {a: {b for b in group if b != a and net.get((a, b), 0) == 1} for a in group}
    comp = _strong_components(group, beats)
    # collapsed graph: each member inherits the outside wins/losses of its cycle
    cbeats: dict[str, set[str]] = {a: set() for a in group}
    for a in group:
        for b in group:
            if comp[a] == comp[b]:
                continue
            if any(y in beats[x] for x in group if comp[x] == comp[a]
                   for y in group if comp[y] == comp[b]):
                cbeats[a].add(b)
    remaining = set(group)
    rank: dict[str, int] = {}
    while remaining:
        candidates = [a for a in remaining if not (cbeats[a] & remaining)]
        if not candidates:  # cannot happen after collapsing cycles; keep the rest together
            candidates = list(remaining)
        low = min(sc[a] for a in candidates)
        chosen = [a for a in candidates if sc[a] == low]
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


# --------------------------------------------------------------------------- standings


def _sort_key(criteria: tuple[Criterion, ...], v: dict[Criterion, Fraction]) -> tuple:
    return tuple(-v[c] for c in criteria)


def is_implied(t: Tournament, player_id: str) -> bool:
    """True when the player has a game or a bye in some round (OpenGotha ``isPlayerImplied``)."""
    return any(player_id in (g.white, g.black) for g in t.games) or any(
        b.player == player_id for b in t.byes)


def standings(t: Tournament, after_round: int | None = None,
              include_not_implied: bool = False) -> list[PlacementRow]:
    """Return the standings after ``after_round`` (1-based; default the last round).

    Rows are ordered by the tournament's criteria, descending; full ties share a place and are
    shown by name. Players without any game or bye are left out unless ``include_not_implied``.
    Raises ValueError for a round outside 1..rounds. Placement: all criteria, DC, SDC.
    """
    r = t.rounds if after_round is None else after_round
    criteria = t.parameters.criteria
    values, scores = _compute(t, r, frozenset(criteria))
    implied = {g.white for g in t.games} | {g.black for g in t.games} | {b.player for b in t.byes}
    ids = [p.id for p in t.players if include_not_implied or p.id in implied]
    players = {p.id: p for p in t.players}

    def name_key(i: str) -> tuple:
        pl = players[i]
        return (pl.surname.upper(), pl.first_name.upper(), i)

    dir_at = next((k for k, c in enumerate(criteria) if c in (Criterion.DC, Criterion.SDC)), None)
    if dir_at is not None:
        before = criteria[:dir_at]
        after = tuple(c for c in criteria[dir_at + 1:] if c not in (Criterion.DC, Criterion.SDC))
        groups: dict[tuple, list[str]] = {}
        for i in ids:
            groups.setdefault(_sort_key(before, values[i]), []).append(i)
        for group in groups.values():
            if len(group) < 2:
                continue
            net = _plain_wins(t, group, r)
            for i, val in _sdc(group, net).items():
                values[i][Criterion.SDC] = Fraction(val)
            if t.parameters.dc_variant is DCVariant.DIR:
                dc = _dir(group, net)
            else:
                ordered = sorted(group, key=lambda i: _sort_key(after, values[i]))
                place: dict[str, int] = {}
                for n, i in enumerate(ordered):
                    prev = ordered[n - 1] if n else None
                    if prev is not None and _sort_key(after, values[i]) == _sort_key(
                            after, values[prev]):
                        place[i] = place[prev]
                    else:
                        place[i] = n
                sc = {i: len(group) - place[i] for i in group}
                dc = _dc(group, net, sc)
            for i, val in dc.items():
                values[i][Criterion.DC] = Fraction(val)

    ordered = sorted(ids, key=lambda i: (_sort_key(criteria, values[i]), name_key(i)))
    row_of = {i: n + 1 for n, i in enumerate(ordered)}
    rows: list[PlacementRow] = []
    places: list[int] = []
    for n, i in enumerate(ordered):
        if n and _sort_key(criteria, values[i]) == _sort_key(criteria, values[ordered[n - 1]]):
            places.append(places[-1])
        else:
            places.append(n + 1)
    place_count = Counter(places)
    for n, i in enumerate(ordered):
        shared = place_count[places[n]] > 1
        strings, opps = [], []
        for k in range(r):
            g = scores.game[i][k]
            strings.append(game_string(t, scores, i, k, g, row_of))
            opps.append(g.opponent(i) if g is not None else None)
        rows.append(PlacementRow(
            row=n + 1, place=places[n], shared=shared, player=players[i],
            values={c: values[i][c] for c in criteria}, nbw=values[i][Criterion.NBW],
            mms=values[i][Criterion.MMS], games=tuple(strings), opponents=tuple(opps)))
    return rows


def game_string(t: Tournament, scores: _Scores, i: str, k: int, g: TournamentGame | None,
                row_of: dict[str, int]) -> str:
    """Return the ``12+/w2`` string of player ``i`` in round index ``k`` (OpenGotha notation).

    Without a game: ``0+``, ``0=`` or ``0-`` from the bye/absence value (McMahon values in a
    McMahon tournament); not assigned is always ``0-``. A forfeit uses ``!`` instead of ``/``,
    an unknown result ``?``, an unknown colour ``?``.
    """
    if g is None:
        status = scores.part[i][k]
        p = t.parameters
        mm = p.system is System.MCMAHON
        if status is Participation.BYE:
            value = p.mms_bye if mm else p.nbw_bye
        elif status is Participation.ABSENT:
            value = p.mms_absent if mm else p.nbw_absent
        else:
            value = ZERO
        return "0" + ("+" if value == 1 else "=" if value == HALF else "-")
    opp = g.opponent(i)
    white = _is_white(g, i)
    res = g.result
    if res is GameResult.UNKNOWN:
        sym = "?"
    elif res is GameResult.JIGO:
        sym = "="
    elif res is GameResult.BOTH_WIN:
        sym = "+"
    elif res is GameResult.BOTH_LOSE:
        sym = "-"
    else:
        won = (res is GameResult.WHITE_WINS) == white
        sym = "+" if won else "-"
    typ = "!" if g.forfeit and res is not GameResult.UNKNOWN else "/"
    col = ("w" if white else "b") if g.colours_known else "?"
    return f"{row_of.get(opp, 0)}{sym}{typ}{col}{g.handicap}"
