"""Validate league files: ``leagues/<id>/league.yaml`` and ``leagues/<id>/seasons/*.yaml``.

Checks (content format v1, docs/content-format.md): keys, ids, results, that every player
exists, that nobody plays in two groups of one season, that a game is between two members
of its group, and that no pairing is entered twice in a group.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from ..diagnostics import Diagnostics, SourcePos, did_you_mean
from ..load import YMap
from ..model import Colour, Division, Game, Group, League, Outcome, Player, Result, Season
from .fields import Fields, check_ident, expect_map, load_map

RESULT_HINT = "expected e.g. B+R, W+3.5, B+T, B+F (forfeit), 0 (jigo), Void, ? (unknown)"


class PlayerRefs:
    """Resolves player ids against ``players.yaml``, suggesting close ids."""

    def __init__(self, players: dict[str, Player], diags: Diagnostics):
        self.players = players
        self.diags = diags

    def check(self, ident: str, pos: SourcePos) -> bool:
        if ident in self.players:
            return True
        self.diags.error(pos, f"unknown player id '{ident}'", "player.unknown",
                         did_you_mean(ident, self.players) or "add the player to players.yaml")
        return False


def load_league(folder: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> League | None:
    """Load one league folder; return None when its ``league.yaml`` is unusable."""
    league_id = check_ident(folder.name, SourcePos(shown), diags, "league folder name")
    meta_path = folder / "league.yaml"
    meta_shown = f"{shown}/league.yaml"
    name, description = folder.name, ""
    if meta_path.exists():
        node = load_map(meta_path, meta_shown, diags, "a league")
        if node is not None:
            fields = Fields(node, diags, "league.yaml", required=("name",), optional=("description",))
            name = fields.text("name", folder.name) or folder.name
            description = fields.long_text("description")
    else:
        diags.error(SourcePos(meta_shown), "league folder has no league.yaml", "league.missing",
                    "create it with at least 'name: ...'")
    seasons = []
    season_dir = folder / "seasons"
    for path in sorted(season_dir.glob("*.yaml")) if season_dir.is_dir() else []:
        season = load_season(path, f"{shown}/seasons/{path.name}", refs, diags)
        if season is not None:
            seasons.append(season)
    if league_id is None:
        return None
    return League(league_id, name, tuple(seasons), description, SourcePos(meta_shown))


def load_season(path: Path, shown: str, refs: PlayerRefs, diags: Diagnostics) -> Season | None:
    """Load one season file (divisions, groups and games)."""
    node = load_map(path, shown, diags, "a season")
    if node is None:
        return None
    season_id = check_ident(path.stem, SourcePos(shown), diags, "season file name")
    fields = Fields(node, diags, "a season", required=("name", "divisions"), optional=("start", "end"))
    name = fields.text("name", path.stem) or path.stem
    start, end = fields.date("start"), fields.date("end")
    if start and end and end < start:
        diags.error(fields.pos("end"), f"season ends ({end}) before it starts ({start})", "season.dates")
    seen_in_group: dict[str, tuple[str, SourcePos]] = {}
    divisions = []
    division_names: dict[str, SourcePos] = {}
    group_ids: dict[str, SourcePos] = {}
    for item in fields.list("divisions", "'divisions' (a list of divisions)"):
        division_node = expect_map(item, diags, "a division", item.pos)
        if division_node is None:
            continue
        division = _load_division(division_node, refs, diags, seen_in_group, group_ids)
        if division is None:
            continue
        if division.name in division_names:
            diags.error(division.pos, f"division '{division.name}' appears twice in this season "
                        f"(first at line {division_names[division.name].line})", "division.duplicate")
            continue
        division_names[division.name] = division.pos
        divisions.append(division)
    if season_id is None:
        return None
    return Season(season_id, name, tuple(divisions), start, end, node.pos)


def _load_division(node: YMap, refs: PlayerRefs, diags: Diagnostics,
                   seen_in_group: dict[str, tuple[str, SourcePos]],
                   group_ids: dict[str, SourcePos]) -> Division | None:
    fields = Fields(node, diags, "a division", required=("name", "groups"))
    name = fields.text("name", max_len=20)
    groups = []
    for item in fields.list("groups", "'groups' (a list of groups)"):
        group_node = expect_map(item, diags, "a group", item.pos)
        if group_node is None:
            continue
        group = _load_group(group_node, name or "?", refs, diags, seen_in_group)
        if group is None:
            continue
        if group.id in group_ids:
            diags.error(group.pos, f"group id '{group.id}' is used twice in this season "
                        f"(first at line {group_ids[group.id].line})", "group.duplicate")
            continue
        group_ids[group.id] = group.pos
        groups.append(group)
    if name is None:
        return None
    return Division(name, tuple(groups), node.pos)


def _load_group(node: YMap, division: str, refs: PlayerRefs, diags: Diagnostics,
                seen_in_group: dict[str, tuple[str, SourcePos]]) -> Group | None:
    fields = Fields(node, diags, "a group", required=("name", "players"),
                    optional=("id", "games", "promoted", "relegated", "withdrawn"))
    name = fields.text("name", max_len=40)
    group_id = fields.ident("id") if fields.has("id") else (
        check_ident(name.lower().replace(" ", "-"), fields.pos("name"), diags, "group name")
        if name else None)
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
        members.append(ident)
    outcome_lists = {}
    for key in ("promoted", "relegated", "withdrawn"):
        listed = []
        for ident, pos in fields.ident_list(key):
            if ident not in members:
                if ident in rejected:
                    continue
                diags.error(pos, f"'{ident}' is listed as {key} but is not a player of group {name}",
                            "group.outcome", did_you_mean(ident, members))
                continue
            listed.append(ident)
        outcome_lists[key] = tuple(listed)
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
        pair = frozenset(game.players)
        if pair in pairs_seen:
            diags.error(game.pos, f"the game {game.black} - {game.white} is entered twice "
                        f"(first at line {pairs_seen[pair].line})", "game.duplicate",
                        "in a round-robin group each pair plays once; remove one entry")
            continue
        pairs_seen[pair] = game.pos
        games.append(game)
    if name is None or group_id is None:
        return None
    return Group(group_id, name, tuple(members), tuple(games), outcome_lists["promoted"],
                 outcome_lists["relegated"], outcome_lists["withdrawn"], node.pos)


def load_game(node: YMap, refs: PlayerRefs, diags: Diagnostics) -> Game | None:
    """Validate one game entry.

    Forms: ``{black: a, white: b, result: B+R}`` when colours are known, or
    ``{players: [a, b], winner: a}`` when they are not; ``forfeit: true`` marks a forfeit win;
    no result and no winner means unplayed.
    """
    fields = Fields(node, diags, "a game", optional=(
        "black", "white", "players", "result", "winner", "forfeit", "date", "handicap", "komi"))
    pos = node.pos
    colours_known = fields.has("black") or fields.has("white")
    if colours_known and fields.has("players"):
        diags.error(fields.pos("players"), "a game gives either 'black' and 'white' or 'players', "
                    "not both", "game.players")
        return None
    if colours_known:
        black, white = fields.ident("black"), fields.ident("white")
        if black is None or white is None:
            if fields.has("black") != fields.has("white"):
                diags.error(pos, "a game needs both 'black' and 'white'", "game.players")
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
    komi = fields.convert("komi", _parse_komi, "a komi such as 6.5, 0.5 or -3") if fields.has("komi") else None
    return Game(black, white, result, colours_known, fields.date("date"), handicap or 0, komi, pos)


def _parse_komi(text: str) -> Fraction:
    komi = Fraction(text.strip())
    if komi.denominator not in (1, 2) or abs(komi) > 100:
        raise ValueError(f"'{text}' is not a komi")
    return komi


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
            diags.error(fields.pos("result"), f"result '{fields.scalar('result').text}' names a colour "
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

