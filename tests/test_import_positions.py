"""``sitegen import``: another tournament with the same name and dates is refused, not merged
into the content's; every error points at a position in a file that exists (issue 30 finding
11). The files are the demo's real OpenGotha and h9 exports, mutated."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

REF = Path(__file__).parent / "reference" / "opengotha"
XML = REF / "mcmahon-2019-handicap.xml"
H9 = REF / "mcmahon-2019-handicap.h9"
PLAYER = re.compile(r'firstName="([^"]*)" grade="[^"]*" name="([^"]*)"')
LATE = ('<Player agaExpirationDate="" agaId="" club="01Ca" country="FR" egfPin="" ffgLicence="" '
        'ffgLicenceStatus="L" firstName="Late{n}" grade="20K" name="Comer" participating="0000" '
        'rank="20K" rating="100" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0" />\n')


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    """The demo content in a fresh folder, the current directory."""
    shutil.copytree(Path(__file__).parent.parent / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def snapshot() -> dict[str, bytes]:
    return {p.as_posix(): p.read_bytes() for p in sorted(Path("content").rglob("*")) if p.is_file()}


def mutated(renamed: int, late: int = 0) -> str:
    """The demo's XML with its first ``renamed`` players' surnames given an ``x`` (in their
    games' keys too: OpenGotha's key is surname and first name) and ``late`` players added
    without games (absent from every round)."""
    text = XML.read_text(encoding="utf-8")
    for m in list(PLAYER.finditer(text))[:renamed]:
        first, surname = m.groups()
        text = text.replace(m.group(0), m.group(0).replace(f'name="{surname}"', f'name="{surname}x"'))
        text = text.replace(f'"{(surname + first).upper()}"', f'"{(surname + "x" + first).upper()}"')
    late_lines = "".join(LATE.format(n=n) for n in range(1, late + 1))
    return text.replace("</Players>", late_lines + "</Players>", 1)


def refused(found: int, total: int) -> str:
    return (f"content/tournaments/juvisy-2019.yaml:4:1: error: other.xml has the name and dates of "
            f"content/tournaments/juvisy-2019.yaml but only {found} of its {total} players are in "
            "it: it looks like another tournament; import it under a new id, without --replace: "
            "sitegen import ... --id NEW_ID; or, if it is this tournament, check that other.xml is "
            "the right file (a re-import matches players by surname and first name) "
            "[import.another-tournament]")


@pytest.mark.parametrize("renamed, late, found, total", [(16, 0, 3, 19), (10, 0, 9, 19), (9, 2, 10, 21)])
@pytest.mark.parametrize("results", [["--results", "content"], ["--results", "file"], []])
def test_another_tournament_with_the_same_name_and_dates_is_refused(demo, run, renamed, late,
                                                                     found, total, results):
    """Fewer than half of the file's players are the content's tournament's: refused at the
    content's file, nothing written (before: --results content merged it into juvisy-2019)."""
    Path("other.xml").write_text(mutated(renamed, late), encoding="utf-8")
    before = snapshot()
    assert run("import", "opengotha", "other.xml", "--replace", *results) == (
        1, "", [refused(found, total), "1 error; nothing was written"])
    assert snapshot() == before
    status, _out, err = run("import", "opengotha", "other.xml")
    assert (status, err) == (1, [refused(found, total), "1 error; nothing was written"])


def test_another_tournament_imports_under_a_new_id_and_is_replaced_there(demo, run):
    """The hint's --id NEW_ID imports it as a second tournament of that name; --replace then
    finds that one (most players in common), and juvisy-2019 stays as it was."""
    Path("other.xml").write_text(mutated(16), encoding="utf-8")
    old = Path("content/tournaments/juvisy-2019.yaml").read_bytes()
    status, out, _err = run("import", "opengotha", "other.xml", "--id", "juvisy-b")
    assert status == 0
    assert out.startswith("wrote content/tournaments/juvisy-b.yaml: Tournoi de Juvisy, 19 players")
    status, out, _err = run("import", "opengotha", "other.xml", "--replace")
    assert status == 0
    assert out.startswith("replaced content/tournaments/juvisy-b.yaml: Tournoi de Juvisy, 19 players")
    assert Path("content/tournaments/juvisy-2019.yaml").read_bytes() == old


@pytest.mark.parametrize("renamed, late, new", [(1, 2, 3), (8, 2, 10), (9, 0, 9)])
def test_a_re_import_with_players_renamed_or_added_late_still_replaces(demo, run, renamed, late, new):
    """A genuine re-import: players added late, some renamed (half of the file's players or
    more are the content's): it replaces juvisy-2019 (--results file for the renamed players'
    games, which the file gives to new players)."""
    Path("other.xml").write_text(mutated(renamed, late), encoding="utf-8")
    status, out, err = run("import", "opengotha", "other.xml", "--replace", "--results", "file")
    assert status == 0, err
    assert out.splitlines()[:2] == [
        f"replaced content/tournaments/juvisy-2019.yaml: Tournoi de Juvisy, {19 + late} players, "
        "4 rounds, 36 games", f"added to content/players/juvisy-2019.yaml: {new} new players"]


def assert_paths_exist(lines: list[str]) -> None:
    """Each error's path (before ``:line:col:``) is a file on disk."""
    for line in lines[:-1]:
        path = re.match(r"(.+?):\d+:\d+: error: ", line)
        assert path is not None and Path(path.group(1)).is_file(), line


def test_a_renamed_player_re_imported_is_an_error_at_the_imported_games(demo, run):
    """Noé Carmody renamed Noah in the file, re-imported keeping the content's results: the
    file's games of Noah and the kept games of noe-carmody pair her opponents twice. Each error
    is at the file's game, naming the line of the text the import would write (before: at that
    line of juvisy-2019.yaml, which holds another game there)."""
    text = XML.read_text(encoding="utf-8").replace('firstName="Noé"', 'firstName="Noah"')
    Path("renamed.xml").write_text(text.replace('"CARMODYNOÉ"', '"CARMODYNOAH"'), encoding="utf-8")
    before = snapshot()
    status, _out, err = run("import", "opengotha", "renamed.xml", "--replace", "--results", "content")
    written = "(in content/tournaments/juvisy-2019.yaml as the import would write it, line"
    assert (status, err) == (1, [
        f"renamed.xml:43:1: error: player 'zoe-abelard' is paired twice in round 3 (first at line "
        f"83) {written} 84) [round.paired-twice]",
        f"renamed.xml:46:1: error: player 'olaf-abelard-2' is paired twice in round 2 (first at "
        f"line 64) {written} 65) [round.paired-twice]",
        f"renamed.xml:55:1: error: player 'bruno-okonkwo' is paired twice in round 4 (first at "
        f"line 91) {written} 92) [round.paired-twice]",
        "3 errors; nothing was written"])
    assert_paths_exist(err)
    assert snapshot() == before


def test_h9_errors_of_the_text_to_be_written_are_at_the_h9_file(tmp_path, monkeypatch, run):
    """A handicap correction of 99 (HA tag, line 5) and a game's handicap of 99 (line 17): each
    error is at the h9 file's tag or game (before: at content/tournaments/tournoi-de-juvisy.yaml,
    which does not exist)."""
    monkeypatch.chdir(tmp_path)
    Path("content").mkdir()
    Path("content/site.yaml").write_text("title: T\n", encoding="utf-8")
    data = H9.read_bytes().replace(b"HA[h1]", b"HA[h99]").replace(b"16+/w4", b"16+/w99", 1)
    Path("t.h9").write_bytes(data)
    status, _out, err = run("import", "h9", "t.h9")
    written = "(in content/tournaments/tournoi-de-juvisy.yaml as the import would write it, line"
    assert (status, err) == (1, [
        f"t.h9:5:6: error: handicap_correction: 99 is out of range -1..3 {written} 12); expected "
        "a whole number [schema.value]",
        f"t.h9:17:95: error: handicap: 99 is out of range 0..30 {written} 86); expected a whole "
        "number [schema.value]",
        "2 errors; nothing was written"])
    assert_paths_exist(err)
    assert not Path("content/tournaments").exists()
    assert data.splitlines()[4][5:8] == b"h99" and data.splitlines()[16][94:101] == b"16+/w99"
