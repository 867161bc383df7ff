"""The rule sets, in the order their pages and sections appear on the site, and the one load
path of every command.

:data:`RULE_SETS` is the one list of the rule sets' descriptions (:class:`sitegen.ruleset.RuleSet`,
each defined beside its planner); everything that treats the rule sets alike iterates it.

``load_content(content_dir)`` is the front of the pipeline (load -> validate) for every command
but build, check and serve: it reads every content file, reports every problem it finds in one
pass, and raises :class:`~sitegen.diagnostics.SitegenError` carrying them all if there is any
error. Those three load the same units the same way, unit by unit (:func:`load_unit`,
``sitegen.pipeline.load_units``; tests/test_load_paths.py compares the two). A command of one
rule set alone finds its description with :func:`holding` (``league next-season``, ``pair``,
``handicap``, ``import``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from .diagnostics import Diagnostics, SitegenError
from .load import texts_instead
from .model import Content
from .pages.ladder import LADDERS
from .pages.league import LEAGUES
from .pages.swiss import SWISS_LEAGUES
from .pages.tournament import TOURNAMENTS
from .remembered import Remembered
from .ruleset import RuleSet
from .validate import Common, read_common, shown_path
from .validate.league import PlayerRefs
from .validate.records import RecordReader

RULE_SETS: tuple[RuleSet, ...] = (LEAGUES, TOURNAMENTS, LADDERS, SWISS_LEAGUES)
"""Every rule set, in the order their pages and sections appear on the site."""

Unit = tuple[str, str]
"""A unit of a rule set: ``(rule set's name, folder or file name)``, e.g. ``("tournaments", "t1.yaml")``."""


def rule_set(name: str) -> RuleSet:
    """Return the rule set named ``name`` (its folder). Raises ValueError for another name."""
    for found in RULE_SETS:
        if found.name == name:
            return found
    raise ValueError(f"unknown rule set {name!r}")


def holding(model: type) -> RuleSet:
    """Return the rule set whose competitions are ``model`` objects (``League``: the leagues').

    A command of one rule set alone (``sitegen league next-season``, ``sitegen pair``,
    ``sitegen handicap``) finds its description here, in :data:`RULE_SETS`, and takes from it
    where its competitions are (:meth:`~sitegen.ruleset.RuleSet.folder`,
    :meth:`~sitegen.ruleset.RuleSet.competitions`) and how a unit is loaded and validated: a
    description changed in the tuple alone changes those commands too (tests/test_rule_sets.py).
    Raises ValueError when no rule set holds ``model``."""
    for found in RULE_SETS:
        if found.model is model:
            return found
    raise ValueError(f"no rule set holds {model.__name__} objects")


def load_content(content_dir: Path, instead: Mapping[Path, str] | None = None) -> Content:
    """Load and validate everything under ``content_dir``; ``instead``: texts read in place of
    those files (:func:`sitegen.load.texts_instead`), the content as a command is about to write
    it, checked exactly as a build will read it before anything is written.

    Raises SitegenError with every diagnostic when any error was found.
    """
    diags = Diagnostics()
    with texts_instead(instead or {}):
        content = read_content(content_dir, diags)
    if diags.has_errors or content is None:
        raise SitegenError(diags.sorted())
    return content


def read_content(content_dir: Path, diags: Diagnostics) -> Content | None:
    """Read and validate the content folder, recording problems in ``diags``."""
    common = read_common(content_dir, diags)
    if common is None:
        return None
    return assemble(common, {found.name: load_rule_set(found, content_dir, common, diags)
                             for found in RULE_SETS})


def load_rule_set(found: RuleSet, content_dir: Path, common: Common, diags: Diagnostics,
                  remembered: Remembered | None = None) -> tuple:
    """Load one rule set's folder unit by unit: a tuple of its leagues, tournaments, ladders or
    Swiss leagues. Problems are recorded in ``diags``. ``remembered``: what the last builds of
    this process read and replayed (sitegen.remembered; None: nothing is remembered).

    Every command loads a rule set through here or, in an incremental build, through
    :func:`load_unit` one unit at a time (``sitegen.pipeline.load_units``): the same units,
    read the same way (tests/test_load_paths.py)."""
    refs = PlayerRefs(common.players, diags, complete=common.complete, records=RecordReader(content_dir),
                      remembered=remembered)
    return load_units_of(found, content_dir, refs, diags)


def load_units_of(found: RuleSet, content_dir: Path, refs: PlayerRefs, diags: Diagnostics) -> tuple:
    """Load every unit of rule set ``found`` (:func:`unit_list`, :func:`load_unit`) against the
    players of ``refs``: a tuple of its model objects. ``sitegen import`` reads the tournaments
    so, against the players files alone."""
    loaded: list = []
    for unit in unit_list(found, content_dir):
        loaded.extend(load_unit(unit, content_dir, refs, diags))
    return tuple(loaded)


def unit_list(found: RuleSet, content_dir: Path) -> list[Unit]:
    """Return the units of rule set ``found`` in the order they are read (``found.units``:
    its folders or its ``*.yaml`` files, sorted by name)."""
    folder = found.folder(content_dir)
    if not folder.is_dir():
        return []
    return [(found.name, entry) for entry in found.units.entries(folder)]


def load_unit(unit: Unit, content_dir: Path, refs: PlayerRefs, diags: Diagnostics,
              apart_loader: Any = None) -> tuple:
    """Load one unit; return its model object in a tuple (empty when it is unusable).
    ``apart_loader``: the loader of the unit's files validated apart (a league's seasons),
    :attr:`sitegen.ruleset.RuleSet.load_apart` by default."""
    name, entry = unit
    loaded = rule_set(name).load_unit(content_dir / name / entry, f"{shown_path(content_dir)}/{name}/{entry}",
                                      refs, diags, apart_loader)
    return () if loaded is None else (loaded,)


def assemble(common: Common, parts: dict[str, tuple]) -> Content:
    """Return the Content of ``common`` and the loaded rule sets, by name (missing ones are
    empty)."""
    return Content(common.config, common.players, pages=common.pages,
                   **{found.field: parts.get(found.name, ()) for found in RULE_SETS})
