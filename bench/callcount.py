"""Which calls a build makes more or fewer between two sitegen trees (issue 29's Keep).

A CPU figure that moves by a few per cent between two runs may be the code or the machine; the
number of calls does not depend on the load. Two steps:

``python bench/callcount.py profile OUT.prof -- --content content build --output output``
    runs one ``sitegen`` command under cProfile in this process, with one CPU (``os.cpu_count``
    answers 1, so the build forks no render workers and every call is counted here), the
    sitegen of ``PYTHONPATH``; prints the process CPU time of the command (under the profiler).

``python bench/callcount.py compare BEFORE.prof AFTER.prof [N]``
    prints the total calls of each, the N functions (default 25) whose call counts differ most
    and the N whose own time differs most (that time moves with the load and the profiler; the
    counts do not). Functions are named by their path below the tree, so two trees compare.
"""

from __future__ import annotations

import cProfile
import inspect
import os
import pstats
import re
import sys
import time


def profile(out: str, argv: list[str]) -> None:
    os.cpu_count = lambda: 1  # no render workers: every call in this process
    from sitegen.cli import main

    kept: list = []
    profiler = cProfile.Profile()
    start = time.process_time()
    profiler.enable()
    try:
        main(argv, kept=kept) if "kept" in inspect.signature(main).parameters else main(argv)
    except SystemExit:
        pass
    profiler.disable()
    print(f"CPU under the profiler: {time.process_time() - start:.2f} s", file=sys.stderr)
    profiler.dump_stats(out)
    sys.stderr.flush()
    os._exit(0)  # as the sitegen command does: no teardown


def counts(path: str) -> dict[tuple[str, str], list[float]]:
    """``(file below the tree, function)`` -> ``[calls, own time, cumulative time]``."""
    found: dict[tuple[str, str], list[float]] = {}
    for (file, _line, name), (_cc, calls, own, cumulative, _callers) in pstats.Stats(path).stats.items():  # type: ignore[attr-defined]
        short = file.split("/sitegen/", 1)[-1] if "/sitegen/" in file else file.rsplit("/", 1)[-1]
        name = re.sub(r" at 0x[0-9a-f]+", "", name)  # an address differs between processes
        row = found.setdefault((short, name), [0, 0.0, 0.0])
        row[0] += calls
        row[1] += own
        row[2] += cumulative
    return found


def compare(before_path: str, after_path: str, shown: int) -> None:
    before, after = counts(before_path), counts(after_path)
    print(f"calls: {sum(r[0] for r in before.values()):,.0f} before, {sum(r[0] for r in after.values()):,.0f} after")
    zero = [0, 0.0, 0.0]
    rows = [(key, before.get(key, zero), after.get(key, zero)) for key in set(before) | set(after)]
    print("calls that differ (after - before, before, after, own time before / after s, function):")
    for key, b, a in sorted(rows, key=lambda r: -abs(r[2][0] - r[1][0]))[:shown]:
        if a[0] != b[0]:
            print(f"  {a[0] - b[0]:+10,.0f} {b[0]:10,.0f} {a[0]:10,.0f}  {b[1]:6.2f} {a[1]:6.2f}  {key[0]}:{key[1]}")
    print("own time that differs most (moves with the load):")
    for key, b, a in sorted(rows, key=lambda r: -abs(r[2][1] - r[1][1]))[:shown]:
        print(f"  {a[1] - b[1]:+7.2f} s  {b[1]:6.2f} {a[1]:6.2f}  calls {b[0]:,.0f} {a[0]:,.0f}  {key[0]}:{key[1]}")


def main() -> None:
    if len(sys.argv) >= 4 and sys.argv[1] == "profile" and sys.argv[3] == "--":
        profile(sys.argv[2], sys.argv[4:])
    elif len(sys.argv) in (4, 5) and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) == 5 else 25)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
