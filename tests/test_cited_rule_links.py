"""Placement and ladder rule ids on the pages are links to their rules pages, each to an anchor
that exists (stop 49's newcomer check: "(placement: SOS)" and "(ladder: handicap)" could not be
looked up, where the league's ids could).

The ids are those of ../shared/rules/003_fac0675ce42e5780.txt (placement: NBW, MMS, SOS, SOSOS,
SODOS, ExT, ExR, CUSS, Dir) and 004_a6a48a51e626b017.txt (ladder: club ladder, handicap);
sitegen.rule_links links them (``rule_links("placement")``, ``rule_links("ladder")``),
sitegen.pages.cited_rules explains them on tournaments/rules/ and ladders/rules/.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from sitegen.diagnostics import SitegenError
from sitegen.i18n import words
from sitegen.pages.cited_rules import EXPLAINED, cited_rules_context
from sitegen.pages.tournament_words import RULE_IDS as CRITERION_IDS
from sitegen.rule_links import CITED_IDS, RuleLinks, cited_anchor, cited_links, citation

from scripts import catalogs

sys.path.insert(0, str(Path(__file__).parent))
from test_rule_links import LinkedPage, parsed  # noqa: E402

DEMO = Path(__file__).parent.parent / "content"
LANGUAGES = ("en", "pl", "fr")


def _links(code: str, base: str = "/") -> RuleLinks:
    lang = words(code)
    return RuleLinks(base + "leagues/rules/", lang.pgettext("rule", "final round"),
                     cited_links(lang, lambda path: base + path))


def test_placement_citations_become_links_to_their_anchors():
    """Hand-worked (Juvisy 2019's order, en): the citation inside the parentheses is the link;
    "NBW, MMS" is one id, not NBW alone; a league id in the same text stays text."""
    said = _links("en")("MMS (McMahon score), highest first (placement: NBW, MMS). "
                        "If equal: SOSM (Sum of opponents' McMahon scores) (placement: SOS); (B.1)",
                        "placement")
    assert str(said) == (
        'MMS (McMahon score), highest first (<a class="rule-id" href="/tournaments/rules/'
        '#placement-NBW-MMS">placement: NBW, MMS</a>). If equal: SOSM (Sum of opponents&#39; '
        'McMahon scores) (<a class="rule-id" href="/tournaments/rules/#placement-SOS">placement: '
        'SOS</a>); (B.1)')


def test_ladder_citations_become_links_in_the_sites_language():
    """pl cites "(drabinka: fora)"; the base path is kept; "(placement: SOS)" is not a ladder id."""
    said = _links("pl", "/klub/")("Fora 13 (drabinka: fora). Kotwica (drabinka: drabinka klubowa). "
                                  "(placement: SOS)", "ladder")
    assert str(said) == (
        'Fora 13 (<a class="rule-id" href="/klub/ladders/rules/#ladder-handicap">drabinka: fora</a>). '
        'Kotwica (<a class="rule-id" href="/klub/ladders/rules/#ladder-club-ladder">drabinka: drabinka '
        'klubowa</a>). (placement: SOS)')


def test_a_citation_not_in_parentheses_or_not_an_id_stays_text():
    """"placement: SOSW" is no id of the text (SOS covers it), and a citation outside
    parentheses is a word of a sentence, not a reference."""
    links = _links("en")
    assert str(links("(placement: SOSW) placement: SOS", "placement")) == "(placement: SOSW) placement: SOS"


def test_every_id_has_words_and_an_anchor():
    assert {text: set(ids) for text, ids in EXPLAINED.items()} == {
        text: set(ids) for text, ids in CITED_IDS.items()}
    # every id a tournament page cites is one the page explains
    assert set(CRITERION_IDS.values()) == set(CITED_IDS["placement"])
    assert [cited_anchor("placement", "ExT, ExR"), cited_anchor("ladder", "club ladder")] == [
        "placement-ExT-ExR", "ladder-club-ladder"]


def test_sos_says_it_covers_mcmahon_scores_and_wins():
    """The text's SOS is "usually Mac-Mahon scores": the pages cite SOSM and SOSW as SOS on
    purpose, and the rules page says so."""
    text = EXPLAINED["placement"]["SOS"]
    assert "SOSM" in text and "SOSW" in text and "McMahon" in text


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalog_cites_the_ladder_as_the_links_look_for_it(code):
    """Each message citing "(ladder: club ladder)" or "(ladder: handicap)" cites it, in its
    translation, in the words :func:`citation` gives in that language: else the filter would
    leave it unlinked (the pl and fr handicap page's caption kept the English citation)."""
    lang = words(code)
    checked = 0
    for message in catalogs.read(code):
        if not isinstance(message.id, str):
            continue
        for rule in CITED_IDS["ladder"]:
            if f"(ladder: {rule})" in message.id:
                assert f"({citation('ladder', rule, lang)})" in message.string, message.id
                checked += 1
    assert checked >= 5  # the rung note, the handicap sentence (two forms), two captions


def _parsed(text: str) -> LinkedPage:
    """The page's ids, rule links and every text outside a link, ``dt``, script, style or title
    (read by test_rule_links' parser, as the league's pages are)."""
    return parsed(text, lambda data: [data], ("a", "dt", "script", "style", "title"))


def _content(tmp_path: Path, code: str, leave_out: tuple[str, ...] = ()) -> Path:
    """The demo's tournament and ladder (no league, no Swiss league: their pages cite no
    placement or ladder id) in language ``code``, less the folders ``leave_out``."""
    content = tmp_path / f"content-{code}-{'-'.join(leave_out)}"
    shutil.copytree(DEMO, content)
    for folder in ("leagues", "swiss", "games/iglo-2021-09", *leave_out):
        shutil.rmtree(content / folder)
    (content / "pages" / "season-2021-09-finished.md").unlink()
    settings = content / "site.yaml"
    settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {code}", settings.read_text()))
    return content


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, dict[str, str]]:
    """The demo's tournament and ladder pages built in en, pl and fr: ``{code: {path: html}}``."""
    from fresh_renders import render

    tmp = tmp_path_factory.mktemp("cited")
    return {code: {path: data.decode() for path, data in render(_content(tmp, code), None).items()
                   if path.endswith(".html") and path.startswith(("tournaments/", "ladders/"))}
            for code in LANGUAGES}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_cited_id_in_the_demo_links_to_an_anchor_that_exists(built, code):
    """Every tournament and ladder page of the demo, in each language: each rule link lands on
    an anchor of its rules page, and no citation ("(placement: ...)", "(ladder: ...)" in the
    language's words) is left outside a link."""
    pages = built[code]
    lang = words(code)
    targets = {"/tournaments/rules/": _parsed(pages["tournaments/rules/index.html"]).ids,
               "/ladders/rules/": _parsed(pages["ladders/rules/index.html"]).ids}
    prefixes = {citation("placement", "SOS", lang).split("SOS")[0],
                citation("ladder", "club ladder", lang).split(":")[0] + ":"}
    cited = re.compile(r"\((?:" + "|".join(map(re.escape, prefixes)) + ")")
    linked: dict[str, set[str]] = {}
    for path, text in pages.items():
        page = _parsed(text)
        for href in page.links:
            page_part, _, anchor = href.partition("#")
            assert anchor in targets[page_part], (path, href)
            linked.setdefault(path, set()).add(href)
        assert not [t for t in page.unlinked if cited.search(t)], path
    # hand-counted: Juvisy 2019 (MMS, SOSM, SOSOSM) on its page and each round's; the rung
    # list page's note and handicap sentence; the handicap page's legend
    assert linked["tournaments/juvisy-2019/index.html"] == {
        "/tournaments/rules/#placement-NBW-MMS", "/tournaments/rules/#placement-SOS",
        "/tournaments/rules/#placement-SOSOS"}
    assert linked["tournaments/juvisy-2019/round-1/index.html"] == linked["tournaments/juvisy-2019/index.html"]
    assert linked["ladders/club/index.html"] == {"/ladders/rules/#ladder-club-ladder",
                                                 "/ladders/rules/#ladder-handicap"}
    assert "/ladders/rules/#ladder-handicap" in linked["ladders/club/handicap/index.html"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_pages_head_each_id_as_the_pages_cite_it(built, code):
    """Each entry's heading is the citation the visitor followed, in the site's language."""
    lang = words(code)
    for text, page in (("placement", "tournaments/rules/index.html"), ("ladder", "ladders/rules/index.html")):
        context = cited_rules_context(text, lang)
        assert [r["id"] for r in context["rules"]] == [citation(text, r, lang) for r in CITED_IDS[text]]
        for rule in context["rules"]:
            assert f'<dt id="{rule["anchor"]}">' in built[code][page]


def test_the_pages_are_made_only_for_a_site_with_tournaments_or_a_ladder(tmp_path):
    """A site without a ladder has no ladders/rules/, one without tournaments no
    tournaments/rules/."""
    from fresh_renders import render

    no_ladder = render(_content(tmp_path, "en", ("ladders",)), None)
    assert "tournaments/rules/index.html" in no_ladder and not any(p.startswith("ladders/") for p in no_ladder)
    no_tournament = render(_content(tmp_path, "en", ("tournaments",)), None)
    assert "ladders/rules/index.html" in no_tournament
    assert not any(p.startswith("tournaments/") for p in no_tournament)


@pytest.mark.parametrize(("folder", "source", "said"), [
    ("tournaments", "juvisy-2019.yaml",
     "/tournaments/rules.yaml:1:1: error: a tournament file may not be named 'rules.yaml'; "
     "tournaments/rules/ is the page that explains the placement criteria; rename the file "
     "[tournament.name]"),
    ("ladders", "club.yaml",
     "/ladders/rules.yaml:1:1: error: a ladder file may not be named 'rules.yaml'; "
     "ladders/rules/ is the page that explains the ladder rules; rename the file [ladder.name]")])
def test_a_file_named_rules_is_refused(tmp_path, folder, source, said):
    """tournaments/rules/ and ladders/rules/ are the rules pages: a tournament or ladder file
    named rules.yaml would overwrite one (as a league folder named rules would, validate.league),
    so the file name is an error with its position."""
    from fresh_renders import render

    content = _content(tmp_path, "en")
    (content / folder / source).rename(content / folder / "rules.yaml")
    with pytest.raises(SitegenError) as refused:
        render(content, None)
    assert said in str(refused.value)
