"""Recording hands without ever dropping one: one writer thread and a pending journal.

The trainer window hands its played hands (and the solver's verdicts, which come later, and the
Drill's graded results) to a :class:`HistoryWriter` and goes on at once: the GUI thread never
waits on the database.

A crash never loses a hand whose result was shown. Before :meth:`HistoryWriter.add_hands` (and
``set_solver``, ``add_drill_results``) returns, the job is written to a file of its own in the data
folder (``pending-hands.ahead-*.jsonl``: written under a name no one reads, then renamed into place,
so it is whole or absent), which costs the caller a small write to the operating system's cache and
never waits on the disk: a ``kill -9`` at any moment after that leaves the job in the file. A
second thread ``fsync``\\ s the file (and the folder) at once, off the caller's thread, so the job
survives a power cut too within the disk's sync time (:meth:`HistoryWriter.wait_durable`). The file is
removed once the job is in the database (``synchronous=FULL``) or in the pending journal below.
While its window runs the file is locked (``flock``): another window never takes it; after a
crash the lock is gone and the next start (or another window) writes it like a pending journal.

The writer's own thread writes the jobs into the database with a short busy timeout and a few
retries. A hand that cannot be written yet (another program holds the lock for long, the disk is
full, the file is another program's) is appended to a pending journal in the data folder
(``pending-hands*.jsonl``, one JSON object a line, ``fsync``\\ ed) and written when the database
is free again: retried every few seconds, and on the next start. Identities are unique in the
database, so a journal replayed twice (a crash between writing and removing it) stores each hand
once.

The player is told once, plainly, through ``notify`` (called from the writer's thread; the Qt
side turns it into a signal): when hands start waiting, when they have been added, when a hand
cannot be recorded at all, when a damaged database was moved aside.

No Qt here.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import itertools
import json
import os
import queue
import sqlite3
import stat
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..support.i18n import tr
from .drill_record import DrillRecord
from .record import HandRecord, RecordError
from .sqlite_file import is_busy
from .store import (
    DB_FILENAME,
    HistoryBusy,
    HistoryError,
    HistoryFull,
    HistoryStore,
    default_data_dir,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: another window may write a job twice (stored once)
    fcntl = None  # type: ignore[assignment]

__all__ = ["JOURNAL_PREFIX", "EventKind", "HistoryWriter", "WriterEvent"]

JOURNAL_PREFIX = "pending-hands"
AHEAD_PREFIX = f"{JOURNAL_PREFIX}.ahead-"  # one job's own journal, written before the caller goes on
BUSY_TIMEOUT_MS = 2_000  # each try waits this long for another program's lock
RETRIES = 3  # tries before a hand goes to the journal
RETRY_INTERVAL_S = 5.0  # while hands wait in the journal: how often the database is tried again
TORN_AGE_S = 60.0  # a half-written job file older than this, held by no one, was left by a crash


class EventKind(Enum):
    RECORDED = "recorded"  # hands were stored: ``ids``
    PENDING = "pending"  # hands wait in the journal (told once until they are written)
    RESUMED = "resumed"  # the waiting hands were written
    REFUSED = "refused"  # a hand that can never be stored (invalid): ``message`` says why
    RECOVERED = "recovered"  # a damaged database was moved aside
    DRILL_RECORDED = "drill_recorded"  # drill results were stored


@dataclass(frozen=True)
class WriterEvent:
    kind: EventKind
    message: str = ""
    ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class _Hands:
    records: tuple[HandRecord, ...]


@dataclass(frozen=True)
class _Solver:
    uid: str
    arrangement: str
    solver_ev: float
    player_ev: float | None
    loss_stderr: float | None = None


@dataclass(frozen=True)
class _Drill:
    records: tuple[DrillRecord, ...]


_Job = _Hands | _Solver | _Drill


class _Stop:
    pass


@dataclass(eq=False)
class _Ahead:
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


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` for this process alone without waiting; False when another holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)  # no locks here: go on
    return True


def _sync_folder(folder: Path) -> None:
    """``fsync`` a folder, so the names created or renamed in it survive a power cut."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class HistoryWriter:
    """Writes hands into the history from its own thread; see the module's rules."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *,
                 notify: Callable[[WriterEvent], None] | None = None,
                 lang: Callable[[], str] = lambda: "en",
                 busy_timeout_ms: int = BUSY_TIMEOUT_MS, retries: int = RETRIES,
                 retry_interval_s: float = RETRY_INTERVAL_S, filename: str = DB_FILENAME) -> None:
        self._no_folder: HistoryError | None = None  # no folder at all: hands wait in memory
        try:
            self.folder = Path(data_dir) if data_dir is not None else default_data_dir()
        except HistoryError as exc:
            self.folder, self._no_folder = Path(), exc
        self.filename = filename
        self._notify = notify or (lambda event: None)
        self._lang = lang
        self.busy_timeout_ms = busy_timeout_ms
        self.retries = max(1, retries)
        self.retry_interval_s = retry_interval_s
        self._queue: queue.Queue[tuple[_Job, _Ahead] | _Stop | threading.Event] = queue.Queue()
        self._store: HistoryStore | None = None
        self._waiting = False  # hands are in the journal (the player was told)
        self._memory: list[tuple[_Job, _Ahead]] = []  # pending jobs when even the journal cannot be written
        self._thread = threading.Thread(target=self._run, name="cp-trainer history writer", daemon=True)
        self._lock = threading.Lock()
        # the jobs' own journals: fsynced by this thread, off the caller's
        self._syncs: queue.Queue[_Ahead | None] = queue.Queue()
        self._sync_thread = threading.Thread(target=self._sync_run, name="cp-trainer history sync",
                                             daemon=True)
        self._aheads: list[_Ahead] = []  # not durable yet (the caller's side)
        self._own: set[str] = set()  # the names of this writer's own job journals (never replayed here)
        self._seq = itertools.count()
        _LIVE.add(self)
        if self._journal_files():  # hands left waiting by an earlier run: write them now
            self._start()

    def _start(self) -> None:
        """The thread starts with the first job (a window that records nothing costs no thread)."""
        with self._lock:
            if not self._thread.is_alive() and self._thread.ident is None:
                self._thread.start()

    # --- the caller's side (any thread, never blocks) -------------------------------------

    def add_hands(self, records: Sequence[HandRecord]) -> list[str]:
        """Queue hands to store (one transaction); their identities, known at once. The hands are
        in a journal file when this returns (a crash after it keeps them)."""
        if not records:
            return []
        with_uid = tuple(r if r.uid is not None else _with_uid(r) for r in records)
        self._put(_Hands(with_uid))
        return [r.identity for r in with_uid]

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None,
                   loss_stderr: float | None = None) -> None:
        """Queue the solver's verdict for the hand of identity ``uid`` (after the hand itself)."""
        self._put(_Solver(uid, arrangement, solver_ev, player_ev, loss_stderr))

    def add_drill_results(self, records: Sequence[DrillRecord]) -> None:
        """Queue graded drill hands to store (one transaction; a result already stored, the same
        time, hand and arrangement, is not stored twice)."""
        if records:
            self._put(_Drill(tuple(records)))

    def _put(self, job: _Job) -> None:
        ahead = self._write_ahead(job)
        with self._lock:
            self._aheads = [a for a in self._aheads if not a.durable.is_set()]
            self._aheads.append(ahead)
            if ahead.fd >= 0 and not self._sync_thread.is_alive() and self._sync_thread.ident is None:
                self._sync_thread.start()
        if ahead.fd >= 0:
            self._syncs.put(ahead)
        self._queue.put((job, ahead))
        self._start()

    def _write_ahead(self, job: _Job) -> _Ahead:
        """The job's own journal file, whole (written under a name no one reads, then renamed) and
        locked; an :class:`_Ahead` without a file when it cannot be written (the job then waits
        in memory until it is stored or journalled)."""
        if self._no_folder is not None:
            return _Ahead(None)
        name = f"{AHEAD_PREFIX}{time.time_ns():020d}-{os.getpid()}-{next(self._seq):06d}.jsonl"
        path = self.folder / name
        part = path.with_name(name + ".part")  # outside the journals' pattern until it is whole
        fd = -1
        with self._lock:
            self._own.add(name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            data = (json.dumps(_job_to_json(job), ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            _try_lock(fd)
            while data:
                data = data[os.write(fd, data):]
            os.rename(part, path)
        except (OSError, ValueError):  # a full disk, a folder that cannot be written
            with self._lock:
                self._own.discard(name)
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
                with contextlib.suppress(OSError):
                    part.unlink()
            return _Ahead(None)
        return _Ahead(path, fd)

    def wait_durable(self, timeout: float | None = None) -> bool:
        """Wait until every job given so far is durable: its journal fsynced, or the job stored or
        journalled. False if ``timeout`` ran out (or a job could not be written anywhere yet)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            aheads = list(self._aheads)
        for ahead in aheads:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not ahead.durable.wait(left):
                return False
        return True

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued so far was handled (written or journalled); for tests and
        closing. False if ``timeout`` ran out."""
        if self._thread.ident is None:
            return True  # nothing was ever queued
        done = threading.Event()
        self._queue.put(done)
        return done.wait(timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Handle what is queued, then stop the threads (a hand still waiting stays in a journal)."""
        if self._thread.is_alive():
            self._queue.put(_Stop())
            self._thread.join(timeout)
        if self._sync_thread.is_alive():
            self._syncs.put(None)
            self._sync_thread.join(timeout)

    @property
    def waiting(self) -> bool:
        """Hands wait in the pending journal."""
        return self._waiting

    @property
    def journal(self) -> Path:
        return self.folder / f"{JOURNAL_PREFIX}.jsonl"

    # --- the sync thread ------------------------------------------------------------------

    def _sync_run(self) -> None:
        """``fsync`` each job's journal file as it comes (and the folder, once for those waiting)."""
        while True:
            first = self._syncs.get()
            batch = [first]
            with contextlib.suppress(queue.Empty):
                while True:
                    batch.append(self._syncs.get_nowait())
            aheads = [a for a in batch if a is not None]
            for ahead in aheads:
                ahead.sync()
            if aheads:
                _sync_folder(self.folder)
            for ahead in aheads:
                ahead.durable.set()
            if None in batch:
                return

    # --- the writer's thread --------------------------------------------------------------

    def _run(self) -> None:
        self._remove_torn()
        if self._pending():  # hands left waiting by an earlier run (or another window)
            self._waiting = True  # the player hears when they are added, or that they still wait
            problem = self._replay()
            if problem is not None:
                self._waiting = False
                self._announce(problem)
        while True:
            try:
                item = self._queue.get(timeout=self.retry_interval_s if self._pending() else None)
            except queue.Empty:
                self._replay()
                continue
            if isinstance(item, _Stop):
                break
            if isinstance(item, threading.Event):
                item.set()
                continue
            job, ahead = item
            if self._pending():  # keep the order: after the hands already waiting
                self._keep(job, ahead, None)
                self._replay()
                continue
            try:
                self._apply(job)
            except RecordError as exc:
                self._refuse(exc)
                self._release(ahead, stored=False)
            except Exception as exc:  # busy, full, not ours, or anything else: the hand is kept
                self._keep(job, ahead, exc)
            else:
                self._release(ahead, stored=True)
        if self._store is not None:
            self._store.close()
            self._store = None
        for _, ahead in self._memory:  # not written anywhere else: their own files stay
            ahead.close()
        self._drain_on_close()

    def _drain_on_close(self) -> None:
        """Jobs queued after the stop: their own files stay for the next start."""
        with contextlib.suppress(queue.Empty):
            while True:
                item = self._queue.get_nowait()
                if isinstance(item, threading.Event):
                    item.set()
                elif isinstance(item, tuple):
                    item[1].close()

    def _remove_torn(self) -> None:
        """Remove the job files a crash left half-written (never renamed into place: the caller had
        not gone on, so no result was shown for them); not one another window is writing now."""
        with self._lock:
            own = set(self._own)
        with contextlib.suppress(OSError):
            for part in self.folder.glob(f"{AHEAD_PREFIX}*.jsonl.part"):
                with contextlib.suppress(OSError):
                    if (part.name.removesuffix(".part") not in own and not _held(part)
                            and time.time() - part.lstat().st_mtime > TORN_AGE_S):
                        part.unlink()

    def _release(self, ahead: _Ahead, *, stored: bool) -> None:
        ahead.release(stored=stored)
        if ahead.path is not None:
            with self._lock:
                self._own.discard(ahead.path.name)

    def _pending(self) -> bool:
        return bool(self._memory) or any(self._journal_files())

    def _tell(self, kind: EventKind, message: str = "", ids: tuple[int, ...] = ()) -> None:
        with contextlib.suppress(Exception):  # a listener's failure must not stop the writer
            self._notify(WriterEvent(kind, message, ids))

    def _open(self) -> HistoryStore:
        if self._no_folder is not None:
            raise self._no_folder
        if self._store is None:
            store = HistoryStore.open(self.folder, filename=self.filename,
                                      busy_timeout_ms=self.busy_timeout_ms)
            self._store = store
            if store.recovery is not None:
                self._tell(EventKind.RECOVERED, store.recovery.message(self._lang()))
        return self._store

    def _apply(self, job: _Job) -> None:
        """Write one job, trying again while another program holds the lock."""
        for attempt in range(self.retries):
            try:
                store = self._open()
                if isinstance(job, _Hands):
                    ids = store.add_many(job.records)
                    self._tell(EventKind.RECORDED, ids=tuple(ids))
                elif isinstance(job, _Drill):
                    # a result stored already (a journal replayed twice) is kept once: the store's
                    # unique identity (schema 8) ignores it, without reading back every result
                    store.add_drill_results(job.records)
                    self._tell(EventKind.DRILL_RECORDED)
                else:
                    store.set_solver(job.uid, job.arrangement, job.solver_ev, job.player_ev, job.loss_stderr)
                return
            except (sqlite3.OperationalError, HistoryError) as exc:
                busy = isinstance(exc, HistoryBusy) or is_busy(exc)
                if not busy and self._store is not None:  # reopen next time (disk full, file replaced)
                    with contextlib.suppress(sqlite3.Error):
                        self._store.close()
                    self._store = None
                if not busy or attempt == self.retries - 1:
                    raise
                time.sleep(0.1 * (attempt + 1))

    def _keep(self, job: _Job, ahead: _Ahead, problem: BaseException | None) -> None:
        """Put a job in the journal (or, if even that fails, in memory, its own file kept) and tell
        the player once."""
        try:
            self._append(job)
        except OSError:
            self._memory.append((job, ahead))
        else:
            self._release(ahead, stored=True)
        self._announce(problem)

    def _refuse(self, problem: RecordError) -> None:
        """A hand that can never be stored (its figures are out of bounds): say so."""
        self._tell(EventKind.REFUSED, tr("history.recording.refused", self._lang(), reason=str(problem)))

    def _announce(self, problem: BaseException | None) -> None:
        """Tell the player once that hands wait (until they are written)."""
        if not self._waiting:
            self._waiting = True
            busy = problem is None or isinstance(problem, HistoryBusy) or is_busy(problem)
            reason = ("another program is writing to it" if busy
                      else tr("history.error.disk_full", self._lang()) if isinstance(problem, HistoryFull)
                      else str(problem))
            key = "history.recording.pending_memory" if self._memory else "history.recording.pending"
            self._tell(EventKind.PENDING, tr(key, self._lang(), reason=reason, journal=str(self.journal)))

    def _append(self, job: _Job) -> None:
        """Append a job to the pending journal, fsynced. Under the file's lock, and to the file
        that still has the journal's name: another window replaying the journal takes it by
        renaming it, and a line written to the file it took after it read it would be lost."""
        if self._no_folder is not None:
            raise OSError(str(self._no_folder))
        self.folder.mkdir(parents=True, exist_ok=True)
        line = json.dumps(_job_to_json(job), ensure_ascii=False, sort_keys=True) + "\n"
        # never blocks on a FIFO in its place (no reader: ENXIO), nor follows a link
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
        deadline = time.monotonic() + 10.0
        while True:
            fd = os.open(self.journal, flags, 0o600)
            try:
                if _try_lock(fd) and _same_file(fd, self.journal):
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
                    _sync_folder(self.folder)
                    return
            finally:
                os.close(fd)
            if time.monotonic() >= deadline:
                raise OSError(errno.EBUSY, f"the journal {self.journal} stayed locked")
            time.sleep(0.01)

    def _journal_files(self) -> list[Path]:
        """The journal files to write, oldest first: not this writer's own job journals, nor
        another window's while it holds them (one being replayed by another window may vanish)."""
        found: list[tuple[float, str, Path]] = []
        if self._no_folder is not None:
            return []
        with self._lock:
            own = set(self._own)
        try:
            for p in self.folder.glob(f"{JOURNAL_PREFIX}*.jsonl"):
                if p.name in own:
                    continue
                with contextlib.suppress(OSError):
                    st = p.lstat()
                    if stat.S_ISREG(st.st_mode) and not _held(p):
                        found.append((st.st_mtime, p.name, p))
        except OSError:
            return []
        return [p for _, _, p in sorted(found)]

    def _replay(self) -> BaseException | None:
        """Write every waiting job, oldest first; a journal file is removed once all of it is stored.
        The problem that stopped it (None: everything waiting was written)."""
        written = 0
        try:
            for job, ahead in list(self._memory):
                try:
                    self._apply(job)
                    written += len(job.records) if isinstance(job, _Hands) else 0
                    self._release(ahead, stored=True)
                except RecordError as exc:
                    self._refuse(exc)
                    self._release(ahead, stored=False)
                self._memory.remove((job, ahead))
            claimed = self._claim()
            try:
                jobs = [job for _, path, _ in claimed for job in _read_journal(path)]
                # the hands (and drill results) first, then the verdicts: a verdict is about a hand,
                # which may wait in a later file (a crash while the database was busy)
                for job in sorted(jobs, key=lambda j: isinstance(j, _Solver)):
                    try:
                        self._apply(job)
                    except RecordError as exc:
                        self._refuse(exc)
                        continue
                    written += len(job.records) if isinstance(job, _Hands) else 0
            except BaseException:
                for original, path, fd in claimed:  # give them back, for the next try
                    with contextlib.suppress(OSError):
                        if not original.exists():
                            os.rename(path, original)
                    os.close(fd)
                raise
            for _, path, fd in claimed:  # removed before they are unlocked
                with contextlib.suppress(OSError):
                    path.unlink()
                os.close(fd)
        except Exception as exc:  # still busy (or not ours, or the disk full): try again later
            return exc
        if self._waiting and not self._pending():
            self._waiting = False
            self._tell(EventKind.RESUMED, tr("history.recording.resumed", self._lang(), n=written))
        return None

    def _claim(self) -> list[tuple[Path, Path, int]]:
        """Take every journal file to write, locked and renamed (ours alone now: another window
        may replay too): (its name, its name now, its open descriptor)."""
        claimed: list[tuple[Path, Path, int]] = []
        for path in self._journal_files():
            try:
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            except OSError:
                continue
            taken = path.with_name(f"{JOURNAL_PREFIX}.replaying-{uuid.uuid4().hex}.jsonl")
            try:
                if not _try_lock(fd) or not _same_file(fd, path):
                    raise OSError(errno.EBUSY, "held by another window")
                os.rename(path, taken)
            except OSError:
                os.close(fd)
                continue
            claimed.append((path, taken, fd))
        return claimed


def _same_file(fd: int, path: Path) -> bool:
    """``fd`` is still the file at ``path`` (not renamed away by another window meanwhile)."""
    try:
        a, b = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _held(path: Path) -> bool:
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


_LIVE: weakref.WeakSet[HistoryWriter] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    """At exit, every writer still running writes (or journals) what it was given first."""
    for writer in list(_LIVE):
        writer.close()


def _with_uid(record: HandRecord) -> HandRecord:
    from dataclasses import replace

    return replace(record, uid=record.identity)


def _job_to_json(job: _Job) -> dict[str, Any]:
    if isinstance(job, _Hands):
        return {"hands": [r.to_dict() for r in job.records]}
    if isinstance(job, _Drill):
        return {"drill": [r.to_dict() for r in job.records]}
    return {"solver": {"uid": job.uid, "arrangement": job.arrangement, "ev": job.solver_ev,
                       "player_ev": job.player_ev, "loss_stderr": job.loss_stderr}}


def _read_journal(path: Path) -> list[_Job]:
    """The jobs of a journal file; a damaged line (a crash while it was written) is left out."""
    jobs: list[_Job] = []
    with open(path, "rb") as fh:
        for raw in fh:
            try:
                data = json.loads(raw.decode("utf-8"))
                if "hands" in data:
                    jobs.append(_Hands(tuple(HandRecord.from_dict(h) for h in data["hands"])))
                elif "drill" in data:
                    jobs.append(_Drill(tuple(DrillRecord.from_dict(d) for d in data["drill"])))
                else:
                    s = data["solver"]
                    loss_stderr = s.get("loss_stderr")  # not in journals written before schema 7
                    jobs.append(_Solver(str(s["uid"]), str(s["arrangement"]), float(s["ev"]),
                                        None if s["player_ev"] is None else float(s["player_ev"]),
                                        None if loss_stderr is None else float(loss_stderr)))
            except (ValueError, TypeError, KeyError, RecursionError):
                continue
    return jobs
