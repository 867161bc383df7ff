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


def test_a_checkout_that_merely_looks_like_a_site_is_refused_and_kept(site, run):
    """Issue 15, item 2: index.html and 404.html do not make a folder sitegen's; a gh-pages
    checkout (.git, CNAME) given as --output is refused and nothing in it is deleted."""
    site({})
    pages = Path("gh-pages")
    (pages / ".git").mkdir(parents=True)
    (pages / ".git/HEAD").write_text("ref: refs/heads/gh-pages\n")
    (pages / "CNAME").write_text("results.example.org\n")
    (pages / "index.html").write_text("<h1>old</h1>")
    (pages / "404.html").write_text("<h1>gone</h1>")
    before = {p.as_posix(): p.read_bytes() for p in pages.rglob("*") if p.is_file()}
    status, _out, err = run("build", "--output", "gh-pages")
    assert status == 1
    assert err[0] == ("sitegen build: error: the output folder gh-pages holds files that sitegen did "
                      "not write; they would be deleted; choose a new or empty folder, e.g. --output "
                      "output [output]")
    assert {p.as_posix(): p.read_bytes() for p in pages.rglob("*") if p.is_file()} == before


def test_a_marked_folder_holding_a_git_checkout_is_refused(site, run):
    """A gh-pages branch that holds an earlier build (its marker included), checked out as the
    output folder: the marker does not make its .git sitegen's."""
    site({})
    assert run("build")[0] == 0
    Path("output/.git").mkdir()
    Path("output/.git/HEAD").write_text("ref: refs/heads/gh-pages\n")
    status, _out, err = run("build")
    assert status == 1
    assert err[0].startswith("sitegen build: error: the output folder output holds .git, which "
                             "sitegen never writes; it would be deleted")
    assert Path("output/.git/HEAD").is_file()


def test_a_link_named_like_the_marker_does_not_count(site, run, tmp_path):
    site({})
    Path("mine").mkdir()
    Path("mine/thesis.tex").write_text("keep me")
    Path("mine/.sitegen-output").symlink_to(tmp_path / "content/site.yaml")
    status, _out, err = run("build", "--output", "mine")
    assert status == 1 and "holds files that sitegen did not write" in err[0]
    assert Path("mine/thesis.tex").read_text() == "keep me"


def test_cname_and_nojekyll_are_written_from_the_settings(site, run):
    """GitHub Pages from a branch reads CNAME and .nojekyll at the root: sitegen writes them."""
    site({"content/site.yaml": "title: T\ncname: Results.Example.org\nnojekyll: true\n"})
    assert run("build")[0] == 0
    assert Path("output/CNAME").read_bytes() == b"results.example.org\n"
    assert Path("output/.nojekyll").read_bytes() == b""
    assert run("build")[0] == 0  # the folder it wrote, with these files, is still its own
    site({"content/site.yaml": "title: T\n"})
    assert run("build")[0] == 0
    assert not Path("output/CNAME").exists() and not Path("output/.nojekyll").exists()


@pytest.mark.parametrize("value", ["https://results.example.org/", "results.example.org/league",
                                   "results.example.org:8080", "results example.org", "localhost",
                                   "-x.example.org", "a..b.org"])
def test_a_cname_that_is_not_a_domain_is_refused(site, run, value):
    site({"content/site.yaml": f"title: T\ncname: '{value}'\n"})
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == (f"content/site.yaml:2:8: error: cname '{value}' is not a domain name; write the "
                      "domain alone, e.g. results.example.org (no https://, no path) [site.cname]")


def test_a_page_cannot_take_the_name_of_the_cname_file(site, run):
    site({"content/pages/CNAME.md": "---\ntitle: X\n---\nx\n"})
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == ("content/pages/CNAME.md:1:1: error: page name 'CNAME' is reserved for the site; "
                      "rename the file [page.reserved]")
