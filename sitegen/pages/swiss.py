"""Pages of Swiss leagues (issue 6): the league table, each tournament, one page per round
(pairings with results, standings after the round), ``standings.json`` beside every standings
page, a home-page section and the players' sections.

Scores come from :mod:`sitegen.engine.swiss` ("swiss: tournaments", "swiss: the league"). The
standings order is the engine's (score, then the league score before the tournament); SOS and
SODOS (placement: SOS, placement: SODOS, over played matches) are shown beside it.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any, Callable, Iterator

from ..engine.placement import sodos_of_results
from ..engine.swiss import (SwissLeagueRow, SwissStandingRow, league_scores, league_table, scores,
                            standings, withdrawn_before)
from ..bidi import isolated
from ..model import Content
from ..model.common import GameRecord
from ..model.swiss import Round, SwissLeague, SwissTournament
from ..display import format_points, json_number, player_order, points_text, record_links
from ..facts import swiss_facts
from ..i18n import N_, Words
from ..plan import FAR_PAST, NEXT_PAIRING, JsonFile, Page, People, PlayerSection, SitePlan
from ..ruleset import (EACH_FOLDER, Carded, Counted, Entered, Finished, Gathered, Listed, Met, RuleSet,
                       Scaffolded, entry_step, named_jump)
from ..urls import SWISS_RULES, player_url, swiss_league_url, swiss_round_url, swiss_tournament_url
from .cited_rules import home_section, rules_part

def ordinal(n: int, lang: Words) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th`` ... in the site's language (``4.``, ``4e``)."""
    if n == 1:
        return lang._("1st")
    if n == 2:
        return lang._("2nd")
    if n == 3:
        return lang._("3rd")
    return lang._("{n}th").format(n=n)


STANDINGS_COLUMNS = [
    ("score", N_("Score"), N_("Tournament score"),
     N_("1 point for a won match (1-0 counts as a win), ½ each for 1-1, 0 for a loss, {bye} for "
        "a bye (swiss: tournaments).")),
    ("league_score", N_("League"), N_("League score before this tournament"),
     N_("The sum of the player's three best scores in the earlier tournaments of the league. "
        "Players equal on score are ordered by it; players equal on both share the place.")),
    ("sos", "SOS", N_("Sum of opponents' scores"),
     N_("The scores of every opponent met over the board (forfeits and the bye left out), added "
        "up. Shown for information; it does not change the order.")),
    ("sodos", "SODOS", N_("Sum of defeated opponents' scores"),
     N_("The scores of the opponents this player beat, half of it for a 1-1. Shown for "
        "information; it does not change the order.")),
]
"""The standings' columns: (key, abbreviation, name, explanation), English (see
:func:`standings_columns`); ``{bye}``: the points of a bye, as the league page says them."""


def standings_columns(lang: Words, bye_value: Fraction) -> list[tuple[str, str, str, str]]:
    """Return :data:`STANDINGS_COLUMNS` in the site's language, the score's explanation with
    the tournament's ``bye_value`` (points: ``1``, ``½``; swiss: tournaments), as the league
    page's "1 for a bye" (stop 52's newcomer: the tournament page said "a bye is worth the
    league's bye value" and left the reader to find it)."""
    bye = format_points(bye_value, lang)
    return [(key, lang._(short), lang._(long), lang._(text).format(bye=bye))
            for key, short, long, text in STANDINGS_COLUMNS]


def plan_swiss(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add every Swiss league's pages, files, home-page entry and player sections to ``plan``.
    Each Swiss league is a part of the plan (:meth:`SitePlan.part`): its tournaments follow
    one another (league scores before each), so they are planned together."""
    everyone = plan.people(content.players, lang)
    summaries = [plan.part(("swiss", league.id), _league_part, (league,), everyone)
                 for league in content.swiss_leagues]
    if summaries:
        plan.part(("swiss-rules",), rules_part, ("swiss",), everyone)
        plan.home_sections.append(home_section("swiss", lang, summaries))


def count_swiss(leagues: tuple[SwissLeague, ...]) -> dict[str, int]:
    """The build summary's counts of ``leagues``: Swiss leagues, their tournaments, rounds and
    matches."""
    tournaments = [t for league in leagues for t in league.tournaments]
    return {"leagues": len(leagues), "tournaments": len(tournaments),
            "rounds": sum(len(t.rounds) for t in tournaments),
            "matches": sum(len(r.matches) for t in tournaments for r in t.rounds)}


def _swiss_entries(leagues: tuple[SwissLeague, ...], lang: Words) -> list[tuple[str, str, str]]:
    """The search index's entries of ``leagues``: each Swiss league and its tournaments."""
    entries: list[tuple[str, str, str]] = []
    for swiss in leagues:
        entries.append((swiss.name, swiss_league_url(swiss), lang._("Swiss league")))
        entries += [(t.name, swiss_tournament_url(swiss, t),
                     lang._("tournament of {league}").format(league=swiss.name)) for t in swiss.tournaments]
    return entries


def swiss_results(leagues: tuple[SwissLeague, ...]) -> list[Finished]:
    """Return the Swiss matches with a winner or a draw (a forfeit with nobody present left
    out), listed by their tournament's date (a list made in one loop: see
    :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Finished] = []
    for swiss in leagues:
        for st in swiss.tournaments:
            title = f"{isolated(swiss.name)} · {isolated(st.name)}"
            for rnd in st.rounds:
                url = swiss_round_url(swiss, st, rnd.number)
                for match in rnd.matches:
                    result = match.result
                    if result is None or (result.is_forfeit and not any(result.present)):
                        continue
                    first, second = result.points()
                    winner = match.first if first > second else match.second if second > first else None
                    found.append((st.date, st.date, title, url, match.first, match.second, winner))
    return found


PLAYER_SECTION = "partials/player_swiss.html"
"""The template of a Swiss league's section on a player's page."""


def swiss_open(league: SwissLeague) -> bool:
    """Return True while a Swiss league is in progress: fewer tournaments than its settings
    say, a tournament with fewer rounds than its settings say, or a match without a result."""
    if len(league.tournaments) < league.settings.tournaments:
        return True
    return any(len(t.rounds) < t.settings.rounds or any(m.result is None for r in t.rounds for m in r.matches)
               for t in league.tournaments)


def swiss_card(data: dict[str, Any], lang: Words) -> dict[str, Any] | None:
    """A player's card of a Swiss league in progress (``data["in_progress"]``, by
    :func:`swiss_open`; :class:`sitegen.ruleset.Carded`), or None."""
    if not data["in_progress"]:
        return None
    return {"kind": "swiss", "name": data["league"], "url": data["url"], "entry": data, "next": []}


def swiss_records(leagues: tuple[SwissLeague, ...]) -> Iterator[GameRecord]:
    """Yield the record of every Swiss match that has one (:class:`sitegen.ruleset.Gathered`)."""
    for swiss in leagues:
        for st in swiss.tournaments:
            for rnd in st.rounds:
                yield from (m.record for m in rnd.matches if m.record is not None)


def swiss_meetings(leagues: tuple[SwissLeague, ...]) -> list[Met]:
    """Return each Swiss match once, from the first player's side (1-0 and 2-1 are wins, 1-1 a
    draw, a forfeit a win for the player present; ``--`` left out), dated by its tournament (a
    list made in one loop: see :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Met] = []
    for swiss in leagues:
        name = swiss.name
        for swiss_tournament in swiss.tournaments:
            date, url = swiss_tournament.date, swiss_tournament_url(swiss, swiss_tournament)
            for rnd in swiss_tournament.rounds:
                for match in rnd.matches:
                    match_result = match.result
                    if match_result is None or (match_result.is_forfeit and not any(match_result.present)):
                        continue
                    found.append((match.first, match.second, match_result.points()[0], date, name, url))
    return found


def swiss_dates(leagues: tuple[SwissLeague, ...]) -> list[tuple[str, date | None]]:
    """Return each tournament's date for its page, its rounds' pages and the league's page."""
    found: list[tuple[str, date | None]] = []
    for swiss in leagues:
        for event in swiss.tournaments:
            day = event.date
            found.append((swiss_league_url(swiss), day))
            found.append((swiss_tournament_url(swiss, event), day))
            found += [(swiss_round_url(swiss, event, rnd.number), day) for rnd in event.rounds]
    return found


def swiss_feed(leagues: tuple[SwissLeague, ...], lang: Words) -> Iterator[dict[str, Any]]:
    """Yield one feed entry per dated Swiss tournament with results, dated by its date."""
    for swiss in leagues:
        for tournament in swiss.tournaments:
            day = tournament.date
            played = sum(1 for r in tournament.rounds for m in r.matches if m.result is not None)
            if day is None or not played:
                continue
            yield {"id": f"results/{swiss_tournament_url(swiss, tournament)}",
                   "title": lang._("{competition}: results").format(competition=f"{isolated(swiss.name)} · {isolated(tournament.name)}"),
                   "url": swiss_tournament_url(swiss, tournament), "date": day,
                   "summary": lang.ngettext("{count} match with a result.", "{count} matches with a result.",
                                            played).format(count=played)}


def load_swiss_league(*args: Any, **kwargs: Any) -> Any:
    """:func:`sitegen.validate.swiss.load_swiss_league`, imported when a Swiss league is validated: a build
    with the cache that keeps every Swiss league does not import its validator (issue 31)."""
    from ..validate.swiss import load_swiss_league as load

    return load(*args, **kwargs)

SWISS_LEAGUES = RuleSet("swiss", "swiss_leagues", EACH_FOLDER, load_swiss_league, plan_swiss,
                        work_per_byte=2.0,
                        counted=Counted("Swiss leagues", (("leagues", "league"), ("tournaments", "tournament"),
                                                          ("rounds", "round"), ("matches", "match")), count_swiss),
                        listed=Listed(N_("Swiss leagues"),
                                      lambda leagues: [(league.name, swiss_league_url(league)) for league in leagues],
                                      _swiss_entries, swiss_results, SWISS_RULES),
                        entered=Entered("swiss", lambda leagues: [f"{league.id}/{t.id}" for league in leagues
                                                                  for t in league.tournaments],
                                        entry_step("target", "match_swiss"), entry_step("check", "check_match"),
                                        entry_step("check", "parses_match"), entry_step("entry", "enter_swiss"),
                                        rounds=True,
                                        no_winner=("a Swiss match result is its game score, not a winner",
                                                   "give FIRST SECOND SCORE, e.g. ann ben 2-1"),
                                        worded=lambda words, result, first: words.gettext(
                                            "{result} ({player}'s score first)").format(result=result, player=first),
                                        no_date=N_("noted beside the game: a Swiss league game has no date of its own")),
                        carded=Carded(PLAYER_SECTION, swiss_card, named_jump("swiss", "league"), paired=True),
                        gathered=Gathered(swiss_records, swiss_meetings, swiss_dates, swiss_feed),
                        summarized=swiss_facts,
                        model=SwissLeague,
                        scaffolded=Scaffolded("swiss/{id}/t1", "swiss/{id}/t1.yaml", "a Swiss league, tournament 1 paired",
                                              "swiss/{id}/t1 ann cho 2-1",
                                              (("pl", "liga szwajcarska, pary 1. rundy turnieju 1"),
                                               ("fr", "une ligue suisse, ronde 1 du tournoi 1 appariée"))))
"""Swiss leagues (rules 002): ``content/swiss/<id>/``, one unit per league folder (its
``league.yaml`` and its tournaments' files)."""


def _league_part(plan: SitePlan, players: People, league: SwissLeague) -> dict[str, Any]:
    """The part of Swiss league ``league`` (:meth:`SitePlan.part`): it reads the league and
    its players' names."""
    return _plan_league(league, players.names, plan, players.lang, player_order(players.players))


def _plan_league(league: SwissLeague, names: dict[str, str], plan: SitePlan, lang: Words,
                 order: Callable[[str], tuple]) -> dict[str, Any]:
    """Plan one Swiss league's pages, files and player sections; return its home-page item.
    ``order``: the sort key of the alphabetical lists (:func:`sitegen.display.player_order`)."""
    table = league_table(league)
    tournaments = []
    history: dict[str, list[dict[str, Any]]] = {}
    for tournament in league.tournaments:
        before = league_scores(league, before=tournament.id)
        tournaments.append(_plan_tournament(plan, league, tournament, before, names, order, history, lang))
    rows = _league_rows(league, table, names, lang)
    deciding = [{"first": names[m.first], "second": names[m.second],
                 "first_url": player_url(m.first), "second_url": player_url(m.second),
                 "result": str(m.result)} for m in league.deciding_matches]
    counted = league.settings.counted
    depth = max(league.settings.tournaments, len(league.tournaments))
    plan.add(Page(swiss_league_url(league), "swiss_league.html", {
        "title": league.name, "name": league.name,
        "description": league.description,
        "tournaments": tournaments, "table": rows, "counted": counted,
        "tiebreak_names": [ordinal(k, lang) for k in range(counted + 1, depth + 1)],
        "has_shared": any(r["shared"] for r in rows),
        "has_tie": any(r["deciding_match_possible"] for r in rows),
        "deciding": deciding, "bye_value": format_points(league.settings.bye_value, lang),
        "json_url": swiss_league_url(league) + "standings.json"}),
             JsonFile(swiss_league_url(league) + "standings.json", _league_json(league, table, names),
                      csv=True, indent=1))
    in_progress = swiss_open(league)
    for row in rows:
        plan.add_player_section(row["id"], PlayerSection(
            PLAYER_SECTION, (_latest_date(league), league.name, league.id), {
                "league": league.name, "id": league.id, "url": swiss_league_url(league), "in_progress": in_progress,
                "place": row["place"],
                "shared": row["shared"], "size": len(rows), "league_score": row["league_score"],
                "tournaments": history.get(row["id"], [])}))
    leader = rows[0] if rows else None
    latest = next((t for t in reversed(tournaments) if t["rounds"]), None)
    return {"name": league.name, "url": swiss_league_url(league),
            "detail": lang.ngettext("{count} tournament", "{count} tournaments", len(tournaments)).format(
                          count=len(tournaments))
                      + (lang._("; leader {player} (league score {score})").format(
                          player=leader["name"], score=leader["league_score"]) if leader else "")
                      + (lang._("; latest") if latest else ""),
            "more": {"name": latest["name"], "url": latest["url"]} if latest else None}


def _latest_date(league: SwissLeague) -> date:
    dates = [t.date for t in league.tournaments]
    return max((d for d in dates if d is not None), default=FAR_PAST)


# --------------------------------------------------------------------------- tournaments


def tiebreaks(tournament: SwissTournament, through_round: int) -> dict[str, tuple[Fraction, Fraction]]:
    """Return (SOS, SODOS) of every player after ``through_round``, over matches played over
    the board (placement: SOS, placement: SODOS; forfeits and byes left out), in points."""
    score = scores(tournament, through_round)
    results: dict[str, list[tuple[Fraction, Fraction]]] = {}
    for rnd in tournament.rounds:
        if rnd.number > through_round:
            continue
        for match in rnd.matches:
            if match.result is None or match.result.is_forfeit:
                continue
            for player in match.players:
                other = match.opponent(player)
                results.setdefault(player, []).append((match.points(player), score[other]))
    return {p: (sum((s for _, s in r), Fraction(0)), sodos_of_results(r))
            for p, r in results.items()}


def _plan_tournament(plan: SitePlan, league: SwissLeague, tournament: SwissTournament,
                     before: dict[str, Fraction], names: dict[str, str], order: Callable[[str], tuple],
                     history: dict[str, list[dict[str, Any]]], lang: Words) -> dict[str, Any]:
    url = swiss_tournament_url(league, tournament)
    crumbs_league = {"name": league.name, "url": swiss_league_url(league)}
    crumbs_tournament = {"name": tournament.name, "url": url}
    nav = [{"round": r.number, "url": swiss_round_url(league, tournament, r.number),
            "played": r.has_results} for r in tournament.rounds]
    played = [r for r in tournament.rounds if r.has_results]
    last = played[-1].number if played else None
    for rnd in tournament.rounds:
        rows = standings(tournament, rnd.number, before) if rnd.has_results else []
        table = _standings_rows(tournament, rows, rnd.number, names, lang)
        page_url = swiss_round_url(league, tournament, rnd.number)
        plan.add(Page(page_url, "swiss_round.html", {
            "title": f"{isolated(tournament.name)} · " + lang._("Round {round}").format(round=rnd.number),
            "league": crumbs_league,
            "tournament": crumbs_tournament, "round": rnd.number, "rounds_nav": nav,
            "matches": _matches(rnd, names, lang), "bye": _ref(rnd.bye, names) if rnd.bye else None,
            "bye_value": format_points(tournament.settings.bye_value, lang),
            "bye_points": points_text(tournament.settings.bye_value, lang),
            "dropped": [_ref(p, names) for p in rnd.dropped],
            "withdrawn": [{**_ref(p, names), "after": after} for p, after in sorted(
                withdrawn_before(tournament, rnd.number).items(), key=lambda w: order(w[0]))],
            "has_results": rnd.has_results, "table": table, "columns": standings_columns(lang, tournament.settings.bye_value),
            "has_shared": any(r["shared"] for r in table),
            "json_url": page_url + "standings.json"}),
                 JsonFile(page_url + "standings.json", _standings_json(league, tournament, rnd, table),
                          csv=True, indent=1))
    final = standings(tournament, last, before) if last else []
    final_table = _standings_rows(tournament, final, last or 0, names, lang)
    entries = [{**_ref(e.player, names), "first_round": e.first_round, "last_round": e.last_round}
               for e in sorted(tournament.entries, key=lambda e: order(e.player))]
    plan.add(Page(url, "swiss_tournament.html", {
        "title": tournament.name, "league": crumbs_league, "name": tournament.name,
        "date": tournament.date, "rounds_nav": nav, "after_round": last,
        "total_rounds": tournament.settings.rounds, "entries": entries, "table": final_table,
        "round": last, "columns": standings_columns(lang, tournament.settings.bye_value),
        "has_shared": any(r["shared"] for r in final_table)}))
    _record_history(history, tournament, final, url, names, lang)
    _next_pairings(plan, league, tournament, names)
    return {"name": tournament.name, "url": url, "date": tournament.date,
            "rounds": len(tournament.rounds), "played": len(played),
            "players": len(final), "leader": final_table[0] if final_table else None}


def _next_pairings(plan: SitePlan, league: SwissLeague, tournament: SwissTournament,
                   names: dict[str, str]) -> None:
    """Add a "next game" section to the page of each player of a match of the tournament's
    last paired round that has no result yet (paired, not played)."""
    if not tournament.rounds:
        return
    rnd = tournament.rounds[-1]
    url = swiss_round_url(league, tournament, rnd.number)
    for board, match in enumerate(rnd.matches, 1):
        if match.result is not None:
            continue
        for player in match.players:
            plan.add_player_section(player, PlayerSection("partials/player_next.html", NEXT_PAIRING, {
                "competition": tournament.name, "url": url, "round": rnd.number, "board": board,
                "opponent": _ref(match.opponent(player), names), "colour": "", "handicap": "",
                "record": record_links(match.record)}))


def _ref(pid: str, names: dict[str, str]) -> dict[str, str]:
    return {"id": pid, "name": names[pid], "url": player_url(pid)}


def _matches(rnd: Round, names: dict[str, str], lang: Words) -> list[dict[str, Any]]:
    out = []
    for board, match in enumerate(rnd.matches, 1):
        result = match.result
        if result is None:
            text, words = "", lang._("not played yet")
        elif result.is_forfeit:
            text = str(result)
            first, second = result.present
            words = (lang._("forfeit: {player} wins").format(player=names[match.first]) if first and not second else
                     lang._("forfeit: {player} wins").format(player=names[match.second]) if second and not first else
                     lang._("forfeit: both absent, both lose"))
        else:
            text = str(result)
            a, b = result.points()
            words = (lang._("{player} wins").format(player=names[match.first]) if a > b else
                     lang._("{player} wins").format(player=names[match.second]) if b > a else
                     lang._("drawn match, ½ each"))
        out.append({"board": board, "first": _ref(match.first, names),
                    "second": _ref(match.second, names), "result": text, "words": words,
                    "record": record_links(match.record),
                    "first_points": format_points(match.points(match.first), lang) if result else "",
                    "second_points": format_points(match.points(match.second), lang) if result else ""})
    return out


def _standings_rows(tournament: SwissTournament, rows: list[SwissStandingRow], through: int,
                    names: dict[str, str], lang: Words) -> list[dict[str, Any]]:
    extra = tiebreaks(tournament, through) if rows else {}
    out = []
    for row in rows:
        sos, sod = extra.get(row.player, (Fraction(0), Fraction(0)))
        out.append({**_ref(row.player, names), "place": row.place, "shared": row.shared,
                    "score": format_points(row.score, lang), "league_score": format_points(row.league_score, lang),
                    "sos": format_points(sos, lang), "sodos": format_points(sod, lang),
                    "values": {"score": row.score, "league_score": row.league_score,
                               "sos": sos, "sodos": sod}})
    return out


def _standings_json(league: SwissLeague, tournament: SwissTournament, rnd: Round,
                    table: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "league": league.id, "tournament": tournament.id, "after_round": rnd.number,
        "complete": all(m.result is not None for m in rnd.matches),
        "order": ["score", "league_score"], "information": ["sos", "sodos"],
        "rows": [{"place": r["place"], "shared": r["shared"], "id": r["id"], "name": r["name"],
                  **{k: json_number(v) for k, v in r["values"].items()}} for r in table],
        "pairings": [{"board": i, "first": m.first, "second": m.second,
                      "result": str(m.result) if m.result else None}
                     for i, m in enumerate(rnd.matches, 1)],
        "bye": rnd.bye, "dropped": list(rnd.dropped),
    }


def _record_history(history: dict[str, list[dict[str, Any]]], tournament: SwissTournament, final: list[SwissStandingRow], url: str,
                    names: dict[str, str], lang: Words) -> None:
    place = {r.player: r for r in final}
    for player, row in place.items():
        matches: list[dict[str, Any]] = []
        for rnd in tournament.rounds:
            if rnd.bye == player:
                matches.append({"round": rnd.number, "opponent": None, "result": lang._("bye"),
                                "points": format_points(tournament.settings.bye_value, lang), "record": None})
            for match in rnd.matches:
                if player in match.players:
                    other = match.opponent(player)
                    result = match.result
                    text = ""
                    if result is not None:
                        text = str(result)
                        if player == match.second:  # seen from this player's side
                            text = text[::-1] if result.is_forfeit else "-".join(text.split("-")[::-1])
                    matches.append({"round": rnd.number, "opponent": _ref(other, names),
                                    "result": text or lang._("not played yet"),
                                    "points": format_points(match.points(player), lang) if result else "",
                                    "record": record_links(match.record)})
        history.setdefault(player, []).append({
            "name": tournament.name, "url": url, "place": row.place, "shared": row.shared,
            "size": len(final), "score": format_points(row.score, lang), "matches": matches,
            "with_records": any(m["record"] for m in matches)})


# --------------------------------------------------------------------------- the league table


def _league_rows(league: SwissLeague, table: list[SwissLeagueRow], names: dict[str, str], lang: Words) -> list[dict[str, Any]]:
    rows = []
    for row in table:
        cells = []
        for i, value in enumerate(row.tournament_scores):
            cells.append({"value": format_points(value, lang) if value is not None else "",
                          "played": value is not None, "counted": i in row.counted,
                          "tournament": league.tournaments[i].name})
        rows.append({**_ref(row.player, names), "place": row.place, "shared": row.shared,
                     "cells": cells, "league_score": format_points(row.league_score, lang),
                     "tiebreaks": [format_points(v, lang) for v in row.tiebreaks],
                     "deciding_match_possible": row.deciding_match_possible,
                     "deciding_points": format_points(row.deciding_points, lang)
                     if row.deciding_points is not None else "",
                     "deciding_points_text": points_text(row.deciding_points, lang)
                     if row.deciding_points is not None else ""})
    return rows


def _league_json(league: SwissLeague, table: list[SwissLeagueRow], names: dict[str, str]) -> dict[str, Any]:
    return {
        "league": league.id, "counted": league.settings.counted,
        "tournaments": [{"id": t.id, "name": t.name} for t in league.tournaments],
        "rows": [{
            "place": r.place, "shared": r.shared, "id": r.player, "name": names[r.player],
            "tournament_scores": [json_number(v) for v in r.tournament_scores],
            "counted": [league.tournaments[i].id for i in r.counted],
            "league_score": json_number(r.league_score),
            "tiebreaks": [json_number(v) for v in r.tiebreaks],
            "deciding_match_possible": r.deciding_match_possible,
            "deciding_points": json_number(r.deciding_points),
        } for r in table],
        "deciding_matches": [{"first": m.first, "second": m.second, "result": str(m.result)}
                             for m in league.deciding_matches],
    }
