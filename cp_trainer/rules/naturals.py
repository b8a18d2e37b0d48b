"""Naturals (RULES.md §1, off by default): hands that win at once, before showdown.

Three straights, three flushes (the top's three cards in sequence / of one suit), six pairs
(a set of three holds one pair, four of a kind two), and the dragon (13 distinct ranks, 2 to A).
A dragon beats any other natural; two other naturals push.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from ..support.i18n import tr
from .arrangement import Arrangement
from .cards import Card
from .strength import Category, category_of, evaluate5

__all__ = ["Natural", "natural_of"]


class Natural(StrEnum):
    THREE_STRAIGHTS = "three_straights"
    THREE_FLUSHES = "three_flushes"
    SIX_PAIRS = "six_pairs"
    DRAGON = "dragon"

    @property
    def key(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        """Dragon 2, every other natural 1: higher beats lower, equal pushes."""
        return 2 if self is Natural.DRAGON else 1

    def label(self, lang: str = "en") -> str:
        return tr(f"rules.natural.{self.value}", lang)


def _top_in_sequence(cards: Sequence[Card]) -> bool:
    ranks = sorted({c.rank.value for c in cards})
    if len(ranks) != 3:
        return False
    return ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14]  # A-2-3 counts as a sequence too


def natural_of(arr: Arrangement) -> Natural | None:
    """The best natural the arrangement holds, or None.

    Needs 13 distinct cards in rows of 3/5/5. Three straights and three flushes are read from the
    rows as set (an order foul between two straights or flushes does not matter: swapping them
    would mend it); six pairs and the dragon from the 13 cards.
    """
    cards = arr.cards
    if not arr.complete or len(set(cards)) != 13:
        return None
    counts = Counter(c.rank.value for c in cards)
    if len(counts) == 13:
        return Natural.DRAGON
    if sum(n // 2 for n in counts.values()) >= 6:
        return Natural.SIX_PAIRS
    mid, bot = category_of(evaluate5(arr.middle)), category_of(evaluate5(arr.bottom))
    straights = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
    flushes = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    if mid in flushes and bot in flushes and len({c.suit for c in arr.top}) == 1:
        return Natural.THREE_FLUSHES
    if mid in straights and bot in straights and _top_in_sequence(arr.top):
        return Natural.THREE_STRAIGHTS
    return None
