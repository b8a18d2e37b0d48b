"""``cp-trainer score``: settle 2 to 4 arrangements, every pair separately (issue 2's contract)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..arrangement import Arrangement
from ..house_rules import HouseRules
from ..i18n import tr
from ..settlement import settle
from ..settlement_text import explain_settlement, seat_name
from .check import parse_arrangement
from .common import (
    CliError,
    InputError,
    add_house_rules_options,
    add_json_option,
    add_lang_option,
    answer_inputs,
    house_rules_of,
    lang_of,
    print_json,
)

SEPARATOR = "|"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "score", help="settle 2 to 4 arrangements against each other",
        description=("Settle closed Chinese poker hands, every pair of players separately. Each "
                     "arrangement is three rows separated by '/', top first. Without arrangements, "
                     "reads one deal per line from standard input, the players' arrangements "
                     "separated by ' | '."),
    )
    p.add_argument("arrangements", nargs="*", metavar="ARR",
                   help="2 to 4 arrangements, player 0 first")
    add_json_option(p)
    add_house_rules_options(p)
    p.add_argument("--low-middle", action="store_true",
                   help="the middle plays 2-7 lowball (the lower middle wins); order check bottom >= top")
    add_lang_option(p)
    p.set_defaults(func=run)


def parse_deal(texts: Sequence[str], rules: HouseRules, lang: str) -> list[Arrangement]:
    """The players' arrangements of one deal, checked as a deal: 2 to 4 players, the bank seat
    exists, and no card twice (one deck: a repeated card is a typing error, reported as such,
    where ``check`` reports it as the arrangement's ``duplicate`` foul)."""
    if not 2 <= len(texts) <= 4:
        raise InputError(tr("rules.error.players", lang, n=len(texts)))
    hands = [parse_arrangement(t, lang) for t in texts]
    if rules.bank >= len(hands):
        raise InputError(tr("rules.error.bank", lang, bank=rules.bank, last=len(hands) - 1))
    owner: dict[object, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand.cards:
            if card not in owner:
                owner[card] = seat
            elif owner[card] == seat:
                raise InputError(tr("rules.error.repeated_card", lang, card=str(card),
                                    a=seat_name(seat, lang)))
            else:
                raise InputError(tr("rules.error.shared_card", lang, card=str(card),
                                    a=seat_name(owner[card], lang), b=seat_name(seat, lang)))
    return hands


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    rules = house_rules_of(args).replace(low_middle=args.low_middle)
    first = True

    def answer(text: str, hands: list[Arrangement]) -> None:
        nonlocal first
        result = settle(hands, rules)
        if args.json:
            print_json(result.to_json())
            return
        if not first:
            print()
        first = False
        lines = [f"{'ABCD'[i]}: {hand.format(symbols=True)}" for i, hand in enumerate(hands)]
        lines += explain_settlement(result, rules, lang)
        print("\n".join(lines), flush=True)

    if args.arrangements:  # one deal, each argument one player's arrangement
        try:
            hands = parse_deal(args.arrangements, rules, lang)
        except InputError as exc:
            raise CliError(str(exc)) from None
        answer(" | ".join(args.arrangements), hands)
        return 0
    return answer_inputs((), lambda line: parse_deal([p.strip() for p in line.split(SEPARATOR)], rules, lang),
                         answer, as_json=args.json, lang=lang, error_key="rules.cli.error_line")
