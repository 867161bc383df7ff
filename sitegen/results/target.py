"""Which competition, and which file, a reported result belongs to (:func:`find_target`).

A competition is named as in the site's addresses, or by the page's address itself:
``leagues/<league>[/<season>]``, ``tournaments/<id>[/round-<n>]``, ``ladders/<id>`` and
``swiss/<league>/<tournament>[/round-<n>]``. Without the first part (``club``,
``spring/t1``) the name must fit exactly one competition. A league's season defaults to its
latest (by start date, then id).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..diagnostics import did_you_mean
from ..model import Content
from .request import ResultRequest, echo, refuse

KINDS = {"leagues": "league", "tournaments": "tournament", "ladders": "ladder", "swiss": "swiss"}
"""Content folders (and site address parts) by the kind of competition they hold."""

_ROUND = re.compile(r"^round-([1-9][0-9]{0,2})$")


@dataclass(frozen=True)
class Target:
    """The competition a result is entered into, and its file."""

    kind: str
    """``league``, ``tournament``, ``ladder`` or ``swiss``."""
    ident: str
    """The competition as named in addresses: ``leagues/club``, ``swiss/spring/t1``."""
    path: Path
    """The content file the result goes into."""
    season: str | None = None
    """The league season (league only)."""
    round: int | None = None
    """The round given (tournament and Swiss); None: the round where the two are paired."""

    @property
    def shown(self) -> str:
        """Return the competition as shown in messages: ``leagues/club season 2025``."""
        return self.ident + (f" season {self.season}" if self.season is not None else "")


def find_target(content: Content, content_dir: Path, request: ResultRequest) -> Target:
    """Return the competition and file of ``request``; raise SitegenError (positioned at the
    competition, ``--season`` or ``--round``) for an unknown or ambiguous one."""
    text = request.competition.strip()
    path = urlsplit(text).path if "://" in text else text
    parts = [part for part in path.split("/") if part]
    tries = [(KINDS[part], parts[i + 1:]) for i, part in enumerate(parts) if part in KINDS]
    tries = tries or [(kind, parts) for kind in KINDS.values()]  # an address may have a prefix
    found = list({t.path: t for kind, rest in tries
                  if (t := _match(content, content_dir, kind, rest)) is not None}.values())
    rest = tries[-1][1]
    pos = request.pos("competition")
    if not found:
        names = sorted(competition_names(content))
        raise refuse(pos, f"unknown competition '{echo(text)}'", "result.competition",
                     did_you_mean("/".join(rest), names + [n.split("/", 1)[1] for n in names])
                     or ("expected one of: " + ", ".join(names) if names else "the content has no competition"))
    if len(found) > 1:
        raise refuse(pos, f"'{echo(text)}' names more than one competition: "
                     + ", ".join(t.ident for t in found), "result.competition",
                     f"write it in full, e.g. {found[0].ident}")
    return _with_options(content, found[0], request)


def competition_names(content: Content) -> list[str]:
    """Return every competition's name as in addresses (``leagues/club``, ``swiss/spring/t1``)."""
    return ([f"leagues/{lg.id}" for lg in content.leagues]
            + [f"tournaments/{t.id}" for t in content.tournaments]
            + [f"ladders/{ld.id}" for ld in content.ladders]
            + [f"swiss/{lg.id}/{t.id}" for lg in content.swiss_leagues for t in lg.tournaments])


def _match(content: Content, content_dir: Path, kind: str, rest: list[str]) -> Target | None:
    """Return the target that ``rest`` (the address parts after the kind) names, or None."""
    if not rest:
        return None
    if kind == "league":
        league = next((lg for lg in content.leagues if lg.id == rest[0]), None)
        if league is None or (len(rest) > 1 and not any(s.id == rest[1] for s in league.seasons)):
            return None
        season = rest[1] if len(rest) > 1 else None
        return Target(kind, f"leagues/{league.id}", content_dir / "leagues" / league.id / "seasons",
                      season=season)
    if kind == "tournament":
        if not any(t.id == rest[0] for t in content.tournaments):
            return None
        return Target(kind, f"tournaments/{rest[0]}", content_dir / "tournaments" / f"{rest[0]}.yaml",
                      round=_round_part(rest[1:]))
    if kind == "ladder":
        if len(rest) > 1 and rest[1] not in ("games", "handicap") or not any(ld.id == rest[0] for ld in content.ladders):
            return None
        return Target(kind, f"ladders/{rest[0]}", content_dir / "ladders" / f"{rest[0]}.yaml")
    swiss = next((lg for lg in content.swiss_leagues if lg.id == rest[0]), None)
    if swiss is None or len(rest) < 2 or not any(t.id == rest[1] for t in swiss.tournaments):
        return None
    return Target(kind, f"swiss/{swiss.id}/{rest[1]}",
                  content_dir / "swiss" / swiss.id / f"{rest[1]}.yaml", round=_round_part(rest[2:]))


def _round_part(rest: list[str]) -> int | None:
    """Return N of a ``round-N`` address part, if that is what follows."""
    match = _ROUND.match(rest[0]) if rest else None
    return int(match.group(1)) if match else None


def _with_options(content: Content, target: Target, request: ResultRequest) -> Target:
    """Apply ``--season`` and ``--round`` to ``target`` and fill in a league's latest season."""
    if request.season is not None:
        if target.kind != "league":
            raise refuse(request.pos("season"), f"--season is for league seasons; {target.ident} "
                         "has none", "result.usage", "leave --season out")
        if target.season is not None and target.season != request.season:
            raise refuse(request.pos("season"), f"--season {echo(request.season)} contradicts the "
                         f"competition's season {target.season}", "result.usage", "give the season once")
    if request.round is not None:
        if target.kind not in ("tournament", "swiss"):
            raise refuse(request.pos("round"), f"--round is for tournaments and Swiss tournaments; "
                         f"{target.ident} has no rounds", "result.usage", "leave --round out")
        if target.round is not None and target.round != request.round:
            raise refuse(request.pos("round"), f"--round {request.round} contradicts the "
                         f"competition's round {target.round}", "result.usage", "give the round once")
        target = Target(target.kind, target.ident, target.path, target.season, request.round)
    if target.kind != "league":
        return target
    league = next(lg for lg in content.leagues if f"leagues/{lg.id}" == target.ident)
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
    return Target(target.kind, target.ident, target.path / f"{season_id}.yaml", season_id)
