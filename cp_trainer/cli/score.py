"""``cp-trainer score``: settle 2 to 4 arrangements, every pair separately,
under every house rule: surrender, stakes and point value, royalty modes and amounts,
natural amounts, and Criss Cross (four arrangements: A1 A2 B1 B2)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence

from ..rules.arrangement import Arrangement
from ..rules.house_rules import HouseRules
from ..rules.house_rules_file import RulesFile
from ..rules.settlement import PairResult, Settlement, settle, settle_criss_cross
from ..rules.settlement_text import explain_pair, explain_settlement, seat_name
from ..support.i18n import tr
from ..support.numbers import signed
from .check import parse_arrangement
from .common import (
    CliError,
    InputError,
    add_json_option,
    add_lang_option,
    answer_chunks,
    lang_of,
)
from .rules_options import add_rules_options, rules_of
from .streams import json_line

SEPARATOR = "|"
SURRENDER = "surrender"  # written in place of the arrangement of a player who surrendered


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "score", help="settle 2 to 4 arrangements against each other",
        description=("Settle closed Chinese poker hands, every pair of players separately. Each "
                     "arrangement is three rows separated by '/', top first; with --surrender, "
                     "'surrender' in place of an arrangement is a player who surrendered. With "
                     "--criss-cross, give four arrangements: player A's two hands, then B's. "
                     "Without arrangements, reads one deal per line from standard input, the "
                     "players' arrangements separated by ' | '. With --point-value or --stakes the "
                     "result says the money too."),
    )
    p.add_argument("arrangements", nargs="*", metavar="ARR",
                   help="2 to 4 arrangements, player 0 first (Criss Cross: A1 A2 B1 B2)")
    add_json_option(p)
    add_rules_options(p, criss_cross=True)
    add_lang_option(p)
    p.set_defaults(func=run)


def hand_name(index: int, criss_cross: bool, lang: str) -> str:
    """``player B`` or, in Criss Cross, ``player B, hand 2`` (``index`` counts every hand)."""
    if not criss_cross:
        return seat_name(index, lang)
    return tr("rules.cli.cc_hand", lang, player=seat_name(index // 2, lang), hand=index % 2 + 1)


def hand_label(index: int, criss_cross: bool) -> str:
    """``B`` or, in Criss Cross, ``B2``: the start of each hand's line in the text output."""
    return f"{'ABCD'[index // 2]}{index % 2 + 1}" if criss_cross else "ABCD"[index]


def parse_deal(texts: Sequence[str], rules: HouseRules, lang: str,
               criss_cross: bool = False) -> list[Arrangement | None]:
    """The players' arrangements of one deal (None: surrendered), checked as a deal: 2 to 4
    players (Criss Cross: 4 hands), the bank seat exists, surrender only when the rules allow it,
    and no card twice (one deck: a repeated card is a typing error, reported as such, where
    ``check`` reports it as the arrangement's ``duplicate`` foul)."""
    if criss_cross and len(texts) != 4:
        raise InputError(tr("rules.error.cc_hands", lang, n=len(texts)))
    if not 2 <= len(texts) <= 4:
        raise InputError(tr("rules.error.players", lang, n=len(texts)))
    players = 2 if criss_cross else len(texts)
    hands: list[Arrangement | None] = []
    for text in texts:
        if text.strip().lower() == SURRENDER:
            if not rules.surrender:
                raise InputError(tr("rules.error.no_surrender", lang))
            hands.append(None)
        else:
            hands.append(parse_arrangement(text, lang))
    if rules.bank >= players:
        raise InputError(tr("rules.error.bank", lang, bank=rules.bank, last=players - 1))
    owner: dict[object, int] = {}
    for index, hand in enumerate(hands):
        for card in hand.cards if hand is not None else ():
            if card not in owner:
                owner[card] = index
            elif owner[card] == index:
                raise InputError(tr("rules.error.repeated_card", lang, card=str(card),
                                    a=hand_name(index, criss_cross, lang)))
            else:
                raise InputError(tr("rules.error.shared_card", lang, card=str(card),
                                    a=hand_name(owner[card], criss_cross, lang),
                                    b=hand_name(index, criss_cross, lang)))
    return hands


def shows_money(rules: HouseRules) -> bool:
    """Money is part of the answer when a point value other than 1 or per-seat stakes are set."""
    return rules.point_value != 1.0 or rules.stakes is not None


def _money(x: float) -> float:
    return round(x, 6) + 0.0  # no float dust (0.30000000000000004), no -0.0


CC_HANDS = ((0, 0), (0, 1), (1, 0), (1, 1))  # (A's hand, B's hand) of each Criss Cross pair


def result_json(result: Settlement, rules: HouseRules, criss_cross: bool) -> dict[str, object]:
    """The ``--json`` object: the form of :meth:`Settlement.to_json`, plus ``money`` beside
    ``points`` when money is set and, in Criss Cross, each pair's ``hands`` as
    ``[[seat, hand], [seat, hand]]``."""
    record = result.to_json()
    if not (criss_cross or shows_money(rules)):
        return record
    pairs: list[dict[str, object]] = []
    for k, pair in enumerate(result.pairs):
        plain = pair.to_json()  # the pair's plain form, its keys kept in their order
        item: dict[str, object] = {"players": plain.pop("players")}
        if criss_cross:
            a, b = CC_HANDS[k]
            item["hands"] = [[0, a], [1, b]]
        item.update(plain)
        if shows_money(rules):
            item["money"] = [_money(m) for m in pair.money]
        pairs.append(item)
    out: dict[str, object] = {"points": record["points"]}
    if shows_money(rules):
        out["money"] = [_money(m) for m in result.money]
    out["pairs"] = pairs
    return out


def _pair_money_line(pair: PairResult, lang: str) -> str:
    i, j = pair.players
    return "  " + tr("rules.cli.pair_money", lang, stake=f"{pair.stake:g}",
                     a=seat_name(i, lang), ma=signed(pair.money[0], cents=True),
                     b=seat_name(j, lang), mb=signed(pair.money[1], cents=True))


def result_text(hands: Sequence[Arrangement | None], result: Settlement, rules: HouseRules,
                criss_cross: bool, lang: str) -> list[str]:
    lines = []
    for i, hand in enumerate(hands):
        shown_hand = hand.format(symbols=True) if hand is not None else tr("rules.cli.surrendered", lang)
        lines.append(f"{hand_label(i, criss_cross)}: {shown_hand}")
    money = shows_money(rules)
    if criss_cross or money:
        for k, pair in enumerate(result.pairs):
            if criss_cross:
                a, b = CC_HANDS[k]
                lines.append(tr("rules.cli.cc_pair", lang, a="A", ha=a + 1, b="B", hb=b + 1))
            lines.extend(explain_pair(pair, rules, lang))
            if money:
                lines.append(_pair_money_line(pair, lang))
        totals = ", ".join(f"{seat_name(s, lang)} {signed(p, 0)}" for s, p in enumerate(result.points))
        lines.append(tr("rules.explain.total", lang, totals=totals))
    else:
        lines += explain_settlement(result, rules, lang)
    if money:
        totals = ", ".join(f"{seat_name(s, lang)} {signed(m, cents=True)}"
                           for s, m in enumerate(result.money))
        lines.append(tr("rules.cli.money_total", lang, totals=totals))
    return lines


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    table: RulesFile = rules_of(args, lang)
    rules, crossed = table.rules, table.criss_cross
    first = True

    def shown_result(hands: list[Arrangement | None]) -> str:
        nonlocal first
        result = settle_criss_cross(hands[:2], hands[2:], rules) if crossed else settle(hands, rules)
        if args.json:
            return json_line(result_json(result, rules, crossed)) + "\n"
        gap = "" if first else "\n"
        first = False
        return gap + "\n".join(result_text(hands, result, rules, crossed, lang)) + "\n"

    if args.arrangements:  # one deal, each argument one player's arrangement
        try:
            hands = parse_deal(args.arrangements, rules, lang, crossed)
        except InputError as exc:
            raise CliError(str(exc)) from None
        print(shown_result(hands), end="", flush=True)
        return 0

    def render(items: list[tuple[str, list[Arrangement | None]]]) -> Iterator[str]:
        for _, hands in items:
            yield shown_result(hands)

    return answer_chunks((), lambda line: parse_deal([p.strip() for p in line.split(SEPARATOR)],
                                                     rules, lang, crossed),
                         render, as_json=args.json, lang=lang, error_key="rules.cli.error_line")
