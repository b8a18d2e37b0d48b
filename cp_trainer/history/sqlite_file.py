"""The history's SQLite file: opening it safely, reading it without a trace, moving a damaged one aside.

- Ours only: ``PRAGMA application_id`` marks a cp-trainer history. A file is looked at through a
  read-only connection before anything is written to it; another program's SQLite file is left
  untouched (:class:`NotOurFile`).
- A file with a newer schema than this program knows is left as it is (:class:`HistoryNewer`):
  nothing is written to it, and the hands wait in the writer's journal.
- A damaged file is moved aside by the recording path only (``recover=True``: renamed with a
  timestamp, byte for byte as it was, never deleted) and a fresh database is started;
  :class:`Recovery` says where the old file went. :func:`open_readable` (``stats``, ``history
  export``) never modifies, moves or creates a database, nor any file beside it, and reads one in
  a folder it cannot write (:func:`_snapshot`).
- SQLite's errors are sorted here: the file's own fault (it is damaged) against the moment's or
  the place's (busy, read-only, a full disk: :class:`HistoryBusy`, :class:`HistoryFull`,
  :class:`HistoryError`), which never move a file aside.
- Opening runs the missing migration steps of :mod:`.schema` (:func:`migrate`).

The store's API over the connection is :mod:`.store`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import tempfile
import threading
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..support.bounded_input import read_bounded
from ..support.i18n import tr
from . import drill_record
from .record import RecordError, hand_uid, iso_utc, now_utc, parse_time
from .schema import APPLICATION_ID, COLUMNS_BY_VERSION, MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "BUSY_TIMEOUT_MS",
    "FULL_DISK_BYTES",
    "SNAPSHOT_MAX_BYTES",
    "HistoryBusy",
    "HistoryError",
    "HistoryFull",
    "HistoryNewer",
    "NotOurFile",
    "Recovery",
    "is_busy",
    "is_full",
    "migrate",
    "open_readable",
    "open_writable",
    "register_functions",
    "roll_back",
]

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


def roll_back(conn: sqlite3.Connection) -> None:
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


@dataclass(frozen=True)
class Recovery:
    """An unusable database was moved aside to ``moved_to``; ``reason`` is the technical cause."""

    original: Path
    moved_to: Path
    reason: str

    def message(self, lang: str = "en") -> str:
        return tr("history.recovered", lang, moved_to=str(self.moved_to), reason=self.reason)


def open_writable(folder: Path, path: Path, *, recover: bool = True,
                  busy_timeout_ms: int | None = None) -> tuple[sqlite3.Connection, Recovery | None]:
    """A checked connection to the history at ``path`` for writing (``folder``, the one it is in,
    created if needed), up to date with the schema, and the :class:`Recovery` when a damaged file
    was moved aside for a new one.

    ``recover``: a damaged file is moved aside and a new history started (the recording path);
    without it a damaged file is reported (:class:`HistoryError`) and left as it is. Another
    program's file is always left untouched (:class:`NotOurFile`). ``busy_timeout_ms``: None
    for :data:`BUSY_TIMEOUT_MS`.
    """
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
    return conn, recovery


def open_readable(folder: Path, path: Path, *, missing_ok: bool = False) -> sqlite3.Connection:
    """A connection that reads the history at ``path`` (in ``folder``): nothing is created,
    modified or moved.

    A damaged, newer or foreign file raises :class:`HistoryError`; so does a missing one unless
    ``missing_ok`` (then an empty history in memory, and no file is created). A file of an older
    schema is read through an in-memory copy brought up to date.
    """
    _check_reachable(folder, path)
    if not path.exists() and missing_ok:
        empty = _connect(":memory:")
        register_functions(empty)
        migrate(empty)
        return empty
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
            register_functions(conn)
            migrate(conn)
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
    return conn


# --- checking, connecting, snapshots ---------------------------------------------------------


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


def register_functions(conn: sqlite3.Connection) -> None:
    """The SQL functions the migration steps call (a hand's and a drill result's identity)."""
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
        register_functions(conn)
        migrate(conn)
    except (_Unusable, HistoryError):
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise _unusable_or_refused(path, exc) from None
    return conn


def migrate(conn: sqlite3.Connection) -> None:
    """Run the missing steps of :data:`~.schema.MIGRATIONS`, each in its own write transaction
    (:func:`register_functions` first: the steps call those functions)."""
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
            roll_back(conn)
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
