"""Validate league files: ``leagues/<id>/league.yaml``, ``leagues/<id>/seasons/*.yaml`` and
``leagues/<id>/signups/*.yaml``.

Checks (content format v1, docs/content-format.md): keys, ids, results, that every player
exists, that nobody plays in two groups of one season, that a game is between two members
of its group, and that no pairing is entered twice in a group. The league rules' data
(``settings:`` of league.yaml, a season's ``restrictions:``, ``defending_champion:``,
``final:`` and ``playoffs:``) is checked against :mod:`sitegen.engine.league`; sign-ups are
read by ``sitegen league next-season`` (:func:`load_signups`).
"""

from __future__ import annotations

import dataclasses
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Mapping

from ..diagnostics import Diagnostics, SourcePos, did_you_mean
from ..engine.league import LeagueRuleError
from ..engine.league_next import check_restrictions
from ..load import YMap, YNode, YScalar
from ..model.common import Colour, Game, Outcome, Player, Rank, Result
from ..model.league import (Division, DivisionRestrictions, ExtraDemotions, FinalData, Group,
                            League, LeagueSettings, PlayerInfo, RankBand, Season, SeasonSignups,
                            division_index, player_info)
from ..numbers import QUARTER, parse_decimal, parse_komi, parse_whole
from ..remembered import Remembered
from .fields import (Fields, check_ident, expect_list, expect_map, kind_of, load_map,
                     not_rules_page, seen_before)
from ..urls import LEAGUE_RULES
from .records import RECORD_KEYS, RecordReader

RESULT_HINT = "expected e.g. B+R, W+3.5, B+T, B+F (forfeit), 0 (jigo), Void, ? (unknown)"


# --------------------------------------------------------------------------- rule data


def _settings_kinds() -> dict[str, str]:
    kinds = {}
    for item in dataclasses.fields(LeagueSettings):
        default = item.default
        if isinstance(default, bool):
            kinds[item.name] = "bool"
        elif isinstance(default, ExtraDemotions):
            kinds[item.name] = "extra"
        elif isinstance(default, Fraction):
            kinds[item.name] = "fraction"
        elif default is None:
            kinds[item.name] = "optional-int"
        else:
            kinds[item.name] = "int"
    return kinds


SETTINGS_KINDS = _settings_kinds()
"""Each ``LeagueSettings`` field and how its YAML value is read."""


def load_settings(node: YMap, diags: Diagnostics) -> LeagueSettings | None:
    """Read a ``settings:`` mapping onto :class:`LeagueSettings`; None if any value is unusable."""
    fields = Fields(node, diags, "league settings", optional=tuple(SETTINGS_KINDS))
    values: dict[str, object] = {}
    ok = True
    for key in node.entries:
        kind = SETTINGS_KINDS.get(key)
        if kind is None:
            ok = False
            continue
        value: object
        if kind == "bool":
            value = fields.convert(key, _parse_bool, "true or false")
        elif kind == "extra":
            choices = [e.value for e in ExtraDemotions]
            value = fields.convert(key, ExtraDemotions, "one of " + ", ".join(choices),
                                   "expected one of: " + ", ".join(choices))
        elif kind == "fraction":
            value = fields.convert(key, _parse_points, "gamepoints such as 1 or 0.5")
        elif kind == "optional-int":
            raw = node.entries[key]
            if isinstance(raw, YScalar) and raw.is_null:
                values[key] = None
                continue
            value = fields.integer(key, 0, 100)
        else:
            value = fields.integer(key, 0, 10000)
        if value is None:
            ok = False
            continue
        values[key] = value
    if not ok:
        return None
    settings = LeagueSettings(**values)  # type: ignore[arg-type]
    if settings.min_group_size > settings.max_group_size:
        diags.error(fields.pos("min_group_size"), f"min_group_size ({settings.min_group_size}) is "
                    f"larger than max_group_size ({settings.max_group_size})", "league.settings")
        return None
    if settings.growth_factor < 1:
        diags.error(fields.pos("growth_factor"), "growth_factor must be at least 1", "league.settings")
        return None
    return settings


def _parse_bool(text: str) -> bool:
    words = {"true": True, "false": False, "yes": True, "no": False}
    try:
        return words[text.strip().lower()]
    except KeyError:
        raise ValueError(f"'{text}' is not true or false") from None


MAX_SETTING_POINTS = 10
"""The most gamepoints a fraction-valued league setting (``finalist_advantage``) may give."""


def _parse_points(text: str) -> Fraction:
    """Return gamepoints from 0 to 10 in quarters: ``1``, ``0.5``, ``1/2``, ``½``."""
    return parse_decimal(text, 0, MAX_SETTING_POINTS, step=QUARTER, ratio=True,
                         what="a number of gamepoints")


def _division_letter(text: str) -> str:
    division_index(text)
    return text.strip().upper()


def load_restrictions(node: YNode | None, diags: Diagnostics, pos: SourcePos) -> DivisionRestrictions | None:
    """Read a ``restrictions:`` list of rank bands (C); None if anything is unusable.

    Each band: ``weakest`` rank, optional ``strongest`` rank, ``highest`` division letter and
    optional ``lowest`` division letter. The bands are then checked by
    :meth:`DivisionRestrictions.validate`, the error placed at the first band that breaks it.
    """
    bands: list[tuple[RankBand, SourcePos]] = []
    ok = True
    for item in expect_list(node, diags, "'restrictions' (a list of rank bands)", pos):
        band_node = expect_map(item, diags, "a rank band", item.pos)
        if band_node is None:
            ok = False
            continue
        fields = Fields(band_node, diags, "a rank band", required=("weakest", "highest"),
                        optional=("strongest", "lowest"))
        weakest = fields.convert("weakest", Rank.parse, "a rank", "expected e.g. 3k, 15k, 1d", "rank.syntax")
        strongest = fields.convert("strongest", Rank.parse, "a rank", "expected e.g. 3k, 15k, 1d", "rank.syntax")
        highest = fields.convert("highest", _division_letter, "a division letter", "expected A, B, C, ...")
        lowest = fields.convert("lowest", _division_letter, "a division letter", "expected A, B, C, ...")
        if weakest is None or highest is None or (fields.has("strongest") and strongest is None) \
                or (fields.has("lowest") and lowest is None):
            ok = False
            continue
        bands.append((RankBand(weakest, strongest, highest, lowest), band_node.pos))
    if not ok:
        return None
    for end in range(1, len(bands) + 1):
        try:
            check_restrictions(DivisionRestrictions(tuple(b for b, _ in bands[:end])))
        except LeagueRuleError as error:
            reason = str(error)
            diags.error(bands[end - 1][1], f"division restrictions: {reason}", "league.restrictions",
                        "bands must not overlap, and stronger ranks may not have lower limits (C)")
            return None
    return DivisionRestrictions(tuple(b for b, _ in bands))


def _load_final(node: YMap, members: set[str], top: set[str], refs: "PlayerRefs",
                diags: Diagnostics) -> FinalData:
    fields = Fields(node, diags, "the final round", optional=("declined", "withdrawn", "games",
                                                             "champion", "void"))
    lists: dict[str, list[str]] = {}
    for key in ("declined", "withdrawn"):
        lists[key] = []
        for ident, pos in fields.ident_list(key):
            if not refs.check(ident, pos):
                continue
            scope = top if key == "declined" else members
            if ident not in scope:
                where = "division A" if key == "declined" else "this season"
                diags.error(pos, f"'{ident}' is listed as {key} from the final but did not play {where}",
                            "final.player", did_you_mean(ident, scope))
                continue
            lists[key].append(ident)
    games = []
    for item in fields.list("games", "'games' (a list of games)"):
        game_node = expect_map(item, diags, "a game", item.pos)
        if game_node is None:
            continue
        game = load_game(game_node, refs, diags)
        if game is None:
            continue
        outsiders = [p for p in game.players if p not in top]
        if outsiders:
            diags.error(game.pos, "a game of the final between players not in division A: "
                        + ", ".join(f"'{p}'" for p in outsiders), "final.game")
            continue
        games.append(game)
    champion = fields.ident("champion")
    if champion is not None and refs.check(champion, fields.pos("champion")) and champion not in top:
        diags.error(fields.pos("champion"), f"champion '{champion}' did not play division A this season",
                    "final.player", did_you_mean(champion, top))
    void = fields.boolean("void", False) if fields.has("void") else False
    if void and champion:
        diags.error(fields.pos("void"), "a void title has no champion", "final.void",
                    "remove 'champion' or 'void'")
    return FinalData(tuple(lists["declined"]), tuple(lists["withdrawn"]), tuple(games), champion,
                     void, node.pos, fields.pos("champion"))


def _load_playoffs(node: YNode | None, refs: "PlayerRefs", members: set[str], diags: Diagnostics,
                   pos: SourcePos) -> tuple[tuple[str, int], ...]:
    if node is None or (isinstance(node, YScalar) and node.is_null):
        return ()
    node = expect_map(node, diags, "'playoffs' (player id: place, 1 the winner)", pos)
    if node is None:
        return ()
    out = []
    for key, value in node.entries.items():
        key_pos = node.key_pos[key]
        ident = check_ident(key, key_pos, diags, "playoffs")
        if ident is None or not refs.check(ident, key_pos):
            continue
        if ident not in members:
            diags.error(key_pos, f"'{ident}' has a playoff place but did not play this season",
                        "playoffs.player", did_you_mean(ident, members))
            continue
        place = _playoff_place(value)
        if place is None:
            diags.error(value.pos, f"playoff place of '{ident}' must be a whole number from 1 to "
                        f"{MAX_PLAYOFF_PLACE}, found {kind_of(value)}", "playoffs.place")
            continue
        out.append((ident, place))
    return tuple(sorted(out))


MAX_PLAYOFF_PLACE = 1000


def _playoff_place(value: YNode | None) -> int | None:
    """Return the playoff place written in ``value`` (1 to 1000), or None."""
    if not isinstance(value, YScalar):
        return None
    try:
        return parse_whole(value.text, 1, MAX_PLAYOFF_PLACE)
    except ValueError:
        return None


class PlayerRefs:
    """Resolves player ids against ``players.yaml``, suggesting close ids."""

    def __init__(self, players: Mapping[str, Player], diags: Diagnostics, complete: bool = True,
                 records: RecordReader | None = None, remembered: Remembered | None = None):
        self.players = players
        self.diags = diags
        self.complete = complete
        """False when a players file had errors: unknown ids are then its consequence, and are
        not reported one by one (the players file's own errors say what to fix)."""
        self.records = records or RecordReader()
        """Reads the games' ``link:`` and ``sgf:`` (the SGF files from the content folder)."""
        self.remembered = remembered
        """What the last builds of this process read and replayed (the dev server's,
        :class:`sitegen.remembered.Remembered`; None: nothing is remembered): the unit loaders
        read their files and replay a ladder's log with it."""

    def check(self, ident: str, pos: SourcePos) -> bool:
        if ident in self.players:
            return True
        if not self.complete:
            return False
        self.diags.error(pos, f"unknown player id '{ident}'", "player.unknown",
                         did_you_mean(ident, self.players) or "add the player to a players file "
                         "(players.yaml or players/*.yaml)")
        return False


def load_league(folder: Path, shown: str, refs: PlayerRefs, diags: Diagnostics,
                season_loader: Callable[[Path, str, PlayerRefs, Diagnostics], Season | None] | None = None
                ) -> League | None:
    """Load one league folder; return None when its ``league.yaml`` is unusable.

    ``season_loader`` (default :func:`load_season`) loads each season file: an incremental
    build passes one that keeps the seasons of unchanged files."""
    league_id = not_rules_page(check_ident(folder.name, SourcePos(shown), diags, "league folder name"),
                               LEAGUE_RULES, SourcePos(shown), diags)
    meta_path = folder / "league.yaml"
    meta_shown = f"{shown}/league.yaml"
    name, description = folder.name, ""
    settings = None
    if meta_path.exists():
        node = load_map(meta_path, meta_shown, diags, "a league", refs.remembered)
        if node is not None:
            fields = Fields(node, diags, "league.yaml", required=("name",),
                            optional=("description", "settings"))
            name = fields.text("name", folder.name) or folder.name
            description = fields.long_text("description")
            if fields.has("settings"):
                settings_node = expect_map(fields.raw("settings"), diags, "league settings",
                                           fields.pos("settings"))
                if settings_node is not None:
                    settings = load_settings(settings_node, diags)
    else:
        diags.error(SourcePos(meta_shown), "league folder has no league.yaml", "league.missing",
                    "create it with at least 'name: ...'")
    seasons = []
    season_dir = folder / "seasons"
    for path in sorted(season_dir.glob("*.yaml")) if season_dir.is_dir() else []:
        season = (season_loader or load_season)(path, f"{shown}/seasons/{path.name}", refs, diags)
        if season is not None:
            seasons.append(season)
    signups = _check_signups(folder / "signups", f"{shown}/signups", seasons, refs, diags)
    if league_id is None:
        return None
    return League(league_id, name, tuple(seasons), description, SourcePos(meta_shown), settings,
                  tuple(signups))


def _check_signups(folder: Path, shown: str, seasons: list[Season], refs: PlayerRefs,
                   diags: Diagnostics) -> list[SeasonSignups]:
    """Read every sign-ups file against the season before its own, as ``sitegen league
    next-season`` will read it: a mistake shows in ``check`` and in the pull request's build,
    not only when the next season is formed. Return those that read: the season they follow
    takes them as its players' future (its outcome on the site)."""
    if not folder.is_dir() or not refs.complete:
        return []
    ordered = sorted(seasons, key=lambda s: (s.start or date.min, s.id))  # as next-season orders them
    found = []
    for path in sorted(folder.glob("*.yaml")):
        own = next((i for i, s in enumerate(ordered) if s.id == path.stem), None)
        earlier = ordered[:own] if own is not None else ordered
        if not earlier and any(s.id != path.stem for s in ordered):
            continue  # a draft season ordered before the others: nothing to check against
        # sign-ups for a league's first season (no other season): every player new
        signups = load_signups(path, f"{shown}/{path.name}", earlier[-1] if earlier else None,
                               refs.players, diags, refs.remembered)
        if signups is not None and earlier:
            found.append(signups)
    return found


def load_season(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> Season | None:
    """Load one season file (divisions, groups and games)."""
    node = load_map(path, shown, diags, "a season", refs.remembered)
    if node is None:
        return None
    season_id = check_ident(path.stem, SourcePos(shown), diags, "season file name")
    fields = Fields(node, diags, "a season", required=("name", "divisions"),
                    optional=("start", "end", "restrictions", "defending_champion", "final", "playoffs",
                              "concedes"))
    name = fields.text("name", path.stem) or path.stem
    start, end = fields.date("start"), fields.date("end")
    if start and end and end < start:
        diags.error(fields.pos("end"), f"season ends ({end}) before it starts ({start})", "season.dates")
    seen_in_group: dict[str, tuple[str, SourcePos]] = {}
    divisions = []
    division_names: dict[str, SourcePos] = {}
    group_ids: dict[str, SourcePos] = {}
    groups = _GroupsAgain(refs.remembered, shown)
    for item in fields.list("divisions", "'divisions' (a list of divisions)"):
        division_node = expect_map(item, diags, "a division", item.pos)
        if division_node is None:
            continue
        division = _load_division(division_node, refs, diags, seen_in_group, group_ids, groups)
        if division is None:
            continue
        if seen_before(division_names, division.name, division.pos, diags,
                       f"division '{division.name}' appears twice in this season",
                       "division.duplicate"):
            continue
        divisions.append(division)
    groups.done()
    if season_id is None:
        return None
    members = {p for d in divisions for g in d.groups for p in g.players}
    top = {p for g in divisions[0].groups for p in g.players} if divisions else set()
    restrictions = None
    if fields.has("restrictions"):
        restrictions = load_restrictions(fields.raw("restrictions"), diags, fields.pos("restrictions"))
    champion = fields.ident("defending_champion")
    if champion is not None and not refs.check(champion, fields.pos("defending_champion")):
        champion = None
    final = None
    if fields.has("final"):
        final_node = expect_map(fields.raw("final"), diags, "the final round", fields.pos("final"))
        if final_node is not None:
            final = _load_final(final_node, members, top, refs, diags)
    playoffs = _load_playoffs(fields.raw("playoffs"), refs, members, diags, fields.pos("playoffs"))
    concedes = _load_concedes(fields, refs, members, diags)
    return Season(season_id, name, tuple(divisions), start, end, node.pos,
                  restrictions, champion, final, playoffs, concedes)


def _load_concedes(fields: Fields, refs: "PlayerRefs", members: set[str],
                   diags: Diagnostics) -> tuple[str, ...]:
    """Return the players who concede their place in a tie (D.2, forfeiture): players of the
    season, each once."""
    out: list[str] = []
    for ident, pos in fields.ident_list("concedes"):
        if not refs.check(ident, pos):
            continue
        if ident not in members:
            diags.error(pos, f"'{ident}' concedes a tie but did not play this season",
                        "concedes.player", did_you_mean(ident, members))
            continue
        if ident in out:
            diags.error(pos, f"'{ident}' is listed twice in 'concedes'", "concedes.player", "remove one")
            continue
        out.append(ident)
    return tuple(sorted(out))


class _GroupsAgain:
    """The groups of one season file that its last validation in this process read without a
    problem (``Remembered.groups``, the dev server's: a new object is a new process): a group
    whose node the last parse kept (sitegen.load.parse_yaml_again: an edit re-parses only the
    division it touched) is taken again when each of its players is still known and in no
    group before it, as reading it again would find; its players are looked up as reading it
    looks them up (the unit's dependencies), and marked seen. Validating the 200 groups of a
    federation's season took about 0.1 s of each change's way to its page (issue 31)."""

    def __init__(self, remembered: Remembered | None, shown: str) -> None:
        self.remembered, self.shown = remembered, shown
        self.last = remembered.groups.get(shown, {}) if remembered is not None else {}
        self.made: dict[int, tuple[YNode, str, Any]] = {}

    def kept(self, node: YMap, division: str, refs: PlayerRefs,
             seen_in_group: dict[str, tuple[str, SourcePos]]) -> Group | None:
        """Return the group read last time from ``node`` in ``division``, its players marked in
        ``seen_in_group``; None when it must be read again."""
        found = self.last.get(id(node))
        if found is None or found[0] is not node or found[1] != division or not refs.complete:
            return None
        group = found[2]
        players = refs.players
        if not all(ident in players for ident in group.players):  # each looked up, as reading does
            return None
        if any(ident in seen_in_group for ident in group.players):
            return None
        for ident in group.players:
            seen_in_group[ident] = (group.name, group.positions[("players", ident)])
        self.made[id(node)] = found
        return group

    def read(self, node: YMap, division: str, group: Group | None, problems: bool,
             refs: PlayerRefs) -> None:
        """Remember ``group``, read from ``node`` (unless reading it found ``problems``, or
        unknown players were left out unsaid (``refs.complete`` False), or one of its games has
        a record: reading those has more to say than the group)."""
        if (self.remembered is not None and group is not None and not problems and refs.complete
                and all(game.record is None for game in group.games)):
            self.made[id(node)] = (node, division, group)

    def done(self) -> None:
        """The season file is read: remember its groups (only those of this reading)."""
        if self.remembered is not None:
            self.remembered.groups[self.shown] = self.made


def _load_division(node: YMap, refs: PlayerRefs, diags: Diagnostics,
                   seen_in_group: dict[str, tuple[str, SourcePos]],
                   group_ids: dict[str, SourcePos], again: _GroupsAgain | None = None) -> Division | None:
    fields = Fields(node, diags, "a division", required=("name", "groups"))
    name = fields.text("name", max_len=20)
    groups = []
    for item in fields.list("groups", "'groups' (a list of groups)"):
        group_node = expect_map(item, diags, "a group", item.pos)
        if group_node is None:
            continue
        group = again.kept(group_node, name or "?", refs, seen_in_group) if again is not None else None
        if group is None:
            problems = len(diags.items)
            group = _load_group(group_node, name or "?", refs, diags, seen_in_group)
            if again is not None:
                again.read(group_node, name or "?", group, len(diags.items) > problems, refs)
        if group is None:
            continue
        if seen_before(group_ids, group.id, group.pos, diags,
                       f"group id '{group.id}' is used twice in this season", "group.duplicate"):
            continue
        groups.append(group)
    if name is None:
        return None
    return Division(name, tuple(groups), node.pos)


def _load_group(node: YMap, division: str, refs: PlayerRefs, diags: Diagnostics,
                seen_in_group: dict[str, tuple[str, SourcePos]]) -> Group | None:
    """Return one group: its name and id, players, recorded outcomes and games; None when
    its name or id is unusable (every problem recorded)."""
    fields = Fields(node, diags, "a group", required=("name", "players"),
                    optional=("id", "games", "promoted", "relegated", "withdrawn"))
    name = fields.text("name", max_len=40)
    group_id = fields.ident("id") if fields.has("id") else (
        check_ident(name.lower().replace(" ", "-"), fields.pos("name"), diags, "group name")
        if name else None)
    positions: dict[tuple[str, str], SourcePos] = {}
    members, rejected = _group_members(fields, name, refs, diags, seen_in_group, positions)
    outcome_lists = _outcome_lists(fields, name, members, rejected, diags, positions)
    games = _group_games(fields, name, members, rejected, refs, diags)
    if name is None or group_id is None:
        return None
    return Group(group_id, name, tuple(members), tuple(games), outcome_lists["promoted"],
                 outcome_lists["relegated"], outcome_lists["withdrawn"], node.pos, positions)


def _group_members(fields: Fields, name: str | None, refs: PlayerRefs, diags: Diagnostics,
                   seen_in_group: dict[str, tuple[str, SourcePos]],
                   positions: dict[tuple[str, str], SourcePos]) -> tuple[list[str], set[str]]:
    """Return a group's players, each known and listed once in the season (recorded in
    ``seen_in_group``, their entries' positions in ``positions``), and the ids listed but
    unusable (already reported)."""
    members: list[str] = []
    rejected: set[str] = set()  # listed but unusable: already reported, not reported again
    for ident, pos in fields.ident_list("players"):
        if not refs.check(ident, pos):
            rejected.add(ident)
            continue
        if ident in members:
            diags.error(pos, f"player '{ident}' is listed twice in group {name}", "group.player-twice")
            continue
        if ident in seen_in_group:
            other, other_pos = seen_in_group[ident]
            diags.error(pos, f"player '{ident}' is already in group {other} of this season "
                        f"(line {other_pos.line})", "group.two-groups",
                        "a player belongs to exactly one group per season")
            continue
        seen_in_group[ident] = (name or "?", pos)
        positions[("players", ident)] = pos
        members.append(ident)
    return members, rejected


def _outcome_lists(fields: Fields, name: str | None, members: list[str], rejected: set[str],
                   diags: Diagnostics, positions: dict[tuple[str, str], SourcePos]
                   ) -> dict[str, tuple[str, ...]]:
    """Return the group's ``promoted``, ``relegated`` and ``withdrawn`` lists: players of the
    group, each once, none both promoted and relegated (league B.5); their entries'
    positions go in ``positions``."""
    outcome_lists: dict[str, tuple[str, ...]] = {}
    for key in ("promoted", "relegated", "withdrawn"):
        listed: list[str] = []
        for ident, pos in fields.ident_list(key):
            if ident not in members:
                if ident in rejected:
                    continue
                diags.error(pos, f"'{ident}' is listed as {key} but is not a player of group {name}",
                            "group.outcome", did_you_mean(ident, members))
                continue
            if ident in listed:
                diags.error(pos, f"'{ident}' is listed twice as {key}", "group.outcome", "remove one")
                continue
            if key == "relegated" and ident in outcome_lists["promoted"]:
                diags.error(pos, f"'{ident}' is listed as both promoted and relegated", "group.outcome",
                            "direct promotions and demotions may not overlap (league B.5)")
                continue
            listed.append(ident)
            positions[(key, ident)] = pos
        outcome_lists[key] = tuple(listed)
    return outcome_lists


def _group_games(fields: Fields, name: str | None, members: list[str], rejected: set[str],
                 refs: PlayerRefs, diags: Diagnostics) -> list[Game]:
    """Return the group's games: between two of its players, each pair once (league A.i.3:
    a round-robin). Games of unusable ids (already reported) are left out silently."""
    games: list[Game] = []
    pairs_seen: dict[frozenset[str], SourcePos] = {}
    for item in fields.list("games", "'games' (a list of games)"):
        game_node = expect_map(item, diags, "a game", item.pos)
        if game_node is None:
            continue
        game = load_game(game_node, refs, diags)
        if game is None:
            continue
        outsiders = [p for p in game.players if p not in members]
        if outsiders and all(p in rejected for p in outsiders):
            continue
        if outsiders:
            who = " and ".join(f"'{p}'" for p in outsiders)
            diags.error(game.pos, f"game between players not in the same group: {who} "
                        f"{'is' if len(outsiders) == 1 else 'are'} not in group {name}",
                        "game.group", "add the player to the group's 'players' or move the game")
            continue
        if seen_before(pairs_seen, frozenset(game.players), game.pos, diags,
                       f"the game {game.black} - {game.white} is entered twice", "game.duplicate",
                       "in a round-robin group each pair plays once; remove one entry"):
            continue
        games.append(game)
    return games


def load_game(node: YMap, refs: PlayerRefs, diags: Diagnostics) -> Game | None:
    """Validate one game entry.

    Forms: ``{black: a, white: b, result: B+R}`` when colours are known, or
    ``{players: [a, b], winner: a}`` when they are not; ``forfeit: true`` marks a forfeit win;
    no result and no winner means unplayed; ``link:`` and ``sgf:`` give the game's record
    (:mod:`sitegen.validate.records`).
    """
    fields = Fields(node, diags, "a game", optional=(
        "black", "white", "players", "result", "winner", "forfeit", "date", "handicap", "komi",
        *RECORD_KEYS))
    pos = node.pos
    colours_known = fields.has("black") or fields.has("white")
    if colours_known and fields.has("players"):
        diags.error(fields.pos("players"), "a game gives either 'black' and 'white' or 'players', "
                    "not both", "game.players")
        return None
    if colours_known:
        black, white = fields.ident("black"), fields.ident("white")
        if black is None or white is None:
            for key, value in (("black", black), ("white", white)):
                if value is None and fields.scalar(key) is None:  # absent or empty
                    diags.error(fields.pos(key) if fields.has(key) else pos,
                                f"a game needs both 'black' and 'white'; '{key}' is "
                                f"{'empty' if fields.has(key) else 'missing'}", "game.players")
            return None
        black_ok, white_ok = refs.check(black, fields.pos("black")), refs.check(white, fields.pos("white"))
        if not (black_ok and white_ok):
            return None
    else:
        pair = fields.ident_list("players")
        if len(pair) != 2:
            if fields.has("players") or not pair:
                diags.error(fields.pos("players") if fields.has("players") else pos,
                            "a game needs two players: 'black' and 'white', or 'players: [a, b]'",
                            "game.players")
            return None
        if not all([refs.check(ident, p) for ident, p in pair]):
            return None
        (black, _), (white, _) = pair
    if black == white:
        diags.error(pos, f"player '{black}' cannot play against themselves", "game.players")
        return None
    result = _game_result(fields, black, white, colours_known, diags)
    if result is None:
        return None
    handicap = fields.integer("handicap", 0, 9) if fields.has("handicap") else 0
    komi = fields.convert("komi", parse_komi, "a komi such as 6.5, 0.5 or -3") if fields.has("komi") else None
    record = refs.records.read(fields, diags)
    return Game(black, white, result, colours_known, fields.date("date"), handicap or 0, komi, pos,
                record=record)


def _game_result(fields: Fields, black: str, white: str, colours_known: bool,
                 diags: Diagnostics) -> Result | None:
    forfeit = fields.boolean("forfeit", False) if fields.has("forfeit") else False
    result = fields.convert("result", Result.parse, "a result", RESULT_HINT, "result.syntax")
    if fields.has("result") and result is None:
        return None
    winner_value = fields.scalar("winner")
    winner_colour = None
    if winner_value is not None:
        if winner_value.text == black:
            winner_colour = Colour.BLACK
        elif winner_value.text == white:
            winner_colour = Colour.WHITE
        else:
            diags.error(winner_value.pos, f"winner '{winner_value.text}' is not one of the two players",
                        "game.winner", did_you_mean(winner_value.text, [black, white]))
            return None
    if result is not None and winner_colour is not None:
        diags.error(fields.pos("winner"), "give either 'result' or 'winner', not both", "game.winner")
        return None
    if result is not None:
        if result.winner is not None and not colours_known:
            written = fields.scalar("result")
            diags.error(fields.pos("result"), f"result '{written.text if written else result}' names a colour "
                        "but the colours of this game are not given", "result.colour",
                        "use 'black:' and 'white:', or 'winner: <player id>'")
            return None
        if forfeit:
            if result.winner is None:
                diags.error(fields.pos("forfeit"), "a forfeit needs a winner", "game.forfeit")
                return None
            return Result(Outcome.FORFEIT, result.winner, "F")
        return result
    if winner_colour is not None:
        return Result(Outcome.FORFEIT if forfeit else Outcome.WIN, winner_colour, "F" if forfeit else "")
    if forfeit:
        diags.error(fields.pos("forfeit"), "a forfeit needs a winner", "game.forfeit",
                    "add 'winner: <player id>' or a result such as B+F")
        return None
    return Result(Outcome.UNPLAYED)



# --------------------------------------------------------------------------- sign-ups


def load_signups(path: Path, shown: str, finished: Season | None, players: Mapping[str, Player],
                 diags: Diagnostics, remembered: Remembered | None = None) -> SeasonSignups | None:
    """Read the sign-ups for the season after ``finished`` (None: the league's first season,
    whose players are all ``new``); None when unusable (reported).

    Keys: ``returning`` and ``withdrawn`` (players of the finished season; each of them must be
    in exactly one list), ``new`` (players new to the league), optional ``restrictions`` and the
    new season's ``name``, ``start``, ``end``. A ``returning`` or ``new`` entry is a player id or
    ``{id, rank, rating, provisional}``: the rank and rating default to the players files' and
    an entry's own values record a rank change (C). ``remembered``: the dev server's (load_map).
    """
    node = load_map(path, shown, diags, "the sign-ups", remembered)
    if node is None:
        return None
    season_id = check_ident(path.stem, SourcePos(shown), diags, "sign-ups file name")
    fields = Fields(node, diags, "the sign-ups", optional=(
        "returning", "withdrawn", "new", "restrictions", "name", "start", "end"))
    refs = PlayerRefs(dict(players), diags)
    before = ({p for d in finished.divisions for g in d.groups for p in g.players}
              if finished is not None else set())
    seen: dict[str, SourcePos] = {}
    infos: list[PlayerInfo] = []
    lists: dict[str, list[str]] = {"returning": [], "withdrawn": [], "new": []}
    for key in ("returning", "withdrawn", "new"):
        for item in fields.list(key, f"'{key}' (a list of player ids)"):
            entry = _signup_entry(item, key, refs, diags)
            if entry is None:
                continue
            ident, info, pos = entry
            if seen_before(seen, ident, pos, diags,
                           f"player '{ident}' is listed twice in the sign-ups", "signups.twice"):
                continue
            if key in ("returning", "withdrawn") and finished is None:
                diags.error(pos, f"'{ident}' cannot be '{key}': season {path.stem} is the "
                            f"league's first season; list every player under 'new'",
                            "signups.returning")
                continue
            if key in ("returning", "withdrawn") and finished is not None and ident not in before:
                diags.error(pos, f"'{ident}' did not play season {finished.id}; list new players "
                            f"under 'new'", "signups.returning", did_you_mean(ident, before))
                continue
            if key == "new" and finished is not None and ident in before:
                diags.error(pos, f"'{ident}' played season {finished.id}; list them under "
                            f"'returning' (or 'withdrawn')", "signups.new")
                continue
            lists[key].append(ident)
            if info is not None:
                infos.append(info)
    missing = sorted(before - set(seen))
    for ident in missing:
        diags.error(fields.pos("returning") if fields.has("returning") else node.pos,
                    f"player '{ident}' of season {finished.id if finished else ''} is neither "
                    "'returning' nor 'withdrawn'",
                    "signups.missing", "list every player of the finished season in one of the two")
    restrictions = None
    if fields.has("restrictions"):
        restrictions = load_restrictions(fields.raw("restrictions"), diags, fields.pos("restrictions"))
    name = fields.text("name")
    start, end = fields.date("start"), fields.date("end")
    if season_id is None:
        return None
    return SeasonSignups(season_id, tuple(infos), tuple(lists["returning"]), tuple(lists["withdrawn"]),
                         tuple(lists["new"]), restrictions, name, start, end, node.pos,
                         finished.id if finished is not None else None)


def _signup_entry(item: YNode, key: str, refs: PlayerRefs, diags: Diagnostics
                  ) -> tuple[str, PlayerInfo | None, SourcePos] | None:
    if isinstance(item, YScalar):
        ident = check_ident(item.text, item.pos, diags, key)
        if ident is None or not refs.check(ident, item.pos):
            return None
        info = None if key == "withdrawn" else player_info(refs.players[ident])
        return ident, info, item.pos
    entry = expect_map(item, diags, "a player id or {id, rank, rating, provisional, ...}", item.pos)
    if entry is None:
        return None
    if key == "withdrawn":
        diags.error(entry.pos, "'withdrawn' lists player ids only", "schema.type")
        return None
    fields = Fields(entry, diags, "a sign-up", required=("id",), optional=SIGNUP_KEYS)
    ident = fields.ident("id")
    ranks = {key: fields.convert(key, Rank.parse, "a rank", "expected e.g. 3k, 15k, 1d", "rank.syntax")
             for key in ("rank", "correspondence_rank")}
    ratings = {key: fields.integer(key, -1000, 4000) for key in ("rating", "correspondence_rating")}
    playoff = fields.integer("playoff", 1, MAX_PLAYOFF_PLACE) if fields.has("playoff") else None
    flags = {key: fields.boolean(key, False) if fields.has(key) else False
             for key in ("provisional", "concedes")}
    if ident is None or not refs.check(ident, fields.pos("id")):
        return None
    known = player_info(refs.players[ident])
    # An entry's own value records a change since the players file (C, D.2).
    info = PlayerInfo(
        ident, ranks["rank"] or known.rank, ratings["rating"] if ratings["rating"] is not None
        else known.rating, ranks["correspondence_rank"] or known.correspondence_rank,
        ratings["correspondence_rating"] if ratings["correspondence_rating"] is not None
        else known.correspondence_rating, flags["provisional"], flags["concedes"], playoff)
    return ident, info, fields.pos("id")


SIGNUP_KEYS = ("rank", "rating", "correspondence_rank", "correspondence_rating", "provisional",
               "concedes", "playoff")
"""The keys of a sign-up entry besides ``id``: the player's data for C and D.2."""
