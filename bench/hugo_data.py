"""The synthetic archive as a Hugo site's data and content (issue 31): ``bench/hugo_peer.py``.

``convert(content, built, site, mode)`` writes a complete Hugo site into ``site``: the layouts
and settings of ``bench/hugo/`` copied, ``data/`` in ``mode`` ("yaml" or "json"), and one stub
content file per page (front matter only: the page's address, layout and the keys its layout
reads the data with). ``content`` is the archive of ``bench/synthetic.py``; ``built`` is a
sitegen build of it, whose ``standings.json`` files give the tables the rules make (Hugo
renders tables; it does not apply tie-breaks, league rules or the ladder's replay, so it is
given what the engine computed: see bench/README.md, "sitegen and Hugo side by side").

The data (the same values in both modes; ``data_tree`` returns them as Python values):

- ``players``: ``{id: {name, rank}}``, every player;
- ``people/<id>``: one player's page: ``tournaments`` ``[{id, name, place, of, score, games:
  [{round, opponent, name, result, colour, handicap}]}]``, ``leagues`` ``[{season, group, url,
  place, gp, games: [{opponent, name, result, colour}]}]``, ``ladder`` (``null`` or ``{rung,
  start, wins, losses, jigos, games: [{date, opponent, name, result, rung, colour}]}``);
- ``tournaments/<id>``: ``{name, start, end, system, rounds, komi, players, criteria,
  standings: [rows after round 1, ...], pairings: [[{board, white, wname, black, bname,
  result, handicap}], ...]}``, a row ``{place, shared, id, name, rank, values, games: [{g:
  the game as "12+/w0", o: the opponent's name}]}`` (sitegen says the name in each cell);
- ``seasons/<year>``: ``{name, start, end, divisions: [{name, groups: [{id, name, rows:
  [{place, shared, id, name, gp, sodos, wins, losses, jigos}], cross: [[cell]]}]}]}``;
- ``ladder``: ``{name, description, as_of, members: [{id, name, rung, last, wins, losses,
  jigos}], months: [{month, title, games: [game]}], recent: [game], bands: [{levels, stones,
  komi, first}], game {date, white, wname, wbefore, wafter, black, bname, bbefore, bafter,
  result, handicap}``;
- ``movements/<year>``: the moves from the season before: ``{from, to, up, down, same, new,
  left, flows: [{from, to, direction, players: [{id, name}]}]}``;
- ``site``: the home page's lists (``latest``, ``tournaments``, ``seasons``, ``leaders``), the
  header's eight latest tournaments (``nav``), and, over 500 players, the players' index by
  letter as sitegen cuts it (``letters``: ``[{letter, count, parts: [{url, first, last,
  players}]}]``).

Errors: a missing or malformed file raises (this is a benchmark's helper, not a command).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any, Iterator

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitegen.engine.ladder import handicap, move_after_game  # noqa: E402
from sitegen.model.common import Colour  # noqa: E402
from sitegen.model.ladder import DEFAULT_RUNGS, Rung, parse_rung  # noqa: E402
from sitegen.pages.players_index import ROWS, cut, letter_of  # noqa: E402

LAYOUTS = Path(__file__).resolve().parent / "hugo"
PAGE_ROWS = 40
"""Rows per page of a tournament's standings, as sitegen pages them."""
MODES = ("yaml", "json")


def read_yaml(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def winner(result: str) -> str | None:
    """``"B+R"`` -> ``"black"``, ``"W+0.5"`` -> ``"white"``, ``"jigo"`` -> None."""
    return {"B": "black", "W": "white"}.get(str(result)[:1]) if "+" in str(result) else None


def outcome(result: str, colour: str) -> str:
    """The result from the side of the player who had ``colour``: won, lost or jigo."""
    side = winner(result)
    return "jigo" if side is None else ("won" if side == colour else "lost")


def tournament(content: Path, built: Path, ident: str, names: dict, people: dict) -> dict:
    """One tournament's data; each player's games are added to ``people``."""
    raw = read_yaml(content / "tournaments" / f"{ident}.yaml")
    rounds = int(raw["number_of_rounds"])
    tables = [json.loads((built / "tournaments" / ident / (f"round-{r}" if r < rounds else "")
                          / "standings.json").read_text()) for r in range(1, rounds + 1)]
    criteria = tables[-1]["criteria"]
    standings = [[{"place": row["place"], "shared": row["shared"], "id": row["id"],
                   "name": row["name"], "rank": row["rank"],
                   "values": [row[c] for c in criteria],
                   "games": [{"g": game, "o": names[other]["name"] if other else ""}
                             for game, other in zip(row["games"], row["opponents"])]}
                  for row in table["rows"]] for table in tables]
    pairings = []
    for number, played in enumerate(raw["rounds"], start=1):
        boards = []
        for board, game in enumerate(played.get("games") or [], start=1):
            white, black, result = game["white"], game["black"], str(game["result"])
            boards.append({"board": board, "white": white, "wname": names[white]["name"],
                           "black": black, "bname": names[black]["name"], "result": result,
                           "handicap": int(game.get("handicap", 0))})
            for me, other, colour in ((white, black, "white"), (black, white, "black")):
                person(people, me)["_t"].setdefault(ident, []).append(
                    {"round": number, "opponent": other, "name": names[other]["name"],
                     "result": outcome(result, colour), "colour": colour,
                     "handicap": int(game.get("handicap", 0))})
        pairings.append(boards)
    final = {row["id"]: row for row in standings[-1]}
    for ident_ in final:
        person(people, ident_)["tournaments"].append(
            {"id": ident, "name": raw["name"], "place": final[ident_]["place"], "of": len(final),
             "score": final[ident_]["values"][0],
             "games": person(people, ident_)["_t"].pop(ident, [])})
    return {"name": raw["name"], "start": str(raw["start"]), "end": str(raw["end"]),
            "system": raw["system"], "rounds": rounds, "komi": str(raw["komi"]),
            "players": len(final), "criteria": criteria, "standings": standings,
            "pairings": pairings}


def person(people: dict, ident: str) -> dict:
    return people.setdefault(ident, {"tournaments": [], "leagues": [], "ladder": None, "_t": {}})


def season(content: Path, built: Path, year: str, names: dict, people: dict) -> dict:
    """One league season's data; each player's group is added to ``people``."""
    raw = read_yaml(content / "leagues" / "national" / "seasons" / f"{year}.yaml")
    divisions = []
    for division in raw["divisions"]:
        groups = []
        for group in division["groups"]:
            gid = str(group["name"]).lower()
            table = json.loads((built / "leagues" / "national" / year / gid / "standings.json")
                               .read_text())
            rows = [{"place": r["place"], "shared": r["shared"], "id": r["id"], "name": r["name"],
                     "gp": r["gamepoints"], "sodos": r["sodos"], "wins": r["wins"],
                     "losses": r["losses"], "jigos": r["jigos"]} for r in table["rows"]]
            order = [row["id"] for row in rows]
            cells = {(a, b): "" for a in order for b in order}
            games: dict[str, list] = {a: [] for a in order}
            for game in group.get("games") or []:
                black, white, result = game["black"], game["white"], str(game["result"])
                for me, other, colour in ((black, white, "black"), (white, black, "white")):
                    said = outcome(result, colour)
                    cells[me, other] = {"won": "1", "lost": "0", "jigo": "½"}[said] + " " + colour[0]
                    games[me].append({"opponent": other, "name": names[other]["name"],
                                      "result": said, "colour": colour})
            for row in rows:
                person(people, row["id"])["leagues"].append(
                    {"season": year, "group": group["name"], "url": f"/leagues/national/{year}/{gid}/",
                     "place": row["place"], "gp": row["gp"], "games": games[row["id"]]})
            groups.append({"id": gid, "name": group["name"], "rows": rows,
                           "cross": [[cells[a, b] for b in order] for a in order]})
        divisions.append({"name": division["name"], "groups": groups})
    return {"name": raw["name"], "start": str(raw["start"]), "end": str(raw["end"]),
            "divisions": divisions}


def movements(before: dict, after: dict) -> dict:
    """The players' moves between two seasons' divisions (the sitegen page ``movements/``):
    ``{up, down, same, new, left, flows: [{from, to, direction, players: [{id, name}]}]}``,
    flows in the order of the divisions (new players last on the left, leavers last on the
    right)."""
    def where(data: dict) -> dict[str, tuple[int, str, str]]:
        return {row["id"]: (index, division["name"], row["name"])
                for index, division in enumerate(data["divisions"])
                for group in division["groups"] for row in group["rows"]}
    old, new = where(before), where(after)
    flows: dict[tuple, list] = {}
    for ident in old.keys() | new.keys():
        a, b = old.get(ident), new.get(ident)
        key = (a[0] if a else 99, b[0] if b else 99,
               f"Division {a[1]}" if a else "new to the league",
               f"Division {b[1]}" if b else "left the league")
        direction = ("new" if a is None else "left" if b is None else
                     "up" if b[0] < a[0] else "down" if b[0] > a[0] else "same")
        flows.setdefault(key + (direction,), []).append({"id": ident, "name": (a or b)[2]})
    rows = [{"from": k[2], "to": k[3], "direction": k[4],
             "players": sorted(v, key=lambda p: p["id"])} for k, v in sorted(flows.items())]
    counts = {d: sum(len(r["players"]) for r in rows if r["direction"] == d)
              for d in ("up", "down", "same", "new", "left")}
    return {**counts, "flows": rows}


def ladder(content: Path, names: dict, people: dict) -> dict:
    """The ladder's data, its log replayed with sitegen's engine (ladder: club ladder); each
    member's games are added to ``people``."""
    raw = read_yaml(content / "ladders" / "federation.yaml")
    current = {m["player"]: parse_rung(str(m["rung"])) for m in raw["members"]}
    start = dict(current)
    games, last = [], {}
    tally = {m: [0, 0, 0] for m in current}
    for entry in raw["log"]:
        white, black, result = entry["white"], entry["black"], str(entry["result"])
        side = winner(result)
        won = {"white": Colour.WHITE, "black": Colour.BLACK, None: None}[side]
        hc = handicap(current[white], current[black])
        after = move_after_game(DEFAULT_RUNGS, current[white], current[black], won)
        game = {"date": str(entry["date"]), "white": white, "wname": names[white]["name"],
                "wbefore": str(current[white]), "wafter": str(after[0]), "black": black,
                "bname": names[black]["name"], "bbefore": str(current[black]),
                "bafter": str(after[1]), "result": result, "handicap": hc.levels}
        games.append(game)
        for me, other, colour, rung in ((white, black, "white", after[0]),
                                        (black, white, "black", after[1])):
            said = outcome(result, colour)
            tally[me][("won", "lost", "jigo").index(said)] += 1
            last[me] = game["date"]
            person(people, me).setdefault("_l", []).append({"date": game["date"], "opponent": other,
                                 "name": names[other]["name"], "result": said,
                                 "rung": str(rung), "colour": colour})
        current[white], current[black] = after
    for member, rung in current.items():
        entry_ = person(people, member)
        entry_["ladder"] = {"rung": str(rung), "start": str(start[member]),
                            "wins": tally[member][0], "losses": tally[member][1],
                            "jigos": tally[member][2], "games": entry_.pop("_l", [])}
    members = sorted(current, key=lambda m: (-current[m].strength, names[m]["name"]))
    months: dict[str, list] = {}
    for game in reversed(games):
        months.setdefault(game["date"][:7], []).append(game)
    return {"name": raw["name"], "description": raw["description"],
            "as_of": games[-1]["date"] if games else "",
            "members": [{"id": m, "name": names[m]["name"], "rung": str(current[m]),
                         "last": last.get(m, ""), "wins": tally[m][0], "losses": tally[m][1],
                         "jigos": tally[m][2]} for m in members],
            "months": [{"month": month, "games": rows} for month, rows in months.items()],
            "recent": list(reversed(games[-30:])), "bands": bands()}


def bands() -> list[dict]:
    """The handicap of every level 0..14 (ladder: handicap), as the handicap page shows it."""
    rows = []
    for levels in range(15):
        hc = handicap(Rung.kyu(20), Rung.kyu(20 - levels))
        rows.append({"levels": hc.levels, "stones": hc.stones, "komi": str(hc.komi),
                     "first": hc.first.name.lower()})
    return rows


def data_tree(content: Path, built: Path) -> dict[str, Any]:
    """Every data file's value: ``{relative name without extension: value}``."""
    players = read_yaml(content / "players" / "federation.yaml")["players"]
    names = {p["id"]: {"name": p["name"], "rank": str(p["rank"])} for p in players}
    people: dict[str, dict] = {}
    tree: dict[str, Any] = {"players": names}
    tournaments = sorted(p.stem for p in (content / "tournaments").glob("*.yaml"))
    for ident in tournaments:
        tree[f"tournaments/{ident}"] = tournament(content, built, ident, names, people)
    years = sorted(p.stem for p in (content / "leagues" / "national" / "seasons").glob("*.yaml"))
    for year in years:
        tree[f"seasons/{year}"] = season(content, built, year, names, people)
    for earlier, year in zip(years, years[1:]):
        tree[f"movements/{year}"] = {"from": tree[f"seasons/{earlier}"]["name"],
                                     "to": tree[f"seasons/{year}"]["name"],
                                     **movements(tree[f"seasons/{earlier}"], tree[f"seasons/{year}"])}
    tree["ladder"] = ladder(content, names, people)
    for ident in names:
        entry = person(people, ident)
        entry.pop("_t", None)
        tree[f"people/{ident}"] = entry
    tree["site"] = home(tree, tournaments, years)
    return tree


def home(tree: dict, tournaments: list[str], years: list[str]) -> dict:
    """The home page's lists: the latest results, the tournaments, the seasons with the
    leader of each group of the latest."""
    latest = tree["ladder"]["recent"][:8]
    listed = [{"id": t, "name": tree[f"tournaments/{t}"]["name"],
               "start": tree[f"tournaments/{t}"]["start"], "end": tree[f"tournaments/{t}"]["end"],
               "players": tree[f"tournaments/{t}"]["players"]} for t in tournaments]
    seasons = []
    for year in reversed(years):
        data = tree[f"seasons/{year}"]
        groups = [group for division in data["divisions"] for group in division["groups"]]
        seasons.append({"year": year, "name": data["name"], "start": data["start"],
                        "end": data["end"], "divisions": len(data["divisions"]),
                        "players": sum(len(g["rows"]) for g in groups),
                        "top": groups[0]["rows"][0]["name"] if groups and groups[0]["rows"] else ""})
    leaders = []
    if years:
        data = tree[f"seasons/{years[-1]}"]
        leaders = [{"group": g["name"], "name": g["rows"][0]["name"], "gp": g["rows"][0]["gp"]}
                   for d in data["divisions"] for g in d["groups"] if g["rows"]]
    roster = sorted(({"id": i, "name": p["name"], "rank": p["rank"]} for i, p in tree["players"].items()),
                    key=lambda p: (p["name"].casefold(), p["id"]))
    letters = []
    if len(roster) > ROWS:
        for letter in sorted({letter_of(p["name"]) for p in roster}):
            mine = [p for p in roster if letter_of(p["name"]) == letter]
            parts = cut(mine)
            letters.append({"letter": letter, "count": len(mine), "parts": [
                {"url": f"/players/a-z/{'other' if letter == '#' else letter.lower()}/" + (f"{n}/" if n > 1 else ""),
                 "first": part[0]["name"], "last": part[-1]["name"], "players": part}
                for n, part in enumerate(parts, start=1)]})
    return {"latest": latest, "tournaments": listed, "nav": list(reversed(listed[-8:])),
            "seasons": seasons, "leaders": leaders, "letters": letters}


def pages(tree: dict) -> Iterator[tuple[str, dict]]:
    """Every page as ``(content file name, front matter)``; the layouts read the data by the
    keys of the front matter."""
    yield "_index.md", {"title": "Synthetic Federation"}
    yield "players.md", {"title": "Players", "url": "/players/", "layout": "players"}
    for ident, entry in tree["players"].items():
        yield f"p/{ident}.md", {"title": entry["name"], "url": f"/players/{ident}/",
                                "layout": "player", "id": ident}
    for name, data in tree.items():
        if name.startswith("tournaments/"):
            ident = name.split("/")[1]
            for number in range(1, data["rounds"] + 1):
                final = number == data["rounds"]
                base = f"/tournaments/{ident}/" + ("" if final else f"round-{number}/")
                for page, first in enumerate(range(0, data["players"], PAGE_ROWS), start=1):
                    yield (f"t/{ident}-{number}-{page}.md",
                           {"title": data["name"], "url": base + ("" if page == 1 else f"{page}/"),
                            "layout": "tournament", "t": ident, "round": number, "from": first,
                            "page": page, "base": base})
    for letter_index, letter in enumerate(tree["site"]["letters"]):
        for part_index, part in enumerate(letter["parts"]):
            yield (f"l/{letter['letter']}-{part_index + 1}.md",
                   {"title": f"Players: {letter['letter']}", "url": part["url"],
                    "layout": "letter", "l": letter_index, "part": part_index})
    yield "leagues.md", {"title": "National League", "url": "/leagues/national/", "layout": "league"}
    for name, data in tree.items():
        if name.startswith("seasons/"):
            year = name.split("/")[1]
            yield f"s/{year}.md", {"title": data["name"], "url": f"/leagues/national/{year}/",
                                   "layout": "season", "year": year}
            if f"movements/{year}" in tree:
                yield f"s/{year}-movements.md", {"title": "Movements", "layout": "movements",
                                                 "url": f"/leagues/national/{year}/movements/",
                                                 "year": year}
            for d, division in enumerate(data["divisions"]):
                for g, group in enumerate(division["groups"]):
                    yield (f"g/{year}-{group['id']}.md",
                           {"title": f"Group {group['name']}", "layout": "group", "year": year,
                            "url": f"/leagues/national/{year}/{group['id']}/", "d": d, "g": g})
    yield "ladder.md", {"title": "Federation ladder", "url": "/ladders/federation/", "layout": "ladder"}
    yield "handicap.md", {"title": "Handicaps", "url": "/ladders/federation/handicap/",
                          "layout": "handicap"}
    yield "games.md", {"title": "Games", "url": "/ladders/federation/games/", "layout": "games"}
    for index, month in enumerate(tree["ladder"]["months"]):
        yield (f"m/{month['month']}.md",
               {"title": f"Games of {month['month']}", "layout": "month", "m": index,
                "url": f"/ladders/federation/games/{month['month']}/"})


def dump(value: Any, mode: str) -> str:
    """``value`` as YAML (flow style for the innermost collections, as the archive is written)
    or as compact JSON."""
    if mode == "json":
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return yaml.dump(value, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=200)


def write_site(tree: dict, site: Path, mode: str) -> int:
    """Write the Hugo site (layouts, data in ``mode``, stubs) into ``site``; return the
    number of pages."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r}: one of {MODES}")
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(LAYOUTS, site, ignore=shutil.ignore_patterns("README*"))
    for name, value in tree.items():
        path = site / "data" / f"{name}.{mode}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump(value, mode), encoding="utf-8")
    count = 0
    for name, front in pages(tree):
        path = site / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = (dump(front, "json") + "\n" if mode == "json"
                else "---\n" + dump(front, "yaml") + "---\n")
        path.write_text(text, encoding="utf-8")
        count += 1
    return count


def convert(content: Path, built: Path, sites: dict[str, Path]) -> dict[str, int]:
    """Write one Hugo site per mode (``{mode: folder}``) from one archive and its sitegen
    build; return ``{mode: pages}``."""
    tree = data_tree(content, built)
    return {mode: write_site(tree, folder, mode) for mode, folder in sites.items()}
