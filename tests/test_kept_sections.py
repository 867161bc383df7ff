"""A kept part's player sections read back from the build cache player by player (issue 31;
sitegen.incremental.sections.KeptSections): a cached build makes sections only for the players
whose pages it keys or renders again, and what it makes is what the blob says, as a whole
reading would make it; rows that are not as sitegen writes them are refused when the cache is
opened."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, give_first_game_to_the_other  # noqa: E402
from fresh_renders import render  # noqa: E402

from sitegen import store  # noqa: E402
from sitegen.commands.build import build  # noqa: E402
from sitegen.depends import Digests  # noqa: E402
from sitegen.incremental.records import PartRecord  # noqa: E402
from sitegen.incremental.sections import KeptSections, KeptText, kept_section, section_digest  # noqa: E402
from sitegen.write import MARKER  # noqa: E402

LEAGUE = "partials/player_league.html"
NEXT = "partials/player_next.html"
SEASON_KEY = (dt.date(2024, 6, 30), "National League", "2024")


def _blob(tmp_path: Path, sections: list[tuple[str, list[tuple[str, tuple, str]]]]) -> tuple[dict, str]:
    """The blob of a part whose sections are ``(player, [(template, sort key, text)])`` (each
    with its digest) as JSON, and its ``.lines`` file, written."""
    plain = Digests()
    kept = tuple((player, tuple(kept_section(template, key, text, section_digest(template, plain.of(key), text.encode()))
                                for template, key, text in found))
                 for player, found in sections)
    record = PartRecord(b"\x01" * 32, None, (), (), kept, frozenset(), shape=b"\x02" * 32)
    lines = tmp_path / "p1.lines"
    lines.write_bytes(b"".join(section.where.encode() + b"\n" for _, found in kept for section in found))
    return json.loads(store._part_text(record)), str(lines)


def _read(raw: dict, lines: str) -> PartRecord:
    return store._part_record(store._Decoder().loads(json.dumps(raw)), lines)


FOUR = [("p1", [(LEAGUE, SEASON_KEY, "abc")]),
        ("p2", [(LEAGUE, SEASON_KEY, "abcd"), (NEXT, (dt.date.max, "next"), "12345")]),
        ("p3", [(LEAGUE, SEASON_KEY, "xy")])]
"""Texts of 3, 4, 5 and 2 bytes, each with its line's end: at offsets 0, 4, 9 and 15."""


def test_one_players_sections_are_made_alone_at_their_places(tmp_path):
    """By hand: p2's two sections are at offsets 4 (4 bytes) and 9 (5 bytes) of the .lines
    file, with their templates and sort keys; reading them makes no section of p1 or p3; p3's
    is at 15 (2 bytes); a player without a section of the part has none; then the whole table
    reads as the blob lists it, with the sections made before (the same objects)."""
    raw, lines = _blob(tmp_path, FOUR)
    sections = _read(raw, lines).sections
    assert isinstance(sections, KeptSections)
    p2 = sections.of("p2")
    assert [(s.template, s.sort_key, s.where) for s in p2] == [
        (LEAGUE, SEASON_KEY, KeptText(lines, 4, 4)), (NEXT, (dt.date.max, "next"), KeptText(lines, 9, 5))]
    assert [s.text for s in p2] == ["abcd", "12345"]  # each checked against its digest
    assert sorted(sections._made) == [1]  # p2's row alone
    assert [(s.where, s.text) for s in sections.of("p3")] == [(KeptText(lines, 15, 2), "xy")]
    assert sections.of("nobody") == ()
    assert sorted(sections._made) == [1, 2]
    whole = list(sections)
    assert [player for player, _ in whole] == ["p1", "p2", "p3"]
    assert whole[1][1] is p2
    assert [s.where for _, found in whole for s in found] == [
        KeptText(lines, offset, length) for offset, length in ((0, 3), (4, 4), (9, 5), (15, 2))]
    assert [s.digest for _, found in whole for s in found] == [
        section_digest(template, Digests().of(key), text.encode()) for _, found in FOUR for template, key, text in found]


def test_a_player_listed_twice_reads_both_rows_in_order(tmp_path):
    """A player with two rows of one part (a blob may list them so) gets both, in the blob's
    order, as a whole reading merged by player gives them."""
    raw, lines = _blob(tmp_path, [("p1", [(LEAGUE, SEASON_KEY, "a")]), ("p2", [(LEAGUE, SEASON_KEY, "bb")]),
                                  ("p1", [(NEXT, (dt.date.max, "next"), "ccc")])])
    sections = _read(raw, lines).sections
    assert [s.text for s in sections.of("p1")] == ["a", "ccc"]
    assert [s.where for s in sections.of("p1")] == [KeptText(lines, 0, 1), KeptText(lines, 5, 3)]


@pytest.mark.parametrize("change", [
    lambda raw: raw["sections"][0].__setitem__(1, [0, "01" * 31, 3]),          # a digest cut short
    lambda raw: raw["sections"][0].__setitem__(1, [0, "01" * 33, 3]),          # one too long
    lambda raw: raw["sections"][0].__setitem__(1, [0, "zz" * 32, 3]),          # not hexadecimal
    lambda raw: raw["sections"][0].__setitem__(1, [0, " " + "01" * 31 + " ", 3]),  # 64 long, blanks fromhex skips
    lambda raw: raw["sections"][0].__setitem__(1, [0, 1, 3]),                 # not text
    lambda raw: raw["sections"][0].__setitem__(1, [0, "01" * 32, 3.0]),       # a length that is not an int
    lambda raw: raw["sections"][0].__setitem__(0, 7),                         # a player that is not text
    lambda raw: raw["sections"][0].__setitem__(1, "abc"),                     # a row that is not a list
    lambda raw: raw["sections"].__setitem__(0, ["p1", [0, "01" * 32, 3], "x"]),  # not a pair
])
def test_rows_not_as_sitegen_writes_them_are_refused_when_the_cache_is_opened(tmp_path, change):
    """Each of these does not decode (ValueError: the cache is not used, sitegen.store._load),
    though no section is made when the cache is opened."""
    raw, lines = _blob(tmp_path, [("p1", [(LEAGUE, SEASON_KEY, "abc")])])
    _read(raw, lines)  # as written: read
    change(raw)
    with pytest.raises(ValueError):
        _read(raw, lines)


def _output_of(root: Path) -> dict[str, bytes]:
    out = root / "output"
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != MARKER}


def test_a_cached_build_makes_the_kept_sections_of_the_pages_it_keys_only(tmp_path):
    """Issue 31: after one reversed league result, the cached build makes kept sections only
    for players whose pages it keys again (the plan's sections are not merged: each page's are
    read when it is keyed), fewer than the kept parts list; the site is a fresh build's, byte
    for byte, after this build and after a second reversal."""
    root = demo_site(tmp_path)
    build(root / "content", root / "output")
    season = sorted((root / "content/leagues").glob("*/seasons/*.yaml"))[-1]
    for _ in range(2):
        players = give_first_game_to_the_other(season)
        result = build(root / "content", root / "output")
        assert _output_of(root) == render(root / "content") and result.note == ""
        plan = result.made.plan
        kept = [table for table in plan._pending if isinstance(table, KeptSections)]
        assert kept and not plan._sections  # never merged
        made = {table.players[row] for table in kept for row in table._made}
        covered = plan.player_results._covers
        assert set(players) & made and made <= covered
        assert sum(len(table._made) for table in kept) < sum(len(table) for table in kept)
