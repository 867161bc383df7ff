"""The front half of a build split over two processes (sitegen.pipeline, issue 9) gives the
same content, plan and site as one process, and still reports every problem in one run."""

import sys
from pathlib import Path

import pytest

from sitegen import pipeline, workers
from sitegen.diagnostics import SitegenError
from sitegen.render import render_site

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
from synthetic import generate  # noqa: E402


@pytest.fixture
def forking(monkeypatch):
    """Split even a small archive; the browser tests' server thread may run in this process."""
    monkeypatch.setattr(pipeline, "PARALLEL_MIN_BYTES", 1)
    monkeypatch.setattr(workers, "threads_running", lambda: False)


def test_split_gives_the_helper_work_and_keeps_the_largest(tmp_path, forking):
    generate(tmp_path, scale=0.02)
    mine, helper = pipeline._split(tmp_path / "content", jobs=2)
    assert sorted(mine + helper) == sorted(pipeline.RULE_SETS)
    assert helper and mine
    # the synthetic tournaments weigh most (bytes x 2): this process keeps them
    assert "tournaments" in mine
    assert pipeline._split(tmp_path / "content", jobs=1) == (list(pipeline.RULE_SETS), [])


def test_two_processes_prepare_what_one_does(tmp_path, forking):
    generate(tmp_path, scale=0.02)
    content_dir = tmp_path / "content"
    one_content, one_plan = pipeline.prepare(content_dir, jobs=1)
    two_content, two_plan = pipeline.prepare(content_dir, jobs=2)
    assert two_content == one_content
    assert [p.path for p in two_plan.pages] == [p.path for p in one_plan.pages]
    assert two_plan.home_sections == one_plan.home_sections
    assert ([b.page_context() for b in two_plan.bundles if b.page]
            == [b.page_context() for b in one_plan.bundles if b.page])
    one = render_site(one_plan, one_content.config, None, jobs=1)
    assert render_site(two_plan, two_content.config, None, jobs=1) == one


def test_errors_of_both_processes_are_reported_together(tmp_path, forking):
    generate(tmp_path, scale=0.02)
    content_dir = tmp_path / "content"
    mine, helper = pipeline._split(content_dir, jobs=2)
    broken = []
    for name in (mine[0], helper[0]):
        target = sorted((content_dir / name).rglob("*.yaml"))[-1]
        target.write_text(target.read_text() + "\nnot_a_key: 1\n")
        broken.append(target)
    with pytest.raises(SitegenError) as serial:
        pipeline.prepare(content_dir, jobs=1)
    with pytest.raises(SitegenError) as parallel:
        pipeline.prepare(content_dir, jobs=2)
    assert parallel.value.diagnostics == serial.value.diagnostics
    where = {d.pos.path for d in parallel.value.diagnostics}
    assert all(any(path.endswith(p.name) for path in where) for p in broken)
