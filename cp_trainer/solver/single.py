"""One hand set by ``greedy`` or ``standard`` in NumPy alone: no Numba, nothing to compile.

The compiled kernels (:mod:`.kernels`) set hands by the thousand inside the solver; one hand,
as ``cp-trainer arrange`` or a bot at the table needs it, is set here with a few whole-array
operations over its 72,072 settings (about a millisecond), so that such a command never pays for
loading Numba. Both give the same setting for every hand (the tests compare them on thousands of
hands under many rules): the same row values, computed in the same order, and the same choice
among equals:

- ``greedy``: the legal setting with the strongest bottom, then middle, then top; among equals
  the lowest setting number.
- ``standard``: the legal setting of highest :func:`.kernels.setting_value`; among settings of
  exactly that value greedy's own when it is one of them, else the lowest setting number. With
  naturals on, a setting holding three flushes or three straights (the first legal one, else the
  last one) replaces it when the natural is worth more.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .tables import COMB3, COMB5, MSW, N_SETTINGS, N_SPLITS, SPLIT_MID, SPLIT_TOP, Tables

__all__ = ["SubsetClasses", "greedy_setting", "natural_setting", "rated_setting", "standard_setting",
           "subset_classes"]

I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

_TOP = SPLIT_TOP.reshape(-1).astype(np.int64)
_MID = SPLIT_MID.reshape(-1).astype(np.int64)
_BOTTOM = np.repeat(np.arange(len(COMB5), dtype=np.int64), N_SPLITS)
_POS5 = COMB5.astype(np.int64)
_POS3 = COMB3.astype(np.int64)
_MSW5 = MSW[np.arange(5)]


class SubsetClasses:
    """One hand's subsets rated: ``c5`` (1,287 five-card), ``c5mid`` (the same rated as middles:
    their low classes under the low-middle variant) and ``c3`` (286 tops)."""

    def __init__(self, hand: I64, tab: Tables, low: bool) -> None:
        self.hand = hand
        cards5 = hand[_POS5]  # (1287, 5), highest first: the ranks descend
        ranks5 = cards5 >> 2
        suits5 = cards5 & 3
        flush = (suits5 == suits5[:, :1]).all(axis=1)
        multiset = _MSW5[np.arange(5), ranks5].sum(axis=1)
        mask = np.bitwise_or.reduce(np.int64(1) << ranks5, axis=1)
        self.c5 = np.where(flush, tab.fl5[mask], tab.nf5[multiset]).astype(np.int64)
        self.c5mid = (np.where(flush, tab.fl5_low[mask], tab.nf5_low[multiset]).astype(np.int64)
                      if low else self.c5)
        r3 = hand[_POS3] >> 2
        self.c3 = tab.t3[r3[:, 0] * 169 + r3[:, 1] * 13 + r3[:, 2]].astype(np.int64)
        self.low = low
        # every setting's row classes, by setting number
        self.top = self.c3[_TOP]
        self.middle = self.c5mid[_MID]
        self.bottom = self.c5[_BOTTOM]

    @property
    def legal(self) -> npt.NDArray[np.bool_]:
        legal: npt.NDArray[np.bool_] = (self.top <= self.bottom) if self.low else (
            (self.middle <= self.bottom) & (self.top <= self.middle))
        return legal


def subset_classes(hand: I64, tab: Tables, low: bool) -> SubsetClasses:
    """Rate one hand (13 card indices in the engine's order, highest first)."""
    return SubsetClasses(hand, tab, low)


def greedy_setting(sc: SubsetClasses) -> int:
    """Strongest bottom, then middle, then top, among legal settings (lowest number among equals)."""
    legal = np.flatnonzero(sc.legal & (sc.bottom == sc.c5.max()))
    key = sc.middle[legal] * 16384 + sc.top[legal]
    return int(legal[int(np.argmax(key))])


def values(sc: SubsetClasses, settings: I64, probs: F64, bonus2: float, bonus3: float) -> F64:
    """:func:`.kernels.setting_value` of many settings, the same operations in the same order."""
    t = sc.top[settings]
    m = sc.middle[settings]
    b = sc.bottom[settings]
    wt = probs[t, 0]
    lt = probs[t, 1]
    wm = probs[m, 2]
    lm = probs[m, 3]
    wb = probs[b, 4]
    lb = probs[b, 5]
    if probs.shape[1] > 9:  # a mixture table: kernels.mixture_value
        ev = (wt - lt) + (wm - lm) + (wb - lb)
        kinds = (probs.shape[1] - 9) // 6
        for k in range(kinds):
            ct = 9 + 2 * k
            cm = ct + 2 * kinds
            cb = cm + 2 * kinds
            share = probs[-1, ct]
            c0, c1 = _kind_coefficients(probs[b, cb], share, bonus2, bonus3)
            c2, c3 = _kind_coefficients(probs[b, cb + 1], share, bonus2, bonus3)
            kw_t, kw_m, kl_t, kl_m = probs[t, ct], probs[m, cm], probs[t, ct + 1], probs[m, cm + 1]
            ev = ev + ((c0 * (kw_t * kw_m) + c1 * (kw_t + kw_m)) - (c2 * (kl_t * kl_m) + c3 * (kl_t + kl_m)))
    else:
        w3 = wt * wm * wb
        l3 = lt * lm * lb
        w2 = wt * wm + wt * wb + wm * wb - 2.0 * w3
        l2 = lt * lm + lt * lb + lm * lb - 2.0 * l3
        ev = (wt - lt) + (wm - lm) + (wb - lb) + bonus2 * (w2 - l2) + bonus3 * (w3 - l3)
    out: F64 = ev + ((probs[t, 6] + probs[m, 7]) + probs[b, 8])
    return out


def _kind_coefficients(x: F64, share: float, bonus2: float, bonus3: float) -> tuple[F64, F64]:
    """:func:`.kernels.kind_coefficients` of many bottoms, the same operations in the same order."""
    c0: F64 = share * (bonus2 + (bonus3 - 2.0 * bonus2) * x)
    c1: F64 = share * (bonus2 * x)
    return c0, c1


def natural_setting(sc: SubsetClasses, categories: npt.NDArray[np.int8]) -> int:
    """A setting holding three flushes or three straights: the first legal one, else the last
    one, else -1 (as :func:`.kernels.natural_setting`)."""
    cb = categories[sc.c5].astype(np.int64)
    bottoms = np.flatnonzero((cb >= 4) & (cb != 6) & (cb != 7))
    if bottoms.size == 0:
        return -1
    settings = (bottoms[:, None] * N_SPLITS + np.arange(N_SPLITS)).reshape(-1)
    b = _BOTTOM[settings]
    cbs = cb[b]
    cm = categories[sc.c5[_MID[settings]]].astype(np.int64)
    top = sc.hand[_POS3[_TOP[settings]]]
    suits = top & 3
    same_suit = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    flushes = ((cbs == 5) | (cbs == 8)) & ((cm == 5) | (cm == 8)) & same_suit
    r = top >> 2
    lo = r.min(axis=1)
    hi = r.max(axis=1)
    distinct = (r[:, 0] != r[:, 1]) & (r[:, 1] != r[:, 2]) & (r[:, 0] != r[:, 2])
    run = distinct & ((hi - lo == 2) | ((lo == 0) & (hi == 12) & (r.sum(axis=1) == 13)))
    straights = ((cbs == 4) | (cbs == 8)) & ((cm == 4) | (cm == 8)) & run
    natural = settings[flushes | straights]
    if natural.size == 0:
        return -1
    ordered = sc.c5[_MID[natural]] <= sc.c5[_BOTTOM[natural]]
    return int(natural[np.argmax(ordered)]) if ordered.any() else int(natural[-1])


def rated_setting(sc: SubsetClasses, probs: F64, bonus2: float, bonus3: float) -> tuple[int, I64, F64]:
    """The legal setting of highest value (see the module docstring for the choice among equals),
    with every legal setting and its value (what the card-removal step, :mod:`.removal`, reads)."""
    greedy = greedy_setting(sc)
    legal = np.flatnonzero(sc.legal)
    v = values(sc, legal, probs, bonus2, bonus3)
    greedy_v = values(sc, np.array([greedy], dtype=np.int64), probs, bonus2, bonus3)[0]
    best = greedy if greedy_v == v.max() else int(legal[int(np.argmax(v))])
    return best, legal, v


def standard_setting(sc: SubsetClasses, probs: F64, bonus2: float, bonus3: float,
                     natural_value: float = -1.0, categories: npt.NDArray[np.int8] | None = None) -> int:
    """:func:`rated_setting`, or with naturals on a natural when that is worth more."""
    best, _, v = rated_setting(sc, probs, bonus2, bonus3)
    if natural_value >= 0 and categories is not None:
        nat = natural_setting(sc, categories)
        if nat >= 0 and natural_value > v.max():
            return nat
    return best


assert len(_TOP) == N_SETTINGS
