"""``sitegen result add`` and ``sitegen result from-issue``: enter one reported result.

``add`` validates the whole content, finds the competition (:mod:`sitegen.results.target`)
and the two players' game in its file, writes the result there (:mod:`sitegen.results.entry`:
round-trip YAML, so comments, key order and line ends stay and only the game's line changes),
each the way its rule set's description says (:class:`sitegen.ruleset.Entered`: how a target is
found in its folder, which results it takes, how it is entered and worded),
checks the whole content as it will be (in memory: the folder as it is, the file as it will
be), and only then replaces the file atomically. It prints the line it changed and the standings
change (:mod:`sitegen.summary`). Refused, exit 1 and nothing written: unknown competitions or
players, a result already entered (unless ``--replace``), players who are not paired, not in
the same group or not members, and results the rule set does not know.

``from-issue`` reads the request from the body of a "Report a result" issue form
(:mod:`sitegen.results.issue`) and runs ``add`` in this process: the form's fields never go
through a shell. With ``--out DIR`` it writes what the workflow needs: ``commit.txt``, ``pr.md``
(for the organizers) and ``reply.md`` (for the player) when the result was entered,
``comment.md`` (for the player: what to correct) when it was not (:mod:`sitegen.results.reply`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import difflib
import io
import shlex
from pathlib import Path
from typing import Mapping, TextIO

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, SourcePos, did_you_mean
from .diff import NO_CHANGE
from ..load import YMap, parse_yaml, texts_instead
from ..model import Content
from ..model.common import Player
from ..results.issue import form_labels, form_values, parse_issue
from ..results.names import listed, players_named
from ..results.added import AddResult
from ..results.reply import entered_comment, pull_request_body, refused_comment
from ..results.request import ResultRequest, echo, local_today, refuse
from ..results.target import Target, find_target
from ..summary import compare, markdown, summarize
from .. import rulesets
from ..rulesets import read_content
from ..validate import load_config, shown_path
from ..yamlwrite import load_rt, round_trip_yaml, tidy_content, write_atomic


def add_result(content_dir: Path, request: ResultRequest, out: TextIO | None = None,
               today: dt.date | None = None) -> AddResult:
    """Enter ``request`` into its competition's file; return what was done.

    ``today`` (default: :func:`~sitegen.results.request.local_today`, the local date unless
    ``$SITEGEN_TODAY`` gives one) dates a league or ladder game given without a date. Raises
    SitegenError, with nothing written, for invalid content and every refusal (module docstring).
    """
    tidy_content(content_dir, out)
    content, before = load_with_warnings(content_dir)
    target = find_target(content, content_dir, request, rulesets.RULE_SETS)
    today = today or local_today()
    request = resolve(content, request, target, today)
    shown = shown_path(target.path)
    original = target.path.read_text(encoding="utf-8-sig")
    diags = Diagnostics()
    tree = parse_yaml(original, shown, diags)
    if not isinstance(tree, YMap) or diags.has_errors:  # pragma: no cover - load_content read it already
        raise SitegenError(diags.sorted())
    data = load_rt(target.path)
    where = target.rules.enter(tree, data, request, target, shown, today)
    text = splice(original, dump_unwrapped(load_rt(target.path)), dump_unwrapped(data))
    after, warnings = load_edited(content_dir, target.path, text)
    write_atomic(target.path, text)
    changed = compare(summarize(content), summarize(after))
    changes = markdown(changed, "Standings changes") or NO_CHANGE
    known = {(d.code, d.message) for d in before}
    new = tuple(d for d in warnings if (d.code, d.message) not in known)
    names = {pid: after.players[pid].name for pid in request.players if pid in after.players}
    done = AddResult(target, request, changed_line(original, text), changes, new, where, names)
    if out is not None:
        out.write(f"entered {done.what} in {shown}:{done.line} ({target.shown}, {where})\n"
                  + "".join(d.format() + "\n" for d in new) + "\n"
                  + (markdown(changed, "Standings changes", plain=True) or NO_CHANGE))
    return done


def load_with_warnings(content_dir: Path) -> tuple[Content, list[Diagnostic]]:
    """Return the validated content and its warnings. Raises SitegenError for any error."""
    diags = Diagnostics()
    content = read_content(content_dir, diags)
    if diags.has_errors or content is None:
        raise SitegenError(diags.sorted())
    return content, diags.warnings


def dump_unwrapped(data: object) -> str:
    """Return the round-trip tree as YAML text without wrapping long lines (a long line that
    the organizer wrote stays one line, so only the edited line differs)."""
    yaml = round_trip_yaml()
    yaml.width = 1 << 30
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # a Swiss match's {link: ...}
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


def splice(original: str, plain: str, edited: str) -> str:
    """Return ``original`` with the lines that differ from ``plain`` to ``edited`` changed.

    ``plain`` and ``edited`` are the round-trip dumps of the file before and after the edit.
    ruamel's dump is not always the file itself (a flow mapping inside a flow sequence loses
    its braces, for one), so the edit is carried over line by line where the dump's lines are
    the file's; the whole dump is returned only when they cannot be matched.
    """
    original = original.replace("\r\n", "\n")
    if original == plain:
        return edited
    lines, dumped = original.splitlines(True), plain.splitlines(True)
    same = {}
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, lines, dumped, autojunk=False).get_opcodes():
        if tag == "equal":
            same.update({j1 + k: i1 + k for k in range(i2 - i1)})
    same[len(dumped)] = len(lines)
    hunks = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, dumped, edited.splitlines(True),
                                                       autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        found = [same.get(i) for i in range(i1, i2 + 1)]
        span = [line for line in found if line is not None]
        if len(span) < len(found) or span != list(range(span[0], span[0] + len(span))):
            return edited
        hunks.append((span[0], span[-1], edited.splitlines(True)[j1:j2]))
    for start, end, new in reversed(hunks):
        lines[start:end] = new
    return "".join(lines)


def changed_line(before: str, after: str) -> int:
    """Return the 1-based line of ``after`` where it first differs from ``before``."""
    matcher = difflib.SequenceMatcher(None, before.replace("\r\n", "\n").splitlines(),
                                      after.splitlines(), autojunk=False)
    for tag, _, _, start, _ in matcher.get_opcodes():
        if tag != "equal":
            return start + 1
    return 1


def load_edited(content_dir: Path, path: Path, text: str) -> tuple[Content, list[Diagnostic]]:
    """Return the content as it will be with ``text`` in ``path``, validated in memory
    (:func:`sitegen.load.texts_instead`: the folder is read as it is, ``path`` as ``text``),
    and its warnings. Raises SitegenError with every problem."""
    with texts_instead({path: text}):
        return load_with_warnings(content_dir)


# --------------------------------------------------------------------------- checking a request


def resolve(content: Content, request: ResultRequest, target: Target, today: dt.date) -> ResultRequest:
    """Return ``request`` with player ids for names, its result checked for the rule set and
    written as the content format writes it, and its date; raise SitegenError with every
    problem found."""
    diags = Diagnostics()
    a = find_player(request.players[0], content.players, request.pos("black"), diags)
    b = find_player(request.players[1], content.players, request.pos("white"), diags)
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    if a == b:
        raise refuse(request.pos("white"), f"{a} cannot play against themself", "result.player",
                     "name the two players of the game")
    request = request.with_players((a, b))
    if request.winner_by_name and request.result is not None and not target.rules.parses(request.result):
        winner = find_player(request.result, content.players, request.pos("result"), Diagnostics())
        if winner in (a, b):
            request = dataclasses.replace(request, result=None, winner=winner, colours_known=False)
    if request.winner is not None and target.rules.no_winner is not None:
        message, hint = target.rules.no_winner
        raise refuse(request.pos("winner"), message, "result.syntax", hint)
    if request.winner is not None:
        winner = find_player(request.winner, content.players, request.pos("winner"), diags)
        if diags.has_errors:
            raise SitegenError(diags.sorted())
        if winner not in (a, b):
            raise refuse(request.pos("winner"), f"the winner {winner} is not one of the two players "
                         f"({a}, {b})", "result.winner", "name one of the two players")
        request = dataclasses.replace(request, winner=winner)
    else:
        request = dataclasses.replace(request, result=target.rules.check(request))
    if request.date is None and request.today_if_undated and target.rules.dated:
        request = dataclasses.replace(request, date=today, dated_today=True)
    return request


def find_player(text: str, players: Mapping[str, Player], pos: SourcePos, diags: Diagnostics) -> str:
    """Return the id of the player named ``text``: by id, by name as written, by id in another
    case, else by name as people type it (:mod:`sitegen.results.names`: diacritics and case
    aside, surname first or last). Record an error in ``diags`` (and return ``text``) when
    none or several fit: several are listed with their ids."""
    text = text.strip()
    if text in players:
        return text
    folded = text.casefold()
    for found in (sorted(pid for pid, player in players.items() if player.name == text),
                  [pid for pid in players if pid.casefold() == folded],
                  players_named(text, players)):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            diags.error(pos, f"'{echo(text)}' matches {len(found)} players: "
                        + listed(found, players), "result.player", "give the id")
            return text
    diags.error(pos, f"unknown player '{echo(text)}'", "result.player",
                did_you_mean(text, list(players) + [p.name for p in players.values()])
                or "name a player by id or name, as on the site")
    return text


# --------------------------------------------------------------------------- the issue form


def from_issue(content_dir: Path, body: str, issue: int | None, out_dir: Path | None,
               dry_run: bool, out: TextIO, form: Path | None = None,
               today: dt.date | None = None) -> AddResult | None:
    """Enter the result reported in an issue form's ``body`` (GitHub's Markdown rendering).

    ``dry_run`` prints the ``sitegen result add`` command it would run, and stops. With
    ``out_dir``, writes ``commit.txt``, ``pr.md`` and ``reply.md`` (the comment for the player)
    after entering the result, or ``comment.md`` (the player's comment: what to correct) when
    it was refused (:mod:`sitegen.results.reply`); the player's comments in the site's language
    (:func:`site_language`), ``pr.md`` in English. ``today`` as for :func:`add_result`. Raises
    SitegenError when the report cannot be entered.
    """
    source = f"issue #{issue}" if issue is not None else "the issue"
    labels = form_labels(form)
    language = site_language(content_dir)
    try:
        request = parse_issue(body, source, labels)
        if dry_run:
            out.write(shlex.join(["sitegen", "result", "add", *request.argv()]) + "\n")
            return None
        done = add_result(content_dir, request, out, today)
    except SitegenError as error:
        if out_dir is not None and not dry_run:
            _write(out_dir, "comment.md", refused_comment(error.diagnostics, form_values(body, labels),
                                                          labels, source, language))
        raise
    if out_dir is not None:
        subject = f"Result: {done.what} ({done.target.shown})"
        reported = f"Reported in #{issue}" if issue is not None else "Reported in an issue"
        _write(out_dir, "commit.txt", f"{subject}\n\n{reported}; entered with `sitegen result from-issue`.\n")
        _write(out_dir, "pr.md", pull_request_body(done, issue))
        _write(out_dir, "reply.md", entered_comment(done, labels, language))
    return done


def site_language(content_dir: Path) -> str:
    """Return the language of the site (``site.yaml``'s ``language:``) that the player's comment
    speaks; English when site.yaml is missing or its language is not a language tag (the
    command reports site.yaml's errors when it loads the content)."""
    return load_config(content_dir / "site.yaml", "site.yaml", Diagnostics()).language


def _write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
