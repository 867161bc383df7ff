"""The site's writer (sitegen.write, issue 31): a site written into a new folder, then again
with one file changed. Unchanged files are linked from the earlier site (same inode), changed
ones written; a build into a folder that does not exist yet looks for no earlier copy of its
files (no earlier site to link from)."""

from __future__ import annotations

import os

import sitegen.write as write
from sitegen.write import MARKER, MARKER_TEXT, Staging, write_site

FILES = {"index.html": b"<p>home</p>", "players/ab/index.html": b"<p>Ab</p>",
         "tournaments/t/standings.json": b"{}\n"}


def _tree(folder) -> dict[str, tuple[bytes, int]]:
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_ino)
            for p in folder.rglob("*") if p.is_file()}


def test_a_new_folder_gets_every_file_written_and_the_marker(tmp_path):
    output = tmp_path / "site"
    report = write_site(FILES, output)
    assert report.written == sorted([*FILES, MARKER]) and report.unchanged == 0
    assert {path: data for path, (data, _) in _tree(output).items()} == {**FILES, MARKER: MARKER_TEXT}


def test_the_next_site_links_what_did_not_change_and_writes_what_did(tmp_path):
    output = tmp_path / "site"
    write_site(FILES, output)
    before = _tree(output)
    report = write_site({**FILES, "index.html": b"<p>home again</p>"}, output)
    after = _tree(output)
    assert report.written == ["index.html"] and report.unchanged == 3  # two files and the marker
    assert after["index.html"][0] == b"<p>home again</p>"
    assert after["index.html"][1] != before["index.html"][1]
    for path in ("players/ab/index.html", "tournaments/t/standings.json", MARKER):
        assert after[path] == before[path]  # the same bytes, the same inode: linked


def test_no_earlier_copy_is_looked_for_when_there_is_no_earlier_site(tmp_path, monkeypatch):
    looked: list[str] = []
    same_bytes = write._same_bytes

    def recorded(current: str, data: bytes) -> bool:
        looked.append(os.path.relpath(current, tmp_path))
        return same_bytes(current, data)

    monkeypatch.setattr(write, "_same_bytes", recorded)
    output = tmp_path / "site"
    write_site(FILES, output)
    assert looked == []
    write_site(FILES, output)  # now there is one: each file (and the marker) is compared
    assert sorted(looked) == sorted(f"site/{path}" for path in [*FILES, MARKER])


def test_a_staged_file_paths_are_those_of_os_path_join(tmp_path):
    """The staging folder's prefixes give each file the path ``os.path.join`` would."""
    output = tmp_path / "site"
    write_site(FILES, output)
    staging = Staging(output)
    try:
        assert staging.put("players/ab/index.html", b"<p>Ab</p>") is False  # linked
        assert staging.put("players/cd/index.html", b"<p>Cd</p>") is True
        assert (staging.folder / "players" / "cd" / "index.html").read_bytes() == b"<p>Cd</p>"
        assert os.path.samefile(staging.folder / "players" / "ab" / "index.html",
                                os.path.join(output, "players/ab/index.html"))
    finally:
        staging.discard()
