"""Settings checked as a whole: the bank sits at the table, amounts within reason; in
the dialog (OK refused, with a message) and on load (bad values take their defaults, the player is
told once, the file as it was is kept as ``.broken`` and the repaired one saved once)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import (
    MAX_AMOUNT,
    Settings,
    SettingsError,
    TrainerSettings,
)
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, TieRule

BANK_3 = HouseRules(ties=TieRule.BANK, bank=3)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- the value ---------------------------------------------------------------------------------

def test_the_bank_must_sit_at_the_table() -> None:
    with pytest.raises(SettingsError, match="players are 0 to 1, got bank 3"):
        TrainerSettings(house_rules=BANK_3, opponents=1, language="en")
    with pytest.raises(SettingsError, match="bank"):
        TrainerSettings(house_rules=HouseRules(ties=TieRule.BANK, bank=2), criss_cross=True, language="en")
    assert TrainerSettings(house_rules=BANK_3, opponents=3, language="en").house_rules.bank == 3
    # the seat matters only when the bank takes the ties
    assert TrainerSettings(house_rules=HouseRules(bank=3), opponents=1, language="en").opponents == 1


@pytest.mark.parametrize("rules", [
    HouseRules(surrender_cost=10**30), HouseRules(surrender_cost=MAX_AMOUNT + 1),
    HouseRules(natural_amount=100), HouseRules(royalty_table=RoyaltyTable(top_trips=1000)),
    HouseRules(point_value=1e7), HouseRules(stakes=(1.0, 2e6)),
])
def test_amounts_beyond_reason_are_refused(rules: HouseRules) -> None:
    with pytest.raises(SettingsError, match="at most"):
        TrainerSettings(house_rules=rules, language="en")


@pytest.mark.parametrize(("rules", "problem"), [
    # the bounds are HouseRules' own, the dialog's too
    (HouseRules(point_value=0.001), "point_value must be at least 0.01, got 0.001"),
    (HouseRules(stakes=(1.0, 0.001)), "every one of the stakes must be at least 0.01, got 0.001"),
    (HouseRules(surrender_cost=0), "surrender_cost must be at least 1, got 0"),
])
def test_amounts_below_the_bounds_are_refused(rules: HouseRules, problem: str) -> None:
    with pytest.raises(SettingsError, match=f"^{re.escape(problem)}$"):
        TrainerSettings(house_rules=rules, language="en")


def test_a_point_worth_a_tenth_of_a_cent_in_the_file_takes_the_default(qapp: object, tmp_path: Path) -> None:
    path = write(tmp_path / "cp.ini", "[rules]\npoint_value=0.001\n")
    settings = Settings(path)
    assert settings.values.house_rules.point_value == 1.0
    assert "rules/point_value = " in settings.problems[0] and "at least 0.01" in settings.problems[0]


def test_fewer_opponents_for_one_run_move_the_bank_to_the_player() -> None:
    values = TrainerSettings(house_rules=BANK_3, opponents=3, language="en")
    fewer = values.with_opponents(1)
    assert fewer.opponents == 1 and fewer.house_rules.bank == 0 and fewer.house_rules.ties is TieRule.BANK
    assert values.with_opponents(3) == values
    crossed = TrainerSettings(criss_cross=True, language="en")
    assert crossed.with_opponents(2).criss_cross is False


# --- loading -----------------------------------------------------------------------------------

def test_a_bank_nobody_sits_in_is_repaired_once(qapp: object, tmp_path: Path) -> None:
    original = "[rules]\nties=bank\nbank=3\n\n[table]\nopponents=1\n"
    path = write(tmp_path / "cp.ini", original)
    settings = Settings(path)
    rules = settings.values.house_rules
    assert rules.ties is TieRule.BANK and rules.bank == 0 and settings.values.opponents == 1
    assert len(settings.problems) == 2
    first = settings.problems[0]
    assert "rules/bank = \u201c3\u201d" in first and "players are 0 to 1" in first
    assert "cp.ini.broken" in settings.problems[1]
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8") == original  # byte for byte
    again = Settings(path)  # the repaired file was saved: the next start is quiet
    assert again.problems == [] and again.values == settings.values
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cp.ini", "cp.ini.broken"]


@pytest.mark.parametrize(("key", "raw"), [
    ("rules/surrender_cost", "1" + "0" * 30), ("rules/surrender_cost", "1e30"),
    ("rules/natural_amount", "5000"), ("rules/point_value", "1e400"), ("rules/point_value", "1e30"),
    ("rules/stakes", "1 1e30"), ("rules/royalty_table/top_trips", "1000"),
    ("rules/surrender_cost", "9" * 5000), ("table/solver_samples", "9" * 5000),
])
def test_huge_amounts_take_their_defaults_with_a_short_message(qapp: object, tmp_path: Path, key: str,
                                                               raw: str) -> None:
    group, name = key.split("/", 1)
    path = write(tmp_path / "cp.ini", f"[{group}]\n{name.replace('/', chr(92))}={raw}\n")
    settings = Settings(path)
    assert settings.values == TrainerSettings()
    assert len(settings.problems) == 2 and f"{key} = " in settings.problems[0]
    assert len(settings.problems[0]) < 400
    assert Settings(path).problems == []


def test_a_file_qt_cannot_parse_is_kept_before_anything_writes(qapp: object, tmp_path: Path) -> None:
    original = "[rules]\nsystem=1-6\n[an unfinished section\nbank=2\n"
    path = write(tmp_path / "cp.ini", original)
    settings = Settings(path)
    assert len(settings.problems) == 1
    assert "damaged" in settings.problems[0] and "cp.ini.broken" in settings.problems[0]
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8") == original
    # the window writes its own keys on close (geometry): the original is safe all the same
    settings.qsettings().setValue("window/geometry", "x")
    settings.qsettings().sync()
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8") == original
    assert Settings(path).problems == []


def test_an_older_broken_copy_is_never_overwritten(qapp: object, tmp_path: Path) -> None:
    write(tmp_path / "cp.ini.broken", "an older copy")
    path = write(tmp_path / "cp.ini", "[rules\n")
    settings = Settings(path)
    assert "cp.ini.broken.1" in settings.problems[0]
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8") == "an older copy"
    assert (tmp_path / "cp.ini.broken.1").read_text(encoding="utf-8") == "[rules\n"


def test_other_groups_survive_the_repair(qapp: object, tmp_path: Path) -> None:
    path = write(tmp_path / "cp.ini", "[rules]\nbank=9\n\n[window]\ngeometry=abc\n")
    Settings(path)
    raw = QSettings(str(path), QSettings.Format.IniFormat)
    assert raw.value("window/geometry") == "abc" and raw.value("rules/bank") == "0"


def test_the_docstring_form_of_the_royalty_table_is_read(qapp: object, tmp_path: Path) -> None:
    # the layout the module's own docstring shows: a group as an INI section
    path = write(tmp_path / "cp.ini", "[rules]\nroyalties=true\n\n[rules/royalty_table]\ntop_trips=5\n"
                                      "bottom_royal_flush=9\n\n[table]\nopponents=2\n")
    settings = Settings(path)
    assert settings.problems == []
    table = settings.values.house_rules.royalty_table
    assert table.top_trips == 5 and table.bottom_royal_flush == 9 and settings.values.opponents == 2
    assert not (tmp_path / "cp.ini.broken").exists()
    assert settings.save(settings.values.replace(bot=BotChoice(BotName.GREEDY))) is True
    again = Settings(path)
    assert again.problems == [] and again.values.house_rules.royalty_table.top_trips == 5
    assert again.values.bot == BotChoice(BotName.GREEDY)


def test_criss_cross_with_more_opponents_is_repaired(qapp: object, tmp_path: Path) -> None:
    path = write(tmp_path / "cp.ini", "[table]\nopponents=3\ncriss_cross=true\n")
    settings = Settings(path)
    assert settings.values.opponents == 3 and settings.values.criss_cross is False
    assert "table/criss_cross" in settings.problems[0]


# --- the dialog --------------------------------------------------------------------------------

def test_the_dialog_refuses_a_bank_nobody_sits_in(qtbot: QtBot) -> None:
    dialog = SettingsDialog(TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ties_combo.setCurrentIndex(dialog.ties_combo.findData(TieRule.BANK.value))
    dialog.bank_combo.setCurrentIndex(dialog.bank_combo.findData(3))
    dialog.opponents_spin.setValue(1)
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.problem_label.isVisible()
    assert "Opponent 3 does not sit at this table (2 players)" in dialog.problem_label.text()
    dialog.opponents_spin.setValue(3)
    dialog.accept()
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.values().house_rules.bank == 3


def test_the_dialog_edit_does_not_save_refused_settings(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "cp.ini")
    dialog = SettingsDialog(settings.values)
    qtbot.addWidget(dialog)
    dialog.ties_combo.setCurrentIndex(dialog.ties_combo.findData(TieRule.BANK.value))
    dialog.bank_combo.setCurrentIndex(dialog.bank_combo.findData(2))
    assert dialog.problem() is not None
    dialog.criss_cross_check.setChecked(True)  # two players: still no seat 2
    assert dialog.problem() is not None
    dialog.bank_combo.setCurrentIndex(dialog.bank_combo.findData(1))
    assert dialog.problem() is None


def test_a_repaired_file_behind_a_symlink_stays_behind_it(qapp: object, tmp_path: Path) -> None:
    real = write(tmp_path / "real.ini", "[rules]\nbank=9\n")
    link = tmp_path / "cp.ini"
    link.symlink_to(real)
    settings = Settings(link)
    assert len(settings.problems) == 2
    assert link.is_symlink() and "bank=0" in real.read_text(encoding="utf-8")
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8") == "[rules]\nbank=9\n"


def _window(qtbot: QtBot, settings: Settings, tmp_path: Path, opponents: int | None = None) -> MainWindow:
    window = create_window(deal=None, seed=3, lang="en", settings=settings, opponents=opponents,
                           data_dir=str(tmp_path / "data"))
    qtbot.addWidget(window)
    return window


def test_the_window_tells_once_and_the_next_start_is_quiet(qtbot: QtBot, tmp_path: Path) -> None:
    path = write(tmp_path / "cp.ini", "[rules]\nties=bank\nbank=3\n\n[table]\nopponents=1\nbot=greedy\n")
    first = _window(qtbot, Settings(path), tmp_path)
    assert first.values.house_rules.bank == 0
    qtbot.waitUntil(lambda: first.findChild(QMessageBox, "settingsProblems") is not None)
    box = first.findChild(QMessageBox, "settingsProblems")
    assert box is not None and "rules/bank" in box.text()
    second = _window(qtbot, Settings(path), tmp_path)
    qtbot.wait(50)
    assert second.findChild(QMessageBox, "settingsProblems") is None


def test_fewer_opponents_on_the_command_line_keep_a_table(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "cp.ini")
    settings.save(TrainerSettings(house_rules=BANK_3, opponents=3, bot=BotChoice(BotName.GREEDY),
                                  language="en"))
    window = _window(qtbot, settings, tmp_path, opponents=1)
    assert window.values.opponents == 1 and window.values.house_rules.bank == 0
    assert settings.values.house_rules.bank == 3  # for this run only: the file is unchanged


def test_a_tilde_in_the_settings_variable_is_the_home_folder(
        qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CP_TRAINER_SETTINGS", "~/cp.ini")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.path == tmp_path / "cp.ini"
    settings.save(TrainerSettings(language="en"))
    assert (tmp_path / "cp.ini").is_file() and not (tmp_path / "~").exists()


KEYS = ["rules/system", "rules/ties", "rules/bank", "rules/ignore_fouls", "rules/surrender",
        "rules/surrender_cost", "rules/royalties", "rules/naturals", "rules/natural_amount",
        "rules/point_value", "rules/stakes", "rules/wheel_second", "rules/low_middle",
        "rules/royalty_table/top_trips", "table/opponents", "table/bot", "table/solver_samples",
        "table/criss_cross", "view/card_style", "view/language"]
RAW = st.one_of(
    st.sampled_from(["0", "1", "2", "3", "4", "-1", "99", "100", "1e30", "1e400", "nan", "inf", "auto", "",
                     "true", "false", "bank", "push", "1-6", "2-4", "greedy", "expert", "four-colour",
                     "ru", "en", "9" * 5000, "1 2", "0.5, 2"]),
    st.text(alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\n\r"), max_size=20),
)


@fuzz_settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(KEYS), RAW, max_size=8))
def test_any_settings_file_loads_and_is_quiet_after_one_repair(qapp: object, tmp_path: Path,
                                                              values: dict[str, str]) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    raw = QSettings(str(folder / "cp.ini"), QSettings.Format.IniFormat)
    for key, value in values.items():
        raw.setValue(key, value)
    raw.sync()
    del raw
    first = Settings(folder / "cp.ini")  # never raises; every value in force is valid
    assert isinstance(first.values, TrainerSettings)
    again = Settings(folder / "cp.ini")
    assert again.problems == [] and again.values == first.values


# --- house-rules files (cp_trainer.rules.house_rules_file) meet the whole check ------------------------

def test_a_rules_file_with_a_bank_seat_seats_enough_bots(qapp: object, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bank3.toml").write_text('ties = "bank"\nbank = 3\n', encoding="utf-8")
    (tmp_path / "cross.toml").write_text('ties = "bank"\nbank = 3\ncriss_cross = true\n', encoding="utf-8")
    answers = iter([str(tmp_path / "bank3.toml"), str(tmp_path / "cross.toml")])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_: (next(answers), ""))
    warnings: list[str] = []

    def warning(parent: QWidget, title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        warnings.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    dialog = SettingsDialog(TrainerSettings(language="en"))
    assert dialog.load_rules_file() is True
    values = dialog.values()
    assert values.house_rules.bank == 3 and values.opponents == 3 and dialog.problem() is None
    # Criss Cross is two players: a bank at seat 3 makes no table; said, and nothing changes
    assert dialog.load_rules_file() is False
    assert len(warnings) == 1 and "bank" in warnings[0] and dialog.values() == values
    dialog.deleteLater()


def test_gui_refuses_a_criss_cross_rules_file_with_a_bank_beyond_two_players(tmp_path: Path) -> None:
    path = tmp_path / "cross.toml"
    path.write_text('ties = "bank"\nbank = 3\ncriss_cross = true\n', encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CP_TRAINER_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "gui", "--rules", str(path)],
                          capture_output=True, timeout=120, env=env)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "Traceback" not in err and err.count("\n") == 1
    assert "Criss Cross is for two players (0 and 1), but the bank is player 3" in err
