"""HouseRules: defaults, the plain-data round trip, and bad values refused as HouseRulesError."""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

import pytest

from cp_trainer.rules.house_rules import HouseRules, HouseRulesError, RoyaltyTable, ScoringSystem, TieRule


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


# --- exact answers and messages ---------------------------------------------------------------

@pytest.mark.parametrize(("changes", "message"), [
    ({"system": "2-4"}, "system must be a ScoringSystem, got '2-4'"),
    ({"ties": "push"}, "ties must be a TieRule, got 'push'"),
    ({"bank": 4}, "bank must be a seat from 0 to 3, got 4"),
    ({"bank": -1}, "bank must be a seat from 0 to 3, got -1"),
    ({"bank": True}, "bank must be a seat from 0 to 3, got True"),
    ({"bank": 1.0}, "bank must be a seat from 0 to 3, got 1.0"),
    ({"surrender_cost": -1}, "surrender_cost must be a whole number >= 0, got -1"),
    ({"surrender_cost": True}, "surrender_cost must be a whole number >= 0, got True"),
    ({"natural_amount": 2.0}, "natural_amount must be a whole number >= 0, got 2.0"),
    ({"royalty_table": {}}, "royalty_table must be a RoyaltyTable, got {}"),
    ({"point_value": 0}, "point_value must be a number > 0, got 0"),
    ({"point_value": -0.5}, "point_value must be a number > 0, got -0.5"),
    ({"point_value": math.nan}, "point_value must be a number > 0, got nan"),
    ({"point_value": math.inf}, "point_value must be a number > 0, got inf"),
    ({"point_value": False}, "point_value must be a number > 0, got False"),
    ({"point_value": "1"}, "point_value must be a number > 0, got '1'"),
    ({"point_value": 10**400}, "point_value must be a number > 0, got " + repr(10**400)[:28] + " … "
     + repr(10**400)[-28:]),
    ({"point_value": 10**5000}, "point_value must be a number > 0, got a huge number"),
    ({"point_value": "x" * 100}, "point_value must be a number > 0, got 'xxxxxxxxxxxxxxxxxxxxxxxxxxx … "
     "xxxxxxxxxxxxxxxxxxxxxxxxxxx'"),
    ({"stakes": [1.0]}, "stakes must be a list of numbers, got [1.0]"),
    ({"stakes": (1.0, 0.0)}, "every one of the stakes must be a number > 0, got 0.0"),
])
def test_refusals_name_the_field_and_the_value(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(HouseRulesError, match=f"^{re.escape(message)}$"):
        HouseRules(**changes)


def test_a_short_value_is_shown_whole() -> None:
    text = "y" * 58  # its repr is 60 characters: not cut
    with pytest.raises(HouseRulesError, match=f"^point_value must be a number > 0, got '{text}'$"):
        HouseRules(point_value=text)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(RoyaltyTable)])
def test_every_royalty_is_a_count(name: str) -> None:
    refusal = f"^royalty_table\\.{name} must be a whole number >= 0, got "
    with pytest.raises(HouseRulesError, match=refusal + "-1$"):
        RoyaltyTable(**{name: -1})
    with pytest.raises(HouseRulesError, match=refusal + "True$"):
        RoyaltyTable(**{name: True})
    assert getattr(RoyaltyTable(**{name: 0}), name) == 0


def test_edges_that_are_allowed() -> None:
    assert HouseRules(bank=0).bank == 0 and HouseRules(bank=3).bank == 3
    assert HouseRules(surrender_cost=0).effective_surrender_cost == 0
    assert HouseRules(natural_amount=0).effective_natural_amount == 0
    assert HouseRules(point_value=1e-9).point_value == 1e-9  # the bounds are bounds_problem's
    assert HouseRules(stakes=()).stakes == ()


def test_effective_amounts() -> None:
    assert HouseRules(surrender_cost=7).effective_surrender_cost == 7
    assert HouseRules(system=ScoringSystem.ONE_SIX, surrender_cost=2).effective_surrender_cost == 2
    assert HouseRules(natural_amount=9).effective_natural_amount == 9
    assert HouseRules(system=ScoringSystem.ONE_SIX).effective_natural_amount == 6
    assert HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP).scoop_points == 4
    assert [s.scoop_points for s in ScoringSystem] == [4, 4, 6]


def test_stakes_per_seat_and_per_pair() -> None:
    rules = HouseRules(point_value=2.0, stakes=(1.0, 0.5, 3.0))
    assert [rules.stake(i) for i in range(4)] == [1.0, 0.5, 3.0, 2.0]  # seat 3 has none: point_value
    assert rules.pair_stake(0, 2) == 1.0 and rules.pair_stake(2, 1) == 0.5 and rules.pair_stake(2, 3) == 2.0
    assert HouseRules(point_value=2.5).stake(1) == 2.5 and HouseRules().pair_stake(0, 1) == 1.0


def test_plain_data_form() -> None:
    data = HouseRules(system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, stakes=(1.0, 2.0)).to_dict()
    assert data["system"] == "1-6" and data["ties"] == "bank" and data["stakes"] == [1.0, 2.0]
    assert data["royalty_table"] == {f: getattr(RoyaltyTable(), f) for f in data["royalty_table"]}
    assert HouseRules().to_dict()["stakes"] is None
    assert HouseRules.from_dict({}) == HouseRules()
    assert HouseRules.from_dict({"stakes": [1, 2]}).stakes == (1.0, 2.0)
    assert HouseRules.from_dict({"royalty_table": {"top_trips": 9}}).royalty_table.top_trips == 9
    assert HouseRules().replace(bank=2).bank == 2


@pytest.mark.parametrize(("data", "message"), [
    ([], "house rules must be an object, got list"),
    ({"colour": 1, "bank": 1, "alpha": 2}, "unknown house-rules field(s): alpha, colour"),
    ({"system": "3-3"}, "invalid house rules: '3-3' is not a valid ScoringSystem"),
    ({"ties": "coin"}, "invalid house rules: 'coin' is not a valid TieRule"),
    ({"stakes": "1 2"}, "stakes must be a list of numbers, got '1 2'"),
    ({"stakes": ["x"]}, "stakes: could not convert string to float: 'x'"),
    ({"surrender": 1}, "surrender must be true or false, got 1"),
    ({"low_middle": "yes"}, "low_middle must be true or false, got 'yes'"),
])
def test_from_dict_refusals(data: Any, message: str) -> None:
    with pytest.raises(HouseRulesError, match=f"^{re.escape(message)}"):
        HouseRules.from_dict(data)


@pytest.mark.parametrize("name", ["ignore_fouls", "surrender", "royalties", "royalties_better_hand_only",
                                  "naturals", "wheel_second", "low_middle"])
def test_every_switch_must_be_a_bool(name: str) -> None:
    with pytest.raises(HouseRulesError, match=f"^{name} must be true or false, got 0$"):
        HouseRules.from_dict({name: 0})
    assert getattr(HouseRules.from_dict({name: True}), name) is True


def test_where_a_shown_value_is_cut() -> None:
    def shown(value: object) -> str:
        with pytest.raises(HouseRulesError, match=r"^point_value must be a number > 0, got ") as info:
            HouseRules(point_value=value)  # type: ignore[arg-type]
        return str(info.value).removeprefix("point_value must be a number > 0, got ")

    assert shown("y" * 59) == "'" + "y" * 27 + " … " + "y" * 27 + "'"  # a repr of 61 characters
    assert shown(2**3999) == "a huge number"  # 4,000 bits
    assert shown(2**3998).startswith(repr(2**3998)[:28] + " … ")  # 3,999 bits: its digits, cut


# --- the scoop bonus, its checks in HouseRules itself ------------------------------------------


def test_a_scoop_bonus_is_a_whole_number_from_0_to_10_and_its_errors_name_it() -> None:
    assert HouseRules(scoop_bonus=0).bounds_problem() is None  # 0 is a bonus of its own: none at all
    assert HouseRules(scoop_bonus=10).bounds_problem() is None
    assert HouseRules(scoop_bonus=11).bounds_problem() == "scoop_bonus must be at most 10, got 11"
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(HouseRulesError, match=r"^scoop_bonus must be a whole number >= 0, got "):
            HouseRules(scoop_bonus=bad)  # type: ignore[arg-type]


def test_a_scoop_bonus_is_stored_only_when_the_house_sets_one() -> None:
    assert "scoop_bonus" not in HouseRules().to_dict()  # the system's own: records stay as they were
    assert HouseRules(scoop_bonus=0).to_dict()["scoop_bonus"] == 0
    assert HouseRules(scoop_bonus=7).to_dict()["scoop_bonus"] == 7
    assert HouseRules.from_dict(HouseRules(scoop_bonus=7).to_dict()) == HouseRules(scoop_bonus=7)
