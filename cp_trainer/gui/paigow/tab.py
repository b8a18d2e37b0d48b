"""The Pai Gow Poker tab: deal, set your 7 cards, see the dealer's house way and what it pays.

Seven cards to you and seven to the dealer (face down). Drag your cards into the high (5) and
low (2) hands as on the Chinese-poker table; the live line under them names both hands or the
foul. "Set" turns the dealer's cards up, sets them by house way (rule named) and pays the result
(+0.95 / 0 / -1). Beside the table: the house way for *your* cards with its rule, and the EV of
all 21 settings against a house-way dealer, simulated on a worker thread (progress, Cancel), so
you see where the house way and the best setting differ and what each costs. The advice shows
on "House way & EV" and always after you set.

Texts come from the rules core's catalogs (``paigow.gui.*`` in ``resources/i18n/paigow.*.json``)
in the GUI's current language, and switch on ``QEvent.LanguageChange``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QRunnable, QSize, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.paigow.views import PaiGowDeal, PgZone, PgZoneView, face_of
from cp_trainer.gui.translation import current_language
from cp_trainer.i18n import tr
from cp_trainer.paigow.cards import PAIGOW_DECK, PgCard, format_pg_cards, sort_for_display
from cp_trainer.paigow.ev import DEFAULT_SAMPLES, EvResult, settings_ev
from cp_trainer.paigow.house_way import HouseWay, house_way
from cp_trainer.paigow.resolve import Settlement, settle
from cp_trainer.paigow.setting import Setting, check_setting

__all__ = ["EvWorker", "PaiGowTab"]

EvFn = Callable[..., EvResult]


class _Signals(QObject):
    progress = Signal(int, int)
    finished = Signal(object)  # EvResult
    cancelled = Signal()
    failed = Signal(str)


class EvWorker(QRunnable):
    """Runs one EV simulation off the GUI thread; results come back through ``signals``."""

    def __init__(self, cards: Sequence[PgCard], samples: int, seed: int | None, ev_fn: EvFn) -> None:
        super().__init__()
        self.cards = tuple(cards)
        self.samples = samples
        self.seed = seed
        self.ev_fn = ev_fn
        self.signals = _Signals()
        self._cancel = threading.Event()
        self.setAutoDelete(False)

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        try:
            result = self.ev_fn(self.cards, self.samples, seed=self.seed,
                                progress=self.signals.progress.emit, cancel=self._cancel.is_set)
        except Exception as exc:  # shown to the player, never a crash of the window
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        if self._cancel.is_set() or result.cancelled:
            self.signals.cancelled.emit()
        else:
            self.signals.finished.emit(result)


class _MiniSetting(QWidget):
    """A setting as small cards: the low hand, a gap, the high hand (or card backs)."""

    def __init__(self, renderer: CardRenderer, height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.size_ = card_size(height)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.labels = [QLabel(self) for _ in range(7)]
        for i, lab in enumerate(self.labels):
            lab.setFixedSize(self.size_)
            layout.addWidget(lab)
            if i == 1:
                layout.addSpacing(12)
        layout.addStretch(1)

    def show_backs(self) -> None:
        for lab in self.labels:
            lab.setPixmap(self.renderer.pixmap(None, self.size_, self.devicePixelRatioF()))
            lab.setToolTip("")

    def clear(self) -> None:
        for lab in self.labels:
            lab.clear()

    def show_setting(self, setting: Setting) -> None:
        cards = [*sort_for_display(setting.low), *sort_for_display(setting.high)]
        for lab, card in zip(self.labels, cards, strict=True):
            lab.setPixmap(self.renderer.pixmap(face_of(card), self.size_, self.devicePixelRatioF()))
            lab.setToolTip(card.pretty())


def _signed(x: float) -> str:
    return f"{x:+.3f}"


class PaiGowTab(QWidget):
    """The whole Pai Gow mode in one widget (``objectName`` ``paigowTab``).

    ``deal`` fixes the first deal as (player's 7 cards, dealer's 7 cards); ``seed`` makes every
    deal reproducible; ``ev_fn`` and ``samples`` are for tests.
    """

    settled = Signal(object)  # Settlement
    evFinished = Signal(object)  # EvResult
    evRunning = Signal(bool)

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, *,
                 seed: int | None = None,
                 deal: tuple[Sequence[PgCard], Sequence[PgCard]] | None = None,
                 ev_fn: EvFn = settings_ev, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(parent)
        self.setObjectName("paigowTab")
        self.renderer = renderer
        self.rng = random.Random(seed)
        self.seed = seed
        self.ev_fn = ev_fn
        self.samples = samples
        self.deal = PaiGowDeal(self)
        self.dealer_cards: tuple[PgCard, ...] = ()
        self.dealer_way: HouseWay | None = None
        self.settlement: Settlement | None = None
        self.player_way: HouseWay | None = None
        self.ev_result: EvResult | None = None
        self.worker: EvWorker | None = None
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.total = 0.0
        self.hands_played = 0
        self._message = ""
        self._message_advice = ""

        outer = QHBoxLayout(self)
        table = QVBoxLayout()
        outer.addLayout(table, 1)
        # The dealer.
        self.dealer_title = QLabel(self)
        self.dealer_title.setObjectName("panelTitle")
        table.addWidget(self.dealer_title)
        self.dealer_cards_view = _MiniSetting(renderer, 70, self)
        self.dealer_cards_view.setObjectName("dealerCards")
        table.addWidget(self.dealer_cards_view)
        self.dealer_rule = QLabel(self)
        self.dealer_rule.setObjectName("dealerRule")
        self.dealer_rule.setWordWrap(True)
        table.addWidget(self.dealer_rule)
        # The player's hands.
        grid = QGridLayout()
        self.views = {z: PgZoneView(self.deal, z, renderer, self) for z in PgZone}
        self.zone_titles = {z: QLabel(self) for z in PgZone}
        self.zone_names = {z: QLabel(self) for z in (PgZone.HIGH, PgZone.LOW)}
        for r, zone in enumerate((PgZone.LOW, PgZone.HIGH, PgZone.HAND)):
            self.zone_titles[zone].setObjectName("rowTitle")
            grid.addWidget(self.zone_titles[zone], r, 0)
            grid.addWidget(self.views[zone], r, 1)
            if zone in self.zone_names:
                self.zone_names[zone].setObjectName("rowHandName")
                self.zone_names[zone].setWordWrap(True)
                self.zone_names[zone].setMinimumWidth(130)
                grid.addWidget(self.zone_names[zone], r, 2)
        grid.setColumnStretch(2, 1)
        table.addLayout(grid)
        self.status = QLabel(self)
        self.status.setObjectName("foulBanner")
        self.status.setWordWrap(True)
        table.addWidget(self.status)
        buttons = QHBoxLayout()
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("pgNewDealButton")
        self.new_button.clicked.connect(lambda: self.new_deal())
        self.hint_button = QPushButton(self)
        self.hint_button.setObjectName("pgHintButton")
        self.hint_button.clicked.connect(self.show_advice)
        self.house_button = QPushButton(self)
        self.house_button.setObjectName("pgHouseWayButton")
        self.house_button.clicked.connect(self.play_house_way)
        self.set_button = QPushButton(self)
        self.set_button.setObjectName("pgSetButton")
        self.set_button.clicked.connect(self.set_hand)
        for b in (self.new_button, self.hint_button, self.house_button, self.set_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        table.addLayout(buttons)
        self.result = QLabel(self)
        self.result.setObjectName("resultLabel")
        self.result.setWordWrap(True)
        table.addWidget(self.result)
        self.session = QLabel(self)
        self.session.setObjectName("scoreLabel")
        table.addWidget(self.session)
        table.addStretch(1)

        # The advice panel.
        panel = QFrame(self)
        panel.setObjectName("solverPanel")
        panel.setFrameShape(QFrame.Shape.StyledPanel)
        side = QVBoxLayout(panel)
        self.advice_title = QLabel(panel)
        self.advice_title.setObjectName("panelTitle")
        side.addWidget(self.advice_title)
        self.advice_status = QLabel(panel)
        self.advice_status.setWordWrap(True)
        side.addWidget(self.advice_status)
        self.house_cards = _MiniSetting(renderer, 44, panel)
        side.addWidget(self.house_cards)
        self.house_rule = QLabel(panel)
        self.house_rule.setObjectName("houseWayRule")
        self.house_rule.setWordWrap(True)
        side.addWidget(self.house_rule)
        bar = QHBoxLayout()
        self.progress = QProgressBar(panel)
        self.progress.setObjectName("pgProgress")
        self.cancel_button = QPushButton(panel)
        self.cancel_button.setObjectName("pgCancelButton")
        self.cancel_button.clicked.connect(self.cancel)
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.cancel_button)
        side.addLayout(bar)
        self.figures = QLabel(panel)
        self.figures.setObjectName("pgFigures")
        self.figures.setWordWrap(True)
        side.addWidget(self.figures)
        self.ev_table = QTableWidget(0, 5, panel)
        self.ev_table.setObjectName("pgEvTable")
        self.ev_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ev_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.ev_table.verticalHeader().setVisible(False)
        header = self.ev_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        side.addWidget(self.ev_table, 1)
        side.addStretch(0)  # holds the texts at the top while the table is hidden
        panel.setMinimumWidth(420)
        outer.addWidget(panel, 1)

        self.deal.changed.connect(self._update_live)
        self.deal.refused.connect(lambda _z, msg: self._show_message(msg))
        self.retranslate()
        self.new_deal(deal)

    # --- language -----------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return current_language()

    def _t(self, key: str, **kw: object) -> str:
        return tr(f"paigow.gui.{key}", self.lang, **kw)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.dealer_title.setText(self._t("dealer"))
        for zone, key in ((PgZone.LOW, "low"), (PgZone.HIGH, "high"), (PgZone.HAND, "hand")):
            self.zone_titles[zone].setText(self._t(key))
        self.new_button.setText(self._t("new_deal"))
        self.hint_button.setText(self._t("hint"))
        self.hint_button.setToolTip(self._t("hint_tip"))
        self.house_button.setText(self._t("play_house"))
        self.house_button.setToolTip(self._t("play_house_tip"))
        self.new_button.setToolTip(self._t("new_deal_tip"))
        self.set_button.setText(self._t("set"))
        self.set_button.setToolTip(self._t("set_tip"))
        self.cancel_button.setText(self._t("cancel"))
        self.cancel_button.setToolTip(self._t("cancel_tip"))
        for zone, key in ((PgZone.LOW, "low_tip"), (PgZone.HIGH, "high_tip"), (PgZone.HAND, "hand_tip")):
            self.views[zone].setToolTip(self._t(key))
        self.ev_table.setToolTip(self._t("ev_table_tip"))
        self.progress.setToolTip(self._t("ev_about", n=self.samples))
        self.dealer_cards_view.setToolTip(self._t("dealer_tip"))
        self.advice_title.setText(self._t("advice_title"))
        self.ev_table.setHorizontalHeaderLabels(
            [self._t(k) for k in ("col_low", "col_high", "col_ev", "col_vs_house", "col_note")])
        self._update_live()
        self._show_dealer()
        self._show_result()
        self._show_advice()

    # --- dealing and setting ------------------------------------------------------------------

    def new_deal(self, deal: tuple[Sequence[PgCard], Sequence[PgCard]] | None = None) -> None:
        self.cancel()
        if deal is None:
            cards = list(PAIGOW_DECK)
            self.rng.shuffle(cards)
            player, dealer = cards[:7], cards[7:14]
        else:
            player, dealer = list(deal[0]), list(deal[1])
            if len(player) != 7 or len(dealer) != 7 or len({str(c) for c in (*player, *dealer)}) != 14:
                raise ValueError("a Pai Gow deal is 7 distinct cards each for the player and dealer")
        self.dealer_cards = tuple(dealer)
        self.dealer_way = None
        self.settlement = None
        self.player_way = None
        self.ev_result = None
        self._message = ""
        self.deal.new_deal(player)
        self._show_dealer()
        self._show_result()
        self._show_advice()

    def play_house_way(self) -> None:
        """Put the player's cards where the house way would."""
        if self.deal.locked:
            return
        self.deal.place(house_way(self.deal.all_cards()).setting)

    def set_hand(self) -> Settlement | None:
        """Set: the dealer's cards turn up, set by house way, and the hand is paid."""
        setting = self.deal.setting()
        if self.deal.locked:
            return self.settlement
        if setting is None:
            self._show_message(self._t("incomplete"))
            return None
        self.deal.set_locked(True)
        self.dealer_way = house_way(self.dealer_cards)
        self.settlement = settle(setting, self.dealer_way.setting, self.lang)
        self.total += self.settlement.payout
        self.hands_played += 1
        self._show_dealer()
        self._show_result()
        self._update_buttons()
        self.settled.emit(self.settlement)
        self.show_advice()
        return self.settlement

    # --- the advice: house way and EV ---------------------------------------------------------

    def show_advice(self) -> None:
        """Show the house way for the player's cards and start the EV of all 21 settings."""
        cards = self.deal.all_cards()
        self.player_way = house_way(cards)
        if self.ev_result is not None and sorted(map(str, self.ev_result.cards)) == sorted(map(str, cards)):
            self._show_advice()
            return
        self.ev_result = None
        self.start_ev(cards)

    def start_ev(self, cards: Sequence[PgCard]) -> None:
        self.cancel()
        worker = EvWorker(cards, self.samples, self.seed, self.ev_fn)
        worker.signals.progress.connect(lambda d, t, w=worker: self._progress(w, d, t))
        worker.signals.finished.connect(lambda r, w=worker: self._finished(w, r))
        worker.signals.cancelled.connect(lambda w=worker: self._cancelled(w))
        worker.signals.failed.connect(lambda m, w=worker: self._failed(w, m))
        self.worker = worker
        self.progress.setRange(0, max(1, self.samples))
        self.progress.setValue(0)
        self._message_advice = self._t("running", n=self.samples)
        self._show_advice()
        self.evRunning.emit(True)
        self.pool.start(worker)

    def is_running(self) -> bool:
        return self.worker is not None

    def cancel(self) -> None:
        worker = self.worker
        if worker is not None:
            worker.cancel()
            self.worker = None
            self._message_advice = self._t("cancelled")
            self._show_advice()
            self.evRunning.emit(False)

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread (the window is closing)."""
        self.cancel()
        self.pool.waitForDone()

    def _progress(self, worker: EvWorker, done: int, total: int) -> None:
        if worker is self.worker:
            self.progress.setRange(0, max(1, total))
            self.progress.setValue(done)

    def _finished(self, worker: EvWorker, result: EvResult) -> None:
        if worker is not self.worker:
            return  # an answer nobody waits for any more
        self.worker = None
        self.ev_result = result
        self._show_advice()
        self.evRunning.emit(False)
        self.evFinished.emit(result)

    def _cancelled(self, worker: EvWorker) -> None:
        if worker is self.worker:
            self.cancel()

    def _failed(self, worker: EvWorker, message: str) -> None:
        if worker is not self.worker:
            return
        self.worker = None
        self._message_advice = self._t("failed", error=message)
        self._show_advice()
        self.evRunning.emit(False)

    # --- showing ------------------------------------------------------------------------------

    def _show_message(self, text: str) -> None:
        self._message = text
        self.status.setText(text)

    def _update_buttons(self) -> None:
        locked = self.deal.locked
        self.set_button.setEnabled(not locked and self.deal.is_complete())
        self.house_button.setEnabled(not locked)

    def _update_live(self) -> None:
        setting = self.deal.setting()
        for zone in self.zone_names:
            self.zone_names[zone].clear()
        if setting is None:
            self.status.setProperty("state", "")
            self.status.setText(self._message or self._t("incomplete"))
        else:
            check = check_setting(setting, self.lang)
            self.zone_names[PgZone.HIGH].setText(check.high_text)
            self.zone_names[PgZone.LOW].setText(check.low_text)
            self.status.setProperty("state", "foul" if check.foul else "legal")
            self.status.setText(check.message)
        self._message = ""
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
        self._update_buttons()

    def _show_dealer(self) -> None:
        if self.dealer_way is None:
            self.dealer_cards_view.show_backs()
            self.dealer_rule.setText(self._t("dealer_waiting"))
        else:
            self.dealer_cards_view.show_setting(self.dealer_way.setting)
            self.dealer_rule.setText(self._t("dealer_rule", rule=self.dealer_way.rule_text(self.lang)))

    def _show_result(self) -> None:
        s = self.settlement
        self.result.setText("" if s is None else s.message(self.lang))
        self.session.setText(self._t("session", total=f"{self.total:+.2f}", n=self.hands_played))

    def _show_advice(self) -> None:
        running = self.worker is not None
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        way = self.player_way
        if way is None:
            self.house_cards.clear()
            self.house_cards.setVisible(False)
            self.house_rule.clear()
        else:
            self.house_cards.setVisible(True)
            self.house_cards.show_setting(way.setting)
            self.house_rule.setText(self._t("house_way", rule=way.rule_text(self.lang)))
        result = self.ev_result
        self.ev_table.setVisible(result is not None)  # no empty white box before the first answer
        if result is None:
            self.ev_table.setRowCount(0)
            self.figures.clear()
            if running:
                self.advice_status.setText(self._message_advice)
            elif way is None:
                self.advice_status.setText(self._t("advice_idle"))
            else:
                self.advice_status.setText(self._message_advice)
            return
        self.advice_status.setText(self._t("ev_about", n=result.samples))
        self._fill_table(result)
        self.figures.setText("\n".join(self._figure_lines(result)))

    def _yours(self, result: EvResult) -> int | None:
        setting = self.deal.setting()
        return None if setting is None else result.index_of(setting)

    def _figure_lines(self, result: EvResult) -> list[str]:
        best, house = result.best, result.house

        def fmt(s: Setting) -> str:
            return (format_pg_cards(sort_for_display(s.low), True) + " / "
                    + format_pg_cards(sort_for_display(s.high), True))

        lines = [self._t("best_line", setting=fmt(best.setting), ev=_signed(best.ev), se=f"{best.se:.3f}"),
                 self._t("house_line", setting=fmt(house.setting), ev=_signed(house.ev),
                         se=f"{house.se:.3f}")]
        if best.index == house.index:
            lines.append(self._t("house_is_best"))
        else:
            lines.append(self._t("house_costs", cost=f"{best.vs_house:.3f}",
                                 se=f"{best.vs_house_se:.3f}"))
        mine = self._yours(result)
        if mine is not None:
            y = result.settings[mine]
            lines.append(self._t("yours_line", setting=fmt(y.setting), ev=_signed(y.ev), se=f"{y.se:.3f}",
                                 diff=_signed(y.vs_house), dse=f"{y.vs_house_se:.3f}"))
        return lines

    def _fill_table(self, result: EvResult) -> None:
        rows = result.ranked()
        mine = self._yours(result)
        self.ev_table.setRowCount(len(rows))
        for r, s in enumerate(rows):
            notes = []
            if s.index == result.house_way_index:
                notes.append(self._t("note_house"))
            if s.index == mine:
                notes.append(self._t("note_yours"))
            if s.foul:
                notes.append(self._t("note_foul"))
            values = [format_pg_cards(sort_for_display(s.setting.low), True),
                      format_pg_cards(sort_for_display(s.setting.high), True),
                      f"{_signed(s.ev)} ± {s.se:.3f}",
                      _signed(s.vs_house),  # its ± goes to the tooltip: the notes column stays in view
                      ", ".join(notes)]
            for c, text in enumerate(values):
                item = QTableWidgetItem(text)
                if c == 3:
                    item.setToolTip(f"{_signed(s.vs_house)} ± {s.vs_house_se:.3f}")
                if s.index == result.house_way_index or s.index == mine:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                if c in (2, 3):  # numbers line up on the right; the notes read from the left
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.ev_table.setItem(r, c, item)

    def sizeHint(self) -> QSize:
        return QSize(1100, 720)
