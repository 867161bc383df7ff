"""The content model: plain, frozen data classes for everything a build reads, validated.

One module per rule set, as in the engine: :mod:`.common` (ranks, results, players, league
games, site settings, Markdown pages), :mod:`.league` (round-robin leagues: seasons,
divisions, groups, the rules' settings and data), :mod:`.tournament` (Swiss and McMahon
tournaments with OpenGotha's parameters), :mod:`.swiss` (the Swiss league of best-of-three
matches) and :mod:`.ladder` (club ladders). :class:`Content` holds them all.

The validators (:mod:`sitegen.validate`) make these objects from the content files; the engine
(:mod:`sitegen.engine`) computes over them without I/O; the page planners read them. Every
object that came from a file keeps its :class:`~sitegen.diagnostics.SourcePos` (not compared).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .common import NOWHERE, Colour, Game, MarkdownPage, Outcome, Player, Rank, Result, SiteConfig
from .ladder import ClubLadder
from .league import League
from .swiss import SwissLeague
from .tournament import Tournament


@dataclass(frozen=True)
class Content:
    """Everything a build reads, validated: the site settings, the players by id, the Markdown
    pages and each rule set's competitions (in file order, ids sorted)."""

    config: SiteConfig
    players: Mapping[str, Player]
    leagues: tuple[League, ...]
    pages: tuple[MarkdownPage, ...]
    ladders: tuple[ClubLadder, ...] = ()
    """Club ladders from ``content/ladders/``."""
    tournaments: tuple[Tournament, ...] = ()
    """Swiss and McMahon tournaments from ``content/tournaments/``."""
    swiss_leagues: tuple[SwissLeague, ...] = ()
    """Swiss leagues from ``content/swiss/``."""


__all__ = ["NOWHERE", "ClubLadder", "Colour", "Content", "Game", "League", "MarkdownPage",
           "Outcome", "Player", "Rank", "Result", "SiteConfig", "SwissLeague", "Tournament"]
