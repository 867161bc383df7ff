"""``sitegen import opengotha FILE.xml`` and ``sitegen import h9 FILE.h9``: write a tournament's
content files (``tournaments/<id>.yaml`` and ``players/<id>.yaml``) for the organizer to commit.

A bad file gives positioned errors and nothing is written; an existing tournament file is
never overwritten. Tournament players become site players: a person whose name is already
in the players files keeps that id, everyone else gets a new id in ``players/<id>.yaml``.
The text to be written is validated exactly as a build would read it before anything is written.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from pathlib import Path
from typing import TextIO

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, SourcePos, command_pos
from ..formats.h9 import read_h9, to_tournament
from ..formats.ids import slug, unique_id
from ..formats.opengotha import read_opengotha
from ..formats.tournament_yaml import dump_players, dump_tournament
from ..load import parse_yaml
from ..model.common import Player
from ..model.tournament import Tournament
from ..validate import load_all_players, load_players, shown_path
from ..validate.fields import MAX_TEXT, check_ident
from ..validate.league import PlayerRefs
from ..validate.tournament import tournament_from_node
from ..yamlwrite import undo_file_set, write_new_files

FORMATS = ("opengotha", "h9")
JOURNAL = ".sitegen-import.json"
"""The journal of the import being written, in the content folder (yamlwrite.write_new_files)."""


@dataclasses.dataclass(frozen=True)
class ImportResult:
    """What an import wrote: the two files, the new and the reused player ids."""

    tournament_file: Path
    players_file: Path | None
    new_players: tuple[str, ...]
    reused_players: tuple[str, ...]


def _fail(message: str, pos: SourcePos | None = None, hint: str | None = None) -> SitegenError:
    return SitegenError([Diagnostic(pos or command_pos("sitegen import"), message, "import", hint)])


def read_tournament(fmt: str, path: Path, tournament_id: str | None) -> Tournament:
    """Return the tournament in an OpenGotha XML or h9 file. Raises SitegenError (FormatError)."""
    shown = shown_path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _fail(f"cannot read {shown}: {exc.strerror}") from None
    if fmt == "opengotha":
        return read_opengotha(data, shown, tournament_id)
    h9 = read_h9(data, shown)
    default = tournament_id or slug(h9.tags.get("EV", "")) or slug(path.stem) or "tournament"
    return to_tournament(h9, default)


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


def site_players_for(t: Tournament, existing: dict[str, Player]) -> tuple[Tournament, list[Player], list[str]]:
    """Return ``t`` with site player ids, the new site players, and the reused ids.

    A tournament player whose ``First Surname`` (or ``Surname First``) equals the name of
    exactly one existing player gets that player's id; any other gets a new id from the name,
    unique among all players.
    """
    by_name: dict[str, list[str]] = {}
    for pid, player in existing.items():
        by_name.setdefault(_norm(player.name), []).append(pid)
    taken = set(existing)
    mapping: dict[str, str] = {}
    new: list[Player] = []
    reused: list[str] = []
    used: set[str] = set()
    for pl in t.players:
        display = f"{pl.first_name} {pl.surname}".strip()
        matches = set()
        for form in (display, f"{pl.surname} {pl.first_name}".strip()):
            matches.update(by_name.get(_norm(form), []))
        if len(matches) == 1 and not matches & used:
            pid = matches.pop()
            reused.append(pid)
        else:
            base = slug(display) or "player"
            pid = unique_id(base[:60].strip("-") or "player", taken)
            country = pl.country.strip() if len(pl.country.strip()) == 2 else None
            rating = pl.rating if pl.rating is not None and -1000 <= pl.rating <= 4000 else None
            new.append(Player(pid, display[:MAX_TEXT], pl.rank, rating, pl.club.strip()[:80] or None,
                              country))
        taken.add(pid)
        used.add(pid)
        mapping[pl.id] = pid
    players = tuple(dataclasses.replace(pl, id=mapping[pl.id]) for pl in t.players)
    games = tuple(dataclasses.replace(g, white=mapping[g.white], black=mapping[g.black]) for g in t.games)
    byes = tuple(dataclasses.replace(b, player=mapping[b.player]) for b in t.byes)
    absences = tuple(dataclasses.replace(a, player=mapping[a.player]) for a in t.absences)
    return (dataclasses.replace(t, players=players, games=games, byes=byes, absences=absences),
            new, reused)


def import_tournament(fmt: str, path: Path, content_dir: Path, tournament_id: str | None = None,
                      out: TextIO | None = None) -> ImportResult:
    """Import a tournament file into ``content_dir``; return what was written.

    ``fmt`` is ``opengotha`` or ``h9``. Raises SitegenError (nothing written) for an unreadable
    or bad file, a bad ``--id``, an existing tournament or players file of that id, bad
    existing players files, content that would not validate, or a failed write. An import
    killed while writing is undone first (:func:`_undo_interrupted`).
    """
    _check_request(fmt, content_dir, tournament_id)
    _undo_interrupted(content_dir, out)
    t = read_tournament(fmt, path, tournament_id)
    if t.rounds < 1:
        raise _fail("the file holds no round results", SourcePos(shown_path(path)))
    tid = tournament_id or t.id
    diags = Diagnostics()
    if check_ident(tid, SourcePos(shown_path(path)), diags, "tournament id") is None:
        raise SitegenError(diags.sorted())
    target = content_dir / "tournaments" / f"{tid}.yaml"
    players_target = content_dir / "players" / f"{tid}.yaml"
    for existing_file in (target, players_target):
        if existing_file.exists():
            raise _fail(f"{shown_path(existing_file)} already exists; refusing to overwrite it",
                        SourcePos(shown_path(existing_file)),
                        "pass --id to import under another id, or remove the file first")
    existing = load_all_players(content_dir, shown_path(content_dir), diags)
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    t, new_players, reused = site_players_for(dataclasses.replace(t, id=tid), existing)
    tournament_text = dump_tournament(t, path.name)
    players_text = dump_players(new_players, f"Players first seen in {t.name or tid} "
                                f"(imported from {path.name}).") if new_players else None
    _validate(content_dir, t, tournament_text, players_text, existing)
    # the players first: every prefix of the set is valid content
    files = {players_target: players_text} if players_text is not None else {}
    files[target] = tournament_text
    try:
        write_new_files(files, content_dir / JOURNAL)
    except OSError as exc:
        raise _fail(f"cannot write {shown_path(Path(exc.filename or target))}: {exc.strerror}") from None
    result = ImportResult(target, players_target if players_text is not None else None,
                          tuple(p.id for p in new_players), tuple(reused))
    if out is not None:
        _report(out, t, result)
    return result


def _check_request(fmt: str, content_dir: Path, tournament_id: str | None) -> None:
    """Raise SitegenError for an unknown format, a bad ``--id`` or a missing content folder."""
    if fmt not in FORMATS:
        raise _fail(f"unknown import format '{fmt}'", hint=f"expected one of: {', '.join(FORMATS)}")
    if tournament_id is not None:
        diags = Diagnostics()
        if check_ident(tournament_id, SourcePos("--id"), diags, "tournament id") is None:
            raise SitegenError(diags.sorted())
    if not content_dir.is_dir():
        raise _fail(f"content folder {shown_path(content_dir)} not found",
                    hint="run sitegen in the folder that holds content/, or pass --content")


def _validate(content_dir: Path, t: Tournament, tournament_text: str, players_text: str | None,
              existing: dict[str, Player]) -> None:
    """Read the texts to be written exactly as a build will; raise SitegenError on any error."""
    base = shown_path(content_dir)
    check = Diagnostics()
    all_players = dict(existing)
    if players_text is not None:
        _players_from_text(players_text, f"{base}/players/{t.id}.yaml", check, all_players)
    node = parse_yaml(tournament_text, f"{base}/tournaments/{t.id}.yaml", check)
    if node is not None:
        tournament_from_node(node, t.id, PlayerRefs(all_players, check), check)
    if check.has_errors:
        raise SitegenError(check.sorted())


def _report(out: TextIO, t: Tournament, result: ImportResult) -> None:
    """Say what was written and which existing players were reused."""
    out.write(f"wrote {shown_path(result.tournament_file)}: {t.name}, {len(t.players)} players, "
              f"{t.rounds} rounds, {len(t.games)} games\n")
    if result.players_file is not None:
        out.write(f"wrote {shown_path(result.players_file)}: {len(result.new_players)} new players\n")
    if result.reused_players:
        out.write(f"reused {len(result.reused_players)} existing players: "
                  f"{', '.join(sorted(result.reused_players))}\n")
    out.write("check the files, then commit them\n")


def _undo_interrupted(content_dir: Path, out: TextIO | None) -> None:
    """Remove what an import killed while writing left (its journal names it), and say so."""
    journal = content_dir / JOURNAL
    if not os.path.lexists(journal):
        return
    removed = undo_file_set(journal)
    if out is not None:
        out.write("undid an interrupted import" + (": removed " if removed else "")
                  + ", ".join(shown_path(p) for p in removed) + "\n")


def _players_from_text(text: str, shown: str, diags: Diagnostics, players: dict[str, Player]) -> None:
    """Validate a players file's text through the ordinary players reader."""
    with tempfile.TemporaryDirectory() as folder:
        temp = Path(folder) / "players.yaml"
        temp.write_text(text, encoding="utf-8")
        load_players(temp, shown, diags, players)
