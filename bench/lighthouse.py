"""A phone's view of every page kind, measured by Lighthouse (issue 31):
``python bench/lighthouse.py [--scale S ...] [--no-demo] [--runs N] [--json FILE] [--reports DIR]
[--demo-only] [--sites DIR [--build-only]]``.

Builds the demo (``content/``) and the synthetic federation of ``bench/synthetic.py`` at each
``--scale`` (default 0.3; repeat the option for more), each with ``python -m sitegen build``
into a temporary folder (``--sites DIR``: into ``DIR``, kept, and a site already built there
is measured as it is; ``--build-only``: build and stop, so the build can run at low priority
and the measurement apart, under a lock, as bench/README.md's runs do), serves each site with nginx (Debian's ``nginx``, ``gzip on`` at level
6 for HTML, CSS, JavaScript, JSON and SVG, as GitHub Pages sends them compressed) and runs
Lighthouse on the largest page of every page kind (the kinds of ``bench/page_weight.py``, from
docs/urls.md), plus "search": the players index opened with ``?q=`` as the header's search box
without JavaScript leads there (the page then loads ``search.json`` and shows the matches).

Lighthouse's default profile is a phone's: a Moto G Power sized screen (412 x 823 CSS px),
the CPU slowed 4 times and a slow 4G network (150 ms, 1.6 Mbit/s), *simulated* from one
unthrottled load (Lantern): the score depends less on the machine's load than a timed run
would, not at all on it only in theory (the unthrottled trace is measured). Each page is run
``--runs`` times (default 1) and the run of median Performance score kept, with the lowest
score and the highest blocking time of its runs beside it.

Prints a Markdown table per site: per kind, the page, Performance (0-100), First Contentful
Paint, Largest Contentful Paint, Total Blocking Time, Cumulative Layout Shift, Speed Index,
the main thread's style and layout time (as Lighthouse's main-thread audit reports it under
simulation: the measured time times the 4x CPU slowdown, a phone's estimate), the DOM's
elements and the bytes transferred; with more than one run, the lowest score of the runs and
the highest TBT, and the load average (1 min) before and after the kind's runs. Exits 1 if
any kind's median or any single run scores under :data:`GOAL`.

Needs Lighthouse from npm, installed into a git-ignored folder beside this file::

    npm install --no-save --no-package-lock --prefix bench/lighthouse lighthouse@13

Chromium from ``CHROME_PATH`` (default ``/usr/bin/chromium``) and ``nginx`` on the PATH
(``apt-get install nginx-light``). Not part of the test suite: a page's score is measured
here, never in a timed test.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_weight import build, weigh  # noqa: E402

GOAL = 90
"""The Performance score (0-100) every page kind must reach (issue 31)."""
LIGHTHOUSE = Path(__file__).resolve().parent / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
SEARCH_QUERY = "player 1"
"""What "search" types in the synthetic federation (its players are "Player 00001" ...)."""
DEMO_QUERY = "ki"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
NGINX_CONF = """daemon off;
user {user};
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 64; }}
http {{
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  server {{
    listen 127.0.0.1:{port};
    root {root};
    error_page 404 /404.html;
  }}
}}
"""
"""nginx's configuration (its worker runs as this user: the temporary folders are private):
one server of the site's folder, compressing as GitHub Pages does
(gzip; ``text/html`` is always compressed once ``gzip on``)."""


@contextlib.contextmanager
def serve(root: Path):
    """Serve the folder ``root`` with nginx on 127.0.0.1; yield its base URL (ending in ``/``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="lighthouse-nginx-") as tmp:
        conf = Path(tmp, "nginx.conf")
        conf.write_text(NGINX_CONF.format(tmp=tmp, port=port, root=root, user=getpass.getuser()), encoding="utf-8")
        process = subprocess.Popen(["nginx", "-c", str(conf), "-p", tmp], stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}/"
            for _ in range(100):
                try:
                    with urllib.request.urlopen(base, timeout=1):
                        break
                except OSError:
                    time.sleep(0.05)
            yield base
        finally:
            process.terminate()
            process.wait(10)


def pages(site: Path, query: str) -> dict[str, str]:
    """Return, per page kind, the address (relative to the site's root) of its largest page,
    and "search": the players index with ``?q=query``."""
    found = {kind: f["largest"] for kind, f in weigh(site).items() if kind != "search.json"}
    found["search"] = "players/?q=" + query.replace(" ", "+")
    return dict(sorted(found.items()))


def lighthouse(url: str, runs: int, keep: Path | None = None) -> dict:
    """Run Lighthouse (its default mobile profile, Performance only) ``runs`` times on
    ``url``; return the figures of the run of median score: ``score`` (0-100), ``fcp``,
    ``lcp``, ``tbt``, ``si``, ``layout`` (main-thread style and layout, measured times the 4x CPU slowdown) (ms), ``cls``, ``dom`` (elements), ``bytes`` (transferred),
    and of all runs: ``scores`` (in run order), ``lowest`` (score) and ``worst_tbt`` (ms).
    With ``keep`` (a file name ending in ``.json``), run ``i``'s whole report is also written
    beside it as ``<stem>-<i>.json``, to read the audits the table leaves out."""
    results = []
    for run in range(runs):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run([str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                            f"--output-path={out.name}", f"--chrome-flags={CHROME_FLAGS}", "--quiet"],
                           check=True, env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")})
            text = Path(out.name).read_text(encoding="utf-8")
        if keep is not None:
            keep.with_name(f"{keep.stem}-{run + 1}.json").write_text(text, encoding="utf-8")
        report = json.loads(text)
        audits = report["audits"]

        def value(name: str) -> float:
            return audits[name].get("numericValue") or 0

        results.append({"score": round(report["categories"]["performance"]["score"] * 100),
                        "fcp": value("first-contentful-paint"), "lcp": value("largest-contentful-paint"),
                        "tbt": value("total-blocking-time"), "cls": value("cumulative-layout-shift"),
                        "si": value("speed-index"), "dom": value("dom-size-insight"),
                        "layout": sum(i["duration"] for i in audits["mainthread-work-breakdown"]["details"]["items"]
                                      if i["group"] == "styleLayout"),
                        "bytes": value("total-byte-weight")})
    scores = [r["score"] for r in results]
    worst_tbt = max(r["tbt"] for r in results)
    results.sort(key=lambda r: r["score"])
    return {**results[len(results) // 2], "scores": scores, "lowest": min(scores), "worst_tbt": worst_tbt}


def table(label: str, figures: dict[str, dict]) -> str:
    """Return the Markdown table of one site's figures (s: seconds, kB: 1,000 bytes); with
    more than one run per page, the lowest score and highest TBT of the runs, and the load
    average (1 min) before and after each kind's runs, in three more columns."""
    several = any(len(f.get("scores", [])) > 1 for f in figures.values())
    more = " lowest of runs | highest TBT | load |" if several else ""
    lines = [f"{label}:", "", "| kind | page | Performance | FCP | LCP | TBT | CLS | Speed Index | style & layout | DOM elements"
             " | transferred |" + more,
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" + (" ---: | ---: | ---: |" if several else "")]
    for kind, f in figures.items():
        under = " **under 90**" if f["score"] < GOAL else ""
        line = (f"| {kind} | `{f['page']}` | {f['score']}{under} | {f['fcp'] / 1000:.1f} s | {f['lcp'] / 1000:.1f} s"
                f" | {f['tbt']:.0f} ms | {f['cls']:.3f} | {f['si'] / 1000:.1f} s | {f['layout']:.0f} ms | {f['dom']:,.0f}"
                f" | {f['bytes'] / 1000:.1f} kB |")
        if several:
            low = f.get("lowest", f["score"])
            line += (f" {low}{' **under 90**' if low < GOAL else ''} | {f.get('worst_tbt', f['tbt']):.0f} ms"
                     f" | {f.get('load', ['', ''])[0]}-{f.get('load', ['', ''])[1]} |")
        lines.append(line)
    return "\n".join(lines)


def measure(label: str, site: Path, query: str, runs: int, reports: Path | None = None) -> dict[str, dict]:
    """Run Lighthouse on every page kind of the site built in ``site``; print each kind's line
    as it is measured (stderr) and return the figures per kind. With ``reports`` (a folder),
    keep every run's whole Lighthouse report there as ``<label>-<kind>-<run>.json``."""
    figures = {}
    with serve(site) as base:
        for kind, page in pages(site, query).items():
            keep = None if reports is None else reports / f"{label.replace(' ', '-')}-{kind.replace('/', '-').replace(' ', '-')}.json"
            before = f"{os.getloadavg()[0]:.2f}"
            figures[kind] = {"page": page, **lighthouse(base + page, runs, keep)}
            f = figures[kind]
            f["load"] = [before, f"{os.getloadavg()[0]:.2f}"]
            print(f"{label}: {kind} {page}: {f['score']} (runs {f['scores']}, TBT {f['tbt']:.0f} ms, "
                  f"LCP {f['lcp'] / 1000:.1f} s, DOM {f['dom']:,.0f}; load average {f['load'][0]}-{f['load'][1]})",
                  file=sys.stderr, flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, action="append", help="synthetic federation scale (default 0.3)")
    parser.add_argument("--no-demo", action="store_true", help="leave the demo out")
    parser.add_argument("--demo-only", action="store_true", help="the demo alone (no synthetic federation)")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page (the median kept)")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--reports", type=Path, help="keep every Lighthouse report (JSON) in this folder")
    parser.add_argument("--sites", type=Path, help="build the sites into this folder and keep them; "
                        "a site already built there is measured as it is")
    parser.add_argument("--build-only", action="store_true", help="build the sites (into --sites) and stop")
    args = parser.parse_args(argv)
    if args.build_only and not args.sites:
        parser.error("--build-only needs --sites DIR")
    if args.reports:
        args.reports.mkdir(parents=True, exist_ok=True)
    if not args.build_only and not LIGHTHOUSE.exists():
        raise SystemExit(f"lighthouse: {LIGHTHOUSE} is missing: npm install --no-save --no-package-lock "
                         "--prefix bench/lighthouse lighthouse@13")
    from synthetic import generate

    results: dict[str, dict[str, dict]] = {}
    load = [os.getloadavg()]
    with contextlib.ExitStack() as stack:
        if args.sites:
            args.sites.mkdir(parents=True, exist_ok=True)
            tmp = str(args.sites)
        else:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="lighthouse-"))
        sites = []
        if not args.no_demo:
            sites.append(("demo", ROOT, Path(tmp, "demo"), DEMO_QUERY, None))
        for scale in [] if args.demo_only else args.scale or [0.3]:
            root = Path(tmp, f"scale-{scale}")
            sites.append((f"scale {scale:g}", root, root / "output", SEARCH_QUERY, scale))
        for label, content, output, query, scale in sites:
            if not (output / "index.html").exists():  # a kept site (--sites) is measured as it is
                if scale is not None:
                    generate(content, scale)
                build(content, output)
            if not args.build_only:
                results[label] = measure(label, output, query, args.runs, args.reports)
    load.append(os.getloadavg())
    for label, figures in results.items():
        print(table(label, figures), end="\n\n")
    print("load average (1, 5, 15 min): before " + " ".join(f"{x:.2f}" for x in load[0])
          + ", after " + " ".join(f"{x:.2f}" for x in load[1]))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    under = [f"{label}: {kind} ({f['page']}): {f['score']} (runs {f['scores']})" for label, figures in results.items()
             for kind, f in figures.items() if f["lowest"] < GOAL]
    for line in under:
        print(f"lighthouse: under {GOAL}: {line}", file=sys.stderr)
    return 1 if under else 0


if __name__ == "__main__":
    sys.exit(main())
