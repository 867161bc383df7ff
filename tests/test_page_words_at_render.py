"""The page words said at render (sitegen.template_words.isolating_words): ``ngettext`` (its
form depends on the number), and ``_``, ``gettext``, ``pgettext``, ``npgettext`` where their
words are not compiled into the template. sitegen's own callables, called by the sandbox
without its layers (sitegen.template_limits.BoundedSandbox.call_words, issue 31, render53),
must say exactly what Jinja's newstyle callables say with each keyword value marked for
isolation (sitegen.bidi.mark), the form they replace (:func:`clear_form`).

Hand-worked cases in Polish (three plural forms: 1 gracz, 2 gracze, 5 graczy) and English,
then a hypothesis test against the clear form for any numbers and values, inside loops and
``{% set %}`` blocks (whose variables Jinja's ``Context.call`` derives a context for), with
autoescape on and off.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import Environment, pass_context
from sitegen.bidi import CLOSE, OPEN, mark
from sitegen.i18n import words
from sitegen.model.common import SiteConfig
from sitegen.render import make_environment
from sitegen.template_limits import WORDS_ONLY, Budget, Limits


def environment(language: str) -> Environment:
    """sitegen's environment in ``language``, no words compiled (every call said at render)."""
    env = make_environment(SiteConfig(language=language), constant_words=False)
    env.budget = Budget(Limits())  # type: ignore[attr-defined]
    return env


def clear_form(language: str) -> Environment:
    """The same environment with Jinja's newstyle callables, each keyword value marked first:
    the form sitegen's callables replace."""
    env = environment(language)
    env.install_gettext_translations(words(language).translations, newstyle=True)  # type: ignore[attr-defined]
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        env.globals[name] = _marking(env.globals[name])
    return env


def _marking(call: Any) -> Any:
    @pass_context
    def marked(context: Any, *args: Any, **variables: Any) -> Any:
        return call(context, *args, **{key: mark(value) for key, value in variables.items()})
    return marked


def said(env: Environment, source: str, **values: Any) -> str:
    """The render of ``source``, or the error it raises as ``"Type: message"``."""
    env.budget.start_page()  # type: ignore[attr-defined]
    try:
        return env.from_string(source).render(**values)
    except Exception as exc:  # both forms must raise the same
        return f"{type(exc).__name__}: {exc}"


PLAYERS = '{{ ngettext("%(num)s player", "%(num)s players", n) }}'


def test_ngettext_takes_the_plural_form_of_the_number_rule_render53():
    polish = environment("pl")
    assert [said(polish, PLAYERS, n=n) for n in (1, 2, 5, 22, 25)] == \
        ["1 gracz", "2 gracze", "5 graczy", "22 gracze", "25 graczy"]
    english = environment("en")
    assert [said(english, PLAYERS, n=n) for n in (0, 1, 2)] == ["0 players", "1 player", "2 players"]


def test_the_callables_are_sitegens_own_called_without_the_sandboxs_layers():
    env = environment("en")
    assert all(env.globals[name].__dict__.get(WORDS_ONLY) is True
               for name in ("gettext", "ngettext", "pgettext", "npgettext"))


def test_values_are_escaped_marked_and_the_count_and_context_given():
    env = environment("en")
    # a keyword value is escaped; a right-to-left one is wrapped in the sentinels
    assert said(env, '{{ ngettext("%(num)s game of %(who)s", "%(num)s games of %(who)s", 2, who=w) }}',
                w="<Ann & Bob>") == "2 games of &lt;Ann &amp; Bob&gt;"
    assert said(env, '{{ ngettext("%(num)s game of %(who)s", "%(num)s games of %(who)s", 1, who=w) }}',
                w="محمد") == f"1 game of {OPEN}محمد{CLOSE}"
    # num given by the arguments wins over the count; context defaults to pgettext's context
    assert said(env, '{{ ngettext("%(num)s game", "%(num)s games", 3, num="three") }}') == "three games"
    assert said(env, '{{ pgettext("in", "%(n)s in %(context)s", n=2) }}') == "2 in in"
    assert said(env, '{{ npgettext("ctx", "%(num)s %(context)s", "%(num)s %(context)ss", 2) }}') == "2 ctxs"
    # the translated words are markup; the _ of a variable is said at render too
    assert said(env, "{{ _(w) }}", w="a <b>bold</b> word") == "a <b>bold</b> word"
    # a placeholder the arguments lack raises as Markup's % raises
    assert said(env, '{{ ngettext("%(num)s of %(who)s", "%(num)s of %(who)s", 2) }}') == "KeyError: 'who'"


def test_without_autoescape_the_words_are_formatted_as_text():
    env = environment("en")
    source = '{% autoescape false %}{{ ngettext("%(num)s <i>game</i> of %(w)s", "x", 1, w=w) }}{% endautoescape %}'
    assert said(env, source, w="<b>") == "1 <i>game</i> of <b>"


def test_inside_loops_and_set_blocks_as_the_clear_form():
    source = ('{% for p in people %}{% set who = p ~ "!" %}{{ ngettext("%(num)s game of %(w)s",'
              ' "%(num)s games of %(w)s", loop.index, w=who) }};{% endfor %}'
              '{% set block %}{% set x = 1 %}{{ pgettext("movement", "up") }}{% endset %}{{ block }}')
    for language in ("en", "fr", "pl"):
        assert said(environment(language), source, people=["a", "<b>"]) == \
            said(clear_form(language), source, people=["a", "<b>"])
    assert said(environment("en"), source, people=["a", "<b>"]) == "1 game of a!;2 games of &lt;b&gt;!;up"


SOURCES = [
    PLAYERS,
    '{{ ngettext("%(num)s game of %(who)s", "%(num)s games of %(who)s", n, who=v) }}',
    '{{ ngettext("%(num)d game", "%(num)d games", n) }}',
    '{% for i in [n, n + 1] %}{% set w = v ~ i %}{{ ngettext("%(num)s player", "%(num)s players", i, x=w) }}{% endfor %}',
    '{{ _(v) }}|{{ gettext("Rank") }}|{{ gettext("%(a)s", a=v) }}',
    '{{ pgettext("movement", "up") }}|{{ pgettext("a fraction", "%(points)s gamepoints", points=v) }}',
    '{{ pgettext("in", "%(n)s in %(context)s", n=v) }}',
    '{{ npgettext("c", "%(num)s %(context)s %(v)s", "%(num)s %(context)s %(v)ss", n, v=v) }}',
    '{% autoescape false %}{{ ngettext("%(num)s %(v)s", "%(num)s <%(v)s>", n, v=v) }}{% endautoescape %}',
    '{{ ngettext("%(num)s of %(missing)s", "%(num)s of %(missing)s", n) }}',
]


@settings(max_examples=150, deadline=None)
@given(source=st.sampled_from(SOURCES), language=st.sampled_from(["en", "fr", "pl"]),
       n=st.integers(min_value=-3, max_value=130),
       v=st.one_of(st.text(max_size=12), st.integers(), st.sampled_from(["<a>&'\"", "محمد", "Rank"])))
def test_sitegens_callables_say_what_the_clear_form_says(source, language, n, v):
    assert said(ENVIRONMENTS[language], source, n=n, v=v) == said(CLEAR_FORMS[language], source, n=n, v=v)


ENVIRONMENTS = {language: environment(language) for language in ("en", "fr", "pl")}
CLEAR_FORMS = {language: clear_form(language) for language in ("en", "fr", "pl")}
