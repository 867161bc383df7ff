"""``sitegen serve`` answers at once (issue 31, "the first page at once"): while its first build
runs it serves what an earlier build left in ``output/`` under a notice that the page may be
out of date (sitegen.earlier), or a page saying it is being built; after the build, the new
site without the notice, and live reload as before.

The first build is held back by the test (``Site.build`` waits for an event), so "before the
build finishes" is certain, not a race. Every wait is bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import sys
import time
from pathlib import Path

import pytest

from sitegen import devsite
from sitegen.commands.serve import make_server

sys.path.insert(0, str(Path(__file__).parent))
from served import GAME_LINE, SEASON, SMALL, fetch  # noqa: E402
from sitegen.earlier import EarlierFiles, earlier_site

NOTICE = "the site is being rebuilt: this page may be out of date"



def wait_for(predicate, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.02)
    return predicate()


def standings(base: str) -> list[tuple[int, str, float]]:
    status, body = fetch(base + "leagues/club/2024/a1/standings.json")
    assert status == 200
    return [(r["place"], r["id"], r["gamepoints"]) for r in json.loads(body)["rows"]]


@pytest.fixture
def held(tmp_path, monkeypatch):
    """The small site in tmp_path; ``Site.build`` waits until the event returned is set."""
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    release = threading.Event()
    build = devsite.Site.build

    def held_build(self, *args, **kwargs):
        assert release.wait(30), "the test did not release the build"
        return build(self, *args, **kwargs)

    monkeypatch.setattr(devsite.Site, "build", held_build)
    return release


def start_early(lines: list[str]):
    dev = make_server(Path("content"), None, Path("output"), port=0, watch_theme=False, log=lines.append)
    dev.start(wait=False, earlier=earlier_site(Path("output"), Path("content"), None))
    return dev


def test_the_earlier_output_is_served_with_a_notice_until_the_first_build(held):
    held.set()  # an earlier build, written to output/ as sitegen serve does
    first = make_server(Path("content"), None, Path("output"), port=0, watch_theme=False, log=lambda line: None)
    first.start()
    first.stop()
    written = Path("output/index.html").read_text(encoding="utf-8")
    held.clear()
    lines: list[str] = []
    dev = start_early(lines)
    base = f"http://127.0.0.1:{dev.port}/club/"
    try:
        assert dev.url == base  # the base path of site.yaml before any build
        status, page = fetch(base)
        assert status == 200 and NOTICE in page and 'id="sitegen-rebuilding"' in page
        assert "sitegen-live-reload" in page
        assert page.startswith(written[:written.index("<body")])  # the earlier file's bytes
        status, page = fetch(base + "no/such/page/")  # it may come with the build
        assert status == 503 and "This page is being built" in page and NOTICE in page
        info = json.loads(fetch(f"http://127.0.0.1:{dev.port}/__sitegen/version")[1])
        assert (info["builds"], info["version"]) == (0, 0)
        polled: list[dict] = []  # the open page's live-reload poll, as its script sends it
        poll = threading.Thread(target=lambda: polled.append(json.loads(fetch(
            f"http://127.0.0.1:{dev.port}/__sitegen/version?after=0&page=/club/", timeout=30)[1])))
        poll.start()
        time.sleep(0.2)
        assert not polled and not lines  # still building
        held.set()
        poll.join(30)
        assert polled and polled[0]["version"] == 1 and polled[0]["builds"] == 1
        status, page = fetch(base)
        assert status == 200 and NOTICE not in page and "sitegen-live-reload" in page
        assert fetch(base + "no/such/page/")[0] == 404
        assert wait_for(lambda: any(line.startswith("build 1: 14 pages in ") for line in lines))
        # live reload as before: a saved result is served at once, without the notice
        text = SEASON.read_text(encoding="utf-8")
        assert GAME_LINE in text
        assert standings(base)[0] == (1, "ann", 2.5)
        SEASON.write_text(text.replace(GAME_LINE, GAME_LINE.replace("B+3.5", "W+3.5")), encoding="utf-8")
        # cy beat ann as well as bob (forfeit): league D.1 gamepoints cy 2, ann 1 + ½ = 1½
        assert wait_for(lambda: standings(base)[:2] == [(1, "cy", 2), (2, "ann", 1.5)])
        assert NOTICE not in fetch(base + "leagues/club/2024/a1/")[1]
        assert wait_for(lambda: any(line.startswith("build 2: 14 pages, ") for line in lines))
    finally:
        held.set()
        dev.stop()


def test_without_an_earlier_output_every_page_is_being_built(held):
    lines: list[str] = []
    dev = start_early(lines)
    base = f"http://127.0.0.1:{dev.port}/club/"
    try:
        assert dev.url == base
        status, page = fetch(base)
        assert status == 503 and "This page is being built" in page and "sitegen-live-reload" in page
        status, page = fetch(f"http://127.0.0.1:{dev.port}/")  # redirected to the base path
        assert status == 503 and "This page is being built" in page
        held.set()
        assert wait_for(lambda: dev.version_info()["builds"] == 1)  # pages may show before
        status, page = fetch(base)
        assert status == 200 and NOTICE not in page and "Small Club League" in page
        # the site is served from memory first, then written: the log line follows the write
        assert wait_for(lambda: any(line.startswith("build 1: ") for line in lines))
        assert Path("output/index.html").is_file()
    finally:
        held.set()
        dev.stop()


def test_a_first_build_that_fails_keeps_the_earlier_pages_with_the_notice_and_the_errors(held):
    held.set()
    first = make_server(Path("content"), None, Path("output"), port=0, watch_theme=False, log=lambda line: None)
    first.start()
    first.stop()
    Path("content/players.yaml").write_text("players:\n  - {id: ann, name: Ann\n")
    dev = start_early([])
    base = f"http://127.0.0.1:{dev.port}/club/"
    try:
        assert wait_for(lambda: "sitegen-errors" in fetch(base)[1])
        status, page = fetch(base)
        assert status == 200 and NOTICE in page
        assert "content/players.yaml:3:1: error: YAML syntax error" in page
        assert fetch(base + "no/such/page/")[0] == 404  # the build ran: not "being built"
    finally:
        dev.stop()


def test_earlier_files_are_read_from_the_folder_only(tmp_path):
    (tmp_path / "site/a").mkdir(parents=True)
    (tmp_path / "site/a/index.html").write_bytes(b"<p>a</p>")
    (tmp_path / "secret").write_bytes(b"no")
    os.symlink(tmp_path / "secret", tmp_path / "site/link")
    files = EarlierFiles(tmp_path / "site")
    assert files["a/index.html"] == b"<p>a</p>" and "a/index.html" in files
    for name in ("../secret", "a/../../secret", "link", "a", "", "/etc/passwd", "a//index.html"):
        assert name not in files and files.get(name) is None
    assert list(files) == ["a/index.html"] and len(files) == 1


def test_the_first_build_shows_each_page_as_it_is_made(held, monkeypatch):
    """Without an earlier output, the first build's pages are served as they are made (here:
    every one, the build held after rendering), still with the notice until it is done."""
    monkeypatch.setattr(devsite, "SHOW_FRESH_EVERY", 0.0)
    rendered = threading.Event()
    finish = threading.Event()
    render_bundles = devsite.render_bundles

    def held_render_bundles(*args, **kwargs):  # every page made, before the build returns
        made = render_bundles(*args, **kwargs)
        rendered.set()
        assert finish.wait(30), "the test did not let the build finish"
        return made

    monkeypatch.setattr(devsite, "render_bundles", held_render_bundles)
    dev = start_early([])
    base = f"http://127.0.0.1:{dev.port}/club/"
    try:
        assert fetch(base)[0] == 503
        held.set()
        assert rendered.wait(30)
        status, page = fetch(base)
        assert status == 200 and "Small Club League" in page and NOTICE in page
        assert fetch(base + "leagues/club/2024/a1/")[0] == 200
        assert dev.version_info()["builds"] == 0
        finish.set()
        assert wait_for(lambda: dev.version_info()["builds"] == 1)
        status, page = fetch(base)
        assert status == 200 and NOTICE not in page
    finally:
        held.set()
        finish.set()
        dev.stop()
