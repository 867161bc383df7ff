"""One build from the previous :class:`~sitegen.incremental.records.CacheState` (issue 18; the
stages in :mod:`sitegen.incremental`): :class:`CachedBuild`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .. import __version__
from ..depends import Digests, sha, unit_of
from ..model import Content
from ..model.league import League
from ..pages.extras import mark_updated, updated_dates
from ..pages.navigation import Menu
from ..plan import Bundle, File, NamesTable, SitePlan
from ..progress import Progress
from ..render import default_templates_dir
from ..rulesets import holding
from ..urls import player_url
from ..workers import no_cycle_collection
from .records import CacheState, PartRecord, league_outline, shown_again
from .reuse import BuildCaches
from .sections import Spill, StoredSection, kept_section, stored_reduce, stored_section
from .stamps import code_folder, file_digests, stamps_digest, unclaimed


class CachedBuild:
    """One build from the previous :class:`~sitegen.incremental.records.CacheState` (the stages:
    :mod:`sitegen.incremental`).

    The cache of :func:`sitegen.stages.build` (:class:`sitegen.stages.Cache`: which units,
    parts and outputs are kept), then :meth:`finish` for the state of the next build.
    ``jobs`` caps the processes of a build from scratch (an incremental one uses one);
    ``progress`` is told the stages (sitegen.progress; default: shown nowhere).
    """

    def __init__(self, state: CacheState | None, content_dir: Path, templates_dir: Path | None,
                 base_url: str | None, jobs: int | None = None, progress: Progress | None = None,
                 names: NamesTable | None = None):
        self.old = state or CacheState()
        self.names = names or NamesTable()
        self.content_dir = content_dir
        self.templates_dir = templates_dir
        self.base_url = base_url
        self.progress = progress or Progress()
        self.stamps = {name: file_digests(root, self.old.stamps.get(name, {}))
                       for name, root in self._roots().items()}
        self.settings = self._settings()
        self.reason = self._reason()
        self.files = {path: digest for path, (_, digest) in self.stamps["content"].items()}
        self._start(jobs)

    def _start(self, jobs: int | None) -> None:
        """Forget what this build has made so far (and the last build, when there is a
        ``reason`` not to use it)."""
        if self.reason is not None:
            self.old = CacheState(stamps=self.old.stamps)
        self.jobs = jobs if self.old.empty else 1
        self.digests = Digests()
        self.digests.dispatch[StoredSection] = stored_reduce
        self.caches = BuildCaches(self.files, self.digests, self.content_dir, self.old, self.names)
        self.content: Content | None = None
        self.plan: SitePlan | None = None
        self.keys: dict[str, bytes] = {}
        self.made: set[int] = set()
        self.made_shas: dict[str, bytes] = {}
        """The digests of the outputs this build made (set by the caller that makes them)."""
        self.made_blobs: dict[str, str] = {}
        """Texts of the cache's blobs written by the render workers (sitegen.store)."""
        self.player_pages: dict[str, str] = {}
        self._later: list[Bundle] = []
        self.leagues: dict[str, bytes] = {}
        self.rule_paths = self.paths = self.menu = b""

    def _roots(self) -> dict[str, Path]:
        roots = {"content": self.content_dir, "theme": default_templates_dir(), "code": code_folder()}
        if self.templates_dir is not None:
            roots["templates"] = self.templates_dir
        return roots

    def _settings(self) -> bytes:
        parts = [__version__, self.base_url or "", str(self.templates_dir is not None)]
        for name in ("templates", "theme", "code"):
            for path, (_, digest) in sorted(self.stamps.get(name, {}).items()):
                parts.append(f"{name}/{path}:{digest.hex()}")
        for path, (_, digest) in sorted(self.stamps["content"].items()):
            # site.yaml, and any file no unit claims: a loader may read it that depends.py
            # does not know of, so a change to it rebuilds everything.
            if path == "site.yaml" or unit_of(path) is None:
                parts.append(f"content/{path}:{digest.hex()}")
        return sha("\n".join(parts).encode("utf-8", "surrogateescape"))

    def _reason(self) -> str | None:
        """Return why nothing of the last build can be kept, or None."""
        old = self.old
        if old.empty:
            return None if not old.stamps else "nothing kept from an earlier build"
        if old.settings == self.settings:
            return None
        changed = [name for name in ("code", "theme", "templates")
                   if stamps_digest(old.stamps.get(name, {})) != stamps_digest(self.stamps.get(name, {}))]
        if "code" in changed:
            return "sitegen itself changed"
        if changed:
            return "the templates changed"
        if stamps_digest(unclaimed(old.stamps.get("content", {}))) != stamps_digest(unclaimed(self.stamps["content"])):
            return "a file of the content folder that no competition reads changed"
        return "the site settings changed"

    def unchanged(self) -> bool:
        """True when no input changed since the last build (whose outputs then stand)."""
        return (self.reason is None and not self.old.empty
                and self.files == {path: digest for path, (_, digest) in self.old.stamps.get("content", {}).items()})

    # ------------------------------------------------------------------ the rule sets

    @property
    def kept(self) -> bool:
        """True when something of the last build is kept (else everything is made)."""
        return not self.old.empty

    def lend(self) -> BuildCaches:
        """The units and parts of the last build, lent to the front half (sitegen.pipeline)."""
        return self.caches

    def same_menu(self, menu: Menu) -> bool:
        """Take the header menu (every page's key takes it by its digest). When it changed,
        nothing of the last build is kept (the pages of the parts kept would show the old
        menu): return False, and the build prepares the rule sets again from scratch."""
        self.menu = self.digests.of(menu)
        self.digests.register(menu, self.menu)
        if not self.old.empty and self.menu != self.old.menu:
            self.reason = "the header menu changed (a competition or page was added, renamed or removed)"
            self._start(None)
            return False
        return True

    def outputs(self, content: Content, plan: SitePlan, first: frozenset[str] = frozenset()) -> list[Bundle]:
        """Return the outputs of the parts planned again whose keys changed (pages first,
        shallow addresses first), reduced to those outputs (a build from scratch: every one,
        keyed by the workers that make them, :meth:`key_of`). With ``first`` (files of the
        site open in a browser), return only those of the bundles holding one of them;
        :meth:`later` returns the others."""
        self.content, self.plan = content, plan
        made = [bundle for record in self.caches.new_parts.values() if record.made is not None
                for bundle in record.made]
        self.made = {id(bundle) for bundle in made}
        for ghost in self.caches.ghost_bundles:  # the outputs of parts kept: as they are
            for path in ghost.paths:
                self.keys[path] = self.old.keys.get(path, b"")
        updated = self.caches.updated if self.jobs == 1 else updated_dates(content)
        mark_updated((bundle.page for bundle in made if bundle.page is not None), updated)
        plan.updated = updated  # the site-wide pages' dates too (sitegen.pages.extras.finish_site)
        self.digests.table(plan.player_names(content.players))
        self.rule_paths = self.digests.of(sorted(plan.paths()))
        if self.old.empty:
            return list(made)
        if first:  # keying a season's or tournament's pages takes 0.05-0.15 s at full size
            self._later = [bundle for bundle in made if not any(path in first for path in bundle.paths)]
            made = [bundle for bundle in made if any(path in first for path in bundle.paths)]
        return self._dirty_in_order(made)

    def later(self) -> list[Bundle]:
        """Return the outputs :meth:`outputs` left for later (not open in a browser) whose keys
        changed, in the same order and form as :meth:`outputs`'s."""
        later, self._later = self._later, []
        return self._dirty_in_order(later)

    def _dirty_in_order(self, made: list[Bundle]) -> list[Bundle]:
        dirty = self._dirty(made)
        dirty.sort(key=lambda bundle: (bundle.page is None, bundle.page.url.count("/") if bundle.page else 0))
        return dirty

    @property
    def safe_to_show(self) -> bool:
        """True when the rule sets' outputs have the addresses of the last good build (no new
        clash of addresses is possible): what :meth:`outputs` returned may be shown at once."""
        return bool(self.old.rule_paths) and self.rule_paths == self.old.rule_paths

    # ------------------------------------------------------------------ the rest

    def completing(self, plan: SitePlan) -> set[int]:
        """Before the plan is completed (player pages, home, feed, ...): write down the player
        sections of the parts planned again (only the player pages read them: after the first
        pages are shown); return the ids of the plan's bundles so far."""
        if not self.old.empty:
            self.store_sections(self.caches.new_parts.values())
        return {id(bundle) for bundle in plan.bundles}

    def addresses_changed(self, plan: SitePlan) -> bool:
        """Whether the completed plan's addresses differ from the last build's (then they are
        checked for clashes)."""
        self.paths = self.digests.of(sorted(plan.paths()))
        return self.paths != self.old.paths

    def site_outputs(self, plan: SitePlan, before: set[int], static: list[File]) -> list[Bundle]:
        """Return the outputs that the completion of the plan added (not in ``before``) and the
        ``static`` files whose keys changed (a build from scratch: every one)."""
        assert self.content is not None
        ghosts = self.caches.ghosts
        extra = [bundle for bundle in plan.bundles if id(bundle) not in before and id(bundle) not in ghosts]
        extra += [Bundle(None, (file,)) for file in static]
        candidates = self._candidates()
        pages = self.player_pages = {player_url(pid): pid for pid in self.content.players}
        if plan.player_results is not None:  # only the pages that may change read their results
            plan.player_results.only = candidates
            plan.player_results.prepare()  # before a build from scratch forks its workers
        if self.old.empty:
            return extra
        if candidates is None:
            return self._dirty(extra)
        changing: set[str] = candidates

        def unchanged_player(bundle: Bundle) -> bool:  # a player page that cannot have changed
            player = pages.get(bundle.page.url) if bundle.page is not None else None
            return player is not None and player not in changing
        return self._dirty(extra, unchanged_player)

    def _candidates(self) -> set[str] | None:
        """Return the players whose pages may have changed (None: every player's):
        those found in a part planned again or no longer planned, those whose record changed,
        and every player of a league whose seasons' outline changed."""
        assert self.content is not None
        self.leagues = {league.id: league_outline(league)
                        for league in holding(League).competitions(self.content)}
        if self.old.empty:
            return None
        caches, old = self.caches, self.old
        found: set[str] = set()
        for ident, record in caches.new_parts.items():
            if record.made is not None:
                found |= shown_again(ident, record, old.parts.get(ident))
        for ident, record in old.parts.items():
            if ident not in caches.new_parts:
                found |= record.people
        if caches.common_value is not old.common:
            found |= {pid for pid in set(caches.players) | set(old.players)
                      if caches.players.get(pid) != old.players.get(pid)}
        changed = {league for league, digest in self.leagues.items() if old.leagues.get(league) != digest}
        for ident, record in caches.new_parts.items():
            if ident[0] == "league-season" and ident[1] in changed:
                found |= record.people
        return found

    def _dirty(self, bundles: list[Bundle], keep: Callable[[Bundle], bool] | None = None) -> list[Bundle]:
        """Record the keys of ``bundles``' outputs; return those whose key changed, each bundle
        reduced to its changed outputs. A bundle for which ``keep`` is true keeps the keys of
        the last build, when it had them (it is not made)."""
        dirty = []
        old = self.old.keys
        for bundle in bundles:
            if keep is not None and keep(bundle):
                # The paths worked out once (a bundle's ``paths`` is made on each call): the
                # 20,000 player pages of a cached build at full size are mostly kept here.
                paths = bundle.paths
                if all(path in old for path in paths):
                    self.keys.update((path, old[path]) for path in paths)
                    continue
            keys = self.digests.output_keys(bundle)
            self.keys.update(keys)
            changed = {path for path, key in keys if old.get(path) != key}
            if changed:
                dirty.append(_reduced(bundle, changed))
        return dirty

    def store_sections(self, records: Iterable[PartRecord],
                       found: Mapping[int, tuple[Any, bytes]] | None = None) -> None:
        """Write down the player sections of the parts planned by this build (as JSON, with
        their digests, which stand for them in the player pages' keys): from ``found`` (where
        the render workers wrote each one's text, and its digest, by the section's id:
        :meth:`key_of`), else here. A part with a section that is not JSON is kept by no
        state: every build plans it again."""
        for record in records:
            if record.originals is None:
                continue
            sections = []
            for player, made in record.originals:
                kept = []
                for section in made:
                    written = found.get(id(section)) if found is not None else None
                    if written is not None:
                        stored = kept_section(section.template, section.sort_key, *written)
                    else:
                        try:
                            stored = stored_section(section, self.digests)
                        except TypeError:
                            record.inputs = b""
                            continue
                    self.digests.register(section, stored.digest)
                    kept.append(stored)
                sections.append((player, tuple(kept)))
            record.sections = tuple(sections)

    def key_of(self, every: bool, spill: Path | None = None) -> Callable[[Bundle], list[tuple[str, Any]]]:
        """For a build from scratch, return the function that gives each bundle's outputs
        their keys (run by the render workers, :func:`sitegen.render.render_work`): every
        output's, or (``every`` False) only the player pages'. A player page's key comes with
        its player's sections written down (:meth:`store_sections`), their texts appended to a
        file of ``spill`` when given. An output left without a key is made again when a later
        build plans its part again."""
        pages = self.player_pages
        plan = self.plan
        assert plan is not None
        spilled = Spill(spill) if spill is not None else None

        def keys(bundle: Bundle) -> list[tuple[str, Any]]:
            player = pages.get(bundle.page.url) if bundle.page is not None else None
            if player is None:
                return self.digests.output_keys(bundle) if every else []
            written = []
            for section in plan.player_sections.get(player, ()):
                if section.make is None and self.digests.known(section) is None:
                    try:
                        stored = stored_section(section, self.digests, spilled)
                    except TypeError:
                        continue
                    self.digests.register(section, stored.digest)
                    # Only where its text is and its digest travel back (the builder has the
                    # section): pickling whole StoredSections back and forth cost the builder
                    # about 1 s at full size.
                    written.append((id(section), stored.where, stored.digest))
            if spilled is not None:
                spilled.flush()
            found = self.digests.output_keys(bundle)
            return [(found[0][0], (found[0][1], written))] + found[1:]
        return keys

    def take_keys(self, made: Iterable[tuple[str, Any, Any]]) -> None:
        """Record the keys the render workers gave (:meth:`key_of`), and the player sections
        they wrote down; outputs without a key get none (an empty key, which no key equals)."""
        found: dict[int, tuple[Any, bytes]] = {}
        # Everything alive now lives until the end of the build: a collection here would walk
        # the whole content and plan (about 2 s at full size, measured in the builder).
        with no_cycle_collection():
            for path, _, key in made:
                if type(key) is tuple:
                    key, written = key
                    for ident, where, digest in written:
                        found[ident] = (where, digest)
                self.keys[path] = key or b""
            self.store_sections(self.caches.new_parts.values(), found)

    def host_files(self, files: dict[str, bytes]) -> dict[str, bytes]:
        """Return those of ``files`` (CNAME, .nojekyll) whose key changed, recording them."""
        changed = {}
        for path, data in files.items():
            key = sha(b"host\0" + data)
            self.keys[path] = key
            if self.old.keys.get(path) != key:
                changed[path] = data
        return changed

    def removed(self) -> list[str]:
        """Return the outputs of the last build that this one no longer has (after
        :meth:`site_outputs` and :meth:`host_files`)."""
        return sorted(set(self.old.keys) - set(self.keys))

    # ------------------------------------------------------------------ the next state

    def filed(self) -> list[str] | None:
        """Return the players' ids in the order of the players index, when this build worked it
        out (or kept it) for its players (sitegen.plan.NamesTable.filed)."""
        common = self.caches.common_value
        return None if common is None else self.names.filed_of(common.players)

    def finish(self, shas: Mapping[str, bytes], census: dict[str, dict[str, int]] | None = None) -> CacheState:
        """Return the state for the next build; ``shas``: the SHA-256 of each output made by
        this build; ``census``: what the site was made from (sitegen.census), if counted."""
        old = self.old
        new_shas = {path: old.shas[path] for path in self.keys if path in old.shas}
        new_shas.update({path: digest for path, digest in shas.items() if path in self.keys})
        for record in self.caches.new_parts.values():
            record.made = None
            record.originals = None
        return CacheState(
            settings=self.settings, stamps=self.stamps, common=self.caches.common_value,
            common_files=self.caches.common_files, common_diagnostics=self.caches.common_diags,
            players=self.caches.players, filed=self.filed(), leagues=self.leagues, dates=self.caches.dates,
            units=self.caches.new_units, seasons=self.caches.new_seasons,
            parts=self.caches.new_parts, keys=dict(self.keys), shas=new_shas,
            rule_paths=self.rule_paths, paths=self.paths, menu=self.menu,
            warnings=tuple(self.plan.warnings) if self.plan is not None else (),
            census=census or {})


def _reduced(bundle: Bundle, paths: set[str]) -> Bundle:
    """Return ``bundle`` with only the outputs that make one of ``paths``."""
    page = bundle.page if bundle.page is not None and bundle.page.path in paths else None
    files = tuple(file for file in bundle.files if any(path in paths for path in file.paths))
    if page is bundle.page and len(files) == len(bundle.files):
        return bundle
    return Bundle(page, files, bundle.shared)
