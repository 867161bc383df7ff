"""Write a tournament as content YAML (``content/tournaments/<id>.yaml``) and its new players
(``content/players/<id>.yaml``): plain text, deterministic, one flow mapping per player and game.

The text is read back by :mod:`sitegen.validate.tournament` (docs/content-format.md,
"Tournaments"); :func:`dump_tournament` writes every field that reader knows, so a tournament
read back computes the same standings and the same h9 file.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Iterable

from ..model.common import Player, Rank
from ..model.tournament import DCVariant, GameResult, System, Tournament, TournamentGame

_PLAIN = re.compile(r"^[^\W\d_][\w .'\-]*$")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def scalar(text: str) -> str:
    """Return ``text`` as a YAML scalar usable in flow context: plain when safe, else quoted.

    Quoted scalars use JSON string syntax, which is valid YAML double-quoted syntax.
    """
    if (_PLAIN.match(text) and text == text.strip() and text.lower() not in _RESERVED
            and "  " not in text and " -" not in text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _point(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _mapping(pairs: Iterable[tuple[str, str | None]]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in pairs if v is not None) + "}"


def _rank(rank: Rank) -> str:
    return str(rank)


def game_result_text(game: TournamentGame) -> str:
    """Return the result of a game in the content notation: ``W+``, ``B+F``, ``jigo``, ``?``."""
    r = game.result
    if r is GameResult.WHITE_WINS:
        return "W+F" if game.forfeit else "W+"
    if r is GameResult.BLACK_WINS:
        return "B+F" if game.forfeit else "B+"
    return {GameResult.JIGO: "jigo", GameResult.UNKNOWN: '"?"', GameResult.BOTH_WIN: "both-win",
            GameResult.BOTH_LOSE: "both-lose"}[r]


def _game_line(game: TournamentGame) -> str:
    winner = None
    if game.colours_known:
        pairs = [("white", scalar(game.white)), ("black", scalar(game.black))]
    else:
        pairs = [("players", f"[{scalar(game.white)}, {scalar(game.black)}]")]
    pairs.append(("handicap", str(game.handicap)))
    if game.colours_known or game.result not in (GameResult.WHITE_WINS, GameResult.BLACK_WINS):
        pairs.append(("result", game_result_text(game)))
        flag = game.forfeit and game.result not in (GameResult.WHITE_WINS, GameResult.BLACK_WINS)
    else:
        winner = game.white if game.result is GameResult.WHITE_WINS else game.black
        pairs.append(("winner", scalar(winner)))
        flag = game.forfeit
    if flag:
        pairs.append(("forfeit", "true"))
    return _mapping(pairs)


def dump_tournament(t: Tournament, source: str = "") -> str:
    """Return the content YAML of ``t``; player ids are written as they are in ``t``.

    ``source`` names the imported file in the heading comment. Same tournament, same text.
    """
    p = t.parameters
    out = []
    if source:
        out.append(f"# Imported by 'sitegen import' from {source}; check it, then commit it.")
    out.append(f"name: {scalar(t.name)}")
    if t.location:
        out.append(f"location: {scalar(t.location)}")
    if t.begin:
        out.append(f"start: {t.begin.isoformat()}")
    if t.end:
        out.append(f"end: {t.end.isoformat()}")
    out.append(f"system: {'mcmahon' if p.system is System.MCMAHON else 'swiss'}")
    out.append(f"number_of_rounds: {t.rounds}")
    if t.komi is not None:
        komi = t.komi
        out.append(f"komi: {komi.numerator if komi.denominator == 1 else float(komi)}")
    out.append("parameters:")
    out.append(f"  mcmahon_bar: {_rank(p.bar)}")
    out.append(f"  mcmahon_floor: {_rank(p.floor)}")
    out.append(f"  handicap_correction: {t.handicap_correction}")
    out.append(f"  bye: {_mapping([('nbw', _point(p.nbw_bye)), ('mms', _point(p.mms_bye))])}")
    out.append(f"  absence: {_mapping([('nbw', _point(p.nbw_absent)), ('mms', _point(p.mms_absent))])}")
    out.append(f"  round_down: {str(p.round_down).lower()}")
    out.append(f"  count_unplayed_as_half: {str(p.count_unplayed_as_half).lower()}")
    out.append(f"  criteria: [{', '.join(c.value for c in p.criteria)}]")
    out.append(f"  sosm_minus_defect: {str(p.sosm_minus_defect).lower()}")
    out.append(f"  dc_variant: {'dir' if p.dc_variant is DCVariant.DIR else 'opengotha'}")
    out.append("egd:")
    out.append(f"  class: {scalar(t.egf_class)}")
    if t.adjusted_time is not None:
        out.append(f"  adjusted_time: {t.adjusted_time}")
    if t.time_system:
        out.append(f"  time_system: {scalar(t.time_system)}")
    out.append("players:")
    for pl in t.players:
        out.append("  - " + _mapping([
            ("id", scalar(pl.id)), ("surname", scalar(pl.surname)),
            ("first_name", scalar(pl.first_name) if pl.first_name else '""'),
            ("rank", _rank(pl.rank)),
            ("rating", str(pl.rating) if pl.rating is not None else None),
            ("club", scalar(pl.club) if pl.club else None),
            ("country", scalar(pl.country) if pl.country else None),
            ("egd_pin", scalar(pl.egd_pin) if pl.egd_pin else None),
            ("smms_correction", str(pl.smms_correction) if pl.smms_correction else None)]))
    out.append("rounds:")
    for number in range(1, t.rounds + 1):
        out.append(f"  - round: {number}")
        games = [g for g in t.games if g.round == number]
        byes = sorted(b.player for b in t.byes if b.round == number)
        absent = sorted(a.player for a in t.absences if a.round == number)
        if games:
            out.append("    games:")
            out.extend("      - " + _game_line(g) for g in games)
        if byes:
            out.append(f"    byes: [{', '.join(scalar(b) for b in byes)}]")
        if absent:
            out.append(f"    absent: [{', '.join(scalar(a) for a in absent)}]")
    return "\n".join(out) + "\n"


def dump_players(players: Iterable[Player], heading: str = "") -> str:
    """Return a players file (``players:`` list of id, name, rank, rating, club, country)."""
    out = []
    if heading:
        out.append(f"# {heading}")
    out.append("players:")
    for pl in players:
        out.append("  - " + _mapping([
            ("id", scalar(pl.id)), ("name", scalar(pl.name)),
            ("rank", str(pl.rank) if pl.rank is not None else None),
            ("rating", str(pl.rating) if pl.rating is not None else None),
            ("club", scalar(pl.club) if pl.club else None),
            ("country", scalar(pl.country) if pl.country else None)]))
    if len(out) == (2 if heading else 1):
        out[-1] = "players: []"
    return "\n".join(out) + "\n"
