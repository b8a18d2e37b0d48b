"""A crash never loses a hand: every result the window showed is in the history at the
next start, whatever the moment of a ``kill -9``; each job is fsynced within a second, off the
caller's thread, even while the database is busy."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cp_trainer.history import HistoryStore
from cp_trainer.history.journal import AHEAD_PREFIX
from cp_trainer.history.writer import HistoryWriter
from tests.history_fixtures import make_record

DRIVER = Path(__file__).resolve().parents[1] / "kill_driver.py"


def _lines(proc: subprocess.Popen[str]) -> Iterator[str]:
    assert proc.stdout is not None
    for line in proc.stdout:
        yield line.rstrip("\n")


def play_and_kill(tmp_path: Path, after: int, delay_s: float, *, locked: bool = False) -> list[str]:
    """Start the window (offscreen, the real recorder and writer), kill it with SIGKILL ``delay_s``
    after it showed its ``after``-th result; the results it showed. ``locked``: another program
    holds the history's write lock all the while (the writer's thread waits on it)."""
    data = tmp_path / "data"
    other: sqlite3.Connection | None = None
    if locked:
        HistoryStore.open(data).close()
        other = sqlite3.connect(data / "history.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CP_TRAINER_DATA_DIR=str(data))
    proc = subprocess.Popen([sys.executable, str(DRIVER), str(data), str(tmp_path / "settings.ini"), "8"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    shown: list[str] = []
    watchdog = threading.Timer(180, proc.kill)  # a driver that hangs fails the test, never blocks it
    watchdog.start()
    try:
        for line in _lines(proc):
            if line.startswith("shown "):
                shown.append(line.removeprefix("shown "))
            if len(shown) == after or line == "idle":
                if delay_s:
                    time.sleep(delay_s)
                break
        proc.send_signal(signal.SIGKILL)
        assert proc.stdout is not None
        shown += [line.removeprefix("shown ") for line in proc.stdout.read().splitlines()
                  if line.startswith("shown ")]  # printed before the kill landed: shown too
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait(30)
        if other is not None:
            other.execute("ROLLBACK")
            other.close()
    assert proc.returncode == -signal.SIGKILL
    assert len(shown) >= min(after, 8)
    return shown


def assert_next_start_has(data: Path, shown: list[str]) -> None:
    """What the next start does (the window's writer replays what is left), then every shown
    result is in the history, once."""
    writer = HistoryWriter(data)
    assert writer.flush(60)
    writer.close()
    with HistoryStore.open_readonly(data) as store:
        hands = [h.identity for h in store.hands()]
        drills = ["|".join(d.identity) for d in store.drill_results()]
    for item in shown:
        kind, _, ident = item.partition(" ")
        assert ident in (drills if kind == "drill" else hands), (item, len(hands), len(drills))
    assert len(hands) == len(set(hands)) and len(drills) == len(set(drills))
    assert not list(data.glob("pending-hands*")), list(data.iterdir())  # all written, none left


@pytest.mark.parametrize(("after", "delay_s"), [
    (1, 0.0),  # right after the first showdown
    (3, 0.0),  # right after a Pai Gow hand
    (4, 0.0),  # right after a Drill result
    (2, 0.003),  # a few milliseconds on (the writer's thread at work)
    (99, 0.2),  # all eight shown, and a moment later
])
def test_every_result_shown_is_in_the_history_after_a_kill_9(tmp_path: Path, after: int,
                                                             delay_s: float) -> None:
    shown = play_and_kill(tmp_path, after, delay_s)
    assert_next_start_has(tmp_path / "data", shown)


@pytest.mark.parametrize("after", [2, 5])
def test_a_kill_9_while_the_database_is_busy_loses_nothing_shown(tmp_path: Path, after: int) -> None:
    # another program importing holds the write lock: the hands wait for it in the writer's queue
    # (2 s a try, 3 tries before they go to the pending journal), and the window is killed then
    shown = play_and_kill(tmp_path, after, 0.01, locked=True)
    assert_next_start_has(tmp_path / "data", shown)


def _ahead_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{AHEAD_PREFIX}*.jsonl"))


def test_a_job_is_in_its_file_at_once_and_fsynced_within_a_second_while_the_database_is_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "D"
    HistoryStore.open(folder).close()
    synced: list[tuple[int, int]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        real_fsync(fd)
        synced.append((st.st_dev, st.st_ino))

    monkeypatch.setattr(os, "fsync", fsync)
    writer = HistoryWriter(folder, busy_timeout_ms=3_000, retries=3, retry_interval_s=0.2)
    other = sqlite3.connect(folder / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the writer's thread waits on this lock for 3 s a try
    try:
        (uid,) = writer.add_hands([make_record(1)])
        (ahead,) = _ahead_files(folder)  # written before add_hands returned
        assert uid in ahead.read_text(encoding="utf-8")
        # fsynced while the writer's thread still waits out its first 3 s try on the lock: the
        # sync never waits on the database (its own figure, a few ms: benchmarks/bench_history.py)
        assert writer.wait_durable(2.0)
        st = ahead.stat()
        assert (st.st_dev, st.st_ino) in synced
        assert threading.current_thread() is threading.main_thread()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert writer.flush(30)
    writer.close()
    with HistoryStore.open(folder) as store:
        assert [h.identity for h in store.hands()] == [uid]
    assert not list(folder.glob("pending-hands*"))  # its file goes once it is stored


def test_another_window_never_takes_a_running_windows_job_file(tmp_path: Path) -> None:
    folder = tmp_path / "D"
    HistoryStore.open(folder).close()
    writer = HistoryWriter(folder, busy_timeout_ms=3_000, retries=1, retry_interval_s=60)
    other = sqlite3.connect(folder / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        writer.add_hands([make_record(2)])
        (ahead,) = _ahead_files(folder)
        second = HistoryWriter(folder)  # another window starting meanwhile
        assert second._journal_files() == []  # held by a live window: not a journal to replay
        second.close()
        assert ahead.exists()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert writer.flush(30)
    writer.close()
    with HistoryStore.open(folder) as store:
        assert store.count() == 1


def test_the_callers_side_never_waits_on_the_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The caller writes the job's file but never syncs it: a disk slow to sync never freezes the
    window (the sync thread waits instead)."""
    callers: list[str] = []
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        callers.append(threading.current_thread().name)
        time.sleep(0.5)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", slow_fsync)
    writer = HistoryWriter(tmp_path / "D")
    for i in range(5):
        writer.add_hands([make_record(10 + i)])
    assert threading.current_thread().name not in callers  # no sync on this thread (no wall clock)
    assert writer.flush(30) and writer.wait_durable(30)
    writer.close()
    assert callers and threading.current_thread().name not in callers
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 5
