"""``sitegen import ... --replace`` on the demo's tournament: a content file with errors is
never rewritten nor imported twice, and ``--results`` does what its messages say for a
player the file leaves out with their games (reviewer's findings on issue 14)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

XML = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"
TOURNAMENT = Path("content/tournaments/juvisy-2019.yaml")
ZOE_GAMES = [  # the demo's four games of Zoé Abelard, as content/tournaments/juvisy-2019.yaml has them
    "      - {white: olaf-abelard-2, black: zoe-abelard, handicap: 7, result: W+}\n",
    "      - {white: ximena-ishikawa, black: zoe-abelard, handicap: 8, result: W+}\n",
    "      - {white: noe-carmody, black: zoe-abelard, handicap: 9, result: B+}\n",
    "      - {white: daria-sorensen, black: zoe-abelard, handicap: 9, result: W+, "
    "sgf: games/juvisy-2019/round-4-board-1.sgf}\n"]
ZOE = ('  - {id: zoe-abelard, surname: Abelard, first_name: Zoé, rank: 18k, rating: 276, '
       'club: "01Ca", country: FR}\n')


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    """The demo content in a fresh folder, the current directory."""
    shutil.copytree(Path(__file__).parent.parent / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def snapshot() -> dict[str, bytes]:
    return {p.as_posix(): p.read_bytes() for p in sorted(Path("content").rglob("*")) if p.is_file()}


def test_replace_refuses_a_tournament_file_with_a_duplicate_key(demo, run):
    """A duplicate key at line 5: the import gives check's error at it and writes nothing
    (before: exit 0, the file rewritten from scratch, its heading, sgf and quotes lost)."""
    lines = TOURNAMENT.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(4, "location: X\n")
    TOURNAMENT.write_text("".join(lines), encoding="utf-8")
    before = snapshot()
    _status, _out, check_err = run("check")
    error = ("content/tournaments/juvisy-2019.yaml:6:1: error: duplicate key 'location' (first at "
             "line 5); remove one of them [yaml.duplicate-key]")
    assert error in check_err
    assert run("import", "opengotha", str(XML), "--replace") == (1, "", [error, "1 error; nothing was written"])
    assert snapshot() == before


@pytest.mark.parametrize("replace", [True, False])
def test_import_refuses_while_a_tournament_file_has_a_syntax_error(demo, run, replace):
    """A YAML syntax error in the tournament's file: --replace reports it (before: "not in the
    content; import it without --replace"), and so does a plain import (before: a second
    tournament file and a second players file were written)."""
    text = TOURNAMENT.read_text(encoding="utf-8").replace("location: Juvisy\n", "location: [Juvisy\n")
    TOURNAMENT.write_text(text, encoding="utf-8")
    before = snapshot()
    status, _out, err = run("import", "opengotha", str(XML), *(["--replace"] if replace else []))
    assert (status, err) == (1, [
        "content/tournaments/juvisy-2019.yaml:6:6: error: YAML syntax error: did not find expected "
        "',' or ']'; the '[' at line 5, column 11 is not closed: end it with ']' [yaml.syntax]",
        "1 error; nothing was written"])
    assert snapshot() == before


def _without_zoe() -> bytes:
    """The demo's XML without the player Zoé Abelard and her four games."""
    lines = XML.read_bytes().decode("utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not (line.startswith("<Game ") and 'ABELARDZOÉ"' in line)
            and not (line.startswith("<Player ") and 'name="Abelard" ' in line)]
    assert len(lines) - len(kept) == 5
    return "".join(kept).encode("utf-8")


def test_a_player_left_out_with_her_games_per_results_choice(demo, run):
    """Zoé Abelard and her 4 games left out of the file: refused by default (an error at each
    game); --results content keeps the games and her, the file unchanged (before: all 4 games
    deleted, though the warnings said the content's result was kept); --results file removes
    them, a warning each saying so."""
    Path("remove.xml").write_bytes(_without_zoe())
    text = TOURNAMENT.read_text(encoding="utf-8")
    assert ZOE in text and all(game in text for game in ZOE_GAMES)
    lines = text.splitlines(keepends=True)
    at = [lines.index(game) + 1 for game in ZOE_GAMES]
    status, _out, err = run("import", "opengotha", "remove.xml", "--replace")
    assert status == 1 and len(err) == 5
    assert err[3].startswith(f"content/tournaments/juvisy-2019.yaml:{at[3]}:9: error: round 4: "
                             "daria-sorensen (White) - zoe-abelard: W+ in the content, not in "
                             "remove.xml (nor is zoe-abelard); a result entered in the content "
                             "is not overwritten;")
    assert TOURNAMENT.read_text(encoding="utf-8") == text

    status, out, err = run("import", "opengotha", "remove.xml", "--replace", "--results", "content")
    assert status == 0
    assert err[3] == (f"content/tournaments/juvisy-2019.yaml:{at[3]}:9: warning: round 4: "
                      "daria-sorensen (White) - zoe-abelard: W+ in the content, not in remove.xml "
                      "(nor is zoe-abelard); the game is kept as the content has it, and "
                      "zoe-abelard stays in the tournament's players (--results content) [import.result]")
    assert out.splitlines()[0] == ("replaced content/tournaments/juvisy-2019.yaml: Tournoi de "
                                   "Juvisy, 19 players, 4 rounds, 36 games")
    assert TOURNAMENT.read_text(encoding="utf-8") == text
    assert run("check")[0] == 0

    status, out, err = run("import", "opengotha", "remove.xml", "--replace", "--results", "file")
    assert status == 0
    assert [e.split(": warning: ")[0] for e in err[:4]] == [
        f"content/tournaments/juvisy-2019.yaml:{n}:9" for n in at]
    assert err[0].split(": warning: ")[1] == (
        "round 1: olaf-abelard-2 (White) - zoe-abelard: W+ in the content, not in remove.xml "
        "(nor is zoe-abelard); the game is removed from the content, and zoe-abelard with it "
        "from the tournament's players (--results file) [import.result]")
    assert out.splitlines()[0] == ("replaced content/tournaments/juvisy-2019.yaml: Tournoi de "
                                   "Juvisy, 18 players, 4 rounds, 32 games")
    after = TOURNAMENT.read_text(encoding="utf-8")
    assert ZOE not in after and not any(game in after for game in ZOE_GAMES)
    assert after == "".join(line for line in lines if line != ZOE and line not in ZOE_GAMES)


def test_replace_keeps_the_family_names_of_the_players_file_and_gives_a_new_player_hers(demo, run):
    """The players file is the organizer's: a re-import that brings a late entry (Anna van der
    Berg, registered in OpenGotha after round 4) adds her line, with the family name the file
    gives, and leaves every other line as it was: a family_name removed by hand (Zoé Abelard's)
    is not put back, one written by hand (Pia Quintero filed under Pia) is not recomputed."""
    players = Path("content/players/juvisy-2019.yaml")
    text = (players.read_text(encoding="utf-8")
            .replace("name: Zoé Abelard, family_name: Abelard,", "name: Zoé Abelard,")
            .replace("name: Pia Quintero, family_name: Quintero,", "name: Pia Quintero, family_name: Pia,"))
    players.write_text(text, encoding="utf-8")
    late = ('<Player agaExpirationDate="" agaId="" club="12Cl" country="NL" egfPin="" ffgLicence="" '
            'ffgLicenceStatus="L" firstName="Anna" grade="6K" name="van der Berg" '
            'participating="00000000000000000000" rank="6K" rating="1500" ratingOrigin="" '
            'registeringStatus="FIN" smmsCorrection="0" />\n')
    source = demo / "late.xml"
    xml = XML.read_text(encoding="utf-8")
    at = xml.index("<Player ")
    source.write_text(xml[:at] + late + xml[at:], encoding="utf-8")
    status, out, err = run("import", "opengotha", str(source), "--replace")
    assert status == 0, err
    assert players.read_text(encoding="utf-8") == text + (
        "  - {id: anna-van-der-berg, name: Anna van der Berg, family_name: van der Berg, rank: 6k, "
        "rating: 1500, club: 12Cl, country: NL}\n")
