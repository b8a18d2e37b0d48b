"""The deal on the Chinese-poker table as Qt models: the player's hand and three rows.

:class:`DealModel` is the card toolkit's :class:`~cp_trainer.gui.cards.models.BoardModel` for a
session over the Chinese-poker hand and rows (:class:`ChineseBoard`: the table's
:class:`~cp_trainer.chinese.session.ChineseSession`, or the Drill's
:class:`~cp_trainer.drill.session.DrillSession`): it shows the session's board (where each card
lies, with its undo history) and forwards the player's moves to it; each zone is one
:class:`~cp_trainer.gui.cards.models.ZoneModel`. No game state and no poker rules live here.
(One class for both, so that its words keep their one translation context, ``DealModel``.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Protocol

from PySide6.QtCore import QObject

from cp_trainer.chinese.board import Move
from cp_trainer.chinese.session import ROWS, BotJob, ChineseSession, Zone
from cp_trainer.gui.cards.models import BoardModel, CardRole, GameSession, ZoneModel
from cp_trainer.gui.cards.order import set_order
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards

__all__ = ["CARD_MIME_TYPE", "ROWS", "CardRole", "ChineseBoard", "DealModel", "HandSort", "Zone", "ZoneModel"]

#: Mime type of dragged cards: the cards' ASCII names ("As Td"), UTF-8.
CARD_MIME_TYPE = "application/x-cp-trainer-cards"


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


class ChineseBoard(GameSession[Card, Zone], Protocol):
    """A session over the Chinese-poker hand and rows that can also place a whole arrangement."""

    def place(self, arrangement: Arrangement) -> Move[Card]: ...


class DealModel(BoardModel[Card, Zone]):
    """The player's cards in the hand and rows as the session's board says, for Qt's views
    (``session``: the table's, by default one without bots, or the Drill's)."""

    MIME_TYPE = CARD_MIME_TYPE

    def __init__(self, session: ChineseBoard | None = None, parent: QObject | None = None) -> None:
        self.rows_session: ChineseBoard = session if session is not None else ChineseSession(bots=_no_bots)
        super().__init__(self.rows_session, tuple(Zone), ROWS, parent)
        self._hand_sort = HandSort.RANK
        self.refresh()

    @property
    def chinese(self) -> ChineseSession:
        """The table's session (a model of the Drill's has none)."""
        if not isinstance(self.rows_session, ChineseSession):
            raise TypeError(f"this model shows a {type(self.rows_session).__name__}, not a table's session")
        return self.rows_session

    # --- the game's words and order -------------------------------------------------------------

    def ordered(self, zone: Zone, cards: Sequence[Card]) -> tuple[Card, ...]:
        """Rows sets first (:func:`set_order`: "9 9 A"), the hand in the chosen order."""
        if zone is not Zone.HAND:
            return set_order(cards)
        if self._hand_sort is HandSort.SUIT:
            return _by_suit(cards)
        return _by_rank(cards)

    def parse_dragged(self, text: str) -> Sequence[Card]:
        return parse_cards(text)

    def tooltip(self, card: Card, zone: Zone) -> str:
        if zone is Zone.HAND:
            hint = self.tr("Drag it to a row, double-click to put it in the first row with room, "
                           "or press 1, 2 or 3.")
        else:
            hint = self.tr("Drag it to another row (it takes a free place there; onto a card of a full "
                           "row, or with Shift held, it swaps with that card); double-click or Backspace "
                           "returns it to the hand.")
        return f"{card.label()} — {hint}"

    def full_message(self, zone: Zone) -> str:
        names = {Zone.TOP: self.tr("The top row is full (3 cards)."),
                 Zone.MIDDLE: self.tr("The middle row is full (5 cards)."),
                 Zone.BOTTOM: self.tr("The bottom row is full (5 cards)."),
                 Zone.HAND: self.tr("The hand is full.")}
        return names[zone] + " " + self.tr("Drop the card onto a card in that row to swap them.")

    # --- the table's own moves --------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card]) -> None:
        """Deal ``cards`` to the player of this table's session (all in the hand)."""
        self.chinese.new_deal(cards)
        self.refresh()

    def set_hand_sort(self, mode: HandSort) -> None:
        self._hand_sort = mode
        self.refresh()

    def place(self, top: Sequence[Card], middle: Sequence[Card], bottom: Sequence[Card]) -> bool:
        """Put the 13 cards into the given rows at once (e.g. the solver's arrangement)."""
        arrangement = Arrangement(tuple(top), tuple(middle), tuple(bottom))
        return self._do(lambda: self.rows_session.place(arrangement))
