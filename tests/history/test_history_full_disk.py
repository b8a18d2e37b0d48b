"""A full disk while the history is written is named as a full disk, in the user's language, and
leaves the history as it was: ``history import`` (exit status 1, nothing imported), the trainer's
recording (the hands wait, the notice says why) and a migration on opening (never mistaken for a
damaged file and moved aside).

SQLite rolls a transaction back by itself when the disk fills while it writes one (a transaction
larger than its page cache is written to the WAL before COMMIT); the error must still be the full
disk, not the failed ROLLBACK after it. The disk is a small tmpfs mounted for each test; where
mounting is impossible (not root, no tmpfs), a connection that fails the way SQLite does on a
full disk stands in for it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.history import HistoryError, HistoryStore
from cp_trainer.history.schema import MIGRATIONS, SCHEMA_VERSION
from cp_trainer.history.writer import EventKind, HistoryWriter, WriterEvent
from tests.history_fixtures import make_record

MANY = 3000  # hands: more than SQLite's page cache holds, so the transaction reaches the disk early


class _FullConnection(sqlite3.Connection):
    """Fails every write while its disk is "full" as SQLite does on a real one: the transaction is
    rolled back, then SQLITE_FULL is raised."""

    disk: SmallDisk

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        words = sql.lstrip().split(None, 1)
        verb = words[0].upper() if words else ""
        writes = verb in ("INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "REPLACE") or (
            verb == "PRAGMA" and "=" in sql)
        if self.disk.full and writes and self.in_transaction:
            super().execute("ROLLBACK")
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorname = "SQLITE_FULL"
            raise error
        return super().execute(sql, *args)


class SmallDisk:
    """A folder on a disk of ``size`` bytes: a tmpfs mounted there, or (``mounted`` False) a
    stand-in that fails writes as a full disk does."""

    def __init__(self, folder: Path, size: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.full = False
        self.no_room = False
        folder.mkdir()
        self.mounted = _mount(folder, size)
        if not self.mounted:
            self._stand_in(monkeypatch)

    def fill(self, room: int) -> None:
        """Leave about ``room`` bytes free (0: none at all)."""
        if not self.mounted:
            self.full, self.no_room = True, room == 0
            return
        filler = self.folder / "filler"
        with open(filler, "wb", buffering=0) as fh, contextlib.suppress(OSError):
            while True:
                fh.write(b"\xff" * 65536)
        with open(filler, "ab", buffering=0) as fh, contextlib.suppress(OSError):
            while True:  # the last few kilobytes
                fh.write(b"\xff" * 512)
        os.truncate(filler, max(0, filler.stat().st_size - room))

    def free(self) -> None:
        self.full = self.no_room = False
        with contextlib.suppress(FileNotFoundError):
            (self.folder / "filler").unlink()

    def unmount(self) -> None:
        if self.mounted and subprocess.run(["umount", str(self.folder)], capture_output=True).returncode:
            subprocess.run(["umount", "-l", str(self.folder)], capture_output=True)

    def _stand_in(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real_connect, real_statvfs = sqlite3.connect, os.statvfs
        disk = self

        class Connection(_FullConnection):
            pass

        Connection.disk = disk

        def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
            if str(disk.folder) not in str(database):
                conn: sqlite3.Connection = real_connect(database, *args, **kwargs)
                return conn
            if disk.no_room and "mode=ro" not in str(database):  # not even the -shm file fits
                error = sqlite3.OperationalError("disk I/O error")
                error.sqlite_errorname = "SQLITE_IOERR_SHMSIZE"
                raise error
            conn = real_connect(database, *args, factory=Connection, **kwargs)
            return conn

        def statvfs(path: Any) -> Any:
            result = real_statvfs(path)
            if disk.no_room and str(disk.folder) in str(path):
                fields = list(result)
                fields[4] = fields[3] = 0  # f_bavail, f_bfree
                return os.statvfs_result(fields)
            return result

        monkeypatch.setattr(sqlite3, "connect", connect)
        monkeypatch.setattr(os, "statvfs", statvfs)


def _mount(folder: Path, size: int) -> bool:
    """Mount a tmpfs of ``size`` bytes on ``folder``; False when this system does not let us."""
    if os.geteuid() != 0:
        return False
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    disk = SmallDisk(tmp_path / "disk", 16 << 20, monkeypatch)  # room for MANY hands, once freed
    try:
        yield disk
    finally:
        disk.unmount()


@pytest.fixture
def larger_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    disk = SmallDisk(tmp_path / "disk", 8 << 20, monkeypatch)
    try:
        yield disk
    finally:
        disk.unmount()


def _history(folder: Path, n: int = 3) -> list[str]:
    """A history of ``n`` hands in ``folder``; their identities."""
    with HistoryStore.open(folder) as store:
        store.add_many([make_record(i) for i in range(n)])
        return [h.identity for h in store.hands()]


def _identities(folder: Path) -> list[str]:
    with HistoryStore.open_readonly(folder) as store:
        return [h.identity for h in store.hands()]


def _many_hands(path: Path) -> Path:
    path.write_text("".join(json.dumps(make_record(i).to_dict()) + "\n" for i in range(100, 100 + MANY)),
                    encoding="utf-8")
    return path


FULL = {"en": "the disk is full or the disk quota is used up; nothing was imported",
        "ru": "диск заполнен или исчерпана дисковая квота; ничего не импортировано"}
CANNOT_WRITE = {"en": "cannot write the history database", "ru": "не удаётся записать базу истории"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("room", [100_000, 0], ids=["little-room", "no-room"])
def test_import_onto_a_full_disk_says_so_and_keeps_the_history(small_disk: SmallDisk, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str],
                                                               lang: str, room: int) -> None:
    before = _history(small_disk.folder)
    source = _many_hands(tmp_path / "many.jsonl")
    small_disk.fill(room)
    status = main(["history", "import", str(source), "--data-dir", str(small_disk.folder), "--lang", lang])
    out, err = capsys.readouterr()
    database = small_disk.folder / "history.sqlite3"
    assert (status, out) == (1, ""), err
    assert err == f"cp-trainer history: {CANNOT_WRITE[lang]} {database}: {FULL[lang]}\n"
    small_disk.free()
    assert _identities(small_disk.folder) == before  # nothing imported, nothing lost
    with HistoryStore.open(small_disk.folder, recover=False) as store:
        assert store.integrity_ok()
    # with room again, the same file imports
    assert main(["history", "import", str(source), "--data-dir", str(small_disk.folder)]) == 0
    assert len(_identities(small_disk.folder)) == len(before) + MANY


@pytest.mark.parametrize(("room", "hands"), [(100_000, MANY), (0, 1)], ids=["little-room", "no-room"])
def test_recording_onto_a_full_disk_names_the_full_disk(small_disk: SmallDisk, room: int, hands: int) -> None:
    before = _history(small_disk.folder)
    small_disk.fill(room)
    events: list[WriterEvent] = []
    told = threading.Event()

    def notify(event: WriterEvent) -> None:
        events.append(event)
        told.set()

    writer = HistoryWriter(small_disk.folder, notify=notify, lang=lambda: "ru", retries=1,
                           retry_interval_s=0.2)
    try:
        writer.add_hands([make_record(i) for i in range(100, 100 + hands)])
        assert writer.flush(30) and told.wait(30)
        assert [e.kind for e in events] == [EventKind.PENDING]
        assert "диск заполнен или исчерпана дисковая квота" in events[0].message
        assert "rollback" not in events[0].message and "disk I/O" not in events[0].message
        small_disk.free()
        writer.add_hands([make_record(99)])  # written with the waiting ones, now there is room
        assert writer.flush(30)
    finally:
        writer.close(30)
    assert len(_identities(small_disk.folder)) == len(before) + hands + 1


def _version_4_history(folder: Path, n: int) -> Path:
    """A history as an older cp-trainer left it (schema 4), of ``n`` hands."""
    path = folder / "history.sqlite3"
    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 4")
    conn.executemany(
        "INSERT INTO hands (played_at, game, deal, arrangement, house_rules, points, foul_count) "
        "VALUES (?, 'chinese', ?, ?, ?, 3.0, 0)",
        [(d["played_at"], d["deal"], d["arrangement"], json.dumps(d["house_rules"]))
         for d in (make_record(i).to_dict() for i in range(n))])
    conn.commit()
    conn.close()
    return path


def test_a_migration_on_a_full_disk_is_never_taken_for_damage(larger_disk: SmallDisk, tmp_path: Path) -> None:
    # where the disk fills during the migration depends on the room left: several are tried, and
    # on each the file stays where it is, as it was, and the error names the full disk
    old = _version_4_history(tmp_path, MANY)
    content = old.read_bytes()
    path = larger_disk.folder / "history.sqlite3"
    refused = 0
    for room in (250_000, 500_000, 1_000_000, 2_000_000):
        path.write_bytes(content)
        larger_disk.fill(room)
        try:  # the recording path, which moves a damaged file aside
            HistoryStore.open(larger_disk.folder, recover=True).close()
        except HistoryError as exc:
            assert type(exc).__name__ == "HistoryFull", exc
            assert str(exc) == (f"cannot write the history database {path}: the disk is full or the "
                                "disk quota is used up")
            assert not list(larger_disk.folder.glob("*.unreadable-*")), room
            refused += 1
            larger_disk.free()
            with HistoryStore.open(larger_disk.folder, recover=True) as store:  # the same file, migrated
                assert store.recovery is None and store.schema_version == SCHEMA_VERSION
                assert store.count() == MANY
        larger_disk.free()
        for leftover in larger_disk.folder.iterdir():
            leftover.unlink()
    assert refused


def test_the_stand_in_fails_as_a_full_disk_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the stand-in used where no tmpfs can be mounted: a write in a transaction rolls it back and
    # raises SQLITE_FULL, as SQLite on a full disk
    monkeypatch.setattr(sys.modules[__name__], "_mount", lambda folder, size: False)
    disk = SmallDisk(tmp_path / "disk", 1 << 20, monkeypatch)
    assert not disk.mounted
    conn = sqlite3.connect(disk.folder / "x.sqlite3", isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    disk.fill(0)
    conn.execute("BEGIN")
    with pytest.raises(sqlite3.OperationalError) as caught:
        conn.execute("INSERT INTO t VALUES (1)")
    assert caught.value.sqlite_errorname == "SQLITE_FULL" and not conn.in_transaction
    assert os.statvfs(disk.folder).f_bavail == 0
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        sqlite3.connect(disk.folder / "y.sqlite3")
    conn.close()
