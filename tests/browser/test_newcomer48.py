"""What stop 47's newcomer check (a fresh clone, the README only) found hard to read on the
tournament, ladder and home pages, on the screen: headless Chromium at 360×800 and 1280×800 on
the demo site (the HTML itself: tests/test_tournament_site.py, tests/test_ladder_site.py,
tests/test_records_and_pairings.py).

- Tournament standings at 360 px: with a scroll bar beside the page (the table 325.8 px wide
  instead of 340.8) the row number "#" went alone onto a line of its own, in the heading's row
  and in every player's. Now place, name, the three criteria, rank and row number share the
  first line down to 314.4 px; narrower (a window under 360 px) the rank and the row number
  ("#1") open the second line, before the rounds.
- Ladder page: the rung list's first row was at 710 px, a sentence on the rungs' sizes above
  it; the sizes are now a small table after the list.
- Home page: the sections of competitions began after 1.3 screens of a phone; every
  competition is now named in the first screen, in a list a desktop does not show (its
  sections are in its first screen).
Screenshots: tests/browser/screenshots/newcomer48-*.png.
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

ROW_LINES = """
// The tops of the heading row's and the first player's cells before the rounds (place ... row
// number), rounded, and the first round cell's top; the table's width.
var table = document.querySelector("table.tournament");
var tops = function (tr) { return Array.prototype.filter.call(tr.children, function (c) {
    return !c.classList.contains("round-col") && !(c.previousElementSibling && c.matches("td.rn ~ td")); })
  .map(function (c) { return Math.round(c.getBoundingClientRect().top); }); };
var first = table.querySelector("tbody tr");
return {head: tops(table.querySelector("thead tr")), row: tops(first).slice(0, 7),
        round: Math.round(first.querySelector("td.rn + td").getBoundingClientRect().top),
        rn: [getComputedStyle(first.querySelector("td.rn"), "::before").content, first.querySelector("td.rn").textContent],
        width: table.getBoundingClientRect().width};
"""


def test_a_tournament_row_keeps_its_row_number_on_its_line_beside_a_scroll_bar(browser, demo_url):
    """Juvisy 2019 (MMS, SOSM, SOSOSM) at 360 px with main 15 px narrower, as a scroll bar beside
    the page makes it: the table is about 326 px (328 in Chromium). Place 36.8 + MMS 48 + SOSM 48 + SOSOSM 60 + rank
    36.8 + row number 36.8 = 266.4 px, the name at least 3rem (48 px): 314.4 px, on one line, in
    the heading's row as in Rosa Étienne's; her rounds on the next line. (With the name's 4.5rem
    of before, 338.4 px: the "#" wrapped alone.)"""
    open_at(browser, demo_url + TOURNAMENT, 360)
    browser.execute_script("document.querySelector('main').style.marginRight = '15px';")
    got = browser.execute_script(ROW_LINES)
    screenshot(browser, "newcomer48-tournament-360-scrollbar")
    assert 314.4 <= got["width"] <= 330
    assert len(got["head"]) == 7 and len(set(got["head"])) == 1, got
    # one line: the cells' tops within 25 px (the name's two lines and the numbers share their
    # first baseline); main's layout put the "#" 30 px or more lower, on a line of its own
    assert len(got["row"]) == 7 and max(got["row"]) - min(got["row"]) < 25, got
    assert got["round"] > max(got["row"]) + 10
    assert got["rn"] == ["none", "1"]  # no "#" before the row number on its line
    assert browser.execute_script(FITS)


def test_below_360_px_the_rank_and_row_number_open_the_rounds_line(browser, demo_url):
    """At 340 px (narrower than 360: 320.8 px inside main's padding) the first line holds place,
    name and criteria; the rank and the row number, shown "#1", open the second, with the
    rounds; in the heading's row the rank and "#" likewise come after the criteria's line."""
    open_at(browser, demo_url + TOURNAMENT, 340)
    got = browser.execute_script(ROW_LINES)
    screenshot(browser, "newcomer48-tournament-340")
    place, name, mms, sosm, sososm, rank, rn = got["row"]
    assert len({place, mms, sosm, sososm}) <= 2 and rank > mms + 10 and abs(rank - rn) < 10
    assert abs(got["round"] - rn) < 10  # the rounds on the rank's line
    assert got["head"][5] > got["head"][2] + 5 and got["head"][5] == got["head"][6]
    assert got["rn"] == ['"#" / ""', "1"]
    assert browser.execute_script(FITS)


@pytest.mark.parametrize("width", [360, 1280])
def test_a_tournament_row_at_the_usual_widths(browser, demo_url, width):
    """At 360 px (340.8 px) and 1280 px every cell before the rounds is on the player's first
    line, as before."""
    open_at(browser, demo_url + TOURNAMENT, width)
    got = browser.execute_script(ROW_LINES)
    screenshot(browser, f"newcomer48-tournament-{width}")
    assert max(got["row"]) - min(got["row"]) < 25 and len(set(got["head"])) == 1, got
    assert (got["round"] > max(got["row"]) + 10) is (width == 360)  # the rounds below, or beside
    assert browser.execute_script(FITS)


LADDER = """
var first = document.querySelector("table.rung-list tbody tr").getBoundingClientRect();
var third = document.querySelectorAll("table.rung-list tbody tr")[2].getBoundingClientRect();
var sizes = document.querySelector("table.rung-sizes"), note = document.querySelector(".rung-handicap");
return {first: first.top, third: third.top, sizes: sizes.getBoundingClientRect().top,
        note: note.getBoundingClientRect().top, rows: sizes.querySelectorAll("tbody tr").length};
"""


@pytest.mark.parametrize("code", ["en", "pl", "fr"])
def test_the_rung_list_comes_before_the_rung_sizes_in_a_phones_first_screen(browser, request, code):
    """Ladder page at 360 px: the rung list's first row is in the first screen (647 px in English;
    710 with the sizes' sentence above it; since stop 49 the short note on what a rung means is
    above it, tests/browser/test_newcomer49_ladder.py), the table of the four stretches' sizes and
    the note on the handicap after the list."""
    url = request.getfixturevalue("demo_url") if code == "en" else request.getfixturevalue("demo_urls_in")[code]
    console_errors(browser)
    open_at(browser, url + "ladders/club/", 360)
    got = browser.execute_script(LADDER)
    screenshot(browser, f"newcomer48-ladder-{code}-360")
    assert got["first"] <= 800 - 40, got
    assert got["third"] < got["sizes"] < got["note"] and got["rows"] == 4
    assert browser.execute_script(FITS)
    assert console_errors(browser) == []


HOME = """
var index = document.querySelector("nav.home-index");
var links = index ? Array.prototype.map.call(index.querySelectorAll("a"), function (a) {
    var r = a.getBoundingClientRect(); return [a.textContent, Math.round(r.bottom), Math.round(r.height)]; }) : [];
var cards = Array.prototype.map.call(document.querySelectorAll(".home-sections h3 a"), function (a) { return a.textContent; });
return {shown: !!index && index.offsetParent !== null, links: links, cards: cards,
        latest: document.getElementById("latest-h").getBoundingClientRect().top};
"""


def test_a_phone_names_every_competition_in_its_first_screen(browser, demo_url):
    """Home at 360 px: the demo's four competitions (a league, a tournament, a ladder, a Swiss
    league), each a link at least 24 px high, all above 800 px and above the latest results;
    the same names as the cards further down."""
    open_at(browser, demo_url, 360)
    got = browser.execute_script(HOME)
    screenshot(browser, "newcomer48-home-360")
    assert got["shown"]
    assert [name for name, _, _ in got["links"]] == got["cards"] == [
        "Online Go League", "Tournoi de Juvisy", "Riverside club ladder", "Demo Swiss League 2024"]
    assert all(bottom <= 800 and bottom < got["latest"] and height >= 24 for _, bottom, height in got["links"])
    assert browser.execute_script(FITS)


def test_a_desktop_does_not_show_the_phones_list(browser, demo_url):
    """At 1280 px the sections of cards are in the first screen; the phone's list is not shown."""
    open_at(browser, demo_url, 1280)
    got = browser.execute_script(HOME)
    assert got["shown"] is False and len(got["cards"]) == 4
