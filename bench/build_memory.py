"""Benchmark: ``sitegen build``'s memory per process and summed over its processes (issue 31).

``python bench/build_memory.py [--scale S] [--nice K] [--one] [--keep]`` generates the
synthetic federation of ``bench/synthetic.py`` (scale 0.3 by default) into a temporary folder
and runs ``python -m sitegen build -q --timings`` there from scratch (empty output, no cache),
then, with ``--one``, once more after one changed result with the cache the first build left
(as ``bench/run.py`` does). While each build runs, every 0.2 s, the memory of the builder and
of every process below it (the forked helper that loads and plans rule sets, the render
workers) is read from ``/proc`` with ``bench/serve_start.py``'s sampling: the resident size
(Rss; pages shared copy-on-write counted in every process), the proportional size (Pss;
shared pages divided between their processes, so the sum is what the machine gives them) and
the unique size (USS: the pages only this process maps, e.g. those a worker copied when it
wrote to them, reference counts included).

Printed as Markdown for bench/README.md: the load average (1 min) before and after each build, its wall
time, the peak RSS and PSS of each process (with when it was first and last seen, in seconds
from the start), and the peaks of the sums over the processes (RSS and PSS) with the processes
at the RSS sum's peak.

``--stages`` instead runs one build from scratch in a child process of this script with the
builder's stage clock (``sitegen.commands.build._Clock.lap``) wrapped: at the end of each stage
(check, prepare = load + validate + plan, render+write, swap, cache) it prints the builder's
resident size (VmRSS) and its peak so far (VmHWM), and, with ``--trace`` (slow: Python's
``tracemalloc`` records every allocation), the memory allocated and still alive at that point
grouped by the sitegen package (or library) whose code allocated it. ``--workers`` (with
``--stages``, instead of ``--trace``) has each forked render worker start ``tracemalloc`` at
its first slice of pages and print, every 10 slices, its USS and the memory it allocated since
then and still holds: the rest of its USS's growth is pages of the builder's objects it copied
on writing to them (in Python 3.11 reading an object writes its reference count).
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
from serve_start import descendants  # noqa: E402
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


def watch_workers() -> None:
    """Wrap the render workers' ``make`` (see ``--workers``)."""
    import tracemalloc

    from sitegen import render

    builder, make = os.getpid(), render._RenderJob.make
    slices = [0, 0]  # slices made, USS at the first (kB)

    def watched(job: object, bounds: tuple[int, int]) -> list[tuple]:
        if os.getpid() != builder and not tracemalloc.is_tracing():
            slices[1] = memory(os.getpid())[2]
            tracemalloc.start(1)
        made = make(job, bounds)  # type: ignore[arg-type]
        slices[0] += 1
        if os.getpid() != builder and slices[0] % 10 == 0:
            uss = memory(os.getpid())[2]
            alive, peak = tracemalloc.get_traced_memory()
            tracing = tracemalloc.get_tracemalloc_memory()
            print(f"worker {os.getpid()}, {slices[0]} slices: USS {uss / 1024:.0f} MB (at its first slice "
                  f"{slices[1] / 1024:.0f}), allocated since and alive {alive / 1e6:.0f} MB (peak "
                  f"{peak / 1e6:.0f}), tracemalloc's own {tracing / 1e6:.0f} MB, so copied from the "
                  f"builder about {(uss - slices[1]) / 1024 - (alive + tracing) / 1e6:.0f} MB", flush=True)
        return made

    render._RenderJob.make = watched  # type: ignore[method-assign]


def stages_child(trace: bool, workers: bool) -> int:
    """In the child: run ``sitegen build -q`` in this folder, printing memory per stage."""
    import tracemalloc

    from sitegen.cli import main as sitegen_main
    from sitegen.commands import build as build_command

    if workers:
        watch_workers()

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


def memory(pid: int) -> tuple[int, int, int]:
    """Return ``(rss, pss, uss)`` of ``pid`` in kB (zeros when it is gone): as
    ``serve_start.memory``, and the unique size (Private_Clean + Private_Dirty of
    ``smaps_rollup``: the pages no other process maps, freed when this one ends)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            fields = {line.split(":")[0]: int(line.split()[1]) for line in handle if line.endswith("kB\n")}
    except (OSError, ValueError, IndexError):
        return 0, 0, 0
    return (fields.get("Rss", 0), fields.get("Pss", 0),
            fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0))


class TreeSampler(threading.Thread):
    """Samples the memory of a process tree every 0.2 s until stopped.

    Keeps, per process id, ``[peak rss, peak pss, peak uss, first seen s, last seen s]`` (kB,
    seconds from the start) in ``processes``; the peaks of the sums in ``peak_rss``/``peak_pss``
    (kB), and ``(pid, rss, pss, uss)`` of each process when the RSS sum peaked in ``at_peak``.
    """

    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root = root
        self.started = time.monotonic()
        self.stop = threading.Event()
        self.peak_rss = self.peak_pss = 0
        self.peak_at = 0.0
        self.at_peak: list[tuple[int, int, int, int]] = []
        self.processes: dict[int, list[float]] = {}
        self.unique: dict[int, list[tuple[float, int]]] = {}
        """``[(s, uss kB)]`` of each process, every sample: how its own pages grow."""

    def run(self) -> None:
        while not self.stop.wait(0.2):
            now = time.monotonic() - self.started
            sample = [(pid, *memory(pid)) for pid in descendants(self.root)]
            sample = [s for s in sample if s[1]]
            for pid, rss, pss, uss in sample:
                seen = self.processes.setdefault(pid, [0, 0, 0, now, now])
                seen[0], seen[1], seen[2], seen[4] = max(seen[0], rss), max(seen[1], pss), max(seen[2], uss), now
                self.unique.setdefault(pid, []).append((now, uss))
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
    return {"load": load, "load_after": os.getloadavg()[0], "wall": wall, "root": process.pid, "sampler": sampler,
            "timings": next((line for line in out.splitlines() if line.startswith("timings")), "")}


def report(name: str, run: dict) -> None:
    sampler: TreeSampler = run["sampler"]
    print(f"\n{name}: load (1 min) {run['load']:.2f} before, {run['load_after']:.2f} after, wall {run['wall']:.1f} s\n")
    if run["timings"]:
        print(f"{run['timings']}\n")
    print("| process | peak RSS MB | peak PSS MB | peak USS MB | seen from s | to s |")
    print("|---|---:|---:|---:|---:|---:|")
    for pid, (rss, pss, uss, first, last) in sorted(sampler.processes.items(), key=lambda kv: kv[1][3]):
        role = "builder" if pid == run["root"] else f"child {pid}"
        print(f"| {role} | {rss / 1024:.0f} | {pss / 1024:.0f} | {uss / 1024:.0f} | {first:.1f} | {last:.1f} |")
    shares = ", ".join(f"{rss / 1024:.0f} / {pss / 1024:.0f} / {uss / 1024:.0f}" for _, rss, pss, uss in sampler.at_peak)
    print(f"| **sum** | **{sampler.peak_rss / 1024:.0f}** | **{sampler.peak_pss / 1024:.0f}** | | | |")
    for pid, samples in sampler.unique.items():
        if pid != run["root"] and len(samples) >= 20:
            marks = [samples[len(samples) * share // 10] for share in (1, 3, 5, 7, 9)] + [samples[-1]]
            print(f"\nchild {pid}'s USS MB at " + ", ".join(f"{t:.0f} s: {uss / 1024:.0f}" for t, uss in marks))
    print(f"\nAt the RSS sum's peak ({sampler.peak_at:.1f} s), RSS / PSS / USS MB per process: {shares}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=0.3)
    parser.add_argument("--nice", type=int, default=0, help="run the builds under nice -n K")
    parser.add_argument("--one", action="store_true",
                        help="then build once more after one changed result, with the cache")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--stages", action="store_true", help="the builder's memory after each stage")
    parser.add_argument("--trace", action="store_true", help="with --stages: tracemalloc by package")
    parser.add_argument("--workers", action="store_true", help="with --stages: each worker's own and copied memory")
    if len(sys.argv) > 1 and sys.argv[1] == STAGES_FLAG:
        return stages_child(trace="--trace" in sys.argv[2:], workers="--workers" in sys.argv[2:])
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix=f"sitegen-build-memory-{args.scale}-"))
    try:
        counts = generate(root, args.scale)
        print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
              f"scale {args.scale}: {counts}; builds under nice -n {args.nice}")
        if args.stages:
            print(f"load (1 min) {os.getloadavg()[0]:.2f} before")
            subprocess.run([*(["nice", "-n", str(args.nice)] if args.nice else []), sys.executable, __file__,
                            STAGES_FLAG, *(["--trace"] if args.trace else []),
                            *(["--workers"] if args.workers else [])], cwd=root, check=True,
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
