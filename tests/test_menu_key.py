"""The header menu in the pages' keys (issue 31, render52): every page of a build shows one
menu object, the one the build's cache registered (sitegen.stages._rule_sets,
sitegen.incremental.build.CachedBuild.same_menu), so that each page's key takes the menu by its
digest. The pages planned after the rule sets' (the players' pages, home, 404: sitegen.site.
complete_plan) were given a menu made again, equal but not registered, which each player page's
key then pickled whole (a third of its bytes at scale 0.3 of bench/synthetic.py)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from sitegen.commands.build import build
from sitegen.depends import _Pickler

SMALL = Path(__file__).resolve().parent / "sites" / "small" / "content"


def _built(tmp_path: Path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    result = build(content, tmp_path / "site", theme_code=True)
    return result.made


def test_every_page_shows_the_one_registered_menu(tmp_path):
    built = _built(tmp_path)
    plan, cache = built.plan, built.cache
    menus = {id(page.context["menu"]) for page in plan.pages}
    assert menus == {id(plan.menu)}
    assert cache.digests.known(plan.menu) == cache.menu
    kinds = {page.template for page in plan.pages}
    assert {"player.html", "home.html", "league.html"} <= kinds  # both the rule sets' and the site's


def test_a_player_page_key_holds_the_menu_by_its_digest(tmp_path):
    """A player page's key names no menu entry (the small site's menu links "Club League"),
    only the menu's digest, which changes when the menu does (tests/test_build_cache.py:
    a new header menu builds everything)."""
    built = _built(tmp_path)
    plan, cache = built.plan, built.cache
    page = next(page for page in plan.pages if page.template == "player.html")
    bundle = next(bundle for bundle in plan.bundles if bundle.page is page)
    buffer = io.BytesIO()
    _Pickler(buffer, cache.digests).dump(("page", bundle.page, bundle.shared))
    assert cache.menu in buffer.getvalue()
    names = [entry["name"] for group in plan.menu for entry in group["items"]]
    assert names
    assert [name for name in names if name.encode("utf-8") in buffer.getvalue()] == []
