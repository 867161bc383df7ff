"""Stand-ins of model objects that a cached build keeps without decoding them (issue 31).

A rule set whose units are validated apart (a league's seasons) may say, through its
description (:class:`sitegen.ruleset.KeptApart`), which fields of its model objects are read by
every build (``eager``: a season's id, name, dates and who played in which group) and what its
site-wide lists need of the rest (its *summary*: each game's players, result and date for the
home page's results, the head-to-head records, the dates and the feed). The build cache
(:mod:`sitegen.store`) then keeps, beside each such unit's blob, its summary and its
*skeleton* (the eager fields), and gives the build a stand-in: an object of a subclass of the
model class whose eager fields are set and whose other fields are read from the unit's blob
when first read (then the whole unit is decoded and every stand-in of it filled in: from then
on it is the model object in all but its class). The site-wide lists read the summary
(:func:`kept_summary`) instead of the objects: a unit kept from the last build is never decoded
unless something reads one of its other fields.

Nothing here names a rule set or a model class. A stand-in is not equal (``==``) to the model
object it stands for (dataclasses compare classes): nothing in a build compares kept units so.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

SUMMARY = "\x00summary"
"""The key of a stand-in's summary in its ``__dict__`` (never a field name)."""
_LOAD = "\x00load"
"""The key of a stand-in's loader in its ``__dict__``: fills in every stand-in of its unit."""

Eager = Mapping[type, tuple[str, ...]]
"""Per model class, the fields a stand-in of it holds from the start (the skeleton's)."""


class _Deferred:
    """A field of a stand-in's class that the unit's blob gives when first read (a descriptor
    without ``__set__``: once filled in, the instance's own value is read directly)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        obj.__dict__[_LOAD]()
        return obj.__dict__[self.name]


_CLASSES: dict[type, type] = {}


def standin_class(cls: type) -> type:
    """Return the class of stand-ins of the dataclass ``cls`` (made once): a subclass whose
    every field is read from the unit's blob until the stand-in holds it."""
    made = _CLASSES.get(cls)
    if made is None:
        members: dict[str, Any] = {field.name: _Deferred(field.name) for field in dataclasses.fields(cls)}
        members.update(__module__=cls.__module__, __qualname__=cls.__qualname__, __slots__=(),
                       __reduce__=_reduce, standin_of=cls)
        made = _CLASSES[cls] = type(cls.__name__, (cls,), members)
    return made


def real_class(cls: type) -> type:
    """Return the model class of a stand-in class, else ``cls`` itself."""
    return getattr(cls, "standin_of", cls) if cls in _CLASSES.values() else cls


def _reduce(self: Any) -> tuple:
    """Pickle a stand-in as its model object (decoding it first)."""
    cls = type(self).standin_of
    values = {field.name: getattr(self, field.name) for field in dataclasses.fields(cls)}
    return (_made, (cls, values))


def _made(cls: type, values: dict[str, Any]) -> Any:
    obj: Any = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def kept_summary(obj: Any) -> Any:
    """Return the summary a stand-in was kept with (:class:`sitegen.ruleset.KeptApart`), or
    None for a model object made in this build (its lists are worked out from its fields)."""
    return getattr(obj, "__dict__", {}).get(SUMMARY)


def skeleton(obj: Any, eager: Eager) -> Any:
    """Return the eager fields of ``obj`` (a model object of a class of ``eager``) as JSON
    values: a model object as ``{"k": class index, "v": [its eager fields' values]}`` (the
    classes numbered in ``eager``'s order), a tuple as a list, anything else as it is (dates
    and other values are the cache encoder's)."""
    order = list(eager)
    return _skeleton(obj, eager, order)


def _skeleton(value: Any, eager: Eager, order: list[type]) -> Any:
    cls = real_class(type(value))
    if cls in eager:
        return {"k": order.index(cls), "v": [_skeleton(getattr(value, name), eager, order) for name in eager[cls]]}
    if type(value) is tuple:
        return [_skeleton(item, eager, order) for item in value]
    return value


def standin(found: Any, eager: Eager, summary: Any, load: Callable[[], Any],
            read: Callable[[Any, Any], Any] | None = None) -> Any:
    """Return the stand-in of a :func:`skeleton` ``found`` (JSON values, read back), kept with
    ``summary``, or with ``read(stand-in, summary)`` when given (the summary checked and made
    what its readers take; it may read the stand-in's skeleton); ``load()`` returns the unit's
    model object when a deferred field is first read (it raises what the blob's checks raise).
    Raises ValueError, KeyError, IndexError or TypeError for a skeleton that is not one of
    ``eager``'s (or what ``read`` raises for a summary that is not one)."""
    order = list(eager)
    made: list[Any] = []
    top = _standin(found, eager, order, made)
    if not made:
        raise ValueError("a skeleton without a model object")

    def fill() -> None:
        real = load()
        if real_class(type(real)) is not real_class(type(top)):
            raise ValueError("the unit's blob holds another kind of object")
        _fill(top, real, eager)

    for obj in made:
        obj.__dict__[_LOAD] = fill
    top.__dict__[SUMMARY] = summary if read is None else read(top, summary)
    return top


def _standin(value: Any, eager: Eager, order: list[type], made: list[Any]) -> Any:
    if type(value) is list:
        return tuple(_standin(item, eager, order, made) for item in value)
    if type(value) is not dict:
        return value
    if value.keys() != {"k", "v"}:
        raise ValueError("not a skeleton")
    cls = order[value["k"]]
    names = eager[cls]
    values = value["v"]
    if type(values) is not list or len(values) != len(names):
        raise ValueError("not a skeleton")
    obj: Any = object.__new__(standin_class(cls))
    for name, item in zip(names, values):
        obj.__dict__[name] = _standin(item, eager, order, made)
    made.append(obj)
    return obj


def _fill(obj: Any, real: Any, eager: Eager) -> None:
    """Give the stand-in ``obj`` every field of ``real`` (its eager fields' stand-ins filled in
    the same way, so that what was handed out stays valid). Raises ValueError when ``real``'s
    eager fields are not the stand-in's (the blob is not the unit the summary was made from)."""
    own = obj.__dict__
    if own.get(_LOAD) is None:
        return
    cls = type(obj).standin_of
    if type(real) is not cls:
        raise ValueError("the unit's blob does not hold what its summary says")
    kept = eager[cls]
    for field in dataclasses.fields(cls):
        name = field.name
        value = getattr(real, name)
        if name in kept:
            _fill_value(own[name], value, eager)
        else:
            own[name] = value
    own[_LOAD] = None
    del own[_LOAD]


def _fill_value(mine: Any, real: Any, eager: Eager) -> None:
    if type(mine) is tuple:
        if type(real) is not tuple or len(real) != len(mine):
            raise ValueError("the unit's blob does not hold what its summary says")
        for a, b in zip(mine, real):
            _fill_value(a, b, eager)
    elif real_class(type(mine)) in eager and type(mine) is not real_class(type(mine)):
        _fill(mine, real, eager)
    elif mine != real:
        raise ValueError("the unit's blob does not hold what its summary says")
