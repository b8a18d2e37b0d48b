"""Where a teaching table's hands are after it closed: in the history, waiting in a journal, or
nowhere (what ``cp-trainer serve``'s closing summary says, and nothing more)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..history.store import HistoryError, HistoryStore
from ..history.writer import JOURNAL_PREFIX

__all__ = ["Kept", "where_kept"]


@dataclass(frozen=True)
class Kept:
    """Where a table's hands are: ``stored`` in the history, ``waiting`` in which journal files
    (file name → count), ``lost`` neither (the process kept them in memory only)."""

    stored: int
    waiting: dict[str, int]
    lost: int


def where_kept(folder: Path, uids: list[str]) -> Kept:
    """Look, read-only, where the hands of identities ``uids`` are now (after the writer closed)."""
    left = set(uids)
    stored = 0
    with contextlib.suppress(HistoryError, OSError):
        store = HistoryStore.open_readonly(folder, missing_ok=True)
        try:
            found = {h.identity for h in store.hands()} & left
        finally:
            store.close()
        stored, left = len(found), left - found
    waiting: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob(f"{JOURNAL_PREFIX}*.jsonl")):
            count = 0
            with contextlib.suppress(OSError), open(path, "rb") as fh:
                for raw in fh:
                    with contextlib.suppress(ValueError, TypeError, AttributeError, RecursionError):
                        for hand in json.loads(raw).get("hands", ()):
                            if hand.get("uid") in left:
                                left.discard(hand["uid"])
                                count += 1
            if count:
                waiting[path.name] = count
    return Kept(stored, waiting, len(left))
