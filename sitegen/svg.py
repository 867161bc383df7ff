"""Small SVG charts drawn at build time (no JavaScript, no images to fetch).

Each function returns the finished ``<svg>`` element as :class:`markupsafe.Markup`: every text
in it (player, season and division names) is escaped here, so templates insert it as it is.
Charts carry ``role="img"``, a ``<title>`` and a ``<desc>`` that says in words what the picture
shows; colours come from the theme's CSS variables, so dark mode and print follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from markupsafe import Markup

WIDTH = 320
"""Width of a chart in SVG user units (scaled down to the page width by CSS)."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 12, 10, 22


@dataclass(frozen=True)
class DivisionPoint:
    """One season of a player's path: the season's short label and the division played."""

    label: str
    """Shown under the x axis, e.g. ``2021-09``."""
    division: str | None
    """The division letter, or None when the player did not play that season."""


def _num(value: Fraction | int) -> str:
    """Return a coordinate with at most one decimal (same text on every machine)."""
    tenths = round(Fraction(value) * 10)
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def division_chart(points: list[DivisionPoint], divisions: list[str], title: str,
                   chart_id: str) -> Markup:
    """Return an SVG line chart of the division played in each season, the top division at the top.

    ``points`` are the seasons in order (a None division breaks the line: a season missed);
    ``divisions`` are the division letters from the top down (A first), the y axis.
    ``chart_id`` makes the ids of the title and description unique within the page.
    Raises ValueError when a point names a division not in ``divisions`` or when no point has a
    division.
    """
    played = [p for p in points if p.division is not None]
    if not played:
        raise ValueError("a division chart needs at least one season played")
    rows = {name: i for i, name in enumerate(divisions)}
    for p in played:
        if p.division not in rows:
            raise ValueError(f"division '{p.division}' is not one of {', '.join(divisions)}")
    used = sorted({rows[p.division] for p in played})
    low, high = used[0], used[-1]  # row indexes shown: from the best to the worst division played
    step_y = 22
    height = _TOP + step_y * (high - low) + _BOTTOM + 8
    inner = WIDTH - _LEFT - _RIGHT
    count = len(points)

    def x(i: int) -> Fraction:
        return Fraction(_LEFT) + (Fraction(inner * i, count - 1) if count > 1 else Fraction(inner, 2))

    def y(row: int) -> Fraction:
        return Fraction(_TOP + 4 + step_y * (row - low))

    parts = [f'<svg class="path-chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
             f'role="img" aria-labelledby="{chart_id}-t {chart_id}-d">',
             f'<title id="{chart_id}-t">{escape(title)}</title>',
             f'<desc id="{chart_id}-d">{escape(_describe(points))}</desc>']
    for row in range(low, high + 1):
        parts.append(f'<line class="grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{_num(y(row))}" '
                     f'y2="{_num(y(row))}"/>')
        parts.append(f'<text class="tick" x="{_LEFT - 6}" y="{_num(y(row) + 4)}" text-anchor="end">'
                     f'{escape(divisions[row])}</text>')
    segment: list[str] = []
    segments = []
    for i, p in enumerate(points):
        if p.division is None:
            if segment:
                segments.append(segment)
            segment = []
            continue
        segment.append(f"{_num(x(i))},{_num(y(rows[p.division]))}")
    if segment:
        segments.append(segment)
    for seg in segments:
        if len(seg) > 1:
            parts.append(f'<polyline class="line" points="{" ".join(seg)}"/>')
    for i, p in enumerate(points):
        if p.division is not None:
            parts.append(f'<circle class="dot" cx="{_num(x(i))}" cy="{_num(y(rows[p.division]))}" r="3"/>')
    # The first and last season under the axis (the others are in the description and the list).
    base = _num(height - 6)
    labels = {0: "start", count - 1: "end"} if count > 1 else {0: "middle"}
    for i, anchor in sorted(labels.items()):
        parts.append(f'<text class="tick" x="{_num(x(i))}" y="{base}" text-anchor="{anchor}">'
                     f'{escape(points[i].label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _describe(points: list[DivisionPoint]) -> str:
    """Return the chart in words: ``2020-04: division B; 2020-05: not played; ...``."""
    return "; ".join(f"{p.label}: " + (f"division {p.division}" if p.division else "not played")
                     for p in points) + "."
