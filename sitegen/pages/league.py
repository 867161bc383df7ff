"""Pages of round-robin leagues: league, season and group pages, and ``standings.json``.

Group standings follow league D.1 (:mod:`sitegen.engine.standings`); each group's table is
computed once here and shared by the group page, the season page and the players' pages.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ..engine.standings import StandingRow, group_standings
from ..model import Content, Game, Group, League, Season
from ..site import (FAR_PAST, File, Page, PlayerSection, SitePlan, format_points, game_cell,
                    json_number, player_url)

# --------------------------------------------------------------------------- URLs


def league_url(league: League) -> str:
    return f"leagues/{league.id}/"


def season_url(league: League, season: Season) -> str:
    return f"leagues/{league.id}/{season.id}/"


def group_url(league: League, season: Season, group: Group) -> str:
    return f"leagues/{league.id}/{season.id}/{group.id}/"


COLUMNS = [
    ("gamepoints", "GP", "Gamepoints",
     "Gamepoints: 1 for each win (forfeit wins included), ½ for a jigo (league D.1)."),
    ("sodos", "SODOS", "Sum of defeated opponents' scores",
     "SODOS: the gamepoints of every opponent this player beat, added up; half of them for a "
     "jigo. Beating strong players counts more (league D.1, second criterion)."),
    ("tied_gamepoints", "Tied GP", "Gamepoints among tied players",
     "Gamepoints scored in the games among the players still equal on GP and SODOS "
     "(league D.1, third criterion); shown only for those players."),
]


def plan_leagues(content: Content, plan: SitePlan) -> None:
    """Add every league, season and group page (and ``standings.json``) to ``plan``."""
    names = {pid: p.name for pid, p in content.players.items()}
    league_summaries = []
    for league in content.leagues:
        season_summaries = []
        for season in sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id)):
            divisions = []
            for division in season.divisions:
                groups = []
                for group in division.groups:
                    rows = group_standings(group)
                    table = _table(rows, group, names)
                    ctx = {
                        "league": _ref(league.name, league_url(league)),
                        "season": _ref(season.name, season_url(league, season)),
                        "division": division.name, "group": group.name,
                        "title": f"{league.name} · {season.name} · Group {group.name}",
                        "table": table, "columns": COLUMNS,
                        "uses_tied": any(r.tied_gamepoints is not None for r in rows),
                        "crosstable": _crosstable(rows, group, names),
                        "has_shared": any(r.shared for r in rows),
                        "json_url": group_url(league, season, group) + "standings.json",
                    }
                    url = group_url(league, season, group)
                    plan.pages.append(Page(url, "group.html", ctx))
                    plan.files.append(File(url + "standings.json",
                                           _standings_json(league, season, division.name, group, rows, names)))
                    groups.append({"name": group.name, "url": url, "table": table})
                    _record_history(plan, league, season, division.name, group, rows, names, url)
                divisions.append({"name": division.name, "groups": groups})
            ctx = {"league": _ref(league.name, league_url(league)), "title": f"{league.name} · {season.name}",
                   "season": season.name, "start": season.start, "end": season.end,
                   "divisions": divisions}
            plan.pages.append(Page(season_url(league, season), "season.html", ctx))
            champion = divisions[0]["groups"][0]["table"][0] if divisions and divisions[0]["groups"] \
                and divisions[0]["groups"][0]["table"] else None
            season_summaries.append({"name": season.name, "url": season_url(league, season),
                                     "start": season.start, "end": season.end,
                                     "divisions": len(divisions),
                                     "players": sum(len(g["table"]) for d in divisions for g in d["groups"]),
                                     "leader": champion})
        season_summaries.reverse()  # newest first
        plan.pages.append(Page(league_url(league), "league.html", {
            "title": league.name, "name": league.name, "description": league.description,
            "seasons": season_summaries}))
        league_summaries.append({"name": league.name, "url": league_url(league),
                                 "latest": season_summaries[0] if season_summaries else None,
                                 "seasons": len(season_summaries)})

    if league_summaries:
        plan.home_sections.append({"title": "Leagues", "items": [
            {"name": s["name"], "url": s["url"],
             "detail": f"{s['seasons']} season{'s' if s['seasons'] != 1 else ''}"
                       + ("; latest" if s["latest"] else ""),
             "more": s["latest"]} for s in league_summaries]})


def _ref(name: str, url: str) -> dict[str, str]:
    return {"name": name, "url": url}


OUTCOME_LABELS = {"promoted": ("▲", "promoted"), "relegated": ("▼", "relegated"),
                  "withdrawn": ("×", "withdrew")}


def _table(rows: list[StandingRow], group: Group, names: dict[str, str]) -> list[dict[str, Any]]:
    table = []
    for number, row in enumerate(rows, start=1):
        outcome = ("promoted" if row.player in group.promoted else
                   "relegated" if row.player in group.relegated else
                   "withdrawn" if row.player in group.withdrawn else "")
        table.append({
            "number": number, "place": row.place, "shared": row.shared, "id": row.player,
            "name": names[row.player], "url": player_url(row.player),
            "gamepoints": format_points(row.gamepoints), "sodos": format_points(row.sodos),
            "tied_gamepoints": format_points(row.tied_gamepoints),
            "record": f"{row.wins}–{row.losses}" + (f"–{row.jigos}" if row.jigos else ""),
            "wins": row.wins, "losses": row.losses, "jigos": row.jigos, "to_play": row.to_play,
            "outcome": outcome,
            "outcome_symbol": OUTCOME_LABELS[outcome][0] if outcome else "",
            "outcome_text": OUTCOME_LABELS[outcome][1] if outcome else "",
        })
    return table


def _crosstable(rows: list[StandingRow], group: Group, names: dict[str, str]) -> dict[str, Any]:
    by_pair: dict[frozenset[str], Game] = {frozenset(g.players): g for g in group.games}
    order = [row.player for row in rows]
    body = []
    for number, player in enumerate(order, start=1):
        cells = []
        for other_number, other in enumerate(order, start=1):
            if other == player:
                cells.append({"kind": "self", "symbol": "", "colour": "", "words": ""})
            else:
                cell = game_cell(by_pair.get(frozenset((player, other))), player)
                cell["words"] = f"{names[player]} against {names[other]}: {cell['words']}"
                cells.append(cell)
        body.append({"number": number, "name": names[player], "url": player_url(player), "cells": cells})
    return {"size": len(order), "rows": body}


def _standings_json(league: League, season: Season, division: str, group: Group,
                    rows: list[StandingRow], names: dict[str, str]) -> bytes:
    data = {
        "league": league.id, "season": season.id, "division": division, "group": group.name,
        "criteria": ["gamepoints", "sodos", "tied_gamepoints"],
        "rows": [{
            "place": row.place, "shared": row.shared, "id": row.player, "name": names[row.player],
            "gamepoints": json_number(row.gamepoints), "sodos": json_number(row.sodos),
            "tied_gamepoints": json_number(row.tied_gamepoints),
            "wins": row.wins, "losses": row.losses, "jigos": row.jigos,
            "forfeit_wins": row.forfeit_wins, "forfeit_losses": row.forfeit_losses,
            "unknown": row.unknown, "to_play": row.to_play,
            "outcome": ("promoted" if row.player in group.promoted else
                        "relegated" if row.player in group.relegated else None),
        } for row in rows],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n").encode("utf-8")


def _record_history(plan: SitePlan, league, season, division, group, rows, names, url) -> None:
    for row in rows:
        games = []
        for game in group.games:
            if row.player not in game.players:
                continue
            other = game.opponent(row.player)
            cell = game_cell(game, row.player)
            games.append({"opponent": names[other], "opponent_url": player_url(other), **cell,
                          "date": game.date})
        games.sort(key=lambda g: (g["date"] or FAR_PAST, g["opponent"]))
        plan.add_player_section(row.player, PlayerSection(
            "partials/player_league.html", (season.start or FAR_PAST, league.name, season.id), {
            "league": league.name, "season": season.name, "division": division, "group": group.name,
            "url": url, "place": row.place, "shared": row.shared, "size": len(rows),
            "gamepoints": format_points(row.gamepoints),
            "outcome": ("promoted" if row.player in group.promoted else
                        "relegated" if row.player in group.relegated else ""),
            "games": games}))
