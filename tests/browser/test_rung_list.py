"""The ladder page's rung list on a 360 px phone, in English, Polish and French: its four
columns (rung, member, last game, W–L–J) fit the page's 340.8 px without scrolling sideways,
and the desktop look stays as it was.

Before the phone rules of style.css for ``.rung-list`` the table was wider than its region at
360 px: 342 px in English, 389 in Polish ("Szczebel", "Ostatnia gra"), 407 in French
("Dernière partie") against 341 px, and the region scrolled sideways. Screenshots go to
tests/browser/screenshots/ as ``rung-list-<language>-<width>.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import console_errors, open_at, screenshot, table_problems  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built (in pl and fr too)

LADDER = "ladders/club/"

MEASURE = """
var table = document.querySelector("table.rung-list"), region = table.closest(".scroll");
var cue = region.previousElementSibling;
return {table: table.getBoundingClientRect().width, region: region.getBoundingClientRect().width,
        scrollWidth: region.scrollWidth, clientWidth: region.clientWidth,
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        cue: !!(cue && cue.classList.contains("scroll-cue") && !cue.hidden),
        headings: Array.from(table.querySelectorAll("thead th")).map(function (th) {
            var r = th.getBoundingClientRect(), s = getComputedStyle(th);
            return [th.textContent, r.left >= region.getBoundingClientRect().left - 0.5 &&
                    r.right <= region.getBoundingClientRect().right + 0.5, s.fontSize, s.whiteSpace]; }),
        cell: [getComputedStyle(table.querySelector("tbody td")).paddingLeft,
               getComputedStyle(table.querySelector("tbody time")).fontSize,
               getComputedStyle(table.querySelector("tbody td.num")).fontSize]};
"""


def _ladder_url(request, code: str) -> str:
    if code == "en":
        return request.getfixturevalue("demo_url") + LADDER
    return request.getfixturevalue("demo_urls_in")[code] + LADDER


@pytest.mark.parametrize("code", ["en", "pl", "fr"])
def test_the_rung_list_fits_a_phone_without_scrolling_sideways(browser, request, code):
    console_errors(browser)
    open_at(browser, _ladder_url(request, code), 360)
    found = browser.execute_script(MEASURE)
    screenshot(browser, f"rung-list-{code}-360")
    assert found["table"] <= found["region"], (
        f"the rung list in {code} is {found['table']:.1f} px wide in a region of {found['region']:.1f} px")
    assert found["scrollWidth"] <= found["clientWidth"]
    assert found["region"] == pytest.approx(340.8, abs=0.1)  # 360 px less main's padding, .6rem each side
    assert found["page"][0] <= found["page"][1]
    assert found["cue"] is False  # nothing to scroll to: no "More columns" cue
    assert all(inside for _, inside, _, _ in found["headings"]), found["headings"]
    assert {(size, wrap) for _, _, size, wrap in found["headings"]} == {("14px", "normal")}
    assert found["cell"] == ["4px", "14px", "14px"]
    assert table_problems(browser) == []
    assert console_errors(browser) == []


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_rung_list_on_a_desktop_keeps_its_look(browser, request, code):
    """At 1280 px the phone rules do not apply: headings on one line at 16 px, cells padded
    .5rem (8 px) each side, dates and records at 16 px; the table at its natural width."""
    open_at(browser, _ladder_url(request, code), 1280)
    found = browser.execute_script(MEASURE)
    screenshot(browser, f"rung-list-{code}-1280")
    assert {(size, wrap) for _, _, size, wrap in found["headings"]} == {("16px", "nowrap")}
    assert found["cell"] == ["8px", "16px", "16px"]
    assert found["scrollWidth"] <= found["clientWidth"] and found["cue"] is False
