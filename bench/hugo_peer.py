"""sitegen and Hugo side by side (issue 31): ``python bench/hugo_peer.py [--scale S] [--repeat N]``.

Generates the archive of ``bench/synthetic.py`` (default ``--scale 1``, the federation) into a
temporary folder, builds it once with sitegen (not timed) and converts it into two Hugo sites
(``bench/hugo_data.py``: the same data as YAML and as JSON files under ``data/``, one stub
content file per page, the layouts of ``bench/hugo/``). Then N interleaved rounds
(``--repeat``, default 3), each: sitegen's full build into an empty folder (the cache of the
round before forgotten, as ``bench/run.py`` does), Hugo with YAML data, Hugo with JSON data,
with ``--no-cache`` sitegen's full build again under ``SITEGEN_NO_CACHE=1`` (the build without
recording its cache for the next one), and, with ``--baseline DIR``, the full build of the
sitegen checked out in DIR. Every step runs
as its own process; measured: wall time, CPU time (user + system of the process and of every
process it waited for: sitegen's render workers, Hugo's threads), peak RSS (sitegen: its
largest process; Hugo: its one process), the pages (``*.html``) and the bytes written, and
from those the CPU per page (ms) and the CPU per 100 MB written. The load average (1 min) is
taken before each step. Prints Markdown for bench/README.md: each step, then the medians with
sitegen's ratios to Hugo's. ``--keep`` keeps the temporary folder; ``--json FILE`` writes
the figures. Run it under ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from hugo_data import convert  # noqa: E402
from run import drop_page_cache, forget_cache, load, machine, settle, sitegen  # noqa: E402
from synthetic import generate  # noqa: E402


def written(folder: Path) -> tuple[int, int, int]:
    """Return ``(pages, bytes, bytes of the pages)`` of the files under ``folder`` (pages:
    ``*.html``; sitegen also writes each table as JSON and CSV, search.json, results.h9)."""
    pages = size = html = 0
    for path in folder.rglob("*"):
        if path.is_file():
            length = path.stat().st_size
            size += length
            if path.suffix == ".html":
                pages += 1
                html += length
    return pages, size, html


def hugo(site: Path, output: Path) -> dict:
    """Run ``hugo`` on ``site`` into the fresh ``output``; return wall, CPU (user + system)
    and peak RSS of its process, from ``wait4``."""
    command = ["hugo", "--quiet", "--source", str(site), "--destination", str(output),
               "--cacheDir", str(site / ".cache")]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    out = process.stdout.read().decode(errors="replace") if process.stdout else ""
    if process.returncode != 0:
        raise SystemExit(f"hugo failed ({process.returncode}) on {site}:\n{out}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024,
            "user": usage.ru_utime, "sys": usage.ru_stime, "minflt": usage.ru_minflt}


def hugo_version() -> str:
    done = subprocess.run(["hugo", "version"], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def measured(run: dict, folder: Path, step: str, load_before: str) -> dict:
    """A step's figures with the pages and bytes it wrote into ``folder`` (then deleted)."""
    pages, size, html = written(folder)
    settle(folder)
    return {"step": step, "load": load_before, "pages": pages, "bytes": size, "html_bytes": html, **run,
            "cpu_per_page_ms": 1000 * run["cpu"] / pages,
            "user_per_page_ms": 1000 * run["user"] / pages,
            "cpu_per_100mb": run["cpu"] / (size / 1e8)}


def sitegen_step(root: Path, step: str, code: Path | None, cache: bool = True,
                 drop: bool = False) -> dict:
    """sitegen's full build into an empty folder, as a user runs it (recording its build cache
    for the next build), or with ``cache=False`` under ``SITEGEN_NO_CACHE=1`` (nothing recorded:
    the build's own cost, without the cache's share)."""
    if (root / "output").exists():
        settle(root / "output", drop)  # into an empty folder: a step after another is not charged
        # for deleting that step's 41,848 files (8 s of system CPU at full size)
    forget_cache(root)
    if drop:
        drop_page_cache()
    load_before = load()
    run = sitegen(root, "build", "--output", "output", "--quiet",
                  **({"code": code} if code is not None else {}),
                  **({} if cache else {"env": {"SITEGEN_NO_CACHE": "1"}}))
    figures = {"wall": run["wall"], "cpu": run["cpu"], "user": run["user"], "sys": run["sys"],
               "minflt": run["minflt"], "rss_mb": max(run["maxrss_self_kb"], run["maxrss_children_kb"]) / 1024}
    return measured(figures, root / "output", step, load_before)


def hugo_step(site: Path, step: str, drop: bool = False) -> dict:
    if (site / "public").exists():
        settle(site / "public")  # into an empty folder, as sitegen's steps
    if drop:
        drop_page_cache()
    load_before = load()
    return measured(hugo(site, site / "public"), site / "public", step, load_before)


def rounds(root: Path, sites: dict[str, Path], repeat: int, baseline: Path | None,
           no_cache: bool = False, drop: bool = False) -> list[dict]:
    """Run ``repeat`` interleaved rounds; return every step's figures with its round.
    ``no_cache`` adds a step: sitegen's full build without recording its cache. ``drop`` empties
    the kernel's page cache before each step (``--drop-caches``)."""
    steps = []
    for number in range(1, repeat + 1):
        todo = [("sitegen", lambda: sitegen_step(root, "sitegen", None, drop=drop)),
                ("Hugo, YAML data", lambda: hugo_step(sites["yaml"], "Hugo, YAML data", drop)),
                ("Hugo, JSON data", lambda: hugo_step(sites["json"], "Hugo, JSON data", drop))]
        if no_cache:
            todo.append(("sitegen, no cache recorded",
                         lambda: sitegen_step(root, "sitegen, no cache recorded", None, cache=False,
                                                     drop=drop)))
        if baseline is not None:
            todo.append(("sitegen of the baseline",
                         lambda: sitegen_step(root, "sitegen of the baseline", baseline,
                                                     drop=drop)))
        for name, step in todo:
            print(f"round {number}: {name} ...", file=sys.stderr, flush=True)
            steps.append({"round": number, **step()})
            print(table(steps[-1:])[-1], file=sys.stderr, flush=True)  # kept if stopped later
    return steps


def prepare(root: Path, scale: float) -> dict:
    """Generate the archive, build it once with sitegen (not timed) and convert it into the
    two Hugo sites; return what was made and how long it took."""
    started = time.perf_counter()
    counts = generate(root, scale)
    generated = time.perf_counter() - started
    time.sleep(2.1)  # the inputs older than a build's racy window
    sitegen(root, "build", "--output", "built", "--quiet")
    started = time.perf_counter()
    sites = {"yaml": root / "hugo-yaml", "json": root / "hugo-json"}
    pages = convert(root / "content", root / "built", sites)
    converted = time.perf_counter() - started
    shutil.rmtree(root / "built")
    forget_cache(root)
    data = {mode: sum(p.stat().st_size for p in (site / "data").rglob("*") if p.is_file())
            for mode, site in sites.items()}
    content = sum(p.stat().st_size for p in (root / "content").rglob("*") if p.is_file())
    os.sync()
    return {"counts": counts, "generate_s": generated, "convert_s": converted, "sites": sites,
            "stubs": pages, "data_bytes": data, "content_bytes": content}


def table(steps: list[dict]) -> list[str]:
    lines = ["| round | step | load (1 min) before | wall s | CPU s (user + system) | page faults "
             "| peak RSS MB | pages | MB written (of it HTML) | CPU ms per page | user CPU ms per page "
             "| CPU s per 100 MB |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for s in steps:
        lines.append(f"| {s['round']} | {s['step']} | {s['load'].split()[0]} | {s['wall']:.1f} "
                     f"| {s['cpu']:.1f} ({s['user']:.1f} + {s['sys']:.1f}) | {s['minflt']} "
                     f"| {s['rss_mb']:.0f} | {s['pages']} | {s['bytes'] / 1e6:.1f} "
                     f"({s['html_bytes'] / 1e6:.1f}) "
                     f"| {s['cpu_per_page_ms']:.2f} | {s['user_per_page_ms']:.2f} | {s['cpu_per_100mb']:.1f} |")
    return lines


MEASURES = (("wall", "wall s", "{:.1f}"), ("cpu", "CPU s", "{:.1f}"), ("user", "user CPU s", "{:.1f}"),
            ("sys", "system CPU s", "{:.1f}"), ("rss_mb", "peak RSS MB", "{:.0f}"),
            ("bytes", "MB written", "{:.1f}"), ("html_bytes", "MB of HTML written", "{:.1f}"),
            ("cpu_per_page_ms", "CPU ms per page", "{:.2f}"),
            ("user_per_page_ms", "user CPU ms per page", "{:.2f}"),
            ("cpu_per_100mb", "CPU s per 100 MB", "{:.1f}"))


def medians(steps: list[dict]) -> list[str]:
    """The median of each measure per step kind, and sitegen's ratio to each other kind."""
    kinds = list(dict.fromkeys(s["step"] for s in steps))
    median = {k: {m: statistics.median(s[m] for s in steps if s["step"] == k) for m, _, _ in MEASURES}
              for k in kinds}
    others = [k for k in kinds if k != "sitegen"]
    lines = ["| median | " + " | ".join(kinds) + " | " + " | ".join(f"sitegen / {k}" for k in others) + " |",
             "|---|" + "---:|" * (len(kinds) + len(others))]
    for measure, title, form in MEASURES:
        scale = 1e6 if measure.endswith("bytes") else 1
        cells = [form.format(median[k][measure] / scale) for k in kinds]
        ratios = [f"{median['sitegen'][measure] / median[k][measure]:.2f}" for k in others]
        lines.append(f"| {title} | " + " | ".join(cells + ratios) + " |")
    pages = {k: statistics.median(s["pages"] for s in steps if s["step"] == k) for k in kinds}
    lines.append("| pages | " + " | ".join(f"{pages[k]:.0f}" for k in kinds) + " | "
                 + " | ".join(f"{pages['sitegen'] / pages[k]:.2f}" for k in others) + " |")
    return lines


def report(scale: float, made: dict, steps: list[dict], version: str) -> str:
    games = sum(v for k, v in made["counts"].items() if k.endswith("_games"))
    lines = [f"## scale {scale}: {made['counts']['players']} players, {games} games, "
             f"content {made['content_bytes'] / 1e6:.1f} MB",
             f"{version}",
             f"generated in {made['generate_s']:.1f} s; converted for Hugo in {made['convert_s']:.1f} s "
             f"(not timed in Hugo's build): {made['stubs']['yaml']} content stubs, data "
             f"{made['data_bytes']['yaml'] / 1e6:.1f} MB as YAML, {made['data_bytes']['json'] / 1e6:.1f} MB as JSON",
             "", *table(steps), "", *medians(steps)]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="archive size, 1 = the federation")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds (default: 3)")
    parser.add_argument("--baseline", type=Path,
                        help="a checkout of another sitegen whose full build runs in each round")
    parser.add_argument("--no-cache", action="store_true",
                        help="add a step per round: sitegen's full build with SITEGEN_NO_CACHE=1 "
                             "(its cost without recording the build cache)")
    parser.add_argument("--drop-caches", action="store_true",
                        help="empty the kernel's page cache before each step (root only): a step "
                             "after others otherwise pays for their written pages in system CPU")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    if shutil.which("hugo") is None:
        raise SystemExit("hugo is not on PATH (Debian: apt-get install hugo)")
    info, version = machine(), hugo_version()
    print(f"machine: {info['cpus']} CPUs, {info['cpu']}, {info['memory']}, Python {info['python']}; "
          f"load average {load()}\n")
    root = Path(tempfile.mkdtemp(prefix=f"hugo-peer-{args.scale}-"))
    try:
        made = prepare(root, args.scale)
        steps = rounds(root, made["sites"], args.repeat, args.baseline, args.no_cache,
                       args.drop_caches)
        print(report(args.scale, made, steps, version), flush=True)
        print(f"\nload average after: {load()}")
        if args.json:
            args.json.write_text(json.dumps({"machine": info, "hugo": version, "scale": args.scale,
                                             "counts": made["counts"], "steps": steps}, indent=1) + "\n")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
