"""Open the History window from the Practice menu and wait (a bound, not a timing) until its
loader thread has read the hands: the window shows at once, its list follows."""

from __future__ import annotations

from PySide6.QtTest import QTest

from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.practice.install import Practice

__all__ = ["open_and_wait", "wait_loaded"]


def wait_loaded(history: HistoryWindow, bound_ms: int = 20_000) -> HistoryWindow:
    waited = 0
    while history.is_loading() and waited < bound_ms:
        QTest.qWait(10)
        waited += 10
    assert not history.is_loading(), "the History window's hands were never read"
    return history


def open_and_wait(practice: Practice) -> HistoryWindow | None:
    history = practice.open_history()
    return None if history is None else wait_loaded(history)
