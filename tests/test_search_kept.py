"""search.json made only when what it shows changed (issue 31, stop 50): the file is planned as
a function of the players' records in the index's order, each player's competitions played
(sorted) and the other entries (sitegen.pages.navigation.search_file), so its key is the digest
of those, and a cached build makes it only when one of them changed. A player section's
sort, too, is done when the page is keyed or rendered (sitegen.pages.players.Newest)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, give_first_game_to_the_other  # noqa: E402

from sitegen.commands.build import build, plan  # noqa: E402
from fresh_renders import render  # noqa: E402
from sitegen.depends import Digests  # noqa: E402
from sitegen.i18n import ENGLISH_WORDS  # noqa: E402
from sitegen.pages import navigation  # noqa: E402
from sitegen.pages.navigation import search_file, search_index  # noqa: E402
from sitegen.pages.players import Newest  # noqa: E402
from sitegen.plan import PlayerSection  # noqa: E402
from sitegen.write import MARKER  # noqa: E402


def output_of(root: Path) -> dict[str, bytes]:
    output = root / "output"
    return {p.relative_to(output).as_posix(): p.read_bytes() for p in output.rglob("*")
            if p.is_file() and p.name != MARKER}


def counting(monkeypatch) -> list[int]:
    """Count the calls of search.json's maker (sitegen.pages.navigation.search_bytes)."""
    calls: list[int] = []
    made = navigation.search_bytes

    def counted(*args):
        calls.append(1)
        return made(*args)
    monkeypatch.setattr(navigation, "search_bytes", counted)
    return calls


def last_season(root: Path) -> Path:
    return sorted((root / "content/leagues").glob("*/seasons/*.yaml"))[-1]


def reverse_a_league_result(season: Path) -> None:
    """Give the first game of ``season`` (the demo's form) to the other player."""
    give_first_game_to_the_other(season)


def test_after_one_league_result_search_json_is_not_made_again(tmp_path, monkeypatch):
    """A reversed league result changes no player's record and no player's competitions played
    (a win and a loss both count): the cached build keeps search.json without making it (main
    made its 20,000 entries in each cached build at full size); the site is a fresh build's.
    (A build from scratch keys only the player pages: the first cached build after it makes
    search.json once, and keys it.)"""
    root = demo_site(tmp_path)
    build(root / "content", root / "output")
    season = last_season(root)
    for _ in range(2):
        reverse_a_league_result(season)
        calls = counting(monkeypatch)
        result = build(root / "content", root / "output")
    assert calls == [] and "search.json" not in result.made.cache.made_shas
    assert any(path.endswith(".html") for path in result.made.cache.made_shas)  # the season's pages were
    assert result.note == "" and output_of(root) == render(root / "content")


def test_a_renamed_player_makes_search_json_again(tmp_path, monkeypatch):
    """A player's name is shown in search.json: renaming Ada Stenhouse (the club ladder's
    players file) makes it again, with the new name and not the old, as a fresh build does."""
    root = demo_site(tmp_path)
    build(root / "content", root / "output")
    reverse_a_league_result(last_season(root))
    build(root / "content", root / "output")  # search.json keyed (a build from scratch does not)
    players = root / "content/players/club.yaml"
    text = players.read_text(encoding="utf-8")
    assert text.count("name: Ada Stenhouse,") == 1
    players.write_text(text.replace("name: Ada Stenhouse,", "name: Ada Quill Stenhouse,"), encoding="utf-8")
    calls = counting(monkeypatch)
    result = build(root / "content", root / "output")
    assert calls == [1] and "search.json" in result.made.cache.made_shas
    made = (root / "output/search.json").read_text(encoding="utf-8")
    assert '"Ada Quill Stenhouse"' in made and '"Ada Stenhouse"' not in made
    assert result.note == "" and output_of(root) == render(root / "content")


def test_search_json_key_follows_the_competitions_played_not_their_set_order(tmp_path):
    """The key is the digest of what the file shows: the same competitions played, given as
    sets built in another order, give the same key (they are sorted); a competition more for
    one player, or one player's set given to another, gives another key. The file's bytes are
    those of :func:`search_index`."""
    content, _ = plan(demo_site(tmp_path) / "content")
    first, second = sorted(content.players)[:2]
    played = {first: {"B league", "A cup", "C ladder"}, second: {"A cup"}}
    reordered = {second: {"A cup"}, first: {"C ladder", "A cup", "B league"}}
    more = {first: {"B league", "A cup", "C ladder"}, second: {"A cup", "D open"}}
    swapped = {second: {"B league", "A cup", "C ladder"}, first: {"A cup"}}

    def key(competitions: dict[str, set[str]]) -> bytes:
        return Digests().of(search_file(content, competitions, ENGLISH_WORDS))

    assert key(played) == key(reordered)
    assert len({key(played), key(more), key(swapped)}) == 3
    made = search_file(content, played, ENGLISH_WORDS).data
    assert callable(made) and made() == search_index(content, reordered, ENGLISH_WORDS)


def test_a_players_sections_are_sorted_newest_first_when_read():
    """Newest sorts the sections newest first by sort key when first read, sections of equal
    keys in the order given (a stable sort: two next pairings of one day), and is digested as
    the sorted list: the same sections given in another order of distinct keys digest alike."""
    old, new, same_a, same_b = (PlayerSection("t", (1,), {"n": "old"}), PlayerSection("t", (3,), {"n": "new"}),
                                PlayerSection("t", (2,), {"n": "a"}), PlayerSection("t", (2,), {"n": "b"}))
    found = [old, same_a, new, same_b]
    newest = Newest(found)
    assert newest.get() == [new, same_a, same_b, old] and found == [old, same_a, new, same_b]
    assert Digests().of(Newest([same_a, old, same_b, new])) == Digests().of(newest)
    assert Digests().of(Newest([same_b, old, same_a, new])) != Digests().of(newest)


class _Overviews:
    """A stand-in of sitegen.pages.players.Overviews: a section of sort key (2,) naming its player."""

    def section(self, pid: str) -> PlayerSection:
        return PlayerSection("overview", (2,), {"player": pid})


def test_a_players_overview_section_is_made_when_the_sections_are_read():
    """With the overviews (sitegen.pages.players.Overviews), the player's overview section is
    made when the sections are first read, once, and placed after the rule sets' sections of an
    equal key (it was added to the plan after them): new (3), a (2), the overview (2), old (1)."""
    old, new, same = (PlayerSection("t", (1,), {"n": "old"}), PlayerSection("t", (3,), {"n": "new"}),
                      PlayerSection("t", (2,), {"n": "a"}))
    newest = Newest([old, same, new], "ann", _Overviews())  # type: ignore[arg-type]
    shown = newest.get()
    assert [s.data for s in shown] == [{"n": "new"}, {"n": "a"}, {"player": "ann"}, {"n": "old"}]
    assert newest.get() is shown
