"""Benchmark: ``sitegen build``'s memory per process and summed over its processes (issue 31).

``python bench/build_memory.py [--scale S] [--nice K] [--one] [--keep]`` generates the
synthetic federation of ``bench/synthetic.py`` (scale 0.3 by default) into a temporary folder
and runs ``python -m sitegen build -q --timings`` there from scratch (empty output, no cache),
then, with ``--one``, once more after one changed result with the cache the first build left
(as ``bench/run.py`` does). While each build runs, every 0.2 s, the memory of the builder and
of every process below it (the forked helper that loads and plans rule sets, the render
workers) is read from ``/proc`` with ``bench/serve_start.py``'s sampling: the resident size
(VmRSS; pages shared copy-on-write counted in every process) and the proportional size (Pss;
shared pages divided between their processes, so the sum is what the machine gives them).

Printed as Markdown for bench/README.md: the load average (1 min) before each build, its wall
time, the peak RSS and PSS of each process (with when it was first and last seen, in seconds
from the start), and the peaks of the sums over the processes (RSS and PSS) with the processes
at the RSS sum's peak.

``--stages`` instead runs one build from scratch in a child process of this script with the
builder's stage clock (``sitegen.commands.build._Clock.lap``) wrapped: at the end of each stage
(check, prepare = load + validate + plan, render+write, swap, cache) it prints the builder's
resident size (VmRSS) and its peak so far (VmHWM), and, with ``--trace`` (slow: Python's
``tracemalloc`` records every allocation), the memory allocated and still alive at that point
grouped by the sitegen package (or library) whose code allocated it.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import change_one_result  # noqa: E402
from serve_start import descendants, memory  # noqa: E402
from synthetic import generate  # noqa: E402

HERE = Path(__file__).resolve().parent.parent
STAGES_FLAG = "--child-stages"


def status_kb(field: str) -> int:
    """``field`` (e.g. ``VmRSS``) of this process's ``/proc/self/status``, in kB."""
    with open("/proc/self/status") as handle:
        return next(int(line.split()[1]) for line in handle if line.startswith(field + ":"))


def by_package(snapshot: object, top: int = 12) -> list[tuple[str, float]]:
    """Return the ``top`` largest ``(package, MB)`` of a tracemalloc snapshot: the allocating
    frame's file grouped by ``sitegen/<package>`` or, outside sitegen, by library folder."""
    sizes: dict[str, int] = {}
    for stat in snapshot.statistics("filename"):  # type: ignore[attr-defined]
        name = stat.traceback[0].filename
        parts = Path(name).parts
        if "sitegen" in parts:
            rest = parts[len(parts) - 1 - parts[::-1].index("sitegen") + 1:]
            group = "sitegen/" + (rest[0] if len(rest) > 1 else rest[0].removesuffix(".py"))
        elif "site-packages" in parts:
            group = parts[parts.index("site-packages") + 1]
        else:
            group = Path(name).name
        sizes[group] = sizes.get(group, 0) + stat.size
    return sorted(((g, b / 1e6) for g, b in sizes.items()), key=lambda kv: -kv[1])[:top]


def stages_child(trace: bool) -> int:
    """In the child: run ``sitegen build -q`` in this folder, printing memory per stage."""
    import tracemalloc

    from sitegen.cli import main as sitegen_main
    from sitegen.commands import build as build_command

    if trace:
        tracemalloc.start(1)
    lap = build_command._Clock.lap

    def measured(clock: object, stage: str) -> dict[str, float]:
        laps = lap(clock, stage)  # type: ignore[arg-type]
        line = f"after {stage}: builder RSS {status_kb('VmRSS') / 1024:.0f} MB, peak {status_kb('VmHWM') / 1024:.0f} MB"
        if trace:
            current, peak = tracemalloc.get_traced_memory()
            groups = ", ".join(f"{g} {mb:.0f}" for g, mb in by_package(tracemalloc.take_snapshot()))
            line += f"; traced alive {current / 1e6:.0f} MB (peak {peak / 1e6:.0f}): {groups}"
        print(line, flush=True)
        return laps

    build_command._Clock.lap = measured  # type: ignore[method-assign]
    status = sitegen_main(["build", "-q"])
    sys.stdout.flush()
    os._exit(status)


class TreeSampler(threading.Thread):
    """Samples the memory of a process tree every 0.2 s until stopped.

    Keeps, per process id, ``[peak rss, peak pss, first seen s, last seen s]`` (kB, seconds
    from the start) in ``processes``; the peaks of the sums in ``peak_rss``/``peak_pss`` (kB),
    and ``(pid, rss, pss)`` of each process when the RSS sum peaked in ``at_peak``.
    """

    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root = root
        self.started = time.monotonic()
        self.stop = threading.Event()
        self.peak_rss = self.peak_pss = 0
        self.peak_at = 0.0
        self.at_peak: list[tuple[int, int, int]] = []
        self.processes: dict[int, list[float]] = {}

    def run(self) -> None:
        while not self.stop.wait(0.2):
            now = time.monotonic() - self.started
            sample = [(pid, *memory(pid)) for pid in descendants(self.root)]
            sample = [s for s in sample if s[1]]
            for pid, rss, pss in sample:
                seen = self.processes.setdefault(pid, [0, 0, now, now])
                seen[0], seen[1], seen[3] = max(seen[0], rss), max(seen[1], pss), now
            rss, pss = sum(s[1] for s in sample), sum(s[2] for s in sample)
            if rss > self.peak_rss:
                self.peak_rss, self.at_peak, self.peak_at = rss, sample, now
            self.peak_pss = max(self.peak_pss, pss)


def build_once(root: Path, nice: int) -> dict:
    """Run ``sitegen build`` once in ``root``, sampled; return its figures."""
    load = os.getloadavg()[0]
    command = [*(["nice", "-n", str(nice)] if nice else []), sys.executable, "-m", "sitegen",
               "build", "-q", "--timings"]
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=root, env={**os.environ, "PYTHONPATH": str(HERE)},
                               stdout=subprocess.PIPE, text=True)
    sampler = TreeSampler(process.pid)
    sampler.start()
    out, _ = process.communicate()
    wall = time.monotonic() - started
    sampler.stop.set()
    sampler.join()
    if process.returncode:
        raise SystemExit(f"sitegen build failed ({process.returncode})")
    return {"load": load, "wall": wall, "root": process.pid, "sampler": sampler,
            "timings": next((line for line in out.splitlines() if line.startswith("timings")), "")}


def report(name: str, run: dict) -> None:
    sampler: TreeSampler = run["sampler"]
    print(f"\n{name}: load (1 min) {run['load']:.2f} before, wall {run['wall']:.1f} s\n")
    if run["timings"]:
        print(f"{run['timings']}\n")
    print("| process | peak RSS MB | peak PSS MB | seen from s | to s |")
    print("|---|---:|---:|---:|---:|")
    for pid, (rss, pss, first, last) in sorted(sampler.processes.items(), key=lambda kv: kv[1][2]):
        role = "builder" if pid == run["root"] else f"child {pid}"
        print(f"| {role} | {rss / 1024:.0f} | {pss / 1024:.0f} | {first:.1f} | {last:.1f} |")
    shares = ", ".join(f"{rss / 1024:.0f} / {pss / 1024:.0f}" for _, rss, pss in sampler.at_peak)
    print(f"| **sum** | **{sampler.peak_rss / 1024:.0f}** | **{sampler.peak_pss / 1024:.0f}** | | |")
    print(f"\nAt the RSS sum's peak ({sampler.peak_at:.1f} s), RSS / PSS MB per process: {shares}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=0.3)
    parser.add_argument("--nice", type=int, default=0, help="run the builds under nice -n K")
    parser.add_argument("--one", action="store_true",
                        help="then build once more after one changed result, with the cache")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--stages", action="store_true", help="the builder's memory after each stage")
    parser.add_argument("--trace", action="store_true", help="with --stages: tracemalloc by package")
    if len(sys.argv) > 1 and sys.argv[1] == STAGES_FLAG:
        return stages_child(trace=sys.argv[2:] == ["--trace"])
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix=f"sitegen-build-memory-{args.scale}-"))
    try:
        counts = generate(root, args.scale)
        print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
              f"scale {args.scale}: {counts}; builds under nice -n {args.nice}")
        if args.stages:
            print(f"load (1 min) {os.getloadavg()[0]:.2f} before")
            subprocess.run([*(["nice", "-n", str(args.nice)] if args.nice else []), sys.executable, __file__,
                            STAGES_FLAG, *(["--trace"] if args.trace else [])], cwd=root, check=True,
                           env={**os.environ, "PYTHONPATH": str(HERE)})
            return 0
        report("full build from scratch", build_once(root, args.nice))
        if args.one:
            changed = change_one_result(root / "content")
            time.sleep(1.1)  # the content file older than the build's racy window
            report(f"build with the cache after one result ({changed})", build_once(root, args.nice))
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
        else:
            print(f"kept {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
