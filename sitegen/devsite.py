"""The dev server's builds (issue 18): the site in memory, built again after each change with
what the last build kept (:class:`sitegen.incremental.build.CachedBuild`), the pages open in a
browser made and shown first. :mod:`sitegen.serve` serves it; ``sitegen serve`` (sitegen.commands.serve)
joins the two."""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from . import stages
from .depends import sha
from .incremental.build import CachedBuild
from .incremental.records import CacheState
from .model.common import SiteConfig
from .plan import Bundle, NamesTable
from .progress import Progress
from .remembered import Remembered
from .render import make_environment, render_bundles
from .stages import Source

Show = Callable[[dict[str, "bytes | None"]], None]
"""Shows changed files at once (``None``: removed), before the build has finished."""

SHOW_EVERY = 0.1
"""Seconds between two showings of pages made so far, while a build makes them."""

SHOW_FRESH_EVERY = 1.0
"""The same for a build from scratch (each showing copies the table of the pages shown so far)."""


class Site:
    """The site in memory, built again after each change with what the last build kept: the
    dev server's builder (:mod:`sitegen.serve`).

    :meth:`build` validates and plans what changed, makes the outputs whose keys changed, and
    returns the changes to :attr:`files`. The rule sets' pages are shown first (``show``),
    before the player pages, home, feed and search index are planned and made, unless an
    address changed (then nothing is shown before the addresses are checked).
    """

    def __init__(self, content_dir: Path, templates_dir: Path | None, base_url: str | None,
                 progress: Progress | None = None):
        self.progress = progress or Progress()
        self.content_dir = content_dir
        self.templates_dir = templates_dir
        self.base_url = base_url
        self.state: CacheState | None = None
        self.names = NamesTable()
        """The players' names table, shared by the next build while the players are the same."""
        self.remembered = Remembered()
        """What the last builds read and replayed (the speed paths of an edit in a large file
        or a ladder's log), handed to every build."""
        self.files: dict[str, bytes] = {}
        self.config: SiteConfig | None = None
        self.environment: Any = None
        """The Jinja environment, kept while the settings and templates stay the same."""

    def build(self, show: Show | None = None, first: Iterable[str] = ()
              ) -> tuple[dict[str, bytes | None] | None, str | None]:
        """Build; return the files that changed (None: every file, a build from scratch) and
        why nothing was kept, if so. ``first``: files of the site open in a browser (made
        and shown before the other changed files). Raises SitegenError (the files are as
        before)."""
        changes = self._build(show, frozenset(first))
        # What the build leaves is kept until the next one: out of the collector's way, so
        # that a collection does not walk it again and again (sitegen.workers).
        gc.freeze()
        return changes

    def _build(self, show: Show | None, first: frozenset[str]
               ) -> tuple[dict[str, bytes | None] | None, str | None]:
        build = CachedBuild(self.state, self.content_dir, self.templates_dir, self.base_url,
                            progress=self.progress, names=self.names)
        if build.old.empty:
            self.state = None  # nothing is kept: let it go before the new site is made
        output = _InMemory(self, build, show, first)
        try:
            stages.build(Source(self.content_dir, self.templates_dir, self.base_url), build, output,
                         self.progress, remembered=self.remembered)
        except BaseException:
            if output.shown and show is not None:  # put back what was shown of this failed build
                show({path: self.files.get(path) for path in output.shown})
            raise
        made = output.made
        shas = {path: sha(data) for path, data in made.items()}
        removed = build.removed()
        self.state = build.finish(shas)
        self.config = output.config
        if output.fresh:
            self.files = dict(made)
            return None, build.reason
        changes: dict[str, bytes | None] = {path: data for path, data in made.items()
                                            if self.files.get(path) != data}
        changes.update({path: None for path in removed})
        files = dict(self.files)  # a new table: the last one may still be served
        for path, data in changes.items():
            if data is None:
                files.pop(path, None)
            else:
                files[path] = data
        self.files = files
        return changes, build.reason

    def _keeper(self, show: Show | None, shown: dict[str, bytes | None]) -> Callable[[str, bytes], bytes]:
        """Return the sink of a build from scratch: one copy of the unchanged bytes; with
        ``show``, the outputs made in this process (not in a forked worker: the dev server's
        threads keep its builds in one) are shown every :data:`SHOW_FRESH_EVERY` seconds (the
        addresses are checked before anything is made: :meth:`CachedBuild.rest`)."""
        served, pid = self.files, os.getpid()
        pending: dict[str, bytes] = {}
        last = [time.monotonic()]

        def keep(path: str, data: bytes) -> bytes:
            old = served.get(path)
            data = old if old == data else data
            if show is not None and os.getpid() == pid:
                pending[path] = data
                if time.monotonic() - last[0] >= SHOW_FRESH_EVERY:
                    shown.update(pending)
                    show(dict(pending))
                    pending.clear()
                    last[0] = time.monotonic()
            return data
        return keep

    def _make(self, bundles: list[Bundle], config: Any, made: dict[str, bytes],
              shown: dict[str, bytes | None], show: Show | None, first: frozenset[str] = frozenset()) -> None:
        """Make ``bundles``' outputs into ``made`` in this process, showing those that changed
        every :data:`SHOW_EVERY` seconds when ``show`` is given. The bundles of the files
        ``first`` (open in a browser) are made first and shown as soon as they are made."""
        if first:
            bundles = sorted(bundles, key=lambda bundle: not any(path in first for path in bundle.paths))
        last = [0.0]

        def sink(path: str, data: bytes) -> None:
            old = self.files.get(path)
            made[path] = old if old == data else data  # one copy of unchanged bytes
            if show is not None and (path in first or time.monotonic() - last[0] >= SHOW_EVERY):
                self._show(made, shown, show)
                last[0] = time.monotonic()

        render_bundles(bundles, config, self.templates_dir, jobs=1, sink=sink,
                       environment=self.environment)

    def _show(self, made: dict[str, bytes], shown: dict[str, bytes | None], show: Show) -> None:
        news = {path: data for path, data in made.items()
                if path not in shown and self.files.get(path) != data}
        if news:
            shown.update(news)
            show(dict(news))


class _InMemory:
    """The dev server's output (sitegen.stages.Output): the outputs made in this process into
    :attr:`made`, the changed competition's pages made and shown (``show``) before the plan
    is completed, unless an address may have changed; a build from scratch renders everything
    at the end, in parallel."""

    def __init__(self, site: Site, build: CachedBuild, show: Show | None, first: frozenset[str]):
        self.site = site
        self.build = build
        self.show = show
        self.first = first
        self.made: dict[str, bytes] = {}
        self.shown: dict[str, bytes | None] = {}
        self.held: list[Bundle] = []
        self.config: SiteConfig | None = None
        self.fresh = False

    def early(self, bundles: list[Bundle], config: SiteConfig) -> None:
        site, build = self.site, self.build
        if self.config is None:  # the first call of a build
            self.config = config
            self.fresh = not build.kept  # also when the build dropped the last one (a new menu)
            if self.fresh or site.environment is None:
                site.environment = make_environment(config, site.templates_dir)
        if self.fresh:
            self.held += bundles
            return
        early = self.show if self.show is not None and build.safe_to_show else None
        site._make(bundles, config, self.made, self.shown, early, self.first)
        if early is not None:
            site._show(self.made, self.shown, early)

    def finish(self, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
               config: SiteConfig) -> None:
        site, build, made = self.site, self.build, self.made
        if self.fresh:
            keep = site._keeper(self.show, self.shown)
            results = render_bundles(self.held + bundles, config, site.templates_dir, sink=keep,
                                     environment=site.environment, keys=build.key_of(True),
                                     progress=site.progress)
            build.take_keys(results)
            made.update((path, data) for path, data, _ in results)
        else:
            site._make(bundles, config, made, self.shown, None)
        made.update(hosts)
