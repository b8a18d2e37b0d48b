"""Card removal: ``standard``'s last step, which re-ranks its best few settings against a pool.

``standard`` rates a setting from per-row win probabilities against a typical opponent, rows
taken as independent and whatever the player holds (:mod:`.winprob`). Two things that rating
misses are worth points: the player's own 13 cards change what an opponent can hold (holding
three kings, an opponent's pair of kings is rare), and an opponent's rows are not independent (a
strong bottom comes with a strong middle). Both are captured by playing the candidates against a
stored pool of opponents, weighted for the player's cards:

1. The candidates: the legal settings that ``standard``'s rating puts within :data:`DELTA` points
   of its best, one per distinct triple of row classes (the lowest setting number of each), the
   best :data:`K` of them by rating (then by setting number), ``standard``'s own choice first.
2. The pool: :data:`POOL_FILE`, 20,000 random hands set by ``standard``'s rating (the opponents
   the solver models), with their row classes (``scripts/build_removal_pool.py`` rebuilds it).
3. A pool hand's weight is the likelihood of its rank counts given the player's (hypergeometric
   per rank: the player's cards leave 39 unseen; suits ignored), relative to holding none of each
   rank, as a fixed-point integer (:data:`SCALE`), so sums are exact whatever their order.
4. Each other candidate's gain over ``standard``'s choice is the weighted sum, over the pool, of
   its points minus the choice's points against the pool hand's rows. The candidate with the
   largest positive gain is played (the earlier one among equal gains); none positive: the choice.

It holds for the rules the pool was set under (:func:`applies`: 2-4 scoring, ties push, no
royalties, naturals, low middle or second-highest wheel); under other rules ``standard`` is its
rating alone. The Monte-Carlo solver sets the opponents with the rating alone (the step costs
about three times the rating: a solve would take three times as long), which differs from
``standard``'s choice on about a fifth of the hands, always between settings it rates within
:data:`DELTA` of each other. ``benchmarks/bench_peer.py`` measures what the step is worth.

This module is the NumPy twin of the compiled step (:func:`.kernels.removal_choice`): the same
candidates, weights and gains, so one hand gets the same setting with or without Numba.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..frozen import FrozenMap
from ..house_rules import HouseRules, ScoringSystem, TieRule
from ..resources import resource_path

__all__ = [
    "DELTA",
    "POOL_FILE",
    "SCALE",
    "K",
    "Pool",
    "applies",
    "load_pool",
    "rank_ratio",
    "relative_ratio",
    "rerank",
    "save_pool",
    "weights",
]

POOL_FILE = "removal_pool_v1.npz"
#: candidates: at most this many distinct row-class triples (``standard``'s choice included)...
K = 8
#: ...that ``standard``'s rating puts within this many points of its best
DELTA = 0.1
#: a pool hand's weight in units of 1 / SCALE
SCALE = float(1 << 20)

I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
F64 = npt.NDArray[np.float64]


def applies(rules: HouseRules) -> bool:
    """Does ``standard`` re-rank for card removal under these rules (those the pool was set under:
    2-4 without a scoop bonus of the house's own)?"""
    return (rules.system is ScoringSystem.TWO_FOUR and rules.ties is TieRule.PUSH and not rules.royalties
            and not rules.naturals and not rules.low_middle and not rules.wheel_second
            and rules.effective_scoop_bonus == 0)


def rank_ratio() -> F64:
    """``R[h, a]``: P(an opponent holds ``a`` cards of a rank | the player holds ``h`` of it and 39
    cards are unseen) / P(a random 13 of 52 holds ``a`` of it); hypergeometric."""
    r = np.zeros((5, 5))
    for h in range(5):
        for a in range(5):
            if a + h <= 4:
                given = comb(4 - h, a) * comb(35 + h, 13 - a) / comb(39, 13)
                r[h, a] = given / (comb(4, a) * comb(48, 13 - a) / comb(52, 13))
    return r


def relative_ratio(counts: I64, ratio: F64) -> F64:
    """``rel[rank, a]``: the factor of a pool hand holding ``a`` of ``rank`` for a player holding
    ``counts[rank]`` of it, relative to holding none (so only the ranks a pool hand holds count)."""
    by_rank = ratio[counts]  # (13, 5)
    return by_rank / by_rank[:, :1]


@dataclass(frozen=True)
class Pool:
    """The pool, in the shapes the compiled step reads.

    ``cls`` (N, 3) row classes (top, middle, bottom); ``held`` (N, 13) the ranks a hand holds as
    ``rank * 8 + count``, lowest rank first, then 0 (rank 0 held 0 times: a factor of exactly 1);
    ``by_row_cls`` (3, N, 3) and ``by_row_held`` (3, N, 13) the same sorted by each row's class
    and ``vals`` (3, N) those classes (for a range of classes at once); ``ratio`` (5, 5)
    :func:`rank_ratio`; ``meta`` how the pool was made."""

    cls: I16
    held: U8
    by_row_cls: I16
    by_row_held: U8
    vals: I16
    ratio: F64
    meta: Mapping[str, Any]  # read-only (a copy of the mapping given)

    def __post_init__(self) -> None:
        object.__setattr__(self, "meta", FrozenMap(self.meta))

    def kernel_args(self) -> tuple[I16, U8, I16, F64, float]:
        """What :func:`.kernels.removal_settings` reads of the pool, in its order."""
        return self.by_row_cls, self.by_row_held, self.vals, self.ratio, SCALE

    def holds(self, rank: int) -> npt.NDArray[np.bool_]:
        """Which pool hands hold a card of ``rank`` (0 the deuce ... 12 the ace)."""
        found: npt.NDArray[np.bool_] = ((self.held != 0) & ((self.held >> 3) == rank)).any(axis=1)
        return found


def _pool_from(hands: npt.NDArray[np.integer], cls: npt.NDArray[np.integer], meta: dict[str, Any]) -> Pool:
    counts = np.stack([((hands >> 2) == r).sum(axis=1) for r in range(13)], axis=1)
    held = np.zeros(counts.shape, dtype=np.uint8)
    for rank in range(13):  # ranks held, lowest first: each hand's next free column
        has = counts[:, rank] > 0
        col = (counts[:, :rank] > 0).sum(axis=1)
        held[np.flatnonzero(has), col[has]] = rank * 8 + counts[has, rank]
    pcls = np.ascontiguousarray(cls, dtype=np.int16)
    order = np.argsort(pcls, axis=0, kind="stable").T  # (3, N): the hands by each row's class
    by_row_cls = np.ascontiguousarray(pcls[order])
    vals = np.ascontiguousarray(np.stack([by_row_cls[r, :, r] for r in range(3)]))
    return Pool(pcls, held, by_row_cls, np.ascontiguousarray(held[order]), vals, rank_ratio(), meta)


@cache
def load_pool() -> Pool:
    """The shipped pool (:data:`POOL_FILE`)."""
    with np.load(resource_path("solver", POOL_FILE)) as z:
        hands = z["hands"].astype(np.int64)
        cls = z["cls"]
        meta = json.loads(str(z["meta"]))
    return _pool_from(hands, cls, meta)


def save_pool(path: str, hands: npt.NDArray[np.integer], settings: npt.NDArray[np.integer],
              cls: npt.NDArray[np.integer], meta: dict[str, Any]) -> None:
    """Write a pool: the hands (card indices), the settings they were given and their row classes."""
    np.savez_compressed(path, hands=np.asarray(hands, dtype=np.uint8),
                        settings=np.asarray(settings, np.int32), cls=np.asarray(cls, dtype=np.int16),
                        meta=np.array(json.dumps(meta, sort_keys=True)))


def weights(pool: Pool, counts: I64) -> I64:
    """Every pool hand's weight for a player holding ``counts[rank]`` of each rank, in units of
    1 / :data:`SCALE` (the compiled step computes the touched ones the same way: the same products
    in the same order, then rounded)."""
    rel = relative_ratio(counts, pool.ratio)
    # columns i, i+4, i+8, ... multiplied in part[i % 4]; an unused column holds code 0 (rank 0,
    # count 0), whose factor is exactly 1
    part = np.ones((4, pool.cls.shape[0]))
    for col in range(13):
        code = pool.held[:, col].astype(np.int64)
        part[col % 4] *= rel[code >> 3, code & 7]
    w = (part[0] * part[1]) * (part[2] * part[3])
    fixed: I64 = np.floor(w * SCALE + 0.5).astype(np.int64)
    return fixed


def _points(t: I64, m: I64, b: I64, x: I16, y: I16, z: I16) -> I64:
    """2-4 points, ties push, of rows (t, m, b) against each pool hand's (x, y, z)."""
    win = (t > x).astype(np.int64) + (m > y) + (b > z)
    lose = (t < x).astype(np.int64) + (m < y) + (b < z)
    return win - lose + (win >= 2) - (lose >= 2)


def rerank(hand: I64, top: I64, middle: I64, bottom: I64, value: F64, legal: I64, best: int,
           pool: Pool) -> int:
    """``standard``'s setting after the card-removal step (see the module docstring).

    ``hand``: the 13 card indices; ``top``/``middle``/``bottom``: every setting's row classes;
    ``value``: the rating of the ``legal`` settings (in that order); ``best``: ``standard``'s choice."""
    floor = value.max() - DELTA
    near = value >= floor
    s = legal[near]
    v = value[near]
    key = top[s] * (1 << 32) + middle[s] * (1 << 16) + bottom[s]
    _, reps = np.unique(key, return_index=True)  # s ascends: each triple's lowest setting
    reps = reps[np.lexsort((s[reps], -v[reps]))]  # by rating, then setting number
    own = top[best] * (1 << 32) + middle[best] * (1 << 16) + bottom[best]
    reps = reps[key[reps] != own][: K - 1]
    if len(reps) == 0:
        return best
    counts = np.bincount(hand >> 2, minlength=13).astype(np.int64)
    w = weights(pool, counts)
    x, y, z = pool.cls[:, 0], pool.cls[:, 1], pool.cls[:, 2]
    base = _points(top[best], middle[best], bottom[best], x, y, z)
    chosen = best
    best_gain = 0
    for q in reps:
        c = int(s[q])
        gain = int((w * (_points(top[c], middle[c], bottom[c], x, y, z) - base)).sum())
        if gain > best_gain:
            best_gain = gain
            chosen = c
    return chosen
