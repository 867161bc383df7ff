"""Inputs that cannot be forgotten (issue 29): a part of the plan (:meth:`SitePlan.part`) is made
by a module function that receives its declared inputs and the players, and nothing else. A
maker that would carry a value of its own (a ``partial``, a lambda, a nested function, a
method, a default value) is refused, so a planner cannot read an input its key does not cover
(before, a missed input gave stale pages in cached builds only)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from sitegen.i18n import ENGLISH_WORDS
from sitegen.plan import People, SitePlan

CALLS: list[tuple] = []
"""The calls of :func:`_maker`, in order (each test clears it first)."""


def _maker(plan: SitePlan, players: People, *inputs: Any) -> str:
    CALLS.append((plan, players, inputs))
    return "made"


def _with_default(plan: SitePlan, players: People, season: str, extra: str = "undeclared") -> str:
    return season + extra


class _Memo:
    """An incremental build's memo, recording what it is given."""

    def __init__(self) -> None:
        self.seen: list[tuple] = []

    def part(self, plan: SitePlan, ident: tuple, inputs: Any, make: Any) -> Any:
        self.seen.append((ident, inputs))
        return make(plan)


EVERYONE = SitePlan().people({}, ENGLISH_WORDS)


def refusal(ident: tuple, make: Any) -> str:
    return (f"part {ident!r}: {make!r} is not a module function: a part's maker receives its "
            "inputs and the players and nothing else, so that it reads nothing its key does "
            "not cover")


def test_a_part_receives_its_inputs_and_the_players_and_nothing_else():
    CALLS.clear()
    plan = SitePlan()
    assert plan.part(("season", "s1"), _maker, ("s1", 2), EVERYONE) == "made"
    assert CALLS == [(plan, EVERYONE, ("s1", 2))]


def test_an_incremental_build_keys_the_part_by_exactly_what_the_maker_receives():
    CALLS.clear()
    memo = _Memo()
    plan = SitePlan(memo=memo)
    inputs = ("s1", 2)
    assert plan.part(("season", "s1"), _maker, inputs, EVERYONE) == "made"
    assert memo.seen == [(("season", "s1"), inputs)] and memo.seen[0][1] is inputs
    assert CALLS == [(plan, EVERYONE, inputs)]


@pytest.mark.parametrize("kind", ["partial", "lambda", "nested", "method", "default"])
def test_a_maker_reading_an_undeclared_input_is_refused(kind):
    """Each way a maker could hold a value its inputs do not name raises TypeError, and the
    maker is not called (nothing is planned)."""
    league = {"seasons": ["s1", "s2"]}  # the undeclared input each maker below would read

    def nested(plan: SitePlan, players: People, season: str) -> Any:
        return league["seasons"]

    makers = {"partial": partial(_maker, league), "lambda": lambda plan, players, season: league,
              "nested": nested, "method": _Memo().part, "default": _with_default}
    make = makers[kind]
    CALLS.clear()
    plan = SitePlan(memo=_Memo())
    with pytest.raises(TypeError) as refused:
        plan.part(("season", "s1"), make, ("s1",), EVERYONE)
    assert str(refused.value) == refusal(("season", "s1"), make)
    assert CALLS == [] and plan.memo.seen == [] and plan.bundles == []


def test_inputs_are_one_tuple():
    with pytest.raises(TypeError) as refused:
        SitePlan().part(("season", "s1"), _maker, ["s1"], EVERYONE)  # type: ignore[arg-type]
    assert str(refused.value) == "part ('season', 's1'): its inputs must be a tuple, not list"


def test_people_is_frozen_with_the_builds_names_table():
    players = {"ann": type("P", (), {"name": "Ann"})()}
    plan = SitePlan()
    everyone = plan.people(players, ENGLISH_WORDS)
    assert everyone.players is players and everyone.names == {"ann": "Ann"}
    assert everyone.lang is ENGLISH_WORDS
    assert plan.people(players, ENGLISH_WORDS).names is everyone.names
    with pytest.raises(AttributeError):
        everyone.players = {}  # type: ignore[misc]
