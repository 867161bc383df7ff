"""Swiss league content and pages (issue 6): positioned validation messages, the league table
page and its standings.json, worked by hand from ../shared/rules/002_26d12e6ad94aa01f.txt
("swiss: tournaments", "swiss: the league")."""

import json
import re
from pathlib import Path

PLAYERS = """\
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cy, name: Cy}
  - {id: dee, name: Dee}
  - {id: eve, name: Eve}
"""


def build_errors(run):
    status, _out, err = run("build")
    assert status == 1
    assert err[-1].endswith("nothing was written")
    assert not Path("output").exists()
    return err[:-1]


def test_swiss_validation_every_error_with_its_position(site, run):
    """swiss: pairings hard constraints and swiss: tournaments results, all in one run."""
    site({"content/players.yaml": PLAYERS,
          "content/swiss/spring/league.yaml": "name: Spring\nsettings:\n  bye_valeu: 1\n",
          "content/swiss/spring/t1.yaml": """\
name: T1
entries: [ann, bob, cy, dee, {player: eve, first_round: 4}, anne]
rounds:
  - round: 1
    pairings:
      - [ann, bob, 2-0]
      - [cy, ann, 1-0]
      - [eve, dee, 3-0]
    bye: dee
  - round: 2
    pairngs: []
    bye: dee
  - round: 3
    pairings:
      - [bob, ann, 1-1]
      - [eve, cy]
"""})
    assert build_errors(run) == [
        "content/swiss/spring/league.yaml:3:3: error: unknown key 'bye_valeu' in Swiss league "
        "settings; did you mean 'bye_value'? [schema.unknown-key]",
        "content/swiss/spring/t1.yaml:2:61: error: unknown player id 'anne'; did you mean 'ann'? "
        "[player.unknown]",
        "content/swiss/spring/t1.yaml:7:14: error: 'ann' is paired twice in round 1 (first at "
        "line 6) [swiss.twice]",
        "content/swiss/spring/t1.yaml:8:20: error: result: '3-0' cannot happen in a best-of-three "
        "match; a match ends 2-0, 2-1, 1-0 or 1-1 (or the reverse); expected 2-0, 2-1, 1-0, 1-1, "
        "0-1, 1-2, 0-2, or a forfeit +-, -+ or -- [swiss.result]",
        "content/swiss/spring/t1.yaml:11:5: error: unknown key 'pairngs' in a round; did you mean "
        "'pairings'? [schema.unknown-key]",
        "content/swiss/spring/t1.yaml:12:10: error: 'dee' already had a bye in round 1; at most "
        "one bye per player in a tournament; run 'sitegen pair' to pair the round [swiss.bye]",
        "content/swiss/spring/t1.yaml:15:10: error: 'bob' and 'ann' already played each other in "
        "round 1 (line 6); no rematches within a tournament; run 'sitegen pair' to pair the round "
        "[swiss.rematch]",
        "content/swiss/spring/t1.yaml:16:10: error: 'eve' plays in round 3 but enters in round 4; "
        "change the entry's first_round, or pair the round again [swiss.presence]",
    ]


def test_swiss_validation_dropped_player_and_forfeit_rematch(site, run):
    """A forfeit is not a game played: the two may meet again (docs/swiss-league.md); a
    dropped player is not paired again (swiss: tournaments)."""
    site({"content/players.yaml": PLAYERS,
          "content/swiss/spring/league.yaml": "name: Spring\n",
          "content/swiss/spring/t1.yaml": """\
name: T1
entries: [ann, bob, cy, dee]
rounds:
  - round: 1
    pairings: [[ann, bob, +-], [cy, dee, 2-1]]
    dropped: [bob]
  - round: 2
    pairings: [[ann, bob], [cy, dee]]
"""})
    assert build_errors(run) == [
        "content/swiss/spring/t1.yaml:8:22: error: 'bob' plays in round 2 but was dropped in "
        "round 1; a dropped player is not paired again in this tournament [swiss.presence]",
        "content/swiss/spring/t1.yaml:8:29: error: 'cy' and 'dee' already played each other in "
        "round 1 (line 5); no rematches within a tournament; run 'sitegen pair' to pair the round "
        "[swiss.rematch]",
    ]


# ----------------------------------------------------------------------- the league table

LEAGUE = "name: Spring Swiss\nsettings: {bye_value: 1/2, rounds: 1}\n"
ROUNDS = {
    "t1": "[[ann, bob, 2-0], [cy, dee, 1-1]]\n    bye: eve",
    "t2": "[[ann, cy, 1-1], [bob, eve, 2-1]]\n    bye: dee",
    "t3": "[[ann, dee, 1-0], [cy, eve, 0-2]]\n    bye: bob",
    "t4": "[[bob, cy, 1-1], [dee, eve, 1-1]]\n    bye: ann",
}


def league_site(site, deciding=""):
    files = {"content/players.yaml": PLAYERS,
             "content/swiss/spring/league.yaml": LEAGUE + deciding}
    for i, (tid, rounds) in enumerate(ROUNDS.items(), 1):
        files[f"content/swiss/spring/{tid}.yaml"] = (
            f"name: T{i}\ndate: 2024-0{i}-01\nentries: [ann, bob, cy, dee, eve]\nrounds:\n"
            f"  - round: 1\n    pairings: {rounds}\n")
    return site(files)


def test_swiss_league_table_json_hand_worked(site, run):
    """swiss: the league. Bye = 1/2 (setting). Tournament scores:
    ann 1, 1/2, 1, 1/2 -> best three 2 1/2, 4th 1/2;  bob 0, 1, 1/2, 1/2 -> 2, 4th 0;
    eve 1/2, 0, 1, 1/2 -> 2, 4th 0;  cy 1/2, 1/2, 0, 1/2 -> 1 1/2;  dee 1/2, 1/2, 0, 1/2 -> 1 1/2.
    bob = eve and cy = dee on every tie-break: shared places 2= and 4=."""
    league_site(site)
    assert run("build")[0] == 0
    data = json.loads(Path("output/swiss/spring/standings.json").read_text(encoding="utf-8"))
    rows = [(r["place"], r["shared"], r["id"], r["tournament_scores"], r["counted"],
             r["league_score"], r["tiebreaks"], r["deciding_match_possible"]) for r in data["rows"]]
    assert rows == [
        (1, False, "ann", [1, 0.5, 1, 0.5], ["t1", "t2", "t3"], 2.5, [0.5, 0, 0], False),
        (2, True, "bob", [0, 1, 0.5, 0.5], ["t2", "t3", "t4"], 2, [0, 0, 0], True),
        (2, True, "eve", [0.5, 0, 1, 0.5], ["t1", "t3", "t4"], 2, [0, 0, 0], True),
        (4, True, "cy", [0.5, 0.5, 0, 0.5], ["t1", "t2", "t4"], 1.5, [0, 0, 0], True),
        (4, True, "dee", [0.5, 0.5, 0, 0.5], ["t1", "t2", "t4"], 1.5, [0, 0, 0], True),
    ]


def test_swiss_league_table_page_marks_counted_and_shared(site, run):
    league_site(site)
    assert run("build")[0] == 0
    html = Path("output/swiss/spring/index.html").read_text(encoding="utf-8")
    ann = re.search(r"<tr>\s*<td class=\"num\">1</td>\s*<th scope=\"row\"><a href=\"/players/ann/\">"
                    r"Ann</a></th>(.*?)</tr>", html, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", ann, re.S)
    # The league score first (an identifying column), then T1..T4: 1 (counted), ½ (counted:
    # the earliest of the equal ½), 1 (counted), ½ (4th best).
    assert cells[0] == "<strong>2½</strong>"
    cells = cells[1:5] + cells[0:1] + cells[5:]
    assert cells[:4] == [
        '1<span aria-hidden="true">*</span><span class="visually-hidden"> (counted)</span>',
        '½<span aria-hidden="true">*</span><span class="visually-hidden"> (counted)</span>',
        '1<span aria-hidden="true">*</span><span class="visually-hidden"> (counted)</span>',
        '½']
    assert cells[4] == "<strong>2½</strong>"
    assert cells[5:8] == ["½", "0", "0"]          # 4th, 5th, 6th best
    assert html.count('<span class="shared"><span aria-hidden="true">=</span>'
                      '<span class="visually-hidden"> (shared place)</span></span>') == 4
    assert "they may play a deciding match for the final place" in html
    assert html.count("<td>may be played</td>") == 4


def test_home_page_leader_score_has_its_unit(site, run):
    """The home page's card names the league's leader with the standings' term for the number
    (issue 31, newcomer finding: "leader Ann (2½)" said neither points nor wins). Ann leads
    with a league score of 2½ (the hand-worked table above); the league table's column is
    "League score" (fr "Score de ligue", pl "Wynik ligowy")."""
    expected = {"en": "; leader Ann (league score 2½)",
                "fr": " ; en tête Ann (score de ligue 2½)",
                "pl": "; prowadzi Ann (wynik ligowy 2½)"}
    for language, words in expected.items():
        league_site(site)
        Path("content/site.yaml").write_text(f"title: Test\nlanguage: {language}\n", encoding="utf-8")
        assert run("build")[0] == 0
        html = Path("output/index.html").read_text(encoding="utf-8")
        assert words in html, language


def test_swiss_league_deciding_match_result_shown(site, run):
    """swiss: the league: a deciding match bob-eve 2-1 orders the tie: bob 2nd, eve 3rd; cy
    and dee still share 4th."""
    league_site(site, "deciding_matches:\n  - {players: [bob, eve], result: 2-1}\n")
    assert run("build")[0] == 0
    data = json.loads(Path("output/swiss/spring/standings.json").read_text(encoding="utf-8"))
    assert [(r["place"], r["shared"], r["id"], r["deciding_points"]) for r in data["rows"]] == [
        (1, False, "ann", None), (2, False, "bob", 1), (3, False, "eve", 0),
        (4, True, "cy", None), (4, True, "dee", None)]
    html = Path("output/swiss/spring/index.html").read_text(encoding="utf-8")
    assert "<td>1 point in deciding matches</td>" in html
    assert 'Bob</a> – <a href="/players/eve/">Eve</a>: 2-1' in html


def test_swiss_round_page_and_standings_json(site, run):
    """Round 1 of T2 (swiss: tournaments): bob beat eve 2-1 (1 point), ann-cy 1-1 (½ each),
    dee's bye is worth ½. League scores before T2 (from T1 only): ann 1, cy ½, dee ½, eve ½,
    bob 0. Order: bob 1; then ann, cy, dee on ½ split by league score: ann (1) 2nd, cy and dee
    (½) share 3rd; eve 0 is 5th."""
    league_site(site)
    assert run("build")[0] == 0
    data = json.loads(Path("output/swiss/spring/t2/round-1/standings.json").read_text("utf-8"))
    assert [(r["place"], r["shared"], r["id"], r["score"], r["league_score"]) for r in data["rows"]] == [
        (1, False, "bob", 1, 0), (2, False, "ann", 0.5, 1), (3, True, "cy", 0.5, 0.5),
        (3, True, "dee", 0.5, 0.5), (5, False, "eve", 0, 0.5)]
    # SOS over matches played: bob met eve (0) -> 0; ann met cy (½) -> ½; SODOS: ann drew cy -> ¼
    sos = {r["id"]: (r["sos"], r["sodos"]) for r in data["rows"]}
    assert sos["ann"] == (0.5, 0.25) and sos["bob"] == (0, 0) and sos["dee"] == (0, 0)
    html = Path("output/swiss/spring/t2/round-1/index.html").read_text(encoding="utf-8")
    assert "Bye: <a href=\"/players/dee/\">Dee</a> (½ points)" in html
    assert len(html.encode("utf-8")) < 100_000


def test_content_format_swiss_examples_build(site, run):
    """The Swiss league examples of docs/content-format.md are valid content."""
    text = (Path(__file__).parent.parent / "docs" / "content-format.md").read_text("utf-8")
    blocks = {b.split("\n", 1)[0][2:]: b for b in re.findall(r"```yaml\n(# swiss/.*?)```", text, re.S)}
    assert sorted(blocks) == ["swiss/spring/league.yaml", "swiss/spring/t1.yaml"]
    site({"content/players.yaml": PLAYERS, **{f"content/{k}": v for k, v in blocks.items()}})
    assert run("build")[0] == 0
    assert Path("output/swiss/spring/t1/round-1/standings.json").exists()


WITHDRAWALS = """\
name: T1
entries: [ann, bob, cy, dee, {player: eve, last_round: 1}, {player: fay, first_round: 3}]
rounds:
  - round: 1
    pairings: [[ann, bob, 2-0], [cy, dee, 1-1]]
    bye: eve
  - round: 2
    pairings: [[ann, cy, 2-1], [bob, dee, +-]]
    dropped: [dee]
  - round: 3
    pairings: [[ann, fay, 2-0], [bob, cy, 0-2]]
"""


def test_swiss_round_pages_show_who_withdrew(site, run):
    """(issue 31, newcomer finding) swiss: tournaments: a player leaves by an announced exit
    (eve's entry ends with round 1) or is dropped after not showing up (dee, round 2). Round 1:
    nobody has left. Round 2: eve (after round 1); dee has a match (the forfeit) and is shown
    as dropped, not as withdrawn. Round 3: dee (after round 2) and eve (after round 1), by
    name; fay, entering in round 3, is playing, and was never listed as withdrawn."""
    site({"content/players.yaml": PLAYERS + "  - {id: fay, name: Fay}\n",
          "content/swiss/spring/league.yaml": "name: Spring\nsettings: {rounds: 3}\n",
          "content/swiss/spring/t1.yaml": WITHDRAWALS})
    assert run("build")[0] == 0
    label = "<p>Withdrawn from the tournament, no match this round: "

    def line(number):
        html = Path(f"output/swiss/spring/t1/round-{number}/index.html").read_text(encoding="utf-8")
        found = re.findall(re.escape(label) + r"(.*?)</p>", html)
        return found[0] if found else None

    assert line(1) is None
    assert line(2) == '<a href="/players/eve/">Eve</a> (after round 1)'
    assert line(3) == ('<a href="/players/dee/">Dee</a> (after round 2), '
                       '<a href="/players/eve/">Eve</a> (after round 1)')
    round_2 = Path("output/swiss/spring/t1/round-2/index.html").read_text(encoding="utf-8")
    assert 'Dropped after not showing up: <a href="/players/dee/">Dee</a></p>' in round_2


def test_swiss_round_page_withdrawal_in_french_and_polish(site, run):
    """The same round 3, its words from the fr and pl catalogs."""
    expected = {"fr": 'Retirés du tournoi, sans match à cette ronde : <a href="/players/dee/">Dee</a> '
                      '(après la ronde 2), <a href="/players/eve/">Eve</a> (après la ronde 1)</p>',
                "pl": 'Wycofani z turnieju, bez meczu w tej rundzie: <a href="/players/dee/">Dee</a> '
                      '(po rundzie 2), <a href="/players/eve/">Eve</a> (po rundzie 1)</p>'}
    for language, words in expected.items():
        site({"content/site.yaml": f"title: Test\nlanguage: {language}\n",
              "content/players.yaml": PLAYERS + "  - {id: fay, name: Fay}\n",
              "content/swiss/spring/league.yaml": "name: Spring\nsettings: {rounds: 3}\n",
              "content/swiss/spring/t1.yaml": WITHDRAWALS})
        assert run("build")[0] == 0
        html = Path("output/swiss/spring/t1/round-3/index.html").read_text(encoding="utf-8")
        assert words in html, language
