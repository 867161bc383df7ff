"""Issue 29's Keep, merge by merge: ``python bench/keep29.py [--scale S] MERGE [MERGE ...]``.

For each merge commit M of the repository (``--repo``, default this checkout), the trees of
``M^1`` (before) and ``M`` (after) are unpacked with ``git archive`` into a temporary folder and
compared in one interleaved run, with this checkout's Python (its virtualenv), each side's
sitegen imported from its own tree (``PYTHONPATH``, checked: ``sitegen``, ``sitegen.cli`` and
``sitegen.commands.build`` must load from the tree, else the run stops):

- the full build from scratch (empty output, no cache folder), ``--repeat`` times per side
  (default 3), the sides taking turns (before first in even rounds, after first in odd ones;
  the other way round with ``--after-first``, to tell an order effect from a side's);
  every build as its own process (``bench/run.py``'s ``sitegen``): wall, CPU of the process and
  its workers, load average (1 min) just before;
- the outputs of the two sides' last full builds compared file by file (the number of files whose
  bytes differ: 0 for a merge that keeps the output byte-identical);
- ``--one`` (default 4) cached builds after one changed result per side, taking turns, each with
  the cache its side's build before it left; the first, right after the full build (whose cache
  keys only the player pages, so it renders the whole season again), is shown on its own, the
  others as one figure;
- the dev server: each tree's own ``bench/rebuild.py --scale S --repeat N`` (``--serve-repeat``,
  default 3; 0 leaves it out; ``--serve-for M`` runs it only for the merges named), one run per
  side, in turns; its medians of "served new" for a
  league result, a tournament result and a ladder game, and its first build.

Both sides build the same archive (``bench/synthetic.py`` of this checkout, generated once per
run; each pair gets fresh copies). ``--archive DIR`` keeps it in DIR and reuses it in later runs
(generated there if DIR has none, with its counts in ``DIR/counts.json``, so it can be generated
apart, e.g. ``nice -n 19 python bench/keep29.py --scale 1 --archive DIR`` with no merges; a
folder made at another scale is refused). Noise: a figure is "beyond noise" only when the medians of
the two sides differ by more than the larger spread (max - min) of the two sides' repeats.
Printed: a Markdown table per merge (min, median, each run's load, the ratio after / before of the
medians), then the product of the ratios over all merges (the redesign's total effect, as far as
the per-merge ratios compose). ``--json FILE`` keeps every measure (written after each merge).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import run  # noqa: E402  (bench/run.py: sitegen(), settle(), change_one_result(), load(), digests())

CHECK_IMPORTS = ("import sitegen, sitegen.cli, sitegen.commands.build, sys; "
                 "print('\\n'.join(m.__file__ for m in (sitegen, sitegen.cli, sitegen.commands.build)))")


def unpack(repo: Path, commit: str, folder: Path) -> Path:
    """``git archive commit`` of ``repo`` unpacked into ``folder``; the imports checked."""
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", commit], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    shown = subprocess.run([sys.executable, "-c", CHECK_IMPORTS], env=dict(os.environ, PYTHONPATH=str(folder)),
                           capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    for path in shown.stdout.split():
        if not Path(path).resolve().is_relative_to(folder.resolve()):
            raise SystemExit(f"{commit}: {path} is not loaded from {folder}")
    run.byte_compile([folder])  # as bench/run.py does: no measured process compiles from source
    return folder


def load1() -> float:
    return os.getloadavg()[0]


def turns(number: int, flip: bool) -> tuple[str, str]:
    """The sides' order in round ``number``: before first in even rounds (odd ones if ``flip``)."""
    return ("before", "after") if (number + flip) % 2 == 0 else ("after", "before")


def full_builds(roots: dict[str, Path], trees: dict[str, Path], repeat: int,
                flip: bool = False) -> dict[str, list[dict]]:
    """``repeat`` full builds from scratch per side, taking turns; their measures."""
    found: dict[str, list[dict]] = {"before": [], "after": []}
    for number in range(repeat):
        for side in turns(number, flip):
            root = roots[side]
            if (root / "output").exists():
                run.settle(root / "output")
            run.forget_cache(root)
            before_load = load1()
            measured = run.sitegen(root, "build", "--output", "output", "--timings", "--quiet",
                                   code=trees[side])
            found[side].append(slim(measured, before_load))
            print(f"  full build {side}: {measured['wall']:.2f} s wall, {measured['cpu']:.2f} s CPU, "
                  f"load {before_load:.2f}", file=sys.stderr, flush=True)
    return found


def one_result_builds(roots: dict[str, Path], trees: dict[str, Path], count: int,
                      flip: bool = False) -> dict[str, list[dict]]:
    """``count`` cached builds after one changed result per side, taking turns."""
    found: dict[str, list[dict]] = {"before": [], "after": []}
    for number in range(count):
        for side in turns(number, flip):
            root = roots[side]
            changed = run.change_one_result(root / "content")
            time.sleep(1.1)  # the content file older than the build's racy window
            before_load = load1()
            measured = run.sitegen(root, "build", "--output", "output", "--timings", "--quiet",
                                   code=trees[side])
            written = re.search(r"\((\d+) files written", measured["stdout"])
            found[side].append({**slim(measured, before_load), "changed": changed,
                                "written": int(written.group(1)) if written else -1})
            print(f"  cached build after one result {side}: {measured['wall']:.2f} s wall, "
                  f"{measured['cpu']:.2f} s CPU, load {before_load:.2f}", file=sys.stderr, flush=True)
    return found


def slim(measured: dict, before_load: float) -> dict:
    return {"wall": measured["wall"], "cpu": measured["cpu"], "timings": measured["timings"],
            "probe": measured["probe"], "load": before_load,
            "maxrss_mb": [measured["maxrss_self_kb"] / 1024, measured["maxrss_children_kb"] / 1024]}


SERVED = re.compile(r"^\| (league|tournament|ladder) \(.*?\) \| .*? \| ([\d.]+) \| ([\d.]+) \| [\d.na]+ \| (.*?) \|$", re.M)
FIRST = re.compile(r"First build \(sitegen serve's start\): ([\d.]+) s; peak memory of the server: (\d+) MB")


def dev_server(trees: dict[str, Path], scale: float, repeat: int, first: str) -> dict[str, dict]:
    """Each tree's own ``bench/rebuild.py``, one run per side (``first`` goes first)."""
    found = {}
    for side in (first, "after" if first == "before" else "before"):
        tree = trees[side]
        before_load = load1()
        done = subprocess.run([sys.executable, str(tree / "bench" / "rebuild.py"), "--scale", str(scale),
                               "--repeat", str(repeat)], capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=str(tree)), cwd=tempfile.gettempdir())
        if done.returncode:
            raise SystemExit(f"rebuild.py of {tree} failed:\n{done.stderr[-3000:]}")
        kinds = {kind: {"load": float(load), "median": float(median),
                        "each": [float(t) for t in each.split(" / ")]}
                 for kind, load, median, each in SERVED.findall(done.stdout)}
        start = FIRST.search(done.stdout)
        found[side] = {"kinds": kinds, "load": before_load,
                       "first_build": float(start.group(1)) if start else math.nan,
                       "peak_mb": float(start.group(2)) if start else math.nan}
        print(f"  dev server {side}: " + ", ".join(f"{k} {v['median']:.2f} s" for k, v in kinds.items()),
              file=sys.stderr, flush=True)
    return found


def pair(repo: Path, merge: str, content: Path, work: Path, args: argparse.Namespace, index: int) -> dict:
    """Everything measured for one merge against its first parent."""
    commits = {"before": f"{merge}^1", "after": merge}
    names = {side: subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", commit], check=True,
                                  capture_output=True, text=True).stdout.strip() for side, commit in commits.items()}
    subject = subprocess.run(["git", "-C", str(repo), "log", "-1", "--format=%s", merge], check=True,
                             capture_output=True, text=True).stdout.strip()
    print(f"{merge} ({subject[:70]}): before {names['before']}, after {names['after']}", file=sys.stderr, flush=True)
    trees = {side: unpack(repo, commit, work / merge / f"tree-{side}") for side, commit in commits.items()}
    roots = {}
    for side in commits:
        roots[side] = work / merge / f"site-{side}"
        shutil.copytree(content, roots[side] / "content")
    time.sleep(2.1)  # inputs older than the cache's racy window
    started = load1()
    fulls = full_builds(roots, trees, args.repeat, args.after_first)
    outputs = {side: run.digests(roots[side] / "output") for side in roots}
    differ = sorted(p for p in set(outputs["before"]) | set(outputs["after"])
                    if outputs["before"].get(p) != outputs["after"].get(p))
    ones = one_result_builds(roots, trees, args.one, args.after_first)
    wanted = args.serve_repeat and (not args.serve_for or merge in args.serve_for)
    serve = (dev_server(trees, args.scale, args.serve_repeat, turns(index, args.after_first)[0])
             if wanted else {})
    shutil.rmtree(work / merge, ignore_errors=True)
    return {"merge": merge, "subject": subject, "before": names["before"], "after": names["after"],
            "load_start": started, "load_end": load1(), "after_first": args.after_first,
            "full": fulls, "one": ones, "serve": serve,
            "files": len(outputs["after"]), "pages": sum(p.endswith(".html") for p in outputs["after"]),
            "files_differing": len(differ), "differing_sample": differ[:8]}


def figures(result: dict) -> list[tuple[str, list[float], list[float], list[float], list[float]]]:
    """``(name, before values, after values, before loads, after loads)`` of every figure."""
    rows = []
    for label, key, cut in (("full build", "full", slice(None)),
                            ("cached build after one result, the first after the full build", "one", slice(0, 1)),
                            ("cached build after one result, the next ones", "one", slice(1, None))):
        runs = {side: result[key][side][cut] for side in ("before", "after")}
        if not runs["before"]:
            continue
        loads = [[r["load"] for r in runs[side]] for side in ("before", "after")]
        for measure in ("wall", "cpu"):
            rows.append((f"{label}: {measure if measure == 'wall' else 'CPU'} s",
                         [r[measure] for r in runs["before"]], [r[measure] for r in runs["after"]], *loads))
    serve = result["serve"]
    if serve:
        for kind in ("league", "tournament", "ladder"):
            if kind in serve["before"]["kinds"] and kind in serve["after"]["kinds"]:
                b, a = serve["before"]["kinds"][kind], serve["after"]["kinds"][kind]
                rows.append((f"dev server, {kind} change served new: s", b["each"], a["each"], [b["load"]], [a["load"]]))
    return rows


def verdict(before: list[float], after: list[float]) -> str:
    if len(before) < 2 or len(after) < 2:
        return "one run each: no spread to judge by"
    difference = statistics.median(after) - statistics.median(before)
    spread = max(max(before) - min(before), max(after) - min(after))
    if abs(difference) <= spread:
        return "within noise"
    return "worse beyond noise" if difference > 0 else "better beyond noise"


def table(result: dict) -> str:
    lines = [f"### {result['merge']} {result['subject'][:90]}",
             "",
             f"Before {result['before']} (first parent), after {result['after']}; load (1 min) "
             f"{result['load_start']:.2f} at the start, {result['load_end']:.2f} at the end; "
             f"{result['pages']} pages, {result['files']} files after; files whose bytes differ "
             f"between the two full builds: {result['files_differing']}"
             + ("; the after side first in each first turn (--after-first)" if result.get("after_first") else "")
             + (f" (e.g. {', '.join(result['differing_sample'][:4])})" if result["files_differing"] else ""),
             "",
             "| figure | before: min / median (each) | load | after: min / median (each) | load | after / before (medians) | |",
             "|---|---|---|---|---|---:|---|"]
    for name, before, after, load_b, load_a in figures(result):
        def cell(values: list[float]) -> str:
            return (f"{min(values):.2f} / {statistics.median(values):.2f} "
                    f"({', '.join(f'{v:.2f}' for v in values)})")
        lines.append(f"| {name} | {cell(before)} | {', '.join(f'{x:.1f}' for x in load_b)} | {cell(after)} "
                     f"| {', '.join(f'{x:.1f}' for x in load_a)} "
                     f"| {statistics.median(after) / statistics.median(before):.3f} | {verdict(before, after)} |")
    serve = result["serve"]
    if serve:
        lines.append(f"| dev server: first build (one each) | {serve['before']['first_build']:.1f} | "
                     f"{serve['before']['load']:.1f} | {serve['after']['first_build']:.1f} | {serve['after']['load']:.1f} "
                     f"| {serve['after']['first_build'] / serve['before']['first_build']:.3f} | one run |")
    return "\n".join(lines)


def products(results: list[dict]) -> str:
    """The product over the merges of each figure's ratio after / before, of the medians and of
    the minimums."""
    totals: dict[str, list[float]] = {}
    counted: dict[str, int] = {}
    for result in results:
        for name, before, after, _, _ in figures(result):
            total = totals.setdefault(name, [1.0, 1.0])
            total[0] *= statistics.median(after) / statistics.median(before)
            total[1] *= min(after) / min(before)
            counted[name] = counted.get(name, 0) + 1
    lines = ["| figure | product of the ratios of the medians | of the minimums | merges |",
             "|---|---:|---:|---:|"]
    lines += [f"| {name} | {total[0]:.3f} | {total[1]:.3f} | {counted[name]} |" for name, total in totals.items()]
    return "\n".join(lines)


def archived(folder: Path, scale: float) -> dict:
    """The counts of the synthetic archive in ``folder``: the one kept there (its scale checked),
    else one generated there now (``counts.json`` written last, so a half-written folder is not
    taken for a whole one)."""
    kept = folder / "counts.json"
    if kept.exists():
        known = json.loads(kept.read_text())
        if known["scale"] != scale:
            raise SystemExit(f"{folder} holds an archive of scale {known['scale']}, not {scale}")
        return known["counts"]
    if (folder / "content").exists():
        raise SystemExit(f"{folder}/content exists without counts.json (half written?): remove it")
    from synthetic import generate

    counts = generate(folder, scale)
    kept.write_text(json.dumps({"scale": scale, "counts": counts}) + "\n")
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("merges", nargs="*", help="merge commits; each is compared with its first parent")
    parser.add_argument("--report", type=Path, action="append",
                        help="measure nothing: print the tables and the product of these --json files")
    parser.add_argument("--repo", type=Path, default=BENCH.parent, help="the git repository (default: this checkout)")
    parser.add_argument("--scale", type=float, default=0.3)
    parser.add_argument("--repeat", type=int, default=3, help="full builds per side (default 3)")
    parser.add_argument("--one", type=int, default=4,
                        help="cached builds after one result per side (default 4: the first after the "
                             "full build, shown apart, and 3 more)")
    parser.add_argument("--serve-repeat", type=int, default=3,
                        help="changes of each kind in bench/rebuild.py per side (default 3; 0: no dev server)")
    parser.add_argument("--serve-for", action="append", metavar="MERGE",
                        help="run the dev server's bench for this merge only (may be repeated; "
                             "default: every merge)")
    parser.add_argument("--json", type=Path, help="write every measure here (after each merge)")
    parser.add_argument("--after-first", action="store_true",
                        help="the after side first in every first turn (full builds, cached builds, "
                             "the first merge's dev server): to tell an order effect from the side's")
    parser.add_argument("--archive", type=Path,
                        help="the synthetic archive's folder: reused if it holds one (of the same "
                             "scale), else generated there and kept (default: a temporary one per run)")
    args = parser.parse_args()
    if args.report:
        kept = [result for file in args.report for result in json.loads(file.read_text())["results"]]
        print("\n\n".join(table(result) for result in kept) + "\n\n## Product over the merges\n")
        print(products(kept))
        return 0
    work = Path(tempfile.mkdtemp(prefix="keep29-"))
    results = []
    try:
        archive = args.archive or work / "archive"
        counts = archived(archive, args.scale)
        print(f"archive: {archive}, scale {args.scale}, {counts}; load average {run.load()}", flush=True)
        for index, merge in enumerate(args.merges):
            results.append(pair(args.repo, merge, archive / "content", work, args, index))
            print(table(results[-1]) + "\n", flush=True)
            if args.json:
                args.json.write_text(json.dumps({"scale": args.scale, "counts": counts, "results": results},
                                                indent=1) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("## Product over the merges\n")
    print(products(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
