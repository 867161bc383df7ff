"""Control characters, non-characters and bidirectional controls in content (issue 15, item 5).

One filter (sitegen/text.py) for every text: typed in a file, they are refused at their line
and column; written as YAML escapes or HTML character references, at the value that holds
them (docs/content-format.md, "Text"). Before, NUL, ESC and DEL were silently removed from
names but kept in descriptions, and U+FFFF reached ``feed.xml`` and made it ill-formed.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fresh_renders import render

SEASON = ("name: S\ndivisions:\n  - name: A\n    groups:\n      - name: A1\n"
          "        players: [ann, bob]\n        games:\n"
          "          - {black: ann, white: bob, result: B+R, date: 2024-05-01}\n")


def build_errors(run) -> list[str]:
    status, _out, err = run("build")
    assert status == 1
    assert err[-1].endswith("nothing was written")
    assert not Path("output").exists()
    return err[:-1]


@pytest.mark.parametrize("escape, described", [
    ("\\0", "U+0000 (a control character)"),
    ("\\e", "U+001B (a control character)"),
    ("\\x7f", "U+007F (a control character)"),
    ("\\x85", "U+0085 (a control character)"),
    ("\\x9b", "U+009B (a control character)"),
    ("\\uffff", "U+FFFF (a non-character)"),
    ("\\ufdd0", "U+FDD0 (a non-character)"),
    ("\\U0010ffff", "U+10FFFF (a non-character)"),
    ("\\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE, a bidirectional control)"),
    ("\\u2066", "U+2066 (LEFT-TO-RIGHT ISOLATE, a bidirectional control)"),
    ("\\t", "U+0009 (a tab)"),
])
def test_a_title_written_with_a_yaml_escape_is_refused_at_its_value(site, run, escape, described):
    site({"content/site.yaml": f'title: "Our{escape} league"\n'})
    [line] = build_errors(run)
    assert line.startswith(f"content/site.yaml:1:8: error: title holds {described} at character 4; ")
    assert line.endswith(" [text.character]")


def test_a_description_may_span_lines_and_hold_tabs_but_no_control_character(site, run):
    root = site({"content/leagues/l/league.yaml": "name: L\ndescription: |\n  One line.\n"
                                                  "  \tIndented by a tab.\n"})
    assert render(root / "content", None)
    site({"content/leagues/l/league.yaml": 'name: L\ndescription: "First line.\\nSecond\\aline."\n'})
    assert build_errors(run) == [
        "content/leagues/l/league.yaml:2:14: error: description holds U+0007 (a control "
        "character) at character 19; remove it; it is invisible in most editors [text.character]"]


def test_a_typed_character_is_refused_at_its_line_and_column(site, run):
    """C1 controls and bidirectional overrides typed in a page body or a YAML comment."""
    site({"content/pages/about.md": "---\ntitle: About\n---\nFirst line.\nSecond \u0085line.\n",
          "content/players.yaml": "players:\n  - {id: ann, name: Ann}  # \u202e}nnA :eman\n"})
    assert build_errors(run) == [
        "content/pages/about.md:5:8: error: U+0085 (a control character) is not allowed in "
        "content files; remove it; it is invisible in most editors [text.character]",
        "content/players.yaml:2:29: error: U+202E (RIGHT-TO-LEFT OVERRIDE, a bidirectional "
        "control) is not allowed in content files; remove it: it makes the text show in another "
        "order than it is written [text.character]"]


def test_a_character_reference_markdown_would_turn_into_a_bidi_override_is_refused(site, run):
    site({"content/pages/about.md": "---\ntitle: About\n---\nAn &amp; and a &#x202e; here.\n"})
    assert build_errors(run) == [
        "content/pages/about.md:4:16: error: U+202E (RIGHT-TO-LEFT OVERRIDE, a bidirectional "
        "control) written as &#x202e; is not allowed in content files; remove it: it makes the "
        "text show in another order than it is written [text.character]"]


def test_zero_width_characters_are_still_removed_from_names(site):
    """Bidirectional marks are refused in names since issue 30 (tests/test_bidi.py)."""
    root = site({"content/players.yaml": "players:\n  - id: x\n    name: 'Ad\u200bmin\u200dEve'\n"})
    html = render(root / "content", None)["players/x/index.html"].decode()
    assert "<h1>AdminEve</h1>" in html


def test_feed_stays_well_formed_with_every_allowed_title(site):
    """Titles reach feed.xml; what the filter lets through must keep it well-formed XML."""
    title = "Ann & <Bob> \u00e9\u00e8 \u05d0\u05d1 \u200b \U0001f600 \ufffd \u00a0 \"q\" 'a'"
    root = site({"content/site.yaml": f"title: {json.dumps(title, ensure_ascii=False)}\n"
                                      "base_url: https://example.org/\n",
                 "content/leagues/l/league.yaml": "name: L\n",
                 "content/leagues/l/seasons/s.yaml": SEASON})
    feed = render(root / "content", None)["feed.xml"]
    assert ET.fromstring(feed).find("{http://www.w3.org/2005/Atom}title").text == (
        title.replace("\u200b", "").strip())


def test_an_imported_name_with_a_bidi_override_is_refused_and_nothing_is_written(site, run,
                                                                                  tmp_path):
    source = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.h9"
    bad = tmp_path / "rlo.h9"
    bad.write_bytes(source.read_bytes().decode("latin-1").replace("Rosa", "Ro\u202esa")
                    .encode("utf-8"))
    site({})
    status, _out, err = run("import", "h9", str(bad), "--id", "rlo")
    assert status == 1
    assert any("U+202E (RIGHT-TO-LEFT OVERRIDE" in line and line.endswith("[text.character]")
               for line in err), err
    assert not Path("content/tournaments").exists() and not Path("content/players").exists()


def test_the_filter_allows_what_text_needs():
    from sitegen.text import refused_at

    assert refused_at("Tab\tand\nnew lines\r\n, é, 中文, \u05d0, \U0001f600, \u200d") is None
    assert refused_at("a\tb", one_line=True).index == 1
    assert refused_at("&#x9; &#10; &#233;") is None
    assert refused_at("x &#8238; y").reference == "&#8238;"


def test_an_ascii_text_and_a_non_ascii_one_are_filtered_alike():
    """A file's text all in ASCII is scanned for its controls only (issue 31): the same
    characters at the same places as in the text with one non-ASCII character more at its
    end. "a" 0, U+0001 1, "b" 2, tab 3, "c" 4, DEL 5, LF 6, ESC 7, then "&#x202E;" at 8;
    a C1 control (U+0085, not ASCII) is refused too, at 16."""
    from sitegen.text import refused_all

    text = "a\x01b\tc\x7f\n\x1b&#x202E;"
    found = [(bad.index, bad.char, bad.reference) for bad in refused_all(text)]
    assert found == [(1, "\x01", ""), (5, "\x7f", ""), (7, "\x1b", ""), (8, "\u202e", "&#x202E;")]
    assert [(bad.index, bad.char, bad.reference) for bad in refused_all(text + "\x85é")] == found + [
        (16, "\x85", "")]
    assert refused_all("Tab\tand\r\nlines ~") == []


def test_a_quoted_key_cannot_forge_a_line_of_the_log_or_drive_the_terminal(site, run):
    """Messages quote keys and values: their line ends and controls are printed as escapes."""
    site({"content/site.yaml": 'title: T\n"x\\ncontent/site.yaml:9:9: error: forged [f]\\e[2J": 1\n'})
    assert build_errors(run) == [
        "content/site.yaml:2:1: error: unknown key 'x\\ncontent/site.yaml:9:9: error: forged "
        "[f]\\x1b[2J' in site.yaml; expected one of: base_url, cname, description, language, "
        "markdown_html, nojekyll, title [schema.unknown-key]"]


def test_every_refused_character_of_a_file_is_reported_in_one_run(site, run):
    """U+FFFF in a page's title and ESC in its body; DEL on line 2 and U+0085 on line 3 of a
    players file: four errors, each at its line and column (before, one per file)."""
    site({"content/pages/rules.md": "---\ntitle: Rules\uffff\n---\nBody \x1b here.\n",
          "content/players.yaml": "players:\n  - {id: ann, name: A\x7fnn}\n  - {id: bob, name: B\x85ob}\n"})
    assert build_errors(run) == [
        "content/pages/rules.md:2:13: error: U+FFFF (a non-character) is not allowed in content "
        "files; remove it: it is not a character, and no page or feed may hold it [text.character]",
        "content/pages/rules.md:4:6: error: U+001B (a control character) is not allowed in "
        "content files; remove it; it is invisible in most editors [text.character]",
        "content/players.yaml:2:22: error: U+007F (a control character) is not allowed in "
        "content files; remove it; it is invisible in most editors [text.character]",
        "content/players.yaml:3:22: error: U+0085 (a control character) is not allowed in "
        "content files; remove it; it is invisible in most editors [text.character]"]
