"""Helpers that drag and drop cards between views headless (see shared/QT-TESTING.md)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.cards.views import CardZoneView


def _event(cls: Any, pos: QPoint, *args: Any) -> Any:
    """A drag event at ``pos``: PySide6 6.12 takes a QPointF, 6.11 only a QPoint."""
    try:
        return cls(QPointF(pos), *args)
    except TypeError:
        return cls(pos.toPoint() if isinstance(pos, QPointF) else QPoint(pos), *args)


def drop_on(view: CardZoneView[Any, Any], mime: QMimeData, pos: QPoint) -> bool:
    """Send enter, move and drop events to ``view``'s viewport; True when the drop was accepted."""
    vp = view.viewport()
    # Enter and move events take a QPoint (PySide6 6.11) and the drop event a QPointF.
    point = QPointF(pos)
    buttons = Qt.MouseButton.LeftButton
    mods = Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction
    enter = _event(QDragEnterEvent, pos, action, mime, buttons, mods)
    QApplication.sendEvent(vp, enter)
    if not enter.isAccepted():
        return False
    move = _event(QDragMoveEvent, pos, action, mime, buttons, mods)
    QApplication.sendEvent(vp, move)
    if not move.isAccepted():
        return False
    drop = QDropEvent(point, action, mime, buttons, mods)
    QApplication.sendEvent(vp, drop)
    return drop.isAccepted()
