"""One hand set in NumPy (solver.single) equals the compiled kernel; the shipped tables equal a
fresh build from the reference evaluators."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.solver import single
from cp_trainer.solver import tables as tables_module
from cp_trainer.solver.bots import get_bot, settings_for
from cp_trainer.solver.enumerate import tables_for
from cp_trainer.solver.fastbots import bot_spec, numpy_setting
from cp_trainer.solver.kernels import bottom_coefficients, mixture_rest, mixture_value, setting_value
from cp_trainer.solver.tables import build_tables, hand_array, load_tables, sort_hand

RULES = [
    HouseRules(),
    HouseRules(naturals=True),
    HouseRules(low_middle=True),
    HouseRules(royalties=True, system=ScoringSystem.ONE_SIX),
    HouseRules(wheel_second=True, ties=TieRule.BANK, system=ScoringSystem.TWO_FOUR_SCOOP),
    HouseRules(scoop_bonus=3, ties=TieRule.BANK),
]


def _hands(n: int, seed: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.int64)
    # hands with many settings of exactly equal value (equal ranks in several rows, flushes)
    extra = ["As Ks Qs Js 9s 8h 7h 6h 5h 4d 3d 2d Td", "Ac Ad Ah As Kc Qc Jc 9c 2h 3h 5d 7s 8s",
             "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8h", "Ah Kh Qh Jh Th 9c 8c 7c 6c 5c 4d 3d 2d",
             "Ac 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc"]
    more = np.array([[c.index for c in parse_cards(text)] for text in extra], dtype=np.int64)
    return np.concatenate([hands, more])


def _cards(row: npt.NDArray[np.int64]) -> list[Card]:
    return [Card.from_index(int(i)) for i in row]


@pytest.mark.parametrize("rules", RULES, ids=["default", "naturals", "low-middle", "1-6+royalties",
                                              "wheel+bank+scoop", "scoop-bonus-3+bank"])
@pytest.mark.parametrize("bot", ["greedy", "standard"])
def test_one_hand_in_numpy_equals_the_kernel(rules: HouseRules, bot: str) -> None:
    hands = _hands(400, 11)
    compiled = settings_for(hands, bot, rules)
    alone = np.array([numpy_setting(bot, hand_array(tuple(_cards(h))), rules) for h in hands])
    assert (alone == compiled).all(), np.flatnonzero(alone != compiled)[:10]
    # the Python interface answers the same, whichever way it computes
    assert [get_bot(bot).setting(_cards(h), rules) for h in hands[:50]] == list(compiled[:50])


@pytest.mark.parametrize("rules", [HouseRules(system=ScoringSystem.ONE_SIX),
                                   HouseRules(scoop_bonus=3, ties=TieRule.BANK)], ids=["1-6", "scoop-3+bank"])
def test_a_mixture_rating_is_the_same_number_to_the_last_bit_every_way(rules: HouseRules) -> None:
    """The search rates a bottom's settings from its coefficients (kernels.mixture_rest), the bounds
    and the step from the whole formula (kernels.mixture_value), one hand in NumPy from single.values:
    if they differed in the last bit, a setting could beat itself and the three could choose apart."""
    spec = bot_spec("standard", rules)
    assert spec.probs.shape[1] > 9  # a mixture table
    tab = tables_for(rules)
    coef = np.empty(((spec.probs.shape[1] - 9) // 6, 4))
    for hand in _hands(4, 3):  # with the five hands of many equal settings
        sc = single.subset_classes(sort_hand(hand), tab, rules.low_middle)
        legal = np.flatnonzero(sc.legal)
        numpy_values = single.values(sc, legal, spec.probs, spec.bonus2, spec.bonus3)
        for s, numpy_value in zip(legal[::7], numpy_values[::7], strict=True):
            t, m, b = int(sc.top[s]), int(sc.middle[s]), int(sc.bottom[s])
            whole = mixture_value(t, m, b, spec.probs, spec.bonus2, spec.bonus3)
            bottom_coefficients(b, spec.probs, spec.bonus2, spec.bonus3, coef)
            assert mixture_rest(t, m, b, spec.probs, coef) == whole == numpy_value
            assert whole == setting_value(t, m, b, spec.probs, spec.bonus2, spec.bonus3)
            assert whole == pytest.approx(_mixture_by_definition(t, m, b, spec.probs, spec.bonus2,
                                                                 spec.bonus3), abs=1e-12)


def _mixture_by_definition(t: int, m: int, b: int, p: npt.NDArray[np.float64], bonus2: float,
                           bonus3: float) -> float:
    """Rows won minus lost, plus each kind's share of bonus2 * (P(win >= 2) - P(lose >= 2)) +
    bonus3 * (P(win 3) - P(lose 3)), rows independent within a kind, plus the royalties."""
    kinds = (p.shape[1] - 9) // 6
    value = (p[t, 0] - p[t, 1]) + (p[m, 2] - p[m, 3]) + (p[b, 4] - p[b, 5]) + p[t, 6] + p[m, 7] + p[b, 8]
    for k in range(kinds):
        ct, cm, cb = 9 + 2 * k, 9 + 2 * k + 2 * kinds, 9 + 2 * k + 4 * kinds
        for sign, (x, y, z) in ((1, (p[t, ct], p[m, cm], p[b, cb])),
                                (-1, (p[t, ct + 1], p[m, cm + 1], p[b, cb + 1]))):
            three = x * y * z
            two_or_more = x * y + x * z + y * z - 2 * three
            value += sign * p[-1, ct] * (bonus2 * two_or_more + bonus3 * three)
    return float(value)


def test_the_bank_seat_changes_the_choice_the_same_way() -> None:
    rules = HouseRules(ties=TieRule.BANK, bank=1)
    hands = _hands(200, 5)
    for seat in (0, 1):
        compiled = settings_for(hands, "standard", rules, seat=seat)
        alone = np.array([numpy_setting("standard", hand_array(tuple(_cards(h))), rules, seat)
                          for h in hands])
        assert (alone == compiled).all()


def test_shipped_tables_equal_a_fresh_build() -> None:
    shipped = load_tables()
    built = build_tables()
    assert set(built) <= set(shipped)
    for name, array in built.items():
        assert shipped[name].dtype == array.dtype, name
        assert np.array_equal(shipped[name], array), name


def test_a_damaged_tables_file_is_not_used() -> None:
    good = dict(load_tables())
    assert tables_module._fits(good)
    assert not tables_module._fits({k: v for k, v in good.items() if k != "t3"})
    assert not tables_module._fits(good | {"split_mid": good["split_mid"][:10]})
    assert not tables_module._fits(good | {"nf5": good["nf5"].astype(np.int64)})
    assert not tables_module._fits({})


def test_a_broken_tables_file_is_rebuilt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "tables_v1.npz").write_bytes(b"not a zip file")
    monkeypatch.setattr(tables_module, "resource_path", lambda *parts: tmp_path / parts[-1])
    data = tables_module.load_tables.__wrapped__()
    shipped = load_tables()
    assert all(np.array_equal(data[name], shipped[name]) for name in shipped)
