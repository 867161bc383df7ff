"""The build cache's rows of the outputs (sitegen.outputstamps.output_rows, read_output_rows;
cache format 6, issue 31): each output's stamp, key and digest on one row of the index, read
back as they were written, and a forged row refused (issue 30's limit on numbers)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.outputstamps import Unusable, output_rows, read_output_rows


def test_rows_by_hand():
    keys = {"index.html": b"\x01\x02", "a b/index.html": b""}
    shas = {"index.html": b"\xff", "only-sha.css": b"\x10"}
    stamps = {"index.html": (10, 20, 30, 40), "stamp only.txt": (1, -2, 3, 4)}
    rows = output_rows(keys, shas, stamps)
    assert rows == ["10 20 30 40 0102 ff index.html",
                    "- - - -  - a b/index.html",  # an empty key, no digest, no stamp
                    "- - - - - 10 only-sha.css",
                    "1 -2 3 4 - - stamp only.txt"]
    assert read_output_rows(rows) == (keys, shas, stamps)


def test_the_keys_come_back_in_their_order():
    keys = {"z.html": b"\x01", "a.html": b"\x02", "m.html": b"\x03"}
    back, _, _ = read_output_rows(output_rows(keys, {}, {}))
    assert list(back) == ["z.html", "a.html", "m.html"]


_paths = st.text(min_size=1, max_size=30)
_digests = st.binary(max_size=33)
_numbers = st.integers(min_value=-(10 ** 18) + 1, max_value=10 ** 19 - 1)


@settings(max_examples=300)
@given(st.dictionaries(_paths, _digests, max_size=8), st.dictionaries(_paths, _digests, max_size=8),
       st.dictionaries(_paths, st.tuples(_numbers, _numbers, _numbers, _numbers), max_size=8))
def test_rows_read_back_what_was_written(keys, shas, stamps):
    """Any paths (spaces, quotes, line breaks, any character), keys and digests (empty ones
    too), stamps of at most 19 characters each: through the index's JSON and back, the same
    three mappings, the keys in their order."""
    rows = json.loads(json.dumps(output_rows(keys, shas, stamps)))
    back = read_output_rows(rows)
    assert back == (keys, shas, stamps)
    assert list(back[0]) == list(keys)


@pytest.mark.parametrize("row", [
    "1" * 20 + " 0 0 0 - - index.html",
    "0 0 0 -" + "9" * 19 + " - - index.html",
    "0 0 0 " + "1" * 4000 + " - - index.html",
])
def test_a_number_of_more_than_19_characters_is_refused_before_it_is_read(row):
    with pytest.raises(Unusable, match="^its index does not decode: a number has more than 19 digits$"):
        read_output_rows(["1 2 3 4 - - a.html", row])


@pytest.mark.parametrize("rows, error", [
    ({"index.html": [1, 2, 3, 4]}, TypeError),  # format 5's object
    (["1 2 3 4 - -"], ValueError),  # no path
    (["1 2 - 4 - - index.html"], ValueError),  # half a stamp
    (["1 2 3 4 zz - index.html"], ValueError),  # a key that is not hex
    ([[1, 2, 3, 4]], AttributeError),
])
def test_a_row_that_is_not_one_raises(rows, error):
    """load_index turns these into "its index is not as this sitegen writes it" (Unusable)."""
    with pytest.raises(error):
        read_output_rows(rows)


def test_a_row_read_back_is_written_as_it_was_while_its_output_is_unchanged():
    """Issue 31: the next index writes the row of an output whose stamp, key and digest are the
    very objects read from the last index's row as that row (not formatted again); an output
    given a new stamp, key or digest (equal in value or not) gets a row made anew."""
    rows = ["10 20 30 40 0102 ff index.html", "- - - -  - a b/index.html", "1 2 3 4 aa bbcc c.html"]
    known: dict = {}
    keys, shas, stamps = read_output_rows(rows, known)
    assert known["index.html"] == ((10, 20, 30, 40), b"\x01\x02", b"\xff", rows[0])
    assert known["a b/index.html"] == (None, b"", None, rows[1])
    known["index.html"] = (*known["index.html"][:3], "kept as read")  # what proves it was not made again
    known["c.html"] = (*known["c.html"][:3], "kept as read")
    shas["c.html"] = bytes.fromhex("bbcc")  # the same digest, but not the object read: made again
    stamps["d.html"] = (5, 6, 7, 8)  # a new output
    assert output_rows(keys, shas, stamps, known) == [
        "kept as read", "- - - -  - a b/index.html", "1 2 3 4 aa bbcc c.html", "5 6 7 8 - - d.html"]


@settings(max_examples=200)
@given(st.dictionaries(_paths, _digests, max_size=8), st.dictionaries(_paths, _digests, max_size=8),
       st.dictionaries(_paths, st.tuples(_numbers, _numbers, _numbers, _numbers), max_size=8),
       st.dictionaries(_paths, _digests, max_size=4), st.sets(_paths, max_size=4))
def test_rows_written_from_the_rows_read_are_the_rows_made_anew(keys, shas, stamps, new_keys, gone):
    """The fast form (rows read back, :func:`output_rows`'s ``known``) against the clear form
    (every row made anew): after some outputs are given new keys and others dropped, the same
    rows."""
    known: dict = {}
    keys, shas, stamps = read_output_rows(json.loads(json.dumps(output_rows(keys, shas, stamps))), known)
    keys.update(new_keys)
    for path in gone:
        for table in (keys, shas, stamps):
            table.pop(path, None)
    assert output_rows(keys, shas, stamps, known) == output_rows(keys, shas, stamps)
