"""``sitegen diff BASE``: what the working tree changes in the standings, compared with BASE.

The content at git revision BASE is read with git itself (``git archive BASE -- <content>``,
extracted into a temporary folder); the working tree and the index are never touched. Both
sides are loaded, validated and summarized (:mod:`sitegen.summary`), and the changes are
printed as Markdown, e.g. for ``$GITHUB_STEP_SUMMARY``. Nothing is printed when the standings
are the same.
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
from ..validate import load_content


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


def diff(base: str, content_dir: Path, out: TextIO) -> int:
    """Print the Markdown summary of the standings changes from ``base`` to the working tree.

    Prints nothing when nothing changed, and a short note when the content at ``base`` does
    not load. Returns 0; raises SitegenError when the working tree's content has errors or
    ``base`` cannot be read.
    """
    shown = base.replace("`", "'")
    with tempfile.TemporaryDirectory(prefix="sitegen-diff-") as temp:
        mirror = read_revision(base, content_dir, Path(temp))
        before = None
        problems: list[str] = []
        if mirror is not None:
            mirror.mkdir(parents=True, exist_ok=True)
            with contextlib.chdir(mirror):  # positions are shown as in the working tree
                try:
                    before = summarize(load_content(content_dir))
                except SitegenError as error:
                    problems = [d.format() for d in error.diagnostics]
    after = summarize(load_content(content_dir))
    if problems:
        out.write(f"## Standings changes\n\nThe content at `{shown}` does not build, so the standings "
                  f"cannot be compared ({len(problems)} error{'s' if len(problems) != 1 else ''}):\n\n"
                  "```\n" + "\n".join(p.replace("```", "'''") for p in problems) + "\n```\n")
        return 0
    out.write(markdown(compare(before or {}, after), f"Standings changes since `{shown}`"))
    return 0


__all__ = ["diff", "read_revision"]
