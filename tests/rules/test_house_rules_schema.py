"""One schema for the house rules (cp_trainer.rules.house_rules.RULE_FIELDS): every rule is a rules-file
key, a command-line option and a settings key with the same kind, bounds and default, and a bound
changed in the schema changes the rules file, the command line and HouseRules' own check at once
(the settings file's and the dialog's half is in tests/gui/settings/test_settings_schema.py)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import tomllib
from pathlib import Path

import pytest

from cp_trainer.cli.common import CliError
from cp_trainer.cli.rules_options import add_rules_options, rules_of
from cp_trainer.rules import house_rules
from cp_trainer.rules.house_rules import (
    ROYALTY_FIELDS,
    RULE_FIELDS,
    HouseRules,
    RoyaltyTable,
    RuleField,
    RuleKind,
    rule_field,
)
from cp_trainer.rules.house_rules_file import (
    FILE_KEYS,
    RulesFile,
    RulesFileError,
    dumps_rules,
    loads_rules,
    plain_rules,
)
from cp_trainer.support.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[2]
AMOUNTS = [rule for rule in RULE_FIELDS if rule.kind in (RuleKind.WHOLE, RuleKind.MONEY)]


def _parser(*, scoring: bool = True) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_rules_options(parser, scoring=scoring, criss_cross=True)
    return parser


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {option: action for action in parser._actions for option in action.option_strings}


# --- the schema is every rule, once --------------------------------------------------------------

def test_every_field_of_house_rules_is_in_the_schema_once_with_its_default() -> None:
    fields = {f.name: f for f in dataclasses.fields(HouseRules)}
    assert sorted(rule.name for rule in RULE_FIELDS) == sorted(set(fields) - {"royalty_table"})
    for rule in RULE_FIELDS:
        assert rule.default == fields[rule.name].default, rule.name
        assert rule.help == f"houserules.help.{rule.name}"
    assert [(r.name, r.default) for r in ROYALTY_FIELDS] == [
        (f.name, f.default) for f in dataclasses.fields(RoyaltyTable)]
    assert all(r.kind is RuleKind.WHOLE and (r.low, r.high) == (0, 999) for r in ROYALTY_FIELDS)


def test_the_schema_holds_the_bounds_house_rules_names() -> None:
    bounds = {rule.name: (rule.low, rule.high) for rule in AMOUNTS}
    assert bounds == {"scoop_bonus": (0, 10), "bank": (0, 3), "surrender_cost": (1, 99),
                      "natural_amount": (1, 99), "point_value": (0.01, 1e6)}
    stakes = rule_field("stakes")
    assert (stakes.kind, stakes.low, stakes.high, stakes.most) == (RuleKind.STAKES, 0.01, 1e6, 4)
    assert [r.name for r in RULE_FIELDS if r.auto] == ["scoop_bonus", "surrender_cost", "natural_amount"]
    assert [r.name for r in RULE_FIELDS if r.legality] == ["wheel_second", "low_middle"]
    assert rule_field("system").choices == ("2-4", "2-4-scoop", "1-6")
    assert rule_field("ties").choices == ("push", "bank")
    assert rule_field("top_trips") is ROYALTY_FIELDS[0]
    with pytest.raises(KeyError):
        rule_field("royalty_table")


def test_every_rule_is_a_file_key_an_option_and_a_key_of_the_written_file() -> None:
    options = _options(_parser())
    written = tomllib.loads(dumps_rules(RulesFile()))
    assert list(FILE_KEYS) == [*(r.name for r in RULE_FIELDS), "criss_cross", "royalty_table"]
    assert list(written) == list(FILE_KEYS)
    assert list(written["royalty_table"]) == [r.name for r in ROYALTY_FIELDS]
    for rule in RULE_FIELDS:
        action = options[rule.option]
        assert action.dest == rule.name and action.default is None, rule.name
        if rule.kind is RuleKind.SWITCH:
            assert options["--no-" + rule.option[2:]] is action
        if rule.kind is RuleKind.CHOICE:
            assert tuple(action.choices or ()) == rule.choices
    assert "--royalty-table" in options and "--criss-cross" in options
    # check keeps only what changes legality
    assert {o for o in _options(_parser(scoring=False)) if o.startswith("--")} == {
        "--rules", "--wheel-second", "--no-wheel-second", "--low-middle", "--no-low-middle", "--criss-cross",
        "--no-criss-cross", "--help"}


def test_the_command_lines_help_is_the_schemas_in_both_languages() -> None:
    text = " ".join(_parser().format_help().split())
    for rule in RULE_FIELDS:
        assert " ".join(rule.describe("en").split()) in text, rule.name
    for lang in LANGUAGES:
        assert all(rule.help in catalog(lang) for rule in RULE_FIELDS)
        assert {"houserules.help.royalty_table", "houserules.help.criss_cross"} <= set(catalog(lang))
    assert rule_field("surrender_cost").describe("ru").startswith("сколько отказ от руки стоит")
    assert "от 1 до 99" in rule_field("surrender_cost").describe("ru")
    assert "scoring system (default 2-4)" in text and "; default push" in text
    assert "royalty amounts, 0 to 999 each" in text


# --- each way in refuses exactly what the schema's bounds refuse ---------------------------------

def _by_file(key: str, value: str) -> bool:
    try:
        loads_rules(f"{key} = {value}\n")
    except RulesFileError:
        return False
    return True


def _by_cli(argv: list[str]) -> bool:
    try:
        rules_of(_parser().parse_args(argv))
    except (argparse.ArgumentError, CliError, SystemExit):
        return False
    return True


def _text(rule: RuleField, value: float) -> str:
    return repr(float(value)) if rule.kind is RuleKind.MONEY else str(int(value))


def _around(rule: RuleField) -> list[tuple[float, bool]]:
    """Values on the rule's bounds (taken) and just beyond them (refused)."""
    step = 0.001 if rule.kind is RuleKind.MONEY else 1
    return [(rule.low, True), (rule.high, True), (rule.low - step, False), (rule.high + step, False)]


@pytest.mark.parametrize("rule", [*AMOUNTS, ROYALTY_FIELDS[0], ROYALTY_FIELDS[-1]],
                         ids=lambda rule: rule.name)
def test_the_file_and_the_command_line_take_the_same_values_as_the_schema(rule: RuleField) -> None:
    royalty = rule in ROYALTY_FIELDS
    for value, taken in _around(rule):
        text = _text(rule, value)
        key = f"royalty_table.{rule.name}" if royalty else rule.name
        assert _by_file(key, text) is taken, (key, text)
        argv = ["--royalty-table", f"{rule.name}={text}"] if royalty else [rule.option, text]
        assert _by_cli(argv) is taken, argv
        if rule.name != "bank" and value >= 0:  # HouseRules holds any amount >= 0; its bounds are these
            changed = (HouseRules(royalty_table=RoyaltyTable(**{rule.name: int(value)})) if royalty
                       else HouseRules().replace(**{rule.name: value}))
            assert (changed.bounds_problem() is None) is taken, (rule.name, value)


def test_stakes_take_as_many_values_as_the_schema_says() -> None:
    stakes = rule_field("stakes")
    most = ",".join(["1"] * stakes.most)
    assert _by_file("stakes", f"[{most}]") and not _by_file("stakes", f"[{most},1]")
    assert _by_cli(["--stakes", most]) and not _by_cli(["--stakes", most + ",1"])
    assert HouseRules(stakes=(1.0,) * (stakes.most + 1)).bounds_problem() == (
        "stakes must be at most 4 numbers (one per seat), got 5")


# --- a bound changed in the schema changes every way in ------------------------------------------

def widened(monkeypatch: pytest.MonkeyPatch, **bounds: tuple[float, float]) -> None:
    """The schema with new bounds for the named rules (royalty amounts by their own names)."""
    def change(rules: tuple[RuleField, ...]) -> tuple[RuleField, ...]:
        return tuple(dataclasses.replace(r, low=bounds[r.name][0], high=bounds[r.name][1])
                     if r.name in bounds else r for r in rules)

    monkeypatch.setattr(house_rules, "RULE_FIELDS", change(house_rules.RULE_FIELDS))
    monkeypatch.setattr(house_rules, "ROYALTY_FIELDS", change(house_rules.ROYALTY_FIELDS))


def test_a_wider_bound_in_the_schema_is_taken_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    for value in ("400", "0"):
        assert not _by_file("surrender_cost", value) and not _by_cli(["--surrender-cost", value])
    widened(monkeypatch, surrender_cost=(0, 500), point_value=(0.001, 2e6), stakes=(0.001, 2e6),
            top_trips=(0, 5000))
    for value in ("400", "0"):
        assert _by_file("surrender_cost", value) and _by_cli(["--surrender-cost", value])
        assert HouseRules(surrender_cost=int(value)).bounds_problem() is None
    assert loads_rules("point_value = 0.005\n").rules.point_value == 0.005
    assert _by_cli(["--point-value", "1500000"]) and _by_cli(["--stakes", "0.005,2000000"])
    assert loads_rules("[royalty_table]\ntop_trips = 4000\n").rules.royalty_table.top_trips == 4000
    assert _by_cli(["--royalty-table", "top_trips=4000"])
    assert not _by_cli(["--royalty-table", "middle_full_house=4000"])  # only top_trips was widened
    text = " ".join(_parser().format_help().split())
    assert "what a surrender pays each player still in, 0 to 500" in text
    assert "money per point, 0.001 to 2000000" in text
    assert "1 to 4 numbers from 0.001 to 2000000" in text


def test_a_narrower_bound_in_the_schema_is_refused_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    widened(monkeypatch, natural_amount=(2, 50), scoop_bonus=(0, 5))
    with pytest.raises(RulesFileError) as info:
        loads_rules("natural_amount = 60\n")
    assert str(info.value) == ("line 1: natural_amount = 60 is out of range: expected \"auto\" or a whole "
                               "number from 2 to 50")
    with pytest.raises(RulesFileError, match=r"natural_amount = 1 is out of range: .* from 2 to 50"):
        loads_rules("natural_amount = 1\n")
    with pytest.raises(argparse.ArgumentError, match=r"^argument --natural-amount: must be 2 to 50, got 60$"):
        _parser().parse_args(["--natural-amount", "60"])
    assert HouseRules(natural_amount=60).bounds_problem() == "natural_amount must be at most 50, got 60"
    assert HouseRules(scoop_bonus=6).bounds_problem() == "scoop_bonus must be at most 5, got 6"
    # a file cannot be written with what it would not read back
    with pytest.raises(RulesFileError, match="scoop_bonus = 6 is out of range"):
        dumps_rules(RulesFile(HouseRules(scoop_bonus=6)))
    assert "the extra for winning all three rows, 0 to 5" in " ".join(_parser().format_help().split())


# --- the written form and the protocol's -------------------------------------------------------

def test_the_plain_form_is_the_schemas_plain_values() -> None:
    rules = HouseRules(system=house_rules.ScoringSystem.ONE_SIX, stakes=(1.0, 2.0), surrender_cost=5)
    plain = plain_rules(RulesFile(rules, criss_cross=True))
    assert plain["system"] == "1-6" and plain["stakes"] == [1.0, 2.0] and plain["surrender_cost"] == 5
    assert plain["natural_amount"] == "auto" and plain["criss_cross"] is True
    json.dumps(plain)  # plain data only
    assert loads_rules(dumps_rules(RulesFile(rules, criss_cross=True))) == RulesFile(rules, criss_cross=True)


def test_the_sample_file_is_in_the_schemas_order() -> None:
    text = (ROOT / "docs" / "house-rules.sample.toml").read_text(encoding="utf-8")
    assert re.findall(r"^(\w+) =", text, re.MULTILINE)[:len(RULE_FIELDS)] == [r.name for r in RULE_FIELDS]
