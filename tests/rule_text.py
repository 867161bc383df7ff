"""The words of a page without its rule links: the league pages link each rule id to the league
rules page (sitegen.rule_links, tests/test_rule_links.py); tests of a sentence's words read it
with the ids as plain text."""

from __future__ import annotations

import re

RULE_LINK = re.compile(r'<a class="rule-id" href="/leagues/rules/#rule-[\w-]+">([^<]*)</a>')


def without_rule_links(html: str) -> str:
    """Return ``html`` with each rule link replaced by its text: ``(<a ...>B.1</a>)`` -> ``(B.1)``."""
    return RULE_LINK.sub(r"\1", html)
