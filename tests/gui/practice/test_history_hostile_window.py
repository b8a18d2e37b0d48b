"""The hostile history in the window: damaged rows (case 7), hostile imports (case 8) and a locked database
while hands are played (case 3). Everything in tmp_path."""

from __future__ import annotations

import gc
import json
import sqlite3
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from pytestqt.qtbot import QtBot

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.practice.history_model import COLUMNS
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.history import HistoryError, HistoryStore, export_jsonl
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from tests.gui.window_fixtures import make_recording_window
from tests.history_fixtures import make_record

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")

DAMAGE = [
    "UPDATE hands SET points = 'lots' WHERE id = 2",  # the segfault in sortByColumn
    "UPDATE hands SET played_at = 'yesterday' WHERE id = 2",
    "UPDATE hands SET played_at = '0001-01-01T00:00:00+05:00' WHERE id = 2",
    "UPDATE hands SET house_rules = '{not json' WHERE id = 2",
    "UPDATE hands SET foul_count = 'many' WHERE id = 2",
    "UPDATE hands SET points = 1e300 WHERE id = 2",
    "UPDATE hands SET house_rules = CAST(x'7b22ff' AS TEXT) WHERE id = 2",  # not UTF-8
]


def test_a_history_that_cannot_be_read_is_said_in_the_window(qtbot: QtBot, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    store = HistoryStore.open(tmp_path)
    store.add(make_record(0))

    def unreadable(game: object = None) -> list[object]:
        raise HistoryError("cannot read the history database: database disk image is malformed")

    monkeypatch.setattr(store, "summaries", unreadable)  # damage SQLite's quick check did not see
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    assert window.proxy.rowCount() == 0 and "malformed" in window.notice.text()


@pytest.mark.parametrize("sql", DAMAGE)
def test_a_damaged_row_is_counted_not_a_crash(qtbot: QtBot, tmp_path: Path, sql: str) -> None:
    with HistoryStore.open(tmp_path) as seed:
        for i in range(3):
            seed.add(make_record(i))
    with sqlite3.connect(tmp_path / "history.sqlite3") as conn:
        conn.execute(sql)
    conn.close()
    window = HistoryWindow(HistoryStore.open(tmp_path))
    qtbot.addWidget(window)
    window.show()
    assert window.proxy.rowCount() == 2
    for column in range(len(COLUMNS)):
        for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            window.table.sortByColumn(column, order)
    assert window.notice.isVisibleTo(window) and "1 damaged hand(s)" in window.notice.text()
    for row in range(2):
        window.select_row(row)
        assert window.current is not None
    assert window.export_to(tmp_path / "out.jsonl")
    status = window.status.text()
    assert "Exported 2 hands" in status and "1 damaged hand(s) were left out" in status


def test_hostile_files_through_the_import_button_give_a_status_line(qtbot: QtBot, tmp_path: Path) -> None:
    window = HistoryWindow(HistoryStore.open(tmp_path / "D"))
    qtbot.addWidget(window)
    good = json.dumps(make_record(3).to_dict())
    year_one = {**make_record(1).to_dict(), "played_at": "0001-01-01T00:00:00+05:00"}
    surrogate = {**make_record(2).to_dict(), "opponents": [
        {"name": "\ud800", "points": 1.0, "arrangement": make_record().opponents[0].arrangement}]}
    files = {
        "deep.jsonl": "[" * 100_000 + "]" * 100_000 + "\n" + good + "\n",
        "year1.jsonl": json.dumps(year_one) + "\n",
        "surrogate.jsonl": json.dumps(surrogate) + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        window.import_from(tmp_path / name)
        assert "line 1" in window.status.text(), name
    window.import_from(tmp_path / "missing.jsonl")
    assert "Nothing was imported" in window.status.text()
    assert window.proxy.rowCount() == 1  # the good line of deep.jsonl


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return make_recording_window(qtbot, tmp_path, monkeypatch, DEAL)


def test_hands_played_while_another_program_holds_the_lock_are_kept(window: MainWindow, qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    recorder = window.practice.recorder
    recorder.writer.busy_timeout_ms = 50
    recorder.writer.retries = 1
    recorder.writer.retry_interval_s = 0.1
    HistoryStore.open(tmp_path / "data").close()
    messages: list[str] = []
    recorder.failed.connect(messages.append)
    other = sqlite3.connect(tmp_path / "data" / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program importing
    try:
        for _ in range(2):
            window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
            assert window.controller.set_hand() is not None  # the table goes on at once
            window.controller.new_deal(list(DEAL))
        qtbot.waitUntil(lambda: len(messages) == 1)
        assert "will be added as soon as" in messages[0]
        assert "will be added" in window.statusBar().currentMessage()  # told plainly, once
    finally:
        other.execute("ROLLBACK")
        other.close()
    qtbot.waitUntil(lambda: len(messages) == 2, timeout=20_000)
    assert "2 kept hands were added" in messages[1]
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.controller.set_hand()  # after the lock is gone: recorded as usual
    assert recorder.writer.flush(20)
    with HistoryStore.open(tmp_path / "data") as store:
        assert store.count() == 3
    assert len(messages) == 2


def test_import_and_export_buttons_never_make_the_window_wait(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path / "D")
    store.add(make_record(0))
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    path = tmp_path / "in.jsonl"
    lines = [json.dumps(make_record(i).to_dict()) for i in range(1, 4)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = sqlite3.connect(tmp_path / "D" / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program importing
    try:
        assert window.import_from(path, wait=False)  # returns at once: the work waits, not the window
        assert "Importing" in window.status.text() and not window.import_button.isEnabled()
        assert window.proxy.rowCount() == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    with qtbot.waitSignal(window.fileDone, timeout=30_000):
        pass
    assert "Imported 3 hands" in window.status.text() and window.proxy.rowCount() == 4
    assert window.import_button.isEnabled()
    with qtbot.waitSignal(window.fileDone, timeout=30_000):
        assert window.export_to(tmp_path / "out.jsonl", wait=False)
    assert "Exported 4 hands" in window.status.text()
    assert len((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()) == 4


def test_a_window_closed_while_its_export_runs_is_freed_here_not_on_the_worker_thread(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker thread holds no reference to the window (cp_trainer.gui.background): closed
    and deleted mid-export, the window is freed on this thread at once. (Were the thread to hold it,
    its last reference could drop there, destroying the window off the GUI thread: a crash.)
    The export still finishes, and its end reaches nothing."""
    store = HistoryStore.open(tmp_path / "D")
    store.add(make_record(0))
    started, gate = threading.Event(), threading.Event()
    def slow_export(*args: Any, **kwargs: Any) -> int:
        started.set()
        assert gate.wait(30)
        return export_jsonl(*args, **kwargs)

    monkeypatch.setattr("cp_trainer.gui.practice.history_files.export_jsonl", slow_export)
    window = HistoryWindow(store, background=True)
    with qtbot.waitSignal(window.loaded, timeout=30_000):
        window.refresh()  # read on a worker thread too
    assert window.export_to(tmp_path / "out.jsonl", wait=False)
    assert started.wait(30)
    freed = weakref.ref(window)
    window.close()
    window.deleteLater()
    del window
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    assert freed() is None, "a worker thread still holds the window"
    gate.set()
    workers = [t for t in threading.enumerate() if t.name == "cp-trainer history file"]
    for thread in workers:
        thread.join(30)
    assert workers and not any(t.is_alive() for t in workers)
    qtbot.wait(50)  # the export's outcome arrives at the relay; no window takes it
    assert len((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()) == 1
    store.close()
