"""Which sitegen this is: the version of the installed package, and how to install it again.

``sitegen --version`` prints :func:`package_version`, the version in the package metadata
(pyproject.toml takes it from ``sitegen/__init__.py``, so the two agree). ``sitegen new``
writes :func:`requirement` into a league repository's ``requirements.txt``, the one line its
workflows install, so that a league is built with exactly the sitegen that created it.
"""

from __future__ import annotations

import json
from importlib import metadata

from . import __version__

DISTRIBUTION = "go-league-sitegen"
"""The distribution's name on the package index (pyproject.toml's ``[project] name``). The import
package and the command are ``sitegen``; ``pip install sitegen`` is an unrelated project."""


def package_version() -> str:
    """Return the installed package's version (its metadata); ``__version__`` when sitegen runs
    from a source tree that is not installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return __version__


def requirement() -> str:
    """Return the pip requirement that installs this very sitegen on another machine.

    Installed from a git URL: ``go-league-sitegen @ git+URL@REV`` (the tag or branch asked for,
    else the commit); from a wheel or archive at an http(s) address: ``go-league-sitegen @ URL``;
    otherwise (a package index, or a local file or folder, which a workflow cannot reach):
    ``go-league-sitegen==VERSION``.
    """
    return requirement_from(direct_url(), package_version())


def installed_locally() -> bool:
    """Return whether this sitegen was installed from a local file or folder (``pip install
    -e .``, a wheel on the disk): a workflow on GitHub cannot install it from there."""
    return is_local(direct_url())


def direct_url() -> dict | None:
    """Return where this sitegen was installed from: the installer's ``direct_url.json``
    (PEP 610), parsed; None for an install from a package index or a source tree."""
    try:
        text = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    return json.loads(text) if text else None


def is_local(direct_url: dict | None) -> bool:
    """Return whether the PEP 610 ``direct_url`` of an installation is a ``file:`` address."""
    return isinstance(direct_url, dict) and str(direct_url.get("url", "")).startswith("file:")


def requirement_from(direct_url: dict | None, version: str) -> str:
    """Return the requirement line for an installation described by ``direct_url`` (the parsed
    PEP 610 ``direct_url.json``, None for an index install) of ``version``."""
    if isinstance(direct_url, dict):
        url = str(direct_url.get("url", ""))
        vcs = direct_url.get("vcs_info")
        if isinstance(vcs, dict) and vcs.get("vcs") == "git" and url.startswith(("https://", "ssh://", "git://")):
            revision = vcs.get("requested_revision") or vcs.get("commit_id")
            return f"{DISTRIBUTION} @ git+{url}" + (f"@{revision}" if revision else "")
        if "archive_info" in direct_url and url.startswith("https://"):
            return f"{DISTRIBUTION} @ {url}"
    return f"{DISTRIBUTION}=={version}"
