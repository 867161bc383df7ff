"""The build cache's JSON of model objects (sitegen/modeljson.py, sitegen/store.py): every model
object of the demo comes back equal, field by field (positions and the other fields left out of
equality too), with tuples where it had tuples; objects whose class checks its values are made
through their constructor; anything else is refused.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site  # noqa: E402

from sitegen.modeljson import ALLOWED, cache_loads, plan  # noqa: E402
from sitegen.model.common import Result  # noqa: E402
from sitegen.pipeline import prepare  # noqa: E402
from sitegen.store import TAG, Unusable, _Decoder, _Encoder  # noqa: E402


def same(a, b, where="") -> None:
    """Assert ``a`` and ``b`` are equal in every field and of the same types all the way down."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} read back as {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for key in a:
            same(a[key], b[key], f"{where}[{key!r}]")
    else:
        assert a == b, where


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    root = demo_site(tmp_path_factory.mktemp("demo"))
    return prepare(root / "content")[0]


def test_every_model_object_of_the_demo_comes_back_the_same(content):
    groups = {"leagues": content.leagues, "tournaments": content.tournaments,
              "ladders": content.ladders, "swiss": content.swiss_leagues,
              "players": tuple(content.players.values())}
    for name, objects in groups.items():
        assert objects, name
        back = _Decoder().loads(_Encoder().dumps(list(objects)))
        same(list(objects), back, name)


def test_equal_results_are_one_object(content):
    """As Result.parse shares them: 200,000 games hold a handful of results."""
    games = [game for league in content.leagues for season in league.seasons
             for division in season.divisions for group in division.groups for game in group.games]
    back = _Decoder().loads(_Encoder().dumps(list(content.leagues)))
    results = [game.result for league in back for season in league.seasons
               for division in season.divisions for group in division.groups for game in group.games]
    assert len(results) == len(games) > 100
    assert len({id(result) for result in results}) == len(set(results)) < 20
    assert all(type(result) is Result for result in results)


def test_a_class_that_checks_its_values_is_made_through_its_constructor():
    """A ladder rung checks its strength (ladder: handicap); a forged one is refused."""
    rung = ALLOWED["ladder.Rung"]
    assert plan(rung)[1]([[-13, 1]]) == rung.parse("13k")
    for forged in ([[-99, 1]], [[1, 3]]):  # outside 30k-9d; no decimal form
        with pytest.raises(Unusable, match="an entry does not decode"):
            _Decoder().loads(json.dumps({TAG: ["ladder.Rung", *forged]}))


def test_a_list_of_the_wrong_length_is_refused():
    game = _Encoder().dumps(ALLOWED["common.Game"]("a", "b", Result.parse("B+R")))
    fields = json.loads(game)[TAG]
    for forged in (fields[:-1], fields + [None]):
        with pytest.raises(Unusable, match=r"an entry does not decode \(ValueError\)"):
            _Decoder().loads(json.dumps({TAG: forged}))


def nested(levels: int, inner: str = "1") -> str:
    """JSON of ``levels`` arrays and objects inside one another, alternately, around ``inner``,
    with brackets and escaped quotes and backslashes in its strings, which do not count."""
    text = inner
    for level in range(levels):
        text = f'["[{{\\\\", {text}, "\\"]"]' if level % 2 else f'{{"}}\\\\\\"": {text}}}'
    return text


@pytest.mark.parametrize("python_312_or_later", [False, True])
def test_the_cache_nesting_limit_is_the_same_on_every_python(monkeypatch, python_312_or_later):
    """Issue 30: a cache's JSON may nest MAX_DEPTH (48) levels and not one more, on every Python
    of requires-python. On the main of issue 30 the limit was the interpreter's recursion limit
    lowered around the parse: on 3.11 it refused 47 levels already (the caller's own frames
    counted), and Python 3.12 and later count the C parser's levels apart from that limit, so
    they read 1,000 levels (3.13: 10,000). ``python_312_or_later`` plays such a Python here: a
    recursion limit that the parse does not reach (its setting ignored)."""
    if python_312_or_later:
        monkeypatch.setattr(sys, "setrecursionlimit", lambda limit: None)
    assert cache_loads(nested(48)) == json.loads(nested(48))
    assert cache_loads(nested(48).encode("utf-16")) == json.loads(nested(48))
    for levels in (49, 60, 1000):
        with pytest.raises(ValueError, match="^it is nested too deeply$"):
            cache_loads(nested(levels))
    with pytest.raises(Unusable, match="^blob s1.json does not decode: it is nested too deeply$"):
        _Decoder().loads(nested(49, json.dumps({TAG: ["date", 1]})).encode(), "blob s1.json")


def test_a_number_of_more_than_19_digits_is_refused_before_the_parse():
    """Issue 31: the numbers' lengths are checked in the text outside strings (not by a hook
    per number): a whole number (or a number's whole part) of 20 digits is refused, with or
    without a sign; 19 digits, a fraction's digits and digits inside a string are not."""
    assert cache_loads("[1234567890123456789, -1234567890123456789]") == [1234567890123456789,
                                                                           -1234567890123456789]
    assert cache_loads('[0.000123456789012345678901, "123456789012345678901234"]') == [
        0.000123456789012345678901, "123456789012345678901234"]
    assert cache_loads('{"a\\"1234567890123456789012": 1}') == {'a"1234567890123456789012': 1}
    for text in ("[12345678901234567890]", "[-12345678901234567890]", '{"a": 12345678901234567890.5}',
                 "[1, 2, " + "9" * 4000 + "]"):
        with pytest.raises(ValueError, match="^a number has more than 19 digits$"):
            cache_loads(text)
