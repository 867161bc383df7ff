"""The movements page's flows (issue 31), in headless Chromium at 360 and 1280 CSS pixels.

Each flow is one row of the table (from, to, players, direction) with its names below it,
across the table, in a <details> whose summary gives the count: open for at most 10 names,
closed above. The table fits a phone without scrolling sideways; axe-core finds no serious or
critical violation; a name in a closed list is still found: a link to the text (the same
auto-expanding of <details> as the browser's find-in-page) opens its list.
The league is conftest's ``movements_url``: flows A->A 3, A->B 2, B->A 2, B->B 8, new->B 15.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import console_errors, open_at, run_axe, screenshot  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser

FLOWS = """
return Array.prototype.map.call(document.querySelectorAll(".flows details"), function (d) {
  var list = d.querySelector("p");
  return [d.querySelector("summary").textContent, d.open, list.querySelectorAll("a").length,
          list.checkVisibility()];
});
"""


@pytest.mark.parametrize("width", (360, 1280))
def test_flows_fit_show_small_lists_and_close_large_ones(browser, movements_url, axe_source, width):
    console_errors(browser)
    open_at(browser, movements_url, width)
    page = browser.execute_script("var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    assert page[0] <= page[1], f"the page scrolls sideways at {width}px: {page}"
    region = browser.execute_script("var r = document.querySelector('table.flows').closest('.scroll');"
                                    "return [r.scrollWidth, r.clientWidth];")
    assert region[0] <= region[1], f"the flows table scrolls sideways at {width}px: {region}"
    assert browser.execute_script(FLOWS) == [
        ["Who (3) · Division A → Division A", True, 3, True],
        ["Who (2) · Division A → Division B", True, 2, True],
        ["Who (2) · Division B → Division A", True, 2, True],
        ["Who (8) · Division B → Division B", True, 8, True],
        ["Who (15) · new to the league → Division B", False, 15, False]]
    screenshot(browser, f"movements-flows-{width}")
    assert run_axe(browser, axe_source) == []
    assert console_errors(browser) == []


def test_a_name_in_a_closed_list_is_found(browser, movements_url):
    """Player 29 is in the closed list of the 15 new players: a text fragment (what find-in-page
    does on a closed <details>: it opens it) opens that list and shows the name."""
    state = """
        var a = Array.prototype.find.call(document.querySelectorAll(".flows details a"),
                                          function (a) { return a.textContent === "Player 29"; });
        return [a.closest("details").open, a.checkVisibility()];"""
    open_at(browser, movements_url, 360)
    assert browser.execute_script(state) == [False, False]
    open_at(browser, "about:blank", 360)
    open_at(browser, movements_url + "#:~:text=Player%2029", 360)
    assert browser.execute_script(state) == [True, True]


LABELS = """
var svg = document.querySelector(".flow svg").getBoundingClientRect();
return Array.prototype.map.call(document.querySelectorAll(".flow-label, .flow-head"), function (t) {
  var box = t.getBoundingClientRect();
  return [t.textContent, Math.round(parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a * 10) / 10,
          box.left >= svg.left - 0.5 && box.right <= svg.right + 0.5, box.top, box.bottom];
});
"""


@pytest.mark.parametrize("width, size", ((360, 12.8), (1280, 19.2)))
def test_flow_labels_are_legible_and_inside_the_picture(browser, movements_url, width, size):
    """The flow picture's labels are 15 units of its 400 (pages/league_movements.py FLOW_FONT):
    at 360 px the picture is 360 - 2 x 9.6 = 340.8 px wide (the page's padding, .6rem), so a
    label is 15 x 340.8 / 400 = 12.8 px (it was 10.2 px); at 1280 px the picture is 32rem,
    512 px: 19.2 px. Every label and head stays inside the picture, and the labels of one
    column do not overlap."""
    open_at(browser, movements_url, width)
    labels = browser.execute_script(LABELS)
    assert [text for text, *_ in labels] == ["Season 2024", "Season 2025", "A (5)", "B (10)", "New (15)",
                                             "A (5)", "B (25)"]
    assert {round(effective, 1) for _, effective, *_ in labels} == {size}
    assert all(inside for _, _, inside, *_ in labels), labels
    for column in (labels[2:5], labels[5:]):
        assert all(a[4] <= b[3] for a, b in zip(column, column[1:])), column
    screenshot(browser, f"movements-labels-{width}")
