"""The ``cp-trainer`` command line.

Each subcommand is a module of this package with a ``register(subparsers)`` function; modules
import heavy dependencies (NumPy, Numba, Qt) inside their handlers, so ``--help`` stays quick.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..support.i18n import system_language
from ..support.resources import MissingResourcesError
from .common import CliError, lang_of, shown
from .streams import StandardStreams, StreamError

#: the exit status of a command that cannot run because the install is broken (its resources gone)
EXIT_BROKEN_INSTALL = 1

# Subcommand modules, in the order ``--help`` lists them.
COMMANDS: list[str] = ["check", "score", "stats", "history", "paigow", "gui", "arrange", "solve", "grade",
                      "drill", "serve", "desktop"]


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals shown the way the commands show bad input: on one line, long
    values shortened (a 5,000-digit argument is not echoed whole), control characters escaped."""

    def error(self, message: str) -> NoReturn:
        with contextlib.suppress(StreamError):  # stderr closed: the status still says it
            self.print_usage(sys.stderr)
            sys.stderr.write(f"{self.prog}: error: {shown(message)}\n")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="cp-trainer",
        description=(
            "A trainer for closed Chinese poker. Without a command it opens the trainer window."
        ),
    )
    parser.add_argument("--version", action="version", version=f"cp-trainer {__version__}")
    parser.add_argument("--data-dir", metavar="DIR", default=None, dest="top_data_dir",
                        help="folder holding the practice history, for the window opened without a "
                             "command (the same as 'gui --data-dir DIR')")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f".{name}", __name__)
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit status (argparse's refusals and ``--help`` exit by
    ``SystemExit``, as usual). The standard streams are guarded while it runs (:mod:`.streams`):
    a closed or full one gives a one-line message and a non-zero status, whatever the command."""
    streams = StandardStreams.install()
    try:
        return _run(argv, streams)
    finally:
        streams.restore()


def _named(argv: Sequence[str] | None) -> str:
    """``cp-trainer COMMAND`` when the words name a command, for errors before they are parsed
    (building the parser reads the catalogues, which a broken install lacks)."""
    words = list(sys.argv[1:] if argv is None else argv)
    first = next((w for w in words if not w.startswith("-")), None)
    return f"cp-trainer {first}" if first in COMMANDS else "cp-trainer"


def _run(argv: Sequence[str] | None, streams: StandardStreams) -> int:
    name, lang = _named(argv), system_language()
    try:
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            func = getattr(args, "func", None)
            top_data_dir = getattr(args, "top_data_dir", None)
            if func is None:  # no command: open the trainer window
                args = parser.parse_args(["gui", *(["--data-dir", top_data_dir]
                                                   if top_data_dir is not None else [])])
                func = args.func
            elif top_data_dir is not None and getattr(args, "data_dir", "absent") is None:
                args.data_dir = top_data_dir  # cp-trainer --data-dir DIR stats
        except SystemExit:  # --help, --version, or a refusal already printed
            streams.finish()
            raise
        name = f"cp-trainer {args.command}"
        lang = lang_of(args)
        if getattr(args, "json", False):
            streams.use_utf8()
        try:
            result: int = func(args)
        except CliError as exc:
            streams.finish()  # the answers given before the error come first
            with contextlib.suppress(StreamError):  # stderr closed: the status still says it
                print(f"{name}: {shown(str(exc))}", file=sys.stderr)
            return exc.status
        streams.finish()
        return result
    except StreamError as exc:
        streams.discard()
        with contextlib.suppress(StreamError):
            print(f"{name}: {exc.message(lang)}", file=sys.stderr)
        return exc.status
    except MissingResourcesError as exc:  # a broken install: one line (in English: no catalogue)
        with contextlib.suppress(StreamError):
            streams.finish()
            print(f"{name}: {exc}", file=sys.stderr)
        return EXIT_BROKEN_INSTALL
    except KeyboardInterrupt:
        with contextlib.suppress(StreamError):
            print("cp-trainer: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped reading (| head): not an error
        streams.discard()
        return 0
