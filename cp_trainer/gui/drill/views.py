"""Small pictures for the Drill page: an arrangement as three rows of card faces."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.views import GAP
from cp_trainer.rules.arrangement import Arrangement

__all__ = ["MiniArrangement"]

ROW_NAMES = ("Top", "Middle", "Bottom")


class MiniArrangement(QObject):
    """Three rows (top 3, middle 5, bottom 5) of card faces, each row a widget of its own (the
    page lays each beside the player's row of the same name); empty until shown."""

    def __init__(self, renderer: CardRenderer, height: int = 56, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.size_ = card_size(height)
        self.rows: list[QWidget] = []
        self.labels: list[list[QLabel]] = []
        for name, n in zip(ROW_NAMES, (3, 5, 5), strict=True):
            row = QWidget(parent)
            row.setObjectName("drillBest" + name)
            layout = QHBoxLayout(row)
            layout.setContentsMargins(6, 0, 0, 0)
            layout.setSpacing(GAP)
            labels = []
            for _ in range(n):
                lab = QLabel(row)
                lab.setFixedSize(self.size_)
                layout.addWidget(lab, 0, Qt.AlignmentFlag.AlignVCenter)
                labels.append(lab)
            layout.addStretch(1)
            self.rows.append(row)
            self.labels.append(labels)
        self.arrangement: Arrangement | None = None

    def set_card_height(self, height: int) -> None:
        """Cards ``height`` pixels high, as the player's rows beside them."""
        size = card_size(height)
        if size == self.size_:
            return
        self.size_ = size
        for labels in self.labels:
            for lab in labels:
                lab.setFixedSize(size)
        if self.arrangement is not None:
            self.show_arrangement(self.arrangement)

    def clear(self) -> None:
        self.arrangement = None
        for row in self.labels:
            for lab in row:
                lab.clear()
                lab.setToolTip("")

    def show_arrangement(self, arrangement: Arrangement) -> None:
        self.arrangement = arrangement
        for labels, cards in zip(self.labels, arrangement.rows, strict=True):
            for lab, card in zip(labels, set_order(cards), strict=False):
                ratio = lab.devicePixelRatioF()
                lab.setPixmap(self.renderer.pixmap(card, self.size_, ratio))
                lab.setToolTip(card.label())
