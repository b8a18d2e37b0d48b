"""An arrangement as three rows of small cards: the solver panel's best, yours and hindsight."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.rules.arrangement import Arrangement

__all__ = ["MINI_CARD_HEIGHT", "MiniRows"]

#: The solver's small cards: big enough to read the rank at a glance, five fit the panel's width.
MINI_CARD_HEIGHT = 46


class MiniRows(QWidget):
    """An arrangement as three rows of small cards."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.card_height = MINI_CARD_HEIGHT
        self._shown: Arrangement | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self._labels: list[list[QLabel]] = []
        for n in (3, 5, 5):
            row = QHBoxLayout()
            row.setSpacing(2)
            labels = [QLabel(self) for _ in range(n)]
            for lab in labels:
                row.addWidget(lab)
            row.addStretch(1)
            layout.addLayout(row)
            self._labels.append(labels)
        self.clear()

    def clear(self) -> None:
        self._shown = None
        for labels in self._labels:
            for lab in labels:
                lab.clear()
                lab.setFixedSize(card_size(self.card_height))

    def set_card_height(self, height: int) -> None:
        """Cards ``height`` pixels high (the panel grows with the window)."""
        self.card_height = height
        shown = self._shown
        self.clear()
        if shown is not None:
            self.show_arrangement(shown)
        layout = self.layout()
        if layout is not None:  # its size hint now, not the layout's cache (the panel measures it)
            for row in layout.findChildren(QHBoxLayout):
                row.invalidate()
            layout.invalidate()
        self.updateGeometry()

    def show_arrangement(self, arr: Arrangement) -> None:
        self._shown = arr
        size: QSize = card_size(self.card_height)
        for labels, cards in zip(self._labels, arr.rows, strict=True):
            for lab, card in zip(labels, set_order(cards), strict=False):
                lab.setPixmap(self.renderer.pixmap(card, size, self.devicePixelRatioF()))
                lab.setToolTip(card.label())
