"""``sitegen build --output`` never destroys anything but an earlier site (issue 9)."""

import os
import stat
from pathlib import Path

import pytest


@pytest.mark.parametrize("output, message", [
    ("content", "the output folder content overlaps"),
    ("content/pages", "the output folder content/pages overlaps"),
    (".", "the output folder . would replace the working folder"),
    ("", "the output folder . would replace the working folder"),
    ("notes.txt", "the output path notes.txt is a file, not a folder"),
    ("mine", "the output folder mine holds files that sitegen did not write; they would be deleted"),
])
def test_build_refuses_an_output_folder_it_would_destroy(site, run, output, message):
    site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    Path("notes.txt").write_text("keep me")
    Path("mine").mkdir()
    Path("mine/thesis.tex").write_text("keep me too")
    before = sorted(str(p) for p in Path(".").rglob("*"))
    status, _out, err = run("build", "--output", output)
    assert status == 1
    assert err[0].startswith(f"sitegen build: error: {message}")
    assert err[0].endswith("; choose a new or empty folder, e.g. --output output [output]")
    assert sorted(str(p) for p in Path(".").rglob("*")) == before
    assert Path("notes.txt").read_text() == "keep me"


def test_build_replaces_its_own_output_and_keeps_usual_permissions(site, run):
    site({})
    old_umask = os.umask(0o022)
    try:
        assert run("build")[0] == 0
        assert Path("output/.sitegen-output").is_file()
        assert stat.S_IMODE(Path("output").stat().st_mode) == 0o755
        Path("output/stale.html").write_text("from an earlier build")
        assert run("build")[0] == 0
        assert not Path("output/stale.html").exists()
    finally:
        os.umask(old_umask)


def test_content_errors_and_output_refusal_are_reported_together(site, run):
    site({"content/site.yaml": "title: A\ntitle: B\n"})
    Path("mine").mkdir()
    Path("mine/x.txt").write_text("x")
    status, _out, err = run("build", "--output", "mine")
    assert status == 1
    assert err[0].startswith("sitegen build: error: the output folder mine holds files")
    assert err[1].startswith("content/site.yaml:2:1: error: duplicate key 'title'")
    assert err[2] == "2 errors; nothing was written"
