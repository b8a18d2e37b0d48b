"""Pictures where they read faster than figures: each row's chance to win, and the cost of a choice.

:class:`ChanceBars` draws one row's chance to win (or the scoop chance) as two bars, the solver's
best above and the player's below, on one 0-100 % scale, so a row given away shows as a short
lower bar. :class:`CostScale` draws what the player's arrangement costs on a scale from "best"
to two points a hand, the part up to the cost filled. Both only paint: the figures they show
stay written beside them (and in their tooltips), so nothing depends on the picture alone.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

__all__ = ["BEST_COLOUR", "YOURS_COLOUR", "ChanceBars", "CostScale"]

BEST_COLOUR = QColor("#fff59d")  # the felt's pale yellow: the solver's best
YOURS_COLOUR = QColor("#81d4fa")  # light blue: the player's own
TRACK = QColor(255, 255, 255, 40)
#: The cost scale's end, in points per hand (a larger cost fills it).
COST_SCALE_END = 2.0


class ChanceBars(QWidget):
    """Two bars on a 0-1 scale: ``best`` (upper) and ``yours`` (lower; none before the player has
    an arrangement)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.best: float | None = None
        self.yours: float | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(0)  # a narrow panel gives its room to the figures first

    def sizeHint(self) -> QSize:
        return QSize(80, max(10, self.fontMetrics().height() - 2))

    def set_values(self, best: float | None, yours: float | None) -> None:
        self.best, self.yours = best, yours
        self.setVisible(best is not None)
        self.update()

    def minimumSizeHint(self) -> QSize:
        return QSize(0, 0)

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.best is None or self.width() < 12:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        h = self.height()
        bars = [(self.best, BEST_COLOUR)] + ([(self.yours, YOURS_COLOUR)] if self.yours is not None else [])
        bar_h = max(3.0, (h - 2) / 2 - 1)
        for i, (value, colour) in enumerate(bars):
            y = 1 + i * (bar_h + 2) if len(bars) == 2 else (h - bar_h) / 2
            painter.setBrush(TRACK)
            painter.drawRoundedRect(QRectF(0, y, self.width(), bar_h), 2, 2)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(0, y, self.width() * max(0.0, min(1.0, value)), bar_h), 2, 2)
        painter.end()


class CostScale(QWidget):
    """What a choice costs, from 0 (the best) to :data:`COST_SCALE_END` points a hand or more."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cost: float | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(10)

    def set_cost(self, cost: float | None) -> None:
        self.cost = cost
        self.setVisible(cost is not None)
        self.update()

    def share(self) -> float:
        """How much of the scale the cost fills (0 to 1)."""
        return 0.0 if self.cost is None else max(0.0, min(1.0, self.cost / COST_SCALE_END))

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.cost is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        w, h = self.width(), self.height()
        painter.setBrush(TRACK)
        painter.drawRoundedRect(QRectF(0, 0, w, h), 3, 3)
        # green (nothing lost) through amber to red (two points a hand or more)
        share = self.share()
        colour = QColor.fromHsvF(max(0.0, 0.33 * (1 - share)), 0.75, 0.95)
        painter.setBrush(colour)
        painter.drawRoundedRect(QRectF(0, 0, max(h, w * share), h), 3, 3)
        painter.end()
