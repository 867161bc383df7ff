"""``sitegen serve``: one build per burst of saves, fresh pages over HTTP, errors in the browser.

The server runs in a thread of the test (``make_server`` with port 0); a smoke test also runs
the real ``sitegen serve`` command in a subprocess. Every wait is bounded.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sitegen.commands.serve import make_server

HERE = Path(__file__).parent
SMALL = HERE / "sites" / "small" / "content"
SEASON = Path("content/leagues/club/seasons/2024.yaml")
GAME_LINE = "          - {black: ann, white: cy, result: B+3.5, handicap: 0}\n"


def fetch(url: str, timeout: float = 10) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def version(base: str, after: int | None = None) -> dict:
    query = "" if after is None else f"?after={after}"
    return json.loads(fetch(f"{base}/__sitegen/version{query}", timeout=30)[1])


def save_like_an_editor(path: Path, text: str) -> None:
    """Write a temporary file beside ``path`` and rename it over the original."""
    temp = path.with_name(f".{path.name}.swp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def with_result(original: str, result: str) -> str:
    assert GAME_LINE in original
    return original.replace(GAME_LINE, GAME_LINE.replace("B+3.5", result))


@pytest.fixture
def server(tmp_path, monkeypatch):
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    lines: list[str] = []
    # The default theme is not watched here: the test counts the builds caused by its own saves.
    dev = make_server(Path("content"), None, Path("output"), port=0, watch_theme=False, log=lines.append)
    dev.start()
    dev.log_lines = lines
    try:
        yield dev
    finally:
        dev.stop()


def standings(base: str) -> list[tuple[int, str, float]]:
    status, body = fetch(f"{base}/club/leagues/club/2024/a1/standings.json")
    assert status == 200
    return [(r["place"], r["id"], r["gamepoints"]) for r in json.loads(body)["rows"]]


def test_burst_of_saves_is_one_build_then_error_page_then_site_again(server):
    base = f"http://127.0.0.1:{server.port}"
    first = version(base)
    assert first["builds"] == 1 and first["ok"]
    # tests/sites/small has base_url /club/: the dev server serves under the site's path.
    assert fetch(base + "/")[0] == 200  # redirected to /club/
    assert standings(base)[0] == (1, "ann", 2.5)

    original = SEASON.read_text(encoding="utf-8")
    started = time.monotonic()
    for result in ("W+1.5", "B+R", "W+T", "W+3.5"):
        save_like_an_editor(SEASON, with_result(original, result))
        time.sleep(0.015)
    burst = time.monotonic() - started
    assert burst < 0.1, f"the saves took {burst:.3f} s; the burst must fit in 100 ms"

    after = version(base, first["version"])
    assert after["version"] == first["version"] + 1 and after["ok"]
    time.sleep(3 * server.debounce + 0.3)  # any second build would have started by now
    assert version(base)["builds"] == 2, server.log_lines

    # Now cy beat ann (W+3.5) as well as bob (forfeit): league D.1 gamepoints
    # cy 2, ann 1 (bob) + ½ (jigo with dee) = 1½, bob 1 (dee), dee ½.
    assert standings(base) == [(1, "cy", 2), (2, "ann", 1.5), (3, "bob", 1), (4, "dee", 0.5)]
    status, page = fetch(f"{base}/club/leagues/club/2024/a1/")
    assert status == 200 and 'id="sitegen-live-reload"' in page
    assert 'id="sitegen-errors"' not in page
    built = Path("output/leagues/club/2024/a1/index.html").read_text(encoding="utf-8")
    assert "sitegen-live-reload" not in built and "__sitegen" not in built
    # Only the files whose bytes changed were rewritten: the group page, its standings.json,
    # the season page (group table), the league page (its leader: ann -> cy) and the pages of
    # ann and cy (the game, the place). Bob (3rd) and dee (4th) keep their places and games,
    # and the home page names only the latest season.
    assert re.search(r"build 2: \d+ pages in [\d.]+ s; 6 files written", server.log_lines[-1]), server.log_lines

    broken = with_result(original, "B+X")
    save_like_an_editor(SEASON, broken)
    failed = version(base, after["version"])
    assert not failed["ok"] and failed["builds"] == 3
    line = broken.splitlines().index(GAME_LINE.replace("B+3.5", "B+X").rstrip("\n")) + 1
    col = GAME_LINE.index("B+3.5") + 1
    where = f"content/leagues/club/seasons/2024.yaml:{line}:{col}: error: result: 'B+X' is not a result"
    assert failed["errors"][0].startswith(where)
    status, page = fetch(f"{base}/club/leagues/club/2024/a1/")
    assert status == 200 and 'id="sitegen-errors"' in page and where.replace("'", "&#x27;") in page
    assert "2024.yaml:14:45" in page  # the position, worked out by hand from the file
    assert standings(base)[0] == (1, "cy", 2)  # the last good site is still served
    assert any(where in entry for entry in server.log_lines)  # and the terminal shows it too

    save_like_an_editor(SEASON, original)
    fixed = version(base, failed["version"])
    assert fixed["ok"] and fixed["builds"] == 4
    status, page = fetch(f"{base}/club/leagues/club/2024/a1/")
    assert status == 200 and 'id="sitegen-errors"' not in page
    assert standings(base)[0] == (1, "ann", 2.5)


def test_first_build_failing_serves_an_error_page(tmp_path, monkeypatch):
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content/players.yaml").write_text("players:\n  - {id: ann, name: Ann\n")
    dev = make_server(Path("content"), None, None, port=0, watch_theme=False, log=lambda line: None)
    dev.start()
    try:
        status, page = fetch(f"http://127.0.0.1:{dev.port}/club/")
        assert status == 500
        assert "content/players.yaml:3:1: error: YAML syntax error" in page
        assert not Path("output").exists()
    finally:
        dev.stop()


def test_files_and_not_found(server):
    base = f"http://127.0.0.1:{server.port}"
    with urllib.request.urlopen(f"{base}/club/static/style.css", timeout=10) as response:
        assert response.headers["Content-Type"] == "text/css; charset=utf-8"
        assert "sitegen-live-reload" not in response.read().decode()
    status, page = fetch(f"{base}/club/no/such/page/")
    assert status == 404 and "sitegen-live-reload" in page
    assert fetch(f"{base}/club/../../etc/passwd")[0] == 404
    assert fetch(f"{base}/club/leagues/club/2024/a1")[0] == 200  # redirected to the folder


def test_serve_command_binds_localhost(tmp_path):
    shutil.copytree(SMALL, tmp_path / "content")
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    process = subprocess.Popen([sys.executable, "-m", "sitegen", "serve", "--port", "0"], cwd=tmp_path,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        url = None
        while time.monotonic() < deadline and url is None:
            line = process.stderr.readline()
            if not line:
                break
            match = re.search(r"serving (http://127\.0\.0\.1:\d+/club/)", line)
            url = match.group(1) if match else None
        assert url, "sitegen serve did not report its address"
        status, page = fetch(url)
        assert status == 200 and "sitegen-live-reload" in page
        assert "sitegen-live-reload" not in (tmp_path / "output/index.html").read_text()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        process.stderr.close()
