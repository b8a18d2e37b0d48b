"""Export and import the history as JSON Lines: one hand (``HandRecord.to_dict()``) per line, then
one drill result per line (``DrillRecord.to_dict()``, marked ``"kind": "drill"``; see
:mod:`.drill_record`; a drill result already stored — same time, hand and arrangement — is skipped).

Export writes only hands that read back valid (a damaged row is left out and counted, so an
export always imports again), and writes the file as :func:`.safe_file.write_file` does: never over
an existing file unless asked, never through a link or into a device.

Import is per line: each line is read (at most :data:`MAX_LINE_BYTES`; a longer one is refused by
line), parsed and validated on its own; a damaged line is reported by its number and skipped, the
good ones are imported together in one ``BEGIN IMMEDIATE`` transaction. Each hand's identity
(``uid``; computed from the hand when a file has none) is unique in the database, so importing a
file twice, or twice at the same time, keeps one copy of each hand.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO

from .drill_record import DRILL_KIND, DrillRecord
from .record import Game, HandRecord, RecordError
from .safe_file import write_file
from .store import HistoryError, HistoryStore

__all__ = ["MAX_LINE_BYTES", "ImportFileError", "ImportReport", "ReadResult", "export_jsonl", "import_jsonl",
           "read_jsonl", "read_lines"]

MAX_LINE_BYTES = 1_000_000  # a hand is under 2 kB; a longer line is not one
MAX_ENDLESS_BYTES = 64_000_000  # a line this long without an end (/dev/zero): not a history file
IMPORT_WAIT_S = 120.0  # how long an import waits for another import's write lock


class ImportFileError(ValueError):
    """A history file (``line`` 0) or one of its lines (1-based) cannot be imported."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class ReadResult:
    records: list[HandRecord]
    damaged: list[ImportFileError] = field(default_factory=list)  # the lines left out, and why
    drills: list[DrillRecord] = field(default_factory=list)  # the drill results


@dataclass(frozen=True)
class ImportReport:
    imported: int
    skipped: int  # already in the database
    damaged: tuple[ImportFileError, ...] = ()  # lines left out (not a valid hand)
    drill_imported: int = 0  # drill results, counted apart from hands
    drill_skipped: int = 0


def write_jsonl(records: Iterable[HandRecord], stream: IO[str]) -> int:
    n = 0
    for record in records:
        stream.write(json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
        n += 1
    return n


def export_jsonl(store: HistoryStore, path: str | os.PathLike[str], game: Game | None = None, *,
                 force: bool = False) -> int:
    """Write every valid stored hand (oldest first) to ``path``; return how many.

    The hands are read first, so a history that cannot be read leaves ``path`` untouched; damaged
    rows are left out and listed in ``store.skipped``. Raises
    :class:`~.safe_file.TargetRefused` (an existing file without ``force``, a link, a device…) or
    :class:`OSError`.
    """
    records = store.hands(game)
    drills = store.drill_results() if game in (None, Game.CHINESE) else []  # drill hands are Chinese poker

    def write(fh: IO[str]) -> int:
        n = write_jsonl(records, fh)
        for drill in drills:
            fh.write(json.dumps(drill.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
        return n

    write_file(path, write, replace=force)
    return len(records)


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
        if isinstance(data, dict) and data.get("kind") == DRILL_KIND:
            return DrillRecord.from_dict(data)
        return HandRecord.from_dict(data)
    except RecordError as exc:
        raise ImportFileError(name, number, str(exc)) from None
    except RecursionError:
        raise ImportFileError(name, number, "not a hand (nested too deep)") from None


def read_lines(path: str | os.PathLike[str]) -> ReadResult:
    """Parse and validate every line: the good hands, and the damaged lines with their reasons.

    Raises :class:`ImportFileError` (line 0, or the line that never ends) when the file itself
    cannot be read.
    """
    name = os.fspath(path)
    records: list[HandRecord] = []
    drills: list[DrillRecord] = []
    damaged: list[ImportFileError] = []
    try:
        with open(path, "rb") as fh:
            number = 0
            while raw := fh.readline(MAX_LINE_BYTES + 1):
                number += 1
                if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                    length = len(raw)
                    while chunk := fh.readline(1 << 20):  # skip to the end of this line
                        length += len(chunk)
                        if chunk.endswith(b"\n"):
                            break
                        if length > MAX_ENDLESS_BYTES:
                            raise ImportFileError(name, number, "a line of more than 64 MB: not a history "
                                                                "file; nothing was imported")
                    damaged.append(ImportFileError(name, number, f"longer than {MAX_LINE_BYTES:,} bytes: "
                                                                 "not a hand"))
                    continue
                if not raw.strip():
                    continue
                try:
                    parsed = _parse_line(raw, number, name)
                except ImportFileError as exc:
                    damaged.append(exc)
                    continue
                if isinstance(parsed, DrillRecord):
                    drills.append(parsed)
                else:
                    records.append(parsed)
    except OSError as exc:
        raise ImportFileError(name, 0, f"cannot read: {exc.strerror or exc}") from None
    return ReadResult(records, damaged, drills)


def read_jsonl(path: str | os.PathLike[str]) -> list[HandRecord]:
    """Every hand of a file; :class:`ImportFileError` at the first damaged line."""
    result = read_lines(path)
    if result.damaged:
        raise result.damaged[0]
    return result.records


def import_jsonl(store: HistoryStore, path: str | os.PathLike[str], *,
                 wait_s: float | None = None) -> ImportReport:
    """Import the good lines of a file in one transaction; see the module's rules.

    Raises :class:`ImportFileError` when the file cannot be read, :class:`HistoryError` when the
    database cannot take the hands (busy for longer than ``wait_s``, default
    :data:`IMPORT_WAIT_S`; disk full): then nothing
    was imported.
    """
    result = read_lines(path)
    try:
        new = store.import_records(result.records, wait_s=IMPORT_WAIT_S if wait_s is None else wait_s)
    except sqlite3.Error as exc:
        raise HistoryError(f"cannot store the hands in the history database {store.path}: {exc}") from None
    known = {d.identity for d in store.drill_results()}
    fresh: list[DrillRecord] = []
    for d in result.drills:
        if d.identity not in known:
            known.add(d.identity)
            fresh.append(d)
    if fresh:
        try:
            store.add_drill_results(fresh)
        except sqlite3.Error as exc:
            raise HistoryError(f"cannot store the drill results in the history database {store.path}: "
                               f"{exc}") from None
    return ImportReport(imported=new, skipped=len(result.records) - new, damaged=tuple(result.damaged),
                        drill_imported=len(fresh), drill_skipped=len(result.drills) - len(fresh))
