"""Where an error in the text an import would write comes from (issue 30 finding 11).

``sitegen import`` validates the tournament and players files it would write exactly as a build
reads them, before writing anything. An error found there is positioned in a text that is not on
disk (a first import) or is not yet the file's text (``--replace``): this module points it back
at what the error is about, in a file that exists: the player, game, bye or absence in the
imported file (or, for an entry the content keeps, in the content's file), or the h9 header
tag the setting comes from; the imported file's first line for anything else. The message then
names the line of the text as it would be written (a message such as "paired twice ... first at
line 64" counts in that text).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from typing import Any, Hashable, Iterable

from ruamel.yaml.error import YAMLError

from ..diagnostics import Diagnostic, SourcePos
from ..model.common import NOWHERE
from ..model.tournament import Tournament
from ..yamlwrite import round_trip_yaml

H9_TAGS = {"name": "EV", "location": "PC", "start": "DT", "end": "DT", "komi": "KM",
           "handicap_correction": "HA", "class": "CL", "adjusted_time": "TM", "time_system": "CM"}
"""The h9 header tag each key the import writes comes from (sitegen/formats/h9.py)."""

_TAG_LINE = re.compile(r"\s*;\s*([A-Z]{2})\[")

Anchor = tuple[int, int, SourcePos]
"""A 1-based line and column of the written text where an entry starts, and its source."""


def h9_tag_positions(text: str, path: str) -> dict[str, SourcePos]:
    """Return {key the import writes: the position of its h9 tag's value} for the header tags
    of the h9 ``text`` (``; HA[h1]``: the ``h`` of ``h1``), the first of each tag."""
    found: dict[str, SourcePos] = {}
    for number, line in enumerate(text.splitlines(), 1):
        m = _TAG_LINE.match(line)
        if m is None:
            continue
        for key, tag in H9_TAGS.items():
            if tag == m.group(1):
                found.setdefault(key, SourcePos(path, number, m.end() + 1))
    return found


def tournament_anchors(text: str, written: Tournament, kept: Tournament | None,
                       header: dict[str, SourcePos]) -> list[Anchor]:
    """Return the anchors of the tournament text ``text``: its top-level and settings keys
    (``header``: their source, else the imported tournament's position), each player, game,
    bye and absence (the imported ``written`` tournament's, else ``kept``'s, the content's)."""
    tree = _load(text)
    if not isinstance(tree, dict):
        return []
    sources = [t for t in (written, kept) if t is not None]
    players = _first((p.id, p.pos) for t in sources for p in t.players)
    games = _first(((g.round, frozenset((g.white, g.black))), g.pos) for t in sources for g in t.games)
    byes = _first(((b.round, b.player), b.pos) for t in sources for b in t.byes)
    absent = _first(((a.round, a.player), a.pos) for t in sources for a in t.absences)
    anchors: list[Anchor] = []
    for key in tree:
        _add(anchors, tree.lc.key(key), header.get(key, written.pos))  # type: ignore[attr-defined]
        if isinstance(tree[key], dict):
            for sub in tree[key]:
                _add(anchors, tree[key].lc.key(sub), header.get(sub, header.get(key, written.pos)))
    for i, entry in enumerate(_seq(tree, "players")):
        _add(anchors, tree["players"].lc.item(i), players.get(_get(entry, "id"), written.pos))
    for i, rnd in enumerate(_seq(tree, "rounds")):
        number = _get(rnd, "round")
        for j, game in enumerate(_seq(rnd, "games")):
            pair = _pair(game)
            _add(anchors, rnd["games"].lc.item(j), games.get((number, pair), written.pos))
        for key, where in (("byes", byes), ("absent", absent)):
            for j, pid in enumerate(_seq(rnd, key)):
                _add(anchors, rnd[key].lc.item(j), where.get((number, str(pid)), written.pos))
    return sorted(anchors, key=lambda a: a[:2])


def players_anchors(text: str, written: Tournament) -> list[Anchor]:
    """Return the anchors of a players file's text: each player the import adds, at that
    player in the imported file (one already in the file has none: its lines are the file's)."""
    tree = _load(text)
    where = {p.id: p.pos for p in written.players}
    anchors: list[Anchor] = []
    for i, entry in enumerate(_seq(tree, "players")):
        pid = _get(entry, "id")
        if pid in where:
            _add(anchors, tree["players"].lc.item(i), where[pid])
    return sorted(anchors, key=lambda a: a[:2])


def repoint(diag: Diagnostic, shown: str, anchors: list[Anchor], fallback: SourcePos | None
            ) -> Diagnostic:
    """Return ``diag`` (positioned in the text to be written to ``shown``) at the source of the
    last anchor at or before its position, else at ``fallback`` (None: ``diag`` as it is, for
    a position in lines the file already has), its message naming the written line."""
    keys = [a[:2] for a in anchors]
    at = bisect.bisect_right(keys, (diag.pos.line, diag.pos.col)) - 1
    source = anchors[at][2] if at >= 0 else fallback
    if source is None:
        return diag
    return dataclasses.replace(diag, pos=source, message=f"{diag.message} (in {shown} as the "
                               f"import would write it, line {diag.pos.line})")


def _first(items: Iterable[tuple[Hashable, SourcePos]]) -> dict[Hashable, SourcePos]:
    """Return {key: the first known position given for it} (the imported file's first)."""
    found: dict[Hashable, SourcePos] = {}
    for key, pos in items:
        if pos != NOWHERE:
            found.setdefault(key, pos)
    return found


def _load(text: str) -> Any:
    try:
        return round_trip_yaml().load(text)
    except (YAMLError, ValueError):
        return None


def _add(anchors: list[Anchor], lc: Any, pos: SourcePos) -> None:
    if lc is not None:
        anchors.append((lc[0] + 1, lc[1] + 1, pos))


def _seq(node: Any, key: str) -> list[Any]:
    value = node.get(key) if isinstance(node, dict) else None
    return list(value) if isinstance(value, list) else []


def _get(entry: Any, key: str) -> Any:
    return entry.get(key) if isinstance(entry, dict) else None


def _pair(game: Any) -> frozenset[str] | None:
    if not isinstance(game, dict):
        return None
    if "white" in game and "black" in game:
        return frozenset((str(game["white"]), str(game["black"])))
    players = game.get("players")
    return frozenset(str(p) for p in players) if isinstance(players, list) and len(players) == 2 else None
