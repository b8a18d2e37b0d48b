"""Every record of the history as safe as a hand (no data lost, no file replaced), and every
import input bounded.

``D`` is a data folder holding a history with hands, drill results and lesson progress. Each case
is one hostile input; the promise checked each time: nothing lost, nothing overwritten, no
traceback. Everything happens in ``tmp_path`` (FIFOs, links and pseudo-terminals are made there).
"""

from __future__ import annotations

import json
import os
import pty
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cp_trainer.history import (
    HandRecord,
    HistoryStore,
    RecordError,
    export_jsonl,
    import_jsonl,
    limits,
    read_lines,
    sqlite_file,
)
from cp_trainer.history import jsonl as jsonl_module
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.jsonl import OwnFileRefused
from cp_trainer.history.schema import MIGRATIONS, SCHEMA_VERSION
from tests.drill_fixtures import records
from tests.history.cli_fixtures import JSON_VALUES, digest, hist, listing, run
from tests.history_fixtures import make_record

ROOT = Path(__file__).resolve().parents[2]
Capture = pytest.CaptureFixture[str]


def seed(folder: Path, hands: int = 3) -> Path:
    """A history with hands, the three drill results and one finished lesson."""
    with HistoryStore.open(folder) as store:
        for i in range(hands):
            store.add(make_record(i))
        store.add_drill_results(records())
        store.mark_lesson_completed("rankings")
    return folder / "history.sqlite3"


def files(folder: Path) -> dict[str, str]:
    """Each file's digest, but SQLite's own -wal and -shm (a read-only look may leave them, and
    they hold no data of ours)."""
    return {name: digest(folder / name) for name in listing(folder) if not name.endswith(("-wal", "-shm"))}


def counts(folder: Path) -> tuple[int, int]:
    with sqlite3.connect(folder / "history.sqlite3") as conn:
        hands = conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        drills = conn.execute("SELECT COUNT(*) FROM drill_results").fetchone()[0]
    conn.close()
    return int(hands), int(drills)


def drill_lines(n: int) -> list[str]:
    """``n`` distinct drill results (one a minute), as export lines."""
    base = records()
    return [json.dumps(replace(base[i % 3], played_at=base[0].played_at + timedelta(minutes=i)).to_dict())
            for i in range(n)]


def hand_lines(n: int, start: int = 0) -> list[str]:
    r0 = make_record(0)
    return [json.dumps(replace(r0, played_at=r0.played_at + timedelta(seconds=start + i)).to_dict())
            for i in range(n)]


# --- 1. an export never writes onto the history's own files -------------------------------------------


OWN_TARGETS: list[tuple[str, Callable[[Path], Path]]] = [
    ("the database", lambda d: d / "history.sqlite3"),
    ("the database through ./", lambda d: d / "." / "history.sqlite3"),
    ("the database through ../D", lambda d: d / ".." / "D" / "history.sqlite3"),
    ("-wal", lambda d: d / "history.sqlite3-wal"),
    ("-shm", lambda d: d / "history.sqlite3-shm"),
    ("-journal (not there yet)", lambda d: d / "history.sqlite3-journal"),
    ("another case", lambda d: d / "HISTORY.SQLITE3"),
    ("the pending journal", lambda d: d / "pending-hands.jsonl"),
    ("a journal being replayed", lambda d: d / "pending-hands.replaying-0123.jsonl"),
    ("a database kept aside", lambda d: d / "history.sqlite3.unreadable-20260101T000000000000Z"),
]


@pytest.mark.parametrize(("what", "target"), OWN_TARGETS, ids=[t[0] for t in OWN_TARGETS])
def test_1_an_export_never_writes_onto_the_historys_own_files(
        tmp_path: Path, capsys: Capture, what: str, target: Callable[[Path], Path]) -> None:
    folder = tmp_path / "D"
    db = seed(folder)
    (folder / "pending-hands.jsonl").write_text('{"hands": []}\n', encoding="utf-8")
    before = files(folder)
    status, out, err = hist(capsys, tmp_path, "export", target(folder), "--force")
    assert status == 2 and out == ""
    assert "one of the history's own files" in err and "even with --force" in err
    assert len(err.splitlines()) == 1
    assert files(folder) == before  # nothing written, nothing new
    status, out, _ = run(capsys, "stats", "--data-dir", str(folder))
    assert status == 0 and "Hands played: 3" in out
    assert db.is_file()


def test_1_every_path_that_leads_to_the_database_is_refused(tmp_path: Path,
                                                          capsys: Capture) -> None:
    folder = tmp_path / "D"
    db = seed(folder)
    before = digest(db)
    (tmp_path / "link").symlink_to(folder)  # a link to the folder
    os.link(db, tmp_path / "hard")  # a hard link to the database itself
    for target in (tmp_path / "link" / "history.sqlite3", tmp_path / "link" / "history.sqlite3-wal",
                   tmp_path / "hard"):
        status, _, err = hist(capsys, tmp_path, "export", target, "--force")
        assert status == 2 and "one of the history's own files" in err, target
    cwd = os.getcwd()
    os.chdir(folder)
    try:  # ./ with the data folder given as "."
        status, _, err = run(capsys, "history", "export", "--force", "--data-dir", ".", "./history.sqlite3")
    finally:
        os.chdir(cwd)
    assert status == 2 and "one of the history's own files" in err
    assert digest(db) == before and digest(tmp_path / "hard") == before
    refused = pytest.raises(OwnFileRefused, match="an export never writes onto")
    with HistoryStore.open_readonly(folder) as store, refused:
        export_jsonl(store, tmp_path / "link" / "history.sqlite3", force=True)  # the window's path too
    # an ordinary file beside them is still written, and replaced when asked
    status, out, _ = hist(capsys, tmp_path, "export", folder / "export.jsonl")
    assert status == 0 and "Exported 3 hands" in out
    status, out, _ = hist(capsys, tmp_path, "export", folder / "export.jsonl", "--force")
    assert status == 0 and "Exported 3 hands" in out


# --- 2. one damaged record of any table makes nothing unexportable -------------------------------------


DRILL_DAMAGE = [
    ("played_at garbage", "UPDATE drill_results SET played_at = 'garbage' WHERE id = 1", "played_at"),
    ("theme not UTF-8", "UPDATE drill_results SET theme = CAST(X'FF' AS TEXT) WHERE id = 1", "theme"),
    ("theme a BLOB", "UPDATE drill_results SET theme = X'00FF' WHERE id = 1", "theme"),
    ("loss infinite", "UPDATE drill_results SET loss = 9e999 WHERE id = 1", "loss"),
    ("grade zzz", "UPDATE drill_results SET grade = 'zzz' WHERE id = 1", "grade"),
    ("ev abc", "UPDATE drill_results SET ev = 'abc' WHERE id = 1", "ev"),
    ("hand junk", "UPDATE drill_results SET hand = 'junk' WHERE id = 1", "hand"),
    ("arrangement of one card", "UPDATE drill_results SET arrangement = 'As' WHERE id = 1", "arrangement"),
    ("foul 7", "UPDATE drill_results SET foul = 7 WHERE id = 1", "foul"),
    ("difficulty huge", "UPDATE drill_results SET difficulty = 99999999 WHERE id = 1", "difficulty"),
    ("theme of 5 MB", "UPDATE drill_results SET theme = printf('%5000000s', 'x') WHERE id = 1", "theme"),
]


@pytest.mark.parametrize(("what", "sql", "field"), DRILL_DAMAGE, ids=[d[0] for d in DRILL_DAMAGE])
def test_2_a_damaged_drill_row_is_named_and_left_out_and_the_export_imports(
        tmp_path: Path, capsys: Capture, what: str, sql: str, field: str) -> None:
    db = seed(tmp_path / "D")
    with sqlite3.connect(db) as conn:
        conn.execute(sql)
    conn.close()
    out = tmp_path / "h.jsonl"
    status, stdout, err = hist(capsys, tmp_path, "export", out)
    assert status == 0 and "Exported 3 hands" in stdout
    assert f"drill result 1: {field}" in err and "1 damaged hands or drill results" in err
    text = out.read_text(encoding="utf-8")  # valid JSON, every line
    assert all(json.loads(line, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))
               for line in text.splitlines())
    status, stdout, err = hist(capsys, tmp_path, "import", out, data="E")
    assert status == 0 and err == ""
    assert "Imported 3 hands" in stdout and "Imported 2 drill results" in stdout
    with HistoryStore.open_readonly(tmp_path / "D") as store:  # the reader the Drill tab uses
        assert [r.grade for r in store.drill_results()] == ["best", "mistake"]
        assert len(store.skipped) == 1 and store.skipped[0].startswith("drill result 1:")


def test_2_damaged_lesson_progress_is_named_and_left_out(tmp_path: Path) -> None:
    db = seed(tmp_path / "D")
    with sqlite3.connect(db) as conn:
        when = "2026-01-01T00:00:00+00:00"
        conn.execute("INSERT INTO lessons_completed VALUES (CAST(X'FF' AS TEXT), ?)", (when,))
        conn.execute("INSERT INTO lessons_completed VALUES (X'00', ?)", (when,))
        conn.execute("INSERT INTO lessons_completed VALUES ('example_1', 'garbage')")
    conn.close()
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.completed_lessons() == {"rankings"}
        assert len(store.skipped) == 3 and all(s.startswith("lesson progress") for s in store.skipped)
        with pytest.raises(RecordError, match=r"^lesson_id: text that is not valid Unicode \(a lone"):
            store.mark_lesson_completed("\udcff")
        store.mark_lesson_completed("example_1")  # a damaged row is replaced by a good one
        assert store.completed_lessons() == {"rankings", "example_1"}


def test_2_the_store_refuses_a_drill_result_that_would_not_read_back(tmp_path: Path) -> None:
    bad = [replace(records()[0], theme="\ud800"), replace(records()[0], arrangement="As"),
           replace(records()[0], loss=float("inf"))]
    with HistoryStore.open(tmp_path / "D") as store:
        messages = (r"^theme: text that is not valid Unicode", r"^arrangement ", r"^loss ")
        for record, message in zip(bad, messages, strict=True):
            with pytest.raises(RecordError, match=message):
                store.add_drill_results([records()[1], record])
        assert store.drill_results() == []  # all or none


# --- 3. drill results: one transaction with the hands, an identity, validation on the way in -----------


def test_3_import_into_a_history_with_a_damaged_drill_row_imports_everything_once(
        tmp_path: Path, capsys: Capture) -> None:
    db = seed(tmp_path / "D", 4)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE drill_results SET played_at = 'garbage' WHERE id = 1")
    conn.close()
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(hand_lines(40, 3600) + drill_lines(5)) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 0 and err == ""
    assert "Imported 40 hands" in out and "Imported 4 drill results (1 already in the history)" in out
    assert counts(tmp_path / "D") == (44, 7)


def test_3_a_bad_drill_line_is_refused_before_anything_is_stored(tmp_path: Path,
                                                                capsys: Capture) -> None:
    good = records()[0].to_dict()
    lines = [*hand_lines(3), json.dumps(good),
             json.dumps(good | {"theme": "\ud800"}),  # a lone surrogate
             json.dumps(good | {"arrangement": "As"}),
             json.dumps(good | {"best": "As Ks / Qs"}),
             json.dumps(good | {"arrangement": good["best"].replace("Ad", "2c")}),  # not the hand's cards
             json.dumps(good | {"theme": "t" * 65}),
             json.dumps(good | {"loss_stderr": -1.0})]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 3 hands" in out and "Imported 1 drill results" in out
    for n, reason in ((5, "surrogate"), (6, "rows of 3, 5 and 5"), (7, "best must be rows"),
                      (8, "hand's cards"), (9, "theme must be text of 1 to 64"), (10, "loss_stderr")):
        assert f"line {n}: " in err and reason in err, (n, reason, err)
    assert "Traceback" not in err and counts(tmp_path / "D") == (3, 1)


def test_3_hands_and_drill_results_are_one_transaction(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.history import drill_record

    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(hand_lines(20) + drill_lines(3)) + "\n", encoding="utf-8")

    def failing(conn: sqlite3.Connection, rows: object) -> list[tuple[int, bool]]:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(drill_record, "insert", failing)
    with HistoryStore.open(tmp_path / "D") as store:
        with pytest.raises(Exception, match="full"):
            import_jsonl(store, path)
        assert store.count() == 0  # the hands were rolled back with the drill results
    monkeypatch.undo()
    with HistoryStore.open(tmp_path / "D") as store:
        report = import_jsonl(store, path)
        assert (report.imported, report.drill_imported) == (20, 3)


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "cp_trainer", *args]


def test_3_a_kill_during_import_keeps_both_or_neither(tmp_path: Path) -> None:
    n_hands, n_drills = 3000, 3000
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(hand_lines(n_hands) + drill_lines(n_drills)) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen: set[tuple[int, int]] = set()
    for attempt in range(3):
        folder = tmp_path / f"D{attempt}"
        HistoryStore.open(folder).close()
        cmd = _cli("history", "import", "--data-dir", str(folder), "--lang", "en", str(path))
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 300
        # kill -9 the moment the hands are visible (attempt 0), or at a point while it works
        while proc.poll() is None and time.monotonic() < deadline:
            if attempt == 0 and counts(folder)[0] > 0:
                break
            if attempt > 0 and (folder / "history.sqlite3-wal").exists() \
                    and (folder / "history.sqlite3-wal").stat().st_size > 200_000 * attempt:
                break
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        got = counts(folder)
        assert got in ((0, 0), (n_hands, n_drills)), got
        seen.add(got)
    assert seen  # (which of the two depends on the moment; never hands without their drill results)


def test_3_concurrent_imports_store_each_drill_result_once(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(hand_lines(300) + drill_lines(600)) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = _cli("history", "import", "--data-dir", str(tmp_path / "D"), "--lang", "en", str(path))
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(3)]
    results = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], results
    assert counts(tmp_path / "D") == (300, 600)
    imported = sorted(int(out.splitlines()[1].split()[1]) for out, _ in results)
    assert imported == [0, 0, 600]


def _version_7_with_doubled_drills(folder: Path) -> Path:
    """A history as schema 7 left it: drill results without identity, one of them doubled (the
    old concurrent imports)."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "history.sqlite3"
    conn = sqlite3.connect(db)
    sqlite_file.register_functions(conn)  # the functions the earlier steps use
    for step in MIGRATIONS[:7]:
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 7")
    columns = ("played_at", "hand", "source", "theme", "difficulty", "arrangement", "best", "ev", "best_ev",
               "loss", "loss_stderr", "significant", "foul", "grade")
    for r in [*records(), records()[1]]:
        d = r.to_dict()
        conn.execute(f"INSERT INTO drill_results ({', '.join(columns)}) VALUES ({', '.join('?' * 14)})",
                     [d[c] for c in columns])
    conn.commit()
    conn.close()
    return db


def test_3_the_migration_gives_drill_results_an_identity_and_keeps_every_row(tmp_path: Path,
                                                                             capsys: Capture
                                                                             ) -> None:
    _version_7_with_doubled_drills(tmp_path / "D")
    # read-only commands read the old schema through a copy, never changing the file
    status, _, err = hist(capsys, tmp_path, "export", tmp_path / "h.jsonl")
    assert status == 0 and err == ""
    assert sum('"kind": "drill"' in line for line in (tmp_path / "h.jsonl").read_text().splitlines()) == 4
    with sqlite3.connect(tmp_path / "D" / "history.sqlite3") as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 7
    conn.close()
    with HistoryStore.open(tmp_path / "D") as store:
        assert store.schema_version == SCHEMA_VERSION == 8
        assert len(store.drill_results()) == 4  # a migration never deletes a row
        assert store.add_drill_results(records()) == [1, 2, 3]  # known: the stored copies
        report = import_jsonl(store, tmp_path / "h.jsonl")
        assert (report.drill_imported, report.drill_skipped) == (0, 4)
    with sqlite3.connect(tmp_path / "D" / "history.sqlite3") as conn:
        uids = [r[0] for r in conn.execute("SELECT uid FROM drill_results ORDER BY id")]
        assert uids[:3] == [r.identity for r in records()] and uids[3] == f"{uids[1]}-4"
        with pytest.raises(sqlite3.IntegrityError, match=r"^UNIQUE constraint failed: drill_results\.uid$"):
            conn.execute("UPDATE drill_results SET uid = ? WHERE id = 3", (uids[0],))
    conn.close()
    # an export of it into a new history keeps one copy of each result
    with HistoryStore.open(tmp_path / "E") as other:
        report = import_jsonl(other, tmp_path / "h.jsonl")
        assert (report.drill_imported, report.drill_skipped) == (3, 1)


def test_3_the_writer_path_keeps_drill_results_once(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path / "D") as store:
        store.add_drill_results(records())
        store.add_drill_results(records())  # a journal replayed twice
        assert store.drill_results() == records()


# --- 4. what import accepts, the store keeps -------------------------------------------------------


def _with_fouls(n: int, message: str = "order") -> str:
    data = make_record(0, fouled=True).to_dict()
    data["fouls"] = [{"code": "order", "message": message}] * n
    return json.dumps(data)


def test_4_one_limit_of_fouls_for_import_and_store(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(_with_fouls(5000) + "\n" + _with_fouls(limits.MAX_FOULS) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 1 hands" in out
    assert "line 1: fouls: 5,000 of them, more than the 1,000" in err
    # the hand at the limit is kept: in the statistics and in an export that imports again
    status, out, err = run(capsys, "stats", "--json", "--data-dir", str(tmp_path / "D"))
    assert status == 0 and err == "" and json.loads(out)["hands"] == 1
    status, out, err = hist(capsys, tmp_path, "export", tmp_path / "out.jsonl")
    assert status == 0 and err == "" and "Exported 1 hands" in out
    status, out, err = hist(capsys, tmp_path, "import", tmp_path / "out.jsonl", data="E")
    assert status == 0 and err == "" and "Imported 1 hands" in out
    with HistoryStore.open(tmp_path / "D") as store, pytest.raises(RecordError, match="fouls"):
        store.add(replace(make_record(9, fouled=True), fouls=make_record(9, fouled=True).fouls * 1001))


def test_4_no_record_is_kept_whose_export_line_an_import_refuses(tmp_path: Path,
                                                               capsys: Capture) -> None:
    # 900 long fouls (under the count), written compactly in under 1 MB: exported with the usual
    # spaces the line would be longer than an import reads, so the import refuses it by line.
    data = json.loads(_with_fouls(900, ""))
    size = len(json.dumps(data, separators=(",", ":")))
    data["fouls"] = [{"code": "order", "message": "m" * ((limits.MAX_LINE_BYTES - 500 - size) // 900)}] * 900
    line = json.dumps(data, separators=(",", ":"))
    assert len(line) < limits.MAX_LINE_BYTES < len(json.dumps(data, ensure_ascii=False, sort_keys=True)) + 1
    path = tmp_path / "in.jsonl"
    path.write_text(line + "\n" + _with_fouls(600, "m" * 1000) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 1 hands" in out  # the 600-foul hand (a 600 kB line) is kept
    assert "line 1: its export line would be" in err and "more than the 1,000,000" in err
    with HistoryStore.open(tmp_path / "D") as store:
        with pytest.raises(RecordError, match="export line"):
            store.add(HandRecord.from_dict(data))
        # damage that makes a stored row too long for an export: named and left out
        store._conn.execute("UPDATE fouls SET message = ? WHERE position = 0", ("x" * 2_000_000,))
    status, out, err = hist(capsys, tmp_path, "export", tmp_path / "out.jsonl")
    assert status == 0 and "Exported 0 hands" in out and "hand 1: its export line would be" in err
    status, out, err = hist(capsys, tmp_path, "import", tmp_path / "out.jsonl", data="E")
    assert status == 0 and "Imported 0 hands" in out and err == ""


# --- 7. imports that blocked forever or grew without bound ---------------------------------------------


def _feed(fifo: Path, chunks: Callable[[], bytes | None], delay_s: float = 0.0) -> threading.Thread:
    def feed() -> None:
        time.sleep(delay_s)
        try:
            with open(fifo, "wb", buffering=0) as fh:
                while (chunk := chunks()) is not None:
                    fh.write(chunk)
        except BrokenPipeError:  # the import stopped reading
            pass

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


def test_7_a_fifo_nobody_writes_to_ends_with_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: Capture) -> None:
    monkeypatch.setattr(jsonl_module, "IMPORT_IDLE_S", 0.5)  # the real wait is 60 s
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    assert status == 2 and out == "" and "nothing arrived for 0.5 seconds" in err
    assert "nothing was imported" in err and len(err.splitlines()) == 1
    # a writer that opens it and then stays silent is given up on too
    stop = threading.Event()
    sent = [False]

    def one_line_then_silence() -> bytes | None:
        if not sent[0]:
            sent[0] = True
            return (hand_lines(1)[0] + "\n").encode()
        stop.wait(10)
        return None

    feeder = _feed(fifo, one_line_then_silence)
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    stop.set()
    feeder.join(15)
    assert status == 2 and "nothing arrived" in err and counts(tmp_path / "D") == (0, 0)


def test_7_a_pipe_or_fifo_with_a_history_is_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: Capture) -> None:
    monkeypatch.setattr(jsonl_module, "IMPORT_IDLE_S", 5.0)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    lines = iter([("\n".join(hand_lines(50) + drill_lines(3)) + "\n").encode(), None])
    feeder = _feed(fifo, lambda: next(lines), delay_s=0.3)  # the writer comes a little later
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    feeder.join(15)
    assert status == 0 and err == "" and "Imported 50 hands" in out and "Imported 3 drill results" in out
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    text = "\n".join(hand_lines(5, 100)) + "\n"
    cmd = _cli("history", "import", "--data-dir", str(tmp_path / "D"), "--lang", "en", "/dev/stdin")
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0 and "Imported 5 hands" in proc.stdout, proc.stderr


def test_7_random_bytes_are_refused_at_once(tmp_path: Path, capsys: Capture) -> None:
    fifo = tmp_path / "urandom"  # /dev/urandom: random bytes without end
    os.mkfifo(fifo)
    stop = threading.Event()
    sent = [0]

    def random_bytes() -> bytes | None:
        if stop.is_set():
            return None
        sent[0] += 65536
        return os.urandom(65536)

    feeder = _feed(fifo, random_bytes)
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    stop.set()
    feeder.join(15)
    assert status == 2 and out == "" and "binary data" in err and "nothing was imported" in err
    assert sent[0] < 10_000_000  # refused within the first few kilobytes read (the pipe holds a few more)
    assert not (tmp_path / "D" / "history.sqlite3").exists() or counts(tmp_path / "D") == (0, 0)


def test_7_an_endless_stream_of_text_lines_stops_at_the_total_limit(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: Capture) -> None:
    monkeypatch.setattr(jsonl_module, "MAX_IMPORT_BYTES", 3_000_000)  # the real limit is 256 MB
    hand = hand_lines(1)[0].encode()  # a valid line now and then: not junk, but without end
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)
    stop = threading.Event()
    feeder = _feed(fifo, lambda: None if stop.is_set() else (b"x" * 999 + b"\n") * 100 + hand + b"\n")
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    stop.set()
    feeder.join(15)
    assert status == 2 and out == "" and "more than the 3,000,000 bytes an import reads" in err
    assert len(err.splitlines()) == 1


def test_7_damaged_lines_are_counted_not_all_kept(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_text(hand_lines(1)[0] + "\n" + "{}\n" * 50_000, encoding="utf-8")
    result = read_lines(path)
    assert len(result.records) == 1 and result.damaged_count == 50_000
    assert len(result.damaged) == limits.MAX_DAMAGED_KEPT and result.damaged[0].line == 2


def test_7_endless_text_junk_is_refused_as_not_a_history(tmp_path: Path, capsys: Capture) -> None:
    fifo = tmp_path / "yes"  # yes | cp-trainer history import /dev/stdin
    os.mkfifo(fifo)
    stop = threading.Event()
    feeder = _feed(fifo, lambda: None if stop.is_set() else b"y\n" * 32768)
    status, out, err = hist(capsys, tmp_path, "import", fifo)
    stop.set()
    feeder.join(15)
    assert status == 2 and out == "" and "not a history file (its first 10,000 lines" in err
    assert len(err.splitlines()) == 1


def test_7_a_large_regular_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: Capture) -> None:
    monkeypatch.setattr(jsonl_module, "MAX_IMPORT_BYTES", 100_000)
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(hand_lines(200)) + "\n", encoding="utf-8")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and out == "" and "more than the 100,000 an import reads" in err


def test_7_a_terminal_is_refused(tmp_path: Path, capsys: Capture) -> None:
    leader, follower = pty.openpty()
    try:
        status, out, err = hist(capsys, tmp_path, "import", os.ttyname(follower))
    finally:
        os.close(leader)
        os.close(follower)
    assert status == 2 and out == "" and "a terminal, not a file" in err


def test_7_binary_after_good_lines_is_a_damaged_line(tmp_path: Path, capsys: Capture) -> None:
    # an export whose last block was zero-filled by a crash: the good lines are kept
    path = tmp_path / "zeros.jsonl"
    path.write_bytes(("\n".join(hand_lines(3)) + "\n").encode() + b"\0" * 4096 + b"\n")
    status, out, err = hist(capsys, tmp_path, "import", path)
    assert status == 2 and "Imported 3 hands" in out and "line 4: not valid JSON" in err


def test_drill_record_identity_is_its_time_hand_and_arrangement() -> None:
    a, b = records()[0], records()[2]
    assert a.identity != b.identity  # same hand and arrangement, ten minutes apart
    assert replace(a, grade="blunder").identity == a.identity
    assert DrillRecord.from_dict(a.to_dict()).identity == a.identity


# --- fuzzing: any drill field, any value --------------------------------------------------------------

DRILL_FIELDS = [*sorted(records()[0].to_dict()), "unknown"]


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(DRILL_FIELDS), value=JSON_VALUES)
def test_fuzzed_drill_lines_are_stored_or_named_never_a_crash(field: str, value: object) -> None:
    data = records()[0].to_dict()
    data[field] = value
    line = json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.jsonl"
        path.write_bytes(line + b"\n")
        result = read_lines(path)
        assert len(result.drills) + len(result.records) + result.damaged_count == 1
        with HistoryStore.open(Path(folder) / "D") as store:
            report = import_jsonl(store, path)
            stored = store.drill_results()
            assert store.skipped == () and len(stored) == report.drill_imported == len(result.drills)
            for record in stored:  # what was stored reads back and exports again
                assert DrillRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
