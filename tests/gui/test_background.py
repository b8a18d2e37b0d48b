"""Plain daemon threads whose outcome comes back on the GUI thread through the one relay
(cp_trainer.gui.background), holding no reference to whoever asked."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QEvent, QObject, QThread
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.gui.background import outcome_of, relay, start_thread


class _Asker(QObject):
    """A receiver as the History window is one: it keeps its tickets, takes only its own."""

    def __init__(self) -> None:
        super().__init__()
        self.tickets: set[int] = set()
        self.got: list[tuple[int, object, bool]] = []
        relay().arrived.connect(self.arrived)

    def arrived(self, ticket: int, outcome: object) -> None:
        if ticket in self.tickets:
            self.tickets.discard(ticket)
            self.got.append((ticket, outcome, QThread.currentThread() is self.thread()))


def test_the_outcome_arrives_on_the_gui_thread_with_its_ticket_and_only_to_who_asked(qtbot: QtBot) -> None:
    asker, other = _Asker(), _Asker()
    names: list[str] = []

    def work() -> int:
        names.append(threading.current_thread().name)
        return 42

    ticket = start_thread("cp-trainer test work", work)
    asker.tickets.add(ticket)
    qtbot.waitUntil(lambda: bool(asker.got), timeout=10_000)
    assert asker.got == [(ticket, 42, True)] and names == ["cp-trainer test work"]
    assert other.got == []
    assert start_thread("cp-trainer test work", work) > ticket  # each run its own ticket


def test_an_exception_comes_back_as_the_outcome_never_a_crash(qtbot: QtBot) -> None:
    asker = _Asker()

    def broken() -> None:
        raise OSError(28, "No space left on device")

    asker.tickets.add(start_thread("cp-trainer test work", broken))
    qtbot.waitUntil(lambda: bool(asker.got), timeout=10_000)
    (_, outcome, on_gui_thread), = asker.got
    assert isinstance(outcome, OSError) and outcome.errno == 28 and on_gui_thread
    assert isinstance(outcome_of(lambda: 1 // 0), ZeroDivisionError) and outcome_of(lambda: "x") == "x"


def test_a_receiver_deleted_before_the_outcome_arrives_gets_nothing_and_is_not_held(qtbot: QtBot) -> None:
    gate = threading.Event()
    asker = _Asker()
    asker.tickets.add(start_thread("cp-trainer test work", lambda: gate.wait(10)))
    gone = weakref.ref(asker)
    asker.deleteLater()
    del asker
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    assert gone() is None  # the thread holds only its work and the relay
    survivor = _Asker()
    ticket = start_thread("cp-trainer test work", lambda: "after")
    survivor.tickets.add(ticket)
    gate.set()
    qtbot.waitUntil(lambda: bool(survivor.got), timeout=10_000)  # the relay still works
    assert survivor.got == [(ticket, "after", True)]
