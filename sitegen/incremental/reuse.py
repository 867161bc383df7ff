"""What a cached build may keep (issue 18): the units and parts of the last build, lent to the
pipeline (:class:`BuildCaches`, sitegen.pipeline.Caches: units validated again only when their
files or the players they looked up changed) and to the planners (:class:`CachedParts`,
sitegen.plan.PartMemo: parts planned again only when their inputs changed)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..depends import COMMON, Digests, player_ids, sha, unit_of
from ..diagnostics import Diagnostic, Diagnostics
from ..model import Content
from ..model.common import Player
from ..pages.extras import updated_dates
from .. import rulesets
from ..plan import Bundle, File, GhostBundle, NamesTable, Page, SitePlan
from ..remembered import Remembered
from ..rulesets import Unit, rule_set
from ..validate import Common, read_common, refuse_links_and_special_files, report_interrupted_writes
from ..validate.league import PlayerRefs
from ..validate.records import RecordReader
from .records import CacheState, PartRecord, UnitRecord, player_digests, records_digest


class _Recorder(Mapping):
    """The players table, recording which ids are looked up (validation's dependencies)."""

    def __init__(self, players: Mapping[str, Player]):
        self.players = players
        self.seen: set[str] = set()
        self.everything = False

    def __getitem__(self, key: str) -> Player:
        self.seen.add(key)
        return self.players[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen.add(key)
        return key in self.players

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        return self.players.get(key, default)

    def __iter__(self) -> Iterator[str]:
        self.everything = True
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)


READ = "@"
"""Marks, in a unit's files, a game record its validation read (``@games/a.sgf``)."""


class _RecordingReader(RecordReader):
    """Reads the games' records (sitegen.validate.records) and remembers the SGF files read."""

    def __init__(self, content_dir: Path):
        super().__init__(content_dir)
        self.read_paths: set[str] = set()

    def read(self, fields: Any, diags: Diagnostics) -> Any:
        record = super().read(fields, diags)
        if record is not None and record.sgf:
            self.read_paths.add(record.sgf)
        return record

    def files(self, digests: Mapping[str, bytes]) -> tuple[tuple[str, bytes], ...]:
        """Return the SGF files read, marked (:data:`READ`), with their digests in ``digests``."""
        return tuple((READ + path, digests.get(path, b"")) for path in sorted(self.read_paths))


class BuildCaches:
    """The units and parts of the last build, lent to the front half (sitegen.pipeline.Caches)."""

    def __init__(self, files: dict[str, bytes], digests: Digests, content_dir: Path, old: CacheState,
                 names: NamesTable):
        self.files = files
        self._by_unit: dict[tuple[str, ...] | None, tuple[tuple[str, bytes], ...]] | None = None
        """The files of each unit (:meth:`_files_of`)."""
        self.names = names
        self.digests = digests
        self.content_dir = content_dir
        self.old = old
        self.new_units: dict[Unit, UnitRecord] = {}
        self.new_seasons: dict[str, UnitRecord] = {}
        self.new_parts: dict[tuple, PartRecord] = {}
        self.ghosts: set[int] = set()
        self.ghost_bundles: list[Bundle] = []
        self.common_value: Common | None = None
        self.common_files: tuple[tuple[str, bytes], ...] = ()
        self.common_diags: tuple[Diagnostic, ...] = ()
        self.refs: dict[int, tuple[str, ...]] = {}
        """The players each kept or validated model object's validation looked up, by id."""
        self.players: dict[str, bytes] = {}
        """The digest of each player's record."""
        self.updated: dict[str, dt.date] = {}
        """The "last updated" dates of the rule sets' pages planned in this process."""
        self.dates: dict[tuple, tuple[tuple, dict[str, dt.date]]] = {}
        """Per rule set (by its model objects): its pages' "last updated" dates."""

    # ------------------------------------------------------------------ common

    def common(self, content_dir: Path, diags: Diagnostics, remembered: Remembered) -> Common | None:
        """Return the settings, players and pages: kept when none of their files changed, else
        read again (with ``remembered``, sitegen.remembered)."""
        files = self._files_of(COMMON)
        old = self.old
        if (old.common is not None and old.common_files == files and content_dir.is_dir()
                and not content_dir.is_symlink()):
            if refuse_links_and_special_files(content_dir, diags):
                return None
            report_interrupted_writes(content_dir, diags)
            common: Common | None = old.common
            found = old.common_diagnostics
        else:
            own = Diagnostics(on_file=diags.on_file)
            common = read_common(content_dir, own, remembered)
            found = tuple(own.items)
        diags.extend(found)
        if common is None:
            return None
        if not any(d.level == "error" for d in found):
            self.common_value, self.common_files, self.common_diags = common, files, found
        digests = self.digests
        digests.table(self.names.of(common.players))
        if common is old.common and old.players:
            self.players = old.players
            for pid, player in common.players.items():
                digests.register(player, self.players[pid])
            if old.filed is not None:  # the same players: the same order of the players index
                self.names.keep_filed(common.players, old.filed)
        else:
            self.players = player_digests(common.players, digests)
        return common

    def records(self, ids: Iterable[str]) -> bytes:
        """Return the digest of the records of players ``ids``."""
        return records_digest(self.players, ids)

    # ------------------------------------------------------------------ units

    def _read(self, record: UnitRecord) -> tuple[tuple[str, bytes], ...]:
        """Return the current digests of the game records ``record``'s validation read."""
        return tuple((path, self.files.get(path[1:], b"")) for path, _ in record.files
                     if path.startswith(READ))

    def _files_of(self, unit: tuple[str, ...]) -> tuple[tuple[str, bytes], ...]:
        """Return the content files of ``unit`` (sitegen.depends.unit_of) with their digests, sorted."""
        if self._by_unit is None:  # each file's unit found once per build, not once per unit
            # (a federation's 94 files and 62 units: 0.03-0.05 s of each change, issue 31)
            by_unit: dict[tuple[str, ...] | None, list[tuple[str, bytes]]] = {}
            for path, digest in self.files.items():
                by_unit.setdefault(unit_of(path), []).append((path, digest))
            self._by_unit = {found: tuple(sorted(files)) for found, files in by_unit.items()}
        return self._by_unit.get(unit, ())

    def unit(self, unit: Unit, load: Callable[..., tuple], common: Common, diags: Diagnostics,
             remembered: Remembered) -> tuple:
        """Return ``unit``'s model objects: kept when its files and the records of the
        players it looked up are unchanged, else validated again (``load``, its refs holding
        ``remembered``)."""
        files = self._files_of(unit)
        record = self.old.units.get(unit)
        digests = self.digests
        if record is not None and self._unchanged(record, files, common):
            diags.extend(record.diagnostics)
        else:
            def validate(refs: PlayerRefs, own: Diagnostics, recorder: _Recorder) -> tuple:
                apart = rule_set(unit[0]).load_apart
                return load(refs, own, None if apart is None else self._season_loader(common, recorder, apart))

            record, kept = self._validate(unit, files, common, common.complete, validate, diags, remembered)
            if not kept:
                return record.model
        self.new_units[unit] = record
        key = record.key
        for obj in record.model:
            digests.register(obj, key)
            self.refs[id(obj)] = record.refs
            if rule_set(unit[0]).load_apart is not None and record is self.old.units.get(unit):
                self._keep_seasons(obj)
        return record.model

    def _validate(self, unit: Unit | None, files: tuple[tuple[str, bytes], ...], common: Common,
                  complete: bool, load: Callable[[PlayerRefs, Diagnostics, _Recorder], tuple],
                  diags: Diagnostics, remembered: Remembered | None) -> tuple[UnitRecord, bool]:
        """Validate a unit (or, ``unit`` None, a league's season file) from ``files`` with
        ``load`` (its refs holding ``remembered``), recording the players and game records it
        looked up; return its record and whether it may be kept for the next build (no error,
        and it did not read the whole players table)."""
        recorder = _Recorder(common.players)
        own = Diagnostics(on_file=diags.on_file)
        reader = _RecordingReader(self.content_dir)
        model = load(PlayerRefs(recorder, own, complete=complete, records=reader, remembered=remembered),
                     own, recorder)
        diags.extend(own.items)
        reads = self._reads(unit, reader) if unit is not None else reader.files(self.files)
        record = UnitRecord(files + reads, tuple(sorted(recorder.seen)), self.records(recorder.seen),
                            model, tuple(own.items))
        return record, not (own.has_errors or recorder.everything)

    def _reads(self, unit: Unit, reader: _RecordingReader) -> tuple[tuple[str, bytes], ...]:
        """Return the game records a unit's validation read, marked (:data:`READ`): a league's
        include those its seasons read (a league whose files are unchanged is kept whole, its
        seasons with it: an edited record must validate it again)."""
        reads = set(reader.files(self.files))
        if rule_set(unit[0]).load_apart is not None:
            reads.update(entry for relative, season in self.new_seasons.items() if unit_of(relative) == unit
                         for entry in season.files if entry[0].startswith(READ))
        return tuple(sorted(reads))

    def _unchanged(self, record: UnitRecord, files: tuple, common: Common) -> bool:
        """Return whether ``record`` was made from ``files`` as they are now (and the files it
        read beside them), with the players' records it looked up unchanged: so when this build
        kept the last one's table of players' digests (:meth:`common`), as every record kept in
        the last state was checked against it; else each record's players are digested again.
        (Not ``common is old.common``: a base URL given on the command line makes a new Common
        each build, and digesting the players of the 92 units of a federation took 0.1-0.3 s
        of each change of ``sitegen serve --base-url``, issue 31.)"""
        return (record.files == files + self._read(record)
                and (self.players is self.old.players or self.records(record.refs) == record.records))

    def _keep_seasons(self, league: Any) -> None:
        """A league kept as it was keeps its seasons' records (their digests and players)."""
        records = {id(record.model[0]): (relative, record) for relative, record in self.old.seasons.items()
                   if record.model}
        for season in league.seasons:
            relative, record = records[id(season)]
            self.new_seasons[relative] = record
            self.digests.register(season, record.key)
            self.refs[id(season)] = record.refs

    def _season_loader(self, common: Common, outer: _Recorder, load_season: Callable) -> Callable:
        """Return a loader of a unit's files validated apart (a league's seasons, for
        ``load_league``; ``load_season``, the rule set's ``load_apart``) that keeps those of
        unchanged files."""
        def load(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> Any:
            relative = path.relative_to(self.content_dir).as_posix()
            files = ((relative, self.files.get(relative, b"")),)
            record = self.old.seasons.get(relative)
            digests = self.digests
            if record is not None and self._unchanged(record, files, common):
                diags.extend(record.diagnostics)
            else:
                def validate(season_refs: PlayerRefs, own: Diagnostics, recorder: _Recorder) -> tuple:
                    season = load_season(path, shown, season_refs, own)
                    return () if season is None else (season,)

                record, kept = self._validate(None, files, common, refs.complete, validate, diags,
                                              refs.remembered)
                if not kept:
                    outer.everything = True
                    return record.model[0] if record.model else None
            outer.seen.update(record.refs)
            self.new_seasons[relative] = record
            for obj in record.model:
                digests.register(obj, record.key)
                self.refs[id(obj)] = record.refs
            return record.model[0] if record.model else None
        return load

    # ------------------------------------------------------------------ parts

    def memo(self, content: Content) -> "CachedParts":
        objects = tuple(getattr(content, found.field) for found in rulesets.RULE_SETS)
        ids = tuple(id(obj) for group in objects for obj in group)
        kept = self.old.dates.get(ids)
        updated = kept[1] if kept is not None and all(
            a is b for a, b in zip(kept[0], (obj for group in objects for obj in group))) else updated_dates(content)
        self.dates[ids] = (tuple(obj for group in objects for obj in group), updated)
        self.updated.update(updated)
        return CachedParts(self, updated)

    def harvest(self) -> Any:
        return (self.new_units, self.new_seasons, self.new_parts, self.ghost_bundles)

    def absorb(self, made: Any) -> None:
        """Take the units and parts a forked helper made (its bundles and model objects came
        back in the same pickle as its plan, so they are the plan's own objects)."""
        units, seasons, parts, ghosts = made
        digests = self.digests
        for table, records in ((self.new_units, units), (self.new_seasons, seasons)):
            for key, record in records.items():
                table[key] = record
                for obj in record.model:
                    digests.register(obj, record.key)
                    self.refs[id(obj)] = record.refs
        self.new_parts.update(parts)
        self.ghost_bundles.extend(ghosts)
        self.ghosts.update(id(bundle) for bundle in ghosts)


class CachedParts:
    """The previous build's parts, for :meth:`sitegen.plan.SitePlan.part`; ``updated``: the
    "last updated" dates of the rule set's pages in this build."""

    def __init__(self, caches: BuildCaches, updated: dict[str, dt.date]):
        self.caches = caches
        self.updated = updated

    def part(self, plan: SitePlan, ident: tuple, inputs: Any, make: Callable[[SitePlan], Any]) -> Any:
        caches = self.caches
        digests = caches.digests
        shape = digests.of((ident, inputs))
        old = caches.old.parts.get(ident)
        if (old is not None and old.inputs and old.shape == shape and caches.players is caches.old.players
                and self._same_dates(old)):
            # The same inputs and the same players' records as the last build: the same part
            # (finding the players in the inputs and digesting their records is most of the
            # time a kept part costs: 0.2 of 0.25 s in a full-size league's 30 seasons).
            self._reuse(plan, old)
            caches.new_parts[ident] = old
            return old.value
        players = caches.common_value.players if caches.common_value else {}
        people, covered = player_ids(inputs, players, caches.refs)
        digest = sha(shape + caches.records(people))
        if old is not None and old.inputs == digest and self._same_dates(old):
            old.shape = shape
            self._reuse(plan, old)
            caches.new_parts[ident] = old
            return old.value
        sub = SitePlan(memo=plan.memo, names=plan.names, remembered=plan.remembered)
        value = make(sub)
        assert not sub.home_sections, f"a part adds no home section: {ident}"
        plan.bundles.extend(sub.bundles)
        plan.warnings.extend(sub.warnings)
        originals = list(sub.player_sections.items())
        plan.add_player_sections(originals)
        record = PartRecord(digest, value, tuple(
            ((b.page.url, b.page.template, b.page.file_name) if b.page else None,
             tuple(path for f in b.files for path in f.paths)) for b in sub.bundles),
            self._dates(sub.bundles), (), frozenset(people | covered), tuple(sub.warnings),
            made=list(sub.bundles), originals=originals, shape=shape)
        caches.new_parts[ident] = record
        return value

    def _dates(self, bundles: Iterable[Bundle]) -> tuple[tuple[str, dt.date | None], ...]:
        return tuple((b.page.url, self.updated.get(b.page.url)) for b in bundles
                     if b.page is not None and b.page.file_name == "index.html")

    def _same_dates(self, old: PartRecord) -> bool:
        return all(self.updated.get(url) == date for url, date in old.dates)

    def _reuse(self, plan: SitePlan, old: PartRecord) -> None:
        """Add ghost bundles standing for the part's outputs (made once per record: the dev
        server keeps a part's record from build to build, and making them for the 92 kept parts
        of a federation's league took 0.03-0.07 s of each change's way to its page, issue 31),
        and its kept player sections."""
        ghosts = old.ghosts
        if ghosts is None:
            ghosts = old.ghosts = [GhostBundle(Page(page[0], page[1], {}, page[2]) if page else None,
                                               tuple(File(path, b"") for path in paths),
                                               given=((page[0] + page[2],) if page else ()) + paths)
                                   for page, paths in old.bundles]
        plan.bundles.extend(ghosts)
        plan.warnings.extend(old.warnings)
        self.caches.ghosts.update(id(ghost) for ghost in ghosts)
        self.caches.ghost_bundles.extend(ghosts)
        plan.add_player_sections(old.sections)  # type: ignore[arg-type]  # merged when read
