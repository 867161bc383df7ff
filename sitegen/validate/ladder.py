"""Validate club ladder files: ``content/ladders/<id>.yaml`` -> :class:`ClubLadder`.

One file per ladder (content format v1, docs/content-format.md, "Ladders")::

    name: Club ladder
    description: Tuesday evenings.           # optional, Markdown
    rungs: 25k 20k 15k 10k 5k 1k 1d 2d       # optional, weakest first; default: the text's list
    handicap: {cap: 14, max_stones: 9, stone_komi: 10, even_komi: 6}   # optional
    members:
      - {player: ann, rung: 13.5k}
      - {player: bob, rung: 1.3d, anchor: true}
    log:
      - {date: 2025-01-07, white: bob, black: ann, result: B+}
      - {date: 2025-01-14, white: bob, black: ann, winner: bob}
      - {date: 2025-01-21, white: bob, black: ann, result: jigo}
      - {date: 2025-02-01, member: ann, rung: 12k}

Syntax, keys, player ids and rung forms are checked here with the position of each value;
the ladder rules (ladder: club ladder, ladder: handicap) are checked by
:func:`sitegen.engine.ladder.ladder_rule_problems`, whose diagnostics are moved from the event to
the value they are about (the date, the ``white`` id, the rung).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from functools import partial
from typing import Callable, Literal

from ..diagnostics import Diagnostic, Diagnostics, SourcePos, did_you_mean
from ..engine.ladder import PlayedGame, Replay, in_log_order, move_after_game, replay
from ..load import YMap, YNode, YScalar, YSeq
from ..model.common import Colour, Outcome, Result
from ..model.ladder import (DEFAULT_RUNGS, ClubLadder, HandicapRules, Ladder, LadderEvent,
                            LadderGame, Member, Regrading, Rung, RungList, closest_rung_hint,
                            rung_list_problems)
from ..remembered import Remembered, replayed
from .fields import Fields, check_ident, expect_map, kind_of, load_map, not_rules_page
from .league import PlayerRefs
from ..urls import LADDER_RULES
from .records import RECORD_KEYS, RecordReader

_RECORD_KEY_SET = frozenset(RECORD_KEYS)
LADDER_KEYS = ("name", "description", "rungs", "handicap", "members", "log")
MEMBER_KEYS = ("player", "rung", "anchor")
GAME_KEYS = ("date", "white", "black", "result", "winner", *RECORD_KEYS)
REGRADING_KEYS = ("date", "member", "rung")
HANDICAP_KEYS = ("cap", "max_stones", "stone_komi", "even_komi")

LADDER_RESULT_HINT = ("expected W+ or B+ (a win, a margin may follow: W+R, B+3.5) "
                      "or jigo (a draw)")


class _Places:
    """Where each value of the log and member list is, to place the engine's diagnostics."""

    def __init__(self) -> None:
        self.member_rung: dict[SourcePos, SourcePos] = {}
        self.event_fields: dict[SourcePos, Fields] = {}


def load_ladder(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> ClubLadder | None:
    """Load one ladder file; return None when it cannot give a ladder (all problems reported).

    Rules checked: ladder: club ladder (members, rungs on the list, the log's date order,
    games between two members, re-gradings) and ladder: handicap (the stronger takes White).
    """
    node = load_map(path, shown, diags, "a ladder", refs.remembered)
    if node is None:
        return None
    ladder_id = not_rules_page(check_ident(path.stem, SourcePos(shown), diags, "ladder file name"),
                               LADDER_RULES, SourcePos(shown), diags)
    fields = Fields(node, diags, "a ladder", required=("name", "members"), optional=LADDER_KEYS)
    name = fields.text("name", path.stem) or path.stem
    description = fields.long_text("description")
    rungs = _rung_list(fields, diags)
    rules = _handicap_rules(fields, diags)
    places = _Places()

    members: list[Member] = []
    rejected: set[str] = set()
    member_items = fields.list("members", "'members' (a list of members)")
    if fields.has("members") and not member_items:
        diags.error(fields.pos("members"), "a ladder needs at least one member", "ladder.member")
    for item in member_items:
        entry = expect_map(item, diags, "a ladder member", item.pos)
        if entry is None:
            continue
        member = _member(entry, refs, diags, places, rejected, rungs)
        if member is not None:
            members.append(member)

    events = _log(fields.list("log", "'log' (a list of games and re-gradings)"), shown, diags,
                  places, rungs, refs.records, refs.remembered)

    if ladder_id is None or rungs is None or rules is None:
        return None
    ladder = Ladder(tuple(members), tuple(events), rungs, rules, node.pos)
    problems = [_place(d, places, rejected, refs)
                for d in ladder_rule_problems(ladder, partial(replayed, refs.remembered, ladder_id))]
    diags.extend(d for d in problems if d is not None)
    return ClubLadder(ladder_id, name, ladder, description, node.pos)


def _log(items: list[YNode], shown: str, diags: Diagnostics, places: _Places,
         rungs: RungList | None, records: RecordReader, remembered: Remembered | None) -> list[LadderEvent]:
    """Return the events of the log's ``items``; problems go to ``diags``.

    With ``remembered`` (the dev server's), the entries read from the file's last tree are
    read again (:attr:`sitegen.remembered.Remembered.read_events`): reading 20,000 entries
    takes 0.25 s, and a node of the next tree that is the same object
    (:func:`sitegen.load.parse_yaml_again` keeps the nodes an edit did not touch) gives its
    event again, with the same rung list. Only entries read without a problem and naming no
    game record (whose file is read) are kept."""
    earlier_rungs, earlier = (None, {}) if remembered is None else remembered.read_events.pop(shown, (None, {}))
    if earlier_rungs != rungs:
        earlier = {}
    kept: dict[int, tuple[YNode, LadderEvent, Fields]] = {}
    events: list[LadderEvent] = []
    for item in items:
        known = earlier.get(id(item))
        if known is not None and known[0] is item:
            places.event_fields[item.pos] = known[2]
            kept[id(item)] = known
            events.append(known[1])
            continue
        entry = expect_map(item, diags, "a log entry", item.pos)
        if entry is None:
            continue
        count = len(diags.items)
        event = _event(entry, diags, places, rungs, records)
        if event is None:
            continue
        if len(diags.items) == count and not entry.key_pos.keys() & _RECORD_KEY_SET:
            kept[id(item)] = (item, event, places.event_fields[item.pos])
        events.append(event)
    if remembered is not None:
        remembered.read_events[shown] = (rungs, kept)
    return events


def _rung_list(fields: Fields, diags: Diagnostics) -> RungList | None:
    """Return the ladder's rung list (default: the text's), or None after reporting problems."""
    raw = fields.raw("rungs")
    if raw is None or (isinstance(raw, YScalar) and raw.is_null):
        return DEFAULT_RUNGS
    if isinstance(raw, YScalar):
        entries = [e for e in raw.text.replace(",", " ").split() if e]
        positions = [raw.pos] * len(entries)
    elif isinstance(raw, YSeq):
        entries, positions = [], []
        for item in raw.items:
            if not isinstance(item, YScalar):
                diags.error(item.pos, f"a rung must be a single value, found {kind_of(item)}",
                            "ladder.rungs")
                return None
            entries.append(item.text)
            positions.append(item.pos)
    else:
        diags.error(raw.pos, "'rungs' must be a list of rungs, weakest first, found a mapping",
                    "ladder.rungs", "e.g. rungs: 25k 20k 15k 10k 5k 1k 1d 2d")
        return None
    problems = rung_list_problems(entries)
    for index, message in problems:
        pos = positions[index] if index < len(positions) else raw.pos
        diags.error(pos, f"rungs: {message}", "ladder.rungs")
    if problems:
        return None
    return RungList.parse(entries)


def _handicap_rules(fields: Fields, diags: Diagnostics) -> HandicapRules | None:
    """Return the handicap settings (default: the text's), or None after reporting problems."""
    raw = fields.raw("handicap")
    if raw is None:
        return HandicapRules()
    node = expect_map(raw, diags, "the handicap settings", raw.pos)
    if node is None:
        return None
    settings = Fields(node, diags, "the handicap settings", optional=HANDICAP_KEYS)
    defaults = HandicapRules()
    values = {}
    for key, low, high in (("cap", 0, 38), ("max_stones", 2, 38), ("stone_komi", 0, 100),
                           ("even_komi", 0, 100)):
        if settings.has(key):
            value = settings.integer(key, low, high)
            if value is None:
                return None
            values[key] = value
        else:
            values[key] = getattr(defaults, key)
    return HandicapRules(**values)


def _rung_value(fields: Fields, key: str, diags: Diagnostics, rungs: RungList | None) -> Rung | None:
    """Return the rung written under ``key`` (any valid rung; the list is checked later)."""
    value = fields.scalar(key)
    if value is None:
        return None
    try:
        return Rung.parse(value.text)
    except ValueError as error:
        choices = [str(r) for r in (rungs or DEFAULT_RUNGS)]
        diags.error(value.pos, f"{key}: {error}", "ladder.rung", did_you_mean(value.text.strip(), choices))
        return None


def _member(node: YMap, refs: PlayerRefs, diags: Diagnostics, places: _Places,
            rejected: set[str], rungs: RungList | None) -> Member | None:
    fields = Fields(node, diags, "a ladder member", required=("player", "rung"),
                    optional=MEMBER_KEYS)
    ident = fields.ident("player")
    rung = _rung_value(fields, "rung", diags, rungs)
    anchor = fields.boolean("anchor", False)
    if ident is None:
        return None
    if not refs.check(ident, fields.pos("player")) or rung is None:
        rejected.add(ident)
        return None
    pos = fields.pos("player")
    places.member_rung[pos] = fields.pos("rung")
    return Member(ident, rung, anchor, pos)


def _event(node: YMap, diags: Diagnostics, places: _Places,
           rungs: RungList | None, records: RecordReader) -> LadderEvent | None:
    keys = set(node.key_pos)
    if keys & {"white", "black", "result", "winner"}:
        fields = Fields(node, diags, "a ladder game", required=("date", "white", "black"),
                        optional=GAME_KEYS)
        date = fields.date("date")
        white, black = fields.ident("white"), fields.ident("black")
        winner = _winner(fields, white, black, diags)
        record = records.read(fields, diags)
        if date is None or white is None or black is None or winner is False:
            return None
        places.event_fields[node.pos] = fields
        return LadderGame(date, white, black, winner, node.pos, record)
    if keys & {"member", "rung"}:
        fields = Fields(node, diags, "a re-grading", required=("date", "member", "rung"),
                        optional=REGRADING_KEYS)
        date = fields.date("date")
        member = fields.ident("member")
        rung = _rung_value(fields, "rung", diags, rungs)
        if date is None or member is None or rung is None:
            return None
        places.event_fields[node.pos] = fields
        return Regrading(date, member, rung, node.pos)
    unknown = ", ".join(f"'{key}'" for key in node.key_pos if key != "date") or "only a date"
    hint = None
    for key in node.key_pos:
        hint = did_you_mean(key, set(GAME_KEYS + REGRADING_KEYS) - {"date"})
        if hint:
            break
    diags.error(node.pos, f"a log entry is a game (date, white, black, result or winner) or a "
                f"re-grading (date, member, rung); found {unknown}", "ladder.event", hint)
    return None


def _ladder_result(text: str) -> Colour | None:
    """Return the winning colour of a ladder result, None for jigo; ValueError otherwise."""
    try:
        result = Result.parse(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a ladder result") from None
    if result.outcome is Outcome.JIGO:
        return None
    if result.outcome is Outcome.WIN:
        return result.winner
    raise ValueError(f"'{text}' is not a ladder result: a ladder game is won or drawn")


def _winner(fields: Fields, white: str | None, black: str | None,
            diags: Diagnostics) -> Colour | None | Literal[False]:
    """Return the winning colour, None for a draw, or False when unusable (reported)."""
    if fields.has("result") and fields.has("winner"):
        diags.error(fields.pos("winner"), "give either 'result' or 'winner', not both",
                    "ladder.result")
        return False
    if fields.has("result"):
        value = fields.scalar("result")
        if value is None:
            return False
        try:
            return _ladder_result(value.text)
        except ValueError as error:
            diags.error(value.pos, f"result: {error}", "ladder.result", LADDER_RESULT_HINT)
            return False
    if fields.has("winner"):
        value = fields.scalar("winner")
        if value is None:
            return False
        if white is not None and value.text == white:
            return Colour.WHITE
        if black is not None and value.text == black:
            return Colour.BLACK
        if white is not None and black is not None:
            diags.error(value.pos, f"winner '{value.text}' is not one of the two players",
                        "ladder.result", did_you_mean(value.text, [white, black]))
        return False
    diags.error(fields.node.pos, "a ladder game needs a 'result' (W+, B+ or jigo) or a "
                "'winner'", "ladder.result")
    return False


def _place(diag: Diagnostic, places: _Places, rejected: set[str],
           refs: PlayerRefs) -> Diagnostic | None:
    """Move an engine diagnostic from its event to the value it is about; None to drop it.

    Drops "not a member" for members already rejected (unknown player or unreadable rung).
    """
    if diag.pos in places.member_rung and diag.code == "ladder.rung":
        return dataclasses.replace(diag, pos=places.member_rung[diag.pos])
    fields = places.event_fields.get(diag.pos)
    if fields is None:
        return diag
    if diag.code == "ladder.date":
        return dataclasses.replace(diag, pos=fields.pos("date"))
    if diag.code == "ladder.rung":
        return dataclasses.replace(diag, pos=fields.pos("rung"))
    if diag.code == "ladder.colour":
        return dataclasses.replace(diag, pos=fields.pos("white"))
    if diag.code == "ladder.member":
        if diag.message.endswith("is not a member of the ladder"):
            ident = diag.message.split("'")[1]
            if ident in rejected:
                return None
            key = next((k for k in ("member", "white", "black")
                        if fields.has(k) and (scalar := fields.scalar(k)) is not None
                        and scalar.text == ident), None)
            hint = diag.hint
            if ident in refs.players:
                hint = f"add '{ident}' to the ladder's members"
            return dataclasses.replace(diag, pos=fields.pos(key) if key else diag.pos, hint=hint)
        if diag.message.endswith("plays against themself"):
            return dataclasses.replace(diag, pos=fields.pos("black"))
    return diag


__all__ = ["ClubLadder", "load_ladder"]


def ladder_rule_problems(ladder: Ladder,
                         replayed: Callable[[Ladder], Replay] = replay) -> list[Diagnostic]:
    """Return every problem of a ladder's members and log, each at its event's position.

    Reports (ladder: club ladder, ladder: handicap): a duplicated member id, a starting or
    re-grading rung not in the list, a game or re-grading naming a member not on the ladder,
    a member playing themself, an event dated before the one above it in the log, and a game
    where the weaker player by rung (at the time of the game) took White. Never raises;
    games that cannot be replayed are skipped so later games are still checked. A log that
    can be replayed whole is checked on its replay, ``replayed(ladder)`` (the engine's
    :func:`~sitegen.engine.ladder.replay`, or one that remembers it for the ladder's pages).
    """
    problems: list[Diagnostic] = []
    members, current = _members_at_start(ladder, problems)
    problems.extend(_dates_out_of_order(ladder))
    problems += _games_entered_twice(ladder)
    if len(current) == len(ladder.members) and all(
            _replayable(event, members, ladder.rungs) for event in ladder.events):
        problems += [_colour_warning(played.game, played.white.before, played.black.before)
                     for played in _weaker_took_white(replayed(ladder).games)]
    else:
        problems += _walk(ladder, members, current)
    return problems


def _weaker_took_white(games: tuple[PlayedGame, ...]) -> list[PlayedGame]:
    """Return the games in which White stood on a weaker rung than Black before the game.

    A replay's rungs are few objects (the rung list's own, the starting rungs), so each pair
    of them is compared once, by identity: comparing two rungs compares two Fractions, and
    20,000 such comparisons took 50-70 ms of each save of a federation ladder (issue 31)."""
    weaker: dict[tuple[int, int], bool] = {}
    found = []
    for played in games:
        white, black = played.white.before, played.black.before
        pair = (id(white), id(black))  # both alive as long as ``games``
        took = weaker.get(pair)
        if took is None:
            took = weaker[pair] = white < black
        if took:
            found.append(played)
    return found


def _replayable(event: LadderEvent, members: dict[str, Member], rungs: RungList) -> bool:
    """True when :func:`~sitegen.engine.ladder.replay` can apply ``event``."""
    if isinstance(event, Regrading):
        return event.member in members and event.rung in rungs
    return event.white in members and event.black in members and event.white != event.black


def _colour_warning(game: LadderGame, white: Rung, black: Rung) -> Diagnostic:
    # A warning, never an error: colours played are facts, and correcting an earlier
    # result moves the rungs of every later game.
    return Diagnostic(
        game.pos, f"'{game.white}' (on rung {white} on {game.date.isoformat()}) took "
                  f"White against the stronger '{game.black}' (rung {black}); the "
                  "stronger player takes White (ladder: handicap)",
        "ladder.colour", "if the game was played so, leave it; else swap white and black",
        level="warning")


def _walk(ladder: Ladder, members: dict[str, Member], current: dict[str, Rung]) -> list[Diagnostic]:
    """Return the problems of a log that cannot be replayed whole: replay what can be, skipping
    the events that name someone not on the ladder or a rung not on the list."""
    problems: list[Diagnostic] = []
    rungs = ladder.rungs

    def unknown(member: str, pos: SourcePos) -> bool:
        if member in members:
            return False
        problems.append(Diagnostic(pos, f"'{member}' is not a member of the ladder",
                                   "ladder.member", did_you_mean(member, members)))
        return True

    for event in in_log_order(ladder.events):
        if isinstance(event, Regrading):
            bad = unknown(event.member, event.pos)
            bad |= _off_the_list(event.rung, rungs, event.pos, "the re-grading rung", problems)
            if not bad:
                current[event.member] = event.rung
            continue
        bad = unknown(event.white, event.pos)
        bad |= unknown(event.black, event.pos)
        if not bad and event.white == event.black:
            problems.append(Diagnostic(
                event.pos, f"'{event.white}' plays against themself", "ladder.member"))
            bad = True
        if bad or event.white not in current or event.black not in current:
            continue
        white, black = current[event.white], current[event.black]
        if white < black:
            problems.append(_colour_warning(event, white, black))
        current[event.white], current[event.black] = move_after_game(
            rungs, white, black, event.winner,
            members[event.white].anchor, members[event.black].anchor)
    return problems


def _off_the_list(rung: Rung, rungs: RungList, pos: SourcePos, what: str,
                  problems: list[Diagnostic]) -> bool:
    """Return True, after recording the problem, when ``rung`` is not on the rung list
    (ladder: club ladder)."""
    if rung in rungs:
        return False
    problems.append(Diagnostic(
        pos, f"{what}, {rung}, is not on the rung list ({rungs.bottom} to {rungs.top})",
        "ladder.rung", closest_rung_hint(rung, rungs)))
    return True


def _members_at_start(ladder: Ladder, problems: list[Diagnostic]
                      ) -> tuple[dict[str, Member], dict[str, Rung]]:
    """Return the ladder's members by id, each listed once, and the starting rung of those
    whose rung is on the list; record the problems."""
    members: dict[str, Member] = {}
    current: dict[str, Rung] = {}
    for member in ladder.members:
        if member.id in members:
            problems.append(Diagnostic(
                member.pos, f"member '{member.id}' is listed twice", "ladder.member"))
            continue
        members[member.id] = member
        if not _off_the_list(member.rung, ladder.rungs, member.pos,
                             f"the starting rung of '{member.id}'", problems):
            current[member.id] = member.rung
    return members, current


def _dates_out_of_order(ladder: Ladder) -> list[Diagnostic]:
    """Return a problem for each event dated before an event above it in the log."""
    problems = []
    previous: dt.date | None = None
    for event in ladder.events:
        if previous is not None and event.date < previous:
            problems.append(Diagnostic(
                event.pos, f"date {event.date.isoformat()} comes after {previous.isoformat()} "
                           f"in the log; list events in date order", "ladder.date"))
        previous = event.date if previous is None else max(previous, event.date)
    return problems


def _games_entered_twice(ladder: Ladder) -> list[Diagnostic]:
    """Warn about each game between the same two members on the same date as an earlier one of
    the log: usually one game entered twice (two games on one evening also happen)."""
    first: dict[tuple[dt.date, str, str], LadderGame] = {}
    problems = []
    for event in ladder.events:
        if not isinstance(event, LadderGame):
            continue
        white, black = event.white, event.black
        pair = (white, black) if white < black else (black, white)  # either colour
        earlier = first.setdefault((event.date, *pair), event)
        if earlier is not event:
            problems.append(Diagnostic(
                event.pos, f"'{event.white}' and '{event.black}' already have a game on "
                           f"{event.date.isoformat()} (line {earlier.pos.line}); is it entered twice?",
                "ladder.duplicate", "remove one of them, or leave both if they played twice",
                level="warning"))
    return problems
