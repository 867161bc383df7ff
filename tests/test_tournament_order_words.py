"""How a tournament's places are decided, said right under its standings (stop 49, from stop
48's newcomer check: on the demo's Tournoi de Juvisy a player who lost his only game and was
declared absent three times is 2nd, right by MMS and SOSM, but nothing near the table said
why). The words: sitegen/pages/tournament_words.py (`order_steps`, `without_game_text`); the
rule ids are the placement text's (../shared/rules/003_fac0675ce42e5780.txt: placement: NBW,
MMS; placement: SOS; placement: SOSOS; placement: SODOS ...)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from sitegen.i18n import ENGLISH_WORDS, words
from sitegen.model.tournament import Criterion, Tournament, TournamentParameters
from sitegen.pages.tournament_words import order_steps, without_game_text

sys.path.insert(0, str(Path(__file__).parent))
from test_tournament_site import SMALL  # noqa: E402  (the two-player McMahon cup with a bye and an absence)

JUVISY = "tournaments/juvisy-2019/"


def _cited(rule: str) -> str:
    """A placement id as the page cites it: a link to its entry on the placement rules page
    (stop 50), ``NBW, MMS`` -> ``#placement-NBW-MMS``."""
    return (f'<a class="rule-id" href="/tournaments/rules/#placement-{rule.replace(", ", "-")}">'
            f'placement: {rule}</a>')


def _block(html: str) -> str:
    """The section "How the places are decided" of a standings page."""
    return html[html.index('<section aria-labelledby="order-h"'):html.index("</section>", html.index('id="order-h"'))]


def test_the_demos_second_place_is_the_case_the_words_explain(demo_files):
    """Juvisy 2019 after round 4 (placement: NBW, MMS; placement: SOS), hand-worked from
    content/tournaments/juvisy-2019.yaml: Clément Carmody-2 (3d, starting score 32 under the bar
    4d) lost round 1 to Rosa Étienne and was declared absent in rounds 2-4. MMS = 32 + 0 wins +
    three absences of ½ each, 1½ rounded down to 1 = 33, as Hugo Yilmaz's (1d: 30 + 3 wins) and
    Léon Ulloa's (2d: 31 + 2 wins). SOSM = Rosa's 36 + his own starting score 32 for each of
    the three rounds without a game = 132, against Hugo's 129 and Léon's 127: places 2, 3, 4.
    The page says, under the table and before the round legend, both halves of that: the
    order (MMS, then SOSM, then SOSOSM) and what an absence gives in each."""
    data = json.loads(demo_files[JUVISY + "standings.json"])
    rows = {r["name"]: r for r in data["rows"]}
    assert [(r["place"], r["MMS"], r["SOSM"]) for r in
            (rows["Rosa Étienne"], rows["Clément Carmody-2"], rows["Hugo Yilmaz"], rows["Léon Ulloa"])] == [
        (1, 36, 128), (2, 33, 132), (3, 33, 129), (4, 33, 127)]
    assert rows["Clément Carmody-2"]["games"] == ["1-/b0", "0=", "0=", "0="]
    html = demo_files[JUVISY + "index.html"].decode()
    block = _block(html)
    assert html.index("</table>") < html.index('id="order-h"') < html.index('<p class="legend">')
    assert re.findall(r"<li>(.*?)</li>", block) == [
        f"MMS (McMahon score), highest first ({_cited('NBW, MMS')}).",
        f"If equal: SOSM (Sum of opponents&#39; McMahon scores), highest first ({_cited('SOS')}).",
        f"If still equal: SOSOSM (Sum of opponents&#39; SOSM), highest first ({_cited('SOSOS')})."]
    assert ("<p>A round without a game: a bye adds 1 to the MMS and a declared absence ½ (added up over "
            "the rounds, then rounded down); in SOSM the round counts the player&#39;s own starting "
            "score (from their rank). So a strong player who missed rounds can stand above players "
            "with the same MMS who played them. <a href=\"/tournaments/rules/\">What each criterion means</a></p>") in block
    # every standings page of the tournament says it (after rounds 1-3 too)
    for r in (1, 2, 3):
        assert 'id="order-h"' in demo_files[f"{JUVISY}round-{r}/index.html"].decode()


def test_criteria_of_a_swiss_kind_and_their_rule_ids(site, run):
    """A tournament placed by SOSM-1, NBW, SODOSW, SOSOSM (a mix OpenGotha warns of, still
    computed): four steps, each with its rule id (SOSM-1: placement: SOS; NBW: placement: NBW,
    MMS; SODOSW: placement: SODOS; SOSOSM: placement: SOSOS). NBW is the main score there: a
    bye adds 1 to it and an absence 0 (the defaults), both whole, so nothing is said of
    rounding; in SOSM-1, the first sum of McMahon scores, the round counts the player's own
    starting score; no sentence on MMS."""
    from pathlib import Path

    site({"content/tournaments/wide.yaml": SMALL.replace("[MMS, SOSM]", "[SOSM-1, NBW, SODOSW, SOSOSM]")})
    status, _out, err = run("build")
    assert status == 0, err  # the mix of criteria is a warning
    html = Path("output/tournaments/wide/index.html").read_text(encoding="utf-8")
    block = _block(html)
    assert re.findall(r"<li>(.*?)</li>", block) == [
        f"SOSM-1 (SOSM without the lowest value), highest first ({_cited('SOS')}).",
        f"If equal: NBW (Number of wins), highest first ({_cited('NBW, MMS')}).",
        f"If still equal: SODOSW (Sum of defeated opponents&#39; number of wins), highest first ({_cited('SODOS')}).",
        f"If still equal: SOSOSM (Sum of opponents&#39; SOSM), highest first ({_cited('SOSOS')})."]
    assert ("<p>A round without a game: a bye adds 1 to the NBW and a declared absence 0; in SOSM-1 the "
            "round counts the player&#39;s own starting score (from their rank). <a ") in block




def test_the_words_without_a_page():
    """The functions alone: CAT is ordered lowest first; a criterion of no rule text (CPS,
    Rank) is cited with no id; a tournament that rounds nothing says so by saying nothing of
    it; criteria without a main score or a sum of scores say nothing of rounds without a game."""
    columns = [{"key": "CAT", "short": "CAT", "long": "Category"},
               {"key": "CPS", "short": "CPS", "long": "Cup score"},
               {"key": "RANK", "short": "RANK", "long": "Rank"}]
    assert order_steps(columns, ENGLISH_WORDS) == [
        "CAT (Category), lowest first.", "If equal: CPS (Cup score), highest first.",
        "If still equal: RANK (Rank), highest first."]
    fr = order_steps([{"key": "MMS", "short": "MMS", "long": "Score McMahon"},
                      {"key": "SOSM", "short": "SOSM", "long": "Somme des scores McMahon des adversaires"}], words("fr"))
    # French typography: a no-break space before ":" (docs/translating.md)
    assert fr == ["MMS (Score McMahon), le plus haut d'abord (départage\u00a0: NBW, MMS).",
                  "À égalité\u00a0: SOSM (Somme des scores McMahon des adversaires), le plus haut d'abord "
                  "(départage\u00a0: SOS)."]


def test_no_rounding_and_no_sum():
    """Rounding off (round_down false): the absence's ½ stands without "(added up ... rounded
    down)", and a sum of numbers of wins counts 0 (placement: SOS, opengotha.md 1.3); criteria
    [CPS] alone: no sentence."""
    def tournament(**parameters) -> Tournament:
        return Tournament(id="t", name="T", rounds=1, players=(), parameters=TournamentParameters(**parameters))

    assert without_game_text(tournament(criteria=(Criterion.MMS, Criterion.SOSW), round_down=False),
                             ENGLISH_WORDS) == (
        "A round without a game: a bye adds 1 to the MMS and a declared absence ½; in SOSW the round counts 0.")
    assert without_game_text(tournament(criteria=(Criterion.CPS,)), ENGLISH_WORDS) == ""
