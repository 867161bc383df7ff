"""Incremental builds (issue 18): what a build keeps for the next, and how the next one uses it.

The dev server (:mod:`sitegen.devsite`) keeps a :class:`~sitegen.incremental.records.CacheState`
in memory from one build to the next; ``sitegen build`` keeps it beside the output folder
(:mod:`sitegen.store`). A :class:`~sitegen.incremental.build.CachedBuild` takes the previous
state and is the cache handed to :func:`sitegen.stages.build` (a :class:`sitegen.stages.Cache`:
which units, parts and outputs are kept); with the dependencies of :mod:`sitegen.depends`:

1. *settings*: when the site settings (``site.yaml``, the base URL), the site's templates, the
   theme or sitegen itself changed, the state is dropped and everything is built (``reason``
   says why);
2. *validate*: every content file's digest is taken (SHA-256 of its bytes; a file whose size,
   times and inode did not change keeps its last digest: :mod:`.stamps`). The settings, players
   and pages are read again only if one of their files changed. A unit (a tournament, a
   ladder, a Swiss league, a league; each season file of a league on its own) is validated
   again only if one of its files changed or a player its validation looked up did; otherwise
   its model objects are kept (:meth:`.reuse.BuildCaches.unit`);
3. *plan*: a part of the plan (:meth:`sitegen.plan.SitePlan.part`) whose inputs and pages'
   "last updated" dates are those of the last build is not planned again
   (:meth:`.reuse.CachedParts.part`); ghost bundles stand for its pages and files, and its
   player sections come from the state (as JSON: :mod:`.sections`);
4. *decide*: each output of a part planned again, and each page that lists everything (player
   pages, the players index, home, search, feed, sitemap, Markdown pages, 404, static files)
   gets its key; an output whose key differs from the last build's is made
   (:meth:`CachedBuild.outputs`, :meth:`CachedBuild.site_outputs`); outputs no longer planned
   are removed;
5. the build's output renders those outputs (the dev server: the files open in a browser
   first, :meth:`CachedBuild.outputs`'s ``first``), and :meth:`CachedBuild.finish` returns the
   state for the next build.

The modules, one job each:

- :mod:`.stamps`: the input files' stamps and digests, and sitegen's own folder;
- :mod:`.records`: what a build keeps (:class:`CacheState`, its units' and parts' records) and
  the digests of players' records;
- :mod:`.sections`: a kept player section, its JSON and its digest;
- :mod:`.reuse`: what a cached build may keep, lent to the pipeline (units) and to the planners
  (parts);
- :mod:`.build`: the cache of one build from the previous state (:class:`CachedBuild`).

The result is the site a fresh build would make, byte for byte (tests/properties/
test_incremental.py edits a site at random and compares after each step).
"""
