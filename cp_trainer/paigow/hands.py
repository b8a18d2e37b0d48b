"""Pai Gow hand values: the 5-card high hand (with the joker) and the 2-card low hand.

Values share the layout of :mod:`cp_trainer.rules.strength` (``category << 20`` and five rank
nibbles, defining ranks first, then kickers) so that a 2-card low hand compares with a 5-card
high hand the same way a top row compares with a middle row: the low hand leaves its trailing
nibbles 0. Pai Gow's own rules live here and only here:

* category 9, five aces (four aces and the joker), is the top hand;
* A-2-3-4-5 is the second-highest straight (stored high card 14; T-J-Q-K-A stores 15);
* the joker completes a straight, flush or straight flush (in a flush it is the highest card
  of that suit not already there), otherwise it is an ace.

The kernels are Numba functions on integer card codes (0..51, joker 52); the wrappers take
:class:`~cp_trainer.paigow.cards.PgCard` sequences.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

import numpy as np

from ..rules.strength import describe
from ..solver.numba_cache import njit
from ..support.i18n import tr
from .cards import CardCountError, HandPart, PgCard, card_code, effective_rank

__all__ = [
    "FIVE_ACES",
    "PgCategory",
    "category_of",
    "describe_high",
    "describe_low",
    "evaluate_high",
    "evaluate_low",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
FIVE_ACES = 9
ACE_HIGH = 15  # stored high card of T-J-Q-K-A
WHEEL = 14  # stored high card of A-2-3-4-5: second only to T-J-Q-K-A


class PgCategory(IntEnum):
    """Pai Gow hand categories, weakest first (five aces on top)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9

    @property
    def key(self) -> str:
        return self.name.lower()

    def label(self, lang: str = "en") -> str:
        if self is PgCategory.FIVE_ACES:
            return tr("paigow.category.five_aces", lang)
        return tr(f"category.{self.key}", lang)


# Straight windows in Pai Gow order, best first: (rank bit mask, stored high card).
def _windows() -> tuple[np.ndarray, np.ndarray]:
    masks = [sum(1 << r for r in range(10, 15)), (1 << 14) | sum(1 << r for r in range(2, 6))]
    highs = [ACE_HIGH, WHEEL]
    for high in range(13, 5, -1):
        masks.append(sum(1 << r for r in range(high - 4, high + 1)))
        highs.append(high)
    return np.array(masks, dtype=np.int64), np.array(highs, dtype=np.int64)


_WINDOW_MASKS, _WINDOW_HIGHS = _windows()


@njit(cache=True)
def _straight_high(rmask: int, masks: np.ndarray, highs: np.ndarray) -> int:
    """Stored high card of the best straight whose window holds every rank of ``rmask``."""
    for i in range(masks.shape[0]):
        if rmask & ~masks[i] == 0:
            return int(highs[i])
    return 0


@njit(cache=True)
def _flush_value(rmask: int, joker: int) -> int:
    """Value of a flush of the distinct ranks ``rmask`` (the joker the highest card missing)."""
    fm = rmask
    if joker:
        for r in range(14, 1, -1):
            if not (fm >> r) & 1:
                fm |= 1 << r
                break
    v = FLUSH << 20
    shift = 16
    for r in range(14, 1, -1):
        if (fm >> r) & 1:
            v |= r << shift
            shift -= 4
    return v


@njit(cache=True)
def _ranks_value(cnt: int) -> int:
    """Value of the hand by its ranks alone, ``cnt`` holding 4 bits of count per rank."""
    maxc = 0
    pairs = 0
    for r in range(2, 15):
        k = (cnt >> (4 * (r - 2))) & 15
        if k > maxc:
            maxc = k
        if k == 2:
            pairs += 1
    if maxc == 5:
        cat = FIVE_ACES
    elif maxc == 4:
        cat = QUADS
    elif maxc == 3:
        cat = FULL_HOUSE if pairs else TRIPS
    elif pairs == 2:
        cat = TWO_PAIR
    elif pairs == 1:
        cat = PAIR
    else:
        cat = HIGH_CARD
    v = cat << 20
    shift = 16
    for k in range(maxc, 0, -1):
        for r in range(14, 1, -1):
            if (cnt >> (4 * (r - 2))) & 15 == k:
                v |= r << shift
                shift -= 4
    return v


@njit(cache=True)
def eval5_codes(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """Value of a 5-card high hand given as card codes (joker 52)."""
    codes = (c0, c1, c2, c3, c4)
    joker = 0
    rmask = 0
    cnt = 0  # 4-bit count per rank, rank r at bits 4*(r-2)
    suit0 = -1
    suited = True
    for c in codes:
        if c == 52:
            joker = 1
            continue
        r = (c >> 2) + 2
        s = c & 3
        cnt += 1 << (4 * (r - 2))
        rmask |= 1 << r
        if suit0 < 0:
            suit0 = s
        elif s != suit0:
            suited = False
    distinct = 0
    m = rmask
    while m:
        m &= m - 1
        distinct += 1
    shigh = 0
    if distinct == 5 - joker:
        shigh = _straight_high(rmask, _WINDOW_MASKS, _WINDOW_HIGHS)
    if shigh and suited:
        return (STRAIGHT_FLUSH << 20) | (shigh << 16)
    best = 0
    if suited:  # distinct ranks, one suit: a flush
        best = _flush_value(rmask, joker)
    elif shigh:
        best = (STRAIGHT << 20) | (shigh << 16)
    # Ranks alone, the joker an ace.
    if joker:
        cnt += 1 << 48
    return max(best, _ranks_value(cnt))


@njit(cache=True)
def eval2_codes(c0: int, c1: int) -> int:
    """Value of a 2-card low hand (the joker is an ace): a pair or two high cards."""
    r0 = 14 if c0 == 52 else (c0 >> 2) + 2
    r1 = 14 if c1 == 52 else (c1 >> 2) + 2
    if r0 == r1:
        return (PAIR << 20) | (r0 << 16)
    if r0 < r1:
        r0, r1 = r1, r0
    return (r0 << 16) | (r1 << 12)


def category_of(value: int) -> PgCategory:
    return PgCategory(value >> 20)


def evaluate_high(cards: Sequence[PgCard]) -> int:
    """Value of a 5-card high hand."""
    if len(cards) != 5:
        raise CardCountError(5, len(cards), HandPart.HIGH)
    c = [card_code(x) for x in cards]
    return int(eval5_codes(c[0], c[1], c[2], c[3], c[4]))


def evaluate_low(cards: Sequence[PgCard]) -> int:
    """Value of a 2-card low hand."""
    if len(cards) != 2:
        raise CardCountError(2, len(cards), HandPart.LOW)
    return int(eval2_codes(card_code(cards[0]), card_code(cards[1])))


_RANK_CHARS = "23456789TJQKA"


def describe_high(value: int, lang: str = "en", *, detailed: bool = False) -> str:
    """A high hand in words: ``five aces``, ``five-high straight (wheel)``, ``pair of kings``."""
    if value >> 20 == FIVE_ACES:
        return tr("paigow.hand.five_aces", lang)
    return describe(value, lang, detailed=detailed)


def describe_low(cards: Sequence[PgCard], lang: str = "en") -> str:
    """A low hand in words: ``pair of aces`` or ``A-K``."""
    value = evaluate_low(cards)
    if value >> 20 == PAIR:
        return describe(value, lang)
    ranks = sorted((effective_rank(c) for c in cards), reverse=True)
    return tr("paigow.hand.low_high_cards", lang,
              cards="-".join(_RANK_CHARS[r - 2] for r in ranks))
