"""The history of played hands: an SQLite file in the user's data folder.

- One transaction per hand (``BEGIN IMMEDIATE`` … ``COMMIT``, ``synchronous=FULL``): a crash loses at
  most the hand being written.
- WAL journal and a busy timeout, so two windows (two connections) can write at once.
- Versioned schema (:mod:`.schema`): opening runs the missing migration steps.
- A file that is not a readable cp-trainer database, or has a newer schema than this program knows,
  is moved aside (renamed with a timestamp, never deleted) and a fresh database is started;
  :attr:`HistoryStore.recovery` says where the old file went.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..i18n import tr
from . import drill_record
from .drill_record import DrillRecord
from .record import FoulNote, Game, HandRecord, OpponentHand, now_utc, parse_time
from .schema import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "DATA_DIR_ENV",
    "DB_FILENAME",
    "HandSummary",
    "HistoryError",
    "HistoryStore",
    "Recovery",
    "default_data_dir",
]

DB_FILENAME = "history.sqlite3"
DATA_DIR_ENV = "CP_TRAINER_DATA_DIR"
BUSY_TIMEOUT_MS = 10_000


class HistoryError(ValueError):
    """The history database cannot be used at all (e.g. its folder cannot be written)."""


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


def _unusable_or_refused(path: Path, exc: sqlite3.Error, prefix: str = "") -> _Unusable:
    """The :class:`_Unusable` to move the file aside for, or raise :class:`HistoryError`."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith(_NOT_THE_FILES_FAULT) and name != "SQLITE_IOERR_SHORT_READ":  # short: truncated
        raise HistoryError(f"cannot use the history database {path}: {exc}") from None
    return _Unusable(f"{prefix}{exc}")


def default_data_dir() -> Path:
    """``$CP_TRAINER_DATA_DIR`` if set, else the platform's user data folder for cp-trainer."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cp-trainer", appauthor=False))


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
    """An open history database. Use :meth:`open`; close it (or use ``with``) when done."""

    def __init__(self, conn: sqlite3.Connection, path: Path, recovery: Recovery | None) -> None:
        self._conn = conn
        self.path = path
        self.recovery = recovery

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *,
             filename: str = DB_FILENAME) -> HistoryStore:
        folder = Path(data_dir) if data_dir is not None else default_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HistoryError(f"cannot create the history folder {folder}: {exc.strerror or exc}") from None
        path = folder / filename
        recovery: Recovery | None = None
        try:
            conn = _open_checked(path)
        except _Unusable as bad:
            moved = _move_aside(path)
            recovery = Recovery(original=path, moved_to=moved, reason=bad.reason)
            try:
                conn = _open_checked(path)
            except _Unusable as again:
                raise HistoryError(f"cannot start a new history database at {path}: {again.reason}") from None
        return cls(conn, path, recovery)

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
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def add(self, record: HandRecord) -> int:
        """Store one hand in one transaction; return its id."""
        with self._write() as conn:
            return _insert(conn, record)

    def add_many(self, records: Iterable[HandRecord]) -> list[int]:
        """Store several hands in ONE transaction (all or none), e.g. an import."""
        with self._write() as conn:
            return [_insert(conn, r) for r in records]

    def set_solver(self, record_id: int, arrangement: str, solver_ev: float, player_ev: float | None) -> bool:
        """Add the solver's verdict to a stored hand (it arrives after the showdown)."""
        with self._write() as conn:
            return conn.execute(
                "UPDATE hands SET solver_arrangement = ?, solver_ev = ?, player_ev = ? WHERE id = ?",
                (arrangement, solver_ev, player_ev, record_id)).rowcount > 0

    def add_drill_results(self, records: Iterable[DrillRecord]) -> list[int]:
        """Store drill results in one transaction (:mod:`.drill_record`)."""
        with self._write() as conn:
            return drill_record.insert(conn, records)

    def drill_results(self) -> list[DrillRecord]:
        """Every drill result, oldest first."""
        return drill_record.select(self._conn)

    def rule_sets(self) -> list[tuple[str, int]]:
        """Every distinct set of house rules in the history (canonical JSON) and its hand count."""
        rows = self._conn.execute("SELECT house_rules, COUNT(*) FROM hands GROUP BY house_rules "
                                  "ORDER BY COUNT(*) DESC, house_rules")
        return [(r[0], int(r[1])) for r in rows]

    def mark_lesson_completed(self, lesson_id: str) -> None:
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO lessons_completed (lesson_id, completed_at) VALUES (?, ?)",
                         (lesson_id, now_utc().isoformat()))

    def completed_lessons(self) -> set[str]:
        return {r[0] for r in self._conn.execute("SELECT lesson_id FROM lessons_completed")}

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
        rows = self._conn.execute(f"{_HAND_SELECT} WHERE id = ?", (record_id,)).fetchall()
        if not rows:
            return None
        return self._assemble(rows)[0]

    def hands(self, game: Game | None = None) -> list[HandRecord]:
        """Every stored hand (of one game, or all), oldest first."""
        if game is None:
            rows = self._conn.execute(f"{_HAND_SELECT} ORDER BY played_at, id").fetchall()
        else:
            rows = self._conn.execute(f"{_HAND_SELECT} WHERE game = ? ORDER BY played_at, id",
                                      (game.value,)).fetchall()
        return self._assemble(rows)

    def summaries(self, game: Game | None = None) -> list[HandSummary]:
        """Light rows for lists and statistics, oldest first."""
        sql = ("SELECT id, played_at, game, points, solver_ev, player_ev, foul_count, house_rules "
               "FROM hands")
        params: tuple[Any, ...] = ()
        if game is not None:
            sql += " WHERE game = ?"
            params = (game.value,)
        sql += " ORDER BY played_at, id"
        return [
            HandSummary(id=r[0], played_at=parse_time(r[1]), game=Game(r[2]), points=r[3], solver_ev=r[4],
                        player_ev=r[5], foul_count=r[6], house_rules=r[7])
            for r in self._conn.execute(sql, params)
        ]

    def identity_keys(self) -> set[tuple[str, str, str]]:
        """(time, deal, arrangement) of every stored hand: how an import spots hands it already has."""
        rows = self._conn.execute("SELECT played_at, deal, arrangement FROM hands")
        return {(r[0], r[1], r[2]) for r in rows}

    def integrity_ok(self) -> bool:
        return bool(self._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def _assemble(self, rows: list[tuple[Any, ...]]) -> list[HandRecord]:
        if not rows:
            return []
        ids = [r[0] for r in rows]
        fouls: dict[int, list[FoulNote]] = {i: [] for i in ids}
        opponents: dict[int, list[OpponentHand]] = {i: [] for i in ids}
        for chunk_start in range(0, len(ids), 500):
            chunk = ids[chunk_start:chunk_start + 500]
            marks = ",".join("?" * len(chunk))
            for hand_id, code, message in self._conn.execute(
                    f"SELECT hand_id, code, message FROM fouls WHERE hand_id IN ({marks}) "
                    "ORDER BY hand_id, position", chunk):
                fouls[hand_id].append(FoulNote(code, message))
            for hand_id, arrangement, points, name in self._conn.execute(
                    f"SELECT hand_id, arrangement, points, name FROM opponents WHERE hand_id IN ({marks}) "
                    "ORDER BY hand_id, seat", chunk):
                opponents[hand_id].append(OpponentHand(arrangement=arrangement, points=points, name=name))
        return [
            HandRecord(
                id=r[0], played_at=parse_time(r[1]), game=Game(r[2]), deal=r[3], arrangement=r[4],
                house_rules=json.loads(r[5]), solver_arrangement=r[6], solver_ev=r[7], player_ev=r[8],
                fouls=tuple(fouls[r[0]]), opponents=tuple(opponents[r[0]]),
                surrendered=bool(r[9]), criss_cross_hand=r[10],
            )
            for r in rows
        ]


_HAND_SELECT = ("SELECT id, played_at, game, deal, arrangement, house_rules, solver_arrangement, "
                "solver_ev, player_ev, surrendered, criss_cross_hand FROM hands")


def _insert(conn: sqlite3.Connection, record: HandRecord) -> int:
    cur = conn.execute(
        "INSERT INTO hands (played_at, game, deal, arrangement, house_rules, solver_arrangement, "
        "solver_ev, player_ev, points, foul_count, surrendered, criss_cross_hand) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.to_dict()["played_at"], record.game.value, record.deal, record.arrangement,
         rules_key(record.house_rules), record.solver_arrangement, record.solver_ev, record.player_ev,
         record.points, len(record.fouls), int(record.surrendered), record.criss_cross_hand),
    )
    hand_id = cur.lastrowid
    assert hand_id is not None
    conn.executemany("INSERT INTO fouls (hand_id, position, code, message) VALUES (?, ?, ?, ?)",
                     [(hand_id, i, f.code, f.message) for i, f in enumerate(record.fouls)])
    conn.executemany("INSERT INTO opponents (hand_id, seat, arrangement, points, name) "
                     "VALUES (?, ?, ?, ?, ?)",
                     [(hand_id, i, o.arrangement, o.points, o.name) for i, o in enumerate(record.opponents)])
    return hand_id


# --- opening, checking, migrating, moving aside -----------------------------------------------


def _open_checked(path: Path) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as exc:
        raise _unusable_or_refused(path, exc, "cannot open: ") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _Unusable(f"schema version {version} is newer than this program's {SCHEMA_VERSION}")
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise _Unusable(f"integrity check failed: {check}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise _Unusable(f"cannot switch to WAL journal (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _migrate(conn)
        _check_tables(conn)
    except _Unusable:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise _unusable_or_refused(path, exc) from None
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another window may have migrated meanwhile.
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version >= SCHEMA_VERSION:
                conn.execute("COMMIT")
                return
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _check_tables(conn: sqlite3.Connection) -> None:
    """A file claiming the current version must really hold our tables."""
    for table, column in (("hands", "foul_count"), ("fouls", "message"), ("opponents", "name"),
                          ("lessons_completed", "lesson_id"), ("hands", "criss_cross_hand"),
                          ("drill_results", "grade")):
        try:
            conn.execute(f"SELECT {column} FROM {table} LIMIT 0")
        except sqlite3.Error as exc:
            raise _Unusable(f"not a cp-trainer history database ({exc})") from None


def _move_aside(path: Path) -> Path:
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
