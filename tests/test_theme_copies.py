"""Where the default theme writes a macro's text in a row instead of calling the macro for each
row (issue 31, tmpl31: the macro ``place``'s call for each row of a tournament's standings was
about a tenth of the page's template time), the text written is the macro's: these tests render
the copy and the macro with the same values and compare. Editing one without the other fails
here."""

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

