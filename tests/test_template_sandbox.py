"""Templates are code a pull request can change: they render in Jinja's sandbox (issue 15,
item 13; sitegen/render.py). A template override reaching for Python (``__globals__``,
``__subclasses__``, ``str.format`` tricks) fails the build with its template named, and runs
nothing; the default theme renders the same bytes as without the sandbox (checked against
the reference sites by hand, see the commit).

Templates are bounded too (issue 30, sitegen/template_limits.py): output, loop iterations,
ranges, values, numbers, macro nesting and CPU time per page; every failure inside a template
is an error at its file and line, exit 1, nothing written."""

from __future__ import annotations

from pathlib import Path
import threading

import pytest
from markupsafe import Markup

from sitegen.commands.build import render
from sitegen.diagnostics import SitegenError
from sitegen.template_limits import Limits

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
    assert err[0].startswith("templates/page.html:1:1: error: template page.html failed while "
                             "rendering about/index.html: ")
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


LIMIT_HINT = '; the limits of a page are in docs/templates.md, "Limits" [template.limit]'
FIX_HINT = "; fix the template, or remove the override to use the default [template]"
FAILED = "templates/page.html:{line}:1: error: template page.html failed while rendering about/index.html: "
VALUE = "a value of more than 10,000,000 characters or items"

ATTACKS = [
    # (template text after a first line, line of the error, message, hint)
    ("{{ 'a'*10**9 }}", 2, "a value of more than 10,000,000 characters or items", LIMIT_HINT),
    ("{% for i in range(10**5) %}\n{% for j in range(10**5) %}{% endfor %}{% endfor %}", 3,
     "more than 5,000,000 loop iterations on one page", LIMIT_HINT),
    ("{{ range(10**9)|list }}", 2, "range() of more than 100,000 numbers", LIMIT_HINT),
    ("{% macro f(n) %}\n{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", 3,
     "more than 50 macro calls inside one another", LIMIT_HINT),
    ("{{ (2**100000)|string }}", 2, "a number of more than 4,300 digits", LIMIT_HINT),
    ("{% for i in range(100000) %}\n{{ 'x' * 1000 }}{% endfor %}", 3,
     "the page is longer than 50,000,000 characters", LIMIT_HINT),
    ("{% set ns = namespace(s='ab') %}{% for i in range(40) %}\n{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}", 3, "a value of more than 10,000,000 characters or items", LIMIT_HINT),
    ("{{ '%999999999d' % 1 }}", 2, "a value of more than 10,000,000 characters or items", LIMIT_HINT),
    ("{{ ('a' * 10**7)|join('b' * 10**7) }}", 2, "a value of more than 10,000,000 characters or items",
     LIMIT_HINT),
    ("{{ (['a' * 10**7] * 10**6)|join }}", 2, "a value of more than 10,000,000 characters or items",
     LIMIT_HINT),
    ("{% set n = 10**5 %}\n{{ range(n)|map('string')|join('x' * 100) }}", 3,
     "a value of more than 10,000,000 characters or items", LIMIT_HINT),
    ("{{ [['a' * 10**7] * 10**6]|join }}", 2, "a value of more than 10,000,000 characters or items",
     LIMIT_HINT),
    *[(text, 2, VALUE, LIMIT_HINT) for text in [
        # filters that make a long text or list from short arguments, refused before it is made
        "{{ 'a'|center(10**9) }}", "{{ 'a\\nb'|indent(10**9) }}",
        "{{ ('a' * 10**6)|replace('a', 'b' * 100) }}", "{{ ('a' * 10**6)|replace('', 'bb' * 10) }}",
        "{{ '%999999999d'|format(1) }}", "{{ '%(a)s%(a)s'|format(a='x' * 6 * 10**6) }}",
        "{{ [1]|batch(10**9, 0)|list }}", "{{ [1]|slice(10**9)|list }}",
        "{{ ([[0] * 10**6] * 20)|sum(start=[]) }}", "{{ [[1]]|tojson(indent=10**9) }}",
        "{{ (['a' * 10**6] * 20)|tojson }}", "{{ range(10**5)|list|tojson(indent=200) }}",
        "{{ ('a ' * 10**6)|wordwrap(2, wrapstring='x' * 100) }}",
        "{{ ('a' * 10**6)|truncate(5, end='x' * 10**7) }}", "{{ (['a' * 10**6] * 20)|string }}",
        "{{ (['a' * 10**6] * 20)|pprint }}", "{{ {'k' * 1000: 'a ' * 500000}|pprint }}",
        "{{ ['a' * 10**6] * 20 }}", "{{ ('a' * 10**7)|urlize(target='x' * 1000) }}",
        "{{ lipsum(10**6) }}",
        # a generator's items counted as they come (each item within the limits)
        "{{ ('a' * 10**7)|map('center', 10**6)|list|length }}",
        "{{ ('a' * 10**7)|map('center', 10**6)|unique|list|length }}",
        # str.format and gettext's %
        "{{ '{:999999999}'.format(1) }}", "{{ '{:{}}'.format(1, 10**9) }}",
        "{{ '{0}{0}'.format('x' * 6 * 10**6) }}", "{{ '{:.999999999f}'.format(1.5) }}",
        "{{ _('%(n)999999999s', n=1) }}",
        # methods of strings, bytes and lists
        "{{ 'a'.ljust(10**9) }}", "{{ 'a'.rjust(10**9) }}", "{{ 'a'.zfill(10**9) }}",
        "{{ 'a'.center(10**9) }}", "{{ ('\\t' * 10**6).expandtabs(100) }}",
        "{{ ('a' * 10**6).replace('a', 'b' * 20) }}", "{{ ('x' * 10**6).join(['a'] * 20) }}",
        "{{ ('x' * 100).join(range(10**5)|map('string')) }}",
        "{{ ('a' * 10**6).translate({97: 'b' * 100}) }}", "{{ 'a'.encode().center(10**9) }}",
        "{% set l = ['a' * 10**6] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}",
        "{{ ('a'|safe).ljust(10**9) }}", "{{ ('a' * 10**7).encode('utf-32')|length }}",
        "{{ 'a'.encode().center(10**7).hex()|length }}",
    ]],
    # text kept by a block or a macro: each print a copy, the pieces joined at the end
    *[(text, 2, "more than 100,000,000 characters printed by {{ }} on one page", LIMIT_HINT) for text in [
        "{% set x %}{% for i in range(10**5) %}{{ 'a' * 10**7 }}{% endfor %}{% endset %}{{ x|length }}",
        "{% macro m() %}{% for i in range(10**5) %}{{ 'a' * 10**7 }}{% endfor %}{% endmacro %}{{ m()|length }}",
        "{% filter length %}{% for i in range(10**5) %}{{ 'a' * 10**7 }}{% endfor %}{% endfilter %}",
    ]],
    ("{% set x %}{% for i in range(10**5) %}" + "x" * 1000 + "{% endfor %}{% endset %}{{ x|length }}", 2,
     VALUE, LIMIT_HINT),
    ("{{ 'abc'.index('z') }}", 2, "ValueError: substring not found", FIX_HINT),
    ("{{ 1 // (page.path|length - page.path|length) }}", 2,
     "ZeroDivisionError: integer division or modulo by zero", FIX_HINT),
    ("{{ 'x'|float|int|string * 2.5 }}", 2,
     "TypeError: can't multiply sequence by non-int of type 'float'", FIX_HINT),
    ("{% include 'page.html' %}", 2, "templates include or call one another too deeply (the limit "
     "of Python's recursion)", LIMIT_HINT),
]


@pytest.mark.parametrize("text, line, message, hint", ATTACKS)
def test_every_failure_inside_a_template_is_positioned(site, run, text, line, message, hint):
    """Each attack of issue 30 (finding 2) and every other exception raised while rendering:
    an error at the template's file and line, exit 1, nothing written, no traceback. On the
    main of issue 30 the first two ran for minutes and the next three ended in tracebacks."""
    site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    Path("templates").mkdir()
    Path("templates/page.html").write_text("<p>first line</p>\n" + text + "\n")
    status, out, err = run("build")
    assert (status, err) == (1, [FAILED.format(line=line) + message + hint,
                                 "1 error; nothing was written"])
    assert not Path("output").exists()


def test_join_within_the_limits_is_jinjas_join(site, tmp_path):
    """The bounded ``join`` (issue 30) gives Jinja's text: escaped items, a separator, an
    attribute, a generator, and a text of exactly the value limit (10,000,000 characters)."""
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "page.html").write_text(
        "{{ ['a', '<b>', 1]|join(', ') }}|{{ [{'n': 'x'}, {'n': 'y'}]|join('&', attribute='n') }}|"
        "{{ range(4)|map('string')|join }}|{{ 'ab'|join('-') }}|"
        "{{ (['x' * 1000] * 10000)|join|length }}|{{ (['x' * 999] * 10000)|join('y')|length }}\n")
    assert render(root / "content", templates)["about/index.html"] == \
        b"a, &lt;b&gt;, 1|x&amp;y|0123|a-b|10000000|9999999\n"


WITHIN_LIMITS = [
    # (template, Jinja's text, worked out by hand)
    ("{{ 'ab'|center(6) }}|{{ 'a\\nb\\n\\nc'|indent(2) }}|{{ 'a\\nb'|indent('> ', first=True) }}",
     "  ab  |a\n  b\n\n  c|&gt; a\n&gt; b"),
    ("{{ 'a<a'|replace('a', '&') }}|{{ 'aaa'|replace('a', 'b', 2) }}|{{ 'ab'|replace('', '-') }}",
     "&amp;&lt;&amp;|bba|-a-b-"),
    ("{{ '%3s|%-3d|%.2f'|format('a', 1, 2.5) }}|{{ '%(a)s-%(a)s'|format(a='<') }}|{{ '%*d' % (4, 1) }}",
     "  a|1  |2.50|&lt;-&lt;|   1"),
    ("{{ '{:>4}|{:.3f}|{:{}}|{a}{a}'.format('a', 1.5, 'b', 3, a='<') }}|{{ '{a}'.format_map({'a': 1}) }}",
     "   a|1.500|b  |&lt;&lt;|1"),
    ("{{ [1, 2, 3]|batch(2, 0)|list }}|{{ [1, 2, 3]|slice(2, 'x')|list }}|{{ range(3)|map('string')|batch(2)|list }}",
     "[[1, 2], [3, 0]]|[[1, 2], [3, &#39;x&#39;]]|[[&#39;0&#39;, &#39;1&#39;], [&#39;2&#39;]]"),
    ("{{ [[1], [2, 3]]|sum(start=[]) }}|{{ [(1,), (2,)]|sum(start=(0,)) }}|{{ [1, 2]|sum }}",
     "[1, 2, 3]|(0, 1, 2)|3"),
    ("{{ {'b': [1, '<'], 'a': None}|tojson }}|{{ [[1]]|tojson(1) }}",
     '{"a": null, "b": [1, "\\u003c"]}|[\n [\n  1\n ]\n]'),
    ("{{ 'a b c d'|wordwrap(3, wrapstring='/') }}|{{ 'hello world'|truncate(8, end='!', leeway=0) }}",
     "a b/c d|hello!"),
    ("{{ [1, 'a']|string }}|{{ [1, 'a']|pprint }}|{{ [1, ('t',), {'k': None}] }}",
     "[1, &#39;a&#39;]|[1, &#39;a&#39;]|[1, (&#39;t&#39;,), {&#39;k&#39;: None}]"),
    ("{{ 'a'.ljust(3, '-') }}|{{ 'a'.rjust(3, '-') }}|{{ '7'.zfill(3) }}|{{ 'a\\tb'.expandtabs(3) }}|"
     "{{ 'aXa'.replace('a', 'bb') }}|{{ 'a'.center(3, '*') }}|{{ '-'.join(range(3)|map('string')) }}|"
     "{{ 'ab'.translate({97: 'zz'}) }}", "a--|--a|007|a  b|bbXbb|*a*|0-1-2|zzb"),
    ("{{ range(3)|map('string')|list }}|{{ [3, 1, 3]|unique|list }}|{{ range(3)|reverse|list }}|"
     "{% set l = [1] %}{% set _ = l.extend(range(2)|map('string')) %}{{ l|length }}",
     "[&#39;0&#39;, &#39;1&#39;, &#39;2&#39;]|[3, 1]|[2, 1, 0]|3"),
    ("{% set x %}{% for i in range(3) %}{{ i }}{% endfor %}{% endset %}{{ x }}|"
     "{% macro m() %}<{{ caller() }}>{% endmacro %}{% call m() %}c{% endcall %}|"
     "{% filter upper %}{{ 'a' * 3 }}{% endfilter %}", "012|<c>|AAA"),
    # exactly the value limit (10,000,000 characters or items), not refused
    ("{{ 'a'|center(10**7)|length }}|{{ 'a'.ljust(10**7)|length }}|{{ '{:10000000}'.format('')|length }}|"
     "{{ ('a' * 10**6)|replace('a', 'b' * 10)|length }}|{{ [1]|batch(10**7, 0)|first|length }}",
     "10000000|10000000|10000000|10000000|10000000"),
]


@pytest.mark.parametrize("text, expected", WITHIN_LIMITS)
def test_within_the_limits_a_template_gives_jinjas_text(text, expected):
    """The bounded filters and methods (issue 30) give what Jinja's sandbox gives without the
    limits, up to a result of exactly the value limit."""
    from jinja2.sandbox import SandboxedEnvironment

    from sitegen.template_limits import BoundedSandbox
    assert SandboxedEnvironment(autoescape=True).from_string(text).render() == expected
    assert BoundedSandbox(autoescape=True).from_string(text).render() == expected


def test_a_macro_of_another_template_is_positioned_there(site, run):
    """The error is at the innermost template of the failure (a macro imported from a partial),
    not at the page's template."""
    site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    Path("templates/macros").mkdir(parents=True)
    Path("templates/macros/boom.html").write_text("{% macro boom() %}\n\n{{ 'a' * 10**8 }}{% endmacro %}\n")
    Path("templates/page.html").write_text("{% from 'macros/boom.html' import boom %}\n{{ boom() }}\n")
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == ("templates/macros/boom.html:3:1: error: template page.html failed while rendering "
                      "about/index.html: a value of more than 10,000,000 characters or items" + LIMIT_HINT)


def test_a_page_over_its_time_is_stopped(site, monkeypatch):
    """A template that calls a macro 2**40 times, with no loop and no output: stopped by the CPU
    time of a page (here 0.5 s instead of 10 s), at its line."""
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    templates = root / "templates"
    templates.mkdir()
    (templates / "page.html").write_text(
        "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}\n"
        "{{ f(40) }}\n")
    monkeypatch.setattr("sitegen.render.Limits", lambda: Limits(page_seconds=0.5))
    with pytest.raises(SitegenError) as raised:
        render(root / "content", templates)
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.format().startswith("templates/page.html:1:1: error: template page.html failed "
                                          "while rendering about/index.html: the page took more than "
                                          "0.5 s of CPU time; ")


def test_the_whole_render_has_a_time_limit(site, monkeypatch):
    """Each page under its own limit, the pages together over the render's (here 0.3 s)."""
    root = site({f"content/pages/p{n}.md": f"---\ntitle: P{n}\n---\nHi\n" for n in range(40)})
    templates = root / "templates"
    templates.mkdir()
    (templates / "page.html").write_text(
        "{% for i in range(10**5) %}{% for j in range(10) %}{{ j }}{% endfor %}{% endfor %}\n")
    monkeypatch.setattr("sitegen.render.Limits", lambda: Limits(render_seconds=0.3))
    with pytest.raises(SitegenError) as raised:
        render(root / "content", templates)
    [diagnostic] = raised.value.diagnostics
    assert "the pages took more than 0.3 s of CPU time in all; " in diagnostic.format()
    assert diagnostic.format().startswith("templates/page.html:1:1: error: ")


def test_a_limit_reached_in_a_render_worker_comes_back_positioned(site, monkeypatch):
    """Large sites render in forked workers (sitegen.workers): the error of the one page that
    fails comes back from its worker at the template's line, the other pages made for nothing."""
    from sitegen.commands.build import plan
    from sitegen.render import render_site
    from sitegen.workers import can_fork, map_forked, threads_running
    assert not threads_running(), (  # an earlier test's thread: its cleanup to fix
        "threads running, forking is unsafe: " + ", ".join(t.name for t in threading.enumerate()))
    if not can_fork(2):
        pytest.skip("this machine cannot fork a helper (no fork start method)")
    root = site({f"content/pages/p{n}.md": f"---\ntitle: P{n}\n---\nHi\n" for n in range(40)})
    templates = root / "templates"
    templates.mkdir()
    (templates / "page.html").write_text(
        "{{ title }}\n{% if page.path == 'p37/index.html' %}\n{{ range(10**6) }}{% endif %}\n")
    monkeypatch.setattr("sitegen.render.PARALLEL_MIN_PAGES", 1)
    monkeypatch.setattr("sitegen.render.SLICE", 5)
    forks = []
    monkeypatch.setattr("sitegen.render.map_forked",
                        lambda *args, **kwargs: forks.append(1) or map_forked(*args, **kwargs))
    content, planned = plan(root / "content", None, None)
    with pytest.raises(SitegenError) as raised:
        render_site(planned, content.config, templates, jobs=2)
    assert forks == [1]
    assert [d.format() for d in raised.value.diagnostics] == [
        "templates/page.html:3:1: error: template page.html failed while rendering p37/index.html: "
        "range() of more than 100,000 numbers" + LIMIT_HINT]


def test_the_dev_server_reports_the_limit_and_keeps_the_last_good_site(site):
    """``sitegen serve``'s builder (sitegen.devsite.Site): the build with a runaway template
    raises the positioned error (the server shows it) and the site it serves stays the last
    good one."""
    from sitegen.devsite import Site
    root = site({"content/pages/about.md": "---\ntitle: About\n---\nHi\n"})
    templates = root / "templates"
    templates.mkdir()
    (templates / "page.html").write_text("good {{ title }}\n")
    dev = Site(root / "content", templates, None)
    dev.build()
    good = dict(dev.files)
    assert good["about/index.html"] == b"good About\n"
    (templates / "page.html").write_text("{% for i in range(10**5) %}\n"
                                         "{% for j in range(10**5) %}{% endfor %}{% endfor %}\n")
    with pytest.raises(SitegenError) as raised:
        dev.build()
    assert [d.format() for d in raised.value.diagnostics] == [
        "templates/page.html:2:1: error: template page.html failed while rendering about/index.html: "
        "more than 5,000,000 loop iterations on one page" + LIMIT_HINT]
    assert dev.files == good


def test_the_default_theme_is_far_within_the_limits(tmp_path):
    """The demo site renders with limits a hundred times smaller than the real ones (its
    largest page needs far less; bench/synthetic.py --scale 1 is measured in docs/templates.md)."""
    import sitegen.render
    small = Limits(output=500_000, iterations=50_000, value=100_000, depth=5)
    demo = Path(__file__).resolve().parent.parent / "content"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sitegen.render, "Limits", lambda: small)
        files = render(demo)
    assert files["players/index.html"] == render(demo)["players/index.html"]


def _printer():
    from sitegen.model.common import SiteConfig
    from sitegen.render import make_environment

    environment = make_environment(SiteConfig())
    environment.budget.start_page()
    return environment


@pytest.mark.parametrize("value, printed", [
    ("Anna Kowalska-Nowak", "Anna Kowalska-Nowak"),
    ("players/p01234/", "players/p01234/"),
    ("R&D <b>", "R&amp;D &lt;b&gt;"),
    ("it's \"x\"", "it&#39;s &#34;x&#34;"),
    ("Zoë – Łukasik", "Zoë – Łukasik"),
    ("\u05e9\u05dc\u05d5\u05dd", "\ufdd0\u05e9\u05dc\u05d5\u05dd\ufdd1"),  # Hebrew: marked (sitegen.bidi)
    ("<\u0627>", "\ufdd0&lt;\u0627&gt;\ufdd1"),
    (17, "17"),
    (Markup("<b>R&amp;D</b>"), "<b>R&amp;D</b>"),  # Markup: as it is, ASCII or not
    (Markup("<i>\u05e9</i>"), "<i>\u05e9</i>"),
])
def test_a_printed_value_is_escaped_and_marked_as_before(value, printed):
    """{{ value }}'s printer (template_limits.escaped_print) with its ASCII path (issue 31,
    tmpl31): the same text as ``escape(finalize(value))``, worked out by hand."""
    environment = _printer()
    assert str(environment.print_escaped(value)) == printed


def test_the_printer_gives_the_text_of_escape_and_finalize():
    """Tied to the clear form: any string, ASCII or not, with or without characters to escape
    or written right to left, prints as ``markupsafe.escape(bidi.mark(value))``."""
    from hypothesis import given, settings, strategies as st
    from markupsafe import escape

    from sitegen.bidi import mark

    environment = _printer()
    alphabet = st.sampled_from("aZ 09/-+&<>'\"é–·\u05d0\u0627\U00010800\ufb1d")

    @settings(max_examples=500, deadline=None)
    @given(st.text(alphabet, max_size=12), st.booleans())
    def check(text, markup):
        value = Markup(text) if markup else text
        environment.budget.start_page()
        printed = environment.print_escaped(value)
        assert str(printed) == str(escape(mark(value)))
        assert environment.budget.printed == len(text)  # counted once, as the general path does

    check()


def test_a_printed_markup_counts_towards_the_pages_limit():
    """An ASCII Markup value is counted as printed (its quick path, issue 31): a page that
    prints more than :attr:`Limits.printed` characters of it is refused, one that prints
    exactly the limit is not."""
    from sitegen.template_limits import TemplateLimit

    environment = _printer()
    limit = environment.budget.limits.printed
    environment.budget.printed = limit - 5
    assert environment.print_escaped(Markup("<br>")) == "<br>"  # limit - 1
    assert environment.print_escaped(Markup("x")) == "x"  # limit exactly
    with pytest.raises(TemplateLimit, match="characters printed"):
        environment.print_escaped(Markup("y"))
