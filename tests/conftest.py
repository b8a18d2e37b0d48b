"""Test setup: Qt runs headless (offscreen) and in English unless a test says otherwise."""

from __future__ import annotations

import os
import tempfile

# Must be set before any QApplication exists, or Qt aborts with no display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("LANG", "C.UTF-8")
# The practice history (cp_trainer.history) never touches the real user data folder in tests.
os.environ.setdefault("CP_TRAINER_DATA_DIR", tempfile.mkdtemp(prefix="cp-trainer-test-data-"))
