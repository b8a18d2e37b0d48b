"""Test setup: Qt runs headless (offscreen) and in English unless a test says otherwise."""

from __future__ import annotations

import os

# Must be set before any QApplication exists, or Qt aborts with no display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("LANG", "C.UTF-8")
