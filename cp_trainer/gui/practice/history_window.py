"""The history window: every hand played, filters, a past hand in detail, and progress charts.

Tab "Hands": a sortable table (``historyTable``) with filters — fouls only, EV lost above a
threshold, one set of house rules — and the selected hand in detail (your rows, the fouls
explained by the rules core, the bots' hands, the solver's arrangement). "Show on the table" (or a
double-click on a row) emits :attr:`HistoryWindow.showOnTable` with the hand, for the main window
to replay it; "Try again" emits :attr:`HistoryWindow.tryAgain` with the same 13 cards, for the
main window to deal them anew.
Tab "Progress": the charts, savable as PNG. Export / Import move the history as JSON Lines.
"""

from __future__ import annotations

import importlib
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDir, QModelIndex, QSettings, QStandardPaths, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.background import outcome_of, relay, start_thread
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.lifetimes import keep_alive
from cp_trainer.gui.numbers import locale
from cp_trainer.gui.practice.hand_view import HandDetail
from cp_trainer.gui.practice.history_files import HistoryFiles
from cp_trainer.gui.practice.history_model import COLUMNS, HAND_ID_ROLE, HistoryFilterProxy, HistoryTableModel
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.history import Game, HandRecord, HandSummary, HistoryError, HistoryStore

#: Where Save as PNG last saved (the settings file's key): the next save opens there.
PNG_FOLDER_KEY = "files/png_folder"

#: The Progress tab's module: it imports matplotlib, seconds on a cold start.
CHARTS_MODULE = "cp_trainer.gui.practice.charts"

if TYPE_CHECKING:
    from cp_trainer.gui.drill.charts import DrillCharts
    from cp_trainer.gui.practice.charts import ProgressCharts

__all__ = ["HistoryWindow", "read_summaries"]


def read_summaries(folder: Path, filename: str) -> tuple[list[HandSummary], int]:
    """Every hand's summary and how many damaged rows were left out, through a read-only
    connection of its own (the History window calls this on its loader thread)."""
    with HistoryStore.open_readonly(folder, filename=filename, missing_ok=True) as store:
        return store.summaries(), len(store.skipped)


class HistoryWindow(HistoryFiles, QDialog):
    """Every hand played (tab Hands), the progress charts (Progress) and the Drill's (Drill).

    With ``background`` (the trainer's Practice menu) the window shows at once: the hands are read
    on a thread of its own (:func:`read_summaries`, "Reading the history…" meanwhile), and each
    chart tab is built (its charts library imported off the GUI thread) and drawn only when it is
    first shown, never an empty frame for seconds. Without it everything is read at once.
    ``renderer`` draws the cards of the hand shown (the table's, so its card style; None: the
    default style). Export and Import: :class:`~cp_trainer.gui.practice.history_files.HistoryFiles`."""

    tryAgain = Signal(object)  # list[Card]: the 13 cards of the hand to play again
    showOnTable = Signal(object)  # HandRecord: the hand to replay on the main table
    fileDone = Signal()  # an export or import on the worker thread has finished (status shown)
    loaded = Signal()  # the hands were read (and shown) or their reading failed (said)
    readFailed = Signal(str)  # why the hands could not be read (for the main window's status bar)

    def __init__(self, store: HistoryStore, parent: QWidget | None = None,
                 settings: QSettings | None = None, *, background: bool = False,
                 renderer: CardRenderer | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer if renderer is not None else CardRenderer()
        self.setObjectName("historyWindow")
        # a window of its own beside the table, not a dialog kept above it: a hand shown on the
        # table from here must not be hidden under the list
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.store = store
        self.settings = settings  # remembers the folder of the last PNG (none: this window only)
        self.background = background
        self._png_folder: str | None = None
        self.current: HandRecord | None = None
        self._reading = 0  # the generation of the last read asked for (older answers are dropped)
        self._loading = False
        self._charts: ProgressCharts | None = None
        self._drill_charts: DrillCharts | None = None
        self.model = HistoryTableModel(None, self)
        self.proxy = HistoryFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.notice = QLabel(self)
        self.notice.setObjectName("historyNotice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("historyTabs")
        self.tabs.addTab(self._build_hands_tab(), "")
        self.tabs.addTab(self._build_progress_tab(), "")
        self.drill_placeholder = self._placeholder("drillChartsWaiting")
        self.tabs.addTab(self.drill_placeholder, "")
        layout = QVBoxLayout(self)
        layout.addWidget(self.notice)
        layout.addWidget(self.tabs, 1)
        self._connect()
        self.resize(1000, 640)
        # only once every widget exists: a window whose reading failed half-way (a damaged
        # history) must not be retranslated later, when the language changes
        follow_language(self, self.retranslate)
        self.retranslate()
        if not background:
            self.refresh()
        if store.recovery is not None:
            self.show_notice(store.recovery.message(current_language()))

    # --- building -----------------------------------------------------------------------------

    def _build_filters(self) -> QHBoxLayout:
        self.fouls_only = QCheckBox(self)
        self.fouls_only.setObjectName("foulsOnly")
        self.costly = QCheckBox(self)
        self.costly.setObjectName("costlyOnly")
        self.threshold = QDoubleSpinBox(self)
        self.threshold.setObjectName("evThreshold")
        self.threshold.setRange(0.0, 20.0)
        self.threshold.setSingleStep(0.1)
        self.threshold.setDecimals(2)
        self.threshold.setValue(0.5)
        self.rules_box = QComboBox(self)
        self.rules_box.setObjectName("rulesFilter")
        self.rules_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        filters = QHBoxLayout()
        for w in (self.fouls_only, self.costly, self.threshold, self.rules_box):
            filters.addWidget(w)
        filters.addStretch(1)
        return filters

    def _build_table(self) -> QTableView:
        table = QTableView(self)
        table.setObjectName("historyTable")
        table.setModel(self.proxy)
        keep_alive(table, self.proxy)  # Qt calls their data() and filterAcceptsRow()
        keep_alive(table, self.model)
        table.setSortingEnabled(True)
        table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # one line a hand: the house rules are elided ("2-4, ties pu…") with the whole text in
        # the cell's tooltip, not wrapped into a cut second line
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        # the house rules take the width left (no sideways scrolling to read a cut "2-4, ничь")
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        return table

    def _build_detail(self) -> QWidget:
        """The selected hand in detail and its two buttons, right of the list."""
        side = QWidget(self)
        self.detail = HandDetail(self.renderer, side)
        self.try_again_button = QPushButton(side)
        self.try_again_button.setObjectName("tryAgainButton")
        self.try_again_button.setEnabled(False)
        self.show_button = QPushButton(side)
        self.show_button.setObjectName("showOnTableButton")
        self.show_button.setEnabled(False)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.detail, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.show_button)
        buttons.addWidget(self.try_again_button)
        side_layout.addLayout(buttons)
        return side

    def _build_file_row(self) -> QHBoxLayout:
        self.export_button = QPushButton(self)
        self.export_button.setObjectName("exportButton")
        self.import_button = QPushButton(self)
        self.import_button.setObjectName("importButton")
        self.status = QLabel(self)
        self.status.setObjectName("historyStatus")
        self.status.setWordWrap(True)
        file_row = QHBoxLayout()
        file_row.addWidget(self.export_button)
        file_row.addWidget(self.import_button)
        file_row.addWidget(self.status, 1)
        return file_row

    def _build_hands_tab(self) -> QWidget:
        filters = self._build_filters()
        self.table = self._build_table()
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.table)
        split.addWidget(self._build_detail())
        split.setSizes([570, 410])  # the hand shown: your rows and the solver's side by side
        hands_tab = QWidget(self)
        hands_layout = QVBoxLayout(hands_tab)
        hands_layout.addLayout(filters)
        hands_layout.addWidget(split, 1)
        hands_layout.addLayout(self._build_file_row())
        return hands_tab

    def _placeholder(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return label

    def _build_progress_tab(self) -> QWidget:
        """The Progress tab: "Drawing the charts…" until it is first shown (:attr:`charts`)."""
        self.charts_placeholder = self._placeholder("chartsWaiting")
        self.save_png_button = QPushButton(self)
        self.save_png_button.setObjectName("savePngButton")
        progress_tab = QWidget(self)
        self.progress_layout = QVBoxLayout(progress_tab)
        self.progress_layout.addWidget(self.charts_placeholder, 1)
        self.progress_layout.addWidget(self.save_png_button, 0, Qt.AlignmentFlag.AlignRight)
        return progress_tab

    def _connect(self) -> None:
        self.fouls_only.toggled.connect(self.proxy.set_fouls_only)
        self.costly.toggled.connect(self._apply_threshold)
        self.threshold.valueChanged.connect(self._apply_threshold)
        self.rules_box.currentIndexChanged.connect(self._apply_rules)
        self.table.selectionModel().currentRowChanged.connect(self._show_current)
        self.try_again_button.clicked.connect(self._try_again)
        self.show_button.clicked.connect(self._show_on_table)
        self.table.doubleClicked.connect(self._double_clicked)
        self.export_button.clicked.connect(self._ask_export)
        self.import_button.clicked.connect(self._ask_import)
        self.save_png_button.clicked.connect(self._ask_save_png)
        self.tabs.currentChanged.connect(self._tab_shown)
        # The worker threads' results (see cp_trainer.gui.background: the threads never hold
        # this window); each ticket asked for, with what to do with its outcome here.
        self._asked: dict[int, Callable[[HistoryWindow, object], object]] = {}
        relay().arrived.connect(self._arrived)

    # --- the chart tabs, built when first shown -----------------------------------------------

    @property
    def charts(self) -> ProgressCharts:
        """The Progress tab's charts, built (matplotlib imported) on first use."""
        if self._charts is None:
            from cp_trainer.gui.practice.charts import ProgressCharts

            self._charts = ProgressCharts(self)
            self.progress_layout.replaceWidget(self.charts_placeholder, self._charts)
            self.charts_placeholder.hide()
            self._charts.set_hands([s for s in self.model.rows() if s.game is Game.CHINESE])
        return self._charts

    @property
    def drill_charts(self) -> DrillCharts:
        """The Drill tab's charts, built on first use."""
        if self._drill_charts is None:
            from cp_trainer.gui.drill.charts import DrillCharts

            current = self.tabs.currentIndex()
            index = self.tabs.indexOf(self.drill_placeholder)
            self.tabs.blockSignals(True)
            self._drill_charts = DrillCharts(self.store, self.tabs, self.tabs)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, self._drill_charts, "")
            self.tabs.setCurrentIndex(current)
            self.tabs.blockSignals(False)
            self.drill_placeholder.hide()
            self._drill_charts.refresh()
        return self._drill_charts

    def charts_built(self) -> bool:
        return self._charts is not None

    def _tab_shown(self, index: int) -> None:
        if index not in (1, 2) or (index == 1 and self._charts is not None) or \
                (index == 2 and self._drill_charts is not None):
            return
        if CHARTS_MODULE in sys.modules:
            self._build_shown_charts()
            return

        def load() -> None:  # the charts library takes seconds to import: not on this thread
            importlib.import_module(CHARTS_MODULE)
            importlib.import_module("cp_trainer.gui.drill.charts")

        self._ask("cp-trainer charts import", load, HistoryWindow._charts_imported)

    def _charts_imported(self, outcome: object) -> None:
        if isinstance(outcome, Exception):
            text = fill(self.tr("The charts cannot be shown: %1"), str(outcome))
            self.charts_placeholder.setText(text)
            self.drill_placeholder.setText(text)
            return
        self._build_shown_charts()

    def _build_shown_charts(self) -> None:
        if self.tabs.currentIndex() == 1:
            self.charts.show()
        elif self.tabs.currentIndex() == 2:
            self.drill_charts.show()

    # --- texts --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.threshold.setLocale(locale())  # "0.50" / "0,50", as the table's figures
        self.setWindowTitle(self.tr("Practice history"))
        self.fouls_only.setText(self.tr("Fouls only"))
        self.fouls_only.setToolTip(self.tr("Show only the hands you fouled."))
        self.costly.setText(self.tr("EV lost above"))
        self.costly.setToolTip(self.tr("Show only costly mistakes: hands whose arrangement lost more than "
                                       "this many points per hand against the solver's."))
        self.threshold.setToolTip(self.tr("Points per hand"))
        self.rules_box.setToolTip(self.tr("Show only the hands played under these house rules."))
        self.table.setToolTip(self.tr("Click a hand to see it, double-click to show it on the table; click "
                                      "a column title to sort."))
        self.show_button.setText(self.tr("Show on the table"))
        self.show_button.setToolTip(self.tr("Replay this hand on the main table: your rows, the fouls, the "
                                            "bots' hands and the points (double-click a row does the same)."))
        self.try_again_button.setText(self.tr("Try again with these 13 cards"))
        self.try_again_button.setToolTip(
            self.tr("Deal the same 13 cards on the table so you can set them anew."))
        self.export_button.setText(self.tr("Export…"))
        self.export_button.setToolTip(
            self.tr("Save the whole history as a JSON Lines file (one hand a line)."))
        self.import_button.setText(self.tr("Import…"))
        self.import_button.setToolTip(self.tr("Add the hands of a JSON Lines file; a damaged line is "
                                              "skipped and named, hands already here are not added twice."))
        self.save_png_button.setText(self.tr("Save as PNG…"))
        self.save_png_button.setToolTip(self.tr("Save the charts as a PNG image."))
        self.tabs.setTabText(0, self.tr("Hands"))
        self.tabs.setTabText(1, self.tr("Progress"))
        if self._drill_charts is None:
            self.tabs.setTabText(self.tabs.indexOf(self.drill_placeholder), self.tr("Drill"))
        for placeholder in (self.charts_placeholder, self.drill_placeholder):
            placeholder.setText(self.tr("Drawing the charts…"))
        self._fill_rules_box()
        self._show_detail()

    def _show_detail(self) -> None:
        """The selected hand, or until one is selected a line saying what the pane is for (never
        a blank white box)."""
        if self.current is not None:
            self.detail.show_hand(self.current, current_language())
        else:
            self.detail.show_hint(self.tr("Select a hand to see it here"))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        handle = self.windowHandle()
        if handle is not None and handle.transientParent() is not None:
            handle.setTransientParent(None)  # type: ignore[arg-type]  # (None clears it: not kept on top)

    def show_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(True)

    # --- data ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Reload the list and the charts (call after a hand was stored). Damaged rows are left
        out and counted in the notice; a history that cannot be read is said there too. In the
        background (see the class) the window's thread never reads the hands: :attr:`loaded`
        says when they are shown."""
        if not self.background:
            self._read_done(self._reading, outcome_of(self._read_here))
            return
        self._reading += 1
        generation = self._reading
        self._loading = True
        self.status.setText(self.tr("Reading the history…"))
        folder, filename = self.store.path.parent, self.store.path.name

        self._ask("cp-trainer history read", lambda: read_summaries(folder, filename),
                  lambda window, outcome: window._read_done(generation, outcome))

    def is_loading(self) -> bool:
        """The hands are being read on the loader thread."""
        return self._loading

    def _read_here(self) -> tuple[list[HandSummary], int]:
        rows = self.store.summaries()
        return rows, len(self.store.skipped)

    def _read_done(self, generation: int, outcome: object) -> None:
        if generation != self._reading:
            return  # a newer read was asked for meanwhile
        self._loading = False
        if self.status.text() == self.tr("Reading the history…"):
            self.status.setText("")
        if isinstance(outcome, sqlite3.Error):
            outcome = HistoryError(str(outcome))
        if not isinstance(outcome, tuple):
            error = outcome if isinstance(outcome, HistoryError) else HistoryError(str(outcome))
            self.model.set_rows([], error)
            text = fill(self.tr("The history cannot be read: %1"), str(error))
            self.show_notice(text)
            self.readFailed.emit(text)
            self.loaded.emit()
            return
        rows, skipped = outcome
        self.model.set_rows(rows)
        self._fill_rules_box()
        if self._charts is not None:
            self._charts.set_hands([s for s in rows if s.game is Game.CHINESE])
        try:
            if self._drill_charts is not None:
                self._drill_charts.refresh()
        except HistoryError as exc:
            self.show_notice(fill(self.tr("The history cannot be read: %1"), str(exc)))
        if skipped:
            self.show_notice(self.tr("%n damaged hand(s) in the history are not shown.", "", skipped))
        self.loaded.emit()

    def _fill_rules_box(self) -> None:
        keep = self.rules_box.currentData()
        self.rules_box.blockSignals(True)
        self.rules_box.clear()
        self.rules_box.addItem(self.tr("All house rules"), None)
        for key in self.model.rule_sets():
            self.rules_box.addItem(self.model.label_of(key), key)
        index = self.rules_box.findData(keep) if keep is not None else 0
        self.rules_box.setCurrentIndex(max(0, index))
        self.rules_box.blockSignals(False)
        self._apply_rules()

    def _apply_threshold(self) -> None:
        self.proxy.set_min_ev_lost(self.threshold.value() if self.costly.isChecked() else None)

    def _apply_rules(self) -> None:
        self.proxy.set_rules(self.rules_box.currentData())

    def select_row(self, row: int) -> None:
        """Select the ``row``-th hand as shown (after sorting and filtering)."""
        self.table.selectRow(row)
        self.table.setCurrentIndex(self.proxy.index(row, 0))

    def _get(self, hand_id: object) -> HandRecord | None:
        """A hand by id; None when it is gone or cannot be read (a damaged row)."""
        if not isinstance(hand_id, int):
            return None
        try:
            return self.store.get(hand_id)
        except HistoryError as exc:
            self.show_notice(fill(self.tr("The history cannot be read: %1"), str(exc)))
            return None

    def _show_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        hand_id = self.proxy.data(current, HAND_ID_ROLE) if current.isValid() else None
        self.current = self._get(hand_id)
        self._show_detail()
        chinese = self.current is not None and self.current.game is Game.CHINESE
        self.try_again_button.setEnabled(chinese)
        self.show_button.setEnabled(chinese)

    def _show_on_table(self) -> None:
        if self.current is not None and self.current.game is Game.CHINESE:
            self.showOnTable.emit(self.current)

    def _double_clicked(self, index: QModelIndex) -> None:
        hand_id = self.proxy.data(index, HAND_ID_ROLE) if index.isValid() else None
        record = self._get(hand_id)
        if record is not None and record.game is Game.CHINESE:
            self.showOnTable.emit(record)

    def _try_again(self) -> None:
        if self.current is not None and self.current.game is Game.CHINESE:
            self.tryAgain.emit(self.current.deal_cards())

    def left_out(self, n: int) -> str:
        """After an export: how many damaged hands it left out."""
        return self.tr("%n damaged hand(s) were left out.", "", n)

    def lines_skipped(self, n: int) -> str:
        """After an import: how many damaged lines it skipped (``%1``: the first)."""
        return self.tr("%n damaged line(s) skipped, the first: %1", "", n)

    def _ask(self, name: str, work: Callable[[], object],
             then: Callable[[HistoryWindow, object], object]) -> None:
        """Run ``work`` (holding no Qt object) on a thread called ``name``; ``then(window,
        result or exception)`` then runs on this thread, unless the window is gone by then."""
        self._asked[start_thread(name, work)] = then

    def _arrived(self, ticket: int, outcome: object) -> None:
        then = self._asked.pop(ticket, None)
        if then is not None:  # else another window's
            then(self, outcome)

    def _work_done(self, done: Callable[[HistoryWindow, object], object], outcome: object) -> None:
        self.export_button.setEnabled(True)
        self.import_button.setEnabled(True)
        done(self, outcome)
        self.fileDone.emit()

    def png_folder(self) -> str:
        """Where Save as PNG opens: the folder saved to last, else the user's Pictures folder,
        else home (not the program's working folder, which may be a source checkout)."""
        last = self.settings.value(PNG_FOLDER_KEY) if self.settings is not None else self._png_folder
        if isinstance(last, str) and last and os.path.isdir(last):
            return last
        pictures = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
        return pictures if pictures and os.path.isdir(pictures) else QDir.homePath()

    def _ask_save_png(self) -> None:
        start = os.path.join(self.png_folder(), "cp-trainer-progress.png")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the charts"), start,
                                              self.tr("PNG images (*.png)"))
        if path:
            self.charts.save_png(path)
            folder = os.path.dirname(os.path.abspath(path))
            self._png_folder = folder
            if self.settings is not None:
                self.settings.setValue(PNG_FOLDER_KEY, folder)
