"""The CSV twin of a JSON document (sitegen.plan.csv_of_document) against its plain form: the
faster form (each row's cells in one list, a list's texts checked in place, the formula
characters looked up in a set) writes the same bytes as the form it replaced, kept here."""

import csv
import io
import json
import re
from typing import Any

from hypothesis import given, settings, strategies as st

from sitegen.plan import csv_of_document

_FORMULA_START = re.compile(r"[=+\-@\x00-\x1f\x7f]")


def _plain_cell(value: Any) -> str:
    """One value's cell as the plain form wrote it (before issue 31's full-build pass)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        text = " ".join("_" if v is None else _plain_cell(v) for v in value)
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    else:
        text = str(value)
    return "'" + text if _FORMULA_START.match(text) else text


def _plain_csv(doc: Any) -> bytes:
    rows = (doc.get("rows", doc.get("members")) if isinstance(doc, dict) else None) or []
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_plain_cell(row.get(key)) for key in columns])
    return out.getvalue().encode("utf-8")


_TEXT = st.text(st.sampled_from(["=", "+", "-", "@", "\t", "\r", "\n", "\x00", "\x1f", "\x7f", " ",
                                 '"', ",", "'", "_", "a", "É", "7", ".", "/"]), max_size=6)
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-30, 30), _TEXT,
                    st.sampled_from([0.5, -14.5, 2.25, -0.75]))
_VALUE = st.one_of(_SCALAR, st.lists(_SCALAR, max_size=4), st.tuples(_SCALAR, _SCALAR),
                   st.lists(st.lists(_SCALAR, max_size=2), max_size=2),
                   st.dictionaries(st.sampled_from(["a", "b"]), _SCALAR, max_size=2))
_ROW = st.dictionaries(st.sampled_from(["place", "name", "games", "opponents", "SOSM", "x", "y"]),
                       _VALUE, max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ROW, max_size=5), st.sampled_from(["rows", "members"]))
def test_csv_twin_is_the_plain_forms(rows, key):
    doc = {key: rows, "other": 1}
    assert csv_of_document(doc) == _plain_csv(doc)


def test_csv_twin_of_a_standings_row_by_hand():
    """A tournament's standings row: a bye in round 1 (a null opponent), game strings, a
    half-point criterion; an id starting with a formula character is text in a list too."""
    doc = {"rows": [{"place": 1, "shared": False, "name": "Ann", "SOSM": 12.5,
                     "games": ["0+", "3+/w0", "2-/b1"], "opponents": [None, "c", "-b"]}]}
    assert csv_of_document(doc) == (b"place,shared,name,SOSM,games,opponents\r\n"
                                    b"1,false,Ann,12.5,0+ 3+/w0 2-/b1,_ c '-b\r\n")
