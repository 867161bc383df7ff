"""``sitegen import opengotha FILE.xml`` and ``sitegen import h9 FILE.h9``: write a tournament's
content files (``tournaments/<id>.yaml`` and ``players/<id>.yaml``) for the organizer to commit.

A bad file gives positioned errors and nothing is written; an existing tournament file is
never overwritten, and a tournament already in the content (same name and dates) is refused
unless ``--replace`` is given: then it is imported again over its file, keeping the
tournament's id and its players' ids. Tournament players become site players: a person whose
name is already in the players files keeps that id (a warning when the ranks differ), everyone
else gets a new id in ``players/<id>.yaml``. The text to be written is validated exactly as a
build would read it before anything is written. Only a regular file is read as the tournament
file: a device or a FIFO is refused before any read.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path
from typing import Any, Hashable, TextIO

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from ..diagnostics import (Diagnostic, Diagnostics, SitegenError, SourcePos, command_pos,
                           write_failed)
from ..formats.h9 import decode_h9, read_h9, to_tournament
from ..formats.h9_check import check_values, fit_mcmahon_bar, header_warnings
from ..formats.ids import UniqueIds, slug
from ..formats.opengotha import read_opengotha
from ..formats.tournament_yaml import dump_players, dump_tournament, game_result_text
from ..load import MAX_FILE_BYTES, texts_instead
from ..model.common import Player
from ..model.tournament import GameResult, Tournament, TournamentGame
from ..rulesets import holding, load_units_of
from ..validate import load_all_players, load_players, shown_path, words_of
from ..validate.fields import MAX_TEXT, check_ident
from ..validate.league import PlayerRefs
from .import_positions import h9_tag_positions, players_anchors, repoint, tournament_anchors
from ..yamlmerge import Shape, add_missing, merge, merge_entries
from ..yamlwrite import (IMPORT_JOURNAL, dump_unwrapped, flow_map, load_rt, round_trip_yaml,
                         tidy_content, undo_file_set, write_new_files)

FORMATS = ("opengotha", "h9")
JOURNAL = IMPORT_JOURNAL
"""The journal of the import being written, in the content folder (yamlwrite.write_new_files)."""


@dataclasses.dataclass(frozen=True)
class ImportResult:
    """What an import wrote: the two files, the new and the reused player ids, the warnings
    (a reused player's rank, an h9 column that differs from the computed values), and
    whether it replaced the tournament's file."""

    tournament_file: Path
    players_file: Path | None
    new_players: tuple[str, ...]
    reused_players: tuple[str, ...]
    warnings: tuple[Diagnostic, ...] = ()
    replaced: bool = False


@dataclasses.dataclass(frozen=True)
class _InContent:
    """The tournament of the content that an import is: its file, id and players' ids by name."""

    path: Path
    tournament: Tournament

    def ids_by_name(self) -> dict[str, str]:
        """Return {normalized ``Surname First``: player id} of its players."""
        return {_norm(f"{p.surname} {p.first_name}"): p.id for p in self.tournament.players}


def _fail(message: str, pos: SourcePos | None = None, hint: str | None = None) -> SitegenError:
    return SitegenError([Diagnostic(pos or command_pos("sitegen import"), message, "import", hint)])


def read_tournament(fmt: str, path: Path, tournament_id: str | None
                    ) -> tuple[Tournament, list[Diagnostic]]:
    """Return the tournament in an OpenGotha XML or h9 file and the file's warnings (an h9
    column whose values differ from those computed). Raises SitegenError (FormatError)."""
    shown = shown_path(path)
    data = read_regular_file(path, shown)
    if fmt == "opengotha":
        warnings: list[Diagnostic] = []
        return read_opengotha(data, shown, tournament_id, warnings), warnings
    h9 = read_h9(data, shown)
    default = tournament_id or slug(h9.tags.get("EV", "")) or slug(path.stem) or "tournament"
    t = fit_mcmahon_bar(h9, to_tournament(h9, default))
    return t, header_warnings(h9) + check_values(h9, t)


def read_regular_file(path: Path, shown: str) -> bytes:
    """Return the bytes of the tournament file ``path``, a regular file of at most
    MAX_FILE_BYTES (a link to one is followed); raise SitegenError at once for anything else
    (a device such as ``/dev/zero``, a FIFO, a folder), which is never read (issue 15 item 3)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _fail(f"cannot read {shown}: {exc.strerror}", SourcePos(shown)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _fail(f"{shown} is not a regular file", SourcePos(shown),
                        "give the tournament file that OpenGotha or the EGD wrote")
        if info.st_size > MAX_FILE_BYTES:
            raise _fail(f"{shown} is {info.st_size} bytes; a tournament file may be at most "
                        f"{MAX_FILE_BYTES} bytes", SourcePos(shown))
        with open(fd, "rb", closefd=False) as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _fail(f"cannot read {shown}: {exc.strerror}", SourcePos(shown)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise _fail(f"{shown} grew over {MAX_FILE_BYTES} bytes while it was read", SourcePos(shown))
    return data


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


def site_players_for(t: Tournament, existing: dict[str, Player],
                     kept: dict[str, str] | None = None) -> tuple[Tournament, list[Player], list[str]]:
    """Return ``t`` with site player ids, the new site players, and the reused ids.

    ``kept``: {normalized ``Surname First``: id} of the tournament's players in the content,
    when it is imported again: such a player keeps that id. Otherwise a tournament player
    whose ``First Surname`` (or ``Surname First``) equals the name of exactly one existing
    player gets that player's id; any other gets a new id from the name, unique among all
    players.
    """
    kept = kept or {}
    by_name: dict[str, list[str]] = {}
    for pid, player in existing.items():
        by_name.setdefault(_norm(player.name), []).append(pid)
    taken = UniqueIds(existing)
    mapping: dict[str, str] = {}
    new: list[Player] = []
    reused: list[str] = []
    used: set[str] = set()
    for pl in t.players:
        display = f"{pl.first_name} {pl.surname}".strip()
        matches = set()
        for form in (display, f"{pl.surname} {pl.first_name}".strip()):
            matches.update(by_name.get(_norm(form), []))
        own = kept.get(_norm(f"{pl.surname} {pl.first_name}"))
        if own is not None and own in existing and own not in used:
            matches = {own}
        if len(matches) == 1 and not matches & used:
            pid = matches.pop()
            reused.append(pid)
        else:
            base = slug(display) or "player"
            pid = taken.make(base[:60].strip("-") or "player")
            country = pl.country.strip() if len(pl.country.strip()) == 2 else None
            rating = pl.rating if pl.rating is not None and -1000 <= pl.rating <= 4000 else None
            new.append(Player(pid, display[:MAX_TEXT], pl.rank, rating, pl.club.strip()[:80] or None,
                              country, family_name=_family_name(pl.surname, pl.first_name,
                                                                display[:MAX_TEXT])))
        taken.add(pid)
        used.add(pid)
        mapping[pl.id] = pid
    players = tuple(dataclasses.replace(pl, id=mapping[pl.id]) for pl in t.players)
    games = tuple(dataclasses.replace(g, white=mapping[g.white], black=mapping[g.black]) for g in t.games)
    byes = tuple(dataclasses.replace(b, player=mapping[b.player]) for b in t.byes)
    absences = tuple(dataclasses.replace(a, player=mapping[a.player]) for a in t.absences)
    return (dataclasses.replace(t, players=players, games=games, byes=byes, absences=absences),
            new, reused)


def _family_name(surname: str, first_name: str, name: str) -> str | None:
    """Return the ``family_name`` of a new site player named ``name`` (``First Surname``): the
    file's surname (OpenGotha's ``name``, h9's first name field), its spaces as ``name`` has
    them, when the file gives a first name too (else the surname is the whole name, and says
    nothing more) and it is whole words of ``name`` (:func:`sitegen.validate.words_of`; not a
    surname cut off with a long name)."""
    family = " ".join(surname.split())
    if not first_name.strip() or not family or not words_of(family, name):
        return None
    return family


def import_tournament(fmt: str, path: Path, content_dir: Path, tournament_id: str | None = None,
                      out: TextIO | None = None, replace: bool = False,
                      results: str | None = None) -> ImportResult:
    """Import a tournament file into ``content_dir``; return what was written.

    ``fmt`` is ``opengotha`` or ``h9``. Raises SitegenError (nothing written) for an unreadable
    or bad file, a bad ``--id``, an existing tournament or players file of that id, a
    tournament already in the content (same name and dates) without ``replace``, ``replace``
    for one that is not, bad existing players files, content that would not validate, or a
    failed write. With ``replace`` the tournament's file is written again (what the organizer
    added to it kept) under its id, its players keep their ids, and new players are added to
    ``players/<id>.yaml``. A result of the content that the file contradicts (or leaves out)
    is refused, unless ``results`` says which to take: ``file`` or ``content``
    (:func:`_result_decisions`). An import killed while writing is undone first
    (:func:`_undo_interrupted`).
    """
    _check_request(fmt, content_dir, tournament_id, replace, results)
    _undo_interrupted(content_dir, out)
    t, warnings = read_tournament(fmt, path, tournament_id)
    if t.rounds < 1:
        raise _fail("the file holds no round results", SourcePos(shown_path(path)))
    diags = Diagnostics()
    existing = load_all_players(content_dir, shown_path(content_dir), diags)
    if diags.has_errors:
        raise SitegenError(diags.sorted())
    same = _another_tournament(t, _in_content(content_dir, t, existing), path, replace,
                               tournament_id)
    tid = _target_id(t, same, tournament_id, replace, path)
    target = holding(Tournament).folder(content_dir) / f"{tid}.yaml"
    players_target = content_dir / "players" / f"{tid}.yaml"
    if not replace:
        for existing_file in (target, players_target):
            if existing_file.exists():
                raise _fail(f"{shown_path(existing_file)} already exists; refusing to overwrite it",
                            SourcePos(shown_path(existing_file)),
                            "pass --id to import under another id, or remove the file first")
    t, new_players, reused = site_players_for(dataclasses.replace(t, id=tid), existing,
                                              same.ids_by_name() if same else None)
    warnings += _rank_warnings(t, existing)
    kept: set[GameKey] = set()
    old_tree = _content_tree(target) if replace else None
    if same is not None:
        kept, said = _result_decisions(same, t, path, old_tree, results)
        warnings += said
    tournament_text = _tournament_text(t, path.name, old_tree, kept)
    new_text = dump_players(new_players, f"Players first seen in {t.name or tid} "
                            f"(imported from {path.name}).") if new_players else None
    players_text = (_players_added(players_target, new_players, new_text)
                    if replace and new_text is not None else new_text)
    try:
        said, written = _validate(content_dir, t, tournament_text, players_text, existing,
                                  players_target)
    except SitegenError as exc:
        raise SitegenError(_at_sources(exc.diagnostics, _Written(
            fmt, path, t, same, target, tournament_text, players_target, players_text))) from None
    warnings += said
    _write(content_dir, target, tournament_text, players_target, players_text, replace)
    result = ImportResult(target, players_target if players_text is not None else None,
                          tuple(p.id for p in new_players), tuple(reused), tuple(warnings),
                          replace)
    if out is not None:
        _report(out, written, result)
    return result


def _in_content(content_dir: Path, t: Tournament, existing: dict[str, Player]) -> _InContent | None:
    """Return the tournament of the content with ``t``'s name (spaces and case aside) and
    dates, if any. Raises SitegenError with the errors of the content's tournament files, as
    ``sitegen check`` gives them, when there are any: a file that cannot be read may be this
    tournament (imported twice, or replaced from scratch losing what the organizer added)."""
    found = holding(Tournament)
    folder = found.folder(content_dir)
    diags = Diagnostics()
    tournaments = load_units_of(found, content_dir, PlayerRefs(existing, diags), diags)
    if diags.has_errors:
        raise SitegenError([d for d in diags.sorted() if d.level == "error"])
    same = [_InContent(folder / f"{other.id}.yaml", other) for other in tournaments
            if (_norm(other.name), other.begin, other.end) == (_norm(t.name), t.begin, t.end)]
    return max(same, key=lambda s: _players_in(t, s), default=None)


def _players_in(t: Tournament, same: _InContent) -> int:
    """Return how many of ``t``'s players are players of the content's tournament ``same``,
    matched as a re-import matches them (normalized ``Surname First``)."""
    known = same.ids_by_name()
    return sum(_norm(f"{p.surname} {p.first_name}") in known for p in t.players)


def _another_tournament(t: Tournament, same: _InContent | None, path: Path, replace: bool,
                        tournament_id: str | None) -> _InContent | None:
    """Return ``same``, or None when ``t`` is another tournament under another ``--id``;
    raise SitegenError when ``t`` has the name and dates of ``same`` but fewer than half of
    its players are ``same``'s: it looks like another tournament, which --replace would merge
    into ``same`` (or a plain import call the same one). A re-import after a round, with a
    few players added late or renamed, keeps most of them."""
    if same is None:
        return None
    found = _players_in(t, same)
    if 2 * found >= len(t.players):
        return same
    if not replace and tournament_id is not None and tournament_id != same.tournament.id:
        return None
    at = SourcePos(shown_path(same.path), same.tournament.pos.line, same.tournament.pos.col)
    raise SitegenError([Diagnostic(
        at, f"{path.name} has the name and dates of {shown_path(same.path)} but only {found} of "
        f"its {len(t.players)} players are in it: it looks like another tournament",
        "import.another-tournament", "import it under a new id, without --replace: sitegen "
        f"import ... --id NEW_ID; or, if it is this tournament, check that {path.name} is the "
        "right file (a re-import matches players by surname and first name)")])


def _target_id(t: Tournament, same: _InContent | None, tournament_id: str | None,
               replace: bool, path: Path) -> str:
    """Return the id to import under; raise SitegenError when the tournament is already in the
    content and ``replace`` is not given, or ``replace`` is given for one that is not."""
    when = f" ({_dates(t)})" if _dates(t) else ""
    if same is not None and not replace:
        raise _fail(f"{t.name}{when} is already in the content: "
                    f"{shown_path(same.path)}", SourcePos(shown_path(path)),
                    "pass --replace to import it again (after another round, say): its id and "
                    "its players' ids are kept")
    if same is None and replace:
        raise _fail(f"--replace: {t.name}{when} is not in the content (no tournament file has "
                    "that name and those dates)", SourcePos(shown_path(path)),
                    "import it without --replace")
    if same is not None:
        if tournament_id is not None and tournament_id != same.tournament.id:
            raise _fail(f"--id {tournament_id}: {t.name} is {shown_path(same.path)}; --replace "
                        "keeps its id", SourcePos(shown_path(path)), "leave out --id")
        return same.tournament.id
    return tournament_id or t.id


def _dates(t: Tournament) -> str:
    days = [d.isoformat() for d in (t.begin, t.end) if d is not None]
    return " to ".join(dict.fromkeys(days))


def _rank_warnings(t: Tournament, existing: dict[str, Player]) -> list[Diagnostic]:
    """Return a warning for each tournament player taken as an existing site player whose rank
    in the players files differs (placed at the player in the imported file)."""
    warnings = []
    for pl in t.players:
        known = existing.get(pl.id)
        if known is None or known.rank is None or known.rank == pl.rank:
            continue
        warnings.append(Diagnostic(
            pl.pos, f"{pl.first_name} {pl.surname} is taken as the existing player '{pl.id}', "
            f"{known.rank} in the players files; the tournament gives {pl.rank}", "import.rank",
            "the tournament keeps its own rank; if they are two people, give one another name "
            "in the players files and import again", level="warning"))
    return warnings


RESULT_CHOICES = ("file", "content")
"""``--results``: which result to take where the file contradicts the content's."""


def _result_decisions(same: _InContent, t: Tournament, path: Path, old_tree: Any,
                      results: str | None) -> tuple[set[GameKey], list[Diagnostic]]:
    """Return the games whose result stays as the content has it, and the warnings, for a
    tournament imported again; raise SitegenError for each game whose known result the file
    changes or leaves out when ``results`` is None (a result entered is not overwritten).

    A game the file has with no result yet keeps the content's result (a warning says so);
    ``results="content"`` keeps the content's result of every contradicted game,
    ``results="file"`` takes the file's (each a warning). Positions are the content's games.
    """
    new = {(g.round, frozenset((g.white, g.black))): g for g in t.games}
    in_file = {p.id for p in t.players}
    entries = game_entries(old_tree)
    kept: set[GameKey] = set()
    said: list[Diagnostic] = []
    errors: list[Diagnostic] = []
    for old in same.tournament.games:
        if old.result is GameResult.UNKNOWN:
            continue
        key = (old.round, frozenset((old.white, old.black)))
        game = new.get(key)
        if game is not None and _same_result(old, game):
            continue
        where = (f"round {old.round}: {old.white} (White) - {old.black}: "
                 f"{_entered_text(entries.get(key), old)} in the content")
        if game is not None and game.result is GameResult.UNKNOWN:
            kept.add(key)
            said.append(Diagnostic(old.pos, f"{where}, no result yet in {shown_path(path)}",
                                   "import.result", "the content's result is kept", level="warning"))
            continue
        now = (f"{game_result_text(game)} ({game.white} White) in {shown_path(path)}" if game is not None
               else f"not in {shown_path(path)}" + _left_out(old, in_file))
        message = f"{where}, {now}"
        if results is None:
            errors.append(Diagnostic(old.pos, message + "; a result entered in the content is not "
                                     "overwritten", "import.result", RESULT_HINT))
        elif results == "content":
            kept.add(key)
            said.append(Diagnostic(old.pos, message, "import.result", _what_happens(old, game, in_file, True),
                                   level="warning"))
        else:
            said.append(Diagnostic(old.pos, message, "import.result", _what_happens(old, game, in_file, False),
                                   level="warning"))
    if errors:
        raise SitegenError(errors)
    return kept, said


def _left_out(game: TournamentGame, in_file: set[str]) -> str:
    """Return `` (nor is ann)`` naming the game's players the imported file lacks, or ``""``."""
    gone = [pid for pid in (game.white, game.black) if pid not in in_file]
    return f" (nor is {' or '.join(gone)})" if gone else ""


def _what_happens(old: TournamentGame, game: TournamentGame | None, in_file: set[str],
                  keep: bool) -> str:
    """Return what the import does with a game of the content that the file contradicts
    (``game``) or leaves out (None), as ``--results content`` (``keep``) or ``file`` says."""
    gone = [pid for pid in (old.white, old.black) if pid not in in_file]
    if keep:
        said = ("the content's result is kept" if game is not None
                else "the game is kept as the content has it")
        if gone:
            said += f", and {' and '.join(gone)} stays in the tournament's players"
        return said + " (--results content)"
    if game is not None:
        return "the file's result is written (--results file)"
    said = "the game is removed from the content"
    if gone:
        said += f", and {' and '.join(gone)} with it from the tournament's players"
    return said + " (--results file)"


RESULT_HINT = ("correct the result where it is wrong: in the tournament program (then export the "
               "file again) or in the content; or import again with --results file to take the "
               "file's results, or --results content to keep the content's")


def _same_result(old: TournamentGame, new: TournamentGame) -> bool:
    """Return whether two games of the same players say the same: the result (the same
    winner), the forfeit, and the colours where both files know them."""
    if old.colours_known and new.colours_known and old.white != new.white:
        return False
    return (old.result if old.result not in _DECIDED else None, _winner(old), old.forfeit) == (
        new.result if new.result not in _DECIDED else None, _winner(new), new.forfeit)


_DECIDED = (GameResult.WHITE_WINS, GameResult.BLACK_WINS)


def _winner(game: TournamentGame) -> str | None:
    if game.result is GameResult.WHITE_WINS:
        return game.white
    return game.black if game.result is GameResult.BLACK_WINS else None


def _entered_text(entry: Any, game: TournamentGame) -> str:
    """Return a game's result as the content writes it (``W+R``, ``ann won``)."""
    if isinstance(entry, dict):
        if entry.get("result") is not None:
            return str(entry["result"])
        if entry.get("winner") is not None:
            return f"{entry['winner']} won"
    return game_result_text(game)


def _content_tree(path: Path) -> Any:
    """Return the round-trip tree of the tournament's content file. Raises SitegenError when
    it cannot be read: it is never replaced whole (what the organizer added would be lost)."""
    try:
        return load_rt(path)
    except (OSError, ValueError, YAMLError) as exc:
        raise _fail(f"cannot read {shown_path(path)} to merge the import into it: "
                    f"{getattr(exc, 'strerror', None) or exc}", SourcePos(shown_path(path)),
                    "correct the file (sitegen check), then import again") from None


def _tournament_text(t: Tournament, source: str, old_tree: Any, kept: set[GameKey]) -> str:
    """Return the tournament file's text; when it replaces the content's file (``old_tree``),
    with what the organizer added there kept (:func:`merge_tournament`) and the games of
    ``kept`` as the content has them."""
    text = dump_tournament(t, source)
    if not isinstance(old_tree, CommentedMap):
        return text
    return dump_unwrapped(merge_tournament(old_tree, round_trip_yaml().load(text), kept))


def _players_added(path: Path, players: list[Player], text: str) -> str:
    """Return the players file ``path`` with ``players`` added (``text``, a new file of them,
    when it does not exist yet)."""
    if not path.exists():
        return text
    doc = load_rt(path)
    entries = doc.get("players") if hasattr(doc, "get") else None
    if entries is None:
        return text
    for entry in round_trip_yaml().load(text)["players"]:
        entries.append(flow_map(list(entry.items())))
    return dump_unwrapped(doc)


def _write(content_dir: Path, target: Path, tournament_text: str, players_target: Path,
           players_text: str | None, replace: bool) -> None:
    """Write the players file (when there are new players), then the tournament file, as one
    unit (yamlwrite.write_new_files): both texts go to temporary files first (a full disk
    stops there, nothing changed), under a journal that ``sitegen check`` refuses while it is
    there (a killed import); ``replace`` replaces the existing files."""
    files = {players_target: players_text} if players_text is not None else {}
    files[target] = tournament_text
    try:
        write_new_files(files, content_dir / JOURNAL, replace=replace)
    except OSError as exc:
        raise write_failed(exc, "sitegen import") from None


def _check_request(fmt: str, content_dir: Path, tournament_id: str | None, replace: bool = False,
                   results: str | None = None) -> None:
    """Raise SitegenError for an unknown format, a bad ``--id``, ``--results`` without
    ``--replace`` or with another value, or a missing content folder."""
    if fmt not in FORMATS:
        raise _fail(f"unknown import format '{fmt}'", hint=f"expected one of: {', '.join(FORMATS)}")
    if results is not None and (results not in RESULT_CHOICES or not replace):
        raise _fail(f"--results {results}: " + ("--results is for --replace" if results in RESULT_CHOICES
                    else "expected file or content"),
                    hint="--results file or --results content, with --replace")
    if tournament_id is not None:
        diags = Diagnostics()
        if check_ident(tournament_id, SourcePos("--id"), diags, "tournament id") is None:
            raise SitegenError(diags.sorted())
    if not content_dir.is_dir():
        raise _fail(f"content folder {shown_path(content_dir)} not found",
                    hint="run sitegen in the folder that holds content/, or pass --content")


def _validate(content_dir: Path, t: Tournament, tournament_text: str, players_text: str | None,
              existing: dict[str, Player], players_target: Path
              ) -> tuple[list[Diagnostic], Tournament]:
    """Read the texts to be written exactly as a build will; raise SitegenError on any error,
    else return the warnings a build will give (criteria OpenGotha warns of, ...) and the
    tournament as it is written (with the games kept from the content). A players file
    replacing ``players_target`` is read instead of it."""
    base = shown_path(content_dir)
    check = Diagnostics()
    all_players = dict(existing)
    if players_text is not None and players_target.exists():
        _drop_players_of(players_target, all_players)
    if players_text is not None:
        _players_from_text(players_target, players_text, f"{base}/players/{t.id}.yaml", check,
                           all_players)
    found = holding(Tournament)
    target = found.folder(content_dir) / f"{t.id}.yaml"
    with texts_instead({target: tournament_text}):
        written = found.load_unit(target, f"{base}/{found.name}/{target.name}", PlayerRefs(all_players, check),
                                  check)
    if check.has_errors or written is None:
        raise SitegenError(check.sorted())
    return check.warnings, written


@dataclasses.dataclass(frozen=True)
class _Written:
    """What an import would write, for pointing its errors back at their sources."""

    fmt: str
    source: Path
    tournament: Tournament
    same: _InContent | None
    target: Path
    text: str
    players_target: Path
    players_text: str | None


def _at_sources(diags: list[Diagnostic], w: _Written) -> list[Diagnostic]:
    """Return ``diags`` (the errors of the texts to be written) with each one positioned in a
    text not on disk moved to its source in a file that exists (:mod:`.import_positions`):
    the imported file's player, game, bye, absence or h9 tag, or the content's kept game."""
    shown, players_shown = shown_path(w.target), shown_path(w.players_target)
    start = SourcePos(shown_path(w.source))
    header: dict[str, SourcePos] = {}
    if w.fmt == "h9" and any(d.pos.path == shown for d in diags):
        text = decode_h9(read_regular_file(w.source, start.path))
        header = h9_tag_positions(text, start.path)
    anchors = {shown: tournament_anchors(w.text, w.tournament, w.same.tournament if w.same else None, header)}
    if w.players_text is not None:
        anchors[players_shown] = players_anchors(w.players_text, w.tournament)
    fallback = {shown: start, players_shown: None if w.players_target.exists() else start}
    moved = [repoint(d, d.pos.path, anchors[d.pos.path], fallback[d.pos.path])
             if d.pos.path in anchors else d for d in diags]
    return sorted(moved, key=lambda d: (d.pos, d.message))


def _drop_players_of(path: Path, players: dict[str, Player]) -> None:
    """Remove from ``players`` the ids the players file ``path`` defines (it is rewritten)."""
    defined: dict[str, Player] = {}
    load_players(path, shown_path(path), Diagnostics(), defined)
    for pid in defined:
        players.pop(pid, None)


def _report(out: TextIO, t: Tournament, result: ImportResult) -> None:
    """Say what was written and which existing players were reused."""
    verb = "replaced" if result.replaced else "wrote"
    out.write(f"{verb} {shown_path(result.tournament_file)}: {t.name}, {len(t.players)} players, "
              f"{t.rounds} rounds, {len(t.games)} games\n")
    if result.players_file is not None:
        verb = "added to" if result.replaced and len(result.new_players) else "wrote"
        out.write(f"{verb} {shown_path(result.players_file)}: {len(result.new_players)} new players\n")
    if result.reused_players:
        out.write(f"reused {len(result.reused_players)} existing players: "
                  f"{', '.join(sorted(result.reused_players))}\n")
    out.write("check the files, then commit them\n")


def _undo_interrupted(content_dir: Path, out: TextIO | None) -> None:
    """Remove what an import killed while writing left (its journal names it) and the
    temporary files of other killed writes (yamlwrite.tidy_content), and say so."""
    journal = content_dir / JOURNAL
    if os.path.lexists(journal):
        removed = undo_file_set(journal)
        if out is not None:
            out.write("undid an interrupted import" + (": removed " if removed else "")
                      + ", ".join(shown_path(p) for p in removed) + "\n")
    tidy_content(content_dir, out)


def _players_from_text(path: Path, text: str, shown: str, diags: Diagnostics,
                       players: dict[str, Player]) -> None:
    """Validate a players file's text (to be written to ``path``) through the ordinary players
    reader, in memory."""
    with texts_instead({path: text}):
        load_players(path, shown, diags, players)


# --------------------------------------------------------------------------- merging a re-import

GameKey = tuple[int, frozenset[str]]
"""A game in a tournament file: its round and its two players."""

IMPORT_KEYS = {
    "tournament": ("name", "location", "start", "end", "system", "number_of_rounds", "komi",
                   "parameters", "egd", "players", "rounds"),
    "parameters": ("mcmahon_bar", "mcmahon_floor", "handicap_correction", "bye", "absence",
                   "round_down", "count_unplayed_as_half", "criteria", "sosm_minus_defect",
                   "dc_variant", "category_limits"),
    "egd": ("class", "adjusted_time", "time_system", "game_format"),
    "player": ("id", "surname", "first_name", "rank", "rating", "club", "country", "egd_pin",
               "smms_correction"),
    "round": ("round", "games", "byes", "absent"),
    "game": ("white", "black", "players", "handicap", "result", "winner", "forfeit"),
}
"""The keys :func:`sitegen.formats.tournament_yaml.dump_tournament` writes, by kind of mapping
(:attr:`sitegen.yamlmerge.Shape.owned`): one of these that the new import lacks is removed;
any other key is the organizer's and stays."""


def _owned(kind: str, **values: Shape) -> Shape:
    return Shape(owned=frozenset(IMPORT_KEYS[kind]), values=values)


def game_pair(entry: Any) -> frozenset[str] | None:
    """Return the two players of a game entry (``white``/``black`` or ``players``), or None."""
    if not isinstance(entry, dict):
        return None
    if "white" in entry and "black" in entry:
        return frozenset((str(entry["white"]), str(entry["black"])))
    players = entry.get("players")
    return frozenset(str(p) for p in players) if isinstance(players, list) and len(players) == 2 else None


def game_entries(tree: Any) -> dict[GameKey, CommentedMap]:
    """Return the game entries of a tournament file's tree by round and players."""
    found: dict[GameKey, CommentedMap] = {}
    for rnd in _entries(tree, "rounds"):
        for game in _entries(rnd, "games"):
            pair = game_pair(game)
            if pair is not None and isinstance(rnd.get("round"), int):
                found[(rnd["round"], pair)] = game
    return found


def _entries(node: Any, key: str) -> list[Any]:
    value = node.get(key) if isinstance(node, dict) else None
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _player_id(entry: Any) -> Hashable:
    return entry.get("id") if isinstance(entry, dict) else None


def _round_number(entry: Any) -> Hashable:
    return entry.get("round") if isinstance(entry, dict) else None


def merge_tournament(old: CommentedMap, new: CommentedMap, kept: set[GameKey]) -> CommentedMap:
    """Return ``old`` (the content file's tree) merged with ``new`` (the import's) by
    :func:`sitegen.yamlmerge.merge`, what the organizer added kept: players matched by ``id``,
    rounds by ``round``, games by their two players. The games of ``kept`` stay as in ``old``,
    also when the import lacks them, and so do their players and rounds (added when the import
    lacks them)."""
    def merge_round(was: Any, now: Any) -> Any:
        number = _round_number(now)

        def merge_game(game_was: Any, game_now: Any) -> Any:
            if (number, game_pair(game_was)) in kept:
                return game_was
            return merge(game_was, game_now, _owned("game"))

        missing = [g for g in _entries(was, "games") if (number, game_pair(g)) in kept
                   and game_pair(g) not in {game_pair(n) for n in _entries(now, "games")}]
        # ``missing`` is taken before the merge, which replaces ``was``'s list of games
        old_games = list(was.get("games") or []) if isinstance(was, dict) else []
        games = Shape(merge=lambda a, b: merge_entries(a, b, game_pair, merge_game))
        merged = merge(was, now, _owned("round", games=games))
        add_missing(merged, "games", old_games, missing, game_pair)
        return merged

    old_rounds, old_players = _entries(old, "rounds"), _entries(old, "players")
    kept_rounds = [r for r in old_rounds if any((r.get("round"), game_pair(g)) in kept
                                                for g in _entries(r, "games"))]
    kept_players = [p for p in old_players if any(str(p.get("id")) in pair for _, pair in kept)]
    merged = merge(old, new, _owned(
        "tournament", parameters=_owned("parameters"), egd=_owned("egd"),
        players=Shape(entry=_player_id, item=_owned("player")),
        rounds=Shape(entry=_round_number, item=Shape(merge=merge_round))))
    add_missing(merged, "players", old_players, kept_players, _player_id)
    add_missing(merged, "rounds", old_rounds, [_only_kept(r, kept) for r in kept_rounds], _round_number)
    return merged


def _only_kept(rnd: CommentedMap, kept: set[GameKey]) -> CommentedMap:
    """Return a round entry of the content holding only its games of ``kept``."""
    games = CommentedSeq(g for g in _entries(rnd, "games") if (rnd.get("round"), game_pair(g)) in kept)
    return CommentedMap([("round", rnd.get("round")), ("games", games)])
