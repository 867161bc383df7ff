"""The examples in docs/content-format.md are valid content."""

import re
from pathlib import Path

from fresh_renders import render

DOCS = Path(__file__).parent.parent / "docs" / "content-format.md"


def yaml_blocks(text: str) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


def test_content_format_examples_build(site):
    blocks = yaml_blocks(DOCS.read_text(encoding="utf-8"))
    site_yaml, players, season = blocks[0], blocks[1], blocks[2]
    players += "  - {id: dee, name: Dee}\n  - {id: eve, name: Eve}\n"
    root = site({"content/site.yaml": site_yaml, "content/players.yaml": players,
                 "content/leagues/iglo/league.yaml": "name: Online Go League\n",
                 "content/leagues/iglo/seasons/2021-09.yaml": season})
    files = render(root / "content", None)
    assert "leagues/iglo/2021-09/a1/standings.json" in files
    assert b"Ann Abe" in files["leagues/iglo/2021-09/a1/index.html"]


def test_the_readmes_inner_loop_prints_its_summary_line():
    """A newcomer saw no "N passed" line after the inner loop: pytest prints it up to one `-q`
    and leaves it out at `-qq` (with and without xdist, tried on pytest 9.2). pyproject's
    addopts has one `-q`, so the README's inner-loop command must add none, and says so."""
    import tomllib

    root = Path(__file__).parent.parent
    addopts = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    assert addopts.split().count("-q") == 1
    readme = (root / "README.md").read_text()
    commands = re.findall(r"`([^`]*pytest[^`]*not slow[^`]*)`", readme)
    assert commands == ['.venv/bin/python -m pytest -m "not slow"']
    assert "add no `-q`" in readme
