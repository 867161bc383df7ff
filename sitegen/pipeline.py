"""The front half of a build: load -> validate -> plan, into ``(Content, SitePlan)``.

The rule sets (leagues, tournaments, ladders, Swiss leagues) are independent once the players
are known: each is loaded, validated and planned on its own (``validate.load_rule_set`` and
``site.rule_set_planners``). A large archive is therefore split over two processes: after the
site settings, players and pages are read, a forked helper loads and plans some rule sets
while this process does the others; the helper's model objects, page plans and diagnostics
come back pickled and are merged in the fixed rule-set order, so the result is the same as
one process would give (tested). What needs every rule set (player pages, home, CSV twins,
feed) is planned afterwards (``site.complete_plan``). Every problem of every rule set is still
reported in one run.
"""

from __future__ import annotations

import gc
import os
from dataclasses import replace
from pathlib import Path

from .diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos
from .model import Content
from .site import SitePlan, complete_plan, merge_plans, rule_set_planners
from .workers import can_fork, fork_pool
from .validate import RULE_SETS, Common, assemble, base_url_problem, load_rule_set, read_common

PARALLEL_MIN_BYTES = 3_000_000
"""Archives with fewer bytes in their rule-set folders are prepared in one process."""

WORK_PER_BYTE = {"leagues": 1.0, "tournaments": 2.0, "ladders": 1.5, "swiss": 2.0}
"""Rough cost of loading and planning a byte of each rule set (tournaments compute standings
after every round), used only to balance the two processes."""

RETURN_COST = 1.3
"""The helper's work also pays for pickling its results back: weigh it this much more."""


def prepare(content_dir: Path, base_url: str | None = None, jobs: int | None = None
            ) -> tuple[Content, SitePlan]:
    """Load, validate and plan everything under ``content_dir``.

    ``base_url``, when given, replaces ``base_url`` of site.yaml (e.g. the GitHub Pages URL).
    ``jobs`` caps the processes (default: the CPUs). Raises SitegenError with every problem.
    """
    # Loading and planning build millions of small objects and no reference cycles worth
    # collecting; the cyclic garbage collector would only rescan them (a third of the time of
    # a federation-size build).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _prepare(content_dir, base_url, jobs)
    finally:
        if collecting:
            gc.enable()


def _prepare(content_dir: Path, base_url: str | None, jobs: int | None) -> tuple[Content, SitePlan]:
    diags = Diagnostics()
    problem = base_url_problem(base_url) if base_url else None
    if problem:
        diags.error(command_pos("--base-url"), problem, "site.base-url",
                    "use e.g. https://example.github.io/league/")
    common = read_common(content_dir, diags)
    if common is None:
        raise SitegenError(diags.sorted())
    if base_url and not problem:
        common = replace(common, config=replace(common.config, base_url=base_url))
    plan_parts = not diags.has_errors
    mine, helper = _split(content_dir, jobs)
    done: dict[str, tuple[tuple, SitePlan | None, list[Diagnostic]]] = {}
    global _WORK
    _WORK = (content_dir, common, plan_parts)
    try:
        if helper:
            with fork_pool(1) as pool:
                pending = pool.apply_async(_prepare_rule_sets, (helper,))
                done.update(_prepare_rule_sets(mine))
                done.update(pending.get())
        else:
            done.update(_prepare_rule_sets(mine))
    finally:
        _WORK = None
    for name in RULE_SETS:
        diags.extend(done[name][2])
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    content = assemble(common, {name: done[name][0] for name in RULE_SETS})
    plan = merge_plans([done[name][1] for name in RULE_SETS])
    return content, complete_plan(content, plan)


def _split(content_dir: Path, jobs: int | None) -> tuple[list[str], list[str]]:
    """Return the rule sets for this process and for the helper (none for small archives)."""
    sizes = {name: _folder_bytes(content_dir / name) for name in RULE_SETS}
    if sum(sizes.values()) < PARALLEL_MIN_BYTES or not can_fork(jobs):
        return list(RULE_SETS), []
    # Largest first, each to the process that would finish it sooner.
    mine: list[str] = []
    helper: list[str] = []
    mine_load = helper_load = 0.0
    for name in sorted(RULE_SETS, key=lambda n: (-sizes[n] * WORK_PER_BYTE[n], n)):
        work = sizes[name] * WORK_PER_BYTE[name]
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


_WORK: tuple[Path, Common, bool] | None = None
"""The content folder, the common part and whether to plan: inherited by the forked helper."""


def _prepare_rule_sets(names: list[str]) -> dict[str, tuple[tuple, SitePlan | None, list[Diagnostic]]]:
    """Load, validate and (when ``plan`` and its files have no errors) plan each rule set:
    ``{name: (its model objects, its plan or None, its diagnostics)}``."""
    content_dir, common, plan = _WORK
    planners = rule_set_planners()
    done = {}
    for name in names:
        diags = Diagnostics()
        part = load_rule_set(name, content_dir, common, diags)
        site = None
        if plan and not diags.has_errors:
            site = SitePlan()
            planners[name](assemble(common, {name: part}), site)
        done[name] = (part, site, diags.items)
    return done
