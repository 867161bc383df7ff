"""Home's newest results from the units' contenders (sitegen.pages.newest, issue 31): a unit kept
by the build cache lists only the results of its own that :func:`contenders` keeps, and the home
page's newest results of that shorter list are the newest of every result, for each limit up to
LATEST_RESULTS, whatever the dates, the undated results, the pages and the units' sizes."""

import datetime as dt

from hypothesis import given, settings, strategies as st

from sitegen.pages.newest import LATEST_RESULTS, contenders, newest

_DAYS = st.one_of(st.none(), st.integers(0, 12).map(lambda n: dt.date(2024, 1, 1) + dt.timedelta(days=n)))


@st.composite
def units(draw):
    """Units as lists of results ``(listed date or None, None, None, page, n)``: each unit's
    pages its own (``u<unit>p<page>``), few dates so that many tie, some undated."""
    found = []
    for number in range(draw(st.integers(0, 6))):
        pages = draw(st.integers(1, 3))
        rows = draw(st.lists(st.tuples(_DAYS, st.integers(0, pages - 1)), max_size=25))
        found.append([(day, None, None, f"u{number}p{page}", index) for index, (day, page) in enumerate(rows)])
    return found


@settings(max_examples=400, deadline=None)
@given(units())
def test_the_newest_of_the_units_contenders_are_the_newest_of_every_result(found):
    every = [row for unit in found for row in unit]
    kept = [row for unit in found for row in (unit[i] for i in contenders(unit))]
    assert [row for row in every if row in kept] == kept
    for limit in range(LATEST_RESULTS + 1):
        assert [kept[i] for i in newest(kept, limit)] == [every[i] for i in newest(every, limit)]


def test_contenders_by_hand():
    """One page's six results dated 1-6 January: the four newest (LATEST_PER_COMPETITION); two
    pages' five each: the eight newest under the cap, four of each page; an undated one counts
    after every dated one."""
    day = dt.date(2024, 1, 1)
    one = [(day + dt.timedelta(days=n), None, None, "a", n) for n in range(6)]
    assert contenders(one) == [2, 3, 4, 5]
    two = [(day + dt.timedelta(days=n), None, None, "a" if n % 2 else "b", n) for n in range(10)]
    assert contenders(two) == [2, 3, 4, 5, 6, 7, 8, 9]
    undated = [(None, None, None, "a", 0), (day, None, None, "b", 1)]
    assert contenders(undated) == [0, 1] and newest(undated, 1) == [1]
