"""Settings of the opponents: a bot (or style) per seat and the scoop bonus, in the file and the dialog.

Offscreen; the settings file is a temporary one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cp_trainer.gui.main_window import _setup_of
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings, SettingsError, TrainerSettings
from cp_trainer.gui.solver.bridge import SolverQuestion, opponent_models
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem

NEWCOMER = BotChoice(BotName.NEWCOMER, 0.25)
SEATED = (BotChoice(BotName.PAIR_ON_TOP), NEWCOMER, BotChoice(BotName.SCOOP_CHASER))


def test_a_bot_per_seat_and_the_scoop_bonus_persist(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    values = TrainerSettings(opponents=3, bot=SEATED[0], seat_bots=SEATED, language="en",
                             house_rules=HouseRules(scoop_bonus=5))
    Settings(path).save(values)
    text = path.read_text(encoding="utf-8")
    assert "seat_bots=pair-on-top newcomer:0.25 scoop-chaser" in text and "scoop_bonus=5" in text
    again = Settings(path)
    assert again.problems == []
    assert again.values == values
    assert [again.values.bot_at(s) for s in (1, 2, 3)] == list(SEATED)
    # the system's own bonus stays "auto", and a table of one bot writes no seats
    Settings(path).save(TrainerSettings(language="en"))
    text = path.read_text(encoding="utf-8")
    assert "scoop_bonus=auto" in text and "bot=standard" in text
    assert Settings(path).values == TrainerSettings(language="en")


@pytest.mark.parametrize(("key", "raw", "reason"), [
    ("table/bot", "wizard", "unknown bot: 'wizard'"),
    ("table/bot", "newcomer:7", "foul rate is a number from 0 to 1, got 'newcomer:7'"),
    ("table/seat_bots", "standard genius", "unknown bot: 'genius'"),
    ("table/seat_bots", "standard greedy expert newcomer", "seat_bots must be up to 3 bots, got 4"),
    ("rules/scoop_bonus", "11", "scoop_bonus must be at most 10, got 11"),
    ("rules/scoop_bonus", "-2", "scoop_bonus must be a whole number >= 0, got -2"),
])
def test_a_stored_bot_or_bonus_that_means_nothing_is_refused(qapp: object, tmp_path: Path, key: str,
                                                              raw: str, reason: str) -> None:
    path = tmp_path / "cp.ini"
    section, name = key.split("/")
    path.write_text(f"[{section}]\n{name}={raw}\n", encoding="utf-8")
    settings = Settings(path)
    assert any(key in p and reason in p for p in settings.problems), settings.problems
    assert settings.values.bot == BotChoice(BotName.STANDARD) and settings.values.seat_bots == ()
    assert settings.values.house_rules.scoop_bonus is None
    assert (tmp_path / "cp.ini.broken").exists()  # the file as it was is kept


def test_the_values_refuse_what_is_not_a_bot(qapp: object) -> None:
    assert TrainerSettings(bot="newcomer:0.2").bot == BotChoice(BotName.NEWCOMER, 0.2)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match=r"bot must be one of greedy, .*: unknown bot: 'wizard'"):
        TrainerSettings(bot="wizard")  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="seat_bots must be up to 3 bots, got 4"):
        TrainerSettings(seat_bots=(NEWCOMER,) * 4)


def _dialog(qtbot: QtBot, values: TrainerSettings) -> SettingsDialog:
    dialog = SettingsDialog(values)
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_shows_and_reads_a_bot_per_seat(qtbot: QtBot) -> None:
    values = TrainerSettings(opponents=3, bot=SEATED[0], seat_bots=SEATED, language="en")
    dialog = _dialog(qtbot, values)
    assert [c.currentData() for c in dialog.seat_bot_combos] == ["pair-on-top", "newcomer", "scoop-chaser"]
    plain = _dialog(qtbot, TrainerSettings(language="en"))
    assert plain.seat_bot_combos[1].currentData() == ""  # "the same as seat 1"
    assert dialog.foul_rate_spin.value() == 25.0 and dialog.foul_rate_spin.isEnabled()
    assert dialog.values() == values  # unchanged controls give the same settings back
    # seat 2 becomes greedy: no newcomer is seated, the rate box is off
    dialog.seat_bot_combos[1].setCurrentIndex(dialog.seat_bot_combos[1].findData("greedy"))
    assert not dialog.foul_rate_spin.isEnabled()
    assert dialog.values().bot_at(2) == BotChoice(BotName.GREEDY)
    # two opponents: seat 3's combo is off; a newcomer at seat 1 takes the rate shown
    dialog.opponents_spin.setValue(2)
    assert not dialog.seat_bot_combos[2].isEnabled() and dialog.seat_bot_combos[1].isEnabled()
    dialog.seat_bot_combos[0].setCurrentIndex(dialog.seat_bot_combos[0].findData("newcomer"))
    dialog.foul_rate_spin.setValue(40.0)
    read = dialog.values()
    assert read.bot == BotChoice(BotName.NEWCOMER, 0.4) and read.bot_at(1) == BotChoice(BotName.NEWCOMER, 0.4)
    # every seat the same bot: no per-seat list is kept
    for combo in dialog.seat_bot_combos:
        combo.setCurrentIndex(combo.findData("standard"))
    assert dialog.values().seat_bots == () and dialog.values().bot == BotChoice(BotName.STANDARD)
    # "the same as seat 1" follows seat 1
    for combo in dialog.seat_bot_combos[1:]:
        combo.setCurrentIndex(0)
    dialog.bot_combo.setCurrentIndex(dialog.bot_combo.findData("pair-on-top"))
    assert [dialog.values().bot_at(s) for s in (1, 2, 3)] == [BotChoice(BotName.PAIR_ON_TOP)] * 3
    assert dialog.values().seat_bots == ()


def test_the_dialog_edits_the_scoop_bonus_with_the_systems_as_presets(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, TrainerSettings(language="en"))
    spin = dialog.scoop_bonus_spin
    assert spin.value() == -1 and spin.text() == "auto (0 points)"  # 2-4's own
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("1-6"))
    assert spin.text() == "auto (3 points)"
    assert dialog.values().house_rules.scoop_bonus is None
    assert dialog.values().house_rules.scoop_points == 6
    assert dialog.natural_amount_spin.text() == "auto (6 points)"  # a natural: the scoop
    spin.setValue(7)
    assert dialog.natural_amount_spin.text() == "auto (10 points)"
    rules = dialog.values().house_rules
    assert rules.scoop_bonus == 7 and rules.system is ScoringSystem.ONE_SIX and rules.scoop_points == 10
    spin.setValue(11)  # beyond the box's range: it stops at 10
    assert spin.value() == 10


def test_the_table_and_the_solver_get_the_seated_bots(qapp: object) -> None:
    values = TrainerSettings(opponents=3, bot=SEATED[0], seat_bots=SEATED, language="en")
    setup = _setup_of(values)
    assert setup.seated_bots == SEATED
    request = SolverQuestion(cards=(), rules=HouseRules(), opponents=3, bot=setup.bot_at(1),
                           seat_bots=setup.seated_bots)
    assert opponent_models(request) == tuple(SEATED)
    expert = SolverQuestion(cards=(), rules=HouseRules(), opponents=2, bot=BotChoice(BotName.EXPERT),
                          seat_bots=(BotChoice(BotName.EXPERT), NEWCOMER))
    assert opponent_models(expert) == (BotChoice(BotName.STANDARD), NEWCOMER)  # expert: the solver
