"""The players' index: ``players/`` lists every player under their initial letter; on a site
of more than :data:`ROWS` players, it lists the letters (with their counts) instead, and each
letter has a page of its own, ``players/a-z/<letter>/``, so that no page carries every player
of a federation (issue 31: 20,000 rows, 1.1 MB of HTML on one page).

Names are filed as the site sorts them (:func:`sitegen.display.name_order`), under the family
name where the players file gives it (``family_name``: ``Gao Lin`` and ``Aiko Mori`` under G
and M) and otherwise under the name as written (docs/content-format.md, "Family names"): by the
first letter folded to ASCII by anyascii (``Łukasz`` under L, ``Ørjan`` under O, ``李伟``
under L as ``Li Wei``); a name that does not start with a letter A-Z (a digit, a sign) is filed
under ``#``. A letter of more than :data:`ROWS` players is cut into pages of near-equal size in
sort order, ``players/a-z/<letter>/``, ``.../2/``, ``.../3/`` ..., each shown with the first and
last name on it (as a dictionary's guide words). The letter pages live below ``a-z/`` because a
player's page is ``players/<id>/`` and an id may be a single letter; ``a-z`` may be an id too,
but a player's page writes only its own ``index.html``, so no file is shared.
"""

from __future__ import annotations

from typing import Any

from ..display import fold, player_order
from ..i18n import Words
from ..model import Content
from ..plan import Page, SitePlan
from ..urls import PLAYERS, player_url

ROWS = 500
"""At most this many players on one page of the index (a phone lays out 1,000 elements)."""
OTHER = "#"
"""The heading of the names that do not start with a letter A-Z."""


def letter_of(name: str) -> str:
    """Return the heading ``name`` is filed under: its folded first letter in upper case, or
    :data:`OTHER` (``Łukasz`` -> ``L``, ``李伟`` -> ``L``, ``2Pac`` -> ``#``, ``''`` -> ``#``)."""
    first = fold(name)[:1]
    return first.upper() if "a" <= first <= "z" else OTHER


def letter_url(letter: str, part: int = 1) -> str:
    """Return the address of page ``part`` (from 1) of ``letter``'s players
    (``players/a-z/l/``, ``players/a-z/l/2/``; ``#``: ``players/a-z/other/``)."""
    slug = "other" if letter == OTHER else letter.lower()
    return f"{PLAYERS}a-z/{slug}/" + (f"{part}/" if part > 1 else "")


def cut(items: list[dict[str, str]], rows: int = ROWS) -> list[list[dict[str, str]]]:
    """Return ``items`` cut into the fewest pages of at most ``rows`` items, in order, the
    sizes differing by at most one, the larger first (1,001 items: 334, 334, 333)."""
    pages = -(-len(items) // rows) or 1
    size, extra = divmod(len(items), pages)
    out, start = [], 0
    for number in range(pages):
        end = start + size + (1 if number < extra else 0)
        out.append(items[start:end])
        start = end
    return out


def filed_players(content: Content) -> list[str]:
    """Return the players' ids in the order of the players index (:func:`sitegen.display.filed_order`:
    the family name where known, else the name; then the name; then the id). Made once per
    build for the index and search.json (:mod:`sitegen.site`): sorting the 20,000 players of
    issue 31's size took 0.17 s of a cached build's profile, and it was done twice."""
    return sorted(content.players, key=player_order(content.players))


def plan_players_index(content: Content, plan: SitePlan, lang: Words, rows: int = ROWS,
                       filed: list[str] | None = None) -> None:
    """Add ``players/`` and, for a site of more than ``rows`` players, every letter's pages.

    Players are ordered by :func:`filed_players` (``filed``, when the caller has it), each
    under the letter of what they are filed by. Up to ``rows`` players, ``players/`` lists them
    all under their letters (with jump links); above, it lists the letters with their counts
    and pages (guide words), and each letter page at most ``rows`` players."""
    players = content.players
    ordered = filed_players(content) if filed is None else filed
    by_letter: dict[str, list[dict[str, str]]] = {}
    for pid in ordered:
        p = players[pid]
        by_letter.setdefault(letter_of(p.family_name or p.name), []).append(
            {"name": p.name, "url": player_url(pid), "id": pid})
    letters: list[dict[str, Any]] = []
    for letter, items in sorted(by_letter.items()):
        parts = [{"url": letter_url(letter, number), "first": part[0]["name"], "last": part[-1]["name"],
                  "players": part} for number, part in enumerate(cut(items, rows), start=1)]
        letters.append({"letter": letter, "url": parts[0]["url"], "count": len(items), "parts": parts})
    if len(ordered) <= rows:  # a club's site: every name on players/, as a page to scroll
        plan.add(Page(PLAYERS, "players.html", {"title": lang._("Players"), "letters": letters, "paged": False}))
        return
    summary = _summary(letters)
    plan.add(Page(PLAYERS, "players.html", {"title": lang._("Players"), "letters": summary, "paged": True}))
    for entry in letters:
        parts = next(e["parts"] for e in summary if e["letter"] == entry["letter"])
        for number, part in enumerate(entry["parts"], start=1):
            title = lang._("Players: {letter}").format(letter=entry["letter"])
            plan.add(Page(part["url"], "players_letter.html", {
                "title": title, "letter": entry["letter"], "letters": summary, "part": number,
                "parts": parts, "players": part["players"]}))


def _summary(letters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return ``letters`` without the players of each page (what the navigation shows)."""
    return [{**entry, "parts": [{key: value for key, value in part.items() if key != "players"}
                                for part in entry["parts"]]} for entry in letters]
