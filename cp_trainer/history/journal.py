"""The files a hand waits in until it is in the history database (no Qt).

A job (:data:`Job`: hands, a solver's verdict, graded Drill hands) is one JSON object a line. Each
job first gets a file of its own (``pending-hands.ahead-*.jsonl``, :func:`write_ahead`: written
under a name no one reads, renamed into place, locked while its window runs); a job the database
cannot take yet is appended to the pending journal (``pending-hands.jsonl``, :func:`append_job`).
A window replaying journals takes each file by locking and renaming it (:func:`claim`), so two
windows never write the same file's jobs at once. :class:`~cp_trainer.history.writer.HistoryWriter`
decides when; this module does the files.

>>> job = Solver("u1", "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d", 0.5, 0.1)
>>> job_to_json(job)["solver"]["ev"]
0.5
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .drill_record import DrillRecord
from .record import HandRecord

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: another window may write a job twice (stored once)
    fcntl = None  # type: ignore[assignment]

__all__ = ["AHEAD_PREFIX", "JOURNAL_PREFIX", "TORN_AGE_S", "Ahead", "Claimed", "Drill", "Hands", "Job",
           "Solver", "append_job", "claim", "give_back", "held", "job_to_json", "journal_files",
           "read_journal", "release_claimed", "remove_torn", "same_file", "sync_folder", "try_lock",
           "write_ahead"]

JOURNAL_PREFIX = "pending-hands"
AHEAD_PREFIX = f"{JOURNAL_PREFIX}.ahead-"  # one job's own journal, written before the caller goes on
TORN_AGE_S = 60.0  # a half-written job file older than this, held by no one, was left by a crash

#: a journal file taken by :func:`claim`: (its name, its name now, its open, locked descriptor)
Claimed = tuple[Path, Path, int]


@dataclass(frozen=True)
class Hands:
    records: tuple[HandRecord, ...]


@dataclass(frozen=True)
class Solver:
    uid: str
    arrangement: str
    solver_ev: float
    player_ev: float | None
    loss_stderr: float | None = None


@dataclass(frozen=True)
class Drill:
    records: tuple[DrillRecord, ...]


#: one job of the writer's: written into the database in one transaction
Job = Hands | Solver | Drill


@dataclass(eq=False)
class Ahead:
    """A job's own journal file (``path``, open and locked as ``fd``, None when it could not be
    written) and whether the job is durable yet (``durable``: the file was fsynced, or the job is
    in the database or the pending journal)."""

    path: Path | None
    fd: int = -1
    durable: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def sync(self) -> None:
        """``fsync`` the file (the sync thread; the folder is synced by the caller)."""
        with self._lock:
            if self.fd >= 0:
                with contextlib.suppress(OSError):
                    os.fsync(self.fd)

    def release(self, *, stored: bool) -> None:
        """The job is stored or journalled (``stored``), or refused: the file goes. Removed before
        it is closed (unlocked), so another window never takes a file whose job is stored."""
        with self._lock:
            if self.fd >= 0:
                if self.path is not None:
                    with contextlib.suppress(OSError):
                        self.path.unlink()
                with contextlib.suppress(OSError):
                    os.close(self.fd)
                self.fd = -1
        if stored or self.path is None:
            self.durable.set()

    def close(self) -> None:
        """Stop holding the file (the writer is closing): it stays, for the next start."""
        with self._lock:
            if self.fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(self.fd)
                self.fd = -1


def try_lock(fd: int) -> bool:
    """Lock ``fd`` for this process alone without waiting; False when another holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)  # no locks here: go on
    return True


def sync_folder(folder: Path) -> None:
    """``fsync`` a folder, so the names created or renamed in it survive a power cut."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def same_file(fd: int, path: Path) -> bool:
    """``fd`` is still the file at ``path`` (not renamed away by another window meanwhile)."""
    try:
        a, b = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def held(path: Path) -> bool:
    """Another live window holds this journal file (its lock); a crashed one holds nothing."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            return exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)
        return False
    finally:
        os.close(fd)


def write_ahead(path: Path, job: Job) -> Ahead:
    """``job``'s own journal file at ``path``, whole (written under a name no one reads, then
    renamed) and locked; an :class:`Ahead` without a file when it cannot be written (a full disk,
    a folder that cannot be written: the job then waits in memory)."""
    part = path.with_name(path.name + ".part")  # outside the journals' pattern until it is whole
    fd = -1
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = (json.dumps(job_to_json(job), ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try_lock(fd)
        while data:
            data = data[os.write(fd, data):]
        os.rename(part, path)
    except (OSError, ValueError):
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)
            with contextlib.suppress(OSError):
                part.unlink()
        return Ahead(None)
    return Ahead(path, fd)


def append_job(journal: Path, job: Job) -> None:
    """Append ``job`` to the pending journal ``journal``, fsynced. Under the file's lock, and to
    the file that still has the journal's name: another window replaying the journal takes it by
    renaming it, and a line written to the file it took after it read it would be lost."""
    journal.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(job_to_json(job), ensure_ascii=False, sort_keys=True) + "\n"
    # never blocks on a FIFO in its place (no reader: ENXIO), nor follows a link
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
    deadline = time.monotonic() + 10.0
    while True:
        fd = os.open(journal, flags, 0o600)
        try:
            if try_lock(fd) and same_file(fd, journal):
                data = line.encode("utf-8")
                end = os.fstat(fd).st_size
                try:
                    while data:
                        data = data[os.write(fd, data):]
                    os.fsync(fd)
                except OSError:  # a full disk: no part of the line stays for the next one to join
                    with contextlib.suppress(OSError):
                        os.ftruncate(fd, end)
                    raise
                sync_folder(journal.parent)
                return
        finally:
            os.close(fd)
        if time.monotonic() >= deadline:
            raise OSError(errno.EBUSY, f"the journal {journal} stayed locked")
        time.sleep(0.01)


def journal_files(folder: Path, own: set[str]) -> list[Path]:
    """The journal files in ``folder`` to write, oldest first: not those named in ``own`` (a
    writer's own job journals), nor another window's while it holds them (one being replayed by
    another window may vanish)."""
    found: list[tuple[float, str, Path]] = []
    try:
        for p in folder.glob(f"{JOURNAL_PREFIX}*.jsonl"):
            if p.name in own:
                continue
            with contextlib.suppress(OSError):
                st = p.lstat()
                if stat.S_ISREG(st.st_mode) and not held(p):
                    found.append((st.st_mtime, p.name, p))
    except OSError:
        return []
    return [p for _, _, p in sorted(found)]


def claim(paths: list[Path]) -> list[Claimed]:
    """Take the journal files ``paths``, each locked and renamed (ours alone now: another window
    may replay too); a file another window holds, or that is gone, is left."""
    claimed: list[Claimed] = []
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        taken = path.with_name(f"{JOURNAL_PREFIX}.replaying-{uuid.uuid4().hex}.jsonl")
        try:
            if not try_lock(fd) or not same_file(fd, path):
                raise OSError(errno.EBUSY, "held by another window")
            os.rename(path, taken)
        except OSError:
            os.close(fd)
            continue
        claimed.append((path, taken, fd))
    return claimed


def give_back(claimed: list[Claimed]) -> None:
    """Put claimed files back under their names, for the next try (their jobs were not all written)."""
    for original, path, fd in claimed:
        with contextlib.suppress(OSError):
            if not original.exists():
                os.rename(path, original)
        os.close(fd)


def release_claimed(claimed: list[Claimed]) -> None:
    """Remove claimed files whose jobs are all written: removed before they are unlocked."""
    for _, path, fd in claimed:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)


def remove_torn(folder: Path, own: set[str]) -> None:
    """Remove the job files a crash left half-written in ``folder`` (never renamed into place: the
    caller had not gone on, so no result was shown for them); not one another window is writing
    now, nor one named in ``own`` (being written by this window)."""
    with contextlib.suppress(OSError):
        for part in folder.glob(f"{AHEAD_PREFIX}*.jsonl.part"):
            with contextlib.suppress(OSError):
                if (part.name.removesuffix(".part") not in own and not held(part)
                        and time.time() - part.lstat().st_mtime > TORN_AGE_S):
                    part.unlink()


def job_to_json(job: Job) -> dict[str, Any]:
    if isinstance(job, Hands):
        return {"hands": [r.to_dict() for r in job.records]}
    if isinstance(job, Drill):
        return {"drill": [r.to_dict() for r in job.records]}
    return {"solver": {"uid": job.uid, "arrangement": job.arrangement, "ev": job.solver_ev,
                       "player_ev": job.player_ev, "loss_stderr": job.loss_stderr}}


def read_journal(path: Path) -> list[Job]:
    """The jobs of a journal file; a damaged line (a crash while it was written) is left out."""
    jobs: list[Job] = []
    with open(path, "rb") as fh:
        for raw in fh:
            try:
                data = json.loads(raw.decode("utf-8"))
                if "hands" in data:
                    jobs.append(Hands(tuple(HandRecord.from_dict(h) for h in data["hands"])))
                elif "drill" in data:
                    jobs.append(Drill(tuple(DrillRecord.from_dict(d) for d in data["drill"])))
                else:
                    s = data["solver"]
                    loss_stderr = s.get("loss_stderr")  # not in journals written before schema 7
                    jobs.append(Solver(str(s["uid"]), str(s["arrangement"]), float(s["ev"]),
                                        None if s["player_ev"] is None else float(s["player_ev"]),
                                        None if loss_stderr is None else float(loss_stderr)))
            except (ValueError, TypeError, KeyError, RecursionError):
                continue
    return jobs
