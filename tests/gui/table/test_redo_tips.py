"""The Redo buttons' tooltips name both keys that redo: Ctrl+Y and Ctrl+Shift+Z, in both
languages (the table's and Pai Gow's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QPushButton

from cp_trainer.gui.app import create_window
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.shortcuts import redo_keys
from cp_trainer.gui.translation import install_language


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


NAMED = ("Ctrl+Y", "Ctrl+Shift+Z")  # the two redo keys of every platform (shortcuts.redo_keys)


def _assert_names_the_keys(button: QPushButton, lang: str) -> None:
    tip = button.toolTip()
    bound = {k.toString(QKeySequence.SequenceFormat.PortableText) for k in redo_keys()}
    assert set(NAMED) <= bound
    assert all(name in tip for name in NAMED), tip
    if lang == "ru":
        assert "Make the move" not in tip and "отменённый" in tip, tip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tables_redo_tooltip_names_ctrl_y_too(qtbot: Any, tmp_path: Path, english_after: QApplication,
                                                  lang: str) -> None:
    window = create_window(seed=3, lang="en", settings=Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    install_language(english_after, lang)
    _assert_names_the_keys(window.table.redo_button, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pai_gows_redo_tooltip_names_ctrl_y_too(qtbot: Any, english_after: QApplication, lang: str) -> None:
    tab = PaiGowTab(CardRenderer(), seed=4)
    qtbot.addWidget(tab)
    install_language(english_after, lang)
    _assert_names_the_keys(tab.redo_button, lang)
