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

sys.path.insert(0, str(Path(__file__).parent))
from served import GAME_LINE, SEASON, SMALL, fetch  # noqa: E402

HERE = Path(__file__).parent



def version(base: str, after: int | None = None) -> dict:
    query = "" if after is None else f"?after={after}"
    return json.loads(fetch(f"{base}/__sitegen/version{query}", timeout=30)[1])


def save_like_an_editor(path: Path, text: str) -> None:
    """Write a temporary file beside ``path`` and rename it over the original."""
    temp = path.with_name(f".{path.name}.swp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def output_files() -> dict[str, tuple[bytes, int]]:
    """Return ``{path: (bytes, inode)}`` of output/: a rewritten file gets a new inode."""
    root = Path("output")
    return {p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_ino)
            for p in root.rglob("*") if p.is_file()}


def wait_for(predicate, timeout: float = 20.0) -> bool:
    """Poll ``predicate`` until true or ``timeout`` seconds; return its last value."""
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.02)
    return predicate()


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
    before_files = output_files()
    times = []
    for result in ("W+1.5", "B+R", "W+T", "W+3.5"):
        save_like_an_editor(SEASON, with_result(original, result))
        times.append(time.monotonic())
        time.sleep(0.005)
    gaps = [b - a for a, b in zip(times, times[1:])]
    if max(gaps) >= server.settle:  # the machine stalled: these were separate saves
        pytest.skip(f"saves {max(gaps):.3f} s apart; a burst of finished saves needs gaps under "
                    "the settle time")

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
    # Only the files whose bytes changed were rewritten (output/ is written after the new
    # site is served from memory: wait for the report). Hand-worked: the group page, the
    # pages of ann and cy (the game, the places) change; bob (3rd) and dee (4th) keep their
    # places and games, so their pages keep their bytes.
    assert wait_for(lambda: any(line.startswith("build 2: ") for line in server.log_lines)), server.log_lines
    after_files = output_files()
    changed = {path for path in after_files if after_files[path][0] != before_files.get(path, (b"",))[0]}
    rewritten = {path for path in after_files if after_files[path][1] != before_files.get(path, (b"", None))[1]}
    assert rewritten == changed
    assert {"leagues/club/2024/a1/index.html", "leagues/club/2024/a1/standings.json",
            "players/ann/index.html", "players/cy/index.html"} <= changed
    assert not {"players/bob/index.html", "players/dee/index.html", "about/index.html"} & changed
    assert f"{len(changed)} file{'' if len(changed) == 1 else 's'} written" in server.log_lines[-1]
    built = Path("output/leagues/club/2024/a1/index.html").read_text(encoding="utf-8")
    assert "sitegen-live-reload" not in built and "__sitegen" not in built
    assert json.loads(Path("output/leagues/club/2024/a1/standings.json").read_text())["rows"][0]["id"] == "cy"

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


def timed_server(debounce: float) -> tuple:
    """Return a started dev server on content/ (no output folder) with ``debounce``, and the
    list of the times (time.monotonic) at which its builds after the first start."""
    dev = make_server(Path("content"), None, None, port=0, watch_theme=False, log=lambda line: None,
                      debounce=debounce)
    dev.start()
    starts: list[float] = []
    build = dev._build

    def timed(show):
        starts.append(time.monotonic())
        return build(show)

    dev._build = timed
    return dev, starts


def test_a_finished_save_is_built_without_waiting_for_the_debounce(tmp_path, monkeypatch):
    """Issue 31 (a change in half a second): a file renamed over the original, or rewritten in
    place and closed, leaves the same files as before, changed: the build starts once the
    events have settled for ``settle`` seconds, not the whole debounce (here 10 s)."""
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    dev, starts = timed_server(debounce=10.0)
    try:
        base = f"http://127.0.0.1:{dev.port}"
        original = SEASON.read_text(encoding="utf-8")
        for number, save in enumerate((save_like_an_editor, lambda path, text: path.write_text(text))):
            first = version(base)
            saved = time.monotonic()
            save(SEASON, with_result(original, "W+3.5" if number == 0 else "B+3.5"))
            assert version(base, first["version"])["ok"]
            assert len(starts) == number + 1 and starts[-1] - saved < dev.debounce, starts
        assert standings(base)[0] == (1, "ann", 2.5)
        assert dev.settle < dev.debounce
    finally:
        dev.stop()


def test_a_save_that_moves_the_file_away_first_waits_for_the_debounce(tmp_path, monkeypatch):
    """A save that renames the original to a backup and writes a new file (vim's, emacs's:
    closed after writing, as a finished save) leaves a file the last build did not have: the
    build waits the whole debounce after the last event, so that it never sees the save half
    done (the backup still there, or the file missing)."""
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    dev, starts = timed_server(debounce=1.0)
    try:
        base = f"http://127.0.0.1:{dev.port}"
        first = version(base)
        original = SEASON.read_text(encoding="utf-8")
        backup = SEASON.with_name(SEASON.name + "~")
        os.rename(SEASON, backup)
        last = time.monotonic()  # before the last event: the build may start debounce s after it
        SEASON.write_text(with_result(original, "W+3.5"), encoding="utf-8")
        assert version(base, first["version"])["ok"]
        assert len(starts) == 1 and starts[0] - last >= dev.debounce, (starts, last)
        assert standings(base)[0] == (1, "cy", 2)
        after = version(base)
        last = time.monotonic()
        backup.unlink()  # vim removes its backup once the new file is written
        assert version(base, after["version"])["ok"]
        assert len(starts) == 2 and starts[1] - last >= dev.debounce, (starts, last)
    finally:
        dev.stop()


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
        # It answers at once (issue 31: "being built" before its first build): wait for the build.
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line or line.startswith("build 1: "):
                break
        assert line.startswith("build 1: "), line
        status, page = fetch(url)
        assert status == 200 and "sitegen-live-reload" in page and "sitegen-rebuilding" not in page
        assert "sitegen-live-reload" not in (tmp_path / "output/index.html").read_text()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        process.stderr.close()


def get_with_host(port: int, host: str | None) -> int:
    """Return the status of GET / sent to 127.0.0.1:port with ``host`` as the Host header."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", "/club/", skip_host=True)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_only_local_host_names_are_answered(server):
    """Issue 15, item 12: a DNS-rebinding page (another name resolved to 127.0.0.1) gets 403."""
    port = server.port
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert get_with_host(port, host) == 200, host
    for host in (f"evil.example:{port}", "evil.example", f"localhost:{port + 1}", "localhost",
                 f"127.0.0.1.evil.example:{port}", f"localhost:{port}@evil.example", "", None):
        assert get_with_host(port, host) == 403, host


def test_the_configured_host_is_answered_too(tmp_path, monkeypatch):
    shutil.copytree(SMALL, tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    dev = make_server(Path("content"), None, None, host="127.0.0.1", port=0, watch_theme=False,
                      log=lambda line: None)
    dev.host = "preview.lan"  # as if bound with --host preview.lan
    assert dev.host_allowed(f"preview.lan:{dev.port}") and dev.host_allowed(f"127.0.0.1:{dev.port}")
    assert not dev.host_allowed(f"other.lan:{dev.port}")
    dev.httpd.server_close()


def test_edits_are_seen_after_the_content_folder_is_replaced(server):
    """Issue 15, item 12: content/ replaced as a whole (rm, then mv of a new copy, as some
    editors and git checkout do) is rebuilt, and so is every later edit inside it."""
    base = f"http://127.0.0.1:{server.port}"
    first = version(base)
    original = SEASON.read_text(encoding="utf-8")
    shutil.copytree("content", "content.new")
    Path("content.new", *SEASON.parts[1:]).write_text(with_result(original, "W+3.5"), encoding="utf-8")
    shutil.rmtree("content")
    os.rename("content.new", "content")
    assert wait_for(lambda: standings(base)[0] == (1, "cy", 2) if version(base)["ok"] else False), \
        server.log_lines
    replaced = version(base)
    save_like_an_editor(SEASON, original)  # an edit inside the new folder
    assert version(base, replaced["version"])["version"] > replaced["version"], server.log_lines
    assert wait_for(lambda: standings(base)[0] == (1, "ann", 2.5)), server.log_lines
    save_like_an_editor(SEASON, with_result(original, "W+1.5"))  # and the next one
    assert wait_for(lambda: standings(base)[0] == (1, "cy", 2)), server.log_lines
    assert version(base)["builds"] > first["builds"]


def test_a_build_holding_the_output_folder_is_not_disturbed(server):
    """Issue 15, item 1: while another process writes output/ (its lock held), the dev server
    serves the new build from memory and leaves output/ alone, saying why."""
    from sitegen.write import OutputLock

    base = f"http://127.0.0.1:{server.port}"
    first = version(base)
    before = output_files()
    original = SEASON.read_text(encoding="utf-8")
    with OutputLock(Path("output")):
        save_like_an_editor(SEASON, with_result(original, "W+3.5"))
        assert version(base, first["version"])["ok"]
        assert wait_for(lambda: any(line.startswith("build 2: ") for line in server.log_lines))
    assert standings(base)[0] == (1, "cy", 2)
    assert [line for line in server.log_lines if line.startswith("build 2: ")][0].endswith(
        f"output not written: another sitegen process (pid {os.getpid()}) is writing the output "
        "folder output")
    assert output_files() == before


def test_the_log_shows_the_warnings_of_a_good_build_when_they_change(tmp_path):
    """An organizer previewing an edit sees the warnings ``sitegen build`` would give: those
    of the first build, then only when an edit changes them (not the same lines at every
    save), and a line when the last one is settled."""
    from sitegen.serve import DevServer, ServedBuild

    warned = [("a.yaml:3:5: warning: tie [league.tie]",),
              ("a.yaml:3:5: warning: tie [league.tie]",),
              ("a.yaml:3:5: warning: tie [league.tie]", "b.yaml:1:1: warning: late [x]"),
              ()]
    lines: list[str] = []
    dev = DevServer(lambda show: ServedBuild({"index.html": b"<p>x</p>"}, warnings=warned.pop(0)),
                    [tmp_path], port=0, log=lines.append)
    for _ in range(4):
        assert dev.rebuild()
    assert [line for line in lines if not line.startswith("build ")] == [
        "a.yaml:3:5: warning: tie [league.tie]",
        "a.yaml:3:5: warning: tie [league.tie]", "b.yaml:1:1: warning: late [x]",
        "no warnings left"]
    assert lines[-1].startswith("build 4: ")


def test_serve_logs_the_demo_warnings_once(tmp_path, monkeypatch):
    """The shipped demo has warnings (the README lists them): the dev server's first build
    logs each one, as ``sitegen build`` prints them."""
    monkeypatch.chdir(Path(__file__).parent.parent)
    lines: list[str] = []
    dev = make_server(Path("content"), None, None, port=0, watch_theme=False, log=lines.append)
    assert dev.rebuild()
    warnings = [line for line in lines if ": warning: " in line]
    assert len(warnings) == 51 and len(set(warnings)) == 51  # README: 41 records, 4 ties, 6 next seasons
    assert any("[league.tie]" in line for line in warnings)
