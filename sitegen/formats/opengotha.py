"""Read an OpenGotha tournament XML file (``tournament.dtd``, data version 201) into a
:class:`~sitegen.model.tournament.Tournament`.

Uses xml.etree (expat) and refuses any DOCTYPE, in any encoding, so no DTD or entity is ever
read or expanded.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any
from xml.parsers import expat

from ..diagnostics import Diagnostic, SourcePos
from ..model.common import Rank
from ..model.tournament import (Absence, Bye, Criterion, GameResult, System, Tournament,
                                TournamentGame, TournamentParameters, TournamentPlayer)
from ..numbers import parse_komi
from . import FormatError
from .ids import slug, unique_id

_RESULTS = {
    "RESULT_UNKNOWN": GameResult.UNKNOWN, "RESULT_WHITEWINS": GameResult.WHITE_WINS,
    "RESULT_BLACKWINS": GameResult.BLACK_WINS, "RESULT_EQUAL": GameResult.JIGO,
    "RESULT_BOTHWIN": GameResult.BOTH_WIN, "RESULT_BOTHLOSE": GameResult.BOTH_LOSE,
}


def player_key(surname: str, first_name: str) -> str:
    """Return OpenGotha's player key: name + first name, upper-cased, spaces removed."""
    return (surname + first_name).replace(" ", "").upper()


def parse_og_rank(text: str) -> Rank:
    """Parse an OpenGotha rank such as ``3D``, ``18K``, ``1P`` (pro ranks count as 9d).

    Raises ValueError otherwise.
    """
    m = re.fullmatch(r"\s*(\d{1,2})\s*([kKdDpP])\s*", text or "")
    if not m:
        raise ValueError(f"'{text}' is not a rank; expected e.g. 18K, 3D")
    n, unit = int(m.group(1)), m.group(2).upper()
    if unit == "P":
        return Rank(8)
    return Rank.parse(f"{n}{unit.lower()}")


class _DoctypeRefused(Exception):
    """Raised from expat's handlers at a DOCTYPE or entity declaration."""


def _parse_with_lines(data: bytes, path: str, diags: list[Diagnostic]) -> tuple[ET.Element | None, dict[int, int]]:
    """Parse ``data`` into a tree, recording each element's line; refuse any DTD.

    Expat itself reports the DOCTYPE (``StartDoctypeDeclHandler``), whatever the file's
    encoding (UTF-8, UTF-16 with either byte order, ...), before any declaration in it is read,
    so no entity is ever defined, expanded or fetched.
    """
    lines: dict[int, int] = {}
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()

    def start(tag, attrs):
        el = builder.start(tag, attrs)
        lines[id(el)] = parser.CurrentLineNumber

    def refuse(*_args) -> None:
        raise _DoctypeRefused()

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse
    # never reached once the DOCTYPE is refused; set as a second guard
    parser.EntityDeclHandler = parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    try:
        parser.Parse(data, True)
    except _DoctypeRefused:
        diags.append(Diagnostic(SourcePos(path, parser.CurrentLineNumber),
                                "DOCTYPE and entity declarations are not accepted (OpenGotha "
                                "files do not need them)", "opengotha.doctype"))
        return None, lines
    except expat.ExpatError as exc:
        diags.append(Diagnostic(SourcePos(path, exc.lineno, exc.offset + 1),
                                f"not well-formed XML: {expat.ErrorString(exc.code)}",
                                "opengotha.xml"))
        return None, lines
    return builder.close(), lines


def read_opengotha(data: bytes, path: str = "<opengotha>", tournament_id: str | None = None) -> Tournament:
    """Return the tournament of an OpenGotha XML file given as bytes.

    Players (key NAME+FIRSTNAME), ranks, games (round, colours, handicap, result incl.
    ``_BYDEF`` forfeits), ``<ByePlayers>``, participation (absences), general parameters
    (McMahon bar/floor, bye/absent values, round-down, half-point option, dates, komi, time)
    and placement criteria. Raises FormatError with every problem (line and element name).
    """
    diags: list[Diagnostic] = []
    root, lines = _parse_with_lines(data, path, diags)
    if root is None:
        raise FormatError(diags)
    r = _Reader(path, lines, diags)
    if root.tag != "Tournament":
        r.err(root, "the root element must be <Tournament>")
        raise FormatError(diags)
    gps = root.find("TournamentParameterSet/GeneralParameterSet")
    if gps is None:
        r.err(root, "missing <TournamentParameterSet>/<GeneralParameterSet>")
        raise FormatError(diags)
    rounds = r.int_attr(gps, "numberOfRounds", 0) or 0
    if not 1 <= rounds <= 20:
        r.err(gps, f"numberOfRounds must be 1..20, not {rounds}")
        rounds = max(1, min(rounds, 20))
    params = _parameters(r, root, gps)
    players, absences, by_key = _players(r, root, rounds)
    games = _games(r, root, by_key, rounds)
    byes = _byes(r, root, by_key, rounds)
    _check_once_a_round(games, diags)
    general = _general(r, root, gps)
    if diags:
        raise FormatError(diags)
    short_name = gps.get("shortName", "") or general["name"]
    return Tournament(
        id=tournament_id or slug(short_name) or "tournament", rounds=rounds,
        players=tuple(players), games=tuple(games), byes=tuple(byes), absences=tuple(absences),
        parameters=params, pos=SourcePos(path, 1), **general)


class _Reader:
    """The file's path, element lines and the problems found so far, with attribute readers
    that record a problem and return a default."""

    def __init__(self, path: str, lines: dict[int, int], diags: list[Diagnostic]):
        self.path, self.lines, self.diags = path, lines, diags

    def pos(self, el: ET.Element) -> SourcePos:
        return SourcePos(self.path, self.lines.get(id(el), 1))

    def err(self, el: ET.Element, msg: str, code: str = "opengotha.content") -> None:
        self.diags.append(Diagnostic(self.pos(el), f"<{el.tag}>: {msg}", code))

    def int_attr(self, el: ET.Element, name: str, default: int | None = None) -> int | None:
        text = el.get(name)
        if text is None or text == "":
            return default
        try:
            return int(text)
        except ValueError:
            self.err(el, f"{name}='{text}' is not a whole number")
            return default

    def rank_attr(self, el: ET.Element, name: str, default: Rank) -> Rank:
        text = el.get(name)
        if not text:
            return default
        try:
            return parse_og_rank(text)
        except ValueError as exc:
            self.err(el, f"{name}: {exc}")
            return default


def _parameters(r: _Reader, root: ET.Element, gps: ET.Element) -> TournamentParameters:
    """Return the scoring and placement parameters (general parameters and criteria)."""
    criteria: list[Criterion] = []
    for pc in root.iterfind("TournamentParameterSet/PlacementParameterSet/PlacementCriteria/PlacementCriterion"):
        name = pc.get("name", "")
        if name in ("NULL", ""):
            continue
        try:
            criteria.append(Criterion.parse(name))
        except ValueError as exc:
            r.err(pc, str(exc), "opengotha.criterion")
    # OpenGotha has no explicit system field: NBW without MMS among the criteria means Swiss
    system = (System.SWISS if Criterion.NBW in criteria and Criterion.MMS not in criteria
              else System.MCMAHON)

    def half(name: str, default: int) -> Fraction:
        return Fraction(r.int_attr(gps, name, default) or 0, 2)

    g = gps.attrib
    return TournamentParameters(
        system=system,
        bar=r.rank_attr(gps, "genMMBar", Rank(3)),
        floor=r.rank_attr(gps, "genMMFloor", Rank(-20)),
        nbw_bye=half("genNBW2ValueBye", 2), nbw_absent=half("genNBW2ValueAbsent", 0),
        mms_bye=half("genMMS2ValueBye", 2), mms_absent=half("genMMS2ValueAbsent", 1),
        round_down=g.get("genRoundDownNBWMMS", "true") == "true",
        count_unplayed_as_half=g.get("genCountNotPlayedGamesAsHalfPoint", "false") == "true",
        criteria=tuple(criteria) or ((Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)
                                     if system is System.MCMAHON
                                     else (Criterion.NBW, Criterion.SOSW, Criterion.SOSOSW)),
    )


def _players(r: _Reader, root: ET.Element, rounds: int) -> tuple[list[TournamentPlayer], list[Absence], dict[str, str]]:
    """Return the players, their absences (``participating``) and {OpenGotha key: id}."""
    players: list[TournamentPlayer] = []
    absences: list[Absence] = []
    by_key: dict[str, str] = {}
    used_ids: set[str] = set()
    for el in root.iterfind("Players/Player"):
        surname, first = el.get("name", ""), el.get("firstName", "")
        if not surname:
            r.err(el, "a player needs a name")
            continue
        key = player_key(surname, first)
        if key in by_key:
            r.err(el, f"player {surname} {first} appears twice")
            continue
        pid = unique_id(slug(f"{first} {surname}") or "player", used_ids)
        used_ids.add(pid)
        by_key[key] = pid
        rating = r.int_attr(el, "rating")
        players.append(TournamentPlayer(
            id=pid, surname=surname, first_name=first, rank=r.rank_attr(el, "rank", Rank(-30)),
            rating=rating, club=el.get("club", ""), country=el.get("country", ""),
            smms_correction=r.int_attr(el, "smmsCorrection", 0) or 0, egd_pin=el.get("egfPin", ""),
            pos=r.pos(el)))
        part = el.get("participating", "1" * 20)
        for k in range(rounds):
            if k < len(part) and part[k] == "0":
                absences.append(Absence(k + 1, pid, r.pos(el)))
    return players, absences, by_key


def _games(r: _Reader, root: ET.Element, by_key: dict[str, str], rounds: int) -> list[TournamentGame]:
    """Return the games; a game with a problem is reported and left out."""
    games: list[TournamentGame] = []
    for el in root.iterfind("Games/Game"):
        rn = r.int_attr(el, "roundNumber", 0) or 0
        white, black = el.get("whitePlayer", ""), el.get("blackPlayer", "")
        bad = False
        for who, side in ((white, "whitePlayer"), (black, "blackPlayer")):
            if who not in by_key:
                r.err(el, f"{side}='{who}' is not a player of this file", "opengotha.player")
                bad = True
        if not 1 <= rn <= rounds:
            r.err(el, f"roundNumber={rn} is outside 1..{rounds}")
            bad = True
        res = el.get("result", "RESULT_UNKNOWN")
        forfeit = res.endswith("_BYDEF")
        base_res = res[: -len("_BYDEF")] if forfeit else res
        if base_res not in _RESULTS:
            r.err(el, f"result='{res}' is not an OpenGotha result", "opengotha.result")
            bad = True
        hcp = r.int_attr(el, "handicap", 0) or 0
        if hcp < 0:
            r.err(el, f"handicap={hcp} cannot be negative")
            bad = True
        if bad:
            continue
        games.append(TournamentGame(
            round=rn, white=by_key[white], black=by_key[black], result=_RESULTS[base_res],
            handicap=hcp, colours_known=el.get("knownColor", "true") == "true",
            forfeit=forfeit, pos=r.pos(el)))
    return games


def _byes(r: _Reader, root: ET.Element, by_key: dict[str, str], rounds: int) -> list[Bye]:
    """Return the byes of ``<ByePlayers>``."""
    byes: list[Bye] = []
    for el in root.iterfind("ByePlayers/ByePlayer"):
        rn = r.int_attr(el, "roundNumber", 0) or 0
        who = el.get("player", "")
        if who not in by_key:
            r.err(el, f"player='{who}' is not a player of this file", "opengotha.player")
            continue
        if not 1 <= rn <= rounds:
            r.err(el, f"roundNumber={rn} is outside 1..{rounds}")
            continue
        byes.append(Bye(rn, by_key[who], r.pos(el)))
    return byes


def _check_once_a_round(games: list[TournamentGame], diags: list[Diagnostic]) -> None:
    """Report each game of a player who already plays in that round."""
    seen: dict[tuple[int, str], TournamentGame] = {}
    for game in games:
        for who in (game.white, game.black):
            if (game.round, who) in seen:
                diags.append(Diagnostic(game.pos, f"<Game>: {who} plays twice in round {game.round}",
                                        "opengotha.twice"))
            seen[(game.round, who)] = game


def _general(r: _Reader, root: ET.Element, gps: ET.Element) -> dict[str, Any]:
    """Return the tournament's fields from its general and handicap parameters: name,
    location, dates, komi, handicap correction and the EGF class and times."""
    g = gps.attrib
    hps = root.find("TournamentParameterSet/HandicapParameterSet")
    correction = r.int_attr(hps, "hdCorrection", 0) if hps is not None else 0
    klass, adjusted, time_system = _egf_time(g)
    komi = _komi(g.get("komi"))
    if komi is False:
        r.err(gps, f"komi={g.get('komi')!r} is not a number of points")
    return dict(name=g.get("name", "") or g.get("shortName", ""), location=g.get("location", ""),
                begin=_date(g.get("beginDate")), end=_date(g.get("endDate")), komi=komi,
                handicap_correction=correction or 0, egf_class=klass, adjusted_time=adjusted,
                time_system=time_system)


def _komi(text: str | None) -> Fraction | None | bool:
    """Return the komi, None when absent, False when it is not a finite number."""
    if not text:
        return None
    try:
        return parse_komi(text)
    except ValueError:
        return False


def _date(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _egf_time(g: dict[str, str]) -> tuple[str, int | None, str]:
    """Return (EGF class, adjusted time in minutes, overtime name) from general parameters.

    Adjusted time: byo-yomi basic + 45 periods, Canadian basic + 60 moves, Fischer basic +
    120 increments, sudden death basic (OpenGotha ``egfAdjustedTime``; opengotha.md 3.3).
    """
    def num(name: str) -> int:
        try:
            return int(g.get(name, "0") or 0)
        except ValueError:
            return 0

    basic = num("basicTime") * 60
    system = g.get("complementaryTimeSystem", "SUDDENDEATH")
    names = {"SUDDENDEATH": "Sudden death", "STDBYOYOMI": "Standard byo-yomi",
             "CANBYOYOMI": "Canadian byo-yomi", "FISCHER": "Fischer"}
    if system == "STDBYOYOMI":
        ta = basic + 45 * num("stdByoYomiTime")
    elif system == "CANBYOYOMI":
        stones = num("nbMovesCanTime") or 1
        ta = basic + 60 * num("canByoYomiTime") // stones
    elif system == "FISCHER":
        ta = basic + 120 * num("fischerTime")
    else:
        ta = basic
    b, t = basic / 60, ta / 60
    if system == "FISCHER":
        klass = "A" if b >= 45 and t >= 75 else "B" if b >= 30 and t >= 50 else \
            "C" if b >= 20 and t >= 30 else "X"
    else:
        klass = "A" if b >= 60 and t >= 75 else "B" if b >= 40 and t >= 50 else \
            "C" if b >= 25 and t >= 30 else "X"
    return klass, ta // 60, names.get(system, "")
