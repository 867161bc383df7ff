"""Validate Swiss leagues: ``content/swiss/<league-id>/league.yaml`` and one
``content/swiss/<league-id>/<tournament-id>.yaml`` per tournament -> :mod:`sitegen.engine.swiss`.

Checks (docs/content-format.md, "Swiss leagues"; rules "swiss: tournaments", "swiss: the
league", "swiss: pairings"): keys (with did-you-mean), ids, that every player exists and is
entered in the tournament, match results in the best-of-three notation (``2-0``, ``2-1``,
``1-0``, ``1-1``, ``0-1``, ... and the forfeits ``+-``, ``-+``, ``--``), rounds numbered in
order, and the hard pairing constraints for rounds entered by hand: nobody paired twice in a
round, no rematch within the tournament (a forfeit is not a game played), at most one bye per
player, nobody paired outside their entry rounds or after being dropped. Every problem is
recorded with its position; nothing raises.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..diagnostics import Diagnostics, SourcePos, did_you_mean
from ..load import YMap, YNode, YScalar, YSeq
from ..model.swiss import (DecidingMatch, Entry, Match, MatchResult, Round, SwissLeague,
                           SwissSettings, SwissTournament)
from ..numbers import QUARTER, parse_decimal
from .fields import (Fields, check_ident, expect_list, expect_map, kind_of, load_map, not_rules_page,
                     seen_before)
from .league import PlayerRefs
from ..urls import SWISS_RULES
from .records import RecordReader

LEAGUE_KEYS = ("name", "description", "settings", "deciding_matches")
SETTINGS_KEYS = ("bye_value", "rounds", "tournaments", "counted")
TOURNAMENT_KEYS = ("name", "date", "entries", "rounds")
ENTRY_KEYS = ("player", "first_round", "last_round")
ROUND_KEYS = ("round", "seed", "pairings", "bye", "dropped")
DECIDING_KEYS = ("players", "result")
MATCH_SHAPE = "[first, second] or [first, second, result], optionally followed by {link: ..., sgf: ...}"
RESULT_HINT = "expected 2-0, 2-1, 1-0, 1-1, 0-1, 1-2, 0-2, or a forfeit +-, -+ or --"
MAX_ROUNDS = 20
MAX_SEED = 2 ** 63 - 1


def load_swiss_league(folder: Path, shown: str, refs: PlayerRefs, diags: Diagnostics
                      ) -> SwissLeague | None:
    """Load one Swiss league folder: ``league.yaml`` and its tournaments in (date, id) order.

    Returns None when the league or any of its files has an error (all of them recorded).
    """
    errors_before = _errors(diags)
    league_id = not_rules_page(check_ident(folder.name, SourcePos(shown), diags, "Swiss league folder name"),
                               SWISS_RULES, SourcePos(shown), diags)
    meta_shown = f"{shown}/league.yaml"
    meta_path = folder / "league.yaml"
    name, description, settings = folder.name, "", SwissSettings()
    deciding_node: YMap | None = None
    if not meta_path.exists():
        diags.error(SourcePos(meta_shown), "Swiss league folder has no league.yaml", "swiss.missing",
                    "create it with at least 'name: ...'")
    else:
        node = load_map(meta_path, meta_shown, diags, "a Swiss league", refs.remembered)
        if node is not None:
            fields = Fields(node, diags, "a Swiss league", required=("name",), optional=LEAGUE_KEYS)
            name = fields.text("name", folder.name) or folder.name
            description = fields.long_text("description")
            if fields.has("settings"):
                settings_node = expect_map(fields.raw("settings"), diags, "Swiss league settings",
                                           fields.pos("settings"))
                if settings_node is not None:
                    settings = _settings(settings_node, diags)
            deciding_node = node
    tournaments: list[SwissTournament] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "league.yaml":
            continue
        tournament = load_swiss_tournament(path, f"{shown}/{path.name}", settings, refs, diags)
        if tournament is not None:
            tournaments.append(tournament)
    tournaments.sort(key=lambda t: (t.date or dt.date.min, t.id))
    if len(tournaments) > settings.tournaments:
        diags.error(tournaments[settings.tournaments].pos,
                    f"the league has {len(tournaments)} tournaments; its settings allow "
                    f"{settings.tournaments}", "swiss.tournaments",
                    "raise 'tournaments' in the league's settings or remove a file")
    deciding: tuple[DecidingMatch, ...] = ()
    if deciding_node is not None and "deciding_matches" in deciding_node.entries:
        players = {p for t in tournaments for r in t.rounds for p in r.players()}
        deciding = _deciding_matches(deciding_node, players, refs, diags)
    if league_id is None or _errors(diags) > errors_before:
        return None
    return SwissLeague(league_id, name, tuple(tournaments), deciding, settings,
                           SourcePos(meta_shown), description, shown)


def _errors(diags: Diagnostics) -> int:
    return sum(1 for d in diags.items if d.level == "error")


def _settings(node: YMap, diags: Diagnostics) -> SwissSettings:
    fields = Fields(node, diags, "Swiss league settings", optional=SETTINGS_KEYS)
    defaults = SwissSettings()
    bye = (fields.convert("bye_value", _parse_bye, "a number of points such as 1 or 0.5")
           if fields.has("bye_value") else None)
    settings = SwissSettings(bye_value=defaults.bye_value if bye is None else bye,
                             rounds=_count(fields, "rounds", MAX_ROUNDS, defaults.rounds),
                             tournaments=_count(fields, "tournaments", 100, defaults.tournaments),
                             counted=_count(fields, "counted", 100, defaults.counted))
    if settings.counted > settings.tournaments:
        diags.error(fields.pos("counted"), f"counted ({settings.counted}) is more than the "
                    f"number of tournaments ({settings.tournaments})", "swiss.settings")
    return settings


def _count(fields: Fields, key: str, high: int, default: int) -> int:
    """Return the whole number 1..``high`` of setting ``key``, or ``default`` when it is absent
    or unusable (reported)."""
    number = fields.integer(key, 1, high) if fields.has(key) else None
    return default if number is None else number


def _parse_bye(text: str) -> Fraction:
    """Return a bye value: 0 to 1 point in quarters (``1``, ``0.5``, ``1/2``, ``½``)."""
    return parse_decimal(text, 0, 1, step=QUARTER, ratio=True, what="a bye value")


# --------------------------------------------------------------------------- a tournament


def load_swiss_tournament(path: Path, shown: str, settings: SwissSettings, refs: PlayerRefs,
                          diags: Diagnostics) -> SwissTournament | None:
    """Load one tournament file; None when it has any error (all of them recorded)."""
    node = load_map(path, shown, diags, "a Swiss tournament", refs.remembered)
    if node is None:
        return None
    tournament_id = check_ident(path.stem, SourcePos(shown), diags, "tournament file name")
    if tournament_id is None:
        return None
    return swiss_tournament_from_node(node, tournament_id, shown, settings, refs, diags)


def swiss_tournament_from_node(node: YMap, tournament_id: str, shown: str,
                               settings: SwissSettings, refs: PlayerRefs,
                               diags: Diagnostics) -> SwissTournament | None:
    """Return the tournament a YAML mapping describes; None when it has any error (recorded)."""
    errors_before = _errors(diags)
    fields = Fields(node, diags, "a Swiss tournament", required=("name", "entries"),
                    optional=TOURNAMENT_KEYS)
    name = fields.text("name", tournament_id) or tournament_id
    date = fields.date("date")
    entries = _entries(fields, settings, refs, diags)
    rounds = _rounds(fields, {e.player: e for e in entries}, settings, refs, diags)
    if _errors(diags) > errors_before:
        return None
    return SwissTournament(tournament_id, name, tuple(entries), tuple(rounds), settings,
                               node.pos, date, shown)


def _entries(fields: Fields, settings: SwissSettings, refs: PlayerRefs,
             diags: Diagnostics) -> list[Entry]:
    entries: list[Entry] = []
    seen: dict[str, SourcePos] = {}
    for item in fields.list("entries", "'entries' (a list of player ids or {player, first_round, "
                                       "last_round})"):
        first, last = 1, None
        if isinstance(item, YScalar):
            ident = check_ident(item.text, item.pos, diags, "entry")
            pos = item.pos
        else:
            entry = expect_map(item, diags, "an entry (a player id or {player, first_round, "
                               "last_round})", item.pos)
            if entry is None:
                continue
            inner = Fields(entry, diags, "an entry", required=("player",), optional=ENTRY_KEYS)
            ident = inner.ident("player")
            pos = inner.pos("player")
            if inner.has("first_round"):
                first = inner.integer("first_round", 1, settings.rounds) or 1
            if inner.has("last_round"):
                last = inner.integer("last_round", 1, settings.rounds)
            if last is not None and last < first:
                diags.error(inner.pos("last_round"), f"last_round ({last}) is before first_round "
                            f"({first})", "swiss.entry")
                continue
        if ident is None or not refs.check(ident, pos):
            continue
        if seen_before(seen, ident, pos, diags, f"'{ident}' is entered twice", "swiss.entry",
                       "list each player once"):
            continue
        entries.append(Entry(ident, first, last, pos))
    return entries


@dataclass
class _Earlier:
    """What the earlier rounds of a tournament settle for the later ones (swiss: pairings)."""

    met: dict[frozenset[str], tuple[int, SourcePos]] = field(default_factory=dict)
    """Pairs that played each other (a forfeit is not a game played), with the round and
    position of their match."""
    byes: dict[str, tuple[int, SourcePos]] = field(default_factory=dict)
    """Players who had a bye, with the round and position."""
    dropped_in: dict[str, int] = field(default_factory=dict)
    """Players dropped as no-shows, with the round."""


def _rounds(fields: Fields, entries: dict[str, Entry], settings: SwissSettings,
            refs: PlayerRefs, diags: Diagnostics) -> list[Round]:
    """Return the tournament's rounds, numbered 1, 2, 3, ... in order; a round with a wrong
    number is reported and left out, as are the pairings, bye and drops it cannot hold."""
    rounds: list[Round] = []
    earlier = _Earlier()
    expected = 1
    for item in fields.list("rounds", "'rounds' (a list of rounds)"):
        node = expect_map(item, diags, "a round", item.pos)
        if node is None:
            continue
        inner = Fields(node, diags, "a round", required=("round",), optional=ROUND_KEYS)
        number = inner.integer("round", 1, settings.rounds)
        if number is None:
            continue
        if number != expected:
            diags.error(inner.pos("round"), f"round {number} follows round {expected - 1}; rounds "
                        f"are numbered 1, 2, 3, ... in order" if expected > 1 else
                        f"the first round is numbered {number}; rounds are numbered 1, 2, 3, ... "
                        "in order", "swiss.round-number")
            continue
        expected += 1
        rounds.append(_round(inner, number, entries, earlier, refs, diags))
    return rounds


def _round(inner: Fields, number: int, entries: dict[str, Entry], earlier: _Earlier,
           refs: PlayerRefs, diags: Diagnostics) -> Round:
    """Return round ``number``: its seed, matches, bye and drops; record what it settles in
    ``earlier`` (pairs met, the bye, drops)."""
    seats = _Seats(number, entries, earlier, refs, diags)
    seed = inner.integer("seed", 0, 999_999_999) if inner.has("seed") else None
    matches = _matches(inner, seats, earlier, diags)
    bye = _bye(inner, seats, earlier, diags)
    dropped = _dropped(inner, number, seats, matches, refs, diags)
    for match in matches:  # forfeits are not games played: the two may still meet
        if match.result is None or not match.result.is_forfeit:
            earlier.met[frozenset(match.players)] = (number, match.pos)
    for ident in dropped:
        earlier.dropped_in[ident] = number
    return Round(number, tuple(matches), bye, seed, tuple(dropped), inner.node.pos)


class _Seats:
    """Who is paired or has the bye in one round, each player checked as they are seated."""

    def __init__(self, number: int, entries: dict[str, Entry], earlier: _Earlier,
                 refs: PlayerRefs, diags: Diagnostics):
        self.number = number
        self.entries = entries
        self.earlier = earlier
        self.refs = refs
        self.diags = diags
        self.where: dict[str, SourcePos] = {}
        """Where each player is seated in the round."""

    def take(self, ident: str, pos: SourcePos) -> bool:
        """Seat ``ident``, found at ``pos``; report and return False unless the player is
        entered, not seated yet in this round, within their entry's rounds and not dropped
        (swiss: tournaments)."""
        number, diags = self.number, self.diags
        if not self.refs.check(ident, pos):
            return False
        entry = self.entries.get(ident)
        if entry is None:
            diags.error(pos, f"'{ident}' is not entered in this tournament", "swiss.entry",
                        did_you_mean(ident, self.entries) or "add the player to 'entries'")
            return False
        if seen_before(self.where, ident, pos, diags,
                       f"'{ident}' is paired twice in round {number}", "swiss.twice"):
            return False
        if number < entry.first_round:
            diags.error(pos, f"'{ident}' plays in round {number} but enters in round "
                        f"{entry.first_round}", "swiss.presence",
                        "change the entry's first_round, or pair the round again")
            return False
        if entry.last_round is not None and number > entry.last_round:
            diags.error(pos, f"'{ident}' plays in round {number} but left after round "
                        f"{entry.last_round}", "swiss.presence",
                        "change the entry's last_round, or pair the round again")
            return False
        if ident in self.earlier.dropped_in:
            diags.error(pos, f"'{ident}' plays in round {number} but was dropped in round "
                        f"{self.earlier.dropped_in[ident]}", "swiss.presence",
                        "a dropped player is not paired again in this tournament")
            return False
        return True


def _matches(inner: Fields, seats: _Seats, earlier: _Earlier, diags: Diagnostics) -> list[Match]:
    """Return the round's matches whose two players may be seated and have not met before
    in the tournament (no rematches, swiss: pairings)."""
    matches = []
    for pairing in inner.list("pairings", f"'pairings' (a list of matches {MATCH_SHAPE})"):
        match = _match(pairing, seats.refs.records, diags)
        if match is None:
            continue
        first_ok = seats.take(match.first, match.pos)
        second_ok = seats.take(match.second, _second_pos(pairing))
        if not (first_ok and second_ok):
            continue
        key = frozenset(match.players)
        if key in earlier.met:
            before, pos = earlier.met[key]
            diags.error(match.pos, f"'{match.first}' and '{match.second}' already played "
                        f"each other in round {before} (line {pos.line})", "swiss.rematch",
                        "no rematches within a tournament; run 'sitegen pair' to pair the round")
            continue
        matches.append(match)
    return matches


def _bye(inner: Fields, seats: _Seats, earlier: _Earlier, diags: Diagnostics) -> str | None:
    """Return the round's bye when the player may be seated and had no bye before in the
    tournament (at most one bye per player, swiss: pairings); else None."""
    if not inner.has("bye"):
        return None
    bye = inner.ident("bye")
    if bye is None or not seats.take(bye, inner.pos("bye")):
        return None
    if bye in earlier.byes:
        before, _ = earlier.byes[bye]
        diags.error(inner.pos("bye"), f"'{bye}' already had a bye in round {before}; "
                    "at most one bye per player in a tournament", "swiss.bye",
                    "run 'sitegen pair' to pair the round")
        return None
    earlier.byes[bye] = (seats.number, inner.pos("bye"))
    return bye


def _dropped(inner: Fields, number: int, seats: _Seats, matches: list[Match], refs: PlayerRefs,
             diags: Diagnostics) -> list[str]:
    """Return the players dropped in round ``number``: each must be seated in it and have
    lost it by forfeit, not played it (swiss: tournaments, no-shows)."""
    dropped = []
    for ident, pos in inner.ident_list("dropped"):
        if not refs.check(ident, pos):
            continue
        if ident not in seats.where:
            diags.error(pos, f"'{ident}' is dropped in round {number} but is not paired in it",
                        "swiss.dropped", did_you_mean(ident, seats.where)
                        or "a no-show is dropped in the round they were paired and missed")
            continue
        match = next((m for m in matches if ident in m.players), None)
        if match is not None and match.result is not None and (
                not match.result.is_forfeit
                or match.result.present[0 if match.first == ident else 1]):
            diags.error(pos, f"'{ident}' is dropped in round {number} but played in it "
                        f"(result {match.result})", "swiss.dropped",
                        "a dropped player lost the round by forfeit: write +- or -+")
            continue
        dropped.append(ident)
    return dropped


def _second_pos(node: YNode) -> SourcePos:
    if isinstance(node, YSeq) and len(node.items) > 1:
        return node.items[1].pos
    return node.pos


def _match(node: YNode, records: RecordReader, diags: Diagnostics) -> Match | None:
    """Read ``[first, second]`` or ``[first, second, result]``, optionally followed by the
    match's record ``{link: ..., sgf: ...}`` (the result then given, or ``~``)."""
    record = None
    if isinstance(node, YSeq) and len(node.items) == 4 and isinstance(node.items[3], YMap):
        record = records.read_map(node.items[3], diags)
        node = YSeq(node.items[:3], node.pos)
    items = [i for i in node.items if isinstance(i, YScalar)] if isinstance(node, YSeq) else []
    if not isinstance(node, YSeq) or len(node.items) not in (2, 3) or len(items) < len(node.items):
        found = kind_of(node) if not isinstance(node, YSeq) else f"a list of {len(node.items)} items"
        diags.error(node.pos, f"a match is {MATCH_SHAPE}, found {found}", "schema.type",
                    "e.g. [ann, bob, 2-1]; leave the result out until the match is played")
        return None
    first = check_ident(items[0].text, items[0].pos, diags, "player")
    second = check_ident(items[1].text, items[1].pos, diags, "player")
    result = None
    if len(items) == 3 and not items[2].is_null:
        text = items[2].text
        try:
            result = MatchResult.parse(text)
        except ValueError as exc:
            diags.error(items[2].pos, f"result: {exc}", "swiss.result", RESULT_HINT)
            return None
    if first is None or second is None:
        return None
    if first == second:
        diags.error(items[1].pos, f"'{first}' is paired with themself", "swiss.twice")
        return None
    return Match(first, second, result, items[0].pos, record)


def _deciding_matches(node: YMap, players: set[str], refs: PlayerRefs,
                      diags: Diagnostics) -> tuple[DecidingMatch, ...]:
    out = []
    raw = node.get("deciding_matches")
    for item in expect_list(raw, diags, "'deciding_matches' (a list of {players, result})",
                            node.key_pos.get("deciding_matches", node.pos)):
        entry = expect_map(item, diags, "a deciding match ({players: [a, b], result: 2-1})", item.pos)
        if entry is None:
            continue
        inner = Fields(entry, diags, "a deciding match", required=DECIDING_KEYS)
        ids = inner.ident_list("players")
        result = inner.convert("result", MatchResult.parse, "a match result", RESULT_HINT,
                               "swiss.result")
        if len(ids) != 2:
            if inner.has("players"):
                diags.error(inner.pos("players"), "a deciding match is between two players",
                            "swiss.deciding")
            continue
        ok = True
        for ident, pos in ids:
            if not refs.check(ident, pos):
                ok = False
            elif ident not in players:
                diags.error(pos, f"'{ident}' has not played in this league", "swiss.deciding",
                            did_you_mean(ident, players))
                ok = False
        if ids[0][0] == ids[1][0]:
            diags.error(ids[1][1], f"'{ids[0][0]}' is paired with themself", "swiss.deciding")
            ok = False
        if ok and result is not None:
            out.append(DecidingMatch(ids[0][0], ids[1][0], result, entry.pos))
    return tuple(out)


__all__ = ["load_swiss_league", "load_swiss_tournament",
           "swiss_tournament_from_node",
           "SwissLeague", "SwissTournament"]
