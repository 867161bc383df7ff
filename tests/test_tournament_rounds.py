"""Tournaments whose last rounds have no games, categories (CAT), the criteria warnings, and
``sitegen import --replace`` (issue 14), each on a small content tree with hand-worked values.

The two tournaments below were also entered in OpenGotha 3.51.02 (the same players, games,
absences and parameters): its h9 export holds exactly the values and game columns asserted
here (placement: MMS, SOSM, SOSOSM, CAT, NBW, SOSW; OpenGotha's definitions,
../shared/reference/opengotha.md 1.2-1.3).
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

from sitegen.engine.placement import standings
from sitegen.i18n import ENGLISH_WORDS

REF = Path(__file__).parent / "reference" / "opengotha"
XML = REF / "mcmahon-2019-handicap.xml"


def _shown(path: Path) -> str:
    """Return ``path`` as the commands print it (relative to the working folder)."""
    return os.path.relpath(path)

PLAYERS = """\
players:
  - {id: ann, name: A Ann, rank: 2d}
  - {id: bob, name: B Bob, rank: 1k}
  - {id: cy, name: C Cy, rank: 3k}
  - {id: dee, name: D Dee, rank: 5k}
"""

UNPAIRED = """\
name: Spring Cup
system: mcmahon
number_of_rounds: 5
players:
  - {id: ann, rank: 2d}
  - {id: bob, rank: 1k}
  - {id: cy, rank: 3k}
  - {id: dee, rank: 5k}
rounds:
  - round: 1
    games:
      - {white: ann, black: bob, handicap: 0, result: W+R}
      - {white: cy, black: dee, handicap: 0, result: B+R}
  - round: 2
  - round: 3
    absent: [cy]
  - round: 4
    absent: [cy]
  - round: 5
"""


def _json(path: str) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _page(path: str) -> str:
    return html.unescape(Path(path).read_text(encoding="utf-8"))


def test_mcmahon_rounds_2_to_5_unpaired_count_as_opengotha_counts_them(site, run):
    """placement MMS, SOSM, SOSOSM after round 5 of 5, where only round 1 has games and Cy is
    declared absent in rounds 3 and 4 (OpenGotha's defaults: bar 4d, absence ½ MMS, rounded
    down). Starting scores: Ann 2d 31, Bob 1k 29, Cy 3k 27, Dee 5k 25.

    MMS: Ann 31 + 1 = 32, Bob 29, Cy 27 + floor(½ + ½) = 28, Dee 25 + 1 = 26.
    SOSM (opponent's MMS after round 5, the own starting score for each round without a game):
    Ann 29 + 4 x 31 = 153, Bob 32 + 4 x 29 = 148, Cy 26 + 4 x 27 = 134, Dee 28 + 4 x 25 = 128.
    SOSOSM (opponent's SOSM, the own starting score x 5 rounds for each round without a game):
    Ann 148 + 4 x 155 = 768, Bob 153 + 4 x 145 = 733, Cy 128 + 4 x 135 = 668,
    Dee 134 + 4 x 125 = 634. Stopping at round 1 (the last with a game) gave SOSM 29, 32, 25,
    27 and SOSOSM 32, 29, 27, 25: not OpenGotha's.
    """
    site({"content/players.yaml": PLAYERS, "content/tournaments/spring.yaml": UNPAIRED})
    status, _out, err = run("build")
    assert status == 0, err
    data = _json("output/tournaments/spring/standings.json")
    assert (data["after_round"], data["rounds"]) == (5, 5)
    assert [(r["place"], r["id"], r["MMS"], r["SOSM"], r["SOSOSM"]) for r in data["rows"]] == [
        (1, "ann", 32, 153, 768), (2, "bob", 29, 148, 733), (3, "cy", 28, 134, 668),
        (4, "dee", 26, 128, 634)]
    assert data["rows"][2]["games"] == ["4-/w0", "0-", "0=", "0=", "0-"]
    h9 = Path("output/tournaments/spring/results.h9").read_text(encoding="iso8859_15")
    assert h9.splitlines()[-4:] == [
        "   1 Ann A                           2D XX xxxx   32  153  768 0    2+/w0    0-       0-       0-       0-   ",
        "   2 Bob B                           1K XX xxxx   29  148  733 0    1-/b0    0-       0-       0-       0-   ",
        "   3 Cy C                            3K XX xxxx   28  134  668 0    4-/w0    0-       0=       0=       0-   ",
        "   4 Dee D                           5K XX xxxx   26  128  634 0    3+/b0    0-       0-       0-       0-   "]
    assert sorted(p.name for p in Path("output/tournaments/spring").iterdir()
                  if p.name.startswith("round-")) == ["round-1", "round-2", "round-3", "round-4"]


def test_unpaired_rounds_are_named_on_the_page(site, run):
    """The final standings say which rounds had no game and how they count; a page after an
    earlier round names only the rounds up to it; the home page gives the winner."""
    site({"content/players.yaml": PLAYERS, "content/tournaments/spring.yaml": UNPAIRED})
    assert run("build")[0] == 0
    page = _page("output/tournaments/spring/index.html")
    assert "Final standings" in page
    assert ("Rounds 2–5: no game was played (players absent or not paired). They count as "
            "OpenGotha counts such rounds: a player without a game gets the bye or absence "
            "value if one was given, and their own starting score in the sums of opponents' "
            "scores.") in page
    assert "results.h9) is after every round" not in page
    round_3 = _page("output/tournaments/spring/round-3/index.html")
    assert "Rounds 2–3: no game was played" in round_3
    assert "no game was played" not in Path(
        "output/tournaments/spring/round-1/index.html").read_text(encoding="utf-8")
    home = Path("output/index.html").read_text(encoding="utf-8")
    assert re.search(r"4 players, 5 rounds; winner.*A Ann", home, re.S)


def test_a_last_round_paired_without_results_is_not_final(site, run):
    """Round 2 of 2 paired, one of its two games without a result (``?``): the page says
    "Standings after round 2" (not "Final standings"), names the game still to come, puts the
    round's pairings above the standings, and the home page gives a leader, not a winner."""
    cup = """\
name: Short Cup
system: mcmahon
number_of_rounds: 2
players:
  - {id: ann, rank: 2d}
  - {id: bob, rank: 1k}
  - {id: cy, rank: 3k}
  - {id: dee, rank: 5k}
rounds:
  - round: 1
    games:
      - {white: ann, black: bob, handicap: 0, result: W+R}
      - {white: cy, black: dee, handicap: 0, result: B+R}
  - round: 2
    games:
      - {white: ann, black: dee, handicap: 0, result: W+R}
      - {white: bob, black: cy, handicap: 0, result: "?"}
"""
    site({"content/players.yaml": PLAYERS, "content/tournaments/cup.yaml": cup})
    assert run("build")[0] == 0
    page = _page("output/tournaments/cup/index.html")
    assert "Final standings" not in page
    assert "Standings after round 2" in page
    assert ("Provisional: 1 game has no result yet. It counts as OpenGotha counts a game whose "
            "result is unknown, and these standings will change when its result is entered.") in page
    assert page.index("Round 2 pairings") < page.index("Standings after round 2")
    assert _json("output/tournaments/cup/standings.json")["final"] is False
    for player in ("bob", "cy"):  # on the players' own pages, the game is one to play (issue 27)
        text = _page(f"output/players/{player}/index.html")
        assert "Place " in text and "(provisional: games without a result)" in text
        assert "<td>to play</td>" in text and "no result yet" not in text
    assert "no result yet" in page  # the tournament's pairings say what the result is
    home = Path("output/index.html").read_text(encoding="utf-8")
    assert re.search(r"4 players, 2 rounds; leader.*A Ann", home, re.S)
    assert "winner" not in home

    Path("content/tournaments/cup.yaml").write_text(cup.replace('result: "?"', "result: B+R"))
    assert run("build")[0] == 0
    page = _page("output/tournaments/cup/index.html")
    assert "Final standings" in page and "Provisional" not in page
    assert _json("output/tournaments/cup/standings.json")["final"] is True
    assert "provisional" not in _page("output/players/bob/index.html")
    assert page.index("Final standings") < page.index("Round 2 pairings")
    assert re.search(r"4 players, 2 rounds; winner.*A Ann", Path("output/index.html").read_text(), re.S)


def test_a_round_with_only_absences_is_a_round_of_the_tournament(site, run):
    """Rounds listed up to 3 of 5, round 3 holding only an absence: the main standings are
    after round 3 of 5 (not after round 1, the last with a game), results.h9 after round 5,
    and the page says what the h9 file counts."""
    text = UNPAIRED.replace("  - round: 4\n    absent: [cy]\n  - round: 5\n", "")
    site({"content/players.yaml": PLAYERS, "content/tournaments/spring.yaml": text})
    assert run("build")[0] == 0
    data = _json("output/tournaments/spring/standings.json")
    # after round 3: Ann 29 + 2 x 31 = 91; Cy absent once: 27 + floor(½) = 27; Dee 27 + 2 x 25
    assert data["after_round"] == 3
    assert [(r["id"], r["MMS"], r["SOSM"]) for r in data["rows"]] == [
        ("ann", 32, 91), ("bob", 29, 90), ("cy", 27, 80), ("dee", 26, 77)]
    page = _page("output/tournaments/spring/index.html")
    assert "Standings after round 3 of 5" in page
    assert ("The results file for the EGD (results.h9) is after every round, as OpenGotha "
            "exports it: rounds not played yet count as rounds without a game.") in page
    h9 = Path("output/tournaments/spring/results.h9").read_text(encoding="iso8859_15")
    # after round 5, one absence: Cy 27; his SOSOSM 127 (Dee: 27 + 4 x 25) + 4 x 135 = 667
    assert h9.splitlines()[-2].endswith("27  134  667 0    4-/w0    0-       0=       0-       0-   ")


CATEGORIES = """\
name: Club Categories
system: swiss
number_of_rounds: 2
parameters:
  criteria: [CAT, NBW, SOSW]
  category_limits: [1k]
players:
  - {id: ann, rank: 2d}
  - {id: bob, rank: 1k}
  - {id: cy, rank: 2k}
  - {id: dee, rank: 5k}
rounds:
  - round: 1
    games:
      - {white: ann, black: cy, result: B+R}
      - {white: bob, black: dee, result: B+R}
  - round: 2
    games:
      - {white: ann, black: bob, result: W+R}
      - {white: cy, black: dee, result: W+R}
"""


def test_categories_place_every_stronger_category_first(site, run):
    """placement CAT (OpenGotha): with the limit 1k, Ann 2d and Bob 1k are category 1, Cy 2k and
    Dee 5k category 2. NBW: Ann 1, Bob 0, Cy 2, Dee 1; SOSW 2 each. Category first: Ann, Bob,
    then Cy (who won both games) and Dee. The h9 column CAT holds the category number."""
    site({"content/players.yaml": PLAYERS, "content/tournaments/cat.yaml": CATEGORIES})
    status, _out, err = run("build")
    assert status == 0, err
    data = _json("output/tournaments/cat/standings.json")
    assert [(r["place"], r["id"], r["CAT"], r["NBW"], r["SOSW"]) for r in data["rows"]] == [
        (1, "ann", 1, 1, 2), (2, "bob", 1, 0, 2), (3, "cy", 2, 2, 2), (4, "dee", 2, 1, 2)]
    h9 = Path("output/tournaments/cat/results.h9").read_text(encoding="iso8859_15").splitlines()
    assert h9[-5:] == [
        "; Pl Name                            Rk Co Club  CAT  NBW  SOS",
        "   1 Ann A                           2D XX xxxx    1    1    2 0    3-/w0    2+/w0",
        "   2 Bob B                           1K XX xxxx    1    0    2 0    4-/w0    1-/b0",
        "   3 Cy C                            2K XX xxxx    2    2    2 0    1+/b0    4+/w0",
        "   4 Dee D                           5K XX xxxx    2    1    2 0    2+/b0    3-/b0"]
    page = _page("output/tournaments/cat/index.html")
    assert ("CAT · Category</dt><dd>Your category, from your rank (1: 1k and stronger, 2: 2k and "
            "weaker). Category 1 is the strongest") in page


def test_category_limits_content_errors(site, run):
    """A limit that is not a rank is an error; one not below the limit before it a warning."""
    text = CATEGORIES.replace("[1k]", "[1k, 3d, x9]")
    site({"content/players.yaml": PLAYERS, "content/tournaments/cat.yaml": text})
    status, _out, err = run("build")
    assert status == 1
    assert err[:2] == [
        "content/tournaments/cat.yaml:6:25: warning: category limit 3d is not below the one "
        "before it (1k): no player can be in category 2; list the lowest rank of each "
        "category, strongest category first [tournament.categories]",
        "content/tournaments/cat.yaml:6:29: error: category_limits: 'x9' is not a rank; expected "
        "e.g. 1d, 5k [rank.syntax]"]


def test_criteria_coherence_warnings_shown_by_check_and_build(site, run):
    """placement criteria (OpenGotha's coherence check): McMahon and Swiss criteria mixed is a
    warning at the criteria, printed by check and build, which exit 0; --strict fails."""
    text = UNPAIRED.replace("system: mcmahon\n", "system: mcmahon\nparameters:\n"
                            "  criteria: [MMS, SOSW, SODOSM]\n")
    site({"content/players.yaml": PLAYERS, "content/tournaments/spring.yaml": text})
    status, out, err = run("check")
    assert status == 0
    assert err == [
        "content/tournaments/spring.yaml:4:13: warning: McMahon criteria (MMS, SODOSM) are mixed "
        "with Swiss criteria (SOSW); OpenGotha warns of it too; the standings are computed as "
        "listed [criteria.coherence]",
        "content/tournaments/spring.yaml:4:13: warning: SODOSM is not recommended (OpenGotha); "
        "OpenGotha warns of it too; the standings are computed as listed [criteria.coherence]"]
    assert "2 warnings" in out
    assert run("build")[0] == 0
    assert run("check", "--strict")[0] == 1


def test_repeated_criterion_and_dc_with_sdc_are_warnings_computed_as_opengotha(site, run):
    """A tournament written by hand with a criterion twice and DC with SDC: OpenGotha opens such
    a file and computes it, and an organizer who copied the list from it expects the same
    standings, so each is a warning at the criterion (the second MMS, the later of DC and
    SDC), not an error; check and build exit 0, --strict fails (issue 28)."""
    text = UNPAIRED.replace("system: mcmahon\n", "system: mcmahon\nparameters:\n"
                            "  criteria: [MMS, DC, SOSM, MMS, SDC]\n")
    site({"content/players.yaml": PLAYERS, "content/tournaments/spring.yaml": text})
    status, _out, err = run("check")
    assert status == 0
    assert err == [
        "content/tournaments/spring.yaml:4:29: warning: MMS appears more than once; computed as "
        "OpenGotha does: the same value again, which changes no place; list each criterion "
        "once [criteria.coherence]",
        "content/tournaments/spring.yaml:4:34: warning: DC and SDC both appear; computed as "
        "OpenGotha does: both among the players tied on the criteria before the first of them, "
        "DC then ordered by the criteria after DC (SDC among them with the value just found); "
        "keep one of them (OpenGotha warns of it too) [criteria.coherence]"]
    assert run("build")[0] == 0
    assert run("check", "--strict")[0] == 1


# --------------------------------------------------------------------------- import --replace


def test_import_again_is_refused_then_replace_keeps_the_ids(site, run):
    """A tournament already in the content (same name and dates) is refused with a hint;
    --replace after another round writes its file again: the tournament id and every player
    id are kept (a player renamed in the content keeps his id), the organizer's comment too,
    and the new round's games are in."""
    round_3 = XML.read_bytes().split(b"\n")
    first = b"\n".join(line for line in round_3 if b'roundNumber="4"' not in line)
    site({"content/players.yaml": "players:\n  - {id: hugo, name: Hugo Yilmaz, rank: 1d}\n",
          "t.xml": ""})
    Path("t.xml").write_bytes(first)
    status, _out, err = run("import", "opengotha", "t.xml", "--id", "juvisy")
    assert status == 0, err
    path = Path("content/tournaments/juvisy.yaml")
    text = path.read_text(encoding="utf-8")
    assert "games: 27" not in text and "round: 4" in text
    path.write_text(text.replace("name: Tournoi de Juvisy\n",
                                 "name: Tournoi de Juvisy  # the club's autumn tournament\n"),
                    encoding="utf-8")
    status, out, err = run("import", "opengotha", str(XML))
    assert status == 1 and out == ""
    assert err == [
        f"{_shown(XML)}:1:1: error: Tournoi de Juvisy (2019-10-26 to 2019-10-28) is already in the "
        "content: content/tournaments/juvisy.yaml; pass --replace to import it again (after "
        "another round, say): its id and its players' ids are kept [import]",
        "1 error; nothing was written"]
    players_before = Path("content/players/juvisy.yaml").read_text(encoding="utf-8")
    status, out, err = run("import", "opengotha", str(XML), "--replace")
    assert status == 0, err
    assert out.splitlines()[0] == ("replaced content/tournaments/juvisy.yaml: Tournoi de Juvisy, "
                                   "19 players, 4 rounds, 36 games")
    after = path.read_text(encoding="utf-8")
    assert "# the club's autumn tournament" in after
    assert "      - {white: sorensen-daria" not in after
    assert "  - {id: hugo, surname: Yilmaz, first_name: Hugo, rank: 1d," in after
    assert after.count("\n      - {white: ") == 36
    assert Path("content/players/juvisy.yaml").read_text(encoding="utf-8") == players_before
    assert run("build")[0] == 0
    assert _json("output/tournaments/juvisy/standings.json")["rows"][0]["id"] == "rosa-etienne"


def test_replace_needs_the_tournament_in_the_content(site, run):
    site({})
    status, _out, err = run("import", "opengotha", str(XML), "--replace")
    assert status == 1
    assert err[0] == (f"{_shown(XML)}:1:1: error: --replace: Tournoi de Juvisy (2019-10-26 to "
                      "2019-10-28) is not in the content (no tournament file has that name and "
                      "those dates); import it without --replace [import]")
    assert not Path("content/tournaments").exists()


def test_replace_adds_a_late_player_to_the_players_file(site, run):
    """A player who joined after the first import gets a new id, added to players/<id>.yaml;
    everyone else keeps theirs."""
    xml = XML.read_bytes()
    late = b'<Player agaExpirationDate="" agaId="" club="01Ca" country="FR" egfPin="" ffgLicence="" ffgLicenceStatus="L" firstName="Zo\xc3\xa9" grade="18K" name="Abelard" participating="11111111111111111111" rank="18K" rating="276" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0" />\n'
    without = xml.replace(late, b"").replace(b'whitePlayer="ABELARDZO\xc3\x89"', b'whitePlayer="X"')
    without = b"\n".join(line for line in without.split(b"\n")
                         if b"ABELARDZO\xc3\x89" not in line and b'"X"' not in line)
    site({"a.xml": "", "b.xml": ""})
    Path("a.xml").write_bytes(without)
    Path("b.xml").write_bytes(xml)
    assert run("import", "opengotha", "a.xml", "--id", "juv")[0] == 0
    status, out, err = run("import", "opengotha", "b.xml", "--replace")
    assert status == 0, err
    assert "added to content/players/juv.yaml: 1 new players" in out
    players = Path("content/players/juv.yaml").read_text(encoding="utf-8")
    assert players.count("\n  - {id: ") == 19 and "{id: zoe-abelard, name: Zoé Abelard" in players
    assert run("build")[0] == 0


def test_reused_player_with_another_rank_is_a_warning(site, run):
    """A tournament player taken as an existing site player whose rank in the players files
    differs is a warning at the player in the imported file; the import still writes."""
    site({"content/players.yaml": "players:\n  - {id: hugo, name: Hugo Yilmaz, rank: 2d}\n"})
    status, out, err = run("import", "opengotha", str(XML), "--id", "juvisy")
    assert status == 0
    assert err == [f"{_shown(XML)}:16:1: warning: Hugo Yilmaz is taken as the existing player 'hugo', 2d "
                   "in the players files; the tournament gives 1d; the tournament keeps its own "
                   "rank; if they are two people, give one another name in the players files "
                   "and import again [import.rank]"]
    assert "reused 1 existing players: hugo" in out


# --------------------------------------------------------------------------- h9 columns


def test_h9_unknown_criterion_heading_is_a_positioned_error(site, run):
    """The h9 import never drops a column: an unknown heading is an error at its column, a
    value column without a heading at its row; nothing is written."""
    site({"x.h9": "; EV[T]\n; Pl Name                            Rk Co Club  MMS SSOS\n"
                  "   1 A A    1k XX xxxx   31   30 0 2+/w0\n   2 B B    2k XX xxxx   28   31 0 1-/b0\n"})
    status, _out, err = run("import", "h9", "x.h9")
    assert status == 1
    assert err == [
        "x.h9:2:54: error: 'SSOS' is not a placement criterion sitegen knows; expected "
        "OpenGotha's short names: MMS, NBW, SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS, EXT, EXR, DC, "
        "SDC, CPS, CAT, STS, SOSTS, Rank, Rating (NULL or NONE for none) [h9.criterion]",
        "1 error; nothing was written"]
    Path("y.h9").write_text("; EV[T]\n; Pl Name Rk Co Club MMS\n"
                            "   1 A A 1k XX xxxx 31 30 2+/w0\n   2 B B 2k XX xxxx 28 31 1-/b0\n",
                            encoding="utf-8")
    status, _out, err = run("import", "h9", "y.h9")
    assert status == 1
    assert err[:2] == [
        "y.h9:3:1: error: the row holds 2 criteria values and the heading (line 2) names 1; "
        "give each value column its criterion in the heading line, e.g. '; Pl Name ... Club MMS "
        "SOS' [h9.columns]",
        "y.h9:4:1: error: the row holds 2 criteria values and the heading (line 2) names 1; "
        "give each value column its criterion in the heading line, e.g. '; Pl Name ... Club MMS "
        "SOS' [h9.columns]"]
    assert not Path("content/tournaments").exists()


def test_h9_import_warns_of_values_it_does_not_reproduce(site, run):
    """A criteria value of the file that the games do not give is a warning (the import
    writes the tournament, whose pages show the computed values)."""
    site({"x.h9": "; EV[T]\n; Pl Name Rk Co Club NBW SOS\n"
                  "   1 A A 1k XX xxxx 1 9 2+/w0\n   2 B B 2k XX xxxx 0 1 1-/b0\n"})
    status, _out, err = run("import", "h9", "x.h9")
    assert status == 0
    assert err == ["x.h9:3:26: warning: column SOS (SOSW): row 1 (A A) has 9 in the file, 0 "
                   "computed from the games; the file's settings may differ from those an h9 "
                   "file carries (bye and absence values, ...); the site shows the computed "
                   "values [h9.values]"]


def test_h9_placeholders_and_categories_read_back(site, run):
    """OpenGotha's XX (no country) and xxxx (no club) read as unknown; the CAT column of an h9
    gives the categories' limits back (2d and 1k in 1, 2k and 5k in 2: limit 1k)."""
    site({"content/players.yaml": PLAYERS, "content/tournaments/cat.yaml": CATEGORIES})
    assert run("build")[0] == 0
    Path("cat.h9").write_bytes(Path("output/tournaments/cat/results.h9").read_bytes().replace(
        b"EV[Club Categories]", b"EV[Club Categories again]"))
    status, _out, err = run("import", "h9", "cat.h9", "--id", "cat2")
    assert status == 0, err
    text = Path("content/tournaments/cat2.yaml").read_text(encoding="utf-8")
    assert "  category_limits: [1k]\n" in text and "criteria: [CAT, NBW, SOSW]" in text
    assert "club:" not in text and "country:" not in text
    assert run("build")[0] == 0
    rows = _json("output/tournaments/cat2/standings.json")["rows"]
    assert [(r["place"], r["CAT"], r["NBW"]) for r in rows] == [(1, 1, 1), (2, 1, 0), (3, 2, 2), (4, 2, 1)]


def test_engine_final_standings_of_the_unpaired_tournament():
    """The engine's view of the same case: after round 1 (the last with a game) SOSM would be
    29, 32, 27, 25 -- the site no longer publishes that as final."""
    from sitegen.model.common import Rank
    from sitegen.model.tournament import (Absence, GameResult as R, Tournament,
                                          TournamentGame as G, TournamentPlayer as P)
    t = Tournament("s", "S", 5, (P("ann", "A", "", Rank(1)), P("bob", "B", "", Rank(-1)),
                                 P("cy", "C", "", Rank(-3)), P("dee", "D", "", Rank(-5))),
                   (G(1, "ann", "bob", R.WHITE_WINS), G(1, "cy", "dee", R.BLACK_WINS)),
                   absences=(Absence(3, "cy"), Absence(4, "cy")))
    from sitegen.model.tournament import Criterion as C
    after_1 = {r.player_id: r.values[C.SOSM] for r in standings(t, 1)}
    assert after_1 == {"ann": 29, "bob": 32, "cy": 26, "dee": 27}
    assert t.last_round == 5


def test_import_prints_the_warnings_a_build_will_give(site, run):
    """An OpenGotha file mixing McMahon and Swiss criteria imports; the import prints the
    coherence warning at the criteria of the file it wrote, as check and build will."""
    data = (REF / "mcmahon-2020-dc-strasbourg.xml").read_bytes().replace(
        b'name="SOSM" number="2"', b'name="SOSW" number="2"')
    site({"mixed.xml": ""})
    Path("mixed.xml").write_bytes(data)
    status, _out, err = run("import", "opengotha", "mixed.xml", "--id", "sm")
    assert status == 0
    assert err == ["content/tournaments/sm.yaml:17:13: warning: McMahon criteria (MMS, SOSOSM) "
                   "are mixed with Swiss criteria (SOSW); OpenGotha warns of it too; the "
                   "standings are computed as listed [criteria.coherence]"]
    assert run("check")[2] == err


def test_import_of_a_file_with_a_repeated_criterion_and_dc_with_sdc(site, run):
    """An OpenGotha file whose criteria repeat SOSM and hold DC with SDC (OpenGotha opens it)
    imports with the two warnings at the criteria of the file written, as check gives them;
    the standings are OpenGotha's (tests/reference/test_opengotha_exports.py)."""
    data = (REF / "mcmahon-2020-dc-strasbourg.xml").read_bytes()
    crits = re.findall(rb'<PlacementCriterion name="(\w+)" number="(\d)"', data)
    assert [c for c, _ in crits[:5]] == [b"MMS", b"SOSM", b"DC", b"SOSOSM", b"NULL"]
    data = data.replace(b'name="SOSOSM" number="4"', b'name="SOSM" number="4"').replace(
        b'name="NULL" number="5"', b'name="SDC" number="5"')
    site({"mixed.xml": ""})
    Path("mixed.xml").write_bytes(data)
    status, _out, err = run("import", "opengotha", "mixed.xml", "--id", "sm")
    assert status == 0
    assert [line.split(": warning: ")[1].split(";")[0] for line in err] == [
        "SOSM appears more than once", "DC and SDC both appear"]
    assert run("check")[2] == err


def test_strasbourg_criteria_worded_for_players():
    """STS and SOSTS explained with the tournament's own rounds and bar (placement: STS): with
    5 rounds the quarter-final is round 3 and the semi-final round 4; with unplayed games
    counted as ½, the page says that SOSTS then counts the opponents' STS as 0, as OpenGotha."""
    from sitegen.model.tournament import (Criterion as C, Tournament, TournamentParameters)
    from sitegen.pages.tournament import criterion_columns
    t = Tournament("t", "T", 5, (), parameters=TournamentParameters(
        criteria=(C.STS, C.SOSTS), count_unplayed_as_half=True))
    sts, sosts = criterion_columns(t, ENGLISH_WORDS)
    assert (sts["long"], sosts["long"]) == ("Strasbourg score", "Sum of opponents' Strasbourg scores")
    assert sts["text"] == (
        "Your McMahon score, plus 2 points from round 3 (the quarter-final) and 2 more from round 4 "
        "(the semi-final) if by then you had won every game from the bar (4d): for a McMahon "
        "tournament whose top group plays a knock-out bracket.")
    assert sosts["text"].endswith("OpenGotha counts each opponent's STS as 0 here (only the "
                                  "handicap correction is left); the site does the same, so "
                                  "that its numbers are OpenGotha's.")


def test_replace_refuses_to_overwrite_a_result_unless_told_which_to_take(site, run):
    """A known result of the content that the file contradicts is not overwritten silently:
    --replace refuses, with an error at the game naming both results; --results file takes
    the file's and --results content keeps the content's, each with a warning there."""
    changed = XML.read_bytes().replace(
        b'result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1"',
        b'result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"')
    site({"a.xml": ""})
    Path("a.xml").write_bytes(changed)
    assert run("import", "opengotha", "a.xml", "--id", "juv")[0] == 0
    path = Path("content/tournaments/juv.yaml")
    before = path.read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(before.splitlines(), start=1)
                if "{white: rosa-etienne, black: clement-carmody-2" in text)
    where = (f"content/tournaments/juv.yaml:{line}:9: ")
    said = (f"round 1: rosa-etienne (White) - clement-carmody-2: B+ in the content, W+ "
            f"(rosa-etienne White) in {_shown(XML)}")
    status, _out, err = run("import", "opengotha", str(XML), "--replace")
    assert (status, err) == (1, [
        f"{where}error: {said}; a result entered in the content is not overwritten; correct the "
        "result where it is wrong: in the tournament program (then export the file again) or in "
        "the content; or import again with --results file to take the file's results, or "
        "--results content to keep the content's [import.result]",
        "1 error; nothing was written"])
    assert path.read_text(encoding="utf-8") == before
    status, _out, err = run("import", "opengotha", str(XML), "--replace", "--results", "content")
    assert (status, err) == (0, [f"{where}warning: {said}; the content's result is kept "
                                 "(--results content) [import.result]"])
    assert path.read_text(encoding="utf-8") == before
    status, _out, err = run("import", "opengotha", str(XML), "--replace", "--results", "file")
    assert (status, err) == (0, [f"{where}warning: {said}; the file's result is written "
                                 "(--results file) [import.result]"])
    assert "{white: rosa-etienne, black: clement-carmody-2, handicap: 0, result: W+}" in path.read_text(
        encoding="utf-8")
    assert run("import", "opengotha", str(XML), "--results", "file")[2][0] == (
        "sitegen import: error: --results file: --results is for --replace; --results file "
        "or --results content, with --replace [import]")


def test_dc_and_sdc_texts_name_the_first_of_them_as_the_groups_edge():
    """placement: direct confrontation, as OpenGotha: DC and SDC both compare the players tied
    on every criterion before the first of DC and SDC. With [MMS, SDC, DC], DC's group is the
    players tied on MMS (not on MMS and SDC): both texts say "before SDC"; with [MMS, DC, SDC]
    both say "before DC"; with DC alone, "before DC"."""
    from sitegen.model.tournament import Criterion as C, Tournament, TournamentParameters
    from sitegen.pages.tournament import criterion_columns

    def texts(*criteria):
        t = Tournament("t", "T", 5, (), parameters=TournamentParameters(criteria=criteria))
        return {column["key"]: column["text"] for column in criterion_columns(t, ENGLISH_WORDS)}

    sdc_first = texts(C.MMS, C.SDC, C.DC)
    assert sdc_first["DC"].startswith("Among players tied on the criteria before SDC: a player is "
                                      "placed above the players they beat;")
    assert sdc_first["SDC"].startswith("If all players tied on the criteria before SDC played")
    dc_first = texts(C.MMS, C.DC, C.SDC)
    assert dc_first["DC"].startswith("Among players tied on the criteria before DC: ")
    assert dc_first["SDC"].startswith("If all players tied on the criteria before DC played")
    assert texts(C.MMS, C.DC)["DC"].startswith("Among players tied on the criteria before DC: ")
    assert texts(C.MMS, C.SDC)["SDC"].startswith("If all players tied on the criteria before SDC ")
