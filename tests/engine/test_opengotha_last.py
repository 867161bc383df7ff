"""The last differences between sitegen and OpenGotha 3.51 (issue 28, "OpenGotha, the last
differences"), each worked by hand from OpenGotha's sources (lucvannier/opengotha, V3.51.02;
the file and method named in each test)."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from sitegen.engine.placement import standings
from sitegen.formats import FormatError
from sitegen.formats.h9 import read_h9, write_h9
from sitegen.formats.opengotha import read_opengotha
from sitegen.model.common import Rank
from sitegen.model.tournament import (Criterion as C, GameResult as R, System, Tournament,
                                      TournamentGame as G, TournamentParameters,
                                      TournamentPlayer as P)


def _group(criteria: tuple[C, ...]) -> Tournament:
    """a beat b (round 1) and c (round 3), b beat c (round 2); z registered, 5k, no game, no
    bye. a 1k, b 2k, c 1d."""
    players = (P("a", "A", "", Rank.parse("1k")), P("b", "B", "", Rank.parse("2k")),
               P("c", "C", "", Rank.parse("1d")), P("z", "Z", "", Rank.parse("5k")))
    games = (G(1, "a", "b", R.WHITE_WINS), G(2, "b", "c", R.WHITE_WINS),
             G(3, "a", "c", R.WHITE_WINS))
    return Tournament("t", "T", 3, players, games,
                      parameters=TournamentParameters(system=System.SWISS, criteria=criteria))


def test_sdc_counts_a_registered_player_without_game():
    """SDC (OG Tournament.orderedScoredPlayersList sorts hmScoredPlayers, every registered
    player; fillDirScoringInfo groups them; defineDirForExAequoGroup gives SDC only if every
    pair of the group has a non-zero balance). z met nobody, so SDC is 0 for all, and the
    places come from RANK: c (1d), a (1k), b (2k). z is left out of what is shown
    (ExternalDocument.generateH9File removes the players not implied after ordering).
    Without z it would be a 2, b 1, c 0."""
    rows = standings(_group((C.SDC, C.RANK)))
    assert [(r.player_id, r.values[C.SDC], r.place) for r in rows] == [
        ("c", 0, 1), ("a", 0, 2), ("b", 0, 3)]


def test_dc_counts_a_registered_player_without_game():
    """DC (OG defineDirForExAequoGroup and mw.go.confrontation.Confrontation): the group is
    a, b, c, z; sc from RANK (the criteria after DC): a, b, c 4, z 1. Players who beat no
    remaining member, lowest sc first: z (rank 4), then c (3), b (2), a (1); DC = 4 - rank:
    a 3, b 2, c 1 (z 0, not shown). Without z it would be a 2, b 1, c 0."""
    t = _group((C.DC, C.RANK))
    t = replace(t, players=tuple(replace(p, rank=Rank.parse("1k")) if p.id != "z" else p
                                 for p in t.players))
    rows = standings(t)
    assert [(r.player_id, r.values[C.DC], r.place) for r in rows] == [
        ("a", 3, 1), ("b", 2, 2), ("c", 1, 3)]
    assert [r.values[C.DC] for r in standings(t, include_not_implied=True)] == [3, 2, 1, 0]


REF = Path(__file__).parent.parent / "reference" / "opengotha"
XML = (REF / "mcmahon-2019-handicap.xml").read_bytes()
CRITERIA = (b'<PlacementCriterion name="MMS" number="1" />\n'
            b'<PlacementCriterion name="SOSM" number="2" />\n'
            b'<PlacementCriterion name="SOSOSM" number="3" />\n')


def _all_null() -> bytes:
    assert CRITERIA in XML
    return XML.replace(CRITERIA, b"".join(
        b'<PlacementCriterion name="NULL" number="%d" />\n' % n for n in (1, 2, 3)))


def test_all_null_criteria_leave_everyone_level():
    """Every criterion NULL (OG importTournamentParameterSetFromXMLFile keeps NUL;
    ScoredPlayerComparator compares NUL as 0): the 19 players share place 1, shown by surname
    then first name (ScoredPlayer.positionStrings: blank after the first); not MMS, SOSM,
    SOSOSM. The h9 file has OpenGotha's one NULL column of 0 (PlacementParameterSet.
    purgeUselessCriteria, ScoredPlayer.formatScore) and three ` 0` fillers."""
    t = read_opengotha(_all_null())
    assert t.parameters.criteria == ()
    rows = standings(t)
    assert {(r.place, r.shared) for r in rows} == {(1, True)}
    assert [r.player.surname for r in rows][::6] == ["Abelard", "Esterházy", "Okonkwo", "Étienne"]
    lines = write_h9(t).decode("iso8859_15").splitlines()
    assert lines[10] == "; Pl Name                            Rk Co Club NULL"
    assert lines[11] == ("   1 Abelard Zoé                    18K FR 01Ca    0 0 0 0"
                         "    2-/b7   10-/b8    4+/b9   15-/b9")
    assert lines[12].startswith("     Abelard-2 Olaf                 10K FR 11Ck    0 0 0 0 ")


def test_all_null_criteria_import_with_a_warning(site, run):
    """`sitegen import` writes `criteria: [NULL]`; check and import warn at it, exit 0."""
    site({})
    Path("null.xml").write_bytes(_all_null())
    status, _out, err = run("import", "opengotha", "null.xml", "--id", "null")
    assert status == 0, err
    text = Path("content/tournaments/null.yaml").read_text(encoding="utf-8")
    assert "  criteria: ['NULL']\n" in text
    line = text.splitlines().index("  criteria: ['NULL']") + 1
    assert err == [
        f"content/tournaments/null.yaml:{line}:13: warning: every placement criterion is NULL: "
        "all players are level and share place 1, as OpenGotha computes it; list the "
        "tournament's criteria, e.g. [MMS, SOSM, SOSOSM] [criteria.null]"]


def test_criterion_name_is_exact():
    """OG importTournamentParameterSetFromXMLFile compares the name with String.equals: `sosm`
    is no criterion (docs/placement.md: an unknown name is an error at its element)."""
    xml = XML.replace(b'name="SOSM" number="2"', b'name="sosm" number="2"')
    with pytest.raises(FormatError) as exc:
        read_opengotha(xml, "x.xml")
    line = XML[:XML.index(b'name="SOSM" number="2"')].count(b"\n") + 1
    assert exc.value.diagnostics[0].format().startswith(
        f"x.xml:{line}:1: error: <PlacementCriterion>: name='sosm' is not a placement criterion "
        "sitegen knows; expected one of NULL, NBW, MMS,")


def _h9_line(surname: str, first: str, club: str = "", country: str = "") -> str:
    """The first player line of an h9 file of a one-game tournament (a beats b)."""
    a = P("a", surname, first, Rank.parse("2k"), club=club, country=country)
    t = Tournament("t", "T", 1, (a, P("b", "B", "Bo", Rank.parse("5k"))),
                   (G(1, "a", "b", R.WHITE_WINS),))
    return write_h9(t).decode("iso8859_15").splitlines()[7]


def test_h9_fields_as_opengotha_writes_them():
    """OG ExternalDocument.generateH9File and Player: ``fullUnblankedName`` (each part's spaces
    as ``_``, a first name's last blank too), cut to 30 columns (``substring(0, 30)``); a
    surname starting with a digit or ``-`` and a numeric club or country bare; the club cut to
    its first 4 (``Player`` constructor, ``MAX_CLUB_LENGTH``); the country's last 2."""
    tail = "   29   25   29 0    2+/w0"
    assert _h9_line("van der Berg-Oosterhuizen", "Anna Maria") == (
        "   1 van_der_Berg-Oosterhuizen Anna  2K XX xxxx" + tail)
    assert _h9_line("Lee", "Jean ") == f"   1 {'Lee Jean_':<30}  2K XX xxxx" + tail
    assert _h9_line("3rd", "Kim", "1234", "12") == (
        f"   1 {'3rd Kim':<30}  2K 12 1234" + tail)
    assert _h9_line("-Ng", "Li", "Warszawa", "PL") == (
        f"   1 {'-Ng Li':<30}  2K PL Wars" + tail)


def test_h9_fields_read_back_by_opengotha_columns():
    """A numeric club or country and a surname like a rank, as OpenGotha writes them (bare, in
    its fixed columns), read back from those columns."""
    data = ("; Pl Name                            Rk Co Club  MMS  SOSSOSOS\n"
            f"   1 {'3rd Kim':<30}  2K 12 1234   29   25   29 0    2+/w0\n"
            f"   2 {'-Ng Li':<30}  5K 34 5678   25   29   25 0    1-/b0\n").encode()
    rows = read_h9(data).rows
    assert [(r.surname, r.first_name, r.rank, r.country, r.club, r.values) for r in rows] == [
        ("3rd", "Kim", Rank.parse("2k"), "12", "1234", ("29", "25", "29", "0")),
        ("-Ng", "Li", Rank.parse("5k"), "34", "5678", ("25", "29", "25", "0"))]


def test_h9_tournament_name_ending_in_a_blank_is_kept():
    """OG importTournamentParameterSetFromXMLFile keeps the name as written; generateH9File
    writes ``EV[`` + name + ``]``."""
    xml = XML.replace(b'name="Tournoi de Juvisy"', b'name="Tournoi de Juvisy "')
    assert xml != XML
    assert b"; EV[Tournoi de Juvisy ]\n" in write_h9(read_opengotha(xml))


def test_h9_escape_is_a_warning(site, run):
    """A club with a space and a first name with a `;` would break the h9 file (a `;` starts a
    comment, a blank splits a field): written `Go_C` and `Al?ice`, and check warns at the
    player (docs/placement.md, "h9 files")."""
    site({"content/tournaments/cup.yaml": (
        "name: Club Cup\nsystem: mcmahon\nnumber_of_rounds: 1\nplayers:\n"
        "  - {id: ann, surname: Smith, first_name: 'Al;ice', rank: 3k, club: Go Club}\n"
        "  - {id: bob, rank: 5k}\n"
        "rounds:\n  - round: 1\n    games:\n"
        "      - {white: ann, black: bob, handicap: 0, result: W+R}\n")})
    status, _out, err = run("check")
    assert status == 0
    assert err == [
        "content/tournaments/cup.yaml:5:10: warning: player 'ann': the h9 results file cannot "
        "hold the first name and club as OpenGotha writes them; written with ? or _ so that the "
        "file keeps its columns; a ';', a tab or a line break (or a space in a club or country) "
        "would shift the columns; see docs/placement.md, \"h9 files\" [h9.escape]"]
    assert run("build")[0] == 0
    h9 = Path("output/tournaments/cup/results.h9").read_bytes().decode("iso8859_15")
    assert f"   1 {'Smith Al?ice':<30}  3K XX Go_C" in h9


def _two_players(white_key: str) -> bytes:
    """A one-round file: Carmody-2 Clémentine (White) beats Ng Li; the game names White by
    ``white_key``."""
    return ("<Tournament dataVersion=\"201\">\n<Players>\n"
            "<Player name=\"Carmody-2\" firstName=\"Clémentine\" rank=\"3K\"/>\n"
            "<Player name=\"Ng\" firstName=\"Li\" rank=\"5K\"/>\n</Players>\n<Games>\n"
            f"<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"{white_key}\" "
            "blackPlayer=\"NGLI\" result=\"RESULT_WHITEWINS\"/>\n</Games>\n"
            "<TournamentParameterSet><GeneralParameterSet numberOfRounds=\"1\"/>"
            "</TournamentParameterSet>\n</Tournament>\n").encode()


@pytest.mark.parametrize("key", ["CARMODY-2CLÉMENTİNE", "CARMODY-2CLÉMENTINE",
                                 "Carmody-2 Clémentine"])
def test_player_key_matched_as_opengotha_in_any_locale(key):
    """OG Tournament.getPlayerByKeyString: ``Player.computeKeyString`` (spaces removed,
    ``toUpperCase()`` in the default locale) of the game's reference against the players'
    keys computed the same way. A Turkish-locale OpenGotha wrote ``İ`` for the ``i`` of
    Clémentine, and finds the player again in that locale; the canonical fallback
    (getPlayerByObsoleteCanonicalName, A-Z only: ``CARMODYCLEMENTINE``) does not match the
    ``-2``. A key in another case is upper-cased first."""
    t = read_opengotha(_two_players(key), "k.xml")
    assert [(g.white, g.black, g.result) for g in t.games] == [
        ("clementine-carmody-2", "li-ng", R.WHITE_WINS)]


TWICE = """<Tournament dataVersion="201">
<Players>
<Player name="Aa" firstName="Ann" rank="3K"/>
<Player name="Bb" firstName="Bob" rank="5K"/>
<Player name="Cc" firstName="Cy" rank="5K"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="2" whitePlayer="AAANN" blackPlayer="BBBOB" result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="17" whitePlayer="CCCY" blackPlayer="AAANN" result="RESULT_WHITEWINS"/>
</Games>
<TournamentParameterSet><GeneralParameterSet numberOfRounds="1"/>
<PlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="NBW" number="1"/><PlacementCriterion name="SOSW" number="2"/>
</PlacementCriteria></PlacementParameterSet></TournamentParameterSet>
</Tournament>
"""


def test_a_player_twice_in_a_round_counts_as_in_opengotha():
    """Ann plays at table 2 (beats Bob) and table 17 (loses to Cy) of round 1. OG
    Tournament.addGame keys them 0 * 1000 + 1 = 1 and 16; fillBaseScoringInfo goes through
    hmGames (a HashMap of 16 buckets: key 16 in bucket 0, key 1 in bucket 1), so setGame keeps
    table 2 for Ann: SOS and the h9 string use Bob; NBW adds both games (1 + 0). NBW: Ann 1,
    Bob 0, Cy 1; SOSW: Ann 0 (Bob), Bob 1, Cy 1 (Ann). Places: Cy, Ann, Bob."""
    warnings: list = []
    t = read_opengotha(TWICE.encode(), "twice.xml", warnings=warnings)
    rows = standings(t)
    assert [(r.player_id, r.values[C.NBW], r.values[C.SOSW], r.place) for r in rows] == [
        ("cy-cc", 1, 1, 1), ("ann-aa", 1, 0, 2), ("bob-bb", 0, 1, 3)]
    lines = write_h9(t).decode("iso8859_15").splitlines()[-3:]
    assert [line[44:].split()[-1] for line in lines] == ["2+/w0", "3+/w0", "2-/b0"]
    assert [w.format() for w in warnings] == [
        "twice.xml:9:1: warning: <Game>: ann-aa plays more than once in round 1; counted as "
        "OpenGotha counts it: the points of every game for NBW, MMS and CPS, the game at "
        "table 2 (line 8) for SOS and the results file [opengotha.twice]"]


def test_a_game_at_the_table_of_another_replaces_it():
    """OG Tournament.addGame: hmGames.put(round * 1000 + table) replaces the game already at
    round 1, table 2; a warning at the replaced game."""
    xml = TWICE.replace('tableNumber="17"', 'tableNumber="2"')
    warnings: list = []
    t = read_opengotha(xml.encode(), "twice.xml", warnings=warnings)
    assert [(g.white, g.black) for g in t.games] == [("cy-cc", "ann-aa")]
    assert [w.format() for w in warnings] == [
        "twice.xml:8:1: warning: <Game>: round 1, table 2 has another game at line 9; "
        "OpenGotha keeps only that one [opengotha.table]"]


def test_h9_location_outer_blanks_and_bracket_as_opengotha_writes_them():
    """OG importTournamentParameterSetFromXMLFile keeps the location as written
    (extractNodeValue, no trim); generateH9File writes ``"; PC[," + location + "]"`` and
    ``"; EV[" + name + "]"`` bare: no ``\\]``, no ``\\\\``."""
    xml = XML.replace(b'name="Tournoi de Juvisy"', b'name="Tournoi [A] \\ B"')
    xml = re.sub(rb'location="([^"]*)"', rb'location=" \1 "', xml)
    out = write_h9(read_opengotha(xml)).decode("iso8859_15").splitlines()
    assert out[1] == "; EV[Tournoi [A] \\ B]"
    assert out[2].startswith("; PC[, ") and out[2].endswith(" ]")


def test_a_player_twice_in_a_round_imports_and_builds_as_opengotha_counts_it(site, run):
    """``sitegen import`` of TWICE (above): the round's games are written in OpenGotha's order
    (hmGames: key 16, table 17, before key 1, table 2), each with its ``table:``; the check
    warns at Ann's second game instead of refusing, and ``build`` gives the h9 file (places,
    NBW, SOSW, results) that read_opengotha -> write_h9 gives: Cy 1 1, Ann 1 0 (her SOS from
    Bob, table 2, the game OpenGotha's table goes through last), Bob 0 1."""
    xml = TWICE.replace('numberOfRounds="1"', 'name="Twice" numberOfRounds="1"')
    site({"twice.xml": xml})
    status, _out, err = run("import", "opengotha", "twice.xml", "--id", "twice")
    assert status == 0, err
    text = Path("content/tournaments/twice.yaml").read_text(encoding="utf-8")
    assert ("    games:\n"
            "      - {white: cy-cc, black: ann-aa, handicap: 0, result: W+, table: 17}\n"
            "      - {white: ann-aa, black: bob-bb, handicap: 0, result: W+, table: 2}\n") in text
    status, _out, err = run("build")
    assert status == 0, err
    assert err == [
        "content/tournaments/twice.yaml:28:17: warning: player 'ann-aa' plays twice in round 1 "
        "(first at line 27); counted as OpenGotha counts it: the points of every game for NBW, "
        "MMS and CPS, the game listed last for SOS and the results file [round.paired-twice]"]
    built = Path("output/tournaments/twice/results.h9").read_bytes()
    assert built == write_h9(read_opengotha(xml.encode(), "twice.xml"))
    assert [line[44:].split()[-1] for line in built.decode("iso8859_15").splitlines()[-3:]] == [
        "2+/w0", "3+/w0", "2-/b0"]


def test_a_player_twice_in_a_round_needs_both_tables(site, run):
    """Without ``table:`` on both games a player paired twice stays an error; two games at
    one table of a round are an error (OpenGotha's addGame would keep only one)."""
    games = ("      - {white: ann, black: bob, handicap: 0, result: W+, table: 2}\n"
             "      - {white: cy, black: ann, handicap: 0, result: W+%s}\n")
    head = ("name: Cup\nsystem: swiss\nnumber_of_rounds: 1\nplayers:\n  - {id: ann, rank: 3k}\n"
            "  - {id: bob, rank: 5k}\n  - {id: cy, rank: 5k}\nrounds:\n  - round: 1\n    games:\n")
    site({"content/tournaments/cup.yaml": head + games % ""})
    status, _out, err = run("check")
    assert status == 1
    assert err[0] == ("content/tournaments/cup.yaml:12:28: error: player 'ann' is paired twice "
                      "in round 1 (first at line 11) [round.paired-twice]")
    site({"content/tournaments/cup.yaml": head + games % ", table: 2"})
    status, _out, err = run("check")
    assert status == 1
    assert err[0] == ("content/tournaments/cup.yaml:12:65: error: table 2 has two games in "
                      "round 1 (first at line 11) [round.table]")


def test_import_then_build_keeps_outer_blanks_of_name_and_location(site, run):
    """OG importTournamentParameterSetFromXMLFile keeps ``name`` and ``location`` as written
    (extractNodeValue, no trim); generateH9File writes ``"; EV[" + name + "]"`` and
    ``"; PC[," + location + "]"``. The import quotes them in the YAML, the check keeps the
    outer blanks of a quoted name and location, and build's h9 is byte for byte the one
    write_h9 gives from the file: ``EV[Tournoi de Juvisy ]``, ``PC[,  Juvisy ]``."""
    xml = XML.replace(b'name="Tournoi de Juvisy"', b'name="Tournoi de Juvisy "')
    xml = re.sub(rb'location="([^"]*)"', rb'location=" \1 "', xml)
    assert xml.count(b'"Tournoi de Juvisy "') == 1 and b'location=" ' in xml
    site({"t.xml": xml.decode("utf-8")})
    status, _out, err = run("import", "opengotha", "t.xml", "--id", "juvisy")
    assert status == 0, err
    assert run("build")[0] == 0
    built = Path("output/tournaments/juvisy/results.h9").read_bytes()
    lines = built.decode("iso8859_15").splitlines()
    assert lines[1] == "; EV[Tournoi de Juvisy ]"
    assert lines[2].startswith("; PC[, ") and lines[2].endswith(" ]")
    assert built == write_h9(read_opengotha(xml, "t.xml"))


def test_an_end_before_the_begin_is_kept_as_opengotha_keeps_it(site, run):
    """OG importTournamentParameterSetFromXMLFile sets beginDate and endDate as parsed, with no
    order check; generateH9File writes ``DT[`` begin ``,`` end ``]``: ``DT[2019-10-28,2019-10-26]``.
    read_opengotha warns at <GeneralParameterSet> (line 437); import -> build gives the same h9
    file, and check's tournament.dates is a warning at ``end:``."""
    xml = XML.replace(b'beginDate="2019-10-26"', b'beginDate="2019-10-28"').replace(
        b'endDate="2019-10-28"', b'endDate="2019-10-26"')
    warnings: list = []
    t = read_opengotha(xml, "t.xml", warnings=warnings)
    assert (t.begin.isoformat(), t.end.isoformat()) == ("2019-10-28", "2019-10-26")
    assert [w.format() for w in warnings] == [
        "t.xml:437:1: warning: <GeneralParameterSet>: endDate=2019-10-26 is before "
        "beginDate=2019-10-28; both kept as OpenGotha keeps them [opengotha.dates]"]
    assert "; DT[2019-10-28,2019-10-26]" in write_h9(t).decode("iso8859_15").splitlines()
    site({"t.xml": xml.decode("utf-8")})
    status, _out, err = run("import", "opengotha", "t.xml", "--id", "juvisy")
    assert status == 0, err
    status, _out, err = run("check")
    assert status == 0
    assert err == [
        "content/tournaments/juvisy.yaml:5:6: warning: the tournament ends (2019-10-26) before it "
        "starts (2019-10-28); both kept as given (the h9 file's DT gives them so, as OpenGotha "
        "writes them) [tournament.dates]"]
    assert run("build")[0] == 0
    assert Path("output/tournaments/juvisy/results.h9").read_bytes() == write_h9(t)


@pytest.mark.parametrize("text", ["1900-12-31", "2019-02-30", "20191026", "2019-1-26", "soon"])
def test_a_date_opengotha_does_not_keep_is_left_out_with_a_warning(text):
    """OG GothaDate.parse(s, "yyyy-MM-dd") gives 1900-01-01 for a text it cannot parse, whose
    year is 1900 or before, or that it does not format back the same (``2019-02-30`` parses
    leniently to 2019-03-02; ``2019-1-26`` formats as ``2019-01-26``); the import then takes
    the current day. sitegen never reads the clock: the date is left out, with a warning; the
    h9 DT gives the other date twice (``DT[2019-10-28,2019-10-28]``)."""
    xml = XML.replace(b'beginDate="2019-10-26"', f'beginDate="{text}"'.encode())
    warnings: list = []
    t = read_opengotha(xml, "t.xml", warnings=warnings)
    assert (t.begin, t.end.isoformat()) == (None, "2019-10-28")
    assert [w.format() for w in warnings] == [
        f"t.xml:437:1: warning: <GeneralParameterSet>: beginDate='{text}' is not a date "
        "OpenGotha keeps (a day YYYY-MM-DD after 1900): OpenGotha shows the current day "
        "instead; left out [opengotha.date]"]
    assert "; DT[2019-10-28,2019-10-28]" in write_h9(t).decode("iso8859_15").splitlines()


def test_a_tab_or_line_break_in_a_header_value_is_an_escape_warning(site, run):
    """OG generateH9File writes ``"; EV[" + name + "]"`` and ``"; PC[," + location + "]"``
    bare: a tab or line break (``&#9;``, ``&#10;`` in the file) would split or end the header
    line. read_opengotha reads each as a space, with an h9.escape warning at
    <GeneralParameterSet> (line 437): ``EV[Tournoi de Juvisy]``, ``PC[, Juvisy]`` (the
    location keeps its first space). The file imports, and build's h9 is the same."""
    xml = XML.replace(b'name="Tournoi de Juvisy"', b'name="Tournoi&#9;de&#10;Juvisy"')
    xml = re.sub(rb'location="([^"]*)"', rb'location="&#13;\1"', xml)
    warnings: list = []
    t = read_opengotha(xml, "t.xml", warnings=warnings)
    assert [w.format() for w in warnings] == [
        f"t.xml:437:1: warning: <GeneralParameterSet>: the tournament {what} holds a tab or a "
        "line break, which the h9 results file cannot hold as OpenGotha writes it (it would "
        "break the header line); read as a space [h9.escape]" for what in ("name", "location")]
    h9 = write_h9(t)
    lines = h9.decode("iso8859_15").splitlines()
    assert lines[1] == "; EV[Tournoi de Juvisy]"
    assert lines[2].startswith("; PC[, ") and "\r" not in lines[2]
    site({"t.xml": xml.decode("utf-8")})
    status, _out, err = run("import", "opengotha", "t.xml", "--id", "juvisy")
    assert status == 0, err
    assert run("build")[0] == 0
    assert Path("output/tournaments/juvisy/results.h9").read_bytes() == h9
