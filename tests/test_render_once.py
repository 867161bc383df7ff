"""``render_once`` (issue 31): a template made once per build and printed again, as base.html
prints the site's header; and ``{{ }}``'s one-search path for plain text (sitegen.render)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Undefined

from sitegen.model.common import SiteConfig
from sitegen.render import make_environment


def _environment(tmp_path: Path, templates: dict[str, str]):
    folder = tmp_path / "templates"
    folder.mkdir()
    for name, text in templates.items():
        (folder / name).write_text(text, encoding="utf-8")
    return make_environment(SiteConfig(title="Club"), folder)


def test_render_once_makes_the_text_again_only_for_another_object(tmp_path):
    made: list[int] = []
    env = _environment(tmp_path, {
        "part.html": "{{ count() }}{% for item in menu %}[{{ item }}]{% endfor %}",
        "page.html": '{{ render_once("part.html", menu=menu) }}|{{ title }}'})
    env.globals["count"] = lambda: made.append(1) or len(made)
    first, second = ["a<b"], ["a<b"]
    page = env.get_template("page.html")
    assert page.render(menu=first, title="One") == "1[a&lt;b]|One"
    assert page.render(menu=first, title="Two") == "1[a&lt;b]|Two"  # kept: not made again
    assert page.render(menu=second, title="Three") == "2[a&lt;b]|Three"  # an equal list, another object
    assert page.render(menu=first, title="Four") == "3[a&lt;b]|Four"  # one kept at a time
    assert len(made) == 3


def test_render_once_sees_the_globals_and_not_the_page(tmp_path):
    env = _environment(tmp_path, {
        "part.html": "{{ site.title }} {{ url('players/') }} {{ title is defined }}",
        "page.html": '{{ render_once("part.html") }}'})
    assert env.get_template("page.html").render(title="Page") == "Club /players/ False"


def test_printed_values_escaped_and_isolated_as_before(tmp_path):
    env = _environment(tmp_path, {"page.html": "{% for v in values %}({{ v }}){% endfor %}"})
    values = ["plain", "a & b", "<i>", "'q'", "\"", 12, True, None, "\u05d0\u05d1", "x \u0627"]
    assert env.get_template("page.html").render(values=values) == (
        "(plain)(a &amp; b)(&lt;i&gt;)(&#39;q&#39;)(&#34;)(12)(True)(None)"
        "(\ufdd0\u05d0\u05d1\ufdd1)(\ufdd0x \u0627\ufdd1)")


def test_plain_attributes_read_as_the_sandbox_reads_them(tmp_path):
    """``SiteEnvironment.getattr``'s quick path (a dataclass's fields, a loop's counters, plain
    values) gives what the sandbox gives, and refuses what it refuses."""
    import dataclasses

    from jinja2.sandbox import SandboxedEnvironment

    @dataclasses.dataclass(frozen=True)
    class Record:
        name: str
        count: int
        words: list
        _hidden: str = "secret"
        method: object = None

    env = _environment(tmp_path, {"page.html": (
        "{{ r.name }}|{{ r.count }}|{{ r.words|length }}|{{ r._hidden is undefined }}|"
        "{{ s.name }}|{% for x in r.words %}{{ loop.index }}{{ loop.first }}{{ loop.last }}{% endfor %}|"
        "{{ (r.method is undefined) if r.method else 'none' }}")})
    record = Record("a<b", 3, [1, 2])
    with_format = Record("x", 1, [], method="{0}".format)
    assert env.get_template("page.html").render(r=record, s=with_format) == \
        "a&lt;b|3|2|True|x|1TrueFalse2FalseTrue|none"
    for obj, attribute in [(record, "name"), (record, "count"), (record, "words"), (record, "_hidden"),
                           (with_format, "method"), (record, "missing"), (record, "__class__")]:
        quick, sandbox = env.getattr(obj, attribute), SandboxedEnvironment.getattr(env, obj, attribute)
        assert type(quick) is type(sandbox)
        if not isinstance(quick, Undefined) and not callable(quick):
            assert quick == sandbox
    # a bound str.format is wrapped by the sandbox, as before (not a plain value)
    assert env.getattr(with_format, "method") is not with_format.method


def test_a_namespace_read_as_the_sandbox_reads_it(tmp_path):
    """A template's ``namespace()`` values take the quick path too (issue 31, a player's division
    table): the same values as the sandbox's, its refusals kept (a name starting with ``_``, a
    bound ``str.format`` wrapped, a name not set undefined)."""
    from jinja2.sandbox import SandboxedEnvironment
    from jinja2.utils import Namespace

    env = _environment(tmp_path, {"page.html": (
        "{% set run = namespace(first=none, last=none) %}{% for s in seasons %}"
        "{% if run.first is none %}{% set run.first = s %}{% endif %}{% set run.last = s %}{% endfor %}"
        "{{ run.first }}-{{ run.last }}|{{ run._hidden is undefined }}|{{ run.missing is undefined }}")})
    assert env.get_template("page.html").render(seasons=["2001", "2002", "2003"]) == "2001-2003|True|True"
    space = Namespace(first="a<b", count=3, none=None, words=[1], method="{0}".format, _hidden="x")
    for attribute in ["first", "count", "none", "words", "method", "_hidden", "missing", "__class__",
                      "_Namespace__attrs"]:
        quick, sandbox = env.getattr(space, attribute), SandboxedEnvironment.getattr(env, space, attribute)
        assert type(quick) is type(sandbox)
        if not isinstance(quick, Undefined) and not callable(quick):
            assert quick == sandbox
    assert env.getattr(space, "method") is not space.method  # wrapped by the sandbox
