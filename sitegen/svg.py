"""Small SVG charts drawn at build time (no JavaScript, no images to fetch).

Each function returns the finished ``<svg>`` element as :class:`markupsafe.Markup`: every text
in it (player, season and division names) is escaped here, so templates insert it as it is.
Charts carry ``role="img"``, a ``<title>`` and a ``<desc>`` that says in words what the picture
shows; colours come from the theme's CSS variables, so dark mode and print follow.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from markupsafe import Markup

from .i18n import Words

WIDTH = 320
"""Width of a chart in SVG user units: one unit a pixel on a phone (the chart does not grow
past it, and shrinks only on screens narrower than 336 px), so text of :data:`TEXT` units is
at least that many pixels high."""
TEXT = 12
"""Height of the charts' text in user units (the theme's font size for them)."""
CHAR_WIDTH = Fraction(7, 10)
"""Widest advance of a label's character (digits, letters, ``-``) in :data:`TEXT` units: 0.7
of the font size, above every system font's digits (about 0.55), so estimated boxes are never
narrower than the drawn ones."""
LABEL_GAP = 8
"""Least space between two season labels' estimated boxes under the x axis, in user units."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 12, 10, 40
_CHAR_TENTHS = CHAR_WIDTH * TEXT * 10
"""A label character's estimated width in tenths of a unit (84): a whole, even number, so that
a label's box and its half (a box centred on its season) are whole tenths (:func:`_labelled`)."""
if _CHAR_TENTHS.denominator != 1 or _CHAR_TENTHS.numerator % 2:
    raise AssertionError("CHAR_WIDTH * TEXT must be a whole number of fifths of a unit")


@dataclass(frozen=True)
class DivisionPoint:
    """One season of a player's path: the season's short label and the division played."""

    label: str
    """Shown under the x axis, e.g. ``2021-09``."""
    division: str | None
    """The division letter, or None when the player did not play that season."""


def _num(value: Fraction | int) -> str:
    """Return a coordinate with at most one decimal (same text on every machine).

    Rounds to tenths half to even, as ``round(Fraction)``, in integers."""
    if type(value) is int:
        return str(value)
    value = Fraction(value)
    return _ratio_text(value.numerator, value.denominator)


def _ratio_text(numerator: int, denominator: int) -> str:
    """Return :func:`_num` of ``numerator / denominator`` (denominator > 0)."""
    return _tenths_text(_tenths(numerator, denominator))


def _tenths(numerator: int, denominator: int) -> int:
    """Return ``numerator / denominator`` in tenths, rounded half to even (denominator > 0)."""
    whole, rest = divmod(numerator * 10, denominator)
    if rest * 2 > denominator or (rest * 2 == denominator and whole % 2):
        whole += 1
    return whole


def _tenths_text(tenths: int) -> str:
    """Return a number of tenths as :func:`_num` writes it: ``123``, ``123.4``."""
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


@functools.lru_cache(maxsize=256)
def _x_tenths(count: int) -> tuple[int, ...]:
    """Return the x coordinate of each of ``count`` seasons, evenly spread, in tenths of a
    unit, rounded as :func:`_num` writes them."""
    inner = WIDTH - _LEFT - _RIGHT
    if count <= 1:
        return (_tenths(2 * _LEFT + inner, 2),) * count
    return tuple(_tenths(_LEFT * (count - 1) + inner * i, count - 1) for i in range(count))


@functools.lru_cache(maxsize=256)
def _x_texts(count: int) -> tuple[str, ...]:
    """Return the x coordinate's text of each of ``count`` seasons, evenly spread."""
    return tuple(_tenths_text(x) for x in _x_tenths(count))


def division_chart(points: list[DivisionPoint], divisions: list[str], title: str,
                   chart_id: str, lang: Words) -> Markup:
    """Return an SVG line chart of the division played in each season, the top division at the top.

    ``points`` are the seasons in order (a None division breaks the line: a season missed);
    ``divisions`` are the division letters from the top down (A first), the y axis.
    ``chart_id`` makes the ids of the title and description unique within the page; ``lang``
    words the axes and the description.
    Raises ValueError when a point names a division not in ``divisions`` or when no point has a
    division.
    """
    played = [p.division for p in points if p.division is not None]
    if not played:
        raise ValueError("a division chart needs at least one season played")
    rows = {name: i for i, name in enumerate(divisions)}
    for division in played:
        if division not in rows:
            raise ValueError(f"division '{division}' is not one of {', '.join(divisions)}")
    used = sorted({rows[division] for division in played})
    low, high = used[0], used[-1]  # row indexes shown: from the best to the worst division played
    step_y = 22
    height = _TOP + step_y * (high - low) + _BOTTOM + 8
    count = len(points)
    xs = _x_texts(count)

    def y(row: int) -> int:
        return _TOP + 4 + step_y * (row - low)

    parts = [f'<svg class="path-chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
             f'role="img" aria-labelledby="{chart_id}-t {chart_id}-d">',
             f'<title id="{chart_id}-t">{escape(title)}</title>',
             f'<desc id="{chart_id}-d">{escape(_describe(points, lang))}</desc>']
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
        segment.append(f"{xs[i]},{y(rows[p.division])}")
    if segment:
        segments.append(segment)
    for seg in segments:
        if len(seg) > 1:
            parts.append(f'<polyline class="line" points="{" ".join(seg)}"/>')
    for i, p in enumerate(points):
        if p.division is not None:
            parts.append(f'<circle class="dot" cx="{xs[i]}" cy="{y(rows[p.division])}" r="3"/>')
    # Seasons under the axis, the last one always, then every k-th back to the first, k such
    # that labels do not touch (the others are in the description and the table below it).
    base = _num(height - _BOTTOM + 8 + TEXT)
    for i, anchor in _labelled([p.label for p in points], _x_tenths(count)):
        parts.append(f'<text class="tick" x="{xs[i]}" y="{base}" text-anchor="{anchor}">'
                     f'{escape(points[i].label)}</text>')
    middle_y = _num(Fraction(_TOP + height - _BOTTOM + 8, 2))
    parts.append(f'<text class="axis-title" x="{_num(Fraction(_LEFT + WIDTH - _RIGHT, 2))}" y="{height - 4}" '
                 f'text-anchor="middle">{escape(lang._("Season"))}</text>')
    parts.append(f'<text class="axis-title" x="0" y="0" transform="translate(10 {middle_y}) rotate(-90)" '
                 f'text-anchor="middle">{escape(lang._("Division"))}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _labelled(labels: list[str], xs: tuple[int, ...]) -> list[tuple[int, str]]:
    """Return the seasons labelled under the x axis as ``(index, text-anchor)``, left to right:
    the last (anchored at its end), then going back each label whose estimated box
    (:data:`CHAR_WIDTH` per character) keeps :data:`LABEL_GAP` units from the last one kept; the
    first season is anchored at its start. The boxes never overlap, whatever the labels' length
    (the seasons left out are in the description and the table under the chart).

    ``xs`` are the seasons' x coordinates in tenths of a unit (:func:`_x_tenths`, as drawn).
    Every box is worked out in tenths, in integers: each coordinate has one decimal and a
    character's width is 8.4 units, so the sums are exact, the same as with Fractions (a
    test holds the two together) at about a fiftieth of the cost: with Fractions this was
    0.9 ms for a chart of 30 seasons, and the full-size archive's player pages (12,653 charts)
    took 28.0 s against 25.0 s now, in one process (bench/README.md, branch cpu45)."""
    count = len(labels)
    if count <= 1:
        return [(i, "middle") for i in range(count)]
    per_char, gap = int(_CHAR_TENTHS), LABEL_GAP * 10
    kept: list[tuple[int, str]] = []
    left_edge = None  # left end of the last box kept, in tenths
    for i in range(count - 1, -1, -1):
        x, width = xs[i], per_char * len(labels[i])
        anchor = "end" if i == count - 1 else "start" if i == 0 else "middle"
        left = x - width if anchor == "end" else x if anchor == "start" else x - width // 2
        right = left + width
        if left >= 0 and (left_edge is None or right + gap <= left_edge):
            kept.append((i, anchor))
            left_edge = left
    return kept[::-1]


def _describe(points: list[DivisionPoint], lang: Words) -> str:
    """Return the chart in words: ``2020-04: division B; 2020-05: not played; ...``."""
    return "; ".join(f"{p.label}: " + (lang._("division {division}").format(division=p.division)
                                       if p.division else lang._("not played"))
                     for p in points) + "."
