"""A long player page's "On this page" list (partials/player_jump.html, planned by
sitegen.pages.players.page_jumps): under the player's name, a link to each section of the page
by its heading, to an anchor made of the content's ids; shown from 2 competitions' sections
(JUMPS_FROM), the latest seasons and the overview listed with them (the latest seasons since stop
50), the current competitions' cards (right under the
list) left out; a league's seasons folded in a <details> from 3 seasons (FOLD_FROM)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from sitegen.i18n import ENGLISH_WORDS, words
from sitegen.pages.players import (FOLD_FROM, JUMPS_FROM, LATEST_TEMPLATE, NOW, OVERVIEW, _overview_first, page_jumps,
                                   unique_anchors)
from sitegen.plan import PlayerSection


def season(league_id: str, league: str, season_id: str, name: str) -> PlayerSection:
    """A league season's section, with the keys its "On this page" entry reads."""
    return PlayerSection("partials/player_league.html", (dt.date(2024, 1, 1), league, season_id),
                         {"league": league, "season": name, "league_id": league_id, "season_id": season_id})


def tournament(tid: str, name: str, dates: str = "") -> PlayerSection:
    return PlayerSection("partials/player_tournament.html", (dt.date(2024, 1, 1), name, tid),
                         {"tournament": name, "id": tid, "dates": dates})


LADDER = PlayerSection("partials/player_ladder.html", (dt.date(2024, 1, 1), "Club ladder", "club"),
                       {"ladder": "Club ladder", "id": "club"})
SWISS = PlayerSection("partials/player_swiss.html", (dt.date(2024, 1, 1), "Spring Swiss", "spring"),
                      {"league": "Spring Swiss", "id": "spring"})
CURRENT = PlayerSection("partials/player_now.html", NOW, {"cards": []})
SUMMED_UP = PlayerSection("partials/player_overview.html", OVERVIEW, {"charts": [], "head_to_head": []})


def link(text: str, anchor: str, small: str = "") -> dict:
    return {"text": text, "small": small, "anchor": anchor, "links": []}


def test_the_thresholds():
    assert (JUMPS_FROM, FOLD_FROM) == (2, 3)


def test_every_section_gets_an_anchor_of_ids_and_the_list_follows_the_page():
    """Current competitions, a tournament, a league season, the ladder, a Swiss league and the
    overview, in page order: 4 competitions' sections (at least 2: a list); the list leaves out
    the current competitions (they follow it at once) and ends with the overview."""
    sections = [CURRENT, tournament("cup-2024", "Warsaw Cup", "2024-05-01 – 05-02"),
                season("iglo", "Online Go League", "2024-04", "Season 2024-04"), LADDER, SWISS, SUMMED_UP]
    found = page_jumps(sections, ENGLISH_WORDS)
    assert found["sections"] is sections
    assert found["anchors"] == ["now", "tournament-cup-2024", "league-iglo-2024-04", "ladder-club",
                                "swiss-spring", "overview"]
    assert found["jumps"] == [link("Warsaw Cup", "tournament-cup-2024", "2024-05-01 – 05-02"),
                              link("Online Go League · Season 2024-04", "league-iglo-2024-04"),
                              link("Club ladder", "ladder-club"), link("Spring Swiss", "swiss-spring"),
                              link("Overview", "overview")]


def test_one_competition_gets_no_list_and_two_do():
    """One ladder (with its overview of head-to-head records: 1 competition's section): no list;
    a tournament beside it: 2, a list of 3 links."""
    alone = page_jumps([CURRENT, LADDER, SUMMED_UP], ENGLISH_WORDS)
    assert alone["jumps"] == [] and alone["anchors"] == ["now", "ladder-club", "overview"]
    two = page_jumps([CURRENT, LADDER, tournament("cup", "Cup"), SUMMED_UP], ENGLISH_WORDS)
    assert two["jumps"] == [link("Club ladder", "ladder-club"), link("Cup", "tournament-cup"),
                            link("Overview", "overview")]
    assert page_jumps([], ENGLISH_WORDS) == {"sections": [], "anchors": [], "jumps": []}


def test_two_seasons_of_a_league_are_two_links_three_are_folded():
    """Two seasons: a link each, with the league's name; three: one <details> named "league ·
    3 seasons" at the place of the newest, its links the seasons' names, newest first; the
    tournament between them keeps its place after the fold."""
    two = [season("iglo", "IGLO", "b", "Season B"), season("iglo", "IGLO", "a", "Season A"), SUMMED_UP]
    assert page_jumps(two, ENGLISH_WORDS)["jumps"] == [link("IGLO · Season B", "league-iglo-b"),
                                                      link("IGLO · Season A", "league-iglo-a"),
                                                      link("Overview", "overview")]
    three = [season("iglo", "IGLO", "c", "Season C"), tournament("cup", "Cup"), *two]
    assert page_jumps(three, ENGLISH_WORDS)["jumps"] == [
        {"text": "IGLO · 3 seasons", "small": "", "anchor": "",
         "links": [link("Season C", "league-iglo-c"), link("Season B", "league-iglo-b"),
                   link("Season A", "league-iglo-a")]},
        link("Cup", "tournament-cup"), link("Overview", "overview")]


def test_each_league_folds_on_its_own_seasons():
    """Three seasons of one league fold; two of another league (same name, other id) do not."""
    sections = [season("a", "League", "3", "S3"), season("b", "League", "2", "T2"),
                season("a", "League", "2", "S2"), season("b", "League", "1", "T1"), season("a", "League", "1", "S1")]
    jumps = page_jumps(sections, ENGLISH_WORDS)["jumps"]
    assert [item["text"] for item in jumps] == ["League · 3 seasons", "League · T2", "League · T1"]
    assert [item["anchor"] for item in jumps[0]["links"]] == ["league-a-3", "league-a-2", "league-a-1"]


@pytest.mark.parametrize(("tag", "three", "five"), [("pl", "IGLO · 3 sezony", "IGLO · 5 sezonów"),
                                                    ("fr", "IGLO · 3 saisons", "IGLO · 5 saisons")])
def test_the_fold_counts_seasons_in_the_sites_language(tag, three, five):
    """Polish has three plural forms (1 sezon, 3 sezony, 5 sezonów), French two."""
    sections = [season("iglo", "IGLO", str(k), f"Sezon {k}") for k in range(5)]
    assert page_jumps(sections[:3], words(tag))["jumps"][0]["text"] == three
    assert page_jumps(sections, words(tag))["jumps"][0]["text"] == five
    listed = page_jumps([*sections[:2], SUMMED_UP], words(tag))["jumps"]
    assert listed[-1]["text"] == {"pl": "Przegląd", "fr": "Vue d'ensemble"}[tag]


def test_the_latest_seasons_are_listed_by_their_heading():
    """Stop 50 (stop 49's newcomer finding: the list named every section but the first): the
    latest seasons' section (partials/player_latest.html, anchor ``latest``) is listed first, as
    its heading says it, "Latest season" for one league's, "Latest seasons" for two leagues';
    it is no competition's section, so two seasons of one league still make the list (at least
    JUMPS_FROM = 2 competitions' sections) and one does not."""
    one = PlayerSection(LATEST_TEMPLATE, (), {"seasons": [{"league_id": "iglo"}]})
    two = PlayerSection(LATEST_TEMPLATE, (), {"seasons": [{"league_id": "iglo"}, {"league_id": "club"}]})
    b, a = season("iglo", "IGLO", "b", "Season B"), season("iglo", "IGLO", "a", "Season A")
    found = page_jumps([CURRENT, one, SUMMED_UP, b, a], ENGLISH_WORDS)
    assert found["anchors"] == ["now", "latest", "overview", "league-iglo-b", "league-iglo-a"]
    assert found["jumps"] == [link("Latest season", "latest"), link("Overview", "overview"),
                              link("IGLO · Season B", "league-iglo-b"), link("IGLO · Season A", "league-iglo-a")]
    assert page_jumps([two, SUMMED_UP, b, a], ENGLISH_WORDS)["jumps"][0] == link("Latest seasons", "latest")
    assert page_jumps([two, SUMMED_UP, b], ENGLISH_WORDS)["jumps"] == []
    assert page_jumps([one, b, a], words("pl"))["jumps"][0] == link("Ostatni sezon", "latest")
    assert page_jumps([two, b, a], words("fr"))["jumps"][0] == link("Dernières saisons", "latest")


def test_an_anchor_used_before_gets_the_next_free_number():
    """League ``a`` season ``b-c`` and league ``a-b`` season ``c`` both make ``league-a-b-c``;
    the second gets ``-2``, and a third whose own anchor is that one gets ``-2-2``."""
    assert unique_anchors(["league-a-b-c", "league-a-b-c", "league-a-b-c-2", "x", "x"]) == [
        "league-a-b-c", "league-a-b-c-2", "league-a-b-c-2-2", "x", "x-2"]
    sections = [season("a", "A", "b-c", "1"), season("a-b", "AB", "c", "2")]
    assert page_jumps(sections, ENGLISH_WORDS)["anchors"] == ["league-a-b-c", "league-a-b-c-2"]


# --------------------------------------------------------------------------- built pages


PLAYERS = """\
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cy, name: "Cy <b>"}
"""


def season_file(name: str, start: str) -> str:
    return (f"name: {name}\nstart: {start}\ndivisions:\n  - name: A\n    groups:\n      - name: A1\n"
            "        players: [ann, bob, cy]\n        games:\n"
            f"          - {{black: ann, white: bob, result: B+R, date: {start}}}\n"
            f"          - {{black: ann, white: cy, result: W+R, date: {start}}}\n"
            f"          - {{black: bob, white: cy, result: B+R, date: {start}}}\n")


def build(site, run, seasons: int, language: str = "en") -> str:
    """Ann's page after ``seasons`` finished seasons of one league (ids ``s1``... ``2024.1``...)."""
    files = {"content/players.yaml": PLAYERS, "content/leagues/club.x/league.yaml": "name: Club <League>\n",
             "content/site.yaml": f"title: Test\nlanguage: {language}\n"}
    for k in range(1, seasons + 1):
        files[f"content/leagues/club.x/seasons/2024.{k}.yaml"] = season_file(f"Season {k}", f"2024-0{k}-01")
    root = site(files)
    status, _out, err = run("build")
    assert status == 0, err
    return (root / "output/players/ann/index.html").read_text(encoding="utf-8")


def nav(page: str) -> str:
    found = re.search(r'<nav class="jump player-jump".*?</nav>', page, re.S)
    return found[0] if found else ""


def test_one_season_has_no_list_but_its_anchor(site, run):
    ann = build(site, run, 1)
    assert nav(ann) == ""
    assert '<div id="league-club.x-2024.1">\n<section class="player-section season-section"' in ann


def test_two_seasons_list_their_headings_and_the_overview(site, run):
    """Two seasons: the latest season's line first (stop 48's newcomer check; listed by its
    heading since stop 50: stop 49's newcomer check found the list naming every section but the
    first), the overview next (the division chart, 2 seasons; issue 31: what a player looks for
    first is in a phone's first screen), then the seasons newest first; each link's anchor is on
    the page once, around its section; names escaped."""
    ann = build(site, run, 2)
    assert nav(ann) == (
        '<nav class="jump player-jump" aria-labelledby="jump-title">\n<p id="jump-title">On this page</p>\n<ul>\n'
        '<li><a href="#latest">Latest season</a></li>\n'
        '<li><a href="#overview">Overview</a></li>\n'
        '<li><a href="#league-club.x-2024.2">Club &lt;League&gt; · Season 2</a></li>\n'
        '<li><a href="#league-club.x-2024.1">Club &lt;League&gt; · Season 1</a></li>\n</ul>\n</nav>')
    assert ann.index('</nav>\n<div class="player-sections">\n<div id="latest">\n'
                     '<section class="player-section latest-section"') < ann.index(
        '</div>\n<div id="overview">\n<section class="player-section overview-section"') < ann.index(
        '<div id="league-club.x-2024.2">')
    assert ann.index('<div id="league-club.x-2024.2">') < ann.index('<div id="league-club.x-2024.1">')
    for anchor in re.findall(r'href="#([^"]+)"', nav(ann)):
        assert ann.count(f'id="{anchor}"') == 1
    assert ann.index('<h1>Ann</h1>') < ann.index("<nav class=\"jump player-jump\"") < ann.index('<h2 id="section-1"')


def test_three_seasons_fold_in_a_details(site, run):
    ann = build(site, run, 3)
    assert nav(ann) == (
        '<nav class="jump player-jump" aria-labelledby="jump-title">\n<p id="jump-title">On this page</p>\n<ul>\n'
        '<li><a href="#latest">Latest season</a></li>\n'
        '<li><a href="#overview">Overview</a></li>\n'
        '<li><details><summary>Club &lt;League&gt; · 3 seasons</summary>\n<ul class="jump-fold">\n'
        '<li><a href="#league-club.x-2024.3">Season 3</a></li>\n'
        '<li><a href="#league-club.x-2024.2">Season 2</a></li>\n'
        '<li><a href="#league-club.x-2024.1">Season 1</a></li>\n'
        '</ul>\n</details></li>\n</ul>\n</nav>')


def test_a_polish_page_words_the_list_in_polish(site, run):
    ann = build(site, run, 3, "pl")
    assert '<p id="jump-title">Na tej stronie</p>' in nav(ann)
    assert "<summary>Club &lt;League&gt; · 3 sezony</summary>" in nav(ann)
    assert '<li><a href="#latest">Ostatni sezon</a></li>\n<li><a href="#overview">Przegląd</a></li>' in nav(ann)


def test_a_french_page_words_the_list_in_french(site, run):
    ann = build(site, run, 2, "fr")
    assert '<p id="jump-title">Sur cette page</p>' in nav(ann)
    assert '<li><a href="#latest">Dernière saison</a></li>\n<li><a href="#overview">Vue d&#39;ensemble</a></li>' in nav(ann)


def test_the_overview_comes_first_after_the_current_competitions():
    """Issue 31 (stop 46's newcomer check: the overview was last, about 6,800 px down a phone's
    page): the overview section (sorted last, OVERVIEW) is shown after the current
    competitions' section, or first without one; the other sections keep their order."""
    b, a = season("iglo", "IGLO", "b", "Season B"), season("iglo", "IGLO", "a", "Season A")
    assert _overview_first([CURRENT, b, LADDER, a, SUMMED_UP]) == [CURRENT, SUMMED_UP, b, LADDER, a]
    assert _overview_first([b, a, SUMMED_UP]) == [SUMMED_UP, b, a]
    assert _overview_first([CURRENT, b]) == [CURRENT, b]
    assert _overview_first([SUMMED_UP]) == [SUMMED_UP]
