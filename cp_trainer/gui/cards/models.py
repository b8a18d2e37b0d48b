"""One player's cards on the felt as Qt models, for either game.

:class:`BoardModel` is the Qt adapter of a game session's :class:`~cp_trainer.chinese.board.Board` (the
Chinese-poker session's hand and three rows, the Pai Gow session's hand, high and low hands): it
forwards the player's moves to the session, turns a refused move into ``refused`` (zone, message
for the player), and after every change sorts each zone for display, updates one
:class:`ZoneModel` per zone and emits ``changed``. It holds no game state: where the cards lie,
the undo history and whether anything may move at all belong to the session.

A game subclasses :class:`BoardModel` for its own words (zone full, card tooltips), its display
order and its drag format (:attr:`BoardModel.MIME_TYPE`, :meth:`BoardModel.parse_dragged`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QGuiApplication

from cp_trainer.chinese.board import Board, Move, MoveKind, Refusal, Refused
from cp_trainer.gui.translation import fill

__all__ = ["AnyIndex", "BoardModel", "CardRole", "GameSession", "ZoneModel", "swap_held"]

# Item role holding the card itself.
CardRole = int(Qt.ItemDataRole.UserRole) + 1

AnyIndex = QModelIndex | QPersistentModelIndex


def swap_held() -> bool:
    """Shift is held: a card dropped onto a card swaps with it even where the zone has room."""
    return bool(QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier)


class _Card(Protocol):
    def pretty(self) -> str: ...

    def label(self) -> str: ...


C = TypeVar("C", bound=_Card)
Z = TypeVar("Z", bound=IntEnum)


class GameSession(Protocol[C, Z]):
    """What the card toolkit asks of a game session (both games' sessions offer it)."""

    @property
    def board(self) -> Board[C, Z]: ...

    def can_arrange(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def move(self, card: C, dest: Z) -> Move[C]: ...

    def swap(self, a: C, b: C) -> Move[C]: ...

    def drop(self, card: C, dest: Z, onto: C | None = None) -> Move[C]: ...

    def return_all(self) -> Move[C]: ...

    def undo(self) -> Move[C]: ...

    def redo(self) -> Move[C]: ...


class BoardModel(QObject, Generic[C, Z]):
    """The session's board for Qt's views (see the module's text). ``changed`` after every change;
    ``refused`` with the zone and a message when a move does not fit."""

    changed = Signal()
    refused = Signal(int, str)

    # MIME type a drag of this game's cards carries (the cards' ASCII names, UTF-8).
    MIME_TYPE: ClassVar[str]

    def __init__(self, session: GameSession[C, Z], zones: Sequence[Z], fill_order: Sequence[Z],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.zones = tuple(zones)
        self.fill_order = tuple(fill_order)  # where a double-clicked card from the hand goes first
        self._zones: list[tuple[C, ...]] = [() for _ in self.zones]
        self.zone_models: dict[Z, ZoneModel[C, Z]] = {z: ZoneModel(self, z) for z in self.zones}

    # --- what a game says ---------------------------------------------------------------------

    def ordered(self, zone: Z, cards: Sequence[C]) -> tuple[C, ...]:
        """How ``zone``'s cards are shown (default: as they lie)."""
        return tuple(cards)

    def full_message(self, zone: Z) -> str:
        raise NotImplementedError

    def tooltip(self, card: C, zone: Z) -> str:
        return card.label()

    def parse_dragged(self, text: str) -> Sequence[C]:
        """The cards named by a drag's text; raises ``ValueError`` for text that is not cards."""
        raise NotImplementedError

    # --- reading ------------------------------------------------------------------------------

    @property
    def board(self) -> Board[C, Z]:
        return self.session.board

    def cards(self, zone: Z) -> tuple[C, ...]:
        """The zone's cards as shown."""
        return self._zones[zone]

    def all_cards(self) -> tuple[C, ...]:
        return tuple(c for cards in self._zones for c in cards)

    def zone_of(self, card: C) -> Z | None:
        return self.board.zone_of(card)

    def has_room(self, zone: Z) -> bool:
        return self.board.has_room(zone)

    def is_complete(self) -> bool:
        return self.board.is_complete()

    def describe(self, move: Move[C]) -> str:
        """A move in words, for the Edit menu's Undo / Redo."""
        if move.kind is MoveKind.MOVE:
            return fill(self.tr("Move %1"), move.cards[0].label())
        if move.kind is MoveKind.SWAP:
            return fill(self.tr("Swap %1 and %2"), move.cards[0].label(), move.cards[1].label())
        if move.kind is MoveKind.PLACE:
            return self.tr("Place an arrangement")
        return self.tr("Return all cards to the hand")

    def undo_text(self) -> str | None:
        """What Undo would take back, in words (None: nothing)."""
        move = self.board.undo_move() if self.can_undo() else None
        return None if move is None else self.describe(move)

    def redo_text(self) -> str | None:
        move = self.board.redo_move() if self.can_redo() else None
        return None if move is None else self.describe(move)

    def first_with_room(self) -> Z | None:
        """The first set zone (in :attr:`fill_order`) a card from the hand still fits."""
        return next((z for z in self.fill_order if self.has_room(z)), None)

    def can_move(self) -> bool:
        return self.session.can_arrange()

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    # --- changing -----------------------------------------------------------------------------

    def _do(self, action: Callable[[], object], zone: Z | None = None) -> bool:
        try:
            action()
        except Refused as refused:
            if refused.reason is Refusal.ZONE_FULL and zone is not None:
                self.refused.emit(int(zone), self.full_message(zone))
            return False
        self.refresh()
        return True

    def move(self, card: C, dest: Z) -> bool:
        """Move ``card`` to ``dest`` as one undoable step; False (and ``refused``) when it can't."""
        return self._do(lambda: self.session.move(card, dest), dest)

    def swap(self, a: C, b: C) -> bool:
        """Exchange two cards lying in different zones, as one undoable step."""
        return self._do(lambda: self.session.swap(a, b))

    def drop(self, card: C, dest: Z, onto: C | None) -> bool:
        """A dropped card: onto a card of a set zone it swaps, into the hand it returns."""
        return self._do(lambda: self.session.drop(card, dest, onto), dest)

    def return_all(self) -> bool:
        """Every card back to the hand, as one undoable step."""
        return self._do(self.session.return_all)

    def undo(self) -> bool:
        return self._do(self.session.undo)

    def redo(self) -> bool:
        return self._do(self.session.redo)

    def refresh(self) -> None:
        """Show the session's board as it is now."""
        board = self.board
        for zone in self.zones:
            ordered = self.ordered(zone, board.cards(zone))
            if ordered != self._zones[zone]:
                self.zone_models[zone]._replace(ordered)
                self._zones[zone] = ordered
        self.changed.emit()


class ZoneModel(QAbstractListModel, Generic[C, Z]):
    """One zone's cards as a list model, with drag and drop of cards.

    Dropping between cards (or on empty space) moves the card into this zone; dropping onto a
    card of a set zone swaps the two, while a card dropped anywhere on the hand just returns to
    it. A full zone refuses a move but accepts a swap. What a drop does is the session's rule
    (:meth:`~cp_trainer.chinese.board.Board.drop`); the model only says which drops to offer.
    """

    def __init__(self, board: BoardModel[C, Z], zone: Z) -> None:
        super().__init__(board)
        self.board = board
        self.zone = zone
        self._cards: tuple[C, ...] = ()
        self._refusal_said = False  # the drag now over this zone was told it is full

    def _replace(self, cards: tuple[C, ...]) -> None:
        """Show ``cards``: the cards gone are removed, the ones kept moved into place, the new ones
        inserted, one row at a time (views keep their selection and current card; no reset)."""
        kept = set(cards)
        for row in reversed(range(len(self._cards))):
            if self._cards[row] not in kept:
                self.beginRemoveRows(QModelIndex(), row, row)
                self._cards = self._cards[:row] + self._cards[row + 1:]
                self.endRemoveRows()
        present = set(self._cards)
        for target, card in enumerate(c for c in cards if c in present):
            source = self._cards.index(card)  # at or after target: the rows before are in place
            if source != target:
                self.beginMoveRows(QModelIndex(), source, source, QModelIndex(), target)
                rest = self._cards[:source] + self._cards[source + 1:]
                self._cards = (*rest[:target], card, *rest[target:])
                self.endMoveRows()
        for row, card in enumerate(cards):
            if card not in present:
                self.beginInsertRows(QModelIndex(), row, row)
                self._cards = (*self._cards[:row], card, *self._cards[row:])
                self.endInsertRows()

    def card_at(self, row: int) -> C | None:
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def row_of(self, card: C) -> int:
        return self._cards.index(card) if card in self._cards else -1

    def cards_in(self, mime: QMimeData | None) -> list[C]:
        """The cards a drag of this game's MIME type carries that belong to the deal."""
        if mime is None or not mime.hasFormat(self.board.MIME_TYPE):
            return []
        raw = mime.data(self.board.MIME_TYPE).data()
        try:
            cards = self.board.parse_dragged(bytes(raw).decode("utf-8", "replace"))
        except ValueError:
            return []
        return [c for c in cards if self.board.zone_of(c) is not None]

    # --- QAbstractItemModel -------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        card = self.card_at(index.row())
        if card is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return card.label()
        if role == CardRole:
            return card
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.board.tooltip(card, self.zone)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDragEnabled | Qt.ItemFlag.ItemIsDropEnabled)

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [self.board.MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        cards = [c for c in (self.card_at(i.row()) for i in indexes if i.isValid()) if c is not None]
        mime = QMimeData()
        mime.setData(self.board.MIME_TYPE, QByteArray(" ".join(str(c) for c in cards).encode()))
        return mime

    def drop_target(self, row: int, parent: AnyIndex) -> C | None:
        """The card a drop lands on and swaps with (Qt hands a drop onto an item as row -1, parent
        that item). Onto a card of a zone that still has room, the card takes a free slot instead,
        as players expect; holding Shift swaps there too."""
        if parent.isValid() and row == -1:
            card = self.card_at(parent.row())
            if (card is not None and self.zone != self.board.board.hand and self.board.has_room(self.zone)
                    and not swap_held()):
                return None
            return card
        return None

    def swaps_onto(self, row: int, parent: AnyIndex) -> bool:
        """A drop here lands on a card it would swap with (not in the hand, where cards return)."""
        return self.drop_target(row, parent) is not None and self.zone != self.board.board.hand

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: AnyIndex) -> bool:
        if action not in (Qt.DropAction.MoveAction, Qt.DropAction.CopyAction) or not self.board.can_move():
            return False
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        card = cards[0]
        if self.board.zone_of(card) == self.zone:
            return False
        if self.swaps_onto(row, parent):
            return self.drop_target(row, parent) != card
        return self.board.has_room(self.zone)

    def drag_entered(self) -> None:
        """A drag came into the zone: the next hover a full zone refuses says why again."""
        self._refusal_said = False

    def refuse_hover(self, data: QMimeData, parent: AnyIndex) -> None:
        """A drag of a card from elsewhere hovers over no card of this zone, which is full: say
        so (the board's ``refused``), once each time the drag comes in (:meth:`drag_entered`)."""
        cards = self.cards_in(data)
        if (self._refusal_said or not cards or parent.isValid()
                or self.board.zone_of(cards[0]) == self.zone or self.board.has_room(self.zone)):
            return
        self._refusal_said = True
        self.board.refused.emit(int(self.zone), self.board.full_message(self.zone))

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        return self.board.drop(cards[0], self.zone, self.drop_target(row, parent))
