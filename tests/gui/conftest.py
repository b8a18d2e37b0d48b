"""GUI tests: the offscreen platform's own limitation notices are not warnings about our code."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.table import controller
from cp_trainer.gui.translation import current_language, install_language


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that opened a Russian window leaves the application in English: else the tests run
    after it in the same process (the settings' and the translations') see Russian texts."""
    yield
    app = QCoreApplication.instance()
    if app is not None and current_language() != "en":
        install_language(app, "en")


@pytest.fixture(autouse=True)
def collect_garbage_after_each_test() -> Iterator[None]:
    """What a test dropped is freed here, inside its own teardown (where an error it prints is
    seen and fails it: tests/conftest.py), not by the garbage collector at a random moment of a
    later test, e.g. in the middle of a chart's draw."""
    yield
    app = QApplication.instance()
    if app is not None:
        app.processEvents()
    gc.collect()
    if app is not None:
        app.processEvents()


class BotsAtOnce:
    """The bots' pool for tests: a deal's bots set their hands when it is dealt, so Set hand
    never waits for them (the table waits without blocking when they are still busy, and the
    showdown would come a moment later: tests/gui/table/test_table_waits.py covers that way)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:
            future.set_exception(exc)
        return future


@pytest.fixture(autouse=True)
def bots_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller, "_BOT_POOL", BotsAtOnce())
