"""One order for a set row's cards, everywhere the window shows one: sets first, as players read them.

:func:`set_order` puts the cards of a rank held more than once first (four of a kind, then three,
then pairs, each higher rank first), then the single cards from high to low: a pair of nines with
an ace reads "9 9 A", four twos with a four "2 2 2 2 4", threes full of queens "3 3 3 Q Q". The
table's rows, the bots' seats, the solver's small cards, the history's and replay's hands, the
Drill and Pai Gow's hands all use it (Pai Gow's joker leads, as it plays as an ace). Only the
window's pictures follow it: the command line's texts and JSON keep their own order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from cp_trainer.paigow.cards import Joker
from cp_trainer.rules.cards import Card

__all__ = ["set_order"]

C = TypeVar("C", bound=Card | Joker)


def set_order(cards: Iterable[C]) -> tuple[C, ...]:
    """``cards`` sets first (larger sets first, then higher ranks), then singles high to low; equal
    ranks by suit (spades first); a joker first of all."""
    cards = tuple(cards)
    counts = Counter(c.rank for c in cards if isinstance(c, Card))

    def key(card: C) -> tuple[int, int, int, int]:
        if not isinstance(card, Card):
            return (0, 0, 0, 0)  # the joker leads
        return (1, -counts[card.rank], -card.rank.value, -card.suit.index)

    return tuple(sorted(cards, key=key))
