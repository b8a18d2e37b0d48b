"""The table-driven evaluator equals strength.evaluate5 / evaluate3 on every hand, and orders
every 5-card hand as phevaluator does."""

from __future__ import annotations

from itertools import chain, combinations

import numpy as np
from phevaluator import evaluate_cards

from cp_trainer.rules.cards import Card
from cp_trainer.rules.strength import evaluate3, evaluate5, lowball27
from cp_trainer.solver.tables import COMB3, COMB5, SPLIT_MID, SPLIT_TOP, rows_classes, strengths_of, tables


def _all_hands(k: int) -> np.ndarray:
    n = {5: 2_598_960, 3: 22_100}[k]
    flat = np.fromiter(chain.from_iterable(combinations(range(52), k)), dtype=np.int8, count=n * k)
    return flat.reshape(n, k)


HANDS5 = _all_hands(5)


def _groups(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hands grouped by (rank multiset, flush): index of one hand per group, and each hand's group."""
    ranks = hands.astype(np.int64) >> 2  # combinations come sorted, so ranks are ascending
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    key = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + flush
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


FIRST, GROUP = _groups(HANDS5)


def _cards(row: np.ndarray) -> list[Card]:
    return [Card.from_index(int(i)) for i in row]


def test_every_five_card_hand_matches_evaluate5() -> None:
    # A strength depends only on the rank multiset and on flushness, so checking that the table is
    # constant on each such group and equal to evaluate5 of a member covers all 2,598,960 hands;
    # a random sample is also compared hand by hand.
    for wheel in (False, True):
        ours = strengths_of(HANDS5, wheel_second=wheel)
        reference = np.array([evaluate5(_cards(HANDS5[i]), wheel_second=wheel) for i in FIRST])
        assert np.array_equal(ours, reference[GROUP])
        rng = np.random.default_rng(1)
        for i in rng.choice(len(HANDS5), 3000, replace=False):
            assert int(ours[i]) == evaluate5(_cards(HANDS5[i]), wheel_second=wheel)
    # 6,175 rank multisets unsuited + 1,287 flushes: one group per distinct strength
    assert len(FIRST) == 7462
    assert len(np.unique(strengths_of(HANDS5))) == 7462


def test_every_five_card_hand_matches_lowball27() -> None:
    # the low-middle variant's table: a middle's 2-7 low value, on every hand
    tab = tables()
    out = np.empty(len(HANDS5), dtype=np.int16)
    rows_classes(HANDS5.astype(np.int64), tab.nf5_low, tab.fl5_low, tab.t3, out)
    ours = tab.low_strength[out]
    reference = np.array([lowball27(_cards(HANDS5[i])) for i in FIRST])
    assert np.array_equal(ours, reference[GROUP])


def test_table_order_is_phevaluators_order() -> None:
    # phevaluator: 1 = royal flush .. 7462 = 7-5-4-3-2, wheel the lowest straight.
    ours = strengths_of(HANDS5[FIRST])
    theirs = np.array([evaluate_cards(*(str(c) for c in _cards(HANDS5[i]))) for i in FIRST])
    order = np.argsort(ours, kind="stable")
    assert np.all(np.diff(theirs[order]) <= 0)
    # equal strength exactly when phevaluator says equal
    assert np.array_equal(np.diff(ours[order]) == 0, np.diff(theirs[order]) == 0)


def test_every_three_card_top_matches_evaluate3() -> None:
    hands = _all_hands(3)
    ours = strengths_of(hands)
    assert [int(x) for x in ours] == [evaluate3(_cards(h)) for h in hands]


def test_class_ids_order_strengths_on_the_shared_scale() -> None:
    tab = tables()
    assert np.all(np.diff(tab.class_strength) > 0)
    # top vs middle compare by class id exactly as by strength (AKQ top < AKQJ9 middle)
    top = tab.class_of(evaluate3(_cards(np.array([51, 47, 43]))))
    mid = tab.class_of(evaluate5(_cards(np.array([50, 46, 42, 38, 30]))))
    assert top < mid


def test_split_tables_partition_the_hand() -> None:
    assert COMB5.shape == (1287, 5) and COMB3.shape == (286, 3)
    bottoms = np.repeat(COMB5, 56, axis=0)
    middles = COMB5[SPLIT_MID.reshape(-1)]
    tops = COMB3[SPLIT_TOP.reshape(-1)]
    everything = np.sort(np.concatenate([tops, middles, bottoms], axis=1), axis=1)
    assert everything.shape == (72_072, 13)
    assert (everything == np.arange(13)).all()
    keys = {(tuple(t), tuple(m)) for t, m in zip(tops.tolist(), middles.tolist(), strict=True)}
    assert len(keys) == 72_072
