"""One content, however it is loaded (issue 29, "one load path for every command").

``sitegen.rulesets.load_content`` (diff, result, new, next-season, player add, pair) and the
build's front half ``sitegen.pipeline.prepare_rule_sets`` (build, check, serve; it loads unit
by unit with ``pipeline.load_units``, through the build's cache of units in ``sitegen build``)
must give the same model objects and the same diagnostics: the build is the reference, it is
what the site publishes. The commands themselves then report a mistake with the same words.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import test_ladder_site as ladder_site  # noqa: E402
import test_swiss_site as swiss_site  # noqa: E402
import test_tournament_site as tournament_site  # noqa: E402
from small_league import PLAYERS as LEAGUE_PLAYERS  # noqa: E402
from small_league import SEASON_2024  # noqa: E402

from sitegen.diagnostics import Diagnostics, SitegenError  # noqa: E402
from sitegen.model import Content  # noqa: E402
from sitegen.i18n import words  # noqa: E402
from sitegen.incremental.build import CachedBuild  # noqa: E402
from sitegen import stages  # noqa: E402
from sitegen.stages import Planned, Source  # noqa: E402
from sitegen.pipeline import prepare_rule_sets  # noqa: E402
from sitegen.plan import SitePlan  # noqa: E402
from sitegen import rulesets  # noqa: E402
from sitegen.rulesets import RULE_SETS, read_content  # noqa: E402


def _tests_conftest():
    """tests/conftest.py by its path: the name ``conftest`` may be the browser tests' one when
    the whole suite runs."""
    spec = importlib.util.spec_from_file_location("tests_conftest", Path(__file__).parent / "conftest.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_CONFTEST = _tests_conftest()
REPO, write_tree = _CONFTEST.REPO, _CONFTEST.write_tree

SIGNUPS = "start: 2025-03-01\nreturning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]\nwithdrawn: [b5]\nnew: [n1]\n"

LEAGUE = {"content/players.yaml": LEAGUE_PLAYERS,
          "content/leagues/club/league.yaml": "name: Club league\nsettings:\n  top_division_groups: 1\n",
          "content/leagues/club/seasons/2024.yaml": SEASON_2024,
          "content/leagues/club/signups/2025.yaml": SIGNUPS}
"""A league of one played season (tests/small_league.py) and the sign-ups of the next."""

TOURNAMENT = {"content/tournaments/cup.yaml": tournament_site.SMALL}
LADDER = {"content/players.yaml": ladder_site.PLAYERS, "content/ladders/small.yaml": ladder_site.SMALL_LADDER}
SWISS = {"content/players.yaml": swiss_site.PLAYERS,
         "content/swiss/spring/league.yaml": swiss_site.LEAGUE,
         **{f"content/swiss/spring/{tid}.yaml": (
             f"name: T{i}\ndate: 2024-0{i}-01\nentries: [ann, bob, cy, dee, eve]\nrounds:\n"
             f"  - round: 1\n    pairings: {rounds}\n")
            for i, (tid, rounds) in enumerate(swiss_site.ROUNDS.items(), 1)}}

BASE = {"content/site.yaml": "title: Test\n"}

MISTAKES = {
    **BASE,
    "content/players.yaml": "players:\n  - {id: ann, name: Ann}\n  - {id: bob, name: Bob}\n"
                            "  - {id: cy, name: Cy}\n  - {id: dee, name: Dee}\n",
    # league: an unknown player in a group, a game of a player not in the group
    "content/leagues/club/league.yaml": "name: Club\n",
    "content/leagues/club/seasons/2024.yaml": (
        "name: Season 2024\nstart: 2024-01-01\ndivisions:\n  - name: A\n    groups:\n"
        "      - name: A\n        players: [ann, bob, cyy]\n        games:\n"
        "          - {players: [ann, dee], winner: ann}\n"),
    # tournament: ends before it starts (a warning), a misspelt player (an error)
    "content/tournaments/cup.yaml": (
        "name: Cup\nsystem: swiss\nnumber_of_rounds: 1\nstart: 2024-02-02\nend: 2024-02-01\n"
        "players: [{id: ann, rank: 3k}, {id: bob, rank: 5k}]\nrounds:\n  - round: 1\n    games:\n"
        "      - {white: ann, black: bbo, result: W+R}\n"),
    # ladder: the weaker player took White (a warning), a non-member played (an error)
    "content/ladders/club.yaml": (
        "name: Club\nmembers:\n  - {player: ann, rung: 13.5k}\n  - {player: bob, rung: 1.3d}\n"
        "log:\n  - {date: 2025-01-05, white: ann, black: bob, result: W+}\n"
        "  - {date: 2025-01-06, white: bob, black: cy, result: W+}\n"),
    # Swiss league: a misspelt setting, a result a match cannot have
    "content/swiss/spring/league.yaml": "name: Spring\nsettings:\n  bye_valeu: 1\n",
    "content/swiss/spring/t1.yaml": "name: T1\nentries: [ann, bob]\nrounds:\n"
                                    "  - round: 1\n    pairings:\n      - [ann, bob, 3-0]\n",
}
"""A tree with mistakes in each rule set, errors and warnings."""

MISTAKES_REPORTED = [
    "content/ladders/club.yaml:6:31: warning: 'ann' (on rung 13.5k on 2025-01-05) took White "
    "against the stronger 'bob' (rung 1.3d); the stronger player takes White (ladder: handicap); "
    "if the game was played so, leave it; else swap white and black [ladder.colour]",
    "content/ladders/club.yaml:7:43: error: 'cy' is not a member of the ladder; add 'cy' to the "
    "ladder's members [ladder.member]",
    "content/leagues/club/seasons/2024.yaml:7:29: error: unknown player id 'cyy'; did you mean "
    "'cy'? [player.unknown]",
    "content/leagues/club/seasons/2024.yaml:9:13: error: game between players not in the same "
    "group: 'dee' is not in group A; add the player to the group's 'players' or move the game "
    "[game.group]",
    "content/swiss/spring/league.yaml:3:3: error: unknown key 'bye_valeu' in Swiss league "
    "settings; did you mean 'bye_value'? [schema.unknown-key]",
    "content/swiss/spring/t1.yaml:6:20: error: result: '3-0' cannot happen in a best-of-three "
    "match; a match ends 2-0, 2-1, 1-0 or 1-1 (or the reverse); expected 2-0, 2-1, 1-0, 1-1, "
    "0-1, 1-2, 0-2, or a forfeit +-, -+ or -- [swiss.result]",
    "content/tournaments/cup.yaml:5:6: warning: the tournament ends (2024-02-01) before it starts "
    "(2024-02-02); both kept as given (the h9 file's DT gives them so, as OpenGotha writes them) "
    "[tournament.dates]",
    "content/tournaments/cup.yaml:10:29: error: unknown player id 'bbo'; did you mean 'bob'? "
    "[player.unknown]",
]
"""Hand-checked against the rule-set tests (tests/test_*_site.py) that pin each message."""


def by_validate(content_dir: Path) -> tuple[Content | None, list]:
    """The content as the editing commands load it, and every diagnostic, sorted."""
    diags = Diagnostics()
    content = read_content(content_dir, diags)
    if diags.has_errors:
        content = None
    return content, diags.sorted()


def by_pipeline(content_dir: Path) -> tuple[Content | None, list]:
    """The content as the build loads it (one process), and its diagnostics, sorted: those of
    its files, without the warnings its page planners add (the other path plans nothing)."""
    try:
        content, plan = prepare_rule_sets(content_dir, None, 1, None)
    except SitegenError as error:
        return None, list(error.diagnostics)
    planned = SitePlan()
    for found in RULE_SETS:
        found.plan(content, planned, words(content.config.language))
    files_own = list(plan.warnings)
    for warning in planned.warnings:
        files_own.remove(warning)
    return content, Diagnostics(files_own).sorted()


def by_build(content_dir: Path) -> tuple[Content | None, list]:
    """The content as ``sitegen build`` loads it (through its cache of units, from scratch),
    and, when it refuses, its diagnostics."""
    build = CachedBuild(None, content_dir, None, None, jobs=1)
    try:
        stages.build(Source(content_dir), build, Planned())
    except SitegenError as error:
        return None, list(error.diagnostics)
    return build.content, []


def same_content(content_dir: Path) -> Content:
    """Assert that both load paths give equal model objects and diagnostics; return the content."""
    content, diags = by_validate(content_dir)
    built, built_diags = by_pipeline(content_dir)
    assert content is not None and built is not None, [d.format() for d in diags + built_diags]
    for field in ("config", "players", "pages", "leagues", "tournaments", "ladders", "swiss_leagues"):
        assert getattr(content, field) == getattr(built, field), field
    assert content == built
    assert diags == built_diags
    assert by_build(content_dir) == (content, [])
    return content


def test_the_demo_loads_the_same_both_ways():
    content = same_content(REPO / "content")
    # The comparison covers every rule set: the demo has one of each, and its league seasons.
    assert [len(content.leagues), len(content.tournaments), len(content.ladders),
            len(content.swiss_leagues)] == [1, 1, 1, 1]
    assert len(content.leagues[0].seasons) > 1 and len(content.players) > 100 and content.pages


@pytest.mark.parametrize("files, counts", [
    (LEAGUE, (1, 0, 0, 0)), (TOURNAMENT, (0, 1, 0, 0)), (LADDER, (0, 0, 1, 0)), (SWISS, (0, 0, 0, 1))],
    ids=["league", "tournament", "ladder", "swiss"])
def test_small_trees_load_the_same_both_ways(tmp_path, monkeypatch, files, counts):
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, {**BASE, "content/players.yaml": "players:\n  - {id: ann, name: Ann}\n"
                          "  - {id: bob, name: Bob}\n", **files})
    content = same_content(Path("content"))
    assert (len(content.leagues), len(content.tournaments), len(content.ladders),
            len(content.swiss_leagues)) == counts
    if content.leagues:  # the sign-ups are part of the league
        assert [s.season_id for s in content.leagues[0].signups] == ["2025"]


def test_mistakes_in_each_rule_set_are_reported_the_same_both_ways(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, MISTAKES)
    content, diags = by_validate(Path("content"))
    built, built_diags = by_pipeline(Path("content"))
    assert content is None and built is None
    assert [d.format() for d in built_diags] == MISTAKES_REPORTED
    assert diags == built_diags  # positions, codes, hints and levels alike
    assert by_build(Path("content")) == (None, diags)


# --------------------------------------------------------------------------- the commands

CUP = ("name: Cup\nsystem: swiss\nnumber_of_rounds: 1\n"
       "players: [{id: a1, rank: 3d}, {id: b1, rank: 2k}]\nrounds:\n  - round: 1\n    games:\n"
       "      - {white: a1, black: bb1, result: W+R}\n")
"""A tournament beside the league whose line 8 names a player the players file does not have."""

ONE_MISTAKE = ("content/tournaments/cup.yaml:8:28: error: unknown player id 'bb1'; did you "
               "mean 'b1'? [player.unknown]")


def _git(root: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(root), "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, timeout=30)


BESIDE = {"content/players/swiss.yaml": swiss_site.PLAYERS,
          "content/swiss/spring/league.yaml": swiss_site.LEAGUE,
          "content/swiss/spring/t1.yaml": "name: T1\nentries: [ann, bob, cy, dee, eve]\n"}
"""A Swiss league beside the league (its players in a players file of their own), its first
tournament not paired yet."""


def _committed(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` under ``root`` and commit them (``sitegen diff`` compares with git)."""
    write_tree(root, files)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "first")


@pytest.mark.skipif(shutil.which("git") is None, reason="diff needs git")
def test_diff_result_next_season_pair_and_build_report_one_mistake_alike(tmp_path, monkeypatch, run):
    """A league ready for its next season and a Swiss tournament ready for its first round
    beside a tournament with a misspelt player: every command that reads the content (the
    league's and the Swiss league's own commands too) refuses with the same message, and
    writes nothing."""
    monkeypatch.chdir(tmp_path)
    _committed(tmp_path, {**BASE, **LEAGUE, **BESIDE})
    write_tree(tmp_path, {"content/tournaments/cup.yaml": CUP})
    before = {path: path.read_bytes() for path in Path("content").rglob("*") if path.is_file()}
    commands = {"build": ["build"], "check": ["check"], "diff": ["diff", "HEAD"],
                "result add": ["result", "add", "leagues/club", "b1", "a2", "B+R"],
                "next-season": ["league", "next-season", "club"],
                "pair": ["pair", "spring/t1", "--round", "1", "--seed", "7"]}
    for name, argv in commands.items():
        status, _out, err = run(*argv)
        assert (status, [line for line in err if line.startswith("content/")]) == (1, [ONE_MISTAKE]), name
    assert {path: path.read_bytes() for path in Path("content").rglob("*") if path.is_file()} == before
    assert not Path("output").exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="diff needs git")
def test_every_command_reads_the_content_the_build_reads(tmp_path, monkeypatch, run):
    """Issue 29, "a test that diff, result, next-season and build see the same content": each
    command that edits or compares the content (``league next-season``, ``result add``,
    ``pair``, ``diff``) reads, through :func:`sitegen.rulesets.read_content`, the very content
    ``sitegen build`` reads of the same files (equal model objects, positions included), each
    run on the files the one before wrote. (The build's own loading is compared with
    ``read_content``'s above.)"""
    monkeypatch.chdir(tmp_path)
    _committed(tmp_path, {**BASE, **LEAGUE, **BESIDE})
    seen: list[Content] = []
    real = rulesets.assemble

    def recorded(*args):
        seen.append(real(*args))
        return seen[-1]

    monkeypatch.setattr(rulesets, "assemble", recorded)
    commands = {"league next-season": ["league", "next-season", "club"],
                "result add": ["result", "add", "leagues/club", "a1", "a2", "B+R", "--date", "2025-03-02"],
                "pair": ["pair", "spring/t1", "--round", "1", "--seed", "7"],
                "diff": ["diff", "HEAD"]}
    for name, argv in commands.items():
        built, refused = by_build(Path("content"))
        assert built is not None and refused == [], name
        seen.clear()
        status, _out, err = run(*argv)
        assert (status, err) == (0, []), name
        assert seen and seen[-1 if name == "diff" else 0] == built, name  # diff: the working files last
    assert [s.id for s in built.leagues[0].seasons] == ["2024", "2025"]  # each command wrote
    assert built.swiss_leagues[0].tournaments[0].rounds[0].number == 1
