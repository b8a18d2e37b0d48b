"""Pai Gow cards drawn small: a whole setting (the low hand, a gap, the high hand) as seven fixed
labels, and the width a strip of cards takes as the card views lay it out."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from cp_trainer.gui.cards.delegates import face_of
from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.views import GAP
from cp_trainer.paigow.cards import PgCard
from cp_trainer.paigow.setting import Setting

__all__ = ["MiniSetting", "strip_width"]


class MiniSetting(QWidget):
    """A setting as small cards: the low hand, a gap, the high hand (or card backs)."""

    def __init__(self, renderer: CardRenderer, height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.size_ = card_size(height)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.labels = [QLabel(self) for _ in range(7)]
        self._shown: list[PgCard | None] | None = None
        for i, lab in enumerate(self.labels):
            lab.setFixedSize(self.size_)
            layout.addWidget(lab)
            if i == 1:
                layout.addSpacing(12)
        layout.addStretch(1)

    def set_card_height(self, height: int) -> None:
        """Cards ``height`` pixels high (those shown are drawn again at the new size)."""
        size = card_size(height)
        if size == self.size_:
            return
        self.size_ = size
        for lab in self.labels:
            lab.setFixedSize(size)
        shown = self._shown
        if shown is not None:
            for lab, card in zip(self.labels, shown, strict=True):
                lab.setPixmap(self.renderer.pixmap(None if card is None else face_of(card), size,
                                                   self.devicePixelRatioF()))

    def show_backs(self) -> None:
        self._shown = [None] * 7
        for lab in self.labels:
            lab.setPixmap(self.renderer.pixmap(None, self.size_, self.devicePixelRatioF()))
            lab.setToolTip("")

    def clear(self) -> None:
        self._shown = None
        for lab in self.labels:
            lab.clear()

    def show_setting(self, setting: Setting) -> None:
        cards = [*set_order(setting.low), *set_order(setting.high)]
        self._shown = list(cards)
        for lab, card in zip(self.labels, cards, strict=True):
            lab.setPixmap(self.renderer.pixmap(face_of(card), self.size_, self.devicePixelRatioF()))
            lab.setToolTip(card.label())


def strip_width(height: int, capacity: int) -> int:
    """The width of a strip of ``capacity`` cards ``height`` pixels high (as the views lay it out)."""
    return (card_size(height).width() + GAP) * capacity + 8
