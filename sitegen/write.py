"""The only writer of the site: {path: bytes} -> ``output/``, atomically.

The new site is assembled in a fresh folder beside ``output/``: files whose bytes did not
change are hard-linked from the current site (they are not rewritten and keep their
modification time), changed and new files are written. Then the two folders are swapped with
one atomic ``renameat2(RENAME_EXCHANGE)`` where the system has it (Linux), else with two
renames. A build that fails or is killed before the swap leaves ``output/`` as it was; a
leftover staging folder is removed by a later build once the process that made it is dead.

An incremental build (:func:`update_site`) changes only the files whose bytes changed: it
writes them into a fresh folder beside ``output/`` first, then renames each over the old one
and deletes the files no longer made. Each file is replaced whole (never half-written), but a
build killed during those renames leaves some files new and some old; such a build has removed
its cache record first (sitegen/commands/build.py), so the next build makes the whole site
again.

One writer at a time per output folder: :class:`OutputLock` holds an advisory lock
(``flock``) on ``.<output>.sitegen-lock`` beside it while a build or the dev server writes;
another sitegen process is refused with a clear message (:class:`OutputBusy`). The kernel
drops the lock of a process that dies, so a lock left by a killed build is simply taken over.
Staging folders are named after their process (``.<output>.staging-<pid>-...``), and only
those of dead processes are removed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import os
import re
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable, Mapping

from .diagnostics import Diagnostic, SitegenError, command_pos


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
    return PurePosixPath(_checked(path))


def _checked(path: str) -> str:
    """Return ``path`` as it is if :func:`safe_relative` accepts it (it is then its own POSIX
    form: no empty part, no leading ``/``); raise its ValueError otherwise. A string check
    only: the staging folder checks each of a build's files (8,900 at scale 0.3), and a
    ``PurePosixPath`` cost about 10 µs a file (issue 31)."""
    if (not path or "\\" in path or "\0" in path
            or any(part in ("..", ".", "") for part in path.split("/"))):
        raise ValueError(f"refusing to write outside the output folder: {path!r}")
    return path


MARKER = ".sitegen-output"
"""A file sitegen leaves in every output folder it writes: only such folders are replaced."""
MARKER_TEXT = b"This folder is written by sitegen build and replaced on each build.\n"


VERSION_CONTROL = (".git", ".hg", ".svn")
"""Folders of a version-control checkout: sitegen never writes them, so an output folder holding
one (a ``gh-pages`` checkout, say) is refused even if an earlier site left its marker there."""


def is_earlier_site(folder: Path) -> bool:
    """Return True if ``folder`` carries sitegen's marker file (a regular file, not a link)."""
    try:
        return stat.S_ISREG(os.lstat(folder / MARKER).st_mode)
    except OSError:
        return False


def check_output_folder(output: Path, protected: list[Path]) -> None:
    """Refuse an output folder whose replacement would destroy anything but an earlier site.

    Raises SitegenError when ``output`` is a file, is or contains the working folder or one of
    ``protected`` (content, templates), lies inside one of them, is a non-empty folder without
    sitegen's marker file (:data:`MARKER`; no other sign counts), or holds a version-control
    folder (:data:`VERSION_CONTROL`).
    """
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
    if problem is None and target.is_dir():
        names = sorted(os.listdir(target))
        checkout = [name for name in names if name in VERSION_CONTROL]
        if names and not is_earlier_site(target):
            problem = (f"the output folder {output} holds files that sitegen did not write; "
                       "they would be deleted")
        elif checkout:
            problem = (f"the output folder {output} holds {checkout[0]}, which sitegen never "
                       "writes; it would be deleted")
    if problem:
        raise SitegenError([Diagnostic(command_pos("sitegen build"), problem, "output",
                                       "choose a new or empty folder, e.g. --output output")])


class OutputBusy(OSError):
    """Another process holds the lock of the output folder (its message says which)."""


class OutputLock:
    """An advisory lock beside ``output`` (``.<output>.sitegen-lock``): one writer at a time.

    :meth:`acquire` raises :class:`OutputBusy` at once when another open lock holds it (another
    process, or another lock object of this one); it never waits. The lock file keeps the
    holder's process id for that message (emptied on release; a killed holder's is not shown,
    being dead). A lock of a dead process is released by the kernel (``flock``), so it is taken
    over without any check. Usable as a context manager.
    """

    def __init__(self, output: Path) -> None:
        self.output = output
        resolved = output.resolve()
        self.path = resolved.parent / f".{resolved.name}.sitegen-lock"
        self._fd: int | None = None

    def acquire(self) -> "OutputLock":
        """Take the lock; return self. Raises OutputBusy when it is held, OSError otherwise."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            if not _try_lock(fd):
                holder = _read_pid(fd)  # None while the holder has not yet written it
                who = ("another sitegen process" if holder is None or not process_alive(holder)
                       else f"another sitegen process (pid {holder})")
                raise OutputBusy(f"{who} is writing the output folder {self.output}")
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return self

    def release(self) -> None:
        """Give the lock up (explicitly: forked workers may still hold the same open file)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.ftruncate(fd, 0)  # no process id of a finished build for the next message
                _unlock(fd)
            finally:
                os.close(fd)

    def __enter__(self) -> "OutputLock":
        return self.acquire()

    def __exit__(self, *exc_info: object) -> None:
        self.release()


def _try_lock(fd: int) -> bool:
    """Take an exclusive lock on ``fd`` without waiting; False when another holds it. The
    system drops it when its process ends (``flock``; on Windows ``msvcrt.locking``)."""
    if sys.platform != "win32":
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    else:  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True


def _unlock(fd: int) -> None:
    if sys.platform != "win32":
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def process_alive(pid: int) -> bool:
    """Return False only when no process ``pid`` exists (True when unsure)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - os.kill would end the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # e.g. another user's process
    return True


def write_site(files: Mapping[str, bytes], output: Path) -> WriteReport:
    """Replace ``output`` by exactly ``files``; unchanged files are linked, not rewritten.

    The folder also gets the marker file that identifies it as sitegen's output, and the
    permissions of a folder made with the process's umask (not the staging folder's 0700).
    Raises ValueError for a path that would leave the folder, OutputBusy when another process
    is writing ``output``, OSError when writing fails.
    """
    staging = Staging(output)
    try:
        written = [path for path in sorted(files) if staging.put(path, files[path])]
        return staging.finish(written)
    finally:
        staging.discard()


class NotInPlace(OSError):
    """The output folder cannot be changed in place (a folder where a file goes, a link, no
    marker): the caller writes the whole site instead."""


def update_site(changes: dict[str, bytes | None], output: Path, total: int,
                lock: OutputLock | None = None,
                committing: Callable[[], None] | None = None) -> WriteReport:
    """Change the site in ``output`` in place: write the files of ``changes`` whose bytes
    differ (None: delete the file), each replaced whole by a rename; ``total``: the number of
    files of the new site (for the report). Every new file is written to a staging folder
    first: a full disk or a file size limit stops the update there, ``output`` unchanged.
    ``committing`` is called once they are all written, before the first file is replaced
    (the build removes its cache's index then: a site part old, part new has none).

    Raises NotInPlace when ``output`` is not an earlier site or a change cannot be made in
    place (write the whole site with :func:`write_site` then), ValueError for a path that would
    leave the folder, OutputBusy when another process is writing ``output``, OSError.
    """
    own = None if lock is not None else OutputLock(output).acquire()
    try:
        return _update(changes, output.resolve(), total, committing)
    finally:
        if own is not None:
            own.release()


def _update(changes: dict[str, bytes | None], output: Path, total: int,
            committing: Callable[[], None] | None) -> WriteReport:
    if not output.is_dir() or output.is_symlink() or not is_earlier_site(output):
        raise NotInPlace(f"{output} is not a site written by sitegen")
    writes = {}
    removes = []
    for path, data in sorted(changes.items()):
        relative = safe_relative(path).as_posix()
        if relative == MARKER:
            raise ValueError(f"refusing to write sitegen's own marker file: {path!r}")
        target = os.path.join(output, relative)
        _check_parents(output, relative)
        if data is None:
            if os.path.lexists(target):
                removes.append(target)
        elif not _same_bytes(target, data):
            if os.path.lexists(target) and not stat.S_ISREG(os.lstat(target).st_mode):
                raise NotInPlace(f"{relative} is not a file in {output}")
            writes[relative] = data
    remove_stale_staging(output)
    folder = Path(tempfile.mkdtemp(prefix=f"{_staging_prefix(output)}{os.getpid()}-", dir=output.parent))
    try:
        staged = []
        for number, (relative, data) in enumerate(writes.items()):
            temporary = folder / str(number)
            with open(temporary, "xb") as stream:
                stream.write(data)
            os.chmod(temporary, 0o666 & ~_umask())
            staged.append((temporary, relative))
        if committing is not None:
            committing()
        for temporary, relative in staged:  # the window in which the site is part old, part new
            parent = os.path.join(output, os.path.dirname(relative))
            os.makedirs(parent, exist_ok=True)
            os.replace(temporary, os.path.join(output, relative))
        for target in removes:
            os.unlink(target)
            _remove_empty_folders(output, os.path.dirname(target))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    written = sorted(writes)
    return WriteReport(written, max(0, total - len(written)), len(removes))


def _check_parents(output: Path, relative: str) -> None:
    """Raise NotInPlace when a folder on the way to ``relative`` is a link or a file."""
    current = os.fspath(output)
    for part in relative.split("/")[:-1]:
        current = os.path.join(current, part)
        try:
            mode = os.lstat(current).st_mode
        except FileNotFoundError:
            return
        if not stat.S_ISDIR(mode):
            raise NotInPlace(f"{current} is not a folder")


def _remove_empty_folders(output: Path, folder: str) -> None:
    """Remove ``folder`` and its parents inside ``output`` while they are empty."""
    root = os.fspath(output)
    while folder != root and folder.startswith(root + os.sep):
        try:
            os.rmdir(folder)
        except OSError:
            return
        folder = os.path.dirname(folder)


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


class Staging:
    """The next site, assembled file by file in a fresh folder beside ``output``.

    :meth:`put` may be called from forked worker processes (it only touches the file system),
    so that rendering and writing run on every core; :meth:`finish` swaps the folder in.
    The output folder's :class:`OutputLock` is held from creation to :meth:`discard` (``lock``:
    one the caller already holds). Leftover staging folders of dead processes are removed when
    a new one is made; those of live processes (and of unknown owners) are left alone.
    Raises OutputBusy when another process is writing ``output``.
    """

    def __init__(self, output: Path, lock: OutputLock | None = None) -> None:
        self.output = output.resolve()
        self._own_lock = None if lock is not None else OutputLock(output).acquire()
        try:
            parent = self.output.parent
            parent.mkdir(parents=True, exist_ok=True)
            remove_stale_staging(self.output)
            self.folder = Path(tempfile.mkdtemp(prefix=f"{_staging_prefix(self.output)}{os.getpid()}-",
                                                dir=parent))
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.folder, 0o777 & ~umask)
        except BaseException:
            if self._own_lock is not None:
                self._own_lock.release()
            raise
        # Each file's two paths are these prefixes and its checked relative path (what
        # ``os.path.join`` gives for a path that :func:`_checked` accepts, without its Python
        # calls: two a file; issue 31).
        self._root = os.path.join(self.folder, "")
        self._old = os.path.join(self.output, "")
        self._linkable = os.path.isdir(self.output)
        """False when there is no earlier site (a build into a new folder): no file of
        ``output`` is looked for then, one failed ``open`` a file fewer."""
        self._folders: set[str] = set()

    def put(self, path: str, data: bytes) -> bool:
        """Add one file; return True if it was written, False if linked unchanged from ``output``.

        Raises ValueError for a path that would leave the folder (see :func:`safe_relative`).
        """
        return self._put(path, data)[0]

    def put_stamped(self, path: str, data: bytes) -> tuple[bool, bytes, tuple[int, int, int, int]]:
        """:meth:`put`, returning also the SHA-256 of ``data`` and the file's stamp (size,
        mtime_ns, ctime_ns, inode), which the swap keeps."""
        written, info = self._put(path, data)
        return (written, hashlib.sha256(data).digest(),
                (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino))

    def _put(self, path: str, data: bytes) -> tuple[bool, os.stat_result]:
        """:meth:`put`, returning also the file's status once written or linked. A written
        file's is taken from its open descriptor (no path looked up again), and its folder is
        made without first asking whether its parent exists: a build writes every page into
        a folder of its own (issue 31)."""
        relative = _checked(path)
        folder, _, _ = relative.rpartition("/")
        if folder and folder not in self._folders:
            _make_folder(self._root + folder)
            self._folders.add(folder)
        target = self._root + relative
        if self._linkable:
            current = self._old + relative
            if _same_bytes(current, data):
                os.link(current, target, follow_symlinks=False)
                return False, os.lstat(target)
        # open(target, "xb")'s flags and mode, without its buffer (three more system calls)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            return True, os.fstat(fd)
        finally:
            os.close(fd)

    def finish(self, written: list[str], count: int | None = None) -> WriteReport:
        """Add the marker file and put the new site in place of ``output``.

        ``written`` are the paths :meth:`put` reported as written, ``count`` the number of
        files put (counted in the folder when not given); returns the report.
        """
        if self.put(MARKER, MARKER_TEXT):
            written = [*written, MARKER]
        total = _count_files(self.folder) if count is None else count + 1
        removed = _count_files(self.output) - (total - len(written)) if self.output.is_dir() else 0
        _swap(self.folder, self.output)
        return WriteReport(sorted(written), total - len(written), max(0, removed))

    def discard(self) -> None:
        """Remove the staging folder (after :meth:`finish` it holds the old site) and give up
        the lock taken at creation."""
        try:
            shutil.rmtree(self.folder, ignore_errors=True)
        finally:
            if self._own_lock is not None:
                self._own_lock.release()


def _staging_prefix(output: Path) -> str:
    return f".{output.name}.staging-"


def remove_stale_staging(output: Path) -> list[Path]:
    """Remove the staging folders beside ``output`` whose process is dead; return them.

    A folder's process is the number after ``.<output>.staging-`` (this process's own
    leftovers count as dead: the lock allows one staging folder at a time). Folders of live
    processes and of unknown owners (no number) are never touched.
    """
    prefix = _staging_prefix(output)
    removed = []
    for stale in output.parent.glob(f"{glob_escape(prefix)}*"):
        match = re.match(r"(\d+)-", stale.name[len(prefix):])
        if match is None:
            continue
        owner = int(match.group(1))
        if owner == os.getpid() or not process_alive(owner):
            shutil.rmtree(stale, ignore_errors=True)
            removed.append(stale)
    return removed


def glob_escape(text: str) -> str:
    """Return ``text`` with glob's special characters taken literally."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def _make_folder(folder: str) -> None:
    """``os.makedirs(folder, exist_ok=True)``, trying the folder itself first (its parent is
    there for all but the first page of a section of the site)."""
    try:
        os.mkdir(folder)
    except FileNotFoundError:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        if not os.path.isdir(folder):
            raise


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
        old = output.with_name(f"{_staging_prefix(output)}{os.getpid()}-old")
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
