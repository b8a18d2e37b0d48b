"""*Practice → Drill…*: the Drill page in a window of its own (the table stays as it is).

:func:`install_drill` is the whole hook a main window needs (one call): it adds the action to the
Practice menu (or the menu bar when there is none) and opens :class:`DrillWindow`, which keeps
its results in the same history as the table (the Practice recorder's, when there is one).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QScrollArea, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.style import STYLE_SHEET
from cp_trainer.history import HistoryError, HistoryStore

__all__ = ["DrillLauncher", "DrillWindow", "install_drill"]


class DrillWindow(QMainWindow):
    """A window holding one :class:`DrillPage` (``objectName`` ``drillWindow``)."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, **page_args: Any) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setObjectName("drillWindow")
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

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.page.shutdown()
        super().closeEvent(event)


class DrillLauncher(QObject):
    """The *Drill…* action on a main window and the window it opens."""

    def __init__(self, window: QMainWindow, data_dir: str | None = None) -> None:
        super().__init__(window)
        self.window = window
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
        window.installEventFilter(self)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("&Drill…"))
        self.action.setToolTip(self.tr("Graded practice: set a hand, see the solver's grade and why."))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def store(self) -> HistoryStore | None:
        """The trainer's history (the Practice recorder's), else one opened here."""
        recorder = getattr(getattr(self.window, "practice", None), "recorder", None)
        if recorder is not None and hasattr(recorder, "store"):
            store = recorder.store()
            if isinstance(store, HistoryStore):
                return store
        if self._own_store is None:
            try:
                self._own_store = HistoryStore.open(self.data_dir)
            except HistoryError:
                return None
        return self._own_store

    def open(self) -> DrillWindow:
        if self.drill_window is None:
            renderer = getattr(self.window, "renderer", None)
            if not isinstance(renderer, CardRenderer):
                renderer = CardRenderer()
            self.drill_window = DrillWindow(renderer, self.window, store=self.store())
            self.drill_window.page.graded.connect(self._refresh_history)
        self.drill_window.show()
        if QGuiApplication.platformName() != "offscreen":
            self.drill_window.raise_()
            self.drill_window.activateWindow()
        return self.drill_window


    def _refresh_history(self, _record: object) -> None:
        """Keep an open History window's Drill tab up to date."""
        history = getattr(getattr(self.window, "practice", None), "history_window", None)
        charts = getattr(history, "drill_charts", None)
        if charts is not None and history is not None and history.isVisible():
            charts.refresh()


def install_drill(window: QMainWindow, data_dir: str | None = None) -> DrillLauncher:
    """Add *Practice → Drill…* to the trainer's main window."""
    return DrillLauncher(window, data_dir)
