"""The trainer window's practice features: the history of played hands, lessons, table mode.

:func:`install_practice` is the one hook into the main window. It adds a "Practice" menu
(History…, Lessons…, Table mode…) and a :class:`~cp_trainer.gui.practice.recorder.HandRecorder`
that stores every hand played:
at the showdown in one transaction (deal, your rows and the core's fouls, the bots' hands and
your points against each, the house rules), then the solver's best arrangement and both EVs when
the solver's answer for that same hand arrives (Criss Cross: one record for each of your two
hands). "Show on the table" in the history window replays a hand on the table
(``window.replay``); "Try again" deals the same 13 cards against the same bot hands under the
same house rules (an imported hand that cannot be replayed: the 13 cards on a new deal).

The history lives in :func:`cp_trainer.history.default_data_dir` (``$CP_TRAINER_DATA_DIR``
overrides it). Hands are written by :class:`cp_trainer.history.writer.HistoryWriter`'s thread, so
the table never waits on the database; a hand that cannot be written yet waits in a journal in
the data folder and the status bar says so once.
"""

from __future__ import annotations

import contextlib
import importlib
import sqlite3
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.practice.recorder import HandRecorder
from cp_trainer.gui.practice.replay import Replay
from cp_trainer.gui.shortcuts import add_close_shortcuts
from cp_trainer.gui.table.controller import TrainerController
from cp_trainer.gui.translation import fill, follow_language
from cp_trainer.history import HandRecord, HistoryError
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules import HouseRules

if TYPE_CHECKING:  # the windows are built on first use (the trainer starts faster)
    from cp_trainer.gui.practice.history_window import HistoryWindow
    from cp_trainer.gui.practice.lessons_window import LessonsWindow
    from cp_trainer.gui.practice.table_mode import TableModeDialog

__all__ = ["HandRecorder", "PracticeMenu", "install_practice"]


def _to_front(widget: QWidget) -> None:
    """Raise and activate a window (the offscreen test platform cannot, and warns if asked)."""
    if QGuiApplication.platformName() != "offscreen":
        widget.raise_()
        widget.activateWindow()


def _import_history() -> None:
    """The History window's module and its charts' (matplotlib: seconds), imported off the GUI
    thread (a failure shows when it is used)."""
    for module in ("cp_trainer.gui.practice.history_window", "cp_trainer.gui.practice.charts",
                   "cp_trainer.gui.drill.charts"):
        with contextlib.suppress(Exception):
            importlib.import_module(module)


class PracticeMenu(QMenu):
    """The "Practice" menu: History…, Lessons…, Table mode…"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("practiceMenu")
        self.history_action = QAction(self)
        self.history_action.setObjectName("historyAction")
        self.history_action.setShortcut(QKeySequence("Ctrl+H"))
        self.lessons_action = QAction(self)
        self.lessons_action.setObjectName("lessonsAction")
        self.lessons_action.setShortcut(QKeySequence("Ctrl+L"))
        self.table_action = QAction(self)
        self.table_action.setObjectName("tableModeAction")
        self.table_action.setShortcut(QKeySequence("Ctrl+T"))
        for a in (self.history_action, self.lessons_action, self.table_action):
            self.addAction(a)
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("&Practice"))
        self.history_action.setText(self.tr("&History and progress…"))
        self.history_action.setToolTip(self.tr("Every hand you played, your mistakes and your progress."))
        self.lessons_action.setText(self.tr("&Lessons…"))
        self.lessons_action.setToolTip(self.tr("Short lessons for newcomers, checked by the rules."))
        self.table_action.setText(self.tr("&Table mode…"))
        self.table_action.setToolTip(self.tr("Check and settle the hands of a real table."))


class Practice(QObject):
    """What :func:`install_practice` adds to a main window, kept together.

    Its collaborators are passed in: the window (parent of the dialogs, its status bar and menu
    bar), the table's controller (whose settled hands and verdicts are recorded), the replay that
    puts past hands on the table, the menu the Practice menu goes before, and the house rules
    the settings hold now (for the table-mode dialog).
    """

    def __init__(self, window: QMainWindow, controller: TrainerController,
                 replay: Replay, before: QMenu, house_rules: Callable[[], HouseRules],
                 data_dir: str | None = None, settings: Callable[[], QSettings] | None = None) -> None:
        super().__init__(window)
        self.settings = settings
        self.window = window
        self.controller = controller
        self.replay = replay
        self.house_rules = house_rules
        self.recorder = HandRecorder(controller, self, data_dir)
        self.recorder.failed.connect(lambda text: window.statusBar().showMessage(text, 10000))
        self.menu = PracticeMenu(window)
        window.menuBar().insertMenu(before.menuAction(), self.menu)
        self.menu.history_action.triggered.connect(self.open_history)
        self.menu.lessons_action.triggered.connect(self.open_lessons)
        self.menu.table_action.triggered.connect(self.open_table_mode)
        self.history_window: HistoryWindow | None = None
        self.lessons_window: LessonsWindow | None = None
        self.table_dialog: TableModeDialog | None = None
        self.recorder.recorded.connect(self._refresh_history)
        self.recorder.drillRecorded.connect(self.history_changed)
        if QGuiApplication.platformName() != "offscreen":  # (tests import what they use)
            QTimer.singleShot(1500, self, self.preload_history)

    def preload_history(self) -> None:
        """Import the History window's code (its charts library takes seconds to load) on a thread
        of its own while the player looks at the deal, so that Practice → History opens at once
        rather than as an empty frame for seconds (the database is not the slow part)."""
        threading.Thread(target=_import_history, name="cp-trainer-history-import", daemon=True).start()

    def open_history(self) -> HistoryWindow | None:
        if "cp_trainer.gui.practice.history_window" not in sys.modules:  # still loading: say so
            self.window.statusBar().showMessage(self.tr("Opening the history…"), 10000)
            self.window.statusBar().repaint()
        from cp_trainer.gui.practice.history_window import HistoryWindow

        store = self.recorder.store()  # a busy or unusable database: None, said in the status bar
        if store is None:
            return None
        try:
            if self.history_window is None:
                # shown at once, the hands read on its own thread (never an empty frame)
                # the hand shown draws its cards as the table does (the main window's renderer)
                renderer = getattr(self.window, "renderer", None)
                self.history_window = HistoryWindow(
                    store, self.window, self.settings() if self.settings is not None else None,
                    background=True, renderer=renderer if isinstance(renderer, CardRenderer) else None)
                add_close_shortcuts(self.history_window)
                self.history_window.tryAgain.connect(self.try_again)
                self.history_window.showOnTable.connect(self.show_on_table)
                self.history_window.readFailed.connect(self.recorder.failed.emit)
            self.history_window.refresh()
        except (sqlite3.Error, HistoryError) as exc:  # never out of the menu's slot
            self.recorder.failed.emit(fill(self.tr("The history cannot be read: %1"), str(exc)))
            return None
        self.history_window.show()
        _to_front(self.history_window)
        if self.window.statusBar().currentMessage() == self.tr("Opening the history…"):
            self.window.statusBar().clearMessage()
        return self.history_window

    def _refresh_history(self, _hand_id: int) -> None:
        self.history_changed()

    def history_changed(self) -> None:
        """Bring an open History window up to date (a hand or a drill result was stored)."""
        if self.history_window is not None and self.history_window.isVisible():
            try:
                self.history_window.refresh()
            except (sqlite3.Error, HistoryError) as exc:  # never out of the recorder's slot
                self.recorder.failed.emit(fill(self.tr("The history cannot be read: %1"), str(exc)))

    def try_again(self, cards: Sequence[Card]) -> None:
        """Deal these 13 cards on the table again: the history window's hand with its bot hands
        and house rules when it is that one, else on a new deal."""
        record = self.history_window.current if self.history_window is not None else None
        same = record is not None and sorted(record.deal_cards()) == sorted(cards)
        if not (same and record is not None and self.replay.try_again_record(record)):
            self.controller.new_deal(list(cards))
        _to_front(self.window)

    def show_on_table(self, record: HandRecord) -> None:
        """Replay a stored hand on the main table."""
        if self.replay.show_record(record):
            _to_front(self.window)

    def open_lessons(self) -> LessonsWindow:
        from cp_trainer.gui.practice.lessons_window import LessonsWindow

        if self.lessons_window is None:
            # a busy database (store() None, said in the status bar): the lessons still open, and
            # what is finished is saved once the history can be opened (the next time this is asked)
            self.lessons_window = LessonsWindow(self.window, store=self.recorder.store())
            add_close_shortcuts(self.lessons_window)
        elif self.lessons_window.store is None and (store := self.recorder.store()) is not None:
            self.lessons_window.set_store(store)
        self.lessons_window.show()
        _to_front(self.lessons_window)
        return self.lessons_window

    def open_table_mode(self) -> TableModeDialog:
        from cp_trainer.gui.practice.table_mode import TableModeDialog

        rules = self.house_rules()
        if self.table_dialog is None or self.table_dialog.rules != rules:
            # the results draw their cards as the table does (the main window's renderer)
            renderer = getattr(self.window, "renderer", None)
            self.table_dialog = TableModeDialog(
                rules, self.window, renderer=renderer if isinstance(renderer, CardRenderer) else None)
            add_close_shortcuts(self.table_dialog)
        self.table_dialog.show()
        _to_front(self.table_dialog)
        return self.table_dialog


def install_practice(window: QMainWindow, controller: TrainerController,
                     replay: Replay, before: QMenu, house_rules: Callable[[], HouseRules],
                     data_dir: str | None = None,
                     settings: Callable[[], QSettings] | None = None) -> Practice:
    """Add the Practice menu and the hand recorder to the trainer's main window."""
    return Practice(window, controller, replay, before, house_rules, data_dir, settings)
