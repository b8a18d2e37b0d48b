"""Export and import the history as JSON Lines: one hand (``HandRecord.to_dict()``) per line, then
one drill result per line (``DrillRecord.to_dict()``, marked ``"kind": "drill"``; see
:mod:`.drill_record`).

Import is all or nothing: every line is validated first, and the first bad one is reported by its
line number with nothing imported. Hands already in the database (same time, deal and
arrangement; a drill result: same time, hand and arrangement) are skipped, so importing the same
file twice does not double the history.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .drill_record import DRILL_KIND, DrillRecord
from .record import Game, HandRecord, RecordError
from .store import HistoryStore

__all__ = ["ImportFileError", "ImportReport", "export_jsonl", "import_jsonl", "read_jsonl"]


class ImportFileError(ValueError):
    """A history file cannot be imported; ``line`` is the 1-based line at fault (0: the file itself)."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class ImportReport:
    imported: int
    skipped: int  # already in the database
    drill_imported: int = 0  # drill results, counted apart from hands
    drill_skipped: int = 0


def write_jsonl(records: Iterable[HandRecord], stream: IO[str]) -> int:
    n = 0
    for record in records:
        stream.write(json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
        n += 1
    return n


def export_jsonl(store: HistoryStore, path: str | os.PathLike[str], game: Game | None = None) -> int:
    """Write every stored hand (oldest first) to ``path``; return how many."""
    target = Path(path)
    if not target.name or target.is_dir():  # "", ".", "/" or a folder: no file to write
        raise IsADirectoryError(errno.EISDIR, "a folder, not a file", str(path))
    tmp = target.with_name(target.name + ".part")
    try:
        with tmp.open("w", encoding="utf-8") as fh:
            n = write_jsonl(store.hands(game), fh)
            if game in (None, Game.CHINESE):  # drill hands are Chinese poker
                for drill in store.drill_results():
                    fh.write(json.dumps(drill.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):  # leave no half-written file behind
            tmp.unlink(missing_ok=True)
        raise
    return n


def read_jsonl(path: str | os.PathLike[str]) -> list[HandRecord]:
    """Parse and validate every line; raise :class:`ImportFileError` at the first bad one. The
    hands only (drill results: :func:`read_jsonl_all`)."""
    return read_jsonl_all(path)[0]


def read_jsonl_all(path: str | os.PathLike[str]) -> tuple[list[HandRecord], list[DrillRecord]]:
    """The hands and the drill results of an export file, every line validated."""
    name = str(path)
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.readlines()
    except OSError as exc:
        raise ImportFileError(name, 0, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImportFileError(name, 0, "not UTF-8 text") from None
    records: list[HandRecord] = []
    drills: list[DrillRecord] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ImportFileError(name, number, f"not valid JSON ({exc.msg})") from None
        except ValueError:  # an integer of more digits than Python reads (4,300)
            raise ImportFileError(name, number, "not valid JSON (a number too long to read)") from None
        try:
            if isinstance(data, dict) and data.get("kind") == DRILL_KIND:
                drills.append(DrillRecord.from_dict(data))
            else:
                records.append(HandRecord.from_dict(data))
        except RecordError as exc:
            raise ImportFileError(name, number, str(exc)) from None
    return records, drills


def import_jsonl(store: HistoryStore, path: str | os.PathLike[str]) -> ImportReport:
    records, drills = read_jsonl_all(path)
    known = store.identity_keys()
    fresh: list[HandRecord] = []
    for r in records:
        key = (r.to_dict()["played_at"], r.deal, r.arrangement)
        if key in known:
            continue
        known.add(key)
        fresh.append(r)
    store.add_many(fresh)
    known_drills = {d.identity for d in store.drill_results()}
    fresh_drills = []
    for d in drills:
        if d.identity not in known_drills:
            known_drills.add(d.identity)
            fresh_drills.append(d)
    if fresh_drills:
        store.add_drill_results(fresh_drills)
    return ImportReport(imported=len(fresh), skipped=len(records) - len(fresh),
                        drill_imported=len(fresh_drills), drill_skipped=len(drills) - len(fresh_drills))
