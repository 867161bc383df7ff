"""Site-wide files added after every page is planned: CSV twins of the JSON standings,
"last updated" dates on the standings pages, the Atom feed and ``sitemap.xml``.

Every date comes from the content (game dates, season ends, tournament days, ladder log),
never from the clock, so the same content builds the same bytes. The feed and the sitemap need
absolute URLs: they are written only when ``base_url`` in site.yaml (or ``--base-url``) is one,
such as ``https://example.github.io/league/``; with a bare path (``/``) they are left out.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import json
from typing import Any
from urllib.parse import urlsplit
from xml.sax.saxutils import escape, quoteattr

from ..model import Content
from ..model.ladder import LadderGame
from ..site import FAR_PAST, File, JsonData, SitePlan

FEED = "feed.xml"
SITEMAP = "sitemap.xml"
FEED_ENTRIES = 40
"""The feed holds the newest entries only."""
CSV_SOURCES = ("standings.json", "rungs.json")
"""JSON files that get a CSV twin: their ``rows`` (standings) or ``members`` (rung list)."""


def finish_site(content: Content, plan: SitePlan) -> None:
    """Add the CSV twins, the pages' ``updated`` dates, ``feed.xml`` and ``sitemap.xml``."""
    files = []
    for file in plan.files:
        files.append(file)
        if file.path.rsplit("/", 1)[-1] in CSV_SOURCES:
            # Deferred: made by the render workers, right after the JSON file, from the same
            # document (sitegen.site.JsonData keeps the last one made).
            files.append(File(file.path[:-len("json")] + "csv", functools.partial(_csv_of, file)))
    plan.files[:] = files
    updated = updated_dates(content)
    for page in plan.pages:
        if page.url in updated and page.file_name == "index.html":
            page.context.setdefault("updated", updated[page.url])
    base = absolute_base(content.config.base_url)
    if base is None:
        return
    plan.files.append(File(FEED, atom_feed(content, base)))
    urls = sorted({page.url for page in plan.pages if page.file_name == "index.html"})
    plan.files.append(File(SITEMAP, sitemap(base, urls, updated)))


# --------------------------------------------------------------------------- CSV


def _csv_of(json_file: File) -> bytes:
    if isinstance(json_file.data, JsonData):
        return csv_of_document(json_file.data.document())
    return csv_twin(json_file.content())


def csv_twin(data: bytes) -> bytes:
    """Return the CSV of a ``standings.json`` (its ``rows``) or ``rungs.json`` (its ``members``).

    One column per key, in the order the first row has them (later rows' extra keys appended);
    null is empty, true/false are ``true``/``false``, lists are joined with spaces (nulls
    as ``-``), numbers as in the JSON; text starting with ``= + - @`` gets a leading ``'`` so
    that spreadsheets do not run it as a formula. UTF-8, comma-separated, ``\\r\\n`` line ends
    (RFC 4180).
    """
    return csv_of_document(json.loads(data))


def csv_of_document(doc: Any) -> bytes:
    """Return :func:`csv_twin` of the document itself (not yet written as JSON)."""
    rows = doc.get("rows", doc.get("members", [])) if isinstance(doc, dict) else []
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(key)) for key in columns])
    return out.getvalue().encode("utf-8")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join("-" if v is None else _cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        # A spreadsheet would run a cell starting like this as a formula (CSV injection):
        # a leading apostrophe keeps it text.
        return "'" + value
    return str(value)


# --------------------------------------------------------------------------- dates


def updated_dates(content: Content) -> dict[str, dt.date]:
    """Return ``{page url: date}`` for the standings pages: the latest date their content has.

    Group page: its latest game date, else the season's end (else start); season page: the
    latest of its groups (its end when it has none yet); league page: the latest season. Tournament pages: the last day (else
    the first). Ladder pages: the latest event of the log. Swiss pages: the tournament's date;
    the Swiss league page the latest tournament's.
    """
    from .ladder import ladder_url
    from .league import group_url, league_url, season_url
    from .swiss import league_url as swiss_league_url
    from .swiss import round_url as swiss_round_url
    from .swiss import tournament_url as swiss_tournament_url
    from .tournament import round_url, tournament_url

    dates: dict[str, dt.date] = {}

    def put(url: str, date: dt.date | None) -> None:
        if date is not None:
            dates[url] = max(date, dates.get(url, date))

    for league in content.leagues:
        for season in league.seasons:
            fallback = season.end or season.start
            for division in season.divisions:
                for group in division.groups:
                    played = [g.date for g in group.games if g.date is not None and g.result.counts]
                    date = max(played, default=None) or fallback
                    put(group_url(league, season, group), date)
                    put(season_url(league, season), date)
                    put(league_url(league), date)
            if not any(division.groups for division in season.divisions):
                put(season_url(league, season), fallback)
                put(league_url(league), fallback)
    for t in content.tournaments:
        day = t.end or t.begin
        last = max([g.round for g in t.games] + [b.round for b in t.byes], default=0)
        last = min(last, t.rounds)
        put(tournament_url(t), day)
        for r in range(1, last + 1):
            put(round_url(t, r, last), day)
    for club in content.ladders:
        events = [e.date for e in club.ladder.events]
        latest = max(events, default=None)
        base = ladder_url(club)
        for url in (base, base + "games/", base + "handicap/"):
            put(url, latest)
        for date in events:
            put(f"{base}games/{date.strftime('%Y-%m')}/", date)
    for league in content.swiss_leagues:
        for t in league.tournaments:
            day = t.date
            put(swiss_league_url(league), day)
            put(swiss_tournament_url(league, t), day)
            for rnd in t.rounds:
                put(swiss_round_url(league, t, rnd.number), day)
    return dates


# --------------------------------------------------------------------------- feed and sitemap


def absolute_base(base_url: str) -> str | None:
    """Return ``base_url`` ending in ``/`` when it has a scheme and a host, else None."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return base_url if base_url.endswith("/") else base_url + "/"


def feed_entries(content: Content) -> list[dict[str, Any]]:
    """Return the feed's entries, newest first: news pages, and results as they were entered.

    Results: one entry per league season (dated by its latest game, else its end), per
    tournament (its last day), per ladder and day with games, and per Swiss tournament (its
    date). Undated items are left out. Each entry: ``{id, title, url, date, summary}``.
    """
    from .ladder import ladder_url
    from .league import season_url
    from .swiss import tournament_url as swiss_tournament_url
    from .tournament import tournament_url

    entries: list[dict[str, Any]] = []
    for page in content.pages:
        if page.kind == "news" and page.date is not None:
            entries.append({"id": f"news/{page.slug}", "title": page.title, "url": f"{page.slug}/",
                            "date": page.date, "summary": ""})
    for league in content.leagues:
        for season in league.seasons:
            games = [g for d in season.divisions for gr in d.groups for g in gr.games if g.result.counts]
            date = max((g.date for g in games if g.date is not None), default=None) or season.end
            if date is None or not games:
                continue
            entries.append({"id": f"results/{season_url(league, season)}",
                            "title": f"{league.name} · {season.name}: results",
                            "url": season_url(league, season), "date": date,
                            "summary": f"{len(games)} game{'s' if len(games) != 1 else ''} with a result."})
    for t in content.tournaments:
        date = t.end or t.begin
        if date is None or not t.games:
            continue
        entries.append({"id": f"results/{tournament_url(t)}", "title": f"{t.name}: results",
                        "url": tournament_url(t), "date": date,
                        "summary": f"{len(t.games)} games, {len(t.players)} players."})
    for club in content.ladders:
        per_day: dict[dt.date, int] = {}
        for event in club.ladder.events:
            if isinstance(event, LadderGame):
                per_day[event.date] = per_day.get(event.date, 0) + 1
        for date, count in per_day.items():
            month = f"{ladder_url(club)}games/{date.strftime('%Y-%m')}/"
            entries.append({"id": f"results/{ladder_url(club)}{date.isoformat()}",
                            "title": f"{club.name}: {count} game{'s' if count != 1 else ''} on {date.isoformat()}",
                            "url": month, "date": date, "summary": ""})
    for league in content.swiss_leagues:
        for t in league.tournaments:
            date = t.date
            played = sum(1 for r in t.rounds for m in r.matches if m.result is not None)
            if date is None or not played:
                continue
            entries.append({"id": f"results/{swiss_tournament_url(league, t)}",
                            "title": f"{league.name} · {t.name}: results",
                            "url": swiss_tournament_url(league, t), "date": date,
                            "summary": f"{played} match{'es' if played != 1 else ''} with a result."})
    entries.sort(key=lambda e: (e["date"], e["id"]), reverse=True)
    return entries[:FEED_ENTRIES]


def _stamp(date: dt.date) -> str:
    return f"{date.isoformat()}T00:00:00Z"


def atom_feed(content: Content, base: str) -> bytes:
    """Return the Atom feed (RFC 4287) of ``feed_entries``; ``updated`` is the newest entry's date."""
    entries = feed_entries(content)
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
