"""``sitegen check``: load, validate and compute, without rendering or writing."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic, SitegenError
from ..pipeline import prepare
from ..progress import Progress


def check(content_dir: Path, strict: bool = False,
          progress: Progress | None = None) -> tuple[int, list[Diagnostic]]:
    """Validate and compute everything a build would; return the number of pages planned and
    the warnings. ``progress`` is told the stages (sitegen.progress; default: shown nowhere).

    Raises SitegenError with every problem found; with ``strict``, also for warnings.
    """
    _, plan = prepare(content_dir, progress=progress)
    if strict and plan.warnings:
        raise SitegenError(plan.warnings)
    return len(plan.pages), plan.warnings
