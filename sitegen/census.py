"""What a build was made from, counted per competition kind: the summary that ends a build.

``sitegen build`` prints, after its result line, one line per kind of competition the content
holds (leagues, tournaments, ladders, Swiss leagues), the players, and the warnings and time::

    built 1148 pages into output/ (1439 files written, 0 unchanged)
      leagues: 1 league, 12 seasons, 143 groups, 2,997 games
      tournaments: 1 tournament, 5 rounds, 290 games
      players: 1,000
      no warnings, 1.62 s

The counts are those of the site: a season, group, tournament, ladder, Swiss league and Swiss
tournament each has its page, and so does each player (docs/urls.md); a tournament's rounds
are the rounds played (each has its standings page). A league's games are those played (with
a result, or ``?``: a scheduled, unplayed or void game does not count, as in its standings),
the final round's included; a tournament's and a ladder's are those entered; a Swiss league
counts its matches.
"""

from __future__ import annotations

from .model import Content, Outcome
from .model.ladder import LadderGame


Census = dict[str, dict[str, int]]
"""``{kind: {what: count}}`` in the order shown, e.g. ``{"leagues": {"leagues": 1, ...}}``."""


NOT_PLAYED = (Outcome.UNPLAYED, Outcome.VOID)
"""League games that are not counted: scheduled, or annulled (as if not played)."""

def census(content: Content) -> Census:
    """Return the counts of ``content`` per competition kind (kinds it has none of left out),
    then ``{"players": {"players": n}}``."""
    found: Census = {}
    if content.leagues:
        seasons = [season for league in content.leagues for season in league.seasons]
        groups = [group for season in seasons for division in season.divisions
                  for group in division.groups]
        games = [game for group in groups for game in group.games]
        games += [game for season in seasons if season.final is not None
                  for game in season.final.games]
        found["leagues"] = {"leagues": len(content.leagues), "seasons": len(seasons),
                            "groups": len(groups),
                            "games": sum(1 for game in games if game.result.outcome not in NOT_PLAYED)}
    if content.tournaments:
        found["tournaments"] = {
            "tournaments": len(content.tournaments),
            "rounds": sum(t.last_round for t in content.tournaments),
            "games": sum(len(t.games) for t in content.tournaments)}
    if content.ladders:
        found["ladders"] = {
            "ladders": len(content.ladders),
            "members": sum(len(club.ladder.members) for club in content.ladders),
            "games": sum(1 for club in content.ladders for event in club.ladder.events
                         if isinstance(event, LadderGame))}
    if content.swiss_leagues:
        swiss_tournaments = [t for league in content.swiss_leagues for t in league.tournaments]
        found["Swiss leagues"] = {
            "leagues": len(content.swiss_leagues), "tournaments": len(swiss_tournaments),
            "rounds": sum(len(t.rounds) for t in swiss_tournaments),
            "matches": sum(len(r.matches) for t in swiss_tournaments for r in t.rounds)}
    found["players"] = {"players": len(content.players)}
    return found


SINGULAR = {"leagues": "league", "seasons": "season", "groups": "group",
            "tournaments": "tournament", "rounds": "round", "ladders": "ladder",
            "members": "member", "matches": "match", "games": "game", "players": "player"}
"""The words counted, in the order shown, with their singular."""


KINDS = ("leagues", "tournaments", "ladders", "Swiss leagues", "players")
"""The kinds in the order shown (a build record keeps its JSON keys sorted)."""


def census_lines(counts: Census) -> list[str]:
    """Return the summary's lines of ``counts``, e.g. ``leagues: 1 league, 12 seasons``; the
    players' line is ``players: 1,000``."""
    lines = []
    for kind in sorted(counts, key=lambda kind: (KINDS.index(kind) if kind in KINDS else len(KINDS), kind)):
        items = counts[kind]
        if kind == "players":
            lines.append(f"players: {items.get('players', 0):,}")
            continue
        order = list(SINGULAR)
        lines.append(f"{kind}: " + ", ".join(
            f"{items[what]:,} {SINGULAR.get(what, what) if items[what] == 1 else what}"
            for what in sorted(items, key=lambda what: (order.index(what) if what in order else len(order), what))))
    return lines
