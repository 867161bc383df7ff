"""The demo in Polish and French, as players see it (issue 16): every page kind at 360 CSS pixels
carries its language, fits, shows its tables' key columns and passes axe-core, as the English
pages do (test_pages.py); the scripts' messages take the language's plural forms.
Screenshots go to tests/browser/screenshots/ as ``<language>-<page>-360.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sitegen.i18n import words

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import PAGES, console_errors, open_at, run_axe, screenshot, table_problems  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built twice first

LANGUAGES = ("pl", "fr")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_translated_page_fits_and_passes_axe(browser, demo_urls_in, axe_source, code, name):
    console_errors(browser)
    open_at(browser, demo_urls_in[code] + PAGES[name], 360)
    assert browser.execute_script("return document.documentElement.lang") == code
    overflow = browser.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    screenshot(browser, f"{code}-{name}-360")
    assert overflow[0] <= overflow[1], f"{name} in {code} scrolls sideways: {overflow[0]} > {overflow[1]}"
    assert table_problems(browser) == []
    assert console_errors(browser) == []
    assert run_axe(browser, axe_source) == []


def _search(driver, query: str) -> tuple[int, str]:
    """Type ``query`` in the header's search box; return (results listed, status said)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    box = driver.find_element(By.ID, "site-q")
    box.clear()
    box.send_keys(query)
    status = driver.find_element(By.ID, "site-q-status")
    WebDriverWait(driver, 10).until(lambda d: status.text and
                                    len(d.find_elements(By.CSS_SELECTOR, "#site-q-results li")) > 0)
    return len(driver.find_elements(By.CSS_SELECTOR, "#site-q-results li")), status.text


def test_search_counts_take_the_polish_plural_forms(browser, demo_urls_in):
    """1 wynik, 2 wyniki, 5 wyników: the script picks the form the page carries for the count's
    plural category (Intl.PluralRules)."""
    open_at(browser, demo_urls_in["pl"] + "players/", 1280)
    seen = {}
    # "ave": five players (Dopave32, Kanave24, Mikave89, Pavel Wetherby, Pavena42); "ing" was
    # five until stop 52 retitled the page "How the standings work" ("How the league works").
    for query in ("kate", "sten", "ave", "lu"):
        count, said = _search(browser, query)
        assert said == words("pl").ngettext("{count} match.", "{count} matches.", count).format(count=count)
        seen[count] = said
    assert {1, 2, 5} <= set(seen), seen
    assert seen[1] == "1 wynik." and seen[2] == "2 wyniki." and seen[5] == "5 wyników."
    assert console_errors(browser) == []


def test_handicap_calculator_speaks_polish(browser, demo_urls_in):
    """ladder: handicap, the same pair as test_pages.py: Xavi Thornbury 3d against Nils
    Quarrie 14.5k is 14 levels: 14 poziomów, 9 kamieni (stones), 50 komi for Black."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    open_at(browser, demo_urls_in["pl"] + "ladders/club/handicap/", 360)
    Select(browser.find_element(By.ID, "hc-a")).select_by_visible_text("Xavi Thornbury (3d)")
    Select(browser.find_element(By.ID, "hc-b")).select_by_visible_text("Nils Quarrie (14.5k)")
    out = browser.find_element(By.ID, "hc-out")
    terms = [e.text for e in out.find_elements(By.TAG_NAME, "dt")]
    values = [e.text for e in out.find_elements(By.TAG_NAME, "dd")]
    assert dict(zip(terms, values)) == {
        "Fora": "14 poziomów", "Białe": "Xavi Thornbury (3d)", "Czarne": "Nils Quarrie (14.5k)",
        "Kamienie": "9", "Komi": "50 dla czarnych", "Pierwszy ruch": "Białe (po 9 kamieniach czarnych)"}
    # A pair 2 to 4 levels apart takes the other plural form (2 poziomy).
    level = browser.execute_script("""
        var d = JSON.parse(document.getElementById("hc-data").textContent);
        for (var i = 0; i < d.levels.length; i++) { for (var j = 0; j < d.levels.length; j++) {
          var l = parseInt(d.levels[i].charAt(j), 36);
          if (l >= 2 && l <= 4) { document.getElementById("hc-a").value = i; document.getElementById("hc-b").value = j;
            document.getElementById("hc-b").dispatchEvent(new Event("change")); return l; } } }
        return null;""")
    assert level in (2, 3, 4)
    shown = {e.text: v.text for e, v in zip(out.find_elements(By.TAG_NAME, "dt"), out.find_elements(By.TAG_NAME, "dd"))}
    assert shown["Fora"] == f"{level} poziomy"
    assert console_errors(browser) == []
