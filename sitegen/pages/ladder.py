"""Pages of club ladders: the rung list, the games, the handicap page and ``rungs.json``.

Each ladder's log is replayed once (:func:`sitegen.engine.ladder.replay`, ladder: club
ladder); the rung list page, the games page, the handicap page (ladder: handicap), the
machine-readable ``rungs.json`` and each member's section on their player page (with a rung
history chart drawn here as SVG coordinates) all share that replay. Templates only format.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Iterable, Iterator

from ..engine.ladder import (Handicap, HistoryEntry, PlayedGame, Replay, group_by_rung, handicap, handicap_levels,
                             rung_steps)
from ..bidi import isolated
from ..model import Content
from ..model.common import Colour, GameRecord
from ..model.ladder import ClubLadder, HandicapRules, Ladder, LadderGame, Regrading, Rung, RungList
from ..display import format_points, json_number, name_order, player_order, record_links
from ..facts import ladder_facts
from ..i18n import N_, Words
from ..plan import FAR_PAST, JsonFile, Page, People, PlayerSection, SitePlan
from ..remembered import replayed
from ..ruleset import (EACH_YAML_FILE, HALF, ONE, ZERO, Carded, Counted, Entered, Finished, Gathered, Listed,
                       Met, RuleSet, Scaffolded, entry_step, named_jump)
from ..urls import LADDER_RULES, ladder_month_url, ladder_url, player_url
from .cited_rules import home_section, rules_part
from .league_words import clauses_joined

RECENT_GAMES = 15
"""How many games the rung list page shows; the games page has them all."""

CHART_WIDTH, CHART_HEIGHT = 320, 160
"""Size of a member's rung history chart, in SVG user units (one unit a pixel on a phone; the
chart never grows past it and shrinks only on screens narrower than 336 px)."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 58, 28, 10, 40
CHART_TEXT = 12
"""Height of the chart's text in user units (the theme's .rung-chart font size)."""
RUNG_TICKS = 6
"""The y axis names at most this many rungs."""
DATE_TICKS = 4
"""The x axis names at most this many months."""



def _colour_name(colour: Colour, lang: Words) -> str:
    return lang._("White") if colour is Colour.WHITE else lang._("Black")


def plan_ladders(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add every ladder's pages, ``rungs.json``, home-page entry and player sections to ``plan``."""
    everyone = plan.people(content.players, lang)
    items = [plan.part(("ladder", club.id), _ladder_part, (club,), everyone)
             for club in sorted(content.ladders, key=lambda c: c.id)]
    if items:
        plan.part(("ladder-rules",), rules_part, ("ladder",), everyone)
        plan.home_sections.append(home_section("ladder", lang, items))


def ladder_results(clubs: tuple[ClubLadder, ...]) -> list[Finished]:
    """Return the ladder games with a winner or a draw, each listed by its date (a list made in
    one loop: see :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Finished] = []
    white, black = Colour.WHITE, Colour.BLACK
    for club in clubs:
        name, url = club.name, ladder_url(club)
        for event in club.ladder.events:
            if isinstance(event, LadderGame):
                winner = (event.white if event.winner is white else
                          event.black if event.winner is black else None)
                found.append((event.date, event.date, name, url, event.white, event.black, winner))
    return found


def count_ladders(clubs: tuple[ClubLadder, ...]) -> dict[str, int]:
    """The build summary's counts of ``clubs``: ladders, members and games entered."""
    return {"ladders": len(clubs), "members": sum(len(club.ladder.members) for club in clubs),
            "games": sum(1 for club in clubs for event in club.ladder.events if isinstance(event, LadderGame))}


PLAYER_SECTION = "partials/player_ladder.html"
"""The template of a ladder's section on a player's page."""


def ladder_card(data: dict[str, Any], lang: Words) -> dict[str, Any]:
    """A player's card of a ladder (always in progress; :class:`sitegen.ruleset.Carded`)."""
    return {"kind": "ladder", "name": data["ladder"], "url": data["url"], "entry": data, "next": []}


def ladder_records(clubs: tuple[ClubLadder, ...]) -> Iterator[GameRecord]:
    """Yield the record of every ladder game that has one (:class:`sitegen.ruleset.Gathered`)."""
    for club in clubs:
        yield from (e.record for e in club.ladder.events
                    if isinstance(e, LadderGame) and e.record is not None)


def ladder_meetings(clubs: tuple[ClubLadder, ...]) -> list[Met]:
    """Return every ladder game (ladder: club ladder), from White's side, dated by the log (a
    list made in one loop: see :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Met] = []
    white = Colour.WHITE
    for club in clubs:
        name, url = club.name, ladder_url(club)
        for event in club.ladder.events:
            if not isinstance(event, LadderGame):
                continue  # a re-grading
            if event.winner is None:
                points = HALF
            else:
                points = ONE if event.winner is white else ZERO
            found.append((event.white, event.black, points, event.date, name, url))
    return found


def ladder_dates(clubs: tuple[ClubLadder, ...]) -> list[tuple[str, dt.date | None]]:
    """Return the latest event of the log for the ladder's pages, and each month's latest event
    for its month's page (the address made once per month, not per event: 20,000 strftime
    calls took about 65 ms of each save of a federation ladder, issue 31)."""
    found: list[tuple[str, dt.date | None]] = []
    for club in clubs:
        events = [e.date for e in club.ladder.events]
        latest = max(events, default=None)
        base = ladder_url(club)
        for url in (base, base + "games/", base + "handicap/"):
            found.append((url, latest))
        months: dict[tuple[int, int], dt.date] = {}
        for date in events:
            month = (date.year, date.month)
            last = months.get(month)
            if last is None or date > last:
                months[month] = date
        for date in months.values():
            found.append((ladder_month_url(club, date), date))
    return found


def ladder_feed(clubs: tuple[ClubLadder, ...], lang: Words) -> Iterator[dict[str, Any]]:
    """Yield one feed entry per ladder and day with games."""
    for club in clubs:
        per_day: dict[dt.date, int] = {}
        for event in club.ladder.events:
            if isinstance(event, LadderGame):
                per_day[event.date] = per_day.get(event.date, 0) + 1
        for date, count in per_day.items():
            month = ladder_month_url(club, date)
            yield {"id": f"results/{ladder_url(club)}{date.isoformat()}",
                   "title": lang.ngettext("{ladder}: {count} game on {date}", "{ladder}: {count} games on {date}",
                                          count).format(ladder=club.name, count=count, date=lang.format_date(date)),
                   "url": month, "date": date, "summary": ""}


def load_ladder(*args: Any, **kwargs: Any) -> Any:
    """:func:`sitegen.validate.ladder.load_ladder`, imported when a ladder is validated: a build
    with the cache that keeps every ladder does not import its validator (issue 31)."""
    from ..validate.ladder import load_ladder as load

    return load(*args, **kwargs)

LADDERS = RuleSet("ladders", "ladders", EACH_YAML_FILE, load_ladder, plan_ladders, work_per_byte=1.5,
                  counted=Counted("ladders", (("ladders", "ladder"), ("members", "member"), ("games", "game")),
                                  count_ladders),
                  listed=Listed(N_("Ladders"), lambda clubs: [(club.name, ladder_url(club)) for club in clubs],
                                lambda clubs, lang: [(club.name, ladder_url(club), lang._("ladder")) for club in clubs],
                                ladder_results, LADDER_RULES),
                  entered=Entered("ladder", lambda clubs: [club.id for club in clubs],
                                  entry_step("target", "match_ladder"), entry_step("check", "check_ladder"),
                                  entry_step("check", "parses_game"), entry_step("entry", "enter_ladder"), dated=True),
                  carded=Carded(PLAYER_SECTION, ladder_card, named_jump("ladder", "ladder")),
                  gathered=Gathered(ladder_records, ladder_meetings, ladder_dates, ladder_feed),
                  summarized=ladder_facts,
                  model=ClubLadder,
                  scaffolded=Scaffolded("ladders/{id}", "ladders/{id}.yaml", "a club ladder",
                                        "ladders/{id} ben ann W+R --date 2025-03-01",
                                        (("pl", "klubowa drabinka"), ("fr", "une échelle de club"))))
"""Club ladders (rules 004): ``content/ladders/<id>.yaml``, one unit per file."""


# --------------------------------------------------------------------------- one ladder


def _ladder_part(plan: SitePlan, players: People, club: ClubLadder) -> dict[str, Any]:
    """Plan one ladder (a part of the plan: it reads the ladder and its members' names);
    return its home-page item."""
    names = {m.id: players.players[m.id].name for m in club.ladder.members}
    return _plan_ladder(club, replayed(plan.remembered, club.id, club.ladder), names, plan, players.lang,
                        player_order(players.players))


@dataclass
class _Made:
    """What one plan of a ladder made that the next plan may take again (the dev server's
    speed path: the 20,000 rows of a ladder's games pages take 0.25 s to make, its members'
    sections 0.25 s, and an edit of the log changes a few). A continued replay
    (:meth:`sitegen.remembered.Remembered.replay`) keeps the played games and the members'
    histories that an edit did not touch as the same objects, which find their row or section
    here; everything else they are made from is in ``rows_from`` / ``sections_from``. The last
    plan's is kept in the plan's :attr:`~sitegen.plan.SitePlan.remembered`, by ladder id."""

    rows_from: tuple
    sections_from: tuple
    rows: dict[int, tuple[PlayedGame, dict[str, Any]]] = field(default_factory=dict)
    """By ``id(played game)``: the game and its row."""
    sections: dict[str, tuple[tuple[HistoryEntry, ...], PlayerSection]] = field(default_factory=dict)
    """By member: their history and their section."""


def _member_order(result: Replay, names: dict[str, str]) -> list[str]:
    """Return the member ids strongest rung first, then by name."""
    final = result.final
    return sorted(final, key=lambda m: (-final[m].strength, name_order(names[m]), m))


def _records(result: Replay) -> dict[str, dict[str, int]]:
    records = {m: {"games": 0, "wins": 0, "losses": 0, "jigos": 0} for m in result.history}
    for played in result.games:
        game = played.game
        for member, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
            record = records[member]
            record["games"] += 1
            if game.winner is None:
                record["jigos"] += 1
            elif game.winner is colour:
                record["wins"] += 1
            else:
                record["losses"] += 1
    return records


def _record_text(record: dict[str, int]) -> str:
    return f"{record['wins']}–{record['losses']}" + (f"–{record['jigos']}" if record["jigos"] else "")


def _plan_ladder(club: ClubLadder, result: Replay, names: dict[str, str],
                 plan: SitePlan, lang: Words, order: Callable[[str], tuple]) -> dict[str, Any]:
    """Plan one ladder's pages and files; return its home-page item. ``order``: the sort key
    of its alphabetical lists, a rung's members and the handicap calculator's choices
    (:func:`sitegen.display.player_order`)."""
    url = ladder_url(club)
    ladder = club.ladder
    final = result.final
    anchors = {m.id for m in ladder.members if m.anchor}
    records = _records(result)
    dates = [event.date for event in ladder.events]
    first_date, last_date = (min(dates), max(dates)) if dates else (None, None)

    def person(member: str) -> dict[str, Any]:
        return {"id": member, "name": names[member], "url": player_url(member),
                "anchor": member in anchors}

    groups = []
    for rung, members in group_by_rung(final):
        ordered = sorted(members, key=order)
        groups.append({"rung": str(rung), "words": rung_words(rung, lang), "members": [
            {**person(m), "last_game": result.last_game(m), "record": _record_text(records[m]),
             "games": records[m]["games"]} for m in ordered]})

    made = _Made(rows_from=(lang.tag, names),
                 sections_from=(lang.tag, names, club.name, first_date, last_date,
                                ladder.rungs, frozenset(anchors)))
    earlier = plan.remembered.made.get(club.id) if plan.remembered is not None else None
    rows = earlier.rows if earlier is not None and earlier.rows_from == made.rows_from else {}
    sections = (earlier.sections if earlier is not None and earlier.sections_from == made.sections_from
                else {})
    recent = [_game_row(played, names, lang) for played in reversed(result.games[-RECENT_GAMES:])]  # newest first
    events = _event_rows(result, names, rows, made.rows, lang)
    common = {"ladder": {"name": club.name, "url": url}, "name": club.name}
    links = {"games_url": url + "games/", "handicap_url": url + "handicap/",
             "json_url": url + "rungs.json"}
    plan.add(Page(url, "ladder.html", {
        **common, **links, "title": club.name, "description": club.description,
        "members": len(final), "game_count": len(result.games), "anchors": len(anchors),
        "first_date": first_date, "last_date": last_date, "groups": groups,
        "recent": recent, "rung_count": len(ladder.rungs),
        "bottom": str(ladder.rungs.bottom), "top": str(ladder.rungs.top),
        **_rung_notes(ladder, final.values(), bool(anchors), lang)}),
             JsonFile(url + "rungs.json", rungs_document(club, result, names, records, order), csv=True))
    months: dict[str, list[dict[str, Any]]] = {}
    named: dict[tuple[int, int], str] = {}  # strftime once per month, not per game (20,000)
    for event in events:
        date = event["date"]
        shown = named.get((date.year, date.month))
        if shown is None:
            shown = named[(date.year, date.month)] = date.strftime("%Y-%m")
        months.setdefault(shown, []).append(event)
    month_list: list[dict[str, Any]] = [{"id": month, "name": _month_name(month, lang), "url": ladder_month_url(club, rows[0]["date"]),
                   "games": sum(1 for e in rows if e["kind"] == "game"),
                   "regradings": sum(1 for e in rows if e["kind"] == "regrading")}
                  for month, rows in sorted(months.items(), reverse=True)]
    plan.add(Page(url + "games/", "ladder_games.html", {
        **common, **links, "title": f"{isolated(club.name)} · " + lang._("games"), "months": month_list,
        "game_count": len(result.games), "month": None, "events": []}))
    for month in month_list:
        plan.add(Page(month["url"], "ladder_games.html", {
            **common, **links, "title": f"{isolated(club.name)} · " + lang._("games") + f" · {month['name']}",
            "months": month_list, "game_count": month["games"], "month": month,
            "events": months[month["id"]]}))
    strongest = _member_order(result, names)
    plan.add(Page(url + "handicap/", "ladder_handicap.html", {
        **common, **links, "title": f"{isolated(club.name)} · " + lang._("handicaps")},
        deferred=partial(handicap_table, ladder.handicap_rules, ladder.rungs,
                         tuple((m, final[m], names[m], order(m)) for m in strongest), lang)))
    _player_sections(club, result, names, records, plan, first_date, last_date,
                     sections, made.sections, lang)
    if plan.remembered is not None:
        plan.remembered.made[club.id] = made
    detail = lang._("{members}, {games}").format(
        members=lang.ngettext("{count} member", "{count} members", len(final)).format(count=len(final)),
        games=lang.ngettext("{count} game", "{count} games", len(result.games)).format(count=len(result.games)))
    if last_date is not None:
        detail += " " + lang._("(last on {date})").format(date=lang.format_date(last_date))
    return {"name": club.name, "url": url, "detail": detail,
            "more": {"name": lang._("handicaps"), "url": url + "handicap/"}}


def _month_name(month: str, lang: Words) -> str:
    """Return ``March 2025`` for ``2025-03`` (``marzec 2025``, ``mars 2025``)."""
    year, number = month.split("-")
    return lang.format_month(dt.date(int(year), int(number), 1))


def _change(member: str, before: Rung, after: Rung, names: dict[str, str]) -> dict[str, Any]:
    direction = "up" if after > before else "down" if after < before else ""
    return {"id": member, "name": names[member], "url": player_url(member),
            "before": str(before), "after": str(after), "direction": direction}


def handicap_text(h: Handicap, lang: Words) -> dict[str, str]:
    """Return the stones, komi and first move of a handicap as short texts (ladder: handicap)."""
    stones = str(h.stones)
    if h.komi_to is None:
        komi = lang._("none")
    else:
        komi = (lang._("{komi} to White") if h.komi_to is Colour.WHITE else lang._("{komi} to Black")).format(
            komi=lang.format_decimal(h.komi))
    if h.stones:
        first = lang.ngettext("White (after Black's {stones} stone)", "White (after Black's {stones} stones)",
                              h.stones).format(stones=h.stones)
    else:
        first = _colour_name(h.first, lang)
    return {"levels": str(h.levels), "stones": stones, "komi": komi, "first": first}


def rung_sizes(rungs: RungList, lang: Words) -> list[dict[str, str]]:
    """Return how big one rung of ``rungs`` is, in grades (one grade, 1k to 1d, is one handicap
    level: ladder: handicap), stretch by stretch, weakest first (:func:`sitegen.engine.ladder.
    rung_steps`): ``{weakest, strongest, size}`` rows, for the rules' list 25k-20k 1, 20k-10k ½,
    10k-1d 0.2, 1d-5d 0.1 (ladder: club ladder, "The rungs are not evenly spaced"); [] for a
    list of one rung."""
    return [{"weakest": str(step.weakest), "strongest": str(step.strongest),
             "size": format_points(step.size, lang)} for step in rung_steps(rungs)]


def _rung_notes(ladder: Ladder, held: Iterable[Rung], anchors: bool, lang: Words) -> dict[str, Any]:
    """The ladder page's words on its rungs: the sizes' table (:func:`rung_sizes`), the note
    before the list (:func:`rung_key`) and the handicap's sentence (:func:`handicap_example`),
    the last two with the same examples of the rungs ``held`` (:func:`decimal_examples`)."""
    examples = decimal_examples(held, ladder.rungs)
    return {"rung_sizes": rung_sizes(ladder.rungs, lang), "rung_key": rung_key(examples, anchors, lang),
            "handicap_example": handicap_example(examples, ladder.handicap_rules, lang)}


def grade_words(strength: Fraction, lang: Words) -> str:
    """Return a whole grade in words: strength 1 is "2 dan", 0 "1 dan", -1 "1 kyu" (ladder:
    handicap, "treat 'x'kyu = -x; 'y'dan = y-1")."""
    if strength >= 0:
        return lang._("{n} dan").format(n=strength + 1)
    return lang._("{n} kyu").format(n=-strength)


def rung_words(rung: Rung, lang: Words) -> str:
    """Return a rung in words, where the table reads it (its ``<abbr title>``): 3d "3 dan";
    2.7d "between 2 dan and 3 dan, closer to 3 dan"; 0.2k (strength -0.2, 0.8 of a grade above
    1k) "between 1 kyu and 1 dan, closer to 1 dan"; 9.2k "between 10 kyu and 9 kyu, closer to
    9 kyu"; 13.5k "halfway between 14 kyu and 13 kyu" (ladder: club ladder, the rungs)."""
    strength = rung.strength
    below = Fraction(math.floor(strength))
    if strength == below:
        return grade_words(strength, lang)
    weaker, stronger = grade_words(below, lang), grade_words(below + 1, lang)
    part = strength - below
    if part == Fraction(1, 2):
        return lang._("halfway between {weaker} and {stronger}").format(weaker=weaker, stronger=stronger)
    return lang._("between {weaker} and {stronger}, closer to {closer}").format(
        weaker=weaker, stronger=stronger, closer=stronger if part > Fraction(1, 2) else weaker)


def decimal_examples(held: Iterable[Rung], rungs: RungList) -> list[Rung]:
    """Return the strongest dan rung and the strongest kyu rung with a decimal that a member
    holds (``held``), else the list's, dan first; [] when no rung has a decimal."""
    examples: list[Rung] = []
    strongest_first = sorted(set(held), reverse=True)
    for dan in (True, False):
        found = next((r for r in strongest_first if r.is_dan is dan and r.strength.denominator != 1), None)
        found = found or next((r for r in reversed(rungs.rungs)
                               if r.is_dan is dan and r.strength.denominator != 1), None)
        if found is not None:
            examples.append(found)
    return examples


def rung_key(examples: list[Rung], anchors: bool, lang: Words) -> str:
    """Return the note before the rung list (stop 48's newcomer check: "0.2k", "2.7d" and
    "(anchor)" were explained only under the table, in terms of strengths): the ``examples`` in
    words (:func:`rung_words`: "2.7d is between 2 dan and 3 dan, closer to 3 dan", which says
    what k and d stand for; without examples "k = kyu, d = dan") and, when the ladder has
    ``anchors``, what an anchor is; at most four lines of a 360 px phone, so that the list's
    first row stays in its first screen in en, pl and fr (ladder: club ladder)."""
    if examples:  # "2.7d is between 2 dan and 3 dan" says what k and d stand for
        text = clauses_joined([lang._("{rung} is {words}").format(rung=r, words=rung_words(r, lang))
                               for r in examples], lang) + "."
    else:
        text = lang._("k = kyu, d = dan") + "."
    if anchors:
        text += " " + lang._("Anchors (strong players) keep their rung.")
    return text[:-1] + " " + lang._("(ladder: club ladder)") + "."


def handicap_example(examples: list[Rung], rules: HandicapRules, lang: Words) -> str:
    """Return how the handicap follows from two rungs, with the two ``examples`` when there are
    two (2.7d and 0.2k: 1.7 - (-0.2) = 1.9 grades apart, handicap 1), else without (ladder:
    handicap: "Subtract the two strengths then ignore any fractions")."""
    if len(examples) < 2:
        return lang._("The handicap between two members is how many grades apart their rungs are, its "
                      "fraction dropped (ladder: handicap).")
    a, b = examples
    return lang._("The handicap between two members is how many grades apart their rungs are, its "
                  "fraction dropped: {a} and {b} are {apart} grades apart, handicap {levels} (ladder: "
                  "handicap).").format(
                      a=a, b=b, apart=lang.format_decimal(abs(a.strength - b.strength)),
                      levels=handicap_levels(a, b, rules))


def _short_handicap(h: Handicap, lang: Words) -> str:
    """Return e.g. ``13 (9 stones, 40 komi to Black)``, ``0 (6 komi to White)``, ``1 (no komi)``."""
    parts = [lang.ngettext("{stones} stone", "{stones} stones", h.stones).format(stones=h.stones)] if h.stones else []
    if h.komi_to is not None:
        parts.append((lang._("{komi} komi to White") if h.komi_to is Colour.WHITE else
                      lang._("{komi} komi to Black")).format(komi=lang.format_decimal(h.komi)))
    if not parts:
        parts.append(lang._("no komi"))
    return f"{h.levels} ({', '.join(parts)})"


def _game_row(played: PlayedGame, names: dict[str, str], lang: Words) -> dict[str, Any]:
    game: LadderGame = played.game
    if game.winner is None:
        outcome = lang._("jigo")
    else:
        outcome = lang._("White won") if game.winner is Colour.WHITE else lang._("Black won")
    return {"kind": "game", "date": game.date, "white": _change(game.white, played.white.before,
                                                  played.white.after, names),
            "black": _change(game.black, played.black.before, played.black.after, names),
            "result": outcome, "handicap": _short_handicap(played.handicap, lang),
            "record": record_links(game.record),
            "winner": (game.white if game.winner is Colour.WHITE else
                       game.black if game.winner is Colour.BLACK else None)}


def _event_rows(result: Replay, names: dict[str, str],
                earlier: dict[int, tuple[PlayedGame, dict[str, Any]]],
                made: dict[int, tuple[PlayedGame, dict[str, Any]]], lang: Words) -> list[dict[str, Any]]:
    """Return the games and re-gradings of the log, newest first, for the games page; a game
    found in ``earlier`` (see :class:`_Made`) keeps its row; ``made`` gets every game's."""
    rows: list[dict[str, Any]] = []
    played = iter(result.games)
    before: dict[str, Rung] = {m.id: m.rung for m in result.ladder.members}
    events = result.ladder.events
    for index in sorted(range(len(events)), key=lambda i: events[i].date):  # in log order
        event = events[index]
        if isinstance(event, Regrading):
            rows.append({"kind": "regrading", "date": event.date, "record": None,
                         "member": _change(event.member, before[event.member], event.rung, names)})
            before[event.member] = event.rung
            continue
        game = next(played)
        known = earlier.get(id(game))
        row = known[1] if known is not None and known[0] is game else _game_row(game, names, lang)
        made[id(game)] = (game, row)
        before[event.white], before[event.black] = game.white.after, game.black.after
        rows.append(row)
    rows.reverse()  # newest first: by date, then place in the log, both descending
    return rows


# --------------------------------------------------------------------------- handicap page


_LEVEL_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

MATRIX_MEMBERS = 50
"""Above this many members the handicap page has no member-against-member table (300 members
made 90,000 cells, about 1 MB of HTML; issue 31) but the rungs held with their strengths, and
its calculator's data is per rung, not per member. 50 (was 100, stop 51): a phone's
Lighthouse score stays at 90 or more; 90 members' 8,100 cells scored 74-81 on a shared machine
where the rungs held scored 100 (bench/README.md, "The ladder's handicap page under 90")."""


def handicap_table(rules: HandicapRules, rungs: RungList,
                   members: tuple[tuple[str, Rung, str, tuple], ...], lang: Words) -> dict[str, Any]:
    """Return the handicap page's context (deferred: made with the page, from these small
    inputs): the members strongest first, the matrix of handicap levels between every two of
    them, the legend of levels, and the page's data. Above :data:`MATRIX_MEMBERS` members,
    ``rows`` is empty and ``rung_rows`` lists the rungs held instead (:func:`_rung_rows`).

    ladder: handicap, from ``members``: ``(id, current rung, name, sort key)``, strongest
    first; the calculator's choices are in the order of the sort keys
    (:func:`sitegen.display.player_order`: by family name where known).
    ``data`` (embedded as JSON) holds the members (name ``n``, rung ``r``, rung index ``x``),
    one string per member with the level against every member as a base-36 digit, and the
    stones, komi and first move per level; above :data:`MATRIX_MEMBERS` members the strings
    are one per rung held (strongest first) against every rung held, and each member has the
    number ``k`` of its rung's string.
    """
    order = [member for member, _rung, _name, _key in members]
    final = {member: rung for member, rung, _name, _key in members}
    names = {member: name for member, _rung, name, _key in members}
    keys = [key for _member, _rung, _name, key in members]
    by_member = len(order) <= MATRIX_MEMBERS
    held = list(dict.fromkeys(final[m] for m in order))  # strongest first, as the members
    units = [final[m] for m in order] if by_member else held
    rows = []
    level_rows = []
    bands: dict[int, dict[str, str]] = {}
    for number, rung in enumerate(units, start=1):
        found = [handicap(rung, other, rules) for other in units]
        for h in found:
            if h.levels not in bands:
                bands[h.levels] = handicap_text(h, lang)
        level_rows.append("".join(_LEVEL_DIGITS[h.levels] for h in found))
        if by_member:
            member = order[number - 1]
            rows.append({"number": number, "name": names[member], "url": player_url(member),
                         "rung": str(rung), "cells": _level_cells(
                             [(other == member, h) for other, h in zip(order, found)])})
    legend = []
    for level in range(rules.cap + 1):
        example = _example_handicap(level, rules)
        text = handicap_text(example, lang) if example is not None else None
        if text is not None:
            legend.append(text)
            bands.setdefault(level, text)
    index = {rung: k for k, rung in enumerate(held)}
    data = {
        "members": [{"n": names[m], "r": str(final[m]), "x": rungs.index(final[m]),
                     **({} if by_member else {"k": index[final[m]]})} for m in order],
        "levels": level_rows,
        "bands": {str(level): text for level, text in sorted(bands.items())},
    }
    choices = sorted(range(len(order)), key=keys.__getitem__)
    return {"rows": rows, "size": len(order), "legend": legend, "data": data,
            "rung_rows": [] if by_member else _rung_rows([final[m] for m in order]),
            "choices": [{"value": i, "name": names[order[i]], "rung": str(final[order[i]])}
                        for i in choices],
            "cap": rules.cap}


def _level_cells(pairs: list[tuple[bool, Handicap]]) -> list[dict[str, str]]:
    """Return a matrix row's cells from ``(same?, handicap)`` per column: empty against itself,
    ``=`` for a nigiri (same rung), else the level."""
    return [{"kind": "self", "text": ""} if same else {"kind": "nigiri", "text": "="} if h.nigiri
            else {"kind": "level", "text": str(h.levels)} for same, h in pairs]


def _rung_rows(held: list[Rung]) -> list[dict[str, Any]]:
    """Return the rungs table of a big ladder: one row per rung some member holds (``held``:
    each member's rung, strongest first), ``{rung, strength, members}`` (the strength as
    ladder: handicap counts it, the number of members on the rung). A rung-against-rung
    matrix would not do: 300 members of the synthetic federation hold about 100 rungs, 10,000
    cells."""
    counts: dict[Rung, int] = {}
    for rung in held:
        counts[rung] = counts.get(rung, 0) + 1
    return [{"rung": str(rung), "strength": str(json_number(rung.strength)).replace("-", "−"),
             "members": count} for rung, count in counts.items()]


def _example_handicap(level: int, rules: HandicapRules) -> Handicap | None:
    """Return the engine's handicap for two rungs ``level`` whole levels apart (for the legend)."""
    base = Rung(Fraction(-30))
    try:
        other = Rung(base.strength + level)
    except ValueError:  # pragma: no cover - the cap is at most 38, the span of all rungs
        return None
    return handicap(other, base, rules)


# --------------------------------------------------------------------------- rungs.json


def rungs_document(club: ClubLadder, result: Replay, names: dict[str, str],
                   records: dict[str, dict[str, int]], order: Callable[[str], tuple]) -> dict[str, Any]:
    """Return ``rungs.json``, the machine-readable rung list: members grouped by rung,
    strongest first (each rung's in ``order``, as the ladder's page lists them), and every
    member with their rung and ``records`` (:func:`_records`)."""
    final = result.final
    anchors = {m.id for m in club.ladder.members if m.anchor}
    starts = {m.id: m.rung for m in club.ladder.members}
    dates = [event.date for event in club.ladder.events]

    def last(member: str) -> str | None:
        date = result.last_game(member)
        return date.isoformat() if date else None

    return {
        "ladder": club.id, "name": club.name,
        "as_of": max(dates).isoformat() if dates else None,
        "rung_list": [str(rung) for rung in club.ladder.rungs],
        "rungs": [{"rung": str(rung), "strength": json_number(rung.strength),
                   "members": sorted(members, key=order)}
                  for rung, members in group_by_rung(final)],
        "members": [{"id": m, "name": names[m], "rung": str(final[m]),
                     "strength": json_number(final[m].strength), "start": str(starts[m]),
                     "anchor": m in anchors, "last_game": last(m), **records[m]}
                    for m in _member_order(result, names)],
    }


# --------------------------------------------------------------------------- player pages


def rung_chart(history: list[tuple[dt.date, Rung]], start: dt.date, end: dt.date,
               club: ClubLadder, lang: Words) -> dict[str, Any]:
    """Return the coordinates of a member's rung history chart, a step line over time.

    ``history`` is the starting rung (dated ``start``) and the rung after each event, in
    order. x runs from ``start`` to ``end``, y over the rungs of the list the member stood on,
    one rung above and below. The y axis is labelled with up to :data:`RUNG_TICKS` rungs (the
    lowest and highest shown among them), the x axis with the first day of up to
    :data:`DATE_TICKS` months. Coordinates are SVG user units with one decimal; text is
    :data:`CHART_TEXT` units high, so at least that many pixels on a 360 px phone.
    """
    rungs = club.ladder.rungs
    indexes = [rungs.index(rung) for _, rung in history]
    low = max(min(indexes) - 1, 0)
    high = min(max(indexes) + 1, len(rungs) - 1)
    if high == low:
        high = low + 1
    span = max((end - start).days, 1)
    width = CHART_WIDTH - _LEFT - _RIGHT
    height = CHART_HEIGHT - _TOP - _BOTTOM

    def x(date: dt.date) -> float:
        return _LEFT + width * (date - start).days / span

    def y(index: int) -> float:
        return _TOP + height * (high - index) / (high - low)

    points: list[tuple[float, float]] = []
    for (date, _rung), index in zip(history, indexes):
        if points:  # a step: along at the height before, then up or down
            points.append((x(date), points[-1][1]))
        points.append((x(date), y(index)))
    points.append((x(end), points[-1][1]))
    step = -(-(high - low) // (RUNG_TICKS - 1))  # ceiling: at most RUNG_TICKS labels
    ticks = sorted(set(range(low, high + 1, step)) | {high})
    return {
        "width": CHART_WIDTH, "height": CHART_HEIGHT,
        "points": " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
        "end": {"x": f"{points[-1][0]:.1f}", "y": f"{points[-1][1]:.1f}"},
        "ticks": [{"y": f"{y(i):.1f}", "label": str(rungs[i])} for i in ticks],
        "dates": [{"x": f"{x(day):.1f}", "label": lang.format_chart_month(day)} for day in _month_ticks(start, end)],
        "left": _LEFT, "right": CHART_WIDTH - _RIGHT, "bottom": CHART_HEIGHT - _BOTTOM,
        "top": _TOP, "start": start.isoformat(), "end_date": end.isoformat(),
        "label_y": CHART_HEIGHT - _BOTTOM + 16, "axis_x": 4, "axis_y": (_TOP + CHART_HEIGHT - _BOTTOM) // 2,
    }


def _month_ticks(start: dt.date, end: dt.date) -> list[dt.date]:
    """Return the first days of months from ``start`` to ``end`` to label the x axis: at most
    :data:`DATE_TICKS`, evenly spaced in months (``start`` itself when no month begins)."""
    months = []
    day = dt.date(start.year, start.month, 1)
    while day <= end:
        if day >= start:
            months.append(day)
        day = dt.date(day.year + day.month // 12, day.month % 12 + 1, 1)
    if not months:
        return [start]
    step = -(-len(months) // DATE_TICKS)
    return months[::step]


def _player_sections(club: ClubLadder, result: Replay, names: dict[str, str],
                     records: dict[str, dict[str, int]], plan: SitePlan,
                     first_date: dt.date | None, last_date: dt.date | None,
                     earlier: dict[str, tuple[tuple[HistoryEntry, ...], PlayerSection]],
                     made: dict[str, tuple[tuple[HistoryEntry, ...], PlayerSection]], lang: Words) -> None:
    """Add each member's section of their player page; a member whose history is the one
    in ``earlier`` (see :class:`_Made`) keeps its section; ``made`` gets every member's."""
    anchors = {m.id for m in club.ladder.members if m.anchor}
    for member in sorted(result.history):
        entries = result.history[member]
        known = earlier.get(member)
        if known is not None and known[0] is entries:
            section = known[1]
        else:
            section = _member_section(club, result, member, names, records[member],
                                      member in anchors, first_date, last_date, lang)
        made[member] = (entries, section)
        plan.add_player_section(member, section)


def _member_section(club: ClubLadder, result: Replay, member: str, names: dict[str, str],
                    record: dict[str, int], anchor: bool,
                    first_date: dt.date | None, last_date: dt.date | None, lang: Words) -> PlayerSection:
    """Return ``member``'s section of their player page: rung now and at the start, record,
    rung history chart and events in the order played, oldest first (issue 27: as a league
    season's games are listed)."""
    entries = result.history[member]
    games = []
    for entry in entries[1:]:
        event = entry.event
        if isinstance(event, LadderGame):
            colour = Colour.WHITE if event.white == member else Colour.BLACK
            opponent = event.black if colour is Colour.WHITE else event.white
            outcome = ("jigo" if event.winner is None else
                       "won" if event.winner is colour else "lost")
            games.append({"date": event.date, "opponent": names[opponent],
                          "opponent_url": player_url(opponent), "colour": _colour_name(colour, lang),
                          "outcome": outcome,
                          "outcome_text": lang._("jigo") if outcome == "jigo" else lang._("won") if outcome == "won" else lang._("lost"),
                          "rung": str(entry.rung),
                          "record": record_links(event.record)})
        elif isinstance(event, Regrading):
            games.append({"date": event.date, "opponent": "", "opponent_url": "",
                          "colour": "", "outcome": "re-graded", "outcome_text": lang._("re-graded"),
                          "rung": str(entry.rung),
                          "record": None})
    chart = None
    if first_date is not None and last_date is not None:
        # every entry after the starting rung is an event's, with its date
        history = [(first_date, entries[0].rung)] + [(e.date, e.rung) for e in entries[1:]
                                                     if e.date is not None]
        chart = rung_chart(history, first_date, last_date, club, lang)
    start, now = entries[0].rung, entries[-1].rung
    last = result.last_game(member)
    return PlayerSection(
        PLAYER_SECTION, (last or first_date or FAR_PAST, club.name, club.id), {
            "ladder": club.name, "id": club.id, "url": ladder_url(club), "name": names[member],
            "rung": str(now), "start": str(start), "anchor": anchor,
            "record": _record_text(record), "games_played": record["games"],
            "last_game": last, "chart": chart, "events": games,
            "with_records": any(g["record"] for g in games),
            "chart_title": lang._("{player}'s rung in {ladder}: from {start} to {now}").format(
                player=names[member], ladder=club.name, start=start, now=now)
                           + (lang._(", {first} to {last}").format(first=lang.format_date(first_date),
                                                              last=lang.format_date(last_date))
                              if first_date and last_date else ""),
        })
