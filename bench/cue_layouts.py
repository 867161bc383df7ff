"""Layouts a page load costs with site.js, this checkout's and another revision's (issue 31):
``python bench/cue_layouts.py SITE PAGE... [--old REV] [--rounds N]``.

SITE is a built site's folder (``sitegen build --output SITE``; it is changed: its
``static/site.js`` is swapped between runs and left as this checkout's), PAGE an address in it
(``tournaments/t06/``). Each round loads every page in headless Chromium at 360 CSS pixels with
the script of ``--old`` (default ``HEAD~3``, from git) and then with this checkout's, and then runs
the cue as on the page's load 5 times (the cues and classes taken away, the resize handler
called): it prints the layouts that cost (Chromium's ``Performance.getMetrics``
``LayoutCount``) and the time spent in the handler. The old script lays the page out again
after each table region whose cue it added, the new one once. Needs /usr/bin/chromium and chromedriver.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "templates/static/site.js"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--old", default="HEAD~3", help="git revision of the script to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    scripts = {"old": subprocess.run(["git", "show", f"{args.old}:{SCRIPT}"], cwd=ROOT, check=True,
                                     capture_output=True).stdout,
               "new": (ROOT / SCRIPT).read_bytes()}
    handler = functools.partial(_Quiet, directory=str(args.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Performance.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        for _ in range(args.rounds):
            for which, script in scripts.items():
                (args.site / "static" / "site.js").write_bytes(script)
                for page in args.pages:
                    driver.get("about:blank")
                    driver.get(base + page)
                    driver.execute_script("return new Promise(function (r) { setTimeout(r, 300); })")
                    before = _metrics(driver)
                    took = driver.execute_script(CUE_RUN)
                    after = _metrics(driver)
                    print(f"{which} {page}: {took[1]} table regions; the cue after a resize, {REPEAT} times: "
                          f"{int(after['LayoutCount'] - before['LayoutCount'])} layouts, {took[0]:.1f} ms",
                          flush=True)
    finally:
        driver.quit()
        server.shutdown()


REPEAT = 5
CUE_RUN = """var body = document.body, total = 0;
for (var i = 0; i < %d; i++) {
  /* Back to the page as it loads: no cue, no class; the cue's first run has to add them. */
  document.querySelectorAll(".scroll-cue").forEach(function (c) { c.remove(); });
  document.querySelectorAll(".scroll").forEach(function (s) { s.classList.remove("overflows", "at-end"); });
  var t = performance.now(); window.dispatchEvent(new Event("resize")); total += performance.now() - t;
}
body.style.paddingRight = ""; return [total, document.querySelectorAll(".scroll").length];""" % REPEAT
"""Take the cues and the classes away and run the cue's resize handler (as on the page's
load), :data:`REPEAT` times; return the time spent in the handler (ms) and the number of table
regions."""


def _metrics(driver) -> dict[str, float]:
    return {x["name"]: x["value"] for x in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the figures readable
        pass


if __name__ == "__main__":
    main()
