"""Page weight: no standings page of the demo site above 100 kB of HTML, CSS and JavaScript
together (images aside), counting the page and every stylesheet and script it loads (issue 8)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
LIMIT = 100 * 1000
STANDINGS = ("leagues/", "tournaments/", "ladders/", "swiss/")


@pytest.fixture(scope="module")
def demo(demo_files) -> Mapping[str, bytes]:
    return demo_files


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


def bench_page_weight():
    """Return bench/page_weight.py as a module."""
    import importlib.util
    import sys

    sys.path.insert(0, str(REPO / "bench"))
    spec = importlib.util.spec_from_file_location("page_weight", REPO / "bench" / "page_weight.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("path", "kind"), [
    ("index.html", "home"), ("404.html", "404"), ("search.json", "search.json"),
    ("players/index.html", "players index"), ("players/a-z/p/index.html", "players letter"),
    ("players/a-z/p/2/index.html", "players letter"), ("players/a-z/index.html", "player"),
    ("players/ann/index.html", "player"), ("leagues/iglo/index.html", "league"),
    ("leagues/rules/index.html", "league rules"),
    ("leagues/iglo/2021-09/index.html", "season"), ("leagues/iglo/2021-09/a/index.html", "group"),
    ("leagues/iglo/2021-09/movements/index.html", "movements"),
    ("leagues/iglo/2021-09/final/index.html", "final"), ("tournaments/t/index.html", "tournament"),
    ("tournaments/t/round-2/index.html", "tournament round"), ("tournaments/t/2/index.html", "tournament"),
    ("tournaments/t/12/index.html", "tournament"), ("tournaments/t/round-2/3/index.html", "tournament round"),
    ("ladders/club/index.html", "ladder"),
    ("ladders/club/games/index.html", "ladder games"), ("ladders/club/games/2025-12/index.html", "ladder month"),
    ("ladders/club/handicap/index.html", "handicap"), ("swiss/demo/index.html", "Swiss league"),
    ("swiss/demo/t6/index.html", "Swiss tournament"), ("swiss/demo/t6/round-5/index.html", "Swiss round"),
    ("about/index.html", "page"), ("static/style.css", None), ("tournaments/t/standings.json", None)])
def test_the_page_weight_bench_sorts_pages_by_kind(path, kind):
    assert bench_page_weight().kind_of(path) == kind


def test_no_demo_page_is_over_the_ceiling_of_its_kind(demo):
    """bench/page_weight.py's ceilings for the demo hold (sizes, not times): the largest page
    of each kind may not grow past its ceiling; every kind of the demo has one."""
    bench = bench_page_weight()
    ceilings = bench.CEILINGS["demo"]
    kinds = {bench.kind_of(path) for path in demo} - {None}
    assert kinds == set(ceilings)
    over = {path: len(data) for path, data in demo.items()
            if bench.kind_of(path) is not None and len(data) > ceilings[bench.kind_of(path)]}
    assert over == {}
    assert all(ceiling <= bench.GOAL for ceiling in ceilings.values())


def test_no_page_of_any_scale_may_be_over_the_goal():
    """The goal holds at every scale, search.json (data) aside; a listed ceiling holds below it."""
    bench = bench_page_weight()

    def fig(raw: int, page: str) -> dict:
        return {"pages": 1, "median_raw": raw, "median_gzip": 0, "largest_raw": raw, "largest_gzip": 0,
                "largest": page}

    scale1 = {"tournament": fig(200_001, "tournaments/t60/"), "season": fig(200_000, "leagues/n/2003/"),
              "search.json": fig(2_400_000, "search.json")}
    assert bench.held("scale 1", scale1) == [
        "scale 1: tournament: tournaments/t60/ is 200,001 bytes, over its ceiling of 200,000"]
    scale03 = {"tournament": fig(123_001, "tournaments/t18/"), "tournament round": fig(118_000, "r/"),
               "search.json": fig(577_001, "search.json")}
    assert bench.held("scale 0.3", scale03) == [
        "scale 0.3: tournament: tournaments/t18/ is 123,001 bytes, over its ceiling of 123,000",
        "scale 0.3: search.json: search.json is 577,001 bytes, over its ceiling of 577,000"]


def test_elements_counts_start_tags_only():
    """html, head, title, body, p, a, br: 7 elements; the doctype, end tags, a comment and an
    escaped ``&lt;b`` in text are not elements."""
    page = (b'<!DOCTYPE html><html><head><title>T</title></head><body><!-- x --><p>1 &lt;b 2'
            b' <a href="#r2">2+/w0</a><br></p></body></html>')
    assert bench_page_weight().elements(page) == 7
    assert bench_page_weight().elements(b'{"a": "<b>"}') == 1  # JSON: weigh() counts no elements in it


def test_the_table_gives_the_most_elements_of_a_kind():
    bench = bench_page_weight()
    figures = {"tournament": {"pages": 2, "median_raw": 1500, "median_gzip": 500, "largest_raw": 2000,
                              "largest_gzip": 600, "largest": "tournaments/t/", "most_elements": 5794}}
    assert bench.table("demo", figures).splitlines()[-1] == (
        "| tournament | 2 | 1.5 kB | 0.5 kB | 2.0 kB | 0.6 kB | `tournaments/t/` | 5,794 |")
