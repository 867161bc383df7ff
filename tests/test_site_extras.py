"""Player-facing extras (issue 8): head-to-head records, the division path chart, search.json,
CSV twins, "last updated" dates, the Atom feed and sitemap.xml. Expected values are worked by
hand from the small content trees below."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from sitegen.commands.build import render
from sitegen.plan import csv_of_document
from sitegen.svg import DivisionPoint, division_chart

LEAGUE = {"content/leagues/club/league.yaml": "name: Club League\n"}
# Ann and Bob meet in both seasons: 2024 Bob (Black) loses to Ann (W+R) on 2024-01-10; 2025 a
# jigo on 2025-02-01. Ann meets Cy once (2024, B+3.5: Ann wins). Division path: Ann A then B.
SEASONS = {
    "content/leagues/club/seasons/2024.yaml": """\
        name: Season 2024
        start: 2024-01-10
        end: 2024-03-20
        divisions:
          - name: A
            groups:
              - name: A1
                players: [ann, bob, cy]
                games:
                  - {black: bob, white: ann, result: W+R, date: 2024-01-10}
                  - {black: ann, white: cy, result: B+3.5}
          - name: B
            groups:
              - name: B1
                players: []
        """,
    "content/leagues/club/seasons/2025.yaml": """\
        name: Season 2025
        start: 2025-01-10
        end: 2025-03-20
        divisions:
          - name: A
            groups:
              - name: A1
                players: [bob, cy]
          - name: B
            groups:
              - name: B1
                players: [ann, bob2]
                games: []
        """,
}


@pytest.fixture
def built(site):
    def build(extra: dict[str, str] | None = None, base_url: str = "https://go.example.org/club/"):
        files = {**LEAGUE, **SEASONS, "content/site.yaml": f"title: Club\nbase_url: {base_url}\n",
                 "content/players.yaml": "players:\n  - {id: ann, name: Ann Ängström}\n  - {id: bob, name: Bob}\n"
                                         "  - {id: cy, name: Cy}\n  - {id: bob2, name: Bob Two}\n"}
        files.update(extra or {})
        root = site(files)
        return render(root / "content", None)
    return build


def test_head_to_head_counts_opponents_met_twice_or_more(built):
    files = built({"content/leagues/club/seasons/2025.yaml": SEASONS["content/leagues/club/seasons/2025.yaml"]
                   .replace("players: [ann, bob2]\n                games: []",
                            "players: [ann, bob]\n                games:\n                  - {black: ann, white: bob, result: jigo, date: 2025-02-01}")
                   .replace("players: [bob, cy]", "players: [cy]")})
    ann = files["players/ann/index.html"].decode()
    # Bob: met 2 (2024 win, 2025 jigo) -> record 1–0–1, last 2025-02-01. Cy: met once -> no row.
    assert '<th scope="row"><a href="/club/players/bob/">Bob</a></th><td class="num">2</td><td class="num">1–0–1</td>' \
           '<td><time datetime="2025-02-01">2025-02-01</time></td>' in ann
    assert '<a href="/club/players/cy/">Cy</a></th><td class="num">1' not in ann
    bob = files["players/bob/index.html"].decode()
    assert '<a href="/club/players/ann/">Ann Ängström</a></th><td class="num">2</td><td class="num">0–1–1</td>' in bob


def test_division_chart_of_a_player_in_two_seasons(built):
    ann = built()["players/ann/index.html"].decode()
    # Ann: 2024 division A, 2025 division B -> two dots, A's row above B's (y 14 and 36).
    assert '<desc id="path-1-d">2024: division A; 2025: division B.</desc>' in ann
    assert '<polyline class="line" points="34,14 308,36"/>' in ann


def test_division_chart_breaks_the_line_for_a_missed_season():
    svg = division_chart([DivisionPoint("s1", "A"), DivisionPoint("s2", None), DivisionPoint("s3", "A"),
                          DivisionPoint("s4", "B")], ["A", "B", "C"], "Ann <path>", "c")
    # x: 34 + 274*i/3 -> 34, 125.3, 216.7, 308; the missed season s2 splits the line in two.
    assert "<polyline" in svg and svg.count("<polyline") == 1  # s1 alone draws no line, only a dot
    assert 'points="216.7,14 308,36"' in svg and svg.count("<circle") == 3
    assert "<title id=\"c-t\">Ann &lt;path&gt;</title>" in svg
    with pytest.raises(ValueError, match="division 'D'"):
        division_chart([DivisionPoint("s1", "D")], ["A"], "t", "c")


def test_division_chart_coordinates_round_half_to_even_in_tenths():
    """Coordinates keep one decimal, halves of a tenth going to the even tenth (as
    ``round(Fraction)``): 0.05 -> 0, 0.15 -> 0.2, -0.05 -> 0, 1000/3 -> 333.3, 1.75 -> 1.8
    (17.5 tenths -> 18); one season
    alone sits in the middle: x = 34 + 274/2 = 171."""
    from fractions import Fraction

    from sitegen.svg import _num

    assert [_num(Fraction(1, 20)), _num(Fraction(3, 20)), _num(Fraction(-1, 20)),
            _num(Fraction(1000, 3)), _num(Fraction(7, 4)), _num(40)] == [
        "0", "0.2", "0", "333.3", "1.8", "40"]
    svg = division_chart([DivisionPoint("s1", "B")], ["A", "B"], "t", "c")
    assert '<circle class="dot" cx="171" cy="14" r="3"/>' in svg


def test_division_paths_from_the_index_of_seasons(built):
    """The division index is built once per build; a player's path runs from their first to
    their last season in the league, a missed season in between as None."""
    from sitegen.pages.players import division_paths, season_divisions

    class _Season:
        def __init__(self, sid, start, divisions):
            self.id, self.start, self.divisions = sid, start, divisions

    class _Division:
        def __init__(self, name, players):
            self.name, self.groups = name, [type("G", (), {"players": players})()]

    import datetime as dt
    league = type("L", (), {"id": "l", "name": "L", "seasons": [
        _Season("s3", dt.date(2023, 1, 1), [_Division("A", ["ann"]), _Division("B", ["bob"])]),
        _Season("s1", dt.date(2021, 1, 1), [_Division("A", ["bob"]), _Division("B", ["ann"])]),
        _Season("s2", dt.date(2022, 1, 1), [_Division("A", ["bob"])]),
    ]})()
    content = type("C", (), {"leagues": [league]})()
    index = season_divisions(content)
    (ann,) = division_paths(content, "ann", index)
    assert [(p.label, p.division) for p in ann["path"]] == [("s1", "B"), ("s2", None), ("s3", "A")]
    assert ann["seasons"] == 2 and ann["order"] == ["A", "B"]
    (bob,) = division_paths(content, "bob")
    assert [(p.label, p.division) for p in bob["path"]] == [("s1", "A"), ("s2", "A"), ("s3", "B")]
    assert division_paths(content, "cy", index) == []


def test_search_index_lists_players_and_competitions_with_folded_names(built):
    data = json.loads(built()["search.json"])
    assert ["Ann Ängström", "players/ann/", "Club League", "ann angstrom"] in data["players"]
    assert data["competitions"] == [["Club League", "leagues/club/", "league", "club league"]]
    assert [p[0] for p in data["players"]] == ["Ann Ängström", "Bob", "Bob Two", "Cy"]


def test_csv_twin_has_the_json_columns_in_order():
    data = json.dumps({"rows": [
        {"place": 1, "shared": False, "name": "Ann, \"A\"", "gp": 2.5, "games": ["1+/w", None], "outcome": None},
        {"place": 2, "shared": True, "name": "Bob", "gp": 2, "games": [], "outcome": "relegated", "x": 1}]})
    assert csv_of_document(json.loads(data)).decode() == (
        "place,shared,name,gp,games,outcome,x\r\n"
        '1,false,"Ann, ""A""",2.5,1+/w -,,\r\n'
        "2,true,Bob,2,,relegated,1\r\n")


def test_every_standings_json_has_a_csv_twin(built):
    files = built()
    twins = sorted(p for p in files if p.endswith("standings.csv"))
    assert twins == [p[:-4] + "csv" for p in sorted(files) if p.endswith("standings.json")] and twins
    assert files["leagues/club/2024/a1/standings.csv"].decode().splitlines()[1].startswith("1,false,ann,Ann Ängström,2,")


def test_last_updated_comes_from_the_content(built):
    files = built()
    # Group 2024 A1: its latest dated game 2024-01-10; group 2025 B1 has no game: the season end.
    assert '<p class="updated">Last updated <time datetime="2024-01-10">' in files["leagues/club/2024/a1/index.html"].decode()
    assert '<time datetime="2025-03-20">' in files["leagues/club/2025/b1/index.html"].decode()
    assert 'class="updated"' not in files["players/ann/index.html"].decode()


def test_feed_and_sitemap_use_absolute_urls_and_content_dates(built):
    files = built({"content/pages/news.md": "---\ntitle: Season 2025 <starts>\nkind: news\ndate: 2025-01-05\n---\nHi\n"})
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.fromstring(files["feed.xml"])
    entries = [(e.find(atom + "title").text, e.find(atom + "updated").text,
                e.find(atom + "link").get("href")) for e in feed.findall(atom + "entry")]
    # Newest first. Season 2025 has no game with a result: no entry. The news page of
    # 2025-01-05, then season 2024's results, dated by its only dated game (2024-01-10).
    assert entries == [
        ("Season 2025 <starts>", "2025-01-05T00:00:00Z", "https://go.example.org/club/news/"),
        ("Club League · Season 2024: results", "2024-01-10T00:00:00Z", "https://go.example.org/club/leagues/club/2024/")]
    assert feed.find(atom + "updated").text == "2025-01-05T00:00:00Z"
    sitemap = ET.fromstring(files["sitemap.xml"])
    ns = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    locs = {u.find(ns + "loc").text: getattr(u.find(ns + "lastmod"), "text", None) for u in sitemap}
    assert locs["https://go.example.org/club/"] is None
    assert locs["https://go.example.org/club/leagues/club/2024/a1/"] == "2024-01-10"
    assert "https://go.example.org/club/404.html" not in locs and len(locs) == len(
        [p for p in files if p.endswith("index.html")])


def test_no_feed_or_sitemap_without_an_absolute_base_url(built):
    files = built(base_url="/")
    assert "feed.xml" not in files and "sitemap.xml" not in files
    assert b"application/atom+xml" not in files["index.html"]
