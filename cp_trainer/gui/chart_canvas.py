"""A matplotlib canvas whose idle redraw cannot outlive it (issue 18).

Matplotlib's Qt canvas queues its idle redraw with ``QTimer.singleShot(0, self._draw_idle)``: a
timer nobody owns, which still fires when the canvas (its window closed and deleted) is gone, and
printed "RuntimeError: libshiboken: Internal C++ object (FigureCanvasQTAgg) already deleted" from
the event loop. Here the redraw goes through a timer that is the canvas's own child: deleted with
the canvas, it never calls a deleted one.
"""

from __future__ import annotations

import shiboken6
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QTimer

__all__ = ["ChartCanvas"]


class ChartCanvas(FigureCanvasQTAgg):
    """:class:`FigureCanvasQTAgg` with an owned idle-redraw timer."""

    def __init__(self, figure: Figure) -> None:
        self._idle_timer: QTimer | None = None
        super().__init__(figure)  # type: ignore[no-untyped-call]
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(0)
        timer.timeout.connect(self._draw_when_idle)
        self._idle_timer = timer

    def draw_idle(self) -> None:
        timer = self._idle_timer
        if timer is None:  # during matplotlib's own __init__
            return
        if not (getattr(self, "_draw_pending", False) or getattr(self, "_is_drawing", False)):
            self._draw_pending = True
            timer.start()

    def _draw_when_idle(self) -> None:
        if shiboken6.isValid(self):
            self._draw_idle()  # type: ignore[no-untyped-call]
