"""Write one result into a competition's file, for each rule set (the round-trip YAML tree).

Each ``enter_*`` function finds the game of the two players in the positioned tree that
:func:`sitegen.load.parse_yaml` reads (exact source text and positions, as the validator sees
them), and edits the same item of the ruamel round-trip tree, so that comments, key order and
flow style stay as they were: only the game's line changes, or one line is added. A result
already entered is refused unless ``replace``; so are players who are not paired (tournaments,
Swiss rounds), not in the same group (league seasons) or not members (ladders). A game link
becomes the game's ``link:`` key (a Swiss match's record ``{link: ...}``), which the pages
show; a link the game already has is not replaced unless ``replace``.

Requests reach these functions with player ids resolved (:mod:`sitegen.commands.result`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Callable, Iterable, Sequence

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from ..diagnostics import SourcePos
from ..diagnostics import SitegenError
from ..engine.ladder import replay
from ..load import YMap, YNode, YScalar, YSeq
from ..yamlwrite import flow_list, flow_map
from .request import ResultRequest, refuse
from .target import Target

OPEN_RESULTS = ("?", "unknown", "unplayed", "-")
"""Results that say the game has no result yet: ``result add`` fills them in without --replace."""

COLOUR_KEYS = ("black", "white", "players", "result", "winner", "forfeit")


def _get(node: YNode | None, key: str) -> YNode | None:
    return node.entries.get(key) if isinstance(node, YMap) else None


def _items(node: YNode | None) -> list[YNode]:
    return node.items if isinstance(node, YSeq) else []


def _text(node: YNode | None) -> str | None:
    return node.text if isinstance(node, YScalar) and not node.is_null else None


def _two_texts(nodes: Sequence[YNode]) -> tuple[str, str] | None:
    """Return the texts of exactly two scalars, or None for anything else."""
    if len(nodes) != 2:
        return None
    first, second = _text(nodes[0]), _text(nodes[1])
    return (first, second) if first is not None and second is not None else None


def _pair(game: YNode) -> tuple[str, str] | None:
    """Return a game's players as entered, (black, white) or ``players``; None if not a game."""
    black, white = _text(_get(game, "black")), _text(_get(game, "white"))
    if black is not None and white is not None:
        return black, white
    return _two_texts(_items(_get(game, "players")))


def _entered(game: YNode) -> str | None:
    """Return a game's result as entered (``B+R``, ``ann won``), or None when it has none yet."""
    result, winner = _text(_get(game, "result")), _text(_get(game, "winner"))
    if winner is not None:
        return f"{winner} won"
    if result is not None and result.strip().lower() not in OPEN_RESULTS:
        return result
    return None


def _already(request: ResultRequest, pos: SourcePos, where: str, existing: str) -> SitegenError:
    a, b = request.players
    return refuse(pos, f"{a} - {b} already has a result in {where} ({existing}); it is not overwritten",
                  "result.entered", "to change it, run sitegen result add again with --replace")


def _scalar(result: str) -> str | int:
    """Return a result as written into YAML: ``0`` (jigo) as a number, the rest as text."""
    return 0 if result == "0" else result


def rewrite(entry: CommentedMap, keys: list[tuple[str, object]], drop: Iterable[str] = ()) -> None:
    """Set ``keys`` in the round-trip mapping ``entry`` in place and remove ``drop``.

    Keys already there keep their place (with the new value's own style); a new key follows the key before it in ``keys`` (the
    first one takes the place of the first removed key, else goes first).
    """
    wanted = dict(keys)
    order = list(entry)
    removed = [key for key in drop if key in entry and key not in wanted]
    anchor = min((order.index(key) for key in removed), default=0)
    for key in removed:
        del entry[key]
    previous = None
    for key, value in keys:
        if key in entry:  # removed and put back: ruamel would keep the old value's quotes
            at = list(entry).index(key)
            del entry[key]
            entry.insert(at, key, value)
        else:
            at = list(entry).index(previous) + 1 if previous in entry else min(anchor, len(entry))
            entry.insert(at, key, value)
        previous = key


def add_note(seq: CommentedSeq, index: int, note: str) -> None:
    """Add ``note`` to the end-of-line comment of item ``index`` of ``seq`` (kept if there)."""
    token = seq.ca.items.get(index, [None])[0]
    if token is None:
        seq.yaml_add_eol_comment(note, index)
        return
    first, newline, rest = token.value.partition("\n")
    token.value = f"{first.rstrip()}; {note}{newline}{rest}"


def note_of(request: ResultRequest, with_date: bool) -> str | None:
    """Return what goes into the game's end-of-line comment: the date where the rule set has
    no date field (tournaments, Swiss rounds); None when there is nothing to note. The link is
    a ``link:`` key (:func:`link_keys`), which the pages show."""
    return request.date.isoformat() if with_date and request.date else None


def link_keys(request: ResultRequest) -> list[tuple[str, object]]:
    """Return the game's ``link:`` key (double-quoted, as the content format writes links), or
    nothing when the report gives no link."""
    return [("link", DoubleQuotedScalarString(request.link))] if request.link else []


def check_link_kept(request: ResultRequest, game: YNode | None, where: str) -> None:
    """Raise SitegenError when the report's link would replace another link the game already
    has, unless ``replace``: like a result, a link entered is not overwritten."""
    existing = _text(_get(game, "link"))
    if request.link and existing and existing != request.link and not request.replace:
        a, b = request.players
        raise refuse(game.pos if game is not None else SourcePos(""),
                     f"{a} - {b} in {where} already has the link {existing}; it is not overwritten",
                     "result.entered", "to change it, run sitegen result add again with --replace")


# --------------------------------------------------------------------------- league seasons


def enter_league(tree: YMap, data: CommentedMap, request: ResultRequest, target: Target,
                 shown: str, today: dt.date) -> str:
    """Enter the result into the group of both players (league season); return what was done.
    (``today``: unused, the game's date is the request's.)"""
    a, b = request.players
    groups: dict[str, tuple[int, int, YNode, YNode]] = {}  # (division, group, node, players)
    for d, division in enumerate(_items(_get(tree, "divisions"))):
        for g, group in enumerate(_items(_get(division, "groups"))):
            listed = _get(group, "players")
            if listed is None:
                continue
            for item in _items(listed):
                groups.setdefault(_text(item) or "", (d, g, group, listed))
    for player in (a, b):
        if player not in groups:
            raise refuse(SourcePos(shown), f"{player} does not play in season {target.season} of "
                         f"{target.ident}", "result.unpaired", "the season's groups list who plays")
    (d, g, group, _), (_, _, other, other_players) = groups[a], groups[b]
    name = _text(_get(group, "name")) or "?"
    if group is not other:
        raise refuse(other_players.pos, f"{a} (group {name}) and {b} (group "
                     f"{_text(_get(other, 'name')) or '?'}) are not in the same group of season "
                     f"{target.season}", "result.group", "a result is entered for two players of one group")
    rt_group = data["divisions"][d]["groups"][g]
    keys, drop = _game_keys(request, None, with_date=True)
    games = _items(_get(group, "games"))
    for index, game in enumerate(games):
        pair = _pair(game)
        if pair is None or set(pair) != {a, b}:
            continue
        existing = _entered(game)
        if existing is not None and not request.replace:
            raise _already(request, game.pos, f"group {name}", existing)
        check_link_kept(request, game, f"group {name}")
        if request.dated_today and _get(game, "date") is not None:
            request = replace(request, date=None)  # entered again: the game keeps its date
        keys, drop = _game_keys(request, pair if _get(game, "black") is not None else None, True)
        rewrite(rt_group["games"][index], keys + link_keys(request), drop)
        return f"group {name}"
    if not isinstance(rt_group.get("games"), CommentedSeq):
        rt_group["games"] = CommentedSeq()
    rt_group["games"].append(flow_map(keys + link_keys(request)))
    return f"group {name}"


def _note(seq: CommentedSeq, index: int, request: ResultRequest, with_date: bool) -> None:
    note = note_of(request, with_date)
    if note is not None:
        add_note(seq, index, note)


def _game_keys(request: ResultRequest, colours: tuple[str, str] | None,
               with_date: bool) -> tuple[list[tuple[str, object]], set[str]]:
    """Return the keys of a league or tournament game and the keys to remove.

    ``colours`` are the entry's own (black, white) when it has them: a report without colours
    then keeps them, and a winner becomes ``B+`` or ``W+``.
    """
    a, b = request.players
    if request.colours_known:
        keys: list[tuple[str, object]] = [("black", a), ("white", b), ("result", _scalar(request.result or ""))]
    elif colours is not None:
        result = request.result or ("B+" if request.winner == colours[0] else "W+")
        keys = [("black", colours[0]), ("white", colours[1]), ("result", _scalar(result))]
    elif request.winner is not None:
        keys = [("players", flow_list([a, b])), ("winner", request.winner)]
    else:
        keys = [("players", flow_list([a, b])), ("result", _scalar(request.result or ""))]
    if with_date and request.date is not None:
        keys.append(("date", request.date))
    return keys, set(COLOUR_KEYS) - {key for key, _ in keys}


# --------------------------------------------------------------------------- tournaments


def enter_tournament(tree: YMap, data: CommentedMap, request: ResultRequest, target: Target,
                     shown: str, today: dt.date) -> str:
    """Enter the result of a paired tournament game (placement: results); return the round.
    (``today``: unused, a tournament game has no date.)"""
    a, b = request.players
    number, r, index, game, _ = _paired(tree, "games", _pair, lambda g: _entered(g) is None,
                                        request, target, shown)
    existing = _entered(game)
    if existing is not None and not request.replace:
        raise _already(request, game.pos, f"round {number}", existing)
    check_link_kept(request, game, f"round {number}")
    rt_game = data["rounds"][r]["games"][index]
    black, white = _text(_get(game, "black")), _text(_get(game, "white"))
    if black is not None and white is not None:
        if request.colours_known and (a, b) != (black, white):
            raise refuse(game.pos, f"in round {number} of {target.ident}, {black} had Black and "
                         f"{white} White", "result.colours", "give Black first, then White")
        if request.colours_known or request.winner is None:
            result = request.result or ""
        else:
            result = "B+" if request.winner == black else "W+"
        rewrite(rt_game, [("result", _scalar(result)), *link_keys(request)], ("winner",))
    else:
        winner, forfeit, reported = request.winner, False, request.result
        if request.colours_known and reported is not None:
            from ..validate.tournament import parse_tournament_result  # issue 31: see tests/test_function_imports.py
            _, forfeit, colour = parse_tournament_result(reported)
            if colour is not None:
                winner, reported = (a if colour == "B" else b), None
        keys: list[tuple[str, object]] = [("winner", winner)] if winner else [("result", _scalar(reported or ""))]
        if forfeit:
            keys.append(("forfeit", True))
        rewrite(rt_game, keys + link_keys(request), ("result", "winner", "forfeit"))
    _note(data["rounds"][r]["games"], index, request, with_date=True)
    return f"round {number}"


def _paired(tree: YMap, key: str, pair_of: Callable[[YNode], tuple[str, str] | None],
            is_open: Callable[[YNode], bool], request: ResultRequest, target: Target,
            shown: str) -> tuple[int, int, int, YNode, tuple[str, str]]:
    """Return ``(round number, round index, item index, item, pair)`` of the two players'
    pairing in the rounds' ``key`` lists (``pair`` as :func:`pair_of` reads it): in the round
    given, else the only one, else the only one without a result (``is_open``). Raise
    SitegenError when there is none or no way to choose."""
    a, b = request.players
    found: list[tuple[int, int, int, YNode, tuple[str, str]]] = []
    for r, rnd in enumerate(_items(_get(tree, "rounds"))):
        try:
            number = int(_text(_get(rnd, "round")) or "0")
        except ValueError:
            continue
        if target.round is not None and number != target.round:
            continue
        for index, item in enumerate(_items(_get(rnd, key))):
            pair = pair_of(item)
            if pair is not None and set(pair) == {a, b}:
                found.append((number, r, index, item, pair))
    if not found:
        where = f"round {target.round}" if target.round is not None else "any round"
        raise refuse(SourcePos(shown), f"{a} and {b} are not paired in {where} of {target.ident}",
                     "result.unpaired", "a result is entered for a pairing of the file; check the "
                     "players" + (" and the round" if target.round is not None else ""))
    if len(found) > 1:
        still_open = [f for f in found if is_open(f[3])]
        if len(still_open) != 1:
            raise refuse(SourcePos(shown), f"{a} and {b} are paired in rounds "
                         + ", ".join(str(f[0]) for f in found) + f" of {target.ident}",
                         "result.round", "give the round with --round")
        return still_open[0]
    return found[0]


# --------------------------------------------------------------------------- Swiss tournaments


def _match_pair(item: YNode) -> tuple[str, str] | None:
    return _two_texts(_items(item)[:2])


_FLIPPED = {"+-": "-+", "-+": "+-", "--": "--"}


def flip_match_result(text: str) -> str:
    """Return a match result seen from the other player: ``2-1`` -> ``1-2``, ``+-`` -> ``-+``."""
    text = text.strip()
    if text in _FLIPPED:
        return _FLIPPED[text]
    first, _, second = text.partition("-")
    return f"{second}-{first}"


def enter_swiss(tree: YMap, data: CommentedMap, request: ResultRequest, target: Target,
                shown: str, today: dt.date) -> str:
    """Enter a Swiss match's score (swiss: tournaments), turned to the first player's side.
    (``today``: unused, a Swiss match has no date.)"""
    a, b = request.players
    number, r, index, item, (first, second) = _paired(
        tree, "pairings", _match_pair, lambda m: _match_result(m) is None, request, target, shown)
    result = request.result or ""
    if (first, second) == (b, a):
        result = flip_match_result(result)
    existing = _match_result(item)
    if existing is not None and not request.replace:
        raise _already(request, item.pos, f"round {number}", f"{first} - {second} {existing}")
    record = _items(item)[3] if len(_items(item)) > 3 else None
    check_link_kept(request, record, f"round {number}")
    rt_match = data["rounds"][r]["pairings"][index]
    if len(rt_match) > 2:
        rt_match[2] = result
    else:
        rt_match.append(result)
    if request.link:  # the match's record, its fourth item: {link: ..., sgf: ...}
        if len(rt_match) > 3 and isinstance(rt_match[3], CommentedMap):
            rewrite(rt_match[3], [*link_keys(request)])
        else:
            rt_match.append(flow_map(link_keys(request)))
    _note(data["rounds"][r]["pairings"], index, request, with_date=True)
    return f"round {number}"


def _match_result(item: YNode) -> str | None:
    """Return a pairing's result (its third item), or None while it has none."""
    parts = _items(item)
    return _text(parts[2]) if len(parts) > 2 else None


# --------------------------------------------------------------------------- ladders


def enter_ladder(tree: YMap, data: CommentedMap, request: ResultRequest, target: Target,
                 shown: str, today: dt.date) -> str:
    """Add a dated game to the ladder's log (ladder: club ladder), after the entries of its date
    or before, dated ``today`` when the request has no date, its colours by
    :func:`ladder_colours`. Return the date."""
    colours = ladder_colours(target, request, today)
    date = request.date or today
    black, white = colours
    listed = _get(tree, "members")
    members = {_text(_get(member, "player")) for member in _items(listed)}
    for player in request.players:
        if player not in members:
            raise refuse(listed.pos if listed is not None else SourcePos(shown),
                         f"{player} is not a member of {target.ident}", "result.unpaired",
                         "add them to the ladder's members first")
    log = _items(_get(tree, "log"))
    after = 0
    for index, entry in enumerate(log):
        when = _text(_get(entry, "date")) or ""
        if when <= date.isoformat():
            after = index + 1
        if when == date.isoformat() and _pair(entry) is not None and set(_pair(entry) or ()) == {black, white}:
            existing = _entered(entry)
            if existing is not None and not request.replace:
                raise _already(request, entry.pos, f"the log of {date.isoformat()}", existing)
            if existing is not None:
                check_link_kept(request, entry, f"the log of {date.isoformat()}")
                rewrite(data["log"][index], _ladder_keys(request, date, colours), ("result", "winner"))
                return date.isoformat()
    if not isinstance(data.get("log"), CommentedSeq):
        data["log"] = CommentedSeq()
    data["log"].insert(after, flow_map(_ladder_keys(request, date, colours)))
    return date.isoformat()


def ladder_colours(target: Target, request: ResultRequest, today: dt.date) -> tuple[str, str]:
    """Return (black, white) of a ladder game: as reported, or, when the colours are not
    given, White for the member on the higher rung at the game's date (ladder: handicap)."""
    if request.colours_known:
        return request.players
    ladder = target.unit.ladder
    rungs = replay(ladder).rungs_on(request.date or today)
    a, b = request.players
    if a not in rungs or b not in rungs:
        return a, b  # not members: enter_ladder refuses them
    place_a, place_b = ladder.rungs.index(rungs[a]), ladder.rungs.index(rungs[b])
    if place_a == place_b:
        raise refuse(request.pos("winner"), f"{a} and {b} stand on the same rung ({rungs[a]}), so "
                     "either may have taken White", "result.colours", "give the colours: BLACK WHITE RESULT")
    return (b, a) if place_a > place_b else (a, b)


def _ladder_keys(request: ResultRequest, date: dt.date, colours: tuple[str, str]) -> list[tuple[str, object]]:
    black, white = colours
    outcome: tuple[str, object] = (("winner", request.winner) if request.winner is not None
                                   else ("result", _scalar(request.result or "")))
    return [("date", date), ("white", white), ("black", black), outcome, *link_keys(request)]
