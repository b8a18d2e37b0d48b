"""Escape and Ctrl+W close any secondary window or dialog of the trainer."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QWidget

__all__ = ["add_close_shortcuts"]


class _Closer(QObject):
    """Closes its window on Escape or the platform's Close key (Ctrl+W) that no child took."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            escape = event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier
            if escape or event.matches(QKeySequence.StandardKey.Close):
                if isinstance(self.window, QDialog):
                    self.window.reject()
                else:
                    self.window.close()
                return True
        return False


def add_close_shortcuts(window: QWidget) -> QWidget:
    """Let Escape and Ctrl+W close ``window`` (a dialog is rejected, as by its Close button).

    Key presses a child does not take (a line edit ignores both) come up to the window, where
    this filter closes it; it needs no active window, so it works the same on every platform.
    """
    _Closer(window)
    return window
