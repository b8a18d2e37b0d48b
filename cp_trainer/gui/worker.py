"""The one way to run a long computation off the GUI thread: the solver's solve and its warm-up,
Pai Gow's EV and house way, the Drill's grading and row rates.

:class:`Worker` is a ``QRunnable`` running ``job(progress, cancelled)``: ``progress(done, total)``
reports, ``cancelled()`` says whether the player pressed Cancel. Start it with
:meth:`Worker.start`. Its :attr:`Worker.signals` come back on the GUI thread, each with the worker
as its first argument (so the receiver knows which run answers, with no lambda): ``progress``,
then exactly one of ``finished`` (the job's result), ``cancelled`` or ``failed`` (a message for the
player, never a crash of the window), then ``done``. A job that stops early raises one of
``cancel_errors`` (or returns after :meth:`Worker.cancel`).

Lifetimes: a started worker is held here until its ``done`` has reached the GUI
thread, whoever started it and whatever becomes of them (a pool runs a ``QRunnable`` without
owning its Python object). Connect the signals to methods of a ``QObject`` that lives on the GUI
thread (a widget's own methods, not lambdas): the receiver then gets them there, queued, and a
receiver that was deleted gets none.

:class:`JobSlot` is how a widget runs its jobs: one current job at a time; starting another
cancels it; a result of a job that is no longer current is dropped; :meth:`JobSlot.shutdown`
cancels and waits. Its own signals carry no worker: whatever they bring is the current answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

__all__ = ["Job", "JobSlot", "Worker", "running_workers"]

#: A computation: it reports ``progress(done, total)`` and asks ``cancelled()`` now and then.
Job = Callable[[Callable[[int, int], None], Callable[[], bool]], object]

#: Every started worker whose ``done`` the GUI thread has not received yet.
_running: set[Worker] = set()


def running_workers() -> int:
    """How many started workers are still held (for tests)."""
    return len(_running)


class _Signals(QObject):
    progress = Signal(object, int, int)  # worker, done, total
    finished = Signal(object, object)  # worker, result
    cancelled = Signal(object)  # worker
    failed = Signal(object, str)  # worker, message
    done = Signal(object)  # worker: run() is over (whatever the outcome)

    def __init__(self) -> None:
        super().__init__()  # on the GUI thread (a Worker is made there): its slot runs there
        self.done.connect(self._release)

    @Slot(object)
    def _release(self, worker: object) -> None:
        # Dropped from the event loop, not here: this may be the worker's last reference, and its
        # signals (this very object) must not be freed inside their own slot.
        QTimer.singleShot(0, partial(_running.discard, worker))


class Worker(QRunnable):
    """Runs one :data:`Job` off the GUI thread; results come back through :attr:`signals`."""

    def __init__(self, job: Job, cancel_errors: tuple[type[BaseException], ...] = ()) -> None:
        super().__init__()
        self.job = job
        self.cancel_errors = cancel_errors
        self.signals = _Signals()
        self._cancel = threading.Event()
        self.setAutoDelete(False)  # Python owns it: held in _running until done

    def start(self, pool: QThreadPool) -> None:
        """Run on ``pool``; the worker is held until its ``done`` arrives on the GUI thread."""
        _running.add(self)
        pool.start(self)

    def cancel(self) -> None:
        self._cancel.set()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def _progress(self, done: int, total: int) -> None:
        self.signals.progress.emit(self, done, total)

    def run(self) -> None:
        try:
            result = self.job(self._progress, self._cancel.is_set)
        except self.cancel_errors:
            self.signals.cancelled.emit(self)
        except Exception as exc:  # shown to the player, never a crash of the window
            self.signals.failed.emit(self, f"{type(exc).__name__}: {exc}")
        else:
            if self._cancel.is_set():
                self.signals.cancelled.emit(self)
            else:
                self.signals.finished.emit(self, result)
        finally:
            self.signals.done.emit(self)


class JobSlot(QObject):
    """At most one current job, run on ``pool``; only the current job's signals come through.

    ``progress(done, total)``, then one of ``finished(result)``, ``cancelled()`` (the job stopped
    early by itself: :meth:`cancel` emits nothing) or ``failed(message)``. Once one of those is
    emitted the slot is empty again. Make it a child of the widget that connects to it.
    """

    progress = Signal(int, int)
    finished = Signal(object)
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = pool
        self._current: Worker | None = None

    @property
    def current(self) -> Worker | None:
        """The job whose answer is awaited (None: nothing runs for this slot)."""
        return self._current

    def is_running(self) -> bool:
        return self._current is not None

    def start(self, job: Job, cancel_errors: tuple[type[BaseException], ...] = ()) -> Worker:
        """Run ``job`` as the current one; a job still running is cancelled and forgotten."""
        self.cancel()
        worker = Worker(job, cancel_errors=cancel_errors)
        # the slot's own methods, no lambdas: queued to the GUI thread, none after the slot died
        worker.signals.progress.connect(self._on_progress)
        worker.signals.finished.connect(self._on_finished)
        worker.signals.cancelled.connect(self._on_cancelled)
        worker.signals.failed.connect(self._on_failed)
        self._current = worker
        worker.start(self.pool)
        return worker

    def cancel(self) -> bool:
        """Cancel the current job and drop its answer; whether there was one."""
        worker, self._current = self._current, None
        if worker is None:
            return False
        worker.cancel()
        return True

    def wait(self, msecs: int = -1) -> None:
        """Wait for the pool's threads (the window is closing); the current job may finish."""
        self.pool.waitForDone(msecs)

    def shutdown(self, msecs: int = -1) -> None:
        """Cancel the current job and wait for the pool's threads (the window is closing)."""
        self.cancel()
        self.pool.waitForDone(msecs)

    def _take(self, worker: object) -> bool:
        if worker is not self._current:
            return False  # an answer nobody waits for any more
        self._current = None
        return True

    @Slot(object, int, int)
    def _on_progress(self, worker: object, done: int, total: int) -> None:
        if worker is self._current:
            self.progress.emit(done, total)

    @Slot(object, object)
    def _on_finished(self, worker: object, result: object) -> None:
        if self._take(worker):
            self.finished.emit(result)

    @Slot(object)
    def _on_cancelled(self, worker: object) -> None:
        if self._take(worker):
            self.cancelled.emit()

    @Slot(object, str)
    def _on_failed(self, worker: object, message: str) -> None:
        if self._take(worker):
            self.failed.emit(message)
