"""Which results the home page lists as the newest (:mod:`sitegen.pages.home`), and which of one
competition's results may ever be among them (what a cached build keeps of a unit, issue 31).

A result here is a :data:`sitegen.ruleset.Finished`: only its listed date (``[0]``) and its page
(``[3]``) choose; the list's order breaks ties (the later in the content first).
"""

from __future__ import annotations

from itertools import count
from operator import itemgetter
from typing import Iterator, Sequence

LATEST_RESULTS = 8
"""The home page lists this many of the newest results ..."""
LATEST_PER_COMPETITION = 4
"""... at most this many of one competition, so that a busy ladder leaves room for the others."""


def newest(results: Sequence[tuple], limit: int) -> list[int]:
    """Return the indexes of the results the home page lists, in its order: newest first by
    listed date (undated last), the later in the content first among equal dates; at most
    :data:`LATEST_PER_COMPETITION` of one competition's page, ``limit`` in all.

    :func:`by_age` gives every index in that order; the first ones are taken."""
    picked: list[int] = []
    shown: dict[str, int] = {}
    if limit <= 0:
        return picked
    for index in by_age(results):
        url = results[index][3]
        shown[url] = shown.get(url, 0) + 1
        if shown[url] <= LATEST_PER_COMPETITION:
            picked.append(index)
            if len(picked) == limit:
                break
    return picked


def contenders(results: Sequence[tuple]) -> list[int]:
    """Return the indexes (ascending: the content's order) of the results of ``results`` that
    :func:`newest` can list, with a limit of at most :data:`LATEST_RESULTS`, in any list where
    ``results`` stand together in this order and no other result has one of their pages (a
    unit's results: a league season's groups are its own pages).

    Why the others never are: :func:`newest` goes through the results from the newest, and
    whether one is taken depends, besides the limit, only on how many results of its own page
    came before it, all of them ``results``' own. A result not among :func:`newest` of
    ``results`` alone came either after :data:`LATEST_PER_COMPETITION` of its page (so too in
    the whole list) or after :data:`LATEST_RESULTS` that it took (each of them taken in the
    whole list too unless the limit was reached before it). Leaving out those that are never
    taken changes neither the order of the others nor their pages' counts before them
    (tests/properties/test_newest.py ties this to the whole list)."""
    return sorted(newest(results, LATEST_RESULTS))


_FIRST = itemgetter(0)
"""A result's listed date (:data:`sitegen.ruleset.Finished`), and a sort key's date."""


def by_age(results: Sequence[tuple]) -> Iterator[int]:
    """Yield the indexes of ``results``, newest listed date first, the later in the content
    first among equal dates, then the undated ones, the later first (as sorting every result by
    ``(dated, date, index)``, newest first).

    The dated results' sort keys ``(date, index)`` are made and filtered in C (``zip``, ``map``,
    ``filter``: a date is never false), without a Python step per result: 204,000 results at
    issue 31's size, whose keys made in a comprehension were 0.17 s of a cached build's profile.
    The undated ones are looked for only when the dated ones did not fill the list. Picking
    the newest few with ``heapq.nlargest`` instead was slower: the content lists results in
    ascending dates (each one replaces the heap's top) and one season's thousands of newest
    games, all of one page, make it look at more and more."""
    dated = sorted(filter(_FIRST, zip(map(_FIRST, results), count())), reverse=True)
    yield from map(itemgetter(1), dated)
    yield from (index for index in range(len(results) - 1, -1, -1) if results[index][0] is None)
