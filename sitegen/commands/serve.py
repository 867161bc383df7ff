"""``sitegen serve``: build, serve on localhost, rebuild on change (see :mod:`sitegen.serve`)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos
from ..load import enable_parse_cache
from ..model.common import SiteConfig
from ..progress import Progress
from ..render import RenderCache, default_templates_dir
from ..serve import Build, DevServer
from ..validate import load_config
from ..write import check_output_folder, write_site
from .build import render


def make_server(content_dir: Path, templates_dir: Path | None, output_dir: Path | None = None, *,
                host: str = "127.0.0.1", port: int = 8000, base_url: str | None = None,
                debounce: float = 0.15, watch_theme: bool = True, log: Callable[[str], None] | None = None,
                progress: Progress | None = None) -> DevServer:
    """Return a :class:`DevServer` for the site in ``content_dir`` (not started yet).

    It builds with :func:`sitegen.commands.build.render`, serves under the site's base path
    (``base_url`` overrides site.yaml's), watches ``content_dir``, ``templates_dir`` and the
    default theme (unless ``watch_theme`` is False), and writes each good build to ``output_dir`` when given (only files whose
    bytes changed are rewritten). ``progress`` shows each build's stages (sitegen.progress;
    default: nowhere).
    """
    cache = RenderCache()
    enable_parse_cache()
    shown = progress or Progress()

    def build() -> Build:
        with shown:
            files = render(content_dir, templates_dir, base_url, cache, shown)
        if base_url:
            base_path = SiteConfig(base_url=base_url).base_path
        else:
            base_path = load_config(content_dir / "site.yaml", "site.yaml", Diagnostics()).base_path
        return Build(files, base_path)

    def write(files: dict[str, bytes]) -> str:
        assert output_dir is not None
        report = write_site(files, output_dir)
        return f"{report.summary()} in {output_dir}/"

    watch = [content_dir] + ([default_templates_dir()] if watch_theme else []) \
        + ([templates_dir] if templates_dir else [])
    options = {"log": log} if log is not None else {}
    return DevServer(build, watch, host=host, port=port, debounce=debounce,
                     ignore=[output_dir] if output_dir else [],
                     write=write if output_dir is not None else None, **options)


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
    server.serve_forever()
    return 0
