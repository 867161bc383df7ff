"""Whether a reported result is one its rule set takes, and how the content file writes it.

Each rule set's description (:class:`sitegen.ruleset.Entered`, beside its planner) names its
``check`` and ``parses`` here: a league's or a ladder's game result (``B+R``, ``W+3.5``, ``0``),
a tournament's (those, ``both-win`` and ``both-lose``), a Swiss match's score (``2-1``, ``+-``).
Every refusal is a SitegenError positioned at the request's result.
"""

from __future__ import annotations

from typing import Callable

from ..model.common import Outcome, Result
from ..model.swiss import MatchResult
from .request import ResultRequest, echo, refuse

RESULT_HINT = "expected e.g. B+R, W+3.5, B+T, W+F (forfeit), 0 (jigo)"
MATCH_HINT = "expected the score from the first player's side: 2-0, 2-1, 1-0, 1-1, 0-1, 1-2, 0-2, or +-, -+, --"


def parses_game(text: str) -> bool:
    """Return whether ``text`` is a game's result (``B+R``, ``0``)."""
    try:
        Result.parse(text)
    except ValueError:
        return False
    return True


def parses_match(text: str) -> bool:
    """Return whether ``text`` is a Swiss match's score (``2-1``, ``+-``)."""
    try:
        MatchResult.parse(text)
    except ValueError:
        return False
    return True


def check_league(request: ResultRequest) -> str:
    """Return a league game's result as written (``B+R``, ``0``)."""
    return _checked_game(request)


def check_tournament(request: ResultRequest) -> str:
    """Return a tournament game's result as written: a game's result the tournament format
    takes, or ``both-win`` / ``both-lose``."""
    text = (request.result or "").strip()
    if text.lower() in ("both-win", "both-lose"):
        return text.lower()
    from ..validate.tournament import parse_tournament_result  # issue 31: see tests/test_function_imports.py

    return _checked_game(request, lambda result: parse_tournament_result(text))


def check_ladder(request: ResultRequest) -> str:
    """Return a ladder game's result as written: won or a jigo (ladder: club ladder)."""
    return _checked_game(request, then=_ladder_outcome)


def check_match(request: ResultRequest) -> str:
    """Return a Swiss match's score as written, from the first player's side (``2-1``)."""
    text = (request.result or "").strip()
    try:
        MatchResult.parse(text)
    except ValueError as error:
        raise refuse(request.pos("result"), f"result: {echo(str(error))}", "result.syntax", MATCH_HINT) from None
    return text


def _ladder_outcome(request: ResultRequest, text: str, result: Result) -> None:
    """Refuse a ladder result that is not a win or a jigo."""
    if result.outcome not in (Outcome.WIN, Outcome.JIGO):
        raise refuse(request.pos("result"), f"'{echo(text)}' is not a ladder result", "result.syntax",
                     "a ladder game is won (W+ or B+, a margin may follow) or a jigo; leave a "
                     "forfeit, void or unknown game out of the ladder")


def _checked_game(request: ResultRequest, also: Callable[[Result], object] | None = None,
                  then: Callable[[ResultRequest, str, Result], None] | None = None) -> str:
    """Return the request's game result as written (``str(Result)``); raise SitegenError for
    text that is not one, or that ``also`` refuses (ValueError), or that ``then`` refuses, and
    for one naming a colour when the colours are not given."""
    text, pos = (request.result or "").strip(), request.pos("result")
    try:
        result = Result.parse(text)
        if also is not None:
            also(result)
    except ValueError as error:
        raise refuse(pos, f"result: {echo(str(error))}", "result.syntax", RESULT_HINT) from None
    if then is not None:
        then(request, text, result)
    if result.winner is not None and not request.colours_known:
        raise refuse(pos, f"result '{echo(text)}' names a colour, but the colours are not given",
                     "result.colours", "give BLACK WHITE RESULT, or --winner with --players")
    return str(result)
