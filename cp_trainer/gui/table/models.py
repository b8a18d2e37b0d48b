"""The deal on the table as Qt models: the player's hand and three rows, with undo.

:class:`DealModel` owns where each of the 13 cards lies (the hand or one of the three rows) and a
``QUndoStack``; every move is a command, so each one can be undone and redone. Each zone is shown
through its own :class:`ZoneModel` (a ``QAbstractListModel``) so a plain ``QListView`` can display
it and drag cards in and out of it. The models hold no poker rules: which arrangement is legal is
asked of the rules core by the controller.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum, IntEnum
from typing import Any, ClassVar, Generic, TypeVar

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
from PySide6.QtGui import QUndoCommand, QUndoStack

from cp_trainer.cards import Card, parse_cards

__all__ = [
    "CARD_MIME_TYPE",
    "ROWS",
    "CardListModel",
    "CardRole",
    "DealModel",
    "HandSort",
    "Zone",
    "ZoneModel",
]

#: Mime type of dragged cards: the cards' ASCII names ("As Td"), UTF-8.
CARD_MIME_TYPE = "application/x-cp-trainer-cards"

#: Item role holding the :class:`Card` itself.
CardRole = int(Qt.ItemDataRole.UserRole) + 1

AnyIndex = QModelIndex | QPersistentModelIndex

#: The card type a :class:`CardListModel` holds (``Card``, or a Pai Gow card or joker).
CardT = TypeVar("CardT")


class Zone(IntEnum):
    """Where a card lies: the hand or one of the three rows."""

    HAND = 0
    TOP = 1
    MIDDLE = 2
    BOTTOM = 3

    @property
    def capacity(self) -> int:
        return _CAPACITY[self]

    @property
    def is_row(self) -> bool:
        return self is not Zone.HAND


_CAPACITY = {Zone.HAND: 13, Zone.TOP: 3, Zone.MIDDLE: 5, Zone.BOTTOM: 5}
ROWS: tuple[Zone, Zone, Zone] = (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)


class HandSort(Enum):
    """How the cards still in the hand are ordered."""

    RANK = "rank"  # high to low, suits together within a rank
    SUIT = "suit"  # by suit (clubs, diamonds, hearts, spades), high to low within a suit


State = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank.value, -c.suit.index)))


def _by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.suit.index, -c.rank.value)))


class _StateCommand(QUndoCommand):
    """One move: the table before and after it (13 cards are cheap to copy)."""

    def __init__(self, model: DealModel, before: State, after: State, text: str) -> None:
        super().__init__(text)
        self._model = model
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._model._apply(self._after)

    def undo(self) -> None:
        self._model._apply(self._before)


class DealModel(QObject):
    """The player's 13 cards split over the hand and the three rows, with undo/redo.

    ``changed`` is emitted after every change (a move, an undo, a new deal). ``refused`` is emitted
    with the zone and a message for the player when a move is not possible (a full row).
    """

    changed = Signal()
    refused = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._zones: list[tuple[Card, ...]] = [(), (), (), ()]
        self._hand_sort = HandSort.RANK
        self.undo_stack = QUndoStack(self)
        self.zone_models: dict[Zone, ZoneModel] = {z: ZoneModel(self, z) for z in Zone}

    # --- reading ------------------------------------------------------------------------------

    def cards(self, zone: Zone) -> tuple[Card, ...]:
        return self._zones[zone]

    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for z in Zone for c in self._zones[z])

    def state(self) -> State:
        z = self._zones
        return (z[0], z[1], z[2], z[3])

    def zone_of(self, card: Card) -> Zone | None:
        for zone in Zone:
            if card in self._zones[zone]:
                return zone
        return None

    def has_room(self, zone: Zone) -> bool:
        return len(self._zones[zone]) < zone.capacity

    def first_row_with_room(self) -> Zone | None:
        return next((z for z in ROWS if self.has_room(z)), None)

    def is_complete(self) -> bool:
        """All 13 cards are in the rows, 3/5/5."""
        return all(len(self._zones[z]) == z.capacity for z in ROWS) and not self._zones[Zone.HAND]

    @property
    def hand_sort(self) -> HandSort:
        return self._hand_sort

    # --- changing -----------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card]) -> None:
        """Start a hand: all cards in the hand, empty rows, an empty undo history."""
        self.undo_stack.clear()
        self._apply((tuple(cards), (), (), ()))

    def set_hand_sort(self, mode: HandSort) -> None:
        self._hand_sort = mode
        self._apply(self.state())

    def move(self, card: Card, dest: Zone) -> bool:
        """Move ``card`` to ``dest`` as one undoable step; False (and ``refused``) when it can't."""
        src = self.zone_of(card)
        if src is None or src == dest:
            return False
        if not self.has_room(dest):
            self.refused.emit(int(dest), self.full_message(dest))
            return False
        zones = list(self._zones)
        zones[src] = tuple(c for c in zones[src] if c != card)
        zones[dest] = (*zones[dest], card)
        self._push(zones, self.tr("Move %1").replace("%1", card.pretty()))
        return True

    def swap(self, a: Card, b: Card) -> bool:
        """Exchange two cards lying in different zones, as one undoable step."""
        za, zb = self.zone_of(a), self.zone_of(b)
        if za is None or zb is None or za == zb:
            return False
        zones = list(self._zones)
        zones[za] = tuple(b if c == a else c for c in zones[za])
        zones[zb] = tuple(a if c == b else c for c in zones[zb])
        self._push(zones, self.tr("Swap %1 and %2").replace("%1", a.pretty()).replace("%2", b.pretty()))
        return True

    def place(self, top: Sequence[Card], middle: Sequence[Card], bottom: Sequence[Card]) -> bool:
        """Put the 13 cards into the given rows at once (e.g. the solver's arrangement)."""
        if sorted(self.all_cards()) != sorted([*top, *middle, *bottom]):
            return False
        if (len(top), len(middle), len(bottom)) != (3, 5, 5):
            return False
        self._push([(), tuple(top), tuple(middle), tuple(bottom)], self.tr("Place an arrangement"))
        return True

    def return_all(self) -> None:
        """Every card back to the hand, as one undoable step."""
        if not any(self._zones[z] for z in ROWS):
            return
        self._push([self.all_cards(), (), (), ()], self.tr("Return all cards to the hand"))

    def full_message(self, zone: Zone) -> str:
        names = {Zone.TOP: self.tr("The top row is full (3 cards)."),
                 Zone.MIDDLE: self.tr("The middle row is full (5 cards)."),
                 Zone.BOTTOM: self.tr("The bottom row is full (5 cards)."),
                 Zone.HAND: self.tr("The hand is full.")}
        return names[zone] + " " + self.tr("Drop the card onto a card in that row to swap them.")

    def _push(self, zones: list[tuple[Card, ...]], text: str) -> None:
        self.undo_stack.push(_StateCommand(self, self.state(), (zones[0], zones[1], zones[2], zones[3]),
                                           text))

    def _apply(self, state: State) -> None:
        """Show ``state`` (rows sorted by rank, the hand by the chosen order) in the zone models."""
        for zone in Zone:
            cards = state[zone]
            if zone is Zone.HAND and self._hand_sort is HandSort.SUIT:
                ordered = _by_suit(cards)
            else:
                ordered = _by_rank(cards)
            if ordered != self._zones[zone]:
                self.zone_models[zone]._replace(ordered)
                self._zones[zone] = ordered
        self.changed.emit()


class CardListModel(QAbstractListModel, Generic[CardT]):
    """One zone's cards as a list model that cards are dragged out of and into.

    Shared by the Chinese-poker rows and the Pai Gow hands: a drag carries the cards' ASCII names
    (``"As Td"``, UTF-8) under :attr:`MIME_TYPE`; a subclass names its MIME type and how such
    text is parsed (:meth:`parse_dragged`), and decides what a drop does.
    """

    #: MIME type a drag of this model's cards carries.
    MIME_TYPE: ClassVar[str]

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._cards: tuple[CardT, ...] = ()

    def _replace(self, cards: tuple[CardT, ...]) -> None:
        self.beginResetModel()
        self._cards = cards
        self.endResetModel()

    def card_at(self, row: int) -> CardT | None:
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def row_of(self, card: CardT) -> int:
        return self._cards.index(card) if card in self._cards else -1

    def parse_dragged(self, text: str) -> list[CardT]:
        """The cards named by a drag's text; raises ``ValueError`` for text that is not cards."""
        raise NotImplementedError

    def dragged_cards(self, mime: QMimeData | None) -> list[CardT]:
        """All cards a drag of this model's MIME type names (none for foreign or bad data)."""
        if mime is None or not mime.hasFormat(self.MIME_TYPE):
            return []
        raw = mime.data(self.MIME_TYPE).data()
        try:
            return self.parse_dragged(bytes(raw).decode("utf-8", "replace"))
        except ValueError:
            return []

    # --- QAbstractItemModel -------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

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
        return [self.MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        cards = [c for c in (self.card_at(i.row()) for i in indexes if i.isValid()) if c is not None]
        mime = QMimeData()
        mime.setData(self.MIME_TYPE, QByteArray(" ".join(str(c) for c in cards).encode()))
        return mime


class ZoneModel(CardListModel[Card]):
    """One zone's cards as a list model, with drag and drop of cards.

    Dropping between cards (or on empty space) moves the card into this zone; dropping onto a
    card swaps the two. A full zone refuses a move but accepts a swap.
    """

    MIME_TYPE = CARD_MIME_TYPE

    def __init__(self, deal: DealModel, zone: Zone) -> None:
        super().__init__(deal)
        self.deal = deal
        self.zone = zone

    def parse_dragged(self, text: str) -> list[Card]:
        return parse_cards(text)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        card = self.card_at(index.row())
        if card is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return card.pretty()
        if role == CardRole:
            return card
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(card)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return card.pretty()
        return None

    def _tooltip(self, card: Card) -> str:
        if self.zone is Zone.HAND:
            hint = self.tr("Drag it to a row, double-click to put it in the first row with room, "
                       "or press 1, 2 or 3.")
        else:
            hint = self.tr("Drag it to another row or onto a card to swap; double-click or Backspace "
                       "returns it to the hand.")
        return f"{card.pretty()} — {hint}"

    def cards_in(self, mime: QMimeData | None) -> list[Card]:
        """The cards a drag carries that belong to this deal (none for foreign data)."""
        return [c for c in self.dragged_cards(mime) if self.deal.zone_of(c) is not None]

    def _drop_target(self, row: int, parent: AnyIndex) -> Card | None:
        # Qt hands a drop onto an item as (row -1, parent = that item).
        if parent.isValid() and row == -1:
            return self.card_at(parent.row())
        return None

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: AnyIndex) -> bool:
        if action not in (Qt.DropAction.MoveAction, Qt.DropAction.CopyAction):
            return False
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        card = cards[0]
        src = self.deal.zone_of(card)
        target = self._drop_target(row, parent)
        if target is not None:
            return target != card and src != self.zone
        return src != self.zone and self.deal.has_room(self.zone)

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        card = cards[0]
        target = self._drop_target(row, parent)
        if target is not None:
            return self.deal.swap(card, target)
        return self.deal.move(card, self.zone)
