"""Reading a large YAML file again after an edit (sitegen.load.parse_yaml_again) gives what a
whole parse gives: the same tree, positions included, and the same diagnostics."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from sitegen import load
from sitegen.diagnostics import Diagnostics
from sitegen.load import LastReads, parse_yaml, parse_yaml_again

ITEM_LINES = [
    "  - {date: 2025-01-07, white: ann, black: bob, result: B+}",
    "  - {date: 2025-01-08, white: bob, black: cy, result: W+R}",
    "  - {date: 2025-01-09, member: ann, rung: 3k}",
    "  - date: 2025-01-10",
    "    white: cy",
    "    result: jigo",
    "  -",
    "    note: below its dash",
    "  - |+",
    "    kept text",
    "",
    "  # a comment",
    "# a comment at the margin",
    "  - plain text",
    "    that goes on",
    "  - [a, b]",
    "  - - nested",
    "    - again",
    "  - {broken: [}",
    "  - {date: 2025-01-11, white: ann, white: bob}",
    "  - &anchor x",
    "extra: key",
    "- at the margin",
    "\tbad: tab",
    "  -x",
    "    deeper: {a: 1}",
    "---",
]
HEAD = ["name: Club", "members:", "  - {player: ann, rung: 3k}", "  - {player: bob, rung: 2k}", "log:"]


ITEMS = [[ITEM_LINES[0]], [ITEM_LINES[1]], [ITEM_LINES[2]], ITEM_LINES[3:6], ITEM_LINES[6:8],
         ITEM_LINES[8:11], ITEM_LINES[13:15], [ITEM_LINES[11]], [""]]
"""Well-formed items of the log (and a comment, a blank line), one list of lines each."""


@st.composite
def documents(draw) -> list[str]:
    body = [line for item in draw(st.lists(st.sampled_from(ITEMS), min_size=1, max_size=12))
            for line in item]
    tail = draw(st.sampled_from([[], ["after: 1"], ["# end"]]))
    return HEAD + body + tail + draw(st.sampled_from([[""], []]))


@st.composite
def edits(draw, lines: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(draw(st.integers(min_value=1, max_value=2))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "append"]))
        at = draw(st.integers(min_value=0, max_value=len(lines)))
        line = draw(st.sampled_from(ITEM_LINES[:6]) | st.sampled_from(ITEM_LINES))  # half of them items
        if kind == "replace" and at < len(lines):
            lines[at] = line
        elif kind == "insert":
            lines.insert(at, line)
        elif kind == "delete" and at < len(lines) and len(lines) > 1:
            del lines[at]
        else:
            lines.append(line)
    return lines


def parsed(text: str, again: LastReads | None):
    """Parse ``text`` again with what ``again`` read last (None: whole, parse_yaml)."""
    diags = Diagnostics()
    tree = (parse_yaml_again(text, "big.yaml", diags, again) if again is not None
            else parse_yaml(text, "big.yaml", diags))
    return tree, diags.items


@settings(max_examples=300, deadline=None)
@given(documents().flatmap(lambda doc: st.tuples(st.just(doc), edits(doc))))
def test_reading_an_edited_file_again_gives_the_whole_parse(pair):
    before, after = ("\n".join(lines) for lines in pair)
    last = LastReads()  # a new process: nothing read before
    parsed(before, again=last)
    assert parsed(after, again=last) == parsed(after, again=None)
    assert parsed(before, again=last) == parsed(before, again=None)  # and back


def test_an_edited_item_is_read_again_and_the_others_are_kept():
    """The speed path is taken: after one result changes, or a game is added at the end, the
    other items are the nodes of the last parse."""
    lines = HEAD + [f"  - {{date: 2025-01-{day:02}, white: ann, black: bob, result: B+}}"
                    for day in range(1, 29)] + [""]
    last = LastReads()  # a new process: nothing read before
    first, _ = parsed("\n".join(lines), again=last)
    lines[10] = lines[10].replace("B+", "W+")
    second, problems = parsed("\n".join(lines), again=last)
    assert problems == []
    old, new = first.entries["log"].items, second.entries["log"].items
    assert [a is b for a, b in zip(old, new)] == [True] * 5 + [False] + [True] * 22
    assert new[5].entries["result"].text == "W+" and new[5].entries["result"].pos.line == 11
    assert second.entries["members"] is first.entries["members"]
    third, _ = parsed("\n".join(lines[:-1] + ["  - {date: 2025-01-29, white: bob, black: ann, result: jigo}", ""]),
                      again=last)
    assert len(third.entries["log"].items) == 29
    assert all(a is b for a, b in zip(new[:27], third.entries["log"].items))
    assert third.entries["log"].items[28].pos == ("big.yaml", 34, 5)


def _again_and_whole(before: list[str], after: list[str]) -> None:
    last = LastReads()  # a new process: nothing read before
    parsed("\n".join(before), again=last)
    assert parsed("\n".join(after), again=last) == parsed("\n".join(after), again=None)


def test_an_item_whose_node_starts_below_its_dash_is_read_whole():
    """An edit of the dash line of an item written ``-`` then its mapping below: the item's
    node starts on the next line, so its lines are not known from the last tree."""
    before = HEAD + [ITEM_LINES[0], "  -", "    note: below its dash", ITEM_LINES[1], ""]
    after = list(before)
    after[HEAD.__len__() + 1] = "  -   "
    _again_and_whole(before, after)


def test_a_kept_block_scalar_keeps_its_trailing_lines():
    """``|+`` keeps the blank lines after its text, up to the next item: read again, an edited
    item of that kind ends as in the whole text."""
    before = HEAD + [ITEM_LINES[0], "  - |+", "    kept text", "", "", ITEM_LINES[1], ""]
    after = list(before)
    after[HEAD.__len__() + 2] = "    other text"
    _again_and_whole(before, after)


def test_a_remembered_text_with_a_lone_carriage_return_is_not_spliced():
    """A lone CR (or U+2028) is a line break for the YAML reader but not for ``split("\\n")``:
    the remembered tree's lines are then not the remembered text's, and an edit that takes
    the break out must not splice the items at the wrong lines."""
    for brk in ("\r", "\u2028"):
        _again_and_whole(HEAD[:2] + [f"  - 'x{brk}y'", "  - p", "  - q", ""],
                         HEAD[:2] + ["  - 'x y'", "  - p", "  - q", ""])


def test_an_empty_value_at_the_end_of_an_edited_item_is_placed_as_in_the_whole_text():
    """The empty value of ``? key`` takes the position of the token after it: in the whole
    text the next item's dash (or the next key), not where the re-read lines end."""
    _again_and_whole(HEAD + [ITEM_LINES[0], ITEM_LINES[1], ITEM_LINES[2], ""],
                     HEAD + [ITEM_LINES[0], "  - ? key", ITEM_LINES[2], ""])
    indented = ["  name: Club", "  log:", "    - a", "    - b", "  after: 1", ""]
    _again_and_whole(indented, indented[:3] + ["    - ? key"] + indented[4:])


def test_a_smaller_file_is_remembered_once_it_has_been_edited(tmp_path):
    """A file under REMEMBER_FROM_CHARS is parsed whole while it does not change; the read
    after its first edit remembers it, and the next edit re-reads only the edited item (a
    league season's division, say). Each read gives the whole parse's tree."""
    season = ["name: Season 2024", "divisions:"] + [
        line for letter in "ABC" for line in (
            f"  - name: {letter}", "    games:", f"      - {{black: {letter}1, white: {letter}2, result: B+R}}")] + [""]
    path = tmp_path / "2024.yaml"

    last = LastReads()  # a new process: nothing read before

    def read(lines: list[str]):
        path.write_text("\n".join(lines), encoding="utf-8")
        diags = Diagnostics()
        tree = load.load_yaml_file(path, "seasons/2024.yaml", diags, last)
        assert diags.items == []
        assert tree == parse_yaml("\n".join(lines), "seasons/2024.yaml", Diagnostics())
        return tree

    read(season)
    read(season)
    assert "seasons/2024.yaml" not in last.parses  # unchanged: not kept
    season[7] = season[7].replace("B+R", "W+R")  # division B's game
    first = read(season)
    assert "seasons/2024.yaml" in last.parses  # edited: kept from now on
    season[7] = season[7].replace("W+R", "W+T")
    second = read(season)
    old, new = first.entries["divisions"].items, second.entries["divisions"].items
    assert [a is b for a, b in zip(old, new)] == [True, False, True]
    assert new[1].entries["games"].items[0].entries["result"].text == "W+T"


def test_an_edited_file_is_known_as_changed_whatever_its_size(tmp_path, monkeypatch):
    """LastReads.changed: a file whose text differs from its last reading in the process, small
    or large (at least REMEMBER_FROM_CHARS, so remembered from its first reading on); a file read
    again unchanged, or read for the first time, is not in it (sitegen.pages.league keeps what it
    planned of the seasons in it: issue 31)."""
    monkeypatch.setattr(load, "REMEMBER_FROM_CHARS", 40)
    small, large = tmp_path / "small.yaml", tmp_path / "large.yaml"
    last = LastReads()  # a new process: nothing read before

    def read(path: Path, text: str) -> None:
        path.write_text(text, encoding="utf-8")
        diags = Diagnostics()
        assert load.load_yaml_file(path, path.name, diags, last) == parse_yaml(text, path.name, Diagnostics())
        assert diags.items == []

    long_text = "name: A long season file\nlog: [a, b, c]\n"
    assert len(long_text) >= 40
    read(small, "name: x\n")
    read(large, long_text)
    read(small, "name: x\n")
    read(large, long_text)
    assert last.changed == set() and "large.yaml" in last.parses
    read(large, long_text.replace("c]", "d]"))
    assert last.changed == {"large.yaml"}
    read(small, "name: y\n")
    assert last.changed == {"large.yaml", "small.yaml"}
