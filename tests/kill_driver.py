"""Plays the trainer window offscreen and says each result it has shown, for the kill -9 tests.

Run: ``python tests/kill_driver.py DATA_DIR SETTINGS_FILE HANDS`` with ``QT_QPA_PLATFORM=offscreen``.
Builds the real main window (its recorder and history writer on DATA_DIR), then plays HANDS
results in turn: a Chinese-poker hand set on the table, a Pai Gow hand set by the house way, a
Drill hand graded on a Drill page writing through the window's writer. After each result is on
the screen (the window's events processed, so it is painted) it prints one line and flushes:
``shown chinese UID``, ``shown paigow UID`` or ``shown drill PLAYED_AT|CARDS|ARRANGEMENT``. The
parent kills it with SIGKILL at some moment and checks the next start has every shown result.
Then it waits (``idle``) for the kill.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

    from cp_trainer.gui.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package: tests.drill_fixtures


def _fixed(at: datetime) -> Callable[[], datetime]:
    return lambda: at


def _play_chinese(app: QCoreApplication, window: MainWindow, showdowns: list[object]) -> None:
    """Deal a Chinese hand, set it, and wait for its showdown."""
    from cp_trainer.gui.table.models import Zone

    window.show_chinese()
    window.controller.new_deal()
    cards = sorted(window.deal_model.cards(Zone.HAND), reverse=True)
    assert window.deal_model.place(cards[10:], cards[5:10], cards[:5])
    before = len(showdowns)
    window.controller.set_hand()  # at once, or when the bots have set theirs (cold Numba)
    while len(showdowns) == before:
        app.processEvents()
        time.sleep(0.005)


def main(argv: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from cp_trainer.drill.grading import HandAnalysis
    from cp_trainer.drill.pool import DrillHand
    from cp_trainer.drill.themes import Theme
    from cp_trainer.gui.cards.pixmaps import CardRenderer
    from cp_trainer.gui.drill.page import DrillPage
    from cp_trainer.gui.main_window import MainWindow
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.history.drill_record import DrillRecord
    from cp_trainer.rules.arrangement import Arrangement
    from tests.drill_fixtures import STORED

    data, settings, hands = Path(argv[0]), Path(argv[1]), int(argv[2])
    app = QApplication.instance() or QApplication([])
    window = MainWindow(Settings(settings), seed=7, data_dir=str(data))
    window.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solver CPU here
    window.show()
    app.processEvents()
    recorder = window.practice.recorder
    t0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC) + timedelta(seconds=time.time() % 100_000)
    best = Arrangement.parse("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c")
    graded: list[DrillRecord] = []
    showdowns: list[object] = []
    window.controller.showdownReady.connect(showdowns.append)

    def say(line: str) -> None:
        app.processEvents()  # the result is painted
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for i in range(hands):
        kind = ("chinese", "chinese", "paigow", "drill")[i % 4]
        if kind == "chinese":
            _play_chinese(app, window, showdowns)
            say(f"shown chinese {recorder.last_id}")
        elif kind == "paigow":
            page = window.show_paigow()
            page.tab.new_deal()
            page.tab.play_house_way()
            assert page.tab.set_hand() is not None
            assert window.paigow_history is not None
            say(f"shown paigow {window.paigow_history.last_id}")
        else:
            a = HandAnalysis.from_json(STORED)
            at = t0 + timedelta(minutes=i)
            hand = DrillHand(a.cards, a, Theme.PAIR_ON_TOP, 1619, 0.794)
            drill = DrillPage(CardRenderer(), None, pool=[hand], seed=1, clock=_fixed(at),
                              random_share=0.0, rates_fn=None,
                              write=recorder.writer.add_drill_results)
            drill.graded.connect(graded.append)
            assert drill.deal.place(best.top, best.middle, best.bottom)
            drill.set_hand()
            record = graded[-1]
            drill.show()
            say("shown drill " + "|".join(record.identity))
            drill.hide()
            drill.deleteLater()
    say("idle")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the kill comes (else: end, without closing the writer)
        app.processEvents()
        time.sleep(0.01)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
