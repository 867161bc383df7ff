"""``sitegen serve``: build, serve on localhost, rebuild on change (see :mod:`sitegen.serve`)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostic, SitegenError, command_pos
from ..earlier import earlier_site
from ..devsite import Site
from ..progress import Progress
from ..render import default_templates_dir
from ..serve import SETTLE, DevServer, ServedBuild, Show, Written
from ..write import NotInPlace, check_output_folder, update_site, write_site


def make_server(content_dir: Path, templates_dir: Path | None, output_dir: Path | None = None, *,
                host: str = "127.0.0.1", port: int = 8000, base_url: str | None = None,
                debounce: float = 0.15, settle: float = SETTLE, watch_theme: bool = True,
                log: Callable[[str], None] | None = None, progress: Progress | None = None) -> DevServer:
    """Return a :class:`DevServer` for the site in ``content_dir`` (not started yet).

    It builds incrementally (:class:`sitegen.devsite.Site`: after a change, only what the
    change reaches is validated, planned and made again), serves under the site's base path
    (``base_url`` overrides site.yaml's), watches ``content_dir``, ``templates_dir`` and the
    default theme (unless ``watch_theme`` is False), builds ``debounce`` seconds after the last
    change or ``settle`` seconds after a finished save (sitegen.serve), and writes each good
    build to ``output_dir`` when given (only the files whose bytes changed are rewritten), then serves
    its files from there instead of memory. ``progress``
    shows each build's stages (sitegen.progress; default: nowhere).
    """
    shown = progress or Progress()
    site = Site(content_dir, templates_dir, base_url, shown, output_dir)
    server: DevServer | None = None

    def build(show: Show) -> ServedBuild:
        # The pages open in a browser are made and shown first.
        first = server.open_pages() if server is not None else frozenset()
        with shown:
            changed, reason = site.build(show, first)
        note = f"everything built: {reason}" if reason else ""
        assert site.config is not None  # a build that returns has read the settings
        warnings = tuple(d.format() for d in site.state.warnings) if site.state is not None else ()
        return ServedBuild(site.files, site.config.base_path, changed, note, warnings)

    def write(built: ServedBuild) -> Written:
        assert output_dir is not None
        streamed = site.take_report() if built.files is site.files else None
        if streamed is not None:  # a build from scratch, written as it was made
            return Written(f"{streamed.summary()} in {output_dir}/", site.files)
        try:
            if built.changed is None:
                raise NotInPlace("a build from scratch")
            report = update_site(built.changed, output_dir, len(built.files))
        except NotInPlace:
            report = write_site(built.files, output_dir)
        # Written whole: served from output/ from now on, the bytes let go (issue 31).
        files = site.written(output_dir.resolve()) if built.files is site.files else None
        return Written(f"{report.summary()} in {output_dir}/", files)

    watch = [content_dir] + ([default_templates_dir()] if watch_theme else []) \
        + ([templates_dir] if templates_dir else [])
    options = {"log": log} if log is not None else {}
    server = DevServer(build, watch, host=host, port=port, debounce=debounce, settle=settle,
                       ignore=[output_dir] if output_dir else [],
                       write=write if output_dir is not None else None, **options)
    return server


def serve(content_dir: Path, templates_dir: Path | None, output_dir: Path | None, *,
          host: str = "127.0.0.1", port: int = 8000, base_url: str | None = None,
          progress: Progress | None = None) -> int:
    """Serve the site until interrupted; return the exit status (0).

    Raises SitegenError for an output folder that must not be replaced (see
    :func:`sitegen.write.check_output_folder`) and for an address that cannot be bound.
    """
    if output_dir is not None:
        check_output_folder(output_dir, [content_dir] + ([templates_dir] if templates_dir else []))
    try:
        server = make_server(content_dir, templates_dir, output_dir, host=host, port=port,
                             base_url=base_url, progress=progress)
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise SitegenError([Diagnostic(command_pos("sitegen serve"),
                                       f"cannot listen on {host}:{port}: {reason}", "serve",
                                       "choose another --port (0 picks a free one) or --host")]) from None
    # Served at once, while the first build runs (issue 31): what the last build left in output/.
    server.serve_forever(earlier=earlier_site(output_dir, content_dir, base_url))
    return 0
