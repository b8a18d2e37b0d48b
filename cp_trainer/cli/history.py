"""``cp-trainer history export FILE`` / ``import FILE``: move or share a practice history."""

from __future__ import annotations

import argparse

from ..support.i18n import tr
from .common import EXIT_INPUT_ERROR, CliError, add_lang_option, lang_of
from .history_common import (
    EXIT_UNAVAILABLE,
    add_data_dir_option,
    nothing_imported,
    open_store,
    open_store_readonly,
    refuse_closed_stdin,
    refuse_folder_name,
    report_damaged,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "history", help="export or import the practice history (JSON Lines)",
        description="Export the practice history to a JSON Lines file (one hand per line, then one "
                    "drill result per line) or import one. Export reads the history without changing "
                    "it and never replaces an existing FILE unless --force is given (never a link, a "
                    "device or a FIFO), and never writes onto the history's own files (its database, "
                    "-wal, -shm, -journal, pending-hands.jsonl), by whatever path, even with --force "
                    "(exit status 2); a damaged hand or drill result in the history is named on "
                    "stderr and left out. Import reads each line on its own (at most 1 MB a line, "
                    "256 MB in all; a pipe such as /dev/stdin or a FIFO while data keeps coming, 60 "
                    "seconds without a byte ends it; a terminal, binary data or 10,000 damaged lines "
                    "before a valid one are refused): a damaged "
                    "line is named on stderr and skipped, the others, hands and drill results, are "
                    "imported in one transaction (exit status 2 when a line was skipped or the file "
                    "cannot be read); records already in the history are skipped, so importing a "
                    "file twice, even at the same time, keeps one copy of each. Exit status 1: the "
                    "history was busy or the disk full, nothing was imported.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, helptext in (("export", "write every hand to FILE"), ("import", "add the hands in FILE")):
        a = actions.add_parser(name, help=helptext)
        a.add_argument("file", metavar="FILE")
        if name == "export":
            a.add_argument("--game", choices=("chinese", "paigow"), default=None,
                           help="only this game's hands (default: both)")
            a.add_argument("--force", action="store_true",
                           help="replace FILE if it exists (a regular, writable file only)")
        add_data_dir_option(a)
        add_lang_option(a)
        a.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..history import Game, HistoryBusy, HistoryError, ImportFileError, export_jsonl, import_jsonl
    from ..history.safe_file import TargetRefused
    from ..history.store import HistoryFull

    lang = lang_of(args)
    if args.action == "export":
        refuse_folder_name(args.file, lang)
        with open_store_readonly(args, lang) as store:
            try:
                n = export_jsonl(store, args.file, Game(args.game) if args.game else None, force=args.force)
            except TargetRefused as exc:
                raise CliError(f"cannot write {exc.path!r}: {exc.reason}") from None
            except OSError as exc:
                raise CliError(f"cannot write {args.file!r}: {exc.strerror or exc}") from None
            except HistoryError as exc:
                raise CliError(f"{exc}; {args.file!r} was not written") from None
            report_damaged("history", store.skipped, "history.export.damaged", lang)
        print(tr("history.export.done", lang, n=n, path=args.file))
        return 0
    refuse_closed_stdin(args.file)
    with open_store(args, lang) as store:
        try:
            report = import_jsonl(store, args.file)
        except ImportFileError as exc:
            raise CliError(f"{exc}; nothing was imported") from None
        except HistoryFull as exc:
            raise CliError(nothing_imported(exc, lang), status=EXIT_UNAVAILABLE) from None
        except HistoryBusy as exc:
            raise CliError(f"{exc}; nothing was imported", status=EXIT_UNAVAILABLE) from None
        except HistoryError as exc:
            raise CliError(f"{exc}; nothing was imported", status=EXIT_UNAVAILABLE) from None
    report_damaged("history", [str(e) for e in report.damaged], "history.import.damaged", lang,
                   count=report.damaged_count)
    print(tr("history.import.done", lang, n=report.imported, path=args.file, skipped=report.skipped))
    if report.drill_imported or report.drill_skipped:
        print(tr("drill.cli.imported", lang, n=report.drill_imported, skipped=report.drill_skipped))
    return EXIT_INPUT_ERROR if report.damaged_count else 0
