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
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

__all__ = ["Job", "Worker", "running_workers"]

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
