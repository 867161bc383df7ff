"""EGD h9 reading and writing (opengotha.md 3.3; EGF 'Comments on submitting tournament results')."""

from fractions import Fraction
from pathlib import Path

import pytest

from sitegen.engine.placement import standings
from sitegen.model.tournament import Criterion as C, GameResult, Tournament, TournamentGame, TournamentPlayer
from sitegen.formats import FormatError
from sitegen.formats.h9 import parse_rank, parse_value, read_h9, to_tournament, write_h9, write_table
from sitegen.model.common import Rank

H9 = (Path(__file__).parent.parent / "reference" / "opengotha" / "mcmahon-2019-handicap.h9").read_bytes()


def test_h9_read_write_same_table():
    """Reading OpenGotha's h9 and writing it again gives the same bytes."""
    assert write_table(read_h9(H9)) == H9


def test_h9_read_header_and_rows():
    h = read_h9(H9)
    assert h.tags["EV"] == "Tournoi de Juvisy" and h.tags["HA"] == "h1"
    assert h.columns == ("MMS", "SOSSOSOS") and h.generated_by == "OpenGotha 3.49.03"
    first = h.rows[0]
    assert (first.place, first.surname, first.first_name, first.rank) == (1, "Étienne", "Rosa", Rank(2))
    assert first.values == ("36", "128", "503", "0")
    assert first.rounds[3].opponent == 15 and first.rounds[3].handicap == 4


def test_h9_to_tournament_and_back_reproduces_file():
    """An h9 imported as a tournament (McMahon defaults) recomputes the same table."""
    t = to_tournament(read_h9(H9))
    assert write_h9(t, generator="OpenGotha 3.49.03") == H9
    assert [a.round for a in t.absences if a.player == "noe-carmody"] == [1]


def test_h9_utf8_dialect_blank_places_pin_and_quirks():
    text = (
        "; EV[Test]\n"
        "; Pl Name Rk Co Club NBW SOS\n"
        "1 Nowak Jan 3k PL Wars 2 1 2+/w 3=/b2 |12345678\n"
        "  Łukasz Ola 5 PL Krak 0 2 1-/b 0=0 ; late\n"
        "3 Kim_Lee Min 2d KR Seou 1½ 2 0+ 1=/w2!\n"
    ).encode("utf-8")
    h = read_h9(text)
    a, b, c = h.rows
    assert a.pin == "12345678" and b.place is None and b.rank == Rank(-5)
    assert c.surname == "Kim Lee" and c.rounds[1].forfeit and c.rounds[1].handicap == 2
    assert a.rounds[0].colour == "w" and a.rounds[0].handicap is None
    assert parse_value(c.values[0]) == Fraction(3, 2)
    t = to_tournament(h)
    g1 = next(g for g in t.games if g.round == 1)
    assert (g1.white, g1.black, g1.result, g1.handicap) == ("jan-nowak", "ola-lukasz", GameResult.WHITE_WINS, 0)
    g2 = next(g for g in t.games if g.round == 2)
    assert g2.result is GameResult.JIGO and g2.forfeit and g2.handicap == 2
    assert [(x.round, x.player) for x in t.byes] == [(1, "min-kim-lee")]
    assert [(x.round, x.player) for x in t.absences] == [(2, "ola-lukasz")]


def test_h9_latin1_and_missing_colour_and_big_handicap():
    text = "1 Dupré Zoé 10k FR Pari 1 2+ \n2 Bé Al 20k FR Pari 0 1-/b11\n".encode("latin-1")
    h = read_h9(text)
    assert h.rows[0].surname == "Dupré" and h.rows[1].rounds[0].handicap == 11
    g = to_tournament(h).games[0]
    assert (g.white, g.black, g.handicap, g.colours_known) == ("zoe-dupre", "al-be", 11, True)


def test_h9_unknown_colour_both_sides():
    h = read_h9(b"1 A A 1k XX xxxx 1 2+\n2 B B 2k XX xxxx 0 1-\n")
    g = to_tournament(h).games[0]
    assert not g.colours_known and g.white == "a-a"


def test_h9_errors_collected_with_line_and_column():
    text = b"1 A A 1k XX xxxx 1 5+/w0 2+/w0\n2 B B 2k XX xxxx 0 0- 1-/b0\n3 C C 3x XX xxxx 0 0- 0-\n"
    with pytest.raises(FormatError) as info:
        read_h9(text, "r.h9")
    lines = [d.format() for d in info.value.diagnostics]
    assert any(x.startswith("r.h9:1:20: error: opponent 5 in round 1") for x in lines)
    assert any(x.startswith("r.h9:3:") and "rank" in x for x in lines)


def test_h9_disagreeing_halves():
    with pytest.raises(FormatError) as info:
        to_tournament(read_h9(b"1 A A 1k XX xxxx 1 2+/w0\n2 B B 2k XX xxxx 1 1=/b0\n", "d.h9"))
    assert "disagree" in info.value.diagnostics[0].message


def test_h9_rank_forms():
    assert parse_rank("18K") == Rank(-18) and parse_rank("3d") == Rank(2) and parse_rank("7") == Rank(-7)
    with pytest.raises(ValueError):
        parse_rank("40k")


def test_h9_writer_tie_blank_place_and_row_references():
    """Ties: blank place after the first row; opponents are referenced by row."""
    h = read_h9(b"1 A A 5k XX xxxx 1 2=/w0\n  B B 5k XX xxxx 1 1=/b0\n")
    t = to_tournament(h)
    out = write_h9(t).decode("iso8859_15").splitlines()
    assert out[-2].startswith("   1 A A") and out[-1].startswith("     B B")
    assert out[-1].endswith("    1=/b0")
    assert standings(t)[1].shared
    assert t.parameters.criteria == (C.MMS, C.SOSM, C.SOSOSM)  # no heading: McMahon defaults


def _one_game(a: TournamentPlayer, b: TournamentPlayer, **fields) -> Tournament:
    return Tournament("t", fields.pop("name", "T"), 1, (a, b),
                      (TournamentGame(1, a.id, b.id, GameResult.WHITE_WINS, 2),), **fields)


def test_h9_header_values_bare_as_opengotha_writes_them():
    """issue 28: ``]`` and ``\\`` in a header value are written bare, as OpenGotha writes them
    (ExternalDocument.generateH9File: ``"; EV[" + gps.getName() + "]"``), no longer SGF-escaped
    (issue 15 item 8); a line break becomes a space (it would end the line); the location's
    outer blanks are kept. The values read back up to the line's last ``]``."""
    t = _one_game(TournamentPlayer("a", "A", rank=Rank(1)), TournamentPlayer("b", "B"),
                  name="Cup [A] \\ 2]", location=" Paris]\nLyon ", time_system="\\")
    data = write_h9(t)
    lines = data.decode("iso8859_15").splitlines()
    assert lines[:3] == ["; CL[X]", "; EV[Cup [A] \\ 2]]", "; PC[, Paris] Lyon ]"]
    assert "; CM[\\]" in lines
    h = read_h9(data)
    assert (h.tags["EV"], h.tags["PC"], h.tags["CM"]) == ("Cup [A] \\ 2]", ", Paris] Lyon ", "\\")


def test_h9_header_value_with_an_unescaped_bracket_still_reads():
    """A file from OpenGotha (which does not escape) keeps its value up to the last ``]``."""
    assert read_h9(b"; EV[Cup ]A[ 2]\n").tags["EV"] == "Cup ]A[ 2"


def test_h9_names_clubs_and_countries_do_not_shift_columns():
    """issue 15 item 8: a tab in a surname, a space in a club, a first name that reads as a
    rank, a country that reads as a value and a ``;`` in a name used to shift the columns or
    cut the line; each now reads back (the tab as a space), with the same rank and result."""
    a = TournamentPlayer("a", "Kim\tLee", "3d", Rank(1), club="A B", country="12")
    b = TournamentPlayer("b", "O;Neil", "", Rank(-5), club="1234", country="F R")
    h = read_h9(write_h9(_one_game(a, b)))
    assert [(r.surname, r.first_name, r.rank, r.country, r.club) for r in h.rows] == [
        ("Kim Lee", "3d", Rank(1), "12", "A B"), ("O?Neil", "", Rank(-5), "R", "1234")]
    g = to_tournament(h).games[0]
    assert (g.white, g.black, g.result, g.handicap) == ("3d-kim-lee", "o-neil", GameResult.WHITE_WINS, 2)


def test_h9_long_name_is_cut_at_30_as_opengotha():
    """A name longer than OpenGotha's 30 columns is cut there (ExternalDocument.generateH9File:
    ``strNF.substring(0, 30)``), so the first name is lost; the columns stay."""
    a = TournamentPlayer("a", "Wolfeschlegelsteinhausenbergerdorff", "Hubert Blaine", Rank(1))
    out = write_h9(_one_game(a, TournamentPlayer("b", "B", "Bo")))
    assert b"   1 Wolfeschlegelsteinhausenberger  2D XX xxxx" in out
    h = read_h9(out)
    assert (h.rows[0].surname, h.rows[0].first_name) == ("Wolfeschlegelsteinhausenberger", "")


def test_h9_placeholders_read_as_no_club_and_no_country():
    """``xxxx`` and ``XX``, which OpenGotha writes for a missing club and country, read as none."""
    row = read_h9(b"1 A A 1k XX xxxx 1 2+\n2 B B 2k FR Pari 0 1-\n").rows
    assert [(r.country, r.club) for r in row] == [("", ""), ("FR", "Pari")]


def test_h9_latin9_bytes_that_look_like_utf8_read_back():
    """issue 15 item 8: the ISO-8859-15 bytes of ``Ã©`` are UTF-8 for ``é``; a comment with a
    byte that UTF-8 cannot hold keeps the file read as ISO-8859-15."""
    a = TournamentPlayer("a", "Ã©", "Al", Rank(1))
    data = write_h9(_one_game(a, TournamentPlayer("b", "B", "Bo")))
    assert b"\n; Generated by sitegen\n; ISO-8859-15: \xa4\n" in data
    assert (read_h9(data).rows[0].surname, read_h9(data).rows[0].first_name) == ("Ã©", "Al")
    plain = write_h9(_one_game(TournamentPlayer("a", "Dupré", "Zoé"), TournamentPlayer("b", "B")))
    assert b"; ISO-8859-15" not in plain


@pytest.mark.parametrize("text", [
    b"; TM[\xb2]\n; HA[h" + b"1" * 5000 + b"]\n",
    b"1" * 5000 + b" A A 1k XX xxxx 1 2+\n",
    b"   1 A A 1k XX xxxx 1 " + b"2" * 5000 + b"+/w" + b"3" * 5000 + b"\n",
])
def test_h9_odd_numbers_give_errors_not_tracebacks(text):
    """Found while splitting read_h9: a superscript TM, or a place, opponent or handicap of
    thousands of digits, raised ValueError from int(); such a field is now not a number, and
    the file reads with an error or without the value."""
    data = text + b"   1 A A 1k XX xxxx 1 2+/w0\n   2 B B 2k XX xxxx 0 1-/b0\n"
    try:
        t = to_tournament(read_h9(data, "n.h9"))
    except FormatError as exc:
        assert all(d.pos.path == "n.h9" for d in exc.diagnostics)
    else:
        assert (t.adjusted_time, t.handicap_correction) == (None, 0)


def _colliding_h9(n: int) -> bytes:
    """``n`` players (``n`` even), four names in turn that all make the id ``john-smith`` or
    ``john-smith-2``; player 2k-1 beats player 2k."""
    names = [("Smith", "John"), ("Smith-2", "John"), ("SMITH", "john"), ("Smith", "Jöhn")]
    lines = []
    for k in range(1, n + 1):
        surname, first = names[(k - 1) % 4]
        result = f"{k + 1}+/w0" if k % 2 else f"{k - 1}-/b0"
        lines.append(f"{k} {surname} {first} 5k FR Club {result}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def test_h9_ids_of_2000_colliding_names_pinned():
    """issue 30 finding 10: ids are made unique in one pass (a set and a suffix per name, not a
    list searched for each id), and they are the ids made before: the first free of
    ``john-smith``, ``john-smith-2``, ... in file order. Worked by hand: player 1 john-smith,
    2 (Smith-2) john-smith-2, 3 john-smith-3, 4 john-smith-4, 5 john-smith-5, 6 (Smith-2)
    ``john-smith-2`` is taken so ``john-smith-2-2``, 7 john-smith-6, ...; every 4th player from
    the 2nd is ``john-smith-2-<k>``, the 3 others of each 4 take the next ``john-smith-<k>``."""
    t = to_tournament(read_h9(_colliding_h9(2000), "c.h9"))
    ids = [p.id for p in t.players]
    assert ids[:10] == ["john-smith", "john-smith-2", "john-smith-3", "john-smith-4",
                        "john-smith-5", "john-smith-2-2", "john-smith-6", "john-smith-7",
                        "john-smith-8", "john-smith-2-3"]
    assert ids[-4:] == ["john-smith-1499", "john-smith-2-500", "john-smith-1500", "john-smith-1501"]
    assert len(set(ids)) == 2000
    assert (t.games[0].white, t.games[-1].black) == ("john-smith", "john-smith-1501")


def test_unique_ids_as_unique_id_makes_them():
    """UniqueIds gives unique_id's ids (the first free of base, base-2, ...) with ids taken
    before, ids added and bases that are another's suffixed form."""
    from sitegen.formats.ids import UniqueIds, unique_id
    made, taken = UniqueIds(["a", "a-3"]), ["a", "a-3"]
    for base in ["a", "a", "a-2", "a", "b", "a-2", "b", "a"]:
        ident = made.make(base)
        assert ident == unique_id(base, taken)
        taken.append(ident)
    assert taken[2:] == ["a-2", "a-4", "a-2-2", "a-5", "b", "a-2-3", "b-2", "a-6"]
