"""The adjustable scoop bonus: a house rule of 0 to 10 points, the systems its presets.

Every expected number is worked by hand from RULES.md in the comments, not computed with the code
under test: a row won +1, lost -1; 2-4 adds +1 for winning at least two rows; the scoop bonus
is the extra for winning all three (2-4: 0, 2-4-scoop: 1, 1-6: 3, unless the house sets its own).
"""

from __future__ import annotations

import json

import pytest

from cp_trainer.cli import main
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.house_rules import MAX_SCOOP_BONUS, HouseRules, HouseRulesError, ScoringSystem
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver.scoring import ScoringParams

# S scoops T 3-0 (the example of docs/command-line.md): top JJ > TT, middle KK66 > KK, bottom 555 > QQ44.
S = "Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d"
T = "Ts Th 7d / Kc Kd 8s 7h 6c / Qc Qd 4s 4h 3c"
# W beats L 2-1: top A-high > K-high (W), middle QQ < AA (L), bottom 999 < TTT (L): W loses 1-2.
W = "As Kd 2c / Qs Qd 5h 4c 3d / 9s 9h 9d 7c 6d"
L = "Ks Qh Jd / Ah Ac 8s 7s 6s / Ts Th Tc 8h 2h"
# F fouls (middle pair of kings under a bottom pair of queens); against S it loses as if scooped.
F = "2s 3s 4s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d"
G = "2h 3h 4h / 5d 6d 7d 8d Td / Ac Ad Ah As Jd"  # a legal hand of other cards, for the foul


def _points(a: str, b: str, rules: HouseRules) -> int:
    return settle_pair(Arrangement.parse(a), Arrangement.parse(b), rules).points[0]


@pytest.mark.parametrize(("rules", "scoop", "one_two"), [
    (HouseRules(), 4, -2),  # 3 + 1 (two rows) + 0;  -1 +1 -1 -1 (two rows lost) = -2
    (HouseRules(scoop_bonus=5), 9, -2),  # 3 + 1 + 5; the 1-2 hand has no scoop: -2
    (HouseRules(scoop_bonus=0, system=ScoringSystem.ONE_SIX), 3, -1),  # 3 + 0; -1
    (HouseRules(system=ScoringSystem.ONE_SIX), 6, -1),  # 3 + 3 (the preset)
    (HouseRules(scoop_bonus=2, system=ScoringSystem.TWO_FOUR_SCOOP), 5, -1),  # 3 + 2; -1
    (HouseRules(scoop_bonus=10), 14, -2),  # 3 + 1 + 10
])
def test_settlement_pays_the_scoop_bonus(rules: HouseRules, scoop: int, one_two: int) -> None:
    assert _points(S, T, rules) == scoop
    assert _points(T, S, rules) == -scoop
    assert _points(W, L, rules) == one_two
    assert rules.scoop_points == scoop


@pytest.mark.parametrize(("bonus", "lost"), [(None, -4), (5, -9), (0, -4)])
def test_a_foul_costs_the_scoop_with_its_bonus(bonus: int | None, lost: int) -> None:
    rules = HouseRules(scoop_bonus=bonus)
    assert _points(F, G, rules) == lost  # 2-4: 3 + 1 + the bonus (0 when none)


def test_the_systems_are_presets_of_the_bonus() -> None:
    assert [s.scoop_bonus for s in ScoringSystem] == [0, 1, 3]
    for system in ScoringSystem:
        preset = HouseRules(system=system)
        same = HouseRules(system=system, scoop_bonus=system.scoop_bonus)
        assert _points(S, T, preset) == _points(S, T, same) == preset.scoop_points
        assert _points(W, L, preset) == _points(W, L, same)
    # the solver's table of points follows the house's bonus too: [won 3, lost 0] = 3 + 1 + 7
    assert ScoringParams.of(HouseRules(scoop_bonus=7)).points[3, 0] == 11
    assert ScoringParams.of(HouseRules(scoop_bonus=7)).scoop == 11


def test_the_bounds_are_house_rules_own() -> None:
    assert MAX_SCOOP_BONUS == 10
    assert HouseRules(scoop_bonus=11).bounds_problem() == "scoop_bonus must be at most 10, got 11"
    assert HouseRules(scoop_bonus=10).bounds_problem() is None
    with pytest.raises(HouseRulesError, match=r"scoop_bonus must be a whole number >= 0, got -1"):
        HouseRules(scoop_bonus=-1)
    with pytest.raises(HouseRulesError, match=r"scoop_bonus must be a whole number >= 0, got True"):
        HouseRules(scoop_bonus=True)


def test_records_of_the_old_rules_are_unchanged() -> None:
    assert "scoop_bonus" not in HouseRules().to_dict()
    data = HouseRules(scoop_bonus=2).to_dict()
    assert data["scoop_bonus"] == 2
    assert HouseRules.from_dict(data) == HouseRules(scoop_bonus=2)
    assert HouseRules.from_dict(HouseRules().to_dict()) == HouseRules()


def test_the_command_line_takes_the_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--json", "--scoop-bonus", "5", S, T]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == [9, -9]
    assert main(["score", "--json", S, T]) == 0
    assert capsys.readouterr().out == ('{"points": [4, -4], "pairs": [{"players": [0, 1], "rows": {"top": 0, '
                                       '"middle": 0, "bottom": 0}, "points": [4, -4]}]}\n')
    with pytest.raises(SystemExit, match="2"):
        main(["score", "--json", "--scoop-bonus", "11", S, T])
    assert "argument --scoop-bonus: must be 0 to 10, got 11" in capsys.readouterr().err
