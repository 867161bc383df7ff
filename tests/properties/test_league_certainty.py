"""Property test of what is certain in a season in progress (sitegen/engine/league_certainty.py).

Small random leagues: two divisions of one group each (3 or 4 players, or 5 to 7 with the
default rules, so that E.1 and B.2 come into play), random results (either player wins or
jigo), then one to four games left out: still to play. The test enumerates every completion
of those games itself, without the engine's per-group reduction, computes each with
:func:`form_outcome`, and checks that no certain claim is contradicted by any completion and
that best and worst are exactly the best and worst outcomes reached (an open tie's choices
each count as reached, D.2).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from sitegen.engine.league import Move
from sitegen.engine.league_certainty import KINDS, season_certainty
from sitegen.engine.league_outcome import form_outcome
from sitegen.model.common import Colour, Game, Outcome, Player, Rank, Result
from sitegen.model.league import Division, Group, LeagueSettings, Season

RESULTS = (Result(Outcome.WIN, Colour.BLACK), Result(Outcome.WIN, Colour.WHITE),
           Result(Outcome.JIGO))
SMALL = LeagueSettings(top_division_groups=1, min_group_size=3, min_season_players=3,
                       fixed_promotions_per_group=1, fixed_relegations_per_group=1)
"""Groups of 3 or 4: one promotion and one relegation per group (the real league's mode)."""
DEFAULT = LeagueSettings(top_division_groups=1)
"""Groups of 5 to 7: B.1-B.3, E.1 and the final round's spots."""


def random_season(rng: random.Random, sizes: list[int], left: int) -> Season:
    """Return a season of one group per division (``sizes``), every pair played at random
    except ``left`` pairs (at random), which are still to play."""
    divisions = []
    pairs: list[tuple[int, tuple[str, str]]] = []
    for index, size in enumerate(sizes):
        players = [f"{'ab'[index]}{n}" for n in range(1, size + 1)]
        pairs += [(index, p) for p in itertools.combinations(players, 2)]
        divisions.append([players, []])
    skipped = set(rng.sample(range(len(pairs)), min(left, len(pairs))))
    for number, (index, (a, b)) in enumerate(pairs):
        if number not in skipped:
            divisions[index][1].append(Game(a, b, rng.choice(RESULTS)))
    return Season("s", "S", tuple(
        Division("AB"[i], (Group("ab"[i], "AB"[i], tuple(p), tuple(g)),))
        for i, (p, g) in enumerate(divisions)))


def kinds_of(outcome) -> set[str]:
    """The test's own reading of an outcome as kinds (the module's text): each choice of an
    open tie counts."""
    keys = outcome.undecided or ((outcome.move, outcome.to_division, outcome.finalist),)
    found = set()
    for move, _division, finalist in keys:
        found.add("promoted" if move in (Move.PROMOTED, Move.PROMOTED_BY_RANK) else
                  "demoted" if move is Move.DEMOTED else
                  "withdrew" if move in (Move.WITHDREW, Move.NEW) else
                  "finalist" if finalist else "stays")
    return found


def every_completion(season: Season, players, league_settings) -> dict[str, set[str]] | None:
    """Return each player's kinds over every completion (no reduction); None when the rules
    cannot form some completion's next season."""
    todo = []
    for d, division in enumerate(season.divisions):
        group = division.groups[0]
        played = {frozenset(g.players) for g in group.games}
        todo += [(d, p) for p in itertools.combinations(group.players, 2)
                 if frozenset(p) not in played]
    reached: dict[str, set[str]] = {}
    for results in itertools.product(RESULTS, repeat=len(todo)):
        divisions = []
        for d, division in enumerate(season.divisions):
            group = division.groups[0]
            added = tuple(Game(a, b, r) for (i, (a, b)), r in zip(todo, results) if i == d)
            divisions.append(Division(division.name, (Group(
                group.id, group.name, group.players, group.games + added),)))
        outcome = form_outcome(Season("s", "S", tuple(divisions)), players, league_settings)
        if outcome.error is not None:
            return None
        for player, computed in outcome.players.items():
            reached.setdefault(player, set()).update(kinds_of(computed))
    return reached


@given(seed=st.integers(0, 2**32 - 1), small=st.booleans(), left=st.integers(1, 4))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_no_certain_claim_is_contradicted_and_best_worst_are_the_extremes(seed, small, left):
    rng = random.Random(seed)
    sizes = [rng.randint(3, 4), rng.randint(3, 4)] if small else \
        [rng.randint(5, 6), rng.randint(5, 7)]
    season = random_season(rng, sizes, left)
    players = {p: Player(p, p.upper(), Rank(rng.choice([-5, -4])))
               for d in season.divisions for p in d.groups[0].players}
    league_settings = SMALL if small else DEFAULT
    found = season_certainty(season, players, league_settings)
    truth = every_completion(season, players, league_settings)
    assert found.within_budget
    if truth is None:  # some completion cannot be formed: nothing is claimed
        assert not any(c.certain for c in found.players.values())
        return
    for player, kinds in truth.items():
        claim = found.players[player]
        ordered = sorted(kinds, key=KINDS.index)
        assert (claim.best, claim.worst) == (ordered[0], ordered[-1]), player
        assert claim.certain == (len(kinds) == 1), player
        if claim.certain:
            assert kinds == {claim.best}
