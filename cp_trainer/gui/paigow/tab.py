"""The Pai Gow Poker tab: deal, set your 7 cards, see the dealer's house way and what it pays.

Seven cards to you and seven to the dealer (face down). Drag your cards into the high (5) and
low (2) hands as on the Chinese-poker table; the live line under them names both hands or the
foul. "Set" turns the dealer's cards up, sets them by house way (rule named) and pays the result
(+0.95 / 0 / -1). Beside the table, the :class:`~cp_trainer.gui.paigow.ev_panel.EvPanel`: the
house way for *your* cards with its rule, and the EV of all 21 settings against a house-way
dealer, so you see where the house way and the best setting differ and what each costs. The
advice shows on "House way & EV" and always after you set. The page's cards grow with the window
(:class:`~cp_trainer.gui.paigow.sizing.PageFit`).

The game itself is a :class:`~cp_trainer.paigow.session.PaiGowSession` (the deal, where the
cards lie with undo/redo while setting, the settlement, the session's total and log); this page
only shows it. Its own texts are Qt's (``self.tr``, the window's ``.ts`` files); the hand names,
fouls and results are the Pai Gow core's, in the GUI's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.chinese.board import Refused
from cp_trainer.gui.cards.animation import CardMotion
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import keep_keys
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.numbers import integer, signed
from cp_trainer.gui.paigow.ev_panel import EvFn, EvPanel
from cp_trainer.gui.paigow.mini_setting import MiniSetting
from cp_trainer.gui.paigow.sizing import NAME_MIN_WIDTH, GameSide, PageFit
from cp_trainer.gui.paigow.views import PaiGowDeal, PgZone, pg_zone_view
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.paigow.cards import PgCard
from cp_trainer.paigow.ev import DEFAULT_SAMPLES, EvResult, settings_ev
from cp_trainer.paigow.house_way import HouseWay
from cp_trainer.paigow.resolve import Settlement
from cp_trainer.paigow.session import PaiGowSession, PgPhase
from cp_trainer.rules.arrangement_text import for_people
from cp_trainer.support.i18n import capitalised

__all__ = ["EvFn", "PaiGowTab"]


def tens_written_10(text: str) -> str:
    """A core hand name for a person: a ten written 10 as on the cards ("T-9" becomes "10-9");
    the command line keeps the core's "T" (:func:`~cp_trainer.rules.arrangement_text.for_people`)."""
    return for_people(text)


class PaiGowTab(QWidget):
    """The whole Pai Gow mode in one widget (``objectName`` ``paigowTab``).

    ``deal`` fixes the first deal as (player's 7 cards, dealer's 7 cards); ``seed`` makes every
    deal reproducible; ``ev_fn`` and ``samples`` are the EV panel's (for tests).
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
        self.game = PaiGowSession(seed=seed, lang=current_language())
        self.deal = PaiGowDeal(self.game, self)
        self._message = ""
        self.panel = EvPanel(self.game, renderer, self, ev_fn=ev_fn, samples=samples, seed=seed)
        self.panel.finished.connect(self.evFinished)
        self.panel.running.connect(self.evRunning)

        outer = QHBoxLayout(self)
        outer.addWidget(self._build_game_column(renderer), 3)
        outer.addWidget(self.panel, 2)
        game = GameSide(self.game_column, list(self.views.values()), self.dealer_cards_view,
                        list(self.zone_titles.values()), self.grid)
        self.fitting = PageFit(self, game, self.panel)

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

    # --- the EV panel's, for the window and tests -------------------------------------------

    @property
    def samples(self) -> int:
        return self.panel.samples

    @samples.setter
    def samples(self, samples: int) -> None:
        self.panel.samples = samples

    @property
    def ev_result(self) -> EvResult | None:
        return self.panel.ev_result

    @property
    def pool(self) -> QThreadPool:
        return self.panel.pool

    def show_advice(self) -> None:
        """Show the house way for the player's cards and the EV of all 21 settings."""
        self.panel.show_advice()

    def is_running(self) -> bool:
        return self.panel.is_running()

    def cancel(self) -> None:
        self.panel.cancel()

    def shutdown(self) -> None:
        """Cancel and wait for the EV panel's worker thread (the window is closing)."""
        self.panel.shutdown()

    # --- language -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.game.lang = self.lang
        self.dealer_title.setText(self.tr("Dealer"))
        self.zone_titles[PgZone.LOW].setText(self.tr("Low hand (2)"))
        self.zone_titles[PgZone.HIGH].setText(self.tr("High hand (5)"))
        self.zone_titles[PgZone.HAND].setText(self.tr("Your cards"))
        self._retranslate_buttons()
        self._retranslate_tips()
        self.panel.retranslate()  # before the fitting: the EV table's width follows its headers
        self.fitting.fit()
        self._update_live()
        self._show_dealer()
        self._show_result()

    def _retranslate_buttons(self) -> None:
        self.new_button.setText(self.tr("New deal"))
        self.new_button.setToolTip(self.tr("Deal 7 new cards to you and 7 to the dealer."))
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Take back the last move (Ctrl+Z)."))
        self.redo_button.setText(self.tr("Redo"))
        self.redo_button.setToolTip(self.tr("Make the move you took back again (Ctrl+Y or Ctrl+Shift+Z)."))
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
        self.dealer_cards_view.setToolTip(self.tr("The dealer's 7 cards, set by house way once you set your "
                                                  "hand."))

    def _incomplete(self) -> str:
        return self.tr("Put 5 cards in the high hand and 2 in the low hand, then press Set.")

    # --- dealing and setting ------------------------------------------------------------------

    def new_deal(self, deal: tuple[Sequence[PgCard], Sequence[PgCard]] | None = None) -> None:
        """Deal 7 cards to the player and 7 to the dealer (given, or shuffled)."""
        self.panel.cancel()
        self.game.new_deal(deal)
        self._message = ""
        self.deal.refresh()
        self._show_dealer()
        self._show_result()
        self.panel.reset()
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
        head = capitalised(s.result.label(lang)) + " (" + signed(s.payout) + ")"
        duels = s.duels(lang)
        if duels is None:  # a foul
            return tens_written_10(head + "\n" + capitalised(s.player.message_in(lang)))
        high, low = duels
        lines = [head, fill(self.tr("High hand: %1"), high),
                 fill(self.tr("Low hand: %1"), low)]
        return tens_written_10("\n".join(lines))

    def sizeHint(self) -> QSize:
        return QSize(1100, 720)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitting.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self.fitting.fit)  # the style sheet's fonts are known once shown
