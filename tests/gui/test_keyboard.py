"""The keyboard keeps its place: a card is current from the start, every action (a
button clicked with the mouse, set, next deal, undo, try again, replay, Criss Cross's first hand)
leaves the focus where the keys go on working, Escape / Ctrl+W close every secondary window, and
a focused fouled row shows both frames."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.qtbot import QtBot

from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.table.models import Zone
from tests.gui.history_wait import open_and_wait
from tests.gui.window_fixtures import assert_keys_work, click, focused, make_window, place

FOUL = "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c"
LEGAL = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    w = make_window(qtbot, tmp_path)
    w.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solving here
    return w


def test_a_card_is_current_at_start_and_1_moves_it(window: MainWindow, qtbot: QtBot) -> None:
    view = focused(window)
    assert view is window.table.views[Zone.HAND]
    qtbot.keyClick(view, Qt.Key.Key_1)
    assert len(window.deal_model.cards(Zone.TOP)) == 1


@pytest.mark.parametrize("name", ["undoButton", "redoButton", "sortSuitButton", "sortRankButton",
                                  "returnButton"])
def test_a_button_clicked_with_the_mouse_leaves_the_keys_on_the_cards(window: MainWindow, qtbot: QtBot,
                                                                      name: str) -> None:
    hand = window.table.views[Zone.HAND]
    qtbot.keyClick(hand, Qt.Key.Key_1)
    qtbot.keyClick(hand, Qt.Key.Key_2)
    if name == "redoButton":
        window.deal_model.undo()
    button = window.findChild(QPushButton, name)
    assert isinstance(button, QPushButton)
    click(qtbot, button)
    assert_keys_work(window, qtbot)


def test_undo_emptying_the_focused_row_moves_the_keys_to_the_hand(window: MainWindow, qtbot: QtBot) -> None:
    hand = window.table.views[Zone.HAND]
    qtbot.keyClick(hand, Qt.Key.Key_1)
    top = window.table.views[Zone.TOP]
    top.setFocus()
    top.setCurrentIndex(top.model().index(0, 0))
    window.undo_action.trigger()
    assert not window.deal_model.cards(Zone.TOP)
    assert_keys_work(window, qtbot)


def test_set_then_next_deal_by_keyboard(window: MainWindow, qtbot: QtBot) -> None:
    place(window, LEGAL)
    click(qtbot, window.table.set_button)
    assert window.controller.showdown is not None
    # the hand is set: the focus waits on "Next deal", so Space deals again
    assert focused(window) is window.table.deal_button
    qtbot.keyClick(window.table.deal_button, Qt.Key.Key_Space)
    assert window.controller.showdown is None
    assert_keys_work(window, qtbot)


def test_next_deal_clicked_with_the_mouse(window: MainWindow, qtbot: QtBot) -> None:
    place(window, FOUL)
    click(qtbot, window.table.deal_button)
    assert_keys_work(window, qtbot)


def test_try_again_and_replay_from_the_history(window: MainWindow, qtbot: QtBot) -> None:
    place(window, LEGAL)
    click(qtbot, window.table.set_button)
    assert window.practice.recorder.writer.flush(10)
    history = open_and_wait(window.practice)
    assert history is not None
    history.select_row(0)
    click(qtbot, history.show_button)  # the hand on the table, read-only
    assert window.controller.past is not None
    assert focused(window) is window.replay.bar.try_button  # Space plays it again
    qtbot.keyClick(window.replay.bar.try_button, Qt.Key.Key_Space)
    assert window.controller.retry_of is not None
    assert_keys_work(window, qtbot)
    window.deal_model.return_all()
    place(window, LEGAL)
    click(qtbot, window.table.set_button)
    click(qtbot, history.try_again_button)  # from the History window
    assert_keys_work(window, qtbot)


def test_criss_cross_first_hand_leaves_the_keys_on_the_second(qtbot: QtBot, tmp_path: Path) -> None:
    from cp_trainer.gui.settings.store import Settings

    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", solver_samples=400, opponents=1, criss_cross=True))
    window = make_window(qtbot, tmp_path)
    window.solver_panel.start_all = lambda requests: None  # type: ignore[method-assign]
    cards = window.deal_model.all_cards()
    window.deal_model.place(cards[:3], cards[3:8], cards[8:13])
    click(qtbot, window.table.set_button)
    assert window.controller.hand_index == 1
    assert_keys_work(window, qtbot)


# --- closing secondary windows ---------------------------------------------------------------------

@pytest.mark.parametrize("key", ["Escape", "Ctrl+W"])
def test_escape_and_ctrl_w_close_the_settings_dialog(window: MainWindow, qtbot: QtBot, key: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[QDialog] = []

    def opened(dialog: QDialog) -> int:  # exec() without blocking: open, press the key, report
        dialog.open()
        qtbot.waitUntil(dialog.isActiveWindow)  # a person presses keys in the window they see
        shown.append(dialog)
        qtbot.keySequence(dialog, QKeySequence(key))
        return int(dialog.result())

    from cp_trainer.gui.settings.dialog import SettingsDialog

    monkeypatch.setattr(SettingsDialog, "exec", opened)
    window.settings_action.trigger()
    assert shown and not shown[0].isVisible()
    assert shown[0].result() == QDialog.DialogCode.Rejected


# --- the focus frame and the foul frame ------------------------------------------------------------

def _has(image: QImage, colour: str, rect: Any, tolerance: int = 24) -> bool:
    want = QColor(colour)
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            c = image.pixelColor(x, y)
            if (abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue())
                    <= tolerance):
                return True
    return False


def test_a_focused_fouled_row_shows_the_foul_frame_and_the_focus_frame(window: MainWindow) -> None:
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d /")
    top = window.table.views[Zone.TOP]
    assert top.property("foul") is True
    top.setFocus()
    QApplication.processEvents()
    assert top.hasFocus()
    image = top.grab().toImage()
    w, h = image.width(), image.height()
    edge = (QPoint(0, 0), QPoint(w - 1, 2))  # the outer frame: red
    assert _has(image, "#ff5252", _rect(*edge)), "the foul frame is not drawn"
    inside = _rect(QPoint(3, 3), QPoint(w - 4, 9))  # the focus frame, just inside it
    assert _has(image, "#fff59d", inside), "the focus frame is not drawn"
    top.clearFocus()
    QApplication.processEvents()
    assert not _has(top.grab().toImage(), "#fff59d", _rect(QPoint(3, 3), QPoint(w - 4, 9)))
    assert h > 20


def _rect(a: QPoint, b: QPoint) -> Any:
    from PySide6.QtCore import QRect

    return QRect(a, b)


# --- Pai Gow's first "House way & EV" click ----------------------------------------------------------

def test_pai_gow_loads_the_house_way_off_the_gui_thread_before_the_first_click(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The house way's first call (Numba loading or compiling) takes a while; the page makes it
    on its worker thread when it opens, not on the GUI thread inside the first click, so the
    click only finds the code ready."""
    import threading

    import cp_trainer.gui.paigow.ev_panel as panel_module
    from cp_trainer.gui.cards.pixmaps import CardRenderer
    from cp_trainer.gui.paigow.tab import PaiGowTab

    threads: list[str] = []
    from cp_trainer.paigow.house_way import house_way as real

    def recording(cards: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(cards)

    monkeypatch.setattr(panel_module, "house_way", recording)
    tab = PaiGowTab(CardRenderer(), seed=4, ev_fn=lambda *a, **k: None)  # type: ignore[arg-type]
    qtbot.addWidget(tab)
    tab.pool.waitForDone()
    assert len(threads) == 1 and threads[0] != threading.main_thread().name
    tab.shutdown()


def test_pai_gow_and_drill_buttons_leave_the_keys_on_the_cards(window: MainWindow, qtbot: QtBot) -> None:
    page = window.show_paigow()
    tab = page.tab
    tab.views[next(iter(tab.views))].setFocus()
    for b in (tab.undo_button, tab.house_button, tab.new_button):
        if b.isEnabled():
            click(qtbot, b)
            assert isinstance(focused(window), CardZoneView), b.objectName()
    drill = window.show_drill()
    drill.focus_cards()
    click(qtbot, drill.return_button)
    assert isinstance(focused(window), CardZoneView)
