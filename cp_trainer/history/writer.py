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
import itertools
import os
import queue
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from ..support.i18n import tr
from .drill_record import DrillRecord
from .journal import (
    AHEAD_PREFIX,
    JOURNAL_PREFIX,
    Ahead,
    Drill,
    Hands,
    Job,
    Solver,
    append_job,
    claim,
    give_back,
    journal_files,
    read_journal,
    release_claimed,
    remove_torn,
    sync_folder,
    write_ahead,
)
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

__all__ = ["JOURNAL_PREFIX", "EventKind", "HistoryWriter", "WriterEvent"]

BUSY_TIMEOUT_MS = 2_000  # each try waits this long for another program's lock
RETRIES = 3  # tries before a hand goes to the journal
RETRY_INTERVAL_S = 5.0  # while hands wait in the journal: how often the database is tried again


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


class _Stop:
    pass


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
        self._queue: queue.Queue[tuple[Job, Ahead] | _Stop | threading.Event] = queue.Queue()
        self._store: HistoryStore | None = None
        self._waiting = False  # hands are in the journal (the player was told)
        self._memory: list[tuple[Job, Ahead]] = []  # pending jobs when even the journal cannot be written
        self._thread = threading.Thread(target=self._run, name="cp-trainer history writer", daemon=True)
        self._lock = threading.Lock()
        # the jobs' own journals: fsynced by this thread, off the caller's
        self._syncs: queue.Queue[Ahead | None] = queue.Queue()
        self._sync_thread = threading.Thread(target=self._sync_run, name="cp-trainer history sync",
                                             daemon=True)
        self._aheads: list[Ahead] = []  # not durable yet (the caller's side)
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
        self._put(Hands(with_uid))
        return [r.identity for r in with_uid]

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None,
                   loss_stderr: float | None = None) -> None:
        """Queue the solver's verdict for the hand of identity ``uid`` (after the hand itself)."""
        self._put(Solver(uid, arrangement, solver_ev, player_ev, loss_stderr))

    def add_drill_results(self, records: Sequence[DrillRecord]) -> None:
        """Queue graded drill hands to store (one transaction; a result already stored, the same
        time, hand and arrangement, is not stored twice)."""
        if records:
            self._put(Drill(tuple(records)))

    def _put(self, job: Job) -> None:
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

    def _write_ahead(self, job: Job) -> Ahead:
        """The job's own journal file (:func:`~cp_trainer.history.journal.write_ahead`), named so
        that this writer never replays it; without a file when none can be written."""
        if self._no_folder is not None:
            return Ahead(None)
        name = f"{AHEAD_PREFIX}{time.time_ns():020d}-{os.getpid()}-{next(self._seq):06d}.jsonl"
        with self._lock:
            self._own.add(name)
        ahead = write_ahead(self.folder / name, job)
        if ahead.path is None:
            with self._lock:
                self._own.discard(name)
        return ahead

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
                sync_folder(self.folder)
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
        """Remove the job files a crash left half-written (not this writer's own)."""
        with self._lock:
            own = set(self._own)
        remove_torn(self.folder, own)

    def _release(self, ahead: Ahead, *, stored: bool) -> None:
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

    def _apply(self, job: Job) -> None:
        """Write one job, trying again while another program holds the lock."""
        for attempt in range(self.retries):
            try:
                store = self._open()
                if isinstance(job, Hands):
                    ids = store.add_many(job.records)
                    self._tell(EventKind.RECORDED, ids=tuple(ids))
                elif isinstance(job, Drill):
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

    def _keep(self, job: Job, ahead: Ahead, problem: BaseException | None) -> None:
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

    def _append(self, job: Job) -> None:
        """Append a job to the pending journal, fsynced (an ``OSError`` when it cannot be)."""
        if self._no_folder is not None:
            raise OSError(str(self._no_folder))
        append_job(self.journal, job)

    def _journal_files(self) -> list[Path]:
        """The journal files to write, oldest first: not this writer's own job journals, nor
        another window's while it holds them."""
        if self._no_folder is not None:
            return []
        with self._lock:
            own = set(self._own)
        return journal_files(self.folder, own)

    def _replay(self) -> BaseException | None:
        """Write every waiting job, oldest first; a journal file is removed once all of it is stored.
        The problem that stopped it (None: everything waiting was written)."""
        written = 0
        try:
            for job, ahead in list(self._memory):
                try:
                    self._apply(job)
                    written += len(job.records) if isinstance(job, Hands) else 0
                    self._release(ahead, stored=True)
                except RecordError as exc:
                    self._refuse(exc)
                    self._release(ahead, stored=False)
                self._memory.remove((job, ahead))
            claimed = claim(self._journal_files())
            try:
                jobs = [job for _, path, _ in claimed for job in read_journal(path)]
                # the hands (and drill results) first, then the verdicts: a verdict is about a hand,
                # which may wait in a later file (a crash while the database was busy)
                for job in sorted(jobs, key=lambda j: isinstance(j, Solver)):
                    try:
                        self._apply(job)
                    except RecordError as exc:
                        self._refuse(exc)
                        continue
                    written += len(job.records) if isinstance(job, Hands) else 0
            except BaseException:
                give_back(claimed)
                raise
            release_claimed(claimed)
        except Exception as exc:  # still busy (or not ours, or the disk full): try again later
            return exc
        if self._waiting and not self._pending():
            self._waiting = False
            self._tell(EventKind.RESUMED, tr("history.recording.resumed", self._lang(), n=written))
        return None


_LIVE: weakref.WeakSet[HistoryWriter] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    """At exit, every writer still running writes (or journals) what it was given first."""
    for writer in list(_LIVE):
        writer.close()


def _with_uid(record: HandRecord) -> HandRecord:
    return replace(record, uid=record.identity)
