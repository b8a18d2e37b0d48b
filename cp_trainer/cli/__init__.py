"""The ``cp-trainer`` command line.

Each subcommand is a module of this package with a ``register(subparsers)`` function; modules
import heavy dependencies (NumPy, Numba, Qt) inside their handlers, so ``--help`` stays quick.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__
from .common import CliError, escape_unencodable_output, shown

# Subcommand modules, in the order ``--help`` lists them.
COMMANDS: list[str] = ["check", "score", "stats", "history", "paigow", "gui", "arrange", "solve", "drill"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    top_data_dir = getattr(args, "top_data_dir", None)
    if func is None:  # no command: open the trainer window
        args = parser.parse_args(["gui", *(["--data-dir", top_data_dir] if top_data_dir is not None else [])])
        func = args.func
    elif top_data_dir is not None and getattr(args, "data_dir", "absent") is None:
        args.data_dir = top_data_dir  # cp-trainer --data-dir DIR stats
    escape_unencodable_output()
    try:
        result: int = func(args)
    except CliError as exc:
        print(f"cp-trainer {args.command}: {shown(str(exc))}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print("cp-trainer: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return result
