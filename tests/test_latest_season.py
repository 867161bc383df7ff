"""A player's latest seasons first, and a group page's "=" legend that stands on its own (stop
48's newcomer check, issue 31).

- Player page: at 360 px the first screen was the division chart and head to head; the last
  season's outcome (promoted / stays / demoted, group, place) came well down the page. Now a
  "Latest season" section, one line per league, comes after the current competitions and
  before the overview (``sitegen.pages.players.latest_seasons``). It is also what the page
  means by a player's division when no season is being played: the division of their latest
  season, named with the season (docs/league-rules.md, "A player's page").
- Group page: the legend said "equal on every criterion below", the criteria explained at the
  page's end; it now names them and links to their explanation (D.1).

Content: tests/league_trees.py's season 2024 (worked by hand there: B promotes b1 by B.1 and b2
by B.3, A demotes a4 and a5 by B.2, a1 and a2 play the final round) and a season 2025 of the
players as moved: A = a1 a2 a3 b1 b2, B = a4 a5 b3 b4 b5 b6, each a "perfect" group (the
player listed first beats every later one). By hand, 2025: A demotes its last two, b1 (Bob,
place 4 of 5) and b2 (Ben, place 5), as B promotes two (B.2); B promotes a4 (Al, place 1 of 6,
the group's winner, B.1) and a5 (Amy, place 2, B.3); a1 (Ann) and a2 play the final round
(final round). The tie: tests/test_league_outcomes.py's b2, b3, b4 level on D.1 and D.2 (place
2 shared). Browser checks of the first screen: tests/browser/test_newcomer49.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from sitegen.pages.league import PLAYER_SECTION
from sitegen.pages.players import (LATEST_TEMPLATE, NOW_TEMPLATE, OVERVIEW_TEMPLATE, _with_latest,
                                   latest_seasons)
from sitegen.plan import PlayerSection

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, group, perfect, season, tree  # noqa: E402
from test_league_outcomes import CYCLE, TIE_PLAYERS  # noqa: E402
from test_languages import _site_in as built_in, _words as words  # noqa: E402

A25 = ["a1", "a2", "a3", "b1", "b2"]
B25 = ["a4", "a5", "b3", "b4", "b5", "b6"]
TWO_SEASONS = tree(season(group("A", A, perfect(A)), group("B", B, perfect(B))), **{
    "leagues/club/seasons/2025.yaml": season(group("A", A25, perfect(A25)), group("B", B25, perfect(B25)),
                                             name="Season 2025", start="2025-01-01")})
TIE = {**tree(season(group("A", A, perfect(A)), group("B", B, CYCLE))), "content/players.yaml": TIE_PLAYERS}


def latest_lines(page: bytes) -> tuple[str, list[str]]:
    """Return the latest seasons' heading and lines (their words) of a player page."""
    found = re.search(r'<section class="player-section latest-section"[^>]*>\s*<h2[^>]*>(.*?)</h2>'
                      r'\s*<ul class="latest">(.*?)</ul>', page.decode(), re.S)
    assert found, "no latest seasons' section"
    return words(found[1]), [words(item) for item in re.findall(r"<li>(.*?)</li>", found[2], re.S)]


def latest_html(page: bytes) -> str:
    """Return the latest seasons' section of a player page (HTML)."""
    return re.search(r'<section class="player-section latest-section".*?</section>', page.decode(), re.S)[0]


def section_ids(page: bytes) -> list[str]:
    """Return the anchors of a player page's sections, in page order."""
    body = page.decode().split('<div class="player-sections">', 1)[1]
    return re.findall(r'^<div id="([^"]+)">$', body, re.M)


# --------------------------------------------------------------------------- the words, en/pl/fr

LATEST = {
    "en": ("Latest season", {
        "b1": "Club league · Season 2025: Division A, group A: place 4 of 5 · ▼ Demoted to division B",
        "a4": "Club league · Season 2025: Division B, group B: place 1 of 6 · ▲ Promoted to division A",
        "a1": ("Club league · Season 2025: Division A, group A: place 1 of 5 · ★ Stays in division A "
               "and plays the final round")}),
    "pl": ("Ostatni sezon", {
        "b1": "Club league · Season 2025: Dywizja A, grupa A: miejsce 4 z 5 · ▼ Spadek do dywizji B",
        "a4": "Club league · Season 2025: Dywizja B, grupa B: miejsce 1 z 6 · ▲ Awans do dywizji A"}),
    "fr": ("Dernière saison", {
        "b1": ("Club league · Season 2025\u00a0: Division A, groupe A\u00a0: place 4 sur 5 · ▼ Descend "
               "en division B"),
        "a4": ("Club league · Season 2025\u00a0: Division B, groupe B\u00a0: place 1 sur 6 · ▲ Monte "
               "en division A")}),
}


@pytest.mark.parametrize("code", sorted(LATEST))
def test_a_players_page_says_their_latest_season_first(tmp_path, code):
    """Bob (b1) finished 4th of 5 in division A of season 2025 and is demoted (B.2); Al (a4)
    won group B and is promoted (B.1); Ann (a1) won A and plays the final round. Each page
    says so in its first section, before the overview (division chart) and the seasons, and
    the line links to the season's section on the page and to the group."""
    files = built_in(tmp_path, code, TWO_SEASONS)
    heading, expected = LATEST[code]
    for player, line in expected.items():
        page = files[f"players/{player}/index.html"]
        assert latest_lines(page) == (heading, [line])
        assert section_ids(page) == ["latest", "overview", "league-club-2025", "league-club-2024"]
        assert '<a href="#league-club-2025">Club league' in page.decode()
    assert '<a href="/leagues/club/2025/a/">' in latest_html(files["players/b1/index.html"])


STAYS = {"en": "Club league · Season 2025: Division A, group A: place 3 of 5 · Stays in division A",
         "pl": "Club league · Season 2025: Dywizja A, grupa A: miejsce 3 z 5 · Pozostanie w dywizji A",
         "fr": ("Club league · Season 2025\u00a0: Division A, groupe A\u00a0: place 3 sur 5 · Se maintient "
                "en division A")}


@pytest.mark.parametrize("code", sorted(STAYS))
def test_stays_has_no_mark_after_the_lines_dot(tmp_path, code):
    """Ann Three (a3) finished 3rd of 5 in division A of season 2025: neither demoted (the last
    two, B.2) nor in the final round (the first two): she stays. The line says so without the
    "stays" mark "•", which after the line's "·" read as a second separator (stop 51's review:
    "place 5 of 8 · • Stays in division D"); Bob's (b1) ▼ is kept."""
    files = built_in(tmp_path, code, TWO_SEASONS)
    page = files["players/a3/index.html"]
    assert latest_lines(page)[1] == [STAYS[code]]
    assert "•" not in latest_html(page)
    assert "▼" in latest_html(files["players/b1/index.html"])


def test_a_player_of_one_season_gets_no_summary_above_that_season(tmp_path):
    """Season 2024 alone: no overview (one season, no opponent met twice), so the season's own
    section comes first; a summary of it above would only repeat it (the small site's pages)."""
    files = built_in(tmp_path, "en", tree(season(group("A", A, perfect(A)), group("B", B, perfect(B)))))
    page = files["players/b1/index.html"]
    assert section_ids(page) == ["league-club-2024"]
    assert b"latest-section" not in page


# --------------------------------------------------------------------------- the rule, by hand

def league(league_id: str, season_id: str, in_progress: bool = False) -> PlayerSection:
    return PlayerSection(PLAYER_SECTION, (), {
        "league_id": league_id, "season_id": season_id, "league": league_id.title(),
        "season": season_id, "in_progress": in_progress})


def test_latest_seasons_takes_each_leagues_newest_season_unless_it_is_being_played():
    """Newest first: league x's 2025 (in progress: its card says where the player stands; the
    older 2024 is not shown instead), league y's 2024 (its 2023 older); a tournament section
    is no league season. What "current division" means after a season: the latest season's."""
    other = PlayerSection("partials/player_tournament.html", (), {"name": "Cup"})
    sections = [league("x", "2025", in_progress=True), other, league("y", "2024"),
                league("x", "2024"), league("y", "2023")]
    latest = latest_seasons(sections)
    assert latest is not None and latest.template == LATEST_TEMPLATE
    assert [(s["league_id"], s["season_id"], s["anchor"]) for s in latest.data["seasons"]] == [
        ("y", "2024", "league-y-2024")]
    assert latest_seasons([league("x", "2025", in_progress=True), other]) is None
    assert latest_seasons([]) is None


def test_the_summary_goes_after_the_current_competitions_and_before_the_overview():
    now = PlayerSection(NOW_TEMPLATE, (), {"cards": []})
    overview = PlayerSection(OVERVIEW_TEMPLATE, (), {})
    x25, y24 = league("x", "2025", in_progress=True), league("y", "2024")
    shown = _with_latest([now, overview, x25, y24])
    assert [s.template for s in shown] == [NOW_TEMPLATE, LATEST_TEMPLATE, OVERVIEW_TEMPLATE,
                                           PLAYER_SECTION, PLAYER_SECTION]
    # no overview: the summary of y 2024 would stand right above y 2024's own section
    assert _with_latest([y24]) == [y24]
    assert _with_latest([now, y24]) == [now, y24]
    # ... but not when another section comes between (two leagues' latest seasons)
    z23 = league("z", "2023")
    assert [s.template for s in _with_latest([y24, z23])] == [LATEST_TEMPLATE, PLAYER_SECTION, PLAYER_SECTION]


# --------------------------------------------------------------------------- the group's legend

LEGEND = {
    "en": ("= Players marked with = share their place: they are level on each criterion the table "
           "is ordered by (D.1): Gamepoints (GP), Sum of defeated opponents' scores (SODOS), "
           "Gamepoints among tied players (Tied GP). See “How the table is ordered”."),
    "pl": ("= Gracze oznaczeni = dzielą miejsce: są równi w każdym kryterium, według którego "
           "uporządkowana jest tabela (D.1): Punkty (Pkt), Suma punktów pokonanych przeciwników "
           "(SODOS), Punkty w grach między graczami ex aequo (Pkt ex aequo). Zob. „Jak ustalana jest "
           "kolejność”."),
    "fr": ("= Les joueurs marqués = partagent leur place\u00a0: ils sont à égalité sur chaque critère "
           "qui ordonne le tableau (D.1)\u00a0: Points de parties (Pts), Somme des scores des "
           "adversaires battus (SODOS), Points entre joueurs ex æquo (Pts ex æquo). Voir « Comment "
           "le classement est établi »."),
}


@pytest.mark.parametrize("code", sorted(LEGEND))
def test_the_shared_place_legend_names_the_criteria_and_links_to_them(tmp_path, code):
    """Group B of the tie: b2, b3, b4 share place 2 (level on D.1's three criteria and D.2's
    rank). The legend under the table names the three criteria with their columns' headings,
    cites D.1 as a link to the rules page, and links to the section that explains them."""
    page = built_in(tmp_path, code, TIE)["leagues/club/2024/b/index.html"].decode()
    legend = re.search(r'<p class="note shared-legend">(.*?)</p>', page, re.S)[1]
    assert words(legend) == LEGEND[code]
    assert '<a class="rule-id" href="/leagues/rules/#rule-D-1">D.1</a>' in legend
    assert '<a href="#criteria-h">' in legend and '<h2 id="criteria-h">' in page
    # the legend comes right under the table, before the crosstable and the criteria's section
    assert page.index("shared-legend") < page.index('id="cross-h"') < page.index('id="criteria-h"')
