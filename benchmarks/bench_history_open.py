"""Time to the History window's first paint of the progress charts, in a fresh process.

Run: ``.venv/bin/python benchmarks/bench_history_open.py [HANDS] [PNG]`` (or ``./dev bench
bench_history_open``). Writes HANDS hands (default 2,000) to a temporary history, opens the History
window offscreen, waits for its list, switches to the Progress tab and waits until the chart canvas
has been painted once. Prints the seconds each step took (the charts library's import included,
as a person opening the tab for the first time meets it). With PNG, saves a grab of the window.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_history import sample_hands

from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.history import HistoryStore

BOUND_S = 120.0  # a bound on every wait (a loaded 2-core machine meets it), not a timing


class PaintWatch(QObject):
    """Notes the first paint event of the widget named ``name``."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched.objectName() == self.name:
            self.painted = True
        return False


def wait_until(app: QApplication, done: object, what: str) -> None:
    start = time.perf_counter()
    while not done():  # type: ignore[operator]
        app.processEvents()
        if time.perf_counter() - start > BOUND_S:
            raise SystemExit(f"bench_history_open: {what} did not happen within {BOUND_S:.0f} s")
        time.sleep(0.001)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    png = sys.argv[2] if len(sys.argv) > 2 else None
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    watch = PaintWatch("chartCanvas")
    app.installEventFilter(watch)
    with tempfile.TemporaryDirectory() as tmp:
        with HistoryStore.open(tmp) as store:
            store.add_many(sample_hands(n))
        with HistoryStore.open(tmp) as store:
            t0 = time.perf_counter()
            window = HistoryWindow(store)
            window.show()
            wait_until(app, lambda: not window.is_loading(), "reading the hands")
            t1 = time.perf_counter()
            window.tabs.setCurrentIndex(1)
            wait_until(app, lambda: watch.painted, "the charts' first paint")
            t2 = time.perf_counter()
            if png:
                window.grab().save(png)
            print(f"hands: {n}")
            print(f"window open, hands listed: {t1 - t0:.3f} s")
            print(f"Progress tab to first chart paint: {t2 - t1:.3f} s")
            print(f"total: {t2 - t0:.3f} s")
            window.close()
            window.deleteLater()
            app.processEvents()
    app.removeEventFilter(watch)


if __name__ == "__main__":
    main()
