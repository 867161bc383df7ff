"""Validate tournament files: ``content/tournaments/<id>.yaml`` -> engine ``Tournament``.

Checks (content format v1, docs/content-format.md, "Tournaments"): keys (with did-you-mean),
ids, that every player exists in the players files and is a player of the tournament, results
in the league notation (SGF ``B+R``, ``W+F`` forfeit, ``?`` unknown, ``0``/``jigo``), the
placement criteria (placement: criteria, :func:`~sitegen.engine.placement.check_criteria`),
parameter values, and that nobody is paired twice, given a bye while paired or declared
absent while paired in one round. Every problem is recorded with its position.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Callable, TypeVar

from ..diagnostics import Diagnostics, SourcePos, did_you_mean
from ..engine.placement import check_criteria
from ..formats.h9_fields import escapes as h9_escapes
from ..load import YMap, YNode, YScalar
from ..model.common import Outcome, Rank, Result
from ..model.tournament import (Absence, Bye, Criterion, DCVariant, GameResult, System, Tournament,
                                TournamentGame, TournamentParameters, TournamentPlayer)
from ..numbers import HALF, parse_decimal, parse_komi, shown_number
from .fields import Fields, check_ident, expect_map, kind_of, load_map, not_rules_page, seen_before
from .league import PlayerRefs
from ..urls import TOURNAMENT_RULES
from .records import RECORD_KEYS, RecordReader

RESULT_HINT = ("expected e.g. B+R, W+3.5, B+F (forfeit), 0 or jigo, ? (unknown), "
               "both-win, both-lose")
MAX_ROUNDS = 50
MAX_HANDICAP = 30
EGF_CLASSES = ("A", "B", "C", "D", "X")
TOP_KEYS_REQUIRED = ("name", "system", "number_of_rounds", "players")
TOP_KEYS_OPTIONAL = ("location", "start", "end", "komi", "parameters", "egd", "rounds")
PARAMETER_KEYS = ("mcmahon_bar", "mcmahon_floor", "handicap_correction", "bye", "absence",
                  "round_down", "count_unplayed_as_half", "criteria", "sosm_minus_defect",
                  "dc_variant", "category_limits")
MAX_CATEGORIES = 20
GAME_FORMATS = ("full", "short")
PLAYER_KEYS = ("surname", "first_name", "rank", "rating", "club", "country", "egd_pin",
               "smms_correction")
GAME_KEYS = ("white", "black", "players", "handicap", "result", "winner", "forfeit", "table",
             *RECORD_KEYS)
MAX_TABLES = 1000
"""OpenGotha's ``Gotha.MAX_NUMBER_OF_TABLES``: a game's ``table:`` is 1 to 1000."""


def load_tournaments(folder: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> list[Tournament]:
    """Load every ``<folder>/*.yaml`` tournament, sorted by file name; bad ones are left out."""
    tournaments = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        tournament = load_tournament(path, f"{shown}/{path.name}", refs, diags)
        if tournament is not None:
            tournaments.append(tournament)
    return tournaments


def load_tournament(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> Tournament | None:
    """Load one tournament file; None when it is unusable (every problem recorded)."""
    node = load_map(path, shown, diags, "a tournament", refs.remembered)
    if node is None:
        return None
    tournament_id = not_rules_page(check_ident(path.stem, SourcePos(shown), diags, "tournament file name"),
                                   TOURNAMENT_RULES, SourcePos(shown), diags)
    tournament = tournament_from_node(node, tournament_id or "tournament", refs, diags)
    return tournament if tournament_id is not None else None


def tournament_from_node(node: YMap, tournament_id: str, refs: PlayerRefs,
                         diags: Diagnostics) -> Tournament | None:
    """Return the tournament a YAML mapping describes, or None after recording its errors.

    ``tournament_id`` is the file's stem. Site player ids are resolved with ``refs``.
    """
    errors_before = sum(1 for d in diags.items if d.level == "error")
    fields = Fields(node, diags, "a tournament", TOP_KEYS_REQUIRED, TOP_KEYS_OPTIONAL)
    name = fields.text("name", outer_blanks=True)
    location = fields.text("location", "", outer_blanks=True) or ""
    start, end = fields.date("start"), fields.date("end")
    if start and end and end < start:
        diags.warning(fields.pos("end"), f"the tournament ends ({end}) before it starts "
                      f"({start}); both kept as given (the h9 file's DT gives them so, as "
                      "OpenGotha writes them)", "tournament.dates")
    system = _choice(fields, "system", {"swiss": System.SWISS, "mcmahon": System.MCMAHON})
    rounds = fields.integer("number_of_rounds", 1, MAX_ROUNDS)
    komi = fields.convert("komi", parse_komi, "a komi such as 7.5, 6.5 or 0") if fields.has("komi") else None
    params, correction = _parameters(fields, system or System.MCMAHON, diags)
    egd = _egd(fields, diags)
    players, rejected = _players(fields, refs, diags)
    by_id = {p.id: p for p in players}
    games, byes, absences, held = _rounds(fields, by_id, rejected, rounds or MAX_ROUNDS, refs,
                                          diags)
    errors_after = sum(1 for d in diags.items if d.level == "error")
    if errors_after > errors_before or name is None or rounds is None or system is None:
        return None
    return Tournament(
        id=tournament_id, name=name, rounds=rounds, players=tuple(players), games=tuple(games),
        byes=tuple(byes), absences=tuple(absences), parameters=params, location=location,
        begin=start, end=end, komi=komi, handicap_correction=correction,
        egf_class=egd[0], adjusted_time=egd[1], time_system=egd[2], short_games=egd[3],
        rounds_held=held, pos=node.pos)


# --------------------------------------------------------------------------- parts


Choice = TypeVar("Choice")


def _choice(fields: Fields, key: str, choices: dict[str, Choice]) -> Choice | None:
    value = fields.scalar(key)
    if value is None:
        return None
    word = value.text.strip().lower()
    if word in choices:
        return choices[word]
    diags = fields.diags
    diags.error(value.pos, f"{key} '{value.text}' is not one of: {', '.join(choices)}",
                "schema.value", did_you_mean(word, choices))
    return None


def parse_point_value(text: str) -> Fraction:
    """Parse a bye or absence value: ``0``, ``1/2``, ``½``, ``0.5`` or ``1`` (points).

    Raises ValueError otherwise (OpenGotha stores only these three values).
    """
    try:
        return parse_decimal(text, 0, 1, step=HALF, ratio=True, what="0, 1/2 or 1")
    except ValueError:
        raise ValueError(f"'{shown_number(text)}' is not 0, 1/2 or 1") from None


def _values(fields: Fields, key: str, default_nbw: Fraction, default_mms: Fraction,
            diags: Diagnostics) -> tuple[Fraction, Fraction]:
    if not fields.has(key):
        return default_nbw, default_mms
    node = expect_map(fields.raw(key), diags, f"'{key}' ({{nbw: ..., mms: ...}})", fields.pos(key))
    if node is None:
        return default_nbw, default_mms
    inner = Fields(node, diags, f"'{key}'", optional=("nbw", "mms"))
    nbw = inner.convert("nbw", parse_point_value, "0, 1/2 or 1") if inner.has("nbw") else None
    mms = inner.convert("mms", parse_point_value, "0, 1/2 or 1") if inner.has("mms") else None
    return (default_nbw if nbw is None else nbw), (default_mms if mms is None else mms)


def _criteria(fields: Fields, system: System, diags: Diagnostics) -> tuple[Criterion, ...]:
    default = (TournamentParameters().criteria if system is System.MCMAHON
               else (Criterion.NBW, Criterion.SOSW, Criterion.SOSOSW))
    if not fields.has("criteria"):
        return default
    items = fields.list("criteria", "'criteria' (a list such as [MMS, SOSM, SOSOSM])")
    parsed: list[tuple[Criterion, SourcePos]] = []
    names = [c.value for c in Criterion]
    for item in items:
        if not isinstance(item, YScalar):
            diags.error(item.pos, f"a criterion must be a name such as SOSM, found {kind_of(item)}",
                        "criteria.syntax")
            continue
        if item.text.strip().upper() == "NULL":  # OpenGotha's "no tie break"
            continue
        try:
            parsed.append((Criterion.parse(item.text), item.pos))
        except ValueError:
            diags.error(item.pos, f"unknown placement criterion '{item.text}'", "criteria.unknown",
                        did_you_mean(item.text.strip().upper().replace("_", "-"), names)
                        or f"expected one of: {', '.join(names)}")
    if not items:
        diags.error(fields.pos("criteria"), "the criteria list is empty", "criteria.empty",
                    "give at least one criterion, e.g. [MMS, SOSM, SOSOSM]")
        return default
    crits = [c for c, _ in parsed]
    if items and all(isinstance(i, YScalar) and i.text.strip().upper() == "NULL" for i in items):
        diags.warning(fields.pos("criteria"), "every placement criterion is NULL: all players "
                      "are level and share place 1, as OpenGotha computes it", "criteria.null",
                      "list the tournament's criteria, e.g. [MMS, SOSM, SOSOSM]")
    for problem in check_criteria(crits):
        pos = _criteria_problem_pos(problem.message, parsed, fields.pos("criteria"))
        if problem.level == "error":
            diags.error(pos, problem.message, "criteria.coherence")
        else:
            diags.warning(pos, problem.message, "criteria.coherence", problem.hint)
    return tuple(crits)


def _criteria_problem_pos(message: str, parsed: list[tuple[Criterion, SourcePos]],
                          whole: SourcePos) -> SourcePos:
    """Return where a check_criteria problem points: the second of a repeated criterion, the
    later of DC and SDC, the 7th item, else the whole list."""
    if "appears more than once" in message:
        name = message.split(" ", 1)[0]
        hits = [pos for c, pos in parsed if c.value == name]
        return hits[1] if len(hits) > 1 else whole
    if message.startswith("DC and SDC"):
        hits = [pos for c, pos in parsed if c in (Criterion.DC, Criterion.SDC)]
        return hits[-1] if hits else whole
    if "at most" in message and len(parsed) > 6:
        return parsed[6][1]
    return whole


def _parameters(fields: Fields, system: System,
                diags: Diagnostics) -> tuple[TournamentParameters, int]:
    defaults = TournamentParameters()
    if not fields.has("parameters"):
        crits = _criteria_default(system)
        return TournamentParameters(system=system, criteria=crits), 0
    node = expect_map(fields.raw("parameters"), diags, "'parameters'", fields.pos("parameters"))
    if node is None:
        return TournamentParameters(system=system, criteria=_criteria_default(system)), 0
    p = Fields(node, diags, "the parameters", optional=PARAMETER_KEYS)
    bar = p.convert("mcmahon_bar", Rank.parse, "a rank", "expected e.g. 4d, 1k", "rank.syntax")
    floor = p.convert("mcmahon_floor", Rank.parse, "a rank", "expected e.g. 20k, 30k", "rank.syntax")
    bar = defaults.bar if bar is None else bar
    floor = defaults.floor if floor is None else floor
    if floor > bar:
        diags.error(p.pos("mcmahon_floor"), f"the McMahon floor ({floor}) is above the bar ({bar})",
                    "tournament.mcmahon")
    correction = p.integer("handicap_correction", -1, 3) if p.has("handicap_correction") else 0
    nbw_bye, mms_bye = _values(p, "bye", defaults.nbw_bye, defaults.mms_bye, diags)
    nbw_absent, mms_absent = _values(p, "absence", defaults.nbw_absent, defaults.mms_absent, diags)
    dc = _choice(p, "dc_variant", {"opengotha": DCVariant.OPENGOTHA, "dir": DCVariant.DIR})
    limits = _category_limits(p, diags)
    params = TournamentParameters(
        system=system, bar=bar, floor=floor, nbw_bye=nbw_bye, nbw_absent=nbw_absent,
        mms_bye=mms_bye, mms_absent=mms_absent,
        round_down=p.boolean("round_down", defaults.round_down),
        count_unplayed_as_half=p.boolean("count_unplayed_as_half", defaults.count_unplayed_as_half),
        criteria=_criteria(p, system, diags),
        sosm_minus_defect=p.boolean("sosm_minus_defect", defaults.sosm_minus_defect),
        dc_variant=dc or defaults.dc_variant, category_limits=limits)
    return params, correction or 0


def _category_limits(p: Fields, diags: Diagnostics) -> tuple[Rank, ...]:
    """Return the categories' lower limits (placement: CAT): a list of ranks, strongest first."""
    if not p.has("category_limits"):
        return ()
    items = p.list("category_limits", "'category_limits' (a list of ranks such as [1d, 5k])")
    limits: list[Rank] = []
    for item in items:
        try:
            if not isinstance(item, YScalar):
                raise ValueError(f"a category limit must be a rank such as 5k, found {kind_of(item)}")
            rank = Rank.parse(item.text)
        except ValueError as exc:
            diags.error(item.pos, f"category_limits: {exc}", "rank.syntax", "expected e.g. 1d, 5k")
            continue
        if limits and rank >= limits[-1]:
            diags.warning(item.pos, f"category limit {rank} is not below the one before it "
                          f"({limits[-1]}): no player can be in category {len(limits) + 1}",
                          "tournament.categories",
                          "list the lowest rank of each category, strongest category first")
        limits.append(rank)
    if len(items) >= MAX_CATEGORIES:
        diags.error(p.pos("category_limits"), f"{len(items) + 1} categories; at most "
                    f"{MAX_CATEGORIES} are allowed", "tournament.categories")
    return tuple(limits)


def _criteria_default(system: System) -> tuple[Criterion, ...]:
    return (TournamentParameters().criteria if system is System.MCMAHON
            else (Criterion.NBW, Criterion.SOSW, Criterion.SOSOSW))


def _egd(fields: Fields, diags: Diagnostics) -> tuple[str, int | None, str, bool]:
    """Return the h9 header settings: class, adjusted time, overtime system, short games."""
    if not fields.has("egd"):
        return "X", None, "", False
    node = expect_map(fields.raw("egd"), diags, "'egd'", fields.pos("egd"))
    if node is None:
        return "X", None, "", False
    e = Fields(node, diags, "the EGD settings",
               optional=("class", "adjusted_time", "time_system", "game_format"))
    klass = e.text("class", "X", max_len=1) or "X"
    if klass not in EGF_CLASSES:
        diags.error(e.pos("class"), f"EGF class '{klass}' is not one of {', '.join(EGF_CLASSES)}",
                    "tournament.egd")
    adjusted = e.integer("adjusted_time", 0, 100000) if e.has("adjusted_time") else None
    short = _choice(e, "game_format", {"full": False, "short": True})
    return klass, adjusted, e.text("time_system", "", max_len=60) or "", bool(short)


def _players(fields: Fields, refs: PlayerRefs,
             diags: Diagnostics) -> tuple[list[TournamentPlayer], set[str]]:
    """Return the tournament's players and the ids listed but unusable (already reported)."""
    players: list[TournamentPlayer] = []
    rejected: set[str] = set()
    seen: dict[str, SourcePos] = {}
    for item in fields.list("players", "'players' (a list of tournament players)"):
        entry = expect_map(item, diags, "a tournament player", item.pos)
        if entry is None:
            continue
        f = Fields(entry, diags, "a tournament player", required=("id",), optional=PLAYER_KEYS)
        ident = f.ident("id")
        rank = f.convert("rank", Rank.parse, "a rank", "expected e.g. 3k, 15k, 1d, 2d", "rank.syntax")
        rating = f.integer("rating", -1000, 4000) if f.has("rating") else None
        club = f.text("club", "", max_len=80) or ""
        country = f.text("country", "", max_len=10) or ""
        pin = f.text("egd_pin", "", max_len=20) or ""
        correction = f.integer("smms_correction", -1, 2) if f.has("smms_correction") else 0
        # a quoted name keeps its outer blanks: OpenGotha writes them in the h9 file
        surname = f.text("surname", outer_blanks=True) if f.has("surname") else None
        first = f.text("first_name", "", outer_blanks=True) if f.has("first_name") else None
        if ident is None or not refs.check(ident, f.pos("id")):
            if ident is not None:
                rejected.add(ident)
            continue
        if seen_before(seen, ident, f.pos("id"), diags,
                       f"player '{ident}' is listed twice in this tournament",
                       "tournament.player-twice"):
            continue
        site = refs.players[ident]
        if rank is None and not f.has("rank"):
            rank = site.rank
            if rank is None:
                diags.error(f.pos("id"), f"player '{ident}' has no rank here nor in the players file",
                            "tournament.rank", "add 'rank: ...' (e.g. 3k) to the tournament player")
        if surname is None and first is None:
            words = site.name.split()
            surname, first = words[-1], " ".join(words[:-1])
        if rank is None or surname is None:
            rejected.add(ident)
            continue
        players.append(TournamentPlayer(
            id=ident, surname=surname, first_name=first or "", rank=rank, rating=rating,
            club=club, country=country, smms_correction=correction or 0, egd_pin=pin,
            pos=f.pos("id")))
        if escaped := h9_escapes(surname, first or "", club, country):
            diags.warning(f.pos("id"), f"player '{ident}': the h9 results file cannot hold the "
                          f"{' and '.join(escaped)} as OpenGotha writes them; written with ? or _ "
                          "so that the file keeps its columns", "h9.escape",
                          "a ';', a tab or a line break (or a space in a club or country) would "
                          "shift the columns; see docs/placement.md, \"h9 files\"")
    return players, rejected


@dataclasses.dataclass(frozen=True)
class _Round:
    """One round as read from its node: its number (None: unusable, reported) and where it is
    written, its games, byes and absences, and the player ids it named (``clean``: each was a
    player of the tournament and free in the round, and reading it reported nothing)."""

    number: int | None
    pos: SourcePos
    games: tuple[TournamentGame, ...]
    byes: tuple[Bye, ...]
    absences: tuple[Absence, ...]
    named: frozenset[str]
    clean: bool


class _RoundsAgain:
    """The rounds of one tournament that its last validation in this process read without a
    problem and without a game record (``Remembered.rounds``, the dev server's: a new object is
    a new process), by their node's id, for a file whose tree is kept (large or edited). An edit re-parses only the round it touched
    (sitegen.load.parse_yaml_again keeps the other rounds' nodes), and a round whose node is
    the same object is taken again when its number is still within the tournament's rounds and
    not taken by a round before it, and each player it names is still a player of the
    tournament: reading it again would find the same games and nothing to report. Validating
    every round of a full-size tournament took 0.24-0.43 s of each change's way to its page
    (issue 31); the league keeps its groups so (sitegen.validate.league)."""

    def __init__(self, refs: PlayerRefs, shown: str) -> None:
        remembered = self.remembered = refs.remembered
        self.shown = shown
        # only a file whose tree is kept (large or edited: sitegen.load.LastReads) has nodes
        # that the next parse can give again; memory stays bounded to those files
        self.usable = remembered is not None and refs.complete and shown in remembered.yaml.parses
        self.last = remembered.rounds.get(shown, {}) if remembered is not None else {}
        self.made: dict[int, tuple[YNode, _Round]] = {}

    def kept(self, node: YMap, players: dict[str, TournamentPlayer], rounds: int,
             seen_rounds: dict[int, SourcePos]) -> _Round | None:
        """Return the round read last time from ``node`` (its number marked in
        ``seen_rounds``); None when it must be read again."""
        found = self.last.get(id(node))
        if found is None or found[0] is not node or not self.usable:
            return None
        read = found[1]
        number = read.number
        if number is None or number > rounds or number in seen_rounds:
            return None
        if not all(ident in players for ident in read.named):  # each looked up, as reading does
            return None
        seen_rounds[number] = read.pos
        self.made[id(node)] = found
        return read

    def read(self, node: YMap, read: _Round) -> None:
        """Remember ``read`` (unless it is not clean, or one of its games has a record)."""
        if self.usable and read.clean and all(game.record is None for game in read.games):
            self.made[id(node)] = (node, read)

    def done(self) -> None:
        """The tournament is read: remember its rounds (only those of this reading)."""
        if self.remembered is not None:
            if self.usable:
                self.remembered.rounds[self.shown] = self.made
            else:
                self.remembered.rounds.pop(self.shown, None)


def _rounds(fields: Fields, players: dict[str, TournamentPlayer], rejected: set[str],
            rounds: int, refs: PlayerRefs, diags: Diagnostics
            ) -> tuple[list[TournamentGame], list[Bye], list[Absence], int]:
    """Return the games, byes and absences of the rounds listed, and the highest round listed
    (0 for none): a round listed, even empty, is a round of the tournament so far
    (docs/placement.md, "Rounds without games"). Rounds read without a problem are remembered
    (:class:`_RoundsAgain`)."""
    games: list[TournamentGame] = []
    byes: list[Bye] = []
    absences: list[Absence] = []
    seen_rounds: dict[int, SourcePos] = {}
    again = _RoundsAgain(refs, fields.node.pos.path)
    for item in fields.list("rounds", "'rounds' (a list of rounds)"):
        node = expect_map(item, diags, "a round", item.pos)
        if node is None:
            continue
        read = again.kept(node, players, rounds, seen_rounds)
        if read is None:
            problems = len(diags.items)
            read = _round(node, players, rejected, rounds, refs, diags, seen_rounds)
            again.read(node, dataclasses.replace(read, clean=read.clean and len(diags.items) == problems))
        games += read.games
        byes += read.byes
        absences += read.absences
    again.done()
    return games, byes, absences, max(seen_rounds, default=0)


def _round(node: YMap, players: dict[str, TournamentPlayer], rejected: set[str], rounds: int,
           refs: PlayerRefs, diags: Diagnostics, seen_rounds: dict[int, SourcePos]) -> _Round:
    """Read one round (its number marked in ``seen_rounds``): every player it names must be a
    player of the tournament, once in the round (paired, given a bye or declared absent)."""
    f = Fields(node, diags, "a round", required=("round",), optional=("games", "byes", "absent"))
    number = f.integer("round", 1, rounds)
    if number is not None and seen_before(seen_rounds, number, f.pos("round"), diags,
                                          f"round {number} appears twice", "round.duplicate"):
        number = None
    busy: dict[str, tuple[str, SourcePos, int | None]] = {}
    named: set[str] = set()
    refused: list[str] = []

    def take(ident: str, pos: SourcePos, what: str, table: int | None = None) -> bool:
        named.add(ident)
        taken = _take(ident, pos, what, table)
        if not taken:
            refused.append(ident)
        return taken

    def _take(ident: str, pos: SourcePos, what: str, table: int | None) -> bool:
        if ident not in players:
            if ident in rejected:
                pass
            elif ident in refs.players:
                diags.error(pos, f"player '{ident}' is not a player of this tournament",
                            "tournament.player", did_you_mean(ident, players)
                            or "add the player to the tournament's 'players'")
            else:
                refs.check(ident, pos)
            return False
        if ident in busy:
            before, before_pos, before_table = busy[ident]
            label = f"round {number}" if number is not None else "this round"
            if before == what == "paired" and None not in (table, before_table):
                diags.warning(pos, _twice(ident, label, before_pos), "round.paired-twice")
                busy[ident] = (what, pos, table)
                return True
            if before == what == "paired":
                diags.error(pos, f"player '{ident}' is paired twice in {label} (first at line "
                            f"{before_pos.line})", "round.paired-twice")
            else:
                diags.error(pos, f"player '{ident}' is both {before} and {what} in {label} "
                            f"(line {before_pos.line})", "round.paired-twice")
            return False
        busy[ident] = (what, pos, table)
        return True

    games = _round_games(f, number, take, refs.records, diags)
    byes = [Bye(number, ident, pos) for ident, pos in f.ident_list("byes")
            if take(ident, pos, "given a bye") and number is not None]
    absences = [Absence(number, ident, pos) for ident, pos in f.ident_list("absent")
                if take(ident, pos, "declared absent") and number is not None]
    return _Round(number, f.pos("round"), tuple(games), tuple(byes), tuple(absences),
                  frozenset(named), not refused and number is not None)


def _twice(ident: str, label: str, before: SourcePos) -> str:
    """Return the warning for a player who plays twice in a round, both games at a table."""
    return (f"player '{ident}' plays twice in {label} (first at line {before.line}); counted as "
            "OpenGotha counts it: the points of every game for NBW, MMS and CPS, the game listed "
            "last for SOS and the results file")


def _round_games(f: Fields, number: int | None,
                 take: Callable[[str, SourcePos, str, int | None], bool],
                 records: RecordReader, diags: Diagnostics) -> list[TournamentGame]:
    """Return the games of one round (``number`` None: a bad round number, already reported),
    each player taken by ``take`` (which reports a player paired twice or not in the
    tournament); two games at one ``table:`` are an error."""
    games = []
    tables: dict[int, SourcePos] = {}
    for game_item in f.list("games", "'games' (a list of games)"):
        game_node = expect_map(game_item, diags, "a game", game_item.pos)
        if game_node is None:
            continue
        parsed = _game(game_node, number or 0, records, diags)
        if parsed is None:
            continue
        game, (white, white_pos), (black, black_pos) = parsed
        table = game.table if game is not None else None
        if table is not None and seen_before(
                tables, table, game_node.entries["table"].pos, diags,
                f"table {table} has two games in round {number}", "round.table"):
            continue
        ok_white = take(white, white_pos, "paired", table)
        ok_black = take(black, black_pos, "paired", table)
        if game is not None and ok_white and ok_black and number is not None:
            games.append(game)
    return games


_SPECIAL = {"both-win": GameResult.BOTH_WIN, "bothwin": GameResult.BOTH_WIN,
            "both-lose": GameResult.BOTH_LOSE, "bothlose": GameResult.BOTH_LOSE}


def parse_tournament_result(text: str) -> tuple[GameResult, bool, str | None]:
    """Parse a tournament result: return (result, forfeit, winning colour ``B``/``W`` or None).

    Accepts the league notation (``B+R``, ``W+3.5``, ``B+F`` forfeit, ``0``/``jigo``, ``?``)
    plus ``both-win`` and ``both-lose`` (OpenGotha). Raises ValueError for anything else,
    ``Void`` and ``unplayed`` included (a tournament game is either in a round or not).
    """
    word = text.strip().lower()
    if word in _SPECIAL:
        return _SPECIAL[word], False, None
    result = Result.parse(text)
    if result.outcome is Outcome.JIGO:
        return GameResult.JIGO, False, None
    if result.outcome is Outcome.UNKNOWN:
        return GameResult.UNKNOWN, False, None
    if result.outcome in (Outcome.VOID, Outcome.UNPLAYED):
        raise ValueError(f"'{text}' is not a tournament result; leave the game out of the round")
    assert result.winner is not None, "a win or forfeit names its winner"
    colour = result.winner.value
    game_result = GameResult.BLACK_WINS if colour == "B" else GameResult.WHITE_WINS
    return game_result, result.outcome is Outcome.FORFEIT, colour


def _game(node: YMap, number: int, records: RecordReader,
          diags: Diagnostics) -> tuple[TournamentGame | None, tuple[str, SourcePos],
                                       tuple[str, SourcePos]] | None:
    """Validate one game: ``{white, black, handicap, result}`` or ``{players: [a, b], winner}``.

    Return the game (None when only its players are usable) and its two player ids with their
    positions; None when the players themselves are unusable. Errors are recorded.
    """
    f = Fields(node, diags, "a game", optional=GAME_KEYS)
    known = f.has("white") or f.has("black")
    if known and f.has("players"):
        diags.error(f.pos("players"), "a game gives either 'white' and 'black' or 'players', not both",
                    "game.players")
        return None
    if known:
        white, black = f.ident("white"), f.ident("black")
        if white is None or black is None:
            if f.has("white") != f.has("black"):
                diags.error(node.pos, "a game needs both 'white' and 'black'", "game.players")
            return None
        white_pos, black_pos = f.pos("white"), f.pos("black")
    else:
        pair = f.ident_list("players")
        if len(pair) != 2:
            if f.has("players") or not pair:
                diags.error(f.pos("players") if f.has("players") else node.pos,
                            "a game needs two players: 'white' and 'black', or 'players: [a, b]'",
                            "game.players")
            return None
        (white, white_pos), (black, black_pos) = pair
    if white == black:
        diags.error(node.pos, f"player '{white}' cannot play against themselves", "game.players")
        return None
    ids = (white, white_pos), (black, black_pos)
    game = _game_result(f, node, number, white, black, known, diags)
    if game is not None:
        record = records.read(f, diags)
        if record is not None:
            game = dataclasses.replace(game, record=record)
    return game, ids[0], ids[1]


def _game_result(f: Fields, node: YMap, number: int, white: str, black: str, known: bool,
                 diags: Diagnostics) -> TournamentGame | None:
    handicap = f.integer("handicap", 0, MAX_HANDICAP) if f.has("handicap") else 0
    table = f.integer("table", 1, MAX_TABLES) if f.has("table") else None
    forfeit_flag = f.boolean("forfeit", False) if f.has("forfeit") else False
    parsed = f.convert("result", parse_tournament_result, "a result", RESULT_HINT, "result.syntax")
    if f.has("result") and parsed is None:
        return None
    winner = f.scalar("winner")
    if parsed is not None and winner is not None:
        diags.error(f.pos("winner"), "give either 'result' or 'winner', not both", "game.winner")
        return None
    if parsed is not None:
        result, forfeit, colour = parsed
        if colour is not None and not known:
            written = f.scalar("result")
            diags.error(f.pos("result"), f"result '{written.text if written else result}' names a colour but "
                        "the colours of this game are not given", "result.colour",
                        "use 'white:' and 'black:', or 'winner: <player id>'")
            return None
    elif winner is not None:
        if winner.text not in (white, black):
            diags.error(winner.pos, f"winner '{winner.text}' is not one of the two players",
                        "game.winner", did_you_mean(winner.text, [white, black]))
            return None
        result = GameResult.WHITE_WINS if winner.text == white else GameResult.BLACK_WINS
        forfeit = False
    else:
        diags.error(node.pos, "a game needs a 'result' (or a 'winner')", "game.result",
                    "write '?' when the result is not known yet")
        return None
    if handicap is None:
        return None
    return TournamentGame(number, white, black, result, handicap, known, forfeit or forfeit_flag,
                          node.pos, table=table)
