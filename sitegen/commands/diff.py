"""``sitegen diff BASE [HEAD]``: what the working tree (or git revision HEAD) changes in the
standings, compared with git revision BASE; ``sitegen diff HEAD~1 HEAD`` is what the last
commit changed, whatever the working tree holds.

The content at a git revision is read with git itself (``git archive REV -- <content>``,
extracted into a temporary folder); the working tree and the index are never touched. Both
sides are loaded, validated and summarized (:mod:`sitegen.summary`), and the changes are
printed as Markdown, e.g. for ``$GITHUB_STEP_SUMMARY`` and the pull request's comment; when
the standings are the same it prints "No standings change." (:data:`NO_CHANGE`).
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import TextIO

from ..diagnostics import SitegenError
from ..summary import compare, markdown, summarize
from ..rulesets import load_content

NO_CHANGE = "No standings change.\n"
"""What ``sitegen diff`` (and ``sitegen result add``) print when no standing changed."""


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)


def read_revision(base: str, content_dir: Path, into: Path) -> Path | None:
    """Extract ``content_dir`` as it is at git revision ``base`` under ``into``.

    Returns the folder that mirrors the working folder inside ``into`` (so that paths are
    shown the same on both sides), or None when ``base`` has no such content folder.
    Raises SitegenError when this is not a git repository or ``base`` is not a revision.
    """
    if not base or base.startswith("-"):
        raise SitegenError(f"'{base}' is not a git revision")
    here = Path.cwd()
    top = _git(["rev-parse", "--show-toplevel"], here)
    if top.returncode != 0:
        raise SitegenError("sitegen diff needs a git repository: " + top.stderr.decode(errors="replace").strip())
    root = Path(top.stdout.decode().strip()).resolve()
    commit = _git(["rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"], root)
    if commit.returncode != 0:
        raise SitegenError(f"'{base}' is not a git revision of this repository "
                           "(fetch it first, e.g. git fetch origin main)")
    sha = commit.stdout.decode().strip()
    content = (here / content_dir).resolve()
    try:
        relative = content.relative_to(root).as_posix()
    except ValueError:
        raise SitegenError(f"the content folder {content_dir} is not inside the git repository") from None
    if _git(["cat-file", "-e", f"{sha}:{relative}"], root).returncode != 0:
        return None
    archive = _git(["archive", "--format=tar", sha, "--", relative], root)
    if archive.returncode != 0:
        raise SitegenError("git archive failed: " + archive.stderr.decode(errors="replace").strip())
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / here.resolve().relative_to(root) if here.resolve().is_relative_to(root) else into


def _summary_at(revision: str, content_dir: Path, temp: Path) -> tuple[dict | None, list[str]]:
    """Return the summary of the content at git ``revision`` (None when it has no content
    folder, or when it does not load) and the formatted errors that kept it from loading."""
    mirror = read_revision(revision, content_dir, temp)
    if mirror is None:
        return None, []
    mirror.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(mirror):  # positions are shown as in the working tree
        try:
            return summarize(load_content(content_dir)), []
        except SitegenError as error:
            return None, [d.format() for d in error.diagnostics]


def diff(base: str, content_dir: Path, out: TextIO, head: str | None = None) -> int:
    """Print the Markdown summary of the standings changes from ``base`` to ``head`` (a git
    revision), or to the working tree when ``head`` is None.

    Prints :data:`NO_CHANGE` when nothing changed, and a short note when the content at
    ``base`` (else at ``head``) does not load. Returns 0; raises SitegenError when a revision
    cannot be read, when the working tree's content has errors (without ``head``), and when
    ``head`` has no content folder.
    """
    shown = base.replace("`", "'")
    title = f"Standings changes since `{shown}`"
    with tempfile.TemporaryDirectory(prefix="sitegen-diff-") as temp:
        before, problems = _summary_at(base, content_dir, Path(temp) / "base")
        after: dict | None
        if head is None:
            after = summarize(load_content(content_dir))
        else:
            after, head_problems = _summary_at(head, content_dir, Path(temp) / "head")
            if after is None and not head_problems:
                raise SitegenError(f"the content folder {content_dir} is not in revision '{head}'")
            title = f"Standings changes from `{shown}` to `{head.replace('`', chr(39))}`"
            if head_problems and not problems:
                shown, problems = head.replace("`", "'"), head_problems
    if problems or after is None:
        out.write(f"## Standings changes\n\nThe content at `{shown}` does not build, so the standings "
                  f"cannot be compared ({len(problems)} error{'s' if len(problems) != 1 else ''}):\n\n"
                  "```\n" + "\n".join(p.replace("```", "'''") for p in problems) + "\n```\n")
        return 0
    out.write(markdown(compare(before or {}, after), title) or NO_CHANGE)
    return 0


__all__ = ["NO_CHANGE", "diff", "read_revision"]
