"""Recording hands without ever dropping one: one writer thread and a pending journal.

The trainer window hands its played hands (and the solver's verdicts, which come later, and the
Drill's graded results) to a :class:`HistoryWriter` and goes on at once: the GUI thread never
waits on the database. The writer's own thread writes them with a short busy timeout and a few
retries. A hand that cannot be written yet (another program holds the lock for long, the disk is
full, the file is another
program's) is appended to a pending journal in the data folder (``pending-hands*.jsonl``, one
JSON object a line, ``fsync``\\ ed) and written when the database is free again: retried every
few seconds, and on the next start. Identities are unique in the database, so a journal replayed
twice (a crash between writing and removing it) stores each hand once.

The player is told once, plainly, through ``notify`` (called from the writer's thread; the Qt
side turns it into a signal): when hands start waiting, when they have been added, when a hand
cannot be recorded at all, when a damaged database was moved aside.

No Qt here.
"""

from __future__ import annotations

import atexit
import contextlib
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
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..i18n import tr
from .drill_record import DrillRecord
from .record import HandRecord, RecordError
from .store import DB_FILENAME, HistoryBusy, HistoryError, HistoryStore, default_data_dir, is_busy

__all__ = ["JOURNAL_PREFIX", "EventKind", "HistoryWriter", "WriterEvent"]

JOURNAL_PREFIX = "pending-hands"
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
        self._queue: queue.Queue[_Job | _Stop | threading.Event] = queue.Queue()
        self._store: HistoryStore | None = None
        self._waiting = False  # hands are in the journal (the player was told)
        self._memory: list[_Job] = []  # pending jobs when even the journal cannot be written
        self._thread = threading.Thread(target=self._run, name="cp-trainer history writer", daemon=True)
        self._lock = threading.Lock()
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
        """Queue hands to store (one transaction); their identities, known at once."""
        if not records:
            return []
        with_uid = tuple(r if r.uid is not None else _with_uid(r) for r in records)
        self._queue.put(_Hands(with_uid))
        self._start()
        return [r.identity for r in with_uid]

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None,
                   loss_stderr: float | None = None) -> None:
        """Queue the solver's verdict for the hand of identity ``uid`` (after the hand itself)."""
        self._queue.put(_Solver(uid, arrangement, solver_ev, player_ev, loss_stderr))
        self._start()

    def add_drill_results(self, records: Sequence[DrillRecord]) -> None:
        """Queue graded drill hands to store (one transaction; a result already stored, the same
        time, hand and arrangement, is not stored twice)."""
        if records:
            self._queue.put(_Drill(tuple(records)))
            self._start()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued so far was handled (written or journalled); for tests and
        closing. False if ``timeout`` ran out."""
        if self._thread.ident is None:
            return True  # nothing was ever queued
        done = threading.Event()
        self._queue.put(done)
        return done.wait(timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Handle what is queued, then stop the thread (a hand still waiting stays in the journal)."""
        if self._thread.is_alive():
            self._queue.put(_Stop())
            self._thread.join(timeout)

    @property
    def waiting(self) -> bool:
        """Hands wait in the pending journal."""
        return self._waiting

    @property
    def journal(self) -> Path:
        return self.folder / f"{JOURNAL_PREFIX}.jsonl"

    # --- the writer's thread --------------------------------------------------------------

    def _run(self) -> None:
        if self._pending():  # hands left waiting by an earlier run (or another window)
            self._waiting = True  # the player hears when they are added, or that they still wait
            problem = self._replay()
            if problem is not None:
                self._waiting = False
                self._announce(problem)
        while True:
            try:
                job = self._queue.get(timeout=self.retry_interval_s if self._pending() else None)
            except queue.Empty:
                self._replay()
                continue
            if isinstance(job, _Stop):
                break
            if isinstance(job, threading.Event):
                job.set()
                continue
            if self._pending():  # keep the order: after the hands already waiting
                self._keep(job, None)
                self._replay()
                continue
            try:
                self._apply(job)
            except RecordError as exc:
                self._refuse(exc)
            except Exception as exc:  # busy, full, not ours, or anything else: the hand is kept
                self._keep(job, exc)
        if self._store is not None:
            self._store.close()
            self._store = None

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
                    known = {d.identity for d in store.drill_results()}  # a journal replayed twice
                    store.add_drill_results([r for r in job.records if r.identity not in known])
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

    def _keep(self, job: _Job, problem: BaseException | None) -> None:
        """Put a job in the journal (or, if even that fails, in memory) and tell the player once."""
        try:
            self._append(job)
        except OSError:
            self._memory.append(job)
        self._announce(problem)

    def _refuse(self, problem: RecordError) -> None:
        """A hand that can never be stored (its figures are out of bounds): say so."""
        self._tell(EventKind.REFUSED, tr("history.recording.refused", self._lang(), reason=str(problem)))

    def _announce(self, problem: BaseException | None) -> None:
        """Tell the player once that hands wait (until they are written)."""
        if not self._waiting:
            self._waiting = True
            busy = problem is None or isinstance(problem, HistoryBusy) or is_busy(problem)
            reason = "another program is writing to it" if busy else str(problem)
            key = "history.recording.pending_memory" if self._memory else "history.recording.pending"
            self._tell(EventKind.PENDING, tr(key, self._lang(), reason=reason, journal=str(self.journal)))

    def _append(self, job: _Job) -> None:
        if self._no_folder is not None:
            raise OSError(str(self._no_folder))
        self.folder.mkdir(parents=True, exist_ok=True)
        line = json.dumps(_job_to_json(job), ensure_ascii=False, sort_keys=True) + "\n"
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(self.journal, flags, 0o600)
        try:
            data = line.encode("utf-8")
            while data:
                data = data[os.write(fd, data):]
            os.fsync(fd)
        finally:
            os.close(fd)

    def _journal_files(self) -> list[Path]:
        """The journal files, oldest first (one being replayed by another window may vanish)."""
        found: list[tuple[float, str, Path]] = []
        if self._no_folder is not None:
            return []
        try:
            for p in self.folder.glob(f"{JOURNAL_PREFIX}*.jsonl"):
                with contextlib.suppress(OSError):
                    st = p.lstat()
                    if stat.S_ISREG(st.st_mode):
                        found.append((st.st_mtime, p.name, p))
        except OSError:
            return []
        return [p for _, _, p in sorted(found)]

    def _replay(self) -> BaseException | None:
        """Write every waiting job, oldest first; a journal file is removed once all of it is stored.
        The problem that stopped it (None: everything waiting was written)."""
        written = 0
        try:
            for job in list(self._memory):
                try:
                    self._apply(job)
                    written += len(job.records) if isinstance(job, _Hands) else 0
                except RecordError as exc:
                    self._refuse(exc)
                self._memory.remove(job)
            for path in self._journal_files():
                claimed = path.with_name(f"{JOURNAL_PREFIX}.replaying-{uuid.uuid4().hex}.jsonl")
                try:
                    os.rename(path, claimed)  # ours alone now (another window may replay too)
                except OSError:
                    continue
                try:
                    for job in _read_journal(claimed):
                        try:
                            self._apply(job)
                        except RecordError as exc:
                            self._refuse(exc)
                            continue
                        written += len(job.records) if isinstance(job, _Hands) else 0
                except BaseException:
                    with contextlib.suppress(OSError):
                        os.rename(claimed, path if not path.exists() else claimed)
                    raise
                claimed.unlink()
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
