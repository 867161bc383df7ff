"""The YAML writers keep what the organizer wrote (issue 15, item 7; sitegen/yamlwrite.py).

``league next-season`` editing an existing season file keeps its trailing comment and the
organizer's ``promoted:`` list; ``pair`` keeps a trailing comment at the end of the file; every
writer (next-season, pair, import) keeps the replaced file's permissions, and a new file gets
those of the umask, not the temporary file's 0600.
"""

from __future__ import annotations

import os
import stat
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024  # noqa: E402
from test_next_season import SIGNUPS  # noqa: E402
from test_pair_command import PATH as SWISS, TOURNAMENT, make as make_swiss  # noqa: E402

from sitegen.yamlmerge import Shape, id_or_name, merge  # noqa: E402
from sitegen.yamlwrite import load_rt, round_trip_yaml, dump_rt, split_trailing_comments  # noqa: E402

SEASON = Path("content/leagues/club/seasons/2025.yaml")
XML = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"


def league(site, draft: str | None = None):
    files = {"content/players.yaml": PLAYERS,
             "content/leagues/club/league.yaml": "name: Club league\nsettings:\n  top_division_groups: 1\n",
             "content/leagues/club/seasons/2024.yaml": SEASON_2024,
             "content/leagues/club/signups/2025.yaml": SIGNUPS}
    if draft is not None:
        files[str(SEASON)] = draft
    return site(files)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_next_season_keeps_the_promoted_list_and_the_trailing_comment(site, run):
    """The draft's group A (id a) gets the formed players (a1 a2 a3 b1 b2, hand-worked in
    tests/test_next_season.py); its promoted list, that list's comment and the comment lines
    that end the file stay."""
    draft = textwrap.dedent("""\
        name: Season 2025
        start: 2025-03-01
        divisions:
          - name: A
            groups:
              - name: A
                id: a
                players: [a1]
                promoted: [a1]   # agreed at the AGM: a1 goes to the national league
        # Games are entered by the referee; ask Ann before changing this file.
        """)
    league(site, draft)
    status, out, err = run("league", "next-season", "club", "--season", "2025")
    assert (status, err) == (0, [])
    assert SEASON.read_text() == textwrap.dedent("""\
        name: Season 2025
        start: 2025-03-01
        divisions:
          - name: A
            # starting gamepoints: 10 (league A.ii.1, [4])
            groups:
              - name: A
                id: a
                players: [a1, a2, a3, b1, b2]
                promoted: [a1]   # agreed at the AGM: a1 goes to the national league
          - name: B
            # starting gamepoints: 0 (league A.ii.1, [4])
            groups:
              - name: B
                id: b
                players: [a4, a5, b3, b4, n1]
        # Games are entered by the referee; ask Ann before changing this file.
        """)


def test_next_season_run_again_writes_its_comments_once(site, run):
    """Formed twice, the file is the same (before: each run added the starting gamepoints
    comments once more); a starting gamepoints comment edited by hand is written anew, the
    organizer's comment line beside it stays."""
    league(site)
    assert run("league", "next-season", "club")[0] == 0
    first = SEASON.read_text()
    assert first.count("# starting gamepoints:") == 2
    assert run("league", "next-season", "club", "--season", "2025")[0] == 0
    assert SEASON.read_text() == first
    edited = first.replace("# starting gamepoints: 10 (league A.ii.1, [4])\n",
                           "# starting gamepoints: 7 (league A.ii.1, [4])\n    # Ann checks these\n")
    assert edited != first
    SEASON.write_text(edited)
    assert run("league", "next-season", "club", "--season", "2025")[0] == 0
    assert SEASON.read_text() == first.replace(
        "# starting gamepoints: 10 (league A.ii.1, [4])\n",
        "    # Ann checks these\n    # starting gamepoints: 10 (league A.ii.1, [4])\n".lstrip())


ZOE_LINE = '<Player agaExpirationDate="" agaId="" club="01Ca" country="FR" egfPin="" ffgLicence="" '
ENDING = "# Round 5 was cancelled (snow); ask Ann before editing.\n#\n# -- end of file\n"


def test_import_replace_keeps_the_comments_that_end_the_files(tmp_path, monkeypatch, run):
    """The demo's tournament imported again, then again with one more player: the comment
    lines that end the tournament file and the players file stay, last (before: the import
    deleted them from the tournament file, and from the players file when it added a
    player)."""
    import shutil
    shutil.copytree(Path(__file__).parent.parent / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    tournament = Path("content/tournaments/juvisy-2019.yaml")
    players = Path("content/players/juvisy-2019.yaml")
    for path in (tournament, players):
        path.write_text(path.read_text(encoding="utf-8") + ENDING, encoding="utf-8")
    before = tournament.read_text(encoding="utf-8")
    assert run("import", "opengotha", str(XML), "--replace")[0] == 0
    assert tournament.read_text(encoding="utf-8") == before
    text = XML.read_text(encoding="utf-8")
    zoe = next(line for line in text.splitlines(keepends=True) if line.startswith(ZOE_LINE))
    extra = zoe.replace('firstName="Zoé" grade="18K" name="Abelard"', 'firstName="Ines" grade="18K" name="Quaresma"')
    assert extra != zoe
    Path("more.xml").write_text(text.replace(zoe, zoe + extra), encoding="utf-8")
    status, out, err = run("import", "opengotha", "more.xml", "--replace")
    assert (status, err) == (0, [])
    assert "added to content/players/juvisy-2019.yaml: 1 new players" in out
    for path in (tournament, players):
        after = path.read_text(encoding="utf-8")
        assert after.endswith("\n" + ENDING) and after.count("# -- end of file") == 1
    assert "ines-quaresma" in players.read_text(encoding="utf-8").split(ENDING)[0]
    assert run("check")[0] == 0


def test_pair_keeps_the_comment_that_ends_the_file(site, run):
    make_swiss(site, TOURNAMENT + "# Round 3 is on 2024-02-10.\n")
    assert run("pair", "spring/t1", "--round", "2", "--seed", "42")[0] == 0
    text = SWISS.read_text(encoding="utf-8")
    assert text.endswith("      - [cy, eve]\n# Round 3 is on 2024-02-10.\n")
    assert text.count("# Round 3 is on") == 1


def test_next_season_keeps_the_file_mode(site, run, umask_022):
    league(site, "name: Season 2025\ndivisions: []\n")
    os.chmod(SEASON, 0o640)
    assert run("league", "next-season", "club", "--season", "2025")[0] == 0
    assert mode(SEASON) == 0o640


def test_pair_keeps_the_file_mode(site, run, umask_022):
    make_swiss(site)
    os.chmod(SWISS, 0o664)
    assert run("pair", "spring/t1", "--round", "2", "--seed", "42")[0] == 0
    assert mode(SWISS) == 0o664


def test_new_files_get_the_umask_mode(site, run):
    old = os.umask(0o027)
    try:
        league(site)
        assert run("league", "next-season", "club")[0] == 0
        assert mode(SEASON) == 0o640
        assert run("import", "opengotha", str(XML), "--id", "juvisy")[0] == 0
        assert mode(Path("content/tournaments/juvisy.yaml")) == 0o640
        assert mode(Path("content/players/juvisy.yaml")) == 0o640
    finally:
        os.umask(old)


@pytest.mark.parametrize("text, body, trailing", [
    ("a: 1\n# end\n", "a: 1\n", "# end\n"),
    ("a: 1  # on the line\n\n# end\n", "a: 1  # on the line\n", "\n# end\n"),
    ("a: |\n  text\n  # part of the text\n# end\n", "a: |\n  text\n  # part of the text\n", "# end\n"),
    ("a: [1,\n  2]\n", "a: [1,\n  2]\n", ""),
    ("a: 1\n", "a: 1\n", ""),
])
def test_split_trailing_comments(text, body, trailing):
    assert split_trailing_comments(text) == (body, trailing)


def test_merge_matches_entries_by_id_then_name(tmp_path):
    """The organizer's keys (note, extra) stay, a new key goes after them (the key it
    follows in the new tree, name or id, and the organizer's keys after that one), the
    entry's comment and the organizer's block style stay, an entry the new tree lacks goes
    (once yamlwrite.keep_added, which wrote y in the new tree's flow style)."""
    path = tmp_path / "f.yaml"
    path.write_text("groups:\n  - {name: X, note: kept}   # x\n  - id: y\n    extra: 1\n  - name: gone\n    z: 1\n")
    old = load_rt(path)
    new = round_trip_yaml().load("groups:\n  - {name: X, players: [a]}\n  - {id: y, name: Y}\n  - {name: new}\n")
    shape = Shape(values={"groups": Shape(entry=id_or_name)})
    assert dump_rt(merge(old, new, shape)) == (
        "groups:\n  - {name: X, note: kept, players: [a]} # x\n  - id: y\n    extra: 1\n    name: Y\n"
        "  - {name: new}\n")
