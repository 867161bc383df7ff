"""What is already certain: its cost at federation scale, and how much it proves on real data.

``python bench/certainty.py`` (from the repository's root, in its virtual environment):

1. **Federation scale.** A season of 6 divisions of 2, 6, 18, 54, 60 and 60 groups of 7
   (bench/synthetic.py's shape: 1,400 players, about 29,000 games), random results, cut at
   several points (the last k games of the season removed, then half of them); times
   :func:`sitegen.engine.league_certainty.season_certainty` with the default budget.
2. **The real league** (content/leagues/, every season): the organizers' record removed (so
   the season is provisional), the last k games removed (by date, then file order), k = 1, 2,
   3, 4, 6, 8. The ground truth is the same enumeration with a budget of 20,000 completions
   (where it fits): a player "in fact fixed" reaches one outcome in every completion. The
   script reports how many of those the default budget shows as certain (a certain claim that
   is not in fact fixed would be a bug: it reports those too, and expects none).
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen.engine.league_certainty import season_certainty  # noqa: E402
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result  # noqa: E402
from sitegen.model.league import Division, FinalData, Group, LeagueSettings, Season  # noqa: E402
from sitegen.validate import load_content  # noqa: E402

SHAPE = (2, 6, 18, 54, 60, 60)
RESULTS = (Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE))


def federation(rng: random.Random) -> tuple[Season, dict[str, Player]]:
    """Return a complete synthetic season of :data:`SHAPE` groups of 7, and its players."""
    players: dict[str, Player] = {}
    divisions = []
    number = 0
    for index, count in enumerate(SHAPE):
        letter = chr(ord("A") + index)
        groups = []
        for g in range(count):
            members = [f"p{number + i:05d}" for i in range(7)]
            number += 7
            for p in members:
                players[p] = Player(p, p, Rank(rng.randint(-25, 5)))
            games = tuple(Game(a, b, rng.choice(RESULTS))
                          for a, b in itertools.combinations(members, 2))
            groups.append(Group(f"{letter}{g + 1}".lower(), f"{letter}{g + 1}", tuple(members), games))
        divisions.append(Division(letter, tuple(groups)))
    return Season("fed", "Federation", tuple(divisions)), players


def cut(season: Season, k: int) -> Season:
    """Return ``season`` without its last ``k`` games (by date, then order across the file)
    and without the organizers' record (promoted, relegated, champion)."""
    order = [(g.date, n, id(g)) for n, g in enumerate(
        game for d in season.divisions for grp in d.groups for game in grp.games)]
    dropped = {key for *_, key in sorted(order, key=lambda t: (t[0] is None, t[0] or 0, t[1]))[-k:]} \
        if k else set()
    divisions = tuple(replace(d, groups=tuple(
        replace(grp, promoted=(), relegated=(),
                games=tuple(g for g in grp.games if id(g) not in dropped))
        for grp in d.groups)) for d in season.divisions)
    final = replace(season.final, champion=None, void=False) if season.final else None
    return replace(season, divisions=divisions, final=final)


def bench_federation() -> None:
    season, players = federation(random.Random(9))
    games = sum(len(g.games) for d in season.divisions for g in d.groups)
    print(f"federation: {len(players)} players, {sum(SHAPE)} groups, {games} games")
    settings = LeagueSettings()
    for k in (1, 2, 3, games // 2):
        cut_season = cut(season, k)
        start = time.perf_counter()
        found = season_certainty(cut_season, players, settings)
        took = time.perf_counter() - start
        certain = sum(c.certain for c in found.players.values())
        print(f"  last {k} games removed: {took:.2f} s, {found.outcomes} completions, "
              f"within budget {found.within_budget}, {certain} of {len(found.players)} certain")


def bench_real() -> None:
    content = load_content(ROOT / "content")
    for league in content.leagues:
        if league.settings is None:
            continue
        for k in (1, 2, 3, 4, 6, 8):
            fixed = shown = wrong = players = beyond = 0
            took = 0.0
            for season in league.seasons:
                cut_season = cut(season, k)
                start = time.perf_counter()
                found = season_certainty(cut_season, content.players, league.settings)
                took += time.perf_counter() - start
                truth = season_certainty(cut_season, content.players, league.settings,
                                         max_outcomes=20_000, max_group_games=10,
                                         max_work=10**9)
                if not truth.within_budget:
                    beyond += 1
                    continue
                for p, c in truth.players.items():
                    players += 1
                    fixed += c.certain
                    shown += c.certain and found.players[p].certain
                    wrong += found.players[p].certain and not c.certain
            print(f"{league.id}, last {k} games removed: {players} players in "
                  f"{len(league.seasons) - beyond} seasons ({beyond} beyond the truth's budget): "
                  f"{fixed} in fact fixed, {shown} shown certain ({100 * shown / max(fixed, 1):.0f}%), "
                  f"{wrong} certain claims not fixed; default budget {took:.2f} s in all")


if __name__ == "__main__":
    bench_federation()
    bench_real()
