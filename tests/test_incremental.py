"""What an incremental build does again after a change, and what it keeps (issue 18;
sitegen/incremental/, sitegen/depends.py).

tests/properties/test_incremental.py shows that incremental builds give what fresh builds
give; these tests show that they do little: a changed result makes again only its own
competition's part (a league season, a tournament), validates only its own file, and rewrites
only the pages whose bytes changed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, flip_league_result  # noqa: E402

from fresh_renders import render  # noqa: E402
from sitegen.depends import unit_of  # noqa: E402
from sitegen.devsite import Site  # noqa: E402
from sitegen.incremental.build import CachedBuild  # noqa: E402
from sitegen import stages  # noqa: E402
from sitegen.stages import Planned, Source  # noqa: E402
from sitegen.plan import Bundle, PlayerSection  # noqa: E402
from sitegen.pipeline import prepare  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def demo(tmp_path):
    site = demo_site(tmp_path)
    builder = Site(site / "content", site / "templates", None)
    builder.build()
    return site, builder


def again(builder: Site) -> CachedBuild:
    """Build once more; return the Build that did it (its caches tell what was made)."""
    build = CachedBuild(builder.state, builder.content_dir, builder.templates_dir, builder.base_url,
                        names=builder.names)
    stages.build(Source(builder.content_dir, builder.templates_dir, builder.base_url), build, Planned())
    return build


def made_parts(build: CachedBuild) -> set[tuple]:
    return {ident for ident, record in build.caches.new_parts.items() if record.made is not None}


def validated(build: CachedBuild) -> set:
    old = build.old
    units = {unit for unit, record in build.caches.new_units.items() if old.units.get(unit) is not record}
    seasons = {path for path, record in build.caches.new_seasons.items() if old.seasons.get(path) is not record}
    return units | seasons


def test_nothing_changed_nothing_is_made(demo):
    site, builder = demo
    build = again(builder)
    assert made_parts(build) == set() and validated(build) == set()
    assert build.removed() == [] and set(build.keys) == set(builder.files)


def test_a_league_result_makes_its_season_again_and_nothing_else(demo):
    """One result of the last iglo season reversed: that season file is validated again (not
    the league's other eleven), its part is planned again, and the league's own page only if
    its summary changed; no tournament, ladder or Swiss league is touched."""
    site, builder = demo
    season = site / "content/leagues/iglo/seasons/2021-09.yaml"
    text = season.read_text(encoding="utf-8")
    season.write_text(text.replace("winner: Kateka1}", "winner: Nazido0}", 1), encoding="utf-8")
    build = again(builder)
    assert validated(build) == {("leagues", "iglo"), "leagues/iglo/seasons/2021-09.yaml"}
    assert ("league-season", "iglo", "2021-09") in made_parts(build)
    assert made_parts(build) <= {("league-season", "iglo", "2021-09"), ("league", "iglo")}


def test_a_tournament_result_makes_that_tournament_again_and_nothing_else(demo):
    site, builder = demo
    file = site / "content/tournaments/juvisy-2019.yaml"
    text = file.read_text(encoding="utf-8")
    at = text.index("result: W+")
    file.write_text(text[:at] + "result: B+" + text[at + len("result: W+"):], encoding="utf-8")
    build = again(builder)
    assert validated(build) == {("tournaments", "juvisy-2019.yaml")}
    assert made_parts(build) == {("tournament", "juvisy-2019")}


def test_only_changed_files_change_and_the_others_keep_their_bytes(demo):
    """The changes a dev build reports are exactly the files whose bytes differ from the last
    build's, and the result is a fresh build's."""
    site, builder = demo
    before = dict(builder.files)
    flip_league_result(site, 11)
    changes, reason = builder.build()
    assert reason is None
    after = render(site / "content", site / "templates")
    assert builder.files == after
    assert set(changes) == {path for path in after if before.get(path) != after[path]}
    assert 0 < len(changes) < 20


def test_a_renamed_player_remakes_only_what_shows_that_player(demo):
    """Renaming a Swiss league player re-validates nothing (names are not checked) but makes
    again the Swiss league's part (its pages show the name) and no league or tournament part."""
    site, builder = demo
    players = site / "content/players/swiss.yaml"
    text = players.read_text(encoding="utf-8")
    start = text.index("name: ") + len("name: ")
    players.write_text(text[:start] + "Renamed " + text[start:], encoding="utf-8")
    build = again(builder)
    assert {ident[0] for ident in made_parts(build)} == {"swiss"}


def test_every_content_file_belongs_to_the_unit_that_reads_it():
    """depends.unit_of names, for every file of the demo, the unit whose loader reads it; the
    game records under games/ are read by the units whose games name them (RECORDS)."""
    content = REPO / "content"
    units = {unit_of(p.relative_to(content).as_posix()) for p in content.rglob("*") if p.is_file()}
    assert units == {("common",), ("leagues", "iglo"), ("tournaments", "juvisy-2019.yaml"),
                     ("ladders", "club.yaml"), ("swiss", "demo"), ("records",)}
    assert unit_of("games/club/2025-12-30-zeno-ada.sgf") == ("records",)
    assert unit_of("leagues/iglo/README.md") == ("leagues", "iglo")
    assert unit_of("tournaments/notes.md") is None and unit_of("site.yaml") == ("common",)


def test_a_changed_game_record_validates_again_only_the_units_that_name_it(demo):
    """The ladder's game names games/club/2025-12-30-zeno-ada.sgf: a change to that file
    validates the ladder again (its model holds the record's bytes) and nothing else, keeps the
    rest of the build, and the site's copy of the record is the new file."""
    site, builder = demo
    record = site / "content/games/club/2025-12-30-zeno-ada.sgf"
    record.write_bytes(record.read_bytes().replace(b")", b"C[changed])", 1))
    build = again(builder)
    assert build.reason is None
    assert validated(build) == {("ladders", "club.yaml")}
    builder.build()
    assert builder.files == render(site / "content", site / "templates")
    assert builder.files["sgf/games/club/2025-12-30-zeno-ada.sgf"] == record.read_bytes()


def test_a_file_no_competition_reads_rebuilds_everything(demo):
    """A file that no unit claims (one a future loader may read) counts as a setting: its
    change makes the next build start from scratch, and says so."""
    site, builder = demo
    (site / "content/notes.txt").write_text("a note\n")
    changes, reason = builder.build()
    assert changes is None and reason == "a file of the content folder that no competition reads changed"
    changes, reason = builder.build()
    assert changes == {} and reason is None


def test_player_sections_hold_json_and_dates_only():
    """A kept part keeps its player sections as JSON (sitegen.incremental.sections.section_text): the
    planners give data of JSON types and dates, and no tuple (JSON would give it back as a
    list)."""
    import datetime as dt

    def check(value, where):
        kind = type(value)
        assert kind in (dict, list, str, int, float, bool, type(None), dt.date), (where, kind)
        for item in (value.values() if kind is dict else value if kind is list else ()):
            check(item, where)

    _, plan = prepare(REPO / "content")
    sections = [s for found in plan.player_sections.values() for s in found if s.make is None]
    assert {s.template for s in sections} >= {"partials/player_league.html", "partials/player_tournament.html",
                                              "partials/player_ladder.html", "partials/player_swiss.html"}
    for section in sections:
        assert isinstance(section, PlayerSection)
        check(section.data, section.template)


DIGEST_SCRIPT = """
import json, sys
from pathlib import Path
from sitegen.incremental.build import CachedBuild
from sitegen.stages import Planned, Source, build as build_site
build = CachedBuild(None, Path(sys.argv[1]), None, "https://example.org/")
planned = Planned()
build_site(Source(Path(sys.argv[1]), None, "https://example.org/"), build, planned)
bundles = planned.bundles
keys = build.key_of(True)
print(json.dumps(sorted((path, key.hex()) for bundle in bundles for path, key in
                        ((p, k if type(k) is bytes else k[0]) for p, k in keys(bundle)))))
"""


@pytest.mark.slow  # the demo planned in two fresh processes
def test_keys_are_the_same_in_every_process():
    """Keys are compared with those of an earlier process (``sitegen build``'s cache): the same
    content gives the same keys whatever the process's hash seed."""
    runs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(REPO))
        done = subprocess.run([sys.executable, "-c", DIGEST_SCRIPT, str(REPO / "content")], env=env,
                              capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] and len(runs[0]) > 500


def test_a_kept_part_is_known_by_its_inputs_without_looking_for_players(demo, monkeypatch):
    """A part whose inputs give the same digest as the last build's, while no player's record
    changed, is kept without finding the players in its inputs again (most of what checking
    the 30 kept seasons of a full-size league cost): after a league result, only the parts
    planned again are searched for players."""
    import sitegen.incremental.reuse as reuse

    site, builder = demo
    flip_league_result(site, 11)
    searched = []
    real = reuse.player_ids
    monkeypatch.setattr(reuse, "player_ids", lambda value, *args: (searched.append(value), real(value, *args))[1])
    build = again(builder)
    assert 0 < len(searched) <= len(made_parts(build)) < len(build.caches.new_parts)


def test_a_kept_parts_ghost_bundles_are_made_once_in_the_dev_server(demo):
    """The dev server keeps a part's record from build to build: the bundles standing for a kept
    part's outputs (addresses only) are made the first time it is kept and the same objects are
    used by the next build that keeps it (issue 31); the site is still a fresh build's."""
    site, builder = demo
    ident = ("tournament", "juvisy-2019")
    assert builder.state is not None and builder.state.parts[ident].ghosts is None  # made, not kept
    flip_league_result(site, 11)
    builder.build()
    record = builder.state.parts[ident]
    ghosts = record.ghosts
    assert ghosts is not None and len(ghosts) == len(record.bundles)
    assert [((b.page.url, b.page.template, b.page.file_name) if b.page else None, tuple(path for f in b.files for path in f.paths))
            for b in ghosts] == [(page, paths) for page, paths in record.bundles]
    # their paths given once: those a bundle works out from its page and files
    assert [b.paths for b in ghosts] == [Bundle.paths.fget(b) for b in ghosts] and any(b.page for b in ghosts)
    flip_league_result(site, 11)  # reversed back
    builder.build()
    assert builder.state.parts[ident] is record and record.ghosts is ghosts
    assert builder.files == render(site / "content", site / "templates")
