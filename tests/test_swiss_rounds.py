"""Swiss rounds entered by hand: numbering, seating, rematches, byes and drops, each error
with its position, worked from ../shared/rules/002_26d12e6ad94aa01f.txt ("swiss:
tournaments", "swiss: pairings") and docs/swiss-league.md."""

from pathlib import Path

PLAYERS = """\
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cy, name: Cy}
  - {id: dee, name: Dee}
  - {id: eve, name: Eve}
  - {id: fay, name: Fay}
"""

T1 = """\
name: T1
entries: [ann, bob, cy, {player: dee, last_round: 1}, eve]
rounds:
  - round: 1
    pairings: [[ann, bob, 2-1], [cy, dee, +-], [eve, fay]]
    dropped: [ann, dee, cy, fay]
  - round: 3
    pairings: [[ann, cy]]
  - round: 2
    pairings: [[cy, dee], [bob, ann]]
    bye: eve
"""

T2 = """\
name: T2
entries: [ann, bob]
rounds:
  - round: 2
    pairings: [[ann, bob]]
"""


def test_swiss_rounds_every_error_with_its_position(site, run):
    """Round 1: fay is not entered, so her match is left out and she cannot be dropped; ann
    won 2-1 and cy was present at the forfeit (+-): neither is a no-show to drop; dee, absent,
    is. 'round: 3' after round 1 is out of order and left out. Round 2: dee left after round 1
    (her entry's last_round); bob and ann met in round 1. T2 starts at round 2."""
    site({"content/players.yaml": PLAYERS, "content/swiss/spring/league.yaml": "name: Spring\n",
          "content/swiss/spring/t1.yaml": T1, "content/swiss/spring/t2.yaml": T2})
    status, _out, err = run("build")
    assert status == 1 and not Path("output").exists()
    assert err[:-1] == [
        "content/swiss/spring/t1.yaml:5:54: error: 'fay' is not entered in this tournament; add "
        "the player to 'entries' [swiss.entry]",
        "content/swiss/spring/t1.yaml:6:15: error: 'ann' is dropped in round 1 but played in it "
        "(result 2-1); a dropped player lost the round by forfeit: write +- or -+ [swiss.dropped]",
        "content/swiss/spring/t1.yaml:6:25: error: 'cy' is dropped in round 1 but played in it "
        "(result +-); a dropped player lost the round by forfeit: write +- or -+ [swiss.dropped]",
        "content/swiss/spring/t1.yaml:6:29: error: 'fay' is dropped in round 1 but is not paired "
        "in it; a no-show is dropped in the round they were paired and missed [swiss.dropped]",
        "content/swiss/spring/t1.yaml:7:12: error: round 3 follows round 1; rounds are numbered "
        "1, 2, 3, ... in order [swiss.round-number]",
        "content/swiss/spring/t1.yaml:10:21: error: 'dee' plays in round 2 but left after round 1; "
        "change the entry's last_round, or pair the round again [swiss.presence]",
        "content/swiss/spring/t1.yaml:10:28: error: 'bob' and 'ann' already played each other in "
        "round 1 (line 5); no rematches within a tournament; run 'sitegen pair' to pair the round "
        "[swiss.rematch]",
        "content/swiss/spring/t2.yaml:4:12: error: the first round is numbered 2; rounds are "
        "numbered 1, 2, 3, ... in order [swiss.round-number]",
    ]
