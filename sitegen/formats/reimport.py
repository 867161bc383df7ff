"""A tournament imported again (``sitegen import ... --replace``) merged into its content file.

The content file is the organizer's: it may hold comments (a heading, a note at the end of a
game's line), keys the import never writes (a game's ``sgf:`` and ``link:``, a description)
and quoting of their own. :func:`merge_tournament` edits that file's round-trip tree into the
newly imported one: every value the import writes takes the file's value (an equal value keeps
its old spelling and quotes), a key the import writes that the file no longer gives is removed,
and everything else stays where it was, with its comments. Entries of lists are matched as the
content names them: players by ``id``, rounds by ``round``, games by their two players.

Which results stay as the content has them is decided by the caller
(:mod:`sitegen.commands.importing`): such a game is kept whole, as it is in the content.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from ruamel.yaml.comments import CommentedMap, CommentedSeq

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
"""The keys :func:`sitegen.formats.tournament_yaml.dump_tournament` writes, by kind of mapping:
one of these that the new import lacks is removed; any other key is the organizer's and stays."""


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
    for rnd in _list(tree, "rounds"):
        for game in _list(rnd, "games"):
            pair = game_pair(game)
            if pair is not None and isinstance(rnd.get("round"), int):
                found[(rnd["round"], pair)] = game
    return found


def _list(node: Any, key: str) -> list[Any]:
    value = node.get(key) if isinstance(node, dict) else None
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def merge_tournament(old: CommentedMap, new: CommentedMap, kept: set[GameKey]) -> CommentedMap:
    """Return ``old`` (the content file's tree) edited into ``new`` (the import's), keeping
    what the organizer added (module docstring); the games of ``kept`` stay as in ``old``, also
    when the import lacks them, and so do their players and rounds (appended when the import
    lacks them)."""
    def merge_round(was: CommentedMap, now: CommentedMap) -> CommentedMap:
        number = now.get("round")

        def merge_game(game_was: CommentedMap, game_now: CommentedMap) -> CommentedMap:
            if (number, game_pair(game_was)) in kept:
                return game_was
            return _merge_map(game_was, game_now, "game", {})

        missing = [g for g in _list(was, "games") if (number, game_pair(g)) in kept
                   and game_pair(g) not in {game_pair(n) for n in _list(now, "games")}]
        # ``missing`` is taken before the merge, which replaces ``was``'s list of games
        old_games = list(was.get("games") or [])
        merged = _merge_map(was, now, "round", {"games": lambda a, b: _merge_entries(a, b, game_pair, merge_game)})
        _add_missing(merged, "games", old_games, missing, game_pair)
        return merged

    def round_number(entry: Any) -> Hashable:
        return entry.get("round") if isinstance(entry, dict) else None

    old_rounds, old_players = _list(old, "rounds"), _list(old, "players")
    kept_rounds = [r for r in old_rounds if any((r.get("round"), game_pair(g)) in kept
                                                for g in _list(r, "games"))]
    kept_players = [p for p in old_players if any(str(p.get("id")) in pair for _, pair in kept)]
    merged = _merge_map(old, new, "tournament", {
        "parameters": lambda a, b: _merge_map(a, b, "parameters", {}),
        "egd": lambda a, b: _merge_map(a, b, "egd", {}),
        "players": lambda a, b: _merge_entries(a, b, player_id, lambda x, y: _merge_map(x, y, "player", {})),
        "rounds": lambda a, b: _merge_entries(a, b, round_number, merge_round),
    })
    _add_missing(merged, "players", old_players, kept_players, player_id)
    _add_missing(merged, "rounds", old_rounds, [_only_kept(r, kept) for r in kept_rounds], round_number)
    return merged


def player_id(entry: Any) -> Hashable:
    """Return a player entry's ``id``, or None."""
    return entry.get("id") if isinstance(entry, dict) else None


def _only_kept(rnd: CommentedMap, kept: set[GameKey]) -> CommentedMap:
    """Return a round entry of the content holding only its games of ``kept``."""
    games = CommentedSeq(g for g in _list(rnd, "games") if (rnd.get("round"), game_pair(g)) in kept)
    return CommentedMap([("round", rnd.get("round")), ("games", games)])


def _add_missing(tree: Any, key: str, before: list[Any], entries: list[Any],
                 key_of: Callable[[Any], Hashable]) -> None:
    """Put in the list ``tree[key]`` each of ``entries`` whose ``key_of`` it lacks (a game,
    player or round of the content kept as the content has it, which the import left out):
    after the entry that preceded it in ``before`` (the content's list), else first."""
    if not entries or not isinstance(tree, dict):
        return
    items = tree.setdefault(key, CommentedSeq())
    if not isinstance(items, list):
        return
    for entry in entries:
        have = [key_of(e) for e in items]
        if key_of(entry) in have:
            continue
        at = next((i for i, e in enumerate(before) if key_of(e) == key_of(entry)), 0)
        previous = [key_of(e) for e in before[:at]]
        after = max((have.index(k) + 1 for k in previous if k in have), default=0)
        items.insert(after, entry)


Merge = Callable[[Any, Any], Any]


def _merge_map(old: Any, new: Any, kind: str, children: dict[str, Merge]) -> Any:
    """Return ``old`` with ``new``'s keys set (``children`` merges the values of some keys),
    the import's keys that ``new`` lacks removed, and every other key of ``old`` kept."""
    if not isinstance(old, CommentedMap) or not isinstance(new, CommentedMap):
        return new
    for key in [k for k in old if k in IMPORT_KEYS[kind] and k not in new]:
        del old[key]
    previous = None
    for key, value in new.items():
        if key in old:
            merged = children[key](old[key], value) if key in children else _same_or_new(old[key], value)
            if merged is not old[key]:  # removed and put back: an assignment keeps the old quotes
                at, comment = list(old).index(key), old.ca.items.get(key)
                del old[key]
                old.insert(at, key, merged)
                if comment is not None:
                    old.ca.items[key] = comment
        else:
            at = list(old).index(previous) + 1 if previous in old else 0
            old.insert(at, key, value)
        previous = key
    return old


def _same_or_new(old: Any, new: Any) -> Any:
    """Return ``old`` when it says what ``new`` says (so it keeps its quotes and style), else ``new``."""
    if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
        same = isinstance(old, type(new)) or isinstance(new, type(old))
        return old if same and _plain(old) == _plain(new) else new
    return old if _kind(old) == _kind(new) and old == new else new


def _kind(value: Any) -> str:
    """Return what a scalar is for comparing (``True`` is not ``1``; a quoted text is text)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return "text" if isinstance(value, str) else type(value).__name__


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _merge_entries(old: Any, new: Any, key_of: Callable[[Any], Hashable],
                   merge: Merge) -> Any:
    """Return ``new``'s list of entries with each entry that ``old`` holds too (same
    ``key_of``) merged into the old one, which keeps its comment; entries of ``old`` that
    ``new`` lacks are left out."""
    if not isinstance(old, CommentedSeq) or not isinstance(new, CommentedSeq):
        return new
    by_key = {key_of(entry): index for index, entry in enumerate(old) if key_of(entry) is not None}
    merged = CommentedSeq()
    for index, entry in enumerate(new):
        found = by_key.get(key_of(entry))
        if found is None:
            merged.append(entry)
            continue
        merged.append(merge(old[found], entry))
        if found in old.ca.items:
            merged.ca.items[len(merged) - 1] = old.ca.items[found]
    merged.ca.comment = old.ca.comment
    if old.fa.flow_style():
        merged.fa.set_flow_style()
    return merged
