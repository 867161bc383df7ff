"""OpenGotha's table of games (``Tournament.hmGames``): which game of a round and table it
keeps, and the order it goes through them, which decides which of a player's two games in
one round OpenGotha shows and uses for SOS.

OpenGotha 3.51 keeps the games in a ``java.util.HashMap<Integer, Game>`` keyed by
``round index * MAX_NUMBER_OF_TABLES + table index`` (``Tournament.addGame``; both indexes
from 0, ``Gotha.MAX_NUMBER_OF_TABLES`` = 1000): a game with the key of an earlier one replaces
it. ``fillBaseScoringInfo`` calls ``ScoredPlayer.setGame`` for each game in the map's
iteration order, so a player's last game there is the one of that round for SOS, SODOS,
SOSOS, EXT, EXR and the h9 results (``ScoredPlayer.halfGamesStrings``); NBW, MMS and CPS add
the points of every game.
"""

from __future__ import annotations

MAX_TABLES = 1000
"""``Gotha.MAX_NUMBER_OF_TABLES`` (MAX_NUMBER_OF_PLAYERS / 2)."""


def game_key(round_number: int, table_number: int) -> int:
    """Return OpenGotha's key of a game given as in its file (round and table from 1)."""
    return (round_number - 1) * MAX_TABLES + (table_number - 1)


def _bucket_hash(key: int) -> int:
    """``HashMap.hash`` of an ``Integer``: its 32 bits, the high half folded in."""
    h = key & 0xFFFFFFFF
    return h ^ (h >> 16)


def iteration_order(keys: list[int]) -> list[int]:
    """Return distinct ``keys``, given in the order they were first put, in the order a
    ``java.util.HashMap`` (Java 8 and later) created empty goes through them.

    The table starts at 16 buckets and doubles when it holds more than 3/4 of its size, or
    when a bucket would hold a 9th entry while the table is below 64 buckets (``treeifyBin``).
    Iteration goes bucket by bucket (the hash's low bits), and within a bucket in the order the
    keys were put (a resize keeps that order). A bucket of 9 or more entries in a table of 64
    or more becomes a tree, where a new entry can come before older ones; not reproduced (it
    needs some 50 games whose keys fall into one bucket).
    """
    capacity, size = 16, 0
    counts: dict[int, int] = {}

    def recount() -> None:
        counts.clear()
        for k in keys[:size]:
            b = _bucket_hash(k) & (capacity - 1)
            counts[b] = counts.get(b, 0) + 1

    for key in keys:
        bucket = _bucket_hash(key) & (capacity - 1)
        if counts.get(bucket, 0) >= 8 and capacity < 64:
            capacity *= 2
            recount()
            bucket = _bucket_hash(key) & (capacity - 1)
        counts[bucket] = counts.get(bucket, 0) + 1
        size += 1
        if size > capacity * 3 // 4:
            capacity *= 2
            recount()
    first = {k: n for n, k in enumerate(keys)}
    return sorted(keys, key=lambda k: (_bucket_hash(k) & (capacity - 1), first[k]))
