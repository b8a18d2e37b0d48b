"""The table: the bots' seats, your three rows, the foul banner, your hand and the buttons.

:class:`TableWidget` shows what the :class:`TrainerController` emits: the rules core's live check
(foul banner, offending rows marked, each row's hand name), the showdown row by row (its half is
:mod:`.showdown_view`), the session score. Its texts follow the language at runtime
(``retranslate``); the rules core's messages are shown exactly as the core returns them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.chinese.foul_words import longest_fouls, order_rule
from cp_trainer.gui.cards.animation import CardMotion
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import CardZoneView, keep_keys
from cp_trainer.gui.fitted import FittedLabel, reserve_width
from cp_trainer.gui.numbers import points
from cp_trainer.gui.solver.bots import bot_label
from cp_trainer.gui.table.controller import Phase, Showdown, TrainerController
from cp_trainer.gui.table.fitting import TableFitter, TableParts
from cp_trainer.gui.table.live_check import banner_words, make_banner, row_words, show_banner
from cp_trainer.gui.table.models import ROWS, HandSort, Zone
from cp_trainer.gui.table.reveal import RowFlipper
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.gui.table.showdown_view import TableShowdown
from cp_trainer.gui.table.status_line import StatusLine
from cp_trainer.gui.table.zones import step_focus, zone_view
from cp_trainer.gui.translation import fill, follow_language
from cp_trainer.rules.arrangement import CheckResult, Outcome, Row
from cp_trainer.rules.arrangement_text import row_name
from cp_trainer.rules.cards import Card

__all__ = ["Question", "TableWidget"]

_ROW_OF_ZONE = {Zone.TOP: Row.TOP, Zone.MIDDLE: Row.MIDDLE, Zone.BOTTOM: Row.BOTTOM}

class Question(str):
    """A question for :attr:`TableWidget.confirm` with the title of its box (a surrender is not
    "This hand fouls")."""

    heading: str

    def __new__(cls, text: str, heading: str) -> Question:
        question = super().__new__(cls, text)
        question.heading = heading
        return question


class TableWidget(QWidget):
    """Everything on the felt. ``hintRequested`` asks the window to run the solver."""

    hintRequested = Signal()
    # A message for the window's status bar (text, milliseconds).
    statusMessage = Signal(str, int)

    def __init__(self, controller: TrainerController, renderer: CardRenderer,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("table")
        self.controller = controller
        self.deal = controller.deal
        self.renderer = renderer
        self.confirm = self._ask  # replaced in tests: (question) -> bool
        self._seats: list[OpponentSeat] = []
        self.views: dict[Zone, CardZoneView[Card, Zone]] = {}

        self.outer = QVBoxLayout(self)
        self.outer.setContentsMargins(12, 4, 12, 4)
        self.outer.setSpacing(3)
        self.status_line = StatusLine(controller, self)
        self.rules_label = self.status_line.rules_label
        self.next_rules_label = self.status_line.next_rules_label
        self.score_label = self.status_line.score_label  # the three shown in the window's status bar
        self.seats_box = QHBoxLayout()
        self.seats_box.setSpacing(10)
        self.outer.addLayout(self.seats_box)
        self.grid = self._build_rows()
        self.outer.addLayout(self.grid)
        self.outer.addWidget(self._build_banner())
        self.hand_box = self._build_hand()
        self.outer.addLayout(self.hand_box)
        self.tools_box = self._build_tools()
        self.fitter = self._build_fitter()
        self.fitter.place_tools(beside=False)
        self.outer.addLayout(self._build_actions())
        self.outer.addStretch(1)
        self._connect()
        self.retranslate()

    # --- building -----------------------------------------------------------------------------

    def _build_rows(self) -> QGridLayout:
        """The three rows: a title, the cards and the hand's name (column 3: the tools, where
        the table is wide)."""
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        self.row_titles: dict[Zone, QLabel] = {}
        self.row_names: dict[Zone, QLabel] = {}
        for i, zone in enumerate(ROWS):
            title = QLabel(self)
            title.setObjectName("rowTitle")
            view = zone_view(self.deal, zone, self.renderer, self)
            name = FittedLabel(self, lines=2)  # as many lines as the row is high (TableFitter)
            name.setObjectName("rowHandName")
            name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(title, i, 0)
            grid.addWidget(view, i, 1, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(name, i, 2)
            self.views[zone] = view
            self.row_titles[zone] = title
            self.row_names[zone] = name
        grid.setColumnStretch(2, 1)
        return grid

    def _build_banner(self) -> FittedLabel:
        """The banner keeps the room of its longest text (:meth:`_banner_samples`): nothing moves."""
        self.banner = make_banner(self)
        return self.banner

    def _build_hand(self) -> QHBoxLayout:
        hand_box = QHBoxLayout()
        self.hand_title = QLabel(self)
        self.hand_title.setObjectName("rowTitle")
        hand_box.addWidget(self.hand_title)
        self.views[Zone.HAND] = zone_view(self.deal, Zone.HAND, self.renderer, self)
        hand_box.addWidget(self.views[Zone.HAND], 1)
        for w in (self.hand_title, self.views[Zone.HAND]):  # hidden at the showdown, its room kept
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            w.setSizePolicy(policy)
        return hand_box

    def _button(self, name: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        # A click must not take the keys away from the cards (the first "1" after Undo must
        # work): the buttons act on the mouse and are reached with Tab.
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        return button

    def _build_tools(self) -> QBoxLayout:
        """Sort by rank / suit, clear the rows, undo, redo (placed by :meth:`TableFitter.place_tools`)."""
        tools = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.sort_rank_button = self._button("sortRankButton", lambda: self.deal.set_hand_sort(HandSort.RANK))
        self.sort_suit_button = self._button("sortSuitButton", lambda: self.deal.set_hand_sort(HandSort.SUIT))
        self.sort_group = QButtonGroup(self)  # the pressed one shows how the hand is ordered
        for b in (self.sort_rank_button, self.sort_suit_button):
            b.setCheckable(True)
            self.sort_group.addButton(b)
        self.sort_rank_button.setChecked(True)
        self.return_button = self._button("returnButton", self.deal.return_all)
        self.undo_button = self._button("undoButton", self.deal.undo)
        self.redo_button = self._button("redoButton", self.deal.redo)
        self.tool_buttons = (self.sort_rank_button, self.sort_suit_button, self.return_button,
                             self.undo_button, self.redo_button)
        for b in self.tool_buttons:
            tools.addWidget(b)
        tools.addStretch(1)
        return tools

    def _build_fitter(self) -> TableFitter:
        """The cards' sizes and the tools' place (:class:`TableFitter`), given the table's pieces."""
        return TableFitter(TableParts(
            table=self, column=self.outer, grid=self.grid, hand_box=self.hand_box, tools=self.tools_box,
            tool_buttons=self.tool_buttons, views=self.views, row_names=self.row_names,
            banner=self.banner, seats=lambda: self._seats, title_width=self.title_width,
            banner_samples=self._banner_samples, banner_context=self._banner_context))

    def _build_actions(self) -> QHBoxLayout:
        """New deal, Hint, the hand's result, Surrender, Set hand."""
        actions = QHBoxLayout()
        self.deal_button = self._button("dealButton", lambda: self.controller.new_deal())
        self.hint_button = self._button("hintButton", self.hintRequested.emit)
        self.surrender_button = self._button("surrenderButton", self.surrender)
        self.set_button = self._button("setButton", self.set_hand)
        self.set_button.setDefault(True)
        actions.addWidget(self.deal_button)
        actions.addWidget(self.hint_button)
        # The hand's result (or why a move was refused) between the buttons, where the eyes are
        # after Set hand; its two lines cost the rows no height.
        self.result_label = FittedLabel(self, lines=2)
        self.result_label.setObjectName("resultLabel")
        self.result_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        actions.addSpacing(6)
        actions.addWidget(self.result_label, 1)
        actions.addWidget(self.surrender_button)
        actions.addWidget(self.set_button)
        return actions

    def _connect(self) -> None:
        controller = self.controller
        for view in self.views.values():
            view.focusStep.connect(self._focus_step)
        # the deal, cards gliding to their slots, the bots' rows flipping: shown, never waited for
        self.motion = CardMotion(list(self.views.values()), self)
        self.flipper = RowFlipper(self.renderer, self)
        self.showdown = TableShowdown(
            controller, seats=lambda: self._seats, views=self.views, row_names=self.row_names,
            result_label=self.result_label, flipper=self.flipper, show_check=self._show_check,
            update_buttons=self._update_buttons, fit_height=self.fitter.fit_height, parent=self)
        self.deal.changed.connect(self._keep_keys)
        self.deal.refused.connect(self._refused)
        controller.checked.connect(self._show_check)
        controller.dealt.connect(self._dealt)
        controller.handLocked.connect(self._hand_locked)
        controller.showdownReady.connect(self.start_reveal)
        controller.scoreChanged.connect(self._score_changed)
        controller.phaseChanged.connect(lambda _phase: self._update_buttons())
        controller.botsWaiting.connect(self._bots_waiting)
        controller.botsFailed.connect(self._bots_failed)

    @property
    def reveal_delay_ms(self) -> int:
        """The pause between two of the bots' rows turning over at the showdown (0: at once)."""
        return self.showdown.delay_ms

    @reveal_delay_ms.setter
    def reveal_delay_ms(self, ms: int) -> None:
        self.showdown.delay_ms = ms

    def start_reveal(self, showdown: Showdown) -> None:
        """Show a settled hand: the bots' rows one by one, then the points."""
        self.showdown.start(showdown)

    # --- texts --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        titles = {Zone.TOP: self.tr("Top row"), Zone.MIDDLE: self.tr("Middle row"),
                  Zone.BOTTOM: self.tr("Bottom row")}
        tips = {Zone.TOP: self.tr("Your top row: 3 cards, the weakest hand (only pairs and three of "
                                  "a kind count here). Drop cards here or press 1."),
                Zone.MIDDLE: self.tr("Your middle row: 5 cards, no stronger than the bottom row. "
                                     "Drop cards here or press 2."),
                Zone.BOTTOM: self.tr("Your bottom row: 5 cards, your strongest hand. Drop cards here "
                                     "or press 3.")}
        for zone in ROWS:
            self.row_titles[zone].setText(titles[zone])
            self.views[zone].setToolTip(tips[zone])
            self.views[zone].setAccessibleName(titles[zone].replace("\n", " "))
        if self.controller.setup.criss_cross:
            number = str(self.controller.hand_index + 1)
            self.hand_title.setText(fill(self.tr("Hand %1 of 2"), number))
        else:
            self.hand_title.setText(self.tr("Your hand"))
        self.views[Zone.HAND].setAccessibleName(self.hand_title.text().replace("\n", " "))
        self.views[Zone.HAND].setToolTip(self.tr(
            "Your 13 cards. Drag them into the rows, double-click one, or pick with the arrow keys "
            "and press 1, 2 or 3. Backspace returns a card from a row."))
        self.sort_rank_button.setText(self.tr("Sort by rank"))
        self.sort_rank_button.setToolTip(self.tr("Order the cards in your hand from ace down to two."))
        self.sort_suit_button.setText(self.tr("Sort by suit"))
        self.sort_suit_button.setToolTip(self.tr("Group the cards in your hand by suit."))
        self.return_button.setText(self.tr("Clear rows"))
        self.return_button.setToolTip(self.tr("Return every card from the rows to your hand."))
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Take back the last move (Ctrl+Z)."))
        self.redo_button.setText(self.tr("Redo"))
        self.redo_button.setToolTip(self.tr("Make the move you took back again (Ctrl+Y or Ctrl+Shift+Z)."))
        self.hint_button.setText(self.tr("Hint"))
        self.hint_button.setToolTip(self.tr("Ask the solver for the best arrangement of these cards "
                                            "(shown beside the table)."))
        self.surrender_button.setText(self.tr("Surrender"))
        self.surrender_button.setToolTip(self.tr("Give up this hand for a fixed payment instead of "
                                                 "showing it (house rule). Available once your rows "
                                                 "hold 3, 5 and 5 cards."))
        if self.controller.setup.criss_cross and self.controller.hand_index == 0:
            self.set_button.setText(self.tr("Set hand 1 of 2"))
        elif self.controller.setup.criss_cross:
            self.set_button.setText(self.tr("Set hand 2 of 2"))
        else:
            self.set_button.setText(self.tr("Set hand"))
        self.set_button.setToolTip(self.tr("Lock in your rows (3 / 5 / 5 cards) and show down "
                                           "against the bots."))
        self.status_line.retranslate()
        self.banner.setToolTip(self.tr("The rules check of your rows, updated on every move: "
                                       "bottom ≥ middle ≥ top is required."))
        for seat in self._seats:
            self._title_seat(seat)
        self.show_table_rules()
        # the widest of each control's texts, so that a change between them moves nothing
        self.deal_button.setText(self.tr("New deal"))  # one name, as in the Game menu
        if self.controller.setup.criss_cross:
            reserve_width(self.set_button, (self.tr("Set hand 1 of 2"), self.tr("Set hand 2 of 2")))
        else:
            self.set_button.setMinimumWidth(0)
        reserve_width(self.hand_title, (self.tr("Your hand"), fill(self.tr("Hand %1 of 2"), "1"),
                                        fill(self.tr("Hand %1 of 2"), "2")))
        self._update_buttons()
        self.status_line.show_score()
        if self.controller.phase is Phase.SETTING:
            self.controller.recheck()
        elif self.controller.showdown is not None:
            self.showdown.show_final(self.controller.showdown, reveal_rows=True)

    def show_table_rules(self) -> None:
        """The deal's table and the next deal's marker in the status bar (:class:`StatusLine`)."""
        self.status_line.show_rules()

    def fit_rules_line(self) -> None:
        """The status bar's rules line fitted again (its width or message changed)."""
        self.status_line.fit()

    def _title_seat(self, seat: OpponentSeat) -> None:
        setup = self.controller.setup
        bot = bot_label(setup.bot_at(1 if setup.criss_cross or seat.seat < 1 else seat.seat))
        if seat.seat == 0:  # Criss Cross: the player's own hand already set
            seat.set_title(self.tr("Your hand 1 (set)"),
                           self.tr("Your first hand, set; now set the second one below."))
            return
        if self.controller.setup.criss_cross:
            seat.set_title(fill(self.tr("Bot (%1), hand %2"), bot, str(seat.seat)),
                           fill(self.tr("Criss Cross: the bot's hand %1; each of your two hands plays "
                                        "against both of its hands. At the showdown each row says how your "
                                        "hand 1 and your hand 2 did against it: ✓ won, ✗ lost, = tied."),
                                str(seat.seat)))
            return
        seat.set_title(fill(self.tr("Bot %1 (%2)"), str(seat.seat), bot),
                       fill(self.tr("An opponent played by the %1 bot; its cards stay face down until "
                                    "the showdown."), bot))

    def _score_changed(self, _points: int, _hands: int) -> None:
        self.status_line.show_score()

    def set_animated(self, on: bool) -> None:
        """Animate the deal, the moves and the reveal (the setting), or show every change at once."""
        self.motion.enabled = self.flipper.enabled = on
        if not on:
            self.motion.finish()
            self.flipper.finish()

    # --- sizes --------------------------------------------------------------------------------

    def title_width(self) -> int:
        """The width of the titles left of the rows and the hand (in the current language): the
        window gives the cards what is left of its width."""
        labels = [self.hand_title, *self.row_titles.values()]
        return max(label.sizeHint().width() for label in labels)

    def set_card_height(self, height: int, seat_height: int, hand_height: int | None = None) -> None:
        """The cards' heights the window allows, the rows', the bots' and the hand's; fitted to
        the table's room (:meth:`TableFitter.set_card_height`)."""
        self.fitter.set_card_height(height, seat_height, hand_height)

    def rows_height(self) -> int:
        """The height of the rows' cards as fitted."""
        return self.fitter.rows_height()

    def spare_width(self) -> int:
        """The width the table leaves empty beside its rows and their names
        (:meth:`TableFitter.spare_width`): the window gives it to the solver's panel."""
        return self.fitter.spare_width()

    def event(self, event: QEvent) -> bool:
        """A child's room changed after the cards were fitted (a seat lays its words out once
        it has its width, after the table's resize): fit again, once for each new height (seats that
        grow after the fit must not leave the rows squeezed)."""
        if event.type() == QEvent.Type.LayoutRequest:
            QTimer.singleShot(0, self, self.fitter.refit_if_changed)
        return super().event(event)

    def refit(self) -> None:
        """Fit the cards again if a child's room changed since they were last fitted."""
        self.fitter.refit_if_changed()

    def fits(self) -> bool:
        """Everything has the room it needs (nothing squeezed into its neighbour)."""
        return self.fitter.fits()

    def _banner_samples(self) -> list[str]:
        """The banner's longest texts in the current language: the longest fouls of the table's
        rules (:func:`longest_fouls`), the first instruction, the legal hand."""
        lang = self.controller.setup.lang
        order = order_rule(self.controller.setup.rules, lang)
        return [*longest_fouls(self.controller.setup.rules, lang),
                fill(self.tr("Drag your cards from the hand below into the three rows (or "
                             "double-click a card). The rows must go %1."), order),
                fill(self.tr("Legal: the rows are in order (%1). Press Set hand when ready."), order),
                fill(self.tr("Legal: the rows are in order (%1).") + " " + self._marks_legend(), order)]

    def _banner_context(self) -> object:
        """What :meth:`_banner_samples` change with: the language and the table's rules."""
        return self.controller.setup.lang, self.controller.setup.rules, self.controller.setup.criss_cross

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitter.fit_height()
        # the seats lay their words out at their new width after this: measure again then
        QTimer.singleShot(0, self, self.fitter.refit_if_changed)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # the style sheet's fonts reach the labels when they are first shown: measure again then
        QTimer.singleShot(0, self, self.fitter.fit_height)

    def repaint_cards(self) -> None:
        """Draw every card again (the card style changed)."""
        for view in self.views.values():
            view.viewport().update()
        for seat in self._seats:
            seat.set_card_height(self.fitter.seat_height)

    # --- the deal and the live check ------------------------------------------------------------

    def _hand_locked(self, _index: int) -> None:
        """Criss Cross: the first hand is set; show it face up beside the bot's hands."""
        mine = OpponentSeat(0, self.renderer, self)
        mine.allow_below = False
        self.fitter.shape_seat(mine)
        self.seats_box.addWidget(mine)
        self._seats.append(mine)
        self._title_seat(mine)
        arr = self.controller.locked[-1]
        info = self.controller.locked_check()
        rows = info.rows if info is not None else None
        for r in range(3):
            name = row_name(rows[r], self.controller.setup.lang) if rows is not None else ""
            mine.reveal_row(r, arr.rows[r], name, "tied", "")
        self.retranslate()
        self._focus_hand()  # the keys go on working for the second hand (the Set button is off now)
        self.motion.deal_in(self.views[Zone.HAND])

    def _keep_keys(self) -> None:
        """After every move, undo, sort or clear the keys stay on a card (:func:`keep_keys`)."""
        keep_keys([self.views[Zone.HAND], *(self.views[z] for z in ROWS)])

    def _focus_hand(self) -> None:
        hand = self.views[Zone.HAND]
        hand.setFocus(Qt.FocusReason.OtherFocusReason)
        if hand.model().rowCount():
            hand.setCurrentIndex(hand.model().index(0, 0))

    def _dealt(self) -> None:
        self.showdown.stop()
        self.flipper.stop()  # no face of the last hand is painted over the new backs
        for seat in [s for s in self._seats if s.seat == 0]:
            self._seats.remove(seat)
            self.seats_box.removeWidget(seat)
            seat.deleteLater()
        want = len(self.controller.opponent_cards)
        while len(self._seats) > want:
            seat = self._seats.pop()
            self.seats_box.removeWidget(seat)
            seat.deleteLater()
        while len(self._seats) < want:
            seat = OpponentSeat(len(self._seats) + 1, self.renderer, self)
            self.fitter.shape_seat(seat)
            self.seats_box.addWidget(seat)
            self._seats.append(seat)
        for seat in self._seats:
            # Criss Cross adds the player's first hand as a seat mid-hand: the seats keep the
            # height of words beside the cards, so adding it moves nothing
            seat.allow_below = not self.controller.setup.criss_cross
            seat.set_card_height(self.fitter.seat_height)
            seat.face_down()
        self.retranslate()  # titles, the Set button and the hand's name follow the new deal's table
        self.result_label.clear()
        self.result_label.setToolTip("")
        for view in self.views.values():
            view.setEnabled(True)
        self._focus_hand()
        self._update_buttons()
        self.motion.deal_in(self.views[Zone.HAND])

    def _show_check(self, result: CheckResult) -> None:
        lang = self.controller.setup.lang
        offending = result.offending_rows
        for zone in ROWS:
            self.views[zone].set_foul(_ROW_OF_ZONE[zone] in offending)
            self.row_names[zone].setText(row_words(zone, self.deal.cards(zone), result, lang))
        state, text = self._banner_text(result)
        self.banner.setText(text)
        self.fitter.fit_height()
        show_banner(self.banner, state, text)
        self._update_buttons()

    def _banner_text(self, result: CheckResult) -> tuple[str, str]:
        """The banner's state (foul / legal / incomplete) and words for a live check."""
        lang = self.controller.setup.lang
        showdown = self.controller.showdown
        if self.controller.phase is Phase.SHOWDOWN and showdown is not None and showdown.surrendered:
            return "legal", self.tr("You surrendered: your rows are not compared and not scored.")
        if (not result.fouls and result.outcome is Outcome.LEGAL
                and self.controller.phase is not Phase.SETTING):
            order = order_rule(self.controller.setup.rules, lang)
            text = self.tr("Legal: the rows are in order (%1).") + " " + self._marks_legend()
            return "legal", fill(text, order)
        return banner_words(result, self.controller.setup.rules, len(self.deal.cards(Zone.HAND)),
                            len(self.deal.all_cards()), lang)

    def _marks_legend(self) -> str:
        """What the marks beside the bots' rows mean ("1 ✓ · 2 ✗")."""
        if self.controller.setup.criss_cross:
            return self.tr("Beside the bot's rows, \"1 ✓ · 2 ✗\" means your hand 1 won that row and "
                           "your hand 2 lost it (= a tie).")
        return self.tr("Beside the bots' rows: ✓ you won that row, ✗ you lost it, = a tie.")

    def _focus_step(self, step: int) -> None:
        step_focus(self.views, self.sender(), step)

    def _refused(self, _zone: int, message: str) -> None:
        self.statusMessage.emit(message, 5000)
        self.result_label.setToolTip("")
        self.result_label.setText(message)
        self.fitter.fit_height()

    def _update_buttons(self) -> None:
        c = self.controller
        waiting = c.waiting_for_bots()  # Set hand pressed: nothing changes the rows meanwhile
        setting = c.phase is Phase.SETTING and not waiting
        self.set_button.setEnabled(c.can_set() and not waiting)
        self.surrender_button.setVisible(c.setup.rules.surrender and not c.setup.criss_cross)
        self.surrender_button.setEnabled(c.can_surrender() and not waiting)
        self.hint_button.setEnabled(setting)
        self.undo_button.setEnabled(c.can_undo() and not waiting)
        self.redo_button.setEnabled(c.can_redo() and not waiting)
        self.sort_rank_button.setEnabled(not waiting)
        self.sort_suit_button.setEnabled(not waiting)
        self.return_button.setEnabled(setting)
        # At the showdown the hand is empty: its room goes to the rows, the banner and the result
        # (at 1024x700 a long foul explanation otherwise squeezed the rows into each other).
        show_hand = setting or bool(self.deal.cards(Zone.HAND))
        self.views[Zone.HAND].setVisible(show_hand)
        self.hand_title.setVisible(show_hand)
        self.fitter.fit_height()
        self.deal_button.setToolTip(self.tr("Deal 13 new cards to you and to each bot."))

    # --- setting the hand and the showdown ------------------------------------------------------

    def _ask(self, question: str) -> bool:
        """Yes / No (No is the default), titled by the question (a :class:`Question`) or as a
        foul's; asked of the window: a message box takes its colours, never the felt's."""
        title = question.heading if isinstance(question, Question) else self.tr("This hand fouls")
        answer = QMessageBox.question(self.window(), title, question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def set_hand(self) -> None:
        warning = self.controller.foul_warning()
        if warning is not None and not self.confirm(warning):
            return
        try:
            self.controller.set_hand()
        except Exception as exc:  # a bot that cannot play (missing tables...) must not crash the window
            text = fill(self.tr("The bots could not set their hands: %1"), str(exc))
            self.result_label.setText(text)
            self.fitter.fit_height()
        self._focus_after_set()

    def _bots_waiting(self, waiting: bool) -> None:
        """Set hand waits for the bots (a cold solver's first deal): the window stays responsive,
        says so, and the rows keep still until the showdown."""
        for view in self.views.values():
            view.setEnabled(not waiting)
        if waiting:
            self.result_label.setToolTip("")
            self.result_label.setText(self.tr("The bots are setting their hands…"))
        elif self.result_label.text() == self.tr("The bots are setting their hands…"):
            self.result_label.clear()
        self._update_buttons()
        self.fitter.fit_height()
        if not waiting:
            self._focus_after_set()

    def _bots_failed(self, reason: str) -> None:
        self.result_label.setText(fill(self.tr("The bots could not set their hands: %1"), reason))
        self.fitter.fit_height()

    def _focus_after_set(self) -> None:
        """At the showdown the keys wait on "New deal" (Space deals again), not on whatever widget
        Qt picks when the hand disappears; still setting (Criss Cross's second hand): on the hand."""
        if self.controller.phase is Phase.SHOWDOWN:
            self.deal_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def surrender(self) -> None:
        question = fill(self.tr("Surrender this hand and pay %1 to each opponent?"),
                        points(self.controller.setup.rules.effective_surrender_cost))
        if self.confirm(Question(question, self.tr("Surrender this hand?"))):
            self.controller.set_hand(surrender=True)
            self._focus_after_set()
