"""The one worker class: results on the GUI thread with the worker named, held until done."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, QThreadPool
from pytestqt.qtbot import QtBot

from cp_trainer.gui.worker import Worker, running_workers


class _Receiver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[tuple[str, Worker, object, bool]] = []

    def finished(self, worker: Worker, result: object) -> None:
        self.got.append(("finished", worker, result, QThread.currentThread() is self.thread()))

    def failed(self, worker: Worker, message: str) -> None:
        self.got.append(("failed", worker, message, QThread.currentThread() is self.thread()))

    def cancelled(self, worker: Worker) -> None:
        self.got.append(("cancelled", worker, None, True))


def _connected(worker: Worker, receiver: _Receiver) -> Worker:
    worker.signals.finished.connect(receiver.finished)
    worker.signals.failed.connect(receiver.failed)
    worker.signals.cancelled.connect(receiver.cancelled)
    return worker


def test_results_arrive_on_the_gui_thread_naming_their_worker(qtbot: QtBot) -> None:
    pool, receiver = QThreadPool(), _Receiver()
    seen: list[int] = []

    def job(progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> str:
        seen.append(threading.get_ident())
        return "answer"

    ok = _connected(Worker(job), receiver)
    bad = _connected(Worker(lambda _p, _c: 1 / 0), receiver)
    ok.start(pool)
    bad.start(pool)
    qtbot.waitUntil(lambda: len(receiver.got) == 2)
    by_worker = {w: (kind, value, on_gui) for kind, w, value, on_gui in receiver.got}
    assert by_worker[ok] == ("finished", "answer", True)
    assert by_worker[bad] == ("failed", "ZeroDivisionError: division by zero", True)
    assert seen and seen[0] != threading.get_ident()  # the job ran off the GUI thread
    pool.waitForDone()


def test_a_started_worker_outlives_whoever_started_it(qtbot: QtBot) -> None:
    pool, receiver = QThreadPool(), _Receiver()
    gate = threading.Event()
    before = running_workers()

    def job(_progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> str:
        gate.wait(5)
        return "late"

    _connected(Worker(job), receiver).start(pool)  # no reference kept by the caller
    gc.collect()
    assert running_workers() == before + 1
    gate.set()
    qtbot.waitUntil(lambda: bool(receiver.got) and running_workers() == before)
    assert receiver.got[0][0] == "finished" and receiver.got[0][2] == "late"
    pool.waitForDone()


def test_a_cancelled_worker_says_so(qtbot: QtBot) -> None:
    pool, receiver = QThreadPool(), _Receiver()
    gate = threading.Event()

    def job(_progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> str:
        gate.wait(5)
        return "ignored"

    worker = _connected(Worker(job), receiver)
    worker.start(pool)
    worker.cancel()
    gate.set()
    qtbot.waitUntil(lambda: bool(receiver.got))
    assert [kind for kind, *_ in receiver.got] == ["cancelled"]
    pool.waitForDone()
