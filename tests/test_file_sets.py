"""yamlwrite.write_new_files / undo_file_set: a set of new files written as one unit, and what
an unfinished set left removed -- only that (issue 15, item 6)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat

import pytest

from sitegen.yamlwrite import undo_file_set, write_new_files


def test_write_new_files_creates_all_with_the_umask_mode_and_no_journal(tmp_path):
    (tmp_path / "a").mkdir()
    old = os.umask(0o022)
    try:
        write_new_files({tmp_path / "a" / "x.yaml": "x: 1\n", tmp_path / "b" / "y.yaml": "é\n"},
                        tmp_path / ".journal.json")
    finally:
        os.umask(old)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == [
        "a/x.yaml", "b/y.yaml"]
    assert (tmp_path / "b" / "y.yaml").read_bytes() == "é\n".encode()
    assert stat.S_IMODE((tmp_path / "a" / "x.yaml").stat().st_mode) == 0o644


def test_write_new_files_refuses_an_existing_file_and_writes_nothing(tmp_path):
    (tmp_path / "y.yaml").write_text("mine\n")
    with pytest.raises(FileExistsError):
        write_new_files({tmp_path / "x.yaml": "x\n", tmp_path / "y.yaml": "y\n"},
                        tmp_path / ".journal.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["y.yaml"]
    assert (tmp_path / "y.yaml").read_text() == "mine\n"


def test_undo_removes_only_what_the_set_wrote(tmp_path):
    """Its temporary files and its files still holding the bytes written; a file changed since,
    a path outside the folder and a name not of a temporary file are left alone."""
    content = tmp_path / "content"
    content.mkdir()
    outside = tmp_path / "secret.tmp"
    outside.write_text("keep")
    (content / "kept.yaml").write_text("keep")
    (content / "done.yaml").write_text("written\n")
    (content / "changed.yaml").write_text("edited by the organizer\n")
    (content / ".done.yaml.0123abcd.tmp").write_text("half")

    def entry(path, temp, text):
        return {"path": path, "temp": temp, "size": len(text.encode()),
                "sha256": hashlib.sha256(text.encode()).hexdigest()}
    journal = content / ".journal.json"
    journal.write_text(json.dumps({"files": [
        entry("done.yaml", ".done.yaml.0123abcd.tmp", "written\n"),
        entry("changed.yaml", ".changed.yaml.0123abcd.tmp", "written\n"),
        entry("../secret.tmp", "../secret.tmp", "keep"),
        entry("kept.yaml", "kept.yaml", "other"),
        entry("/etc/hostname", "/tmp/.x.0123abcd.tmp", "")]}))
    assert undo_file_set(journal) == [content / "done.yaml"]
    assert sorted(p.name for p in content.iterdir()) == ["changed.yaml", "kept.yaml"]
    assert outside.read_text() == "keep"


def test_undo_removes_a_journal_it_cannot_read(tmp_path):
    journal = tmp_path / ".journal.json"
    journal.write_text("{not json")
    assert undo_file_set(journal) == [] and not journal.exists()


def test_undo_does_not_follow_a_linked_journal_or_file(tmp_path):
    """A journal or a named file that is a symbolic link is never read through (a link to
    /dev/zero would never end); the link itself is removed, its target kept."""
    content = tmp_path / "content"
    content.mkdir()
    target = tmp_path / "target.yaml"
    target.write_text("x\n")
    (content / "x.yaml").symlink_to(target)
    journal = content / ".journal.json"
    journal.symlink_to("/dev/zero")
    assert undo_file_set(journal) == [] and not os.path.lexists(journal)
    journal.write_text(json.dumps({"files": [{"path": "x.yaml", "temp": ".x.yaml.0123abcd.tmp",
                                              "size": 2, "sha256": hashlib.sha256(b"x\n").hexdigest()}]}))
    assert undo_file_set(journal) == []
    assert (content / "x.yaml").is_symlink() and target.read_text() == "x\n"


def _full_disk(*args):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_leaves_no_file_no_folder_and_names_the_file(tmp_path, monkeypatch):
    """issue 30 item 8: write_atomic and write_new_files stopped by a full disk remove their
    temporary files and the folders they made, and the error names the file to be written."""
    from sitegen.yamlwrite import write_atomic

    (tmp_path / "kept.yaml").write_text("old\n")
    monkeypatch.setattr(os, "fsync", _full_disk)
    with pytest.raises(OSError) as raised:
        write_atomic(tmp_path / "kept.yaml", "new\n")
    assert (raised.value.errno, raised.value.filename) == (errno.ENOSPC, str(tmp_path / "kept.yaml"))
    with pytest.raises(OSError) as raised:
        write_atomic(tmp_path / "a" / "b" / "x.yaml", "x\n")
    assert raised.value.filename == str(tmp_path / "a" / "b" / "x.yaml")
    with pytest.raises(OSError):
        write_new_files({tmp_path / "c" / "y.yaml": "y\n"}, tmp_path / ".journal.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.yaml"]
    assert (tmp_path / "kept.yaml").read_text() == "old\n"


def test_a_replacing_set_keeps_line_ends_and_modes_and_undo_keeps_replaced_files(tmp_path):
    """import --replace writes its two files as one set: a file it replaces keeps its CRLF
    line ends and mode; the journal marks it, so undoing a killed set keeps it."""
    old = tmp_path / "t.yaml"
    old.write_bytes(b"a: 1\r\n")
    os.chmod(old, 0o640)
    write_new_files({tmp_path / "p.yaml": "p: 1\n", old: "a: 2\n"}, tmp_path / ".journal.json",
                    replace=True)
    assert old.read_bytes() == b"a: 2\r\n" and stat.S_IMODE(old.stat().st_mode) == 0o640
    assert (tmp_path / "p.yaml").read_text() == "p: 1\n"
    journal = tmp_path / ".journal.json"
    journal.write_text(json.dumps({"files": [
        {"path": "t.yaml", "temp": ".t.yaml.1.0123abcd.tmp", "size": 6,
         "sha256": hashlib.sha256(b"a: 2\r\n").hexdigest(), "replaces": True},
        {"path": "p.yaml", "temp": ".p.yaml.1.0123abcd.tmp", "size": 5,
         "sha256": hashlib.sha256(b"p: 1\n").hexdigest(), "replaces": False}]}))
    assert undo_file_set(journal) == [tmp_path / "p.yaml"]
    assert old.read_bytes() == b"a: 2\r\n"
