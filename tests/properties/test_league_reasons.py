"""Every claim of the league's explanations is checked against the engine's data (issue 28).

The engine returns each decision with a structured reason (sitegen.engine.league_reasons);
sitegen.pages.league_words words it. Over random leagues these tests check what the words
claim, computed independently of the outcome layer:

- "tie with X on every criterion of D for N spots (rule)": every tied player contends for the
  spots, i.e. one order of a playoff among them (D.2, last criterion) gives the player a spot
  and another does not (direct_moves with the playoff's places);
- "which gives the same outcome either way": every way the tie's spots can fall gives the
  player the same outcome (the next season formed once per way);
- "no rank band applies" only when no band covers the rank; "the rank band of R sets no lowest
  division" only when one does and sets none; "a provisional rank gives no promotion by rank"
  only for a provisional rank the league does not trust (C.1, C.1 addendum);
- each rule id is cited once per sentence, never two in a row ("(C.1 addendum) (C.1)").
"""

from __future__ import annotations

import itertools
import math
import random
import re
import sys
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings, strategies as st

from sitegen.engine.league import Move, direct_moves
from sitegen.engine.league_next import Signups, next_season
from sitegen.engine.league_outcome import (form_outcome, player_outcomes, playoff_for,
                                           resolutions, season_infos, season_signups)
from sitegen.engine.league_reasons import Reason
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result
from sitegen.model.league import (Division, DivisionRestrictions, Group, LeagueSettings,
                                  PlayerInfo, Season)
from sitegen.pages.league_words import sentence, words
from sitegen.i18n import ENGLISH_WORDS

sys.path.insert(0, str(Path(__file__).parent))
from test_league_properties import RESTRICTIONS, play, random_rank  # noqa: E402


def check_citations(said: str) -> None:
    """Each rule id in parentheses once, and never two parentheses in a row."""
    assert ") (" not in said, said
    cited = re.findall(r"\(([^()]*)\)", said)
    assert len(cited) == len(set(cited)), said


def jigo_season(rng: random.Random, sizes: list[list[int]]) -> Season:
    """A season of divisions of groups of ``sizes`` with random wins and jigos (ties abound)."""
    divisions = []
    for d, group_sizes in enumerate(sizes):
        groups = []
        for g, size in enumerate(group_sizes):
            players = [f"{chr(97 + d)}{g + 1}_{i + 1}" for i in range(size)]
            games = tuple(Game(a, b, Result(Outcome.JIGO, None) if rng.random() < 0.25 else
                               Result(Outcome.WIN, rng.choice((Colour.BLACK, Colour.WHITE))))
                          for a, b in itertools.combinations(players, 2))
            groups.append(Group(f"{chr(97 + d)}{g + 1}", f"{chr(65 + d)}{g + 1}",
                                tuple(players), games))
        divisions.append(Division(chr(65 + d), tuple(groups)))
    return Season("s", "s", tuple(divisions))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), top=st.integers(5, 6),
       below=st.lists(st.lists(st.integers(5, 6), min_size=1, max_size=2), min_size=1, max_size=2))
@example(seed=54, top=5, below=[[5, 5]])   # a group leader equal to another group's 2nd:
@example(seed=118, top=5, below=[[5, 5]])  # no tie for B.1's spots (about 1 case in 50)
def test_every_tie_a_sentence_names_is_one_and_a_moot_one_gives_one_outcome(seed, top, below):
    rng = random.Random(seed)
    season = jigo_season(rng, [[top], *below])
    everyone = [p for d in season.divisions for g in d.groups for p in g.players]
    players = {p: Player(p, p, Rank(-5)) for p in everyone}  # one rank, no rating: D.2 ties
    league_settings = LeagueSettings(top_division_groups=1)
    outcome = form_outcome(season, players, league_settings)
    assert outcome.error is None
    infos = season_infos(season, players)
    for index, moves in enumerate(outcome.plan.moves):
        # B: each tied player may take the tie's spot and may not, by the order a playoff
        # gives the players of the division's ties (ties may share players).
        tied = sorted({p for tie in moves.ties for p in tie.players})
        orders = list(itertools.permutations(tied)) if len(tied) <= 5 else \
            [tuple(rng.sample(tied, len(tied))) for _ in range(60)]
        took: dict[tuple[int, str], set[bool]] = {}
        for order in orders:
            places = {p: place for place, p in enumerate(order, start=1)}
            forced = {p: replace(i, playoff=places.get(p)) for p, i in infos.items()}
            again = direct_moves(season, forced, league_settings)[index]
            for number, tie in enumerate(moves.ties):
                spots = again.promoted if tie.spot == "promotion" else again.demoted
                for player in tie.players:
                    took.setdefault((number, player), set()).add(player in spots)
        if len(tied) <= 5:
            assert all(found == {True, False} for found in took.values()), (moves.ties, took)
    signed = season_signups(season, players, None)
    for player, said in outcome.players.items():
        check_citations(sentence(said, str, ENGLISH_WORDS)[1])
        if said.tie is None or said.tie_step != 0:
            continue
        assert player in said.tie.players
        key = (said.move, said.to_division, said.finalist)
        if math.comb(len(said.tie.players), said.tie.spots) > 16:
            continue
        for takers in resolutions(said.tie, infos):  # "the same outcome either way"
            places = playoff_for(said.tie, takers)

            def forced(entry: PlayerInfo) -> PlayerInfo:
                return replace(entry, playoff=places.get(entry.id))

            plan = next_season(season, Signups(tuple(map(forced, signed.players)),
                                               tuple(map(forced, signed.finished))),
                               season.restrictions or DivisionRestrictions(), league_settings)
            other = player_outcomes(plan, None, ties=())[player]
            assert (other.move, other.to_division, other.finalist) == key, (player, takers)


def check_placements(plan, entries: dict[str, PlayerInfo], trusted: bool) -> None:
    """Each reason for a placement in the bottom division says what is so (C.1)."""
    for decision in plan.decisions:
        words(decision.reason, ENGLISH_WORDS)  # every reason has words
        if decision.reason.kind != "NEW_BOTTOM":
            continue
        why = decision.reason.arg("why")
        assert isinstance(why, Reason)
        entry = entries[decision.player]
        highest, lowest = RESTRICTIONS.limits(entry.rank)
        if why.kind == "NEW_PROVISIONAL":
            assert entry.provisional and not trusted and decision.rule == "C.1 addendum"
        elif why.kind == "NEW_BAND_NO_LOWEST":
            assert highest is not None and lowest is None and decision.rule == "C.1"
            assert why.arg("rank") == str(entry.rank)
        else:
            assert why.kind == "NEW_NO_BAND" and decision.rule == "C.1"
            assert (highest, lowest) == (None, None)
            assert not entry.provisional or trusted
    for said in player_outcomes(plan).values():
        check_citations(sentence(said, str, ENGLISH_WORDS)[1])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), start=st.integers(5, 120), newcomers=st.integers(0, 40),
       trusted=st.booleans())
def test_every_placement_by_rank_says_which_band_applies(seed, start, newcomers, trusted):
    rng = random.Random(seed)
    league_settings = LeagueSettings(provisional_promotion_by_rank=trusted)
    entries = {f"p{i}": PlayerInfo(f"p{i}", random_rank(rng), rng.randint(100, 2700),
                                   provisional=rng.random() < 0.15) for i in range(start)}
    empty = Season("s0", "Season 0", ())
    plan = next_season(empty, Signups(tuple(entries.values())), RESTRICTIONS, league_settings)
    check_placements(plan, entries, trusted)
    for number in range(1, 3):
        season = play(plan, rng, number)
        for i in range(rng.randint(0, newcomers)):
            pid = f"n{number}_{i}"
            entries[pid] = PlayerInfo(pid, random_rank(rng), rng.randint(100, 2700),
                                      provisional=rng.random() < 0.2)
        plan = next_season(season, Signups(tuple(entries.values())), RESTRICTIONS,
                           league_settings)
        check_placements(plan, entries, trusted)
        assert all(d.outcome is not Move.WITHDREW for d in plan.decisions)
