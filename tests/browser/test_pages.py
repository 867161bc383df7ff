"""The demo site as players see it: headless Chromium at phone and desktop widths (issues 8
and 16).

Every page kind of the demo, at 360 and 1280 CSS pixels: the page never scrolls sideways;
every table shows its identifying columns (its header cells marked ``key``: place, player,
score, outcome; a pairing's two players and result) without scrolling, inside its region and
the window; a table region that scrolls has its cue above it; no caption is cut; the console
stays free of errors and axe-core finds no serious or critical violation. Screenshots of each
page kind in light and dark mode go to tests/browser/screenshots/ (git-ignored) for people to
look at. Then the pages with JavaScript: the header's search box and the handicap calculator.
"""

from __future__ import annotations

import pytest

from pathlib import Path

SCREENSHOTS = Path(__file__).parent / "screenshots"

PAGES = {
    "home": "",
    "players": "players/",
    "player": "players/Bakero4/",
    "player-largest": "players/Gosuna2/",  # 12 seasons: the sections' grid, the overview first
    "player-ladder": "players/ada-stenhouse/",
    "player-profiles": "players/pavel-wetherby/",
    # the latest-season line's longest outcomes (stop 52's newcomer: 385 px wide at 360 px):
    # "Demoted to a new division below division G", "Stays in division A and plays the final round"
    "player-bottom-demoted": "players/Rorogo38/",
    "player-final-round": "players/Kanana5/",
    "page": "about/",
    "league": "leagues/iglo/",
    "season": "leagues/iglo/2021-09/",
    "group": "leagues/iglo/2021-09/a/",
    "group-tied": "leagues/iglo/2021-09/c/",  # a Tied GP column and long outcome sentences
    "movements": "leagues/iglo/2021-09/movements/",
    "final": "leagues/iglo/2021-09/final/",
    "league-rules": "leagues/rules/",  # each rule id in plain words, the anchors the pages link to
    "tournament": "tournaments/juvisy-2019/",
    "tournament-round": "tournaments/juvisy-2019/round-2/",
    "tournament-rules": "tournaments/rules/",  # each placement id in plain words (stop 50)
    "ladder": "ladders/club/",
    "ladder-games": "ladders/club/games/2025-12/",
    "ladder-handicap": "ladders/club/handicap/",
    "ladder-rules": "ladders/rules/",  # the ladder text's parts in plain words (stop 50)
    "swiss-league": "swiss/demo/",
    "swiss-tournament": "swiss/demo/t6/",
    "swiss-round": "swiss/demo/t6/round-5/",
    "swiss-rules": "swiss/rules/",  # the Swiss league text's parts in plain words (stop 51)
    "404": "404.html",
}
WIDTHS = (360, 1280)

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first


def console_errors(driver) -> list[str]:
    """Return the console messages of level SEVERE since the last call (the log is drained)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def screenshot(driver, name: str) -> Path:
    """Save a screenshot of the whole page (at the window's width) under tests/browser/screenshots/."""
    import base64

    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    path = SCREENSHOTS / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def open_at(driver, url: str, width: int, dark: bool = False) -> None:
    """Load ``url`` in a viewport ``width`` CSS pixels wide (a phone below 500: viewport meta
    on), in the light or dark colour scheme."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 500})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    driver.get(url)
    driver.execute_script("return document.readyState")


def run_axe(driver, source: str) -> list[dict]:
    """Inject axe-core and return its violations of impact serious or critical (WCAG 2.0, 2.1
    and 2.2 A and AA: with 2.2, the target size of links and buttons, 2.5.8)."""
    driver.execute_script(source)
    result = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}})
           .then(function (r) { done(r.violations.map(function (v) {
               return {id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })}; })); })
           .catch(function (e) { done([{id: "axe-error", impact: "critical", help: String(e), nodes: []}]); });
    """)
    return [v for v in result if v["impact"] in ("serious", "critical")]


TABLE_PROBLEMS = """
// Every problem of the page's tables as a sentence (an empty list when all is well).
var problems = [], width = document.documentElement.clientWidth;
function shown(e) { var r = e.getBoundingClientRect(); return e.offsetParent !== null && r.width > 1 && r.height > 1; }
function name(e) { var c = e.querySelector("caption"); return (c ? c.textContent : e.className).trim().slice(0, 60); }
document.querySelectorAll("table").forEach(function (table) {
  if (!shown(table)) { return; }  // a closed <details>, a visually hidden table
  var region = table.closest(".scroll"), box = (region || table.parentElement).getBoundingClientRect();
  var keys = table.querySelectorAll("thead th.key");
  if (!keys.length) { problems.push(name(table) + ": no identifying column marked"); }
  keys.forEach(function (th) {
    var r = th.getBoundingClientRect();
    if (r.left < Math.max(box.left, 0) - 1 || r.right > Math.min(box.right, width) + 1) {
      problems.push(name(table) + ": column '" + th.textContent.trim() + "' is cut (" +
                    Math.round(r.left) + "-" + Math.round(r.right) + " of " + Math.round(box.left) + "-" + Math.round(Math.min(box.right, width)) + ")");
    }
  });
  var caption = table.querySelector("caption");
  if (caption && shown(caption)) {
    var text = caption.firstElementChild || caption, c = text.getBoundingClientRect();
    if (c.left < Math.max(box.left, 0) - 1 || c.right > Math.min(box.right, width) + 1) {
      problems.push(name(table) + ": caption is cut");
    }
  }
  if (region && region.scrollWidth > region.clientWidth + 1) {
    var cue = region.previousElementSibling;
    if (!(cue && cue.classList.contains("scroll-cue") && shown(cue))) {
      problems.push(name(table) + ": scrolls sideways without its cue");
    }
  }
});
return problems;
"""


def table_problems(driver) -> list[str]:
    return driver.execute_script(TABLE_PROBLEMS)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_fits_its_tables_show_their_key_columns_and_it_passes_axe(browser, demo_url, axe_source,
                                                                      name, width):
    console_errors(browser)  # drain messages of earlier pages
    open_at(browser, demo_url + PAGES[name], width)
    assert browser.execute_script("return document.documentElement.lang") == "en"
    overflow = browser.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    screenshot(browser, f"{name}-{width}")
    assert overflow[0] <= overflow[1], f"{name} at {width}px scrolls sideways: {overflow[0]} > {overflow[1]}"
    assert table_problems(browser) == []
    assert console_errors(browser) == []
    assert run_axe(browser, axe_source) == []


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_in_dark_mode(browser, demo_url, axe_source, name, width):
    """The theme's dark mode: the same checks of fit, and axe's contrast checks in dark colours."""
    console_errors(browser)
    open_at(browser, demo_url + PAGES[name], width, dark=True)
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(13, 17, 23)"
    screenshot(browser, f"{name}-{width}-dark")
    assert table_problems(browser) == []
    assert run_axe(browser, axe_source) == []


@pytest.mark.parametrize("name", ["ladder-handicap", "ladder", "ladder-games", "tournament",
                                  "tournament-round", "group", "swiss-league"])
def test_wide_tables_fit_a_desktop_without_scrolling(browser, demo_url, name):
    """At 1280 px a wide table may use the space right of the text column: the handicap
    matrix of 40 members, the ladder's games, the tournament tables, crosstables and the Swiss
    league table all fit without scrolling."""
    open_at(browser, demo_url + PAGES[name], 1280)
    sizes = browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.scroll'), "
        "function (s) { return [s.id || s.getAttribute('aria-labelledby'), s.scrollWidth, s.clientWidth]; })")
    assert sizes and [s for s in sizes if s[1] > s[2] + 1] == []


def test_every_group_page_of_the_demo_shows_its_key_columns_on_a_phone(browser, demo_url):
    """Place, player, gamepoints and outcome of every group of every season fit 360 px (the
    tie-breakers and the record scroll sideways): found through the league's season pages."""
    def links(pattern: str) -> list[str]:
        return sorted(set(browser.execute_script(
            "var re = new RegExp(arguments[0]); return Array.prototype.map.call("
            "document.querySelectorAll('main a[href]'), function (a) { return a.href; })"
            ".filter(function (h) { return re.test(h); });", pattern)))

    open_at(browser, demo_url + "leagues/iglo/", 360)
    seasons = links(r"/leagues/iglo/\d{4}-\d{2}/$")
    groups = []
    for season in seasons:
        open_at(browser, season, 360)
        groups += links(r"/leagues/iglo/\d{4}-\d{2}/[a-z]/$")
    assert len(seasons) >= 10 and len(groups) >= 60, (len(seasons), len(groups))
    cut = {}
    for group in groups:
        open_at(browser, group, 360)
        problems = table_problems(browser)
        if problems:
            cut[group] = problems
    assert cut == {}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_long_names_do_not_push_the_key_columns_off_a_phone(browser, long_names_url, name):
    """Every player's name ending in a 40-letter surname (conftest.LONG_NAME): at 360 px the
    names wrap and break inside the word, and every key column still fits."""
    open_at(browser, long_names_url + PAGES[name], 360)
    overflow = browser.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    assert overflow[0] <= overflow[1], f"{name} scrolls sideways: {overflow[0]} > {overflow[1]}"
    assert table_problems(browser) == []


def test_the_table_checks_find_a_cut_column_and_a_missing_cue(browser, demo_url):
    """The checks above can fail: a group page forced narrow, its cue removed."""
    open_at(browser, demo_url + PAGES["group"], 360)
    browser.execute_script("""
        document.querySelectorAll(".scroll-cue").forEach(function (c) { c.remove(); });
        var s = document.querySelector(".scroll"); s.style.width = "120px"; s.style.maxWidth = "120px";""")
    problems = table_problems(browser)
    assert any("is cut" in p for p in problems) and any("without its cue" in p for p in problems)


def test_the_header_menu_works_without_javascript(browser, demo_url):
    """The competitions menu is a <details>: opened by a click, its links lead to every kind."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url, 360)
    browser.find_element(By.CSS_SELECTOR, "details.menu > summary").click()
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".menu-panel a")]
    assert all(link.startswith(demo_url) for link in links)
    for path in ("leagues/iglo/", "tournaments/juvisy-2019/", "ladders/club/", "swiss/demo/", "about/"):
        assert demo_url + path in links
    assert browser.find_element(By.CSS_SELECTOR, ".menu-panel").is_displayed()
    screenshot(browser, "menu-360")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_open_menu_with_its_rules_row_passes_axe(browser, demo_url, axe_source, width):
    """The menu open, with its row "The rules in plain words" (stop 51): the four rules pages
    of the demo's kinds, the leagues' being the plain summary "How the league works" (rules/,
    stop 52; the id-by-id page is linked from it), inside the screen's width (at 360 px the row
    takes two lines), and axe passes."""
    from selenium.webdriver.common.by import By

    open_at(browser, demo_url, width)
    browser.find_element(By.CSS_SELECTOR, "details.menu > summary").click()
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".menu-row a")]
    assert links == [demo_url + path for path in ("rules/", "tournaments/rules/", "ladders/rules/",
                                                  "swiss/rules/")]
    panel = browser.execute_script("var r = document.querySelector('.menu-panel').getBoundingClientRect();"
                                   "return [r.right, document.documentElement.clientWidth];")
    assert panel[0] <= panel[1], panel
    screenshot(browser, f"menu-rules-{width}")
    assert run_axe(browser, axe_source) == []


def test_the_search_box_without_javascript_leads_to_the_players_index(browser, demo_url):
    from selenium.webdriver.common.by import By

    form = None
    open_at(browser, demo_url + "ladders/club/", 1280)
    form = browser.find_element(By.CSS_SELECTOR, "form.site-search")
    assert form.get_attribute("action") == demo_url + "players/" and form.get_attribute("method") == "get"
    assert browser.find_element(By.ID, "site-q").get_attribute("name") == "q"


def search(driver, base: str, text: str, page: str = "players/") -> list[tuple[str, str]]:
    """Type ``text`` in the header's search box of ``page``; return the results (name, link)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_at(driver, base + page, 360)
    box = driver.find_element(By.ID, "site-q")
    assert box.is_displayed()
    box.send_keys(text)
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.ID, "site-q-status").get_attribute("textContent") != "")
    return [(a.text, a.get_attribute("href")) for a in driver.find_elements(By.CSS_SELECTOR, "#site-q-results a")]


def test_search_finds_a_player_by_part_of_the_name(browser, demo_url):
    console_errors(browser)
    found = search(browser, demo_url, "bakero")
    assert found == [("Bakero4", demo_url + "players/Bakero4/")]
    screenshot(browser, "search-360")
    assert console_errors(browser) == []


def test_search_ignores_accents_and_case(browser, demo_url):
    # "Rosa Étienne" (Juvisy 2019) is found by typing "ETIENNE ros" without the accent.
    found = search(browser, demo_url, "ETIENNE ros")
    assert ("Rosa Étienne", demo_url + "players/rosa-etienne/") in found


def test_search_says_when_nothing_matches(browser, demo_url):
    from selenium.webdriver.common.by import By

    assert search(browser, demo_url, "zzzz-nobody") == []
    assert browser.find_element(By.ID, "site-q-status").text == "No match."


def test_search_folds_letters_as_the_site_does(browser, demo_url):
    """Issue 16: "Daria Sørensen" is found by "sorensen" and by "SØRENSEN" typed with the Ø
    (search.json's fold table, the same as sitegen.display.fold)."""
    assert ("Daria Sørensen", demo_url + "players/daria-sorensen/") in search(browser, demo_url, "sorensen")
    assert ("Daria Sørensen", demo_url + "players/daria-sorensen/") in search(browser, demo_url, "SØRENSEN", "")


def test_search_finds_seasons_groups_tournaments_and_pages(browser, demo_url):
    found = search(browser, demo_url, "2021-09 online", "ladders/club/")
    assert ("Season 2021-09", demo_url + "leagues/iglo/2021-09/") in found
    assert ("Group A", demo_url + "leagues/iglo/2021-09/a/") in search(browser, demo_url, "group a 2021-09")
    assert ("Tournoi de Juvisy", demo_url + "tournaments/juvisy-2019/") in search(browser, demo_url, "juvisy")
    assert ("About this site", demo_url + "about/") in search(browser, demo_url, "about")


def test_players_index_runs_the_query_of_a_search_without_javascript(browser, demo_url):
    """The form's plain submission (players/?q=...) leads to the players index, where the
    script, once loaded, shows the results of the query."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_at(browser, demo_url + "players/?q=bakero", 360)
    WebDriverWait(browser, 5).until(
        lambda d: d.find_element(By.ID, "site-q-status").get_attribute("textContent") != "")
    found = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#site-q-results a")]
    assert found == ["Bakero4"]


SEARCH_REQUESTS = ("return performance.getEntriesByType('resource')"
                   ".filter(function (e) { return /search\\.json$/.test(e.name); }).length")


def test_a_page_that_is_only_read_does_not_load_the_search_index(browser, demo_url):
    """Issue 31: search.json (74 kB compressed at scale 0.3) is asked for when the search box
    gets the focus, not when a page loads; typing then finds players as before."""
    import time

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_at(browser, demo_url + "leagues/iglo/2021-09/a/", 360)
    WebDriverWait(browser, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
    time.sleep(0.5)  # deferred script run, any late request made
    assert browser.execute_script(SEARCH_REQUESTS) == 0
    browser.find_element(By.ID, "site-q").click()
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(SEARCH_REQUESTS) == 1)
    browser.find_element(By.ID, "site-q").send_keys("bakero")
    WebDriverWait(browser, 5).until(
        lambda d: d.find_element(By.ID, "site-q-status").get_attribute("textContent") != "")
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#site-q-results a")] == ["Bakero4"]
    assert browser.execute_script(SEARCH_REQUESTS) == 1


def test_the_scroll_cue_appears_above_a_wide_table_and_goes_at_its_end(browser, demo_url):
    """The cue's sizes are read for every table before any class is set (one layout): on a
    phone, the group's crosstable overflows, gets its cue and the fade; scrolled to the end, the
    fade goes; at desktop width nothing overflows and no cue shows."""
    state = """return Array.prototype.map.call(document.querySelectorAll('.scroll'), function (s) {
        var cue = s.previousElementSibling;
        return [s.classList.contains('overflows'), s.classList.contains('at-end'),
                !!(cue && cue.classList.contains('scroll-cue') && !cue.hidden)]; })"""
    open_at(browser, demo_url + "leagues/iglo/2021-09/a/", 360)
    regions = browser.execute_script(state)
    assert [True, False, True] in regions
    browser.execute_script("document.querySelectorAll('.scroll.overflows').forEach(function (s) {"
                           " s.scrollLeft = s.scrollWidth; })")
    browser.execute_script("return new Promise(function (r) { requestAnimationFrame(function () { setTimeout(r, 50); }); })")
    assert all(at_end for overflows, at_end, _ in browser.execute_script(state) if overflows)
    open_at(browser, demo_url + "leagues/iglo/2021-09/a/", 1280)
    assert all(r == [False, True, False] for r in browser.execute_script(state))


def handicap_output(driver, first: str, second: str) -> dict[str, str]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, "hc-a")).select_by_visible_text(first)
    Select(driver.find_element(By.ID, "hc-b")).select_by_visible_text(second)
    out = driver.find_element(By.ID, "hc-out")
    terms = [e.text for e in out.find_elements(By.TAG_NAME, "dt")]
    values = [e.text for e in out.find_elements(By.TAG_NAME, "dd")]
    return dict(zip(terms, values))


def test_handicap_page_computes_the_capped_handicap(browser, demo_url):
    """ladder: handicap. Xavi Thornbury 3d (strength 3 - 1 = 2) against Nils Quarrie 14.5k
    (strength -14.5): 2 - (-14.5) = 16.5, fraction dropped 16, above 14 so 14 levels:
    9 stones plus (14 - 9) x 10 = 50 komi for Black; Xavi, the stronger, takes White and
    moves first after Black's stones."""
    console_errors(browser)
    open_at(browser, demo_url + "ladders/club/handicap/", 360)
    shown = handicap_output(browser, "Xavi Thornbury (3d)", "Nils Quarrie (14.5k)")
    assert shown == {"Handicap": "14 levels", "White": "Xavi Thornbury (3d)", "Black": "Nils Quarrie (14.5k)",
                     "Stones": "9", "Komi": "50 to Black", "First move": "White (after Black's 9 stones)"}
    screenshot(browser, "handicap-360")
    assert console_errors(browser) == []


def test_handicap_page_computes_an_even_game(browser, demo_url):
    """ladder: handicap. Pavel Wetherby 2.7d (1.7) against Xavi Thornbury 3d (2): 0.3, fraction
    dropped 0 levels: White receives 6 komi and Black starts; Xavi, the stronger, is White."""
    open_at(browser, demo_url + "ladders/club/handicap/", 1280)
    shown = handicap_output(browser, "Pavel Wetherby (2.7d)", "Xavi Thornbury (3d)")
    assert shown == {"Handicap": "0 levels", "White": "Xavi Thornbury (3d)", "Black": "Pavel Wetherby (2.7d)",
                     "Stones": "0", "Komi": "6 to White", "First move": "Black"}


PAGED = ("players/", "players/a-z/p/2/", "players/a-z/l/")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", PAGED)
def test_the_players_letter_pages_fit_and_link_each_other(browser, paged_url, page, width):
    """Issue 31: the short index and the letter pages fit a phone and a desktop; from the
    index, P's second page is one click away."""
    from selenium.webdriver.common.by import By

    console_errors(browser)
    open_at(browser, paged_url + page, width)
    overflow = browser.execute_script("var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    assert overflow[0] <= overflow[1], f"{page} at {width}px scrolls sideways: {overflow[0]} > {overflow[1]}"
    screenshot(browser, f"players-{page.strip('/').replace('/', '-')}-{width}")
    assert console_errors(browser) == []
    if page == "players/":
        browser.find_element(By.LINK_TEXT, "Player 335 – Player 668").click()
        assert browser.current_url == paged_url + "players/a-z/p/2/"
        assert browser.find_element(By.TAG_NAME, "h1").text == "Players: P"


@pytest.mark.parametrize("page", PAGED)
def test_the_players_letter_pages_pass_axe(browser, paged_url, axe_source, page):
    for dark in (False, True):
        open_at(browser, paged_url + page, 360, dark=dark)
        assert run_axe(browser, axe_source) == []
