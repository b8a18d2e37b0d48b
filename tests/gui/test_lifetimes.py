"""No Python object that Qt calls back dangles.

Every window, page and dialog is built and used with real events (key presses, clicks, drags,
settings accepted and rejected through the modal dialog, language switches, solver runs finished
and cancelled) with ``gc.collect()`` between them: a Python object alive only through its Qt parent
is freed at once, and Qt calling it then shows as an "Error calling Python override" line, a
traceback or an exception, which fail the test (tests/conftest.py; Qt warnings fail through
pytest-qt's ``qt_log_level_fail``). Three known ways into a dangling object are tests
of their own.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.lifetimes import kept_owners
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.translation import current_language
from cp_trainer.gui.worker import running_workers
from cp_trainer.rules.cards import parse_cards
from tests.gui.dnd import drop_on

HAND = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"


def settle() -> None:
    """Deliver what is pending, then free what Python no longer holds (twice: a freed object can
    free others), then deliver what that posted."""
    app = QApplication.instance()
    assert app is not None
    app.processEvents()
    gc.collect()
    gc.collect()
    app.processEvents()


@pytest.fixture
def frozen_heap() -> Iterator[None]:
    """What exists before the test (modules, the solver's tables, compiled kernels) is left out of
    the collector's work: each gc.collect() then looks at what the test made, quickly."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, frozen_heap: None) -> Iterator[MainWindow]:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", solver_samples=100, solver_time_budget=0.5,
                                          language="en"))
    w = create_window(deal=parse_cards(HAND), seed=5, lang="en", settings=settings,
                      data_dir=str(tmp_path / "data"))
    qtbot.addWidget(w)
    w.table.reveal_delay_ms = 0
    w.table.confirm = lambda question: True  # the foul question: yes, set it
    w.show()
    qtbot.waitExposed(w)
    settle()
    yield w
    w.solver_panel.shutdown()
    if w.paigow is not None:
        w.paigow.tab.shutdown()


def button(w: QWidget, name: str) -> QPushButton:
    found = w.findChild(QPushButton, name)
    assert isinstance(found, QPushButton), name
    return found


def click(qtbot: QtBot, widget: QWidget) -> None:
    assert widget.isEnabled(), widget.objectName()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    settle()


def place_by_keys(w: MainWindow, qtbot: QtBot) -> None:
    """All 13 cards of the hand placed with the keys 1, 2 and 3 (3 top, 5 middle, 5 bottom)."""
    hand = w.table.views[Zone.HAND]
    for key in [Qt.Key.Key_1] * 3 + [Qt.Key.Key_2] * 5 + [Qt.Key.Key_3] * 5:
        hand.setFocus()
        if not hand.currentIndex().isValid():
            hand.setCurrentIndex(hand.model().index(0, 0))
        qtbot.keyClick(hand, key)
    settle()
    assert len(w.deal_model.cards(Zone.HAND)) == 0


def through_settings(w: MainWindow, qtbot: QtBot, edit: Callable[[SettingsDialog], None], *,
                     accept: bool) -> None:
    """Game → Settings… as a person does: the modal dialog, real clicks in it, OK or Cancel."""
    seen: list[SettingsDialog] = []

    def inside() -> None:
        dialog = QApplication.activeModalWidget()
        try:
            assert isinstance(dialog, SettingsDialog)
            seen.append(dialog)
            settle()
            edit(dialog)
            settle()
            box = dialog.findChild(QDialogButtonBox, "buttonBox")
            assert isinstance(box, QDialogButtonBox)
            which = QDialogButtonBox.StandardButton.Ok if accept else QDialogButtonBox.StandardButton.Cancel
            qtbot.mouseClick(box.button(which), Qt.MouseButton.LeftButton)
        finally:
            if isinstance(dialog, QDialog) and dialog.isVisible():
                dialog.reject()  # never leave exec() waiting after a failed check

    QTimer.singleShot(0, inside)
    w.settings_action.trigger()
    settle()
    assert seen, "the settings dialog did not open"
    assert not seen[0].isVisible()


def show_tab_of(dialog: SettingsDialog, control: QWidget) -> None:
    rules = dialog.tabs.widget(0)
    dialog.tabs.setCurrentIndex(0 if rules is not None and rules.isAncestorOf(control) else 1)
    settle()


def tick(qtbot: QtBot, dialog: SettingsDialog, check: QCheckBox, on: bool) -> None:
    show_tab_of(dialog, check)
    if check.isChecked() != on:
        qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(4, check.height() // 2))
    assert check.isChecked() == on


def type_into(qtbot: QtBot, dialog: SettingsDialog, spin: QSpinBox, value: int) -> None:
    show_tab_of(dialog, spin)
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert spin.value() == value


def hint_to_the_end(w: MainWindow, qtbot: QtBot) -> None:
    before = w.solver_panel.answer
    click(qtbot, w.table.hint_button)  # a small solve may be over by the time the click returns
    qtbot.waitUntil(lambda: not w.solver_panel.is_running(), timeout=60_000)
    settle()
    assert w.solver_panel.answer is not None and w.solver_panel.answer is not before


def hint_cancelled(w: MainWindow, qtbot: QtBot) -> None:
    click(qtbot, w.table.hint_button)
    cancel = w.solver_panel.cancel_button
    if w.solver_panel.is_running():  # a fast solve may be over already
        click(qtbot, cancel)
        assert not w.solver_panel.is_running()


def next_deal(w: MainWindow, qtbot: QtBot) -> None:
    click(qtbot, w.table.deal_button)


def set_hand(w: MainWindow, qtbot: QtBot) -> None:
    click(qtbot, w.table.set_button)


# --- three known ways into a dangling object --------------------------------------------------------

def test_surrender_allowed_then_new_deal_then_hint(window: MainWindow, qtbot: QtBot) -> None:
    through_settings(window, qtbot, lambda d: tick(qtbot, d, d.surrender_check, True), accept=True)
    assert window.settings.values.house_rules.surrender
    next_deal(window, qtbot)
    hint_to_the_end(window, qtbot)
    place_by_keys(window, qtbot)
    hint_to_the_end(window, qtbot)


def test_a_hand_played_then_criss_cross_on_then_next_deal_then_hint(window: MainWindow, qtbot: QtBot) -> None:
    place_by_keys(window, qtbot)
    set_hand(window, qtbot)
    assert window.controller.showdown is not None
    through_settings(window, qtbot, lambda d: tick(qtbot, d, d.criss_cross_check, True), accept=True)
    next_deal(window, qtbot)
    assert window.controller.setup.criss_cross
    hint_to_the_end(window, qtbot)


def test_criss_cross_off_and_two_opponents_mid_deal_then_set_hand_2_of_2(window: MainWindow,
                                                                          qtbot: QtBot) -> None:
    through_settings(window, qtbot, lambda d: tick(qtbot, d, d.criss_cross_check, True), accept=True)
    next_deal(window, qtbot)

    def back_to_two(d: SettingsDialog) -> None:
        tick(qtbot, d, d.criss_cross_check, False)
        type_into(qtbot, d, d.opponents_spin, 2)

    through_settings(window, qtbot, back_to_two, accept=True)
    place_by_keys(window, qtbot)
    assert window.table.set_button.text() == "Set hand 1 of 2"
    set_hand(window, qtbot)
    place_by_keys(window, qtbot)
    assert window.table.set_button.text() == "Set hand 2 of 2"
    set_hand(window, qtbot)
    showdown = window.controller.showdown
    assert showdown is not None and showdown.criss_cross


# --- everything, with the garbage collector between the events --------------------------------------

def drag_one_card(w: MainWindow, zone: Zone) -> None:
    """A card dragged from the hand onto a row, through the row view's drag and drop events."""
    hand = w.table.views[Zone.HAND]
    mime = hand.model().mimeData([hand.model().index(0, 0)])
    assert isinstance(mime, QMimeData)
    settle()
    assert drop_on(w.table.views[zone], mime, QPoint(5, 5))
    settle()


def trigger(w: QWidget, name: str) -> None:
    action = w.findChild(QAction, name)
    assert isinstance(action, QAction), name
    action.trigger()
    settle()


def switch_language(w: MainWindow, lang: str) -> None:
    trigger(w, f"language_{lang}")
    assert current_language() == lang


def _through_the_table(w: MainWindow, qtbot: QtBot) -> None:
    """The table: drags, keys, undo and redo, a set hand, a hint finished and one cancelled."""
    drag_one_card(w, Zone.TOP)
    drag_one_card(w, Zone.BOTTOM)
    click(qtbot, w.table.undo_button)
    click(qtbot, w.table.redo_button)
    click(qtbot, w.table.return_button)
    hint_cancelled(w, qtbot)
    place_by_keys(w, qtbot)
    hint_to_the_end(w, qtbot)
    set_hand(w, qtbot)
    qtbot.waitUntil(lambda: not w.solver_panel.is_running(), timeout=60_000)  # the showdown's solve
    settle()


def _through_settings_and_help(w: MainWindow, qtbot: QtBot) -> None:
    """The settings, rejected then accepted with a language switch in the dialog's life; help; a
    message box."""
    through_settings(w, qtbot, lambda d: tick(qtbot, d, d.royalties_check, True), accept=False)
    assert not w.settings.values.house_rules.royalties
    through_settings(w, qtbot, lambda d: tick(qtbot, d, d.royalties_check, True), accept=True)
    assert w.settings.values.house_rules.royalties
    switch_language(w, "ru")
    through_settings(w, qtbot, lambda d: tick(qtbot, d, d.surrender_check, True), accept=True)
    switch_language(w, "en")
    next_deal(w, qtbot)
    # help, a message box
    help_dialog = w.show_help("rules")
    settle()
    qtbot.waitUntil(help_dialog.isActiveWindow)
    qtbot.keyClick(help_dialog, Qt.Key.Key_Escape)
    settle()
    w.settings.problems.append("a test problem")
    w._report_settings_problems()
    settle()
    box = w.findChild(QDialog, "settingsProblems")
    assert isinstance(box, QDialog)
    box.accept()
    settle()


def _through_the_practice_windows(w: MainWindow, qtbot: QtBot) -> None:
    """The practice windows: history (a replay from it, try again), lessons, table mode and its picker."""
    assert w.practice.recorder.writer.flush(10)
    trigger(w, "historyAction")
    history = w.practice.history_window
    assert history is not None and history.isVisible()
    switch_language(w, "ru")
    switch_language(w, "en")
    record = history.current or next(iter(history.store.hands()), None)
    assert record is not None
    assert w.practice.replay.show_record(record)
    settle()
    next_deal(w, qtbot)
    history.close()
    settle()
    trigger(w, "lessonsAction")
    lessons = w.practice.lessons_window
    assert lessons is not None and lessons.isVisible()
    switch_language(w, "ru")
    switch_language(w, "en")
    lessons.close()
    settle()
    trigger(w, "tableModeAction")
    table_mode = w.practice.table_dialog
    assert table_mode is not None and table_mode.isVisible()
    first = next(iter(table_mode.picker.buttons.values()))
    click(qtbot, first)
    assert not first.isEnabled()  # the card picked is used
    click(qtbot, button(table_mode, "clearTableButton"))
    switch_language(w, "ru")
    switch_language(w, "en")
    table_mode.close()
    settle()


def _through_the_drill(w: MainWindow, qtbot: QtBot) -> None:
    """The Drill page: keys, a grade on the worker thread."""
    drill = w.show_drill()
    settle()
    drill_hand = drill.views[Zone.HAND]
    for key in [Qt.Key.Key_1] * 3 + [Qt.Key.Key_2] * 5 + [Qt.Key.Key_3] * 5:
        drill_hand.setFocus()
        if not drill_hand.currentIndex().isValid():
            drill_hand.setCurrentIndex(drill_hand.model().index(0, 0))
        qtbot.keyClick(drill_hand, key)
    settle()
    qtbot.keyClick(drill, Qt.Key.Key_Alt)
    click(qtbot, drill.set_button)
    qtbot.waitUntil(lambda: not drill.grading.is_running(), timeout=60_000)
    settle()
    switch_language(w, "ru")
    switch_language(w, "en")
    click(qtbot, drill.next_button)


def _through_pai_gow(w: MainWindow, qtbot: QtBot) -> None:
    """The Pai Gow page: house way and EV finished, then one cancelled."""
    page = w.show_paigow()
    tab = page.tab
    settle()
    click(qtbot, button(tab, "pgHouseWayButton"))
    click(qtbot, button(tab, "pgHintButton"))
    qtbot.waitUntil(lambda: not tab.is_running(), timeout=60_000)
    settle()
    click(qtbot, button(tab, "pgNewDealButton"))
    click(qtbot, button(tab, "pgHintButton"))
    if tab.is_running():
        click(qtbot, button(tab, "pgCancelButton"))
    switch_language(w, "ru")
    switch_language(w, "en")
    w.show_chinese()
    settle()
    next_deal(w, qtbot)


@pytest.mark.slow
def test_every_window_page_and_dialog_survives_the_collector(window: MainWindow, qtbot: QtBot) -> None:
    w = window
    _through_the_table(w, qtbot)
    _through_settings_and_help(w, qtbot)
    _through_the_practice_windows(w, qtbot)
    _through_the_drill(w, qtbot)
    _through_pai_gow(w, qtbot)


def test_what_qt_calls_is_released_when_its_widget_dies(qtbot: QtBot, frozen_heap: None) -> None:
    """keep_alive holds an object only while its owner lives: a deleted dialog frees its own."""
    settle()
    before = kept_owners()
    dialog = SettingsDialog()
    mine = kept_owners() - before
    assert mine  # its language follower at least
    dialog.deleteLater()
    del dialog
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # no event loop runs here
    settle()
    assert not mine & kept_owners()


def test_no_worker_is_left_behind(window: MainWindow, qtbot: QtBot) -> None:
    hint_cancelled(window, qtbot)
    window.solver_panel.shutdown()
    qtbot.waitUntil(lambda: running_workers() == 0, timeout=20_000)
