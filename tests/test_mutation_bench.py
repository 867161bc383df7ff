"""bench/mutation.py, the mutation test of the engines (issue 29): its draw and its configuration
(the run itself needs mutmut and minutes: docs/testing.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def bench_mutation():
    """Return bench/mutation.py as a module."""
    spec = importlib.util.spec_from_file_location("mutation", REPO / "bench" / "mutation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_engine_names_files_and_tests_that_exist():
    """A renamed test file or module would otherwise leave its engine untested or unmutated."""
    mutation = bench_mutation()
    assert set(mutation.ENGINES) == {"placement", "ladder", "standings", "league_next"}
    for globs, tests in mutation.ENGINES.values():
        assert all(list(REPO.glob(glob)) for glob in globs), globs
        assert all((REPO / test).is_file() for test in tests), tests


def test_the_draw_is_spread_over_the_modules_and_repeats_with_its_seed():
    """7 mutants over three modules: 3, 2, 2 (a module with fewer gives all it has: 1);
    the same seed draws the same mutants, count 0 all of them."""
    mutation = bench_mutation()
    names = {"placement": [f"sitegen.engine.placement.rules.x_f__mutmut_{i}" for i in range(9)],
             "ladder": ["sitegen.engine.ladder.x_g__mutmut_1"],
             "standings": [f"sitegen.engine.standings.x_h__mutmut_{i}" for i in range(5)]}
    modules = ["placement", "ladder", "standings"]
    drawn = mutation.sample(names, modules, 7, seed=4)
    assert [mutation.module_of(n) for n in drawn] == ["placement"] * 3 + ["ladder"] + ["standings"] * 2
    assert len(set(drawn)) == 6
    assert mutation.sample(names, modules, 7, seed=4) == drawn
    assert len(mutation.sample(names, modules, 0, seed=4)) == 15
    with pytest.raises(ValueError):
        mutation.module_of("sitegen.engine.pairing.x_pair__mutmut_1")


def test_a_pattern_names_every_mutant_of_a_file():
    """`--mutant` takes names and fnmatch patterns (a long run split by file, issue 29)."""
    mutation = bench_mutation()
    names = {"placement": ["sitegen.engine.placement.rows.x_f__mutmut_1",
                           "sitegen.engine.placement.rows.x_f__mutmut_2",
                           "sitegen.engine.placement.fast.x_g__mutmut_1"],
             "ladder": ["sitegen.engine.ladder.x_g__mutmut_1"]}
    assert mutation.expand(["sitegen.engine.placement.rows.*"], names) == [
        "sitegen.engine.placement.rows.x_f__mutmut_1", "sitegen.engine.placement.rows.x_f__mutmut_2"]
    assert mutation.expand(["sitegen.engine.ladder.x_g__mutmut_1",
                            "sitegen.engine.ladder.*"], names) == ["sitegen.engine.ladder.x_g__mutmut_1"]
    with pytest.raises(ValueError):
        mutation.expand(["sitegen.engine.placement.scores.*"], names)
