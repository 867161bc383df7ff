"""A player's page as the player sees it (issue 27, "my games first"), at 360x800 and 1280x800:
the first screen holds the current competitions (place, score, the next games), and the
division chart's labels never overlap (their boxes as drawn, for a player with 12 seasons).
The demo's league is finished, so the first-screen test adds a season in progress to a copy
of the demo. Screenshots go to tests/browser/screenshots/ as ``player-now-*.png``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from conftest import REPO, serve_site  # noqa: E402
from test_pages import console_errors, open_at, run_axe, screenshot, table_problems  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

WIDTHS = (360, 1280)

IN_PROGRESS = """\
name: Season 2021-11
start: 2021-11-01
end: 2021-12-15
divisions:
  - name: A
    groups:
      - name: A
        players: [Bakero4, Nazido0, Kanana5, Sukami3, Kateka1]
        games:
          - {black: Bakero4, white: Nazido0, result: B+R, date: 2021-11-03}
          - {black: Kanana5, white: Bakero4, result: W+3.5, date: 2021-11-05}
          - {black: Bakero4, white: Sukami3, handicap: 2}
"""
"""Bakero4 has won both games (2 gamepoints, 1st) and has Sukami3 (Black, 2 stones) and
Kateka1 (colours not known yet) still to play."""


@pytest.fixture(scope="session")
def in_progress_url(tmp_path_factory):
    """The demo with a season 2021-11 in progress, served: yield its URL."""
    content = tmp_path_factory.mktemp("content-in-progress")
    shutil.copytree(REPO / "content", content, dirs_exist_ok=True)
    (content / "leagues/iglo/seasons/2021-11.yaml").write_text(IN_PROGRESS, encoding="utf-8")
    with serve_site(content, tmp_path_factory.mktemp("demo-in-progress")) as url:
        yield url


FIRST_SCREEN = """
var now = document.querySelector(".now-section");
if (!now) { return null; }
function bottom(e) { return e.getBoundingClientRect().bottom; }
var card = now.querySelector(".now-card");
return {heading: now.querySelector("h2").textContent, card: card.textContent.replace(/\\s+/g, " ").trim(),
        card_bottom: bottom(card), height: window.innerHeight,
        sections: Array.from(document.querySelectorAll("main h2")).map(function (h) { return h.textContent; })};
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_screen_holds_the_current_season_and_its_next_games(browser, in_progress_url,
                                                                      axe_source, width):
    console_errors(browser)
    open_at(browser, in_progress_url + "players/Bakero4/", width)
    screenshot(browser, f"player-now-Bakero4-{width}")
    seen = browser.execute_script(FIRST_SCREEN)
    assert seen is not None, "no current competitions section"
    assert seen["sections"][0] == "Current competitions"
    assert seen["card"] == ("Online Go League · Season 2021-11 "
                            "Division A, group A: place 1 of 5, 2 gamepoints Next games "
                            "Against Sukami3, playing Black. Handicap: 2 stones. To play by 2021-12-15. "
                            "Against Kateka1. To play by 2021-12-15.")
    assert seen["card_bottom"] <= seen["height"], f"the next games end at {seen['card_bottom']} px"
    overflow = browser.execute_script("var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    assert overflow[0] <= overflow[1]
    assert table_problems(browser) == []
    assert console_errors(browser) == []
    assert run_axe(browser, axe_source) == []


LABEL_OVERLAPS = """
// Every pair of texts of the page's division charts whose boxes (as drawn) intersect.
var found = [], charts = document.querySelectorAll("svg.path-chart");
charts.forEach(function (svg) {
  var boxes = Array.from(svg.querySelectorAll("text")).map(function (t) {
    var r = t.getBoundingClientRect(); return {text: t.textContent, l: r.left, r: r.right, t: r.top, b: r.bottom}; });
  for (var i = 0; i < boxes.length; i++) { for (var j = i + 1; j < boxes.length; j++) {
    var a = boxes[i], b = boxes[j];
    if (a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b) { found.push(a.text + " / " + b.text); }
  } }
});
return {charts: charts.length, labels: document.querySelectorAll("svg.path-chart text.tick").length, found: found};
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("player", ["Gosuna2", "Kateka1"])
def test_the_division_chart_labels_never_overlap(browser, demo_url, axe_source, player, width):
    """Gosuna2 and Kateka1 played the demo's 12 seasons: no two of the chart's texts (season
    labels, division letters, axis titles) intersect."""
    open_at(browser, demo_url + f"players/{player}/", width)
    assert "12 seasons" in browser.execute_script(
        "return document.querySelector('svg.path-chart desc').textContent.split(';').length + ' seasons'")
    screenshot(browser, f"player-chart-{player}-{width}")
    seen = browser.execute_script(LABEL_OVERLAPS)
    assert seen["charts"] == 1 and seen["labels"] >= 4 + 1  # season labels and a division letter
    assert seen["found"] == []


JUMP_LIST = """
var nav = document.querySelector("nav.player-jump");
if (!nav) { return null; }
var box = nav.getBoundingClientRect(), e = document.documentElement;
return {name: nav.getAttribute("aria-labelledby") && document.getElementById(nav.getAttribute("aria-labelledby")).textContent,
        top: box.top, bottom: box.bottom, height: window.innerHeight,
        items: Array.from(nav.querySelectorAll(":scope > ul > li")).map(function (li) {
          return li.querySelector("summary") ? li.querySelector("summary").textContent : li.textContent; }),
        hrefs: Array.from(nav.querySelectorAll("a")).map(function (a) { return a.getAttribute("href"); }),
        missing: Array.from(nav.querySelectorAll("a")).filter(function (a) {
          return !document.getElementById(a.getAttribute("href").slice(1)); }).length,
        overflow: [e.scrollWidth, e.clientWidth]};
"""

LANDED = """
var target = document.getElementById(location.hash.slice(1)), e = document.documentElement;
return {hash: location.hash, top: target.getBoundingClientRect().top, heading: target.querySelector("h2").textContent,
        scrolled: window.scrollY, at_end: window.scrollY + window.innerHeight >= e.scrollHeight - 1,
        overflow: [e.scrollWidth, e.clientWidth]};
"""


def _click(browser, selector: str, text: str):
    from selenium.webdriver.common.by import By

    found = [a for a in browser.find_elements(By.CSS_SELECTOR, selector) if a.text == text]
    assert len(found) == 1, f"{selector} {text!r}: {len(found)}"
    found[0].click()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_player_page_opens_with_its_jump_list_and_its_links_land_on_their_sections(
        browser, demo_url, axe_source, width):
    """Gosuna2 played the demo's 12 seasons: under the name, "On this page" lists the latest
    season (the page's first section; listed since stop 50), the overview (first on the page
    after it since issue 31's newcomer check) and the league folded ("Online Go League · 12
    seasons"), in the first screen at 360 px;
    the fold opens on a tap (no script), a season's link scrolls its section to the top of the
    screen and the overview's link to the overview; the page never scrolls sideways."""
    console_errors(browser)
    open_at(browser, demo_url + "players/Gosuna2/", width)
    seen = browser.execute_script(JUMP_LIST)
    assert seen is not None, "no jump list"
    assert seen["name"] == "On this page"
    assert seen["items"] == ["Latest season", "Overview", "Online Go League · 12 seasons"]
    assert len(seen["hrefs"]) == 14 and seen["hrefs"][:3] == ["#latest", "#overview", "#league-iglo-2021-09"]
    assert seen["missing"] == 0
    assert 0 < seen["top"] and seen["bottom"] <= seen["height"], f"the list ends at {seen['bottom']} px"
    assert seen["overflow"][0] <= seen["overflow"][1]
    assert run_axe(browser, axe_source) == []
    _click(browser, "nav.player-jump summary", "Online Go League · 12 seasons")
    screenshot(browser, f"player-jump-Gosuna2-{width}")
    _click(browser, "nav.player-jump a", "Season 2021-03")
    landed = browser.execute_script(LANDED)
    assert landed["hash"] == "#league-iglo-2021-03"
    assert landed["heading"] == "Online Go League · Season 2021-03"
    assert abs(landed["top"]) <= 1, f"the section's top is at {landed['top']} px"
    assert landed["overflow"][0] <= landed["overflow"][1]
    browser.back()
    _click(browser, "nav.player-jump a", "Overview")
    landed = browser.execute_script(LANDED)
    assert landed["hash"] == "#overview" and landed["heading"] == "Overview"
    assert landed["scrolled"] > 0 and (abs(landed["top"]) <= 1 or (landed["at_end"] and 0 <= landed["top"] < 800))
    browser.back()
    _click(browser, "nav.player-jump a", "Latest season")
    landed = browser.execute_script(LANDED)
    assert landed["hash"] == "#latest" and landed["heading"] == "Latest season"
    assert abs(landed["top"]) <= 1 or (landed["at_end"] and 0 <= landed["top"] < 800)
    assert run_axe(browser, axe_source) == []
    assert console_errors(browser) == []


def test_two_seasons_are_listed_one_season_is_not(browser, demo_url):
    """Ririba37 played two seasons of the demo's league: a link to the latest season's line
    (first, as its section comes first), to the overview and to each season; Bamodo94 one
    season: one competition, no list."""
    open_at(browser, demo_url + "players/Ririba37/", 360)
    seen = browser.execute_script(JUMP_LIST)
    assert seen["items"] == ["Latest season", "Overview", "Online Go League · Season 2021-09",
                             "Online Go League · Season 2021-08"]
    assert seen["hrefs"] == ["#latest", "#overview", "#league-iglo-2021-09", "#league-iglo-2021-08"]
    assert seen["missing"] == 0
    open_at(browser, demo_url + "players/Bamodo94/", 360)
    assert browser.execute_script(JUMP_LIST) is None
    assert browser.execute_script("return document.querySelector('main h2').textContent") == "Online Go League · Season 2020-06"
