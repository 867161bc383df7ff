"""One build, stage by stage: load -> validate -> plan -> render -> write (:func:`build`).

The same function makes the site from scratch, with what the last build kept, and in the dev
server: what differs is handed to it.

- A :class:`Cache` says which units, parts and outputs of the last build can be kept. A build
  from scratch gets :class:`NoCache`, which keeps nothing; ``sitegen build`` with its cache
  folder and the dev server get a :class:`sitegen.incremental.build.CachedBuild`, which also
  records what this build makes for the next one. A cache knows no rule set by name: units and
  parts are named by the rule sets (sitegen.depends, sitegen.plan.SitePlan.part).
- An :class:`Output` renders and writes what the cache says changed: into a staging folder
  swapped in for the output folder, into the output folder file by file
  (sitegen.commands.build), or into memory, the pages open in a browser first
  (sitegen.devsite).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .diagnostics import SitegenError
from .hostfiles import host_files
from .i18n import words
from .model import Content
from .model.common import SiteConfig
from .pages.navigation import Menu, add_menu, site_menu
from .pipeline import Caches, finish_plan, prepare_rule_sets
from .plan import Bundle, NamesTable, SitePlan
from .progress import Progress
from .remembered import Remembered
from .render import static_files
from .site import check_paths
from .workers import no_cycle_collection


@dataclass(frozen=True)
class Source:
    """What a build is made from: the content folder, the site's templates (None: the theme's
    only) and the base URL that replaces site.yaml's (None: site.yaml's)."""

    content_dir: Path
    templates_dir: Path | None = None
    base_url: str | None = None


class Cache(Protocol):
    """Which units, parts and outputs of the last build a build can keep."""

    @property
    def kept(self) -> bool:
        """True when something of the last build is kept (else everything is made)."""
    jobs: int | None
    """The processes the front half may use (a build that keeps something plans in one)."""
    names: NamesTable
    """The players' names table of the build (sitegen.plan.SitePlan.names)."""

    def lend(self) -> Caches | None:
        """The units and parts that can be kept, lent to the front half (sitegen.pipeline)."""

    def same_menu(self, menu: Menu) -> bool:
        """Take the header menu; False when the cache dropped what it kept because the menu
        changed (every page shows it): the rule sets are then prepared again."""

    def outputs(self, content: Content, plan: SitePlan, first: frozenset[str]) -> list[Bundle]:
        """Return the rule sets' outputs to make (those of ``first``'s bundles only, when given)."""

    def later(self) -> list[Bundle]:
        """Return the rule sets' outputs to make that :meth:`outputs` left out."""

    def completing(self, plan: SitePlan) -> set[int]:
        """Before the plan is completed: return the ids of its bundles so far."""

    def addresses_changed(self, plan: SitePlan) -> bool:
        """Whether the completed plan's addresses may clash (they differ from the last build's)."""

    def site_outputs(self, plan: SitePlan, before: set[int], static: list[Any]) -> list[Bundle]:
        """Return the outputs to make among those the completion added (not in ``before``) and
        the theme's ``static`` files."""

    def host_files(self, files: dict[str, bytes]) -> dict[str, bytes]:
        """Return those of the host's ``files`` to write."""

    def removed(self) -> list[str]:
        """Return the outputs of the last build that this one no longer makes."""


class NoCache:
    """A cache that keeps nothing: everything is made, nothing is recorded."""

    kept = False

    def __init__(self, jobs: int | None = None, names: NamesTable | None = None) -> None:
        self.jobs = jobs
        self.names = names or NamesTable()

    def lend(self) -> None:
        return None

    def same_menu(self, menu: Menu) -> bool:
        return True

    def outputs(self, content: Content, plan: SitePlan, first: frozenset[str]) -> list[Bundle]:
        return list(plan.bundles)

    def later(self) -> list[Bundle]:
        return []

    def completing(self, plan: SitePlan) -> set[int]:
        return {id(bundle) for bundle in plan.bundles}

    def addresses_changed(self, plan: SitePlan) -> bool:
        return True

    def site_outputs(self, plan: SitePlan, before: set[int], static: list[Any]) -> list[Bundle]:
        if plan.player_results is not None:
            # Every player page reads its results by opponent (sitegen.pages.players): worked
            # out here, once, before the render workers fork; each worker worked out all of
            # them for itself before (issue 31: about 1 s of CPU a worker at full size).
            plan.player_results.prepare()
        return [bundle for bundle in plan.bundles if id(bundle) not in before] + [
            Bundle(None, (file,)) for file in static]

    def host_files(self, files: dict[str, bytes]) -> dict[str, bytes]:
        return files

    def removed(self) -> list[str]:
        return []


class Output(Protocol):
    """Where a build's outputs go (see the module's docstring)."""

    first: frozenset[str]
    """Files to make and show before the others (the pages open in a browser)."""

    def early(self, bundles: list[Bundle], config: SiteConfig) -> None:
        """Take the rule sets' outputs to make, before the plan is completed (the dev server
        makes and shows them at once)."""

    def finish(self, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
               config: SiteConfig) -> None:
        """Make the rest (``bundles``, the host's files ``hosts``), remove ``removed`` and
        write. Raises SitegenError or OSError (the output is as it was)."""


@dataclass
class Built:
    """What a build made: the content, the completed plan and the cache it was given (which
    holds, when it records, the state for the next build)."""

    content: Content
    plan: SitePlan
    cache: Cache


def build(source: Source, cache: Cache, output: Output, progress: Progress | None = None,
          strict: bool = False, remembered: Remembered | None = None) -> Built:
    """Build the site of ``source`` into ``output``, keeping what ``cache`` keeps.

    ``remembered``: what the last builds of this process read and replayed, read and replaced
    by this one (the dev server's, sitegen.remembered; default: a new one, as in a new process).
    Raises SitegenError with every problem of the content (and, with ``strict``, its warnings)
    before anything is written, or one of ``output``."""
    progress = progress or Progress()
    remembered = Remembered() if remembered is None else remembered
    # Planning makes no garbage cycles; the content and plan live as long as the build's user.
    with no_cycle_collection(keep=True):
        # load, validate and plan each rule set, keeping the units and parts the cache keeps
        content, plan = _rule_sets(source, cache, progress, remembered)
        # their outputs whose inputs changed (the pages open in a browser first)
        output.early(cache.outputs(content, plan, output.first), content.config)
        output.early(cache.later(), content.config)
        # plan what needs every rule set: the players' pages, home, feed, search, ...
        before = cache.completing(plan)
        finish_plan(content, plan, progress, check=False)
        if cache.addresses_changed(plan):
            check_paths(plan)
        rest = cache.site_outputs(plan, before, static_files(source.templates_dir))
    if strict and plan.warnings:
        raise SitegenError(plan.warnings)
    # render and write what changed; remove what is no longer made
    output.finish(rest, cache.host_files(host_files(content.config)), cache.removed(), content.config)
    return Built(content, plan, cache)


def _rule_sets(source: Source, cache: Cache, progress: Progress,
               remembered: Remembered) -> tuple[Content, SitePlan]:
    """Load, validate and plan the rule sets, with the header menu on their pages; again when
    the cache dropped what it kept for a new menu. Raises SitegenError."""
    while True:
        content, plan = prepare_rule_sets(source.content_dir, source.base_url, cache.jobs,
                                          cache.lend(), progress, cache.names, remembered)
        menu = site_menu(content, words(content.config.language))
        if cache.same_menu(menu):
            add_menu(plan, menu)  # before the outputs' keys are taken: every page shows it
            return content, plan


class Planned:
    """An output that makes nothing (:class:`Output`): :attr:`bundles` holds the outputs the
    build would make, and :attr:`hosts` the host's files; for callers that only plan."""

    first: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self.bundles: list[Bundle] = []
        self.hosts: dict[str, bytes] = {}

    def early(self, bundles: list[Bundle], config: SiteConfig) -> None:
        self.bundles += bundles

    def finish(self, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
               config: SiteConfig) -> None:
        self.bundles += bundles
        self.hosts = hosts
