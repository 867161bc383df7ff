"""The examples in docs/content-format.md are valid content."""

import re
from pathlib import Path

from sitegen.commands.build import render

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
