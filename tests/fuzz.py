"""The seeded fuzzing run (issue 30): ``python -m tests.fuzz --mutations 10000 --seed 1``.

Each mutation ``i`` of seed ``s`` is drawn from ``random.Random(f"{s}:{i}")``: a base site
(the demo's ``content/`` or the hostile site of :func:`hostile_site`), one of its files and an
operator of ``tests/fuzz_operators.py``; the same seed and index give the same mutation on any
machine. Every mutation is built in memory in a worker process (``sitegen.pipeline`` and
``sitegen.render.render_site`` with one job, as ``sitegen build`` does), and one in
``--cli-every`` also through the ``sitegen build`` command. A mutation passes when the build
succeeds with a well-formed site and nothing injected (``tests/fuzz_checks.py``), or fails with
only positioned errors (``path:line:col: error: ... [code]``). Findings:

- ``traceback``: any other exception (or a traceback / exit status other than 0 and 1 of the CLI);
- ``hang``: a build over ``--timeout`` seconds of CPU (20), or over 6 times as long of wall time
  (waiting on a FIFO, say); the worker is killed if it does not stop;
- ``ill-formed``: an output that does not parse, or an error line that is not positioned;
- ``injection``: a script, handler or script address that reached a page, or a link's target
  (the secret beside content/) that reached the output or a message.

Each finding is written to ``--report`` (``fuzz-report/``) as ``<kind>/<index>/``: ``case.json``
(seed, index, base, file, operator, what was found) and the mutated file at its path;
``python -m tests.fuzz --seed S --replay I`` runs one mutation again and prints what it gives.
``summary.json`` holds the figures. The exit status is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import queue
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fuzz_checks import check_site, theme_scripts  # noqa: E402
from fuzz_operators import SECRET, RandomDraw, mutate  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "sites" / "small" / "content"
ERROR_LINE = re.compile(r"^[^\n]+:\d+:\d+: (error|warning): .+ \[[\w.-]+\]$")
KINDS = ("traceback", "hang", "ill-formed", "injection")
WALL = 6
"""A build that waits (on a FIFO, say) is stopped after ``WALL`` times the timeout of wall time;
the timeout itself is CPU time, so that a machine shared with other jobs finds no false hangs."""
MEMORY = 4 << 30
"""Bytes of address space a worker may use: a runaway mutation ends in MemoryError (a finding)."""

HOSTILE_FILES = {
    "players.yaml": (
        "players:\n"
        "  - {id: ann, name: \"<img src=x onerror=alert(1)>\", rank: 2d, rating: 2150, club: \"</title>"
        "<script>alert(1)</script>\", country: JP}\n"
        "  - {id: bob, name: \"javascript:alert(1)\", rank: 1k, club: \"{{ 7*7 }}\"}\n"
        "  - {id: cy, name: Cy <script>alert(1)</script>, rank: 3k}\n"
        "  - {id: dee, name: \"محمد علي\", rank: 5k, club: \"O'Brien & \\\"Sons\\\"\"}\n"
        "  - {id: NO, name: \"דוד לוי\", rank: 10k}\n"),
    "leagues/club/league.yaml": "name: \"<b>Club</b> ]]> League\"\ndescription: \"<svg onload=alert(1)>\"\n",
    "site.yaml": ("title: \"<script>alert(1)</script> & Co\"\nbase_url: https://example.github.io/club/\n"
                  "language: en\ndescription: \"\\\"><img src=x onerror=alert(1)>\"\n"),
    "pages/about.md": ("---\ntitle: \"<i>About</i> javascript:alert(1)\"\n---\nRaw <b>HTML</b> stays text. "
                       "[A link](https://example.org), [js](javascript:alert(1)), <javascript:alert(2)>.\n\n"
                       "<script>alert(3)</script>\n\n![img](x\" onerror=\"alert(4))\n\n"
                       "<a href=\"javascript:alert(5)\">a</a> محمد and דוד\n"),
}
"""The hostile site: the small site of the golden test with markup, script addresses and
right-to-left names in every name, title and description, and raw HTML in its page."""


def hostile_site(folder: Path) -> Path:
    """Write the hostile site into ``folder`` (made) and return it."""
    shutil.copytree(SMALL, folder)
    for name, text in HOSTILE_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def bases(root: Path) -> dict[str, Path]:
    """The base sites the mutations start from, written under ``root``."""
    demo = root / "demo"
    shutil.copytree(REPO / "content", demo)
    return {"demo": demo, "hostile": hostile_site(root / "hostile")}


def content_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def draw_case(seed: int, index: int, folders: dict[str, Path], demo_share: float) -> dict:
    """Mutation ``index`` of ``seed``: ``{base, file, kind, data}`` (the same on any machine)."""
    rng = random.Random(f"{seed}:{index}")
    base = "demo" if rng.random() < demo_share else "hostile"
    files = content_files(folders[base])
    name, kind, data = mutate(RandomDraw(rng), files, lambda n: (folders[base] / n).read_bytes())
    return {"base": base, "file": name, "kind": kind, "data": data}


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def materialize(case: dict, base: Path, root: Path) -> Path:
    """Write the mutated content into ``root/content`` and return it (a link's target and a
    FIFO made beside it, outside content/)."""
    content = root / "content"
    shutil.copytree(base, content)
    target = content / case["file"]
    target.unlink()
    if case["kind"] == "fifo":
        os.mkfifo(target)
    elif case["kind"] == "symlink":
        name = case["data"].decode()
        if name.startswith("/"):
            target.symlink_to(name)
        else:
            outside = root / name.lower()
            if name == "FIFO":
                os.mkfifo(outside)
            else:
                outside.write_text(f"{SECRET}\n" if name == "SECRET" else f"players: {SECRET}\ntitle: {SECRET}\n")
            target.symlink_to(outside)
    else:
        target.write_bytes(case["data"])
    return content


def build_in_memory(content: Path, environments: dict | None = None
                    ) -> tuple[dict[str, bytes] | None, list[str], object]:
    """Build ``content`` as ``sitegen build`` does, in this process: ``(files, [], config)``,
    or ``(None, error lines, None)`` for content errors. Other exceptions propagate.
    ``environments``: the Jinja environments made so far, by settings, kept as the dev server
    keeps its one (its templates compiled once: 5 ms a build of the hostile site, not 100)."""
    from sitegen.commands.build import plan
    from sitegen.diagnostics import SitegenError
    from sitegen.hostfiles import host_files
    from sitegen.render import _work_list, make_environment, render_bundles

    environments = {} if environments is None else environments
    try:
        loaded, site = plan(content)
        key = repr(loaded.config)
        if key not in environments:
            if len(environments) >= 8:
                environments.clear()
            environments[key] = make_environment(loaded.config)
        files = dict(render_bundles(_work_list(site.bundles, None), loaded.config, None, jobs=1,
                                    environment=environments[key]))
        files.update(host_files(loaded.config))
    except SitegenError as error:
        return None, [d.format() for d in error.diagnostics], None
    return files, [], loaded.config


def _judge(case: dict, content: Path, files, errors: list[str], config, scripts: dict) -> list[tuple[str, str]]:
    """The findings of one in-memory build: ``[(kind, what)]``."""
    found = []
    if files is None:
        bad = [line for line in errors if not ERROR_LINE.match(line)]
        found += [("ill-formed", f"error not positioned: {line[:300]}") for line in bad[:5]]
        if not errors:
            found.append(("ill-formed", "refused with no error"))
        if any(SECRET in line for line in errors):
            found.append(("injection", "the link target's secret is in an error message"))
        return found
    if case["kind"] in ("symlink", "fifo"):
        found.append(("injection", f"a content {case['kind']} was accepted"))
    pages = {p.stem + "/index.html" for p in (content / "pages").glob("*.md")} if config.markdown_html else set()
    problems, injected = check_site(files, config.base_url, config.base_path, scripts[case["base"]], pages)
    found += [("ill-formed", what) for what in problems[:20]]
    found += [("injection", what) for what in injected[:20]]
    if any(SECRET.encode() in data for data in files.values()):
        found.append(("injection", "the link target's secret is in the output"))
    return found


def through_cli(content: Path, timeout: float) -> list[tuple[str, str]]:
    """Build ``content`` with the ``sitegen build`` command: its findings."""
    output = content.parent / "output"
    try:
        done = subprocess.run([sys.executable, "-m", "sitegen", "--content", str(content), "build",
                               "--output", str(output)], capture_output=True, text=True, timeout=timeout * WALL,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return [("hang", f"the CLI build ran over {timeout * WALL} s")]
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        return [("traceback", f"CLI exit {done.returncode}: {done.stderr[-2000:]}")]
    lines = done.stderr.splitlines()
    if done.returncode == 1:
        if not lines or not lines[-1].endswith("nothing was written") or output.exists():
            return [("ill-formed", f"CLI refusal without 'nothing was written' or with output: {lines[-3:]}")]
        bad = [line for line in lines[:-1] if not ERROR_LINE.match(line)]
        return [("ill-formed", f"CLI error not positioned: {line[:300]}") for line in bad[:5]]
    return [] if (output / "index.html").is_file() else [("ill-formed", "CLI exit 0 without index.html")]


def _timed_build(case: dict, content: Path, scripts: dict, timeout: float,
                 environments: dict) -> tuple[list, bool]:
    """Build and judge ``content`` in this process, stopped after ``timeout`` seconds of CPU or
    ``WALL`` times as many seconds of waiting (a FIFO): ``(findings, built)``."""
    previous = signal.signal(signal.SIGALRM, _alarm), signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, timeout)
    signal.alarm(int(timeout * WALL))
    started, cpu = time.monotonic(), time.process_time()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            files, errors, config = build_in_memory(content, environments)
            return _judge(case, content, files, errors, config, scripts), files is not None
    except Hang:
        return [("hang", f"stopped after {time.process_time() - cpu:.1f} s of CPU, "
                         f"{time.monotonic() - started:.1f} s of wall time")], False
    except Exception:
        return [("traceback", traceback.format_exc()[-4000:])], False
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous[0])
        signal.signal(signal.SIGPROF, previous[1])


def run_case(seed: int, index: int, folders: dict[str, Path], scripts: dict, options,
             environments: dict | None = None) -> dict:
    """Draw, build and judge mutation ``index``: ``{index, base, file, kind, built, findings}``."""
    case = draw_case(seed, index, folders, options.demo_share)
    result = {"index": index, "base": case["base"], "file": case["file"], "kind": case["kind"],
              "built": False, "findings": []}
    with tempfile.TemporaryDirectory(prefix="sitegen-fuzz-") as tmp:
        content = materialize(case, folders[case["base"]], Path(tmp))
        result["findings"], result["built"] = _timed_build(case, content, scripts, options.timeout,
                                                              {} if environments is None else environments)
        if options.cli_every and index % options.cli_every == 0:
            result["cli"] = True
            result["findings"] += through_cli(content, options.timeout)
    return result


def _worker(seed, folders, scripts, options, tasks, results) -> None:
    """Run mutations until none is left: ``tasks`` is the shared next index (a
    ``multiprocessing.Value``), ``results`` the queue of ``("start", index, pid)`` and
    ``("done", index, result)`` messages."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    environments: dict = {}
    end = options.start + options.mutations
    while True:
        with tasks.get_lock():
            index = tasks.value
            if index >= end:
                return
            tasks.value = index + 1
        results.put(("start", index, os.getpid()))
        results.put(("done", index, run_case(seed, index, folders, scripts, options, environments)))


def write_finding(report: Path, seed: int, case: dict, kind: str, found: list[str]) -> None:
    """Write one finding as a reproducible case: ``report/kind/index/``."""
    folder = report / kind / str(case["index"])
    folder.mkdir(parents=True, exist_ok=True)
    data = case.pop("data")
    (folder / "case.json").write_text(json.dumps({
        "seed": seed, **case, "found": found,
        "replay": f"python -m tests.fuzz --seed {seed} --replay {case['index']}"}, indent=1, ensure_ascii=False))
    mutated = folder / "content" / case["file"]
    mutated.parent.mkdir(parents=True, exist_ok=True)
    mutated.write_bytes(data)  # for a symlink, the target's name; for a FIFO, nothing


class _Pool:
    """The worker processes, their current mutation and its start, the next mutation's index
    and the results' queue.

    The workers take the next index from a shared counter rather than from a queue filled
    here: a queue that this process puts into starts a feeder thread in it, which outlived the
    run (in the test suite, a thread left running stops later tests from forking)."""

    def __init__(self, seed, folders, scripts, options):
        self.context = multiprocessing.get_context("fork")
        self.tasks = self.context.Value("q", options.start)
        self.results = self.context.Queue()
        self.args = (seed, folders, scripts, options, self.tasks, self.results)
        self.workers: dict[int, multiprocessing.Process] = {}
        self.running: dict[int, tuple[int, float]] = {}

    def spawn(self) -> None:
        process = self.context.Process(target=_worker, args=self.args, daemon=True)
        process.start()
        self.workers[process.pid] = process

    def stuck(self, limit: float) -> list[tuple[int, str]]:
        """Kill the workers over ``limit`` seconds on one mutation, and note those that died:
        ``[(index, what)]``; a new worker replaces each."""
        lost = []
        for pid, (index, started) in list(self.running.items()):
            process = self.workers[pid]
            if time.monotonic() - started > limit:
                process.kill()
                process.join()
                lost.append((index, f"hang: still running at {limit:.0f} s, killed"))
            elif not process.is_alive():
                lost.append((index, f"traceback: the worker died (exit code {process.exitcode})"))
            else:
                continue
            del self.running[pid], self.workers[pid]
            self.spawn()
        return lost

    def close(self) -> None:
        for process in self.workers.values():
            process.kill()
            process.join()
        self.results.close()


def _tally(summary: dict, result: dict) -> None:
    summary["built" if result["built"] else "refused"] += 1
    summary["through the CLI"] += bool(result.get("cli"))
    summary["bases"][result["base"]] = summary["bases"].get(result["base"], 0) + 1
    operator = result["kind"].split(" ")[0]
    summary["operators"][operator] = summary["operators"].get(operator, 0) + 1
    for kind in {kind for kind, _ in result["findings"]}:
        summary[kind] += 1


def run(options) -> dict:
    """Run ``options.mutations`` mutations from ``options.start``; return the summary."""
    started = time.perf_counter()
    report = Path(options.report)
    report.mkdir(parents=True, exist_ok=True)
    summary: dict = {"seed": options.seed, "mutations": 0, "built": 0, "refused": 0, "through the CLI": 0,
                     **{kind: 0 for kind in KINDS}, "bases": {}, "operators": {}}
    with tempfile.TemporaryDirectory(prefix="sitegen-fuzz-bases-") as tmp:
        folders = bases(Path(tmp))
        scripts = {name: theme_scripts(build_in_memory(folder)[0]) for name, folder in folders.items()}
        pool = _Pool(options.seed, folders, scripts, options)
        indexes = range(options.start, options.start + options.mutations)
        for _ in range(options.jobs):
            pool.spawn()
        try:
            while summary["mutations"] < len(indexes):
                for index, what in pool.stuck(options.timeout * WALL + 30):
                    result = {**draw_case(options.seed, index, folders, options.demo_share), "index": index}
                    kind = what.split(":")[0]
                    summary["mutations"] += 1
                    summary[kind] += 1
                    write_finding(report, options.seed, result, kind, [what])
                try:
                    message = pool.results.get(timeout=1)
                except queue.Empty:
                    continue
                if message[0] == "start":
                    pool.running[message[2]] = (message[1], time.monotonic())
                    continue
                result = message[2]
                pool.running = {pid: run for pid, run in pool.running.items() if run[0] != message[1]}
                summary["mutations"] += 1
                _tally(summary, result)
                _record(report, options, folders, result)
                if summary["mutations"] % options.every == 0:
                    print(_line(summary, started), flush=True)
        finally:
            pool.close()
    summary["wall time (s)"] = round(time.perf_counter() - started, 1)
    (report / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def _record(report: Path, options, folders: dict, result: dict) -> None:
    by_kind: dict[str, list[str]] = {}
    for kind, what in result["findings"]:
        by_kind.setdefault(kind, []).append(what)
    for kind, found in by_kind.items():
        case = {**draw_case(options.seed, result["index"], folders, options.demo_share), "index": result["index"]}
        write_finding(report, options.seed, case, kind, found)


def _line(summary: dict, started: float) -> str:
    return (f"{summary['mutations']} mutations ({summary['built']} built, {summary['refused']} refused) in "
            f"{time.perf_counter() - started:.0f} s: " + ", ".join(f"{summary[k]} {k}" for k in KINDS))


def replay(options) -> dict:
    """Run mutation ``options.replay`` again in this process and return its result."""
    with tempfile.TemporaryDirectory(prefix="sitegen-fuzz-bases-") as tmp:
        folders = bases(Path(tmp))
        scripts = {name: theme_scripts(build_in_memory(folder)[0]) for name, folder in folders.items()}
        return run_case(options.seed, options.replay, folders, scripts, options)


def parse(argv: list[str] | None = None):
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutations", type=int, default=1000, help="how many (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--start", type=int, default=0, help="the first mutation's index (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds of CPU a build may take (default 20)")
    parser.add_argument("--demo-share", type=float, default=0.05,
                        help="the share of mutations of the demo content, the rest of the hostile site (0.05)")
    parser.add_argument("--cli-every", type=int, default=100,
                        help="also run every Nth mutation through `sitegen build` (default 100; 0: none)")
    parser.add_argument("--report", default="fuzz-report", help="where findings go (default fuzz-report/)")
    parser.add_argument("--every", type=int, default=250, help="print the figures every N mutations")
    parser.add_argument("--replay", type=int, default=None, help="run mutation N of --seed again, print it")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    if options.replay is not None:
        print(json.dumps(replay(options), indent=1, ensure_ascii=False))
        return 0
    summary = run(options)
    print(_line(summary, time.perf_counter() - summary["wall time (s)"]))
    print(json.dumps(summary, indent=1))
    return 1 if any(summary[kind] for kind in KINDS) else 0


if __name__ == "__main__":
    sys.exit(main())
