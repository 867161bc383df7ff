"""``sitegen build`` with the cache of the last build (issue 18; sitegen/store.py,
sitegen/commands/build.py): a cache it cannot use -- made by another sitegen, corrupt, forged,
for other settings or templates, or beside an output folder changed since -- gives a full
build whose output is a fresh build's, and one line that says why; a usable one gives the
same site and keeps the warnings and the summary's counts of the build it stands for.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, flip_league_result  # noqa: E402
from fresh_renders import tree_key  # noqa: E402

from sitegen.commands.build import build as build_with  # noqa: E402
from fresh_renders import render  # noqa: E402
from sitegen.diagnostics import SitegenError  # noqa: E402
from sitegen.store import cache_folder  # noqa: E402
from sitegen.write import MARKER  # noqa: E402


def build(*args, **kwargs):
    """``sitegen.commands.build.build`` with the default theme's kept code, as ``sitegen build``
    runs it (sitegen.theme_code): compiling the theme's templates from their source was three
    quarters of the CPU of a build of the small site from scratch, and is not what is tested here."""
    return build_with(*args, theme_code=True, **kwargs)


SMALL = Path(__file__).resolve().parent / "sites" / "small" / "content"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def site(tmp_path) -> Path:
    """The small site, built once into ``output/`` (its cache beside it)."""
    shutil.copytree(SMALL, tmp_path / "content")
    first = build(tmp_path / "content", tmp_path / "output")
    assert first.note == "" and not first.cached
    return tmp_path


def output_of(root: Path) -> dict[str, bytes]:
    output = root / "output"
    return {p.relative_to(output).as_posix(): p.read_bytes() for p in output.rglob("*")
            if p.is_file() and p.name != MARKER}


FreshRender = Callable[..., dict[str, bytes]]
"""``fresh_render(content, templates=None, base_url=None)``: sitegen.commands.build.render's
result for those folders, made once per set of files in a test process (the fixture)."""


@pytest.fixture
def fresh_render(fresh_renders) -> FreshRender:
    """``render`` of a site's folders, made once per set of files in the test process and
    shared (tests/fresh_renders.py: many tests here compare their cached build with a fresh
    build of the same files, e.g. the small site with its about page edited), each caller
    getting its own copy."""

    def made(content: Path, templates: Path | None = None, base_url: str | None = None) -> dict[str, bytes]:
        return dict(fresh_renders.get(("render", base_url, tree_key(content, templates)),
                                      partial(render, content, templates, base_url)))

    return made


@pytest.fixture
def rebuilt(fresh_render) -> Callable[..., str]:
    """``rebuilt(root, templates=None, base_url=None)``: build again, check the output against
    a fresh build, return the build's note."""

    def again(root: Path, templates: Path | None = None, base_url: str | None = None) -> str:
        result = build(root / "content", root / "output", templates, base_url)
        assert output_of(root) == fresh_render(root / "content", templates, base_url)
        assert "\n" not in result.note
        return result.note

    return again


def edit_about(root: Path) -> None:
    about = root / "content/pages/about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")


def index_of(root: Path) -> Path:
    return cache_folder(root / "output") / "index.json"


def test_a_usable_cache_is_used_silently(site, rebuilt):
    edit_about(site)
    assert rebuilt(site) == ""


def test_a_cache_of_another_sitegen_version_is_not_used(site, rebuilt):
    index = json.loads(index_of(site).read_text())
    index["sitegen"] = "0.0.1"
    index_of(site).write_text(json.dumps(index))
    assert rebuilt(site).startswith("build cache not used: it was made by sitegen 0.0.1 (this is ")


def test_a_cache_of_another_format_is_not_used(site, rebuilt):
    index = json.loads(index_of(site).read_text())
    index["format"] = 999
    index_of(site).write_text(json.dumps(index))
    assert rebuilt(site).startswith("build cache not used: it has another format (999")


@pytest.mark.parametrize("before", [2, 3, 4, 5, 6, 7])
def test_a_cache_of_the_formats_before_is_not_used(site, before, rebuilt):
    """Format 2 read every player section when opened and kept no players' digests; format 3
    kept no summaries of the league seasons (each season's blob was decoded when the cache was
    opened); format 4's summaries held each game's row but not the seasons' shares of the
    site-wide lists (dates, feed, games played, the newest results); format 5 kept each
    output's stamp, key and digest in three objects keyed by its path; format 6 wrote each
    player section's template and sort key on its own row; format 7 kept no order of the
    players index: refused."""
    index = json.loads(index_of(site).read_text())
    index["format"] = before
    index_of(site).write_text(json.dumps(index))
    assert rebuilt(site) == (f"build cache not used: it has another format ({before}, this sitegen reads 8); "
                             "building everything")


def test_a_truncated_index_is_not_used(site, rebuilt):
    index_of(site).write_bytes(index_of(site).read_bytes()[:100])
    assert rebuilt(site) == "build cache not used: its index does not decode; building everything"


def test_a_changed_blob_is_not_used(site, rebuilt):
    """A blob that does not match the digest its index gives (truncated, edited)."""
    edit_about(site)
    blob = next(p for p in (cache_folder(site / "output") / "blobs").glob("*.json"))
    blob.write_bytes(blob.read_bytes()[:-5])
    assert rebuilt(site) == f"build cache not used: blob {blob.name} does not match its digest; building everything"


def test_a_forged_blob_naming_no_model_class_is_not_used(site, rebuilt):
    """A blob whose digest matches but that names a class outside the allow-list (what a
    forged cache would do to make an object of its choice): nothing is made of it."""
    edit_about(site)
    folder = cache_folder(site / "output")
    index = json.loads(index_of(site).read_text())
    name = index["common"]
    forged = json.dumps({"config": {"\x00": ["os.system", "true"]}}).encode()
    (folder / "blobs" / name).write_bytes(forged)
    import hashlib
    index["blobs"][name] = hashlib.sha256(forged).hexdigest()
    index_of(site).write_text(json.dumps(index))
    assert rebuilt(site) == "build cache not used: an entry does not decode (KeyError); building everything"


def test_other_settings_or_templates_or_base_url_are_not_used(site, tmp_path, rebuilt):
    settings = site / "content/site.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert rebuilt(site) == "build cache not used: the site settings changed; building everything"
    assert rebuilt(site, base_url="https://example.org/x/") == \
        "build cache not used: the site settings changed; building everything"
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "404.html").write_text("<p>lost</p>\n", encoding="utf-8")
    assert rebuilt(site, templates, "https://example.org/x/") == \
        "build cache not used: the templates changed; building everything"
    (templates / "404.html").write_text("<p>lost again</p>\n", encoding="utf-8")
    assert rebuilt(site, templates, "https://example.org/x/") == \
        "build cache not used: the templates changed; building everything"


def test_an_output_folder_changed_since_the_last_build_is_not_trusted(site, rebuilt):
    page = next((site / "output").rglob("*.html"))
    page.write_bytes(page.read_bytes() + b"<!-- edited -->")
    relative = page.relative_to(site / "output").as_posix()
    assert rebuilt(site) == (f"build cache not used: {relative} in the output folder was changed "
                             "since the last sitegen build (by hand, or by sitegen serve writing "
                             "there); building everything")
    (site / "output" / "stray.txt").write_text("x")
    assert rebuilt(site) == ("build cache not used: files were added to or removed from the output "
                             "folder since the last build; building everything")


def test_a_new_header_menu_builds_everything_and_says_so(site, rebuilt):
    """Every page shows the menu of the site's competitions and pages: a new page changes it."""
    (site / "content/pages/rules.md").write_text("---\ntitle: Rules\n---\nPlay fair.\n", encoding="utf-8")
    assert rebuilt(site) == ("build cache not used: the header menu changed (a competition or page "
                             "was added, renamed or removed); building everything")


def test_the_cli_prints_the_line_once(site, run):
    index = json.loads(index_of(site).read_text())
    index["sitegen"] = "0.0.1"
    index_of(site).write_text(json.dumps(index))
    status, out, _ = run("--content", str(site / "content"), "build", "--output", str(site / "output"))
    assert status == 0
    assert [line for line in out.splitlines() if "cache" in line] == [
        line for line in out.splitlines() if line.startswith("build cache not used: it was made by sitegen 0.0.1")]
    assert len([line for line in out.splitlines() if "cache" in line]) == 1


def test_warnings_come_back_from_the_cache_and_strict_fails_on_them(tmp_path):
    """The demo has warnings (league outcomes the organizers recorded otherwise): a build that
    changes nothing, and one that makes only a season again, give the same warnings as the
    first; with --strict both fail on them and write nothing."""
    root = demo_site(tmp_path)
    first = build(root / "content", root / "output")
    assert first.warnings and first.census
    same = build(root / "content", root / "output")
    assert same.cached and same.warnings == first.warnings and same.census == first.census
    with pytest.raises(SitegenError) as failed:
        build(root / "content", root / "output", strict=True)
    assert failed.value.diagnostics == first.warnings
    flip_league_result(root, 3)
    before = output_of(root)
    with pytest.raises(SitegenError):
        build(root / "content", root / "output", strict=True)
    assert output_of(root) == before  # nothing written
    again = build(root / "content", root / "output")
    assert not again.cached and again.note == ""
    fresh = build(root / "content", tmp_path / "fresh")
    assert again.warnings == fresh.warnings and again.census == fresh.census


def test_only_fields_that_may_hold_a_tuple_are_read_back_as_tuples():
    """The cache reads JSON's lists back as tuples only in fields whose type may hold one;
    text and numbers (also ``X | None``) are left as read."""
    from typing import Any, Optional

    from sitegen.modeljson import may_hold_tuple as _may_hold_tuple

    assert not _may_hold_tuple(str) and not _may_hold_tuple(int) and not _may_hold_tuple(bool)
    assert not _may_hold_tuple(str | None) and not _may_hold_tuple(Optional[int])
    assert _may_hold_tuple(tuple[str, ...]) and _may_hold_tuple(Any)
    assert _may_hold_tuple(int | tuple[int, int]) and _may_hold_tuple(Optional[tuple[str, ...]])


def lines_blobs(root: Path) -> list[Path]:
    return sorted((cache_folder(root / "output") / "blobs").glob("*.lines"))


def test_kept_sections_are_read_when_needed_and_checked_then(tmp_path):
    """Opening the cache reads no player section (their ``.lines`` blobs: 98 MB at full size):
    each is read when its page is made again, and checked then against its digest."""
    from sitegen import store
    from sitegen.incremental.sections import DamagedSection, KeptText

    site = demo_site(tmp_path)
    build(site / "content", site / "output")
    state, _ = store.load(cache_folder(site / "output"))
    sections = [section for record in state.parts.values() for _, found in record.sections for section in found]
    assert sections and all(type(section.where) is KeptText for section in sections)
    blob = Path(sections[0].where.path)
    blob.write_bytes(blob.read_bytes().replace(b'"', b"'"))  # same size: not noticed until read
    with pytest.raises(DamagedSection, match=f"blob {blob.name} does not match its digest"):
        sections[0].data
    state, _ = store.load(cache_folder(site / "output"))
    other = next(section for record in state.parts.values() for _, found in record.sections
                 for section in found if section.where.path != str(blob))
    assert isinstance(other.data, dict)


def test_a_damaged_section_is_noticed_when_read_and_everything_is_built(tmp_path, rebuilt):
    """A kept section whose text does not match its digest (its blob edited after the build,
    same size) is noticed when its page is made again: the cache is dropped and the site built
    from scratch, with one line that says why."""
    site = demo_site(tmp_path)
    build(site / "content", site / "output")
    for blob in lines_blobs(site):
        blob.write_bytes(blob.read_bytes().replace(b'"', b"'"))
    flip_league_result(site, 1)  # its players' pages show sections of other seasons
    note = rebuilt(site)
    assert note.startswith("build cache not used: blob p") and note.endswith(
        ".lines does not match its digest; building everything")
    assert rebuilt(site) == ""  # the new cache is whole


def test_a_kept_section_is_decoded_only_when_its_player_page_is_made(tmp_path, fresh_render):
    """Issue 31: a build after one league result decodes the kept sections of the player pages
    it makes again (their players played in the changed season) and no other: a page's
    sections are read when it is rendered, and the pages of players the change did not reach
    keep their keys unread. The site is a fresh build's."""
    root = demo_site(tmp_path)
    build(root / "content", root / "output")
    flip_league_result(root, 1)
    result = build(root / "content", root / "output")
    assert output_of(root) == fresh_render(root / "content") and result.note == ""
    cache = result.made.cache
    made = {pid for url, pid in cache.player_pages.items() if url + "index.html" in cache.made_shas}
    kept = [(player, "data" in section.__dict__)  # a cached_property: set once decoded
            for record in cache.old.parts.values() for player, found in record.sections for section in found]
    decoded = {player for player, read in kept if read}
    not_read = {player for player, read in kept if not read}
    assert decoded and decoded <= made
    assert not_read - made  # pages kept, their sections not decoded
    assert len(decoded) < len({player for player, _ in kept})


def test_a_cached_build_works_out_the_results_of_the_players_it_may_show_again(tmp_path, fresh_render):
    """Issue 31: the head-to-head results by opponent (the player overview's) are worked out
    for the players whose pages a build after one league result may make again (those of the
    changed season), not for every player; a build from scratch works them out for every
    player. The site is a fresh build's."""
    root = demo_site(tmp_path)
    first = build(root / "content", root / "output")
    assert first.made.plan.player_results._covers is None  # every player's
    flip_league_result(root, 1)
    result = build(root / "content", root / "output")
    assert output_of(root) == fresh_render(root / "content") and result.note == ""
    cache, results = result.made.cache, result.made.plan.player_results
    made = {pid for url, pid in cache.player_pages.items() if url + "index.html" in cache.made_shas}
    assert made and made <= results._covers < set(cache.content.players)


def test_a_stale_input_passes_through_the_render_untouched(tmp_path):
    """Issue 31: what a page's deferred context raises while it is rendered becomes a template
    problem (an error naming the page), except a sitegen.plan.StaleInput (a kept section whose
    copy changed: DamagedSection), which the caller that planned with it handles."""
    from sitegen.incremental.sections import DamagedSection
    from sitegen.model.common import SiteConfig
    from sitegen.plan import Bundle, Page, SitePlan
    from sitegen.render import render_site

    def plan_of(error: Exception) -> SitePlan:
        site = SitePlan()
        site.bundles.append(Bundle(Page("players/x/", "player.html", {"title": "x"},
                                        deferred=partial(_raise, error)), ()))
        return site

    with pytest.raises(DamagedSection, match="^blob p1.lines does not match its digest$"):
        render_site(plan_of(DamagedSection("blob p1.lines does not match its digest")), SiteConfig())
    with pytest.raises(SitegenError, match="rendering players/x/index.html: ValueError: no"):
        render_site(plan_of(ValueError("no")), SiteConfig())


def _raise(error: Exception) -> dict:
    raise error


def test_a_cached_build_after_a_league_result_imports_no_other_validator(tmp_path, fresh_render):
    """Issue 31: a build with the cache after one league result validates one season: the
    validators of the ladders, tournaments and Swiss leagues and the H9 writer are not
    imported, nor the package metadata, nor ``sitegen result add``'s modules (sitegen.results)
    or xml.sax (the feed escapes its XML itself); the output is a fresh build's. (markdown-it
    is: the demo's season pages show Markdown.)"""
    import subprocess

    root = demo_site(tmp_path)
    build(root / "content", root / "output", root / "templates")  # as the command finds them
    flip_league_result(root, 1)
    lazy = ["sitegen.validate.ladder", "sitegen.validate.tournament", "sitegen.validate.swiss",
            "sitegen.formats.h9", "importlib.metadata", "sitegen.results.check", "sitegen.results.entry",
            "sitegen.results.target", "xml.sax.saxutils", "urllib.request"]
    script = ("import sys\nfrom sitegen.cli import main\n"
              "status = main(['--content', 'content', 'build', '--output', 'output', '--quiet'])\n"
              f"print(status, [name for name in {lazy!r} if name in sys.modules])")
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout.split("\n")[-2] == "0 []" and "build cache not used" not in done.stderr
    assert output_of(root) == fresh_render(root / "content", root / "templates")


def test_a_truncated_sections_blob_is_not_used(site, rebuilt):
    """A ``.lines`` blob of another size than its sections' is refused when the cache is opened."""
    blob = next(blob for blob in lines_blobs(site) if blob.stat().st_size)
    blob.write_bytes(blob.read_bytes()[:-2])
    flip_league_result(site, 0)
    assert rebuilt(site) == f"build cache not used: blob {blob.name} does not match its digest; building everything"


def test_a_kept_part_is_known_without_looking_for_players(tmp_path, monkeypatch, fresh_render):
    """The cache keeps the digests of the players' records and each part's shape: after one
    league result, a build with it searches only the parts it plans again for players (not
    the kept ones), as the dev server does (tests/test_incremental.py)."""
    import sitegen.incremental.reuse as reuse

    root = demo_site(tmp_path)
    build(root / "content", root / "output")
    flip_league_result(root, 11)
    searched = []
    real = reuse.player_ids
    monkeypatch.setattr(reuse, "player_ids", lambda value, *args: (searched.append(value), real(value, *args))[1])
    result = build(root / "content", root / "output")
    assert output_of(root) == fresh_render(root / "content") and result.note == ""
    parts, old = result.made.cache.caches.new_parts, result.made.cache.old.parts
    made = [ident for ident, record in parts.items() if record is not old.get(ident)]
    assert 0 < len(searched) <= len(made) < len(parts)


def test_the_players_order_is_kept_when_only_a_result_changed(tmp_path, monkeypatch, fresh_render):
    """Issue 31 (cache format 8): the cache keeps the players' ids in the order of the players
    index (and of search.json) with the players; a build after one league result, whose
    players did not change, takes that order instead of sorting the players again. The order
    kept is the one the first build sorted."""
    import sitegen.site as site_module
    from sitegen.pages.players_index import filed_players

    root = demo_site(tmp_path)
    first = build(root / "content", root / "output")
    order = first.made.cache.filed()
    assert order == filed_players(first.made.content) and len(order) == len(first.made.content.players)
    flip_league_result(root, 1)
    sorted_now = []
    real = site_module.filed_players
    monkeypatch.setattr(site_module, "filed_players", lambda content: (sorted_now.append(1), real(content))[1])
    result = build(root / "content", root / "output")
    assert sorted_now == [] and result.made.cache.filed() == order
    assert output_of(root) == fresh_render(root / "content") and result.note == ""


@pytest.mark.parametrize("edit, moved, at", [
    ("  - {id: Aardvark1, name: Aardvark1}\n", "Aardvark1", 0),  # a player added, filed first
    ("{id: Bakero4, name: Bakero4}", "Bakero4", -1),  # renamed Zzyzx Bakero4: filed last
])
def test_the_players_order_is_made_again_when_a_player_is_added_or_renamed(tmp_path, monkeypatch, fresh_render,
                                                                           edit, moved, at):
    """Issue 31: a players file changed (a player added, or renamed so that they are filed
    elsewhere) sorts the players again; the players index, search.json and the order kept for
    the next build follow the new names."""
    import sitegen.site as site_module

    root = demo_site(tmp_path)
    first = build(root / "content", root / "output")
    assert first.made.cache.filed()[at] != moved
    players = root / "content/players/iglo.yaml"
    text = players.read_text(encoding="utf-8")
    text = text + edit if edit.startswith("  - ") else text.replace(edit, "{id: Bakero4, name: Zzyzx Bakero4}")
    players.write_text(text, encoding="utf-8")
    sorted_now = []
    real = site_module.filed_players
    monkeypatch.setattr(site_module, "filed_players", lambda content: (sorted_now.append(1), real(content))[1])
    result = build(root / "content", root / "output")
    order = result.made.cache.filed()
    assert sorted_now == [1] and order[at] == moved and len(order) == len(result.made.content.players)
    assert output_of(root) == fresh_render(root / "content") and result.note == ""


# --------------------------------------------------------------------------- an untrusted cache (issue 30)


def victim_folder(root: Path) -> tuple[Path, dict[str, bytes]]:
    """A folder outside the cache holding files of someone else's; returns it and its files."""
    victim = root / "victim"
    victim.mkdir()
    files = {"thesis.tex": b"keep me\n", "notes.txt": b"keep me too\n"}
    for name, data in files.items():
        (victim / name).write_bytes(data)
    return victim, files


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_linked_blobs_folder_is_dropped_and_nothing_is_touched_through_it(site, rebuilt):
    """Issue 30, finding 1: ``blobs/`` replaced by a link to another folder (holding the blobs,
    as a restored cache would, and other files): a build after one change drops the cache,
    says why, writes nothing there and deletes nothing there; a fresh cache takes its place."""
    folder = cache_folder(site / "output")
    victim, files = victim_folder(site)
    for blob in (folder / "blobs").iterdir():
        shutil.move(blob, victim / blob.name)
    (folder / "blobs").rmdir()
    (folder / "blobs").symlink_to(victim)
    before = files_in(victim)
    edit_about(site)
    note = rebuilt(site)
    assert files_in(victim) == before and all(before[name] == data for name, data in files.items())
    assert note == "build cache not used: blobs in it is a link; building everything"
    assert not (folder / "blobs").is_symlink() and (folder / "blobs").is_dir()
    edit_about(site)
    assert rebuilt(site) == ""  # the new cache is used


def test_a_linked_blobs_folder_without_the_blobs_is_dropped_too(site, rebuilt):
    folder = cache_folder(site / "output")
    victim, files = victim_folder(site)
    shutil.rmtree(folder / "blobs")
    (folder / "blobs").symlink_to(victim)
    edit_about(site)
    assert rebuilt(site) == "build cache not used: blobs in it is a link; building everything"
    assert files_in(victim) == files


def test_a_linked_file_in_the_cache_is_dropped(site, rebuilt):
    """A blob or the index replaced by a link (to a file outside) is not read through it."""
    folder = cache_folder(site / "output")
    victim, files = victim_folder(site)
    blob = next((folder / "blobs").glob("*.json"))
    shutil.copy(blob, victim / blob.name)
    blob.unlink()
    blob.symlink_to(victim / blob.name)
    edit_about(site)
    assert rebuilt(site) == f"build cache not used: blobs/{blob.name} in it is a link; building everything"
    assert files_in(victim) == {**files, blob.name: (victim / blob.name).read_bytes()}
    index = index_of(site)
    shutil.copy(index, victim / "index.json")
    index.unlink()
    index.symlink_to(victim / "index.json")
    kept = (victim / "index.json").read_bytes()
    edit_about(site)
    assert rebuilt(site) == "build cache not used: index.json in it is a link; building everything"
    assert (victim / "index.json").read_bytes() == kept


def test_a_cache_folder_that_is_a_link_is_dropped_and_its_target_kept(site, rebuilt):
    """The cache folder itself a link to a folder (holding a copy of the cache and other
    files): nothing in the target is read, written or deleted; a real folder replaces the link."""
    folder = cache_folder(site / "output")
    victim, files = victim_folder(site)
    for item in folder.iterdir():
        shutil.move(item, victim / item.name)
    folder.rmdir()
    folder.symlink_to(victim)
    before = files_in(victim)
    edit_about(site)
    assert rebuilt(site) == "build cache not used: its folder is a link; building everything"
    assert files_in(victim) == before
    assert not folder.is_symlink() and (folder / "index.json").is_file()
    edit_about(site)
    assert rebuilt(site) == ""


def forge(root: Path, name: str, data: bytes) -> None:
    """Put ``data`` in the cache's blob ``name`` and its digest in the index (as whoever can
    write the cache can)."""
    import hashlib

    (cache_folder(root / "output") / "blobs" / name).write_bytes(data)
    index = json.loads(index_of(root).read_text())
    index["blobs"][name] = hashlib.sha256(data).hexdigest()
    index_of(root).write_text(json.dumps(index))


def rename_league(root: Path) -> None:
    """Rename the league: its season's part is planned again, which reads the kept season's
    games (its blob, left undecoded when the cache was opened, is read and checked then)."""
    league = root / "content/leagues/club/league.yaml"
    league.write_text(league.read_text(encoding="utf-8").replace("name: Club League", "name: Club League Two"),
                      encoding="utf-8")


KINDS = {"summary": (2, edit_about), "season": (1, rename_league)}
"""The two blobs of a league season (sitegen.standins): its summary and skeleton, read when the
cache is opened (a page edited), and its model objects, read when the build first needs them
(the league renamed), each with the edit after which the build reads it."""


def season_blob(root: Path, kind: str = "summary") -> str:
    return json.loads(index_of(root).read_text())["seasons"][0][KINDS[kind][0]]


@pytest.mark.parametrize("forged, why", [
    (b'{"files":[],"refs":' + b"1" * 30 + b"}", "does not decode: a number has more than 19 digits"),
    (b'{"files":[],"refs":-' + b"9" * 4000 + b"}", "does not decode: a number has more than 19 digits"),
    (b'{"files":[],"refs":1e400}', "does not decode: a number is out of range"),
    (b'{"files":[],"refs":NaN}', "does not decode: NaN is not a number"),
    (b'{"files":' + b"[" * 60 + b"]" * 60 + b"}", "does not decode: it is nested too deeply"),
    (b'{"files":' + b"[" * 100_000 + b"]" * 100_000 + b"}", "does not decode: it is nested too deeply"),
    (b'{"files":[', "does not decode: it is not JSON"),
])
@pytest.mark.parametrize("kind", KINDS)
def test_a_forged_blob_out_of_the_limits_is_not_used(site, kind, forged, why, rebuilt):
    """Issue 30: numbers of more than 19 digits, numbers JSON cannot hold, nesting deeper than
    the cache's limit (sitegen.modeljson.cache_loads): one line, no traceback."""
    name = season_blob(site, kind)
    forge(site, name, forged)
    KINDS[kind][1](site)
    assert rebuilt(site) == f"build cache not used: blob {name} {why}; building everything"


@pytest.mark.parametrize("way", ["beside", "digits", "restored"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_blob_that_parses_but_breaks_a_limit_is_not_used(site, kind, monkeypatch, way, rebuilt):
    """Issue 31: the blobs are parsed while a forked helper checks their digests and limits
    (sitegen.store.load_blobs_beside); a blob whose every entry decodes but which holds a
    number of more than 19 digits (in a key the reader ignores) is still refused, with the
    message of the check made before parsing; also where each blob is checked before it is
    parsed: the interpreter's limit of digits off or higher than the default, or the output
    folder restored (copied back: the helper reads every output, sitegen.outputstamps.outputs_moved).
    A season's own blob (``kind`` "season") is checked the same way when first read."""
    if way == "digits":
        monkeypatch.setattr("sitegen.store._INT_DIGITS", 0)
    if way == "restored":
        shutil.move(site / "output", site / "moved")
        shutil.copytree(site / "moved", site / "output", copy_function=shutil.copy2)
    name = season_blob(site, kind)
    blob = cache_folder(site / "output") / "blobs" / name
    raw = json.loads(blob.read_text(encoding="utf-8"))
    text = json.dumps(raw, ensure_ascii=False, separators=(",", ":"))
    forge(site, name, (text[:-1] + ',"extra":' + "7" * 25 + "}").encode())
    KINDS[kind][1](site)
    from sitegen import outputstamps, store

    stamps = store.load_index(cache_folder(site / "output"))[1]
    assert outputstamps.outputs_moved((site / "output").resolve(), stamps) == (way == "restored")
    assert rebuilt(site) == (f"build cache not used: blob {name} does not decode: a number has more "
                             "than 19 digits; building everything")


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_blob_that_still_parses_is_not_used(site, kind, rebuilt):
    """A blob edited into other JSON that decodes (a space added), its digest not updated: the
    helper's digest check refuses it (issue 31: the parse alone would take it); a season's own
    blob, by the check made when it is first read."""
    name = season_blob(site, kind)
    blob = cache_folder(site / "output") / "blobs" / name
    blob.write_bytes(blob.read_bytes() + b" ")
    KINDS[kind][1](site)
    assert rebuilt(site) == f"build cache not used: blob {name} does not match its digest; building everything"


@pytest.mark.parametrize("entry, error", [
    ('["date", 999999999999999999]', "OverflowError"),
    ('["frac", 1, 0]', "ZeroDivisionError"),
    ('["os.system", "true"]', "KeyError"),
    ('["bytes", "%%%"]', "Error"),
])
@pytest.mark.parametrize("kind", KINDS)
def test_a_forged_entry_that_makes_no_value_is_not_used(site, kind, entry, error, rebuilt):
    """A number within the limits that still makes no date, a fraction over zero, a class
    outside the allow-list, text that is no base64: the entry does not decode."""
    name = season_blob(site, kind)
    forge(site, name, ('{"files":[],"refs":[],"records":"","model":[{"\\u0000":%s}],"diagnostics":[]}'
                       % entry).encode())
    KINDS[kind][1](site)
    assert rebuilt(site) == f"build cache not used: an entry does not decode ({error}); building everything"


@pytest.mark.parametrize("key, value, error", [
    ("played", "many", "TypeError"), ("feed", [1, 10 ** 18], "ValueError"),
    ("newest", [[99, None, None, "ann", "ben", None]], "ValueError"), ("dates", [], "ValueError"),
])
def test_a_forged_summary_that_decodes_but_holds_no_summary_is_not_used(site, key, value, error, rebuilt):
    """A season's summary forged with its digest (issue 30's attacker writes the whole cache),
    every entry of which decodes, but whose count of games is no count, whose feed's date is
    out of range, whose newest result names a group the season does not have, or whose dates
    are not one per group: refused when the cache is opened (the league's KeptApart.read), in
    one line, before anything is planned (the census read the count after the build)."""
    name = season_blob(site)
    blob = cache_folder(site / "output") / "blobs" / name
    raw = json.loads(blob.read_text(encoding="utf-8"))
    raw["summary"][key] = value
    forge(site, name, json.dumps(raw, ensure_ascii=False, separators=(",", ":")).encode())
    edit_about(site)
    assert rebuilt(site) == (f"build cache not used: a unit's summary does not decode ({error}); "
                             "building everything")


@pytest.mark.parametrize("filed", [["x"], "abc", [1, 2]])
def test_a_forged_players_order_is_not_used(site, filed, rebuilt):
    """The players' order kept with the players (format 8) must list each player once: a
    forged one is refused when the cache is opened, in one line."""
    name = json.loads(index_of(site).read_text())["common"]
    blob = cache_folder(site / "output") / "blobs" / name
    raw = json.loads(blob.read_text(encoding="utf-8"))
    assert sorted(raw["filed"]) == sorted(raw["players"])
    raw["filed"] = filed if filed != [1, 2] else [1] * len(raw["players"])
    forge(site, name, json.dumps(raw, ensure_ascii=False, separators=(",", ":")).encode())
    edit_about(site)
    assert rebuilt(site) == ("build cache not used: its players' order is not that of its players; "
                             "building everything")


@pytest.fixture(scope="module")
def other_site(tmp_path_factory) -> Path:
    """Another site (the demo of tests/edits.py), built once: its cache's blobs are only read."""
    other = demo_site(tmp_path_factory.mktemp("other"))
    build(other / "content", other / "output")
    return other


@pytest.mark.parametrize("kind", KINDS)
def test_a_blob_of_another_content_tree_is_not_used(site, kind, other_site, rebuilt):
    """A unit's blob taken from the cache of another site (the demo) and listed, with its
    digest, under this site's unit: it is not what its name says it was made from."""
    other = other_site
    name = season_blob(site, kind)
    theirs = next(entry[KINDS[kind][0]] for entry in json.loads(index_of(other).read_text())["seasons"]
                  if entry[KINDS[kind][0]] != name)
    forge(site, name, (cache_folder(other / "output") / "blobs" / theirs).read_bytes())
    KINDS[kind][1](site)
    assert rebuilt(site) == (f"build cache not used: blob {name} is not what its name says it was "
                             "made from; building everything")


@pytest.mark.parametrize("kind", KINDS)
def test_a_missing_blob_of_a_kept_season_is_noticed_when_the_cache_is_opened(site, kind, rebuilt):
    """The season's own blob is read only when needed, but its absence is noticed at once."""
    name = season_blob(site, kind)
    (cache_folder(site / "output") / "blobs" / name).unlink()
    KINDS[kind][1](site)
    assert rebuilt(site) == f"build cache not used: blob {name} is missing; building everything"


def test_a_kept_seasons_blob_gone_before_the_cache_is_written_drops_the_cache(site, monkeypatch, rebuilt):
    """A kept season never decoded by the build whose blob is deleted before the next cache is
    written (which would copy it from its blob): the build stands, its cache is dropped."""
    from sitegen import store

    name = season_blob(site, "season")
    save = store.save

    def deleted_first(*args, **kwargs):
        (cache_folder(site / "output") / "blobs" / name).unlink()
        return save(*args, **kwargs)

    monkeypatch.setattr(store, "save", deleted_first)
    edit_about(site)
    assert rebuilt(site) == ""
    assert not cache_folder(site / "output").exists()


def forge_first_stamp(site, size: str) -> None:
    """Write ``size`` as the first output's size in the index (its row: ``"size mtime_ns
    ctime_ns inode key digest path"``, sitegen.outputstamps.output_rows)."""
    index = json.loads(index_of(site).read_text())
    row = next(row for row in index["outputs"] if not row.startswith("- "))
    index["outputs"][index["outputs"].index(row)] = size + row[row.index(" "):]
    index_of(site).write_text(json.dumps(index))


def test_a_forged_index_out_of_the_limits_is_not_used(site, rebuilt):
    forge_first_stamp(site, "1" * 25)
    assert rebuilt(site) == ("build cache not used: its index does not decode: a number has more "
                             "than 19 digits; building everything")


def test_a_forged_row_of_the_outputs_is_not_used(site, rebuilt):
    """A stamp that is not a number (cache format 6's rows, sitegen.outputstamps) is refused in
    one line, as any index this sitegen does not write."""
    forge_first_stamp(site, "x")
    assert rebuilt(site) == ("build cache not used: its index is not as this sitegen writes it; "
                             "building everything")


@pytest.mark.parametrize("then", ["nothing", "a page", "settings", "restored"])
def test_a_forged_index_out_of_the_limits_is_refused_first_whatever_the_build_does_next(site, then, rebuilt):
    """The index's limits are refused before anything else is said, on every path the build
    takes next: with nothing changed, with a page changed (the blobs parsed while a forked
    helper checks the output folder), with the settings changed (the cache not used anyway),
    with the output folder restored (every output read). Pinned for issue 31's eighth pass,
    which tried checking the index in that helper instead (bench/README.md)."""
    forge_first_stamp(site, "1" * 25)  # a stamp the output folder's check would refuse too
    if then == "a page":
        edit_about(site)
    elif then == "settings":
        settings = site / "content" / "site.yaml"
        settings.write_text(settings.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    elif then == "restored":
        edit_about(site)
        shutil.copytree(site / "output", site / "copy")
        shutil.rmtree(site / "output")
        (site / "copy").rename(site / "output")
    assert rebuilt(site) == ("build cache not used: its index does not decode: a number has more "
                             "than 19 digits; building everything")


def test_a_huge_file_in_the_cache_is_not_read(site, rebuilt):
    from sitegen.store import MAX_FILE

    name = season_blob(site)
    with open(cache_folder(site / "output") / "blobs" / name, "r+b") as stream:
        stream.truncate(MAX_FILE + 1)  # sparse: no disk used
    assert rebuilt(site) == (f"build cache not used: blobs/{name} in it is larger than 256 MB; "
                             "building everything")


def test_forged_values_that_break_the_build_drop_the_cache(site, rebuilt):
    """Values of the right JSON shape but the wrong kind (a part's planned value replaced by a
    number): the build that used them fails, and is done again without the cache."""
    index = json.loads(index_of(site).read_text())
    blobs = cache_folder(site / "output") / "blobs"
    for _, name in index["parts"]:
        raw = json.loads((blobs / name).read_text())
        raw["value"] = 7
        forge(site, name, json.dumps(raw).encode())
    edit_about(site)
    note = rebuilt(site)
    assert note.startswith("build cache not used: the build failed with it (") and note.endswith(
        "); building everything")


def test_an_output_file_edited_in_place_is_noticed(site, rebuilt):
    """Issue 30, finding 3: a page edited in place, same size, its modification time set back:
    its change time tells (no program can set it back); the next build, cached or not after a
    change, gives a fresh build's bytes."""
    import os

    page = next(p for p in sorted((site / "output").rglob("*.html")) if b"<title>" in p.read_bytes())
    info = page.stat()
    page.write_bytes(page.read_bytes().replace(b"<title>", b"<TITLE>", 1))
    os.utime(page, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert page.stat().st_size == info.st_size and page.stat().st_mtime_ns == info.st_mtime_ns
    relative = page.relative_to(site / "output").as_posix()
    assert rebuilt(site) == (f"build cache not used: {relative} in the output folder was changed "
                             "since the last sitegen build (by hand, or by sitegen serve writing "
                             "there); building everything")
    assert rebuilt(site) == ""


def test_an_output_folder_copied_back_as_ci_restores_it_is_used(site, rebuilt):
    """A restored output folder (new inodes and change times, the same bytes and modification
    times: actions/cache) is compared by its digests and used."""
    shutil.move(site / "output", site / "moved")
    shutil.copytree(site / "moved", site / "output", copy_function=shutil.copy2)
    result = build(site / "content", site / "output")
    assert result.cached and result.note == ""
    edit_about(site)
    assert rebuilt(site) == ""


def test_a_rebuild_after_a_full_one_reads_no_output_file(site, monkeypatch, rebuilt):
    """After a full build over an earlier site (its unchanged files linked from it), the stamps
    kept are those after the old site was deleted: the next build reads no output file."""
    from sitegen import store

    settings = site / "content/site.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert rebuilt(site) == "build cache not used: the site settings changed; building everything"
    read = []
    real = store.sha
    monkeypatch.setattr(store, "sha", lambda data: (read.append(len(data)), real(data))[1])
    assert build(site / "content", site / "output").cached
    assert read == []

