"""Table-driven row strengths: every 5-card and 3-card row as a *class id*.

A class id is the dense rank of a strength among every strength a row can have (all 5-card
hands under both wheel settings, and all 3-card tops), so comparing class ids is comparing
strengths on the shared scale of :mod:`cp_trainer.rules.strength`, top against middle included, and
``CLASS_STRENGTH[class_id]`` gives back the identical integer ``evaluate3``/``evaluate5`` return.

The tables are built *from* ``evaluate5``/``evaluate3`` themselves, one call per rank pattern, so
they cannot drift from the reference (:func:`build_tables`, about 0.3 s). That build is done once,
by ``scripts/build_solver_tables.py``, and shipped as ``resources/solver/tables_v1.npz`` (loaded in
about a millisecond; the tests check it equals a fresh build); without that file, or with one
that does not fit, the tables are built in the process as before:

- ``nf5``: non-flush 5-card class by rank multiset: for ranks r0 >= r1 >= ... >= r4 the index is
  ``MSW[0, r0] + MSW[1, r1] + ... + MSW[4, r4]`` (the combinatorial number system: 6,188
  entries, 12 KB, so lookups stay in the fastest cache);
- ``fl5``: flush class by the 13-bit mask of the five ranks;
- ``t3``: top class by ``r0*169 + r1*13 + r2``.

Cards are indices 0..51 (``Card.index``): rank index ``c >> 2`` (0 = deuce), suit ``c & 3``.
A hand's cards are always taken *sorted by index, highest first* (:func:`sorted_cards`,
:func:`hand_array`), so that every subset's ranks come out in descending order. Subsets are
numbered in lexicographic order of positions in that sorted hand (``COMB5``: 1,287 five-card
subsets; ``COMB3``: 286 tops); ``SPLIT_MID``/``SPLIT_TOP`` give, for each bottom, the 56 ways to
split the other eight cards into a middle and a top. A *setting* is ``b * 56 + j``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.cards import Card
from ..rules.strength import evaluate3, evaluate5, lowball27
from ..support.resources import resource_path
from ._jit import jit

__all__ = [
    "COMB3",
    "COMB5",
    "N_SETTINGS",
    "N_SPLITS",
    "SPLIT_MID",
    "SPLIT_TOP",
    "TABLES_FILE",
    "Tables",
    "hand_array",
    "sort_hand",
    "sorted_cards",
    "strengths_of",
    "subset_classes",
    "tables",
]

I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]

N_SPLITS = 56  # ways to split 8 cards into a 5-card middle and a 3-card top
N_SETTINGS = 1287 * N_SPLITS  # 72,072

TABLES_FILE = "tables_v1.npz"
# What the shipped file holds: every array of build_tables(), by name.
_SHIPPED = ("comb5", "comb3", "split_mid", "split_top", "class_strength", "nf5", "fl5", "nf5_wheel",
            "fl5_wheel", "t3", "low_strength", "nf5_low", "fl5_low")


def build_splits() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], I16, I16]:
    """COMB5, COMB3, SPLIT_MID, SPLIT_TOP from their definition (see the module docstring)."""
    comb5 = np.array(list(combinations(range(13), 5)), dtype=np.int8)
    comb3 = np.array(list(combinations(range(13), 3)), dtype=np.int8)
    id5 = {tuple(int(x) for x in c): i for i, c in enumerate(comb5)}
    id3 = {tuple(int(x) for x in c): i for i, c in enumerate(comb3)}
    mid = np.empty((len(comb5), N_SPLITS), dtype=np.int16)
    top = np.empty((len(comb5), N_SPLITS), dtype=np.int16)
    for b, bottom in enumerate(comb5):
        rest = [p for p in range(13) if p not in set(int(x) for x in bottom)]
        for j, m in enumerate(combinations(rest, 5)):
            mid[b, j] = id5[m]
            top[b, j] = id3[tuple(p for p in rest if p not in m)]
    return comb5, comb3, mid, top


def build_tables() -> dict[str, npt.NDArray[np.integer]]:
    """Every table, built from the reference evaluators (what ``tables_v1.npz`` ships)."""
    comb5, comb3, split_mid, split_top = build_splits()
    class_strength, raw, t3 = _raw()
    nf_low, fl_low = _raw_low()
    low = np.unique(np.concatenate([nf_low, fl_low]))
    low_strength = low[low >= 0].astype(np.int32)
    return {
        "comb5": comb5, "comb3": comb3, "split_mid": split_mid, "split_top": split_top,
        "class_strength": class_strength,
        "nf5": _to_class(class_strength, raw[False][0]), "fl5": _to_class(class_strength, raw[False][1]),
        "nf5_wheel": _to_class(class_strength, raw[True][0]),
        "fl5_wheel": _to_class(class_strength, raw[True][1]),
        "t3": _to_class(class_strength, t3),
        "low_strength": low_strength,
        "nf5_low": _to_class(low_strength, nf_low), "fl5_low": _to_class(low_strength, fl_low),
    }


def _fits(data: dict[str, npt.NDArray[np.integer]]) -> bool:
    """Do these arrays have the shapes and types the engine needs (a damaged or old file not)?"""
    shapes = {"comb5": ((1287, 5), np.int8), "comb3": ((286, 3), np.int8),
              "split_mid": ((1287, N_SPLITS), np.int16), "split_top": ((1287, N_SPLITS), np.int16),
              "nf5": ((N_MULTISETS,), np.int16), "fl5": ((1 << 13,), np.int16),
              "nf5_wheel": ((N_MULTISETS,), np.int16), "fl5_wheel": ((1 << 13,), np.int16),
              "t3": ((13 ** 3,), np.int16), "nf5_low": ((N_MULTISETS,), np.int16),
              "fl5_low": ((1 << 13,), np.int16)}
    if any(name not in data for name in _SHIPPED):
        return False
    for name, (shape, dtype) in shapes.items():
        if data[name].shape != shape or data[name].dtype != dtype:
            return False
    n_classes = len(data["class_strength"])
    return (data["class_strength"].dtype == np.int32 and data["low_strength"].dtype == np.int32
            and int(data["t3"].max()) < n_classes and int(data["nf5"].max()) < n_classes
            and int(data["split_mid"].max()) < 1287 and int(data["split_top"].max()) < 286)


@cache
def load_tables() -> dict[str, npt.NDArray[np.integer]]:
    """The shipped tables (:data:`TABLES_FILE`), or a fresh build when it is missing or unfit."""
    try:
        with np.load(resource_path("solver", TABLES_FILE), allow_pickle=False) as npz:
            data = {name: npz[name] for name in npz.files}
    except (OSError, ValueError, KeyError):
        data = {}
    return data if _fits(data) else build_tables()


def save_tables(path: str) -> None:
    """Write :func:`build_tables` to ``path`` (``scripts/build_solver_tables.py``)."""
    built = build_tables()
    arrays: dict[str, Any] = {name: built[name] for name in _SHIPPED}
    np.savez_compressed(path, **arrays)



@dataclass(frozen=True, eq=False)  # compared and hashed by identity (one per wheel setting)
class Tables:
    """The lookup tables (see the module docstring). ``nf5``/``fl5`` for one wheel setting."""

    class_strength: I32  # class id -> strength on the shared scale
    class_category: npt.NDArray[np.int8]  # class id -> Category value
    nf5: I16
    fl5: I16
    t3: I16
    wheel_second: bool
    # The *low middle* variant: a middle's 2-7 lowball value (``strength.lowball27``) as a dense
    # rank of its own, by multiset (``nf5_low``) and flush mask (``fl5_low``).
    low_strength: I32
    nf5_low: I16
    fl5_low: I16

    @property
    def n_classes(self) -> int:
        return len(self.class_strength)

    def low_class_of(self, low_value: int) -> int:
        """Low class id of a ``lowball27`` value."""
        i = int(np.searchsorted(self.low_strength, low_value))
        if i >= len(self.low_strength) or int(self.low_strength[i]) != low_value:
            raise KeyError(f"no middle has the low value {low_value}")
        return i

    def class_of(self, strength: int) -> int:
        """Class id of a strength (KeyError if no row has that strength)."""
        i = int(np.searchsorted(self.class_strength, strength))
        if i >= len(self.class_strength) or int(self.class_strength[i]) != strength:
            raise KeyError(f"no row has strength {strength:#x}")
        return i


def _cards_for(ranks: tuple[int, ...], flush: bool) -> list[Card]:
    """Cards with these rank indices: all clubs for a flush, else suits spread so none is one."""
    if flush:
        return [Card.from_index(r * 4) for r in ranks]
    seen: dict[int, int] = {}
    suits = []
    for r in ranks:  # a repeated rank takes the next suit
        suits.append(seen.get(r, 0))
        seen[r] = suits[-1] + 1
    if len(set(suits)) == 1:  # five distinct ranks, all clubs: move one to diamonds
        suits[1] = 1
    cards = [Card.from_index(r * 4 + s) for r, s in zip(ranks, suits, strict=True)]
    return cards


def _multiset_weights() -> npt.NDArray[np.int64]:
    """``MSW[k, r]`` = C(r + 4 - k, 5 - k): ranks r0 >= ... >= r4 map to distinct indices < 6188."""
    w = np.zeros((5, 13), dtype=np.int64)
    for k in range(5):
        for r in range(13):
            w[k, r] = comb(r + 4 - k, 5 - k)
    return w


MSW = _multiset_weights()
N_MULTISETS = 6188  # C(17, 5): multisets of 5 ranks out of 13


@cache
def _raw() -> tuple[I32, dict[bool, tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]], I32]:
    """Strength (not yet class) tables for both wheel settings, and the 3-card table."""
    nf: dict[bool, npt.NDArray[np.int32]] = {}
    fl: dict[bool, npt.NDArray[np.int32]] = {}
    for wheel in (False, True):
        per_multiset = np.full(N_MULTISETS, -1, dtype=np.int32)
        flush_by_mask = np.full(1 << 13, -1, dtype=np.int32)
        for asc in combinations_with_replacement(range(13), 5):
            ranks = asc[::-1]
            if max(ranks.count(r) for r in ranks) > 4:
                continue  # five of one rank: no such hand
            index = sum(int(MSW[k, r]) for k, r in enumerate(ranks))
            per_multiset[index] = evaluate5(_cards_for(ranks, False), wheel_second=wheel)
            if len(set(ranks)) == 5:
                mask = sum(1 << r for r in ranks)
                flush_by_mask[mask] = evaluate5(_cards_for(ranks, True), wheel_second=wheel)
        nf[wheel] = per_multiset
        fl[wheel] = flush_by_mask
    grid3 = np.indices((13,) * 3, dtype=np.int32).reshape(3, -1).T
    t3 = np.array([evaluate3([Card.from_index(int(r) * 4 + i) for i, r in enumerate(row)])
                   for row in grid3], dtype=np.int32)
    all_strengths = np.unique(np.concatenate(
        [nf[False], nf[True], fl[False], fl[True], t3]))
    class_strength = all_strengths[all_strengths >= 0].astype(np.int32)
    return class_strength, {w: (nf[w], fl[w]) for w in (False, True)}, t3


def _to_class(class_strength: I32, strengths: npt.NDArray[np.int32]) -> I16:
    ids = np.searchsorted(class_strength, strengths).astype(np.int16)
    ids[strengths < 0] = -1
    return ids


@cache
def _raw_low() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """``lowball27`` values by multiset and by flush mask (-1 where no hand)."""
    nf = np.full(N_MULTISETS, -1, dtype=np.int32)
    fl = np.full(1 << 13, -1, dtype=np.int32)
    for asc in combinations_with_replacement(range(13), 5):
        ranks = asc[::-1]
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        nf[sum(int(MSW[k, r]) for k, r in enumerate(ranks))] = lowball27(_cards_for(ranks, False))
        if len(set(ranks)) == 5:
            fl[sum(1 << r for r in ranks)] = lowball27(_cards_for(ranks, True))
    return nf, fl


_LOADED = load_tables()
COMB5: npt.NDArray[np.int8] = np.ascontiguousarray(_LOADED["comb5"], dtype=np.int8)
COMB3: npt.NDArray[np.int8] = np.ascontiguousarray(_LOADED["comb3"], dtype=np.int8)
SPLIT_MID: I16 = np.ascontiguousarray(_LOADED["split_mid"], dtype=np.int16)
SPLIT_TOP: I16 = np.ascontiguousarray(_LOADED["split_top"], dtype=np.int16)


@cache
def tables(wheel_second: bool = False) -> Tables:
    """The lookup tables for one wheel setting (loaded on first use, then cached)."""
    data = load_tables()
    class_strength = data["class_strength"].astype(np.int32)
    suffix = "_wheel" if wheel_second else ""
    return Tables(
        low_strength=data["low_strength"].astype(np.int32),
        nf5_low=data["nf5_low"].astype(np.int16),
        fl5_low=data["fl5_low"].astype(np.int16),
        class_strength=class_strength,
        class_category=(class_strength >> 20).astype(np.int8),
        nf5=data["nf5" + suffix].astype(np.int16),
        fl5=data["fl5" + suffix].astype(np.int16),
        t3=data["t3"].astype(np.int16),
        wheel_second=wheel_second,
    )


def _index(card: Card) -> int:
    return card.index


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in the engine's order: by index, highest first (setting numbers refer to it)."""
    return tuple(sorted(cards, key=_index, reverse=True))


def hand_array(cards: Sequence[Card]) -> npt.NDArray[np.int64]:
    """Cards as card indices in the engine's order (:func:`sorted_cards`)."""
    return np.array([c.index for c in sorted_cards(cards)], dtype=np.int64)


# --- kernels -----------------------------------------------------------------------------------


@jit
def sort_hand(hand: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """A copy of the card indices, highest first (the engine's order)."""
    out = hand.copy()
    for i in range(1, out.shape[0]):
        x = out[i]
        j = i - 1
        while j >= 0 and out[j] < x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return out


@jit
def eval5(c0: int, c1: int, c2: int, c3: int, c4: int, nf5: I16, fl5: I16) -> int:
    """Class id of one 5-card row given card indices (any order)."""
    s = c0 & 3
    r0 = c0 >> 2
    r1 = c1 >> 2
    r2 = c2 >> 2
    r3 = c3 >> 2
    r4 = c4 >> 2
    if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s and (c4 & 3) == s:
        return int(fl5[(1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)])
    # sort the five ranks, highest first (a sorting network)
    if r0 < r1:
        r0, r1 = r1, r0
    if r3 < r4:
        r3, r4 = r4, r3
    if r2 < r4:
        r2, r4 = r4, r2
    if r2 < r3:
        r2, r3 = r3, r2
    if r1 < r4:
        r1, r4 = r4, r1
    if r0 < r3:
        r0, r3 = r3, r0
    if r0 < r2:
        r0, r2 = r2, r0
    if r1 < r3:
        r1, r3 = r3, r1
    if r1 < r2:
        r1, r2 = r2, r1
    return int(nf5[MSW[0, r0] + MSW[1, r1] + MSW[2, r2] + MSW[3, r3] + MSW[4, r4]])


@jit
def eval3(c0: int, c1: int, c2: int, t3: I16) -> int:
    """Class id of one 3-card top given card indices."""
    return int(t3[(c0 >> 2) * 169 + (c1 >> 2) * 13 + (c2 >> 2)])


@jit
def subset_classes(hand: npt.NDArray[np.int64], nf5: I16, fl5: I16, t3: I16, out5: I16, out3: I16) -> None:
    """Class ids of all 1,287 five-card and 286 three-card subsets of 13 cards (COMB order).

    ``hand`` must be in the engine's order (highest first), so each subset's ranks descend."""
    w = MSW
    n = 0
    for a in range(9):
        ra = w[0, hand[a] >> 2]
        sa = hand[a] & 3
        for b in range(a + 1, 10):
            rb = ra + w[1, hand[b] >> 2]
            sb = sa if (hand[b] & 3) == sa else -1
            for c in range(b + 1, 11):
                rc = rb + w[2, hand[c] >> 2]
                sc = sb if (hand[c] & 3) == sb else -1
                for d in range(c + 1, 12):
                    rd = rc + w[3, hand[d] >> 2]
                    sd = sc if (hand[d] & 3) == sc else -1
                    for e in range(d + 1, 13):
                        if sd >= 0 and (hand[e] & 3) == sd:
                            out5[n] = fl5[(1 << (hand[a] >> 2)) | (1 << (hand[b] >> 2))
                                          | (1 << (hand[c] >> 2)) | (1 << (hand[d] >> 2))
                                          | (1 << (hand[e] >> 2))]
                        else:
                            out5[n] = nf5[rd + (hand[e] >> 2)]
                        n += 1
    n = 0
    for a in range(11):
        ra = (hand[a] >> 2) * 169
        for b in range(a + 1, 12):
            rb = ra + (hand[b] >> 2) * 13
            for c in range(b + 1, 13):
                out3[n] = t3[rb + (hand[c] >> 2)]
                n += 1


@jit
def rows_classes(cards: npt.NDArray[np.int64], nf5: I16, fl5: I16, t3: I16, out: I16) -> None:
    """Class ids of M rows (M, 5) or tops (M, 3) of card indices."""
    if cards.shape[1] == 3:
        for i in range(cards.shape[0]):
            out[i] = eval3(cards[i, 0], cards[i, 1], cards[i, 2], t3)
    else:
        for i in range(cards.shape[0]):
            out[i] = eval5(cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4], nf5, fl5)


def strengths_of(rows: npt.NDArray[np.integer], wheel_second: bool = False) -> I32:
    """Strengths (the ``evaluate5``/``evaluate3`` integers) of many rows of card indices, shape
    (M, 5) or (M, 3): the table-driven evaluator, vectorised."""
    tab = tables(wheel_second)
    cards = np.ascontiguousarray(rows, dtype=np.int64)
    if cards.ndim != 2 or cards.shape[1] not in (3, 5):
        raise ValueError(f"rows must be (M, 3) or (M, 5) card indices, got shape {cards.shape}")
    out = np.empty(cards.shape[0], dtype=np.int16)
    rows_classes(cards, tab.nf5, tab.fl5, tab.t3, out)
    return tab.class_strength[out]

