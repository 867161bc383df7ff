"""A big tournament's standings in pages (issue 31, "Light pages"; docs/urls.md, "Tournament
pages"): the Juvisy tournament (19 players in the standings, 4 rounds) built with
``PAGE_RESULTS`` 24, so that a page holds 24 // 4 = 6 players: pages 1-6, 7-12, 13-18 and 19,
the first at the old URL.
"""

from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path

import pytest

import sitegen.pages.tournament as tournament
from sitegen.i18n import ENGLISH_WORDS
from sitegen.plan import SitePlan
from sitegen.rulesets import load_content
from sitegen.pages.tournament import page_rows, page_urls
from sitegen.pages.tournament_rounds import results_to_come, rounds_played, rounds_without_games

sys.path.insert(0, str(Path(__file__).parent))
from test_tournament_site import XML, _site_from_import  # noqa: E402

T = "/club/tournaments/juvisy/"


@pytest.fixture(scope="module")
def paged(tmp_path_factory) -> dict[str, bytes]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tournament, "PAGE_RESULTS", 24)
        return _site_from_import(tmp_path_factory.mktemp("paged"), "opengotha", XML, "juvisy")


def _rows(site: dict[str, bytes], path: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="r(\d+)">', site[path].decode())]


def test_page_rows_hold_200_round_results_and_at_least_one_player():
    assert (page_rows(5), page_rows(4), page_rows(7), page_rows(1), page_rows(0)) == (40, 50, 28, 200, 200)
    assert page_rows(300) == 1
    assert page_urls("tournaments/t/", 80, 5) == ["tournaments/t/", "tournaments/t/2/"]
    assert page_urls("tournaments/t/", 81, 5) == ["tournaments/t/", "tournaments/t/2/", "tournaments/t/3/"]
    assert page_urls("tournaments/t/round-2/", 0, 5) == ["tournaments/t/round-2/"]


def test_every_standings_page_has_its_pages_the_first_at_the_old_url(paged):
    pages = sorted(p for p in paged if p.startswith("tournaments/juvisy/") and p.endswith("index.html"))
    want = ["tournaments/juvisy/2/", "tournaments/juvisy/3/", "tournaments/juvisy/4/", "tournaments/juvisy/"]
    for r in (1, 2, 3):
        base = f"tournaments/juvisy/round-{r}/"
        want += [base + "2/", base + "3/", base + "4/", base]
    assert pages == sorted(p + "index.html" for p in want)


def test_each_page_holds_its_six_rows(paged):
    assert _rows(paged, "tournaments/juvisy/index.html") == [1, 2, 3, 4, 5, 6]
    assert _rows(paged, "tournaments/juvisy/2/index.html") == [7, 8, 9, 10, 11, 12]
    assert _rows(paged, "tournaments/juvisy/3/index.html") == [13, 14, 15, 16, 17, 18]
    assert _rows(paged, "tournaments/juvisy/4/index.html") == [19]
    assert _rows(paged, "tournaments/juvisy/round-2/3/index.html") == [13, 14, 15, 16, 17, 18]


def test_a_result_links_to_the_opponents_row_on_its_page(paged):
    """Row 7 (Basile Esterházy): round 1 lost to row 10 (this page), round 2 beat row 6 (page 1)."""
    html = paged["tournaments/juvisy/2/index.html"].decode()
    assert '<a href="#r10"><span aria-hidden="true">10-/w0</span><span class="visually-hidden">lost against Victor Aubert with White</span></a>' in html
    assert re.search(f'<a href="{T}#r6"><span aria-hidden="true">6\\+/b0</span><span class="visually-hidden">won against [^<]+ with Black</span></a>', html)
    # row 19 (Zoé Abelard) lost to row 18 in round 1: page 3
    assert re.search(f'<a href="{T}3/#r18"><span aria-hidden="true">18-/b7</span><span class="visually-hidden">lost against [^<]+ with Black, handicap 7</span></a>',
                     paged["tournaments/juvisy/4/index.html"].decode())


@pytest.mark.parametrize(("path", "rows", "rounds"), [
    ("tournaments/juvisy/index.html", 6, 4), ("tournaments/juvisy/4/index.html", 1, 4),
    ("tournaments/juvisy/round-2/index.html", 6, 2), ("tournaments/juvisy/round-1/3/index.html", 6, 1)])
def test_each_round_result_is_written_once(paged, path, rows, rounds):
    """One cell per player and round (issue 31): 6 players x 4 rounds = 24 result cells on the
    first page, 1 x 4 on the last, 6 x 2 after round 2; each row's cells are its own rounds,
    in order; no second copy of them (no disclosure row for a phone; the phone's disclosure of
    stop 50 is empty, its summary only). A round cell is a row's
    cell after its row number's, ``td.rn ~ td`` (no class of its own: 18 bytes a result)."""
    html = paged[path].decode()
    body = html.split('id="standings-caption"')[1].split("<tbody>")[1].split("</tbody>")[0]
    # the round cells: a row's cells after its row number's (td.rn), without a class
    results = [row.split('<td class="num rn">')[1].split("</td>", 1)[1]
               for row in re.findall(r'<tr id="r\d+">(.*?)</tr>', body)]
    assert len(results) == rows
    assert sum(cells.count("<td>") for cells in results) == rows * rounds
    for cells in results:
        assert cells.count("<td>") == cells.count("<td") == rounds
    assert html.count('<th scope="col" class="round-col">') == rounds
    # Since stop 50 each row has a phone's disclosure, empty: it opens the row's own cells
    # (style.css), it holds no copy of them; since stop 51 its summary is named for a screen
    # reader with the player's name (aria-label, the words of no cell).
    empty = re.compile(r'<details><summary aria-label="Details of [^"<>]+">Details</summary></details>')
    assert len(empty.findall(body)) == rows
    assert "rounds-row" not in html and "<details" not in empty.sub("", body) and "<li>" not in body


def test_each_rows_summary_is_named_with_its_players_name(paged):
    """Stop 51: the phone's 19 "Rounds" were all "Rounds" to a screen reader; each summary's
    accessible name holds its row's player ("Details of Rosa Étienne", row 1 of Juvisy; the
    visible word first, WCAG 2.5.3 label in name), the name escaped as the row's own link's.
    Stop 53: the word is "Details", as the disclosure opens the tie-breakers, rank and row
    number too (stop 52's newcomer: "the Rounds button also shows the tie-breakers")."""
    html = paged["tournaments/juvisy/index.html"].decode()
    named = re.findall(r'<tr id="r(\d+)">.*?<a href="[^"]*">([^<]+)</a></th>.*?'
                       r'<summary aria-label="([^"]+)">Details</summary>', html)
    assert [int(row) for row, _, _ in named] == [1, 2, 3, 4, 5, 6]
    assert named[0][1:] == ("Rosa Étienne", "Details of Rosa Étienne")
    assert all(label == f"Details of {name}" for _, name, label in named), named


def test_the_summarys_name_holds_its_visible_word_in_every_language():
    """The summary's name for a screen reader ("Details of %(name)s") begins with its visible
    word ("Details", in the context "a tournament row's disclosure") in each catalog (WCAG
    2.5.3: the name holds the label seen), and holds the player's name."""
    from sitegen.i18n import words

    for tag, seen in [("en", "Details"), ("pl", "Szczegóły"), ("fr", "Détails")]:
        lang = words(tag)
        assert lang.pgettext("a tournament row's disclosure", "Details") == seen
        named = lang._("Details of %(name)s") % {"name": "Ewa Nowak"}
        assert named.startswith(seen) and named.endswith("Ewa Nowak") and named != seen, (tag, named)


def test_an_open_rows_labels_are_the_tables_criteria(paged):
    """Stop 51: on a phone an open row labels its other criteria ("SOSM 128 · SOSOSM 503"):
    the labels are the table's custom properties --c2, --c3 ... (the criteria after the first,
    as the heading's <abbr> shows them; style.css puts them before the values), then --rank
    and --row, the words before the rank and the row number (stop 52: "rank 3d · row 1", was
    "3d · #1"). Juvisy's criteria are MMS, SOSM, SOSOSM."""
    html = paged["tournaments/juvisy/index.html"].decode()
    table = re.search(r'<table class="standings tournament[^"]*"( style="[^"]*")?>', html)
    assert table and table.group(1) == " style=\"--c2:'SOSM';--c3:'SOSOSM';--rank:'rank';--row:'row';\""
    heads = re.findall(r'<th scope="col" class="num[^"]*"><abbr title="[^"]*">([^<]+)</abbr></th>', html)
    assert heads[:3] == ["MMS", "SOSM", "SOSOSM"]
    css = (Path(__file__).parent.parent / "templates" / "static" / "style.css").read_text(encoding="utf-8")
    assert 'td.num:nth-child(5)::before { content: var(--c2) " " / ""; }' in css
    assert 'td.num:nth-child(6):not(.rn)::before { content: "· " var(--c3) " " / ""; }' in css


def test_the_stylesheets_round_label_is_the_word_of_every_language():
    """Below 48rem the stylesheet labels a round result "R1", "R2" ... with a counter (one copy
    of the results, issue 31): every language's word for "R%(round)s" must be that "R"."""
    from sitegen.i18n import words

    locales = Path(tournament.__file__).parent.parent / "locale"
    tags = sorted(d.name for d in locales.iterdir() if (d / "LC_MESSAGES").is_dir())
    assert tags == ["en", "fr", "pl"]
    assert {tag: words(tag)._("R%(round)s") for tag in tags} == dict.fromkeys(tags, "R%(round)s")
    css = (Path(__file__).parent.parent / "templates" / "static" / "style.css").read_text(encoding="utf-8")
    assert 'content: "R" counter(round) / "";' in css


def test_the_pages_are_listed_and_the_next_one_linked(paged):
    html = paged["tournaments/juvisy/2/index.html"].decode()
    assert '<title>Tournoi de Juvisy · players 7–12 · Club</title>' in html
    assert '<h1>Tournoi de Juvisy <small>players 7–12</small></h1>' in html
    assert ('<nav class="jump standings-pages" aria-label="Pages of the standings">\n<ul>\n'
            f'<li><a href="{T}">1–6</a></li>\n'
            f'<li><a href="{T}2/" aria-current="page"><strong>7–12</strong></a></li>\n'
            f'<li><a href="{T}3/">13–18</a></li>\n'
            f'<li><a href="{T}4/">19–19</a></li>\n</ul>\n</nav>') in html
    assert f'<p class="next-rows"><a href="{T}3/">Next: players 13–18</a></p>' in html
    assert 'class="next-rows"' not in paged["tournaments/juvisy/4/index.html"].decode()
    first = paged["tournaments/juvisy/index.html"].decode()
    assert '<title>Tournoi de Juvisy · Club</title>' in first
    assert f'<p class="next-rows"><a href="{T}2/">Next: players 7–12</a></p>' in first
    # the round selector marks the round current on its first page only
    assert f'<a href="{T}" aria-current="page"><strong>4</strong></a>' in first
    assert f'<li><a href="{T}">4</a></li>' in html


def test_a_rounds_pairings_are_on_its_first_page_only(paged):
    assert 'id="pairings-h"' in paged["tournaments/juvisy/round-3/index.html"].decode()
    later = paged["tournaments/juvisy/round-3/2/index.html"].decode()
    assert 'id="pairings-h"' not in later and "Bye:" not in later
    assert _rows(paged, "tournaments/juvisy/round-3/2/index.html") == [7, 8, 9, 10, 11, 12]


def test_a_players_section_links_to_their_row_on_its_page(paged):
    zoe = paged["players/zoe-abelard/index.html"].decode()
    assert f'<a href="{T}4/#r19">Place 19 of 19</a>' in zoe
    rosa = paged["players/rosa-etienne/index.html"].decode()
    assert f'<a href="{T}#r1">Place 1 of 19</a>' in rosa


def test_a_rounds_standings_are_computed_once_for_its_pages():
    calls = []

    class Rounds:  # stands for the tournament's RoundByRound
        def after(self, r):
            calls.append(r)
            return [r]

    shared = tournament._RoundStandings(Rounds(), 2, 3)
    assert [shared(), shared(), shared()] == [[2], [2], [2]] and calls == [2]
    assert shared.rows is None  # let go after its pages
    assert shared() == [2] and calls == [2, 2]  # asked again (the dev server): made again


def test_the_rounds_of_a_tournament_share_one_round_by_round():
    """Every round's shared standings use the one RoundByRound whose base scores the final
    standings computed (the planner's), and so does an unpickled plan (its rounds one object)."""
    plan = SitePlan()
    tournament.plan_tournaments(load_content(Path(__file__).parent.parent / "content"), plan, ENGLISH_WORDS)
    shared = [b.shared for b in plan.bundles if isinstance(b.shared, tournament._RoundStandings)]
    by_tournament: dict[str, set[int]] = {}
    for value in shared:
        by_tournament.setdefault(value.rounds.t.id, set()).add(id(value.rounds))
    assert shared and all(len(ids) == 1 for ids in by_tournament.values())
    assert all(value.rounds._made is not None for value in shared)  # computed for the final standings
    again = pickle.loads(pickle.dumps(shared))
    assert len({id(value.rounds) for value in again}) == len(by_tournament)
    assert [value() for value in again] == [value() for value in shared]


def test_rounds_played_counts_each_rounds_results_to_come_once():
    """The results still to come after each round and the rounds without a game, counted once
    for all the pages of a tournament, are those each page counted: a 5-round tournament with
    games in rounds 1, 2 and 4, of which one of round 2 and two of round 4 have no result."""
    from sitegen.model.common import Rank
    from sitegen.model.tournament import (GameResult as R, Tournament, TournamentGame as G,
                                          TournamentPlayer)
    players = tuple(TournamentPlayer(p, p.upper(), "", Rank(-10)) for p in "abcd")
    games = (G(1, "a", "b", R.WHITE_WINS), G(1, "c", "d", R.JIGO), G(2, "a", "c", R.UNKNOWN),
             G(2, "b", "d", R.BLACK_WINS), G(4, "a", "d", R.UNKNOWN), G(4, "b", "c", R.UNKNOWN))
    t = Tournament("t", "T", 5, players, games, (), ())
    played = rounds_played(t)
    assert played.to_come == (0, 0, 1, 1, 3, 3)
    assert [played.without_games(r) for r in range(6)] == [[], [], [], [3], [3], [3, 5]]
    assert list(played.to_come) == [results_to_come(t, r) for r in range(6)]
    assert [played.without_games(r) for r in range(6)] == [
        rounds_without_games(t, r) for r in range(6)]
