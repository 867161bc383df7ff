"""Write the demo Swiss league: content/players/swiss.yaml and content/swiss/demo/.

Six tournaments of five rounds, 26 invented players (ids ``sw-...``), each tournament with a
field of 14 to 20, late entries, announced early exits and, in the third tournament, a no-show
who loses round 2 by forfeit and is dropped. Every round is paired by sitegen itself, through
the same function as ``sitegen pair`` (sitegen.commands.pair.pair) with a fixed seed per
round; results are then drawn from a fixed random seed (hidden playing strengths, best of
three with the 35-minute deadline stopping some matches at 1-0 or 1-1) and written into the
file before the next round is paired. Same script, same files. Run from the repository:

    /tmp/venv/bin/python scripts/make_demo_swiss.py
"""

from __future__ import annotations

import math
import random
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitegen.commands.pair import pair  # noqa: E402
from sitegen.yamlwrite import dump_rt, flow_list, flow_map, load_rt, write_atomic  # noqa: E402

CONTENT = REPO / "content"
LEAGUE = "demo"
RESULTS_SEED = 6006
PLAYERS = [
    ("Aiko Mori", "3d"), ("Bastian Kroll", "2d"), ("Celia Ruiz", "1d"), ("Dorin Popa", "1k"),
    ("Eila Virtanen", "2k"), ("Femi Adeyemi", "3k"), ("Gao Lin", "4d"), ("Hedda Lund", "4k"),
    ("Ivo Marek", "5k"), ("Jana Novak", "1d"), ("Kofi Mensah", "6k"), ("Lea Brandt", "2k"),
    ("Mateo Silva", "7k"), ("Nadia Haddad", "3k"), ("Oskar Wiik", "8k"), ("Priya Nair", "1k"),
    ("Quentin Roy", "5k"), ("Rina Sato", "2d"), ("Stellan Berg", "9k"), ("Tuula Heino", "4k"),
    ("Umar Farouk", "6k"), ("Vera Sokol", "10k"), ("Wim de Groot", "3k"), ("Ximena Cruz", "7k"),
    ("Yusuf Demir", "5k"), ("Zofia Wrona", "12k"),
]
TOURNAMENTS = [("t1", "January tournament", "2024-01-13"), ("t2", "February tournament", "2024-02-10"),
               ("t3", "March tournament", "2024-03-09"), ("t4", "April tournament", "2024-04-13"),
               ("t5", "May tournament", "2024-05-11"), ("t6", "June tournament", "2024-06-08")]


FAMILY_FIRST = {"Gao Lin": "Gao"}
"""The names written family name first; every other name is the given name, then the family
name (``Wim de Groot``: ``de Groot``, its particle with it, as docs/content-format.md says in
"Family names")."""


def family_name(name: str) -> str:
    return FAMILY_FIRST.get(name) or name.split(" ", 1)[1]


def player_id(name: str) -> str:
    return "sw-" + name.split()[0].lower()


def strength(rank: str) -> float:
    number = int(rank[:-1])
    return number - 1 if rank.endswith("d") else -number


def write_players() -> None:
    data = {"players": [flow_map([("id", player_id(n)), ("name", n), ("family_name", family_name(n)),
                                  ("rank", r)])
                        for n, r in PLAYERS]}
    text = ("# Invented players of the demo Swiss league (scripts/make_demo_swiss.py).\n"
            + dump_rt(data))
    write_atomic(CONTENT / "players" / "swiss.yaml", text)


def write_league() -> None:
    text = (
        "# The demo Swiss league, written by scripts/make_demo_swiss.py.\n"
        "name: Demo Swiss League 2024\n"
        "description: |\n"
        "  Six Swiss tournaments of five rounds, best-of-three matches. The league score is\n"
        "  the sum of each player's three best tournament scores.\n"
        "settings:\n"
        "  bye_value: 1      # points for a bye\n"
        "  rounds: 5\n"
        "  tournaments: 6\n"
        "  counted: 3\n")
    write_atomic(CONTENT / "swiss" / LEAGUE / "league.yaml", text)


def write_tournament(rng: random.Random, index: int, tid: str, name: str, date: str) -> dict:
    """Write a tournament with its entries and no rounds; return {player: (first, last)}."""
    ids = [player_id(n) for n, _ in PLAYERS]
    field = sorted(rng.sample(ids, rng.randint(14, 20)))
    late = rng.sample(field, 2)
    leaving = rng.choice([p for p in field if p not in late])
    entries = []
    spans = {}
    for pid in field:
        if pid in late:
            first = rng.choice([2, 3])
            entries.append(flow_map([("player", pid), ("first_round", first)]))
            spans[pid] = (first, 5)
        elif pid == leaving:
            last = rng.choice([3, 4])
            entries.append(flow_map([("player", pid), ("last_round", last)]))
            spans[pid] = (1, last)
        else:
            entries.append(pid)
            spans[pid] = (1, 5)
    text = (f"# Tournament {index} of the demo Swiss league (scripts/make_demo_swiss.py).\n"
            f"# Rounds are paired with: sitegen pair {LEAGUE}/{tid} --round N\n"
            + dump_rt({"name": name, "date": date, "entries": entries, "rounds": None}))
    write_atomic(CONTENT / "swiss" / LEAGUE / f"{tid}.yaml", text)
    return spans


def play(rng: random.Random, first: str, second: str, ranks: dict[str, float]) -> str:
    """Return a best-of-three result: games until one side has two wins or the deadline."""
    p_first = 1 / (1 + math.exp(-(ranks[first] - ranks[second]) / 2.5))
    games = rng.choices([1, 2, 3], weights=[1, 3, 8])[0]
    a = b = 0
    for _ in range(games):
        if rng.random() < p_first:
            a += 1
        else:
            b += 1
        if a == 2 or b == 2:
            break
    return f"{a}-{b}"


def enter_results(rng: random.Random, path: Path, round_no: int, ranks: dict[str, float],
                  no_show: str | None) -> None:
    data = load_rt(path)
    rnd = next(r for r in data["rounds"] if r["round"] == round_no)
    pairings = rnd["pairings"] or []
    for i, pair_node in enumerate(pairings):
        first, second = str(pair_node[0]), str(pair_node[1])
        if no_show in (first, second):
            result = "+-" if no_show == second else "-+"
        else:
            result = play(rng, first, second, ranks)
        pairings[i] = flow_list([first, second, result])
    if no_show is not None:
        rnd["dropped"] = flow_list([no_show])
        rnd.yaml_add_eol_comment("did not show up before the end of the round", "dropped")
    write_atomic(path, dump_rt(data))


def main() -> None:
    rng = random.Random(RESULTS_SEED)
    ranks = {player_id(n): strength(r) + rng.gauss(0, 1.5) for n, r in PLAYERS}
    shutil.rmtree(CONTENT / "swiss" / LEAGUE, ignore_errors=True)
    write_players()
    write_league()
    plans = [write_tournament(rng, i, *t) for i, t in enumerate(TOURNAMENTS, 1)]
    for index, ((tid, _, _), spans) in enumerate(zip(TOURNAMENTS, plans), 1):
        path = CONTENT / "swiss" / LEAGUE / f"{tid}.yaml"
        no_show_round, no_show = (2, None)
        for round_no in range(1, 6):
            result = pair(CONTENT, f"{LEAGUE}/{tid}", round_no, seed=index * 1000 + round_no)
            missing = None
            if index == 3 and round_no == no_show_round:
                missing = result.pairing.pairs[-1][1]  # the lowest board's second player
            enter_results(rng, path, round_no, ranks, missing)
        print(f"{tid}: {len(spans)} entries, 5 rounds paired and played")
    with open(CONTENT / "swiss" / LEAGUE / "league.yaml", "a", encoding="utf-8") as handle:
        handle.write("# Players still equal after every tie-break may play a deciding match:\n"
                     "deciding_matches:\n  - {players: [sw-kofi, sw-mateo], result: 2-1}\n")


if __name__ == "__main__":
    main()
