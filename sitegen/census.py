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

What is counted of a rule set, and the words, are its description's
(:attr:`sitegen.ruleset.RuleSet.counted`, defined beside its planner); this module iterates
:data:`sitegen.rulesets.RULE_SETS`.
"""

from __future__ import annotations

from .model import Content
from .rulesets import RULE_SETS


Census = dict[str, dict[str, int]]
"""``{kind: {what: count}}`` in the order shown, e.g. ``{"leagues": {"leagues": 1, ...}}``."""


def census(content: Content) -> Census:
    """Return the counts of ``content`` per competition kind (kinds it has none of left out),
    then ``{"players": {"players": n}}``."""
    found: Census = {}
    for rule_set in RULE_SETS:
        units = getattr(content, rule_set.field)
        if units:
            found[rule_set.counted.kind] = rule_set.counted.count(units)
    found["players"] = {"players": len(content.players)}
    return found


def census_lines(counts: Census) -> list[str]:
    """Return the summary's lines of ``counts``, e.g. ``leagues: 1 league, 12 seasons``; the
    players' line is ``players: 1,000``. Kinds and words come in the rule sets' order (a build
    record keeps its JSON keys sorted); one no rule set knows comes last, by name."""
    kinds = [rule_set.counted.kind for rule_set in RULE_SETS] + ["players"]
    words = {rule_set.counted.kind: dict(rule_set.counted.words) for rule_set in RULE_SETS}
    lines = []
    for kind in sorted(counts, key=lambda kind: (kinds.index(kind) if kind in kinds else len(kinds), kind)):
        items = counts[kind]
        if kind == "players":
            lines.append(f"players: {items.get('players', 0):,}")
            continue
        singular = words.get(kind, {})
        order = list(singular)
        lines.append(f"{kind}: " + ", ".join(
            f"{items[what]:,} {singular.get(what, what) if items[what] == 1 else what}"
            for what in sorted(items, key=lambda what: (order.index(what) if what in order else len(order), what))))
    return lines
