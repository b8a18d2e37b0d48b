"""Shared pieces of the subcommands: language, house-rules options, errors, JSON output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from ..house_rules import HouseRules, ScoringSystem, TieRule
from ..i18n import LANGUAGES, normalize_lang, system_language

EXIT_INPUT_ERROR = 2


class CliError(Exception):
    """An error to report on one line of stderr, with an exit status (2: bad input)."""

    def __init__(self, message: str, status: int = EXIT_INPUT_ERROR) -> None:
        super().__init__(message)
        self.status = status


def shown(text: str) -> str:
    """Input as echoed to a person: on one line, control and invisible characters escaped (a
    newline, NUL, byte-order mark or terminal escape in the input is shown, not acted on)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None,
        help="language of the messages (default: the system locale, else English)",
    )


def lang_of(args: argparse.Namespace) -> str:
    lang = getattr(args, "lang", None)
    return normalize_lang(lang) if lang else system_language()


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object per line")


def add_house_rules_options(parser: argparse.ArgumentParser) -> None:
    """The house-rule options shared by ``score``, ``solve`` and the other scoring commands."""
    g = parser.add_argument_group("house rules (defaults: RULES.md, Western 2-4)")
    g.add_argument("--system", choices=[s.value for s in ScoringSystem], default="2-4",
                   help="scoring system (default 2-4)")
    g.add_argument("--ties", choices=[t.value for t in TieRule], default="push",
                   help="tied rows: push (score nothing) or bank (the bank wins them); default push")
    g.add_argument("--bank", type=int, default=0, metavar="N",
                   help="the player (counted from 0) who takes tied rows under --ties bank")
    g.add_argument("--ignore-fouls", action="store_true", help="score fouled hands as they lie")
    g.add_argument("--royalties", action="store_true", help="pay royalties (RULES.md table)")
    g.add_argument("--naturals", action="store_true",
                   help="naturals (three straights, three flushes, six pairs, dragon) win at once")
    g.add_argument("--wheel-second", action="store_true",
                   help="A-2-3-4-5 is the second-highest straight")


def house_rules_of(args: argparse.Namespace) -> HouseRules:
    try:
        return HouseRules(
            system=ScoringSystem(args.system),
            ties=TieRule(args.ties),
            bank=args.bank,
            ignore_fouls=args.ignore_fouls,
            royalties=args.royalties,
            naturals=args.naturals,
            wheel_second=args.wheel_second,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None


def input_lines() -> Iterator[str]:
    """Non-blank lines of standard input, stripped (of a byte-order mark too).

    Bytes that are not text in the input's encoding read as U+FFFD, so that line is answered as
    bad input instead of ending the command with a traceback.
    """
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    for line in sys.stdin:
        line = line.strip().lstrip("\ufeff").strip()
        if line:
            yield line


def escape_unencodable_output() -> None:
    """Text standard output cannot encode (Russian or suit symbols on an ASCII or Latin-1 stream)
    is written as backslash escapes instead of ending the command with a traceback."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


def print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)
