"""A league's movements page (``leagues/<id>/<season>/movements/``): the players between the
divisions of two consecutive seasons, as a flow picture (an SVG: the divisions as bars, each
flow of players a ribbon as wide as their number) and as a table whose rows list each flow's
names (issue 31). The page is planned by :mod:`sitegen.pages.league`."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterable, Mapping

from ..bidi import isolated
from ..display import filed_order
from ..i18n import Words
from ..model.league import League, Season
from ..urls import league_url, player_url, season_url


def _named(name: str, url: str) -> dict[str, str]:
    """Return a link's ``{name, url}``."""
    return {"name": name, "url": url}


NEW, LEFT = "new", "left"
FLOW_NAMES_OPEN = 10
"""A flow of at most this many players shows its names open below its row; a larger one (a
federation's flow may hold 400) keeps them in a closed <details> whose summary gives the count."""


def movements_context(league: League, before: Season, after: Season,
                       names: dict[str, str], family: Mapping[str, str], lang: Words) -> dict[str, Any]:
    """Return the movements page: flows of players from ``before``'s divisions to ``after``'s.

    Each row: ``from``/``to`` (node texts), ``kind`` (up, down, same, new, left), ``count``,
    ``players`` (``name``, ``url``; in the players index's order,
    :func:`sitegen.display.filed_order`, by the family names of ``family`` where it gives one)
    and ``open`` (count <= FLOW_NAMES_OPEN).
    """
    src = {p: d.name for d in before.divisions for g in d.groups for p in g.players}
    dst = {p: d.name for d in after.divisions for g in d.groups for p in g.players}
    left_nodes = [d.name for d in before.divisions] + ([NEW] if set(dst) - set(src) else [])
    right_nodes = [d.name for d in after.divisions] + ([LEFT] if set(src) - set(dst) else [])
    flows: dict[tuple[str, str], list[str]] = {}
    for player in sorted(set(src) | set(dst)):
        flows.setdefault((src.get(player, NEW), dst.get(player, LEFT)), []).append(player)
    rank_l = {n: i for i, n in enumerate(left_nodes)}
    rank_r = {n: i for i, n in enumerate(right_nodes)}
    rows = []

    def filed(player: str) -> tuple:
        return filed_order(names[player] if player in names else player, family.get(player), player)

    for (a, b), members in sorted(flows.items(), key=lambda f: (rank_l[f[0][0]], rank_r[f[0][1]])):
        kind = _flow_kind(a, b, [d.name for d in before.divisions], [d.name for d in after.divisions])
        rows.append({"from": _node_text(a, before, lang), "to": _node_text(b, after, lang), "kind": kind,
                     "count": len(members), "open": len(members) <= FLOW_NAMES_OPEN,
                     "players": [{"name": names.get(p, p), "url": player_url(p)}
                                 for p in sorted(members, key=filed)]})
    svg = _flow_svg(left_nodes, right_nodes, flows, before, after, lang)
    return {"league": _named(league.name, league_url(league)),
            "title": f"{isolated(league.name)} · " + lang._("Movements {before} → {after}").format(
                before=isolated(before.name), after=isolated(after.name)),
            "before": _named(before.name, season_url(league, before)),
            "after": _named(after.name, season_url(league, after)),
            "svg": svg, "rows": rows,
            "totals": {"up": sum(r["count"] for r in rows if r["kind"] == "up"),
                       "down": sum(r["count"] for r in rows if r["kind"] == "down"),
                       "same": sum(r["count"] for r in rows if r["kind"] == "same"),
                       "new": sum(r["count"] for r in rows if r["kind"] == "new"),
                       "left": sum(r["count"] for r in rows if r["kind"] == "left")}}


def _node_text(node: str, season: Season, lang: Words) -> str:
    if node == NEW:
        return lang._("new to the league")
    if node == LEFT:
        return lang._("left the league")
    return lang._("Division {division}").format(division=node)


def _node_title(node: str, season: Season, count: int, lang: Words) -> str:
    """Return a bar's tooltip: ``Division A in 2021-09: 12 players``."""
    return lang._("{node} in {season}: {players}").format(
        node=_node_text(node, season, lang), season=season.name,
        players=lang.ngettext("{count} player", "{count} players", count).format(count=count))


def _flow_kind(a: str, b: str, before: list[str], after: list[str]) -> str:
    if a == NEW:
        return "new"
    if b == LEFT:
        return "left"
    # Compare by position from the top: division letters may be renamed or added.
    i, j = before.index(a), after.index(b)
    return "up" if j < i else "down" if j > i else "same"


FLOW_COLOURS = {"up": "#1a7f37", "down": "#cf222e", "same": "#8c959f", "new": "#0969da", "left": "#6e7781"}


FLOW_FONT = 15
"""The flow picture's text size in its own units (style.css: ``.flow-label``, ``.flow-head``).
The picture is 400 units wide, shown at most 32rem (512 px) wide: about 340 px on a 360 px
phone, so its text is about 12.8 px there (it was 12 units, 10.2 px), 19.2 px on a wide screen."""

FLOW_CHAR = Fraction(FLOW_FONT * 6, 10)
"""A character's width reckoned generously (0.6 em; system-ui's letters and digits are
narrower), for the room kept beside the bars for their labels and between the two heads."""

FLOW_RIBBONS = 120
"""The least width of the ribbons between the bars; labels longer than the 400 units leave
room for widen the picture instead (its text is then a little smaller on a phone)."""


def _flow_svg(left: list[str], right: list[str], flows: dict[tuple[str, str], list[str]],
              before: Season, after: Season, lang: Words) -> dict[str, Any]:
    """Lay out the flow picture: nodes as bars, flows as ribbons of width proportional to players.

    The labels beside the bars are :data:`FLOW_FONT` units high and the room beside each
    column of bars is that of its longest label (:data:`FLOW_CHAR` a character), so no label
    leaves the picture; a label's centre is at least a gap of 18 units from the next one's.
    Returns plain numbers and strings for the template (which writes the SVG, escaping text).
    """
    bar, gap = 14, 18
    size_l = {n: sum(len(m) for (a, _), m in flows.items() if a == n) for n in left}
    size_r = {n: sum(len(m) for (_, b), m in flows.items() if b == n) for n in right}
    most = max(sum(size_l.values()), sum(size_r.values()), 1)
    unit = min(Fraction(12), Fraction(440, most))

    def label(n: str, count: int) -> str:
        name = lang.pgettext("movement", "New") if n == NEW else lang.pgettext("movement", "Left") if n == LEFT else n
        return f"{name} ({count})"

    texts_l = {n: label(n, size_l[n]) for n in left}
    texts_r = {n: label(n, size_r[n]) for n in right}
    room_l = _room(texts_l.values()) + bar + 4
    room_r = _room(texts_r.values()) + bar + 4
    width = max(400, room_l + FLOW_RIBBONS + room_r)
    x_left, x_right = room_l, width - room_r
    heads = _flow_heads(before.name, after.name, width)
    top = heads[-1]["y"] + 12

    def place(nodes: list[str], sizes: dict[str, int]) -> dict[str, Fraction]:
        y, out = Fraction(top), {}
        for n in nodes:
            out[n] = y
            y += sizes[n] * unit + gap
        return out

    y_l, y_r = place(left, size_l), place(right, size_r)
    height = int(max(max((y_l[n] + size_l[n] * unit for n in left), default=0),
                     max((y_r[n] + size_r[n] * unit for n in right), default=0))) + 16
    nodes = []
    for n in left:
        y, h = y_l[n], size_l[n] * unit
        nodes.append({"x": x_left - bar, "y": _num(y), "w": bar, "h": _num(h), "tx": x_left - bar - 4,
                      "ty": _num(y + h / 2), "anchor": "end", "text": texts_l[n],
                      "title": _node_title(n, before, size_l[n], lang)})
    for n in right:
        y, h = y_r[n], size_r[n] * unit
        nodes.append({"x": x_right, "y": _num(y), "w": bar, "h": _num(h), "tx": x_right + bar + 4,
                      "ty": _num(y + h / 2), "anchor": "start", "text": texts_r[n],
                      "title": _node_title(n, after, size_r[n], lang)})
    out_offset = {n: y_l[n] for n in left}
    in_offset = {n: y_r[n] for n in right}
    ribbons = []
    rank_r = {n: i for i, n in enumerate(right)}
    rank_l = {n: i for i, n in enumerate(left)}
    # Outgoing ribbons stack by destination, incoming by source: ribbons do not cross at the bars.
    order_out = sorted(flows, key=lambda f: (rank_l[f[0]], rank_r[f[1]]))
    starts = {}
    for f in order_out:
        starts[f] = out_offset[f[0]]
        out_offset[f[0]] += len(flows[f]) * unit
    for f in sorted(flows, key=lambda f: (rank_r[f[1]], rank_l[f[0]])):
        a, b = f
        h = len(flows[f]) * unit
        y0, y1 = starts[f], in_offset[b]
        in_offset[b] += h
        x0, x1 = x_left, x_right
        xm = Fraction(x0 + x1, 2)
        path = (f"M{_num(x0)} {_num(y0)}C{_num(xm)} {_num(y0)} {_num(xm)} {_num(y1)} {_num(x1)} {_num(y1)}"
                f"L{_num(x1)} {_num(y1 + h)}C{_num(xm)} {_num(y1 + h)} {_num(xm)} {_num(y0 + h)} "
                f"{_num(x0)} {_num(y0 + h)}Z")
        kind = _flow_kind(a, b, [d.name for d in before.divisions], [d.name for d in after.divisions])
        count = len(flows[f])
        ribbons.append({"d": path, "kind": kind, "colour": FLOW_COLOURS[kind],
                        "title": f"{_node_text(a, before, lang)} → {_node_text(b, after, lang)}: "
                                 + lang.ngettext("{count} player", "{count} players", count).format(count=count)})
    return {"width": width, "height": height, "nodes": nodes, "ribbons": ribbons, "heads": heads}


def _room(texts: Iterable[str]) -> int:
    """Return the width, in the picture's units, kept for the longest of ``texts`` (whole units,
    rounded up; 0 for none)."""
    return math.ceil(max((len(text) * FLOW_CHAR for text in texts), default=0))


def _flow_heads(first: str, second: str, width: int) -> list[dict[str, Any]]:
    """Return the two seasons' names above the columns: the first at the left edge, the second
    at the right, on one line when both fit with 18 units between them, else the second on a
    line of its own below (``x``, ``y`` of the baseline, ``anchor``, ``text``)."""
    one_line = _room([first]) + 18 + _room([second]) <= width
    return [{"x": 0, "y": 15, "anchor": "start", "text": first},
            {"x": width, "y": 15 if one_line else 35, "anchor": "end", "text": second}]


def _num(value: Fraction | int) -> str:
    """Return a coordinate with at most one decimal (deterministic text)."""
    tenths = round(Fraction(value) * 10)
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths / 10:.1f}"
