"""The practice history under hostile files, databases and moments (cases 1–9).

Every case is a hostile input (``D`` is a data folder holding a history). The promise
checked each time: nothing lost, nothing overwritten, no traceback. Everything happens in
``tmp_path`` (a FIFO, a socket, a symbolic link made there; never /dev/null or another real file).
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cp_trainer.history import (
    HandRecord,
    HistoryError,
    HistoryStore,
    NotOurFile,
    RecordError,
    compute_stats,
    import_jsonl,
    read_lines,
    sqlite_file,
)
from cp_trainer.history import jsonl as jsonl_module
from cp_trainer.history.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from cp_trainer.history.stats import MAX_WINDOW
from cp_trainer.history.writer import EventKind, HistoryWriter, WriterEvent
from tests.history.cli_fixtures import JSON_VALUES, digest, hist, lines_of, listing, run, seed
from tests.history_fixtures import make_record

ROOT = Path(__file__).resolve().parents[2]


# --- 1. history export FILE replaces whatever FILE is ---------------------------------------------


def test_1_export_never_replaces_a_users_file_unless_forced(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "export", notes)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "exists" in err and "--force" in err and "notes.txt" in err
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    status, out, _ = hist(capsys, tmp_path, "export", notes, "--force")
    assert status == 0 and "Exported 3 hands" in out and len(lines_of(notes)) == 3
    assert listing(tmp_path) == ["D", "notes.txt"]  # no temporary left behind


def test_1_export_refuses_a_read_only_file_even_with_force(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    kept = tmp_path / "kept.jsonl"
    kept.write_text("keep me\n", encoding="utf-8")
    kept.chmod(0o444)
    for extra in ((), ("--force",)):
        status, out, err = hist(capsys, tmp_path, "export", kept, *extra)
        assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "read-only" in err and kept.read_text(encoding="utf-8") == "keep me\n"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o444


def test_1_export_never_writes_through_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "out.jsonl"
    link.symlink_to(victim)
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    for target in (link, dangling):
        for extra in ((), ("--force",)):
            status, out, err = hist(capsys, tmp_path, "export", target, *extra)
            assert status == 2 and out == "" and "symbolic link" in err and len(err.splitlines()) == 1
    assert link.is_symlink() and dangling.is_symlink() and not (tmp_path / "nowhere.txt").exists()
    assert victim.read_text(encoding="utf-8") == "precious\n"


def _special_files(tmp_path: Path) -> Iterator[Path]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    yield fifo
    sock_path = tmp_path / "sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(sock_path))
    try:
        yield sock_path
    finally:
        sock.close()
    device = tmp_path / "null-device"
    try:  # root: a device node, made here in tmp_path, never the real /dev/null
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:  # not root: a second FIFO stands in (the same check refuses both)
        os.mkfifo(device)
    yield device


def test_1_export_refuses_fifos_sockets_and_devices(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    tried = 0
    for special in _special_files(tmp_path):
        before = special.lstat()
        for extra in ((), ("--force",)):
            status, out, err = hist(capsys, tmp_path, "export", special, *extra)
            assert status == 2 and out == "" and "not a regular file" in err and len(err.splitlines()) == 1
            tried += 1
        after = special.lstat()
        assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert tried == 6
    assert sorted(listing(tmp_path)) == ["D", "fifo", "null-device", "sock"]


def test_1_export_from_a_damaged_database_leaves_the_backup_and_the_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # truncate -s 30000 D/history.sqlite3; history export --data-dir D backup.jsonl
    db = seed(tmp_path / "D", 200)
    backup = tmp_path / "backup.jsonl"
    assert hist(capsys, tmp_path, "export", backup)[0] == 0
    good_backup = backup.read_bytes()
    assert len(good_backup.splitlines()) == 200
    with open(db, "r+b") as fh:
        fh.truncate(30000)
    damaged = digest(db)
    before = listing(tmp_path / "D")
    for extra in ((), ("--force",)):
        status, out, err = hist(capsys, tmp_path, "export", backup, *extra)
        assert status == 2 and out == "" and len(err.splitlines()) == 1 and "history.sqlite3" in err
    status, out, err = run(capsys, "stats", "--data-dir", str(tmp_path / "D"))
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert backup.read_bytes() == good_backup  # the last good copy is untouched
    assert digest(db) == damaged and listing(tmp_path / "D") == before  # nothing moved, created or changed


def test_1_read_only_commands_never_create_a_database(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "D").mkdir()
    status, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path / "D"))
    assert status == 0 and json.loads(out)["hands"] == 0
    status, out, err = hist(capsys, tmp_path, "export", tmp_path / "x")
    assert status == 2 and "no history database" in err
    assert listing(tmp_path / "D") == [] and listing(tmp_path) == ["D"]


def test_1_read_only_commands_never_modify_an_older_schema(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    db = _version_4_database(tmp_path / "D")
    before = digest(db)
    status, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path / "D"))
    assert status == 0 and json.loads(out)["hands"] == 3
    status, out, _ = hist(capsys, tmp_path, "export", tmp_path / "h.jsonl")
    assert status == 0 and len(lines_of(tmp_path / "h.jsonl")) == 3
    assert digest(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4


# --- 2. FILE.part used without checks -------------------------------------------------------------


def test_2_the_temporary_file_is_never_a_predictable_name(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    own_part = tmp_path / "out.jsonl.part"
    own_part.write_text("the user's own file\n", encoding="utf-8")
    victim = tmp_path / "victim.txt"
    victim.write_text("victim\n", encoding="utf-8")
    (tmp_path / "shared.jsonl.part").symlink_to(victim)  # planted in a shared folder
    for name in ("out.jsonl", "shared.jsonl"):
        status, _, _ = hist(capsys, tmp_path, "export", tmp_path / name)
        assert status == 0 and len(lines_of(tmp_path / name)) == 3
    assert own_part.read_text(encoding="utf-8") == "the user's own file\n"
    assert victim.read_text(encoding="utf-8") == "victim\n" and (tmp_path / "shared.jsonl.part").is_symlink()
    assert listing(tmp_path) == ["D", "out.jsonl", "out.jsonl.part", "shared.jsonl", "shared.jsonl.part",
                                 "victim.txt"]


def test_2_a_failed_export_leaves_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    status, out, err = hist(capsys, tmp_path, "export", tmp_path / "o.jsonl")
    assert status == 2 and out == "" and "No space left" in err and len(err.splitlines()) == 1
    assert listing(tmp_path) == ["D"]


# --- 3. recording stops after one moment of lock contention ---------------------------------------


class Events:
    def __init__(self) -> None:
        self.items: list[WriterEvent] = []
        self.cond = threading.Condition()

    def __call__(self, event: WriterEvent) -> None:
        with self.cond:
            self.items.append(event)
            self.cond.notify_all()

    def kinds(self) -> list[EventKind]:
        return [e.kind for e in self.items]

    def wait_for(self, kind: EventKind, timeout: float = 20.0) -> WriterEvent:
        with self.cond:
            assert self.cond.wait_for(lambda: kind in self.kinds(), timeout), self.kinds()
            return next(e for e in self.items if e.kind is kind)


def _lock(db: Path) -> sqlite3.Connection:
    other = sqlite3.connect(db, isolation_level=None)  # another program importing: holds the write lock
    other.execute("BEGIN IMMEDIATE")
    return other


def test_3_a_hand_set_while_the_database_is_locked_waits_and_is_written(tmp_path: Path) -> None:
    db = seed(tmp_path / "D", 1)
    events = Events()
    writer = HistoryWriter(tmp_path / "D", notify=events, busy_timeout_ms=50, retries=2, retry_interval_s=0.1)
    other = _lock(db)
    try:
        uids = writer.add_hands([make_record(10)])  # returns at once: the caller never waits
        writer.set_solver(uids[0], "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d", 0.9, 0.2)  # OperationalError
        assert writer.flush(20)
        pending = events.wait_for(EventKind.PENDING)
        assert "pending-hands.jsonl" in pending.message and writer.waiting
        assert writer.journal.is_file() and len(lines_of(writer.journal)) == 2
        writer.add_hands([make_record(11)])  # more hands while it waits: told only once
        assert writer.flush(20)
        assert events.kinds().count(EventKind.PENDING) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    resumed = events.wait_for(EventKind.RESUMED)
    assert "2 kept hands were added" in resumed.message
    writer.add_hands([make_record(12)])  # the next hands, after the lock is gone, are recorded
    assert writer.flush(20)
    writer.close()
    with HistoryStore.open(tmp_path / "D") as store:
        hands = store.hands()
    assert len(hands) == 4 and not writer.journal.exists()
    (late,) = [h for h in hands if h.identity == uids[0]]
    assert late.solver_ev == 0.9 and late.player_ev == 0.2  # the verdict was not dropped


def test_3_hands_left_waiting_are_written_after_a_restart(tmp_path: Path) -> None:
    db = seed(tmp_path / "D", 1)
    events = Events()
    writer = HistoryWriter(tmp_path / "D", notify=events, busy_timeout_ms=50, retries=1, retry_interval_s=60)
    other = _lock(db)
    try:
        writer.add_hands([make_record(20), make_record(21)])
        events.wait_for(EventKind.PENDING)
        writer.close()  # the window is closed while the hands wait
        assert len(lines_of(writer.journal)) == 1
        again = Events()
        restarted = HistoryWriter(tmp_path / "D", notify=again, busy_timeout_ms=50, retries=1,
                                  retry_interval_s=0.1)
        again.wait_for(EventKind.PENDING)  # still locked at the start: told, kept
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "2 kept hands were added" in again.wait_for(EventKind.RESUMED).message
    restarted.close()
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 3
    assert not list((tmp_path / "D").glob("pending-hands*"))


def test_3_a_journal_replayed_twice_stores_each_hand_once(tmp_path: Path) -> None:
    seed(tmp_path / "D", 0)
    journal = tmp_path / "D" / "pending-hands.jsonl"
    line = json.dumps({"hands": [make_record(30).to_dict()]})
    journal.write_text(line + "\n" + line + "\n" + '{"hands": [{"game"\n', encoding="utf-8")  # + a torn line
    writer = HistoryWriter(tmp_path / "D")
    assert writer.flush(20)
    writer.close()
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 1


def test_3_an_invalid_hand_is_refused_with_a_message_not_a_crash(tmp_path: Path) -> None:
    # a surrender_cost of 1e30 accepted from a settings file would be stored as -1e30 points
    events = Events()
    writer = HistoryWriter(tmp_path / "D", notify=events)
    bad = make_record(40)
    bad = replace(bad, opponents=(replace(bad.opponents[0], points=-1e30),))
    writer.add_hands([bad])
    writer.add_hands([make_record(41)])
    assert writer.flush(20)
    writer.close()
    refused = events.wait_for(EventKind.REFUSED)
    assert "could not be recorded" in refused.message and "-1e+30" in refused.message
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 1
        with pytest.raises(RecordError, match=r"-1e\+30"):
            store.add(bad)


# --- 4. two imports of one file at once -----------------------------------------------------------


def test_4_two_imports_of_one_file_at_once_give_one_copy(tmp_path: Path) -> None:
    n = 3000
    lines = [json.dumps(replace(make_record(0), played_at=make_record(0).played_at.replace(
        microsecond=0) + (make_record(1).played_at - make_record(0).played_at) * i / 60).to_dict())
        for i in range(n)]
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "cp_trainer", "history", "import", "--data-dir", str(tmp_path / "D"),
           "--lang", "en", str(big)]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(2)]
    results = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], results
    assert all("Traceback" not in err for _, err in results)
    imported = sorted(int(out.split()[1]) for out, _ in results)
    assert imported == [0, n]  # one of them stored every hand, the other found them there
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == n


def test_4_opening_waits_out_a_lock_sqlite_reports_at_once(tmp_path: Path) -> None:
    # Two imports into a new folder at once: neither may exit 1 "busy" at once. Switching a
    # file to WAL while another connection holds its write lock is a deadlock to SQLite, which then
    # answers SQLITE_BUSY at once without waiting its busy timeout. Opening must wait it out.
    HistoryStore.open(tmp_path).close()
    path = tmp_path / "history.sqlite3"
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA journal_mode = DELETE")  # as another program (or a first open) leaves it
        other.execute("BEGIN IMMEDIATE")
        locked.set()
        release.wait(10)
        other.execute("COMMIT")
        other.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    threading.Timer(0.5, release.set).start()
    try:
        with HistoryStore.open(tmp_path, busy_timeout_ms=5000) as store:
            store.add(make_record(0))
            assert store.count() == 1
    finally:
        release.set()
        holder.join(10)


class _CreatedMeanwhile(sqlite3.Connection):
    """A connection during whose look at the file another process creates the history: right after
    this one has read ``user_version``, :attr:`creator` runs the whole migration and commits."""

    creator: sqlite3.Connection | None = None
    fired = False

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        cursor = super().execute(sql, *args)
        if self.creator is not None and "user_version" in sql and not self.fired:
            type(self).fired = True
            sqlite_file.register_functions(self.creator)
            sqlite_file.migrate(self.creator)
        return cursor


def test_4_a_history_created_while_it_is_looked_at_is_ours(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # Two imports into a new folder at once under load: neither may exit 2 "is not a cp-trainer
    # history (another program's SQLite file)". The other process switches the new file to WAL
    # (a header: application_id 0, no tables) and commits its migration while this one looks:
    # application_id 0 and user_version 0 could be read before that commit, the tables after.
    path = tmp_path / "history.sqlite3"
    creator = sqlite3.connect(path, isolation_level=None)
    creator.execute("PRAGMA journal_mode = WAL")  # how the other process leaves it before migrating
    assert path.stat().st_size > 0  # so opening takes its read-only look first

    def racing_readonly(p: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(p.absolute().as_uri() + "?mode=ro", uri=True, isolation_level=None,
                               factory=_CreatedMeanwhile)
        conn.execute("PRAGMA busy_timeout = 10000")
        return conn

    monkeypatch.setattr(_CreatedMeanwhile, "creator", creator)
    monkeypatch.setattr(_CreatedMeanwhile, "fired", False)
    monkeypatch.setattr(sqlite_file, "_connect_readonly", racing_readonly)
    try:
        with HistoryStore.open(tmp_path) as store:
            assert _CreatedMeanwhile.fired  # the other process did commit in the middle of the look
            assert store.recovery is None and store.schema_version == SCHEMA_VERSION
            store.add(make_record(0))
            assert store.count() == 1
    finally:
        creator.close()
    assert [f.name for f in tmp_path.iterdir() if "unreadable" in f.name] == []


def test_4_an_old_export_without_identities_is_not_doubled(tmp_path: Path) -> None:
    old = [make_record(i).to_dict() for i in range(5)]
    for d in old:
        del d["uid"]
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in old) + "\n", encoding="utf-8")
    with HistoryStore.open(tmp_path / "D") as store:
        assert import_jsonl(store, path).imported == 5
        again = import_jsonl(store, path)
        assert (again.imported, again.skipped) == (0, 5) and store.count() == 5


# --- 5. an export that cannot be imported back; all-or-nothing import ----------------------------


def test_5_a_damaged_row_is_left_out_of_the_export_and_the_export_imports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = seed(tmp_path / "D", 4)
    with sqlite3.connect(db) as conn:  # damage SQLite's quick_check does not see
        conn.execute("UPDATE hands SET deal = 'As As As' WHERE id = 2")
        conn.execute("UPDATE hands SET house_rules = '{\"system\": \"7-7\"}' WHERE id = 3")
    out = tmp_path / "h.jsonl"
    status, stdout, err = hist(capsys, tmp_path, "export", out)
    assert status == 0 and "Exported 2 hands" in stdout
    assert "hand 2:" in err and "hand 3:" in err and "2 damaged hands" in err
    status, stdout, err = hist(capsys, tmp_path, "import", out, data="E")
    assert status == 0 and "Imported 2 hands" in stdout and err == ""


def test_5_import_is_per_line_with_a_documented_exit_status(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    good = [json.dumps(make_record(i).to_dict()) for i in range(3)]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([good[0], "{broken", good[1], "[]", good[2]]) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 3 hands" in out  # 2: some lines were skipped
    assert "line 2: not valid JSON" in err and "line 4: a hand must be a JSON object" in err
    assert "2 lines were not valid hands" in err


# --- 6. another program's SQLite file; files moved aside as they were -----------------------------


def _foreign(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
        conn.execute("INSERT INTO contacts VALUES ('Ann', '555')")
        conn.execute("PRAGMA user_version = 7")
    conn.close()
    return digest(path)


def test_6_another_programs_sqlite_file_is_left_untouched(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "D" / "history.sqlite3"
    before = _foreign(db)
    line = tmp_path / "one.jsonl"
    line.write_text(json.dumps(make_record(0).to_dict()) + "\n", encoding="utf-8")
    commands = (("stats",), ("history", "export", str(tmp_path / "x.jsonl")),
                ("history", "import", str(line)))
    for argv in commands:
        status, out, err = run(capsys, *argv, "--data-dir", str(tmp_path / "D"))
        assert status == 2 and out == "" and len(err.splitlines()) == 1
        assert str(db) in err and "not a cp-trainer history" in err
    with pytest.raises(NotOurFile, match="left untouched"):
        HistoryStore.open(tmp_path / "D")  # the recording path too: never converted, never moved
    writer_events = Events()
    writer = HistoryWriter(tmp_path / "D", notify=writer_events, retries=1, retry_interval_s=60)
    writer.add_hands([make_record(1)])
    assert writer.flush(20)
    writer.close()
    assert "not a cp-trainer history" in writer_events.wait_for(EventKind.PENDING).message  # kept, told
    assert digest(db) == before and listing(tmp_path / "D") == ["history.sqlite3", "pending-hands.jsonl"]


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_6_a_damaged_file_is_moved_aside_byte_for_byte_by_the_recording_path_only(tmp_path: Path,
                                                                                   journal: str) -> None:
    db = seed(tmp_path / "D", 200)
    with sqlite3.connect(db) as conn:  # "delete": a file in the rollback-journal mode (not yet WAL)
        conn.execute(f"PRAGMA journal_mode = {journal}")
    conn.close()
    with open(db, "r+b") as fh:
        fh.truncate(30000)
    damaged = db.read_bytes()
    with pytest.raises(HistoryError, match="left as it is"):
        HistoryStore.open(tmp_path / "D", recover=False)  # history import
    assert db.read_bytes() == damaged
    with HistoryStore.open(tmp_path / "D") as store:  # the trainer window, recording
        assert store.recovery is not None and store.count() == 0
        moved = store.recovery.moved_to
    assert moved.read_bytes() == damaged  # as it was: no WAL switch, no checkpoint before the move
    assert damaged[18:20] == (b"\x02\x02" if journal == "wal" else b"\x01\x01")  # the header's mode


def test_6_a_new_history_carries_our_application_id(tmp_path: Path) -> None:
    db = seed(tmp_path / "D", 1)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


# --- 7. a damaged row crashes the window, stats and export -----------------------------------------


DAMAGE = [
    ("points", "UPDATE hands SET points = 'lots' WHERE id = 2"),
    ("played_at", "UPDATE hands SET played_at = 'yesterday' WHERE id = 2"),
    ("played_at year 1", "UPDATE hands SET played_at = '0001-01-01T00:00:00+05:00' WHERE id = 2"),
    ("house_rules", "UPDATE hands SET house_rules = '{not json' WHERE id = 2"),
    ("house_rules nested", "UPDATE hands SET house_rules = '" + "[" * 100_000 + "' WHERE id = 2"),
    ("huge points", "UPDATE hands SET points = 1e300 WHERE id = 2"),
    ("solver_ev blob", "UPDATE hands SET solver_ev = x'00ff' WHERE id = 2"),
    ("opponent points", "UPDATE opponents SET points = 'x' WHERE hand_id = 2"),
    ("played_at not UTF-8", "UPDATE hands SET played_at = CAST(x'ff00' AS TEXT) WHERE id = 2"),
    ("opponent name not UTF-8", "UPDATE opponents SET name = CAST(x'c3' AS TEXT) WHERE hand_id = 2"),
]


@pytest.mark.parametrize(("what", "sql"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_7_a_damaged_row_is_reported_and_skipped_by_stats_and_export(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str, sql: str) -> None:
    db = seed(tmp_path / "D", 3)
    with sqlite3.connect(db) as conn:
        conn.execute(sql)
    conn.close()
    status, out, err = run(capsys, "stats", "--json", "--data-dir", str(tmp_path / "D"))
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))
    assert status == 0 and "Infinity" not in out
    if not what.startswith("opponent"):  # stats reads the summary columns only
        assert data["hands"] == 2 and "hand 2:" in err and "1 damaged hands" in err
    status, out, err = hist(capsys, tmp_path, "export", tmp_path / "h.jsonl")
    assert status == 0 and "Exported 2 hands" in out and "hand 2:" in err
    status, out, _ = hist(capsys, tmp_path, "import", tmp_path / "h.jsonl", data="E")
    assert status == 0 and "Imported 2 hands" in out


# --- 8. history import tracebacks ---------------------------------------------------------------


def _line_with(**changes: object) -> str:
    data = make_record(0).to_dict()
    data.update(changes)
    return json.dumps(data)


HOSTILE_LINES = [
    ("nesting 100,000 deep", "[" * 100_000 + "]" * 100_000, "nested too deep"),
    ("nesting in a field", _line_with(house_rules={}).replace(
        '"house_rules": {}', '"house_rules": ' + "[" * 100_000 + "]" * 100_000), "nested too deep"),
    ("year 1 with an offset", _line_with(played_at="0001-01-01T00:00:00+05:00"), "played_at"),
    ("year 9999 behind UTC", _line_with(played_at="9999-12-31T23:59:59-05:00"), "played_at"),
    ("a lone surrogate in a name", _line_with(opponents=[{
        "name": "\ud800", "points": 1.0, "arrangement": make_record().opponents[0].arrangement}]),
     "surrogate"),
    ("a lone surrogate in the rules", _line_with(house_rules={"\udfff": 1}), "house_rules"),
    ("a huge uid", _line_with(uid="u" * 10_000), "uid"),
    ("points of 1e400", _line_with().replace('"points": 2.0', '"points": 1e400'), "points"),
    ("NaN points", _line_with().replace('"points": 2.0', '"points": NaN'), "points"),
    ("a 5,000-digit integer", _line_with().replace('"points": 2.0', '"points": ' + "9" * 5000), "number"),
    ("not UTF-8", "\udcff", "UTF-8"),
]


@pytest.mark.parametrize(("what", "line", "reason"), HOSTILE_LINES, ids=[h[0] for h in HOSTILE_LINES])
def test_8_hostile_import_lines_are_skipped_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          what: str, line: str, reason: str) -> None:
    good = json.dumps(make_record(5).to_dict())
    path = tmp_path / "in.jsonl"
    path.write_bytes((line + "\n" + good + "\n").encode("utf-8", "surrogateescape"))
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 1 hands" in out
    assert "line 1:" in err and reason in err and len(err) < 2000
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 1


def test_8_a_line_over_the_limit_is_refused_by_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    good = json.dumps(make_record(5).to_dict())
    path = tmp_path / "long.jsonl"
    other = json.dumps(make_record(6).to_dict())
    path.write_text(good + "\n" + " " * 3_000_000 + "\n" + "x" * 1_500_000 + "\n" + other + "\n",
                    encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 2 hands" in out
    assert "line 2: longer than 1,000,000 bytes" in err and "line 3: longer than" in err


def test_8_an_endless_stream_like_dev_zero_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # /dev/zero: NUL bytes without end. A FIFO in tmp_path fed with zeros stands in for it.
    monkeypatch.setattr(jsonl_module, "MAX_ENDLESS_BYTES", 8_000_000)  # the real limit is 64 MB
    fifo = tmp_path / "zero"
    os.mkfifo(fifo)
    stop = threading.Event()

    def feed() -> None:
        with open(fifo, "wb") as fh:
            try:
                while not stop.is_set():
                    fh.write(b"\0" * 65536)
            except BrokenPipeError:
                pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        status, out, err = hist(capsys, tmp_path, "import", fifo)
    finally:
        stop.set()
    feeder.join(10)
    assert status == 2 and out == "" and "line 1: a line of more than 64 MB" in err
    assert "nothing was imported" in err and len(err.splitlines()) == 1


def test_8_a_full_disk_during_import_is_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D", 1)
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps(make_record(i).to_dict()) for i in range(2, 400)) + "\n",
                    encoding="utf-8")
    real_open = HistoryStore.open

    def small_disk(*args: object, **kwargs: object) -> HistoryStore:
        store = real_open(*args, **kwargs)  # type: ignore[arg-type]
        pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
        store._conn.execute(f"PRAGMA max_page_count = {pages + 2}")  # SQLITE_FULL soon
        return store

    monkeypatch.setattr(HistoryStore, "open", small_disk)
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 1 and out == "" and "full" in err and "nothing was imported" in err
    monkeypatch.undo()
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.count() == 1  # the transaction was rolled back: the history as it was


def test_8_the_reader_never_raises_anything_but_its_error(tmp_path: Path) -> None:
    path = tmp_path / "all.jsonl"
    encoded = [line.encode("utf-8", "surrogateescape") for _, line, _ in HOSTILE_LINES]
    path.write_bytes(b"\n".join(encoded) + b"\n")
    result = read_lines(path)
    assert result.records == () and [d.line for d in result.damaged] == list(range(1, len(HOSTILE_LINES) + 1))


# --- 9. stats --window ------------------------------------------------------------------------------


@pytest.mark.parametrize("window", ["99999999999999999999", "0", "-3", str(MAX_WINDOW + 1)])
def test_9_stats_window_out_of_range_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 window: str) -> None:
    seed(tmp_path / "D", 2)
    status, out, err = run(capsys, "stats", "--window", window, "--data-dir", str(tmp_path / "D"))
    assert status == 2 and out == "" and "--window" in err and len(err.splitlines()) == 1


def test_9_a_window_larger_than_the_history_is_the_whole_history(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D", 30)
    status, out, _ = run(capsys, "stats", "--json", "--window", "100000000", "--data-dir",
                         str(tmp_path / "D"))
    whole = json.loads(out)
    status2, out2, _ = run(capsys, "stats", "--json", "--window", "30", "--data-dir", str(tmp_path / "D"))
    assert status == status2 == 0
    assert whole["ev_lost_moving_average"] == json.loads(out2)["ev_lost_moving_average"]


def test_9_the_running_moving_average_matches_the_direct_one() -> None:
    hands = [replace(make_record(i), solver_ev=(i * 37 % 11) / 7, player_ev=(i * 13 % 5) / 3)
             for i in range(500)]
    for window in (1, 3, 20, 499, 10**8):
        stats = compute_stats(hands, window)
        known = [h.ev_lost for h in hands]
        for n, point in enumerate(stats.series, start=1):
            recent = [x for x in known[:n] if x is not None][-window:]
            assert point.ev_lost_avg == pytest.approx(sum(recent) / len(recent))


# --- migrations ----------------------------------------------------------------------------------------


def _version_4_database(folder: Path) -> Path:
    """A history as the previous version left it: schema 4, no identities, one doubled import."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "history.sqlite3"
    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 4")
    for i in (0, 1, 1):  # hand 1 twice: the old double import
        d = make_record(i).to_dict()
        conn.execute("INSERT INTO hands (played_at, game, deal, arrangement, house_rules, points, "
                     "foul_count) VALUES (?, 'chinese', ?, ?, ?, 3.0, 0)",
                     (d["played_at"], d["deal"], d["arrangement"], json.dumps(d["house_rules"])))
    conn.commit()
    conn.close()
    return path


def test_migration_from_version_4_gives_every_hand_an_identity(tmp_path: Path) -> None:
    _version_4_database(tmp_path / "D")
    with HistoryStore.open(tmp_path / "D") as store:
        # to the current version (later steps, e.g. the Drill's results, come along); a migration
        # never deletes a hand
        assert store.schema_version == SCHEMA_VERSION and store.count() == 3
        hands = store.hands()
        assert len({h.identity for h in hands}) == 3
        assert hands[0].identity == make_record(0).identity  # the same identity an import computes
        assert import_jsonl_text(store, tmp_path, [make_record(0), make_record(1)]).imported == 0
    with sqlite3.connect(tmp_path / "D" / "history.sqlite3") as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        with pytest.raises(sqlite3.IntegrityError, match=r"^UNIQUE constraint failed: hands\.uid$"):
            conn.execute("UPDATE hands SET uid = (SELECT uid FROM hands WHERE id = 1) WHERE id = 2")


def import_jsonl_text(store: HistoryStore, folder: Path,
                      records: list[HandRecord]) -> jsonl_module.ImportReport:
    path = folder / "records.jsonl"
    path.write_text("".join(json.dumps(r.to_dict()) + "\n" for r in records), encoding="utf-8")
    return import_jsonl(store, path)


# --- fuzzing: any line, any field ---------------------------------------------------------------------

FIELDS = [*sorted(make_record(0).to_dict()), "points", "unknown"]


@settings(max_examples=100, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES, raw=st.binary(max_size=200))
def test_fuzzed_import_lines_are_stored_or_named_never_a_crash(field: str, value: object, raw: bytes) -> None:
    data = make_record(7).to_dict()
    if field == "points":
        data["opponents"][0]["points"] = value
    else:
        data[field] = value
    line = json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.jsonl"
        path.write_bytes(line + b"\n" + raw.replace(b"\n", b" ") + b"\n")
        result = read_lines(path)  # raises nothing for a readable file
        assert len(result.records) + len(result.damaged) <= 2
        assert all(d.line in (1, 2) and d.reason for d in result.damaged)
        with HistoryStore.open(Path(folder) / "D") as store:
            report = import_jsonl(store, path)
            assert store.count() == report.imported == len(result.records)
            for record in store.hands():  # what was stored reads back and exports again
                assert HandRecord.from_dict(record.to_dict()).with_id(record.id) == record
            assert store.skipped == ()


def test_3_a_folder_that_cannot_be_written_keeps_the_hands_in_memory_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "D"
    folder.mkdir()
    (folder / "history.sqlite3").mkdir()  # the database cannot be opened ...
    (folder / "pending-hands.jsonl").mkdir()  # ... nor the journal written
    events = Events()
    writer = HistoryWriter(folder, notify=events, retries=1, retry_interval_s=0.1)
    writer.add_hands([make_record(50)])
    assert "kept in memory" in events.wait_for(EventKind.PENDING).message
    (folder / "history.sqlite3").rmdir()  # the folder is usable again
    assert "1 kept hands were added" in events.wait_for(EventKind.RESUMED).message
    writer.close()
    with HistoryStore.open(folder) as store:
        assert store.count() == 1


def test_2_without_hard_links_the_file_is_still_never_replaced(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.history.safe_file import FileExistsRefused, write_file

    def no_links(src: object, dst: object) -> None:
        raise PermissionError(1, "Operation not permitted")  # FAT, some network file systems

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "out.jsonl"
    write_file(target, lambda fh: fh.write("first\n"))
    assert target.read_text(encoding="utf-8") == "first\n"
    with pytest.raises(FileExistsRefused, match=r"the file exists; it was not replaced"):
        write_file(target, lambda fh: fh.write("second\n"))
    assert target.read_text(encoding="utf-8") == "first\n" and listing(tmp_path) == ["out.jsonl"]
    write_file(target, lambda fh: fh.write("third\n"), replace=True)
    assert target.read_text(encoding="utf-8") == "third\n" and listing(tmp_path) == ["out.jsonl"]


def test_3_a_fifo_in_place_of_the_journal_keeps_the_hands_and_never_hangs(tmp_path: Path) -> None:
    """The database busy, the journal a FIFO nobody reads: opening it to append would wait
    forever (the hands never kept, the player never told). The hands wait in memory, their own
    files stay for the next start, and the FIFO is left as it is."""
    db = seed(tmp_path / "D", 1)
    os.mkfifo(tmp_path / "D" / "pending-hands.jsonl")
    events = Events()
    writer = HistoryWriter(tmp_path / "D", notify=events, busy_timeout_ms=50, retries=1, retry_interval_s=60)
    other = _lock(db)
    try:
        writer.add_hands([make_record(50)])
        assert "kept" in events.wait_for(EventKind.PENDING).message
        writer.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert (tmp_path / "D" / "pending-hands.jsonl").is_fifo()
    assert list((tmp_path / "D").glob("pending-hands.ahead-*.jsonl"))  # the hand's own file stays
