"""Model objects as JSON lists, field by field, for the build cache (:mod:`sitegen.store`).

Each allowed class (:data:`ALLOWED`: sitegen's model dataclasses and enums, and
``Diagnostic``) gets a *plan* (:func:`plan`): ``encode(obj)`` returns the list of its fields,
``decode(values)`` makes the object again. A field is written by its type hint: a position, an
enum, a date, a fraction, a model object in a field of its own (a game's result) and a tuple of
model objects of one class (a group's games) inline, as plain JSON; anything else (text,
numbers, tuples of other things) as JSON writes it, model objects among them tagged by the
caller's hook (:class:`sitegen.store._Encoder`).

**Why it is built this way (measured).** A full-size archive (20,000 players, 204,000 games)
keeps about 331,000 model objects; reading them back through JSON's object hook, one tagged
object and a generic decoder per object, was 3 s of a 9 s cached build. Now a group's games
are one JSON list of lists that the JSON parser reads in C, each decoded by a function made
once per class from the class's own field names (as :mod:`dataclasses` makes ``__init__``):
it fills the new object's fields in one step, without the frozen dataclass's ``__init__``
(one ``object.__setattr__`` per field), which checks nothing. Classes that do check their
values (a ``__post_init__``: a ladder's rungs, a Swiss match result) are still made through
their constructor. Equal results share one object, as :meth:`Result.parse` makes them share.
The generated source holds only field names (identifiers) and indexes, never anything read
from a cache: a cache is data, read by ``json`` alone.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import datetime as dt
import enum
import json
import operator
import re
import types
import typing
from fractions import Fraction
from typing import Any, Callable

from .diagnostics import Diagnostic, SourcePos
from .model import common as model_common
from .model import ladder as model_ladder
from .model import league as model_league
from .model import swiss as model_swiss
from .model import tournament as model_tournament


def _allowed() -> dict[str, type]:
    """The classes a cache may make: sitegen's model classes (dataclasses and enums) and
    ``Diagnostic``."""
    found: dict[str, type] = {"Diagnostic": Diagnostic}
    for module in (model_common, model_league, model_tournament, model_ladder, model_swiss):
        for name, value in vars(module).items():
            if (isinstance(value, type) and value.__module__ == module.__name__
                    and (dataclasses.is_dataclass(value) or issubclass(value, enum.Enum))):
                found[f"{module.__name__.rsplit('.', 1)[1]}.{name}"] = value
    return found


ALLOWED = _allowed()
NAMES = {cls: name for name, cls in ALLOWED.items()}

BY_REFERENCE: frozenset[type] = frozenset({model_league.Season})
"""Classes whose objects may be kept in a blob of their own and named by reference from
another (a league's seasons, :func:`sitegen.store.unit_blobs`): never written inline."""

SHARED: frozenset[type] = frozenset({model_common.Result})
"""Classes whose equal objects are made once per process (a result: a handful of values over
200,000 games; :meth:`sitegen.model.common.Result.parse` shares them too)."""

Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""(encode, decode) of one field's value."""

_SCALARS = (str, int, bool, float)


def field_codec(hint: Any) -> Codec | None:
    """Return (encode, decode) of a field's value by its type hint (``X | None`` included), or
    None to let JSON and the caller's hook write it."""
    inner, optional = _optional(hint)
    codec = _codec(inner)
    if codec is None or not optional:
        return codec
    return _or_none(codec[0]), _or_none(codec[1])


def _or_none(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else convert(v)


def _optional(hint: Any) -> tuple[Any, bool]:
    """Return ``(X, True)`` for the hint ``X | None``, else ``(hint, False)``."""
    args = typing.get_args(hint)
    if args and type(None) in args and len(args) == 2:
        return next(a for a in args if a is not type(None)), True
    return hint, False


def _codec(hint: Any) -> Codec | None:
    args = typing.get_args(hint)
    if hint is SourcePos:
        return list, _position
    if hint is dt.date:
        return (lambda v: v.toordinal()), _date
    if hint is Fraction:
        return (lambda v: [v.numerator, v.denominator]), (lambda v: Fraction(int(v[0]), int(v[1])))
    if isinstance(hint, type) and issubclass(hint, enum.Enum) and hint in NAMES:
        members = hint._value2member_map_
        return (lambda v: v.value), members.__getitem__
    if _inline(hint):
        return plan(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_codec(args[0])
    if typing.get_origin(hint) is tuple and args and all(_scalar(arg) for arg in args):
        return list, _flat_tuple  # a pair of ids (a group's positions are keyed by them)
    if typing.get_origin(hint) in (collections.abc.Mapping, dict) and args and args[0] is not str:
        return _mapping_codec(*args)
    return None


def _inline(hint: Any) -> bool:
    """Whether a model dataclass's objects are written inline (as lists of their fields)."""
    return (isinstance(hint, type) and hint in NAMES and dataclasses.is_dataclass(hint)
            and hint not in BY_REFERENCE)


def _tuple_codec(item: Any) -> Codec | None:
    """Return (encode, decode) of ``tuple[item, ...]``: of model objects of one class, each
    inline; of text or numbers, as JSON's list. None for any other."""
    if _inline(item):
        write, read = plan(item)
        return (lambda v: [write(x) for x in v]), (lambda v: tuple([read(x) for x in v]))
    if _scalar(item):
        return list, _flat_tuple
    return None


def _scalar(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, _SCALARS)


def _flat_tuple(v: list) -> tuple:
    """A tuple of text or numbers, from JSON's list."""
    if type(v) is not list:
        raise ValueError("not a list")
    return tuple(v)


def _mapping_codec(key_hint: Any, value_hint: Any) -> Codec:
    """Return (encode, decode) of a mapping whose keys are not text (JSON keys are): a list of
    ``[key, value]`` pairs, each written by its type."""
    identity = (lambda v: v, lambda v: tuples(v) if type(v) is list else v)
    write_key, read_key = field_codec(key_hint) or identity
    write_value, read_value = field_codec(value_hint) or identity
    return ((lambda m: [[write_key(k), write_value(v)] for k, v in m.items()]),
            (lambda pairs: {read_key(k): read_value(v) for k, v in pairs}))


_new_tuple = tuple.__new__


def _position(v: list) -> SourcePos:
    if len(v) != 3:
        raise ValueError("not a position")
    return _new_tuple(SourcePos, v)


_DATES: dict[int, dt.date] = {}


def _date(ordinal: int) -> dt.date:
    """The date of ``ordinal`` (the few thousand dates of an archive made once each)."""
    date = _DATES.get(ordinal)
    if date is None:
        date = _DATES[ordinal] = dt.date.fromordinal(int(ordinal))
    return date


def tuples(value: list) -> tuple:
    """Model objects hold tuples where JSON has lists."""
    return tuple([tuples(item) if type(item) is list else item for item in value])


def may_hold_tuple(hint: Any) -> bool:
    """Return False for a field whose type hint holds no tuple (text, numbers, ``X | None`` of
    those); True for anything else (tuples, unions, Any)."""
    args = typing.get_args(hint)
    if args and typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(may_hold_tuple(arg) for arg in args if arg is not type(None))
    return not (isinstance(hint, type) and issubclass(hint, _SCALARS))


# --------------------------------------------------------------------------- reading a cache's JSON


MAX_DEPTH = 48
"""How deeply a cache's JSON may nest (arrays and objects), on every Python. This sitegen writes
11 levels at most (synthetic archive at scale 0.3, the demo)."""

MAX_DIGITS = 19
"""The longest number a cache may hold (a file's mtime in ns has 19 digits): nothing larger
reaches the model objects (a date's ordinal, a round, a count that a loop would run through)."""


_DIGITS_AS_ZEROS = str.maketrans("123456789", "000000000")
_LONG_NUMBER = re.compile(r"(?<![.\d])\d{%d}" % (MAX_DIGITS + 1))
"""A whole number's digits (or a number's whole part) beyond :data:`MAX_DIGITS`: a run of
digits not after a decimal point (a fraction's digits are a float's, read by
:func:`_finite_float`)."""


def _long_number(outside: str) -> bool:
    """Whether JSON text without its strings (``outside``) holds a number of more than
    :data:`MAX_DIGITS` digits. In C (``str`` methods; the regular expression only where a run
    of that many digits is found at all): checking each number as the parser reads it (a
    ``parse_int`` hook, called for each of the 200,000 numbers of a cache at scale 0.3) took
    half as long again as the parsing (issue 31)."""
    return "0" * (MAX_DIGITS + 1) in outside.translate(_DIGITS_AS_ZEROS) and \
        _LONG_NUMBER.search(outside) is not None


def _finite_float(text: str) -> float:
    value = float(text)
    if value - value != 0.0:
        raise ValueError("a number is out of range")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def cache_loads(data: str | bytes, hook: Callable[[dict], Any] | None = None) -> Any:
    """``json.loads`` with the limits of an untrusted cache: numbers of at most
    :data:`MAX_DIGITS` digits, no NaN or Infinity, nesting at most :data:`MAX_DEPTH` deep.
    Raises ValueError (its message says which; the hook's errors pass through).

    The depth and the numbers' lengths are checked in the text before it is parsed
    (:func:`_nesting_within`, :func:`_long_number`), the same on every Python: the
    interpreter's recursion limit cannot bound the depth, as Python 3.12 and later count the C
    parser's levels apart from it (they refuse only some thousands of levels)."""
    if isinstance(data, (bytes, bytearray)):
        data = data.decode(json.detect_encoding(data), "surrogatepass")  # as json.loads does
    check_limits(data)
    return loads_unchecked(data, hook)


def check_limits(data: str | bytes) -> None:
    """Raise ValueError (its message says which) unless the JSON ``data`` keeps the limits of
    :func:`cache_loads`: its nesting and its numbers' lengths, checked in its text (in C)."""
    if isinstance(data, (bytes, bytearray)):
        data = data.decode(json.detect_encoding(data), "surrogatepass")  # as json.loads does
    outside = _outside_strings(data)
    if not _brackets_within(outside, MAX_DEPTH):
        raise ValueError("it is nested too deeply")
    if _long_number(outside):
        raise ValueError("a number has more than 19 digits")


def loads_unchecked(data: str | bytes, hook: Callable[[dict], Any] | None = None) -> Any:
    """The parse of :func:`cache_loads` without its check of the text (:func:`check_limits`):
    for text already checked, or whose check runs beside the parse and whose values are used
    only once it passed (sitegen.store.load_blobs_beside). No NaN or Infinity, the
    parser's own guard against deep nesting. Raises ValueError."""
    try:
        return json.loads(data, object_hook=hook, parse_float=_finite_float,
                          parse_constant=_no_constant)
    except RecursionError:  # the parser's own guard, in text that is not JSON
        raise ValueError("it is nested too deeply") from None


_ONLY_BRACKETS = str.maketrans("{}", "[]", "".join(chr(c) for c in range(128) if chr(c) not in "[]{}"))
"""A table for ``str.translate``: every ASCII character deleted but brackets, ``{}`` read as
``[]`` (in C; 10 times as fast as a regular expression's ``sub``)."""


def _outside_strings(text: str) -> str:
    """Return the JSON ``text`` without its strings: with its escaped backslashes and quotes
    taken out first (pairs of backslashes from the left, as JSON reads them, then
    backslash-quote), every quote left opens or closes a string. All in C (``str`` methods)."""
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    return "".join(unescaped.split('"')[::2])


def _nesting_within(text: str, depth: int) -> bool:
    """Whether the arrays and objects of the JSON ``text`` nest at most ``depth`` deep
    (:func:`_brackets_within` of its text outside strings)."""
    return _brackets_within(_outside_strings(text), depth)


def _brackets_within(outside: str, depth: int) -> bool:
    """Whether the arrays and objects of JSON text without its strings (``outside``) nest at
    most ``depth`` deep: with everything but brackets taken out, the innermost pairs ``[]``
    are removed ``depth`` times; a pair still left is deeper, and so is a run of more than
    ``depth`` opening brackets (looked for before each round: a forged chain thousands deep is
    refused at once, not peeled a pair a round). Text that is not JSON (unpaired or mismatched
    brackets) is left to the parser, which refuses it. All in C (``str`` methods): the demo's
    cache (700 kB) loads in 17-18 ms of CPU with it, 15 ms without (sitegen.store.load,
    minimum of 10, two runs each)."""
    brackets = outside.translate(_ONLY_BRACKETS)
    too_deep = "[" * (depth + 1)
    for _ in range(depth):
        if too_deep in brackets:
            return False
        inner = brackets.replace("[]", "")
        if not inner or len(inner) == len(brackets):
            return True
        brackets = inner
    return "[]" not in brackets


# --------------------------------------------------------------------------- plans


Plan = tuple[Callable[[Any], list], Callable[[list], Any]]

_PLANS: dict[type, Plan] = {}


def plan(cls: type) -> Plan:
    """Return (encode, decode) of a model dataclass's objects as lists of their fields.
    ``decode`` raises ValueError, TypeError, KeyError or IndexError for a list it cannot
    make an object of."""
    found = _PLANS.get(cls)
    if found is None:
        found = _PLANS[cls] = (_encoder(cls), _decoder(cls))
    return found


def _fields(cls: type) -> list[tuple[str, Codec | None, bool, bool]]:
    """Each field of ``cls``: its name, its codec (of ``X`` for ``X | None``), whether it may
    be None, and whether a list read for it is a tuple."""
    hints = typing.get_type_hints(cls)
    found = []
    for f in dataclasses.fields(cls):
        inner, optional = _optional(hints[f.name])
        codec = _codec(inner)
        found.append((f.name, codec, optional, codec is None and may_hold_tuple(hints[f.name])))
    return found


def _encoder(cls: type) -> Callable[[Any], list]:
    fields = _fields(cls)
    names = [name for name, _, _, _ in fields]
    typed = [(i, _or_none(codec[0]) if optional else codec[0])
             for i, (_, codec, optional, _) in enumerate(fields) if codec is not None]
    getter = operator.attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),))

    def encode(obj: Any) -> list:
        values = list(getter(obj))
        for i, write in typed:
            values[i] = write(values[i])
        return values
    return encode


def _decoder(cls: type) -> Callable[[list], Any]:
    """Return the function that makes a ``cls`` from the list of its fields (see the module's
    docstring), generated from the class's field names (identifiers) and the fields' codecs."""
    fields = _fields(cls)
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__, "set": object.__setattr__,
                                 "tuples": tuples, "memo": {}}
    values = []
    for i, (name, codec, optional, listy) in enumerate(fields):
        if not name.isidentifier():  # pragma: no cover - dataclasses' fields are identifiers
            raise ValueError(f"{cls.__name__}.{name}")
        value = f"v[{i}]"
        if codec is not None:
            namespace[f"read{i}"] = codec[1]
            value = f"(None if {value} is None else read{i}({value}))" if optional else f"read{i}({value})"
        elif listy:
            value = f"(tuples({value}) if type({value}) is list else {value})"
        values.append((name, value))
    shared = cls in SHARED
    lines = ["def decode(v):",
             f"    if type(v) is not list or len(v) != {len(fields)}:",
             f"        raise ValueError({cls.__name__!r})"]
    if shared:
        lines += ["    key = tuple(v)", "    obj = memo.get(key)", "    if obj is not None:",
                  "        return obj"]
    if _plain(cls):
        lines += ["    obj = new(cls)",
                  "    set(obj, '__dict__', {" + ", ".join(f"{name!r}: {value}" for name, value in values) + "})"]
    else:
        lines += ["    obj = cls(" + ", ".join(value for _, value in values) + ")"]
    if shared:
        lines += ["    memo[key] = obj"]
    lines += ["    return obj"]
    exec("\n".join(lines), namespace)  # noqa: S102 - our own classes' field names, see above
    return namespace["decode"]


def _plain(cls: type) -> bool:
    """Whether ``cls``'s objects are fully made by setting their fields: a dataclass without
    ``__slots__`` whose ``__init__`` only stores its arguments (no ``__post_init__``)."""
    return (dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__")
            and "__slots__" not in vars(cls) and all(f.init for f in dataclasses.fields(cls)))
