"""What one build leaves for the next build in the same process: the dev server's speed paths.

A :class:`Remembered` holds a large content file's last parse (:func:`sitegen.load.parse_yaml_again`),
a tournament's rounds read without a problem (sitegen.validate.tournament), a league season's
groups read without a problem (sitegen.validate.league) and planned
(their standings and players' games lists, sitegen.pages.league_games), a ladder's log entries (sitegen.validate.ladder), its replay (:meth:`Remembered.replay`) and
what its pages were made from (sitegen.pages.ladder), so that an edit near the end of a
20,000-game log costs its few changed entries, not the whole log (docs/architecture.md,
"Builds in one process"). The dev server (sitegen.devsite) owns one for as long as it runs and
hands it to every build (:func:`sitegen.stages.build`), which passes it down as it passes the
progress; ``sitegen build`` gives each build a new one (the validator and the ladder's pages
then still share one replay). Nothing here is process-wide: a new object is a new process.

Each table is only a shortcut: what is found in it is used only where it is the same as what
would be made anew, so a build gives the same site with a new :class:`Remembered`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine.ladder import Replay, replay, replay_continued
from .load import LastReads, YNode
from .model.ladder import Ladder, LadderEvent, RungList


@dataclass(eq=False)
class Remembered:
    """The tables the builds of one process leave for the next (see the module's docstring).
    Mutable: each build reads and replaces its entries; a forked helper's changes stay in the
    helper (the next build finds what this process remembered), but for the hashes of the
    texts it read (sitegen.pipeline: :meth:`sitegen.load.LastReads.take_texts`)."""

    yaml: LastReads = field(default_factory=LastReads)
    """sitegen.load: the last parse of each large or edited YAML file, the last text of the others."""
    read_events: dict[str, tuple[RungList | None, dict[int, tuple[YNode, LadderEvent, Any]]]] = field(
        default_factory=dict)
    """sitegen.validate.ladder: per ladder file (shown path), the rung list and the log entries
    read from its last tree, by node id: (node, event, its ``Fields``)."""
    replays: dict[str, Replay] = field(default_factory=dict)
    """The last replay of each ladder, by ladder id (:meth:`replay`)."""
    made: dict[str, Any] = field(default_factory=dict)
    """sitegen.pages.ladder: what the last plan of each ladder made, by ladder id (its ``_Made``)."""
    league_seasons: dict[tuple[str, str], Any] = field(default_factory=dict)
    """sitegen.pages.league: what the last plan of each league season made of its groups, by
    (league id, season id) (its ``SeasonGroupsMade``)."""
    groups: dict[str, dict[int, tuple[YNode, str, Any]]] = field(default_factory=dict)
    """sitegen.validate.league: per season file (shown path), the groups its last validation
    read without a problem and without a game record, by their node's id: (node, division
    name, the ``Group``)."""

    rounds: dict[str, dict[int, tuple[YNode, Any]]] = field(default_factory=dict)
    """sitegen.validate.tournament: per tournament file whose tree is kept (shown path), the
    rounds its last validation read without a problem and without a game record, by their
    node's id: (node, the round as read)."""

    def replay(self, ladder_id: str, ladder: Ladder) -> Replay:
        """Return ``sitegen.engine.ladder.replay(ladder)``: the last replay of ladder
        ``ladder_id`` when it was of this very ladder, else that replay continued
        (:func:`sitegen.engine.ladder.replay_continued`), else a new one; remembered as the
        ladder's last replay.

        The validator (its colour checks) and the ladder's pages both replay the log; in the dev
        server an edit then costs the events after it, not the whole log twice. Raises what
        :func:`~sitegen.engine.ladder.replay` raises.
        """
        earlier = self.replays.get(ladder_id)
        if earlier is not None and earlier.ladder is ladder:
            return earlier
        result = replay(ladder) if earlier is None else replay_continued(earlier, ladder)
        self.replays[ladder_id] = result
        return result


def replayed(remembered: Remembered | None, ladder_id: str, ladder: Ladder) -> Replay:
    """Return the replay of ``ladder``: :meth:`Remembered.replay` with ``remembered``, else a
    new one (:func:`sitegen.engine.ladder.replay`)."""
    return replay(ladder) if remembered is None else remembered.replay(ladder_id, ladder)
