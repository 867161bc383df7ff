"""Compare the values an h9 file holds with those computed from its games, so that an h9
import never drops a column unread: each criterion column, and the places, that differ is
reported as a warning (the site shows the computed values). docs/placement.md, "h9 files"."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..diagnostics import Diagnostic, SourcePos
from ..engine.placement import PlacementRow, opengotha_text, smms, standings
from ..model.common import Rank
from ..model.tournament import Criterion, Tournament
from .h9 import H9File, parse_value
from .h9_columns import NO_CRITERION, split_heading
from .h9_fields import ENCODING, VALUE_RE, breaks_header

TEXT_TAGS = (("EV", "name"), ("PC", "location"), ("CM", "time system"))
"""The header tags the import keeps as text, with what they hold."""


def header_warnings(h9: H9File) -> list[Diagnostic]:
    """Return a warning (``h9.escape``) at the first tab or control character of each text tag
    (:data:`TEXT_TAGS`), which :func:`~sitegen.formats.h9.to_tournament` reads as a space:
    OpenGotha writes the value bare in the header line (``EV[...]``), which it would break,
    and sitegen's own h9 writes it as a space (docs/placement.md, "h9 files"); the OpenGotha
    import says the same of the XML's name and location."""
    found = []
    for tag, what in TEXT_TAGS:
        value = h9.tags.get(tag, "")
        if not breaks_header(value):
            continue
        line, column = h9.tag_positions.get(tag, (1, 1))
        at = next(i for i, c in enumerate(value) if breaks_header(c))
        found.append(Diagnostic(
            SourcePos(h9.path, line, column + at), f"{tag}[...]: the tournament {what} holds a "
            "tab or a control character, which the h9 results file cannot hold as OpenGotha "
            "writes it (it would break the header line); read as a space", "h9.escape",
            level="warning"))
    return found


def _as_written(text: str) -> str:
    """Return a value as an ISO-8859-15 h9 file holds it (``½`` becomes ``?``, as OpenGotha
    writes it), cut to OpenGotha's 4 characters."""
    return text[:4].encode(ENCODING, "replace").decode(ENCODING)


def check_values(h9: H9File, t: Tournament) -> list[Diagnostic]:
    """Return warnings for the file's criteria columns and places that differ from those of
    ``t`` (the tournament :func:`~sitegen.formats.h9.to_tournament` made of it) after its
    last round; one warning per column, at the first row that differs."""
    line, fields = h9.heading
    if not line:
        return [Diagnostic(SourcePos(h9.path, 1), "the file has no criteria heading line: the "
                           "criteria are taken as MMS, SOSM, SOSOSM and its value columns are "
                           "not compared", "h9.columns",
                           "add OpenGotha's heading, e.g. '; Pl Name Rk Co Club MMS SOS SOSOS'",
                           level="warning")] if h9.rows else []
    rows = {row.player_id: row for row in standings(t, t.rounds)} if t.rounds else {}
    names = split_heading(list(fields))
    criteria = list(t.parameters.criteria)
    warnings = []
    index = 0
    for k, (name, col) in enumerate(names):
        if name in NO_CRITERION:
            continue
        crit = criteria[index]
        index += 1
        shown = _column(h9, t, rows, k, _value_of(crit))
        if shown:
            warnings.append(_warning(h9, shown, f"column {name} ({crit.value})", col))
    places = _column(h9, t, rows, None, lambda row: str(row.place))
    if places:
        warnings.append(_warning(h9, places, "place", 1))
    return warnings


def _value_of(crit: Criterion) -> Callable[[PlacementRow], str]:
    """Return the function that shows a row's value of ``crit``."""
    return lambda row: opengotha_text(row.values[crit])


def _column(h9: H9File, t: Tournament, rows: dict[str, PlacementRow], k: int | None,
            value: Callable[[PlacementRow], str]) -> list[tuple[int, str, str, str]]:
    """Return (row index, name, in the file, computed) for each row whose column ``k`` (None:
    the place) differs from ``value(row)``; a blank place is the place of the row above."""
    differ = []
    place = None
    for n, (h9_row, player) in enumerate(zip(h9.rows, t.players)):
        row = rows.get(player.id)
        place = h9_row.place if h9_row.place is not None else place
        if k is None:
            written = "" if place is None else str(place)
        else:
            written = h9_row.values[k] if k < len(h9_row.values) else ""
        computed = "" if row is None else _as_written(value(row))
        if _as_written(written) != computed:
            differ.append((n, player.name, written, computed or "not listed"))
    return differ


def _warning(h9: H9File, differ: list[tuple[int, str, str, str]], what: str,
             col: int) -> Diagnostic:
    n, name, written, computed = differ[0]
    more = f" and {len(differ) - 1} more row{'s' if len(differ) > 2 else ''}" if len(differ) > 1 else ""
    return Diagnostic(SourcePos(h9.path, h9.rows[n].line, col if what != "place" else 1),
                      f"{what}: row {n + 1} ({name}) has {written or 'nothing'} in the file, "
                      f"{computed} computed from the games{more}", "h9.values",
                      "the file's settings may differ from those an h9 file carries (bye and "
                      "absence values, ...); the site shows the computed values", level="warning")


def fit_mcmahon_bar(h9: H9File, t: Tournament) -> Tournament:
    """Return ``t`` with the McMahon bar and floor that give the file's MMS column, when the
    defaults (4d, 20k) do not and one bar and floor give every row's MMS (an h9 file does not
    carry them; placement: MMS). Rows whose value is not a whole number or half are skipped;
    without an MMS column, or when no bar and floor fit, ``t`` is returned as it is."""
    names = [name for name, _ in split_heading(list(h9.heading[1]))]
    if "MMS" not in names or not t.rounds:
        return t
    k = names.index("MMS")
    computed = {row.player_id: row.mms for row in standings(t, t.rounds, include_not_implied=True)}
    start: dict[str, int] = {}
    for h9_row, player in zip(h9.rows, t.players):
        text = h9_row.values[k] if k < len(h9_row.values) else ""
        if not VALUE_RE.fullmatch(text) or text in ("", "-") or player.id not in computed:
            continue
        start[player.id] = int(parse_value(text) - computed[player.id]) + smms(player, t.parameters)
    players = {p.id: p for p in t.players}
    seen = {pid: value - 30 - players[pid].smms_correction for pid, value in start.items()}
    tops = {v for pid, v in seen.items() if v < players[pid].rank.value}
    bottoms = {v for pid, v in seen.items() if v > players[pid].rank.value}
    if not seen or len(tops) > 1 or len(bottoms) > 1:
        return t
    ranks = [players[pid].rank.value for pid in seen]
    bar = tops.pop() if tops else max(t.parameters.bar.value, max(ranks))
    floor = bottoms.pop() if bottoms else min(t.parameters.floor.value, min(ranks))
    if not -30 <= floor <= bar <= 8 or any(
            min(max(players[pid].rank.value, floor), bar) != v for pid, v in seen.items()):
        return t
    return replace(t, parameters=replace(t.parameters, bar=Rank(bar), floor=Rank(floor)))
