"""The site's addresses (issue 15, item 11): a page whose name clashes with one of the site's
own folders in another letter case, and a ``base_url`` whose path is not a plain folder path,
are refused with positioned errors (docs/content-format.md, "site.yaml" and "Pages")."""

from __future__ import annotations

from pathlib import Path

import pytest

from fresh_renders import render


def build_errors(run, *argv: str) -> list[str]:
    status, _out, err = run(*argv, "build")
    assert status == 1
    assert err[-1].endswith("nothing was written")
    assert not Path("output").exists()
    return err[:-1]


@pytest.mark.parametrize("name", ["Static", "STATIC", "Feed.xml", "Players", "Search.json"])
def test_a_page_named_like_a_folder_of_the_site_in_another_case_is_refused(site, run, name):
    """``static/`` holds the theme's files, which are not planned pages: a page ``Static.md``
    would share its folder on Windows and macOS, and was not reported."""
    site({f"content/pages/{name}.md": "---\ntitle: X\n---\nx\n"})
    assert build_errors(run) == [
        f"content/pages/{name}.md:1:1: error: page name '{name}' is reserved for the site: it "
        f"differs from '{name.lower()}' only in upper and lower case, which Windows and macOS "
        "take for the same name; rename the file [page.reserved]"]


@pytest.mark.parametrize("base_url, reason", [
    (".", "its path '.' does not start with '/'"),
    ("..", "its path '..' does not start with '/'"),
    ("-0", "its path '-0' does not start with '/'"),
    ("league/", "its path 'league/' does not start with '/'"),
    ("/a/../b", "its path holds a '.' or '..' folder"),
    ("/league/./", "its path holds a '.' or '..' folder"),
    ("https://example.org/%2e%2e/x/", "its path holds a '.' or '..' folder"),
    ("/a//b/", "its path holds an empty folder name ('//')"),
])
def test_a_base_url_that_is_not_a_plain_folder_path_is_refused(site, run, base_url, reason):
    site({"content/site.yaml": f"title: T\nbase_url: '{base_url}'\n"})
    assert build_errors(run) == [
        f"content/site.yaml:2:11: error: base_url '{base_url}' is not a URL of the site: {reason}; "
        "use e.g. / or https://example.github.io/league/ [site.base-url]"]
    site({})
    status, _out, err = run("build", "--base-url", base_url)
    assert status == 1
    assert err[0].startswith(f"--base-url: error: base_url '{base_url}' is not a URL of the "
                             f"site: {reason}; ")


@pytest.mark.parametrize("base_url, prefix", [
    ("/", "/"), ("/league/", "/league/"), ("/league", "/league/"),
    ("https://example.github.io/league/", "/league/"), ("https://example.org", "/"),
])
def test_plain_base_urls_still_give_rooted_links(site, base_url, prefix):
    root = site({"content/site.yaml": f"title: T\nbase_url: '{base_url}'\n"})
    html = render(root / "content", None)["index.html"].decode()
    assert f'href="{prefix}static/style.css' in html
