"""The Pai Gow page's advice beside the game: the house way for the player's cards and the EV of
all 21 settings against a house-way dealer.

:class:`EvPanel` (``objectName`` ``solverPanel``) shows how the house way would set the player's
7 cards (with its rule) and runs the EV simulation on its own worker thread through a
:class:`~cp_trainer.gui.worker.JobSlot` (progress, Cancel); the answer fills a dense table of the
21 settings, best first, and a few lines naming the best setting, the house way's and the
player's. What the advice is about (the cards dealt, which setting is the player's) is the
:class:`~cp_trainer.paigow.session.PaiGowSession`'s, handed in; the page asks with
:meth:`EvPanel.show_advice`, starts over with :meth:`EvPanel.reset`, and calls
:meth:`EvPanel.retranslate` when the language changes (before it sizes the page: the table's
width depends on its headers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.numbers import integer, number, signed
from cp_trainer.gui.paigow.mini_setting import MiniSetting
from cp_trainer.gui.progress import ProgressCancel
from cp_trainer.gui.translation import current_language, fill
from cp_trainer.gui.worker import JobSlot, Worker
from cp_trainer.paigow.cards import PgCard, label_pg_cards, parse_pg_cards
from cp_trainer.paigow.ev import DEFAULT_SAMPLES, EvResult, settings_ev
from cp_trainer.paigow.house_way import HouseWay, house_way
from cp_trainer.paigow.session import PaiGowSession
from cp_trainer.paigow.setting import Setting

__all__ = ["WARM_UP_HAND", "EvFn", "EvPanel"]

#: a hand for the house way's first (slow) call, made when the page opens
WARM_UP_HAND = "Td 9c 7d 5h 4s 4h 2c"

EvFn = Callable[..., EvResult]

NOTE_MIN_WIDTH = 40  # the EV table's notes column, elided below its text's width
CELL_PADDING = 12  # a table cell's margins around its text
PANEL_MIN_WIDTH = 300


class _Cancelled(Exception):
    """The EV simulation stopped early (the player pressed Cancel)."""


class EvPanel(QFrame):
    """The house way and the EV of every setting of ``session``'s player cards.

    ``ev_fn(cards, samples, seed=, progress=, cancel=)`` is the simulation
    (:func:`~cp_trainer.paigow.ev.settings_ev`; tests give a slow or recording one), run on the
    panel's own one-thread pool; ``samples`` and ``seed`` are its question besides the cards.
    """

    finished = Signal(object)  # EvResult
    running = Signal(bool)

    def __init__(self, session: PaiGowSession, renderer: CardRenderer, parent: QWidget | None = None, *,
                 ev_fn: EvFn = settings_ev, samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solverPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.session = session
        self.ev_fn = ev_fn
        self.samples = samples
        self.seed = seed
        self.player_way: HouseWay | None = None
        self.ev_result: EvResult | None = None
        self._message = ""
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.jobs = JobSlot(self.pool, self)
        self.jobs.progress.connect(self._progress)
        self.jobs.finished.connect(self._finished)
        self.jobs.cancelled.connect(self._cancelled)
        self.jobs.failed.connect(self._failed)
        self._warm_up()
        self._build(renderer)

    def _build(self, renderer: CardRenderer) -> None:
        side = QVBoxLayout(self)
        self.advice_title = QLabel(self)
        self.advice_title.setObjectName("panelTitle")
        self.advice_title.setWordWrap(True)  # at 1024 px it is wider than the panel, in English too
        side.addWidget(self.advice_title)
        self.advice_status = QLabel(self)
        self.advice_status.setWordWrap(True)
        side.addWidget(self.advice_status)
        self.house_cards = MiniSetting(renderer, 44, self)
        side.addWidget(self.house_cards)
        self.house_rule = QLabel(self)
        self.house_rule.setObjectName("houseWayRule")
        self.house_rule.setWordWrap(True)
        side.addWidget(self.house_rule)
        self.runner = ProgressCancel(self, bar_name="pgProgress", button_name="pgCancelButton")
        self.runner.cancelRequested.connect(self.cancel)
        self.progress, self.cancel_button = self.runner.bar, self.runner.cancel_button
        side.addWidget(self.runner)
        self.figures = QLabel(self)
        self.figures.setObjectName("pgFigures")
        self.figures.setWordWrap(True)
        side.addWidget(self.figures)
        side.addWidget(self._build_ev_table(), 1)
        side.addStretch(0)  # holds the texts at the top while the table is hidden

    def _build_ev_table(self) -> QTableWidget:
        """The 21 settings' EVs: a dense table that fits the panel's width."""
        self.ev_table = QTableWidget(0, 5, self)
        self.ev_table.setObjectName("pgEvTable")
        self.ev_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ev_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.ev_table.verticalHeader().setVisible(False)
        # The table fits its width, every column in view without scrolling sideways: the cards
        # and figures take what they need, the notes the rest, elided (whole in the tooltip); no
        # horizontal scroll bar.
        header = self.ev_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(24)
        self.ev_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.ev_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.ev_table.setWordWrap(False)
        # a dense table of figures: a size smaller than the texts beside it
        self.ev_table.setStyleSheet("QTableWidget#pgEvTable, QTableWidget#pgEvTable QHeaderView "
                                    "{ font-size: 9pt; }")
        return self.ev_table

    # --- language -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.advice_title.setText(self.tr("House way and the EV of every setting"))
        self.ev_table.setHorizontalHeaderLabels(
            [self.tr("Low"), self.tr("High"), self.tr("EV"), self.tr("Vs house"), self.tr("Note")])
        for c, tip in enumerate((self.tr("Your low hand (2 cards) in this setting."),
                                 self.tr("Your high hand (5 cards) in this setting."),
                                 self.tr("EV per unit staked, ± its standard error."),
                                 self.tr("EV compared with the house way's setting."),
                                 self.tr("The house way's setting, yours, or a foul."))):
            item = self.ev_table.horizontalHeaderItem(c)
            if item is not None:
                item.setToolTip(tip)
        self.ev_table.setToolTip(self.tr(
            "All 21 ways to split your cards, best first: EV per unit staked and the difference to the "
            "house way's setting (hover a difference for its ± standard error)."))
        self.runner.set_tips(progress=self._ev_about(self.samples),
                             cancel=self.tr("Stop the simulation; your cards are not affected."))
        self._show()

    def _ev_about(self, n: int) -> str:
        return fill(self.tr("EV per unit staked against a dealer who plays the house way, from %1 random "
                            "dealer hands (± standard error)."), integer(n))

    # --- asking -------------------------------------------------------------------------------

    def reset(self) -> None:
        """A new deal: no advice until asked (a simulation still running is cancelled)."""
        self.cancel()
        self.player_way = None
        self.ev_result = None
        self._show()

    def show_advice(self) -> None:
        """Show the house way for the player's cards and start the EV of all 21 settings (or show
        the answer already there for these cards)."""
        self.player_way = self.session.player_house_way()
        if self.ev_result is not None and self.session.is_about(self.ev_result):
            self._show()
            return
        self.ev_result = None
        self.start_ev(self.session.board.all_cards())

    def _warm_up(self) -> None:
        """Load the house way's compiled code now, off the GUI thread: its first call (Numba
        loading its cache, or compiling on a fresh install) would freeze the window for a second
        or more, and the first "House way & EV" click would seem to do nothing."""
        cards = tuple(parse_pg_cards(WARM_UP_HAND))
        Worker(lambda _progress, _cancelled: house_way(cards)).start(self.pool)

    def start_ev(self, cards: Sequence[PgCard]) -> None:
        self.cancel()
        cards, samples, seed, ev_fn = tuple(cards), self.samples, self.seed, self.ev_fn

        def job(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> EvResult:
            result = ev_fn(cards, samples, seed=seed, progress=progress, cancel=cancelled)
            if result.cancelled:
                raise _Cancelled
            return result

        self.jobs.start(job, cancel_errors=(_Cancelled,))
        self.runner.start(self.samples)
        self._message = fill(self.tr("Simulating %1 dealer hands…"), integer(self.samples))
        self._show()
        self.running.emit(True)

    def is_running(self) -> bool:
        return self.jobs.is_running()

    def cancel(self) -> None:
        if self.jobs.cancel():
            self._cancelled()

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread (the window is closing)."""
        self.cancel()
        self.jobs.shutdown()

    def _progress(self, done: int, total: int) -> None:
        self.runner.advance(done, total)

    def _finished(self, result: EvResult) -> None:
        self.ev_result = result
        self._show()
        self.running.emit(False)
        self.finished.emit(result)

    def _cancelled(self) -> None:
        self._message = self.tr("Simulation cancelled.")
        self._show()
        self.running.emit(False)

    def _failed(self, message: str) -> None:
        self._message = fill(self.tr("The simulation failed: %1"), message)
        self._show()
        self.running.emit(False)

    # --- showing ------------------------------------------------------------------------------

    def _show(self) -> None:
        running = self.jobs.is_running()
        if not running:
            self.runner.stop()
        way = self.player_way
        if way is None:
            self.house_cards.clear()
            self.house_cards.setVisible(False)
            self.house_rule.clear()
        else:
            self.house_cards.setVisible(True)
            self.house_cards.show_setting(way.setting)
            self.house_rule.setText(fill(self.tr("The house way would set your cards so (%1)."),
                                         way.rule_text(current_language())))
        result = self.ev_result
        self.ev_table.setVisible(result is not None)  # no empty white box before the first answer
        if result is None:
            self.ev_table.setRowCount(0)
            self.figures.clear()
            if way is None and not running:
                self.advice_status.setText(self.tr(
                    "Press “House way & EV” to see how the dealer would set your cards and what every "
                    "setting is worth. After you set, it is always shown."))
            else:
                self.advice_status.setText(self._message)
            return
        self.advice_status.setText(self._ev_about(result.samples))
        self._fill_table(result)
        self.figures.setText("\n".join(self._figure_lines(result)))

    def _figure_lines(self, result: EvResult) -> list[str]:
        best, house = result.best, result.house

        def fmt(s: Setting) -> str:
            return (label_pg_cards(set_order(s.low)) + " / "
                    + label_pg_cards(set_order(s.high)))

        lines = [fill(self.tr("Best: %1, EV %2 ± %3"), fmt(best.setting), signed(best.ev, 3),
                      number(best.se, 3)),
                 fill(self.tr("House way: %1, EV %2 ± %3"), fmt(house.setting), signed(house.ev, 3),
                      number(house.se, 3))]
        if best.index == house.index:
            lines.append(self.tr("Here the house way is the best setting."))
        else:
            lines.append(fill(self.tr("The house way costs %1 ± %2 per hand against the best setting."),
                              number(best.vs_house, 3), number(best.vs_house_se, 3)))
        mine = self.session.yours(result)
        if mine is not None:
            y = result.settings[mine]
            if mine == result.house_way_index:  # no "0.000 ± 0.000 against the house way"
                lines.append(fill(self.tr("Yours: %1, EV %2 ± %3 (this is the house way)"), fmt(y.setting),
                                  signed(y.ev, 3), number(y.se, 3)))
            else:
                yours = self.tr("Yours: %1, EV %2 ± %3 (%4 ± %5 compared with the house way)")
                lines.append(fill(yours, fmt(y.setting), signed(y.ev, 3), number(y.se, 3),
                                  signed(y.vs_house, 3), number(y.vs_house_se, 3)))
        return lines

    def _fill_table(self, result: EvResult) -> None:
        rows = result.ranked()
        mine = self.session.yours(result)
        self.ev_table.setRowCount(len(rows))
        for r, s in enumerate(rows):
            notes = []
            if s.index == result.house_way_index:
                notes.append(self.tr("house way"))
            if s.index == mine:
                notes.append(self.tr("yours"))
            if s.foul:
                notes.append(self.tr("foul"))
            values = [label_pg_cards(set_order(s.setting.low)),
                      label_pg_cards(set_order(s.setting.high)),
                      signed(s.ev, 3) + " ± " + number(s.se, 3),
                      signed(s.vs_house, 3),  # its ± goes to the tooltip: the notes column stays in view
                      ", ".join(notes)]
            for c, text in enumerate(values):
                item = QTableWidgetItem(text)
                if c == 4 and text:
                    item.setToolTip(text)  # elided when the table is narrow
                if c == 3:
                    item.setToolTip(signed(s.vs_house, 3) + " ± " + number(s.vs_house_se, 3))
                if s.index == result.house_way_index or s.index == mine:
                    font = self.ev_table.font()  # the table's size (an item's own font is the app's)
                    font.setBold(True)
                    item.setFont(font)
                if c in (2, 3):  # numbers line up on the right; the notes read from the left
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.ev_table.setItem(r, c, item)

    # --- sizes --------------------------------------------------------------------------------

    def ev_table_width(self) -> int:
        """The width the EV table needs to show its widest cards and figures whole and a little
        of its notes (with its vertical scroll bar and frame). Measured on the widest texts a
        column can hold, in bold, not on the rows shown: the page's split stays the same from
        hand to hand (the buttons never move)."""
        table = self.ev_table
        header = table.horizontalHeader()
        font = table.font()
        font.setBold(True)
        metrics = QFontMetrics(font)
        widest = ("10♦ 10♣", "10♦ 10♣ 10♥ 10♠ Q♥",
                  signed(-0.888, 3) + " ± " + number(0.888, 3), signed(-0.888, 3))
        need = 0
        for c, text in enumerate(widest):
            need += max(header.sectionSizeHint(c), metrics.horizontalAdvance(text) + CELL_PADDING)
        need += NOTE_MIN_WIDTH + table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth() + 4
        return need

    def needed_width(self) -> int:
        """The least width of the whole panel: the EV table's (:meth:`ev_table_width`) with the
        panel's margins and frame."""
        side = self.layout()
        assert side is not None
        pad = side.contentsMargins()
        return max(PANEL_MIN_WIDTH, self.ev_table_width() + pad.left() + pad.right() + 2 * self.frameWidth())

    def fit_cards(self, width: int) -> None:
        """The house way's small cards for a panel ``width`` pixels wide."""
        self.house_cards.set_card_height(max(40, min(72, width // 10)))
