"""What stop 48's newcomer check (a fresh clone, the README only) found on the ladder and
tournament pages, fixed in stop 49, on the screen: headless Chromium at 360×800 and 1280×800 on
the demo site (the words themselves: tests/test_ladder_site.py,
tests/test_tournament_order_words.py).

- Tournament: how the places are decided (the criteria in order, what a round without a game
  gives), right under the table, at both widths.
- Ladder: what a rung such as 2.7d or 0.2k and "(anchor)" mean, in a note of at most four
  lines right above the rung list, whose first row stays in a phone's first screen (en, pl, fr).
Screenshots: tests/browser/screenshots/newcomer49-*.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import console_errors, open_at, screenshot  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

TOURNAMENT = "tournaments/juvisy-2019/"
FITS = "var e = document.documentElement; return e.scrollWidth <= e.clientWidth;"

STANDINGS = """
// The standings table of a tournament page: its rows' heights, its height, its region's widths,
// whether the cue above it shows, the headings' edges, and the order block's top.
var table = document.querySelector("table.tournament"), region = table.closest(".scroll");
var cue = region.previousElementSibling, order = document.getElementById("order-h");
var edges = function (e) { var r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; };
return {rows: Array.prototype.map.call(table.querySelectorAll("tbody tr"), function (tr) {
            return Math.round(tr.getBoundingClientRect().height); }),
        line: parseFloat(getComputedStyle(table.querySelector("tbody td")).lineHeight),
        height: Math.round(table.getBoundingClientRect().height),
        bottom: Math.round(region.getBoundingClientRect().bottom),
        region: [region.scrollWidth, region.clientWidth],
        cue: !!(cue && cue.classList.contains("scroll-cue") && !cue.hidden),
        heads: Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
            return [th.textContent.trim()].concat(edges(th)); }),
        name: edges(table.querySelector("tbody th")),
        order: Math.round(order.getBoundingClientRect().top),
        legend: Math.round(document.querySelector("p.legend").getBoundingClientRect().top)};
"""


def test_a_desktops_tournament_table_keeps_its_layout(browser, demo_url):
    """At 1280 px: the table does not scroll and shows no cue; every row one line (the
    declared absences' words two); the rounds are columns right of the row number."""
    open_at(browser, demo_url + TOURNAMENT, 1280)
    got = browser.execute_script(STANDINGS)
    screenshot(browser, "newcomer49-tournament-1280")
    assert got["region"][0] <= got["region"][1] + 1 and not got["cue"]
    assert max(got["rows"]) <= 2 * got["line"] + 16, got["rows"]
    heads = {text: (left, right) for text, left, right in got["heads"]}
    assert heads["#"][1] <= heads["R1"][0] and heads["R4"][1] <= 1280


@pytest.mark.parametrize("width", [360, 1280])
def test_how_the_places_are_decided_is_right_under_the_table(browser, demo_url, width):
    """The order block starts within 3rem of the table's region's bottom, before the round
    legend, at both widths; the page no wider than the screen."""
    open_at(browser, demo_url + TOURNAMENT, width)
    got = browser.execute_script(STANDINGS)
    assert 0 <= got["order"] - got["bottom"] <= 48 and got["order"] < got["legend"], got
    assert browser.execute_script(FITS)


LADDER = """
var key = document.querySelector("p.rung-key"), list = document.querySelector("table.rung-list");
var first = list.querySelector("tbody tr").getBoundingClientRect(), k = key.getBoundingClientRect();
var region = list.closest(".scroll"), cell = list.querySelector("tbody th.rung abbr");
return {key: [k.top, k.bottom], lines: Math.round(k.height / parseFloat(getComputedStyle(key).lineHeight)),
        first: first.top, caption: document.getElementById("rungs-caption").getBoundingClientRect().top,
        region: [region.scrollWidth, region.clientWidth], title: cell.title, rung: cell.textContent};
"""


@pytest.mark.parametrize("code", ["en", "pl", "fr"])
def test_the_rung_key_is_above_the_list_and_its_first_row_in_a_phones_first_screen(browser, request, code):
    """Ladder at 360 px: the note on what a rung means is between the heading and the list, at
    most four lines; the list's first row within the first 800 px (less 40, as stop 48's test);
    the list does not scroll sideways; the top rung, 3d, says "3 dan" in its title."""
    url = request.getfixturevalue("demo_url") if code == "en" else request.getfixturevalue("demo_urls_in")[code]
    console_errors(browser)
    open_at(browser, url + "ladders/club/", 360)
    got = browser.execute_script(LADDER)
    screenshot(browser, f"newcomer49-ladder-{code}-360")
    assert got["key"][1] <= got["caption"] and got["lines"] <= 4, got
    assert got["first"] <= 800 - 40, got
    assert got["region"][0] <= got["region"][1]
    assert got["rung"] == "3d" and got["title"] == "3 dan"
    assert browser.execute_script(FITS)
    assert console_errors(browser) == []


def test_the_rung_key_on_a_desktop(browser, demo_url):
    """At 1280 px the note is above the list, on at most two lines."""
    open_at(browser, demo_url + "ladders/club/", 1280)
    got = browser.execute_script(LADDER)
    screenshot(browser, "newcomer49-ladder-en-1280")
    assert got["key"][1] <= got["caption"] and got["lines"] <= 2, got
