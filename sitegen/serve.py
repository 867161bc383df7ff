"""The development server: watch the sources, rebuild in memory, serve the last good build.

:class:`DevServer` wraps an injected build function (``(show) -> ServedBuild``) with three parts:

- a watchdog observer on the content and template folders that only records "something
  changed" and the time of the last event. Each folder's parent is watched too (not
  recursively), for the folder itself being replaced (``rm`` and ``mv``, as some editors and
  ``git checkout`` do): before each build a folder that is new or no longer the one watched
  is watched afresh, so later edits are still seen;
- one builder thread that waits until the sources have been quiet for ``debounce`` seconds
  (editors save in bursts: write a temporary file, rename it over the original, touch
  backups), or only ``settle`` seconds when the last event ended a save (a file closed after
  writing, or moved into place) and the watched folders hold the same files as at the last
  build, only their contents changed (issue 31: a change in half a second); then compares a
  snapshot of the watched files (path, size, mtime, inode) with the one taken before the last
  build, and builds only if it differs. One save is one build, and a burst of saves within
  the window is one build too;
- a ``ThreadingHTTPServer`` that answers from the ``{path: bytes}`` table of the last good
  build, swapped in one assignment under a lock. The built files may also be written to
  ``output/`` (the changed files only, :func:`sitegen.write.update_site`; a build from scratch
  with :func:`sitegen.write.write_site`); once they are, the table is one that reads them from
  there (``write`` returns it: :class:`Written`), so the pages' bytes are not held in memory
  (issue 31). A build publishes its table (its changed pages in memory over the last one)
  before it writes, so a changed page is served new at once; each file of ``output/`` is
  replaced whole by a rename, so a page read from there is never half-written
  (sitegen.servedfiles).

An incremental build (sitegen.devsite.Site) may ``show`` the pages it has made before it
has finished (the changed competition's pages first, the player pages and the home page later):
they are served at once, and each open page is told to reload when its own file changes. The
pages open in a browser (:meth:`DevServer.open_pages`: their polls are waiting) are made and
shown before the other changed pages.

Requests are answered only when their ``Host`` header names this machine (``localhost``,
``127.0.0.1``, ``[::1]`` or the ``--host`` given) with the server's port: a page of another
site whose name was made to resolve to 127.0.0.1 (DNS rebinding) gets 403, not the preview.

Only the dev server's HTML responses get a small script that long-polls
``/__sitegen/version?after=N&page=PATH`` and reloads the page when its own file was served new
(or the build's errors changed); the built files never contain it. Without ``page`` the poll
answers at the end of the next build. A failed build keeps the last good site and shows its messages
(``file:line:col: error: ...``) in the terminal and as an overlay on every page; before any
good build, every page is an error page (status 500). ``sitegen serve`` starts serving before
its first build (:meth:`DevServer.start` with ``wait`` False): the pages an earlier build left,
each under a notice that it may be out of date (sitegen.earlier), until that build is done.
"""

from __future__ import annotations

import html
import json
import re
import mimetypes
import os
import stat
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Mapping
from urllib.parse import parse_qs, urlsplit

from watchdog.events import (EVENT_TYPE_CLOSED, EVENT_TYPE_CLOSED_NO_WRITE, EVENT_TYPE_MODIFIED,
                             EVENT_TYPE_MOVED, EVENT_TYPE_OPENED, FileSystemEvent, FileSystemEventHandler)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

from .diagnostics import SitegenError
from .servedfiles import layered

VERSION_PATH = "/__sitegen/version"
"""The dev server's own endpoint: JSON ``{"version", "builds", "ok", "errors"}``."""

LONG_POLL_SECONDS = 25.0
"""How long ``/__sitegen/version?after=N`` waits for a newer version before answering."""

IGNORED_EVENTS = (EVENT_TYPE_OPENED, EVENT_TYPE_CLOSED_NO_WRITE)
"""Events that change nothing (the build itself opens every file for reading)."""

SAVED_EVENTS = (EVENT_TYPE_CLOSED, EVENT_TYPE_MOVED)
"""Events of a file that end a write: closed after writing, moved into place."""

SETTLE = 0.03
"""Seconds of quiet after an event that ends a save before the sources are taken as settled,
when the watched folders hold the same files as at the last build (``DevServer._wait_quiet``):
an editor's steps of one save come within a millisecond of each other."""


@dataclass(frozen=True)
class ServedBuild:
    """One good build: every file of the site in memory, and the path the site lives under."""

    files: Mapping[str, bytes]
    base_path: str = "/"
    """The site's URL path with leading and trailing slash (``/`` or ``/league/``)."""
    changed: dict[str, bytes | None] | None = None
    """The files that changed since the last good build (None: every file; a value None: a
    removed file)."""
    note: str = ""
    """Said in the build's line of the log (e.g. why everything was built)."""
    warnings: tuple[str, ...] = ()
    """The build's warnings, one line each (``path:line:col: warning: ...``)."""
    earlier: bool = False
    """The files an earlier build left (sitegen.earlier), served until the first build is done:
    each page under a notice that it may be out of date, a missing one as being built."""


@dataclass(frozen=True)
class Written:
    """What writing a good build to the output folder did (the ``write`` of :class:`DevServer`)."""

    report: str
    """Said in the build's line of the log (e.g. ``3 files written, 1 unchanged in output/``)."""
    files: Mapping[str, bytes] | None = None
    """The build's files as now on disk (sitegen.servedfiles.OnDisk), served from there from
    now on instead of memory; None: keep serving them from memory."""


Show = Callable[[Mapping[str, "bytes | None"]], None]
"""What a build function may call with files it has made before it returns (None: removed)."""


@dataclass
class ServerState:
    """What the server shows: the last good build and the messages of the last build, if it failed."""

    site: ServedBuild | None = None
    errors: list[str] = field(default_factory=list)
    version: int = 0
    """Bumped after every build, good or failed; open pages reload when it changes."""
    builds: int = 0
    """How many builds have run (the first one included)."""
    pages: dict[str, int] = field(default_factory=dict)
    """Per file: the version in which it was last served new."""
    errors_version: int = 0
    """The version in which the errors shown last changed."""


def _default_log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class DevServer:
    """Serve the last good build of ``build`` on ``host:port`` and rebuild when ``watch`` changes.

    ``build(show)`` returns a :class:`ServedBuild` or raises SitegenError (shown with positions); any
    other exception is shown with its traceback, and the server keeps running either way. It
    may call ``show(files)`` with files made so far: they are served at once.
    ``write`` (optional) is called with each good build, e.g. to update ``output/``, and
    returns a one-line report. ``port`` 0 picks a free port (see :attr:`port`).
    """

    def __init__(self, build: Callable[[Show], ServedBuild], watch: list[Path], *, host: str = "127.0.0.1",
                 port: int = 8000, debounce: float = 0.15, settle: float = SETTLE,
                 ignore: list[Path] | None = None,
                 write: Callable[[ServedBuild], Written] | None = None,
                 log: Callable[[str], None] = _default_log):
        self._build = build
        self._warned: tuple[str, ...] = ()
        """The warnings last logged."""
        self._watch = sorted({path.resolve() for path in watch})
        self._armed: dict[Path, tuple] = {}
        """Each watched folder's watchdog watch and the (device, inode) it was made for."""
        self._handler: FileSystemEventHandler = _Watcher(self)
        self.host = host
        self._ignore = [path.resolve() for path in ignore or []]
        self._write = write
        self._log = log
        self.debounce = debounce
        self.settle = min(settle, debounce)
        self.state = ServerState()
        self._cond = threading.Condition()
        self._dirty = threading.Event()
        self._event = threading.Event()
        """Set by each change recorded (:meth:`notify`): wakes the builder's wait for quiet."""
        self._stop = threading.Event()
        self._last_event = 0.0
        self._saved = False
        """Whether the last event ended a save (:meth:`notify`)."""
        self._open: dict[str, int] = {}
        """The files of the site whose pages are open in a browser (their live-reload polls
        are waiting), with the number of polls: a build makes and shows them first."""
        self._snapshot: dict[str, tuple[int, int, int]] | None = None
        self._observer: BaseObserver | None = None
        self._builder: threading.Thread | None = None
        self._http_thread: threading.Thread | None = None
        self.httpd = ThreadingHTTPServer((host, port), _handler_for(self))
        self.httpd.daemon_threads = True

    # ------------------------------------------------------------------ lifecycle

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    @property
    def url(self) -> str:
        host = str(self.httpd.server_address[0])
        base = self.state.site.base_path if self.state.site else "/"
        return f"http://{host}:{self.port}{base}"

    def start(self, wait: bool = True, earlier: ServedBuild | None = None) -> None:
        """Build once, then start watching and serving in background threads. With ``wait``
        False, serve at once and build in the builder thread: ``earlier`` (sitegen.earlier)
        until the first build is done, else an error page."""
        if wait:
            self.rebuild()
        else:
            self.state.site = earlier
            self._dirty.set()  # the builder thread starts with the first build
        observer = Observer()
        observer.daemon = True
        self._observer = observer
        for folder in self._watch:
            self._arm(folder)
        parents = _ParentWatcher(self, self._watch)
        for parent in sorted({folder.parent for folder in self._watch}):
            if parent.is_dir():
                observer.schedule(parents, str(parent), recursive=False)
        observer.start()
        self._builder = threading.Thread(target=self._build_loop, name="sitegen-builder", daemon=True)
        self._builder.start()
        self._http_thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                             name="sitegen-http", daemon=True)
        self._http_thread.start()

    def _arm(self, folder: Path) -> bool:
        """Watch ``folder`` recursively if it is not watched yet or was replaced since; return
        True if the watch changed. A folder that does not exist is watched once it appears."""
        try:
            info = os.stat(folder)
            ident = (info.st_dev, info.st_ino) if stat.S_ISDIR(info.st_mode) else None
        except OSError:
            ident = None
        old = self._armed.get(folder)
        observer = self._observer
        if observer is None or (old[1] if old else None) == ident:
            return False
        if old is not None:
            del self._armed[folder]
            try:
                observer.unschedule(old[0])
            except KeyError:  # pragma: no cover - already gone
                pass
        if ident is not None:
            self._armed[folder] = (observer.schedule(self._handler, str(folder), recursive=True), ident)
        return True

    def stop(self) -> None:
        """Stop serving and watching; wake every waiting request."""
        self._stop.set()
        self._dirty.set()
        self._event.set()
        with self._cond:
            self._cond.notify_all()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._builder is not None:
            self._builder.join(timeout=5)

    def serve_forever(self, earlier: ServedBuild | None = None) -> None:
        """Start, then block until interrupted (Ctrl-C). With ``earlier``, serve it at once
        while the first build runs (:meth:`start`)."""
        self.start(wait=earlier is None, earlier=earlier)
        self._log(f"serving {self.url} (Ctrl-C to stop)")
        try:
            while not self._stop.wait(0.5):
                pass
        except KeyboardInterrupt:
            self._log("stopping")
        finally:
            self.stop()

    # ------------------------------------------------------------------ watching and building

    def notify(self, path: str, saved: bool | None = False) -> None:
        """Record a change at ``path`` (called by the watcher); ignored paths are skipped.
        ``saved``: the event ends a write (a file closed after writing, or moved into place),
        so the sources may be settled after :attr:`settle` seconds; False: after
        :attr:`debounce` seconds; None: as the event before it said (a folder's own
        "modified", which follows each change inside it)."""
        resolved = Path(path)
        if any(resolved == ignored or ignored in resolved.parents for ignored in self._ignore):
            return
        with self._cond:
            self._last_event = time.monotonic()
            if saved is not None:
                self._saved = saved
        self._event.set()
        self._dirty.set()

    def _build_loop(self) -> None:
        while not self._stop.is_set():
            self._dirty.wait()
            if self._stop.is_set():
                return
            self._wait_quiet()
            self._dirty.clear()
            if self._stop.is_set():
                return
            for folder in self._watch:  # a folder replaced as a whole is watched afresh
                self._arm(folder)
            snapshot = self.snapshot()
            if snapshot == self._snapshot:
                continue  # events without a change (an editor touched a backup, say)
            self.rebuild(snapshot)

    def _wait_quiet(self) -> None:
        """Wait until the sources are settled (or the server stops): :attr:`settle` seconds
        after the last event when it ended a save (:meth:`notify`) and the watched folders
        then hold the very files the last build saw, only their contents changed (a file
        saved by renaming a new one over it, or rewritten in place); else :attr:`debounce`
        seconds after the last event. A save that moves the file away first, writes a new
        one and removes a backup (vim's) has a new or missing file in between: it gets the
        whole debounce, as does a file added, removed or renamed."""
        incomplete = None  # the last event at which the files were found incomplete
        while True:
            self._event.clear()  # set by each later event: the wait is decided again
            with self._cond:
                last, saved = self._last_event, self._saved
            quick = saved and last != incomplete
            delay = last + (self.settle if quick else self.debounce) - time.monotonic()
            if delay > 0:
                self._event.wait(delay)
                if self._stop.is_set():
                    return
                continue
            if not quick or self._same_files():
                return
            incomplete = last

    def _same_files(self) -> bool:
        """Return True when the watched folders hold the same files (paths) as at the last build."""
        last = self._snapshot
        return last is not None and self.snapshot().keys() == last.keys()

    def snapshot(self) -> dict[str, tuple[int, int, int]]:
        """Return ``{path: (size, mtime_ns, inode)}`` of every file under the watched folders."""
        found: dict[str, tuple[int, int, int]] = {}
        for folder in self._watch:
            for root, dirs, files in os.walk(folder):
                dirs.sort()
                for name in files:
                    path = os.path.join(root, name)
                    try:
                        stat = os.stat(path)
                    except OSError:
                        continue  # removed while walking
                    found[path] = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
        return found

    def rebuild(self, snapshot: dict[str, tuple[int, int, int]] | None = None) -> bool:
        """Build now; on success serve the new site, else keep the last good one. Return success.
        ``snapshot``: the watched files as the build will read them (:meth:`snapshot`, taken
        just before; default: taken now)."""
        snapshot = self.snapshot() if snapshot is None else snapshot
        started = time.monotonic()
        errors: list[str] = []
        site: ServedBuild | None = None
        upcoming = self.state.version + 1
        with self._cond:
            before = self.state.site  # served again if this build shows pages, then fails
        try:
            site = self._build(lambda files: self._show(files, upcoming))
        except SitegenError as error:
            errors = [d.format() for d in error.diagnostics]
        except Exception as error:  # a bug or a template error: show it, keep serving
            errors = _describe_exception(error)
        seconds = time.monotonic() - started
        with self._cond:  # publish first: the browser is served from memory, not output/
            self._snapshot = snapshot
            self.state.builds += 1
            self.state.version = upcoming
            if errors != self.state.errors:
                self.state.errors_version = upcoming
            self.state.errors = errors
            if site is None and self.state.site is not before:  # what the build showed is let go
                self.state.site = before
            if site is not None:
                changed = site.files if site.changed is None else site.changed
                self.state.pages.update((path, upcoming) for path in changed)
                self.state.site = site
            self._cond.notify_all()
        report = ""
        if site is not None and self._write is not None:
            try:
                written = self._write(site)
            except OSError as error:
                report = f"output not written: {error}"
            else:
                report = written.report
                self._from_disk(site, written.files)
        if site is not None:
            self._log_warnings(site.warnings)
            pages = sum(1 for path in site.files if path.endswith(".html"))
            made = "" if site.changed is None else f", {len(site.changed)} changed"
            self._log(f"build {self.state.builds}: {pages} pages{made} in {seconds:.2f} s"
                      + (f" ({site.note})" if site.note else "") + (f"; {report}" if report else ""))
        else:
            for line in errors:
                self._log(line)
            count = len(errors)
            kept = "still serving the last good site" if self.state.site else "no site to serve yet"
            self._log(f"build {self.state.builds} failed: {count} error{'s' if count != 1 else ''}; {kept}")
        return site is not None

    def _from_disk(self, site: ServedBuild, files: Mapping[str, bytes] | None) -> None:
        """Serve ``site``'s files from ``files`` (the same files, as now written to the output
        folder: sitegen.servedfiles.Written) instead of memory, unless another table was served
        since (nothing is shown between a build and its write: both run in the builder)."""
        if files is None:
            return
        with self._cond:
            if self.state.site is site:
                self.state.site = replace(site, files=files)

    def _log_warnings(self, warnings: tuple[str, ...]) -> None:
        """Log the warnings of a good build when they are not those last logged (the first
        build's, and after an edit that adds or settles one), so that an organizer previewing
        an edit sees what ``sitegen build`` would warn of, without the same lines at every save."""
        if warnings == self._warned:
            return
        for line in warnings:
            self._log(line)
        if not warnings:
            self._log("no warnings left")
        self._warned = warnings

    def _show(self, files: Mapping[str, bytes | None], version: int) -> None:
        """Serve ``files`` (made by the running build, which will be ``version``) at once."""
        with self._cond:
            site = self.state.site
            if site is None:
                return
            self.state.pages.update((path, version) for path in files)
            self.state.site = ServedBuild(layered(site.files, files), site.base_path, earlier=site.earlier)
            self._cond.notify_all()

    def wait_version(self, after: int, timeout: float, page: str | None = None) -> dict:
        """Wait until the version exceeds ``after`` (or ``timeout`` seconds); return the version
        JSON. With ``page`` (a file of the site), wait instead until that file is served new or
        the errors change."""
        deadline = time.monotonic() + timeout
        with self._cond:
            if page is not None:
                self._open[page] = self._open.get(page, 0) + 1
            try:
                while not self._stop.is_set():
                    current = self.state.version if page is None else self._page_version(page)
                    if current > after:
                        break
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    self._cond.wait(remaining)
            finally:
                if page is not None:
                    self._open[page] -= 1
                    if not self._open[page]:
                        del self._open[page]
            info = self.version_info()
            if page is not None:
                info["version"] = self._page_version(page)
            return info

    def open_pages(self) -> frozenset[str]:
        """Return the files of the site whose pages are open in a browser now (their
        live-reload polls are waiting)."""
        with self._cond:
            return frozenset(self._open)

    def _page_version(self, page: str) -> int:
        """Return the version a file of the site carries: the last in which it was served new or
        the errors shown changed (a page not in the site: the build's version)."""
        site = self.state.site
        if site is None or page not in site.files:
            return self.state.version
        return max(self.state.pages.get(page, 0), self.state.errors_version)

    def host_allowed(self, host: str | None) -> bool:
        """Return True if a request's ``Host`` header names this machine and port: ``localhost``,
        ``127.0.0.1``, ``[::1]`` or the configured host, followed by ``:<port>`` (which may be
        left out on port 80). Anything else, a missing header included, is refused."""
        if not host:
            return False
        host = host.strip().lower()
        name, colon, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
        if not colon:
            name, port = host, "80"
        configured = self.host.lower()
        if ":" in configured:  # an IPv6 address is written in brackets in a Host header
            configured = f"[{configured}]"
        allowed = {"localhost", "127.0.0.1", "[::1]"} | ({configured} if self.host else set())
        return name in allowed and port == str(self.port)

    def version_info(self) -> dict:
        """Return ``{"version", "builds", "ok", "errors"}`` of the current state."""
        return {"version": self.state.version, "builds": self.state.builds,
                "ok": not self.state.errors, "errors": list(self.state.errors)}

    # ------------------------------------------------------------------ answering requests

    def respond(self, raw_path: str) -> tuple[int, dict[str, str], bytes]:
        """Return ``(status, headers, body)`` for a GET of ``raw_path`` (path and query)."""
        parts = urlsplit(raw_path)
        path = parts.path
        if path == VERSION_PATH:
            query = parse_qs(parts.query)
            try:
                after = int(query.get("after", ["-1"])[0])
            except ValueError:
                after = -1
            page = self._file_of(query["page"][0]) if "page" in query else None
            info = (self.wait_version(after, LONG_POLL_SECONDS, page) if after >= 0
                    else self.version_info())
            return 200, {"Content-Type": "application/json"}, json.dumps(info).encode()
        with self._cond:
            site, errors, version = self.state.site, list(self.state.errors), self.state.version
            file = self._file_of(path)
            if file is not None:
                version = self._page_version(file)
        if site is None:
            return 500, _HTML, _inject(_error_page(errors), version, errors)
        base = site.base_path
        if not path.startswith(base):
            if path in ("/", "") or path + "/" == base:
                return 302, {"Location": base}, b""
            return self._not_found(site, version, errors)
        relative = path[len(base):]
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        if ".." in relative.split("/"):
            return self._not_found(site, version, errors)
        data = site.files.get(relative)
        if data is None:
            if relative + "/index.html" in site.files:
                return 301, {"Location": path + "/"}, b""
            if site.earlier and not self.state.builds:  # it may come with the first build
                return 503, _HTML, _inject(_BUILDING_PAGE, version, errors, True)
            return self._not_found(site, version, errors)
        if relative.endswith(".html"):
            return 200, _HTML, _inject(data, version, errors, site.earlier)
        kind = mimetypes.guess_type(relative)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/json", "application/javascript"):
            kind += "; charset=utf-8"
        return 200, {"Content-Type": kind}, data

    def _file_of(self, path: str) -> str | None:
        """Return the file of the site a request path names (``index.html`` of a folder), or
        None when it is outside the site."""
        site = self.state.site
        base = site.base_path if site is not None else "/"
        if not path.startswith(base):
            return None
        relative = path[len(base):]
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        return relative

    def _not_found(self, site: ServedBuild, version: int, errors: list[str]) -> tuple[int, dict[str, str], bytes]:
        page = site.files.get("404.html", b"<!doctype html><title>Not found</title><h1>Not found</h1>")
        return 404, _HTML, _inject(page, version, errors, site.earlier)


_HTML = {"Content-Type": "text/html; charset=utf-8"}


def _describe_exception(error: Exception) -> list[str]:
    """Return messages for an unexpected build failure: a position where known, else the traceback."""
    filename = getattr(error, "filename", None) or getattr(error, "name", None)
    lineno = getattr(error, "lineno", None)
    if filename and lineno:  # e.g. a Jinja TemplateSyntaxError
        return [f"{filename}:{lineno}:1: error: {getattr(error, 'message', None) or error} "
                f"[{type(error).__name__}]"]
    return [line for line in "".join(traceback.format_exception(error)).splitlines() if line]


_RELOAD_SCRIPT = """<script id="sitegen-live-reload">
(function () {
  var version = %d;
  function poll() {
    fetch("%s?after=" + version + "&page=" + encodeURIComponent(location.pathname), {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (d) { if (d.version !== version) { location.reload(); } else { poll(); } })
      .catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
</script>
"""

_OVERLAY = """<div id="sitegen-errors" role="alert" style="position:fixed;inset:0 0 auto 0;z-index:2147483647;
max-height:70vh;overflow:auto;margin:0;padding:1em;background:#fff0f0;color:#600;border-bottom:3px solid #c00;
font:14px/1.4 monospace;white-space:pre-wrap">
<strong>sitegen: the last build failed; showing the last good site.</strong>
%s</div>
"""


NOTICE = """<div id="sitegen-rebuilding" role="status" style="position:sticky;top:0;z-index:2147483646;
margin:0;padding:.6em 1em;background:#fff4c2;color:#4a3800;border-bottom:3px solid #c90;
font:bold 15px/1.4 sans-serif">sitegen serve: the site is being rebuilt: this page may be out of date
(it was made by an earlier build). It reloads when the new site is ready.</div>
"""
"""Shown at the top of every page of the earlier build; the live-reload script replaces the
page when the first build is done."""


def _inject(page: bytes, version: int, errors: list[str], earlier: bool = False) -> bytes:
    """Return ``page`` with the reload script (and the error overlay, if any) before ``</body>``,
    and with ``earlier`` the notice that it may be out of date (sitegen.earlier) after ``<body>``."""
    extra = _RELOAD_SCRIPT % (version, VERSION_PATH)
    if errors:
        extra = _OVERLAY % html.escape("\n".join(errors)) + extra
    data = extra.encode("utf-8")
    at = page.lower().rfind(b"</body>")
    page = page + data if at < 0 else page[:at] + data + page[at:]
    if earlier:
        body = re.search(rb"<body[^>]*>", page, re.IGNORECASE)
        at = body.end() if body else 0
        page = page[:at] + NOTICE.encode("utf-8") + page[at:]
    return page


_BUILDING_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Being built</title>"
                  "</head><body><h1>This page is being built</h1><p>The first build is running; the page "
                  "reloads when it is ready.</p></body></html>").encode("utf-8")


def _error_page(errors: list[str]) -> bytes:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>"
            "</head><body><h1>The site could not be built</h1><p>Fix these and save; the page reloads."
            "</p></body></html>").encode("utf-8")


class _ParentWatcher(FileSystemEventHandler):
    """Watches the folders holding the watched folders: reports a watched folder that is
    created, removed or renamed (the builder then watches it afresh), nothing else."""

    def __init__(self, server: DevServer, folders: list[Path]):
        self.server = server
        self.folders = {str(folder) for folder in folders}

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in IGNORED_EVENTS:
            return
        for path in (event.src_path, getattr(event, "dest_path", "")):
            if path and os.fsdecode(path) in self.folders:
                self.server.notify(os.fsdecode(path))


class _Watcher(FileSystemEventHandler):
    def __init__(self, server: DevServer):
        self.server = server

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in IGNORED_EVENTS:
            return
        saved: bool | None
        if event.is_directory:  # a folder's "modified" follows each change inside it
            saved = None if event.event_type == EVENT_TYPE_MODIFIED else False
        else:
            saved = event.event_type in SAVED_EVENTS
        self.server.notify(os.fsdecode(event.src_path), saved)
        dest = getattr(event, "dest_path", "")
        if dest:
            self.server.notify(os.fsdecode(dest), saved)


def _handler_for(server: DevServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "sitegen-dev"

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            self._answer(send_body=True)

        def do_HEAD(self) -> None:  # noqa: N802
            self._answer(send_body=False)

        def _answer(self, send_body: bool) -> None:
            if server.host_allowed(self.headers.get("Host")):
                status, headers, body = server.respond(self.path)
            else:  # DNS rebinding: a page of another site must not read the preview
                status, headers = 403, {"Content-Type": "text/plain; charset=utf-8"}
                body = (f"sitegen serve answers only to localhost:{server.port}, 127.0.0.1:{server.port} "
                        f"and [::1]:{server.port} (or the --host given)\n").encode()
            try:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                if send_body:
                    self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, format: str, *args: object) -> None:  # quiet: the terminal shows builds
            return

    return Handler
