"""``sitegen import opengotha|h9``: content files written atomically, existing ids reused,
refusal to overwrite, positioned errors for bad files and nothing written on error."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from killing import killer  # noqa: E402

from sitegen.formats.tournament_yaml import dump_players
from sitegen.model.common import Player

REF = Path(__file__).parent / "reference" / "opengotha"
XML = REF / "mcmahon-2019-handicap.xml"
H9 = REF / "mcmahon-2019-handicap.h9"


def content_files() -> list[str]:
    return sorted(p.as_posix() for p in Path("content").rglob("*") if p.is_file())


def test_import_opengotha_writes_tournament_and_players_then_builds(site, run):
    site({})
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 0, err
    assert out.splitlines() == [
        "wrote content/tournaments/juvisy.yaml: Tournoi de Juvisy, 19 players, 4 rounds, 36 games",
        "wrote content/players/juvisy.yaml: 19 new players",
        "check the files, then commit them"]
    text = Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8")
    assert "  criteria: [MMS, SOSM, SOSOSM]\n" in text
    assert "  absence: {nbw: 0, mms: 1/2}\n" in text
    # the round-trip writer leaves 10Cj plain (YAML 1.2 text); the import's own quoting quoted it
    assert ("  - {id: rosa-etienne, surname: Étienne, first_name: Rosa, rank: 3d, rating: 2322, "
            "club: 10Cj, country: FR}\n") in text
    assert "    absent: [noe-carmody]\n" in text
    assert "      - {white: zoe-garnier, black: felix-kowalczyk, handicap: 1, result: W+}\n" in text
    assert not [p for p in Path("content").rglob("*.tmp")]
    status, out, err = run("build")
    assert status == 0, err


def test_import_reuses_an_existing_player_id(site, run):
    """A person already in the players files (same name) keeps their id; no new entry."""
    site({"content/players.yaml": "players:\n  - {id: hugo, name: Hugo Yilmaz, rank: 1d}\n"})
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 0, err
    assert out.splitlines()[2] == "reused 1 existing players: hugo"
    text = Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8")
    assert "  - {id: hugo, surname: Yilmaz, first_name: Hugo, rank: 1d," in text
    assert "hugo-yilmaz" not in text
    players = Path("content/players/juvisy.yaml").read_text(encoding="utf-8")
    assert "Hugo" not in players and players.count("\n  - {id: ") == 18
    assert run("build")[0] == 0
    assert "Tournoi de Juvisy" in Path("output/players/hugo/index.html").read_text(encoding="utf-8")


MINE = "name: Mine\nsystem: swiss\nnumber_of_rounds: 1\nplayers:\n  - {id: ann, rank: 1k}\n"


def test_import_refuses_to_overwrite_an_existing_tournament(site, run):
    """Another tournament (a valid file) under the id: refused, nothing written. (A file with
    errors is refused with its errors: tests/test_import_replace.py.)"""
    site({"content/tournaments/juvisy.yaml": MINE})
    before = content_files()
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 1 and out == ""
    assert err == [
        "content/tournaments/juvisy.yaml:1:1: error: content/tournaments/juvisy.yaml already "
        "exists; refusing to overwrite it; pass --id to import under another id, or remove the "
        "file first [import]",
        "1 error; nothing was written"]
    assert content_files() == before
    assert Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8") == MINE


def test_import_bad_xml_gives_a_positioned_error_and_writes_nothing(site, run):
    site({"bad.xml": "<Tournament>\n<Players>\n</Tournament>\n"})
    before = content_files()
    status, _out, err = run("import", "opengotha", "bad.xml")
    assert status == 1
    assert err == ["bad.xml:3:3: error: not well-formed XML: mismatched tag [opengotha.xml]",
                   "1 error; nothing was written"]
    assert content_files() == before


def test_import_bad_element_names_line_and_element(site, run):
    data = XML.read_bytes().replace(
        b'result="RESULT_WHITEWINS" roundNumber="4" tableNumber="9"',
        b'result="RESULT_WHITEWON" roundNumber="4" tableNumber="9"')
    site({})
    Path("t.xml").write_bytes(data)
    status, _out, err = run("import", "opengotha", "t.xml")
    assert status == 1
    assert err == ["t.xml:26:1: error: <Game>: result='RESULT_WHITEWON' is not an OpenGotha "
                   "result [opengotha.result]", "1 error; nothing was written"]
    assert not Path("content/tournaments").exists()
    assert not Path("content/players").exists()


def test_import_bad_h9_line_and_bad_id(site, run):
    site({"bad.h9": "; EV[T]\n   1 Nowak Jan 3k PL Wars 1 2+/w0\n   2 Kim Lee Seou 0 1-/b0\n"})
    status, _out, err = run("import", "h9", "bad.h9")
    assert status == 1
    assert err == [  # row 2 is not read, but it keeps its number: row 1 meets it, no error
        "bad.h9:3:19: error: '0k': kyu ranks go from 30k to 1k; an h9 rank is kyu (30k to 1k), "
        "dan (1d to 9d) or pro (1p to 9p) [h9.rank]",
        "1 error; nothing was written"]
    assert not Path("content/tournaments").exists()
    status, _out, err = run("import", "h9", str(H9), "--id", "../evil")
    assert status == 1
    assert err[0] == ("--id:1:1: error: tournament id '../evil' is not a valid id; use 1-64 "
                      "letters, digits, '-', '_' or '.', starting with a letter or digit [schema.id]")
    assert not Path("content/tournaments").exists()


def test_import_h9_without_rounds(site, run):
    site({"empty.h9": "; EV[T]\n"})
    status, _out, err = run("import", "h9", "empty.h9")
    assert status == 1
    assert err == ["empty.h9:1:1: error: the file holds no round results [import]",
                   "1 error; nothing was written"]
    assert not Path("content/tournaments").exists()


def test_import_h9_default_id_from_event_name(site, run):
    site({})
    status, out, err = run("import", "h9", str(H9))
    assert status == 0, err
    assert Path("content/tournaments/tournoi-de-juvisy.yaml").exists()


def test_import_yaml_quotes_only_what_the_reader_needs():
    """The round-trip writer (yamlwrite) quotes a text only where YAML would read another value
    or the content reader would stop (``?`` and ``:`` in a flow mapping): ``10Cj`` and ``no``
    stay plain, as YAML 1.2 reads them as text (the import's own quoting quoted both)."""
    names = ("Zoé", "no", "a: b", "O'Brien", "x #y", "Kim?", "10:30 Club", "1e3", "")
    text = dump_players([Player(f"p{i}", name, club="10Cj" if i == 0 else None)
                         for i, name in enumerate(names)])
    assert text.splitlines() == [
        "players:", "  - {id: p0, name: Zoé, club: 10Cj}", "  - {id: p1, name: no}",
        "  - {id: p2, name: 'a: b'}", "  - {id: p3, name: O'Brien}", "  - {id: p4, name: 'x #y'}",
        "  - {id: p5, name: 'Kim?'}", "  - {id: p6, name: '10:30 Club'}",
        "  - {id: p7, name: '1e3'}", "  - {id: p8, name: ''}"]


def test_import_h9_players_without_a_first_name(site, run):
    """Found while moving to the round-trip writer: a player without a first name was written
    ``first_name: ""``, which the reader refuses as empty; the key is now left out."""
    site({"a.h9": "; EV[T]\n   1 Nowak 3k PL Wars 1 2+/w0\n   2 Kim 2k KR Seou 0 1-/b0\n"})
    status, _out, err = run("import", "h9", "a.h9")
    assert status == 0, err
    text = Path("content/tournaments/t.yaml").read_text(encoding="utf-8")
    assert "  - {id: nowak, surname: Nowak, rank: 3k, club: Wars, country: PL}\n" in text
    assert run("build")[0] == 0


def test_import_h9_warns_at_a_tab_in_a_header_value_as_the_opengotha_import_does(site, run,
                                                                                  tmp_path):
    """OpenGotha writes the name, location and time system bare in the h9 header
    (``; EV[...]``), where a tab or a control character would break the line; the OpenGotha
    import reads them as a space with an h9.escape warning, and the h9 import now does the
    same, positioned at the character: EV[Tournoi<tab>de Juvisy] (line 2, column 6 + 7),
    PC[,Juvisy<U+0001>] (line 3, column 6 + 7), CM[Standard<tab>byo-yomi] (line 8, column
    6 + 8). The imported tournament reads "Tournoi de Juvisy", "Juvisy " and "Standard
    byo-yomi", as an h9 file of it is written. Without them, no such warning."""
    text = H9.read_bytes().decode("iso8859_15")
    tabbed = (text.replace("EV[Tournoi de Juvisy]", "EV[Tournoi\tde Juvisy]")
              .replace("PC[,Juvisy]", "PC[,Juvisy\x01]")
              .replace("CM[Standard byo-yomi]", "CM[Standard\tbyo-yomi]"))
    assert tabbed.count("\t") == 2
    source = tmp_path / "tabs.h9"
    source.write_bytes(tabbed.encode("iso8859_15"))
    site({})
    status, _out, err = run("import", "h9", str(H9), "--id", "juvisy")
    assert (status, err) == (0, [])
    shutil.rmtree("content/tournaments")
    shutil.rmtree("content/players")
    status, _out, err = run("import", "h9", str(source), "--id", "juvisy")
    assert status == 0
    shown = [line.split(": warning: ", 1) for line in err if "[h9.escape]" in line]
    assert [(where.rsplit(":", 2)[1:], said) for where, said in shown] == [
        ([line, column], f"{tag}[...]: the tournament {what} holds a tab or a control "
         "character, which the h9 results file cannot hold as OpenGotha writes it (it would "
         "break the header line); read as a space [h9.escape]")
        for line, column, tag, what in (("2", "13", "EV", "name"), ("3", "13", "PC", "location"),
                                        ("8", "14", "CM", "time system"))]
    written = Path("content/tournaments/juvisy.yaml").read_text(encoding="utf-8")
    assert "name: Tournoi de Juvisy\n" in written and "time_system: Standard byo-yomi" in written
    assert "\t" not in written and "\x01" not in written


def test_import_refuses_a_komi_that_is_not_a_number(site, run, tmp_path):
    """Found by fuzzing: komi="NaN" in <GeneralParameterSet> raised a traceback."""
    source = Path(__file__).parent / "reference" / "opengotha" / "mcmahon-2019-handicap.xml"
    bad = tmp_path / "nan.xml"
    bad.write_bytes(source.read_bytes().replace(b'komi="7.5"', b'komi="NaN"'))
    site({})
    status, _, err = run("import", "opengotha", str(bad), "--id", "nan-test")
    assert status == 1
    assert err[0].endswith(":437:1: error: <GeneralParameterSet>: komi='NaN' is not a number of "
                           "points [opengotha.content]")
    assert not Path("content/tournaments/nan-test.yaml").exists()


@pytest.mark.parametrize("name, message", [
    ("UTF-7", "the XML declaration names UTF-7 ('UTF-7'), which is refused: its shifted runs "
              "can hide markup"),
    ("x-foo", "the XML declaration names the encoding 'x-foo', which is not known")])
def test_import_refuses_utf7_and_an_unknown_encoding(site, run, tmp_path, name, message):
    """issue 30 finding 10: both ended ``import opengotha`` in a traceback; an error at the
    encoding's name, exit 1, nothing written."""
    bad = tmp_path / "t.xml"
    bad.write_bytes(XML.read_bytes().replace(b'encoding="UTF-8"', f'encoding="{name}"'.encode(), 1))
    site({})
    before = content_files()
    status, out, err = run("import", "opengotha", str(bad))
    assert (status, out) == (1, "")
    assert err[0].endswith(f"t.xml:1:31: error: {message}; save the file as UTF-8 in OpenGotha "
                           "(encodings accepted: UTF-8, UTF-16, single-byte encodings such as "
                           "ISO-8859-15 or windows-1252, Shift_JIS, EUC-JP, EUC-KR, GBK, GB18030, "
                           "Big5) [opengotha.encoding]")
    assert err[1:] == ["1 error; nothing was written"]
    assert content_files() == before


def test_import_opengotha_in_shift_jis(site, run, tmp_path):
    """issue 30 finding 10: a Shift_JIS file (a ValueError traceback before) imports, its
    Japanese text kept."""
    text = XML.read_text(encoding="utf-8").replace('encoding="UTF-8"', 'encoding="Shift_JIS"', 1)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()  # Zoé as Zoe
    text = text.replace('location="Juvisy"', 'location="東京"')
    source = tmp_path / "t.xml"
    source.write_bytes(text.encode("shift_jis"))
    site({})
    status, out, err = run("import", "opengotha", str(source), "--id", "tokyo")
    assert status == 0, err
    assert "location: 東京" in Path("content/tournaments/tokyo.yaml").read_text(encoding="utf-8")


KILLED_STEPS = """\
for name in ("open", "replace", "rename", "unlink", "remove", "link"):
    setattr(os, name, before(getattr(os, name), under_content))"""
"""Every call of these under content/ is a step of ``sitegen import`` to be killed before."""


def _visible_files() -> list[str]:
    return sorted(p.as_posix() for p in Path("content").rglob("*") if p.is_file()
                  and not p.name.startswith("."))


@pytest.mark.slow
def test_import_killed_at_any_point_leaves_valid_content_and_a_rerun_works(site, run, tmp_path):
    """issue 15 item 6: an import SIGKILLed before each of its changes under content/ leaves
    content that checks (never a tournament without its players), or, while its journal is
    there, that check refuses (issue 30 item 9); the next import undoes an
    unfinished set, so it leaves nothing or the complete tournament, and the re-run succeeds."""
    site({})
    pristine = _visible_files()
    complete = sorted(pristine + ["content/players/juvisy.yaml", "content/tournaments/juvisy.yaml"])
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    killed = 0
    for k in range(1, 40):
        script = tmp_path / "kill.py"
        script.write_text(killer(k, KILLED_STEPS), encoding="utf-8")
        proc = subprocess.run([sys.executable, str(script), "import", "opengotha", str(XML),
                               "--id", "juvisy"], capture_output=True, text=True, env=env)
        if proc.returncode != -signal.SIGKILL:
            assert proc.returncode == 0, proc.stderr
            assert _visible_files() == complete and not list(Path("content").rglob(".*"))
            break
        killed += 1
        status, _out, err = run("check")
        interrupted = Path("content/.sitegen-import.json").exists()
        if interrupted:  # issue 30 item 9: check refuses an unfinished import, naming its files
            assert status == 1 and err[0] == (
                "content/.sitegen-import.json:1:1: error: an import was interrupted while writing "
                "its files (players/juvisy.yaml, tournaments/juvisy.yaml): the content may hold "
                "only part of it; run the same sitegen import command again (it first removes what "
                "the interrupted one wrote) [import.interrupted]"), (k, err)
        else:
            assert status == 0, (k, err)
        players_only = sorted(pristine + ["content/players/juvisy.yaml"])
        assert _visible_files() in ((pristine, players_only, complete) if interrupted else (pristine,)), k
        status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
        assert status == 0, (k, err)
        assert out.startswith("undid an interrupted import") == interrupted, (k, out)
        assert _visible_files() == complete and not list(Path("content").rglob(".*")), k
        assert run("build")[0] == 0
        for path in ("content/players/juvisy.yaml", "content/tournaments/juvisy.yaml"):
            Path(path).unlink()
        shutil.rmtree("output")
    assert killed >= 4  # the changes: journal, two temporary files, two renames, ...


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_import_failing_between_its_writes_leaves_nothing(site, run, monkeypatch, failing):
    """issue 15 item 6: a write that fails (disk full, ...) after the first file is in place
    leaves nothing: the files already written are removed, and a re-run works."""
    site({})
    pristine = _visible_files()
    real = getattr(os, failing)
    calls = []

    def second_fails(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(*args, **kwargs)
    monkeypatch.setattr(os, failing, second_fails)
    status, _out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    monkeypatch.setattr(os, failing, real)
    assert status == 1 and "No space left on device" in err[0], err
    assert _visible_files() == pristine and not list(Path("content").rglob(".*"))
    assert run("import", "opengotha", str(XML), "--id", "juvisy")[0] == 0


def _limited() -> None:
    """Cap the child's memory at 2 GB: reading /dev/zero then fails instead of swapping."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.parametrize("fmt, source", [("opengotha", "/dev/zero"), ("h9", "fifo.h9"),
                                         ("opengotha", "zero-link.xml")])
def test_import_reads_only_a_regular_file_and_refuses_others_at_once(site, fmt, source):
    """Like the build (issue 15, item 3), the import reads only a regular file: a device, a
    FIFO or a link to a device is refused at once, before any read (before, /dev/zero was read
    until memory ran out and a FIFO waited forever). It runs in a child process with a memory
    cap and a time bound: a guard so that the code before the fix fails, not a speed test."""
    root = site({})
    before = content_files()
    os.mkfifo(root / "fifo.h9")
    (root / "zero-link.xml").symlink_to("/dev/zero")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), "SITEGEN_NO_CACHE": "1"}
    done = subprocess.run([sys.executable, "-m", "sitegen", "import", fmt, source], cwd=root,
                          env=env, capture_output=True, text=True, timeout=60, preexec_fn=_limited)
    shown = os.path.relpath(source, root) if source.startswith("/") else source
    assert (done.returncode, done.stderr.splitlines()) == (1, [
        f"{shown}:1:1: error: {shown} is not a regular file; give the tournament file that "
        "OpenGotha or the EGD wrote [import]", "1 error; nothing was written"])
    assert content_files() == before


def test_import_h9_bad_rank_is_one_error_at_the_rank_with_no_follow_on_errors(site, run):
    """Row 5's rank 2K written 7Q: one error at the rank's column about '7Q' (before: the MMS
    column's 31 read as the rank '31k', and the dropped row shifted every later row's number,
    giving 10 false opponent errors)."""
    lines = H9.read_bytes().split(b"\n")
    row = next(n for n, line in enumerate(lines) if line.startswith(b"   5 "))
    column = lines[row].index(b" 2K FR") + 2
    lines[row] = lines[row].replace(b" 2K FR", b" 7Q FR")
    site({"bad.h9": ""})
    Path("bad.h9").write_bytes(b"\n".join(lines))
    status, _out, err = run("import", "h9", "bad.h9")
    assert (status, err) == (1, [
        f"bad.h9:{row + 1}:{column}: error: '7Q' is not a rank; an h9 rank is kyu (30k to 1k), "
        "dan (1d to 9d) or pro (1p to 9p) [h9.rank]", "1 error; nothing was written"])


@pytest.mark.parametrize("rank", ["3KK", "--", "3Kyu", "-"])
def test_import_h9_any_text_at_the_rank_is_an_error_never_a_later_column(site, run, rank):
    """Basile's rank 3K written 3KK, --, 3Kyu or -: an error at that field (before: the MMS
    column's 30 was read as his rank 30k and '3KK FR 03Cc' as part of his name, exit 0)."""
    lines = H9.read_bytes().split(b"\n")
    row = next(n for n, line in enumerate(lines) if b"Basile" in line)
    column = lines[row].index(b" 3K FR") + 2
    lines[row] = lines[row].replace(b" 3K FR", b" " + rank.encode() + b" FR")
    site({"bad.h9": ""})
    Path("bad.h9").write_bytes(b"\n".join(lines))
    before = content_files()
    status, _out, err = run("import", "h9", "bad.h9")
    assert (status, err) == (1, [
        f"bad.h9:{row + 1}:{column}: error: '{rank}' is not a rank; an h9 rank is kyu (30k to 1k), "
        "dan (1d to 9d) or pro (1p to 9p) [h9.rank]", "1 error; nothing was written"])
    assert content_files() == before


def test_import_h9_a_line_with_fields_out_of_columns_is_an_error(site, run):
    """A line without country and club whose rank is not one ('3KK 30 ...'): its fields
    cannot be aligned, an error at the line, never a guess."""
    lines = H9.read_bytes().split(b"\n")
    row = next(n for n, line in enumerate(lines) if b"Basile" in line)
    lines[row] = lines[row].replace(b" 3K FR 03Cc", b" 3KK")
    site({"bad.h9": ""})
    Path("bad.h9").write_bytes(b"\n".join(lines))
    status, _out, err = run("import", "h9", "bad.h9")
    assert status == 1 and err[-1] == "1 error; nothing was written"
    assert err[0].startswith(f"bad.h9:{row + 1}:") and "[h9." in err[0]


def test_replace_keeps_the_organizers_comments_keys_and_corrected_result(tmp_path, monkeypatch, run):
    """The demo's tournament imported again from its own file (the reviewer's case): the
    file's heading comment, a game's end-of-line comment, round 4 board 1's sgf, a link and a
    comment line the organizer added all stay; the result corrected by the organizer (W+R,
    the file says B+) is refused by default, then kept with --results content; a game the
    file gives without a result keeps the content's result, with a warning."""
    shutil.copytree(Path(__file__).parent.parent / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    path = Path("content/tournaments/juvisy-2019.yaml")
    text = path.read_text(encoding="utf-8")
    for old, new in [
        ("- {white: zoe-garnier, black: tomas-moreau, handicap: 0, result: B+}",
         "- {white: zoe-garnier, black: tomas-moreau, handicap: 0, result: W+R}  # corrected by the organizer"),
        ("- {white: leon-ulloa, black: zoe-garnier, handicap: 1, result: W+}",
         '- {white: leon-ulloa, black: zoe-garnier, handicap: 1, result: W+, link: "https://example.org/g/4"}'),
        ("  - round: 3\n", "  # Sunday morning\n  - round: 3\n")]:
        assert old in text
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(next(t for t in text.splitlines() if "corrected by" in t)) + 1
    status, _out, err = run("import", "opengotha", str(XML), "--replace")
    assert status == 1 and err[0].startswith(
        f"content/tournaments/juvisy-2019.yaml:{line}:9: error: round 2: zoe-garnier (White) - "
        f"tomas-moreau: W+R in the content, B+ (zoe-garnier White) in ")
    assert path.read_text(encoding="utf-8") == text
    assert run("import", "opengotha", str(XML), "--replace", "--results", "content")[0] == 0
    assert path.read_text(encoding="utf-8") == text  # the same tournament: nothing else changes
    # the file without round 4 board 2's result: the content's W+ stays
    unplayed = XML.read_bytes().replace(
        b'result="RESULT_WHITEWINS" roundNumber="4" tableNumber="2"',
        b'result="RESULT_UNKNOWN" roundNumber="4" tableNumber="2"')
    assert unplayed != XML.read_bytes()
    Path("u.xml").write_bytes(unplayed)
    status, _out, err = run("import", "opengotha", "u.xml", "--replace", "--results", "file")
    assert status == 0
    assert [e.split(": warning: ")[1] for e in err] == [
        "round 2: zoe-garnier (White) - tomas-moreau: W+R in the content, B+ (zoe-garnier White) "
        "in u.xml; the file's result is written (--results file) [import.result]",
        "round 4: basile-esterhazy (White) - dmitri-chevalier: W+ in the content, no result yet in u.xml; "
        "the content's result is kept [import.result]"]
    after = path.read_text(encoding="utf-8")
    assert after.startswith("# Added by hand for the demo (issue 16); re-add it after re-running")
    assert "\n  # Sunday morning\n  - round: 3\n" in after
    assert ("- {white: zoe-garnier, black: tomas-moreau, handicap: 0, result: B+}   # corrected by "
            "the organizer\n") in after
    assert ("- {white: daria-sorensen, black: zoe-abelard, handicap: 9, result: W+, sgf: "
            "games/juvisy-2019/round-4-board-1.sgf}\n") in after
    assert ('- {white: leon-ulloa, black: zoe-garnier, handicap: 1, result: W+, link: '
            '"https://example.org/g/4"}\n') in after
    assert 'club: "01Ca"' in after  # an equal value keeps its quotes
    assert run("check")[0] == 0


def test_import_opengotha_gives_new_players_the_files_family_name(site, run, tmp_path):
    """OpenGotha's ``name`` is the family name: a new site player is named ``firstName name``
    (as before) with ``family_name: name`` after it (Anna van der Berg: van der Berg, its
    particle with it; Lin Gao: Gao), and the players index files them under it (V, G)."""
    text = (XML.read_text(encoding="utf-8")
            .replace('firstName="Zoé" grade="18K" name="Abelard"', 'firstName="Anna" grade="18K" name="van der Berg"')
            .replace('"ABELARDZOÉ"', '"VANDERBERGANNA"')
            .replace('firstName="Noé" grade="5K" name="Carmody"', 'firstName="Lin" grade="5K" name="Gao"')
            .replace('"CARMODYNOÉ"', '"GAOLIN"'))
    source = tmp_path / "t.xml"
    source.write_text(text, encoding="utf-8")
    site({})
    status, _out, err = run("import", "opengotha", str(source), "--id", "juvisy")
    assert status == 0, err
    players = Path("content/players/juvisy.yaml").read_text(encoding="utf-8").splitlines()
    assert players[2:4] == [
        "  - {id: anna-van-der-berg, name: Anna van der Berg, family_name: van der Berg, rank: 18k, "
        "rating: 276, club: 01Ca, country: FR}",
        "  - {id: lin-gao, name: Lin Gao, family_name: Gao, rank: 5k, rating: 1603, club: 02Cb, country: FR}"]
    assert "  - {id: olaf-abelard-2, name: Olaf Abelard-2, family_name: Abelard-2, rank: 10k," in players[19]
    assert sum("family_name: " in line for line in players) == 19
    assert run("build")[0] == 0
    index = Path("output/players/index.html").read_text(encoding="utf-8")
    assert index.index(">Lin Gao<") < index.index(">Léon Ulloa<") < index.index(">Anna van der Berg<") \
        < index.index(">Zofia Whitcombe<")


def test_import_h9_gives_the_surname_as_family_name_only_beside_a_first_name(site, run):
    """h9's name field is ``Surname First_name`` (a ``_`` for a space): ``van_der_Berg Anna`` is
    Anna van der Berg, family name van der Berg; ``Nowak`` alone (no first name) is the whole
    name, with no family_name."""
    site({"a.h9": "; EV[T]\n   1 van_der_Berg Anna 3k NL Amst 1 2+/w0\n   2 Nowak 2k PL Wars 0 1-/b0\n"})
    status, _out, err = run("import", "h9", "a.h9")
    assert status == 0, err
    assert Path("content/players/t.yaml").read_text(encoding="utf-8").splitlines()[2:] == [
        "  - {id: anna-van-der-berg, name: Anna van der Berg, family_name: van der Berg, rank: 3k, "
        "club: Amst, country: NL}",
        "  - {id: nowak, name: Nowak, rank: 2k, club: Wars, country: PL}"]
