"""The only writer of the site: {path: bytes} -> ``output/``, atomically.

The new site is assembled in a fresh folder beside ``output/``: files whose bytes did not
change are hard-linked from the current site (they are not rewritten and keep their
modification time), changed and new files are written. Then the two folders are swapped with
one atomic ``renameat2(RENAME_EXCHANGE)`` where the system has it (Linux), else with two
renames. A build that fails or is killed before the swap leaves ``output/`` as it was; a
leftover staging folder is removed by the next build.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class WriteReport:
    """What a write did: counts of files written anew, kept unchanged, and removed."""

    written: list[str]
    unchanged: int
    removed: int

    def summary(self) -> str:
        """Return e.g. ``3 files written, 1 unchanged``."""
        count = len(self.written)
        return f"{count} file{'' if count == 1 else 's'} written, {self.unchanged} unchanged"


def safe_relative(path: str) -> PurePosixPath:
    """Return ``path`` as a relative path that stays inside the output folder.

    Raises ValueError for absolute paths, ``..`` parts, backslashes and empty parts.
    """
    pure = PurePosixPath(path)
    if (not path or pure.is_absolute() or "\\" in path or "\0" in path
            or any(part in ("..", ".", "") for part in path.split("/"))):
        raise ValueError(f"refusing to write outside the output folder: {path!r}")
    return pure


MARKER = ".sitegen-output"
"""A file sitegen leaves in every output folder it writes: only such folders are replaced."""
MARKER_TEXT = b"This folder is written by sitegen build and replaced on each build.\n"


def check_output_folder(output: Path, protected: list[Path]) -> None:
    """Refuse an output folder whose replacement would destroy anything but an earlier site.

    Raises SitegenError when ``output`` is a file, is or contains the working folder or one of
    ``protected`` (content, templates), lies inside one of them, or is a non-empty folder that
    sitegen did not write (no marker file, and not an older sitegen site with index.html and
    404.html).
    """
    from .diagnostics import SitegenError, command_pos, Diagnostic

    target = output.resolve()
    problem = None
    if target.exists() and not target.is_dir():
        problem = f"the output path {output} is a file, not a folder"
    elif target == Path.cwd().resolve() or target in Path.cwd().resolve().parents:
        problem = f"the output folder {output} would replace the working folder"
    else:
        for other in protected:
            other = other.resolve()
            if target == other or target in other.parents or other in target.parents:
                problem = f"the output folder {output} overlaps {other}, which sitegen reads"
                break
    if problem is None and target.is_dir() and any(target.iterdir()):
        ours = (target / MARKER).is_file() or (
            (target / "index.html").is_file() and (target / "404.html").is_file())
        if not ours:
            problem = (f"the output folder {output} holds files that sitegen did not write; "
                       "they would be deleted")
    if problem:
        raise SitegenError([Diagnostic(command_pos("sitegen build"), problem, "output",
                                       "choose a new or empty folder, e.g. --output output")])


def write_site(files: dict[str, bytes], output: Path) -> WriteReport:
    """Replace ``output`` by exactly ``files``; unchanged files are linked, not rewritten.

    The folder also gets the marker file that identifies it as sitegen's output, and the
    permissions of a folder made with the process's umask (not the staging folder's 0700).
    Raises ValueError for a path that would leave the folder, OSError when writing fails.
    """
    staging = Staging(output)
    try:
        written = [path for path in sorted(files) if staging.put(path, files[path])]
        return staging.finish(written)
    finally:
        staging.discard()


class Staging:
    """The next site, assembled file by file in a fresh folder beside ``output``.

    :meth:`put` may be called from forked worker processes (it only touches the file system),
    so that rendering and writing run on every core; :meth:`finish` swaps the folder in.
    Leftover staging folders of killed builds are removed when a new one is made.
    """

    def __init__(self, output: Path) -> None:
        self.output = output.resolve()
        parent = self.output.parent
        parent.mkdir(parents=True, exist_ok=True)
        for stale in parent.glob(f".{self.output.name}.staging-*"):
            shutil.rmtree(stale, ignore_errors=True)
        self.folder = Path(tempfile.mkdtemp(prefix=f".{self.output.name}.staging-", dir=parent))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.folder, 0o777 & ~umask)
        self._root = os.fspath(self.folder)
        self._old = os.fspath(self.output)
        self._folders: set[str] = set()

    def put(self, path: str, data: bytes) -> bool:
        """Add one file; return True if it was written, False if linked unchanged from ``output``.

        Raises ValueError for a path that would leave the folder (see :func:`safe_relative`).
        """
        relative = safe_relative(path).as_posix()
        folder, _, _ = relative.rpartition("/")
        if folder and folder not in self._folders:
            os.makedirs(os.path.join(self._root, folder), exist_ok=True)
            self._folders.add(folder)
        target = os.path.join(self._root, relative)
        current = os.path.join(self._old, relative)
        if _same_bytes(current, data):
            os.link(current, target, follow_symlinks=False)
            return False
        with open(target, "xb") as stream:
            stream.write(data)
        return True

    def finish(self, written: list[str]) -> WriteReport:
        """Add the marker file and put the new site in place of ``output``.

        ``written`` are the paths :meth:`put` reported as written; returns the report.
        """
        if self.put(MARKER, MARKER_TEXT):
            written = [*written, MARKER]
        total = _count_files(self.folder)
        removed = _count_files(self.output) - (total - len(written)) if self.output.is_dir() else 0
        _swap(self.folder, self.output)
        return WriteReport(sorted(written), total - len(written), max(0, removed))

    def discard(self) -> None:
        """Remove the staging folder (after :meth:`finish` it holds the old site)."""
        shutil.rmtree(self.folder, ignore_errors=True)


def _same_bytes(current: str, data: bytes) -> bool:
    try:
        # O_NOFOLLOW: a symbolic link planted in the old site is never read nor linked.
        fd = os.open(current, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        with open(fd, "rb", buffering=0) as stream:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size != len(data):
                return False
            return stream.readall() == data
    except OSError:
        return False


def _count_files(folder: Path) -> int:
    return sum(len(files) for _, _, files in os.walk(folder))


def _swap(staging: Path, output: Path) -> None:
    """Put ``staging`` in place of ``output``; afterwards ``staging`` holds the old site (or nothing)."""
    if output.exists() and _rename_exchange(staging, output):
        return
    if output.exists():
        old = output.with_name(f".{output.name}.staging-old")
        if old.exists():
            shutil.rmtree(old)
        os.replace(output, old)
        os.replace(staging, output)
        os.replace(old, staging)
    else:
        os.replace(staging, output)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _rename_exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths with Linux renameat2; False where unavailable."""
    libc_name = ctypes.util.find_library("c")
    if not libc_name:
        return False
    try:
        libc = ctypes.CDLL(libc_name, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0
