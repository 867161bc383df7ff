"""``sitegen league next-season LEAGUE [--season NEW_ID]``: form the next season's divisions and groups.

Reads the finished (latest) season, the sign-ups ``leagues/<id>/signups/<NEW_ID>.yaml`` and the
division restrictions, forms the next season with the league's settings by the one function the
site's outcomes come from (:func:`sitegen.engine.league_outcome.form_outcome`), prints one line
per player with the final decision and the chain of rules that made it, and writes
``leagues/<id>/seasons/<NEW_ID>.yaml`` with the divisions and seeded groups (no games; starting
gamepoints as comments, A.ii.1).

The finished season's recorded outcomes (a group's ``promoted``/``relegated`` lists) are
followed, as the pages show them (:func:`sitegen.engine.league_outcome.recorded_moves`), with one
line for each player whose record differs from the rules; a record the sizes (A.i) or ranks
(C.3) do not allow is refused, naming its players. A finished season with games still to play is
formed only with ``--provisional``; one with no game played is refused.

An existing season file without results is edited in place (round-trip: its comments and key
order stay); one with results is never overwritten. When the rules cannot all be met
(:class:`LeagueRuleError`, e.g. "division restrictions must be revised (C.3)"), or when players
equal on every criterion of D contend for a spot and no playoff decides (D.2), nothing is
written; the error shows the ``playoffs:`` to enter.

With no season before ``NEW_ID`` (the organizer has only ``league.yaml`` and the sign-ups, every
player under ``new``), the command forms the league's first season
(:func:`sitegen.engine.league_outcome.first_season_outcome`): divisions filled from the top by
rank (D.2) to their ideal sizes (A.i), within the division restrictions (C.3, C.4), groups
seeded in zig-zag (A.ii.2); docs/league-rules.md, "The first season".

The content is read by the one load path of every command (:func:`sitegen.rulesets.load_content`);
the leagues, their folder (``content/leagues/``) and the loader of a season file read back
before it is written are those of the leagues' description (:func:`sitegen.rulesets.holding`).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Mapping, TextIO

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..diagnostics import (Diagnostic, Diagnostics, SitegenError, SourcePos, command_pos,
                           did_you_mean)
from ..engine.league import RECORD_CONFLICT, Move, Tie
from ..engine.league_next import NextSeasonPlan
from ..engine.league import secondary_order
from ..engine.league_outcome import (Difference, SeasonOutcome, Status, differences,
                                      first_season_outcome, form_outcome, games_to_play,
                                      ordered_players, recorded_direction, recorded_moves,
                                      season_status)
from ..model import Content
from ..i18n import ENGLISH_WORDS
from ..model.league import (DivisionRestrictions, Group, League, LeagueSettings, Season,
                            SeasonSignups)
from ..display import format_points
from ..pages import league_words as text
from ..pages.league_words import record_differs, recorded_headline, sentence, tie_sentence
from ..plan import FAR_PAST
from ..rulesets import holding, load_content
from ..validate import shown_path
from ..validate.fields import check_ident
from ..validate.league import PlayerRefs, load_signups
from ..load import texts_instead
from ..yamlmerge import Shape, drop_notes, id_or_name, merge
from ..yamlwrite import (dump_rt, flow_list, flow_map, load_rt, tidy_content,
                         write_atomic)


@dataclasses.dataclass(frozen=True)
class NextSeasonResult:
    """What the command did: the file written, the plan, and whether an existing file was edited."""

    path: Path
    plan: NextSeasonPlan
    edited: bool


def _fail(message: str, pos: SourcePos | None = None, hint: str | None = None,
          code: str = "league.next-season") -> SitegenError:
    return SitegenError([Diagnostic(pos or command_pos("sitegen league next-season"), message, code, hint)])


def has_results(season: Season) -> bool:
    """Return True when the organizer entered anything that formation would lose: any game
    (even one only scheduled), a final round or playoff results."""
    return (any(group.games for division in season.divisions for group in division.groups)
            or season.final is not None or bool(season.playoffs))


def ordered_seasons(league: League) -> list[Season]:
    """Return the league's seasons oldest first (start date, then id)."""
    return sorted(league.seasons, key=lambda s: (s.start or FAR_PAST, s.id))


def next_season_command(content_dir: Path, league_id: str, new_id: str | None, out: TextIO,
                        provisional: bool = False) -> NextSeasonResult:
    """Form and write the season after the league's latest finished one, or the league's first
    season when it has none; return what was done.

    The organizers' recorded outcomes of the finished season (a group's ``promoted`` and
    ``relegated`` lists) are followed, as the pages show them, with one line for each player
    whose record differs from the rules. A season with games still to play is formed only
    with ``provisional`` (from the standings as they are, said in the file and the lines).

    Raises SitegenError (exit 1, nothing written) for bad content, a missing or ambiguous
    sign-ups file, an empty sign-up list, a season file that already has results, a finished
    season with games still to play (without ``provisional``) or none played, and rule
    conflicts (LeagueRuleError; RecordNotHonoured: a record the rules of sizes or ranks do not
    let be followed).
    """
    tidy_content(content_dir, out)
    leagues = holding(League)
    content = load_content(content_dir)
    league = _league(leagues.competitions(content), league_id, leagues.folder(content_dir))
    folder = leagues.folder(content_dir) / league.id
    signup_dir = folder / "signups"
    new_id = _new_season_id(league, signup_dir, new_id)
    season_path = folder / "seasons" / f"{new_id}.yaml"
    season_shown = shown_path(season_path)
    finished = _finished_season(league, new_id, season_shown)
    signup_path = signup_dir / f"{new_id}.yaml"
    signups = _signups(signup_path, finished, content)
    settings = league.settings or LeagueSettings()
    left = _games_left(finished, provisional) if finished is not None else 0
    lines: dict[str, str] = {}
    if finished is None:
        current = next((s for s in league.seasons if s.id == new_id), None)
        restrictions = (signups.restrictions or (current.restrictions if current else None)
                        or DivisionRestrictions())
        outcome = first_season_outcome(settings, signups, restrictions)
        plan = _plan(outcome, None, new_id, signup_path)
        infos = {entry.id: entry for entry in signups.players}
        players = [p for d in plan.divisions
                   for p in secondary_order([p for g in d.groups for p in g.players], infos, settings)]
    else:
        restrictions = (signups.restrictions or finished.restrictions or DivisionRestrictions())
        status = Status.PROVISIONAL if left else Status.FINAL
        rules = form_outcome(finished, content.players, settings, signups, restrictions, status)
        record = recorded_moves(finished)
        outcome = (form_outcome(finished, content.players, settings, signups, restrictions,
                                status, record) if record else rules)
        plan = _plan(outcome, finished, new_id, signup_path)
        players = ordered_players(outcome.players, finished, [moves.order for moves in plan.moves])
        lines = _record_lines(finished, rules, record)
    for player in players:
        line = lines.get(player) or sentence(outcome.players[player], lambda p: p, ENGLISH_WORDS, bool(left))[1]
        print(f"{player}: {line}", file=out)
    edited = _write_season(season_path, league, new_id, finished, signups, plan,
                           restrictions if signups.restrictions else None, content, left)
    sizes = "; ".join(f"{d.name}: " + ", ".join(f"{g.name} ({len(g.players)})" for g in d.groups)
                      for d in plan.divisions)
    print(f"{'updated' if edited else 'wrote'} {season_shown}: {sizes}"
          + (f" (formed provisionally: {_games_text(finished, left)})" if left else ""), file=out)
    return NextSeasonResult(season_path, plan, edited)


def _games_text(season: Season | None, left: int) -> str:
    """Return ``season 2024 has 7 games still to play``."""
    games = "game" if left == 1 else "games"
    return f"season {season.id if season else ''} has {left} {games} still to play"


def _games_left(finished: Season, provisional: bool) -> int:
    """Return how many games of ``finished`` are still to play (0 when its record closes it);
    raise SitegenError when no game was played, or when some are left without ``provisional``."""
    status = season_status(finished)
    if status is Status.EMPTY:
        raise _fail(f"no game of season {finished.id} has been played", finished.pos,
                    "the next season is formed from its results: enter them first",
                    "league.season-not-played")
    left = games_to_play(finished) if status is Status.PROVISIONAL else 0
    if left and not provisional:
        raise _fail(_games_text(finished, left), finished.pos,
                    "enter their results, or give --provisional: --provisional forms it from "
                    "the standings as they are", "league.season-not-finished")
    return left


def _record_lines(finished: Season, rules: SeasonOutcome,
                  record: Mapping[str, object]) -> dict[str, str]:
    """Return the line said for each player whose recorded outcome the next season follows
    where the pages show it instead of the rules' (:func:`sitegen.pages.league_outcomes.
    _shown_row`): a record that differs from the rules, with both, and a record that decides
    what the rules leave to a tie, as the organizers' decision."""
    said: dict[str, str] = {}
    found: list[Difference] = differences(finished, rules)
    index_of = {d.name: i for i, d in enumerate(finished.divisions)}
    for difference in found:
        group, player = difference.group, difference.player
        head = _recorded_head(finished, group, player, index_of)
        computed, words = sentence(difference.computed, lambda p: p, ENGLISH_WORDS)
        if difference.computed.left or difference.computed.move is Move.WITHDREW:
            # not in the next season: nothing to follow; the rules' reasons say so (B.4)
            said[player] = record_differs(head, words.removesuffix("."))
            continue
        said[player] = record_differs(head, computed, difference.computed.rules)
    for division in finished.divisions:
        for group in division.groups:
            for player in group.players:
                by_rules = rules.players.get(player)
                if player in record and player not in said and by_rules is not None \
                        and by_rules.undecided:
                    head = _recorded_head(finished, group, player, index_of)
                    said[player] = ENGLISH_WORDS._(text.RECORDED).format(headline=head)
    return said


def _recorded_head(season: Season, group: Group, player: str, index_of: Mapping[str, int]) -> str:
    """Return the headline of ``player``'s recorded outcome: ``Promoted to division A``."""
    division = next(d for d in season.divisions if group in d.groups)
    direction = recorded_direction(group, player)
    assert direction is not None
    return recorded_headline(direction, division.name, index_of[division.name], season, ENGLISH_WORDS)


def _write_season(season_path: Path, league: League, new_id: str, finished: Season | None,
                  signups: SeasonSignups, plan: NextSeasonPlan,
                  restrictions: DivisionRestrictions | None, content: Content,
                  games_left: int = 0) -> bool:
    """Write the formed season (a new file, or the existing one edited in place, keeping its
    comments and key order); return True when it edited an existing file. ``games_left``:
    the finished season's games still to play, said in a comment (formed provisionally)."""
    season_shown = shown_path(season_path)
    champion = None
    if finished is not None and finished.final is not None and finished.final.champion:
        champion = finished.final.champion
    edited = season_path.exists()
    if edited:
        data = load_rt(season_path)
        if not isinstance(data, CommentedMap):
            raise _fail(f"{season_shown} does not hold a mapping; it is not overwritten", SourcePos(season_shown))
        drop_notes(data, PROVISIONAL_NOTE)  # written again below when it still holds
    else:
        data = CommentedMap()
        source = (f"from season\n{finished.id} and signups/{new_id}.yaml" if finished is not None
                  else f"as the league's\nfirst season from signups/{new_id}.yaml")
        data.yaml_set_start_comment(
            f"Season {new_id} of {league.name}, formed by `sitegen league next-season` {source}. "
            "Review it, then enter the games.")
    _fill_season(data, new_id, signups, plan, restrictions, champion)
    if games_left:
        data.yaml_set_comment_before_after_key(
            "divisions", before=f"Formed provisionally: {_games_text(finished, games_left)}, "
            "so these divisions are\nthose of its standings as they were; form it again once "
            "they are played.")
    text = dump_rt(data)
    _check_written(text, season_path, content, new_id)
    write_atomic(season_path, text)
    return edited


def _league(leagues: tuple[League, ...], league_id: str, folder: Path) -> League:
    """Return the league ``league_id`` of ``leagues`` (those of the leagues' ``folder``); raise
    SitegenError (did you mean) without it."""
    league = next((lg for lg in leagues if lg.id == league_id), None)
    if league is None:
        raise _fail(f"no league '{league_id}' in {shown_path(folder)}",
                    hint=did_you_mean(league_id, [lg.id for lg in leagues]))
    return league


def _new_season_id(league: League, signup_dir: Path, new_id: str | None) -> str:
    """Return the id of the season to form: ``new_id``, else the one sign-ups file of a season
    without results; raise SitegenError when there is none or several, or for a bad id."""
    if new_id is None:
        existing = {s.id for s in league.seasons if has_results(s)}
        candidates = sorted(p.stem for p in signup_dir.glob("*.yaml")) if signup_dir.is_dir() else []
        candidates = [c for c in candidates if c not in existing]
        if len(candidates) != 1:
            signup_shown = shown_path(signup_dir)
            raise _fail("cannot tell which season to form: "
                        + (f"sign-ups for {', '.join(candidates)}" if candidates else "no sign-ups found"),
                        command_pos("sitegen league next-season"),
                        f"create {signup_shown}/<new-season-id>.yaml listing "
                        + ("'returning', 'withdrawn' and 'new' players" if league.seasons else
                           "the players under 'new' (the league's first season)")
                        + " (docs/content-format.md)" if not candidates else
                        "give the new season's id with --season")
        new_id = candidates[0]
    if check_ident(new_id, command_pos("--season"), Diagnostics(), "season id") is None:
        raise _fail(f"'{new_id}' is not a season id", command_pos("--season"),
                    "use 1-64 letters, digits, '-', '_' or '.', e.g. 2025")
    return new_id


def _finished_season(league: League, new_id: str, season_shown: str) -> Season | None:
    """Return the latest season before ``new_id``, None when there is none (the league's first
    season); raise SitegenError when season ``new_id`` already has results (it is never
    overwritten)."""
    current = next((s for s in league.seasons if s.id == new_id), None)
    if current is not None and has_results(current):
        raise _fail(f"season {new_id} already has results; it is not overwritten",
                    SourcePos(season_shown), "choose another id with --season, or delete the file "
                    "yourself if it really should be formed again", "league.season-has-results")
    earlier = [s for s in ordered_seasons(league) if s.id != new_id]
    return earlier[-1] if earlier else None


def _signups(signup_path: Path, finished: Season | None, content: Content) -> SeasonSignups:
    """Return the validated sign-ups; raise SitegenError when the file is missing, has errors,
    or (for a first season) lists nobody."""
    if not signup_path.exists():
        lists = ("the players under 'new'" if finished is None
                 else "'returning', 'withdrawn' and 'new' players")
        raise _fail(f"no sign-ups for season {signup_path.stem}: {shown_path(signup_path)} does not exist",
                    command_pos("sitegen league next-season"),
                    f"create {shown_path(signup_path)} listing {lists} (docs/content-format.md)")
    diags = Diagnostics()
    signups = load_signups(signup_path, shown_path(signup_path), finished, content.players, diags)
    if diags.has_errors or signups is None:
        raise SitegenError(diags.sorted())
    if finished is None and not signups.players:
        raise _fail(f"nobody signs up for season {signups.season_id}, the league's first season",
                    signups.pos, "list the players under 'new', e.g. 'new: [ann, ben, cho, dee, eve]'",
                    "signups.empty")
    return signups


def _plan(outcome: SeasonOutcome, finished: Season | None, new_id: str, signup_path: Path) -> NextSeasonPlan:
    """Return the next season's plan (league B, C, E.1, A); raise SitegenError when the rules
    cannot form it (a LeagueRuleError) or a tie the rules leave open decides a player's
    place (D.2), one error per tie with the ``playoffs:`` that decides it."""
    if outcome.error is not None or outcome.plan is None:
        source = f"season {finished.id}" if finished is not None else shown_path(signup_path)
        if finished is not None and (outcome.error or "").startswith(RECORD_CONFLICT):
            raise _fail(f"season {new_id} cannot be formed from {source}: {outcome.error}",
                        finished.pos, "correct the groups' promoted and relegated lists",
                        "league.record")
        raise _fail(f"season {new_id} cannot be formed from {source}: {outcome.error}",
                    SourcePos(shown_path(signup_path)), code="league.rules")
    if outcome.ties:
        raise SitegenError([_tie_error(tie, finished or Season("", "", ()), signup_path)
                            for tie in outcome.ties])
    return outcome.plan


def _tie_error(tie: Tie, finished: Season, signup_path: Path) -> Diagnostic:
    """Return the error of a tie that decides a place: at the first tied player's entry in the
    finished season (or the sign-ups, for new players), with the YAML to add (D.2)."""
    groups = {p: g for d in finished.divisions for g in d.groups for p in g.players}
    message = (f"{tie_sentence(tie, lambda p: p, ENGLISH_WORDS)}: their places in the next season are not "
               f"decided")
    if all(p in groups for p in tie.players):
        places = ", ".join(f"{p}: {i}" for i, p in enumerate(tie.players, start=1))
        first = tie.players[0]
        return Diagnostic(groups[first].position(first), message, "league.tie",
                          f"enter the playoff's result in this season file, 1 the winner, e.g. "
                          f"'playoffs: {{{places}}}', then run the command again")
    return Diagnostic(SourcePos(shown_path(signup_path)), message, "league.tie",
                      "give each of them the place of the playoff in their sign-up entry, "
                      "1 the winner, e.g. '{id: " + tie.players[0] + ", playoff: 1}', then run "
                      "the command again")


def _fill_season(data: CommentedMap, new_id: str, signups: SeasonSignups, plan: NextSeasonPlan,
                 restrictions: DivisionRestrictions | None, champion: str | None) -> None:
    """Set the season's keys in place, keeping the others and their comments."""
    if "name" not in data:
        data["name"] = signups.name or f"Season {new_id}"
    for key, value in (("start", signups.start), ("end", signups.end)):
        if value is not None and key not in data:
            data[key] = value
    if restrictions is not None:
        rows = CommentedSeq()
        for band in restrictions.bands:
            row = [("weakest", str(band.weakest))]
            if band.strongest is not None:
                row.append(("strongest", str(band.strongest)))
            row.append(("highest", band.highest_division))
            if band.lowest_division is not None:
                row.append(("lowest", band.lowest_division))
            rows.append(flow_map(row))
        data["restrictions"] = rows
    if champion is not None:
        data["defending_champion"] = champion
    divisions = CommentedSeq()
    for division in plan.divisions:
        groups = CommentedSeq()
        for group in division.groups:
            groups.append(CommentedMap([("name", group.name), ("id", group.id),
                                        ("players", flow_list(list(group.players)))]))
        entry = CommentedMap([("name", division.name), ("groups", groups)])
        points = {plan.starting_gamepoints[p] for g in division.groups for p in g.players}
        if points:
            entry.yaml_set_comment_before_after_key(
                "groups", before=f"starting gamepoints: {format_points(min(points), ENGLISH_WORDS)} (league A.ii.1, [4])",
                indent=4)
        divisions.append(entry)
    data["divisions"] = merge(data.get("divisions"), divisions, DIVISIONS)  # e.g. a promoted: list


PROVISIONAL_NOTE = re.compile(r"^(Formed provisionally: |those of its standings as they were; form it again)")
"""The lines of the comment on a season formed provisionally (``--provisional``): replaced
when the season is formed again, never repeated."""

DIVISIONS = Shape(entry=id_or_name, item=Shape(
    owned=frozenset({"name", "groups"}), notes=re.compile(r"^starting gamepoints: "),
    values={"groups": Shape(entry=id_or_name, item=Shape(owned=frozenset({"name", "id", "players"})))}))
"""How a season file's divisions are merged with those formed again (:mod:`sitegen.yamlmerge`):
divisions and groups matched by id, else name; what the organizer added to them (a group's
``promoted:`` list, a comment) stays; the starting gamepoints comment is written anew."""


def _check_written(text: str, path: Path, content: Content, new_id: str) -> None:
    """Read ``text`` back exactly as a build would, by the leagues' description (a season file
    is loaded apart: :attr:`sitegen.ruleset.RuleSet.load_apart`); raise if it is not valid (a
    bug, not content)."""
    diags = Diagnostics()
    load_apart = holding(League).load_apart
    assert load_apart is not None  # a league's seasons are loaded apart (pages/league.py)
    with texts_instead({path: text}):
        season = load_apart(path, shown_path(path), PlayerRefs(content.players, diags), diags)
    if diags.has_errors or season is None or season.id != new_id:
        raise SitegenError(diags.sorted() or "the season file to be written does not read back")
