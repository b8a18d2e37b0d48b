"""The history of played hands: the store's API over its SQLite file in the user's data folder.

- One transaction per hand (``BEGIN IMMEDIATE`` … ``COMMIT``, ``synchronous=FULL``): a crash loses at
  most the hand being written.
- WAL journal and a busy timeout, so two windows (two connections) can write at once.
- Versioned schema (:mod:`.schema`): opening runs the missing migration steps. Each hand has a stable
  identity (``uid``, unique), so storing or importing a hand twice keeps one copy.
- The file itself is opened by :mod:`.sqlite_file`: another program's file is left untouched
  (:class:`NotOurFile`), a newer one is left as it is (:class:`HistoryNewer`), a damaged one is
  moved aside by the recording path only (:attr:`HistoryStore.recovery` says where it went), and
  :meth:`HistoryStore.open_readonly` (``stats``, ``history export``) never modifies, moves or
  creates a database, nor any file beside it.
- Everything read back is validated: a damaged row (a hand, a drill result, a lesson's progress)
  is skipped, and :attr:`HistoryStore.skipped` says which and why. Drill results are kept as
  hands are: validated on the way in, a unique identity, and an import's in one transaction with
  its hands. Every bound comes from :mod:`.limits`, the same the importer uses.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

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
    now_utc,
    parse_time,
    short_repr,
)
from .sqlite_file import (
    HistoryBusy,
    HistoryError,
    HistoryFull,
    HistoryNewer,
    NotOurFile,
    Recovery,
    is_busy,
    is_full,
    open_readable,
    open_writable,
    roll_back,
)

__all__ = [
    "DATA_DIR_ENV",
    "DB_FILENAME",
    "HandSummary",
    "HistoryBusy",
    "HistoryError",
    "HistoryFull",
    "HistoryNewer",
    "HistoryStore",
    "NotOurFile",
    "Recovery",
    "default_data_dir",
]

DB_FILENAME = "history.sqlite3"
DATA_DIR_ENV = "CP_TRAINER_DATA_DIR"


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
        conn, recovery = open_writable(folder, path, recover=recover, busy_timeout_ms=busy_timeout_ms)
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
        return cls(open_readable(folder, path, missing_ok=missing_ok), path, None, readonly=True)

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
            roll_back(conn)
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
