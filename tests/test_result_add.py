"""``sitegen result add``: one result into a league season, a tournament round, a ladder's
log or a Swiss round; the refusals with their exact messages.

The league cases use the repository ``sitegen new --kind league`` writes (group A1 of season
1: ann, ben, cho, dee, the six games listed without results); the others use small files
written here. Standings are worked by hand from league D.1 (gamepoints, then SODOS, then the
games among the players still tied; equal on all: a shared place).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from sitegen.commands.new import new_repository
from sitegen.results.entry import flip_match_result

SEASON = "content/leagues/club/seasons/1.yaml"
TODAY = "2025-04-01"
"""The date today in these tests ($SITEGEN_TODAY): a league or ladder game given without a date
is dated so."""


@pytest.fixture(autouse=True)
def today(monkeypatch):
    monkeypatch.setenv("SITEGEN_TODAY", TODAY)


@pytest.fixture
def league(tmp_path, monkeypatch):
    """A fresh ``sitegen new --kind league --name Club`` repository; the test's cwd."""
    root = new_repository(tmp_path / "club", "Club", "league")
    monkeypatch.chdir(root)
    return root


def unified(before: str, after: str) -> list[str]:
    return [line.rstrip("\n") for line in difflib.unified_diff(
        before.splitlines(True), after.splitlines(True), n=0)][2:]


def test_result_add_changes_one_line_of_the_season_and_prints_the_standings_change(league, run):
    """ann beats ben: ann has 1 gamepoint, the other three 0 and equal on SODOS (0) and among
    themselves (no game), so they share 2nd (league D.1)."""
    before = (league / SEASON).read_text(encoding="utf-8")
    status, out, err = run("result", "add", "leagues/club", "ann", "ben", "B+R", "--date", "2025-03-01")
    assert (status, err) == (0, [])
    after = (league / SEASON).read_text(encoding="utf-8")
    assert unified(before, after) == [
        "@@ -12 +12 @@",
        "-          - {players: [ann, ben]}",
        "+          - {black: ann, white: ben, result: B+R, date: 2025-03-01}",
    ]
    assert out == (
        "entered ann - ben B+R in content/leagues/club/seasons/1.yaml:12 "
        "(leagues/club season 1, group A1)\n"
        "\n"
        "## Standings changes\n"
        "\n"
        "### Club · Season 1 · Group A1\n"
        "\n"
        "**Results**\n"
        "\n"
        "- Ann Example – Ben Example: not played → Ann Example won (B+R)\n"
        "\n"
        "**Places**\n"
        "\n"
        "- Ann Example: 1st= → 1st\n"
        "- Ben Example: 1st= → 2nd=\n"
        "- Cho Example: 1st= → 2nd=\n"
        "- Dee Example: 1st= → 2nd=\n")
    assert run("check")[0] == 0


def test_result_add_by_name_without_colours_keeps_the_line_order(league, run):
    """Players by name, case aside; the winner of a game whose colours are not known."""
    before = (league / SEASON).read_text(encoding="utf-8")
    status, _, err = run("result", "add", "club", "--players", "DEE example", "cho", "--winner", "dee")
    assert (status, err) == (0, [])
    assert unified(before, (league / SEASON).read_text(encoding="utf-8")) == [
        "@@ -17 +17 @@",
        "-          - {players: [cho, dee]}",
        "+          - {players: [dee, cho], winner: dee, date: 2025-04-01}",
    ]


def test_result_add_refuses_a_result_already_entered_unless_replace(league, run, monkeypatch):
    """Entered again with --replace and no --date, a game keeps the date it has (it was played
    then, not today)."""
    assert run("result", "add", "leagues/club", "ann", "ben", "B+R")[0] == 0
    monkeypatch.setenv("SITEGEN_TODAY", "2025-04-09")
    entered = (league / SEASON).read_text(encoding="utf-8")
    status, out, err = run("result", "add", "leagues/club", "ben", "ann", "W+3.5")
    assert (status, out) == (1, "")
    assert err == [
        "content/leagues/club/seasons/1.yaml:12:13: error: ben - ann already has a result in "
        "group A1 (B+R); it is not overwritten; to change it, run sitegen result add again with "
        "--replace [result.entered]",
        "1 error; nothing was written"]
    assert (league / SEASON).read_text(encoding="utf-8") == entered
    status, out, _ = run("result", "add", "leagues/club", "ben", "ann", "B+3.5", "--replace")
    assert status == 0
    assert "- Ann Example – Ben Example: Ann Example won (B+R) → Ben Example won (B+3.5)\n" in out
    assert "- {black: ben, white: ann, result: B+3.5, date: 2025-04-01}\n" in (league / SEASON).read_text(encoding="utf-8")


def _two_groups(league: Path) -> None:
    season = league / SEASON
    text = season.read_text(encoding="utf-8").replace("players: [ann, ben, cho, dee]", "players: [ann, ben]")
    text = "\n".join(line for line in text.splitlines() if "cho" not in line and "dee" not in line)
    season.write_text(text + "\n  - name: B\n    groups:\n      - name: B1\n        players: [cho, dee]\n",
                      encoding="utf-8")


def test_result_add_refuses_players_of_different_groups(league, run):
    _two_groups(league)
    before = (league / SEASON).read_text(encoding="utf-8")
    status, _, err = run("result", "add", "leagues/club", "ann", "cho", "B+R")
    assert status == 1
    assert err[0] == ("content/leagues/club/seasons/1.yaml:16:18: error: ann (group A1) and cho "
                      "(group B1) are not in the same group of season 1; a result is entered for "
                      "two players of one group [result.group]")
    assert (league / SEASON).read_text(encoding="utf-8") == before


def test_result_add_refuses_a_player_not_in_the_season(league, run):
    with open(league / "content/players.yaml", "a", encoding="utf-8") as handle:
        handle.write("  - {id: eve, name: Eve Example}\n")
    status, _, err = run("result", "add", "leagues/club", "ann", "eve", "B+R")
    assert status == 1
    assert err[0] == ("content/leagues/club/seasons/1.yaml:1:1: error: eve does not play in season 1 "
                      "of leagues/club; the season's groups list who plays [result.unpaired]")


def test_result_add_refuses_unknown_players_and_competitions_all_at_once(league, run):
    status, _, err = run("result", "add", "leagues/club", "anne", "zed", "B+R")
    assert status == 1
    assert err == [
        "sitegen result add: error: unknown player 'anne'; did you mean 'ann'? [result.player]",
        "sitegen result add: error: unknown player 'zed'; name a player by id or name, as on the "
        "site [result.player]",
        "2 errors; nothing was written"]
    status, _, err = run("result", "add", "leagues/clob", "ann", "ben", "B+R")
    assert err[0] == ("sitegen result add: error: unknown competition 'leagues/clob'; did you mean "
                      "'club'? [result.competition]")


def test_result_add_refuses_a_result_the_rule_set_does_not_know(league, run):
    status, _, err = run("result", "add", "leagues/club", "ann", "ben", "B+X")
    assert status == 1
    assert err[0] == ("sitegen result add: error: result: 'B+X' is not a result; expected e.g. "
                      "B+R, W+3.5, B+T, W+F (forfeit), 0 (jigo) [result.syntax]")
    status, _, err = run("result", "add", "leagues/club", "--players", "ann", "ben", "--result", "B+R")
    assert err[0] == ("sitegen result add: error: result 'B+R' names a colour, but the colours are "
                      "not given; give BLACK WHITE RESULT, or --winner with --players [result.colours]")


def test_result_add_keeps_comments_and_crlf_line_ends(league, run):
    season = league / SEASON
    text = season.read_text(encoding="utf-8").replace(
        "- {players: [ann, dee]}", "- {players: [ann, dee]}   # played on the 3rd")
    season.write_bytes(text.replace("\n", "\r\n").encode())
    assert run("result", "add", "leagues/club", "dee", "ann", "0",
               "--link", "https://example.org/game/7")[0] == 0
    after = season.read_bytes().decode()
    assert after.count("\r\n") == after.count("\n")
    assert unified(text, after.replace("\r\n", "\n")) == [
        "@@ -14 +14 @@",
        "-          - {players: [ann, dee]}   # played on the 3rd",
        "+          - {black: dee, white: ann, result: 0, date: 2025-04-01, link: \"https://example.org/game/7\"} # "
        "played on the 3rd",
    ]


# --------------------------------------------------------------------------- other rule sets

TOURNAMENT = """\
name: Cup
system: swiss
number_of_rounds: 2
players: [{id: ann}, {id: ben}, {id: cho}, {id: dee}]
rounds:
  - round: 1
    games:
      - {white: ann, black: cho, handicap: 0, result: W+R}
      - {white: ben, black: dee, handicap: 0, result: '?'}
  - round: 2
    games:
      - {white: dee, black: ann, handicap: 0, result: '?'}   # board 1
"""


@pytest.fixture
def tournament(league):
    (league / "content/tournaments").mkdir()
    path = league / "content/tournaments/cup.yaml"
    path.write_text(TOURNAMENT, encoding="utf-8")
    return path


def test_result_add_fills_a_paired_tournament_game(tournament, run):
    status, out, err = run("result", "add", "tournaments/cup", "ann", "dee", "B+R")
    assert (status, err) == (0, [])
    assert out.startswith("entered ann - dee B+R in content/tournaments/cup.yaml:12 (tournaments/cup, round 2)\n")
    assert unified(TOURNAMENT, tournament.read_text(encoding="utf-8")) == [
        "@@ -12 +12 @@",
        "-      - {white: dee, black: ann, handicap: 0, result: '?'}   # board 1",
        "+      - {white: dee, black: ann, handicap: 0, result: B+R}   # board 1",
    ]


def test_result_add_tournament_refusals(tournament, run):
    assert run("result", "add", "cup", "ann", "ben", "B+R")[2][0] == (
        "content/tournaments/cup.yaml:1:1: error: ann and ben are not paired in any round of "
        "tournaments/cup; a result is entered for a pairing of the file; check the players [result.unpaired]")
    assert run("result", "add", "cup", "--round", "1", "dee", "ann", "B+R")[2][0] == (
        "content/tournaments/cup.yaml:1:1: error: dee and ann are not paired in round 1 of "
        "tournaments/cup; a result is entered for a pairing of the file; check the players and "
        "the round [result.unpaired]")
    assert run("result", "add", "cup", "dee", "ann", "B+R")[2][0] == (
        "content/tournaments/cup.yaml:12:9: error: in round 2 of tournaments/cup, ann had Black "
        "and dee White; give Black first, then White [result.colours]")
    assert run("result", "add", "tournaments/cup/round-1", "cho", "ann", "B+R")[2][0] == (
        "content/tournaments/cup.yaml:8:9: error: cho - ann already has a result in round 1 "
        "(W+R); it is not overwritten; to change it, run sitegen result add again with --replace "
        "[result.entered]")
    assert tournament.read_text(encoding="utf-8") == TOURNAMENT


def test_result_add_tournament_winner_without_colours_uses_the_pairing(tournament, run):
    """No --date: a tournament game has no date field, and no date is noted beside it."""
    assert run("result", "add", "cup", "--players", "ben", "dee", "--winner", "ben")[0] == 0
    assert "- {white: ben, black: dee, handicap: 0, result: W+}\n" in tournament.read_text(encoding="utf-8")


SWISS_LEAGUE = "name: Spring\nsettings: {rounds: 3}\n"
SWISS_T1 = """\
name: T1
entries: [ann, ben, cho, dee]
rounds:
  - round: 1
    pairings:
      - [ann, cho]
      - [ben, dee, 2-0]
"""


@pytest.fixture
def swiss(league):
    folder = league / "content/swiss/spring"
    folder.mkdir(parents=True)
    (folder / "league.yaml").write_text(SWISS_LEAGUE, encoding="utf-8")
    (folder / "t1.yaml").write_text(SWISS_T1, encoding="utf-8")
    return folder / "t1.yaml"


def test_result_add_swiss_match_seen_from_the_first_player(swiss, run):
    """Reported as cho - ann 2-1: the pairing lists ann first, so ann lost 1-2 (swiss: tournaments)."""
    assert run("result", "add", "spring/t1", "cho", "ann", "2-1")[0] == 0
    assert unified(SWISS_T1, swiss.read_text(encoding="utf-8")) == [
        "@@ -6 +6 @@", "-      - [ann, cho]", "+      - [ann, cho, 1-2]"]


def test_result_add_swiss_forfeit_and_refusals(swiss, run):
    assert run("result", "add", "swiss/spring/t1", "ben", "dee", "0-2")[2][0] == (
        "content/swiss/spring/t1.yaml:7:9: error: ben - dee already has a result in round 1 "
        "(ben - dee 2-0); it is not overwritten; to change it, run sitegen result add again with "
        "--replace [result.entered]")
    assert run("result", "add", "swiss/spring/t1", "ann", "ben", "2-0")[2][0] == (
        "content/swiss/spring/t1.yaml:1:1: error: ann and ben are not paired in any round of "
        "swiss/spring/t1; a result is entered for a pairing of the file; check the players [result.unpaired]")
    assert run("result", "add", "swiss/spring/t1", "--players", "ann", "cho", "--winner", "ann")[2][0] == (
        "sitegen result add: error: a Swiss match result is its game score, not a winner; give "
        "FIRST SECOND SCORE, e.g. ann ben 2-1 [result.syntax]")
    assert swiss.read_text(encoding="utf-8") == SWISS_T1
    assert run("result", "add", "swiss/spring/t1", "cho", "ann", "--result=-+")[0] == 0
    assert "- [ann, cho, +-]\n" in swiss.read_text(encoding="utf-8")


def test_flip_match_result():
    assert [flip_match_result(r) for r in ("2-0", "2-1", "1-1", "0-1", "+-", "-+", "--")] == [
        "0-2", "1-2", "1-1", "1-0", "-+", "+-", "--"]


LADDER = """\
name: Club ladder
members:
  - {player: ann, rung: 3k}
  - {player: ben, rung: 5k}
  - {player: cho, rung: 5k}
log:
  - {date: 2025-01-07, white: ann, black: ben, result: W+R}
  - {date: 2025-02-04, white: ann, black: cho, result: B+R}
"""


@pytest.fixture
def ladder(league):
    (league / "content/ladders").mkdir()
    path = league / "content/ladders/club.yaml"
    path.write_text(LADDER, encoding="utf-8")
    return path


def test_result_add_ladder_inserts_a_dated_game_in_date_order(ladder, run):
    """After 2025-01-07 ben lost to ann and stands below cho (ladder: club ladder), so cho had White."""
    assert run("result", "add", "ladders/club", "ben", "cho", "W+R", "--date", "2025-01-20")[0] == 0
    assert unified(LADDER, ladder.read_text(encoding="utf-8")) == [
        "@@ -7,0 +8 @@", "+  - {date: 2025-01-20, white: cho, black: ben, result: W+R}"]


def test_result_add_ladder_colours_from_the_rungs(ladder, run):
    """ann (3k) is above ben (5k) after the log (ladder: club ladder), so ann had White."""
    assert run("result", "add", "ladders/club", "--players", "ben", "ann", "--winner", "ben",
               "--date", "2025-03-01")[0] == 0
    assert ladder.read_text(encoding="utf-8").endswith(
        "  - {date: 2025-03-01, white: ann, black: ben, winner: ben}\n")


def test_result_add_ladder_refusals(ladder, run):
    assert run("result", "add", "ladders/club", "ann", "dee", "B+R", "--date", "2025-03-01")[2][0] == (
        "content/ladders/club.yaml:3:3: error: dee is not a member of ladders/club; add them to "
        "the ladder's members first [result.unpaired]")
    assert run("result", "add", "ladders/club", "ben", "ann", "W+F", "--date", "2025-03-01")[2][0] == (
        "sitegen result add: error: 'W+F' is not a ladder result; a ladder game is won (W+ or B+, "
        "a margin may follow) or a jigo; leave a forfeit, void or unknown game out of the ladder "
        "[result.syntax]")
    assert run("result", "add", "ladders/club", "ben", "ann", "B+", "--date", "2025-01-07")[2][0] == (
        "content/ladders/club.yaml:7:5: error: ben - ann already has a result in the log of "
        "2025-01-07 (W+R); it is not overwritten; to change it, run sitegen result add again with "
        "--replace [result.entered]")
    assert ladder.read_text(encoding="utf-8") == LADDER


def test_result_add_warns_when_the_new_game_breaks_the_colour_rule(ladder, run):
    """ben (5.2k since losing to ann on 2025-01-07) below ann (3k: up to 2.8k, then down again
    after losing to cho) should not take White (ladder: handicap). Colours played are facts:
    the result is entered, with the warning at the new game's line."""
    status, out, err = run("result", "add", "ladders/club", "ann", "ben", "W+R", "--date", "2025-03-01")
    assert (status, err) == (0, [])
    warning = out.splitlines()[1]
    assert warning.startswith("content/ladders/club.yaml:9:") and warning.endswith("[ladder.colour]")
    assert (": warning: 'ben' (on rung 5.2k on 2025-03-01) took White against the stronger "
            "'ann' (rung 3k)") in warning
    assert ladder.read_text(encoding="utf-8") != LADDER


def test_result_add_names_the_competition_by_a_page_address(league, run):
    """The group page's address on GitHub Pages, under a repository named like a rule set."""
    status, out, _ = run("result", "add", "https://you.github.io/swiss/leagues/club/1/a1/",
                         "cho", "dee", "W+R")
    assert status == 0 and out.startswith("entered cho - dee W+R in content/leagues/club/seasons/1.yaml:17 ")


def test_result_add_prints_names_as_plain_text_and_the_pull_request_gets_markdown(tmp_path, monkeypatch, run):
    """The terminal shows names as they are; only the pull request's body (Markdown) escapes them."""
    from sitegen.commands.result import ResultRequest, add_result, pull_request_body

    root = new_repository(tmp_path / "club", "My <b>League</b> & co_op", "league")
    monkeypatch.chdir(root)
    status, out, err = run("result", "add", "my-b-league-b-co-op", "ann", "ben", "B+R")
    assert (status, err) == (0, [])
    assert "### My <b>League</b> & co_op · Season 1 · Group A1\n" in out
    assert "&lt;" not in out and "\\_" not in out
    done = add_result(root / "content", ResultRequest("my-b-league-b-co-op", ("cho", "dee"), "W+R"))
    assert "### My &lt;b&gt;League&lt;/b&gt; &amp; co\\_op · Season 1 · Group A1\n" in pull_request_body(done, 3)


# --------------------------------------------------------------------------- game links


def test_result_add_link_becomes_the_games_link_key_and_the_pages_show_it(league, run):
    """--link is the game's ``link:`` (as docs/content-format.md, "Game records"), not a YAML
    comment no page reads: the group's crosstable and both players' pages link to it."""
    before = (league / SEASON).read_text(encoding="utf-8")
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R",
               "--link", "https://online-go.com/game/123")[0] == 0
    assert unified(before, (league / SEASON).read_text(encoding="utf-8")) == [
        "@@ -13 +13 @@",
        "-          - {players: [ann, cho]}",
        '+          - {black: ann, white: cho, result: B+R, date: 2025-04-01, link: "https://online-go.com/game/123"}']
    status, _, err = run("build")
    assert (status, err) == (0, [])
    group = (league / "output/leagues/club/1/a1/index.html").read_text(encoding="utf-8")
    assert group.count('<a class="record" href="https://online-go.com/game/123">') == 2
    for player in ("ann", "cho"):
        page = (league / f"output/players/{player}/index.html").read_text(encoding="utf-8")
        assert '<a href="https://online-go.com/game/123" rel="nofollow">Game</a>' in page


@pytest.mark.parametrize("link", ["javascript:alert(1)", "https://", "https://example.org/a\"b",
                                  "ftp://example.org/game"])
def test_result_add_refuses_a_link_the_content_format_refuses(league, run, link):
    before = (league / SEASON).read_text(encoding="utf-8")
    status, _, err = run("result", "add", "leagues/club", "ann", "cho", "B+R", "--link", link)
    assert status == 1 and err[0].endswith("[result.link]")
    assert (league / SEASON).read_text(encoding="utf-8") == before


LONG_LINK = "https://example.org/" + "g" * 480  # 500 characters, the content format's longest


@pytest.mark.parametrize("link", ["https://ex.org/ą", "https://ex.org/#x}{", LONG_LINK])
def test_result_add_takes_every_link_check_takes(league, run, link):
    """One check of a link for ``result add`` and the content (before: result add had its own,
    300 characters of URL characters only, and refused these three, which check accepts)."""
    assert len(LONG_LINK) == 500
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R", "--link", link)[0] == 0
    assert run("check")[0] == 0
    assert "link: " in (league / SEASON).read_text(encoding="utf-8")


@pytest.mark.parametrize("link, problem, in_content", [
    ("https://ex.org/a\u200bb", "holds the invisible character U+200B (ZERO WIDTH SPACE)", "record.link"),
    ("https://ex.org/\u2060x", "holds the invisible character U+2060 (WORD JOINER)", "record.link"),
    ("https://ex.org/\u202egpj.exe", "holds the invisible character U+202E (RIGHT-TO-LEFT OVERRIDE)",
     "text.character"),
    ("https://ex.org/\u00a0x", "holds a space, quote, angle bracket, backslash or control character",
     "record.link"),
    (LONG_LINK + "g", "the link is 501 characters long; at most 500 are allowed", "schema.text"),
])
def test_a_link_with_an_invisible_character_is_refused_by_result_add_and_check(league, run, link, problem,
                                                                               in_content):
    """A zero width space, a word joiner or a bidirectional override makes an address that
    reads as another: refused by the content format (before: check dropped U+200B and took the
    link) and so by result add, which uses the same check."""
    before = (league / SEASON).read_text(encoding="utf-8")
    status, _, err = run("result", "add", "leagues/club", "ann", "cho", "B+R", "--link", link)
    assert status == 1 and problem in err[0] and err[0].endswith("[result.link]")
    assert (league / SEASON).read_text(encoding="utf-8") == before
    (league / SEASON).write_text(before.replace(
        "- {players: [ann, cho]}", f'- {{black: ann, white: cho, result: B+R, link: "{link}"}}'),
        encoding="utf-8")
    status, _, err = run("check")
    assert status == 1 and err[0].startswith(f"{SEASON}:13:") and err[0].endswith(f"[{in_content}]")
    if in_content == "record.link":  # the others are refused before, by the text's own checks
        assert problem in err[0]


def test_result_add_link_on_a_tournament_game(tournament, run):
    assert run("result", "add", "tournaments/cup", "ann", "dee", "B+R", "--date", "2025-03-01",
               "--link", "https://online-go.com/game/9")[0] == 0
    assert unified(TOURNAMENT, tournament.read_text(encoding="utf-8")) == [
        "@@ -12 +12 @@",
        "-      - {white: dee, black: ann, handicap: 0, result: '?'}   # board 1",
        '+      - {white: dee, black: ann, handicap: 0, result: B+R, link: "https://online-go.com/game/9"} # board 1; 2025-03-01',
    ]
    assert run("build")[0] == 0
    assert '<a href="https://online-go.com/game/9" rel="nofollow">Game</a>' in Path(
        "output/players/dee/index.html").read_text(encoding="utf-8")


def test_result_add_link_on_a_swiss_match_is_its_record(swiss, run):
    """A Swiss match's record is its fourth item, {link: ...} (docs/content-format.md)."""
    assert run("result", "add", "spring/t1", "ann", "cho", "2-0",
               "--link", "https://online-go.com/game/5")[0] == 0
    assert unified(SWISS_T1, swiss.read_text(encoding="utf-8")) == [
        "@@ -6 +6 @@", "-      - [ann, cho]",
        '+      - [ann, cho, 2-0, {link: "https://online-go.com/game/5"}]']
    assert run("build")[0] == 0
    assert "https://online-go.com/game/5" in Path("output/players/cho/index.html").read_text(encoding="utf-8")


def test_result_add_link_on_a_ladder_game(ladder, run):
    assert run("result", "add", "ladders/club", "ben", "cho", "W+R", "--date", "2025-01-20",
               "--link", "https://online-go.com/game/8")[0] == 0
    assert unified(LADDER, ladder.read_text(encoding="utf-8")) == [
        "@@ -7,0 +8 @@",
        '+  - {date: 2025-01-20, white: cho, black: ben, result: W+R, link: "https://online-go.com/game/8"}']
    assert run("build")[0] == 0
    assert '<a href="https://online-go.com/game/8" rel="nofollow">Game</a>' in Path(
        "output/players/ben/index.html").read_text(encoding="utf-8")


def test_result_add_does_not_overwrite_a_link_the_game_has(league, run):
    """Like a result, a link entered is kept unless --replace."""
    season = league / SEASON
    season.write_text(season.read_text(encoding="utf-8").replace(
        "- {players: [ann, cho]}", '- {players: [ann, cho], link: "https://example.org/kept"}'), encoding="utf-8")
    before = season.read_text(encoding="utf-8")
    status, _, err = run("result", "add", "leagues/club", "ann", "cho", "B+R", "--link", "https://example.org/new")
    assert status == 1
    assert err[0] == ("content/leagues/club/seasons/1.yaml:13:13: error: ann - cho in group A1 already has "
                      "the link https://example.org/kept; it is not overwritten; to change it, run "
                      "sitegen result add again with --replace [result.entered]")
    assert season.read_text(encoding="utf-8") == before
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R")[0] == 0
    assert ('- {black: ann, white: cho, result: B+R, date: 2025-04-01, link: "https://example.org/kept"}'
            in season.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- dates


def test_result_add_dates_a_league_and_a_ladder_game_today_unless_date(league, ladder, run):
    """Without --date, the game is dated today ($SITEGEN_TODAY here); --date wins."""
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R")[0] == 0
    assert run("result", "add", "leagues/club", "ben", "dee", "W+R", "--date", "2025-03-30")[0] == 0
    season = (league / SEASON).read_text(encoding="utf-8")
    assert "- {black: ann, white: cho, result: B+R, date: 2025-04-01}\n" in season
    assert "- {black: ben, white: dee, result: W+R, date: 2025-03-30}\n" in season
    assert run("result", "add", "ladders/club", "ben", "cho", "W+R")[0] == 0
    assert ladder.read_text(encoding="utf-8").endswith(
        "  - {date: 2025-04-01, white: cho, black: ben, result: W+R}\n")


def test_result_add_without_sitegen_today_uses_the_local_date(league, run, monkeypatch):
    import datetime as dt

    monkeypatch.delenv("SITEGEN_TODAY")
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R")[0] == 0
    assert f"- {{black: ann, white: cho, result: B+R, date: {dt.date.today().isoformat()}}}\n" in (
        league / SEASON).read_text(encoding="utf-8")


def test_sitegen_today_must_be_an_iso_date(league, run, monkeypatch):
    monkeypatch.setenv("SITEGEN_TODAY", "1.4.2025")
    before = (league / SEASON).read_text(encoding="utf-8")
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R") == (1, "", [
        "$SITEGEN_TODAY: error: '1.4.2025' is not a date written YYYY-MM-DD; write it as "
        "2025-04-01 (1 April 2025) or 2025-01-04 (4 January 2025) [result.date]",
        "1 error; nothing was written"])
    assert (league / SEASON).read_text(encoding="utf-8") == before


@pytest.mark.parametrize("date, error", [
    ("5.3.2025", "'5.3.2025' is not a date written YYYY-MM-DD; write it as 2025-03-05 (5 March 2025) "
                 "or 2025-05-03 (3 May 2025)"),
    ("05/03/2025", "'05/03/2025' is not a date written YYYY-MM-DD; write it as 2025-03-05 (5 March "
                   "2025) or 2025-05-03 (3 May 2025)"),
    ("2025/3/5", "'2025/3/5' is not a date written YYYY-MM-DD; write it as 2025-03-05 (5 March 2025)"),
    ("2025-3-5", "'2025-3-5' is not a date written YYYY-MM-DD; write it as 2025-03-05 (5 March 2025)"),
    ("13.3.2025", "'13.3.2025' is not a date written YYYY-MM-DD; write it as 2025-03-13 (13 March 2025)"),
    ("3/13/2025", "'3/13/2025' is not a date written YYYY-MM-DD; write it as 2025-03-13 (13 March 2025)"),
    ("4.4.2025", "'4.4.2025' is not a date written YYYY-MM-DD; write it as 2025-04-04 (4 April 2025)"),
    ("31.2.2025", "'31.2.2025' is not a date; write it as YYYY-MM-DD, e.g. 2025-03-01"),
    ("March 5", "'March 5' is not a date; write it as YYYY-MM-DD, e.g. 2025-03-01"),
])
def test_result_add_shows_the_iso_dates_a_date_may_mean(league, run, date, error):
    """Never guessed: a date with the year last may be day-month or month-day (both shown
    when both exist); year first is read in the ISO order."""
    before = (league / SEASON).read_text(encoding="utf-8")
    assert run("result", "add", "leagues/club", "ann", "cho", "B+R", "--date", date) == (1, "", [
        f"sitegen result add: error: {error} [result.date]", "1 error; nothing was written"])
    assert (league / SEASON).read_text(encoding="utf-8") == before



def test_result_add_usage_shows_one_game_given_or_left_out(capsys, monkeypatch):
    """``sitegen result add --help``: the game is three words given once, or none with
    ``--players``: ``COMPETITION [BLACK WHITE RESULT]``, not argparse's ``[BLACK WHITE RESULT
    ...]`` for its ``nargs="*"`` (which says it may be repeated). At 100 columns, by hand; the
    argument's own line in the list is unchanged."""
    from sitegen.cli import main

    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit) as shown:
        main(["result", "add", "--help"])
    assert shown.value.code == 0
    out = capsys.readouterr().out
    assert out.split("\n\n")[0].splitlines() == [
        "usage: sitegen result add [-h] [--players A B] [--winner WINNER] [--result RESULT]",
        "                          [--season SEASON | --round N] [--date YYYY-MM-DD] [--link URL]",
        "                          [--replace]",
        "                          COMPETITION [BLACK WHITE RESULT]"]
    assert "  BLACK WHITE RESULT  the players by id or name, and the result (B+R, W+3.5, 0; 2-1 in Swiss)\n" in out
    assert "..." not in out.split("\n\n")[0]
