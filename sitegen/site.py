"""Computed results -> the list of pages of the site (compute + page planning, no I/O).

Each :class:`Page` names its URL, its template and a context of plain values: templates
format, they do not compute. Machine-readable twins (``standings.json``) are :class:`File`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .engine.standings import StandingRow, group_standings
from .model import Colour, Content, Game, Group, League, Outcome, Season

RESERVED_SLUGS = ("index", "404", "players", "leagues", "static", "tournaments", "ladder",
                  "search", "feed")


@dataclass(frozen=True)
class Page:
    """One HTML page: ``url`` is a folder path such as ``leagues/iglo/`` (``""`` = home)."""

    url: str
    template: str
    context: dict[str, Any]
    file_name: str = "index.html"

    @property
    def path(self) -> str:
        return self.url + self.file_name


@dataclass(frozen=True)
class File:
    """A non-HTML output file, already encoded."""

    path: str
    data: bytes


@dataclass
class SitePlan:
    pages: list[Page] = field(default_factory=list)
    files: list[File] = field(default_factory=list)


# --------------------------------------------------------------------------- formatting


def format_points(value: Fraction | int | None) -> str:
    """Return ``value`` with halves and quarters as ½, ¼, ¾ (``3½``, ``¼``, ``-1½``)."""
    if value is None:
        return ""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    glyph = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if glyph is None:
        return sign + str(round(float(value), 2))
    if whole == 0 and glyph:
        return sign + glyph
    return f"{sign}{int(whole)}{glyph}"


def json_number(value: Fraction | int | None) -> int | float | None:
    """Return an exact JSON number: an int, or a float for halves and quarters (exact in binary)."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


# --------------------------------------------------------------------------- URLs


def league_url(league: League) -> str:
    return f"leagues/{league.id}/"


def season_url(league: League, season: Season) -> str:
    return f"leagues/{league.id}/{season.id}/"


def group_url(league: League, season: Season, group: Group) -> str:
    return f"leagues/{league.id}/{season.id}/{group.id}/"


def player_url(player_id: str) -> str:
    return f"players/{player_id}/"


# --------------------------------------------------------------------------- cells


CELL_TEXT = {
    "win": ("1", "won"), "loss": ("0", "lost"), "jigo": ("½", "jigo (draw)"),
    "forfeit-win": ("+", "won by forfeit"), "forfeit-loss": ("−", "lost by forfeit"),
    "unknown": ("?", "result unknown"), "void": ("v", "void"), "unplayed": ("·", "not played"),
}


def game_cell(game: Game | None, player: str) -> dict[str, str]:
    """Describe ``game`` from ``player``'s side for a crosstable cell or a games list."""
    if game is None:
        kind = "unplayed"
    else:
        outcome = game.result.outcome
        if outcome is Outcome.JIGO:
            kind = "jigo"
        elif outcome in (Outcome.WIN, Outcome.FORFEIT):
            won = game.winner() == player
            kind = ("forfeit-" if outcome is Outcome.FORFEIT else "") + ("win" if won else "loss")
            if outcome is Outcome.WIN:
                kind = "win" if won else "loss"
        elif outcome is Outcome.UNKNOWN:
            kind = "unknown"
        elif outcome is Outcome.VOID:
            kind = "void"
        else:
            kind = "unplayed"
    symbol, words = CELL_TEXT[kind]
    colour = ""
    if game is not None and game.colours_known:
        colour = "b" if game.colour_of(player) is Colour.BLACK else "w"
        words += " with " + ("Black" if colour == "b" else "White")
    return {"kind": kind, "symbol": symbol, "colour": colour, "words": words,
            "result": str(game.result) if game is not None and game.colours_known else ""}


# --------------------------------------------------------------------------- planning


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


def plan_site(content: Content) -> SitePlan:
    """Return every page and file of the site for ``content``.

    Each group's standings are computed once here and shared by every page that shows them.
    """
    plan = SitePlan()
    players = content.players
    names = {pid: p.name for pid, p in players.items()}
    history: dict[str, list[dict[str, Any]]] = {pid: [] for pid in players}
    league_summaries = []
    for league in content.leagues:
        season_summaries = []
        for season in sorted(league.seasons, key=lambda s: (s.start or _far_past(), s.id)):
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
                    _record_history(history, league, season, division.name, group, rows, names, url)
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

    for pid, player in sorted(players.items()):
        plan.pages.append(Page(player_url(pid), "player.html", {
            "title": player.name, "player": {
                "id": pid, "name": player.name, "rank": str(player.rank) if player.rank else "",
                "rating": player.rating, "club": player.club or "", "country": player.country or ""},
            "seasons": history[pid]}))
    index = sorted(({"name": p.name, "url": player_url(pid), "id": pid} for pid, p in players.items()),
                   key=lambda item: (item["name"].casefold(), item["id"]))
    letters: dict[str, list[dict[str, str]]] = {}
    for item in index:
        first = item["name"][:1].upper()
        letters.setdefault(first if first.isalpha() else "#", []).append(item)
    plan.pages.append(Page("players/", "players.html", {
        "title": "Players", "letters": sorted(letters.items())}))

    pages = sorted(content.pages, key=lambda p: (p.order, p.slug))
    news = sorted((p for p in pages if p.kind == "news"), key=lambda p: (p.date or _far_past(), p.slug),
                  reverse=True)
    for page in pages:
        plan.pages.append(Page(f"{page.slug}/", "page.html", {
            "title": page.title, "body": page.body, "kind": page.kind, "date": page.date}))
    plan.pages.append(Page("", "home.html", {
        "title": content.config.title, "description": content.config.description,
        "leagues": league_summaries,
        "news": [{"title": p.title, "url": f"{p.slug}/", "date": p.date} for p in news],
        "pages": [{"title": p.title, "url": f"{p.slug}/"} for p in pages if p.kind != "news"]}))
    plan.pages.append(Page("", "404.html", {"title": "Page not found"}, file_name="404.html"))
    return plan


def _far_past():
    import datetime as dt

    return dt.date(1, 1, 1)


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


def _record_history(history, league, season, division, group, rows, names, url) -> None:
    for row in rows:
        games = []
        for game in group.games:
            if row.player not in game.players:
                continue
            other = game.opponent(row.player)
            cell = game_cell(game, row.player)
            games.append({"opponent": names[other], "opponent_url": player_url(other), **cell,
                          "date": game.date})
        games.sort(key=lambda g: (g["date"] or _far_past(), g["opponent"]))
        history[row.player].append({
            "league": league.name, "season": season.name, "division": division, "group": group.name,
            "url": url, "place": row.place, "shared": row.shared, "size": len(rows),
            "gamepoints": format_points(row.gamepoints),
            "outcome": ("promoted" if row.player in group.promoted else
                        "relegated" if row.player in group.relegated else ""),
            "games": games})
