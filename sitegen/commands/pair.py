"""``sitegen pair LEAGUE/TOURNAMENT --round N [--seed S] [--explain]``: pair one round of a
Swiss tournament and write it into the tournament's file (swiss: pairings).

The whole content is validated first, by the one load path of every command
(:func:`sitegen.rulesets.load_content`); the Swiss leagues are those of their rule set's
description (:func:`sitegen.rulesets.holding`: its folder, ``content/swiss/``, and its tuple of
the content). The round is paired by :func:`sitegen.engine.pairing.pair_round` with the league
scores before the tournament (criterion 2) and written into
``content/swiss/<league>/<tournament>.yaml`` through :mod:`sitegen.yamlwrite` (ruamel round
trip: comments, key order and flow style kept; temp file + ``os.replace``), after the whole
content as it will be is validated again, in memory, exactly as a build will read it. The seed used, given or drawn from :mod:`secrets`, is written with the
round, so anyone can re-run the pairing and get the same result.

Refused, with exit status 1 and nothing written: a round that has results, a round that is
paired already (unless ``--replace``: then its pairings are replaced), a round whose earlier
rounds are not all played, a round after which later rounds exist, and a round with
no legal pairing (the message lists the least bad options).
"""

from __future__ import annotations

import dataclasses
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..diagnostics import (Diagnostic, SitegenError, SourcePos, command_pos,
                           did_you_mean)
from ..engine.pairing import NoLegalPairing, Pairing, format_explanation, pair_round
from ..engine.swiss import league_scores
from ..model.swiss import SwissLeague, SwissTournament
from ..rulesets import holding, load_content
from ..validate import shown_path
from ..yamlwrite import dump_rt, flow_list, load_rt, tidy_content, write_atomic

MAX_SEED = 999_999_999
"""Seeds are drawn from 0..MAX_SEED (the range the content format accepts)."""


@dataclass(frozen=True)
class PairResult:
    """What ``sitegen pair`` did: the pairing and the file it wrote."""

    pairing: Pairing
    path: Path
    text: str
    """The tournament file's new text."""


def draw_seed() -> int:
    """Return a fresh random seed from :mod:`secrets` (0..MAX_SEED)."""
    return secrets.randbelow(MAX_SEED + 1)


def find_tournament(swiss_leagues: tuple[SwissLeague, ...], target: str) -> tuple[SwissLeague, SwissTournament]:
    """Return the league and tournament named ``<league-id>/<tournament-id>`` among
    ``swiss_leagues``.

    Raises SitegenError with a did-you-mean hint when either is unknown.
    """
    league_id, _, tournament_id = target.partition("/")
    leagues = {lg.id: lg for lg in swiss_leagues}
    if not tournament_id or league_id not in leagues:
        hint = did_you_mean(league_id, leagues) if league_id not in leagues else None
        raise SitegenError([Diagnostic(command_pos("sitegen pair"), (
            f"unknown Swiss league '{league_id}'" if league_id not in leagues else
            f"'{target}' does not name a tournament"), "pair.target",
            hint or "name the tournament as <league-id>/<tournament-id>, e.g. "
            + (f"{next(iter(leagues))}/..." if leagues else "spring/t1"))])
    league = leagues[league_id]
    tournaments = {t.id: t for t in league.tournaments}
    if tournament_id not in tournaments:
        raise SitegenError([Diagnostic(command_pos("sitegen pair"),
                                       f"unknown tournament '{tournament_id}' in Swiss league "
                                       f"'{league_id}'", "pair.target",
                                       did_you_mean(tournament_id, tournaments)
                                       or "expected one of: " + ", ".join(sorted(tournaments)))])
    return league, tournaments[tournament_id]


def plan_pairing(league: SwissLeague, tournament: SwissTournament, round_no: int,
                 seed: int, replace: bool = False) -> Pairing:
    """Return the pairing of round ``round_no`` (swiss: pairings), or raise SitegenError when
    the round may not be paired (results entered, paired already without ``replace``, earlier
    rounds unplayed, later rounds paired, no legal pairing)."""
    pos = SourcePos(tournament.path or tournament.pos.path)

    def refuse(message: str, hint: str | None = None, at: SourcePos | None = None) -> SitegenError:
        return SitegenError([Diagnostic(at or pos, message, "pair.refused", hint)])

    if not 1 <= round_no <= tournament.settings.rounds:
        raise refuse(f"round {round_no} does not exist: a tournament has rounds 1 to "
                     f"{tournament.settings.rounds}")
    existing = tournament.round(round_no)
    if existing is not None and existing.has_results:
        raise refuse(f"round {round_no} of {league.id}/{tournament.id} already has results; "
                     "it is not paired again", "to pair it anyway, delete its results first",
                     existing.pos)
    if existing is not None and (existing.matches or existing.bye) and not replace:
        target = f"{league.id}/{tournament.id}"
        raise refuse(f"round {round_no} of {target} is already paired; it is not paired again "
                     "without --replace",
                     f"to replace its pairings, run: sitegen pair {target} --round {round_no} --replace",
                     existing.pos)
    later = [r.number for r in tournament.rounds if r.number > round_no]
    if later:
        raise refuse(f"round {later[0]} is already paired; pair round {round_no} again only "
                     "after deleting the later rounds")
    for number in range(1, round_no):
        earlier = tournament.round(number)
        if earlier is None:
            raise refuse(f"round {number} has not been paired yet; pair the rounds in order",
                         f"run: sitegen pair {league.id}/{tournament.id} --round {number}")
        unplayed = [m for m in earlier.matches if m.result is None]
        if unplayed:
            m = unplayed[0]
            raise refuse(f"round {number} has {len(unplayed)} match"
                         f"{'es' if len(unplayed) != 1 else ''} without a result (first: "
                         f"{m.first}-{m.second}); enter every result before pairing round "
                         f"{round_no}", None, m.pos)
    before = dataclasses.replace(tournament, rounds=tuple(
        r for r in tournament.rounds if r.number < round_no))
    scores = league_scores(league, before=tournament.id)
    try:
        return pair_round(before, round_no, seed, scores)
    except NoLegalPairing as error:
        message = str(error)
        raise SitegenError([Diagnostic(existing.pos if existing else pos, message,
                                       "pair.no-legal-pairing")]) from error


def round_text(pairing: Pairing, rounds_node: CommentedSeq) -> None:
    """Write ``pairing`` into the round-trip ``rounds`` sequence (replace or append its round)."""
    pairs = CommentedSeq([flow_list(list(pair)) for pair in pairing.pairs])
    for item in rounds_node:
        if isinstance(item, CommentedMap) and str(item.get("round")) == str(pairing.round):
            item["seed"] = pairing.seed
            item["pairings"] = pairs
            if pairing.bye is not None:
                item["bye"] = pairing.bye
            elif "bye" in item:
                del item["bye"]
            return
    new = CommentedMap([("round", pairing.round), ("seed", pairing.seed), ("pairings", pairs)])
    if pairing.bye is not None:
        new["bye"] = pairing.bye
    rounds_node.append(new)


def pair(content_dir: Path, target: str, round_no: int, seed: int | None = None,
         explain: bool = False, out: TextIO | None = None, replace: bool = False) -> PairResult:
    """Pair round ``round_no`` of ``target`` (``<league-id>/<tournament-id>``) and write it;
    ``replace``: a round paired already (with no results) is paired again.

    ``seed`` None draws one with :func:`draw_seed`. Prints a summary (and, with ``explain``,
    the reasons for each pair and the bye) to ``out``. Raises SitegenError, with nothing
    written, for invalid content, an unknown tournament or a round that may not be paired.
    """
    tidy_content(content_dir, out)
    swiss = holding(SwissLeague)
    league, tournament = find_tournament(swiss.competitions(load_content(content_dir)), target)
    seed = draw_seed() if seed is None else seed
    if not 0 <= seed <= MAX_SEED:
        raise SitegenError([Diagnostic(command_pos("sitegen pair"), f"seed {seed} is out of range "
                                       f"0..{MAX_SEED}", "pair.seed")])
    pairing = plan_pairing(league, tournament, round_no, seed, replace)
    path = swiss.folder(content_dir) / league.id / f"{tournament.id}.yaml"
    data = load_rt(path)
    if data.get("rounds") is None:
        data["rounds"] = CommentedSeq()
    round_text(pairing, data["rounds"])
    text = dump_rt(data)
    load_content(content_dir, {path: text})  # the content as it will be, read as a build will
    write_atomic(path, text)
    if out is not None:
        out.write(summary(pairing, target, shown_path(path)) + "\n")
        if explain:
            out.write(format_explanation(pairing) + "\n")
    return PairResult(pairing, path, text)


def summary(pairing: Pairing, target: str, shown: str) -> str:
    """Return the lines ``sitegen pair`` prints: the matches in board order and the bye."""
    lines = [f"paired round {pairing.round} of {target} with seed {pairing.seed}: "
             f"{len(pairing.pairs)} match{'es' if len(pairing.pairs) != 1 else ''}"
             + (f", bye {pairing.bye}" if pairing.bye else "")]
    for number, (a, b) in enumerate(pairing.pairs, 1):
        lines.append(f"  {number}. {a} - {b}")
    if pairing.bye:
        lines.append(f"  bye: {pairing.bye}")
    lines.append(f"written to {shown}")
    return "\n".join(lines)

