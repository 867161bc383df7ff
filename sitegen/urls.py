"""The site's addresses, in one place (docs/urls.md lists them for readers).

Every address is relative to the site's ``base_url`` and ends in ``/`` for a page (a folder
with an ``index.html``). Ids come from the content, so an address stays the same as long as
the ids do. Planners, the feed, the sitemap and the search index all take addresses from here.
"""

from __future__ import annotations

import datetime as dt
import functools

from .model.ladder import ClubLadder
from .model.league import Group, League, Season
from .model.swiss import SwissLeague, SwissTournament
from .model.tournament import Tournament

HOME = ""
PLAYERS = "players/"
SEARCH_INDEX = "search.json"
FEED = "feed.xml"
SITEMAP = "sitemap.xml"
NOT_FOUND = "404.html"


@functools.lru_cache(maxsize=1 << 16)
def player_url(player_id: str) -> str:
    """Return the address of a player's page (one shared string per player: the plan of a
    federation holds it a million times, and pickles it once)."""
    return f"players/{player_id}/"


def sgf_url(path: str) -> str:
    """Return the address of the copy of an SGF file, ``path`` being its place under content/
    (``games/2024/ann-bob.sgf`` -> ``sgf/games/2024/ann-bob.sgf``)."""
    return f"sgf/{path}"


def page_url(slug: str) -> str:
    """Return the address of a Markdown page (``content/pages/<slug>.md``)."""
    return f"{slug}/"


# --------------------------------------------------------------------------- leagues


LEAGUE_RULES = "leagues/rules/"
"""The league rules page: each rule id the league pages cite, in plain words (one page for
every league: they all play by the one text, ../shared/rules/000_8831272a7af7d6bd.txt). A
league's id may not be ``rules`` (validate.league)."""


def league_url(league: League) -> str:
    return f"leagues/{league.id}/"


def season_url(league: League, season: Season) -> str:
    return f"leagues/{league.id}/{season.id}/"


def group_url(league: League, season: Season, group: Group) -> str:
    return f"leagues/{league.id}/{season.id}/{group.id}/"


def movements_url(league: League, season: Season) -> str:
    """Return the address of the movements from the season before ``season`` into it."""
    return f"leagues/{league.id}/{season.id}/movements/"


def final_url(league: League, season: Season) -> str:
    return f"leagues/{league.id}/{season.id}/final/"


# --------------------------------------------------------------------------- tournaments


TOURNAMENT_RULES = "tournaments/rules/"
"""The placement rules page: each placement criterion's id the tournament pages cite
("placement: SOS"), in plain words (../shared/rules/003_fac0675ce42e5780.txt). A tournament's
file may not be named ``rules.yaml`` (validate.tournament)."""


def tournament_url(t: Tournament) -> str:
    return f"tournaments/{t.id}/"


def round_url(t: Tournament, after_round: int, last: int) -> str:
    """Return the standings page after ``after_round``; the last round played is the main page."""
    return tournament_url(t) if after_round == last else f"{tournament_url(t)}round-{after_round}/"


# --------------------------------------------------------------------------- ladders


LADDER_RULES = "ladders/rules/"
"""The ladder rules page: the ladder text's parts the ladder pages cite ("ladder: club
ladder", "ladder: handicap"), in plain words (../shared/rules/004_a6a48a51e626b017.txt). A
ladder's file may not be named ``rules.yaml`` (validate.ladder)."""


def ladder_url(ladder: ClubLadder) -> str:
    return f"ladders/{ladder.id}/"


def ladder_month_url(ladder: ClubLadder, month: dt.date) -> str:
    """Return the games page of the month of ``month`` (any day of it)."""
    return f"{ladder_url(ladder)}games/{month.strftime('%Y-%m')}/"


# --------------------------------------------------------------------------- Swiss leagues


SWISS_RULES = "swiss/rules/"
"""The Swiss league rules page: the Swiss league text's parts the Swiss league pages cite
("swiss: the league", "swiss: tournaments", "swiss: pairings"), in plain words
(../shared/rules/002_26d12e6ad94aa01f.txt). A Swiss league's folder may not be named ``rules``
(validate.swiss)."""


def swiss_league_url(league: SwissLeague) -> str:
    return f"swiss/{league.id}/"


def swiss_tournament_url(league: SwissLeague, tournament: SwissTournament) -> str:
    return f"swiss/{league.id}/{tournament.id}/"


def swiss_round_url(league: SwissLeague, tournament: SwissTournament, number: int) -> str:
    return f"swiss/{league.id}/{tournament.id}/round-{number}/"
