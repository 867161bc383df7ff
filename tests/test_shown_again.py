"""Which players' pages a cached build keys again after a part is planned again (issue 31;
sitegen.incremental.records.shown_again): of a league season or a league's own part planned
again, only the players whose sections of it changed (gained, lost or other); of any other
part, every player found in it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, give_first_game_to_the_other  # noqa: E402

from sitegen.commands.build import build  # noqa: E402
from fresh_renders import render  # noqa: E402
from sitegen.incremental.records import PartRecord, shown_again  # noqa: E402
from sitegen.incremental.sections import StoredSection  # noqa: E402
from sitegen.write import MARKER  # noqa: E402


def section(digest: bytes) -> StoredSection:
    return StoredSection("partials/player_league.html", (), "{}", digest)


def record(sections: dict[str, list[bytes]], people: set[str], inputs: bytes = b"in") -> PartRecord:
    return PartRecord(inputs, None, (), (), tuple((player, tuple(map(section, digests)))
                                                 for player, digests in sections.items()),
                      frozenset(people))


PEOPLE = {"p1", "p2", "p3", "p4", "p5"}
BEFORE = record({"p1": [b"a"], "p2": [b"b"], "p3": [b"c", b"d"], "p6": [b"f"]}, PEOPLE | {"p6"})
NOW = record({"p1": [b"a"], "p2": [b"B"], "p3": [b"d", b"c"], "p4": [b"e"]}, PEOPLE)
"""By hand: p1's section is the same; p2's changed; p3's two sections came in the other order;
p4 has a section now and had none; p5 is found in the part's inputs (a neighbouring season's
outline) with no section in either build; p6 had a section and is no longer in the part."""


def test_a_league_seasons_players_with_the_same_sections_are_not_shown_again():
    """p1 (the same section) and p5 (none in either build: no game or division in the season)
    keep their pages; p2 (changed), p3 (other order), p4 (gained) and p6 (lost) are shown again."""
    assert shown_again(("league-season", "national", "2024"), NOW, BEFORE) == {"p2", "p3", "p4", "p6"}


def test_a_leagues_own_part_shows_no_player_again():
    """A league's own part (its page, from its seasons' summaries: the leaders found in it) has
    no player section: no player's page is keyed again for it."""
    assert shown_again(("league", "national"), record({}, PEOPLE), record({}, PEOPLE - {"p1"})) == set()


def test_a_player_with_two_entries_is_compared_on_all_of_them():
    """A player listed twice by a part (two groups) keeps their page only when both entries'
    sections are the same, in the same order."""
    before = PartRecord(b"in", None, (), (), (("p1", (section(b"a"),)), ("p1", (section(b"b"),))),
                        frozenset({"p1"}))
    same = PartRecord(b"in", None, (), (), (("p1", (section(b"a"),)), ("p1", (section(b"b"),))),
                      frozenset({"p1"}))
    changed = PartRecord(b"in", None, (), (), (("p1", (section(b"x"),)), ("p1", (section(b"b"),))),
                         frozenset({"p1"}))
    ident = ("league-season", "national", "2024")
    assert shown_again(ident, same, before) == set()
    assert shown_again(ident, changed, before) == {"p1"}


def test_other_parts_and_parts_without_every_section_show_every_player_again():
    """A tournament's sections are not known to hold its overview's results: every player found
    in it; a league season new to this build, or one whose sections were not all written down
    (a section that is not JSON: inputs b""), the same."""
    assert shown_again(("tournament", "t1"), NOW, BEFORE) == PEOPLE
    assert shown_again(("ladder", "club"), NOW, BEFORE) == PEOPLE
    assert shown_again(("league-season", "national", "2024"), NOW, None) == PEOPLE
    assert shown_again(("league-season", "national", "2024"),
                       record({"p1": [b"a"]}, PEOPLE, inputs=b""), BEFORE) == PEOPLE
    assert shown_again(("league-season", "national", "2024"), NOW,
                       record({"p1": [b"a"]}, PEOPLE, inputs=b"")) == PEOPLE


def output_of(root: Path) -> dict[str, bytes]:
    output = root / "output"
    return {p.relative_to(output).as_posix(): p.read_bytes() for p in output.rglob("*")
            if p.is_file() and p.name != MARKER}


def test_after_one_league_result_only_the_changed_sections_players_are_keyed_again(tmp_path):
    """Issue 31: after one reversed league result, the cached build works out the results and
    keys the pages of the players whose sections of the season changed (the game's two players
    among them: their games and points), not of the season's every player; the site is a fresh
    build's, byte for byte."""
    root = demo_site(tmp_path)
    build_before = build(root / "content", root / "output")
    season = sorted((root / "content/leagues").glob("*/seasons/*.yaml"))[-1]
    players = give_first_game_to_the_other(season)
    result = build(root / "content", root / "output")
    assert output_of(root) == render(root / "content") and result.note == ""
    cache = result.made.cache
    old = build_before.made.cache.caches.new_parts
    planned = set().union(*(record.people for ident, record in cache.caches.new_parts.items()
                            if ident[0] == "league-season" and record.inputs != old[ident].inputs))
    leaders = set().union(*(record.people for ident, record in cache.caches.new_parts.items()
                            if ident[0] == "league" and record.inputs != old[ident].inputs))
    covered = result.made.plan.player_results._covers
    assert set(players) <= covered
    assert covered & planned < planned  # main keyed every one of them
    assert leaders - planned and not covered & (leaders - planned)  # nor the league page's leaders
    made = {pid for url, pid in cache.player_pages.items() if url + "index.html" in cache.made_shas}
    assert made <= covered
