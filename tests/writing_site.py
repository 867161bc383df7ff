"""A small site on which every command that writes content has something to write: a league
to start (``league next-season``), a Swiss tournament to enter a result in (``result add``)
and one to pair (``pair``), a tournament file to import and a player to add. Shared by
tests/test_full_disk.py and tests/test_interrupt.py (issue 30 items 8 and 9)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
XML = REPO / "tests" / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"

PLAYERS = """\
players:
  - {id: ann, name: Ann, rank: 4d}
  - {id: ben, name: Ben, rank: 2d}
  - {id: cho, name: Cho, rank: 1d}
  - {id: dee, name: Dee, rank: 1k}
  - {id: eve, name: Eve, rank: 1k}
  - {id: fay, name: Fay, rank: 2k}
"""

FILES = {
    "content/site.yaml": "title: Test\n",
    "content/players.yaml": PLAYERS,
    "content/leagues/club/league.yaml": "name: Club league\nsettings: {}\n",
    "content/leagues/club/signups/1.yaml": (
        "name: Season 1\nstart: 2025-03-01\nnew: [ann, ben, cho, dee, eve, fay]\n"),
    "content/swiss/spring/league.yaml": "name: Spring Swiss  # the league\n",
    "content/swiss/spring/t1.yaml": (
        "# The first tournament\nname: Tournament 1\ndate: 2024-01-13\n"
        "entries: [ann, ben, cho, dee]\nrounds:\n  - round: 1\n    seed: 7\n    pairings:\n"
        "      - [ann, cho, 2-1]\n      - [ben, dee]\n"),
    "content/swiss/spring/t2.yaml": (
        "name: Tournament 2\ndate: 2024-02-10\nentries: [ann, ben, cho, dee]\nrounds:\n"
        "  - round: 1\n    seed: 7\n    pairings:\n      - [ann, cho, 2-1]\n      - [ben, dee, 2-0]\n"),
}

COMMANDS = {
    "import": (["import", "opengotha", str(XML), "--id", "juvisy"], "content/.sitegen-import.json"),
    "result add": (["result", "add", "swiss/spring/t1", "ben", "dee", "2-0"], "content/swiss/spring/t1.yaml"),
    "next-season": (["league", "next-season", "club"], "content/leagues/club/seasons/1.yaml"),
    "pair": (["pair", "spring/t2", "--round", "2", "--seed", "3"], "content/swiss/spring/t2.yaml"),
    "player add": (["player", "add", "Gil Example", "--rank", "3k"], "content/players.yaml"),
}
"""Per command: its arguments and the file named in its error."""



def write_site(root: Path) -> Path:
    """Write :data:`FILES` under ``root``; return ``root``."""
    for relative, text in FILES.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root
