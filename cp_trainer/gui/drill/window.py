"""*Practice → Drill* (Ctrl+D): the Drill, a page of the main window.

:class:`DrillLauncher` adds the action to the Practice menu (or the menu bar when there is none)
and makes the :class:`DrillPage` on first use, in a scroll area added to the window's pages; the
main window switches to it (``MainWindow.show_drill``) as it does to its games. Its collaborators
are given, not looked up on the window: ``renderer`` draws the cards, ``history`` returns the
trainer's history (the Practice recorder's store; None: one is opened here from ``data_dir``) and
``history_changed`` is called after each graded result (the History window's Drill tab refreshes);
``write`` (the Practice recorder's :class:`~cp_trainer.history.writer.HistoryWriter`) stores the
results off the GUI thread, the History window then refreshing when they are written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QScrollArea, QStackedWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.style import FELT, felt_text
from cp_trainer.gui.translation import follow_language
from cp_trainer.history import HistoryError, HistoryStore
from cp_trainer.history.drill_record import DrillRecord

__all__ = ["DRILL_STYLE", "DrillLauncher", "install_drill"]

# the table's felt behind the page (white text on the default grey would fail AA contrast)
DRILL_STYLE = ("#drillScroll, #drillScroll > QWidget#qt_scrollarea_viewport "
               f"{{ background: {FELT}; border: none; }}"
               " #drillPage { color: #ffffff; background: transparent; }\n" + felt_text(("#drillPage",))
               # the row titles as on the table: yellow and bold
               + "#drillPage QLabel#rowTitle { font-weight: bold; color: #fff59d; }\n")


class DrillLauncher(QObject):
    """The *Drill* action of a main window and the page it shows (made on first use)."""

    def __init__(self, window: QMainWindow, renderer: CardRenderer, pages: QStackedWidget, *,
                 history: Callable[[], HistoryStore | None] = lambda: None,
                 history_changed: Callable[[], None] = lambda: None, data_dir: str | None = None,
                 write: Callable[[Sequence[DrillRecord]], None] | None = None,
                 seed: int | None = None) -> None:
        super().__init__(window)
        self.seed = seed  # the Drill's hands follow the window's seed: a seeded session is reproducible
        self.window = window
        self.renderer = renderer
        self.pages = pages
        self.history = history
        self.history_changed = history_changed
        self.write = write
        self.data_dir = data_dir
        self.page: DrillPage | None = None
        self.container: QScrollArea | None = None
        self._own_store: HistoryStore | None = None
        self.action = QAction(window)
        self.action.setObjectName("drillAction")
        self.action.setShortcut(QKeySequence("Ctrl+D"))
        self.action.setCheckable(True)
        menu = window.findChild(QMenu, "practiceMenu")
        if isinstance(menu, QMenu):
            menu.insertAction(menu.actions()[0] if menu.actions() else None, self.action)  # type: ignore[arg-type]
        else:
            window.menuBar().addAction(self.action)
        follow_language(window, self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("&Drill"))
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

    def ensure_page(self) -> tuple[DrillPage, QScrollArea]:
        """The Drill page and the scroll area holding it among the window's pages."""
        if self.page is None or self.container is None:
            scroll = QScrollArea(self.pages)
            scroll.setObjectName("drillScroll")
            scroll.setStyleSheet(DRILL_STYLE)
            # not a click's focus target: a click on a button would take the keys off the cards
            scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            page = DrillPage(self.renderer, None, store=self.store(), shortcuts=False, write=self.write,
                             seed=self.seed)
            page.graded.connect(lambda _record: self.history_changed())
            scroll.setWidget(page)
            scroll.setWidgetResizable(True)
            self.pages.addWidget(scroll)
            self.page, self.container = page, scroll
        return self.page, self.container

    def shutdown(self) -> None:
        if self.page is not None:
            self.page.shutdown()


def install_drill(window: QMainWindow, renderer: CardRenderer, pages: QStackedWidget, *,
                  history: Callable[[], HistoryStore | None] = lambda: None,
                  history_changed: Callable[[], None] = lambda: None,
                  data_dir: str | None = None,
                  write: Callable[[Sequence[DrillRecord]], None] | None = None,
                  seed: int | None = None) -> DrillLauncher:
    """Add *Practice → Drill* to the trainer's main window (its hands follow ``seed``, if any)."""
    return DrillLauncher(window, renderer, pages, history=history, history_changed=history_changed,
                         data_dir=data_dir, write=write, seed=seed)
