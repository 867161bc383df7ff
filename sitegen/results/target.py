"""Which competition, and which file, a reported result belongs to (:func:`find_target`).

A competition is named as in the site's addresses, or by the page's address itself:
``leagues/<league>[/<season>]``, ``tournaments/<id>[/round-<n>]``, ``ladders/<id>`` and
``swiss/<league>/<tournament>[/round-<n>]``. Without the first part (``club``,
``spring/t1``) the name must fit exactly one competition. A league's season defaults to its
latest (by start date, then id).

The first part is a rule set's folder (:attr:`sitegen.ruleset.RuleSet.name`); what follows is
read by that rule set's description (:attr:`sitegen.ruleset.RuleSet.entered`: ``match`` and
``settle``, defined here for each rule set as :func:`match_league` ... and listed beside the
planners).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlsplit

from ..diagnostics import did_you_mean
from ..model import Content
from ..ruleset import Entered, RuleSet
from .request import ResultRequest, echo, refuse

_ROUND = re.compile(r"^round-([1-9][0-9]{0,2})$")


@dataclass(frozen=True)
class Target:
    """The competition a result is entered into, and its file."""

    rules: Entered = field(compare=False)
    """How its rule set takes a result (:class:`sitegen.ruleset.Entered`)."""
    ident: str
    """The competition as named in addresses: ``leagues/club``, ``swiss/spring/t1``."""
    path: Path
    """The content file the result goes into."""
    unit: Any = field(default=None, compare=False)
    """The competition's model object: a League, Tournament, ClubLadder or SwissLeague."""
    season: str | None = None
    """The league season (league only)."""
    round: int | None = None
    """The round given (tournament and Swiss); None: the round where the two are paired."""

    @property
    def kind(self) -> str:
        """Return the competition's kind: ``league``, ``tournament``, ``ladder`` or ``swiss``."""
        return self.rules.kind

    @property
    def shown(self) -> str:
        """Return the competition as shown in messages: ``leagues/club season 2025``."""
        return self.ident + (f" season {self.season}" if self.season is not None else "")


def find_target(content: Content, content_dir: Path, request: ResultRequest,
                rule_sets: Iterable[RuleSet]) -> Target:
    """Return the competition and file of ``request`` among the competitions of ``rule_sets``
    (:data:`sitegen.rulesets.RULE_SETS`); raise SitegenError (positioned at the competition,
    ``--season`` or ``--round``) for an unknown or ambiguous one."""
    rule_sets = tuple(rule_sets)
    text = request.competition.strip()
    path = urlsplit(text).path if "://" in text else text
    parts = [part for part in path.split("/") if part]
    tries = [(found, parts[i + 1:]) for i, part in enumerate(parts) for found in rule_sets if part == found.name]
    tries = tries or [(found, parts) for found in rule_sets]  # an address may have a prefix
    targets = list({t.path: t for found, rest in tries
                    if (t := _match(content, content_dir, found, rest)) is not None}.values())
    rest = tries[-1][1]
    pos = request.pos("competition")
    if not targets:
        names = sorted(competition_names(content, rule_sets))
        raise refuse(pos, f"unknown competition '{echo(text)}'", "result.competition",
                     did_you_mean("/".join(rest), names + [n.split("/", 1)[1] for n in names])
                     or ("expected one of: " + ", ".join(names) if names else "the content has no competition"))
    if len(targets) > 1:
        raise refuse(pos, f"'{echo(text)}' names more than one competition: "
                     + ", ".join(t.ident for t in targets), "result.competition",
                     f"write it in full, e.g. {targets[0].ident}")
    return _with_options(targets[0], request)


def competition_names(content: Content, rule_sets: Iterable[RuleSet]) -> list[str]:
    """Return every competition's name as in addresses (``leagues/club``, ``swiss/spring/t1``)."""
    return [f"{found.name}/{name}" for found in rule_sets
            for name in found.entered.names(getattr(content, found.field))]


def _match(content: Content, content_dir: Path, found: RuleSet, rest: list[str]) -> Target | None:
    """Return the target of rule set ``found`` that ``rest`` (the address parts after its
    folder's name) names, or None."""
    if not rest:
        return None
    return found.entered.match(found.entered, getattr(content, found.field), content_dir / found.name, rest)


# --------------------------------------------------------------------------- each rule set's


def match_league(entered: Entered, leagues: tuple, folder: Path, rest: list[str]) -> Target | None:
    """A league (``<league>[/<season>]``): its folder's ``seasons/``, the season's file chosen
    by :func:`league_season`."""
    league = next((lg for lg in leagues if lg.id == rest[0]), None)
    if league is None or (len(rest) > 1 and not any(s.id == rest[1] for s in league.seasons)):
        return None
    season = rest[1] if len(rest) > 1 else None
    return Target(entered, f"{folder.name}/{league.id}", folder / league.id / "seasons", league, season=season)


def match_tournament(entered: Entered, tournaments: tuple, folder: Path, rest: list[str]) -> Target | None:
    """A tournament (``<id>[/round-<n>]``): its file."""
    tournament = next((t for t in tournaments if t.id == rest[0]), None)
    if tournament is None:
        return None
    return Target(entered, f"{folder.name}/{rest[0]}", folder / f"{rest[0]}.yaml", tournament,
                  round=_round_part(rest[1:]))


def match_ladder(entered: Entered, ladders: tuple, folder: Path, rest: list[str]) -> Target | None:
    """A ladder (``<id>``, or its ``games`` or ``handicap`` page): its file."""
    club = next((ld for ld in ladders if ld.id == rest[0]), None)
    if len(rest) > 1 and rest[1] not in ("games", "handicap") or club is None:
        return None
    return Target(entered, f"{folder.name}/{rest[0]}", folder / f"{rest[0]}.yaml", club)


def match_swiss(entered: Entered, leagues: tuple, folder: Path, rest: list[str]) -> Target | None:
    """A Swiss league's tournament (``<league>/<tournament>[/round-<n>]``): its file."""
    swiss = next((lg for lg in leagues if lg.id == rest[0]), None)
    if swiss is None or len(rest) < 2 or not any(t.id == rest[1] for t in swiss.tournaments):
        return None
    return Target(entered, f"{folder.name}/{swiss.id}/{rest[1]}", folder / swiss.id / f"{rest[1]}.yaml",
                  swiss, round=_round_part(rest[2:]))


def _round_part(rest: list[str]) -> int | None:
    """Return N of a ``round-N`` address part, if that is what follows."""
    match = _ROUND.match(rest[0]) if rest else None
    return int(match.group(1)) if match else None


def _with_options(target: Target, request: ResultRequest) -> Target:
    """Apply ``--season`` and ``--round`` to ``target`` and fill in a league's latest season
    (its rule set's ``settle``)."""
    settle = target.rules.settle
    if request.season is not None:
        if settle is None:
            raise refuse(request.pos("season"), f"--season is for league seasons; {target.ident} "
                         "has none", "result.usage", "leave --season out")
        if target.season is not None and target.season != request.season:
            raise refuse(request.pos("season"), f"--season {echo(request.season)} contradicts the "
                         f"competition's season {target.season}", "result.usage", "give the season once")
    if request.round is not None:
        if not target.rules.rounds:
            raise refuse(request.pos("round"), f"--round is for tournaments and Swiss tournaments; "
                         f"{target.ident} has no rounds", "result.usage", "leave --round out")
        if target.round is not None and target.round != request.round:
            raise refuse(request.pos("round"), f"--round {request.round} contradicts the "
                         f"competition's round {target.round}", "result.usage", "give the round once")
        target = replace(target, round=request.round)
    return target if settle is None else settle(target, request)


def league_season(target: Target, request: ResultRequest) -> Target:
    """Return a league's target with its season's file: ``--season``, the season in the
    address, else the league's latest season (by start date, then id)."""
    league = target.unit
    season_id = request.season or target.season
    if season_id is None:
        if not league.seasons:
            raise refuse(request.pos("competition"), f"{target.ident} has no season yet",
                         "result.competition", "add its first season file, seasons/<id>.yaml")
        season_id = max(league.seasons, key=lambda s: (s.start or dt.date.min, s.id)).id
    elif not any(s.id == season_id for s in league.seasons):
        raise refuse(request.pos("season"), f"{target.ident} has no season '{echo(season_id)}'",
                     "result.competition", did_you_mean(season_id, [s.id for s in league.seasons])
                     or "expected one of: " + ", ".join(sorted(s.id for s in league.seasons)))
    return replace(target, path=target.path / f"{season_id}.yaml", season=season_id)
