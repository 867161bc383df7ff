"""``sitegen player add``: one player into the players files.

The player goes at the end of the ``players:`` list of one players file (:func:`players_file`:
``--file`` if given, else ``content/players.yaml`` if there is one, else the one
``content/players/*.yaml`` if there is one, else a new ``content/players.yaml``; with several
``content/players/*.yaml`` and no ``players.yaml``, as the demo keeps its players, the command
asks for ``--file`` rather than guess; the loader reads ``players.yaml`` and every
``players/*.yaml``),
in the style of the list's last entry (one line ``{id: ..., name: ...}``, or a block), keys in the order of
docs/content-format.md: id, name, family_name, rank, rating, club, country. Only the new entry's lines
change: the rest of the file, comments included, stays as it was (round-trip YAML, spliced
line by line as ``sitegen result add`` does), and the file is replaced atomically.

The options are checked by the validator of a players file entry
(:func:`sitegen.validate.read_player`), each error positioned at the command. The id
defaults to the name's (:func:`sitegen.formats.ids.slug`, as the importers make ids), made
unique among the players' ids (``-2``, ``-3``, ...). Refused, exit 1 and nothing written:
content whose site settings, players or pages do not validate; several players files to
choose from and no ``--file`` (``player.file``); an id already used (also in another case);
and, unless ``--id`` is given to tell them apart, a player whose name matches
an existing player's as the results commands match names (:mod:`sitegen.results.names`:
diacritics, case and the order of the words aside), the message naming that player, their
id, file and line.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Collection, TextIO

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos
from ..formats.countries import ALPHA2, ALPHA3, code_of_name
from ..formats.ids import slug, unique_id
from ..formats.tournament_yaml import dump_players
from ..load import YMap, YScalar, texts_instead
from ..model.common import Player
from ..pages.players_index import letter_of
from ..results.names import folded_name, listed, players_named
from ..validate import load_players, read_common, read_player, shown_path
from ..validate.fields import is_ident
from ..yamlwrite import dump_unwrapped, flow_map, load_rt, tidy_content, write_atomic
from .result import splice

COMMAND = "sitegen player add"
HEADING = "Every player once, with an id that never changes (it is part of their page's address)."
"""The first comment of a players file that ``player add`` writes anew."""


@dataclasses.dataclass(frozen=True)
class AddedPlayer:
    """What ``sitegen player add`` did."""

    player: Player
    path: Path
    """The players file the player was added to."""
    line: int
    """The 1-based line of the new entry in it."""
    warnings: tuple[Diagnostic, ...] = ()
    """What the command points out without refusing (:func:`family_name_hint`)."""


class _Taken:
    """The ids a new default id may not be: those of the players in any case (the validator
    refuses ids differing in case only), and ids the validator refuses (``con``, ``nul``)."""

    def __init__(self, ids: list[str]):
        self.folded = {ident.casefold() for ident in ids}

    def __contains__(self, ident: object) -> bool:
        return not isinstance(ident, str) or ident.casefold() in self.folded or not is_ident(ident)


def default_id(name: str, players: dict[str, Player]) -> str:
    """Return the id made from ``name`` as the importers make ids (``Zoé Abelard`` ->
    ``zoe-abelard``; a name of no Latin letter by its transliteration, else ``player``),
    unique among ``players`` (``zoe-abelard-2``, ...)."""
    base = (slug(name) or slug(folded_name(name)) or "player")[:60].strip("-") or "player"
    return unique_id(base, _Taken(list(players)))


def players_file(content_dir: Path, players: dict[str, Player], chosen: str | None = None) -> Path:
    """Return the players file a new player is added to (module docstring).

    ``chosen``: ``--file``, a path under ``content_dir`` (``players.yaml`` or
    ``players/NAME.yaml``, written when it does not exist); None for the default:
    ``players.yaml`` if it exists, else the only ``players/*.yaml``, else a new ``players.yaml``.
    Raises SitegenError (``player.file``) for a ``chosen`` file the loader would not read, and,
    without ``chosen``, for several ``players/*.yaml`` and no ``players.yaml``: which one a
    player belongs in (the club's, a tournament's, the online league's handles) is the
    organizer's to say, not the file sizes' (stop 49's newcomer finding: the demo's new club
    player went to ``players/iglo.yaml``, the online league's, for holding the most players);
    the message lists them with their players (``players``) and the ``--file`` hint."""
    if chosen is not None:
        parts = Path(chosen).parts
        if parts == ("players.yaml",) or (len(parts) == 2 and parts[0] == "players"
                                          and parts[1].endswith(".yaml") and parts[1] != ".yaml"):
            return content_dir.joinpath(*parts)
        diags = Diagnostics()
        diags.error(command_pos(COMMAND), f"--file {chosen}: only players.yaml and players/*.yaml "
                    "in the content folder are read for players", "player.file",
                    "name one of them, e.g. --file players.yaml or --file players/club.yaml")
        raise SitegenError(diags.sorted())
    single = content_dir / "players.yaml"
    folder = content_dir / "players"
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() and not single.exists() else []
    if not files:
        return single
    if len(files) == 1:
        return files[0]
    held = Counter(player.pos.path for player in players.values())
    counts = (held[shown_path(path)] for path in files)
    listed = ", ".join(f"{path.name} ({n} player{'' if n == 1 else 's'})" for path, n in zip(files, counts))
    diags = Diagnostics()
    diags.error(command_pos(COMMAND), f"{len(files)} players files in {shown_path(folder)} and no "
                f"{shown_path(single)}: {listed}", "player.file",
                f"say which one this player goes in with --file, e.g. --file players/{files[0].name}")
    raise SitegenError(diags.sorted())


def add_player(content_dir: Path, name: str, ident: str | None = None, rank: str | None = None,
               rating: str | None = None, country: str | None = None, club: str | None = None,
               out: TextIO | None = None, family_name: str | None = None,
               file: str | None = None) -> AddedPlayer:
    """Add a player to the players file :func:`players_file` picks (``file``: ``--file``);
    return what was done, after printing it to ``out`` (one line). Raises SitegenError, with
    nothing written, for every refusal (module docstring), all reported at once; an empty
    ``name`` is one error (``player.name``). ``country``: an officially assigned ISO 3166-1
    alpha-2 code, in either case, written in upper case (``fr`` -> ``FR``); anything else is
    refused (``player.country``, :func:`country_refusal`), though a players file reads its
    ``country`` as written (real OpenGotha exports carry codes such as ``12``).
    ``family_name``: as the name writes it (:func:`family_as_written`: ``lee`` of "Ann Lee" is
    written ``Lee``). ``name``: runs of spaces inside it made single ("Ann  Lee" is written "Ann
    Lee"). Each such change is said on a line of its own after the one saying what was added
    (:func:`rewritten`: stop 52's newcomer saw both done silently). An error about an option's
    value names the option as typed (``--family-name``, :func:`as_typed`), a country's name
    gets its code suggested (``--country France``: did you mean FR?)."""
    diags = Diagnostics()
    tidy_content(content_dir, out)
    common = read_common(content_dir, diags)
    if common is None or diags.has_errors:
        raise SitegenError(diags.sorted())
    players = common.players
    pos = command_pos(COMMAND)
    if not name.strip():  # one error, not the validator's two (no value, empty)
        diags.error(pos, "the name is empty", "player.name",
                    'give the player\'s name, e.g. sitegen player add "Eve Example"')
        raise SitegenError(diags.sorted())
    typed_name, typed_family = name, family_name
    name = " ".join(name.split())
    if family_name is not None:
        family_name = family_as_written(family_name, name)
    if country is not None:
        typed_country = country.strip()
        country = typed_country.upper()  # typed in a shell: written as ISO 3166 codes are, FR
        refused = country_refusal(country, typed_country)
        if refused is not None:  # refused once; the entry's other fields are still checked
            diags.error(pos, refused[0], "player.country", refused[1])
            country = None
    given = {"id": ident if ident is not None else default_id(name, players), "name": name,
             "family_name": family_name, "rank": rank, "rating": rating, "club": club, "country": country}
    entry = YMap({key: YScalar(value, pos, quoted=True) for key, value in given.items() if value is not None},
                 pos, {key: pos for key, value in given.items() if value is not None})
    read = Diagnostics()
    player = read_player(entry, read)
    diags.extend(as_typed(found, {key for key in given if key != "id" or ident is not None})
                 for found in read.items)
    if player is not None:
        _check_new(player, players, ident is not None, diags, typed_name.strip())
    try:
        path = players_file(content_dir, players, file)
    except SitegenError as refused:  # reported with the entry's errors, all at once
        diags.extend(refused.diagnostics)
    if player is None or diags.has_errors:
        raise SitegenError(diags.sorted())
    original = path.read_text(encoding="utf-8-sig") if path.exists() else None
    text = dump_players([player], HEADING) if original is None else _added(path, original, player)
    line = _read_back(path, text, player, players)
    write_atomic(path, text)
    done = AddedPlayer(player, path, line, family_name_hint(player, players, shown_path(path)))
    if out is not None:
        # A new file joins the site silently: say so, so that a mistyped --file is seen.
        made = "" if original is not None else " (a new players file)"
        out.write(f"added {player.id} ({player.name}) to {shown_path(path)}:{done.line}{made}\n")
        for said in rewritten(typed_name, player.name, typed_family, player.family_name):
            out.write(f"  {said}\n")
    return done


def rewritten(typed_name: str, name: str, typed_family: str | None, family: str | None) -> list[str]:
    """Return what ``player add`` wrote otherwise than typed, one sentence each: the name with
    its inner runs of spaces made single (``the name 'Ann  Lee' is written 'Ann Lee': one space
    between words``), a family name in the name's case (``--family-name lee is written 'Lee', as
    the name writes it``). Spaces around the name are left out unsaid, as the validator reads
    them everywhere."""
    said = []
    if typed_name.strip() != name:
        said.append(f"the name '{typed_name.strip()}' is written '{name}': one space between words")
    if typed_family is not None and family is not None and typed_family.strip() != family:
        said.append(f"--family-name {typed_family.strip()} is written '{family}', as the name writes it")
    return said


OPTIONS = {"id": "--id", "family_name": "--family-name", "rank": "--rank", "rating": "--rating",
           "club": "--club"}
"""The entry's keys that ``player add`` takes as options, with the option's name."""


def as_typed(found: Diagnostic, given: Collection[str]) -> Diagnostic:
    """Return the validator's ``found`` about the new entry naming the option the user typed in
    place of the players file's key (``family_name 'Ga' is not part of ...`` -> ``--family-name
    'Ga' is not part of ...``; ``rank: '40k': ...`` -> ``--rank '40k': ...``), its example
    written as a command; ``given``: the keys the user gave as options (a default id is
    none). Any other diagnostic is returned as it is."""
    for key, option in OPTIONS.items():
        for prefix in (f"{key}: ", f"{key} "):
            if key in given and found.message.startswith(prefix):
                hint = (found.hint or "").replace("e.g. name: Gao Lin, family_name: Gao",
                                                  'e.g. "Gao Lin" --family-name Gao')
                return dataclasses.replace(found, message=option + " " + found.message[len(prefix):],
                                           hint=hint or None)
    return found


def family_as_written(family: str, name: str) -> str:
    """Return ``family`` as ``name`` writes it when it is one or more consecutive whole words
    of ``name`` apart from case (``lee`` of "Ann Lee": ``Lee``; ``VAN DER BERG`` of "Anna van
    der Berg": ``van der Berg``), else ``family`` unchanged, for the validator to refuse (a
    family name must be whole words of the name, docs/content-format.md)."""
    words, inner = name.split(), [w.casefold() for w in family.split()]
    for start in range(len(words) - len(inner) + 1 if inner else 0):
        if [w.casefold() for w in words[start:start + len(inner)]] == inner:
            return " ".join(words[start:start + len(inner)])
    return family


COUNTRY_MISTAKES = {"UK": "GB", "EL": "GR"}
"""Two-letter codes in common use that ISO 3166 assigns otherwise or not at all (the United
Kingdom is GB; the European Union writes Greece EL), with the code meant."""


def country_refusal(code: str, typed: str | None = None) -> tuple[str, str] | None:
    """Return ``(message, hint)`` refusing ``code`` (upper case, as typed after ``--country``)
    unless it is an officially assigned ISO 3166-1 alpha-2 code (:data:`sitegen.formats.
    countries.ALPHA2`): ``FRA`` gets "three letters: did you mean FR?"; ``ZZ`` that no country
    has it, with a way to find the code; ``UK`` the code meant (:data:`COUNTRY_MISTAKES`); a
    country's English name (``France``, :func:`sitegen.formats.countries.code_of_name`) its
    code; every message quotes the value as typed (``typed``; ``code`` when None: stop 53's
    newcomer saw ``fra`` quoted ``FRA``)."""
    if code in ALPHA2:
        return None
    shown = typed if typed is not None else code  # the message quotes what was typed
    named = code_of_name(shown)
    if named is not None:
        return f"--country {shown}: a country code is two letters", f"did you mean {named}?"
    example = "e.g. FR for France, GB for the United Kingdom; or leave --country out"
    if len(code) == 3 and code.isascii() and code.isalpha():
        if code in ALPHA3:
            return (f"--country {shown}: three letters; a country code has two",
                    f"did you mean {ALPHA3[code]}?")
        return f"--country {shown}: three letters; a country code has two", f"give the ISO 3166 code, {example}"
    if len(code) != 2 or not (code.isascii() and code.isalpha()):
        return f"--country {shown}: a country code is two letters", f"give the ISO 3166 code, {example}"
    if code in COUNTRY_MISTAKES:
        return (f"--country {shown}: not an ISO 3166 country code",
                f"did you mean {COUNTRY_MISTAKES[code]}?")
    return (f"--country {shown}: no country has this ISO 3166 code",
            f"give the country's two-letter code, {example}")


def family_name_hint(player: Player, players: dict[str, Player], shown: str) -> tuple[Diagnostic, ...]:
    """Return a warning (``player.family-name``, not a refusal) when ``player``, whose name has
    more than one word, has no family name and every other player of their players file
    ``shown`` (``players``: the site's players before the addition) has one: the players index
    files a player under the first letter of their family name, else of their name
    (:func:`sitegen.pages.players_index.letter_of`), so the new player would stand under their
    given name's letter among players filed by family name. None when the file had no players
    yet, or for a one-word name (filed under its own letter either way)."""
    others = [p for p in players.values() if p.pos.path == shown]
    words = player.name.split()
    if (player.family_name is not None or len(words) < 2 or not others
            or any(p.family_name is None for p in others)):
        return ()
    return (Diagnostic(command_pos(COMMAND), f"{player.id} has no family_name, where the other "
                       f"{len(others)} player{'' if len(others) == 1 else 's'} of {shown} "
                       f"{'has' if len(others) == 1 else 'have'} one: the players index files "
                       f"{player.name} under '{letter_of(player.name)}', the first letter of the "
                       "name, the others under their family name's", "player.family-name",
                       f"if it is '{words[-1]}', add 'family_name: {words[-1]}' to the entry (or give "
                       "--family-name next time)", level="warning"),)


def _check_new(player: Player, players: dict[str, Player], id_given: bool, diags: Diagnostics,
               typed: str | None = None) -> None:
    """Record an error when ``player``'s id is taken (in any case), or, unless ``id_given``,
    when their name matches an existing player's (:func:`players_named`), quoting the name as
    typed (``typed``; the player's when None)."""
    pos = command_pos(COMMAND)
    same_id = sorted(pid for pid in players if pid.casefold() == player.id.casefold())
    if same_id:
        other = players[same_id[0]]
        in_case = "" if other.id == player.id else f" (as '{other.id}', in another case)"
        diags.error(pos, f"the id '{player.id}' is taken{in_case} by {other.name} at "
                    f"{other.pos.path}:{other.pos.line}", "player.duplicate",
                    "give the new player another id with --id")
    for pid in [] if id_given else players_named(player.name, players):
        other = players[pid]
        diags.error(pos, f"'{typed or player.name}' is already a player: {listed([pid], players)}, "
                    f"{other.pos.path}:{other.pos.line}", "player.duplicate",
                    f"if this is another person, give them an id of their own, e.g. --id {player.id}")


def _added(path: Path, original: str, player: Player) -> str:
    """Return the text of the players file ``path`` (its text ``original``) with ``player``
    added at the end of its list, the rest of its lines as they were."""
    data = load_rt(path)
    plain = dump_unwrapped(load_rt(path))
    pairs = [(key, value) for key, value in (
        ("id", player.id), ("name", player.name), ("family_name", player.family_name),
        ("rank", str(player.rank) if player.rank else None),
        ("rating", player.rating), ("club", player.club), ("country", player.country))
        if value is not None]
    entries = data.get("players") if isinstance(data, CommentedMap) else None
    if not isinstance(entries, CommentedSeq) or (not entries and entries.fa.flow_style()):
        entries = data["players"] = CommentedSeq()  # players: (nothing) or players: []
    block = bool(entries) and isinstance(entries[-1], CommentedMap) and not entries[-1].fa.flow_style()
    entries.append(CommentedMap(pairs) if block else flow_map(pairs))
    return splice(original, plain, dump_unwrapped(data))


def _read_back(path: Path, text: str, player: Player, players: dict[str, Player]) -> int:
    """Return the line of ``player`` in ``text``, the players file ``path`` as it will be,
    after checking that it reads back with ``player`` in it and no error (beside the players
    of the other files); raise SitegenError if not."""
    shown = shown_path(path)
    others = {pid: p for pid, p in players.items() if p.pos.path != shown}
    diags = Diagnostics()
    with texts_instead({path: text}):
        read = load_players(path, shown, diags, others)
    if diags.has_errors or read is None or read.get(player.id) != player:  # pragma: no cover - a bug
        raise SitegenError(diags.sorted() or f"{shown} would not read back with {player.id} in it")
    return read[player.id].pos.line
