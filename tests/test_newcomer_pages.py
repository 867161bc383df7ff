"""What stop 46's newcomer check found confusing on the pages (issue 31), in the HTML; the
layout (widths, order on the screen) is tested in tests/browser/test_newcomer_layout.py.

On tests/sites/small (the golden site's content): the crosstable's legend, whose mark of a game
not played ("·") read as one more separator in "? result unknown · · not played"; the home
page's grid, whose Leagues card with its leaders table made the row about 320 px taller than
the other cards; a season's name broken at its hyphen ("Season 2021-" / "09").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fresh_renders import render

SMALL = Path(__file__).parent / "sites" / "small" / "content"


@pytest.fixture(scope="module")
def small() -> dict[str, str]:
    return {path: data.decode() for path, data in render(SMALL, None).items() if path.endswith(".html")}


def test_the_crosstable_legend_is_a_list_of_boxed_marks(small):
    """Each mark in its own box (.legend-mark), the items a list set apart by space, not "·":
    the mark of a game not played is the only "·" of the legend."""
    page = small["leagues/club/2024/a1/index.html"]
    legend = re.search(r'<ul class="legend cell-legend">(.*?)</ul>', page, re.S)[1]  # type: ignore[index]
    items = re.findall(r"<li>(.*?)</li>", legend)
    assert items == ['<span class="legend-mark">1</span> win', '<span class="legend-mark">0</span> loss',
                     '<span class="legend-mark">½</span> jigo', '<span class="legend-mark">+</span> won by forfeit',
                     '<span class="legend-mark">−</span> lost by forfeit',
                     '<span class="legend-mark">?</span> result unknown',
                     '<span class="legend-mark">·</span> not played',
                     "<sub>b</sub>/<sub>w</sub> played Black/White"]
    assert legend.count("·") == 1


def test_the_home_sections_card_with_leaders_spans_two_rows_and_season_names_stay_whole(small):
    """The Leagues section (its card holds the leaders table, the small site's one section) is
    "tall" (two rows of the grid, style.css; the demo's sections without leaders are not:
    tests/browser/test_home_layout.py); the latest season's link and the table's caption keep
    "Season 2024" in one box (.unbroken)."""
    home = small["index.html"]
    sections = re.findall(r'<section (?:id="[\w-]+" )?aria-labelledby="home-\d+"( class="\w+")?>\n<h2 id="home-\d+">([^<]+)</h2>', home)
    assert sections == [(' class="tall"', "Leagues")]
    assert '<a href="/club/leagues/club/2024/" class="unbroken">Season 2024</a>' in home
    assert '<caption id="leaders-1"><span>Leaders of <span class="unbroken">Season 2024</span></span></caption>' in home


def test_a_player_pages_season_heading_keeps_the_season_whole(small):
    """The season's name in a player's season heading is one box (.unbroken), the sections in
    one grid (.player-sections: two side by side on a wide screen)."""
    ann = small["players/ann/index.html"]
    assert '<h2 id="section-1">Club League · <span class="unbroken">Season 2024</span></h2>' in ann
    assert '<div class="player-sections">\n<div id="league-club-2024">' in ann
