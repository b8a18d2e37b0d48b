"""The one worker class: results on the GUI thread with the worker named, held until done."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, QThreadPool
from pytestqt.qtbot import QtBot

from cp_trainer.gui.worker import Job, JobSlot, Worker, running_workers


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


class _SlotReceiver(QObject):
    def __init__(self, slot: JobSlot) -> None:
        super().__init__()
        self.got: list[tuple[str, object]] = []
        slot.progress.connect(self.progress)
        slot.finished.connect(self.finished)
        slot.cancelled.connect(self.cancelled)
        slot.failed.connect(self.failed)

    def progress(self, done: int, total: int) -> None:
        self.got.append(("progress", (done, total)))

    def finished(self, result: object) -> None:
        self.got.append(("finished", result))

    def cancelled(self) -> None:
        self.got.append(("cancelled", None))

    def failed(self, message: str) -> None:
        self.got.append(("failed", message))


def _gated(gate: threading.Event, answer: str) -> Job:
    def job(progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> str:
        gate.wait(5)
        progress(1, 1)
        return answer
    return job


def test_a_job_slot_passes_only_the_current_jobs_answer(qtbot: QtBot) -> None:
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    slot = JobSlot(pool)
    receiver = _SlotReceiver(slot)
    old_gate, new_gate = threading.Event(), threading.Event()
    old = slot.start(_gated(old_gate, "old"))
    new = slot.start(_gated(new_gate, "new"))  # the old one is cancelled and forgotten
    assert old.is_cancelled() and slot.current is new and slot.is_running()
    old_gate.set()
    qtbot.waitUntil(lambda: running_workers() <= 1)
    assert receiver.got == []  # nothing of the old job came through
    new_gate.set()
    qtbot.waitUntil(lambda: bool(receiver.got) and receiver.got[-1][0] == "finished")
    assert receiver.got == [("progress", (1, 1)), ("finished", "new")]
    assert not slot.is_running()
    slot.shutdown()


def test_a_job_slots_cancel_is_silent_and_its_failure_is_a_message(qtbot: QtBot) -> None:
    pool = QThreadPool()
    slot = JobSlot(pool)
    receiver = _SlotReceiver(slot)
    assert slot.cancel() is False  # nothing ran
    gate = threading.Event()
    slot.start(_gated(gate, "ignored"))
    assert slot.cancel() is True and not slot.is_running()
    gate.set()
    slot.shutdown()
    qtbot.wait(50)
    assert receiver.got == []
    slot.start(lambda _p, _c: 1 / 0)
    qtbot.waitUntil(lambda: bool(receiver.got))
    assert receiver.got == [("failed", "ZeroDivisionError: division by zero")]
    assert not slot.is_running()
    slot.shutdown()


def test_a_job_that_stops_itself_is_reported_cancelled(qtbot: QtBot) -> None:
    class _Stop(Exception):
        pass

    def job(_progress: Callable[[int, int], None], _cancelled: Callable[[], bool]) -> str:
        raise _Stop

    pool = QThreadPool()
    slot = JobSlot(pool)
    receiver = _SlotReceiver(slot)
    slot.start(job, cancel_errors=(_Stop,))
    qtbot.waitUntil(lambda: bool(receiver.got))
    assert receiver.got == [("cancelled", None)] and not slot.is_running()
    slot.shutdown()
