"""Once a build is written to ``output/``, the dev server serves its files from there and
holds no page's bytes (issue 31, "half the memory"); a page a later build changes is served
new from memory until that build's write is done, then from disk again.

The server is made with ``make_server`` (port 0, an output folder) and built with its public
``rebuild``, without starting its threads; the reference is ``sitegen.commands.build.render``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

import sitegen.commands.serve as serve_command
from sitegen import devsite
from fresh_renders import render
from sitegen.devsite import Site
from sitegen.diagnostics import Diagnostic, SitegenError, command_pos
from sitegen.servedfiles import Folder, Layered, OnDisk, Staged, layered
from sitegen.write import OutputLock

SMALL = Path(__file__).parent / "sites" / "small" / "content"
SEASON = "leagues/club/seasons/2024.yaml"
GROUP = "leagues/club/2024/a1/index.html"
GROUP_URL = "/club/leagues/club/2024/a1/"  # tests/sites/small has base_url /club/


@pytest.fixture
def dev(tmp_path, monkeypatch):
    """A dev server for a copy of the small site writing to ``output/``; yield ``(server, its
    Site, content folder, templates folder, output folder)``."""
    content, templates, output = tmp_path / "content", tmp_path / "templates", tmp_path / "output"
    shutil.copytree(SMALL, content)
    templates.mkdir()
    sites: list[Site] = []

    class Recorded(Site):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            sites.append(self)

    monkeypatch.setattr(serve_command, "Site", Recorded)
    server = serve_command.make_server(content, templates, output, port=0, watch_theme=False,
                                       log=lambda line: None)
    try:
        yield server, sites[0], content, templates, output
    finally:
        server.httpd.server_close()


def page_of(body: bytes, page: bytes) -> bool:
    """Return True if ``body`` (a response of the dev server) is ``page`` with the live-reload
    script put in before ``</body>``."""
    at = page.rfind(b"</body>")
    return at > 0 and body.startswith(page[:at]) and body.endswith(page[at:]) and b"sitegen-live-reload" in body


def test_after_the_write_every_page_is_read_from_the_output_folder(dev):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    files = server.state.site.files
    # Served from output/, the Site's own table the same: only the paths and digests are held.
    assert isinstance(files, OnDisk) and site.files is files and files.folder == output.resolve()
    assert len(site.digests[GROUP]) == 32
    assert dict(files) == render(content, templates)
    # The bytes come from the file: a change made on disk by hand is what is served.
    (output / GROUP).write_bytes(b"<!doctype html><html><body>edited on disk</body></html>")
    status, _, body = server.respond(GROUP_URL)
    assert status == 200 and body.startswith(b"<!doctype html><html><body>edited on disk<script")
    # A file that is gone from the folder is missing, not an error.
    (output / GROUP).unlink()
    assert server.respond(GROUP_URL)[0] == 404


def test_a_changed_page_is_served_new_from_memory_until_written_then_from_disk(dev, monkeypatch):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    old = (output / GROUP).read_bytes()
    season = content / SEASON
    season.write_text(season.read_text().replace("result: B+3.5", "result: W+3.5"))
    new = render(content, templates)[GROUP]
    assert new != old

    seen = {}
    update_site = serve_command.update_site

    def watched_update(changes, folder, total, *args, **kwargs):
        # Published before the write: the changed page from memory, over the files on disk.
        seen["files"] = server.state.site.files
        seen["disk"] = (output / GROUP).read_bytes()
        seen["served"] = server.respond(GROUP_URL)
        return update_site(changes, folder, total, *args, **kwargs)

    monkeypatch.setattr(serve_command, "update_site", watched_update)
    assert server.rebuild(), server.state.errors
    assert isinstance(seen["files"], Layered) and seen["files"].top[GROUP] == new
    assert isinstance(seen["files"].below, OnDisk) and seen["disk"] == old
    assert seen["served"][0] == 200 and page_of(seen["served"][2], new)
    # Written: from disk again, the new bytes; the layer and its bytes are let go.
    files = server.state.site.files
    assert isinstance(files, OnDisk) and site.files is files
    assert (output / GROUP).read_bytes() == new
    assert page_of(server.respond(GROUP_URL)[2], new)
    assert dict(files) == render(content, templates)


def test_a_build_from_scratch_is_written_whole_and_served_from_disk(dev):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    (templates / "404.html").write_text("custom {{ site.title }}")  # every page made again
    assert server.rebuild(), server.state.errors
    files = server.state.site.files
    assert isinstance(files, OnDisk) and files["404.html"] == b"custom Small Club League"
    assert (output / "404.html").read_bytes() == b"custom Small Club League"
    assert dict(files) == render(content, templates)


def test_a_failed_write_keeps_the_changed_pages_in_memory(dev, monkeypatch):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    season = content / SEASON
    season.write_text(season.read_text().replace("result: B+3.5", "result: W+3.5"))

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(serve_command, "update_site", full_disk)
    assert server.rebuild(), server.state.errors
    files = server.state.site.files
    assert isinstance(files, Layered) and site.files is files
    assert dict(files) == render(content, templates)  # output/ still holds the old page


def test_without_an_output_folder_the_pages_stay_in_memory(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    server = serve_command.make_server(content, None, None, port=0, watch_theme=False,
                                       log=lambda line: None)
    try:
        assert server.rebuild(), server.state.errors
        assert type(server.state.site.files) is dict
        assert server.state.site.files == render(content, None)
    finally:
        server.httpd.server_close()


def test_a_layer_hides_what_it_removes_and_layers_merge_into_one(tmp_path):
    (tmp_path / "a.html").write_bytes(b"A")
    (tmp_path / "b.html").write_bytes(b"B")
    disk = OnDisk(tmp_path, {"a.html": b"", "b.html": b""})
    first = layered(disk, {"a.html": b"A2", "c.html": b"C"})
    second = layered(first, {"c.html": None, "b.html": b"B2"})
    assert isinstance(second, Layered) and second.below is disk
    assert dict(first) == {"a.html": b"A2", "b.html": b"B", "c.html": b"C"}
    assert dict(second) == {"a.html": b"A2", "b.html": b"B2"}
    assert "c.html" not in second and len(second) == 2
    with pytest.raises(KeyError):
        second["c.html"]
    # Only the paths given are on disk; a dict is copied, not layered.
    assert "d.html" not in disk and disk.get("d.html") is None
    memory = {"a.html": b"A"}
    copy = layered(memory, {"a.html": None, "b.html": b"B"})
    assert copy == {"b.html": b"B"} and type(copy) is dict and memory == {"a.html": b"A"}


def test_a_build_from_scratch_is_written_as_it_is_made_keeping_digests_only(dev, monkeypatch):
    server, site, content, templates, output = dev
    sinks = []
    render_bundles = devsite.render_bundles

    def recorded(*args, **kwargs):
        results = render_bundles(*args, **kwargs)
        sinks.append(results)
        return results

    monkeypatch.setattr(devsite, "render_bundles", recorded)
    assert server.rebuild(), server.state.errors
    expected = render(content, templates)
    # The one render of the build handed back (SHA-256, written anew), never the bytes.
    [results] = sinks
    digests = {path: made for path, made, _ in results}
    assert digests[GROUP] == (hashlib.sha256(expected[GROUP]).digest(), True)
    assert site.digests[GROUP] == digests[GROUP][0] and isinstance(site.files, OnDisk)
    assert dict(server.state.site.files) == expected
    assert not [name for name in os.listdir(output.parent) if "staging" in name]  # swapped, old one removed


def test_a_failed_build_from_scratch_lets_go_what_it_showed(dev, monkeypatch):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    good = server.state.site
    before = {path: (output / path).read_bytes() for path in good.files}
    monkeypatch.setattr(devsite, "SHOW_FRESH_EVERY", 0.0)
    render_bundles = devsite.render_bundles
    shown = []
    show = server._show
    monkeypatch.setattr(server, "_show", lambda files, version: (shown.append(files), show(files, version)))

    def failing(*args, **kwargs):
        render_bundles(*args, **kwargs)  # every page written to the staging folder and shown
        raise SitegenError([Diagnostic(command_pos("test"), "failed after rendering", "test")])

    monkeypatch.setattr(devsite, "render_bundles", failing)
    (templates / "404.html").write_text("custom {{ site.title }}")
    assert not server.rebuild()
    assert shown and isinstance(shown[-1], Staged) and "404.html" in shown[-1]
    # The last good site again, output/ as it was, the staging folder gone.
    assert server.state.site is good and server.state.errors
    assert {path: (output / path).read_bytes() for path in good.files} == before
    status, _, body = server.respond("/club/404.html")
    assert status == 200 and page_of(body, before["404.html"]) and b"custom" not in body
    assert not [name for name in os.listdir(output.parent) if "staging" in name]


def test_a_build_from_scratch_is_held_in_memory_while_another_process_writes_the_output(dev):
    server, site, content, templates, output = dev
    assert server.rebuild(), server.state.errors
    (templates / "404.html").write_text("custom {{ site.title }}")
    with OutputLock(output):  # as another sitegen would hold it
        assert server.rebuild(), server.state.errors
    files = server.state.site.files
    assert type(files) is dict and files["404.html"] == b"custom Small Club League"
    assert (output / "404.html").read_bytes() != b"custom Small Club League"  # not written


def test_staged_files_are_read_from_their_folder_wherever_it_is_renamed(tmp_path):
    staging = tmp_path / "staging"
    (staging / "a").mkdir(parents=True)
    (staging / "a" / "index.html").write_bytes(b"new")
    table = Staged(Folder(staging), frozenset({"a/index.html"}))
    os.rename(staging, tmp_path / "output")  # as the swap into output/ does
    staging.mkdir()  # the old site, now under the staging folder's name
    (staging / "a").mkdir()
    (staging / "a" / "index.html").write_bytes(b"old")
    assert table["a/index.html"] == b"new" and list(table) == ["a/index.html"]
    assert "b.html" not in table and table.get("b.html") is None
