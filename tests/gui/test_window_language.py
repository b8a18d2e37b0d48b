"""Switching the language from the menu changes every visible text, the core's messages too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.translation import current_language, install_language
from tests.gui.window_fixtures import make_window, place


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, qapp: QApplication) -> Iterator[MainWindow]:
    w = make_window(qtbot, tmp_path)
    yield w
    install_language(qapp, "en")


def _texts(window: MainWindow) -> dict[str, str]:
    def text(cls: Any, name: str) -> str:
        widget = window.findChild(cls, name)
        assert widget is not None, name
        return str(widget.text())
    return {"set": text(QPushButton, "setButton"), "deal": text(QPushButton, "dealButton"),
            "hint": text(QPushButton, "hintButton"), "banner": text(QLabel, "foulBanner"),
            "score": text(QLabel, "scoreLabel"), "menu": window.game_menu.title()}


def test_language_menu_switches_live_and_is_remembered(window: MainWindow, tmp_path: Path) -> None:
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d /")  # a foul: the banner shows the core's message
    english = _texts(window)
    assert english["set"] == "Set hand" and "pair of aces" in english["banner"]
    window.language_actions["ru"].trigger()
    assert current_language() == "ru"
    russian = _texts(window)
    assert russian["set"] == "Вскрыть"
    assert russian["menu"] == "&Игра"
    assert "ФОЛ" in russian["banner"] and "пара тузов" in russian["banner"]
    assert "верхний ряд" in russian["banner"]
    assert all(russian[k] != english[k] for k in english)
    title = window.table.row_titles
    assert any("Верхний ряд" in t.text() for t in title.values())
    # remembered in the settings file
    assert Settings(tmp_path / "settings.ini").values.language == "ru"
    window.language_actions["en"].trigger()
    assert _texts(window) == english
