"""The command line's messages that stop 47's newcomer check found hard to act on or to read:
a YAML syntax error from indentation said only the parser's words ("did not find expected key"),
and the demo's build printed warnings of up to 612 characters on one line. Now such an error
keeps its file, line and column and adds what to check; on a terminal a long message is
wrapped (its words unchanged), elsewhere it stays one line."""

from __future__ import annotations

import io

import pytest

from sitegen.diagnostics import Diagnostic, Diagnostics, SourcePos
from sitegen.load import parse_yaml
from sitegen.yaml_hints import indentation_hint, open_columns


def _errors(text: str, line_offset: int = 0) -> list[str]:
    diags = Diagnostics()
    assert parse_yaml(text, "f.yaml", diags, line_offset) is None
    return [d.format() for d in diags]


def test_a_key_indented_one_space_too_few_names_the_columns_to_line_up_with():
    """Line 3 (" c: 2") starts at column 2: the blocks open above it start at column 1 (a) and 3
    (b: 1). The parser's words, position and code stay; the hint follows them."""
    assert _errors("a:\n  b: 1\n c: 2\n") == [
        "f.yaml:3:2: error: YAML syntax error: did not find expected key; check the indentation: "
        "line 3 starts at column 2, the lines above it at columns 1 and 3; a key starts in the "
        "column of the other keys of its mapping, a '- ' in the column of the other items of its "
        "list (line 2, just above, may be the one to move) [yaml.syntax]"]


def test_a_key_in_the_column_of_a_list_names_the_lists_columns():
    """"  rung: 3k" after the items "  - a", "  - b" of members: the list's "- " at column 3, its
    items at 5, members at 1 (where rung belongs)."""
    errors = _errors("members:\n  - a\n  - b\n  rung: 3k\n")
    assert errors[0].startswith("f.yaml:4:3: error: YAML syntax error: did not find expected '-' "
                                "indicator; check the indentation: line 4 starts at column 3, the "
                                "lines above it at columns 1, 3 and 5;")


def test_a_key_indented_under_a_finished_value_says_so():
    """"      size: 3" (column 7) under "    groups: 1" (its key at column 5, its value 1 ends
    there): the parser says "mapping values are not allowed"; the hint says why, rather than only
    "quote a value that contains ': '"."""
    assert _errors("name: x\ndivisions:\n  a:\n    groups: 1\n      size: 3\n") == [
        "f.yaml:5:11: error: YAML syntax error: mapping values are not allowed in this context; "
        "line 5 is indented more than line 4, whose key already has its value: start it at column 5 "
        "like that key, or at a column further left; or, if it continues a value with ': ' in it, "
        "quote that value [yaml.syntax]"]


def test_a_value_with_a_colon_keeps_the_quoting_hint():
    """On one line ("name: Ann: the best") it is a value to quote, as before."""
    assert _errors("a:\n  name: Ann: the best\n") == [
        "f.yaml:2:12: error: YAML syntax error: mapping values are not allowed in this context; "
        "quote a value that contains ': ' [yaml.syntax]"]


def test_a_tab_above_the_line_is_named():
    """A line indented with a tab above the one the parser stopped at."""
    assert indentation_hint(["a:", "\t  b: 1", " c: 2"], 3, "did not find expected key") == (
        "line 2 is indented with a tab: indent with spaces only")


def test_front_matter_lines_are_shifted_as_the_position_is():
    """In a Markdown page's front matter (3 lines above it in the file), the lines named move
    with the error's own line."""
    assert _errors("a: 1\n b: 2\n", line_offset=3)[0].startswith(
        "f.yaml:5:3: error: YAML syntax error: mapping values are not allowed in this context; "
        "line 5 is indented more than line 4,")


def test_open_columns_are_those_of_the_blocks_still_open():
    """Nearest line first, each line further left than all between: "    name: A" (5), "  - id:
    a" (3 and its item 5), "players:" (1); "name: x" further up is not open any more."""
    lines = ["name: x", "players:", "  - id: a", "    name: A", "   rank: 3k"]
    assert open_columns(lines, 5) == [1, 3, 5]


def test_the_hint_reaches_the_command_line_with_file_line_and_column(site, run):
    """`sitegen check` on a players file with a key indented one space too few."""
    site({"content/players.yaml": "ann:\n  name: Ann\n rank: 3k\n"})
    status, _out, err = run("check")
    assert status == 1
    assert err[0].startswith("content/players.yaml:3:2: error: YAML syntax error: did not find expected "
                             "key; check the indentation: line 3 starts at column 2, the lines above "
                             "it at columns 1 and 3;")
    assert err[0].endswith("[yaml.syntax]") and err[1:] == ["1 error"]  # one line: not a terminal



@pytest.mark.parametrize(("argv", "option"), [
    (["build", "--content", "my-league/content"], "--content"),
    (["check", "--templates=mine"], "--templates")])
def test_a_global_option_after_the_command_says_where_it_goes(capsys, argv, option):
    """`sitegen build --content DIR` (stop 48's newcomer check): argparse's usage error, exit 2,
    saying where the option goes, with the command that was typed."""
    from sitegen.cli import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == (f"sitegen: error: unrecognized arguments: {' '.join(argv[1:])}; {option} is a "
                    f"global option: put it before the command, e.g. sitegen {option} DIR {argv[0]}")


def test_an_unknown_option_gets_no_such_hint(capsys):
    from sitegen.cli import main

    with pytest.raises(SystemExit):
        main(["build", "--contents", "x"])
    assert capsys.readouterr().err.splitlines()[-1] == "sitegen: error: unrecognized arguments: --contents x"

LONG = Diagnostic(SourcePos("content/leagues/iglo/seasons/2020-04.yaml", 56, 21),
                  "Pakasu63 is recorded as relegated in group C, but the league rules give: stays in "
                  "division C (rules B.2, E.1); " + "word " * 80 + "end",
                  "league.recorded-differs", "correct the list if it is a mistake", level="warning")


def test_a_long_message_wraps_to_the_width_with_its_words_unchanged():
    """Every line at most 100 characters, the lines after the first indented by 4; joined again
    they are the one-line form, position first, code last."""
    lines = LONG.wrapped(100).split("\n")
    assert len(LONG.format()) > 500 and len(lines) >= 6
    assert all(len(line) <= 100 for line in lines)
    assert lines[0].startswith("content/leagues/iglo/seasons/2020-04.yaml:56:21: warning: Pakasu63 ")
    assert all(line.startswith("    ") and not line.startswith("     ") for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == LONG.format()
    assert lines[-1].endswith("mistake [league.recorded-differs]")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_the_cli_wraps_on_a_terminal_only(monkeypatch, terminal):
    """On a terminal of 80 columns the lines are at most 79 characters; written to a file or a
    pipe (logs, CI, the tests' captured output) the diagnostic stays one line."""
    import os
    import sys

    from sitegen import cli

    stream = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.setattr(cli.shutil, "get_terminal_size", lambda fallback: os.terminal_size((80, 24)))
    cli._print_warnings([LONG])
    printed = stream.getvalue().rstrip("\n").split("\n")
    if terminal:
        assert len(printed) > 1 and max(map(len, printed)) <= 79
        assert " ".join(line.strip() for line in printed) == LONG.format()
    else:
        assert printed == [LONG.format()]

