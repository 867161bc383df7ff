"""The one folder walk (sitegen.folders): links are yielded and never followed, folders are
entered unless skipped, and a folder that cannot be listed is passed over or refused."""

from __future__ import annotations

import os

import pytest

from sitegen.folders import Unreadable, entries_below


def walked(root, **options) -> list[str]:
    return sorted(relative for _, relative in entries_below(os.fspath(root), **options))


def test_files_links_and_special_files_are_yielded_and_links_not_followed(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "deep.yaml").write_text("x: 1\n")
    (tmp_path / "top.md").write_text("# top\n")
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("no\n")
    (tmp_path / "a" / "to-outside").symlink_to(outside, target_is_directory=True)
    (tmp_path / "a" / "to-file").symlink_to(tmp_path / "top.md")
    os.mkfifo(tmp_path / "pipe")
    assert walked(tmp_path) == ["a/b/deep.yaml", "a/to-file", "a/to-outside", "pipe", "top.md"]


def test_skipped_folders_are_not_entered(tmp_path):
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"")
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "__pycache__").mkdir()
    (tmp_path / "kept" / "__pycache__" / "y.pyc").write_bytes(b"")
    (tmp_path / "kept" / "z.py").write_text("")
    assert walked(tmp_path, skip=frozenset({"__pycache__"})) == ["kept/z.py"]
    assert walked(tmp_path) == ["__pycache__/x.pyc", "kept/__pycache__/y.pyc", "kept/z.py"]


def test_a_folder_that_cannot_be_listed_is_passed_over_or_refused(tmp_path):
    gone = tmp_path / "gone"
    assert walked(gone) == []
    with pytest.raises(Unreadable):
        walked(gone, strict=True)
