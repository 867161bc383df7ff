"""The game records of the site: a copy of every SGF file that a game's ``sgf:`` names.

Every kind of game may carry a record (``link:``, ``sgf:``; :mod:`sitegen.validate.records`);
the planners show it beside the game (:func:`sitegen.display.record_links`). The SGF files,
read while validating, are written once each under ``sgf/`` (:func:`sitegen.urls.sgf_url`),
however many games name them.
"""

from __future__ import annotations

from typing import Iterator

from ..model import Content
from ..model.common import GameRecord
from ..model.ladder import LadderGame
from ..plan import File, SitePlan
from ..urls import sgf_url


def game_records(content: Content) -> Iterator[GameRecord]:
    """Yield the record of every game of ``content`` that has one (league games, final-round
    games, tournament games, ladder games, Swiss matches), in content order."""
    for league in content.leagues:
        for season in league.seasons:
            for division in season.divisions:
                for group in division.groups:
                    yield from (g.record for g in group.games if g.record is not None)
            if season.final is not None:
                yield from (g.record for g in season.final.games if g.record is not None)
    for t in content.tournaments:
        yield from (g.record for g in t.games if g.record is not None)
    for club in content.ladders:
        yield from (e.record for e in club.ladder.events
                    if isinstance(e, LadderGame) and e.record is not None)
    for swiss in content.swiss_leagues:
        for st in swiss.tournaments:
            for rnd in st.rounds:
                yield from (m.record for m in rnd.matches if m.record is not None)


def plan_records(content: Content, plan: SitePlan) -> None:
    """Add one copy of each SGF file named by a game to ``plan``, sorted by path."""
    files: dict[str, bytes] = {}
    for record in game_records(content):
        if record.sgf and record.data:
            files.setdefault(record.sgf, record.data)
    for path, data in sorted(files.items()):
        plan.add_file(File(sgf_url(path), data))
