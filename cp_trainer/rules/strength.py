"""Hand strength of a 3-card top row and a 5-card row on one integer scale.

A strength is ``category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4``: the category
(0 high card .. 8 straight flush), then the ranks that define it, then the kickers, high to low,
each in one 4-bit nibble. A 3-card top fills only the first nibbles and leaves the rest 0, so
comparing a top with a 5-card middle follows RULES.md §1: category, then defining ranks, then
kickers in order, and a top that runs out of cards with everything equal so far is *not*
stronger (AKQ < AKQJ9; QQ+A > QQ+K..).

Straights store their high card; the ace-high straight stores 15, so that the *wheel ranks
second* setting can give A-2-3-4-5 the value 14 (just below T-J-Q-K-A) instead of 5.

``lowball27`` rates a 5-card hand for the *low middle* variant (2-7 lowball: higher is better).

>>> from cp_trainer.rules.cards import parse_cards
>>> top, middle = evaluate3(parse_cards("Qs Qd Ac")), evaluate5(parse_cards("Qh Qc Kd 7s 2h"))
>>> category_of(top), describe(top), top > middle
(<Category.PAIR: 1>, 'pair of queens', True)
>>> evaluate3(parse_cards("As Kd Qc")) > evaluate5(parse_cards("Ah Kc Qd Js 9h"))
False
>>> describe(evaluate5(parse_cards("Ah 2d 3c 4s 5h"), wheel_second=True), "ru")
'стрит до пятёрки (колесо)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from ..support.i18n import tr, tr_list
from .cards import Card

__all__ = [
    "ACE_HIGH_STRAIGHT",
    "WHEEL",
    "WHEEL_SECOND",
    "Category",
    "category_of",
    "describe",
    "describe_lowball",
    "evaluate",
    "evaluate3",
    "evaluate5",
    "high_hand_27",
    "lowball27",
    "ranks_of",
]

ACE_HIGH_STRAIGHT = 15  # stored high card of T-J-Q-K-A
WHEEL = 5  # stored high card of A-2-3-4-5 by default
WHEEL_SECOND = 14  # ... and under the *wheel ranks second* setting


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def key(self) -> str:
        """The stable machine name: ``high_card``, ``pair``, ... ``straight_flush``."""
        return self.name.lower()

    def label(self, lang: str = "en") -> str:
        """The category's name for people: ``two pair`` / ``две пары``."""
        return tr(f"category.{self.key}", lang)


def _pack(category: Category, ranks: Sequence[int]) -> int:
    value = int(category) << 20
    shift = 16
    for r in ranks:
        value |= r << shift
        shift -= 4
    return value


def ranks_of(strength: int) -> tuple[int, ...]:
    """The five rank nibbles of a strength, high to low (0 where a top row had no card)."""
    return tuple((strength >> s) & 0xF for s in (16, 12, 8, 4, 0))


def category_of(strength: int) -> Category:
    return Category(strength >> 20)


def _grouped(ranks: list[int]) -> list[tuple[int, int]]:
    """(count, rank) groups, largest count first, then highest rank."""
    counts = Counter(ranks)
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def evaluate3(cards: Sequence[Card]) -> int:
    """Strength of a 3-card top row: three of a kind, pair or high card only."""
    if len(cards) != 3:
        raise ValueError(f"a top row has 3 cards, got {len(cards)}")
    groups = _grouped([c.rank.value for c in cards])
    if groups[0][0] == 3:
        return _pack(Category.THREE_OF_A_KIND, [groups[0][1]])
    if groups[0][0] == 2:
        return _pack(Category.PAIR, [groups[0][1], groups[1][1]])
    return _pack(Category.HIGH_CARD, [r for _, r in groups])


def _straight_high(distinct_desc: list[int], wheel_second: bool) -> int:
    """Stored high card of a 5-rank straight, or 0."""
    if len(distinct_desc) != 5:
        return 0
    if distinct_desc[0] - distinct_desc[4] == 4:
        return ACE_HIGH_STRAIGHT if distinct_desc[0] == 14 else distinct_desc[0]
    if distinct_desc == [14, 5, 4, 3, 2]:
        return WHEEL_SECOND if wheel_second else WHEEL
    return 0


def evaluate5(cards: Sequence[Card], *, wheel_second: bool = False) -> int:
    """Strength of a 5-card row."""
    if len(cards) != 5:
        raise ValueError(f"a five-card row has 5 cards, got {len(cards)}")
    ranks = [c.rank.value for c in cards]
    groups = _grouped(ranks)
    flush = len({c.suit for c in cards}) == 1
    straight = _straight_high([r for _, r in groups], wheel_second) if len(groups) == 5 else 0
    if straight and flush:
        return _pack(Category.STRAIGHT_FLUSH, [straight])
    if groups[0][0] == 4:
        return _pack(Category.FOUR_OF_A_KIND, [groups[0][1], groups[1][1]])
    if groups[0][0] == 3 and groups[1][0] == 2:
        return _pack(Category.FULL_HOUSE, [groups[0][1], groups[1][1]])
    if flush:
        return _pack(Category.FLUSH, [r for _, r in groups])
    if straight:
        return _pack(Category.STRAIGHT, [straight])
    if groups[0][0] == 3:
        return _pack(Category.THREE_OF_A_KIND, [r for _, r in groups])
    if groups[0][0] == 2 and groups[1][0] == 2:
        return _pack(Category.TWO_PAIR, [r for _, r in groups])
    if groups[0][0] == 2:
        return _pack(Category.PAIR, [r for _, r in groups])
    return _pack(Category.HIGH_CARD, [r for _, r in groups])


def evaluate(cards: Sequence[Card], *, wheel_second: bool = False) -> int:
    """Strength of a 3-card top or a 5-card row, on the shared scale."""
    if len(cards) == 3:
        return evaluate3(cards)
    if len(cards) == 5:
        return evaluate5(cards, wheel_second=wheel_second)
    raise ValueError(f"a row has 3 or 5 cards, got {len(cards)}")


def high_hand_27(cards: Sequence[Card]) -> int:
    """The high-hand strength of 5 cards as 2-7 lowball reads them: aces are only high, so
    A-2-3-4-5 is ace-high (an ace-high flush when suited), not a straight."""
    high = evaluate5(cards, wheel_second=False)
    if category_of(high) in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks_of(high)[0] == WHEEL:
        flush = category_of(high) == Category.STRAIGHT_FLUSH
        high = _pack(Category.FLUSH if flush else Category.HIGH_CARD, [14, 5, 4, 3, 2])
    return high


def lowball27(cards: Sequence[Card]) -> int:
    """2-7 lowball value of 5 cards (for the *low middle* variant): higher is better.

    Aces are high, straights and flushes count against the hand, A-2-3-4-5 is not a straight;
    7-5-4-3-2 unsuited is the best hand.
    """
    if len(cards) != 5:
        raise ValueError(f"a five-card row has 5 cards, got {len(cards)}")
    return (1 << 24) - 1 - high_hand_27(cards)


# --- descriptions -----------------------------------------------------------------------------


def _forms(rank: int, lang: str, prefix: str) -> dict[str, str]:
    i = rank - 2
    return {
        prefix: tr_list("rank.name", lang)[i],
        prefix + "_gen": tr_list("rank.gen", lang)[i],
        prefix + "_pl": tr_list("rank.plural", lang)[i],
        prefix + "_gpl": tr_list("rank.gen_plural", lang)[i],
    }


def _rank_char(r: int) -> str:
    return "23456789TJQKA"[r - 2]


def describe(strength: int, lang: str = "en", *, detailed: bool = False) -> str:
    """A row's hand in words: ``pair of kings``, ``ace-high flush`` / ``пара королей``.

    With ``detailed``, kickers are named too (``pair of queens, kickers A-K-9``), which is what
    tells two hands of the same kind apart in a foul explanation.
    """
    cat = category_of(strength)
    ranks = [r for r in ranks_of(strength) if r]
    kwargs: dict[str, str] = {}
    key = f"hand.{cat.key}"
    kickers: list[int] = []
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        high = ranks[0]
        if high == ACE_HIGH_STRAIGHT:
            key = "hand.royal_flush" if cat == Category.STRAIGHT_FLUSH else "hand.straight_ace"
            high = 14
        elif high in (WHEEL, WHEEL_SECOND):  # 14 is only ever the wheel (ace-high is 15)
            key = f"hand.{cat.key}_wheel"
            high = 5
        kwargs.update(_forms(high, lang, "r1"))
    elif cat in (Category.TWO_PAIR, Category.FULL_HOUSE):
        kwargs.update(_forms(ranks[0], lang, "r1"))
        kwargs.update(_forms(ranks[1], lang, "r2"))
        kickers = ranks[2:]
    else:  # high card, flush, pair, three and four of a kind: one defining rank
        kwargs.update(_forms(ranks[0], lang, "r1"))
        kickers = ranks[1:]
    text = tr(key, lang, **kwargs)
    if detailed and kickers:
        key = "hand.with_kickers" if len(kickers) > 1 else "hand.with_kicker"
        text = tr(key, lang, hand=text, kickers="-".join(_rank_char(r) for r in kickers))
    return text


def describe_lowball(cards: Sequence[Card], lang: str = "en") -> str:
    """A low middle in words: ``7-5-4-3-2 low`` / ``лоу 7-5-4-3-2``, or its high-hand name when
    it holds a pair, straight or flush (which count against a low hand)."""
    high = high_hand_27(cards)
    if category_of(high) == Category.HIGH_CARD:
        ranks = sorted((c.rank.value for c in cards), reverse=True)
        return tr("hand.low", lang, ranks="-".join(_rank_char(r) for r in ranks))
    return describe(high, lang)
