"""The keys keep working: after Hint and Cancel the number keys still place the current card; in
Pai Gow after a drag with the mouse the number keys still move a card; Ctrl+Y redoes wherever
there is undo (the table, Pai Gow and the Drill), as Ctrl+Shift+Z does."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.paigow.views import PgZone
from cp_trainer.gui.table.models import Zone
from cp_trainer.paigow.cards import parse_pg_cards
from tests.gui.dnd import drop_on
from tests.gui.window_fixtures import assert_keys_work, click, make_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    return make_window(qtbot, tmp_path)


def test_hint_then_cancel_leaves_the_keys_on_the_cards(window: MainWindow, qtbot: QtBot) -> None:
    release = threading.Event()

    def waits(_request: Any, _progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
        while not cancelled() and not release.is_set():
            release.wait(0.01)
        raise RuntimeError("stopped")

    window.solver_panel.solve_fn = waits
    try:
        click(qtbot, window.table.hint_button)
        qtbot.waitUntil(window.solver_panel.cancel_button.isVisible)
        click(qtbot, window.solver_panel.cancel_button)
        QApplication.processEvents()
        assert_keys_work(window, qtbot)
    finally:
        release.set()
        window.solver_panel.shutdown()


def test_ctrl_y_redoes_on_the_table(window: MainWindow, qtbot: QtBot) -> None:
    hand = window.table.views[Zone.HAND]
    qtbot.keyClick(hand, Qt.Key.Key_1)
    assert len(window.deal_model.cards(Zone.TOP)) == 1
    qtbot.keySequence(hand, QKeySequence("Ctrl+Z"))
    assert not window.deal_model.cards(Zone.TOP)
    qtbot.keySequence(window.focusWidget() or hand, QKeySequence("Ctrl+Y"))
    assert len(window.deal_model.cards(Zone.TOP)) == 1
    qtbot.keySequence(window.focusWidget() or hand, QKeySequence("Ctrl+Z"))
    qtbot.keySequence(window.focusWidget() or hand, QKeySequence("Ctrl+Shift+Z"))
    assert len(window.deal_model.cards(Zone.TOP)) == 1
    assert "Ctrl+Y" in window.redo_action.toolTip() or any(
        k.matches(QKeySequence("Ctrl+Y")) == QKeySequence.SequenceMatch.ExactMatch
        for k in window.redo_action.shortcuts())


def test_ctrl_y_redoes_in_the_drill(window: MainWindow, qtbot: QtBot) -> None:
    page = window.show_drill()
    QApplication.processEvents()
    hand = page.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.model().index(0, 0))
    qtbot.keyClick(hand, Qt.Key.Key_1)
    assert len(page.deal.cards(Zone.TOP)) == 1
    qtbot.keySequence(window.focusWidget() or hand, QKeySequence("Ctrl+Z"))
    assert not page.deal.cards(Zone.TOP)
    qtbot.keySequence(window.focusWidget() or hand, QKeySequence("Ctrl+Y"))
    assert len(page.deal.cards(Zone.TOP)) == 1


def test_pai_gow_keys_work_after_a_mouse_drag(qtbot: QtBot) -> None:
    tab = PaiGowTab(CardRenderer(), deal=(parse_pg_cards("Ts Th 5d 5c Ad 9h Jk"),
                                          parse_pg_cards("Ks Kh 8c 7d 2c Qd Jh")), seed=4)
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    hand = tab.views[PgZone.HAND]
    model = tab.deal.zone_models[PgZone.HAND]
    index = model.index(0)
    # a press on a card focuses the hand and makes that card current, then it is dragged away
    tab.activateWindow()
    hand.setFocus(Qt.FocusReason.MouseFocusReason)
    hand.setCurrentIndex(index)
    qtbot.waitUntil(hand.hasFocus)
    assert drop_on(tab.views[PgZone.HIGH], model.mimeData([index]), tab.views[PgZone.HIGH].empty_point())
    QApplication.processEvents()
    before = len(tab.deal.cards(PgZone.LOW))
    qtbot.keyClick(hand, Qt.Key.Key_1)
    assert len(tab.deal.cards(PgZone.LOW)) == before + 1
