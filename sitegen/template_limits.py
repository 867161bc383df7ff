"""The limits of a template's rendering (issue 30): a site's templates are code that a pull
request can change, and the sandbox (sitegen.render.SiteEnvironment) keeps them from Python but
not from running for hours or filling the memory. Every page's rendering is therefore bounded:

- its output: at most :attr:`Limits.output` characters (the page is made as a stream of pieces,
  and the count stops it as it grows);
- its loops: at most :attr:`Limits.iterations` loop iterations in all, nested loops counted
  together (a ``{% for %}`` over a list, a range or a dict counts its length when it starts,
  anything else one by one); ``range()`` gives at most :attr:`Limits.range` numbers;
- its values: a string or list made by ``*``, ``+``, ``%`` or ``~`` holds at most
  :attr:`Limits.value` characters or items (``*`` is checked before it is computed), and so
  does the text of the ``join`` filter (checked before it is joined, its items counted as they
  come); a number made by ``*`` or ``**`` has at most :attr:`Limits.digits` digits;
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

import itertools
import math
import re
import time
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import TemplateRuntimeError
from jinja2.filters import do_join, make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import pass_eval_context


@dataclass(frozen=True)
class Limits:
    """The limits of one page's rendering (see the module's docstring)."""

    output: int = 50_000_000
    """Characters of one page."""
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
        self.ticks = CHECK_EVERY
        self.used = 0.0
        """CPU seconds of the pages rendered before the current one."""
        self.started = time.thread_time()
        self.page_deadline = self.render_deadline = self.started + limits.page_seconds

    def start_page(self) -> None:
        now = time.thread_time()
        self.used += now - self.started
        self.started = now
        self.iterations = self.depth = 0
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
    (the filter ``bounded_loop``, called directly: Jinja allows no node types of one's own)."""

    def pull_dependencies(self, nodes: Iterable[nodes.Node]) -> None:
        super().pull_dependencies(nodes)
        if "bounded_loop" not in self.filters:
            self.filters["bounded_loop"] = self.temporary_identifier()
        self.writeline(f"{self.filters['bounded_loop']} = environment.filters['bounded_loop']")

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        node.iter = nodes.Filter(node.iter, "bounded_loop", [], [], None, None, lineno=node.iter.lineno)
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_value(")
        super().visit_Concat(node, frame)
        self.write(")")


PRINTF_SIZES = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\d+|\*)?(?:\.(\d+|\*))?")
"""A ``%`` conversion's width and precision (``%-10.3f``, ``%*d``)."""


class BoundedSandbox(SandboxedEnvironment):
    """Jinja's sandbox with the limits of :class:`Limits` (see the module's docstring); the
    current counts are :attr:`budget`'s."""

    code_generator_class = BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, *args: Any, limits: Limits = Limits(), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.budget = Budget(limits)
        self.globals["range"] = self.bounded_range
        self.filters["bounded_loop"] = self.bounded_loop
        self.filters["join"] = self.bounded_join

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

    @pass_eval_context
    def bounded_join(self, eval_ctx: EvalContext, value: Any, d: Any = "",
                     attribute: str | int | None = None) -> str:
        """Jinja's ``join`` filter, refusing (TemplateLimit) a text of more than
        :attr:`Limits.value` characters before it is made: the items are taken at most that many
        (a generator one by one), and their text counted with the separator's
        (:func:`text_length`). Escaping may make the page's text up to 6 times as long (``<``
        as ``&lt;``); the output limit counts that."""
        limit = self.budget.limits.value
        self.budget.tick()
        items = value if isinstance(value, (list, tuple, str)) else \
            list(itertools.islice(value, limit + 1))
        shown = items if attribute is None else map(make_attrgetter(self, attribute), items)
        size = text_length(d, limit) * max(len(items) - 1, 0)
        for item in shown:
            if size > limit:
                break
            size += text_length(item, limit - size)
        if size > limit:
            raise self._too_long()
        return do_join(eval_ctx, items, d, attribute)

    def bounded_value(self, value: Any) -> Any:
        if isinstance(value, (str, list, tuple)) and len(value) > self.budget.limits.value:
            raise self._too_long()
        return value

    def _too_long(self) -> TemplateLimit:
        return TemplateLimit(f"a value of more than {self.budget.limits.value:,} characters or "
                             "items")

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.budget.tick()
        if operator == "*":
            self._check_product(left, right)
        elif operator == "**":
            self._check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            self._check_format(left, right)
        return self.bounded_value(super().call_binop(context, operator, left, right))

    def _check_product(self, left: Any, right: Any) -> None:
        if isinstance(left, int) and isinstance(right, int):
            self._check_bits(left.bit_length() + right.bit_length())
            return
        sequence, times = (left, right) if isinstance(right, int) else (right, left)
        if isinstance(times, int) and isinstance(sequence, (str, list, tuple)) and \
                len(sequence) * max(times, 0) > self.budget.limits.value:
            raise self._too_long()

    def _check_power(self, base: Any, exponent: Any) -> None:
        if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
            self._check_bits(math.log2(abs(base)) * exponent)

    def _check_bits(self, bits: float) -> None:
        if bits * 0.30103 > self.budget.limits.digits:  # log10(2): digits of a number of bits
            raise TemplateLimit(f"a number of more than {self.budget.limits.digits:,} digits")

    def _check_format(self, text: str, values: Any) -> None:
        """Refuse widths and precisions (``%9999999d``, ``%*d``) beyond the value limit."""
        limit = self.budget.limits.value
        for match in PRINTF_SIZES.finditer(text):
            for size in match.groups():
                if size is not None and size != "*" and len(size) > len(str(limit)):
                    raise self._too_long()
        if "*" in text:
            numbers = values if isinstance(values, tuple) else (values,)
            if any(isinstance(value, int) and abs(value) > limit for value in numbers):
                raise self._too_long()

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        budget = __self.budget
        budget.tick()
        if isinstance(__obj, LoopContext) and args:  # a recursive loop's inner level
            args = (__self.bounded_loop(args[0]), *args[1:])
        if not isinstance(__obj, Macro):
            return super().call(__context, __obj, *args, **kwargs)
        budget.depth += 1
        try:
            if budget.depth > budget.limits.depth:
                raise TemplateLimit(f"more than {budget.limits.depth} macro calls inside one "
                                    "another")
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def call_filter(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().call_filter(*args, **kwargs)

    def call_test(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().call_test(*args, **kwargs)

    def get_template(self, *args: Any, **kwargs: Any) -> Any:
        self.budget.tick()
        return super().get_template(*args, **kwargs)


def text_length(value: Any, limit: int) -> int:
    """About the length of ``str(value)``, or a number over ``limit`` when it is longer, found
    without making the text when it could be long: a string's length, an int's digits (up to 2
    more), a list's, tuple's or dict's items counted inside one another (each at least 2
    characters with its separator; no recursion: a list holding itself is counted up to the
    limit), anything else its text."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value.bit_length() * 0.30103) + 2  # log10(2): digits of a number of bits, a sign
    if not isinstance(value, (list, tuple, dict)):
        return len(str(value))
    size = 0
    stack = [value]
    while stack and size <= limit:
        top = stack.pop()
        if isinstance(top, (list, tuple, dict)):
            size += 2
            stack.extend(itertools.chain.from_iterable(top.items()) if isinstance(top, dict) else top)
        else:
            size += text_length(top, limit - size) + 2
    return size


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
