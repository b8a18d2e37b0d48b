"""Settings → *Save house rules…* / *Load house rules…*: a teacher saves the club's
rules from the window, a student loads them, and the student's window and ``cp-trainer score
--rules`` settle the same hands the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.cli import main
from cp_trainer.gui import app
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.rules_file import with_rules_file
from cp_trainer.gui.settings.store import Settings, TrainerSettings
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem
from cp_trainer.rules.house_rules_file import RulesFile, read_rules_file, write_rules_file
from cp_trainer.rules.settlement import settle

# Hands (see tests/cli/test_cli_score_rules.py for the row-by-row reading).
A = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"  # beats B 2-1
B = "2c 3d 4h / 5s 5d 6c 7d 9c / Ks Kh 8s 8d 3c"
R1 = "2c 2d 2h / 3s 7s 9s Js Ks / 4c 4d 4s 5c 5d"  # top trips 2s; loses to R2 1-2
R2 = "3c 3d 3h / 6c 7d 8h 9d Tc / Ac Ad Ah Kc Kd"  # top trips 3s


class FileDialogs:
    """Stands in for QFileDialog's static functions: answers with ``path`` and records calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path = ""
        self.calls: list[tuple[str, str]] = []
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._answer("save"))
        monkeypatch.setattr(QFileDialog, "getOpenFileName", self._answer("open"))

    def _answer(self, kind: str) -> Any:
        def answer(parent: QWidget, caption: str, folder: str, filters: str) -> tuple[str, str]:
            assert isinstance(parent, SettingsDialog) and "*.toml" in filters
            self.calls.append((kind, caption))
            return self.path, filters.split(";;")[0]
        return answer


@pytest.fixture
def files(monkeypatch: pytest.MonkeyPatch) -> FileDialogs:
    return FileDialogs(monkeypatch)


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []

    def warning(parent: QWidget, title: str, text: str, *_: Any) -> QMessageBox.StandardButton:
        shown.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    return shown


def _dialog(qtbot: QtBot, values: TrainerSettings | None = None) -> SettingsDialog:
    dialog = SettingsDialog(values if values is not None else TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    return dialog


def _teacher_sets_the_club_rules(dialog: SettingsDialog) -> None:
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("1-6"))
    dialog.surrender_check.setChecked(True)
    dialog.surrender_cost_spin.setValue(5)
    dialog.royalties_check.setChecked(True)
    dialog.royalties_better_check.setChecked(True)
    dialog.point_value_spin.setValue(0.5)


def test_buttons_are_named_explained_and_translated(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    assert dialog.save_rules_button.objectName() == "saveRulesButton"
    assert dialog.load_rules_button.objectName() == "loadRulesButton"
    assert dialog.save_rules_button.text() == "Save house rules…"
    assert dialog.load_rules_button.toolTip()
    from cp_trainer.gui.translation import install_language

    application = app.application()
    try:
        install_language(application, "ru")
        assert dialog.save_rules_button.text() == "Сохранить правила стола…"
        assert dialog.load_rules_button.text() == "Загрузить правила стола…"
    finally:
        install_language(application, "en")


def test_save_writes_what_the_dialog_shows(qtbot: QtBot, tmp_path: Path, files: FileDialogs,
                                           warnings: list[str]) -> None:
    dialog = _dialog(qtbot)
    _teacher_sets_the_club_rules(dialog)
    dialog.criss_cross_check.setChecked(True)
    files.path = str(tmp_path / "club.toml")
    dialog.save_rules_button.click()  # the button's clicked signal, as a mouse click sends it
    assert files.calls == [("save", "Save house rules")] and warnings == []
    assert read_rules_file(files.path) == RulesFile(
        HouseRules(system=ScoringSystem.ONE_SIX, surrender=True, surrender_cost=5, royalties=True,
                   royalties_better_hand_only=True, point_value=0.5), criss_cross=True)


def test_save_cancelled_writes_nothing(qtbot: QtBot, tmp_path: Path, files: FileDialogs) -> None:
    dialog = _dialog(qtbot)
    files.path = ""  # the user pressed Cancel
    assert dialog.save_rules_file() is False
    assert list(tmp_path.iterdir()) == []


def test_a_name_without_toml_gets_it_and_never_replaces_unasked(qtbot: QtBot, tmp_path: Path,
                                                                 files: FileDialogs,
                                                                 warnings: list[str]) -> None:
    dialog = _dialog(qtbot)
    files.path = str(tmp_path / "club")
    assert dialog.save_rules_file() is True
    assert read_rules_file(tmp_path / "club.toml") == RulesFile()
    # The file dialog asked about "club", not "club.toml": the existing club.toml is kept.
    (tmp_path / "club.toml").write_text("# mine\n", encoding="utf-8")
    assert dialog.save_rules_file() is False
    assert (tmp_path / "club.toml").read_text(encoding="utf-8") == "# mine\n"
    assert len(warnings) == 1 and "already exists" in warnings[0]


def test_save_replaces_a_file_the_file_dialog_confirmed(qtbot: QtBot, tmp_path: Path,
                                                         files: FileDialogs) -> None:
    path = tmp_path / "club.toml"
    path.write_text("# old\n", encoding="utf-8")
    dialog = _dialog(qtbot)
    dialog.naturals_check.setChecked(True)
    files.path = str(path)  # QFileDialog.getSaveFileName asked "replace?" and the user said yes
    assert dialog.save_rules_file() is True
    assert read_rules_file(path).rules.naturals is True


def test_load_shows_the_file_and_keeps_it_only_on_ok(qtbot: QtBot, tmp_path: Path, files: FileDialogs,
                                                     warnings: list[str]) -> None:
    path = tmp_path / "club.toml"
    path.write_text('system = "2-4-scoop"\nsurrender = true\nnatural_amount = 9\nnaturals = true\n'
                    "stakes = [1, 2]\npoint_value = 0.125\ncriss_cross = true\n"
                    "[royalty_table]\ntop_trips = 6\n", encoding="utf-8")
    settings = Settings(tmp_path / "settings.ini")
    before = settings.values
    dialog = _dialog(qtbot, before.replace(opponents=3, bot="greedy"))
    files.path = str(path)
    dialog.load_rules_button.click()
    assert warnings == []
    assert dialog.system_combo.currentData() == "2-4-scoop"
    assert dialog.surrender_check.isChecked() and dialog.natural_amount_spin.value() == 9
    assert dialog.criss_cross_check.isChecked() and dialog.opponents_spin.value() == 1
    values = dialog.values()
    assert values.house_rules == HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP, surrender=True,
                                            naturals=True, natural_amount=9, stakes=(1.0, 2.0),
                                            point_value=0.125, royalty_table=RoyaltyTable(top_trips=6))
    assert (values.criss_cross, values.opponents, values.bot.name) == (True, 1, "greedy")  # the table stays
    assert settings.values == before  # nothing saved until OK


@pytest.mark.parametrize(("text", "named"), [
    ("bank = 9\n", "line 1: bank = 9 is out of range"),
    ('surrender = true\nsurender_cost = 4\n', "line 2: unknown key surender_cost = 4"),
    ("system = \n", "not a valid TOML file"),
])
def test_a_bad_file_says_why_and_changes_nothing(qtbot: QtBot, tmp_path: Path, files: FileDialogs,
                                                warnings: list[str], text: str, named: str) -> None:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    dialog = _dialog(qtbot)
    dialog.royalties_check.setChecked(True)
    shown = dialog.values()
    files.path = str(path)
    assert dialog.load_rules_file() is False
    assert len(warnings) == 1
    assert warnings[0].startswith("Load house rules: ") and named in warnings[0] and str(path) in warnings[0]
    assert dialog.values() == shown


def test_load_missing_file_and_a_folder(qtbot: QtBot, tmp_path: Path, files: FileDialogs,
                                        warnings: list[str]) -> None:
    dialog = _dialog(qtbot)
    files.path = str(tmp_path / "gone.toml")
    assert dialog.load_rules_file() is False
    files.path = str(tmp_path)
    assert dialog.load_rules_file() is False
    assert "no such house-rules file" in warnings[0] and "is a folder" in warnings[1]


def _score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["score", "--json", *argv]) == 0
    record: dict[str, Any] = json.loads(capsys.readouterr().out)
    return record


def test_the_students_window_and_score_rules_settle_the_same(qtbot: QtBot, tmp_path: Path,
                                                             files: FileDialogs, warnings: list[str],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The teacher saves the club's rules from the window and mails the file.
    teacher = _dialog(qtbot)
    _teacher_sets_the_club_rules(teacher)  # 1-6, surrender 5, royalties to the better hand, 0.5 a point
    club = tmp_path / "club.toml"
    files.path = str(club)
    assert teacher.save_rules_file()
    # The student loads it in their own window and presses OK.
    student_settings = Settings(tmp_path / "student.ini")
    student = _dialog(qtbot, student_settings.values)
    assert student.load_rules_file()
    student_settings.save(student.values())
    rules = Settings(tmp_path / "student.ini").values.house_rules  # as the window reads it next time

    deals: list[tuple[list[str], list[int], list[float]]] = [
        # 1-6: A v B 2-1 = +1; at 0.5 a point: 0.5.
        ([A, B], [1, -1], [0.5, -0.5]),
        # Royalties to the better hand only: rows R1 -1 (1-6, 1-2); R2's top trips won: R2 +3 more.
        # R1 -4, at 0.5: -2.0.
        ([R1, R2], [-4, 4], [-2.0, 2.0]),
        # Surrender costs 5: B pays A 5; at 0.5: 2.5.
        ([A, "surrender"], [5, -5], [2.5, -2.5]),
    ]
    for texts, points, money in deals:
        hands = [None if t == "surrender" else Arrangement.parse(t) for t in texts]
        window = settle(hands, rules)  # what the student's table settles with
        cli = _score_json(capsys, "--rules", str(club), *texts)
        assert list(window.points) == cli["points"] == points
        assert [round(m, 6) for m in window.money] == cli["money"] == money
    assert warnings == []


def test_gui_rules_file_becomes_the_windows_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    club = tmp_path / "club.toml"
    write_rules_file(club, RulesFile(HouseRules(surrender=True, point_value=2.0), criss_cross=True))
    calls: list[dict[str, Any]] = []

    def fake_run_app(**kw: Any) -> int:
        calls.append(kw)
        return 0

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert main(["gui", "--rules", str(club)]) == 0
    assert calls[0]["rules"] == read_rules_file(club)
    # a bad file: exit 2 before any window
    club.write_text("bank = 5\n", encoding="utf-8")
    assert main(["gui", "--rules", str(club)]) == 2
    err = capsys.readouterr().err
    assert "line 1: bank = 5" in err and len(calls) == 1
    # what create_window does with it: the settings take the file's rules and Criss Cross
    values = with_rules_file(TrainerSettings(language="en", opponents=3),
                             RulesFile(HouseRules(surrender=True), criss_cross=True))
    assert values.house_rules == HouseRules(surrender=True) and values.criss_cross and values.opponents == 1


def test_create_window_plays_by_the_rules_file(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    club = RulesFile(HouseRules(system=ScoringSystem.ONE_SIX, surrender=True), criss_cross=True)
    window = app.create_window(seed=3, lang="en", settings=settings, rules=club,
                               data_dir=str(tmp_path / "data"))
    qtbot.addWidget(window)
    assert window.values.house_rules == club.rules and window.values.criss_cross
    assert window.controller.setup.rules == club.rules
    # kept as the saved settings, as Load house rules… then OK would
    assert Settings(tmp_path / "settings.ini").values.house_rules == club.rules
