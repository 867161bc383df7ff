"""``sitegen player add``: a player added to content/players.yaml with the file's comments and
order kept, the default id, and the refusals with their exact messages; which players file it
writes when the players are kept in content/players/*.yaml, as in the demo, and ``--file``.

The repository is the one ``sitegen new --kind league --name Club`` writes: its players file
has two comment lines and four players, ann to dee ("Ann Example", ...).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen.commands.new import new_repository
from sitegen.commands.player import default_id, players_file
from sitegen.diagnostics import Diagnostics, SitegenError, SourcePos
from sitegen.model.common import Player
from sitegen.validate import read_common, shown_path

PLAYERS = "content/players.yaml"


@pytest.fixture
def league(tmp_path, monkeypatch):
    root = new_repository(tmp_path / "club", "Club", "league")
    monkeypatch.chdir(root)
    return root


def test_player_add_appends_one_line_and_keeps_the_rest_of_the_file(league, run):
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Łukasz Wąsowski", "--rank", "4 kyu", "--rating", "1850",
                           "--country", "PL", "--club", "Warszawa")
    assert (status, err) == (0, [])
    assert out == "added lukasz-wasowski (Łukasz Wąsowski) to content/players.yaml:8\n"
    assert (league / PLAYERS).read_text(encoding="utf-8") == before + (
        "  - {id: lukasz-wasowski, name: Łukasz Wąsowski, rank: 4k, rating: 1850, club: Warszawa, "
        "country: PL}\n")
    assert run("check")[0] == 0


def test_player_add_keeps_block_entries_comments_and_the_comments_that_end_the_file(league, run):
    """The new entry follows the last one, in its (block) style, before the closing comments."""
    (league / PLAYERS).write_text(
        "# Our players\n"
        "players:\n"
        "  - id: ann   # the founder\n"
        "    name: Ann Example\n"
        "\n"
        "  # joined in 2024\n"
        "  - id: ben\n"
        '    name: "Ben Example"\n'
        "    rank: 5k\n"
        "# Add new players above this line.\n", encoding="utf-8")
    status, out, _ = run("player", "add", "Eve Example", "--club", "Go: Club")
    assert (status, out) == (0, "added eve-example (Eve Example) to content/players.yaml:10\n")
    assert (league / PLAYERS).read_text(encoding="utf-8") == (
        "# Our players\n"
        "players:\n"
        "  - id: ann   # the founder\n"
        "    name: Ann Example\n"
        "\n"
        "  # joined in 2024\n"
        "  - id: ben\n"
        '    name: "Ben Example"\n'
        "    rank: 5k\n"
        "  - id: eve-example\n"
        "    name: Eve Example\n"
        "    club: 'Go: Club'\n"
        "# Add new players above this line.\n")


def test_player_add_writes_the_family_name_after_the_name_in_one_line_or_a_block(league, run):
    """--family-name is written after ``name`` (the order of docs/content-format.md), in the
    style of the last entry: one line, then (a block entry last) a block."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Wim de Groot", "--family-name", "de Groot", "--rank", "3k")
    assert (status, out, err) == (0, "added wim-de-groot (Wim de Groot) to content/players.yaml:8\n", [])
    assert (league / PLAYERS).read_text(encoding="utf-8") == before + (
        "  - {id: wim-de-groot, name: Wim de Groot, family_name: de Groot, rank: 3k}\n")
    (league / PLAYERS).write_text("players:\n  - id: ann\n    name: Ann Example\n", encoding="utf-8")
    status, out, _ = run("player", "add", "Gao Lin", "--family-name", "Gao")
    assert (status, out) == (0, "added gao-lin (Gao Lin) to content/players.yaml:4\n")
    assert (league / PLAYERS).read_text(encoding="utf-8") == (
        "players:\n  - id: ann\n    name: Ann Example\n"
        "  - id: gao-lin\n    name: Gao Lin\n    family_name: Gao\n")


def test_player_add_refuses_a_family_name_that_is_not_whole_words_of_the_name(league, run):
    """The file's rule and words (:func:`sitegen.validate.read_player`), at the command, naming
    the option as typed, --family-name, and its example as a command (stop 52's newcomer: the
    error said "family_name", the players file's key, to someone who typed --family-name)."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Gao Lin", "--family-name", "Ga")
    assert (status, out) == (1, "")
    assert err == [
        "sitegen player add: error: --family-name 'Ga' is not part of the name 'Gao Lin'; write "
        "the family name as the name writes it: one or more of its whole words, e.g. \"Gao Lin\" "
        "--family-name Gao [player.family-name]",
        "1 error; nothing was written"]
    assert run("player", "add", "Anna van der Berg", "--family-name", "Berg van der")[2][0].endswith(
        "[player.family-name]")
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_writes_a_players_file_when_there_is_none(tmp_path, monkeypatch, run):
    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    status, out, _ = run("player", "add", "Eve Example", "--rank", "4k")
    assert (status, out) == (0, "added eve-example (Eve Example) to content/players.yaml:3 (a new players file)\n")
    assert (tmp_path / PLAYERS).read_text(encoding="utf-8") == (
        "# Every player once, with an id that never changes (it is part of their page's address).\n"
        "players:\n"
        "  - {id: eve-example, name: Eve Example, rank: 4k}\n")


def test_default_id_is_the_importers_slug_made_unique():
    players = {"eve-example": Player("eve-example", "Eve Example"), "Con-2": Player("Con-2", "X")}
    assert default_id("Zoé  Abelard", players) == "zoe-abelard"
    assert default_id("Eve Example!", players) == "eve-example-2"
    assert default_id("Con", players) == "con-3"  # con: a Windows device name; con-2: taken in another case
    assert default_id("李伟", players) == "liwei"  # no Latin letter: its transliteration
    assert default_id("…", players) == "player"


def test_player_add_refuses_a_name_that_folds_to_an_existing_players(league, run):
    assert run("player", "add", "Łukasz Wąsowski")[0] == 0
    before = (league / PLAYERS).read_text(encoding="utf-8")
    for typed in ("Lukasz Wasowski", "WASOWSKI  łukasz"):
        status, out, err = run("player", "add", typed)
        assert (status, out) == (1, "")
        suggested = "lukasz-wasowski-2" if typed == "Lukasz Wasowski" else "wasowski-lukasz"
        assert err == [
            f"sitegen player add: error: '{typed}' is already a player: "
            "lukasz-wasowski (Łukasz Wąsowski), content/players.yaml:8; if this is another "
            f"person, give them an id of their own, e.g. --id {suggested} [player.duplicate]",
            "1 error; nothing was written"]
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_with_id_adds_a_second_player_of_the_same_name(league, run):
    assert run("player", "add", "Łukasz Wąsowski")[0] == 0
    status, out, err = run("player", "add", "Lukasz Wasowski", "--id", "lukasz-wasowski-2")
    assert (status, err) == (0, [])
    assert out == "added lukasz-wasowski-2 (Lukasz Wasowski) to content/players.yaml:9\n"
    assert (league / PLAYERS).read_text(encoding="utf-8").endswith(
        "  - {id: lukasz-wasowski, name: Łukasz Wąsowski}\n"
        "  - {id: lukasz-wasowski-2, name: Lukasz Wasowski}\n")


def test_player_add_refuses_an_id_taken_in_any_case(league, run):
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, _, err = run("player", "add", "Anna Other", "--id", "ANN")
    assert status == 1
    assert err == [
        "sitegen player add: error: the id 'ANN' is taken (as 'ann', in another case) by Ann "
        "Example at content/players.yaml:4; give the new player another id with --id "
        "[player.duplicate]",
        "1 error; nothing was written"]
    status, _, err = run("player", "add", "Anna Other", "--id", "ben")
    assert err[0] == ("sitegen player add: error: the id 'ben' is taken by Ben Example at "
                      "content/players.yaml:5; give the new player another id with --id "
                      "[player.duplicate]")
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_refuses_bad_values_as_the_players_file_would_all_at_once(league, run):
    """Each value the validator refuses is named by its option as typed (--rank, --id,
    --rating; stop 53: "rank:", "id", "rating:", the players file's keys)."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Eve Example", "--id", "eve/x", "--rank", "40k",
                           "--rating", "5000", "--country", "POL")
    assert (status, out) == (1, "")
    assert err == [
        "sitegen player add: error: --country POL: three letters; a country code has two; did "
        "you mean PL? [player.country]",
        "sitegen player add: error: --rank '40k': kyu ranks go from 30k to 1k; expected e.g. "
        "3k, 15k, 1d, 2d [rank.syntax]",
        "sitegen player add: error: --id 'eve/x' is not a valid id; use 1-64 letters, digits, "
        "'-', '_' or '.', starting with a letter or digit [schema.id]",
        "sitegen player add: error: --rating 5000 is out of range -1000..4000; expected a whole "
        "number [schema.value]",
        "4 errors; nothing was written"]
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_writes_a_country_code_in_upper_case_and_a_file_keeps_its_own(league, run):
    """ISO 3166 codes are written in upper case, as the demo's players files do (country: FR):
    ``--country fr`` writes FR (stop 51: "--country fr" was shown as "fr"). A players file's
    country is read as written, at most two characters: ``pl`` stays ``pl`` and OpenGotha's
    ``12`` stays ``12`` (real exports carry such codes; an import must not be refused for it)."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Zoé Garnier", "--country", "fr")
    assert (status, err) == (0, [])
    assert (league / PLAYERS).read_text(encoding="utf-8") == before + (
        "  - {id: zoe-garnier, name: Zoé Garnier, country: FR}\n")
    (league / PLAYERS).write_text(before + "  - {id: eve, name: Eve Example, country: pl}\n"
                                  "  - {id: ola, name: Ola Nowak, country: '12'}\n", encoding="utf-8")
    diags = Diagnostics()
    players = read_common(league / "content", diags).players
    assert (players["eve"].country, players["ola"].country) == ("pl", "12")
    assert not diags.items


@pytest.mark.parametrize(("code", "said"), [
    ("zz", "--country zz: no country has this ISO 3166 code; give the country's two-letter code, "
           "e.g. FR for France, GB for the United Kingdom; or leave --country out"),
    ("fra", "--country fra: three letters; a country code has two; did you mean FR?"),
    ("uk", "--country uk: not an ISO 3166 country code; did you mean GB?"),
    ("F", "--country F: a country code is two letters; give the ISO 3166 code, e.g. FR for "
          "France, GB for the United Kingdom; or leave --country out"),
    ("12", "--country 12: a country code is two letters; give the ISO 3166 code, e.g. FR for "
           "France, GB for the United Kingdom; or leave --country out"),
    ("é1", "--country é1: a country code is two letters; give the ISO 3166 code, e.g. FR for "
           "France, GB for the United Kingdom; or leave --country out")])
def test_player_add_refuses_a_country_that_is_not_an_iso_3166_code(league, run, code, said):
    """On the command line a country is an officially assigned ISO 3166-1 alpha-2 code (stop
    52's newcomer check: ``--country zz`` was written as ZZ, ``fra`` refused only as "3
    characters long"): an alpha-3 code gets its alpha-2 code (FRA is France's, FR), a code in
    common use that ISO assigns otherwise the one meant (the United Kingdom is GB). Nothing is
    written. A players file still reads its country as written (test above: ``12`` stays). The
    message quotes the value as typed (stop 53's newcomer: ``fra`` was quoted ``FRA``)."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Eve Example", "--country", code)
    assert (status, out, err) == (1, "", [f"sitegen player add: error: {said} [player.country]",
                                          "1 error; nothing was written"])
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_takes_a_family_name_in_another_case_as_the_name_writes_it(league, run):
    """``--family-name lee`` for "Ann Lee": the name's last word apart from case, written as
    the name writes it, Lee (stop 52: refused as "not part of the name"); so are several words
    (``VAN DER BERG`` of "Anna van der Berg"). Words that are not the name's are still refused."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    assert run("player", "add", "Ann Lee", "--family-name", "lee")[0] == 0
    assert run("player", "add", "Anna van der Berg", "--family-name", "VAN DER BERG")[0] == 0
    assert (league / PLAYERS).read_text(encoding="utf-8") == before + (
        "  - {id: ann-lee, name: Ann Lee, family_name: Lee}\n"
        "  - {id: anna-van-der-berg, name: Anna van der Berg, family_name: van der Berg}\n")
    assert run("player", "add", "Ann Leeds", "--family-name", "lee")[2][0].endswith("[player.family-name]")


@pytest.mark.parametrize("name", ["", "   "])
def test_player_add_refuses_an_empty_name_with_one_error(league, run, name):
    """An empty name is one error saying what to give (stop 52: two errors, "'name' has no
    value" and "name is empty", for one mistake)."""
    status, out, err = run("player", "add", name)
    assert (status, out, err) == (1, "", [
        "sitegen player add: error: the name is empty; give the player's name, e.g. sitegen "
        "player add \"Eve Example\" [player.name]", "1 error; nothing was written"])


FAMILIES = ("players:\n  - {id: ann-smith, name: Ann Smith, family_name: Smith}\n"
            "  - {id: ben-jones, name: Ben Jones, family_name: Jones}\n")


def test_player_add_warns_when_every_other_player_of_the_file_has_a_family_name(league, run):
    """Ann Smith and Ben Jones are filed under S and J (their family names); Łucja Nowak without
    --family-name would be filed under L (her name's first letter, folded): a warning says
    so, and she is added all the same (a warning, not a refusal)."""
    (league / PLAYERS).write_text(FAMILIES, encoding="utf-8")
    status, out, err = run("player", "add", "Łucja Nowak")
    assert (status, out) == (0, "added lucja-nowak (Łucja Nowak) to content/players.yaml:4\n")
    assert err == [
        "sitegen player add: warning: lucja-nowak has no family_name, where the other 2 players of "
        "content/players.yaml have one: the players index files Łucja Nowak under 'L', the first "
        "letter of the name, the others under their family name's; if it is 'Nowak', add "
        "'family_name: Nowak' to the entry (or give --family-name next time) [player.family-name]"]
    assert (league / PLAYERS).read_text(encoding="utf-8").endswith(
        "  - {id: lucja-nowak, name: Łucja Nowak}\n")


def test_player_add_gives_no_family_name_warning_where_it_would_not_help(league, run):
    """No warning: with --family-name; for a one-word name (filed under its own letter either
    way); and in a file where a player already has none (the scaffold's, "Ann Example"...)."""
    (league / PLAYERS).write_text(FAMILIES, encoding="utf-8")
    assert run("player", "add", "Cleo Park", "--family-name", "Park")[2] == []
    assert run("player", "add", "Madonna")[2] == []
    assert run("player", "add", "Dee Kim")[2] == []  # Madonna has no family name


def test_player_add_refuses_when_a_players_file_does_not_validate(league, run):
    with open(league / PLAYERS, "a", encoding="utf-8") as handle:
        handle.write("  - {id: ann, name: Ann Again}\n")
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, _, err = run("player", "add", "Eve Example")
    assert status == 1
    assert err == [
        "content/players.yaml:8:10: error: player id 'ann' is used twice (first at line 4); "
        "give each person one id; reuse it everywhere [player.duplicate]",
        "1 error; nothing was written"]
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


# --------------------------------------------------------------------------- which players file
# The demo keeps its players in content/players/*.yaml and has no content/players.yaml (stop 48's
# newcomer check: the help and the docs said the command writes content/players.yaml; stop 49's:
# the one holding the most players, the online league's, is no club organizer's choice). Its four
# files hold, by hand count of their entries: club.yaml 40 (43 lines), iglo.yaml 104 (106 lines),
# juvisy-2019.yaml 19, swiss.yaml 26.

DEMO = Path(__file__).resolve().parent.parent / "content"


@pytest.fixture
def demo_players(tmp_path, monkeypatch):
    """A copy of the demo's site.yaml and players files (all ``player add`` reads) in
    tmp_path/content, the working folder tmp_path."""
    content = tmp_path / "content"
    content.mkdir()
    shutil.copyfile(DEMO / "site.yaml", content / "site.yaml")
    shutil.copytree(DEMO / "players", content / "players")
    monkeypatch.chdir(tmp_path)
    return content


def test_player_add_on_the_demo_asks_which_players_file(demo_players, run):
    """No players.yaml and four players/*.yaml (stop 49's newcomer finding: a club organizer's
    new player went to players/iglo.yaml, the online league's handles, for holding the most
    players): refused, exit 1, nothing written; the message lists the four files with their
    players, by hand count (40, 104, 19, 26), and the --file hint names the first by name. A
    wrong rank is reported with it, all at once."""
    before = {path.name: path.read_bytes() for path in (demo_players / "players").iterdir()}
    status, out, err = run("player", "add", "Eve Example", "--rank", "4k")
    assert (status, out) == (1, "")
    files = ("4 players files in content/players and no content/players.yaml: club.yaml (40 players), "
             "iglo.yaml (104 players), juvisy-2019.yaml (19 players), swiss.yaml (26 players); say which "
             "one this player goes in with --file, e.g. --file players/club.yaml [player.file]")
    assert err == [f"sitegen player add: error: {files}", "1 error; nothing was written"]
    assert {path.name: path.read_bytes() for path in (demo_players / "players").iterdir()} == before
    assert not (demo_players / "players.yaml").exists()
    status, out, err = run("player", "add", "Eve Example", "--rank", "4x")
    assert (status, out) == (1, "") and len(err) == 3 and err[-1] == "2 errors; nothing was written"
    assert f"sitegen player add: error: {files}" in err
    assert {path.name: path.read_bytes() for path in (demo_players / "players").iterdir()} == before


def test_player_add_writes_the_only_players_file_of_the_folder(demo_players, run):
    """players/club.yaml alone in players/ (the others removed), no players.yaml: nothing to
    choose, the player goes at its end, line 44 after its 43; no players.yaml is made. Its 40
    players all have a family name, Eve none: the warning of stop 51 (filed under E)."""
    for name in ("iglo.yaml", "juvisy-2019.yaml", "swiss.yaml"):
        (demo_players / "players" / name).unlink()
    before = (demo_players / "players" / "club.yaml").read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Eve Example", "--rank", "4k")
    assert (status, err) == (0, [
        "sitegen player add: warning: eve-example has no family_name, where the other 40 players of "
        "content/players/club.yaml have one: the players index files Eve Example under 'E', the first "
        "letter of the name, the others under their family name's; if it is 'Example', add "
        "'family_name: Example' to the entry (or give --family-name next time) [player.family-name]"])
    assert out == "added eve-example (Eve Example) to content/players/club.yaml:44\n"
    assert (demo_players / "players" / "club.yaml").read_text(encoding="utf-8") == (
        before + "  - {id: eve-example, name: Eve Example, rank: 4k}\n")
    assert not (demo_players / "players.yaml").exists()
    diags = Diagnostics()
    players = read_common(demo_players, diags).players
    assert not diags.has_errors and players["eve-example"].pos.path == "content/players/club.yaml"
    assert len(players) == 41


def test_player_add_file_names_the_players_file_and_writes_a_new_one(demo_players, run):
    """``--file players/club.yaml``: line 44 of that file (43 lines before); ``--file
    players/new.yaml``: a new file with the players file's heading, and the line says it is new
    (stop 50's newcomer: a mistyped ``--file players/clubb.yaml`` made a file unnoticed)."""
    status, out, _ = run("player", "add", "Zoe Example", "--file", "players/club.yaml")
    assert (status, out) == (0, "added zoe-example (Zoe Example) to content/players/club.yaml:44\n")
    status, out, _ = run("player", "add", "Yan Example", "--file", "players/new.yaml")
    assert (status, out) == (0, "added yan-example (Yan Example) to content/players/new.yaml:3 (a new players file)\n")
    assert (demo_players / "players" / "new.yaml").read_text(encoding="utf-8") == (
        "# Every player once, with an id that never changes (it is part of their page's address).\n"
        "players:\n"
        "  - {id: yan-example, name: Yan Example}\n")


@pytest.mark.parametrize("given", ["../players.yaml", "players/sub/x.yaml", "players.yml", "other.yaml",
                                   "players/.yaml"])
def test_player_add_refuses_a_file_that_is_not_read_for_players(demo_players, run, given):
    status, out, err = run("player", "add", "Eve Example", "--file", given)
    assert (status, out) == (1, "")
    assert err == [
        f"sitegen player add: error: --file {given}: only players.yaml and players/*.yaml in the "
        "content folder are read for players; name one of them, e.g. --file players.yaml or "
        "--file players/club.yaml [player.file]",
        "1 error; nothing was written"]
    assert sorted(path.name for path in (demo_players / "players").iterdir()) == [
        "club.yaml", "iglo.yaml", "juvisy-2019.yaml", "swiss.yaml"]


def test_players_file_prefers_players_yaml_then_the_only_one_and_never_guesses(tmp_path):
    """The choice by hand: no file at all: a new players.yaml; one players/*.yaml: that one;
    two: refused (player.file), whichever holds more players (stop 50: the organizer says which);
    players.yaml when present (even beside players/ files); --file chooses among them."""
    content = tmp_path / "content"
    (content / "players").mkdir(parents=True)

    def player(pid: str, path: str) -> Player:
        return Player(pid, pid.title(), pos=SourcePos(path, 1, 1))

    assert players_file(content, {}) == content / "players.yaml"
    (content / "players" / "b.yaml").write_text("players: []\n")
    assert players_file(content, {}) == content / "players" / "b.yaml"
    (content / "players" / "a.yaml").write_text("players: []\n")
    two = {"x": player("x", shown_path(content / "players" / "b.yaml")),
           "y": player("y", shown_path(content / "players" / "b.yaml")),
           "z": player("z", shown_path(content / "players" / "a.yaml"))}
    with pytest.raises(SitegenError) as refused:
        players_file(content, two)
    assert [(d.code, d.message, d.hint) for d in refused.value.diagnostics] == [(
        "player.file", f"2 players files in {shown_path(content / 'players')} and no "
        f"{shown_path(content / 'players.yaml')}: a.yaml (1 player), b.yaml (2 players)",
        "say which one this player goes in with --file, e.g. --file players/a.yaml")]
    assert players_file(content, two, "players/b.yaml") == content / "players" / "b.yaml"
    (content / "players.yaml").write_text("players: []\n")
    assert players_file(content, two) == content / "players.yaml"
    assert players_file(content, two, "players/a.yaml") == content / "players" / "a.yaml"


@pytest.mark.parametrize(("typed", "code"), [("France", "FR"), ("france", "FR"),
                                             ("South Korea", "KR"), ("Côte d'Ivoire", "CI"),
                                             ("united  kingdom", "GB"), ("Bolivia", "BO"),
                                             ("Russia", "RU"), ("Czech Republic", "CZ"),
                                             ("England", "GB"), ("the netherlands", "NL"),
                                             ("Korea", "KR"), ("Great Britain", "GB")])
def test_player_add_suggests_the_code_of_a_country_typed_by_name(league, run, typed, code):
    """``--country France`` (stop 52's newcomer: refused with "FRANCE", no suggestion): the
    country's English name in ISO 3166-1 as iso-codes gives it (its ``name`` or ``common_name``:
    France FR, Korea KR as "South Korea", Côte d'Ivoire CI, United Kingdom GB, Bolivia BO as
    "Bolivia"), in any case, accents and spacing aside, gets its code suggested, the name quoted
    as typed; nothing is written. So do the names organizers type that ISO's list lacks (stop
    53's newcomer: Russia RU, Czech Republic CZ, England and Great Britain GB, the Netherlands
    NL, Korea KR as Go's federations name the Republic of Korea)."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Eve Example", "--country", typed)
    assert (status, out, err) == (1, "", [
        f"sitegen player add: error: --country {typed}: a country code is two letters; did you "
        f"mean {code}? [player.country]", "1 error; nothing was written"])
    assert (league / PLAYERS).read_text(encoding="utf-8") == before


def test_player_add_says_what_it_wrote_otherwise_than_typed(league, run):
    """A name's inner runs of spaces are made single, and a family name is written in the
    name's case (stop 52's newcomer: "Ann  Lee" was written with its two spaces, ``lee``
    rewritten "Lee" silently): each change is one line after the one saying what was added.
    Written as typed, nothing more is said."""
    before = (league / PLAYERS).read_text(encoding="utf-8")
    status, out, err = run("player", "add", "Ann  Lee", "--family-name", "lee")
    assert (status, err) == (0, [])
    assert out == ("added ann-lee (Ann Lee) to content/players.yaml:8\n"
                   "  the name 'Ann  Lee' is written 'Ann Lee': one space between words\n"
                   "  --family-name lee is written 'Lee', as the name writes it\n")
    status, out, err = run("player", "add", "Bo  van   Dam", "--family-name", "van Dam")
    assert out == ("added bo-van-dam (Bo van Dam) to content/players.yaml:9\n"
                   "  the name 'Bo  van   Dam' is written 'Bo van Dam': one space between words\n")
    assert (league / PLAYERS).read_text(encoding="utf-8") == before + (
        "  - {id: ann-lee, name: Ann Lee, family_name: Lee}\n"
        "  - {id: bo-van-dam, name: Bo van Dam, family_name: van Dam}\n")
    assert run("player", "add", "Cy Dee", "--family-name", "Dee")[1] == (
        "added cy-dee (Cy Dee) to content/players.yaml:10\n")
