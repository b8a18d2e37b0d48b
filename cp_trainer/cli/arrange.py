"""``cp-trainer arrange``: how a bot sets 13 cards."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from functools import cache

from ..rules.arrangement import Arrangement
from ..rules.bot_names import BotChoice, BotName, format_bot
from ..rules.cards import FULL_DECK, Card, CardParseError, find_duplicates, format_cards, parse_cards
from ..rules.house_rules import HouseRules
from ..support.i18n import tr
from .bot_options import BOT_HELP, bot_type
from .common import (
    CliError,
    InputError,
    add_json_option,
    add_lang_option,
    answer_chunks,
    answer_inputs,
    joker_hint,
    lang_of,
    shown,
)
from .rules_options import add_rules_options, rules_of
from .streams import json_line

#: Fewest hands set with the compiled kernels (one call for all) while Numba is not loaded yet:
#: loading it and its cached kernels costs about what the NumPy path takes for this many hands,
#: so one hand (``arrange CARDS``, a person typing) never waits for it (README "Start-up").
BATCH_LEAST = 100


class HandError(InputError):
    """Input that is not 13 distinct cards; the message is in the user's language."""


# Many hands a second: a card's index and text by the card's identity (the 52 cards
# are one tuple of objects, FULL_DECK, which every parse returns), and a card by its plain text.
_INDEX = {id(c): i for i, c in enumerate(FULL_DECK)}
_TEXT = {id(c): str(c) for c in FULL_DECK}
_PLAIN = {str(c): c for c in FULL_DECK}


def parse_hand(text: str, lang: str) -> list[Card]:
    """13 distinct cards, or a :class:`HandError` naming the bad token, count or duplicate."""
    tokens = text.split(" ")
    if len(tokens) == 13:  # the common case, "As Kd Qh ...": each token read by a look-up
        plain = [_PLAIN[t] for t in tokens if t in _PLAIN]
        if len(plain) == 13 and len({id(c) for c in plain}) == 13:
            return plain
    try:
        cards = parse_cards(text)
    except CardParseError as exc:
        raise HandError(tr("solver.error.not_a_card", lang, token=shown(exc.token),
                           text=shown(text.strip())) + joker_hint(exc, lang)) from None
    dups = find_duplicates(cards)
    if dups:
        raise HandError(tr("solver.error.duplicate", lang, cards=format_cards(dups),
                           text=shown(text.strip())))
    if len(cards) != 13:
        raise HandError(tr("solver.error.count", lang, n=len(cards), text=shown(text.strip())))
    return cards


def hand_texts(args: list[str]) -> list[str]:
    """Command-line hands: each argument is one hand, except that 13 one-card arguments
    (``As Kd ...`` unquoted) are one hand."""
    if len(args) > 1 and all(len(a.split()) == 1 for a in args) and not any(len(a) > 3 for a in args):
        return [" ".join(args)]
    return list(args)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "arrange", help="set 13 cards the way a bot would",
        description=("Set 13 cards into top / middle / bottom the way a bot does: greedy (strongest "
                     "bottom, then middle, then top), standard (most expected points from per-row win "
                     "chances, then adjusted for the cards you hold) or expert (the Monte-Carlo solver "
                     "against standard), or a style: scoop-chaser (standard, playing for the scoop), "
                     "pair-on-top (the best pair that fits on top goes there) or newcomer[:RATE] "
                     "(standard, but it fouls at that rate, by a hash of the hand). CARDS is 13 cards "
                     "as one argument (\"As Kd Qh ...\"); without it, reads one hand per line from "
                     "standard input."),
    )
    p.add_argument("hands", nargs="*", metavar="CARDS")
    p.add_argument("--bot", type=bot_type(), required=True, metavar="BOT",
                   help="which bot sets the cards: " + BOT_HELP)
    add_json_option(p)
    add_lang_option(p)
    add_rules_options(p)
    p.set_defaults(func=run)


def arrangement_json(text: str, cards: list[Card], bot: BotChoice, rules: HouseRules,
                     lang: str) -> dict[str, object]:
    from ..solver.bots import get_bot

    return arrangement_record(text, get_bot(bot).arrange(cards, rules), rules, lang)


def arrangement_record(text: str, arr: Arrangement, rules: HouseRules, lang: str) -> dict[str, object]:
    """The ``--json`` object of the arrangement ``arr`` a bot gave for the input ``text``."""
    from ..rules.arrangement import check_arrangement
    from ..rules.arrangement_text import row_name

    result = check_arrangement(arr, rules)
    assert result.rows is not None
    return {
        "input": text,
        "arrangement": str(arr),
        "rows": {info.row.key: {"cards": format_cards(info.cards), "category": info.category.key,
                                "name": row_name(info, lang)} for info in result.rows},
    }


Rows = tuple[list[int], list[int], list[int]]  # top, middle, bottom: card indices, high card first
Words = dict[tuple[object, ...], tuple[str, str]]  # a row's category and name by its ranks and suitedness
_CARD_TEXT = [str(c) for c in FULL_DECK]


def rows_record(text: str, rows: Rows, rules: HouseRules, lang: str, words: Words) -> dict[str, object]:
    """:func:`arrangement_record` of the (legal) arrangement ``rows``, for many hands: a row's
    category and name depend only on its ranks and whether it is one suit, so each is worked out
    once (``words``) and looked up after that."""
    from ..rules.arrangement import Row, row_info
    from ..rules.arrangement_text import row_name

    record: dict[str, dict[str, str]] = {}
    shown_rows = []
    for row, index in zip((Row.TOP, Row.MIDDLE, Row.BOTTOM), rows, strict=True):
        key = (row, tuple(sorted([i >> 2 for i in index])), len({i & 3 for i in index}) == 1)
        known = words.get(key)
        if known is None:
            info = row_info(row, tuple(FULL_DECK[i] for i in index), rules)
            known = words[key] = (info.category.key, row_name(info, lang))
        cards = " ".join([_CARD_TEXT[i] for i in index])
        shown_rows.append(cards)
        record[row.key] = {"cards": cards, "category": known[0], "name": known[1]}
    return {"input": text, "arrangement": " / ".join(shown_rows), "rows": record}


@cache
def _setting_tables() -> tuple[list[list[int]], list[list[int]], list[list[int]], list[list[int]]]:
    from ..solver.tables import COMB3, COMB5, SPLIT_MID, SPLIT_TOP

    return COMB3.tolist(), COMB5.tolist(), SPLIT_MID.tolist(), SPLIT_TOP.tolist()


def batch_rows(hands: Sequence[list[Card]], bot: BotChoice, rules: HouseRules) -> list[Rows]:
    """How ``greedy``, ``standard`` or a style sets each of ``hands`` (13 distinct cards each): the rows of
    ``get_bot(bot).arrange`` one by one, but with one compiled call for all when there are
    :data:`BATCH_LEAST` hands or more, or Numba is loaded anyway."""
    from ..solver import _jit
    from ..solver.fastbots import FastBot, settings_for
    from ..solver.tables import N_SPLITS

    if len(hands) < BATCH_LEAST and not _jit.is_loaded():
        bot_ = FastBot(bot)
        out: list[Rows] = []
        for cards in hands:
            top, middle, bottom = ([_INDEX[id(c)] for c in r] for r in bot_.arrange(cards, rules).rows)
            out.append((top, middle, bottom))
        return out
    import numpy as np

    ordered = [sorted([_INDEX[id(c)] for c in cards], reverse=True) for cards in hands]  # hand_array's order
    settings = settings_for(np.array(ordered, dtype=np.int64).reshape(-1, 13), bot, rules)
    comb3, comb5, split_mid, split_top = _setting_tables()
    rows: list[Rows] = []
    for index, setting in zip(ordered, settings.tolist(), strict=True):  # enumerate.setting_arrangement
        b, j = divmod(setting, N_SPLITS)
        rows.append(([index[p] for p in comb3[split_top[b][j]]], [index[p] for p in comb5[split_mid[b][j]]],
                     [index[p] for p in comb5[b]]))
    return rows


def text_lines(record: dict[str, object], bot: BotChoice, lang: str) -> list[str]:
    from ..rules.arrangement import Row
    from ..rules.arrangement_text import row_label

    lines = [tr("solver.cli.arranged", lang, input=record["input"], bot=format_bot(bot),
                arrangement=record["arrangement"])]
    rows = record["rows"]
    assert isinstance(rows, dict)
    width = max(len(row_label(r, lang)) for r in Row)
    for row in Row:
        info = rows[row.key]
        cards = format_cards(parse_cards(info["cards"]), symbols=True)
        lines.append(f"  {row_label(row, lang):<{width}}  {cards:<15}  {info['name']}")
    return lines


def run(args: argparse.Namespace) -> int:
    from ..solver.enumerate import SolverInputError

    lang = lang_of(args)
    rules = rules_of(args, lang).rules

    def shown_record(record: dict[str, object]) -> str:
        if args.json:
            return json_line(record) + "\n"
        return "\n".join(text_lines(record, args.bot, lang)) + "\n"

    words: Words = {}

    def render(items: list[tuple[str, list[Card]]]) -> Iterator[str]:
        for (text, _), rows in zip(items, batch_rows([cards for _, cards in items], args.bot, rules),
                                   strict=True):
            yield shown_record(rows_record(text, rows, rules, lang, words))

    def answer(text: str, cards: list[Card]) -> None:
        try:
            record = arrangement_json(text, cards, args.bot, rules, lang)
        except SolverInputError as exc:
            raise CliError(str(exc)) from None
        print(shown_record(record), end="", flush=True)

    if args.bot.name is BotName.EXPERT:  # a Monte-Carlo solve a hand: nothing to share, each answer at once
        return answer_inputs(hand_texts(args.hands), lambda text: parse_hand(text, lang), answer,
                             as_json=args.json, lang=lang, error_key="solver.cli.error_line")
    return answer_chunks(hand_texts(args.hands), lambda text: parse_hand(text, lang), render,
                         as_json=args.json, lang=lang, error_key="solver.cli.error_line")
