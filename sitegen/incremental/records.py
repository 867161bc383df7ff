"""What a build keeps for the next one (issue 18): :class:`CacheState`, the records of its
validated units and planned parts, and the digests of players' records and of a league's
outline (sitegen.incremental)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from ..depends import Digests, sha
from ..diagnostics import Diagnostic
from ..model.common import Player
from ..rulesets import Unit
from ..plan import Bundle, PlayerSection
from ..validate import Common
from .sections import StoredSection
from .stamps import Stamp


@dataclass
class UnitRecord:
    """A validated unit (or a league's season file): its files' digests, the players its
    validation looked up and the digest of their records, its model objects and its problems
    (warnings only: a unit with errors is never kept)."""

    files: tuple[tuple[str, bytes], ...]
    refs: tuple[str, ...]
    records: bytes
    model: tuple
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def key(self) -> bytes:
        """The digest that stands for the unit's model objects."""
        return sha(b"unit\0" + b"".join(path.encode() + b"\0" + digest for path, digest in self.files)
                   + self.records)


@dataclass
class PartRecord:
    """A planned part: the digest of its inputs, its value, what its bundles were (page url,
    template and file name, and output paths), its pages' "updated" dates, its player
    sections; and, in the build that planned it, the bundles themselves."""

    inputs: bytes
    value: Any
    bundles: tuple[tuple[tuple[str, str, str] | None, tuple[str, ...]], ...]
    dates: tuple[tuple[str, dt.date | None], ...]
    sections: Iterable[tuple[str, Sequence[StoredSection]]]
    """Per player, their sections (in the build that read it from the cache: a
    sitegen.incremental.sections.KeptSections, made into sections player by player)."""
    people: frozenset[str] = frozenset()
    """The players found in its inputs (whose pages may show what the part made)."""
    warnings: tuple[Diagnostic, ...] = ()
    """The warnings its planner gave (``SitePlan.warnings``), given again when it is reused."""
    made: list[Bundle] | None = None
    """The bundles, in the build that made the part (not kept)."""
    originals: list[tuple[str, list[PlayerSection]]] | None = None
    """The sections as made, per player, in the build that made the part (not kept): they are
    written down (:attr:`sections`) by
    :meth:`sitegen.incremental.build.CachedBuild.store_sections`."""
    shape: bytes = b""
    """The digest of the part's name and inputs without the players' records (a part whose
    shape is unchanged while no player's record changed is the same part)."""
    ghosts: list[Bundle] | None = field(default=None, compare=False, repr=False)
    """The bundles standing for its outputs in a build that keeps it (addresses only, never
    made: :meth:`sitegen.incremental.reuse.CachedParts.part`), made once and kept with the
    record in memory (not in the cache): the dev server's next builds use them again."""


@dataclass
class CacheState:
    """What a build keeps for the next one (the stages: :mod:`sitegen.incremental`)."""

    settings: bytes = b""
    stamps: dict[str, dict[str, tuple[Stamp, bytes]]] = field(default_factory=dict)
    """Per root (``content``, ``templates``, ``theme``, ``code``): each file's stamp and digest."""
    common: Common | None = None
    common_files: tuple[tuple[str, bytes], ...] = ()
    common_diagnostics: tuple[Diagnostic, ...] = ()
    units: dict[Unit, UnitRecord] = field(default_factory=dict)
    seasons: dict[str, UnitRecord] = field(default_factory=dict)
    parts: dict[tuple, PartRecord] = field(default_factory=dict)
    keys: dict[str, bytes] = field(default_factory=dict)
    """Every output's key."""
    shas: dict[str, bytes] = field(default_factory=dict)
    """Every output's SHA-256 (of its bytes)."""
    players: dict[str, bytes] = field(default_factory=dict)
    """The digest of each player's record (of ``common``). Kept with the state, so that a
    build whose players are unchanged need not digest their records again, nor the players'
    records of each part kept (:meth:`sitegen.incremental.reuse.CachedParts.part`): together
    0.15-0.3 s at full size."""
    filed: list[str] | None = None
    """The players' ids (of ``common``) in the order of the players index
    (sitegen.plan.NamesTable.filed), when the build worked it out: a build whose players are
    unchanged takes it instead of sorting them again."""
    leagues: dict[str, bytes] = field(default_factory=dict)
    """Per league: the digest of its seasons' order, ids and divisions (:func:`league_outline`)."""
    dates: dict[tuple, tuple[tuple, dict[str, dt.date]]] = field(default_factory=dict)
    """Per rule set: its model objects and its pages' "last updated" dates (in memory only)."""
    rule_paths: bytes = b""
    """Digest of the rule sets' output paths of the last good build."""
    paths: bytes = b""
    """Digest of every output path of the last good build (its paths were checked)."""
    menu: bytes = b""
    """Digest of the header menu every page shows (sitegen.pages.navigation)."""
    warnings: tuple[Diagnostic, ...] = ()
    """The warnings of the last good build (shown again by a build that changes nothing)."""
    census: dict[str, dict[str, int]] = field(default_factory=dict)
    """What the last good build was made from (sitegen.census), for a build that changes nothing."""
    rows: dict[str, Any] = field(default_factory=dict)
    """The outputs' rows of the index this state was read from, by path, with the objects read
    from each (sitegen.outputstamps.read_output_rows; in memory only): the next index writes
    those of unchanged outputs as they were."""

    @property
    def empty(self) -> bool:
        return not self.settings


def player_digests(players: Mapping[str, Player], digests: Digests) -> dict[str, bytes]:
    """Return the digest of each player's record (its compared fields), registering it."""
    found = {}
    for pid, player in players.items():
        found[pid] = digest = digests.record(player)
        digests.register(player, digest)
    return found


def records_digest(known: Mapping[str, bytes], ids: Iterable[str]) -> bytes:
    """Return the digest of the records of players ``ids`` (``known``: :func:`player_digests`;
    an id without a player counts as absent)."""
    return sha(b"".join(pid.encode("utf-8") + b"\0" + known.get(pid, b"absent") for pid in sorted(ids)))


def league_outline(league: Any) -> bytes:
    """Return the digest of what every player page of a league's players shows of the league
    as a whole (the division chart): its seasons in order, their ids and division letters."""
    seasons = sorted(league.seasons, key=lambda s: (s.start or dt.date.min, s.id))
    return sha(repr((league.id, league.name, [(s.id, [d.name for d in s.divisions]) for s in seasons]))
               .encode("utf-8"))


SECTIONS_HOLD_THE_OVERVIEW = frozenset({"league-season", "league"})
"""The parts (by the first item of their id) that give a player's page nothing but their player
sections: a league season's section of a player lists their group, division, place and every
game with its opponent, outcome from their side (win, loss, jigo, forfeit), date and the
season's end (:func:`sitegen.pages.league._record_history`), which is all that the overview
takes from the season (:mod:`sitegen.pages.players`: the results by opponent,
``league_meetings``, dated by the game or the season's end; the division of each season,
``season_divisions``, whose league-wide order is the league's outline, compared apart); a player
of the season's neighbours or sign-ups (found in its inputs) has no section of it and no game or
division in it. A league's own part (its page, from its seasons' summaries) gives no player
anything."""


def shown_again(ident: tuple, record: PartRecord, before: PartRecord | None) -> frozenset[str]:
    """Return the players whose pages may show something new of the part ``ident`` planned
    again (``record``; ``before``: its record in the last build, if any): all the players found
    in it, but for a part of :data:`SECTIONS_HOLD_THE_OVERVIEW` kept by both builds whole (every
    section written down) only those whose sections of it are not the same digests, in the same
    order, as before (a section gained or lost counts). Issue 31: after one league result at
    full size, the pages of a handful of players instead of the season's 2,686 and the league
    page's 1,300 leaders; keying them was 0.2-0.3 s of a cached build under load."""
    if ident[0] not in SECTIONS_HOLD_THE_OVERVIEW or before is None or not record.inputs or not before.inputs:
        return record.people
    now = _section_digests(record)
    earlier = _section_digests(before)
    return frozenset(player for player in now.keys() | earlier.keys() if now.get(player) != earlier.get(player))


def _section_digests(record: PartRecord) -> dict[str, tuple[bytes, ...]]:
    """Per player of ``record``'s sections: their digests, in the part's order."""
    found: dict[str, tuple[bytes, ...]] = {}
    for player, sections in record.sections:
        found[player] = found.get(player, ()) + tuple(section.digest for section in sections)
    return found
