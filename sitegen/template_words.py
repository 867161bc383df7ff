"""The templates' words, translated once when a template is compiled (a speed path).

``{{ _("Standings") }}`` is, through Jinja's i18n extension, a call at every render: the
sandbox's checks twice, the catalog, a Markup and a formatting. A player page says a dozen such
words, and a full build renders 26,000 pages: in a profiled build at scale 0.1 those calls cost
1.0 s of 10 s. The words of a message are the same on every page of a build (an environment has
one language, sitegen.render.make_environment), so this extension puts them into the template
as what the i18n extension's newstyle calls return under autoescape, ``Markup(words) %
variables``:

- ``_("words")``: the constant it evaluates to, ``Markup(words) % {}``, put in as
  ``("..."|safe)``;
- ``_("words %(name)s", name=EXPR, ...)``, the string first and then only keyword arguments:
  ``(("words %(name)s"|safe) % {"name": (EXPR)|isolate, ...})``, the translated words keeping
  their placeholders. Each expression is evaluated once, in the call's order, marked for
  isolation as the i18n callables mark it (right-to-left text, sitegen.bidi), Markup's ``%``
  escapes the values (markup stays markup), and a placeholder the arguments lack raises
  KeyError at render, as the call did;
- ``pgettext("context", "words", ...)`` alike, with the variable ``context`` (the context)
  where the arguments do not give one: the newstyle pgettext's ``variables.setdefault``.

Any other call is left as it is: an argument that is not a keyword after the strings,
``*args``, ``**kwargs``, a first argument that is not one string (a variable, strings joined or
filtered), a keyword given twice or starting with ``__`` (the functions' own parameters),
brackets that do not pair. ``ngettext``, ``npgettext`` (the plural form depends on the number
at render) and ``{% trans %}`` are not touched either.

It leaves a template as it is where that could differ: a name ``_``, ``gettext`` (what ``_``
calls) or ``pgettext`` that is not a call of the global of that name (set, imported, a loop
variable, a macro's argument, a macro of that name, an attribute, a filter or a test), an
``{% autoescape %}`` block, or words without keywords whose formatting fails (the render raises
as before). A name given a value in one template is seen by the templates it includes, extends
or imports with context, so a site whose own templates give one of them a value gets no
compiled words at all (:func:`site_binds_words`, sitegen.render.make_environment); the default
theme gives ``_`` one only where no other template could see it, and sitegen's page contexts
hold none of those names. tests/test_languages.py renders the demo site in every language with
and without it and compares the bytes; tests/test_template_words.py tests the rewrite.
"""

from __future__ import annotations

import gettext as python_gettext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from jinja2 import Environment, pass_context
from jinja2.exceptions import TemplateSyntaxError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.runtime import Context
from markupsafe import Markup

from .bidi import mark
from .template_limits import WORDS_ONLY, named_markup
from .template_sizes import PRINTF_SIZES, PrintfShapes


class ConstantWords(Extension):
    """Put the catalog's words of ``_("words", ...)`` (and of ``pgettext("context", "words",
    ...)`` when the environment has ``constant_pgettext``) into a template while compiling it,
    when the environment has ``constant_gettext`` (the catalog's ``gettext``) and autoescape is
    on. The values go through the filter ``isolate`` (sitegen.bidi.mark, given to the
    environment if it has none)."""

    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        environment.filters.setdefault("isolate", mark)

    def filter_stream(self, stream: TokenStream) -> Iterable[Token]:
        gettext: Callable[[str], str] | None = getattr(self.environment, "constant_gettext", None)
        pgettext: Callable[[str, str], str] | None = getattr(self.environment, "constant_pgettext", None)
        tokens = list(stream)
        if gettext is None or not _autoescaped(self.environment, stream.name) or not _only_calls(tokens):
            return tokens
        return _translated(tokens, gettext, pgettext)


def _autoescaped(environment: object, name: str | None) -> bool:
    autoescape = getattr(environment, "autoescape", False)
    return bool(autoescape(name) if callable(autoescape) else autoescape)


def site_binds_words(environment: Environment, directory: Path | None) -> bool:
    """True when a template below ``directory`` (a site's own templates) gives a name of
    :data:`WORD_NAMES` a value (sets it, loops over it, imports it, defines a macro of that name,
    ...): the templates it includes or extends would see that value, not the words of the
    catalog. A file that is not UTF-8 or not a template's syntax counts as giving none (its
    render reports it)."""
    if directory is None or not directory.is_dir():
        return False
    for path in sorted(directory.rglob("*")):
        if not path.is_file():
            continue
        try:
            tokens = list(environment.lexer.tokenize(path.read_text(encoding="utf-8"), path.name))
        except (UnicodeDecodeError, OSError, TemplateSyntaxError):
            continue
        if not _only_calls(tokens):
            return True
    return False


WORD_NAMES = ("_", "gettext", "pgettext")
"""The names whose value the compiled words stand for: ``_`` calls the context's ``gettext``
(jinja2.ext._gettext_alias), ``pgettext`` is called itself."""


def _only_calls(tokens: list[Token]) -> bool:
    """True when every name of :data:`WORD_NAMES` is a call of the global of that name and no
    block turns autoescape off or on: not an attribute (``x._("...")``), a filter or a test, nor
    a macro of that name, nor a name given a value (set, a loop variable, imported, a macro's
    argument)."""
    for index, token in enumerate(tokens):
        if token.type == "name" and token.value in WORD_NAMES:
            if index + 1 >= len(tokens) or tokens[index + 1].type != "lparen":
                return False
            before = tokens[index - 1] if index else None
            if before is not None and (before.type in ("dot", "pipe")
                                       or (before.type == "name" and before.value in ("macro", "is"))):
                return False
        if token.type == "name" and token.value == "autoescape" and index and tokens[index - 1].type == "block_begin":
            return False
    return True


@dataclass(frozen=True)
class _Call:
    """A call ``name("literal", ..., key=EXPR, ...)`` read from a template's tokens."""

    literals: tuple[str, ...]
    keywords: tuple[tuple[str, list[Token]], ...]
    """Each keyword argument's name and its expression's tokens, in the call's order."""
    end: int
    """The index of the token after the closing parenthesis."""


_EXPRESSION_TOKENS = frozenset((
    "add", "sub", "mul", "div", "floordiv", "mod", "pow", "tilde", "eq", "ne", "gt", "gteq", "lt",
    "lteq", "dot", "pipe", "colon", "comma", "assign", "lparen", "rparen", "lbracket", "rbracket",
    "lbrace", "rbrace", "name", "string", "integer", "float"))
_CLOSING = {"lparen": "rparen", "lbracket": "rbracket", "lbrace": "rbrace"}


def _call_at(tokens: list[Token], index: int, literals: int) -> _Call | None:
    """Read the call whose name is ``tokens[index]``: ``literals`` strings, then only keyword
    arguments (a trailing comma allowed). None for anything else: a positional argument after
    the strings, ``*args``, ``**kwargs``, a string joined to another or filtered, a keyword given
    twice or starting with ``__`` (a parameter of Jinja's own functions), unbalanced brackets,
    tokens that are no expression's, the end of the tokens."""
    position = index + 1
    strings: list[str] = []
    for number in range(literals):
        expected = "lparen" if number == 0 else "comma"
        if position + 1 >= len(tokens) or tokens[position].type != expected or tokens[position + 1].type != "string":
            return None
        strings.append(tokens[position + 1].value)
        position += 2
    keywords: list[tuple[str, list[Token]]] = []
    while position < len(tokens):
        if tokens[position].type == "rparen":
            return _Call(tuple(strings), tuple(keywords), position + 1)
        if tokens[position].type != "comma" or position + 1 >= len(tokens):
            return None
        if tokens[position + 1].type == "rparen":
            return _Call(tuple(strings), tuple(keywords), position + 2)
        if position + 2 >= len(tokens) or tokens[position + 1].type != "name" or tokens[position + 2].type != "assign":
            return None
        name = tokens[position + 1].value
        end = _expression_end(tokens, position + 3)
        if end is None or end == position + 3 or name.startswith("__") or name in (k for k, _ in keywords):
            return None
        keywords.append((name, tokens[position + 3:end]))
        position = end
    return None


def _expression_end(tokens: list[Token], start: int) -> int | None:
    """Return the index of the ``,`` or ``)`` that ends the argument starting at ``start`` (the
    first one outside brackets), or None if the brackets do not pair, a ``=`` stands outside
    them, a token belongs to no expression or the tokens end first."""
    closing: list[str] = []
    for position in range(start, len(tokens)):
        kind = tokens[position].type
        if kind not in _EXPRESSION_TOKENS:
            return None
        if not closing and kind in ("comma", "rparen"):
            return position
        if not closing and kind == "assign":
            return None
        if kind in _CLOSING:
            closing.append(_CLOSING[kind])
        elif kind in ("rparen", "rbracket", "rbrace") and (not closing or closing.pop() != kind):
            return None
    return None


def _translated(tokens: list[Token], gettext: Callable[[str], str],
                pgettext: Callable[[str, str], str] | None) -> list[Token]:
    """Return ``tokens`` with each call of ``_`` or ``pgettext`` that :func:`_call_at` reads
    replaced by its words (:func:`_words_tokens`); the keyword expressions are translated too."""
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        call = replacement = None
        if token.type == "name" and token.value == "_":
            call = _call_at(tokens, index, 1)
            if call is not None:
                replacement = _words_tokens(token.lineno, gettext(call.literals[0]), {}, call,
                                            gettext, pgettext)
        elif token.type == "name" and token.value == "pgettext" and pgettext is not None:
            call = _call_at(tokens, index, 2)
            if call is not None:
                # the newstyle pgettext's variables.setdefault("context", <the context>)
                replacement = _words_tokens(token.lineno, pgettext(*call.literals),
                                            {"context": call.literals[0]}, call, gettext, pgettext)
        if call is None or replacement is None:
            out.append(token)
            index += 1
        else:
            out.extend(replacement)
            index = call.end
    return out


def _words_tokens(line: int, words: str, defaults: dict[str, str], call: _Call,
                  gettext: Callable[[str], str], pgettext: Callable[[str, str], str] | None) -> list[Token] | None:
    """Return the tokens of what Jinja's newstyle call returns under autoescape,
    ``Markup(words) % variables`` (the keyword arguments, then ``defaults`` for the names they
    do not give): the formatted words themselves without keywords, None if formatting them
    fails (the call stays and raises at render as before); else ``(("words"|safe) % {"name":
    (EXPR), ...})``, formatted at render, each expression evaluated once as by the call."""
    if any(size.group(2, 3) != (None, None) for size in PRINTF_SIZES.finditer(words)):
        return None  # a width or precision: formatted at render, within the limits (sitegen.template_limits)
    if not call.keywords:
        try:
            constant = str(Markup(words) % defaults)
        except (ValueError, TypeError, KeyError):
            return None
        return [Token(line, "lparen", "("), Token(line, "string", constant), Token(line, "pipe", "|"),
                Token(line, "name", "safe"), Token(line, "rparen", ")")]
    out = [Token(line, "lparen", "("), Token(line, "lparen", "("), Token(line, "string", words),
           Token(line, "pipe", "|"), Token(line, "name", "safe"), Token(line, "rparen", ")"),
           Token(line, "mod", "%"), Token(line, "lbrace", "{")]
    given = dict(call.keywords)
    variables = [(name, _translated(expression, gettext, pgettext)) for name, expression in call.keywords]
    variables += [(name, [Token(line, "string", value)]) for name, value in defaults.items() if name not in given]
    for number, (name, expression) in enumerate(variables):
        if number:
            out.append(Token(line, "comma", ","))
        out += [Token(line, "string", name), Token(line, "colon", ":"), Token(line, "lparen", "("),
                *expression, Token(line, "rparen", ")"), Token(line, "pipe", "|"),
                Token(line, "name", "isolate")]
    return out + [Token(line, "rbrace", "}"), Token(line, "rparen", ")")]


# --------------------------------------------------------------------------- words at render


def isolating_words(environment: Environment, translations: python_gettext.NullTranslations) -> None:
    """Give ``environment`` (the i18n extension installed with ``newstyle=True``) the page
    words' callables ``gettext`` (which ``_`` calls), ``ngettext``, ``pgettext`` and
    ``npgettext`` of ``translations``, each returning what Jinja's newstyle one returns when
    each keyword argument's value is first :func:`~sitegen.bidi.mark`-ed (right-to-left text
    isolated): ``words % variables``, the translated words made Markup under autoescape (its
    ``%`` escapes the values), ``num`` and ``context`` set to the count and the context where
    the arguments do not give them.

    They are the words a call left by :class:`ConstantWords` says at render (``ngettext``
    always: its form depends on the number), and cost less than Jinja's with a wrapper
    marking the values: Markup's ``%`` made by :func:`~sitegen.template_limits.named_markup`
    when each conversion is ``%(name)s``, and the template's call of one made without the
    sandbox's layers (:data:`~sitegen.template_limits.WORDS_ONLY`: a callable that reads of its
    context only ``eval_ctx``; issue 31, render53: 15.8 -> 5.7 µs an ``ngettext``, about 34,000 a
    scale-0.3 build)."""
    shapes: PrintfShapes = getattr(environment, "printf_shapes", None) or PrintfShapes()

    def formatted(context: Context, words: str, variables: dict[str, Any]) -> str:
        if not context.eval_ctx.autoescape:
            return words % variables
        keys = shapes.named(words) if type(words) is str else None  # _(value): any value
        if keys is None:
            return Markup(words) % variables
        return named_markup(Markup(words), keys, variables)

    def marked(variables: dict[str, Any]) -> dict[str, Any]:
        return {key: mark(value) for key, value in variables.items()}

    @pass_context
    def gettext(__context: Context, __string: str, **variables: Any) -> str:
        return formatted(__context, translations.gettext(__string), marked(variables))

    @pass_context
    def ngettext(__context: Context, __singular: str, __plural: str, __num: int, **variables: Any) -> str:
        variables = marked(variables)
        variables.setdefault("num", __num)
        return formatted(__context, translations.ngettext(__singular, __plural, __num), variables)

    @pass_context
    def pgettext(__context: Context, __string_ctx: str, __string: str, **variables: Any) -> str:
        variables = marked(variables)
        variables.setdefault("context", __string_ctx)
        return formatted(__context, translations.pgettext(__string_ctx, __string), variables)

    @pass_context
    def npgettext(__context: Context, __string_ctx: str, __singular: str, __plural: str,
                  __num: int, **variables: Any) -> str:
        variables = marked(variables)
        variables.setdefault("context", __string_ctx)
        variables.setdefault("num", __num)
        return formatted(__context, translations.npgettext(__string_ctx, __singular, __plural, __num),
                         variables)

    for function in (gettext, ngettext, pgettext, npgettext):
        setattr(function, WORDS_ONLY, True)
        environment.globals[function.__name__] = function
