"""Write a tournament as content YAML (``content/tournaments/<id>.yaml``) and its new players
(``content/players/<id>.yaml``) with the round-trip writer the other commands use
(:mod:`sitegen.yamlwrite`): deterministic, one flow mapping per player and game.

The text is read back by :mod:`sitegen.validate.tournament` (docs/content-format.md,
"Tournaments"); :func:`dump_tournament` writes every field that reader knows, so a tournament
read back computes the same standings and the same h9 file.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..model.common import Player
from ..model.tournament import DCVariant, GameResult, System, Tournament, TournamentGame
from ..yamlwrite import dump_unwrapped, flow_list, flow_map

_DECIDED = (GameResult.WHITE_WINS, GameResult.BLACK_WINS)


def _point(value: Fraction) -> int | str:
    """Return a bye or absence value: ``1``, ``0`` or ``1/2`` (a string: YAML has no fractions)."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _present(pairs: Iterable[tuple[str, object]]) -> CommentedMap:
    """Return a one-line mapping of the pairs whose value is not None."""
    return flow_map([(key, value) for key, value in pairs if value is not None])


def _comment(text: str) -> str:
    """Return ``text`` fit for a one-line comment (a file name may hold a line break)."""
    return "".join(c if c.isprintable() else "?" for c in text)


def game_result_text(game: TournamentGame) -> str:
    """Return the result of a game in the content notation: ``W+``, ``B+F``, ``jigo``, ``?``."""
    r = game.result
    if r in _DECIDED:
        return ("W+" if r is GameResult.WHITE_WINS else "B+") + ("F" if game.forfeit else "")
    return {GameResult.JIGO: "jigo", GameResult.UNKNOWN: "?", GameResult.BOTH_WIN: "both-win",
            GameResult.BOTH_LOSE: "both-lose"}[r]


def _game(game: TournamentGame, with_table: bool = False) -> CommentedMap:
    """Return a game: colours and result, or, colours unknown, the players and the winner;
    ``with_table``: its OpenGotha table too (a round where a player plays twice)."""
    if game.colours_known:
        pairs: list[tuple[str, object]] = [("white", game.white), ("black", game.black)]
    else:
        pairs = [("players", flow_list([game.white, game.black]))]
    pairs.append(("handicap", game.handicap))
    if game.colours_known or game.result not in _DECIDED:
        pairs.append(("result", game_result_text(game)))
        flag = game.forfeit and game.result not in _DECIDED
    else:
        pairs.append(("winner", game.white if game.result is GameResult.WHITE_WINS else game.black))
        flag = game.forfeit
    if flag:
        pairs.append(("forfeit", True))
    if with_table and game.table is not None:
        pairs.append(("table", game.table))
    return flow_map(pairs)


def _twice(games: list[TournamentGame]) -> bool:
    """Return True when a player plays more than one of ``games`` (one round's)."""
    players = [who for g in games for who in (g.white, g.black)]
    return len(players) != len(set(players))


def _parameters(t: Tournament) -> CommentedMap:
    p = t.parameters
    doc = CommentedMap([
        ("mcmahon_bar", str(p.bar)), ("mcmahon_floor", str(p.floor)),
        ("handicap_correction", t.handicap_correction),
        ("bye", flow_map([("nbw", _point(p.nbw_bye)), ("mms", _point(p.mms_bye))])),
        ("absence", flow_map([("nbw", _point(p.nbw_absent)), ("mms", _point(p.mms_absent))])),
        ("round_down", p.round_down), ("count_unplayed_as_half", p.count_unplayed_as_half),
        ("criteria", flow_list([c.value for c in p.criteria] or ["NULL"])),
        ("sosm_minus_defect", p.sosm_minus_defect),
        ("dc_variant", "dir" if p.dc_variant is DCVariant.DIR else "opengotha")])
    if p.category_limits:
        doc["category_limits"] = flow_list([str(rank) for rank in p.category_limits])
    return doc


def _rounds(t: Tournament) -> CommentedSeq:
    """Return an entry for each round of the tournament so far (``t.last_round``), an empty
    one for a round without games: a round listed is a round of the tournament. The games in
    ``t``'s order (a player's last game of a round is the one for SOS); in a round where a
    player plays twice, each with its ``table:``."""
    rounds = CommentedSeq()
    for number in range(1, t.last_round + 1):
        entry = CommentedMap([("round", number)])
        played = [g for g in t.games if g.round == number]
        games = [_game(g, _twice(played)) for g in played]
        byes = sorted(b.player for b in t.byes if b.round == number)
        absent = sorted(a.player for a in t.absences if a.round == number)
        if games:
            entry["games"] = CommentedSeq(games)
        if byes:
            entry["byes"] = flow_list(byes)
        if absent:
            entry["absent"] = flow_list(absent)
        rounds.append(entry)
    return rounds


def dump_tournament(t: Tournament, source: str = "") -> str:
    """Return the content YAML of ``t``; player ids are written as they are in ``t``.

    ``source`` names the imported file in the heading comment. Same tournament, same text.
    """
    doc = CommentedMap([("name", t.name)])
    for key, value in (("location", t.location or None), ("start", t.begin), ("end", t.end)):
        if value is not None:
            doc[key] = value
    doc["system"] = "mcmahon" if t.parameters.system is System.MCMAHON else "swiss"
    doc["number_of_rounds"] = t.rounds
    if t.komi is not None:
        doc["komi"] = t.komi.numerator if t.komi.denominator == 1 else float(t.komi)
    doc["parameters"] = _parameters(t)
    doc["egd"] = CommentedMap([("class", t.egf_class)])
    if t.adjusted_time is not None:
        doc["egd"]["adjusted_time"] = t.adjusted_time
    if t.time_system:
        doc["egd"]["time_system"] = t.time_system
    if t.short_games:
        doc["egd"]["game_format"] = "short"
    doc["players"] = CommentedSeq(_present([
        ("id", pl.id), ("surname", pl.surname), ("first_name", pl.first_name or None),
        ("rank", str(pl.rank)), ("rating", pl.rating), ("club", pl.club or None),
        ("country", pl.country or None), ("egd_pin", pl.egd_pin or None),
        ("smms_correction", pl.smms_correction or None)]) for pl in t.players)
    doc["rounds"] = _rounds(t)
    if source:
        doc.yaml_set_start_comment(f"Imported by 'sitegen import' from {_comment(source)}; "
                                   "check it, then commit it.")
    return dump_unwrapped(doc)


def dump_players(players: Iterable[Player], heading: str = "") -> str:
    """Return a players file (``players:`` list of id, name, family_name, rank, rating, club,
    country)."""
    doc = CommentedMap([("players", CommentedSeq(_present([
        ("id", pl.id), ("name", pl.name), ("family_name", pl.family_name),
        ("rank", str(pl.rank) if pl.rank is not None else None), ("rating", pl.rating),
        ("club", pl.club or None), ("country", pl.country or None)]) for pl in players))])
    if not doc["players"]:
        doc["players"] = flow_list([])
    if heading:
        doc.yaml_set_start_comment(_comment(heading))
    return dump_unwrapped(doc)
