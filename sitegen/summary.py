"""A plain, comparable summary of the computed standings, and the Markdown of what changed.

A summary is a set of :class:`~sitegen.facts.Fact` s: "in group A1 of season 2024, the game
Ann - Cy is 'Ann won (B+3.5)'", "Cy is 2nd", "Ann is promoted", "Dee stands on 12k", "in round
3 Ann plays Bob". Two summaries (say, of a pull request's base and of its head) are compared
fact by fact with :func:`compare`, and :func:`markdown` prints the changes for a reviewer.

Each rule set gives its facts through its description (:attr:`sitegen.ruleset.RuleSet.summarized`,
a function of :mod:`sitegen.facts`); :func:`summarize` iterates :data:`sitegen.rulesets.RULE_SETS`.
Facts are pure values computed with the engine; nothing here reads files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from . import rulesets
from .facts import KIND_WORD, KINDS, Fact
from .model import Content

KIND_TITLES = {
    "result": "Results", "pairing": "Pairings", "place": "Places", "promotion": "Promotions",
    "relegation": "Relegations", "qualification": "Qualifications", "withdrawal": "Withdrawals",
    "rung": "Ladder rungs",
}


Summary = dict[tuple[str, str, str], Fact]
"""Facts by identity ``(scope, kind, key)``."""


@dataclass(frozen=True)
class Change:
    """A fact added (``before`` None), removed (``after`` None) or changed."""

    before: Fact | None
    after: Fact | None

    @property
    def fact(self) -> Fact:
        """Return the fact as it is now, or as it was when it was removed."""
        fact = self.after if self.after is not None else self.before
        if fact is None:
            raise ValueError("a change has a fact before it, after it or both")
        return fact


# --------------------------------------------------------------------------- building summaries


def summarize(content: Content) -> Summary:
    """Return every fact of ``content``'s computed standings, by identity (each rule set's
    ``summarized`` facts).

    Raises ValueError if two facts share an identity (a bug in a summary function).
    """
    facts: Summary = {}
    for found in rulesets.RULE_SETS:
        for fact in found.summarized(getattr(content, found.field), content.players):
            ident = (fact.scope, fact.kind, fact.key)
            if ident in facts:
                raise ValueError(f"two facts share the identity {ident}")
            facts[ident] = fact
    return facts


# --------------------------------------------------------------------------- comparing


def compare(before: Summary, after: Summary) -> list[Change]:
    """Return the facts added, removed or changed from ``before`` to ``after``, sorted for display."""
    changes = []
    for ident in before.keys() | after.keys():
        old, new = before.get(ident), after.get(ident)
        if old is not None and new is not None and old.value == new.value:
            continue
        changes.append(Change(old, new))
    return sorted(changes, key=lambda c: (c.fact.scope, KINDS.index(c.fact.kind)
                                          if c.fact.kind in KINDS else len(KINDS), c.fact.kind,
                                          c.fact.order, c.fact.key))


def _line(change: Change, escape: Callable[[str], str]) -> str:
    fact = change.fact
    label = escape(fact.label or fact.key)
    if fact.kind in KIND_WORD:  # promotions and the like: present or not
        return f"- {label}: {'newly' if change.before is None else 'no longer'} {KIND_WORD[fact.kind]}"
    if change.before is None:
        return f"- {label}: {escape(fact.value)} (new)"
    if change.after is None:
        return f"- {label}: {escape(fact.value)} (removed)"
    return f"- {label}: {escape(change.before.value)} → {escape(change.after.value)}"


def _md(text: str) -> str:
    """Escape Markdown and HTML syntax in untrusted text (names come from content files), and
    keep GitHub from turning it into links or notifications: a zero-width joiner (U+200D)
    follows every ``@`` (mentions, e-mail addresses), the ``:`` of ``://`` and the ``www`` of
    ``www.`` (bare URLs) and a ``#`` before a digit (issue references). The text reads the same.
    """
    out = []
    for char in text:
        if char in "\\`*_{}[]<>|~&":
            out.append("\\" + char if char not in "<>&" else {"<": "&lt;", ">": "&gt;", "&": "&amp;"}[char])
        else:
            out.append(char)
    return _AUTOLINKS.sub("\u200d", "".join(out).replace("\n", " "))


_AUTOLINKS = re.compile(r"(?<=@)|(?<=:)(?=//)|(?<=www)(?=\.)|(?<=#)(?=\d)", re.IGNORECASE)
"""Where GitHub's Markdown would start a mention, a link or a reference: a joiner goes there."""


def _plain(text: str) -> str:
    """Return text for a terminal: as it is, on one line (content refuses control characters)."""
    return text.replace("\n", " ")


def markdown(changes: list[Change], heading: str = "Standings changes", plain: bool = False) -> str:
    """Return the Markdown summary of ``changes``: one section per scope, one list per kind.

    Empty string when there are no changes. ``plain``: the same lines for a terminal, names
    as they are (no Markdown escapes, no ``&lt;``).
    """
    if not changes:
        return ""
    escape = _plain if plain else _md
    lines = [f"## {heading}"]
    scope = kind = None
    for change in changes:
        fact = change.fact
        if fact.scope != scope:
            scope, kind = fact.scope, None
            lines += ["", f"### {escape(fact.title or fact.scope)}"]
        if fact.kind != kind:
            kind = fact.kind
            lines += ["", f"**{KIND_TITLES.get(kind, kind)}**", ""]
        lines.append(_line(change, escape))
    return "\n".join(lines) + "\n"
