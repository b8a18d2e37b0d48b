"""The Drill's progress in the History window: accuracy and rating by day, EV lost per theme.

:func:`install_drill_tab` adds a "Drill" tab to the History window's tabs (one call); the tab
reads the drill results from the history and draws, with matplotlib as the other charts do:
accuracy and the mean counted EV loss per day, the rating with its deviation band at the end of
each day, and the mean EV loss per theme (the costliest first) — "you lose most when ...".
"""

from __future__ import annotations

import os

from matplotlib.figure import Figure
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from cp_trainer.drill.profile import DrillProfile
from cp_trainer.drill.themes import Theme
from cp_trainer.gui.chart_canvas import ChartCanvas
from cp_trainer.gui.numbers import integer
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.history import HistoryStore

__all__ = ["DrillCharts", "install_drill_tab"]


def _theme_label(key: str, lang: str) -> str:
    try:
        return Theme.parse(key).label(lang)
    except ValueError:
        return key


class DrillCharts(QWidget):
    """Drill progress charts for the results stored in ``store``."""

    def __init__(self, store: HistoryStore, parent: QWidget | None = None,
                 tabs: QTabWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillCharts")
        follow_language(self, self.retranslate)
        self.store = store
        self.tabs = tabs
        self.profile = DrillProfile()
        self.figure = Figure(figsize=(7, 6), layout="constrained")
        self.canvas = ChartCanvas(self.figure)
        self.canvas.setObjectName("drillChartCanvas")
        self.summary = QLabel(self)
        self.summary.setObjectName("drillChartsSummary")
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.canvas, 1)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the drill results and redraw."""
        self.profile = DrillProfile.replay(self.store.drill_results())
        self.retranslate()

    def retranslate(self) -> None:
        if self.tabs is not None and self.tabs.indexOf(self) >= 0:
            self.tabs.setTabText(self.tabs.indexOf(self), self.tr("Drill"))
        self._draw()

    def _draw(self) -> None:
        lang = current_language()
        p = self.profile
        fig = self.figure
        fig.clear()
        self.canvas.setVisible(p.overall.hands > 0)
        # with no drill hands the line stands in the middle of the tab (it sat at the top of a
        # large empty panel)
        empty = not p.overall.hands
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter if empty
                                  else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        layout = self.layout()
        if isinstance(layout, QVBoxLayout):
            layout.setStretchFactor(self.summary, 1 if empty else 0)
        if empty:
            self.summary.setText(
                self.tr("No drill hands yet: open Practice → Drill (Ctrl+D) and play a few."))
            self.canvas.draw_idle()
            return
        locale = QLocale(lang)
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)

        def num(x: float) -> str:
            return locale.toString(float(x), "f", 0)

        parts = [fill(self.tr("Drill hands: %1"), integer(p.overall.hands)),
                 fill(self.tr("accuracy %1"), num(p.overall.accuracy or 0)),
                 fill(self.tr("rating %1 ± %2"), num(p.rating.rating), num(p.rating.deviation))]
        themes = p.themes
        if themes and themes[0].mean_loss > 0:
            parts.append(fill(self.tr("you lose most on: %1"), _theme_label(themes[0].theme, lang)))
        self.summary.setText(" · ".join(parts))
        ax_acc, ax_rating, ax_theme = fig.subplots(3, 1)
        days = [d.day for d in p.days]
        x = list(range(len(days)))
        labels = [d.isoformat() for d in days]
        ax_acc.plot(x, [d.accuracy for d in p.days], "o-", color="#27ae60", label=self.tr("accuracy"))
        ax_acc.set_ylim(0, 100)
        ax_acc.set_ylabel(self.tr("accuracy"))
        loss_ax = ax_acc.twinx()
        loss_ax.bar(x, [d.mean_loss for d in p.days], color="#c0392b", alpha=0.35, width=0.5,
                    label=self.tr("EV lost per hand"))
        loss_ax.set_ylabel(self.tr("EV lost per hand"))
        ax_acc.set_title(self.tr("Accuracy and EV lost per hand, by day"), fontsize="medium")
        ax_acc.set_xticks(x, labels, fontsize="small")
        rating = [d.rating for d in p.days]
        dev = [d.deviation for d in p.days]
        ax_rating.plot(x, rating, "o-", color="#2c3e50")
        ax_rating.fill_between(x, [r - d for r, d in zip(rating, dev, strict=True)],
                               [r + d for r, d in zip(rating, dev, strict=True)], color="#2c3e50", alpha=0.15)
        ax_rating.set_title(self.tr("Rating ± deviation at the end of each day"), fontsize="medium")
        ax_rating.set_xticks(x, labels, fontsize="small")
        names = [_theme_label(t.theme, lang) for t in themes]
        ax_theme.barh(range(len(themes)), [t.mean_loss for t in themes], color="#8e44ad")
        ticks = [f"{n} ({t.hands})" for n, t in zip(names, themes, strict=True)]
        ax_theme.set_yticks(range(len(themes)), ticks, fontsize="small")
        ax_theme.invert_yaxis()
        ax_theme.set_xlabel(self.tr("EV lost per hand (points)"))
        ax_theme.set_title(self.tr("EV lost per hand by theme (hands)"), fontsize="medium")
        self.canvas.draw_idle()

    def save_png(self, path: str | os.PathLike[str]) -> None:
        self.figure.savefig(os.fspath(path), format="png", dpi=120)


def install_drill_tab(tabs: QTabWidget, store: HistoryStore) -> DrillCharts:
    """Add the "Drill" tab to the History window's ``tabs``."""
    charts = DrillCharts(store, tabs, tabs)
    tabs.addTab(charts, "")
    charts.retranslate()
    return charts
