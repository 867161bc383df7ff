"""League rules on the site: settings and rule data validation, outcomes with rule ids,
restrictions table, movements page with its SVG flow, the final round's page.

The small league is the one of tests/small_league.py (hand-worked in test_next_season.py): in
every game the player listed first wins, so each group's order is by id. Settings: one group at
the top.
Season 2024: A = a1..a5, B = b1..b5. B.1: b1 (leader) promotes, B.3: b2; A's spots a1, a2 are
finalists; B.2: A demotes a4, a5 (as many as B promotes); the rest stay (B).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from fresh_renders import render
from sitegen.diagnostics import SitegenError
from sitegen.rulesets import load_content

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024  # noqa: E402
from rule_text import without_rule_links  # noqa: E402


def build(site, season_extra: str = "", league_yaml: str | None = None, **files: str):
    tree = {"content/players.yaml": PLAYERS,
            "content/leagues/club/league.yaml": league_yaml if league_yaml is not None else
            "name: Club league\nsettings:\n  top_division_groups: 1\n",
            "content/leagues/club/seasons/2024.yaml": SEASON_2024 + season_extra}
    tree.update(files)
    root = site(tree)
    # the pages' words, their rule ids as plain text (the links: tests/test_rule_links.py)
    return {path: without_rule_links(data.decode()).encode() if path.endswith(".html") else data
            for path, data in render(root / "content", None).items()}


def errors(site, **files: str) -> list[str]:
    tree = {"content/players.yaml": PLAYERS, **files}
    root = site(tree)
    with pytest.raises(SitegenError) as caught:
        load_content(root / "content")
    return [d.format() for d in caught.value.diagnostics]


def row_of(html: str, name: str) -> str:
    return next(line for line in html.splitlines() if f">{name}</a></th>" in line)


def test_season_page_shows_each_outcome_with_its_rule(site):
    """The final decision with the rules that made it, as visible text (not a tooltip)."""
    html = build(site)["leagues/club/2024/index.html"].decode()
    assert ("Stays in division A and plays the final round</span></span>: <span class=\"outcome-detail\">"
            "division A is the top division, with no division above it: its direct promotion spots "
            "are the places in the final round, which decides the champion (final round).") in row_of(html, "Ann")
    assert "Stays in division A</span></span>: <span class=\"outcome-detail\">middle position (B)." in row_of(html, "Ada")
    assert "Demoted to division B</span></span>: <span class=\"outcome-detail\">demotion spot by the criteria of D (B.2)." in row_of(html, "Al")
    assert "Promoted to division A</span></span>: <span class=\"outcome-detail\">group leader (B.1)." in row_of(html, "Bob")
    assert "next best by the criteria of D (B.3)." in row_of(html, "Ben")
    assert "differs" not in html and "organizers" not in html  # nothing recorded


def test_recorded_outcomes_are_shown_as_the_organizers_decision(site):
    """Recorded: b1 and b3 promoted. b3 (computed: stays, B) and b2 (computed: promoted, B.3;
    not recorded) show the recorded outcome as the organizers' decision; b1 agrees and keeps
    its rule. The comparison itself is for the organizers (a warning), not on the page."""
    season = SEASON_2024.replace("players: [b1, b2, b3, b4, b5]",
                                 "players: [b1, b2, b3, b4, b5]\n        promoted: [b1, b3]")
    files = build(site, **{"content/leagues/club/seasons/2024.yaml": season})
    html = files["leagues/club/2024/index.html"].decode()
    assert "Promoted to division A</span></span>: <span class=\"outcome-detail\">the organizers&#39; decision." in row_of(html, "Bea")
    assert "Stays in division B</span></span>: <span class=\"outcome-detail\">the organizers&#39; decision." in row_of(html, "Ben")
    assert "group leader (B.1)" in row_of(html, "Bob")
    assert "differs" not in html


def test_without_settings_the_season_page_shows_the_recorded_outcomes_only(site):
    html = build(site, league_yaml="name: Club league\n")["leagues/club/2024/index.html"].decode()
    assert "as recorded by the organizers" in html and "(B.1)" not in html


def test_restrictions_table(site):
    extra = ("restrictions:\n  - {weakest: 5k, strongest: 1k, highest: A, lowest: B}\n"
             "  - {weakest: 1d, highest: A, lowest: A}\n")
    html = build(site, extra)["leagues/club/2024/index.html"].decode()
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\w+)</td><td>(\w+)</td></tr>', html)
    assert rows == [("1d and stronger", "A", "A"), ("5k – 1k", "A", "B")]


def test_movements_page_has_an_svg_flow_and_the_same_flows_as_a_table(site):
    season_2025 = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
                   "      - {name: A, players: [a1, a2, a3, b1, b2]}\n"
                   "  - name: B\n    groups:\n      - {name: B, players: [a4, a5, b3, b4, n1]}\n")
    files = build(site, **{"content/leagues/club/seasons/2025.yaml": season_2025})
    html = files["leagues/club/2025/movements/index.html"].decode()
    assert "<svg" in html and not re.search(r"<script(?![^>]* src=)", html)  # drawn, not scripted
    assert html.count('<path d="M') == 6  # A->A, A->B, B->A, B->B, B->left, new->B
    assert "Division B → Division A: 2 players" in html
    flows = [(a, b, kind, count) for a, b, count, kind in re.findall(
        r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td><td class="num">(\d+)</td><td>([^<]+)</td>', html)]
    assert flows == [("Division A", "Division A", "same division", "3"), ("Division A", "Division B", "down", "2"),
                     ("Division B", "Division A", "up", "2"), ("Division B", "Division B", "same division", "2"),
                     ("Division B", "left the league", "left", "1"), ("new to the league", "Division B", "new", "1")]
    assert "2 up, 2 down, 5 in the same division, 1 new, 1 left" in html
    season_html = files["leagues/club/2025/index.html"].decode()
    assert 'href="/leagues/club/2025/movements/"' in season_html


def test_movements_labels_have_room_for_their_size(site):
    """The flow picture's text is 15 units of its 400 (FLOW_FONT; 12.8 px on a 360 px phone,
    where 12 units were 10.2 px) and each column of bars keeps the room of its longest label,
    9 units a character (FLOW_CHAR): left "New (1)" 7 characters, 63 units, the bars at
    63 + 4 = 67 (14 wide, ribbons from 81); right "Left (1)" 8 characters, 72 units, the bars
    at 400 - 72 - 4 - 14 = 310, labels from 328. Heads at either edge, one line (99 + 18 + 99 <=
    400), baseline 15; bars from 27 (15 + 12), 12 units a player, 18 between bars: A 27..87
    (label at 57), B 105..165 (135), new 183..195 (189); the picture is 195 + 16 = 211 high."""
    season_2025 = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
                   "      - {name: A, players: [a1, a2, a3, b1, b2]}\n"
                   "  - name: B\n    groups:\n      - {name: B, players: [a4, a5, b3, b4, n1]}\n")
    html = build(site, **{"content/leagues/club/seasons/2025.yaml": season_2025})[
        "leagues/club/2025/movements/index.html"].decode()
    assert '<svg viewBox="0 0 400 211"' in html
    assert re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)" class="flow-head">([^<]+)<', html) == [
        ("0", "15", "start", "Season 2024"), ("400", "15", "end", "Season 2025")]
    labels = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)" dominant-baseline="middle" '
                        r'class="flow-label">([^<]+)<', html)
    assert labels == [("63", "57", "end", "A (5)"), ("63", "135", "end", "B (5)"), ("63", "189", "end", "New (1)"),
                      ("328", "57", "start", "A (5)"), ("328", "135", "start", "B (5)"),
                      ("328", "189", "start", "Left (1)")]
    assert re.findall(r'<rect x="(\d+)" y="([\d.]+)" width="14" height="([\d.]+)"', html) == [
        ("67", "27", "60"), ("67", "105", "60"), ("67", "183", "12"),
        ("310", "27", "60"), ("310", "105", "60"), ("310", "183", "12")]


def test_movements_heads_too_long_for_one_line_take_two():
    """Two season names of 23 characters (207 units each, 207 + 18 + 207 > 400): the second
    goes on a line of its own, baseline 35; names of 11 share the first line."""
    from sitegen.pages.league_movements import _flow_heads, _room

    assert _room(["Autumn season 2024/2025"]) == 207 and _room(["New (1)", "A (5)"]) == 63 and _room([]) == 0
    assert [(h["x"], h["y"], h["anchor"]) for h in _flow_heads("Autumn season 2024/2025", "Spring season 2025/2026", 400)] == [
        (0, 15, "start"), (400, 35, "end")]
    assert [h["y"] for h in _flow_heads("Season 2024", "Season 2025", 400)] == [15, 15]


def test_movements_page_lists_a_flows_names_below_its_row_closed_when_many(site):
    """Issue 31: each flow's names are below its row, across the table, in a <details> whose
    summary gives the count; open for a flow of at most 10 (FLOW_NAMES_OPEN), closed above
    (a federation's flow of 400 names made a cell 88 px wide and 26,900 px tall on a phone).
    Eleven new players m1..m11 (M01..M11) and n1 join B: the flow new -> B has 12 names."""
    extra = [(f"m{i}", f"M{i:02}") for i in range(1, 12)]
    players = PLAYERS + "".join(f"  - {{id: {pid}, name: {name}, rank: 12k}}\n" for pid, name in extra)
    season_2025 = ("name: Season 2025\nstart: 2025-03-01\ndivisions:\n  - name: A\n    groups:\n"
                   "      - {name: A, players: [a1, a2, a3, b1, b2]}\n"
                   "  - name: B\n    groups:\n      - {name: B, players: [a4, a5, b3, b4, n1, "
                   + ", ".join(pid for pid, _ in extra) + "]}\n")
    files = build(site, **{"content/players.yaml": players,
                           "content/leagues/club/seasons/2025.yaml": season_2025})
    html = files["leagues/club/2025/movements/index.html"].decode()
    assert '<th scope="col">Who</th>' not in html  # no names column: the names span the table
    who = re.findall(r'<tr><td colspan="4"><details( open)?><summary>Who \((\d+)\)'
                     r'<span class="visually-hidden"> · ([^<]+)</span></summary><p>(.*?)</p>'
                     r'</details></td></tr>', html)
    flows = [(flow, bool(opened), int(count), re.findall(r'<a href="[^"]+">([^<]+)</a>', names))
             for opened, count, flow, names in who]
    assert flows == [
        ("Division A → Division A", True, 3, ["Abe", "Ada", "Ann"]),
        ("Division A → Division B", True, 2, ["Al", "Amy"]),
        ("Division B → Division A", True, 2, ["Ben", "Bob"]),
        ("Division B → Division B", True, 2, ["Bea", "Bo"]),
        ("Division B → left the league", True, 1, ["Bud"]),
        ("new to the league → Division B", False, 12, [name for _, name in extra] + ["Nia"])]
    # Every player of either season is listed once, each flow's list as long as its count.
    listed = [name for *_, names in flows for name in names]
    assert len(listed) == len(set(listed)) == 11 + 11
    assert all(count == len(names) for _, _, count, names in flows)
    # Each flow's row comes right before its names.
    assert html.count('<tr><td colspan="4">') == html.count('<tr><th scope="row">') == 6


def test_final_page_qualifiers_advantage_and_result(site):
    """Final round: A's direct promotion spots a1 (leader, B.1) and a2 (B.3) qualify; the
    defending champion a3 played A and is not in a demotion spot ([8]): third finalist.
    Advantaged positions ([7]): the champion is not a group leader, so both automatic
    qualifiers get +1. Games: a3 beats a1 and a2, a1 beats a2: a1 1+1 = 2, a2 0+1 = 1, a3 2."""
    extra = ("defending_champion: a3\nfinal:\n  games:\n"
             "    - {players: [a3, a1], winner: a3}\n    - {players: [a3, a2], winner: a3}\n"
             "    - {players: [a1, a2], winner: a1}\n")
    html = build(site, extra)["leagues/club/2024/final/index.html"].decode()
    rows = re.findall(r'<tr><th scope="row"><a href="[^"]+">(\w+)</a></th><td class="num">(\d+)</td><td>.*?<span class="rule">\(([^)]+)\)</span></td><td>(.*?)</td></tr>', html)
    rows = [(name, rule, adv, gp) for name, gp, rule, adv in rows]
    assert [(name, rule, "yes" in adv, gp) for name, rule, adv, gp in rows] == [
        ("Ada", "[8]", False, "2"), ("Ann", "B.1", True, "2"), ("Abe", "B.3", True, "1")]
    # a3 won two games: the champion ("the one to win two games"); the advantages of a1 and
    # a2 ([7]) only break a three-way tie.
    assert "<strong>Ada won the final round by winning two games (final round).</strong>" in html


def test_final_declined_leaves_a_void_title(site):
    """Declined: a1, a2 and a3. Nobody else of A is eligible: a4, a5 are in demotion spots
    (final round, B.5): fewer than three players, the title is void."""
    extra = "final:\n  declined: [a1, a2, a3]\n"
    files = build(site, extra)
    assert "The title is void this season." in files["leagues/club/2024/final/index.html"].decode()
    # ... and the season page has nobody playing it: a1, a2 keep their spots' words only.
    season_page = files["leagues/club/2024/index.html"].decode()
    assert "plays the final round" not in season_page
    assert "Stays in division A</span></span>: <span class=\"outcome-detail\">division A is the top division, with no division above it: its direct promotion spots are the places in the final round, which decides the champion (final round)." in row_of(season_page, "Ann")


def test_settings_and_rule_data_errors_are_positioned(site):
    found = errors(site, **{
        "content/leagues/club/league.yaml": "name: Club\nsettings:\n  fixed_promotion_per_group: 2\n"
                                            "  extra_demotions: sometimes\n",
        "content/leagues/club/seasons/2024.yaml": SEASON_2024 + (
            "restrictions:\n  - {weakest: 5k, highest: A}\n  - {weakest: 10k, strongest: 4k, highest: B}\n"
            "final:\n  champion: b1\n")})
    assert found[0] == ("content/leagues/club/league.yaml:3:3: error: unknown key 'fixed_promotion_per_group' "
                        "in league settings; did you mean 'fixed_promotions_per_group'? [schema.unknown-key]")
    assert found[1].startswith("content/leagues/club/league.yaml:4:20: error: extra_demotions: ")
    assert "expected one of: per-group-of-ten, per-ten-players, none" in found[1]
    assert any(line.startswith("content/leagues/club/seasons/2024.yaml:") and "overlap" in line
               and "[league.restrictions]" in line for line in found)
    assert any("champion 'b1' did not play division A this season" in line for line in found)


def test_a_season_of_many_groups_shows_a_row_per_group(site, monkeypatch):
    """Above SEASON_GROUP_TABLES groups (here 1; the small league has 2) the season page shows
    one row per group: its link, its leader (Ann, Bob: the first listed wins every game, 4
    gamepoints), and each player with an outcome (Ann and Abe play the final round; Al and Amy are
    demoted; Bob and Ben promoted: tests/test_next_season.py); the tables stay on the group
    pages."""
    import sitegen.pages.league as league

    monkeypatch.setattr(league, "SEASON_GROUP_TABLES", 1)
    files = build(site)
    html = files["leagues/club/2024/index.html"].decode()
    assert 'class="standings compact"' not in html and "group-card" not in html
    rows = re.findall(r'<tr id="(g-\d-\d)"><th scope="row"><a href="([^"]+)">([^<]+)</a></th>'
                      r'<td>(.*?)</td><td class="num">([^<]*)</td><td>(.*?)</td></tr>', html)
    assert [(r[0], r[1], r[2], re.sub(r"<[^>]+>", "", r[3]), r[4]) for r in rows] == [
        ("g-1-1", "/leagues/club/2024/a/", "A", "Ann", "4"), ("g-2-1", "/leagues/club/2024/b/", "B", "Bob", "4")]
    assert [re.sub(r"<[^>]+>", "", r[5]) for r in rows] == [
        "★ final round Ann, ★ final round Abe, ▼ demoted Al, ▼ demoted Amy", "▲ promoted Bob, ▲ promoted Ben"]
    assert '<li><a href="#div-2">Division B</a></li>' in html  # the jump list: one group each
    # the group pages keep their whole tables
    assert 'class="standings' in files["leagues/club/2024/a/index.html"].decode()
    monkeypatch.setattr(league, "SEASON_GROUP_TABLES", 2)
    assert 'group-card' in build(site)["leagues/club/2024/index.html"].decode()


def test_a_league_folder_named_rules_is_refused(site):
    """leagues/rules/ is the league rules page (urls.LEAGUE_RULES): a league there would
    overwrite it, so the folder name is an error with its position."""
    found = errors(site, **{"content/leagues/rules/league.yaml": "name: Rules\n"})
    assert found == ["content/leagues/rules:1:1: error: a league folder may not be named 'rules'; "
                     "leagues/rules/ is the page that explains the league rules; rename the folder "
                     "[league.name]"]
