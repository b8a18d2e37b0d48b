"""The window's menus: settings through the dialog, card style, help pages, a broken settings file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QTextBrowser

from cp_trainer.gui.app import create_window
from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.translation import install_language
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import ScoringSystem
from tests.gui.window_fixtures import HAND, make_window


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def test_settings_dialog_changes_the_table_and_persists(qtbot: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, tmp_path)

    def accept(dialog: SettingsDialog) -> int:
        dialog.royalties_check.setChecked(True)
        dialog.opponents_spin.setValue(3)
        dialog.card_style_combo.setCurrentIndex(
            dialog.card_style_combo.findData(CardStyle.FOUR_COLOUR.value))
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(SettingsDialog, "exec", accept)
    window.settings_action.trigger()
    assert not window.controller.setup.rules.royalties  # the deal on the table keeps its table
    assert window.renderer.style is CardStyle.FOUR_COLOUR  # the look changes at once
    window.deal_action.trigger()
    assert window.controller.setup.rules.royalties
    assert len(window.controller.opponent_cards) == 3
    saved = Settings(tmp_path / "settings.ini").values
    assert saved.house_rules.royalties and saved.opponents == 3
    assert saved.card_style is CardStyle.FOUR_COLOUR


def test_help_pages_in_both_languages(qtbot: Any, tmp_path: Path, english_after: QApplication) -> None:
    window = make_window(qtbot, tmp_path)
    dialog = window.show_help("rankings")
    text = dialog.findChild(QTextBrowser).toPlainText()  # type: ignore[union-attr]
    assert "Hand rankings" in text and "straight flush" in text and "two pair" in text
    dialog.close()
    window.language_actions["ru"].trigger()
    dialog = window.show_help("rules")
    text = dialog.findChild(QTextBrowser).toPlainText()  # type: ignore[union-attr]
    assert "Закрытый китайский покер" in text and "скуп" in text
    dialog.close()
    dialog = window.show_help("rankings")
    assert "две пары" in dialog.findChild(QTextBrowser).toPlainText()  # type: ignore[union-attr]
    dialog.close()


def test_a_broken_settings_file_falls_back_to_defaults_with_a_message(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    path.write_text("[rules]\nsystem=7-7\n[table]\nopponents=9\n", encoding="utf-8")
    window = create_window(deal=parse_cards(HAND), seed=1, lang="en", settings=Settings(path))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "settingsProblems") is not None)
    box = window.findChild(QMessageBox, "settingsProblems")
    assert box is not None and "rules/system" in box.text() and "table/opponents" in box.text()
    assert window.controller.setup.rules.system is ScoringSystem.TWO_FOUR
    assert len(window.controller.opponent_cards) == 1
    box.close()


def test_the_window_remembers_its_geometry(qtbot: Any, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, tmp_path)
    window.close()
    saved = Settings(tmp_path / "settings.ini").qsettings().value("window/geometry")
    assert saved and bytes(saved) == bytes(window.saveGeometry().data())
    restored: list[bytes] = []
    monkeypatch.setattr(MainWindow, "restoreGeometry",
                        lambda self, g: restored.append(bytes(g.data())) or True)  # type: ignore[func-returns-value]
    make_window(qtbot, tmp_path)
    assert restored == [bytes(saved)]
