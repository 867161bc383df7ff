"""Words and lines (issue 27): at 360 px no word and no number group breaks inside itself, on
every page of the demo, in headless Chromium.

A word is a run of non-space characters of one text node. The check lays it out as the
browser did (``Range.getClientRects``) and finds the lines it spans: more than one is a broken
word ("Whitcom" / "be", "11–" / "10–1"). The one break it accepts is right after a hyphen the
text itself has ("Vasquez-" / "Lund", "re-" / "gradings"): the hyphen stays at the line's end,
as in print. Every ``<details>`` is opened first, so the sentences behind a disclosure are laid
out too. The whole demo (about 340 pages) takes about 75 s in one browser session.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_pages import PAGES, open_at  # noqa: E402

pytestmark = pytest.mark.slow  # a headless browser, and the demo site built first

BROKEN_WORDS = r"""
// Every word laid out over more than one line, as "word (element)"; an empty list when none is.
document.querySelectorAll("details").forEach(function (d) { d.open = true; });
var found = [], range = document.createRange();
function lines(rects) {  // how many lines the boxes of a range lie on
  var seen = [];
  for (var i = 0; i < rects.length; i++) {
    var r = rects[i];
    if (r.width < 0.5 || r.height < 0.5) { continue; }
    if (!seen.some(function (t) { return Math.abs(t - (r.top + r.bottom) / 2) < r.height / 2; })) {
      seen.push((r.top + r.bottom) / 2);
    }
  }
  return seen.length;
}
function spans(node, start, end) {
  range.setStart(node, start); range.setEnd(node, end);
  return lines(range.getClientRects());
}
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {acceptNode: function (n) {
  var p = n.parentElement;
  return p && /\S/.test(n.data) && !p.closest("svg, script, style, noscript, template")
    ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT; }});
var node;
while ((node = walker.nextNode())) {
  range.selectNodeContents(node);
  if (lines(range.getClientRects()) < 2) { continue; }  // the whole text on one line
  var words = /\S+/g, word;
  while ((word = words.exec(node.data))) {
    // The parts of a word between its own hyphens ("Vasquez-", "Lund") must each keep to one line.
    var parts = /[^-\u2010]+[-\u2010]*|[-\u2010]+/g, part;
    while ((part = parts.exec(word[0]))) {
      var start = word.index + part.index;
      if (part[0].length > 1 && spans(node, start, start + part[0].length) > 1) {
        var p = node.parentElement;
        found.push(word[0] + " (" + p.tagName.toLowerCase() + (p.classList.length ? "." + p.classList[0] : "") + ")");
        break;
      }
    }
  }
}
return found;
"""


def broken_words(driver) -> list[str]:
    """Return the words of the open page laid out over more than one line (see the module)."""
    return driver.execute_script(BROKEN_WORDS)


def test_the_check_finds_a_word_broken_inside_and_a_broken_record(browser, demo_url):
    """The check can fail: a name forced to break inside its letters and a ladder record in a
    box too narrow for it are found; a break at a name's own hyphen and words that wrap at
    their spaces are not."""
    open_at(browser, demo_url + "about/", 360)
    browser.execute_script("""
        document.querySelector("main").innerHTML =
          '<p style="width: 4rem; overflow-wrap: anywhere">Whitcombe</p>' +
          '<p style="width: 1.5rem">11–10–1</p>' +
          '<p style="width: 5rem">Viktor Vasquez-Lund</p>' +
          '<p style="width: 6rem">Anna Maria Whitcombe</p>';""")
    assert broken_words(browser) == ["Whitcombe (p)", "11–10–1 (p)"]


def test_the_check_finds_a_pairing_name_broken_by_a_narrow_box(browser, demo_url):
    """On the round page at 360 px (before this issue: "Whitcom" / "be"), a pairing's name box
    made narrower than its words, ``overflow-wrap: anywhere`` as the theme had: found."""
    open_at(browser, demo_url + "tournaments/juvisy-2019/round-1/", 360)
    assert broken_words(browser) == []
    browser.execute_script("""
        var style = document.createElement("style");
        style.textContent = "td > a { max-width: 3.5rem !important; overflow-wrap: anywhere !important; }";
        document.head.appendChild(style);""")
    assert "Whitcombe (a)" in broken_words(browser)


def test_no_word_breaks_inside_itself_on_any_page_at_360_px(browser, demo_site):
    """Every HTML page the demo builds (league, season, group, movements, final, tournament and
    round, ladder and its games and handicap, Swiss, players and every player page, Markdown
    pages, 404) at 360×800: no broken word."""
    url, root = demo_site
    pages = sorted(str(path.relative_to(root)).removesuffix("index.html") for path in root.rglob("*.html"))
    assert len(pages) >= 300, len(pages)
    broken = {}
    for page in pages:
        open_at(browser, url + page, 360)
        found = broken_words(browser)
        if found:
            broken[page] = found
    assert broken == {}


@pytest.mark.parametrize("language", ["pl", "fr"])
def test_no_word_breaks_inside_itself_in_polish_and_french(browser, demo_urls_in, language):
    """One page of each kind (test_pages.PAGES) of the demo in Polish and in French, whose
    words are longer ("Rozstrzygnięcie", "départagé"), at 360×800: no broken word."""
    broken = {}
    for name, path in sorted(PAGES.items()):
        open_at(browser, demo_urls_in[language] + path, 360)
        found = broken_words(browser)
        if found:
            broken[name] = found
    assert broken == {}


@pytest.mark.parametrize("name", ["group-tied", "season", "tournament-round", "ladder", "player"])
def test_only_an_overlong_word_breaks(browser, long_names_url, name):
    """Every player's name ending in a 40-letter surname (conftest.LONG_NAME), every disclosure
    open, at 360 px: the surname breaks, inside its box (no name's box is overflowed by its
    text), and no other word does; the page does not scroll sideways. (test_pages checks the
    key columns with the disclosures closed.)"""
    from conftest import LONG_NAME

    open_at(browser, long_names_url + PAGES[name], 360)
    broken = broken_words(browser)
    assert broken and {word.rsplit(" (", 1)[0].strip(",.;:()") for word in broken} == {LONG_NAME}
    overflowing = browser.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('main a'), function (a) {"
        " return a.offsetParent !== null && a.scrollWidth > a.clientWidth + 1"
        " && getComputedStyle(a).display === 'inline-block'; }).length;")
    assert overflowing == 0
    overflow = browser.execute_script("var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")
    assert overflow[0] <= overflow[1]
