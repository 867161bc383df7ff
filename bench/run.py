"""Benchmark of a federation-sized site (issue 9): ``python bench/run.py [--scale S]``.

For each scale (default: the full size, 1, and a tenth, 0.1; ``--scale`` gives just one) the
archive of ``bench/synthetic.py`` is generated into a temporary folder (``--archive DIR``: copied
from one that ``python bench/synthetic.py DIR --scale S`` wrote, so that a run under a
measurement lock does not generate it), then, each as its own
``python -m sitegen`` process so that memory is measured per run:

- the full build into an empty folder: wall time, CPU time of the process and of its worker
  processes, peak memory (``ru_maxrss`` of RUSAGE_SELF and RUSAGE_CHILDREN), pages and bytes
  written, pages per second;
- a no-op rebuild (nothing changed);
- a rebuild after one changed result (a league game's result reversed), with the cache the full
  build left beside the output (issue 18): its time as a share of the full build's, and the
  files rewritten, checked against the files whose bytes really changed;
- ``sitegen check``;
- the floor: writing the same bytes to the same number of files, no rendering, in a fresh folder.

Every time is also printed as a ratio to the floor's wall time. The machine (CPUs, CPU model,
memory) and its load average before and after each scale are printed too, since other work on
the machine slows the figures down, and each step's "speed probe" (a fixed Python loop timed
just before the step): on a shared virtual machine the same build can take twice as long when
the probe does. ``--repeat N`` runs the full build N times; the builds print their stages
(``sitegen build --timings``). ``--baseline DIR`` also runs each full build with the sitegen of
the checkout in DIR (e.g. ``git worktree add /tmp/base main``), just before this one's, so that
the two are compared in the same run on the same archive.

The cached build's fixed part (issue 31): ``--one N`` (default 1) runs N rebuilds after one
changed result, each with the cache the build before it left (the first right after the full
build, whose cache keys only the player pages; the result is reversed back and forth). With
``--baseline``, the baseline's sitegen then does the same on the same archive: its own full
build (not timed again), then N rebuilds after one result. Each is printed with the load
average (1 min) taken just before it, and as a share of the fastest full build of its sitegen.

Each sitegen's modules are byte-compiled first (``compileall``, as ``pip install`` does for an
installed package and as any run does where Python may write its ``__pycache__``): where
``PYTHONDONTWRITEBYTECODE`` is set (as on the project's development machines), every measured
process would otherwise compile sitegen's 200 modules from source, about 0.15 s a process
(issue 31). ``--source`` leaves them as they are.

The cost of the progress display (issue 19): ``--display N`` (default 1) runs N pairs of full
builds into an empty folder, one with ``--quiet`` (nothing shown) and one whose stderr is a
pseudo-terminal (the bars drawn as on a terminal), taking turns in which goes first. On a
terminal the bench shows each step's progress (the builds' stderr is the bench's own).
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import hashlib
import inspect
import json
import os
import platform
import pty
import re
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import termios
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent

CHILD_FLAG = "--child-rusage"


def run_child(rusage_file: str, argv: list[str]) -> int:
    """In the measured process: run ``python -m sitegen argv``, then record its rusage."""

    sys.argv = ["sitegen", *argv]
    status = 0
    from sitegen.cli import main

    # What the build made is kept alive to the end, as the sitegen command keeps it
    # (sitegen.cli.run: main(kept=...), then os._exit): without it, a sitegen since 9632c93 freed
    # it on main's return, inside the measure (about 1 s of CPU at scale 1), which the command
    # never does and a sitegen before 9632c93 (commands.build.LAST) did not do either.
    kept: list = []
    try:
        status = main(argv, kept=kept) if "kept" in inspect.signature(main).parameters else main(argv)
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    sys.stdout.flush()
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    Path(rusage_file).write_text(json.dumps({
        "cpu_self": own.ru_utime + own.ru_stime, "cpu_children": kids.ru_utime + kids.ru_stime,
        "maxrss_self_kb": own.ru_maxrss, "maxrss_children_kb": kids.ru_maxrss,
        # user and system apart: the system's share (file creation, page faults) varied
        # several times over between identical builds on this machine (bench/README.md, cpu31c)
        "user": own.ru_utime + kids.ru_utime, "sys": own.ru_stime + kids.ru_stime,
        "minflt": own.ru_minflt + kids.ru_minflt}))
    os._exit(status)  # as the sitegen command does (sitegen.cli.run): no teardown


def sitegen(root: Path, *argv: str, env: dict[str, str] | None = None, code: Path = ROOT,
            terminal: bool = False) -> dict:
    """Run ``python -m sitegen --content content argv`` in ``root`` (the sitegen of ``code``);
    return its measures.

    Its stdout is captured. Its stderr (errors, warnings and progress) is a pseudo-terminal
    of 100 x 24 when ``terminal`` (what it draws there is passed on to this process's stderr
    if that is a terminal, and counted); else this process's stderr if that is a terminal (so
    the bench shows each step's progress), else captured.
    """
    probe = speed_probe()
    fd, rusage_file = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    command = [sys.executable, __file__, CHILD_FLAG, rusage_file, "--content", "content", *argv]
    environment = dict(os.environ, PYTHONPATH=str(code), **(env or {}))
    shown = sys.stderr.isatty()
    drawn = [0]
    if terminal:
        master, stderr = pty.openpty()
        fcntl.ioctl(stderr, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
        environment.setdefault("TERM", "xterm")
    else:
        stderr = None if shown else subprocess.PIPE
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=root, env=environment, stdout=subprocess.PIPE,
                               stderr=stderr, text=True)
    if terminal:
        os.close(stderr)
        relay = threading.Thread(target=pass_on, args=(master, drawn, shown), daemon=True)
        relay.start()
    out, err = process.communicate()
    wall = time.perf_counter() - start
    if terminal:
        relay.join()
        os.close(master)
    if process.returncode != 0:
        raise SystemExit(f"sitegen {' '.join(argv)} failed ({process.returncode}):\n{err or ''}")
    usage = json.loads(Path(rusage_file).read_text())
    os.unlink(rusage_file)
    return {"wall": wall, "cpu": usage["cpu_self"] + usage["cpu_children"], **usage,
            "stdout": out.strip(), "probe": probe, "timings": timings(out), "drawn": drawn[0]}


def pass_on(master: int, drawn: list[int], shown: bool) -> None:
    """Read a pseudo-terminal until its process closes it: count the bytes in ``drawn[0]`` and
    write them to this process's stderr when ``shown``."""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side is closed
            return
        if not chunk:
            return
        drawn[0] += len(chunk)
        if shown:
            sys.stderr.buffer.write(chunk)
            sys.stderr.flush()


def digests(folder: Path) -> dict[str, tuple[int, str]]:
    """Return ``{path: (size, sha256)}`` of every file under ``folder``."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file()}


FLOOR_SCRIPT = """
import json, os, sys, time
source, target = sys.argv[1], sys.argv[2]
files = []
for root, _, names in os.walk(source):
    for name in names:
        path = os.path.join(root, name)
        with open(path, "rb") as stream:
            files.append((os.path.relpath(path, source), stream.read()))
cpu, start = time.process_time(), time.perf_counter()
for relative, data in files:
    path = os.path.join(target, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as stream:
        stream.write(data)
print(json.dumps({"wall": time.perf_counter() - start, "cpu": time.process_time() - cpu}))
"""


def floor(source: Path, folder: Path) -> dict:
    """Write the bytes of every file under ``source`` into the fresh ``folder`` with no
    rendering, in a process of its own (so that this one stays small: a child's peak memory
    counts its parent's at the fork); return its wall and CPU time."""
    done = subprocess.run([sys.executable, "-c", FLOOR_SCRIPT, str(source), str(folder)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def settle(folder: Path, drop: bool = False) -> None:
    """Delete ``folder`` and let the file system finish with it (``sync``), so that the next
    step is not charged for the deletion of 370 MB still going on in the kernel. With ``drop``,
    also empty the kernel's page cache (:func:`drop_page_cache`)."""
    shutil.rmtree(folder)
    os.sync()
    if drop:
        drop_page_cache()
    time.sleep(5)


def drop_page_cache() -> None:
    """Empty the kernel's page cache (``/proc/sys/vm/drop_caches``; root only): each full-size
    build leaves about 500 MB of written pages cached, and a step after several others was seen
    paying for them in system CPU (stop 53, scale 0.3 from scratch, the same code: 1.7, 4.7, 6.7,
    9.3, 10.8, 12.9 s of system CPU in six builds in a row; 1.9-2.9 s with the cache emptied
    before each). Raises ``PermissionError`` where the process may not."""
    os.sync()
    Path("/proc/sys/vm/drop_caches").write_text("3\n")


def one_result_builds(root: Path, count: int, code: Path = ROOT) -> list[dict]:
    """Run ``count`` rebuilds after one changed result with the sitegen of ``code``, each with
    the cache the build before it left; return their measures (each with ``load``, the load
    average of the minute before it, and ``changed``)."""
    runs = []
    for _ in range(count):
        changed = change_one_result(root / "content")
        time.sleep(1.1)  # the content file older than the build's racy window
        load_now = load()
        run = sitegen(root, "build", "--output", "output", "--timings", code=code)
        runs.append({**run, "load": load_now, "changed": changed})
    return runs


def change_one_result(content: Path) -> str:
    """Reverse the first league result of the last season; return what was changed."""
    season = sorted((content / "leagues" / "national" / "seasons").glob("*.yaml"))[-1]
    text = season.read_text(encoding="utf-8")
    match = re.search(r"result: (B|W)\+R\}", text)
    if match is None:
        raise SystemExit(f"no B+R/W+R result in {season}")
    other = "W" if match.group(1) == "B" else "B"
    season.write_text(text[:match.start(1)] + other + text[match.end(1):], encoding="utf-8")
    return f"{season.relative_to(content)}: {match.group(0)} -> {other}+R}}"


def byte_compile(trees: list[Path]) -> None:
    """Write the ``__pycache__`` of each tree's ``sitegen`` package (what an installed package
    has), so that no measured process compiles sitegen's modules from source."""
    for tree in trees:
        if not compileall.compile_dir(str(tree / "sitegen"), quiet=1):
            raise SystemExit(f"{tree / 'sitegen'}: a module does not compile")
        print(f"byte-compiled {tree / 'sitegen'}", file=sys.stderr)


def machine() -> dict[str, str]:
    model = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        mem_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal"))
        memory = f"{mem_kb / 1024 / 1024:.1f} GiB"
    except (OSError, StopIteration, ValueError):
        memory = "?"
    return {"cpus": str(os.cpu_count()), "cpu": model, "memory": memory,
            "python": platform.python_version(), "system": platform.platform()}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def speed_probe() -> float:
    """Seconds for a fixed pure-Python loop (20 million additions): this shared machine's speed
    varies by up to 2x from minute to minute, so each step is printed with the probe taken
    just before it."""
    start = time.perf_counter()
    total = 0
    for i in range(20_000_000):
        total += i
    return time.perf_counter() - start


def timings(stdout: str) -> str:
    """Return the ``timings: ...`` line of ``sitegen build --timings``, or ''."""
    match = re.search(r"^timings: (.*)$", stdout, re.M)
    return match.group(1) if match else ""


def full_build(root: Path, baseline: Path | None) -> tuple[dict, dict | None]:
    """Build from scratch into an empty output folder: with the baseline's sitegen first (when
    given), then this one; return both measures."""
    base = None
    if baseline is not None:
        base = sitegen(root, "build", "--output", "output", "--timings", code=baseline)
        settle(root / "output")
        forget_cache(root)
    return sitegen(root, "build", "--output", "output", "--timings"), base


def forget_cache(root: Path) -> None:
    shutil.rmtree(root / ".output.sitegen-cache", ignore_errors=True)
    (root / ".output.sitegen-build.json").unlink(missing_ok=True)  # the baseline's record


def display_pairs(root: Path, pairs: int) -> list[tuple[dict, dict]]:
    """Run ``pairs`` pairs of full builds into an empty folder: ``(quiet, on a terminal)``,
    taking turns in which of the two goes first."""
    results = []
    for number in range(pairs):
        runs: dict[str, dict] = {}
        for kind in (("quiet", "terminal") if number % 2 == 0 else ("terminal", "quiet")):
            settle(root / "output")
            forget_cache(root)
            runs[kind] = sitegen(root, "build", "--output", "output", "--timings",
                                 *(["--quiet"] if kind == "quiet" else []),
                                 terminal=kind == "terminal")
        results.append((runs["quiet"], runs["terminal"]))
    return results


def bench(scale: float, keep: bool, repeat: int = 1, baseline: Path | None = None,
          display: int = 1, ones: int = 1, archive: Path | None = None) -> dict:
    root = Path(tempfile.mkdtemp(prefix=f"sitegen-bench-{scale}-"))
    try:
        load_before = load()
        started = time.perf_counter()
        sys.path.insert(0, str(BENCH))  # here only: a child process imports the sitegen it is given
        from synthetic import copy_archive, generate

        counts = copy_archive(archive, root) if archive else generate(root, scale)
        generated = time.perf_counter() - started
        content_bytes = sum(p.stat().st_size for p in (root / "content").rglob("*") if p.is_file())
        no_cache = {"SITEGEN_NO_CACHE": "1"}
        time.sleep(2.1)  # inputs older than the baseline's racy window
        full, base = full_build(root, baseline)
        repeats, bases = [full], [base] if base else []
        for _ in range(repeat - 1):  # the same full build again, into an empty folder
            settle(root / "output")
            forget_cache(root)
            full, base = full_build(root, baseline)
            repeats.append(full)
            bases += [base] if base else []
        full = repeats[-1]  # the cache of the last one stands beside the output
        shown = display_pairs(root, display)
        files = digests(root / "output")
        pages = sum(1 for path in files if path.endswith(".html"))
        size = sum(length for length, _ in files.values())
        noop = sitegen(root, "build", "--output", "output")
        noop_uncached = sitegen(root, "build", "--output", "output", "--timings", env=no_cache)
        before = digests(root / "output")  # other builds may have changed it (code edited meanwhile)
        changed = change_one_result(root / "content")
        load_one = load()
        one = {**sitegen(root, "build", "--output", "output", "--timings"), "load": load_one}
        after = digests(root / "output")
        really_changed = sorted(p for p in after if before.get(p) != after[p])
        match = re.search(r"\((\d+) files written", one["stdout"])
        written = int(match.group(1)) if match else -1
        more = one_result_builds(root, ones - 1)
        base_ones = []
        if baseline is not None:  # the same with the baseline, after its own full build
            settle(root / "output")
            forget_cache(root)
            sitegen(root, "build", "--output", "output", "--quiet", code=baseline)
            base_ones = one_result_builds(root, ones, code=baseline)
        check = sitegen(root, "check")
        probe = speed_probe()
        os.sync()
        low = floor(root / "output", Path(tempfile.mkdtemp(prefix="floor-", dir=root)))
        low["probe"] = probe
        return {"scale": scale, "counts": counts, "content_bytes": content_bytes,
                "generate_s": generated, "pages": pages, "files": len(files), "bytes": size,
                "full": full, "repeats": repeats, "baselines": bases, "display": shown, "noop": noop,
                "noop_uncached": noop_uncached, "one": one, "ones": [one, *more],
                "base_ones": base_ones, "check": check, "floor": low,
                "changed": changed, "written": written, "really_changed": really_changed,
                "load_before": load_before, "load_after": load(), "root": str(root)}
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def report(result: dict) -> str:
    low = result["floor"]["wall"]
    games = sum(v for k, v in result["counts"].items() if k.endswith("_games"))
    lines = [f"## scale {result['scale']}: {result['counts']['players']} players, {games} games "
             f"({', '.join(f'{k} {v}' for k, v in result['counts'].items() if k.endswith('_games'))}), "
             f"content {result['content_bytes'] / 1e6:.1f} MB",
             f"load average (1, 5, 15 min) before {result['load_before']}, after {result['load_after']}",
             f"output: {result['pages']} pages, {result['files']} files, {result['bytes'] / 1e6:.1f} MB",
             "",
             "| step | wall s | CPU s (process + workers) | peak RSS MB (process / workers) | x floor "
             "| speed probe s | stages (wall s) |",
             "|---|---:|---:|---:|---:|---:|---|"]

    def row(name: str, m: dict) -> None:
        rss = (f"{m['maxrss_self_kb'] / 1024:.0f} / {m['maxrss_children_kb'] / 1024:.0f}"
               if "maxrss_self_kb" in m else "")
        cpu = (f"{m['cpu']:.2f} ({m['cpu_self']:.2f} + {m['cpu_children']:.2f})"
               if "cpu_self" in m else f"{m['cpu']:.2f}")
        lines.append(f"| {name} | {m['wall']:.2f} | {cpu} | {rss} | {m['wall'] / low:.1f} "
                     f"| {m['probe']:.2f} | {m.get('timings', '')} |")

    for number, run in enumerate(result["repeats"], start=1):
        suffix = f", run {number}" if len(result["repeats"]) > 1 else ""
        if result["baselines"]:
            row("full build, baseline sitegen" + suffix, result["baselines"][number - 1])
        row("full build (empty output)" + suffix, run)
    for number, (quiet, terminal) in enumerate(result["display"], start=1):
        first = "--quiet first" if number % 2 == 1 else "terminal first"
        row(f"full build, --quiet: no progress display (pair {number}, {first})", quiet)
        row(f"full build, progress on a terminal: {terminal['drawn'] / 1000:.0f} kB drawn "
            f"(pair {number}, {first})", terminal)
    row("no-op rebuild", result["noop"])
    row("no-op rebuild, cache off (SITEGEN_NO_CACHE=1)", result["noop_uncached"])
    row("rebuild after one changed result", result["one"])
    row("sitegen check", result["check"])
    row("floor: same bytes, same files, no rendering", result["floor"])
    full = result["full"]
    if result["display"]:
        def median(kind: int, measure: str) -> float:
            return statistics.median(pair[kind][measure] for pair in result["display"])

        pairs = len(result["display"])
        lines += ["", f"progress display (median of {pairs} pair{'s' if pairs != 1 else ''}): full "
                      f"build on a terminal {median(1, 'wall'):.2f} s wall, {median(1, 'cpu'):.2f} s "
                      f"CPU; with --quiet {median(0, 'wall'):.2f} s wall, {median(0, 'cpu'):.2f} s CPU"]
    walls = [run["wall"] for run in result["repeats"]]
    lines += ["",
              f"full build: {result['pages'] / full['wall']:.0f} pages/s wall, "
              f"{result['bytes'] / 1e6 / full['wall']:.1f} MB/s",
              f"one changed result with the cache: {result['one']['wall']:.2f} s, "
              f"{100 * result['one']['wall'] / full['wall']:.1f} % of the last full build "
              f"({100 * result['one']['wall'] / min(walls):.1f} % of the fastest)",
              f"one changed result ({result['changed']}): {result['written']} files rewritten, "
              f"{len(result['really_changed'])} files whose bytes changed"
              + (": " + ", ".join(result["really_changed"]) if len(result["really_changed"]) <= 12 else "")]
    lines += one_result_lines(result)
    return "\n".join(lines)


def one_result_lines(result: dict) -> list[str]:
    """The rebuilds after one result (``--one``), of this sitegen and the baseline's, each as a
    share of the fastest full build of its sitegen, with the load average before it."""
    if len(result["ones"]) < 2 and not result["base_ones"]:
        return []
    lines = ["", "| rebuild after one result (cache of the build before) | sitegen | wall s | CPU s "
                 "| % of its fastest full build | load (1 min) before | stages |",
             "|---|---|---:|---:|---:|---:|---|"]
    for name, runs, fulls in (("this", result["ones"], result["repeats"]),
                              ("baseline", result["base_ones"], result["baselines"])):
        fastest = min(run["wall"] for run in fulls) if fulls else float("nan")
        for number, run in enumerate(runs, start=1):
            load_before = run.get("load", result["load_before"]).split()[0]
            lines.append(f"| {number}{' (first after the full build)' if number == 1 else ''} | {name} "
                         f"| {run['wall']:.2f} | {run['cpu']:.2f} | {100 * run['wall'] / fastest:.1f} "
                         f"| {load_before} | {run.get('timings', '')} |")
        if runs:
            walls = [run["wall"] for run in runs]
            lines.append(f"| median of {len(runs)} | {name} | {statistics.median(walls):.2f} "
                         f"| {statistics.median(run['cpu'] for run in runs):.2f} "
                         f"| {100 * statistics.median(walls) / fastest:.1f} | | |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, action="append",
                        help="archive size, 1 = the full federation (default: 1 and 0.1)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    parser.add_argument("--archive", type=Path,
                        help="copy the archive that `python bench/synthetic.py DIR --scale S` wrote "
                             "into DIR instead of generating it (give one --scale, its label)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run the full build this many times (default: 1)")
    parser.add_argument("--display", type=int, default=1,
                        help="pairs of full builds with and without the progress display "
                             "(default: 1)")
    parser.add_argument("--one", type=int, default=1,
                        help="rebuilds after one changed result, each with the cache of the one "
                             "before (default: 1); with --baseline, as many with the baseline")
    parser.add_argument("--source", action="store_true",
                        help="do not byte-compile the sitegens' modules first")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--baseline", type=Path,
                        help="a checkout of another sitegen whose full build runs beside this one's")
    args = parser.parse_args()
    info = machine()
    if not args.source:
        byte_compile([ROOT] + ([args.baseline] if args.baseline else []))
    print(f"machine: {info['cpus']} CPUs, {info['cpu']}, {info['memory']}, Python {info['python']}, "
          f"{info['system']}; load average {load()}\n")
    results = []
    for scale in args.scale or [1.0, 0.1]:
        result = bench(scale, args.keep, args.repeat, args.baseline, args.display, args.one,
                       args.archive)
        results.append(result)
        print(report(result), flush=True)
        print()
        problems = []
        if result["written"] != len(result["really_changed"]):
            problems.append("files rewritten by the rebuild differ from the files whose bytes changed")
        if problems:
            print("PROBLEM: " + "; ".join(problems))
            return 1
    if args.json:
        for result in results:
            for step in ("full", "noop", "noop_uncached", "one", "check"):
                result[step].pop("stdout", None)
            for run in (result["repeats"] + result["baselines"] + result["ones"] + result["base_ones"]
                        + [run for pair in result["display"] for run in pair]):
                run.pop("stdout", None)
        args.json.write_text(json.dumps({"machine": info, "results": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == CHILD_FLAG:
        sys.exit(run_child(sys.argv[2], sys.argv[3:]))
    sys.exit(main())
