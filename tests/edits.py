"""Edits of a site's content and templates, as an organizer makes them, for the tests of
incremental builds (tests/properties/test_incremental.py, tests/test_build_cache.py).

Each edit takes the site folder (holding ``content/`` and ``templates/``) and a number that
chooses what to change (a file, a line); it returns a short description, or None when it
found nothing to change. Some edits may make the content invalid (a ladder game reversed can
make a later game break the handicap rule): a build must then report exactly what a fresh
build reports.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "content"
"""The demo site (every rule set, pages, several players files): the base of the edits."""


def give_first_game_to_the_other(season: Path) -> tuple[str, str]:
    """Give the first game of ``season`` (the demo's form, ``{players: [a, b], winner: a}``) to
    the other player; return the game's two players (as the file lists them)."""
    text = season.read_text(encoding="utf-8")
    game = re.search(r"\{players: \[(\w+), (\w+)\], winner: (\w+)", text)
    assert game is not None, f"no game of the demo's form in {season}"
    other = game.group(2) if game.group(3) == game.group(1) else game.group(1)
    season.write_text(text[:game.start(3)] + other + text[game.end(3):], encoding="utf-8")
    return game.group(1), game.group(2)


def _pick(items: list, number: int):
    return items[number % len(items)] if items else None


def _swap_in_line(path: Path, pattern: str, replace, number: int) -> bool:
    """Apply ``replace(match)`` to the ``number``-th match of ``pattern`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    matches = list(re.finditer(pattern, text, re.M))
    if not matches:
        return False
    match = _pick(matches, number)
    path.write_text(text[:match.start()] + replace(match) + text[match.end():], encoding="utf-8")
    return True


_GAME = re.compile(r"\{(?:black: (?P<black>[^,]+), white: (?P<white>[^,]+), result: (?P<colour>[BW])\+[^,}]*"
                   r"|players: \[(?P<a>[^,]+), (?P<b>[^\]]+)\], winner: (?P<winner>[^,}]+))")
"""A league game with a winner, in either form (colours known, or only the two players)."""


def _reversed(match: re.Match) -> str:
    """Return a league game's text with the other player winning."""
    if match.group("colour"):
        text = match.group(0)
        at = text.index("result: ") + len("result: ")
        return text[:at] + ("W" if match.group("colour") == "B" else "B") + text[at + 1:]
    other = match.group("b") if match.group("winner") == match.group("a") else match.group("a")
    return f"{{players: [{match.group('a')}, {match.group('b')}], winner: {other}"


def flip_league_result(site: Path, number: int) -> str | None:
    seasons = sorted((site / "content/leagues").glob("*/seasons/*.yaml"))
    season = _pick(seasons, number)
    if season is not None and _swap_in_line(season, _GAME.pattern, _reversed,
                                            number // max(len(seasons), 1)):
        return f"league result reversed in {season.name}"
    return None


def change_tournament_result(site: Path, number: int) -> str | None:
    files = sorted((site / "content/tournaments").glob("*.yaml"))
    file = _pick(files, number)
    flip = {"B": "W", "W": "B"}
    if file is not None and _swap_in_line(file, r"result: ([BW])\+", lambda m: f"result: {flip[m.group(1)]}+",
                                          number // 7):
        return f"tournament result reversed in {file.name}"
    return None


def flip_ladder_result(site: Path, number: int) -> str | None:
    """Reverse a ladder game: the last one mostly (an earlier one moves the rungs of every
    later game, which then often breaks the handicap rule: an error, also worth building)."""
    files = sorted((site / "content/ladders").glob("*.yaml"))
    file = _pick(files, number)
    flip = {"B": "W", "W": "B"}
    if file is None:
        return None
    count = len(re.findall(r"result: [BW]\+", file.read_text(encoding="utf-8")))
    which = count - 1 if number % 4 else number // 4
    if _swap_in_line(file, r"result: ([BW])\+", lambda m: f"result: {flip[m.group(1)]}+", which):
        return f"ladder game reversed in {file.name}"
    return None


def restore_file(site: Path, number: int) -> str | None:
    """Put one content file back as it is in the demo site (undoes edits; brings back a removed
    season)."""
    files = sorted(p.relative_to(DEMO) for p in DEMO.rglob("*") if p.is_file())
    relative = _pick(files, number)
    shutil.copyfile(DEMO / relative, site / "content" / relative)
    return f"{relative} restored"


def change_swiss_result(site: Path, number: int) -> str | None:
    files = sorted((site / "content/swiss").glob("*/t*.yaml"))
    file = _pick(files, number)
    flip = {"2-0": "0-2", "0-2": "2-0", "2-1": "1-2", "1-2": "2-1", "1-1": "2-0"}
    if file is not None and _swap_in_line(file, r"(?<=, )(2-0|0-2|2-1|1-2|1-1)(?=\])",
                                          lambda m: flip[m.group(1)], number // 5):
        return f"Swiss match changed in {file.name}"
    return None


def rename_player(site: Path, number: int) -> str | None:
    files = sorted((site / "content/players").glob("*.yaml"))
    file = _pick(files, number)
    # a player's name, not their family_name (which stays one of the name's words)
    if file is not None and _swap_in_line(file, r"(?<!_)name: ([^,}\n]+)", lambda m: f"name: {m.group(1)} R{number % 97}",
                                          number // 3):
        return f"player renamed in {file.name}"
    return None


def add_player(site: Path, number: int) -> str | None:
    file = _pick(sorted((site / "content/players").glob("*.yaml")), number)
    if file is None:
        return None
    with open(file, "a", encoding="utf-8") as stream:
        stream.write(f"  - {{id: new-{number % 1000}, name: Newcomer {number % 1000}, rank: 12k}}\n")
    return f"player added to {file.name}"


def _game_lines(season: Path) -> tuple[str, list[re.Match]]:
    text = season.read_text(encoding="utf-8")
    return text, [m for m in re.finditer(r"^( +- )(\{[^\n]*\})\n", text, re.M) if _GAME.match(m.group(2))]


def date_game(site: Path, number: int) -> str | None:
    """Give a league game a date later than every other (the group's, season's and league's
    "last updated" dates move)."""
    season = _pick(sorted((site / "content/leagues").glob("*/seasons/*.yaml")), number)
    if season is None:
        return None
    text, lines = _game_lines(season)
    match = _pick([m for m in lines if "date:" not in m.group(2)], number // 5)
    if match is None:
        return None
    dated = match.group(2)[:-1] + f", date: {2030 + number % 9}-06-01}}"
    season.write_text(text[:match.start(2)] + dated + text[match.end(2):], encoding="utf-8")
    return f"game dated in {season.name}"


def remove_game(site: Path, number: int) -> str | None:
    """Take a game out of a league group (a pair not played yet); restore_file adds it back."""
    season = _pick(sorted((site / "content/leagues").glob("*/seasons/*.yaml")), number)
    if season is None:
        return None
    text, lines = _game_lines(season)
    match = _pick(lines, number // 5)
    if match is None:
        return None
    season.write_text(text[:match.start()] + text[match.end():], encoding="utf-8")
    return f"game removed in {season.name}"


def add_season(site: Path, number: int) -> str | None:
    """Copy a league's latest season into a new season file, a year later."""
    leagues = sorted((site / "content/leagues").glob("*/seasons"))
    folder = _pick(leagues, number)
    if folder is None:
        return None
    latest = sorted(folder.glob("*.yaml"))[-1]
    text = latest.read_text(encoding="utf-8")
    text = re.sub(r"^(start|end): (\d{4})", lambda m: f"{m.group(1)}: {int(m.group(2)) + 1}", text, flags=re.M)
    text = re.sub(r"^name: (.*)$", lambda m: f"name: {m.group(1)} again", text, count=1, flags=re.M)
    (folder / f"zz-{number % 100}.yaml").write_text(text, encoding="utf-8")
    return f"season added in {folder.parent.name}"


def remove_season(site: Path, number: int) -> str | None:
    seasons = sorted((site / "content/leagues").glob("*/seasons/*.yaml"))
    if len(seasons) < 3:
        return None
    season = _pick(seasons, number)
    season.unlink()
    return f"season {season.name} removed"


def add_tournament(site: Path, number: int) -> str | None:
    file = _pick(sorted((site / "content/tournaments").glob("*.yaml")), number)
    if file is None:
        return None
    text = re.sub(r"^name: (.*)$", lambda m: f"name: {m.group(1)} {number % 10}", file.read_text(encoding="utf-8"),
                  count=1, flags=re.M)
    text = re.sub(r"^(start|end): (\d{4})", lambda m: f"{m.group(1)}: {int(m.group(2)) + 1 + number % 3}", text,
                  flags=re.M)
    (file.parent / f"copy-{number % 10}.yaml").write_text(text, encoding="utf-8")
    return "tournament added"


def edit_page(site: Path, number: int) -> str | None:
    page = _pick(sorted((site / "content/pages").glob("*.md")), number)
    if page is None:
        return None
    with open(page, "a", encoding="utf-8") as stream:
        stream.write(f"\nOne more line ({number % 1000}).\n")
    return f"page {page.name} edited"


def edit_template(site: Path, number: int) -> str | None:
    """Add, change or remove an override of one of the theme's templates."""
    templates = site / "templates"
    templates.mkdir(exist_ok=True)
    choice = (number // 7) % 3
    if choice == 0:
        (templates / "404.html").write_text(f"<p>lost {number % 1000} {{{{ site.title }}}}</p>\n")
        return "404 template overridden"
    if choice == 1:
        theme = REPO / "templates" / "partials" / "player_league.html"
        (templates / "partials").mkdir(exist_ok=True)
        (templates / "partials" / "player_league.html").write_text(
            theme.read_text(encoding="utf-8") + f"<!-- {number % 1000} -->\n", encoding="utf-8")
        return "player_league template overridden"
    for path in sorted(templates.rglob("*.html")):
        path.unlink()
    return "template overrides removed"


def change_settings(site: Path, number: int) -> str | None:
    settings = site / "content/site.yaml"
    if _swap_in_line(settings, r"^title: (.*)$", lambda m: f"title: {m.group(1)} {number % 10}", 0):
        return "site title changed"
    return None


def save_unchanged(site: Path, number: int) -> str | None:
    """Write a file again with the same bytes (an editor's save without a change)."""
    files = sorted(p for p in (site / "content").rglob("*.yaml"))
    file = _pick(files, number)
    file.write_bytes(file.read_bytes())
    return f"{file.name} saved unchanged"


def _season_players(text: str) -> list[str]:
    return [p.strip() for line in re.findall(r"^ +players: \[([^\]]*)\]", text, re.M) for p in line.split(",")]


def edit_signups(site: Path, number: int) -> str | None:
    """Enter (or change) the sign-ups after a league's latest season: every player returns but
    one, who withdraws (league B.4), or, one time in four, the file is removed. The latest
    season's outcomes then follow the sign-ups (issue 14)."""
    folder = _pick(sorted((site / "content/leagues").glob("*/seasons")), number)
    if folder is None:
        return None
    signups = folder.parent / "signups" / "next.yaml"
    if number % 4 == 0:
        signups.unlink(missing_ok=True)
        return f"sign-ups removed in {folder.parent.name}"
    latest = sorted(folder.glob("*.yaml"), key=lambda p: re.search(
        r"^start: (.*)$", p.read_text(encoding="utf-8"), re.M).group(1))[-1]
    players = _season_players(latest.read_text(encoding="utf-8"))
    gone = _pick(players, number // 4)
    signups.parent.mkdir(exist_ok=True)
    signups.write_text(f"returning: [{', '.join(p for p in players if p != gone)}]\n"
                       f"withdrawn: [{gone}]\n", encoding="utf-8")
    return f"sign-ups entered in {folder.parent.name}"


def join_season(site: Path, number: int) -> str | None:
    """Add a player of the site who is not in a league season to its first group (the outcomes
    of the season before it, which take this one's players as its sign-ups, change)."""
    season = _pick(sorted((site / "content/leagues").glob("*/seasons/*.yaml")), number)
    if season is None:
        return None
    text = season.read_text(encoding="utf-8")
    known = [m for file in sorted((site / "content/players").glob("*.yaml"))
             for m in re.findall(r"\bid: ([^,}\s]+)", file.read_text(encoding="utf-8"))]
    newcomer = _pick([p for p in known if p not in _season_players(text)], number // 7)
    if newcomer is None or not _swap_in_line(season, r"^( +players: \[)", lambda m: f"{m.group(1)}{newcomer}, ", 0):
        return None
    return f"{newcomer} joined {season.name}"


def edit_recorded_outcome(site: Path, number: int) -> str | None:
    """Empty a group's recorded ``promoted`` or ``relegated`` list, or name another player in
    it: the recorded outcomes then differ from the rules' (a warning) or agree again."""
    season = _pick(sorted((site / "content/leagues").glob("*/seasons/*.yaml")), number)
    if season is None:
        return None
    text = season.read_text(encoding="utf-8")
    lists = list(re.finditer(r"^( +(?:promoted|relegated): \[)([^\]]*)(\])", text, re.M))
    match = _pick(lists, number // 3)
    if match is None:
        return None
    players = [p.strip() for p in match.group(2).split(",") if p.strip()]
    shown = players[1:] if players and number % 2 else players[:1]
    season.write_text(text[:match.start(2)] + ", ".join(shown) + text[match.end(2):], encoding="utf-8")
    return f"recorded outcome edited in {season.name}"


CRITERIA = ("[MMS, SOSM, SOSOSM]", "[MMS, CAT, SOSM]", "[NBW, STS, SOS]", "[MMS, SOSTS, SODOS]",
            "[NBW, SOS, CPS]")
"""Placement criteria a tournament may give (issue 14 added CAT, STS and SOSTS)."""


def change_criteria(site: Path, number: int) -> str | None:
    """Give a tournament other placement criteria (the whole tournament's standings change)."""
    file = _pick(sorted((site / "content/tournaments").glob("*.yaml")), number)
    if file is not None and _swap_in_line(file, r"criteria: \[[^\]]*\]",
                                          lambda m: f"criteria: {_pick(list(CRITERIA), number // 3)}", 0):
        return f"criteria changed in {file.name}"
    return None


def edit_game_record(site: Path, number: int) -> str | None:
    """Change an SGF game record that a game names (its copy on the site changes)."""
    record = _pick(sorted((site / "content").rglob("*.sgf")), number)
    if record is None:
        return None
    data = record.read_bytes()
    at = data.index(b";") + 1
    record.write_bytes(data[:at] + f"C[edit {number % 1000}]".encode() + data[at:])
    return f"game record {record.name} edited"


EDITS = (flip_league_result, change_tournament_result, flip_ladder_result, change_swiss_result,
         rename_player, add_player, date_game, remove_game, add_season, remove_season, add_tournament,
         edit_page, edit_template, change_settings, save_unchanged, restore_file, edit_signups,
         join_season, edit_recorded_outcome, change_criteria, edit_game_record)
"""Every kind of edit, for a strategy to choose from."""


SMALL = REPO / "tests" / "sites" / "small" / "content"
"""A league whose games have colours (``black:``, ``white:``, ``result:``), unlike the demo's."""


def demo_site(folder: Path) -> Path:
    """Copy the demo site into ``folder`` (``content/`` and an empty ``templates/``) with the
    small site's league and players beside its own; return ``folder``."""
    shutil.copytree(DEMO, folder / "content")
    shutil.copytree(SMALL / "leagues" / "club", folder / "content" / "leagues" / "club")
    shutil.copyfile(SMALL / "players.yaml", folder / "content" / "players" / "small.yaml")
    (folder / "templates").mkdir()
    return folder
