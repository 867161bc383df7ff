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
