"""``cp-trainer solve``: the best arrangement of 13 cards against a bot, by Monte Carlo."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ..rules.bot_names import BotChoice, BotName
from ..support.i18n import tr
from ..support.numbers import FORMAT, Notation, decimal, signed
from .arrange import HandError, parse_hand
from .bot_options import bots_type, table_bots
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
from .rules_options import add_rules_options, rules_of

MAX_SAMPLES = 1_000_000  # sampled deals: 100 times the default, minutes of work at most
MAX_TOP = 72_072  # candidates listed: every arrangement of 13 cards there is
MAX_TIME_BUDGET = 3_600.0  # seconds: an hour


def _samples(text: str) -> int:
    """At least 2: one sample has no standard error (NaN, which is not JSON)."""
    return whole_number(2, MAX_SAMPLES)(text)


def _top(text: str) -> int:
    return whole_number(1, MAX_TOP)(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= MAX_TIME_BUDGET:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_TIME_BUDGET:,.0f} seconds, got {text}")
    return value


def add_solver_options(p: argparse.ArgumentParser) -> None:
    """The solver's options, as ``solve`` and ``grade`` both take them: the opponents' bot and
    count, the sampled deals and the seed."""
    p.add_argument("--bot", type=bots_type, default=(BotChoice(BotName.STANDARD),), metavar="BOT[,BOT...]",
                   help="the bot that sets the opponents' hands, or one per opponent separated by commas "
                        "(seat 1 first): greedy, standard (the default, by its rating alone: without its "
                        "card-removal step), scoop-chaser, pair-on-top or newcomer[:RATE] (fouls at that "
                        "rate, 0 to 1; default 0.15)")
    p.add_argument("--opponents", type=int, choices=(1, 2, 3), default=1, metavar="K",
                   help="opponents at the table, 1 to 3 (default 1)")
    p.add_argument("--samples", type=_samples, default=10_000, metavar="N",
                   help=f"sampled deals, 2 to {MAX_SAMPLES:,} (default 10,000)")
    p.add_argument("--seed", type=seed_number(), default=None, metavar="S",
                   help=f"random seed, a whole number from 0 to {MAX_SEED} (default: derived from the "
                        "cards, opponents and bot, so repeating a call repeats its answer)")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve", help="find the best arrangement of 13 cards against a bot",
        description=("Deal N samples of opponent hands from the unseen cards, let the bot set them, "
                     "and score every Pareto-optimal arrangement of CARDS (13 cards as one argument) "
                     "against the same samples under the house rules. Prints each candidate's mean "
                     "points per deal and its standard error, best first, and how far it is behind "
                     "the best with that difference's paired standard error (the same samples make "
                     "it far smaller). Candidates behind by no more than 2 paired standard errors "
                     "are as good as the best within the solver's accuracy: --json lists them as "
                     "\"equivalent\" (best first) and gives each candidate's \"diff_stderr\". "
                     "Without --seed the samples derive from the cards, the opponents and the bot, "
                     "so the same question always gets the same answer."),
    )
    p.add_argument("cards", nargs="+", metavar="CARDS")
    add_solver_options(p)
    p.add_argument("--top", type=_top, default=10, metavar="M",
                   help=f"candidates to list, 1 to {MAX_TOP:,} (default 10)")
    p.add_argument("--time-budget", type=_seconds, default=None, metavar="SECONDS",
                   help=f"stop early after this long (0 to {MAX_TIME_BUDGET:,.0f} seconds) and report the "
                        "samples used")
    add_json_option(p)
    add_lang_option(p)
    add_rules_options(p)
    p.set_defaults(func=run)


def notation(lang: str) -> Notation:
    """How the solver's figures are written: Python's format, with a decimal comma in Russian
    (``+0.413`` / ``+0,413``)."""
    return replace(FORMAT, point="," if lang == "ru" else ".")


def _pct(x: float, lang: str) -> str:
    return decimal(100 * x, 1, notation(lang)) + "%"


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    rules = rules_of(args, lang).rules
    if rules.bank > args.opponents:  # as in score: the bank is a seat at this table
        raise CliError(tr("rules.error.bank", lang, bank=rules.bank, last=args.opponents))
    bot, seated, label = table_bots(args.bot, args.opponents)
    text = " ".join(args.cards)  # one hand, however its cards are spread over the arguments
    try:
        cards = parse_hand(text, lang)
    except HandError as exc:
        raise CliError(str(exc)) from None

    from ..solver.enumerate import SolverInputError
    from ..solver.montecarlo import SolveRequest, solve

    try:
        result = solve(SolveRequest(tuple(cards), rules, bot=bot, opponents=args.opponents,
                                    samples=args.samples, seed=args.seed, time_budget=args.time_budget,
                                    keep_samples=False,
                                    opponent_bots=None if seated is None else tuple(seated)))
    except SolverInputError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        record = result.to_json(args.top)
        record["input"] = text
        print_json(record)
        return 0
    best, nt = result.best, notation(lang)
    print(tr("solver.cli.best", lang, bot=label, opponents=args.opponents, samples=result.samples,
             arrangement=best.arrangement.format(symbols=True), ev=signed(best.ev, 3, nt),
             stderr=decimal(best.stderr, 3, nt)))
    if not result.complete:
        print(tr("solver.cli.stopped", lang, samples=result.samples, requested=result.requested))
    ex = result.explain()
    print("  " + tr("solver.explain.rows", lang, top=_pct(ex.row_win[0], lang),
                    middle=_pct(ex.row_win[1], lang), bottom=_pct(ex.row_win[2], lang),
                    scoop=_pct(ex.scoop, lang), scooped=_pct(ex.scooped, lang)))
    equivalent = result.equivalent
    if len(equivalent) > 1:
        print("  " + tr("solver.cli.equivalent", lang, n=len(equivalent),
                        spread=decimal(result.spread(), 3, nt)))
    print(tr("solver.cli.candidates", lang, pareto=len(result.candidates)))
    for cand in result.candidates[:args.top]:
        key = "solver.cli.candidate_worse" if cand.significantly_worse else "solver.cli.candidate"
        print("  " + tr(key, lang, ev=signed(cand.ev, 3, nt),
                        stderr=decimal(cand.stderr, 3, nt), loss=decimal(cand.loss, 3, nt),
                        loss_stderr=decimal(cand.loss_stderr, 3, nt),
                        arrangement=cand.arrangement.format(symbols=True)))
    return 0
