"""The ``sitegen`` command line: parse arguments, call one command function, return an exit code.

Expected failures (bad content, refused commands) print positioned messages and exit 1,
with no traceback; anything else is a bug and keeps its traceback.

A command's modules are imported inside the function that runs it, so a command loads only
what it uses (``import sitegen.cli``: about 55 ms; with the build's modules about 350 ms):
``sitegen --help``, ``new`` and ``player`` stay quick (tests/test_function_imports.py).
"""

from __future__ import annotations

import argparse
import errno
import os
import shutil
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, SitegenError, command_pos, write_failed

if TYPE_CHECKING:  # imported where used at run time, as the commands are
    from .commands.build import BuildResult
    from .progress import Progress
    from .results.request import ResultRequest


def _port(text: str) -> int:
    """Return a TCP port number 0..65535 (argparse type)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def _import_options(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``sitegen import`` and its options."""
    importing = commands.add_parser("import", help="write a tournament's content files from an "
                                                   "OpenGotha XML or EGD h9 file")
    importing.add_argument("format", choices=("opengotha", "h9"), help="the file's format")
    importing.add_argument("file", type=Path, help="the tournament file, e.g. tournament.xml")
    importing.add_argument("--id", dest="tournament_id", default=None,
                           help="tournament id, the name of content/tournaments/<id>.yaml "
                                "(default: from the tournament's name)")
    importing.add_argument("--replace", action="store_true",
                           help="import again a tournament already in the content (same name "
                                "and dates), keeping its id and its players' ids")
    importing.add_argument("--results", choices=("file", "content"), default=None,
                           help="with --replace, where the file contradicts a result entered in "
                                "the content: take the file's or keep the content's (without it, "
                                "the import is refused)")
    importing.set_defaults(run=_import)


class _Version(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked for
    (importing importlib.metadata is 20-40 ms of every command: issue 31)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        from .version import package_version

        sys.stdout.write(f"sitegen {package_version()}\n")  # as argparse's "version" action does
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sitegen", description="Build a static results site for Go leagues, tournaments and ladders.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    parser.add_argument("--content", type=Path, default=Path("content"),
                        help="the content folder (default: content)")
    parser.add_argument("--templates", type=Path, default=Path("templates"),
                        help="templates that override the default theme (default: templates, if present)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    build = commands.add_parser("build", help="build the site into the output folder")
    build.add_argument("--output", type=Path, default=Path("output"), help="output folder (default: output)")
    build.add_argument("--base-url", default=os.environ.get("SITEGEN_BASE_URL") or None,
                       help="where the site is served, overriding site.yaml's base_url "
                            "(default: $SITEGEN_BASE_URL), e.g. https://you.github.io/league/")
    build.add_argument("--timings", action="store_true",
                       help="also print how long each stage took (prepare, render and write, swap)")
    build.add_argument("--strict", action="store_true",
                       help="treat warnings as errors: exit 1 and write nothing")
    _display_options(build)
    build.set_defaults(run=_build)

    serve = commands.add_parser("serve", help="build, serve on localhost and rebuild on every change")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default: 8000; 0 picks a free one)")
    serve.add_argument("--output", type=Path, default=Path("output"),
                       help="also write each good build here (default: output)")
    serve.add_argument("--base-url", default=None, help="override site.yaml's base_url")
    _display_options(serve, "each build's progress")
    serve.set_defaults(run=_serve)

    diff = commands.add_parser("diff", help="Markdown summary of what the working tree (or git "
                                            "revision HEAD) changes in the standings, compared with "
                                            "git revision BASE")
    diff.add_argument("base", metavar="BASE", help="git revision to compare with, e.g. origin/main or HEAD~1")
    diff.add_argument("head", metavar="HEAD", nargs="?", default=None,
                      help="git revision to compare (default: the working files), e.g. HEAD")
    diff.set_defaults(run=_diff)

    check = commands.add_parser("check", help="validate and compute without writing anything")
    check.add_argument("--strict", action="store_true", help="treat warnings as errors: exit 1")
    _display_options(check)
    check.set_defaults(run=_check)

    _import_options(commands)

    _league_parser(commands)
    _pair_parser(commands)
    _new_parser(commands)
    _player_parser(commands)
    _result_parser(commands)

    handicap = commands.add_parser("handicap", help="handicap between two ladder rungs, e.g. 1.3d 13.5k")
    handicap.add_argument("rung_a", help="one player's rung, e.g. 1.3d")
    handicap.add_argument("rung_b", help="the other player's rung, e.g. 13.5k")
    handicap.add_argument("--ladder", default=None, metavar="ID",
                          help="use this ladder's rungs and handicap settings (default: the "
                               "content's only ladder, else the rule text's)")
    handicap.set_defaults(run=_handicap)
    _describe_commands(parser)
    return parser


def _describe_commands(parser: argparse.ArgumentParser) -> None:
    """Give every command's own ``--help`` its line from the list of commands as a sentence.

    argparse shows a sub-command's ``help`` only in its parent's list, so ``sitegen league
    next-season --help`` said nothing of what the command does; a command with its own
    ``description`` keeps it.
    """
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for listed in action._choices_actions:
            command = action.choices[listed.dest]
            if command.description is None and listed.help:
                command.description = listed.help[0].upper() + listed.help[1:] + "."
            _describe_commands(command)


def _display_options(command: argparse.ArgumentParser, shown: str = "progress and summary") -> None:
    """Add --quiet and --verbose: what a command shows on stderr besides errors and warnings
    (sitegen.progress)."""
    display = command.add_mutually_exclusive_group()
    display.add_argument("-q", "--quiet", action="store_true",
                         help=f"print errors and warnings only (no {shown})")
    display.add_argument("-v", "--verbose", action="store_true",
                         help="also print each stage's time and what was skipped or reused "
                              "(the build cache, unchanged files)")


def _progress(args: argparse.Namespace) -> Progress:
    """Return the progress display of a command: on stderr, bars on a terminal, else one line
    per stage (sitegen.progress)."""
    from .progress import for_stream

    return for_stream(sys.stderr, quiet=args.quiet, verbose=args.verbose)


def _league_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``sitegen league next-season``."""
    league = commands.add_parser("league", help="league tools")
    league_commands = league.add_subparsers(dest="league_command", metavar="TOOL", required=True)
    next_season = league_commands.add_parser(
        "next-season", help="form the next season's divisions and groups from the latest season "
                            "and its sign-ups, and write its season file; with no season yet, "
                            "form the league's first season from the sign-ups by rank")
    next_season.add_argument("league_id", metavar="LEAGUE", help="the league id (its folder name)")
    next_season.add_argument("--season", dest="new_season", default=None,
                             help="the new season's id (default: the id of the only sign-ups file, signups/<id>.yaml)")
    next_season.add_argument("--provisional", action="store_true",
                             help="form it although the latest season has games still to play, from "
                                  "its standings as they are (said in the written file)")
    next_season.set_defaults(run=_next_season)


def _pair_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``sitegen pair``."""
    pairing = commands.add_parser("pair", help="pair a round of a Swiss tournament and write it "
                                               "into the tournament's file")
    pairing.add_argument("tournament", metavar="TOURNAMENT",
                         help="the tournament as <league-id>/<tournament-id>, e.g. demo/t3")
    pairing.add_argument("--round", dest="round_no", type=int, required=True, metavar="N",
                         help="the round to pair")
    pairing.add_argument("--seed", type=int, default=None, metavar="S",
                         help="random seed (default: a fresh one); written with the pairing")
    pairing.add_argument("--explain", action="store_true",
                         help="print why each pair and the bye were chosen")
    pairing.add_argument("--replace", action="store_true",
                         help="pair again a round that is paired already (and has no results)")
    pairing.set_defaults(run=_pair)


def _new_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    new = commands.add_parser("new", help="start a league's own repository: content, README, "
                                          "workflows pinned to this sitegen version")
    new.add_argument("folder", type=Path, metavar="DIR", help="a new or empty folder")
    new.add_argument("--name", default=None, help="the league's name (default: from DIR)")
    new.add_argument("--kind", choices=("league", "tournament", "ladder", "swiss"), default="league",
                     help="the competition to start with (default: league)")
    new.add_argument("--language", default="en", metavar="LANG",
                     help="the language of the site, its README, issue form and first pages: "
                          "en, pl or fr (default: en)")
    new.add_argument("--eject-theme", action="store_true",
                     help="also copy the default theme into DIR/templates, to own it")
    new.set_defaults(run=_new)


def _player_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    player = commands.add_parser("player", help="add a player to the players file")
    tools = player.add_subparsers(dest="player_command", metavar="TOOL", required=True)
    add = tools.add_parser("add", help="add a player at the end of a players file, keeping its "
                                       "comments and order: content/players.yaml if there is one, "
                                       "else the only content/players/*.yaml, else a new "
                                       "content/players.yaml; with several players/*.yaml (the "
                                       "demo) --file says which; the message names the file")
    add.add_argument("name", metavar="NAME", help='the player\'s name, e.g. "Eve Example"')
    add.add_argument("--id", dest="player_id", default=None, metavar="ID",
                     help="the player's id, part of their page's address, never changed "
                          "(default: made from the name, e.g. eve-example); give one to add a "
                          "second player with the same name as an existing one")
    add.add_argument("--rank", default=None, help="e.g. 4k, 1d")
    add.add_argument("--rating", default=None, metavar="R", help="a rating, e.g. 1850")
    add.add_argument("--country", default=None, metavar="CC",
                     help="the country's two-letter ISO 3166 code, e.g. FR (written in upper case)")
    add.add_argument("--club", default=None, help="the player's club")
    add.add_argument("--family-name", default=None, metavar="F",
                     help="the family name, one or more whole words of NAME, e.g. Gao for "
                          '"Gao Lin": the players index files the player under it')
    add.add_argument("--file", default=None, metavar="FILE",
                     help="the players file to add to, in the content folder: players.yaml or "
                          "players/NAME.yaml (written if missing), e.g. players/club.yaml")
    player.set_defaults(run=_player)


class _OneGroupFormatter(argparse.HelpFormatter):
    """argparse's help, but a positional of several words given at most once (``nargs="*"``
    with a metavar of several words: ``result add``'s ``BLACK WHITE RESULT``, three words or
    none with ``--players``) reads ``[BLACK WHITE RESULT]`` in the usage line, not
    ``[BLACK WHITE RESULT ...]`` (which says it may be repeated)."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.nargs == argparse.ZERO_OR_MORE and isinstance(action.metavar, str) and " " in action.metavar:
            return f"[{action.metavar}]"
        return super()._format_args(action, default_metavar)


def _result_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    result = commands.add_parser("result", help="enter a game's result into its competition's file")
    tools = result.add_subparsers(dest="result_command", metavar="TOOL", required=True)
    result.set_defaults(run=_result)
    add = tools.add_parser(
        "add", help="enter one result and print the standings change it causes", formatter_class=_OneGroupFormatter,
        description="Enter one result: BLACK WHITE RESULT (a Swiss match: FIRST SECOND SCORE), "
                    "or --players A B --winner A when the colours are not known.")
    add.add_argument("competition", metavar="COMPETITION",
                     help="as in the site's addresses: leagues/<id>[/<season>], tournaments/<id>, "
                          "ladders/<id>, swiss/<league>/<tournament>; or only the id")
    add.add_argument("game", nargs="*", metavar="BLACK WHITE RESULT",
                     help="the players by id or name, and the result (B+R, W+3.5, 0; 2-1 in Swiss)")
    add.add_argument("--players", nargs=2, metavar=("A", "B"), help="the players, colours not known")
    add.add_argument("--winner", default=None, help="the winner, with --players")
    add.add_argument("--result", dest="result_option", default=None, metavar="RESULT",
                     help="the result as an option (--result=-+ for a result starting with -)")
    where = add.add_mutually_exclusive_group()
    where.add_argument("--season", default=None, help="a league season (default: the latest)")
    where.add_argument("--round", dest="round_no", type=int, default=None, metavar="N",
                       help="a tournament round (default: the round where the two are paired)")
    add.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                     help="when the game was played (default: today, for a league or ladder "
                          "game; $SITEGEN_TODAY sets today)")
    add.add_argument("--link", default=None, metavar="URL", help="a link to the game record")
    add.add_argument("--replace", action="store_true", help="change a result already entered")
    issue = tools.add_parser(
        "from-issue", help="enter the result of a 'Report a result' issue form (the workflow's step)")
    body = issue.add_mutually_exclusive_group(required=True)
    body.add_argument("--body-file", type=Path, default=None, metavar="FILE", help="the issue's body")
    body.add_argument("--body-env", default=None, metavar="VAR",
                      help="the environment variable holding the issue's body")
    issue.add_argument("--issue", type=int, default=None, metavar="N", help="the issue's number")
    issue.add_argument("--out", type=Path, default=None, metavar="DIR",
                       help="write commit.txt, pr.md and reply.md (entered) or comment.md (refused) here")
    issue.add_argument("--form", type=Path, default=None, metavar="FILE",
                       help="the issue form (default: .github/ISSUE_TEMPLATE/report-result.yml)")
    issue.add_argument("--dry-run", action="store_true",
                       help="print the sitegen result add command it would run, and stop")


def _result_request(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ResultRequest:
    """Return the ResultRequest of ``sitegen result add``'s arguments (usage errors exit 2)."""
    from .results.request import ResultRequest, check_link, parse_date  # `result add`'s only (start-up)

    game = list(args.game)
    if args.players:
        if game or (args.winner is None) == (args.result_option is None):
            parser.error("with --players, give --winner or --result and no BLACK WHITE RESULT")
        players, result, colours = tuple(args.players), args.result_option, False
    else:
        if args.winner is not None:
            parser.error("--winner goes with --players A B")
        if args.result_option is not None:
            game.append(args.result_option)
        if len(game) != 3:
            parser.error("give BLACK WHITE RESULT (or --players A B --winner A)")
        players, result, colours = (game[0], game[1]), game[2], True
    pos = command_pos("sitegen result add")
    return ResultRequest(
        args.competition, players, result=result, winner=args.winner, colours_known=colours,
        season=args.season, round=args.round_no,
        date=parse_date(args.date, pos) if args.date is not None else None,
        link=check_link(args.link, pos) if args.link is not None else None, replace=args.replace)


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Return the parsed arguments. ``result add``'s BLACK WHITE RESULT may follow an option
    (argparse takes a command's positionals in one go, before the first option)."""
    args, extra = parser.parse_known_args(argv)
    if extra and getattr(args, "result_command", None) == "add" and not any(a.startswith("-") for a in extra):
        args.game += extra
    elif extra:
        misplaced = [o for o in GLOBAL_OPTIONS if any(a == o or a.startswith(o + "=") for a in extra)]
        hint = (f"; {misplaced[0]} is a global option: put it before the command, e.g. "
                f"sitegen {misplaced[0]} DIR {args.command}") if misplaced else ""
        parser.error("unrecognized arguments: " + " ".join(extra) + hint)
    return args


GLOBAL_OPTIONS = ("--content", "--templates")
"""The options of ``sitegen`` itself, written before the command (see :func:`_parser`)."""


def run() -> None:
    """The ``sitegen`` command (and ``python -m sitegen``): :func:`main`, then the process ends
    at once. A build of a large archive leaves hundreds of megabytes of small objects (kept by
    :attr:`sitegen.commands.build.BuildResult.made`, kept here in ``kept``); freeing them one
    by one on the way out took seconds (bench/README.md), and the system frees the process's
    memory whole."""
    kept: list = []
    status = main(kept=kept)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


@dataclass(frozen=True)
class _Given:
    """What a command's runner is given besides its arguments: the parser (usage errors), the
    theme's templates folder (None: the default theme) and ``kept``, where a build leaves what
    it made (:func:`run`)."""

    parser: argparse.ArgumentParser
    templates: Path | None
    kept: list


def _build(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen build``: the build with its progress, then its note, warnings, summary and
    (``--timings``) the stages' times; SitegenError propagates to :func:`main`."""
    from .commands.build import build

    started = time.perf_counter()
    progress = _progress(args)
    with progress:
        result = build(args.content, args.output, call.templates, args.base_url, args.strict,
                       progress, theme_code=True)
    call.kept.append(result)
    if result.note and not args.quiet:
        print(result.note)
    _print_warnings(result.warnings)
    if not args.quiet:
        _print_summary(result, args.output, time.perf_counter() - started)
    if args.timings:
        print("timings: " + ", ".join(f"{stage} {seconds:.2f} s"
                                      for stage, seconds in result.timings.items())
              + (" (nothing changed since the last build: the rest was skipped)"
                 if result.cached else ""))
    return 0


def main(argv: list[str] | None = None, kept: list | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 content errors, 2 usage).
    ``kept``, when given, is where a build leaves what it made (freed with the list).

    The command's runner is the one its parser set (``run``: :func:`_build`, :func:`_pair`,
    ...), so no command is chosen here by comparing its name."""
    parser = _parser()
    args = _parse(parser, argv)
    _error_on_size_limit()
    templates = args.templates if args.templates.is_dir() else None
    try:
        status: int = args.run(args, _Given(parser, templates, kept if kept is not None else []))
        return status
    except SitegenError as error:
        _report(error, args.command)
        return 1
    except OSError as error:
        if error.errno not in DISK_FULL:
            raise  # anything else is a bug: keep its traceback
        _report(write_failed(error, f"sitegen {args.command}"), args.command)
        return 1


def _check(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen check``: validate and plan, print the warnings and what would be built."""
    from .commands.check import check

    progress = _progress(args)
    with progress:
        pages, warnings = check(args.content, args.strict, progress)
    _print_warnings(warnings)
    if not args.quiet:
        print(f"content is valid ({pages} pages would be built"
              + (f"; {_count(len(warnings), 'warning')}" if warnings else "") + ")")
    return 0


def _import(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen import FORMAT FILE``."""
    from .commands.importing import import_tournament

    imported = import_tournament(args.format, args.file, args.content,
                                 args.tournament_id, sys.stdout, args.replace, args.results)
    _print_warnings(list(imported.warnings))
    return 0


def _next_season(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen league next-season LEAGUE``."""
    from .commands.next_season import next_season_command

    next_season_command(args.content, args.league_id, args.new_season, sys.stdout,
                        args.provisional)
    return 0


def _pair(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen pair LEAGUE/TOURNAMENT --round N``."""
    from .commands.pair import pair

    pair(args.content, args.tournament, args.round_no, args.seed, args.explain, sys.stdout,
         args.replace)
    return 0


def _handicap(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen handicap RUNG RUNG [--ladder ID]``."""
    from .commands.handicap import handicap, ladder_of

    club = ladder_of(args.content, args.ladder)
    if club is None:
        return handicap(args.rung_a, args.rung_b, sys.stdout)
    return handicap(args.rung_a, args.rung_b, sys.stdout, club.ladder.rungs,
                    club.ladder.handicap_rules, club.name)


def _serve(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen serve``."""
    from .commands.serve import serve

    return serve(args.content, call.templates, args.output, host=args.host, port=args.port,
                 base_url=args.base_url, progress=_progress(args))


def _diff(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen diff BASE [HEAD]``."""
    from .commands.diff import diff

    return diff(args.base, args.content, sys.stdout, args.head)


DISK_FULL = (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC))
"""A write's errors that say the disk, the quota or the file size limit is reached."""


def _error_on_size_limit() -> None:
    """Make a file size limit (``ulimit -f``) an error of the write that reaches it.

    By default the system ends the process with SIGXFSZ, with no message and whatever it was
    writing left behind; ignored, the write fails with EFBIG like a full disk (ENOSPC), and
    every writer then removes its temporary file and reports it
    (:func:`sitegen.diagnostics.write_failed`).
    """
    if hasattr(signal, "SIGXFSZ"):
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        except ValueError:  # pragma: no cover - main() called from a thread of another program
            pass


def _new(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen new DIR``."""
    from .commands.new import new_repository

    new_repository(args.folder, args.name, args.kind, args.eject_theme, sys.stdout, args.language)
    return 0


def _player(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen player add NAME``."""
    from .commands.player import add_player

    done = add_player(args.content, args.name, args.player_id, args.rank, args.rating,
                      args.country, args.club, sys.stdout, family_name=args.family_name,
                      file=args.file)
    _print_warnings(list(done.warnings))
    return 0


def _result(args: argparse.Namespace, call: _Given) -> int:
    """Run ``sitegen result add`` or ``sitegen result from-issue``."""
    from .commands.result import add_result, from_issue

    if args.result_command == "add":
        add_result(args.content, _result_request(args, call.parser), sys.stdout)
        return 0
    try:
        body = (args.body_file.read_text(encoding="utf-8") if args.body_file is not None
                else os.environ.get(args.body_env, ""))
    except (OSError, UnicodeDecodeError) as error:
        raise SitegenError(f"cannot read the issue's body from {args.body_file}: {error}") from None
    from_issue(args.content, body, args.issue, args.out, args.dry_run, sys.stdout, args.form)
    return 0


WRITING_COMMANDS = ("build", "import", "league", "pair", "new", "player", "result")
"""Commands that write files: their error summary says that nothing was written."""


def _shown(diagnostic: Diagnostic) -> str:
    """Return how a diagnostic is printed on stderr: on a terminal in lines of its width (at
    most 100 characters; stop 48), else on one line, ``path:line:col: level: message [code]``,
    for logs, editors and tools that read one diagnostic a line."""
    if not sys.stderr.isatty():
        return diagnostic.format()
    return diagnostic.wrapped(max(60, min(100, shutil.get_terminal_size((100, 24)).columns - 1)))


def _print_warnings(warnings: list[Diagnostic]) -> None:
    """Print the warnings of a command that succeeded (and annotate them under Actions)."""
    for diagnostic in warnings:
        print(_shown(diagnostic), file=sys.stderr)
    if os.environ.get("GITHUB_ACTIONS") == "true":
        for diagnostic in warnings:
            print(diagnostic.github_annotation())


def _print_summary(result: BuildResult, output: Path, seconds: float) -> None:
    """Print what a build did (stdout): its result line, what the site was made from per
    competition kind (sitegen.census), the warnings and the time."""
    from .census import census_lines

    print(f"built {result.pages} pages into {output}/ ({result.report.summary()})")
    for line in census_lines(result.census):
        print("  " + line)
    warnings = _count(len(result.warnings), "warning") if result.warnings else "no warnings"
    print(f"  {warnings}, {seconds:.2f} s"
          + (" (nothing changed since the last build: nothing was rebuilt)" if result.cached else ""))


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _report(error: SitegenError, command: str | None = None) -> None:
    for diagnostic in error.diagnostics:
        print(_shown(diagnostic), file=sys.stderr)
    if os.environ.get("GITHUB_ACTIONS") == "true":
        for diagnostic in error.diagnostics:
            print(diagnostic.github_annotation())
    errors = sum(1 for d in error.diagnostics if d.level == "error")
    warnings = len(error.diagnostics) - errors
    if errors or not warnings:
        summary = _count(errors, "error") + (f", {_count(warnings, 'warning')}" if warnings else "")
    else:
        summary = f"{_count(warnings, 'warning')} (--strict: warnings fail the command)"
    if command in WRITING_COMMANDS:
        summary += "; nothing was written"
    print(summary, file=sys.stderr)
