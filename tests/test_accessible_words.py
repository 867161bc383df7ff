"""Accessible as well as readable (issue 27), checked on the rendered HTML of the demo: a
tournament's round results read as words ("won against Bob with White") in en, pl and fr; a
declared absence shown as text; pairing tables with row headers; the ladder's games without a
mostly empty column, their dates heading row groups; no caption repeating its heading; and
exactly one non-empty meta description on every page, its own.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.i18n import words as words_of
from sitegen.pages.tournament import game_words

REPO = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def demo(demo_files) -> dict[str, str]:
    return {path: data.decode("utf-8") for path, data in demo_files.items()
            if path.endswith(".html")}


@pytest.mark.parametrize(("code", "text", "words"), [
    ("en", "2+/w0", "won against Bob with White"),
    ("en", "12-/b2", "lost against Bob with Black, handicap 2"),
    ("en", "3=/?0", "jigo (draw) against Bob"),
    ("en", "4+!w0", "won by forfeit against Bob with White"),
    ("en", "5?/b0", "result unknown against Bob with Black"),
    ("pl", "2+/w0", "wygrana z graczem Bob, białymi"),
    ("pl", "12-/b2", "przegrana z graczem Bob, czarnymi, fora 2"),
    ("fr", "2+/w0", "gagnée contre Bob, avec Blanc"),
    ("fr", "12-!b3", "perdue par forfait contre Bob, avec Noir, handicap 3"),
])
def test_a_round_result_in_words(code, text, words):
    assert game_words(text, "Bob", words_of(code)) == words


def test_a_string_without_a_game_has_no_game_words():
    with pytest.raises(ValueError, match="not a game string: '0='"):
        game_words("0=", "Bob", words_of("en"))


def test_a_pages_round_cells_read_as_game_words():
    """A page's round cells (the kinds of game string worked out once per page) read as
    game_words does, each cell's opponent its own; a string after its row that is no game is
    refused."""
    from sitegen.engine.placement import PlacementRow
    from sitegen.model.common import Rank
    from sitegen.model.tournament import TournamentPlayer
    from sitegen.pages.tournament import _game_cells, _GameSentences

    lang = words_of("fr")
    games = ("2+/w0", "12-!b3", "0=", "3+/w0", "7-!b3")
    row = PlacementRow(1, 1, False, TournamentPlayer("a", "A", "", Rank(-5)), {}, 0, 0, games,
                       ("b", "c", None, "d", "e"))
    cells = _game_cells(row, {"b": "Bob", "c": "Cléo", "d": "Dan"}, {(3, "a"): "absent"},
                        lambda n: None, lang._, _GameSentences(lang._))
    assert [cell["words"] for cell in cells] == [
        game_words("2+/w0", "Bob", lang), game_words("12-!b3", "Cléo", lang), "absent",
        game_words("3+/w0", "Dan", lang), game_words("7-!b3", "e", lang)]
    assert cells[1]["words"] == "perdue par forfait contre Cléo, avec Noir, handicap 3"
    assert [(cell["anchor"], cell["status"]) for cell in cells] == [
        ("r2", False), ("r12", False), (None, True), ("r3", False), ("r7", False)]
    with pytest.raises(ValueError, match="not a game string"):
        _GameSentences(lang._)("+/x0", "Bob")


def test_the_tournament_table_reads_its_round_results_as_words(demo):
    html = demo["tournaments/juvisy-2019/index.html"]
    # Rosa Étienne (row 1) beat Clément Carmody-2 (row 2) as White in round 1, even game: the
    # link shows the notation and is named by the words (its aria-label, issue 31).
    assert '<a href="#r2"><span aria-hidden="true">2+/w0</span><span class="visually-hidden">won against Clément Carmody-2 with White</span></a>' in html
    assert '<span aria-hidden="true">0=</span> <span class="status-word">declared absent</span>' in html
    assert 'title="declared absent"' not in html and 'title="Clément Carmody-2"' not in html


def test_pairing_tables_have_row_headers(demo):
    for path in ("tournaments/juvisy-2019/round-2/index.html", "swiss/demo/t6/round-5/index.html"):
        body = demo[path].split('id="pairings-caption"')[1].split("</table>")[0]
        rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[1], re.S)
        assert rows and all(re.match(r'<th scope="row" class="num">\d+</th>', row) for row in rows), path


def test_the_ladder_games_have_no_record_column_and_their_dates_head_row_groups(demo):
    html = demo["ladders/club/index.html"]
    table = html.split('id="recent-caption"')[1].split("</table>")[0]
    assert ">Record</th>" not in table and "<td></td>" not in table
    days = re.findall(r'<tbody>\s*<tr class="day"><th scope="rowgroup" colspan="4"><time', table)
    assert len(days) == table.count("<tbody>") > 1
    assert re.search(r"<td>(White|Black) won <span class=\"record-links\"><a href=", table)


class _Outline(HTMLParser):
    """A page's meta descriptions, and its captions that repeat the heading before them."""

    def __init__(self):
        super().__init__()
        self.descriptions: list[str | None] = []
        self.repeated: list[str] = []
        self.heading = ""
        self.open: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "meta" and dict(attrs).get("name") == "description":
            self.descriptions.append(dict(attrs).get("content"))
        if tag in ("h1", "h2", "h3", "h4", "caption"):
            self.open = (tag, [])

    def handle_endtag(self, tag):
        if self.open and tag == self.open[0]:
            text = " ".join("".join(self.open[1]).split()).casefold()
            if tag == "caption" and text == self.heading:
                self.repeated.append(text)
            elif tag != "caption":
                self.heading = text
            self.open = None

    def handle_data(self, data):
        if self.open:
            self.open[1].append(data)


def outline(html: str) -> _Outline:
    parser = _Outline()
    parser.feed(html)
    return parser


def test_no_caption_repeats_its_heading(demo):
    assert {path: o.repeated for path in demo if (o := outline(demo[path])).repeated} == {}
    assert outline("<h2>Final standings</h2><table><caption><span>Final standings</span></caption>").repeated \
        == ["final standings"]


def test_every_page_has_one_meta_description_of_its_own(demo):
    descriptions = {path: outline(html).descriptions for path, html in demo.items()}
    assert len(descriptions) > 300
    assert {p: d for p, d in descriptions.items() if len(d) != 1 or not (d[0] or "").strip()} == {}
    pick = {p: d[0] for p, d in descriptions.items()}
    assert pick["leagues/iglo/2021-09/a/index.html"] == \
        "Group A of Season 2021-09 of Online Go League: standings, crosstable and outcomes"
    assert pick["index.html"].startswith("A real online league (12 seasons)")  # site.yaml's
    assert pick["players/Bakero4/index.html"] == \
        "Bakero4 on Go results (sitegen demo): current competitions, games and results"
    assert pick["about/index.html"] == "About this site, from Go results (sitegen demo)"


def test_a_description_from_front_matter_and_untrusted_names_escaped(tmp_path):
    import shutil

    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    about = content / "pages" / "about.md"
    about.write_text(about.read_text().replace("title:", 'description: "Who runs this & why"\ntitle:', 1))
    players = content / "players" / next(p.name for p in (content / "players").glob("*.yaml")
                                         if "Bakero4" in p.read_text())
    players.write_text(players.read_text().replace("name: Bakero4", 'name: "Bak\\"ero<4>"', 1))
    files = render(content, None)
    assert '<meta name="description" content="Who runs this &amp; why">' in files["about/index.html"].decode()
    page = files["players/Bakero4/index.html"].decode()
    assert '<meta name="description" content="Bak&#34;ero&lt;4&gt; on Go results' in page
