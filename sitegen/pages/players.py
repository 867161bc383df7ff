"""What the player pages gather across competitions: head-to-head records, the division path
chart, and the search index (``search.json``) behind the players page's search box.

Every rule set already adds its own section to a player's page (league seasons, tournaments,
ladder rung history with its chart, Swiss leagues). This planner adds one more section at the
top: the division per season in each league (an SVG chart from :mod:`sitegen.svg`) and the
records against frequent opponents over all competitions. The ladder's rung-over-time chart is
drawn by :mod:`sitegen.pages.ladder` and not repeated here. When a page is rendered, its
sections get their anchors and, on a page of several competitions, the "On this page" list that
links to them (:func:`page_jumps`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import Any

from ..model import Content
from ..model.league import League
from ..display import format_points, name_order, profile_links
from ..i18n import Words
from .league import PLAYER_SECTION as LEAGUE_SECTION, league_jump
from .navigation import search_file
from .players_index import plan_players_index
from ..plan import FAR_PAST, Page, PlayerSection, SectionsByPlayer, SitePlan
from ..bidi import isolated
from ..ruleset import HALF, ONE, ZERO, Jump, Met
from ..rulesets import RULE_SETS, holding
from ..svg import DivisionPoint, division_chart
from ..urls import league_url, player_url

FREQUENT = 2
"""Opponents met at least this many times get a head-to-head row."""
HEAD_TO_HEAD_ROWS = 12
"""At most this many head-to-head rows per player (the most frequent opponents)."""
OVERVIEW = (dt.date.min,)
"""Sort key of the overview section (division charts, head-to-head): below every competition's
section (shown newest first). The page shows it above them all the same, after the current
competitions' section (:func:`_overview_first`; issue 31, stop 46's newcomer check: at 360 px
the overview was about 6,800 px down the largest demo player page)."""
NOW = (dt.date.max, "now")
"""Sort key of the current competitions' section: first of all."""
OVERVIEW_TEMPLATE = "partials/player_overview.html"
NOW_TEMPLATE = "partials/player_now.html"
LATEST_TEMPLATE = "partials/player_latest.html"
"""The latest seasons' outcomes, one line per league (:func:`latest_seasons`): after the current
competitions, before the overview (issue 31, stop 48's newcomer check: at 360 px a player's
first screen was the division chart and head to head, their last season's outcome well down)."""
LATEST = (dt.date.max, "latest")
JUMPS_FROM = 2
"""A player page gets its "On this page" list when it has at least this many competitions'
sections (a league season, a tournament, a ladder, a Swiss league: one each); the overview
counts for none, as it sums up the sections above it."""
FOLD_FROM = 3
"""A league's seasons are listed together in one ``<details>`` of the "On this page" list (its
``fold``, :class:`sitegen.ruleset.Jump`) when the player has at least this many of them."""


@dataclass(frozen=True)
class Meeting:
    """One counted result between two players, from ``player``'s side.

    ``points`` is 1 for a win (forfeit wins too), 1/2 for a jigo or a drawn match, 0 for a loss.
    """

    player: str
    opponent: str
    points: Fraction
    date: dt.date | None
    competition: str
    url: str


def meetings(content: Content) -> list[Meeting]:
    """Return every counted result of every competition, twice (once from each side).

    Leagues: games with a win, forfeit or jigo (league D.1), dated by the game or the season's
    end. Tournaments: games won by one side or drawn (both-win, both-lose and unknown results
    left out), dated by the tournament's last day. Ladders: every game (ladder: club ladder).
    Swiss leagues: each match counts once (1-0 and 2-1 are wins, 1-1 a draw, a forfeit a win
    for the player present; ``--`` left out), dated by the tournament's date.
    """
    found: list[Meeting] = []
    for a, b, points_a, date, name, url in _results(content):
        found.append(Meeting(a, b, points_a, date, name, url))
        found.append(Meeting(b, a, _other_side(points_a), date, name, url))
    return found


def _other_side(points: Fraction) -> Fraction:
    """Return ``1 - points`` (the opponent's points), without arithmetic for 1, 0 and ½."""
    if points is ONE:
        return ZERO
    if points is ZERO:
        return ONE
    if points is HALF:
        return HALF
    return 1 - points


def _results(content: Content) -> list[Met]:
    """Return every counted result of :func:`meetings` once, from the first player's side (each
    rule set's ``gathered.meetings``, lists put end to end: no generator resumed per result,
    issue 29's Keep)."""
    found: list[Met] = []
    for rule_set in RULE_SETS:
        found += rule_set.gathered.meetings(getattr(content, rule_set.field))
    return found


_PLAYER, _OPPONENT, _COMPETITION = itemgetter(0), itemgetter(1), itemgetter(4)
"""The player, the opponent and the competition of a :data:`~sitegen.ruleset.Met`."""


Record = tuple[Fraction, "dt.date | None", str]
"""One result against one opponent: (points, date, competition url)."""


def head_to_head(found: list[Meeting], player: str, names: dict[str, str],
                 lang: Words, minimum: int = FREQUENT, limit: int = HEAD_TO_HEAD_ROWS) -> list[dict[str, Any]]:
    """Return ``player``'s records against opponents met at least ``minimum`` times.

    Rows ``{name, url, games, wins, losses, draws, score, last}`` (score in points: wins plus
    half the draws), most games first, then by name; at most ``limit`` rows.
    """
    by_opponent: dict[str, list[Record]] = {}
    for m in found:
        if m.player == player:
            by_opponent.setdefault(m.opponent, []).append((m.points, m.date, m.url))
    return _head_to_head_rows(by_opponent, names, minimum, limit, lang)


def _head_to_head_rows(by_opponent: dict[str, list[Record]], names: dict[str, str],
                       minimum: int, limit: int, lang: Words) -> list[dict[str, Any]]:
    """Return the rows of :func:`head_to_head` from one player's results by opponent."""
    rows: list[dict[str, Any]] = []
    for opponent, ms in by_opponent.items():
        if len(ms) < minimum:
            continue
        wins = sum(1 for points, _, _ in ms if points == 1)
        losses = sum(1 for points, _, _ in ms if points == 0)
        dates = [date for _, date, _ in ms if date is not None]
        rows.append({"id": opponent, "name": names.get(opponent, opponent), "url": player_url(opponent),
                     "games": len(ms), "wins": wins, "losses": losses, "draws": len(ms) - wins - losses,
                     "score": format_points(sum((points for points, _, _ in ms), Fraction(0)), lang),
                     "last": max(dates) if dates else None,
                     "competitions": len({url for _, _, url in ms})})
    rows.sort(key=lambda r: (-r["games"], name_order(r["name"]), r["id"]))
    return rows[:limit]


@dataclass(frozen=True)
class LeaguePaths:
    """One league's seasons for the division charts, worked out once per build."""

    league: Any
    seasons: list
    """The seasons in date order."""
    where: list[dict[str, str]]
    """Per season (same order): ``{player: division}`` (the first division listing them)."""
    order: list[str]
    """The division letters from the top down, as the seasons list them."""
    played: dict[str, list[int]]
    """Per player: the indexes of the seasons they played, ascending."""
    points: list[dict[str | None, DivisionPoint]]
    """Per season (same order): the chart point of each division, and of None (not played),
    shared by every player's path (points are immutable)."""


def season_divisions(content: Content) -> list[LeaguePaths]:
    """Return, per league of ``content`` (same order), its :class:`LeaguePaths`.

    Computed once per build so :func:`division_paths` costs O(seasons) per player.
    """
    index = []
    for league in holding(League).competitions(content):
        seasons = sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id))
        maps = []
        played: dict[str, list[int]] = {}
        for number, season in enumerate(seasons):
            where: dict[str, str] = {}
            for d in season.divisions:
                for g in d.groups:
                    for p in g.players:
                        if p not in where:
                            where[p] = d.name
                            played.setdefault(p, []).append(number)
            maps.append(where)
        order: list[str] = []
        for season in seasons:  # division letters from the top down, as the seasons list them
            for d in season.divisions:
                if d.name not in order:
                    order.append(d.name)
        order.sort(key=lambda name: (len(name), name))
        points = [{division: DivisionPoint(season.id, division)
                   for division in (None, *(d.name for d in season.divisions))}
                  for season in seasons]
        index.append(LeaguePaths(league, seasons, maps, order, played, points))
    return index


def division_paths(content: Content, player: str,
                   index: list[LeaguePaths] | None = None) -> list[dict[str, Any]]:
    """Return one chart per league the player played in: the division of every season from the
    player's first to last season there (seasons missed in between break the line).

    ``index``: :func:`season_divisions` of ``content``, when already computed."""
    return _paths_of(season_divisions(content) if index is None else index, player)


def _paths_of(index: list[LeaguePaths], player: str) -> list[dict[str, Any]]:
    """Return :func:`division_paths` of ``player`` from ``index`` (:func:`season_divisions`)."""
    charts = []
    for paths in index:
        played = paths.played.get(player, ())
        if len(played) < 2:
            continue  # one season: the section of that season says it all
        path = [paths.points[k][paths.where[k].get(player)]
                for k in range(played[0], played[-1] + 1)]
        charts.append({"league": paths.league.name, "url": league_url(paths.league),
                       "seasons": len(played), "path": path, "order": paths.order})
    return charts


def plan_player_extras(content: Content, plan: SitePlan, lang: Words,
                       filed: list[str] | None = None) -> "Overviews":
    """Add ``search.json`` (``filed``: the players' ids in the order of the players index, when
    the caller has them) and return what each player's overview section (division charts,
    head-to-head) is made from (:class:`Overviews`, for :func:`plan_players`).

    The overview is made by the render worker that renders the page, from the player's own
    results (:class:`PlayerResults`, set as ``plan.player_results``: worked out when first
    asked for) and division paths (:class:`Paths`, from an index of the leagues' seasons made
    here once per build): the function and its arguments are all it depends on."""
    names = plan.player_names(content.players)
    players_of: dict[str, set[str]] = {}  # competition -> its players with a counted result
    listed = _results(content)
    for name, run in groupby(listed, key=_COMPETITION):  # a competition's results come together
        rows = list(run)
        found = players_of.get(name)
        if found is None:
            found = players_of[name] = set()
        found.update(map(_PLAYER, rows))
        found.update(map(_OPPONENT, rows))
    competitions: dict[str, set[str]] = {}
    for name, players in players_of.items():
        for pid in players:
            competitions.setdefault(pid, set()).add(name)
    results = plan.player_results = PlayerResults(content, listed)
    plan.add_file(search_file(content, competitions, lang, filed))
    return Overviews(names, results, season_divisions(content), lang)


class Overviews:
    """What every player's overview section is made from: the players' names, their results
    (:class:`PlayerResults`), the leagues' seasons (:func:`season_divisions`) and the site's
    words. A player page's :class:`Newest` makes its player's section (:meth:`section`) when it
    is first read: a build with the cache keys and renders only the pages that may change, and
    making a section for each of 20,000 players in every build cost it about 0.05 s at full
    size (issue 31)."""

    __slots__ = ("names", "results", "index", "lang")

    def __init__(self, names: dict[str, str], results: PlayerResults, index: list[LeaguePaths],
                 lang: Words) -> None:
        self.names, self.results, self.index, self.lang = names, results, index, lang

    def section(self, pid: str) -> PlayerSection:
        """Return player ``pid``'s overview section (made while the page is rendered)."""
        return PlayerSection(OVERVIEW_TEMPLATE, OVERVIEW, None,
                             make=partial(_overview, pid, self.names, Opponents(self.results, pid),
                                          Paths(self.index, pid), self.lang))


class PlayerResults:
    """The players' counted results by opponent (:func:`_results`: player -> opponent ->
    ``[(points, date, competition url)]``, in the results' order), worked out when a player's
    are first asked for (:meth:`of`): for every player, or for the players of :attr:`only`
    when that player is one of them. A build with the cache sets :attr:`only` to the players
    whose pages it may make (sitegen.incremental.build: the other pages are kept, their results
    never asked for; issue 31, the index of every result was 0.1 s of such a build at scale
    0.3) and calls :meth:`prepare` before its render workers start."""

    def __init__(self, content: Content, listed: list[Met] | None = None) -> None:
        self.content = content
        self._listed = listed
        """:func:`_results` of ``content`` when the caller has them (read by the first
        :meth:`prepare` instead of going through every result again, then let go)."""
        self.only: set[str] | None = None
        self._by_player: dict[str, dict[str, list[Record]]] | None = None
        self._covers: set[str] | None = None
        """The players that ``_by_player`` covers (None: every player)."""

    def prepare(self) -> None:
        """Work out the results of the players of :attr:`only` (None: of every player)."""
        by_player: dict[str, dict[str, list[Record]]] = {}
        only = self.only
        listed, self._listed = self._listed, None
        for a, b, points_a, date, _name, url in (listed if listed is not None else _results(self.content)):
            if only is None or a in only:
                by_player.setdefault(a, {}).setdefault(b, []).append((points_a, date, url))
            if only is None or b in only:
                by_player.setdefault(b, {}).setdefault(a, []).append((_other_side(points_a), date, url))
        self._by_player, self._covers = by_player, (None if only is None else set(only))

    def of(self, pid: str) -> dict[str, list[Record]]:
        """Return player ``pid``'s results by opponent (empty when none)."""
        if self._by_player is None or (self._covers is not None and pid not in self._covers):
            if self.only is not None and pid not in self.only:
                self.only = None  # asked for a player outside ``only``: every player's
            self.prepare()
        assert self._by_player is not None
        return self._by_player.get(pid, {})


def _opponents(rows: list[tuple[str, int, int, int | None, str]]) -> list:  # pragma: no cover
    """What an :class:`Opponents` is in a digest: :meth:`Opponents.__reduce__`'s rows (only
    named in digests, never called)."""
    return rows


class Opponents:
    """One player's results by opponent, from :class:`PlayerResults` when first read: an
    argument of the player's overview section, digested as the results themselves (a page's
    key covers them: sitegen.depends)."""

    def __init__(self, results: PlayerResults, pid: str) -> None:
        self.results, self.pid = results, pid

    def get(self) -> dict[str, list[Record]]:
        return self.results.of(self.pid)

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[str, int, int, int | None, str]]]]:
        # In a digest, the results as plain rows (opponent, points' numerator and denominator,
        # the date's ordinal or None, competition url), in the results' order: the same values
        # as the results by opponent (no opponent has an empty list), but pickled in C alone.
        # Pickling the Fractions and dates themselves calls back into Python for each one
        # (issue 31: 0.19 s against 0.07 s for the 6,000 player pages at scale 0.3, about a
        # quarter of their keys in a full build).
        return _opponents, ([(opponent, points.numerator, points.denominator,
                              None if date is None else date.toordinal(), url)
                             for opponent, records in self.get().items() for points, date, url in records],)


def _division_rows(rows: list[tuple[str, str, int, tuple[tuple[str, str | None], ...], tuple[str, ...]]]
                   ) -> list:  # pragma: no cover
    """What a :class:`Paths` is in a digest: :meth:`Paths.__reduce__`'s rows (only named in
    digests, never called)."""
    return rows


class Paths:
    """One player's division paths (:func:`division_paths`) from the build's index of the
    leagues' seasons, worked out when read: an argument of the player's overview section,
    digested as the paths' values. A build with the cache keys only the pages that may change
    and renders fewer, so most players' paths are never worked out (issue 31: 20,000 players'
    paths were 0.3 s of a cached build's profile at full size)."""

    def __init__(self, index: list[LeaguePaths], pid: str) -> None:
        self.index, self.pid = index, pid

    def get(self) -> list[dict[str, Any]]:
        return _paths_of(self.index, self.pid)

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[str, str, int, tuple[tuple[str, str | None], ...],
                                                            tuple[str, ...]]]]]:
        # In a digest, each chart as a plain row (league name and url, seasons played, the
        # path's (season label, division) pairs, the division letters from the top): every
        # value a chart shows, pickled in C alone. Each DivisionPoint pickled as itself called
        # back into Python (issue 31: 0.11-0.16 s of the 2,686 player pages' keys of a cached
        # build at full size, more than their results).
        return _division_rows, ([(chart["league"], chart["url"], chart["seasons"],
                                  tuple([(point.label, point.division) for point in chart["path"]]),
                                  tuple(chart["order"])) for chart in self.get()],)


def _overview(pid: str, names: dict[str, str], results: "Opponents", paths: Paths,
              lang: Words) -> dict[str, Any] | None:
    """Return the overview section's data of player ``pid``, or None when it would be empty;
    ``results``: the player's results by opponent; ``paths``: the player's division paths."""
    opponents = results.get()
    charts = []
    for number, chart in enumerate(paths.get(), start=1):
        title = lang._("{player}'s division in {league}, season by season").format(player=names[pid], league=chart["league"])
        charts.append({"league": chart["league"], "url": chart["url"], "title": title,
                       "svg": division_chart(chart["path"], chart["order"], title, f"path-{number}", lang),
                       "rows": [{"season": point.label, "division": point.division} for point in chart["path"]]})
    rows = _head_to_head_rows(opponents, names, FREQUENT, HEAD_TO_HEAD_ROWS, lang)
    if not charts and not rows:
        return None
    return {"name": names[pid], "charts": charts, "head_to_head": rows, "minimum": FREQUENT}


# --------------------------------------------------------------------------- a season's games


# --------------------------------------------------------------------------- player pages


_SORT_KEY = attrgetter("sort_key")
"""A player section's sort key (in C: the sections of every player page a build keys or renders
are sorted by it, :class:`Newest`)."""


def plan_players(content: Content, plan: SitePlan, lang: Words, filed: list[str] | None = None,
                 overviews: Overviews | None = None) -> None:
    """Add every player's page (the sections the rule sets gave and, with ``overviews``
    (:func:`plan_player_extras`), the overview last; newest first) and the players' index
    (A-Z, a page per letter: :mod:`sitegen.pages.players_index`; ``filed``: the players' ids
    in its order, when the caller has them) to ``plan``.

    A page's player card and sections are its deferred context (:func:`_player_page`): they
    are read and arranged only when the page is rendered (or keyed: by the player's record and
    the sections). A build with the cache keeps most player pages as they were, and their kept
    sections are then never decoded (issue 31: decoding every kept section was 0.6 s of a
    cached build after one result at scale 0.3), nor their cards made; nor are the kept parts'
    sections of a player gathered (:meth:`SitePlan.sections_by_player`) unless the player's page
    is keyed or rendered."""
    found = plan.sections_by_player()
    for pid, player in sorted(content.players.items()):
        plan.add(Page(player_url(pid), "player.html", {"title": player.name},
                      deferred=partial(_player_page, pid, player, Newest(found, pid, overviews), lang)))
    plan_players_index(content, plan, lang, filed=filed)


def _player_page(pid: str, player: Any, sections: "Newest", lang: Words) -> dict[str, Any]:
    """Return a player page's deferred context: ``player``, the card at the top of the page
    (``{id, name, rank, rating, club, country, profiles}``, from player ``pid``'s record), and
    :func:`_page_sections`."""
    card = {"id": pid, "name": player.name, "rank": str(player.rank) if player.rank else "",
            "rating": player.rating, "club": player.club or "", "country": player.country or "",
            "profiles": profile_links(player.egd_pin, player.ogs, player.kgs)}
    return {"player": card, **_page_sections(sections, lang)}


def _newest(sections: list[PlayerSection]) -> list[PlayerSection]:  # pragma: no cover
    """What a :class:`Newest` is in a digest: its sections sorted (only named in digests,
    never called)."""
    return sections


class Newest:
    """A player's sections (as the rule sets gave them, in plan order, then player ``pid``'s
    overview section when ``overviews`` is given) sorted newest first by their sort keys when
    first read (:meth:`get`; a stable sort: sections of equal keys keep that order), and
    digested so. A build with the cache keys and renders only the pages that may change:
    sorting the sections of all 20,000 player pages in each build was about 0.07 s of a cached
    build at full size (issue 31). ``found``: the sections, or the plan's sections by player
    (sitegen.plan.SectionsByPlayer), of which player ``pid``'s are then read when first read."""

    __slots__ = ("found", "pid", "overviews", "_sorted")

    def __init__(self, found: list[PlayerSection] | SectionsByPlayer, pid: str = "",
                 overviews: Overviews | None = None) -> None:
        self.found, self.pid, self.overviews = found, pid, overviews
        self._sorted: list[PlayerSection] | None = None

    def get(self) -> list[PlayerSection]:
        """Return the sections, newest first."""
        if self._sorted is None:
            found = self.found.of(self.pid) if isinstance(self.found, SectionsByPlayer) else self.found
            if self.overviews is not None:
                found = [*found, self.overviews.section(self.pid)]
            self._sorted = sorted(found, key=_SORT_KEY, reverse=True)
        return self._sorted

    def __reduce__(self) -> tuple[Any, tuple[list[PlayerSection]]]:
        return _newest, (self.get(),)


def _page_sections(sections: Newest, lang: Words) -> dict[str, Any]:
    """Return a player page's deferred context, ``{"sections", "anchors", "jumps"}`` (see
    :func:`page_jumps`): ``sections`` (sorted newest first when read) with the current
    competitions first (:func:`_with_current`) and each section that is made while the page is
    rendered made (or left out if empty). Raises sitegen.incremental.sections.DamagedSection for
    a kept section whose copy in the build cache changed."""
    return page_jumps(_with_latest(_made_sections(_overview_first(_with_current(sections.get(), lang)))["sections"]),
                      lang)


def _overview_first(sections: list[PlayerSection]) -> list[PlayerSection]:
    """Return ``sections`` (page order) with the overview section (:data:`OVERVIEW_TEMPLATE`) moved
    up to follow the current competitions' section, or to come first when there is none: what a
    player looks for first (their divisions over the seasons, the opponents they meet most) is in
    the first screen of a phone, before every season's games (issue 31). The latest seasons'
    outcomes come before it once the sections are made (:func:`_with_latest`)."""
    overview = [section for section in sections if section.template == OVERVIEW_TEMPLATE]
    rest = [section for section in sections if section.template != OVERVIEW_TEMPLATE]
    top = 1 if rest and rest[0].template == NOW_TEMPLATE else 0
    return [*rest[:top], *overview, *rest[top:]]


def _with_latest(sections: list[PlayerSection]) -> list[PlayerSection]:
    """Return ``sections`` (made, page order) with the latest seasons' outcomes
    (:func:`latest_seasons`) after the current competitions' section, before the overview,
    unless they would repeat the section right below (:func:`_shown_first`)."""
    top = 1 if sections and sections[0].template == NOW_TEMPLATE else 0
    latest = latest_seasons(sections)
    if latest is None or _shown_first(latest, sections[top:top + 1]):
        return sections
    return [*sections[:top], latest, *sections[top:]]


def _shown_first(latest: PlayerSection, first: list[PlayerSection]) -> bool:
    """Whether the one season of ``latest`` is the season section ``first`` holds (the page's
    first section after the current competitions: no overview, no newer section): the summary
    would repeat the section right below it (a player of one season, as in the small site)."""
    seasons = (latest.data or {}).get("seasons", [])
    return (len(seasons) == 1 and bool(first) and first[0].template == LEAGUE_SECTION
            and first[0].data is not None
            and (first[0].data["league_id"], first[0].data["season_id"])
            == (seasons[0]["league_id"], seasons[0]["season_id"]))


def latest_seasons(sections: list[PlayerSection]) -> PlayerSection | None:
    """Return the section of the player's latest league seasons' outcomes
    (:data:`LATEST_TEMPLATE`), or None when there is none: of each league, the newest of
    ``sections`` (newest first) that is a season of it, unless that season is in progress (its
    card under "Current competitions" says where the player stands). Its data:
    ``{"seasons": [...]}``, each a season section's own data (``league``, ``season``,
    ``division``, ``group``, ``place``, ``shared``, ``size``, ``outcome``, ``url``) and
    ``anchor``, the season's section on the page (:func:`sitegen.pages.league.league_jump`).

    This is also what the page means by a player's division when no season is being played:
    the division of their latest season, named with that season (docs/league-rules.md,
    "A player's page")."""
    seen: set[str] = set()
    seasons: list[dict[str, Any]] = []
    for section in sections:
        data = section.data
        if section.template != LEAGUE_SECTION or data is None or data["league_id"] in seen:
            continue
        seen.add(data["league_id"])
        if not data.get("in_progress"):
            seasons.append({**data, "anchor": league_jump(data).anchor})
    return PlayerSection(LATEST_TEMPLATE, LATEST, {"seasons": seasons}) if seasons else None


def page_jumps(sections: list[PlayerSection], lang: Words) -> dict[str, Any]:
    """Return ``{"sections": sections, "anchors": [...], "jumps": [...]}`` for a player page's
    sections as shown (made, in page order).

    ``anchors``: each section's ``id`` (same order; :class:`sitegen.ruleset.Jump`: its rule
    set's ``<kind>-<ids>``, ``overview``, ``now`` for the current competitions, ``latest`` for
    the latest seasons' outcomes (:func:`latest_seasons`), ``part-<n>`` for
    a section of another template), unique on the page (:func:`unique_anchors`). ``jumps``: the
    "On this page" list (``partials/player_jump.html``), empty below :data:`JUMPS_FROM`
    competitions' sections: every section but the current competitions' (they follow the list
    at once), the latest seasons' and the overview included (the latest seasons' named as their
    heading, "Latest season" or "Latest seasons", stop 50), in page order, as
    :func:`_jump_items` gives them."""
    jumped = {found.carded.template: found.carded.jump for found in RULE_SETS}
    found: list[Jump] = []
    for number, section in enumerate(sections, start=1):
        jump = jumped.get(section.template)
        if jump is not None and section.data is not None:
            found.append(jump(section.data))
        elif section.template == OVERVIEW_TEMPLATE:
            found.append(Jump("overview", lang._("Overview")))
        elif section.template == LATEST_TEMPLATE:
            found.append(Jump("latest", _latest_heading(section, lang)))
        else:
            found.append(Jump("now" if section.template == NOW_TEMPLATE else f"part-{number}", ""))
    anchors = unique_anchors([jump.anchor for jump in found])
    competitions = sum(1 for section in sections if section.template in jumped)
    listed = [(jump, anchor) for section, jump, anchor in zip(sections, found, anchors)
              if section.template in jumped or section.template in (OVERVIEW_TEMPLATE, LATEST_TEMPLATE)]
    return {"sections": sections, "anchors": anchors,
            "jumps": _jump_items(listed, lang) if competitions >= JUMPS_FROM else []}


def _latest_heading(section: PlayerSection, lang: Words) -> str:
    """Return the heading of the latest seasons' section (:data:`LATEST_TEMPLATE`), as
    ``partials/player_latest.html`` writes it: "Latest seasons" for more than one, else "Latest
    season"."""
    seasons = (section.data or {}).get("seasons", [])
    return lang._("Latest seasons") if len(seasons) > 1 else lang._("Latest season")


def unique_anchors(anchors: list[str]) -> list[str]:
    """Return ``anchors`` (same order) with each one already used earlier in the list given
    ``-2``, ``-3``... (the first number that makes it unique among those before it)."""
    used: set[str] = set()
    unique = []
    for anchor in anchors:
        chosen, number = anchor, 1
        while chosen in used:
            number += 1
            chosen = f"{anchor}-{number}"
        used.add(chosen)
        unique.append(chosen)
    return unique


def _jump_items(listed: list[tuple[Jump, str]], lang: Words) -> list[dict[str, Any]]:
    """Return the "On this page" list of ``listed`` (each section's :class:`Jump` and anchor, in
    page order): ``{text, small, anchor, links}`` per link (``links`` empty), and per fold of
    :data:`FOLD_FROM` or more sections (a league's seasons), at the place of its first section,
    ``{text: "league · N seasons", small: "", anchor: "", links: [a link per section, its
    ``short`` text]}``."""
    sizes: dict[str, int] = {}
    for jump, _anchor in listed:
        if jump.fold:
            sizes[jump.fold] = sizes.get(jump.fold, 0) + 1
    items: list[dict[str, Any]] = []
    folds: dict[str, dict[str, Any]] = {}
    for jump, anchor in listed:
        size = sizes.get(jump.fold, 0) if jump.fold else 0
        if size < FOLD_FROM:
            items.append({"text": jump.text, "small": jump.small, "anchor": anchor, "links": []})
            continue
        fold = folds.get(jump.fold)
        if fold is None:
            count = lang.ngettext("{count} season", "{count} seasons", size).format(count=size)
            fold = folds[jump.fold] = {"text": f"{isolated(jump.fold_name)} · {count}", "small": "",
                                       "anchor": "", "links": []}
            items.append(fold)
        fold["links"].append({"text": jump.short, "small": "", "anchor": anchor, "links": []})
    return items


def _with_current(sections: list[PlayerSection], lang: Words) -> list[PlayerSection]:
    """Return ``sections`` (newest first) with a "current competitions" section first when the
    player has one: a card of each competition in progress, by its rule set's description
    (:class:`sitegen.ruleset.Carded`: a league season in progress, a tournament in progress, a
    Swiss league in progress, a ladder), with place, score and the games to play. The "next
    game" sections go into their competition's card when its rule set takes them (tournaments,
    Swiss leagues), else into a card of their own, and are left out of the list."""
    carded = {found.carded.template: found.carded for found in RULE_SETS}
    cards: list[dict[str, Any]] = []
    paired: list[dict[str, Any]] = []
    rest: list[PlayerSection] = []
    nexts: list[dict[str, Any]] = []
    for section in sections:
        data, template = section.data, section.template
        if template == "partials/player_next.html" and data is not None:
            nexts.append(data)
            continue
        rest.append(section)
        if data is None:
            continue
        rules = carded.get(template)
        card = rules.card(data, lang) if rules is not None else None
        if card is not None:
            cards.append(card)
            if rules is not None and rules.paired:
                paired.append(card)
    for pairing in nexts:
        card = next((c for c in paired if pairing["url"].startswith(c["url"])), None)
        if card is None:
            card = {"kind": "next", "name": pairing["competition"], "url": pairing["url"], "entry": {}, "next": []}
            cards.append(card)
        card["next"].append({"opponent": pairing["opponent"], "side": pairing["colour"],
                             "handicap": pairing["handicap"], "round": pairing["round"],
                             "board": pairing["board"], "competition": pairing["competition"],
                             "url": pairing["url"], "record": pairing["record"], "deadline": None})
    if not cards:
        return rest
    return [PlayerSection(NOW_TEMPLATE, NOW, {"cards": cards}), *rest]


def _made_sections(sections: list[PlayerSection]) -> dict[str, Any]:
    """Return ``{"sections": ...}`` with each deferred section made (or left out if empty)."""
    made = []
    for section in sections:
        if section.make is None:
            made.append(section)
        else:
            data = section.make()
            if data is not None:
                made.append(PlayerSection(section.template, section.sort_key, data))
    return {"sections": made}
