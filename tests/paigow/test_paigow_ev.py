"""EV of the 21 settings against a house-way dealer (Monte-Carlo)."""

from __future__ import annotations

import math

import numpy as np

from cp_trainer.paigow.cards import card_from_code, parse_hand
from cp_trainer.paigow.ev import dealer_samples, outcome_matrix, settings_ev
from cp_trainer.paigow.house_way import house_way
from cp_trainer.paigow.resolve import Result, settle
from cp_trainer.paigow.setting import setting_from_index

HAND = parse_hand("Ts Th 5d 5c Ad 9h 6c")


def test_reproducible_with_a_seed_and_21_settings() -> None:
    a = settings_ev(HAND, 3000, seed=11)
    b = settings_ev(HAND, 3000, seed=11)
    c = settings_ev(HAND, 3000, seed=12)
    assert len(a.settings) == 21 and a.samples == 3000 and not a.cancelled
    assert [x.ev for x in a.settings] == [x.ev for x in b.settings]
    assert [x.ev for x in a.settings] != [x.ev for x in c.settings]
    assert a.house_way_index == house_way(HAND).index
    for x in a.settings:
        assert x.win + x.push + x.lose == 1.0 or math.isclose(x.win + x.push + x.lose, 1.0)
        assert math.isclose(x.ev, 0.95 * x.win - x.lose, abs_tol=1e-9)
        assert x.se > 0 or x.foul


def test_fouls_lose_everything() -> None:
    res = settings_ev(parse_hand("As Ah 2c 5d 7h 9s Jc"), 500, seed=1)
    fouls = [x for x in res.settings if x.foul]
    assert fouls  # e.g. the aces in front with a jack-high back
    for x in fouls:
        assert x.ev == -1.0 and x.se == 0.0


def test_outcomes_agree_with_settling_each_hand_directly() -> None:
    dealer = dealer_samples(HAND, 300, np.random.default_rng(5))
    assert dealer.shape == (300, 7)
    out = outcome_matrix(HAND, dealer)
    code = {Result.WIN: 1, Result.PUSH: 0, Result.LOSE: -1, Result.FOUL: -1}
    for i, row in enumerate(dealer[:60]):
        d_cards = [card_from_code(int(c)) for c in row]
        assert not set(map(str, d_cards)) & set(map(str, HAND))
        d_setting = house_way(d_cards).setting
        for j in (0, 7, 20, house_way(HAND).index):
            played = settle(setting_from_index(HAND, j), d_setting)
            assert out[i, j] == code[played.result]


def test_house_way_ev_matches_a_direct_simulation() -> None:
    res = settings_ev(HAND, 20000, seed=3)
    hw = house_way(HAND).setting
    rng = np.random.default_rng(99)
    payouts = []
    for row in dealer_samples(HAND, 1500, rng):
        d = house_way([card_from_code(int(c)) for c in row]).setting
        payouts.append(settle(hw, d).payout)
    direct = float(np.mean(payouts))
    direct_se = float(np.std(payouts) / math.sqrt(len(payouts)))
    assert abs(direct - res.house.ev) < 4 * math.hypot(direct_se, res.house.se)
    # House way plays this hand best (two pair with an ace: together); the split costs.
    assert res.best.index == res.house_way_index
    split = next(x for x in res.settings if {str(c) for c in x.setting.low} == {"5d", "5c"})
    assert split.vs_house < -3 * split.vs_house_se


def test_progress_and_cancel() -> None:
    seen: list[tuple[int, int]] = []
    res = settings_ev(HAND, 5000, seed=1, chunk=1000, progress=lambda d, t: seen.append((d, t)),
                      cancel=lambda: len(seen) >= 2)
    assert res.cancelled and res.samples == 2000 and res.requested == 5000
    assert seen == [(1000, 5000), (2000, 5000)]
    full = settings_ev(HAND, 2000, seed=1, chunk=1000)
    assert [x.ev for x in full.settings] == [x.ev for x in res.settings]
