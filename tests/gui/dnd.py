"""Helpers that drag and drop cards between views headless (see shared/QT-TESTING.md)."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.views import CardZoneView


def drop_on(view: CardZoneView, mime: QMimeData, pos: QPoint) -> bool:
    """Send enter, move and drop events to ``view``'s viewport; True when the drop was accepted."""
    vp = view.viewport()
    point = QPointF(pos)
    buttons = Qt.MouseButton.LeftButton
    mods = Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction
    enter = QDragEnterEvent(point, action, mime, buttons, mods)
    QApplication.sendEvent(vp, enter)
    if not enter.isAccepted():
        return False
    move = QDragMoveEvent(point, action, mime, buttons, mods)
    QApplication.sendEvent(vp, move)
    if not move.isAccepted():
        return False
    drop = QDropEvent(point, action, mime, buttons, mods)
    QApplication.sendEvent(vp, drop)
    return drop.isAccepted()
