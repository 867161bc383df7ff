"""Files a static host reads from the site's root, written from the site settings.

GitHub Pages publishing from a branch keeps a custom domain in a ``CNAME`` file at the root,
and runs Jekyll over the files unless a ``.nojekyll`` file is there (Jekyll drops folders
whose names start with ``_``). sitegen replaces the output folder as a whole, so such files
are never kept from an earlier site: ``cname`` and ``nojekyll`` in site.yaml write them
(docs/content-format.md, docs/publishing.md).
"""

from __future__ import annotations

from .model.common import SiteConfig


def host_files(config: SiteConfig) -> dict[str, bytes]:
    """Return ``{path: bytes}`` of the host's files the settings ask for: ``CNAME`` (the domain
    and a newline) and an empty ``.nojekyll``; empty when neither is set."""
    files = {}
    if config.cname:
        files["CNAME"] = config.cname.encode("ascii") + b"\n"
    if config.nojekyll:
        files[".nojekyll"] = b""
    return files
