"""The templates' constant words, translated once when a template is compiled (a speed path).

``{{ _("Standings") }}`` is, through Jinja's i18n extension, a call at every render: the
sandbox's checks twice, the catalog, a Markup and a formatting. A player page says a dozen such
words, and a full build renders 26,000 pages: in a profiled build at scale 0.1 those calls cost
1.0 s of 10 s. The words of a ``_("...")`` whose one argument is a string are the same on every
page of a build (an environment has one language, sitegen.render.make_environment), so this
extension puts them into the template as the constant they evaluate to: ``Markup(words) % {}``,
exactly what the i18n extension's newstyle ``gettext`` returns under autoescape.

It leaves a template as it is where that could differ: a name ``_`` that is not a call of the
global ``_`` (set, imported, a loop variable, a macro's argument, a macro of that name, an
attribute, a filter or a test), an ``{% autoescape %}`` block, or words whose formatting fails
(the render raises as before). A name ``_`` given a value in one template is seen by the
templates it includes, extends or imports with context, so a site whose own templates give
``_`` a value gets no constant words at all (:func:`site_binds_words`,
sitegen.render.make_environment); the default theme gives it none where another template could
see it. ``_()`` with placeholders, ``ngettext`` and ``{% trans %}`` are not touched.
tests/test_languages.py renders the demo site in every
language with and without it and compares the bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, Iterator

from jinja2 import Environment
from jinja2.exceptions import TemplateSyntaxError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup


class ConstantWords(Extension):
    """Replace each ``_("words")`` by ``("translated words"|safe)`` while compiling, when the
    environment has ``constant_gettext`` (the catalog's ``gettext``) and autoescape is on."""

    def filter_stream(self, stream: TokenStream) -> Iterable[Token]:
        gettext: Callable[[str], str] | None = getattr(self.environment, "constant_gettext", None)
        tokens = list(stream)
        if gettext is None or not _autoescaped(self.environment, stream.name) or not _only_calls(tokens):
            return tokens
        return _translated(tokens, gettext)


def _autoescaped(environment: object, name: str | None) -> bool:
    autoescape = getattr(environment, "autoescape", False)
    return bool(autoescape(name) if callable(autoescape) else autoescape)


def site_binds_words(environment: Environment, directory: Path | None) -> bool:
    """True when a template below ``directory`` (a site's own templates) gives the name ``_`` a
    value (sets it, loops over it, imports it, defines a macro of that name, ...): the templates
    it includes or extends would see that value, not the words of the catalog. A file that is
    not UTF-8 or not a template's syntax counts as giving none (its render reports it)."""
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


def _only_calls(tokens: list[Token]) -> bool:
    """True when every name ``_`` is a call of the global ``_`` and no block turns autoescape
    off or on: not an attribute (``x._("...")``), a filter or a test, nor a macro named ``_``."""
    for index, token in enumerate(tokens):
        if token.type == "name" and token.value == "_":
            if index + 1 >= len(tokens) or tokens[index + 1].type != "lparen":
                return False
            before = tokens[index - 1] if index else None
            if before is not None and (before.type in ("dot", "pipe")
                                       or (before.type == "name" and before.value in ("macro", "is"))):
                return False
        if token.type == "name" and token.value == "autoescape" and index and tokens[index - 1].type == "block_begin":
            return False
    return True


def _translated(tokens: list[Token], gettext: Callable[[str], str]) -> Iterator[Token]:
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if (token.type == "name" and token.value == "_" and index + 3 < len(tokens)
                and tokens[index + 2].type == "string" and tokens[index + 3].type == "rparen"):
            try:
                words = str(Markup(gettext(tokens[index + 2].value)) % {})
            except (ValueError, TypeError, KeyError):
                words = None
            if words is not None:
                line = token.lineno
                yield Token(line, "lparen", "(")
                yield Token(line, "string", words)
                yield Token(line, "pipe", "|")
                yield Token(line, "name", "safe")
                yield Token(line, "rparen", ")")
                index += 4
                continue
        yield token
        index += 1
