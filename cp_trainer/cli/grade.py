"""``cp-trainer grade``: what one arrangement of 13 cards is worth, and what it costs against the
solver's best.

Input: ``CARDS ARRANGEMENT`` (two arguments), or the arrangement alone (its 13 cards are the
deal); without arguments, one input per line of standard input, written ``CARDS | ARRANGEMENT``
or ``ARRANGEMENT``. An arrangement is three rows separated by ``/``, top first; a fouled one is
graded too (the foul's cost counts).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..rules.arrangement import Arrangement, check_arrangement
from ..rules.arrangement_text import foul_message
from ..rules.cards import Card, CardParseError, find_duplicates, format_cards, parse_cards
from ..support.i18n import tr
from ..support.numbers import decimal, signed
from .arrange import parse_hand
from .bot_options import table_bots
from .common import (
    CliError,
    InputError,
    add_json_option,
    add_lang_option,
    answer_inputs,
    joker_hint,
    lang_of,
    print_json,
    shown,
)
from .rules_options import add_rules_options, rules_of
from .solve import add_solver_options, notation


@dataclass(frozen=True)
class GradeInput:
    cards: tuple[Card, ...]
    arrangement: Arrangement


def input_texts(args: list[str]) -> list[str]:
    """The command line as one input line: ``CARDS ARRANGEMENT`` as two arguments is written
    ``CARDS | ARRANGEMENT``; anything else is its arguments joined (an arrangement given unquoted,
    or a whole ``CARDS | ARRANGEMENT`` line)."""
    if not args:
        return []
    if len(args) == 2 and "/" not in args[0] and "|" not in args[0] + args[1]:
        return [f"{args[0].strip()} | {args[1].strip()}"]
    return [" ".join(args)]


def _not_a_card(exc: CardParseError, text: str, lang: str) -> InputError:
    return InputError(tr("solver.error.not_a_card", lang, token=shown(exc.token), text=shown(text.strip()))
                      + joker_hint(exc, lang))


def parse_arrangement(text: str, lang: str) -> Arrangement:
    """Three ``/``-separated rows of 3 / 5 / 5 distinct cards, or an :class:`InputError`."""
    parts = text.split("/")
    if len(parts) != 3:
        raise InputError(tr("solver.grade.error.rows", lang, n=len(parts), text=shown(text.strip())))
    try:
        rows = [parse_cards(p) for p in parts]
    except CardParseError as exc:
        raise _not_a_card(exc, text, lang) from None
    arr = Arrangement.from_rows(rows)
    dups = find_duplicates(list(arr.cards))
    if dups:
        raise InputError(tr("solver.error.duplicate", lang, cards=format_cards(dups),
                            text=shown(text.strip())))
    if not arr.complete:
        raise InputError(tr("solver.grade.error.sizes", lang, top=len(arr.top), middle=len(arr.middle),
                            bottom=len(arr.bottom), text=shown(text.strip())))
    return arr


def parse_input(text: str, lang: str) -> GradeInput:
    """``CARDS | ARRANGEMENT`` or ``ARRANGEMENT`` (see the module docstring)."""
    if "|" in text:
        cards_text, arr_text = text.split("|", 1)
        cards = parse_hand(cards_text, lang)
        arr = parse_arrangement(arr_text, lang)
        if sorted(arr.cards) != sorted(cards):
            raise InputError(tr("solver.grade.error.cards", lang, arrangement=shown(arr_text.strip()),
                                cards=shown(cards_text.strip())))
        return GradeInput(tuple(cards), arr)
    arr = parse_arrangement(text, lang)
    return GradeInput(arr.cards, arr)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "grade", help="what one arrangement is worth against the solver's best",
        description=(
            "Grade an arrangement of 13 cards: its expected points per deal against the bot, the "
            "solver's best arrangement and its points, the loss (best minus yours), the loss's "
            "paired standard error, and whether the loss is significant (more than 2 paired "
            "standard errors; smaller losses are within the solver's accuracy). Both are scored "
            "on the same sampled deals as 'cp-trainer solve' with the same options. A fouled "
            "arrangement is graded too: the foul's cost counts. Input: CARDS ARRANGEMENT as two "
            "arguments, or the ARRANGEMENT alone (\"Qh Jc Ts / ... / ...\", top first; its cards are "
            "the deal); without arguments, one input per line of standard input, "
            "\"CARDS | ARRANGEMENT\" or \"ARRANGEMENT\"."),
    )
    p.add_argument("inputs", nargs="*", metavar="CARDS ARRANGEMENT")
    add_solver_options(p)
    add_json_option(p)
    add_lang_option(p)
    add_rules_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..solver.enumerate import SolverInputError
    from ..solver.grade import Opponents, grade

    lang = lang_of(args)
    rules = rules_of(args, lang).rules
    if rules.bank > args.opponents:  # as in score and solve: the bank is a seat at this table
        raise CliError(tr("rules.error.bank", lang, bank=rules.bank, last=args.opponents))
    bot, seated, label = table_bots(args.bot, args.opponents)

    def answer(text: str, item: GradeInput) -> None:
        try:
            g = grade(item.cards, item.arrangement, against=Opponents(bot, args.opponents, seated),
                      samples=args.samples, rules=rules, seed=args.seed)
        except SolverInputError as exc:
            raise CliError(str(exc)) from None
        if args.json:
            print_json(g.to_json(text))
            return
        nt = notation(lang)
        lines = [tr("solver.grade.line", lang, arrangement=g.arrangement.format(symbols=True),
                    ev=signed(g.ev, 3, nt), stderr=decimal(g.stderr, 3, nt), bot=label,
                    opponents=args.opponents, samples=g.samples)]
        check = check_arrangement(g.arrangement, rules)
        if not check.legal:
            lines.append("  " + tr("solver.grade.fouled", lang,
                                   reason="; ".join(foul_message(f, lang) for f in check.fouls)))
        if g.best == g.arrangement:
            lines.append("  " + tr("solver.grade.is_best", lang))
        else:
            lines.append("  " + tr("solver.grade.best", lang, arrangement=g.best.format(symbols=True),
                                   ev=signed(g.best_ev, 3, nt)))
            key = "solver.grade.costs" if g.significant else "solver.grade.as_good"
            lines.append("  " + tr(key, lang, loss=decimal(g.loss, 3, nt),
                                   stderr=decimal(g.loss_stderr, 3, nt)))
        print("\n".join(lines), flush=True)

    return answer_inputs(input_texts(args.inputs), lambda text: parse_input(text, lang), answer,
                         as_json=args.json, lang=lang, error_key="solver.cli.error_line")
