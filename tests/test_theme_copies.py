"""Where the default theme writes a macro's text in a loop instead of calling the macro for
each row (issue 31, tmpl31: a macro's call for each row of a long table cost a tenth of the
page), the text written is the macro's: these tests render the copy and the macro with the
same values and compare. Editing one without the other fails here."""

from __future__ import annotations

import re

import pytest

from sitegen.model.common import SiteConfig
from sitegen.render import default_templates_dir, make_environment


@pytest.fixture
def env():
    environment = make_environment(SiteConfig())
    environment.budget.start_page()
    return environment


def _source(name: str) -> str:
    return (default_templates_dir() / name).read_text(encoding="utf-8")


PLACES = [{"place": 3, "shared": False}, {"place": 12, "shared": True}]


@pytest.mark.parametrize("row", PLACES)
def test_a_tournament_row_writes_the_place_as_the_place_macro(env, row):
    found = re.search(r'<tr id="r\{\{ row\.row \}\}"><td class="num">(.*?)</td><th scope="row">',
                      _source("tournament.html"))
    assert found is not None
    copy = env.from_string(found[1]).render(row=row)
    macro = env.from_string('{% from "macros/tables.html" import place %}{{ place(row) }}').render(row=row)
    assert copy == macro
    # worked out by hand
    assert copy == ("3" if not row["shared"] else
                    '12<span class="shared"><span aria-hidden="true">=</span>'
                    '<span class="visually-hidden"> (shared place)</span></span>')


CHANGES = [
    {"url": "players/a/", "name": "Ann <A>", "before": 4, "after": 3, "direction": "up"},
    {"url": "players/b/", "name": "Bob", "before": 2, "after": 5, "direction": "down"},
    {"url": "players/c/", "name": "Cy", "before": 7, "after": 7, "direction": None},
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_ladder_game_writes_each_player_as_the_change_macro(env, change):
    source = _source("macros/ladder.html")
    found = re.search(r"\{% for c in \(row\.white, row\.black\) %\}<td>(.*?)</td>\{% endfor %\}", source)
    assert found is not None
    copy = env.from_string(found[1]).render(c=change)
    macro = env.from_string('{% from "macros/ladder.html" import change %}{{ change(c) }}').render(c=change)
    assert copy == macro
    by_hand = {
        "Ann <A>": '<a href="/players/a/">Ann &lt;A&gt;</a> <span class="rung-change key-line">4 '
                   '<span aria-hidden="true">→</span><span class="visually-hidden">to</span> 3 '
                   '<span class="move-up"><span aria-hidden="true">▲</span><span class="move-word"> '
                   'up</span></span></span>',
        "Bob": '<a href="/players/b/">Bob</a> <span class="rung-change key-line">2 '
               '<span aria-hidden="true">→</span><span class="visually-hidden">to</span> 5 '
               '<span class="move-down"><span aria-hidden="true">▼</span><span class="move-word"> '
               'down</span></span></span>',
        "Cy": '<a href="/players/c/">Cy</a> <span class="rung-change key-line">7 '
              '<span class="muted">(stays)</span></span>',
    }
    assert copy == by_hand[change["name"]]
