"""Fuzzing the content (issue 9): mutated files end in a good build or positioned errors.

Every run must end with exit status 0 and a built site, or exit status 1 with only
``path:line:col: error: ...`` lines and ``output/`` unchanged: never a traceback, a hang or a
half-written site. Issue 15 added the mutations that found its problems: YAML tags and
anchors, and a content file replaced by a symbolic link (to ``/dev/zero``, ``/dev/urandom``, a
FIFO or a secret file outside content/) or by a FIFO; nothing of a link's target may appear
in the output.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from sitegen.cli import main

sys.path.insert(0, str(Path(__file__).parent.parent))
from fuzz_checks import NOT_IN_OUTPUT  # noqa: E402
from fuzz_operators import CONTROL_CHARACTERS, HUGE_NUMBERS, SECRET, HypothesisDraw, mutate_generic  # noqa: E402

SMALL = Path(__file__).parent.parent / "sites" / "small" / "content"
FILES = sorted(p.relative_to(SMALL).as_posix() for p in SMALL.rglob("*") if p.is_file())
ERROR_LINE = re.compile(r"^[^\n]+:\d+:\d+: error: .+ \[[\w.-]+\]$")


@st.composite
def mutation(draw):
    """A small-site file mutated by one of the operators of issues 9 and 15 (tests/fuzz_operators.py)."""
    name = draw(st.sampled_from(FILES))
    kind, data = mutate_generic(HypothesisDraw(draw), (SMALL / name).read_bytes())
    return name, kind, data


def outside_target(root: Path, target: str) -> Path:
    """Return the file a fuzzed symbolic link leads to, made beside (not in) content/."""
    if target.startswith("/"):
        return Path(target)
    path = root / target.lower()
    if target == "FIFO":
        os.mkfifo(path)
    elif target == "SECRET":
        path.write_text(f"{SECRET}\n")
    else:
        path.write_text(f"players: {SECRET}\ntitle: {SECRET}\n")
    return path


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


# Derandomized so that CI runs the same examples every time; explore new ones locally with
# SITEGEN_FUZZ_RANDOM=1 (and more with SITEGEN_FUZZ_EXAMPLES=2000).
@pytest.mark.slow  # 120 builds of mutated content
@settings(max_examples=int(os.environ.get("SITEGEN_FUZZ_EXAMPLES", "120")), deadline=None,
          derandomize=os.environ.get("SITEGEN_FUZZ_RANDOM") != "1",
          suppress_health_check=list(HealthCheck))
@given(mutation())
# The mutations of issue 15, always run whatever the draws: tags, anchors, links, a FIFO.
@example(("site.yaml", "tag", b"title: !!python/name:os.system Small\n"))
@example(("players.yaml", "anchor", b"players: &p\n  - {id: ann, name: Ann}\n"))
@example(("site.yaml", "symlink", b"/dev/zero"))
@example(("pages/about.md", "symlink", b"/dev/urandom"))
@example(("players.yaml", "symlink", b"FIFO"))
@example(("site.yaml", "symlink", b"SECRET"))
@example(("players.yaml", "symlink", b"SECRET_YAML"))
@example(("pages/about.md", "fifo", b""))
def test_mutated_content_builds_or_reports_positioned_errors(case):
    name, kind, data = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        content = root / "content"
        shutil.copytree(SMALL, content)
        if kind == "symlink":
            (content / name).unlink()
            (content / name).symlink_to(outside_target(root, data.decode()))
        elif kind == "fifo":
            (content / name).unlink()
            os.mkfifo(content / name)
        else:
            (content / name).write_bytes(data)
        output = root / "output"
        output.mkdir()
        (output / "previous.html").write_text("the previous site")
        (output / ".sitegen-output").write_text("")  # a folder sitegen wrote before
        out, err = io.StringIO(), io.StringIO()
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(30)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(["--content", str(content), "build", "--output", str(output)])
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        assert SECRET not in out.getvalue() + err.getvalue(), kind
        if status == 0:
            assert kind not in ("symlink", "fifo"), (kind, data)
            assert (output / "index.html").is_file()
            assert not (output / "previous.html").exists()
            return
        assert status == 1, (kind, status)
        lines = err.getvalue().splitlines()
        assert lines and lines[-1].endswith("nothing was written"), (kind, lines)
        for line in lines[:-1]:
            assert ERROR_LINE.match(line), (kind, line)
        assert sorted(p.name for p in output.iterdir()) == [".sitegen-output", "previous.html"]
        assert (output / "previous.html").read_text() == "the previous site"


# --------------------------------------------------------------------------- issue 15, items 4 and 5
# Kept apart from mutation() above so that each list of mutations grows on its own.

TEXT_FIELDS = [("site.yaml", "title"), ("leagues/club/league.yaml", "name"),
               ("leagues/club/league.yaml", "description"), ("leagues/club/seasons/2024.yaml", "name"),
               ("pages/about.md", "title"), ("players.yaml", "name")]
"""Files and keys whose values become titles and names (and so reach ``feed.xml``)."""
def _with_character(line: str, key: str, char: str, form: str, at: int) -> str:
    """Return ``line`` (``key: value`` or a flow mapping holding it) with ``char`` put into the
    value at ``at``: typed, as a YAML escape or as an HTML character reference."""
    match = re.search(rf"(\b{key}: )([^,}}\n]*)", line)
    if match is None:
        return line
    value = match.group(2).strip("'\"")
    at = min(at, len(value))
    if form == "typed":
        inserted = char
    elif form == "escape":
        inserted = f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"
    else:
        inserted = f"&#x{ord(char):x};"
    quoted = '"' + value[:at].replace('"', '\\"') + inserted + value[at:].replace('"', '\\"') + '"'
    return line[:match.start(2)] + quoted + line[match.end(2):]


@st.composite
def character_mutation(draw):
    """A title or name holding a character no text may hold (or one that is removed)."""
    name, key = draw(st.sampled_from(TEXT_FIELDS))
    lines = (SMALL / name).read_text(encoding="utf-8").split("\n")
    candidates = [i for i, line in enumerate(lines) if re.search(rf"\b{key}: ", line)]
    at = draw(st.sampled_from(candidates))
    char = draw(st.sampled_from(CONTROL_CHARACTERS))
    form = draw(st.sampled_from(["typed", "escape", "reference"]))
    lines[at] = _with_character(lines[at], key, char, form, draw(st.integers(0, 12)))
    return name, f"{form} U+{ord(char):04X}", "\n".join(lines).encode("utf-8", "surrogatepass")


@st.composite
def number_mutation(draw):
    """A number of a game or a player (komi, handicap, margin, rating) replaced by a huge one."""
    name = "leagues/club/seasons/2024.yaml"
    value = draw(st.sampled_from(HUGE_NUMBERS))
    text = (SMALL / name).read_text(encoding="utf-8")
    target = draw(st.sampled_from(["komi", "handicap", "margin", "rating"]))
    if target == "komi":
        text = text.replace("result: B+3.5, handicap: 0}", f"result: B+3.5, handicap: 0, komi: {value}}}")
    elif target == "handicap":
        text = text.replace("handicap: 0}", f"handicap: {value}}}")
    elif target == "margin":
        text = text.replace("result: B+3.5", f"result: B+{value}")
    else:
        name = "players.yaml"
        text = (SMALL / name).read_text(encoding="utf-8").replace("rating: 2150", f"rating: {value}")
    return name, f"{target} {value[:12]}", text.encode("utf-8")


def _build_checked(name: str, kind: str, data: bytes) -> Path | None:
    """Build the small site with ``name`` replaced by ``data``: return the output folder of a
    good build, or None after checking the failure is positioned errors with nothing written."""
    root = Path(tempfile.mkdtemp())
    content, output = root / "content", root / "output"
    shutil.copytree(SMALL, content)
    (content / name).write_bytes(data)
    output.mkdir()
    (output / ".sitegen-output").write_text("")
    err = io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(30)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["--content", str(content), "build", "--output", str(output)])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if status == 0:
        return output
    assert status == 1, (kind, status)
    lines = err.getvalue().splitlines()
    assert lines and lines[-1].endswith("nothing was written"), (kind, lines)
    for line in lines[:-1]:
        assert ERROR_LINE.match(line), (kind, line)
    assert [p.name for p in output.iterdir()] == [".sitegen-output"], kind
    shutil.rmtree(root)
    return None


@settings(max_examples=int(os.environ.get("SITEGEN_FUZZ_EXAMPLES", "60")), deadline=None,
          derandomize=os.environ.get("SITEGEN_FUZZ_RANDOM") != "1",
          suppress_health_check=list(HealthCheck))
@given(character_mutation())
@example(("site.yaml", "escape U+FFFF", b'title: "Small\\uffff Club League"\n'
                                        b"base_url: https://example.github.io/club/\n"))
@example(("leagues/club/seasons/2024.yaml", "escape U+001B",
          (SMALL / "leagues/club/seasons/2024.yaml").read_bytes().replace(
              b"name: Season 2024", b'name: "Season\\e 2024"')))
def test_control_characters_in_titles_keep_the_feed_well_formed(case):
    """Issue 15, item 5: a title or name with a control character, a non-character or a
    bidirectional control is refused with a positioned error; any title that passes leaves
    ``feed.xml`` and ``sitemap.xml`` well-formed and no page holds a refused character."""
    name, kind, data = case
    output = _build_checked(name, kind, data)
    if output is None:
        return
    try:
        for xml_file in ("feed.xml", "sitemap.xml"):
            ET.fromstring((output / xml_file).read_bytes())
        for path in output.rglob("*"):
            if path.is_file() and path.suffix in (".html", ".xml", ".json", ".csv"):
                assert not NOT_IN_OUTPUT.search(path.read_text(encoding="utf-8")), (kind, path)
    finally:
        shutil.rmtree(output.parent)


@settings(max_examples=int(os.environ.get("SITEGEN_FUZZ_EXAMPLES", "40")), deadline=None,
          derandomize=os.environ.get("SITEGEN_FUZZ_RANDOM") != "1",
          suppress_health_check=list(HealthCheck))
@given(number_mutation())
@example(("leagues/club/seasons/2024.yaml", "komi 1e10000000",
          (SMALL / "leagues/club/seasons/2024.yaml").read_bytes().replace(
              b"handicap: 0}", b"handicap: 0, komi: 1e10000000}")))
def test_huge_numbers_are_refused_with_positioned_errors(case):
    """Issue 15, item 4: numbers with huge exponents or too many digits end in positioned
    errors (quickly: a stall raises Hang once the conversion returns), never in a build."""
    name, kind, data = case
    output = _build_checked(name, kind, data)
    if output is not None:
        shutil.rmtree(output.parent)
        raise AssertionError(f"{kind}: accepted")
