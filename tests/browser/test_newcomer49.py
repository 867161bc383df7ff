"""What stop 48's newcomer check found on the player and group pages, on the screen: headless
Chromium at 360×800 and 1280×800 on the demo site (the words: tests/test_latest_season.py).

- Player page: at 360 px the first screen was the division chart and head to head; the last
  season's outcome came well down the page (Gosuna2's 2021-09 section at about 1,100 px). Now
  a "Latest season" line comes first: "Online Go League · Season 2021-09: Division A, group A:
  place 5 of 6 · ▼ Demoted to division B" (2021-09 group A by hand: Kateka1 and Kanana5 4
  gamepoints, Sukami3 3, Nazido0 and Gosuna2 2, Nazido0 ahead on SODOS 3 to 2 (D.1), Bakero4 0;
  the last 2 of the group are demoted (B.2)).
- Group page: the "=" legend under the table said "equal on every criterion below"; it now
  names the criteria and links to "How the table is ordered" at the page's end.
Screenshots: tests/browser/screenshots/newcomer49-*.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import console_errors, open_at, screenshot  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

FITS = "var e = document.documentElement; return e.scrollWidth <= e.clientWidth;"

PLAYER = """
var box = function (sel) { var e = document.querySelector(sel); if (!e) return null;
  var r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
var items = document.querySelectorAll(".latest-section li");
return {latest: box(".latest-section"), overview: box(".overview-section"),
        season: box("#league-iglo-2021-09"), lines: Array.prototype.map.call(items, function (li) {
          return li.textContent.replace(/\\s+/g, " ").trim(); }),
        target: document.querySelector(".latest-section li a").getAttribute("href")};
"""


@pytest.mark.parametrize("width", [360, 1280])
def test_a_players_latest_season_is_in_the_first_screen(browser, demo_url, width):
    """Gosuna2, 12 seasons of the online league, none being played: the latest season's line
    ends inside the first 800 px, above the overview (chart, head to head) and the seasons."""
    console_errors(browser)
    open_at(browser, demo_url + "players/Gosuna2/", width)
    got = browser.execute_script(PLAYER)
    screenshot(browser, f"newcomer49-player-{width}")
    assert got["lines"] == ["Online Go League · Season 2021-09: Division A, group A: place 5 of 6 "
                            "· ▼ Demoted to division B"]
    assert got["latest"][1] <= 800, got
    assert got["latest"][1] <= got["overview"][0] < got["season"][0], got
    assert got["target"] == "#league-iglo-2021-09"
    assert browser.execute_script(FITS)
    assert console_errors(browser) == []


GROUP = """
var legend = document.querySelector("p.shared-legend"), table = document.querySelector("table.standings");
var link = legend.querySelector('a[href="#criteria-h"]');
return {legend: Math.round(legend.getBoundingClientRect().top),
        table: Math.round(table.getBoundingClientRect().bottom),
        cross: Math.round(document.getElementById("cross-h").getBoundingClientRect().top),
        text: legend.textContent.replace(/\\s+/g, " ").trim(), link: !!link};
"""


@pytest.mark.parametrize("width", [360, 1280])
def test_the_shared_place_legend_under_the_table_says_the_criteria(browser, demo_url, width):
    """Group C of 2021-09 (Kabago16, Moziro14 and Romiro12 share place 2): the legend right
    under the table and its notes, before the crosstable, names the three criteria of D.1; its
    link leads to their explanations at the page's end (the page scrolls to them)."""
    open_at(browser, demo_url + "leagues/iglo/2021-09/c/", width)
    got = browser.execute_script(GROUP)
    screenshot(browser, f"newcomer49-group-{width}")
    assert got["text"] == (
        "= Players marked with = share their place: they are level on each criterion the table "
        "is ordered by (D.1): Gamepoints (GP), Sum of defeated opponents' scores (SODOS), "
        "Gamepoints among tied players (Tied GP). See “How the table is ordered”.")
    assert got["table"] < got["legend"] < got["cross"] and got["link"], got
    browser.execute_script("document.querySelector('p.shared-legend a[href=\"#criteria-h\"]').click();")
    top, scrolled = browser.execute_script("return [document.getElementById('criteria-h')"
                                           ".getBoundingClientRect().top, window.scrollY];")
    assert 0 <= top < 800 - 40 and scrolled > 0  # in view (at 1280 px the page's end holds it lower)
    assert browser.execute_script(FITS)
