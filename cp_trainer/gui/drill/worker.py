"""The Drill page's solver work off the GUI thread: analyse a hand, grade an arrangement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

__all__ = ["DrillWorker"]


class _Signals(QObject):
    finished = Signal(object)
    failed = Signal(str)


class DrillWorker(QRunnable):
    """Runs ``job()`` on a pool thread; its result (or error text) comes back through ``signals``."""

    def __init__(self, job: Callable[[], Any]) -> None:
        super().__init__()
        self.job = job
        self.signals = _Signals()
        self.setAutoDelete(False)

    def run(self) -> None:
        try:
            result = self.job()
        except Exception as exc:  # shown to the player, never a crash of the window
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.signals.finished.emit(result)
