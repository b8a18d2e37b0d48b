"""What a drill hand teaches: how the best arrangement differs from the natural (greedy) one.

The greedy play puts the strongest possible hand in the bottom, then the strongest in the
middle, and what is left on top. :func:`detect_theme` names the first of these differences
that holds (the order below is the priority):

- ``pair_on_top`` — the best sets a pair on top where greedy's top is a high card;
- ``split_two_pair`` — greedy keeps two pair together in one row, the best splits them;
- ``bottom_flush_straight`` — the best settles for a straight or flush in the bottom where greedy
  has a full house or better there (its pairs and trips move up);
- ``middle_flush_straight`` — the best makes a straight or flush in the middle, greedy does not;
- ``ace_on_top`` — the best keeps an ace on top (high card), greedy's top is lower;
- ``weaker_bottom`` — the best gives up bottom strength (a lower category) to strengthen another row;
- ``stronger_middle`` — the best's middle is a higher category than greedy's;
- ``kickers`` — the same categories row by row: only which cards go where differs;
- ``other``.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum

from ..rules.arrangement import Arrangement
from ..rules.cards import Card, Rank
from ..rules.strength import Category, category_of, evaluate3, evaluate5
from ..support.i18n import tr

__all__ = ["Theme", "detect_theme"]


class Theme(Enum):
    PAIR_ON_TOP = "pair_on_top"
    SPLIT_TWO_PAIR = "split_two_pair"
    BOTTOM_FLUSH_STRAIGHT = "bottom_flush_straight"
    MIDDLE_FLUSH_STRAIGHT = "middle_flush_straight"
    ACE_ON_TOP = "ace_on_top"
    WEAKER_BOTTOM = "weaker_bottom"
    STRONGER_MIDDLE = "stronger_middle"
    KICKERS = "kickers"
    OTHER = "other"

    @property
    def key(self) -> str:
        return self.value

    def label(self, lang: str = "en") -> str:
        return tr(f"drill.theme.{self.value}", lang)

    @classmethod
    def parse(cls, text: str) -> Theme:
        for t in cls:
            if t.value == text.strip().lower().replace("-", "_"):
                return t
        raise ValueError(f"unknown theme: {text!r} (choose from {', '.join(t.value for t in cls)})")


def _categories(arr: Arrangement) -> tuple[Category, Category, Category]:
    return (category_of(evaluate3(arr.top)), category_of(evaluate5(arr.middle)),
            category_of(evaluate5(arr.bottom)))


def _pair_ranks(cards: tuple[Card, ...]) -> set[Rank]:
    return {r for r, n in Counter(c.rank for c in cards).items() if n == 2}


def _splits_two_pair(greedy: Arrangement, best: Arrangement) -> bool:
    for row in (greedy.middle, greedy.bottom):
        pairs = _pair_ranks(row)
        if len(pairs) < 2:
            continue
        # the best puts these pairs in different rows (each still a pair somewhere)
        homes = {i for i, brow in enumerate(best.rows) for r in pairs if r in _pair_ranks(brow)}
        if len(homes) >= 2:
            return True
    return False


_FLUSH_STRAIGHT = (Category.STRAIGHT, Category.FLUSH)


def detect_theme(greedy: Arrangement, best: Arrangement) -> Theme:
    """The theme of a hand whose best arrangement is ``best`` and natural play ``greedy``."""
    gt, gm, gb = _categories(greedy)
    bt, bm, bb = _categories(best)
    if bt >= Category.PAIR and gt == Category.HIGH_CARD:
        return Theme.PAIR_ON_TOP
    if _splits_two_pair(greedy, best):
        return Theme.SPLIT_TWO_PAIR
    if bb in _FLUSH_STRAIGHT and gb >= Category.FULL_HOUSE:
        return Theme.BOTTOM_FLUSH_STRAIGHT
    if bm in _FLUSH_STRAIGHT and gm not in _FLUSH_STRAIGHT:
        return Theme.MIDDLE_FLUSH_STRAIGHT
    if bt == gt == Category.HIGH_CARD and max(c.rank for c in best.top) == Rank.ACE \
            and max(c.rank for c in greedy.top) < Rank.ACE:
        return Theme.ACE_ON_TOP
    if bb < gb:
        return Theme.WEAKER_BOTTOM
    if bm > gm:
        return Theme.STRONGER_MIDDLE
    if (bt, bm, bb) == (gt, gm, gb):
        return Theme.KICKERS
    return Theme.OTHER
