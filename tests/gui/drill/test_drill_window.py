"""Practice → Drill (gui/drill/window.py) in the main window, and a Drill page on its own: a card
placed with a key, Ctrl+Z takes it back and Ctrl+Y (a real key press) puts it back again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from cp_trainer.gui.app import create_window
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.table.models import Zone
from cp_trainer.history import HistoryStore
from tests.gui.window_fixtures import make_window

CTRL = Qt.KeyboardModifier.ControlModifier


def _undo_then_ctrl_y(page: DrillPage, focus: QWidget) -> None:
    hand = page.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.model().index(0, 0))
    QTest.keyClick(hand, Qt.Key.Key_1)
    (placed,) = page.deal.cards(Zone.TOP)
    QTest.keyClick(QApplication.focusWidget() or focus, Qt.Key.Key_Z, CTRL)
    assert not page.deal.cards(Zone.TOP), "Ctrl+Z did not take the card back"
    assert placed in page.deal.cards(Zone.HAND)
    QTest.keyClick(QApplication.focusWidget() or focus, Qt.Key.Key_Y, CTRL)
    assert page.deal.cards(Zone.TOP) == (placed,), "Ctrl+Y did not bring the move back"
    assert placed not in page.deal.cards(Zone.HAND)


def test_ctrl_y_redoes_in_the_drill_of_the_main_window(qtbot: Any, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    window = create_window(seed=5, lang="en", settings=Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.drill.action.trigger()  # Practice → Drill, as from the menu
    page = window.drill.page
    assert page is not None and window.pages.currentWidget() is window.drill.container
    QApplication.processEvents()
    _undo_then_ctrl_y(page, window)


def test_ctrl_y_redoes_on_a_drill_page_of_its_own(qtbot: Any, tmp_path: Path) -> None:
    page = DrillPage(CardRenderer(), store=HistoryStore.open(tmp_path / "data"), seed=1, random_share=0.0)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow)  # its shortcuts are the window's
    _undo_then_ctrl_y(page, page)


def test_a_seeded_window_deals_the_same_drill_hand_each_time(qtbot: Any, tmp_path: Path) -> None:
    """A session made with a seed is reproducible, the Drill's hands too (the manual's pictures
    are made so)."""
    hands = []
    for run in range(2):
        folder = tmp_path / str(run)
        folder.mkdir()
        window = make_window(qtbot, folder, seed=7)
        page = window.show_drill()
        hands.append(sorted(map(str, page.deal.all_cards())))
        window.close()
    assert hands[0] == hands[1]
