"""``sitegen build``: load -> validate -> compute -> render -> write.

A build that would change nothing is skipped (the no-op rebuild): beside the output folder,
``.<output>.sitegen-build.json`` records a fingerprint of the last good build's inputs, the
path, size, modification time (ns), inode and change time of every file under the content
folder, the site's templates, the default theme and sitegen's own code, plus sitegen's version,
the base URL and the output folder, and the same fingerprint of the output folder it wrote.
The next build with equal fingerprints of both does nothing. Any change to an input, or to
``output/`` itself, gives a full build. A fingerprint taken within two seconds of an input's
modification is not recorded (a same-size edit within the file system's time resolution could
otherwise go unseen). ``SITEGEN_NO_CACHE=1`` turns the skip off.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__

from ..census import Census, census
from ..model import Content
from ..render import RenderCache, default_templates_dir, render_into, render_site
from ..pipeline import prepare
from ..plan import SitePlan
from ..progress import Progress
from ..diagnostics import Diagnostic, SitegenError, SourcePos, command_pos
from ..hostfiles import host_files
from ..write import OutputBusy, OutputLock, Staging, WriteReport, check_output_folder


@dataclass(frozen=True)
class BuildResult:
    pages: int
    report: WriteReport
    cached: bool = False
    """True when nothing changed since the last build, which was then not repeated."""
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds per stage: ``check`` (fingerprints), ``prepare`` (load, validate, plan),
    ``render+write`` and ``swap`` (see ``sitegen build --timings``)."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """The content's warnings (also those of the last build, when it was not repeated)."""
    census: Census = field(default_factory=dict)
    """What the site was made from, per competition kind (sitegen.census)."""


def plan(content_dir: Path, base_url: str | None = None,
         progress: Progress | None = None) -> tuple[Content, SitePlan]:
    """Load, validate and plan the site: ``(content, plan)`` (sitegen.pipeline). Raises
    SitegenError with every problem. ``base_url`` replaces the one of site.yaml."""
    return prepare(content_dir, base_url, progress=progress)


def render(content_dir: Path, templates_dir: Path | None = None,
           base_url: str | None = None, cache: RenderCache | None = None,
           progress: Progress | None = None) -> dict[str, bytes]:
    """Return the whole site in memory, ``{relative path: bytes}``. Raises SitegenError.

    ``cache`` (the dev server's) lets pages whose context did not change keep their bytes;
    ``progress`` is told the stages (sitegen.progress; default: shown nowhere).
    """
    content, site = plan(content_dir, base_url, progress)
    files = render_site(site, content.config, templates_dir, cache=cache, progress=progress)
    files.update(host_files(content.config))
    return files


def build(content_dir: Path, output_dir: Path, templates_dir: Path | None = None,
          base_url: str | None = None, strict: bool = False,
          progress: Progress | None = None) -> BuildResult:
    """Build the site into ``output_dir``; on any error ``output_dir`` is left untouched.

    Pages are written as they are rendered, by the render workers, into a staging folder that
    replaces ``output_dir`` at the end (sitegen.write.Staging). Skipped when neither the
    inputs nor ``output_dir`` changed since the last build (see the module's docstring).
    One build at a time per output folder: the folder's lock (sitegen.write.OutputLock) is
    held from the start, and a build that finds it held stops at once.
    ``progress`` is told the stages and what the cache and the writer reused (sitegen.progress;
    default: shown nowhere).
    Raises SitegenError for bad content, a broken template, an unwritable output folder or one
    that another process is writing; with ``strict``, also for warnings (nothing is written).
    """
    progress = progress or Progress()
    clock = _Clock()
    try:
        check_output_folder(output_dir, [content_dir] + ([templates_dir] if templates_dir else []))
        refused = None
    except SitegenError as error:
        refused = error  # reported together with any content errors, below
    if refused is not None:
        return _build(content_dir, output_dir, templates_dir, base_url, clock, refused, None, strict,
                      progress)
    try:
        lock = OutputLock(output_dir).acquire()
    except OutputBusy as error:
        raise SitegenError([Diagnostic(command_pos("sitegen build"), str(error), "output.busy",
                                       "wait until it has finished, or choose another --output")]) from None
    except OSError as error:
        raise _unwritable(output_dir, error) from None
    try:
        return _build(content_dir, output_dir, templates_dir, base_url, clock, None, lock, strict,
                      progress)
    finally:
        lock.release()


def _build(content_dir: Path, output_dir: Path, templates_dir: Path | None, base_url: str | None,
           clock: "_Clock", refused: SitegenError | None, lock: OutputLock | None,
           strict: bool, progress: Progress) -> BuildResult:
    """The build, with the output folder's lock held (``lock``) unless it was ``refused``."""
    use_cache = os.environ.get("SITEGEN_NO_CACHE", "") in ("", "0")
    record_path = cache_record_path(output_dir)
    inputs, racy = input_fingerprint(content_dir, templates_dir, base_url, output_dir)
    if use_cache and refused is None:
        record = _read_record(record_path)
        if record is None:
            progress.note("build cache: no record of an earlier build here: full build")
        elif record.get("inputs") != inputs:
            progress.note("build cache: the content, templates or options changed: full build")
        elif record.get("output") != tree_fingerprint(output_dir)[0]:
            progress.note("build cache: the output folder changed since the last build: full build")
        else:
            warnings = _warnings_of(record)
            if strict and warnings:
                raise SitegenError(warnings)
            report = WriteReport([], int(record.get("files", 0)), 0)
            progress.note("build cache: nothing changed since the last build: loading, rendering "
                          f"and writing skipped ({report.unchanged} files kept)")
            counts = record.get("census")
            return BuildResult(int(record.get("pages", 0)), report, cached=True,
                               timings=clock.lap("check"), warnings=warnings,
                               census=counts if isinstance(counts, dict) else {})
    elif not use_cache:
        progress.note("build cache: off (SITEGEN_NO_CACHE): full build")
    clock.lap("check")
    try:
        content, site = plan(content_dir, base_url, progress)
    except SitegenError as error:
        raise SitegenError((refused.diagnostics if refused else []) + error.diagnostics) from None
    if refused is not None:
        raise refused
    if strict and site.warnings:
        raise SitegenError(site.warnings)
    clock.lap("prepare")
    try:
        record_path.unlink(missing_ok=True)
        staging = Staging(output_dir, lock)
        try:
            written = render_into(site, content.config, staging.put, templates_dir,
                                  progress=progress)
            for path, data in host_files(content.config).items():
                written[path] = staging.put(path, data)
            clock.lap("render+write")
            progress.start("swap")
            report = staging.finish([path for path, new in written.items() if new])
        finally:
            staging.discard()
    except OSError as error:
        raise _unwritable(output_dir, error) from None
    pages = sum(1 for path in written if path.endswith(".html"))
    counts = census(content)
    if use_cache and not racy:
        record = {"inputs": inputs, "output": tree_fingerprint(output_dir)[0],
                  "pages": pages, "files": len(written) + 1, "census": counts,
                  "warnings": [[*d.pos, d.message, d.code, d.hint] for d in site.warnings]}
        try:
            _write_record(record_path, record)
        except OSError:
            pass  # the cache is only an optimisation
    progress.finish()
    if use_cache and racy:
        progress.note("build cache: not recorded (an input changed less than 2 s ago)")
    progress.note(f"writing: {report.summary()} (kept as they were, not rewritten)")
    return BuildResult(pages, report, timings=clock.lap("swap"), warnings=site.warnings,
                       census=counts)


def _warnings_of(record: dict) -> list[Diagnostic]:
    """Return the warnings kept in a build record (an unreadable entry is left out)."""
    warnings = []
    for item in record.get("warnings", []):
        try:
            path, line, col, message, code, hint = item
            warnings.append(Diagnostic(SourcePos(str(path), int(line), int(col)), str(message),
                                       str(code), None if hint is None else str(hint), "warning"))
        except (TypeError, ValueError):
            continue
    return warnings


def _unwritable(output_dir: Path, error: OSError) -> SitegenError:
    return SitegenError([Diagnostic(command_pos("sitegen build"),
                                    f"cannot write the output folder {output_dir}: "
                                    f"{error.strerror or error}", "output",
                                    "check that the folder is writable")])


class _Clock:
    """Wall time per stage of a build."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.laps: dict[str, float] = {}

    def lap(self, stage: str) -> dict[str, float]:
        now = time.perf_counter()
        self.laps[stage] = now - self.last
        self.last = now
        return self.laps


def cache_record_path(output_dir: Path) -> Path:
    """Return where the last build's fingerprints are kept: ``.<output>.sitegen-build.json``
    in the output folder's parent (outside the output folder, a hidden file)."""
    output_dir = output_dir.resolve()
    return output_dir.parent / f".{output_dir.name}.sitegen-build.json"


RACY_NS = 2_000_000_000
"""Inputs modified this recently (ns) before the fingerprint make it unsafe to record."""


def tree_fingerprint(folder: Path) -> tuple[str, int]:
    """Return a SHA-256 of every file under ``folder`` by (path, size, mtime_ns, inode,
    ctime_ns), and the newest mtime_ns; ``("", 0)`` hashes an absent folder as empty."""
    digest = hashlib.sha256()
    newest = 0
    stack = [folder]
    entries = []
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as scan:
                for entry in scan:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":  # written by Python, not an input
                            stack.append(Path(entry.path))
                    else:
                        st = entry.stat(follow_symlinks=False)
                        newest = max(newest, st.st_mtime_ns, st.st_ctime_ns)
                        entries.append(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}\0"
                                       f"{st.st_ino}\0{st.st_ctime_ns}")
        except (FileNotFoundError, NotADirectoryError):
            entries.append(f"{current}\0absent")
    for line in sorted(entries):
        digest.update(line.encode("utf-8", "surrogateescape") + b"\n")
    return digest.hexdigest(), newest


def input_fingerprint(content_dir: Path, templates_dir: Path | None, base_url: str | None,
                      output_dir: Path) -> tuple[dict[str, str], bool]:
    """Return the fingerprint of everything a build reads, and whether it is racy (an input
    modified less than two seconds ago)."""
    now = time.time_ns()
    roots = {"content": content_dir, "theme": default_templates_dir(),
             "sitegen": Path(__file__).resolve().parent.parent}
    if templates_dir is not None:
        roots["templates"] = templates_dir
    result = {"version": __version__, "base_url": base_url or "",
              "output": str(output_dir.resolve())}
    racy = False
    for name, root in roots.items():
        result[name], newest = tree_fingerprint(root.resolve())
        racy |= newest > now - RACY_NS
    return result, racy


def _read_record(path: Path) -> dict | None:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _write_record(path: Path, record: dict) -> None:
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(json.dumps(record, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
