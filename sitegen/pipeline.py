"""The front half of a build: load -> validate -> plan, into ``(Content, SitePlan)``.

The rule sets (leagues, tournaments, ladders, Swiss leagues) are independent once the players
are known: each is loaded, validated and planned on its own (``rulesets.load_rule_set`` and
its planner, :data:`sitegen.rulesets.RULE_SETS`). A large archive is therefore split over two processes: after the
site settings, players and pages are read, a forked helper loads and plans some rule sets
while this process does the others; the helper's model objects, page plans and diagnostics
come back pickled and are merged in the fixed rule-set order, so the result is the same as
one process would give (tested). What needs every rule set (player pages, home, CSV twins,
feed) is planned afterwards (``site.complete_plan``). Every problem of every rule set is still
reported in one run.

Each rule set is loaded unit by unit (:func:`load_units`: a league folder, a tournament file, a
ladder file, a Swiss league folder, :func:`sitegen.rulesets.unit_list`; :mod:`sitegen.depends`) and planned part by part
(:meth:`sitegen.plan.SitePlan.part`). An incremental build lends :func:`prepare` a
:class:`Caches` that keeps the units and parts of the previous build (:mod:`sitegen.incremental`);
a fresh build has none, and the two give the same content and plan.

Progress (:mod:`sitegen.progress`): each process first loads and validates all its rule sets,
then plans them, and reports every file loaded, every rule set loaded and every rule set
planned; the helper's reports reach this process through :func:`sitegen.workers.run_beside`.
The stage "loading and validating" (files) ends when every rule set is loaded without errors,
"computing" (competitions) when the plan is complete.
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Callable, NamedTuple, Protocol

from .diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos
from .i18n import Words, words
from .model import Content
from .plan import NamesTable, PartMemo, SitePlan
from .progress import Progress
from .remembered import Remembered
from .site import complete_plan
from . import rulesets
from .rulesets import Unit, assemble, load_rule_set, load_unit, rule_set, unit_list
from .validate import Common, base_url_problem, read_common
from .validate.league import PlayerRefs
from .workers import Send, can_fork, no_cycle_collection, run_beside

PARALLEL_MIN_BYTES = 3_000_000
"""Archives with fewer bytes in their rule-set folders are prepared in one process."""

RETURN_COST = 1.3
"""The helper's work also pays for pickling its results back: weigh it this much more."""

UnitLoader = Callable[[PlayerRefs, Diagnostics], tuple]
"""Loads one unit with the given player references: its model objects (none when unusable)."""


class Caches(Protocol):
    """What an incremental build lends the front half (:mod:`sitegen.incremental`)."""

    def common(self, content_dir: Path, diags: Diagnostics, remembered: Remembered) -> Common | None:
        """Return the site settings, players and pages (kept or read again, with
        ``remembered``: :func:`sitegen.validate.read_common`)."""

    def unit(self, unit: Unit, load: Callable[[PlayerRefs, Diagnostics, Any], tuple],
             common: Common, diags: Diagnostics, remembered: Remembered) -> tuple:
        """Return the model objects of ``unit`` (kept, or made by ``load(refs, diags,
        season_loader)``, the refs holding ``remembered``), its problems recorded in ``diags``."""

    def memo(self, content: Content) -> PartMemo:
        """Return the parts of the previous plan, for :meth:`SitePlan.part` while planning
        ``content`` (one rule set's)."""

    def harvest(self) -> Any:
        """Return what this process made (in a forked helper: sent back to the builder)."""

    def absorb(self, made: Any) -> None:
        """Take what a forked helper made (:meth:`harvest`)."""


def prepare(content_dir: Path, base_url: str | None = None, jobs: int | None = None,
            caches: Caches | None = None, progress: Progress | None = None,
            remembered: Remembered | None = None) -> tuple[Content, SitePlan]:
    """Load, validate and plan everything under ``content_dir``.

    ``base_url``, when given, replaces ``base_url`` of site.yaml (e.g. the GitHub Pages URL).
    ``jobs`` caps the processes (default: the CPUs). ``caches``: an incremental build's (units
    and parts of the previous build). ``progress`` is told the stages "load" and "compute"
    (default: shown nowhere). ``remembered``: as :func:`prepare_rule_sets` (default: a new
    one). Raises SitegenError with every problem.
    """
    with no_cycle_collection():
        return _prepare(content_dir, base_url, jobs, caches, progress or Progress(), remembered)


def plan_site(content: Content) -> SitePlan:
    """Return every page and file of the site for ``content`` (already loaded), in one process.
    Raises SitegenError for clashing paths (:func:`sitegen.site.check_paths`)."""
    plan = SitePlan()
    lang = words(content.config.language)
    for found in rulesets.RULE_SETS:  # a planner reads only the players and its own rule set
        found.plan(content, plan, lang)
    return complete_plan(content, plan, lang)


RuleSetResult = tuple[tuple, SitePlan | None, list[Diagnostic]]
"""One rule set prepared: its model objects, its plan (None when not planned), its diagnostics."""


def _prepare(content_dir: Path, base_url: str | None, jobs: int | None, caches: Caches | None,
             progress: Progress, remembered: Remembered | None) -> tuple[Content, SitePlan]:
    content, plan = prepare_rule_sets(content_dir, base_url, jobs, caches, progress, remembered=remembered)
    return content, finish_plan(content, plan, progress)


def finish_plan(content: Content, plan: SitePlan, progress: Progress | None = None,
                check: bool = True) -> SitePlan:
    """Complete ``plan`` (the rule sets' pages of ``content``) with what needs every rule set
    (:func:`sitegen.site.complete_plan`, in the site's language; ``check`` as there) and sort
    its warnings. Raises SitegenError for clashing paths."""
    if progress is not None:
        progress.describe("compute", "players, home, search")
    plan = complete_plan(content, plan, words(content.config.language), check)
    plan.warnings = Diagnostics(plan.warnings).sorted()
    return plan


def prepare_rule_sets(content_dir: Path, base_url: str | None, jobs: int | None,
                      caches: Caches | None, progress: Progress | None = None,
                      names: NamesTable | None = None,
                      remembered: Remembered | None = None) -> tuple[Content, SitePlan]:
    """Load, validate and plan the rule sets: the content and the plan of every rule set's
    pages (without what :func:`sitegen.site.complete_plan` adds), its warnings those of the
    content's files and of the planners. ``names``: the build's players' names table (every
    plan of the build shares it; default: a new one). ``remembered``: what the last builds of
    this process read and replayed, read and replaced by this one (the dev server's; default:
    a new one, as in a new process: the ladders' validator and pages still share a replay).
    Raises SitegenError."""
    progress = progress or Progress()
    remembered = Remembered() if remembered is None else remembered
    diags = Diagnostics()
    problem = base_url_problem(base_url) if base_url else None
    if problem:
        diags.error(command_pos("--base-url"), problem, "site.base-url",
                    "use e.g. https://example.github.io/league/")
    progress.start("load")
    loading = Diagnostics(on_file=lambda: progress.advance("load"))
    common = (caches.common(content_dir, loading, remembered) if caches
              else read_common(content_dir, loading, remembered))
    diags.extend(loading.items)
    if common is None:
        raise SitegenError(diags.sorted())
    if base_url and not problem:
        common = replace(common, config=replace(common.config, base_url=base_url))
    return _prepare_all(content_dir, jobs, diags, common, caches, progress, names or NamesTable(),
                        remembered)


def _prepare_all(content_dir: Path, jobs: int | None, diags: Diagnostics, common: Common,
                 caches: Caches | None, progress: Progress, names: NamesTable,
                 remembered: Remembered) -> tuple[Content, SitePlan]:
    # The planners word their pages in the site's language (a forked helper gets it in ``work``).
    work = _Work(content_dir, common, words(common.config.language), plan=not diags.has_errors,
                 caches=caches, names=names, remembered=remembered)
    mine, helper = _split(content_dir, jobs)
    tracker = _Tracker(progress, len(rulesets.RULE_SETS), failed=diags.has_errors)
    if helper:
        done, theirs = run_beside(_prepare_rule_sets, work, mine, helper, on_message=tracker)
        if caches is not None:
            caches.absorb(theirs.pop(_MADE))
        remembered.yaml.take_texts(theirs.pop(_READ))
        done.update(theirs)
    else:
        done = _prepare_rule_sets(work, mine, tracker)
    done.pop(_MADE, None)
    done.pop(_READ, None)
    common_warnings = diags.warnings
    for found in rulesets.RULE_SETS:
        diags.extend(done[found.name][2])
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    content = assemble(common, {found.name: done[found.name][0] for found in rulesets.RULE_SETS})
    plan = SitePlan(warnings=common_warnings, names=names)  # the settings', players' and pages' own
    for found in rulesets.RULE_SETS:
        part = done[found.name][1]
        if part is not None:
            plan.extend(part)
    return content, plan


def _split(content_dir: Path, jobs: int | None) -> tuple[list[str], list[str]]:
    """Return the rule sets for this process and for the helper (none for small archives)."""
    sizes = {found.name: _folder_bytes(content_dir / found.name) for found in rulesets.RULE_SETS}
    if sum(sizes.values()) < PARALLEL_MIN_BYTES or not can_fork(jobs):
        return list(sizes), []
    # Largest first, each to the process that would finish it sooner.
    mine: list[str] = []
    helper: list[str] = []
    mine_load = helper_load = 0.0
    cost = {found.name: sizes[found.name] * found.work_per_byte for found in rulesets.RULE_SETS}
    for name in sorted(cost, key=lambda n: (-cost[n], n)):
        work = cost[name]
        if (helper_load + work) * RETURN_COST < mine_load + work:
            helper.append(name)
            helper_load += work
        else:
            mine.append(name)
            mine_load += work
    return mine, helper


def _folder_bytes(folder: Path) -> int:
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


class _Work(NamedTuple):
    """What preparing a rule set reads: the content folder, the common part, the site's words,
    whether to plan, an incremental build's caches, the build's players' names table and what
    the last builds of this process remembered (a forked helper inherits it: what the helper
    adds stays in the helper)."""

    content_dir: Path
    common: Common
    lang: Words
    plan: bool
    caches: Caches | None = None
    names: NamesTable | None = None
    remembered: Remembered | None = None


_MADE = "made by the helper"
"""The key of what a forked helper's caches made, in its results."""
_READ = "read by the helper"
"""The key of the hashes of the texts a forked helper read (sitegen.load.LastReads.texts_since),
in its results: the dev server's process then knows the files the helper read (their trees and
the rest of what the helper remembered stay there: the seasons' trees would be about 200 MB)."""


def _prepare_rule_sets(work: _Work, names: list[str], send: Send) -> dict[str, Any]:
    """Load and validate each rule set of ``names``, then plan each (when ``work.plan`` and its
    files have no errors). Reports to ``send`` (a :class:`_Tracker`, maybe in another process)
    ``FILE_LOADED`` for each file, ``("loaded", competitions, errors?)`` for each rule set
    loaded and ``("planned", competitions)`` for each planned."""
    known = dict(work.remembered.yaml.texts) if work.remembered is not None else {}
    loaded = {}
    for name in names:
        diags = Diagnostics(on_file=lambda: send(FILE_LOADED))
        part = load_units(name, work.content_dir, work.common, diags, work.caches, work.remembered)
        diags.on_file = None
        loaded[name] = (part, diags)
        send(("loaded", len(part), diags.has_errors))
    done: dict[str, Any] = {}
    for name in names:
        part, diags = loaded[name]
        site = None
        if work.plan and not diags.has_errors:
            content = assemble(work.common, {name: part})
            site = SitePlan(warnings=diags.warnings,  # the rule set's files' own
                            memo=work.caches.memo(content) if work.caches else None, names=work.names,
                            remembered=work.remembered)
            rule_set(name).plan(content, site, work.lang)
            site.memo = site.names = site.remembered = None  # not sent back from a helper
            send(("planned", len(part)))
        done[name] = (part, site, diags.items)
    if work.caches is not None:
        done[_MADE] = work.caches.harvest()
    done[_READ] = work.remembered.yaml.texts_since(known) if work.remembered is not None else {}
    return done


FILE_LOADED = ("file",)
"""The message of one content file loaded."""


class _Tracker:
    """Turn the rule sets' reports, from this process or the helper, into the progress's
    stages: "compute" starts once every rule set is loaded, unless there were errors (the
    build then stops at the end of loading and shows no line for it)."""

    def __init__(self, progress: Progress, rule_sets: int, failed: bool) -> None:
        self.progress = progress
        self.waiting = rule_sets
        self.failed = failed
        self.competitions = 0

    def __call__(self, message: tuple) -> None:
        if message == FILE_LOADED:
            self.progress.advance("load")
        elif message[0] == "loaded":
            self.waiting -= 1
            self.competitions += message[1]
            self.failed |= message[2]
            if self.waiting == 0 and not self.failed:
                self.progress.start("compute", total=self.competitions)
        elif message[0] == "planned":
            self.progress.advance("compute", message[1])


def load_units(name: str, content_dir: Path, common: Common, diags: Diagnostics,
               caches: Caches | None = None, remembered: Remembered | None = None) -> tuple:
    """Load rule set ``name`` (of ``rulesets.RULE_SETS``) unit by unit: a tuple of its
    leagues, tournaments, ladders or Swiss leagues. Without ``caches`` this is
    ``rulesets.load_rule_set``, what every other command loads; with them, each unit is kept
    or loaded again by the same :func:`~sitegen.rulesets.load_unit`. ``remembered``: as
    :func:`prepare_rule_sets` (None: nothing remembered)."""
    if caches is None:
        return load_rule_set(rule_set(name), content_dir, common, diags, remembered)
    found: list = []
    remembered = Remembered() if remembered is None else remembered
    for unit in unit_list(rule_set(name), content_dir):
        found.extend(caches.unit(unit, partial(load_unit, unit, content_dir), common, diags, remembered))
    return tuple(found)
