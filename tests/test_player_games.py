"""Issue 27, "my games first": a player page opens with the player's current competitions
(place, score, the games still to play) and lists each season's games in the order played,
with colour, the result as entered, the handicap where not even and the record; games still to
play read "to play", games a withdrawal cancels say who withdrew (league B.4)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

PLAYERS = """\
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cy, name: Cy}
  - {id: dee, name: Dee}
  - {id: eve, name: Eve}
"""

SEASON = """\
name: Autumn
start: 2024-09-01
end: 2024-11-30
divisions:
  - name: A
    groups:
      - name: A1
        players: [ann, bob, cy, dee, eve]
        withdrawn: [eve]
        games:
          - {black: ann, white: dee, result: W+3.5, date: 2024-09-20, handicap: 2}
          - {black: bob, white: ann, result: W+R, date: 2024-09-10, link: "https://example.org/g/1"}
          - {black: ann, white: cy, result: unplayed, handicap: 3}
          - {black: bob, white: cy, result: B+R, date: 2024-09-12}
"""
"""Ann: beat Bob with White (09-10), lost to Dee with Black on 2 stones (09-20), still has
Cy to play (Black, 3 stones, an ``unplayed`` entry) and never plays Eve, who withdrew."""


def build(site, run) -> str:
    root = site({"content/players.yaml": PLAYERS,
                 "content/leagues/club/league.yaml": "name: Club League\n",
                 "content/leagues/club/seasons/autumn.yaml": SEASON})
    status, _out, err = run("build")
    assert status == 0, err
    return (root / "output/players/ann/index.html").read_text(encoding="utf-8")


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_season_in_progress_comes_first_with_the_game_to_play(site, run):
    """Ann, Bob and Dee have 1 gamepoint each (D.1); Ann (beat Bob) and Dee (beat Ann) have
    SODOS 1, Bob 0; between Ann and Dee, Dee won: Dee 1st, Ann 2nd of 5."""
    ann = build(site, run)
    assert ann.index('<h2 id="section-1">Current competitions</h2>') < ann.index('id="section-2"')
    start = ann.index('<h2 id="section-1"')
    now = ann[start:ann.index("</section>", start)]
    assert '<h3><a href="/leagues/club/autumn/a1/">Club League · Autumn</a></h3>' in now
    assert "Division A, group A1: place 2 of 5, 1 gamepoint" in text(now)
    assert text(now).endswith("Next games Against Cy , playing Black. Handicap: 3 stones. "
                              "To play by 2024-11-30 .")
    assert "Eve" not in now  # a game that will never be played is not a next game


def test_games_are_listed_in_the_order_played_then_to_play_then_not_played(site, run):
    ann = build(site, run)
    table = ann[ann.index('<table class="games">'):ann.index("</table>")]
    rows = [text(row) for row in re.findall(r"<tr class=\"game-[^\"]+\">(.*?)</tr>", table)]
    # Opponent, Result, Colour, Handicap, Date, Record
    assert rows == ["Bob won (W+R) White 2024-09-10 Game",
                    "Dee lost (W+3.5) Black 2 2024-09-20",
                    "Cy to play Black 3",
                    "Eve not played: Eve withdrew"]
    assert '<tr class="game-to-play">' in table and '<tr class="game-not-played">' in table


def test_a_finished_season_is_not_current_and_its_unplayed_game_is_not_to_play(site, run):
    """With Ann promoted (recorded), the season is final: no current competitions, and the
    game with Cy is "not played", not "to play"."""
    root = site({"content/players.yaml": PLAYERS,
                 "content/leagues/club/league.yaml": "name: Club League\n",
                 "content/leagues/club/seasons/autumn.yaml": SEASON.replace(
                     "withdrawn: [eve]", "withdrawn: [eve]\n        promoted: [ann]")})
    status, _out, err = run("build")
    assert status == 0, err
    ann = (root / "output/players/ann/index.html").read_text(encoding="utf-8")
    assert "Current competitions" not in ann
    rows = [text(row) for row in re.findall(r"<tr class=\"game-[^\"]+\">(.*?)</tr>", ann)]
    assert rows[2:] == ["Cy not played Black 3", "Eve not played: Eve withdrew"]


def test_season_labels_under_the_division_chart_keep_apart():
    """12 seasons on 274 units (x = 34 + 274 k / 11, 24.9 apart), labels of 7 characters
    estimated 7 x 0.7 x 12 = 58.8 wide, 8 apart: 2021-09 ends at 308 (box 249.2-308); going
    back, season 8 (233.3, box 203.9-262.7) is too close, season 7 (208.4, box 179-237.8) fits;
    then 4 (133.6, box 104.2-163) and 1 (58.9, box 29.5-88.3); season 0 (box 34-92.8) not."""
    from sitegen.svg import _labelled, _x_tenths, _x_texts

    labels = [f"20{20 + k // 12}-{k % 12 + 1:02}" for k in range(12)]
    assert _x_texts(12)[:2] == ("34", "58.9") and _x_tenths(12)[:2] == (340, 589)
    assert _labelled(labels, _x_tenths(12)) == [(1, "middle"), (4, "middle"), (7, "middle"), (11, "end")]
    # Three seasons (34, 171, 308): every label fits, the first anchored at its start.
    assert _labelled(labels[:3], _x_tenths(3)) == [(0, "start"), (1, "middle"), (2, "end")]


def _labelled_in_fractions(labels: list[str], xs: tuple[str, ...]) -> list[tuple[int, str]]:
    """The clear form of sitegen.svg._labelled: the drawn coordinates' texts and the boxes as
    Fractions (as it was written before it worked in whole tenths)."""
    from fractions import Fraction

    from sitegen.svg import CHAR_WIDTH, LABEL_GAP, TEXT

    count = len(labels)
    if count <= 1:
        return [(i, "middle") for i in range(count)]
    kept: list[tuple[int, str]] = []
    left_edge = None
    for i in range(count - 1, -1, -1):
        x, width = Fraction(xs[i]), CHAR_WIDTH * TEXT * len(labels[i])
        anchor = "end" if i == count - 1 else "start" if i == 0 else "middle"
        left = x - width if anchor == "end" else x if anchor == "start" else x - width / 2
        right = left + width
        if left >= 0 and (left_edge is None or right + LABEL_GAP <= left_edge):
            kept.append((i, anchor))
            left_edge = left
    return kept[::-1]


@given(st.lists(st.text(alphabet="0123456789-abcdefghij", max_size=14), max_size=60))
def test_season_labels_in_tenths_are_those_in_fractions(labels):
    """The labels kept under the chart worked out in whole tenths are those of the Fractions
    of the coordinates as drawn, for any number of seasons and labels of any length."""
    from sitegen.svg import _labelled, _x_tenths, _x_texts

    count = len(labels)
    assert _labelled(labels, _x_tenths(count)) == _labelled_in_fractions(labels, _x_texts(count))


SPRING = """\
name: Spring
start: 2024-03-01
end: 2024-05-31
divisions:
  - name: A
    groups:
      - name: A1
        players: [ann, bob, cy]
        games:
          - {black: ann, white: bob, result: B+R, date: 2024-03-10}
          - {black: ann, white: cy, result: W+R, date: 2024-03-12}
          - {black: bob, white: cy, result: B+R, date: 2024-03-14}
"""
"""A finished season before Autumn: Ann meets Bob a second time (a head-to-head row)."""


def test_the_overview_follows_the_current_competitions(site, run):
    """The first screen is "how am I doing and what is next" (issue 27), and the overview
    (division chart, head to head with Bob, met twice) is part of it (issue 31, stop 46's
    newcomer check: it was last, about 6,800 px down a phone's page): current competitions,
    the overview, then Autumn (in progress) and Spring. A season's name is kept whole in its
    heading (the "unbroken" box)."""
    root = site({"content/players.yaml": PLAYERS,
                 "content/leagues/club/league.yaml": "name: Club League\n",
                 "content/leagues/club/seasons/autumn.yaml": SEASON,
                 "content/leagues/club/seasons/spring.yaml": SPRING})
    status, _out, err = run("build")
    assert status == 0, err
    ann = (root / "output/players/ann/index.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h2 id="section-\d+">(.*?)</h2>', ann)
    assert headings == ["Current competitions", "Overview", 'Club League · <span class="unbroken">Autumn</span>',
                        'Club League · <span class="unbroken">Spring</span>']
    assert ann.index("Head to head") < ann.index('Club League · <span class="unbroken">Autumn</span></h2>')
