"""Pai Gow cards on the felt: the player's 7 cards split into hand, high (5) and low (2).

The same interactions as the Chinese-poker table (:mod:`.views`), for Pai Gow's own zones and
its joker: drag a card into a hand (onto empty space) or onto a card (swap); double-click sends a
card from the hand to the first hand with room (low, then high) and back; keys ``1`` (low),
``2`` (high), Backspace / ``0`` (back to the hand). The model holds no poker rules; it can lock
(after "Set") so the cards stay where they were played.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from cp_trainer.cards import Card
from cp_trainer.gui.cards.pixmaps import CardFace, CardRenderer
from cp_trainer.gui.cards.views import setup_card_strip, size_card_strip, start_card_drag
from cp_trainer.gui.table.models import CardListModel, CardRole
from cp_trainer.gui.translation import current_language
from cp_trainer.i18n import tr
from cp_trainer.paigow.cards import Joker, PgCard, parse_pg_cards, sort_for_display
from cp_trainer.paigow.setting import Setting

__all__ = ["PG_MIME_TYPE", "PaiGowDeal", "PgCardDelegate", "PgZone", "PgZoneModel", "PgZoneView",
           "face_of"]

PG_MIME_TYPE = "application/x-cp-trainer-paigow-cards"

AnyIndex = QModelIndex | QPersistentModelIndex


def face_of(card: PgCard) -> CardFace:
    """What the card renderer draws for a Pai Gow card (``"Jk"`` for the joker)."""
    return "Jk" if isinstance(card, Joker) else card


def pretty(card: PgCard) -> str:
    return card.pretty()


class PgZone(IntEnum):
    HAND = 0
    HIGH = 1
    LOW = 2

    @property
    def capacity(self) -> int:
        return {PgZone.HAND: 7, PgZone.HIGH: 5, PgZone.LOW: 2}[self]


class PaiGowDeal(QObject):
    """Where each of the player's 7 cards lies. ``changed`` after every change; ``refused`` with
    the zone and a message when a move is not possible (a full hand, or the cards are locked)."""

    changed = Signal()
    refused = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._zones: list[tuple[PgCard, ...]] = [(), (), ()]
        self.locked = False
        self.zone_models = {z: PgZoneModel(self, z) for z in PgZone}

    def cards(self, zone: PgZone) -> tuple[PgCard, ...]:
        return self._zones[zone]

    def all_cards(self) -> tuple[PgCard, ...]:
        return tuple(c for z in PgZone for c in self._zones[z])

    def zone_of(self, card: PgCard) -> PgZone | None:
        return next((z for z in PgZone if card in self._zones[z]), None)

    def has_room(self, zone: PgZone) -> bool:
        return len(self._zones[zone]) < zone.capacity

    def first_with_room(self) -> PgZone | None:
        return next((z for z in (PgZone.LOW, PgZone.HIGH) if self.has_room(z)), None)

    def is_complete(self) -> bool:
        return not self._zones[PgZone.HAND] and len(self._zones[PgZone.HIGH]) == 5 \
            and len(self._zones[PgZone.LOW]) == 2

    def setting(self) -> Setting | None:
        """The player's setting once all 7 cards are placed."""
        if not self.is_complete():
            return None
        return Setting(self._zones[PgZone.HIGH], self._zones[PgZone.LOW])

    def new_deal(self, cards: Sequence[PgCard]) -> None:
        self.locked = False
        self._apply([tuple(cards), (), ()])

    def set_locked(self, locked: bool) -> None:
        self.locked = locked

    def full_message(self, zone: PgZone) -> str:
        return tr(f"paigow.gui.full_{zone.name.lower()}", current_language())

    def _refuse(self, zone: PgZone, message: str) -> bool:
        self.refused.emit(int(zone), message)
        return False

    def move(self, card: PgCard, dest: PgZone) -> bool:
        src = self.zone_of(card)
        if src is None or src == dest:
            return False
        if self.locked:
            return self._refuse(dest, tr("paigow.gui.locked", current_language()))
        if not self.has_room(dest):
            return self._refuse(dest, self.full_message(dest))
        zones = list(self._zones)
        zones[src] = tuple(c for c in zones[src] if c != card)
        zones[dest] = (*zones[dest], card)
        self._apply(zones)
        return True

    def swap(self, a: PgCard, b: PgCard) -> bool:
        za, zb = self.zone_of(a), self.zone_of(b)
        if za is None or zb is None or za == zb:
            return False
        if self.locked:
            return self._refuse(za, tr("paigow.gui.locked", current_language()))
        zones = list(self._zones)
        zones[za] = tuple(b if c == a else c for c in zones[za])
        zones[zb] = tuple(a if c == b else c for c in zones[zb])
        self._apply(zones)
        return True

    def place(self, setting: Setting) -> bool:
        """Put the cards into the given high and low hands at once (e.g. the house way)."""
        if self.locked or sorted(map(str, self.all_cards())) != sorted(map(str, setting.cards)):
            return False
        self._apply([(), setting.high, setting.low])
        return True

    def return_all(self) -> None:
        if not self.locked:
            self._apply([self.all_cards(), (), ()])

    def _apply(self, zones: list[tuple[PgCard, ...]]) -> None:
        for zone in PgZone:
            ordered = tuple(sort_for_display(zones[zone]))
            if ordered != self._zones[zone]:
                self._zones[zone] = ordered
                self.zone_models[zone]._replace(ordered)
        self.changed.emit()


class PgZoneModel(CardListModel[PgCard]):
    """One zone's cards, with drag and drop (onto a card swaps, elsewhere moves)."""

    MIME_TYPE = PG_MIME_TYPE

    def __init__(self, deal: PaiGowDeal, zone: PgZone) -> None:
        super().__init__(deal)
        self.deal = deal
        self.zone = zone

    def parse_dragged(self, text: str) -> list[PgCard]:
        return parse_pg_cards(text)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        card = self.card_at(index.row()) if index.isValid() else None
        if card is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return pretty(card)
        if role == CardRole:
            return card
        if role == Qt.ItemDataRole.ToolTipRole:
            return pretty(card) + " — " + tr("paigow.gui.card_tip", current_language())
        return None

    def cards_in(self, mime: QMimeData | None) -> list[PgCard]:
        return [c for c in self.dragged_cards(mime) if self.deal.zone_of(c) is not None]

    def _target(self, row: int, parent: AnyIndex) -> PgCard | None:
        return self.card_at(parent.row()) if parent.isValid() and row == -1 else None

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: AnyIndex) -> bool:
        cards = self.cards_in(data)
        if len(cards) != 1 or self.deal.locked:
            return False
        src = self.deal.zone_of(cards[0])
        target = self._target(row, parent)
        if target is not None:
            return target != cards[0] and src != self.zone
        return src != self.zone and self.deal.has_room(self.zone)

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        target = self._target(row, parent)
        if target is not None:
            return self.deal.swap(cards[0], target)
        return self.deal.move(cards[0], self.zone)


class PgCardDelegate(QStyledItemDelegate):
    """Paints a card or the joker with the shared renderer; the selected card is outlined."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        size = option.decorationSize
        return QSize(size.width() + 6, size.height() + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        card = index.data(CardRole)
        if not isinstance(card, Card | Joker):
            return
        rect: QRect = option.rect
        size: QSize = option.decorationSize
        widget = option.widget
        dpr = widget.devicePixelRatioF() if widget is not None else 1.0
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        x = rect.x() + (rect.width() - size.width()) // 2
        y = rect.y() + (rect.height() - size.height()) // 2 - (3 if selected else 0)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.drawPixmap(x, y, self.renderer.pixmap(face_of(card), size, dpr))
        if selected:
            painter.setPen(QPen(QColor("#ffd54f"), 3))
            painter.drawRoundedRect(QRect(x, y, size.width(), size.height()).adjusted(-1, -1, 1, 1), 6, 6)
        painter.restore()


_KEYS = {Qt.Key.Key_1: PgZone.LOW, Qt.Key.Key_2: PgZone.HIGH, Qt.Key.Key_Backspace: PgZone.HAND,
         Qt.Key.Key_0: PgZone.HAND, Qt.Key.Key_Delete: PgZone.HAND}


class PgZoneView(QListView):
    """One Pai Gow zone as a strip of cards (object names ``pgHand``, ``pgHigh``, ``pgLow``)."""

    def __init__(self, deal: PaiGowDeal, zone: PgZone, renderer: CardRenderer,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deal = deal
        self.zone = zone
        self.renderer = renderer
        self.setObjectName({PgZone.HAND: "pgHand", PgZone.HIGH: "pgHigh", PgZone.LOW: "pgLow"}[zone])
        self.setModel(deal.zone_models[zone])
        self.setItemDelegate(PgCardDelegate(renderer, self))
        setup_card_strip(self)
        self.set_card_height(90)

    @property
    def zone_model(self) -> PgZoneModel:
        return self.deal.zone_models[self.zone]

    def set_card_height(self, height: int) -> None:
        self.setFixedWidth(size_card_strip(self, height, self.zone.capacity))

    def card_center(self, card: PgCard) -> QPoint:
        return self.visualRect(self.zone_model.index(self.zone_model.row_of(card))).center()

    def empty_point(self) -> QPoint:
        cell = self.gridSize()
        return QPoint(cell.width() * self.zone_model.rowCount() + cell.width() // 2, cell.height() // 2)

    def _card(self, index: QModelIndex) -> PgCard | None:
        card = index.data(CardRole) if index.isValid() else None
        return card if isinstance(card, Card | Joker) else None

    def _send(self, card: PgCard, dest: PgZone) -> None:
        self.deal.move(card, dest)

    def _double(self, index: QModelIndex) -> None:
        card = self._card(index)
        if card is None:
            return
        if self.zone is PgZone.HAND:
            dest = self.deal.first_with_room()
            if dest is not None:
                self._send(card, dest)
        else:
            self._send(card, PgZone.HAND)

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:
        index = self.indexAt(e.position().toPoint())
        if index.isValid():
            self._double(index)
            e.accept()
            return
        super().mouseDoubleClickEvent(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        dest = _KEYS.get(Qt.Key(e.key()))
        card = self._card(self.currentIndex())
        if dest is not None and card is not None:
            if dest != self.zone:
                self._send(card, dest)
            e.accept()
            return
        super().keyPressEvent(e)

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        index = self.currentIndex()
        card = self._card(index)
        if card is None:
            return
        start_card_drag(self, self.zone_model.mimeData([index]),
                        self.renderer.pixmap(face_of(card), self.iconSize(), self.devicePixelRatioF()))

    def _parent_at(self, pos: QPoint) -> QModelIndex:
        index = self.indexAt(pos)
        return index if index.isValid() else QModelIndex()

    def dragEnterEvent(self, e: QDragEnterEvent) -> None:
        if self.zone_model.cards_in(e.mimeData()):
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
        else:
            e.ignore()

    def dragMoveEvent(self, e: QDragMoveEvent) -> None:
        parent = self._parent_at(e.position().toPoint())
        if self.zone_model.canDropMimeData(e.mimeData(), Qt.DropAction.MoveAction, -1, -1, parent):
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
        else:
            e.ignore()

    def dropEvent(self, e: QDropEvent) -> None:
        parent = self._parent_at(e.position().toPoint())
        if self.zone_model.dropMimeData(e.mimeData(), Qt.DropAction.MoveAction, -1, -1, parent):
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
        else:
            e.ignore()
