"""The chart canvas: a matplotlib figure drawn with the public Agg API and shown by a plain
widget, so no matplotlib Qt timer or private attribute is involved."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.gui.chart_canvas import ChartCanvas
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.history import HistoryStore
from tests.history_fixtures import make_record


def test_the_chart_modules_load_no_matplotlib_qt_backend() -> None:
    code = ("import sys, cp_trainer.gui.practice.charts, cp_trainer.gui.drill.charts\n"
            "print(sorted(m for m in sys.modules if m.startswith('matplotlib.backends.backend_qt')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_canvas_paints_the_figure_at_its_own_size(qtbot: QtBot) -> None:
    figure = Figure(figsize=(3, 2))
    figure.patch.set_facecolor("#ff0000")
    canvas = ChartCanvas(figure)
    qtbot.addWidget(canvas)
    assert (canvas.sizeHint().width(), canvas.sizeHint().height()) == (300, 200)
    for width, height in ((320, 180), (500, 260)):
        canvas.resize(width, height)
        canvas.show()
        qtbot.waitExposed(canvas)
        image = canvas.grab().toImage()
        assert image.pixelColor(width // 2, height // 2) == QColor("#ff0000")
        shown = figure.get_size_inches() * figure.dpi / canvas.devicePixelRatioF()
        assert (round(shown[0]), round(shown[1])) == (width, height)


def test_a_redraw_asked_for_by_a_closed_history_window_calls_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path / "db")
    for i in range(5):
        store.add(make_record(i, ev=(0.5, 0.1 * i)))
    window = HistoryWindow(store)
    window.show()
    window.charts.canvas.draw_idle()
    window.drill_charts.canvas.draw_idle()
    window.close()
    window.deleteLater()
    del window
    for _ in range(5):  # an error here shows on stderr, which fails the test (tests/conftest.py)
        QApplication.processEvents()
        gc.collect()


def test_points_chart_has_one_bar_per_hand_coloured_by_its_sign(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path / "db")
    for i in range(4):
        store.add(make_record(i, fouled=i == 1))
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    charts = window.charts
    points = [p.points for p in charts.stats.series]
    assert any(p > 0 for p in points) and any(p < 0 for p in points), points
    (bars,) = charts.figure.axes[2].collections
    assert isinstance(bars, PolyCollection)
    corners = [np.asarray(path.vertices, dtype=float) for path in bars.get_paths()]
    assert [float(max(c[:, 1], key=abs)) for c in corners] == points
    assert all(abs(float(c[:, 0].max() - c[:, 0].min()) - 0.8) < 1e-9 for c in corners)
    expected = ["#27ae60" if p > 0 else "#c0392b" if p < 0 else "#7f8c8d" for p in points]
    faces = np.asarray(bars.get_facecolor(), dtype=float)
    assert [to_hex((r, g, b)) for r, g, b, _a in faces.tolist()] == expected
    low, high = charts.figure.axes[2].get_ylim()
    assert low <= min(points) and high >= max(points)
