"""Opening the practice history from the command line (``stats``, ``history``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..history import HistoryBusy, HistoryError, HistoryStore
from ..history.store import HistoryFull
from ..support.i18n import tr
from .common import CliError, shown
from .data_folder import data_folder
from .streams import StreamError

EXIT_UNAVAILABLE = 1  # the database is busy or the disk full: nothing wrong with the input
MAX_LISTED = 20  # damaged lines or rows named one by one; the rest are counted


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", metavar="DIR", default=None,
        help="folder holding the history database (default: the user data folder, "
             "or $CP_TRAINER_DATA_DIR)",
    )


def open_store(args: argparse.Namespace, lang: str, *, busy_timeout_ms: int | None = None) -> HistoryStore:
    """Open the history for writing (``history import``). A damaged database is reported and left
    as it is (only the trainer window, which records hands, moves one aside); another program's
    file is left untouched."""
    data_dir = data_folder(args.data_dir, lang)
    try:
        if busy_timeout_ms is None:
            store = HistoryStore.open(data_dir, recover=False)
        else:
            store = HistoryStore.open(data_dir, recover=False, busy_timeout_ms=busy_timeout_ms)
    except HistoryFull as exc:  # a new history on a full disk too: nothing imported
        raise CliError(nothing_imported(exc, lang), status=EXIT_UNAVAILABLE) from None
    except HistoryBusy as exc:
        raise CliError(str(exc), status=EXIT_UNAVAILABLE) from None
    except HistoryError as exc:
        raise CliError(str(exc)) from None
    if store.recovery is not None:  # pragma: no cover - recover=False never moves a file
        print(f"cp-trainer: {store.recovery.message(lang)}", file=sys.stderr)
    return store


def nothing_imported(exc: HistoryFull, lang: str) -> str:
    """The full disk that stopped an import, in ``lang``: the history is as it was."""
    return f"{exc.message(lang)}; {tr('history.import.nothing', lang)}"


def open_store_readonly(args: argparse.Namespace, lang: str, *, missing_ok: bool = False) -> HistoryStore:
    """Open the history read-only (``stats``, ``history export``): never created, modified or
    moved; missing (unless ``missing_ok``), damaged or not ours → :class:`CliError` (exit 2)."""
    data_dir = data_folder(args.data_dir, lang)
    try:
        return HistoryStore.open_readonly(data_dir, missing_ok=missing_ok)
    except HistoryError as exc:
        raise CliError(str(exc)) from None


STDIN_NAMES = ("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")


def refuse_closed_stdin(file: str) -> None:
    """``history import /dev/stdin <&-``: standard input was closed (it reads as an empty
    ``/dev/null`` now, :mod:`.streams`), which is an error, never "Imported 0 hands"."""
    if sys.stdin is None and os.path.normpath(file) in STDIN_NAMES:
        raise StreamError("cli.stdin.closed", status=2)


def refuse_folder_name(file: str, lang: str) -> None:
    """``history export DIR/sub/``: a name ending in a slash (or ``.``, ``..``) names a folder;
    the file named ``sub`` that the path would become is never written."""
    if file and os.path.basename(file) in ("", ".", ".."):  # no name at all: refused as it always was
        example = os.path.join(file, "history.jsonl")
        raise CliError(tr("history.export.folder", lang, path=repr(file), example=example))


def report_damaged(command: str, problems: Sequence[str], key: str, lang: str, *,
                   count: int | None = None) -> None:
    """Name the damaged lines or rows on stderr (the first :data:`MAX_LISTED`), then count them
    (``count``: all of them, when ``problems`` holds only the first few)."""
    total = len(problems) if count is None else count
    if not total:
        return
    for text in problems[:MAX_LISTED]:
        print(f"cp-trainer {command}: {shown(text)}", file=sys.stderr)
    print(f"cp-trainer {command}: {tr(key, lang, n=total)}", file=sys.stderr)


__all__ = ["EXIT_UNAVAILABLE", "add_data_dir_option", "nothing_imported", "open_store", "open_store_readonly",
           "refuse_closed_stdin", "refuse_folder_name", "report_damaged"]
