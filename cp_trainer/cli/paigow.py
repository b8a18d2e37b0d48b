"""``cp-trainer paigow``: the dealer's house way for a Pai Gow hand, or a settlement.

``cp-trainer paigow [--json] CARDS...`` sets 7 cards by house way (cards as one argument, or
several; one hand per line on standard input when none are given) and answers
``{"input", "high", "low", "rule"}``. ``cp-trainer paigow --settle "HIGH / LOW" "HIGH / LOW"``
(player, then dealer) answers ``{"result": "win"|"push"|"lose"|"foul", "payout": float}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..support.i18n import tr
from .common import (
    CliError,
    InputError,
    add_json_option,
    add_lang_option,
    answer_inputs,
    lang_of,
    print_json,
    shown,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "paigow", help="Pai Gow Poker: the dealer's house way, or settle a hand",
        description=("Pai Gow Poker (53 cards with one joker, written Jk or Joker). With CARDS (7 "
                     "cards, e.g. \"Ts Th 5d 5c Ad 9h 6c\"), set them the dealer's way and name the "
                     "rule; without, read one hand per line from standard input. With --settle, "
                     "settle the player's setting against the dealer's, each written "
                     "\"HIGH / LOW\" (5 cards, a slash, 2 cards)."),
    )
    p.add_argument("cards", nargs="*", metavar="CARDS", help="the 7 cards of a hand")
    p.add_argument("--settle", nargs=2, metavar=("PLAYER", "DEALER"),
                   help="settle two settings \"HIGH / LOW\": the player's, then the dealer's")
    add_json_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    if args.settle:
        if args.cards:
            raise CliError(tr("paigow.error.settle_with_cards", lang))
        return _settle(args.settle[0], args.settle[1], args.json, lang)

    def parse(text: str) -> dict[str, Any]:
        try:
            return _house_way(text, lang)
        except ValueError as exc:
            raise InputError(shown(_message(exc, lang))) from None

    # the cards of the arguments are one hand, however they are spread over them
    return answer_inputs([" ".join(args.cards)] if args.cards else [], parse,
                         lambda text, answer: _print(text, answer, args.json, lang),
                         as_json=args.json, lang=lang, error_key="paigow.cli.error_line")


def _message(exc: ValueError, lang: str) -> str:
    from ..paigow.messages import error_message

    return error_message(exc, lang)


def _house_way(text: str, lang: str) -> dict[str, Any]:
    from ..paigow.cards import format_pg_cards, sort_for_display
    from ..paigow.hands import describe_high, describe_low
    from ..paigow.house_way import house_way

    hw = house_way(text)
    s = hw.setting
    return {
        "input": text,
        "high": format_pg_cards(sort_for_display(s.high)),
        "low": format_pg_cards(sort_for_display(s.low)),
        "rule": hw.rule_text(lang),
        "_high_text": describe_high(s.high_value(), lang),
        "_low_text": describe_low(s.low, lang),
    }


def _print(text: str, answer: dict[str, Any], as_json: bool, lang: str) -> None:
    if as_json:
        print_json({k: v for k, v in answer.items() if not k.startswith("_")})
        return
    labels = [tr(f"paigow.cli.{k}", lang) for k in ("high", "low", "rule")]
    width = max(len(x) for x in labels)
    print("\n".join([
        text,
        f"  {labels[0]:<{width}}  {answer['high']:<15} {answer['_high_text']}",
        f"  {labels[1]:<{width}}  {answer['low']:<15} {answer['_low_text']}",
        f"  {labels[2]:<{width}}  {answer['rule']}",
    ]), flush=True)


def _settle(player_text: str, dealer_text: str, as_json: bool, lang: str) -> int:
    from ..paigow.resolve import settle
    from ..paigow.setting import parse_setting

    try:
        player = parse_setting(player_text)
        dealer = parse_setting(dealer_text)
        result = settle(player, dealer, lang)
    except ValueError as exc:
        raise CliError(_message(exc, lang)) from None
    if as_json:
        print_json({"result": result.result.value, "payout": result.payout})
    else:
        print(result.message(lang), flush=True)
    return 0
