"""Benchmark: the dev server after one changed result, at federation scale (issues 7 and 18).

``python bench/rebuild.py [--scale S] [--repeat N] [--only KIND] [--forget]`` generates the synthetic federation of
``bench/synthetic.py`` (full size by default: 20,000 players, about 200,000 games, 26,486
pages) into a temporary folder, starts ``sitegen serve``'s own server on it (in this process,
writing ``output/`` as ``sitegen serve`` does; ``--archive DIR`` copies one generated before
instead) and then, for each kind of change -- a league
result (the first decisive result of the last season), a tournament result (the first of the
last tournament: every standings after that round may move) and a ladder game (the last game of
the log) -- N times (5 by default):

1. writes the changed file the way editors do (a temporary file renamed over it);
2. polls the changed page over HTTP every 10 ms until its bytes are new: *served new*. The
   poller is another process, as a browser is: polling a tournament's 460 kB page from the
   server's own process took its interpreter from the build (about 0.3 s more per change);
3. notes when the page's own live-reload poll (``/__sitegen/version?after=V&page=...``, V the
   version the page was served with), started before the change, answered: *announced*;
4. waits until the build that made the page has finished (the site's version moves on: the
   player pages and site-wide pages are made after the changed page is shown), so that the next
   change is not queued behind it.

Both times run from the rename (``time.monotonic``, one clock for both processes), so the
server's debounce (0.15 s) is included. The result is
reversed by the next repetition. Printed: the first build, each time, the medians, the load
average (1 min) before each kind, and the server's peak memory (ru_maxrss of this process,
which serves and builds). Markdown for bench/README.md. ``--only ladder`` measures one kind;
``--forget`` hands each build a new ``sitegen.remembered.Remembered`` (the server then takes
none of the speed paths of one process: what they save, issue 29). ``--lock FILE`` takes an
exclusive lock on FILE (``flock``) for the changes only, after the server's start.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import subprocess
import json
import os
import platform
import re
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import copy_archive, generate  # noqa: E402

from sitegen.commands.serve import make_server  # noqa: E402

RESULT = re.compile(r"result: (B|W)\+R\}")


def target(content: Path, kind: str) -> tuple[Path, int, str]:
    """Return the file to change, the index of the result in it, and the page that shows it."""
    if kind == "league":
        file = sorted((content / "leagues/national/seasons").glob("*.yaml"))[-1]
        text = file.read_text(encoding="utf-8")
        match = RESULT.search(text)
        assert match is not None
        group = re.findall(r"- name: (\w+)\n", text[:match.start()])[-1]
        return file, 0, f"leagues/national/{file.stem}/{group.lower()}/"
    if kind == "tournament":
        file = sorted((content / "tournaments").glob("*.yaml"))[-1]
        return file, 0, f"tournaments/{file.stem}/"
    file = content / "ladders/federation.yaml"
    text = file.read_text(encoding="utf-8")
    count = len(RESULT.findall(text))
    date = re.findall(r"date: (\d{4})-(\d\d)-\d\d", text)[-1]
    return file, count - 1, f"ladders/federation/games/{date[0]}-{date[1]}/"


def reverse(file: Path, index: int) -> None:
    """Reverse the ``index``-th decisive result of ``file``, saving like an editor."""
    text = file.read_text(encoding="utf-8")
    match = list(RESULT.finditer(text))[index]
    other = "W" if match.group(1) == "B" else "B"
    temp = file.with_name(f".{file.name}.swp")
    temp.write_text(text[:match.start(1)] + other + text[match.end(1):], encoding="utf-8")
    os.replace(temp, file)


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def strip(page: bytes) -> bytes:
    """A served page without the dev server's live-reload script (it carries the version)."""
    return re.sub(rb'<script id="sitegen-live-reload">.*?</script>\n', b"", page, flags=re.S)


def poll_until_new(url: str, before: str) -> None:
    """Print "ready", then poll ``url`` every 10 ms; print the ``time.monotonic()`` at which
    its bytes (without the live-reload script) no longer have the SHA-256 ``before``. The
    ``--poll`` mode of this script: run in a process of its own, as a browser is."""
    print("ready", flush=True)
    started = time.monotonic()
    while hashlib.sha256(strip(fetch(url))).hexdigest() == before:
        if time.monotonic() - started > 120:
            raise SystemExit(f"{url} was not served new within 120 s")
        time.sleep(0.01)
    print(time.monotonic(), flush=True)


def measure(server, base: str, content: Path, kind: str, repeat: int) -> dict:
    file, index, page = target(content, kind)
    url = f"{base}{page}"
    served, announced = [], []
    for _ in range(repeat):
        time.sleep(1.0)  # the last build's writing of output/ is over
        raw = fetch(url)
        before = strip(raw)
        version = json.loads(fetch(f"{base}__sitegen/version"))["version"]
        own = re.search(rb"var version = (\d+);", raw)
        assert own is not None
        answered: list[float] = []
        path = "/" + page  # the site is served from / (base_url "/")

        def poll() -> None:  # as the page's own script does: with the version it was served with
            fetch(f"{base}__sitegen/version?after={int(own.group(1))}&page={urllib.request.quote(path)}")
            answered.append(time.monotonic())

        poller = threading.Thread(target=poll)
        poller.start()
        browser = subprocess.Popen([sys.executable, __file__, "--poll", url, hashlib.sha256(before).hexdigest()],
                                   stdout=subprocess.PIPE, text=True)
        assert browser.stdout is not None and browser.stdout.readline().strip() == "ready"
        time.sleep(0.05)
        started = time.monotonic()
        reverse(file, index)
        seen, _ = browser.communicate(timeout=130)
        if browser.returncode:
            raise SystemExit(f"{page} was not served new within 120 s")
        served.append(float(seen) - started)
        poller.join(timeout=120)
        # The page is shown before the build has made the player pages and the site-wide ones:
        # wait for the end of that build (the site's version moves on), so that the next change
        # does not wait for it.
        fetch(f"{base}__sitegen/version?after={version}")
        announced.append(answered[0] - started if answered else float("nan"))
    return {"page": page, "file": file.relative_to(content).as_posix(), "served": served,
            "announced": announced}


KINDS = ("league", "tournament", "ladder")
"""The kinds of change measured, in order."""


def forget_between_builds() -> None:
    """Make the dev server's site hand each build a new Remembered (sitegen.remembered): the
    builds then take none of the speed paths of "Builds in one process" (docs/architecture.md),
    as a server without them would. For ``--forget`` only."""
    from sitegen import devsite
    from sitegen.remembered import Remembered

    plain = devsite.Site._build

    def forgetting(site: devsite.Site, *args: Any) -> Any:
        site.remembered = Remembered()
        return plain(site, *args)

    devsite.Site._build = forgetting  # type: ignore[method-assign]


def main() -> int:
    if sys.argv[1:2] == ["--poll"]:
        poll_until_new(sys.argv[2], sys.argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--archive", type=Path,
                        help="copy the archive that `python bench/synthetic.py DIR --scale S` wrote "
                             "into DIR instead of generating it (--scale is then only a label)")
    parser.add_argument("--only", action="append", choices=KINDS,
                        help="measure only this kind of change (may be repeated; default: all three)")
    parser.add_argument("--lock", type=Path,
                        help="a file to lock (flock) for the changes only, not for the server's start "
                             "(minutes on a loaded machine, which other measurements need not wait for)")
    parser.add_argument("--forget", action="store_true",
                        help="hand each build a new sitegen.remembered.Remembered, as if the server "
                             "remembered nothing between builds: what its speed paths save")
    args = parser.parse_args()
    if args.forget:
        forget_between_builds()
    root = Path(tempfile.mkdtemp(prefix=f"sitegen-rebuild-{args.scale}-"))
    lines: list[str] = []
    try:
        counts = copy_archive(args.archive, root) if args.archive else generate(root, args.scale)
        os.chdir(root)
        content = Path("content")
        load = os.getloadavg()[0]
        server = make_server(content, None, Path("output"), port=0, watch_theme=False,
                             log=lambda line: lines.append(line))
        started = time.perf_counter()
        server.start()  # the first build, then the watcher and the HTTP server
        first = time.perf_counter() - started
        base = f"http://127.0.0.1:{server.port}/"
        if args.lock is not None:
            lock = open(args.lock, "a")  # closed (and so unlocked) when the process ends
            fcntl.flock(lock, fcntl.LOCK_EX)
            print(f"locked {args.lock} at {time.strftime('%H:%M:%S', time.gmtime())} UTC "
                  f"(load {os.getloadavg()[0]:.2f})", flush=True)
        results = {}
        try:
            for kind in args.only or KINDS:
                load_before = os.getloadavg()[0]
                results[kind] = {**measure(server, base, content, kind, args.repeat),
                                 "load": load_before}
        finally:
            server.stop()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    pages = len(server.state.site.files) if server.state.site else 0
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"load average (1 min) at the start {load:.2f}\n")
    print(f"Archive: scale {args.scale}, {counts}; {pages} files served.\n")
    print(f"First build (sitegen serve's start): {first:.1f} s; peak memory of the server: {peak:.0f} MB\n")
    print("| change | page | load (1 min) | served new, median (s) | announced, median (s) | each (served) |")
    print("|---|---|---:|---:|---:|---|")
    for kind, found in results.items():
        print(f"| {kind} ({found['file']}) | {found['page']} | {found['load']:.2f} "
              f"| {statistics.median(found['served']):.2f} | {statistics.median(found['announced']):.2f} "
              f"| {' / '.join(f'{t:.2f}' for t in found['served'])} |")
    print("\nThe server's log:\n")
    print("\n".join(f"    {line}" for line in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
