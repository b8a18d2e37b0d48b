"""Test setup: Qt runs headless (offscreen) and in English unless a test says otherwise."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# Must be set before any QApplication exists, or Qt aborts with no display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# English by default whatever the machine's locale (the app's default language comes from it);
# tests of other languages pass --lang or set the variables themselves.
for _var in ("LANGUAGE", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LC_ALL"] = "C.UTF-8"
os.environ["LANG"] = "C.UTF-8"
# No card flies in tests (cp_trainer.gui.cards.animation): every change shows at once, so no test
# waits for a card to land; the animation tests turn them on themselves.
os.environ["CP_TRAINER_ANIMATIONS"] = "0"
# The practice history (cp_trainer.history) never touches the real user data folder in tests.
if "CP_TRAINER_DATA_DIR" not in os.environ:
    os.environ["CP_TRAINER_DATA_DIR"] = tempfile.mkdtemp(prefix="cp-trainer-test-data-")
    atexit.register(shutil.rmtree, os.environ["CP_TRAINER_DATA_DIR"], ignore_errors=True)
# Nor the real settings file: a test that opens Settings() without a path gets a temporary one.
if "CP_TRAINER_SETTINGS" not in os.environ:
    _settings_dir = tempfile.mkdtemp(prefix="cp-trainer-test-settings-")
    os.environ["CP_TRAINER_SETTINGS"] = os.path.join(_settings_dir, "cp-trainer.ini")
    atexit.register(shutil.rmtree, _settings_dir, ignore_errors=True)
