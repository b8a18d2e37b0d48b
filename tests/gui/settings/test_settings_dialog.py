"""The settings dialog: every control named and explained, edits become TrainerSettings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings, TrainerSettings
from cp_trainer.rules.bot_names import parse_bot
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule

CONTROLS = [
    "systemCombo", "tiesCombo", "bankCombo", "ignoreFoulsCheck", "pointValueSpin", "surrenderCheck",
    "surrenderCostSpin", "royaltiesCheck", "royaltiesBetterHandCheck", "naturalsCheck",
    "naturalAmountSpin", "wheelSecondCheck", "lowMiddleCheck", "crissCrossCheck", "opponentsSpin",
    "botCombo", "bot2Combo", "bot3Combo", "foulRateSpin", "scoopBonusSpin",
    "samplesSpin", "timeBudgetSpin", "cardStyleCombo", "languageCombo", "animationsCheck",
]


def _dialog(qtbot: QtBot, values: TrainerSettings | None = None) -> SettingsDialog:
    dialog = SettingsDialog(values if values is not None else TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    return dialog


def _pick(dialog: SettingsDialog, name: str, data: object) -> None:
    combo = dialog.findChild(QComboBox, name)
    assert combo is not None, name
    index = combo.findData(data)
    assert index >= 0, (name, data)
    combo.setCurrentIndex(index)


def test_every_control_is_named_and_has_a_tooltip(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    for name in CONTROLS:
        widget = dialog.findChild(QWidget, name)
        assert widget is not None, f"no control named {name}"
        assert widget.toolTip().strip(), f"{name} has no tooltip"
    inputs = [w for w in dialog.findChildren(QWidget)
              if isinstance(w, QComboBox | QAbstractSpinBox | QCheckBox)]
    assert sorted(w.objectName() for w in inputs) == sorted(CONTROLS)
    for button in dialog.buttons.findChildren(QAbstractButton):
        assert button.text()
    assert dialog.buttons.toolTip()


def test_edits_become_settings(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.values() == TrainerSettings(language="en")
    _pick(dialog, "systemCombo", "1-6")
    _pick(dialog, "tiesCombo", "bank")
    assert dialog.bank_combo.isEnabled()
    _pick(dialog, "bankCombo", 2)
    qtbot.mouseClick(dialog.ignore_fouls_check, Qt.MouseButton.LeftButton)
    dialog.point_value_spin.setValue(0.25)
    assert not dialog.surrender_cost_spin.isEnabled()
    dialog.surrender_check.setChecked(True)
    assert dialog.surrender_cost_spin.isEnabled()
    assert dialog.surrender_cost_spin.text() == "auto (4 points)"  # 1-6 default cost
    dialog.surrender_cost_spin.setValue(5)
    dialog.royalties_check.setChecked(True)
    dialog.royalties_better_check.setChecked(True)
    dialog.naturals_check.setChecked(True)
    dialog.wheel_second_check.setChecked(True)
    dialog.low_middle_check.setChecked(True)
    dialog.opponents_spin.setValue(3)
    _pick(dialog, "botCombo", "greedy")
    dialog.samples_spin.setValue(9000)
    _pick(dialog, "cardStyleCombo", "four-colour")
    _pick(dialog, "languageCombo", "ru")
    assert dialog.values() == TrainerSettings(
        house_rules=HouseRules(system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, bank=2, ignore_fouls=True,
                               point_value=0.25, surrender=True, surrender_cost=5, royalties=True,
                               royalties_better_hand_only=True, naturals=True, wheel_second=True,
                               low_middle=True),
        opponents=3, bot=parse_bot("greedy"), solver_samples=9000, card_style=CardStyle.FOUR_COLOUR,
        language="ru",
    )


def test_shows_given_values_and_keeps_what_it_does_not_edit(qtbot: QtBot) -> None:
    values = TrainerSettings(
        house_rules=HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP, naturals=True, natural_amount=6,
                               royalty_table=RoyaltyTable(top_trips=9), stakes=(1.0, 2.0)),
        opponents=2, bot=parse_bot("expert"), solver_samples=300, card_style=CardStyle.FOUR_COLOUR,
        language="ru")
    dialog = _dialog(qtbot, values)
    assert dialog.system_combo.currentData() == "2-4-scoop"
    assert dialog.natural_amount_spin.value() == 6
    assert dialog.values() == values


def test_criss_cross_means_one_opponent(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    dialog.opponents_spin.setValue(3)
    dialog.criss_cross_check.setChecked(True)
    assert dialog.opponents_spin.value() == 1 and not dialog.opponents_spin.isEnabled()
    assert dialog.values().criss_cross and dialog.values().opponents == 1
    dialog.criss_cross_check.setChecked(False)
    assert dialog.opponents_spin.isEnabled()


def test_restore_defaults(qtbot: QtBot) -> None:
    values = TrainerSettings(house_rules=HouseRules(royalties=True, stakes=(2.0,)), opponents=3,
                             language="ru")
    dialog = _dialog(qtbot, values)
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.values() == TrainerSettings(language="ru")  # the chosen language stays


def test_edit_saves_on_ok_and_not_on_cancel(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "cp.ini")
    settings.save(TrainerSettings(language="en"))

    def answer(accept: bool) -> None:
        dialog = next(w for w in qtbot_top_levels() if isinstance(w, SettingsDialog))
        dialog.opponents_spin.setValue(2)
        button = QDialogButtonBox.StandardButton.Ok if accept else QDialogButtonBox.StandardButton.Cancel
        dialog.buttons.button(button).click()

    QTimer.singleShot(0, lambda: answer(False))
    assert SettingsDialog.edit(settings) is False
    assert Settings(tmp_path / "cp.ini").values.opponents == 1
    QTimer.singleShot(0, lambda: answer(True))
    assert SettingsDialog.edit(settings) is True
    assert Settings(tmp_path / "cp.ini").values.opponents == 2


def qtbot_top_levels() -> list[QWidget]:
    from PySide6.QtWidgets import QApplication

    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def test_card_style_preview_follows_the_choice(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    preview = dialog.card_preview
    assert preview.toolTip()
    two = preview.pixmap().toImage()
    assert not two.isNull() and two.width() > 4 * two.height() // 2
    _pick(dialog, "cardStyleCombo", "four-colour")
    four = preview.pixmap().toImage()
    assert four.size() == two.size() and four != two
    _pick(dialog, "cardStyleCombo", "two-colour")
    assert preview.pixmap().toImage() == two
