"""``sitegen check``: load, validate and compute, without rendering or writing."""

from __future__ import annotations

from pathlib import Path

from ..site import plan_site
from ..validate import load_content


def check(content_dir: Path) -> int:
    """Validate and compute everything a build would; return the number of pages planned.

    Raises SitegenError with every problem found.
    """
    content = load_content(content_dir)
    return len(plan_site(content).pages)
