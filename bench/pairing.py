"""Measure Swiss pairing time and peak memory (issue 6, swiss: pairings).

For 20, 100, 500 and 1,000 players: a random tournament paired round by round by sitegen
itself up to round 3 with random results, then round 4 of 5 is paired twice and timed: with
the sparse graph (what ``sitegen pair`` uses; timed end to end from the tournament,
player states included) and with the same weights on the complete
graph (the baseline). Both must reach the same cost vector. Time is the best of 3 runs
(1 for the baseline) without tracing; peak memory is the Python heap peak of a separate traced
run (tracemalloc; rustworkx's own Rust allocations are not traced), and the process's max RSS
(resource) is printed at the end as an upper bound of everything.

Usage: python bench/pairing.py [--sizes 20,100,500,1000] [--no-baseline] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sitegen.engine.pairing import pair_round  # noqa: E402
from sitegen.model.swiss import Entry, Match, MatchResult, Round, SwissTournament

RESULTS = [MatchResult.parse(t) for t in ("2-0", "2-1", "1-0", "1-1", "0-1", "1-2", "0-2")]
WEIGHTS = [30, 25, 8, 6, 8, 25, 30]


def random_tournament(n: int, rounds_played: int, seed: int,
                      league_spread: bool = True) -> tuple[SwissTournament, dict[str, Fraction]]:
    """Return a tournament of ``n`` players with ``rounds_played`` random rounds, and
    league scores (random sums of three tournament scores in half points, or all 0)."""
    rng = random.Random(seed)
    ids = [f"p{i:04d}" for i in range(n)]
    league = {p: Fraction(rng.randint(0, 30), 2) if league_spread else Fraction(0) for p in ids}
    t = SwissTournament("bench", "bench", tuple(Entry(p) for p in ids))
    for r in range(1, rounds_played + 1):
        pairing = pair_round(t, r, seed=rng.randrange(2**31), league_scores=league)
        matches = tuple(Match(a, b, rng.choices(RESULTS, WEIGHTS)[0]) for a, b in pairing.pairs)
        t = SwissTournament(t.id, t.name, t.entries, t.rounds + (Round(r, matches, pairing.bye),))
    return t, league


def measure(t, league, seed: int, sparse: bool, repeat: int):
    """Return (pairing, best wall time of ``repeat`` runs, tracemalloc peak of one run)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        pairing = pair_round(t, 4, seed, league, sparse=sparse)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    pair_round(t, 4, seed, league, sparse=sparse)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return pairing, best, peak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,100,500,1000")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flat-league", action="store_true",
                        help="all league scores 0 (a season's first tournament)")
    args = parser.parse_args(argv)
    print(f"{'players':>7} {'edges':>8} {'time s':>8} {'peak MB':>8} | "
          f"{'full edges':>10} {'time s':>8} {'peak MB':>8} | {'speed-up':>8} {'mem ratio':>9} same")
    for n in (int(x) for x in args.sizes.split(",")):
        t, league = random_tournament(n, 3, args.seed, not args.flat_league)
        sp, st, sm = measure(t, league, args.seed, True, 3)
        line = f"{n:>7} {sp.sparse_edges:>8} {st:>8.3f} {sm / 2**20:>8.1f} | "
        if args.no_baseline:
            print(line + "(baseline skipped)", flush=True)
            continue
        fp, ft, fm = measure(t, league, args.seed, False, 1)
        line += (f"{fp.sparse_edges:>10} {ft:>8.3f} {fm / 2**20:>8.1f} | {ft / st:>8.1f} "
                 f"{fm / max(sm, 1):>9.1f} {'yes' if fp.cost == sp.cost else 'NO'}")
        print(line, flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"max RSS of the whole run: {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
