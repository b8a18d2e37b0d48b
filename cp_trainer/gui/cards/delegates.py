"""Painting cards in item views: the SVG art from :class:`CardRenderer`, nothing else.

The delegate only paints. A card is drawn at the view's icon size; the current card gets a focus
ring, the selected card is raised with a thick outline, and the card under a drag (the one a drop
would swap with) is outlined in the swap colour.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from cp_trainer.gui.cards.models import CardRole
from cp_trainer.gui.cards.pixmaps import CardFace, CardRenderer
from cp_trainer.paigow.cards import Joker
from cp_trainer.rules.cards import Card

__all__ = ["CardDelegate", "face_of"]


def face_of(card: Card | Joker) -> CardFace:
    """What the card renderer draws for a card of either game (``"Jk"`` for Pai Gow's joker)."""
    return "Jk" if isinstance(card, Joker) else card

SELECTED = QColor("#ffd54f")  # amber: readable on felt and on white cards
SWAP_TARGET = QColor("#4fc3f7")  # light blue
FOCUS = QColor("#ffffff")


class CardDelegate(QStyledItemDelegate):
    """Draws each item's :data:`CardRole` card with the shared renderer."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.drop_target_row = -1  # the card a drag hovering the view would swap with (its view sets it)
        self.hidden: set[object] = set()  # cards still flying to their slot: their slot stays empty

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = option.decorationSize
        return QSize(size.width() + 6, size.height() + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        card = index.data(CardRole)
        if not isinstance(card, Card | Joker) or card in self.hidden:
            return
        rect: QRect = option.rect
        size: QSize = option.decorationSize
        state = option.state
        widget = option.widget
        dpr = widget.devicePixelRatioF() if widget is not None else 1.0
        selected = bool(state & QStyle.StateFlag.State_Selected)
        x = rect.x() + (rect.width() - size.width()) // 2
        y = rect.y() + (rect.height() - size.height()) // 2 - (3 if selected else 0)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.drawPixmap(x, y, self.renderer.pixmap(face_of(card), size, dpr))
        card_rect = QRect(x, y, size.width(), size.height()).adjusted(-1, -1, 1, 1)
        radius = max(3.0, size.width() / 16)
        if self.drop_target_row == index.row():
            painter.setPen(QPen(SWAP_TARGET, 4))
            painter.drawRoundedRect(card_rect, radius, radius)
        elif selected:
            painter.setPen(QPen(SELECTED, 3))
            painter.drawRoundedRect(card_rect, radius, radius)
        if state & QStyle.StateFlag.State_HasFocus:
            painter.setPen(QPen(FOCUS, 1, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(card_rect.adjusted(-2, -2, 2, 2), radius, radius)
        painter.restore()
