"""Render the planned pages with Jinja2 and markdown-it-py: pages -> {path: bytes}, in memory
(:func:`render_site`) or handed to a writer as they are made (:func:`render_into`).

Autoescape is on and undefined names are errors, because player names, page text and YAML
values are untrusted. Raw HTML in Markdown is off unless ``markdown_html: true`` in site.yaml.
A league's repository may override any template by putting a file of the same name in its
own ``templates/`` folder (searched first); the rest come from sitegen's default theme.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import os
from fractions import Fraction
from types import TracebackType
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Container, MutableMapping

from jinja2 import (ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateError,
                    TemplateSyntaxError, nodes, select_autoescape)
from jinja2.compiler import Frame, optimizeconst
from jinja2.runtime import LoopContext
from jinja2.utils import Namespace
from markupsafe import Markup

from .bidi import RIGHT_TO_LEFT_CHARACTERS, isolate_page, mark
from .diagnostics import Diagnostic, SitegenError, SourcePos, command_pos
from .display import format_points
from .i18n import format_iso, words
from .model.common import SiteConfig
from .plan import Bundle, File, Page, SitePlan, StaleInput
from .progress import Progress
from .rule_links import RuleLinks, cited_links
from .template_limits import (BoundedCodeGenerator, BoundedSandbox, Budget, Limits, TemplateLimit,
                              bounded_output)
from .template_words import ConstantWords, isolating_words, site_binds_words
from .theme_code import theme_code as kept_code
from .urls import LEAGUE_RULES
from .workers import can_fork, map_forked


def default_templates_dir() -> Path:
    """Return the default theme: inside the installed package, or the checkout's templates/."""
    packaged = Path(__file__).parent / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "templates"


class SiteCodeGenerator(BoundedCodeGenerator):
    """The bounded code generator (sitegen.template_limits), with ``value.name`` looking into a
    dict in the template's own code, as :meth:`SiteEnvironment.getattr` does, and calling
    ``environment.getattr`` only for anything else (an object's attribute, a name the dict
    does not have): ``(t[name] if type(t := value) is dict and name in t else
    environment.getattr(t, name))``. Page contexts are dicts, looked into about 180 times a
    player page and 1,400 times a tournament page; the call cost about 35 ns each (a loop
    printing four keys: 265 -> 235 ns a value printed; issue 31)."""

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Frame) -> None:
        if self.environment.is_async:
            super().visit_Getattr(node, frame)
            return
        value, name = self.temporary_identifier(), repr(node.attr)
        self.write(f"({value}[{name}] if type({value} := ")
        self.visit(node.node, frame)
        self.write(f") is dict and {name} in {value} else environment.getattr({value}, {name}))")


class SiteEnvironment(BoundedSandbox):
    """Jinja's sandboxed environment, bounded, with ``entry.name`` looking into a dict first.

    Templates are code that a pull request can change (a league's ``templates/``), so they
    run in Jinja's sandbox: no attribute starting with ``_`` (``cycler.__init__.__globals__``
    and the like), no unsafe callables, ``str.format`` checked. Raises
    jinja2.exceptions.SecurityError (a TemplateError) for anything else. It costs about 6-8%
    of the render time (docs/templates.md). Each page's output, loops, values, macro nesting
    and CPU time are bounded too (sitegen.template_limits: TemplateLimit).

    Page contexts are plain dicts; Jinja would first try ``getattr(dict, "name")`` and catch
    the AttributeError for each of the millions of lookups of a large site. A key therefore
    wins over a dict method of the same name (``section.items`` is the key ``items``); a key's
    value is data, and anything else goes through the sandbox's checks.
    """

    code_generator_class = SiteCodeGenerator

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["render_once"] = self.render_once
        self._once: dict[str, tuple[dict[str, Any], Markup]] = {}
        """Each template :meth:`render_once` made: the values it was given, and its text."""
        self._plain: dict[type, Container[str]] = {}
        """Each type's :func:`plain_attributes` met by :meth:`getattr`."""

    def render_once(self, name: str, **values: Any) -> Markup:
        """The global ``render_once(name, **values)``: the text of template ``name`` rendered
        with ``values`` (and the globals, nothing of the page), made again only when it is
        given other values than the last time (other objects: a value must not be changed once
        given). base.html prints the site's header so (``partials/site_header.html``: the same
        on every page of a build, its menu one object): made once per build rather than once
        per page, where it was about 50 µs of a player page's 450 (issue 31)."""
        kept = self._once.get(name)
        if kept is not None and kept[0].keys() == values.keys() and \
                all(kept[0][key] is value for key, value in values.items()):
            return kept[1]
        template = self.get_template(name)
        text = Markup(bounded_output(template.root_render_func(template.new_context(dict(values))),
                                     self.budget))
        self._once[name] = (values, text)
        return text

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals: the environment's, overlaid with the template's own ``d``, in
        one dict made when the template is loaded (Jinja's is a ``ChainMap`` of the two, which
        Python walks key by key each time a page, an include or an import makes its context
        from it: about 15 keys each time, 4 to 10 times a player page; issue 31). The globals
        are all set when the environment is made (:func:`make_environment`), before any
        template is loaded, as Jinja asks ("avoid modifying any globals after a template is
        loaded"); a template's own globals still never change the environment's."""
        return {**self.globals, **(d or {})}

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute`` in a template: a dict's key first (the class's docstring); a plain
        attribute holding a plain value (:func:`plain_attributes`, :data:`PLAIN_VALUES`: what
        the sandbox would return as it is, after its checks) at once, without them: about
        130,000 lookups of a scale-0.3 build (``site.title``, ``section.data``,
        ``loop.index``; issue 31), and about 270,000 of a namespace's values at full size
        (``run.first`` in a player's division table: 8 µs each through the sandbox, whose
        checks go through the namespace's own ``__getattribute__`` several times, against 1 µs;
        bench/README.md, branch cpu45); anything else through the sandbox."""
        kind = type(obj)
        if kind is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        else:
            names = self._plain.get(kind)
            if names is None:
                names = self._plain[kind] = plain_attributes(kind)
            if attribute in names:
                try:
                    value = getattr(obj, attribute)
                except AttributeError:
                    pass
                else:
                    if type(value) in PLAIN_VALUES:
                        return value
        return super().getattr(obj, attribute)


PLAIN_VALUES = frozenset({str, int, float, bool, type(None), Fraction, dt.date, dict, list, tuple})
"""Values the sandbox's ``getattr`` returns as they are from any object that is not one of
Python's internals (a function, a method, a class, code, a frame, a generator): data, never a
bound ``str.format`` (which it wraps)."""


class _PublicNames:
    """Every name not starting with ``_``: the attributes of a template's ``namespace()`` (its
    values, set by the template itself), which the sandbox lets a template read."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and not name.startswith("_")


def plain_attributes(kind: type) -> Container[str]:
    """The attributes of ``kind``'s objects that the sandbox lets a template read and that are
    data, not computed from a name a template chose: a dataclass's fields (the model, the
    settings, a player's sections), a loop's counters and a namespace's values; none starting
    with ``_`` (the sandbox refuses those), none of anything else."""
    if kind is Namespace:
        return _PublicNames()
    if kind is LoopContext:
        names: Any = ("index", "index0", "revindex", "revindex0", "first", "last", "length", "depth", "depth0")
    elif dataclasses.is_dataclass(kind):
        names = [field.name for field in dataclasses.fields(kind)]
    else:
        names = ()
    return frozenset(name for name in names if not name.startswith("_"))


def make_environment(config: SiteConfig, site_templates: Path | None = None,
                     constant_words: bool = True, theme_code: bool = False) -> Environment:
    """Return the (sandboxed) Jinja environment: the site's templates first, then the default
    theme; its words are those of ``config.language`` (:func:`sitegen.i18n.words`: the catalog's
    messages, the constant ones put into the templates when they are compiled unless
    ``constant_words`` is False, and its dates, numbers and scripts' plural forms). With
    ``theme_code``, the default theme's compiled templates are kept beside it and used again
    (sitegen.theme_code; the site's own templates are always compiled from source)."""
    loaders = []
    if site_templates is not None and site_templates.is_dir():
        loaders.append(FileSystemLoader(str(site_templates)))
    loaders.append(FileSystemLoader(str(default_templates_dir())))
    env = SiteEnvironment(
        loader=ChoiceLoader(loaders),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # one environment per build: no stat() of every template per page
        # every template loaded is kept in a plain dict: a page looks up about five (its own,
        # base.html, the partials it includes, the macros they import), and Jinja's default
        # least-recently-used cache takes a lock and moves the name to the end of its queue at
        # each lookup (issue 31). The templates are the theme's and the site's files, a few
        # dozen: nothing to evict.
        cache_size=-1,
        extensions=["jinja2.ext.i18n", ConstantWords],
        finalize=mark,  # right-to-left text isolated (sitegen.bidi)
        finalize_characters=RIGHT_TO_LEFT_CHARACTERS,  # what mark acts on: see escaped_print
    )
    # Page words in the site's language: _("..."), ngettext(...) and {% trans %} (newstyle:
    # placeholders are named, %(name)s, and the values are escaped). {% trans %} blocks are
    # trimmed: a line break inside one is a space, as in the extracted message.
    lang = words(config.language)
    env.install_gettext_translations(lang.translations, newstyle=True)  # type: ignore[attr-defined]
    isolating_words(env, lang.translations)
    env.policies["ext.i18n.trimmed"] = True
    # _("words", ...) and pgettext("context", "words", ...) translated when a template is
    # compiled (sitegen.template_words), unless the site's own templates give ``_``, ``gettext``
    # or ``pgettext`` a value that the templates they include would see
    if constant_words and not site_binds_words(env, site_templates):
        env.extend(constant_gettext=lang.gettext, constant_pgettext=lang.pgettext)
    if theme_code:
        # the filters' settings are part of the key: Jinja folds a filter over a constant
        # into the compiled code ("/static/style.css"|url holds the base path)
        filter_settings = repr((config.base_path, config.markdown_html))
        env.bytecode_cache = kept_code(default_templates_dir(), env, config.language,
                                       filter_settings)
    markdown = _Markdown(config.markdown_html)
    base = config.base_path

    def url(path: str = "") -> str:
        return base + path.lstrip("/")

    env.globals.update(url=url, site=config, plural_forms=lang.plural_forms,
                       date_range_texts=lang.date_range_texts)
    # ``path|url`` (a filter: Jinja calls filters directly, functions through the context) and
    # ``url(path)`` give the same address. ``date``: as the site's language writes it
    # (``date("long")`` in sentences); ``iso``: for <time datetime>.
    # ``text|rule_links``: the league rule ids in ``text`` as links to the league rules page;
    # ``text|rule_links("placement")`` / ``("ladder")``: those texts' citations, to their pages
    rule_links = RuleLinks(url(LEAGUE_RULES), lang.pgettext("rule", "final round"), cited_links(lang, url))
    env.filters.update(points=functools.partial(format_points, lang=lang), markdown=markdown,
                       date=lang.format_date, iso=format_iso, url=url, rule_links=rule_links)
    return env


class _Markdown:
    """The ``markdown`` filter of one environment: text as HTML (CommonMark with tables; raw
    HTML only with ``html``). Its renderer is made when a page first shows Markdown: a build
    with the cache that renders none does not import markdown-it (issue 31)."""

    def __init__(self, html: bool) -> None:
        self.html = html
        self.renderer: Any = None

    def __call__(self, text: str) -> str:
        if self.renderer is None:
            from markdown_it import MarkdownIt

            self.renderer = MarkdownIt("commonmark", {"html": self.html, "typographer": False}).enable("table")
        return self.renderer.render(text)


PARALLEL_MIN_PAGES = 600
"""Sites with fewer pages render in the calling process: starting workers would cost more."""


def render_site(plan: SitePlan, config: SiteConfig, site_templates: Path | None = None,
                jobs: int | None = None, progress: Progress | None = None,
                environment: Environment | None = None) -> dict[str, bytes]:
    """Render every page of ``plan`` and return ``{relative path: bytes}``, including its files
    and the theme's static files.

    Large sites are rendered by ``jobs`` worker processes (default: one per CPU), each taking
    slices of the bundles; the result does not depend on the number of workers. ``progress``
    is told the stage "render" and its pages as they are done (default: shown nowhere).
    ``environment``: as for :func:`render_bundles` (default: a new one, its templates compiled
    from their source). Raises ValueError if two outputs claim the same path, SitegenError for
    a broken template.
    """
    return dict(_produce(_work_list(plan.bundles, site_templates), config, site_templates, jobs, None,
                         environment, progress=progress)[0])


def render_bundles(bundles: list[Bundle], config: SiteConfig, site_templates: Path | None = None,
                   jobs: int | None = None, sink: Callable[[str, bytes], Any] | None = None,
                   environment: Environment | None = None,
                   keys: Callable[[Bundle], list[tuple[str, Any]]] | None = None,
                   progress: Progress | None = None) -> list[tuple]:
    """Make every output of ``bundles`` (and nothing else): ``[(path, bytes)]``, or
    ``[(path, sink(path, bytes))]`` with a ``sink``, in the bundles' order. ``environment``:
    one made by :func:`make_environment` for these settings and templates, kept by a process
    that renders again and again (its templates are compiled once). ``keys``: a function giving
    a bundle's outputs their keys (sitegen.depends), run by the worker that makes the bundle;
    each item is then ``(path, result, key or None)``. ``progress`` as for :func:`render_site`.
    Raises as :func:`render_site`."""
    return render_work(bundles, config, site_templates, jobs=jobs, sink=sink,
                       environment=environment, keys=keys, progress=progress)[0]


def render_work(bundles: list[Bundle], config: SiteConfig, site_templates: Path | None = None, *,
                jobs: int | None = None, sink: Callable[[str, bytes], Any] | None = None,
                environment: Environment | None = None,
                keys: Callable[[Bundle], list[tuple[str, Any]]] | None = None,
                after: tuple[Callable[[], Any], ...] = (),
                progress: Progress | None = None) -> tuple[list[tuple], list[Any]]:
    """:func:`render_bundles`, and ``after``'s functions (of no argument) run by the same
    workers (before the pages, which balance the workers better: e.g. writing down what the
    build made, for the next one); return the outputs and the functions' results, in order."""
    return _produce(bundles, config, site_templates, jobs, sink, environment, keys, after, progress)


def render_into(plan: SitePlan, config: SiteConfig, sink: Callable[[str, bytes], Any],
                site_templates: Path | None = None, jobs: int | None = None,
                progress: Progress | None = None) -> dict[str, Any]:
    """Render ``plan`` like :func:`render_site`, handing each output to ``sink(path, bytes)``.

    ``sink`` runs in the process that made the bytes (a forked worker for large sites, so that
    writing is spread over the cores too and no page travels back); returns
    ``{path: sink's result}``. ``progress`` as for :func:`render_site`. Raises as
    :func:`render_site`.
    """
    return dict(_produce(_work_list(plan.bundles, site_templates), config, site_templates, jobs,
                         sink, progress=progress)[0])


def _work_list(bundles: list[Bundle], site_templates: Path | None,
               also: dict[str, bytes] | None = None) -> list[Bundle]:
    """Return ``bundles`` followed by the theme's static files; ValueError if two outputs
    (or one and a path of ``also``) share a path."""
    work = bundles + [Bundle(None, (file,)) for file in static_files(site_templates)]
    seen = set(also or ())
    for bundle in work:
        for path in bundle.paths:
            if path in seen:
                raise ValueError(f"two pages claim the same output path '{path}'")
            seen.add(path)
    return work


def _produce(items: list[Bundle], config: SiteConfig, site_templates: Path | None,
             jobs: int | None, sink: Callable[[str, bytes], Any] | None,
             environment: Environment | None = None, keys: Any = None,
             after: tuple[Callable[[], Any], ...] = (), progress: Progress | None = None
             ) -> tuple[list[tuple], list[Any]]:
    try:
        return _produce_all(items, config, site_templates, jobs, sink, environment, keys, after,
                            progress or Progress())
    except TemplateProblem as problem:
        template, line, message, code = problem.args
        pos = SourcePos(os.path.relpath(template) if os.path.isabs(template) else template, line, 1) \
            if line else command_pos(template)
        hint = ("the limits of a page are in docs/templates.md, \"Limits\"" if code == "template.limit"
                else "fix the template, or remove the override to use the default")
        raise SitegenError([Diagnostic(pos, message, code, hint)]) from None


def _produce_all(bundles: list[Bundle], config: SiteConfig, site_templates: Path | None,
                 jobs: int | None, sink: Callable[[str, bytes], Any] | None,
                 environment: Environment | None, keys: Any,
                 after: tuple[Callable[[], Any], ...], progress: Progress) -> tuple[list[tuple], list[Any]]:
    jobs = jobs or os.cpu_count() or 1
    job = _RenderJob(config, site_templates, sink, bundles, environment, keys, after)
    # A task is only a slice's bounds, or the number of an ``after`` function: the workers
    # inherit the bundles (they refer to the content, which must not be pickled once per
    # task). Progress counts each slice's pages as it is done, here in the process that shows it.
    slices = [(start, min(start + SLICE, len(bundles))) for start in range(0, len(bundles), SLICE)]
    pages = [sum(1 for bundle in bundles[start:end] if bundle.page is not None)
             for start, end in slices]
    progress.start("render", total=sum(pages))
    if sum(pages) < PARALLEL_MIN_PAGES or not can_fork(jobs):
        # One process; also when threads run (the dev server), where forking is unsafe.
        made = []
        for bounds, count in zip(slices, pages):
            made += job.make(bounds)
            progress.advance("render", count)
        return made, [function() for function in after]
    # ``after``'s functions first: one of them may take a second or two (a league's cache
    # blob, sitegen.store), and the last tasks of a build must be small slices, or one worker
    # finishes alone while the other waits (measured at full size).
    tasks: list[Any] = [*range(len(after)), *slices]

    def done(index: int, _: Any) -> None:
        if index >= len(after):
            progress.advance("render", pages[index - len(after)])

    parts = map_forked(_RenderJob.run, job, tasks, jobs, on_done=done)
    made = [item for part in parts[len(after):] for item in part]
    return made, list(parts[:len(after)])


SLICE = 100
"""Bundles per task of a render worker (its outputs' paths, or bytes, are pickled back)."""


@dataclass(frozen=True)
class _RenderJob:
    """What every render worker shares: the settings, the templates, where outputs go
    (``sink``: None to return the bytes, else a function writing them and returning its
    result) and the bundles. Each worker makes its own Jinja environment, once."""

    config: SiteConfig
    site_templates: Path | None
    sink: Callable[[str, bytes], Any] | None
    bundles: list[Bundle]
    kept: Environment | None = None
    keys: Callable[[Bundle], list[tuple[str, Any]]] | None = None
    """When set, each output comes with the key this function gives it (or None)."""
    after: tuple[Callable[[], Any], ...] = ()
    """Functions run by the workers besides making the bundles (first, when forked)."""

    def run(self, task: Any) -> Any:
        """Make a slice of the bundles (``(start, end)``), or run ``after[task]``."""
        return self.after[task]() if isinstance(task, int) else self.make(task)

    @functools.cached_property
    def environment(self) -> Environment:
        return self.kept if self.kept is not None else make_environment(self.config, self.site_templates)

    @functools.cached_property
    def budget(self) -> Budget:
        """The limits' counts of the pages this process renders for this job (a forked worker
        has its own copy)."""
        return Budget(Limits())

    def make(self, bounds: tuple[int, int]) -> list[tuple]:
        """Make every output of ``bundles[start:end]``: ``[(path, bytes or the sink's result)]``
        (``[(path, result, key)]`` with ``keys``)."""
        made: list[tuple] = []
        self.environment.budget = self.budget  # type: ignore[attr-defined]
        for bundle in self.bundles[bounds[0]:bounds[1]]:
            shared = bundle.shared_value()
            outputs = [] if bundle.page is None else [
                (bundle.page.path, _render_page(self.environment, bundle.page, shared))]
            outputs += [item for file in bundle.files for item in file.contents(*shared)]
            results = [(path, data if self.sink is None else self.sink(path, data))
                       for path, data in outputs]
            if self.keys is None:
                made += results
            else:
                keys = dict(self.keys(bundle))
                made += [(path, result, keys.get(path)) for path, result in results]
        return made


class TemplateProblem(Exception):
    """A template that does not render: ``(template file, line or 0, message, code)``;
    picklable (it comes back from a render worker)."""


def _render_page(env: Environment, page: Page, shared: tuple[Any, ...] = ()) -> bytes:
    """Render ``page`` within the limits of ``env.budget`` (sitegen.template_limits); raise
    TemplateProblem, at the template's line where it has one, for any exception raised while
    rendering (a limit, a sandbox refusal, an undefined name, an overflow, a recursion...)."""
    budget: Budget = env.budget  # type: ignore[attr-defined]
    try:
        template = env.get_template(page.template)
        budget.start_page()
        # The template's own generator (Template.generate would add a layer to every piece)
        context = template.new_context({"page": page, **page.full_context(*shared)})
        html = bounded_output(template.root_render_func(context), budget)
    except StaleInput:  # the page's deferred context read a changed input: not the template's
        raise
    except TemplateSyntaxError as error:
        raise TemplateProblem(error.filename or error.name or page.template, error.lineno or 0,
                              f"template syntax error: {error.message}", "template") from None
    except Exception as error:  # anything a template can raise: sitegen.template_limits
        raise _problem(page, error) from None
    return isolate_page(html).encode("utf-8")


def _problem(page: Page, error: Exception) -> TemplateProblem:
    """Return the TemplateProblem of ``error``, raised while rendering ``page``: at the line of
    the innermost template in its traceback (Jinja's frames of a template's code)."""
    where, line = page.template, 0
    for filename, lineno in _template_frames(error.__traceback__):
        where, line = filename, lineno
    limit = isinstance(error, (TemplateLimit, RecursionError, MemoryError))
    if isinstance(error, TemplateError):
        what = str(error)
    elif isinstance(error, RecursionError):
        what = "templates include or call one another too deeply (the limit of Python's recursion)"
    else:
        what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return TemplateProblem(where, line, f"template {page.template} failed while rendering "
                           f"{page.path}: {what}", "template.limit" if limit else "template")


def _template_frames(traceback: TracebackType | None) -> list[tuple[str, int]]:
    """Return the ``(template file, line)`` of each template frame of ``traceback``, outermost
    first: a template's code (``__jinja_template__``) or the frame Jinja put in its place
    (``__jinja_exception__``, jinja2.debug.rewrite_traceback_stack)."""
    found = []
    while traceback is not None:
        frame_globals = traceback.tb_frame.f_globals
        template = frame_globals.get("__jinja_template__")
        if template is not None and template.filename:
            found.append((template.filename, template.get_corresponding_lineno(traceback.tb_lineno)))
        elif "__jinja_exception__" in frame_globals:
            found.append((traceback.tb_frame.f_code.co_filename, traceback.tb_lineno))
        traceback = traceback.tb_next
    return found


def static_files(site_templates: Path | None) -> list[File]:
    """Return the theme's ``static/`` files, the site's own overriding the default ones."""
    found: dict[str, bytes] = {}
    for root in (default_templates_dir(), site_templates):
        if root is None:
            continue
        static = root / "static"
        if not static.is_dir():
            continue
        for path in sorted(static.rglob("*")):
            if path.is_file() and not path.is_symlink():
                found["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    return [File(path, data) for path, data in sorted(found.items())]


__all__ = ["render_site", "render_into", "render_bundles", "make_environment",
           "default_templates_dir", "static_files", "Page"]
