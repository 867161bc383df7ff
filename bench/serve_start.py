"""Benchmark: ``sitegen serve``'s start to its first pages, and its memory (issue 31).

``python bench/serve_start.py [--scale S] [--repeat N] [--baseline DIR] [--nice K]``
generates the synthetic federation of ``bench/synthetic.py`` (scale 0.3 by default) into a
temporary folder, builds it once with ``sitegen build`` (so that ``output/`` holds an earlier
build, as when a user starts the dev server again), then N times (5 by default) starts
``python -m sitegen serve -q`` in its own process (under ``nice -n K`` when given) and polls
over HTTP, every 20 ms, from the moment the process is started:

- the home page until it answers 200: *home*;
- then a player's page (the middle one of ``output/players/``) until it answers 200:
  *player*;
- the server's log until its first build is done (``build 1: ...``, logged after the site is
  served from memory and written to ``output/``): *complete*.

``--baseline DIR`` runs the same N starts first with the sitegen found in ``DIR`` (e.g. main
unpacked with ``git archive``), in the same run. While each server runs, every 0.2 s, the
memory of its process and of all its descendants (forked build helpers and render workers)
is read from ``/proc``: the resident size (VmRSS; pages shared copy-on-write are counted
in every process) and the proportional size (Pss of ``smaps_rollup``; shared pages divided
between their processes, so the sum over processes is what the machine gives them). Printed:
the peak of each sum, the processes at the peak of the RSS sum, the load average (1 min)
before each start, the medians, as Markdown for bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import generate  # noqa: E402

HERE = Path(__file__).resolve().parent.parent
TIMEOUT = 900.0
"""Seconds one start may take before the run fails."""


def descendants(root: int) -> list[int]:
    """Return ``root`` and every process below it (from the parents in ``/proc/*/stat``)."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
                parent[int(name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, ppid in parent.items() if ppid in frontier]
        found += frontier
    return found


def memory(pid: int) -> tuple[int, int]:
    """Return ``(rss, pss)`` of ``pid`` in kB (0, 0 when it is gone)."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/status") as handle:
            rss = next((int(line.split()[1]) for line in handle if line.startswith("VmRSS:")), 0)
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            pss = next((int(line.split()[1]) for line in handle if line.startswith("Pss:")), 0)
    except (OSError, StopIteration):
        pass
    return rss, pss


class Sampler(threading.Thread):
    """Samples the memory of a process tree every 0.2 s until stopped; keeps the peaks."""

    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root = root
        self.stop = threading.Event()
        self.peak_rss = self.peak_pss = 0
        self.at_peak: list[tuple[int, int, int]] = []
        """``(pid, rss, pss)`` of each process when the RSS sum peaked (kB)."""

    def run(self) -> None:
        while not self.stop.wait(0.2):
            sample = [(pid, *memory(pid)) for pid in descendants(self.root)]
            rss, pss = sum(s[1] for s in sample), sum(s[2] for s in sample)
            if rss > self.peak_rss:
                self.peak_rss, self.at_peak = rss, sample
            self.peak_pss = max(self.peak_pss, pss)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0  # not listening yet


def until_ok(url: str, started: float) -> float:
    while time.monotonic() - started < TIMEOUT:
        if status(url) == 200:
            return time.monotonic() - started
        time.sleep(0.02)
    raise SystemExit(f"{url} did not answer 200 within {TIMEOUT:.0f} s")


def start_once(root: Path, code: Path, player: str, nice: int) -> dict:
    """Start ``sitegen serve`` once; return its times (s) and memory peaks (MB)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(code)}
    command = [sys.executable, "-m", "sitegen", "serve", "-q", "--port", str(port)]
    if nice:
        command = ["nice", "-n", str(nice)] + command
    load = os.getloadavg()[0]
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    sampler = Sampler(process.pid)
    sampler.start()
    done: list[float] = []

    def read_log() -> None:
        for line in process.stderr:  # type: ignore[union-attr]
            if line.startswith("build 1: ") and not done:
                done.append(time.monotonic() - started)

    reader = threading.Thread(target=read_log, daemon=True)
    reader.start()
    try:
        home = until_ok(f"http://127.0.0.1:{port}/", started)
        deep = until_ok(f"http://127.0.0.1:{port}/players/{player}/", started)
        while not done and time.monotonic() - started < TIMEOUT and process.poll() is None:
            time.sleep(0.05)
        time.sleep(0.5)  # the memory after the write
    finally:
        sampler.stop.set()
        sampler.join()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if not done:
        raise SystemExit("the server's first build did not finish")
    return {"home": home, "player": deep, "complete": done[0], "load": load,
            "rss": sampler.peak_rss / 1024, "pss": sampler.peak_pss / 1024,
            "at_peak": [(pid, rss / 1024, pss / 1024) for pid, rss, pss in sampler.at_peak]}


def report(name: str, runs: list[dict]) -> None:
    print(f"\n{name}:\n")
    print("| run | load (1 min) | home s | player s | first build done s | peak RSS sum MB | peak PSS sum MB "
          "| processes at the RSS peak (RSS / PSS MB) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|")
    for number, run in enumerate(runs, 1):
        shares = ", ".join(f"{rss:.0f} / {pss:.0f}" for _, rss, pss in run["at_peak"])
        print(f"| {number} | {run['load']:.2f} | {run['home']:.2f} | {run['player']:.2f} | {run['complete']:.1f} "
              f"| {run['rss']:.0f} | {run['pss']:.0f} | {shares} |")
    med = {key: statistics.median(run[key] for run in runs) for key in ("home", "player", "complete", "rss", "pss")}
    print(f"| median | | {med['home']:.2f} | {med['player']:.2f} | {med['complete']:.1f} | {med['rss']:.0f} "
          f"| {med['pss']:.0f} | |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=0.3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="a sitegen source tree to start first, in the same run")
    parser.add_argument("--nice", type=int, default=0, help="run the servers under nice -n K")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix=f"sitegen-serve-start-{args.scale}-"))
    try:
        counts = generate(root, args.scale)
        build = subprocess.run([sys.executable, "-m", "sitegen", "build", "-q"], cwd=root,
                               env={**os.environ, "PYTHONPATH": str(HERE)})
        if build.returncode:
            raise SystemExit("sitegen build failed")
        players = sorted(os.listdir(root / "output/players"))
        player = [name for name in players if (root / "output/players" / name).is_dir()]
        player = player[len(player) // 2]
        print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
              f"scale {args.scale}: {counts}; servers under nice -n {args.nice}; "
              f"deep page /players/{player}/")
        trees = ([("baseline " + str(args.baseline), args.baseline)] if args.baseline else []) + [("this tree", HERE)]
        for name, code in trees:
            report(name, [start_once(root, code, player, args.nice) for _ in range(args.repeat)])
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
