"""The note under a group's table when players who share a place have different outcomes
(issue 31: "2=" twice, one promoted, and the reason only inside each row's folded outcome).

The note names the players, the place and why, in the site's language, without a tap; the rows
keep their sentences. The words are those of sitegen.pages.league_words (the reasons' one
place); the conditions are sitegen.pages.league_outcomes.shared_place_notes. The league is
tests/league_trees.py's; in tie_tree, b2, b3, b4 are equal on every criterion of D (3
gamepoints, SODOS 4, 1 gamepoint among them, all 3k): they share place 2 of group B, and B.3
gives one of them the second promotion spot of B.
"""

from __future__ import annotations

import html as markup
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from fresh_renders import render
from sitegen.engine.league_outcome import Status
from sitegen.i18n import ENGLISH_WORDS
from sitegen.engine.standings import StandingRow
from sitegen.pages.league_outcomes import SeasonView, outcomes_in_order, shared_place_notes

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, PLAYERS, group, perfect, season, tree  # noqa: E402
from rule_text import without_rule_links  # noqa: E402

TIED = PLAYERS.replace("rank: 4k}", "rank: 3k}").replace("rank: 5k}", "rank: 3k}")
"""b2, b3 and b4 are all 3k, without ratings: equal on D.2 (as tests/test_league_outcomes.py)."""
CYCLE = ([("b1", p) for p in B[1:]] + [("b2", "b3"), ("b3", "b4"), ("b4", "b2")]
         + [(w, loser) for w in ("b2", "b3", "b4") for loser in ("b5", "b6")] + [("b5", "b6")])
"""b1 beats all; b2 > b3 > b4 > b2; each of them beats b5 and b6; b5 > b6. b2, b3, b4: 3
gamepoints, SODOS 3 + 1 = 4, 1 gamepoint among them: equal on D.1."""


def tie_tree(record: str = "") -> dict[str, str]:
    """The league with group B's tie of b2, b3, b4 for the B.3 spot, ``record`` its lists."""
    files = tree(season(group("A", A, perfect(A)), group("B", B, CYCLE, record)))
    files["content/players.yaml"] = TIED
    return files


def notes(site, files: dict[str, str], language: str = "") -> list[str]:
    """Return the shared-place notes of group B's page, as text."""
    if language:
        files = {**files, "content/site.yaml": f"title: Test\nlanguage: {language}\n"}
    root = site(files)
    page = without_rule_links(render(root / "content", None)["leagues/club/2024/b/index.html"].decode())
    return [markup.unescape(n) for n in re.findall(r'<p class="note shared-outcomes">(.*?)</p>', page)]


def test_a_tie_the_organizers_record_decided_is_said_under_the_table_d_2(site):
    """Recorded promoted: b1, b4. b2 (Ben), b3 (Bea), b4 (Bo) share place 2; b4 is promoted
    to A (B.3), b2 and b3 stay: the record decided the tie the rules leave to a playoff (D.2).
    Names by alphabet, as the rows' tie clauses name them."""
    assert notes(site, tie_tree(record="promoted: [b1, b4]")) == [
        "Bea, Ben and Bo share place 2, with different outcomes: they are level on everything the "
        "table is ordered by (D.1), so the organizers decided who gets one promotion spot (B.3)."]


def test_the_note_in_polish_and_french(site):
    """The same note in the site's language: the catalogs' words of the tie (one promotion
    spot: "jedno miejsce awansowe", "une place de montée") and of "and" ("i", "et")."""
    files = tie_tree(record="promoted: [b1, b4]")
    assert notes(site, files, "pl") == [
        "Bea, Ben i Bo dzielą miejsce 2, ale nie wynik sezonu: są równi we wszystkim, co decyduje "
        "o kolejności w tabeli (D.1), więc o tym, kto zajmuje jedno miejsce awansowe (B.3), "
        "zdecydowali organizatorzy."]
    assert notes(site, files, "fr") == [
        "Bea, Ben et Bo partagent la place 2, avec des issues différentes : ils sont à égalité sur "
        "tout ce qui ordonne le classement (D.1), donc les organisateurs ont décidé qui obtient une "
        "place de montée (B.3)."]


def test_the_rows_keep_their_folded_sentences(site):
    """The note adds to the page; Bo's row keeps its disclosure with the whole sentence."""
    root = site(tie_tree(record="promoted: [b1, b4]"))
    page = without_rule_links(render(root / "content", None)["leagues/club/2024/b/index.html"].decode())
    bo = next(tr for tr in re.findall(r"<tr.*?</tr>", page, re.S) if ">Bo</a></th>" in tr)
    assert '<details class="outcome-more">' in bo
    assert ("level with Bea and Ben on everything the table is ordered by (D.1), so the organizers "
            "decided who gets one promotion spot (B.3).") in markup.unescape(bo)


def test_no_note_where_the_sharers_have_one_outcome(site):
    """Recorded promoted: b1 alone keeps b2, b3, b4 all in B (the organizers' decision, one
    outcome); with no record the three are all undecided (D.2); a league whose places nobody
    shares (PLAIN: perfect results) has no note either."""
    assert notes(site, tie_tree(record="promoted: [b1]")) == []
    assert notes(site, tie_tree()) == []
    assert notes(site, tree(season(group("A", A, perfect(A)), group("B", B, perfect(B))))) == []


def row(player: str, place: int, outcome: str, shared: bool = True) -> dict[str, Any]:
    return {"id": player, "place": place, "shared": shared, "outcome": outcome}


def shown(kind: str, decided_by: str, sentence: str) -> dict[str, Any]:
    return {"kind": kind, "decided_by": decided_by, "sentence": sentence}


def view(**rows: dict[str, Any]) -> SeasonView:
    """A season's view with only its shown outcomes (no rules' outcome: no ties)."""
    return SeasonView(cast(Any, None), Status.FINAL, None, shown=dict(rows))


NAMES = {"p1": "Zoe", "p2": "ann", "p3": "Bob"}.__getitem__


def test_an_organizers_outcome_and_a_withdrawal_are_named_b_4():
    """Zoe and ann share place 4: Zoe withdrew (B.4), ann stays; Bob shares place 5 with
    nobody. Then ann's outcome is the organizers' record, Zoe's the rules': both clauses."""
    table = [row("p1", 4, "withdrew"), row("p2", 4, "stays"), row("p3", 5, "stays", False)]
    rules = view(p1=shown("withdrew", "rules", "Withdrew: left games unplayed (B.4)."),
                 p2=shown("stays", "rules", "Stays in division E: middle position (B)."))
    assert shared_place_notes(table, rules, NAMES, ENGLISH_WORDS) == [
        "ann and Zoe share place 4, with different outcomes: Zoe withdrew (B.4)."]
    record = view(p1=shown("withdrew", "rules", "Withdrew: left games unplayed (B.4)."),
                  p2=shown("relegated", "organizers", "Demoted to division F: the organizers' "
                           "decision."))
    table[1]["outcome"] = "relegated"
    assert shared_place_notes(table, record, NAMES, ENGLISH_WORDS) == [
        "ann and Zoe share place 4, with different outcomes: the outcome of ann is the "
        "organizers' decision; Zoe withdrew (B.4)."]


def test_two_organizers_outcomes_in_the_plural():
    table = [row("p1", 1, "promoted"), row("p2", 1, "relegated"), row("p3", 1, "stays")]
    record = view(p1=shown("promoted", "organizers", "Promoted: the organizers' decision."),
                  p2=shown("relegated", "organizers", "Demoted: the organizers' decision."),
                  p3=shown("stays", "rules", "Stays in division B: middle position (B)."))
    assert shared_place_notes(table, record, NAMES, ENGLISH_WORDS) == [
        "ann, Bob and Zoe share place 1, with different outcomes: the outcomes of ann and Zoe "
        "are the organizers' decision."]


def test_otherwise_each_sharers_sentence_is_given():
    """No tie, record or withdrawal explains it (e.g. a promotion by rank, C.5): each player's
    sentence, without its full stop, in the table's order."""
    table = [row("p1", 2, "promoted-by-rank"), row("p2", 2, "stays")]
    rules = view(p1=shown("promoted-by-rank", "rules", "Promoted by rank to division A: "
                          "promotable by rank 1d to division A, which has space (C.5)."),
                 p2=shown("stays", "rules", "Stays in division B: middle position (B)."))
    assert shared_place_notes(table, rules, NAMES, ENGLISH_WORDS) == [
        "ann and Zoe share place 2, with different outcomes: Zoe: Promoted by rank to division "
        "A: promotable by rank 1d to division A, which has space (C.5); ann: Stays in division "
        "B: middle position (B)."]


# --------------------------------------------------------------------------- the rows of a shared place


def test_within_a_shared_place_the_promoted_player_comes_first(site):
    """Recorded promoted: b1, b4. b2, b3, b4 share place 2 (no rule orders them: D.2 is equal
    for all, a playoff is not entered); b4 (Bo) is promoted, b2 (Ben) and b3 (Bea) stay. The
    table lists b4 first in the shared place, then b2, b3 in their order (issue 31, stop 46's
    newcomer check: the promoted player came below the two who stay); the places are unchanged,
    and the table, the crosstable and standings.json keep one order."""
    root = site(tie_tree(record="promoted: [b1, b4]"))
    built = render(root / "content", None)
    rows = json.loads(built["leagues/club/2024/b/standings.json"])["rows"]
    assert [(r["id"], r["place"], r["outcome"]) for r in rows] == [
        ("b1", 1, "promoted"), ("b4", 2, "promoted"), ("b2", 2, "stays"), ("b3", 2, "stays"),
        ("b5", 5, "stays"), ("b6", 6, "stays")]
    page = built["leagues/club/2024/b/index.html"].decode()
    standings = page[page.index('<table class="standings"'):page.index("</table>", page.index('<table class="standings"'))]
    assert re.findall(r'href="/players/(b\d)/"', standings) == ["b1", "b4", "b2", "b3", "b5", "b6"]
    crosstable = page[page.index('<table class="crosstable"'):]
    assert re.findall(r'<th scope="row"><a href="/players/(b\d)/"', crosstable) == ["b1", "b4", "b2", "b3", "b5", "b6"]


def _row(player: str, place: int, shared: bool) -> StandingRow:
    zero = Fraction(0)
    return StandingRow(place=place, shared=shared, player=player, gamepoints=zero, sodos=zero,
                       tied_gamepoints=None, wins=0, losses=0, jigos=0, forfeit_wins=0,
                       forfeit_losses=0, unknown=0, to_play=0)


def test_outcomes_in_order_inside_each_shared_place_only():
    """Hand-made rows: p1 alone at 1 (stays); p2, p3, p4 share 2 (relegated, promoted, stays);
    p5 alone at 5 (promoted); p6, p7 share 6 (withdrew, relegated). Inside each shared place:
    promoted, stays, relegated, withdrew (OUTCOME_ORDER); rows alone keep their place in the
    table even when their outcome would sort them elsewhere."""
    kinds = {"p1": "stays", "p2": "relegated", "p3": "promoted", "p4": "stays", "p5": "promoted",
             "p6": "withdrew", "p7": "relegated"}
    view = cast(SeasonView, SimpleNamespace(shown={p: {"kind": k} for p, k in kinds.items()}))
    rows = [_row("p1", 1, False), _row("p2", 2, True), _row("p3", 2, True), _row("p4", 2, True),
            _row("p5", 5, False), _row("p6", 6, True), _row("p7", 6, True)]
    assert [r.player for r in outcomes_in_order(rows, view)] == ["p1", "p3", "p4", "p2", "p5", "p7", "p6"]
    assert [r.place for r in outcomes_in_order(rows, view)] == [1, 2, 2, 2, 5, 6, 6]
