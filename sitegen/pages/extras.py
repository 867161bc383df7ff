"""Site-wide files added after every page is planned: "last updated" dates on the standings
pages, the Atom feed and ``sitemap.xml``.

Every date comes from the content (game dates, season ends, tournament days, ladder log),
never from the clock, so the same content builds the same bytes. The feed and the sitemap need
absolute URLs: they are written only when ``base_url`` in site.yaml (or ``--base-url``) is one,
such as ``https://example.github.io/league/``; with a bare path (``/``) they are left out.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterable
from urllib.parse import urlsplit

from ..i18n import Words
from ..model import Content
from ..plan import FAR_PAST, File, Page, SitePlan
from ..rulesets import RULE_SETS
from ..urls import FEED, SITEMAP, page_url

FEED_ENTRIES = 40
"""The feed holds the newest entries only."""


def finish_site(content: Content, plan: SitePlan, lang: Words) -> None:
    """Add the pages' ``updated`` dates (``plan.updated``, when the build worked them out,
    else :func:`updated_dates`), ``feed.xml`` and ``sitemap.xml``."""
    updated = plan.updated if plan.updated is not None else updated_dates(content)
    mark_updated(plan.pages, updated)
    base = absolute_base(content.config.base_url)
    if base is None:
        return
    plan.add_file(File(FEED, atom_feed(content, base, lang)))
    urls = sorted({page.url for page in plan.pages if page.file_name == "index.html"})
    plan.add_file(File(SITEMAP, sitemap(base, urls, updated)))


# --------------------------------------------------------------------------- dates


def mark_updated(pages: Iterable[Page], updated: dict[str, dt.date]) -> None:
    """Put each page's ``updated`` date (of :func:`updated_dates`) into its context, unless
    the planner gave one."""
    for page in pages:
        if page.url in updated and page.file_name == "index.html":
            page.context.setdefault("updated", updated[page.url])


def updated_dates(content: Content) -> dict[str, dt.date]:
    """Return ``{page url: date}`` for the standings pages: the latest date their content has.

    Group page: its latest game date, else the season's end (else start); season page: the
    latest of its groups (its end when it has none yet); league page: the latest season. Tournament pages: the last day (else
    the first). Ladder pages: the latest event of the log. Swiss pages: the tournament's date;
    the Swiss league page the latest tournament's. Each rule set gives its pages' dates
    (``gathered.dates`` of its description); a page's latest counts.
    """
    dates: dict[str, dt.date] = {}
    for rule_set in RULE_SETS:
        for url, date in rule_set.gathered.dates(getattr(content, rule_set.field)):
            if date is not None:
                seen = dates.get(url)
                if seen is None or date > seen:
                    dates[url] = date
    return dates


# --------------------------------------------------------------------------- feed and sitemap


def absolute_base(base_url: str) -> str | None:
    """Return ``base_url`` ending in ``/`` when it has a scheme and a host, else None."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return base_url if base_url.endswith("/") else base_url + "/"


def feed_entries(content: Content, lang: Words) -> list[dict[str, Any]]:
    """Return the feed's entries, newest first: news pages, and results as they were entered.

    Results: one entry per league season (dated by its latest game, else its end), per
    tournament (its last day), per ladder and day with games, and per Swiss tournament (its
    date), each rule set's by its description (``gathered.feed``). Undated items are left out.
    Each entry: ``{id, title, url, date, summary}``.
    """
    entries: list[dict[str, Any]] = []
    for page in content.pages:
        if page.kind == "news" and page.date is not None:
            entries.append({"id": f"news/{page.slug}", "title": page.title, "url": page_url(page.slug),
                            "date": page.date, "summary": ""})
    for found in RULE_SETS:
        entries.extend(found.gathered.feed(getattr(content, found.field), lang))
    entries.sort(key=lambda e: (e["date"], e["id"]), reverse=True)
    return entries[:FEED_ENTRIES]


def _stamp(date: dt.date) -> str:
    return f"{date.isoformat()}T00:00:00Z"


XML_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
"""The characters that XML text escapes (``xml.sax.saxutils.escape``)."""
ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": "&#10;", "\r": "&#13;",
                                   "\t": "&#9;"})
"""... and an attribute's value, whose white space is kept (``xml.sax.saxutils.quoteattr``)."""


def escape(text: str) -> str:
    """Return ``text`` as XML text: ``&``, ``<`` and ``>`` escaped. (``xml.sax.saxutils`` does
    the same, but imports urllib.request, http.client, ssl and email: about 20 ms of each build
    with the cache, issue 31.)"""
    return text.translate(XML_ESCAPES)


def quoteattr(text: str) -> str:
    """Return ``text`` as a quoted XML attribute value, as ``xml.sax.saxutils.quoteattr``:
    escaped (line breaks and tabs too), in double quotes, or single quotes when it holds a
    double quote but no single one, else with the double quotes escaped."""
    text = text.translate(ATTRIBUTE_ESCAPES)
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


def atom_feed(content: Content, base: str, lang: Words) -> bytes:
    """Return the Atom feed (RFC 4287) of ``feed_entries``; ``updated`` is the newest entry's date."""
    entries = feed_entries(content, lang)
    newest = max((e["date"] for e in entries), default=FAR_PAST)
    title = content.config.title
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<feed xmlns="http://www.w3.org/2005/Atom">',
             f"<title>{escape(title)}</title>",
             f"<id>{escape(base)}</id>",
             f"<link rel=\"self\" href={quoteattr(base + FEED)}/>",
             f"<link rel=\"alternate\" type=\"text/html\" href={quoteattr(base)}/>",
             f"<updated>{_stamp(newest)}</updated>",
             f"<author><name>{escape(title)}</name></author>"]
    for entry in entries:
        lines += ["<entry>",
                  f"<title>{escape(entry['title'])}</title>",
                  f"<id>{escape(base + entry['id'])}</id>",
                  f"<link rel=\"alternate\" type=\"text/html\" href={quoteattr(base + entry['url'])}/>",
                  f"<updated>{_stamp(entry['date'])}</updated>"]
        if entry["summary"]:
            lines.append(f"<summary>{escape(entry['summary'])}</summary>")
        lines.append("</entry>")
    lines.append("</feed>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def sitemap(base: str, urls: list[str], updated: dict[str, dt.date]) -> bytes:
    """Return ``sitemap.xml`` (sitemaps.org 0.9) listing ``urls`` under ``base``, with
    ``lastmod`` where the page has a content date."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for url in urls:
        lastmod = f"<lastmod>{updated[url].isoformat()}</lastmod>" if url in updated else ""
        lines.append(f"<url><loc>{escape(base + url)}</loc>{lastmod}</url>")
    lines.append("</urlset>")
    return ("\n".join(lines) + "\n").encode("utf-8")
