"""``sitegen league next-season`` follows the organizers' record (issue 28): one decision per
player, on the pages and in the next season's file alike.

Small leagues of tests/league_trees.py, worked by hand: season 2024 has division A (a1..a5)
and B (b1..b6), one group each, perfect orders (the player listed first wins every game), one
group per division (``top_division_groups: 1``). By the rules (league B): B promotes b1 (B.1)
and b2 (B.3); A demotes a4, a5 (B.2); a1, a2 are A's direct spots (final round); a3, b3..b6
stay (middle position). Every player signs up again.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from sitegen.commands.build import render

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, group, perfect, season, tree  # noqa: E402

SIGNUPS_ALL = {"leagues/club/signups/2025.yaml":
               "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, b6]\n"}
SEASON_FILE = "content/leagues/club/seasons/2025.yaml"


def written_players(root: Path) -> list[list[str]]:
    """Return the players of each group of the written season 2025, in file order."""
    lines = (root / SEASON_FILE).read_text().splitlines()
    return [line.split("[", 1)[1].rstrip("]").split(", ") for line in lines
            if line.strip().startswith("players: [")]


# --------------------------------------------------------------------------- record followed


def test_a_recorded_promotion_the_rules_do_not_give_is_followed_and_said(site, run):
    """Recorded in B: promoted [b1, b3] (A records nothing). The pages show b3 promoted and b2
    staying, the organizers' decision; next-season once promoted b2 (the rules' B.3 spot) and
    kept b3 in B, exit 0, nothing said. Now it follows the record: A = a1 a2 a3 b1 b3 (a4, a5
    demoted by B.2 as the rules give, A records nothing), B = a4 a5 b2 b4 b5 b6, and it says
    so for b2 and b3, one line each; check keeps its two warnings."""
    text = season(group("A", A, perfect(A)), group("B", B, perfect(B), "promoted: [b1, b3]"))
    root = site(tree(text, **SIGNUPS_ALL))
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    assert written_players(root) == [["a1", "a2", "a3", "b1", "b3"],
                                     ["a4", "a5", "b2", "b4", "b5", "b6"]]
    lines = out.splitlines()
    assert "b2: recorded stays in division B; the rules give: promoted to division A (B.3); " \
           "the record is followed" in lines
    assert "b3: recorded promoted to division A; the rules give: stays in division B (B); " \
           "the record is followed" in lines
    assert "b1: Promoted to division A: group leader (B.1)." in lines  # agrees: the rules' words
    assert "a4: Demoted to division B: demotion spot by the criteria of D (B.2)." in lines
    assert sum("the record is followed" in line for line in lines) == 2
    status, out, err = run("check")
    assert status == 0 and [e.split(" warning: ")[1].split(",")[0] for e in err] == [
        "b2 is in neither the promoted nor the relegated list of group B",
        "b3 is recorded as promoted in group B"]
