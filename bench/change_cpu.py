"""Benchmark: the dev server's CPU from a change to its page, in one process (issue 31).

``python bench/change_cpu.py --archive DIR [--kind league|tournament|ladder ...] [--repeat N]
[--profile DIR]`` copies the content of an archive written by ``bench/synthetic.py`` (for
example /tmp/arch1, full size), builds it once as ``sitegen serve`` does at its start
(:class:`sitegen.devsite.Site`, on the main thread, so that the build's helper and render
workers are forked), then makes N changes of each kind given, in order, as ``bench/rebuild.py`` does (the same
file, result and page: its ``target`` and ``reverse``), each followed by the server's build
on a second thread's terms (no forking, as in the server's builder thread). Printed per
change: the build thread's CPU (``time.thread_time``) until the changed page is made and shown,
and to the build's end, with the wall time and the load. Under load, CPU is the comparable
figure where ``bench/rebuild.py``'s walls are not; the first changes after the start are the
ones that paid for what the server's process had not read or compiled. ``--profile DIR``
writes a cProfile of each change's way to its page (``KIND1.prof`` ...). ``--lock FILE``
takes an exclusive lock on FILE (``flock``) for the changes only, not for the start's build
(minutes on a loaded machine: other measurements need not wait for it).

Do not edit the checkout's ``sitegen`` while it runs: the change's build would find the code
changed and build from scratch (the cache's ``code`` root). Run a copy (``git archive``).
"""

from __future__ import annotations

import argparse
import cProfile
import fcntl
import os
import resource
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rebuild import reverse, target  # noqa: E402

from sitegen.devsite import Site  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--kind", nargs="+", default=["league"], choices=("league", "tournament", "ladder"),
                        help="the kinds of change, in order, after one start (default: league)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--lock", type=Path, help="a file to lock (flock) during the changes")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="sitegen-change-cpu-"))
    try:
        shutil.copytree(args.archive / "content", root / "content", symlinks=True)
        site = Site(root / "content", None, None, output=root / "output")
        wall, cpu = time.perf_counter(), time.process_time()
        site.build()  # the server's start: no other thread yet, so it forks as sitegen serve does
        print(f"first build: {time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s "
              f"CPU of the process (load {os.getloadavg()[0]:.2f})", flush=True)
        print(f"changes from {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)
        idle = threading.Event()
        threading.Thread(target=idle.wait, daemon=True).start()  # the server's other threads
        if args.lock is not None:
            lock = open(args.lock, "a")  # closed (and so unlocked) when the process ends
            fcntl.flock(lock, fcntl.LOCK_EX)
            print(f"locked {args.lock} at {time.strftime('%H:%M:%S', time.gmtime())} UTC (load {os.getloadavg()[0]:.2f})", flush=True)
        for kind in args.kind:
            changes(site, root / "content", kind, args.repeat, args.profile)
        print(f"peak memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def changes(site: Site, content: Path, kind: str, repeat: int, profile_dir: Path | None) -> None:
    """Make ``repeat`` changes of ``kind`` to ``content``, each followed by ``site``'s build;
    print the build thread's CPU to the changed page shown and to the build's end."""
    file, index, page = target(content, kind)
    wanted = page + "index.html"
    for number in range(1, repeat + 1):
        time.sleep(0.3)
        reverse(file, index)
        shown: list[float] = []
        profile = cProfile.Profile() if profile_dir else None

        def show(files, profile=profile, shown=shown) -> None:
            if wanted in files and not shown:
                shown.append(time.thread_time() - started)
                if profile is not None:
                    profile.disable()

        started, wall = time.thread_time(), time.perf_counter()
        if profile is not None:
            profile.enable()
        site.build(show, frozenset({wanted}))
        if profile is not None:
            profile.disable()
            profile.dump_stats(profile_dir / f"{kind}{number}.prof")
        print(f"{kind} {number}: CPU to the page shown {shown[0] if shown else float('nan'):.3f} s, "
              f"to the build's end {time.thread_time() - started:.3f} s; {time.perf_counter() - wall:.2f} s "
              f"wall; load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
