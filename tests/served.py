"""What the dev server's tests share: the small site they serve, the game line they edit, and
a fetch that returns an HTTP error's status and body instead of raising."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

SMALL = Path(__file__).parent / "sites" / "small" / "content"
SEASON = Path("content/leagues/club/seasons/2024.yaml")
"""The small site's season, relative to a test's working folder (a copy of SMALL in content/)."""
GAME_LINE = "          - {black: ann, white: cy, result: B+3.5, handicap: 0}\n"
"""A game of SEASON, as written there (tests edit its result)."""


def fetch(url: str, timeout: float = 10) -> tuple[int, str]:
    """Return the status and the text of ``url`` (an error status too, with its body)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")
