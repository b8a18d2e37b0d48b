"""The installed PySide6 must not drop references to None on void Qt calls.

PySide6 6.12.0 on Python 3.11 does (each ``setText`` / ``setEnabled`` ... loses one reference),
and the process aborts with "none_dealloc" after a few thousand calls; pyproject.toml keeps that
release out on Python < 3.12. This test catches such a release if the pin is ever loosened.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot


def test_void_qt_calls_keep_none_alive(qtbot: QtBot) -> None:
    button = QPushButton()
    qtbot.addWidget(button)
    before = sys.getrefcount(None)
    for _ in range(2_000):
        button.setEnabled(True)
        button.setText("x")
    after = sys.getrefcount(None)
    # Python >= 3.12 reports a fixed, immortal count; on 3.11 a leaking binding loses 4,000.
    assert after > before - 100, f"None lost {before - after} references in 4,000 Qt calls"
