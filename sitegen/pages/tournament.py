"""Pages of tournaments: standings after each round, ``standings.json`` beside each, the EGD
``results.h9`` file, the players' tournament games and a home-page section.

URLs: ``tournaments/<id>/`` holds the standings after the last round of the tournament so far
(:attr:`~sitegen.model.tournament.Tournament.last_round`: the last round the content lists,
even one without any game) and its ``standings.json``; ``results.h9`` is always after the
tournament's last round, as OpenGotha exports it; ``tournaments/<id>/round-<n>/`` the
standings after each earlier round, so the round selector is plain links (no JavaScript).
Values come from the placement engine (:func:`sitegen.engine.placement.standings`), exact,
shown with ½ ¼ ¾. Rounds without any game are named in a note (docs/placement.md, "Rounds
without games").
"""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from functools import cache, partial
from typing import Any, Callable, Iterator

from ..engine.placement import PlacementRow, RoundByRound, format_value
from ..engine.placement.fast import ranked_ids
from ..model import Content
from ..model.common import GameRecord, Rank
from ..model.tournament import Criterion, DCVariant, GameResult, System, Tournament
from ..display import date_range, format_points, record_links
from ..facts import tournament_facts
from ..i18n import N_, Words
from ..plan import FAR_PAST, NEXT_PAIRING, File, JsonFile, Page, People, PlayerSection, SitePlan
from ..ruleset import (EACH_YAML_FILE, HALF, ONE, ZERO, Carded, Counted, Entered, Finished, Gathered, Listed,
                       Met, RuleSet, Scaffolded, entry_step, named_jump)
from ..urls import TOURNAMENT_RULES, player_url, round_url, tournament_url
from .cited_rules import home_section, rules_part
from .tournament_rounds import RoundsPlayed, final_after, results_to_come, rounds_played
from .tournament_words import order_steps, parameters_text, without_game_text

# --------------------------------------------------------------------------- wording

CRITERION_TEXT: dict[Criterion, tuple[str, str]] = {
    Criterion.NBW: (N_("Number of wins"),
                    N_("A win counts 1 (also a win by forfeit), a jigo ½, a bye {nbw_bye}, a declared "
                       "absence {nbw_absent}.")),
    Criterion.MMS: (N_("McMahon score"),
                    N_("Your starting score (from your rank, limited by the bar and the floor, plus "
                       "any correction) plus your wins. A bye adds {mms_bye}, a declared absence "
                       "{mms_absent}{round_down}; jigo halves are never rounded.")),
    Criterion.SOSW: (N_("Sum of opponents' number of wins"),
                     N_("The sum of your opponents' NBW after the round. A round without a game "
                        "counts 0.")),
    Criterion.SOSM: (N_("Sum of opponents' McMahon scores"),
                     N_("The sum of your opponents' MMS after the round. In a handicap game your "
                        "opponent's MMS is corrected: as White you add the handicap stones, as Black "
                        "you subtract them. A round without a game counts your own starting score.")),
    Criterion.SOSW_1: (N_("SOSW without the lowest value"),
                       N_("SOSW without your one lowest per-round value (a round without a game "
                          "included).")),
    Criterion.SOSW_2: (N_("SOSW without the two lowest values"),
                       N_("SOSW without your two lowest per-round values (a round without a game "
                          "included).")),
    Criterion.SOSM_1: (N_("SOSM without the lowest value"),
                       N_("SOSM without your one lowest per-round value (a round without a game "
                          "included){defect}.")),
    Criterion.SOSM_2: (N_("SOSM without the two lowest values"),
                       N_("SOSM without your two lowest per-round values (a round without a game "
                          "included){defect}.")),
    Criterion.SOSOSW: (N_("Sum of opponents' SOSW"),
                       N_("The sum of your opponents' SOSW. A round without a game counts 0.")),
    Criterion.SOSOSM: (N_("Sum of opponents' SOSM"),
                       N_("The sum of your opponents' SOSM. A round without a game counts your "
                          "starting score × the number of rounds.")),
    Criterion.SODOSW: (N_("Sum of defeated opponents' number of wins"),
                       N_("The sum of the NBW of the opponents you beat (half of it for a jigo; "
                          "forfeit wins count).")),
    Criterion.SODOSM: (N_("Sum of defeated opponents' McMahon scores"),
                       N_("The sum of the MMS of the opponents you beat (half of it for a jigo; "
                          "forfeit wins count).")),
    Criterion.CUSSW: (N_("Cumulative sum of number of wins"),
                      N_("Your NBW after round 1 + after round 2 + ...: early wins weigh more.")),
    Criterion.CUSSM: (N_("Cumulative sum of McMahon scores"),
                      N_("Your MMS after round 1 + after round 2 + ...: early wins weigh more.")),
    Criterion.EXT: (N_("Feats tried (ExT)"),
                    N_("The sum of your opponents' number of wins, each weighted by how hard the game "
                       "was for you: 0 if the handicap was easier than your rank difference, 1 if "
                       "equal, 2 if one stone harder, 3 if two or more.")),
    Criterion.EXR: (N_("Feats achieved (ExR)"),
                    N_("The same as EXT, over the games you won.")),
    Criterion.DC: (N_("Direct confrontation"), "{dc}"),
    Criterion.SDC: (N_("Simplified direct confrontation"),
                    N_("If all players tied on the criteria before {first} played each other, your number "
                       "of wins among them; otherwise 0 for all.")),
    Criterion.CPS: (N_("Cup score"),
                    N_("Each round doubles your earlier score and adds the new result, so an early "
                       "win outweighs all later ones. A bye or a declared absence adds its value "
                       "once, without doubling.")),
    Criterion.RANK: (N_("Rank"), N_("Your rank in this tournament (higher is better).")),
    Criterion.RATING: (N_("Rating"), N_("Your rating in this tournament (higher is better).")),
    Criterion.CAT: (N_("Category"),
                    N_("Your category, from your rank{categories}. Category 1 is the strongest; "
                       "players are ranked within their category first, so every player of "
                       "category 1 is placed above every player of category 2.")),
    Criterion.STS: (N_("Strasbourg score"),
                    N_("Your McMahon score, plus 2 points from round {quarter} (the quarter-final) "
                       "and 2 more from round {semi} (the semi-final) if by then you had won every "
                       "game from the bar ({bar}): for a McMahon tournament whose top group plays a "
                       "knock-out bracket.")),
    Criterion.SOSTS: (N_("Sum of opponents' Strasbourg scores"),
                      N_("The sum of your opponents' STS after the round, corrected for handicap as "
                         "SOSM. A round without a game counts your own starting score.{sosts}")),
}

DC_OPENGOTHA = (N_("Among players tied on the criteria before {first}: a player is placed above the "
                   "players they beat; a circle of wins (A beat B, B beat C, C beat A) counts as one "
                   "block. Bigger is better; forfeits do not count."))
DC_DIR = (N_("Among players tied on the criteria before {first}: 1 for a player who beat every other "
             "tied player, else 0. Forfeits do not count."))


def _category_words(limits: tuple[Rank, ...], lang: Words) -> str:
    """Return `` (1: 1d and stronger, 2: 5k to 1k, 3: 6k and weaker)`` for the limits; empty
    for one category."""
    if not limits:
        return " (" + lang._("one category: everyone is in category 1") + ")"
    bands = [lang._("{category}: {rank} and stronger").format(category=1, rank=limits[0])]
    for n, (upper, lower) in enumerate(zip(limits, limits[1:]), start=2):
        bands.append(lang._("{category}: {weaker} to {stronger}").format(
            category=n, weaker=lower, stronger=Rank(upper.value - 1)))
    bands.append(lang._("{category}: {rank} and weaker").format(
        category=len(limits) + 1, rank=Rank(limits[-1].value - 1)))
    return " (" + ", ".join(bands) + ")"


def criterion_columns(t: Tournament, lang: Words) -> list[dict[str, str]]:
    """Return ``{key, short, long, text}`` for each criterion of ``t``, in order (placement)."""
    p = t.parameters
    first_confrontation = next((c.value for c in p.criteria if c in (Criterion.DC, Criterion.SDC)), "DC")
    fill = {
        # a sentence's ½, not a cell's 0½ (format_value)
        "nbw_bye": format_points(p.nbw_bye, lang), "nbw_absent": format_points(p.nbw_absent, lang),
        "mms_bye": format_points(p.mms_bye, lang), "mms_absent": format_points(p.mms_absent, lang),
        "round_down": lang._(", these bonus points added up and rounded down") if p.round_down else "",
        "defect": (lang._("; after rounds 1 and 2 it is 0, as OpenGotha computes it")
                   if p.sosm_minus_defect else ""),
        # DC and SDC both group the players tied on every criterion before the first of them
        # (placement: direct confrontation, as OpenGotha), which the texts name.
        "first": first_confrontation,
        "dc": lang._(DC_DIR if p.dc_variant is DCVariant.DIR else DC_OPENGOTHA).format(
            first=first_confrontation),
        "categories": _category_words(p.category_limits, lang),
        "quarter": max(t.rounds - 2, 1), "semi": max(t.rounds - 1, 1), "bar": str(p.bar),
        "sosts": (" " + lang._("With games not played counted as ½ point, OpenGotha counts each "
                               "opponent's STS as 0 here (only the handicap correction is left); the "
                               "site does the same, so that its numbers are OpenGotha's.")
                  if p.count_unplayed_as_half else ""),
    }
    columns = []
    for c in p.criteria:
        long, text = CRITERION_TEXT[c]
        columns.append({"key": c.value, "short": c.value, "long": lang._(long),
                        "text": lang._(text).format(**fill)})
    return columns


# --------------------------------------------------------------------------- planning

PAGE_RESULTS = 200
"""Round results per standings page: a page holds ``PAGE_RESULTS // rounds`` players (40 of a
5-round tournament, about 100 kB of HTML); the rest are on the standings' next pages."""


def page_rows(rounds: int) -> int:
    """Return the players (rows) per standings page of a tournament of ``rounds`` rounds."""
    return max(1, PAGE_RESULTS // max(rounds, 1))


def page_urls(first: str, size: int, rounds: int) -> list[str]:
    """Return the URLs of the standings pages of ``size`` rows whose first page is ``first``:
    ``first``, then ``first`` + ``2/``, ``3/`` ... (one URL for a table that fits one page)."""
    count = max(1, -(-size // page_rows(rounds)))
    return [first] + [f"{first}{p}/" for p in range(2, count + 1)]


class _RoundStandings:
    """The standings after round ``r`` of a tournament (``rounds``: its
    :class:`~sitegen.engine.placement.RoundByRound`, shared by its rounds) as the shared value
    of the bundles of that round's pages (:attr:`sitegen.plan.Bundle.shared`): computed on the
    first call and kept for the other ``pages - 1`` calls (a render worker makes a round's
    pages one after the other), then let go. Pickled, it is its arguments only."""

    def __init__(self, rounds: RoundByRound, r: int, pages: int) -> None:
        self.rounds, self.r, self.pages = rounds, r, pages
        self.rows: list[PlacementRow] | None = None
        self.left = 0

    def __call__(self) -> list[PlacementRow]:
        rows = self.rows if self.rows is not None else self.rounds.after(self.r)
        if self.rows is None:
            self.left = self.pages
        self.left -= 1
        self.rows = rows if self.left > 0 else None
        return rows

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.rounds, self.r, self.pages))


def _spans(numbers: list[int]) -> str:
    """Return ``2, 4–6`` for ``[2, 4, 5, 6]`` (sorted, distinct numbers)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _notes(t: Tournament, r: int, in_progress: bool, lang: Words, to_come: int,
           empty: list[int]) -> list[str]:
    """Return the notes of the standings after round ``r``: games still without a result
    (``to_come``, :func:`results_to_come`; the standings are then provisional), the rounds up
    to it without any game (``empty``, :func:`rounds_without_games`), and, on the page of a tournament in progress, what results.h9
    holds (so that players are not misled about what the values count)."""
    notes = []
    if to_come:
        notes.append(lang.ngettext(
            "Provisional: {count} game has no result yet. It counts as OpenGotha counts a game "
            "whose result is unknown, and these standings will change when its result is entered.",
            "Provisional: {count} games have no result yet. They count as OpenGotha counts games "
            "whose result is unknown, and these standings will change when their results are "
            "entered.", to_come).format(count=to_come))
    if empty:
        if t.parameters.system is System.MCMAHON:
            note = lang.ngettext(
                "Round {rounds}: no game was played (players absent or not paired). It counts as "
                "OpenGotha counts such rounds: a player without a game gets the bye or absence "
                "value if one was given, and their own starting score in the sums of opponents' "
                "scores.",
                "Rounds {rounds}: no game was played (players absent or not paired). They count "
                "as OpenGotha counts such rounds: a player without a game gets the bye or absence "
                "value if one was given, and their own starting score in the sums of opponents' "
                "scores.", len(empty))
        else:
            note = lang.ngettext(
                "Round {rounds}: no game was played (players absent or not paired). It counts as "
                "OpenGotha counts such rounds: a player without a game gets the bye or absence "
                "value if one was given, and nothing in the sums of opponents' scores.",
                "Rounds {rounds}: no game was played (players absent or not paired). They count "
                "as OpenGotha counts such rounds: a player without a game gets the bye or absence "
                "value if one was given, and nothing in the sums of opponents' scores.",
                len(empty))
        notes.append(note.format(rounds=_spans(empty)))
    if in_progress and r:
        notes.append(lang.ngettext(
            "The tournament has {count} round. The results file for the EGD (results.h9) is "
            "after every round, as OpenGotha exports it: rounds not played yet count as rounds "
            "without a game.",
            "The tournament has {count} rounds. The results file for the EGD (results.h9) is "
            "after every round, as OpenGotha exports it: rounds not played yet count as rounds "
            "without a game.", t.rounds).format(count=t.rounds))
    return notes


def plan_tournaments(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add every tournament's standings pages, ``standings.json``, ``results.h9``, the players'
    sections and the home-page section to ``plan``. Each tournament is a part of the plan
    (:meth:`SitePlan.part`) that reads only the tournament and its players' names."""
    everyone = plan.people(content.players, lang)
    items = [plan.part(("tournament", t.id), _tournament_part, (t,), everyone)
             for t in sorted(content.tournaments, key=lambda t: (t.begin or FAR_PAST, t.id))]
    if items:
        plan.part(("tournament-rules",), rules_part, ("placement",), everyone)
        plan.home_sections.append(home_section("placement", lang, items[::-1]))  # newest first


def count_tournaments(tournaments: tuple[Tournament, ...]) -> dict[str, int]:
    """The build summary's counts of ``tournaments``: tournaments, rounds played (each has its
    standings page) and games entered."""
    return {"tournaments": len(tournaments), "rounds": sum(t.last_round for t in tournaments),
            "games": sum(len(t.games) for t in tournaments)}


def tournament_results(tournaments: tuple[Tournament, ...]) -> list[Finished]:
    """Return the tournament games with a winner or a draw, listed by the tournament's last day
    (a list made in one loop: see :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Finished] = []
    white_wins, black_wins, jigo = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.JIGO
    for t in tournaments:
        day, name, url = t.end or t.begin, t.name, tournament_url(t)
        for g in t.games:
            result = g.result
            if result is white_wins:
                found.append((day, day, name, url, g.white, g.black, g.white))
            elif result is black_wins:
                found.append((day, day, name, url, g.white, g.black, g.black))
            elif result is jigo:
                found.append((day, day, name, url, g.white, g.black, None))
    return found


TOURNAMENTS_LISTED = Listed(
    N_("Tournaments"),
    lambda tournaments: [(t.name, tournament_url(t)) for t in
                         sorted(tournaments, key=lambda t: (t.begin or FAR_PAST, t.id), reverse=True)],
    lambda tournaments, lang: [(t.name, tournament_url(t), lang._("tournament")) for t in tournaments],
    tournament_results, TOURNAMENT_RULES)
"""The tournaments in the menu, the newest first."""


PLAYER_SECTION = "partials/player_tournament.html"
"""The template of a tournament's section on a player's page."""


def tournament_card(data: dict[str, Any], lang: Words) -> dict[str, Any] | None:
    """A player's card of a tournament in progress (rounds to come or provisional standings;
    :class:`sitegen.ruleset.Carded`), or None."""
    if data["after_round"] == data["rounds"] and not data["provisional"]:
        return None
    return {"kind": "tournament", "name": data["tournament"], "url": data["url"], "entry": data, "next": []}


def tournament_records(tournaments: tuple[Tournament, ...]) -> Iterator[GameRecord]:
    """Yield the record of every tournament game that has one (:class:`sitegen.ruleset.Gathered`)."""
    for t in tournaments:
        yield from (g.record for g in t.games if g.record is not None)


def tournament_meetings(tournaments: tuple[Tournament, ...]) -> list[Met]:
    """Return the tournament games won by one side or drawn, from White's side (both-win,
    both-lose and unknown results left out), dated by the tournament's last day (a list made
    in one loop: see :func:`sitegen.pages.league_lists.league_results`)."""
    found: list[Met] = []
    white_wins, black_wins, jigo = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.JIGO
    for t in tournaments:
        url, date, name = tournament_url(t), t.end or t.begin, t.name
        for tournament_game in t.games:
            result = tournament_game.result
            if result is white_wins:
                points = ONE
            elif result is black_wins:
                points = ZERO
            elif result is jigo:
                points = HALF
            else:
                continue
            found.append((tournament_game.white, tournament_game.black, points, date, name, url))
    return found


def tournament_dates(tournaments: tuple[Tournament, ...]) -> list[tuple[str, dt.date | None]]:
    """Return the tournament's last day (else its first) for its page and each round's page."""
    found: list[tuple[str, dt.date | None]] = []
    for t in tournaments:
        day = t.end or t.begin
        last = max([g.round for g in t.games] + [b.round for b in t.byes], default=0)
        last = min(last, t.rounds)
        found.append((tournament_url(t), day))
        found += [(round_url(t, r, last), day) for r in range(1, last + 1)]
    return found


def tournament_feed(tournaments: tuple[Tournament, ...], lang: Words) -> Iterator[dict[str, Any]]:
    """Yield one feed entry per dated tournament with games, dated by its last day."""
    for t in tournaments:
        date = t.end or t.begin
        if date is None or not t.games:
            continue
        yield {"id": f"results/{tournament_url(t)}",
               "title": lang._("{competition}: results").format(competition=t.name),
               "url": tournament_url(t), "date": date,
               "summary": lang._("{games}, {players}.").format(
                   games=lang.ngettext("{count} game", "{count} games", len(t.games)).format(count=len(t.games)),
                   players=lang.ngettext("{count} player", "{count} players", len(t.players)).format(
                       count=len(t.players)))}


def write_h9(*args: Any, **kwargs: Any) -> bytes:
    """:func:`sitegen.formats.h9.write_h9`, imported when a tournament's ``results.h9`` is
    written (issue 31: a build with the cache that makes no such file does not import it)."""
    from ..formats.h9 import write_h9 as write

    return write(*args, **kwargs)


def load_tournament(*args: Any, **kwargs: Any) -> Any:
    """:func:`sitegen.validate.tournament.load_tournament`, imported when a tournament is validated: a build
    with the cache that keeps every tournament does not import its validator (issue 31)."""
    from ..validate.tournament import load_tournament as load

    return load(*args, **kwargs)

TOURNAMENTS = RuleSet("tournaments", "tournaments", EACH_YAML_FILE, load_tournament, plan_tournaments,
                      work_per_byte=2.0,
                      counted=Counted("tournaments", (("tournaments", "tournament"), ("rounds", "round"),
                                                      ("games", "game")), count_tournaments),
                      listed=TOURNAMENTS_LISTED,
                      entered=Entered("tournament", lambda tournaments: [t.id for t in tournaments],
                                      entry_step("target", "match_tournament"), entry_step("check", "check_tournament"),
                                      entry_step("check", "parses_game"), entry_step("entry", "enter_tournament"),
                                      rounds=True,
                                      no_date=N_("noted beside the game: a tournament game has no date of its own")),
                      carded=Carded(PLAYER_SECTION, tournament_card, named_jump("tournament", "tournament", "dates"), paired=True),
                      gathered=Gathered(tournament_records, tournament_meetings, tournament_dates, tournament_feed),
                      summarized=tournament_facts,
                      model=Tournament,
                      scaffolded=Scaffolded("tournaments/{id}", "tournaments/{id}.yaml", "a tournament, round 1 paired",
                                            "tournaments/{id} cho ann B+R",
                                            (("pl", "turniej, pary 1. rundy"), ("fr", "un tournoi, ronde 1 appariée"))))
"""Swiss and McMahon tournaments (placement, rules 003): ``content/tournaments/<id>.yaml``, one
unit per file; a byte costs more than a league's (the standings after every round)."""


def _tournament_part(plan: SitePlan, players: People, t: Tournament) -> dict[str, Any]:
    """The part of tournament ``t`` (:meth:`SitePlan.part`): it reads the tournament and its
    players' names."""
    return _plan_tournament(t, players.names, plan, players.lang)


def _plan_tournament(t: Tournament, names: dict[str, str], plan: SitePlan, lang: Words) -> dict[str, Any]:
    """Plan one tournament's pages, files and player sections; return its home-page item."""
    last = t.last_round
    base = tournament_url(t)
    columns = criterion_columns(t, lang)
    rounds_nav = [{"round": r, "url": round_url(t, r, last)} for r in range(1, last + 1)]
    status = _status_words(t, lang)
    parameters = parameters_text(t, lang)
    # The final standings are computed here (players' sections, the winner, results.h9);
    # those after an earlier round by the render worker that makes the round's bundle:
    # its page and standings.json share them (the bundle's shared value). The rounds share
    # the base scores the final standings computed (forked workers inherit them).
    rounds = RoundByRound(t)
    final_rows = rounds.after(last) if last else []
    page_args = (t, last, names, columns, rounds_nav, status, parameters, lang, rounds_played(t))
    size = len(ranked_ids(t, False))  # the rows of the standings after every round
    for r in range(1, last):
        urls = page_urls(round_url(t, r, last), size, t.rounds)
        shared = _RoundStandings(rounds, r, len(urls))
        plan.add(Page(urls[0], "tournament.html", {},
                      deferred=partial(_context, r, *page_args, pages=urls)),
                 JsonFile(urls[0] + "standings.json", partial(_standings_data, t, r, names), csv=True),
                 shared=shared)
        for p in range(2, len(urls) + 1):
            plan.add(Page(urls[p - 1], "tournament.html", {},
                          deferred=partial(_context, r, *page_args, pages=urls, page=p)), shared=shared)
    if last == 0:
        plan.add(Page(base, "tournament.html", _context(0, t, 0, *page_args[2:], [])))
    else:
        urls = page_urls(base, size, t.rounds)
        plan.add(Page(base, "tournament.html", {},
                      deferred=partial(_context, last, *page_args, final_rows, pages=urls)),
                 JsonFile(base + "standings.json",
                          partial(_standings_data, t, last, names, final_rows), csv=True),
                 File(base + "results.h9",
                      partial(write_h9, t, generator="sitegen",
                              rows=final_rows if last == t.rounds else None)))
        for p in range(2, len(urls) + 1):
            plan.add(Page(urls[p - 1], "tournament.html", {},
                          deferred=partial(_context, last, *page_args, final_rows, pages=urls, page=p)))
    _player_sections(plan, t, final_rows, names, last, status, page_urls(base, size, t.rounds), lang)
    winner = final_rows[0] if final_rows and not final_rows[0].shared else None
    parts = [p for p in (_dates(t, lang), t.location) if p]
    parts.append(lang._("{players}, {rounds}").format(
        players=lang.ngettext("{count} player", "{count} players", len(t.players)).format(count=len(t.players)),
        rounds=lang.ngettext("{count} round", "{count} rounds", t.rounds).format(count=t.rounds)))
    if last and last < t.rounds:
        parts.append(lang._("after round {round}").format(round=last))
    detail = " · ".join(parts)
    more = None
    if winner is not None:
        detail += lang._("; winner") if final_after(t, last) else lang._("; leader")
        pid = winner.player_id
        more = {"name": names.get(pid, winner.player.name), "url": player_url(pid)}
    return {"name": t.name, "url": tournament_url(t), "detail": detail, "more": more}


def _dates(t: Tournament, lang: Words) -> str:
    return date_range(t.begin, t.end, lang)


def _status_words(t: Tournament, lang: Words) -> dict[tuple[int, str], str]:
    words = {}
    for b in t.byes:
        words[(b.round, b.player)] = lang._("bye")
    for a in t.absences:
        words[(a.round, a.player)] = lang._("declared absent")
    return words


_GAME_STRING = re.compile(r"(?P<row>\d+)(?P<result>[-+=?])(?P<kind>[/!])(?P<colour>[wb?])(?P<handicap>\d+)")
_GAME_WORDS = {("+", "/"): N_("won"), ("-", "/"): N_("lost"), ("=", "/"): N_("jigo (draw)"),
                 ("?", "/"): N_("result unknown"), ("+", "!"): N_("won by forfeit"),
                 ("-", "!"): N_("lost by forfeit"), ("=", "!"): N_("jigo (draw)")}


def game_words(text: str, opponent: str, lang: Words) -> str:
    """Return a game string (:attr:`PlacementRow.games`, ``12+/w2``) as words for a screen
    reader: "won against Bob with White, handicap 2" (the colour left out when unknown, ``?``;
    the handicap when 0). Raise ValueError for a string without a game (``0+``)."""
    match = _GAME_STRING.fullmatch(text)
    if match is None:
        raise ValueError(f"not a game string: {text!r}")
    return _GameSentences(lang._)(text[match.end("row"):], opponent)


class _GameSentences:
    """:func:`game_words` for the game strings of one page, from the part after the row
    (``+/w2``): a page has up to 200 game strings of a few such kinds, each kind's words
    (result, colour, handicap) worked out once. ``_``: the page's words."""

    def __init__(self, _: Callable[[str], str]) -> None:
        self._ = _
        self.kinds: dict[str, tuple[str, str, str | None]] = {}

    def __call__(self, kind: str, opponent: str) -> str:
        found = self.kinds.get(kind) or self._kind(kind)
        result, sentence, handicap = found
        words = sentence.format(result=result, opponent=opponent)
        if handicap is not None:
            _ = self._
            # Translators: a game's words, then its handicap (a number of stones).
            words = _("{game}, handicap {handicap}").format(game=words, handicap=handicap)
        return words

    def _kind(self, kind: str) -> tuple[str, str, str | None]:
        match = _GAME_STRING.fullmatch("0" + kind)
        if match is None:
            raise ValueError(f"not a game string: {kind!r} after the row")
        _ = self._
        result = _(_GAME_WORDS[(match["result"], match["kind"])])
        if match["colour"] == "w":
            sentence = _("{result} against {opponent} with White")
        elif match["colour"] == "b":
            sentence = _("{result} against {opponent} with Black")
        else:
            sentence = _("{result} against {opponent}")
        found = self.kinds[kind] = (result, sentence, None if match["handicap"] == "0" else match["handicap"])
        return found


def _game_cells(row: PlacementRow, names: dict[str, str], status: dict[tuple[int, str], str],
                page_of: Callable[[int], str | None], _: Callable[[str], str],
                sentences: _GameSentences) -> list[dict[str, Any]]:
    """Return the round cells of a row: ``text`` (the game string), ``anchor`` (the opponent's
    row: the number the game string starts with, 0 for an opponent not in these standings),
    ``page`` (the URL of the standings page holding that row, None for this page) and
    ``words``: the game in words, or the reason there was none ("declared absent"), shown as
    text. ``page_of``: a row's page URL, None for this page; ``_``: the page's words (a page
    says "won", "against" and the like about 200 times); ``sentences``: the page's."""
    cells = []
    for k, (text, opp) in enumerate(zip(row.games, row.opponents), start=1):
        if opp is None:
            what = status.get((k, row.player_id)) or _("no game")
            cells.append({"text": text, "anchor": None, "page": None, "words": what, "status": True})
        else:
            kind = text.lstrip(_DIGITS)
            if len(kind) == len(text):
                raise ValueError(f"not a game string: {text!r}")
            number = int(text[:len(text) - len(kind)])
            cells.append({"text": text, "anchor": f"r{number}" if number else None,
                          "page": page_of(number) if number else None,
                          "words": sentences(kind, names.get(opp, opp)), "status": False})
    return cells


_DIGITS = "0123456789"


def _context(r: int, t: Tournament, last: int, names: dict[str, str],
             columns: list[dict[str, str]], rounds_nav: list[dict[str, Any]],
             status: dict[tuple[int, str], str], parameters: list[str], lang: Words,
             played: RoundsPlayed, rows: list[PlacementRow], pages: list[str] | None = None,
             page: int = 1) -> dict[str, Any]:
    """Return the context of standings page ``page`` (1-based) after round ``r`` (0: nothing
    played yet), ``rows`` being the standings after it, ``played`` the tournament's
    :func:`rounds_played` and ``pages`` the URLs of its pages
    (:func:`page_urls`): the page holds rows ``(page - 1) * n + 1`` to ``page * n`` (``n``:
    :func:`page_rows`); the first page also the round's pairings."""
    criteria = [Criterion(c["key"]) for c in columns]
    pages = pages or [round_url(t, r, last) if r else tournament_url(t)]
    per_page = page_rows(t.rounds)
    shown = rows[(page - 1) * per_page:page * per_page]

    def page_of(number: int) -> str | None:
        at = (number - 1) // per_page
        return None if at == page - 1 or at >= len(pages) else pages[at]

    words = cache(lang._)  # this page's words, each looked up once
    sentences = _GameSentences(words)
    to_come = played.to_come[r]
    table = []
    for row in shown:
        pid = row.player_id
        values = row.values
        name = names.get(pid)  # the record's name only when the table has none (a property)
        table.append({
            "row": row.row, "place": row.place, "shared": row.shared, "id": pid,
            "name": row.player.name if name is None else name, "url": player_url(pid),
            "rank": str(row.player.rank),
            "values": [format_value(values[c]) for c in criteria],
            "games": _game_cells(row, names, status, page_of, words, sentences),
        })
    base = tournament_url(t)
    crumbs = [{"name": t.name, "url": base if r != last or page > 1 else None}]
    if r != last:
        crumbs.append({"name": lang._("After round {round}").format(round=r), "url": pages[0] if page > 1 else None})
    return {
        "title": t.name if r == last else lang._("{tournament} · after round {round}").format(
            tournament=t.name, round=r),
        "name": t.name, "dates": _dates(t, lang), "location": t.location,
        "system": lang._("McMahon") if t.parameters.system is System.MCMAHON else lang._("Swiss"),
        "players": len(t.players), "rounds": t.rounds, "after_round": r, "last": last,
        "is_final": final_after(t, r, to_come), "crumbs": crumbs,
        "rounds_nav": rounds_nav, "columns": columns, "table": table,
        "has_shared": any(row.shared for row in rows),
        "json_url": (round_url(t, r, last) if r else base) + "standings.json",
        "h9_url": base + "results.h9" if last else None,
        "parameters": parameters, "order": order_steps(columns, lang),
        "without_game": without_game_text(t, lang),
        "size_note": len(t.players) - len(rows),
        "notes": _notes(t, r, in_progress=r == last and last < t.rounds, lang=lang, to_come=to_come,
                        empty=played.without_games(r)),
        "pairings": pairings(t, r, names, lang) if r and page == 1 else [],
        "byes": [_player_ref(b.player, names) for b in t.byes if b.round == r and page == 1],
        "absent": [_player_ref(a.player, names) for a in t.absences if a.round == r and page == 1],
        "part": page, "parts": [{"url": url, "first": n * per_page + 1,
                                 "last": min((n + 1) * per_page, len(rows))}
                                for n, url in enumerate(pages)] if len(pages) > 1 else [],
        "pairings_first": r != last or not final_after(t, r, to_come),
        "komi": format_value(t.komi) if t.komi is not None else "",
    }


def _standings_data(t: Tournament, r: int, names: dict[str, str],
                    rows: list[PlacementRow]) -> dict[str, Any]:
    """Return the ``standings.json`` document after round ``r``, ``rows`` being the standings."""
    named = [(c.value, c) for c in t.parameters.criteria]  # ``value`` is a Python property
    criteria = [key for key, _ in named]
    out_rows = []
    for row in rows:
        pid = row.player_id
        name = names.get(pid)
        entry: dict[str, Any] = {
            "place": row.place, "shared": row.shared, "row": row.row, "id": pid,
            "name": row.player.name if name is None else name, "rank": str(row.player.rank)}
        values = row.values
        for key, c in named:
            entry[key] = _json_number(values[c])
        entry["games"] = list(row.games)
        entry["opponents"] = list(row.opponents)
        out_rows.append(entry)
    data = {"tournament": t.id, "name": t.name, "after_round": r, "rounds": t.rounds,
            "final": final_after(t, r),
            "criteria": criteria, "rows": out_rows}
    return data


def _json_number(value: Fraction) -> int | float:
    """Return :func:`sitegen.display.json_number` of a Fraction, without creating another one."""
    return value.numerator if value.denominator == 1 else float(value)


_RESULT_WORDS = {"+": N_("won"), "-": N_("lost"), "=": N_("jigo"), "?": N_("to play")}


def _main_score(t: Tournament, row: PlacementRow) -> dict[str, str]:
    """Return the score a player's page gives beside the place: the first criterion's value,
    or, when every criterion is NULL (everyone level, as OpenGotha), the McMahon score (NBW in
    a Swiss tournament), which the row always holds."""
    if t.parameters.criteria:
        main = t.parameters.criteria[0]
        return {"score_name": main.value, "score": format_value(row.values[main])}
    if t.parameters.system is System.SWISS:
        return {"score_name": Criterion.NBW.value, "score": format_value(row.nbw)}
    return {"score_name": Criterion.MMS.value, "score": format_value(row.mms)}


def _player_sections(plan: SitePlan, t: Tournament, rows: list[PlacementRow],
                     names: dict[str, str], last: int, status: dict[tuple[int, str], str],
                     pages: list[str], lang: Words) -> None:
    """Add each player's tournament section; it links to the player's row on the standings
    page that holds it (``pages``: :func:`page_urls`)."""
    per_page = page_rows(t.rounds)
    by_round: dict[tuple[int, str], Any] = {}  # (round, player) -> their first game of the round
    for g in t.games:
        by_round.setdefault((g.round, g.white), g)
        by_round.setdefault((g.round, g.black), g)
    provisional = results_to_come(t, last) > 0  # once: it reads every game
    dates = _dates(t, lang)  # once, and each word once: the same for every player
    _ = cache(lang._)
    for row in rows:
        pid = row.player_id
        games: list[dict[str, Any]] = []
        for k in range(1, last + 1):
            game = by_round.get((k, pid))
            text = row.games[k - 1]
            if game is None:
                games.append({"round": k, "opponent": None, "opponent_url": None,
                              "result": status.get((k, pid)) or _("no game"), "colour": "",
                              "handicap": "", "record": None})
                continue
            opp = game.opponent(pid)
            symbol = text.lstrip("0123456789")[:1]
            result = _(_RESULT_WORDS[symbol]) if symbol in _RESULT_WORDS else ""
            if game.result is GameResult.BOTH_WIN:
                result = _("won (both players)")
            elif game.result is GameResult.BOTH_LOSE:
                result = _("lost (both players)")
            if game.forfeit and game.result is not GameResult.UNKNOWN:
                result = _("{result} by forfeit").format(result=result)
            colour = ((_("White") if game.white == pid else _("Black")) if game.colours_known
                      else _("unknown"))
            games.append({"round": k, "opponent": names.get(opp, opp), "opponent_url": player_url(opp),
                          "result": result, "colour": colour, "handicap": game.handicap,
                          "record": record_links(game.record)})
        plan.add_player_section(pid, PlayerSection(
            PLAYER_SECTION, (t.begin or FAR_PAST, t.name, t.id), {
                "tournament": t.name, "id": t.id, "url": pages[min((row.row - 1) // per_page, len(pages) - 1)],
                "row": row.row, "dates": dates, "place": row.place,
                "shared": row.shared, "size": len(rows), "rank": str(row.player.rank),
                **_main_score(t, row),
                "after_round": last, "rounds": t.rounds, "games": games,
                "provisional": provisional,
                "with_records": any(g["record"] for g in games)}))
    _next_pairings(plan, t, names, last, lang)


def _next_pairings(plan: SitePlan, t: Tournament, names: dict[str, str], last: int, lang: Words) -> None:
    """Add a "next pairing" section to the page of each player whose game of round ``last``
    (the latest round with games) has no result yet (``?``): paired, not played."""
    if last == 0:
        return
    for row in pairings(t, last, names, lang):
        if row["played"]:
            continue
        for side, other in (("white", "black"), ("black", "white")):
            plan.add_player_section(row[side]["id"], PlayerSection("partials/player_next.html", NEXT_PAIRING, {
                "competition": t.name, "url": round_url(t, last, last), "round": last,
                "board": row["board"], "opponent": row[other], "colour": row[side + "_colour"],
                "handicap": row["handicap"], "record": row["record"]}))


def pairings(t: Tournament, r: int, names: dict[str, str], lang: Words) -> list[dict[str, Any]]:
    """Return the pairings of round ``r``, in the order of the file (board 1 first): ``{board,
    white, black ({id, name, url}), white_colour, black_colour, handicap, result, played,
    record}``. ``played`` is False for a game whose result is not known yet (``?``)."""
    rows = []
    games = [g for g in t.games if g.round == r]
    for board, game in enumerate(games, start=1):
        known = game.colours_known
        rows.append({
            "board": board,
            "white": _player_ref(game.white, names), "black": _player_ref(game.black, names),
            "white_colour": "White" if known else "", "black_colour": "Black" if known else "",
            "colours_known": known,
            "handicap": lang.ngettext("{stones} stone", "{stones} stones", game.handicap).format(
                stones=game.handicap) if game.handicap else "",
            "result": _result_words(game, names, lang),
            "forfeit": game.forfeit, "played": game.result is not GameResult.UNKNOWN,
            "record": record_links(game.record)})
    return rows


_PAIRING_RESULT = {
    GameResult.WHITE_WINS: N_("White won"), GameResult.BLACK_WINS: N_("Black won"),
    GameResult.JIGO: N_("jigo"), GameResult.BOTH_WIN: N_("both won"),
    GameResult.BOTH_LOSE: N_("both lost"), GameResult.UNKNOWN: N_("no result yet")}
_NO_COLOUR_RESULTS = (GameResult.JIGO, GameResult.BOTH_WIN, GameResult.BOTH_LOSE, GameResult.UNKNOWN)


_FORFEIT_RESULT = {GameResult.WHITE_WINS: N_("White won by forfeit"),
                   GameResult.BLACK_WINS: N_("Black won by forfeit")}


def _result_words(game: Any, names: dict[str, str], lang: Words) -> str:
    """Return a pairing's result in words: "White won", "Black won by forfeit", "jigo", "not
    played yet"; "<name> won" when the colours are not known (white, black as entered)."""
    if game.result in _NO_COLOUR_RESULTS:
        return lang._(_PAIRING_RESULT[game.result])
    if game.colours_known:
        return lang._((_FORFEIT_RESULT if game.forfeit else _PAIRING_RESULT)[game.result])
    winner = names.get(game.white if game.result is GameResult.WHITE_WINS else game.black, "")
    text = lang._("{name} won by forfeit") if game.forfeit else lang._("{name} won")
    return text.format(name=winner)


def _player_ref(pid: str, names: dict[str, str]) -> dict[str, str]:
    return {"id": pid, "name": names.get(pid, pid), "url": player_url(pid)}
