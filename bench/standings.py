"""Measure league group standings (league D.1) over many random groups.

Groups of 5 to 9 players (as league A.i allows), each pair playing once with results drawn
like a real archive's: mostly wins, some forfeits, jigos, unknown, void and unplayed games.
Times :func:`sitegen.engine.standings.group_standings` (the form in half points the build
uses) and :func:`~sitegen.engine.standings.standings_by_rule` (the rule's form, in Fractions)
over all groups, best of ``--repeat`` runs taken in turns, and prints microseconds per
group; it checks first that the two give the same rows. ``--against MODULE`` also times the
``group_standings`` of another module (e.g. an earlier version copied aside) on the same
groups, after the same check.

Usage: python bench/standings.py [--groups 6000] [--repeat 5] [--seed 1] [--against MODULE]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sitegen.engine.standings import group_standings, standings_by_rule  # noqa: E402
from sitegen.model.common import Game, Result  # noqa: E402
from sitegen.model.league import Group  # noqa: E402

RESULTS = [Result.parse(text) for text in ("B+R", "W+R", "B+3.5", "W+0.5", "B+F", "W+F", "0",
                                           "?", "Void", "unplayed")]
WEIGHTS = [40, 40, 20, 20, 2, 2, 1, 1, 1, 3]


def random_groups(count: int, seed: int) -> list[Group]:
    """Return ``count`` groups of 5-9 players in which each pair has one game (some missing)."""
    rng = random.Random(seed)
    groups = []
    for number in range(count):
        players = tuple(f"g{number}p{i}" for i in range(rng.randint(5, 9)))
        games = tuple(Game(*((a, b) if rng.random() < 0.5 else (b, a)),
                           rng.choices(RESULTS, WEIGHTS)[0])
                      for a, b in itertools.combinations(players, 2) if rng.random() < 0.95)
        groups.append(Group(f"g{number}", f"G{number}", players, games))
    return groups


def best_times(functions: dict, groups: list[Group], repeat: int) -> dict[str, float]:
    """Return the best wall time of ``repeat`` runs of each function over every group; the
    functions take turns, so that a busy moment of the machine weighs on all of them."""
    best = {name: float("inf") for name in functions}
    for _ in range(repeat):
        for name, function in functions.items():
            start = time.perf_counter()
            for group in groups:
                function(group)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def _rows(rows) -> list[tuple]:
    """Return rows as plain tuples (two modules' row classes never compare equal)."""
    return [dataclasses.astuple(row) for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=6000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", help="a module with another group_standings to compare")
    args = parser.parse_args()
    groups = random_groups(args.groups, args.seed)
    games = sum(len(group.games) for group in groups)
    print(f"{len(groups)} groups, {games} games, best of {args.repeat}")
    timed = {"group_standings": group_standings, "standings_by_rule": standings_by_rule}
    same = all(group_standings(g) == standings_by_rule(g) for g in groups)
    print(f"same rows by the rule's form: {'yes' if same else 'NO'}")
    if args.against:
        other = importlib.import_module(args.against).group_standings
        same = all(_rows(group_standings(g)) == _rows(other(g)) for g in groups)
        print(f"same rows as {args.against}: {'yes' if same else 'NO'}")
        timed[args.against] = other
    for name, seconds in best_times(timed, groups, args.repeat).items():
        print(f"{name:40} {seconds:7.3f} s  {seconds / len(groups) * 1e6:7.1f} us/group")


if __name__ == "__main__":
    main()
