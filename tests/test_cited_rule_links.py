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
from sitegen.rule_links import CITED_IDS, CITED_PAGES, RuleLinks, cited_anchor, cited_links, citation

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


def _demo_part(folder: Path, code: str, removed: tuple[str, ...]) -> Path:
    """A copy of the demo at ``folder`` in language ``code``, less the folders ``removed`` and
    the pages that link into a removed league season."""
    shutil.copytree(DEMO, folder)
    for part in ("games/iglo-2021-09", *removed):
        shutil.rmtree(folder / part)
    (folder / "pages" / "season-2021-09-finished.md").unlink()
    settings = folder / "site.yaml"
    settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {code}", settings.read_text()))
    return folder


def _content(tmp_path: Path, code: str, leave_out: tuple[str, ...] = ()) -> Path:
    """The demo's tournament and ladder (no league, no Swiss league: their pages cite no
    placement or ladder id) in language ``code``, less the folders ``leave_out``."""
    return _demo_part(tmp_path / f"content-{code}-{'-'.join(leave_out)}", code,
                      ("leagues", "swiss", *leave_out))


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


# --------------------------------------------------------------------------- reach and words (stop 51)


@pytest.fixture(scope="module")
def site_en(tmp_path_factory) -> dict[str, str]:
    """The demo's tournament and ladder built in English, every page: ``{path: html}``."""
    from sitegen.commands.build import render

    content = _content(tmp_path_factory.mktemp("reach"), "en")
    return {path: data.decode() for path, data in render(content, None).items() if path.endswith(".html")}


def test_the_menu_links_each_rules_page_on_one_line(site_en):
    """The menu's "The rules in plain words": the rules pages of the kinds the site has (here a
    tournament and a ladder, no league), in one row (a phone's menu grows by two lines)."""
    row = ('<h2 id="menu-3">The rules in plain words</h2>\n<ul class="menu-row">\n'
           '<li><a href="/tournaments/rules/">Tournaments</a></li>\n'
           '<li><a href="/ladders/rules/">Ladders</a></li>\n</ul>')
    for path in ("index.html", "tournaments/juvisy-2019/index.html", "ladders/rules/index.html"):
        assert row in site_en[path], path
    assert "/leagues/rules/" not in site_en["index.html"]


def test_the_home_sections_link_their_rules_page_and_the_rules_pages_lead_back(site_en):
    """The home page's Tournaments and Ladders sections end with their rules page's link and
    have the anchors the rules pages' breadcrumbs go back to."""
    home = site_en["index.html"]
    for anchor, url, title in (("tournaments", "/tournaments/rules/", "How the places in a tournament are decided"),
                               ("ladders", "/ladders/rules/", "How the ladder works")):
        section = re.search(rf'<section id="{anchor}" .*?</section>', home, re.S)
        assert section, anchor
        assert f'<p class="section-rules"><a href="{url}">{title}</a></p>' in section[0]
        crumbs = re.search(r'<nav class="breadcrumbs".*?</nav>', site_en[url[1:] + "index.html"], re.S)[0]
        assert [words_of(li) for li in re.findall(r"<li>(.*?)</li>", crumbs, re.S)] == [
            "Home", anchor.title(), title]
        assert f'<a href="/#{anchor}">{anchor.title()}</a>' in crumbs


def words_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_ladder_page_links_its_rules_page_from_the_rules_bounds(site_en):
    """The line under the ladder's description links its rules page from the rules' bounds
    ("rungs in the rules: 25k to 5d"; stop 51's newcomer: the description led nowhere). A link
    of its own, in a paragraph or at the line's end, pushed the rung list's first row out of a
    phone's first screen in pl and fr (tests/browser/test_newcomer48.py)."""
    page = site_en["ladders/club/index.html"]
    assert ('· <a class="nowrap" href="/ladders/rules/">rungs in the rules: 25k to 5d</a></p>') in page


def test_the_tournament_page_has_one_way_to_the_criteria_explained(site_en):
    """"How the places are decided" leads to the placement rules page (its citations and its
    last link), no longer also to the page's own "How the table is ordered" (two paths)."""
    page = site_en["tournaments/juvisy-2019/index.html"]
    assert '<a href="/tournaments/rules/">What each criterion means</a></p>' in page
    assert 'href="#criteria-h"' not in page


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_placement_page_speaks_plainly(built, code):
    """Its title and headings without "id by id" or a bare "placement: NBW, MMS": each entry
    is headed in words, the citation after it; the intro names the tournament page's heading
    that lists a tournament's own criteria, as that page words it (a ``%(heading)s``
    conversion, as the catalogs' others are, since stop 52); SOS says McMahon scores are the
    usual kind, as the text does ("usually Mac-Mahon scores"), and the entries speak plainly
    (stop 52's newcomer check: "the kind the placement rules of Go tournaments call the usual
    one", "one who beat every other of them", "OpenGotha's two forms", "cited as"); stop 53's:
    "pages link here as" read oddly, the citation is "Shown on the pages as ..." on a line of
    its own (.rule-cited is a block)."""
    lang = words(code)
    context = cited_rules_context("placement", lang)
    heading = lang._("How the places are decided")
    assert heading in context["intro"]
    assert f'<h3 id="order-h">{heading}</h3>' in built[code]["tournaments/juvisy-2019/index.html"]
    page = built[code]["tournaments/rules/index.html"]
    assert "id by id" not in page and "the text says" not in page
    first = context["rules"][0]
    assert (f'<dt id="placement-NBW-MMS">{first["name"]} <span class="rule-cited">'
            f'{lang._("Shown on the pages as “%(citation)s”") % {"citation": first["id"]}}</span></dt>') in page
    assert "cited as" not in page and "link here as" not in page
    if code == "en":
        assert [rule["name"] for rule in context["rules"]] == [
            "The score: wins or McMahon score", "SOS: the opponents' scores", "SOSOS: the opponents' SOS",
            "SODOS: the scores of the opponents beaten", "ExT and ExR: how hard the games were",
            "CUSS: the score round by round", "Direct confrontation: the games among the players level"]
        assert "SOSM adds up the opponents' McMahon scores, the usual kind" in EXPLAINED["placement"]["SOS"]
        assert context["intro"].endswith("its page lists them under “How the places are decided”, "
                                         "each with a link to its explanation here.")
        assert EXPLAINED["placement"]["Dir"].startswith(
            "Direct confrontation: if one of the players still level beat all the others and lost "
            "to none of them, that player is placed above them")
        for unclear in ("call the usual one", "beat every other of them", "two forms"):
            assert unclear not in page
        assert EXPLAINED["ladder"]["handicap"].count("The first nine levels are handicap stones for "
                                                     "Black, and each level above nine gives Black "
                                                     "10 points of komi; then White plays first.") == 1


def test_one_check_refuses_rules_for_each_rules_page():
    """validate.fields.RULES_PAGES: one row per rules page beside the competitions it explains
    (the league's, the placement, ladder and Swiss league pages), each name refused by
    not_rules_page with the message the loaders gave; and each is the page a rule set's
    description links in the menu (``listed.rules``)."""
    from sitegen.diagnostics import Diagnostics, SourcePos
    from sitegen.urls import LEAGUE_RULES
    from sitegen.validate.fields import RULES_PAGES, not_rules_page

    from sitegen.rulesets import RULE_SETS

    assert set(RULES_PAGES) == {LEAGUE_RULES, *CITED_PAGES.values()}
    assert set(RULES_PAGES) == {rule_set.listed.rules for rule_set in RULE_SETS}
    diags = Diagnostics()
    assert not_rules_page("club", LEAGUE_RULES, SourcePos("x"), diags) == "club" and not diags.items
    assert not_rules_page("rules", LEAGUE_RULES, SourcePos("content/leagues/rules", 0), diags) is None
    assert [d.format() for d in diags.items] == [
        "content/leagues/rules: error: a league folder may not be named 'rules'; leagues/rules/ is "
        "the page that explains the league rules; rename the folder [league.name]"]


# --------------------------------------------------------------------------- the Swiss league (stop 51)
# ../shared/rules/002_26d12e6ad94aa01f.txt's parts, as sitegen.engine.swiss and engine.pairing
# name them: "swiss: the league" (league score from the three best tournaments), "swiss:
# tournaments" (matches and their points), "swiss: pairings".


def _swiss_content(tmp_path: Path, code: str) -> Path:
    """The demo's Swiss league alone (its players kept) in language ``code``."""
    return _demo_part(tmp_path / f"swiss-{code}", code, ("leagues", "tournaments", "ladders"))


@pytest.fixture(scope="module")
def swiss_built(tmp_path_factory) -> dict[str, dict[str, str]]:
    """The demo's Swiss league's pages built in en, pl and fr: ``{code: {path: html}}``."""
    from sitegen.commands.build import render

    tmp = tmp_path_factory.mktemp("swiss")
    return {code: {path: data.decode() for path, data in render(_swiss_content(tmp, code), None).items()
                   if path.endswith(".html")} for code in LANGUAGES}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_swiss_pages_cite_their_rules_linked(swiss_built, code):
    """The league page's "How the table is ordered" cites "swiss: the league" for the league
    score (the sum of the 3 best tournament scores) and "swiss: tournaments" for the
    tournament scores; each round page "swiss: pairings" under its pairings. Each citation, in
    the site's language, is a link to an anchor of swiss/rules/ that exists, and none is left
    unlinked."""
    pages = swiss_built[code]
    lang = words(code)
    anchors = _parsed(pages["swiss/rules/index.html"]).ids
    cited = re.compile(r"\(" + re.escape(citation("swiss", "pairings", lang).split(":")[0]) + r"\s?:")
    linked: dict[str, set[str]] = {}
    for path, text in pages.items():
        if not path.startswith("swiss/demo/"):
            continue
        page = _parsed(text)
        for href in page.links:
            page_part, _, anchor = href.partition("#")
            assert page_part == "/swiss/rules/" and anchor in anchors, (path, href)
            linked.setdefault(path, set()).add(href)
        assert not [t for t in page.unlinked if cited.search(t)], path
    assert linked["swiss/demo/index.html"] == {"/swiss/rules/#swiss-the-league",
                                               "/swiss/rules/#swiss-tournaments"}
    # a tournament's and a round's standings explain the score column (swiss: tournaments)
    assert linked["swiss/demo/t1/index.html"] == {"/swiss/rules/#swiss-tournaments"}
    assert linked["swiss/demo/t1/round-1/index.html"] == {"/swiss/rules/#swiss-pairings",
                                                          "/swiss/rules/#swiss-tournaments"}
    if code == "en":
        assert ("<dd>The sum of a player's 3 best tournament scores (<a class=\"rule-id\" "
                "href=\"/swiss/rules/#swiss-the-league\">swiss: the league</a>). A player joins the "
                "table with their first tournament.</dd>") in pages["swiss/demo/index.html"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalog_cites_the_swiss_league_as_the_links_look_for_it(code):
    """Each message citing "(swiss: the league)", "(swiss: tournaments)" or "(swiss: pairings)"
    cites it, in its translation, in the words :func:`citation` gives in that language."""
    lang = words(code)
    checked = 0
    for message in catalogs.read(code):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for rule in CITED_IDS["swiss"]:
            if f"(swiss: {rule})" in ids[0]:
                assert all(f"({citation('swiss', rule, lang)})" in s for s in strings), message.id
                checked += 1
    assert checked == 4  # the league score, the tournament scores (twice), the pairings


def test_the_swiss_rules_page_and_its_ways_in(swiss_built):
    """swiss/rules/ heads its three parts in words, then as cited; the menu's rules row and the
    home page's Swiss leagues section link it, and its breadcrumb leads back to that section."""
    pages = swiss_built["en"]
    rules = pages["swiss/rules/index.html"]
    assert [words_of(h) for h in re.findall(r'<dt id="swiss-[^"]+">(.*?)</dt>', rules)] == [
        "The league: the three best tournaments count Shown on the pages as “swiss: the league”",
        "The tournaments: matches of up to three games Shown on the pages as “swiss: tournaments”",
        "The pairings: who meets whom Shown on the pages as “swiss: pairings”"]  # stop 53: "pages link here as"
    assert '<a href="/#swiss-leagues">Swiss leagues</a>' in rules
    assert '<ul class="menu-row">\n<li><a href="/swiss/rules/">Swiss leagues</a></li>\n</ul>' in rules
    home = pages["index.html"]
    assert re.search(r'<section id="swiss-leagues" .*?<p class="section-rules"><a href="/swiss/rules/">'
                     r"How the Swiss league works</a></p>\s*</section>", home, re.S)


def test_a_swiss_league_folder_named_rules_is_refused(tmp_path):
    from sitegen.commands.build import render

    content = _swiss_content(tmp_path, "en")
    (content / "swiss" / "demo").rename(content / "swiss" / "rules")
    with pytest.raises(SitegenError) as refused:
        render(content, None)
    assert ("/swiss/rules:1:1: error: a Swiss league folder may not be named 'rules'; swiss/rules/ is "
            "the page that explains the Swiss league rules; rename the folder [swiss.name]") in str(refused.value)
