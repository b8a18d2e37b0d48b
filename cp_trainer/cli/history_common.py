"""Opening the practice history from the command line (``stats``, ``history``)."""

from __future__ import annotations

import argparse
import sys

from ..history import HistoryError, HistoryStore
from .common import CliError
from .data_folder import data_folder


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", metavar="DIR", default=None,
        help="folder holding the history database (default: the user data folder, "
             "or $CP_TRAINER_DATA_DIR)",
    )


def open_store(args: argparse.Namespace, lang: str) -> HistoryStore:
    """Open the history; a database moved aside is announced on stderr (never a traceback)."""
    folder = data_folder(args.data_dir, lang)
    try:
        store = HistoryStore.open(folder)
    except HistoryError as exc:
        raise CliError(str(exc)) from None
    if store.recovery is not None:
        print(f"cp-trainer: {store.recovery.message(lang)}", file=sys.stderr)
    return store


__all__ = ["add_data_dir_option", "open_store"]
