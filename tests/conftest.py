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


# --- nothing printed to stderr is ignored -----------------------------------------------------
# pytest-qt fails a test whose Qt virtual or slot raised from the event loop (PySide hands those to
# sys.excepthook); these hooks catch the other ways an error only gets printed: a traceback printed
# by library code in the event loop (matplotlib's idle draw uses traceback.print_exc), PySide's own
# "Error calling Python override" lines, exceptions Python could not raise (sys.unraisablehook, e.g.
# in a __del__ or while the garbage collector frees a Qt object) and exceptions in other threads.

from collections.abc import Generator  # noqa: E402

import pytest  # noqa: E402

#: A line of a test's stderr containing one of these fails the test.
STDERR_ERRORS = ("Error calling Python override", "Traceback (most recent call last)", "libshiboken:",
                 "Exception ignored in")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", "error::pytest.PytestUnraisableExceptionWarning")
    config.addinivalue_line("filterwarnings", "error::pytest.PytestUnhandledThreadExceptionWarning")


# The offscreen plugin cannot pass a window's size constraints to a window system it does not
# have; it says so every time a window with a minimum or maximum size is shown.
OFFSCREEN_NOTICES = ("This plugin does not support propagateSizeHints",)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked slow first, the rest in their order: with two workers the long ones then
    run side by side at the start, instead of one of them holding up the end of the run while the
    other worker has nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    for item in items:  # a window another test left on this worker may still say it meanwhile
        item.add_marker(pytest.mark.qt_log_ignore(*OFFSCREEN_NOTICES))


def stderr_errors(text: str) -> list[str]:
    """The lines of ``text`` that say an error happened."""
    return [line for line in text.splitlines() if any(marker in line for marker in STDERR_ERRORS)]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    if report.passed:
        printed = "".join(text for name, text in report.sections if name == f"Captured stderr {call.when}")
        errors = stderr_errors(printed)
        if errors:
            report.outcome = "failed"
            report.longrepr = (f"the test's {call.when} printed an error to stderr (nothing "
                               f"printed there is ignored):\n{printed}")
    return report
