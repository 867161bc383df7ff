"""The dev server keeps parsed files and rendered pages from one build to the next; whatever
changes between two builds, the next one is what a fresh ``sitegen build`` gives.

The server is made with ``make_server`` (port 0) and built with its public ``rebuild``, without
starting its threads; the reference is ``sitegen.commands.build.render``, which keeps nothing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.commands.serve import make_server

SMALL = Path(__file__).parent / "sites" / "small" / "content"
DEMO = Path(__file__).parent.parent / "content"
SEASON = "leagues/club/seasons/2024.yaml"
GROUP = "leagues/club/2024/a1/index.html"


@pytest.fixture
def dev(tmp_path):
    """A dev server for a copy of the small site with its own (empty) templates folder; yield
    ``(server, content folder, templates folder)``."""
    content, templates = tmp_path / "content", tmp_path / "templates"
    shutil.copytree(SMALL, content)
    templates.mkdir()
    server = make_server(content, templates, port=0, watch_theme=False, log=lambda line: None)
    try:
        yield server, content, templates
    finally:
        server.httpd.server_close()


def served(server) -> dict[str, bytes]:
    """Build now and return the site the server then serves."""
    assert server.rebuild(), server.state.errors
    return server.state.site.files


def test_a_changed_content_file_is_read_again(dev):
    """Even a save that keeps the file's size and modification time (``B+3.5`` -> ``W+3.5``,
    the old time put back, as some tools do) gives fresh pages."""
    server, content, templates = dev
    first = served(server)
    assert first == render(content, templates)
    season = content / SEASON
    info = season.stat()
    text = season.read_text()
    season.write_text(text.replace("result: B+3.5", "result: W+3.5"))
    os.utime(season, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert season.stat().st_size == info.st_size
    second = served(server)
    assert second == render(content, templates) and second[GROUP] != first[GROUP]


def test_a_changed_template_renders_every_page_again(dev):
    """A template added to, changed in or removed from the site's templates folder shows in the
    next build, on every page that uses it."""
    server, content, templates = dev
    theme = served(server)
    (templates / "404.html").write_text("custom {{ site.title }}")
    assert served(server)["404.html"] == b"custom Small Club League"
    (templates / "base.html").write_text("{% block content %}{% endblock %}")
    site = served(server)
    assert site == render(content, templates) and site["about/index.html"] != theme["about/index.html"]
    (templates / "404.html").unlink()
    (templates / "base.html").unlink()
    assert served(server) == theme


def test_every_build_reports_every_error_of_a_file_with_problems(dev):
    """A file with problems, one found while parsing it (a duplicate key) and one while
    validating it (a result that is not a result), is reported whole by each build until it is
    fixed, not only by the first; the last good site is served meanwhile; the fix gives fresh
    pages."""
    server, content, _ = dev
    good = served(server)
    season = content / SEASON
    text = season.read_text()
    season.write_text(text.replace("result: B+3.5", "result: B+X") + "name: again\n")
    reports = []
    for _ in range(2):
        assert not server.rebuild()
        reports.append(server.state.errors)
        assert server.state.site.files == good
    assert reports[0] == reports[1] and len(reports[0]) == 2, reports
    assert all(f"content/{SEASON}:" in error for error in reports[0])
    assert "[yaml.duplicate-key]" in reports[0][1] and "[result.syntax]" in reports[0][0]
    season.write_text(text.replace("result: B+3.5", "result: W+3.5"))
    assert served(server)[GROUP] != good[GROUP]


def test_each_open_page_is_told_to_reload_when_its_own_file_changes(dev):
    """Issue 18: a page's live-reload poll (``?after=V&page=...``) answers when that page was
    served new, not when another page changed; the changed page's poll answers with a version
    its reloaded copy then waits beyond. The plain poll (no page) still answers each build."""
    server, content, _ = dev
    first = served(server)
    version = server.state.version
    season = content / SEASON
    season.write_text(season.read_text().replace("result: B+3.5", "result: W+3.5"))
    served(server)
    changed = server.wait_version(version, 0.5, page=GROUP)
    assert changed["version"] > version
    unchanged = server.wait_version(version, 0.5, page="about/index.html")
    assert unchanged["version"] == version  # timed out: about/ was not served new
    assert first["about/index.html"] == server.state.site.files["about/index.html"]
    assert server.wait_version(version, 0.5)["version"] > version
    # The group page served now carries its new version: its poll waits again.
    status, headers, body = server.respond("/club/" + GROUP.removesuffix("index.html"))
    assert status == 200 and f"var version = {changed['version']};".encode() in body


def test_the_page_open_in_a_browser_is_made_and_shown_first(dev, monkeypatch):
    """Issue 18: a build makes the changed pages that a browser has open (their live-reload
    polls wait) before the other changed pages, and shows each as soon as it is made: the
    group page whose result changed comes before its season's page, which would otherwise be
    made first (shallow addresses first)."""
    import threading

    server, content, _ = dev
    served(server)
    version = server.state.version
    batches: list[set[str]] = []
    show = server._show
    monkeypatch.setattr(server, "_show", lambda files, upcoming: (batches.append(set(files)),
                                                                  show(files, upcoming)))
    poll = threading.Thread(target=server.wait_version, args=(version, 10, GROUP))
    poll.start()
    assert wait_until(lambda: server.open_pages() == {GROUP})
    season = content / SEASON
    season.write_text(season.read_text().replace("result: B+3.5", "result: W+3.5"))
    served(server)
    poll.join(timeout=10)
    assert not poll.is_alive() and server.open_pages() == frozenset()
    season_page = "leagues/club/2024/index.html"
    assert GROUP in batches[0] and season_page not in batches[0]
    assert any(season_page in batch for batch in batches[1:])


def wait_until(predicate, timeout: float = 5.0) -> bool:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()




@pytest.mark.parametrize("base_url", [None, "https://example.org/club/"])
def test_a_base_url_given_on_the_command_line_keeps_the_units_without_their_players_digests(
        tmp_path, monkeypatch, base_url):
    """``sitegen serve --base-url``: the settings are a new object each build (the base URL put
    in), but the players are the last build's; a unit or season whose files did not change is
    kept without digesting the records of the players it looked up again (issue 31: 0.1-0.3 s
    of each change at full size), as with site.yaml's base URL; the pages are a fresh build's.
    The demo's last league season gets its first game's winner changed."""
    import sys

    from edits import give_first_game_to_the_other
    from sitegen.devsite import Site
    from sitegen.incremental.reuse import BuildCaches

    content = tmp_path / "content"
    shutil.copytree(DEMO, content)
    site = Site(content, None, base_url)
    site.build()
    assert site.state is not None
    season = sorted((content / "leagues/iglo/seasons").glob("*.yaml"))[-1]
    edited = season.relative_to(content).as_posix()
    units = {unit: record for unit, record in site.state.units.items() if unit != ("leagues", "iglo")}
    seasons = {path: record for path, record in site.state.seasons.items() if path != edited}
    assert len(units) == 3 and len(seasons) == 11
    assert all(record.refs for record in [*units.values(), *seasons.values()])  # each looked players up
    give_first_game_to_the_other(season)
    digested: list[tuple[str, ...]] = []  # by the check of a unit or season (a part's are its own)
    plain = BuildCaches.records

    def records(self, ids):
        if sys._getframe(1).f_code.co_name == "_unchanged":
            digested.append(tuple(sorted(ids)))
        return plain(self, ids)

    monkeypatch.setattr(BuildCaches, "records", records)
    changes, _ = site.build()
    assert changes
    assert all(site.state.units[unit] is record for unit, record in units.items())  # kept as they were
    assert all(site.state.seasons[path] is record for path, record in seasons.items())
    assert digested == []
    assert dict(site.files) == render(content, None, base_url=base_url)
