"""Tables first (issue 27), in headless Chromium at 360×800 and 1280×800 on the demo site.

Every group page of the demo shows every row of its standings in the first screen (bounding
boxes within the 800 px window, the page not scrolled), the crosstable right after them (and
fitting 360 px) and "How the table is ordered" after it; an outcome's sentence with its rule ids
opens with a tap. A season page opens with a jump list whose links all lead somewhere. A
tournament's round results are written once and reachable without scrolling sideways (on a
phone, lines under each player's that a tap on "Rounds" opens, each player one line before it,
stop 50; the round columns on a desktop), and a round page shows its pairings in the first
screen. An open row labels its values itself, and a followed round result opens its
opponent's row, outlined where nothing covers it (stop 51).
"""

from __future__ import annotations

import re
import sys
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import open_at, screenshot  # noqa: E402

WIDTHS = (360, 1280)
HEIGHT = 800

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

GROUP_LAYOUT = """
// The group page's layout: the standings rows' bottoms, the crosstable's and the criteria's
// tops (page coordinates, the page not scrolled) and the crosstable region's widths.
var rows = document.querySelectorAll("table.standings tbody tr");
var cross = document.querySelector("table.crosstable"), region = cross.closest(".scroll");
var top = function (e) { return e.getBoundingClientRect().top + window.scrollY; };
return {rows: Array.prototype.map.call(rows, function (r) { return r.getBoundingClientRect().bottom; }),
        standings: document.querySelector("table.standings").getBoundingClientRect().bottom + window.scrollY,
        cross: top(document.getElementById("cross-h")), criteria: top(document.getElementById("criteria-h")),
        about: document.getElementById("about-h") ? top(document.getElementById("about-h")) : null,
        crossWidth: [region.scrollWidth, region.clientWidth], size: rows.length,
        scrolled: window.scrollY, page: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
"""


def links(driver, pattern: str) -> list[str]:
    return sorted(set(driver.execute_script(
        "var re = new RegExp(arguments[0]); return Array.prototype.map.call("
        "document.querySelectorAll('main a[href]'), function (a) { return a.href; })"
        ".filter(function (h) { return re.test(h); });", pattern)))


@pytest.fixture(scope="module")
def group_pages(browser, demo_url) -> list[str]:
    """Every group page of the demo league, found through its season pages."""
    open_at(browser, demo_url + "leagues/iglo/", 1280)
    groups = []
    for season in links(browser, r"/leagues/iglo/\d{4}-\d{2}/$"):
        open_at(browser, season, 1280)
        groups += links(browser, r"/leagues/iglo/\d{4}-\d{2}/[a-z]/$")
    assert len(groups) >= 60, len(groups)
    return groups


@pytest.mark.parametrize("width", WIDTHS)
def test_every_group_shows_all_its_rows_in_the_first_screen_then_the_crosstable(browser, group_pages, width):
    """All 62 groups of the demo (6 or 8 players): every standings row ends within the first
    800 px; the crosstable's heading follows the standings, the criteria follow the crosstable;
    the crosstable fits the window without scrolling sideways."""
    wrong = {}
    for url in group_pages:
        open_at(browser, url, width)
        got = browser.execute_script(GROUP_LAYOUT)
        problems = []
        if got["scrolled"] or not got["rows"] or max(got["rows"]) > HEIGHT:
            problems.append(f"rows end at {[round(b) for b in got['rows']]}")
        if not got["standings"] < got["cross"] < got["criteria"]:
            problems.append(f"order: standings {got['standings']}, crosstable {got['cross']}, criteria {got['criteria']}")
        if got["about"] is not None and not got["cross"] < got["about"] < got["criteria"]:
            problems.append("the notes on outcomes are not between the crosstable and the criteria")
        if got["crossWidth"][0] > got["crossWidth"][1] + 1 or got["page"][0] > got["page"][1]:
            problems.append(f"crosstable of {got['size']} scrolls: {got['crossWidth']}")
        if problems:
            wrong[url] = problems
    assert wrong == {}


def test_the_first_screen_check_can_fail(browser, group_pages):
    """The check above finds rows pushed below the first screen."""
    open_at(browser, group_pages[0], 360)
    browser.execute_script("document.querySelector('h1').style.marginBottom = '700px';")
    assert max(browser.execute_script(GROUP_LAYOUT)["rows"]) > HEIGHT


@pytest.mark.parametrize("width", WIDTHS)
def test_an_outcome_sentence_and_its_rules_open_with_a_tap(browser, demo_url, width):
    """2021-09 group A: Bakero4 is last, "▼ demoted"; a tap on the mark opens the sentence
    with its rule id (B.2), which was hidden before, without a second mark (stop 53: the
    summary's is the cell's one mark)."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "leagues/iglo/2021-09/a/", width)
    row = browser.find_element(By.XPATH, "//table[contains(@class,'standings')]//tr[th//a[text()='Bakero4']]")
    summary = row.find_element(By.CSS_SELECTOR, ".outcome-more > summary")
    sentence = row.find_element(By.CSS_SELECTOR, ".outcome-why")
    assert summary.text.endswith("▼ demoted") and not sentence.is_displayed()
    summary.click()
    assert sentence.is_displayed()
    assert sentence.text == ("Demoted to division B: one of the last 2 of the group, a number the "
                             "league fixes (B.2).")
    box = browser.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", sentence)
    assert 0 <= box[0] and box[1] <= width
    screenshot(browser, f"group-outcome-open-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_season_page_opens_with_a_jump_list_whose_links_resolve(browser, demo_url, width):
    """2021-09 has divisions A to G: the jump list comes before the first division, each of its
    links names an element of the page, and each group's compact table links to a group page
    that exists."""
    open_at(browser, demo_url + "leagues/iglo/2021-09/", width)
    got = browser.execute_script("""
        var nav = document.querySelector("nav.jump"), first = document.querySelector("section.division");
        return {before: !!(nav.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING),
                top: nav.getBoundingClientRect().bottom,
                targets: Array.prototype.map.call(nav.querySelectorAll("a"), function (a) {
                    return [a.textContent, !!document.getElementById(a.hash.slice(1))]; }),
                groups: Array.prototype.map.call(document.querySelectorAll("table.compact caption a"), function (a) { return a.href; })};""")
    assert got["before"] and got["top"] <= HEIGHT
    assert [name for name, _found in got["targets"]] == [f"Division {d}" for d in "ABCDEFG"]
    assert all(found for _name, found in got["targets"])
    assert len(got["groups"]) == 7
    for url in got["groups"]:
        assert re.fullmatch(r".*/leagues/iglo/2021-09/[a-g]/", url)
        with urllib.request.urlopen(url) as answer:
            assert answer.status == 200


def test_jump_list_check_can_fail(browser, demo_url):
    """A jump link to nowhere is found."""
    open_at(browser, demo_url + "leagues/iglo/2021-09/", 360)
    assert browser.execute_script(
        "var a = document.querySelector('nav.jump a'); a.hash = '#nowhere'; "
        "return !!document.getElementById(a.hash.slice(1));") is False


ROUND_LAYOUT = """
// The tournament table's round cells (one per player and round), the first player's row: its
// name cell's box and its round cells' boxes and texts; the page's and the table region's widths.
var table = document.querySelector("table.tournament"), region = table.closest(".scroll");
var first = table.querySelector("tbody tr"), box = function (e) {
    var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {cells: table.querySelectorAll("tbody td.rn ~ td").length,
        shown: Array.prototype.filter.call(table.querySelectorAll("td.rn ~ td"), function (c) {
            return c.offsetParent !== null; }).length,
        heads: Array.prototype.filter.call(table.querySelectorAll("th.round-col"), function (c) {
            return c.getBoundingClientRect().width > 1; }).map(function (c) { return c.textContent; }),
        headings: table.querySelectorAll("thead th.round-col").length,
        copies: document.querySelectorAll("tr.rounds-row, details.rounds").length,
        name: box(first.querySelector("th")),
        rounds: Array.prototype.map.call(first.querySelectorAll("td.rn ~ td"), function (c) {
            return {box: box(c), text: c.innerText.split("\\n")[0],
                    label: getComputedStyle(c, "::before").content}; }),
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        region: [region.scrollWidth, region.clientWidth], scrolled: window.scrollY};
"""
ROSA = ["2+/w0", "3+/b0", "4+/w0", "15+/w4"]
"""Rosa Étienne's round results (row 1, place 1 of Juvisy 2019)."""


def test_tournament_standings_fill_a_phones_first_screen_one_line_a_player(browser, demo_url):
    """Juvisy 2019 at 360 px (stop 50): each round result is written once (19 players x 4 rounds
    = 76 cells, no second copy), none shown before a tap; every player's row is one line (place,
    name, MMS and the disclosure "Rounds"), so the first 800 px hold the top of the standings:
    Rosa Étienne (place 1) to at least the 6th player (stop 49's layout, every player's rounds
    under his name, 95 px a player: the 4th). Neither the page nor the table scrolls sideways."""
    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    got = browser.execute_script(ROUND_LAYOUT)
    assert got["cells"] == 19 * 4 and got["shown"] == 0 and got["copies"] == 0
    # The labels in sight are the cells' own "R1" ... (a CSS counter); the column headings stay,
    # 1 px and clipped, for screen readers.
    assert got["heads"] == [] and got["headings"] == 4
    rows = browser.execute_script(ROWS)
    assert len(rows) == 19 and max(r["height"] for r in rows) < 2 * rows[0]["line"], rows
    assert [r["words"] for r in rows[:2]] == [["1", "Rosa Étienne", "36", "Details"],
                                               ["2", "Clément Carmody-2", "33", "Details"]]  # "Rounds" before stop 53
    assert sum(r["bottom"] <= HEIGHT for r in rows) >= 6 and rows[0]["bottom"] <= HEIGHT
    assert got["scrolled"] == 0
    assert got["page"][0] <= got["page"][1] and got["region"][0] <= got["region"][1] + 1
    screenshot(browser, "tournament-closed-360")


ROWS = """
// Each player's row of the tournament table: its height and bottom, its line height, the words
// of its cells in sight (the disclosure's included).
var rows = document.querySelectorAll("table.tournament tbody tr");
return Array.prototype.map.call(rows, function (tr) {
    var r = tr.getBoundingClientRect();
    return {height: r.height, bottom: r.bottom, line: parseFloat(getComputedStyle(tr.children[0]).lineHeight),
            words: Array.prototype.filter.call(tr.children, function (c) { return c.offsetParent !== null; })
                .map(function (c) { return c.innerText.replace(/\\s+/g, " ").trim(); })}; });
"""
OPENED = """
// The row of the player on row arguments[0]: its disclosure's state, the boxes and texts of its
// round cells shown, the bottom of its first line (the name's cell); the page's width.
var tr = document.getElementById("r" + arguments[0]), box = function (e) {
    var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {open: tr.querySelector("details").open, name: box(tr.querySelector("th")),
        rounds: Array.prototype.filter.call(tr.querySelectorAll("td.rn ~ td"), function (c) {
            return c.offsetParent !== null; }).map(function (c) {
            return {box: box(c), text: c.innerText.split("\\n")[0], label: getComputedStyle(c, "::before").content}; }),
        shown: Array.prototype.filter.call(document.querySelectorAll("table.tournament td.rn ~ td"), function (c) {
            return c.offsetParent !== null; }).length,
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
"""


def test_a_tap_opens_a_players_rounds_on_a_phone_without_sideways_scrolling(browser, demo_url):
    """Juvisy 2019 at 360 px: a tap on Rosa Étienne's "Rounds" (row 1) shows her 4 rounds R1
    2+/w0 ... R4 15+/w4 under her first line, within the first 800 px and the window's width;
    then each of the 19 players' "Rounds", tapped in turn, shows that player's 4 rounds within
    0..360 px (issue 27: every round result reachable without sideways scrolling); a second tap
    closes Rosa's again."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    rosa = browser.find_element(By.CSS_SELECTOR, "#r1 summary")
    rosa.click()
    got = browser.execute_script(OPENED, 1)
    assert got["open"] and got["shown"] == 4
    assert [r["text"] for r in got["rounds"]] == ROSA
    assert [r["label"] for r in got["rounds"]] == ['"R" counter(round) / ""'] * 4
    for r in got["rounds"]:
        left, top, right, bottom = r["box"]
        assert 0 <= left and right <= 360 and top >= got["name"][3] - 1 and bottom <= HEIGHT, r
    screenshot(browser, "tournament-rounds-360")
    rosa.click()
    assert browser.execute_script(OPENED, 1)["shown"] == 0
    wrong = {}
    for row in range(1, 20):
        summary = browser.find_element(By.CSS_SELECTOR, f"#r{row} summary")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
        summary.click()
        got = browser.execute_script(OPENED, row)
        if not got["open"] or len(got["rounds"]) != 4 or got["page"][0] > got["page"][1] or any(
                r["box"][0] < 0 or r["box"][2] > 360 or r["box"][1] < got["name"][3] - 1 for r in got["rounds"]):
            wrong[row] = got
    assert wrong == {}
    assert browser.execute_script(OPENED, 19)["shown"] == 19 * 4


def test_the_rounds_open_from_the_keyboard(browser, demo_url):
    """The disclosure is a <summary>: Tab reaches it and Enter opens it (WCAG 2.1.1), no script
    of the site's own. Juvisy 2019 at 360 px, row 2 (Clément Carmody-2): 1-/b0 and three
    declared absences."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    summary = browser.find_element(By.CSS_SELECTOR, "#r2 summary")
    summary.send_keys(Keys.ENTER)
    got = browser.execute_script(OPENED, 2)
    assert got["open"] and [r["text"] for r in got["rounds"]] == ["1-/b0", "0=", "0=", "0="]


def test_tournament_round_columns_use_a_desktop_width(browser, demo_url):
    """At 1280 px the rounds are the columns R1 to R4 of the table, the same 76 cells, Rosa
    Étienne's on her name's line; the table does not scroll."""
    open_at(browser, demo_url + "tournaments/juvisy-2019/", 1280)
    got = browser.execute_script(ROUND_LAYOUT)
    assert got["heads"] == ["R1", "R2", "R3", "R4"]
    assert got["cells"] == got["shown"] == 19 * 4 and got["copies"] == 0
    assert [r["text"] for r in got["rounds"]] == ROSA
    lefts = [r["box"][0] for r in got["rounds"]]
    assert lefts == sorted(lefts) and all(r["box"][1] < got["name"][3] for r in got["rounds"])
    assert got["region"][0] <= got["region"][1] + 1


HEADINGS = """
// The tournament table's heading cells before the rounds (place ... row number), at their
// widths, each with its text's left and right edge (its <abbr>'s where it has one), and the
// left and right edges of the first player's cells under them.
var table = document.querySelector("table.tournament");
var edges = function (e) { var r = e.getBoundingClientRect(); return [r.left, r.right]; };
var first = table.querySelector("tbody tr").children;
return Array.prototype.filter.call(table.querySelectorAll("thead th"), function (th) {
    return !th.classList.contains("round-col"); }).map(function (th, i) {
    return {text: th.textContent.trim(), cell: edges(th), words: edges(th.querySelector("abbr") || th),
            under: edges(first[i])}; });
"""


def test_tournament_criteria_headings_stand_apart_on_a_phone(browser, demo_url):
    """Juvisy 2019 (criteria MMS, SOSM, SOSOSM) at 360 px, Rosa Étienne's row opened (stop 50):
    the table is 360 - 2 x 9.6 = 340.8 px (the page's padding, .6rem). The first line: place
    2.3rem (36.8 px), MMS 3rem (48 px), the disclosure 5.5rem (88 px; its heading "Details" is
    for screen readers, out of sight), the name the rest: 340.8 - 36.8 - 48 - 88 = 168 px; each
    player's cells under their headings. The heading row's second line (SOSM, SOSOSM, Rank, #)
    is out of sight since stop 51 (1 px, clipped: the column headers screen readers read): an
    open row labels its own values (test_an_open_row_labels_its_values_on_a_phone)."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    browser.find_element(By.CSS_SELECTOR, "#r1 summary").click()
    got = browser.execute_script(HEADINGS)
    assert [h["text"] for h in got] == ["Place", "Player", "MMS", "Details", "SOSM", "SOSOSM", "Rank", "#"]
    assert [round(h["cell"][1] - h["cell"][0], 1) for h in got] == [36.8, 168, 48, 88, 1, 1, 1, 1]
    assert all(h["cell"] == h["under"] for h in got[:4]), got
    screenshot(browser, "tournament-headings-360")


LABELLED = """
// The row of the player on row arguments[0], its cells on the second line (after the
// disclosure, before the rounds), each as its label (its ::before content, as drawn) and its
// own text, with its box; the page's width.
var tr = document.getElementById("r" + arguments[0]), box = function (e) {
    var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
var cells = Array.prototype.filter.call(tr.children, function (c) {
    return c.matches(".more ~ *") && !c.matches(".rn ~ *"); });
return {cells: cells.map(function (c) {
            return {label: getComputedStyle(c, "::before").content, text: c.textContent,
                    shown: c.offsetParent !== null, box: box(c)}; }),
        first: box(tr.querySelector("th")),
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
"""


def drawn(label: str) -> str:
    """The text a ::before's computed content draws: 'var(--c2) " " / ""' is computed with the
    custom property put in ('"SOSM" " " / ""'), its strings before the "/" (the alternative text
    for screen readers, here empty) joined."""
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', label.split(" / ")[0]))


def test_an_open_row_labels_its_values_on_a_phone(browser, demo_url):
    """Stop 51 (the newcomer's first finding): an open row's second line was "128 503 3d #1",
    named only by the heading row's second line, out of sight for lower rows. Now each value
    is labelled in the row itself, with the criteria's names as the table's headings show them:
    Juvisy 2019 at 360 px, Hugo Yilmaz (row 3, place 3; MMS 33 on the first line) reads
    "SOSM 129 · SOSOSM 496 · rank 1d · row 3", Zoé Abelard (row 19, the last) "SOSM 65 · SOSOSM
    384 · rank 18k · row 19" (the values of the demo's standings.json; the rank and the row
    number named since stop 52, "1d · #3" before); each label is drawn before its value,
    all on one line under the name's, within 360 px. The labels are hidden from screen readers
    (an empty alternative text), which read the cells' column headings. Without the table's
    custom properties (the check can fail) the criteria are unlabelled again."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    for row, words in [(3, "SOSM 129 · SOSOSM 496 · rank 1d · row 3"),
                       (19, "SOSM 65 · SOSOSM 384 · rank 18k · row 19")]:
        summary = browser.find_element(By.CSS_SELECTOR, f"#r{row} summary")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
        summary.click()
        got = browser.execute_script(LABELLED, row)
        assert all(c["shown"] for c in got["cells"]) and len(got["cells"]) == 4
        assert " ".join(drawn(c["label"]) + c["text"] for c in got["cells"]) == words
        assert all(c["label"].endswith('/ ""') for c in got["cells"]), got["cells"]
        tops = {round(c["box"][1]) for c in got["cells"]}
        assert len(tops) == 1 and min(tops) >= got["first"][3] - 1, got
        assert all(0 <= c["box"][0] and c["box"][2] <= 360 for c in got["cells"])
        assert got["page"][0] <= got["page"][1]
    screenshot(browser, "tournament-labels-360")
    browser.execute_script("document.querySelector('table.tournament').removeAttribute('style');")
    got = browser.execute_script(LABELLED, 3)
    assert [drawn(c["label"]) + c["text"] for c in got["cells"]][:2] == ["129", "496"]


FOLLOWED = """
// The row of the player on row arguments[0]: its disclosure's state, its box, the texts of its
// round cells shown, its outline; the address's fragment, the window's height.
var tr = document.getElementById("r" + arguments[0]), r = tr.getBoundingClientRect();
var style = getComputedStyle(tr), region = tr.closest(".scroll").getBoundingClientRect();
return {open: tr.querySelector("details").open, box: [r.left, r.top, r.right, r.bottom],
        region: [region.left, region.right], hash: window.location.hash,
        rounds: Array.prototype.filter.call(tr.querySelectorAll("td.rn ~ td"), function (c) {
            return c.offsetParent !== null; }).map(function (c) { return c.innerText.split("\\n")[0]; }),
        outline: [style.outlineStyle, style.outlineWidth, style.outlineOffset],
        name: getComputedStyle(tr.querySelector("th")).boxShadow,
        focus: getComputedStyle(document.documentElement).getPropertyValue("--focus").trim()};
"""
FELIX = ["9-/b1", "4-/b4", "5-/b4", "1-/b4"]
"""Félix Kowalczyk's round results (row 15, place 15 of Juvisy 2019), Rosa Étienne's opponent
in round 4 ("15+/w4")."""


def test_a_followed_result_opens_the_opponents_row_on_a_phone(browser, demo_url):
    """Stop 51 (the newcomer's second finding): Juvisy 2019 at 360 px, Rosa Étienne's rounds
    opened, her round 4 "15+/w4" followed: the address ends in #r15 and Félix Kowalczyk's row
    (15) is open (site.js opens its disclosure), its rounds 9-/b1 ... 1-/b4 shown, the row in
    the window (its top 16 px below the window's top: scroll-margin-top 1rem), its outline
    (2 px, drawn 2 px inside the row) within the table's scrolling region, which clipped it at
    the sides before. A tap on its "Rounds" closes it again (the script leaves the row to its
    disclosure). Without the script's mark (the table's "opens") a row that is the address's
    target shows its rounds though its disclosure is closed: no script needed."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    browser.find_element(By.CSS_SELECTOR, "#r1 summary").click()
    link = browser.find_element(By.CSS_SELECTOR, '#r1 a[href="#r15"]')
    assert link.text.split("\n")[0] == "15+/w4"
    link.click()
    got = browser.execute_script(FOLLOWED, 15)
    assert got["hash"] == "#r15" and got["open"] and got["rounds"] == FELIX
    assert 15 <= got["box"][1] <= 17 and got["box"][3] <= HEIGHT, got
    assert got["outline"] == ["solid", "2px", "-2px"]
    assert got["region"][0] <= got["box"][0] and got["box"][2] <= got["region"][1], got
    screenshot(browser, "tournament-followed-360")
    browser.find_element(By.CSS_SELECTOR, "#r15 summary").click()
    got = browser.execute_script(FOLLOWED, 15)
    assert not got["open"] and got["rounds"] == [] and got["hash"] == "#r15"
    browser.execute_script("document.querySelector('table.tournament').classList.remove('opens');")
    got = browser.execute_script(FOLLOWED, 15)
    assert not got["open"] and got["rounds"] == FELIX
    assert browser.execute_script(OPENED, 14)["rounds"] == []  # only the target's


def test_a_result_followed_again_or_from_another_page_opens_its_row(browser, demo_url):
    """The same result followed a second time (the address already ends in #r15, so no
    hashchange) opens the row again after it was closed; a page opened at a row's address
    (a result on another standings page leads there, tournaments/<id>/2/#r45) opens that row."""
    from selenium.webdriver.common.by import By

    browser.get("about:blank")  # a page loaded, not the same page's fragment changed
    open_at(browser, demo_url + "tournaments/juvisy-2019/#r15", 360)
    got = browser.execute_script(FOLLOWED, 15)
    assert got["open"] and got["rounds"] == FELIX
    browser.find_element(By.CSS_SELECTOR, "#r15 summary").click()
    assert not browser.execute_script(FOLLOWED, 15)["open"]
    browser.find_element(By.CSS_SELECTOR, "#r1 summary").click()
    browser.find_element(By.CSS_SELECTOR, '#r1 a[href="#r15"]').click()
    got = browser.execute_script(FOLLOWED, 15)
    assert got["open"] and got["rounds"] == FELIX


def test_a_followed_results_row_is_outlined_over_the_name_on_a_wide_screen(browser, demo_url):
    """At 1280 px the name's cell is sticky (it stays at the left edge while the table scrolls)
    and covered the target row's outline: now each cell of the followed row draws its part, the
    name's cell its top and bottom (2 px insets in the focus colour) besides its line to the
    right; the row is in the window."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "tournaments/juvisy-2019/", 1280)
    browser.find_element(By.CSS_SELECTOR, '#r1 a[href="#r15"]').click()
    got = browser.execute_script(FOLLOWED, 15)
    assert got["hash"] == "#r15" and got["rounds"] == FELIX
    assert 15 <= got["box"][1] and got["box"][3] <= HEIGHT
    assert got["outline"][0] == "none"
    shadows = re.findall(r"(rgb\([^)]*\)) (-?\d+)px (-?\d+)px (\d+)px (-?\d+)px( inset)?", got["name"])
    insets = {(colour, x, y) for colour, x, y, blur, spread, inset in shadows if inset}
    assert insets == {("rgb(191, 87, 0)", "0", "2"), ("rgb(191, 87, 0)", "0", "-2")}, got["name"]  # --focus: #bf5700
    screenshot(browser, "tournament-followed-1280")


def test_the_phone_layout_check_can_fail(browser, demo_url):
    """Without the stylesheet's narrow layout (the table laid out as a table at 360 px), the
    first player's rounds are on the name's line and the table scrolls sideways."""
    open_at(browser, demo_url + "tournaments/juvisy-2019/", 360)
    browser.execute_script("var t = document.querySelector('table.tournament'); t.classList.remove('with-rounds');")
    got = browser.execute_script(ROUND_LAYOUT)
    assert got["rounds"][0]["box"][1] < got["name"][3] - 1 or got["region"][0] > got["region"][1] + 1


@pytest.mark.parametrize("width", WIDTHS)
def test_round_page_shows_its_pairings_in_the_first_screen(browser, demo_url, width):
    """Juvisy 2019 after round 2: the pairings table's heading row and first board are within
    the first 800 px, before the standings."""
    open_at(browser, demo_url + "tournaments/juvisy-2019/round-2/", width)
    got = browser.execute_script("""
        var p = document.querySelector("table.pairings"), s = document.querySelector("table.tournament");
        return [p.querySelector("tbody tr").getBoundingClientRect().bottom, s.getBoundingClientRect().top];""")
    assert got[0] <= HEIGHT and got[0] < got[1]


def test_a_crosstable_results_tooltip_is_its_sentence_written_once(browser, demo_url):
    """Issue 31: a crosstable cell's sentence is in the page once, for screen readers; site.js
    makes it the cell's tooltip when the pointer first rests on it. 2021-09 group A, row 1
    (Kateka1) against column 2 (Kanana5): a win."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url + "leagues/iglo/2021-09/a/", 1280)
    cell = browser.find_elements(By.CSS_SELECTOR, "table.crosstable tbody tr:first-child td.cell")[1]
    assert cell.get_attribute("title") in (None, "")
    ActionChains(browser).move_to_element(cell).perform()
    assert cell.get_attribute("title") == "Kateka1 against Kanana5: won"
    html = urllib.request.urlopen(demo_url + "leagues/iglo/2021-09/a/").read().decode()
    assert html.count("Kateka1 against Kanana5: won") == 1


PLACES = """
// Every place cell and row number cell of the tournament table: its text (the shared mark's
// "=" included, not its hidden words), whether that text is on one line (the tops of the number
// and of the mark equal), within the cell (right edges), and the cell's overflow.
return Array.prototype.map.call(document.querySelectorAll("table.tournament tbody tr"), function (tr) {
    var place = tr.children[0], rn = tr.querySelector("td.rn"), name = tr.children[1];
    var range = document.createRange(); range.selectNodeContents(place.firstChild);
    var number = range.getBoundingClientRect(), mark = place.querySelector(".shared [aria-hidden]");
    var end = mark ? mark.getBoundingClientRect() : number;
    return {text: place.firstChild.textContent + (mark ? mark.textContent : ""),
            oneLine: Math.abs(end.top - number.top) < 1, inside: end.right <= place.getBoundingClientRect().right + 0.5,
            beforeName: end.right <= name.getBoundingClientRect().left + 0.5,
            overflow: [place.scrollWidth - place.clientWidth, rn.scrollWidth - rn.clientWidth]}; });
"""


def test_tournament_places_of_three_digits_stay_on_one_line_on_a_phone(browser, synthetic_url):
    """The synthetic tournament of 200 players after round 1, its 4th part (rows 121-160) at
    360 px (issue 31, newcomer finding): shared places such as "122=", "126=", "128=" (3 digits
    and the mark, about 46 px) were wider than the place column's 2.3rem (36.8 px): the "="
    ran under the name. Each place and row number is now on one line, inside its cell, left of
    the name; neither column overflows."""
    open_at(browser, synthetic_url + "tournaments/t01/round-1/4/", 360)
    got = browser.execute_script(PLACES)
    assert len(got) == 40
    texts = [c["text"] for c in got]
    assert "128=" in texts and "121" in texts and texts[-1].startswith("1")
    bad = [c for c in got if not (c["oneLine"] and c["inside"] and c["beforeName"]) or c["overflow"] != [0, 0]]
    assert bad == []
    screenshot(browser, "tournament-places-360")
