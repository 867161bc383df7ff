"""The sizes of values a template is about to make (issue 30), found from a filter's or a
method's arguments before the value is made, so that sitegen.template_limits can refuse a value
over :attr:`~sitegen.template_limits.Limits.value` characters or items without building it.

Each function returns the number of characters (or items, or bytes) of the result, or a number
at least as large: an upper bound, close to the real size for the text a site's templates make
(a bound far above it would refuse a page that is within the limits). Once a count is over
``limit`` it may stop counting and return what it has. Arguments of the wrong type raise
TypeError, ValueError or AttributeError; the caller then lets Jinja's or Python's own function
raise its own error.
"""

from __future__ import annotations

import itertools
import operator
import re
from typing import Any, Callable

from markupsafe import escape

HTML_JSON_ESCAPED = re.compile(r"[^\x20-\x7e]|[<>&'\"\\]")
"""Characters that ``tojson`` writes as an escape (``\\n``, ``\\u003c``: 6 at most)."""
ASTRAL = re.compile("[\U00010000-\U0010ffff]")
"""Characters written as two ``\\uXXXX`` escapes by ``tojson`` (12 characters)."""

LOREM_WORD = 13
"""Characters of the longest word of ``lipsum`` (12), with its space."""


def text_length(value: Any, limit: int) -> int:
    """About the length of ``str(value)``, or a number over ``limit`` when it is longer, found
    without making the text when it could be long: a string's length, an int's digits (up to 2
    more), a list's, tuple's, set's or dict's items counted inside one another (strings as
    their quoted ``repr``, each item at least 2 characters more with its separator; no
    recursion: a list holding itself is counted up to the limit), anything else its text."""
    if isinstance(value, (str, bytes, bytearray)):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value.bit_length() * 0.30103) + 2  # log10(2): digits of a number of bits, a sign
    if not isinstance(value, (list, tuple, dict, set, frozenset)):
        return len(str(value))
    return walk_length(value, limit, lambda item: len(repr(item)))


def walk_length(value: Any, limit: int, other: Callable[[Any], int]) -> int:
    """The length of the text of the containers in ``value`` (lists, tuples, sets, dicts): 2 for
    each container, 2 more than its own for each item, a string as its quoted ``repr``
    (:func:`quoted_length`), an int as in :func:`text_length`, anything else ``other(item)``.
    Stops once over ``limit``."""
    size = 0
    stack = [value]
    while stack and size <= limit:
        top = stack.pop()
        if isinstance(top, (list, tuple, set, frozenset)):
            size += 2
            stack.extend(top)
        elif isinstance(top, dict):
            size += 2
            stack.extend(itertools.chain.from_iterable(top.items()))
        elif isinstance(top, (str, bytes, bytearray)):
            size += quoted_length(top) + 2
        elif isinstance(top, int) and not isinstance(top, bool):
            size += text_length(top, limit) + 2
        else:
            size += other(top) + 2
    return size


def made_length(value: Any, limit: int) -> int:
    """The characters and items that a template has made in ``value``: as
    :func:`walk_length`, an object that is not a string, a number or a container counting 1 (it
    is the site's, not the template's, and its text is not made)."""
    if isinstance(value, (str, bytes, bytearray)):
        return len(value)
    return walk_length(value, limit, lambda item: 1)


def quoted_length(text: str | bytes | bytearray) -> int:
    """The length of ``repr(text)`` or more: its characters, quotes, and a backslash for each
    backslash and quote when it is printable; else 10 for each character (``\\U0001f600``)."""
    if isinstance(text, str) and text.isprintable():
        return len(text) + 2 + text.count("\\") + text.count("'")
    return 10 * len(text) + 3


def printf_length(limit: int, text: str, values: Any) -> int:
    """The length of ``text % values`` or more: the text, each conversion's width and precision
    (``%-10.3f``, ``*`` taken from ``values``) and the text of its value (``%(name)s``: the value
    of ``name`` in the dict ``values``, once for each time it is named)."""
    return shaped_length(printf_shape(limit, text), limit, values)


class PrintfShapes:
    """:func:`printf_length`, with what it reads of a text (its length, each conversion's
    number width and precision, its keys, a ``*``) found once per text and kept: a build
    formats the same few sentences of its templates about 100,000 times (``_("Place
    %(place)s of %(size)s", ...)``: 14 a player page; issue 31), and the text's scan was most
    of each check's cost. One object per environment (a forked worker has its own copy); it
    keeps at most :attr:`KEPT` texts of at most :attr:`LONGEST` characters (a template can
    make texts without end), any other is measured as :func:`printf_length` does.
    tests/test_template_sizes.py ties it to :func:`printf_length`.

    It also tells which texts have only ``%(name)s`` conversions (:meth:`named`)."""

    KEPT = 1024
    LONGEST = 2000

    def __init__(self) -> None:
        self._shapes: dict[tuple[str, int], tuple[int, tuple[str | None, ...], bool]] = {}
        self._named: dict[str, tuple[str, ...] | None] = {}

    def named(self, text: str) -> tuple[str, ...] | None:
        """The keys of ``text``'s conversions when each is ``%(key)s`` (``%%`` aside), in
        order; else None (kept as :meth:`length` keeps its shapes)."""
        if text in self._named:
            return self._named[text]
        keys = named_keys(text)
        if len(text) <= self.LONGEST and len(self._named) < self.KEPT:
            self._named[text] = keys
        return keys

    def length(self, limit: int, text: str, values: Any) -> int:
        """:func:`printf_length`'s value for these arguments."""
        shape = self._shapes.get((text, limit))
        if shape is None:
            if len(text) > self.LONGEST:
                return printf_length(limit, text, values)
            shape = printf_shape(limit, text)
            if len(self._shapes) < self.KEPT:
                self._shapes[(text, limit)] = shape
        return shaped_length(shape, limit, values)


def printf_shape(limit: int, text: str) -> tuple[int, tuple[str | None, ...], bool]:
    """What :func:`printf_length` reads of ``text`` whatever the values: the text's length with
    its conversions' number widths and precisions, each conversion's key (``%%`` left out) and
    whether it holds a ``*``."""
    size = len(text)
    keys = []
    for match in PRINTF_SIZES.finditer(text):
        key, width, precision, kind = match.groups()
        if kind == "%":
            continue
        for number in (width, precision):
            if number is not None and number != "*":
                size += int(number) if len(number) <= 20 else limit + 1
        keys.append(key)
    return size, tuple(keys), "*" in text


def shaped_length(shape: tuple[int, tuple[str | None, ...], bool], limit: int, values: Any) -> int:
    """:func:`printf_length` of a text whose :func:`printf_shape` is ``shape``: its size with
    each conversion's value (``%(name)s``: the value of ``name`` in the dict ``values``, once
    for each time it is named) and the numbers a ``*`` takes from ``values``."""
    size, keys, star = shape
    mapping = values if isinstance(values, dict) else None
    if mapping is not None:
        for key in keys:
            size += text_length(mapping.get(key, "") if key is not None else mapping, limit)
    numbers = values if isinstance(values, tuple) else (values,)
    if star:
        size += sum(abs(value) for value in numbers if isinstance(value, int))
    if mapping is None:
        size += sum(text_length(value, limit) for value in numbers)
    return size


def named_keys(text: str) -> tuple[str, ...] | None:
    """The keys of ``text``'s ``%`` conversions when each is ``%(key)s`` (``%%`` aside), in
    order; else None."""
    if "%" in NAMED_CONVERSION.sub("", text):
        return None
    return tuple(found[1] for found in NAMED_CONVERSION.finditer(text) if found[0] != "%%")


NAMED_CONVERSION = re.compile(r"%\(([^()]*)\)s|%%")
"""A ``%(key)s`` conversion (its key: without brackets, which Python would pair) or ``%%``."""

PRINTF_SIZES = re.compile(r"%(?:\(([^)]*)\))?[-#0 +]*(\d+|\*)?(?:\.(\d+|\*))?(.?)")
"""A ``%`` conversion's key, width, precision and type (``%(name)-10.3f``, ``%*d``, ``%%``)."""

FORMAT_SIZES = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?")
"""A ``str.format`` field's width and precision (``{:>10.3f}``)."""


def field_length(value: Any, spec: str, limit: int) -> int:
    """The length of ``format(value, spec)`` or more: the value's text, the spec's width and
    precision, and for a value that is not a string or a number 12 characters for each of the
    spec's (a date's ``%c`` is 24)."""
    size = text_length(value, limit)
    if not isinstance(value, (str, int, float)):
        size += 12 * len(spec)
    match = FORMAT_SIZES.match(spec)
    for number in match.groups() if match else ():
        if number:
            size += int(number) if len(number) <= 20 else limit + 1
    return size


def json_length(value: Any, indent: int | str | None, limit: int) -> int:
    """The length of ``tojson(value, indent)`` or more: strings with their escapes, numbers,
    and for each container and item a separator, a line break and the indentation of its
    depth (``indent`` spaces, or the ``indent`` string, for each level)."""
    step = len(indent) if isinstance(indent, str) else max(indent or 0, 0)
    size = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack and size <= limit:
        top, depth = stack.pop()
        if isinstance(top, (list, tuple, dict)):
            size += 3 + step * depth + len(top) * (3 + step * (depth + 1))
            items = itertools.chain.from_iterable(top.items()) if isinstance(top, dict) else top
            stack.extend((item, depth + 1) for item in items)
        elif isinstance(top, str):
            size += len(top) + 2 + 5 * count(HTML_JSON_ESCAPED, top) + 6 * count(ASTRAL, top)
        else:
            size += text_length(top, limit)
    return size


def count(pattern: re.Pattern[str], text: str) -> int:
    """The number of matches of ``pattern`` in ``text``."""
    return sum(1 for _ in pattern.finditer(text))


def wrap_length(text: str, width: int, wrapstring: str) -> int:
    """The length of ``wordwrap(text, width, wrapstring=wrapstring)`` or more: the text and a
    ``wrapstring`` between its paragraphs and between its lines (a line and the next hold more
    than ``width`` characters together, or it is the last of its paragraph)."""
    paragraphs = len(text.splitlines()) + 1
    lines = min(len(text), 2 * len(text) // max(width, 1) + paragraphs) + paragraphs
    return len(text) + lines * len(wrapstring)


def lines_length(text: str, indent: int | str) -> int:
    """The length of ``indent(text, indent, first=True, blank=True)`` or more."""
    step = len(indent) if isinstance(indent, str) else max(indent, 0)
    return len(text) + (len(text.splitlines()) + 1) * (step + 1)


def replaced_length(text: Any, old: Any, new: Any, times: int | None) -> int:
    """The length of ``text.replace(old, new, times)``: each replacement of ``old`` (or of the
    empty string, between every two characters) adds the difference of their lengths."""
    occurrences = len(text) + 1 if not old else text.count(old)
    if times is not None and times >= 0:
        occurrences = min(occurrences, times)
    return len(text) + occurrences * max(len(new) - len(old), 0)


def joined_length(items: Any, separator: Any, limit: int) -> int:
    """The length of ``separator.join(items)`` (``items`` a list, a tuple or a string): the
    separator between items and each item's text (:func:`text_length`)."""
    size = text_length(separator, limit) * max(len(items) - 1, 0)
    for item in items:
        if size > limit:
            break
        size += text_length(item, limit - size)
    return size


def translated_length(text: Any, table: Any) -> int:
    """The length of ``text.translate(table)`` or more: each character as the longest
    replacement of the table (a dict, list or tuple), at least 1."""
    replacements = table.values() if isinstance(table, dict) else table
    longest = max((len(value) for value in replacements
                   if isinstance(value, (str, bytes, bytearray))), default=1)
    return len(text) * max(longest, 1)


def lipsum_length(limit: int, n: int = 5, html: bool = True, min: int = 20,  # noqa: A002
                  max: int = 100) -> int:  # noqa: A002
    """The length of ``lipsum(n, html, min, max)`` or more: ``n`` paragraphs of at most ``max``
    words of :data:`LOREM_WORD` characters, a comma or full stop each and a paragraph's tags."""
    words = max if max > 0 else 0
    return (n if n > 0 else 0) * (words * (LOREM_WORD + 2) + 10)


def checked_text(value: Any, limit: int) -> str | None:
    """``str(value)``, or None when it would be longer than ``limit`` (:func:`text_length`)."""
    return str(value) if text_length(value, limit) <= limit else None


def center_size(limit: int, value: Any, width: int = 80) -> int:
    return max(text_length(value, limit), operator.index(width))


def indent_size(limit: int, s: Any, width: int | str = 4, first: bool = False,
                blank: bool = False) -> int:
    text = checked_text(s, limit)
    return limit + 1 if text is None else lines_length(text, width)


def replace_size(limit: int, eval_ctx: Any, s: Any, old: Any, new: Any,
                 count: int | None = None) -> int:
    """As Jinja's ``replace``: under autoescape, ``s`` escaped when ``old`` or ``new`` is
    markup and ``s`` is not."""
    text = checked_text(s, limit)
    if text is None:
        return limit + 1
    if eval_ctx.autoescape and (hasattr(old, "__html__") or hasattr(new, "__html__")) and \
            not hasattr(s, "__html__"):
        text = str(escape(s))
    return replaced_length(text, str(old), str(new), count)


def format_size(limit: int, value: Any, *args: Any, **kwargs: Any) -> int:
    text = checked_text(value, limit)
    return limit + 1 if text is None else printf_length(limit, text, kwargs or args)


def batch_size(limit: int, value: Any, linecount: int, fill_with: Any = None) -> int:
    """The items filling the last batch."""
    return 0 if fill_with is None else operator.index(linecount)


def slice_size(limit: int, eval_ctx: Any, value: Any, slices: int, fill_with: Any = None) -> int:
    """The slices (Jinja's ``slice`` is given the context, as an async variant)."""
    return operator.index(slices)


def truncate_size(limit: int, environment: Any, s: Any, length: int = 255, killwords: bool = False,
                  end: str = "...", leeway: int | None = None) -> int:
    return text_length(s, limit) + text_length(end, limit)


def wordwrap_size(limit: int, environment: Any, s: Any, width: int = 79, break_long_words: bool = True,
                  wrapstring: str | None = None, break_on_hyphens: bool = True) -> int:
    text = checked_text(s, limit)
    if text is None:
        return limit + 1
    return wrap_length(text, width, environment.newline_sequence if wrapstring is None else str(wrapstring))


def urlize_size(limit: int, eval_ctx: Any, value: Any, trim_url_limit: int | None = None,
                nofollow: bool = False, target: str | None = None, rel: str | None = None,
                extra_schemes: Any = None) -> int:
    """The text escaped (6 times as long at most), and for each word a link with its address
    twice, ``target`` and ``rel``."""
    size = text_length(value, limit)
    return 12 * size + (size // 2 + 1) * (40 + text_length(target or "", limit)
                                          + text_length(rel or "", limit))


def tojson_size(limit: int, eval_ctx: Any, value: Any, indent: int | str | None = None) -> int:
    return json_length(value, indent, limit)


def string_size(limit: int, value: Any) -> int:
    return text_length(value, limit)


FILTER_SIZES: dict[str, Callable[..., int]] = {
    "center": center_size, "indent": indent_size, "replace": replace_size, "format": format_size,
    "batch": batch_size, "slice": slice_size, "truncate": truncate_size, "wordwrap": wordwrap_size,
    "urlize": urlize_size, "tojson": tojson_size, "string": string_size,
}
"""The filters that can make a value much longer than their arguments, each with the size of its
result (its arguments those of the filter, Jinja's context first if it takes one)."""

MATERIALIZED = frozenset({"list", "sort", "unique", "reverse", "batch", "slice", "groupby"})
"""The filters that keep the items of an iterable they are given (a generator made by ``map``:
counted as they come, sitegen.template_limits.BoundedSandbox.bounded_items)."""


def width_size(limit: int, owner: Any, width: int, *args: Any) -> int:
    return max(len(owner), operator.index(width))


def tabs_size(limit: int, owner: Any, tabsize: int = 8) -> int:
    return len(owner) + owner.count("\t" if isinstance(owner, str) else b"\t") * max(tabsize, 0)


def method_replace_size(limit: int, owner: Any, old: Any, new: Any, count: int = -1) -> int:
    return replaced_length(owner, old, new, count)


def method_join_size(limit: int, owner: Any, iterable: Any) -> int:
    return joined_length(iterable, owner, limit)


def translate_size(limit: int, owner: Any, table: Any, *args: Any) -> int:
    return translated_length(owner, table)


def grown_size(limit: int, owner: Any, *others: Any, **kwargs: Any) -> int:
    """A list extended, a dict or set updated or united with ``others``."""
    return len(owner) + sum(len(other) for other in others) + len(kwargs)


METHOD_SIZES: dict[str, Callable[..., int]] = {
    "center": width_size, "ljust": width_size, "rjust": width_size, "zfill": width_size,
    "expandtabs": tabs_size, "replace": method_replace_size, "join": method_join_size,
    "translate": translate_size, "extend": grown_size, "update": grown_size, "union": grown_size,
    "fromkeys": lambda limit, owner, iterable, value=None: len(iterable),
    "encode": lambda limit, owner, *args, **kwargs: 8 * len(owner) + 8,
    "hex": lambda limit, owner, *args: 3 * len(owner),
}
"""The methods of strings, bytes, lists, dicts and sets that can make a value much longer than
their arguments, each with the size of its result (the object first, then the method's
arguments)."""
