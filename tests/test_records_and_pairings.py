"""Issue 16: game records (``link:``, ``sgf:``) on every kind of game, player profile ids, the
pairings of a tournament round on its page, and a player's next game (paired, not played).
The keys are documented in docs/content-format.md ("Game records", "Players").
"""

from __future__ import annotations

import datetime as dt
import os
import re
import textwrap
from pathlib import Path

import pytest

SGF = "(;GM[1]FF[4]SZ[19]PB[Ann]PW[Bob]RE[B+R];B[pd];W[dp])\n"


def league(game: str) -> dict[str, str]:
    """A league of one season and one group of Ann, Bob and Cy with ``game`` as its one game."""
    return {"content/leagues/club/league.yaml": "name: Club League\n",
            "content/leagues/club/seasons/2024.yaml": f"""\
                name: Season 2024
                divisions:
                  - name: A
                    groups:
                      - name: A1
                        players: [ann, bob, cy]
                        games:
                          - {game}
                """}


def test_javascript_link_is_refused_with_its_position(site, run):
    """A link is shown to every visitor: only http and https addresses are accepted."""
    site(league('{black: ann, white: bob, result: B+R, link: "javascript:alert(1)"}'))
    status, _out, err = run("check")
    assert status == 1
    assert err[:-1] == ["content/leagues/club/seasons/2024.yaml:8:57: error: link 'javascript:alert(1)' is "
                   "not an http or https address; give the game's web address, e.g. "
                   "https://online-go.com/game/12345 [record.link]"]


def test_a_bad_link_and_a_bad_sgf_path_of_one_game_are_both_reported(site, run):
    """Every error in one run: the sgf path is checked even when the link is refused."""
    site(league('{black: ann, white: bob, result: B+R, link: "javascript:alert(1)", '
                'sgf: ../../../../etc/passwd}'))
    status, _out, err = run("check")
    assert status == 1
    assert [line.split(" error: ")[0] + " " + line.rsplit(" ", 1)[1] for line in err[:-1]] == [
        "content/leagues/club/seasons/2024.yaml:8:57: [record.link]",
        "content/leagues/club/seasons/2024.yaml:8:85: [record.sgf]"]


@pytest.mark.parametrize("link, problem", [
    ("data:text/html,hi", "is not an http or https address"),
    ("/relative/path", "is not an http or https address"),
    ("https://", "has no host"),
    ("https://example.org/a b", "holds a space, quote, angle bracket, backslash or control character"),
])
def test_other_bad_links_are_refused(site, run, link, problem):
    site(league(f'{{black: ann, white: bob, result: B+R, link: "{link}"}}'))
    status, _out, err = run("check")
    assert status == 1 and len(err) == 2  # the error and the count
    assert problem in err[0] and err[0].endswith("[record.link]") and ":8:" in err[0]


def test_sgf_file_is_copied_and_linked_from_the_crosstable_and_the_player_pages(site, run):
    root = site({**league('{black: ann, white: bob, result: B+R, sgf: games/ann-bob.sgf, '
                          'link: "https://online-go.com/game/12345"}'),
                 "content/games/ann-bob.sgf": SGF})
    status, _out, err = run("build")
    assert status == 0, err
    out = root / "output"
    assert (out / "sgf/games/ann-bob.sgf").read_bytes() == SGF.encode()
    group = (out / "leagues/club/2024/a1/index.html").read_text(encoding="utf-8")
    # The crosstable cell links to the game's web address (the SGF is on the players' pages).
    assert group.count('<a class="record" href="https://online-go.com/game/12345">') == 2
    assert "an underlined result links to the game record" in group
    ann = (out / "players/ann/index.html").read_text(encoding="utf-8")
    assert ('<span class="record-links"><a href="https://online-go.com/game/12345" rel="nofollow">Game</a>'
            ' · <a href="/sgf/games/ann-bob.sgf" download>SGF</a></span>') in ann


@pytest.mark.parametrize("path, files, problem", [
    ("../secret.sgf", {}, "is not a path inside the content folder made of plain names"),
    ("/etc/passwd.sgf", {}, "is not a path inside the content folder made of plain names"),
    ("games/notes.txt", {"content/games/notes.txt": SGF}, "is not an .sgf file"),
    ("games/missing.sgf", {}, "no such file in the content folder"),
    ("games/page.sgf", {"content/games/page.sgf": "<html>not a game</html>"}, "is not an SGF game record"),
    ("games/big.sgf", {"content/games/big.sgf": SGF[:-2] + "C[" + "x" * 600_000 + "])"},
     "at most 524288 are allowed"),
])
def test_bad_sgf_paths_and_files_are_refused(site, run, path, files, problem):
    site({**league(f"{{black: ann, white: bob, result: B+R, sgf: {path}}}"), **files})
    status, _out, err = run("check")
    assert status == 1
    assert any(problem in line and line.endswith("[record.sgf]") and ":8:" in line for line in err), err


def test_sgf_through_a_symbolic_link_is_refused(site, run, tmp_path):
    root = site(league("{black: ann, white: bob, result: B+R, sgf: games/linked.sgf}"))
    outside = tmp_path / "outside.sgf"
    outside.write_text(SGF, encoding="utf-8")
    (root / "content/games").mkdir()
    os.symlink(outside, root / "content/games/linked.sgf")
    status, _out, err = run("check")
    assert status == 1
    assert any("symbolic links are not followed" in line for line in err), err


def test_records_on_tournament_ladder_and_swiss_games(site, run):
    """link: and sgf: are accepted on every kind of game and shown where the game is listed."""
    root = site({
        "content/games/t.sgf": SGF,
        "content/tournaments/cup.yaml": """\
            name: Cup
            system: swiss
            number_of_rounds: 1
            players: [{id: ann, rank: 3k}, {id: bob, rank: 3k}]
            rounds:
              - round: 1
                games:
                  - {white: ann, black: bob, result: W+R, sgf: games/t.sgf}
            """,
        "content/ladders/club.yaml": """\
            name: Club ladder
            members: [{player: ann, rung: 5k}, {player: bob, rung: 6k}]
            log:
              - {date: 2025-01-07, white: ann, black: bob, result: W+R, link: "https://example.org/g/1"}
            """,
        "content/swiss/spring/league.yaml": "name: Spring\n",
        "content/swiss/spring/t1.yaml": """\
            name: January
            entries: [ann, bob]
            rounds:
              - round: 1
                pairings:
                  - [ann, bob, 2-1, {link: "https://example.org/m/1"}]
            """})
    status, _out, err = run("build")
    assert status == 0, err
    out = root / "output"
    tournament = (out / "tournaments/cup/index.html").read_text(encoding="utf-8")
    assert '<a href="/sgf/games/t.sgf" download>SGF</a>' in tournament
    ladder = (out / "ladders/club/index.html").read_text(encoding="utf-8")
    assert '<a href="https://example.org/g/1" rel="nofollow">Game</a>' in ladder
    swiss = (out / "swiss/spring/t1/round-1/index.html").read_text(encoding="utf-8")
    assert '<a href="https://example.org/m/1" rel="nofollow">Game</a>' in swiss
    bob = (out / "players/bob/index.html").read_text(encoding="utf-8")
    assert bob.count('rel="nofollow">Game</a>') == 2 and '/sgf/games/t.sgf' in bob


def test_a_swiss_match_record_with_an_unknown_key_is_refused(site, run):
    site({"content/swiss/spring/league.yaml": "name: Spring\n",
          "content/swiss/spring/t1.yaml": """\
              name: January
              entries: [ann, bob]
              rounds:
                - round: 1
                  pairings:
                    - [ann, bob, 2-1, {url: "https://example.org/m/1"}]
              """})
    status, _out, err = run("check")
    assert status == 1
    assert err[0].startswith("content/swiss/spring/t1.yaml:6:26: error: unknown key 'url' in a match's record")


def test_player_profiles_are_links_on_the_player_page(site, run):
    root = site({"content/players.yaml": """\
        players:
          - {id: ann, name: Ann, egd_pin: "12345678", ogs: "4242", kgs: AnnGo}
          - {id: bob, name: Bob, club: Riverside}
        """})
    status, _out, err = run("build")
    assert status == 0, err
    ann = (root / "output/players/ann/index.html").read_text(encoding="utf-8")
    assert 'href="https://www.europeangodatabase.eu/EGD/Player_Card.php?key=12345678"' in ann
    assert 'href="https://online-go.com/player/4242"' in ann
    assert 'href="https://www.gokgs.com/gameArchives.jsp?user=AnnGo"' in ann
    bob = (root / "output/players/bob/index.html").read_text(encoding="utf-8")
    assert "Profiles:" not in bob and "<dt>Club</dt><dd>Riverside</dd>" in bob
    # Internal ids stay internal: no "id bob" on the page.
    assert "<code>bob</code>" not in bob


def test_bad_profile_ids_are_refused_with_their_position(site, run):
    site({"content/players.yaml": """\
        players:
          - {id: ann, name: Ann, egd_pin: "12ab", ogs: "https://online-go.com/player/1", kgs: "<b>"}
        """})
    status, _out, err = run("check")
    assert status == 1
    err = [line for line in err if ": error: " in line]
    assert [line.split(": error: ")[1].split(";")[0] for line in err] == [
        "egd_pin '12ab' is not valid", "ogs 'https://online-go.com/player/1' is not valid",
        "kgs '<b>' is not valid"]
    assert all(line.startswith("content/players.yaml:2:") and line.endswith("[player.profile]") for line in err)


# --------------------------------------------------------------------------- pairings

CUP = """\
name: Cup
system: mcmahon
number_of_rounds: 3
komi: 6.5
players: [{id: ann, rank: 3k}, {id: bob, rank: 5k}, {id: cy, rank: 5k}]
rounds:
  - round: 1
    games:
      - {white: ann, black: bob, handicap: 2, result: B+R}
    byes: [cy]
  - round: 2
    games:
      - {white: cy, black: ann, result: "?"}
    byes: [bob]
"""


def test_round_pages_list_their_pairings_above_the_standings(site, run):
    """A tournament round page lists its round's games (board, White, Black, result,
    handicap) with links to both players, before the standings after that round; the board
    number heads its row (issue 27)."""
    root = site({"content/tournaments/cup.yaml": CUP})
    status, _out, err = run("build")
    assert status == 0, err
    page = (root / "output/tournaments/cup/round-1/index.html").read_text(encoding="utf-8")
    assert page.index('id="pairings-h">Round 1 pairings') < page.index('id="standings-h">Standings after round 1')
    rows = re.findall(r'<tr><th scope="row" class="num">(\d+)</th><td><a href="([^"]+)">(\w+)</a></td>'
                      r'<td><a href="([^"]+)">(\w+)</a></td><td>(.*?)</td><td>(.*?)</td></tr>', page)
    assert rows == [("1", "/players/ann/", "Ann", "/players/bob/", "Bob", "Black won", "2 stones")]
    assert "komi 6½ in even games" in page
    assert 'Bye: <a href="/players/cy/">Cy</a>' in page
    # Round 2 is paired, not played: the main page (after round 2 of 3) shows it first too.
    main = (root / "output/tournaments/cup/index.html").read_text(encoding="utf-8")
    assert main.index("Round 2 pairings") < main.index("Standings after round 2")
    assert '<span class="muted">no result yet</span>' in main


def test_player_page_shows_the_next_game_of_a_paired_round(site, run):
    """Cy - Ann of round 2 has no result yet: both see it at the top of their page."""
    root = site({"content/tournaments/cup.yaml": CUP})
    status, _out, err = run("build")
    assert status == 0, err
    ann = (root / "output/players/ann/index.html").read_text(encoding="utf-8")
    # Issue 27: the next game is in the current competitions' section, under its tournament.
    assert ann.index("<h2 id=\"section-1\">Current competitions</h2>") < ann.index("<h2 id=\"section-2\">Cup")
    start = ann.index("Next games")
    text = re.sub(r"<[^>]+>", "", ann[start:ann.index("</ul>", start)])
    assert " ".join(text.split()) == "Next games Round 2 of Cup, board 1: Against Cy, playing Black."
    cy = (root / "output/players/cy/index.html").read_text(encoding="utf-8")
    assert "Against <a href=\"/players/ann/\">Ann</a>, playing White." in cy
    bob = (root / "output/players/bob/index.html").read_text(encoding="utf-8")
    assert "Next games" not in bob  # a bye in round 2, nothing to play
    assert "No game to play now." in bob


def test_swiss_player_page_shows_the_next_match(site, run):
    root = site({"content/swiss/spring/league.yaml": "name: Spring\n",
                 "content/swiss/spring/t1.yaml": """\
                     name: January
                     entries: [ann, bob, cy]
                     rounds:
                       - round: 1
                         pairings:
                           - [ann, bob, 2-1]
                         bye: cy
                       - round: 2
                         seed: 4242
                         pairings:
                           - [cy, ann]
                         bye: bob
                     """})
    status, _out, err = run("build")
    assert status == 0, err
    ann = (root / "output/players/ann/index.html").read_text(encoding="utf-8")
    assert "Next games" in ann and "Round 2 of January</a>, board 1" in ann
    assert "Against <a href=\"/players/cy/\">Cy</a>." in ann
    assert "Next games" not in (root / "output/players/bob/index.html").read_text(encoding="utf-8")
    # The pairing seed stays in the YAML (and sitegen pair --explain), off the site.
    for path in (root / "output/swiss").rglob("*"):
        if path.is_file():
            assert "4242" not in path.read_text(encoding="utf-8"), path


def test_sgf_path_outside_content_is_not_written(site, run):
    """Nothing leaves output/: the copy's address is sgf/ plus the checked path."""
    root = site({**league("{black: ann, white: bob, result: B+R, sgf: a/b/c.sgf}"),
                 "content/a/b/c.sgf": SGF})
    assert run("build")[0] == 0
    written = sorted(p.relative_to(root / "output").as_posix() for p in (root / "output/sgf").rglob("*")
                     if p.is_file())
    assert written == ["sgf/a/b/c.sgf"] and Path("output/sgf/a/b/c.sgf").exists()


# --------------------------------------------------------------------------- home page


def test_home_page_shows_the_current_season_leaders_and_latest_results(site, run):
    """The latest season's group leaders (place 1 of each group) and the newest dated results,
    newest first, a draw as one."""
    root = site({"content/leagues/club/league.yaml": "name: Club League\n",
                 "content/leagues/club/seasons/2023.yaml": """\
                     name: Season 2023
                     start: 2023-01-01
                     divisions:
                       - name: A
                         groups:
                           - name: A1
                             players: [ann, bob]
                             games:
                               - {black: bob, white: ann, result: B+R, date: 2023-02-01}
                     """,
                 "content/leagues/club/seasons/2024.yaml": """\
                     name: Season 2024
                     start: 2024-01-01
                     divisions:
                       - name: A
                         groups:
                           - name: A1
                             players: [ann, bob, cy]
                             games:
                               - {black: ann, white: bob, result: B+R, date: 2024-01-10}
                               - {black: cy, white: bob, result: jigo, date: 2024-01-12}
                     """})
    assert run("build")[0] == 0
    home = (root / "output/index.html").read_text(encoding="utf-8")
    leaders = home[home.index('Leaders of <span class="unbroken">Season 2024</span>'):home.index("</table>", home.index("Leaders of"))]
    assert re.findall(r'<tr><td><a href="([^"]+)">(\w+)</a></td><th scope="row"><a href="[^"]+">(\w+)</a>',
                      leaders) == [("/leagues/club/2024/a1/", "A1", "Ann")]
    latest = home[home.index('id="latest-h"'):home.index("</ul>", home.index('id="latest-h"'))]
    assert [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in re.findall(r"<li>(.*?)</li>", latest)] == [
        "2024-01-12 · Club League · Season 2024: Cy and Bob drew",
        "2024-01-10 · Club League · Season 2024: Ann beat Bob",
        "2023-02-01 · Club League · Season 2023: Bob beat Ann"]



def test_latest_results_list_undated_games_by_the_order_they_were_entered(site, run):
    """A game without a date is listed by the date of the nearest dated game above it in its
    group (cy-bob: 2023-02-01, entered after ann-cy, so before it), else by the season's start
    (bob-ann: 2023-01-01); with neither (season 2024 has no start), after every dated result,
    the last entered first. Undated games show no date."""
    root = site({"content/leagues/club/league.yaml": "name: Club League\n",
                 "content/leagues/club/seasons/2023.yaml": """\
                     name: Season 2023
                     start: 2023-01-01
                     divisions:
                       - name: A
                         groups:
                           - name: A1
                             players: [ann, bob, cy]
                             games:
                               - {black: bob, white: ann, result: B+R}
                               - {black: ann, white: cy, result: W+R, date: 2023-02-01}
                               - {black: cy, white: bob, result: 0}
                     """,
                 "content/leagues/club/seasons/2024.yaml": """\
                     name: Season 2024
                     divisions:
                       - name: A
                         groups:
                           - name: A1
                             players: [ann, bob, cy]
                             games:
                               - {black: ann, white: bob, result: B+R}
                               - {black: bob, white: cy, result: W+3.5}
                     """})
    assert run("build")[0] == 0
    home = (root / "output/index.html").read_text(encoding="utf-8")
    latest = home[home.index('id="latest-h"'):home.index("</ul>", home.index('id="latest-h"'))]
    assert [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in re.findall(r"<li>(.*?)</li>", latest)] == [
        "Club League · Season 2023: Cy and Bob drew",
        "2023-02-01 · Club League · Season 2023: Cy beat Ann",
        "Club League · Season 2023: Bob beat Ann",
        "Club League · Season 2024: Cy beat Bob",
        "Club League · Season 2024: Ann beat Bob"]
    assert latest.count("<time") == 1

def test_final_round_games_show_their_record(site, run):
    files = league("{black: ann, white: bob, result: B+R}")
    season = "content/leagues/club/seasons/2024.yaml"
    files[season] = textwrap.dedent(files[season]) + (
        "defending_champion: cy\nfinal:\n  games:\n"
        '    - {players: [ann, cy], winner: cy, link: "https://example.org/final/1"}\n')
    root = site(files)
    status, _out, err = run("build")
    assert status == 0, err
    final = (root / "output/leagues/club/2024/final/index.html").read_text(encoding="utf-8")
    assert '<td><span class="record-links"><a href="https://example.org/final/1" rel="nofollow">Game</a>' in final


def test_the_newest_results_are_listed_newest_first_at_most_four_per_competition():
    """``_newest`` (sort keys made without a key function, issue 31) gives what sorting every
    result with one gave: newest listed date first, undated last, the later entered first among
    equal dates, at most 4 of one competition's page. Here a ladder's 30 games on 2024-03-01
    (entered 0-29): 4 of them (the last entered first: 29, 28, 27, 26), then the league game of
    2024-02-01 (30), then the two undated ones, the later entered first (32, then 31)."""
    from sitegen.pages.home import _newest

    ladder = [(dt.date(2024, 3, 1), None, "Ladder", "ladders/l/", "a", "b", "a")] * 30
    league = [(dt.date(2024, 2, 1), None, "League", "leagues/x/", "c", "d", None)]
    undated = [(None, None, "Cup", "tournaments/cup/", "e", "f", "e"),
               (None, None, "Open", "tournaments/open/", "g", "h", "h")]
    results = ladder + league + undated
    assert _newest(results, 8) == [29, 28, 27, 26, 30, 32, 31]
    assert _newest(results, 5) == [29, 28, 27, 26, 30]
    assert _newest(results, 0) == []
    assert _newest([], 8) == []


def test_the_newest_results_are_those_of_sorting_every_result_with_a_key_function():
    """``_newest`` (the dated results' keys made in C, the undated looked for last; issue 31)
    picks what the clear form picks: every result sorted by ``(dated, date, index)``, newest
    first, then at most 4 a page, 8 in all. On 600 results of 7 pages over 40 days and None,
    entered in no order, several draws of each; and on results all undated, and all of one
    page."""
    import random

    from sitegen.pages.home import LATEST_PER_COMPETITION, _newest

    def clear(results: list, limit: int) -> list[int]:
        order = sorted(range(len(results)), reverse=True,
                       key=lambda i: (results[i][0] is not None, results[i][0] or dt.date.min, i))
        picked: list[int] = []
        shown: dict[str, int] = {}
        for index in order:
            if len(picked) == limit:
                break
            url = results[index][3]
            shown[url] = shown.get(url, 0) + 1
            if shown[url] <= LATEST_PER_COMPETITION:
                picked.append(index)
        return picked

    draw = random.Random(31)
    days = [None, *(dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(40))]
    for _ in range(20):
        results = [(draw.choice(days), None, "C", f"c{draw.randrange(7)}/", "a", "b", "a") for _ in range(600)]
        for limit in (0, 1, 8, 30):
            assert _newest(results, limit) == clear(results, limit)
    undated = [(None, None, "C", f"c{n % 3}/", "a", "b", None) for n in range(10)]
    assert _newest(undated, 8) == clear(undated, 8) == [9, 8, 7, 6, 5, 4, 3, 2]
    one_page = [(days[1 + n % 5], None, "C", "c/", "a", "b", "a") for n in range(50)]
    assert _newest(one_page, 8) == clear(one_page, 8) == [49, 44, 39, 34]
