"""``standard``'s card-removal step (cp_trainer.solver.removal): compiled and NumPy agree, it
only ever swaps among the settings its rating puts near the best, it plays the candidate an
independent computation of the weighted gain prefers, it holds only under the pool's rules, and
the shipped pool is what its script builds."""

from __future__ import annotations

import importlib.util
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from cp_trainer.cards import Card
from cp_trainer.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.solver import removal, single
from cp_trainer.solver.enumerate import tables_for
from cp_trainer.solver.fastbots import bot_spec, numpy_setting, settings_for
from cp_trainer.solver.tables import hand_array

ROOT = Path(__file__).resolve().parents[1]
RULES = HouseRules()
I64 = npt.NDArray[np.int64]


def _hands(n: int, seed: int) -> I64:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.int64)


def _sorted(hand: I64) -> I64:
    return hand_array(tuple(Card.from_index(int(i)) for i in hand))


@pytest.fixture(scope="module")
def played() -> tuple[I64, I64, I64]:
    """600 hands, standard's settings with and without the step (compiled)."""
    hands = _hands(600, 21)
    return hands, settings_for(hands, "standard", RULES), settings_for(hands, "standard", RULES,
                                                                       card_removal=False)


def test_the_step_changes_some_choices_and_numpy_agrees_with_the_kernel(played: tuple[I64, I64, I64]) -> None:
    hands, with_step, rating = played
    changed = np.flatnonzero(with_step != rating)
    assert 0.1 < len(changed) / len(hands) < 0.4  # about a fifth of the hands
    for i in list(changed[:40]) + list(range(40)):
        assert numpy_setting("standard", _sorted(hands[i]), RULES) == with_step[i], i
        assert numpy_setting("standard", _sorted(hands[i]), RULES, card_removal=False) == rating[i], i


def test_a_changed_choice_is_legal_and_rated_within_delta_of_the_best(played: tuple[I64, I64, I64]) -> None:
    hands, with_step, rating = played
    spec = bot_spec("standard", RULES)
    tab = tables_for(RULES)
    for i in np.flatnonzero(with_step != rating)[:60]:
        sc = single.subset_classes(_sorted(hands[i]), tab, False)
        new, old = int(with_step[i]), int(rating[i])
        assert sc.legal[new]
        v_new, v_old = single.values(sc, np.array([new, old]), spec.probs, spec.bonus2, spec.bonus3)
        assert v_old - removal.DELTA <= v_new <= v_old
        # a different triple of row classes: the same classes would play the same
        assert (sc.top[new], sc.middle[new], sc.bottom[new]) != (sc.top[old], sc.middle[old], sc.bottom[old])


def _points(rows: tuple[int, int, int], pool_cls: npt.NDArray[np.int16]) -> I64:
    won = (np.array(rows) > pool_cls).sum(axis=1)
    lost = (np.array(rows) < pool_cls).sum(axis=1)
    points: I64 = (won - lost + (won >= 2) - (lost >= 2)).astype(np.int64)
    return points


def test_the_choice_is_the_best_weighted_gain_computed_independently(played: tuple[I64, I64, I64]) -> None:
    """Weights straight from the hypergeometric formula on the pool's rank counts (float, no
    fixed point), candidates by brute force over every legal setting."""
    hands, with_step, rating = played
    pool = removal.load_pool()
    with np.load(ROOT / "resources" / "solver" / removal.POOL_FILE) as z:
        ranks = z["hands"].astype(np.int64) >> 2
    pool_counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    spec = bot_spec("standard", RULES)
    tab = tables_for(RULES)
    checked = 0
    for i in list(np.flatnonzero(with_step != rating)[:15]) + list(np.flatnonzero(with_step == rating)[:10]):
        hand = _sorted(hands[i])
        mine = np.bincount(hand >> 2, minlength=13)

        def p_given(h: int, a: int) -> float:  # an opponent holds a of a rank we hold h of
            return comb(4 - h, a) * comb(35 + h, 13 - a) / comb(39, 13) if a + h <= 4 else 0.0

        def prior(a: int) -> float:  # ... of a random 13 of 52, as the pool was dealt
            return comb(4, a) * comb(48, 13 - a) / comb(52, 13)

        # importance weight of a pool hand: P(counts | our cards) / P(counts), per rank, relative to 0
        factor = np.array([[p_given(int(mine[r]), a) / prior(a) / (p_given(int(mine[r]), 0) / prior(0))
                            for a in range(5)] for r in range(13)])
        w = np.prod(factor[np.arange(13), pool_counts], axis=1)
        sc = single.subset_classes(hand, tab, False)
        legal = np.flatnonzero(sc.legal)
        v = single.values(sc, legal, spec.probs, spec.bonus2, spec.bonus3)
        own = int(rating[i])
        own_rows = (int(sc.top[own]), int(sc.middle[own]), int(sc.bottom[own]))
        near = sorted({(-float(v[q]), (int(sc.top[s]), int(sc.middle[s]), int(sc.bottom[s])))
                       for q, s in enumerate(legal) if v[q] >= v.max() - removal.DELTA})
        others = [rows for _, rows in near if rows != own_rows][: removal.K - 1]
        base = _points(own_rows, pool.cls)
        gains = {rows: float((w * (_points(rows, pool.cls) - base)).sum()) for rows in others}
        chosen = (int(sc.top[with_step[i]]), int(sc.middle[with_step[i]]), int(sc.bottom[with_step[i]]))
        if chosen == own_rows:
            assert all(g <= 1e-9 * w.sum() for g in gains.values()), i
        else:
            assert gains[chosen] > 0
            assert gains[chosen] >= max(gains.values()) - 1e-6 * w.sum(), i
        checked += 1
    assert checked == 25


def test_rank_ratio_is_a_likelihood_ratio() -> None:
    """For each count the player holds, the ratios reweight the 13-of-52 distribution of an
    opponent's count of that rank into a distribution (it sums to one); four held: none left."""
    r = removal.rank_ratio()
    prior = np.array([comb(4, a) * comb(48, 13 - a) / comb(52, 13) for a in range(5)])
    assert np.allclose((r * prior).sum(axis=1), 1.0)
    assert (r[4, 1:] == 0).all() and r[4, 0] > 1
    assert r[0, 2] > r[1, 2] > r[2, 2] > r[3, 2] == 0  # holding more of a rank leaves the opponent fewer


def test_weights_drop_a_rank_the_player_holds_all_of() -> None:
    pool = removal.load_pool()
    counts = np.zeros(13, dtype=np.int64)
    counts[12] = 4  # four aces
    counts[:9] = 1
    w = removal.weights(pool, counts)
    aces = pool.holds(12)
    with np.load(ROOT / "resources" / "solver" / removal.POOL_FILE) as z:
        ranks = z["hands"].astype(np.int64) >> 2
    quads = np.stack([(ranks == r).sum(axis=1) == 4 for r in range(9)], axis=1).any(axis=1)
    assert np.array_equal(aces, (ranks == 12).any(axis=1))
    # zero exactly when the hand holds an ace, or four of a rank the player holds one of
    assert np.array_equal(w == 0, aces | quads)


@pytest.mark.parametrize("rules", [HouseRules(system=ScoringSystem.ONE_SIX), HouseRules(ties=TieRule.BANK),
                                   HouseRules(royalties=True), HouseRules(naturals=True),
                                   HouseRules(low_middle=True), HouseRules(wheel_second=True)],
                         ids=["1-6", "bank", "royalties", "naturals", "low-middle", "wheel"])
def test_other_rules_play_the_rating_alone(rules: HouseRules) -> None:
    assert not removal.applies(rules)
    hands = _hands(150, 4)
    assert (settings_for(hands, "standard", rules) == settings_for(hands, "standard", rules,
                                                                   card_removal=False)).all()


def test_the_default_rules_and_those_that_change_no_play_take_the_step() -> None:
    assert removal.applies(HouseRules())
    assert removal.applies(HouseRules(surrender=True, point_value=5.0, ignore_fouls=True))


def test_the_shipped_pool_is_what_its_script_builds() -> None:
    path = ROOT / "scripts" / "build_removal_pool.py"
    spec = importlib.util.spec_from_file_location("build_removal_pool", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    hands, settings, cls = script.build()
    with np.load(ROOT / "resources" / "solver" / removal.POOL_FILE) as z:
        assert np.array_equal(z["hands"], hands.astype(np.uint8))
        assert np.array_equal(z["settings"], settings.astype(np.int32))
        assert np.array_equal(z["cls"], cls)
    assert removal.load_pool().meta["hands"] == len(hands) == 20_000


def test_the_candidate_list_keeps_the_k_best_triples_whatever_the_order_they_come_in() -> None:
    """keep_candidate against a sort: each triple by its lowest setting, by rating then setting."""
    from cp_trainer.solver.kernels import keep_candidate

    rng = np.random.default_rng(8)
    for _ in range(200):
        k = int(rng.integers(1, 6))
        n = int(rng.integers(1, 30))
        triples = [tuple(int(x) for x in rng.integers(0, 3, 3)) for _ in range(n)]
        rating = {t: float(rng.integers(0, 4)) for t in set(triples)}  # a triple has one rating
        settings = rng.permutation(1000)[:n]
        top_v, top_s, top_c = np.empty(k), np.empty(k, dtype=np.int64), np.empty((k, 3), dtype=np.int64)
        nk = 0
        for t, s in zip(triples, settings, strict=True):
            nk = keep_candidate(top_v, top_s, top_c, nk, rating[t], int(s), *t)
        lowest: dict[tuple[int, ...], int] = {}
        for t, s in zip(triples, settings, strict=True):
            lowest[t] = min(lowest.get(t, 10**6), int(s))
        expected = sorted(lowest.items(), key=lambda item: (-rating[item[0]], item[1]))[:k]
        got = [(tuple(int(x) for x in top_c[q]), int(top_s[q])) for q in range(nk)]
        assert got == expected
