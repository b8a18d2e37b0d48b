"""Escape and Ctrl+W close any secondary window or dialog of the trainer; the keys of Undo and
Redo wherever there is undo."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL, SLOT, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QWidget

__all__ = ["add_close_shortcuts", "redo_keys", "undo_keys"]


def add_close_shortcuts(window: QWidget) -> QWidget:
    """Let Escape and Ctrl+W close ``window`` (a dialog is rejected, as by its Close button).

    Two :class:`QShortcut` children of the window, connected to its own C++ slot: Qt calls no
    Python code of ours for them, so nothing can dangle when Python lets go of the window (an
    event filter written in Python can: the garbage collector may free it while Qt still calls
    its ``eventFilter``, and the window crashes).
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


def _with(first: str, standard: QKeySequence.StandardKey) -> list[QKeySequence]:
    keys = [QKeySequence(first)]
    for key in QKeySequence.keyBindings(standard):
        if not any(key.matches(k) == QKeySequence.SequenceMatch.ExactMatch for k in keys):
            keys.append(key)
    return keys


def undo_keys() -> list[QKeySequence]:
    """Ctrl+Z and every other binding the platform gives Undo."""
    return _with("Ctrl+Z", QKeySequence.StandardKey.Undo)


def redo_keys() -> list[QKeySequence]:
    """Ctrl+Y and Ctrl+Shift+Z on every platform, and any other binding it gives Redo (a
    ``QAction.setShortcut(StandardKey.Redo)`` takes only the platform's first one)."""
    keys = _with("Ctrl+Y", QKeySequence.StandardKey.Redo)
    shift_z = QKeySequence("Ctrl+Shift+Z")
    if not any(shift_z.matches(k) == QKeySequence.SequenceMatch.ExactMatch for k in keys):
        keys.insert(1, shift_z)
    return keys
