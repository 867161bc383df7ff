"""Placement criteria (tie-breakers) of Go tournaments, the fast form the site uses: every
criterion of every player after a round from the base scores computed once
(:class:`~.scores.BaseScores`), as OpenGotha computes them.

Source: ../shared/rules/003_fac0675ce42e5780.txt ("placement"), with OpenGotha's exact
definitions (../shared/reference/opengotha.md 1.2). Values are exact Fractions. The same
criteria read as the text, one function each, in :mod:`.rules`;
``tests/properties/test_placement_by_rule.py`` shows that both forms give the same standings.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ...model.tournament import Criterion, Tournament, TournamentPlayer
from .direct_confrontation import set_direct_confrontation, sort_key
from .rows import PlacementRow, java_order
from .scores import BaseScores, Score, game_points

Values = dict[str, dict[str, Score]]
"""Player id -> criterion's ``value`` (a str: cheaper to hash than the enum member) -> value."""


def compute_values(t: Tournament, after_round: int) -> dict[str, dict[Criterion, Fraction]]:
    """Return every criterion's value for every player after round ``after_round`` (1-based).

    Opponents' scores are taken after that round. DC and SDC are 0 here: they depend on the
    ordering and are set by :func:`standings`. Raises ValueError for a round outside
    1..``t.rounds``. Placement: NBW, MMS, SOS, SOS-1/-2, SOSOS, SODOS, CUSS, EXT/EXR, CPS.
    """
    values, scores = _compute(t, after_round)
    return {pid: {c: _shown(scores, c.value, v[c.value]) for c in Criterion}
            for pid, v in values.items()}


def _shown(scores: BaseScores, name: str, value: Score) -> Fraction:
    """Return an internal value as shown: CAT is kept negated so that higher sorts first."""
    return scores.as_fraction(-value if name == "CAT" else value)


_SECOND_ORDER = frozenset({Criterion.SODOSW, Criterion.SODOSM, Criterion.SOSOSW, Criterion.SOSOSM,
                           Criterion.EXT, Criterion.EXR})
_STRASBOURG = frozenset({Criterion.STS, Criterion.SOSTS})
_ALL = frozenset(Criterion)


def check_round(t: Tournament, after_round: int) -> None:
    """Raise ValueError for a round outside 1..``t.rounds``."""
    if not 1 <= after_round <= t.rounds:
        raise ValueError(f"round {after_round} is outside 1..{t.rounds}")


def _compute(t: Tournament, after_round: int, needed: frozenset[Criterion] | None = None,
             scores: BaseScores | None = None) -> tuple[Values, BaseScores]:
    """Return every criterion's value per player (or only ``needed`` ones, plus NBW, MMS, SOSW,
    SOSM, RANK, RATING, CAT, DC and SDC: the others are then absent) and the base scores.

    Values are ints where whole. ``scores``: the base scores of ``t`` up to at least
    ``after_round``, when already computed.
    """
    check_round(t, after_round)
    last = after_round - 1  # the index of the last round counted
    if scores is None:
        scores = BaseScores(t, last)
    s = scores
    needed = _ALL if needed is None else needed
    cps = Criterion.CPS in needed
    cussw = Criterion.CUSSW in needed
    cussm = Criterion.CUSSM in needed
    sosw_minus = Criterion.SOSW_1 in needed or Criterion.SOSW_2 in needed
    sosm_minus = Criterion.SOSM_1 in needed or Criterion.SOSM_2 in needed
    second = not needed.isdisjoint(_SECOND_ORDER)
    sosts = _sosts(s, last) if not needed.isdisjoint(_STRASBOURG) else None
    defect = t.parameters.sosm_minus_defect
    sosw_terms, sosm_terms = _opponent_scores(s, last)
    sosw = {pid: sum(sosw_terms[pid]) for pid in s.player_ids}
    sosm = {pid: sum(sosm_terms[pid]) for pid in s.player_ids}
    values: Values = {}
    nbw_now = {pid: s.nbw[pid][last] for pid in s.player_ids}
    mms_now = {pid: s.mms[pid][last] for pid in s.player_ids}
    for pid in s.player_ids:
        v = {"NBW": nbw_now[pid], "MMS": mms_now[pid], "SOSW": sosw[pid], "SOSM": sosm[pid],
             "RANK": s.rank[pid], "RATING": s.rating[pid], "CAT": -s.category[pid],
             "DC": 0, "SDC": 0}
        if sosts is not None:
            v["STS"], v["SOSTS"] = s.sts[pid][last], sosts[pid]
        if cps:
            v["CPS"] = s.cps[pid][last]
        if cussw:
            v["CUSSW"] = sum(s.nbw[pid][: last + 1])
        if cussm:
            v["CUSSM"] = sum(s.mms[pid][: last + 1])
        if sosw_minus:
            v["SOSW-1"], v["SOSW-2"] = _sos_minus(sosw_terms[pid], last, False)
        if sosm_minus:
            v["SOSM-1"], v["SOSM-2"] = _sos_minus(sosm_terms[pid], last, defect)
        if second:
            _add_second_order(v, s, last, pid, (nbw_now, mms_now), (sosw, sosm))
        values[pid] = v
    return values, s


def _opponent_scores(s: BaseScores, last: int
                     ) -> tuple[dict[str, list[Score]], dict[str, list[Score]]]:
    """Return each player's per-round terms of SOSW and of SOSM up to round index ``last``.

    A round with a game gives the opponent's NBW, and the opponent's MMS plus the handicap
    when the player was White (minus it when Black), both after round ``last`` (the virtual
    scores when unplayed rounds count as half); a round without one gives 0 and the player's
    own starting MMS (placement: SOS, OpenGotha).
    """
    opponent_nbw = s.nbw_virtual if s.unplayed_as_half else s.nbw
    opponent_mms = s.mms_virtual if s.unplayed_as_half else s.mms
    sosw_terms: dict[str, list[Score]] = {}
    sosm_terms: dict[str, list[Score]] = {}
    for pid in s.player_ids:
        terms_w, terms_m = [], []
        game_of_round = s.game_of_round[pid]
        for index in range(last + 1):
            game = game_of_round[index]
            if game is not None:
                if game.white == pid:
                    opponent, handicap = game.black, game.handicap
                else:
                    opponent, handicap = game.white, -game.handicap
                terms_w.append(opponent_nbw[opponent][last])
                terms_m.append(opponent_mms[opponent][last] + handicap)
            else:
                terms_w.append(0)
                terms_m.append(s.start_mms[pid])
        sosw_terms[pid], sosm_terms[pid] = terms_w, terms_m
    return sosw_terms, sosm_terms


def _sosts(s: BaseScores, last: int) -> dict[str, Score]:
    """Return each player's SOSTS after round index ``last``: as SOSM, over the opponents' STS
    (placement: SOSTS). With unplayed games counted as half a point, OpenGotha takes the
    opponents' "virtual" STS, which it never fills: each game then adds only the handicap
    correction; reproduced, so that the values equal OpenGotha's.
    """
    out: dict[str, Score] = {}
    for pid in s.player_ids:
        total: Score = 0
        for game in s.game_of_round[pid][: last + 1]:
            if game is None:
                total += s.start_mms[pid]
                continue
            opponent, handicap = ((game.black, game.handicap) if game.white == pid
                                  else (game.white, -game.handicap))
            total += (0 if s.unplayed_as_half else s.sts[opponent][last]) + handicap
        out[pid] = total
    return out


def _add_second_order(v: dict[str, Score], s: BaseScores, last: int, pid: str,
                      scores_now: tuple[dict[str, Score], dict[str, Score]],
                      sos: tuple[dict[str, Score], dict[str, Score]]) -> None:
    """Set player ``pid``'s SODOSW/M, SOSOSW/M, EXT and EXR in ``v`` after round index ``last``.

    ``scores_now``: every player's (NBW, MMS) after that round; ``sos``: their (SOSW, SOSM).
    SODOS adds the opponent's score times the player's points in the round's game (the one SOS
    takes, when a player has several: OpenGotha ``getWX2(g, sp)``; the score SOS
    takes: with unplayed games counted as half a point, the "virtual" one, as OpenGotha);
    SOSOS the opponents' SOS (a round without a game adds, to SOSOSM, the player's own
    starting MMS times the rounds so far); EXT adds the opponent's real NBW weighted 0 to 3 by
    the handicap against the rank difference, EXR the same for wins only (placement,
    OpenGotha).
    """
    nbw_now, mms_now = scores_now
    sosw, sosm = sos
    sodosw: Score = 0
    sodosm: Score = 0
    sososw: Score = 0
    sososm: Score = 0
    ext: Score = 0
    exr: Score = 0
    rank = s.rank[pid]
    game_of_round = s.game_of_round[pid]
    virtual_nbw, virtual_mms = ((s.nbw_virtual, s.mms_virtual) if s.unplayed_as_half
                                else (None, None))
    for index in range(last + 1):
        game = game_of_round[index]
        if game is None:
            sososm += s.start_mms[pid] * (last + 1)
            continue
        if game.white == pid:
            opponent, handicap = game.black, game.handicap
        else:
            opponent, handicap = game.white, -game.handicap
        points = game_points(game, pid)
        opponent_nbw = nbw_now[opponent]
        if virtual_nbw is None or virtual_mms is None:
            sodosw += points * opponent_nbw
            sodosm += points * (mms_now[opponent] + handicap)
        else:
            sodosw += points * virtual_nbw[opponent][last]
            sodosm += points * (virtual_mms[opponent][last] + handicap)
        sososw += sosw[opponent]
        sososm += sosm[opponent]
        harder = handicap - (rank - s.rank[opponent])
        coefficient = 0 if harder < 0 else 1 if harder == 0 else 2 if harder == 1 else 3
        ext += coefficient * opponent_nbw
        if points == 1:
            exr += coefficient * opponent_nbw
    v["SODOSW"], v["SODOSM"] = _whole(sodosw), _whole(sodosm)
    v["SOSOSW"], v["SOSOSM"] = sososw, sososm
    v["EXT"], v["EXR"] = ext, exr


def _whole(x: Score) -> Score:
    """Return ``x`` as an int when it is a whole Fraction (a jigo's half of an even score)."""
    return x.numerator if type(x) is not int and x.denominator == 1 else x


def _sos_minus(terms: list[Score], last: int, defect: bool) -> tuple[Score, Score]:
    """Return (SOS-1, SOS-2) from per-round ``terms`` up to round index ``last`` (placement:
    SOS-1/-2, OpenGotha rules)."""
    if last == 0:
        return 0, 0
    if last == 1:
        return (0 if defect else max(terms)), 0
    ordered = sorted(terms)
    return sum(ordered[1:]), sum(ordered[2:])


# --------------------------------------------------------------------------- standings


def standings(t: Tournament, after_round: int | None = None,
              include_not_implied: bool = False) -> list[PlacementRow]:
    """Return the standings after ``after_round`` (1-based; default the last round).

    Rows are ordered by the tournament's criteria, descending; full ties share a place and are
    shown by name. Players without any game or bye are left out unless ``include_not_implied``.
    Raises ValueError for a round outside 1..rounds. Placement: all criteria, DC, SDC.
    """
    r = t.rounds if after_round is None else after_round
    check_round(t, r)
    scores = BaseScores(t, r - 1)
    return _standings(t, r, ranked_ids(t, include_not_implied), scores, name_keys(scores.players))


def standings_by_round(t: Tournament, last: int | None = None,
                       include_not_implied: bool = False) -> list[list[PlacementRow]]:
    """Return the standings after each round 1..``last`` (default all rounds), in round order.

    Element ``k`` equals ``standings(t, k + 1, include_not_implied)``; the base scores are
    computed once for all rounds (:class:`RoundByRound`). ``last`` 0 gives ``[]``. Raises
    ValueError for ``last`` outside 0..rounds. Placement: all criteria, DC, SDC.
    """
    last = t.rounds if last is None else last
    if last == 0:
        return []
    check_round(t, last)
    rounds = RoundByRound(t, include_not_implied)
    return [rounds.after(r) for r in range(1, last + 1)]


class RoundByRound:
    """The standings of one tournament after any of its rounds, each made when asked for, from
    base scores computed once for every round (:class:`~.scores.BaseScores`: the scores after
    an earlier round are a prefix of its lists).

    ``after(r)`` is ``standings(t, r, include_not_implied)``, which computes the base scores of
    rounds 1..r afresh for each r: a site shows the standings after every round, so that the
    rounds' scores were read 1 + 2 + ... + n times instead of n (15 instead of 5 for a
    5-round tournament). Measured at scale 0.3 of ``bench/synthetic.py`` (18 tournaments of 5
    rounds, 6,742 players; one process, best of 10, load 4.7): the 90 rounds' standings 1.26 s
    each from scratch against 0.74 s here. ``tests/properties/test_placement_properties.py`` holds it to
    :func:`standings`. It keeps the base scores while it lives (15 MB for the archive's 18
    tournaments, held by the site's plan through a build). Pickled, it is its arguments only
    (the scores are made again where it is unpickled: a render worker of another process).
    """

    def __init__(self, t: Tournament, include_not_implied: bool = False) -> None:
        self.t, self.include_not_implied = t, include_not_implied
        self._made: tuple[BaseScores, list[str], dict[str, tuple]] | None = None

    def after(self, r: int) -> list[PlacementRow]:
        """Return the standings after round ``r`` (1-based); ValueError for a round outside
        1..rounds. Placement: all criteria, DC, SDC."""
        check_round(self.t, r)
        if self._made is None:
            scores = BaseScores(self.t, self.t.rounds - 1)
            self._made = (scores, ranked_ids(self.t, self.include_not_implied),
                          name_keys(scores.players))
        scores, player_ids, names = self._made
        return _standings(self.t, r, player_ids, scores, names)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.t, self.include_not_implied))


def ranked_ids(t: Tournament, include_not_implied: bool) -> list[str]:
    """Return the ids of the players in the standings: those with a game or a bye, or all."""
    implied = {g.white for g in t.games} | {g.black for g in t.games} | {b.player for b in t.byes}
    return [p.id for p in t.players if include_not_implied or p.id in implied]


def name_keys(players: dict[str, TournamentPlayer]) -> dict[str, tuple]:
    """Return each player's order among full ties: by surname, then first name, as Java
    compares them (:func:`~.rows.java_order`), then id."""
    return {pid: (java_order(pl.surname), java_order(pl.first_name), pid) for pid, pl in players.items()}


def _standings(t: Tournament, r: int, player_ids: list[str], scores: BaseScores,
               names_order: dict[str, tuple]) -> list[PlacementRow]:
    """Return the rows of the players ``player_ids`` after round ``r`` (1-based), best first,
    with their places (shared by full ties) and game strings (placement: all criteria);
    ``names_order``: :func:`name_keys` of the players."""
    criteria = t.parameters.criteria
    values, scores = _compute(t, r, frozenset(criteria), scores)
    players = scores.players
    names = tuple(c.value for c in criteria)
    # DC and SDC over every registered player, shown or not (OpenGotha
    # orderedScoredPlayersList: the not implied players are removed after it, by the exports)
    set_direct_confrontation(t, r, scores.player_ids, values, scores.games_as_white)

    keys = {pid: sort_key(names, values[pid]) for pid in player_ids}

    def order_key(pid: str) -> tuple:
        return (keys[pid], names_order[pid])

    ordered = sorted(player_ids, key=order_key)
    row_of = {pid: n + 1 for n, pid in enumerate(ordered)}
    rows: list[PlacementRow] = []
    places: list[int] = []
    for n, pid in enumerate(ordered):
        if n and keys[pid] == keys[ordered[n - 1]]:
            places.append(places[-1])
        else:
            places.append(n + 1)
    place_count = Counter(places)
    for n, pid in enumerate(ordered):
        opponents = scores.opponents[pid][:r]
        strings = [f"{row_of.get(o, 0)}{text}" if o is not None else text
                   for o, text in zip(opponents, scores.game_text[pid])]
        v = values[pid]
        rows.append(PlacementRow(
            row=n + 1, place=places[n], shared=place_count[places[n]] > 1, player=players[pid],
            values={c: _shown(scores, name, v[name]) for c, name in zip(criteria, names)},
            nbw=scores.as_fraction(v["NBW"]), mms=scores.as_fraction(v["MMS"]),
            games=tuple(strings), opponents=opponents))
    return rows
