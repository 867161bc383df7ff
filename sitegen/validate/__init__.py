"""Validate the content folder: files -> model objects, plus every diagnostic found.

This package reads what every rule set's files are checked against (:func:`read_common`: the
site settings, the players, the Markdown pages) and holds one validator per rule set
(``league.py``, ``tournament.py``, ``ladder.py``, ``swiss.py``); each rule set's description
(:class:`sitegen.ruleset.RuleSet`) names its validator, and :mod:`sitegen.rulesets` loads the
whole content through them (``load_content``, the one load path of every command).

Layout (content format v1, docs/content-format.md)::

    content/site.yaml                       site settings
    content/players.yaml, players/*.yaml    every player, by stable id
    content/leagues/<id>/league.yaml        a league's name and description
    content/leagues/<id>/seasons/<id>.yaml  a season: divisions, groups, games
    content/pages/<slug>.md                 Markdown pages with front matter
    content/ladders/<id>.yaml               a club ladder: rungs, members, log
    content/tournaments/<id>.yaml           a tournament: players, rounds, games, byes
    content/swiss/<id>/league.yaml          a Swiss league; <id>/<tournament>.yaml its tournaments
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..diagnostics import Diagnostics, SourcePos
from ..folders import entries_below
from ..i18n import catalog_languages, has_catalog
from ..load import YMap, load_markdown_file
from ..model.common import MarkdownPage, Player, Rank, SiteConfig
from ..remembered import Remembered
from ..yamlwrite import IMPORT_JOURNAL, journal_paths, leftovers
from .fields import Fields, check_ident, expect_list, expect_map, load_map
from .records import PROFILE_KEYS, read_profiles

PAGE_KINDS = ("page", "news", "rules")
RESERVED_SLUGS = ("index", "404", "players", "leagues", "static", "tournaments", "ladders",
                  "swiss", "search", "feed", "handicap", "sgf", "search.json", "sitemap.xml", "feed.xml",
                  "404.html", "index.html", "CNAME", ".nojekyll")
"""Page file names that would clash with the site's own folders and files."""
_RESERVED_FOLDED = {name.casefold(): name for name in RESERVED_SLUGS}


def shown_path(path: Path) -> str:
    """Return ``path`` as the user should see it: relative to the working folder if inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)


@dataclass(frozen=True)
class Common:
    """What every rule set's files are checked against: the site settings, the players, the
    Markdown pages, and whether every players file could be read (``complete``)."""

    config: SiteConfig
    players: dict[str, Player]
    pages: tuple[MarkdownPage, ...]
    complete: bool


def read_common(content_dir: Path, diags: Diagnostics, remembered: Remembered | None = None) -> Common | None:
    """Read site.yaml, the players and the pages; None if there is no content folder (reported).
    ``remembered``: what the last builds of this process read (the dev server's), or None."""
    base = shown_path(content_dir)
    if not content_dir.is_dir():
        diags.error(SourcePos(base), "content folder not found", "content.missing",
                    "run sitegen in the folder that holds content/, or pass --content")
        return None
    if refuse_links_and_special_files(content_dir, diags):
        return None  # nothing is opened: a link could lead to any file of the machine
    report_interrupted_writes(content_dir, diags)
    config = load_config(content_dir / "site.yaml", f"{base}/site.yaml", diags, remembered)
    unreadable: list[str] = []
    players = load_all_players(content_dir, base, diags, unreadable, remembered)
    pages = load_pages(content_dir / "pages", f"{base}/pages", diags)
    return Common(config, players, tuple(pages), complete=not unreadable)


def refuse_links_and_special_files(content_dir: Path, diags: Diagnostics) -> bool:
    """Report every symbolic link and every entry that is neither a file nor a folder (a FIFO,
    a device, a socket) under ``content_dir``, and the folder itself if it is a link; return
    True if there was any.

    Only ``lstat`` is used, so nothing is opened or followed: a pull request could otherwise
    make the build read any file of the machine that builds the site (a secret, ``/dev/zero``,
    a FIFO that never answers). Content with such entries is then not read at all.
    """
    found = False
    if content_dir.is_symlink():
        diags.error(SourcePos(shown_path(content_dir)), "the content folder is a symbolic link",
                    "content.symlink", "pass the folder itself with --content")
        return True
    for path, kind in find_links_and_special_files(content_dir):
        found = True
        if kind == "link":
            diags.error(SourcePos(shown_path(path)), "symbolic links are not followed in content",
                        "content.symlink", "put the file itself in the content folder")
        else:
            diags.error(SourcePos(shown_path(path)), f"{kind} is not a regular file; content holds "
                        "only files and folders", "content.special", "remove it")
    return found


def report_interrupted_writes(content_dir: Path, diags: Diagnostics) -> None:
    """Report what a command killed while writing content left: the journal of an unfinished
    import (an error: the content may hold its players file without its tournament) and every
    temporary file of an atomic write (a warning: ``git add -A`` would commit it; the file it
    was for is whole, old or new). The next command that writes content removes both."""
    journal = content_dir / IMPORT_JOURNAL
    if os.path.lexists(journal):
        named = journal_paths(journal)
        diags.error(SourcePos(shown_path(journal)), "an import was interrupted while writing its files"
                    + (f" ({', '.join(named[:4])})" if named else "") + ": the content may hold "
                    "only part of it", "import.interrupted",
                    "run the same sitegen import command again (it first removes what the "
                    "interrupted one wrote)")
    for path in leftovers(content_dir):
        diags.warning(SourcePos(shown_path(path)), "a temporary file left by a sitegen command "
                      "killed while writing; the file it was for is whole", "content.leftover",
                      "remove it (the next sitegen command that writes content does), and do not "
                      "commit it")


def find_links_and_special_files(folder: Path) -> list[tuple[Path, str]]:
    """Return ``(path, kind)`` of every symbolic link (kind ``link``) and every special file
    (``a FIFO``, ``a device``, ``a socket``) under ``folder``, sorted; links are not followed."""
    found = []
    for entry, _ in entries_below(os.fspath(folder)):
        try:
            mode = entry.stat(follow_symlinks=False).st_mode
        except OSError:
            continue
        if stat.S_ISLNK(mode):
            found.append((Path(entry.path), "link"))
        elif not stat.S_ISREG(mode):
            kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "an entry")
            found.append((Path(entry.path), kind))
    return sorted(found)


def load_config(path: Path, shown: str, diags: Diagnostics, remembered: Remembered | None = None) -> SiteConfig:
    """Read ``site.yaml``; a missing file gives the defaults. ``remembered``: as :func:`read_common`."""
    if not path.exists():
        return SiteConfig()
    node = load_map(path, shown, diags, "site settings", remembered)
    if node is None:
        return SiteConfig()
    fields = Fields(node, diags, "site.yaml", required=("title",),
                    optional=("base_url", "language", "markdown_html", "description", "cname",
                              "nojekyll"))
    defaults = SiteConfig()
    base_url = fields.text("base_url", defaults.base_url) or defaults.base_url
    problem = base_url_problem(base_url)
    if problem:
        diags.error(fields.pos("base_url"), problem, "site.base-url",
                    "use e.g. / or https://example.github.io/league/")
        base_url = defaults.base_url
    language = fields.text("language", defaults.language, max_len=20) or defaults.language
    if not all(c.isalnum() or c == "-" for c in language):
        diags.error(fields.pos("language"), f"language '{language}' is not a language tag",
                    "site.language", "use e.g. en, pl or pt-BR")
        language = defaults.language
    elif not has_catalog(language):
        diags.warning(fields.pos("language"), f"sitegen has no catalog for language '{language}': "
                      "the pages' own words stay in English", "site.language",
                      f"languages with a catalog: {', '.join(catalog_languages())}; "
                      "docs/translating.md says how to add one")
    return SiteConfig(
        title=fields.text("title", defaults.title) or defaults.title,
        base_url=base_url,
        language=language,
        markdown_html=fields.boolean("markdown_html", False),
        description=fields.text("description", "", max_len=500) or "",
        cname=load_cname(fields, diags),
        nojekyll=fields.boolean("nojekyll", False),
    )


_DOMAIN = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$")


def load_cname(fields: Fields, diags: Diagnostics) -> str:
    """Return ``cname`` of site.yaml: a domain name such as ``results.example.org`` ("" if
    absent), after reporting anything else (a URL, a path, a port, spaces)."""
    cname = fields.text("cname", "", max_len=253) or ""
    if cname and not _DOMAIN.match(cname.lower()):
        diags.error(fields.pos("cname"), f"cname '{cname}' is not a domain name", "site.cname",
                    "write the domain alone, e.g. results.example.org (no https://, no path)")
        return ""
    return cname.lower()


def load_all_players(content_dir: Path, base: str, diags: Diagnostics,
                     unreadable: list[str] | None = None, remembered: Remembered | None = None
                     ) -> dict[str, Player]:
    """Read ``players.yaml`` and every ``players/*.yaml``; an id may be defined only once.

    Files that cannot be read at all (bad YAML, not a mapping) are added to ``unreadable``.
    ``remembered``: as :func:`read_common`.
    """
    players: dict[str, Player] = {}
    files = [(content_dir / "players.yaml", f"{base}/players.yaml")]
    folder = content_dir / "players"
    if folder.is_dir():
        files += [(path, f"{base}/players/{path.name}") for path in sorted(folder.glob("*.yaml"))]
    for path, shown in files:
        if (path.exists() and load_players(path, shown, diags, players, remembered) is None
                and unreadable is not None):
            unreadable.append(shown)
    return players


def base_url_problem(base_url: str) -> str | None:
    """Return why ``base_url`` is unusable, or None.

    It must be ``/``-rooted or http(s), with no characters that need quoting, and its path
    must not start with ``//`` (which a browser reads as another host). The path must be a
    plain folder path: starting with ``/`` (a relative ``.``, ``..`` or ``-0`` would make
    every link depend on the page it is on), without ``.`` or ``..`` folders (``/a/../b``,
    also written ``%2e%2e``) and without empty folder names (``/a//b``).
    """
    not_site = f"base_url '{base_url}' is not a URL of the site"
    try:
        parts = urlsplit(base_url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return not_site
    if (any(c in base_url for c in "\"'<>\\ \t") or parts.scheme not in ("", "http", "https")
            or (parts.scheme and not parts.netloc) or (not parts.scheme and parts.netloc)
            or parts.path.startswith("//") or parts.query or parts.fragment):
        return not_site
    path = parts.path
    if path and not path.startswith("/"):
        return f"{not_site}: its path '{path}' does not start with '/'"
    folders = path.split("/")[1:-1] if path.endswith("/") else path.split("/")[1:]
    if any(unquote(folder) in (".", "..") for folder in folders):
        return f"{not_site}: its path holds a '.' or '..' folder"
    if "" in folders:
        return f"{not_site}: its path holds an empty folder name ('//')"
    return None


def load_players(path: Path, shown: str, diags: Diagnostics, players: dict[str, Player] | None = None,
                 remembered: Remembered | None = None) -> dict[str, Player] | None:
    """Read one players file: a list under ``players:`` of id, name, rank, rating, club, country,
    the profile ids egd_pin, ogs, kgs, and correspondence_rank and correspondence_rating
    (league D.2).

    Players are added to ``players`` (a new dict if None), which is returned; None when the
    file cannot be read at all (already reported). ``remembered``: as :func:`read_common`.
    """
    players = {} if players is None else players
    folded_ids = {pid.casefold(): pid for pid in players}
    node = load_map(path, shown, diags, "the players file", remembered)
    if node is None:
        return None
    Fields(node, diags, "a players file", required=("players",))
    for item in expect_list(node.get("players"), diags, "'players'", node.pos):
        entry = expect_map(item, diags, "a player", item.pos)
        player = read_player(entry, diags) if entry is not None else None
        if player is None:
            continue
        ident = player.id
        if ident in players:
            first = players[ident].pos
            where = f"line {first.line}" if first.path == shown else f"{first.path}:{first.line}"
            diags.error(player.pos, f"player id '{ident}' is used twice (first at {where})",
                        "player.duplicate", "give each person one id; reuse it everywhere")
            continue
        folded = ident.casefold()
        other = folded_ids.setdefault(folded, ident)
        if other != ident and other in players:
            first = players[other].pos
            where = f"line {first.line}" if first.path == shown else f"{first.path}:{first.line}"
            diags.error(player.pos, f"player id '{ident}' differs from '{other}' ({where}) only "
                        "in upper and lower case; Windows and macOS would take their pages for one",
                        "player.duplicate", "give the two players ids that differ in more than case")
            continue
        players[ident] = player
    return players


def read_player(entry: YMap, diags: Diagnostics) -> Player | None:
    """Return the player of one entry of a players file (its keys as in :func:`load_players`),
    positioned at its id; None when the id or the name is unusable. Every problem is recorded
    in ``diags`` (a bad rank, say, leaves the rank out of the player returned).

    ``sitegen player add`` checks its options with it, as a mapping positioned at the command.
    """
    fields = Fields(entry, diags, "a player", required=("id", "name"),
                    optional=("rank", "rating", "club", "country", *PROFILE_KEYS,
                              "correspondence_rank", "correspondence_rating", "family_name"))
    ident = fields.ident("id")
    name = fields.text("name")
    rank = fields.convert("rank", Rank.parse, "a rank", "expected e.g. 3k, 15k, 1d, 2d", "rank.syntax")
    rating = fields.integer("rating", -1000, 4000)
    correspondence_rank = fields.convert("correspondence_rank", Rank.parse, "a rank",
                                         "expected e.g. 3k, 15k, 1d, 2d", "rank.syntax")
    correspondence_rating = fields.integer("correspondence_rating", -1000, 4000)
    club = fields.text("club", None, max_len=80)
    country = fields.text("country", None, max_len=2)
    profiles = read_profiles(fields, diags)
    family = fields.text("family_name")
    if ident is None or name is None:
        return None
    if family is not None and not words_of(family, name):
        diags.error(fields.pos("family_name"), f"family_name '{family}' is not part of the name "
                    f"'{name}'", "player.family-name",
                    "write the family name as the name writes it: one or more of its whole words, "
                    "e.g. name: Gao Lin, family_name: Gao")
        family = None
    return Player(ident, name, rank, rating, club, country, fields.pos("id"),
                  correspondence_rank=correspondence_rank,
                  correspondence_rating=correspondence_rating, family_name=family, **profiles)


def words_of(part: str, name: str) -> bool:
    """Return whether ``part`` is one or more consecutive whole words of ``name`` (``Gao`` of
    ``Gao Lin``, ``van der Berg`` of ``Anna van der Berg``; not ``Ga`` nor ``Lin Gao``): the
    rule of a player's ``family_name``, which ``sitegen import`` follows too."""
    words, inner = name.split(), part.split()
    return bool(inner) and any(words[i:i + len(inner)] == inner for i in range(len(words)))


def load_pages(folder: Path, shown: str, diags: Diagnostics) -> list[MarkdownPage]:
    """Read every ``pages/*.md`` file."""
    pages = []
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        page_shown = f"{shown}/{path.name}"
        source = load_markdown_file(path, page_shown, diags)
        if source is None:
            continue
        slug = check_ident(path.stem, SourcePos(page_shown), diags, "page file name")
        fields = Fields(source.front, diags, "page front matter", required=("title",),
                        optional=("kind", "date", "order", "description"))
        title = fields.text("title")
        kind = fields.text("kind", "page", max_len=10) or "page"
        if kind not in PAGE_KINDS:
            diags.error(fields.pos("kind"), f"unknown page kind '{kind}'", "page.kind",
                        f"expected one of: {', '.join(PAGE_KINDS)}")
        order = fields.integer("order") or 0
        if slug is None or title is None:
            continue
        reserved = _RESERVED_FOLDED.get(slug.casefold())
        if reserved is not None:
            other_case = "" if slug == reserved else (
                f": it differs from '{reserved}' only in upper and lower case, which "
                "Windows and macOS take for the same name")
            diags.error(SourcePos(page_shown), f"page name '{slug}' is reserved for the site"
                        f"{other_case}", "page.reserved", "rename the file")
            continue
        description = fields.text("description", "", max_len=500) or ""
        pages.append(MarkdownPage(slug, title, source.body, kind, fields.date("date"), order,
                                  SourcePos(page_shown), description))
    return pages
