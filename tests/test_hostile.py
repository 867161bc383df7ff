"""Hostile names and text (issue 9): escaped, rejected or sanitised, never written outside output/."""

import csv
import io
import json
import re
import shutil
from pathlib import Path

from fresh_renders import render


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


HOSTILE_NAMES = {  # a demo player's name: a name that a spreadsheet would run as a formula
    ("club.yaml", "Ada Stenhouse"): "=cmd|' /C calc'!A0",
    ("iglo.yaml", "Bakero4"): "+1",
    ("swiss.yaml", "Aiko Mori"): "-2",
    ("juvisy-2019.yaml", None): "@SUM(1)",
}
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _formula_cells(output: Path) -> list[tuple[str, int, str, str]]:
    """Return every cell of every CSV under ``output`` that a spreadsheet would read as a
    formula: starting with = + - @ or a control character, and not a number (-14.5 is one)."""
    found = []
    for path in sorted(output.rglob("*.csv")):
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
        for n, row in enumerate(rows):
            for head, cell in zip(rows[0], row):
                if cell and (cell[0] in "=+-@" or ord(cell[0]) < 32 or cell[0] == "\x7f") \
                        and not _NUMBER.fullmatch(cell):
                    found.append((path.relative_to(output).as_posix(), n + 1, head, cell))
    return found


def test_no_csv_cell_of_the_demo_or_hostile_names_starts_a_formula(tmp_path, monkeypatch, run):
    """issue 30 finding 6: the demo's CSVs (every kind: league groups, the tournament's
    rounds, the Swiss league and its rounds, the ladder's rungs) with four players renamed as
    formulas: no cell starts a formula. Before, the opponents of a player with a bye in round
    1 started "- olaf-abelard-2" (#NAME? in a spreadsheet), a Swiss league's tournament scores
    "- - - 3"; the names are written as text ('=cmd...)."""
    site = tmp_path / "site"
    shutil.copytree(Path(__file__).parent.parent / "content", site / "content")
    for (file, old), new in HOSTILE_NAMES.items():
        path = site / "content" / "players" / file
        text = path.read_text(encoding="utf-8")
        old = old or re.search(r"name: ([^,}]+)", text).group(1)
        assert f"name: {old}" in text  # its family_name, not a word of the new name, goes with it
        path.write_text(re.sub(rf"name: {re.escape(old)}(, family_name: [^,}}]+)?", f"name: {json.dumps(new)}",
                               text, count=1), encoding="utf-8")
    monkeypatch.chdir(site)
    status, _, err = run("build")
    assert status == 0, err
    output = site / "output"
    kinds = {p.relative_to(output).parts[0] for p in output.rglob("*.csv")}
    assert kinds == {"leagues", "tournaments", "swiss", "ladders"}
    assert _formula_cells(output) == []
    cells = {cell for p in output.rglob("*.csv")
             for row in csv.reader(io.StringIO(p.read_text(encoding="utf-8"), newline="")) for cell in row}
    assert {"'=cmd|' /C calc'!A0", "'+1", "'-2", "'@SUM(1)"} <= cells
    assert any(cell.startswith("_ ") for p in (output / "tournaments").rglob("*.csv")
               for row in csv.reader(io.StringIO(p.read_text(encoding="utf-8"), newline=""))
               for cell in row)  # a null first in a list


def test_csv_lists_and_control_characters_cannot_start_a_formula():
    """issue 30 finding 6: a list's null is ``_`` (the opponents of a player with a bye in
    round 1 were "- b"); a list or a text starting with a tab, a CR, another control character
    or a negative number is text; a number alone stays a number."""
    from sitegen.plan import csv_of_document

    data = {"rows": [{"opponents": [None, "b"], "scores": [-1, 2], "a": "\tx", "b": "\rx",
                      "c": "\x01x", "d": -14.5, "e": [None]}]}
    assert csv_of_document(data) == (b"opponents,scores,a,b,c,d,e\r\n"
                                     b"_ b,'-1 2,'\tx,\"'\rx\",'\x01x,-14.5,_\r\n")
