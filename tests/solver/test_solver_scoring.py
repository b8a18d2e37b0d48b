"""The vectorised scorer agrees with settlement.settle_pair, rule by rule, on many random hands."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import FULL_DECK, Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver.bots import settings_for
from cp_trainer.solver.enumerate import setting_arrangement
from cp_trainer.solver.scoring import ScoringParams, arrangement_rows, pair_points, setting_rows, tie_mode
from cp_trainer.solver.tables import tables

# hands rich in what the rules care about: royalties (trips, quads, straight flushes), naturals
# (dragon, six pairs, three flushes, three straights), ties (same ranks in two hands)
SPECIAL = [
    "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",  # dragon
    "2c 2d 3h 3s 4c 4d 5h 5s 6c 6d 7h 7s Ac",  # six pairs
    "2h 5h 9h 3c 6c 8c Tc Qc 4s 7s Js Ks As",  # three flushes
    "2c 3d 4h 5c 6d 7h 8s 9c Tc Jd Qh Ks Ac",  # three straights (and a dragon-free straight mix)
    "Ac Ad Ah As 9c 9d 9h 5s 6s 7s 8s Ts 2d",  # quads, trips, straight flush
    "Kc Kd Kh 2s 3s 4s 5s 6s Qc Qd Qh 7c 8d",
]


def _hands(rng: np.random.Generator, n: int) -> list[list[Card]]:
    out = [parse_cards(t) for t in SPECIAL]
    while len(out) < n:
        perm = rng.permutation(52)
        out.append([FULL_DECK[i] for i in perm[:13]])
        out.append([FULL_DECK[i] for i in perm[13:26]])
    return out


RULES = [
    HouseRules(),
    HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP, ties=TieRule.BANK, bank=0),
    HouseRules(system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, bank=1, royalties=True),
    HouseRules(royalties=True, royalties_better_hand_only=True, naturals=True),
    HouseRules(ignore_fouls=True, royalties=True, wheel_second=True),
    HouseRules(system=ScoringSystem.ONE_SIX, naturals=True, ignore_fouls=True, natural_amount=5),
    HouseRules(ties=TieRule.BANK, bank=2),
    HouseRules(low_middle=True, royalties=True, naturals=True),
    HouseRules(low_middle=True, ignore_fouls=True, system=ScoringSystem.ONE_SIX, royalties=True),
]


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
def test_scoring_agrees_with_settle_pair(rules: HouseRules) -> None:
    rng = np.random.default_rng(11)
    tab = tables(rules.wheel_second)
    params = ScoringParams.of(rules)
    hands = _hands(rng, 60)
    arrs: list[Arrangement] = []
    idx = np.array([[c.index for c in h] for h in hands])
    # every hand set three ways: by the greedy bot, at random (often fouled), and a natural-ish way
    for setting_source in ("greedy", "random"):
        if setting_source == "greedy":
            settings = settings_for(idx, "greedy", rules)
        else:
            settings = rng.integers(0, 72_072, len(hands))
        rows = setting_rows(idx, settings, tab, rules)
        for h, s in zip(hands, settings, strict=True):
            arrs.append(setting_arrangement(h, int(s)))
        ref = arrangement_rows(arrs[-len(hands):], tab, rules)
        assert np.array_equal(rows.cls, ref.cls)
        assert np.array_equal(rows.foul, ref.foul)
        assert np.array_equal(rows.roy, ref.roy)
        assert np.array_equal(rows.nat, ref.nat)
    # a three-flush and a three-straight natural set as such
    arrs.append(Arrangement.parse("2h 5h 9h / 3c 6c 8c Tc Qc / 4s 7s Js Ks As"))
    arrs.append(Arrangement.parse("2c 3d 4h / 5c 6d 7h 8s 9c / Tc Jd Qh Ks Ac"))
    data = arrangement_rows(arrs, tab, rules)
    checked = 0
    for i, j in itertools.combinations(range(len(arrs)), 2):
        if (i + j) % 3:  # a third of the pairs is plenty
            continue
        seats = ((0, 1), (1, 0), (0, 2), (2, 1))[(i + j) % 4]  # the bank's seat matters
        expected = settle_pair(arrs[i], arrs[j], rules, seats).points[0]
        assert pair_points(data, i, data, j, params, tie_mode(rules, *seats)) == expected, (arrs[i], arrs[j])
        checked += 1
    assert checked > 1000
