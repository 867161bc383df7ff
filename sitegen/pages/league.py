"""Pages of round-robin leagues: league, season and group pages, and ``standings.json``.

Group standings follow league D.1 (:mod:`sitegen.engine.standings`); each group's table is
computed once here and shared by the group page, the season page and the players' pages.

Each player's outcome is the one of :mod:`sitegen.pages.league_outcomes` (computed once per
season by the next season's formation when the league has ``settings:``, else the recorded
lists), shown alike on the season page, the group page, the player's page and in
``standings.json``; the differences from the recorded outcomes are warnings for the organizers.
A season's restrictions table, a movements page between two consecutive seasons (an SVG flow,
:mod:`sitegen.pages.league_movements`, plus the same flows as a table) and the final round's page
(:func:`sitegen.engine.league.final_round`, :func:`sitegen.engine.league.final_result`) are
added where their data exists.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Mapping

from ..bidi import isolated
from ..engine.league import Move, Tie, group_classes
from ..engine.league_final import FinalResult, final_result
from ..engine.league_outcome import Status, withdrawn_players
from ..engine.standings import StandingRow
from ..model import Content
from ..model.common import Game, Player
from ..model.league import Division, Group, League, LeagueSettings, Season, SeasonSignups
from ..display import format_points, game_cell, json_number, record_links
from ..facts import league_facts
from ..i18n import N_, Words
from ..plan import FAR_PAST, JsonFile, Page, People, PlayerSection, SitePlan
from ..ruleset import (EACH_FOLDER, Carded, Counted, Entered, Gathered, KeptApart,
                       Jump, Listed, RuleSet, Scaffolded, entry_step)
from ..urls import LEAGUE_RULES, final_url, group_url, league_url, movements_url, player_url, season_url
from ..validate.league import load_league, load_season
from . import league_words
from .league_words import tie_sentence
from .league_games import SeasonGroupsMade
from .league_lists import (SEASON_EAGER, count_leagues, league_dates, league_feed, league_meetings, league_records,
                           league_results, read_summary, season_summary)
from .league_movements import movements_context
from .league_rules import plan_league_rules
from .league_outcomes import (SeasonView, certainty_fields, english_warnings, json_outcome,
                              outcomes_in_order, season_view, shared_place_notes)

COLUMNS = [
    ("gamepoints", N_("GP"), N_("Gamepoints"),
     N_("Gamepoints: 1 for each win (forfeit wins included), ½ for a jigo (D.1).")),
    ("sodos", "SODOS", N_("Sum of defeated opponents' scores"),
     N_("SODOS: the gamepoints of every opponent this player beat, added up; half of them for a "
        "jigo. Beating strong players counts more (D.1, second criterion).")),
    ("tied_gamepoints", N_("Tied GP"), N_("Gamepoints among tied players"),
     N_("Gamepoints scored in the games among the players still equal on GP and SODOS "
        "(D.1, third criterion); shown only for those players.")),
]
"""The group page's columns: (key, abbreviation, name, explanation), English (see
:func:`columns`)."""


SEASON_GROUP_TABLES = 100
"""A season page shows every group's table up to this many groups; above it, one row per group
(its leader and its outcomes), the tables on the group pages (issue 31: 200 groups of 7 made a
season page of 321 kB)."""


def columns(lang: Words) -> list[tuple[str, str, str, str]]:
    """Return :data:`COLUMNS` in the site's language."""
    return [(key, lang._(short), lang._(long), lang._(text)) for key, short, long, text in COLUMNS]


def plan_leagues(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add every league, season and group page (and ``standings.json``) to ``plan``.

    Each season is a part of the plan (:meth:`SitePlan.part`) and so is each league's own page:
    a season's pages read the season, the league's name and settings, and of the seasons before
    and after it only their ids, names and who played in which division.
    """
    everyone = plan.people(content.players, lang)
    summaries = [_plan_league(plan, league, everyone) for league in content.leagues]
    if summaries:  # a part, so that a cached build replays the page too
        plan.part(("league-rules",), _rules_part, (), everyone)
        plan.home_sections.append({"title": lang._("Leagues"), "anchor": "leagues", "items": [
            {"name": s["name"], "url": s["url"],
             "detail": lang.ngettext("{count} season", "{count} seasons", s["seasons"]).format(count=s["seasons"])
                       + (lang._("; latest") if s["latest"] else ""),
             "more": s["latest"],
             "leaders": s["latest"]["leaders"] if s["latest"] else []} for s in summaries]})


def _rules_part(plan: SitePlan, players: People) -> None:
    """Plan the league rules page (sitegen.pages.league_rules), in the site's language."""
    plan_league_rules(plan, players.lang)


def _league_entries(leagues: tuple[League, ...], lang: Words) -> list[tuple[str, str, str]]:
    """The search index's entries of ``leagues``: each league, its seasons and their groups."""
    entries: list[tuple[str, str, str]] = []
    for league in leagues:
        entries.append((league.name, league_url(league), lang._("league")))
        for season in league.seasons:
            entries.append((season.name, season_url(league, season),
                            lang._("season of {league}").format(league=league.name)))
            for division in season.divisions:
                for group in division.groups:
                    entries.append((lang._("Group {group}").format(group=group.name),
                                    group_url(league, season, group),
                                    "{season}, {league}".format(season=season.name, league=league.name)))
    return entries


LEAGUES_LISTED = Listed(N_("Leagues"), lambda leagues: [(league.name, league_url(league)) for league in leagues],
                        _league_entries, league_results, LEAGUE_RULES, summary="rules")
"""The leagues in the menu, in the content's order; the rules row links the site's Markdown page
of kind ``rules`` when it has one (stop 52: "How the league works")."""


PLAYER_SECTION = "partials/player_league.html"
"""The template of a league season's section on a player's page."""


def league_card(data: dict[str, Any], lang: Words) -> dict[str, Any] | None:
    """A player's card of a league season in progress (:class:`sitegen.ruleset.Carded`): its
    section's ``data`` and the games still to play; None for a season that is over."""
    if not data.get("in_progress"):
        return None
    return {"kind": "league", "name": f"{isolated(data['league'])} · {isolated(data['season'])}", "url": data["url"],
            "entry": data, "next": [_league_next(game, data, lang) for game in data["to_play"]]}


def league_jump(data: dict[str, Any]) -> Jump:
    """A league season's entry in a player page's "On this page" list (:class:`sitegen.ruleset.Jump`):
    anchor ``league-<league id>-<season id>``, the section's heading "league · season", folded
    with the league's other seasons under the league's name."""
    return Jump(f"league-{data['league_id']}-{data['season_id']}",
                f"{isolated(data['league'])} · {isolated(data['season'])}",
                fold=data["league_id"], fold_name=data["league"], short=data["season"])


def _league_next(game: dict[str, Any], season: dict[str, Any], lang: Words) -> dict[str, Any]:
    """Return a league game still to play (a row of :func:`sitegen.pages.league_games.league_games`) as a next game."""
    stones = game["handicap"]
    return {"opponent": {"name": game["opponent"], "url": game["opponent_url"]}, "side": game["side"],
            "handicap": lang.ngettext("{stones} stone", "{stones} stones", stones).format(stones=stones)
            if stones else "",
            "round": None, "board": None, "competition": season["league"], "url": season["url"],
            "record": game["record"], "deadline": season["end"]}


LEAGUES = RuleSet("leagues", "leagues", EACH_FOLDER, load_league, plan_leagues, work_per_byte=1.0,
                  counted=Counted("leagues", (("leagues", "league"), ("seasons", "season"),
                                              ("groups", "group"), ("games", "game")), count_leagues),
                  listed=LEAGUES_LISTED,
                  entered=Entered("league", lambda leagues: [league.id for league in leagues],
                                  entry_step("target", "match_league"), entry_step("check", "check_league"),
                                  entry_step("check", "parses_game"), entry_step("entry", "enter_league"),
                                  settle=entry_step("target", "league_season"), dated=True),
                  carded=Carded(PLAYER_SECTION, league_card, league_jump),
                  gathered=Gathered(league_records, league_meetings, league_dates, league_feed),
                  summarized=league_facts,
                  model=League,
                  scaffolded=Scaffolded("leagues/{id}", "leagues/{id}/seasons/1.yaml", "a league and its first season",
                                        "leagues/{id} ann ben B+R --date 2025-03-01",
                                        (("pl", "liga i jej pierwszy sezon"), ("fr", "une ligue et sa première saison"))),
                  load_apart=load_season, kept_apart=KeptApart(SEASON_EAGER, season_summary, read_summary))
"""Round-robin leagues (rules 000): ``content/leagues/<id>/``, one unit per league folder,
each season file validated apart (a cached build keeps the unchanged seasons)."""


def _plan_league(plan: SitePlan, league: League, everyone: People) -> dict[str, Any]:
    """Plan one league's seasons and its page; return its home-page summary."""
    ordered = sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id))
    seasons = [plan.part(("league-season", league.id, ordered[number].id), _season_part,
                         _season_inputs(league, ordered, number), everyone)
               for number in range(len(ordered))]
    seasons.reverse()  # newest first
    return plan.part(("league", league.id), _league_part,
                     (league.id, league.name, league.description, tuple(seasons)), everyone)


def _league_part(plan: SitePlan, players: People, league_id: str, name: str, description: str,
                 seasons: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    """Plan the league's own page from its seasons' summaries (newest first); return its
    home-page summary."""
    league = League(league_id, name, (), description)
    plan.add(Page(league_url(league), "league.html", {
        "title": league.name, "name": league.name, "description": league.description,
        "seasons": list(seasons)}))
    return {"name": league.name, "url": league_url(league),
            "latest": seasons[0] if seasons else None, "seasons": len(seasons)}


def _season_inputs(league: League, ordered: list[Season], number: int) -> tuple:
    """Return what planning season ``ordered[number]`` reads: the league's id, name and
    settings, the season, the sign-ups entered for the season after it, and of the seasons
    before and after it their ids, names and who played in which division and group (the
    links, the movements page, and the outcomes when no sign-ups are entered: the players of
    the season after it are then its sign-ups, :func:`sitegen.pages.league_outcomes.season_view`)."""
    season = ordered[number]
    previous = ordered[number - 1] if number > 0 else None
    following = ordered[number + 1] if number + 1 < len(ordered) else None
    before = None if previous is None else _outline(previous)
    after = None if following is None else _outline(following)
    signups = tuple(s for s in league.signups if s.finished == season.id)
    return (league.id, league.name, league.settings, before, season, after, signups)


def _outline(season: Season) -> tuple:
    """Return a season's id, name, start and players by division and group, in order."""
    return (season.id, season.name, season.start, tuple(
        (d.name, tuple((g.id, g.name, g.players) for g in d.groups)) for d in season.divisions))


def _outlined(outline: tuple) -> Season:
    """Return the season of an :func:`_outline`: its id, name, start, divisions and groups with
    their players, and nothing else (no games)."""
    ident, name, start, divisions = outline
    return Season(ident, name, tuple(
        Division(division, tuple(Group(group, group_name, members, ()) for group, group_name, members in groups))
        for division, groups in divisions), start=start)


def _season_part(plan: SitePlan, players: People, league_id: str, name: str,
                 settings: LeagueSettings | None, before: tuple | None, season: Season,
                 after: tuple | None, signups: tuple[SeasonSignups, ...]) -> dict[str, Any]:
    """The part of one season (:meth:`SitePlan.part`), from :func:`_season_inputs` alone: the
    league it plans in holds only those (its seasons: the season and its neighbours' outlines)."""
    ordered = [s for s in (None if before is None else _outlined(before), season,
                           None if after is None else _outlined(after)) if s is not None]
    league = League(league_id, name, tuple(ordered), settings=settings, signups=signups)
    return _plan_season(plan, league, ordered, 0 if before is None else 1, players.players, players.names,
                        players.lang)


def _plan_season(plan: SitePlan, league: League, ordered: list[Season], number: int,
                 players: Mapping[str, Player], names: dict[str, str], lang: Words) -> dict[str, Any]:
    """Plan season ``ordered[number]``: its groups, its page, the movements into it and its
    final round; return its summary for the league's page."""
    season = ordered[number]
    previous = ordered[number - 1] if number > 0 else None
    following = ordered[number + 1] if number + 1 < len(ordered) else None
    view = season_view(league, season, players, names, lang)
    plan.warnings.extend(english_warnings(league, season, players, names, view, lang))
    remembered = plan.remembered.league_seasons if plan.remembered is not None else {}
    edited = plan.remembered is not None and season.pos.path in plan.remembered.yaml.changed
    made = remembered[(league.id, season.id)] = SeasonGroupsMade(
        remembered.get((league.id, season.id)), lang, view.status in (Status.PROVISIONAL, Status.EMPTY),
        withdrawn_players(season), keep=edited)
    divisions: list[dict[str, Any]] = [{"name": division.name, "groups": [
                  _plan_group(plan, league, season, division, group, names, view, lang, made)
                  for group in division.groups]} for division in view.season.divisions]
    ctx = {"league": _ref(league.name, league_url(league)), "title": f"{isolated(league.name)} · {isolated(season.name)}",
           "season": season.name, "start": season.start, "end": season.end,
           "divisions": divisions, "computed": view.outcome is not None,
           "many_groups": sum(len(d["groups"]) for d in divisions) > SEASON_GROUP_TABLES,
           "outcome_notes": view.notes, "provisional": view.status is Status.PROVISIONAL,
           "restrictions": _restriction_rows(season, lang),
           "movements_in": None, "movements_out": None, "final": None}
    if previous is not None and _players(previous) and _players(season):
        ctx["movements_in"] = _ref(previous.name, movements_url(league, season))
        family = {p: family_name for p in {*_players(previous), *_players(season)} if p in players
                  and (family_name := players[p].family_name) is not None}
        plan.add(Page(movements_url(league, season), "movements.html", {}, deferred=partial(
                      movements_context, league, previous, season, names, family, lang)))
    if following is not None and _players(season) and _players(following):
        ctx["movements_out"] = _ref(following.name, movements_url(league, following))
    final_ctx = _final_context(league, season, view, names, lang)
    if final_ctx is not None:
        ctx["final"] = _ref(lang._("Final round"), final_url(league, season))
        plan.add(Page(final_url(league, season), "final.html", final_ctx))
    plan.add(Page(season_url(league, season), "season.html", ctx))
    top = divisions[0]["groups"] if divisions else []
    leaders = [{"division": d["name"], "group": g["name"], "group_url": g["url"],
                "name": g["table"][0]["name"], "url": g["table"][0]["url"],
                "gamepoints": g["table"][0]["gamepoints"], "shared": g["table"][0]["shared"]}
               for d in divisions for g in d["groups"] if g["table"]]
    return {"name": season.name, "url": season_url(league, season), "leaders": leaders,
            "start": season.start, "end": season.end, "divisions": len(divisions),
            "players": sum(len(g["table"]) for d in divisions for g in d["groups"]),
            "leader": top[0]["table"][0] if top and top[0]["table"] else None}


def _plan_group(plan: SitePlan, league: League, season: Season, division: Division, group: Group,
                names: dict[str, str], view: SeasonView, lang: Words,
                made: SeasonGroupsMade) -> dict[str, Any]:
    """Plan one group's page, its ``standings.json`` and its players' sections; return the
    group's part of the season page (standings and outcomes). ``made``: the season's groups'
    standings and games lists (what the last plan of the season made, taken again)."""
    rows = outcomes_in_order(places_by_rules(made.standings(group), group, view), view)
    table = _table(rows, view, names, lang)
    url = group_url(league, season, group)
    ctx = {
        "league": _ref(league.name, league_url(league)),
        "season": _ref(season.name, season_url(league, season)),
        "division": division.name, "group": group.name,
        "title": f"{isolated(league.name)} · {isolated(season.name)} · "
                 + lang._("Group {group}").format(group=isolated(group.name)),
        "table": table, "columns": columns(lang),
        "uses_tied": any(r.tied_gamepoints is not None for r in rows),
        "has_shared": any(r.shared for r in rows),
        "shared_notes": shared_place_notes(table, view, lambda p: names.get(p, p), lang),
        "json_url": url + "standings.json",
        "outcome_notes": view.notes, "status_note": view.status_note,
        "provisional": view.status is Status.PROVISIONAL,
        "recorded_only": view.outcome is None,
    }
    # The crosstable and the JSON are made by the render workers (deferred); the crosstable
    # words its cells itself rather than carry 256,000 cell dicts of a federation from the
    # planning process to the render workers.
    plan.add(Page(url, "group.html", ctx, deferred=partial(_crosstable_context, rows, group, names, lang)),
             JsonFile(url + "standings.json", partial(
                 _standings_data, league.id, season.id, division.name, group, rows, names, view), csv=True))
    _record_history(plan, league, season, division.name, group, rows, names, url, view, lang, made)
    return {"name": group.name, "url": url, "table": table}


def _ref(name: str, url: str) -> dict[str, str]:
    return {"name": name, "url": url}


def _outcome_fields(view: SeasonView, player: str, lang: Words) -> dict[str, Any]:
    """Return the shown outcome of ``player`` as a table row's fields (macros ``outcome`` and
    ``outcome_cell``). ``outcome_extra`` is one more sentence about the outcome, shown in the
    outcome cell's disclosure after the outcome's own (empty: none)."""
    shown = view.shown.get(player)
    if shown is None:
        return {"outcome": "", "outcome_symbol": "", "outcome_text": "", "outcome_detail": "",
                "outcome_extra": "", "certainty": None}
    return {"outcome": shown["kind"], "outcome_symbol": shown["symbol"],
            "outcome_text": shown["headline"], "outcome_detail": shown["detail"],
            "outcome_extra": "", "certainty": certainty_fields(view, player, lang)}


def places_by_rules(rows: list[StandingRow], group: Group, view: SeasonView) -> list[StandingRow]:
    """Return a group's rows with the places as the rules give them: players equal on D.1
    whom a criterion of D.2 orders (rank, correspondence rank, a concession, a playoff) have
    their own places, in that order; only players the rules cannot tell apart share one. A
    league without settings keeps D.1's places."""
    if view.settings is None:
        return rows
    by_player = {row.player: row for row in rows}
    ordered: list[StandingRow] = []
    place = 1
    for tied in group_classes(group, view.infos, view.settings, rows, record=False):
        shown = [row for row in rows if row.player in tied]
        ordered.extend(replace(row, place=place, shared=len(tied) > 1) for row in shown)
        place += len(tied)
    return ordered if len(ordered) == len(by_player) else rows


def to_play(row: StandingRow, view: SeasonView, gone: set[str]) -> int:
    """Return ``row``'s games "to play", as the group table and ``standings.json`` say them:
    only while the season is provisional and for a player who did not withdraw (``gone``);
    others will never be played (B.4, a closed season)."""
    return row.to_play if view.status is Status.PROVISIONAL and row.player not in gone else 0


def _table(rows: list[StandingRow], view: SeasonView, names: dict[str, str], lang: Words) -> list[dict[str, Any]]:
    """Return a group table's rows, games "to play" as :func:`to_play` says them."""
    table = []
    gone = withdrawn_players(view.season)
    for number, row in enumerate(rows, start=1):
        table.append({
            "number": number, "place": row.place, "shared": row.shared, "id": row.player,
            "name": names[row.player], "url": player_url(row.player),
            "gamepoints": format_points(row.gamepoints, lang), "sodos": format_points(row.sodos, lang),
            "tied_gamepoints": format_points(row.tied_gamepoints, lang),
            "record": f"{row.wins}–{row.losses}" + (f"–{row.jigos}" if row.jigos else ""),
            "wins": row.wins, "losses": row.losses, "jigos": row.jigos,
            "to_play": to_play(row, view, gone),
            **_outcome_fields(view, row.player, lang),
        })
    return table


def _group_cells(group: Group, lang: Words) -> dict[str, list[tuple[Game, dict[str, str]]]]:
    """Return each member's games in the group's order, each with its cell from the member's
    side (:func:`sitegen.display.game_cell`), computed once for the crosstable and the history."""
    mine: dict[str, list[tuple[Game, dict[str, str]]]] = {player: [] for player in group.players}
    for game in group.games:
        for player in dict.fromkeys(game.players):
            if player in mine:
                mine[player].append((game, game_cell(game, player, lang)))
    return mine


def _crosstable_context(rows: list[StandingRow], group: Group, names: dict[str, str], lang: Words) -> dict[str, Any]:
    return {"crosstable": _crosstable(rows, group, names, _group_cells(group, lang), lang)}


def _crosstable(rows: list[StandingRow], group: Group, names: dict[str, str],
                group_cells: dict[str, list[tuple[Game, dict[str, str]]]], lang: Words) -> dict[str, Any]:
    by_pair: dict[tuple[str, str], Game] = {}
    for g in group.games:  # the last game of a pair counts
        by_pair[(g.black, g.white)] = by_pair[(g.white, g.black)] = g
    cell_of = {(id(game), player): cell for player, games in group_cells.items()
               for game, cell in games}
    order = [row.player for row in rows]
    body = []
    for number, player in enumerate(order, start=1):
        cells = []
        for other_number, other in enumerate(order, start=1):
            if other == player:
                cells.append({"kind": "self", "symbol": "", "colour": "", "words": "", "record": None})
            else:
                game = by_pair.get((player, other))
                cell: dict[str, Any] = dict(cell_of[(id(game), player)]) if game is not None \
                    else game_cell(None, player, lang)
                cell["words"] = lang._("{player} against {opponent}: {result}").format(
                    player=isolated(names[player]), opponent=isolated(names[other]), result=cell["words"])
                cell["record"] = record_links(game.record) if game is not None else None
                cells.append(cell)
        body.append({"number": number, "name": names[player], "url": player_url(player), "cells": cells})
    return {"size": len(order), "rows": body,
            "records": any(game.record is not None for game in group.games)}


def _standings_data(league: str, season: str, division: str, group: Group,
                    rows: list[StandingRow], names: dict[str, str], view: SeasonView) -> dict[str, Any]:
    """Return a group's ``standings.json``; ``league`` and ``season`` are ids; games
    ``to_play`` as the group table says them (:func:`to_play`)."""
    gone = withdrawn_players(view.season)
    data = {
        "league": league, "season": season, "division": division, "group": group.name,
        "final": view.status is Status.FINAL, "status": view.status.value,
        "criteria": ["gamepoints", "sodos", "tied_gamepoints"],
        "rows": [{
            "place": row.place, "shared": row.shared, "id": row.player, "name": names[row.player],
            "gamepoints": json_number(row.gamepoints), "sodos": json_number(row.sodos),
            "tied_gamepoints": json_number(row.tied_gamepoints),
            "wins": row.wins, "losses": row.losses, "jigos": row.jigos,
            "forfeit_wins": row.forfeit_wins, "forfeit_losses": row.forfeit_losses,
            "unknown": row.unknown, "to_play": to_play(row, view, gone),
            **json_outcome(view, row.player),
        } for row in rows],
    }
    return data


def _record_history(plan: SitePlan, league: League, season: Season, division: str, group: Group,
                    rows: list[StandingRow], names: dict[str, str], url: str,
                    view: SeasonView, lang: Words, made: SeasonGroupsMade) -> None:
    """Add each row's section of their player page: place, outcome and games in the order
    played, with those still to play (:func:`sitegen.pages.league_games.league_games`, from
    ``made``)."""
    in_progress = made.in_progress
    for row in rows:
        games = made.league_games(group, row.player, names)
        plan.add_player_section(row.player, PlayerSection(
            PLAYER_SECTION, (season.start or FAR_PAST, league.name, season.id), {
            "league": league.name, "season": season.name, "division": division, "group": group.name,
            "league_id": league.id, "season_id": season.id, "url": url, "place": row.place, "shared": row.shared, "size": len(rows),
            "gamepoints": format_points(row.gamepoints, lang),
            "outcome": _outcome_fields(view, row.player, lang),
            "provisional": view.status is Status.PROVISIONAL, "in_progress": in_progress,
            "end": season.end, "to_play": [g for g in games if g["status"] == "to-play"],
            "games": games, "with_colours": any(g["colour"] for g in games),
            "with_handicaps": any(g["handicap"] for g in games),
            "with_records": any(g["record"] for g in games),
            "with_dates": any(g["date"] for g in games)}))


# --------------------------------------------------------------------------- league rules


def _restriction_rows(season: Season, lang: Words) -> list[dict[str, str]]:
    restrictions = season.restrictions
    if restrictions is None:
        return []
    rows = []
    for band in sorted(restrictions.bands, key=lambda b: b.weakest, reverse=True):
        if band.strongest is None:
            ranks = lang._("{rank} and stronger").format(rank=band.weakest)
        elif band.strongest == band.weakest:
            ranks = str(band.weakest)
        else:
            ranks = f"{band.weakest} – {band.strongest}"
        rows.append({"ranks": ranks, "highest": band.highest_division,
                     "lowest": band.lowest_division or lang._("none")})
    return rows


def _players(season: Season) -> list[str]:
    return sorted(p for d in season.divisions for g in d.groups for p in g.players)


# --------------------------------------------------------------------------- final round


def _final_context(league: League, season: Season, view: SeasonView,
                   names: dict[str, str], lang: Words) -> dict[str, Any] | None:
    """Return the final round's page, or None when the season records no final data.

    The qualifiers are those of the season's outcome (:mod:`sitegen.pages.league_outcomes`):
    none before a game is played, provisional while games are left. The result says who won
    by the games (:func:`final_result`), or that the title is undecided; a recorded champion
    is the organizers' decision."""
    if season.final is None and season.defending_champion is None:
        return None
    if not season.divisions:
        return None
    final = season.final
    result = view.final
    base = {
        "league": _ref(league.name, league_url(league)),
        "season_ref": _ref(season.name, season_url(league, season)),
        "title": f"{isolated(league.name)} · {isolated(season.name)} · " + lang._("Final round"),
        "champion": (_ref(names[season.defending_champion], player_url(season.defending_champion))
                     if season.defending_champion else None),
        "notes": [view.status_note] if view.status_note else [], "finalists": [], "others": [],
        "undecided": [], "games": [], "void": bool(final and final.void), "engine_void": False,
        "recorded": None, "result": None}
    if result is None:
        return base
    by_games = final_result(result, final.games if final else ())
    games = [{"a": _ref(names[g.black], player_url(g.black)),
              "b": _ref(names[g.white], player_url(g.white)),
              "colours": g.colours_known, "result": str(g.result),
              "winner": names[winner] if (winner := g.winner()) else None,
              "counts": g.result.counts, "record": record_links(g.record)}
             for g in (final.games if final else ())]
    points = by_games.totals
    open_ties = [t for t in result.ties if not t.by_record]
    recorded = final.champion if final else None
    return {**base,
            "finalists": [{"name": names[f.player], "url": player_url(f.player),
                           "rule": league_words.rule_id(f.rule, lang),
                           "explanation": league_words.words(f.reason, lang),
                           "decided": league_words.decided("", f.decided_by, lang),
                           "advantaged": f.advantaged,
                           "bonus": format_points(f.bonus, lang), "points": format_points(points[f.player], lang)}
                          for f in sorted(result.finalists,
                                          key=lambda f: (-points[f.player], names[f.player], f.player))],
            "others": [{"name": names.get(d.player, d.player) if d.player != "-" else "",
                        "url": player_url(d.player) if d.player in names else None,
                        "rule": league_words.rule_id(d.rule, lang), "explanation": league_words.words(d.reason, lang)}
                       for d in result.decisions if d.outcome is not Move.FINALIST],
            "undecided": [_final_tie_text(t, names, lang) for t in open_ties],
            "games": games, "void": result.void or bool(final and final.void),
            "engine_void": result.void,
            "recorded": _ref(names[recorded], player_url(recorded)) if recorded is not None else None,
            "result": _final_result_text(by_games, names, view.status is Status.PROVISIONAL, lang)}


def _final_tie_text(tie: Tie, names: dict[str, str], lang: Words) -> str:
    """Return the sentence of a place in the final round that a tie leaves open (D.2)."""
    return lang._(league_words.FINAL_TIE).format(tie=tie_sentence(tie, lambda p: names.get(p, p), lang))


def _final_result_text(by_games: FinalResult, names: dict[str, str], provisional: bool, lang: Words) -> str:
    """Return who won the final round by its games, or why nobody has (final round, [7])."""
    if by_games.champion is not None:
        player = by_games.champion
        template = lang._(league_words.FINAL_WON if by_games.points[player] >= 2
                          else league_words.FINAL_WON_ADVANTAGE)
        return template.format(player=names.get(player, player))
    if by_games.level:
        return lang._(league_words.FINAL_LEVEL).format(
            players=league_words.names_and([names.get(p, p) for p in by_games.level], lang),
            points=format_points(by_games.totals[by_games.level[0]], lang))
    return lang._(league_words.FINAL_NO_RESULT)
