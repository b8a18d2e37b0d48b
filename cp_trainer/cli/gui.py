"""``cp-trainer gui``: open the trainer window (also what ``cp-trainer`` with no command does).

    cp-trainer gui [--deal "13 cards"] [--opponents K] [--seed S] [--lang en|ru] [--data-dir DIR]
                   [--rules FILE]

``cp-trainer-gui [OPTIONS]`` (a ``gui-scripts`` entry) is the same as ``cp-trainer gui [OPTIONS]``.
``--deal`` opens the window on the given hand (for teaching at a table, and for tests); the cards
are checked before any window appears: a bad token or a duplicate is reported on one line with
exit status 2. ``--data-dir`` is where the window keeps the practice history (as for ``stats`` and
``history``; default ``$CP_TRAINER_DATA_DIR`` or the user data folder). ``--rules FILE`` plays by
a house-rules file (read before any window: a bad file is exit status 2) and keeps its rules as
the window's settings, as Settings → *Load house rules…* then OK does.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..rules.cards import Card, CardParseError, find_duplicates, parse_cards
from ..rules.house_rules import TieRule
from .common import MAX_SEED, CliError, add_lang_option, lang_of, seed_number
from .data_folder import check_settings_path, data_folder
from .history_common import add_data_dir_option
from .rules_options import rules_of

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
    parser.add_argument("--seed", type=seed_number(), default=None, metavar="S",
                        help=f"shuffle seed, a whole number from 0 to {MAX_SEED}: every deal of the "
                             "session is reproducible")
    parser.add_argument("--rules", metavar="FILE", default=None,
                        help="play by the house rules of this TOML file (see docs/house-rules.sample.toml); "
                             "they become the window's saved house rules")
    add_lang_option(parser)
    add_data_dir_option(parser)


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


def display_problem(environ: dict[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why no window can open here, or None.

    On Linux without ``DISPLAY`` or ``WAYLAND_DISPLAY`` (and no ``QT_QPA_PLATFORM`` chosen), Qt
    would abort the process with a core dump; say so plainly instead.
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if not plat.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return ("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set). "
            "Start it from a desktop session, or headless with 'xvfb-run cp-trainer'; the "
            "command-line tools work anywhere: cp-trainer --help")


def gui_main() -> int:
    """The ``cp-trainer-gui`` script: ``cp-trainer gui`` with the script's own arguments."""
    from . import main

    return main(["gui", *sys.argv[1:]])


def run(args: argparse.Namespace) -> int:
    deal = parse_deal(args.deal) if getattr(args, "deal", None) else None
    lang = getattr(args, "lang", None)
    data_dir = str(data_folder(getattr(args, "data_dir", None), lang_of(args)))
    check_settings_path(lang_of(args))
    rules = rules_of(args, lang_of(args)) if getattr(args, "rules", None) is not None else None
    if rules is not None and rules.criss_cross and rules.rules.ties is TieRule.BANK and rules.rules.bank > 1:
        raise CliError(f"--rules {args.rules}: Criss Cross is for two players (0 and 1), but the bank "
                       f"is player {rules.rules.bank}")
    problem = display_problem()
    if problem:
        raise CliError(problem, status=1)
    from ..gui.app import run_app

    return run_app(deal=deal, opponents=getattr(args, "opponents", None),
                   seed=getattr(args, "seed", None), lang=lang, argv=sys.argv[:1], data_dir=data_dir,
                   rules=rules)
