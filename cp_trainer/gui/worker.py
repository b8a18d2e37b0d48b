"""One way to run a long computation off the GUI thread: the solver's solve, Pai Gow's EV.

:class:`Worker` is a ``QRunnable`` running ``job(progress, cancelled)``: ``progress(done, total)``
reports, ``cancelled()`` says whether the player pressed Cancel. Its :attr:`Worker.signals` come
back on the GUI thread: ``progress``, then exactly one of ``finished`` (the job's result),
``cancelled`` or ``failed`` (a message for the player, never a crash of the window), then ``done``.
A job that stops early raises one of ``cancel_errors`` (or returns after :meth:`Worker.cancel`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, Signal

__all__ = ["Job", "Worker"]

#: A computation: it reports ``progress(done, total)`` and asks ``cancelled()`` now and then.
Job = Callable[[Callable[[int, int], None], Callable[[], bool]], object]


class _Signals(QObject):
    progress = Signal(int, int)
    finished = Signal(object)
    cancelled = Signal()
    failed = Signal(str)
    done = Signal()  # run() is over (whatever the outcome)


class Worker(QRunnable):
    """Runs one :data:`Job` off the GUI thread; results come back through :attr:`signals`."""

    def __init__(self, job: Job, cancel_errors: tuple[type[BaseException], ...] = ()) -> None:
        super().__init__()
        self.job = job
        self.cancel_errors = cancel_errors
        self.signals = _Signals()
        self._cancel = threading.Event()
        self.setAutoDelete(False)

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        try:
            result = self.job(self.signals.progress.emit, self._cancel.is_set)
        except self.cancel_errors:
            self.signals.cancelled.emit()
        except Exception as exc:  # shown to the player, never a crash of the window
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            if self._cancel.is_set():
                self.signals.cancelled.emit()
            else:
                self.signals.finished.emit(result)
        finally:
            self.signals.done.emit()
