"""``sitegen check``: load, validate and compute, without rendering or writing."""

from __future__ import annotations

from pathlib import Path

from ..pipeline import prepare


def check(content_dir: Path) -> int:
    """Validate and compute everything a build would; return the number of pages planned.

    Raises SitegenError with every problem found.
    """
    return len(prepare(content_dir)[1].pages)
