"""One description per rule set (issue 29): every rule set is a :class:`sitegen.ruleset.RuleSet`
defined beside its planner and listed once in :data:`sitegen.rulesets.RULE_SETS`; everything
else iterates that tuple.

Two checks: no module compares a value with a rule set's name (or lists rule sets by name in a
table) outside the descriptions, except the places listed below with their reason; and a
description changed in the tuple alone changes the load path of every command, the build and
which unit reads a file (nothing else holds a copy of it)."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import test_ladder_site as ladder_site  # noqa: E402
import test_swiss_site as swiss_site  # noqa: E402
from small_league import PLAYERS as LEAGUE_PLAYERS  # noqa: E402
from small_league import SEASON_2024  # noqa: E402

from sitegen import cli, rulesets  # noqa: E402
from sitegen.commands.handicap import ladder_of  # noqa: E402
from sitegen.commands.next_season import next_season_command  # noqa: E402
from sitegen.commands.pair import pair  # noqa: E402
from sitegen.depends import unit_of  # noqa: E402
from sitegen.model.common import Player  # noqa: E402
from sitegen.model.league import League  # noqa: E402
from sitegen.model.swiss import SwissLeague  # noqa: E402
from sitegen.pages.ladder import LADDERS  # noqa: E402
from sitegen.diagnostics import SitegenError  # noqa: E402
from sitegen.pipeline import prepare  # noqa: E402
from sitegen.results.request import ResultRequest  # noqa: E402
from sitegen.results.target import competition_names, find_target  # noqa: E402
from sitegen.ruleset import RuleSet  # noqa: E402
from sitegen.validate import RESERVED_SLUGS  # noqa: E402

SITEGEN = Path(__file__).resolve().parent.parent / "sitegen"

NAMED_ELSEWHERE: dict[tuple[str, str], str] = {
    ("rule_links.py", "ladder"): "the rule texts the pages cite, keyed by their citations' prefixes "
                                 "('placement: SOS', 'ladder: handicap', 'swiss: pairings'), not rule sets",
    ("pages/cited_rules.py", "ladder"): "the same rule texts' words on their rules pages (stop 51)",
}
"""``(module, rule set's name)``: where a module still names a rule set, and why. No rule set is
chosen by its name: the commands of one rule set alone (``league next-season``, ``pair``,
``handicap``) find their description by its model class (:func:`sitegen.rulesets.holding`), and
the command line runs a command through the runner its parser sets, comparing no name; the
two tables left are keyed by the rule texts' names ("ladder", "swiss"), which two rule sets
share. A new one fails
:func:`test_no_rule_set_is_named_outside_its_description` until listed here with its reason."""

READ_ELSEWHERE: dict[tuple[str, str], str] = {}
"""``(module, Content field)``: where a module outside the descriptions reads a rule set's
tuple of the content itself (``content.leagues``) rather than through :data:`RULE_SETS`, and
why. None is left: what is a league's alone (its commands, the division path chart of a player's
page, a cached build's outline of a league's seasons) takes the leagues through their
description too (``holding(League).competitions(content)``). A new one fails
:func:`test_no_rule_set_is_read_by_its_field_outside_its_description` until listed here."""

DESCRIPTIONS = {"pages/league.py", "pages/tournament.py", "pages/ladder.py", "pages/swiss.py"}
"""The modules defining the descriptions (they may name their own rule set)."""


def _named(tree: ast.Module, names: set[str]) -> set[str]:
    """Return the rule-set names (folders or Content fields) ``tree`` compares a value with
    (``x == "leagues"``, ``x in ("leagues", "swiss")``) or lists as two or more keys of one
    table (``{"leagues": ..., "swiss": ...}``, a registry)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                items = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                found.update(item.value for item in items
                             if isinstance(item, ast.Constant) and item.value in names)
        elif isinstance(node, ast.Dict):
            keys = {key.value for key in node.keys if isinstance(key, ast.Constant) and key.value in names}
            if len(keys) >= 2:
                found.add(min(keys))
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant):
            if node.value.value in names:
                found.add(node.value.value)
    return found


def test_no_rule_set_is_named_outside_its_description():
    """No module chooses what to do by a rule set's name (its folder, its Content field or its
    kind, ``target.kind == "swiss"``) outside the descriptions: a rule set
    added to RULE_SETS is then loaded, planned, split and cached like the others."""
    names = ({found.name for found in rulesets.RULE_SETS} | {found.field for found in rulesets.RULE_SETS}
             | {found.entered.kind for found in rulesets.RULE_SETS})
    assert names == {"leagues", "tournaments", "ladders", "swiss", "swiss_leagues", "league", "tournament", "ladder"}
    seen = {}
    for path in sorted(SITEGEN.rglob("*.py")):
        module = path.relative_to(SITEGEN).as_posix()
        if module in DESCRIPTIONS:
            continue
        for name in _named(ast.parse(path.read_text(encoding="utf-8")), names):
            seen[(module, name)] = NAMED_ELSEWHERE.get((module, name), "NOT LISTED")
    assert seen == NAMED_ELSEWHERE


def _fields_read(tree: ast.Module, fields: set[str]) -> set[str]:
    """Return the Content fields ``tree`` reads from a value named ``content`` (``content.leagues``,
    ``self.content.ladders``)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in fields:
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "content") or (
                    isinstance(owner, ast.Attribute) and owner.attr == "content"):
                found.add(node.attr)
    return found


def test_no_rule_set_is_read_by_its_field_outside_its_description():
    """The site-wide parts (game records, head-to-head records, "last updated" dates, the feed,
    the player pages' cards, the menu, the search, the home page) take a rule set's competitions
    through its description; the places left are :data:`READ_ELSEWHERE`, with their reason."""
    fields = {found.field for found in rulesets.RULE_SETS}
    seen = {}
    for path in sorted(SITEGEN.rglob("*.py")):
        module = path.relative_to(SITEGEN).as_posix()
        if module in DESCRIPTIONS:
            continue
        for name in _fields_read(ast.parse(path.read_text(encoding="utf-8")), fields):
            seen[(module, name)] = READ_ELSEWHERE.get((module, name), "NOT LISTED")
    assert seen == READ_ELSEWHERE
    assert _fields_read(ast.parse("for t in self.content.tournaments: pass\nx = content.ladders\n"
                                  "y = league.tournaments"), fields) == {"tournaments", "ladders"}


def test_the_scan_finds_a_registry_and_a_comparison():
    """The scan above can fail: it finds an if/elif on a name, a membership test and a table."""
    names = {"leagues", "tournaments", "swiss"}
    assert _named(ast.parse('if unit[0] == "leagues": pass'), names) == {"leagues"}
    assert _named(ast.parse('ok = top in ("tournaments", "ladders")'), names) == {"tournaments"}
    assert _named(ast.parse('COST = {"swiss": 2.0, "leagues": 1.0}'), names) == {"leagues"}
    assert _named(ast.parse('COST = {"swiss": 2.0}'), names) == set()


def test_the_tuple_holds_one_description_per_rule_set():
    """Four descriptions, in the site's order, names and fields distinct; each a frozen value."""
    found = rulesets.RULE_SETS
    assert [r.name for r in found] == ["leagues", "tournaments", "ladders", "swiss"]
    assert [r.field for r in found] == ["leagues", "tournaments", "ladders", "swiss_leagues"]
    assert [r.work_per_byte for r in found] == [1.0, 2.0, 1.5, 2.0]
    assert [r.load_apart is not None for r in found] == [True, False, False, False]
    assert [r.counted.kind for r in found] == ["leagues", "tournaments", "ladders", "Swiss leagues"]
    assert [r.entered.kind for r in found] == ["league", "tournament", "ladder", "swiss"]
    assert [r.entered.rounds for r in found] == [False, True, False, True]
    assert [r.entered.dated for r in found] == [True, False, True, False]
    assert [r.entered.settle is not None for r in found] == [True, False, False, False]
    assert [r.entered.no_winner is not None for r in found] == [False, False, False, True]
    assert [r.entered.worded is not None for r in found] == [False, False, False, True]
    assert [r.entered.no_date is not None for r in found] == [False, True, False, True]
    assert [r.carded.template for r in found] == [f"partials/player_{kind}.html"
                                                  for kind in ("league", "tournament", "ladder", "swiss")]
    assert [r.carded.paired for r in found] == [False, True, False, True]
    assert [r.summarized.__name__ for r in found] == ["league_facts", "tournament_facts", "ladder_facts",
                                                      "swiss_facts"]
    assert [r.model.__name__ for r in found] == ["League", "Tournament", "ClubLadder", "SwissLeague"]
    assert [rulesets.holding(r.model) for r in found] == list(found)
    assert all(isinstance(r, RuleSet) and dataclasses.is_dataclass(r) for r in found)
    with pytest.raises(dataclasses.FrozenInstanceError):
        found[0].name = "other"  # type: ignore[misc]
    assert rulesets.rule_set("swiss") is found[3]
    with pytest.raises(ValueError, match="unknown rule set 'quiz'"):
        rulesets.rule_set("quiz")


def test_what_cannot_read_the_tuple_agrees_with_it():
    """Two lists sit below :mod:`sitegen.rulesets` and cannot read the tuple, so they are tied
    to it here: ``sitegen new --kind``'s choices (the command line imports no rule set, to
    start quickly) are the descriptions' kinds, and a Markdown page cannot take a rule set's
    folder as its address (``validate.RESERVED_SLUGS``; validation is below the descriptions)."""
    kinds = [found.entered.kind for found in rulesets.RULE_SETS]
    new = next(action for action in _subcommand(cli._parser(), "new")._actions if action.dest == "kind")
    assert list(new.choices) == kinds == ["league", "tournament", "ladder", "swiss"]
    assert {found.name for found in rulesets.RULE_SETS} <= set(RESERVED_SLUGS)
    assert [found.scaffolded.address.split("/")[0] for found in rulesets.RULE_SETS] == [
        found.name for found in rulesets.RULE_SETS]


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """Return the parser of ``sitegen NAME``."""
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return commands.choices[name]


def test_a_description_changed_in_the_tuple_changes_every_place(tmp_path, monkeypatch):
    """The ladders' description moved to another folder (``content/clubs/``), in the tuple alone:
    the editing commands' load path, the build, the cache's map of files to units and the
    targets of ``result add`` all read the ladder there, and no longer under ``ladders/``."""
    clubs = dataclasses.replace(LADDERS, name="clubs")
    monkeypatch.setattr(rulesets, "RULE_SETS", tuple(clubs if r is LADDERS else r for r in rulesets.RULE_SETS))
    content = tmp_path / "content"
    (content / "clubs").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Test\n", encoding="utf-8")
    (content / "players.yaml").write_text(ladder_site.PLAYERS, encoding="utf-8")
    (content / "clubs" / "small.yaml").write_text(ladder_site.SMALL_LADDER, encoding="utf-8")
    assert [club.id for club in rulesets.load_content(content).ladders] == ["small"]
    built, plan = prepare(content, jobs=1)
    assert [club.id for club in built.ladders] == ["small"]
    assert "ladders/small/index.html" in plan.paths()
    assert unit_of("clubs/small.yaml") == ("clubs", "small.yaml")
    assert unit_of("ladders/small.yaml") is None
    assert rulesets.unit_list(clubs, content) == [("clubs", "small.yaml")]
    loaded = rulesets.load_content(content)
    target = find_target(loaded, content, ResultRequest("clubs/small", ("a", "b"), "B+R"), rulesets.RULE_SETS)
    assert (target.ident, target.path, target.kind) == ("clubs/small", content / "clubs" / "small.yaml", "ladder")
    assert competition_names(loaded, rulesets.RULE_SETS) == ["clubs/small"]
    with pytest.raises(SitegenError, match="unknown competition 'ladders/small'"):
        find_target(loaded, content, ResultRequest("ladders/small", ("a", "b"), "B+R"), rulesets.RULE_SETS)


def test_the_commands_of_one_rule_set_follow_its_description(tmp_path, monkeypatch):
    """The leagues' description moved to ``content/circles/``, the Swiss leagues' to
    ``content/rounds/`` and the ladders' to ``content/clubs/``, in the tuple alone: ``league
    next-season`` forms the season in ``circles/club/seasons/``, ``pair`` writes the round into
    ``rounds/spring/t1.yaml`` and ``handicap`` reads the ladder of ``clubs/`` (each finds its
    description by its model class, :func:`sitegen.rulesets.holding`)."""
    moved = {"leagues": "circles", "swiss": "rounds", "ladders": "clubs"}
    monkeypatch.setattr(rulesets, "RULE_SETS", tuple(dataclasses.replace(r, name=moved.get(r.name, r.name))
                                                     for r in rulesets.RULE_SETS))
    assert rulesets.holding(League).name == "circles" and rulesets.holding(SwissLeague).name == "rounds"
    content = tmp_path / "content"
    files = {"site.yaml": "title: Test\n", "players.yaml": LEAGUE_PLAYERS,
             "players/swiss.yaml": swiss_site.PLAYERS,
             "circles/club/league.yaml": "name: Club league\nsettings:\n  top_division_groups: 1\n",
             "circles/club/seasons/2024.yaml": SEASON_2024,
             "circles/club/signups/2025.yaml": "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4, b5]\n",
             "rounds/spring/league.yaml": swiss_site.LEAGUE,
             "rounds/spring/t1.yaml": "name: T1\nentries: [ann, bob, cy, dee]\n",
             "clubs/small.yaml": ladder_site.SMALL_LADDER}
    for name, text in files.items():
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_text(text, encoding="utf-8")
    out = io.StringIO()
    formed = next_season_command(content, "club", None, out)
    assert formed.path == content / "circles" / "club" / "seasons" / "2025.yaml" and formed.path.is_file()
    paired = pair(content, "spring/t1", 1, seed=7)
    assert paired.path == content / "rounds" / "spring" / "t1.yaml"
    assert "pairings:" in paired.path.read_text(encoding="utf-8")
    assert ladder_of(content, None).id == "small"
    assert not (content / "leagues").exists() and not (content / "swiss").exists()
    with pytest.raises(SitegenError, match="no league 'clu' in .*circles"):
        next_season_command(content, "clu", None, out)
    with pytest.raises(ValueError, match="no rule set holds Player objects"):
        rulesets.holding(Player)
