"""The solver beside the table: best arrangement, expected points, what your choice costs.

The solve runs on a worker thread (a ``QRunnable`` in the panel's own ``QThreadPool``) with a
progress bar and Cancel; the window stays responsive. Each answer remembers the 13 cards it was
asked about, so moving cards while it runs is fine: the answer is for that hand, and "Play the
solver's arrangement" only places it while the same 13 cards are on the table.

Verdicts are worded by the solver's accuracy: arrangements not significantly worse than the best
(within 2 paired standard errors) are "as good as the best", and a choice "costs" only what is
beyond that. Several questions can be asked at once (:meth:`SolverPanel.start_all`: Criss
Cross's two hands); buttons switch between their answers. Numbers follow the language's locale
(a decimal comma in Russian).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.fitted import needed_height
from cp_trainer.gui.numbers import integer, number, percent, signed
from cp_trainer.gui.progress import ProgressCancel
from cp_trainer.gui.solver.bridge import SolveCancelled, SolverAnswer, SolverQuestion, solve
from cp_trainer.gui.solver.mini_rows import MiniRows
from cp_trainer.gui.solver.panel_fit import PAIR_GAP, PanelCards, PanelFitter
from cp_trainer.gui.solver.pictures import BEST_COLOUR, YOURS_COLOUR, ChanceBars, CostScale
from cp_trainer.gui.solver.verdict_words import against, opponents_phrase, surrender_lines
from cp_trainer.gui.translation import current_language, fill
from cp_trainer.gui.worker import JobSlot, Worker
from cp_trainer.rules.arrangement import check_arrangement
from cp_trainer.support.i18n import tr_count

__all__ = ["SolverPanel"]

SolveFn = Callable[[SolverQuestion, Callable[[int, int], None], Callable[[], bool]], SolverAnswer]


def _warm_up(_progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> None:
    try:
        from cp_trainer.solver import warm_up

        warm_up()
    except Exception:  # the first real solve will report any problem
        pass




class SolverPanel(QFrame):
    """The solver's view of the hand. ``objectName`` is ``solverPanel``."""

    playRequested = Signal(object)  # Arrangement
    answered = Signal(object)  # SolverAnswer
    running = Signal(bool)

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None,
                 solve_fn: SolveFn = solve) -> None:
        super().__init__(parent)
        self.setObjectName("solverPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.solve_fn = solve_fn
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.jobs = JobSlot(self.pool, self)
        self.jobs.progress.connect(self._progress)
        self.jobs.finished.connect(self._finished)
        self.jobs.cancelled.connect(self._cancelled)
        self.jobs.failed.connect(self._failed)
        self._request: SolverQuestion | None = None  # what the current job solves
        self.answer: SolverAnswer | None = None
        self.answers: list[SolverAnswer] = []  # the answers of the last start_all, in its order
        self._queue: list[SolverQuestion] = []  # requests of the batch not started yet
        self._batch = 0  # how many requests the running batch has
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        self.title = QLabel(self)
        self.title.setObjectName("panelTitle")
        layout.addWidget(self.title)
        layout.addLayout(self._build_hand_buttons())
        # the answer at a glance: what the choice cost, in a line of its own (the numbers and
        # the pictures under it); the reasons in words on demand (Why?)
        layout.addLayout(self._build_verdict_line())
        self._status_answers = False  # the status line is the answer's (shown with the reasons)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        # before the first answer: what the panel will show (a third of the window otherwise blank)
        self.intro = QLabel(self)
        self.intro.setObjectName("solverIntro")
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.runner = ProgressCancel(self, bar_name="solverProgress", button_name="cancelButton")
        self.runner.cancelRequested.connect(self.cancel)
        self.progress, self.cancel_button = self.runner.bar, self.runner.cancel_button
        layout.addWidget(self.runner)
        # the best arrangement and, where it differs, yours beside it: the choice as a picture
        layout.addLayout(self._build_pair(renderer))
        self.figures = QLabel(self)
        self.figures.setWordWrap(True)
        self.figures.setObjectName("solverFigures")
        layout.addWidget(self.figures)
        # the cost of the player's choice as a scale, each row's chance to win as bars
        self.cost_scale = CostScale(self)
        self.cost_scale.setObjectName("costScale")
        layout.addWidget(self.cost_scale)
        layout.addLayout(self._build_rates())
        self.play_button = QPushButton(self)
        self.play_button.setObjectName("playSolverButton")
        self.play_button.clicked.connect(self._play)
        layout.addWidget(self.play_button)
        # the hindsight's cards under a caption of their own, like the best arrangement's, so they
        # say what they are; smaller than the best's when the height is short, so that nothing
        # is cut mid-card
        self._add_hindsight(layout, renderer)
        layout.addStretch(1)
        self.fitter = PanelFitter(self, PanelCards(
            best=self.best_rows, mine=self.mine_rows, hindsight=self.hindsight_rows,
            best_title=self.best_title, mine_title=self.mine_title,
            hindsight_title=self.hindsight_title, hindsight_words=self.hindsight), self._fill)
        self.reset()
        self.retranslate()

    def _add_hindsight(self, layout: QVBoxLayout, renderer: CardRenderer) -> None:
        """The hindsight's caption, its words and its cards, at the foot of ``layout``."""
        self.hindsight_title = QLabel(self)
        self.hindsight_title.setObjectName("hindsightTitle")
        layout.addWidget(self.hindsight_title)
        self.hindsight = QLabel(self)
        self.hindsight.setObjectName("hindsightLabel")
        self.hindsight.setWordWrap(True)
        layout.addWidget(self.hindsight)
        self.hindsight_rows = MiniRows(renderer, self)
        layout.addWidget(self.hindsight_rows)

    def _build_verdict_line(self) -> QHBoxLayout:
        """The verdict in words, and the Why? button beside it."""
        self.verdict = QLabel(self)
        self.verdict.setObjectName("solverVerdict")
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-weight: bold; font-size: 115%;")
        self.why_button = QPushButton(self)
        self.why_button.setObjectName("solverWhyButton")
        self.why_button.setCheckable(True)
        self.why_button.toggled.connect(self._show_why)
        verdict_line = QHBoxLayout()
        verdict_line.addWidget(self.verdict, 1)
        verdict_line.addWidget(self.why_button, 0, Qt.AlignmentFlag.AlignTop)
        return verdict_line

    def _build_hand_buttons(self) -> QHBoxLayout:
        """Criss Cross's two buttons, one per hand, that show that hand's answer."""
        hands = QHBoxLayout()
        self.hand_buttons: list[QPushButton] = []
        for i in range(2):
            button = QPushButton(self)
            button.setObjectName(f"solverHand{i + 1}")
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, i=i: self.show_answer(i))
            hands.addWidget(button)
            self.hand_buttons.append(button)
        hands.addStretch(1)
        return hands

    def _build_pair(self, renderer: CardRenderer) -> QGridLayout:
        """The best arrangement and, beside it, yours, each under its caption."""
        pair = QGridLayout()
        pair.setHorizontalSpacing(PAIR_GAP)
        pair.setVerticalSpacing(2)
        self.best_title = QLabel(self)
        pair.addWidget(self.best_title, 0, 0)
        self.best_rows = MiniRows(renderer, self)
        pair.addWidget(self.best_rows, 1, 0)
        self.mine_title = QLabel(self)
        self.mine_title.setObjectName("solverMineTitle")
        pair.addWidget(self.mine_title, 0, 1)
        self.mine_rows = MiniRows(renderer, self)
        pair.addWidget(self.mine_rows, 1, 1)
        pair.setColumnStretch(2, 1)
        return pair

    def _build_rates(self) -> QGridLayout:
        """Each row's chance to win, best and yours, in figures and bars; the points under them."""
        self.rates = QGridLayout()
        self.rates.setVerticalSpacing(0)  # a compact table: the hindsight below stays in view
        self._rate_labels = [[QLabel(self) for _ in range(3)] for _ in range(5)]
        for r, labels in enumerate(self._rate_labels):
            for col, lab in enumerate(labels):
                self.rates.addWidget(lab, r, col)
        # the points per hand, best and yours, under the chances (the same two columns)
        self.points_labels = [QLabel(self) for _ in range(3)]
        for col, lab in enumerate(self.points_labels):
            lab.setObjectName(f"solverPoints{col}")
            self.rates.addWidget(lab, 5, col)
        self.rate_bars = [ChanceBars(self) for _ in range(4)]  # top, middle, bottom, scoop
        for r, bars in enumerate(self.rate_bars):
            bars.setObjectName(f"chanceBars{r}")
            self.rates.addWidget(bars, r + 1, 3)
        self.rates.setColumnStretch(3, 1)
        self.rates.setHorizontalSpacing(4)  # the bars column costs the figures no width
        # the column heads in their bars' colours: "best" pale yellow, "yours" light blue
        self._rate_labels[0][1].setStyleSheet(f"color: {BEST_COLOUR.name()}; font-weight: bold;")
        self._rate_labels[0][2].setStyleSheet(f"color: {YOURS_COLOUR.name()}; font-weight: bold;")
        return self.rates

    # --- texts --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.title.setText(self.tr("Solver"))
        for i, button in enumerate(self.hand_buttons):
            button.setText(fill(self.tr("Hand %1"), str(i + 1)))
            button.setToolTip(fill(self.tr("The solver's verdict on your hand %1 of Criss Cross."),
                                   str(i + 1)))
        self.runner.set_tips(progress=self.tr("How many random opponent hands the solver has played out."),
                             cancel=self.tr("Stop the solver; the table is not affected."))
        self.why_button.setText(self.tr("Why?"))
        self.why_button.setToolTip(self.tr("The verdict in words: the deals the solver played, the "
                                           "arrangements as good as the best, the row that differs most."))
        self.play_button.setText(self.tr("Play the solver's arrangement"))
        self.play_button.setToolTip(self.tr("Put your cards into the rows the solver recommends "
                                            "(you can undo it)."))
        self.setToolTip(self.tr("The solver deals many random hands to the bots and scores every "
                                "sensible arrangement of your cards against them."))
        self.intro.setText(self.tr("The solver shows the best arrangement of your cards, the points it "
                                   "expects per hand, what your own arrangement costs and each row's "
                                   "chance to win; after the showdown, also the best in hindsight."))

        if self.answer is not None:
            self._show(self.answer)
        elif not self.jobs.is_running():
            self.status.setText(self.tr("Press Hint to see the best arrangement of your cards. "
                                        "After the showdown it is always shown."))

    # --- running ------------------------------------------------------------------------------

    def reset(self) -> None:
        """A new deal: forget the last answer."""
        self.cancel()
        self.answer = None
        self.answers = []
        self._show_hand_buttons()
        self.runner.stop()
        self.best_title.clear()
        self.best_rows.clear()
        self.best_rows.setVisible(False)
        self.mine_title.clear()
        self.mine_title.setVisible(False)
        self.mine_rows.clear()
        self.mine_rows.setVisible(False)
        self.figures.clear()
        self.verdict.clear()
        for lab in (*self.points_labels, *(lab for labels in self._rate_labels for lab in labels)):
            lab.clear()
        for bars in self.rate_bars:
            bars.set_values(None, None)
        self.cost_scale.set_cost(None)
        self.play_button.setVisible(False)
        self.hindsight.clear()
        self.hindsight_title.clear()
        self.hindsight_title.setVisible(False)
        self.hindsight_rows.clear()
        self.hindsight_rows.setVisible(False)
        self.intro.setVisible(True)
        self.status.setText(self.tr("Press Hint to see the best arrangement of your cards. "
                                    "After the showdown it is always shown."))
        self._status_answers = False
        self._apply_why()

    def is_running(self) -> bool:
        return self.jobs.is_running()

    def start(self, request: SolverQuestion) -> None:
        """Solve ``request`` in the background (a running solve is cancelled first)."""
        self.start_all([request])

    def start_all(self, requests: Sequence[SolverQuestion]) -> None:
        """Solve several questions one after the other (Criss Cross: each of the player's hands);
        each answer is shown as it arrives and emitted with :attr:`answered`; the Hand buttons
        switch between them."""
        self.cancel()
        if not requests:
            return
        self.answers = []
        self._batch = len(requests)
        self._show_hand_buttons()
        self._queue = list(requests[1:])
        self.running.emit(True)
        self._run(requests[0])

    def _run(self, request: SolverQuestion) -> None:
        solve_fn = self.solve_fn
        self._request = request
        self.jobs.start(lambda progress, cancelled: solve_fn(request, progress, cancelled),
                        cancel_errors=(SolveCancelled,))
        self.runner.start(request.samples)
        text = fill(self.tr("Solving: %1 random deals or more against %2…"),
                    integer(request.samples), opponents_phrase(request))
        if request.hand_number is not None:
            text = fill(self.tr("Hand %1: "), str(request.hand_number)) + text
        self.status.setText(text)
        self._status_answers = False
        self._apply_why()

    def cancel(self) -> None:
        self._queue = []
        if self.jobs.cancel():
            self._cancelled()

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread (the window is closing)."""
        self.cancel()
        self.jobs.shutdown()

    def _progress(self, done: int, total: int) -> None:
        request = self._request
        if request is None:
            return
        if done > request.samples:  # adaptive sampling beyond the minimum: no end known in advance
            self.runner.busy()
            text = fill(self.tr("Telling the best arrangements apart: %1 random deals so far…"),
                        number(done, 0))
            if request.hand_number is not None:
                text = fill(self.tr("Hand %1: "), str(request.hand_number)) + text
            self.status.setText(text)
            return
        self.runner.advance(done, total)

    def _finished(self, answer: SolverAnswer) -> None:
        self.answers.append(answer)
        self.answer = answer
        last = not self._queue
        if last:  # hidden before the answer is fitted: their room goes to the answer's words
            self.runner.stop()
        self._show_hand_buttons()
        self._show(answer)
        self.answered.emit(answer)
        if not last:
            self._run(self._queue.pop(0))
            return
        self.running.emit(False)

    def _cancelled(self) -> None:
        self._queue = []
        self.runner.stop()
        self.status.setText(self.tr("Solver cancelled."))
        self._status_answers = False
        self._apply_why()
        self.running.emit(False)

    def _failed(self, message: str) -> None:
        self._queue = []
        self.runner.stop()
        self.status.setText(fill(self.tr("The solver failed: %1"), message))
        self._status_answers = False
        self._apply_why()
        self.running.emit(False)

    # --- showing ------------------------------------------------------------------------------

    def show_answer(self, index: int) -> None:
        """Show the answer ``index`` of the last batch (a Hand button)."""
        if 0 <= index < len(self.answers):
            self.answer = self.answers[index]
            self._show(self.answer)
        self._show_hand_buttons()

    def _show_hand_buttons(self) -> None:
        many = self._batch > 1 and len(self.answers) > 0
        for i, button in enumerate(self.hand_buttons):
            button.setVisible(many)
            button.setEnabled(i < len(self.answers))
            button.setChecked(i < len(self.answers) and self.answers[i] is self.answer)

    def _show(self, a: SolverAnswer) -> None:
        self._fill(a)
        self.fit_cards()

    def _fill(self, a: SolverAnswer) -> None:
        """The answer's words, cards and pictures (sized by :meth:`fit_cards`)."""
        req = a.request
        status = fill(self.tr("For the hand %1 — %2 random deals against %3."),
                      " ".join(c.label() for c in sorted(req.cards, reverse=True)), integer(a.samples),
                      against(a))
        if req.hand_number is not None:
            cross = fill(self.tr("Criss Cross, your hand %1 of 2."), str(req.hand_number))
            status = cross + " " + status
        self.status.setText(status)
        self.best_title.setText(self.tr("Best arrangement:"))
        self.best_rows.setVisible(True)
        self.best_rows.show_arrangement(a.best.arrangement)
        beside = a.mine is not None and a.mine.arrangement != a.best.arrangement
        self.mine_title.setText(self.tr("Yours:") if beside else "")
        self.mine_title.setVisible(beside)
        self.mine_rows.setVisible(beside)
        if a.mine is not None and beside:
            self.mine_rows.show_arrangement(a.mine.arrangement)
        lines = [fill(self.tr("Best: %1 ± %2 points per hand"), signed(a.best.ev), number(a.best.stderr))]
        # Only the best is drawn: the others as good as it are counted, not called "these".
        others = len(a.equivalent) - 1
        lang = current_language()
        if others > 0 and number(a.spread) == number(0.0):
            lines.append(tr_count("solver.panel.same", others, lang, n=integer(others)))
        elif others > 0:
            lines.append(tr_count("solver.panel.within", others, lang, n=integer(others),
                                  spread=number(a.spread)))
        mine_fouls = a.mine is not None and check_arrangement(a.mine.arrangement, req.rules).fouled
        if a.mine is not None and mine_fouls and a.mine.stderr == 0:
            # a foul that scores the same in every deal: no "± 0.00" error bar to read
            lines.append(fill(self.tr("Yours is a foul: %1 points per hand, the same in every deal."),
                              signed(a.mine.ev)))
        elif a.mine is not None and mine_fouls:
            # royalties, naturals, a bot's surrender or its own foul change what a foul loses
            lines.append(fill(self.tr("Yours is a foul: %1 ± %2 points per hand on average; what it loses "
                                      "differs from deal to deal."),
                              signed(a.mine.ev), number(a.mine.stderr)))
        elif a.mine is not None:
            lines.append(fill(self.tr("Yours: %1 ± %2 points per hand"),
                              signed(a.mine.ev), number(a.mine.stderr)))
        if a.mine is not None:
            if a.mine.significant:
                digits = 3 if a.mine.loss < 0.1 else 2  # a small, sure loss: "0.012 ± 0.004"
                lines.append(fill(self.tr("This choice costs you %1 ± %2 points per hand."),
                                  number(a.mine.loss, digits), number(a.mine.loss_stderr, digits)))
            elif a.mine.loss == 0:
                lines.append(self.tr("Your arrangement is the solver's best."))
            else:
                lines.append(self.tr("Yours is as good as the best, within the solver's accuracy."))
        # the verdict: what the choice cost (or, with no arrangement of yours, what the best scores)
        self.verdict.setText(lines[-1] if a.mine is not None else lines[0])
        lines.extend(surrender_lines(a))
        self.figures.setText("\n".join(lines))
        self.cost_scale.set_cost(None if a.mine is None or mine_fouls else max(0.0, a.mine.loss))
        if a.mine is not None and not mine_fouls:
            self.cost_scale.setToolTip(self.tr("What your arrangement costs: empty is the solver's best, "
                                               "full is 2 points per hand or more."))
        self._show_rates(a)
        self._show_points(a)
        # Before the showdown the answer can be played; after it, it is for review only.
        self.play_button.setVisible(not req.actual)
        self._show_hindsight(a)
        self.intro.setVisible(False)
        self._status_answers = True
        self._apply_why()

    def _show_hindsight(self, a: SolverAnswer) -> None:
        """The best arrangement knowing the bots' actual hands, and what it and yours scored."""
        req = a.request
        if a.hindsight is not None:
            points = signed(a.hindsight_points or 0, 0)
            if req.hand_number is not None:
                text = fill(self.tr("Hindsight for your hand %1 against both of the bot's hands "
                                    "(not advice): the best arrangement would have scored %2"),
                            str(req.hand_number), points)
            else:
                text = fill(self.tr("Hindsight (knowing the bots' actual hands — not advice): the best "
                                    "arrangement would have scored %1"), points)
            if a.mine_hindsight_points is not None:
                text += fill(self.tr("; yours scored %1"), signed(a.mine_hindsight_points, 0))
            self.hindsight.setText(text + ".")
            self.hindsight_title.setText(self.tr("Best in hindsight:"))
            self.hindsight_title.setVisible(True)
            self.hindsight_rows.setVisible(True)
            self.hindsight_rows.show_arrangement(a.hindsight)
        else:
            self.hindsight.clear()
            self.hindsight_title.clear()
            self.hindsight_title.setVisible(False)
            self.hindsight_rows.setVisible(False)

    def _show_points(self, a: SolverAnswer) -> None:
        """The points per hand, best and yours, on the last line of the chances' table."""
        self.points_labels[0].setText(self.tr("points"))
        self.points_labels[0].setToolTip(self.tr("Points per hand on average, best and yours."))
        self.points_labels[1].setText(signed(a.best.ev))
        self.points_labels[2].setText(signed(a.mine.ev) if a.mine is not None else "")
        if not self._rate_labels[0][1].text():  # no chances: the columns' heads still say whose
            self._rate_labels[0][1].setText(self.tr("best"))
            self._rate_labels[0][2].setText(self.tr("yours") if a.mine is not None else "")

    def _apply_why(self) -> None:
        """The verdict alone, or with its reasons in words (Why? pressed); the status line while
        it says something else (solving, cancelled, failed, what to press)."""
        why = self.why_button.isChecked()
        answered = self._status_answers
        self.status.setVisible(why or not answered)
        self.figures.setVisible(why and answered)
        self.verdict.setVisible(answered and bool(self.verdict.text()))
        self.why_button.setVisible(answered)

    def _show_why(self, _checked: bool) -> None:
        self._apply_why()
        self.fit_cards()

    def _show_rates(self, a: SolverAnswer) -> None:
        labels = self._rate_labels
        for row in labels:
            for lab in row:
                lab.clear()
        for bars in self.rate_bars:
            bars.set_values(None, None)
        if a.best.row_win is None:
            return
        labels[0][0].setText(self.tr("Chance to win"))
        labels[0][1].setText(self.tr("best"))
        labels[0][2].setText(self.tr("yours") if a.mine is not None and a.mine.row_win else "")
        names = (self.tr("top"), self.tr("middle"), self.tr("bottom"))
        for r, name in enumerate(names):
            labels[r + 1][0].setText(name)
            labels[r + 1][1].setText(percent(a.best.row_win[r]))
            yours = a.mine.row_win[r] if a.mine is not None and a.mine.row_win is not None else None
            if yours is not None:
                labels[r + 1][2].setText(percent(yours))
            self.rate_bars[r].set_values(a.best.row_win[r], yours)
        if a.mine is not None and a.mine.row_win is not None and a.mine.arrangement != a.best.arrangement:
            gaps = [a.best.row_win[r] - a.mine.row_win[r] for r in range(3)]
            r = max(range(3), key=lambda i: abs(gaps[i]))
            if abs(gaps[r]) >= 0.05:
                self.figures.setText(self.figures.text() + "\n" + fill(self.tr(
                    "The biggest difference: the solver's %1 row wins %2 of the time, yours %3."),
                    names[r], percent(a.best.row_win[r]), percent(a.mine.row_win[r])))
        if a.best.scoop is not None:
            labels[4][0].setText(self.tr("scoop"))
            labels[4][1].setText(percent(a.best.scoop))
            scoop = a.mine.scoop if a.mine is not None and a.mine.scoop is not None else None
            if scoop is not None:
                labels[4][2].setText(percent(scoop))
            self.rate_bars[3].set_values(a.best.scoop, scoop)


    def set_card_height(self, height: int) -> None:
        """The small cards ``height`` pixels high (from the panel's width, set by the window), or
        lower where the panel's height needs it (:meth:`fit_cards`)."""
        self.fitter.wanted_height = height
        self.fit_cards()

    def needed_height(self) -> int:
        """The least height of the panel's content at its width, as its layout gives it (the
        word-wrapped texts at their height for the width)."""
        return needed_height(self)

    def fit_cards(self) -> None:
        """The cards as large as the panel's room allows (:class:`PanelFitter`)."""
        self.fitter.fit(self.answers, self.answer)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_cards()

    def card_height(self) -> int:
        return self.best_rows.card_height

    def repaint_cards(self) -> None:
        """Draw the small cards again (the card style changed)."""
        if self.answer is not None:
            self._show(self.answer)

    def warm_up(self) -> None:
        """Load the solver's tables and compiled kernels in the background, so that the first
        Hint answers at full speed."""
        Worker(_warm_up).start(self.pool)

    def _play(self) -> None:
        if self.answer is not None:
            self.playRequested.emit(self.answer.best.arrangement)

