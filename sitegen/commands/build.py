"""``sitegen build``: load -> validate -> compute -> render -> write."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..model import Content
from ..render import render_site
from ..site import plan_site
from ..validate import load_content
from ..write import WriteReport, write_site


@dataclass(frozen=True)
class BuildResult:
    pages: int
    files: dict[str, bytes]
    report: WriteReport | None


def compute(content_dir: Path, base_url: str | None = None) -> Content:
    """Load and validate the content (the front half of a build). Raises SitegenError.

    ``base_url``, when given, replaces ``base_url`` of site.yaml (e.g. the GitHub Pages URL).
    """
    content = load_content(content_dir)
    if base_url:
        content = replace(content, config=replace(content.config, base_url=base_url))
    return content


def render(content_dir: Path, templates_dir: Path | None = None,
           base_url: str | None = None) -> dict[str, bytes]:
    """Return the whole site in memory, ``{relative path: bytes}``. Raises SitegenError."""
    content = compute(content_dir, base_url)
    plan = plan_site(content)
    return render_site(plan, content.config, templates_dir)


def build(content_dir: Path, output_dir: Path, templates_dir: Path | None = None,
          base_url: str | None = None) -> BuildResult:
    """Build the site into ``output_dir``; on any error ``output_dir`` is left untouched."""
    files = render(content_dir, templates_dir, base_url)
    report = write_site(files, output_dir)
    pages = sum(1 for path in files if path.endswith(".html"))
    return BuildResult(pages, files, report)
