"""The site's alphabetical lists of players in one order (issue 38 follow-up, newcomer
findings): :func:`sitegen.display.filed_order`, by the family name where the players file
gives it (``family_name``), else the name; then the name; then the id. The players index, a
Swiss tournament's entries and withdrawals, a ladder's members within a rung (page and
rungs.json) and its handicap calculator's choices, the players moving between two seasons and
search.json use it; lists by standing, rung or games keep their own order.

The demo gives every invented player a family name (the last word; ``Gao Lin``: Gao, written
family name first; ``Wim de Groot``: de Groot, the particle with it); the online league's
players are handles and have none. Every expected order below is worked by hand from those.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.display import filed_order, name_order

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def test_filed_order_by_family_name_then_name_then_id():
    """Brightwater (Maren, then Oona) before Dunmore; de Groot under d (fold: "de groot" <
    "dunmore"); Gao Lin (family name first) under g; Zoé Abelard without a family name filed
    as "Zoé", last; two Ann Smiths by id. Without family names: name_order, then the id."""
    people = [("Oona Brightwater", "Brightwater", "o"), ("Zoé Abelard", None, "z"),
              ("Dmitri Dunmore", "Dunmore", "d"), ("Wim de Groot", "de Groot", "w"),
              ("Maren Brightwater", "Brightwater", "m"), ("Gao Lin", "Gao", "g"),
              ("Ann Smith", "Smith", "s2"), ("Ann Smith", "Smith", "s1")]
    assert [ident for _, _, ident in sorted(people, key=lambda p: filed_order(*p))] == [
        "m", "o", "w", "d", "g", "s1", "s2", "z"]
    plain = ["Player 10", "Player 2", "Łukasz", "Lukas"]
    assert sorted(plain, key=lambda n: filed_order(n, None, n)) == sorted(plain, key=name_order) == [
        "Lukas", "Łukasz", "Player 2", "Player 10"]


@pytest.fixture(scope="module")
def demo(demo_files) -> Mapping[str, bytes]:
    return demo_files


def _linked(html: str) -> list[str]:
    return re.findall(r'<a href="/players/[^"]+/">([^<]+)</a>', html)


def test_demo_players_index_files_by_family_name(demo):
    """No X any more (Ximena Cruz and Ximena Ishikawa are under C and I, Xavi Thornbury under
    T); A opens with the Abelards (Zoé Abelard, then Abelard-2), Abernethy, Adeyemi, Aubert.
    Cruz comes after Chevalier; de Groot before the handle "Deleted account 1" ("de groot" <
    "deleted account 1": a space before a letter)."""
    html = demo["players/index.html"].decode()
    assert re.findall(r'<h2 id="letter-[^"]*">([^<]+)</h2>', html) == list("ABCDEFGHIJKLMNOPQRSTUVWYZ")
    listed = re.findall(r'<li><a href="/players/[^"]+/">([^<]+)</a></li>', html)
    assert listed[:6] == ["Zoé Abelard", "Olaf Abelard-2", "Soren Abernethy", "Femi Adeyemi",
                          "Victor Aubert", "Bakero4"]
    at = listed.index("Ximena Cruz")
    assert listed[at - 1:at + 3] == ["Dmitri Chevalier", "Ximena Cruz", "Wim de Groot",
                                     "Deleted account 1"]


def test_demo_swiss_entries_and_withdrawals_by_family_name(demo):
    """The January tournament's 19 entries: Adeyemi, Berg, Brandt, Cruz, de Groot, Farouk,
    Gao, Kroll, Marek, Mensah, Mori, Nair, Ruiz, Sato, Silva, Sokol, Virtanen, Wiik, Wrona.
    The March tournament's round 5 names its two withdrawals Berg before Haddad."""
    html = demo["swiss/demo/t1/index.html"].decode()
    entries = html[html.index('<h2 id="entries-h">'):]
    assert _linked(entries[:entries.index("</ul>")]) == [
        "Femi Adeyemi", "Stellan Berg", "Lea Brandt", "Ximena Cruz", "Wim de Groot", "Umar Farouk",
        "Gao Lin", "Bastian Kroll", "Ivo Marek", "Kofi Mensah", "Aiko Mori", "Priya Nair",
        "Celia Ruiz", "Rina Sato", "Mateo Silva", "Vera Sokol", "Eila Virtanen", "Oskar Wiik",
        "Zofia Wrona"]
    html = demo["swiss/demo/t3/round-5/index.html"].decode()
    line = next(line for line in html.splitlines() if "Withdrawn from the tournament" in line)
    assert _linked(line) == ["Stellan Berg", "Nadia Haddad"]


def test_demo_ladder_rungs_and_handicap_choices_by_family_name(demo):
    """A rung's members (rungs.json as the page): 3k Eskildsen, Galbraith, Ingleby (Ulla,
    Kirsi, Yara: by first name they were Kirsi, Ulla, Yara). The calculator's choices open with
    Abernethy, then the two Brightwaters by first name (Maren, Oona), then Castellane."""
    rungs = {r["rung"]: r["members"] for r in json.loads(demo["ladders/club/rungs.json"])["rungs"]}
    assert rungs["3k"] == ["ulla-eskildsen", "kirsi-galbraith", "yara-ingleby"]
    assert rungs["3.6k"] == ["lukas-holloway", "fergus-lindqvist", "wanda-oakes"]
    page = demo["ladders/club/index.html"].decode()
    assert page.index(">Ulla Eskildsen<") < page.index(">Kirsi Galbraith<") < page.index(">Yara Ingleby<")
    html = demo["ladders/club/handicap/index.html"].decode()
    choices = re.findall(r'<option value="\d+"[^>]*>([^<(]+) \(', html)
    assert choices[:4] == ["Soren Abernethy", "Maren Brightwater", "Oona Brightwater", "Rosa Castellane"]


def test_demo_search_index_in_the_players_index_order(demo):
    """search.json lists the players as the index does: family names first (Abelard, Abelard-2,
    Abernethy, Adeyemi, Aubert), the handles among them; numbers in number order (Deleted
    account 2 before 10, as the index lists them)."""
    players = [item[0] for item in json.loads(demo["search.json"])["players"]]
    assert players[:7] == ["Zoé Abelard", "Olaf Abelard-2", "Soren Abernethy", "Femi Adeyemi",
                           "Victor Aubert", "Bakero4", "Bamodo94"]
    deleted = [name for name in players if name.startswith("Deleted")]
    assert deleted == [f"Deleted account {n}" for n in range(1, 11)]
    index = re.findall(r'<li><a href="/players/[^"]+/">([^<]+)</a></li>', demo["players/index.html"].decode())
    assert players == index


def test_movements_list_a_flows_players_by_family_name(site):
    """The small league's flow A -> A is a1, a2, a3; named Ann Young (Young), Ito Abe (written
    family name first: Ito) and Ada van Dam (van Dam), it lists Ito Abe, Ada van Dam ("van dam"
    < "young"), Ann Young; by the names alone it would be Ada, Ann, Ito."""
    players = (PLAYERS.replace("name: Ann,", "name: Ann Young, family_name: Young,")
               .replace("name: Abe,", "name: Ito Abe, family_name: Ito,")
               .replace("name: Ada,", "name: Ada van Dam, family_name: van Dam,"))
    season_2025 = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
                   "      - {name: A, players: [a1, a2, a3, b1, b2]}\n"
                   "  - name: B\n    groups:\n      - {name: B, players: [a4, a5, b3, b4, n1]}\n")
    root = site({"content/players.yaml": players,
                 "content/leagues/club/league.yaml": "name: Club league\nsettings:\n  top_division_groups: 1\n",
                 "content/leagues/club/seasons/2024.yaml": SEASON_2024,
                 "content/leagues/club/seasons/2025.yaml": season_2025})
    html = render(root / "content", None)["leagues/club/2025/movements/index.html"].decode()
    flow = re.search(r"<summary>Who \(3\)<span class=\"visually-hidden\"> · Division A → Division A"
                     r"</span></summary><p>(.*?)</p>", html)
    assert flow is not None
    assert _linked(flow.group(1)) == ["Ito Abe", "Ada van Dam", "Ann Young"]
