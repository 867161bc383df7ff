"""Where the CPU of a cached ``sitegen build`` after one changed result goes, phase by phase, in
one process (issue 31): ``python bench/cached_phases.py --archive /tmp/arch1 --code A --code B``.

For each checkout given (``--code DIR``, a sitegen checkout or ``git archive`` tree; default
this one), the archive is copied once into ``--work DIR/<n>`` (kept: a later run with ``--reuse``
starts from there) and built from scratch with that sitegen, its cache beside the output; then
one cached build after one changed result is run unmeasured (the first after a full build reads
the whole output folder). Then ``--rounds N`` rounds: in each, every checkout in turn (A B A B)
runs one cached build after one changed result (a league game's result reversed, as
``bench/run.py --one``) in a fresh process, which reports:

- ``wall`` and ``cpu`` (the build's process only: ``time.process_time``) and ``kids`` (its
  forked helpers' CPU: the output folder's check beside the blobs' parse, and the cache's save);
- the CPU of the process in each phase: ``imports`` (sitegen's modules for the build),
  ``load_index`` and ``load_blobs`` (sitegen.store: the cache read back), ``load_units`` (the
  rule sets' units, the changed one validated again), ``complete_plan`` (player pages, search,
  home, feed...), ``write`` (the changed outputs rendered and replaced), ``save`` (the cache
  written), and ``other`` (the rest: the rule sets' planning, keys, the build's own steps);
- the load average (1 min) just before it.

``--profile FILE``: one more build of the first checkout under cProfile, timed by the process's
CPU (``python -m pstats FILE``).

CPU of one process, alternated, is what a shared machine measures best (the common brief of
stop 52): wall times under load say little. A phase that a checkout does not have (a function
renamed) is left out of its figures. Each git checkout's modules are byte-compiled first (as
``bench/run.py`` does; where ``PYTHONDONTWRITEBYTECODE`` is set, a process would otherwise
compile them from source: 0.2-0.4 s of ``imports``); a tree that is not a checkout (a shared
``git archive`` baseline, read-only by agreement) is left as it is and said so: its ``imports``
then include compiling unless its ``__pycache__`` is there.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

PHASES = (("load_index", "sitegen.store", "load_index"),
          ("load_blobs", "sitegen.store", "load_blobs_beside"),
          ("load_blobs", "sitegen.store", "load_blobs"),
          ("load_units", "sitegen.pipeline", "load_units"),
          ("complete_plan", "sitegen.pipeline", "complete_plan"),
          ("write", "sitegen.commands.build", "_write_changes"),
          ("save", "sitegen.store", "save"))
"""Phase name, module, function (as the module that calls it names it): the CPU of the process
while the function runs (a phase called inside another of the same name is counted once)."""


def child(code: str, root: str, profile: str = "") -> None:  # pragma: no cover - the measured process
    """Change one result in ``root``, then run ``sitegen build`` there with the sitegen of
    ``code``, in this process; print the measures as JSON (stdout, last line). With ``profile``,
    the build runs under cProfile timed by the process's CPU (its stats written there)."""
    import cProfile
    import importlib
    import resource

    sys.path.insert(0, code)
    changed = change_one_result(Path(root) / "content")
    time.sleep(1.1)  # the content file older than the build's racy window
    os.chdir(root)
    load = os.getloadavg()[0]
    spent: dict[str, float] = {}
    running: set[str] = set()
    started = time.perf_counter(), time.process_time()
    from sitegen.cli import main
    importlib.import_module("sitegen.commands.build")
    spent["imports"] = time.process_time() - started[1]

    def timed(phase: str, function):
        def run(*args, **kwargs):
            if phase in running:
                return function(*args, **kwargs)
            running.add(phase)
            begun = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                running.discard(phase)
                spent[phase] = spent.get(phase, 0.0) + time.process_time() - begun
        return run

    for phase, module_name, name in PHASES:
        module = importlib.import_module(module_name)
        if hasattr(module, name):
            setattr(module, name, timed(phase, getattr(module, name)))
    kept: list = []
    out = sys.stdout
    sys.stdout = sys.stderr
    profiler = cProfile.Profile(time.process_time) if profile else None
    if profiler is not None:
        profiler.enable()
    try:
        main(["--content", "content", "build", "--output", "output", "--quiet"], kept=kept)
    except SystemExit:
        pass
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    wall, cpu = time.perf_counter() - started[0], time.process_time() - started[1]
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent["other"] = cpu - sum(spent.values())
    out.write(json.dumps({"wall": wall, "cpu": cpu, "kids": kids.ru_utime + kids.ru_stime,
                          "load": load, "changed": changed, "phases": spent}) + "\n")
    out.flush()
    os._exit(0)  # as the sitegen command does: no teardown


def change_one_result(content: Path) -> str:
    """Reverse the first league result of the last season (bench/run.py's); return what changed."""
    season = sorted((content / "leagues" / "national" / "seasons").glob("*.yaml"))[-1]
    text = season.read_text(encoding="utf-8")
    match = re.search(r"result: (B|W)\+R\}", text)
    if match is None:
        raise SystemExit(f"no B+R/W+R result in {season}")
    other = "W" if match.group(1) == "B" else "B"
    season.write_text(text[:match.start(1)] + other + text[match.end(1):], encoding="utf-8")
    return f"{season.name}: {match.group(0)} -> {other}+R}}"


def run_once(code: Path, root: Path, profile: str = "") -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", str(code), str(root), profile],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def prepare(code: Path, archive: Path, root: Path, reuse: bool) -> None:
    """Copy ``archive`` into ``root`` and build it from scratch with the sitegen of ``code``
    (unless ``reuse`` and it is there), then one cached build after one result, unmeasured."""
    if reuse and (root / "output").is_dir():
        return
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    shutil.copytree(archive / "content", root / "content")
    time.sleep(2.1)
    env = dict(os.environ, PYTHONPATH=str(code))
    subprocess.run([sys.executable, "-m", "sitegen", "--content", "content", "build", "--output", "output",
                    "--quiet"], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run_once(code, root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--code", type=Path, action="append")
    parser.add_argument("--work", type=Path, default=Path("/tmp/cached-phases"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="start from the built folders in --work")
    parser.add_argument("--profile", default="", help="then one more build of the first --code under "
                        "cProfile (by CPU time), its stats written to this file")
    args = parser.parse_args()
    codes = [path.resolve() for path in (args.code or [Path(__file__).resolve().parent.parent])]
    roots = [args.work / str(n) for n in range(len(codes))]
    for code in codes:  # as bench/run.py: no measured process compiles sitegen from source
        compiled = False
        if (code / ".git").exists():  # a checkout; a baseline tree (git archive) is left as it is
            try:
                compiled = compileall.compile_dir(str(code / "sitegen"), quiet=2)
            except OSError:
                pass
        if not compiled:
            print(f"{code}: not byte-compiled here: its imports may include compiling", file=sys.stderr)
    for code, root in zip(codes, roots):
        prepare(code, args.archive, root, args.reuse)
    found: dict[int, list[dict]] = {n: [] for n in range(len(codes))}
    for _ in range(args.rounds):
        for n, (code, root) in enumerate(zip(codes, roots)):
            run = run_once(code, root)
            found[n].append(run)
            phases = " ".join(f"{name} {value:.3f}" for name, value in run["phases"].items())
            print(f"{code}: wall {run['wall']:.2f} s, cpu {run['cpu']:.2f} s, kids {run['kids']:.2f} s, "
                  f"load {run['load']:.2f}; {phases}", flush=True)
    if args.profile:
        run_once(codes[0], roots[0], str(Path(args.profile).resolve()))
        print(f"profile of {codes[0]}: {args.profile}")
    for n, code in enumerate(codes):
        runs = found[n]
        if not runs:  # --rounds 0: the folders prepared only
            continue
        names = {name for run in runs for name in run["phases"]}
        medians = {name: statistics.median(run["phases"].get(name, 0.0) for run in runs) for name in sorted(names)}
        print(f"median {code}: cpu {statistics.median(r['cpu'] for r in runs):.2f} s, "
              f"wall {statistics.median(r['wall'] for r in runs):.2f} s; "
              + " ".join(f"{name} {value:.3f}" for name, value in medians.items()))


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        main()
