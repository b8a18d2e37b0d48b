"""The history of played hands: an SQLite file in the user's data folder.

- One transaction per hand (``BEGIN IMMEDIATE`` … ``COMMIT``, ``synchronous=FULL``): a crash loses at
  most the hand being written.
- WAL journal and a busy timeout, so two windows (two connections) can write at once.
- Versioned schema (:mod:`.schema`): opening runs the missing migration steps. Each hand has a stable
  identity (``uid``, unique), so storing or importing a hand twice keeps one copy.
- Ours only: ``PRAGMA application_id`` marks a cp-trainer history. A file is looked at through a
  read-only connection before anything is written to it; another program's SQLite file is left
  untouched (:class:`HistoryError` names it).
- A file with a newer schema than this program knows is left as it is (:class:`HistoryNewer`):
  nothing is written to it, and the hands wait in the writer's journal.
- A damaged file is moved aside by the recording path only (``recover=True``: renamed with a
  timestamp, byte for byte as it was, never deleted) and a fresh database is started;
  :attr:`HistoryStore.recovery` says where the old file went. :meth:`HistoryStore.open_readonly`
  (``stats``, ``history export``) never modifies, moves or creates a database, nor any file
  beside it, and reads one in a folder it cannot write (:func:`_snapshot`).
- Everything read back is validated: a damaged row (a hand, a drill result, a lesson's progress)
  is skipped, and :attr:`HistoryStore.skipped` says which and why. Drill results are kept as
  hands are: validated on the way in, a unique identity, and an import's in one transaction with
  its hands. Every bound comes from :mod:`.limits`, the same the importer uses.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..support.bounded_input import read_bounded
from ..support.i18n import tr
from . import drill_record
from .drill_record import DrillRecord
from .limits import MAX_FOULS, MAX_LESSON_ID_CHARS, MAX_NUMBER
from .record import (
    Game,
    HandRecord,
    RecordError,
    check_text,
    export_line,
    finite_number,
    hand_uid,
    iso_utc,
    now_utc,
    parse_time,
    short_repr,
)
from .schema import APPLICATION_ID, COLUMNS_BY_VERSION, MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "DATA_DIR_ENV",
    "DB_FILENAME",
    "HandSummary",
    "HistoryBusy",
    "HistoryError",
    "HistoryFull",
    "HistoryStore",
    "NotOurFile",
    "Recovery",
    "default_data_dir",
]

DB_FILENAME = "history.sqlite3"
DATA_DIR_ENV = "CP_TRAINER_DATA_DIR"
BUSY_TIMEOUT_MS = 10_000
_OPENING = threading.Lock()  # one opening (and moving aside) at a time in this process


class HistoryError(ValueError):
    """The history database cannot be used at all (e.g. its folder cannot be written)."""


class NotOurFile(HistoryError):
    """The file at the history's path is another program's: it is left untouched."""


class HistoryNewer(HistoryError):
    """The history was written by a newer cp-trainer: it is never moved aside nor written."""


class HistoryBusy(HistoryError):
    """Another program held the database's write lock for longer than the busy timeout."""


class HistoryFull(HistoryError):
    """The disk (or the user's quota) is full: nothing is wrong with the history or the input.
    ``path``: the database that could not be written; :meth:`message` says so in a language."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return tr("history.error.cannot_write", lang, path=str(self.path),
                  reason=tr("history.error.disk_full", lang))


class _Unusable(Exception):
    """Internal: the file is not a database this program can use; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# SQLite errors of the moment or of the place, not of the file: another program holds the lock,
# the file or its folder is read-only or not ours, it is a folder, the disk is full or failing.
# The file may be a good history, so it is reported (HistoryError), never moved aside for them.
_NOT_THE_FILES_FAULT = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_READONLY", "SQLITE_CANTOPEN",
                        "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_FULL", "SQLITE_NOMEM", "SQLITE_IOERR")


FULL_DISK_BYTES = 1 << 20  # free space under which SQLite's "disk I/O error" is the disk being full


def is_full(exc: BaseException, path: Path) -> bool:
    """The error is the disk holding ``path`` being full: SQLite's SQLITE_FULL, or a disk I/O
    error (SQLite cannot grow its ``-shm`` or ``-wal`` file) while less than
    :data:`FULL_DISK_BYTES` are free there."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith("SQLITE_FULL"):
        return True
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    if not name.startswith("SQLITE_IOERR"):
        return False
    try:
        info = os.statvfs(path.parent)
    except (OSError, AttributeError):  # AttributeError: no statvfs (Windows)
        return False
    return info.f_bavail * info.f_frsize < FULL_DISK_BYTES


def _roll_back(conn: sqlite3.Connection) -> None:
    """End the transaction of ``conn`` without its changes, when one is still open: SQLite rolls
    a transaction back by itself on some errors (a full disk while it writes pages before
    COMMIT), and the error that ended it is the one to report, not a failed ROLLBACK."""
    if conn.in_transaction:
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def is_busy(exc: BaseException) -> bool:
    """The error is another connection holding the lock (worth waiting for and trying again)."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(exc)


def _unusable_or_refused(path: Path, exc: sqlite3.Error, prefix: str = "") -> _Unusable:
    """The :class:`_Unusable` to move the file aside for, or raise :class:`HistoryError`."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith(_NOT_THE_FILES_FAULT) and name != "SQLITE_IOERR_SHORT_READ":  # short: truncated
        if is_busy(exc):
            raise HistoryBusy(f"the history database {path} is busy (another program is writing "
                              f"to it); try again in a moment") from None
        if is_full(exc, path):
            raise HistoryFull(path) from None
        raise HistoryError(f"cannot use the history database {path}: {exc}") from None
    return _Unusable(f"{prefix}{exc}")


def default_data_dir() -> Path:
    """``$CP_TRAINER_DATA_DIR`` if set, else the platform's user data folder for cp-trainer;
    :class:`HistoryError` when there is neither (no home folder, a ``~user`` naming nobody)."""
    env = os.environ.get(DATA_DIR_ENV)
    import platformdirs

    try:
        if env:
            return Path(env).expanduser()
        return Path(platformdirs.user_data_dir("cp-trainer", appauthor=False))
    except (RuntimeError, KeyError) as exc:  # "~nosuchuser/x", or no home folder at all
        raise HistoryError(f"there is no folder for the history ({exc}); set {DATA_DIR_ENV} to a "
                           f"folder to keep it in") from None


@dataclass(frozen=True)
class Recovery:
    """An unusable database was moved aside to ``moved_to``; ``reason`` is the technical cause."""

    original: Path
    moved_to: Path
    reason: str

    def message(self, lang: str = "en") -> str:
        return tr("history.recovered", lang, moved_to=str(self.moved_to), reason=self.reason)


@dataclass(frozen=True)
class HandSummary:
    """The columns the history window and the statistics need, without loading whole hands."""

    id: int
    played_at: datetime
    game: Game
    points: float
    solver_ev: float | None
    player_ev: float | None
    foul_count: int
    house_rules: str  # canonical JSON, usable as a filter key

    @property
    def ev_lost(self) -> float | None:
        if self.solver_ev is None or self.player_ev is None:
            return None
        return self.solver_ev - self.player_ev

    @property
    def fouled(self) -> bool:
        return self.foul_count > 0


def rules_key(rules: Any) -> str:
    """House rules as canonical JSON: equal rules give equal text."""
    return json.dumps(dict(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class HistoryStore:
    """An open history database. Use :meth:`open` or :meth:`open_readonly`; close it (or use
    ``with``) when done."""

    def __init__(self, conn: sqlite3.Connection, path: Path, recovery: Recovery | None,
                 *, readonly: bool = False) -> None:
        self._conn = conn
        self.path = path
        self.recovery = recovery
        self.readonly = readonly
        self.skipped: tuple[str, ...] = ()  # the damaged rows the last read left out, and why

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *, filename: str = DB_FILENAME,
             recover: bool = True, busy_timeout_ms: int | None = None) -> HistoryStore:
        """Open (creating if needed) the history for writing.

        ``recover``: a damaged file is moved aside and a new history started (the recording
        path); without it a damaged file is reported (:class:`HistoryError`) and left as it is.
        Another program's file is always left untouched (:class:`NotOurFile`).
        """
        folder = Path(data_dir) if data_dir is not None else default_data_dir()
        path = folder / filename
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                raise HistoryFull(path) from None
            raise HistoryError(f"cannot create the history folder {folder}: {exc.strerror or exc}") from None
        recovery: Recovery | None = None
        if busy_timeout_ms is None:
            busy_timeout_ms = BUSY_TIMEOUT_MS
        with _OPENING:  # the window's reader and its writer thread must not both move a file aside
            try:
                conn = _open_waiting(path, busy_timeout_ms)
            except _Unusable as bad:
                if not recover:
                    raise HistoryError(f"the history database {path} is damaged ({bad.reason}); it was "
                                       f"left as it is") from None
                moved = _move_aside(path)
                recovery = Recovery(original=path, moved_to=moved, reason=bad.reason)
                try:
                    conn = _open_waiting(path, busy_timeout_ms)
                except _Unusable as again:
                    raise HistoryError(f"cannot start a new history database at {path}: "
                                       f"{again.reason}") from None
        return cls(conn, path, recovery)

    @classmethod
    def open_readonly(cls, data_dir: str | os.PathLike[str] | None = None, *,
                      filename: str = DB_FILENAME, missing_ok: bool = False) -> HistoryStore:
        """Open the history for reading only: nothing is created, modified or moved.

        A damaged, newer or foreign file raises :class:`HistoryError`; so does a missing one unless
        ``missing_ok`` (then the history reads as empty, and no file is created). A file of an
        older schema is read through an in-memory copy brought up to date.
        """
        folder = Path(data_dir) if data_dir is not None else default_data_dir()
        path = folder / filename
        _check_reachable(folder, path)
        if not path.exists() and missing_ok:
            empty = _connect(":memory:")
            _register(empty)
            _migrate(empty)
            return cls(empty, path, None, readonly=True)
        if not path.is_file():
            raise HistoryError(f"there is no history database at {path}" if not path.exists()
                               else f"{path} is not a file; it was left untouched")
        try:
            conn = _connect_readonly(path)
        except sqlite3.Error as exc:
            raise HistoryError(f"cannot open the history database {path}: {exc}") from None
        try:
            version = _inspect(conn, path)
            if version < SCHEMA_VERSION:
                memory = _connect(":memory:")
                conn.backup(memory)
                conn.close()
                conn = memory
                _register(conn)
                _migrate(conn)
        except _Unusable as bad:
            conn.close()
            raise HistoryError(f"the history database {path} is damaged ({bad.reason}); it was left "
                               f"as it is") from None
        except sqlite3.Error as exc:
            conn.close()
            raise HistoryError(f"cannot read the history database {path}: {exc}") from None
        except HistoryError:
            conn.close()
            raise
        return cls(conn, path, None, readonly=True)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    # --- writing ----------------------------------------------------------------------------

    @contextmanager
    def _write(self, wait_s: float = 0.0) -> Iterator[sqlite3.Connection]:
        """One write transaction. ``wait_s``: how long to keep asking for the write lock beyond the
        busy timeout (a long import by another program); then :class:`HistoryBusy`."""
        conn = self._conn
        deadline = time.monotonic() + wait_s
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as exc:
                if not is_busy(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise HistoryBusy(f"the history database {self.path} is busy (another program is "
                                      f"writing to it); try again in a moment") from None
                time.sleep(0.05)
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            _roll_back(conn)
            if is_full(exc, self.path):
                raise HistoryFull(self.path) from None
            raise

    def add(self, record: HandRecord) -> int:
        """Store one hand in one transaction; return its id (the stored copy's if already there)."""
        checked = _checked(record)
        with self._write() as conn:
            return _insert(conn, checked)[0]

    def add_many(self, records: Iterable[HandRecord]) -> list[int]:
        """Store several hands in ONE transaction (all or none). A hand already stored (same
        identity) is not stored again; its id is the stored copy's."""
        checked = [_checked(r) for r in records]
        with self._write() as conn:
            return [_insert(conn, r)[0] for r in checked]

    def import_all(self, records: Iterable[HandRecord], drills: Iterable[DrillRecord], *,
                   wait_s: float = 0.0) -> tuple[int, int]:
        """Store the hands and the drill results not stored yet, all in ONE ``BEGIN IMMEDIATE``
        transaction (all or none: a crash keeps both or neither); how many of each were new. The
        records must come from the validators (:meth:`HandRecord.from_dict`,
        :meth:`DrillRecord.from_dict`)."""
        hands, results = list(records), list(drills)
        with self._write(wait_s) as conn:
            new_hands = sum(_insert(conn, r)[1] for r in hands)
            new_drills = sum(new for _, new in drill_record.insert(conn, results))
            return new_hands, new_drills

    def set_solver(self, record: int | str, arrangement: str, solver_ev: float,
                   player_ev: float | None, loss_stderr: float | None = None) -> bool:
        """Add the solver's verdict to a stored hand (it arrives after the showdown); ``record``
        is the hand's id or its identity (``uid``); ``loss_stderr``: the paired standard error of
        ``solver_ev - player_ev``."""
        for value, what in ((solver_ev, "solver_ev"), (player_ev, "player_ev"), (loss_stderr, "loss_stderr")):
            if value is not None and not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise RecordError(f"{what} must be a finite number from -1e9 to 1e9, got {value!r}")
        if loss_stderr is not None and loss_stderr < 0:
            raise RecordError(f"loss_stderr must not be negative, got {loss_stderr!r}")
        column = "uid" if isinstance(record, str) else "id"
        with self._write() as conn:
            return conn.execute(
                "UPDATE hands SET solver_arrangement = ?, solver_ev = ?, player_ev = ?, loss_stderr = ? "
                f"WHERE {column} = ?", (arrangement, solver_ev, player_ev, loss_stderr, record)).rowcount > 0

    def add_drill_results(self, records: Iterable[DrillRecord]) -> list[int]:
        """Store drill results in one transaction (:mod:`.drill_record`); each one's id (the stored
        copy's when one of its identity is there already). :class:`RecordError` for a result
        that would not read back (nothing is stored then)."""
        checked = [_checked_drill(r) for r in records]
        with self._write() as conn:
            return [i for i, _ in drill_record.insert(conn, checked)]

    def drill_results(self) -> list[DrillRecord]:
        """Every valid drill result, oldest first; damaged rows are left out and listed in
        :attr:`skipped`."""
        self.skipped = ()
        out: list[DrillRecord] = []
        skipped: list[str] = []
        for row in self._read(drill_record.SELECT):
            try:
                out.append(drill_record.from_row(row))
            except (RecordError, ValueError, TypeError, OverflowError, RecursionError) as exc:
                skipped.append(_damaged(row[0], exc, "drill result"))
        self.skipped = tuple(skipped)
        return out

    def rule_sets(self) -> list[tuple[str, int]]:
        """Every distinct set of house rules in the history (canonical JSON) and its hand count."""
        rows = self._conn.execute("SELECT house_rules, COUNT(*) FROM hands GROUP BY house_rules "
                                  "ORDER BY COUNT(*) DESC, house_rules")
        return [(r[0], int(r[1])) for r in rows if isinstance(r[0], str)]

    def mark_lesson_completed(self, lesson_id: str) -> None:
        _check_lesson_id(lesson_id)
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO lessons_completed (lesson_id, completed_at) VALUES (?, ?)",
                         (lesson_id, now_utc().isoformat()))

    def completed_lessons(self) -> set[str]:
        """The lessons finished; a damaged row is left out and listed in :attr:`skipped`."""
        self.skipped = ()
        done: set[str] = set()
        skipped: list[str] = []
        for lesson_id, completed_at in self._read("SELECT lesson_id, completed_at FROM lessons_completed "
                                                  "ORDER BY rowid"):
            try:
                _check_lesson_id(lesson_id)
                parse_time(completed_at)
            except RecordError as exc:
                skipped.append(f"lesson progress {short_repr(lesson_id)}: {exc}")
                continue
            done.add(lesson_id)
        self.skipped = tuple(skipped)
        return done

    def delete(self, record_id: int) -> bool:
        with self._write() as conn:
            return conn.execute("DELETE FROM hands WHERE id = ?", (record_id,)).rowcount > 0

    # --- reading ----------------------------------------------------------------------------

    def count(self, game: Game | None = None) -> int:
        if game is None:
            return int(self._conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
        row = self._conn.execute("SELECT COUNT(*) FROM hands WHERE game = ?", (game.value,)).fetchone()
        return int(row[0])

    def get(self, record_id: int) -> HandRecord | None:
        """One hand; None when there is none of that id or its row is damaged (see :attr:`skipped`)."""
        rows = self._read(f"{_HAND_SELECT} WHERE id = ?", (record_id,))
        found = self._assemble(rows)
        return found[0] if found else None

    def hands(self, game: Game | None = None) -> list[HandRecord]:
        """Every stored hand (of one game, or all), oldest first; damaged rows are left out and
        listed in :attr:`skipped`."""
        if game is None:
            rows = self._read(f"{_HAND_SELECT} ORDER BY played_at, id")
        else:
            rows = self._read(f"{_HAND_SELECT} WHERE game = ? ORDER BY played_at, id", (game.value,))
        return self._assemble(rows)

    def summaries(self, game: Game | None = None) -> list[HandSummary]:
        """Light rows for lists and statistics, oldest first; damaged rows are left out and listed
        in :attr:`skipped`."""
        sql = ("SELECT id, played_at, game, points, solver_ev, player_ev, foul_count, house_rules "
               "FROM hands")
        params: tuple[Any, ...] = ()
        if game is not None:
            sql += " WHERE game = ?"
            params = (game.value,)
        sql += " ORDER BY played_at, id"
        out: list[HandSummary] = []
        skipped: list[str] = []
        rules_seen: set[str] = set()
        for r in self._read(sql, params):
            try:
                out.append(_summary(r, rules_seen))
            except (RecordError, ValueError, TypeError, OverflowError, RecursionError) as exc:
                skipped.append(_damaged(r[0], exc))
        self.skipped = tuple(skipped)
        return out

    def integrity_ok(self) -> bool:
        return bool(self._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:  # damage quick_check did not see
            raise HistoryError(f"cannot read the history database {self.path}: {exc}") from None

    def _assemble(self, rows: list[tuple[Any, ...]]) -> list[HandRecord]:
        self.skipped = ()
        if not rows:
            return []
        ids = [r[0] for r in rows]
        fouls: dict[Any, list[dict[str, Any]]] = {i: [] for i in ids}
        opponents: dict[Any, list[dict[str, Any]]] = {i: [] for i in ids}
        for chunk_start in range(0, len(ids), 500):
            chunk = ids[chunk_start:chunk_start + 500]
            marks = ",".join("?" * len(chunk))
            for hand_id, code, message in self._read(
                    f"SELECT hand_id, code, message FROM fouls WHERE hand_id IN ({marks}) "
                    "ORDER BY hand_id, position", tuple(chunk)):
                fouls[hand_id].append({"code": code, "message": message})
            for hand_id, arrangement, points, name, gave_up in self._read(
                    "SELECT hand_id, arrangement, points, name, surrendered FROM opponents "
                    f"WHERE hand_id IN ({marks}) ORDER BY hand_id, seat", tuple(chunk)):
                opponents[hand_id].append({"arrangement": arrangement, "points": points, "name": name,
                                           "surrendered": gave_up})
        out: list[HandRecord] = []
        skipped: list[str] = []
        for r in rows:
            try:
                out.append(_record(r, fouls[r[0]], opponents[r[0]]))
            except (RecordError, ValueError, TypeError, OverflowError, RecursionError) as exc:
                skipped.append(_damaged(r[0], exc))
        self.skipped = tuple(skipped)
        return out


_HAND_SELECT = ("SELECT id, played_at, game, deal, arrangement, house_rules, solver_arrangement, "
                "solver_ev, player_ev, surrendered, criss_cross_hand, uid, points, foul_count, loss_stderr "
                "FROM hands")


def _damaged(row_id: Any, exc: BaseException, what: str = "hand") -> str:
    reason = "nested too deep" if isinstance(exc, RecursionError) else str(exc)
    return f"{what} {row_id!r:.30}: {reason}"


def _check_lesson_id(lesson_id: Any) -> None:
    if not isinstance(lesson_id, str) or not 0 < len(lesson_id) <= MAX_LESSON_ID_CHARS:
        raise RecordError(f"lesson_id must be text of 1 to {MAX_LESSON_ID_CHARS} characters, "
                          f"got {short_repr(lesson_id)}")
    check_text(lesson_id, "lesson_id")


def _json_object(text: Any, what: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise RecordError(f"{what} must be JSON text, got {type(text).__name__}")
    value = json.loads(text)
    if not isinstance(value, dict):
        raise RecordError(f"{what} must be a JSON object")
    return value


def _check_foul_count(foul_count: Any) -> None:
    if isinstance(foul_count, bool) or not isinstance(foul_count, int) or not 0 <= foul_count <= MAX_FOULS:
        raise RecordError(f"foul_count must be a count, got {foul_count!r:.60}")


def _summary(r: tuple[Any, ...], rules_seen: set[str]) -> HandSummary:
    """A checked :class:`HandSummary` of a row; :class:`RecordError` (or another ValueError) if damaged.
    ``rules_seen``: house-rules texts already checked (a history repeats a few sets of rules)."""
    hand_id, played_at, game, points, solver_ev, player_ev, foul_count, house_rules = r
    _check_foul_count(foul_count)
    if not isinstance(house_rules, str) or house_rules not in rules_seen:
        _json_object(house_rules, "house_rules")
        rules_seen.add(house_rules)
    return HandSummary(
        id=int(hand_id), played_at=parse_time(played_at), game=Game(game),
        points=float(finite_number(points, "points") or 0.0),
        solver_ev=finite_number(solver_ev, "solver_ev", nullable=True),
        player_ev=finite_number(player_ev, "player_ev", nullable=True), foul_count=foul_count,
        house_rules=house_rules)


def _record(r: tuple[Any, ...], fouls: list[dict[str, Any]], opponents: list[dict[str, Any]]) -> HandRecord:
    """A row back through :meth:`HandRecord.from_dict`, the one validator (what the store gives out
    always exports and re-imports)."""
    (hand_id, played_at, game, deal, arrangement, house_rules, solver_arr, solver_ev, player_ev,
     surrendered, cc_hand, uid, points, foul_count, loss_stderr) = r
    finite_number(points, "points")  # the stored figures the list and the statistics read
    _check_foul_count(foul_count)
    if surrendered not in (0, 1):
        raise RecordError(f"surrendered must be 0 or 1, got {surrendered!r:.60}")
    for i, o in enumerate(opponents):
        if o["surrendered"] not in (0, 1):
            raise RecordError(f"opponents[{i}].surrendered must be 0 or 1, got {o['surrendered']!r:.60}")
        o["surrendered"] = bool(o["surrendered"])
    solver = None if solver_arr is None else {"arrangement": solver_arr, "ev": solver_ev,
                                              "loss_stderr": loss_stderr}
    data: dict[str, Any] = {
        "game": game, "played_at": played_at, "deal": deal, "arrangement": arrangement,
        "fouls": fouls, "opponents": opponents, "house_rules": _json_object(house_rules, "house_rules"),
        "solver": solver,
        "player_ev": player_ev, "surrendered": bool(surrendered), "criss_cross_hand": cc_hand,
        "uid": uid,
    }
    return HandRecord.from_dict(data).with_id(int(hand_id))


def _checked(record: HandRecord) -> HandRecord:
    """Only what reads back: a record built in the program goes through the one validator too (a
    1e30 surrender cost stored as -1e30 points would make the export refuse to import), and its
    export line fits what an import reads."""
    checked = HandRecord.from_dict(record.to_dict())
    export_line(checked)
    return checked


def _checked_drill(record: DrillRecord) -> DrillRecord:
    """:func:`_checked` for a drill result."""
    checked = drill_record.checked(record)
    export_line(checked)
    return checked


def _insert(conn: sqlite3.Connection, record: HandRecord) -> tuple[int, bool]:
    """Store ``record`` unless a hand of its identity is stored; (its id, whether it was new)."""
    uid = record.identity
    cur = conn.execute(
        "INSERT INTO hands (played_at, game, deal, arrangement, house_rules, solver_arrangement, "
        "solver_ev, player_ev, points, foul_count, surrendered, criss_cross_hand, uid, loss_stderr) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
        (record.to_dict()["played_at"], record.game.value, record.deal, record.arrangement,
         rules_key(record.house_rules), record.solver_arrangement, record.solver_ev, record.player_ev,
         record.points, len(record.fouls), int(record.surrendered), record.criss_cross_hand, uid,
         record.loss_stderr),
    )
    if cur.rowcount == 0:
        row = conn.execute("SELECT id FROM hands WHERE uid = ?", (uid,)).fetchone()
        return int(row[0]), False
    hand_id = cur.lastrowid
    assert hand_id is not None
    conn.executemany("INSERT INTO fouls (hand_id, position, code, message) VALUES (?, ?, ?, ?)",
                     [(hand_id, i, f.code, f.message) for i, f in enumerate(record.fouls)])
    conn.executemany("INSERT INTO opponents (hand_id, seat, arrangement, points, name, surrendered) "
                     "VALUES (?, ?, ?, ?, ?, ?)",
                     [(hand_id, i, o.arrangement, o.points, o.name, int(o.surrendered))
                      for i, o in enumerate(record.opponents)])
    return hand_id, True


# --- opening, checking, migrating, moving aside -----------------------------------------------


def _text(raw: bytes) -> str:
    """Text read from the database: bytes that are not UTF-8 become lone surrogates, which the
    validator refuses, so one damaged row is skipped instead of failing the whole read."""
    return raw.decode("utf-8", "surrogateescape")


def _connect(database: str | Path, *, uri: bool = False,
             timeout_ms: int = BUSY_TIMEOUT_MS) -> sqlite3.Connection:
    conn = sqlite3.connect(database, uri=uri, timeout=timeout_ms / 1000, isolation_level=None)
    conn.text_factory = _text
    conn.execute(f"PRAGMA busy_timeout = {timeout_ms}")
    return conn


def _connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection that only reads ``path`` and leaves nothing beside it: a copy in memory when
    nothing is pending beside the file (:func:`_snapshot`), else SQLite's read-only mode."""
    snapshot = _snapshot(path)
    if snapshot is not None:
        return snapshot
    conn = _connect(path.absolute().as_uri() + "?mode=ro", uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        recovered = _recovered_copy(path)
        if recovered is None:
            raise
        conn.close()
        return recovered
    return conn


def _recovered_copy(path: Path) -> sqlite3.Connection | None:
    """The history as a window left it, read from a private copy, or None.

    SQLite's read-only mode cannot open a WAL database whose ``-wal`` holds frames and whose
    ``-shm`` is missing where the folder cannot be written (a window died there and the folder
    was copied, or belongs to another user): it would have to create the ``-shm``. The file and
    its ``-wal`` are copied (when both are small enough, and unchanged while copied) into a
    private temporary folder, SQLite recovers the copy there, and what it holds is read into
    memory; the temporary folder goes, the history's own files are never touched."""
    wal = path.with_name(path.name + "-wal")
    for _ in range(3):
        try:
            before = [_file_state(p) for p in (path, wal)]
            if before[0][2] + before[1][2] > SNAPSHOT_MAX_BYTES:
                return None
            with tempfile.TemporaryDirectory(prefix="cp-trainer-read-") as folder:
                copy = Path(folder) / path.name
                for source in (path, wal):
                    _copy_bounded(source, copy.with_name(source.name))
                if [_file_state(p) for p in (path, wal)] != before:
                    continue
                source_conn = _connect(copy)
                try:
                    memory = _connect(":memory:")
                    source_conn.backup(memory)
                finally:
                    source_conn.close()
                return memory
        except (OSError, sqlite3.Error):
            return None
    return None


def _file_state(path: Path) -> tuple[int, int, int, int]:
    """What identifies a regular file's content now (OSError for anything else: a FIFO is never
    opened, it would block)."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _copy_bounded(source: Path, target: Path) -> None:
    """Copy a regular file of at most :data:`SNAPSHOT_MAX_BYTES` (else :class:`OSError`)."""
    data = read_bounded(source, SNAPSHOT_MAX_BYTES)
    with open(target, "xb") as dst:
        dst.write(data)


SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024  # a larger history is read in place (SQLite's read-only mode)
_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")  # the first bytes of a real rollback journal


def _pending_state(path: Path) -> tuple[int, ...] | None:
    """What identifies the file's content now, or None when something is pending beside it (its
    ``-wal`` holds frames: a window has it open, or one crashed; its ``-journal`` is a real
    unfinished transaction) or it is too large to copy."""
    st = os.stat(path)
    if st.st_size > SNAPSHOT_MAX_BYTES:
        return None
    wal = path.with_name(path.name + "-wal")
    with contextlib.suppress(FileNotFoundError):
        if wal.stat().st_size > 0:
            return None
    journal = path.with_name(path.name + "-journal")
    with contextlib.suppress(FileNotFoundError), open(journal, "rb") as fh:
        if fh.read(len(_JOURNAL_MAGIC)) == _JOURNAL_MAGIC:
            return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _snapshot(path: Path) -> sqlite3.Connection | None:
    """The database read into memory, when nothing is pending beside it (else None).

    SQLite's read-only mode (``mode=ro``) creates the ``-wal`` and ``-shm`` of a WAL database and
    cannot remove them (a read-only connection cannot checkpoint), so ``stats`` left them behind;
    where the folder cannot be written (a read-only file system, another user's folder) it cannot
    open the file at all ("unable to open database file"); a junk ``-journal`` beside the file
    (one SQLite throws away when it writes) makes it refuse with "attempt to write a readonly
    database". With an empty ``-wal`` the file holds every committed transaction, so a copy of
    its bytes is the history, read without any of that. The file is looked at again after it is
    read: a change meanwhile (another program checkpointing into it) reads it again."""
    if not hasattr(sqlite3.Connection, "deserialize"):  # pragma: no cover - SQLite without it
        return None
    for _ in range(3):
        try:
            before = _pending_state(path)
            if before is None:
                return None
            with open(path, "rb") as fh:
                data = fh.read(SNAPSHOT_MAX_BYTES + 1)
            if _pending_state(path) != before:
                continue
        except OSError:
            return None
        if len(data) < 100:  # empty or truncated: SQLite's own reading says what it is
            return None
        if data[18:20] == b"\x02\x02":  # WAL: its (empty) log is not part of the copy
            data = data[:18] + b"\x01\x01" + data[20:]
        conn = _connect(":memory:")
        try:
            conn.deserialize(data)
        except sqlite3.Error:
            conn.close()
            return None
        return conn
    return None


def _check_reachable(folder: Path, path: Path) -> None:
    """:class:`HistoryError` when the history's path cannot lead to a file: the data folder is a
    file, the path is a symbolic link that loops or leads nowhere (never "no hands yet")."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        if folder.exists() and not folder.is_dir():
            raise HistoryError(f"the data folder {folder} is not a folder") from None
        return
    except OSError as exc:  # ENOTDIR: a file on the way; ELOOP; EACCES
        if exc.errno == errno.ENOTDIR:
            raise HistoryError(f"the data folder {folder} is not a folder") from None
        raise HistoryError(f"cannot reach the history database {path}: {exc.strerror or exc}") from None
    if stat.S_ISLNK(st.st_mode):
        try:
            os.stat(path)
        except OSError as exc:
            why = "loops" if exc.errno == errno.ELOOP else "leads to no file"
            raise HistoryError(f"the history database {path} is a symbolic link that {why}; "
                               f"it was left untouched") from None


def _inspect(conn: sqlite3.Connection, path: Path) -> int:
    """Look at a file through ``conn`` without writing: its schema version if it is a cp-trainer
    history this program can use; :class:`NotOurFile` for another program's file, :class:`_Unusable`
    for a damaged or newer one.

    The mark, the version and the tables are read in ONE read transaction, so from one snapshot.
    Read one statement at a time (a snapshot each), another program creating the history at that
    moment (its new file: a WAL header, application_id 0, no tables) could commit its first
    migration step between the reads: application_id 0 and version 0 from before, the tables
    from after, which is no history at all, and the file would be refused as another program's. Each
    migration step writes application_id with its tables, so in one snapshot a file with
    application_id 0 is an empty file or a history from before application_id."""
    try:
        conn.execute("BEGIN")  # deferred: reads only, never takes the write lock
        try:
            app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")  # nothing was written
    except sqlite3.Error as exc:
        raise _unusable_or_refused(path, exc, "cannot read: ") from None
    legacy = app_id == 0 and (not tables or ("hands" in tables and version >= 1))  # before application_id
    if app_id != APPLICATION_ID and not legacy:
        raise NotOurFile(f"{path} is not a cp-trainer history (another program's SQLite file); "
                         f"it was left untouched")
    if version > SCHEMA_VERSION:
        raise HistoryNewer(f"the history database {path} is from a newer version of cp-trainer (schema "
                           f"{version}, this program's is {SCHEMA_VERSION}); it was left as it is")
    try:
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as exc:
        raise _unusable_or_refused(path, exc) from None
    if check != "ok":
        raise _Unusable(f"integrity check failed: {check}")
    for since, table, column in COLUMNS_BY_VERSION:
        if version >= since:
            try:
                conn.execute(f"SELECT {column} FROM {table} LIMIT 0")
            except sqlite3.Error as exc:
                raise _Unusable(f"not a cp-trainer history database ({exc})") from None
    return version


def _register(conn: sqlite3.Connection) -> None:
    conn.create_function("cp_hand_uid", 5, _sql_hand_uid, deterministic=True)
    conn.create_function("cp_drill_uid", 3, _sql_drill_uid, deterministic=True)


def _sql_drill_uid(played_at: Any, hand: Any, arrangement: Any) -> str:
    """A stored drill result's identity, as :attr:`DrillRecord.identity` computes it (the time in
    its export form when it reads as one; a damaged row's from its text as it is)."""
    when = str(played_at)
    with suppress(RecordError):
        when = iso_utc(parse_time(played_at))
    return drill_record.drill_uid(when, str(hand), str(arrangement))


def _sql_hand_uid(game: Any, played_at: Any, deal: Any, arrangement: Any, cc_hand: Any) -> str:
    return hand_uid(str(game), str(played_at), str(deal), str(arrangement),
                    cc_hand if isinstance(cc_hand, int) else None)


def _open_waiting(path: Path, busy_timeout_ms: int) -> sqlite3.Connection:
    """:func:`_open_checked`, asked again while the file is busy, up to the busy timeout. SQLite
    answers "busy" at once, without waiting, when it sees a deadlock (this connection reads the
    file while another holds its write lock, e.g. two programs creating or switching it to WAL
    at the same moment); waiting a little and starting over resolves it."""
    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            return _open_checked(path, busy_timeout_ms)
        except HistoryBusy:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def _open_checked(path: Path, busy_timeout_ms: int) -> sqlite3.Connection:
    if path.is_file() and path.stat().st_size > 0:
        # First a read-only look: nothing is written to a file that is not ours, or damaged (it is
        # moved aside as it was: no WAL switch, no checkpoint).
        try:
            ro = _connect_readonly(path)
        except sqlite3.Error as exc:
            raise _unusable_or_refused(path, exc, "cannot open: ") from None
        try:
            _inspect(ro, path)
        finally:
            ro.close()
    try:
        conn = _connect(path, timeout_ms=busy_timeout_ms)
    except sqlite3.Error as exc:
        raise _unusable_or_refused(path, exc, "cannot open: ") from None
    try:
        _inspect(conn, path)  # again: another program may have changed it meanwhile
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise _Unusable(f"cannot switch to WAL journal (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _register(conn)
        _migrate(conn)
    except (_Unusable, HistoryError):
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise _unusable_or_refused(path, exc) from None
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if version >= SCHEMA_VERSION and app_id == APPLICATION_ID:
        return  # up to date: no write lock needed (another program's long import need not end first)
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another window may have migrated meanwhile.
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version >= SCHEMA_VERSION:
                if int(conn.execute("PRAGMA application_id").fetchone()[0]) != APPLICATION_ID:
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute("COMMIT")
                return
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        except BaseException:
            _roll_back(conn)
            raise
        conn.execute("COMMIT")


def _move_aside(path: Path) -> Path:
    """Rename the file (and its journal files) aside, byte for byte as they are."""
    stamp = now_utc().strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    try:
        os.replace(path, target)
        for suffix in ("-wal", "-shm", "-journal"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
    except OSError as exc:
        raise HistoryError(f"the history database {path} is unreadable and cannot be moved aside: "
                           f"{exc.strerror or exc}") from None
    return target
