"""The dev server's builds (issue 18): the site, built again after each change with
what the last build kept (:class:`sitegen.incremental.build.CachedBuild`), the pages open in a
browser made and shown first. :mod:`sitegen.serve` serves it; ``sitegen serve`` (sitegen.commands.serve)
joins the two."""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from jinja2 import TemplateError

from . import stages
from .depends import sha
from .incremental.build import CachedBuild
from .incremental.records import CacheState
from .model.common import SiteConfig
from .plan import Bundle, NamesTable
from .progress import Progress
from .remembered import Remembered
from .render import make_environment, render_bundles
from .servedfiles import Folder, OnDisk, Staged, layered
from .stages import Source
from .write import Staging, WriteReport

Show = Callable[[Mapping[str, "bytes | None"]], None]
"""Shows changed files at once (``None``: removed), before the build has finished; a build
from scratch written as it is made shows all its files so far (sitegen.servedfiles.Staged)."""

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

    With an output folder (``output``), a build from scratch is written there as it is made
    and then served from there; an incremental build's changed pages are held in memory until
    the server has written them (:meth:`written`). Only a SHA-256 per file is kept to compare
    the next build's pages with (issue 31).
    """

    def __init__(self, content_dir: Path, templates_dir: Path | None, base_url: str | None,
                 progress: Progress | None = None, output: Path | None = None):
        self.progress = progress or Progress()
        self.output = output
        """The output folder: a build from scratch is written there as it is made (its pages'
        bytes are not held in memory); None: every build is held in memory."""
        self.report: WriteReport | None = None
        """What the last build from scratch wrote to :attr:`output`, until :meth:`take_report`."""
        self.content_dir = content_dir
        self.templates_dir = templates_dir
        self.base_url = base_url
        self.state: CacheState | None = None
        self.names = NamesTable()
        """The players' names table, shared by the next build while the players are the same."""
        self.remembered = Remembered()
        """What the last builds read and replayed (the speed paths of an edit in a large file
        or a ladder's log), handed to every build."""
        self.files: Mapping[str, bytes] = {}
        """The last good build's files: in memory (a dict), or once written to the output
        folder (:meth:`written`) read from there, with the pages changed since in memory over
        them (sitegen.servedfiles)."""
        self.digests: dict[str, bytes] = {}
        """The SHA-256 of each of the last good build's files (what the next build's are
        compared with: the bytes need not be in memory)."""
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
            return self._keep(build, output)
        finally:
            if output.staging is not None:  # the old site, after the swap; and the lock
                output.staging.discard()

    def _keep(self, build: CachedBuild, output: _InMemory
              ) -> tuple[dict[str, bytes | None] | None, str | None]:
        """Keep what a good build made (a build written as it was made: put it in place of
        the output folder); return as :meth:`build`."""
        made = output.made
        shas = {**output.digests, **{path: sha(data) for path, data in made.items()
                                     if path not in output.digests}}
        removed = build.removed()
        self.state = build.finish(shas)
        self.config = output.config
        if output.staging is not None:
            assert self.output is not None
            self.report = output.staging.finish(output.written)
            self.files, self.digests = OnDisk(self.output.resolve(), shas), shas
            return None, build.reason
        if output.fresh:
            self.files, self.digests = dict(made), shas
            return None, build.reason
        changes: dict[str, bytes | None] = {path: data for path, data in made.items()
                                            if self.digests.get(path) != shas[path]}
        changes.update({path: None for path in removed})
        digests = dict(self.digests)  # a new table: the last one may still be in use
        for path, data in changes.items():
            if data is None:
                digests.pop(path, None)
            else:
                digests[path] = shas[path]
        self.files = layered(self.files, changes)  # a new table: the last one may still be served
        self.digests = digests
        return changes, build.reason

    def take_report(self) -> WriteReport | None:
        """Return what the last build wrote to the output folder itself (a build from
        scratch), once; None if it wrote nothing (its files are to be written)."""
        report, self.report = self.report, None
        return report

    def staging(self) -> Staging | None:
        """Return a staging folder for a build from scratch written as it is made, or None
        (no output folder, or it cannot be written now: the build is then held in memory)."""
        if self.output is None:
            return None
        try:
            return Staging(self.output)
        except OSError:  # another process writes it (OutputBusy), or no room
            return None

    def written(self, folder: Path) -> Mapping[str, bytes]:
        """Say that the last good build's files are now in ``folder`` (written whole, each file
        replaced at once): from now on they are read from there, not held in memory. Return
        the new table of files (the paths only are in memory)."""
        self.files = OnDisk(folder, self.digests)
        return self.files

    def _keeper(self, show: Show | None, shown: dict[str, bytes | None]) -> Callable[[str, bytes], bytes]:
        """Return the sink of a build from scratch: one copy of the unchanged bytes; with
        ``show``, the outputs made in this process (not in a forked worker: the dev server's
        threads keep its builds in one) are shown every :data:`SHOW_FRESH_EVERY` seconds (the
        addresses are checked before anything is made: :meth:`CachedBuild.rest`)."""
        # A table in memory lends its bytes to unchanged pages; one on disk is not read again.
        served = self.files if isinstance(self.files, dict) else {}
        pid = os.getpid()
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

    def _writer(self, staging: Staging, show: Show | None) -> Callable[[str, bytes], tuple[bytes, bool]]:
        """Return the sink of a build from scratch written as it is made: each output put into
        ``staging`` (linked from the output folder if unchanged), ``(its SHA-256, whether it
        was written)`` returned; with ``show``, all the outputs put so far by this process are
        shown every :data:`SHOW_FRESH_EVERY` seconds, read from the staging folder."""
        pid = os.getpid()
        folder = Folder(staging.folder) if show is not None else None
        paths: list[str] = []
        last = [time.monotonic()]

        def write(path: str, data: bytes) -> tuple[bytes, bool]:
            written = staging.put(path, data)
            if show is not None and folder is not None and os.getpid() == pid:
                paths.append(path)  # complete on disk: put has closed it
                if time.monotonic() - last[0] >= SHOW_FRESH_EVERY:
                    show(Staged(folder, frozenset(paths)))
                    last[0] = time.monotonic()
            return sha(data), written
        return write

    def _make(self, bundles: list[Bundle], config: Any, output: _InMemory, show: Show | None,
              first: frozenset[str] = frozenset()) -> None:
        """Make ``bundles``' outputs into ``output.made`` (and their SHA-256 into
        ``output.digests``) in this process, showing those that changed every
        :data:`SHOW_EVERY` seconds when ``show`` is given. The bundles of the files ``first``
        (open in a browser) are made first and shown as soon as they are made."""
        if first:
            bundles = sorted(bundles, key=lambda bundle: not any(path in first for path in bundle.paths))
        last = [0.0]
        made, digests = output.made, output.digests
        lend = self.files if isinstance(self.files, dict) else {}  # never read from disk here

        def sink(path: str, data: bytes) -> None:
            digest = digests[path] = sha(data)
            same = self.digests.get(path) == digest
            made[path] = lend.get(path, data) if same else data  # one copy of unchanged bytes
            if show is not None and (path in first or time.monotonic() - last[0] >= SHOW_EVERY):
                self._show(output, show)
                last[0] = time.monotonic()

        render_bundles(bundles, config, self.templates_dir, jobs=1, sink=sink,
                       environment=self.environment)

    def _show(self, output: _InMemory, show: Show) -> None:
        shown, digests = output.shown, output.digests
        news = {path: data for path, data in output.made.items()
                if path not in shown and self.digests.get(path) != digests[path]}
        if news:
            shown.update(news)
            show(dict(news))


def compiled(environment: Any) -> Any:
    """Return the Jinja ``environment`` with each of its ``.html`` templates compiled (a
    template that does not compile is left to fail where a page uses it, as before).

    A build from scratch renders in forked workers, which compiled each template they used in
    their own memory: the dev server's process then compiled the group page's six templates at
    the first league change after its start (0.2-0.6 s of CPU at full size, issue 31), and
    each other kind of page at its first change. Compiled here, before the workers fork, they
    are compiled once for the server and both workers."""
    for name in environment.list_templates(extensions=["html"]):
        try:
            environment.get_template(name)
        except TemplateError:
            pass
    return environment


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
        self.digests: dict[str, bytes] = {}
        """The SHA-256 of the outputs made one by one, or written as made (a build from
        scratch held in memory: none)."""
        self.shown: dict[str, bytes | None] = {}
        self.held: list[Bundle] = []
        self.config: SiteConfig | None = None
        self.fresh = False
        self.staging: Staging | None = None
        """Where a build from scratch is written as it is made (sitegen.write.Staging)."""
        self.written: list[str] = []
        """The files it wrote anew (the others are linked from the output folder)."""

    def early(self, bundles: list[Bundle], config: SiteConfig) -> None:
        site, build = self.site, self.build
        if self.config is None:  # the first call of a build
            self.config = config
            self.fresh = not build.kept  # also when the build dropped the last one (a new menu)
            if self.fresh or site.environment is None:
                site.environment = compiled(make_environment(config, site.templates_dir))
        if self.fresh:
            self.held += bundles
            return
        early = self.show if self.show is not None and build.safe_to_show else None
        site._make(bundles, config, self, early, self.first)
        if early is not None:
            site._show(self, early)

    def finish(self, bundles: list[Bundle], hosts: dict[str, bytes], removed: list[str],
               config: SiteConfig) -> None:
        site, build, made = self.site, self.build, self.made
        if self.fresh:
            staging = self.staging = site.staging()
            keep = site._keeper(self.show, self.shown) if staging is None else site._writer(staging, self.show)
            results = render_bundles(self.held + bundles, config, site.templates_dir, sink=keep,
                                     environment=site.environment, keys=build.key_of(True),
                                     progress=site.progress)
            build.take_keys(results)
            if staging is None:
                made.update((path, data) for path, data, _ in results)
            else:
                self.digests.update((path, digest) for path, (digest, _), _ in results)
                self.written += [path for path, (_, written), _ in results if written]
                for path, data in hosts.items():
                    self.digests[path] = sha(data)
                    if staging.put(path, data):
                        self.written.append(path)
                return
        else:
            site._make(bundles, config, self, None)
        made.update(hosts)
