"""Hostile names and text (issue 9): escaped, rejected or sanitised, never written outside output/."""

from pathlib import Path

from sitegen.commands.build import render


def players_file(name: str, ident: str = "x") -> dict[str, str]:
    return {"content/players.yaml": f"players:\n  - id: {ident}\n    name: {name}\n"}


def test_script_name_is_escaped_everywhere(site):
    root = site({**players_file("'<script>alert(1)</script>'"),
                 "content/leagues/l/league.yaml": "name: <img src=x onerror=alert(1)>\n",
                 "content/leagues/l/seasons/s.yaml": "name: S\ndivisions:\n  - name: A\n    groups:\n"
                                                    "      - name: A1\n        players: [x]\n"})
    files = render(root / "content", None)
    for path, data in files.items():
        if path.endswith(".html"):
            assert b"<script>alert" not in data and b"<img src=x" not in data, path
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in files["players/x/index.html"]
    assert b"&lt;img src=x onerror=alert(1)&gt;" in files["leagues/l/index.html"]


def test_path_traversal_id_is_rejected(site, run):
    site(players_file("Eve", "../../etc/passwd"))
    status, _, err = run("build")
    assert status == 1
    assert err[0] == ("content/players.yaml:2:9: error: id '../../etc/passwd' is not a valid id; use "
                      "1-64 letters, digits, '-', '_' or '.', starting with a letter or digit [schema.id]")
    assert not Path("output").exists()


def test_dot_dot_page_and_group_names_cannot_escape(site, run):
    site({"content/pages/..md": "---\ntitle: X\n---\nx\n",
          "content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s.yaml": "name: S\ndivisions:\n  - name: A\n    groups:\n"
                                             "      - name: ../../x\n        players: []\n"})
    status, _, err = run("build")
    assert status == 1
    assert any("page file name '.' is not a valid id" in line for line in err)
    assert any("group name '../../x' is not a valid id" in line for line in err)


def test_zero_width_characters_are_removed_and_bidi_controls_refused(site, run):
    """Bidirectional overrides and isolates are refused, not removed (issue 15, item 5)."""
    root = site(players_file("'Ad\u200bmin\u200dEve'"))
    html = render(root / "content", None)["players/x/index.html"].decode()
    assert "<h1>AdminEve</h1>" in html
    assert "\u200b" not in html
    site(players_file("'Ad\u200bmin\u202e\u2066Eve'"))
    status, _, err = run("build")
    assert status == 1
    assert err[0].startswith("content/players.yaml:3:18: error: U+202E (RIGHT-TO-LEFT OVERRIDE, a "
                             "bidirectional control) is not allowed in content files")


def test_ten_thousand_character_name_is_rejected(site, run):
    site(players_file("A" * 10000))
    status, _, err = run("build")
    assert status == 1
    assert err[0] == ("content/players.yaml:3:11: error: name is 10000 characters long; at most 200 "
                      "are allowed; shorten it [schema.text]")


def test_markdown_javascript_links_are_dropped(site):
    root = site({"content/pages/x.md": "---\ntitle: X\n---\n[click](javascript:alert(1)) "
                                       "<script>alert(2)</script>\n"})
    html = render(root / "content", None)["x/index.html"].decode()
    assert "href=\"javascript:" not in html and "<a href" not in html.split("<main", 1)[1]
    assert "<script>alert(2)" not in html


def test_symbolic_links_in_content_are_refused(site, run, tmp_path):
    secret = tmp_path / "secret.md"
    secret.write_text("---\ntitle: Secret\n---\nprivate\n")
    site({})
    Path("content/pages").mkdir()
    Path("content/pages/leak.md").symlink_to(secret)
    status, _, err = run("build")
    assert status == 1
    assert err[0] == ("content/pages/leak.md:1:1: error: symbolic links are not followed in content; "
                      "put the file itself in the content folder [content.symlink]")


def test_base_url_cannot_point_at_another_host(site, run):
    site({"content/site.yaml": "title: T\nbase_url: https://x.org//evil.example/\n"})
    status, _, err = run("build")
    assert status == 1
    assert err[0].startswith("content/site.yaml:2:11: error: base_url 'https://x.org//evil.example/' "
                             "is not a URL of the site")
    site({})
    status, _, err = run("build", "--base-url", "javascript:alert(1)//")
    assert status == 1
    assert err[0].startswith("--base-url: error: base_url 'javascript:alert(1)//' is not a URL")


def test_csv_cells_cannot_start_a_spreadsheet_formula():
    from sitegen.plan import csv_of_document

    data = {"rows": [{"name": '=HYPERLINK("http://x")', "score": -1, "club": "@x"}]}
    assert csv_of_document(data) == (b'name,score,club\r\n"\'=HYPERLINK(""http://x"")",-1,\'@x\r\n')
