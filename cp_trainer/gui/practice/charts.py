"""Progress charts (matplotlib, shown by ChartCanvas): EV lost per hand, foul rate, points per hand.

The figures are :func:`cp_trainer.history.compute_stats`'s, the same that ``cp-trainer stats``
prints. :meth:`ProgressCharts.save_png` writes the charts to a PNG file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from cp_trainer.gui.chart_canvas import ChartCanvas
from cp_trainer.gui.numbers import integer, number, short, signed
from cp_trainer.gui.practice.history_model import shown_ev_lost
from cp_trainer.gui.translation import fill, follow_language
from cp_trainer.history.stats import HandLike, HistoryStats, compute_stats

__all__ = ["ProgressCharts"]


def _locale_ticks(ax: Axes, hands: int) -> None:
    """Tick labels the language's way (a decimal comma in Russian), hands counted in whole numbers
    from 1: the x axis spans hands 1..n (half a bar either side), so there is no tick "0" for a
    hand 0 that does not exist."""
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _pos: short(round(y, 6))))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: short(round(x, 6))))
    ax.set_xlim(0.5, hands + 0.5)


def _legend_above(ax: Axes, title: str) -> None:
    """The title on the left above the plot and the legend on the right on the same line: never
    over a bar or a point (at "upper right" it hid the last hands' bars), and the plot keeps the
    figure's whole width (a legend beside it left a quarter of the width empty)."""
    ax.set_title(title, fontsize="medium", loc="left")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), borderaxespad=0.2, fontsize="small",
              ncols=2, frameon=False)


def _bars(ax: Axes, xs: Sequence[int], ys: Sequence[float]) -> None:
    """A bar 0.8 wide from 0 to each ``y``: green above 0, red below, grey at 0. One collection
    of rectangles, as ``Axes.bar`` draws them but not one artist per hand (thousands of hands
    took seconds to lay out and draw that way)."""
    colors = ["#27ae60" if y > 0 else "#c0392b" if y < 0 else "#7f8c8d" for y in ys]
    bars = PolyCollection([((x - 0.4, 0.0), (x - 0.4, y), (x + 0.4, y), (x + 0.4, 0.0))
                           for x, y in zip(xs, ys, strict=True)],
                          facecolors=colors, edgecolors="none", linewidths=0)
    bars.sticky_edges.y.append(0.0)  # no margin below a 0 that every bar starts from (as bar's)
    ax.add_collection(bars, autolim=True)
    ax.autoscale_view()


class ProgressCharts(QWidget):
    """Three charts over the hands played, oldest first."""

    def __init__(self, parent: QWidget | None = None, *, window: int = 20) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("progressCharts")
        self.ma_window = window
        self.stats: HistoryStats = compute_stats([], window)
        self.figure = Figure(figsize=(7, 6), layout="constrained")
        self.canvas = ChartCanvas(self.figure)
        self.canvas.setObjectName("chartCanvas")
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("chartsEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)  # in the middle of the tab
        self.empty_label.setWordWrap(True)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("chartsSummary")
        self.summary_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.empty_label, 1)
        layout.addWidget(self.canvas, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.empty_label.setText(self.tr("No hands in the history yet: play a few, then come back."))
        self._draw()

    def set_hands(self, hands: Sequence[HandLike]) -> None:
        self.stats = compute_stats(hands, self.ma_window)
        self._draw()

    def _draw(self) -> None:
        s = self.stats
        self.empty_label.setVisible(s.hands == 0)
        self.canvas.setVisible(s.hands > 0)
        if s.hands and s.points_per_hand is not None and s.foul_rate_per_100 is not None:
            # one precision for every figure (two decimals), and a line that starts as a sentence
            parts = [fill(self.tr("Hands: %1"), integer(s.hands)),
                     fill(self.tr("%1 points per hand"), signed(s.points_per_hand)),
                     fill(self.tr("%1 fouls per 100 hands"), number(s.foul_rate_per_100))]
            if s.ev_lost_per_hand is not None:
                parts.append(fill(self.tr("EV lost %1 per hand"), number(shown_ev_lost(s.ev_lost_per_hand))))
            self.summary_label.setText(" · ".join(parts))
        else:
            self.summary_label.setText("")
        fig = self.figure
        fig.clear()
        if not s.hands:
            self.canvas.draw_idle()
            return
        n = [p.n for p in s.series]
        ax_ev, ax_foul, ax_pts = fig.subplots(3, 1, sharex=True)
        ev_pts = [(p.n, p.ev_lost) for p in s.series if p.ev_lost is not None]
        if ev_pts:
            # never below 0: a "loss" within the solver's error is no loss (see shown_ev_lost)
            ax_ev.plot([x for x, _ in ev_pts], [shown_ev_lost(y) for _, y in ev_pts], ".",
                       color="#999999", label=self.tr("per hand"))
            avg = [(p.n, p.ev_lost_avg) for p in s.series if p.ev_lost_avg is not None]
            ax_ev.plot([x for x, _ in avg], [shown_ev_lost(y) for _, y in avg], "-", color="#c0392b",
                       label=fill(self.tr("moving average (%1 hands)"), integer(s.window)))
            ax_ev.set_ylim(bottom=0)
            _legend_above(ax_ev, self.tr("EV lost per hand (points)"))
        else:
            ax_ev.set_title(self.tr("EV lost per hand (points)"), fontsize="medium", loc="left")
        ax_ev.set_ylabel(self.tr("EV lost"))
        ax_foul.plot(n, [p.foul_rate_per_100 for p in s.series], "-", color="#8e44ad")
        ax_foul.set_ylabel(self.tr("per 100"))
        ax_foul.set_title(self.tr("Fouls per 100 hands (last 100)"), fontsize="medium", loc="left")
        ax_foul.set_ylim(bottom=0)
        _bars(ax_pts, n, [p.points for p in s.series])
        ax_pts.plot(n, [p.points_per_hand for p in s.series], "-", color="#2c3e50",
                    label=self.tr("running average"))
        ax_pts.axhline(0, color="#7f8c8d", linewidth=0.8)
        ax_pts.set_ylabel(self.tr("points"))
        ax_pts.set_xlabel(self.tr("hand"))
        for ax in (ax_ev, ax_foul, ax_pts):
            _locale_ticks(ax, s.hands)
        _legend_above(ax_pts, self.tr("Points per hand"))
        self.canvas.draw_idle()

    def save_png(self, path: str | os.PathLike[str]) -> None:
        """Write the charts to ``path`` as a PNG image."""
        self.figure.savefig(os.fspath(path), format="png", dpi=120)
