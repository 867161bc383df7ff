"""Invariants of the club ladder (ladder: club ladder) and its handicap (ladder: handicap)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from sitegen.engine.ladder import handicap, replay, replay_continued
from sitegen.model.ladder import (DEFAULT_RUNGS, Ladder, LadderGame, Member, Regrading, Rung, RungList)
from sitegen.validate.ladder import _members_at_start, _walk, ladder_rule_problems
from sitegen.model.common import Colour

SETTINGS = settings(max_examples=200, deadline=None)
LOG_SETTINGS = settings(max_examples=100, deadline=None)
"""Replaying logs is slower: fewer examples keep this file near 6 seconds."""

rungs_of_list = st.sampled_from(DEFAULT_RUNGS.rungs)
any_rung = st.builds(
    lambda tenths: Rung(Fraction(tenths, 10)), st.integers(min_value=-300, max_value=80))
winners = st.sampled_from([Colour.WHITE, Colour.BLACK, None])


@st.composite
def ladders(draw, rung_list: RungList = DEFAULT_RUNGS) -> Ladder:
    """A ladder of 2-8 members (some anchors) and a log of up to 40 games and re-gradings."""
    size = draw(st.integers(min_value=2, max_value=8))
    rung = st.sampled_from(rung_list.rungs)
    members = tuple(Member(f"m{i}", draw(rung), anchor=draw(st.booleans()))
                    for i in range(size))
    ids = [m.id for m in members]
    events = []
    day = dt.date(2024, 1, 1)
    for _ in range(draw(st.integers(min_value=0, max_value=40))):
        day += dt.timedelta(days=draw(st.integers(min_value=0, max_value=3)))
        if draw(st.integers(min_value=0, max_value=9)) == 0:
            events.append(Regrading(day, draw(st.sampled_from(ids)), draw(rung)))
        else:
            white, black = draw(st.permutations(ids))[:2]
            events.append(LadderGame(day, white, black, draw(winners)))
    return Ladder(members, tuple(events), rung_list)


small_lists = st.lists(any_rung, min_size=1, max_size=12, unique=True).map(
    lambda rungs: RungList(tuple(sorted(rungs))))


@LOG_SETTINGS
@given(st.one_of(ladders(), small_lists.flatmap(ladders)))
def test_replay_keeps_every_member_on_a_rung(ladder):
    """ladder: club ladder: nobody leaves the list (no one below the floor or above the top)."""
    result = replay(ladder)
    for entries in result.history.values():
        assert all(entry.rung in ladder.rungs for entry in entries)
    for game in result.games:
        for change in (game.white, game.black):
            assert change.before in ladder.rungs and change.after in ladder.rungs


@LOG_SETTINGS
@given(ladders())
def test_a_game_moves_its_two_players_one_rung_each(ladder):
    """ladder: club ladder: winner one up, loser one down, unless anchored or at an end."""
    result = replay(ladder)
    rungs = ladder.rungs
    anchors = {m.id for m in ladder.members if m.anchor}
    current = {m.id: m.rung for m in ladder.members}
    games = iter(result.games)
    for event in sorted(ladder.events, key=lambda e: e.date):
        if isinstance(event, Regrading):
            current[event.member] = event.rung
            continue
        played = next(games)
        assert played.game == event
        before = dict(current)
        assert (played.white.before, played.black.before) == (before[event.white],
                                                              before[event.black])
        for change, colour in ((played.white, Colour.WHITE), (played.black, Colour.BLACK)):
            i, j = rungs.index(change.before), rungs.index(change.after)
            if event.winner is None or change.member in anchors:
                assert i == j
            elif event.winner is colour:
                assert j == min(i + 1, len(rungs) - 1)
            else:
                assert j == max(i - 1, 0)
            current[change.member] = change.after
        if event.winner is not None and not (anchors & {event.white, event.black}):
            steps = sorted([played.white.steps, played.black.steps])
            # opposite directions, unless one of them is blocked at an end of the list
            assert steps in ([-1, 1], [0, 1], [-1, 0])
            if steps != [-1, 1]:
                assert {played.white.before, played.black.before} & {rungs.bottom, rungs.top}
        # nobody else moved
        assert all(current[m] == before[m] for m in current if m not in event.players)
    assert current == result.final


@LOG_SETTINGS
@given(ladders())
def test_replay_is_deterministic_and_validation_accepts_member_only_logs(ladder):
    """Replaying twice gives the same; a generated log has no error, only warnings about colours
    and games on one day between the same two members."""
    assert replay(ladder) == replay(ladder)
    problems = ladder_rule_problems(ladder)
    assert {d.code for d in problems} <= {"ladder.colour", "ladder.duplicate"}
    assert {d.level for d in problems} <= {"warning"}


@SETTINGS
@given(any_rung, any_rung)
def test_handicap_symmetric_and_never_negative(a, b):
    """ladder: handicap: the same conditions whichever rung comes first, 0..14 levels."""
    h = handicap(a, b)
    assert h == handicap(b, a)
    assert 0 <= h.levels <= 14
    assert 0 <= h.stones <= 9 and h.komi >= 0
    assert h.levels == min(int(abs(a.strength - b.strength)), 14)
    assert h.white >= h.black and {h.white, h.black} == {a, b}
    # stones and komi together are worth the levels above handicap 1 (one stone = 10 komi)
    if h.levels >= 2:
        assert h.stones * 10 + (h.komi if h.komi_to is Colour.BLACK else 0) == h.levels * 10


@SETTINGS
@given(any_rung)
def test_rung_text_round_trip(rung):
    assert Rung.parse(str(rung)) == rung


@SETTINGS
@given(small_lists)
def test_rung_list_text_round_trip_and_bounds(rungs):
    assert RungList.parse(str(rungs)) == rungs
    assert rungs.down(rungs.bottom) == rungs.bottom and rungs.up(rungs.top) == rungs.top
    for index, rung in enumerate(rungs):
        assert rungs.index(rung) == index
        if index + 1 < len(rungs):
            assert rungs.up(rung) == rungs[index + 1] and rungs.down(rungs[index + 1]) == rung


# --------------------------------------------------------------------------- the speed paths


@st.composite
def edited(draw, ladder: Ladder) -> Ladder:
    """``ladder`` after one edit an organizer makes: a result changed, an event removed, a game
    inserted or added at the end, a re-grading, a member made an anchor (or not)."""
    events = list(ladder.events)
    ids = [m.id for m in ladder.members]
    kind = draw(st.sampled_from(["result", "remove", "insert", "append", "regrade", "anchor"]))
    day = events[-1].date if events else dt.date(2024, 1, 1)
    if kind == "result" and any(isinstance(e, LadderGame) for e in events):
        index = draw(st.sampled_from([i for i, e in enumerate(events) if isinstance(e, LadderGame)]))
        game = events[index]
        events[index] = LadderGame(game.date, game.white, game.black, draw(winners))
    elif kind == "remove" and events:
        del events[draw(st.integers(min_value=0, max_value=len(events) - 1))]
    elif kind in ("insert", "append", "regrade"):
        index = len(events) if kind == "append" else draw(st.integers(min_value=0, max_value=len(events)))
        if index < len(events):
            day = events[index].date
        if kind == "regrade":
            event = Regrading(day, draw(st.sampled_from(ids)), draw(st.sampled_from(ladder.rungs.rungs)))
        else:
            white, black = draw(st.permutations(ids))[:2]
            event = LadderGame(day, white, black, draw(winners))
        events.insert(index, event)
    elif kind == "anchor":
        index = draw(st.integers(min_value=0, max_value=len(ids) - 1))
        member = ladder.members[index]
        members = list(ladder.members)
        members[index] = Member(member.id, member.rung, not member.anchor)
        return Ladder(tuple(members), ladder.events, ladder.rungs)
    return Ladder(ladder.members, tuple(events), ladder.rungs)


@LOG_SETTINGS
@given(ladders().flatmap(lambda ladder: st.tuples(st.just(ladder), edited(ladder))))
def test_a_continued_replay_is_the_replay_of_the_edited_log(pair):
    """ladder: club ladder: continuing the replay of a log before an edit gives the replay of
    the edited log, entry for entry; what comes before the edit is the earlier replay's own."""
    before, after = pair
    earlier = replay(before)
    continued = replay_continued(earlier, after)
    assert continued == replay(after)
    first_change = next((i for i, (a, b) in enumerate(zip(sorted(before.events, key=lambda e: e.date),
                                                          sorted(after.events, key=lambda e: e.date)))
                         if a is not b), None)
    if before.members == after.members and first_change is not None:
        kept = sum(isinstance(e, LadderGame)
                   for e in sorted(before.events, key=lambda e: e.date)[:first_change])
        assert all(a is b for a, b in zip(continued.games[:kept], earlier.games[:kept]))


@LOG_SETTINGS
@given(ladders())
def test_the_colour_checks_on_the_replay_are_those_of_the_walk(ladder):
    """ladder: handicap: for a log that replays whole, the colour warnings read from its replay
    are those of the checker's own walk through the log, in the same order."""
    problems: list = []
    members, current = _members_at_start(ladder, problems)
    walked = _walk(ladder, members, current)
    assert [d for d in ladder_rule_problems(ladder) if d.code == "ladder.colour"] == walked
