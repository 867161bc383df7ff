"""One test per validation message, with its exact line and column (content format v1).

Each test writes a small content tree, runs ``sitegen build`` and expects exit status 1,
the exact positioned messages, and no ``output/`` folder.
"""

from pathlib import Path

import pytest

SEASON_HEAD = """\
name: S1
divisions:
  - name: A
    groups:
      - name: A1
"""


def errors(run, *argv):
    status, _out, err = run(*argv)
    assert status == 1
    assert err[-1].endswith("nothing was written")
    return err[:-1]


def build_errors(run):
    result = errors(run, "build")
    assert not Path("output").exists()
    return result


def test_yaml_syntax_error(site, run):
    site({"content/players.yaml": "players:\n  - {id: ann, name: Ann\n"})
    assert build_errors(run) == [
        "content/players.yaml:3:1: error: YAML syntax error: did not find expected ',' or '}'; "
        "the '{' at line 2, column 5 is not closed: end it with '}' [yaml.syntax]"]


def test_tab_indentation(site, run):
    site({"content/players.yaml": "players:\n\t- {id: ann, name: Ann}\n"})
    [message] = build_errors(run)
    assert message.startswith("content/players.yaml:2:1: error: YAML syntax error: found character")
    assert "indent with spaces, not tabs" in message


def test_duplicate_key(site, run):
    site({"content/site.yaml": "title: A\nlanguage: en\ntitle: B\n"})
    assert build_errors(run) == [
        "content/site.yaml:3:1: error: duplicate key 'title' (first at line 1); remove one of them "
        "[yaml.duplicate-key]"]


def test_unknown_key_with_did_you_mean(site, run):
    site({"content/players.yaml": "players:\n  - {id: ann, name: Ann, rnak: 3k}\n"})
    assert build_errors(run) == [
        "content/players.yaml:2:26: error: unknown key 'rnak' in a player; did you mean 'rank'? "
        "[schema.unknown-key]"]


def test_unknown_player_id_with_did_you_mean(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + "        players: [ann, bbo]\n"})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:6:24: error: unknown player id 'bbo'; did you mean "
        "'bob'? [player.unknown]"]


def test_result_does_not_parse(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "        games:\n"
              "          - {black: ann, white: bob, result: B+X}\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:46: error: result: 'B+X' is not a result; expected "
        "e.g. B+R, W+3.5, B+T, B+F (forfeit), 0 (jigo), Void, ? (unknown) [result.syntax]"]


def test_rank_does_not_parse(site, run):
    site({"content/players.yaml": "players:\n  - id: ann\n    name: Ann\n    rank: 31k\n"})
    assert build_errors(run) == [
        "content/players.yaml:4:11: error: rank: '31k': kyu ranks go from 30k to 1k; expected "
        "e.g. 3k, 15k, 1d, 2d [rank.syntax]"]


def test_player_in_two_groups_of_one_season(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "      - name: A2\n"
              "        players: [cy, ann]\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:23: error: player 'ann' is already in group A1 of "
        "this season (line 6); a player belongs to exactly one group per season [group.two-groups]"]


def test_game_between_players_not_in_the_same_group(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "        games:\n"
              "          - {black: ann, white: cy, result: W+R}\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:13: error: game between players not in the same "
        "group: 'cy' is not in group A1; add the player to the group's 'players' or move the "
        "game [game.group]"]


def test_same_game_entered_twice(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "        games:\n"
              "          - {black: ann, white: bob, result: W+R}\n"
              "          - {players: [bob, ann], winner: bob}\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:9:13: error: the game bob - ann is entered twice "
        "(first at line 8); in a round-robin group each pair plays once; remove one entry "
        "[game.duplicate]"]


def test_colour_result_without_colours(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "        games:\n"
              "          - {players: [ann, bob], result: B+R}\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:43: error: result 'B+R' names a colour but the "
        "colours of this game are not given; use 'black:' and 'white:', or 'winner: <player id>' "
        "[result.colour]"]


def test_yaml_12_words_stay_strings(site, run):
    """YAML 1.2: ids like NO, on, Yes and 0123 are strings, not booleans or numbers."""
    site({"content/players.yaml": "players:\n  - {id: NO, name: Yes}\n  - {id: 0123, name: on}\n"
                                  "  - {id: on, name: '0123'}\n"})
    status, _out, _err = run("build")
    assert status == 0
    assert Path("output/players/NO/index.html").exists()
    assert Path("output/players/0123/index.html").exists()
    assert Path("output/players/on/index.html").exists()
    assert "<h1>Yes</h1>" in Path("output/players/NO/index.html").read_text()


def test_every_error_in_one_run(site, run):
    """Mistakes of every kind in one tree: one positioned message each, output/ untouched."""
    Path("output").mkdir()
    Path("output/keep.html").write_text("previous site")
    Path("output/.sitegen-output").write_text("")  # a folder sitegen wrote before
    site({
        "content/site.yaml": "title: A\ntitle: B\n",
        "content/players.yaml": "players:\n  - {id: ann, name: Ann, rank: 3x}\n  - {id: bob, name: Bob}\n"
                                "  - {id: cy, name: Cy, clb: X}\n",
        "content/leagues/l/league.yaml": "name: L\n",
        "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
            "        players: [ann, bob, dan]\n"
            "        games:\n"
            "          - {black: ann, white: bob, result: B+Q}\n"
            "          - {black: ann, white: bob, result: W+R}\n"
            "          - {black: ann, white: cy, result: W+R}\n"
            "      - name: A2\n"
            "        players: [cy, bob]\n"),
        "content/leagues/m/league.yaml": "name: [\n",
    })
    found = errors(run, "build")
    assert [line.split(": error: ")[0] for line in found] == [
        "content/leagues/l/seasons/s1.yaml:6:29",   # unknown player dan
        "content/leagues/l/seasons/s1.yaml:8:46",   # result B+Q
        "content/leagues/l/seasons/s1.yaml:10:13",  # cy not in group A1
        "content/leagues/l/seasons/s1.yaml:12:23",  # bob in two groups
        "content/leagues/m/league.yaml:2:1",        # YAML syntax
        "content/players.yaml:2:32",                # rank 3x
        "content/players.yaml:4:24",                # unknown key clb
        "content/site.yaml:2:1",                    # duplicate key
    ]
    assert Path("output/keep.html").read_text() == "previous site"
    assert sorted(p.name for p in Path("output").iterdir()) == [".sitegen-output", "keep.html"]


@pytest.mark.parametrize("text, message", [
    ("players:\n  - {id: ../../etc/passwd, name: X}\n",
     "content/players.yaml:2:10: error: id '../../etc/passwd' is not a valid id; use 1-64 letters, "
     "digits, '-', '_' or '.', starting with a letter or digit [schema.id]"),
    ("a: &x [1]\nb: *x\n",
     "content/players.yaml:2:4: error: YAML anchors and aliases are not supported in content; "
     "write the value out in full [yaml.alias]"),
])
def test_hostile_yaml(site, run, text, message):
    site({"content/players.yaml": text})
    assert message in build_errors(run)


def test_required_key_without_value(site, run):
    site({"content/site.yaml": "title:\n"})
    assert build_errors(run) == [
        "content/site.yaml:1:1: error: 'title' has no value; give site.yaml a value for 'title' "
        "[schema.missing-value]"]


def test_game_with_an_empty_player(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob]\n"
              "        games:\n"
              "          - {black: ~, white: ann, result: W+R}\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:21: error: a game needs both 'black' and 'white'; "
        "'black' is empty [game.players]"]


def test_an_id_that_clashes_with_a_generated_page(site, run):
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + "        id: index.html\n        players: [ann]\n"})
    assert build_errors(run) == [
        "sitegen: error: 'leagues/l/s1/index.html' is both a file and a folder of the site; rename "
        "the group, page, season or id that clashes with a page the site makes itself [site.path]"]


def test_broken_players_file_does_not_bury_its_error_under_unknown_ids(site, run):
    """One syntax error in players.yaml: that error alone, not one 'unknown player' per use."""
    site({"content/players.yaml": "players:\n  - {id: ann, name: Ann\n",
          "content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + "        players: [ann, bob, cy]\n"})
    assert build_errors(run) == [
        "content/players.yaml:3:1: error: YAML syntax error: did not find expected ',' or '}'; "
        "the '{' at line 2, column 5 is not closed: end it with '}' [yaml.syntax]"]


def test_promoted_and_relegated_do_not_overlap(site, run):
    """league B.5: direct promotions and demotions may not overlap."""
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + (
              "        players: [ann, bob, cy]\n"
              "        promoted: [cy]\n"
              "        relegated: [cy, bob, bob]\n")})
    assert build_errors(run) == [
        "content/leagues/l/seasons/s1.yaml:8:21: error: 'cy' is listed as both promoted and relegated; "
        "direct promotions and demotions may not overlap (league B.5) [group.outcome]",
        "content/leagues/l/seasons/s1.yaml:8:30: error: 'bob' is listed twice as relegated; remove one "
        "[group.outcome]"]


def test_player_ids_differing_only_in_case_are_refused(site, run):
    """Windows and macOS file systems ignore case: players/Ann/ and players/ann/ would be one
    folder there. "  - {id: " is 9 characters: the second id is at line 3, column 10."""
    site({"content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: Ann, name: Ann B}\n"})
    assert build_errors(run) == [
        "content/players.yaml:3:10: error: player id 'Ann' differs from 'ann' (line 2) only in "
        "upper and lower case; Windows and macOS would take their pages for one; give the two "
        "players ids that differ in more than case [player.duplicate]"]


def test_other_addresses_differing_only_in_case_are_refused(site, run):
    """Two groups of a season whose ids differ only in case: one site-level error for the clash
    of their folders, not one per file below them."""
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": SEASON_HEAD + "        id: g\n        players: [ann]\n"
          "      - name: G2\n        id: G\n        players: [bob]\n"})
    assert build_errors(run) == [
        "sitegen: error: 'leagues/l/s1/G' and 'leagues/l/s1/g' differ only in upper and lower case, "
        "which Windows and macOS take for the same file; give the two ids different names, or "
        "write both the same way [site.path-case]"]


def test_an_id_ending_with_a_dot_is_refused(site, run):
    """Windows drops a trailing dot from folder names: 'trail.' and 'trail' would be one."""
    site({"content/players.yaml": "players:\n  - {id: trail., name: T}\n"})
    assert build_errors(run) == [
        "content/players.yaml:2:10: error: id 'trail.' ends with a dot, which Windows drops from "
        "folder names; leave the dot out: 'trail' [schema.id]"]


@pytest.mark.parametrize("ident, suggestion", [("con", "con-1"), ("NUL", "NUL-1"), ("com1", "com1-1"),
                                               ("aux.txt", "aux-1.txt"), ("com1.txt-1", "com1-1.txt-1")])
def test_windows_device_names_are_refused_as_ids(site, run, ident, suggestion):
    """Windows judges the part before the first dot: the suggestion adds to that part."""
    site({"content/players.yaml": f"players:\n  - {{id: {ident}, name: X}}\n"})
    assert build_errors(run) == [
        f"content/players.yaml:2:10: error: id '{ident}' is a name Windows keeps for a device; ids "
        f"become folder names; add to it, e.g. '{suggestion}' [schema.id]"]


def test_a_rank_that_is_not_a_rank_says_what_is_expected_once(site, run):
    """"  - {id: ann, name: Ann, rank: " is 31 characters: the rank is in column 32."""
    site({"content/players.yaml": "players:\n  - {id: ann, name: Ann, rank: 3x}\n"})
    assert build_errors(run) == [
        "content/players.yaml:2:32: error: rank: '3x' is not a rank; expected e.g. 3k, 15k, 1d, 2d "
        "[rank.syntax]"]


def test_a_date_outside_the_plausible_years_is_a_warning(site, run):
    """Years 1900 to 2199 (a fixed rule, not the clock's): 0001 and 9999 are warnings at the
    value (before: accepted silently; a ladder game of 0001 heads its log); 1900 and 2199
    pass."""
    site({"content/leagues/l/league.yaml": "name: L\n",
          "content/leagues/l/seasons/s1.yaml": "start: 9999-01-01\n" + SEASON_HEAD + (
              "        players: [ann, bob, cy]\n"
              "        games:\n"
              "          - {black: ann, white: bob, result: B+R, date: 0001-01-01}\n"
              "          - {black: ann, white: cy, result: B+R, date: 1900-01-01}\n"
              "          - {black: bob, white: cy, result: B+R, date: 2199-12-31}\n")})
    status, _out, err = run("check")
    assert status == 0
    assert [line for line in err if "date-range" in line] == [
        "content/leagues/l/seasons/s1.yaml:1:8: warning: start: 9999-01-01 is not in the years "
        "1900 to 2199; check the year: is it a typing error? [schema.date-range]",
        "content/leagues/l/seasons/s1.yaml:9:57: warning: date: 0001-01-01 is not in the years "
        "1900 to 2199; check the year: is it a typing error? [schema.date-range]"]
