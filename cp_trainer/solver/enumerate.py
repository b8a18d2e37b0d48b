"""All 72,072 ways to set 13 cards, the legal mask and the Pareto set.

Every 5-card subset (1,287) and 3-card subset (286) is rated once (:func:`.tables.subset_classes`);
a setting's three row classes are then looked up by index, never re-rated. A setting is
``b * 56 + j``: bottom ``COMB5[b]``, and the ``j``-th split of the other eight cards into a middle
``COMB5[SPLIT_MID[b, j]]`` and a top ``COMB3[SPLIT_TOP[b, j]]`` (positions in the hand).

The *Pareto set* holds the legal settings that no other legal setting matches or beats in every
row, one setting per distinct (top, middle, bottom) strength triple: every legal setting is
matched or beaten row by row by a member, and no member is beaten by another legal setting.
Because points are monotone in each row's strength under every house rule, the best
arrangement for any opponent model is always in this set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import Card, CardError, DuplicateCardError, find_duplicates
from ..rules.house_rules import HouseRules
from ._jit import jit
from .kernel_args import HandClasses
from .tables import (
    COMB3,
    COMB5,
    N_SETTINGS,
    N_SPLITS,
    SPLIT_MID,
    SPLIT_TOP,
    Tables,
    hand_array,
    sorted_cards,
    subset_classes,
    tables,
)

__all__ = ["HandSettings", "SolverInputError", "enumerate_hand", "setting_arrangement", "tables_for"]

I16 = npt.NDArray[np.int16]


class SolverInputError(ValueError):
    """The solver got something other than 13 distinct cards, or rules it cannot play."""


def tables_for(rules: HouseRules) -> Tables:
    return tables(rules.wheel_second)


def check_hand(cards: Sequence[Card]) -> None:
    """Raise a :class:`~cp_trainer.rules.cards.CardError` unless these are 13 distinct cards."""
    dups = find_duplicates(cards)
    if dups:
        raise DuplicateCardError(dups)
    if len(cards) != 13:
        raise CardError(f"a hand has 13 cards, got {len(cards)}")


def _row(cards: Sequence[Card], positions: npt.NDArray[np.int8]) -> tuple[Card, ...]:
    # positions ascend (COMB3 / COMB5 rows do) into cards sorted highest first: high card first
    return tuple(cards[p] for p in positions.tolist())


def setting_arrangement(cards: Sequence[Card], setting: int, *, in_engine_order: bool = False) -> Arrangement:
    """The arrangement a setting number stands for (positions in :func:`.tables.sorted_cards`
    order; rows listed high card first). ``in_engine_order``: the cards are already in that order
    (a caller turning many settings of one hand into arrangements sorts them once)."""
    if not in_engine_order:
        cards = sorted_cards(cards)
    b, j = divmod(int(setting), N_SPLITS)
    return Arrangement(_row(cards, COMB3[SPLIT_TOP[b, j]]), _row(cards, COMB5[SPLIT_MID[b, j]]),
                       _row(cards, COMB5[b]))


@jit
def pareto_kernel(hc: HandClasses, split_mid: I16, split_top: I16, legal_only: bool, low: bool,
                  n_classes: int, out: npt.NDArray[np.int32]) -> int:
    """Write the Pareto settings of the hand rated ``hc`` to ``out``; return how many.

    ``hc.c5mid`` rates the 5-card subsets as middles: ``c5`` itself, or their low classes under the
    *low middle* variant (``low``: then only bottom >= top is required).

    Bottoms are visited strongest first, in groups of equal strength; inside a group the
    candidates go middle-then-top strongest first. ``best_top[m]`` is the strongest top among
    accepted settings whose middle is at least class ``m`` (all of them have a bottom at least as
    strong as the current one), so a candidate is dominated-or-equal iff ``best_top[m] >= t``.
    """
    c5, c5mid, c3 = hc
    order = np.argsort(-c5.astype(np.int32), kind="mergesort")
    best_top = np.full(n_classes + 1, -1, dtype=np.int32)
    group_set = np.empty(N_SETTINGS, dtype=np.int32)
    group_key = np.empty(N_SETTINGS, dtype=np.int64)
    n_out = 0
    i = 0
    nb = c5.shape[0]
    while i < nb:
        cls = c5[order[i]]
        k = i
        ng = 0
        while k < nb and c5[order[k]] == cls:
            b = order[k]
            for j in range(N_SPLITS):
                m = c5mid[split_mid[b, j]]
                t = c3[split_top[b, j]]
                if legal_only and (t > cls if low else (m > cls or t > m)):
                    continue
                if best_top[m] >= t:
                    continue  # already dominated by a stronger-bottom member
                group_set[ng] = b * N_SPLITS + j
                group_key[ng] = -(np.int64(m) * 16384 + t)
                ng += 1
            k += 1
        if ng > 0:
            idx = np.argsort(group_key[:ng])
            for q in idx:
                key = -group_key[q]
                m = key // 16384
                t = key % 16384
                if best_top[m] >= t:
                    continue
                out[n_out] = group_set[q]
                n_out += 1
                mm = m
                while mm >= 0 and best_top[mm] < t:
                    best_top[mm] = t
                    mm -= 1
        i = k
    return n_out


@dataclass(frozen=True)
class HandSettings:
    """One hand's 72,072 settings as row class ids (see :mod:`.tables`), and their legality."""

    cards: tuple[Card, ...]  # in the engine's order (highest first): setting numbers refer to it
    tables: Tables
    c5: I16  # class of each 5-card subset (COMB5 order)
    c3: I16  # class of each 3-card subset (COMB3 order)
    top: I16 = field(repr=False)
    middle: I16 = field(repr=False)  # low classes under the low-middle variant
    bottom: I16 = field(repr=False)
    low: bool = False  # the low-middle variant
    c5mid: I16 | None = field(default=None, repr=False)  # 5-card subsets rated as middles

    @property
    def legal(self) -> npt.NDArray[np.bool_]:
        """Bottom >= middle >= top (low middle: bottom >= top), by setting number."""
        if self.low:
            return np.asarray(self.top <= self.bottom)
        return (self.middle <= self.bottom) & (self.top <= self.middle)

    def rows(self, setting: int) -> tuple[int, int, int]:
        """Class ids (top, middle, bottom) of one setting."""
        return int(self.top[setting]), int(self.middle[setting]), int(self.bottom[setting])

    def strengths(self, setting: int) -> tuple[int, int, int]:
        """Strengths on the shared scale (equal to ``row_strengths`` of the arrangement)."""
        cs = self.tables.class_strength
        ms = self.tables.low_strength if self.low else cs
        return (int(cs[self.top[setting]]), int(ms[self.middle[setting]]), int(cs[self.bottom[setting]]))

    def arrangement(self, setting: int) -> Arrangement:
        return setting_arrangement(self.cards, setting)

    def pareto(self, *, legal_only: bool = True) -> npt.NDArray[np.int32]:
        """Setting numbers of the Pareto set (bottom strongest first). With ``legal_only``
        off (the *ignore fouls* rule) every setting competes, fouled ones included."""
        out = np.empty(N_SETTINGS, dtype=np.int32)
        c5mid = self.c5 if self.c5mid is None else self.c5mid
        n = pareto_kernel(HandClasses(self.c5, c5mid, self.c3), SPLIT_MID, SPLIT_TOP, legal_only, self.low,
                          self.tables.n_classes, out)
        return out[:n].copy()


def enumerate_hand(cards: Sequence[Card], rules: HouseRules | None = None) -> HandSettings:
    """Rate every setting of 13 distinct cards under the rules' wheel setting."""
    rules = rules or HouseRules()
    check_hand(cards)
    tab = tables_for(rules)
    hand = hand_array(tuple(cards))
    c5 = np.empty(len(COMB5), dtype=np.int16)
    c3 = np.empty(len(COMB3), dtype=np.int16)
    subset_classes(hand, tab.nf5, tab.fl5, tab.t3, c5, c3)
    c5mid = c5
    if rules.low_middle:
        c5mid = np.empty(len(COMB5), dtype=np.int16)
        subset_classes(hand, tab.nf5_low, tab.fl5_low, tab.t3, c5mid, np.empty(len(COMB3), np.int16))
    return HandSettings(
        cards=sorted_cards(cards), tables=tab, c5=c5, c3=c3,
        top=c3[SPLIT_TOP].reshape(-1), middle=c5mid[SPLIT_MID].reshape(-1),
        bottom=np.repeat(c5, N_SPLITS), low=rules.low_middle, c5mid=c5mid,
    )
