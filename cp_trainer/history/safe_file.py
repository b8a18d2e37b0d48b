"""Writing a file the user names without ever destroying another one.

:func:`write_file` never replaces an existing file unless asked (``replace=True``), never writes
through a symbolic link or to anything that is not a regular file (a FIFO, a device such as
``/dev/null``, a socket, a folder), and never uses a predictable temporary name: it writes a
temporary file created exclusively (``O_EXCL``, a random name in the same folder), ``fsync``\\ s
it, then puts it in place in one step (a hard link that fails if the name was taken meanwhile,
or a rename when replacing). A failure leaves the named file as it was and no temporary behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

__all__ = ["FileExistsRefused", "TargetRefused", "write_file"]


class TargetRefused(ValueError):
    """The named file cannot be written (it is a link, a device, a folder…); nothing was touched."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = os.fspath(path)
        self.reason = reason
        super().__init__(f"{self.path!r}: {reason}")


class FileExistsRefused(TargetRefused):
    """The named file exists and replacing it was not asked for."""


def _check_target(target: Path, replace: bool) -> os.stat_result | None:
    """The existing file's status (None: there is none); :class:`TargetRefused` if it must not be written."""
    if not target.name or target.name in (".", ".."):
        raise TargetRefused(target, "a folder, not a file")
    try:
        st = target.lstat()
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise TargetRefused(target, "a symbolic link; cp-trainer never writes through a link")
    if stat.S_ISDIR(st.st_mode):
        raise TargetRefused(target, "a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise TargetRefused(target, "not a regular file (a device, FIFO or socket); nothing was written")
    if not replace:
        raise FileExistsRefused(target, "the file exists; it was not replaced (use --force to replace it)")
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):  # (root may write anything: the bits)
        raise TargetRefused(target, "the file is read-only; it was not replaced")
    return st


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_file(path: str | os.PathLike[str], write: Callable[[IO[str]], object], *,
               replace: bool = False) -> None:
    """Write a UTF-8 text file at ``path`` through ``write(stream)`` (see the module's rules).

    Raises :class:`TargetRefused` (:class:`FileExistsRefused`) or :class:`OSError`; on any failure
    the file at ``path`` is as it was.
    """
    target = Path(path)
    existing = _check_target(target, replace)
    folder = target.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=folder)
    tmp = Path(tmp_name)
    try:
        os.fchmod(fd, stat.S_IMODE(existing.st_mode) if existing is not None else _default_mode())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        if existing is None:
            try:
                os.link(tmp, target)  # fails if the name was taken since the check: never replaces
            except FileExistsError:
                raise FileExistsRefused(target, "the file exists; it was not replaced (use --force to "
                                                "replace it)") from None
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                    raise
                _check_target(target, False)  # a file system without hard links: check, then rename
                os.rename(tmp, target)
        else:
            _check_target(target, True)
            os.replace(tmp, target)
        with contextlib.suppress(OSError):
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
