"""The seeded fuzzing run of issue 30 (``python -m tests.fuzz``): its checks find what they
are for, a mutation is the same for the same seed and index, and a small run finds nothing."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fuzz  # noqa: E402
from fuzz_checks import check_site  # noqa: E402

BASE = "https://example.org/club/"
PAGE = ('<!DOCTYPE html><html><head><script src="/club/static/site.js" defer></script></head>'
        '<body><main><p>{}</p></main></body></html>')


def checked(body: str, **files: bytes) -> tuple[list[str], list[str]]:
    return check_site({"index.html": PAGE.format(body).encode(), **files}, BASE, "/club/", {"theme();"}, set())


def test_a_clean_page_passes():
    assert checked("Ann &lt;script&gt; <a href=\"/club/players/\">players</a>") == ([], [])


def test_scripts_handlers_and_script_addresses_are_injections():
    assert checked("<script>alert(1)</script>")[1] == ["index.html: <script {}>'alert(1)'"]
    assert checked("<img src=x onerror=alert(1)>")[1] == ["index.html: <img onerror=...>"]
    assert checked("<a href=\" java\tscript:alert(1)\">x</a>")[1] == [
        "index.html: <a href=' java\\tscript:alert(1)'>"]
    assert checked("<iframe src=//evil.example></iframe>")[1] == ["index.html: <iframe> element"]
    assert checked("<script>theme();</script>")[1] == []  # one of the theme's inline scripts
    assert checked("<meta http-equiv=refresh content=\"0;url=/club/\">")[1] == ["index.html: <meta> element"]
    # Text that names a script in a description is text (seed 1, mutation 4104 of the first run).
    assert checked("<meta name=description content='<meta http-equiv=refresh content=0;url=javascript:x>'>"
                   ) == ([], [])
    assert checked("<script src=\"//evil.example/x.js\"></script>")[1] == [
        "index.html: <script {'src': '//evil.example/x.js'}>''"]


def test_ill_formed_pages_feeds_and_data_are_found():
    assert checked("</div>")[0] == ["index.html: </div> closes nothing open"]
    assert checked("<div>")[0] == ["index.html: <div> left open inside <p>"]
    assert checked("<b class=a class=b>x</b>")[0] == [
        "index.html: <b> with a duplicated attribute: ['class', 'class']"]
    assert checked("x\u202ey")[0] == ["index.html: holds U+202E at 100"]
    assert checked("", **{"search.json": b'{"a": NaN}'})[0] == [
        "search.json: JSON does not parse (NaN is not JSON)"]
    assert checked("", **{"feed.xml": b"<feed><title>a</feed>"})[0] == [
        "feed.xml: XML does not parse (mismatched tag: line 1, column 16)"]
    sitemap = (b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>javascript:x</loc>'
               b'</url></urlset>')
    assert checked("", **{"sitemap.xml": sitemap})[0] == [
        "sitemap.xml: loc 'javascript:x' is not an address under https://example.org/club/"]


def test_a_mutation_is_its_seed_and_index(tmp_path):
    folders = fuzz.bases(tmp_path)
    first = [fuzz.draw_case(7, index, folders, 0.5) for index in range(30)]
    assert first == [fuzz.draw_case(7, index, folders, 0.5) for index in range(30)]
    assert first != [fuzz.draw_case(8, index, folders, 0.5) for index in range(30)]
    assert {case["base"] for case in first} == {"demo", "hostile"}


def test_the_hostile_site_builds_with_every_payload_as_text(tmp_path):
    files, errors, config = fuzz.build_in_memory(fuzz.hostile_site(tmp_path / "content"))
    assert errors == []
    assert check_site(files, config.base_url, config.base_path, fuzz.theme_scripts(files), set()) == ([], [])
    assert b"&lt;img src=x onerror=alert(1)&gt;" in files["players/ann/index.html"]


@pytest.mark.slow  # 50 builds in two worker processes, one through the CLI
def test_fifty_seeded_mutations_find_nothing(tmp_path):
    options = fuzz.parse(["--mutations", "50", "--seed", "1", "--jobs", "2", "--cli-every", "49",
                          "--report", str(tmp_path / "report"), "--every", "1000"])
    summary = fuzz.run(options)
    assert isinstance(options, argparse.Namespace)
    assert {key: summary[key] for key in ("mutations", *fuzz.KINDS)} == {
        "mutations": 50, "traceback": 0, "hang": 0, "ill-formed": 0, "injection": 0}
    assert summary["built"] + summary["refused"] == 50 and summary["through the CLI"] == 2
    assert json.loads((tmp_path / "report" / "summary.json").read_text())["mutations"] == 50
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == ["summary.json"]


def test_a_finding_is_written_as_a_case_to_replay(tmp_path):
    folders = fuzz.bases(tmp_path / "bases")
    case = {**fuzz.draw_case(1, 58, folders, 0.05), "index": 58}
    data = case["data"]
    fuzz.write_finding(tmp_path / "report", 1, dict(case), "hang", ["stopped after 20.0 s of CPU"])
    folder = tmp_path / "report" / "hang" / "58"
    written = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    assert written == {"seed": 1, "base": case["base"], "file": case["file"], "kind": case["kind"], "index": 58,
                       "found": ["stopped after 20.0 s of CPU"],
                       "replay": "python -m tests.fuzz --seed 1 --replay 58"}
    assert (folder / "content" / case["file"]).read_bytes() == data


def test_sitegens_balanced_isolates_pass_and_a_lone_one_is_found():
    """Right-to-left text is isolated by sitegen with U+2068 ... U+2069 where no <bdi> may go
    (titles, attributes), nested too; an unbalanced isolate or an override is still a finding."""
    from fuzz_checks import _text

    def found(text: str) -> list[str]:
        problems: list[str] = []
        _text("p.html", text.encode("utf-8"), problems)
        return problems

    assert found('<td title="\u2068Ann against \u2068محمد\u2069: jigo\u2069">') == []
    assert found('<td title="\u2068Ann">') == ["p.html: holds U+2068 at 11"]
    assert found('<td title="\u2068\u202eAnn\u2069">') == ["p.html: holds U+202E at 12"]
