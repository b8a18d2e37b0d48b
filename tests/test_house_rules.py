"""HouseRules: defaults, the plain-data round trip, and bad values refused as HouseRulesError."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from cp_trainer.house_rules import HouseRules, HouseRulesError, RoyaltyTable, ScoringSystem, TieRule


def test_defaults_are_the_rules_md_table() -> None:
    rules = HouseRules()
    assert rules.system is ScoringSystem.TWO_FOUR and rules.ties is TieRule.PUSH
    assert rules.scoop_points == 4 and rules.effective_surrender_cost == 3
    assert rules.effective_natural_amount == 4
    one_six = HouseRules(system=ScoringSystem.ONE_SIX)
    assert one_six.scoop_points == 6 and one_six.effective_surrender_cost == 4
    assert HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP).effective_surrender_cost == 3


def test_dict_round_trip() -> None:
    rules = HouseRules(system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, bank=2, royalties=True,
                       royalty_table=RoyaltyTable(top_trips=5), stakes=(1.0, 2.5), surrender_cost=2)
    assert HouseRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("data", [
    {"bank": "2"}, {"bank": True}, {"bank": 1.5},
    {"point_value": "x"}, {"point_value": math.inf}, {"point_value": True},
    {"surrender_cost": "3"}, {"surrender_cost": 2.5},
    {"natural_amount": 1.5}, {"natural_amount": "4"},
    {"stakes": [1.0, math.inf]}, {"stakes": 3},
    {"royalty_table": {"top_trips": "3"}}, {"royalty_table": {"top_trips": -5}},
    {"royalty_table": {"bottom_royal_flush": 7.5}}, {"royalty_table": {"no_such_row": 1}},
])
def test_bad_values_are_house_rules_errors_naming_the_field(data: dict[str, Any]) -> None:
    # A damaged settings file or history record must be reported, not crash with a TypeError.
    field = next(iter(data["royalty_table"])) if "royalty_table" in data else next(iter(data))
    with pytest.raises(HouseRulesError, match=re.escape(field)) as info:
        HouseRules.from_dict(data)
    field = next(iter(data["royalty_table"])) if "royalty_table" in data else next(iter(data))
    assert field in str(info.value)
