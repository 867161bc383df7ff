"""The import's YAML reads back to the tournament written (issue 13: one YAML writer): whatever
names, clubs, results and parameters a tournament has, ``dump_tournament`` then the content
reader gives the same tournament, and ``dump_players`` the same players."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from sitegen.diagnostics import Diagnostics
from sitegen.formats.tournament_yaml import dump_players, dump_tournament
from sitegen.load import parse_yaml
from sitegen.model.common import Player, Rank
from sitegen.model.tournament import (Absence, Bye, Criterion as C, DCVariant, GameResult as R,
                                      System, Tournament, TournamentGame, TournamentParameters,
                                      TournamentPlayer)
from sitegen.validate import load_players
from sitegen.validate.fields import check_text
from sitegen.validate.league import PlayerRefs
from sitegen.validate.tournament import tournament_from_node

YAML_WORDS = ["no", "yes", "On", "null", "~", "true", "1e3", "0x1F", "0o7", "2019-01-01", "12",
              "-1", "1/2", ".5", "?", "-", "- x", "a: b", "x #y", "#z", "&a", "*b", "!t", "!!str",
              "%p", "@q", "`r", "|", ">", "'s", '"t', "[u]", "{v}", "a,b", "W+", "---", "..."]
"""Texts that YAML reads as something else unless they are quoted."""


def one_line_text(min_size: int = 1):
    """Text the content reader keeps as it is: one line, no outer or invisible spaces."""
    chars = st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Zs", "Co", "Cn"))
    word = st.one_of(st.sampled_from(YAML_WORDS), st.text(chars, min_size=1, max_size=6))
    return st.lists(word, min_size=min_size, max_size=4).map(" ".join).filter(
        lambda s: check_text(s, None, Diagnostics(), "x") == s)


RESULTS = [R.WHITE_WINS, R.BLACK_WINS, R.JIGO, R.UNKNOWN, R.BOTH_WIN, R.BOTH_LOSE]
HALVES = st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)])


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 6))
    rounds = draw(st.integers(1, 3))
    maybe = lambda s: st.one_of(st.just(""), s)  # noqa: E731
    players = tuple(TournamentPlayer(
        f"p{i}", draw(one_line_text()), draw(maybe(one_line_text())),
        Rank(draw(st.integers(-30, 8))), draw(st.one_of(st.none(), st.integers(-1000, 4000))),
        draw(maybe(one_line_text().filter(lambda s: len(s) <= 80))),
        draw(maybe(one_line_text().filter(lambda s: len(s) <= 10))), draw(st.integers(-1, 2)),
        draw(maybe(st.text("0123456789", min_size=1, max_size=8))))
        for i in range(n))
    held = draw(st.one_of(st.none(), st.integers(0, rounds)))
    games, byes, absences = [], [], []
    for r in range(1, (rounds if held is None else held) + 1):
        order = draw(st.permutations(range(n)))
        k = draw(st.integers(0, n // 2))
        for j in range(k):
            result = draw(st.sampled_from(RESULTS))
            games.append(TournamentGame(
                r, f"p{order[2 * j]}", f"p{order[2 * j + 1]}", result, draw(st.integers(0, 9)),
                colours_known=draw(st.booleans()), forfeit=draw(st.booleans())))
        rest = sorted(order[2 * k:])
        if rest and draw(st.booleans()):
            byes.append(Bye(r, f"p{rest.pop(0)}"))
        absences += [Absence(r, f"p{x}") for x in rest if draw(st.booleans())]
    system = draw(st.sampled_from(System))
    criteria = draw(st.lists(st.sampled_from([C.NBW, C.MMS, C.SOSW, C.SOSM_1, C.SOSOSM, C.SODOSW,
                                              C.CUSSM, C.EXT, C.DC, C.CPS, C.RANK, C.RATING,
                                              C.CAT, C.STS, C.SOSTS]),
                             min_size=1, max_size=6, unique=True).filter(
        lambda cs: not (C.DC in cs and C.SDC in cs)))
    begin = draw(st.one_of(st.none(), st.dates(dt.date(1990, 1, 1), dt.date(2040, 1, 1))))
    limits = draw(st.lists(st.integers(-30, 8), max_size=3, unique=True))
    return Tournament(
        "t", draw(one_line_text()), rounds, players, tuple(games), tuple(byes), tuple(absences),
        TournamentParameters(
            system, Rank(draw(st.integers(-5, 8))), Rank(draw(st.integers(-30, -6))), draw(HALVES),
            draw(HALVES), draw(HALVES), draw(HALVES), draw(st.booleans()), draw(st.booleans()),
            tuple(criteria), draw(st.booleans()), draw(st.sampled_from(DCVariant)),
            tuple(Rank(v) for v in sorted(limits, reverse=True))),
        draw(maybe(one_line_text())), begin, begin and begin + dt.timedelta(draw(st.integers(0, 3))),
        draw(st.one_of(st.none(), st.sampled_from([Fraction(0), Fraction(13, 2), Fraction(-15, 2),
                                                   Fraction(7)]))),
        draw(st.integers(-1, 3)), draw(st.sampled_from("ABCDX")),
        draw(st.one_of(st.none(), st.integers(0, 600))), draw(maybe(one_line_text())),
        draw(st.booleans()), held)


def _read_back(text: str, players: dict[str, Player]) -> Tournament:
    diags = Diagnostics()
    node = parse_yaml(text, "t.yaml", diags)
    back = tournament_from_node(node, "t", PlayerRefs(players, diags), diags)
    assert not diags.has_errors, [d.format() for d in diags.items]
    return back


@settings(max_examples=80, deadline=None)
@given(tournaments())
def test_dumped_tournament_reads_back_the_same(t):
    """Every field the reader knows comes back: names that YAML would take for other types,
    colours unknown with a winner, forfeits, byes, absences, parameters, categories, the game
    format, dates, komi; and the rounds so far (a tournament read from a file that holds the
    whole tournament comes back with every round listed)."""
    text = dump_tournament(t, "t.xml")
    site = {p.id: Player(p.id, "X") for p in t.players}
    back = _read_back(text, site)
    assert back == replace(t, rounds_held=t.last_round), text


@settings(max_examples=60, deadline=None)
@given(entries=st.lists(st.tuples(
    one_line_text(), st.one_of(st.none(), st.integers(-30, 8)),
    st.one_of(st.none(), st.integers(-1000, 4000)),
    st.one_of(st.none(), one_line_text().filter(lambda s: len(s) <= 80)),
    st.one_of(st.none(), one_line_text().filter(lambda s: len(s) <= 2))), max_size=5))
def test_dumped_players_read_back_the_same(entries, tmp_path_factory):
    """The new players file an import writes reads back to the same players."""
    players = [Player(f"p{i}", name, None if rank is None else Rank(rank), rating, club, country)
               for i, (name, rank, rating, club, country) in enumerate(entries)]
    path = tmp_path_factory.mktemp("players") / "p.yaml"
    path.write_text(dump_players(players, "Players first seen in T"), encoding="utf-8")
    diags = Diagnostics()
    back: dict[str, Player] = {}
    load_players(path, "p.yaml", diags, back)
    assert not diags.has_errors, [d.format() for d in diags.items]
    assert list(back.values()) == players, path.read_text(encoding="utf-8")
