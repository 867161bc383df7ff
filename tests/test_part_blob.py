"""A planned part's blob in the build cache (sitegen.store, format 7): its player sections'
templates and sort keys written once per part, each section a ``kind, digest, length`` of its
player's row; read back exactly as written, and refused when forged (issue 31)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from sitegen import store
from sitegen.incremental.records import PartRecord
from sitegen.depends import Digests
from sitegen.incremental.sections import KeptText, kept_section, section_digest

LEAGUE = "partials/player_league.html"
NEXT = "partials/player_next.html"
SEASON_KEY = (dt.date(2024, 6, 30), "National League", "2024")


def _record(sections: list[tuple[str, list[tuple[str, tuple, str]]]]) -> PartRecord:
    """A part whose sections are ``(player, [(template, sort key, text)])``, each with its
    digest (of its template, sort key and text: checked when its text is read back)."""
    plain = Digests()
    kept = tuple((player, tuple(kept_section(template, key, text,
                                             section_digest(template, plain.of(key), text.encode()))
                                for template, key, text in found))
                 for player, found in sections)
    return PartRecord(b"\x01" * 32, None, (), (), kept, frozenset(), shape=b"\x02" * 32)


def _read_back(record: PartRecord, tmp_path) -> tuple[dict, PartRecord]:
    """The blob of ``record`` as JSON and the record read back from it, with a ``.lines``
    file of the size its sections' lengths say (one byte more each: the line's end)."""
    text = store._part_text(record)
    lines = tmp_path / "p1.lines"
    lines.write_bytes(b"".join(section.where.encode() + b"\n"
                               for _, found in record.sections for section in found))
    return json.loads(text), store._part_record(store._Decoder().loads(text), str(lines))


def test_a_seasons_sections_share_one_kind_and_read_back_as_written(tmp_path):
    """Three players of one season (one template, one sort key) and one with a next pairing
    as well: two kinds in the table; every section reads back with its template, sort key,
    digest and place in the ``.lines`` file (offsets 0, 4, 9, 15: texts of 3, 4, 5 and 2
    bytes, each with its line's end)."""
    record = _record([("p1", [(LEAGUE, SEASON_KEY, "abc")]),
                      ("p2", [(LEAGUE, SEASON_KEY, "abcd"), (NEXT, (dt.date.max, "next"), "12345")]),
                      ("p3", [(LEAGUE, SEASON_KEY, "xy")])])
    raw, back = _read_back(record, tmp_path)
    assert len(raw["kinds"]) == 2
    assert [len(row) for _, row in raw["sections"]] == [3, 6, 3]
    assert [player for player, _ in back.sections] == ["p1", "p2", "p3"]
    found = [section for _, sections in back.sections for section in sections]
    assert [(s.template, s.sort_key, s.digest) for s in found] == [
        (s.template, s.sort_key, s.digest) for _, sections in record.sections for s in sections]
    assert [(s.template, s.sort_key) for s in found] == [
        (LEAGUE, SEASON_KEY), (LEAGUE, SEASON_KEY), (NEXT, (dt.date.max, "next")), (LEAGUE, SEASON_KEY)]
    assert [s.where for s in found] == [KeptText(str(tmp_path / "p1.lines"), offset, length)
                                        for offset, length in ((0, 3), (4, 4), (9, 5), (15, 2))]
    assert [s.text for s in found] == ["abc", "abcd", "12345", "xy"]  # each checked by its digest


def test_sort_keys_equal_but_written_apart_keep_their_own_kinds(tmp_path):
    """``(1,)``, ``(True,)`` and ``(1.0,)`` are equal in Python but written ``1``, ``true``
    and ``1.0``; ``(0.0,)`` and ``(-0.0,)`` too: each keeps a kind of its own and reads back
    with its own type and sign: its text, checked against a digest of its sort key as
    written, reads back."""
    keys = [(1,), (True,), (1.0,), (0.0,), (-0.0,), (1,)]
    record = _record([("p1", [(LEAGUE, key, "t") for key in keys])])
    raw, back = _read_back(record, tmp_path)
    assert len(raw["kinds"]) == 5
    read = [section.sort_key for section in back.sections[0][1]]
    assert read == keys
    assert [type(key[0]) for key in read] == [int, bool, float, float, float, int]
    assert [str(key[0]) for key in read] == ["1", "True", "1.0", "0.0", "-0.0", "1"]
    assert [section.text for section in back.sections[0][1]] == ["t"] * 6


@pytest.mark.parametrize("row", [[1, "01" * 32, 3],        # a kind that is not in the table
                                 [-1, "01" * 32, 3],       # nor from its end
                                 [0, "01" * 32],           # a row cut short
                                 [0, "01" * 32, -3],       # a negative length
                                 [True, "01" * 32, 3]])    # a kind that is not a number
def test_a_forged_row_is_refused(tmp_path, row):
    """A row whose kind is not in the part's table, that is cut short, or whose length is
    negative does not decode (ValueError: the cache is not used, sitegen.store._load)."""
    raw, _ = _read_back(_record([("p1", [(LEAGUE, SEASON_KEY, "abc")])]), tmp_path)
    raw["sections"] = [["p1", row]]
    with pytest.raises(ValueError):
        store._part_record(store._Decoder().loads(json.dumps(raw)), str(tmp_path / "p1.lines"))
