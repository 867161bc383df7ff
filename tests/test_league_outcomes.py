"""One decision per player, shown everywhere (league rules, issue 14), on small content trees.

Each case is a season of tests/league_trees.py (A = a1..a5, B = b1..b6, perfect orders unless
said; worked by hand there and below): the decision with its rules must read the same on the
season page, the group page, the player's page, in standings.json and in ``sitegen league
next-season``'s output. Cases: a division falling below 5 (E.1), C.2 and C.3 moves, an
unfinished and an empty season, a three-way tie on a promotion line with and without a
playoff (and decided by the organizers' record), the withdrawal-void setting, recorded outcomes
that differ (warnings), the final round's result, and D.2's data in content.
"""

from __future__ import annotations

import csv
import html as markup
import json
import re
import sys
from pathlib import Path

from fresh_renders import render

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, LEAGUE, PLAIN, PLAYERS, group, perfect, season, tree  # noqa: E402
from rule_text import without_rule_links  # noqa: E402

SIGNUPS_ALL = "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, b6]\n"


def pages(site, files: dict[str, str]) -> dict[str, bytes]:
    root = site(files)
    return words_of(render(root / "content", None))


def words_of(built: dict[str, bytes]) -> dict[str, bytes]:
    """Return the built files, the pages' rule ids as plain text (the links:
    tests/test_rule_links.py)."""
    return {path: without_rule_links(data.decode()).encode() if path.endswith(".html") else data
            for path, data in built.items()}


def cell(text: str) -> str:
    """Return the outcome sentence of one table row or player section: headline: detail."""
    found = re.search(r'<span class="outcome-headline">(.*?)</span></span>'
                      r'(?:: <span class="outcome-detail">(.*?)</span>)?', text)
    assert found, text
    head, detail = found.groups()
    return markup.unescape(f"{head}: {detail}" if detail else head)


def row(html: str, name: str) -> str:
    """Return the table row (``<tr>...</tr>``, on one line or several) of player ``name``."""
    return next(tr for tr in re.findall(r"<tr.*?</tr>", html, re.S) if f">{name}</a></th>" in tr)


def everywhere(built: dict[str, bytes], player: str, name: str, group_id: str,
               season_id: str = "2024") -> set[str]:
    """Return the player's outcome sentences on the season page, the group page, the player
    page and in standings.json (one element when they all agree)."""
    base = f"leagues/club/{season_id}/"
    season_page = built[base + "index.html"].decode()
    group_page = built[base + f"{group_id}/index.html"].decode()
    player_page = built[f"players/{player}/index.html"].decode()
    section = next(line for line in player_page.splitlines()
                   if f'/leagues/club/{season_id}/{group_id}/">group' in line)
    rows = json.loads(built[base + f"{group_id}/standings.json"])["rows"]
    data = next(r for r in rows if r["id"] == player)
    return {cell(row(season_page, name)), cell(row(group_page, name)), cell(section),
            data["outcome_text"]}


# --------------------------------------------------------------------------- E.1


E1 = season(group("A", A, perfect(A)), group("B", B, perfect(B), "withdrawn: [b5, b6]"))
"""b5, b6 withdrew (B.4). B promotes b1 (B.1), b2 (B.3); A demotes a4, a5 (B.2). Left for B:
a4, a5, b3, b4: fewer than 5 (A.i.2), so E.1 keeps them all in A, which holds 9 in one group."""
A4_E1 = ("Stays in division A: demotion spot by the criteria of D (B.2), cancelled by E.1: only 4 "
         "players would be left below division A, fewer than the 5 that A.i.2 requires.")


def test_e_1_a_division_falling_below_5_one_decision_everywhere(site, run):
    """The season page once said 'a4 demoted to B (B.2)' while next-season kept a4 in A by
    E.1: now the season, group and player pages, standings.json and next-season agree."""
    signups = "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]\nwithdrawn: [b5, b6]\n"
    built = pages(site, tree(E1, **{"leagues/club/signups/2025.yaml": signups}))
    assert everywhere(built, "a4", "Al", "a") == {A4_E1}
    b3 = ("Promoted to division A: middle position (B); then moved up by E.1: only 4 players "
          "would be left below division A, fewer than the 5 that A.i.2 requires.")
    assert everywhere(built, "b3", "Bea", "b") == {b3}
    assert everywhere(built, "b5", "Bud", "b") == {
        "Withdrew: the place is forfeited and not passed on (B.4)."}
    data = json.loads(built["leagues/club/2024/a/standings.json"])
    a4 = next(r for r in data["rows"] if r["id"] == "a4")
    assert (data["final"], a4["outcome"], a4["to_division"], a4["rules"]) == (True, "stays", "A", ["B.2", "E.1"])
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    lines = out.splitlines()
    assert f"a4: {A4_E1}" in lines and f"b3: {b3}" in lines
    # a withdrawal during the season (b5 in B's withdrawn list) in the pages' words (B.4)
    assert "b5: Withdrew: the place is forfeited and not passed on (B.4)." in lines
    assert len([line for line in lines if line.startswith("a4: ")]) == 1  # one line per player
    assert lines[-1] == "wrote content/leagues/club/seasons/2025.yaml: A: A (9)"


def test_without_sign_ups_every_player_who_did_not_withdraw_returns(site):
    """The same season without a sign-ups file: the outcomes assume b5, b6 (withdrawn) leave
    and everyone else returns, which here is what the sign-ups above say: the same decision."""
    built = pages(site, tree(E1))
    assert everywhere(built, "a4", "Al", "a") == {A4_E1}
    # the season is over (every game played): the note says so, and speaks of no sign-ups
    # still to come (stop 47's newcomer check)
    page = built["leagues/club/2024/index.html"].decode()
    assert ("The season is over and the next one has not been entered yet: the outcomes are "
            "worked out as if every player who did not withdraw plays it, with no new players.") in page
    assert "sign-ups" not in page


def test_without_sign_ups_the_next_season_says_who_returned(site):
    """No sign-ups file, but season 2025 is entered: its players are the sign-ups after 2024.
    b5, b6 are not in it: they withdrew (B.4). b9 is new: below A there are now a4, a5, b3,
    b4 and b9, five players, enough for a division (A.i.2), so unlike the assumption of the
    test above E.1 has nothing to cancel and a4 is demoted (B.2). The page says where the
    players come from."""
    later = season(group("A", A + ["b1", "b2", "b3", "b4"], []), group("B", ["b9"], []),
                   name="Season 2025", start="2025-01-01")
    files = tree(E1, **{"leagues/club/seasons/2025.yaml": later})
    files["content/players.yaml"] += "  - {id: b9, name: Bea Nine, rank: 9k}\n"
    built = pages(site, files)
    assert everywhere(built, "a4", "Al", "a") == {
        "Demoted to division B: demotion spot by the criteria of D (B.2)."}
    assert everywhere(built, "b5", "Bud", "b") == {
        "Withdrew: the place is forfeited and not passed on (B.4)."}
    # one fact, one wording: not playing the next season is no withdrawal ("Withdrew" is b5's
    # and b6's, who withdrew during the season)
    assert ("The outcomes are worked out from who played the next season, Season 2025: its new "
            "players included; the spot of a player who did not play it is not passed on (B.4).") \
        in built["leagues/club/2024/index.html"].decode()


# --------------------------------------------------------------------------- C.2, C.3


def test_c_2_a_promotion_by_rank_overrides_a_demotion(site):
    """a3 withdrew (B.4), so A keeps 4 assured players (a1, a2 finalists; b1, b2 promoted) of
    its previous 5 (A.i.5): one space (C.5). Band 1d and stronger: highest division A (C.4):
    a4 (1d), demoted by B.2, is promotable and takes it (C.2); a5 (1k) goes down."""
    text = season(group("A", A, perfect(A), "withdrawn: [a3]"), group("B", B, perfect(B)),
                  "restrictions:\n  - {weakest: 1d, highest: A}\n")
    built = pages(site, tree(text))
    assert everywhere(built, "a4", "Al", "a") == {
        "Stays in division A: demotion spot by the criteria of D (B.2), cancelled by C.2: a "
        "promotion by rank overrides the demotion, as division A has space under C.5."}
    assert everywhere(built, "a5", "Amy", "a") == {
        "Demoted to division B: demotion spot by the criteria of D (B.2)."}


def test_c_3_a_forced_promotion_by_rank(site, run):
    """Band 4k: highest and lowest division A. b3 (4k), in a middle position of B, may not be
    placed below A: forced promotion (C.3). A: a1 a2 a3 b1 b2 b3; B: a4 a5 b4 b5 b6."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B)),
                  "restrictions:\n  - {weakest: 4k, strongest: 4k, highest: A, lowest: A}\n")
    built = pages(site, tree(text, **{"leagues/club/signups/2025.yaml": SIGNUPS_ALL}))
    b3 = ("Promoted by rank to division A: middle position (B); then moved up by C.3: rank 4k may "
          "not be placed below division A: forced promotion.")
    assert everywhere(built, "b3", "Bea", "b") == {b3}
    status, out, _ = run("league", "next-season", "club")
    assert status == 0 and f"b3: {b3}" in out.splitlines()
    assert out.splitlines()[-1] == "wrote content/leagues/club/seasons/2025.yaml: A: A (6); B: B (5)"


# --------------------------------------------------------------------------- provisional, empty


def test_an_unfinished_season_shows_provisional_outcomes(site, run):
    """b5 - b6 is still to play: 'if the season ended today' on every page and in the JSON
    ('final': false); no warning for the organizers yet."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B, skip=(("b5", "b6"),))))
    built = pages(site, tree(text))
    assert everywhere(built, "b1", "Bob", "b") == {
        "Promoted to division A if the season ended today: group leader (B.1)."}
    assert everywhere(built, "a1", "Ann", "a") == {
        "Stays in division A and plays the final round if the season ended today: division A "
        "is the top division, with no division above it: its direct promotion spots are the "
        "places in the final round, which decides the champion (final round)."}
    html = built["leagues/club/2024/index.html"].decode()
    assert "<strong>Provisional: 1 game is still to play. The outcomes below are those the " \
           "league rules give if the season ended today.</strong>" in html
    data = json.loads(built["leagues/club/2024/b/standings.json"])
    assert (data["final"], data["status"]) == (False, "provisional")
    status, out, err = run("check")
    assert status == 0 and "warning" not in out + "".join(err)


def test_a_season_with_no_game_played_shows_no_outcome(site):
    """Season 2025 has its groups and no game: no finalist, no promotion, no demotion."""
    empty = season(group("A", A, []), group("B", B, []), "defending_champion: a1\n",
                   name="Season 2025", start="2025-01-01")
    built = pages(site, tree(PLAIN, **{"leagues/club/seasons/2025.yaml": empty}))
    for page in ("index.html", "a/index.html", "final/index.html"):
        html = built[f"leagues/club/2025/{page}"].decode()
        assert "No game of this season has been played yet, so no outcome is shown." in html
        assert not re.search(r"[Ff]inalist|[Pp]romoted|[Dd]emoted|plays the final", html)
    data = json.loads(built["leagues/club/2025/a/standings.json"])
    assert (data["final"], data["status"]) == (False, "empty")
    assert {r["outcome"] for r in data["rows"]} == {None}
    player_page = built["players/a4/index.html"].decode().splitlines()
    section = next(line for line in player_page if '/leagues/club/2025/a/">group' in line)
    assert "outcome" not in section


# --------------------------------------------------------------------------- ties (D.2)


TIE_PLAYERS = PLAYERS.replace("rank: 4k}", "rank: 3k}").replace("rank: 5k}", "rank: 3k}")
"""b2, b3 and b4 are all 3k, without ratings: equal on D.2."""
CYCLE = ([("b1", p) for p in B[1:]] + [("b2", "b3"), ("b3", "b4"), ("b4", "b2")]
         + [(w, loser) for w in ("b2", "b3", "b4") for loser in ("b5", "b6")] + [("b5", "b6")])
"""b1 beats all; b2 > b3 > b4 > b2; each of them beats b5 and b6; b5 > b6. b2, b3, b4: 3
gamepoints, SODOS 3 + 1 = 4, 1 gamepoint among them: equal on D.1."""


def tie_tree(extra: str = "", record: str = "", **more: str) -> dict[str, str]:
    files = tree(season(group("A", A, perfect(A)), group("B", B, CYCLE, record), extra), **more)
    files["content/players.yaml"] = TIE_PLAYERS
    return files


def test_three_way_tie_on_the_promotion_line_is_undecided_warned_and_refused(site, run):
    """B.3: the second promotion of B goes to one of b2, b3, b4, equal on every criterion of D:
    undecided (never by id) on every page, a warning of check naming the tie with the YAML to
    add, and next-season refuses to place them, writing nothing."""
    root = site(tie_tree(**{"leagues/club/signups/2025.yaml": SIGNUPS_ALL}))
    built = words_of(render(root / "content", None))
    for player, name, others in (("b2", "Ben", "Bea and Bo"), ("b3", "Bea", "Ben and Bo"),
                                 ("b4", "Bo", "Bea and Ben")):  # by name
        assert everywhere(built, player, name, "b") == {
            f"Undecided: promoted to division A or stays in division B: level with {others} on "
            f"everything the table is ordered by (D.1), so a playoff (D.2) will decide who gets one "
            f"promotion spot (B.3)."}
    data = json.loads(built["leagues/club/2024/b/standings.json"])
    assert [r["outcome"] for r in data["rows"]] == ["promoted", "undecided", "undecided",
                                                    "undecided", "stays", "stays"]
    text = (root / "content/leagues/club/seasons/2024.yaml").read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "players: [b1, b2" in t)
    column = text.splitlines()[line - 1].index("b2") + 1
    where = f"content/leagues/club/seasons/2024.yaml:{line}:{column}"
    message = ("b2, b3 and b4 are equal on every criterion of D for one promotion spot (B.3) in "
               "division B, which only a playoff can decide (D.2)")
    status, out, err = run("check")
    assert status == 0
    assert err == [f"{where}: warning: {message}; enter the playoff's result in this season "
                   "file, 1 the winner: 'playoffs: {b2: 1, b3: 2, b4: 3}' [league.tie]"]
    assert run("check", "--strict")[0] == 1
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err[0] == (f"{where}: error: {message}: their places in the next season are not "
                      "decided; enter the playoff's result in this season file, 1 the winner, "
                      "e.g. 'playoffs: {b2: 1, b3: 2, b4: 3}', then run the command again [league.tie]")
    assert not (root / "content/leagues/club/seasons/2025.yaml").exists()


def test_an_undecided_tie_is_not_decided_in_standings_json_or_the_csv_d_2(site):
    """The B.3 tie of b2, b3, b4 above: the engine goes on with them by id (b2 first), which is
    no rule, so no field of the data may say who took the spot. Each tied row: outcome
    'undecided', to_division and finalist null, rules the tie's (B.3, D.2), and the same two
    choices, worked by hand: promoted to A (B.3 spot) or stays in B (middle position). The CSV
    twin says the same: empty cells, the choices as JSON."""
    built = pages(site, tie_tree())
    rows = {r["id"]: r for r in json.loads(built["leagues/club/2024/b/standings.json"])["rows"]}
    choices = [{"outcome": "promoted", "to_division": "A", "finalist": False},
               {"outcome": "stays", "to_division": "B", "finalist": False}]
    for player in ("b2", "b3", "b4"):
        row = rows[player]
        assert (row["outcome"], row["to_division"], row["finalist"], row["rules"],
                row["choices"]) == ("undecided", None, None, ["B.3", "D.2"], choices), player
    assert (rows["b1"]["to_division"], rows["b1"]["rules"], rows["b1"]["choices"]) == (
        "A", ["B.1"], None)
    lines = built["leagues/club/2024/b/standings.csv"].decode().splitlines()
    header = next(csv.reader(lines[:1]))
    cells = {r[header.index("id")]: dict(zip(header, r)) for r in csv.reader(lines[1:])}
    for player in ("b2", "b3", "b4"):
        assert (cells[player]["to_division"], cells[player]["finalist"],
                cells[player]["rules"]) == ("", "", "B.3 D.2")
        assert cells[player]["choices"] == " ".join(json.dumps(c, sort_keys=True) for c in choices)


def test_an_undecided_place_in_the_final_round_names_no_finalist_in_standings_json(site):
    """A: a1 beats all; a2 > a3 > a4 > a2; each of them beats a5. a2, a3, a4: 2 gamepoints,
    SODOS 1 + 0 = 1 each (a win over one of the cycle, one over a5), 1 among them, all 1d:
    equal on every criterion of D. They share A's second direct spot (the final round, B.3)
    and, B promoting b1 and b2, A's second demotion spot with a5 (B.2). Every order of the
    three is a way (a playoff): first plays the final round and stays, second stays, third is
    demoted to B (A keeps 5: a1, two of them, b1, b2). So each of them: finalist in A, or
    stays in A, or demoted to B; finalist null, to_division null."""
    games = ([("a1", p) for p in A[1:]] + [("a2", "a3"), ("a3", "a4"), ("a4", "a2")]
             + [(w, "a5") for w in ("a2", "a3", "a4")])
    files = tree(season(group("A", A, games), group("B", B, perfect(B))))
    files["content/players.yaml"] = PLAYERS.replace("{id: a2, name: Abe, rank: 2d}",
                                                    "{id: a2, name: Abe, rank: 1d}")
    built = pages(site, files)
    rows = {r["id"]: r for r in json.loads(built["leagues/club/2024/a/standings.json"])["rows"]}
    choices = [{"outcome": "stays", "to_division": "A", "finalist": True},
               {"outcome": "stays", "to_division": "A", "finalist": False},
               {"outcome": "relegated", "to_division": "B", "finalist": False}]
    for player in ("a2", "a3", "a4"):
        row = rows[player]
        assert (row["outcome"], row["to_division"], row["finalist"], row["choices"]) == (
            "undecided", None, None, choices), player
        assert row["rules"][-1] == "D.2" and "final round" not in row["rules"][:-2]
    assert (rows["a1"]["finalist"], rows["a5"]["to_division"]) == (True, "B")


def test_three_way_tie_decided_by_a_playoff(site, run):
    """playoffs: b3 won (D.2, last criterion): b3 takes the B.3 spot, b2 and b4 stay; no warning."""
    root = site(tie_tree("playoffs: {b3: 1, b2: 2, b4: 3}\n",
                         **{"leagues/club/signups/2025.yaml": SIGNUPS_ALL}))
    built = words_of(render(root / "content", None))
    assert everywhere(built, "b3", "Bea", "b") == {
        "Promoted to division A: next best by the criteria of D (B.3), decided by a playoff "
        "(D.2)."}
    assert everywhere(built, "b2", "Ben", "b") == {"Stays in division B: middle position (B)."}
    # The table shows the places as the playoff broke them (b3, b2, b4), none shared; without
    # the playoff the three share the second place (tie_tree(): the same places, shared).
    rows = json.loads(built["leagues/club/2024/b/standings.json"])["rows"]
    assert [(r["id"], r["place"], r["shared"]) for r in rows] == [
        ("b1", 1, False), ("b3", 2, False), ("b2", 3, False), ("b4", 4, False),
        ("b5", 5, False), ("b6", 6, False)]
    status, out, err = run("check")
    assert (status, err) == (0, [])
    status, out, _ = run("league", "next-season", "club")
    assert status == 0 and ("b3: Promoted to division A: next best by the criteria of D (B.3), "
                            "decided by a playoff (D.2).") in out
    assert "players: [a1, a2, a3, b1, b3]" in (root / "content/leagues/club/seasons/2025.yaml").read_text()
    shared = json.loads(pages(site, tie_tree())["leagues/club/2024/b/standings.json"])["rows"]
    assert [(r["id"], r["place"], r["shared"]) for r in shared][1:4] == [
        ("b2", 2, True), ("b3", 2, True), ("b4", 2, True)]


def test_three_way_tie_decided_by_the_organizers_record(site, run):
    """Recorded promoted: b1, b4. The record orders the tied b2, b3, b4 (the organizers'
    decision of a tie the rules leave open): b4 takes the spot, said so; nothing to warn."""
    built = pages(site, tie_tree(record="promoted: [b1, b4]"))
    assert everywhere(built, "b4", "Bo", "b") == {
        "Promoted to division A: next best by the criteria of D (B.3); level with Bea and Ben on "
        "everything the table is ordered by (D.1), so the organizers decided who gets one promotion "
        "spot (B.3)."}
    status, out, err = run("check")
    assert (status, err) == (0, [])


def test_a_partial_record_does_not_decide_the_tie_check_and_next_season_agree(site, run):
    """Recorded promoted: b1 only, no relegated list. A player not in the lists of a group
    that has lists is recorded as staying (docs/league-rules.md, "Recorded outcomes"): the
    record keeps b2, b3 and b4 all in B, which players see as the organizers' decision, but
    it does not tell them apart, so the B.3 spot the rules give one of them is still a tie
    only a playoff decides (D.2). `check` warns about it (once check was silent while
    next-season refused). `league next-season` follows the record, as the pages show it (issue
    28): b2, b3, b4 stay in B, said as the organizers' decision; B promotes b1 alone, so A,
    which demotes a4 and a5 by the rules (B.2), would hold 4: E.1 keeps a4, the best of those
    below whom no record places. With the playoff entered (b3 won), check warns that the record
    keeps b3 in B, and next-season keeps b3 in B, saying the rules' outcome."""
    signups = {"leagues/club/signups/2025.yaml": SIGNUPS_ALL}
    root = site(tie_tree(record="promoted: [b1]", **signups))
    built = words_of(render(root / "content", None))
    for player, name in (("b2", "Ben"), ("b3", "Bea"), ("b4", "Bo")):
        assert everywhere(built, player, name, "b") == {
            "Stays in division B: the organizers' decision."}
    text = (root / "content/leagues/club/seasons/2024.yaml").read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "players: [b1, b2" in t)
    where = f"content/leagues/club/seasons/2024.yaml:{line}:{text.splitlines()[line - 1].index('b2') + 1}"
    message = ("b2, b3 and b4 are equal on every criterion of D for one promotion spot (B.3) in "
               "division B, which only a playoff can decide (D.2)")
    status, out, err = run("check")
    assert status == 0
    assert err == [f"{where}: warning: {message}; the recorded lists do not decide it: they "
                   "record alike tied players whom the rules may give different outcomes (the "
                   "pages show the record as the organizers' decision); enter the playoff's "
                   "result in this season file, 1 the winner: 'playoffs: {b2: 1, b3: 2, b4: 3}', "
                   "or correct the recorded lists [league.tie]"]
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    for player in ("b2", "b3", "b4"):
        assert f"{player}: Stays in division B: the organizers' decision." in out.splitlines()
    written = (root / "content/leagues/club/seasons/2025.yaml").read_text()
    assert "players: [a1, a2, a3, a4, b1]" in written
    assert "players: [a5, b2, b3, b4, b5, b6]" in written
    root = site(tie_tree("playoffs: {b3: 1, b2: 2, b4: 3}\n", record="promoted: [b1]", **signups))
    status, out, err = run("check")
    assert status == 0 and len(err) == 1 and err[0].endswith("[league.recorded-differs]")
    assert "b3 is in neither the promoted nor the relegated list of group B" in err[0]
    status, out, _ = run("league", "next-season", "club")
    assert status == 0 and ("b3: recorded stays in division B; the rules give: promoted to "
                            "division A (B.3); the record is followed") in out.splitlines()
    assert "players: [a1, a2, a3, a4, b1]" in (
        root / "content/leagues/club/seasons/2025.yaml").read_text()


def test_a_bottom_tie_the_record_decides_reads_alike_for_all_its_players(site):
    """B is the bottom division and demotes its last two (setting demote_from_bottom_division).
    b4, b5, b6 (all 5k) lost to b1, b2, b3 and did not play each other: 0 gamepoints, SODOS 0,
    0 among them: equal on every criterion of D for the 2 demotion spots (B.2). Whoever takes
    them, two players cannot open a division below B (A.i.2): E.1 keeps all three in B, the
    same outcome either way. The record relegates b5 and b6: players see it as the
    organizers' decision, so b4's sentence cannot say the tie gives 'the same outcome either
    way' (it once did): the organizers decided it, and b4, whom the record keeps, reads so."""
    games = [g for g in perfect(B) if not set(g) <= {"b4", "b5", "b6"}]
    files = tree(season(group("A", A, perfect(A)),
                        group("B", B, games, "promoted: [b1, b2]\nrelegated: [b5, b6]")),
                 league=LEAGUE + "  demote_from_bottom_division: true\n")
    files["content/players.yaml"] = re.sub(r"(b[456], name: \w+), rank: \dk", r"\1, rank: 5k",
                                           PLAYERS)
    built = pages(site, files)
    assert everywhere(built, "b4", "Bo", "b") == {
        "Stays in division B: middle position (B); level with Bix and Bud on everything the table "
        "is ordered by (D.1), so the organizers decided who gets 2 demotion spots (B.2)."}
    for player, name in (("b5", "Bud"), ("b6", "Bix")):
        assert everywhere(built, player, name, "b") == {
            "Demoted to a new division below division B: the organizers' decision."}


# --------------------------------------------------------------------------- early withdrawals


VOID = season(group("A", A, [g for g in perfect(A) if "a5" not in g] + [("a5", "a3")], "withdrawn: [a5]"),
              group("B", B, perfect(B)))
"""a5 withdrew having played one game, a win over a3. As played: a1 3, a2 2, a5 1 (SODOS 1:
a3's gamepoint), a3 1 (SODOS 0), a4 0: A demotes its last two, a4 and a3 (B.2). With a5's
games void: a3 1, a4 0, a5 0 (a4 ahead by rank, D.2): the spots are a4's and a5's, and a5's
is forfeited (B.4)."""


def test_withdrawal_void_setting_off_by_default(site):
    built = pages(site, tree(VOID))
    assert everywhere(built, "a3", "Ada", "a") == {
        "Demoted to division B: demotion spot by the criteria of D (B.2)."}


def test_withdrawal_void_setting_voids_the_games_of_an_early_withdrawal(site):
    league = LEAGUE + "  void_games_of_early_withdrawals: true\n"
    built = pages(site, tree(VOID, league=league))
    assert everywhere(built, "a3", "Ada", "a") == {"Stays in division A: middle position (B)."}
    assert everywhere(built, "a5", "Amy", "a") == {
        "Withdrew: the demotion spot is forfeited and not passed on (B.4)."}
    note = ("The games of Amy are void: they withdrew having played 1 of 4 games, fewer than half "
            "(league setting void_games_of_early_withdrawals).")
    for page in ("index.html", "a/index.html"):
        assert note in built[f"leagues/club/2024/{page}"].decode()
    rows = json.loads(built["leagues/club/2024/a/standings.json"])["rows"]
    assert {r["id"]: r["gamepoints"] for r in rows}["a5"] == 0


# --------------------------------------------------------------------------- recorded outcomes


def test_recorded_outcomes_that_differ_are_warnings_with_their_positions(site, run):
    """Recorded promoted in B: b1, b3. b3 (computed: stays, B) and b2 (computed: promoted by
    B.3, not in the lists) differ: players see the recorded outcome as the organizers'
    decision; check warns at b3's entry in 'promoted' and at b2's entry in 'players'."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B), "promoted: [b1, b3]"))
    root = site(tree(text))
    built = words_of(render(root / "content", None))
    assert everywhere(built, "b3", "Bea", "b") == {"Promoted to division A: the organizers' decision."}
    assert everywhere(built, "b2", "Ben", "b") == {"Stays in division B: the organizers' decision."}
    assert everywhere(built, "b1", "Bob", "b") == {"Promoted to division A: group leader (B.1)."}
    lines = (root / "content/leagues/club/seasons/2024.yaml").read_text().splitlines()
    players = next(i for i, t in enumerate(lines, 1) if "players: [b1, b2" in t)
    promoted = next(i for i, t in enumerate(lines, 1) if "promoted: [b1, b3]" in t)
    hint = ("the site shows the recorded outcome as the organizers' decision; correct the list if "
            "it is a mistake [league.recorded-differs]")
    status, out, err = run("check")
    assert status == 0 and out.endswith("2 warnings)\n")
    assert err == [
        f"content/leagues/club/seasons/2024.yaml:{players}:{lines[players - 1].index('b2') + 1}: "
        f"warning: b2 is in neither the promoted nor the relegated list of group B, but the "
        f"league rules give: promoted to division A (rules B.3); {hint}",
        f"content/leagues/club/seasons/2024.yaml:{promoted}:{lines[promoted - 1].index('b3') + 1}: "
        f"warning: b3 is recorded as promoted in group B, but the league rules give: stays in "
        f"division B (rules B); {hint}"]
    assert run("check", "--strict")[0] == 1


# --------------------------------------------------------------------------- final round


def final_page(site, extra: str) -> str:
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B)), extra)
    return pages(site, tree(text))["leagues/club/2024/final/index.html"].decode()


def test_final_round_undecided_when_two_advantaged_leaders_end_level(site):
    """Finalists: a1 (B.1), a2 (B.3), the defending champion a3 ([8]); the champion is not a
    group leader, so a1 and a2 are advantaged ([7]). Each wins one game: a1 and a2 end level
    on 1 + 1 = 2 gamepoints: the title is undecided."""
    html = final_page(site, "defending_champion: a3\nfinal:\n  games:\n"
                            "    - {players: [a1, a2], winner: a1}\n"
                            "    - {players: [a2, a3], winner: a2}\n"
                            "    - {players: [a3, a1], winner: a3}\n")
    assert ("<strong>The final round is undecided: Ann and Abe end level on 2 gamepoints, each "
            "with an advantaged position ([7]).</strong>") in html


def test_final_round_won_by_the_advantaged_champion_in_a_three_way_tie(site):
    """The defending champion a1 leads A: only a1 is advantaged ([7]); the third finalist is
    A's next by D, a3 (place 3, B.3). Each wins one game: a1 wins by the advantage."""
    html = final_page(site, "defending_champion: a1\nfinal:\n  games:\n"
                            "    - {players: [a1, a2], winner: a1}\n"
                            "    - {players: [a2, a3], winner: a2}\n"
                            "    - {players: [a3, a1], winner: a3}\n")
    assert ("<strong>Ann won the final round: each finalist won one game, and the advantaged "
            "position breaks the tie ([7]).</strong>") in html


def test_the_final_rounds_third_place_decided_by_rank_says_so_on_every_surface(site):
    """Final round (B.3, D.2): A of six (a6 Ari, 1k, added): a1, a2 beat everyone; a3 (1d) and
    a5 (1k) draw, both beat a4 and a6; a4 beats a6. a3 and a5: 2.5 gamepoints, SODOS 1 + 0 +
    2.5 / 2 = 2.25, 0.5 among them: equal on D.1, sharing 3rd place. B promotes two, so A
    demotes a6 and a4 (B.2). The defending champion b1 did not play A ([8]); the third
    finalist is A's next by D placed 4th or better: a3, by rank. The final's table, the
    pages and standings.json say "decided by rank (D.2)", as a direct move's sentence does."""
    six = A + ["a6"]
    games = [(w, loser) for w, loser in perfect(six) if {w, loser} != {"a3", "a5"}
             and (w, loser) != ("a4", "a5")] + [("a5", "a4")]
    lines = [f"          - {{players: [{w}, {loser}], winner: {w}}}" for w, loser in games]
    a_group = ("      - name: A\n        players: [a1, a2, a3, a4, a5, a6]\n        games:\n"
               + "\n".join(lines) + "\n          - {players: [a3, a5], result: jigo}\n")
    files = tree(season(a_group, group("B", B, perfect(B)), "defending_champion: b1\n"))
    files["content/players.yaml"] += "  - {id: a6, name: Ari, rank: 1k}\n"
    built = pages(site, files)
    said = ("Stays in division A and plays the final round: middle position (B); plays the final "
            "round as the next direct promotion spot by D, in place 3 of division A (B.3), "
            "decided by rank (D.2).")
    assert everywhere(built, "a3", "Ada", "a") == {said}
    assert "Relegated" not in said and everywhere(built, "a5", "Amy", "a") == {
        "Stays in division A: middle position (B)."}
    cells = re.findall(r"<td>(.*?)</td>", row(built["leagues/club/2024/final/index.html"].decode(),
                                              "Ada"), re.S)
    assert ('next direct promotion spot by D, in place 3 of division A <span class="rule">(B.3)'
            '</span>, decided by rank (D.2)') in cells


def test_a_recorded_champion_is_shown_as_the_organizers_decision(site, run):
    """Recorded champion a2, while a3 won two games: players see the champion recorded; the
    difference is a warning at the champion's key."""
    html = final_page(site, "defending_champion: a3\nfinal:\n  champion: a2\n  games:\n"
                            "    - {players: [a3, a1], winner: a3}\n"
                            "    - {players: [a3, a2], winner: a3}\n")
    assert "Champion: <a href=\"/players/a2/\">Abe</a></strong>, as recorded by the organizers." in html
    assert "won the final round" not in html
    status, _, err = run("check")
    assert status == 0
    assert any("the final round's champion is recorded as a2, but its games give a3" in line
               and "[league.recorded-differs]" in line for line in err)


# --------------------------------------------------------------------------- D.2 in content


def test_d_2_data_in_content_correspondence_rank_rating_and_forfeiture(site):
    """D.2 after rank and rating: correspondence rank, correspondence rating (a virtual tie
    within 10 points, [6]), then forfeiture. In the tie of b2, b3, b4 (all 3k, no rating):
    b4's correspondence rank 1d beats the others' (unknown ranks last): b4 takes the B.3 spot.
    Then with correspondence ratings b2 1711, b3 1711, b4 1700: b2 and b3 stay tied, b4 is 11
    points below; b2 concedes (season file 'concedes'), so b3 takes the spot."""
    files = tie_tree()
    files["content/players.yaml"] = TIE_PLAYERS.replace(
        "{id: b4, name: Bo, rank: 3k}", "{id: b4, name: Bo, rank: 3k, correspondence_rank: 1d}")
    built = pages(site, files)
    assert everywhere(built, "b4", "Bo", "b") == {
        "Promoted to division A: next best by the criteria of D (B.3), decided by "
        "correspondence rank (D.2)."}
    ratings = TIE_PLAYERS
    for player, rating in (("b2, name: Ben", 1711), ("b3, name: Bea", 1711), ("b4, name: Bo", 1700)):
        ratings = ratings.replace(f"{{id: {player}, rank: 3k}}",
                                  f"{{id: {player}, rank: 3k, correspondence_rating: {rating}}}")
    for extra, expected in (("", "Undecided: promoted to division A or stays in division B: level "
                                 "with Ben on everything the table is ordered by (D.1), so a "
                                 "playoff (D.2) will decide who gets one promotion spot (B.3)."),
                            ("concedes: [b2]\n", "Promoted to division A: next best by the "
                                                  "criteria of D (B.3), decided by a concession "
                                                  "(D.2).")):
        files = tie_tree(extra)
        files["content/players.yaml"] = ratings
        built = pages(site, files)
        assert everywhere(built, "b3", "Bea", "b") == {expected}
        assert everywhere(built, "b4", "Bo", "b") == {"Stays in division B: middle position (B)."}


def test_d_2_keys_are_checked(site, run):
    """A correspondence rank must be a rank; 'concedes' lists players of the season; a sign-up
    entry may give correspondence data, forfeiture and a playoff place."""
    files = tie_tree("concedes: [zed]\n", **{"leagues/club/signups/2025.yaml": (
        "returning:\n  - {id: a1, correspondence_rank: 2d, correspondence_rating: 1900, "
        "concedes: true, playoff: 1}\n  - {id: a2, playoff: first}\n"
        "  - a3\n  - a4\n  - a5\n  - b1\n  - b2\n  - b3\n  - b4\n  - b5\n  - b6\n")})
    files["content/players.yaml"] = TIE_PLAYERS.replace("rank: 7k}", "rank: 7k, correspondence_rank: 9x}")
    site(files)
    status, _, err = run("check")
    assert status == 1
    assert any("correspondence_rank" in line and "[rank.syntax]" in line for line in err)
    assert any("unknown player id 'zed'" in line for line in err)
    assert any("signups/2025.yaml:3:" in line and "playoff" in line for line in err)
    assert not any("signups/2025.yaml:2:" in line for line in err)


def test_a_withdrawn_player_who_signs_up_again_is_shown_as_withdrawn(site):
    """B.4: a5 withdrew from season 2024 and signs up for 2025: merits forfeited, placed as a
    new player. Season 2024's pages say so, the place forfeited, and standings.json calls it a
    withdrawal, whether or not the early withdrawal's games are void. (This once crashed the
    build.)"""
    signups = ("returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, b6]\nwithdrawn: []\n")
    # As played a5 is third, outside A's two demotion spots; with its games void a5 is last
    # and holds one of them (see VOID above).
    for league, spot in ((LEAGUE, "place"),
                         (LEAGUE + "  void_games_of_early_withdrawals: true\n", "demotion spot")):
        built = pages(site, tree(VOID, league=league,
                                 **{"leagues/club/signups/2025.yaml": signups}))
        shown = everywhere(built, "a5", "Amy", "a")
        assert len(shown) == 1
        assert next(iter(shown)).startswith(f"New player in division B: the {spot} is forfeited "
                                            "and not passed on (B.4)")
        rows = json.loads(built["leagues/club/2024/a/standings.json"])["rows"]
        assert {r["id"]: r["outcome"] for r in rows}["a5"] == "withdrew"


def test_a_player_page_says_1_gamepoint_in_the_singular(site):
    """The player's league section once read "1 gamepoints": a count meets its noun through
    ngettext (a4 of the E.1 tree beats a5 only: 1 gamepoint; a1 beats all four: 4)."""
    built = pages(site, tree(E1))
    a4 = built["players/a4/index.html"].decode()
    assert ", 1 gamepoint" in a4 and "1 gamepoints" not in a4
    assert ", 4 gamepoints" in built["players/a1/index.html"].decode()


def test_a_season_in_progress_says_what_is_already_certain(site):
    """b5 - b6 is still to play: b1 leads whatever (B.1), b5 and b6 stay whatever (the bottom
    division demotes nobody, B.2): certain on the group and season pages and in standings.json
    (certain, best, worst); in French too. Once every game is played: certain, best = worst."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B, skip=(("b5", "b6"),))))
    built = pages(site, tree(text))
    for page in ("leagues/club/2024/b/index.html", "leagues/club/2024/index.html"):
        html = built[page].decode()
        assert ('<span class="certainty certainty-certain">(certain: promoted '
                '<span aria-hidden="true">▲</span>)</span>') in row(html, "Bob")
        assert "(certain: stays" in row(html, "Bix")
    html = built["leagues/club/2024/a/index.html"].decode()
    assert "(certain: final round" in row(html, "Ann")
    rows = {r["id"]: r for r in json.loads(built["leagues/club/2024/b/standings.json"])["rows"]}
    assert [rows["b1"][k] for k in ("certain", "best", "worst")] == [True, "promoted", "promoted"]
    assert [rows["b6"][k] for k in ("certain", "best", "worst")] == [True, "stays", "stays"]
    french = pages(site, tree(text, **{"site.yaml": "title: Ligue\nlanguage: fr\n"}))
    assert "(acquis : promu" in row(french["leagues/club/2024/b/index.html"].decode(), "Bob")
    done = pages(site, tree(PLAIN))
    rows = {r["id"]: r for r in json.loads(done["leagues/club/2024/a/standings.json"])["rows"]}
    assert [rows["a5"][k] for k in ("certain", "best", "worst")] == [True, "demoted", "demoted"]
    assert "certainty" not in done["leagues/club/2024/a/index.html"].decode()


def test_a_leader_in_a_tie_that_does_not_matter_has_no_tie_on_any_page(site, run):
    """Division B of two groups, all 5k without rating. B1 (x1..x5): x1 beats x2, x3, x4, loses
    to x5; x2 beats x3, x4; x3 beats x4, x5; x4 beats x5; x5 beats x2: x1 alone first with 3
    gamepoints, SODOS 2 + 2 + 1 = 5. B2 (y1..y6): y1 beats everyone; y2 beats y3, y4, y5, loses
    to y6; y3 beats y4, y6; y4 beats y5, y6; y5 beats y3; y6 beats y5: y2 third, 3 gamepoints,
    SODOS 2 + 2 + 1 = 5. x1 and y2 are equal on every criterion of D across the division, but
    B's two promotion spots are its leaders' (B.1: x1, y1) whatever their order: every page,
    check and next-season say so with no tie (issue 28: "tie with ... for one promotion spot
    (B.1), which gives the same outcome either way")."""
    x = [f"x{i}" for i in range(1, 6)]
    y = [f"y{i}" for i in range(1, 7)]
    b1 = [("x1", "x2"), ("x1", "x3"), ("x1", "x4"), ("x5", "x1"), ("x2", "x3"), ("x2", "x4"),
          ("x5", "x2"), ("x3", "x4"), ("x3", "x5"), ("x4", "x5")]
    b2 = [*(("y1", p) for p in y[1:]), ("y2", "y3"), ("y2", "y4"), ("y2", "y5"), ("y6", "y2"),
          ("y3", "y4"), ("y4", "y5"), ("y5", "y3"), ("y3", "y6"), ("y4", "y6"), ("y6", "y5")]
    files = tree(season(group("A", A, perfect(A)), group("B1", x, b1) + group("B2", y, b2)))
    files["content/players.yaml"] = PLAYERS + "".join(
        f"  - {{id: {p}, name: {p.upper()}, rank: 5k}}\n" for p in x + y)
    files["content/leagues/club/signups/2025.yaml"] = f"returning: [{', '.join(A + x + y)}]\n"
    built = pages(site, files)
    assert everywhere(built, "x1", "X1", "b1") == {"Promoted to division A: group leader (B.1)."}
    assert everywhere(built, "y2", "Y2", "b2") == {"Stays in division B: middle position (B)."}
    status, out, err = run("check")
    assert (status, err) == (0, [])
    status, out, err = run("league", "next-season", "club")
    assert status == 0, err
    assert "x1: Promoted to division A: group leader (B.1)." in out.splitlines()
    assert "y2: Stays in division B: middle position (B)." in out.splitlines()


def test_a_demotion_from_the_bottom_division_says_where_the_rules_send_the_player(site):
    """B is the bottom division and demotes (setting demote_from_bottom_division, B.2): its
    last, b6, is in a demotion spot, which sends a player into a new division below B. b6 did
    not sign up again, so no division below was formed for them: the headline says what the
    rules gave ("Demoted to a new division below division B"), never an outcome they did not
    reach, and once said "Relegated from the bottom division", in the record's word and
    naming nowhere (issue 31, stop 52's newcomer check)."""
    files = tree(season(group("A", A, perfect(A)), group("B", B, perfect(B))),
                 league=LEAGUE + "  demote_from_bottom_division: true\n",
                 **{"leagues/club/signups/2025.yaml": "returning: [a1, a2, a3, a4, a5, b1, b2, "
                    "b3, b4, b5]\nwithdrawn: [b6]\n"})
    built = pages(site, files)
    assert everywhere(built, "b6", "Bix", "b") == {
        "Demoted to a new division below division B: demotion spot by the criteria of D (B.2); "
        "did not play the next season: the spot is not passed on (B.4)."}
