"""No new process-wide state (issue 29): every module-level name of sitegen/ bound to a mutable
container (a dict, list or set literal or comprehension; dict(), list(), set(), defaultdict(),
Counter(), OrderedDict(), deque(), bytearray()) that its module changes in place, every
``remembered.table()`` (a registry's table, as sitegen.remembered made before issue 29) and every
``global`` statement is listed here with the reason it stays
(a table only read, e.g. ``{"B+": ...}``, is a constant and not listed). A new one fails :func:`test_module_state_is_listed`
until it is passed explicitly instead (as ``Progress`` is) or listed with its reason; one that
goes must leave the list too."""

from __future__ import annotations

import ast
from pathlib import Path

SITEGEN = Path(__file__).resolve().parent.parent / "sitegen"

MUTABLE_CALLS = frozenset({"dict", "list", "set", "defaultdict", "Counter", "OrderedDict", "deque",
                           "bytearray", "table"})
"""Calls that make a mutable container (``table``: a registry's table, as the module-level
tables of sitegen.remembered were before issue 29 made them one object the dev server owns)."""

MUTABLE_NODES = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


def _top_level(body: list[ast.stmt]):
    """The module's own statements, through ``if``/``try``/``with`` blocks (not functions)."""
    for node in body:
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody"):
                yield from _top_level(getattr(node, block, []))
            for handler in getattr(node, "handlers", []):
                yield from _top_level(handler.body)


def _mutable(value: ast.expr | None) -> bool:
    if isinstance(value, MUTABLE_NODES):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in MUTABLE_CALLS
    return False


MUTATORS = frozenset({"append", "add", "update", "setdefault", "pop", "popitem", "clear", "extend",
                      "insert", "remove", "discard", "appendleft", "sort", "reverse", "__setitem__"})
"""Methods that change a container in place."""


def _mutated(tree: ast.Module, names: set[str]) -> set[str]:
    """Return those of ``names`` that the module changes in place anywhere (an item set or
    deleted, an augmented assignment, a changing method called)."""
    found = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            while isinstance(target, (ast.Subscript, ast.Attribute)):
                target = target.value
                if isinstance(target, ast.Name) and target.id in names:
                    found.add(target.id)
            if isinstance(node, ast.AugAssign) and isinstance(target, ast.Name) and target.id in names:
                found.add(target.id)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            base = node.func.value
            while isinstance(base, (ast.Subscript, ast.Attribute, ast.Call)):
                base = base.func if isinstance(base, ast.Call) else base.value
            if isinstance(base, ast.Name) and base.id in names:
                found.add(base.id)
    return found


def module_state(source: str) -> set[str]:
    """Return the module-level names ``source`` binds to a mutable container that it changes
    in place, those it binds to a ``remembered.table()`` (a table of this process), and the
    names of its ``global`` statements (``NAME (global)``)."""
    tree = ast.parse(source)
    bound, tables = set(), set()
    for node in _top_level(tree.body):
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        names = {target.id for target in targets if isinstance(target, ast.Name)}
        if _mutable(value):
            bound |= names
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "table":
                tables |= names
    found = tables | _mutated(tree, bound)
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found |= {f"{name} (global)" for name in node.names}
    return found


def sitegen_state() -> set[str]:
    return {f"{path.relative_to(SITEGEN.parent).as_posix()}:{name}"
            for path in sorted(SITEGEN.rglob("*.py")) for name in module_state(path.read_text(encoding="utf-8"))}


ALLOWED: dict[str, str] = {
    # Memo tables of values computed from a type or a number, the same in every build: they
    # change no output and hold nothing of the content.
    "sitegen/depends.py:_COMPARED": "each dataclass's compared fields, by class (from the class alone)",
    "sitegen/modeljson.py:_DATES": "dates by ordinal, read back from the cache (a date is immutable)",
    "sitegen/modeljson.py:_PLANS": "each model class's encoding plan, by class (from the class alone)",
    "sitegen/standins.py:_CLASSES": "each model class's stand-in class, by class (from the class alone)",
    # The handing of values to forked workers (structure-check exempts this one module).
    "sitegen/workers.py:_SHARED (global)": "what forked render workers inherit instead of a pickle",
    "sitegen/workers.py:_RELAY (global)": "the channel forked workers report progress through",
}
"""Every piece of module-level state that stays, with its reason (``path:NAME``)."""


def test_module_state_is_listed():
    """New process-wide state fails here (pass it explicitly, or list it with its reason); state
    that went must leave the list (sitegen.load's file counter and the remembered tables of
    load, validate, engine and pages went: issue 29)."""
    found = sitegen_state()
    assert sorted(found - set(ALLOWED)) == [] and sorted(set(ALLOWED) - found) == []


def test_module_state_finds_each_form():
    """The check finds each form of module-level mutable state, and no constant."""
    source = """
import collections
from . import remembered
A = {}
B: list[int] = []
C = {1, 2}
D = {k: 1 for k in "ab"}
E = dict()
F = collections.defaultdict(list)
G = remembered.table()
if True:
    H = []
try:
    I = set()
except ImportError:
    pass
TABLE = {"a": 1}
CONSTANT = (1, 2)
FROZEN = frozenset({1})

def f(key):
    local = []
    local.append(1)
    A[key] = 1
    B.append(key)
    C.discard(key)
    del D[key]
    E.setdefault(key, []).append(1)
    F[key].append(1)
    H.extend(local)
    I.add(key)
    global J
    J = TABLE[key]
"""
    assert module_state(source) == {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J (global)"}
