"""Rendering in worker processes gives the same bytes as rendering in one (issue 9)."""

import sys
from pathlib import Path

from sitegen import render as render_module
from sitegen.render import render_site
from sitegen.site import plan_site
from sitegen.validate import load_content

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from synthetic import generate  # noqa: E402


def test_parallel_render_equals_sequential(tmp_path, monkeypatch):
    generate(tmp_path, scale=0.02)
    content = load_content(tmp_path / "content")
    plan = plan_site(content)
    monkeypatch.setattr(render_module, "PARALLEL_MIN_PAGES", 10)
    assert len(plan.pages) > 250  # more than one slice of work
    one = render_site(plan, content.config, None, jobs=1)
    two = render_site(plan, content.config, None, jobs=2)
    assert list(one) == list(two) and one == two


def test_render_cache_reuses_unchanged_pages_and_notices_template_changes(tmp_path, monkeypatch):
    """The dev server's cache: same bytes as a fresh render, re-rendering only what changed."""
    from sitegen.render import RenderCache

    small = Path(__file__).parent / "sites" / "small" / "content"
    content = load_content(small)
    plan = plan_site(content)
    cache = RenderCache()
    first = render_site(plan, content.config, None, jobs=1, cache=cache)
    calls = []
    original = render_module._render_slice
    monkeypatch.setattr(render_module, "_render_slice",
                        lambda pages, *a, **k: calls.append(len(pages)) or original(pages, *a, **k))
    assert render_site(plan_site(content), content.config, None, jobs=1, cache=cache) == first
    assert calls == [0]  # nothing re-rendered
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "404.html").write_text("custom")
    again = render_site(plan_site(content), content.config, templates, jobs=1, cache=cache)
    assert again["404.html"] == b"custom" and calls[-1] == len(plan.pages)
