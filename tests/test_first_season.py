"""``sitegen league next-season`` with no season yet: the league's first season formed from the
sign-ups (docs/league-rules.md, "The first season").

The hand-worked league: 15 players sign up for season 1, all new; oto's 2d is provisional
(C.1 addendum: placed by rank nowhere). Restrictions: dan A..A, 1k-5k A..B, 6k and weaker
highest B. 15 >= 10, so A has two groups (A.i.1, [1]); the ideal sizes are A 14, B 42.
- A: the three dans by their lowest division (C.3); then the best by D.2 whose highest
  division is A, up to 14: dee (1k, 2090), eve (1k, 2060), fay 2k, gus (3k, 1900), hal (3k,
  1870), ida 4k, jon 5k (C.1): A = 10, two groups of 5 (A.i.1, A.i.3). kim, lee, max and nia
  (highest B) may not be placed in A (C.4).
- B: kim 7k, lee 9k, max 12k, nia 15k (C.1, B's ideal 42); oto, left alone, joins the bottom
  division (C.1 addendum): B = 5, one group.
- Zig-zag by D.2 (A.ii.2, [5]): A seeds ann ben cho dee eve fay gus hal ida jon ->
  A1 = 1, 4, 5, 8, 9 = ann dee eve hal ida; A2 = 2, 3, 6, 7, 10 = ben cho fay gus jon.
  B = oto (2d) kim lee max nia. Starting gamepoints 10 in A, 0 in B (A.ii.1, [4]).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from hypothesis import given, strategies as st

from sitegen.engine.league_first import first_season, ideal_sizes
from sitegen.engine.league import size_violations
from sitegen.engine.league_next import Signups, plan_group_sizes, restrictions_from_rows
from sitegen.model.common import Rank
from sitegen.model.league import LeagueSettings, PlayerInfo

PLAYERS = """\
players:
  - {id: ann, name: Ann, rank: 4d}
  - {id: ben, name: Ben, rank: 2d}
  - {id: cho, name: Cho, rank: 1d}
  - {id: dee, name: Dee, rank: 1k, rating: 2090}
  - {id: eve, name: Eve, rank: 1k, rating: 2060}
  - {id: fay, name: Fay, rank: 2k}
  - {id: gus, name: Gus, rank: 3k, rating: 1900}
  - {id: hal, name: Hal, rank: 3k, rating: 1870}
  - {id: ida, name: Ida, rank: 4k}
  - {id: jon, name: Jon, rank: 5k}
  - {id: kim, name: Kim, rank: 7k}
  - {id: lee, name: Lee, rank: 9k}
  - {id: max, name: Max, rank: 12k}
  - {id: nia, name: Nia, rank: 15k}
  - {id: oto, name: Oto, rank: 2d}
"""

SIGNUPS = """\
# Sign-ups for the first season
name: Season 1
start: 2025-03-01
new: [ann, ben, cho, dee, eve, fay, gus, hal, ida, jon, kim, lee, max, nia,
      {id: oto, provisional: true}]
restrictions:
  - {weakest: 1d, highest: A, lowest: A}
  - {weakest: 5k, strongest: 1k, highest: A, lowest: B}
  - {weakest: 30k, strongest: 6k, highest: B}
"""

SEASON = "content/leagues/club/seasons/1.yaml"


def league_tree(site, signups: str | None = SIGNUPS):
    files = {"content/players.yaml": PLAYERS,
             "content/leagues/club/league.yaml": "name: Club league\nsettings: {}\n"}
    if signups is not None:
        files["content/leagues/club/signups/1.yaml"] = signups
    return site(files)


def by_rank(rank: str, division: str, size: int) -> str:
    return (f"New player in division {division}: first season, divisions filled from the top in "
            f"the order of D.2: rank {rank} has a place in division {division}, whose ideal size "
            f"under A.i is {size} players (C.1).")


def test_first_season_is_formed_from_the_sign_ups_by_rank(site, run):
    root = league_tree(site)
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    lowest = "New player in division A: placed by rank {} in the lowest division it allows (C.3)."
    assert out.splitlines() == [
        "ann: " + lowest.format("4d"), "ben: " + lowest.format("2d"), "cho: " + lowest.format("1d"),
        "dee: " + by_rank("1k", "A", 14), "eve: " + by_rank("1k", "A", 14),
        "fay: " + by_rank("2k", "A", 14), "gus: " + by_rank("3k", "A", 14),
        "hal: " + by_rank("3k", "A", 14), "ida: " + by_rank("4k", "A", 14),
        "jon: " + by_rank("5k", "A", 14),
        "oto: New player in division B: placed in the bottom division, as a provisional rank "
        "gives no promotion by rank (C.1 addendum).",
        "kim: " + by_rank("7k", "B", 42), "lee: " + by_rank("9k", "B", 42),
        "max: " + by_rank("12k", "B", 42), "nia: " + by_rank("15k", "B", 42),
        "wrote content/leagues/club/seasons/1.yaml: A: A1 (5), A2 (5); B: B (5)"]
    assert (root / SEASON).read_text() == textwrap.dedent("""\
        # Season 1 of Club league, formed by `sitegen league next-season` as the league's
        # first season from signups/1.yaml. Review it, then enter the games.
        name: Season 1
        start: 2025-03-01
        restrictions:
          - {weakest: 1d, highest: A, lowest: A}
          - {weakest: 5k, strongest: 1k, highest: A, lowest: B}
          - {weakest: 30k, strongest: 6k, highest: B}
        divisions:
          - name: A
            # starting gamepoints: 10 (league A.ii.1, [4])
            groups:
              - name: A1
                id: a1
                players: [ann, dee, eve, hal, ida]
              - name: A2
                id: a2
                players: [ben, cho, fay, gus, jon]
          - name: B
            # starting gamepoints: 0 (league A.ii.1, [4])
            groups:
              - name: B
                id: b
                players: [oto, kim, lee, max, nia]
        """)
    status, _, err = run("check")
    assert (status, err) == (0, [])


def test_a_lowest_division_places_a_player_once_the_division_above_is_full(site, run):
    """Six more 1k-5k players (n1..n6, 5k, ratings falling): A takes its ideal 14 by D.2, the
    three dans, dee..ida and n1..n5 (C.1: a 5k with a rating comes before jon, 5k without,
    D.2); n6 and jon go to B, their lowest division (C.3). B = oto n6 jon kim lee max nia by
    D.2: 7, one group (at most 9, A.i.3)."""
    extra = "".join(f"  - {{id: n{i}, name: N{i}, rank: 5k, rating: {1700 - 20 * i}}}\n"
                    for i in range(1, 7))
    league_tree(site)
    Path("content/players.yaml").write_text(PLAYERS + extra)
    Path("content/leagues/club/signups/1.yaml").write_text(
        SIGNUPS.replace("nia,", "nia, n1, n2, n3, n4, n5, n6,"))
    status, out, err = run("league", "next-season", "club")
    assert (status, err) == (0, [])
    lines = dict(line.split(": ", 1) for line in out.splitlines()[:-1])
    assert lines["n5"] == by_rank("5k", "A", 14)
    for player in ("n6", "jon"):
        assert lines[player] == ("New player in division B: placed by rank 5k in the lowest "
                                 "division it allows (C.3).")
    assert out.splitlines()[-1] == ("wrote content/leagues/club/seasons/1.yaml: A: A1 (7), A2 (7); "
                                    "B: B (7)")
    text = Path(SEASON).read_text()
    assert "players: [oto, n6, jon, kim, lee, max, nia]" in text


def test_refuses_an_empty_sign_up_list(site, run):
    league_tree(site, "new: []\n")
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == ["content/leagues/club/signups/1.yaml:1:1: error: nobody signs up for season 1, "
                   "the league's first season; list the players under 'new', e.g. "
                   "'new: [ann, ben, cho, dee, eve]' [signups.empty]",
                   "1 error; nothing was written"]
    assert not Path(SEASON).exists()


def test_refuses_a_league_without_sign_ups(site, run):
    league_tree(site, None)
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == ["sitegen league next-season: error: cannot tell which season to form: no "
                   "sign-ups found; create content/leagues/club/signups/<new-season-id>.yaml "
                   "listing the players under 'new' (the league's first season) "
                   "(docs/content-format.md) [league.next-season]",
                   "1 error; nothing was written"]


def test_refuses_unknown_and_returning_players(site, run):
    league_tree(site, "new: [ann, bne, cho, dee, eve]\nreturning: [fay]\n")
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err[0] == ("content/leagues/club/signups/1.yaml:1:12: error: unknown player id 'bne'; "
                      "did you mean 'ben'? [player.unknown]")
    assert err[1] == ("content/leagues/club/signups/1.yaml:2:13: error: 'fay' cannot be "
                      "'returning': season 1 is the league's first season; list every player "
                      "under 'new' [signups.returning]")
    assert err[2:] == ["2 errors; nothing was written"] and not Path(SEASON).exists()


def test_refuses_a_tie_at_the_edge_of_a_division(site, run):
    """jon is 4k like ida, neither with a rating; n1..n5 (2k, rated) make 12 players whose
    highest division is A for A's 11 places left: ida and jon are equal on every criterion of
    D.2 for the last one, so nothing is written until a playoff decides (D.2)."""
    extra = "".join(f"  - {{id: n{i}, name: N{i}, rank: 2k, rating: {1990 - 20 * i}}}\n"
                    for i in range(1, 6))
    league_tree(site)
    Path("content/players.yaml").write_text(PLAYERS.replace("rank: 5k", "rank: 4k") + extra)
    Path("content/leagues/club/signups/1.yaml").write_text(
        SIGNUPS.replace("nia,", "nia, n1, n2, n3, n4, n5,"))
    status, out, err = run("league", "next-season", "club")
    assert (status, out) == (1, "")
    assert err == ["content/leagues/club/signups/1.yaml:1:1: error: ida and jon are equal on "
                   "every criterion of D for one promotion spot (C.1) in division A, which only a "
                   "playoff can decide (D.2): their places in the next season are not decided; give "
                   "each of them the place of the playoff in their sign-up entry, 1 the winner, "
                   "e.g. '{id: ida, playoff: 1}', then run the command again [league.tie]",
                   "1 error; nothing was written"]
    assert not Path(SEASON).exists()


# --------------------------------------------------------------------------- engine properties

RANKS = [f"{k}k" for k in range(1, 31)] + [f"{d}d" for d in range(1, 8)]
BANDS = restrictions_from_rows([("1d", "9d", "A", "B"), ("10k", "1k", "A", None)])


@given(st.lists(st.tuples(st.sampled_from(RANKS), st.booleans()), min_size=5, max_size=120),
       st.booleans())
def test_every_player_is_placed_once_in_groups_that_obey_a_i(entries, banded):
    infos = tuple(PlayerInfo(f"p{i:03}", Rank.parse(rank), rating=3000 - i * 11, provisional=prov)
                  for i, (rank, prov) in enumerate(entries))
    plan = first_season(Signups(infos), BANDS if banded else restrictions_from_rows([]))
    placed = [p for d in plan.divisions for g in d.groups for p in g.players]
    assert sorted(placed) == sorted(info.id for info in infos)
    assert size_violations(plan_group_sizes(plan)) == []
    assert set(plan.outcomes) == set(placed) and not plan.ties


def test_ideal_sizes_follow_a_i():
    assert ideal_sizes(9) == [7, 21]
    assert ideal_sizes(15) == [14, 42]
    assert ideal_sizes(60) == [14, 42, 126]
    assert ideal_sizes(15, LeagueSettings(ideal_group_size=6)) == [12, 36]
