"""What ``sitegen result add`` did (:class:`AddResult`): the command that made it, the player's
comments (:mod:`sitegen.results.reply`) and the pull request's body read it."""

from __future__ import annotations

import dataclasses
from typing import Mapping

from ..diagnostics import Diagnostic
from .request import ResultRequest
from .target import Target


@dataclasses.dataclass(frozen=True)
class AddResult:
    """What ``sitegen result add`` did."""

    target: Target
    request: ResultRequest
    """The request as entered: player ids resolved, the result as written."""
    line: int
    """The 1-based line of the file that holds the result now."""
    changes: str
    """The standings change in Markdown (:data:`NO_CHANGE` when there is none)."""
    warnings: tuple[Diagnostic, ...] = ()
    """Warnings the new result brings (e.g. White taken by the weaker rung of a ladder)."""
    where: str = ""
    """Where in the competition it went: ``group A1``, ``round 2``, a ladder game's date."""
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The two players' names, by id."""

    @property
    def command(self) -> list[str]:
        """Return the command line that enters this result (``sitegen result add ...``)."""
        return ["sitegen", "result", "add", *self.request.argv()]

    @property
    def what(self) -> str:
        """Return the result in short: ``ann - ben B+R``, ``ann - ben: ann won``."""
        a, b = self.request.players
        return f"{a} - {b} " + (f"{self.request.result}" if self.request.winner is None
                                else f"({self.request.winner} won)")
