"""The Pai Gow Poker tab: deal, set your 7 cards, see the dealer's house way and what it pays.

Seven cards to you and seven to the dealer (face down). Drag your cards into the high (5) and
low (2) hands as on the Chinese-poker table; the live line under them names both hands or the
foul. "Set" turns the dealer's cards up, sets them by house way (rule named) and pays the result
(+0.95 / 0 / -1). Beside the table: the house way for *your* cards with its rule, and the EV of
all 21 settings against a house-way dealer, simulated on a worker thread (progress, Cancel), so
you see where the house way and the best setting differ and what each costs. The advice shows
on "House way & EV" and always after you set.

The game itself is a :class:`~cp_trainer.paigow.session.PaiGowSession` (the deal, where the
cards lie with undo/redo while setting, the settlement, the session's total and log); this page
only shows it. Its own texts are Qt's (``self.tr``, the window's ``.ts`` files); the hand names,
fouls and results are the Pai Gow core's, in the GUI's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.chinese.board import Refused
from cp_trainer.gui.cards.animation import CardMotion
from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import keep_keys
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.numbers import integer, number, signed
from cp_trainer.gui.paigow.mini_setting import MiniSetting, strip_width
from cp_trainer.gui.paigow.views import PaiGowDeal, PgZone, pg_zone_view
from cp_trainer.gui.progress import ProgressCancel
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.gui.worker import JobSlot, Worker
from cp_trainer.paigow.cards import PgCard, label_pg_cards, parse_pg_cards
from cp_trainer.paigow.ev import DEFAULT_SAMPLES, EvResult, settings_ev
from cp_trainer.paigow.house_way import HouseWay, house_way
from cp_trainer.paigow.resolve import Result, Settlement
from cp_trainer.paigow.session import PaiGowSession, PgPhase
from cp_trainer.paigow.setting import Setting
from cp_trainer.rules.arrangement_text import for_people
from cp_trainer.support.i18n import capitalised
from cp_trainer.support.i18n import tr as core_tr

__all__ = ["PaiGowTab"]

#: a hand for the house way's first (slow) call, made when the page opens
WARM_UP_HAND = "Td 9c 7d 5h 4s 4h 2c"

EvFn = Callable[..., EvResult]

NAME_MIN_WIDTH = 100  # a hand's name beside its cards (two lines when the window is small)
NOTE_MIN_WIDTH = 40  # the EV table's notes column, elided below its text's width
CELL_PADDING = 12  # a table cell's margins around its text
PANEL_MIN_WIDTH = 300

# the player's cards' height bounds (pixels): the page scales them with the window
MIN_CARD_HEIGHT = 48
MAX_CARD_HEIGHT = 150


def tens_written_10(text: str) -> str:
    """A core hand name for a person: a ten written 10 as on the cards ("T-9" becomes "10-9");
    the command line keeps the core's "T" (:func:`~cp_trainer.rules.arrangement_text.for_people`)."""
    return for_people(text)


class _Cancelled(Exception):
    """The EV simulation stopped early (the player pressed Cancel)."""


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
        follow_language(self, self.retranslate)
        self.setObjectName("paigowTab")
        self.renderer = renderer
        self.seed = seed
        self.ev_fn = ev_fn
        self.samples = samples
        self.game = PaiGowSession(seed=seed, lang=current_language())
        self.deal = PaiGowDeal(self.game, self)
        self.player_way: HouseWay | None = None
        self.ev_result: EvResult | None = None
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.jobs = JobSlot(self.pool, self)
        self.jobs.progress.connect(self._progress)
        self.jobs.finished.connect(self._finished)
        self.jobs.cancelled.connect(self._cancelled)
        self.jobs.failed.connect(self._failed)
        self._warm_up()
        self._message = ""
        self._message_advice = ""

        outer = QHBoxLayout(self)
        outer.addWidget(self._build_game_column(renderer), 3)
        outer.addWidget(self._build_advice_panel(renderer), 2)

        self.deal.changed.connect(self._update_live)
        self.deal.changed.connect(self._keep_keys)
        self.deal.refused.connect(lambda _z, msg: self._show_message(msg))
        self.motion = CardMotion(list(self.views.values()), self)  # dealt in, gliding to their slot
        self.retranslate()
        self.new_deal(deal)

    # --- building ----------------------------------------------------------------------------

    def _build_game_column(self, renderer: CardRenderer) -> QWidget:
        """The dealer, the player's hands, the buttons and the result, top to bottom."""
        # The game takes the larger share and its cards grow with it: a wide window shows large
        # cards, not small ones beside a mostly blank EV table.
        self.game_column = QWidget(self)
        self.game_column.setObjectName("pgGameColumn")
        table = QVBoxLayout(self.game_column)
        table.setContentsMargins(0, 0, 0, 0)
        # The dealer.
        self.dealer_title = QLabel(self)
        self.dealer_title.setObjectName("panelTitle")
        table.addWidget(self.dealer_title)
        self.dealer_cards_view = MiniSetting(renderer, 56, self)
        self.dealer_cards_view.setObjectName("dealerCards")
        table.addWidget(self.dealer_cards_view)
        # Every text on the cards' side keeps a fixed room: the buttons never move.
        self.dealer_rule = FittedLabel(self, lines=2)
        self.dealer_rule.setObjectName("dealerRule")
        table.addWidget(self.dealer_rule)
        # The player's hands.
        table.addLayout(self._build_hands_grid(renderer))
        self.status = FittedLabel(self, lines=3)
        self.status.setObjectName("foulBanner")
        table.addWidget(self.status)
        self._build_buttons(table)
        # the outcome on its first line, then one line per hand
        self.result = FittedLabel(self, lines=4)
        self.result.setObjectName("resultLabel")
        table.addWidget(self.result)
        self.session = QLabel(self)
        self.session.setObjectName("pgSessionLabel")  # flush with the lines above (no score padding)
        table.addWidget(self.session)
        table.addStretch(1)

        return self.game_column

    def _build_hands_grid(self, renderer: CardRenderer) -> QGridLayout:
        """The low and high hands with their names, and the 7 cards under them."""
        grid = QGridLayout()
        self.views = {z: pg_zone_view(self.deal, z, renderer, self) for z in PgZone}
        self.zone_titles = {z: QLabel(self) for z in PgZone}
        self.zone_names = {z: FittedLabel(self, lines=2) for z in (PgZone.HIGH, PgZone.LOW)}
        for r, zone in enumerate((PgZone.LOW, PgZone.HIGH, PgZone.HAND)):
            self.zone_titles[zone].setObjectName("rowTitle")
            grid.addWidget(self.zone_titles[zone], r, 0)
            if zone is PgZone.HAND:  # the 7 cards under both the hands and their names
                grid.addWidget(self.views[zone], r, 1, 1, 2)
            else:
                grid.addWidget(self.views[zone], r, 1)
            if zone in self.zone_names:
                self.zone_names[zone].setObjectName("rowHandName")
                self.zone_names[zone].setMinimumWidth(NAME_MIN_WIDTH)
                self.zone_names[zone].setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                grid.addWidget(self.zone_names[zone], r, 2)
        grid.setColumnStretch(2, 1)
        self.grid = grid
        return grid

    def _build_buttons(self, table: QVBoxLayout) -> None:
        """New deal, Undo, Redo and Set on one row; House way & EV and Play the house way below."""
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
        self.undo_button = QPushButton(self)
        self.undo_button.setObjectName("pgUndoButton")
        self.undo_button.clicked.connect(self.deal.undo)
        self.redo_button = QPushButton(self)
        self.redo_button.setObjectName("pgRedoButton")
        self.redo_button.clicked.connect(self.deal.redo)
        for b in (self.new_button, self.hint_button, self.house_button, self.set_button, self.undo_button,
                  self.redo_button):
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys on the cards
        # Two rows, so the Russian texts fit beside the EV table at the window's smallest width.
        tools = QHBoxLayout()
        for b in (self.new_button, self.undo_button, self.redo_button, self.set_button):
            tools.addWidget(b)
        tools.addStretch(1)
        table.addLayout(tools)
        for b in (self.hint_button, self.house_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        table.addLayout(buttons)

    def _build_advice_panel(self, renderer: CardRenderer) -> QFrame:
        """The house way and the EV of every setting, beside the game."""
        panel = QFrame(self)
        panel.setObjectName("solverPanel")
        panel.setFrameShape(QFrame.Shape.StyledPanel)
        side = QVBoxLayout(panel)
        self.advice_title = QLabel(panel)
        self.advice_title.setObjectName("panelTitle")
        self.advice_title.setWordWrap(True)  # at 1024 px it is wider than the panel, in English too
        side.addWidget(self.advice_title)
        self.advice_status = QLabel(panel)
        self.advice_status.setWordWrap(True)
        side.addWidget(self.advice_status)
        self.house_cards = MiniSetting(renderer, 44, panel)
        side.addWidget(self.house_cards)
        self.house_rule = QLabel(panel)
        self.house_rule.setObjectName("houseWayRule")
        self.house_rule.setWordWrap(True)
        side.addWidget(self.house_rule)
        self.runner = ProgressCancel(panel, bar_name="pgProgress", button_name="pgCancelButton")
        self.runner.cancelRequested.connect(self.cancel)
        self.progress, self.cancel_button = self.runner.bar, self.runner.cancel_button
        side.addWidget(self.runner)
        self.figures = QLabel(panel)
        self.figures.setObjectName("pgFigures")
        self.figures.setWordWrap(True)
        side.addWidget(self.figures)
        side.addWidget(self._build_ev_table(panel), 1)
        side.addStretch(0)  # holds the texts at the top while the table is hidden
        self.panel = panel
        return panel

    def _build_ev_table(self, panel: QFrame) -> QTableWidget:
        """The 21 settings' EVs: a dense table that fits the panel's width."""
        self.ev_table = QTableWidget(0, 5, panel)
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

    # --- the session's state, read-only ------------------------------------------------------

    @property
    def dealer_cards(self) -> tuple[PgCard, ...]:
        return self.game.dealer_cards

    @property
    def dealer_way(self) -> HouseWay | None:
        return self.game.dealer_way

    @property
    def settlement(self) -> Settlement | None:
        return self.game.settlement

    @property
    def total(self) -> float:
        return self.game.total

    @property
    def hands_played(self) -> int:
        return self.game.hands_played

    @property
    def lang(self) -> str:
        return current_language()

    # --- language -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.game.lang = self.lang
        self.dealer_title.setText(self.tr("Dealer"))
        self.zone_titles[PgZone.LOW].setText(self.tr("Low hand (2)"))
        self.zone_titles[PgZone.HIGH].setText(self.tr("High hand (5)"))
        self.zone_titles[PgZone.HAND].setText(self.tr("Your cards"))
        self._retranslate_buttons()
        self._retranslate_tips()
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
        self._fit_cards()
        self._update_live()
        self._show_dealer()
        self._show_result()
        self._show_advice()

    def _retranslate_buttons(self) -> None:
        self.new_button.setText(self.tr("New deal"))
        self.new_button.setToolTip(self.tr("Deal 7 new cards to you and 7 to the dealer."))
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Take back the last move (Ctrl+Z)."))
        self.redo_button.setText(self.tr("Redo"))
        self.redo_button.setToolTip(self.tr("Make the move you took back again (Ctrl+Shift+Z)."))
        self.hint_button.setText(self.tr("House way && EV"))
        self.hint_button.setToolTip(self.tr("How the dealer would set your cards, and what each of the 21 "
                                            "settings is worth against a house-way dealer."))
        self.house_button.setText(self.tr("Play the house way"))
        self.house_button.setToolTip(self.tr("Put your cards where the house way puts them (you can still "
                                             "move them)."))
        self.set_button.setText(self.tr("Set"))
        self.set_button.setToolTip(self.tr("Lock in your high (5 cards) and low (2 cards) hands; the dealer "
                                           "sets by house way and you are paid."))

    def _retranslate_tips(self) -> None:
        self.views[PgZone.LOW].setToolTip(self.tr("Your low hand: 2 cards. It must not beat your high hand. "
                                                  "Drop cards here or press 1."))
        self.views[PgZone.HIGH].setToolTip(self.tr("Your high hand: 5 cards, at least as strong as the low "
                                                   "hand. Drop cards here or press 2."))
        self.views[PgZone.HAND].setToolTip(self.tr("Your 7 cards. Drag them into the high and low hands, or "
                                                   "double-click one."))
        self.ev_table.setToolTip(self.tr(
            "All 21 ways to split your cards, best first: EV per unit staked and the difference to the "
            "house way's setting (hover a difference for its ± standard error)."))
        self.runner.set_tips(progress=self._ev_about(self.samples),
                             cancel=self.tr("Stop the simulation; your cards are not affected."))
        self.dealer_cards_view.setToolTip(self.tr("The dealer's 7 cards, set by house way once you set your "
                                                  "hand."))

    def _ev_about(self, n: int) -> str:
        return fill(self.tr("EV per unit staked against a dealer who plays the house way, from %1 random "
                            "dealer hands (± standard error)."), integer(n))

    def _incomplete(self) -> str:
        return self.tr("Put 5 cards in the high hand and 2 in the low hand, then press Set.")

    # --- dealing and setting ------------------------------------------------------------------

    def new_deal(self, deal: tuple[Sequence[PgCard], Sequence[PgCard]] | None = None) -> None:
        """Deal 7 cards to the player and 7 to the dealer (given, or shuffled)."""
        self.cancel()
        self.game.new_deal(deal)
        self.player_way = None
        self.ev_result = None
        self._message = ""
        self.deal.refresh()
        self._show_dealer()
        self._show_result()
        self._show_advice()
        self.views[PgZone.HAND].setFocus(Qt.FocusReason.OtherFocusReason)
        self.motion.deal_in(self.views[PgZone.HAND])

    def play_house_way(self) -> None:
        """Put the player's cards where the house way would."""
        if self.game.can_arrange():
            self.game.place_house_way()
            self.deal.refresh()

    def set_hand(self) -> Settlement | None:
        """Set: the dealer's cards turn up, set by house way, and the hand is paid."""
        if self.game.phase is PgPhase.SETTLED:
            return self.settlement
        try:
            settlement = self.game.set_hand()
        except Refused:
            self._show_message(self._incomplete())
            return None
        self.deal.refresh()
        self._show_dealer()
        self._show_result()
        self._update_buttons()
        self.settled.emit(settlement)
        self.show_advice()
        return settlement

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
        self._message_advice = fill(self.tr("Simulating %1 dealer hands…"), integer(self.samples))
        self._show_advice()
        self.evRunning.emit(True)

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
        self._show_advice()
        self.evRunning.emit(False)
        self.evFinished.emit(result)

    def _cancelled(self) -> None:
        self._message_advice = self.tr("Simulation cancelled.")
        self._show_advice()
        self.evRunning.emit(False)

    def _failed(self, message: str) -> None:
        self._message_advice = fill(self.tr("The simulation failed: %1"), message)
        self._show_advice()
        self.evRunning.emit(False)

    # --- showing ------------------------------------------------------------------------------

    def _show_message(self, text: str) -> None:
        self._message = text
        self.status.setText(text)

    def _update_buttons(self) -> None:
        self.set_button.setEnabled(self.game.can_set())
        self.house_button.setEnabled(self.game.can_arrange())
        self.undo_button.setEnabled(self.game.can_undo())
        self.redo_button.setEnabled(self.game.can_redo())

    def _keep_keys(self) -> None:
        """After a move by mouse, key or button the number keys go on working (:func:`keep_keys`)."""
        keep_keys([self.views[z] for z in (PgZone.HAND, PgZone.HIGH, PgZone.LOW)])

    def _update_live(self) -> None:
        for zone in self.zone_names:
            self.zone_names[zone].clear()
        check = self.game.check()
        if check is None:
            self.status.setProperty("state", "")
            self.status.setText(self._message or self._incomplete())
        else:
            self.zone_names[PgZone.HIGH].setText(tens_written_10(check.high_text))
            self.zone_names[PgZone.LOW].setText(tens_written_10(check.low_text))
            self.status.setProperty("state", "foul" if check.foul else "legal")
            self.status.setText(capitalised(tens_written_10(check.message)))
        self._message = ""
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
        self._update_buttons()

    def _show_dealer(self) -> None:
        if self.dealer_way is None:
            self.dealer_cards_view.show_backs()
            self.dealer_rule.setText(self.tr("The dealer's cards stay face down until you set your hand."))
        else:
            self.dealer_cards_view.show_setting(self.dealer_way.setting)
            self.dealer_rule.setText(fill(self.tr("The dealer set the house way (%1)."),
                                          self.dealer_way.rule_text(self.lang)))

    def _show_result(self) -> None:
        s = self.settlement
        self.result.setText("" if s is None else self.result_text(s))
        self.session.setText(fill(self.tr("Session total: %1 · hands played: %2"),
                                  signed(self.total), integer(self.hands_played)))

    def result_text(self, s: Settlement) -> str:
        """The outcome, capitalised, then one line per hand (the core's one run-on line is the
        command line's), tens written 10."""
        lang = self.lang
        payout = signed(s.payout)
        head = capitalised(s.result.label(lang)) + " (" + payout + ")"
        if s.result is Result.FOUL:
            return tens_written_10(head + "\n" + capitalised(s.player.message_in(lang)))

        def duel(side: int, player: str, dealer: str, tie: bool) -> str:
            if side > 0:
                key = "paigow.settle.player_wins"
            else:
                key = "paigow.settle.dealer_ties" if tie else "paigow.settle.dealer_wins"
            return core_tr(key, lang, player=player, dealer=dealer)

        high = duel(s.high, s.player.high_text_in(lang), s.dealer.high_text_in(lang),
                    s.player.high_value == s.dealer.high_value)
        low = duel(s.low, s.player.low_text_in(lang), s.dealer.low_text_in(lang),
                   s.player.low_value == s.dealer.low_value)
        lines = [head, fill(self.tr("High hand: %1"), high),
                 fill(self.tr("Low hand: %1"), low)]
        return tens_written_10("\n".join(lines))

    def _show_advice(self) -> None:
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
                                         way.rule_text(self.lang)))
        result = self.ev_result
        self.ev_table.setVisible(result is not None)  # no empty white box before the first answer
        if result is None:
            self.ev_table.setRowCount(0)
            self.figures.clear()
            if running:
                self.advice_status.setText(self._message_advice)
            elif way is None:
                self.advice_status.setText(self.tr(
                    "Press “House way & EV” to see how the dealer would set your cards and what every "
                    "setting is worth. After you set, it is always shown."))
            else:
                self.advice_status.setText(self._message_advice)
            return
        self.advice_status.setText(self._ev_about(result.samples))
        self._fill_table(result)
        self.figures.setText("\n".join(self._figure_lines(result)))

    def _yours(self, result: EvResult) -> int | None:
        setting = self.deal.setting()
        return None if setting is None else result.index_of(setting)

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
        mine = self._yours(result)
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
        mine = self._yours(result)
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

    def sizeHint(self) -> QSize:
        return QSize(1100, 720)

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

    def _fit_cards(self) -> None:
        """Share the width between the game and the EV panel, and size the cards to the game's
        share and the page's height: they grow with the window."""
        if self.width() <= 0 or self.height() <= 0:
            return
        outer = self.layout()
        assert outer is not None
        margins = outer.contentsMargins()
        inner = self.width() - margins.left() - margins.right() - outer.spacing()
        side = self.panel.layout()
        assert side is not None
        pad = side.contentsMargins()
        panel_pad = pad.left() + pad.right() + 2 * self.panel.frameWidth()
        panel_need = max(PANEL_MIN_WIDTH, self.ev_table_width() + panel_pad)
        panel_width = max(panel_need, inner * 2 // 5)
        game_width = inner - panel_width
        self.panel.setMinimumWidth(panel_need)
        titles = max(t.sizeHint().width() for t in self.zone_titles.values()) + 2 * self.grid.spacing()
        # the widest height whose 7-card strip fits the game's share beside the row titles
        height = MAX_CARD_HEIGHT
        while height > MIN_CARD_HEIGHT and (
                titles + strip_width(height, 5) + NAME_MIN_WIDTH > game_width
                or titles + strip_width(height, 7) > game_width):
            height -= 2
        height = self._fit_height(height)
        for view in self.views.values():
            if view.iconSize().height() != height:
                view.set_card_height(height)
        self.dealer_cards_view.set_card_height(max(MIN_CARD_HEIGHT - 8, height * 3 // 4))
        self.house_cards.set_card_height(max(40, min(72, panel_width // 10)))

    def _fit_height(self, height: int) -> int:
        """``height`` lowered until the game's column fits the page's height."""
        column = self.game_column.layout()
        assert column is not None
        avail = self.height() - 20
        for _ in range(40):
            for view in self.views.values():
                if view.iconSize().height() != height:
                    view.set_card_height(height)
            self.dealer_cards_view.set_card_height(max(MIN_CARD_HEIGHT - 8, height * 3 // 4))
            for child in column.findChildren(QGridLayout):
                child.invalidate()
            column.invalidate()
            if column.minimumSize().height() <= avail or height <= MIN_CARD_HEIGHT:
                return height
            height = max(MIN_CARD_HEIGHT, height - 4)
        return height

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_cards()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_cards)  # the style sheet's fonts are known once shown
