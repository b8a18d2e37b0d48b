"""``cp-trainer drill``: instructive hands from the Drill pool, for scripts and for practice."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from ..support.i18n import tr
from .common import (
    MAX_SEED,
    CliError,
    add_json_option,
    add_lang_option,
    lang_of,
    print_json,
    seed_number,
    whole_number,
)

MAX_COUNT = 10_000


def _count(text: str) -> int:
    return whole_number(1, MAX_COUNT)(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..drill.themes import Theme

    p = sub.add_parser(
        "drill", help="print instructive hands from the Drill pool",
        description=("Print N hands from the Drill pool: hands where the natural (greedy) "
                     "arrangement loses at least 0.3 points per deal to the best, each with its "
                     "theme and difficulty rating. Distinct hands, in random order; when N is more "
                     "than the pool holds (of the theme asked), all of them. Grade an arrangement "
                     "with 'cp-trainer grade'."),
    )
    p.add_argument("--count", type=_count, default=1, metavar="N",
                   help=f"hands to print, 1 to {MAX_COUNT:,} (default 1)")
    p.add_argument("--theme", choices=[t.value for t in Theme], default=None, metavar="T",
                   help="only hands of this theme: " + ", ".join(t.value for t in Theme))
    p.add_argument("--seed", type=seed_number(), default=None, metavar="S",
                   help=f"random seed, a whole number from 0 to {MAX_SEED} (the same hands every time)")
    p.add_argument("--pool", type=Path, default=None, metavar="FILE",
                   help="a pool file made by scripts/make_drill_pool.py, a regular file of at most 64 MB "
                        "(default: the shipped one)")
    add_json_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..drill.pool import PoolFileError, load_pool, read_pool
    from ..drill.themes import Theme
    from ..rules.cards import format_cards
    from ..support.bounded_input import BoundedInputError

    lang = lang_of(args)
    if args.pool is not None:
        try:
            pool = read_pool(args.pool)
        except (BoundedInputError, PoolFileError) as exc:
            raise CliError(tr("drill.cli.bad_pool", lang, path=str(args.pool),
                              error=exc.message(lang))) from None
        except (OSError, ValueError, EOFError) as exc:  # anything else the system says
            raise CliError(tr("drill.cli.bad_pool", lang, path=str(args.pool), error=str(exc))) from None
    else:
        pool = load_pool()
    if not pool:
        raise CliError(tr("drill.cli.no_pool", lang))
    theme = Theme.parse(args.theme) if args.theme else None
    hands = [h for h in pool if theme is None or h.theme is theme]
    if not hands:
        assert theme is not None
        raise CliError(tr("drill.cli.no_theme", lang, theme=theme.value))
    rng = random.Random(args.seed)
    chosen = rng.sample(hands, min(args.count, len(hands)))
    for hand in chosen:
        if args.json:
            print_json({"cards": format_cards(hand.cards),
                        "theme": None if hand.theme is None else hand.theme.value,
                        "difficulty": hand.difficulty})
        else:
            assert hand.theme is not None
            print(tr("drill.cli.hand", lang, cards=format_cards(hand.cards, symbols=True),
                     theme=hand.theme.label(lang), difficulty=hand.difficulty))
    return 0
