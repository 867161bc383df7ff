"""A player section's sort key digested once per build (sitegen.depends.Digests.of_key; issue
31, render52): the kept digest is always the one :meth:`Digests.of` gives the key it is asked
for, also for keys equal to an earlier one but pickled apart (1 and True, 1 and 1.0), and for
keys that are no tuple of text, whole numbers and dates (digested each time)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings, strategies as st

from sitegen.depends import Digests

ITEMS = st.one_of(st.text(max_size=4), st.integers(-2, 2), st.booleans(), st.sampled_from([0.0, 1.0, -1.0]),
                  st.dates(dt.date(2000, 1, 1), dt.date(2000, 1, 3)), st.none(),
                  st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2000, 1, 2)))
KEYS = st.one_of(st.tuples(ITEMS, ITEMS, ITEMS), st.tuples(ITEMS), st.lists(ITEMS, max_size=3), ITEMS)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(keys=st.lists(KEYS, min_size=1, max_size=12))
def test_a_kept_key_digest_is_the_digest_of_that_key(keys):
    kept, fresh = Digests(), Digests()
    for key in keys + keys[::-1]:  # each key asked for again, after the others
        assert kept.of_key(key) == fresh.of(key)


def test_equal_keys_of_other_types_keep_their_own_digests():
    """(1, "a") == (True, "a") == (1.0, "a"), but each pickles to other bytes: hand-picked,
    so that the keys kept cannot stand for one another."""
    digests = Digests()
    first = digests.of_key((1, "a"))
    assert digests.of_key((True, "a")) == Digests().of((True, "a")) != first
    assert digests.of_key((1.0, "a")) == Digests().of((1.0, "a")) != first
    assert digests.of_key((1, "a")) == first
    day = dt.date(2024, 1, 10)
    assert digests.of_key((dt.datetime(2024, 1, 10), "a")) != digests.of_key((day, "a"))
