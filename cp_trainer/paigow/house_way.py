"""The dealer's house way (RULES.md §2, the Golden Nugget house way of seed ``004_…``).

:func:`house_way` sets 7 cards and names the rule that decided the setting (one rule, or two
when a straight or flush is played as two pair and the two-pair rule then decides). The work is
done by a Numba kernel on card codes, shared by the trainer, the command line and the EV
simulation, so all three set hands the same way.

How the kernel reads RULES.md (the joker counts as an ace everywhere outside straights and
flushes, so Jk+A is a pair of aces and a lone joker is an ace singleton):

1. The strongest 5-card hand among the 7 picks the rule: five aces; straight flush; four of a
   kind; full house (also trips with two pairs, and two sets of trips); flush or straight;
   three of a kind; two pair (three pair when there are three pairs); one pair; no pair.
2. A rule names the *ranks* of the front (e.g. "the lower pair", "the two highest singletons");
   among the settings whose front has those ranks, the one with the strongest back is taken
   (so a split of four aces with the joker keeps a flush in back when it can).
3. Straights and flushes keep a straight or better in back and take the strongest possible
   front, ties going to the strongest back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from ..solver.numba_cache import njit
from ..support.i18n import tr
from .cards import CardCountError, PgCard, card_code, check_distinct, parse_hand
from .hands import eval2_codes, eval5_codes
from .setting import BACKS, FRONTS, Setting, setting_from_index

__all__ = ["HouseRule", "HouseWay", "house_way", "house_way_codes", "house_way_indices"]


class HouseRule(IntEnum):
    """The rule of the house way that decided a setting (``.text(lang)`` names it)."""

    NO_PAIR = 0
    ONE_PAIR = 1
    TWO_PAIR_TOGETHER = 2
    TWO_PAIR_SPLIT_SEVENS = 3  # (a) a pair of 7s or better and no ace singleton
    TWO_PAIR_SPLIT_JACKS_ACE = 4  # (b) jacks or better and 6s or better with an ace singleton
    TWO_PAIR_SPLIT_ACES = 5  # (c) one pair is aces
    THREE_PAIR = 6
    TRIPS = 7
    TRIP_ACES = 8
    FULL_HOUSE_SPLIT = 9
    FULL_HOUSE_DEUCES_TOGETHER = 10
    TRIPS_TWO_PAIRS = 11
    TWO_TRIPS = 12
    STRAIGHT = 13
    FLUSH = 14
    STRAIGHT_FLUSH = 15
    STRAIGHT_FLUSH_KEPT = 16  # breaking would not lift the front to jack-high
    STRAIGHT_FLUSH_BROKEN = 17
    ROYAL_FLUSH_KEPT = 18
    ROYAL_FLUSH_BROKEN = 19
    AS_TWO_PAIR_ACE = 20  # straight/flush with any two pair and an ace singleton
    AS_TWO_PAIR_JACKS_SIXES = 21  # ... with jacks or better and 6s or better
    AS_TWO_PAIR_ACES = 22  # ... with aces and any other pair
    QUADS_LOW = 23  # 2s-6s: together
    QUADS_MID_TOGETHER = 24  # 7s-10s with an ace or a pair to play in front
    QUADS_MID_SPLIT = 25
    QUADS_HIGH_TOGETHER = 26  # J-K with a pair of 10s or better
    QUADS_HIGH_SPLIT = 27
    QUAD_ACES_TOGETHER = 28  # with a pair of 7s or better
    QUAD_ACES_SPLIT = 29
    FIVE_ACES_TOGETHER = 30  # with a pair of kings
    FIVE_ACES_SPLIT = 31

    @property
    def key(self) -> str:
        return self.name.lower()

    def text(self, lang: str = "en") -> str:
        return tr(f"paigow.rule.{self.key}", lang)


# --- the kernel ---------------------------------------------------------------------------------

_STRAIGHT_MIN = 4 << 20
_SF_MIN = 8 << 20
_ROYAL = (8 << 20) | (15 << 16)


@njit(cache=True)
def _pick(er: np.ndarray, fronts: np.ndarray, highs: np.ndarray, f1: int, f2: int) -> int:
    """The setting whose front has effective ranks {f1, f2} and whose back is strongest."""
    best = -1
    besth = -1
    for k in range(fronts.shape[0]):
        a = er[fronts[k, 0]]
        b = er[fronts[k, 1]]
        if ((a == f1 and b == f2) or (a == f2 and b == f1)) and highs[k] > besth:
            besth = highs[k]
            best = k
    return best


@njit(cache=True)
def _two_pair_front(hi: int, lo: int, ace_single: bool, s0: int, s1: int) -> tuple[int, int, int]:
    """(rule, front rank, front rank) of the two-pair rule."""
    if hi == 14:
        return 5, lo, lo
    if hi >= 7 and not ace_single:
        return 3, lo, lo
    if hi >= 11 and lo >= 6 and ace_single:
        return 4, lo, lo
    return 2, s0, s1


@njit(cache=True)
def _best_front(highs: np.ndarray, lows: np.ndarray, min_high: int) -> int:
    """Among settings whose back is worth at least ``min_high``: the strongest front, then back."""
    best = -1
    for k in range(highs.shape[0]):
        if highs[k] >= min_high and (
            best < 0 or lows[k] > lows[best] or (lows[k] == lows[best] and highs[k] > highs[best])
        ):
            best = k
    return best


@njit(cache=True)
def _groups(ec: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, int, int]:
    """Ranks by count, high to low: (quads, trips, pairs, singletons, #trips, #pairs)."""
    quads = -1
    trips = np.full(2, -1, np.int64)
    pairs = np.full(3, -1, np.int64)
    singles = np.full(7, -1, np.int64)
    nt = 0
    np_ = 0
    ns = 0
    for r in range(14, 1, -1):
        if ec[r] >= 4:
            quads = r
        elif ec[r] == 3:
            trips[nt] = r
            nt += 1
        elif ec[r] == 2:
            pairs[np_] = r
            np_ += 1
        elif ec[r] == 1:
            singles[ns] = r
            ns += 1
    return quads, trips, pairs, singles, nt, np_


@njit(cache=True)
def _as_two_pair(er: np.ndarray, fronts: np.ndarray, highs: np.ndarray, pairs: np.ndarray, np_: int,
                 singles: np.ndarray, ace_single: bool) -> tuple[int, int, int]:
    """A straight or flush played as two pair: (setting, rule, second rule), or rule -1 if not."""
    if np_ < 2:
        return -1, -1, -1
    hi = pairs[0]
    lo = pairs[1]
    rule1 = -1
    if ace_single:
        rule1 = 20
    elif hi >= 11 and lo >= 6:
        rule1 = 21
    elif hi == 14:
        rule1 = 22
    if rule1 < 0:
        return -1, -1, -1
    if np_ == 3:
        return _pick(er, fronts, highs, hi, hi), rule1, 6
    rule2, f1, f2 = _two_pair_front(hi, lo, ace_single, singles[0], singles[1])
    return _pick(er, fronts, highs, f1, f2), rule1, rule2


@njit(cache=True)
def _straight_or_flush(highs: np.ndarray, lows: np.ndarray, cat: int) -> tuple[int, int, int]:
    """A straight, flush or straight flush kept (or broken) as a straight or better in back."""
    k_any = _best_front(highs, lows, _STRAIGHT_MIN)
    if cat != 8:
        return k_any, 13 if highs[k_any] >> 20 == 4 else 14, -1
    k_sf = _best_front(highs, lows, _SF_MIN)
    royal = highs[k_sf] == _ROYAL
    threshold = (13 << 16) if royal else (11 << 16)
    if lows[k_sf] < threshold <= lows[k_any]:
        return k_any, 19 if royal else 17, -1
    if lows[k_any] > lows[k_sf]:
        return k_sf, 18 if royal else 16, -1
    return k_sf, 15, -1


@njit(cache=True)
def _quads(er: np.ndarray, fronts: np.ndarray, highs: np.ndarray, ec: np.ndarray,
           q: int) -> tuple[int, int, int]:
    """Four of a kind (rank ``q``): split or kept by the other three cards."""
    o_pair = -1  # the best pair (or trips) among the others
    for r in range(14, 1, -1):
        if r != q and ec[r] >= 2:
            o_pair = r
            break
    others = np.empty(3, np.int64)
    n = 0
    for r in range(14, 1, -1):
        if r != q:
            for _ in range(ec[r]):
                others[n] = r
                n += 1
    if o_pair >= 0:
        b1, b2 = o_pair, o_pair
    else:
        b1, b2 = others[0], others[1]
    if q <= 6:
        return _pick(er, fronts, highs, b1, b2), 23, -1
    if q <= 10:
        if ec[14] >= 1 or o_pair >= 0:
            return _pick(er, fronts, highs, b1, b2), 24, -1
        return _pick(er, fronts, highs, q, q), 25, -1
    if q <= 13:
        if o_pair >= 10:
            return _pick(er, fronts, highs, b1, b2), 26, -1
        return _pick(er, fronts, highs, q, q), 27, -1
    if o_pair >= 7:
        return _pick(er, fronts, highs, b1, b2), 28, -1
    return _pick(er, fronts, highs, 14, 14), 29, -1


@njit(cache=True)
def _full_house(er: np.ndarray, fronts: np.ndarray, highs: np.ndarray, ec: np.ndarray, trips: np.ndarray,
                pairs: np.ndarray, nt: int, np_: int) -> tuple[int, int, int]:
    """A full house, trips with two pairs, or two sets of trips."""
    if nt == 2:
        return _pick(er, fronts, highs, trips[0], trips[0]), 12, -1
    if np_ == 2:
        return _pick(er, fronts, highs, pairs[0], pairs[0]), 11, -1
    if pairs[0] == 2 and ec[14] == 1 and ec[13] == 1:
        return _pick(er, fronts, highs, 14, 13), 10, -1
    return _pick(er, fronts, highs, pairs[0], pairs[0]), 9, -1


@njit(cache=True)
def house_way_codes(h: np.ndarray, fronts: np.ndarray, backs: np.ndarray, highs: np.ndarray,
                    lows: np.ndarray) -> tuple[int, int, int]:
    """Set the 7 card codes ``h`` by house way: (setting index, rule, second rule or -1).

    ``highs`` and ``lows`` (21 int64 each) are filled with every setting's values.
    """
    for k in range(fronts.shape[0]):
        b = backs[k]
        highs[k] = eval5_codes(h[b[0]], h[b[1]], h[b[2]], h[b[3]], h[b[4]])
        lows[k] = eval2_codes(h[fronts[k, 0]], h[fronts[k, 1]])
    best5 = highs.max()
    cat = best5 >> 20
    er = np.empty(7, np.int64)
    ec = np.zeros(15, np.int64)
    for i in range(7):
        r = 14 if h[i] == 52 else (h[i] >> 2) + 2
        er[i] = r
        ec[r] += 1
    quads, trips, pairs, singles, nt, np_ = _groups(ec)
    ace_single = ec[14] == 1

    if cat == 9:  # five aces
        if ec[13] == 2:
            return _pick(er, fronts, highs, 13, 13), 30, -1
        return _pick(er, fronts, highs, 14, 14), 31, -1

    if cat == 8 or cat == 5 or cat == 4:  # straight flush, flush, straight
        k, rule1, rule2 = _as_two_pair(er, fronts, highs, pairs, np_, singles, ace_single)
        if rule1 >= 0:
            return k, rule1, rule2
        return _straight_or_flush(highs, lows, cat)

    if cat == 7:  # four of a kind: the other three cards
        return _quads(er, fronts, highs, ec, quads)

    if cat == 6:  # full house
        return _full_house(er, fronts, highs, ec, trips, pairs, nt, np_)

    if cat == 3:  # three of a kind
        if trips[0] == 14:
            return _pick(er, fronts, highs, 14, singles[0]), 8, -1
        return _pick(er, fronts, highs, singles[0], singles[1]), 7, -1

    if cat == 2:  # two pair or three pair
        if np_ == 3:
            return _pick(er, fronts, highs, pairs[0], pairs[0]), 6, -1
        rule1, f1, f2 = _two_pair_front(pairs[0], pairs[1], ace_single, singles[0], singles[1])
        return _pick(er, fronts, highs, f1, f2), rule1, -1

    if cat == 1:
        return _pick(er, fronts, highs, singles[0], singles[1]), 1, -1
    return _pick(er, fronts, highs, singles[1], singles[2]), 0, -1


@njit(cache=True)
def house_way_indices(hands: np.ndarray, fronts: np.ndarray, backs: np.ndarray) -> np.ndarray:
    """House-way setting of many hands: rows of (index, rule, rule2, high value, low value)."""
    n = hands.shape[0]
    out = np.empty((n, 5), np.int64)
    highs = np.empty(21, np.int64)
    lows = np.empty(21, np.int64)
    for i in range(n):
        k, r1, r2 = house_way_codes(hands[i], fronts, backs, highs, lows)
        out[i, 0] = k
        out[i, 1] = r1
        out[i, 2] = r2
        out[i, 3] = highs[k]
        out[i, 4] = lows[k]
    return out


# --- the Python face ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HouseWay:
    """A house-way setting: the setting, its index (0..20) and the rule(s) that decided it."""

    cards: tuple[PgCard, ...]
    index: int
    setting: Setting
    rules: tuple[HouseRule, ...]

    def rule_text(self, lang: str = "en") -> str:
        """The deciding rule in words; two rules are joined (``...: play as two pair; ...``)."""
        return tr("paigow.rule.join", lang).join(r.text(lang) for r in self.rules)


def house_way(cards: Sequence[PgCard] | str) -> HouseWay:
    """Set a 7-card hand (cards, or their text) the way the dealer must."""
    if isinstance(cards, str):
        hand = parse_hand(cards)
    else:
        hand = list(cards)
        if len(hand) != 7:
            raise CardCountError(7, len(hand))
        check_distinct(hand)
    codes = np.array([card_code(c) for c in hand], dtype=np.int64)
    res = house_way_indices(codes.reshape(1, 7), FRONTS, BACKS)[0]
    k = int(res[0])
    rules = (HouseRule(int(res[1])),) if res[2] < 0 else (HouseRule(int(res[1])), HouseRule(int(res[2])))
    return HouseWay(tuple(hand), k, setting_from_index(hand, k), rules)

