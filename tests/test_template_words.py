"""sitegen.template_words: the words of ``_("...", name=value)`` and ``pgettext("context",
"...", name=value)`` put into a template when it is compiled (issue 18), formatted at render
exactly as Jinja's newstyle calls format them: ``Markup(translated) % {"name": value}``, the
values escaped, each evaluated once, a missing placeholder a KeyError at render.

Each case renders with the compiled words and with Jinja's calls (the same environment without
``constant_gettext``), expects the value worked by hand from the small catalog below, and looks
at the compiled code: the translated words in it (compiled) or the message itself (the call
left as it was).
"""

from __future__ import annotations

import pytest
from jinja2 import Environment, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup
from sitegen.model.common import SiteConfig
from sitegen.render import default_templates_dir, make_environment
from sitegen.template_words import ConstantWords


CATALOG = {
    "Group %(group)s": "Groupe %(group)s",
    "Round %(round)s of %(rounds)s": "Ronde %(round)s sur %(rounds)s",
    "Read <em>%(title)s</em>": "Lire <em>%(title)s</em>",
    "Standings": "Classement",
}
CONTEXT_CATALOG = {
    ("a fraction", "%(points)s gamepoints"): "%(points)s points",
    ("in", "%(n)s in %(context)s"): "%(n)s dans %(context)s",
    ("movement", "up"): "montée",
}


def environment(constant: bool) -> Environment:
    """Return an environment set up as sitegen.render.make_environment sets up its own (the
    sandbox, autoescape, undefined names errors, newstyle i18n) with the catalog above, its
    words compiled into the templates if ``constant``."""
    env = SandboxedEnvironment(autoescape=True, undefined=StrictUndefined,
                               extensions=["jinja2.ext.i18n", ConstantWords])

    def gettext(message: str) -> str:
        return CATALOG.get(message, message)

    def pgettext(context: str, message: str) -> str:
        return CONTEXT_CATALOG.get((context, message), message)

    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, lambda s, p, n: s if n == 1 else p, newstyle=True, pgettext=pgettext,
        npgettext=lambda c, s, p, n: s if n == 1 else p)
    if constant:
        env.extend(constant_gettext=gettext, constant_pgettext=pgettext)
    return env


def rendered(env: Environment, source: str, **values: object) -> str:
    """Return the render of ``source``, or the error it raises as ``"Type: message"``."""
    try:
        return env.from_string(source).render(**values)
    except Exception as exc:  # the two ways must raise the same
        return f"{type(exc).__name__}: {exc}"


def said(source: str, **values: object) -> str:
    """Return what ``source`` says, the same with compiled words and with Jinja's calls."""
    constant, calls = (rendered(environment(flag), source, **values) for flag in (True, False))
    assert constant == calls
    return constant


def compiled(source: str) -> str:
    return environment(True).compile(source, raw=True)


# --------------------------------------------------------------------------- compiled


def test_keyword_values_are_formatted_into_the_translated_words():
    source = '{{ _("Round %(round)s of %(rounds)s", round=r, rounds=n) }}'
    assert said(source, r=3, n=7) == "Ronde 3 sur 7"
    code = compiled(source)
    assert "Ronde %(round)s sur %(rounds)s" in code and "Round %(round)s" not in code


def test_an_argument_with_nested_parentheses_filters_and_calls():
    """The argument runs to the comma or parenthesis outside every bracket."""
    source = ('{{ _("Round %(round)s of %(rounds)s", round=(name ~ "(x)")|replace("x", ["y", (1)]|first)|upper,'
              ' rounds={"a": [size(1, 2), (3)]}["a"]|join("+")) }}')
    assert said(source, name="a", size=lambda a, b: a + b) == "Ronde A(Y) sur 3+3"
    assert "Ronde %(round)s" in compiled(source)


def test_a_string_argument_holding_a_comma_or_a_parenthesis():
    source = '{{ _("Round %(round)s of %(rounds)s", round="1, 2)", rounds=")(,") }}'
    assert said(source) == "Ronde 1, 2) sur )(,"
    code = compiled(source)  # constant values: formatted when compiled (Jinja folds constants)
    assert "Ronde" in code and "Round" not in code


def test_a_trailing_comma_and_a_call_of_words_in_an_argument():
    source = '{{ _("Group %(group)s", group=_("Round %(round)s of %(rounds)s", round=1, rounds=2),) }}'
    assert said(source) == "Groupe Ronde 1 sur 2"
    code = compiled(source)
    assert "Groupe" in code and "Ronde" in code and "Round" not in code and "Group " not in code


def test_values_are_escaped_and_the_translated_markup_kept():
    """Markup's ``%``: a value is escaped unless it is markup itself; the translation's own
    tags are the catalog's (trusted)."""
    source = '{{ _("Read <em>%(title)s</em>", title=title) }}'
    assert said(source, title="<b>Ann & Bob</b>") == "Lire <em>&lt;b&gt;Ann &amp; Bob&lt;/b&gt;</em>"
    assert said(source, title=Markup("<a href='/x'>x</a>")) == "Lire <em><a href='/x'>x</a></em>"
    assert "Lire <em>%(title)s</em>" in compiled(source)


def test_a_placeholder_missing_from_the_arguments_raises_at_render():
    source = '{{ _("Round %(round)s of %(rounds)s", round=1) }}'
    assert said(source) == "KeyError: 'rounds'"
    assert "Ronde %(round)s" in compiled(source)  # compiled; the formatting raises, as the call did


def test_each_value_is_evaluated_once():
    calls = []

    def tick() -> int:
        calls.append(1)
        return len(calls)

    env = environment(True)
    source = '{{ _("Round %(round)s of %(rounds)s", round=tick(), rounds=tick()) }}'
    assert env.from_string(source).render(tick=tick) == "Ronde 1 sur 2"
    assert len(calls) == 2


def test_pgettext_formats_with_its_context_as_the_newstyle_call_does():
    """jinja2.ext's newstyle pgettext: ``variables.setdefault("context", context)``, then
    ``Markup(words) % variables``."""
    assert said('{{ pgettext("a fraction", "%(points)s gamepoints", points=p) }}', p="<½>") == "&lt;½&gt; points"
    assert said('{{ pgettext("in", "%(n)s in %(context)s", n=2) }}') == "2 dans in"
    assert said('{{ pgettext("in", "%(n)s in %(context)s", n=2, context="<b>") }}') == "2 dans &lt;b&gt;"
    assert said('{{ pgettext("movement", "up") }}') == "montée"
    assert said('{{ pgettext("in", "%(n)s in %(context)s", m=1) }}') == "KeyError: 'n'"
    code = compiled('{{ pgettext("in", "%(n)s in %(context)s", n=n) }}{{ pgettext("movement", "up") }}')
    assert "%(n)s dans %(context)s" in code and "montée" in code and "'movement'" not in code


# --------------------------------------------------------------------------- left as calls


@pytest.mark.parametrize("source, values, says", [
    ('{{ _("Group %(group)s", "x") }}', {}, "TypeError"),  # a positional argument
    ('{{ _("Group %(group)s", group=1, "x") }}', {}, "TemplateSyntaxError"),
    ('{{ _("Group %(group)s", *args) }}', {"args": ["x"]}, "TypeError"),
    ('{{ _("Group %(group)s", **named) }}', {"named": {"group": "<1>"}}, "Groupe &lt;1&gt;"),
    ('{{ _("Group %(group)s", group=1, **named) }}', {"named": {}}, "Groupe 1"),
    ('{{ _(message, group=1) }}', {"message": "Group %(group)s"}, "Groupe 1"),
    ('{{ _("Group " "%(group)s", group=1) }}', {}, "Groupe 1"),  # strings joined by Jinja
    ('{{ _("Group %(group)s", group=1, group=2) }}', {}, "SyntaxError"),
    ('{{ _("Group %(group)s", __string="x") }}', {}, "TypeError"),
    ('{{ _("Group %(group)s", group=(1) }}', {}, "TemplateSyntaxError"),  # unbalanced
    ('{{ _("Group %(group)s", group=[1) }}', {}, "TemplateSyntaxError"),
    ('{{ _("Group %(group)s", group=1 }}', {}, "TemplateSyntaxError"),
    ('{{ _("Group %(group)s", group=', {}, "TemplateSyntaxError"),  # the end of the stream
    ('{{ pgettext("a fraction", "%(points)s gamepoints", 3) }}', {}, "TypeError"),
    ('{{ pgettext(kind, "%(points)s gamepoints", points=3) }}', {"kind": "a fraction"}, "3 points"),
])
def test_other_calls_are_left_as_they_are(source, values, says):
    assert said(source, **values).startswith(says)
    try:
        code = compiled(source)
    except Exception:  # a syntax error: nothing compiled
        return
    assert "Groupe" not in code and "%(points)s points" not in code


@pytest.mark.parametrize("source", [
    '{% set gettext = echo %}{{ _("Group %(group)s", group=1) }}',
    '{% macro gettext(s) %}[{{ s }}]{% endmacro %}{{ _("Standings") }}',
    '{% set pgettext = echo2 %}{{ pgettext("movement", "up") }}',
    '{% macro pgettext(c, s) %}[{{ s }}]{% endmacro %}{{ pgettext("movement", "up") }}',
    '{% for pgettext in [echo2] %}{{ pgettext("movement", "up") }}{% endfor %}',
    '{% set d = {"pgettext": echo2} %}{{ d.pgettext("movement", "up") }}',
])
def test_a_template_giving_gettext_or_pgettext_a_value_keeps_its_calls(source):
    """``_`` calls the context's ``gettext`` (jinja2.ext._gettext_alias): a template that gives
    that name or ``pgettext`` a value says that value's words, not the catalog's."""
    echoes = {"echo": lambda s, **v: f"<{s}>", "echo2": lambda c, s, **v: f"<{s}>"}
    plain = rendered(environment(False), source, **echoes)
    assert "Groupe" not in plain and "Classement" not in plain and "montée" not in plain
    assert said(source, **echoes) == plain


def test_no_words_are_compiled_without_autoescape():
    env = environment(True)
    env.autoescape = False
    source = '{{ _("Read <em>%(title)s</em>", title="<b>") }}'
    assert "Lire" not in env.compile(source, raw=True)
    assert env.from_string(source).render() == "Lire <em><b></em>"


# --------------------------------------------------------------------------- the default theme


def test_the_player_sections_compile_their_words():
    """The player sections' sentences with placeholders (the calls a full build says most
    often) compile to their words: no call of ``_`` or ``pgettext`` is left in them."""
    env = make_environment(SiteConfig(title="T", language="fr"))
    for name in ("partials/player_league.html", "partials/player_tournament.html",
                 "partials/player_overview.html"):
        source = (default_templates_dir() / name).read_text(encoding="utf-8")
        code = env.compile(source, name=name, raw=True)
        assert "%(" in code, name  # words with placeholders, formatted at render
        for message in ("'Games in %(league)s %(season)s'", "'Games in %(competition)s'", "'Record'"):
            assert message not in code, (name, message)
        assert "l_0__ " not in code and "l_0_pgettext " not in code, name
