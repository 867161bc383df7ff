"""Print the release notes of one version from CHANGELOG.md, or the package's version.

    python scripts/release_notes.py --version     the version in sitegen/__init__.py
    python scripts/release_notes.py 0.2.0         CHANGELOG.md's section "## [0.2.0] ..."

Used by .github/workflows/release.yml: a tag whose version has no section in CHANGELOG.md is
refused (exit 1) before anything is published.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_version(root: Path = ROOT) -> str:
    """Return ``__version__`` as written in ``sitegen/__init__.py`` (not imported: the release
    job has not installed sitegen)."""
    text = (root / "sitegen" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("sitegen/__init__.py: no __version__ = \"...\" line")
    return found.group(1)


def section(changelog: str, version: str) -> str:
    """Return the body of the section headed ``## [version]`` (up to the next ``## ``), without
    its heading; raise LookupError when there is none or it is empty."""
    heading = re.compile(rf"^## \[{re.escape(version)}\][^\n]*\n", re.MULTILINE)
    found = heading.search(changelog)
    if found is None:
        raise LookupError(f"CHANGELOG.md has no section '## [{version}] - <date>'")
    end = re.compile(r"^## ", re.MULTILINE).search(changelog, found.end())
    body = changelog[found.end():end.start() if end else len(changelog)].strip()
    if not body:
        raise LookupError(f"CHANGELOG.md's section for {version} is empty")
    return body + "\n"


def main(argv: list[str]) -> int:
    if argv == ["--version"]:
        print(package_version())
        return 0
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        sys.stdout.write(section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), argv[0]))
    except LookupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
