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

The player's comments speak the site's language (``site.yaml``'s ``language:``): their words
come from sitegen's catalogs (:func:`sitegen.i18n.translations`, given explicitly), the fields are named by the form's own labels, and the common refusals
(:data:`PLAYER_REFUSALS`: an unknown player, several players for a name, two players not paired
or not in one group, a result already entered, a date not written ``YYYY-MM-DD``, a required
field left empty) are told in the language with the values they quote. Any other refusal is
quoted as ``sitegen`` words it, in English. ``pr.md`` is for the organizers and stays English,
like the command line.

Every value a player typed, and every message quoting one, is shown in a Markdown code span
(:func:`code`): no link, image, HTML or @mention of it is rendered.
"""

from __future__ import annotations

import datetime as dt
import gettext
import re
import shlex
from typing import TYPE_CHECKING, Sequence

from ..diagnostics import Diagnostic, shown_text
from ..i18n import N_, spelled_date, translations
from ..model.common import Outcome, Result
from ..validate import shown_path
from .issue import FIELD_IDS

if TYPE_CHECKING:  # pragma: no cover
    from .added import AddResult

PLAYER_HINTS = {
    "give FIRST SECOND SCORE, e.g. ann ben 2-1": N_("write the match's score from the first player's side, e.g. 2-1"),
    "give the colours: BLACK WHITE RESULT": N_("write the result with the colours, e.g. B+R or W+3.5"),
    "give the round with --round": N_("add the round to the Competition field as in the address "
                                      "of the round's page, e.g. tournaments/cup/round-2"),
}
"""Hints written for the command line, as the player is told instead (in the site's language,
after the refusal's own words)."""
PLAYER_HINTS_BY_CODE = {
    "result.entered": N_("if it is wrong, reply here: an organizer can correct it"),
    "result.unpaired": N_("check the competition and the two players"),
    "result.group": N_("check the competition and the two players"),
}
"""What the player is told instead of the hint of a refusal about the game in its file."""
_COMMAND_WORDS = re.compile(r"--|\bsitegen\b|\b[A-Z]{3,}\b")
"""A hint that names an option, the command or a command line's parts: not for the player."""

_DATES = "dates"
"""The placeholder of the dates a date may mean (each ``2025-03-05 (5 March 2025)``)."""
PLAYER_REFUSALS: tuple[tuple[str, str, str | None, str], ...] = (
    ("result.player", r"unknown player '(?P<name>.*)'", r"did you mean '(?P<close>.*)'\?",
     N_("no player is called {name}; did you mean {close}?")),
    ("result.player", r"unknown player '(?P<name>.*)'", None,
     N_("no player is called {name}; write the name or the id as on the site")),
    ("result.player", r"'(?P<name>.*)' matches \d+ players: (?P<players>.*)", None,
     N_("{name} fits several players: {players}; write the id of the one you mean")),
    ("result.unpaired", r"(?P<player>\S+) does not play in season (?P<season>\S+) of (?P<competition>\S+)",
     None, N_("{player} does not play in season {season} of {competition}; check the competition "
              "and the two players")),
    ("result.unpaired", r"(?P<a>\S+) and (?P<b>\S+) are not paired in round (?P<round>\d+) of "
     r"(?P<competition>\S+)", None,
     N_("{a} and {b} are not paired in round {round} of {competition}; check the competition, "
        "its round and the two players")),
    ("result.unpaired", r"(?P<a>\S+) and (?P<b>\S+) are not paired in any round of (?P<competition>\S+)",
     None, N_("{a} and {b} are not paired in {competition}; check the competition and the two players")),
    ("result.unpaired", r"(?P<player>\S+) is not a member of (?P<competition>\S+)", None,
     N_("{player} is not a member of {competition}; check the competition and the two players")),
    ("result.group", r"(?P<a>\S+) \(group (?P<group>.+?)\) and (?P<b>\S+) \(group (?P<other>.+?)\) are "
     r"not in the same group of season (?P<season>\S+)", None,
     N_("{a} (group {group}) and {b} (group {other}) do not play in the same group of season "
        "{season}; check the competition and the two players")),
    ("result.entered", r"(?P<a>\S+) - (?P<b>\S+) already has a result in .+ \((?P<result>.*)\); it is "
     r"not overwritten", None,
     N_("the game {a} – {b} already has a result, {result}, and it is not overwritten; if it is "
        "wrong, reply here: an organizer can correct it")),
    ("result.entered", r"(?P<a>\S+) - (?P<b>\S+) in .+ already has the link (?P<link>\S+); it is not "
     r"overwritten", None,
     N_("the game {a} – {b} already has another link, {link}, and it is not overwritten; if it is "
        "wrong, reply here: an organizer can correct it")),
    ("result.date", r"'(?P<text>.*)' is not a date written YYYY-MM-DD", r"write it as \d{4}-\d\d-\d\d \(.*\)",
     N_("{text} is not a date written YYYY-MM-DD; write it as {dates}")),
    ("result.date", r"'(?P<text>.*)' is not a date", None,
     N_("{text} is not a date; write it as YYYY-MM-DD, e.g. 2025-03-01")),
    ("issue.form", r"the field '.*' is empty", None, N_("this field is empty; fill in every required field")),
)
"""The common refusals, told the player in the site's language: (code, the message's pattern,
the hint's pattern or None for any hint, the words). The patterns are those of the messages
``sitegen`` writes (tests/test_issue_form.py pins each); the values they quote are put into the
words in code spans. A refusal that matches none is quoted as it is."""


def code(text: str) -> str:
    """Return ``text`` as one Markdown code span, whatever backticks it holds."""
    text = shown_text(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def entered_comment(done: AddResult, labels: dict[str, str], language: str = "en") -> str:
    """Return the comment for the player whose report was entered (``done``), in ``language``:
    the game as read, under the form's labels, and what happens next."""
    words = translations(language)
    request, names = done.request, done.names
    a, b = request.players
    lines = [words.gettext("Thank you for your report. It was read as:"), "",
             field(words, labels["competition"], code(competition_words(done, words))),
             field(words, labels["black"], code(names.get(a, a))),
             field(words, labels["white"], code(names.get(b, b))),
             field(words, labels["result"], code(result_words(done, words)))]
    if request.date is not None:
        no_date = done.target.rules.no_date  # a game without a date field: the date is noted beside it
        note = (words.gettext("today: the date was left empty") if request.dated_today else
                words.gettext(no_date) if no_date is not None else None)
        lines.append(field(words, labels["date"], code(request.date.isoformat()) + (f" ({note})" if note else "")))
    if request.link is not None:
        lines.append(field(words, labels["link"], code(request.link)))
    lines += ["", words.gettext(
        "A pull request enters it into the league's files. An organizer reviews it and merges it; "
        "the site shows the result a few minutes later, and this issue is then closed. If "
        "something above is wrong, reply here before then.")]
    return "\n".join(lines) + "\n"


def field(words: gettext.NullTranslations, label: str, value: str) -> str:
    """Return a list item of a field: its label in bold, then ``value`` (Markdown), with the
    language's colon (French: a no-break space before it)."""
    # Translators: a field of the Report a result form (its label) and the value read, in the
    # comment on a player's report.
    return "- " + words.gettext("{field}: {value}").format(field=f"**{label}**", value=value)


def competition_words(done: AddResult, words: gettext.NullTranslations) -> str:
    """Return where the result went as the player reads it: ``leagues/club season 1, group A1``,
    ``tournaments/cup, round 2``, a ladder game's date (``where`` as ``sitegen`` words it)."""
    target = done.target
    text = (words.gettext("{competition} season {season}").format(competition=target.ident, season=target.season)
            if target.season is not None else target.ident)
    where = re.fullmatch(r"(group|round) (.+)", done.where)
    if where is not None:
        part = (words.gettext("group {group}").format(group=where[2]) if where[1] == "group" else
                words.gettext("round {round}").format(round=where[2]))
        return f"{text}, {part}"
    return f"{text}, {done.where}" if done.where else text


def result_words(done: AddResult, words: gettext.NullTranslations | None = None) -> str:
    """Return the result as the player reads it: ``B+R: Ann Example won``, ``Dee Example won``,
    ``0: jigo``, a Swiss match's ``2-1 (Ann Example's score first)`` (in English without
    ``words``)."""
    words = words or gettext.NullTranslations()
    request, names = done.request, done.names
    a, b = request.players
    if request.winner is not None:
        return words.gettext("{name} won").format(name=names.get(request.winner, request.winner))
    text = request.result or ""
    if done.target.rules.worded is not None:
        return done.target.rules.worded(words, text, names.get(a, a))
    try:
        result = Result.parse(text)
    except ValueError:
        return text
    if result.outcome is Outcome.JIGO:
        # Translators: a result as written (B+R, 0) and what it means (jigo, Ann won).
        return words.gettext("{result}: {what}").format(result=text, what=words.gettext("jigo"))
    if result.winner is None or not request.colours_known:
        return text
    winner = a if result.winner.value == "B" else b
    won = (words.gettext("{name} won by forfeit") if result.outcome is Outcome.FORFEIT else
           words.gettext("{name} won"))
    return words.gettext("{result}: {what}").format(result=text, what=won.format(name=names.get(winner, winner)))


def refused_comment(diagnostics: Sequence[Diagnostic], values: dict[str, str | None],
                    labels: dict[str, str], source: str, language: str = "en") -> str:
    """Return the comment for the player whose report was refused, in ``language``: the fields
    as read (``values``, by field id), what to correct in the form (errors at a field of
    ``source``, the issue), what could not be done with the game (a refusal about the game in
    its file), and that the league's files need an organizer (any other error)."""
    words = translations(language)
    prefix = f"{source}, field '"
    by_label = {label: ident for ident, label in labels.items()}
    fields, game, files = [], [], 0
    for d in diagnostics:
        if d.level != "error":
            continue
        label = d.pos.path[len(prefix):-1] if d.pos.path.startswith(prefix) else None
        if label in by_label:
            fields.append(field(words, label, player_text(d, words, language)))
        elif d.code.startswith(("result.", "issue.")):
            game.append(f"- {player_text(d, words, language)}")
        else:
            files += 1
    lines = [words.gettext("Thank you for your report. It could not be entered, so nothing has "
                           "changed on the site yet. It was read as:"), ""]
    lines += [field(words, labels[ident], code(values[ident] or "") if values.get(ident) else
                    words.gettext("(empty: today)") if ident == "date" else words.gettext("(empty)"))
              for ident in FIELD_IDS]
    if fields:
        lines += ["", "**" + words.gettext("To correct in the form:") + "**", "", *fields]
    if game:
        lines += ["", "**" + words.gettext("What could not be done:") + "**", "", *game]
    if files:
        lines += ["", words.ngettext(
            "The league's files have {count} error that an organizer has to fix first; there is "
            "nothing for you to correct there.",
            "The league's files have {count} errors that an organizer has to fix first; there is "
            "nothing for you to correct there.", files).format(count=files)]
    if fields or any(d.code in ("result.unpaired", "result.group", "result.round", "result.competition")
                     for d in diagnostics):
        lines += ["", words.gettext("Please open a new report with the Report a result form, corrected "
                                    "as above, and close this one. If you think the report was right, "
                                    "reply here.")]
    else:
        lines += ["", words.gettext("An organizer will look at this issue and reply here; you need "
                                    "not report the game again.")]
    return "\n".join(lines) + "\n"


def player_text(d: Diagnostic, words: gettext.NullTranslations | None = None, language: str = "en") -> str:
    """Return a refusal as the player is told, in Markdown: a common one in the words of
    :data:`PLAYER_REFUSALS` (``words``' language), the values it quotes in code spans; any
    other as ``sitegen`` words it, in a code span, followed by the player's hint in place of
    one for the command line (:data:`PLAYER_HINTS`, :data:`PLAYER_HINTS_BY_CODE`) or
    without it."""
    words = words or gettext.NullTranslations()
    for kind, message, hint, text in PLAYER_REFUSALS:
        found = re.fullmatch(message, d.message) if kind == d.code else None
        told = re.fullmatch(hint, d.hint or "") if found is not None and hint is not None else None
        if found is None or (hint is not None and told is None):
            continue
        quoted = {key: code(value) for key, value in {**found.groupdict(), **(told.groupdict() if told else {})}.items()}
        if "{" + _DATES + "}" in text:
            quoted[_DATES] = _meant_dates(d.hint or "", words, language)
        return words.gettext(text).format(**quoted)
    ours = PLAYER_HINTS_BY_CODE.get(d.code) or PLAYER_HINTS.get(d.hint or "")
    if ours is not None:
        return f"{code(d.message)}; {words.gettext(ours)}"
    hint = d.hint if d.hint is not None and not _COMMAND_WORDS.search(d.hint) else None
    return code(d.message + (f"; {hint}" if hint else ""))


def _meant_dates(hint: str, words: gettext.NullTranslations, language: str) -> str:
    """Return the dates a hint says a date may mean (``write it as 2025-03-05 (5 March 2025) or
    ...``) in ``language``: each in a code span with its month in words beside it."""
    days = [dt.date.fromisoformat(iso) for iso in re.findall(r"\d{4}-\d\d-\d\d", hint)]
    shown = [f"{code(day.isoformat())} ({spelled_date(day, language)})" for day in days]
    if len(shown) == 1:
        return shown[0]
    return words.gettext("{date} or {other}").format(date=shown[0], other=shown[1])


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
