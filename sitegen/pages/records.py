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
from ..plan import File, SitePlan
from ..rulesets import RULE_SETS
from ..urls import sgf_url


def game_records(content: Content) -> Iterator[GameRecord]:
    """Yield the record of every game of ``content`` that has one (league games, final-round
    games, tournament games, ladder games, Swiss matches: each rule set's
    ``gathered.records``), in content order."""
    for found in RULE_SETS:
        yield from found.gathered.records(getattr(content, found.field))


def plan_records(content: Content, plan: SitePlan) -> None:
    """Add one copy of each SGF file named by a game to ``plan``, sorted by path."""
    files: dict[str, bytes] = {}
    for record in game_records(content):
        if record.sgf and record.data:
            files.setdefault(record.sgf, record.data)
    for path, data in sorted(files.items()):
        plan.add_file(File(sgf_url(path), data))
