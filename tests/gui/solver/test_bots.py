from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.gui.solver.bots import BOTS, bot_label
from cp_trainer.gui.translation import install_language
from cp_trainer.solver.bots import BOT_NAMES


def test_gui_bot_keys_are_the_solvers() -> None:
    assert BOTS == BOT_NAMES


def test_bot_names_are_translated(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        install_language(app, "ru")
        assert bot_label("greedy") == "жадный"
        assert bot_label("mystery") == "mystery"
    finally:
        install_language(app, "en")
    assert bot_label("greedy") == "greedy"
