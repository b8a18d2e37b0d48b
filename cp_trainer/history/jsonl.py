"""Export and import the history as JSON Lines: one hand (``HandRecord.to_dict()``) per line, then
one drill result per line (``DrillRecord.to_dict()``, marked ``"kind": "drill"``; see
:mod:`.drill_record`).

Export writes only records that read back valid (a damaged row, a hand or a drill result, is left
out and counted, so an export always imports again; no line is longer than an import reads), and
writes the file as :func:`.safe_file.write_file` does: never over an existing file unless asked,
never through a link or into a device. It never writes onto the history's own files (the
database, its ``-wal``, ``-shm`` and ``-journal``, the recording journal, a database kept aside),
by any path that leads there (``./``, a symbolic link to the folder, a hard link), even when
asked to replace (:class:`OwnFileRefused`).

Import is per line: each line is read (at most :data:`MAX_LINE_BYTES`; a longer one is refused by
line), parsed and validated on its own; a damaged line is reported by its number and skipped, the
good ones, hands and drill results, are imported together in one ``BEGIN IMMEDIATE`` transaction.
Each record's identity (a hand's ``uid``, computed from the hand when a file has none; a drill
result's from its time, hand and arrangement) is unique in the database, so importing a file
twice, or twice at the same time, keeps one copy of each. What is read is bounded
(:mod:`.limits`): at most :data:`~.limits.MAX_IMPORT_BYTES` in all; a pipe, FIFO or device is read
while data keeps coming (:data:`~.limits.IMPORT_IDLE_S` without a byte ends it), a terminal is
refused; binary data (NUL bytes on :data:`BINARY_LINES` lines before any valid one:
``/dev/urandom``) is refused within a few kilobytes, and so is a file whose first
:data:`JUNK_LINES` lines are all damaged (``yes | cp-trainer history import /dev/stdin``).
"""

from __future__ import annotations

import contextlib
import fnmatch
import io
import json
import os
import select
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .drill_record import DRILL_KIND, DrillRecord
from .limits import IMPORT_IDLE_S, MAX_DAMAGED_KEPT, MAX_ENDLESS_BYTES, MAX_IMPORT_BYTES, MAX_LINE_BYTES
from .record import Game, HandRecord, RecordError, export_line
from .safe_file import TargetRefused, write_file
from .store import HistoryError, HistoryStore

__all__ = ["MAX_LINE_BYTES", "ImportFileError", "ImportReport", "OwnFileRefused", "ReadResult",
           "check_not_own_file", "export_jsonl", "import_jsonl", "read_jsonl", "read_lines"]

IMPORT_WAIT_S = 120.0  # how long an import waits for another import's write lock
BINARY_LINES = 8  # lines holding a NUL byte, before any valid line, that make a file binary (/dev/urandom)
JUNK_LINES = 10_000  # damaged lines, before any valid one, that make a file not a history file
JOURNAL_GLOB = "pending-hands*.jsonl"  # the recording journal (writer.JOURNAL_PREFIX) and its claimed copies


class ImportFileError(ValueError):
    """A history file (``line`` 0) or one of its lines (1-based) cannot be imported."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")


class OwnFileRefused(TargetRefused):
    """The export would write onto one of the history's own files: refused, even when asked to
    replace; nothing was touched."""


@dataclass(frozen=True)
class ReadResult:
    records: tuple[HandRecord, ...]
    # the lines left out, and why (the first MAX_DAMAGED_KEPT; damaged_count counts them all)
    damaged: tuple[ImportFileError, ...] = ()
    drills: tuple[DrillRecord, ...] = ()  # the drill results
    damaged_count: int = -1  # every line left out (-1: len(damaged))

    def __post_init__(self) -> None:
        for name in ("records", "damaged", "drills"):  # read-only, whatever sequence was given
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.damaged_count < 0:
            object.__setattr__(self, "damaged_count", len(self.damaged))


@dataclass(frozen=True)
class ImportReport:
    imported: int
    skipped: int  # already in the database
    damaged: tuple[ImportFileError, ...] = ()  # lines left out (the first MAX_DAMAGED_KEPT)
    drill_imported: int = 0  # drill results, counted apart from hands
    drill_skipped: int = 0
    damaged_count: int = -1  # every line left out (-1: len(damaged))

    def __post_init__(self) -> None:
        if self.damaged_count < 0:
            object.__setattr__(self, "damaged_count", len(self.damaged))


# --- export: never onto the history's own files ---------------------------------------------------


def _same_folder(a: Path, b: Path) -> bool:
    """Two folders are one (by their resolved paths, or by device and inode: a bind mount)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        sa, sb = os.stat(a), os.stat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def _own_names(db: Path) -> list[str]:
    """Patterns (case-insensitive) of the files of the history ``db``, in its folder."""
    name = db.name
    escaped = "".join(f"[{c}]" if c in "*?[" else c for c in name)
    return [escaped, f"{escaped}-wal", f"{escaped}-shm", f"{escaped}-journal", f"{escaped}.unreadable-*",
            JOURNAL_GLOB]


def _own_files(db: Path) -> Iterator[Path]:
    """The history's own files that exist now."""
    patterns = _own_names(db)
    with contextlib.suppress(OSError):
        for entry in os.scandir(db.parent):
            if any(fnmatch.fnmatch(entry.name.casefold(), p.casefold()) for p in patterns):
                yield Path(entry.path)


def check_not_own_file(store: HistoryStore, target: str | os.PathLike[str]) -> None:
    """:class:`OwnFileRefused` when writing ``target`` would write onto one of the history's own
    files: the same name in the same folder (reached by any path), or the same file (a hard link
    or a symbolic link to it)."""
    path = Path(target)
    db = store.path
    what = "one of the history's own files"
    if path.name and _same_folder(path.parent, db.parent) and any(
            fnmatch.fnmatch(path.name.casefold(), p.casefold()) for p in _own_names(db)):
        raise OwnFileRefused(path, f"{what} ({path.name} in {db.parent}); an export never writes onto "
                                   "the history, even with --force")
    try:
        st = os.stat(path)
    except OSError:
        return
    for own in _own_files(db):
        with contextlib.suppress(OSError):
            so = os.stat(own)
            if (so.st_dev, so.st_ino) == (st.st_dev, st.st_ino):
                raise OwnFileRefused(path, f"{what} (the same file as {own}); an export never writes onto "
                                           "the history, even with --force")


def export_jsonl(store: HistoryStore, path: str | os.PathLike[str], game: Game | None = None, *,
                 force: bool = False) -> int:
    """Write every valid stored hand (oldest first), then every valid drill result, to ``path``;
    return how many hands.

    The records are read first, so a history that cannot be read leaves ``path`` untouched;
    damaged rows are left out and listed in ``store.skipped`` (hands and drill results). Raises
    :class:`OwnFileRefused` (``path`` is one of the history's own files, whatever ``force``),
    :class:`~.safe_file.TargetRefused` (an existing file without ``force``, a link, a device…) or
    :class:`OSError`.
    """
    check_not_own_file(store, path)
    records = store.hands(game)
    skipped = list(store.skipped)
    drills: list[DrillRecord] = []
    if game in (None, Game.CHINESE):  # drill hands are Chinese poker
        drills = store.drill_results()
        skipped += store.skipped
    written = 0

    def write(fh: IO[str]) -> int:
        nonlocal written
        for what, rows in (("hand", records), ("drill result", drills)):
            for row in rows:
                try:
                    line = export_line(row)
                except RecordError as exc:  # a row that reads back but would not import again
                    skipped.append(f"{what} {getattr(row, 'id', None)!r:.30}: {exc}")
                    continue
                fh.write(line)
                written += what == "hand"
        check_not_own_file(store, path)  # again, just before the file is put in place
        return written

    try:
        write_file(path, write, replace=force)
    finally:
        store.skipped = tuple(skipped)
    return written


# --- import: bounded reading ---------------------------------------------------------------------


class _Idle(Exception):
    """Nothing arrived from a pipe, FIFO or device for :data:`IMPORT_IDLE_S`."""


class _Polled(io.RawIOBase):
    """A pipe, FIFO or device read without ever blocking for longer than ``idle_s`` (opened
    ``O_NONBLOCK``: a FIFO nobody writes to is waited for, never forever)."""

    def __init__(self, fd: int, idle_s: float) -> None:
        super().__init__()
        self._fd = fd
        self._idle_ms = max(1, int(idle_s * 1000))
        self._poll = select.poll()
        self._poll.register(fd, select.POLLIN)

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        while True:
            if not self._poll.poll(self._idle_ms):
                raise _Idle
            try:
                return os.readv(self._fd, [view])
            except BlockingIOError:  # woken without data: wait again
                continue

    def close(self) -> None:
        if not self.closed:
            with contextlib.suppress(OSError):
                os.close(self._fd)
        super().close()


def _open_bounded(path: str | os.PathLike[str], name: str) -> IO[bytes]:
    """The file to import, opened without ever blocking: a regular file as it is (refused when
    larger than an import reads); a pipe, FIFO or device through :class:`_Polled`; a terminal or a
    folder refused."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ImportFileError(name, 0, "a folder, not a file")
        if stat.S_ISREG(st.st_mode):
            if st.st_size > MAX_IMPORT_BYTES:
                raise ImportFileError(name, 0, f"a file of {st.st_size:,} bytes, more than the "
                                               f"{MAX_IMPORT_BYTES:,} an import reads")
            os.set_blocking(fd, True)
            return os.fdopen(fd, "rb")
        if os.isatty(fd):
            raise ImportFileError(name, 0, "a terminal, not a file (to import from a pipe: "
                                           "... | cp-trainer history import /dev/stdin)")
        return io.BufferedReader(_Polled(fd, IMPORT_IDLE_S), 1 << 16)
    except BaseException:
        os.close(fd)
        raise


def _parse_line(raw: bytes, number: int, name: str) -> HandRecord | DrillRecord:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ImportFileError(name, number, "not UTF-8 text") from None
    if number == 1:
        text = text.lstrip("\ufeff")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFileError(name, number, f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ImportFileError(name, number, "not a hand (JSON nested too deep)") from None
    except ValueError:  # an integer of more digits than Python reads (4,300)
        raise ImportFileError(name, number, "not valid JSON (a number too long to read)") from None
    try:
        record: HandRecord | DrillRecord
        if isinstance(data, dict) and data.get("kind") == DRILL_KIND:
            record = DrillRecord.from_dict(data)
        else:
            record = HandRecord.from_dict(data)
        export_line(record)  # what is stored exports (and imports) again
        return record
    except RecordError as exc:
        raise ImportFileError(name, number, str(exc)) from None
    except RecursionError:
        raise ImportFileError(name, number, "not a hand (nested too deep)") from None


def _skip_long_line(fh: IO[bytes], length: int, name: str, number: int) -> int:
    """Read on to the end of line ``number``, of which ``length`` bytes are read; return how many
    more bytes were read. A line longer than :data:`MAX_ENDLESS_BYTES` ends the import."""
    more = 0
    while chunk := fh.readline(1 << 20):
        length += len(chunk)
        more += len(chunk)
        if chunk.endswith(b"\n"):
            break
        if length > MAX_ENDLESS_BYTES:
            raise ImportFileError(name, number, "a line of more than 64 MB: not a history file")
    return more


def read_lines(path: str | os.PathLike[str]) -> ReadResult:
    """Parse and validate every line: the good hands and drill results, and the damaged lines with
    their reasons.

    Raises :class:`ImportFileError` (line 0, or the line that never ends) when the file itself
    cannot be read: it cannot be opened, is a folder or a terminal, holds more than
    :data:`~.limits.MAX_IMPORT_BYTES`, is binary, or (a pipe, FIFO or device) sends nothing for
    :data:`~.limits.IMPORT_IDLE_S`.
    """
    name = os.fspath(path)
    records: list[HandRecord] = []
    drills: list[DrillRecord] = []
    damaged: list[ImportFileError] = []
    count = 0
    total = 0

    def bad(error: ImportFileError) -> None:
        nonlocal count
        count += 1
        if len(damaged) < MAX_DAMAGED_KEPT:
            damaged.append(error)
        if count >= JUNK_LINES and not (records or drills):  # `yes | cp-trainer history import /dev/stdin`
            raise ImportFileError(name, 0, f"not a history file (its first {JUNK_LINES:,} lines are none of "
                                           "them a hand or a drill result)")

    number = nul_lines = 0
    try:
        with _open_bounded(path, name) as fh:
            while raw := fh.readline(MAX_LINE_BYTES + 1):
                number += 1
                total += len(raw)
                if total > MAX_IMPORT_BYTES:
                    raise ImportFileError(name, 0, f"more than the {MAX_IMPORT_BYTES:,} bytes an import "
                                                   "reads")
                if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                    total += _skip_long_line(fh, len(raw), name, number)
                    bad(ImportFileError(name, number, f"longer than {MAX_LINE_BYTES:,} bytes: not a hand"))
                    continue
                if b"\0" in raw and not (records or drills):
                    nul_lines += 1
                if nul_lines >= BINARY_LINES:
                    raise ImportFileError(name, number, f"binary data (NUL bytes on {BINARY_LINES} lines "
                                                        "before any valid one), not a history file")
                if raw.strip():
                    try:
                        parsed = _parse_line(raw, number, name)
                    except ImportFileError as exc:
                        bad(exc)
                    else:
                        if isinstance(parsed, DrillRecord):
                            drills.append(parsed)
                        else:
                            records.append(parsed)
    except _Idle:
        raise ImportFileError(name, 0, f"nothing arrived for {IMPORT_IDLE_S:g} seconds (is anything "
                                       "writing to it?)") from None
    except OSError as exc:
        raise ImportFileError(name, 0, f"cannot read: {exc.strerror or exc}") from None
    return ReadResult(tuple(records), tuple(damaged), tuple(drills), count)


def read_jsonl(path: str | os.PathLike[str]) -> list[HandRecord]:
    """Every hand of a file; :class:`ImportFileError` at the first damaged line."""
    result = read_lines(path)
    if result.damaged:
        raise result.damaged[0]
    return list(result.records)


def import_jsonl(store: HistoryStore, path: str | os.PathLike[str], *,
                 wait_s: float | None = None) -> ImportReport:
    """Import the good lines of a file, hands and drill results, in one transaction; see the
    module's rules.

    Raises :class:`ImportFileError` when the file cannot be read, :class:`HistoryError` when the
    database cannot take the records (busy for longer than ``wait_s``, default
    :data:`IMPORT_WAIT_S`; disk full): then nothing was imported.
    """
    result = read_lines(path)
    try:
        new, new_drills = store.import_all(result.records, result.drills,
                                           wait_s=IMPORT_WAIT_S if wait_s is None else wait_s)
    except sqlite3.Error as exc:
        raise HistoryError(f"cannot store the hands in the history database {store.path}: {exc}") from None
    return ImportReport(imported=new, skipped=len(result.records) - new, damaged=tuple(result.damaged),
                        drill_imported=new_drills, drill_skipped=len(result.drills) - new_drills,
                        damaged_count=result.damaged_count)
