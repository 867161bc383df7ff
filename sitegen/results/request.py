"""What one reported result says, checked for form: :class:`ResultRequest`.

A request names the competition, the two players and the result, as given (player names are
resolved to ids later, against the content). :meth:`ResultRequest.argv` is the
``sitegen result add`` command line that enters it, as a list: it is shown to organizers and
in pull requests, and never goes through a shell.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass, field, replace
from typing import Mapping

from ..diagnostics import Diagnostic, SitegenError, SourcePos, command_pos
from ..validate.records import LINK_HINT, link_problem

FIELDS = ("competition", "black", "white", "result", "winner", "date", "link", "season", "round")
"""The parts of a request, each with a position for its errors (:attr:`ResultRequest.where`)."""

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_YEAR_FIRST = re.compile(r"^(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})\.?$")
"""A date in ISO order written another way: ``2025/3/5``, ``2025.03.05``, ``2025-3-5``."""
_YEAR_LAST = re.compile(r"^(\d{1,2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{4})\.?$")
"""A date with the year last: ``5.3.2025``, ``05/03/2025`` (day and month in either order)."""
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
TODAY_ENV = "SITEGEN_TODAY"
"""The environment variable that, when set (``YYYY-MM-DD``), is the date today for ``result add``
and ``result from-issue`` (tests, or entering a report a day late as of the day it was made)."""


@dataclass(frozen=True)
class ResultRequest:
    """One result to enter, as reported.

    With ``colours_known``, ``players`` is ``(black, white)`` (for a Swiss match: first and
    second) and ``result`` the result (SGF ``B+R``, or a match score ``2-1``); otherwise
    ``players`` are in no particular order and ``winner`` names the winner, or ``result`` is
    one without a colour (``0``, ``jigo``).
    """

    competition: str
    players: tuple[str, str]
    result: str | None = None
    winner: str | None = None
    colours_known: bool = True
    season: str | None = None
    round: int | None = None
    date: dt.date | None = None
    link: str | None = None
    replace: bool = False
    today_if_undated: bool = True
    """Date the game today where the competition records dates (league seasons, ladders) and
    none was given, as ``sitegen result add`` and the issue form do."""
    dated_today: bool = False
    """The date is today's because none was given: a game entered again (``replace``) that
    already has a date keeps it."""
    winner_by_name: bool = False
    """``result`` may be the winner's name or id instead of a result (the issue form's field)."""
    where: dict[str, SourcePos] = field(default_factory=dict, compare=False)
    """Where each part came from, for errors: a command-line argument or an issue form field."""

    def pos(self, part: str) -> SourcePos:
        """Return the position of ``part`` (one of :data:`FIELDS`) for an error about it."""
        return self.where.get(part) or command_pos("sitegen result add")

    def with_players(self, players: tuple[str, str], winner: str | None = None) -> "ResultRequest":
        """Return this request with player ids resolved (and the winner's, if any)."""
        return replace(self, players=players, winner=winner if winner is not None else self.winner)

    def argv(self) -> list[str]:
        """Return the arguments of ``sitegen result add`` that enter this request.

        A value starting with ``-`` (a Swiss forfeit ``-+``) is given as ``--result=-+`` so that
        it is not read as an option.
        """
        args = [self.competition]
        if self.season is not None:
            args.append(f"--season={self.season}")
        if self.round is not None:
            args.append(f"--round={self.round}")
        if self.colours_known:
            args += list(self.players)
        else:
            args += ["--players", *self.players]
        if self.winner is not None:
            args += ["--winner", self.winner]
        elif self.result is not None:
            if self.colours_known and not self.result.startswith("-"):
                args.append(self.result)
            else:
                args.append(f"--result={self.result}")
        if self.date is not None:
            args += ["--date", self.date.isoformat()]
        if self.link is not None:
            args += ["--link", self.link]
        if self.replace:
            args.append("--replace")
        return args


def refuse(pos: SourcePos, message: str, code: str, hint: str | None = None) -> SitegenError:
    """Return the SitegenError of one refused request (exit 1, nothing written)."""
    return SitegenError([Diagnostic(pos, message, code, hint)])


def parse_date(text: str, pos: SourcePos) -> dt.date:
    """Return the date ``YYYY-MM-DD``; raise SitegenError at ``pos`` for anything else.

    A date written another way is not guessed: ``2025/3/5`` or ``2025-3-5`` is refused with the
    ISO form as hint, ``5.3.2025`` or ``05/03/2025`` with both dates it may mean (day first and
    month first; one when only one exists or they are the same).
    """
    text = text.strip()
    try:
        if _DATE.match(text):
            return dt.date.fromisoformat(text)
    except ValueError:
        pass
    meant = [f"{day.isoformat()} ({day.day} {MONTHS[day.month - 1]} {day.year})" for day in _may_mean(text)]
    if meant:
        raise refuse(pos, f"'{echo(text)}' is not a date written YYYY-MM-DD", "result.date",
                     "write it as " + " or ".join(meant))
    raise refuse(pos, f"'{echo(text)}' is not a date", "result.date", "write it as YYYY-MM-DD, e.g. 2025-03-01")


def _may_mean(text: str) -> list[dt.date]:
    """Return the dates that ``text``, a date not written ``YYYY-MM-DD``, may mean: year first
    is read year, month, day (the ISO order); year last, day then month and month then day."""
    orders: list[tuple[str, str, str]] = []
    if match := _YEAR_FIRST.match(text):
        year, month, day = match.groups()
        orders.append((year, month, day))
    elif match := _YEAR_LAST.match(text):
        first, second, year = match.groups()
        orders += [(year, second, first), (year, first, second)]
    found: list[dt.date] = []
    for year, month, day in orders:
        try:
            date = dt.date(int(year), int(month), int(day))
        except ValueError:
            continue
        if date not in found:
            found.append(date)
    return found


def local_today(environ: Mapping[str, str] = os.environ) -> dt.date:
    """Return the date today (the computer's local date), or the date :data:`TODAY_ENV` gives.
    Raises SitegenError when that variable is set to anything but a ``YYYY-MM-DD`` date."""
    given = environ.get(TODAY_ENV, "").strip()
    return parse_date(given, SourcePos(f"${TODAY_ENV}", 0, 0)) if given else dt.date.today()


def check_link(text: str, pos: SourcePos) -> str:
    """Return ``text`` (outer spaces aside) if the content format takes it as a game's link
    (:func:`sitegen.validate.records.link_problem`, the one check of a link: an http(s)
    address with a host, no spaces, quotes or invisible characters); raise SitegenError at
    ``pos`` otherwise."""
    text = text.strip()
    problem = link_problem(text, echo(text))
    if problem is not None:
        raise refuse(pos, problem, "result.link", LINK_HINT)
    return text


def echo(text: str, limit: int = 80) -> str:
    """Return untrusted ``text`` fit to quote in a one-line message: characters that do not
    print (line breaks, controls) become ``?``, and it is cut at ``limit`` characters."""
    shown = "".join(c if c.isprintable() else "?" for c in text)
    return shown if len(shown) <= limit else shown[:limit] + "..."
