"""Escape and Ctrl+W close any secondary window or dialog of the trainer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QWidget

__all__ = ["add_close_shortcuts"]


def add_close_shortcuts(window: QWidget) -> QWidget:
    """Let Escape and the platform's Close key (Ctrl+W) close ``window`` (a dialog rejects)."""
    close = window.reject if isinstance(window, QDialog) else window.close
    for key in (QKeySequence(Qt.Key.Key_Escape), QKeySequence(QKeySequence.StandardKey.Close)):
        if key.isEmpty():
            continue
        shortcut = QShortcut(key, window)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(close)
    return window
