"""Templates are code a pull request can change: they render in Jinja's sandbox (issue 15,
item 13; sitegen/render.py). A template override reaching for Python (``__globals__``,
``__subclasses__``, ``str.format`` tricks) fails the build with its template named, and runs
nothing; the default theme renders the same bytes as without the sandbox (checked against
the reference sites by hand, see the commit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.commands.build import render

ESCAPES = [
    "{{ cycler.__init__.__globals__.os.system('touch pwned') }}",
    "{{ lipsum.__globals__['os'].system('touch pwned') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ url.__globals__ }}",
    "{{ '{0.__class__.__init__.__globals__}'.format(cycler) }}",
    "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
]


@pytest.mark.parametrize("escape", ESCAPES)
def test_a_template_cannot_reach_python(site, run, escape):
    site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    Path("templates").mkdir()
    Path("templates/page.html").write_text(escape + "\n")
    status, _out, err = run("build")
    assert status == 1
    assert err[0].startswith("page.html: error: template page.html failed while rendering "
                             "about/index.html: ")
    assert "unsafe" in err[0] and err[0].endswith("[template]")
    assert not Path("pwned").exists()
    assert not Path("output").exists()


def test_ordinary_template_code_still_works(site, tmp_path):
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "page.html").write_text(
        "{{ title|upper }} {{ '%s-%d'|format('a', 2) }} {{ '{}!'.format('hi') }} "
        "{% for i in range(3) %}{{ loop.index }}{% endfor %} {{ site.title }} {{ url('x/') }}\n")
    assert render(root / "content", templates)["about/index.html"] == b"ABOUT a-2 hi! 123 Test /x/\n"
