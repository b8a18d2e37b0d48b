"""Practice history: every played hand in an SQLite database, its export/import and statistics.

No Qt here: the history window (``cp_trainer.gui.practice.history_window``) and ``cp-trainer stats`` both
build on this package.
"""

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
