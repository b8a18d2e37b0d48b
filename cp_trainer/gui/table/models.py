"""The deal on the table as Qt models: the player's hand and three rows.

:class:`DealModel` shows the board of a :class:`~cp_trainer.session.ChineseSession` (where each
card lies, with its undo history) and forwards the player's moves to it. Each zone is shown
through its own :class:`ZoneModel` (a ``QAbstractListModel``) so a plain ``QListView`` can display
it and drag cards in and out of it. No game state and no poker rules live here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
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

from cp_trainer.arrangement import Arrangement
from cp_trainer.board import Move, MoveKind, Refusal, Refused
from cp_trainer.cards import Card, parse_cards
from cp_trainer.session import ROWS, BotJob, ChineseSession, Zone

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


class HandSort(Enum):
    """How the cards still in the hand are ordered."""

    RANK = "rank"  # high to low, suits together within a rank
    SUIT = "suit"  # by suit (clubs, diamonds, hearts, spades), high to low within a suit


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank.value, -c.suit.index)))


def _by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.suit.index, -c.rank.value)))


def _no_bots(job: BotJob) -> tuple[Arrangement, ...]:
    raise RuntimeError("this table has no bots")


class DealModel(QObject):
    """The player's cards on the table, as the session's board says, for Qt's views.

    Holds no game state: where each card lies, the undo history and whether anything may move
    at all belong to the :class:`ChineseSession`; this adapter forwards the player's moves to it,
    turns a refused move into ``refused`` (zone, message for the player), and after every change
    sorts each zone for display and emits ``changed``.
    """

    changed = Signal()
    refused = Signal(int, str)

    def __init__(self, session: ChineseSession | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session if session is not None else ChineseSession(bots=_no_bots)
        self._zones: list[tuple[Card, ...]] = [(), (), (), ()]
        self._hand_sort = HandSort.RANK
        self.zone_models: dict[Zone, ZoneModel] = {z: ZoneModel(self, z) for z in Zone}
        self.refresh()

    # --- reading ------------------------------------------------------------------------------

    def cards(self, zone: Zone) -> tuple[Card, ...]:
        """The zone's cards as shown (rows by rank, the hand in the chosen order)."""
        return self._zones[zone]

    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for z in Zone for c in self._zones[z])

    def zone_of(self, card: Card) -> Zone | None:
        return self.session.board.zone_of(card)

    def has_room(self, zone: Zone) -> bool:
        return self.session.board.has_room(zone)

    def first_row_with_room(self) -> Zone | None:
        return next((z for z in ROWS if self.has_room(z)), None)

    def is_complete(self) -> bool:
        """All 13 cards are in the rows, 3/5/5."""
        return self.session.board.is_complete()

    def can_move(self) -> bool:
        return self.session.can_arrange()

    def undo_text(self) -> str | None:
        """What Undo would take back, in words (None: nothing)."""
        move = self.session.board.undo_move() if self.session.can_undo() else None
        return None if move is None else self.describe(move)

    def redo_text(self) -> str | None:
        move = self.session.board.redo_move() if self.session.can_redo() else None
        return None if move is None else self.describe(move)

    def describe(self, move: Move[Card]) -> str:
        if move.kind is MoveKind.MOVE:
            return self.tr("Move %1").replace("%1", move.cards[0].pretty())
        if move.kind is MoveKind.SWAP:
            return self.tr("Swap %1 and %2").replace("%1", move.cards[0].pretty()).replace(
                "%2", move.cards[1].pretty())
        if move.kind is MoveKind.PLACE:
            return self.tr("Place an arrangement")
        return self.tr("Return all cards to the hand")

    # --- changing -----------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card]) -> None:
        """Deal ``cards`` to the player of this table's session (all in the hand)."""
        self.session.new_deal(cards)
        self.refresh()

    def set_hand_sort(self, mode: HandSort) -> None:
        self._hand_sort = mode
        self.refresh()

    def _do(self, action: Callable[[], object], zone: Zone | None = None) -> bool:
        try:
            action()
        except Refused as refused:
            if refused.reason is Refusal.ZONE_FULL and zone is not None:
                self.refused.emit(int(zone), self.full_message(zone))
            return False
        self.refresh()
        return True

    def move(self, card: Card, dest: Zone) -> bool:
        """Move ``card`` to ``dest`` as one undoable step; False (and ``refused``) when it can't."""
        return self._do(lambda: self.session.move(card, dest), dest)

    def swap(self, a: Card, b: Card) -> bool:
        """Exchange two cards lying in different zones, as one undoable step."""
        return self._do(lambda: self.session.swap(a, b))

    def drop(self, card: Card, dest: Zone, onto: Card | None) -> bool:
        """A dropped card: onto a row card it swaps, into the hand it returns (one step)."""
        return self._do(lambda: self.session.drop(card, dest, onto), dest)

    def place(self, top: Sequence[Card], middle: Sequence[Card], bottom: Sequence[Card]) -> bool:
        """Put the 13 cards into the given rows at once (e.g. the solver's arrangement)."""
        return self._do(lambda: self.session.place(Arrangement(tuple(top), tuple(middle), tuple(bottom))))

    def return_all(self) -> bool:
        """Every card back to the hand, as one undoable step."""
        return self._do(self.session.return_all)

    def undo(self) -> bool:
        return self._do(self.session.undo)

    def redo(self) -> bool:
        return self._do(self.session.redo)

    def full_message(self, zone: Zone) -> str:
        names = {Zone.TOP: self.tr("The top row is full (3 cards)."),
                 Zone.MIDDLE: self.tr("The middle row is full (5 cards)."),
                 Zone.BOTTOM: self.tr("The bottom row is full (5 cards)."),
                 Zone.HAND: self.tr("The hand is full.")}
        return names[zone] + " " + self.tr("Drop the card onto a card in that row to swap them.")

    def refresh(self) -> None:
        """Show the session's board (rows sorted by rank, the hand by the chosen order)."""
        board = self.session.board
        for zone in Zone:
            cards = board.cards(zone)
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
    row card swaps the two, while a card dropped anywhere on the hand just returns to it. A full
    row refuses a move but accepts a swap.
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
        if not self.deal.can_move():
            return False
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        card = cards[0]
        src = self.deal.zone_of(card)
        if src == self.zone:
            return False
        target = self._drop_target(row, parent)
        if target is not None and self.zone.is_row:
            return target != card  # onto a row card: the two swap
        return self.deal.has_room(self.zone)  # into the zone (the hand: a card returns)

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        cards = self.cards_in(data)
        if len(cards) != 1:
            return False
        return self.deal.drop(cards[0], self.zone, self._drop_target(row, parent))
