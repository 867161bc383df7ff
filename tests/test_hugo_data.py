"""The Hugo peer's data (bench/hugo_data.py, issue 31): the YAML and the JSON data files hold
the same values, each game reaches both players' pages, and every page the peer makes is a
page sitegen makes at the same address."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
import yaml

from fresh_renders import render

REPO = Path(__file__).parent.parent


def bench_module(name: str):
    sys.path.insert(0, str(REPO / "bench"))
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> tuple[Path, dict[str, bytes], dict]:
    """A tiny synthetic archive (100 players), its sitegen build, and the peer's data."""
    root = tmp_path_factory.mktemp("hugo-peer")
    bench_module("synthetic").generate(root, 0.005)
    site = render(root / "content", None)
    built = root / "built"
    for path, data in site.items():
        if path.endswith("standings.json"):
            (built / path).parent.mkdir(parents=True, exist_ok=True)
            (built / path).write_bytes(data)
    tree = bench_module("hugo_data").data_tree(root / "content", built)
    return root, site, tree


def test_yaml_and_json_data_hold_the_same_values(archive, tmp_path):
    hugo_data = bench_module("hugo_data")
    _, _, tree = archive
    for mode in hugo_data.MODES:
        hugo_data.write_site(tree, tmp_path / mode, mode)
    names = sorted(p.relative_to(tmp_path / "json" / "data").with_suffix("").as_posix()
                   for p in (tmp_path / "json" / "data").rglob("*.json"))
    assert names == sorted(tree)
    for name in names:
        from_json = json.loads((tmp_path / "json" / "data" / f"{name}.json").read_text("utf-8"))
        from_yaml = yaml.load((tmp_path / "yaml" / "data" / f"{name}.yaml").read_text("utf-8"),
                              Loader=yaml.CSafeLoader)
        assert from_yaml == from_json == tree[name], name


def test_every_tournament_game_reaches_both_players_pages(archive):
    root, _, tree = archive
    text = (root / "content" / "tournaments" / "t01.yaml").read_text("utf-8")
    games = len(re.findall(r"\{white: ", text))
    on_pages = sum(len(entry["games"]) for name, value in tree.items() if name.startswith("people/")
                   for entry in value["tournaments"])
    assert games > 0
    assert on_pages == 2 * games


def test_results_from_each_side():
    hugo_data = bench_module("hugo_data")
    assert hugo_data.outcome("B+R", "black") == "won"
    assert hugo_data.outcome("B+3.5", "white") == "lost"
    assert hugo_data.outcome("W+F", "white") == "won"
    assert hugo_data.outcome("jigo", "black") == "jigo"


def test_every_peer_page_is_a_sitegen_page(archive):
    _, site, tree = archive
    addresses = [front.get("url", "/") for _, front in bench_module("hugo_data").pages(tree)]
    assert len(addresses) == len(set(addresses))
    missing = [url for url in addresses if url.lstrip("/") + "index.html" not in site]
    assert missing == []
