"""Read an OpenGotha tournament XML file (``tournament.dtd``, data version 201) into a
:class:`~sitegen.model.tournament.Tournament`.

Uses xml.etree (expat) and refuses any DOCTYPE, in any encoding, so no DTD or entity is ever
read or expanded. The encoding a file's declaration names is read, decoded first or refused as
:mod:`.xml_encoding` says (UTF-7 is refused: it can hide markup).
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any, NoReturn
from xml.parsers import expat

from ..diagnostics import Diagnostic, SourcePos
from ..model.common import Rank
from ..model.tournament import (OPENGOTHA_NAMES, Absence, Bye, Criterion, GameResult, System,
                                Tournament, TournamentGame, TournamentParameters,
                                TournamentPlayer)
from ..numbers import parse_komi
from . import FormatError, xml_encoding
from .gotha_table import game_key, iteration_order
from .h9_fields import breaks_header, header_text
from .ids import UniqueIds, slug

_RESULTS = {
    "RESULT_UNKNOWN": GameResult.UNKNOWN, "RESULT_WHITEWINS": GameResult.WHITE_WINS,
    "RESULT_BLACKWINS": GameResult.BLACK_WINS, "RESULT_EQUAL": GameResult.JIGO,
    "RESULT_BOTHWIN": GameResult.BOTH_WIN, "RESULT_BOTHLOSE": GameResult.BOTH_LOSE,
}


def player_key(surname: str, first_name: str) -> str:
    """Return OpenGotha's player key: name + first name, upper-cased, spaces removed."""
    return (surname + first_name).replace(" ", "").upper()


def turkish_key(text: str) -> str:
    """Return a key as OpenGotha computes it under a Turkish or Azeri locale
    (``Player.computeKeyString``: ``String.toUpperCase()`` in the default locale, where ``i``
    is ``İ`` and ``ı`` is ``I``), spaces removed."""
    return text.replace(" ", "").replace("i", "\u0130").upper()


_LATIN_UPPER = str.maketrans({**dict.fromkeys("ÀÁÂÃÄÅ", "A"), "Ç": "C",
                              **dict.fromkeys("ÈÉÊË", "E"), **dict.fromkeys("ÌÍÎÏ", "I"),
                              "Ñ": "N", **dict.fromkeys("ÒÓÔÕÖØ", "O"),
                              **dict.fromkeys("ÙÚÛÜ", "U"), "Ý": "Y"})
_TO_ASCII = str.maketrans({**{k: v for k, v in zip("àáâãäåçèéêëìíîïñòóôõöøùúûüý",
                                                    "aaaaaaceeeeiiiinoooooouuuuy")},
                           "ı": "i", "ğ": "g", "ş": "s", "Ğ": "G", "Ş": "S", "İ": "I"})


def canonical_key(key: str) -> str:
    """Return a game's player reference as OpenGotha's fallback compares it
    (``Gotha.forceToASCII``, upper-cased): accents of Latin-9 and Turkish letters dropped,
    any other character beyond ASCII as ``?``."""
    ascii_text = key.translate(_LATIN_UPPER).translate(_TO_ASCII)
    return "".join(c if ord(c) < 128 else "?" for c in ascii_text).upper()


def canonical_name(surname: str, first_name: str) -> str:
    """Return a player's name as OpenGotha's fallback compares it
    (``getPlayerByObsoleteCanonicalName``): upper-cased, Latin-9 accents dropped, only A-Z."""
    text = (surname.upper() + first_name.upper()).translate(_LATIN_UPPER)
    return re.sub(r"[^A-Z]", "", text)


def parse_og_rank(text: str) -> Rank:
    """Parse an OpenGotha rank as OpenGotha reads it (``Player.convertKDPToInt``): ``3D``,
    ``18K``, a bare number (kyu), ``1P`` to ``3P`` as 7d, ``4P`` to ``6P`` 8d, above 9d; a rank
    beyond 30k or 9d counts as 30k or 9d (``99K`` is 30k).

    Raises ValueError for a text that is not a number and a letter.
    """
    m = re.fullmatch(r"\s*(\d{1,4})\s*([kKdDpP]?)\s*", text or "")
    if not m:
        raise ValueError(f"'{text}' is not a rank; expected e.g. 18K, 3D")
    n, unit = int(m.group(1)), m.group(2).upper()
    if unit == "P":
        return Rank(6 if n <= 3 else 7 if n <= 6 else 8)
    value = n - 1 if unit == "D" else -n
    return Rank(min(max(value, -30), 8))


class _DoctypeRefused(Exception):
    """Raised from expat's handlers at a DOCTYPE or entity declaration."""


def _parse_with_lines(data: bytes, path: str, diags: list[Diagnostic]) -> tuple[ET.Element | None, dict[int, int]]:
    """Parse ``data`` into a tree, recording each element's line; refuse any DTD.

    Expat itself reports the DOCTYPE (``StartDoctypeDeclHandler``), whatever the file's
    encoding (UTF-8, UTF-16 with either byte order, ...), before any declaration in it is read,
    so no entity is ever defined, expanded or fetched. A file in an encoding pyexpat does not
    read (Shift_JIS, ...) is decoded first and read as UTF-8 by the same parser and handlers;
    UTF-7 and encodings that are not read as they say are refused (:mod:`.xml_encoding`).
    """
    lines: dict[int, int] = {}
    how = xml_encoding.plan(data, path)
    if isinstance(how, Diagnostic):
        diags.append(how)
        return None, lines
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate(how.encoding)

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = builder.start(tag, attrs)
        lines[id(el)] = parser.CurrentLineNumber

    def refuse(*_args: object) -> NoReturn:
        raise _DoctypeRefused()

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse
    # never reached once the DOCTYPE is refused; set as a second guard
    parser.EntityDeclHandler = parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    try:
        parser.Parse(how.data, True)
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
    except (ValueError, LookupError) as exc:  # an encoding named in a UTF-16 declaration
        diags.append(Diagnostic(SourcePos(path, 1), "the encoding the XML declaration names "
                                f"cannot be read ({exc})", "opengotha.encoding", xml_encoding.HINT))
        return None, lines
    return builder.close(), lines


def read_opengotha(data: bytes, path: str = "<opengotha>", tournament_id: str | None = None,
                   warnings: list[Diagnostic] | None = None) -> Tournament:
    """Return the tournament of an OpenGotha XML file given as bytes.

    Players (key NAME+FIRSTNAME), ranks, games (round, colours, handicap, result incl.
    ``_BYDEF`` forfeits), ``<ByePlayers>``, participation (absences), general parameters
    (McMahon bar/floor, bye/absent values, round-down, half-point option, categories,
    dates, komi, time, internet), placement criteria and the h9 game format. The file is read
    as the OpenGotha session that wrote it held the tournament, so that the standings equal
    what that session exports, not OpenGotha's quirks when it loads a file again (it drops a
    game whose player key was written under a Turkish locale, and reads every colour as known).
    A game at the round and table of an earlier one replaces it, and a player may play twice
    in a round, as in OpenGotha (:mod:`.gotha_table`): each is a warning added to
    ``warnings``, at the game. Raises FormatError with every problem (line and element name).
    """
    diags: list[Diagnostic] = []
    root, lines = _parse_with_lines(data, path, diags)
    if root is None:
        raise FormatError(diags)
    r = _Reader(path, lines, diags, [] if warnings is None else warnings)
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
    games = games_table(r, _games(r, root, by_key, rounds))
    byes = _byes(r, root, by_key, rounds)
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

    def __init__(self, path: str, lines: dict[int, int], diags: list[Diagnostic],
                 warnings: list[Diagnostic]):
        self.path, self.lines, self.diags, self.warnings = path, lines, diags, warnings

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
    """Return the scoring and placement parameters (general parameters, categories and
    criteria). A value OpenGotha's file leaves out gets OpenGotha's reader default (0 for the
    bye and absence values)."""
    criteria = _criteria(r, root)
    # OpenGotha has no explicit system field: NBW without MMS among the criteria means Swiss
    system = (System.SWISS if Criterion.NBW in criteria and Criterion.MMS not in criteria
              else System.MCMAHON)

    def half(name: str) -> Fraction:
        return Fraction(r.int_attr(gps, name, 0) or 0, 2)

    g = gps.attrib
    return TournamentParameters(
        system=system,
        bar=r.rank_attr(gps, "genMMBar", Rank(3)),
        floor=r.rank_attr(gps, "genMMFloor", Rank(-20)),
        nbw_bye=half("genNBW2ValueBye"), nbw_absent=half("genNBW2ValueAbsent"),
        mms_bye=half("genMMS2ValueBye"), mms_absent=half("genMMS2ValueAbsent"),
        round_down=g.get("genRoundDownNBWMMS", "true") == "true",
        count_unplayed_as_half=g.get("genCountNotPlayedGamesAsHalfPoint", "false") == "true",
        # every criterion NULL: everyone level, as OpenGotha computes it (validation warns)
        criteria=tuple(criteria),
        category_limits=_categories(r, gps),
    )


def _criteria(r: _Reader, root: ET.Element) -> list[Criterion]:
    """Return the placement criteria in the order of their ``number`` (1 to 6), ``NULL`` left
    out; an unknown name or a bad number is reported at its element. A name is OpenGotha's long
    name exactly (``SOSM-1``, ``Rank``), as OpenGotha compares it (``String.equals`` in
    ``importTournamentParameterSetFromXMLFile``): ``sosm`` is unknown."""
    numbered: dict[int, Criterion] = {}
    known = ", ".join(OPENGOTHA_NAMES[c] for c in Criterion)
    by_name = {name: c for c, name in OPENGOTHA_NAMES.items()}
    for pc in root.iterfind("TournamentParameterSet/PlacementParameterSet/PlacementCriteria/"
                            "PlacementCriterion"):
        name = pc.get("name", "")
        number = r.int_attr(pc, "number", 1) or 0
        if not 1 <= number <= 6:
            r.err(pc, f"number={number} is outside 1..6", "opengotha.criterion")
            continue
        if name in ("NULL", ""):
            numbered.pop(number, None)
            continue
        if name in by_name:
            numbered[number] = by_name[name]
        else:
            r.err(pc, f"name='{name}' is not a placement criterion sitegen knows; expected one "
                  f"of NULL, {known}", "opengotha.criterion")
    return [numbered[n] for n in sorted(numbered)]


def _categories(r: _Reader, gps: ET.Element) -> tuple[Rank, ...]:
    """Return the categories' lower limits (``numberOfCategories`` and its ``<Category>``
    elements, as OpenGotha reads them: a limit not given is 1D)."""
    count = r.int_attr(gps, "numberOfCategories", 1) or 1
    if not 1 <= count <= 20:
        r.err(gps, f"numberOfCategories={count} is outside 1..20")
        return ()
    limits = [Rank(0)] * (count - 1)
    for el in gps.iterfind("Categories/Category"):
        number = r.int_attr(el, "number", 1) or 0
        if not 1 <= number < count:
            r.err(el, f"number={number} is outside 1..{count - 1} (numberOfCategories={count})")
            continue
        limits[number - 1] = r.rank_attr(el, "lowerLimit", Rank(-30))
    return tuple(limits)


def _players(r: _Reader, root: ET.Element, rounds: int) -> tuple[list[TournamentPlayer], list[Absence], dict[str, str]]:
    """Return the players, their absences (``participating``) and {OpenGotha key: id}; each
    player's key under a Turkish locale (:func:`turkish_key`) and canonical name
    (:func:`canonical_name`) are keys too, unless two players share it or it is some player's
    own key (a key written under a Turkish locale has ``İ`` for ``I``; OpenGotha falls back on
    the canonical name for a game whose key was written under another locale). A rating is kept within OpenGotha's -900..2949,
    after adding 2050 in files older than data version 201, as OpenGotha reads it."""
    players: list[TournamentPlayer] = []
    absences: list[Absence] = []
    by_key: dict[str, str] = {}
    canonical: dict[str, list[str]] = {}
    used_ids = UniqueIds()
    for el in root.iterfind("Players/Player"):
        surname, first = el.get("name", ""), el.get("firstName", "")
        if not surname:
            r.err(el, "a player needs a name")
            continue
        key = player_key(surname, first)
        if key in by_key:
            r.err(el, f"player {surname} {first} appears twice")
            continue
        pid = used_ids.make(slug(f"{first} {surname}") or "player")
        by_key[key] = pid
        rating = r.int_attr(el, "rating")
        if rating is not None:
            old = (r.int_attr(root, "dataVersion", 201) or 0) < 201
            rating = min(max(rating + (2050 if old else 0), -900), 2949)
        canonical.setdefault(canonical_name(surname, first), []).append(pid)
        players.append(TournamentPlayer(
            id=pid, surname=surname, first_name=first, rank=r.rank_attr(el, "rank", Rank(-30)),
            rating=rating, club=el.get("club", ""), country=el.get("country", ""),
            smms_correction=r.int_attr(el, "smmsCorrection", 0) or 0, egd_pin=el.get("egfPin", ""),
            pos=r.pos(el)))
        part = el.get("participating", "1" * 20)
        for k in range(rounds):
            if k < len(part) and part[k] == "0":
                absences.append(Absence(k + 1, pid, r.pos(el)))
    turkish: dict[str, list[str]] = {}  # the keys a Turkish-locale OpenGotha gives them
    for pl in players:
        turkish.setdefault(turkish_key(pl.surname + pl.first_name), []).append(pl.id)
    for tr, ids in turkish.items():
        if len(ids) == 1:
            by_key.setdefault(tr, ids[0])
    for name, ids in canonical.items():
        if len(ids) == 1 and name and name not in by_key:
            by_key[name] = ids[0]
    return players, absences, by_key


def _games(r: _Reader, root: ET.Element, by_key: dict[str, str], rounds: int
           ) -> list[tuple[int, TournamentGame]]:
    """Return the games with their table numbers; a game with a problem is reported and left
    out. ``knownColor="false"`` is a game of unknown colours, as the session that wrote the
    file held it (``ExternalDocument.generateXMLFile``), though OpenGotha 3.51 loading the file
    reads ``strKnownColor`` instead and shows the colours as known (docs/placement.md)."""
    games: list[tuple[int, TournamentGame]] = []
    for el in root.iterfind("Games/Game"):
        rn = r.int_attr(el, "roundNumber", 0) or 0
        white = _resolve(el.get("whitePlayer", ""), by_key)
        black = _resolve(el.get("blackPlayer", ""), by_key)
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
        table = r.int_attr(el, "tableNumber", 1)
        if hcp < 0:
            r.err(el, f"handicap={hcp} cannot be negative")
            bad = True
        if bad or table is None:
            continue
        games.append((table, TournamentGame(
            round=rn, white=by_key[white], black=by_key[black], result=_RESULTS[base_res],
            handicap=hcp, colours_known=el.get("knownColor", "true") == "true",
            forfeit=forfeit, pos=r.pos(el), table=table)))
    return games


def _resolve(key: str, by_key: dict[str, str]) -> str:
    """Return the key under which ``by_key`` knows a game's player reference, as an OpenGotha
    in some locale finds it (``Tournament.getPlayerByKeyString``: the reference without
    spaces, upper-cased in the default locale, against the players' keys computed the same
    way): upper-cased as in most locales, else as in a Turkish one (``i`` as ``İ``), else its
    canonical form (:func:`canonical_key`, OpenGotha's fallback), else itself (then unknown)."""
    for candidate in (key.replace(" ", "").upper(), turkish_key(key), canonical_key(key)):
        if candidate in by_key:
            return candidate
    return key


def _byes(r: _Reader, root: ET.Element, by_key: dict[str, str], rounds: int) -> list[Bye]:
    """Return the byes of ``<ByePlayers>``."""
    byes: list[Bye] = []
    for el in root.iterfind("ByePlayers/ByePlayer"):
        rn = r.int_attr(el, "roundNumber", 0) or 0
        who = _resolve(el.get("player", ""), by_key)
        if who not in by_key:
            r.err(el, f"player='{who}' is not a player of this file", "opengotha.player")
            continue
        if not 1 <= rn <= rounds:
            r.err(el, f"roundNumber={rn} is outside 1..{rounds}")
            continue
        byes.append(Bye(rn, by_key[who], r.pos(el)))
    return byes


def games_table(r: _Reader, games: list[tuple[int, TournamentGame]]) -> list[TournamentGame]:
    """Return the games OpenGotha keeps (``Tournament.addGame``: the last of a round and
    table), each warned replaced game left out; in the file's order, or, when a player plays
    more than once in a round, in OpenGotha's order (:func:`.gotha_table.iteration_order`), so
    that each player's last game of a round is the one OpenGotha uses for SOS and the results.
    Each such game is a warning (``opengotha.twice``)."""
    kept: dict[int, tuple[int, TournamentGame]] = {}
    for table, game in games:
        key = game_key(game.round, table)
        if key in kept:
            r.warnings.append(Diagnostic(
                kept[key][1].pos, f"<Game>: round {game.round}, table {table} has another game "
                f"at line {game.pos.line}; OpenGotha keeps only that one", "opengotha.table",
                level="warning"))
        kept[key] = (table, game)
    busy: dict[tuple[int, str], list[tuple[int, TournamentGame]]] = {}
    for table, game in kept.values():
        for who in (game.white, game.black):
            busy.setdefault((game.round, who), []).append((table, game))
    if all(len(v) == 1 for v in busy.values()):
        return [g for _t, g in kept.values()]
    order = iteration_order(list(kept))
    rank = {id(kept[k][1]): n for n, k in enumerate(order)}
    for (rn, who), both in busy.items():
        if len(both) > 1:
            last_table, last = max(both, key=lambda tg: rank[id(tg[1])])
            for _table, game in both:
                if game is not last:
                    r.warnings.append(Diagnostic(game.pos, _twice(who, rn, last_table, last),
                                                 "opengotha.twice", level="warning"))
    return [kept[k][1] for k in order]


def _twice(who: str, rn: int, table: int, last: TournamentGame) -> str:
    return (f"<Game>: {who} plays more than once in round {rn}; counted as OpenGotha counts "
            f"it: the points of every game for NBW, MMS and CPS, the game at table {table} "
            f"(line {last.pos.line}) for SOS and the results file")


def _general(r: _Reader, root: ET.Element, gps: ET.Element) -> dict[str, Any]:
    """Return the tournament's fields from its general and handicap parameters: name,
    location, dates, komi, handicap correction and the EGF class and times."""
    g = gps.attrib
    hps = root.find("TournamentParameterSet/HandicapParameterSet")
    correction = r.int_attr(hps, "hdCorrection", 0) if hps is not None else 0
    klass, adjusted, time_system = _egf_time(g)
    dps = root.find("TournamentParameterSet/DPParameterSet")
    short = dps is not None and dps.get("gameFormat") == "short"
    komi = _komi(g.get("komi"))
    if komi is False:
        r.err(gps, f"komi={g.get('komi')!r} is not a number of points")
    begin, end = _date(r, gps, "beginDate"), _date(r, gps, "endDate")
    if begin and end and end < begin:
        r.warnings.append(Diagnostic(r.pos(gps), f"<{gps.tag}>: endDate={end} is before "
                                     f"beginDate={begin}; both kept as OpenGotha keeps them",
                                     "opengotha.dates", level="warning"))
    # the name as OpenGotha keeps it (a blank at its end too: the h9 file's EV has it)
    name = _header(r, gps, "name", g.get("name", "") or g.get("shortName", "").strip())
    return dict(name=name, location=_header(r, gps, "location", g.get("location", "")),
                begin=begin, end=end, komi=komi,
                handicap_correction=correction or 0, egf_class=klass, adjusted_time=adjusted,
                time_system=time_system, short_games=short)


def _header(r: _Reader, gps: ET.Element, name: str, text: str) -> str:
    """Return the tournament's ``name`` or ``location``, a tab or a line break (written
    ``&#9;``, ``&#10;``) as a space, with a warning (``h9.escape``): OpenGotha writes it bare in
    the h9 file's header (``EV[...]``, ``PC[,...]``), where it would split or end the line."""
    if not breaks_header(text):
        return text
    r.warnings.append(Diagnostic(
        r.pos(gps), f"<{gps.tag}>: the tournament {name} holds a tab or a line break, which "
        "the h9 results file cannot hold as OpenGotha writes it (it would break the header "
        "line); read as a space", "h9.escape", level="warning"))
    return header_text(text)


def _komi(text: str | None) -> Fraction | None | bool:
    """Return the komi, None when absent, False when it is not a finite number."""
    if not text:
        return None
    try:
        return parse_komi(text)
    except ValueError:
        return False


def _date(r: _Reader, gps: ET.Element, name: str) -> dt.date | None:
    """Return the date of attribute ``name``; None when absent, or, with a warning, when
    OpenGotha does not keep it (``GothaDate.parse`` with ``yyyy-MM-dd``: not parsed, not
    written back the same, or year 1900 or before; ``importTournamentParameterSetFromXMLFile``
    then takes the current day, which sitegen cannot: its output does not depend on the
    clock)."""
    text = gps.get(name)
    if text is None:
        return None
    try:
        day = dt.date.fromisoformat(text) if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text) \
            else None
    except ValueError:
        day = None
    if day is not None and day.year > 1900:
        return day
    r.warnings.append(Diagnostic(
        r.pos(gps), f"<{gps.tag}>: {name}='{text}' is not a date OpenGotha keeps (a day "
        "YYYY-MM-DD after 1900): OpenGotha shows the current day instead; left out",
        "opengotha.date", level="warning"))
    return None


_TIME_LIMITS = {  # OpenGotha GeneralParameterSet: (default, least, most) of each setter
    "basicTime": (60, 5, 180), "stdByoYomiTime": (30, 5, 120), "nbMovesCanTime": (15, 5, 25),
    "canByoYomiTime": (300, 300, 900), "fischerTime": (10, 1, 60)}


def _egf_time(g: dict[str, str]) -> tuple[str, int | None, str]:
    """Return (EGF class, adjusted time in minutes, overtime name) from general parameters.

    The times as OpenGotha reads them (``importTournamentParameterSetFromXMLFile``: a missing
    or non-integer attribute is the default, ``basicTime`` falling back on the old ``time``;
    each setter of ``GeneralParameterSet`` then keeps the value within its limits, e.g. a basic
    time of 0 is 5 minutes); a missing or unknown ``complementaryTimeSystem`` is Canadian
    byo-yomi. Adjusted time: byo-yomi basic + 45 periods, Canadian basic + 60 moves, Fischer
    basic + 120 increments, sudden death basic (OpenGotha ``egfAdjustedTime``; opengotha.md
    3.3). Class (``egfClass``): A, B or C by the basic and adjusted times; an internet
    tournament (``bInternet``) is D with B's times, else X.
    """
    def num(name: str, default: int | None = None) -> int:
        text = g.get(name, "")
        value = int(text) if re.fullmatch(r"[+-]?[0-9]{1,9}", text) else None
        dflt, least, most = _TIME_LIMITS[name]
        if value is None:
            value = dflt if default is None else default
        return min(max(value, least), most)

    basic = num("basicTime", _int_or(g.get("time", ""), 60)) * 60
    system = g.get("complementaryTimeSystem", "CANBYOYOMI")
    names = {"SUDDENDEATH": "Sudden death", "STDBYOYOMI": "Standard byo-yomi",
             "CANBYOYOMI": "Canadian byo-yomi", "FISCHER": "Fischer"}
    if system not in names:
        system = "CANBYOYOMI"
    if system == "STDBYOYOMI":
        ta = basic + 45 * num("stdByoYomiTime")
    elif system == "CANBYOYOMI":
        ta = basic + 60 * num("canByoYomiTime") // num("nbMovesCanTime")
    elif system == "FISCHER":
        ta = basic + 120 * num("fischerTime")
    else:
        ta = basic
    b, t = basic / 60, ta / 60
    if g.get("bInternet") == "true":
        internet_b = 30 if system == "FISCHER" else 40
        return ("D" if b >= internet_b and t >= 50 else "X"), ta // 60, names[system]
    if system == "FISCHER":
        klass = "A" if b >= 45 and t >= 75 else "B" if b >= 30 and t >= 50 else \
            "C" if b >= 20 and t >= 30 else "X"
    else:
        klass = "A" if b >= 60 and t >= 75 else "B" if b >= 40 and t >= 50 else \
            "C" if b >= 25 and t >= 30 else "X"
    return klass, ta // 60, names[system]


def _int_or(text: str, default: int) -> int:
    """Return ``text`` as Java's ``Integer.parseInt`` reads it, else ``default``."""
    return int(text) if re.fullmatch(r"[+-]?[0-9]{1,9}", text) else default
