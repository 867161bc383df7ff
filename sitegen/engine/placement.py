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

from ..model.tournament import (Criterion, DCVariant, GameResult, Tournament,
                                TournamentGame, TournamentParameters, TournamentPlayer)

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

    Other fractions (not produced by the criteria) fall back to ``a/b``. Works on the integer
    numerator and denominator (no Fraction arithmetic: it formats every cell of every table).
    """
    if type(value) is int:
        return str(value)
    if not isinstance(value, Fraction):
        value = Fraction(value)
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    sign = "-" if num < 0 else ""
    num = abs(num)
    glyph = _GLYPHS.get((num % den, den))
    if glyph is None:
        return f"{sign}{num}/{den}"
    return f"{sign}{num // den}{glyph}"


_GLYPHS = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾"}
"""(remainder, denominator) of a reduced fraction -> its glyph (format_value)."""


# --------------------------------------------------------------------------- coherence


@dataclass(frozen=True)
class CriteriaProblem:
    """A problem of a criteria list: ``level`` is ``error`` or ``warning``."""

    level: str
    message: str


_SWISS_FAMILY = {Criterion.CAT, Criterion.NBW, Criterion.SOSW, Criterion.SOSW_1,
                 Criterion.SOSW_2, Criterion.SODOSW, Criterion.SOSOSW, Criterion.CUSSW,
                 Criterion.EXT, Criterion.EXR}
_MCMAHON_FAMILY = {Criterion.MMS, Criterion.SOSM, Criterion.SOSM_1, Criterion.SOSM_2,
                   Criterion.SODOSM, Criterion.SOSOSM, Criterion.CUSSM, Criterion.STS,
                   Criterion.SOSTS}
"""OpenGotha's two families (``checkCriteriaCoherence``); RANK, RATING, DC, SDC and CPS are
in neither."""


def check_criteria(criteria: Iterable[Criterion]) -> list[CriteriaProblem]:
    """Return the problems of an ordered criteria list (placement: criteria; OpenGotha checks).

    Errors: more than six criteria, a criterion twice, DC and SDC together. Warnings, as
    OpenGotha's coherence check: CPS with a criterion of either family, else McMahon and Swiss
    criteria mixed; SODOSM (not recommended); STS or SOSTS (only for a McMahon tournament whose
    top group plays an elimination bracket).
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
    families = seen & (_SWISS_FAMILY | _MCMAHON_FAMILY)
    if Criterion.CPS in seen and families:
        others = ", ".join(c.value for c in crits if c in families)
        problems.append(CriteriaProblem(
            "warning", f"CPS (cup score) is mixed with McMahon or Swiss criteria ({others})"))
    elif seen & _SWISS_FAMILY and seen & _MCMAHON_FAMILY:
        swiss = ", ".join(c.value for c in crits if c in _SWISS_FAMILY)
        mm = ", ".join(c.value for c in crits if c in _MCMAHON_FAMILY)
        problems.append(CriteriaProblem(
            "warning", f"McMahon criteria ({mm}) are mixed with Swiss criteria ({swiss})"))
    if Criterion.SODOSM in seen:
        problems.append(CriteriaProblem("warning", "SODOSM is not recommended (OpenGotha)"))
    if seen & {Criterion.STS, Criterion.SOSTS}:
        problems.append(CriteriaProblem(
            "warning", "STS and SOSTS only make sense in a McMahon tournament whose top group "
            "plays a single-elimination bracket (OpenGotha)"))
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
    """The player's game in each round, in OpenGotha notation: ``12+/w2`` is a win (``+``;
    ``-`` a loss, ``=`` a jigo, ``?`` unknown) against row 12 with White (``b`` Black, ``?``
    colour unknown) and handicap 2; a forfeit has ``!`` for ``/``. Without a game: ``0+``,
    ``0=`` or ``0-`` from the bye or absence value (McMahon values when MMS is the first
    criterion);
    a round not assigned is always ``0-``."""
    opponents: tuple[str | None, ...]

    @property
    def player_id(self) -> str:
        return self.player.id


def smms(player: TournamentPlayer, params: TournamentParameters) -> int:
    """Return the starting McMahon score: clamp(rank, floor, bar) + 30 + correction (points).

    In a Swiss tournament too (OpenGotha computes it always; its McMahon zero is always 30k,
    whatever a file's ``genMMZero``). Placement: MMS.
    """
    rank = min(max(player.rank.value, params.floor.value), params.bar.value)
    return rank + 30 + player.smms_correction


def category(player: TournamentPlayer, params: TournamentParameters) -> int:
    """Return the player's category, 1 for the strongest: the first whose lower limit the
    rank reaches, else the last (OpenGotha ``Player.category``; placement: CAT)."""
    for number, limit in enumerate(params.category_limits, start=1):
        if player.rank.value >= limit.value:
            return number
    return len(params.category_limits) + 1


def _exact(x: Fraction) -> Fraction | int:
    """Return ``x`` as an int when it is whole: exact, and much cheaper to add than a Fraction.

    Scores inside :func:`_compute` are ints or Fractions; the values returned are Fractions.
    """
    return x.numerator if x.denominator == 1 else x


_WHOLE: dict[int, Fraction] = {}
"""One shared Fraction per whole value (Fractions are immutable; creating one is slow)."""


def _fraction(x: Fraction | int) -> Fraction:
    """Return an internal score (int or Fraction) as a Fraction."""
    if type(x) is int:
        f = _WHOLE.get(x)
        if f is None:
            f = Fraction(x)
            if len(_WHOLE) < 65536:
                _WHOLE[x] = f
        return f
    return x if isinstance(x, Fraction) else Fraction(x)


def _points(g: TournamentGame, i: str) -> Fraction | int:
    """Return :meth:`TournamentGame.points` as an int where whole (1, 0; ½ stays a Fraction)."""
    r = g.result
    if r is GameResult.WHITE_WINS:
        return 1 if i == g.white else 0
    if r is GameResult.BLACK_WINS:
        return 1 if i == g.black else 0
    if r is GameResult.JIGO:
        return HALF
    if r is GameResult.BOTH_WIN:
        return 1
    return 0


class _Scores:
    """All per-round base scores of one tournament (OpenGotha ``fillBaseScoringInfo``), for
    rounds 1..``last + 1``: every list is indexed by round index, so the scores after an
    earlier round are a prefix and one ``_Scores`` serves the standings of every round.

    Scores are kept as ints where whole (see :func:`_exact`), as exact as Fractions.
    """

    def __init__(self, t: Tournament, last: int):
        self.t = t
        self.p = t.parameters
        self.n = max(last + 1, 0)  # rounds 0..last
        ids = [pl.id for pl in t.players]
        self.ids = ids
        self.players = {pl.id: pl for pl in t.players}
        self.game: dict[str, list[TournamentGame | None]] = {i: [None] * self.n for i in ids}
        self.part: dict[str, list[Participation]] = {
            i: [Participation.NOT_ASSIGNED] * self.n for i in ids}
        self.white_games: dict[str, list[TournamentGame]] = {}
        """Every game of the tournament (any round) by its White player (for DC and SDC)."""
        self.earlier: dict[tuple[str, int], list[TournamentGame]] = {}
        """A player's other games of a round (OpenGotha file): their points count, not them."""
        for a in t.absences:
            if 1 <= a.round <= self.n and a.player in self.part:
                self.part[a.player][a.round - 1] = Participation.ABSENT
        for b in t.byes:
            if 1 <= b.round <= self.n and b.player in self.part:
                self.part[b.player][b.round - 1] = Participation.BYE
        for g in t.games:
            self.white_games.setdefault(g.white, []).append(g)
            if 1 <= g.round <= self.n:
                for who in (g.white, g.black):
                    if who in self.part:
                        self.part[who][g.round - 1] = Participation.PAIRED
                        if (before := self.game[who][g.round - 1]) is not None:
                            self.earlier.setdefault((who, g.round - 1), []).append(before)
                        self.game[who][g.round - 1] = g
        self.smms = {i: smms(self.players[i], self.p) for i in ids}
        self.cat = {i: category(self.players[i], self.p) for i in ids}
        self.rank = {i: self.players[i].rank.value for i in ids}
        self.rating = {i: _exact(Fraction(self.players[i].rating or 0)) for i in ids}
        self.bye = (_exact(self.p.nbw_bye), _exact(self.p.mms_bye))
        self.absent = (_exact(self.p.nbw_absent), _exact(self.p.mms_absent))
        self.virtual = self.p.count_unplayed_as_half
        self.pts: dict[str, list[Fraction | int]] = {}
        self.nbw: dict[str, list[Fraction | int]] = {}
        self.mms: dict[str, list[Fraction | int]] = {}
        self.cps: dict[str, list[Fraction | int]] = {}
        self.nbw_v: dict[str, list[Fraction | int]] = {}
        """NBW after each round with every unplayed game counted ½ (count_unplayed_as_half)."""
        self.mms_v: dict[str, list[Fraction | int]] = {}
        self.sts: dict[str, list[Fraction | int]] = {}
        """STS after each round: MMS plus the Strasbourg bonuses (placement: STS)."""
        for i in ids:
            self._base(i)
            self.sts[i] = self._strasbourg(self.mms[i])
        self.opponents: dict[str, tuple[str | None, ...]] = {}
        """Each player's opponent per round (None without a game)."""
        self.cell_text: dict[str, list[str]] = {}
        """Each player's game string per round (:attr:`PlacementRow.games`) without the
        opponent's row number (the whole string without a game)."""
        for i in ids:
            opps: list[str | None] = []
            texts: list[str] = []
            for k, game in enumerate(self.game[i]):
                if game is None:
                    opps.append(None)
                    texts.append(_no_game_string(t, self.part[i][k]))
                else:
                    opps.append(game.opponent(i))
                    texts.append(_game_suffix(game, i))
            self.opponents[i], self.cell_text[i] = tuple(opps), texts

    def _base(self, i: str) -> None:
        p = self.p
        start = self.smms[i]
        part, played = self.part[i], self.game[i]
        bye, absent = self.bye, self.absent
        games_pts: Fraction | int = 0
        nbw_special: Fraction | int = 0
        mms_special: Fraction | int = 0
        cps: Fraction | int = 0
        pts_list: list[Fraction | int] = []
        nbw: list[Fraction | int] = []
        mms: list[Fraction | int] = []
        cpss: list[Fraction | int] = []
        nbw_v: list[Fraction | int] = []
        mms_v: list[Fraction | int] = []
        played_pts: Fraction | int = 0
        unplayed = 0
        for k in range(self.n):
            g = played[k]
            pts: Fraction | int = 0
            special_nbw: Fraction | int = 0
            special_mms: Fraction | int = 0
            if g is not None:  # the last game of the round, and the points of every game
                for other in (*self.earlier.get((i, k), ()), g):
                    pts += _points(other, i)
                    played_pts += _points(other, i) if other.is_played else 0
                games_pts += pts
                unplayed += 0 if g.is_played else 1
            else:
                unplayed += 1
                status = part[k]
                if status is Participation.BYE:
                    special_nbw, special_mms = bye
                elif status is Participation.ABSENT:
                    special_nbw, special_mms = absent
            nbw_special += special_nbw
            mms_special += special_mms
            nbw_extra, mms_extra = ((math.floor(nbw_special), math.floor(mms_special))
                                    if p.round_down else (nbw_special, mms_special))
            nbw.append(games_pts + nbw_extra)
            mms.append(start + games_pts + mms_extra)
            # the games' points double each round; the bye and absence points do not
            # (OpenGotha adds the NBW ones, as for NBW, after the doubling)
            cps = 2 * cps + pts
            cpss.append(cps + nbw_extra)
            pts_list.append(pts)
            if self.virtual:
                nbw_v.append(_exact(played_pts + HALF * unplayed))
                mms_v.append(_exact(start + played_pts + HALF * unplayed))
        self.pts[i], self.nbw[i], self.mms[i], self.cps[i] = pts_list, nbw, mms, cpss
        self.nbw_v[i], self.mms_v[i] = nbw_v, mms_v


    def _strasbourg(self, mms: list[Fraction | int]) -> list[Fraction | int]:
        """Return the STS after each round from the MMS: 2 points more from the quarter-final
        (round ``rounds - 2``) on for a player whose MMS after it is the bar's starting score
        plus a win in each of those rounds, and 2 more from the semi-final on likewise
        (OpenGotha ``fillBaseScoringInfo`` 2b, which counts the bar's score as 30 + the bar's
        rank whatever the zero). No bonus for a round before the first (fewer than 3 rounds).
        """
        sts = list(mms)
        n, top = self.t.rounds, 30 + self.p.bar.value
        for k, target in ((n - 3, top + n - 2), (n - 2, top + n - 1)):
            if 0 <= k < len(mms) and mms[k] == target:
                for j in range(k, len(sts)):
                    sts[j] += 2
        return sts


def _is_white(g: TournamentGame, i: str) -> bool:
    return g.white == i


def compute_values(t: Tournament, after_round: int) -> dict[str, dict[Criterion, Fraction]]:
    """Return every criterion's value for every player after round ``after_round`` (1-based).

    Opponents' scores are taken after that round. DC and SDC are 0 here: they depend on the
    ordering and are set by :func:`standings`. Raises ValueError for a round outside
    1..``t.rounds``. Placement: NBW, MMS, SOS, SOS-1/-2, SOSOS, SODOS, CUSS, EXT/EXR, CPS.
    """
    values = _compute(t, after_round)[0]
    return {i: {c: _shown(c.value, v[c.value]) for c in Criterion} for i, v in values.items()}


def _shown(key: str, value: Fraction | int) -> Fraction:
    """Return an internal value as shown: CAT is kept negated so that higher sorts first."""
    return _fraction(-value if key == "CAT" else value)


_SECOND_ORDER = frozenset({Criterion.SODOSW, Criterion.SODOSM, Criterion.SOSOSW, Criterion.SOSOSM,
                           Criterion.EXT, Criterion.EXR})
_STRASBOURG = frozenset({Criterion.STS, Criterion.SOSTS})
_ALL = frozenset(Criterion)


def _check_round(t: Tournament, after_round: int) -> None:
    if not 1 <= after_round <= t.rounds:
        raise ValueError(f"round {after_round} is outside 1..{t.rounds}")


def _compute(t: Tournament, after_round: int, needed: frozenset[Criterion] | None = None,
             s: "_Scores | None" = None
             ) -> tuple[dict[str, dict[str, Fraction | int]], "_Scores"]:
    """Return every criterion's value per player (or only ``needed`` ones, plus NBW, MMS, SOSW,
    SOSM, RANK, RATING, CAT, DC and SDC: the others are then absent) and the base scores.

    Values are ints where whole, keyed by the criterion's ``value`` (a str: cheaper to hash
    than the enum member). ``s``: the base scores of ``t`` up to at least ``after_round``,
    when already computed.
    """
    _check_round(t, after_round)
    r = after_round - 1
    if s is None:
        s = _Scores(t, r)
    needed = _ALL if needed is None else needed
    cps = Criterion.CPS in needed
    cussw = Criterion.CUSSW in needed
    cussm = Criterion.CUSSM in needed
    sosw_minus = Criterion.SOSW_1 in needed or Criterion.SOSW_2 in needed
    sosm_minus = Criterion.SOSM_1 in needed or Criterion.SOSM_2 in needed
    second = not needed.isdisjoint(_SECOND_ORDER)
    sosts = _sosts(s, r) if not needed.isdisjoint(_STRASBOURG) else None
    defect = t.parameters.sosm_minus_defect
    per_round_w, per_round_m = _opponent_scores(s, r)
    sosw = {i: sum(per_round_w[i]) for i in s.ids}
    sosm = {i: sum(per_round_m[i]) for i in s.ids}
    values: dict[str, dict[str, Fraction | int]] = {}
    nbw_r = {i: s.nbw[i][r] for i in s.ids}
    mms_r = {i: s.mms[i][r] for i in s.ids}
    for i in s.ids:
        v = {"NBW": nbw_r[i], "MMS": mms_r[i], "SOSW": sosw[i], "SOSM": sosm[i],
             "RANK": s.rank[i], "RATING": s.rating[i], "CAT": -s.cat[i], "DC": 0, "SDC": 0}
        if sosts is not None:
            v["STS"], v["SOSTS"] = s.sts[i][r], sosts[i]
        if cps:
            v["CPS"] = s.cps[i][r]
        if cussw:
            v["CUSSW"] = sum(s.nbw[i][: r + 1])
        if cussm:
            v["CUSSM"] = sum(s.mms[i][: r + 1])
        if sosw_minus:
            v["SOSW-1"], v["SOSW-2"] = _sos_minus(per_round_w[i], r, False)
        if sosm_minus:
            v["SOSM-1"], v["SOSM-2"] = _sos_minus(per_round_m[i], r, defect)
        if second:
            _add_second_order(v, s, r, i, nbw_r, mms_r, sosw, sosm)
        values[i] = v
    return values, s


def _opponent_scores(s: "_Scores", r: int
                     ) -> tuple[dict[str, list[Fraction | int]], dict[str, list[Fraction | int]]]:
    """Return each player's per-round terms of SOSW and of SOSM up to round index ``r``.

    A round with a game gives the opponent's NBW, and the opponent's MMS plus the handicap
    when the player was White (minus it when Black), both after round ``r`` (the virtual
    scores when unplayed rounds count as half); a round without one gives 0 and the player's
    own starting MMS (placement: SOS, OpenGotha).
    """
    opp_w = s.nbw_v if s.virtual else s.nbw
    opp_m = s.mms_v if s.virtual else s.mms
    per_round_w: dict[str, list[Fraction | int]] = {}
    per_round_m: dict[str, list[Fraction | int]] = {}
    for i in s.ids:
        ow, om = [], []
        played = s.game[i]
        for k in range(r + 1):
            g = played[k]
            if g is not None:
                if g.white == i:
                    opp, hcp = g.black, g.handicap
                else:
                    opp, hcp = g.white, -g.handicap
                ow.append(opp_w[opp][r])
                om.append(opp_m[opp][r] + hcp)
            else:
                ow.append(0)
                om.append(s.smms[i])
        per_round_w[i], per_round_m[i] = ow, om
    return per_round_w, per_round_m


def _sosts(s: "_Scores", r: int) -> dict[str, Fraction | int]:
    """Return each player's SOSTS after round index ``r``: as SOSM, over the opponents' STS
    (placement: SOSTS). With unplayed games counted as half a point, OpenGotha takes the
    opponents' "virtual" STS, which it never fills: each game then adds only the handicap
    correction; reproduced, so that the values equal OpenGotha's.
    """
    out: dict[str, Fraction | int] = {}
    for i in s.ids:
        total: Fraction | int = 0
        for g in s.game[i][: r + 1]:
            if g is None:
                total += s.smms[i]
                continue
            opp, hcp = (g.black, g.handicap) if g.white == i else (g.white, -g.handicap)
            total += (0 if s.virtual else s.sts[opp][r]) + hcp
        out[i] = total
    return out


def _add_second_order(v: dict[str, Fraction | int], s: "_Scores", r: int, i: str,
                      nbw_r: dict[str, Fraction | int], mms_r: dict[str, Fraction | int],
                      sosw: dict[str, Fraction | int], sosm: dict[str, Fraction | int]) -> None:
    """Set player ``i``'s SODOSW/M, SOSOSW/M, EXT and EXR in ``v`` after round index ``r``.

    SODOS adds the opponent's score times the player's points in the game (the score SOS
    takes: with unplayed games counted as half a point, the "virtual" one, as OpenGotha);
    SOSOS the opponents' SOS (a round without a game adds, to SOSOSM, the player's own
    starting MMS times the rounds so far); EXT adds the opponent's real NBW weighted 0 to 3 by
    the handicap against the rank difference, EXR the same for wins only (placement,
    OpenGotha).
    """
    sodosw: Fraction | int = 0
    sodosm: Fraction | int = 0
    sososw: Fraction | int = 0
    sososm: Fraction | int = 0
    ext: Fraction | int = 0
    exr: Fraction | int = 0
    rank = s.rank[i]
    played, pts = s.game[i], s.pts[i]
    sod_w, sod_m = (s.nbw_v, s.mms_v) if s.virtual else (None, None)
    for k in range(r + 1):
        g = played[k]
        if g is None:
            sososm += s.smms[i] * (r + 1)
            continue
        if g.white == i:
            opp, hcp = g.black, g.handicap
        else:
            opp, hcp = g.white, -g.handicap
        w = pts[k]
        opp_nbw = nbw_r[opp]
        if sod_w is None or sod_m is None:
            sodosw += w * opp_nbw
            sodosm += w * (mms_r[opp] + hcp)
        else:
            sodosw += w * sod_w[opp][r]
            sodosm += w * (sod_m[opp][r] + hcp)
        sososw += sosw[opp]
        sososm += sosm[opp]
        d = hcp - (rank - s.rank[opp])
        coef = 0 if d < 0 else 1 if d == 0 else 2 if d == 1 else 3
        ext += coef * opp_nbw
        if w == 1:
            exr += coef * opp_nbw
    v["SODOSW"], v["SODOSM"] = _whole(sodosw), _whole(sodosm)
    v["SOSOSW"], v["SOSOSM"] = sososw, sososm
    v["EXT"], v["EXR"] = ext, exr


def _whole(x: Fraction | int) -> Fraction | int:
    """Return ``x`` as an int when it is a whole Fraction (a jigo's half of an even score)."""
    return x.numerator if type(x) is not int and x.denominator == 1 else x


def _sos_minus(per_round: list[Fraction | int], r: int, defect: bool
               ) -> tuple[Fraction | int, Fraction | int]:
    """Return (SOS-1, SOS-2) from per-round values (placement: SOS-1/-2, OpenGotha rules)."""
    if r == 0:
        return 0, 0
    if r == 1:
        return (0 if defect else max(per_round)), 0
    ordered = sorted(per_round)
    return sum(ordered[1:]), sum(ordered[2:])


# --------------------------------------------------------------------------- DC / SDC


def _plain_wins(s: "_Scores", group: list[str], last_round: int) -> dict[tuple[str, str], int]:
    """Return net plain wins between group members (jigo, forfeits, both-win/lose ignored).

    Reads only the group members' games (``s.white_games``), not the whole tournament's.
    """
    members = set(group)
    net: dict[tuple[str, str], int] = {}
    for white in group:
        for g in s.white_games.get(white, ()):
            if g.round > last_round or g.forfeit or g.black not in members:
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


def _sort_key(keys: tuple[str, ...], v: dict[str, Fraction | int]) -> tuple:
    """Return the descending sort key of internal values ``v`` over the criteria ``keys``."""
    return tuple([-v[k] for k in keys])


def standings(t: Tournament, after_round: int | None = None,
              include_not_implied: bool = False) -> list[PlacementRow]:
    """Return the standings after ``after_round`` (1-based; default the last round).

    Rows are ordered by the tournament's criteria, descending; full ties share a place and are
    shown by name. Players without any game or bye are left out unless ``include_not_implied``.
    Raises ValueError for a round outside 1..rounds. Placement: all criteria, DC, SDC.
    """
    r = t.rounds if after_round is None else after_round
    _check_round(t, r)
    return _standings(t, r, _ranked_ids(t, include_not_implied), _Scores(t, r - 1))


def standings_by_round(t: Tournament, last: int | None = None,
                       include_not_implied: bool = False) -> list[list[PlacementRow]]:
    """Return the standings after each round 1..``last`` (default all rounds), in round order.

    Element ``k`` equals ``standings(t, k + 1, include_not_implied)``; the base scores are
    computed once for all rounds (the cost grows with players × rounds per round, not with
    repeated passes). ``last`` 0 gives ``[]``. Raises ValueError for ``last`` outside
    0..rounds. Placement: all criteria, DC, SDC.
    """
    last = t.rounds if last is None else last
    if last == 0:
        return []
    _check_round(t, last)
    scores = _Scores(t, last - 1)
    ids = _ranked_ids(t, include_not_implied)
    return [_standings(t, r, ids, scores) for r in range(1, last + 1)]


def _ranked_ids(t: Tournament, include_not_implied: bool) -> list[str]:
    """Return the ids of the players in the standings: those with a game or a bye, or all."""
    implied = {g.white for g in t.games} | {g.black for g in t.games} | {b.player for b in t.byes}
    return [p.id for p in t.players if include_not_implied or p.id in implied]


def _set_direct_confrontation(t: Tournament, r: int, ids: list[str],
                              values: dict[str, dict[str, Fraction | int]], scores: "_Scores") -> None:
    """Set DC and SDC in ``values`` for the players tied on every criterion before DC or SDC
    in ``t``'s order, from the plain wins among them (placement: direct confrontation, as
    OpenGotha: DC by the order of the criteria after it, or by the DIR variant); nothing
    without DC or SDC among the criteria."""
    criteria = t.parameters.criteria
    keys_of = tuple(c.value for c in criteria)
    dir_at = next((k for k, c in enumerate(criteria) if c in (Criterion.DC, Criterion.SDC)), None)
    if dir_at is None:
        return
    before = keys_of[:dir_at]
    after = tuple(c.value for c in criteria[dir_at + 1:]
                  if c not in (Criterion.DC, Criterion.SDC))
    groups: dict[tuple, list[str]] = {}
    for i in ids:
        groups.setdefault(_sort_key(before, values[i]), []).append(i)
    for group in groups.values():
        if len(group) < 2:
            continue
        net = _plain_wins(scores, group, r)
        for i, val in _sdc(group, net).items():
            values[i]["SDC"] = val
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
            values[i]["DC"] = val


def _java_order(text: str) -> bytes:
    """Return a name's sort key as OpenGotha compares names (Java ``String.compareTo``: by
    UTF-16 code unit, so capitals before lower case and ``Z`` before ``de``)."""
    return text.encode("utf-16-be", "surrogatepass")


def _standings(t: Tournament, r: int, ids: list[str], scores: "_Scores") -> list[PlacementRow]:
    """Return the rows of the players ``ids`` after round ``r`` (1-based), best first, with
    their places (shared by full ties) and game strings (placement: all criteria)."""
    criteria = t.parameters.criteria
    values, scores = _compute(t, r, frozenset(criteria), scores)
    players = scores.players
    keys_of = tuple(c.value for c in criteria)
    # DC and SDC over every registered player, shown or not (OpenGotha
    # orderedScoredPlayersList: the not implied players are removed after it, by the exports)
    _set_direct_confrontation(t, r, scores.ids, values, scores)

    keys = {i: _sort_key(keys_of, values[i]) for i in ids}

    def order_key(i: str) -> tuple:
        pl = players[i]
        return (keys[i], (_java_order(pl.surname), _java_order(pl.first_name), i))

    ordered = sorted(ids, key=order_key)
    row_of = {i: n + 1 for n, i in enumerate(ordered)}
    rows: list[PlacementRow] = []
    places: list[int] = []
    for n, i in enumerate(ordered):
        if n and keys[i] == keys[ordered[n - 1]]:
            places.append(places[-1])
        else:
            places.append(n + 1)
    place_count = Counter(places)
    for n, i in enumerate(ordered):
        shared = place_count[places[n]] > 1
        opps = scores.opponents[i][:r]
        strings = [f"{row_of.get(o, 0)}{text}" if o is not None else text
                   for o, text in zip(opps, scores.cell_text[i])]
        v = values[i]
        rows.append(PlacementRow(
            row=n + 1, place=places[n], shared=shared, player=players[i],
            values={c: _shown(k, v[k]) for c, k in zip(criteria, keys_of)},
            nbw=_fraction(v["NBW"]), mms=_fraction(v["MMS"]), games=tuple(strings),
            opponents=opps))
    return rows


def _no_game_string(t: Tournament, status: Participation) -> str:
    """Return ``0+``, ``0=`` or ``0-``: a round without a game (:attr:`PlacementRow.games`),
    from the McMahon bye and absence values when MMS is the first criterion, else from the
    number-of-wins values (OpenGotha's tournament type); not assigned is always ``0-``."""
    p = t.parameters
    mm = p.mms_main
    if status is Participation.BYE:
        value = p.mms_bye if mm else p.nbw_bye
    elif status is Participation.ABSENT:
        value = p.mms_absent if mm else p.nbw_absent
    else:
        value = ZERO
    return "0" + ("+" if value == 1 else "=" if value == HALF else "-")


def _game_suffix(g: TournamentGame, i: str) -> str:
    """Return what follows the opponent's row in a game string: ``+/w2``
    (:attr:`PlacementRow.games`)."""
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
    return f"{sym}{typ}{col}{g.handicap}"
