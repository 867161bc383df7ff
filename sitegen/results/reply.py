"""What the player and the organizers are told about a result reported by the issue form.

``sitegen result from-issue --out DIR`` writes, for the workflow (.github/workflows/report-result.yml):

- when the result was entered, ``reply.md`` (:func:`entered_comment`), the comment for the
  player: the game as it was read (the players by name, the result in words, the date) and
  what happens next (an organizer reviews the pull request); and ``pr.md``
  (:func:`pull_request_body`), the pull request's description for the organizers: the command
  that entered it, the line changed, the date used, new warnings, the standings change and how
  to correct or refuse it;
- when it was refused, ``comment.md`` (:func:`refused_comment`): what was read, what to
  correct in the form (each field by its label in the form), or that an organizer has to look
  at it. It never gives a command or an option: those are the organizers' (the run's log has
  the errors as ``sitegen`` prints them).

Every value a player typed, and every message quoting one, is shown in a Markdown code span
(:func:`code`): no link, image, HTML or @mention of it is rendered.
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING, Sequence

from ..diagnostics import Diagnostic, shown_text
from ..model.common import Outcome, Result
from ..validate import shown_path
from .issue import FIELD_IDS

if TYPE_CHECKING:  # pragma: no cover
    from ..commands.result import AddResult

NO_DATE_FIELD = ("tournament", "swiss")
"""Competition kinds whose games have no date field (a date given is noted beside the game)."""

PLAYER_HINTS = {
    "give FIRST SECOND SCORE, e.g. ann ben 2-1": "write the match's score from the first player's side, e.g. 2-1",
    "give the colours: BLACK WHITE RESULT": "write the result with the colours, e.g. B+R or W+3.5",
    "give the round with --round": "add the round to the Competition field as in the address "
                                   "of the round's page, e.g. tournaments/cup/round-2",
}
"""Hints written for the command line, as the player is told instead."""
PLAYER_HINTS_BY_CODE = {
    "result.entered": "if it is wrong, reply here: an organizer can correct it",
    "result.unpaired": "check the competition and the two players",
    "result.group": "check the competition and the two players",
}
"""What the player is told instead of the hint of a refusal about the game in its file."""
_COMMAND_WORDS = re.compile(r"--|\bsitegen\b|\b[A-Z]{3,}\b")
"""A hint that names an option, the command or a command line's parts: not for the player."""


def code(text: str) -> str:
    """Return ``text`` as one Markdown code span, whatever backticks it holds."""
    text = shown_text(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def entered_comment(done: AddResult, labels: dict[str, str]) -> str:
    """Return the comment for the player whose report was entered (``done``): the game as read,
    under the form's labels, and what happens next."""
    request, names = done.request, done.names
    a, b = request.players
    lines = ["Thank you for your report. It was read as:", "",
             f"- **{labels['competition']}**: {code(done.target.shown + (', ' + done.where if done.where else ''))}",
             f"- **{labels['black']}**: {code(names.get(a, a))}",
             f"- **{labels['white']}**: {code(names.get(b, b))}",
             f"- **{labels['result']}**: {code(result_words(done))}"]
    if request.date is not None:
        note = (" (today: the date was left empty)" if request.dated_today else
                f" (noted beside the game: a {done.target.kind} game has no date of its own)"
                if done.target.kind in NO_DATE_FIELD else "")
        lines.append(f"- **{labels['date']}**: {code(request.date.isoformat())}{note}")
    if request.link is not None:
        lines.append(f"- **{labels['link']}**: {code(request.link)}")
    lines += ["", "A pull request enters it into the league's files. An organizer reviews it and "
              "merges it; the site shows the result a few minutes later, and this issue is then "
              "closed. If something above is wrong, reply here before then."]
    return "\n".join(lines) + "\n"


def result_words(done: AddResult) -> str:
    """Return the result as the player reads it: ``B+R: Ann Example won``, ``Dee Example won``,
    ``0: jigo``, a Swiss match's ``2-1 (Ann Example's score first)``."""
    request, names = done.request, done.names
    a, b = request.players
    if request.winner is not None:
        return f"{names.get(request.winner, request.winner)} won"
    text = request.result or ""
    if done.target.kind == "swiss":
        return f"{text} ({names.get(a, a)}'s score first)"
    try:
        result = Result.parse(text)
    except ValueError:
        return text
    if result.outcome is Outcome.JIGO:
        return f"{text}: jigo"
    if result.winner is None or not request.colours_known:
        return text
    winner = a if result.winner.value == "B" else b
    return f"{text}: {names.get(winner, winner)} won" + (" by forfeit" if result.outcome is Outcome.FORFEIT else "")


def refused_comment(diagnostics: Sequence[Diagnostic], values: dict[str, str | None],
                    labels: dict[str, str], source: str) -> str:
    """Return the comment for the player whose report was refused: the fields as read
    (``values``, by field id), what to correct in the form (errors at a field of ``source``,
    the issue), what could not be done with the game (a refusal about the game in its file),
    and that the league's files need an organizer (any other error)."""
    prefix = f"{source}, field '"
    by_label = {label: ident for ident, label in labels.items()}
    fields, game, files = [], [], 0
    for d in diagnostics:
        if d.level != "error":
            continue
        label = d.pos.path[len(prefix):-1] if d.pos.path.startswith(prefix) else None
        if label in by_label:
            fields.append(f"- **{label}**: {code(_player_text(d))}")
        elif d.code.startswith(("result.", "issue.")):
            game.append(f"- {code(_player_text(d))}")
        else:
            files += 1
    lines = ["Thank you for your report. It could not be entered, so nothing has changed on the "
             "site yet. It was read as:", ""]
    lines += [f"- **{labels[ident]}**: " + (code(values[ident] or "") if values.get(ident) else
                                           "(empty: today)" if ident == "date" else "(empty)")
              for ident in FIELD_IDS]
    if fields:
        lines += ["", "**To correct in the form:**", "", *fields]
    if game:
        lines += ["", "**What could not be done:**", "", *game]
    if files:
        lines += ["", f"The league's files have {files} error{'s' if files > 1 else ''} that an "
                  "organizer has to fix first; there is nothing for you to correct there."]
    if fields or any(d.code in ("result.unpaired", "result.group", "result.round", "result.competition")
                     for d in diagnostics):
        lines += ["", "Please open a new report with the Report a result form, corrected as above, "
                  "and close this one. If you think the report was right, reply here."]
    else:
        lines += ["", "An organizer will look at this issue and reply here; you need not report "
                  "the game again."]
    return "\n".join(lines) + "\n"


def _player_text(d: Diagnostic) -> str:
    """Return a refusal's message and hint as the player is told: without a hint for the
    command line (:data:`PLAYER_HINTS`, :data:`PLAYER_HINTS_BY_CODE`)."""
    hint = PLAYER_HINTS_BY_CODE.get(d.code) or PLAYER_HINTS.get(d.hint or "", d.hint)
    if hint is not None and _COMMAND_WORDS.search(hint):
        hint = None
    return d.message + (f"; {hint}" if hint else "")


def pull_request_body(done: AddResult, issue: int | None) -> str:
    """Return the Markdown description of the pull request that enters ``done``, for the
    organizers: the command, the line changed, the date used, the warnings the result brings,
    the standings change, how to correct or refuse it, and ``Closes #issue``."""
    lines = [f"Reported in #{issue}, entered with:" if issue is not None else "Entered with:", "",
             "```sh", shlex.join(done.command), "```", "",
             f"Changed: `{shown_path(done.target.path)}`, line {done.line}."]
    if done.request.dated_today and done.request.date is not None:
        lines += ["", f"Date: {done.request.date.isoformat()}, the day the report was entered "
                  "(the report gave none)."]
    if done.warnings:
        text = "\n".join(d.format() for d in done.warnings)
        fence = "`" * max(3, max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
        lines += ["", "Warnings:", "", f"{fence}text", text, fence]
    lines += ["", done.changes.rstrip(), "",
              "To correct it before merging, edit the line on this pull request's branch, or run the "
              "command above again there with the correction and `--replace`. To refuse it, close "
              "this pull request and say why on the issue."]
    if issue is not None:
        lines += ["", f"Closes #{issue}"]
    return "\n".join(lines) + "\n"
