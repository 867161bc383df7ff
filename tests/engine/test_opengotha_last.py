"""The last differences between sitegen and OpenGotha 3.51 (issue 28, "OpenGotha, the last
differences"), each worked by hand from OpenGotha's sources (lucvannier/opengotha, V3.51.02;
the file and method named in each test)."""

from dataclasses import replace
from pathlib import Path

import pytest

from sitegen.engine.placement import standings
from sitegen.formats import FormatError
from sitegen.formats.h9 import write_h9
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
