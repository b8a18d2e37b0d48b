"""The solver beside the table: best arrangement, expected points, what your choice costs.

The solve runs on a worker thread (a ``QRunnable`` in the panel's own ``QThreadPool``) with a
progress bar and Cancel; the window stays responsive. Each answer remembers the 13 cards it was
asked about, so moving cards while it runs is fine: the answer is for that hand, and "Play the
solver's arrangement" only places it while the same 13 cards are on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRunnable, QSize, QThreadPool, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.arrangement import Arrangement
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.solver.bots import bot_label
from cp_trainer.gui.solver.bridge import SolveCancelled, SolverAnswer, SolveRequest, solve
from cp_trainer.gui.worker import Worker

__all__ = ["SolverPanel"]

SolveFn = Callable[[SolveRequest, Callable[[int, int], None], Callable[[], bool]], SolverAnswer]


class _WarmUp(QRunnable):
    def run(self) -> None:
        try:
            from cp_trainer.solver import warm_up

            warm_up()
        except Exception:  # the first real solve will report any problem
            pass


#: The solver's small cards: big enough to read the rank at a glance, five fit the panel's width.
MINI_CARD_HEIGHT = 46


class _MiniRows(QWidget):
    """An arrangement as three rows of small cards."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self._labels: list[list[QLabel]] = []
        for n in (3, 5, 5):
            row = QHBoxLayout()
            row.setSpacing(2)
            labels = [QLabel(self) for _ in range(n)]
            for lab in labels:
                row.addWidget(lab)
            row.addStretch(1)
            layout.addLayout(row)
            self._labels.append(labels)
        self.clear()

    def clear(self) -> None:
        for labels in self._labels:
            for lab in labels:
                lab.clear()
                lab.setFixedSize(card_size(MINI_CARD_HEIGHT))

    def show_arrangement(self, arr: Arrangement) -> None:
        size: QSize = card_size(MINI_CARD_HEIGHT)
        for labels, cards in zip(self._labels, arr.rows, strict=True):
            for lab, card in zip(labels, cards, strict=False):
                lab.setPixmap(self.renderer.pixmap(card, size, self.devicePixelRatioF()))
                lab.setToolTip(card.pretty())


def _signed(x: float) -> str:
    return f"{x:+.2f}"


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
        self._alive: set[Worker] = set()
        self.worker: Worker | None = None
        self.answer: SolverAnswer | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        self.title = QLabel(self)
        self.title.setObjectName("panelTitle")
        layout.addWidget(self.title)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        bar = QHBoxLayout()
        self.progress = QProgressBar(self)
        self.progress.setObjectName("solverProgress")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.clicked.connect(self.cancel)
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.cancel_button)
        layout.addLayout(bar)
        self.best_title = QLabel(self)
        layout.addWidget(self.best_title)
        self.best_rows = _MiniRows(renderer, self)
        layout.addWidget(self.best_rows)
        self.figures = QLabel(self)
        self.figures.setWordWrap(True)
        self.figures.setObjectName("solverFigures")
        layout.addWidget(self.figures)
        self.rates = QGridLayout()
        self.rates.setVerticalSpacing(0)  # a compact table: the hindsight below stays in view
        layout.addLayout(self.rates)
        self._rate_labels = [[QLabel(self) for _ in range(3)] for _ in range(5)]
        for r, labels in enumerate(self._rate_labels):
            for col, lab in enumerate(labels):
                self.rates.addWidget(lab, r, col)
        self.play_button = QPushButton(self)
        self.play_button.setObjectName("playSolverButton")
        self.play_button.clicked.connect(self._play)
        layout.addWidget(self.play_button)
        self.hindsight = QLabel(self)
        self.hindsight.setObjectName("hindsightLabel")
        self.hindsight.setWordWrap(True)
        layout.addWidget(self.hindsight)
        self.hindsight_rows = _MiniRows(renderer, self)
        layout.addWidget(self.hindsight_rows)
        layout.addStretch(1)
        self.reset()
        self.retranslate()

    # --- texts --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.title.setText(self.tr("Solver"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the solver; the table is not affected."))
        self.progress.setToolTip(self.tr("How many random opponent hands the solver has played out."))
        self.play_button.setText(self.tr("Play the solver's arrangement"))
        self.play_button.setToolTip(self.tr("Put your cards into the rows the solver recommends "
                                            "(you can undo it)."))
        self.setToolTip(self.tr("The solver deals many random hands to the bots and scores every "
                                "sensible arrangement of your cards against them."))
        if self.answer is not None:
            self._show(self.answer)
        elif self.worker is None:
            self.status.setText(self.tr("Press Hint to see the best arrangement of your cards. "
                                        "After the showdown it is shown always."))

    # --- running ------------------------------------------------------------------------------

    def reset(self) -> None:
        """A new deal: forget the last answer."""
        self.cancel()
        self.answer = None
        self.progress.setValue(0)
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.best_title.clear()
        self.best_rows.clear()
        self.best_rows.setVisible(False)
        self.figures.clear()
        for labels in self._rate_labels:
            for lab in labels:
                lab.clear()
        self.play_button.setVisible(False)
        self.hindsight.clear()
        self.hindsight_rows.clear()
        self.hindsight_rows.setVisible(False)
        self.status.setText(self.tr("Press Hint to see the best arrangement of your cards. "
                                    "After the showdown it is shown always."))

    def is_running(self) -> bool:
        return self.worker is not None

    def start(self, request: SolveRequest) -> None:
        """Solve ``request`` in the background (a running solve is cancelled first)."""
        self.cancel()
        solve_fn = self.solve_fn
        worker = Worker(lambda progress, cancelled: solve_fn(request, progress, cancelled),
                        cancel_errors=(SolveCancelled,))
        worker.signals.progress.connect(self._progress)
        worker.signals.finished.connect(lambda a, w=worker: self._finished(w, a))
        worker.signals.cancelled.connect(lambda w=worker: self._cancelled(w))
        worker.signals.failed.connect(lambda m, w=worker: self._failed(w, m))
        # The pool runs the worker without owning its Python object: keep it alive until its
        # run() is over, also after a Cancel (or the thread would run a collected object).
        self._alive.add(worker)
        worker.signals.done.connect(lambda w=worker: self._alive.discard(w))
        self.worker = worker
        self.progress.setRange(0, max(1, request.samples))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.status.setText(self.tr("Solving: %1 random deals against the %2 bot…")
                            .replace("%1", str(request.samples)).replace("%2", bot_label(request.bot)))
        self.running.emit(True)
        self.pool.start(worker)

    def cancel(self) -> None:
        worker = self.worker
        if worker is not None:
            worker.cancel()
            self.worker = None
            self.progress.setVisible(False)
            self.cancel_button.setVisible(False)
            self.status.setText(self.tr("Solver cancelled."))
            self.running.emit(False)

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread (the window is closing)."""
        self.cancel()
        self.pool.waitForDone()

    def _progress(self, done: int, total: int) -> None:
        if self.worker is None:
            return
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _finished(self, worker: Worker, answer: SolverAnswer) -> None:
        if worker is not self.worker:
            return  # an answer nobody waits for any more
        self.worker = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.answer = answer
        self._show(answer)
        self.running.emit(False)
        self.answered.emit(answer)

    def _cancelled(self, worker: Worker) -> None:
        if worker is self.worker:
            self.cancel()

    def _failed(self, worker: Worker, message: str) -> None:
        if worker is not self.worker:
            return
        self.worker = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.status.setText(self.tr("The solver failed: %1").replace("%1", message))
        self.running.emit(False)

    # --- showing ------------------------------------------------------------------------------

    def _show(self, a: SolverAnswer) -> None:
        req = a.request
        self.status.setText(self.tr("For the hand %1 — %2 random deals against %3 × %4 bot.")
                            .replace("%1", " ".join(c.pretty() for c in sorted(req.cards, reverse=True)))
                            .replace("%2", str(a.samples)).replace("%3", str(req.opponents))
                            .replace("%4", bot_label(req.bot)))
        self.best_title.setText(self.tr("Best arrangement:"))
        self.best_rows.setVisible(True)
        self.best_rows.show_arrangement(a.best.arrangement)
        lines = [self.tr("Best: %1 ± %2 points per hand").replace("%1", _signed(a.best.ev))
                 .replace("%2", f"{a.best.stderr:.2f}")]
        if a.mine is not None:
            lines.append(self.tr("Yours: %1 ± %2 points per hand").replace("%1", _signed(a.mine.ev))
                         .replace("%2", f"{a.mine.stderr:.2f}"))
            cost = a.best.ev - a.mine.ev
            if a.mine.arrangement == a.best.arrangement or cost <= 0.005:
                lines.append(self.tr("Your arrangement is the solver's best."))
            else:
                lines.append(self.tr("This choice costs you %1 points per hand.")
                             .replace("%1", f"{cost:.2f}"))
        self.figures.setText("\n".join(lines))
        self._show_rates(a)
        # Before the showdown the answer can be played; after it, it is for review only.
        self.play_button.setVisible(not req.actual)
        if a.hindsight is not None:
            text = self.tr("Hindsight (knowing the bots' actual hands — not advice): the best "
                           "arrangement would have scored %1").replace("%1", f"{a.hindsight_points:+d}")
            if a.mine_hindsight_points is not None:
                text += self.tr("; yours scored %1").replace("%1", f"{a.mine_hindsight_points:+d}")
            self.hindsight.setText(text + ".")
            self.hindsight_rows.setVisible(True)
            self.hindsight_rows.show_arrangement(a.hindsight)
        else:
            self.hindsight.clear()
            self.hindsight_rows.setVisible(False)

    def _show_rates(self, a: SolverAnswer) -> None:
        labels = self._rate_labels
        for row in labels:
            for lab in row:
                lab.clear()
        if a.best.row_win is None:
            return
        labels[0][0].setText(self.tr("Chance to win"))
        labels[0][1].setText(self.tr("best"))
        labels[0][2].setText(self.tr("yours") if a.mine is not None and a.mine.row_win else "")
        names = (self.tr("top"), self.tr("middle"), self.tr("bottom"))
        for r, name in enumerate(names):
            labels[r + 1][0].setText(name)
            labels[r + 1][1].setText(f"{a.best.row_win[r]:.0%}")
            if a.mine is not None and a.mine.row_win is not None:
                labels[r + 1][2].setText(f"{a.mine.row_win[r]:.0%}")
        if a.mine is not None and a.mine.row_win is not None and a.mine.arrangement != a.best.arrangement:
            gaps = [a.best.row_win[r] - a.mine.row_win[r] for r in range(3)]
            r = max(range(3), key=lambda i: abs(gaps[i]))
            if abs(gaps[r]) >= 0.05:
                self.figures.setText(self.figures.text() + "\n" + self.tr(
                    "The biggest difference is the %1 row: the solver's wins %2 of the time, yours %3.")
                    .replace("%1", names[r]).replace("%2", f"{a.best.row_win[r]:.0%}")
                    .replace("%3", f"{a.mine.row_win[r]:.0%}"))
        if a.best.scoop is not None:
            labels[4][0].setText(self.tr("scoop"))
            labels[4][1].setText(f"{a.best.scoop:.0%}")
            if a.mine is not None and a.mine.scoop is not None:
                labels[4][2].setText(f"{a.mine.scoop:.0%}")


    def repaint_cards(self) -> None:
        """Draw the small cards again (the card style changed)."""
        if self.answer is not None:
            self._show(self.answer)

    def warm_up(self) -> None:
        """Load the solver's tables and compiled kernels in the background, so that the first
        Hint answers at full speed."""
        self.pool.start(_WarmUp())

    def _play(self) -> None:
        if self.answer is not None:
            self.playRequested.emit(self.answer.best.arrangement)

