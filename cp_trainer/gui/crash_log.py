"""A crash of the window leaves a report in the data folder, and the next start says so once.

While the trainer runs, :mod:`faulthandler` writes to ``crash-<pid>.log`` in the data folder (the
history's folder): at a segfault, an abort or another fatal signal it dumps every thread's Python
stack there. A clean exit (:meth:`CrashLog.stop`) removes the empty file: nothing to report. At
the next start, a ``crash-*.log`` that is not empty is a run that ended unexpectedly: it is
renamed ``crash-report-<when>.txt`` (never over another file), and :meth:`CrashLog.start` returns
that path, once; the window then tells the player where it is. An empty one of a process no
longer running (killed with SIGKILL: nothing could be written) is removed.
"""

from __future__ import annotations

import errno
import faulthandler
import os
import stat
import time
from pathlib import Path
from typing import TextIO

__all__ = ["CrashLog"]

LOG_PREFIX = "crash-"
LOG_SUFFIX = ".log"
REPORT_PREFIX = "crash-report-"


def _pid_of(path: Path) -> int | None:
    stem = path.name[len(LOG_PREFIX):-len(LOG_SUFFIX)]
    return int(stem) if stem.isdigit() else None


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # no permission to signal it (another user's process), or not POSIX
        return True
    return True


def _free_name(folder: Path, when: float) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    path = folder / f"{REPORT_PREFIX}{stamp}.txt"
    n = 2
    while path.exists():
        path = folder / f"{REPORT_PREFIX}{stamp}-{n}.txt"
        n += 1
    return path


class CrashLog:
    """The crash file of this run in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / f"{LOG_PREFIX}{os.getpid()}{LOG_SUFFIX}"
        self._file: TextIO | None = None

    def collect_previous(self) -> list[Path]:
        """The reports of the runs that ended unexpectedly since the last start (renamed to
        ``crash-report-*.txt``); the empty logs of runs killed without a word are removed."""
        reports: list[Path] = []
        try:
            logs = sorted(self.folder.glob(f"{LOG_PREFIX}*{LOG_SUFFIX}"))
        except OSError:
            return reports
        for log in logs:
            pid = _pid_of(log)
            if pid is None or log == self.path:
                continue
            try:
                found = log.stat()
                if found.st_size > 0:
                    report = _free_name(self.folder, found.st_mtime)
                    log.rename(report)
                    reports.append(report)
                elif not _running(pid):
                    log.unlink()
            except OSError:  # another start took it first, or the folder is read-only
                continue
        return reports

    def start(self) -> Path | None:
        """Turn :mod:`faulthandler` on, writing to this run's file; returns the newest report of
        a run that ended unexpectedly before (None: the last runs ended cleanly). A folder that
        cannot be written leaves faulthandler writing to stderr as Python's default would."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            reports = self.collect_previous()
            self._file = _open_log(self.path)
        except OSError:
            return None
        faulthandler.enable(self._file, all_threads=True)
        return max(reports, key=lambda p: p.name) if reports else None

    def stop(self) -> None:
        """A clean exit: faulthandler off, and this run's empty file removed."""
        if self._file is None:
            return
        faulthandler.disable()
        self._file.close()
        self._file = None
        try:
            if self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError:
            pass


def _open_log(path: Path) -> TextIO:
    """This run's log, open for the whole run: a regular file, never a FIFO (opening one to write
    waits for a reader) nor what a symbolic link leads to."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    fd = os.open(path, flags, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
        return open(fd, "w", encoding="utf-8")  # open for the whole run
    except BaseException:
        os.close(fd)
        raise
