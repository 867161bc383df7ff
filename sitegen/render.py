"""Render the planned pages with Jinja2 and markdown-it-py: pages -> {path: bytes}, in memory
(:func:`render_site`) or handed to a writer as they are made (:func:`render_into`).

Autoescape is on and undefined names are errors, because player names, page text and YAML
values are untrusted. Raw HTML in Markdown is off unless ``markdown_html: true`` in site.yaml.
A league's repository may override any template by putting a file of the same name in its
own ``templates/`` folder (searched first); the rest come from sitegen's default theme.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
from pathlib import Path
from typing import Any, Callable

from jinja2 import (ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateError,
                    TemplateSyntaxError, select_autoescape)
from jinja2.sandbox import SandboxedEnvironment
from markdown_it import MarkdownIt

from .diagnostics import Diagnostic, SitegenError, SourcePos, command_pos
from .model import SiteConfig
from .site import File, Page, SitePlan, format_points
from .workers import can_fork, fork_pool


def default_templates_dir() -> Path:
    """Return the default theme: inside the installed package, or the checkout's templates/."""
    packaged = Path(__file__).parent / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "templates"


class SiteEnvironment(SandboxedEnvironment):
    """Jinja's sandboxed environment, with ``entry.name`` looking into a dict first.

    Templates are code that a pull request can change (a league's ``templates/``), so they
    run in Jinja's sandbox: no attribute starting with ``_`` (``cycler.__init__.__globals__``
    and the like), no unsafe callables, ``str.format`` checked, ``range`` bounded. Raises
    jinja2.exceptions.SecurityError (a TemplateError) for anything else. It costs about 6-8%
    of the render time (docs/templates.md).

    Page contexts are plain dicts; Jinja would first try ``getattr(dict, "name")`` and catch
    the AttributeError for each of the millions of lookups of a large site. A key therefore
    wins over a dict method of the same name (``section.items`` is the key ``items``); a key's
    value is data, and anything else goes through the sandbox's checks.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def make_environment(config: SiteConfig, site_templates: Path | None = None) -> Environment:
    """Return the (sandboxed) Jinja environment: the site's templates first, then the default
    theme."""
    loaders = []
    if site_templates is not None and site_templates.is_dir():
        loaders.append(FileSystemLoader(str(site_templates)))
    loaders.append(FileSystemLoader(str(default_templates_dir())))
    env = SiteEnvironment(
        loader=ChoiceLoader(loaders),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # one environment per build: no stat() of every template per page
    )
    markdown = MarkdownIt("commonmark", {"html": config.markdown_html, "typographer": False})
    markdown.enable("table")
    base = config.base_path

    def url(path: str = "") -> str:
        return base + path.lstrip("/")

    def date_text(value: dt.date | None) -> str:
        return value.isoformat() if value else ""

    env.globals.update(url=url, site=config)
    # ``path|url`` (a filter: Jinja calls filters directly, functions through the context) and
    # ``url(path)`` give the same address.
    env.filters.update(points=format_points, markdown=markdown.render, date=date_text, url=url)
    return env


PARALLEL_MIN_PAGES = 600
"""Sites with fewer pages render in the calling process: starting workers would cost more."""


class RenderCache:
    """Rendered pages of the previous build, for a long-running process (the dev server).

    A page whose template and context equal last time's gets last time's bytes without
    rendering. Any change to a template file, the site settings or sitegen's theme empties it
    (see :meth:`key`).
    """

    def __init__(self) -> None:
        self.key: tuple = ()
        self.pages: dict[str, tuple[str, dict, bytes]] = {}

    @staticmethod
    def fingerprint(config: SiteConfig, site_templates: Path | None) -> tuple:
        """Return what the cached bytes depend on besides a page's own context."""
        stamps = []
        for root in (default_templates_dir(), site_templates):
            if root is not None and root.is_dir():
                for path in sorted(root.rglob("*")):
                    if path.is_file():
                        info = path.stat()
                        stamps.append((str(path), info.st_size, info.st_mtime_ns))
        return (config, tuple(stamps))


def render_site(plan: SitePlan, config: SiteConfig, site_templates: Path | None = None,
                jobs: int | None = None, cache: RenderCache | None = None) -> dict[str, bytes]:
    """Render every page of ``plan`` and return ``{relative path: bytes}``, including its files
    and the theme's static files.

    Large sites are rendered by ``jobs`` worker processes (default: one per CPU), each taking
    slices of the page list; the result does not depend on the number of workers.
    Raises ValueError if two outputs claim the same path, SitegenError for a broken template.
    """
    pages = plan.pages
    reused: dict[str, bytes] = {}
    if cache is not None:
        key = RenderCache.fingerprint(config, site_templates)
        if key != cache.key:
            cache.key, cache.pages = key, {}
        # Deferred contexts are made here, once, to compare them with last time's.
        plan = SitePlan(pages=[Page(p.url, p.template, p.full_context(), p.file_name)
                               for p in plan.pages], files=plan.files)
        pages = []
        for page in plan.pages:
            old = cache.pages.get(page.path)
            if old is not None and old[0] == page.template and old[1] == page.context:
                reused[page.path] = old[2]
            else:
                pages.append(page)
    items = _outputs(SitePlan(pages=pages, files=plan.files), site_templates, also=reused)
    output = dict(_produce(items, config, site_templates, jobs, None))
    output.update(reused)
    if cache is not None:
        cache.pages = {page.path: (page.template, page.context, output[page.path]) for page in plan.pages}
    return output


def render_into(plan: SitePlan, config: SiteConfig, sink: Callable[[str, bytes], Any],
                site_templates: Path | None = None, jobs: int | None = None) -> dict[str, Any]:
    """Render ``plan`` like :func:`render_site`, handing each output to ``sink(path, bytes)``.

    ``sink`` runs in the process that made the bytes (a forked worker for large sites, so that
    writing is spread over the cores too and no page travels back); returns
    ``{path: sink's result}``. Raises as :func:`render_site`.
    """
    return dict(_produce(_outputs(plan, site_templates), config, site_templates, jobs, sink))


def _outputs(plan: SitePlan, site_templates: Path | None, also: dict[str, bytes] | None = None
             ) -> list[Page | File]:
    """Return each page followed by the files of its folder (its standings.json and CSV twin:
    made right after the page, they share what it computed), then the other files and the
    static files; ValueError if two share a path."""
    by_folder: dict[str, list[File]] = {}
    for file in plan.files:
        by_folder.setdefault(file.path.rpartition("/")[0] + "/", []).append(file)
    items: list[Page | File] = []
    for page in plan.pages:
        items.append(page)
        if page.file_name == "index.html":
            items.extend(by_folder.pop(page.url or "/", ()))
    items += [file for files in by_folder.values() for file in files]
    items += _static_files(site_templates)
    seen = set(also or ())
    for item in items:
        if item.path in seen:
            raise ValueError(f"two pages claim the same output path '{item.path}'")
        seen.add(item.path)
    return items


def _produce(items: list[Page | File], config: SiteConfig, site_templates: Path | None,
             jobs: int | None, sink: Callable[[str, bytes], Any] | None) -> list[tuple[str, Any]]:
    try:
        return _produce_all(items, config, site_templates, jobs, sink)
    except TemplateProblem as problem:
        template, line, message = problem.args
        pos = SourcePos(os.path.relpath(template) if os.path.isabs(template) else template, line, 1) \
            if line else command_pos(template)
        raise SitegenError([Diagnostic(pos, message, "template",
                                       "fix the template, or remove the override to use the default")]) from None


def _produce_all(items: list[Page | File], config: SiteConfig, site_templates: Path | None,
                 jobs: int | None, sink: Callable[[str, bytes], Any] | None) -> list[tuple[str, Any]]:
    jobs = jobs or os.cpu_count() or 1
    pages = sum(1 for item in items if isinstance(item, Page))
    if pages < PARALLEL_MIN_PAGES or not can_fork(jobs):
        # One process; also when threads run (the dev server), where forking is unsafe.
        return _produce_slice(items, config, site_templates, sink)
    global _WORK
    _WORK = (items, config, site_templates, sink)
    chunk = 250
    # Slices of about 250 outputs, cut only before a page: a page and its files stay together.
    last_page = max((i for i, item in enumerate(items) if isinstance(item, Page)), default=0)
    cuts = [0]
    for i, item in enumerate(items):
        if i - cuts[-1] >= chunk and (isinstance(item, Page) or i > last_page):
            cuts.append(i)
    slices = list(zip(cuts, cuts[1:] + [len(items)]))
    # Objects alive now (content, plan) are never garbage: keep the workers' collector off
    # them, so it neither walks them nor writes to their pages (copy-on-write) after the fork.
    gc.freeze()
    try:
        with fork_pool(jobs) as pool:
            parts = pool.map(_produce_range, slices, chunksize=1)
    finally:
        _WORK = None
        gc.unfreeze()
    return [item for part in parts for item in part]


_WORK: tuple | None = None
"""The outputs being made, inherited by forked workers (never pickled)."""
_WORKER_ENV: Environment | None = None


def _produce_range(bounds: tuple[int, int]) -> list[tuple[str, Any]]:
    global _WORKER_ENV
    items, config, site_templates, sink = _WORK
    if _WORKER_ENV is None:
        _WORKER_ENV = make_environment(config, site_templates)
    return _produce_slice(items[bounds[0]:bounds[1]], config, site_templates, sink, _WORKER_ENV)


class TemplateProblem(Exception):
    """A template that does not render: ``(template file, line or 0, message)``; picklable."""


def _produce_slice(items: list[Page | File], config: SiteConfig, site_templates: Path | None,
                   sink: Callable[[str, bytes], Any] | None, env: Environment | None = None
                   ) -> list[tuple[str, Any]]:
    env = env or make_environment(config, site_templates)
    made = []
    for item in items:
        data = _render_page(env, item) if isinstance(item, Page) else item.content()
        made.append((item.path, data if sink is None else sink(item.path, data)))
    return made


def _render_page(env: Environment, page: Page) -> bytes:
    try:
        html = env.get_template(page.template).render(page=page, **page.full_context())
    except TemplateSyntaxError as error:
        raise TemplateProblem(error.filename or error.name or page.template, error.lineno or 0,
                              f"template syntax error: {error.message}") from None
    except TemplateError as error:
        raise TemplateProblem(page.template, 0, f"template {page.template} failed while "
                              f"rendering {page.path}: {error}") from None
    return html.encode("utf-8")


def _static_files(site_templates: Path | None) -> list[File]:
    """Return the theme's ``static/`` files, the site's own overriding the default ones."""
    found: dict[str, bytes] = {}
    for root in (default_templates_dir(), site_templates):
        if root is None:
            continue
        static = root / "static"
        if not static.is_dir():
            continue
        for path in sorted(static.rglob("*")):
            if path.is_file() and not path.is_symlink():
                found["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    return [File(path, data) for path, data in sorted(found.items())]


__all__ = ["render_site", "render_into", "make_environment", "default_templates_dir", "Page"]
