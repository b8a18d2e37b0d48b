"""Card zones on the felt, for both games: cards laid out left to right, moved by mouse and keys.

A :class:`CardZoneView` shows one zone of a :class:`~cp_trainer.gui.cards.models.BoardModel`
(the Chinese-poker hand and rows, the Pai Gow hand, high and low hands). Cards move by

- drag and drop: onto empty space (or between cards, or onto a card of a zone with room)
  moves the card into the zone's free place, onto a card of a full zone (or with Shift held)
  swaps the two, anywhere on the hand returns it; a full zone refuses a move onto no card and
  says so (``BoardModel.refused``);
- double-click: from the hand to the first zone with room, from a set zone back to the hand;
- keys: Left / Right pick a card, Up / Down go to the zone above or below, and the game's keys
  (``keys``: e.g. ``1``/``2``/``3`` for the rows, Backspace or ``0`` back to the hand).

Drops are handled here, not by ``QAbstractItemView``'s default, so that "onto a card" means the
card under the pointer, and the source is never asked to remove the card a second time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Generic, TypeVar

from PySide6.QtCore import QMimeData, QModelIndex, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QAbstractItemView, QFrame, QListView, QWidget

from cp_trainer.gui.cards.delegates import CardDelegate, face_of
from cp_trainer.gui.cards.models import BoardModel, ZoneModel
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.lifetimes import keep_alive
from cp_trainer.paigow.cards import Joker
from cp_trainer.rules.cards import Card

__all__ = ["CardZoneView", "keep_keys", "setup_card_strip", "size_card_strip", "start_card_drag"]

C = TypeVar("C", bound=Card | Joker)
Z = TypeVar("Z", bound=IntEnum)

GAP = 6  # pixels between cards
#: the keyboard's focus frame, dashed inside a zone's border (the felt's pale yellow)
FOCUS_FRAME = "#fff59d"


def setup_card_strip(view: QListView) -> None:
    """Make ``view`` a single left-to-right strip of cards, one selectable at a time, that cards
    are dragged out of and dropped into (moved, never copied), with no scroll bars or editing."""
    view.setViewMode(QListView.ViewMode.ListMode)
    view.setFlow(QListView.Flow.LeftToRight)
    view.setMovement(QListView.Movement.Static)
    view.setWrapping(False)
    view.setUniformItemSizes(True)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setDragEnabled(True)
    view.setAcceptDrops(True)
    view.viewport().setAcceptDrops(True)
    view.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
    view.setDefaultDropAction(Qt.DropAction.MoveAction)
    view.setDropIndicatorShown(False)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setFrameShape(QFrame.Shape.StyledPanel)


def size_card_strip(view: QListView, height: int, capacity: int) -> int:
    """Lay a strip's cards out at ``height`` pixels and fix its height to one row of them.

    Returns the width that holds ``capacity`` cards (the caller decides how to bound it)."""
    size = card_size(height)
    view.setIconSize(size)
    cell = QSize(size.width() + GAP, size.height() + GAP + 6)
    view.setGridSize(cell)
    frame = 2 * view.frameWidth()
    view.setFixedHeight(cell.height() + frame + 2)
    return cell.width() * capacity + frame + 4



def start_card_drag(view: QListView, mime: QMimeData, pixmap: QPixmap) -> None:
    """Drag one card out of ``view``, showing its face under the pointer.

    Replaces Qt's default ``startDrag``: the drop handler already moves the card in the shared
    model, so nothing must be removed here (the default would remove it a second time).
    """
    size = view.iconSize()
    drag = QDrag(view)
    drag.setMimeData(mime)
    drag.setPixmap(pixmap)
    drag.setHotSpot(QPoint(size.width() // 2, size.height() // 2))
    drag.exec(Qt.DropAction.MoveAction)

class CardZoneView(QListView, Generic[C, Z]):
    """One zone of a :class:`BoardModel` (either game) as a strip of cards.

    ``keys`` maps a key to the zone it sends the current card to; double-click sends a card from
    the hand to the board model's first zone with room, and from a set zone back to the hand.
    """

    #: The player moved a card by key or double-click (card, zone it went to).
    cardSent = Signal(object, int)
    #: Up / Down asked to move the keyboard focus to the zone above (-1) or below (+1).
    focusStep = Signal(int)

    def __init__(self, deal: BoardModel[C, Z], zone: Z, renderer: CardRenderer, parent: QWidget | None = None,
                 *, object_name: str = "", keys: Mapping[Qt.Key, Z] | None = None) -> None:
        super().__init__(parent)
        self.deal = deal
        self.zone = zone
        self.renderer = renderer
        self.keys: Mapping[Qt.Key, Z] = keys if keys is not None else {}
        self.delegate = CardDelegate(renderer, self)
        self.setObjectName(object_name)
        self.setModel(deal.zone_models[zone])
        self.setItemDelegate(self.delegate)
        # Qt calls their Python paint() and data() as long as the view lives
        keep_alive(self, self.delegate)
        keep_alive(self, deal.zone_models[zone])
        setup_card_strip(self)
        self.setProperty("foul", False)
        self.doubleClicked.connect(self._double_clicked)
        self.set_card_height(100)

    @property
    def zone_model(self) -> ZoneModel[C, Z]:
        return self.deal.zone_models[self.zone]

    @property
    def capacity(self) -> int:
        return self.deal.board.capacity[self.zone]

    @property
    def is_hand(self) -> bool:
        return self.zone == self.deal.board.hand

    # --- size ---------------------------------------------------------------------------------

    def set_card_height(self, height: int) -> None:
        """Lay the cards out at ``height`` pixels; the view keeps room for a full zone."""
        width = size_card_strip(self, height, self.capacity)
        self.setMinimumWidth(width)
        if not self.is_hand:
            self.setMaximumWidth(width)

    def slot_rect(self, i: int) -> QRect:
        """Where the ``i``-th card of the zone is drawn (filled or empty slot)."""
        cell = self.gridSize()
        size = self.iconSize()
        x = i * cell.width() + (cell.width() - size.width()) // 2
        y = (cell.height() - size.height()) // 2
        return QRect(x, y, size.width(), size.height())

    def card_center(self, card: C) -> QPoint:
        """The viewport position of ``card`` (for tests and for the keyboard)."""
        return self.visualRect(self.zone_model.index(self.zone_model.row_of(card))).center()

    def empty_point(self) -> QPoint:
        """A viewport position on no card (where a drop means "into this zone")."""
        return self.slot_rect(self.zone_model.rowCount()).center() if not self.is_hand else \
            QPoint(self.viewport().width() - 4, self.viewport().height() // 2)

    def set_foul(self, foul: bool) -> None:
        """Mark the zone as one of those a foul is about (styled by the ``foul`` property)."""
        if bool(self.property("foul")) != foul:
            self.setProperty("foul", foul)
            self.style().unpolish(self)
            self.style().polish(self)
            self.update()

    def paintEvent(self, e: QPaintEvent) -> None:
        super().paintEvent(e)
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.is_hand:
            painter.setPen(QPen(QColor(255, 255, 255, 120), 2, Qt.PenStyle.DashLine))
            for i in range(self.zone_model.rowCount(), self.capacity):
                painter.drawRoundedRect(self.slot_rect(i).adjusted(2, 2, -2, -2), 6, 6)
        if self.hasFocus():
            # The keyboard's frame, dashed, inside the zone's border: a fouled row keeps its red
            # border (the style sheet's) around it, so both show.
            pen = QPen(QColor(FOCUS_FRAME), 2, Qt.PenStyle.CustomDashLine)
            pen.setDashPattern([3.0, 2.0])
            painter.setPen(pen)
            painter.drawRoundedRect(QRectF(self.viewport().rect()).adjusted(1, 1, -1, -1), 5, 5)
        painter.end()

    def focusInEvent(self, e: QFocusEvent) -> None:
        super().focusInEvent(e)
        self.viewport().update()

    def focusOutEvent(self, e: QFocusEvent) -> None:
        super().focusOutEvent(e)
        self.viewport().update()

    # --- mouse and keys -----------------------------------------------------------------------

    def _card(self, index: QModelIndex) -> C | None:
        return self.zone_model.card_at(index.row()) if index.isValid() else None

    def _send(self, card: C, dest: Z) -> None:
        row = self.currentIndex().row()
        if self.deal.move(card, dest):
            self.cardSent.emit(card, int(dest))
            count = self.zone_model.rowCount()
            if count:
                self.setCurrentIndex(self.zone_model.index(min(max(row, 0), count - 1)))

    def _double_clicked(self, index: QModelIndex) -> None:
        card = self._card(index)
        if card is None:
            return
        dest = self.deal.first_with_room() if self.is_hand else self.deal.board.hand
        if dest is not None:
            self._send(card, dest)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if e.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.focusStep.emit(-1 if e.key() == Qt.Key.Key_Up else 1)
            e.accept()
            return
        dest = self.keys.get(Qt.Key(e.key()))
        card = self._card(self.currentIndex())
        if dest is not None and card is not None:
            if dest != self.zone:
                self._send(card, dest)
            e.accept()
            return
        super().keyPressEvent(e)

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:
        # Qt emits doubleClicked only after a click on the same item; make a double-click always
        # act on the card under the pointer.
        index = self.indexAt(e.position().toPoint())
        if index.isValid():
            self._double_clicked(index)
            e.accept()
            return
        super().mouseDoubleClickEvent(e)

    # --- drag and drop ------------------------------------------------------------------------

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        index = self.currentIndex()
        card = self._card(index)
        if card is None:
            return
        start_card_drag(self, self.zone_model.mimeData([index]),
                        self.renderer.pixmap(face_of(card), self.iconSize(), self.devicePixelRatioF()))

    def _drop_parent(self, pos: QPoint) -> QModelIndex:
        index = self.indexAt(pos)
        return index if index.isValid() else QModelIndex()

    def dragEnterEvent(self, e: QDragEnterEvent) -> None:
        self.zone_model.drag_entered()
        if self.zone_model.cards_in(e.mimeData()):
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
        else:
            e.ignore()

    def dragMoveEvent(self, e: QDragMoveEvent) -> None:
        parent = self._drop_parent(e.position().toPoint())
        model = self.zone_model
        ok = model.canDropMimeData(e.mimeData(), Qt.DropAction.MoveAction, -1, -1, parent)
        # Outline the card a drop would swap with (none in the hand: a card dropped there returns).
        target = parent.row() if ok and model.swaps_onto(-1, parent) else -1
        if target != self.delegate.drop_target_row:
            self.delegate.drop_target_row = target
            self.viewport().update()
        if ok:
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
            return
        e.ignore()
        model.refuse_hover(e.mimeData(), parent)  # a full zone says why, once a drag

    def dragLeaveEvent(self, e: QDragLeaveEvent) -> None:
        self.delegate.drop_target_row = -1
        self.viewport().update()
        e.accept()

    def dropEvent(self, e: QDropEvent) -> None:
        self.delegate.drop_target_row = -1
        parent = self._drop_parent(e.position().toPoint())
        if self.zone_model.dropMimeData(e.mimeData(), Qt.DropAction.MoveAction, -1, -1, parent):
            e.setDropAction(Qt.DropAction.MoveAction)
            e.accept()
        else:
            e.ignore()
        self.viewport().update()


def keep_keys(views: Sequence[CardZoneView[C, Z]]) -> None:
    """After a move (by mouse, key, button or undo) the keys stay on a card: when one of ``views``
    has the focus, a focused zone left empty hands it to the first of them with cards, and the
    focused zone always has a current card (a card dragged away leaves none)."""
    if not views:
        return
    focus = views[0].window().focusWidget()
    view = next((v for v in views if v is focus), None)
    if view is None:
        return
    if not view.model().rowCount():
        view = next((v for v in views if v.model().rowCount() and v.isVisible() and v.isEnabled()), None)
        if view is None:
            return
        view.setFocus(Qt.FocusReason.OtherFocusReason)
    if not view.currentIndex().isValid():
        view.setCurrentIndex(view.model().index(0, 0))
