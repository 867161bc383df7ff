"""Render the planned pages with Jinja2 and markdown-it-py: pages -> {path: bytes}, in memory.

Autoescape is on and undefined names are errors, because player names, page text and YAML
values are untrusted. Raw HTML in Markdown is off unless ``markdown_html: true`` in site.yaml.
A league's repository may override any template by putting a file of the same name in its
own ``templates/`` folder (searched first); the rest come from sitegen's default theme.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt

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


def render_site(plan: SitePlan, config: SiteConfig, site_templates: Path | None = None) -> dict[str, bytes]:
    """Render every page of ``plan`` and return ``{relative path: bytes}``, including static files.

    Raises ValueError if two pages claim the same path.
    """
    env = make_environment(config, site_templates)
    output: dict[str, bytes] = {}

    def add(path: str, data: bytes) -> None:
        if path in output:
            raise ValueError(f"two pages claim the same output path '{path}'")
        output[path] = data

    for page in plan.pages:
        template = env.get_template(page.template)
        html = template.render(page=page, **page.context)
        add(page.path, html.encode("utf-8"))
    for file in plan.files:
        add(file.path, file.data)
    for static in _static_files(site_templates):
        add(static.path, static.data)
    return output


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
