"""The limits of a template's rendering (issue 30): a site's templates are code that a pull
request can change, and the sandbox (sitegen.render.SiteEnvironment) keeps them from Python but
not from running for hours or filling the memory. Every page's rendering is therefore bounded:

- its output: at most :attr:`Limits.output` characters (the page is made as a stream of pieces,
  and the count stops it as it grows); at most :attr:`Limits.printed` characters printed by
  ``{{ }}`` in all, those kept by macros and ``{% set %}``, ``{% filter %}`` or ``{% call %}``
  blocks included (each print is a copy), and such a kept text joined only when it holds at
  most :attr:`Limits.value` characters (Jinja's ``concat``);
- its loops: at most :attr:`Limits.iterations` loop iterations in all, nested loops counted
  together (a ``{% for %}`` over a list, a range or a dict counts its length when it starts,
  anything else one by one); ``range()`` gives at most :attr:`Limits.range` numbers;
- its values: a string or list made by ``*``, ``+``, ``%`` or ``~``, by a filter or by a
  method holds at most :attr:`Limits.value` characters or items. Where one step can make a
  value much longer than its arguments, its size is found from them and refused before it is
  made (sitegen.template_sizes): ``*``, ``%`` and ``str.format`` (widths and precisions), the
  filters of :data:`~sitegen.template_sizes.FILTER_SIZES` (``center``, ``indent``,
  ``replace``, ``format``, ``batch``, ``slice``, ``tojson``, ``wordwrap``, ``string``...),
  ``join``, ``sum``, ``pprint``, ``lipsum``, the methods of strings, bytes, lists, dicts and sets
  of :data:`~sitegen.template_sizes.METHOD_SIZES` (``ljust``, ``zfill``, ``replace``, ``join``,
  ``extend``...), gettext's ``%`` and the text of a list printed by ``{{ }}``; a generator's
  items kept by a filter (``list``, ``sort``, ``unique``...) or given to a method are counted
  as they come (:meth:`BoundedSandbox.bounded_items`). A number made by ``*`` or ``**`` has at
  most :attr:`Limits.digits` digits;
- its nesting: at most :attr:`Limits.depth` macro calls inside one another (Python's recursion
  limit, reached by templates that include each other, is reported alike);
- its time: :attr:`Limits.page_seconds` seconds of CPU for one page, and
  :attr:`Limits.render_seconds` for all the pages one process renders in a build, checked at
  every call, loop, include, operator and piece of output.

A limit reached raises :class:`TemplateLimit`; sitegen.render turns it, and any other exception
raised inside a template, into an error at the template's file and line. The default theme needs
far less (docs/templates.md, "Limits").
"""

from __future__ import annotations

import functools
import io
import itertools
import math
import pprint
import re
import time
import types
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import TemplateRuntimeError
from jinja2.filters import do_join, make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from jinja2.utils import _PassArg, generate_lorem_ipsum, pass_environment, pass_eval_context
from markupsafe import Markup, escape

from .template_sizes import (FILTER_SIZES, MATERIALIZED, METHOD_SIZES, field_length, joined_length,
                             lipsum_length, made_length, text_length, PrintfShapes)


@dataclass(frozen=True)
class Limits:
    """The limits of one page's rendering (see the module's docstring)."""

    output: int = 50_000_000
    """Characters of one page."""
    printed: int = 100_000_000
    """Characters printed by ``{{ }}`` on one page, those kept by macros and blocks included."""
    iterations: int = 5_000_000
    """Loop iterations of one page, all loops together."""
    range: int = 100_000
    """Numbers of one ``range()``."""
    value: int = 10_000_000
    """Characters or items of one string or list made by an operator."""
    digits: int = 4_300
    """Decimal digits of one number made by an operator (Python's own limit for printing one)."""
    depth: int = 50
    """Macro calls inside one another."""
    page_seconds: float = 30.0
    """CPU seconds of one page."""
    render_seconds: float = 600.0
    """CPU seconds of all the pages one process renders in one build."""


class TemplateLimit(TemplateRuntimeError):
    """A limit of :class:`Limits` reached while rendering a page (the message says which)."""


CHECK_EVERY = 1000
"""Events (calls, loops, operators, pieces of output) between two readings of the CPU clock."""


class Budget:
    """What the pages rendered with one environment have used of :class:`Limits`:
    :meth:`start_page` before each page, then the environment's hooks count."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.iterations = 0
        self.depth = 0
        self.printed = 0
        """Characters printed by ``{{ }}`` on the current page, kept by macros and blocks too."""
        self.ticks = CHECK_EVERY
        self.used = 0.0
        """CPU seconds of the pages rendered before the current one."""
        self.started = time.thread_time()
        self.page_deadline = self.render_deadline = self.started + limits.page_seconds

    def start_page(self) -> None:
        now = time.thread_time()
        self.used += now - self.started
        self.started = now
        self.iterations = self.depth = self.printed = 0
        self.ticks = CHECK_EVERY
        self.page_deadline = now + self.limits.page_seconds
        self.render_deadline = now + self.limits.render_seconds - self.used

    def tick(self) -> None:
        """Count an event; every :data:`CHECK_EVERY` events, read the clock."""
        self.ticks -= 1
        if self.ticks <= 0:
            self.ticks = CHECK_EVERY
            now = time.thread_time()
            if now > self.page_deadline:
                raise TemplateLimit(f"the page took more than {self.limits.page_seconds:g} s of CPU "
                                    "time")
            if now > self.render_deadline:
                raise TemplateLimit(f"the pages took more than {self.limits.render_seconds:g} s of "
                                    "CPU time in all")

    def count(self, iterations: int) -> None:
        self.iterations += iterations
        if self.iterations > self.limits.iterations:
            raise TemplateLimit(f"more than {self.limits.iterations:,} loop iterations on one page")
        self.tick()

    def counted(self, iterable: Iterable[Any]) -> Iterator[Any]:
        for item in iterable:
            self.count(1)
            yield item


class BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator, with each loop's iterable and each ``~`` going through the
    environment's :meth:`BoundedSandbox.bounded_loop` and :meth:`BoundedSandbox.bounded_value`
    (the filter ``bounded_loop``, called directly: Jinja allows no node types of one's own),
    and each ``{{ }}`` of an autoescaped template through one call,
    :attr:`BoundedSandbox.print_escaped`, instead of Jinja's ``escape(environment.finalize(...))``
    (the same text; three calls fewer for each of the about 330 values a page prints)."""

    printer: str | None = None
    """The local name of :attr:`BoundedSandbox.print_escaped` in the template's functions."""

    def pull_dependencies(self, nodes: Iterable[nodes.Node]) -> None:
        super().pull_dependencies(nodes)
        if "bounded_loop" not in self.filters:
            self.filters["bounded_loop"] = self.temporary_identifier()
        self.writeline(f"{self.filters['bounded_loop']} = environment.filters['bounded_loop']")
        if self.printer is None:
            self.printer = self.temporary_identifier()
        self.writeline(f"{self.printer} = environment.print_escaped")

    def _fused(self, frame: Frame, finalize: Any) -> bool:
        """Whether a printed value goes through :attr:`BoundedSandbox.print_escaped`: in an
        autoescaped template (not one whose autoescape changes at render time) with the
        environment's own finalize."""
        return (self.printer is not None and not frame.eval_ctx.volatile and frame.eval_ctx.autoescape
                and finalize.src == "environment.finalize(")

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        if self._fused(frame, finalize):
            self.write(f"{self.printer}(")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        if self._fused(frame, finalize):
            self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        node.iter = nodes.Filter(node.iter, "bounded_loop", [], [], None, None, lineno=node.iter.lineno)
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_value(")
        super().visit_Concat(node, frame)
        self.write(")")


class BoundedSandbox(SandboxedEnvironment):
    """Jinja's sandbox with the limits of :class:`Limits` (see the module's docstring); the
    current counts are :attr:`budget`'s."""

    code_generator_class = BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, *args: Any, limits: Limits = Limits(), finalize_characters: str | None = None,
                 **kwargs: Any):
        """``finalize_characters``, when given: the inside of a character class of every
        character that the environment's ``finalize`` acts on; ``finalize`` must then return
        any other value (not a ``str``, or a ``str`` without such a character) as it is (see
        :meth:`escaped_print`)."""
        super().__init__(*args, **kwargs)
        self.budget = Budget(limits)
        self.printf_shapes = PrintfShapes()
        """The size checks of ``text % values`` (:func:`~sitegen.template_sizes.printf_length`)."""
        self.globals["range"] = self.bounded_range
        self.globals["lipsum"] = self.sized(generate_lorem_ipsum, lipsum_length)
        self.filters.update({name: self.bounded_filter(name, function)
                             for name, function in self.filters.items()
                             if name in FILTER_SIZES or name in MATERIALIZED})
        self.filters.update(bounded_loop=self.bounded_loop, join=self.bounded_join,
                            sum=self.bounded_sum, pprint=self.bounded_pprint)
        own = self.finalize
        self.finalize = self.bounded_print(own)
        self.print_escaped = self.escaped_print(own, finalize_characters)
        self.concat = self.bounded_concat  # type: ignore[method-assign]

    def bounded_range(self, *args: int) -> range:
        numbers = range(*args)
        self.budget.tick()
        if len(numbers) > self.budget.limits.range:
            raise TemplateLimit(f"range() of more than {self.budget.limits.range:,} numbers")
        return numbers

    def bounded_loop(self, iterable: Any) -> Any:
        """Count a loop's iterations: all at once for a list, a tuple, a range, a dict or a
        string, else one by one."""
        if isinstance(iterable, (list, tuple, range, dict, str)):
            self.budget.count(len(iterable))
            return iterable
        return self.budget.counted(iterable)

    def bounded_items(self, iterable: Iterable[Any]) -> list[Any]:
        """The items of ``iterable`` (a generator: ``map``'s, ``select``'s) in a list, refusing
        (TemplateLimit) more than :attr:`Limits.value` characters and items made by the
        template (:func:`made_length`) as they come."""
        limit = self.budget.limits.value
        items = []
        size = 0
        for item in iterable:
            size += 1 + made_length(item, limit - size)
            if size > limit:
                raise self._too_long()
            self.budget.tick()
            items.append(item)
        return items

    def sized(self, function: Callable[..., Any], size: Callable[..., int],
              materialize: int | None = None) -> Callable[..., Any]:
        """``function`` (a filter or global, keeping its ``pass_context`` and the like),
        refusing (TemplateLimit) a result whose ``size(limit, *args, **kwargs)`` is over
        :attr:`Limits.value` before it is made, its argument number ``materialize`` put in a list
        first when it is an iterator (:meth:`bounded_items`)."""

        @functools.wraps(function)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            if materialize is not None and len(args) > materialize and \
                    isinstance(args[materialize], Iterator):
                args = (*args[:materialize], self.bounded_items(args[materialize]),
                        *args[materialize + 1:])
            self.check_size(size, args, kwargs)
            return function(*args, **kwargs)

        return bounded

    def bounded_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """A filter of :data:`FILTER_SIZES` or :data:`MATERIALIZED`, bounded (:meth:`sized`)."""
        first = 1 if hasattr(function, "jinja_pass_arg") else 0
        return self.sized(function, FILTER_SIZES.get(name, no_size),
                          first if name in MATERIALIZED else None)

    def check_size(self, size: Callable[..., int], args: Any, kwargs: Any) -> None:
        """Refuse (TemplateLimit) a result whose ``size`` is over :attr:`Limits.value`; arguments
        it cannot measure are left to the function, to raise its own error."""
        limit = self.budget.limits.value
        self.budget.tick()
        try:
            made = size(limit, *args, **kwargs)
        except (TypeError, ValueError, AttributeError):
            return
        if made > limit:
            raise self._too_long()

    def bounded_print(self, finalize: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
        """``{{ value }}``: ``finalize`` (the environment's), refusing (TemplateLimit) a list,
        tuple, set or dict whose text is longer than :attr:`Limits.value` before it is made, and
        more than :attr:`Limits.printed` characters printed on a page, those kept by macros and
        ``{% set %}`` blocks included (each print of a long string is a copy, escaped)."""

        def bounded(value: Any) -> Any:
            budget = self.budget
            if isinstance(value, str):
                budget.printed += len(value)
            elif type(value) in CONTAINERS:
                size = text_length(value, budget.limits.value)
                if size > budget.limits.value:
                    raise self._too_long()
                budget.printed += size
            if budget.printed > budget.limits.printed:
                raise self._too_much_printed()
            return value if finalize is None else finalize(value)

        return bounded

    def escaped_print(self, finalize: Callable[[Any], Any] | None,
                      finalize_characters: str | None = None) -> Callable[[Any], Any]:
        """``{{ value }}`` in an autoescaped template: ``escape(self.finalize(value))``, the
        text of :meth:`bounded_print` escaped as :func:`markupsafe.escape` does, in one call.
        A plain string (most values: names, words, addresses) is counted, given to ``finalize``
        (the environment's) and returned as it is when it holds nothing to escape, an int
        as its digits: the same text as Markup, without making one (a piece of the page's output
        needs no type; measured: 2.2 µs a value before, a third of the render of a player page).

        With ``finalize_characters`` (see ``__init__``), a string that holds neither one of
        them nor a character to escape is returned as it is after one search, without calling
        ``finalize``, and an int is printed as its digits without it (issue 31: 655 -> 350 ns a
        value, for names, addresses, words and numbers; a full build at scale 0.3 prints about
        2.5 million values). When none of those characters is ASCII (sitegen's: the scripts
        written right to left), an ASCII string (most values) is looked at for the five
        characters to escape alone, each with ``in`` (in C, without the regular expression's
        machinery), not searched with that character class: a list of typical values, 400 ->
        335 ns a value, 100-460 -> 95-170 ns a search (issue 31, tmpl31;
        tests/test_template_sandbox.py compares it with ``escape(finalize(value))``). An ASCII
        Markup value (a macro's or partial's text, a sentence) is counted and returned as it is
        in the same way, without the general path's calls (issue 31, render51)."""
        printed = self.bounded_print(finalize)
        plain = None if finalize is not None and finalize_characters is None else \
            re.compile(f"[{NEEDS_ESCAPING.pattern[1:-1]}{finalize_characters or ''}]")
        ascii_fast = plain is not None and \
            {chr(code) for code in range(128) if plain.match(chr(code))} == ESCAPED_CHARACTERS

        def escaped(value: Any) -> Any:
            if type(value) is str:
                budget = self.budget
                budget.printed += len(value)
                if budget.printed > budget.limits.printed:
                    raise self._too_much_printed()
                if ascii_fast and value.isascii():
                    if not ("&" in value or "<" in value or ">" in value or "'" in value or '"' in value):
                        return value
                elif plain is not None and plain.search(value) is None:
                    return value
                if finalize is not None:
                    value = finalize(value)
                    if type(value) is not str:
                        return escape(value)
                return value if NEEDS_ESCAPING.search(value) is None else escape(value)
            if type(value) is int and plain is not None:
                return str(value)
            if ascii_fast and type(value) is Markup and value.isascii():
                # Markup made by the page (a macro's, a partial's, a sentence): counted and
                # returned as it is, as the general path does; ``finalize`` is not called, as
                # it returns a str without its characters (none ASCII here) as it is.
                budget = self.budget
                budget.printed += len(value)
                if budget.printed > budget.limits.printed:
                    raise self._too_much_printed()
                return value
            value = printed(value)
            kind = type(value)
            if kind is int:
                return str(value)
            return value if kind is Markup else escape(value)

        return escaped

    def _too_much_printed(self) -> TemplateLimit:
        return TemplateLimit(f"more than {self.budget.limits.printed:,} characters printed by "
                             "{{ }} on one page")

    def bounded_concat(self, pieces: Iterable[str]) -> str:
        """Join the pieces of a text (Jinja's ``concat``): refusing (TemplateLimit) more than
        :attr:`Limits.value` characters for those a macro, a ``{% set %}``, ``{% filter %}`` or
        ``{% call %}`` block kept in a list (a loop printing a long string many times), before
        they are joined; more than :attr:`Limits.output` for a block's or a template's made one
        by one (``super()``, ``render()``), as they come."""
        if isinstance(pieces, list):
            limit = self.budget.limits.value
            if sum(map(len, pieces)) > limit:
                raise self._too_long()
            return "".join(pieces)
        kept = BoundedText(self.budget.limits.output, lambda: TemplateLimit(
            f"the page is longer than {self.budget.limits.output:,} characters"))
        for piece in pieces:
            kept.write(piece)
        return kept.getvalue()

    @pass_eval_context
    def bounded_join(self, eval_ctx: EvalContext, value: Any, d: Any = "",
                     attribute: str | int | None = None) -> str:
        """Jinja's ``join`` filter, refusing (TemplateLimit) a text of more than
        :attr:`Limits.value` characters before it is made: a generator's items counted as they
        come (:meth:`bounded_items`), then the items' text with the separator's
        (:func:`joined_length`). Escaping may make the page's text up to 6 times as long (``<``
        as ``&lt;``); the output limit counts that."""
        limit = self.budget.limits.value
        self.budget.tick()
        items = value if isinstance(value, (list, tuple, str)) else \
            self.bounded_items(value) if isinstance(value, Iterator) else list(value)
        shown = items if attribute is None else list(map(make_attrgetter(self, attribute), items))
        if joined_length(shown, d, limit) > limit:
            raise self._too_long()
        return do_join(eval_ctx, items, d, attribute)

    @pass_environment
    def bounded_sum(self, environment: Any, iterable: Any, attribute: str | int | None = None,
                    start: Any = 0) -> Any:
        """Jinja's ``sum`` filter, refusing (TemplateLimit) a list or tuple of more than
        :attr:`Limits.value` items before it is made; lists (or tuples) are put together at once
        (Python's ``sum`` copies the first ones again for each next one)."""
        items = self.bounded_items(iterable) if isinstance(iterable, Iterator) else list(iterable)
        if attribute is not None:
            items = list(map(make_attrgetter(environment, attribute), items))
        if not isinstance(start, (list, tuple)):
            return sum(items, start)
        kind = type(start)
        alike = next((number for number, item in enumerate(items) if type(item) is not kind), len(items))
        if len(start) + sum(map(len, items[:alike])) > self.budget.limits.value:
            raise self._too_long()
        return sum(items[alike:], kind(itertools.chain(start, *items[:alike])))

    def bounded_pprint(self, value: Any) -> str:
        """Jinja's ``pprint`` filter (:func:`pprint.pformat`), refusing (TemplateLimit) a text
        of more than :attr:`Limits.value` characters: the value's ``repr`` before it is made
        (:func:`text_length`), the indented text as it is written."""
        limit = self.budget.limits.value
        self.budget.tick()
        if text_length(value, limit) > limit:
            raise self._too_long()
        text = BoundedText(limit, self._too_long)
        pprint.PrettyPrinter(stream=text).pprint(value)
        return text.getvalue()[:-1]

    def bounded_value(self, value: Any) -> Any:
        if isinstance(value, (str, list, tuple, bytes, bytearray)) and \
                len(value) > self.budget.limits.value:
            raise self._too_long()
        return value

    def _too_long(self) -> TemplateLimit:
        return TemplateLimit(f"a value of more than {self.budget.limits.value:,} characters or "
                             "items")

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if type(left) is Markup and type(right) is dict and operator == "%":
            keys = self.printf_shapes.named(left)
            if keys is not None:  # the page's sentences: _("Place %(place)s", place=...)
                return self.sentence(left, keys, right)
        self.budget.tick()
        if operator == "*":
            self._check_product(left, right)
        elif operator == "**":
            self._check_power(left, right)
        elif operator == "%" and isinstance(left, (str, bytes, bytearray)):
            text = left if isinstance(left, str) else left.decode("latin-1")
            self.check_size(self.printf_shapes.length, (text, right), {})
        return self.bounded_value(super().call_binop(context, operator, left, right))

    def sentence(self, words: Markup, keys: tuple[str, ...], values: dict[str, Any]) -> Markup:
        """``words % values`` in a template, ``words`` Markup whose conversions are ``%(key)s``
        for each of ``keys`` (and ``%%``; :meth:`PrintfShapes.named`): what :meth:`call_binop`
        does with any ``%``, checked as there (two events counted; the size measured as
        :func:`printf_length` measures it, before the text is made, and the text's), in one
        call: a page's sentence (_("Place %(place)s of %(size)s", place=...), its words put into
        the template when it was compiled: sitegen.template_words) without the general path's
        scan of its shape; with :func:`named_markup`, a sentence of five values 11.1 -> 4.2-5.1 µs,
        of two 5.9-7.3 -> 2.2-3.6 µs (timeit, CPU time, load about 12; about 7.8 sentences a
        player page; issue 31, render50; tests/test_template_sizes.py compares the two paths)."""
        budget = self.budget
        budget.tick()
        budget.tick()
        limit = budget.limits.value
        size = len(words)
        try:
            for key in keys:
                value = values.get(key, "")
                size += len(value) if type(value) is str or type(value) is Markup else \
                    text_length(value, limit)
        except (TypeError, ValueError, AttributeError):  # left to the formatting, as check_size does
            size = 0
        if size > limit:
            raise self._too_long()
        made = named_markup(words, keys, values)
        if len(made) > limit:
            raise self._too_long()
        return made

    def _check_product(self, left: Any, right: Any) -> None:
        if isinstance(left, int) and isinstance(right, int):
            self._check_bits(left.bit_length() + right.bit_length())
            return
        sequence, times = (left, right) if isinstance(right, int) else (right, left)
        if isinstance(times, int) and isinstance(sequence, (str, list, tuple, bytes)) and \
                len(sequence) * max(times, 0) > self.budget.limits.value:
            raise self._too_long()

    def _check_power(self, base: Any, exponent: Any) -> None:
        if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
            self._check_bits(math.log2(abs(base)) * exponent)

    def _check_bits(self, bits: float) -> None:
        if bits * 0.30103 > self.budget.limits.digits:  # log10(2): digits of a number of bits
            raise TemplateLimit(f"a number of more than {self.budget.limits.digits:,} digits")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        budget = __self.budget
        budget.tick()
        kind = type(__obj)
        if kind is Macro:
            return __self.call_macro(__obj, args, kwargs)
        if isinstance(__obj, LoopContext) and args:  # a recursive loop's inner level
            args = (__self.bounded_loop(args[0]), *args[1:])
        if kind in METHODS and (isinstance(__obj.__self__, OWNERS) or __obj.__self__ in OWNERS):
            return __self.bounded_method(__context, __obj, args, kwargs)
        if kind is types.FunctionType and __obj.__dict__.get("jinja_pass_arg") is _PassArg.context \
                and any(__obj is __self.globals.get(name) for name in GETTEXT):  # _("%(n)9s", n=1)
            for words in args:
                if isinstance(words, str):
                    __self.check_size(__self.printf_shapes.length, (words, kwargs), {})
            if __obj.__dict__.get(WORDS_ONLY):
                return __self.call_words(__context, __obj, args, kwargs)
        if not isinstance(__obj, Macro):
            return super().call(__context, __obj, *args, **kwargs)
        budget.depth += 1
        try:
            __self._check_depth()
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def call_macro(self, macro: Macro, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call a template's macro (a :class:`jinja2.runtime.Macro`, not a subclass) as the
        sandbox would, without its two layers: such a macro is always safe to call
        (``SandboxedEnvironment.is_safe_callable``) and takes no context, so Jinja's
        ``Context.call`` only drops the loop's and block's variables and turns a StopIteration
        into an undefined value. Counts the nesting (:attr:`Limits.depth`). A tournament page
        calls one for each round result of each row."""
        budget = self.budget
        budget.depth += 1
        try:
            self._check_depth()
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                return macro(*args, **kwargs)
            except StopIteration:
                return self.undefined("value was undefined because a callable raised a "
                                      "StopIteration exception")
        finally:
            budget.depth -= 1

    def call_words(self, context: Any, words: Callable[..., Any], args: tuple[Any, ...],
                   kwargs: dict[str, Any]) -> Any:
        """Call a page words' callable marked :data:`WORDS_ONLY` as the sandbox would, without
        its two layers: it is sitegen's own (safe to call) and reads of its context only
        ``eval_ctx``, which the context Jinja's ``Context.call`` would derive for the loop's and
        block's variables shares, so it is given the context as it is (issue 31, render53)."""
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return words(context, *args, **kwargs)
        except StopIteration:
            return self.undefined("value was undefined because a callable raised a "
                                  "StopIteration exception")

    def _check_depth(self) -> None:
        if self.budget.depth > self.budget.limits.depth:
            raise TemplateLimit(f"more than {self.budget.limits.depth} macro calls inside one "
                                "another")

    def bounded_method(self, context: Any, method: Any, args: tuple[Any, ...],
                       kwargs: dict[str, Any]) -> Any:
        """Call a method of a string, bytes, list, dict or set: an iterator given to it put in
        a list first (:meth:`bounded_items`), a result that :data:`METHOD_SIZES` measures
        refused (TemplateLimit) before it is made, and any result after
        (:meth:`bounded_value`)."""
        args = tuple(self.bounded_items(arg) if isinstance(arg, Iterator) else arg for arg in args)
        size = METHOD_SIZES.get(method.__name__)
        if size is not None:
            self.check_size(size, (method.__self__, *args), kwargs)
        return self.bounded_value(super().call(context, method, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """Jinja's ``str.format`` and ``str.format_map`` in the sandbox, with each field's text
        counted before it is made (:class:`BoundedFormatter`)."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
                value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        text = value.__self__
        formatter = BoundedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) \
            else BoundedFormatter(self)
        is_format_map = value.__name__ == "format_map"

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_format_map:
                if kwargs:
                    raise TypeError("format_map() takes no keyword arguments")
                if len(args) != 1:
                    raise TypeError(f"format_map() takes exactly one argument ({len(args)} given)")
                kwargs, args = args[0], ()
            return type(text)(formatter.vformat(text, args, kwargs))

        return functools.update_wrapper(wrapper, value)

    def call_filter(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().call_filter(*args, **kwargs)

    def call_test(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().call_test(*args, **kwargs)

    def get_template(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().get_template(*args, **kwargs)


NEEDS_ESCAPING = re.compile("[&<>'\"]")
"""A character that :func:`markupsafe.escape` replaces: a text without any is printed as it is."""
ESCAPED_CHARACTERS = frozenset("&<>'\"")
"""The characters :data:`NEEDS_ESCAPING` finds."""

CONTAINERS = frozenset({list, tuple, set, frozenset, dict})
"""The types whose text ``{{ value }}`` measures before it is made."""
METHODS = frozenset({types.BuiltinMethodType, types.MethodType})
"""The types of bound methods (``'a'.center``, Markup's ``center``)."""
OWNERS = (str, bytes, bytearray, list, dict, set)
"""The types whose methods :meth:`BoundedSandbox.bounded_method` bounds."""
GETTEXT = ("_", "gettext", "ngettext", "pgettext", "npgettext")
"""The globals of the i18n extension's callables, which format their words with ``%``."""
WORDS_ONLY = "sitegen_words_only"
"""The attribute (True) of a page words' callable (sitegen.template_words.isolating_words) that
reads nothing of the context it is given but its ``eval_ctx``: :meth:`BoundedSandbox.call`
calls it at once (:meth:`BoundedSandbox.call_words`)."""


def named_markup(words: Markup, keys: tuple[str, ...], values: dict[str, Any]) -> Markup:
    """``words % values``, ``words`` being Markup whose conversions are ``%(key)s`` for each of
    ``keys`` (and ``%%``): each value named escaped as Markup's ``%`` escapes it, in one
    formatting without its helper object for each value (issue 31: the sentences of a page,
    about 83,000 a scale-0.3 build). A key ``values`` lacks raises KeyError, as there.

    A value that :func:`markupsafe.escape` would give back with the same text is put in as it
    is, without being made Markup: an int (not a bool, not a subclass), Markup, and a string
    holding none of the five characters it escapes (a name, a number's words: most values);
    the sentence is made Markup without Markup's ``__new__`` (the text is a plain string).
    A sentence of five values, 7.4 -> 2.2 µs (timeit, CPU time, load about 12; issue 31, render50;
    tests/test_template_sizes.py compares it with Markup's ``%``)."""
    escaped = {}
    for key in keys:
        value = values[key]
        kind = type(value)
        if kind is str:
            if "&" in value or "<" in value or ">" in value or "'" in value or '"' in value:
                value = escape(value)
        elif kind is not int and kind is not Markup:
            value = escape(value)
        escaped[key] = value
    return str.__new__(Markup, str.__mod__(words, escaped))


def no_size(limit: int, *args: Any, **kwargs: Any) -> int:
    """No size of its own (a filter that only keeps an iterator's items)."""
    return 0


class BoundedFormatter(SandboxedFormatter):
    """Jinja's sandboxed ``str.format``, refusing (TemplateLimit) a text of more than
    :attr:`Limits.value` characters: the format and each field's text (:func:`field_length`,
    its width and precision) counted before the field is made."""

    size = 0

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        self.size = sum(len(literal) for literal, *_field in self.parse(format_string))
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        env: BoundedSandbox = self._env  # type: ignore[assignment]
        env.budget.tick()
        self.size += field_length(value, format_spec, env.budget.limits.value)
        if self.size > env.budget.limits.value:
            raise env._too_long()
        return super().format_field(value, format_spec)


class BoundedEscapeFormatter(BoundedFormatter, SandboxedEscapeFormatter):
    """:class:`BoundedFormatter` for Markup's ``format`` (the fields escaped)."""


class BoundedText(io.StringIO):
    """A text written in pieces (``pprint``'s), refusing (``too_long()``, raised) to grow over
    ``limit`` characters."""

    def __init__(self, limit: int, too_long: Callable[[], Exception]):
        super().__init__()
        self.limit = limit
        self.size = 0
        self.too_long = too_long

    def write(self, piece: str) -> int:
        self.size += len(piece)
        if self.size > self.limit:
            raise self.too_long()
        return super().write(piece)


OUTPUT_BATCH = 256
"""Pieces of a page's output counted at a time (in C: a loop over each piece cost 6% of a
render)."""


def bounded_output(chunks: Iterator[str], budget: Budget) -> str:
    """Join a page's pieces (``Template.generate``), stopping once they are longer than the
    output limit: the TemplateLimit is thrown into the template, at the line of the piece that
    went over or of one of the next :data:`OUTPUT_BATCH` pieces."""
    limit = budget.limits.output
    size = 0
    pieces: list[str] = []
    while True:
        batch = list(itertools.islice(chunks, OUTPUT_BATCH))
        if not batch:
            return "".join(pieces)
        size += sum(map(len, batch))
        if size > limit:
            error = TemplateLimit(f"the page is longer than {limit:,} characters")
            chunks.throw(error)  # type: ignore[attr-defined]
            raise error  # a template that would go on after it
        pieces += batch
