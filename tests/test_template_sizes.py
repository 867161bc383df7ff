"""The size check of ``text % values`` (sitegen.template_sizes, issue 31): the kept form,
``PrintfShapes.length``, which scans each text once and keeps what it read, gives
:func:`printf_length`'s value for every text and values, also once the text is kept, beyond
the texts it keeps and for texts too long to keep. And a page's sentence formatted
(sitegen.template_limits.named_markup, for texts of ``%(name)s`` conversions only) is
Markup's own ``%``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from sitegen.template_limits import BoundedSandbox, Budget, Limits, TemplateLimit, named_markup
from sitegen.template_sizes import PrintfShapes, named_keys, printf_length

LIMIT = 1_000_000


def test_hand_worked_sizes():
    shapes = PrintfShapes()
    # 27 characters; an int counts its digits by its bits, and 2 more (a sign, rounding):
    # 3 (2 bits) 0 + 2, 8 (4 bits) 1 + 2
    assert shapes.length(LIMIT, "Place %(place)s of %(size)s", {"place": 3, "size": 8}) == 27 + 2 + 3
    # again, from what it kept: a longer name, a missing key counted as ""
    assert shapes.length(LIMIT, "Place %(place)s of %(size)s", {"place": "12="}) == 27 + 3
    # width and precision (10 + 3), %% left out, the tuple's values: "1.5" and "ab"
    assert shapes.length(LIMIT, "%-10.3f%%%s", (1.5, "ab")) == 11 + 13 + 3 + 2
    # ``*``: every int value counted as a width (4 + 1), and each value's digits (2 + 2)
    assert shapes.length(LIMIT, "%*d", (4, 1)) == 3 + 5 + 2 + 2
    # a single value, not a tuple
    assert shapes.length(LIMIT, "%s!", "abc") == 3 + 3
    # a width of more than 20 digits is over the limit
    assert shapes.length(LIMIT, "%" + "9" * 21 + "s", "") > LIMIT


TEXTS = st.text(alphabet=st.sampled_from("%()*.-+ #0123456789sdfxkey"), max_size=30)
VALUES = st.one_of(st.integers(-10**30, 10**30), st.text(max_size=20), st.floats(allow_nan=False),
                   st.lists(st.integers(), max_size=4))
ARGUMENTS = st.one_of(VALUES, st.tuples(VALUES, VALUES),
                      st.dictionaries(st.sampled_from(["", "k", "key", "e", "ke)"]), VALUES, max_size=4))


def _either(function, *args):
    try:
        return function(*args)
    except (TypeError, ValueError, AttributeError, KeyError) as error:
        return type(error)


@given(st.lists(st.tuples(TEXTS, ARGUMENTS), max_size=8), st.integers(1, 50))
def test_kept_shapes_give_printf_length(calls, kept):
    shapes = PrintfShapes()
    shapes.KEPT = kept
    for text, values in calls + calls:  # each text twice: scanned, then kept
        assert _either(shapes.length, LIMIT, text, values) == _either(printf_length, LIMIT, text, values)


def test_a_text_too_long_to_keep_is_measured_all_the_same():
    shapes = PrintfShapes()
    text = "%(a)s" + "x" * PrintfShapes.LONGEST
    assert shapes.length(LIMIT, text, {"a": "bc"}) == printf_length(LIMIT, text, {"a": "bc"}) == len(text) + 2
    assert not shapes._shapes


def test_named_keys_only_for_texts_of_named_conversions():
    assert named_keys("Place %(place)s of %(size)s") == ("place", "size")
    assert named_keys("100%% of %(x)s, %(x)s again, %()s") == ("x", "x", "")
    assert named_keys("no conversion") == ()
    for text in ("%(x)d", "%s", "100%", "%(a(b))s", "%(a(b)s", "%%%", "%(x)-5s", "%(x)"):
        assert named_keys(text) is None, text


NAMED_TEXTS = st.lists(st.one_of(st.sampled_from(["%(a)s", "%(b)s", "%()s", "%%", "%(a)d", "%", "%s", "(", ")"]),
                                 st.text(alphabet="ab <&>'\"", max_size=3)), max_size=6).map("".join)
MARKUP_VALUES = st.one_of(st.text(alphabet="ab<&>'\"\u05d0", max_size=5), st.integers(), st.none(),
                          st.text(alphabet="ab<>", max_size=3).map(Markup))


@given(NAMED_TEXTS, st.dictionaries(st.sampled_from(["a", "b", ""]), MARKUP_VALUES, max_size=3))
def test_named_markup_is_markups_own_formatting(text, values):
    """``named_markup`` gives Markup's ``%`` (its text, or its exception's type) wherever
    ``named_keys`` allows it."""
    keys = named_keys(text)
    if keys is None:
        return
    words = Markup(text)
    assert _either(named_markup, words, keys, values) == _either(words.__mod__, values)
    made = _either(named_markup, words, keys, values)
    assert not isinstance(made, type) or issubclass(made, Exception)
    if isinstance(made, str):
        assert type(made) is Markup


SANDBOX = BoundedSandbox(autoescape=True)


def _sandbox(value_limit: int) -> BoundedSandbox:
    """The sandbox with a fresh budget whose values may be ``value_limit`` characters long."""
    SANDBOX.budget = Budget(Limits(value=value_limit))
    return SANDBOX


def _general_path(sandbox: BoundedSandbox, words: Markup, values: dict) -> Markup:
    """A sentence's ``%`` as any other ``%`` of a template is checked (the clear form): its size
    measured (``PrintfShapes.length``, :func:`printf_length`'s value) before it is made, then
    Markup's own ``%`` and the made text's length."""
    sandbox.check_size(PrintfShapes().length, (str(words), values), {})
    return sandbox.bounded_value(words % values)


def test_a_sentence_hand_worked():
    """'Place %(place)s of %(size)s' (27 characters) with place 3 and size 8 counts 27 + 2 + 3
    (an int's digits by its bits, and 2: 3 has 2 bits, 0 + 2; 8 has 4, 1 + 2): made under a
    limit of 32, refused under 31 before it is made; a name's '&' escaped."""
    words = Markup("Place %(place)s of %(size)s")
    assert _sandbox(32).call_binop(None, "%", words, {"place": 3, "size": 8}) == "Place 3 of 8"
    with pytest.raises(TemplateLimit):
        _sandbox(31).call_binop(None, "%", words, {"place": 3, "size": 8})
    made = _sandbox(100).call_binop(None, "%", Markup("%(name)s, %(link)s"),
                                    {"name": "Tom & Ann", "link": Markup("<a>x</a>")})
    assert made == "Tom &amp; Ann, <a>x</a>" and type(made) is Markup
    # measured 5 + 4 = 9 before it is made, but 20 characters once escaped: refused under 19
    assert _sandbox(20).call_binop(None, "%", Markup("%(a)s"), {"a": "&&&&"}) == "&amp;" * 4
    with pytest.raises(TemplateLimit):
        _sandbox(19).call_binop(None, "%", Markup("%(a)s"), {"a": "&&&&"})


SENTENCE_VALUES = st.one_of(MARKUP_VALUES, st.booleans(), st.floats(allow_nan=False),
                            st.lists(st.integers(), max_size=3), st.text(max_size=40))


@given(NAMED_TEXTS, st.dictionaries(st.sampled_from(["a", "b", ""]), SENTENCE_VALUES, max_size=3),
       st.integers(-3, 3), st.booleans())
def test_a_sentence_is_checked_as_any_percent(text, values, offset, by_made):
    """A template's ``%`` of Markup words of ``%(name)s`` conversions by a dict (the page's
    sentences: BoundedSandbox.sentence, issue 31) gives what the general path gives (the text,
    or its exception's type: TemplateLimit when too long, before or after it is made, KeyError
    for a missing key), for any values, under limits around the size measured before the text
    is made or around the made text's length (``offset``)."""
    keys = named_keys(text)
    if keys is None:
        return
    words = Markup(text)
    around = _either(PrintfShapes().length, LIMIT, text, values)
    if by_made or not isinstance(around, int):
        made = _either(words.__mod__, values)
        around = len(made) if isinstance(made, str) else 30
    limit = max(0, around + offset)
    expected = _either_limit(_general_path, _sandbox(limit), words, values)
    assert _either_limit(_sandbox(limit).call_binop, None, "%", words, values) == expected


def _either_limit(function, *args):
    try:
        made = function(*args)
    except (TemplateLimit, TypeError, ValueError, AttributeError, KeyError) as error:
        return type(error)
    return (type(made), str(made))
