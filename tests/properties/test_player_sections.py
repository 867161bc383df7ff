"""A plan's player sections added whole (:meth:`sitegen.plan.SitePlan.add_player_sections`,
merged when first read: the dev server's kept parts, issue 31) give what adding them one by one
gives (:meth:`~sitegen.plan.SitePlan.add_player_section`, or a whole table merged at once as
before), in the same order, whatever the
mix of the two, the plans joined (:meth:`~sitegen.plan.SitePlan.extend`) and the reads between;
and a table read player by player (:class:`~sitegen.plan.SectionTable`, a kept part's: read
through :meth:`~sitegen.plan.SitePlan.sections_by_player`) gives each player what the merged
sections give them at that point, whatever is added or read afterwards."""

from __future__ import annotations

import pickle

from hypothesis import given, settings, strategies as st

from sitegen.plan import PlayerSection, SectionTable, SitePlan

PLAYERS = ("ann", "ben", "cy")
sections = st.builds(lambda number: PlayerSection("partials/player_league.html", (2024, number), {"n": number}),
                     st.integers(0, 99))
pairs = st.lists(st.tuples(st.sampled_from(PLAYERS), st.lists(sections, max_size=3)), max_size=4)
steps = st.lists(st.one_of(
    st.tuples(st.just("one"), st.sampled_from(PLAYERS), sections),
    st.tuples(st.just("whole"), pairs),
    st.tuples(st.just("extend"), pairs, pairs),  # another plan: some one by one, then some whole
    st.tuples(st.just("read")),
    st.tuples(st.just("table"), pairs),  # a kept part's, read player by player
    st.tuples(st.just("view")),
    st.tuples(st.just("pickle"))), max_size=12)


class Table(SectionTable):
    """A table read player by player, as a kept part's (sitegen.incremental.sections.KeptSections)."""

    def __init__(self, pairs: list):
        self.pairs = [(player, tuple(found)) for player, found in pairs]

    def of(self, player: str) -> tuple:
        return tuple(section for who, found in self.pairs if who == player for section in found)

    def __iter__(self):
        return iter(self.pairs)


@settings(max_examples=300, deadline=None)
@given(steps)
def test_sections_added_whole_are_those_added_one_by_one(plan_steps):
    plan = SitePlan()
    expected: dict[str, list[PlayerSection]] = {}
    views: list = []

    def one_by_one(player: str, section: PlayerSection) -> None:
        expected.setdefault(player, []).append(section)

    def whole(found: list) -> None:  # as a kept part's were merged before (a player listed even without one)
        for player, sections in found:
            expected.setdefault(player, []).extend(sections)

    for step in plan_steps:
        if step[0] == "one":
            plan.add_player_section(step[1], step[2])
            one_by_one(step[1], step[2])
        elif step[0] == "whole":
            plan.add_player_sections(step[1])
            whole(step[1])
        elif step[0] == "extend":
            other = SitePlan()
            for player, found in step[1]:
                for section in found:
                    other.add_player_section(player, section)
                    one_by_one(player, section)
            other.add_player_sections(step[2])
            whole(step[2])
            plan.extend(other)
        elif step[0] == "read":
            assert plan.player_sections == expected
            assert list(plan.player_sections) == list(expected)  # players in the same order
        elif step[0] == "table":
            plan.add_player_sections(Table(step[1]))
            whole(step[1])
        elif step[0] == "view":
            views.append((plan.sections_by_player(), {p: list(found) for p, found in expected.items()}))
        else:
            plan = pickle.loads(pickle.dumps(plan))  # a forked helper's plan comes back so
    for view, then in views:  # each as it was when taken, whatever came after
        assert {player: view.of(player) for player in PLAYERS} == {player: then.get(player, []) for player in PLAYERS}
    assert plan.player_sections == expected and list(plan.player_sections) == list(expected)


def test_sections_added_whole_are_merged_only_when_read():
    """Rule: a whole table of sections (a kept part's) is not gone through when added, only
    when the plan's sections are first read (the player pages, after the changed page)."""
    read: list[str] = []
    first = PlayerSection("partials/player_league.html", (2024, 1), {})
    second = PlayerSection("partials/player_league.html", (2024, 2), {})

    def kept():
        read.append("kept")
        yield "ann", (first,)

    plan = SitePlan()
    plan.add_player_sections(kept())
    other = SitePlan()
    other.add_player_section("ben", second)
    plan.extend(other)
    assert read == []
    assert plan.player_sections == {"ann": [first], "ben": [second]} and read == ["kept"]
    assert plan.player_sections == {"ann": [first], "ben": [second]} and read == ["kept"]
