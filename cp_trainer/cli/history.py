"""``cp-trainer history export FILE`` / ``import FILE``: move or share a practice history."""

from __future__ import annotations

import argparse

from ..i18n import tr
from .common import CliError, add_lang_option, lang_of
from .history_common import add_data_dir_option, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "history", help="export or import the practice history (JSON Lines)",
        description="Export the practice history to a JSON Lines file (one hand per line) or "
                    "import one. An import checks every line first and imports nothing if any "
                    "line is bad; hands already in the history are skipped.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, helptext in (("export", "write every hand to FILE"), ("import", "add the hands in FILE")):
        a = actions.add_parser(name, help=helptext)
        a.add_argument("file", metavar="FILE")
        if name == "export":
            a.add_argument("--game", choices=("chinese", "paigow"), default=None,
                           help="only this game's hands (default: both)")
        add_data_dir_option(a)
        add_lang_option(a)
        a.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..history import Game, ImportFileError, export_jsonl, import_jsonl

    lang = lang_of(args)
    with open_store(args, lang) as store:
        if args.action == "export":
            try:
                n = export_jsonl(store, args.file, Game(args.game) if args.game else None)
            except OSError as exc:
                raise CliError(f"cannot write {args.file!r}: {exc.strerror or exc}") from None
            print(tr("history.export.done", lang, n=n, path=args.file))
        else:
            try:
                report = import_jsonl(store, args.file)
            except ImportFileError as exc:
                raise CliError(f"{exc}; nothing was imported") from None
            print(tr("history.import.done", lang, n=report.imported, path=args.file, skipped=report.skipped))
            if report.drill_imported or report.drill_skipped:
                print(tr("drill.cli.imported", lang, n=report.drill_imported, skipped=report.drill_skipped))
    return 0
