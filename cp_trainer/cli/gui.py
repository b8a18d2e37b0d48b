"""``cp-trainer gui``: open the trainer window (also what ``cp-trainer`` with no command does).

    cp-trainer gui [--deal "13 cards"] [--opponents K] [--seed S] [--lang en|ru]

``--deal`` opens the window on the given hand (for teaching at a table, and for tests); the cards
are checked before any window appears: a bad token or a duplicate is reported on one line with
exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from ..cards import Card, CardParseError, find_duplicates, parse_cards
from .common import CliError, add_lang_option

HELP = "open the trainer window (the default when no command is given)"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("gui", help=HELP, description=HELP[0].upper() + HELP[1:] + ".")
    add_options(parser)
    parser.set_defaults(func=run)


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deal", metavar="CARDS", default=None,
                        help='start on this 13-card hand, e.g. "As Kd Qh ..." (default: a shuffled deal)')
    parser.add_argument("--opponents", type=int, choices=(1, 2, 3), default=None,
                        help="number of bots at the table (default: from the settings)")
    parser.add_argument("--seed", type=int, default=None,
                        help="shuffle seed: every deal of the session is reproducible")
    add_lang_option(parser)


def parse_deal(text: str) -> list[Card]:
    try:
        cards = parse_cards(text)
    except CardParseError as exc:
        raise CliError(f"--deal: not a card: {exc.token!r}") from None
    dups = find_duplicates(cards)
    if dups:
        raise CliError(f"--deal: duplicate card: {' '.join(str(c) for c in dups)}")
    if len(cards) != 13:
        raise CliError(f"--deal: a hand has 13 cards, got {len(cards)}: {text!r}")
    return cards


def run(args: argparse.Namespace) -> int:
    deal = parse_deal(args.deal) if getattr(args, "deal", None) else None
    from ..gui.app import run_app

    return run_app(deal=deal, opponents=getattr(args, "opponents", None),
                   seed=getattr(args, "seed", None), lang=getattr(args, "lang", None),
                   argv=sys.argv[:1])
