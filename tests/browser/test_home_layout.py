"""The home page uses a desktop's width (issue 31: at 1280 px the demo's four sections of one
card each made one narrow column, the rest of the width empty), and a phone keeps its layout.

In headless Chromium at 1280×800 and 360×800 on the demo site (one page per width, the session's
demo build). The demo's sections of cards, in order: Leagues, Tournaments, Ladders, Swiss
leagues, one card each. main is 64rem = 1024 px wide at 1280, 992 px inside its padding: three
columns of at least 18rem (288 px) with gaps of 1.5rem (24 px) fit (3 × 288 + 2 × 24 = 912),
four do not (1224): Leagues, Tournaments and Ladders side by side. Leagues, whose card holds the
leaders table (about 320 px taller than the others), spans two rows, and Swiss leagues fills
the column beside it, under Tournaments (issue 31, stop 46's newcomer check: the first row was
as tall as Leagues and Swiss leagues sat alone on row 2, under Leagues). At 360 px they stay
one under the other, each the whole width.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import open_at, screenshot  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

SECTIONS = """
return Array.prototype.map.call(document.querySelectorAll("main section:has(.cards)"), function (s) {
  var r = s.getBoundingClientRect();
  return [s.querySelector("h2").textContent, Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width),
          Math.round(r.bottom + window.scrollY)];
});
"""
SEASON_NAMES = """
return Array.prototype.map.call(document.querySelectorAll(".home-sections .unbroken"), function (e) {
  return [e.textContent, e.getClientRects().length, document.documentElement.scrollWidth <= document.documentElement.clientWidth];
});
"""


def test_the_sections_of_cards_sit_side_by_side_on_a_desktop(browser, demo_url):
    open_at(browser, demo_url, 1280)
    screenshot(browser, "home-grid-1280")
    got = browser.execute_script(SECTIONS)
    assert [name for name, *_ in got] == ["Leagues", "Tournaments", "Ladders", "Swiss leagues"]
    (_, l1, t1, w1, b1), (_, l2, t2, w2, b2), (_, l3, t3, w3, b3), (_, l4, t4, w4, b4) = got
    assert t1 == t2 == t3 < t4  # one row of three, then the fourth
    assert l1 < l2 < l3 and l4 == l2  # the fourth beside Leagues, under Tournaments
    assert b2 <= t4 < b1  # it starts below Tournaments, beside the taller Leagues
    assert w1 == w2 == w3 == w4 and 288 <= w1 < 992 / 2  # three columns of one width
    # A season's name is one line in the card and in the leaders table's caption (it broke
    # as "Season 2021-" / "09"), and the page is no wider than the window.
    names = browser.execute_script(SEASON_NAMES)  # every card's last link is one box too
    assert [name for name in names if name[0].startswith("Season")] == [["Season 2021-09", 1, True]] * 2
    assert all(lines == 1 for _, lines, _ in names)


def test_the_sections_of_cards_stay_one_under_the_other_on_a_phone(browser, demo_url):
    open_at(browser, demo_url, 360)
    screenshot(browser, "home-grid-360")
    got = browser.execute_script(SECTIONS)
    assert [name for name, *_ in got] == ["Leagues", "Tournaments", "Ladders", "Swiss leagues"]
    assert len({left for _, left, _, _, _ in got}) == 1 and len({width for _, _, _, width, _ in got}) == 1
    tops = [top for _, _, top, _, _ in got]
    assert tops == sorted(tops) and len(set(tops)) == 4
    assert got[0][3] > 300  # the whole width inside main's padding (360 - 2 × .6rem)
