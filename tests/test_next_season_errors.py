"""``sitegen league next-season``: what it refuses before forming anything, each with where to
look and what to do (exit 1, nothing written). The small league of tests/test_next_season.py:
season 2024 finished, sign-ups for 2025."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from small_league import PLAYERS, SEASON_2024  # noqa: E402

SIGNUPS = "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]\nwithdrawn: [b5]\n"


def league_tree(site, **files: str):
    tree = {"content/players.yaml": PLAYERS,
            "content/leagues/club/league.yaml": "name: Club league\n",
            "content/leagues/club/seasons/2024.yaml": SEASON_2024,
            "content/leagues/club/signups/2025.yaml": SIGNUPS}
    tree.update(files)
    return site(tree)


def refusal(run, *argv: str) -> str:
    status, out, err = run("league", "next-season", *argv)
    assert status == 1 and out == ""
    assert not Path("content/leagues/club/seasons/2025.yaml").exists()
    return err[0]


def test_unknown_league_suggests_the_nearest(site, run):
    league_tree(site)
    assert refusal(run, "clb") == (
        "sitegen league next-season: error: no league 'clb' in content/leagues; did you mean "
        "'club'? [league.next-season]")


def test_without_sign_ups_there_is_no_season_to_form(site, run):
    root = league_tree(site)
    (root / "content/leagues/club/signups/2025.yaml").unlink()
    assert refusal(run, "club") == (
        "sitegen league next-season: error: cannot tell which season to form: no sign-ups found; "
        "create content/leagues/club/signups/<new-season-id>.yaml listing 'returning', "
        "'withdrawn' and 'new' players (docs/content-format.md) [league.next-season]")


def test_two_sign_ups_files_need_the_season_given(site, run):
    league_tree(site, **{"content/leagues/club/signups/2026.yaml": SIGNUPS})
    assert refusal(run, "club") == (
        "sitegen league next-season: error: cannot tell which season to form: sign-ups for "
        "2025, 2026; give the new season's id with --season [league.next-season]")


def test_a_season_given_needs_its_sign_ups(site, run):
    league_tree(site)
    assert refusal(run, "club", "--season", "2027") == (
        "sitegen league next-season: error: no sign-ups for season 2027: "
        "content/leagues/club/signups/2027.yaml does not exist; create "
        "content/leagues/club/signups/2027.yaml listing 'returning', 'withdrawn' and 'new' "
        "players (docs/content-format.md) [league.next-season]")
