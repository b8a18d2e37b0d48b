"""*Practice → Drill…*: the Drill page in a window of its own (the table stays as it is).

:func:`install_drill` is the whole hook a main window needs (one call): it adds the action to the
Practice menu (or the menu bar when there is none) and opens :class:`DrillWindow`, which keeps
its results in the same history as the table (the Practice recorder's, when there is one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QScrollArea, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.style import STYLE_SHEET
from cp_trainer.gui.translation import follow_language
from cp_trainer.history import HistoryError, HistoryStore

__all__ = ["DrillLauncher", "DrillWindow", "install_drill"]


class DrillWindow(QMainWindow):
    """A window holding one :class:`DrillPage` (``objectName`` ``drillWindow``)."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, **page_args: Any) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setObjectName("drillWindow")
        follow_language(self, self.retranslate)
        self.page = DrillPage(renderer, None, **page_args)
        scroll = QScrollArea(self)
        scroll.setObjectName("felt")
        scroll.setWidget(self.page)
        scroll.setWidgetResizable(True)
        self.setCentralWidget(scroll)
        self.setStyleSheet(STYLE_SHEET + "#drillPage, #drillPage QLabel { color: #ffffff; }"
                           "#drillPage { background: transparent; }")
        self.retranslate()
        self.resize(1100, 820)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Drill — cp-trainer"))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.page.shutdown()
        super().closeEvent(event)


class DrillLauncher(QObject):
    """The *Drill…* action on a main window and the window it opens.

    Its collaborators are given, not looked up on the window: ``renderer`` draws the cards,
    ``history`` returns the trainer's history (the Practice recorder's store; None: one is opened
    here from ``data_dir``) and ``history_changed`` is called after each stored result (the
    History window's Drill tab refreshes).
    """

    def __init__(self, window: QMainWindow, renderer: CardRenderer, *,
                 history: Callable[[], HistoryStore | None] = lambda: None,
                 history_changed: Callable[[], None] = lambda: None, data_dir: str | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.renderer = renderer
        self.history = history
        self.history_changed = history_changed
        self.data_dir = data_dir
        self.drill_window: DrillWindow | None = None
        self._own_store: HistoryStore | None = None
        self.action = QAction(window)
        self.action.setObjectName("drillAction")
        self.action.setShortcut(QKeySequence("Ctrl+D"))
        self.action.triggered.connect(self.open)
        menu = window.findChild(QMenu, "practiceMenu")
        if isinstance(menu, QMenu):
            menu.insertAction(menu.actions()[0] if menu.actions() else None, self.action)  # type: ignore[arg-type]
        else:
            window.menuBar().addAction(self.action)
        follow_language(window, self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("&Drill…"))
        self.action.setToolTip(self.tr("Graded practice: set a hand, see the solver's grade and why."))

    def store(self) -> HistoryStore | None:
        """The trainer's history, else one opened here."""
        store = self.history()
        if store is not None:
            return store
        if self._own_store is None:
            try:
                self._own_store = HistoryStore.open(self.data_dir)
            except HistoryError:
                return None
        return self._own_store

    def open(self) -> DrillWindow:
        if self.drill_window is None:
            self.drill_window = DrillWindow(self.renderer, self.window, store=self.store())
            self.drill_window.page.graded.connect(lambda _record: self.history_changed())
        self.drill_window.show()
        if QGuiApplication.platformName() != "offscreen":
            self.drill_window.raise_()
            self.drill_window.activateWindow()
        return self.drill_window


def install_drill(window: QMainWindow, renderer: CardRenderer, *,
                  history: Callable[[], HistoryStore | None] = lambda: None,
                  history_changed: Callable[[], None] = lambda: None,
                  data_dir: str | None = None) -> DrillLauncher:
    """Add *Practice → Drill…* to the trainer's main window."""
    return DrillLauncher(window, renderer, history=history, history_changed=history_changed,
                         data_dir=data_dir)
