"""Names in right-to-left scripts (issue 30, finding 5): Arabic, Hebrew and Persian players in
a league group and a tournament. Every right-to-left text a page prints is isolated (sitegen.bidi):
``<bdi>`` in a page's text, U+2068 ... U+2069 where no element may be; bidirectional controls
and marks in a name or a title are refused at their place; feed.xml and search.json stay well
formed (docs/content-format.md, "Text").
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.bidi import isolate_page, mark
from fresh_renders import render

PLAYERS = """\
players:
  - {id: mo, name: محمد رضایی, rank: 3k, club: باشگاه تهران}
  - {id: dl, name: דוד לוי, rank: 5k, club: מועדון}
  - {id: ali, name: علی, rank: 2k}
  - {id: ann, name: Ann, rank: 1k}
"""
SEASON = """\
name: فصل
divisions:
  - name: A
    groups:
      - name: A1
        players: [mo, dl, ali, ann]
        games:
          - {black: mo, white: dl, result: B+R, date: 2024-05-01}
          - {black: ali, white: ann, result: W+R, date: 2024-05-02}
"""
TOURNAMENT = """\
name: جام
system: mcmahon
number_of_rounds: 1
parameters:
  criteria: [MMS, SOSM]
players:
  - {id: mo, rank: 3k}
  - {id: dl, rank: 5k}
  - {id: ali, rank: 2k}
rounds:
  - round: 1
    games:
      - {white: mo, black: dl, handicap: 0, result: W+R}
    byes: [ali]
"""
RTL = re.compile("[\u0590-\u08ff]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def rtl_site(site) -> dict[str, bytes]:
    root = site({"content/site.yaml": "title: Test\nbase_url: https://example.org/\n",
                 "content/players.yaml": PLAYERS,
                 "content/leagues/l/league.yaml": "name: لیگ\n",
                 "content/leagues/l/seasons/s.yaml": SEASON,
                 "content/tournaments/cup.yaml": TOURNAMENT})
    return render(root / "content", None)


def within_isolates(text: str) -> bool:
    """True when every right-to-left character of ``text`` is between U+2068 and its U+2069."""
    depth = 0
    for char in text:
        depth += {"\u2068": 1, "\u2069": -1}.get(char, 0)
        if RTL.match(char) and depth <= 0:
            return False
    return True


class Unisolated(HTMLParser):
    """Collect right-to-left text of a page that is not isolated: a text node outside every
    <bdi> and dir="auto" element (in <title>, <option> or <svg>: outside U+2068 ... U+2069),
    and attribute values outside U+2068 ... U+2069."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict]] = []
        self.found: list[str] = []
        self.isolated_names: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [f"{tag} {key}={value!r}" for key, value in attrs
                       if value and RTL.search(value) and not within_isolates(value)]
        if tag not in VOID:
            self.open.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if not RTL.search(data):
            return
        tags = [tag for tag, _ in self.open]
        if {"title", "option", "svg"} & set(tags):
            if not within_isolates(data):
                self.found.append(f"{tags[-1]}: {data!r}")
        elif any(tag == "bdi" or attrs.get("dir") == "auto" for tag, attrs in self.open):
            self.isolated_names.append(data)
        else:
            self.found.append(f"{'>'.join(tags[-3:])}: {data!r}")


def test_every_right_to_left_name_on_every_page_is_isolated(site):
    pages = rtl_site(site)
    expected = {"index.html", "players/mo/index.html", "players/dl/index.html",
                "players/ali/index.html", "players/index.html", "leagues/l/index.html",
                "leagues/l/s/index.html", "leagues/l/s/a1/index.html", "tournaments/cup/index.html"}
    assert expected <= set(pages)
    seen: set[str] = set()
    for path, body in pages.items():
        if path.endswith(".html"):
            parser = Unisolated()
            parser.feed(body.decode())
            assert parser.found == [], path
            seen.update(parser.isolated_names)
    assert {"محمد رضایی", "דוד לוי", "علی", "باشگاه تهران", "לیگ".replace("ל", "ل"), "فصل",
            "جام"} <= seen


def test_a_name_keeps_its_place_in_a_row_and_in_a_sentence(site):
    """The group's table row: the link holds the name isolated, so the number after it stays
    after it; in a crosstable cell's sentence made in Python the name is isolated with U+2068
    ... U+2069, and the sentence as a whole keeps the page's direction (its first strong
    letter, past the isolate, is the A of "against"), written once."""
    group = rtl_site(site)["leagues/l/s/a1/index.html"].decode()
    assert '<a href="/players/ali/"><bdi>علی</bdi></a>' in group
    assert ('<bdi>\u2068علی\u2069 against Ann: lost with Black</bdi>') in group
    # written once (issue 31): no title attribute repeats it (site.js makes the tooltip)
    assert group.count('\u2068علی\u2069 against Ann: lost with Black') == 1


def test_feed_and_search_index_stay_well_formed(site):
    pages = rtl_site(site)
    feed = ET.fromstring(pages["feed.xml"])
    titles = [t.text for t in feed.iter("{http://www.w3.org/2005/Atom}title")]
    assert "\u2068لیگ\u2069 · \u2068فصل\u2069: results" in titles
    index = json.loads(pages["search.json"])
    assert {row[0] for row in index["players"]} == {"محمد رضایی", "דוד לוי", "علی", "Ann"}
    assert "\ufdd0" not in pages["search.json"].decode() + pages["feed.xml"].decode()


def test_left_to_right_text_is_left_as_it_is(site):
    """Ann's own page: no right-to-left text but her opponents'; her name has no <bdi>."""
    ann = rtl_site(site)["players/ann/index.html"].decode()
    assert "<h1>Ann</h1>" in ann and "<bdi>Ann" not in ann and "<bdi>علی</bdi>" in ann


@pytest.mark.parametrize("html, expected", [
    ("<p>2. \ufdd0محمد\ufdd1 3 wins</p>", "<p>2. <bdi>محمد</bdi> 3 wins</p>"),
    ("<title>\ufdd0محمد\ufdd1 · T</title>", "<title>\u2068محمد\u2069 · T</title>"),
    ("<select><option value=\"1\">\ufdd0محمد\ufdd1 (3)</option></select><p>\ufdd0x\ufdd1</p>",
     "<select><option value=\"1\">\u2068محمد\u2069 (3)</option></select><p><bdi>x</bdi></p>"),
    ("<svg><text>\ufdd0محمد\ufdd1</text></svg>", "<svg><text>\u2068محمد\u2069</text></svg>"),
    ('<td title="\ufdd0محمد\ufdd1 won" data-n="\ufdd0محمد\ufdd1">', '<td title="\u2068محمد\u2069 won" data-n="محمد">'),
    ("<!-- \ufdd0محمد\ufdd1 --><script>if (a<b) x = '\ufdd0محمد\ufdd1';</script>",
     "<!-- محمد --><script>if (a<b) x = 'محمد';</script>"),
    ("<p>Ann</p>", "<p>Ann</p>"),
])
def test_isolate_page_puts_what_each_place_allows(html, expected):
    assert isolate_page(html) == expected


def test_mark_wraps_plain_right_to_left_text_only():
    assert mark("علی <b>") == "\ufdd0علی &lt;b&gt;\ufdd1"
    assert mark("Ann") == "Ann" and mark(3) == 3
    assert str(mark(mark("علی"))) == "\ufdd0علی\ufdd1"  # markup passes as it is


MARK_HINT = ("remove it: it is invisible, and the pages keep a right-to-left name apart from the "
             "text around it without it")
CONTROL_HINT = "remove it: it makes the text show in another order than it is written"


@pytest.mark.parametrize("code, described, hint", [
    ("200E", "LEFT-TO-RIGHT MARK, a bidirectional mark", MARK_HINT),
    ("200F", "RIGHT-TO-LEFT MARK, a bidirectional mark", MARK_HINT),
    ("061C", "ARABIC LETTER MARK, a bidirectional mark", MARK_HINT),
    ("202A", "LEFT-TO-RIGHT EMBEDDING, a bidirectional control", CONTROL_HINT),
    ("202B", "RIGHT-TO-LEFT EMBEDDING, a bidirectional control", CONTROL_HINT),
    ("202C", "POP DIRECTIONAL FORMATTING, a bidirectional control", CONTROL_HINT),
    ("202D", "LEFT-TO-RIGHT OVERRIDE, a bidirectional control", CONTROL_HINT),
    ("202E", "RIGHT-TO-LEFT OVERRIDE, a bidirectional control", CONTROL_HINT),
    ("2066", "LEFT-TO-RIGHT ISOLATE, a bidirectional control", CONTROL_HINT),
    ("2067", "RIGHT-TO-LEFT ISOLATE, a bidirectional control", CONTROL_HINT),
    ("2068", "FIRST STRONG ISOLATE, a bidirectional control", CONTROL_HINT),
    ("2069", "POP DIRECTIONAL ISOLATE, a bidirectional control", CONTROL_HINT),
])
def test_each_bidi_control_or_mark_in_a_name_is_refused_at_its_place(site, run, code, described,
                                                                      hint):
    site({"content/players.yaml": f'players:\n  - {{id: ali, name: "عل\\u{code}ی"}}\n'})
    status, _out, err = run("build")
    assert status == 1 and not Path("output").exists()
    assert err == [f"content/players.yaml:2:21: error: name holds U+{code} ({described}) at "
                   f"character 3; {hint} [text.character]", "1 error; nothing was written"]


def test_a_mark_in_a_tournament_name_is_refused_and_one_in_a_page_body_is_kept(site, run):
    site({"content/tournaments/cup.yaml": TOURNAMENT.replace("name: جام", 'name: "\\u200fجام"'),
          "content/players.yaml": PLAYERS})
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == ("content/tournaments/cup.yaml:1:7: error: name holds U+200F (RIGHT-TO-LEFT "
                      f"MARK, a bidirectional mark) at character 1; {MARK_HINT} [text.character]")
    root = site({"content/tournaments/cup.yaml": TOURNAMENT, "content/players.yaml": PLAYERS,
                 "content/pages/about.md": "---\ntitle: About\n---\nسلام \u200fABC.\n"})
    about = render(root / "content", None)["about/index.html"].decode()
    assert "سلام \u200fABC." in about
