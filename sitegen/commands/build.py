"""``sitegen build``: the output folder and the cache opened, then :func:`sitegen.stages.build`
(load -> validate -> plan -> render -> write), handed the cache (the last build's, or
:class:`sitegen.stages.NoCache`) and the output folder (:class:`_ToFolder`).

A build keeps what it made beside the output folder, in ``.<output>.sitegen-cache``
(:mod:`sitegen.store`): the digest of every input file, the validated content unit by unit,
the plan part by part, and the key, digest and file stamp of every output. The next build
(:mod:`sitegen.incremental`) validates, plans and renders again only what the changed files
reach, and replaces only the output files whose bytes changed; when nothing changed it does
nothing. The cache is used only if the output folder still holds exactly what the last build
wrote (a file whose stamp changed, as after a cache restore in CI, is compared by its digest);
a cache made by another sitegen, for other settings or templates, or that does not decode, is
not used: everything is built, and the build says why in one line. ``SITEGEN_NO_CACHE=1``
turns the cache off (nothing is read or written).

The cache keeps the content's warnings too (with the units that gave them and the parts that
planned them): a build that reuses them, or does nothing, prints them again, and ``--strict``
fails on them as on a build from scratch. It also keeps the counts of the build's summary
(:mod:`sitegen.census`).
"""

from __future__ import annotations

import gc
import os
import time
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .. import outputstamps, store
from ..census import Census, census
from ..depends import sha
from ..diagnostics import Diagnostic, SitegenError, command_pos, write_hint
from ..hostfiles import host_files
from .. import stages
from ..incremental.build import CachedBuild
from ..incremental.records import CacheState
from ..incremental.sections import DamagedSection
from ..model import Content
from ..model.common import SiteConfig
from ..pipeline import prepare
from ..plan import Bundle, SitePlan
from ..progress import Progress
from ..render import make_environment, render_bundles, render_site, render_work
from ..stages import Cache, NoCache, Source
from ..workers import alongside, no_cycle_collection
from ..write import (MARKER, NotInPlace, OutputBusy, OutputLock, Staging, WriteReport,
                     check_output_folder, update_site)

if TYPE_CHECKING:
    from jinja2 import Environment


@dataclass(frozen=True)
class BuildResult:
    pages: int
    report: WriteReport
    cached: bool = False
    """True when nothing changed since the last build, which was then not repeated."""
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds per stage: ``check`` (the cache and the output folder), ``prepare`` (load,
    validate, plan), ``render+write``, ``swap`` (a build from scratch) and ``cache`` (see
    ``sitegen build --timings``)."""
    note: str = ""
    """One line for the user, e.g. why the cache was not used."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """The content's warnings (also those kept by the cache, when they were not found again)."""
    census: Census = field(default_factory=dict)
    """What the site was made from, per competition kind (sitegen.census)."""
    made: Any = field(default=None, repr=False, compare=False)
    """What the build made (its content, plan and the state for the next build): kept alive by
    the caller that ends the process without freeing it (sitegen.cli.run)."""


def plan(content_dir: Path, base_url: str | None = None,
         progress: Progress | None = None) -> tuple[Content, SitePlan]:
    """Load, validate and plan the site: ``(content, plan)`` (sitegen.pipeline). Raises
    SitegenError with every problem. ``base_url`` replaces the one of site.yaml."""
    return prepare(content_dir, base_url, progress=progress)


def render(content_dir: Path, templates_dir: Path | None = None,
           base_url: str | None = None, progress: Progress | None = None,
           theme_code: bool = False) -> dict[str, bytes]:
    """Return the whole site in memory, ``{relative path: bytes}``, built from scratch;
    ``progress`` is told the stages (sitegen.progress; default: shown nowhere). With
    ``theme_code``, the default theme's compiled templates kept beside it are used (and kept),
    as ``sitegen build`` uses them (sitegen.theme_code); without, every template is compiled
    from its source. Raises SitegenError."""
    content, site = plan(content_dir, base_url, progress)
    environment = make_environment(content.config, templates_dir, theme_code=True) if theme_code else None
    files = render_site(site, content.config, templates_dir, progress=progress, environment=environment)
    files.update(host_files(content.config))
    return files


def build(content_dir: Path, output_dir: Path, templates_dir: Path | None = None,
          base_url: str | None = None, strict: bool = False,
          progress: Progress | None = None, theme_code: bool = False) -> BuildResult:
    """Build the site into ``output_dir``; on any error ``output_dir`` is left untouched.

    From scratch, pages are written as they are rendered, by the render workers, into a staging
    folder that replaces ``output_dir`` at the end (sitegen.write.Staging). With the cache of
    the last build, only the outputs whose inputs changed are made, and those whose bytes
    changed replace their files in place (sitegen.write.update_site); nothing is done when no
    input changed (see the module's docstring).
    One build at a time per output folder: the folder's lock (sitegen.write.OutputLock) is
    held from the start, and a build that finds it held stops at once.
    ``progress`` is told the stages and what the cache and the writer reused (sitegen.progress;
    default: shown nowhere). With ``theme_code`` (the command's builds), a build keeps the
    default theme's compiled templates beside the theme and uses them again
    (sitegen.theme_code), from scratch too.
    Raises SitegenError for bad content, a broken template, an unwritable output folder or one
    that another process is writing; with ``strict``, also for warnings (nothing is written).
    """
    progress = progress or Progress()
    clock = _Clock()
    try:
        check_output_folder(output_dir, [content_dir] + ([templates_dir] if templates_dir else []))
        refused = None
    except SitegenError as error:
        refused = error  # reported together with any content errors, below
    if refused is not None:
        return _build(content_dir, output_dir, templates_dir, base_url, clock, refused, None,
                      _Options(strict, progress, theme_code))
    try:
        lock = OutputLock(output_dir).acquire()
    except OutputBusy as error:
        raise SitegenError([Diagnostic(command_pos("sitegen build"), str(error), "output.busy",
                                       "wait until it has finished, or choose another --output")]) from None
    except OSError as error:
        raise _unwritable(output_dir, error) from None
    try:
        return _build(content_dir, output_dir, templates_dir, base_url, clock, None, lock,
                      _Options(strict, progress, theme_code))
    finally:
        lock.release()


@dataclass(frozen=True)
class _Options:
    """What the caller asked of a build besides its folders: ``--strict``, the progress display."""

    strict: bool
    progress: Progress
    theme_code: bool = False
    """The default theme's compiled templates kept beside it (sitegen.theme_code)."""
    dropped: str = ""
    """Why an earlier attempt of this build dropped the cache (it is then not opened again)."""


def _cache_for(use_cache: bool, allowed: bool, folder: Path, content_dir: Path,
               templates_dir: Path | None, base_url: str | None, output_dir: Path,
               options: _Options) -> "_Opened":
    """Return the cache of the last build (``use_cache``), else a cache that keeps nothing,
    saying why (``SITEGEN_NO_CACHE``, or the reason the cache was ``options.dropped``)."""
    progress = options.progress
    if allowed and not use_cache:
        progress.note("build cache: off (SITEGEN_NO_CACHE): full build")
    if use_cache and not options.dropped:
        return _open_cache(folder, content_dir, templates_dir, base_url, output_dir, progress)
    note = f"build cache not used: {options.dropped}; building everything" if options.dropped else ""
    if use_cache:  # the cache is dropped, this build writes the next one's
        return _Opened(CachedBuild(None, content_dir, templates_dir, base_url, progress=progress), note=note)
    return _Opened(NoCache(), note=note)


def _build(content_dir: Path, output_dir: Path, templates_dir: Path | None, base_url: str | None,
           clock: "_Clock", refused: SitegenError | None, lock: OutputLock | None,
           options: _Options) -> BuildResult:
    """The build, with the output folder's lock held (``lock``) unless it was ``refused``: the
    cache opened, then :func:`sitegen.stages.build` into the output folder."""
    use_cache = os.environ.get("SITEGEN_NO_CACHE", "") in ("", "0") and refused is None
    folder = store.cache_folder(output_dir)
    opened = _cache_for(use_cache, refused is None, folder, content_dir, templates_dir, base_url,
                        output_dir, options)
    cache = opened.build
    if isinstance(cache, CachedBuild) and opened.unchanged:
        return _unchanged(cache, opened.stamps, clock, options)
    clock.lap("check")
    kept = cache.kept
    output = _ToFolder(output_dir, templates_dir, lock, clock, refused, opened.stamps,
                       folder if use_cache else None, cache, options.progress)
    output.theme_code = options.theme_code
    again = partial(_build, content_dir, output_dir, templates_dir, base_url, clock)
    try:
        built = stages.build(Source(content_dir, templates_dir, base_url), cache, output,
                             options.progress, strict=options.strict and refused is None)
    except SitegenError as error:
        if refused is None or error is refused:
            raise
        raise SitegenError(refused.diagnostics + error.diagnostics) from None
    except NotInPlace:  # cannot happen to a checked output folder; build it whole
        return again(None, lock, options)
    except DamagedSection as why:  # a kept section read by the build: nothing written yet
        return again(refused, lock, replace(options, dropped=str(why)))
    except OSError as error:
        raise _unwritable(output_dir, error) from None
    except Exception as error:  # values of a forged cache that break the build (issue 30)
        if not kept:
            raise
        return again(refused, lock, replace(options, dropped=_failed_with(error)))
    note = opened.note
    if kept and not cache.kept:  # the last build was dropped while planning (sitegen.incremental)
        note = f"build cache not used: {cache.reason}; building everything"  # type: ignore[union-attr]
    pages = sum(1 for path in output.paths if path.endswith(".html"))
    counts = census(built.content)
    if use_cache:
        assert isinstance(cache, CachedBuild)
        _save(cache, output.stamps, folder, opened.index, counts)
        clock.lap("cache")
    options.progress.finish()
    options.progress.note(f"writing: {output.report.summary()} (kept as they were, not rewritten)")
    return BuildResult(pages, output.report, timings=clock.laps, note=note,
                       warnings=list(built.plan.warnings), census=counts, made=built)


class _ToFolder:
    """The output of ``sitegen build`` (sitegen.stages.Output): from scratch, every output
    rendered into a staging folder (by the render workers) that replaces the output folder;
    with what the last build kept, the changed outputs rendered here and those whose bytes
    changed replaced in place. Nothing is written when the output folder was ``refused``."""

    first: frozenset[str] = frozenset()
    theme_code = False
    """The build keeps the default theme's compiled templates (sitegen.theme_code)."""

    def __init__(self, output_dir: Path, templates_dir: Path | None, lock: OutputLock | None,
                 clock: "_Clock", refused: SitegenError | None, stamps: dict, folder: Path | None,
                 cache: Cache, progress: Progress) -> None:
        self.output_dir, self.templates_dir, self.lock, self.clock = output_dir, templates_dir, lock, clock
        self.refused, self.stamps, self.folder = refused, stamps, folder
        self.cache, self.progress = cache, progress
        self.held: list[Bundle] = []
        self.paths: Iterable[str] = ()
        """Every output of the site (after :meth:`finish`)."""
        self.report = WriteReport([], 0, 0)

    def early(self, bundles: list[Bundle], config: SiteConfig) -> None:
        self.held += bundles

    def finish(self, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
               config: SiteConfig) -> None:
        if self.refused is not None:
            raise self.refused
        self.clock.lap("prepare")
        bundles = self.held + bundles
        cache = self.cache
        # The default theme's kept code (sitegen.theme_code), for a build from scratch too: its
        # render workers inherit this environment, each compiled the theme's templates from
        # their source before, about 0.25 s of CPU a worker (issue 31).
        environment = make_environment(config, self.templates_dir, theme_code=True) if self.theme_code else None
        if not isinstance(cache, CachedBuild) or not cache.kept:
            made = _write_everything(bundles, hosts, config, self, environment)
            self.paths = made
            return
        self.progress.finish()
        self.progress.note(f"build cache: {sum(len(b.paths) for b in bundles)} of the site's "
                           f"{len(cache.keys)} outputs to make again, the rest kept from the last build")
        assert self.folder is not None
        self.report, self.stamps = _write_changes(cache, bundles, hosts, removed, config, self.output_dir,
                                                  self.templates_dir, self.lock, self.stamps, self.folder,
                                                  environment)
        self.paths = cache.keys
        self.clock.lap("render+write")


@dataclass
class _Opened:
    """What the cache gave a build: the build (with the last one's state, or none), the
    output stamps and index of the cache, whether nothing changed, and why the cache was not
    used (empty: it was, or there was none)."""

    build: CachedBuild | NoCache
    stamps: dict = field(default_factory=dict)
    index: dict = field(default_factory=dict)
    unchanged: bool = False
    note: str = ""




def _open_cache(folder: Path, content_dir: Path, templates_dir: Path | None, base_url: str | None,
                output_dir: Path, progress: Progress) -> _Opened:
    """Read the cache in ``folder`` for a build: its index, then (unless nothing changed) its
    blobs, after checking that ``output_dir`` holds what the last build wrote."""
    state, stamps, index, note = _cache_index(folder)
    if state is None and not note:
        progress.note("build cache: no record of an earlier build here: full build")
    build = CachedBuild(state, content_dir, templates_dir, base_url, progress=progress)
    if state is not None and build.reason is not None:
        note = f"build cache not used: {build.reason}; building everything"
    elif state is not None:
        try:
            stamps, unchanged = _check_and_load(build, state, stamps, index, folder, output_dir)
        except store.Unusable as why:
            note = f"build cache not used: {why}; building everything"
            build = CachedBuild(None, content_dir, templates_dir, base_url, progress=progress)
        else:
            return _Opened(build, stamps, index, unchanged=unchanged)
    return _Opened(build, stamps, index, note=note)


def _check_and_load(build: CachedBuild, state: CacheState, stamps: dict, index: dict, folder: Path,
                    output_dir: Path) -> tuple[dict, bool]:
    """Check that ``output_dir`` holds what the last build wrote and, unless no input changed,
    read the cache's blobs into ``state``; return the outputs' stamps as they are now and
    whether no input changed. The check (0.3-0.5 s at full size, 39,000 files) is done by a
    forked helper while this process reads the blobs (about 1 s), when it can fork; the helper
    also checks the blobs' digests and limits meanwhile (store.load_blobs_beside), unless the
    outputs' stamps changed (a restored output folder: the helper then reads every output,
    1-2 s at full size, and this process checks the blobs as it reads them). Raises
    store.Unusable (the output folder's reason first)."""
    resolved = output_dir.resolve()

    def changed() -> dict:  # only the stamps that changed travel back from the helper
        found = outputstamps.check_output(resolved, stamps, state.shas, MARKER)
        return {path: stamp for path, stamp in found.items() if stamp != stamps[path]}

    if build.unchanged():
        return {**stamps, **changed()}, True
    with no_cycle_collection(keep=True):  # the model objects live as long as the command
        if outputstamps.outputs_moved(resolved, stamps):  # the helper reads the outputs: checks here
            _, found = alongside(partial(store.load_blobs, state, folder, index), changed)
        else:
            found = store.load_blobs_beside(state, folder, index, changed)
    return {**stamps, **found}, False


def _unchanged(build: CachedBuild, stamps: dict, clock: "_Clock", options: _Options) -> BuildResult:
    """The result of a build that finds no input changed: the last build's output stands; its
    warnings are given again (and fail the build with ``--strict``)."""
    warnings = list(build.old.warnings)
    if options.strict and warnings:
        raise SitegenError(warnings)
    pages = sum(1 for path in build.old.keys if path.endswith(".html"))
    report = WriteReport([], len(stamps) + 1, 0)
    options.progress.note("build cache: nothing changed since the last build: loading, rendering "
                          f"and writing skipped ({report.unchanged} files kept)")
    return BuildResult(pages, report, cached=True, timings=clock.lap("check"), warnings=warnings,
                       census=build.old.census)


def _cache_index(folder: Path) -> tuple[CacheState | None, dict, dict, str]:
    """Return the cache's index (a state without its blobs), the output stamps and the index,
    or ``(None, {}, {}, why not)`` (nothing said when there is no cache)."""
    try:
        state, stamps, index = store.load_index(folder)
    except store.Unusable as why:
        if not os.path.lexists(folder):
            return None, {}, {}, ""
        return None, {}, {}, f"build cache not used: {why}; building everything"
    return state, stamps, index, ""


def _write_everything(bundles: list[Bundle], hosts: dict[str, bytes], config: SiteConfig,
                      output: _ToFolder, environment: Environment | None) -> dict:
    """Render every output into a staging folder (render workers write their own, from
    ``environment`` if given) and swap it in for the output folder; set ``output``'s report
    and stamps; return what was made. With
    the cache on (``output.folder``), the workers also write the units' blobs and key the
    player pages, for the next build."""
    folder, clock, cache = output.folder, output.clock, output.cache
    recorder = cache if isinstance(cache, CachedBuild) and folder is not None else None
    if folder is not None:
        store.remove(folder)
    staging = Staging(output.output_dir, output.lock)
    try:
        blobs: dict[str, Callable[[], str]] = {}
        after: tuple[Callable[[], Any], ...] = ()
        if recorder is not None and folder is not None:  # the workers write the units' blobs too
            caches = recorder.caches
            blobs = store.unit_blobs(caches.new_seasons, caches.new_units)
            common = store.common_blob(caches.common_value, caches.common_files, caches.common_diags,
                                       recorder.filed())
            if common is not None:
                blobs[common[0]] = common[1]
            after = tuple(partial(store.write_blob, folder, name, make) for name, make in blobs.items())
        results, texts = render_work(bundles, config, output.templates_dir,
                                     sink=staging.put_stamped, environment=environment,
                                     keys=recorder.key_of(False, store.spill_folder(folder))
                                     if recorder is not None and folder is not None else None,
                                     after=after, progress=output.progress)
        if recorder is not None:
            recorder.made_blobs = dict(zip(blobs, texts))
            recorder.take_keys(results)
        made = {item[0]: item[1] for item in results}
        for path, data in hosts.items():
            made[path] = staging.put_stamped(path, data)
        clock.lap("render+write")
        output.progress.start("swap")
        output.report = staging.finish([path for path, (written, _, _) in made.items() if written], len(made))
    finally:
        staging.discard()
    clock.lap("swap")
    if isinstance(cache, CachedBuild):
        cache.made_shas = {path: digest for path, (_, digest, _) in made.items()}
    stamps = {path: stamp for path, (_, _, stamp) in made.items()}
    if folder is not None:  # deleting the old site changed the change times of the files linked from it
        stamps.update(outputstamps.output_stamps(output.output_dir.resolve(), [p for p, (written, _, _) in made.items()
                                                                        if not written]))
    output.stamps = stamps
    return made


def _write_changes(build: CachedBuild, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
                   config: SiteConfig, output_dir: Path, templates_dir: Path | None,
                   lock: OutputLock | None, stamps: dict, folder: Path,
                   environment: Environment | None = None) -> tuple[WriteReport, dict]:
    """Render the outputs whose keys changed (with ``environment`` when given) and replace, in
    ``output_dir``, those whose bytes changed (and remove ``removed``); return the report and
    the outputs' stamps."""
    gc.freeze()  # the content and the plan live until the end: not the collector's to walk
    made = dict(render_bundles(bundles, config, templates_dir, environment=environment,
                               progress=build.progress))
    made.update(hosts)
    build.made_shas = {path: sha(data) for path, data in made.items()}
    changes: dict[str, bytes | None] = {path: data for path, data in made.items()
                                        if build.old.shas.get(path) != build.made_shas[path]}
    changes.update({path: None for path in removed})
    total = len(build.keys) + 1
    # The cache's index goes once every new file is staged, before the site changes: a build
    # killed while replacing files leaves no cache; one stopped by a full disk keeps it.
    report = update_site(changes, output_dir, total, lock,
                         committing=lambda: (folder / "index.json").unlink(missing_ok=True))
    stamps = {path: stamp for path, stamp in stamps.items() if path in build.keys}
    stamps.update(outputstamps.output_stamps(output_dir.resolve(), [p for p, d in changes.items() if d is not None]))
    return report, stamps


def _save(build: CachedBuild, stamps: dict, folder: Path, index: dict, counts: Census) -> None:
    try:
        with no_cycle_collection():
            store.save(build.finish(build.made_shas, counts), stamps, folder, build.made_blobs,
                       index.get("blobs") if not build.old.empty else None, build.old.rows)
    except (OSError, DamagedSection):  # DamagedSection: a kept unit's blob gone meanwhile
        store.remove(folder)  # the cache is only an optimisation


def _failed_with(error: Exception) -> str:
    """Why a build that used the cache is done again without it: the cache is untrusted input
    (restored in CI), and one whose values break the build is dropped, never a traceback; a
    fault of sitegen itself shows again in the build without the cache."""
    return f"the build failed with it ({type(error).__name__})"


def _unwritable(output_dir: Path, error: OSError) -> SitegenError:
    return SitegenError([Diagnostic(command_pos("sitegen build"),
                                    f"cannot write the output folder {output_dir}: "
                                    f"{error.strerror or error}", "output",
                                    write_hint(error) + "; the site is as it was")])


class _Clock:
    """Wall time per stage of a build."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.laps: dict[str, float] = {}

    def lap(self, stage: str) -> dict[str, float]:
        now = time.perf_counter()
        self.laps[stage] = now - self.last
        self.last = now
        return self.laps
