"""The conftest hooks have teeth: an error that Qt or a library only prints fails its test."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

INNER = '''
import sys
import traceback

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget


class Raising(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.User:
            raise AttributeError("'_Closer' object has no attribute 'window'")
        return False


def test_event_filter_raises_in_the_event_loop(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.filter = Raising(widget)
    widget.installEventFilter(widget.filter)
    QApplication.postEvent(widget, QEvent(QEvent.Type.User))
    qtbot.wait(20)


def test_a_slot_raises(qtbot):
    QTimer.singleShot(0, lambda: [][1])
    qtbot.wait(20)


def test_a_library_prints_a_traceback(qtbot):
    def draw():
        try:
            raise RuntimeError("libshiboken: Internal C++ object (FigureCanvasQTAgg) already deleted.")
        except RuntimeError:
            traceback.print_exc()
    QTimer.singleShot(0, draw)
    qtbot.wait(20)


def test_an_override_error_line(qtbot):
    sys.stderr.write("Error calling Python override of QObject::eventFilter(): \\n")


def test_an_unraisable_exception(qtbot):
    class Dying:
        def __del__(self):
            raise ValueError("in __del__")
    Dying()


def test_a_clean_test_passes(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    sys.stderr.write("an ordinary line\\n")
'''


def test_every_printed_error_fails_its_test(pytester: pytest.Pytester) -> None:
    conftest = Path(__file__).resolve().parents[1] / "conftest.py"
    pytester.makeconftest(conftest.read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=INNER)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=5)
    out = result.stdout.str()
    for name in ("event_filter_raises_in_the_event_loop", "a_slot_raises", "a_library_prints_a_traceback",
                 "an_override_error_line", "an_unraisable_exception"):
        assert f"FAILED test_inner.py::test_{name}" in out
