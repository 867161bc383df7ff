"""League rule ids on the pages are links to the league rules page, each to an anchor that
exists (stop 47's newcomer check: "(D)", "(B.1)", "(league D.1)" could not be looked up).

The ids are those of ../shared/rules/000_8831272a7af7d6bd.txt (league A.i.2, B.1, D, D.1, E.1,
"final round", [7]); sitegen.rule_links links them, sitegen.pages.league_rules explains them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.pages.league_rules import EXPLAINED
from sitegen.rule_links import RULE_IDS, RuleLinks, rule_anchor

DEMO = Path(__file__).parent.parent / "content"
CITED = re.compile(r"(?<![\w.])[A-E]\.(?:ii?\.\d|ii?|\d)(?![\w.])|\([A-E]\)|\(\[\d\]\)|\(final round\)")
"""A rule id as the league pages cite it: dotted (B.1, A.i.2), a part's letter in parentheses
"(D)", the footnote "([7])", "(final round)"."""


def test_ids_become_links_to_their_anchors():
    """Hand-worked: the dotted ids, "(B)" and "criteria of D" are linked; "division D" and a
    player's name are not."""
    links = RuleLinks("/leagues/rules/", "final round")
    said = links("Stays in division D: demotion spot by the criteria of D (B.2), cancelled by "
                 "E.1: fewer than 5 (A.i.2); middle position (B); Ada&Bo (final round)")
    assert str(said) == (
        'Stays in division D: demotion spot by the criteria of '
        '<a class="rule-id" href="/leagues/rules/#rule-D">D</a> '
        '(<a class="rule-id" href="/leagues/rules/#rule-B-2">B.2</a>), cancelled by '
        '<a class="rule-id" href="/leagues/rules/#rule-E-1">E.1</a>: fewer than 5 '
        '(<a class="rule-id" href="/leagues/rules/#rule-A-i-2">A.i.2</a>); middle position '
        '(<a class="rule-id" href="/leagues/rules/#rule-B">B</a>); Ada&amp;Bo '
        '(<a class="rule-id" href="/leagues/rules/#rule-final-round">final round</a>)')


def test_an_id_the_page_does_not_explain_stays_text():
    """E.2 is no rule of the text: left as it is, not a link to nowhere."""
    assert str(RuleLinks("/r/", "final round")("by E.2 and B.6")) == "by E.2 and B.6"


def test_every_id_has_words():
    assert set(EXPLAINED) == set(RULE_IDS)
    assert [rule_anchor(r) for r in ("B.1", "A.i.2", "final round", "[7]")] == [
        "rule-B-1", "rule-A-i-2", "rule-final-round", "rule-note-7"]


class LinkedPage(HTMLParser):
    """A page's element ids (``ids``), its rule links' targets (``links``) and what ``found``
    picks out of its texts outside a link (``unlinked``; texts inside the tags ``skipped``,
    such as the rules page's own ``dt`` headings, are not looked at). Also used by
    tests/test_cited_rule_links.py for the placement and ladder ids."""

    def __init__(self, found, skipped=("a", "dt", "script", "style", "title", "abbr")) -> None:
        super().__init__()
        self.found, self.skipped = found, skipped
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.unlinked: list[str] = []
        self.inside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))
        if tag == "a" and attributes.get("class") == "rule-id":
            self.links.append(str(attributes["href"]))
        if tag in self.skipped:
            self.inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data: str) -> None:
        if not self.inside:
            self.unlinked += self.found(data)


def parsed(text: str, found=CITED.findall, skipped=("a", "dt", "script", "style", "title", "abbr")) -> LinkedPage:
    """``text`` read by :class:`LinkedPage` (by default: the league ids cited outside a link)."""
    page = LinkedPage(found, skipped)
    page.feed(text)
    return page


@pytest.fixture(scope="module")
def demo() -> dict[str, str]:
    return {path: data.decode() for path, data in render(DEMO, None).items()
            if path.endswith(".html") and path.startswith(("leagues/", "players/"))}


def test_every_rule_id_cited_in_the_demo_links_to_an_anchor_that_exists(demo):
    """Every league page and player page of the demo: each rule link's anchor exists on the
    rules page, and no rule id is cited outside a link (the rules page's own headings, dt,
    aside)."""
    targets = parsed(demo["leagues/rules/index.html"]).ids
    linked, unlinked = 0, {}
    for path, text in demo.items():
        page = parsed(text)
        for href in page.links:
            page_part, _, anchor = href.partition("#")
            assert page_part == "/leagues/rules/" and anchor in targets, (path, href)
        linked += len(page.links)
        if page.unlinked:
            unlinked[path] = page.unlinked
    assert unlinked == {}
    assert linked > 1000  # the demo's 278 league and player pages cite about 1,700
    # the group page of the newcomer's check: the shared place's note, its rows, the columns
    group = parsed(demo["leagues/iglo/2021-09/c/index.html"])
    assert {"/leagues/rules/#rule-B-1", "/leagues/rules/#rule-D-1", "/leagues/rules/#rule-B"} <= set(group.links)


@pytest.mark.parametrize(("tag", "heading"), [("en", "Advantaged position ([7])"),
                                              ("fr", "Position avantagée ([7])")])
def test_the_footnote_is_headed_by_what_it_gives(tag, heading):
    """The league text's footnote [7] (the advantaged position of the final round) is headed by
    its name, not by the number alone, which a newcomer read as a leftover (stop 48); the
    numbered rules keep their ids as headings."""
    from sitegen.i18n import words
    from sitegen.pages.league_rules import rules_context

    shown = {rule["anchor"]: rule["id"] for section in rules_context(words(tag))["sections"]
             for rule in section["rules"]}
    assert shown["rule-note-7"] == heading
    assert shown["rule-B-1"] == "B.1" and shown["rule-D-2"] == "D.2"
