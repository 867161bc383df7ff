"""Write the demo club ladder: content/players/club.yaml and content/ladders/club.yaml.

Deterministic (fixed seed): 40 invented members, a club night every Tuesday of 2025 with a
few ladder games each, three re-gradings after tournaments, two anchors. Colours follow the
rule "the stronger player is white" (ladder: handicap), using the rungs replayed so far with
the engine (ladder: club ladder), so the generated log validates. Run from the repository:

    /tmp/venv/bin/python scripts/make_demo_ladder.py
"""

from __future__ import annotations

import datetime as dt
import math
import random
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitegen.engine.ladder import move_after_game
from sitegen.model.ladder import DEFAULT_RUNGS
from sitegen.model.common import Colour

SEED = 20250107
FIRST = ["Alma", "Bruno", "Cecile", "Dario", "Edda", "Fintan", "Greta", "Hamid", "Ines", "Jonas",
         "Kaori", "Lukas", "Mira", "Nils", "Oona", "Pavel", "Quinn", "Rosa", "Soren", "Tamsin",
         "Ulla", "Viktor", "Wanda", "Xavi", "Yara", "Zeno", "Ada", "Bram", "Clio", "Dmitri",
         "Elif", "Fergus", "Gwen", "Hugo", "Ilse", "Joaquim", "Kirsi", "Leon", "Maren", "Nuno"]
LAST = ["Abernethy", "Brightwater", "Castellane", "Dunmore", "Eskildsen", "Fairweather",
        "Galbraith", "Holloway", "Ingleby", "Jessop", "Kettering", "Lindqvist", "Morcambe",
        "Nettlefold", "Oakes", "Pennywhistle", "Quarrie", "Rathbone", "Stenhouse", "Thornbury",
        "Underhill", "Vasquez-Lund", "Wetherby", "Yardley"]
MEMBERS = 40
ANCHORS = 2
REGRADINGS = [(dt.date(2025, 5, 19), 3), (dt.date(2025, 10, 13), 2)]
"""(date, how many members): re-gradings after the spring and autumn tournaments."""


def _ident(first: str, last: str) -> str:
    text = unicodedata.normalize("NFKD", f"{first}-{last}").encode("ascii", "ignore").decode()
    return text.lower().replace(" ", "-")


def tuesdays(year: int) -> list[dt.date]:
    day = dt.date(year, 1, 1)
    day += dt.timedelta(days=(1 - day.weekday()) % 7)
    days = []
    while day.year == year:
        days.append(day)
        day += dt.timedelta(days=7)
    return days


PROFILES = {"pavel-wetherby": ', egd_pin: "19990001", ogs: "990001", kgs: PavelW',
            "xavi-thornbury": ', ogs: "990002"'}
"""Profile ids shown as links on the demo's player pages (issue 16); placeholders."""
RECORDS = {("2025-12-30", "zeno-morcambe", "ada-stenhouse"):
           ', sgf: games/club/2025-12-30-zeno-ada.sgf, link: "https://example.org/demo/club/2025-12-30-zeno-ada"'}
"""Game records of the demo (issue 16): an SGF file shipped in content/games/ and a
placeholder address."""


def make(seed: int = SEED) -> tuple[str, str]:
    """Return the texts of the players file and the ladder file."""
    rng = random.Random(seed)
    rungs = DEFAULT_RUNGS
    top = len(rungs) - 1
    lasts = rng.sample(LAST, len(LAST))
    people = []
    for index, first in enumerate(FIRST[:MEMBERS]):
        last = lasts[index % len(lasts)]
        people.append((_ident(first, last), f"{first} {last}"))
    people.sort()
    # True playing strength as a rung index; beginners improve during the year.
    true = {}
    growth = {}
    start = {}
    for pid, _ in people:
        strength = rng.triangular(0, top - 15, top - 55)
        true[pid] = strength
        growth[pid] = rng.uniform(8, 20) if strength < 30 else rng.uniform(-2, 4)
        start[pid] = min(max(round(strength + rng.uniform(-4, 4)), 0), top - 10)
    strongest = sorted(start, key=lambda p: (-start[p], p))[:ANCHORS]
    anchors = set(strongest)
    current = {pid: rungs[start[pid]] for pid, _ in people}
    nights = tuesdays(2025)
    events: list[str] = []
    pending = list(REGRADINGS)
    for night_number, night in enumerate(nights):
        while pending and pending[0][0] <= night:
            date, count = pending.pop(0)
            ids = [pid for pid, _ in people if pid not in anchors]
            for pid in sorted(rng.sample(ids, count)):
                level = true[pid] + growth[pid] * night_number / len(nights)
                target = min(max(round(level), 0), top)
                current[pid] = rungs[target]
                events.append(f"  - {{date: {date.isoformat()}, member: {pid}, rung: {rungs[target]}}}")
        present = sorted(pid for pid, _ in people if rng.random() < 0.3)
        present.sort(key=lambda p: (current[p], rng.random()))
        for a, b in zip(present[::2], present[1::2]):
            if current[a] > current[b] or (current[a] == current[b] and rng.random() < 0.5):
                white, black = a, b
            else:
                white, black = b, a
            progress = night_number / len(nights)
            edge = ((true[black] + growth[black] * progress - rungs.index(current[black]))
                    - (true[white] + growth[white] * progress - rungs.index(current[white])))
            roll = rng.random()
            if roll < 0.02:
                winner, result = None, "jigo"
            else:
                black_wins = rng.random() < 1 / (1 + math.exp(-edge / 5))
                winner = Colour.BLACK if black_wins else Colour.WHITE
                margin = "R" if rng.random() < 0.6 else str(rng.randint(1, 30))
                result = f"{winner.value}+{margin}"
            current[white], current[black] = move_after_game(
                rungs, current[white], current[black], winner, white in anchors, black in anchors)
            record = RECORDS.get((night.isoformat(), white, black), "")
            events.append(f"  - {{date: {night.isoformat()}, white: {white}, black: {black}, "
                          f"result: {result}{record}}}")
    players = ["# Members of the demo club ladder (invented names), written by",
               "# scripts/make_demo_ladder.py. The profile ids (egd_pin, ogs, kgs) are placeholders.",
               "players:"]
    players += [f"  - {{id: {pid}, name: {name}, family_name: {name.split(' ', 1)[1]}, "
                f"club: Riverside Go Club{PROFILES.get(pid, '')}}}" for pid, name in people]
    ladder = [
        "# The demo club ladder, written by scripts/make_demo_ladder.py (fixed seed); the",
        "# format is described in docs/content-format.md (Ladders). One game has a record:",
        "# an SGF file of content/games/ and a placeholder link.",
        "name: Riverside club ladder",
        "description: Ladder games on club nights (Tuesdays), 2025. Rungs and handicaps as in "
        "the club's rules.",
        "members:",
    ]
    for pid, _ in people:
        anchor = ", anchor: true" if pid in anchors else ""
        ladder.append(f"  - {{player: {pid}, rung: {rungs[start[pid]]}{anchor}}}")
    ladder.append("log:")
    ladder += events
    return "\n".join(players) + "\n", "\n".join(ladder) + "\n"


def main() -> None:
    players, ladder = make()
    (REPO / "content" / "players").mkdir(parents=True, exist_ok=True)
    (REPO / "content" / "ladders").mkdir(parents=True, exist_ok=True)
    (REPO / "content" / "players" / "club.yaml").write_text(players, encoding="utf-8")
    (REPO / "content" / "ladders" / "club.yaml").write_text(ladder, encoding="utf-8")
    print(f"wrote content/players/club.yaml and content/ladders/club.yaml "
          f"({ladder.count('white:')} games)")


if __name__ == "__main__":
    main()
