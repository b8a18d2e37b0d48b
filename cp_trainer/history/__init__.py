"""Practice history: every played hand in an SQLite database, its export/import and statistics.

No Qt here: the history window (``cp_trainer.gui.practice.history_window``) and ``cp-trainer stats`` both
build on this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .jsonl import ImportFileError, ImportReport, export_jsonl, import_jsonl, read_jsonl, read_lines
    from .record import FoulNote, Game, HandRecord, OpponentHand, RecordError
    from .stats import HistoryStats, compute_stats
    from .store import (
        DATA_DIR_ENV,
        HandSummary,
        HistoryBusy,
        HistoryError,
        HistoryStore,
        NotOurFile,
        Recovery,
        default_data_dir,
    )

# Each name is loaded from its module when first asked for (PEP 562): the rules core imports
# history.record and history.replay, and must not pull in sqlite3 (history.store) through here.
_HOME = {
    **dict.fromkeys(("ImportFileError", "ImportReport", "export_jsonl", "import_jsonl", "read_jsonl",
                     "read_lines"), "jsonl"),
    **dict.fromkeys(("FoulNote", "Game", "HandRecord", "OpponentHand", "RecordError"), "record"),
    **dict.fromkeys(("HistoryStats", "compute_stats"), "stats"),
    **dict.fromkeys(("DATA_DIR_ENV", "HandSummary", "HistoryBusy", "HistoryError", "HistoryStore",
                     "NotOurFile", "Recovery", "default_data_dir"), "store"),
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DATA_DIR_ENV",
    "FoulNote",
    "Game",
    "HandRecord",
    "HandSummary",
    "HistoryBusy",
    "HistoryError",
    "HistoryStats",
    "HistoryStore",
    "ImportFileError",
    "ImportReport",
    "NotOurFile",
    "OpponentHand",
    "RecordError",
    "Recovery",
    "compute_stats",
    "default_data_dir",
    "export_jsonl",
    "import_jsonl",
    "read_jsonl",
    "read_lines",
]
