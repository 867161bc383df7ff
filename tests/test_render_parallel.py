"""Rendering in worker processes gives the same bytes as rendering in one (issue 9)."""

import sys
from pathlib import Path

from sitegen import render as render_module
from sitegen import workers
from sitegen.render import render_site
from sitegen.pipeline import plan_site
from sitegen.validate import load_content

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from synthetic import generate  # noqa: E402


def test_parallel_render_equals_sequential(tmp_path, monkeypatch):
    generate(tmp_path, scale=0.02)
    content = load_content(tmp_path / "content")
    plan = plan_site(content)
    monkeypatch.setattr(render_module, "PARALLEL_MIN_PAGES", 10)
    monkeypatch.setattr(workers, "threads_running", lambda: False)
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
    original = render_module._render_page
    monkeypatch.setattr(render_module, "_render_page",
                        lambda env, page, *shared: calls.append(page.path) or original(env, page, *shared))
    assert render_site(plan_site(content), content.config, None, jobs=1, cache=cache) == first
    assert calls == []  # nothing re-rendered
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "404.html").write_text("custom")
    again = render_site(plan_site(content), content.config, templates, jobs=1, cache=cache)
    assert again["404.html"] == b"custom" and len(calls) == len(plan.pages)


def test_workers_write_what_they_render(tmp_path, monkeypatch):
    """A large site is rendered and written by the forked workers (sitegen.render.render_into):
    the outputs come from two worker processes, not the builder, and the folder written equals
    the in-memory render plus the marker file; a rebuild after one changed result rewrites
    exactly the files whose bytes changed."""
    import os

    from sitegen.commands.build import build, render
    from sitegen.render import render_into
    from sitegen.write import MARKER, MARKER_TEXT

    generate(tmp_path, scale=0.02)
    content_dir = tmp_path / "content"
    monkeypatch.setattr(render_module, "PARALLEL_MIN_PAGES", 10)
    # The browser tests' web server thread may still run in this process; forking is safe here.
    monkeypatch.setattr(workers, "threads_running", lambda: False)
    monkeypatch.setenv("SITEGEN_NO_CACHE", "1")
    content = load_content(content_dir)
    makers = render_into(plan_site(content), content.config, lambda path, data: os.getpid(), jobs=2)
    assert len(set(makers.values())) == 2 and os.getpid() not in makers.values()

    output = tmp_path / "output"
    build(content_dir, output)
    expected = {**render(content_dir), MARKER: MARKER_TEXT}
    assert snapshot(output) == expected

    season = sorted((content_dir / "leagues").rglob("*.yaml"))[-1]
    text = season.read_text()
    assert "result: B+R" in text
    season.write_text(text.replace("result: B+R", "result: W+R", 1))
    after = {**render(content_dir), MARKER: MARKER_TEXT}
    changed = sorted(path for path in after if expected.get(path) != after[path])
    report = build(content_dir, output).report
    assert 0 < len(changed) < 20 and report.written == changed
    assert snapshot(output) == after


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_standings_of_each_round_are_computed_once(tmp_path, monkeypatch):
    """Issue 9, work done once: the standings after each round of each tournament are computed
    once per build, whether the round's page and its standings.json (and CSV) are made by one
    worker or in one process; the page and its files are made one after the other."""
    import collections

    from sitegen.engine import placement
    from sitegen.pages import tournament as tournament_pages

    generate(tmp_path, scale=0.02)
    calls = collections.Counter()

    def counted(t, r=None, *args):
        calls[(t.id, r)] += 1
        return placement.standings(t, r, *args)

    monkeypatch.setattr(tournament_pages, "standings", counted)
    content = load_content(tmp_path / "content")
    site = render_site(plan_site(content), content.config, None, jobs=1)
    rounds = sum(tournament_pages.last_round_played(t) for t in content.tournaments)
    assert rounds >= 5 and len(calls) == rounds
    assert set(calls.values()) == {1}
    assert sum(1 for path in site if path.startswith("tournaments/") and path.endswith("standings.json")) == rounds
