"""The player's 13 cards set into three rows: where a card lies (:class:`Zone`), the board that
holds them, and the card moves of a session that sets them (:class:`RowActions`, the game's and the
Drill's).

>>> [z.capacity for z in ROWS]
[3, 5, 5]
>>> Zone.HAND.is_row, Zone.TOP.is_row
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from .board import Board, Move, Refusal, Refused

__all__ = ["ROWS", "RowActions", "Zone", "row_board"]


class Zone(IntEnum):
    """Where one of the player's cards lies: the hand or one of the three rows."""

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


def row_board(cards: Sequence[Card] = ()) -> Board[Card, Zone]:
    """A board with ``cards`` in hand and the three rows empty."""
    return Board(Zone, Zone.HAND, _CAPACITY, cards)


class RowActions:
    """The card moves of a session whose 13 cards are set into three rows (the game's, the
    Drill's): each is refused, by the session's own ``_arranging``, in a phase that does not
    allow it, and is otherwise the board's."""

    board: Board[Card, Zone]
    #: what returning every card is called in the session's refusals
    RETURN_ALL = "clear the rows"

    def _arranging(self, action: str) -> None:
        raise NotImplementedError

    def move(self, card: Card, dest: Zone) -> Move[Card]:
        self._arranging(f"move {card.pretty()}")
        return self.board.move(card, dest)

    def swap(self, a: Card, b: Card) -> Move[Card]:
        self._arranging(f"swap {a.pretty()} and {b.pretty()}")
        return self.board.swap(a, b)

    def drop(self, card: Card, dest: Zone, onto: Card | None = None) -> Move[Card]:
        """A card dropped on ``dest`` (onto ``onto``): a swap in a row, a plain return to the hand."""
        self._arranging(f"drop {card.pretty()}")
        return self.board.drop(card, dest, onto)

    def place(self, arrangement: Arrangement) -> Move[Card]:
        """Put the 13 cards into the given rows at once (e.g. the solver's arrangement)."""
        self._arranging("place an arrangement")
        sizes = tuple(len(r) for r in arrangement.rows)
        if sizes != (3, 5, 5):
            raise Refused(Refusal.WRONG_SIZES, f"{arrangement}: the rows hold {sizes}, not 3 / 5 / 5")
        return self.board.place(dict(zip(ROWS, arrangement.rows, strict=True)))

    def return_all(self) -> Move[Card]:
        self._arranging(self.RETURN_ALL)
        return self.board.return_all()

    def undo(self) -> Move[Card]:
        self._arranging("undo")
        return self.board.undo()

    def redo(self) -> Move[Card]:
        self._arranging("redo")
        return self.board.redo()
