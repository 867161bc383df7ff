"""What is already certain: its cost at federation scale, and how much it proves on real data.

``python bench/certainty.py`` (from the repository's root, in its virtual environment):

0. **The cost model.** One :func:`form_outcome` on the synthetic season below cut by one
   game, at 1 to 6 of its divisions (14 to 1,400 players): the time of one formation of the
   next season (``max_formations=0``: the plan only), per player; the formations the whole
   outcome takes (its open ties' ways); the whole outcome's time where it is short. The
   module's work units (players^1.5 per formation) are fitted from the per-unit column.
1. **Federation scale.** A season of 6 divisions of 2, 6, 18, 54, 60 and 60 groups of 7
   (bench/synthetic.py's shape: 1,400 players, about 29,000 games), random results, cut at
   several points (the last k games of the season removed, k = 1, 2, 4); times
   :func:`sitegen.engine.league_certainty.season_certainty` with the default budget.
2. **The real league** (content/leagues/, every season): the organizers' record removed (so
   the season is provisional), the last k games removed (by date, then file order), k = 1, 2,
   3, 4. The ground truth is the same enumeration with a budget of :data:`TRUTH` units
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

from sitegen.engine.league_certainty import formation_cost, season_certainty  # noqa: E402
from sitegen.engine.league_outcome import form_outcome  # noqa: E402
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result  # noqa: E402
from sitegen.model.league import Division, Group, LeagueSettings, Season  # noqa: E402
from sitegen.rulesets import load_content  # noqa: E402

SHAPE = (2, 6, 18, 54, 60, 60)
TRUTH = 5_000_000
"""The ground truth's budget in work units (several minutes at most)."""
RESULTS = (Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE))


def federation(rng: random.Random, shape: tuple[int, ...] = SHAPE
               ) -> tuple[Season, dict[str, Player]]:
    """Return a complete synthetic season of ``shape`` groups of 7, and its players."""
    players: dict[str, Player] = {}
    divisions = []
    number = 0
    for index, count in enumerate(shape):
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


def timed(call, repeat: int = 1):
    """Return the shortest time of ``repeat`` calls and the last call's value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = call()
        best = min(best, time.perf_counter() - start)
    return best, value


def bench_cost() -> None:
    settings = LeagueSettings()
    print("players groups divisions | one formation ms (us/unit) | formations | outcome ms")
    for size in range(1, len(SHAPE) + 1):
        season, players = federation(random.Random(9), SHAPE[:size])
        season = cut(season, 1)
        count = len(players)
        repeat = 3 if count < 600 else 1
        one, plan = timed(lambda: form_outcome(season, players, settings, max_formations=0),
                          repeat)
        whole = (f"{1000 * timed(lambda: form_outcome(season, players, settings), repeat)[0]:.0f}"
                 if count < 600 else "-")
        unit = 1e6 * one / formation_cost(count)
        print(f"{count} {sum(SHAPE[:size])} {size} | {1000 * one:.1f} ({unit:.1f})"
              f" | {plan.formations} | {whole}", flush=True)


def bench_federation() -> None:
    season, players = federation(random.Random(9))
    games = sum(len(g.games) for d in season.divisions for g in d.groups)
    print(f"federation: {len(players)} players, {sum(SHAPE)} groups, {games} games")
    settings = LeagueSettings()
    for k in (1, 2, 4):
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
        for k in (1, 2, 3, 4):
            fixed = shown = wrong = players = beyond = 0
            took = slowest = 0.0
            for season in league.seasons:
                cut_season = cut(season, k)
                start = time.perf_counter()
                found = season_certainty(cut_season, content.players, league.settings)
                slowest = max(slowest, time.perf_counter() - start)
                took += time.perf_counter() - start
                truth = season_certainty(cut_season, content.players, league.settings,
                                         budget=TRUTH)
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
                  f"{wrong} certain claims not fixed; default budget {took:.2f} s in all, "
                  f"{slowest:.2f} s for the slowest season", flush=True)


if __name__ == "__main__":
    bench_cost()
    bench_federation()
    bench_real()
