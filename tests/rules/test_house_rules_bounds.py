"""One set of house-rule bounds, owned by HouseRules: the rules file and the command
line refuse exactly what :meth:`HouseRules.bounds_problem` refuses (the settings store's half is
in tests/gui/settings/test_settings_validation.py)."""

from __future__ import annotations

import argparse

import pytest

from cp_trainer.cli.common import CliError
from cp_trainer.cli.rules_options import add_rules_options, rules_of
from cp_trainer.rules import house_rules
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable
from cp_trainer.rules.house_rules_file import RulesFileError, loads_rules


def test_the_bounds() -> None:
    assert (house_rules.MIN_AMOUNT, house_rules.MAX_AMOUNT, house_rules.MAX_ROYALTY) == (1, 99, 999)
    assert (house_rules.MIN_MONEY, house_rules.MAX_MONEY, house_rules.MAX_STAKES) == (0.01, 1e6, 4)


@pytest.mark.parametrize(("rules", "problem"), [
    (HouseRules(point_value=0.001), "point_value must be at least 0.01, got 0.001"),
    (HouseRules(point_value=0.0099), "point_value must be at least 0.01, got 0.0099"),
    (HouseRules(point_value=1e6 + 1), "point_value must be at most 1e+06, got 1000001.0"),
    (HouseRules(surrender_cost=0), "surrender_cost must be at least 1, got 0"),
    (HouseRules(surrender_cost=100), "surrender_cost must be at most 99, got 100"),
    (HouseRules(natural_amount=0), "natural_amount must be at least 1, got 0"),
    (HouseRules(natural_amount=100), "natural_amount must be at most 99, got 100"),
    (HouseRules(royalty_table=RoyaltyTable(bottom_royal_flush=1000)),
     "royalty_table.bottom_royal_flush must be at most 999, got 1000"),
    (HouseRules(stakes=(1.0, 0.005)), "every one of the stakes must be at least 0.01, got 0.005"),
    (HouseRules(stakes=(2e6,)), "every one of the stakes must be at most 1e+06, got 2000000.0"),
    (HouseRules(stakes=(1.0,) * 5), "stakes must be at most 4 numbers (one per seat), got 5"),
    (HouseRules(surrender_cost=10**30), "surrender_cost must be at most 99, got " + repr(10**30)),
])
def test_bounds_problem_names_the_field_the_bound_and_the_value(rules: HouseRules, problem: str) -> None:
    assert rules.bounds_problem() == problem


@pytest.mark.parametrize("rules", [
    HouseRules(), HouseRules(point_value=0.01, stakes=(1e6, 0.01, 1.0, 2.0)),
    HouseRules(surrender_cost=1, natural_amount=99),
    HouseRules(royalty_table=RoyaltyTable(top_trips=0, middle_royal_flush=999)),
])
def test_amounts_on_the_bounds_are_fine(rules: HouseRules) -> None:
    assert rules.bounds_problem() is None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_rules_options(parser)
    return parser


def _by_cli(option: str, value: str) -> bool:
    try:
        args = _parser().parse_args([option, value])
        rules_of(args)
    except (argparse.ArgumentError, CliError, SystemExit):
        return False
    return True


def _by_file(key: str, value: str) -> bool:
    try:
        loads_rules(f"{key} = {value}")
    except RulesFileError:
        return False
    return True


def _by_rules(key: str, value: str) -> bool:
    number: float = float(value) if "." in value or "e" in value else int(value)
    return HouseRules().replace(**{key: number}).bounds_problem() is None


@pytest.mark.parametrize(("key", "value"), [
    ("point_value", "0.001"), ("point_value", "0.01"), ("point_value", "0.0099"), ("point_value", "1.5"),
    ("point_value", "1000000.0"), ("point_value", "1000000.5"), ("point_value", "1e7"),
    ("surrender_cost", "0"), ("surrender_cost", "1"), ("surrender_cost", "99"), ("surrender_cost", "100"),
    ("natural_amount", "0"), ("natural_amount", "7"), ("natural_amount", "99"), ("natural_amount", "100"),
])
def test_file_command_line_and_house_rules_agree(key: str, value: str) -> None:
    expected = _by_rules(key, value)
    assert _by_file(key, value) is expected
    assert _by_cli("--" + key.replace("_", "-"), value) is expected


def test_a_rules_file_refuses_a_point_worth_a_tenth_of_a_cent() -> None:
    with pytest.raises(RulesFileError, match=r"point_value = 0\.001 is out of range: expected a number from "
                                             r"0\.01 to 1000000"):
        loads_rules("point_value = 0.001", source="r.toml")
    with pytest.raises(RulesFileError, match=r"stakes = \[1, 0\.001\] is out of range"):
        loads_rules("stakes = [1, 0.001]")
