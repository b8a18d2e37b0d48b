"""A past hand from the history, replayed on the trainer's table, and "try again" from it.

:class:`ReplayBar` is a strip above the table saying that a past hand is shown (its date), what
the stored record and the rules core's settlement now disagree on, if anything, and — after
"Try again" — how the new result compares with the old one ("last time: −4, now: +2"). Its
buttons: "Try again" (the same 13 cards, the same bot hands, the same house rules) and "Back to
the game" (an ordinary new deal).

:class:`Replay` wires it: :meth:`Replay.show_record` settles a :class:`HandRecord` again with the
rules core (:func:`replay_record`), the controller puts it on the table
(:meth:`TrainerController.show_past`) and the table's own showdown presentation reveals it; the
solver panel shows the solver's arrangement stored with the hand and its verdict (no new solve).
The verdict is worded by the rule the panel used when the hand was played: "cost you X ± e" only
when the loss is beyond twice its paired standard error, stored with it (schema 7), else "as good
as the best, within the solver's accuracy". It is stored rather than solved again because the
window's adaptive solve stops on a time budget, so a new solve need not repeat the verdict the
player saw, and a replay opens at once. No rule is decided here: every figure comes from the
core's settlement, every foul text from the core.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMainWindow, QPushButton, QVBoxLayout, QWidget

from cp_trainer.gui.numbers import number, points, signed
from cp_trainer.gui.practice.history_model import played_at_text
from cp_trainer.gui.solver.bridge import StoredVerdict, stored_verdict
from cp_trainer.gui.solver.panel import SolverPanel
from cp_trainer.gui.table.controller import Showdown, TrainerController
from cp_trainer.gui.table.widget import TableWidget
from cp_trainer.gui.translation import fill, follow_language
from cp_trainer.history import HandRecord, RecordError
from cp_trainer.history.replay import ReplayedHand, replay_record
from cp_trainer.rules.arrangement import Arrangement, ArrangementParseError

__all__ = ["Replay", "ReplayBar", "install_replay"]

_BAR_STYLE = """
QFrame#replayBar { background: #fff4d6; border: 2px solid #b8860b; border-radius: 6px; }
QFrame#replayBar QLabel { color: #2b2100; background: transparent; font-size: 14px; }
QLabel#replayTitle { font-weight: bold; }
"""


def _when(record: HandRecord) -> str:
    """The hand's time, local, in the language's short format, as the History's table shows it,
    so that the banner and the History write one hand's time alike."""
    return played_at_text(record.played_at)


class ReplayBar(QFrame):
    """The strip over the table while a past hand (or its try again) is on it."""

    tryAgainRequested = Signal()
    backRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("replayBar")
        self.setStyleSheet(_BAR_STYLE)
        self.title = QLabel(self)
        self.title.setObjectName("replayTitle")
        self.title.setWordWrap(True)
        self.details = QLabel(self)
        self.details.setObjectName("replayDetails")
        self.details.setWordWrap(True)
        self.compare = QLabel(self)
        self.compare.setObjectName("replayCompare")
        self.compare.setWordWrap(True)
        self.try_button = QPushButton(self)
        self.try_button.setObjectName("replayTryAgainButton")
        self.try_button.clicked.connect(self.tryAgainRequested.emit)
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("replayBackButton")
        self.back_button.clicked.connect(self.backRequested.emit)
        texts = QVBoxLayout()
        texts.setSpacing(2)
        for lab in (self.title, self.details, self.compare):
            texts.addWidget(lab)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addLayout(texts, 1)
        layout.addWidget(self.try_button)
        layout.addWidget(self.back_button)
        self.retranslate()
        self.setVisible(False)

    def retranslate(self) -> None:
        self.try_button.setText(self.tr("Try again"))
        self.try_button.setToolTip(self.tr("Deal the same 13 cards against the same bot hands, under the "
                                           "same house rules, and set them anew."))
        self.back_button.setText(self.tr("Back to the game"))
        self.back_button.setToolTip(self.tr("Leave the past hand and deal a new one under your settings."))

    # --- texts for the states -----------------------------------------------------------------

    def show_review(self, replayed: ReplayedHand) -> None:
        record = replayed.record
        self.title.setText(fill(self.tr("Past hand of %1 — shown as it was played (read-only)."),
                                _when(record)))
        lines = [self.tr("Your rows, the bots' hands and the points, settled again by the rules under "
                         "the house rules of that hand. Press Try again to set these 13 cards anew.")]
        if replayed.criss_cross_hand is not None:
            lines.append(fill(self.tr("Criss Cross: your hand %1 of 2; the two bot seats are the bot's two "
                                      "hands."), str(replayed.criss_cross_hand)))
        if replayed.surrendered:
            lines.append(self.tr("You surrendered this hand."))
        self.details.setText("\n".join(lines))
        self.details.setVisible(True)
        self.compare.setText(self._differences(replayed))
        self.compare.setVisible(bool(self.compare.text()))
        self.try_button.setVisible(True)
        self.setVisible(True)

    def _differences(self, replayed: ReplayedHand) -> str:
        parts = []
        for d in replayed.differences:
            if d.what == "points":
                what = fill(self.tr("points against bot %1"), str(d.seat))
            elif d.what == "total":
                what = self.tr("total")
            else:
                what = self.tr("fouls")
            parts.append(fill(self.tr("%1: stored %2, settled now %3"), what, d.stored, d.now))
        if not parts:
            return ""
        return fill(self.tr("The stored record differs from the rules' settlement now (shown on the "
                            "table): %1."), "; ".join(parts))

    def show_retry(self, replayed: ReplayedHand) -> None:
        self.title.setText(fill(self.tr("Trying again: the hand of %1."), _when(replayed.record)))
        last = points(replayed.total, signed=True)
        self.details.setText(fill(self.tr("The same 13 cards against the same bot hands, under the same "
                                          "house rules. Last time: %1."), last))
        self.details.setVisible(True)
        self.compare.clear()
        self.compare.setVisible(False)
        self.try_button.setVisible(False)
        self.setVisible(True)

    def show_comparison(self, replayed: ReplayedHand, showdown: Showdown) -> None:
        before, now = replayed.total, showdown.total
        change = now - before
        if change > 0:
            verdict = fill(self.tr("%1 better"), points(change))
        elif change < 0:
            verdict = fill(self.tr("%1 worse"), points(-change))
        else:
            verdict = self.tr("the same result")
        self.compare.setText(fill(self.tr("Last time: %1, now: %2 (%3)."),
                                  signed(before, 0), signed(now, 0), verdict))
        self.details.setVisible(False)  # the comparison says it all, and the strip keeps its height
        self.compare.setVisible(True)
        self.try_button.setVisible(True)


class Replay(QObject):
    """Shows past hands on the table of ``controller``: the ``table`` reveals them, the
    ``solver_panel`` shows the stored verdict, the ``window``'s status bar says what went wrong."""

    def __init__(self, window: QMainWindow, bar: ReplayBar, controller: TrainerController,
                 table: TableWidget, solver_panel: SolverPanel) -> None:
        super().__init__(window)
        self.window = window
        self.bar = bar
        self.controller = controller
        self.table = table
        self.solver_panel = solver_panel
        self.controller.pastShown.connect(self._past_shown)
        self.controller.dealt.connect(self._dealt)
        self.controller.showdownReady.connect(self._showdown)
        bar.tryAgainRequested.connect(self.try_again)
        bar.backRequested.connect(lambda: self.controller.new_deal())

    def replayed(self, record: HandRecord) -> ReplayedHand | None:
        """The record settled again by the core, or None (the status bar says why)."""
        try:
            return replay_record(record)
        except RecordError as exc:
            text = fill(self.tr("This hand cannot be shown on the table: %1"), str(exc))
            self.window.statusBar().showMessage(text, 10000)
            return None

    def show_record(self, record: HandRecord) -> bool:
        """Put a stored hand on the table, read-only."""
        replayed = self.replayed(record)
        if replayed is None:
            return False
        self.controller.show_past(replayed)
        return True

    def try_again_record(self, record: HandRecord) -> bool:
        """Deal a stored hand's 13 cards again against its bot hands, under its house rules."""
        replayed = self.replayed(record)
        return replayed is not None and self.controller.try_again(replayed)

    def try_again(self) -> None:
        self.controller.try_again()

    # --- following the controller -------------------------------------------------------------

    def _past_shown(self, showdown: Showdown) -> None:
        replayed = self.controller.past
        if replayed is None:
            return
        self.table.start_reveal(showdown)  # the table's own showdown presentation
        self.show_stored_solver()
        self.bar.show_review(replayed)
        self.bar.try_button.setFocus(Qt.FocusReason.OtherFocusReason)  # Space plays it again

    def _dealt(self) -> None:
        if self.controller.retry_of is not None:
            self.bar.show_retry(self.controller.retry_of)
        elif self.controller.past is None:
            self.bar.setVisible(False)

    def _showdown(self, showdown: Showdown) -> None:
        if self.controller.retry_of is not None:
            self.bar.show_comparison(self.controller.retry_of, showdown)

    def show_stored_solver(self) -> None:
        """The solver panel: the solver's arrangement and EVs stored with the past hand."""
        replayed = self.controller.past
        if replayed is None:
            return
        record = replayed.record
        panel = self.solver_panel
        panel.reset()
        panel.status.setText(self.tr("A past hand: the solver's verdict as stored with it."))
        arrangement: Arrangement | None = None
        if record.solver_arrangement:
            try:
                arrangement = Arrangement.parse(record.solver_arrangement)
            except ArrangementParseError:
                arrangement = None
        if arrangement is None:
            panel.figures.setText(self.tr("The solver's verdict was not stored with this hand."))
            return
        panel.best_title.setText(self.tr("The solver's arrangement then:"))
        panel.best_rows.setVisible(True)
        panel.best_rows.show_arrangement(arrangement)
        lines = []
        if record.solver_ev is not None:
            lines.append(fill(self.tr("Best: %1 points per hand"), signed(record.solver_ev)))
        if record.player_ev is not None:
            lines.append(fill(self.tr("Yours: %1 points per hand"), signed(record.player_ev)))
        lines.extend(self._verdict_lines(record))
        panel.figures.setText("\n".join(lines))

    def _verdict_lines(self, record: HandRecord) -> list[str]:
        """What the choice cost, said as the panel said it then: a cost only beyond the solver's
        accuracy (the loss's paired standard error, stored with the verdict)."""
        verdict, loss = stored_verdict(record), record.ev_lost
        if verdict is None or loss is None:
            return []
        if verdict is StoredVerdict.BEST:
            return [self.tr("Your arrangement was the solver's best.")]
        if verdict is StoredVerdict.EQUAL:
            return [self.tr("Yours was as good as the best, within the solver's accuracy.")]
        digits = 3 if loss < 0.1 else 2
        if verdict is StoredVerdict.COST and record.loss_stderr is None:  # an older hand, a large loss
            return [fill(self.tr("This choice cost you %1 points per hand."), number(loss, digits))]
        if verdict is StoredVerdict.COST and record.loss_stderr is not None:
            return [fill(self.tr("This choice cost you %1 ± %2 points per hand."),
                         number(loss, digits), number(record.loss_stderr, digits))]
        return [fill(self.tr("Yours scored %1 points per hand less than the best; the solver's accuracy was "
                             "not stored with this hand, so that may be within it."), number(loss, digits))]

    def retranslate(self) -> None:
        """Texts in the new language (after the solver panel reset its own)."""
        c = self.controller
        if c.past is not None:
            self.bar.show_review(c.past)
            self.show_stored_solver()
        elif c.retry_of is not None:
            self.bar.show_retry(c.retry_of)
            if c.showdown is not None:
                self.bar.show_comparison(c.retry_of, c.showdown)


def install_replay(window: QMainWindow, controller: TrainerController, table: TableWidget,
                   solver_panel: SolverPanel) -> Replay:
    """The replay strip and its wiring; the window puts ``replay.bar`` above the table."""
    return Replay(window, ReplayBar(window), controller, table, solver_panel)
