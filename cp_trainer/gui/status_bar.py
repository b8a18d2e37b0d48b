"""The window's status bar: a message longer than its room shows its first whole clauses (or, a
first clause too long, its first whole words) and "…", and is whole in the tooltip.

Qt's status bar cuts a long message off at the score on its right ("The new settings (house
rules, bots, opponents, Criss Cross) apply from the next d" at 1024 px, worse in Russian). The
bar keeps its one line (the table above it does not move); the message is shortened by its
meaning, never cut in a word, and hovering the bar shows all of it.
:meth:`QStatusBar.currentMessage` stays the whole text.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QStatusBar, QStyle, QStyleOption, QWidget

from cp_trainer.gui.fitted import fit_clauses

__all__ = ["ElidingStatusBar"]


class ElidingStatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messageChanged.connect(self._message_changed)

    def message_rect(self) -> QRect:
        """Where the message is drawn: from the left edge to the first permanent widget shown."""
        right = self.width() - 12
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child.isVisible() and child.objectName() != "qt_statusbar_sizegrip" and child.x() > 6:
                right = min(right, child.x() - 6)
        return QRect(6, 0, max(0, right - 6), self.height())

    def relayout(self) -> None:
        """Place the permanent widgets again after one changed its width (Qt's status bar lays
        them out anew only when one is added, removed, shown or hidden, or its height changes)."""
        self.reformat()

    def shown_message(self) -> str:
        """The message as drawn: when it is longer than :meth:`message_rect`, its first whole
        clauses (parted by "; ") and "…", else its first whole words and "…"."""
        return fit_clauses(self.fontMetrics(), self.message_rect().width(), self.currentMessage(), "; ")

    def _message_changed(self, text: str) -> None:
        self.setToolTip(text if text and self.shown_message() != text else "")

    def resizeEvent(self, event: object) -> None:  # the room changes: the tooltip may too
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._message_changed(self.currentMessage())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.currentMessage():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self.message_rect(), Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
                         | Qt.TextFlag.TextSingleLine, self.shown_message())
        painter.end()
