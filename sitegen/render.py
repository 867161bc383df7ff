"""Render the planned pages with Jinja2 and markdown-it-py: pages -> {path: bytes}, in memory.

Autoescape is on and undefined names are errors, because player names, page text and YAML
values are untrusted. Raw HTML in Markdown is off unless ``markdown_html: true`` in site.yaml.
A league's repository may override any template by putting a file of the same name in its
own ``templates/`` folder (searched first); the rest come from sitegen's default theme.
"""

from __future__ import annotations

import datetime as dt
import gc
import multiprocessing
import os
import threading
from pathlib import Path

from jinja2 import (ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateError,
                    TemplateSyntaxError, select_autoescape)
from markdown_it import MarkdownIt

from .diagnostics import Diagnostic, SitegenError, SourcePos, command_pos
from .model import SiteConfig
from .site import File, Page, SitePlan, format_points


def default_templates_dir() -> Path:
    """Return the default theme: inside the installed package, or the checkout's templates/."""
    packaged = Path(__file__).parent / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "templates"


def make_environment(config: SiteConfig, site_templates: Path | None = None) -> Environment:
    """Return the Jinja environment: the site's templates first, then the default theme."""
    loaders = []
    if site_templates is not None and site_templates.is_dir():
        loaders.append(FileSystemLoader(str(site_templates)))
    loaders.append(FileSystemLoader(str(default_templates_dir())))
    env = Environment(
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
    env.filters.update(points=format_points, markdown=markdown.render, date=date_text)
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
    """Render every page of ``plan`` and return ``{relative path: bytes}``, including static files.

    Large sites are rendered by ``jobs`` worker processes (default: one per CPU), each taking
    slices of the page list; the result does not depend on the number of workers.
    Raises ValueError if two pages claim the same path.
    """
    output: dict[str, bytes] = {}

    def add(path: str, data: bytes) -> None:
        if path in output:
            raise ValueError(f"two pages claim the same output path '{path}'")
        output[path] = data

    pages = plan.pages
    reused: list[tuple[str, bytes]] = []
    if cache is not None:
        key = RenderCache.fingerprint(config, site_templates)
        if key != cache.key:
            cache.key, cache.pages = key, {}
        pages = []
        for page in plan.pages:
            old = cache.pages.get(page.path)
            if old is not None and old[0] == page.template and old[1] == page.context:
                reused.append((page.path, old[2]))
            else:
                pages.append(page)
    try:
        rendered = _render_pages(SitePlan(pages=pages), config, site_templates, jobs) + reused
    except TemplateProblem as problem:
        template, line, message = problem.args
        pos = SourcePos(os.path.relpath(template) if os.path.isabs(template) else template, line, 1) \
            if line else command_pos(template)
        raise SitegenError([Diagnostic(pos, message, "template",
                                       "fix the template, or remove the override to use the default")]) from None
    for path, data in rendered:
        add(path, data)
    if cache is not None:
        contexts = {page.path: (page.template, page.context) for page in plan.pages}
        cache.pages = {path: (*contexts[path], output[path]) for path in contexts}
    for file in plan.files:
        add(file.path, file.data)
    for static in _static_files(site_templates):
        add(static.path, static.data)
    return output


def _render_pages(plan: SitePlan, config: SiteConfig, site_templates: Path | None,
                  jobs: int | None) -> list[tuple[str, bytes]]:
    jobs = jobs or os.cpu_count() or 1
    if (jobs < 2 or len(plan.pages) < PARALLEL_MIN_PAGES or threading.active_count() > 1
            or "fork" not in multiprocessing.get_all_start_methods()):
        # One process; also when threads run (the dev server), where forking is unsafe.
        return _render_slice(plan.pages, config, site_templates)
    global _WORK
    _WORK = (plan.pages, config, site_templates)
    chunk = 250
    slices = [(start, min(start + chunk, len(plan.pages))) for start in range(0, len(plan.pages), chunk)]
    # Objects alive now (content, plan) are never garbage: keep the workers' collector off
    # them, so it neither walks them nor writes to their pages (copy-on-write) after the fork.
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_render_range, slices, chunksize=1)
    finally:
        _WORK = None
        gc.unfreeze()
    return [item for part in parts for item in part]


_WORK: tuple | None = None
"""The pages being rendered, inherited by forked workers (never pickled)."""
_WORKER_ENV: Environment | None = None


def _render_range(bounds: tuple[int, int]) -> list[tuple[str, bytes]]:
    global _WORKER_ENV
    pages, config, site_templates = _WORK
    if _WORKER_ENV is None:
        _WORKER_ENV = make_environment(config, site_templates)
    return _render_slice(pages[bounds[0]:bounds[1]], config, site_templates, _WORKER_ENV)


class TemplateProblem(Exception):
    """A template that does not render: ``(template file, line or 0, message)``; picklable."""


def _render_slice(pages: list[Page], config: SiteConfig, site_templates: Path | None,
                  env: Environment | None = None) -> list[tuple[str, bytes]]:
    env = env or make_environment(config, site_templates)
    rendered = []
    for page in pages:
        try:
            html = env.get_template(page.template).render(page=page, **page.context)
        except TemplateSyntaxError as error:
            raise TemplateProblem(error.filename or error.name or page.template, error.lineno or 0,
                                  f"template syntax error: {error.message}") from None
        except TemplateError as error:
            raise TemplateProblem(page.template, 0, f"template {page.template} failed while "
                                  f"rendering {page.path}: {error}") from None
        rendered.append((page.path, html.encode("utf-8")))
    return rendered


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


__all__ = ["render_site", "make_environment", "default_templates_dir", "Page"]
