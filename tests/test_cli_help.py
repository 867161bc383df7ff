"""Every command's own ``--help`` says what the command does (a newcomer's finding, 5 December).

argparse prints a sub-command's one-line ``help`` only in its parent's list of commands; the
command's own page then began with its options. ``sitegen.cli`` gives each command that line
as its description.
"""
from __future__ import annotations

import pytest

from sitegen.cli import main

COMMANDS = [
    (["build"], "Build the site into the output folder."),
    (["check"], "Validate and compute without writing anything."),
    (["league", "next-season"], "Form the next season's divisions and groups from the latest"),
    (["player", "add"], "Add a player at the end of a players file, keeping its comments and order: "
                        "content/players.yaml if there is one, else the only content/players/*.yaml, else "
                        "a new content/players.yaml; with several players/*.yaml (the demo) --file says "
                        "which; the message names the file."),
    (["handicap"], "Handicap between two ladder rungs, e.g. 1.3d 13.5k."),
]


@pytest.mark.parametrize(("command", "first_words"), COMMANDS)
def test_a_commands_help_begins_with_what_it_does(command, first_words, capsys):
    with pytest.raises(SystemExit) as ended:
        main([*command, "--help"])
    assert ended.value.code == 0
    printed = " ".join(capsys.readouterr().out.split())
    usage, _, rest = printed.partition(" ".join(first_words.split()))
    assert usage.startswith("usage: sitegen " + " ".join(command)), printed
    assert rest, f"{first_words!r} not in {printed!r}"
    assert "positional arguments" not in usage and "options:" not in usage


def test_a_command_with_its_own_description_keeps_it(capsys):
    """``result add`` has a longer description of its own; the list's line does not replace it."""
    with pytest.raises(SystemExit):
        main(["result", "add", "--help"])
    printed = " ".join(capsys.readouterr().out.split())
    assert "Enter one result: BLACK WHITE RESULT" in printed
    assert "Enter a game's result into its competition's file" not in printed
