"""``sitegen import opengotha|h9``: content files written atomically, existing ids reused,
refusal to overwrite, positioned errors for bad files and nothing written on error."""

from __future__ import annotations

from pathlib import Path

from sitegen.formats.tournament_yaml import scalar

REF = Path(__file__).parent / "reference" / "opengotha"
XML = REF / "mcmahon-2019-handicap.xml"
H9 = REF / "mcmahon-2019-handicap.h9"


def content_files() -> list[str]:
    return sorted(p.as_posix() for p in Path("content").rglob("*") if p.is_file())


def test_import_opengotha_writes_tournament_and_players_then_builds(site, run):
    site({})
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 0, err
    assert out.splitlines() == [
        "wrote content/tournaments/juvisy.yaml: Tournoi de Juvisy, 19 players, 4 rounds, 36 games",
        "wrote content/players/juvisy.yaml: 19 new players",
        "check the files, then commit them"]
    text = Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8")
    assert "  criteria: [MMS, SOSM, SOSOSM]\n" in text
    assert "  absence: {nbw: 0, mms: 1/2}\n" in text
    assert ("  - {id: rosa-etienne, surname: Étienne, first_name: Rosa, rank: 3d, rating: 2322, "
            'club: "10Cj", country: FR}\n') in text
    assert "    absent: [noe-carmody]\n" in text
    assert "      - {white: zoe-garnier, black: felix-kowalczyk, handicap: 1, result: W+}\n" in text
    assert not [p for p in Path("content").rglob("*.tmp")]
    status, out, err = run("build")
    assert status == 0, err


def test_import_reuses_an_existing_player_id(site, run):
    """A person already in the players files (same name) keeps their id; no new entry."""
    site({"content/players.yaml": "players:\n  - {id: hugo, name: Hugo Yilmaz, rank: 1d}\n"})
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 0, err
    assert out.splitlines()[2] == "reused 1 existing players: hugo"
    text = Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8")
    assert "  - {id: hugo, surname: Yilmaz, first_name: Hugo, rank: 1d," in text
    assert "hugo-yilmaz" not in text
    players = Path("content/players/juvisy.yaml").read_text(encoding="utf-8")
    assert "Hugo" not in players and players.count("\n  - {id: ") == 18
    assert run("build")[0] == 0
    assert "Tournoi de Juvisy" in Path("output/players/hugo/index.html").read_text(encoding="utf-8")


def test_import_refuses_to_overwrite_an_existing_tournament(site, run):
    site({"content/tournaments/juvisy.yaml": "name: Mine\n"})
    before = content_files()
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 1 and out == ""
    assert err == [
        "content/tournaments/juvisy.yaml:1:1: error: content/tournaments/juvisy.yaml already "
        "exists; refusing to overwrite it; pass --id to import under another id, or remove the "
        "file first [import]",
        "1 error; nothing was written"]
    assert content_files() == before
    assert Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8") == "name: Mine\n"


def test_import_bad_xml_gives_a_positioned_error_and_writes_nothing(site, run):
    site({"bad.xml": "<Tournament>\n<Players>\n</Tournament>\n"})
    before = content_files()
    status, _out, err = run("import", "opengotha", "bad.xml")
    assert status == 1
    assert err == ["bad.xml:3:3: error: not well-formed XML: mismatched tag [opengotha.xml]",
                   "1 error; nothing was written"]
    assert content_files() == before


def test_import_bad_element_names_line_and_element(site, run):
    data = XML.read_bytes().replace(
        b'result="RESULT_WHITEWINS" roundNumber="4" tableNumber="9"',
        b'result="RESULT_WHITEWON" roundNumber="4" tableNumber="9"')
    site({})
    Path("t.xml").write_bytes(data)
    status, _out, err = run("import", "opengotha", "t.xml")
    assert status == 1
    assert err == ["t.xml:26:1: error: <Game>: result='RESULT_WHITEWON' is not an OpenGotha "
                   "result [opengotha.result]", "1 error; nothing was written"]
    assert not Path("content/tournaments").exists()
    assert not Path("content/players").exists()


def test_import_bad_h9_line_and_bad_id(site, run):
    site({"bad.h9": "; EV[T]\n   1 Nowak Jan 3k PL Wars 1 2+/w0\n   2 Kim Lee Seou 0 1-/b0\n"})
    status, _out, err = run("import", "h9", "bad.h9")
    assert status == 1
    assert sorted(err) == [
        "2 errors; nothing was written",
        "bad.h9:2:29: error: opponent 2 in round 1: there are only 1 players [h9.opponent]",
        "bad.h9:3:19: error: '0k': kyu ranks go from 30k to 1k [h9.rank]"]
    assert not Path("content/tournaments").exists()
    status, _out, err = run("import", "h9", str(H9), "--id", "../evil")
    assert status == 1
    assert err[0] == ("--id:1:1: error: tournament id '../evil' is not a valid id; use 1-64 "
                      "letters, digits, '-', '_' or '.', starting with a letter or digit [schema.id]")
    assert not Path("content/tournaments").exists()


def test_import_h9_without_rounds(site, run):
    site({"empty.h9": "; EV[T]\n"})
    status, _out, err = run("import", "h9", "empty.h9")
    assert status == 1
    assert err == ["empty.h9:1:1: error: the file holds no round results [import]",
                   "1 error; nothing was written"]
    assert not Path("content/tournaments").exists()


def test_import_h9_default_id_from_event_name(site, run):
    site({})
    status, out, err = run("import", "h9", str(H9))
    assert status == 0, err
    assert Path("content/tournaments/tournoi-de-juvisy.yaml").exists()


def test_yaml_scalar_quoting():
    assert [scalar(x) for x in ("Zoé", "10Cj", "no", "a: b", "O'Brien", "x #y", "")] == [
        "Zoé", '"10Cj"', '"no"', '"a: b"', "O'Brien", '"x #y"', '""']


def test_import_refuses_a_komi_that_is_not_a_number(site, run, tmp_path):
    """Found by fuzzing: komi="NaN" in <GeneralParameterSet> raised a traceback."""
    source = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"
    bad = tmp_path / "nan.xml"
    bad.write_bytes(source.read_bytes().replace(b'komi="7.5"', b'komi="NaN"'))
    site({})
    status, _, err = run("import", "opengotha", str(bad), "--id", "nan-test")
    assert status == 1
    assert err[0].endswith(":437:1: error: <GeneralParameterSet>: komi='NaN' is not a number of "
                           "points [opengotha.content]")
    assert not Path("content/tournaments/nan-test.yaml").exists()
