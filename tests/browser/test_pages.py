"""The demo site as players see it: headless Chromium at phone and desktop widths (issue 8).

For the home page, a league group, a tournament, the ladder and a player page, at 360 and 1280
CSS pixels: the page never scrolls sideways (wide tables scroll inside their own container),
the console stays free of errors, axe-core finds no serious or critical accessibility
violation, and a screenshot is saved for people to look at. Then the two pages with JavaScript:
the players page's search box and the ladder's handicap calculator.
"""

from __future__ import annotations

import pytest

from pathlib import Path

SCREENSHOTS = Path(__file__).parent / "screenshots"

PAGES = {
    "home": "",
    "group": "leagues/iglo/2021-09/a/",
    "tournament": "tournaments/juvisy-2019/",
    "ladder": "ladders/club/",
    "player": "players/Bakero4/",
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


def open_at(driver, url: str, width: int) -> None:
    """Load ``url`` in a viewport ``width`` CSS pixels wide (a phone below 500: viewport meta on)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 500})
    driver.get(url)
    driver.execute_script("return document.readyState")


def run_axe(driver, source: str) -> list[dict]:
    """Inject axe-core and return its violations of impact serious or critical (WCAG A and AA)."""
    driver.execute_script(source)
    result = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}})
           .then(function (r) { done(r.violations.map(function (v) {
               return {id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })}; })); })
           .catch(function (e) { done([{id: "axe-error", impact: "critical", help: String(e), nodes: []}]); });
    """)
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_fits_has_no_console_errors_and_passes_axe(browser, demo_url, axe_source, name, width):
    console_errors(browser)  # drain messages of earlier pages
    open_at(browser, demo_url + PAGES[name], width)
    assert browser.execute_script("return document.documentElement.lang") == "en"
    overflow = browser.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    screenshot(browser, f"{name}-{width}")
    assert overflow[0] <= overflow[1], f"{name} at {width}px scrolls sideways: {overflow[0]} > {overflow[1]}"
    assert console_errors(browser) == []
    assert run_axe(browser, axe_source) == []


def search(driver, base: str, text: str) -> list[tuple[str, str]]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_at(driver, base + "players/", 360)
    box = driver.find_element(By.ID, "search-q")
    assert box.is_displayed()  # the form is shown once the script runs
    box.send_keys(text)
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.ID, "search-status").text != "")
    return [(a.text, a.get_attribute("href")) for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]


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
    assert browser.find_element(By.ID, "search-status").text == "No match."


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
