"""Page weight: no standings page of the demo site above 100 kB of HTML, CSS and JavaScript
together (images aside), counting the page and every stylesheet and script it loads (issue 8)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.commands.build import render

REPO = Path(__file__).parent.parent
LIMIT = 100 * 1000
STANDINGS = ("leagues/", "tournaments/", "ladders/", "swiss/")


@pytest.fixture(scope="module")
def demo() -> dict[str, bytes]:
    return render(REPO / "content", None)


def weight(demo: dict[str, bytes], path: str) -> int:
    """Return the bytes of page ``path`` plus its stylesheets and scripts (site paths from /)."""
    html = demo[path].decode("utf-8")
    total = len(demo[path])
    for ref in sorted(set(re.findall(r'<(?:link rel="stylesheet"|script)[^>]* (?:href|src)="/([^"]+)"', html))):
        total += len(demo[ref])
    return total


def test_no_standings_page_is_heavier_than_100_kb(demo):
    pages = [p for p in demo if p.endswith("index.html") and p.startswith(STANDINGS)]
    assert len(pages) > 100
    heavy = {p: weight(demo, p) for p in pages if weight(demo, p) > LIMIT}
    assert heavy == {}


def test_weight_counts_the_stylesheet_and_scripts(demo):
    # Every page loads style.css and site.js: both count with the HTML.
    page = "players/index.html"
    expected = len(demo[page]) + len(demo["static/style.css"]) + len(demo["static/site.js"])
    assert weight(demo, page) == expected
