"""The dev server's parse cache: unchanged files are not parsed again, changed ones are."""

import os

from sitegen import load
from sitegen.diagnostics import Diagnostics


def test_parse_cache_reuses_unchanged_files_and_rereads_changed_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "_PARSED", None)
    load.enable_parse_cache()
    path = tmp_path / "a.yaml"
    path.write_text("name: one\n")
    first = load.load_yaml_file(path, "a.yaml", Diagnostics())
    assert load.load_yaml_file(path, "a.yaml", Diagnostics()) is first
    path.write_text("name: two\n")
    os.utime(path, ns=(1, 1))  # a different modification time, as any save gives
    second = load.load_yaml_file(path, "a.yaml", Diagnostics())
    assert second is not first and second.entries["name"].text == "two"
    assert len(load._PARSED) == 1  # the stale tree is dropped


def test_files_with_problems_are_not_cached(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "_PARSED", None)
    load.enable_parse_cache()
    path = tmp_path / "bad.yaml"
    path.write_text("a: 1\na: 2\n")
    for _ in range(2):  # reported every time, not only the first
        diags = Diagnostics()
        load.load_yaml_file(path, "bad.yaml", diags)
        assert [d.code for d in diags] == ["yaml.duplicate-key"]
