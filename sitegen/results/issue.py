"""Read a result report from the body of a "Report a result" GitHub issue form.

GitHub renders a submitted issue form as Markdown: each field's label as a ``### `` heading,
then its value, and ``_No response_`` for an optional field left empty::

    ### Competition

    leagues/club

    ### Black (or first player)

    Ann Example

The labels are read from the form itself (``.github/ISSUE_TEMPLATE/report-result.yml`` of the
repository, else the one ``sitegen new`` writes), by the ids of its fields. Every value is
untrusted text: it is checked here for form (one line, a length limit, a date, an http(s)
link, a competition made of address characters) and only ever handed to Python code as data.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, TypeVar

from ruamel.yaml import YAML

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, SourcePos
from .request import ResultRequest, check_link, echo, parse_date

FORM = Path(".github") / "ISSUE_TEMPLATE" / "report-result.yml"
"""Where a repository keeps its issue form (relative to the repository's root)."""
PACKAGED_FORM = Path(__file__).resolve().parent.parent / "scaffold" / "common" / "github" / "ISSUE_TEMPLATE" / "report-result.yml"
"""The form that ``sitegen new`` writes."""

FIELD_IDS = ("competition", "black", "white", "result", "date", "link")
REQUIRED = ("competition", "black", "white", "result")
NO_RESPONSE = "_No response_"
MAX_FIELD = 300
"""Longest value accepted in a field (characters)."""

_COMPETITION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-._~:/?#@!&+=%]*$")


def form_labels(form: Path | None = None) -> dict[str, str]:
    """Return the label of each field of the issue form, by field id (:data:`FIELD_IDS`).

    Reads ``form``, else the repository's :data:`FORM` if there is one, else the packaged form.
    Raises SitegenError when a field is missing from the form.
    """
    path = form or (FORM if FORM.is_file() else PACKAGED_FORM)
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    labels = {}
    for item in (data or {}).get("body") or []:
        if isinstance(item, dict) and item.get("id") in FIELD_IDS:
            labels[item["id"]] = str((item.get("attributes") or {}).get("label", "")).strip()
    missing = [ident for ident in FIELD_IDS if not labels.get(ident)]
    if missing:
        raise SitegenError(f"the issue form {path} has no field with the id "
                           + ", ".join(f"'{m}'" for m in missing))
    return labels


def form_values(body: str, labels: dict[str, str]) -> dict[str, str | None]:
    """Return each field's value as the issue's ``body`` gives it, by field id: its first
    non-empty line (outer spaces aside), None for a field empty or missing. Unchecked: what a
    comment quotes back to the player as read."""
    values, _ = _sections(body, labels)
    found: dict[str, str | None] = {}
    for ident in FIELD_IDS:
        lines = [line.strip() for line in values.get(ident, []) if line.strip()]
        found[ident] = lines[0] if lines and lines[0] != NO_RESPONSE else None
    return found


def _sections(body: str, labels: dict[str, str]) -> tuple[dict[str, list[str]], list[str]]:
    """Return the lines under each field's heading, by field id, and the ids whose heading
    appears more than once (the lines of the last one are kept)."""
    by_label = {label: ident for ident, label in labels.items()}
    values: dict[str, list[str]] = {}
    repeated: list[str] = []
    current = None
    for line in body.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        heading = line[4:].strip() if line.startswith("### ") else None
        if heading in by_label:
            current = by_label[heading]
            if current in values:
                repeated.append(current)
            values[current] = []
        elif current is not None:
            values[current].append(line)
    return values, repeated


def parse_issue(body: str, source: str, labels: dict[str, str]) -> ResultRequest:
    """Return the request of an issue form's ``body``; ``source`` names the issue in errors
    (``issue #12``). Raises SitegenError with every problem of every field."""
    diags = Diagnostics()
    where = {ident: SourcePos(f"{source}, field '{label}'", 0, 0) for ident, label in labels.items()}
    values, repeated = _sections(body, labels)
    for ident in repeated:
        diags.error(where[ident], f"the field '{labels[ident]}' appears twice", "issue.form",
                    "use the Report a result form as it is")
    if not values:
        raise SitegenError([_not_a_report(source)])
    fields: dict[str, str | None] = {}
    for ident in FIELD_IDS:
        lines = [line.strip() for line in values.get(ident, []) if line.strip()]
        text = lines[0] if lines and lines != [NO_RESPONSE] else None
        if len(lines) > 1:
            diags.error(where[ident], f"the field '{labels[ident]}' must be one line", "issue.form",
                        f"it has {len(lines)}")
        elif text is not None and len(text) > MAX_FIELD:
            diags.error(where[ident], f"the field '{labels[ident]}' is longer than {MAX_FIELD} characters",
                        "issue.form")
        elif text is None and ident in REQUIRED:
            diags.error(where[ident], f"the field '{labels[ident]}' is empty", "issue.form",
                        "fill in every required field")
        fields[ident] = text if len(lines) <= 1 else None
    request = _request(fields, where, diags)
    if diags.has_errors or request is None:
        raise SitegenError(diags.sorted())
    return request


def _not_a_report(source: str) -> Diagnostic:
    return Diagnostic(SourcePos(source, 0, 0), "this issue is not a result report: it has none of "
                      "the fields of the Report a result form", "issue.form",
                      "open the issue with the Report a result form")


def _request(fields: dict[str, str | None], where: dict[str, SourcePos],
             diags: Diagnostics) -> ResultRequest | None:
    """Return the request of checked field values; record problems in ``diags``."""
    competition, black, white = fields["competition"], fields["black"], fields["white"]
    if competition is not None and not _COMPETITION.match(competition):
        diags.error(where["competition"], f"'{echo(competition)}' is not a competition", "result.competition",
                    "name it as in the address of its page, e.g. leagues/club or ladders/club")
    for ident, text in (("black", black), ("white", white)):
        if text is not None and text.startswith("-"):
            diags.error(where[ident], f"'{echo(text)}' is not a player's name or id", "result.player",
                        "name a player by id or name, as on the site")
    date = _checked(fields["date"], where["date"], parse_date, diags)
    link = _checked(fields["link"], where["link"], check_link, diags)
    result = fields["result"]
    if diags.has_errors or competition is None or black is None or white is None or result is None:
        return None
    return ResultRequest(competition, (black, white), result=result, date=date,
                         link=link, today_if_undated=True, winner_by_name=True,
                         where={**where, "winner": where["result"]})


_Checked = TypeVar("_Checked")


def _checked(text: str | None, pos: SourcePos, check: Callable[[str, SourcePos], _Checked],
             diags: Diagnostics) -> _Checked | None:
    """Return ``check(text, pos)`` of a field given, else None; record its refusal in ``diags``."""
    if text is None:
        return None
    try:
        return check(text, pos)
    except SitegenError as error:
        diags.extend(error.diagnostics)
        return None
