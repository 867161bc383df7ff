"""Time the players index's plan and ``search.json`` of an archive's players, in one fresh
process as a ``sitegen build`` makes them (issue 38 follow-up: both sort by
:func:`sitegen.display.filed_order` now). Run it once per tree to compare, e.g. main's
``sitegen/`` unpacked by ``git archive main sitegen | tar -x -C /tmp/main-tree``:

    python bench/name_lists.py /tmp/main-tree /tmp/keep29s-archive/content
    python bench/name_lists.py .              /tmp/keep29s-archive/content

Only the players are read (the competitions are left out: search.json's players part and the
index are what changed). Prints the tree, the number of players and the two times.
"""

from __future__ import annotations

import sys
import time
import types
from pathlib import Path


def main(tree: str, content: str) -> None:
    sys.path.insert(0, tree)
    from sitegen import rulesets
    from sitegen.diagnostics import Diagnostics
    from sitegen.i18n import words
    from sitegen.pages.navigation import search_index
    from sitegen.pages.players_index import plan_players_index
    from sitegen.plan import SitePlan
    from sitegen.validate import load_all_players

    players = load_all_players(Path(content), "content", Diagnostics())
    site = types.SimpleNamespace(players=players, pages=(),
                                 **{rule_set.field: () for rule_set in rulesets.RULE_SETS})
    lang = words("en")
    start = time.perf_counter()
    plan_players_index(site, SitePlan(), lang)  # type: ignore[arg-type]
    index = time.perf_counter() - start
    start = time.perf_counter()
    search_index(site, {}, lang)  # type: ignore[arg-type]
    search = time.perf_counter() - start
    print(f"{tree}: {len(players)} players, index {index:.3f} s, search.json {search:.3f} s, "
          f"both {index + search:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
