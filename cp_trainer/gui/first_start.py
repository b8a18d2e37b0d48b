"""The window's first start: the solver is made ready in the background, and says so while it
compiles.

On a fresh install Numba compiles the solver's kernels the first time they run: 15 to 60 s
(:mod:`cp_trainer.precompile`). :class:`SolverPreparation` starts with the window:

1. off the GUI thread, it asks whether the kernels must be compiled
   (:func:`cp_trainer.solver.needs_compiling`: no when they are in the cache);
2. if so, it runs ``python -m cp_trainer.precompile --progress`` as a child process, and the
   window shows a notice in the status bar (visible on every page) and in the solver panel: what
   is being done, that it happens once, a progress bar and the seconds so far. A child process,
   not a thread: the compiler then never holds this process's interpreter lock, so the window
   stays as quick as ever, the table's bots keep setting hands without the compiled code, and
   closing the window ends the child at once (what it compiled so far stays cached);
3. then, in a worker thread, it loads the compiled kernels into this process
   (:func:`cp_trainer.solver.warm_up`: about a second from the cache), so the first Hint
   answers at full speed.

Throughout, :data:`~cp_trainer.gui.solver.bridge.PREPARATION` is under way: a Hint (or the
showdown's review) asked meanwhile waits for it and can be cancelled. When no folder can keep the
compiled code, or the child cannot run, the kernels compile in the worker thread instead (the
notice shows that too). Texts come from the ``firststart.*`` catalog keys.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QProcess, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QMainWindow, QProgressBar, QWidget

from cp_trainer.gui.solver.bridge import PREPARATION, Preparation
from cp_trainer.gui.translation import current_language, follow_language
from cp_trainer.gui.worker import Job, Worker
from cp_trainer.support.i18n import tr

if TYPE_CHECKING:
    from cp_trainer.gui.main_window import MainWindow

__all__ = ["SolverPreparation", "Stage", "prepare_solver"]

#: the child that compiles: each line ``progress DONE TOTAL``
COMPILE_COMMAND = [sys.executable, "-m", "cp_trainer.precompile", "--progress"]
#: seconds a step of weight 1 is expected to take (the weights are a first compile's seconds on a
#: quiet machine, 100 in all; a busy one takes longer)
SECONDS_PER_WEIGHT = 0.5
#: how long closing the window waits for the child to stop
STOP_WAIT_MS = 3000


class Stage(Enum):
    CHECKING = "checking"  # is a compile needed? (a fraction of a second)
    COMPILING = "compiling"  # the notice is shown
    LOADING = "loading"  # the compiled kernels load into this process
    READY = "ready"
    FAILED = "failed"  # the solver will compile on first use (and say why it failed then)


def _needs_compiling() -> bool:
    from cp_trainer.solver import needs_compiling

    return needs_compiling()


def _caching() -> bool:
    from cp_trainer.solver.numba_cache import caching

    return caching()


def _load(_progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> None:
    from cp_trainer.solver import warm_up

    warm_up()


def _compile_here(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> None:
    from cp_trainer.precompile import precompile

    precompile(progress, cancelled)


class SolverPreparation(QObject):
    """Makes the solver ready at the window's start (see the module docstring). ``changed`` is
    emitted at every change of :attr:`stage` and of :meth:`percent`. The checks and jobs are
    parameters so that tests can stand in for the real compile."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None, *,
                 check: Callable[[], bool] = _needs_compiling,
                 caching: Callable[[], bool] = _caching,
                 command: list[str] | None = None,
                 compile_here: Job = _compile_here,
                 load: Job = _load,
                 preparation: Preparation = PREPARATION) -> None:
        super().__init__(parent)
        self._check, self._caching = check, caching
        self._command = list(COMPILE_COMMAND if command is None else command)
        self._compile_here, self._load = compile_here, load
        self.preparation = preparation
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.stage = Stage.CHECKING
        self.every_start = False  # no folder keeps the compiled code: each start compiles
        self.message = ""  # why it failed
        self._done, self._total, self._step_end = 0, 1, 1
        self._started = 0.0  # time.monotonic() when the compile began
        self._step_started = 0.0
        self._finished_after = 0.0  # the compile's seconds, once over
        self._process: QProcess | None = None
        self._buffer = b""
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.changed)
        self._worker: Worker | None = None
        self.notices: list[QWidget] = []  # the window's notices (prepare_solver), kept alive here

    # --- what the notices show ----------------------------------------------------------------

    @property
    def compiling(self) -> bool:
        return self.stage is Stage.COMPILING

    def seconds(self) -> int:
        """Whole seconds since the compile began (its length, once over)."""
        if self._finished_after:
            return round(self._finished_after)
        return int(time.monotonic() - self._started) if self._started else 0

    def percent(self) -> int:
        """How far the compile is, 0 to 99 while it runs: the steps done, and within the current
        step an estimate from its expected length that nears but never reaches its end."""
        if self.stage in (Stage.LOADING, Stage.READY):
            return 100
        if not self._started:
            return 0
        start, end = self._done, max(self._done, self._step_end)
        expected = max(1.0, (end - start) * SECONDS_PER_WEIGHT)
        elapsed = time.monotonic() - self._step_started
        within = (end - start) * (1 - math.exp(-elapsed / expected))
        return min(99, int(100 * (start + within) / max(1, self._total)))

    # --- running ------------------------------------------------------------------------------

    def start(self) -> None:
        """Begin: the solver counts as being prepared from now on."""
        self.preparation.begin()
        self._run(self._checked_job, self._on_checked)

    def _checked_job(self, _progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> object:
        return self._check(), self._caching()

    def _run(self, job: Job, finished: Callable[[Worker, object], None]) -> None:
        worker = Worker(job)
        worker.signals.finished.connect(finished)
        worker.signals.failed.connect(self._on_failed)
        worker.signals.progress.connect(self._on_worker_progress)
        self._worker = worker
        worker.start(self.pool)

    def _on_checked(self, _worker: Worker, result: object) -> None:
        needed, caching = result if isinstance(result, tuple) else (True, False)
        if not needed:
            self._set_stage(Stage.LOADING)
            self._run(self._load, self._on_loaded)
            return
        self.every_start = not caching
        self._started = self._step_started = time.monotonic()
        self._set_stage(Stage.COMPILING)
        self._timer.start()
        if caching and self._command and self._start_process():
            return
        self._run(self._compile_here, self._on_compiled)  # nothing a child could leave us

    def _start_process(self) -> bool:
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.SeparateChannels)
        process.readyReadStandardOutput.connect(self._read_progress)
        process.finished.connect(self._process_finished)
        process.start(self._command[0], self._command[1:])
        if not process.waitForStarted(5000):
            process.deleteLater()
            return False
        self._process = process
        return True

    def _read_progress(self) -> None:
        if self._process is None:
            return
        self._buffer += bytes(self._process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            parts = line.split()
            if len(parts) == 3 and parts[0] == b"progress" and parts[1].isdigit() and parts[2].isdigit():
                self._advance(int(parts[1]), int(parts[2]))

    def _advance(self, done: int, total: int) -> None:
        """A step begins at ``done`` of ``total`` (the weights of :data:`cp_trainer.precompile.STEPS`)."""
        from cp_trainer.precompile import STEPS

        if total <= 0:
            return
        bounds = [0]
        for step in STEPS:
            bounds.append(bounds[-1] + step.weight)
        scale = total / bounds[-1]
        self._done, self._total = done, total
        self._step_end = next((round(b * scale) for b in bounds if round(b * scale) > done), total)
        self._step_started = time.monotonic()
        self.changed.emit()

    def _on_worker_progress(self, _worker: Worker, done: int, total: int) -> None:
        if self.compiling:
            self._advance(done, total)

    def _process_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        process.deleteLater()
        self._finished_after = time.monotonic() - self._started
        if code == 0 and status is QProcess.ExitStatus.NormalExit:
            self._set_stage(Stage.LOADING)
            self._run(self._load, self._on_loaded)
        else:  # the child could not compile: try here, where an error is seen as it happens
            self._finished_after = 0.0
            self._run(self._compile_here, self._on_compiled)

    def _on_compiled(self, _worker: Worker, _result: object) -> None:
        self._finished_after = self._finished_after or time.monotonic() - self._started
        self._set_stage(Stage.LOADING)
        self._run(self._load, self._on_loaded)

    def _on_loaded(self, _worker: Worker, _result: object) -> None:
        self._timer.stop()
        self.preparation.end()
        self._set_stage(Stage.READY)

    def _on_failed(self, _worker: Worker, message: str) -> None:
        self._timer.stop()
        self.message = message
        self.preparation.end()  # a solve asked now compiles, or says why it cannot
        self._set_stage(Stage.FAILED)

    def _set_stage(self, stage: Stage) -> None:
        self.stage = stage
        self.changed.emit()

    def stop(self) -> None:
        """The window is closing: end the child (what it compiled stays cached), wait for the
        worker thread, and let any waiting solve go."""
        self._timer.stop()
        process, self._process = self._process, None
        if process is not None:
            process.finished.disconnect(self._process_finished)
            process.kill()
            process.waitForFinished(STOP_WAIT_MS)
        if self._worker is not None:
            self._worker.cancel()
        self.pool.waitForDone()
        self.preparation.end()


# --- the notices --------------------------------------------------------------------------------

def _compiling_text(prep: SolverPreparation, lang: str) -> str:
    key = "firststart.compiling_every" if prep.every_start else "firststart.compiling"
    return tr(key, lang, percent=prep.percent(), seconds=prep.seconds())


class _ShrinkingLabel(QLabel):
    """A one-line label that gives up its room first when the status bar is short: it may shrink
    to nothing, and then ends in "…" (its whole text is in the notice's tooltip)."""

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.width())
        painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)
        painter.end()


class StatusNotice(QWidget):
    """The status bar's notice while the solver compiles: its words and a progress bar, with
    the whole story in the tooltip; once the compile is over, the status bar's message says how
    it ended. ``objectName`` is ``preparingNotice``."""

    def __init__(self, prep: SolverPreparation, window: QMainWindow) -> None:
        super().__init__(window.statusBar())
        self.setObjectName("preparingNotice")
        self.prep = prep
        self.window_ = window
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        self.label = _ShrinkingLabel(self)
        self.label.setObjectName("preparingText")
        self.bar = QProgressBar(self)
        self.bar.setObjectName("preparingBar")
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        self.bar.setFixedWidth(90)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        self._stage = prep.stage
        follow_language(self, self.retranslate)
        prep.changed.connect(self._changed)
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        lang = current_language()
        shown = self.prep.compiling
        if shown:
            self.label.setText(_compiling_text(self.prep, lang))
            self.bar.setValue(self.prep.percent())
            self.setToolTip(tr("firststart.tip", lang))
        if shown == self.isHidden():
            self.setVisible(shown)

    def _changed(self) -> None:
        self.retranslate()
        previous, stage = self._stage, self.prep.stage
        self._stage = stage
        if stage is previous or stage not in (Stage.READY, Stage.FAILED):
            return
        if not self.prep.seconds():  # nothing was compiled: nothing to say
            return
        lang = current_language()
        if stage is Stage.READY:
            self.window_.statusBar().showMessage(tr("firststart.ready", lang, seconds=self.prep.seconds()),
                                                 15000)
        elif stage is Stage.FAILED:
            self.window_.statusBar().showMessage(tr("firststart.failed", lang, message=self.prep.message),
                                                 15000)


class PanelNotice(QLabel):
    """The solver panel's notice while the solver compiles: Hint answers once it is ready (and,
    when a Hint is waiting, that it is). ``objectName`` is ``solverPreparing``."""

    STYLE = ("QLabel#solverPreparing { background: #fff59d; color: #102a18; border-radius: 6px; "
             "padding: 6px 8px; font-size: 10pt; }")

    def __init__(self, prep: SolverPreparation, waiting: Callable[[], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solverPreparing")
        self.setWordWrap(True)
        self.setStyleSheet(self.STYLE)
        self.prep = prep
        self.waiting = waiting
        follow_language(self, self.retranslate)
        prep.changed.connect(self.retranslate)
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        lang = current_language()
        shown = self.prep.compiling
        if shown:
            key = "firststart.panel_hint_waiting" if self.waiting() else "firststart.panel"
            self.setText(tr(key, lang, percent=self.prep.percent()))
            self.setToolTip(tr("firststart.tip", lang))
        if shown == self.isHidden():
            self.setVisible(shown)


def prepare_solver(window: MainWindow, prep: SolverPreparation | None = None) -> SolverPreparation:
    """Start making the solver ready for ``window``, with its notices in the status bar and the
    solver panel (kept in the returned object's ``notices``). Call
    :meth:`SolverPreparation.stop` once the window is closed."""
    prep = prep or SolverPreparation(window)
    status = StatusNotice(prep, window)
    window.statusBar().insertWidget(0, status)  # at the left; a passing message covers it a while
    panel = window.solver_panel
    notice = PanelNotice(prep, panel.is_running, panel)
    layout = panel.layout()
    if isinstance(layout, QBoxLayout):
        layout.insertWidget(layout.indexOf(panel.status) + 1, notice)
    panel.running.connect(notice.retranslate)
    prep.notices = [status, notice]
    prep.start()
    return prep
