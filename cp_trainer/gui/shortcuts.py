"""Escape and Ctrl+W close any secondary window or dialog of the trainer."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL, SLOT, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QWidget

__all__ = ["add_close_shortcuts"]


def add_close_shortcuts(window: QWidget) -> QWidget:
    """Let Escape and Ctrl+W close ``window`` (a dialog is rejected, as by its Close button).

    Two :class:`QShortcut` children of the window, connected to its own C++ slot: Qt calls no
    Python code of ours for them, so nothing can dangle when Python lets go of the window (an
    event filter written in Python did: the garbage collector freed it while Qt still called its
    ``eventFilter``, and the window crashed; issue 18).
    """
    slot = "reject()" if isinstance(window, QDialog) else "close()"
    # every binding of the platform's Close (Ctrl+F4 and Ctrl+W on Linux), not only its first
    for keys in ([QKeySequence(Qt.Key.Key_Escape)], QKeySequence.keyBindings(QKeySequence.StandardKey.Close)):
        shortcut = QShortcut(window)
        shortcut.setKeys(keys)
        shortcut.setObjectName("closeShortcut")
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        QObject.connect(shortcut, SIGNAL("activated()"), window, SLOT(slot))
    return window
