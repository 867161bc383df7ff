"""``sitegen check``: exit status 1 on any error, and GitHub workflow annotations.

Under ``GITHUB_ACTIONS=true`` each error is also printed to stdout as
``::error file=PATH,line=LINE,col=COL::MESSAGE; HINT`` so that it shows on the changed line of
a pull request. One case per kind of error (its code), with the position worked out by hand
from the content text: lines and columns are 1-based, a value's column is where its first
character stands.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.diagnostics import Diagnostic, SourcePos

ANNOTATION = re.compile(r"^::error file=[^,:]+,line=[1-9]\d*,col=[1-9]\d*::\S.*$")

HEAD = "name: S1\ndivisions:\n  - name: A\n    groups:\n      - name: A1\n"
LEAGUE = {"content/leagues/l/league.yaml": "name: L\n"}

CASES = {
    "yaml.syntax": (
        # The flow mapping is still open at the end of the file: line 3, column 1.
        # The wording after "YAML syntax error: " is the YAML parser's (it differs between
        # ruamel's loaders), so only this case compares up to there; see WORDING_FROM_PARSER.
        {"content/players.yaml": "players:\n  - {id: ann, name: Ann\n"},
        "::error file=content/players.yaml,line=3,col=1::YAML syntax error: "),
    "yaml.duplicate-key": (
        {"content/site.yaml": "title: A\nlanguage: en\ntitle: B\n"},
        "::error file=content/site.yaml,line=3,col=1::duplicate key 'title' (first at line 1); "
        "remove one of them"),
    "schema.unknown-key": (
        # "  - {id: ann, name: Ann, " is 25 characters: the key rnak starts in column 26.
        {"content/players.yaml": "players:\n  - {id: ann, name: Ann, rnak: 3k}\n"},
        "::error file=content/players.yaml,line=2,col=26::unknown key 'rnak' in a player; "
        "did you mean 'rank'?"),
    "rank.syntax": (
        # "    rank: " is 10 characters: the value 31k is in column 11 of line 4.
        {"content/players.yaml": "players:\n  - id: ann\n    name: Ann\n    rank: 31k\n"},
        "::error file=content/players.yaml,line=4,col=11::rank: '31k': kyu ranks go from 30k to 1k; "
        "expected e.g. 3k, 15k, 1d, 2d"),
    "player.duplicate": (
        # "  - {id: " is 9 characters: the second id is at line 3, column 10.
        {"content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: ann, name: Again}\n"},
        "::error file=content/players.yaml,line=3,col=10::player id 'ann' is used twice (first at "
        "line 2); give each person one id; reuse it everywhere"),
    "player.unknown": (
        # "        players: [ann, " is 23 characters: bbo is at line 6, column 24.
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bbo]\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=6,col=24::unknown player id 'bbo'; "
        "did you mean 'bob'?"),
    "result.syntax": (
        # "          - {black: ann, white: bob, result: " is 45 characters: column 46.
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bob]\n"
         "        games:\n          - {black: ann, white: bob, result: B+X}\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=8,col=46::result: 'B+X' is not a "
        "result; expected e.g. B+R, W+3.5, B+T, B+F (forfeit), 0 (jigo), Void, ? (unknown)"),
    "result.colour": (
        # "          - {players: [ann, bob], result: " is 42 characters: column 43.
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bob]\n"
         "        games:\n          - {players: [ann, bob], result: B+R}\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=8,col=43::result 'B+R' names a colour "
        "but the colours of this game are not given; use 'black:' and 'white:', or "
        "'winner: <player id>'"),
    "group.two-groups": (
        # "        players: [cy, " is 22 characters: ann is at line 8, column 23.
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bob]\n"
         "      - name: A2\n        players: [cy, ann]\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=8,col=23::player 'ann' is already in "
        "group A1 of this season (line 6); a player belongs to exactly one group per season"),
    "game.group": (
        # The game's mapping opens at "{", column 13 of line 8.
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bob]\n"
         "        games:\n          - {black: ann, white: cy, result: W+R}\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=8,col=13::game between players not "
        "in the same group: 'cy' is not in group A1; add the player to the group's 'players' or "
        "move the game"),
    "game.duplicate": (
        {**LEAGUE, "content/leagues/l/seasons/s1.yaml": HEAD + "        players: [ann, bob]\n"
         "        games:\n          - {black: ann, white: bob, result: W+R}\n"
         "          - {players: [bob, ann], winner: bob}\n"},
        "::error file=content/leagues/l/seasons/s1.yaml,line=9,col=13::the game bob - ann is "
        "entered twice (first at line 8); in a round-robin group each pair plays once; remove one entry"),
    "page.kind": (
        # Front matter starts after "---" on line 1; "kind: " is 6 characters: line 3, column 7.
        {"content/pages/x.md": "---\ntitle: X\nkind: blog\n---\nText.\n"},
        "::error file=content/pages/x.md,line=3,col=7::unknown page kind 'blog'; expected one of: "
        "page, news, rules"),
    "site.language": (
        # "language: " is 10 characters: column 11 of line 2.
        {"content/site.yaml": "title: T\nlanguage: e_n\n"},
        "::error file=content/site.yaml,line=2,col=11::language 'e_n' is not a language tag; "
        "use e.g. en, pl or pt-BR"),
}

WORDING_FROM_PARSER = {"yaml.syntax"}


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_annotates_each_error_kind(code, site, run, monkeypatch):
    files, annotation = CASES[code]
    site(files)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    status, out, err = run("check")
    assert status == 1
    [printed] = out.splitlines()
    if code in WORDING_FROM_PARSER:
        assert printed.startswith(annotation) and len(printed) > len(annotation)
    else:
        assert printed == annotation
    assert ANNOTATION.match(printed)
    # The same error, in the terminal form, with its code.
    position = re.match(r"::error file=([^,]+),line=(\d+),col=(\d+)::(.*)", printed).groups()
    assert err[0] == f"{position[0]}:{position[1]}:{position[2]}: error: {position[3]} [{code}]"
    assert err[-1] == "1 error"


def test_check_outside_github_prints_no_annotations(site, run, monkeypatch):
    files, _annotation = CASES["result.syntax"]
    site(files)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    status, out, err = run("check")
    assert status == 1 and out == ""
    assert err[0].startswith("content/leagues/l/seasons/s1.yaml:8:46: error: result: 'B+X'")


def test_check_annotates_every_error_of_a_run(site, run, monkeypatch):
    """Two mistakes in two files: two annotations, in file order, and exit status 1."""
    site({"content/site.yaml": "title: A\ntitle: B\n",
          "content/players.yaml": "players:\n  - {id: ann, name: Ann, rnak: 3k}\n"})
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    status, out, err = run("check")
    assert status == 1
    assert out.splitlines() == [CASES["schema.unknown-key"][1],
                                "::error file=content/site.yaml,line=2,col=1::duplicate key 'title' "
                                "(first at line 1); remove one of them"]
    assert err[-1] == "2 errors"


def test_check_missing_content_folder(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    status, out, _err = run("check")
    assert status == 1
    assert out.splitlines() == ["::error file=content,line=1,col=1::content folder not found; "
                                "run sitegen in the folder that holds content/, or pass --content"]


def test_check_valid_content_exits_0_without_annotations(site, run, monkeypatch):
    site({})
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    status, out, err = run("check")
    assert status == 0 and err == []
    assert not out.startswith("::") and "::error" not in out
    assert not Path("output").exists()  # check writes nothing


def test_annotation_escapes_workflow_command_syntax():
    """GitHub's workflow commands: %, CR and LF are escaped in the message; in properties also
    ':' and ','."""
    diagnostic = Diagnostic(SourcePos("content/a,b:c.yaml", 2, 3), "50% done\nnext line", "x.y")
    assert diagnostic.github_annotation() == (
        "::error file=content/a%2Cb%3Ac.yaml,line=2,col=3::50%25 done%0Anext line")
