"""YAML tags and anchors are refused with their position (issue 15, item 10; sitegen/load.py).

Content is plain data: a tag (``!!python/name:...``, ``!<tag:...>``, ``!!binary``, a custom
``!tag``, even ``!!str``) or an anchor (``&x``, with or without an alias) is an error at the tag
or anchor, never read as plain text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.diagnostics import Diagnostics
from sitegen.load import parse_yaml


def errors_of(text: str) -> tuple[object, list[str]]:
    diags = Diagnostics()
    node = parse_yaml(text, "f.yaml", diags)
    return node, [d.format() for d in diags.sorted()]


@pytest.mark.parametrize("text, shown, where", [
    ("title: !!python/name:os.system x\n", "!!python/name:os.system", "1:8"),
    ("title: !!python/object/apply:os.system [ls]\n", "!!python/object/apply:os.system", "1:8"),
    ("title: !<tag:yaml.org,2002:str> x\n", "!!str", "1:8"),
    ("title: !<tag:example.com,2000:thing> x\n", "tag:example.com,2000:thing", "1:8"),
    ("title: !!binary aGk=\n", "!!binary", "1:8"),
    ("title: !custom x\n", "!custom", "1:8"),
    ("title: !!str x\n", "!!str", "1:8"),
    ("title: ! x\n", "!", "1:8"),
    ("!!map {title: x}\n", "!!map", "1:1"),
    ("title: !!seq [x]\n", "!!seq", "1:8"),
    ("%TAG !e! tag:example.com,2000:\n---\ntitle: !e!thing x\n", "tag:example.com,2000:thing", "3:8"),
])
def test_every_tag_is_refused_at_its_position(text, shown, where):
    node, errors = errors_of(text)
    assert node is None
    assert errors == [f"f.yaml:{where}: error: YAML tag '{shown}' is not supported in content; "
                      "remove the tag; values are read as plain text [yaml.tag]"]


@pytest.mark.parametrize("text, where", [
    ("title: &t x\n", "1:8: error: YAML anchor '&t'"),
    ("players: &p\n  - {id: ann, name: Ann}\n", "1:10: error: YAML anchor '&p'"),
    ("&root {title: x}\n", "1:1: error: YAML anchor '&root'"),
    ("players:\n  - &ann {id: ann, name: Ann}\n", "2:5: error: YAML anchor '&ann'"),
])
def test_an_anchor_without_an_alias_is_refused(text, where):
    node, errors = errors_of(text)
    assert node is None
    assert errors == [f"f.yaml:{where} is not supported in content; remove the anchor and write "
                      "values out in full [yaml.anchor]"]


def test_every_tag_and_anchor_of_a_file_is_reported_in_one_run():
    node, errors = errors_of("a: !!binary aGk=\nb: &x y\nc: [!x z, ok]\n")
    assert node is None
    assert [e.split(": error: ")[0] for e in errors] == ["f.yaml:1:4", "f.yaml:2:4", "f.yaml:3:5"]


def test_front_matter_tags_are_refused_with_the_file_line(site, run):
    site({"content/pages/about.md": "---\ntitle: !!python/name:os.system About\n---\nHi\n"})
    status, _out, err = run("build")
    assert status == 1
    assert err[0] == ("content/pages/about.md:2:8: error: YAML tag '!!python/name:os.system' is not "
                      "supported in content; remove the tag; values are read as plain text [yaml.tag]")
    assert not Path("output").exists()


def test_plain_values_still_load():
    node, errors = errors_of("title: '!!not a tag'\nname: a&b\nx: \"&y\"\n")
    assert errors == []
    assert [node.entries[k].text for k in ("title", "name", "x")] == ["!!not a tag", "a&b", "&y"]


def test_lists_and_mappings_nest_to_the_limit_and_not_one_more():
    """The start and end of an untagged list or mapping (parse_yaml's fast path: a game's
    flow list) build the same tree as any other, with positions; 64 levels are read, the 65th
    is refused at its position."""
    from sitegen.load import MAX_DEPTH, YMap, YScalar, YSeq

    node, errors = errors_of("games:\n  - [ann, bob, B+R]\n  - {white: cy, black: di}\n")
    assert errors == []
    games = node.entries["games"]
    assert isinstance(games, YSeq) and (games.pos.line, games.pos.col) == (2, 3)
    first, second = games.items
    assert isinstance(first, YSeq) and [s.text for s in first.items] == ["ann", "bob", "B+R"]
    assert (first.pos.line, first.pos.col, first.items[2].pos.col) == (2, 5, 16)
    assert isinstance(second, YMap) and {k: v.text for k, v in second.entries.items()} == {
        "white": "cy", "black": "di"}
    assert (second.key_pos["black"].line, second.key_pos["black"].col) == (3, 17)
    deepest, errors = errors_of("[" * MAX_DEPTH + "x" + "]" * MAX_DEPTH + "\n")
    assert errors == []
    for _ in range(MAX_DEPTH):
        assert isinstance(deepest, YSeq)
        deepest = deepest.items[0]
    assert isinstance(deepest, YScalar) and deepest.text == "x"
    node, errors = errors_of("[" * (MAX_DEPTH + 1) + "x" + "]" * (MAX_DEPTH + 1) + "\n")
    assert node is None
    assert errors == [f"f.yaml:1:{MAX_DEPTH + 1}: error: nesting deeper than {MAX_DEPTH} levels [yaml.depth]"]
