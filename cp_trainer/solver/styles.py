"""Opponents with a style: documented, deterministic policies built on ``standard``.

Each is played by ``standard``'s compiled kernel (:mod:`.kernels`) with changed inputs, so the
solver sets thousands of them in one call, as fast as ``standard`` by its rating:

- ``scoop-chaser`` — ``standard``'s rating of every legal setting with :data:`SCOOP_WEIGHT` (2)
  points more on winning (and on losing) all three rows than the rules pay: it plays for the
  scoop, and trades away points a hand for it.
- ``pair-on-top`` — if a pair (or better) can go on top legally, the best one goes there: the
  highest pair, or three of a kind (which outranks every pair); among the settings with that top,
  and when no pair can go on top at all, ``standard``'s rating decides. Done by adding
  :data:`TOP_PRIORITY` plus :data:`TOP_STEP` per pair rank to the rating of a pair top (trips:
  the most), far more than any rating differs, so the order of the tops comes first.
- ``newcomer`` — plays ``standard`` (by its rating), but fouls at a given rate (default 0.15):
  whether it fouls a hand is a hash of the 13 cards, the seat and a seed (:func:`foul_draws`),
  so the same hand at the same seat always gets the same answer (a replay, the history and the
  solver's model agree). Its foul swaps ``standard``'s middle and bottom rows (the stronger five
  cards end up in the middle); when that is not a foul (the two rows equal, or the low-middle
  variant, where only bottom >= top counts) it takes the first fouled setting (by setting
  number) among those with the same bottom or with the old middle as the bottom, and failing that
  the first fouled setting of all; a hand that cannot foul (none known) stays legal.

None of the styles surrenders, and they look for no naturals (``standard``'s search is kept,
but a pair-on-top's top outweighs a natural's worth).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..rules.house_rules import HouseRules
from .enumerate import tables_for
from .scoring import setting_rows
from .tables import N_SETTINGS, N_SPLITS, SPLIT_MID, SPLIT_TOP, Tables

__all__ = ["SCOOP_WEIGHT", "TOP_PRIORITY", "TOP_STEP", "foul_draws", "foul_settings", "pair_top_probs"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

#: the scoop-chaser's extra weight on winning (and losing) all three rows, in points
SCOOP_WEIGHT = 2.0
#: the pair-on-top's priority for a pair (or better) on top, and the step per pair rank: larger
#: than any rating (points and royalties, at most 3 x 999) so that the top comes first
TOP_PRIORITY = 1.0e7
TOP_STEP = 1.0e5

_PAIR, _TWO_PAIR = 1, 2
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def pair_top_probs(probs: F64, tab: Tables) -> F64:
    """``standard``'s kernel table (:func:`.kernels.setting_value`) with the pair-on-top's priority
    added to the top row's column (6): rising with the class (the kernel's branch and bound
    needs a rating that rises with each row's class), so a pair's bonus grows with its rank and
    every class above the pairs (what a top can hold of them: trips) gets the most."""
    out = np.array(probs, dtype=np.float64, copy=True)
    strength = tab.class_strength.astype(np.int64)
    category = strength >> 20
    pair_rank = (strength >> 16) & 0xF
    bonus = np.zeros(len(strength))
    bonus[category == _PAIR] = TOP_PRIORITY + TOP_STEP * pair_rank[category == _PAIR]
    bonus[category == _TWO_PAIR] = TOP_PRIORITY + TOP_STEP * 15  # no top holds one: kept in order
    bonus[category > _TWO_PAIR] = TOP_PRIORITY + TOP_STEP * 16
    out[:len(bonus), 6] += bonus  # (a mixture table's last row holds its kinds' shares)
    return np.ascontiguousarray(out)


def _mix(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """splitmix64's finaliser, element-wise (wrapping uint64 arithmetic)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def foul_draws(hands: I64, seats: I64 | int, seed: int = 0) -> F64:
    """A number in [0, 1) for each hand (M, 13) card indices, a hash of its cards (in any order),
    its seat and ``seed``: the newcomer fouls when it is below its rate."""
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, 13)
    mask = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    seat = np.broadcast_to(np.asarray(seats, dtype=np.int64), mask.shape).astype(np.uint64)
    salt = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    with np.errstate(over="ignore"):
        h = _mix(mask ^ (seat << np.uint64(52)) ^ _mix(np.full(mask.shape, salt) + _GOLDEN))
    return (h >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def _swapped(settings: I64) -> I64:
    """Each setting with its middle and bottom rows swapped (the same top)."""
    b, j = np.divmod(settings, N_SPLITS)
    mid = SPLIT_MID[b, j].astype(np.int64)
    top = SPLIT_TOP[b, j]
    hit = (SPLIT_MID[mid] == b[:, None]) & (SPLIT_TOP[mid] == top[:, None])
    out: I64 = mid * N_SPLITS + np.argmax(hit, axis=1)
    return out


def foul_settings(hands: I64, settings: I64, fouls: npt.NDArray[np.bool_], rules: HouseRules) -> I64:
    """``settings`` (of ``hands`` (M, 13), the engine's order) with the newcomer's foul played
    where ``fouls`` says so (see the module docstring)."""
    out = np.array(settings, dtype=np.int64, copy=True).reshape(-1)
    idx = np.flatnonzero(fouls)
    if idx.size == 0:
        return out
    strict = rules.replace(ignore_fouls=False)
    tab = tables_for(rules)
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, 13)
    swapped = _swapped(out[idx])
    done = setting_rows(hands[idx], swapped, tab, strict).foul
    out[idx[done]] = swapped[done]
    rest = idx[~done]
    if rest.size:  # the same bottom, or the old middle as the bottom: 112 settings each
        b = out[rest] // N_SPLITS
        mid = swapped[~done] // N_SPLITS
        near = np.concatenate([b[:, None] * N_SPLITS + np.arange(N_SPLITS),
                               mid[:, None] * N_SPLITS + np.arange(N_SPLITS)], axis=1)
        fouled = setting_rows(np.repeat(hands[rest], near.shape[1], axis=0), near.reshape(-1), tab,
                              strict).foul.reshape(near.shape)
        found = fouled.any(axis=1)
        out[rest[found]] = near[found, np.argmax(fouled[found], axis=1)]
        for i in rest[~found]:  # rare: every setting, the first fouled one
            every = setting_rows(np.tile(hands[i], (N_SETTINGS, 1)), np.arange(N_SETTINGS), tab,
                                 strict).foul
            if every.any():
                out[i] = int(np.argmax(every))
    return out
