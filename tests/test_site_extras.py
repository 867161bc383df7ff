"""Player-facing extras (issue 8): head-to-head records, the division path chart, search.json,
CSV twins, "last updated" dates, the Atom feed and sitemap.xml. Expected values are worked by
hand from the small content trees below."""

from __future__ import annotations

import datetime as dt
import json
import re
import xml.etree.ElementTree as ET

import pytest

from fresh_renders import render
from sitegen.plan import csv_of_document
from sitegen.svg import DivisionPoint, division_chart
from sitegen.i18n import ENGLISH_WORDS

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
                          DivisionPoint("s4", "B")], ["A", "B", "C"], "Ann <path>", "c", ENGLISH_WORDS)
    # x: 34 + 274*i/3 -> 34, 125.3, 216.7, 308; the missed season s2 splits the line in two.
    assert "<polyline" in svg and svg.count("<polyline") == 1  # s1 alone draws no line, only a dot
    assert 'points="216.7,14 308,36"' in svg and svg.count("<circle") == 3
    assert "<title id=\"c-t\">Ann &lt;path&gt;</title>" in svg
    with pytest.raises(ValueError, match="division 'D'"):
        division_chart([DivisionPoint("s1", "D")], ["A"], "t", "c", ENGLISH_WORDS)


def test_division_chart_coordinates_round_half_to_even_in_tenths():
    """Coordinates keep at most one decimal, halves of a tenth going to the even tenth (the
    same text on every machine). Seasons are spread evenly over x = 34 to 308: with 41 of
    them x_i = 34 + 274 i / 40 = 34 + 6.85 i, so x_1 = 40.85 -> 40.8 (408.5 tenths: even 408),
    x_3 = 54.55 -> 54.6 (545.5: even 546), x_20 = 171, x_40 = 308; with 4 of them
    34 + 274/3 = 125.33... -> 125.3 and 34 + 548/3 = 216.66... -> 216.7. One season alone
    sits in the middle: x = 34 + 274/2 = 171."""

    def dots(count: int) -> list[str]:
        svg = division_chart([DivisionPoint(f"s{i}", "A") for i in range(count)], ["A"], "t", "c", ENGLISH_WORDS)
        return re.findall(r'<circle class="dot" cx="([^"]+)"', svg)

    many = dots(41)
    assert [many[i] for i in (0, 1, 3, 20, 40)] == ["34", "40.8", "54.6", "171", "308"]
    assert dots(4) == ["34", "125.3", "216.7", "308"]
    svg = division_chart([DivisionPoint("s1", "B")], ["A", "B"], "t", "c", ENGLISH_WORDS)
    assert '<circle class="dot" cx="171" cy="14" r="3"/>' in svg


def test_division_path_follows_the_season_dates_and_breaks_at_a_missed_season(built):
    """A player's chart runs from their first to their last season in the league, in the order
    of the seasons' start dates (not of their file names): the season "autumn" (2024-09-01)
    comes between 2024 and 2025, and Ann, who missed it, gets it as "not played", which breaks
    her line (x = 34, 171, 308 for three seasons; A at y 14, B at y 36: two dots, no line). Bob
    played all three in A: one line. Bob Two played one season only: no chart."""
    files = built({"content/leagues/club/seasons/autumn.yaml": """\
        name: Autumn 2024
        start: 2024-09-01
        end: 2024-11-30
        divisions:
          - name: A
            groups:
              - name: A1
                players: [bob, cy]
        """})
    ann = files["players/ann/index.html"].decode()
    assert '<desc id="path-1-d">2024: division A; autumn: not played; 2025: division B.</desc>' in ann
    assert '<circle class="dot" cx="34" cy="14" r="3"/><circle class="dot" cx="308" cy="36" r="3"/>' in ann
    assert "<polyline" not in ann
    bob = files["players/bob/index.html"].decode()
    assert '<desc id="path-1-d">2024: division A; autumn: division A; 2025: division A.</desc>' in bob
    assert '<polyline class="line" points="34,14 171,14 308,14"/>' in bob
    assert "path-chart" not in files["players/bob2/index.html"].decode()
    # the chart as a table: a row per season, autumn "not played" alone (no range)
    assert ('<tr><th scope="row">2024</th><td>A</td></tr>\n'
            '<tr><th scope="row">autumn</th><td><span class="muted">not played</span></td></tr>\n'
            '<tr><th scope="row">2025</th><td>B</td></tr>\n') in ann


def test_the_chart_table_writes_seasons_not_played_in_a_row_as_one_row():
    """Issue 31 (the site's bytes): the overview's table under a division chart gives a run of
    seasons not played as one row, "2001 – 2003"; a single one as its season; a run at the end
    as well. Seasons 2000 A, 2001-2003 none, 2004 B, 2005 none, 2006 C, 2007-2008 none."""
    from sitegen.model.common import SiteConfig
    from sitegen.render import make_environment

    divisions = {"2000": "A", "2004": "B", "2006": "C"}
    rows = [{"season": str(y), "division": divisions.get(str(y))} for y in range(2000, 2009)]
    entry = {"charts": [{"url": "leagues/l/", "league": "L", "svg": "", "rows": rows}], "head_to_head": []}
    html = make_environment(SiteConfig(title="T")).get_template("partials/player_overview.html").render(
        entry=entry, section_id="s")
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    shown = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(?:<span class="muted">)?([^<]+)', body)
    assert shown == [("2000", "A"), ("2001 – 2003", "not played"), ("2004", "B"), ("2005", "not played"),
                     ("2006", "C"), ("2007 – 2008", "not played")]


def test_search_index_lists_players_and_competitions_with_folded_names(built):
    data = json.loads(built()["search.json"])
    assert ["Ann Ängström", "players/ann/", "Club League", "ann angstrom"] in data["players"]
    # Leagues, seasons (with their league) and groups (with season and league) are found too.
    assert ["Club League", "leagues/club/", "league", "club league league"] in data["competitions"]
    assert ["Group A1", "leagues/club/2024/a1/", "Season 2024, Club League",
            "group a1 season 2024, club league"] in data["competitions"]
    assert {c[1] for c in data["competitions"]} >= {"leagues/club/2024/", "leagues/club/2025/"}
    assert [p[0] for p in data["players"]] == ["Ann Ängström", "Bob", "Bob Two", "Cy"]
    # The search box folds what is typed with this table, as sitegen.display.fold does.
    assert data["fold"]["Ä"] == "a" and data["fold"]["ö"] == "o" and data["fold"]["Ł"] == "l"
    assert "a" not in data["fold"]


def test_csv_twin_has_the_json_columns_in_order():
    data = json.dumps({"rows": [
        {"place": 1, "shared": False, "name": "Ann, \"A\"", "gp": 2.5, "games": ["1+/w", None], "outcome": None},
        {"place": 2, "shared": True, "name": "Bob", "gp": 2, "games": [], "outcome": "relegated", "x": 1}]})
    assert csv_of_document(json.loads(data)).decode() == (
        "place,shared,name,gp,games,outcome,x\r\n"
        '1,false,"Ann, ""A""",2.5,1+/w _,,\r\n'
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


def test_the_feeds_xml_escapes_are_those_of_xml_sax():
    """The feed escapes its text and quotes its attributes itself (issue 31: xml.sax.saxutils
    imports urllib.request and more), byte for byte as ``xml.sax.saxutils`` does: text escapes
    ``&``, ``<`` and ``>`` only; an attribute also keeps its line breaks and tabs as character
    references, and goes in single quotes when it holds a double quote but no single one."""
    from sitegen.pages.extras import escape, quoteattr

    assert escape("A & B <c> \"d\" 'e'") == "A &amp; B &lt;c&gt; \"d\" 'e'"
    assert quoteattr("x?a=1&b=<2>") == '"x?a=1&amp;b=&lt;2&gt;"'
    assert quoteattr("a\nb\rc\td") == '"a&#10;b&#13;c&#9;d"'
    assert quoteattr('say "hi"') == "'say \"hi\"'"
    assert quoteattr("""it's "x\"""") == '"it\'s &quot;x&quot;"'


def test_no_feed_or_sitemap_without_an_absolute_base_url(built):
    files = built(base_url="/")
    assert "feed.xml" not in files and "sitemap.xml" not in files
    assert b"application/atom+xml" not in files["index.html"]


def test_the_sitemap_and_pages_take_the_dates_the_build_worked_out(built, site):
    """A build that has worked out the pages' "last updated" dates already (an incremental
    build, from each rule set's: ``plan.updated``) hands them to the sitemap and the pages
    instead of going through the content again (issue 31); without them they come from the
    content (2024-01-10, as above)."""
    from sitegen.commands.build import plan
    from sitegen.pages.extras import finish_site
    from sitegen.plan import Page, SitePlan

    files = {**LEAGUE, **SEASONS, "content/site.yaml": "title: Club\nbase_url: https://go.example.org/club/\n",
             "content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n"
                                     "  - {id: cy, name: Cy}\n  - {id: bob2, name: Bob Two}\n"}
    content, _ = plan(site(files) / "content")
    ns = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    for given, expected in (({"leagues/club/2024/a1/": dt.date(2030, 1, 2)}, "2030-01-02"), (None, "2024-01-10")):
        made = SitePlan(updated=given)
        made.add(Page("leagues/club/2024/a1/", "group.html", {}))
        finish_site(content, made, ENGLISH_WORDS)
        assert made.pages[0].context["updated"].isoformat() == expected
        sitemap = ET.fromstring(next(f.data for b in made.bundles for f in b.files if f.path == "sitemap.xml"))
        assert [(u.find(ns + "loc").text, u.find(ns + "lastmod").text) for u in sitemap] == [
            ("https://go.example.org/club/leagues/club/2024/a1/", expected)]


def test_a_players_results_count_in_the_overviews_digest_by_every_field() -> None:
    """An overview section's results (``Opponents``) are digested as plain rows (issue 31):
    equal results in other objects give the same digest; changing a result's points, date,
    competition or opponent, or moving it to another opponent, gives another."""
    from fractions import Fraction

    from sitegen.depends import Digests
    from sitegen.pages.players import Opponents

    class Results:
        def __init__(self, found: dict) -> None:
            self.found = found

        def of(self, pid: str) -> dict:
            return self.found[pid]

    def digest(found: dict) -> bytes:
        return Digests().of(Opponents(Results({"p1": found}), "p1"))  # type: ignore[arg-type]

    may, june = dt.date(2026, 5, 1), dt.date(2026, 6, 1)
    base = {"p2": [(Fraction(1), may, "/a/"), (Fraction(1, 2), None, "/a/")], "p3": [(Fraction(0), june, "/b/")]}
    assert digest(base) == digest({"p2": [(Fraction(2, 2), dt.date(2026, 5, 1), "/a/"), (Fraction(1, 2), None, "/a/")],
                                   "p3": [(Fraction(0), june, "/b/")]})
    changed = [
        {"p2": [(Fraction(0), may, "/a/"), (Fraction(1, 2), None, "/a/")], "p3": [(Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), june, "/a/"), (Fraction(1, 2), None, "/a/")], "p3": [(Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), may, "/a/"), (Fraction(1, 2), may, "/a/")], "p3": [(Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), may, "/c/"), (Fraction(1, 2), None, "/a/")], "p3": [(Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), may, "/a/")], "p3": [(Fraction(1, 2), None, "/a/"), (Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), may, "/a/"), (Fraction(1, 2), None, "/a/")], "p4": [(Fraction(0), june, "/b/")]},
        {"p2": [(Fraction(1), may, "/a/"), (Fraction(1, 2), None, "/a/")]},
    ]
    digests = {digest(found) for found in changed}
    assert len(digests) == len(changed) and digest(base) not in digests


def _division_index(seasons: list[tuple[str, dict[str, str]]], order: list[str],
                    league: tuple[str, str] = ("club", "Club League")) -> list:
    """An index of :func:`sitegen.pages.players.season_divisions` of one league, by hand:
    ``seasons``: (label, {player: division}) in date order."""
    from types import SimpleNamespace

    from sitegen.pages.players import LeaguePaths

    played: dict[str, list[int]] = {}
    for number, (_label, where) in enumerate(seasons):
        for pid in where:
            played.setdefault(pid, []).append(number)
    points = [{division: DivisionPoint(label, division) for division in (None, *order)} for label, _where in seasons]
    return [LeaguePaths(SimpleNamespace(id=league[0], name=league[1]), [label for label, _ in seasons],
                        [where for _, where in seasons], list(order), played, points)]


def test_a_players_division_paths_count_in_the_overviews_digest_by_every_shown_value() -> None:
    """An overview section's division paths (``Paths``) are worked out when read and digested
    as plain rows (issue 31): what they give is :func:`division_paths` of the index; equal
    paths in other objects give the same digest; changing the league's name or address, a
    season's label, a division played, a season missed, the division letters or the seasons
    played gives another."""
    from sitegen.depends import Digests
    from sitegen.pages.players import Paths, division_paths

    def digest(index: list) -> bytes:
        return Digests().of(Paths(index, "ann"))

    three = [("2024", {"ann": "A", "bob": "A"}), ("2025", {"bob": "A"}), ("2026", {"ann": "B"})]
    base = _division_index(three, ["A", "B"])
    # Ann: 2024 in A, 2025 missed, 2026 in B -> one chart of three points, two seasons played.
    assert Paths(base, "ann").get() == division_paths(None, "ann", base) == [  # type: ignore[arg-type]
        {"league": "Club League", "url": "leagues/club/", "seasons": 2, "order": ["A", "B"],
         "path": [DivisionPoint("2024", "A"), DivisionPoint("2025", None), DivisionPoint("2026", "B")]}]
    assert digest(base) == digest(_division_index([(label, dict(where)) for label, where in three], ["A", "B"]))
    changed = [
        _division_index(three, ["A", "B"], league=("club", "Club")),
        _division_index(three, ["A", "B"], league=("club2", "Club League")),
        _division_index([("2024", {"ann": "A"}), ("2025-09", {}), ("2026", {"ann": "B"})], ["A", "B"]),
        _division_index([("2024", {"ann": "B"}), ("2025", {}), ("2026", {"ann": "B"})], ["A", "B"]),
        _division_index([("2024", {"ann": "A"}), ("2025", {"ann": "A"}), ("2026", {"ann": "B"})], ["A", "B"]),
        _division_index(three, ["A", "B", "C"]),
        _division_index([("2023", {"ann": "A"}), *three], ["A", "B"]),
        _division_index([("2024", {"ann": "A"})], ["A", "B"]),  # one season: no chart
    ]
    digests = {digest(index) for index in changed}
    assert len(digests) == len(changed) and digest(base) not in digests
    assert Digests().of(Paths(base, "cy")) == Digests().of(Paths(changed[-1], "ann"))  # both no chart


def test_the_players_are_sorted_once_for_the_index_and_search_json(site) -> None:
    """``filed_players`` (issue 31: one sort of the players per build) is the players index's
    order, family name first: Gao Lin (family name Gao), Aiko Mori (Mori), Zoé Abelard (no
    family name: filed as Zoé); search.json and the index made from it are those made without
    it."""
    from sitegen.commands.build import plan
    from sitegen.pages.navigation import search_index
    from sitegen.pages.players_index import filed_players, plan_players_index
    from sitegen.plan import SitePlan

    files = {**LEAGUE, **SEASONS, "content/site.yaml": "title: Club\n",
             "content/players.yaml": "players:\n  - {id: zoe, name: Zoé Abelard}\n"
                                     "  - {id: aiko, name: Aiko Mori, family_name: Mori}\n"
                                     "  - {id: gao, name: Gao Lin, family_name: Gao}\n"
                                     "  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n"
                                     "  - {id: cy, name: Cy}\n  - {id: bob2, name: Bob Two}\n"}
    content, _ = plan(site(files) / "content")
    filed = filed_players(content)
    assert filed == ["ann", "bob", "bob2", "cy", "gao", "aiko", "zoe"]
    played = {"ann": {"Club League 2024"}}
    assert search_index(content, played, ENGLISH_WORDS, filed) == search_index(content, played, ENGLISH_WORDS)
    given, sorted_here = SitePlan(), SitePlan()
    plan_players_index(content, given, ENGLISH_WORDS, rows=2, filed=filed)
    plan_players_index(content, sorted_here, ENGLISH_WORDS, rows=2)
    assert [(p.url, p.context) for p in given.pages] == [(p.url, p.context) for p in sorted_here.pages]
    assert [p.url for p in given.pages][:3] == ["players/", "players/a-z/a/", "players/a-z/b/"]


def test_a_build_from_scratch_works_out_the_players_results_once_before_rendering(site, monkeypatch):
    """A build without the cache (sitegen.stages.NoCache) works out every player's results by
    opponent once, when the plan is complete and before any page is rendered, so the render
    workers forked after it inherit them instead of each working all of them out again (issue
    31: 1.3 s of CPU a worker at full size); the overview sections then read them as they are."""
    from sitegen.pages.players import PlayerResults
    from sitegen.stages import NoCache, Planned, Source, build as build_site

    root = site({**LEAGUE, **SEASONS, "content/site.yaml": "title: Club\n",
                 "content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n"
                                         "  - {id: cy, name: Cy}\n  - {id: bob2, name: Bob Two}\n"})
    prepared = []
    real = PlayerResults.prepare
    monkeypatch.setattr(PlayerResults, "prepare", lambda self: (prepared.append(self.only), real(self))[1])
    planned = Planned()
    built = build_site(Source(root / "content"), NoCache(), planned)  # planned, nothing rendered
    assert prepared == [None]  # once, for every player
    results = built.plan.player_results
    assert results.of("ann") and results.of("bob") and results.of("cy")
    assert prepared == [None]  # read as worked out, not again
