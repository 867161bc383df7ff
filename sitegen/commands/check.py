"""``sitegen check``: load, validate and compute, without rendering or writing."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic, SitegenError
from ..pipeline import prepare


def check(content_dir: Path, strict: bool = False) -> tuple[int, list[Diagnostic]]:
    """Validate and compute everything a build would; return the number of pages planned and
    the warnings.

    Raises SitegenError with every problem found; with ``strict``, also for warnings.
    """
    _, plan = prepare(content_dir)
    if strict and plan.warnings:
        raise SitegenError(plan.warnings)
    return len(plan.pages), plan.warnings
