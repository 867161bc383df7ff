"""What the dev server's process has after its first build, for the first changes after its start
(issue 31): the files its forked helper read (at full size the helper loads the leagues, so
without their texts' hashes the server took the first edit of a season for the file's first
reading and parsed its second edit whole again), and every page template compiled (a build from
scratch renders in forked workers: the server compiled a page's templates at its first change).

The helper is made to load the leagues on the small test site (``pipeline._split``); the pages
after each edit are a fresh ``sitegen build``'s (sitegen.commands.build.render).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen import pipeline
from fresh_renders import render
from sitegen.devsite import Site
from sitegen.workers import can_fork

SMALL = Path(__file__).parent / "sites" / "small" / "content"
SEASON = "leagues/club/seasons/2024.yaml"
GROUP = "leagues/club/2024/a1/index.html"


def _shown(last: dict, relative: str) -> str:
    """The shown path of the content file ``relative`` among ``last``'s keys."""
    found = [shown for shown in last if shown.endswith(relative)]
    assert len(found) == 1, sorted(last)
    return found[0]


@pytest.mark.skipif(not can_fork(2), reason="forks a helper")
def test_the_server_knows_the_seasons_its_helper_read(tmp_path, monkeypatch):
    """The first build's helper loads the leagues: the server's Remembered then has the season
    file's text hash; its first edit keeps the file's tree (so the second re-reads only the
    edited division), and the pages after both edits are a fresh build's."""
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    names = [found.name for found in pipeline.rulesets.RULE_SETS]
    monkeypatch.setattr(pipeline, "_split", lambda content_dir, jobs: (
        [name for name in names if name != "leagues"], ["leagues"]))
    site = Site(content, None, None)
    site.build()
    reads = site.remembered.yaml
    season = _shown(reads.texts, SEASON)  # read in the helper, known here
    assert season not in reads.parses
    monkeypatch.setattr(pipeline, "_split", lambda content_dir, jobs: (names, []))  # as in the server
    path = content / SEASON
    text = path.read_text(encoding="utf-8")
    assert text.count("result: B+3.5") == 1
    path.write_text(text.replace("result: B+3.5", "result: W+3.5"), encoding="utf-8")
    first, _ = site.build()
    assert first is not None and GROUP in first
    assert season in reads.parses  # the edited file's tree is kept from its first edit on
    assert dict(site.files) == render(content, None)
    path.write_text(text, encoding="utf-8")
    second, _ = site.build()
    assert second is not None and GROUP in second
    assert dict(site.files) == render(content, None)


@pytest.mark.skipif(not can_fork(2), reason="forks a helper")
def test_a_seasons_first_edit_after_the_start_keeps_its_plan_for_the_second(tmp_path, monkeypatch):
    """The first build's helper plans the leagues: the season's first edit is its first plan in
    the server's process, and keeps its groups' standings and games lists all the same (its file
    was edited: sitegen.load.LastReads.changed), so the second edit takes those of group B1
    (not edited) again and makes A1's anew. Before stop 51 only a season planned before in the
    process kept them: B1's were taken again from the third edit on. The pages after each edit
    are a fresh build's."""
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    names = [found.name for found in pipeline.rulesets.RULE_SETS]
    monkeypatch.setattr(pipeline, "_split", lambda content_dir, jobs: (
        [name for name in names if name != "leagues"], ["leagues"]))
    site = Site(content, None, None)
    site.build()
    assert ("club", "2024") not in site.remembered.league_seasons  # planned in the helper
    monkeypatch.setattr(pipeline, "_split", lambda content_dir, jobs: (names, []))  # as in the server
    path = content / SEASON
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("result: B+3.5", "result: W+3.5"), encoding="utf-8")
    site.build()
    first = site.remembered.league_seasons[("club", "2024")]
    assert {group.name for group, _ in first.rows.values()} == {"A1", "B1"}
    assert {group.name for group, _, _ in first.games.values()} == {"A1", "B1"}
    assert dict(site.files) == render(content, None)
    path.write_text(text, encoding="utf-8")
    site.build()
    second = site.remembered.league_seasons[("club", "2024")]
    assert dict(site.files) == render(content, None)

    def made(plan, name: str) -> tuple:
        """Group ``name``'s standings and games lists in ``plan``."""
        rows = next(rows for group, rows in plan.rows.values() if group.name == name)
        games = next(games for group, _, games in plan.games.values() if group.name == name)
        return rows, games

    assert all(now is before for now, before in zip(made(second, "B1"), made(first, "B1")))
    assert not any(now is before for now, before in zip(made(second, "A1"), made(first, "A1")))


def test_every_page_template_is_compiled_in_the_server_after_its_first_build(tmp_path):
    """The small site has no ladder, tournament or Swiss league: their templates are compiled
    all the same (no page of the build used them), as the group page's are."""
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    site = Site(content, None, None)
    site.build()
    compiled = {name for _loader, name in site.environment.cache}
    assert {"group.html", "ladder.html", "tournament.html", "swiss_round.html",
            "macros/tables.html", "partials/player_ladder.html"} <= compiled
