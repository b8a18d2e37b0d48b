"""The settings file and the settings dialog follow the house rules' schema
(cp_trainer.rules.house_rules.RULE_FIELDS): every rule is a settings key with the schema's bounds, the
dialog's choices and ranges are the schema's, and a bound changed in the schema changes both (the
rules file's and the command line's half is in tests/rules/test_house_rules_schema.py)."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings, TrainerSettings
from cp_trainer.rules import house_rules
from cp_trainer.rules.house_rules import ROYALTY_FIELDS, RULE_FIELDS, HouseRules, RuleField, RuleKind

AMOUNTS = [rule for rule in RULE_FIELDS if rule.kind in (RuleKind.WHOLE, RuleKind.MONEY)]


def _loaded(tmp_path: Path, key: str, raw: str) -> Settings:
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "cp.ini"  # a new file each time: Qt caches what it read
    group, _, name = key.rpartition("/")
    path.write_text(f"[{group}]\n{name}={raw}\n[table]\nopponents=3\n", encoding="utf-8")
    return Settings(path)


def _dialog(qtbot: QtBot, values: TrainerSettings | None = None) -> SettingsDialog:
    dialog = SettingsDialog(values if values is not None else TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    return dialog


def test_every_rule_is_a_key_of_the_settings_file(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    Settings(path).save(TrainerSettings(language="en"))
    keys = set(QSettings(str(path), QSettings.Format.IniFormat).allKeys())
    assert {k for k in keys if k.startswith("rules/")} == {
        *(f"rules/{r.name}" for r in RULE_FIELDS), *(f"rules/royalty_table/{r.name}" for r in ROYALTY_FIELDS)}


@pytest.mark.parametrize("rule", [*AMOUNTS, ROYALTY_FIELDS[0]], ids=lambda rule: rule.name)
def test_the_settings_file_takes_the_same_values_as_the_schema(qapp: object, tmp_path: Path,
                                                               rule: RuleField) -> None:
    key = f"rules/royalty_table/{rule.name}" if rule in ROYALTY_FIELDS else f"rules/{rule.name}"
    step = 0.001 if rule.kind is RuleKind.MONEY else 1
    for value, taken in ((rule.low, True), (rule.high, True), (rule.low - step, False),
                         (rule.high + step, False)):
        raw = repr(float(value)) if rule.kind is RuleKind.MONEY else str(int(value))
        settings = _loaded(tmp_path, key, raw)
        problems = [p for p in settings.problems if key in p]
        assert (problems == []) is taken, (key, raw, settings.problems)


def test_the_dialogs_choices_and_ranges_are_the_schemas(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    combos = {"system": dialog.system_combo, "ties": dialog.ties_combo}
    for name, combo in combos.items():
        assert tuple(combo.itemData(i) for i in range(combo.count())) == house_rules.rule_field(name).choices
    assert [dialog.bank_combo.itemData(i) for i in range(dialog.bank_combo.count())] == [0, 1, 2, 3]
    spins = {"scoop_bonus": dialog.scoop_bonus_spin, "surrender_cost": dialog.surrender_cost_spin,
             "natural_amount": dialog.natural_amount_spin}
    for name, spin in spins.items():
        rule = house_rules.rule_field(name)
        assert (spin.minimum(), spin.maximum()) == (rule.low - 1, rule.high), name  # one step below: auto
    assert (dialog.point_value_spin.minimum(), dialog.point_value_spin.maximum()) == (0.01, 1e6)


def test_auto_is_the_step_below_the_bounds(qtbot: QtBot) -> None:
    values = TrainerSettings(house_rules=HouseRules(scoop_bonus=0, surrender_cost=1, natural_amount=None),
                             language="en")
    dialog = _dialog(qtbot, values)
    assert dialog.scoop_bonus_spin.value() == 0 and dialog.surrender_cost_spin.value() == 1
    assert dialog.natural_amount_spin.value() == 0 and dialog.natural_amount_spin.text().startswith("auto")
    rules = dialog.values().house_rules
    assert (rules.scoop_bonus, rules.surrender_cost, rules.natural_amount) == (0, 1, None)
    dialog.scoop_bonus_spin.setValue(dialog.scoop_bonus_spin.minimum())
    assert dialog.values().house_rules.scoop_bonus is None


def _changed(monkeypatch: pytest.MonkeyPatch, **bounds: tuple[float, float]) -> None:
    def change(rules: tuple[RuleField, ...]) -> tuple[RuleField, ...]:
        return tuple(dataclasses.replace(r, low=bounds[r.name][0], high=bounds[r.name][1])
                     if r.name in bounds else r for r in rules)

    monkeypatch.setattr(house_rules, "RULE_FIELDS", change(house_rules.RULE_FIELDS))
    monkeypatch.setattr(house_rules, "ROYALTY_FIELDS", change(house_rules.ROYALTY_FIELDS))


def test_a_bound_changed_in_the_schema_changes_the_settings_and_the_dialog(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "rules/surrender_cost" in _loaded(tmp_path, "rules/surrender_cost", "400").problems[0]
    _changed(monkeypatch, surrender_cost=(1, 500), natural_amount=(2, 50), point_value=(0.01, 2e6),
             top_trips=(0, 5000))
    settings = _loaded(tmp_path, "rules/surrender_cost", "400")
    assert settings.problems == [] and settings.values.house_rules.surrender_cost == 400
    royalties = _loaded(tmp_path, "rules/royalty_table/top_trips", "4000").values.house_rules.royalty_table
    assert royalties.top_trips == 4000
    refused = _loaded(tmp_path, "rules/natural_amount", "60")
    assert "natural_amount must be at most 50, got 60" in refused.problems[0]
    dialog = _dialog(qtbot, settings.values)
    assert (dialog.surrender_cost_spin.minimum(), dialog.surrender_cost_spin.maximum()) == (0, 500)
    assert (dialog.natural_amount_spin.minimum(), dialog.natural_amount_spin.maximum()) == (1, 50)
    assert dialog.point_value_spin.maximum() == 2e6
    assert dialog.surrender_cost_spin.value() == 400 and dialog.values().house_rules.surrender_cost == 400
