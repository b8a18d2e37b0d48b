"""Where a player's cards lie while a hand is arranged, with undo and redo (no Qt, no poker rules).

A :class:`Board` holds one player's cards split over a hand and the zones they are set into
(Chinese poker: the hand and three rows; Pai Gow: the hand, the high and the low hand). Each
zone has a capacity. Every change is one :class:`Move` that :meth:`Board.undo` takes back and
:meth:`Board.redo` makes again. Once the board is locked (the hand is set) nothing moves and the
history is gone: what was set stays set.

Every action either happens or is refused: a refused action raises :class:`Refused` (a
``ValueError``) carrying a :class:`Refusal` that says why, and changes nothing.

>>> from cp_trainer.rules.cards import parse_cards
>>> from enum import IntEnum
>>> class Z(IntEnum):
...     HAND = 0
...     ROW = 1
>>> board = Board(Z, Z.HAND, {Z.HAND: 3, Z.ROW: 1}, parse_cards("As Kd 2c"))
>>> board.move(parse_cards("As")[0], Z.ROW).kind
<MoveKind.MOVE: 'move'>
>>> board.cards(Z.ROW)
(Card('As'),)
>>> try:
...     board.move(parse_cards("Kd")[0], Z.ROW)
... except Refused as refused:
...     print(refused.reason, refused)
Refusal.ZONE_FULL zone_full: ROW holds 1 cards already; K♦ does not fit
>>> _ = board.undo()
>>> board.cards(Z.ROW)
()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Generic, Protocol, TypeVar

__all__ = ["Board", "Move", "MoveKind", "Refusal", "Refused"]


class Refusal(Enum):
    """Why an action on a game (its board or its session) was refused."""

    NOT_ARRANGING = "not_arranging"  # the hand is set (or a past hand is shown): nothing moves
    UNKNOWN_CARD = "unknown_card"  # the card is not one of this player's cards
    SAME_ZONE = "same_zone"  # the card is already there / both cards lie in one zone
    ZONE_FULL = "zone_full"  # the zone has no room for one more card
    NOTHING_TO_RETURN = "nothing_to_return"  # every card is in the hand already
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    WRONG_CARDS = "wrong_cards"  # an arrangement of other cards than the ones dealt
    WRONG_SIZES = "wrong_sizes"  # an arrangement whose zones do not have their sizes
    INCOMPLETE = "incomplete"  # the hand cannot be set: cards are still in the hand
    NO_SURRENDER = "no_surrender"  # the house rules (or Criss Cross) do not allow surrender
    NO_PAST_HAND = "no_past_hand"  # "try again" with no past hand to try
    BAD_DEAL = "bad_deal"  # a deal of the wrong number of cards, or of repeated cards
    GRADING = "grading"  # the Drill's solver is grading the hand set: wait for its grade
    NOT_GRADING = "not_grading"  # a grade (or a failure) for a hand nobody is waiting on


class Refused(ValueError):
    """An action that did not happen; :attr:`reason` says why, the message quotes the input."""

    def __init__(self, reason: Refusal, detail: str) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail


class MoveKind(Enum):
    MOVE = "move"  # one card to another zone
    SWAP = "swap"  # two cards in different zones exchange places
    PLACE = "place"  # a whole arrangement at once (the solver's, the house way)
    RETURN_ALL = "return_all"  # every card back to the hand


class _Pretty(Protocol):
    def pretty(self) -> str: ...


C = TypeVar("C", bound=_Pretty)
Z = TypeVar("Z", bound=IntEnum)

State = tuple[tuple[C, ...], ...]


@dataclass(frozen=True)
class Move(Generic[C]):
    """One change of the board: what it was (for the Undo menu's text) and the cards it moved."""

    kind: MoveKind
    cards: tuple[C, ...] = ()


@dataclass(frozen=True)
class _Step(Generic[C]):
    move: Move[C]
    before: tuple[tuple[C, ...], ...]
    after: tuple[tuple[C, ...], ...]


class Board(Generic[C, Z]):
    """One player's cards over ``zones`` (``hand`` is where a deal starts), with undo/redo.

    Cards keep the order they arrived in within a zone; how a zone is shown is the viewer's
    business. Equal boards hold the same cards in the same zones.
    """

    def __init__(self, zones: Iterable[Z], hand: Z, capacity: Mapping[Z, int],
                 cards: Sequence[C] = ()) -> None:
        self.zones: tuple[Z, ...] = tuple(zones)
        if [int(z) for z in self.zones] != list(range(len(self.zones))):
            raise ValueError(f"zones must be numbered 0.., got {self.zones!r}")
        self.hand = hand
        self.capacity = dict(capacity)
        self._state: list[tuple[C, ...]] = [() for _ in self.zones]
        self._undo: list[_Step[C]] = []
        self._redo: list[_Step[C]] = []
        self.locked = False
        self.reset(cards)

    # --- reading ------------------------------------------------------------------------------

    def cards(self, zone: Z) -> tuple[C, ...]:
        return self._state[zone]

    def all_cards(self) -> tuple[C, ...]:
        return tuple(c for cards in self._state for c in cards)

    def state(self) -> tuple[tuple[C, ...], ...]:
        return tuple(self._state)

    def zone_of(self, card: C) -> Z | None:
        return next((z for z in self.zones if card in self._state[z]), None)

    def has_room(self, zone: Z) -> bool:
        return len(self._state[zone]) < self.capacity[zone]

    def is_complete(self) -> bool:
        """Every card is set: the hand is empty and every other zone is full."""
        return all(len(self._state[z]) == (0 if z == self.hand else self.capacity[z]) for z in self.zones)

    def can_undo(self) -> bool:
        return not self.locked and bool(self._undo)

    def can_redo(self) -> bool:
        return not self.locked and bool(self._redo)

    def undo_move(self) -> Move[C] | None:
        """The move :meth:`undo` would take back (None: nothing to undo)."""
        return self._undo[-1].move if self.can_undo() else None

    def redo_move(self) -> Move[C] | None:
        return self._redo[-1].move if self.can_redo() else None

    # --- changing -----------------------------------------------------------------------------

    def reset(self, cards: Sequence[C]) -> None:
        """A new deal: every card in the hand, the other zones empty, no history, unlocked."""
        cards = tuple(cards)
        if len(set(map(str, cards))) != len(cards) or len(cards) > self.capacity[self.hand]:
            raise Refused(Refusal.BAD_DEAL, f"cannot deal {' '.join(map(str, cards))!r}: "
                          f"{len(cards)} cards, at most {self.capacity[self.hand]} distinct ones fit")
        self._state = [cards if z == self.hand else () for z in self.zones]
        self._undo.clear()
        self._redo.clear()
        self.locked = False

    def lock(self) -> None:
        """The hand is set: nothing moves from now on and the history is gone."""
        self.locked = True
        self._undo.clear()
        self._redo.clear()

    def _check_open(self, action: str) -> None:
        if self.locked:
            raise Refused(Refusal.NOT_ARRANGING, f"{action}: the hand is set")

    def _where(self, card: C) -> Z:
        zone = self.zone_of(card)
        if zone is None:
            raise Refused(Refusal.UNKNOWN_CARD, f"{card.pretty()} is not one of the cards dealt")
        return zone

    def move(self, card: C, dest: Z) -> Move[C]:
        """Move ``card`` to ``dest`` (at its end)."""
        self._check_open(f"move {card.pretty()}")
        src = self._where(card)
        if src == dest:
            raise Refused(Refusal.SAME_ZONE, f"{card.pretty()} is in {dest.name} already")
        if not self.has_room(dest):
            raise Refused(Refusal.ZONE_FULL, f"{dest.name} holds {self.capacity[dest]} cards already; "
                          f"{card.pretty()} does not fit")
        state = list(self._state)
        state[src] = tuple(c for c in state[src] if c != card)
        state[dest] = (*state[dest], card)
        return self._push(Move(MoveKind.MOVE, (card,)), state)

    def swap(self, a: C, b: C) -> Move[C]:
        """Exchange two cards lying in different zones."""
        self._check_open(f"swap {a.pretty()} and {b.pretty()}")
        za, zb = self._where(a), self._where(b)
        if za == zb:
            raise Refused(Refusal.SAME_ZONE, f"{a.pretty()} and {b.pretty()} both lie in {za.name}")
        state = list(self._state)
        state[za] = tuple(b if c == a else c for c in state[za])
        state[zb] = tuple(a if c == b else c for c in state[zb])
        return self._push(Move(MoveKind.SWAP, (a, b)), state)

    def drop(self, card: C, dest: Z, onto: C | None = None) -> Move[C]:
        """A card dropped on ``dest`` (onto the card ``onto``, if any): into a set zone onto a
        card it swaps with it; into the hand it always just returns, whatever it lands on."""
        if onto is None or dest == self.hand or onto == card:
            return self.move(card, dest)
        return self.swap(card, onto)

    def place(self, zones: Mapping[Z, Sequence[C]]) -> Move[C]:
        """Put every card at once where ``zones`` says (zones not named: empty)."""
        self._check_open("place an arrangement")
        wanted = [tuple(zones.get(z, ())) for z in self.zones]
        given = [c for cards in wanted for c in cards]
        if sorted(map(str, given)) != sorted(map(str, self.all_cards())):
            raise Refused(Refusal.WRONG_CARDS, f"{' '.join(map(str, given))!r} are not the cards dealt")
        for z in self.zones:
            if len(wanted[z]) > self.capacity[z]:
                raise Refused(Refusal.WRONG_SIZES, f"{len(wanted[z])} cards do not fit {z.name} "
                              f"({self.capacity[z]})")
        return self._push(Move(MoveKind.PLACE, tuple(given)), wanted)

    def return_all(self) -> Move[C]:
        """Every card back to the hand."""
        self._check_open("return the cards")
        if all(not self._state[z] for z in self.zones if z != self.hand):
            raise Refused(Refusal.NOTHING_TO_RETURN, "every card is in the hand already")
        state = [self.all_cards() if z == self.hand else () for z in self.zones]
        return self._push(Move(MoveKind.RETURN_ALL, self.all_cards()), state)

    def undo(self) -> Move[C]:
        self._check_open("undo")
        if not self._undo:
            raise Refused(Refusal.NOTHING_TO_UNDO, "no move to take back")
        step = self._undo.pop()
        self._redo.append(step)
        self._state = list(step.before)
        return step.move

    def redo(self) -> Move[C]:
        self._check_open("redo")
        if not self._redo:
            raise Refused(Refusal.NOTHING_TO_REDO, "no move to make again")
        step = self._redo.pop()
        self._undo.append(step)
        self._state = list(step.after)
        return step.move

    def _push(self, move: Move[C], state: Sequence[tuple[C, ...]]) -> Move[C]:
        self._undo.append(_Step(move, tuple(self._state), tuple(state)))
        self._redo.clear()
        self._state = list(state)
        return move
