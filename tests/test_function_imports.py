"""Imports at the top (issue 29): every import inside a function of sitegen/ is listed here with
the reason it stays there; any other goes to the top of its module (the structure check counts a
function's imports too, so moving one up never makes an import cycle). A new one fails
:func:`test_function_level_imports_are_listed` until it moves up or is listed with its reason;
one that goes must leave the list too."""

from __future__ import annotations

import ast
from pathlib import Path

SITEGEN = Path(__file__).resolve().parent.parent / "sitegen"

START_UP = ("the command line imports a command's modules only when that command runs "
            "(import sitegen.cli: about 55 ms; with the build's modules about 350 ms)")
BABEL = ("Babel (about 30 ms to import) loads only when a text is worded in a language: "
         "result add, diff and the engine's tests never load it")
CACHED = ("a build with the cache that keeps a rule set's units does not import what only a "
          "changed unit needs (issue 31: tests/test_build_cache.py, "
          "test_a_cached_build_after_a_league_result_imports_no_other_validator)")
PLATFORM = "a platform's own module: fcntl exists only on POSIX, msvcrt only on Windows"

STAYING = {
    ("cli.py", "_progress", ".progress"): START_UP,
    ("cli.py", "_result_request", ".results.request"): START_UP,
    ("cli.py", "_build", ".commands.build"): START_UP,
    ("cli.py", "_check", ".commands.check"): START_UP,
    ("cli.py", "_import", ".commands.importing"): START_UP,
    ("cli.py", "_next_season", ".commands.next_season"): START_UP,
    ("cli.py", "_pair", ".commands.pair"): START_UP,
    ("cli.py", "_handicap", ".commands.handicap"): START_UP,
    ("cli.py", "_serve", ".commands.serve"): START_UP,
    ("cli.py", "_diff", ".commands.diff"): START_UP,
    ("cli.py", "_new", ".commands.new"): START_UP,
    ("cli.py", "_player", ".commands.player"): START_UP,
    ("cli.py", "_result", ".commands.result"): START_UP,
    ("cli.py", "_print_summary", ".census"): START_UP,
    ("i18n.py", "translations", "babel.messages.mofile"): BABEL,
    ("i18n.py", "translations", "babel.messages.pofile"): BABEL,
    ("i18n.py", "translations", "babel.support"): BABEL,
    ("i18n.py", "_locale", "babel"): BABEL,
    ("i18n.py", "spelled_date", "babel.dates"): BABEL,
    ("i18n.py", "_pattern", "babel.dates"): BABEL,
    ("i18n.py", "date_range_texts", "babel.dates"): BABEL,
    ("i18n.py", "format_chart_month", "babel.dates"): BABEL,
    ("i18n.py", "format_decimal", "babel.numbers"): BABEL,
    ("cli.py", "__call__", ".version"): "importlib.metadata, for --version only: " + CACHED,
    ("pages/ladder.py", "load_ladder", "..validate.ladder"): CACHED,
    ("pages/swiss.py", "load_swiss_league", "..validate.swiss"): CACHED,
    ("pages/tournament.py", "load_tournament", "..validate.tournament"): CACHED,
    ("pages/tournament.py", "write_h9", "..formats.h9"): CACHED,
    ("render.py", "__call__", "markdown_it"): "markdown-it, when a page's Markdown is rendered: " + CACHED,
    ("results/check.py", "check_tournament", "..validate.tournament"): "result add's description sits beside "
        "the tournament planner, which every build imports: " + CACHED,
    ("results/entry.py", "enter_tournament", "..validate.tournament"): "result add's description sits beside "
        "the tournament planner, which every build imports: " + CACHED,
    ("progress.py", "__init__", "tqdm"): "tqdm (about 45 ms to import) loads only when bars are "
                                         "drawn, on a terminal",
    ("write.py", "_try_lock", "fcntl"): PLATFORM,
    ("write.py", "_try_lock", "msvcrt"): PLATFORM,
    ("write.py", "_unlock", "fcntl"): PLATFORM,
    ("write.py", "_unlock", "msvcrt"): PLATFORM,
}
"""``(module, function, imported module)``: an import inside a function that stays, and why."""


def function_imports(tree: ast.Module) -> set[tuple[str, str]]:
    """Return ``(function, imported module)`` of every import inside a function of ``tree``
    (a relative one with its dots, ``.commands.build``)."""
    found = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found.update((function.name, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                found.add((function.name, "." * node.level + (node.module or "")))
    return found


def test_function_level_imports_are_listed():
    """Every import inside a function of sitegen/ is one of :data:`STAYING`, and each listed
    one is still there."""
    seen = {}
    for path in sorted(SITEGEN.rglob("*.py")):
        module = path.relative_to(SITEGEN).as_posix()
        for function, imported in function_imports(ast.parse(path.read_text(encoding="utf-8"))):
            seen[(module, function, imported)] = STAYING.get((module, function, imported), "NOT LISTED")
    assert seen == STAYING


def test_the_scan_finds_an_import_in_a_function_and_not_at_the_top():
    """The scan can fail: it finds ``import x`` and ``from ..y import z`` in a function or a
    method, and not an import at the top of a module."""
    tree = ast.parse("import os\n"
                     "def f():\n    import errno\n"
                     "class C:\n    def m(self):\n        from ..load import load_yaml_file\n")
    assert function_imports(tree) == {("f", "errno"), ("m", "..load")}
