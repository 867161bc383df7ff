"""Benchmark: ``sitegen import h9`` of a tournament of N players (issue 30, finding 10).

``python bench/h9_players.py [N ...] [--same-name] [--command]`` makes, for each N (default
10,000, 50,000 and 100,000), an h9 file of N players and one round (player 2k-1 beats player 2k
with white, an odd last player has a bye) and times its reading (``read_h9`` and
``to_tournament``, where the players' ids are made: CPU time of this process); with
``--command``, the whole ``sitegen import h9`` into a new site in a temporary folder, as its
own process (wall time; most of it is writing the two YAML files). Names are
``Surname<k> First<k>`` (every id different) or, with ``--same-name``, the same name for
everyone (ids ``john-smith``, ``john-smith-2``, ... : the worst case for making ids unique).
Markdown for bench/README.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sitegen.formats.h9 import read_h9, to_tournament


def h9_text(n: int, same_name: bool = False) -> str:
    """Return an h9 file of ``n`` players and one round, as described in the module docstring."""
    lines = ["; EV[Bench]", "; DT[2024-01-06,2024-01-06]", "; Pl Name Rk Co Club MMS", ";"]
    for k in range(1, n + 1):
        surname, first = ("Smith", "John") if same_name else (f"Surname{k}", f"First{k}")
        if k % 2 and k == n:
            result = "0+"
        elif k % 2:
            result = f"{k + 1}+/w0"
        else:
            result = f"{k - 1}-/b0"
        lines.append(f"{k} {surname} {first} 5k FR Club {1 if result.endswith(('+', '+/w0')) else 0} {result}")
    return "\n".join(lines) + "\n"


def run(n: int, same_name: bool) -> float:
    """Return the wall time of ``sitegen import h9`` of ``n`` players in a fresh site."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        subprocess.run([sys.executable, "-m", "sitegen", "new", str(site)], check=True,
                       capture_output=True)
        (Path(tmp) / "t.h9").write_text(h9_text(n, same_name), encoding="utf-8")
        start = time.monotonic()
        subprocess.run([sys.executable, "-m", "sitegen", "import", "h9", str(Path(tmp) / "t.h9")],
                       cwd=site, check=True, capture_output=True)
        return time.monotonic() - start


def read_time(n: int, same_name: bool) -> float:
    """Return the CPU time of reading an h9 file of ``n`` players into a tournament."""
    data = h9_text(n, same_name).encode("utf-8")
    start = time.process_time()
    t = to_tournament(read_h9(data, "bench.h9"))
    assert len(t.players) == n
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", type=int, default=[10_000, 50_000, 100_000])
    parser.add_argument("--same-name", action="store_true")
    parser.add_argument("--command", action="store_true")
    args = parser.parse_args()
    what = "sitegen import h9 (wall)" if args.command else "read_h9 + to_tournament (CPU)"
    print(f"| players | {what} |\n|---:|---:|")
    for n in args.players:
        seconds = run(n, args.same_name) if args.command else read_time(n, args.same_name)
        print(f"| {n:,} | {seconds:.1f} s |", flush=True)


if __name__ == "__main__":
    main()
