"""Small pictures for the Drill page: an arrangement as three rows of small cards."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from cp_trainer.arrangement import Arrangement
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size

__all__ = ["MiniArrangement"]


class MiniArrangement(QWidget):
    """Three rows (top 3, middle 5, bottom 5) of small card faces; empty until shown."""

    def __init__(self, renderer: CardRenderer, height: int = 56, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.size_ = card_size(height)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(2)
        grid.setVerticalSpacing(4)
        self.labels: list[list[QLabel]] = []
        for r, n in enumerate((3, 5, 5)):
            row = []
            for i in range(n):
                lab = QLabel(self)
                lab.setFixedSize(self.size_)
                grid.addWidget(lab, r, i)
                row.append(lab)
            self.labels.append(row)
        self.arrangement: Arrangement | None = None

    def clear(self) -> None:
        self.arrangement = None
        for row in self.labels:
            for lab in row:
                lab.clear()
                lab.setToolTip("")

    def show_arrangement(self, arrangement: Arrangement) -> None:
        self.arrangement = arrangement
        for labels, cards in zip(self.labels, arrangement.rows, strict=True):
            for lab, card in zip(labels, cards, strict=False):
                lab.setPixmap(self.renderer.pixmap(card, self.size_, self.devicePixelRatioF()))
                lab.setToolTip(card.label())
