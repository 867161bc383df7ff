"""What stop 52's newcomer check found in the demo's words (issue 31): a league's site is read
as the official word, so its words must be plain, one word for one thing, and say what
happened. Each expected text here is written by hand from the rule texts (../shared/rules/)
and the demo's content.

- One word for going down: the league text (000 B) says "demotion"/"demoted"; the pages said
  "Relegated to division D" for the organizers' recorded decision and "Relegated from the bottom
  division", which says nowhere the player goes.
- The menu's "The rules in plain words" row linked the leagues to the id-by-id page, and the
  plain summary ("How the standings work") sat under "Pages" with no word of the league.
"""

from __future__ import annotations

import csv
import io
import json
import re


def text(page: bytes) -> str:
    """The page's visible text, tags removed, spaces folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.decode())).replace("&#39;", "'")


def test_no_page_says_relegated(demo_files):
    """Every page says "demoted" (000 B), the record's too: the word "relegated" is the
    season files' key only (``relegated:``), never a page's word."""
    said = [path for path, data in demo_files.items()
            if path.endswith(".html") and re.search(r"(?i)relegat", text(data))]
    assert said == []


def test_a_recorded_demotion_says_it_is_the_organizers_decision(demo_files):
    """Moriri90, 2nd of 2020-09 C, is in the record's ``relegated`` list, which the rules do not
    give (docs/demo-data.md): the line names the division below, C's, in the word every other
    line uses, and says whose decision it is."""
    page = text(demo_files["players/Moriri90/index.html"])
    assert ("Demoted to division D : the organizers' decision; did not play the next season: the "
            "spot is not passed on ( B.4 ).") in page


def test_a_demotion_from_the_bottom_division_says_where_it_goes(demo_files):
    """Pavena42, 6th of 6 in 2021-05 F, the bottom division: the league demotes its last two
    from every group, the bottom one included (content/leagues/iglo/league.yaml, B.2), which
    opens a division below F; Pavena42 did not play the next season, 2021-08, which has a
    division G (divisions A to H): the line names it (stop 53: a division the next season
    really has is named; stop 52 said "a new division below division F" here)."""
    page = text(demo_files["players/Pavena42/index.html"])
    assert ("Demoted to division G : one of the last 2 of the group, a number the league fixes "
            "( B.2 ); did not play the next season") in page


def test_a_demotion_from_the_bottom_division_names_no_division_the_league_never_had(demo_files):
    """Rorogo38, 7th of 8 in 2021-01 F, the bottom division, is in one of its last two places
    (B.2 with demote_from_bottom_division) and played F again in 2021-03, which had divisions A
    to F only: every page and file says "a new division below division F", never "division G"
    (stop 52's newcomer); so do Terimi28 and Gopamo30, 2020-11 F's last two (2021-01: A to F)."""
    line = ("Demoted to a new division below division F : one of the last 2 of the group, a "
            "number the league fixes ( B.2 ).")
    assert line in text(demo_files["players/Rorogo38/index.html"])
    for season, players in (("2021-01", ["Rorogo38"]), ("2020-11", ["Terimi28", "Gopamo30"])):
        pages = [path for path in demo_files if path.startswith(f"leagues/iglo/{season}/")]
        assert [path for path in pages if b"division G" in demo_files[path]] == []
        rows = {row["id"]: row for row in json.loads(
            demo_files[f"leagues/iglo/{season}/f/standings.json"])["rows"]}
        table = {row["id"]: row for row in csv.DictReader(io.StringIO(
            demo_files[f"leagues/iglo/{season}/f/standings.csv"].decode()))}
        for player in players:
            said = ("Demoted to a new division below division F: one of the last 2 of the "
                    "group, a number the league fixes (B.2).")
            assert (rows[player]["outcome"], rows[player]["to_division"],
                    rows[player]["outcome_text"]) == ("relegated", None, said)
            assert (table[player]["to_division"], table[player]["outcome_text"]) == ("", said)
            assert line in text(demo_files[f"leagues/iglo/{season}/f/index.html"])


def test_a_demoted_cell_shows_its_mark_once(demo_files):
    """A table's outcome cell shows the mark in its summary ("▼ demoted") and the sentence in
    its disclosure without it (stop 52 showed "▼ demoted" then "▼ Demoted to ..."): one mark
    per cell. The player page's line, which has no summary, keeps its mark."""
    group = demo_files["leagues/iglo/2021-01/f/index.html"].decode()
    cell = next(row for row in group.split("<tr") if ">Rorogo38</a></th>" in row)
    cell = cell[cell.index('<td class="outcome-cell">'):]
    assert cell.count("▼") == 1
    assert ('<summary><span class="mark outcome-demoted"><span aria-hidden="true">▼</span> '
            'demoted</span></summary><div class="outcome-why"><p><span class="outcome '
            'outcome-demoted"><span class="outcome-headline">Demoted to a new division below '
            'division F</span></span>') in cell
    player = demo_files["players/Rorogo38/index.html"].decode()
    assert ('<span class="outcome outcome-demoted"><span aria-hidden="true">▼</span> <span '
            'class="outcome-headline">Demoted to a new division below division F</span>') in player


def test_a_recorded_demotion_from_the_bottom_division_names_the_one_it_is_below(demo_files):
    """Moveka39, recorded as relegated from 2021-09 G, the last season's bottom division
    (docs/demo-data.md): the record names no division below, so the line says the player goes
    to a new division below G, by the organizers' decision, and names no division that does not
    exist; in the words of the rules' demotion out of the bottom division (stop 53: one
    wording for one meaning, "Demoted below division G, the bottom division" is gone)."""
    page = text(demo_files["players/Moveka39/index.html"])
    assert "Demoted to a new division below division G : the organizers' decision." in page
    assert [path for path, data in demo_files.items() if b"Demoted below division" in data] == []


def test_the_menu_links_the_plain_summary_of_the_league(demo_files):
    """The menu's "The rules in plain words" row: the leagues' link is the plain summary,
    /rules/, now titled as the league's, and no longer listed again under "Pages"; every rules
    address still works, and the summary links the league rules id by id."""
    home = demo_files["index.html"].decode()
    assert ('<h2 id="menu-5">The rules in plain words</h2>\n<ul class="menu-row">\n'
            '<li><a href="/rules/">Leagues</a></li>\n'
            '<li><a href="/tournaments/rules/">Tournaments</a></li>\n') in home
    summary = demo_files["rules/index.html"].decode()
    assert "<h1>How the league works</h1>" in summary
    assert '<a href="../leagues/rules/">the league rules, id by id</a>' in summary
    assert "leagues/rules/index.html" in demo_files
    pages = home[home.index('<h2 id="menu-6">Pages</h2>'):]
    pages = pages[:pages.index("</section>")]
    assert '<li><a href="/about/">About this site</a></li>' in pages and "/rules/" not in pages


def test_an_open_tournament_row_names_its_rank_and_row_number(demo_files):
    """On a phone an open row of the Juvisy standings shows its rank and row number after the
    other criteria: the table gives the words before them (``--rank``, ``--row``, CSS strings
    in the site's language), which the stylesheet puts there ("rank 3d · row 1"; stop 52 showed
    "3d" and "#1" bare)."""
    page = demo_files["tournaments/juvisy-2019/index.html"].decode()
    assert ('<table class="standings tournament with-rounds wide-3" style="--c2:\'SOSM\';'
            '--c3:\'SOSOSM\';--rank:\'rank\';--row:\'row\';">') in page
    css = demo_files["static/style.css"].decode()
    assert '.tournament.with-rounds tbody td.rn::before { content: "· " var(--row) " " / ""; }' in css
    assert ('.tournament.with-rounds tbody tr > td:has(+ .rn)::before { content: "· " var(--rank) '
            '" " / ""; }') in css
    assert 'content: "· #"' not in css


def test_the_swiss_pages_link_how_it_works_beside_their_citations(demo_files):
    """The Swiss league page's "How the table is ordered" and each round's pairing note cite the
    league text's parts (swiss: the league, swiss: pairings) and end with a plain link to the
    rules page, "How it works"."""
    league = demo_files["swiss/demo/index.html"].decode()
    assert '<p><a href="/swiss/rules/">How it works</a></p>\n</section>' in league
    round_page = demo_files["swiss/demo/t6/round-1/index.html"].decode()
    assert ('(<a class="rule-id" href="/swiss/rules/#swiss-pairings">swiss: pairings</a>). '
            '<a href="/swiss/rules/">How it works</a></p>') in round_page


def test_the_swiss_tournament_page_says_the_bye_value_and_links_how_it_works(demo_files):
    """The demo's Swiss league gives a bye 1 point (content/swiss/demo: bye_value not set, the
    default 1, swiss: tournaments): the Score column's explanation says "1 for a bye", as the
    league page does, on the tournament and round pages (stop 52 said "a bye is worth the
    league's bye value"); the tournament page ends its columns with "How it works", as the
    league and round pages link the rules page."""
    score = ("1 point for a won match (1-0 counts as a win), ½ each for 1-1, 0 for a loss, 1 for "
             "a bye ( swiss: tournaments ).")  # the rule id is a link: text() spaces its tags
    for path in ("swiss/demo/t6/index.html", "swiss/demo/t6/round-1/index.html"):
        page = text(demo_files[path])
        assert f"Score {score}" in page
        assert "bye value" not in page
    assert f"Tournament scores: {score}" in text(demo_files["swiss/demo/index.html"])
    tournament = demo_files["swiss/demo/t6/index.html"].decode()
    assert '</dl>\n<p><a href="/swiss/rules/">How it works</a></p></section>' in tournament


def test_the_swiss_round_page_explains_its_pairing_order_in_plain_words(demo_files):
    """The round page's note says what a downfloat is instead of naming it (swiss: pairings:
    "how often they were already paired down against a lower player (downfloats: fewer
    first)"); no Swiss page says the bare jargon."""
    page = text(demo_files["swiss/demo/t6/round-1/index.html"])
    assert ("Players are paired by their score in the tournament, then by their league score, "
            "then by how often they were already paired down against a lower player (fewer "
            "first); two players meet at most once in a tournament ( swiss: pairings ). How it "
            "works") in page
    assert [path for path, data in demo_files.items() if path.startswith("swiss/demo/")
            and b"fewest downfloats" in data] == []


def test_a_swiss_tables_names_keep_one_line(demo_files):
    """A Swiss standings table (tournament and round pages) keeps each name on one line at a
    phone's width (stop 52's newcomer: "Nadia Haddad" and "Wim de Groot" wrapped at 360 px,
    doubling their rows); tests/browser/test_newcomer_layout.py measures it. A round's pairings
    may still wrap a name (whole names cut the French table at 360 px)."""
    assert '<table class="standings swiss-standings">' in demo_files["swiss/demo/t6/index.html"].decode()
    css = demo_files["static/style.css"].decode()
    assert '.swiss-standings tbody th[scope="row"] { white-space: nowrap; }' in css


def test_a_record_the_next_season_contradicts_is_told_by_direction():
    """``check``'s league.record-next-season compares a recorded list entry with the division
    the next season placed the player in (B: a promotion goes up, a demotion down): Kanana5,
    relegated from A, played A (contradicts); Ririba37, relegated from H, played G (higher:
    contradicts); a relegation from A to B does not; a promotion from C to C or D does, to B
    does not; division A's promotion is the title, which no next season contradicts."""
    from sitegen.pages.league_outcomes import contradicts
    assert contradicts("relegated", "A", "A") and contradicts("relegated", "H", "G")
    assert not contradicts("relegated", "A", "B")
    assert contradicts("promoted", "C", "C") and contradicts("promoted", "C", "D")
    assert not contradicts("promoted", "C", "B") and not contradicts("promoted", "A", "A")
    assert not contradicts("stays", "C", "A") and not contradicts("relegated", "C", "2")


def test_a_tournament_rows_disclosure_and_legend_say_what_they_show(demo_files):
    """Juvisy 2019 on a phone: each row's disclosure opens the other criteria (tie-breakers),
    rank, row number and rounds, so it says "Details" ("Details of Rosa Étienne" to a screen
    reader; stop 52 said "Rounds"); the legend names the row number as the table shows it, after
    each player's rank (the "#" column on a wide screen, "rank 3d · row 1" in an open row;
    stop 52 said "(column #)", a heading a phone does not show)."""
    page = demo_files["tournaments/juvisy-2019/index.html"].decode()
    assert '<summary aria-label="Details of Rosa Étienne">Details</summary>' in page
    assert ">Rounds</summary>" not in page
    assert ("<code>12+/w2</code> = won against the player of row 12 (the row number after each "
            "player's rank), as White, handicap 2.") in page
    assert "(column #)" not in page


def test_the_rules_pages_say_what_happens_below_the_bottom_division_and_what_an_anchor_is(demo_files):
    """Stop 52's newcomer on the rules pages: B.2 said nothing of the bottom division, whose
    demotions the demo's league makes (league.yaml: demote_from_bottom_division; league text B.2:
    "as many demotions as there are direct promotions on" the division below, of which the
    bottom one has none; A.i.2: a division has at least 5 players; E.1 fills the divisions from
    the top); the rule pages' "pages link here as" read oddly; "An anchor's rung does not move"
    said what an anchor's rung does, not what an anchor is (ladder text: "anchor rungs of our
    strong players")."""
    rules = text(demo_files["leagues/rules/index.html"])
    assert ("B.2 A division sends down into the division directly below it as many players as that "
            "division promotes, plus one more for every group of 10 players. The bottom division has "
            "no division below it, so it sends nobody down, unless the league says it does: then its "
            "last players go down into a new division below it, when enough of them go to fill one "
            "( A.i.2 , E.1 ).") in rules
    swiss = demo_files["swiss/rules/index.html"].decode()
    assert '<span class="rule-cited">Shown on the pages as “swiss: pairings”</span>' in swiss
    assert not any(b"link here as" in data for data in demo_files.values())
    ladder = text(demo_files["ladders/club/index.html"])
    assert "Anchors (strong players) keep their rung" in ladder
    assert ("An anchor is one of the club's strong players, whose rung is fixed: it does not move "
            "after a game, though their opponent's still does.") in ladder


def test_the_league_pages_link_how_the_league_works(demo_files):
    """The demo's content/pages/rules.md (kind rules, "How the league works") is the plain
    summary of the league rules, linked from the menu's rules row; the league, season and group
    pages and the league rules page, id by id, link it too now (stop 52's newcomer: the id-by-id
    page did not link back, and a league's pages only cited rule ids)."""
    link = '<p class="how-it-works"><a href="/rules/">How the league works</a></p>'
    for path in ("leagues/rules/index.html", "leagues/iglo/index.html",
                 "leagues/iglo/2021-09/index.html", "leagues/iglo/2021-09/a/index.html"):
        assert demo_files[path].decode().count(link) == 1, path
    assert link not in demo_files["tournaments/juvisy-2019/index.html"].decode()


def test_a_site_without_a_summary_of_the_league_rules_links_none(tmp_path):
    """The small site of the golden test has no page of kind rules: its league pages link no
    summary (the menu's rules row links the league rules, id by id, as before)."""
    from fresh_renders import render
    from pathlib import Path
    built = render(Path(__file__).parent / "sites" / "small" / "content", None)
    pages = [path for path in built if path.startswith("leagues/") and path.endswith(".html")]
    assert pages and not any(b'class="how-it-works"' in built[path] for path in pages)
