"""Browser fixtures: the demo site built once and served on 127.0.0.1, and Debian's headless
Chromium driven by Selenium through the system chromedriver (nothing is downloaded at run time).

The tests skip, saying why, only when the browser or its driver is not installed; `.ci/run`
installs both (Debian's ``chromium`` and ``chromium-driver``) so they run in CI. axe-core comes
from npm into ``tests/browser/node_modules`` (git-ignored), installed by `.ci/run` as well.
Screenshots go to ``tests/browser/screenshots/`` (git-ignored) for people to look at.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path

import pytest

from fresh_renders import render

HERE = Path(__file__).parent
REPO = HERE.parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
SCREENSHOTS = HERE / "screenshots"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars"]


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed (Debian package chromium; .ci/run installs it)"
    if not CHROMEDRIVER.exists():
        return f"{CHROMEDRIVER} is not installed (Debian package chromium-driver; .ci/run installs it)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package is not installed (pip install -e '.[test]')"
    return None


SERVING = re.compile(r"^Serving HTTP on 127\.0\.0\.1 port (\d+) ")
"""The line ``python -m http.server`` prints once its socket listens (it picks a free port)."""


@contextlib.contextmanager
def serve_site(content: Path, root: Path):
    """Build the site of ``content`` into ``root`` and serve it on 127.0.0.1; yield its URL
    (:func:`serve_files`)."""
    with serve_files(render(content, None), root) as url:
        yield url


@contextlib.contextmanager
def serve_files(files: Mapping[str, bytes], root: Path):
    """Write ``files`` (a fresh build, ``{relative path: bytes}``) into ``root`` and serve them
    on 127.0.0.1; yield the root URL.

    The web server is a child process (``python -m http.server`` on a free port, its request
    log thrown away), not a thread of the test run: a thread left running for the whole session
    makes forking unsafe, so the tests of forked helpers (tests/test_workers.py,
    tests/test_template_sandbox.py) would fail in the same pytest-xdist worker. Errors:
    RuntimeError when the server exits before it listens or does not answer within 30 s."""
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(root), "0"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # "" when it exited first
        server.stdout.close()
        listening = SERVING.match(line)
        if not listening:
            raise RuntimeError(f"python -m http.server did not start (exit status {server.poll()}): {line!r}")
        url = f"http://127.0.0.1:{listening[1]}/"
        _wait_for(url, server)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_for(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    """Return once ``url`` answers; RuntimeError when ``server`` exits or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:  # an answer all the same
            return
        except OSError as error:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the web server at {url} does not answer: {error}") from error
            time.sleep(0.05)


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory, demo_files):
    """The demo site (content/ of the repository) served: yield its root URL and the folder it
    was written to. Its files are the session's render of the demo (tests/conftest.py's
    ``demo_files``, which ten test files read), not a second render of the same files."""
    root = tmp_path_factory.mktemp("demo-site")
    with serve_files(demo_files, root) as url:
        yield url, root


@pytest.fixture(scope="session")
def demo_url(demo_site):
    """The demo site's root URL (see :func:`demo_site`)."""
    return demo_site[0]


LONG_NAME = "Brzęczyszczykiewicz-Chrząszczyżewoszycki"
"""A real kind of surname, 40 letters without a space, added to every player's name."""


@pytest.fixture(scope="session")
def long_names_url(tmp_path_factory):
    """The demo with every player's name ending in :data:`LONG_NAME`, served: yield its URL."""
    content = tmp_path_factory.mktemp("content-long")
    shutil.copytree(REPO / "content", content, dirs_exist_ok=True)
    for players in (content / "players").glob("*.yaml"):
        text = players.read_text(encoding="utf-8")
        players.write_text(re.sub(r"(\bname: )('[^'\n]*|\"[^\"\n]*|[^,}\n]+)",
                                  lambda m: f"{m[1]}{m[2]} {LONG_NAME}", text), encoding="utf-8")
    with serve_site(content, tmp_path_factory.mktemp("demo-long")) as url:
        yield url


@pytest.fixture(scope="session")
def synthetic_url(tmp_path_factory):
    """A large archive: bench/synthetic.py's federation at 1 % (200 players, a tournament of 200
    players over 5 rounds, a ladder of 200 games; no description in site.yaml), served: yield
    its URL."""
    sys.path.insert(0, str(REPO / "bench"))
    from synthetic import generate

    root = tmp_path_factory.mktemp("synthetic")
    generate(root, 0.01)
    with serve_site(root / "content", tmp_path_factory.mktemp("synthetic-site")) as url:
        yield url


@pytest.fixture(scope="session")
def low_limits_url(tmp_path_factory):
    """bench/synthetic.py's federation at 1 % built with issue 31's size settings lowered: the
    ladder's handicap page listing the rungs held above 2 members, a season page's row per group
    above 1 group; served: yield its URL."""
    import sitegen.pages.ladder as ladder
    import sitegen.pages.league as league

    sys.path.insert(0, str(REPO / "bench"))
    from synthetic import generate

    root = tmp_path_factory.mktemp("synthetic-low")
    generate(root, 0.01)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ladder, "MATRIX_MEMBERS", 2)
        patch.setattr(league, "SEASON_GROUP_TABLES", 1)
        served = serve_site(root / "content", tmp_path_factory.mktemp("synthetic-low-site"))
        url = served.__enter__()
    try:
        yield url
    finally:
        served.__exit__(None, None, None)


@pytest.fixture(scope="session")
def paged_url(tmp_path_factory):
    """A site of 1,003 players (more than the 500 of one players page): Player 1 ... Player
    1001, Łukasz Nowak and 2Pac, served: yield its URL."""
    content = tmp_path_factory.mktemp("paged-content")
    (content / "site.yaml").write_text("title: Test\n", encoding="utf-8")
    lines = ["players:"] + [f"  - {{id: p{n}, name: Player {n}}}" for n in range(1, 1002)]
    lines += ["  - {id: lukasz, name: Łukasz Nowak}", "  - {id: tupac, name: 2Pac}"]
    (content / "players.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with serve_site(content, tmp_path_factory.mktemp("paged-site")) as url:
        yield url


@pytest.fixture(scope="session")
def movements_url(tmp_path_factory):
    """A league of two seasons, served: yield the URL of its movements page (issue 31).
    Players p1..p30 (Player 01 ... Player 30). 2024: A = p1..p5, B = p6..p15; 2025: A = p1..p3,
    p6, p7, B = p4, p5, p8..p15 and the new p16..p30. Flows: A->A 3, A->B 2, B->A 2, B->B 8
    (open, at most 10), new->B 15 (closed)."""
    content = tmp_path_factory.mktemp("movements-content")
    (content / "site.yaml").write_text("title: Test\n", encoding="utf-8")
    lines = ["players:"] + [f"  - {{id: p{n}, name: Player {n:02}}}" for n in range(1, 31)]
    (content / "players.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    seasons = content / "leagues" / "club" / "seasons"
    seasons.mkdir(parents=True)
    (content / "leagues" / "club" / "league.yaml").write_text("name: Club league\n", encoding="utf-8")

    def season(name: str, start: str, a: list[int], b: list[int]) -> str:
        return (f"name: Season {name}\nstart: {start}\ndivisions:\n  - name: A\n    groups:\n"
                f"      - {{name: A, players: [{', '.join(f'p{n}' for n in a)}]}}\n"
                f"  - name: B\n    groups:\n      - {{name: B, players: [{', '.join(f'p{n}' for n in b)}]}}\n")

    (seasons / "2024.yaml").write_text(season("2024", "2024-01-01", [1, 2, 3, 4, 5], list(range(6, 16))))
    (seasons / "2025.yaml").write_text(season("2025", "2025-03-01", [1, 2, 3, 6, 7],
                                              [4, 5, *range(8, 31)]))
    with serve_site(content, tmp_path_factory.mktemp("movements-site")) as url:
        yield url + "leagues/club/2025/movements/"


@pytest.fixture(scope="session")
def demo_urls_in(tmp_path_factory):
    """The demo built with ``language: pl`` and with ``language: fr``, each served on its own
    port: yield ``{language: root URL}``."""
    with contextlib.ExitStack() as stack:
        urls = {}
        for language in ("pl", "fr"):
            content = tmp_path_factory.mktemp(f"content-{language}")
            shutil.copytree(REPO / "content", content, dirs_exist_ok=True)
            settings = content / "site.yaml"
            settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {language}", settings.read_text()))
            urls[language] = stack.enter_context(serve_site(content, tmp_path_factory.mktemp(f"demo-{language}")))
        yield urls


@pytest.fixture(scope="session")
def browser():
    """Yield a headless Chromium (Selenium WebDriver) that records the console."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in CHROMIUM_ARGS:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    SCREENSHOTS.mkdir(exist_ok=True)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """Return axe-core's script (npm package), or skip when it has not been installed."""
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: run `npm install --prefix tests/browser axe-core@4` (.ci/run does)")
    return AXE.read_text(encoding="utf-8")
